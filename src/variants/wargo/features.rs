//! What a learned move model knows of a War Go move: its kind (a soldier,
//! the drop of which army piece, or a step), Go's tactics at the point it
//! fills (captures, escapes, ataris, self-ataris, read as if a soldier
//! stood there), the line and the distance to the last move; and the
//! pieces around it, the mover's, the opponent's and those of neither
//! (walls, ambassadors, taos, mercenaries: a
//! [`crate::features::patterns::GRAY`] content).

use super::pieces::{Army, ARMY_KINDS};
use crate::board::{cell_of, Board, EMPTY};
use crate::color::Color;
use crate::features::patterns::{keys_while, Content, ENEMY, GRAY, OWN};
use crate::features::{self, line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::{Move, Vertex};
use crate::variants::go::features::{tactics, TACTICS as GO_TACTICS};

/// The tactical features of a War Go move, in the order of
/// [`WarGoMoves::tactic_values`].
pub const TACTICS: &[Tactic] = &[
    // 0 a soldier, 1 + the army piece's index for a drop, then a step.
    Tactic::new("kind", ARMY_KINDS + 2),
    // Go's capture, escape, atari and self-atari.
    GO_TACTICS[0],
    GO_TACTICS[1],
    GO_TACTICS[2],
    GO_TACTICS[3],
    Tactic::new("line", 5),
    Tactic::new("last", 18),
];

/// The kind value of a step.
const STEP: u8 = ARMY_KINDS as u8 + 1;

/// The moves of a War Go position as a move model sees them: `color` to
/// move on `board`, `last` the point the last move filled (0 for none).
pub struct WarGoMoves<'a> {
    pub board: &'a Board,
    pub color: Color,
    pub last: usize,
}

/// The point a move fills and its kind.
fn target_and_kind(mv: Move) -> Option<(Vertex, u8)> {
    match mv {
        Move::Place(v) => Some((v, 0)),
        Move::Drop(piece, v) => Army::of(piece).map(|army| (v, 1 + army.index() as u8)),
        Move::Step(_, to) => Some((to, STEP)),
        _ => None,
    }
}

