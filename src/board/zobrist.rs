//! Zobrist keys, computed on the fly from a mixing function instead of a table:
//! the same key for the same (point, cell, kind) on every board and every run.
//!
//! Every key of game state outside the board is named in [`StateKey`], each
//! kind with a tag range of its own, so that no two variants pick the same
//! tag for different things by accident.

use crate::color::Color;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// SplitMix64's finaliser: a fast, well-mixed 64-bit hash.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Key of a piece with cell code `cell` and kind `kind` on board index `point`.
#[inline]
pub fn piece_key(point: usize, cell: u8, kind: u8) -> u64 {
    mix(((point as u64) << 16) | ((cell as u64) << 8) | kind as u64)
}

/// The piece kind that Migoyugo's own board gives its pieces in
/// [`piece_key`], apart from the Go board's kinds.
pub const MIGOYUGO_KIND: u8 = 0x4D;

/// The piece kind of the gray stones of the gray-stone games in
/// [`piece_key`], apart from every other board's kinds.
pub const GRAY_KIND: u8 = 0x47;

/// The cell code of GoRoGo's henge in [`piece_key`] (its stones use the
/// Go board's cell codes).
pub const HENGE_CELL: u8 = 3;

/// A piece of game state outside the board. Each has its own tag range in
/// [`StateKey::tag`]; the tags are fixed, since the exact solver and the
/// search trees are keyed by the hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateKey {
    /// Consecutive passes (Go family): tags 0-99.
    Passes(u8),
    /// White to move: tag 100.
    WhiteToMove,
    /// Atari Go's winner by capture: tags 200-201.
    Winner(Color),
    /// Yugo's button holder: tags 300-301.
    Button(Color),
    /// The exact solver proving White's win rather than Black's.
    SolverTargetWhite,
    /// GoRoGo: how many normal pieces or henges a hand holds.
    GoRoGoHand { color: Color, henge: bool, count: u8 },
    /// GoRoGo: how many pieces a player has captured.
    GoRoGoCaptures { color: Color, count: u8 },
    /// GoRoGo's own side-to-move key.
    GoRoGoWhiteToMove,
    /// GoRoGo: the player who played a henge as their last piece.
    GoRoGoLoser(Color),
    /// War Go: how many of an army piece (by index) a hand holds.
    WarGoHand { color: Color, army: usize, count: u32 },
    /// War Go's Buying Armies: the side is still buying.
    WarGoBuying(Color),
    /// Group Go: how many of a polyomino (by index) a hand holds.
    OminoHand { color: Color, omino: usize, count: u32 },
    /// Omino Go: the game's first move, which has its own pieces, is still to come.
    OminoFirstMove,
    /// War Go's special stones: the side to move plays the second move of
    /// its turn, after an extra move.
    WarGoSecondMove,
    /// War Go's special stones: how many King's Sons a side has lost.
    WarGoSonsLost { color: Color, count: u32 },
    /// Gray-stone games: a player's score (Squares' points, Unsquare Go's
    /// captured stones).
    GrayScore { color: Color, count: u16 },
}

impl StateKey {
    /// The tag that the key mixes; inlined, so that a known key folds
    /// to a constant.
    #[inline]
    pub fn tag(self) -> u64 {
        let side = |c: Color| c.index() as u64;
        match self {
            StateKey::Passes(n) => {
                debug_assert!(n < 100, "passes overlap the side-to-move tag");
                n as u64
            }
            StateKey::WhiteToMove => 100,
            StateKey::Winner(c) => 200 + side(c),
            StateKey::Button(c) => 300 + side(c),
            StateKey::SolverTargetWhite => 0x501E_0000,
            StateKey::GoRoGoHand { color, henge, count } => {
                0x6060_0000 | side(color) << 12 | (henge as u64) << 8 | count as u64
            }
            StateKey::GoRoGoCaptures { color, count } => 0x6061_0000 | side(color) << 8 | count as u64,
            StateKey::GoRoGoWhiteToMove => 0x6062_0000,
            StateKey::GoRoGoLoser(c) => 0x6063_0000 | side(c),
            StateKey::WarGoHand { color, army, count } => {
                debug_assert!(army < 256 && count < 4096);
                0x7a00_0000 | side(color) << 20 | (army as u64) << 12 | count as u64
            }
            StateKey::WarGoBuying(c) => 0x7b00_0000 | side(c),
            StateKey::OminoHand { color, omino, count } => {
                debug_assert!(omino < 256 && count < 4096);
                0x7c00_0000 | side(color) << 20 | (omino as u64) << 12 | count as u64
            }
            StateKey::OminoFirstMove => 0x7d00_0000,
            StateKey::WarGoSecondMove => 0x7e00_0000,
            StateKey::WarGoSonsLost { color, count } => {
                debug_assert!(count < 1 << 20);
                0x7f00_0000 | side(color) << 20 | count as u64
            }
            StateKey::GrayScore { color, count } => 0x6700_0000 | side(color) << 16 | count as u64,
        }
    }

    /// The key itself.
    #[inline]
    pub fn key(self) -> u64 {
        state_key(self.tag())
    }
}

/// The side-to-move key: 0 for black, [`StateKey::WhiteToMove`] for white.
#[inline]
pub fn side_key(to_move: Color) -> u64 {
    match to_move {
        Color::Black => 0,
        Color::White => StateKey::WhiteToMove.key(),
    }
}

/// Key of a tag of game state outside the board; see [`StateKey`].
#[inline]
fn state_key(tag: u64) -> u64 {
    mix(0xFFFF_0000_0000 | tag)
}

/// Zobrist keys and pattern keys are already well-mixed hashes: a table
/// of them uses them as they are, not through SipHash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every key a game can use, with no two kinds sharing a tag.
    #[test]
    fn no_two_state_keys_share_a_tag() {
        let mut keys = vec![
            StateKey::WhiteToMove,
            StateKey::SolverTargetWhite,
            StateKey::GoRoGoWhiteToMove,
            StateKey::OminoFirstMove,
            StateKey::WarGoSecondMove,
        ];
        keys.extend((0..100).map(StateKey::Passes));
        for color in Color::BOTH {
            keys.extend([
                StateKey::Winner(color),
                StateKey::Button(color),
                StateKey::GoRoGoLoser(color),
                StateKey::WarGoBuying(color),
            ]);
            for count in 0..=25 {
                keys.push(StateKey::GoRoGoCaptures { color, count });
                for henge in [false, true] {
                    keys.push(StateKey::GoRoGoHand { color, henge, count });
                }
            }
            keys.extend((0..=625).map(|count| StateKey::GrayScore { color, count }));
            for army in 0..18 {
                keys.extend((0..700).map(|count| StateKey::WarGoHand { color, army, count }));
            }
            for omino in 0..10 {
                keys.extend((0..700).map(|count| StateKey::OminoHand { color, omino, count }));
            }
            keys.extend((0..100).map(|count| StateKey::WarGoSonsLost { color, count }));
        }
        let mut seen = HashMap::new();
        for key in keys {
            if let Some(other) = seen.insert(key.tag(), key) {
                panic!("{key:?} and {other:?} share tag {:#x}", key.tag());
            }
        }
    }

    #[test]
    fn the_tags_are_the_ones_hashes_were_built_with() {
        assert_eq!(StateKey::WhiteToMove.key(), mix(0xFFFF_0000_0000 | 100));
        assert_eq!(StateKey::Passes(0).key(), mix(0xFFFF_0000_0000));
        assert_eq!(StateKey::Button(Color::White).tag(), 301);
    }
}
