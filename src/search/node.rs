//! A node of the tree and its AMAF bookkeeping.

use crate::color::Color;
use crate::moves::{Move, Vertex, MAX_SIZE};

#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) mv: Move,
    /// The player who made `mv`.
    pub(super) color: Color,
    pub(super) visits: u32,
    /// Sum of results for `color`.
    pub(super) wins: f32,
    /// Fractional where drops share their samples by points
    /// (`Tuning::amaf_by_points`).
    pub(super) amaf_visits: f32,
    pub(super) amaf_wins: f32,
    /// Virtual results of the prior, when priors go into the move's own
    /// results (see [`PriorsInto::Value`]).
    pub(super) prior_visits: f32,
    pub(super) prior_wins: f32,
    pub(super) first_child: u32,
    pub(super) child_count: u32,
    pub(super) expanded: bool,
    /// The children are every move the search considers here, not the
    /// widening's best few, so that a proof may rest on all of them.
    pub(super) every_move: bool,
    /// The children's priors are [`SearchHints::priors_near_root`]'s: the
    /// node was expanded at the root or one ply below it.
    ///
    /// [`SearchHints::priors_near_root`]: super::SearchHints::priors_near_root
    pub(super) near_root_priors: bool,
    /// The winner of the position after `mv`, once the tree has proven it.
    pub(super) proven: Option<Color>,
    /// `mv`'s AMAF slot (see [`amaf_slot`]), [`NO_SLOT`] for none: the
    /// backup asks every child for it in every simulation.
    pub(super) amaf_slot: u16,
    /// Simulations whose end gave `mv`'s point to the winner, and to
    /// black (a point nobody owns counts half), for the criticality.
    pub(super) owned_by_winner: f32,
    pub(super) owned_by_black: f32,
}

impl Node {
    pub(super) fn new(mv: Move, color: Color) -> Node {
        Node {
            mv,
            color,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            prior_visits: 0.0,
            prior_wins: 0.0,
            first_child: 0,
            child_count: 0,
            expanded: false,
            every_move: false,
            near_root_priors: false,
            proven: None,
            amaf_slot: amaf_slot(mv).map_or(NO_SLOT, |slot| slot as u16),
            owned_by_winner: 0.0,
            owned_by_black: 0.0,
        }
    }

    /// True when the move has an AMAF slot.
    pub(super) fn has_amaf_slot(&self) -> bool {
        self.amaf_slot != NO_SLOT
    }

    /// Adds `share` of an AMAF sample (none when 0) of a simulation whose
    /// value for black is `value_black`.
    #[inline]
    pub(super) fn add_amaf(&mut self, share: f32, value_black: f32) {
        self.amaf_visits += share;
        self.amaf_wins += share * value_for(self.color, value_black);
    }

    /// Coulom's criticality of `mv`'s point: the chance that the winner
    /// owns it at the end, less the chance of that if owning and winning
    /// were unrelated. `None` before there are owners to go by.
    pub(super) fn criticality(&self) -> Option<f32> {
        if self.visits == 0 || self.owned_by_winner + self.owned_by_black == 0.0 {
            return None;
        }
        let n = self.visits as f32;
        let black_wins = value_for(self.color, self.wins / n);
        let (winner, black) = (self.owned_by_winner / n, self.owned_by_black / n);
        Some(winner - (black * black_wins + (1.0 - black) * (1.0 - black_wins)))
    }

    /// True when the tree has proven that `mv` wins for its player.
    pub(super) fn proven_win(&self) -> bool {
        self.proven == Some(self.color)
    }

    /// True when the tree has proven that `mv` loses for its player.
    pub(super) fn proven_loss(&self) -> bool {
        self.proven.is_some_and(|winner| winner != self.color)
    }
}

/// AMAF slots: one per vertex, for the moves that put stones on points
/// (placements, polyominoes); see [`Move::points`].
pub(super) const AMAF_SLOTS: usize = MAX_SIZE * MAX_SIZE;

/// The slot of the moves without one: one past the others, where nobody
/// ever plays first.
pub(super) const NO_SLOT: u16 = AMAF_SLOTS as u16;

#[inline]
pub(super) fn slot_of(v: Vertex) -> usize {
    v.y as usize * MAX_SIZE + v.x as usize
}

/// The slot whose first player decides a tree move's AMAF update: its
/// [key point](Move::key_point).
pub(super) fn amaf_slot(mv: Move) -> Option<usize> {
    mv.key_point().map(slot_of)
}

/// 1/n for the sizes of a polyomino.
pub(super) const INVERSE: [f32; crate::polyomino::MAX_CELLS + 1] = {
    let mut table = [0.0; crate::polyomino::MAX_CELLS + 1];
    let mut n = 1;
    while n < table.len() {
        table[n] = 1.0 / n as f32;
        n += 1;
    }
    table
};

/// The share of `mv`'s points that `color` played first, by the first
/// player of each slot (1 black, 2 white, 0 nobody): how much a drop's
/// AMAF statistics learn from a simulation when drops share by points.
pub(super) fn points_share(first_player: &[u8], mv: Move, color: Color) -> f32 {
    let mine = color.index() as u8 + 1;
    match mv {
        // The backup asks this of every child of every node on the path:
        // slots by arithmetic, not through `Move::points`.
        Move::Polyomino(anchor, shape) => {
            let base = slot_of(anchor) as isize;
            let offsets = shape.offsets();
            let played = offsets
                .iter()
                .filter(|&&(dx, dy)| {
                    first_player[(base + dx as isize + dy as isize * MAX_SIZE as isize) as usize] == mine
                })
                .count();
            // A table, not a division: the backup's hottest instruction.
            played as f32 * INVERSE[offsets.len()]
        }
        Move::Place(v) => f32::from(first_player[slot_of(v)] == mine),
        _ => 0.0,
    }
}

/// How good a move looks by its AMAF statistics (priors included, where
/// they go there), pulled towards an even result while samples are few.
pub(super) fn amaf_rank(node: &Node) -> f32 {
    (node.amaf_wins + 0.5) / (node.amaf_visits + 1.0)
}

pub(super) fn value_for(color: Color, value_black: f32) -> f32 {
    match color {
        Color::Black => value_black,
        Color::White => 1.0 - value_black,
    }
}

/// The winner that a game's final value proves: only a value that no
/// other result could beat (1 for black, 0 for white) counts, so that
/// variants whose values also weigh the margin prove nothing less.
pub(super) fn winner_of_value(value_black: f32) -> Option<Color> {
    if value_black >= 1.0 {
        Some(Color::Black)
    } else if value_black <= 0.0 {
        Some(Color::White)
    } else {
        None
    }
}
