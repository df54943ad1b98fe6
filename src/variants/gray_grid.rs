//! The board of the gray-stone games (Unsquare Go, Squares): one kind of
//! stone, shared by both players, on a square grid. Each row is a word
//! with one bit per point, so that a copy is a few dozen bytes and a row
//! of a square's interior is a mask; the Zobrist hash is kept up to date.

use crate::board::zobrist::{piece_key, StateKey, GRAY_KIND};
use crate::color::Color;
use crate::game::{Occupant, Owner};
use crate::moves::{Piece, Vertex, MAX_SIZE};
use crate::solver::symmetry;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    size: usize,
    /// Bit `x` of `rows[y]` is set when `(x, y)` holds a stone.
    rows: [u32; MAX_SIZE],
    hash: u64,
}

/// The key of a stone on each point of a `size` board, row by row.
fn keys(size: usize) -> &'static [u64] {
    static TABLES: [OnceLock<Vec<u64>>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    TABLES[size].get_or_init(|| (0..size * size).map(|i| piece_key(i, 1, GRAY_KIND)).collect())
}

/// The key of a stone on each point's image under each symmetry, row by
/// row: the solver hashes every child, and a lookup is cheaper than the
/// transform.
fn image_keys(size: usize) -> &'static [[u64; symmetry::COUNT]] {
    static TABLES: [OnceLock<Vec<[u64; symmetry::COUNT]>>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    TABLES[size].get_or_init(|| {
        let keys = keys(size);
        (0..size * size)
            .map(|i| {
                std::array::from_fn(|sym| {
                    let (x, y) = symmetry::transform(sym, i % size, i / size, size);
                    keys[y * size + x]
                })
            })
            .collect()
    })
}

/// The hash keys of both players' scores, black first: Squares' points,
/// Unsquare Go's captures.
pub fn score_keys(scores: [u32; 2]) -> u64 {
    Color::BOTH
        .into_iter()
        .map(|color| {
            let count = scores[color.index()].min(u16::MAX as u32) as u16;
            StateKey::GrayScore { color, count }.key()
        })
        .fold(0, |h, k| h ^ k)
}

impl Grid {
    pub fn empty(size: usize) -> Grid {
        assert!((1..=MAX_SIZE).contains(&size), "board size {size}");
        Grid {
            size,
            rows: [0; MAX_SIZE],
            hash: 0,
        }
    }

    /// A board with a stone on every point.
    pub fn full(size: usize) -> Grid {
        let mut grid = Grid::empty(size);
        for y in 0..size {
            grid.rows[y] = grid.row_mask();
        }
        grid.hash = grid.recompute_hash();
        grid
    }

    /// A board from a diagram, rows from the top, one token a point:
    /// `.` empty, `@` a stone (what `showboard` prints).
    pub fn from_rows(rows: &[&str]) -> Result<Grid, String> {
        let size = rows.len();
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(format!("a diagram of {size} rows"));
        }
        let mut grid = Grid::empty(size);
        for (i, row) in rows.iter().enumerate() {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.len() != size {
                return Err(format!("row {} has {} points, not {size}", i + 1, tokens.len()));
            }
            for (x, token) in tokens.into_iter().enumerate() {
                match token {
                    "." => {}
                    "@" => grid.put(x, size - 1 - i),
                    _ => return Err(format!("unknown point '{token}' (. or @)")),
                }
            }
        }
        Ok(grid)
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Every point of a row.
    pub fn row_mask(&self) -> u32 {
        (1u32 << self.size) - 1
    }

    /// The stones of row `y`, bit `x` for column `x`.
    #[inline]
    pub fn row(&self, y: usize) -> u32 {
        self.rows[y]
    }

    #[inline]
    pub fn has(&self, x: usize, y: usize) -> bool {
        self.rows[y] >> x & 1 != 0
    }

    /// The same for signed coordinates: false off the board.
    #[inline]
    pub fn has_at(&self, x: isize, y: isize) -> bool {
        self.contains(x, y) && self.has(x as usize, y as usize)
    }

    /// True when the signed point lies on the board.
    #[inline]
    pub fn contains(&self, x: isize, y: isize) -> bool {
        let n = self.size as isize;
        (0..n).contains(&x) && (0..n).contains(&y)
    }

    /// Puts a stone on an empty point.
    #[inline]
    pub fn put(&mut self, x: usize, y: usize) {
        debug_assert!(!self.has(x, y));
        self.rows[y] |= 1 << x;
        self.hash ^= keys(self.size)[y * self.size + x];
    }

