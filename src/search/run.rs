//! The search: root-parallel threads, each running a tree of its own
//! from its own seed until the limits or the stop, and their merge.

use super::config::{tuning_for, Config, Report, Request};
use super::hints::SearchHints;
use super::node::Node;
use super::result::{sort_root_moves, MoveStats, SearchResult};
use super::tree::Tree;
use crate::game::Ownership;
use crate::moves::Move;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A search from given trees (one per thread, where given), which
/// also returns the trees for reuse; none after a forced move. The
/// request's `reuse` is the caller's to handle.
pub(super) fn search_from<P: SearchHints>(
    root: &P,
    request: Request<P>,
    mut start_trees: Vec<Vec<Node>>,
) -> (SearchResult, Vec<Vec<Node>>) {
    let Request {
        limits,
        config,
        stop,
        mut report,
        ownership,
        ..
    } = request;
    let start = Instant::now();
    if !ownership {
        if let Some(result) = root.own_search(limits, config, stop, &mut report) {
            return (result, Vec::new());
        }
        if let Some(mv) = root.forced_move() {
            return (forced(root, mv, start.elapsed()), Vec::new());
        }
    }
    let threads = config.threads.max(1);
    let per_thread = limits.playouts.map(|p| p.div_ceil(threads as u64).max(1));
    start_trees.resize_with(threads, Vec::new);
    let trees: Vec<ThreadResult> = std::thread::scope(|scope| {
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
                    ownership,
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
    let mut owners: Option<Ownership> = None;
    for thread in trees {
        stats.push((thread.stats, thread.done));
        nodes.push(thread.nodes);
        if let Some(part) = thread.owners {
            match owners.as_mut() {
                Some(total) => total.merge(&part),
                None => owners = Some(part),
            }
        }
    }
    let mut result = merge(root, stats, start.elapsed(), config);
    result.ownership = owners.filter(|o| o.simulations() > 0);
    (result, nodes)
}

/// What one thread's tree gives back: its root statistics, its
/// simulations, its nodes and, where asked, its owners.
pub(super) struct ThreadResult {
    pub(super) stats: Vec<MoveStats>,
    pub(super) done: u64,
    pub(super) nodes: Vec<Node>,
    pub(super) owners: Option<Ownership>,
}

/// The result for a forced move: a win rate of 1 when it wins at once, else
/// an unknown 0.5.
pub(super) fn forced<P: SearchHints>(root: &P, mv: Move, elapsed: Duration) -> SearchResult {
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
        ownership: None,
    }
}

#[derive(Clone, Copy)]
pub(super) struct Budget {
    playouts: Option<u64>,
    time: Option<Duration>,
    start: Instant,
    /// Gather ownership, and so play every simulation the budget allows.
    ownership: bool,
}

/// Runs one thread's tree, from `nodes` when they are not empty.
pub(super) fn run_tree<P: SearchHints>(
    root: &P,
    nodes: Vec<Node>,
    budget: Budget,
    config: &Config,
    seed: u64,
    stop: &(dyn Fn() -> bool + Sync),
    mut report: Option<Report>,
) -> ThreadResult {
    let mut pos = root.clone();
    let mut tree = Tree::for_root(root, config, seed, nodes);
    if budget.ownership {
        tree.owners = Some(Ownership::new(root.size() * root.size()));
    }
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
        if budget.time.is_some() && !budget.ownership && done.is_multiple_of(256) && tree.settled(done, &budget) {
            break;
        }
        tree.simulate(&mut pos);
        done += 1;
    }
    ThreadResult {
        stats: tree.root_stats(),
        done,
        owners: tree.owners.take(),
        nodes: tree.nodes,
    }
}

/// Simulations before a timed search may stop early.
pub(super) const EARLY_STOP_MIN: u64 = 1000;

impl Tree {
    /// True when more thinking cannot change the move: the most visited
    /// root move leads the next by more simulations than the time left
    /// allows, the root is proven, or after a quarter of the time its win
    /// rate is all but certain either way.
    pub(super) fn settled(&self, done: u64, budget: &Budget) -> bool {
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

pub(super) fn merge<P: SearchHints>(
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
        ownership: None,
    };
    let rule = tuning_for(root, config).resign;
    result.resign = rule.searches <= 1 && looks_lost(root, &result, config) && simulations(&result) >= rule.simulations;
    result
}

/// True when `result`, a search of `root`, finds the position lost by the
/// measure of the variant's [`Resign`] rule (one search of the several in
/// a row it may ask for, whatever its size).
pub(super) fn looks_lost<P: SearchHints>(root: &P, result: &SearchResult, config: &Config) -> bool {
    let rule = tuning_for(root, config).resign;
    result.best.is_some()
        && config.resign_below > 0.0
        && result.winrate < config.resign_below * rule.below
        && root.moves_played() >= 2
}

/// The simulations behind a search's verdict: its new playouts, or the
/// root's visits with the reused trees'.
pub(super) fn simulations(result: &SearchResult) -> u64 {
    let visits: u64 = result.moves.iter().map(|m| m.visits).sum();
    result.playouts.max(visits)
}
