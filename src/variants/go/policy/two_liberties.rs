//! Two-liberty tactics for the playouts, after Pachi's playout policy:
//! when the last move leaves a chain with two liberties, the side to move
//! puts it in atari if it is the opponent's, and runs out or counter-
//! captures if it is its own. Without them a playout lets a chain be
//! taken in two moves as often as not, and misjudges every fight whose
//! groups are short of liberties.

use super::{counter_captures, empty_and_own_neighbours, liberties_after, playable};
use crate::board::{cell_of, Board, OtherLiberties};
use crate::color::Color;

/// The two-liberty answers of `color` to the opponent's move at `last`,
/// gathered into `out` (cleared first, no point twice): ataris on the
/// last move's chain and defences of own chains next to it.
pub(crate) fn two_liberty_answers(board: &Board, color: Color, last: usize, out: &mut Vec<usize>) {
    out.clear();
    if let Some(libs) = two_liberties(board, last) {
        attack(board, libs, color, out);
    }
    let own = cell_of(color);
    let mut seen = [0usize; 4];
    for (k, n) in board.neighbours(last).into_iter().enumerate() {
        if board.cell(n) != own {
            continue;
        }
        let chain = board.chain(n);
        if seen[..k].contains(&chain) {
            continue;
        }
        seen[k] = chain;
        if let Some(libs) = two_liberties(board, n) {
            defend(board, n, libs, color, out);
        }
    }
}

/// The two liberties of the chain through `p`, when it has exactly two.
#[inline]
fn two_liberties(board: &Board, p: usize) -> Option<[usize; 2]> {
    // Most stones have three empty neighbours of their own: no walk.
    if empty_and_own_neighbours(board, p, Color::Black).0 >= 3 {
        return None;
    }
    // With one liberty in hand, the pseudo-liberties tell the rest at once.
    if let Some(e) = board.neighbours(p).into_iter().find(|&n| board.is_empty(n)) {
        return match board.liberties_besides(p, e) {
            OtherLiberties::One(l) => Some([e, l]),
            _ => None,
        };
    }
    match board.liberties_upto(p, 3) {
        [a, b, 0, _] if b != 0 => Some([a, b]),
        _ => None,
    }
}

/// Ataris on a chain with liberties `libs`: each liberty where `color`'s
/// stone is not itself left in atari.
fn attack(board: &Board, libs: [usize; 2], color: Color, out: &mut Vec<usize>) {
    for lib in libs {
        let (empty_next, _) = empty_and_own_neighbours(board, lib, color);
        if stands(board, lib, color, empty_next) {
            push_new(out, lib);
        }
    }
}

/// True when `color` may play at empty `p`, with `empty_next` empty
/// neighbours, and keep two liberties or more. Two empty neighbours say
/// so without reading the chains around.
#[inline]
fn stands(board: &Board, p: usize, color: Color, empty_next: u8) -> bool {
    board.ko_point() != Some(p)
        && (empty_next >= 2 || (playable(board, p, color) && liberties_after(board, p, color) >= 2))
}

/// Defences of `color`'s chain through `chain` with liberties `libs`:
/// capturing an enemy neighbour in atari, or extending on a liberty where
/// that can gain liberties. An extension whose point has a single empty
/// neighbour, or two with the other liberty among them, and touches the
/// chain alone, gains nothing and is left out.
fn defend(board: &Board, chain: usize, libs: [usize; 2], color: Color, out: &mut Vec<usize>) {
    counter_captures(board, chain, color, out);
    for (i, lib) in libs.into_iter().enumerate() {
        let other = libs[1 - i];
        let (empty_next, own_next) = empty_and_own_neighbours(board, lib, color);
        let hopeless =
            own_next == 1 && (empty_next == 1 || (empty_next == 2 && board.neighbours(lib).contains(&other)));
        if !hopeless && stands(board, lib, color, empty_next) {
            push_new(out, lib);
        }
    }
}

fn push_new(out: &mut Vec<usize>, p: usize) {
    if !out.contains(&p) {
        out.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::policy::tests::board;
    use crate::vertex::Vertex;

    fn at(b: &Board, v: &str) -> usize {
        b.point(Vertex::parse(v).unwrap())
    }

    fn answers(b: &Board, color: Color, last: &str) -> Vec<String> {
        let mut out = Vec::new();
        two_liberty_answers(b, color, at(b, last), &mut out);
        let mut names: Vec<String> = out.iter().map(|&p| b.vertex(p).to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_last_move_left_with_two_liberties_is_put_in_atari() {
        // White C3 between black B3 and D3: liberties C2 and C4.
        let b = board(&[".....", ".....", ".XOX.", ".....", "....."]);
        assert_eq!(answers(&b, Color::Black, "C3"), ["C2", "C4"]);
        // With three liberties there is nothing to answer.
        let b = board(&[".....", ".....", ".XO..", ".....", "....."]);
        assert!(answers(&b, Color::Black, "C3").is_empty());
    }

    #[test]
    fn an_atari_that_leaves_the_attacker_in_atari_is_left_out() {
        // White B1 has liberties A1 and B2; black at A1 would have the
        // single liberty A2.
        let b = board(&[".....", ".....", ".....", "..X..", ".OX.."]);
        assert_eq!(answers(&b, Color::Black, "B1"), ["B2"]);
    }

    #[test]
    fn an_own_chain_short_of_liberties_runs_or_counter_captures() {
        // Black C3, between white B3 and D3, has liberties C2 and C4:
        // it runs out on either, or captures white D3 (in atari at D2).
        let b = board(&[".....", "...X.", ".OXOX", ".....", "....."]);
        assert_eq!(answers(&b, Color::Black, "B3"), ["C2", "C4", "D2"]);
    }

    #[test]
    fn a_hopeless_extension_is_left_out() {
        // Black A1-A3 has liberties A4 and B3; each extension touches the
        // chain alone and has one empty neighbour: it gains nothing.
        let b = board(&[".....", ".O...", "X....", "XO...", "XO..."]);
        assert!(answers(&b, Color::Black, "B2").is_empty());
    }
}
