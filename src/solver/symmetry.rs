//! The eight symmetries of a square board, and board hashes under each,
//! from which a variant builds its `canonical_hash`.

use crate::board::{zobrist, Board, EMPTY};
use crate::moves::{Vertex, MAX_SIZE};
use std::sync::OnceLock;

/// Rotations and reflections of a square board.
pub const COUNT: usize = 8;

/// Where `(x, y)` goes under symmetry `sym` (0 is the identity): bit 2
/// swaps the axes, then bit 0 mirrors x and bit 1 mirrors y.
#[inline]
pub fn transform(sym: usize, x: usize, y: usize, size: usize) -> (usize, usize) {
    let last = size - 1;
    let (x, y) = if sym & 4 != 0 { (y, x) } else { (x, y) };
    let x = if sym & 1 != 0 { last - x } else { x };
    let y = if sym & 2 != 0 { last - y } else { y };
    (x, y)
}

/// Cell codes with a table of keys under every symmetry: empty, black,
/// white and neutral.
const TABLE_CELLS: usize = 4;

/// `piece_key` of each (point, cell) under each symmetry, for one board
/// size: built once, then a lookup per piece instead of eight key mixes.
fn symmetric_keys(size: usize) -> &'static [[u64; COUNT]] {
    static TABLES: [OnceLock<Vec<[u64; COUNT]>>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    TABLES[size].get_or_init(|| {
        let board = Board::new(size);
        let mut keys = vec![[0; COUNT]; (size + 2) * (size + 2) * TABLE_CELLS];
        for p in board.all_points() {
            let v = board.vertex(p);
            for cell in 0..TABLE_CELLS {
                for (sym, key) in keys[p * TABLE_CELLS + cell].iter_mut().enumerate() {
                    let (x, y) = transform(sym, v.x as usize, v.y as usize, size);
                    *key = zobrist::piece_key(board.point(Vertex::new(x, y)), cell as u8, 0);
                }
            }
        }
        keys
    })
}

/// The Zobrist hash of the board's pieces under each symmetry; the first
/// is the board's own hash.
pub fn board_hashes(board: &Board) -> [u64; COUNT] {
    let size = board.size();
    let keys = (size <= MAX_SIZE).then(|| symmetric_keys(size));
    let mut hashes = [0u64; COUNT];
    for p in board.all_points() {
        let cell = board.cell(p);
        if cell == EMPTY {
            continue;
        }
        let kind = board.kind(p);
        match keys {
            Some(keys) if kind == 0 && (cell as usize) < TABLE_CELLS => {
                for (hash, key) in hashes.iter_mut().zip(&keys[p * TABLE_CELLS + cell as usize]) {
                    *hash ^= key;
                }
            }
            _ => {
                let v = board.vertex(p);
                for (sym, hash) in hashes.iter_mut().enumerate() {
                    let (x, y) = transform(sym, v.x as usize, v.y as usize, size);
                    *hash ^= zobrist::piece_key(board.point(Vertex::new(x, y)), cell, kind);
                }
            }
        }
    }
    hashes
}

/// The smallest board hash under the symmetries: equal for boards that
/// are rotations or reflections of each other.
pub fn canonical_board_hash(board: &Board) -> u64 {
    board_hashes(board).into_iter().min().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_hashes_match_mixed_keys() {
        use crate::color::Color;
        let mut board = Board::new(5);
        board.play(board.point(Vertex::new(0, 1)), Color::Black, 0);
        board.play(board.point(Vertex::new(3, 2)), Color::White, 0);
        let hashes = board_hashes(&board);
        assert_eq!(hashes[0], board.hash());
        for (sym, &hash) in hashes.iter().enumerate() {
            let mut image = Board::new(5);
            for (x, y, color) in [(0, 1, Color::Black), (3, 2, Color::White)] {
                let (x, y) = transform(sym, x, y, 5);
                image.play(image.point(Vertex::new(x, y)), color, 0);
            }
            assert_eq!(hash, image.hash(), "symmetry {sym}");
        }
    }

    #[test]
    fn transforms_are_distinct_permutations() {
        let size = 5;
        let images: Vec<Vec<(usize, usize)>> = (0..COUNT)
            .map(|sym| {
                (0..size * size)
                    .map(|i| transform(sym, i % size, i / size, size))
                    .collect()
            })
            .collect();
        for (sym, image) in images.iter().enumerate() {
            let mut sorted = image.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), size * size, "symmetry {sym} is not a permutation");
            assert!(images[..sym].iter().all(|other| other != image));
        }
    }
}
