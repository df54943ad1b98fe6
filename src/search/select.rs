//! Which child a simulation descends to: UCT-RAVE in two weightings, and
//! progressive widening by AMAF.

use super::node::{amaf_rank, Node};
use super::tree::Tree;
use super::tuning::RaveWeight;

impl Tree {
    pub(super) fn select(&mut self, index: usize) -> usize {
        if self.tuning.widen_by_amaf {
            self.let_in_by_amaf(index);
        }
        match self.tuning.rave_weight {
            RaveWeight::Visits => self.select_by_visits(index),
            RaveWeight::Samples => self.select_by_samples(index),
        }
    }

    /// Progressive widening by AMAF: when the window of node `index` grows
    /// by a visit, each new place in it goes to the best child outside it
    /// by [`amaf_rank`], which may be a drop that the priors ranked low but
    /// that did well in playouts. Swapping siblings moves their subtrees
    /// with them.
    pub(super) fn let_in_by_amaf(&mut self, index: usize) {
        let Some(widening) = self.widening else { return };
        let node = &self.nodes[index];
        let (first, count) = (node.first_child as usize, node.child_count);
        let was = widening.considered(node.visits.saturating_sub(1)).min(count) as usize;
        let now = widening.considered(node.visits).min(count) as usize;
        for slot in first + was..first + now {
            let mut best = slot;
            for i in slot + 1..first + count as usize {
                if amaf_rank(&self.nodes[i]) > amaf_rank(&self.nodes[best]) {
                    best = i;
                }
            }
            self.nodes.swap(slot, best);
        }
    }

    /// UCT-RAVE with AMAF fading by the child's visits, and an exploration
    /// bonus on every child.
    pub(super) fn select_by_visits(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let log_n = (node.visits.max(1) as f32).ln();
        let (c, k) = (self.tuning.exploration, self.tuning.rave_equivalence);
        let first = node.first_child as usize;
        // First-play urgency: an untried move is first valued like its
        // parent position, a little pessimistically, unless AMAF knows better.
        // The children's mover is usually the parent's opponent, but moves
        // again after an extra move (War Go's special stones).
        let parent_value = if node.visits > 0 {
            let value = node.wins / node.visits as f32;
            if self.nodes[first].color == node.color {
                value
            } else {
                1.0 - value
            }
        } else {
            0.5
        };
        let untried = parent_value - 0.1;
        self.best_child(index, |child| {
            let n = child.visits as f32 + child.prior_visits;
            let wins = child.wins + child.prior_wins;
            let amaf = (child.amaf_visits > 0.0).then(|| child.amaf_wins / child.amaf_visits);
            if n > 0.0 {
                let q = wins / n;
                let mean = match amaf {
                    Some(a) => {
                        let beta = (k / (3.0 * n + k)).sqrt();
                        (1.0 - beta) * q + beta * a
                    }
                    None => q,
                };
                mean + c * (log_n / n.max(1.0)).sqrt()
            } else {
                // Every untried move keeps an exploration bonus, so that moves
                // without AMAF statistics (a pass, a drop, a step) are not starved.
                amaf.unwrap_or(untried) + c * log_n.sqrt()
            }
        })
    }

    /// UCT-RAVE with AMAF weighed by its own sample count against the
    /// child's (priors included), as in Pachi: with priors on every child
    /// and little or no exploration bonus, the search follows the
    /// knowledge and the evidence.
    pub(super) fn select_by_samples(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let c = self.tuning.exploration;
        let per_k = 1.0 / self.tuning.rave_equivalence;
        let log_n = (node.visits.max(1) as f32).ln();
        let (criticality, sure) = (self.tuning.criticality, self.tuning.criticality_visits);
        self.best_child(index, |child| {
            let critical = (criticality != 0.0 && child.visits > sure)
                .then(|| child.criticality())
                .flatten();
            let mut value = match critical {
                Some(crit) => {
                    let (amaf_visits, amaf_wins) = with_criticality(child, crit * criticality);
                    weighed(child, amaf_visits, amaf_wins, per_k)
                }
                None => weighed_by_samples(child, per_k),
            };
            if c > 0.0 {
                value += c * (log_n / (child.visits as f32).max(1.0)).sqrt();
            }
            value
        })
    }

