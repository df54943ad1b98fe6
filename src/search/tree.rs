//! One thread's tree: expansion, simulation, backup and its root
//! statistics.

use super::config::{tuning_for, Config};
use super::hints::{SearchHints, Widening};
use super::memory::{MAX_NODES, MIN_NODES};
use super::node::{points_share, slot_of, value_for, winner_of_value, Node, AMAF_SLOTS};
use super::result::{sort_root_moves, MoveStats};
use super::tuning::{PriorsInto, Tuning};
use crate::color::Color;
use crate::moves::{Move, Vertex};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashSet;

pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) tuning: Tuning,
    pub(super) rng: SmallRng,
    pub(super) moves: Vec<Move>,
    pub(super) priors: Vec<Option<(f32, f32)>>,
    pub(super) trace: Vec<(Color, Move)>,
    pub(super) path: Vec<usize>,
    /// First colour (1 black, 2 white) to play each AMAF slot this simulation.
    pub(super) first_player: Vec<u8>,
    /// The index of that first play among the simulation's moves, for
    /// [`Tuning::amaf_distance`].
    pub(super) first_at: Vec<u32>,
    /// The children of a path node that the backup adds AMAF samples to.
    amaf_children: Vec<u32>,
    /// The variant's progressive widening, if it asks for one.
    pub(super) widening: Option<Widening>,
    /// Who owned each point at the end of the simulations, when asked for.
    pub(super) owners: Option<crate::game::Ownership>,
    /// The owners of the last playout's end: every point's while the tree
    /// adds them up for its ownership, then those of `path_points` for the
    /// criticality.
    pub(super) end_owners: Vec<i8>,
    /// The points of the placements on the simulation's path, in order.
    pub(super) path_points: Vec<Vertex>,
    /// False where the variant says AMAF misleads (`SearchHints::amaf_applies`):
    /// every move then keeps its prior and its own results in its AMAF
    /// statistics, as drops and steps always do.
    pub(super) amaf: bool,
}

impl Tree {
    /// A tree for a search from `root`, with the variant's tuning,
    /// widening and use of AMAF.
    pub(super) fn for_root<P: SearchHints>(root: &P, config: &Config, seed: u64, nodes: Vec<Node>) -> Tree {
        let mut tree = Tree::new(root.to_move(), config.max_nodes, tuning_for(root, config), seed, nodes);
        tree.widening = root.widening();
        tree.amaf = root.amaf_applies();
        tree
    }

    /// A tree made of `nodes` (a re-rooted tree), or a fresh one when it is
    /// empty.
    pub(super) fn new(to_move: Color, max_nodes: usize, tuning: Tuning, seed: u64, mut nodes: Vec<Node>) -> Tree {
        if nodes.is_empty() {
            // The whole cap is reserved at once and never grows, so the tree
            // never holds more than `max_nodes`; the system only backs the
            // pages actually used. A cap the system refuses is halved.
            let mut cap = max_nodes.clamp(MIN_NODES, MAX_NODES);
            while nodes.try_reserve_exact(cap).is_err() && cap > MIN_NODES {
                cap = (cap / 2).max(MIN_NODES);
            }
            nodes.push(Node::new(Move::Pass, to_move.opponent()));
        }
        Tree {
            nodes,
            tuning,
            rng: SmallRng::seed_from_u64(seed),
            moves: Vec::new(),
            priors: Vec::new(),
            trace: Vec::new(),
            path: Vec::new(),
            first_player: vec![0; AMAF_SLOTS + 1],
            first_at: vec![0; AMAF_SLOTS + 1],
            amaf_children: Vec::new(),
            widening: None,
            owners: None,
            end_owners: Vec::new(),
            path_points: Vec::new(),
            amaf: true,
        }
    }

