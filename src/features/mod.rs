//! What a learned move model knows of a move, in every variant that has
//! one: a few tactical features that the variant declares, each a small
//! value (a capture and its size, the squares a stone completes, the line
//! from the edge), and the shape of the pieces around the move's point
//! ([`patterns`]). A variant describes the moves of a position through
//! [`MoveFeatures`]; the model ([`model`]) weighs what it describes, and
//! `variago learn` ([`crate::learn`]) fits the weights.

pub mod model;
pub mod patterns;

use crate::moves::{Move, Vertex};
use patterns::LEVELS;

/// A tactical feature: its name and how many values it takes (0 for
/// "none" where it can be absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tactic {
    pub name: &'static str,
    pub values: usize,
}

impl Tactic {
    pub const fn new(name: &'static str, values: usize) -> Tactic {
        Tactic { name, values }
    }
}

/// The most tactical features a variant declares.
pub const MAX_TACTICS: usize = 7;
/// The most values a tactical feature takes.
pub const MAX_VALUES: usize = 32;

/// A move's tactical values, in the order of its variant's [`Tactic`]s;
/// the features a variant does not declare stay 0.
pub type TacticValues = [u8; MAX_TACTICS];

/// True when each of `values` lies in its feature's declared range.
#[cfg(test)]
pub fn within_declared(values: &TacticValues, tactics: &[Tactic]) -> bool {
    values.iter().zip(tactics).all(|(&v, t)| (v as usize) < t.values)
}

/// `rows` of a diagram (top first; a character a point, or tokens
/// separated by spaces) with each point moved where symmetry `sym` takes
/// it ([`crate::solver::symmetry::transform`]) and each character changed
/// by `swap`: the same position turned, with the colours swapped if asked.
#[cfg(test)]
pub fn turned_rows(rows: &[&str], sym: usize, swap: impl Fn(char) -> char) -> Vec<String> {
    let n = rows.len();
    let spaced = rows.iter().any(|row| row.contains(' '));
    let mut out = vec![vec![String::new(); n]; n];
    for (row, line) in rows.iter().enumerate() {
        let cells: Vec<String> = match spaced {
            true => line.split_whitespace().map(str::to_string).collect(),
            false => line.chars().map(String::from).collect(),
        };
        for (x, cell) in cells.into_iter().enumerate() {
            let (tx, ty) = crate::solver::symmetry::transform(sym, x, n - 1 - row, n);
            out[n - 1 - ty][tx] = cell.chars().map(&swap).collect();
        }
    }
    out.into_iter()
        .map(|row| row.join(if spaced { " " } else { "" }))
        .collect()
}

/// `mv` on a `size` board where symmetry `sym` takes it, as
/// [`turned_rows`] turns a diagram.
#[cfg(test)]
pub fn turned_move(mv: Move, sym: usize, size: usize) -> Move {
    let turn = |v: Vertex| {
        let (x, y) = crate::solver::symmetry::transform(sym, v.x as usize, v.y as usize, size);
        Vertex::new(x, y)
    };
    match mv {
        Move::Place(v) => Move::Place(turn(v)),
        Move::Drop(piece, v) => Move::Drop(piece, turn(v)),
        Move::Step(from, to) => Move::Step(turn(from), turn(to)),
        other => other,
    }
}

/// The tactical values of a variant that declares fewer than
/// [`MAX_TACTICS`] features: `declared`, then 0s.
pub fn declared_values(declared: &[u8]) -> TacticValues {
    let mut values = TacticValues::default();
    values[..declared.len()].copy_from_slice(declared);
    values
}

/// The moves of one position as a move model sees them. The model weighs
/// only the moves that [`MoveFeatures::describes`]; the others (a pass)
/// keep the search's own judgement.
pub trait MoveFeatures {
    /// The tactical values of `mv`, in the order of its variant's
    /// [`Tactic`]s.
    fn tactic_values(&self, mv: Move) -> TacticValues;

    /// Hands the pattern keys of `mv` to `more`, smallest first (one per
    /// entry of [`LEVELS`]), for as long as it asks for the next.
    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool);

    /// True for the moves the model weighs: by default the placements.
    fn describes(&self, mv: Move) -> bool {
        matches!(mv, Move::Place(_))
    }
}

/// The pattern keys of `mv`, smallest first.
pub fn pattern_keys(moves: &(impl MoveFeatures + ?Sized), mv: Move) -> [u64; LEVELS.len()] {
    let mut keys = [0; LEVELS.len()];
    let mut level = 0;
    moves.patterns_while(mv, &mut |key| {
        keys[level] = key;
        level += 1;
        true
    });
    keys
}

/// The 3x3 pattern's key: the first of [`pattern_keys`].
pub fn small_pattern_key(moves: &(impl MoveFeatures + ?Sized), mv: Move) -> u64 {
    let mut small = 0;
    moves.patterns_while(mv, &mut |key| {
        small = key;
        false
    });
    small
}

/// What `known` answers for the largest pattern of `mv` that it knows,
/// when it knows the 3x3 one. Every pattern holds the smaller
/// ones, so one played often enough to be known has known ones inside it:
/// the hashing stops at the first size that `known` refuses.
pub fn largest_known_pattern<T>(
    moves: &(impl MoveFeatures + ?Sized),
    mv: Move,
    known: impl Fn(u64) -> Option<T>,
) -> Option<T> {
    let mut largest = None;
    moves.patterns_while(mv, &mut |key| match known(key) {
        Some(found) => {
            largest = Some(found);
            true
        }
        None => false,
    });
    largest
}

/// Coulom's move distance, `dx + dy + max(dx, dy)`, capped at 17: the
/// tactical value of a move's distance to an earlier one.
pub fn move_distance(a: Vertex, b: Vertex) -> u8 {
    let dx = (a.x as i32 - b.x as i32).abs();
    let dy = (a.y as i32 - b.y as i32).abs();
    (dx + dy + dx.max(dy)).min(17) as u8
}

/// The line of `v` from the nearest edge of a `size` board, 0 to 4 (4 for
/// the fifth and further).
pub fn line(size: usize, v: Vertex) -> u8 {
    let (x, y) = (v.x as usize, v.y as usize);
    x.min(y).min(size - 1 - x).min(size - 1 - y).min(4) as u8
}

/// A count as a tactical value on a doubling scale: 0, 1, 2-3, 4-7, ...,
/// at most `top`.
pub fn doubling(count: u32, top: u8) -> u8 {
    ((u32::BITS - count.leading_zeros()) as u8).min(top)
}
