//! The player's judgement of a game's end: dead stones judged from the
//! ownership of a search of the position played on, the score by the
//! rules in force, and the moves the rules call for once the opponent has
//! passed.
//!
//! In a variant that judges its stones (`Position::judge`: standard Go), the
//! dead stones are removed before the count under `area` rules; under
//! `tromp-taylor` the board counts as it stands, so the player captures
//! them before it passes.

use super::Player;
use crate::color::Color;
use crate::game::{GameSetup, Judgement, Occupant, Outcome, Owner, Ownership, Position, Status, View};
use crate::moves::{Move, Vertex};
use crate::search::{self, Config, Limits, Request, SearchHints, Tuning};
use crate::variants::go_family::scoring::Scoring;
use crate::variants::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Simulations of the search behind one judgement: enough for the
/// statuses to be the same from one seed to the next on finished boards.
pub fn judge_simulations(size: usize) -> u64 {
    (size * size * 400).clamp(10_000, 100_000) as u64
}

/// The longest a judgement asked for by `final_score` or
/// `final_status_list` may take: far from the end of a game, on a large
/// board, playouts are long.
pub const JUDGE_TIME: Duration = Duration::from_secs(5);

/// The judgement behind the pass that ends a game, in a move bound by
/// playouts alone: a user who asks for few playouts wants a quick answer.
const JUDGE_TIME_UNDER_PLAYOUTS: Duration = Duration::from_millis(500);

/// The last judgement and the position it was made for, so that
/// `final_score` and the three `final_status_list` agree and cost one
/// search.
#[derive(Default)]
pub struct Cache {
    judged: Mutex<Option<(Key, Arc<Judgement>)>>,
}

/// What a judgement is kept for: the pieces on the board and komi. The side
/// to move and the passes are left out, so that the judgement behind a
/// pass still counts once the game has ended on it.
#[derive(Clone, PartialEq)]
struct Key {
    pieces: Vec<Option<Occupant>>,
    komi: u32,
}

impl Key {
    fn of(p: &Player) -> Key {
        let size = p.game.size();
        Key {
            pieces: (0..size * size)
                .map(|i| p.game.occupant(Vertex::new(i % size, i / size)))
                .collect(),
            komi: p.setup.komi.to_bits(),
        }
    }
}

/// Whether a new judgement frees the trees kept for the next move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeptTrees {
    Stay,
    GiveWay,
}

/// The phase of the game's end that a move is asked in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Play goes on: the rules' moves follow a pass of the opponent's.
    Play,
    /// KGS's cleanup phase: every dead stone is to be captured.
    Cleanup,
}

/// The expected owner (from -1 to +1) that leaves a point unsure.
const UNSURE: f32 = 0.3;

/// Visits a leaf of the judging search needs before it is expanded.
const JUDGE_EXPAND_AFTER: u32 = 2;

impl Player {
    /// The player's judgement of the stones on the board, made within
    /// `time` at most; `None` in a variant that does not judge its stones.
    /// A query: the trees kept for the next move stay.
    pub fn judgement(&self, time: Duration) -> Option<Arc<Judgement>> {
        self.judge(time, KeptTrees::Stay)
    }

    /// [`Player::judgement`], where a new judgement first frees the kept
    /// trees or leaves them be.
    fn judge(&self, time: Duration, kept: KeptTrees) -> Option<Arc<Judgement>> {
        let key = Key::of(self);
        if let Some((k, judged)) = self.judgements.judged.lock().ok()?.as_ref() {
            if *k == key {
                return Some(judged.clone());
            }
        }
        // A variant whose count never takes stones off the board answers `None`
        // whatever the ownership: it is asked before a search of seconds.
        let points = self.game.size() * self.game.size();
        self.game.judge(&Ownership::new(points))?;
        let mut root = self.game.clone();
        root.play_on();
        if kept == KeptTrees::GiveWay {
            self.trees.clear();
        }
        let mut config = self.settings.config.clone();
        config.resign_below = 0.0;
        // Each group's fate is read from where the simulations end: a leaf
        // is expanded after 2 visits here, where Go's moves wait for 8, so
        // that the tree reads the fights that settle them. AMAF samples
        // weigh alike whenever they came: Go's weighing by distance misses
        // the dead group of `tests/data/dead/9x9-g063.sgf`.
        let tuning = config.tuning.unwrap_or_else(|| self.game.tuning());
        config.tuning = Some(Tuning {
            expand_after: JUDGE_EXPAND_AFTER,
            expand_root_moves_after: JUDGE_EXPAND_AFTER,
            amaf_distance: 0,
            ..tuning
        });
        let ownership = self.judging_ownership(root, time, &config)?;
        let judged = Arc::new(self.game.judge(&ownership)?);
        if let Ok(mut cache) = self.judgements.judged.lock() {
            *cache = Some((key, judged.clone()));
        }
        Some(judged)
    }

