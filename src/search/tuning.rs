//! How the tree search weighs its statistics. Every variant searches with
//! the same UCT-RAVE code; a variant whose priors carry real knowledge (Go)
//! chooses a narrower search than one whose priors are rough guesses.

/// The weight of a child's AMAF statistics against its own results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaveWeight {
    /// `sqrt(k / (3n + k))` for `n` own visits (Gelly and Silver's
    /// hand-tuned schedule): AMAF fades with visits alone.
    Visits,
    /// `r / (r + n + n r / k)` for `r` AMAF and `n` own visits (Silver's
    /// minimum-error schedule, as in Pachi): AMAF counts for little while
    /// it has few samples itself.
    Samples,
}

/// Where a variant's priors (see `SearchHints::priors`) are added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriorsInto {
    /// To the AMAF statistics, which real visits soon outweigh.
    Amaf,
    /// To the move's own results, as virtual visits that stay (Pachi's
    /// default): knowledge keeps steering the search in its deep parts.
    Value,
}

/// When a search allowed to resign (`Config::resign_below` above 0) does:
/// once its best move has won less often than `resign_below` times
/// `below` in `searches` searches in a row for the same side, with at
/// least `simulations` behind the root's moves per search on average
/// (counted by [`super::TreeCache`]; a search without one resigns on its
/// own, with `simulations` of its own). Searches of a lost position often
/// stop early, so the simulations are pooled over the row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resign {
    pub below: f32,
    pub simulations: u64,
    pub searches: u32,
}

impl Default for Resign {
    fn default() -> Resign {
        Resign {
            below: 1.0,
            simulations: 200,
            searches: 1,
        }
    }
}

impl Resign {
    /// The evidence a verdict needs on a board of `size`, in every
    /// variant: several searches in a row, with many simulations, more of
    /// both on bigger boards, where a short search spreads its visits
    /// over hundreds of moves and its best one's win rate is noise.
    pub fn for_board(size: usize) -> Resign {
        Resign {
            below: 1.0,
            simulations: 25 * (size * size) as u64,
            searches: 2 + size as u32 / 4,
        }
    }

