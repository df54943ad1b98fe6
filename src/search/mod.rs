//! Monte Carlo tree search, written once against [`SearchHints`].
//!
//! UCT with RAVE/AMAF: each node keeps its own results and the "all moves
//! as first" results of the playouts below its parent, blended with a
//! weight that fades as real visits grow. Leaves expand after a few visits;
//! playouts come from the variant's own [`SearchHints::rollout`]. Threads run
//! independent trees from different seeds and their root statistics are
//! summed (root parallelism), so a fixed playout budget with a fixed seed is
//! deterministic.
//!
//! A variant's [`SearchHints::forced_move`] (an immediate win or the only
//! defence) is played at the root without searching, and is the only child
//! of any tree node where it applies.
//!
//! Won and lost positions are proven in the tree, as in MCTS-Solver
//! (Winands, Björnsson and Saito, 2008): a finished game is proven for its
//! winner; a position is won for the side to move when one of its moves is
//! proven won, and lost when all of them are proven lost. The search then
//! always takes a proven win, never a proven loss while another move is
//! open, and plays no playout below a proven node.
//!
//! A variant with a search of its own ([`SearchHints::own_search`]) gets the
//! whole budget instead, and may call back into the tree search.

pub mod flat;
mod hints;
pub mod ownership;
pub mod reuse;
pub mod time;
pub mod tuning;

pub(crate) use hints::search_hints_methods;
pub use hints::{SearchHints, Widening};
pub use reuse::{search_reusing, TreeCache};
pub use tuning::{PriorsInto, RaveWeight, Resign, Tuning};

use crate::color::Color;
use crate::moves::{Move, Vertex, MAX_SIZE};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When to stop thinking. The first limit reached wins.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub threads: usize,
    pub seed: u64,
    /// Resign when the best move wins less often than this (0 never resigns).
    pub resign_below: f32,
    /// How the search weighs its statistics; `None` takes the variant's
    /// own (see `SearchHints::tuning`).
    pub tuning: Option<Tuning>,
    /// Tree size cap, in nodes per thread (see [`nodes_within`]).
    pub max_nodes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: 1,
            seed: 0,
            resign_below: 0.08,
            tuning: None,
            max_nodes: 4_000_000,
        }
    }
}

/// The fewest nodes a tree may be capped at: room for the root's children.
pub const MIN_NODES: usize = 2 * crate::moves::MAX_SIZE * crate::moves::MAX_SIZE + 2;

/// The most nodes a tree may have (node indices are 32 bits).
pub const MAX_NODES: usize = 1 << 28;

/// The per-thread node cap that keeps the trees of `threads` threads
/// within `bytes` of memory, and whether `bytes` was too small and the cap
/// was raised to [`MIN_NODES`].
pub fn nodes_within(bytes: u64, threads: usize) -> (usize, bool) {
    // Each node also needs 4 bytes while a tree is re-rooted for reuse.
    let per_thread = bytes / threads.max(1) as u64 / (std::mem::size_of::<Node>() as u64 + 4);
    let nodes = usize::try_from(per_thread).unwrap_or(usize::MAX);
    (nodes.clamp(MIN_NODES, MAX_NODES), nodes < MIN_NODES)
}

/// Memory kept back from `--max-memory` for everything but the trees and
/// the solver's table: the program, the game and its history (copied once
/// per search thread), boards and playout buffers.
pub const BASE_MEMORY_MB: u64 = 16;
/// The same, for each search thread.
pub const THREAD_MEMORY_MB: u64 = 4;
/// The solver's table when memory is not capped, in megabytes.
pub const SOLVER_TABLE_MB: usize = 32;

/// How a memory cap is shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemorySplit {
    /// Nodes per search thread (see [`nodes_within`]).
    pub tree_nodes: usize,
    /// Megabytes for the exact solver's table.
    pub solver_table_mb: usize,
    /// True when the cap was too small and the trees got their minimum.
    pub raised: bool,
}

