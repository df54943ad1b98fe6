//! An exact solver for small games: depth-first proof-number search
//! (df-pn) over the `SolverHints` trait, with a transposition table keyed by
//! `SolverHints::canonical_hash` (so positions equal up to a board symmetry
//! share one entry) and the move order of `SolverHints::solver_moves`.
//!
//! A search proves or disproves "`target` wins" from a position. `solve`
//! asks it for the side to move; when that is disproved it asks it for the
//! opponent, unless the variant has no draw, so the answer is a win, a
//! loss, a draw, or unknown when the budget ran out first.
//!
//! A variant with a solver of its own (Unsquare Go's alpha-beta over the
//! grid) answers instead, unless `Budget::own_solver` is off.
//!
//! Where the variant names a strategy for one player, a proof by that
//! strategy is tried first (`strategy`), sharing the table with df-pn.
//!
//! Games that could go on for ever are cut at `Budget::max_plies`: a cut
//! line counts as "not a win" for whoever is proving, which keeps every
//! proof sound, and a disproof that met a cut is reported as unknown.

mod hints;
mod strategy;
pub mod symmetry;
pub mod table;

use crate::board::zobrist;
use crate::color::Color;
use crate::moves::Move;
use std::fmt;
use std::time::{Duration, Instant};
use table::Table;

pub(crate) use hints::solver_hints_methods;
pub use hints::SolverHints;

/// Proof and disproof numbers at or above this mean proven / disproven.
const INFINITY: u32 = u32::MAX / 2;

/// The value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win(Color),
    Draw,
    /// The budget ran out (or the search was stopped) before a proof.
    Unknown,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Win(color) => write!(f, "{color} wins"),
            Value::Draw => f.write_str("draw"),
            Value::Unknown => f.write_str("unknown"),
        }
    }
}

/// How much the solver may spend.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Node expansions at most.
    pub nodes: u64,
    pub time: Option<Duration>,
    /// Size of the transposition table in megabytes.
    pub table_mb: usize,
    /// Lines longer than this many moves from the root are cut.
    pub max_plies: usize,
    /// Print progress on stderr every this often (long proofs).
    pub progress: Option<Duration>,
    /// Try a proof by the variant's strategy first, where it has one.
    pub strategy: bool,
    /// Use the variant's own solver instead of df-pn, where it has one.
    pub own_solver: bool,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 10_000_000,
            time: None,
            table_mb: 64,
            max_plies: 400,
            progress: None,
            strategy: true,
            own_solver: true,
        }
    }
}

/// What `solve` found.
#[derive(Clone, Debug)]
pub struct Solution {
    pub value: Value,
    /// A winning move when the side to move wins, a drawing one in a draw,
    /// otherwise some legal move (or `None` when there is none).
    pub best: Option<Move>,
    /// Nodes expanded.
    pub nodes: u64,
    pub elapsed: Duration,
}

impl Solution {
    /// True when the side to move `color` is proven to win.
    pub fn wins_for(&self, color: Color) -> bool {
        self.value == Value::Win(color)
    }
}

/// Solves `pos` for the side to move within `budget`; `stop` is polled
/// and ends the search early (with `Value::Unknown`) when it returns true.
pub fn solve<P: SolverHints>(pos: &P, budget: &Budget, stop: &dyn Fn() -> bool) -> Solution {
    let start = Instant::now();
    let mut pos = pos.clone();
    let mover = pos.to_move();
    let finish = |value, best, nodes| Solution {
        value,
        best,
        nodes,
        elapsed: start.elapsed(),
    };
    if let Some(outcome) = pos.outcome() {
        let value = outcome.winner().map_or(Value::Draw, Value::Win);
        return finish(value, None, 0);
    }
    if let Some(solution) = budget.own_solver.then(|| pos.own_solution(budget, stop)).flatten() {
        return solution;
    }
    let mut search = Dfpn::new(budget, stop, start);
    if let Some(strategist) = pos.strategist().filter(|_| budget.strategy) {
        let proof = strategy::prove(&mut search, &mut pos, strategist);
        log::info!(
            "proof by {strategist}'s strategy: {} after {} nodes, {} settled by df-pn",
            if proof.won { "found" } else { "not found" },
            search.nodes,
            proof.fallbacks
        );
        if proof.won {
            let best = if strategist == mover {
                proof.best
            } else {
                first_move(&pos)
            };
            return finish(Value::Win(strategist), best, search.nodes);
        }
    }
    if search.prove(&mut pos, mover) {
        return finish(Value::Win(mover), search.root_best, search.nodes);
    }
    let any_move = first_move(&pos);
    if search.out_of_budget || search.cut {
        return finish(Value::Unknown, any_move, search.nodes);
    }
    if !pos.draws_possible() {
        return finish(Value::Win(mover.opponent()), any_move, search.nodes);
    }
    if search.prove(&mut pos, mover.opponent()) {
        return finish(Value::Win(mover.opponent()), any_move, search.nodes);
    }
    if search.out_of_budget || search.cut {
        return finish(Value::Unknown, any_move, search.nodes);
    }
    // Neither side wins: a move after which the opponent's win is disproved draws.
    finish(Value::Draw, search.root_best.or(any_move), search.nodes)
}

