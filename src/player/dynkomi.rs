//! Dynamic komi for handicap games of Go, after Pachi's `uct/dynkomi.c`.
//!
//! A search that sees a game far out of balance (nine stones given or
//! taken) finds every move winning or every move losing, and then plays
//! slack or desperate moves. The search therefore plays for a komi of its
//! own: the real komi plus an extra komi, given to White, the side that
//! gives the stones. White then counts as won a game it loses by less
//! than the extra komi, and Black must win by more than it. The game's
//! own komi never changes: scoring and records count the real one.
//!
//! `linear` (Pachi's default): the extra komi starts at the handicap's
//! worth and falls linearly to nothing by a move that depends on the
//! board. From then on a situational step follows each search: a side
//! winning clearly plays for one point more, a side that slips back gives
//! points back and never again asks more than it did then (the ratchet),
//! and a side that finds itself losing drops the extra komi for the rest
//! of the game.

use crate::color::Color;

/// How the search's komi follows the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scheme {
    /// The real komi, always.
    None,
    /// Pachi's linear scheme, then its situational step.
    #[default]
    Linear,
}

impl Scheme {
    pub const NAMES: [&'static str; 2] = ["none", "linear"];

    pub fn parse(name: &str) -> Option<Scheme> {
        match name.to_ascii_lowercase().as_str() {
            "none" => Some(Scheme::None),
            "linear" => Some(Scheme::Linear),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Scheme::None => "none",
            Scheme::Linear => "linear",
        }
    }
}

/// Points a handicap stone is worth to the search of the side that takes
/// it and of the side that gives it (Pachi: a stone is worth about twice
/// the komi, 15 points, but less keeps Black from despair and White from
/// ease).
const STONE_VALUE: [f32; 2] = [12.0, 8.0];

/// Above this win rate the side raises its extra komi by a point.
const GREEN_ZONE: f32 = 0.85;
/// Below this win rate the side gives back [`DROP_STEP`] points.
const ORANGE_ZONE: f32 = 0.8;
const DROP_STEP: f32 = 4.0;
/// A search of fewer simulations is too unsure to move the komi (Pachi's
/// `GJ_MINGAMES`).
const SURE_SIMULATIONS: u64 = 500;

/// The move by which the linear part has fallen to nothing, as Pachi sets
/// it for each board: soon on small boards, late on large ones, and later
/// for Black, which should keep playing for a margin longer.
fn linear_moves(size: usize, color: Color) -> usize {
    match (size, color) {
        (..=9, _) => 15,
        (15, _) => 100,
        (16.., Color::Black) => 200,
        (16.., Color::White) => 150,
        _ => 50,
    }
}

/// What the last search of the side played for and found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSearch {
    /// The extra komi it played with, given to White.
    pub extra: f32,
    /// Its win rate, for the side that searched.
    pub winrate: f32,
    pub simulations: u64,
}

/// What the scheme keeps from move to move of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    /// The most extra komi the side may still ask of itself (seen as
    /// [`own_view`] does): set each time asking more cost it the lead.
    pub ratchet: f32,
    pub last: Option<LastSearch>,
}

impl Default for State {
    fn default() -> State {
        State {
            ratchet: f32::INFINITY,
            last: None,
        }
    }
}

/// The game as the scheme sees it.
#[derive(Clone, Copy, Debug)]
pub struct Moment {
    pub size: usize,
    pub handicap: usize,
    /// The real komi.
    pub komi: f32,
    /// Moves on the board so far, handicap stones included (as Pachi counts).
    pub moves: usize,
    /// The side about to search.
    pub color: Color,
}

