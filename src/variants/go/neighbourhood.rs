//! A one-word key of everything the patterns of a move see (see
//! [`super::features`]): the points out to distance 8, from the mover's
//! side, with those off the board. Two moves with the same key have the
//! same patterns. The key is read from rows of two-bit cells that all the
//! moves of a node share, so that it costs nine shifts, not a look at
//! each of the 48 points. A second key sees only the near neighbourhood,
//! out to distance 6, which decides the patterns of most moves.

use crate::board::{cell_of, Board, EMPTY};
use crate::color::Color;
use crate::moves::{Vertex, MAX_SIZE};

/// How far the patterns reach straight along a line: distance 8 is four
/// points out.
const REACH: usize = 4;

/// For each row of the neighbourhood, from four above the move to four
/// below, how far it reaches to either side: the points with
/// `dx + dy + max(dx, dy) <= 8`. The rows up to the move's own make the
/// first word of its window (58 bits), the rest the second (40 bits).
const FIRST_ROWS: [usize; REACH + 1] = [0, 2, 3, 3, 4];
const SECOND_ROWS: [usize; REACH] = [3, 3, 2, 0];

/// The distance of the near neighbourhood: the patterns of the first four
/// levels.
pub const NEAR_REACH: i32 = 6;

/// The rows of the near neighbourhood, from three above the move to three
/// below, as those of the whole one: one word of 58 bits.
const NEAR: [usize; 7] = [0, 2, 2, 3, 2, 2, 0];

const OWN: u128 = 1;
const ENEMY: u128 = 2;
const OFF: u128 = 3;

/// The cells of a board from one mover's side, two bits a point (empty,
/// own, enemy, off the board), in rows padded with off-board points out to
/// the patterns' reach.
pub struct NeighbourhoodRows {
    rows: Vec<u128>,
}

// The widest padded row must fit its two-bit cells in a row word.
const _: () = assert!(2 * (MAX_SIZE + 2 * REACH) <= 128);

impl Default for NeighbourhoodRows {
    fn default() -> Self {
        NeighbourhoodRows::new()
    }
}

impl NeighbourhoodRows {
    pub fn new() -> NeighbourhoodRows {
        NeighbourhoodRows { rows: Vec::new() }
    }

    /// Reads `board` from the side of `color`, to play there.
    pub fn read(&mut self, board: &Board, color: Color) {
        let size = board.size();
        let width = size + 2 * REACH;
        let off_row = (0..width).fold(0, |row, _| row << 2 | OFF);
        let off_edge = (0..REACH).fold(0, |row, _| row << 2 | OFF);
        let own = cell_of(color);
        self.rows.clear();
        self.rows.resize(REACH, off_row);
        for y in 0..size {
            let start = board.point(Vertex::new(0, y));
            // From the right, so that every point shifts by a constant.
            let row = (start..start + size).rev().fold(off_edge, |row, q| {
                let code = match board.cell(q) {
                    EMPTY => 0,
                    c if c == own => OWN,
                    _ => ENEMY,
                };
                row << 2 | code
            });
            self.rows.push(row << (2 * REACH) | off_edge);
        }
        self.rows.resize(width, off_row);
    }

    /// The cells around `p` (on the board last read) out to distance 8,
    /// row by row, each row as wide as the patterns reach, packed into two
    /// words.
    #[inline]
    pub fn window(&self, board: &Board, p: usize) -> [u64; 2] {
        let (x, y) = padded(board, p);
        [self.pack(x, y - REACH, &FIRST_ROWS), self.pack(x, y + 1, &SECOND_ROWS)]
    }

    /// The cells around `p` out to [`NEAR_REACH`], packed the same way into
    /// one word.
    #[inline]
    pub fn near_window(&self, board: &Board, p: usize) -> u64 {
        let (x, y) = padded(board, p);
        self.pack(x, y - NEAR.len() / 2, &NEAR)
    }

    /// The key of the neighbourhood of `p`: its [`window`](Self::window)
    /// hashed to one word, its top bits as well mixed as the rest.
    #[inline]
    pub fn key(&self, board: &Board, p: usize) -> u64 {
        let [first, second] = self.window(board, p);
        mix(first ^ second.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29))
    }

    /// The key of the near neighbourhood of `p`, as [`key`](Self::key).
    #[inline]
    pub fn near_key(&self, board: &Board, p: usize) -> u64 {
        mix(self.near_window(board, p))
    }

    /// The rows from padded row `top` on, each `halves[i]` to either side
    /// of padded column `x`, one after the other in a word.
    #[inline]
    fn pack<const ROWS: usize>(&self, x: usize, top: usize, halves: &[usize; ROWS]) -> u64 {
        let rows: &[u128; ROWS] = self.rows[top..top + ROWS].try_into().expect("the rows of a window");
        halves.iter().zip(rows).fold(0, |word, (&half, &row)| {
            let bits = 2 * (2 * half + 1);
            word << bits | (row >> (2 * (x - half))) as u64 & ((1 << bits) - 1)
        })
    }
}

