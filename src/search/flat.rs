//! Flat Monte Carlo: the baseline player that strength is measured against.
//! Every legal move gets an equal share of random playouts; the best mean wins.
//! With fewer playouts than legal moves, a random sample of the moves gets
//! one playout each, so that the budget is the same as the search's.

use crate::color::Color;
use crate::game::Position;
use crate::moves::Move;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// The move with the best playout mean for the side to move, or `None`
/// when it has no legal move.
pub fn best_move<P: Position>(root: &P, playouts: u64, rng: &mut SmallRng) -> Option<Move> {
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let color = root.to_move();
    if (moves.len() as u64) > playouts.max(1) {
        moves.shuffle(rng);
        moves.truncate(playouts.max(1) as usize);
    }
    let per_move = (playouts / moves.len() as u64).max(1);
    let mut pos = root.clone();
    let mut trace = Vec::new();
    let mut best = (f32::MIN, moves[0]);
    for &mv in &moves {
        if pos.play(color, mv).is_err() {
            continue;
        }
        let mut total = 0.0;
        for _ in 0..per_move {
            trace.clear();
            let value = match pos.outcome() {
                Some(outcome) => pos.outcome_value(outcome),
                None => pos.rollout(rng, &mut trace),
            };
            total += if color == Color::Black { value } else { 1.0 - value };
        }
        pos.undo();
        let mean = total / per_move as f32;
        if mean > best.0 {
            best = (mean, mv);
        }
    }
    Some(best.1)
}
