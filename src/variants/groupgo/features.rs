//! What a move model knows of a Group Go move, a stone or a dropped
//! piece: which it is, Go's tactics of the whole drop, and the shape
//! around its middle with the piece's other stones in it.

use super::drops::{self, Cells, Geometry};
use super::playout::liberties_after;
use crate::board::{cell_of, Board, EMPTY as EMPTY_CELL};
use crate::color::Color;
use crate::features::patterns::{keys_while, Content, EMPTY, ENEMY, LEVELS, OWN, PLACED};
use crate::features::{declared_values, doubling, line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::{Move, Vertex};
use crate::polyomino::Omino;

/// The tactical features of a Group Go move, in the order of
/// [`MoveFeatures::tactic_values`].
pub const TACTICS: &[Tactic] = &[
    // 0 a single stone, else 1 + the piece's index in `Omino::ALL`.
    Tactic::new("kind", 1 + Omino::ALL.len()),
    // The stones captured: 0, 1, 2-3, 4-7, 8-15, 16 or more.
    Tactic::new("capture", 6),
    // 1 when the move gives an own chain in atari its liberty.
    Tactic::new("saves", 2),
    // 0 when the move fills a region the mover encloses, else one more
    // than the liberties of its group (captures aside), at most 4.
    Tactic::new("liberties", 5),
    // The move's stones next to an enemy stone.
    Tactic::new("contact", 5),
    // The nearest line to the edge that a stone of the move is on.
    Tactic::new("line", 5),
    // The distance of the nearest stone to the last move's first point,
    // 0 for none.
    Tactic::new("distance", 18),
];

/// The moves of a Group Go position as a move model sees them: `color`
/// to play on `board`, `last` the first point of the last move (0 for
/// none).
pub struct GroupMoves<'a> {
    pub board: &'a Board,
    pub geometry: &'a Geometry,
    pub color: Color,
    pub last: usize,
}

impl GroupMoves<'_> {
    /// The cells of a stone or a drop that fits the board's empty points.
    fn cells(&self, mv: Move) -> Option<Cells> {
        let board = self.board;
        match mv {
            Move::Place(v) => {
                let p = board.point(v);
                (board.cell(p) == EMPTY_CELL).then(|| Cells::one(p))
            }
            Move::Polyomino(anchor, shape) => self.geometry.place_empty(board, shape, board.point(anchor), anchor),
            _ => None,
        }
    }
}

