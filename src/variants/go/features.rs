//! What the learned move model (see [`crate::features`]) knows of a Go
//! move, and of the moves of the variants on Go's board (Atari Go, Yugo,
//! two-colour Tanbo): a few tactical facts and the shape around it, after
//! Coulom's "Computing Elo Ratings of Move Patterns" and Pachi's pattern
//! prior.
//!
//! - **Tactics**: what the move captures, whether it saves a chain from
//!   atari (and whether a ladder then takes it), puts an enemy chain in
//!   atari (and whether a ladder then catches it), or leaves its own chain
//!   in atari.
//! - **Places**: the line from the edge, and the distance to the last two
//!   moves in Coulom's measure `dx + dy + max(dx, dy)`.
//! - **Shape**: the stones around the move, as [`crate::features::patterns`]
//!   hashes them, from tables of every board size so that hashing a
//!   pattern checks no bounds. The model knows the patterns that players
//!   chose often enough; a move counts as the largest of its patterns
//!   that the model knows.

use super::ladder::{escape_fails, ladder_works};
use super::policy::liberties_after;
use crate::board::{cell_of, Board, OtherLiberties, EMPTY};
use crate::color::Color;
use crate::features::patterns::{canonical, geometry, ENEMY, LEVELS, OFF, OWN};
use crate::features::{line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::Move;
use std::sync::OnceLock;

/// The tactical features of a move on Go's board, in the order of
/// [`Tactics::values`].
pub const TACTICS: &[Tactic] = &[
    Tactic::new("capture", 7),
    Tactic::new("escape", 4),
    Tactic::new("atari", 3),
    Tactic::new("self-atari", 3),
    Tactic::new("line", 5),
    Tactic::new("last", 18),
    Tactic::new("last2", 18),
];

/// The tactical and place features of a move, one value each, with 0
/// for "none" where a feature can be absent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tactics {
    /// 0 none; 1, 2, 3 for 1, 2-3 and 4 or more stones; 4-6 the same when
    /// the last move's chain is among them.
    pub capture: u8,
    /// 0 none; 1 saves one stone from atari, 2 a chain of more; 3 the
    /// escape runs into a working ladder.
    pub escape: u8,
    /// 0 none; 1 ataris an enemy chain; 2 the atari starts a working ladder.
    pub atari: u8,
    /// 0 none; 1 leaves the moved stone alone in atari; 2 a chain of more.
    pub self_atari: u8,
    /// The line from the edge, 0 to 4 (4 for the fifth and further).
    pub line: u8,
    /// Distance to the last move, 2 to 17 (17 also for farther), 0 for none.
    pub last: u8,
    /// Distance to the move before the last, the same way.
    pub last2: u8,
}

impl Tactics {
    /// The values in field order.
    pub fn values(&self) -> TacticValues {
        [
            self.capture,
            self.escape,
            self.atari,
            self.self_atari,
            self.line,
            self.last,
            self.last2,
        ]
    }
}

