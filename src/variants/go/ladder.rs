//! Ladders read to their end, and the line of a point: the tactics that
//! both the priors and the move model's features ask about.

use crate::board::{cell_of, Board, OtherLiberties};
use crate::color::Color;

/// How far a ladder is read, in plies: farther than any ladder runs on a
/// board of up to 25x25.
const LADDER_DEPTH: usize = 100;
/// How many moves a ladder reading may play, so that a tangle of ataris
/// costs a node's priors little more than a plain ladder does.
const LADDER_BUDGET: usize = 400;

/// True when `color` playing at `p` puts an opponent chain in atari that a
/// ladder then catches.
pub fn ladder_works(board: &Board, p: usize, color: Color) -> bool {
    let enemy = cell_of(color.opponent());
    let mut after: Option<Board> = None;
    let mut read = Vec::new();
    for n in board.neighbours(p) {
        // A chain with two liberties, `p` one of them, read once.
        if board.cell(n) != enemy
            || !matches!(board.liberties_besides(n, p), OtherLiberties::One(_))
            || read.contains(&board.chain(n))
        {
            continue;
        }
        read.push(board.chain(n));
        let after = after.get_or_insert_with(|| {
            let mut b = board.clone();
            b.play(p, color, 0);
            b
        });
        if ladder_caught(after, n, color) {
            return true;
        }
    }
    false
}

/// True when the chain through `chain`, in atari with its side to move, is
/// caught in a ladder by `attacker`: no extension or capture gets it out.
pub fn ladder_caught(board: &Board, chain: usize, attacker: Color) -> bool {
    let mut budget = LADDER_BUDGET;
    !escapes(board, chain, attacker, 0, &mut budget)
}

/// True when `color` extending at `p` out of atari leaves a chain that
/// the opponent then catches in a ladder.
pub(crate) fn escape_fails(board: &Board, p: usize, color: Color) -> bool {
    let mut after = board.clone();
    after.play(p, color, 0);
    let mut budget = LADDER_BUDGET;
    catches(&after, p, color.opponent(), 1, &mut budget)
}

/// True when the defender to move gets its chain through `chain` (in
/// atari) out of the ladder: by extending on its liberty or by capturing
/// an attacker chain next to it that is in atari. Running out of depth or
/// budget counts as an escape, so only a ladder read to its end works.
fn escapes(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
    let Some(lib) = board.atari_liberty(chain) else {
        return true;
    };
    let enemy = cell_of(attacker);
    let mut moves = vec![lib];
    for stone in board.chain_stones(chain) {
        for n in board.neighbours(stone) {
            if board.cell(n) == enemy {
                if let Some(l) = board.atari_liberty(n) {
                    if !moves.contains(&l) {
                        moves.push(l);
                    }
                }
            }
        }
    }
    for m in moves {
        if depth >= LADDER_DEPTH || *budget == 0 {
            return true;
        }
        if board.ko_point() == Some(m) {
            continue;
        }
        *budget -= 1;
        let mut after = board.clone();
        after.play(m, attacker.opponent(), 0);
        if !catches(&after, chain, attacker, depth + 1, budget) {
            return true;
        }
    }
    false
}

/// True when `attacker`, to move, catches the chain through `chain`: it
/// has one liberty left (none: the defender's move was suicide), or two
/// and an atari on one of them leaves no escape. Three liberties get out.
fn catches(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
    let libs = board.liberties_upto(chain, 3);
    match libs.iter().take_while(|&&l| l != 0).count() {
        0 => true,
        // A ko the attacker may not take back at once is no catch.
        1 => board.ko_point() != Some(libs[0]),
        2 => libs[..2].iter().any(|&a| {
            if depth >= LADDER_DEPTH || *budget == 0 || board.ko_point() == Some(a) || board.is_suicide(a, attacker) {
                return false;
            }
            *budget -= 1;
            let mut after = board.clone();
            after.play(a, attacker, 0);
            // An atari that captures a neighbour may leave more liberties.
            after.atari_liberty(chain).is_some() && !escapes(&after, chain, attacker, depth + 1, budget)
        }),
        _ => false,
    }
}

/// The line of `p` counted from 0 at the nearest edge.
pub fn line(board: &Board, p: usize) -> usize {
    let size = board.size();
    let v = board.vertex(p);
    let (x, y) = (v.x as usize, v.y as usize);
    x.min(y).min(size - 1 - x).min(size - 1 - y)
}
