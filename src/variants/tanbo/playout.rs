//! Tanbo's playouts on a copy of the board.
//!
//! In two-colour Tanbo a placement answers the opponent's last one where
//! it matters, as Go playouts answer ataris: it takes the last growth point
//! of an opponent's root near that move (which removes the root), or else
//! extends a root of its own that the move left a single growth point.
//! Otherwise it grows at random, redrawing a few times a placement that
//! would remove its own root (that throws a root away, which is rarely
//! right). Gray Tanbo, where no root is anyone's, grows at random.

use super::roots::{self, Effect};
use super::Form;
use crate::board::{Board, EMPTY, OFF};
use crate::color::Color;
use crate::moves::Move;
use rand::rngs::SmallRng;

/// Draws before a self-removal in two-colour Tanbo is accepted.
const REDRAWS: usize = 3;

/// Plays placements from the position to the end and returns the value for
/// black; every move goes into `trace`.
pub fn run(
    form: Form,
    board: &Board,
    mut to_move: Color,
    mut stones: [u32; 2],
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> f32 {
    let mut board = board.clone();
    let mut last = None;
    loop {
        if let Some(winner) = form.winner(stones, to_move) {
            return if winner == Color::Black { 1.0 } else { 0.0 };
        }
        let cell = form.cell(to_move);
        let reply = match (form, last) {
            (Form::Colours, Some(last)) => answer(&board, last, cell),
            _ => None,
        };
        let Some((p, effect)) = reply.or_else(|| random_growth(form, &board, cell, rng)) else {
            // No growth point: only a position that play cannot reach.
            return if to_move == Color::Black { 0.0 } else { 1.0 };
        };
        let removed = roots::apply(&mut board, p, cell, &effect);
        form.account(&mut stones, cell, &removed);
        trace.push((to_move, Move::Place(board.vertex(p))));
        last = Some(p);
        to_move = to_move.opponent();
    }
}

/// A random growth point of `cell` and its effect.
fn random_growth(form: Form, board: &Board, cell: u8, rng: &mut SmallRng) -> Option<(usize, Effect)> {
    let mut chosen = None;
    for _ in 0..=REDRAWS {
        let p = board.random_empty(rng, |p| roots::touching(board, p, cell) == 1)?;
        let effect = roots::effect(board, p, cell);
        chosen = Some((p, effect));
        if !(effect.suicide && form == Form::Colours) {
            break;
        }
    }
    chosen
}

/// The answer of the side placing `cell` to the opponent's placement at
/// `last`: a capture of a root near it left one growth point that `cell`
/// may take, else the extension of a root of `cell` beside it left one
/// growth point; neither when it would remove the mover's own root.
fn answer(board: &Board, last: usize, cell: u8) -> Option<(usize, Effect)> {
    // A stone of every root whose growth points the move changed: roots
    // beside it, and roots beside its empty neighbours.
    let mut near = [0usize; 16];
    let mut count = 0;
    let mut add = |stone: usize| {
        let head = board.chain(stone);
        if count < near.len() && !near[..count].iter().any(|&s| board.chain(s) == head) {
            near[count] = stone;
            count += 1;
        }
    };
    if board.cell(last) != EMPTY {
        add(last);
    }
    for n in board.neighbours(last) {
        match board.cell(n) {
            EMPTY => {
                for m in board.neighbours(n) {
                    if !matches!(board.cell(m), EMPTY | OFF) {
                        add(m);
                    }
                }
            }
            OFF => {}
            _ => add(n),
        }
    }
    let mut save = None;
    for &stone in &near[..count] {
        let ([g, _], growth) = roots::growth_upto_two(board, stone);
        if growth != 1 || !roots::can_grow(board, g, cell) {
            continue;
        }
        let effect = roots::effect(board, g, cell);
        if effect.suicide {
            continue;
        }
        if board.cell(stone) != cell {
            return Some((g, effect));
        }
        save.get_or_insert((g, effect));
    }
    save
}