/// The tactical features of `color` playing at empty `p` (legal), with
/// `last` and `last2` the points of the last two moves (0 for none or a
/// pass).
pub fn tactics(board: &Board, color: Color, p: usize, last: usize, last2: usize) -> Tactics {
    let distance = |q: usize| {
        if q == 0 || board.is_empty(q) {
            0
        } else {
            move_distance(board.vertex(p), board.vertex(q))
        }
    };
    let places = Tactics {
        line: line(board.size(), board.vertex(p)),
        last: distance(last),
        last2: distance(last2),
        ..Tactics::default()
    };
    // Most moves touch no stone: four liberties, nothing captured, saved
    // or threatened.
    if board.neighbours(p).into_iter().all(|n| board.cell(n) == EMPTY) {
        return places;
    }
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    let mut captured = 0;
    let mut captures_last = false;
    let mut chains = [0usize; 4];
    let mut escapes_from = 0;
    let mut ataris = false;
    for (i, n) in board.neighbours(p).into_iter().enumerate() {
        let cell = board.cell(n);
        if cell != own && cell != enemy {
            continue;
        }
        let chain = board.chain(n);
        if chains[..i].contains(&chain) {
            continue;
        }
        chains[i] = chain;
        if cell == enemy {
            if board.atari_at(n, p) {
                captured += board.chain_len(n);
                captures_last |= last != 0 && !board.is_empty(last) && board.chain(last) == chain;
            } else if matches!(board.liberties_besides(n, p), OtherLiberties::One(_)) {
                ataris = true;
            }
        } else if board.atari_at(n, p) {
            escapes_from += board.chain_len(n);
        }
    }
    let liberties = liberties_after(board, p, color);
    let capture = match captured {
        0 => 0,
        1 => 1,
        2 | 3 => 2,
        _ => 3,
    } + if captured > 0 && captures_last { 3 } else { 0 };
    let escape = match escapes_from {
        0 => 0,
        _ if liberties < 2 => 0,
        _ if escape_fails(board, p, color) => 3,
        1 => 1,
        _ => 2,
    };
    let atari = match ataris {
        false => 0,
        _ if liberties >= 2 && ladder_works(board, p, color) => 2,
        _ => 1,
    };
    let self_atari = match liberties {
        0 | 1 if captured == 0 => {
            let joined = board.neighbours(p).into_iter().any(|n| board.cell(n) == own);
            1 + joined as u8
        }
        _ => 0,
    };
    Tactics {
        capture,
        escape,
        atari,
        self_atari,
        ..places
    }
}

/// The moves of a position on Go's board as a move model sees them:
/// `color` to play on `board`, `last` the points of the last two moves (0
/// for none or a pass).
pub struct GoMoves<'a> {
    pub board: &'a Board,
    pub color: Color,
    pub last: [usize; 2],
}

impl MoveFeatures for GoMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        let [last, last2] = self.last;
        match mv {
            Move::Place(v) => tactics(self.board, self.color, self.board.point(v), last, last2).values(),
            _ => TacticValues::default(),
        }
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        if let Move::Place(v) = mv {
            patterns_while(self.board, self.color, self.board.point(v), more)
        }
    }
}

/// The largest pattern of `color` playing at `p` that `known` knows (see
/// [`crate::features::largest_known_pattern`]), with the distance out to
/// which it looked: the answer depends on no stone farther away.
pub fn largest_known_pattern_and_reach<T>(
    board: &Board,
    color: Color,
    p: usize,
    known: impl Fn(u64) -> Option<T>,
) -> (Option<T>, i32) {
    let mut largest = None;
    let mut levels = 0;
    patterns_while(board, color, p, |key| {
        levels += 1;
        match known(key) {
            Some(found) => {
                largest = Some(found);
                true
            }
            None => false,
        }
    });
    (largest, LEVELS[levels - 1])
}

/// Hands the pattern keys of `color` playing at `p` to `more`, smallest
/// first, for as long as it asks for the next: the keys of
/// [`crate::features::patterns::keys_while`], from tables.
fn patterns_while(board: &Board, color: Color, p: usize, mut more: impl FnMut(u64) -> bool) {
    let geometry = geometry();
    let table = neighbourhoods(board.size());
    let at = point_index(board, p);
    let (bounds, edges) = (&table.bounds[at], &table.edges[at]);
    let own = cell_of(color);
    let mut hashes = [0u64; 8];
    for level in 0..LEVELS.len() {
        for &(delta, k) in &table.entries[bounds[level] as usize..bounds[level + 1] as usize] {
            let cell = match board.cell(p.wrapping_add_signed(delta as isize)) {
                EMPTY => continue,
                c if c == own => OWN,
                _ => ENEMY,
            };
            for (hash, key) in hashes.iter_mut().zip(&geometry.keys[k as usize]) {
                *hash ^= key[cell];
            }
        }
        if !more(canonical(&hashes, &edges[level], level)) {
            return;
        }
    }
}

/// The row-by-row number of on-board point `p`.
#[inline]
fn point_index(board: &Board, p: usize) -> usize {
    let v = board.vertex(p);
    v.y as usize * board.size() + v.x as usize
}