    /// Takes the stone off a point.
    #[inline]
    pub fn take(&mut self, x: usize, y: usize) {
        debug_assert!(self.has(x, y));
        self.rows[y] &= !(1 << x);
        self.hash ^= keys(self.size)[y * self.size + x];
    }

    /// Takes every stone of `mask`'s rows off the board; returns how many.
    pub fn take_all(&mut self, mask: &[u32; MAX_SIZE]) -> u32 {
        let mut taken = 0;
        for (y, row_mask) in mask.iter().enumerate().take(self.size) {
            let mut bits = self.rows[y] & row_mask;
            taken += bits.count_ones();
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.take(x, y);
            }
        }
        taken
    }

    /// The gray stone on `v`, if any: the same for both players.
    pub fn occupant(&self, v: Vertex) -> Option<Occupant> {
        self.has(v.x as usize, v.y as usize).then_some(Occupant {
            owner: Owner::Neutral,
            piece: Piece::Gray,
        })
    }

    /// Stones on the board.
    pub fn stones(&self) -> u32 {
        self.rows[..self.size].iter().map(|r| r.count_ones()).sum()
    }

    /// Stones inside `mask`'s rows.
    pub fn stones_in(&self, mask: &[u32; MAX_SIZE]) -> u32 {
        (0..self.size).map(|y| (self.rows[y] & mask[y]).count_ones()).sum()
    }

    /// Every point with a stone (`true`) or without (`false`), bottom row
    /// first: the set bits of each row, so an empty point costs nothing.
    pub fn points(&self, stone: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mask = self.row_mask();
        (0..self.size).flat_map(move |y| {
            let mut bits = if stone { self.rows[y] } else { !self.rows[y] & mask };
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (x, y)
                })
            })
        })
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn recompute_hash(&self) -> u64 {
        let keys = keys(self.size);
        self.points(true).fold(0, |h, (x, y)| h ^ keys[y * self.size + x])
    }

    /// The smallest hash of the board under its eight symmetries: the same
    /// for boards that are rotations or reflections of each other.
    pub fn canonical_hash(&self) -> u64 {
        let images = image_keys(self.size);
        let mut hashes = [0u64; symmetry::COUNT];
        for (x, y) in self.points(true) {
            for (hash, key) in hashes.iter_mut().zip(&images[y * self.size + x]) {
                *hash ^= key;
            }
        }
        hashes.into_iter().min().unwrap_or(0)
    }

    /// The diagram [`Grid::from_rows`] reads, rows from the top.
    pub fn rows_text(&self) -> Vec<String> {
        (0..self.size)
            .rev()
            .map(|y| {
                let row: Vec<&str> = (0..self.size).map(|x| if self.has(x, y) { "@" } else { "." }).collect();
                row.join(" ")
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_follows_every_change_and_symmetric_boards_share_a_canonical_hash() {
        let mut grid = Grid::empty(5);
        grid.put(0, 1);
        grid.put(3, 2);
        assert_eq!(grid.hash(), grid.recompute_hash());
        let mut mirror = Grid::empty(5);
        mirror.put(4, 1);
        mirror.put(1, 2);
        assert_ne!(grid.hash(), mirror.hash());
        assert_eq!(grid.canonical_hash(), mirror.canonical_hash());
        grid.take(0, 1);
        assert_eq!(grid.hash(), grid.recompute_hash());
        assert_eq!(grid.stones(), 1);
        let full = Grid::full(5);
        assert_eq!(full.stones(), 25);
        assert_eq!(full.hash(), full.recompute_hash());
    }

    #[test]
    fn points_lists_stones_and_empty_points_bottom_row_first() {
        let grid = Grid::from_rows(&["@ . @", ". . .", "@ @ ."]).unwrap();
        let stones: Vec<_> = grid.points(true).collect();
        assert_eq!(stones, [(0, 0), (1, 0), (0, 2), (2, 2)]);
        let empty: Vec<_> = grid.points(false).collect();
        assert_eq!(empty, [(2, 0), (0, 1), (1, 1), (2, 1), (1, 2)]);
    }

    #[test]
    fn diagrams_round_trip() {
        let rows = ["@ . @", ". . .", "@ @ ."];
        let grid = Grid::from_rows(&rows).unwrap();
        assert!(grid.has(0, 0) && grid.has(1, 0) && grid.has(2, 2) && !grid.has(2, 0));
        assert_eq!(grid.rows_text(), rows);
        assert!(Grid::from_rows(&["@ .", "x ."]).is_err());
        assert!(Grid::from_rows(&["@ .", "."]).is_err());
    }
}