/// The extra komi, given to White, that `color`'s next search plays
/// with, and the state after it. An even game has none.
pub fn extra_komi(scheme: Scheme, state: State, at: &Moment) -> (f32, State) {
    if scheme == Scheme::None || at.handicap == 0 {
        return (0.0, state);
    }
    let moves = linear_moves(at.size, at.color);
    if at.moves < moves {
        let worth = at.handicap as f32 * STONE_VALUE[at.color.index()] + 0.5 - at.komi;
        return (worth * (moves - at.moves) as f32 / moves as f32, state);
    }
    let Some(last) = state.last else { return (0.0, state) };
    let extra = last.extra.floor();
    if last.simulations < SURE_SIMULATIONS {
        return (extra, state);
    }
    let (asked, ratchet) = situational(own_view(extra, at.color), state.ratchet, last.winrate);
    (own_view(asked, at.color), State { ratchet, ..state })
}

/// An extra komi given to White seen from `color`: positive when `color`
/// plays for a larger margin than the real komi (Pachi's `komi_by_color`);
/// its own inverse.
pub fn own_view(extra: f32, color: Color) -> f32 {
    match color {
        Color::Black => extra,
        Color::White => -extra,
    }
}

/// Pachi's situational step: the extra komi a side asks of itself
/// (positive: it plays for a larger margin) after a search that found
/// `winrate`, and the new ratchet. A side that finds itself losing once
/// the ratchet has been set drops the extra komi for good; a side below
/// the orange zone gives back `DROP_STEP` points and may never ask more
/// again; a side above the green zone asks a point more, within the ratchet.
pub fn situational(asked: f32, ratchet: f32, winrate: f32) -> (f32, f32) {
    if winrate < 0.5 && ratchet > 0.0 && ratchet.is_finite() {
        (0.0, 0.0)
    } else if winrate < ORANGE_ZONE && asked > 0.0 {
        let lower = (asked - DROP_STEP).max(0.0);
        (lower, lower)
    } else if winrate > GREEN_ZONE && asked + 1.0 <= ratchet {
        (asked + 1.0, ratchet)
    } else {
        (asked, ratchet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moment(size: usize, handicap: usize, moves: usize, color: Color) -> Moment {
        Moment {
            size,
            handicap,
            komi: 0.5,
            moves,
            color,
        }
    }

    fn searched(extra: f32, winrate: f32) -> State {
        State {
            last: Some(LastSearch {
                extra,
                winrate,
                simulations: 1000,
            }),
            ..State::default()
        }
    }

    #[test]
    fn a_winning_side_asks_a_point_more_within_the_ratchet() {
        assert_eq!(situational(3.0, f32::INFINITY, 0.9), (4.0, f32::INFINITY));
        assert_eq!(situational(-2.0, f32::INFINITY, 0.9), (-1.0, f32::INFINITY));
        assert_eq!(situational(3.0, 4.0, 0.9), (4.0, 4.0));
        assert_eq!(situational(4.0, 4.0, 0.9), (4.0, 4.0), "the ratchet holds");
        assert_eq!(
            situational(3.0, f32::INFINITY, 0.85),
            (3.0, f32::INFINITY),
            "0.85 is not above"
        );
    }

    #[test]
    fn a_side_between_the_zones_keeps_its_komi() {
        assert_eq!(situational(6.0, f32::INFINITY, 0.82), (6.0, f32::INFINITY));
        assert_eq!(situational(6.0, 9.0, 0.8), (6.0, 9.0));
    }

    #[test]
    fn a_side_below_the_orange_zone_gives_back_four_points_and_sets_the_ratchet() {
        assert_eq!(situational(6.0, f32::INFINITY, 0.7), (2.0, 2.0));
        assert_eq!(situational(3.0, f32::INFINITY, 0.6), (0.0, 0.0), "never below nothing");
        assert_eq!(
            situational(0.0, f32::INFINITY, 0.6),
            (0.0, f32::INFINITY),
            "nothing to give back"
        );
        assert_eq!(
            situational(6.0, f32::INFINITY, 0.3),
            (2.0, 2.0),
            "losing before any ratchet: the orange step first"
        );
    }

    #[test]
    fn a_losing_side_drops_the_extra_komi_for_good_once_the_ratchet_is_set() {
        assert_eq!(situational(2.0, 2.0, 0.4), (0.0, 0.0));
        // With the ratchet at nothing, it never asks for a point again.
        assert_eq!(situational(0.0, 0.0, 0.99), (0.0, 0.0));
    }

    #[test]
    fn the_linear_part_falls_from_the_handicaps_worth_to_nothing() {
        let white = |moves| extra_komi(Scheme::Linear, State::default(), &moment(19, 4, moves, Color::White)).0;
        assert_eq!(white(0), 32.0, "4 stones at 8 points for White");
        assert_eq!(white(75), 16.0);
        assert_eq!(white(149), 32.0 / 150.0);
        let black = |moves| extra_komi(Scheme::Linear, State::default(), &moment(19, 4, moves, Color::Black)).0;
        assert_eq!(black(0), 48.0, "4 stones at 12 points for Black");
        assert_eq!(black(100), 24.0);
        let nine = extra_komi(Scheme::Linear, State::default(), &moment(9, 2, 3, Color::White)).0;
        assert_eq!(nine, 16.0 * 12.0 / 15.0);
        let komi_seven = Moment {
            komi: 7.5,
            ..moment(19, 2, 0, Color::White)
        };
        assert_eq!(extra_komi(Scheme::Linear, State::default(), &komi_seven).0, 9.0);
    }

    #[test]
    fn boards_set_how_long_the_linear_part_lasts() {
        assert_eq!(linear_moves(9, Color::Black), 15);
        assert_eq!(linear_moves(13, Color::White), 50);
        assert_eq!(linear_moves(15, Color::Black), 100);
        assert_eq!(linear_moves(19, Color::Black), 200);
        assert_eq!(linear_moves(19, Color::White), 150);
    }

    #[test]
    fn even_games_and_the_none_scheme_play_the_real_komi() {
        let state = searched(5.0, 0.99);
        for moves in [0, 10, 300] {
            assert_eq!(
                extra_komi(Scheme::Linear, state, &moment(19, 0, moves, Color::White)),
                (0.0, state)
            );
            assert_eq!(
                extra_komi(Scheme::None, state, &moment(19, 9, moves, Color::White)),
                (0.0, state)
            );
        }
    }

    #[test]
    fn after_the_linear_part_the_last_search_moves_the_komi_from_the_sides_view() {
        let late = |color| moment(9, 3, 40, color);
        // White playing for a margin 2 points smaller, winning clearly:
        // one point of that given back.
        let (extra, state) = extra_komi(Scheme::Linear, searched(2.0, 0.9), &late(Color::White));
        assert_eq!(extra, 1.0);
        assert_eq!(state.ratchet, f32::INFINITY);
        // Black asked 6 points more and slipped: 4 given back, ratchet at 2.
        let (extra, state) = extra_komi(Scheme::Linear, searched(6.0, 0.7), &late(Color::Black));
        assert_eq!((extra, state.ratchet), (2.0, 2.0));
        // The fraction the linear part left is dropped.
        let (extra, _) = extra_komi(Scheme::Linear, searched(0.6, 0.82), &late(Color::Black));
        assert_eq!(extra, 0.0);
        // An unsure search moves nothing; a game with no search yet has none.
        let unsure = State {
            last: Some(LastSearch {
                extra: 3.0,
                winrate: 0.99,
                simulations: 100,
            }),
            ..State::default()
        };
        assert_eq!(extra_komi(Scheme::Linear, unsure, &late(Color::Black)).0, 3.0);
        assert_eq!(extra_komi(Scheme::Linear, State::default(), &late(Color::Black)).0, 0.0);
    }

    #[test]
    fn scheme_names_read_back() {
        for name in Scheme::NAMES {
            assert_eq!(Scheme::parse(name).map(Scheme::name), Some(name));
        }
        assert_eq!(Scheme::parse("LINEAR"), Some(Scheme::Linear));
        assert_eq!(Scheme::parse("adaptive"), None);
    }
}