/// Shares `megabytes` of memory between everything the engine holds: a
/// fixed part for the program and each thread's copy of the game, an
/// eighth (at most [`SOLVER_TABLE_MB`]) for the solver's table, and the
/// rest for the search trees, which pondering and tree reuse keep within
/// the same nodes.
pub fn split_memory(megabytes: u64, threads: usize) -> MemorySplit {
    let base = BASE_MEMORY_MB + THREAD_MEMORY_MB * threads.max(1) as u64;
    let free = megabytes.saturating_sub(base);
    let solver_table_mb = (free / 8).clamp(1, SOLVER_TABLE_MB as u64) as usize;
    let trees = free.saturating_sub(solver_table_mb as u64);
    let (tree_nodes, raised) = nodes_within(trees.saturating_mul(1 << 20), threads);
    MemorySplit {
        tree_nodes,
        solver_table_mb,
        raised,
    }
}

/// Statistics of one root move.
#[derive(Clone, Debug)]
pub struct MoveStats {
    pub mv: Move,
    pub visits: u64,
    /// Win rate for the side to move at the root.
    pub winrate: f32,
    /// The expected continuation after this move (this move first).
    pub pv: Vec<Move>,
    /// `Some(true)` when the move is proven to win, `Some(false)` to lose.
    pub proven: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move, `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// True when the position is judged hopeless.
    pub resign: bool,
    /// Win rate of the best move for the side to move.
    pub winrate: f32,
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves, most visited first.
    pub moves: Vec<MoveStats>,
}

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// The player who made `mv`.
    color: Color,
    visits: u32,
    /// Sum of results for `color`.
    wins: f32,
    /// Fractional where drops share their samples by points
    /// (`Tuning::amaf_by_points`).
    amaf_visits: f32,
    amaf_wins: f32,
    /// Virtual results of the prior, when priors go into the move's own
    /// results (see [`PriorsInto::Value`]).
    prior_visits: f32,
    prior_wins: f32,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    /// The children are every move the search considers here, not the
    /// widening's best few, so that a proof may rest on all of them.
    every_move: bool,
    /// The winner of the position after `mv`, once the tree has proven it.
    proven: Option<Color>,
}

impl Node {
    fn new(mv: Move, color: Color) -> Node {
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
            proven: None,
        }
    }

    /// True when the tree has proven that `mv` wins for its player.
    fn proven_win(&self) -> bool {
        self.proven == Some(self.color)
    }

    /// True when the tree has proven that `mv` loses for its player.
    fn proven_loss(&self) -> bool {
        self.proven.is_some_and(|winner| winner != self.color)
    }
}

/// The winner that a game's final value proves: only a value that no
/// other result could beat (1 for black, 0 for white) counts, so that
/// variants whose values also weigh the margin prove nothing less.
fn winner_of_value(value_black: f32) -> Option<Color> {
    if value_black >= 1.0 {
        Some(Color::Black)
    } else if value_black <= 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

/// AMAF slots: one per vertex, for the moves that put stones on points
/// (placements, polyominoes); see [`Move::points`].
const AMAF_SLOTS: usize = MAX_SIZE * MAX_SIZE;

#[inline]
fn slot_of(v: Vertex) -> usize {
    v.y as usize * MAX_SIZE + v.x as usize
}

/// The slot whose first player decides a tree move's AMAF update: its
/// [key point](Move::key_point).
fn amaf_slot(mv: Move) -> Option<usize> {
    mv.key_point().map(slot_of)
}

/// 1/n for the sizes of a polyomino.
const INVERSE: [f32; crate::polyomino::MAX_CELLS + 1] = {
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
fn points_share(first_player: &[u8], mv: Move, color: Color) -> f32 {
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
fn amaf_rank(node: &Node) -> f32 {
    (node.amaf_wins + 0.5) / (node.amaf_visits + 1.0)
}

struct Tree {
    nodes: Vec<Node>,
    tuning: Tuning,
    rng: SmallRng,
    moves: Vec<Move>,
    priors: Vec<Option<(f32, f32)>>,
    trace: Vec<(Color, Move)>,
    path: Vec<usize>,
    /// First colour (1 black, 2 white) to play each AMAF slot this simulation.
    first_player: Vec<u8>,
    /// The variant's progressive widening, if it asks for one.
    widening: Option<Widening>,
    /// Who owned each point at the end of the simulations, when asked for.
    owners: Option<crate::game::Ownership>,
    /// The owners of the last playout's end.
    end_owners: Vec<i8>,
    /// False where the variant says AMAF misleads (`SearchHints::amaf_applies`):
    /// every move then keeps its prior and its own results in its AMAF
    /// statistics, as drops and steps always do.
    amaf: bool,
}

impl Tree {
    /// A tree made of `nodes` (a re-rooted tree), or a fresh one when it is
    /// empty.
    /// A tree for a search from `root`, with the variant's tuning,
    /// widening and use of AMAF.
    fn for_root<P: SearchHints>(root: &P, config: &Config, seed: u64, nodes: Vec<Node>) -> Tree {
        let mut tree = Tree::new(root.to_move(), config.max_nodes, tuning_for(root, config), seed, nodes);
        tree.widening = root.widening();
        tree.amaf = root.amaf_applies();
        tree
    }

    fn new(to_move: Color, max_nodes: usize, tuning: Tuning, seed: u64, mut nodes: Vec<Node>) -> Tree {
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
            first_player: vec![0; AMAF_SLOTS],
            widening: None,
            owners: None,
            end_owners: Vec::new(),
            amaf: true,
        }
    }

    /// Adds the children of `index`; false when they would not fit under
    /// the node cap.
    fn expand<P: SearchHints>(&mut self, index: usize, depth: usize, pos: &P) -> bool {
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
        self.rank_moves(pos, most);
        let first = self.nodes.len() as u32;
        self.push_children(pos);
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.child_count = self.moves.len() as u32;
        node.expanded = true;
        node.every_move = self.moves.len() < most;
        true
    }

    /// Pushes a node for each of `self.moves`, played from `pos`, with its
    /// prior from `self.priors` (see [`Tree::rank_moves`]).
    fn push_children<P: SearchHints>(&mut self, pos: &P) {
        let color = pos.to_move();
        let (even, weight) = (self.tuning.even_prior, self.tuning.prior_weight);
        for (&mv, &prior) in self.moves.iter().zip(&self.priors) {
            let mut node = Node::new(mv, color);
            let prior = prior.map(|(wins, visits)| {
                let visits = visits.clamp(0.0, 1e6);
                (weight * wins.clamp(0.0, visits), weight * visits)
            });
            match self.tuning.priors_into {
                PriorsInto::Amaf => {
                    if let Some((wins, visits)) = prior {
                        node.amaf_visits = visits;
                        node.amaf_wins = wins;
                    }
                }
                PriorsInto::Value => {
                    let (wins, visits) = prior.unwrap_or((0.0, 0.0));
                    node.prior_wins = wins + 0.5 * even;
                    node.prior_visits = visits + even;
                }
            }
            self.nodes.push(node);
        }
    }

    /// True when the nodes `depth` plies below the root consider every
    /// move, not only the widening's best few (see `Tuning::root_keeps_all`
    /// and `Tuning::replies_keep_all`).
    fn keeps_every_move(&self, depth: usize) -> bool {
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
    fn keep_every_move<P: SearchHints>(&mut self, index: usize, pos: &P) {
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
        self.rank_moves(pos, usize::MAX);
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
    /// best that are search moves.
    fn rank_moves<P: SearchHints>(&mut self, pos: &P, most: usize) {
        self.priors.clear();
        pos.priors(&self.moves, &mut self.priors);
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

    fn select(&mut self, index: usize) -> usize {
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
    fn let_in_by_amaf(&mut self, index: usize) {
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
    fn select_by_visits(&self, index: usize) -> usize {
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
    fn select_by_samples(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let (c, k) = (self.tuning.exploration, self.tuning.rave_equivalence);
        let log_n = (node.visits.max(1) as f32).ln();
        self.best_child(index, |child| {
            let n = child.visits as f32 + child.prior_visits;
            let r = child.amaf_visits;
            let mut value = match (n > 0.0, r > 0.0) {
                (true, true) => {
                    let beta = r / (r + n + n * r / k);
                    let q = (child.wins + child.prior_wins) / n;
                    beta * (child.amaf_wins / r) + (1.0 - beta) * q
                }
                (true, false) => (child.wins + child.prior_wins) / n,
                (false, true) => child.amaf_wins / r,
                // Nothing known: try it before anything known.
                (false, false) => f32::INFINITY,
            };
            if c > 0.0 {
                value += c * (log_n / (child.visits as f32).max(1.0)).sqrt();
            }
            value
        })
    }

    /// The child of `index` with the highest `value` (the first of equals).
    fn best_child(&self, index: usize, value: impl Fn(&Node) -> f32) -> usize {
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

    /// One simulation: select down the tree, expand, play out, back up.
    fn simulate<P: SearchHints>(&mut self, pos: &mut P) {
        self.path.clear();
        self.trace.clear();
        let mut index = 0;
        self.path.push(0);
        let mut depth = 0;
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
                let due = index == 0 || node.visits >= self.tuning.expand_after;
                if !(due && self.expand(index, depth, pos)) {
                    break self.rollout(pos);
                }
            } else if !node.every_move && self.keeps_every_move(depth) {
                // Expanded deeper in the tree this one was reused from.
                self.keep_every_move(index, pos);
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
        for _ in 0..depth {
            pos.undo();
        }
        self.backup(value_black);
    }

    /// A playout from `pos`, whose end owners are added up when the tree
    /// gathers ownership.
    fn rollout<P: SearchHints>(&mut self, pos: &P) -> f32 {
        match self.owners.as_mut() {
            None => pos.rollout(&mut self.rng, &mut self.trace),
            Some(owners) => {
                let value = pos.rollout_owners(&mut self.rng, &mut self.trace, &mut self.end_owners);
                owners.add(&self.end_owners);
                value
            }
        }
    }

    /// Carries a proof at the end of the last simulation's path up the
    /// path as far as it reaches.
    fn prove_up_the_path(&mut self) {
        for depth in (1..self.path.len()).rev() {
            let (index, parent) = (self.path[depth], self.path[depth - 1]);
            let node = &self.nodes[index];
            let Some(winner) = node.proven else { return };
            let proven = if winner == node.color {
                true
            } else {
                let parent_node = &self.nodes[parent];
                let first = parent_node.first_child as usize;
                self.nodes[parent].every_move
                    && self.nodes[first..first + parent_node.child_count as usize]
                        .iter()
                        .all(Node::proven_loss)
            };
            if !proven {
                return;
            }
            self.nodes[parent].proven = Some(winner);
        }
    }

    fn backup(&mut self, value_black: f32) {
        self.prove_up_the_path();
        self.first_player.fill(0);
        let by_points = self.tuning.amaf_by_points;
        // Moves after each path node, in order: tree moves then the playout.
        let tree_moves: Vec<(Color, Move)> = self.path[1..]
            .iter()
            .map(|&i| (self.nodes[i].color, self.nodes[i].mv))
            .collect();
        let all = tree_moves.iter().chain(self.trace.iter()).copied().collect::<Vec<_>>();
        // Walk backwards so `first_player` holds the first play after each node.
        let mut next_move = all.len();
        for depth in (0..self.path.len()).rev() {
            while next_move > depth {
                next_move -= 1;
                let (color, mv) = all[next_move];
                for v in mv.points() {
                    self.first_player[slot_of(v)] = color.index() as u8 + 1;
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
            if depth > 0 && node.amaf_visits > 0.0 && (!self.amaf || amaf_slot(node.mv).is_none()) {
                node.amaf_visits += 1.0;
                node.amaf_wins += result;
            }
            if node.expanded && self.amaf {
                let first = node.first_child as usize;
                for i in first..first + node.child_count as usize {
                    let child = &mut self.nodes[i];
                    let share = if by_points && matches!(child.mv, Move::Polyomino(..)) {
                        points_share(&self.first_player, child.mv, child.color)
                    } else {
                        match amaf_slot(child.mv) {
                            Some(slot) if self.first_player[slot] == child.color.index() as u8 + 1 => 1.0,
                            _ => 0.0,
                        }
                    };
                    if share > 0.0 {
                        child.amaf_visits += share;
                        child.amaf_wins += share * value_for(child.color, value_black);
                    }
                }
            }
        }
    }

    /// The most visited line from `index`.
    fn principal_variation(&self, mut index: usize) -> Vec<Move> {
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

fn value_for(color: Color, value_black: f32) -> f32 {
    match color {
        Color::Black => value_black,
        Color::White => 1.0 - value_black,
    }
}

/// Searches `root` and returns the best move with its statistics.
/// `stop` interrupts the search from another thread.
pub fn search<P: SearchHints>(root: &P, limits: Limits, config: &Config, stop: &AtomicBool) -> SearchResult {
    search_with(root, limits, config, &|| stop.load(Ordering::Relaxed), None)
}

/// Progress reports during a search: `callback` gets the first tree's root
/// statistics (most visited first) and its playout count every `every`.
pub struct Report<'a> {
    pub every: Duration,
    pub callback: &'a mut (dyn FnMut(&[MoveStats], u64) + Send),
}

/// [`search`] with a stop condition polled during the search and optional
/// progress reports. Without playout or time limits it runs until `stop`.
pub fn search_with<P: SearchHints>(
    root: &P,
    limits: Limits,
    config: &Config,
    stop: &(dyn Fn() -> bool + Sync),
    report: Option<Report>,
) -> SearchResult {
    search_from(root, limits, config, stop, report, Vec::new()).0
}

/// [`search_with`] from given trees (one per thread, where given), which
/// also returns the trees for reuse; none after a forced move.
fn search_from<P: SearchHints>(
    root: &P,
    limits: Limits,
    config: &Config,
    stop: &(dyn Fn() -> bool + Sync),
    report: Option<Report>,
    mut start_trees: Vec<Vec<Node>>,
) -> (SearchResult, Vec<Vec<Node>>) {
    let start = Instant::now();
    let mut report = report;
    if let Some(result) = root.own_search(limits, config, stop, &mut report) {
        return (result, Vec::new());
    }
    if let Some(mv) = root.forced_move() {
        return (forced(root, mv, start.elapsed()), Vec::new());
    }
    let threads = config.threads.max(1);
    let per_thread = limits.playouts.map(|p| p.div_ceil(threads as u64).max(1));
    start_trees.resize_with(threads, Vec::new);
    let trees: Vec<(Vec<MoveStats>, u64, Vec<Node>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = start_trees
            .into_iter()
            .enumerate()
            .map(|(t, nodes)| {
                let seed = config.seed.wrapping_add(t as u64 * 0x9E37_79B9);
                let report = if t == 0 { report.take() } else { None };
                let budget = Budget {
                    playouts: per_thread,
                    time: limits.time,
                    start,
                };
                scope.spawn(move || run_tree(root, nodes, budget, config, seed, stop, report))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search thread panicked"))
            .collect()
    });
    let mut stats = Vec::with_capacity(trees.len());
    let mut nodes = Vec::with_capacity(trees.len());
    for (s, done, n) in trees {
        stats.push((s, done));
        nodes.push(n);
    }
    (merge(root, stats, start.elapsed(), config), nodes)
}

/// The result for a forced move: a win rate of 1 when it wins at once, else
/// an unknown 0.5.
fn forced<P: SearchHints>(root: &P, mv: Move, elapsed: Duration) -> SearchResult {
    let mut after = root.clone();
    let wins =
        after.play(root.to_move(), mv).is_ok() && after.outcome().and_then(|o| o.winner()) == Some(root.to_move());
    let winrate = if wins { 1.0 } else { 0.5 };
    SearchResult {
        best: Some(mv),
        resign: false,
        winrate,
        playouts: 0,
        elapsed,
        moves: vec![MoveStats {
            mv,
            visits: 1,
            winrate,
            pv: vec![mv],
            proven: wins.then_some(true),
        }],
    }
}

#[derive(Clone, Copy)]
struct Budget {
    playouts: Option<u64>,
    time: Option<Duration>,
    start: Instant,
}

/// The tuning a search of `root` uses: the configured one, else the
/// variant's, with the changes listed in the environment variable
/// `VARIAGO_TUNING` (`name=value,...`, see [`Tuning::with`]) for experiments.
fn tuning_for<P: SearchHints>(root: &P, config: &Config) -> Tuning {
    let tuning = config.tuning.unwrap_or_else(|| {
        let tuning = root.tuning();
        Tuning {
            resign: tuning.resign.at_least(Resign::for_board(root.size())),
            ..tuning
        }
    });
    match std::env::var("VARIAGO_TUNING") {
        Ok(spec) => tuning.with(&spec).unwrap_or_else(|err| {
            log::warn!("VARIAGO_TUNING ignored: {err}");
            tuning
        }),
        Err(_) => tuning,
    }
}

/// Runs one thread's tree, from `nodes` when they are not empty.
fn run_tree<P: SearchHints>(
    root: &P,
    nodes: Vec<Node>,
    budget: Budget,
    config: &Config,
    seed: u64,
    stop: &(dyn Fn() -> bool + Sync),
    mut report: Option<Report>,
) -> (Vec<MoveStats>, u64, Vec<Node>) {
    let mut pos = root.clone();
    let mut tree = Tree::for_root(root, config, seed, nodes);
    let mut done = 0u64;
    let mut last_report = budget.start;
    loop {
        if budget.playouts.is_some_and(|p| done >= p) {
            break;
        }
        // Always one simulation, so that even a zero budget picks a move.
        if done > 0 && (done.is_multiple_of(16) || budget.time.is_some()) {
            if stop() || budget.time.is_some_and(|t| budget.start.elapsed() >= t) {
                break;
            }
            if let Some(r) = report.as_mut() {
                if last_report.elapsed() >= r.every {
                    last_report = Instant::now();
                    (r.callback)(&tree.root_stats(), done);
                }
            }
        }
        if budget.time.is_some() && done.is_multiple_of(256) && tree.settled(done, &budget) {
            break;
        }
        tree.simulate(&mut pos);
        done += 1;
    }
    (tree.root_stats(), done, tree.nodes)
}

/// Simulations before a timed search may stop early.
const EARLY_STOP_MIN: u64 = 1000;

impl Tree {
    /// True when more thinking cannot change the move: the most visited
    /// root move leads the next by more simulations than the time left
    /// allows, the root is proven, or after a quarter of the time its win
    /// rate is all but certain either way.
    fn settled(&self, done: u64, budget: &Budget) -> bool {
        let Some(time) = budget.time else { return false };
        if done < EARLY_STOP_MIN {
            return false;
        }
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let (mut best, mut second, mut best_wins) = (0u32, 0u32, 0.0f32);
        // A proven loss is not played however many visits it has.
        for child in self.nodes[first..first + root.child_count as usize]
            .iter()
            .filter(|child| !child.proven_loss())
        {
            if child.visits > best {
                second = best;
                best = child.visits;
                best_wins = child.wins;
            } else if child.visits > second {
                second = child.visits;
            }
        }
        let elapsed = budget.start.elapsed().as_secs_f64();
        let left = time.as_secs_f64() - elapsed;
        let still_to_come = done as f64 * left / elapsed.max(1e-6);
        if (best - second) as f64 > still_to_come || root.proven.is_some() {
            return true;
        }
        let winrate = best_wins / best.max(1) as f32;
        elapsed > time.as_secs_f64() / 4.0 && best >= 500 && !(0.03..=0.97).contains(&winrate)
    }
}

impl Tree {
    /// Statistics of the root's children, most visited first, but a proven
    /// win before everything and proven losses after.
    fn root_stats(&self) -> Vec<MoveStats> {
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

/// Most visited first (ties keep their order), but a proven win before
/// everything and proven losses after.
fn sort_root_moves(moves: &mut [MoveStats]) {
    moves.sort_by_key(|m| {
        let rank = match m.proven {
            Some(true) => 0,
            None => 1,
            Some(false) => 2,
        };
        (rank, std::cmp::Reverse(m.visits))
    });
}

fn merge<P: SearchHints>(
    root: &P,
    trees: Vec<(Vec<MoveStats>, u64)>,
    elapsed: Duration,
    config: &Config,
) -> SearchResult {
    let mut playouts = 0;
    let mut by_move: HashMap<Move, MoveStats> = HashMap::new();
    let mut order = Vec::new();
    for (stats, done) in trees {
        playouts += done;
        for s in stats {
            match by_move.get_mut(&s.mv) {
                Some(m) => {
                    let total = m.visits + s.visits;
                    if total > 0 {
                        m.winrate = (m.winrate * m.visits as f32 + s.winrate * s.visits as f32) / total as f32;
                    }
                    if s.visits > m.visits {
                        m.pv = s.pv;
                    }
                    m.visits = total;
                    // Proofs are exact: one tree's is everyone's.
                    m.proven = m.proven.or(s.proven);
                    if let Some(won) = m.proven {
                        m.winrate = f32::from(u8::from(won));
                    }
                }
                None => {
                    order.push(s.mv);
                    by_move.insert(s.mv, s);
                }
            }
        }
    }
    let mut moves: Vec<MoveStats> = order.into_iter().filter_map(|m| by_move.remove(&m)).collect();
    sort_root_moves(&mut moves);
    let best = moves.first().map(|m| m.mv);
    let winrate = moves.first().map_or(0.0, |m| m.winrate);
    let mut result = SearchResult {
        best,
        resign: false,
        winrate,
        playouts,
        elapsed,
        moves,
    };
    let rule = tuning_for(root, config).resign;
    result.resign = rule.searches <= 1 && looks_lost(root, &result, config) && simulations(&result) >= rule.simulations;
    result
}

/// True when `result`, a search of `root`, finds the position lost by the
/// measure of the variant's [`Resign`] rule (one search of the several in
/// a row it may ask for, whatever its size).
fn looks_lost<P: SearchHints>(root: &P, result: &SearchResult, config: &Config) -> bool {
    let rule = tuning_for(root, config).resign;
    result.best.is_some()
        && config.resign_below > 0.0
        && result.winrate < config.resign_below * rule.below
        && root.moves_played() >= 2
}

/// The simulations behind a search's verdict: its new playouts, or the
/// root's visits with the reused trees'.
fn simulations(result: &SearchResult) -> u64 {
    let visits: u64 = result.moves.iter().map(|m| m.visits).sum();
    result.playouts.max(visits)
}

#[cfg(test)]
mod widening_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::variants::{Game, Setup, Variant};

    #[test]
    fn the_tree_never_outgrows_its_node_cap() {
        let game = Game::new(&Setup::new(Variant::Go));
        let (max_nodes, raised) = nodes_within(16 * 1024, 1);
        assert!(raised && max_nodes == MIN_NODES);
        let config = Config {
            max_nodes: 1000,
            ..Config::default()
        };
        let mut tree = Tree::new(game.to_move(), config.max_nodes, Tuning::default(), 1, Vec::new());
        let mut pos = game.clone();
        for _ in 0..3000 {
            tree.simulate(&mut pos);
        }
        assert!(tree.nodes.len() <= MIN_NODES.max(1000));
        assert_eq!(tree.nodes.capacity(), MIN_NODES.max(1000));
        assert!(tree.nodes[0].visits == 3000);
    }

    #[test]
    fn a_prior_without_amaf_slot_gathers_the_moves_own_results() {
        // War Go gives steps a prior; a step has no AMAF slot, so its own
        // results are added to the prior.
        let rows = [".....", ".OXO.", "..T..", ".....", "....."];
        let setup = Setup::new(Variant::WarGo);
        let game = crate::variants::wargo::WarGo::from_diagram(&setup, &rows, Color::Black).unwrap();
        let config = Config::default();
        let mut tree = Tree::new(game.to_move(), config.max_nodes, Tuning::default(), 1, Vec::new());
        let mut pos = game.clone();
        for _ in 0..300 {
            tree.simulate(&mut pos);
        }
        let root = &tree.nodes[0];
        let children = &tree.nodes[root.first_child as usize..(root.first_child + root.child_count) as usize];
        let step = children
            .iter()
            .find(|n| matches!(n.mv, Move::Step(..)))
            .expect("the step out of atari");
        let (wins, visits) = game.prior(step.mv).unwrap();
        assert!(step.visits > 0);
        assert_eq!(step.amaf_visits, visits + step.visits as f32);
        assert!((step.amaf_wins - wins - step.wins).abs() < 1e-3);
    }

    #[test]
    fn absurd_memory_caps_stay_usable() {
        let (nodes, _) = nodes_within(u64::MAX, 1);
        assert_eq!(nodes, MAX_NODES);
        let config = Config {
            max_nodes: usize::MAX,
            ..Config::default()
        };
        let tree = Tree::new(Color::Black, config.max_nodes, Tuning::default(), 1, Vec::new());
        assert!(tree.nodes.capacity() >= MIN_NODES);
    }

    #[test]
    fn a_memory_cap_covers_trees_table_and_the_rest() {
        for (mb, threads) in [(64, 1), (64, 2), (1000, 2), (100_000, 8)] {
            let split = split_memory(mb, threads);
            let trees = (split.tree_nodes * threads * (std::mem::size_of::<Node>() + 4)) as u64;
            let base = (BASE_MEMORY_MB + THREAD_MEMORY_MB * threads as u64) << 20;
            assert!(
                trees + ((split.solver_table_mb as u64) << 20) + base <= mb << 20,
                "{mb} {threads}"
            );
            assert!(!split.raised);
        }
        assert!(split_memory(8, 2).raised);
        assert_eq!(split_memory(8, 2).solver_table_mb, 1);
    }

    #[test]
    fn memory_splits_between_threads() {
        let (one, _) = nodes_within(100 << 20, 1);
        let (four, _) = nodes_within(100 << 20, 4);
        assert!(one * (std::mem::size_of::<Node>() + 4) <= 100 << 20);
        assert_eq!(four, one / 4);
    }

    #[test]
    fn a_clear_result_stops_a_timed_search_early() {
        let mut setup = Setup::new(Variant::Go);
        setup.size = 5;
        // Black wins almost every game by a huge negative komi: the best
        // move soon leads by more than the rest of the time could change.
        setup.komi = -100.0;
        let game = Game::new(&setup);
        let limits = Limits {
            playouts: None,
            time: Some(Duration::from_secs(2)),
        };
        let stop = AtomicBool::new(false);
        let result = search(&game, limits, &Config::default(), &stop);
        assert!(result.elapsed < Duration::from_millis(1500), "{:?}", result.elapsed);
        assert!(result.playouts >= EARLY_STOP_MIN);
    }
}
