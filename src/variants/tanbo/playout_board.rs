//! Tanbo's playout board: the rules of [`super::roots`] worked out from
//! counts kept up to date instead of walks round the roots.
//!
//! Every point keeps how many stones of each cell touch it and, for each
//! cell, the root it is a growth point of. A growth point touches exactly
//! one stone of its cell, so it belongs to exactly one root, and each root
//! can keep its number of growth points and their index sum: a root left
//! with one growth point names it, as a Go board names an atari's liberty.
//! A placement changes growth only on its point and the four beside it,
//! and a removal only on the removed stones and their neighbours; those
//! points are looked at again after each change, and nothing else is.
//!
//! The board keeps its empty points, and the stones of each root, in the
//! same order as the Go board [`super::roots`] plays on, and finds the
//! roots a placement bounds in the same order: a playout on either draws
//! the same moves from the same random numbers.

use super::roots::Removed;
use crate::board::{Board, EMPTY, NEUTRAL, OFF};
use rand::rngs::SmallRng;

/// No root, and no place in the list of empty points.
const NONE: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Root {
    /// Stones on the board; 0 once removed.
    stones: u16,
    /// The stone the Go board would keep as the chain's head.
    head: u16,
    growth: u16,
    /// The sum of the growth points' indices.
    growth_sum: u32,
}

/// What a placement does, worked out before it is made.
#[derive(Clone, Copy, Debug)]
pub struct Effect {
    /// The root the placement grows.
    pub root: u16,
    /// The placement bounds its own root, which alone is removed.
    pub suicide: bool,
    /// Otherwise a stone of each other root it bounds, all removed: the
    /// opponent's root the point was the last growth point of, and roots of
    /// its own cell beside its empty neighbours.
    bounded: [u16; 4],
    count: u8,
}

impl Effect {
    pub fn bounded(&self) -> &[u16] {
        &self.bounded[..self.count as usize]
    }
}

/// What the board keeps of each point.
#[derive(Clone, Copy, Debug)]
struct Point {
    cell: u8,
    /// Stones of each cell orthogonally next to the point.
    touch: [u8; 4],
    /// For each cell, the root the point is a growth point of, or NONE.
    owner: [u16; 4],
    /// On an empty point, its place in the list of empty points.
    empty_at: u16,
    /// On a stone: its root, and the next stone of that root.
    root: u16,
    next: u16,
}

impl Default for Point {
    fn default() -> Point {
        Point {
            cell: OFF,
            touch: [0; 4],
            owner: [NONE; 4],
            empty_at: NONE,
            root: NONE,
            next: NONE,
        }
    }
}

#[derive(Clone, Debug)]
pub struct PlayoutBoard {
    stride: usize,
    /// The cells whose stones are in play: black and white, or gray.
    cells: std::ops::Range<usize>,
    points: Vec<Point>,
    roots: Vec<Root>,
    empties: Vec<u16>,
    /// Points to look at again after a removal (kept to save allocations).
    changed: Vec<u16>,
}

impl PlayoutBoard {
    /// The same position as `board`, whose points keep their indices.
    pub fn new(board: &Board) -> PlayoutBoard {
        let stride = board.size() + 2;
        let gray = board.all_points().any(|p| board.cell(p) == NEUTRAL);
        let mut pb = PlayoutBoard {
            stride,
            cells: if gray { 3..4 } else { 1..3 },
            points: vec![Point::default(); stride * stride],
            roots: Vec::new(),
            empties: board.empties().to_vec(),
            changed: Vec::new(),
        };
        for (at, &p) in pb.empties.iter().enumerate() {
            pb.points[p as usize].empty_at = at as u16;
        }
        for p in board.all_points() {
            let cell = board.cell(p);
            pb.points[p].cell = cell;
            if cell == EMPTY {
                continue;
            }
            for n in pb.neighbours(p) {
                pb.points[n].touch[cell as usize] += 1;
            }
            if board.chain(p) != p {
                continue;
            }
            let id = pb.roots.len() as u16;
            let mut root = Root {
                head: p as u16,
                ..Root::default()
            };
            let mut s = p;
            loop {
                let after = board.next_in_chain(s);
                pb.points[s].root = id;
                pb.points[s].next = after as u16;
                root.stones += 1;
                s = after;
                if s == p {
                    break;
                }
            }
            pb.roots.push(root);
        }
        for p in board.all_points() {
            pb.refresh(p);
        }
        pb
    }