    /// Adds the children of `index`; false when they would not fit under
    /// the node cap.
    pub(super) fn expand<P: SearchHints>(&mut self, index: usize, depth: usize, pos: &P) -> bool {
        let most = if self.keeps_every_move(depth) {
            usize::MAX
        } else {
            self.widening.map_or(usize::MAX, |w| w.most as usize)
        };
        self.moves.clear();
        match pos.forced_move() {
            Some(mv) => self.moves.push(mv),
            None => {
                match most {
                    usize::MAX => pos.search_moves(&mut self.moves),
                    _ => pos.widening_candidates(&mut self.moves),
                }
                // Untried moves tie; a random order breaks the ties fairly.
                self.moves.shuffle(&mut self.rng);
            }
        }
        // The capacity reserved at the start is the cap: never reallocate.
        if self.nodes.len() + self.moves.len().min(most) > self.nodes.capacity() {
            return false;
        }
        let near_root = self.earns_near_root_priors(depth, self.nodes[index].visits);
        self.rank_moves(pos, most, near_root);
        let first = self.nodes.len() as u32;
        self.push_children(pos);
        let node = &mut self.nodes[index];
        node.near_root_priors = near_root;
        node.first_child = first;
        node.child_count = self.moves.len() as u32;
        node.expanded = true;
        node.every_move = self.moves.len() < most;
        true
    }

    /// Pushes a node for each of `self.moves`, played from `pos`, with its
    /// prior from `self.priors` (see [`Tree::rank_moves`]).
    pub(super) fn push_children<P: SearchHints>(&mut self, pos: &P) {
        let color = pos.to_move();
        for (&mv, &prior) in self.moves.iter().zip(&self.priors) {
            let mut node = Node::new(mv, color);
            match self.tuning.priors_into {
                PriorsInto::Amaf => {
                    if let Some((wins, visits)) = self.weighed(prior) {
                        node.amaf_visits = visits;
                        node.amaf_wins = wins;
                    }
                }
                PriorsInto::Value => self.seed_value(&mut node, prior),
            }
            self.nodes.push(node);
        }
    }

    /// A variant's prior, clamped and scaled by `Tuning::prior_weight`.
    fn weighed(&self, prior: Option<(f32, f32)>) -> Option<(f32, f32)> {
        let weight = self.tuning.prior_weight;
        prior.map(|(wins, visits)| {
            let visits = visits.clamp(0.0, 1e6);
            (weight * wins.clamp(0.0, visits), weight * visits)
        })
    }

    /// Sets `node`'s virtual results to `prior` and the even prior (see
    /// [`PriorsInto::Value`]).
    fn seed_value(&self, node: &mut Node, prior: Option<(f32, f32)>) {
        let even = self.tuning.even_prior;
        let (wins, visits) = self.weighed(prior).unwrap_or((0.0, 0.0));
        node.prior_wins = wins + 0.5 * even;
        node.prior_visits = visits + even;
    }

    /// Gives the children of node `index` the priors near the root in
    /// place of those they got when it was expanded: it lay deeper in the
    /// tree it was reused from, or it has earned them by its visits. Only
    /// priors kept apart from the move's results ([`PriorsInto::Value`])
    /// can be replaced; AMAF has mixed them with its samples.
    pub(super) fn refresh_priors<P: SearchHints>(&mut self, index: usize, pos: &P) {
        self.nodes[index].near_root_priors = true;
        if self.tuning.priors_into != PriorsInto::Value {
            return;
        }
        let (first, count) = (
            self.nodes[index].first_child as usize,
            self.nodes[index].child_count as usize,
        );
        self.moves.clear();
        self.moves.extend(self.nodes[first..first + count].iter().map(|n| n.mv));
        self.priors.clear();
        pos.priors_near_root(&self.moves, &mut self.priors);
        self.priors.resize(count, None);
        for i in 0..count {
            let mut node = self.nodes[first + i].clone();
            self.seed_value(&mut node, self.priors[i]);
            self.nodes[first + i] = node;
        }
    }

    /// True when a node `depth` plies below the root with `visits` should
    /// have the priors near the root: the root and its replies always,
    /// deeper ones after `Tuning::near_root_priors_after` visits.
    fn earns_near_root_priors(&self, depth: usize, visits: u32) -> bool {
        let after = self.tuning.near_root_priors_after;
        depth <= 1 || (after > 0 && visits >= after)
    }

    /// Visits a leaf `depth` plies below the root needs before it is
    /// expanded (the root itself is expanded at once).
    pub(super) fn expand_after(&self, depth: usize) -> u32 {
        match depth {
            0 | 1 => self.tuning.expand_root_moves_after,
            _ => self.tuning.expand_after,
        }
    }

