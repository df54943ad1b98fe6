//! An exact prover for Migoyugo: depth-first alpha-beta on the bitboard
//! over a three-valued game (a proven win, a proven loss, or open), with a
//! transposition table, killer moves and a history table, deepened one ply
//! at a time.
//!
//! The rules' own tactics are exact and come first at every node (see
//! `tactics`): an Igo wins, an opponent with two Igo points (or one the
//! mover cannot occupy) wins, a single Igo point of the opponent's must be
//! occupied, and a side without a legal placement ends the game by Yugo
//! count. A forced block uses up no depth, so a run of Igo threats is
//! followed to its end whatever the depth. Every other position at the
//! horizon counts as open, and nothing is pruned that could refute a proof
//! (no null moves, no reductions): a win or a loss found is certain.
//!
//! Each root move gets its own verdict. The same node search, with the
//! static evaluation at the horizon and late quiet moves reduced (every
//! move is still searched, so its proofs stay certain), is the engine's
//! alpha-beta (see `alphabeta`).

use super::bits::Bits;
use super::board::Bitboard;
use super::eval::evaluate;
use super::playout::{tactics, Tactics};
use crate::board::zobrist::side_key;
use crate::color::Color;
use crate::game::Outcome;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The score of an immediate win; a win in `n` plies scores `WIN - n`.
pub(super) const WIN: i32 = 30_000;
/// Scores beyond this are proven wins (and below its negation, losses).
pub(super) const PROVEN: i32 = WIN - 1_000;
/// Plies the search may reach from the root, extensions included.
pub(super) const MAX_PLY: usize = 160;
/// Told apart from the prover's entries in the shared table: the
/// evaluating search's positions, whose open values are estimates.
const EVALUATED_KEY: u64 = 0x9e37_79b9_7f4a_7c15;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// What bounds a proof attempt.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// Deepest iteration (plies), when set.
    pub depth: Option<u32>,
}

/// What is known of a root move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It wins by force within this many plies (the move included).
    Win(u32),
    /// It loses by force within this many plies (the move included).
    Loss(u32),
    Open,
}

/// What a proof attempt found.
#[derive(Clone, Debug)]
pub struct Proof {
    /// Every legal move of the side to move with its verdict; empty when
    /// the game is over.
    pub moves: Vec<(usize, Verdict)>,
    /// The verdict of the position: a win when a move wins, a loss when
    /// every move loses.
    pub verdict: Verdict,
    /// The best move found: the quickest win, else the slowest loss or an
    /// open move.
    pub best: Option<usize>,
    /// The expected line from the best move on.
    pub line: Vec<usize>,
    /// Deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: i32,
    mv: u16,
    depth: i8,
    bound: Bound,
}

const NO_MOVE: u16 = u16::MAX;

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            value: 0,
            mv: NO_MOVE,
            depth: -1,
            bound: Bound::Upper,
        }
    }
}

/// The transposition table: one entry per slot, replaced by results of at
/// least the same depth. Values are proofs or "open to this depth", so
/// entries stay true from one search to the next.
struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of 2^bits entries (16 bytes each).
    fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.entries.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old = &mut self.entries[slot];
        if old.key != entry.key || entry.depth >= old.depth {
            *old = entry;
        }
    }
}

/// Entries of the table that searches share (2^20: 16 MB).
const TABLE_BITS: u32 = 20;

/// The table kept from one search to the next, so that a game's searches
/// build on each other. A search that finds it busy (another engine in the
/// same process) uses a smaller table of its own.
static SHARED_TABLE: Mutex<Option<Table>> = Mutex::new(None);

/// A win or loss score as stored: counted from the node, not the root.
fn to_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v > PROVEN => v + ply as i32,
        v if v < -PROVEN => v - ply as i32,
        v => v,
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v > PROVEN => v - ply as i32,
        v if v < -PROVEN => v + ply as i32,
        v => v,
    }
}