/// The padded column and row of `p`.
#[inline]
fn padded(board: &Board, p: usize) -> (usize, usize) {
    let v = board.vertex(p);
    (v.x as usize + REACH, v.y as usize + REACH)
}

/// SplitMix64's finalizer: every bit of `h` reaches the top bits.
#[inline]
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::features::tests::random_positions;

    /// The rows `halves` from `top` rows above `p`, by their definition:
    /// every point in turn, looked up on the board, packed as the rows are.
    fn packed_by_definition(board: &Board, color: Color, p: usize, top: i32, halves: &[usize]) -> u64 {
        let v = board.vertex(p);
        let n = board.size() as i32;
        let mut word = 0u64;
        for (row, &half) in halves.iter().enumerate() {
            let dy = row as i32 - top;
            let half = half as i32;
            let mut cells = 0u64;
            for dx in -half..=half {
                let (x, y) = (v.x as i32 + dx, v.y as i32 + dy);
                let code = if x < 0 || y < 0 || x >= n || y >= n {
                    OFF
                } else {
                    match board.cell(board.point(Vertex::new(x as usize, y as usize))) {
                        EMPTY => 0,
                        c if c == cell_of(color) => OWN,
                        _ => ENEMY,
                    }
                };
                cells |= (code as u64) << (2 * (dx + half));
            }
            word = word << (2 * (2 * half + 1)) | cells;
        }
        word
    }

    #[test]
    fn the_rows_give_every_window_as_the_board_does() {
        let mut rows = NeighbourhoodRows::new();
        let mut positions = random_positions(5);
        // The largest board, whose padded rows fill most of a row word.
        let mut big = Board::new(MAX_SIZE);
        for (i, p) in big.empties().to_vec().into_iter().enumerate().step_by(3) {
            let color = if i % 2 == 0 { Color::Black } else { Color::White };
            if !big.is_suicide(p as usize, color) {
                big.play(p as usize, color, 0);
            }
        }
        positions.push((big, Color::White));
        for (b, color) in positions {
            rows.read(&b, color);
            for &p in b.empties() {
                let p = p as usize;
                let whole = [
                    packed_by_definition(&b, color, p, REACH as i32, &FIRST_ROWS),
                    packed_by_definition(&b, color, p, -1, &SECOND_ROWS),
                ];
                assert_eq!(rows.window(&b, p), whole);
                assert_eq!(rows.near_window(&b, p), packed_by_definition(&b, color, p, 3, &NEAR));
            }
        }
    }

    /// Whether a white stone at (`dx`, `dy`) from the centre of an empty
    /// 19x19 board changes `key` of the centre for black.
    fn sees(key: fn(&NeighbourhoodRows, &Board, usize) -> u64, dx: usize, dy: usize) -> bool {
        let empty = Board::new(19);
        let centre = empty.point(Vertex::new(9, 9));
        let mut one = empty.clone();
        one.play(one.point(Vertex::new(9 + dx, 9 - dy)), Color::White, 0);
        let mut rows = NeighbourhoodRows::new();
        rows.read(&empty, Color::Black);
        let before = key(&rows, &empty, centre);
        rows.read(&one, Color::Black);
        key(&rows, &one, centre) != before
    }

    #[test]
    fn the_keys_see_the_points_out_to_their_distance_and_no_farther() {
        type Key = fn(&NeighbourhoodRows, &Board, usize) -> u64;
        type Case = (Key, [(usize, usize); 4], [(usize, usize); 3]);
        // The whole key sees the points out to distance 8, (4, 0) to (0, 4),
        // the near key those out to 6, (3, 0) to (0, 3); each sees none
        // farther.
        let cases: [Case; 2] = [
            (
                NeighbourhoodRows::key,
                [(4, 0), (3, 2), (2, 3), (0, 4)],
                [(3, 3), (5, 0), (2, 4)],
            ),
            (
                NeighbourhoodRows::near_key,
                [(3, 0), (2, 2), (2, 1), (0, 3)],
                [(4, 0), (3, 1), (1, 3)],
            ),
        ];
        for (key, seen, unseen) in cases {
            for (dx, dy) in seen {
                assert!(sees(key, dx, dy), "({dx}, {dy})");
            }
            for (dx, dy) in unseen {
                assert!(!sees(key, dx, dy), "({dx}, {dy})");
            }
        }
    }

    #[test]
    fn the_same_stones_are_another_neighbourhood_for_the_other_player() {
        let mut b = Board::new(9);
        b.play(b.point(Vertex::new(5, 4)), Color::White, 0);
        let centre = b.point(Vertex::new(4, 4));
        let mut rows = NeighbourhoodRows::new();
        rows.read(&b, Color::Black);
        let black = (rows.key(&b, centre), rows.near_key(&b, centre));
        rows.read(&b, Color::White);
        let white = (rows.key(&b, centre), rows.near_key(&b, centre));
        assert!(black.0 != white.0 && black.1 != white.1);
    }
}
