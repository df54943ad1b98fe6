//! Tanbo's own start positions: single-stone roots on a square lattice,
//! black and white alternating like a checkerboard's squares.
//!
//! Mark Steere's rules give the 19x19 board: sixteen roots on the points
//! A, G, N, T of rows 1, 7, 13 and 19, with black on A19. The smaller and
//! larger boards are the ones Tanbo is played on elsewhere, in the same
//! pattern: 9x9 with four roots on B2, H2, B8, H8; 13x13 with sixteen,
//! four points apart; 21x21 with thirty-six, four apart; and 5x5 and 7x7
//! with a root on each corner (Phil Bordelon's Giles server, whose layouts
//! match Steere's 19x19). Tanbo has no start for other sizes, so the
//! engine offers these six.

use crate::color::Color;
use crate::moves::Vertex;

/// The board sizes with a start, smallest first.
pub const SIZES: [usize; 6] = [5, 7, 9, 13, 19, 21];

/// Per size: the distance between neighbouring roots, the roots along a
/// side, and the distance of the first from the edge.
fn lattice(size: usize) -> Option<(usize, usize, usize)> {
    Some(match size {
        5 => (4, 2, 0),
        7 => (6, 2, 0),
        9 => (6, 2, 1),
        13 => (4, 4, 0),
        19 => (6, 4, 0),
        21 => (4, 6, 0),
        _ => return None,
    })
}

/// True when Tanbo has a start position for the size.
pub fn has_start(size: usize) -> bool {
    lattice(size).is_some()
}

/// The stones of the start position: a root on every lattice point, white
/// where the lattice's column and row add up to an even number (so A1 is
/// white and A19 black on 19x19). Empty for a size without a start.
pub fn stones(size: usize) -> Vec<(Vertex, Color)> {
    let Some((step, count, offset)) = lattice(size) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(count * count);
    for row in 0..count {
        for column in 0..count {
            let color = if (row + column) % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            out.push((Vertex::new(offset + column * step, offset + row * step), color));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(stones: &[(Vertex, Color)], v: &str) -> Option<Color> {
        let v = Vertex::parse(v).unwrap();
        stones.iter().find(|(s, _)| *s == v).map(|&(_, c)| c)
    }

    #[test]
    fn steeres_19x19_start() {
        let stones = stones(19);
        assert_eq!(stones.len(), 16);
        // The top row from Steere's Figure 1: black, white, black, white.
        let top: Vec<_> = ["A19", "G19", "N19", "T19"].iter().map(|v| at(&stones, v)).collect();
        assert_eq!(top, [Color::Black, Color::White, Color::Black, Color::White].map(Some));
        assert_eq!(at(&stones, "A13"), Some(Color::White));
        assert_eq!(at(&stones, "A1"), Some(Color::White));
        assert_eq!(at(&stones, "T1"), Some(Color::Black));
    }

    #[test]
    fn every_size_has_as_many_roots_of_each_colour_within_the_board() {
        for size in SIZES {
            let stones = stones(size);
            let black = stones.iter().filter(|(_, c)| *c == Color::Black).count();
            assert_eq!(black * 2, stones.len(), "{size}");
            assert!(stones.iter().all(|(v, _)| v.on_board(size)), "{size}");
        }
        assert_eq!(at(&stones(9), "B2"), Some(Color::White));
        assert_eq!(at(&stones(9), "H8"), Some(Color::White));
        assert_eq!(at(&stones(7), "G1"), Some(Color::Black));
        assert!(stones(8).is_empty() && !has_start(8));
    }
}