    /// The child of `index` with the highest `value` (the first of equals).
    pub(super) fn best_child(&self, index: usize, value: impl Fn(&Node) -> f32) -> usize {
        let node = &self.nodes[index];
        let first = node.first_child as usize;
        // Progressive widening: only the best-by-prior first children count.
        let considered = match self.widening {
            Some(widening) => widening.considered(node.visits).min(node.child_count),
            None => node.child_count,
        };
        let mut best = first;
        let mut best_value = f32::MIN;
        for i in first..first + considered as usize {
            let child = &self.nodes[i];
            if child.proven_win() {
                return i;
            }
            // A proven loss only when every considered move is one.
            let v = if child.proven_loss() {
                f32::MIN / 2.0
            } else {
                value(child)
            };
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        best
    }
}

/// `child`'s AMAF samples and wins with `share` times its samples added
/// as wins (taken away, when negative; never more than half of them), as
/// Pachi adds a move's criticality.
fn with_criticality(child: &Node, share: f32) -> (f32, f32) {
    let added = (share * child.amaf_visits).max(-0.5 * child.amaf_visits);
    (child.amaf_visits + added, (child.amaf_wins + added).max(0.0))
}

/// A child's value with AMAF weighed by its samples against the child's
/// own (priors included), `per_k` one over RAVE's equivalence. With n the
/// child's samples and r its AMAF samples, AMAF's weight is beta = r / d,
/// d = r + n + n r / k, and
///   beta (amaf_wins / r) + (1 - beta) (wins / n)
///     = (amaf_wins + (1 + r / k) wins) / d:
/// one division, where selection spends much of its time. Infinite for a
/// child nothing is known of, which is tried before anything known.
#[inline]
fn weighed_by_samples(child: &Node, per_k: f32) -> f32 {
    weighed(child, child.amaf_visits, child.amaf_wins, per_k)
}

/// [`weighed_by_samples`] with AMAF samples `r` and wins `amaf_wins` in
/// place of the child's own.
#[inline]
fn weighed(child: &Node, r: f32, amaf_wins: f32, per_k: f32) -> f32 {
    let n = child.visits as f32 + child.prior_visits;
    let d = r + n + n * r * per_k;
    if d > 0.0 {
        (amaf_wins + (1.0 + r * per_k) * (child.wins + child.prior_wins)) / d
    } else {
        f32::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::moves::Move;

    /// The weighing as Pachi writes it, one term for each source.
    fn two_terms(n: f32, wins: f32, r: f32, amaf_wins: f32, k: f32) -> f32 {
        match (n > 0.0, r > 0.0) {
            (true, true) => {
                let beta = r / (r + n + n * r / k);
                beta * (amaf_wins / r) + (1.0 - beta) * (wins / n)
            }
            (true, false) => wins / n,
            (false, true) => amaf_wins / r,
            (false, false) => f32::INFINITY,
        }
    }

    #[test]
    fn the_one_division_weighing_equals_the_two_terms() {
        for (visits, prior_visits, r, k) in [
            (0, 0.0, 0.0, 300.0),
            (0, 0.0, 7.0, 300.0),
            (0, 2.5, 0.0, 3000.0),
            (3, 2.5, 40.0, 3000.0),
            (120, 0.0, 900.0, 300.0),
            (5000, 10.0, 20000.0, 300.0),
        ] {
            for (rate, amaf_rate) in [(0.0, 1.0), (0.3, 0.6), (1.0, 0.0), (0.5, 0.5)] {
                let n = visits as f32 + prior_visits;
                let mut child = Node::new(Move::Pass, Color::Black);
                child.visits = visits;
                child.wins = visits as f32 * rate;
                child.prior_visits = prior_visits;
                child.prior_wins = prior_visits * rate;
                child.amaf_visits = r;
                child.amaf_wins = r * amaf_rate;
                let expected = two_terms(n, n * rate, r, r * amaf_rate, k);
                let got = weighed_by_samples(&child, 1.0 / k);
                assert!(
                    got == expected || (got - expected).abs() < 1e-5,
                    "n {n} r {r} k {k}: {got} against {expected}"
                );
            }
        }
    }

    /// Of two moves alike in every statistic, the one whose point goes
    /// with winning is chosen once the criticality is on and the moves
    /// have the visits it asks for; the other one when it is off (the
    /// first of equals).
    #[test]
    fn the_criticality_prefers_the_move_whose_point_decides() {
        use super::super::tuning::Tuning;
        for (criticality, expected) in [(0.0, 1), (1.1, 2)] {
            let tuning = Tuning {
                criticality,
                ..Tuning::go_like(19)
            };
            let mut tree = Tree::new(Color::Black, 1000, tuning, 1, Vec::new());
            tree.nodes[0].visits = 10_000;
            tree.nodes[0].first_child = 1;
            tree.nodes[0].child_count = 2;
            tree.nodes[0].expanded = true;
            for owned_by_winner in [2500.0, 5000.0] {
                let mut child = Node::new(Move::Pass, Color::Black);
                child.visits = 5000;
                child.wins = 2500.0;
                child.amaf_visits = 20_000.0;
                child.amaf_wins = 10_000.0;
                // Black owns both points half the time.
                child.owned_by_black = 2500.0;
                child.owned_by_winner = owned_by_winner;
                tree.nodes.push(child);
            }
            assert_eq!(tree.select(0), expected, "criticality {criticality}");
        }
    }
}