    #[inline]
    pub fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    #[inline]
    pub fn is_empty(&self, p: usize) -> bool {
        self.points[p].cell == EMPTY
    }

    /// The root that `cell` grows by placing on `p`, if it may.
    #[inline]
    pub fn grows(&self, p: usize, cell: u8) -> Option<u16> {
        let root = self.points[p].owner[cell as usize];
        (root != NONE).then_some(root)
    }

    /// The root of the stone on `p`, if there is one.
    #[inline]
    pub fn root_at(&self, p: usize) -> Option<u16> {
        let root = self.points[p].root;
        (root != NONE).then_some(root)
    }

    /// The cell of root `r`'s stones.
    #[inline]
    pub fn root_cell(&self, r: u16) -> u8 {
        self.points[self.roots[r as usize].head as usize].cell
    }

    /// The only growth point of root `r`, if it has exactly one.
    #[inline]
    pub fn single_growth(&self, r: u16) -> Option<usize> {
        let root = &self.roots[r as usize];
        (root.growth == 1).then_some(root.growth_sum as usize)
    }

    /// A random growth point of `cell`: the first in the list of empty
    /// points from a random place on, as [`Board::random_empty`] draws.
    #[inline]
    pub fn random_growth(&self, cell: u8, rng: &mut SmallRng) -> Option<usize> {
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = crate::board::random_below(rng, n);
        let (tail, head) = self.empties.split_at(start);
        let c = cell as usize;
        head.iter()
            .chain(tail)
            .map(|&p| p as usize)
            .find(|&p| self.points[p].owner[c] != NONE)
    }

