//! What a learned move model knows of a gray Tanbo placement. Its stones
//! are nobody's, so Go's features, read from a mover's side, do not apply:
//! the shape around the point shows gray stones
//! ([`crate::features::patterns::GRAY`]), and the tactics are Tanbo's own:
//! what the placement bounds and removes, the size of the root it grows,
//! the line, and the distances to the last two placements. Two-colour
//! Tanbo's stones are Go's and take Go's features (see
//! [`crate::variants::Game::move_features`]).

use super::roots;
use crate::board::{Board, NEUTRAL};
use crate::features::patterns::{keys_while, EMPTY, GRAY};
use crate::features::{declared_values, doubling, line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::Move;

/// The tactical features of a gray Tanbo placement, in the order of
/// [`GrayTanboMoves::tactic_values`].
pub const TACTICS: &[Tactic] = &[
    // 0 for none; 1-5 for 1, 2-3, 4-7, 8-15 and 16 or more stones.
    Tactic::new("removed", 6),
    // The placement bounds the root it grows, which alone goes.
    Tactic::new("own-root", 2),
    // Roots bounded besides its own: 0, 1, 2, 3 or more.
    Tactic::new("bounded", 4),
    // The stones of the root it grows, before it: 1, 2-3, 4-7, 8-15, 16+.
    Tactic::new("root", 6),
    Tactic::new("line", 5),
    Tactic::new("last", 18),
    Tactic::new("last2", 18),
];

/// The placements of a gray Tanbo position as a move model sees them:
/// `last` the points of the last two placements (0 for none).
pub struct GrayTanboMoves<'a> {
    pub board: &'a Board,
    pub last: [usize; 2],
}

impl GrayTanboMoves<'_> {
    /// Coulom's distance from `p` to the earlier placement `q`; 0 where
    /// there was none or its stone has gone.
    fn distance(&self, p: usize, q: usize) -> u8 {
        if q == 0 || self.board.is_empty(q) {
            0
        } else {
            move_distance(self.board.vertex(p), self.board.vertex(q))
        }
    }
}

impl MoveFeatures for GrayTanboMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        let board = self.board;
        let Move::Place(v) = mv else {
            return TacticValues::default();
        };
        let p = board.point(v);
        if !roots::can_grow(board, p, NEUTRAL) {
            return TacticValues::default();
        }
        let effect = roots::effect(board, p, NEUTRAL);
        let removed = roots::removals(board, NEUTRAL, &effect)[NEUTRAL as usize];
        declared_values(&[
            doubling(removed, 5),
            effect.suicide as u8,
            effect.bounded().len().min(3) as u8,
            doubling(board.chain_len(effect.root as usize) as u32, 5),
            line(board.size(), v),
            self.distance(p, self.last[0]),
            self.distance(p, self.last[1]),
        ])
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Move::Place(v) = mv else { return };
        let board = self.board;
        let content = |x, y| {
            let p = board.point(crate::moves::Vertex::new(x, y));
            if board.is_empty(p) {
                EMPTY
            } else {
                GRAY
            }
        };
        keys_while(board.size(), (v.x as usize, v.y as usize), content, more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::features::patterns::LEVELS;
    use crate::features::{pattern_keys, turned_move, turned_rows, within_declared};
    use crate::game::Position;
    use crate::moves::Vertex;
    use crate::variants::{Game, Setup, Variant};

    fn game(rows: &[&str]) -> Game {
        let setup = Setup {
            size: rows.len(),
            ..Setup::new(Variant::GrayTanbo)
        };
        Game::Tanbo(super::super::Tanbo::from_diagram(&setup, rows, Color::Black).unwrap())
    }

    fn at(game: &Game, point: &str) -> (TacticValues, [u64; LEVELS.len()]) {
        let features = game.move_features();
        let mv = Move::Place(Vertex::parse(point).unwrap());
        (features.tactic_values(mv), pattern_keys(features.as_ref(), mv))
    }

    // Rows top first: the root C5-C4-D4 and the lone stones at F6, A1, G2.
    const ROWS: [&str; 7] = [
        ".......", ".....@.", "..@....", "..@@...", ".......", "......@", "@......",
    ];

    #[test]
    fn a_placements_features_are_the_same_in_every_symmetry() {
        let first = game(&ROWS);
        for point in ["C6", "E4", "B1", "G3", "F5"] {
            let expected = at(&first, point);
            for sym in 0..8 {
                let rows = turned_rows(&ROWS, sym, |c| c);
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                let moved = turned_move(Move::Place(Vertex::parse(point).unwrap()), sym, 7);
                let moved = moved.vertex().unwrap().to_string();
                assert_eq!(at(&game(&rows), &moved), expected, "{point} as {moved}, symmetry {sym}");
            }
        }
    }

    #[test]
    fn the_tactics_read_what_a_placement_bounds() {
        // A2's one growth point is A3 (A1 and B2 touch B1 too). B3 grows
        // the root B4 and takes A3 from A2, whose stone goes.
        let g = game(&[".....", ".@...", ".....", "@....", ".@..."]);
        // removed, own root, bounded, root, line, last, last2
        assert_eq!(at(&g, "B3").0, declared_values(&[1, 0, 1, 1, 1, 0, 0]));
        // A3 instead leaves A2-A3 no growth point (A4 and B3 touch B4): it
        // bounds its own root, which alone goes.
        assert_eq!(at(&g, "A3").0[..5], [2, 1, 0, 1, 0]);
        // A1's one growth point is B1; with B1 it has none (C1 touches D1,
        // B2 touches B3), so it bounds its own root, which alone goes.
        let mut g = game(&[".....", ".....", "@@...", ".....", "@..@."]);
        assert_eq!(at(&g, "B1").0[..5], [2, 1, 0, 1, 0]);
        // The root A3-B3 has two stones; the distances to the last two.
        assert_eq!(at(&g, "C3").0[3], 2);
        g.play(Color::Black, Move::Place(Vertex::parse("E1").unwrap())).unwrap();
        g.play(Color::White, Move::Place(Vertex::parse("B4").unwrap())).unwrap();
        assert_eq!(at(&g, "C3").0[5..], [3, 6]);
        let features = g.move_features();
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for &mv in &moves {
            assert!(within_declared(&features.tactic_values(mv), TACTICS), "{mv}");
        }
    }

    #[test]
    fn a_far_stone_changes_only_the_larger_patterns() {
        let mut rows = vec!["@........"];
        rows.extend(["........."; 8]);
        let near = game(&rows);
        rows[8] = ".......@.";
        let far = game(&rows);
        // E5 to H1: dx 3, dy 4, distance 11: outside every pattern.
        assert_eq!(at(&near, "E5").1, at(&far, "E5").1);
        // E3 to H1: dx 3, dy 2, distance 8: only the largest sees it.
        let (a, b) = (at(&near, "E3").1, at(&far, "E3").1);
        assert_eq!(a[..LEVELS.len() - 1], b[..LEVELS.len() - 1]);
        assert_ne!(a[LEVELS.len() - 1], b[LEVELS.len() - 1]);
    }
}