    /// True when the nodes `depth` plies below the root consider every
    /// move, not only the widening's best few (see `Tuning::root_keeps_all`
    /// and `Tuning::replies_keep_all`).
    pub(super) fn keeps_every_move(&self, depth: usize) -> bool {
        self.widening.is_none()
            || match depth {
                0 => self.tuning.root_keeps_all,
                1 => self.tuning.replies_keep_all,
                _ => false,
            }
    }

    /// Gives node `index` of a reused tree, expanded with the widening's
    /// best moves only when it lay deeper, every other move too, ranked by
    /// prior after the known ones. The known children are copied to the
    /// end of the tree, beside the new ones; their old places are left
    /// unused until the next re-rooting drops them.
    pub(super) fn keep_every_move<P: SearchHints>(&mut self, index: usize, pos: &P) {
        let node = &self.nodes[index];
        let (first, count) = (node.first_child as usize, node.child_count as usize);
        if self.nodes.len() + count >= self.nodes.capacity() {
            return;
        }
        let known: HashSet<Move> = self.nodes[first..first + count].iter().map(|n| n.mv).collect();
        self.moves.clear();
        pos.search_moves(&mut self.moves);
        self.moves.retain(|mv| !known.contains(mv));
        if self.moves.is_empty() {
            // Nothing missing: no need to move the children.
            self.nodes[index].every_move = true;
            return;
        }
        if self.nodes.len() + count + self.moves.len() > self.nodes.capacity() {
            return;
        }
        self.moves.shuffle(&mut self.rng);
        self.rank_moves(pos, usize::MAX, true);
        let moved_first = self.nodes.len();
        self.nodes.extend_from_within(first..first + count);
        self.push_children(pos);
        let node = &mut self.nodes[index];
        node.first_child = moved_first as u32;
        node.child_count = (count + self.moves.len()) as u32;
        node.every_move = true;
    }

    /// Puts the priors of the moves to expand in `self.priors`, computed
    /// once for both uses. Under progressive widening it also sorts the
    /// moves by prior, best first (the order in which the widening lets
    /// the search consider them), and keeps the `most` best; where that is
    /// not all, the moves are the widening's candidates, and it keeps the
    /// best that are search moves. `near_root`: the node is the root or
    /// one of its children.
    pub(super) fn rank_moves<P: SearchHints>(&mut self, pos: &P, most: usize, near_root: bool) {
        self.priors.clear();
        if near_root {
            pos.priors_near_root(&self.moves, &mut self.priors);
        } else {
            pos.priors(&self.moves, &mut self.priors);
        }
        self.priors.resize(self.moves.len(), None);
        if self.widening.is_none() {
            return;
        }
        let rate = |prior: Option<(f32, f32)>| prior.map_or(0.5, |(wins, visits)| wins / visits.max(1e-6));
        let mut ranked: Vec<(Move, Option<(f32, f32)>)> =
            self.moves.iter().copied().zip(self.priors.iter().copied()).collect();
        // Stable: equal priors keep their random order.
        ranked.sort_by(|a, b| rate(b.1).total_cmp(&rate(a.1)));
        self.moves.clear();
        self.priors.clear();
        let checked = most != usize::MAX;
        for (mv, prior) in ranked {
            if self.moves.len() >= most.max(1) {
                break;
            }
            if !checked || pos.is_search_move(mv) {
                self.moves.push(mv);
                self.priors.push(prior);
            }
        }
    }

    /// One simulation: select down the tree, expand, play out, back up.
    pub(super) fn simulate<P: SearchHints>(&mut self, pos: &mut P) {
        self.path.clear();
        self.trace.clear();
        self.end_owners.clear();
        let mut index = 0;
        self.path.push(0);
        let mut depth = 0;
        pos.begin_line();
        let value_black = loop {
            if let Some(outcome) = pos.outcome() {
                if self.owners.is_some() {
                    // A finished game plays no move: this only counts its owners.
                    self.rollout(pos);
                }
                let value = pos.outcome_value(outcome);
                self.nodes[index].proven = winner_of_value(value);
                break value;
            }
            if let Some(winner) = self.nodes[index].proven.filter(|_| index != 0) {
                if self.owners.is_some() {
                    self.rollout(pos);
                }
                break value_for(winner, 1.0);
            }
            let node = &self.nodes[index];
            if !node.expanded {
                let due = index == 0 || node.visits >= self.expand_after(depth);
                if !(due && self.expand(index, depth, pos)) {
                    break self.rollout(pos);
                }
            } else {
                // Expanded deeper in the tree this one was reused from.
                if !node.every_move && self.keeps_every_move(depth) {
                    self.keep_every_move(index, pos);
                }
                if !self.nodes[index].near_root_priors
                    && self.earns_near_root_priors(depth, self.nodes[index].visits)
                    && pos.near_root_priors_differ()
                {
                    self.refresh_priors(index, pos);
                }
            }
            if self.nodes[index].child_count == 0 {
                // No legal move and no outcome: score it as it stands.
                break pos.score_now().value_for_black();
            }
            index = self.select(index);
            let (color, mv) = (self.nodes[index].color, self.nodes[index].mv);
            if pos.play(color, mv).is_err() {
                // Cannot happen for listed moves; score the position as is.
                break pos.score_now().value_for_black();
            }
            depth += 1;
            self.path.push(index);
        };
        pos.end_line(depth);
        self.backup(value_black);
    }

