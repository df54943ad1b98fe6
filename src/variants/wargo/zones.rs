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

/// True when some point of the 5x5 square around `p` satisfies `hit`:
/// plain loops, as this runs inside the playouts.
fn any_in_square(board: &Board, p: usize, hit: impl Fn(usize) -> bool) -> bool {
    let centre = board.vertex(p);
    let last = board.size() - 1;
    let (x0, x1) = ((centre.x as usize).saturating_sub(2), (centre.x as usize + 2).min(last));
    let (y0, y1) = ((centre.y as usize).saturating_sub(2), (centre.y as usize + 2).min(last));
    for y in y0..=y1 {
        let row = board.point(crate::moves::Vertex::new(x0, y));
        if (row..=row + (x1 - x0)).any(&hit) {
            return true;
        }
    }
    false
}

/// True when `p` lies in the zone of some tao: soldiers there may step.
pub fn in_tao_zone(board: &Board, p: usize) -> bool {
    any_in_square(board, p, |q| is_tao(board, q))
}

/// True when `p` lies in the 5x5 square of some monk.
pub fn in_monk_zone(board: &Board, p: usize) -> bool {
    any_in_square(board, p, |q| is_monk(board, q))
}

pub fn beside_ambassador(board: &Board, p: usize) -> bool {
    board.neighbours(p).into_iter().any(|n| is_ambassador(board, n))
}
