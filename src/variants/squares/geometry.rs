//! The squares of Squares: four points at the corners of a square of any
//! size and tilt. Seen from one corner `p`, a square is `p`, `p + d`,
//! `p + d + r(d)` and `p + r(d)`, where `r` turns a step a quarter turn
//! left; every nonzero step `d` gives one square and every square through
//! `p` comes from exactly one `d`.

use crate::variants::gray_grid::Grid;

/// Calls `each` with the other three corners of every square that has a
/// corner on `(x, y)` and lies on a `size` board.
#[inline]
pub fn each_square(size: usize, x: usize, y: usize, mut each: impl FnMut([(usize, usize); 3])) {
    let (n, x, y) = (size as isize, x as isize, y as isize);
    // p + d and p + r(d) on the board bound a and b; p + d + r(d) is checked.
    for a in (-x).max(-y)..=(n - 1 - x).min(n - 1 - y) {
        for b in (x - n + 1).max(-y)..=x.min(n - 1 - y) {
            if a == 0 && b == 0 {
                continue;
            }
            let (fx, fy) = (x + a - b, y + b + a);
            if fx < 0 || fy < 0 || fx >= n || fy >= n {
                continue;
            }
            each([
                ((x + a) as usize, (y + b) as usize),
                (fx as usize, fy as usize),
                ((x - b) as usize, (y + a) as usize),
            ]);
        }
    }
}

/// How many of `corners` hold stones.
#[inline]
pub fn stones_among(grid: &Grid, corners: &[(usize, usize); 3]) -> u32 {
    corners.iter().filter(|&&(x, y)| grid.has(x, y)).count() as u32
}

/// What a placement on the empty point `(x, y)` would do: the squares it
/// completes (the mover's points) and the squares it leaves one stone
/// short, which the opponent could complete next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    pub completes: u32,
    pub opens: u32,
}

pub fn placement(grid: &Grid, x: usize, y: usize) -> Placement {
    let mut placement = Placement::default();
    each_square(grid.size(), x, y, |corners| match stones_among(grid, &corners) {
        3 => placement.completes += 1,
        2 => placement.opens += 1,
        _ => {}
    });
    placement
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square of a board, each as its sorted corners, found from
    /// every corner exactly once.
    #[test]
    fn every_square_is_seen_once_from_each_of_its_corners() {
        use std::collections::HashMap;
        let size = 5;
        let mut seen: HashMap<Vec<(usize, usize)>, usize> = HashMap::new();
        for y in 0..size {
            for x in 0..size {
                each_square(size, x, y, |corners| {
                    let mut square = corners.to_vec();
                    square.push((x, y));
                    square.sort();
                    *seen.entry(square).or_default() += 1;
                });
            }
        }
        // n^2 (n^2 - 1) / 12 squares on an n x n grid of points.
        assert_eq!(seen.len(), 50);
        assert!(seen.values().all(|&count| count == 4));
        let tilted = seen.keys().filter(|s| s[0].0 != s[1].0 && s[0].1 != s[1].1).count();
        assert_eq!(tilted, 50 - 30, "30 axis-parallel squares on 5x5");
    }
}
