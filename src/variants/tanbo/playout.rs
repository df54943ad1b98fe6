//! Tanbo's playouts on a copy of the board: random growth, where a
//! placement in two-colour Tanbo that would remove its own root is redrawn
//! a few times (it throws a root away, which is rarely right); gray Tanbo,
//! where no root is anyone's, grows at random.

use super::roots;
use super::Form;
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use rand::rngs::SmallRng;

/// Draws before a self-removal in two-colour Tanbo is accepted.
const REDRAWS: usize = 3;

/// Plays random placements from the position to the end and returns the
/// value for black; every move goes into `trace`.
pub fn run(
    form: Form,
    board: &Board,
    mut to_move: Color,
    mut stones: [u32; 2],
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> f32 {
    let mut board = board.clone();
    loop {
        if let Some(winner) = form.winner(stones, to_move) {
            return if winner == Color::Black { 1.0 } else { 0.0 };
        }
        let cell = form.cell(to_move);
        let mut chosen = None;
        for _ in 0..=REDRAWS {
            let Some(p) = board.random_empty(rng, |p| roots::touching(&board, p, cell) == 1) else {
                break;
            };
            let effect = roots::effect(&board, p, cell);
            chosen = Some((p, effect));
            if !(effect.suicide && form == Form::Colours) {
                break;
            }
        }
        let Some((p, effect)) = chosen else {
            // No growth point: only a position that play cannot reach.
            return if to_move == Color::Black { 0.0 } else { 1.0 };
        };
        let removed = roots::apply(&mut board, p, cell, &effect);
        form.account(&mut stones, cell, &removed);
        trace.push((to_move, Move::Place(board.vertex(p))));
        to_move = to_move.opponent();
    }
}
