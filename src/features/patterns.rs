//! The shape around a move, in every variant: the pieces out to distance 3
//! (the 3x3 square) through 8 (48 points) in Coulom's measure
//! `dx + dy + max(dx, dy)`, as nested patterns hashed the same in all
//! eight symmetries, with the pieces seen from the mover. A board says
//! what stands on each point ([`Content`]); the hashing is written once
//! here, and Go's board, which hashes millions of patterns a second, runs
//! the same hashing from tables of its own (`variants::go::features`).

use std::sync::OnceLock;

/// The largest pattern distance.
pub const MAX_DISTANCE: i32 = 8;
/// Pattern sizes: every point within distance `LEVELS[i]` of the move.
pub const LEVELS: [i32; 6] = [3, 4, 5, 6, 7, 8];

/// What stands on a point, from the mover's side. Empty points add
/// nothing to a hash.
pub type Content = usize;
pub const EMPTY: Content = 0;
/// A piece of the mover's.
pub const OWN: Content = 1;
/// A piece of the opponent's.
pub const ENEMY: Content = 2;
/// A point off the board.
pub const OFF: Content = 3;
/// A piece that is nobody's: a gray stone.
pub const GRAY: Content = 4;
/// A point of the move itself, other than the one it is seen from: the
/// other stones of a dropped piece.
pub const PLACED: Content = 5;
/// A piece that is the mover's and the opponent's alike: GoRoGo's henge.
pub const HENGE: Content = 6;
/// A piece of the mover's of a second kind, and one of the opponent's:
/// Migoyugo's Yugos.
pub const OWN_PROMOTED: Content = 7;
pub const ENEMY_PROMOTED: Content = 8;
/// How many kinds of content the hashing tells apart.
pub const CONTENTS: usize = 9;

/// Every offset within [`MAX_DISTANCE`] and the keys of what may stand
/// there in each symmetry.
pub struct Geometry {
    /// Every offset within `MAX_DISTANCE`, nearest first: (dx, dy, distance).
    pub offsets: Vec<(i32, i32, i32)>,
    /// For each offset and symmetry, the keys of each content (empty
    /// points add nothing): the key of the point the symmetry maps it to.
    pub keys: Vec<[[u64; CONTENTS]; 8]>,
}