impl MoveFeatures for WarGoMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        let board = self.board;
        let Some((v, kind)) = target_and_kind(mv) else {
            return TacticValues::default();
        };
        if !v.on_board(board.size()) {
            return TacticValues::default();
        }
        let p = board.point(v);
        let last = match self.last {
            0 => 0,
            q => move_distance(v, board.vertex(q)),
        };
        // Go's tactics read an empty point; a replacer goes on a soldier.
        let go = match board.cell(p) {
            EMPTY => tactics(board, self.color, p, 0, 0).values(),
            _ => TacticValues::default(),
        };
        features::declared_values(&[kind, go[0], go[1], go[2], go[3], line(board.size(), v), last])
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Some((v, _)) = target_and_kind(mv) else { return };
        let board = self.board;
        let (own, enemy) = (cell_of(self.color), cell_of(self.color.opponent()));
        let content = |x, y| -> Content {
            match board.cell(board.point(Vertex::new(x, y))) {
                EMPTY => features::patterns::EMPTY,
                c if c == own => OWN,
                c if c == enemy => ENEMY,
                _ => GRAY,
            }
        };
        keys_while(board.size(), (v.x as usize, v.y as usize), content, more)
    }

    fn describes(&self, mv: Move) -> bool {
        target_and_kind(mv).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::super::WarGo;
    use super::*;
    use crate::features::patterns::LEVELS;
    use crate::features::{pattern_keys, turned_move, turned_rows, within_declared};
    use crate::game::Position;
    use crate::moves::Piece;
    use crate::solver::symmetry;
    use crate::variants::{Setup, Variant};

    fn game(variant: Variant, rows: &[&str], to_move: Color) -> WarGo {
        WarGo::from_diagram(&Setup::new(variant), rows, to_move).unwrap()
    }

    fn at(game: &WarGo, mv: Move) -> (TacticValues, [u64; LEVELS.len()]) {
        let features = game.move_features();
        (features.tactic_values(mv), pattern_keys(&features, mv))
    }

    /// Black's soldiers C4 D4 and monk C2, White's soldiers D5 E3 and
    /// samurai B4 (lower case: White's), a wall at F5.
    const ROWS: [&str; 7] = [
        ".......", ".......", "...O.#.", ".rXX...", "....O..", "..M....", ".......",
    ];

    /// A diagram symbol of one side's as the other's: `X` and `O`, and a
    /// piece's letter in the other case.
    fn swapped(c: char) -> char {
        match c {
            'X' => 'O',
            'O' => 'X',
            c if c.is_ascii_lowercase() => c.to_ascii_uppercase(),
            c => c.to_ascii_lowercase(),
        }
    }

    fn vertex(name: &str) -> Vertex {
        Vertex::parse(name).unwrap()
    }

    #[test]
    fn a_moves_features_are_the_same_in_every_symmetry_and_for_either_colour() {
        let first = game(Variant::WarGo, &ROWS, Color::Black);
        let moves = [
            Move::Place(vertex("E5")),
            Move::Place(vertex("B6")),
            Move::Drop(Piece::Wall, vertex("D3")),
            Move::Drop(Piece::Ambassador, vertex("A1")),
            Move::Drop(Piece::Monk, vertex("E6")),
        ];
        for mv in moves {
            let expected = at(&first, mv);
            for sym in 0..symmetry::COUNT {
                for swap in [false, true] {
                    let rows = turned_rows(&ROWS, sym, |c| if swap { swapped(c) } else { c });
                    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                    let to_move = if swap { Color::White } else { Color::Black };
                    let got = at(&game(Variant::WarGo, &rows, to_move), turned_move(mv, sym, 7));
                    assert_eq!(got, expected, "{mv}, symmetry {sym}, swapped {swap}");
                }
            }
        }
    }

    #[test]
    fn each_kind_of_move_has_a_kind_of_its_own() {
        // Special Stones holds War Go's army and one of each special stone.
        let g = game(Variant::SpecialStones, &ROWS, Color::Black);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let features = g.move_features();
        let mut kinds: Vec<(u8, String)> = moves
            .iter()
            .filter(|&&mv| features.describes(mv))
            .map(|&mv| {
                let name = match mv {
                    Move::Place(_) => "soldier".to_string(),
                    Move::Drop(piece, _) => Army::of(piece).unwrap().name().to_string(),
                    _ => "step".to_string(),
                };
                (features.tactic_values(mv)[0], name)
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        // One kind per name: no two names share a value, no name has two.
        let names: std::collections::BTreeSet<&String> = kinds.iter().map(|(_, n)| n).collect();
        let values: std::collections::BTreeSet<u8> = kinds.iter().map(|(v, _)| *v).collect();
        assert_eq!((names.len(), values.len()), (kinds.len(), kinds.len()), "{kinds:?}");
        assert!(kinds.len() >= 12, "{kinds:?}");
        assert!(!features.describes(Move::Pass));
        for mv in moves {
            assert!(within_declared(&features.tactic_values(mv), TACTICS), "{mv}");
        }
    }

    #[test]
    fn the_tactics_read_captures_and_the_last_move() {
        // White's E3 has E2, E4, D3 and F3: a wall on E4 takes one and
        // captures nothing.
        let mut g = game(Variant::WarGo, &ROWS, Color::Black);
        let wall = at(&g, Move::Drop(Piece::Wall, vertex("E4"))).0;
        assert_eq!((wall[0], wall[1]), (1 + Army::Wall.index() as u8, 0));
        assert_eq!(at(&g, Move::Place(vertex("E5"))).0[6], 0, "no last move");
        for (color, point) in [
            (Color::Black, "F3"),
            (Color::White, "A1"),
            (Color::Black, "D3"),
            (Color::White, "A2"),
        ] {
            g.play(color, Move::Place(vertex(point))).unwrap();
        }
        // Black's E2 then leaves E3 one liberty, E4: an atari, on the
        // second line; B1 is at distance 1 + 1 + 1 from White's A2.
        let e2 = at(&g, Move::Place(vertex("E2"))).0;
        assert_eq!((e2[0], e2[3], e2[5]), (0, 1, 1));
        assert_eq!(at(&g, Move::Place(vertex("B1"))).0[6], 3);
        // E4 captures it.
        g.play(Color::Black, Move::Place(vertex("E2"))).unwrap();
        g.play(Color::White, Move::Place(vertex("A3"))).unwrap();
        assert_eq!(at(&g, Move::Place(vertex("E4"))).0[1], 1);
    }

    #[test]
    fn a_far_piece_changes_only_the_larger_patterns() {
        let empty = ["......."; 7];
        let mut far = empty;
        far[0] = "......X";
        // G7 is at 3 + 3 + 3 = 9 from D4: outside every pattern.
        let (a, b) = (
            game(Variant::WarGo, &empty, Color::Black),
            game(Variant::WarGo, &far, Color::Black),
        );
        assert_eq!(at(&a, Move::Place(vertex("D4"))).1, at(&b, Move::Place(vertex("D4"))).1);
        // From E5 it is at 2 + 2 + 2 = 6: in the three largest.
        let (ka, kb) = (at(&a, Move::Place(vertex("E5"))).1, at(&b, Move::Place(vertex("E5"))).1);
        assert_eq!(ka[..3], kb[..3]);
        assert!(ka[3..].iter().zip(&kb[3..]).all(|(x, y)| x != y));
        // A wall is neither side's piece.
        let mut wall = empty;
        wall[3] = "....#..";
        let mut own = empty;
        own[3] = "....X..";
        let w = at(&game(Variant::WarGo, &wall, Color::Black), Move::Place(vertex("D4"))).1[0];
        let o = at(&game(Variant::WarGo, &own, Color::Black), Move::Place(vertex("D4"))).1[0];
        assert_ne!(w, o);
    }
}
