//! Flat Monte Carlo: the baseline player that strength is measured against.
//! Every legal move gets an equal share of random playouts; the best mean wins.
//! The budget is a number of playouts or a thinking time. With fewer
//! playouts than legal moves, a random sample of the moves gets one playout
//! each, so that the budget is the same as the search's; with a time, the
//! moves get one playout each in turn until the time is spent.

use super::SearchHints;
use crate::color::Color;
use crate::moves::Move;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use std::time::{Duration, Instant};

/// The move with the best playout mean for the side to move, or `None`
/// when it has no legal move.
pub fn best_move<P: SearchHints>(root: &P, playouts: u64, rng: &mut SmallRng) -> Option<Move> {
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
            total += playout_value(&pos, color, rng, &mut trace);
        }
        pos.undo();
        let mean = total / per_move as f32;
        if mean > best.0 {
            best = (mean, mv);
        }
    }
    Some(best.1)
}

/// [`best_move`] within a thinking time instead of a playout count: rounds
/// of one playout per legal move until `time` has passed (at least one).
pub fn best_move_timed<P: SearchHints>(root: &P, time: Duration, rng: &mut SmallRng) -> Option<Move> {
    let start = Instant::now();
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let color = root.to_move();
    // A random order, so that a round cut short by the clock favours no move.
    moves.shuffle(rng);
    // Each playout plays its move on one copy and takes it back: a copy
    // per move would hold the game's history thousands of times over
    // where a turn has thousands of moves (Omino Go).
    let mut pos = root.clone();
    moves.retain(|&mv| {
        let legal = pos.play(color, mv).is_ok();
        if legal {
            pos.undo();
        }
        legal
    });
    let mut totals = vec![(0.0f32, 0u32); moves.len()];
    let mut trace = Vec::new();
    'rounds: loop {
        for (&mv, (total, count)) in moves.iter().zip(totals.iter_mut()) {
            if *count > 0 && start.elapsed() >= time {
                break 'rounds;
            }
            pos.play(color, mv).expect("played before");
            *total += playout_value(&pos, color, rng, &mut trace);
            pos.undo();
            *count += 1;
        }
    }
    moves
        .iter()
        .zip(&totals)
        .filter(|(_, (_, count))| *count > 0)
        .max_by(|(_, (a, n)), (_, (b, m))| (a / *n as f32).total_cmp(&(b / *m as f32)))
        .map(|(mv, _)| *mv)
}

/// One playout's value for `color` from `pos` (a finished game counts as is).
fn playout_value<P: SearchHints>(pos: &P, color: Color, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
    trace.clear();
    let value = match pos.outcome() {
        Some(outcome) => pos.outcome_value(outcome),
        None => pos.rollout(rng, trace),
    };
    if color == Color::Black {
        value
    } else {
        1.0 - value
    }
}