    /// What placing `cell` on growth point `p` does.
    pub fn effect(&self, p: usize, cell: u8) -> Effect {
        let c = cell as usize;
        let root = self.points[p].owner[c];
        debug_assert!(root != NONE && self.is_empty(p));
        // The growth that roots of `cell` lose: `p` for the current root,
        // and the empty neighbours touching one stone of `cell`, which will
        // touch two. Empty neighbours touching none become growth points.
        let mut lost = [(root, 1u16), (NONE, 0), (NONE, 0), (NONE, 0), (NONE, 0)];
        let mut lost_count = 1;
        let mut gained = 0;
        for n in self.neighbours(p) {
            let neighbour = &self.points[n];
            if neighbour.cell != EMPTY {
                continue;
            }
            match neighbour.touch[c] {
                0 => gained += 1,
                1 => {
                    let owner = neighbour.owner[c];
                    match lost[..lost_count].iter_mut().find(|(r, _)| *r == owner) {
                        Some((_, count)) => *count += 1,
                        None => {
                            lost[lost_count] = (owner, 1);
                            lost_count += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        let lost = &lost[..lost_count];
        let mut effect = Effect {
            root,
            suicide: self.roots[root as usize].growth - lost[0].1 + gained == 0,
            bounded: [0; 4],
            count: 0,
        };
        if effect.suicide {
            return effect;
        }
        let bound = |effect: &mut Effect, stone: usize, left: u16| {
            let r = self.points[stone].root;
            let known = effect.bounded().iter().any(|&b| self.points[b as usize].root == r);
            if r != root && !known && left == 0 {
                effect.bounded[effect.count as usize] = stone as u16;
                effect.count += 1;
            }
        };
        for n in self.neighbours(p) {
            match self.points[n].cell {
                EMPTY => {
                    for m in self.neighbours(n) {
                        if self.points[m].cell == cell {
                            let r = self.points[m].root;
                            let lost = lost.iter().find(|(q, _)| *q == r).map_or(0, |&(_, count)| count);
                            bound(&mut effect, m, self.roots[r as usize].growth - lost);
                        }
                    }
                }
                OFF => {}
                other if other != cell => {
                    // Another colour's root loses `p` alone, if `p` was its.
                    let r = self.points[n].root;
                    let lost = (self.points[p].owner[other as usize] == r) as u16;
                    bound(&mut effect, n, self.roots[r as usize].growth - lost);
                }
                _ => {}
            }
        }
        effect
    }

    /// Places `cell` on `p` with the `effect` worked out for it and makes
    /// its removals; returns the stones removed, by cell.
    pub fn play(&mut self, p: usize, cell: u8, effect: &Effect) -> Removed {
        self.take_empty(p);
        let root = effect.root;
        let r = &mut self.roots[root as usize];
        // The Go board links a new stone in after the chain's head, and
        // makes it the head of a chain it doubles.
        let head = r.head as usize;
        if r.stones == 1 {
            r.head = p as u16;
        }
        r.stones += 1;
        let after = self.points[head].next;
        self.points[head].next = p as u16;
        let point = &mut self.points[p];
        point.cell = cell;
        point.root = root;
        point.next = after;
        for n in self.neighbours(p) {
            self.points[n].touch[cell as usize] += 1;
        }
        self.refresh(p);
        for n in self.neighbours(p) {
            self.refresh(n);
        }
        let mut removed = [0; 4];
        if effect.suicide {
            self.remove(&[p as u16], &mut removed);
        } else {
            self.remove(effect.bounded(), &mut removed);
        }
        removed
    }

    /// Removes the roots through `stones` all at once, each from its stone
    /// round, then looks again at the points whose growth that changes.
    fn remove(&mut self, stones: &[u16], removed: &mut Removed) {
        if stones.is_empty() {
            return;
        }
        let mut changed = std::mem::take(&mut self.changed);
        changed.clear();
        for &start in stones {
            let start = start as usize;
            let cell = self.points[start].cell;
            self.roots[self.points[start].root as usize].stones = 0;
            let mut s = start;
            loop {
                let point = &mut self.points[s];
                point.cell = EMPTY;
                point.root = NONE;
                let next = point.next as usize;
                point.empty_at = self.empties.len() as u16;
                self.empties.push(s as u16);
                changed.push(s as u16);
                for n in self.neighbours(s) {
                    self.points[n].touch[cell as usize] -= 1;
                    changed.push(n as u16);
                }
                removed[cell as usize] += 1;
                s = next;
                if s == start {
                    break;
                }
            }
        }
        for &q in &changed {
            self.refresh(q as usize);
        }
        self.changed = changed;
    }

    /// Takes `p` out of the list of empty points as the Go board does: the
    /// last one moves into its place.
    fn take_empty(&mut self, p: usize) {
        let at = self.points[p].empty_at as usize;
        if let Some(moved) = crate::board::swap_out(&mut self.empties, at) {
            self.points[moved].empty_at = at as u16;
        }
        self.points[p].empty_at = NONE;
    }

    /// Brings `q`'s growth status for every cell up to date.
    fn refresh(&mut self, q: usize) {
        let point = self.points[q];
        for c in self.cells.clone() {
            let owner = if point.cell == EMPTY && point.touch[c] == 1 {
                let n = self
                    .neighbours(q)
                    .into_iter()
                    .find(|&n| self.points[n].cell as usize == c);
                self.points[n.expect("a touched point has the stone")].root
            } else {
                NONE
            };
            let old = point.owner[c];
            if old == owner {
                continue;
            }
            if old != NONE {
                let r = &mut self.roots[old as usize];
                r.growth -= 1;
                r.growth_sum -= q as u32;
            }
            if owner != NONE {
                let r = &mut self.roots[owner as usize];
                r.growth += 1;
                r.growth_sum += q as u32;
            }
            self.points[q].owner[c] = owner;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BLACK, NEUTRAL, WHITE};
    use crate::variants::tanbo::roots;
    use rand::{Rng, SeedableRng};

    /// Plays random placements on a Board with the reference rules and on
    /// the playout board side by side, checking at every step that both
    /// agree on the growth points, the effects, the stones removed and the
    /// order of the empty points. Returns how many placements removed
    /// their own root and how many removed others.
    fn random_games(size: usize, cells: &[u8], games: u64) -> (usize, usize) {
        let (mut suicides, mut removals) = (0, 0);
        for seed in 0..games {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut board = Board::new(size);
            for (v, color) in crate::variants::tanbo::start::stones(size) {
                let cell = if cells.len() == 1 {
                    cells[0]
                } else {
                    crate::board::cell_of(color)
                };
                board.put(board.point(v), cell, 0);
            }
            let mut pb = PlayoutBoard::new(&board);
            for turn in 0..400 {
                let cell = cells[turn % cells.len()];
                let growth: Vec<usize> = board
                    .all_points()
                    .filter(|&p| roots::can_grow(&board, p, cell))
                    .collect();
                let got: Vec<usize> = board.all_points().filter(|&p| pb.grows(p, cell).is_some()).collect();
                assert_eq!(got, growth, "seed {seed} turn {turn}\n{}", board.to_text());
                for p in board
                    .all_points()
                    .filter(|&p| board.cell(p) != EMPTY && board.chain(p) == p)
                {
                    let (points, count) = roots::growth_upto_two(&board, p);
                    let r = pb.root_at(p).expect("a stone has a root");
                    assert_eq!(pb.roots[r as usize].head as usize, p);
                    assert_eq!(pb.single_growth(r), (count == 1).then_some(points[0]));
                }
                if growth.is_empty() {
                    break;
                }
                let p = growth[rng.random_range(0..growth.len())];
                let reference = roots::effect(&board, p, cell);
                let effect = pb.effect(p, cell);
                assert_eq!(effect.suicide, reference.suicide);
                assert_eq!(effect.bounded(), reference.bounded());
                suicides += effect.suicide as usize;
                removals += (effect.count > 0) as usize;
                let removed = pb.play(p, cell, &effect);
                assert_eq!(removed, roots::apply(&mut board, p, cell, &reference));
                assert_eq!(pb.empties, board.empties());
                for q in board.all_points() {
                    assert_eq!(pb.points[q].cell, board.cell(q));
                }
            }
        }
        (suicides, removals)
    }

    #[test]
    fn two_colour_placements_and_removals_match_the_reference_rules() {
        let (suicides, removals) = random_games(7, &[BLACK, WHITE], 200);
        assert!(suicides > 100 && removals > 100, "{suicides} {removals}");
        random_games(9, &[BLACK, WHITE], 50);
        random_games(13, &[BLACK, WHITE], 10);
    }

    #[test]
    fn gray_placements_and_removals_match_the_reference_rules() {
        let (suicides, removals) = random_games(7, &[NEUTRAL], 200);
        assert!(suicides > 100 && removals > 100, "{suicides} {removals}");
        random_games(9, &[NEUTRAL], 50);
    }

    #[test]
    fn random_growth_draws_as_the_go_board_does() {
        let mut board = Board::new(7);
        for (v, color) in crate::variants::tanbo::start::stones(7) {
            board.put(board.point(v), crate::board::cell_of(color), 0);
        }
        let pb = PlayoutBoard::new(&board);
        let (mut a, mut b) = (SmallRng::seed_from_u64(5), SmallRng::seed_from_u64(5));
        for _ in 0..100 {
            let expected = board.random_empty(&mut a, |p| roots::can_grow(&board, p, BLACK));
            assert_eq!(pb.random_growth(BLACK, &mut b), expected);
        }
    }
}