fn first_move<P: SolverHints>(pos: &P) -> Option<Move> {
    let mut moves = Vec::new();
    pos.solver_moves(&mut moves);
    moves.first().copied()
}

/// A move from a node, with its child's key and, for a finished game,
/// its proof and disproof numbers.
struct Child {
    mv: Move,
    key: u64,
    settled: Option<(u32, u32)>,
}

struct Dfpn<'a> {
    table: Table,
    /// The player whose win is being proved.
    target: Color,
    nodes: u64,
    max_nodes: u64,
    max_plies: usize,
    deadline: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
    out_of_budget: bool,
    /// A line was cut at `max_plies` during the current proof.
    cut: bool,
    start: Instant,
    progress: Option<Duration>,
    last_report: Instant,
    /// The root move that settled the last search: a winning move when it
    /// proved a win at an OR root, a move refuting the target at an AND root.
    root_best: Option<Move>,
    /// The root's proof and disproof numbers, for progress reports.
    root_numbers: (u32, u32),
    /// During a proof by strategy, the positions it has proven and the
    /// nodes df-pn settled, for progress reports.
    strategy_progress: Option<(u64, u64)>,
}

impl<'a> Dfpn<'a> {
    fn new(budget: &Budget, stop: &'a dyn Fn() -> bool, start: Instant) -> Dfpn<'a> {
        Dfpn {
            table: Table::new(budget.table_mb),
            target: Color::Black,
            nodes: 0,
            max_nodes: budget.nodes,
            max_plies: budget.max_plies.max(1),
            deadline: budget.time.and_then(|t| start.checked_add(t)),
            stop,
            out_of_budget: false,
            cut: false,
            start,
            progress: budget.progress,
            last_report: start,
            root_best: None,
            root_numbers: (1, 1),
            strategy_progress: None,
        }
    }

    /// True when `target` is proven to win from `pos`.
    fn prove<P: SolverHints>(&mut self, pos: &mut P, target: Color) -> bool {
        self.target = target;
        self.cut = false;
        self.root_best = None;
        let (pn, _) = self.mid(pos, 0, INFINITY, INFINITY);
        pn == 0
    }

    fn key<P: SolverHints>(&self, pos: &P) -> u64 {
        let target_key = match self.target {
            Color::Black => 0,
            Color::White => zobrist::StateKey::SolverTargetWhite.key(),
        };
        pos.canonical_hash() ^ target_key
    }

    /// A child's numbers: settled, else the table's, else what its last
    /// search here returned (`known`), which keeps a child whose entry was
    /// pushed out of a full table from being searched again and again.
    fn numbers(&self, child: &Child, known: Option<(u32, u32)>) -> (u32, u32) {
        child
            .settled
            .or_else(|| self.table.get(child.key))
            .or(known)
            .unwrap_or((1, 1))
    }

    /// The children of `pos`, the finished games among them settled.
    fn expand<P: SolverHints>(&mut self, pos: &mut P, ply: usize) -> Vec<Child> {
        let mut moves = Vec::new();
        pos.solver_moves(&mut moves);
        let color = pos.to_move();
        if color == self.target {
            // The variant's strategy, where it names a move, is tried first.
            if let Some(i) = pos.strategy_move().and_then(|s| moves.iter().position(|&m| m == s)) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            if pos.play(color, mv).is_err() {
                continue;
            }
            let settled = match pos.outcome() {
                Some(outcome) if outcome.winner() == Some(self.target) => Some((0, INFINITY)),
                Some(_) => Some((INFINITY, 0)),
                None => match pos.settled_for(self.target) {
                    Some(true) => Some((0, INFINITY)),
                    Some(false) => Some((INFINITY, 0)),
                    None if ply + 1 >= self.max_plies => {
                        self.cut = true;
                        Some((INFINITY, 0))
                    }
                    None => None,
                },
            };
            children.push(Child {
                mv,
                key: self.key(pos),
                settled,
            });
            pos.undo();
        }
        children
    }

    fn check_budget(&mut self) {
        // Every 16 nodes: a node of a game with wide moves (Omino Go's
        // drops) costs up to 0.1 ms, and 256 overran a 25 ms share by half.
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(16) && (self.deadline.is_some_and(|d| Instant::now() >= d) || (self.stop)()))
        {
            self.out_of_budget = true;
        }
        if self.progress.is_some() && self.nodes.is_multiple_of(1 << 16) {
            self.report();
        }
    }

