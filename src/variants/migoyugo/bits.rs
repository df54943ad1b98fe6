//! Bit sets over board points for the Migoyugo bitboard: one `u64` for
//! boards up to 8x8 (rows of 8 bits), and a 384-bit set for boards up to
//! 19x19 (rows of 20 bits, so that a column of padding separates them).
//!
//! A point's index is `y * STRIDE + x`. Shifting a set moves every point one
//! step along a direction; the geometry's source masks drop the points whose
//! step would leave the board, so that no row wraps onto the next.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};
use std::sync::OnceLock;

/// A set of board points.
pub trait Bits:
    Copy
    + Default
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Bits per board row.
    const STRIDE: usize;
    /// The largest board the set holds.
    const MAX_SIZE: usize;

    fn bit(index: usize) -> Self;
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// The lowest index in the set, which must not be empty.
    fn first(self) -> usize;
    /// The set without its lowest index.
    fn without_first(self) -> Self;
    /// The `k`-th lowest index (from 0), which must exist.
    fn nth(self, k: u32) -> usize;
    /// The geometry of a board of `size`, built once per size.
    fn geometry(size: usize) -> &'static Geometry<Self>;

    fn has(self, index: usize) -> bool {
        !(self & Self::bit(index)).is_empty()
    }

    /// The indices of the set, lowest first.
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterates over the indices of a set.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let first = self.0.first();
        self.0 = self.0.without_first();
        Some(first)
    }
}

/// The four line directions: across, up, up-right and up-left.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// What a board of one size needs to move sets along lines.
#[derive(Debug)]
pub struct Geometry<B> {
    pub size: usize,
    /// Every point of the board.
    pub board: B,
    /// Bit distance of one step along each direction.
    pub step: [u32; 4],
    /// Points whose step forward (backward) along a direction stays on the board.
    pub forward_source: [B; 4],
    pub backward_source: [B; 4],
    /// How many lines of four on the board pass through each point (0 to
    /// 16), in binary: bit plane `k` holds the points whose count has bit
    /// `k` set. The evaluation's measure of a point's worth.
    pub windows: [B; 5],
    /// Per direction, the points where a line of four starts.
    pub line_starts: [B; 4],
}

impl<B: Bits> Geometry<B> {
    fn new(size: usize) -> Geometry<B> {
        let on = |x: i32, y: i32| (0..size as i32).contains(&x) && (0..size as i32).contains(&y);
        let index = |x: i32, y: i32| y as usize * B::STRIDE + x as usize;
        let mut board = B::default();
        let mut forward_source = [B::default(); 4];
        let mut backward_source = [B::default(); 4];
        let mut line_starts = [B::default(); 4];
        for y in 0..size as i32 {
            for x in 0..size as i32 {
                let bit = B::bit(index(x, y));
                board |= bit;
                for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    if on(x + dx, y + dy) {
                        forward_source[d] |= bit;
                    }
                    if on(x - dx, y - dy) {
                        backward_source[d] |= bit;
                    }
                    if on(x + 3 * dx, y + 3 * dy) {
                        line_starts[d] |= bit;
                    }
                }
            }
        }
        let mut windows = [B::default(); 5];
        for y in 0..size as i32 {
            for x in 0..size as i32 {
                let count = DIRECTIONS
                    .iter()
                    .map(|&(dx, dy)| {
                        // Lines of four starting 0 to 3 steps behind (x, y).
                        (0..4)
                            .filter(|&back| (0..4).all(|k| on(x + (k - back) * dx, y + (k - back) * dy)))
                            .count()
                    })
                    .sum::<usize>();
                for (k, plane) in windows.iter_mut().enumerate() {
                    if count >> k & 1 != 0 {
                        *plane |= B::bit(index(x, y));
                    }
                }
            }
        }
        let stride = B::STRIDE as i32;
        let step = DIRECTIONS.map(|(dx, dy)| (dy * stride + dx) as u32);
        Geometry {
            size,
            board,
            step,
            forward_source,
            backward_source,
            windows,
            line_starts,
        }
    }

    /// The lines of four through the points of `set`, summed.
    #[inline(always)]
    pub fn windows_of(&self, set: B) -> u32 {
        self.windows
            .iter()
            .enumerate()
            .map(|(k, &plane)| (set & plane).count() << k)
            .sum()
    }

    /// For each colour (indexed as `pieces`), the lines of four with at
    /// least two of its pieces and none of the opponent's: the lines it may
    /// still fill.
    #[inline(always)]
    pub fn open_lines(&self, pieces: [B; 2]) -> [u32; 2] {
        let mut open = [0; 2];
        for d in 0..4 {
            // Bit p of the k-th set is the point k steps forward of p. The
            // shifts wrap rows, but only at points that start no line.
            let step = self.step[d];
            let ahead = |set: B| [set, set.shr(step), set.shr(2 * step), set.shr(3 * step)];
            let [mine, theirs] = pieces.map(ahead);
            let any = |[a, b, c, e]: [B; 4]| a | b | c | e;
            let two = |[a, b, c, e]: [B; 4]| (a & b) | (c & e) | ((a | b) & (c | e));
            open[0] += (two(mine) & !any(theirs) & self.line_starts[d]).count();
            open[1] += (two(theirs) & !any(mine) & self.line_starts[d]).count();
        }
        open
    }

    /// Every point of `set` moved one step forward along direction `d`.
    #[inline(always)]
    pub fn forward(&self, set: B, d: usize) -> B {
        (set & self.forward_source[d]).shl(self.step[d])
    }

    /// Every point of `set` moved one step backward along direction `d`.
    #[inline(always)]
    pub fn backward(&self, set: B, d: usize) -> B {
        (set & self.backward_source[d]).shr(self.step[d])
    }
}