impl MoveFeatures for GroupMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        let Some(cells) = self.cells(mv) else {
            return TacticValues::default();
        };
        let board = self.board;
        let (own, enemy) = (cell_of(self.color), cell_of(self.color.opponent()));
        let (points, n) = cells.as_usizes();
        let points = &points[..n];
        let mut captured_chains = [0usize; 16];
        let (mut chains, mut captured) = (0, 0);
        let (mut saves, mut contact) = (false, 0);
        for &c in points {
            let mut touches_enemy = false;
            for q in board.neighbours(c) {
                let cell = board.cell(q);
                if cell == enemy {
                    touches_enemy = true;
                    let chain = board.chain(q);
                    if !board.has_liberty_besides(q, points) && !captured_chains[..chains].contains(&chain) {
                        captured_chains[chains] = chain;
                        chains += 1;
                        captured += board.chain_len(q);
                    }
                } else if cell == own {
                    saves = saves || board.atari_liberty(q).is_some_and(|l| cells.contains(l));
                }
            }
            contact += touches_enemy as u8;
        }
        let liberties = if drops::fills_own_region(board, &cells, self.color) {
            0
        } else {
            1 + liberties_after(board, &cells, self.color, 3)
        };
        let size = board.size();
        let vertices = || points.iter().map(|&c| board.vertex(c));
        let kind = match mv {
            Move::Polyomino(_, shape) => 1 + shape.omino().index() as u8,
            _ => 0,
        };
        let distance = match self.last {
            0 => 0,
            last => vertices()
                .map(|v| move_distance(v, board.vertex(last)))
                .min()
                .unwrap_or(0),
        };
        let nearest_line = vertices().map(|v| line(size, v)).min().unwrap_or(0);
        declared_values(&[
            kind,
            doubling(captured as u32, 5),
            saves as u8,
            liberties as u8,
            contact,
            nearest_line,
            distance,
        ])
    }

    /// The patterns around the stones of the move with the most
    /// neighbours in it (the centre of a T, both middle stones of an I,
    /// each stone of an O): of each size, the least of their keys, so
    /// that the move's patterns are the same in every symmetry.
    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Some(cells) = self.cells(mv) else {
            return;
        };
        let board = self.board;
        let inner = |c: usize| board.neighbours(c).into_iter().filter(|&q| cells.contains(q)).count();
        let most = cells.points().map(inner).max().unwrap_or(0);
        let (own, enemy) = (cell_of(self.color), cell_of(self.color.opponent()));
        let content = |x, y| -> Content {
            let p = board.point(Vertex::new(x, y));
            match board.cell(p) {
                _ if cells.contains(p) => PLACED,
                cell if cell == own => OWN,
                cell if cell == enemy => ENEMY,
                _ => EMPTY,
            }
        };
        let mut least = [u64::MAX; LEVELS.len()];
        for centre in cells.points().filter(|&c| inner(c) == most) {
            let v = board.vertex(centre);
            let mut level = 0;
            keys_while(board.size(), (v.x as usize, v.y as usize), content, &mut |key| {
                least[level] = least[level].min(key);
                level += 1;
                true
            });
        }
        for key in least {
            if !more(key) {
                return;
            }
        }
    }

    fn describes(&self, mv: Move) -> bool {
        matches!(mv, Move::Place(_) | Move::Polyomino(..))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{pattern_keys, within_declared};
    use crate::game::Position;
    use crate::variants::groupgo::GroupGo;
    use crate::variants::{Setup, Variant};

    /// A 7x7 Group Go position from a diagram, top row first.
    fn game(rows: &[&str], to_move: Color) -> GroupGo {
        GroupGo::from_diagram(&Setup::new(Variant::GroupGo), rows, to_move).unwrap()
    }

    fn parse(mv: &str, size: usize) -> Move {
        Move::parse(mv, size).unwrap()
    }

    fn values(game: &GroupGo, mv: &str) -> TacticValues {
        game.move_features().tactic_values(parse(mv, game.size()))
    }

    fn keys(game: &GroupGo, mv: &str) -> [u64; LEVELS.len()] {
        pattern_keys(&game.move_features(), parse(mv, game.size()))
    }

    const ROWS: [&str; 7] = [
        ".......", "..O....", ".XXO...", "..O.X..", "....X..", ".......", ".......",
    ];

    /// `rows` in symmetry `sym` (bit 4 swaps the axes, bits 1 and 2
    /// mirror them), black and white swapped when `swap`.
    fn transformed(rows: &[&str], sym: usize, swap: bool) -> Vec<String> {
        let n = rows.len();
        let mut out = vec![vec!['.'; n]; n];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let (x, y) = map(sym, n, c, r);
                out[y][x] = match (ch, swap) {
                    ('X', true) => 'O',
                    ('O', true) => 'X',
                    (ch, _) => ch,
                };
            }
        }
        out.into_iter().map(|row| row.into_iter().collect()).collect()
    }

    /// Where symmetry `sym` takes column `x`, row `y` of an `n` board.
    fn map(sym: usize, n: usize, x: usize, y: usize) -> (usize, usize) {
        let (a, b) = if sym & 4 != 0 { (y, x) } else { (x, y) };
        let a = if sym & 1 != 0 { n - 1 - a } else { a };
        let b = if sym & 2 != 0 { n - 1 - b } else { b };
        (a, b)
    }

    /// `mv`'s points in symmetry `sym` of an `n` board (rows counted from
    /// the top, as in a diagram).
    fn transformed_move(mv: &str, sym: usize, n: usize) -> String {
        let points: Vec<String> = mv
            .split('+')
            .map(|point| {
                let v = Vertex::parse(point).unwrap();
                let (x, row) = map(sym, n, v.x as usize, n - 1 - v.y as usize);
                Vertex::new(x, n - 1 - row).to_string()
            })
            .collect();
        points.join("+")
    }

    #[test]
    fn a_moves_features_are_the_same_in_every_symmetry_and_for_either_colour() {
        // A stone, a T, an I, an O and an S, the last two touching the
        // stones: the I and the O have more than one middle stone.
        let moves = ["D4", "D5+E5+F5+E6", "A1+A2+A3+A4", "D4+E4+D3+E3", "B4+C4+C5+D5"];
        let first = game(&ROWS, Color::Black);
        for mv in moves {
            let (values0, keys0) = (values(&first, mv), keys(&first, mv));
            for sym in 0..8 {
                for swap in [false, true] {
                    let rows = transformed(&ROWS, sym, swap);
                    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                    let to_move = if swap { Color::White } else { Color::Black };
                    let other = game(&rows, to_move);
                    let moved = transformed_move(mv, sym, 7);
                    assert_eq!(keys(&other, &moved), keys0, "{mv} as {moved}, symmetry {sym}");
                    assert_eq!(values(&other, &moved), values0, "{mv} as {moved}, symmetry {sym}");
                }
            }
        }
    }

    #[test]
    fn each_kind_of_move_has_a_kind_of_its_own() {
        let empty = game(&["......."; 7], Color::Black);
        let mut kinds = vec![values(&empty, "D4")[0]];
        let mut shapes = Vec::new();
        empty.legal_moves(&mut shapes);
        for omino in Omino::ALL {
            let mv = shapes
                .iter()
                .find(|mv| matches!(mv, Move::Polyomino(_, shape) if shape.omino() == omino));
            if let Some(&mv) = mv {
                kinds.push(empty.move_features().tactic_values(mv)[0]);
            }
        }
        // Group Go's hand: the two trominoes and the seven tetrominoes.
        assert_eq!(kinds.len(), 10);
        let mut distinct = kinds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), kinds.len(), "{kinds:?}");
        // Every value of every move in its range, here and beside stones.
        let beside = game(&ROWS, Color::White);
        for position in [&empty, &beside] {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            for mv in moves {
                let values = position.move_features().tactic_values(mv);
                assert!(within_declared(&values, TACTICS), "{mv}: {values:?}");
            }
        }
    }

    #[test]
    fn a_far_stone_changes_only_the_larger_patterns() {
        let near = game(&["......."; 7], Color::Black);
        let far = game(
            &[
                "......X", ".......", ".......", ".......", ".......", ".......", ".......",
            ],
            Color::Black,
        );
        // The T's middle is D2; G7 is at distance 3 + 5 + 5 = 13 from it
        // and 3 + 4 + 4 = 11 from E3: outside every pattern.
        assert_eq!(keys(&near, "C2+D2+E2+D3"), keys(&far, "C2+D2+E2+D3"));
        // From D4, the middle of the I on D3-D6 nearer G7, it is at
        // distance 3 + 2 + 3 = 8: only the largest pattern sees it.
        let (a, b) = (keys(&near, "D3+D4+D5+D6"), keys(&far, "D3+D4+D5+D6"));
        assert_eq!(a[..LEVELS.len() - 1], b[..LEVELS.len() - 1]);
        assert_ne!(a[LEVELS.len() - 1], b[LEVELS.len() - 1]);
    }

    #[test]
    fn the_tactics_read_the_diagram() {
        // White's C5-D5 has one liberty, E5; Black's A1 one, A2; G7 is an
        // eye of Black's.
        let rows = [
            ".....X.", "..XX..X", ".XOO...", "..XX...", "O......", ".......", "XO.....",
        ];
        let mut g = game(&rows, Color::Black);
        // kind, capture, saves, liberties, contact, line, distance
        assert_eq!(values(&g, "E5")[..6], [0, 2, 0, 4, 1, 2]);
        assert_eq!(values(&g, "A2")[..6], [0, 0, 1, 2, 1, 0]);
        assert_eq!(values(&g, "G7")[3], 0, "filling an own eye");
        let i3 = 1 + Omino::I3.index() as u8;
        assert_eq!(values(&g, "E2+F2+G2")[..6], [i3, 0, 0, 4, 0, 0]);
        // The distance to the last move's first point, D2.
        assert_eq!(values(&g, "E5")[6], 0, "no last move");
        g.play(Color::Black, parse("D2+E2+F2+E3", 7)).unwrap();
        assert_eq!(values(&g, "C2")[6], 2);
        assert_eq!(values(&g, "E4")[6], 5);
        assert_eq!(values(&g, "A7")[6], 13);
    }
}
