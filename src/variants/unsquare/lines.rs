//! The stones of an Unsquare Go board along the four lines through every
//! point: rows, columns, diagonals and anti-diagonals, each a word of
//! bits. The squares with a corner on a point are then read a direction
//! at a time, one bit per side, instead of one square at a time: the
//! playouts ask, for every point a removal empties, which stones now
//! capture, and for every move which stones it captures.

use super::geometry::{interior, Removal, DIAGONALS};
use crate::moves::MAX_SIZE;
use crate::variants::gray_grid::Grid;
use std::ops::Range;

const LINES: usize = 2 * MAX_SIZE - 1;

#[derive(Clone, Copy, Debug)]
pub struct Lines {
    size: usize,
    /// Bit `x` of `rows[y]`: a stone on `(x, y)`.
    rows: [u32; MAX_SIZE],
    /// Bit `y` of `columns[x]`.
    columns: [u32; MAX_SIZE],
    /// Bit `x` of `diagonals[x + size - 1 - y]`: the lines where `x - y`
    /// is constant.
    diagonals: [u32; LINES],
    /// Bit `x` of `anti_diagonals[x + y]`.
    anti_diagonals: [u32; LINES],
}

/// The squares with one corner on a point and the opposite corner one way
/// from it, by side: bit `s` of each word stands for the square of side
/// `s`, and says whether its corner along the point's row, along its
/// column, or opposite it holds a stone.
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    pub along_row: u32,
    pub along_column: u32,
    pub opposite: u32,
    /// The sides of the squares that fit on the board.
    pub sides: u32,
}

impl Squares {
    /// Squares whose three other corners are empty.
    pub fn with_no_stone(&self) -> u32 {
        self.sides & !(self.along_row | self.along_column | self.opposite)
    }

    /// Squares with exactly one other corner holding a stone.
    pub fn with_one_stone(&self) -> u32 {
        let (a, b, c) = (self.along_row, self.along_column, self.opposite);
        self.sides & (a ^ b ^ c) & !(a & b & c)
    }
}

/// The corner opposite `(x, y)` of the square of `side` that way.
#[inline]
pub fn far_corner(x: usize, y: usize, (dx, dy): (isize, isize), side: u32) -> (usize, usize) {
    let side = side as isize;
    ((x as isize + dx * side) as usize, (y as isize + dy * side) as usize)
}

/// The interior of the biggest of the squares `sides` (not empty) with a
/// corner on `(x, y)` that way: the squares one way from a point nest, so
/// it holds all of theirs.
#[inline]
fn biggest_interior(x: usize, y: usize, way: (isize, isize), sides: u32) -> (Range<usize>, u32) {
    let (fx, fy) = far_corner(x, y, way, 31 - sides.leading_zeros());
    interior(x, y, fx, fy)
}

/// The bits of `word` from bit `at` in direction `step` (1 or -1): bit
/// `s` of the answer is bit `at + step * s` of `word`.
#[inline]
fn from(word: u32, at: usize, step: isize) -> u32 {
    if step > 0 {
        word >> at
    } else {
        (word << (31 - at)).reverse_bits()
    }
}

impl Lines {
    pub fn new(grid: &Grid) -> Lines {
        let mut lines = Lines {
            size: grid.size(),
            rows: [0; MAX_SIZE],
            columns: [0; MAX_SIZE],
            diagonals: [0; LINES],
            anti_diagonals: [0; LINES],
        };
        for (x, y) in grid.points(true) {
            lines.flip(x, y);
        }
        lines
    }

    fn flip(&mut self, x: usize, y: usize) {
        self.rows[y] ^= 1 << x;
        self.columns[x] ^= 1 << y;
        self.diagonals[x + self.size - 1 - y] ^= 1 << x;
        self.anti_diagonals[x + y] ^= 1 << x;
    }

    /// Takes the stone off `(x, y)`.
    #[inline]
    pub fn take(&mut self, x: usize, y: usize) {
        debug_assert!(self.has(x, y));
        self.flip(x, y);
    }

    #[inline]
    pub fn has(&self, x: usize, y: usize) -> bool {
        self.rows[y] >> x & 1 != 0
    }

    /// The stones of row `y`, bit `x` for column `x`.
    #[inline]
    pub fn row(&self, y: usize) -> u32 {
        self.rows[y]
    }

    /// The squares with a corner on `(x, y)` whose opposite corner lies
    /// `(dx, dy)` (each 1 or -1) times their side away.
    #[inline]
    pub fn squares(&self, x: usize, y: usize, (dx, dy): (isize, isize)) -> Squares {
        let room_x = if dx > 0 { self.size - 1 - x } else { x };
        let room_y = if dy > 0 { self.size - 1 - y } else { y };
        let room = room_x.min(room_y);
        let opposite = if dx == dy {
            self.diagonals[x + self.size - 1 - y]
        } else {
            self.anti_diagonals[x + y]
        };
        Squares {
            along_row: from(self.rows[y], x, dx),
            along_column: from(self.columns[x], y, dy),
            opposite: from(opposite, x, dx),
            sides: if room < 2 { 0 } else { ((2u32 << room) - 1) & !3 },
        }
    }

