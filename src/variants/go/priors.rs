//! The tree search's prior knowledge of Go moves, all of a node's moves at
//! once, in the manner of Pachi's prior terms: each term adds virtual
//! results (a win rate over so many visits) to the moves it knows about,
//! and the search starts every child from their sum (see
//! `PriorsInto::Value`).
//!
//! - tactics from the playout policy: captures, atari escapes and 3x3
//!   pattern moves look good, self-ataris and own-eye fills poor;
//! - locality: moves near the last move, by common-fate-graph distance
//!   (a chain counts as one step), look good, which keeps the search on
//!   the fight at hand instead of scattering over a big board;
//! - edge heights on big boards: away from other stones the first and
//!   second lines look poor and the third and fourth lines good, as in an
//!   opening;
//! - ladders, read out on copies of the board: an atari that starts a
//!   working ladder on a chain that cuts looks good, and an atari escape
//!   into a working ladder looks poor instead of good.

use super::policy::{liberties_after, pattern_matches, sensible};
use crate::board::{cell_of, Board, OtherLiberties, BLACK, EMPTY, WHITE};
use crate::color::Color;
use crate::moves::Move;

/// The boards from which edge heights count: smaller boards are all edge.
pub const BIG_BOARD: usize = 13;

/// The weight of one term, in virtual visits (Pachi's `eqex`).
pub fn unit(size: usize) -> f32 {
    if size >= BIG_BOARD {
        20.0
    } else {
        14.0
    }
}

/// Virtual (wins, visits), summed over the terms that apply.
#[derive(Clone, Copy, Default)]
struct Prior {
    wins: f32,
    visits: f32,
}

impl Prior {
    fn add(&mut self, rate: f32, visits: f32) {
        self.wins += rate * visits;
        self.visits += visits;
    }
}

/// Priors of `moves` for `color` to play on `board`, `last` the point of
/// the opponent's last move (0 for none), pushed to `out` in order.
pub fn priors(board: &Board, color: Color, last: usize, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
    let size = board.size();
    let e = unit(size);
    let distances = cfg_distances(board, last, 3);
    let own = cell_of(color);
    for &mv in moves {
        let Move::Place(v) = mv else {
            out.push(None);
            continue;
        };
        let p = board.point(v);
        let mut prior = Prior::default();
        if board.captures_at(p, color) {
            prior.add(1.0, 2.0 * e);
        } else if !sensible(board, p, color) {
            prior.add(0.0, 2.0 * e);
        } else {
            let saves = board
                .neighbours(p)
                .into_iter()
                .any(|n| board.cell(n) == own && board.atari_at(n, p));
            let liberties = liberties_after(board, p, color);
            if saves && liberties >= 2 {
                // Running into a ladder only feeds the opponent more stones.
                let rate = if escape_fails(board, p, color) { 0.0 } else { 1.0 };
                prior.add(rate, 2.0 * e);
            } else if liberties <= 1 {
                prior.add(0.0, e);
            } else if ladder_atari(board, p, color) {
                prior.add(1.0, 2.0 * e);
            }
            if pattern_matches(board, p) {
                prior.add(1.0, e);
            }
        }
        match distances.as_ref().map_or(u8::MAX, |d| d[p]) {
            1 => prior.add(1.0, e),
            2 | 3 => prior.add(1.0, e / 2.0),
            _ => {}
        }
        if size >= BIG_BOARD && !stone_within(board, p, 2) {
            match line(board, p) {
                0 => prior.add(0.0, e),
                1 => prior.add(0.2, e),
                2 | 3 => prior.add(1.0, e),
                _ => {}
            }
        }
        out.push((prior.visits > 0.0).then_some((prior.wins, prior.visits)));
    }
}

/// How far a ladder is read, in plies: farther than any ladder runs on a
/// board of up to 25x25.
const LADDER_DEPTH: usize = 100;
/// How many moves a ladder reading may play, so that a tangle of ataris
/// costs a node's priors little more than a plain ladder does.
const LADDER_BUDGET: usize = 400;

/// True when `color` playing at `p` puts an opponent chain in atari that a
/// ladder then catches.
pub fn ladder_works(board: &Board, p: usize, color: Color) -> bool {
    ataris_into_ladder(board, p, color, |_| true)
}

/// True when `color` playing at `p` starts a working ladder on an opponent
/// chain that [`cuts`]: catching a lone stone that cuts nothing gains too
/// little for the search to favour it.
fn ladder_atari(board: &Board, p: usize, color: Color) -> bool {
    ataris_into_ladder(board, p, color, |chain| cuts(board, chain, color))
}

