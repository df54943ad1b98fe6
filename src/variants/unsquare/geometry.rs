//! The squares of Unsquare Go: axis-parallel squares of side 2 or more,
//! named by one corner and the opposite one. What a removal completes and
//! captures, and what it gives the opponent, all from the board alone.

use crate::moves::MAX_SIZE;
use crate::variants::gray_grid::Grid;

/// The four ways from a corner to the opposite one.
pub const DIAGONALS: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Rows of points, bit `x` of row `y`: a set of points such as the
/// interiors of the squares a removal completes.
pub type Mask = [u32; MAX_SIZE];

/// Calls `each(far_x, far_y)` for every square with a corner on `(x, y)`:
/// the opposite corner of each, the other two being `(far_x, y)` and
/// `(x, far_y)`.
#[inline]
pub fn each_square(size: usize, x: usize, y: usize, mut each: impl FnMut(usize, usize)) {
    for (dx, dy) in DIAGONALS {
        for side in 2..size as isize {
            let (fx, fy) = (x as isize + dx * side, y as isize + dy * side);
            if fx < 0 || fy < 0 || fx >= size as isize || fy >= size as isize {
                break;
            }
            each(fx as usize, fy as usize);
        }
    }
}

/// How many of the three corners of the square from `(x, y)` to
/// `(fx, fy)` other than `(x, y)` hold stones.
#[inline]
pub fn other_stones(grid: &Grid, x: usize, y: usize, fx: usize, fy: usize) -> u32 {
    grid.has(fx, y) as u32 + grid.has(x, fy) as u32 + grid.has(fx, fy) as u32
}

/// The points strictly inside the square from `(x, y)` to `(fx, fy)`: its
/// rows, and the columns of each as a row's bits.
#[inline]
pub fn interior(x: usize, y: usize, fx: usize, fy: usize) -> (std::ops::Range<usize>, u32) {
    let (left, right) = (x.min(fx), x.max(fx));
    let columns = ((1u32 << right) - 1) & !((1u32 << (left + 1)) - 1);
    (y.min(fy) + 1..y.max(fy), columns)
}

/// Adds the points strictly inside the square from `(x, y)` to `(fx, fy)`.
#[inline]
pub fn add_interior(mask: &mut Mask, x: usize, y: usize, fx: usize, fy: usize) {
    let (rows, columns) = interior(x, y, fx, fy);
    for row in &mut mask[rows] {
        *row |= columns;
    }
}

/// What removing the stone on `(x, y)` does: the squares it completes
/// (their other three corners are empty) and the stones inside them,
/// which the mover captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    pub squares: u32,
    pub captured: u32,
    pub interiors: Mask,
}

pub fn removal(grid: &Grid, x: usize, y: usize) -> Removal {
    let mut removal = Removal {
        squares: 0,
        captured: 0,
        interiors: [0; MAX_SIZE],
    };
    each_square(grid.size(), x, y, |fx, fy| {
        if other_stones(grid, x, y, fx, fy) == 0 {
            removal.squares += 1;
            add_interior(&mut removal.interiors, x, y, fx, fy);
        }
    });
    if removal.squares > 0 {
        removal.captured = grid.stones_in(&removal.interiors);
    }
    removal
}

/// The stones the opponent could capture at once after a removal on
/// `(x, y)` that it could not capture before: the interiors of the squares
/// whose only other stone corner is left alone by the removal. (Counted
/// square by square, so an overlap counts twice: a measure, not a count.)
#[inline]
pub fn gift(grid: &Grid, x: usize, y: usize) -> u32 {
    let mut gift = 0;
    each_square(grid.size(), x, y, |fx, fy| {
        if other_stones(grid, x, y, fx, fy) == 1 {
            let mut interior = [0; MAX_SIZE];
            add_interior(&mut interior, x, y, fx, fy);
            gift += grid.stones_in(&interior);
        }
    });
    gift
}

/// Points off the edge line, where stones can be captured.
pub fn inner_mask(size: usize) -> Mask {
    let mut mask = [0; MAX_SIZE];
    if size >= 3 {
        let columns = ((1u32 << (size - 1)) - 1) & !1;
        for row in &mut mask[1..size - 1] {
            *row = columns;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_of_a_small_board_has_one_square_per_side() {
        let mut count = 0;
        each_square(5, 0, 0, |fx, fy| {
            assert_eq!(fx, fy);
            count += 1;
        });
        assert_eq!(count, 3, "sides 2, 3 and 4");
        let mut centre = 0;
        each_square(5, 2, 2, |_, _| centre += 1);
        assert_eq!(centre, 4, "side 2 in each direction");
    }

    #[test]
    fn interiors_are_strict() {
        let mut mask = [0; MAX_SIZE];
        add_interior(&mut mask, 4, 0, 1, 3);
        assert_eq!(&mask[..4], &[0, 0b1100, 0b1100, 0]);
        assert_eq!(inner_mask(4)[..4], [0, 0b0110, 0b0110, 0]);
    }
}
