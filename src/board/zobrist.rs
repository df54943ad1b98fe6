//! Zobrist keys, computed on the fly from a mixing function instead of a table:
//! the same key for the same (point, cell, kind) on every board and every run.

/// SplitMix64's finaliser: a fast, well-mixed 64-bit hash.
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

/// Key of a piece of game state outside the board (side to move, button...).
pub fn state_key(tag: u64) -> u64 {
    mix(0xFFFF_0000_0000 | tag)
}