/// The score of a decided game for `color`, `ply` plies from the root.
fn decided(outcome: Outcome, color: Color, ply: usize) -> i32 {
    match outcome.winner() {
        Some(c) if c == color => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

/// The verdict of a score `plies` deep.
fn verdict(score: i32) -> Verdict {
    if score > PROVEN {
        Verdict::Win((WIN - score) as u32)
    } else if score < -PROVEN {
        Verdict::Loss((WIN + score) as u32)
    } else {
        Verdict::Open
    }
}

pub(super) struct Stopped;

/// Move ordering: higher first.
const TT_MOVE: i32 = 1 << 30;
const YUGO_MOVE: i32 = 1 << 28;
const BLOCK_MOVE: i32 = 1 << 27;
const KILLER_MOVE: i32 = 1 << 26;
/// Moves searched in full before the evaluating search reduces the rest.
const LATE_MOVE: usize = 4;

pub(super) struct Searcher<'a> {
    table: &'a mut Table,
    /// The horizon's value of an open position: the static evaluation, or
    /// 0 (unknown) for a proof.
    evaluate: bool,
    killers: Vec<[u16; 2]>,
    /// History scores by point and colour.
    history: Vec<[i32; 2]>,
    /// Scored moves of each ply, kept to save allocations.
    pub(super) moves: Vec<Vec<(usize, i32)>>,
    /// The principal variation found below each ply.
    pub(super) pv: Vec<Vec<usize>>,
    pub(super) nodes: u64,
    budget: Budget,
    pub(super) start: Instant,
    stop: &'a dyn Fn() -> bool,
}

impl Searcher<'_> {
    fn check(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let out_of_time = self.budget.time.is_some_and(|t| self.start.elapsed() >= t);
            let out_of_nodes = self.budget.nodes.is_some_and(|n| self.nodes >= n);
            if out_of_time || out_of_nodes || (self.stop)() {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// The legal moves of `color` at `ply`, scored for ordering, into
    /// `self.moves[ply]`.
    pub(super) fn order<B: Bits>(&mut self, board: &Bitboard<B>, color: Color, ply: usize, tt_move: u16) {
        let legal = board.legal(color);
        let yugo = board.yugo_moves(color);
        let blocks = board.yugo_moves(color.opponent());
        let killers = self.killers[ply];
        let c = color.index();
        let mut list = std::mem::take(&mut self.moves[ply]);
        list.clear();
        list.extend(legal.iter().map(|p| {
            let score = if p as u16 == tt_move {
                TT_MOVE
            } else if yugo.has(p) {
                YUGO_MOVE + (0..4).filter(|&d| board.fours(color, d).has(p)).count() as i32
            } else if blocks.has(p) {
                BLOCK_MOVE
            } else if killers.contains(&(p as u16)) {
                KILLER_MOVE
            } else {
                self.history[p][c]
            };
            (p, score)
        }));
        self.moves[ply] = list;
    }

    pub(super) fn negamax<B: Bits>(
        &mut self,
        board: &Bitboard<B>,
        color: Color,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Stopped> {
        self.check()?;
        self.pv[ply].clear();
        match tactics(board, color) {
            Tactics::Decided(outcome) => return Ok(decided(outcome, color, ply)),
            Tactics::Forced(p) if board.igo_moves(color).has(p) => {
                self.pv[ply].push(p);
                return Ok(WIN - ply as i32 - 1);
            }
            Tactics::Forced(p) if ply + 1 < MAX_PLY => {
                // The only move: it uses up no depth.
                let mut child = board.clone();
                child.place_with::<true>(p, color);
                let value = -self.negamax(&child, color.opponent(), depth, -beta, -alpha, ply + 1)?;
                self.set_pv(ply, p);
                return Ok(value);
            }
            _ => {}
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return Ok(if self.evaluate { evaluate(board, color) } else { 0 });
        }
        let key = board.hash() ^ side_key(color) ^ if self.evaluate { EVALUATED_KEY } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.mv;
            let value = from_table(e.value, ply);
            // A proof holds at any depth (a win as a lower bound, a loss as
            // an upper one); an open result only as deep.
            let proof = match e.bound {
                Bound::Exact => value.abs() > PROVEN,
                Bound::Lower => value > PROVEN,
                Bound::Upper => value < -PROVEN,
            };
            let deep_enough = e.depth as i32 >= depth || proof;
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if deep_enough && usable {
                return Ok(value);
            }
        }
        self.order(board, color, ply, tt_move);
        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_move = NO_MOVE;
        let count = self.moves[ply].len();
        for i in 0..count {
            let (p, order) = pick(&mut self.moves[ply], i);
            let mut child = board.clone();
            child.place_with::<true>(p, color);
            let value = if i == 0 {
                -self.negamax(&child, color.opponent(), depth - 1, -beta, -alpha, ply + 1)?
            } else {
                // Late quiet moves of the evaluating search are looked at
                // less deeply first, and again in full if they rise above
                // alpha. Sound for proofs: every move is still searched.
                let reduction = if self.evaluate && depth >= 3 && i >= LATE_MOVE && order < KILLER_MOVE {
                    1 + (depth >= 6 && i >= 2 * LATE_MOVE) as i32
                } else {
                    0
                };
                let mut v = -self.negamax(
                    &child,
                    color.opponent(),
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                )?;
                if reduction > 0 && v > alpha {
                    v = -self.negamax(&child, color.opponent(), depth - 1, -alpha - 1, -alpha, ply + 1)?;
                }
                if v > alpha && v < beta {
                    -self.negamax(&child, color.opponent(), depth - 1, -beta, -alpha, ply + 1)?
                } else {
                    v
                }
            };
            if value > best {
                best = value;
                best_move = p as u16;
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, p);
                }
            }
            if alpha >= beta {
                if order < KILLER_MOVE {
                    let k = &mut self.killers[ply];
                    if k[0] != p as u16 {
                        k[1] = k[0];
                        k[0] = p as u16;
                    }
                    let h = &mut self.history[p][color.index()];
                    *h = (*h + depth * depth).min(KILLER_MOVE - 1);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            value: to_table(best, ply),
            mv: best_move,
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        });
        Ok(best)
    }

    /// The principal variation at `ply`: `p`, then the one found below it.
    fn set_pv(&mut self, ply: usize, p: usize) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(p);
        line.extend_from_slice(&tail[0]);
    }
}