    /// This rule, asking at least the evidence `floor` asks.
    pub fn at_least(self, floor: Resign) -> Resign {
        Resign {
            below: self.below.min(floor.below),
            simulations: self.simulations.max(floor.simulations),
            searches: self.searches.max(floor.searches),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// UCT exploration constant; 0 leaves exploration to RAVE and priors.
    pub exploration: f32,
    /// RAVE equivalence: the sample count at which real and AMAF results
    /// weigh about the same.
    pub rave_equivalence: f32,
    pub rave_weight: RaveWeight,
    pub priors_into: PriorsInto,
    /// A factor on the virtual visits of every prior.
    pub prior_weight: f32,
    /// Virtual visits at an even result that every new child gets, which
    /// keeps one lucky early playout from deciding.
    pub even_prior: f32,
    /// Visits a leaf needs before it is expanded.
    pub expand_after: u32,
    /// Visits a move of the root needs before it is expanded, which may be
    /// fewer: a refutation among its replies decides the move played.
    pub expand_root_moves_after: u32,
    pub resign: Resign,
    /// A move of several points (a drop) gets the share of its points that
    /// its player played first as its AMAF sample, instead of its key
    /// point's whole sample.
    pub amaf_by_points: bool,
    /// A move's AMAF sample weighs up to this much the sooner after the
    /// node it was played (for 3: 3, 2 or 1 by thirds of the moves that
    /// followed; 0 and 1 weigh all alike), as Pachi's `distance_rave`: a
    /// reply played at once says more about a move than one played at the
    /// end of the playout.
    pub amaf_distance: u32,
    /// Progressive widening lets in the best outside move by AMAF, not the
    /// next by prior, each time a node's window grows.
    pub widen_by_amaf: bool,
    /// The root considers every move, not only the widening's best by
    /// prior, and a reused root gets the moves it is missing.
    pub root_keeps_all: bool,
    /// So do the replies to the root's moves: the opponent's refutation of
    /// a move is found where the priors rank it low.
    pub replies_keep_all: bool,
    /// How much a move's criticality (Coulom's: how much owning its point
    /// at the end goes with winning, beyond chance) adds to its AMAF
    /// statistics, as virtual wins (or losses, when negative) in
    /// proportion to its AMAF samples, as Pachi's `crit_rave`; 0: none.
    pub criticality: f32,
    /// The visits a move needs before its criticality counts (Pachi's
    /// `crit_min_playouts`): below it the owners are noise.
    pub criticality_visits: u32,
    /// The visits after which a node deeper than the root's replies gets
    /// the priors near the root too ([`SearchHints::priors_near_root`]),
    /// where a dearer judgement has earned its cost; 0: never.
    ///
    /// [`SearchHints::priors_near_root`]: super::SearchHints::priors_near_root
    pub near_root_priors_after: u32,
}

impl Default for Tuning {
    /// The broad search that suits variants with rough priors.
    fn default() -> Tuning {
        Tuning {
            exploration: 0.3,
            rave_equivalence: 600.0,
            rave_weight: RaveWeight::Visits,
            priors_into: PriorsInto::Amaf,
            prior_weight: 1.0,
            even_prior: 0.0,
            expand_after: 2,
            expand_root_moves_after: 2,
            resign: Resign::default(),
            amaf_by_points: false,
            amaf_distance: 0,
            widen_by_amaf: false,
            root_keeps_all: false,
            replies_keep_all: false,
            criticality: 0.0,
            criticality_visits: 2000,
            near_root_priors_after: 0,
        }
    }
}

/// The boards from which the search counts as on a big board: there
/// [`Tuning::go_like`] gives AMAF a smaller say, and Go's priors and
/// resignation differ too.
pub const BIG_BOARD: usize = 13;

/// AMAF's say in Go's weighing below [`BIG_BOARD`], as RAVE's
/// equivalence parameter: the larger, the longer AMAF outweighs a move's
/// own results.
pub const SMALL_BOARD_RAVE_EQUIVALENCE: f32 = 3000.0;

impl Tuning {
    /// Go's way of weighing the statistics, after Pachi's search: no
    /// exploration term, AMAF weighed by its samples, priors as virtual
    /// results of the move itself that stay. From 13x13 AMAF has a smaller
    /// say, or its noise over hundreds of open points outvotes the priors.
    /// Besides Go, every variant whose games measured it better than the
    /// default searches with it (docs/learning.md, "Go's weighing").
    pub fn go_like(size: usize) -> Tuning {
        Tuning {
            exploration: 0.0,
            rave_equivalence: if size >= BIG_BOARD {
                300.0
            } else {
                SMALL_BOARD_RAVE_EQUIVALENCE
            },
            rave_weight: RaveWeight::Samples,
            priors_into: PriorsInto::Value,
            ..Tuning::default()
        }
    }

    /// This tuning with the changes that `spec` (`name=value,...`) lists;
    /// for experiments (see `VARIAGO_TUNING`).
    pub fn with(mut self, spec: &str) -> Result<Tuning, String> {
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("bad tuning item '{item}'"))?;
            let number = || value.parse::<f32>().map_err(|_| format!("bad number in '{item}'"));
            let switch = || match value {
                "1" | "true" => Ok(true),
                "0" | "false" => Ok(false),
                _ => Err(format!("bad switch in '{item}'")),
            };
            match name {
                "exploration" => self.exploration = number()?,
                "rave_equivalence" => match number()? {
                    k if k > 0.0 => self.rave_equivalence = k,
                    _ => return Err(format!("'{item}' is not positive")),
                },
                "rave_weight" => {
                    self.rave_weight = match value {
                        "visits" => RaveWeight::Visits,
                        "samples" => RaveWeight::Samples,
                        _ => return Err(format!("bad rave_weight '{value}'")),
                    }
                }
                "priors_into" => {
                    self.priors_into = match value {
                        "amaf" => PriorsInto::Amaf,
                        "value" => PriorsInto::Value,
                        _ => return Err(format!("bad priors_into '{value}'")),
                    }
                }
                "prior_weight" => self.prior_weight = number()?,
                "even_prior" => self.even_prior = number()?,
                "expand_after" => self.expand_after = number()? as u32,
                "expand_root_moves_after" => self.expand_root_moves_after = number()? as u32,
                "amaf_by_points" => self.amaf_by_points = switch()?,
                "amaf_distance" => self.amaf_distance = number()? as u32,
                "widen_by_amaf" => self.widen_by_amaf = switch()?,
                "root_keeps_all" => self.root_keeps_all = switch()?,
                "replies_keep_all" => self.replies_keep_all = switch()?,
                "criticality" => self.criticality = number()?,
                "criticality_visits" => self.criticality_visits = number()? as u32,
                "near_root_priors_after" => self.near_root_priors_after = number()? as u32,
                _ => return Err(format!("unknown tuning '{name}'")),
            }
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gos_weighing_gives_amaf_a_smaller_say_from_big_boards_on() {
        let small = Tuning::go_like(BIG_BOARD - 1);
        let big = Tuning::go_like(BIG_BOARD);
        for tuning in [small, big] {
            assert_eq!(tuning.exploration, 0.0);
            assert_eq!(tuning.rave_weight, RaveWeight::Samples);
            assert_eq!(tuning.priors_into, PriorsInto::Value);
            assert_eq!(tuning.resign, Resign::default());
        }
        assert!(big.rave_equivalence < small.rave_equivalence / 5.0);
        assert_eq!(Tuning::go_like(9), small);
    }

    #[test]
    fn changes_are_read_by_name_and_bad_ones_refused() {
        let tuning = Tuning::default()
            .with("exploration=0, rave_weight=samples,priors_into=value,prior_weight=2,expand_after=4,widen_by_amaf=1,replies_keep_all=true,amaf_distance=3,criticality=1.1,criticality_visits=500")
            .unwrap();
        assert!(tuning.widen_by_amaf && !tuning.amaf_by_points && !tuning.root_keeps_all);
        assert!(tuning.replies_keep_all);
        assert_eq!(tuning.exploration, 0.0);
        assert_eq!(tuning.rave_weight, RaveWeight::Samples);
        assert_eq!(tuning.priors_into, PriorsInto::Value);
        assert_eq!((tuning.prior_weight, tuning.expand_after), (2.0, 4));
        assert_eq!(tuning.amaf_distance, 3);
        assert_eq!((tuning.criticality, tuning.criticality_visits), (1.1, 500));
        assert_eq!(tuning.rave_equivalence, Tuning::default().rave_equivalence);
        for bad in [
            "speed=1",
            "exploration",
            "exploration=fast",
            "rave_weight=often",
            "priors_into=both",
            "root_keeps_all=yes",
        ] {
            assert!(Tuning::default().with(bad).is_err(), "{bad}");
        }
    }
}