/// The pattern points of every point of a board, looked up once per board
/// size so that hashing a pattern checks no bounds.
struct Neighbourhoods {
    /// The pattern points on the board, nearest first, of every point in
    /// turn: (index on the board relative to the point, offset number).
    entries: Vec<(i16, u16)>,
    /// For each point (row by row), where its entries start and where
    /// those of each level end.
    bounds: Vec<[u32; LEVELS.len() + 1]>,
    /// For each point and level, the hashes in each symmetry of the points
    /// off the board out to the level's distance.
    edges: Vec<[[u64; 8]; LEVELS.len()]>,
}

fn neighbourhoods(size: usize) -> &'static Neighbourhoods {
    static TABLES: [OnceLock<Neighbourhoods>; crate::moves::MAX_SIZE + 1] =
        [const { OnceLock::new() }; crate::moves::MAX_SIZE + 1];
    TABLES[size].get_or_init(|| {
        let geometry = geometry();
        let n = size as i32;
        let stride = n as isize + 2;
        let mut table = Neighbourhoods {
            entries: Vec::new(),
            bounds: Vec::new(),
            edges: Vec::new(),
        };
        for (y, x) in (0..n).flat_map(|y| (0..n).map(move |x| (y, x))) {
            let mut bounds = [table.entries.len() as u32; LEVELS.len() + 1];
            let mut edges = [[0u64; 8]; LEVELS.len()];
            let mut level = 0;
            for (k, &(dx, dy, distance)) in geometry.offsets.iter().enumerate() {
                while distance > LEVELS[level] {
                    level += 1;
                }
                let (px, py) = (x + dx, y + dy);
                if px < 0 || py < 0 || px >= n || py >= n {
                    for (hash, key) in edges[level].iter_mut().zip(&geometry.keys[k]) {
                        *hash ^= key[OFF];
                    }
                } else {
                    table
                        .entries
                        .push(((dy as isize * stride + dx as isize) as i16, k as u16));
                }
                bounds[level + 1..].fill(table.entries.len() as u32);
            }
            // A level's pattern holds the smaller ones' points off the board too.
            for level in 1..LEVELS.len() {
                let smaller = edges[level - 1];
                for (hash, below) in edges[level].iter_mut().zip(smaller) {
                    *hash ^= below;
                }
            }
            table.bounds.push(bounds);
            table.edges.push(edges);
        }
        table
    })
}

#[cfg(test)]
pub(in crate::variants::go) mod tests {
    use super::*;
    use crate::moves::Vertex;
    use crate::variants::go::neighbourhood::NeighbourhoodRows;
    use crate::variants::go::policy::tests::board;

    fn at(b: &Board, v: &str) -> usize {
        b.point(Vertex::parse(v).unwrap())
    }

    fn pattern_keys(board: &Board, color: Color, p: usize) -> [u64; LEVELS.len()] {
        let moves = GoMoves {
            board,
            color,
            last: [0, 0],
        };
        crate::features::pattern_keys(&moves, Move::Place(board.vertex(p)))
    }

    #[test]
    fn patterns_are_the_same_in_every_symmetry_and_for_either_colour() {
        // A shape near the lower left corner, and its mirror image near
        // the upper right with the colours swapped.
        let a = board(&[
            ".......", ".......", ".......", ".......", ".X.....", "..O....", ".X.....",
        ]);
        let b = board(&[
            ".....O.", "....X..", ".....O.", ".......", ".......", ".......", ".......",
        ]);
        let ka = pattern_keys(&a, Color::White, at(&a, "B2"));
        let kb = pattern_keys(&b, Color::Black, at(&b, "F6"));
        assert_eq!(ka, kb);
        // The same shape for the other player is another pattern.
        assert_ne!(pattern_keys(&a, Color::Black, at(&a, "B2")), ka);
        // Every level differs from the next.
        assert!(ka.windows(2).all(|w| w[0] != w[1]));
    }