/// True when `color` playing at `p` puts in atari an opponent chain that
/// `worth` accepts and that a ladder then catches.
fn ataris_into_ladder(board: &Board, p: usize, color: Color, worth: impl Fn(usize) -> bool) -> bool {
    let enemy = cell_of(color.opponent());
    let mut after: Option<Board> = None;
    let mut read = Vec::new();
    for n in board.neighbours(p) {
        // A chain with two liberties, `p` one of them, read once.
        if board.cell(n) != enemy
            || !matches!(board.liberties_besides(n, p), OtherLiberties::One(_))
            || read.contains(&board.chain(n))
            || !worth(n)
        {
            continue;
        }
        read.push(board.chain(n));
        let after = after.get_or_insert_with(|| {
            let mut b = board.clone();
            b.play(p, color, 0);
            b
        });
        if ladder_caught(after, n, color) {
            return true;
        }
    }
    false
}

/// True when the chain through `chain`, in atari with its side to move, is
/// caught in a ladder by `attacker`: no extension or capture gets it out.
pub fn ladder_caught(board: &Board, chain: usize, attacker: Color) -> bool {
    let mut budget = LADDER_BUDGET;
    !escapes(board, chain, attacker, 0, &mut budget)
}

/// True when `color` extending at `p` out of atari leaves a chain that
/// the opponent then catches in a ladder.
fn escape_fails(board: &Board, p: usize, color: Color) -> bool {
    let mut after = board.clone();
    after.play(p, color, 0);
    let mut budget = LADDER_BUDGET;
    catches(&after, p, color.opponent(), 1, &mut budget)
}

/// True when the defender to move gets its chain through `chain` (in
/// atari) out of the ladder: by extending on its liberty or by capturing
/// an attacker chain next to it that is in atari. Running out of depth or
/// budget counts as an escape, so only a ladder read to its end works.
fn escapes(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
    let Some(lib) = board.atari_liberty(chain) else {
        return true;
    };
    let enemy = cell_of(attacker);
    let mut moves = vec![lib];
    for stone in board.chain_stones(chain) {
        for n in board.neighbours(stone) {
            if board.cell(n) == enemy {
                if let Some(l) = board.atari_liberty(n) {
                    if !moves.contains(&l) {
                        moves.push(l);
                    }
                }
            }
        }
    }
    for m in moves {
        if depth >= LADDER_DEPTH || *budget == 0 {
            return true;
        }
        if board.ko_point() == Some(m) {
            continue;
        }
        *budget -= 1;
        let mut after = board.clone();
        after.play(m, attacker.opponent(), 0);
        if !catches(&after, chain, attacker, depth + 1, budget) {
            return true;
        }
    }
    false
}

/// True when `attacker`, to move, catches the chain through `chain`: it
/// has one liberty left (none: the defender's move was suicide), or two
/// and an atari on one of them leaves no escape. Three liberties get out.
fn catches(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
    let libs = board.liberties_upto(chain, 3);
    match libs.iter().take_while(|&&l| l != 0).count() {
        0 => true,
        // A ko the attacker may not take back at once is no catch.
        1 => board.ko_point() != Some(libs[0]),
        2 => libs[..2].iter().any(|&a| {
            if depth >= LADDER_DEPTH || *budget == 0 || board.ko_point() == Some(a) || board.is_suicide(a, attacker) {
                return false;
            }
            *budget -= 1;
            let mut after = board.clone();
            after.play(a, attacker, 0);
            // An atari that captures a neighbour may leave more liberties.
            after.atari_liberty(chain).is_some() && !escapes(&after, chain, attacker, depth + 1, budget)
        }),
        _ => false,
    }
}

/// True when the opponent chain through `chain` is worth a ladder to
/// `attacker`: two stones or more, or a lone stone that keeps two attacker
/// chains apart or threatens one with two liberties or fewer.
fn cuts(board: &Board, chain: usize, attacker: Color) -> bool {
    if board.chain_len(chain) >= 2 {
        return true;
    }
    let own = cell_of(attacker);
    let mut touched = Vec::new();
    for n in board.neighbours(chain) {
        if board.cell(n) != own {
            continue;
        }
        // No third liberty: the lone stone threatens the chain.
        if board.liberties_upto(n, 3)[2] == 0 {
            return true;
        }
        if !touched.contains(&board.chain(n)) {
            touched.push(board.chain(n));
        }
    }
    touched.len() >= 2
}

/// The line of `p` counted from 0 at the nearest edge.
pub fn line(board: &Board, p: usize) -> usize {
    let size = board.size();
    let v = board.vertex(p);
    let (x, y) = (v.x as usize, v.y as usize);
    x.min(y).min(size - 1 - x).min(size - 1 - y)
}

