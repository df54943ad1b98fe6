//! Tactical playouts on the bitboard: an Igo is always taken, the
//! opponent's single Igo point is always occupied, and every other move is
//! a uniformly random legal placement. A playout stops as soon as its
//! result is certain: when the opponent has two Igo points and the mover
//! none, or one that the mover may not occupy.

use super::bits::Bits;
use super::board::Bitboard;
use crate::color::Color;
use crate::game::Outcome;
use crate::moves::Move;
use rand::rngs::SmallRng;
use rand::Rng;

/// What the rules alone say of a position before a move: decided (a Wego,
/// or an Igo of the opponent that cannot be stopped), a forced point (the
/// mover's Igo or the block of the opponent's), or open.
pub enum Tactics {
    /// The game is decided.
    Decided(Outcome),
    /// The only sensible point: the mover's Igo or the block of the opponent's.
    Forced(usize),
    Open,
}

/// The rules' verdict on `board` with `color` to move.
#[inline]
pub fn tactics<B: Bits>(board: &Bitboard<B>, color: Color) -> Tactics {
    let legal = board.legal(color);
    if legal.is_empty() {
        return Tactics::Decided(wego(board));
    }
    let igo = board.igo_moves(color);
    if !igo.is_empty() {
        return Tactics::Forced(igo.first());
    }
    let threats = board.igo_moves(color.opponent());
    if threats.is_empty() {
        return Tactics::Open;
    }
    // A placement changes none of the opponent's lines: a threat is stopped
    // only by occupying its point, and two cannot both be stopped.
    let block = threats.first();
    if threats.count() > 1 || !legal.has(block) {
        return Tactics::Decided(Outcome::Win(color.opponent()));
    }
    Tactics::Forced(block)
}

/// The Wego result: black's Yugo count minus white's (0 is a draw).
pub fn wego<B: Bits>(board: &Bitboard<B>) -> Outcome {
    let [b, w] = board.yugo_total();
    Outcome::Score(b as f32 - w as f32)
}

/// Plays `board` out from `color` to move; records the moves in `trace`.
pub fn rollout<B: Bits>(
    board: &Bitboard<B>,
    mut color: Color,
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> Outcome {
    let mut board = board.clone();
    loop {
        let p = match tactics(&board, color) {
            Tactics::Decided(outcome) => return outcome,
            Tactics::Forced(p) => p,
            Tactics::Open => {
                let legal = board.legal(color);
                legal.nth(rng.random_range(0..legal.count()))
            }
        };
        let placed = board.place_with::<false>(p, color);
        trace.push((color, Move::Place(board.vertex(p))));
        if placed.igo {
            return Outcome::Win(color);
        }
        color = color.opponent();
    }
}