/// The geometries of every size a set type holds, built on first use.
fn geometries<B: Bits>(cell: &'static OnceLock<Vec<Geometry<B>>>, size: usize) -> &'static Geometry<B> {
    let all = cell.get_or_init(|| (0..=B::MAX_SIZE).map(Geometry::new).collect());
    &all[size]
}

impl Bits for u64 {
    const STRIDE: usize = 8;
    const MAX_SIZE: usize = 8;

    #[inline(always)]
    fn bit(index: usize) -> u64 {
        1 << index
    }
    #[inline(always)]
    fn shl(self, n: u32) -> u64 {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u64 {
        self >> n
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn without_first(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn nth(self, k: u32) -> usize {
        nth_in_word(self, k)
    }
    fn geometry(size: usize) -> &'static Geometry<u64> {
        static CELL: OnceLock<Vec<Geometry<u64>>> = OnceLock::new();
        geometries(&CELL, size)
    }
}

/// The `k`-th lowest set bit of a word: whole bytes are skipped by their
/// counts, then the byte is searched bit by bit.
#[inline]
fn nth_in_word(mut word: u64, mut k: u32) -> usize {
    let mut base = 0;
    loop {
        let byte = word & 0xFF;
        let n = byte.count_ones();
        if k < n {
            let mut b = byte;
            for _ in 0..k {
                b &= b - 1;
            }
            return base + b.trailing_zeros() as usize;
        }
        k -= n;
        word >>= 8;
        base += 8;
    }
}

/// Words of the wide set.
const WORDS: usize = 6;

/// A set of up to 384 points: boards up to 19x19 in rows of 20 bits.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Wide([u64; WORDS]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, rhs: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & rhs.0[i]))
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, rhs: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | rhs.0[i]))
    }
}

impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, rhs: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Wide) {
        *self = *self & rhs;
    }
}

impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Wide) {
        *self = *self | rhs;
    }
}

impl Bits for Wide {
    const STRIDE: usize = 20;
    const MAX_SIZE: usize = 19;

    #[inline(always)]
    fn bit(index: usize) -> Wide {
        let mut w = Wide::default();
        w.0[index / 64] = 1 << (index % 64);
        w
    }

    /// Shifts towards higher indices by `n` < 64 bits.
    #[inline(always)]
    fn shl(self, n: u32) -> Wide {
        if n == 0 {
            return self;
        }
        Wide(std::array::from_fn(|i| {
            let carry = if i > 0 { self.0[i - 1] >> (64 - n) } else { 0 };
            (self.0[i] << n) | carry
        }))
    }

    /// Shifts towards lower indices by `n` < 64 bits.
    #[inline(always)]
    fn shr(self, n: u32) -> Wide {
        if n == 0 {
            return self;
        }
        Wide(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS { self.0[i + 1] << (64 - n) } else { 0 };
            (self.0[i] >> n) | carry
        }))
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn first(self) -> usize {
        let i = self.0.iter().position(|&w| w != 0).unwrap_or(WORDS - 1);
        i * 64 + self.0[i].trailing_zeros() as usize
    }

    #[inline(always)]
    fn without_first(self) -> Wide {
        let mut out = self;
        if let Some(w) = out.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        out
    }

    fn nth(self, mut k: u32) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            let n = w.count_ones();
            if k < n {
                return i * 64 + nth_in_word(w, k);
            }
            k -= n;
        }
        panic!("nth: the set has fewer bits")
    }

    fn geometry(size: usize) -> &'static Geometry<Wide> {
        static CELL: OnceLock<Vec<Geometry<Wide>>> = OnceLock::new();
        geometries(&CELL, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set<B: Bits>(indices: &[usize]) -> B {
        indices.iter().fold(B::default(), |s, &i| s | B::bit(i))
    }

    fn check_shifts<B: Bits>() {
        for size in [4, 5, B::MAX_SIZE] {
            let g = B::geometry(size);
            assert_eq!(g.board.count() as usize, size * size);
            for y in 0..size {
                for x in 0..size {
                    let p = B::bit(y * B::STRIDE + x);
                    for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                        let (fx, fy) = (x as i32 + dx, y as i32 + dy);
                        let on = (0..size as i32).contains(&fx) && (0..size as i32).contains(&fy);
                        let expected = if on {
                            B::bit(fy as usize * B::STRIDE + fx as usize)
                        } else {
                            B::default()
                        };
                        assert_eq!(g.forward(p, d), expected, "size {size} ({x},{y}) dir {d}");
                        if on {
                            assert_eq!(g.backward(expected, d), p);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn steps_stay_on_the_board_for_both_set_types() {
        check_shifts::<u64>();
        check_shifts::<Wide>();
    }

    #[test]
    fn counting_and_selecting_bits() {
        let s: Wide = set(&[3, 63, 64, 200, 379]);
        assert_eq!(s.count(), 5);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 63, 64, 200, 379]);
        assert_eq!((0..5).map(|k| s.nth(k)).collect::<Vec<_>>(), vec![3, 63, 64, 200, 379]);
        let t: u64 = set(&[0, 9, 17, 40, 63]);
        assert_eq!((0..5).map(|k| t.nth(k)).collect::<Vec<_>>(), vec![0, 9, 17, 40, 63]);
        assert_eq!(t.first(), 0);
        assert_eq!(t.without_first().first(), 9);
    }
}