/// True when a stone stands in the square of radius `radius` around `p`.
fn stone_within(board: &Board, p: usize, radius: isize) -> bool {
    let stride = board.size() as isize + 2;
    (-radius..=radius).any(|dy| {
        (-radius..=radius).any(|dx| {
            board
                .cell_checked(p as isize + dy * stride + dx)
                .is_some_and(|c| c == BLACK || c == WHITE)
        })
    })
}

/// Common-fate-graph distances from the stone at `from`, up to `max`
/// (`u8::MAX` beyond): a step to a neighbour costs 1, and every stone of a
/// chain is as far as the nearest of them. `None` when `from` holds no
/// stone (no last move, or a pass).
pub fn cfg_distances(board: &Board, from: usize, max: u8) -> Option<Vec<u8>> {
    if from == 0 || board.is_empty(from) {
        return None;
    }
    let stride = board.size() + 2;
    let mut dist = vec![u8::MAX; stride * stride];
    let mut frontier = Vec::new();
    reach_chain(board, from, 0, &mut dist, &mut frontier);
    for d in 1..=max {
        let mut next = Vec::new();
        for &q in &frontier {
            for n in board.neighbours(q) {
                if dist[n] != u8::MAX {
                    continue;
                }
                match board.cell(n) {
                    EMPTY => {
                        dist[n] = d;
                        next.push(n);
                    }
                    BLACK | WHITE => reach_chain(board, n, d, &mut dist, &mut next),
                    _ => {}
                }
            }
        }
        frontier = next;
    }
    Some(dist)
}

