//! What a learned move model knows of a Migoyugo placement: the lines of
//! four it completes (the value of the Yugo it makes) and whether it wins
//! by an Igo, whether it takes a point where the opponent would make a
//! Yugo or an Igo, the longest line of the mover's pieces through it, the
//! points where the opponent can make a Yugo after it, the line and the
//! distance to the last move; and the pieces around it, with the Yugos a
//! content of their own ([`crate::features::patterns::OWN_PROMOTED`]).

use super::bits::Bits;
use super::board::{with_board, Bitboard, Board, Cell};
use crate::color::Color;
use crate::features::patterns::{keys_while, EMPTY, ENEMY, ENEMY_PROMOTED, OWN, OWN_PROMOTED};
use crate::features::{declared_values, line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::{Move, Vertex};

/// The tactical features of a Migoyugo placement, in the order of
/// [`MigoyugoMoves::tactic_values`].
pub const TACTICS: &[Tactic] = &[
    // Lines of four completed: 0 (a Migo), 1, 2, 3 or more.
    Tactic::new("yugo", 4),
    // Four Yugos in a row: the game won.
    Tactic::new("igo", 2),
    // The point where the opponent would make a Yugo (1) or an Igo (2).
    Tactic::new("blocks", 3),
    // The longest line of the mover's pieces through it, itself counted:
    // 1 to 4.
    Tactic::new("longest", 5),
    // The points where the opponent can make a Yugo after it: 0 to 3 or more.
    Tactic::new("answers", 4),
    Tactic::new("line", 5),
    Tactic::new("last", 18),
];

/// The placements of a Migoyugo position as a move model sees them:
/// `color` to place on `board`, `last` the point of the last placement.
pub struct MigoyugoMoves<'a> {
    pub board: &'a Board,
    pub color: Color,
    pub last: Option<Vertex>,
}

/// The tactical values of `color` placing on `v`; none for an illegal
/// placement.
fn values<B: Bits>(board: &Bitboard<B>, color: Color, v: Vertex, last: Option<Vertex>) -> TacticValues {
    let p = board.point(v);
    if !board.is_legal(p, color) {
        return TacticValues::default();
    }
    let them = color.opponent();
    let blocks = match () {
        _ if board.igo_moves(them).has(p) => 2,
        _ if board.yugo_moves(them).has(p) => 1,
        _ => 0,
    };
    let longest = board.longest_line(p, color).min(4) as u8;
    let mut after = board.clone();
    let placed = after.place_with::<false>(p, color);
    declared_values(&[
        placed.lines.min(3),
        placed.igo as u8,
        blocks,
        longest,
        after.yugo_moves(them).count().min(3) as u8,
        line(board.size(), v),
        last.map_or(0, |last| move_distance(v, last)),
    ])
}