    /// Boards from random games of every size from 5 to 19, every few
    /// moves, with captures and both colours to move.
    pub(in crate::variants::go) fn random_positions(seed: u64) -> Vec<(Board, Color)> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut positions = Vec::new();
        for size in [5, 7, 9, 13, 19] {
            let mut b = Board::new(size);
            let mut color = Color::Black;
            for turn in 0..size * size * 2 {
                let empties: Vec<usize> = b.empties().iter().map(|&p| p as usize).collect();
                let legal: Vec<usize> = empties.into_iter().filter(|&p| !b.is_suicide(p, color)).collect();
                if legal.is_empty() {
                    break;
                }
                b.play(legal[rng.random_range(0..legal.len())], color, 0);
                color = color.opponent();
                if turn % 7 == 0 {
                    positions.push((b.clone(), color));
                }
            }
        }
        positions
    }

    /// The pattern keys as every board hashes them
    /// ([`crate::features::patterns::keys_while`]).
    fn pattern_keys_of_every_board(board: &Board, color: Color, p: usize) -> Vec<u64> {
        use crate::features::patterns::{keys_while, Content, EMPTY as NONE};
        let v = board.vertex(p);
        let content = |x, y| -> Content {
            match board.cell(board.point(Vertex::new(x, y))) {
                EMPTY => NONE,
                c if c == cell_of(color) => OWN,
                _ => ENEMY,
            }
        };
        let mut keys = Vec::new();
        keys_while(board.size(), (v.x as usize, v.y as usize), content, &mut |key| {
            keys.push(key);
            true
        });
        keys
    }

    #[test]
    fn go_hashes_its_patterns_as_every_board_does_and_the_neighbourhood_key_decides_them() {
        let mut seen: std::collections::HashMap<u64, [u64; LEVELS.len()]> = Default::default();
        let mut rows = NeighbourhoodRows::new();
        for (b, color) in random_positions(7) {
            rows.read(&b, color);
            for &p in b.empties() {
                let p = p as usize;
                let keys = pattern_keys(&b, color, p);
                assert_eq!(keys.to_vec(), pattern_keys_of_every_board(&b, color, p));
                let before = seen.entry(rows.key(&b, p)).or_insert(keys);
                assert_eq!(*before, keys, "one neighbourhood key, two patterns");
            }
        }
        assert!(seen.len() > 1000, "{} neighbourhoods", seen.len());
    }

    #[test]
    fn a_far_stone_changes_only_the_larger_patterns() {
        let empty = Board::new(9);
        let mut one = Board::new(9);
        one.play(at(&one, "E7"), Color::Black, 0);
        let (ke, k1) = (
            pattern_keys(&empty, Color::Black, at(&empty, "E5")),
            pattern_keys(&one, Color::Black, at(&one, "E5")),
        );
        // E7 is 2 lines away: distance 4, so in every level from the second.
        assert_eq!(ke[0], k1[0]);
        assert!(ke[1..].iter().zip(&k1[1..]).all(|(a, b)| a != b));
    }

    #[test]
    fn tactics_read_captures_escapes_ataris_and_self_ataris() {
        // White's C3, the last move, is in atari at D3.
        let b = board(&[".....", "..X..", ".XO..", "..X..", "....."]);
        let last = at(&b, "C3");
        let capture = tactics(&b, Color::Black, at(&b, "D3"), last, 0);
        assert_eq!(capture.capture, 4, "one stone, the last move's");
        assert_eq!((capture.escape, capture.atari, capture.self_atari), (0, 0, 0));
        assert_eq!(capture.last, 2);
        // White extends at D3 to three liberties: an escape, no ladder.
        let escape = tactics(&b, Color::White, at(&b, "D3"), at(&b, "C2"), last);
        assert_eq!((escape.escape, escape.capture), (1, 0));
        assert_eq!(escape.last2, 2);
        // E5 is on the edge, 2 + 2 + 2 from C3.
        assert_eq!(tactics(&b, Color::Black, at(&b, "E5"), last, 0).line, 0);
        assert_eq!(tactics(&b, Color::Black, at(&b, "E5"), last, 0).last, 6);
        // In the corner: black A1 next to white A2 is alone in atari.
        let corner = board(&[".....", ".....", "X....", "O....", "....."]);
        let alone = tactics(&corner, Color::Black, at(&corner, "A1"), 0, 0);
        assert_eq!((alone.self_atari, alone.last), (1, 0));
        // Black B2 ataris white A2 (A1 left), which a ladder then takes.
        let atari = tactics(&corner, Color::Black, at(&corner, "B2"), 0, 0);
        assert_eq!(atari.atari, 2);
    }
}