    /// The ownership behind a judgement. The search plays to win, so it is
    /// indifferent to the stones whose fate leaves the winner unchanged, and
    /// they stay unsettled in its simulations; where its owners lean to
    /// neither side by more than [`UNSURE`], a second search decides, which
    /// plays with the count the first one found as komi so that every point
    /// matters (Pachi's dynamic komi, for the count instead of the game).
    fn judging_ownership(&self, mut root: Game, time: Duration, config: &Config) -> Option<Ownership> {
        let simulations = judge_simulations(root.size());
        let time = time.min(self.settings.max_time_per_move);
        let start = Instant::now();
        let first = search_ownership(&root, simulations, time * 2 / 3, config)?;
        if first.means().iter().all(|m| m.abs() > UNSURE) {
            return Some(first);
        }
        let margin = self.game.judge(&first)?.score;
        root.set_komi(self.setup.komi + margin);
        let left = time.saturating_sub(start.elapsed());
        let closer = search_ownership(&root, simulations, left, config)?;
        Some(first.settled_by(&closer, UNSURE))
    }

    /// The score by the rules in force: under `area` the judged count, dead
    /// stones removed; otherwise the game's own result or count.
    pub fn score(&self) -> Outcome {
        if self.setup.scoring().removes_dead() {
            if let Some(judged) = self.judgement(JUDGE_TIME) {
                return Outcome::Score(judged.score);
            }
        }
        self.game.outcome().unwrap_or_else(|| self.game.score_now())
    }

    /// The result of a finished game by the rules in force; `None` while it
    /// goes on.
    pub fn final_outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(|_| self.score())
    }

    /// Statuses in the variants that do not judge their stones: a stone is
    /// dead when its point ends up owned by the other colour in most of 400
    /// random playouts (none where the variant has no area).
    pub fn statuses_by_playouts(&self, status: Status) -> Vec<Vertex> {
        let mut rng = SmallRng::seed_from_u64(self.settings.config.seed);
        let owner = self.game.ownership(&mut rng, 400);
        let size = self.game.size();
        let mut out = Vec::new();
        for i in 0..size * size {
            let v = Vertex::new(i % size, i / size);
            let Some(Occupant {
                owner: Owner::Player(color),
                ..
            }) = self.game.occupant(v)
            else {
                continue;
            };
            let sign = if color == Color::Black { 1.0 } else { -1.0 };
            let dead = owner.as_ref().is_some_and(|o| o[i] * sign < -0.3);
            let judged = if dead { Status::Dead } else { Status::Alive };
            if judged == status {
                out.push(v);
            }
        }
        out
    }

    /// The move the rules call for before any search, once the opponent has
    /// just passed, in a variant that judges its stones: under `area`, a pass
    /// when the count with the dead stones removed is already won; under
    /// `tromp-taylor`, a move against the opponent's dead stones while any is
    /// left. In KGS's cleanup phase dead stones are captured under either
    /// rules, whether or not the opponent passed.
    pub fn ending_move(&self, color: Color, phase: Phase) -> Option<Move> {
        let cleanup = phase == Phase::Cleanup;
        if self.game.outcome().is_some() || self.game.to_move() != color {
            return None;
        }
        let opponent_passed = self.record.last() == Some(&(color.opponent(), Move::Pass));
        if !(opponent_passed || cleanup) {
            return None;
        }
        // Half the move's time at most, so that a search may follow; a move
        // bound by playouts alone judges briefly.
        let limits = self.limits_for(color);
        let most = match limits.playouts {
            Some(_) => JUDGE_TIME_UNDER_PLAYOUTS,
            None => JUDGE_TIME,
        };
        let time = limits.time.map_or(most, |t| (t / 2).min(most));
        // A move's judgement is followed by a search of a position the kept
        // trees may not lead to: they give way, so that memory stays within
        // the cap.
        let judged = self.judge(time, KeptTrees::GiveWay)?;
        let area = self.setup.scoring() == Scoring::Area;
        if cleanup || !area {
            if let Some(mv) = self.game.capture_move(&judged, color) {
                return Some(mv);
            }
        }
        let won = match color {
            Color::Black => judged.score > 0.0,
            Color::White => judged.score < 0.0,
        };
        (opponent_passed && area && won).then_some(Move::Pass)
    }
}

/// Who owns each point after `simulations` simulations of the search from
/// `root`, or fewer when `time` runs out; `None` where the variant has no
/// notion of area.
fn search_ownership(root: &Game, simulations: u64, time: Duration, config: &Config) -> Option<Ownership> {
    let limits = Limits {
        playouts: Some(simulations),
        time: Some(time),
    };
    let request = Request {
        ownership: true,
        ..Request::new(limits, config, &|| false)
    };
    search::run(root, request).ownership
}