impl MoveFeatures for MigoyugoMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        match mv {
            Move::Place(v) if v.on_board(self.board.size()) => {
                with_board!(self.board, b => values(b, self.color, v, self.last))
            }
            _ => TacticValues::default(),
        }
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Move::Place(v) = mv else { return };
        let board = self.board;
        let content = |x, y| match board.cell(board.point(Vertex::new(x, y))) {
            Cell::Empty => EMPTY,
            Cell::Migo(c) if c == self.color => OWN,
            Cell::Migo(_) => ENEMY,
            Cell::Yugo(c, _) if c == self.color => OWN_PROMOTED,
            Cell::Yugo(..) => ENEMY_PROMOTED,
        };
        keys_while(board.size(), (v.x as usize, v.y as usize), content, more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::patterns::LEVELS;
    use crate::features::{pattern_keys, turned_move, turned_rows, within_declared};
    use crate::game::Position;
    use crate::solver::symmetry;
    use crate::variants::migoyugo::Migoyugo;

    fn game(rows: &[&str], to_move: Color) -> Migoyugo {
        Migoyugo::from_rows(rows, to_move).unwrap()
    }

    fn at(game: &Migoyugo, point: &str) -> (TacticValues, [u64; LEVELS.len()]) {
        let features = game.move_features();
        let mv = Move::Place(Vertex::parse(point).unwrap());
        (features.tactic_values(mv), pattern_keys(&features, mv))
    }

    /// Black's B4 C4 D4 and Yugo A1, White's C6 D6 E6 and Yugo G3.
    const ROWS: [&str; 8] = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". . O O O . . .",
        ". . . . . . . .",
        ". X X X . . . .",
        ". . . . . . y .",
        ". . . . . . . .",
        "Y . . . . . . .",
    ];

    /// A diagram symbol of one colour as the other's.
    fn swapped(c: char) -> char {
        match c {
            'X' => 'O',
            'O' => 'X',
            'Y' => 'y',
            'y' => 'Y',
            c => c,
        }
    }

    #[test]
    fn a_placements_features_are_the_same_in_every_symmetry_and_for_either_colour() {
        let first = game(&ROWS, Color::Black);
        for point in ["E4", "A4", "F6", "B6", "F4", "H8", "B2"] {
            let expected = at(&first, point);
            for sym in 0..symmetry::COUNT {
                for swap in [false, true] {
                    let rows = turned_rows(&ROWS, sym, |c| if swap { swapped(c) } else { c });
                    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                    let to_move = if swap { Color::White } else { Color::Black };
                    let moved = turned_move(Move::Place(Vertex::parse(point).unwrap()), sym, 8);
                    let moved = moved.vertex().unwrap().to_string();
                    let got = at(&game(&rows, to_move), &moved);
                    assert_eq!(got, expected, "{point} as {moved}, symmetry {sym}, swapped {swap}");
                }
            }
        }
    }

    #[test]
    fn the_tactics_read_the_lines() {
        let mut g = game(&ROWS, Color::Black);
        // yugo, igo, blocks, longest, answers, line, last
        // E4 makes B4-E4 a line of four, White keeps B6 and F6.
        assert_eq!(at(&g, "E4").0, declared_values(&[1, 0, 0, 4, 2, 3, 0]));
        // F6 takes White's Yugo point and leaves it B6.
        assert_eq!(at(&g, "F6").0, declared_values(&[0, 0, 1, 1, 1, 2, 0]));
        // E5 joins D4 on a diagonal.
        assert_eq!(at(&g, "E5").0[3], 2);
        g.play(Color::Black, Move::Place(Vertex::parse("H8").unwrap())).unwrap();
        g.play(Color::White, Move::Place(Vertex::parse("A8").unwrap())).unwrap();
        // The distance to White's A8: dx 1, dy 1 from B7.
        assert_eq!(at(&g, "B7").0[6], 3);
        // Four Yugos in a row win.
        let igo = game(
            &[
                ". . . . . .",
                ". . . . . .",
                ". . . . . .",
                ". . . . . .",
                ". . . . . .",
                "Y Y Y . . .",
            ],
            Color::Black,
        );
        assert_eq!(at(&igo, "D1").0[..2], [1, 1]);
        // C1 would make a line of five: no move, no values.
        let mut five = [". . . . . ."; 6];
        five[5] = "X X . X X .";
        assert_eq!(at(&game(&five, Color::Black), "C1").0, TacticValues::default());
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for mv in moves {
            assert!(within_declared(&g.move_features().tactic_values(mv), TACTICS), "{mv}");
        }
    }

    #[test]
    fn a_far_piece_changes_only_the_larger_patterns_and_yugos_are_their_own() {
        let mut rows = [". . . . . . . ."; 8];
        let empty = game(&rows, Color::Black);
        // E5 is at distance 4 + 4 + 4 = 12 from A1: outside every pattern.
        rows[3] = ". . . . X . . .";
        assert_eq!(at(&empty, "A1").1, at(&game(&rows, Color::Black), "A1").1);
        // D3 is at 3 + 2 + 3 = 8: only the largest pattern sees it.
        rows[3] = ". . . . . . . .";
        rows[5] = ". . . X . . . .";
        let (a, b) = (at(&empty, "A1").1, at(&game(&rows, Color::Black), "A1").1);
        assert_eq!(a[..LEVELS.len() - 1], b[..LEVELS.len() - 1]);
        assert_ne!(a[LEVELS.len() - 1], b[LEVELS.len() - 1]);
        // A Migo and a Yugo of either side beside A1 are four patterns.
        let mut small = Vec::new();
        for token in ["X", "Y", "O", "y"] {
            let mut rows = [". . . . . . . ."; 8];
            let row = format!(". {token} . . . . . .");
            rows[6] = &row;
            small.push(at(&game(&rows, Color::Black), "A1").1[0]);
        }
        let mut distinct = small.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "{small:?}");
    }
}
