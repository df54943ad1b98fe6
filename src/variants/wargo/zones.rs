//! Zones: the 5x5 squares of monks and taos, and the ambassador's reach.

use super::pieces::{AMBASSADOR, MONK, TAO};
use crate::board::{Board, BLACK, BLOCK, WHITE};

/// The on-board points of the 5x5 square centred on `p`.
pub fn square(board: &Board, p: usize) -> impl Iterator<Item = usize> + '_ {
    let centre = board.vertex(p);
    let size = board.size() as i32;
    let (cx, cy) = (centre.x as i32, centre.y as i32);
    (cy - 2..=cy + 2).flat_map(move |y| {
        (cx - 2..=cx + 2)
            .filter(move |&x| x >= 0 && y >= 0 && x < size && y < size)
            .map(move |x| board.point(crate::moves::Vertex::new(x as usize, y as usize)))
    })
}

pub fn is_monk(board: &Board, p: usize) -> bool {
    matches!(board.cell(p), BLACK | WHITE) && board.kind(p) == MONK
}

pub fn is_tao(board: &Board, p: usize) -> bool {
    board.cell(p) == BLOCK && board.kind(p) == TAO
}

pub fn is_ambassador(board: &Board, p: usize) -> bool {
    board.cell(p) == BLOCK && board.kind(p) == AMBASSADOR
}

/// True when `p` lies in the zone of some tao: soldiers there may step.
pub fn in_tao_zone(board: &Board, p: usize) -> bool {
    square(board, p).any(|q| is_tao(board, q))
}

/// True when `p` lies in the 5x5 square of some monk.
pub fn in_monk_zone(board: &Board, p: usize) -> bool {
    square(board, p).any(|q| is_monk(board, q))
}

pub fn beside_ambassador(board: &Board, p: usize) -> bool {
    board.neighbours(p).into_iter().any(|n| is_ambassador(board, n))
}

/// A drop or move onto `p` captures nothing: `p` is next to an ambassador
/// or inside a monk's square.
pub fn captures_nothing(board: &Board, p: usize) -> bool {
    beside_ambassador(board, p) || in_monk_zone(board, p)
}