    /// A playout from `pos`, whose end owners are added up when the tree
    /// gathers ownership; with the criticality on, those of the path's
    /// placements are kept for [`Tree::count_owners`].
    pub(super) fn rollout<P: SearchHints>(&mut self, pos: &P) -> f32 {
        let criticality = self.tuning.criticality != 0.0;
        if criticality {
            self.path_points.clear();
            for &index in &self.path[1..] {
                if let Move::Place(v) = self.nodes[index].mv {
                    self.path_points.push(v);
                }
            }
        }
        match self.owners.as_mut() {
            None if criticality => {
                pos.rollout_with_end(&mut self.rng, &mut self.trace, &self.path_points, &mut self.end_owners)
            }
            None => pos.rollout(&mut self.rng, &mut self.trace),
            Some(owners) => {
                let value = pos.rollout_owners(&mut self.rng, &mut self.trace, &mut self.end_owners);
                owners.add(&self.end_owners);
                if criticality {
                    self.keep_path_owners();
                }
                value
            }
        }
    }

    /// Narrows `end_owners` from every point's to those of `path_points`.
    fn keep_path_owners(&mut self) {
        let every_point = self.end_owners.len();
        if every_point == 0 {
            return;
        }
        let size = every_point.isqrt();
        for i in 0..self.path_points.len() {
            let v = self.path_points[i];
            let owner = self.end_owners.get(v.y as usize * size + v.x as usize).copied();
            self.end_owners.push(owner.unwrap_or(0));
        }
        self.end_owners.drain(..every_point);
    }

    pub(super) fn backup(&mut self, value_black: f32) {
        self.prove_up_the_path();
        self.first_player.fill(0);
        let by_points = self.tuning.amaf_by_points;
        self.count_owners(value_black);
        // Moves after each path node, in order: tree moves then the playout;
        // move `i` of them is the tree move into `path[i + 1]` while there is one.
        let tree_moves = self.path.len() - 1;
        let moves = tree_moves + self.trace.len();
        // Walk backwards so `first_player` holds the first play after each node.
        let mut next_move = moves;
        for depth in (0..self.path.len()).rev() {
            while next_move > depth {
                next_move -= 1;
                let (color, mv) = if next_move >= tree_moves {
                    self.trace[next_move - tree_moves]
                } else {
                    let node = &self.nodes[self.path[next_move + 1]];
                    (node.color, node.mv)
                };
                for v in mv.points() {
                    self.first_player[slot_of(v)] = color.index() as u8 + 1;
                    self.first_at[slot_of(v)] = next_move as u32;
                }
            }
            let index = self.path[depth];
            let node = &mut self.nodes[index];
            let result = value_for(node.color, value_black);
            node.visits += 1;
            node.wins += result;
            // A move without an AMAF slot (a drop, a step) that has a prior
            // adds its own results to it, so that real results outweigh
            // the prior in time.
            if depth > 0 && node.amaf_visits > 0.0 && (!self.amaf || !node.has_amaf_slot()) {
                node.add_amaf(1.0, value_black);
            }
            if node.expanded && self.amaf {
                let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
                if by_points {
                    for i in children.clone() {
                        let child = &mut self.nodes[i];
                        if matches!(child.mv, Move::Polyomino(..)) {
                            child.add_amaf(points_share(&self.first_player, child.mv, child.color), value_black);
                        }
                    }
                }
                let played = self.gather_amaf_children(children, by_points);
                for &i in &self.amaf_children[..played] {
                    let child = &mut self.nodes[i as usize];
                    let slot = child.amaf_slot as usize;
                    let weight = distance_weight(self.first_at[slot] as usize, depth, moves, self.tuning.amaf_distance);
                    child.add_amaf(weight, value_black);
                }
            }
        }
    }

