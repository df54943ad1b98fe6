//! A one-word key of everything the patterns of a move see (see
//! [`super::features`]): the points out to distance 8, from the mover's
//! side, with those off the board. Two moves with the same key have the
//! same patterns. The key is read from rows of two-bit cells that all the
//! moves of a node share, so that it costs nine shifts, not a look at
//! each of the 48 points.

use crate::board::{cell_of, Board, EMPTY};
use crate::color::Color;
use crate::moves::{Vertex, MAX_SIZE};

/// How far the patterns reach straight along a line: distance 8 is four
/// points out.
const REACH: usize = 4;

/// For each row of the neighbourhood, from four above the move to four
/// below, how far it reaches to either side: the points with
/// `dx + dy + max(dx, dy) <= 8`.
const HALF_WIDTHS: [usize; 2 * REACH + 1] = [0, 2, 3, 3, 4, 3, 3, 2, 0];

/// The rows up to the move's own go to the first word of the key, the rest
/// to the second: 58 and 40 bits.
const FIRST_WORD_ROWS: usize = REACH + 1;

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

    /// The cells around `p` (on the board last read), row by row, each row
    /// as wide as the patterns reach, packed into two words.
    #[inline]
    pub fn window(&self, board: &Board, p: usize) -> [u64; 2] {
        let v = board.vertex(p);
        let (x, y) = (v.x as usize + REACH, v.y as usize);
        let mut words = [0u64; 2];
        for (dy, &half) in HALF_WIDTHS.iter().enumerate() {
            let cells = (self.rows[y + dy] >> (2 * (x - half))) as u64 & ((1 << (2 * (2 * half + 1))) - 1);
            let word = &mut words[(dy >= FIRST_WORD_ROWS) as usize];
            *word = *word << (2 * (2 * half + 1)) | cells;
        }
        words
    }

    /// The key of the neighbourhood of `p`: its [`window`](Self::window)
    /// hashed to one word, its top bits as well mixed as the rest.
    #[inline]
    pub fn key(&self, board: &Board, p: usize) -> u64 {
        let [first, second] = self.window(board, p);
        let mut h = first ^ second.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::features::tests::random_positions;

    /// The window of `p` by its definition: every point of each row in
    /// turn, looked up on the board.
    fn window_by_definition(board: &Board, color: Color, p: usize) -> [u64; 2] {
        let v = board.vertex(p);
        let n = board.size() as i32;
        let mut words = [0u64; 2];
        for (row, &half) in HALF_WIDTHS.iter().enumerate() {
            let dy = row as i32 - REACH as i32;
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
            let word = &mut words[(row >= FIRST_WORD_ROWS) as usize];
            *word = *word << (2 * (2 * half + 1)) | cells;
        }
        words
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
                assert_eq!(rows.window(&b, p), window_by_definition(&b, color, p));
            }
        }
    }

    #[test]
    fn the_window_sees_the_points_out_to_distance_eight_and_no_farther() {
        let mut b = Board::new(19);
        let centre = b.point(Vertex::new(9, 9));
        let mut rows = NeighbourhoodRows::new();
        rows.read(&b, Color::Black);
        let empty = rows.key(&b, centre);
        // (4, 0), (3, 2), (2, 3) and (0, 4) are at distance 8; (3, 3), (5, 0)
        // and (2, 4) farther.
        for (dx, dy, seen) in [
            (4, 0, true),
            (3, 2, true),
            (2, 3, true),
            (0, 4, true),
            (3, 3, false),
            (5, 0, false),
            (2, 4, false),
        ] {
            let mut one = b.clone();
            one.play(one.point(Vertex::new(9 + dx, 9 - dy)), Color::White, 0);
            rows.read(&one, Color::Black);
            assert_eq!(rows.key(&one, centre) != empty, seen, "({dx}, {dy})");
        }
        // The same stone is another neighbourhood for the other player.
        b.play(b.point(Vertex::new(10, 9)), Color::White, 0);
        rows.read(&b, Color::Black);
        let black = rows.key(&b, centre);
        rows.read(&b, Color::White);
        assert_ne!(black, rows.key(&b, centre));
    }
}