/// The one geometry of every board.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let distance = |dx: i32, dy: i32| dx.abs() + dy.abs() + dx.abs().max(dy.abs());
        let mut offsets: Vec<(i32, i32, i32)> = (-MAX_DISTANCE..=MAX_DISTANCE)
            .flat_map(|dy| (-MAX_DISTANCE..=MAX_DISTANCE).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| (dx, dy, distance(dx, dy)))
            .filter(|&(_, _, d)| (2..=MAX_DISTANCE).contains(&d))
            .collect();
        offsets.sort_by_key(|&(dx, dy, d)| (d, dy, dx));
        // Fixed keys, so that a model's patterns stay valid: Go's three
        // contents from one stream, as they were first drawn, each later
        // kind of content from a stream of its own.
        let mut go_keys = SplitMix(0x5eed_0f9a_77e4);
        let mut gray_keys = SplitMix(0x9a7e_5eed_0f4b);
        let mut placed_keys = SplitMix(0x91ac_ed5e_ed07);
        let mut henge_keys = SplitMix(0x4e19_e5ee_d0c3);
        let mut promoted_keys = SplitMix(0x7a90_5eed_1e55);
        let point_keys: Vec<[u64; CONTENTS]> = offsets
            .iter()
            .map(|_| {
                let (own, enemy, off) = (go_keys.next(), go_keys.next(), go_keys.next());
                let (gray, placed, henge) = (gray_keys.next(), placed_keys.next(), henge_keys.next());
                let (own_promoted, enemy_promoted) = (promoted_keys.next(), promoted_keys.next());
                [0, own, enemy, off, gray, placed, henge, own_promoted, enemy_promoted]
            })
            .collect();
        let index = |dx: i32, dy: i32| {
            offsets
                .iter()
                .position(|&(ox, oy, _)| (ox, oy) == (dx, dy))
                .expect("symmetries keep distances")
        };
        let keys = offsets
            .iter()
            .map(|&(dx, dy, _)| {
                std::array::from_fn(|sym| {
                    let (a, b) = if sym & 4 != 0 { (dy, dx) } else { (dx, dy) };
                    let a = if sym & 1 != 0 { -a } else { a };
                    let b = if sym & 2 != 0 { -b } else { b };
                    point_keys[index(a, b)]
                })
            })
            .collect();
        Geometry { offsets, keys }
    })
}

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The least of the eight symmetric hashes, with the points off the board
/// added, told apart by level.
#[inline]
pub fn canonical(hashes: &[u64; 8], edges: &[u64; 8], level: usize) -> u64 {
    let least = hashes.iter().zip(edges).map(|(h, e)| h ^ e).min().unwrap_or(0);
    least ^ (level as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Hands the pattern keys of a move at `(x, y)` on a `size` board to
/// `more`, smallest first, for as long as it asks for the next;
/// `content(x, y)` says what stands on each point of the board.
pub fn keys_while(
    size: usize,
    (x, y): (usize, usize),
    content: impl Fn(usize, usize) -> Content,
    more: &mut dyn FnMut(u64) -> bool,
) {
    let geometry = geometry();
    let n = size as i32;
    let mut hashes = [0u64; 8];
    let mut offsets = geometry.offsets.iter().zip(&geometry.keys).peekable();
    for (level, &reach) in LEVELS.iter().enumerate() {
        while let Some((&(dx, dy, _), keys)) = offsets.next_if(|((_, _, d), _)| *d <= reach) {
            let (px, py) = (x as i32 + dx, y as i32 + dy);
            let cell = if px < 0 || py < 0 || px >= n || py >= n {
                OFF
            } else {
                content(px as usize, py as usize)
            };
            if cell != EMPTY {
                for (hash, key) in hashes.iter_mut().zip(keys) {
                    *hash ^= key[cell];
                }
            }
        }
        if !more(canonical(&hashes, &[0; 8], level)) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_hold_the_expected_points() {
        let g = geometry();
        let counts: Vec<usize> = LEVELS
            .iter()
            .map(|&l| g.offsets.iter().filter(|o| o.2 <= l).count())
            .collect();
        assert_eq!(counts, [8, 12, 20, 28, 36, 48]);
    }

    fn keys(size: usize, at: (usize, usize), content: impl Fn(usize, usize) -> Content) -> Vec<u64> {
        let mut keys = Vec::new();
        keys_while(size, at, content, &mut |key| {
            keys.push(key);
            true
        });
        keys
    }

    #[test]
    fn a_pattern_is_the_same_in_every_symmetry() {
        // Gray stones at (1, 0) and (2, 1) around (1, 1) on a 7x7 board,
        // and the same shape turned a quarter and mirrored around (5, 5).
        let a = |x, y| {
            if [(1, 0), (2, 1)].contains(&(x, y)) {
                GRAY
            } else {
                EMPTY
            }
        };
        let b = |x, y| {
            if [(6, 5), (5, 4)].contains(&(x, y)) {
                GRAY
            } else {
                EMPTY
            }
        };
        let (ka, kb) = (keys(7, (1, 1), a), keys(7, (5, 5), b));
        assert_eq!(ka, kb);
        assert_eq!(ka.len(), LEVELS.len());
        // Every level differs from the next, and the contents differ.
        assert!(ka.windows(2).all(|w| w[0] != w[1]));
        let own = |x, y| if [(1, 0), (2, 1)].contains(&(x, y)) { OWN } else { EMPTY };
        assert_ne!(keys(7, (1, 1), own), ka);
    }
}