    /// The same stones as a grid.
    #[cfg(test)]
    pub fn grid(&self) -> Grid {
        let mut grid = Grid::empty(self.size);
        for y in 0..self.size {
            for x in 0..self.size {
                if self.has(x, y) {
                    grid.put(x, y);
                }
            }
        }
        grid
    }

    /// Calls `each(rows, columns, squares)` for each way from `(x, y)`
    /// where removing its stone completes squares: the interior of the
    /// biggest, which holds what they all capture, and how many there
    /// are. The four ways' interiors are apart.
    #[inline]
    fn completed(&self, x: usize, y: usize, mut each: impl FnMut(Range<usize>, u32, u32)) {
        for way in DIAGONALS {
            let sides = self.squares(x, y, way).with_no_stone();
            if sides != 0 {
                let (rows, columns) = biggest_interior(x, y, way, sides);
                each(rows, columns, sides.count_ones());
            }
        }
    }

    /// True when removing the stone on `(x, y)` leaves a square with one
    /// stone corner, which the opponent then completes.
    pub fn opens_a_square(&self, x: usize, y: usize) -> bool {
        DIAGONALS
            .iter()
            .any(|&way| self.squares(x, y, way).with_one_stone() != 0)
    }

    /// True when one of the squares that removing the stone on `(x, y)`
    /// opens holds stones, for the opponent to capture
    /// ([`super::geometry::gift`] above 0).
    pub fn hands_over_stones(&self, x: usize, y: usize) -> bool {
        DIAGONALS.iter().any(|&way| {
            let sides = self.squares(x, y, way).with_one_stone();
            sides != 0 && {
                let (rows, columns) = biggest_interior(x, y, way, sides);
                self.rows[rows].iter().any(|row| row & columns != 0)
            }
        })
    }

    /// The stones that removing the stone on `(x, y)` captures.
    pub fn captured(&self, x: usize, y: usize) -> u32 {
        let mut captured = 0;
        self.completed(x, y, |rows, columns, _| {
            captured += self.rows[rows]
                .iter()
                .map(|row| (row & columns).count_ones())
                .sum::<u32>();
        });
        captured
    }

    /// What removing the stone on `(x, y)` does, as
    /// [`super::geometry::removal`] finds it square by square.
    pub fn removal(&self, x: usize, y: usize) -> Removal {
        let mut removal = Removal {
            squares: 0,
            captured: 0,
            interiors: [0; MAX_SIZE],
        };
        self.completed(x, y, |rows, columns, squares| {
            removal.squares += squares;
            for row in rows {
                removal.interiors[row] |= columns;
                removal.captured += (self.rows[row] & columns).count_ones();
            }
        });
        removal
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{each_square, gift, other_stones, removal};
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Counts the squares of `(x, y)` by the other stones on their corners,
    /// square by square.
    fn counted_one_by_one(grid: &Grid, x: usize, y: usize) -> [u32; 2] {
        let mut counts = [0; 2];
        each_square(grid.size(), x, y, |fx, fy| {
            let stones = other_stones(grid, x, y, fx, fy) as usize;
            if stones < 2 {
                counts[stones] += 1;
            }
        });
        counts
    }

    fn counted_by_lines(lines: &Lines, x: usize, y: usize) -> [u32; 2] {
        let mut counts = [0; 2];
        for direction in DIAGONALS {
            let squares = lines.squares(x, y, direction);
            counts[0] += squares.with_no_stone().count_ones();
            counts[1] += squares.with_one_stone().count_ones();
        }
        counts
    }

    #[test]
    fn lines_find_the_squares_that_one_square_at_a_time_finds() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [3, 4, 5, 8, 13, 19, 25] {
            let mut grid = Grid::full(size);
            let mut lines = Lines::new(&grid);
            while grid.stones() > 0 {
                for (x, y) in grid.points(true).collect::<Vec<_>>() {
                    assert_eq!(
                        counted_by_lines(&lines, x, y),
                        counted_one_by_one(&grid, x, y),
                        "{size}x{size} ({x}, {y})"
                    );
                    assert_eq!(lines.removal(x, y), removal(&grid, x, y));
                    assert_eq!(lines.captured(x, y), removal(&grid, x, y).captured);
                    assert_eq!(lines.hands_over_stones(x, y), gift(&grid, x, y) > 0);
                    assert_eq!(lines.opens_a_square(x, y), counted_one_by_one(&grid, x, y)[1] > 0);
                }
                let stones: Vec<_> = grid.points(true).collect();
                let (x, y) = stones[rng.random_range(0..stones.len())];
                grid.take(x, y);
                lines.take(x, y);
                for y in 0..size {
                    assert_eq!(lines.row(y), grid.row(y));
                }
            }
        }
    }
}
