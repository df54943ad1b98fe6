//! The eight symmetries of a square board, and board hashes under each,
//! from which a variant builds its `canonical_hash`.

use crate::board::{zobrist, Board, EMPTY};

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

/// The Zobrist hash of the board's pieces under each symmetry; the first
/// is the board's own hash.
pub fn board_hashes(board: &Board) -> [u64; COUNT] {
    let size = board.size();
    let mut hashes = [0u64; COUNT];
    for p in board.all_points() {
        let cell = board.cell(p);
        if cell == EMPTY {
            continue;
        }
        let kind = board.kind(p);
        let v = board.vertex(p);
        for (sym, hash) in hashes.iter_mut().enumerate() {
            let (x, y) = transform(sym, v.x as usize, v.y as usize, size);
            *hash ^= zobrist::piece_key(board.point(crate::moves::Vertex::new(x, y)), cell, kind);
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