/// Moves the best-scored move of `moves[i..]` to `i` and returns it.
fn pick(moves: &mut [(usize, i32)], i: usize) -> (usize, i32) {
    let best = (i..moves.len()).max_by_key(|&j| moves[j].1).unwrap_or(i);
    moves.swap(i, best);
    moves[i]
}

/// Tries to prove the result of every move of `color` on `board` within
/// `budget`, deepening one ply at a time until a move wins, every move
/// loses, or the budget runs out.
pub fn prove<B: Bits>(board: &Bitboard<B>, color: Color, budget: Budget, stop: &dyn Fn() -> bool) -> Proof {
    with_searcher::<B, _>(budget, stop, false, |searcher| prove_root(searcher, board, color))
}

/// Runs `f` with a searcher on the shared table (or, when another search
/// holds it, a smaller one of its own).
pub(super) fn with_searcher<B: Bits, T>(
    budget: Budget,
    stop: &dyn Fn() -> bool,
    evaluate: bool,
    f: impl FnOnce(&mut Searcher) -> T,
) -> T {
    let mut guard = SHARED_TABLE.try_lock().ok();
    let mut own = None;
    let table = match guard.as_deref_mut() {
        Some(slot) => slot.get_or_insert_with(|| Table::new(TABLE_BITS)),
        None => own.insert(Table::new(TABLE_BITS - 4)),
    };
    let points = B::STRIDE * B::STRIDE;
    let mut searcher = Searcher {
        table,
        evaluate,
        killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
        history: vec![[0; 2]; points],
        moves: vec![Vec::new(); MAX_PLY + 1],
        pv: vec![Vec::new(); MAX_PLY + 1],
        nodes: 0,
        budget,
        start: Instant::now(),
        stop,
    };
    f(&mut searcher)
}

fn prove_root<B: Bits>(s: &mut Searcher, board: &Bitboard<B>, color: Color) -> Proof {
    let mut proof = Proof {
        moves: Vec::new(),
        verdict: Verdict::Open,
        best: None,
        line: Vec::new(),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    // Every legal move gets a verdict, even where the rules have decided
    // already (an opponent's Igo that cannot be stopped): a side that does
    // not resign still needs a move.
    s.order(board, color, 0, NO_MOVE);
    let mut order = std::mem::take(&mut s.moves[0]);
    order.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    proof.moves = order.iter().map(|&(p, _)| (p, Verdict::Open)).collect();
    let mut lines: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
    let max_depth = s.budget.depth.unwrap_or(MAX_PLY as u32 / 2).min(MAX_PLY as u32 / 2);
    'deepen: for depth in 1..=max_depth as i32 {
        for (i, line) in lines.iter_mut().enumerate() {
            let (p, known) = proof.moves[i];
            if known != Verdict::Open {
                continue;
            }
            if board.igo_moves(color).has(p) {
                proof.moves[i].1 = Verdict::Win(1);
                *line = vec![p];
                break 'deepen;
            }
            let mut child = board.clone();
            child.place_with::<true>(p, color);
            let Ok(value) = s.negamax(&child, color.opponent(), depth - 1, -WIN - 1, WIN + 1, 1) else {
                break 'deepen;
            };
            let value = -value;
            proof.moves[i].1 = verdict(value);
            if value.abs() > PROVEN {
                *line = std::iter::once(p).chain(s.pv[1].iter().copied()).collect();
            }
            if matches!(proof.moves[i].1, Verdict::Win(_)) {
                proof.depth = depth as u32;
                break 'deepen;
            }
        }
        proof.depth = depth as u32;
        if proof.moves.iter().all(|&(_, v)| v != Verdict::Open) {
            break;
        }
    }
    let rank = |v: Verdict| match v {
        Verdict::Win(n) => 2_000_000 - n as i64,
        Verdict::Open => 1_000_000,
        Verdict::Loss(n) => n as i64,
    };
    if let Some(i) = (0..proof.moves.len()).max_by_key(|&i| (rank(proof.moves[i].1), -(i as i64))) {
        proof.best = Some(proof.moves[i].0);
        proof.line = if lines[i].is_empty() {
            vec![proof.moves[i].0]
        } else {
            lines[i].clone()
        };
        proof.verdict = match proof.moves[i].1 {
            Verdict::Win(n) => Verdict::Win(n),
            Verdict::Loss(n) if proof.moves.iter().all(|&(_, v)| matches!(v, Verdict::Loss(_))) => Verdict::Loss(n),
            _ => Verdict::Open,
        };
    }
    proof.nodes = s.nodes;
    proof.elapsed = s.start.elapsed();
    proof
}
