//! What a search finds: the root moves with their statistics.

use crate::game::Ownership;
use crate::moves::Move;
use std::time::Duration;

/// Statistics of one root move.
#[derive(Clone, Debug)]
pub struct MoveStats {
    pub mv: Move,
    pub visits: u64,
    /// Win rate for the side to move at the root.
    pub winrate: f32,
    /// The expected continuation after this move (this move first).
    pub pv: Vec<Move>,
    /// `Some(true)` when the move is proven to win, `Some(false)` to lose.
    pub proven: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move, `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// True when the position is judged hopeless.
    pub resign: bool,
    /// Win rate of the best move for the side to move.
    pub winrate: f32,
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves, most visited first.
    pub moves: Vec<MoveStats>,
    /// Who owned each point at the end of the simulations, where the
    /// request asked for it and the variant counts area.
    pub ownership: Option<Ownership>,
}

/// Most visited first (ties keep their order), but a proven win before
/// everything and proven losses after.
pub(super) fn sort_root_moves(moves: &mut [MoveStats]) {
    moves.sort_by_key(|m| {
        let rank = match m.proven {
            Some(true) => 0,
            None => 1,
            Some(false) => 2,
        };
        (rank, std::cmp::Reverse(m.visits))
    });
}