/// Gives every stone of the chain through `p` distance `d`.
fn reach_chain(board: &Board, p: usize, d: u8, dist: &mut [u8], reached: &mut Vec<usize>) {
    for stone in board.chain_stones(p) {
        dist[stone] = d;
        reached.push(stone);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;
    use crate::variants::go::policy::tests::board;

    fn rate(b: &Board, color: Color, last: &str, v: &str) -> Option<f32> {
        let mut out = Vec::new();
        let last = b.point(Vertex::parse(last).unwrap());
        priors(b, color, last, &[Move::Place(Vertex::parse(v).unwrap())], &mut out);
        out[0].map(|(wins, visits)| wins / visits)
    }

    #[test]
    fn a_chain_is_one_step_of_the_common_fate_graph() {
        let b = board(&[".....", ".....", ".XXX.", ".O...", "....."]);
        let d = cfg_distances(&b, b.point(Vertex::parse("B2").unwrap()), 3).unwrap();
        let at = |v: &str| d[b.point(Vertex::parse(v).unwrap())];
        assert_eq!(at("B2"), 0);
        assert_eq!((at("B3"), at("D3"), at("A2")), (1, 1, 1));
        // Next to the far end of the black chain.
        assert_eq!((at("E3"), at("D4")), (2, 2));
        assert!(cfg_distances(&b, b.point(Vertex::parse("E5").unwrap()), 3).is_none());
    }

    #[test]
    fn big_boards_prefer_the_third_line_to_the_first_in_the_open() {
        let mut rows = vec!["..................."; 19];
        rows[9] = ".........X.........";
        let b = board(&rows);
        let first = rate(&b, Color::White, "K10", "C1").unwrap();
        let second = rate(&b, Color::White, "K10", "C18").unwrap();
        let third = rate(&b, Color::White, "K10", "C17").unwrap();
        assert!(first < 0.1 && second < 0.5 && third > 0.9, "{first} {second} {third}");
        // Next to the last move, locality speaks for the move.
        assert!(rate(&b, Color::White, "K10", "K11").unwrap() > 0.9);
    }

    #[test]
    fn captures_beat_self_ataris_and_eye_fills() {
        let b = board(&[".....", "..X..", ".XOX.", ".....", "X...."]);
        assert!(rate(&b, Color::Black, "C3", "C2").unwrap() > 0.9);
        // White B2 would be a lone stone in atari between black stones.
        let atari = board(&[".....", ".....", ".....", "X.X..", ".X..."]);
        let self_atari = rate(&atari, Color::White, "B1", "B2").unwrap();
        assert!(self_atari < rate(&atari, Color::White, "B1", "B3").unwrap());
        let eye = board(&[".X...", "X....", ".....", ".....", "....."]);
        assert_eq!(rate(&eye, Color::Black, "E1", "A5"), Some(0.0));
    }

    fn prior_of(b: &Board, color: Color, last: &str, v: &str) -> Option<(f32, f32)> {
        let mut out = Vec::new();
        let last = b.point(Vertex::parse(last).unwrap());
        priors(b, color, last, &[Move::Place(Vertex::parse(v).unwrap())], &mut out);
        out[0]
    }

    /// Virtual wins, 0 for no prior: what puts a move first among moves of
    /// equal rate.
    fn wins(prior: Option<(f32, f32)>) -> f32 {
        prior.map_or(0.0, |(wins, _)| wins)
    }

    /// White D4 cuts black C4 from D5; black E4 ataris it and the ladder
    /// runs down to the lower-left corner, where it catches.
    const LADDER: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        "...X.....",
        "..XO.....",
        "....X....",
        ".........",
        ".........",
    ];

    /// `rows` with a white stone at `v`.
    fn with_white(rows: &[&str], v: &str) -> Board {
        let mut b = board(rows);
        b.play(b.point(Vertex::parse(v).unwrap()), Color::White, 0);
        b
    }

    #[test]
    fn a_ladder_atari_ranks_high() {
        let b = board(&LADDER);
        assert!(ladder_works(&b, b.point(Vertex::parse("E4").unwrap()), Color::Black));
        let (w, visits) = prior_of(&b, Color::Black, "D4", "E4").unwrap();
        assert!(w / visits > 0.9);
        // No move has more virtual wins; only D3, the atari from below, ties.
        let mut level = Vec::new();
        for p in b.empties().iter().map(|&p| b.vertex(p as usize)) {
            let other = wins(prior_of(&b, Color::Black, "D4", &p.to_string()));
            assert!(other <= w, "{p} {other} > {w}");
            if other == w {
                level.push(p.to_string());
            }
        }
        level.sort();
        assert_eq!(level, ["D3", "E4"]);
    }

    #[test]
    fn a_ladder_breaker_stops_the_ladder() {
        let broken = with_white(&LADDER, "B2");
        assert!(!ladder_works(
            &broken,
            broken.point(Vertex::parse("E4").unwrap()),
            Color::Black
        ));
        let working = wins(prior_of(&board(&LADDER), Color::Black, "D4", "E4"));
        assert!(wins(prior_of(&broken, Color::Black, "D4", "E4")) < working);
    }

    #[test]
    fn an_escape_into_a_working_ladder_looks_poor() {
        // Black has played the atari at E4; white D3 runs into the ladder.
        let mut atari = LADDER;
        atari[5] = "..XOX....";
        let caught = prior_of(&board(&atari), Color::White, "E4", "D3").unwrap();
        assert!(caught.0 / caught.1 < 0.6, "{caught:?}");
        // The breaker at B2 saves the stone: running out is good again.
        let saved = prior_of(&with_white(&atari, "B2"), Color::White, "E4", "D3").unwrap();
        assert!(saved.0 / saved.1 > 0.9, "{saved:?}");
    }

    #[test]
    fn a_lone_corner_stone_in_a_ladder_ranks_below_a_real_capture() {
        // White has just played A1: black A2 chases it along the first
        // line to a catch, but the stone cuts nothing. Black G4 captures.
        let b = board(&[
            ".........",
            ".........",
            ".........",
            "......X..",
            ".....XOX.",
            ".........",
            ".........",
            ".........",
            "O........",
        ]);
        assert!(ladder_works(&b, b.point(Vertex::parse("A2").unwrap()), Color::Black));
        let capture = prior_of(&b, Color::Black, "A1", "G4").unwrap();
        assert!(capture.0 / capture.1 > 0.9);
        assert!(wins(prior_of(&b, Color::Black, "A1", "A2")) < capture.0);
    }

    #[test]
    fn the_big_board_search_opens_on_the_third_and_fourth_lines() {
        use crate::game::Position;
        use crate::search::{search, Config, Limits};
        use crate::variants::{Game, Setup, Variant};
        use std::sync::atomic::AtomicBool;
        let mut setup = Setup::new(Variant::Go);
        setup.size = 19;
        let mut game = Game::new(&setup);
        let limits = Limits {
            playouts: Some(3000),
            time: None,
        };
        let mut b = Board::new(19);
        for seed in 0..4 {
            let config = Config {
                seed,
                ..Config::default()
            };
            let result = search(&game, limits, &config, &AtomicBool::new(false));
            let Some(Move::Place(v)) = result.best else {
                panic!("no opening move: {:?}", result.best);
            };
            let p = b.point(v);
            // An approach to a stone may come lower than the third line.
            assert!(
                (2..=4).contains(&line(&b, p)) || stone_within(&b, p, 2),
                "opening move {v}"
            );
            b.play(p, game.to_move(), 0);
            game.play(game.to_move(), Move::Place(v)).unwrap();
        }
    }
}