    /// Multiple-iterative deepening: searches `pos` until its proof number
    /// reaches `max_pn` or its disproof number `max_dn`, and returns both.
    fn mid<P: SolverHints>(&mut self, pos: &mut P, ply: usize, max_pn: u32, max_dn: u32) -> (u32, u32) {
        self.nodes += 1;
        self.check_budget();
        let first_node = self.nodes;
        let key = self.key(pos);
        let children = self.expand(pos, ply);
        if children.is_empty() {
            // No move yet no result: a variant's inconsistency, not a proof.
            self.cut = true;
            return (INFINITY, 0);
        }
        let mut known = vec![None; children.len()];
        let or_node = pos.to_move() == self.target;
        loop {
            // With `phi` the number to minimise at this node and `delta` the
            // one to sum, AND and OR nodes read the same.
            let mut phi = INFINITY;
            let mut second = INFINITY;
            let mut delta: u32 = 0;
            let mut best = 0;
            for (i, child) in children.iter().enumerate() {
                let (pn, dn) = self.numbers(child, known[i]);
                let (c_phi, c_delta) = if or_node { (pn, dn) } else { (dn, pn) };
                if c_phi < phi {
                    second = phi;
                    phi = c_phi;
                    best = i;
                } else if c_phi < second {
                    second = c_phi;
                }
                delta = if c_delta >= INFINITY || delta >= INFINITY {
                    INFINITY
                } else {
                    (delta + c_delta).min(INFINITY - 1)
                };
            }
            if phi == 0 {
                delta = INFINITY;
            }
            let (pn, dn) = if or_node { (phi, delta) } else { (delta, phi) };
            if pn >= max_pn || dn >= max_dn || self.out_of_budget {
                if ply == 0 {
                    self.root_best = (phi == 0).then_some(children[best].mv);
                }
                self.table.put(key, pn, dn, self.nodes - first_node + 1);
                return (pn, dn);
            }
            let (max_phi, max_delta) = if or_node { (max_pn, max_dn) } else { (max_dn, max_pn) };
            let (c_pn, c_dn) = self.numbers(&children[best], known[best]);
            let c_delta = if or_node { c_dn } else { c_pn };
            // The 1 + epsilon trick: let the child run a little past the
            // second best so that the search switches less often.
            let child_phi = max_delta - delta + c_delta;
            let child_delta = max_phi.min(second.saturating_add(1 + second / 4));
            let (child_pn, child_dn) = if or_node {
                (child_delta, child_phi)
            } else {
                (child_phi, child_delta)
            };
            let color = pos.to_move();
            let child = &children[best];
            if pos.play(color, child.mv).is_err() {
                self.cut = true;
                return (INFINITY, 0);
            }
            known[best] = Some(self.mid(pos, ply + 1, child_pn.min(INFINITY), child_dn.min(INFINITY)));
            pos.undo();
            if ply == 0 {
                self.root_numbers = (pn, dn);
            }
        }
    }

    fn report(&mut self) {
        let Some(every) = self.progress else { return };
        if self.last_report.elapsed() >= every {
            self.last_report = Instant::now();
            if let Some((proven, fallbacks)) = self.strategy_progress {
                eprintln!(
                    "solve: {} to win by strategy? {proven} positions proven, {fallbacks} settled by df-pn, {} nodes, {:.0}s",
                    self.target,
                    self.nodes,
                    self.start.elapsed().as_secs_f64()
                );
                return;
            }
            eprintln!(
                "solve: {} to win? root pn {} dn {} (at the last root step), {} nodes, {:.0}s",
                self.target,
                self.root_numbers.0,
                self.root_numbers.1,
                self.nodes,
                self.start.elapsed().as_secs_f64()
            );
        }
    }
}
