//! Tanbo's rules on the fast Go board: where a stone may grow, which roots
//! a placement bounds, and the removal that follows.
//!
//! A root is a chain of the board: a stone must touch exactly one stone of
//! its own cell, so roots never merge and the board's chains (with their
//! rings of stones) are exactly the roots. The two colours use the board's
//! black and white cells; gray Tanbo's one colour is the neutral cell.
//!
//! A *growth point* of a root is an empty point next to it that touches
//! exactly one stone of the root's cell: a stone of that cell may go there.
//! A root without one is *bounded*. Since a removal only ever frees points,
//! a position reached by play has no bounded root, so a root's growth point
//! can only be lost to the placement itself: the point it fills, and, for
//! roots of the placed cell, the empty points beside it that touched one
//! stone of that cell and now touch two. [`effect`] works out from those
//! alone what a placement bounds, before it is made.

use crate::board::{Board, EMPTY, OFF};

/// Stones of `cell` orthogonally next to `p`.
#[inline]
pub fn touching(board: &Board, p: usize, cell: u8) -> usize {
    board
        .neighbours(p)
        .into_iter()
        .filter(|&n| board.cell(n) == cell)
        .count()
}

/// True when a stone of `cell` may be placed on `p`: the point is empty and
/// touches exactly one stone of `cell`.
#[inline]
pub fn can_grow(board: &Board, p: usize, cell: u8) -> bool {
    board.is_empty(p) && touching(board, p, cell) == 1
}

/// True when the root through `stone` has a growth point not in `lost`.
pub fn grows_besides(board: &Board, stone: usize, lost: &[usize]) -> bool {
    let cell = board.cell(stone);
    let mut s = stone;
    loop {
        for n in board.neighbours(s) {
            if board.is_empty(n) && !lost.contains(&n) && touching(board, n, cell) == 1 {
                return true;
            }
        }
        s = board.next_in_chain(s);
        if s == stone {
            return false;
        }
    }
}

/// Up to two growth points of the root through `stone` (0 where there are
/// fewer), and whether there are more: the walk the playout board's counts
/// are checked against.
#[cfg(test)]
pub fn growth_upto_two(board: &Board, stone: usize) -> ([usize; 2], usize) {
    let cell = board.cell(stone);
    let mut found = [0; 2];
    let mut count = 0;
    let mut s = stone;
    loop {
        for n in board.neighbours(s) {
            if board.is_empty(n) && !found[..count].contains(&n) && touching(board, n, cell) == 1 {
                if count == 2 {
                    return (found, 3);
                }
                found[count] = n;
                count += 1;
            }
        }
        s = board.next_in_chain(s);
        if s == stone {
            return (found, count);
        }
    }
}

/// True when the root through `stone` has no growth point.
pub fn is_bounded(board: &Board, stone: usize) -> bool {
    !grows_besides(board, stone, &[])
}

/// A stone of each root on the board, one per root.
pub fn roots(board: &Board) -> impl Iterator<Item = usize> + '_ {
    board
        .all_points()
        .filter(move |&p| board.cell(p) != EMPTY && board.chain(p) == p)
}

/// The most roots one placement can bound: those touching the point
/// (three at most besides its own) and those touching its empty
/// neighbours (three each).
const MOST_BOUNDED: usize = 12;

/// What a placement does, worked out before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// A stone of the root the placement grows (the current root).
    pub root: u16,
    /// The placement bounds its own root, which alone is removed.
    pub suicide: bool,
    /// Otherwise: a stone of each root it bounds; all of them are removed.
    bounded: [u16; MOST_BOUNDED],
    count: u8,
}

impl Effect {
    /// A stone of each other root the placement bounds (none on a suicide).
    pub fn bounded(&self) -> &[u16] {
        &self.bounded[..self.count as usize]
    }

    /// True when the placement removes nothing.
    pub fn is_quiet(&self) -> bool {
        !self.suicide && self.count == 0
    }
}

/// What placing a stone of `cell` on `p` does; `p` must be a growth point
/// of `cell` (see [`can_grow`]) in a position without bounded roots.
pub fn effect(board: &Board, p: usize, cell: u8) -> Effect {
    debug_assert!(can_grow(board, p, cell));
    let neighbours = board.neighbours(p);
    let own = neighbours
        .into_iter()
        .find(|&n| board.cell(n) == cell)
        .expect("a growth point touches its root");
    // The growth points that roots of `cell` lose: `p`, and its empty
    // neighbours touching one stone of `cell` (they touch two after).
    // Empty neighbours touching none become growth points of the root.
    let mut lost = [p, 0, 0, 0, 0];
    let mut lost_count = 1;
    let mut gains = false;
    for n in neighbours {
        if board.is_empty(n) {
            match touching(board, n, cell) {
                0 => gains = true,
                1 => {
                    lost[lost_count] = n;
                    lost_count += 1;
                }
                _ => {}
            }
        }
    }
    let lost = &lost[..lost_count];
    let mut effect = Effect {
        root: own as u16,
        suicide: !gains && !grows_besides(board, own, lost),
        bounded: [0; MOST_BOUNDED],
        count: 0,
    };
    if effect.suicide {
        return effect;
    }
    let current = board.chain(own);
    let mut bound = |stone: usize, lost: &[usize]| {
        let head = board.chain(stone);
        let known = effect.bounded().iter().any(|&b| board.chain(b as usize) == head);
        if head != current && !known && !grows_besides(board, stone, lost) {
            effect.bounded[effect.count as usize] = stone as u16;
            effect.count += 1;
        }
    };
    for n in neighbours {
        match board.cell(n) {
            // Another colour's root loses `p` alone.
            c if c != cell && c != EMPTY && c != OFF => bound(n, &[p]),
            EMPTY => {
                for m in board.neighbours(n) {
                    if board.cell(m) == cell {
                        bound(m, lost);
                    }
                }
            }
            _ => {}
        }
    }
    effect
}

/// Stones removed by a placement, by cell code.
pub type Removed = [u32; 4];

/// The stones a placement of `cell` with `effect` will remove, by cell,
/// counted before it is made.
pub fn removals(board: &Board, cell: u8, effect: &Effect) -> Removed {
    let mut removed = [0; 4];
    if effect.suicide {
        removed[cell as usize] = board.chain_len(effect.root as usize) as u32 + 1;
    }
    for &stone in effect.bounded() {
        removed[board.cell(stone as usize) as usize] += board.chain_len(stone as usize) as u32;
    }
    removed
}

/// Places a stone of `cell` on `p` with the [`effect`] worked out for it,
/// and removes what it bounds: its own root alone if that is bounded, else
/// every root it bounded, all at once (the removal of one could free
/// another). Returns the stones removed, by cell.
pub fn apply(board: &mut Board, p: usize, cell: u8, effect: &Effect) -> Removed {
    board.put(p, cell, 0);
    let mut removed = [0; 4];
    if effect.suicide {
        removed[cell as usize] += board.remove_chain(p) as u32;
        return removed;
    }
    for &stone in effect.bounded() {
        let stone = stone as usize;
        let stone_cell = board.cell(stone);
        removed[stone_cell as usize] += board.remove_chain(stone) as u32;
    }
    removed
}

/// [`apply`] with the effect worked out here.
pub fn place(board: &mut Board, p: usize, cell: u8) -> Removed {
    let effect = effect(board, p, cell);
    apply(board, p, cell, &effect)
}
