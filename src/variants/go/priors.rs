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
//!   opening.

use super::policy::{liberties_after, pattern_matches, sensible};
use crate::board::{cell_of, Board, BLACK, EMPTY, WHITE};
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
                prior.add(1.0, 2.0 * e);
            } else if liberties <= 1 {
                prior.add(0.0, e);
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
        for seed in 0..4 {
            let config = Config {
                seed,
                ..Config::default()
            };
            let result = search(&game, limits, &config, &AtomicBool::new(false));
            let Some(Move::Place(v)) = result.best else {
                panic!("no opening move: {:?}", result.best);
            };
            let b = Board::new(19);
            assert!((2..=4).contains(&line(&b, b.point(v))), "opening move {v}");
            game.play(game.to_move(), Move::Place(v)).unwrap();
        }
    }
}
