//! The static evaluation of a Migoyugo position for the alpha-beta search,
//! in hundredths of a Yugo, from the side to move's point of view.
//!
//! Yugos are what wins (an Igo is four in a row, a Wego is counted in
//! them), so they weigh most. Each piece is worth more where more lines of
//! four pass through it (the centre), a Yugo more so, as its lines may
//! still make an Igo. A point where a side would make a Yugo with its next
//! placement is a threat: the side to move cashes one in, the opponent's
//! have to be met one at a time.

use super::bits::Bits;
use super::board::Bitboard;
use crate::color::Color;

/// One Yugo (a double Yugo counts twice).
pub const YUGO: i32 = 100;
/// Per line of four through a Yugo, and through a Migo.
const YUGO_LINES: i32 = 2;
const MIGO_LINES: i32 = 1;
/// The mover's first point that makes a Yugo, and each further one.
const OWN_THREAT: i32 = 60;
const OWN_EXTRA_THREAT: i32 = 10;
/// The opponent's points that make a Yugo: one can be blocked, of two or
/// more one will be taken.
const OPPONENT_THREAT: i32 = 20;
const OPPONENT_DOUBLE_THREAT: i32 = 60;
const OPPONENT_EXTRA_THREAT: i32 = 10;
/// Having the move.
const TEMPO: i32 = 5;

/// The worth of `board` for `color` to move.
#[inline]
pub fn evaluate<B: Bits>(board: &Bitboard<B>, color: Color) -> i32 {
    let geo = board.geometry();
    let total = board.yugo_total();
    let side = |c: Color| {
        YUGO * total[c.index()] as i32
            + YUGO_LINES * geo.windows_of(board.yugos(c)) as i32
            + MIGO_LINES * geo.windows_of(board.migos(c)) as i32
    };
    let opponent = color.opponent();
    let own_threats = board.yugo_moves(color).count() as i32;
    let opponent_threats = board.yugo_moves(opponent).count() as i32;
    let own = match own_threats {
        0 => 0,
        n => OWN_THREAT + OWN_EXTRA_THREAT * (n - 1).min(3),
    };
    let against = match opponent_threats {
        0 => 0,
        1 => OPPONENT_THREAT,
        n => OPPONENT_DOUBLE_THREAT + OPPONENT_EXTRA_THREAT * (n - 2).min(2),
    };
    let threats = own - against;
    side(color) - side(opponent) + threats + TEMPO
}