    /// Gathers into `amaf_children` the `children` whose AMAF slot went
    /// first to their colour in the simulation (with `by_points`, not the
    /// polyominoes, which share by their points), and returns how many,
    /// without a branch on each: a child's point went first to its colour
    /// about half the time, at random, so such a branch is mispredicted
    /// as often. Gathering first made 19x19 Go's simulations 8% faster.
    fn gather_amaf_children(&mut self, children: std::ops::Range<usize>, by_points: bool) -> usize {
        if self.amaf_children.len() < children.len() {
            self.amaf_children.resize(children.len(), 0);
        }
        let mut played = 0;
        for i in children {
            let child = &self.nodes[i];
            let shares_by_points = by_points && matches!(child.mv, Move::Polyomino(..));
            let sampled =
                !shares_by_points && self.first_player[child.amaf_slot as usize] == child.color.index() as u8 + 1;
            self.amaf_children[played] = i as u32;
            played += usize::from(sampled);
        }
        played
    }

    /// Adds the end of the simulation's playout to the owner counts of
    /// the placements on its path, for the criticality.
    fn count_owners(&mut self, value_black: f32) {
        if self.tuning.criticality == 0.0 || self.end_owners.is_empty() {
            return;
        }
        let winner: i8 = if value_black > 0.5 { 1 } else { -1 };
        // `end_owners` holds the owners of the path's placements, in order.
        let mut owners = self.end_owners.iter();
        for &index in &self.path[1..] {
            let node = &mut self.nodes[index];
            if !matches!(node.mv, Move::Place(_)) {
                continue;
            }
            let Some(&owner) = owners.next() else { break };
            let share = |side: i8| match owner {
                0 => 0.5,
                o => f32::from(u8::from(o == side)),
            };
            node.owned_by_winner += share(winner);
            node.owned_by_black += share(1);
        }
    }

    /// The most visited line from `index`.
    pub(super) fn principal_variation(&self, mut index: usize) -> Vec<Move> {
        let mut pv = vec![self.nodes[index].mv];
        while self.nodes[index].expanded && self.nodes[index].child_count > 0 {
            let node = &self.nodes[index];
            let first = node.first_child as usize;
            let best = (first..first + node.child_count as usize)
                .max_by_key(|&i| self.nodes[i].visits)
                .expect("has children");
            if self.nodes[best].visits == 0 {
                break;
            }
            pv.push(self.nodes[best].mv);
            index = best;
        }
        pv
    }
}

/// The weight of an AMAF sample first played at move `first` of a
/// simulation's `moves`, for the node `depth` moves in: up to `most` by
/// how early among the moves after the node it came, in Pachi's integer
/// steps (for 3: 3, 2 or 1 by thirds).
#[inline]
fn distance_weight(first: usize, depth: usize, moves: usize, most: u32) -> f32 {
    if most <= 1 {
        return 1.0;
    }
    // `after` is below `moves - depth + 1`, so the quotient is below `most`.
    let after = moves - first;
    (1 + most as usize * after / (moves - depth + 1)) as f32
}

impl Tree {
    /// Statistics of the root's children, most visited first, but a proven
    /// win before everything and proven losses after.
    pub(super) fn root_stats(&self) -> Vec<MoveStats> {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let mut stats: Vec<MoveStats> = (first..first + root.child_count as usize)
            .map(|i| {
                let n = &self.nodes[i];
                let proven = n.proven.map(|winner| winner == n.color);
                let winrate = match proven {
                    Some(won) => f32::from(u8::from(won)),
                    None if n.visits > 0 => n.wins / n.visits as f32,
                    None => 0.0,
                };
                MoveStats {
                    mv: n.mv,
                    visits: n.visits as u64,
                    winrate,
                    pv: self.principal_variation(i),
                    proven,
                }
            })
            .collect();
        sort_root_moves(&mut stats);
        stats
    }
}
