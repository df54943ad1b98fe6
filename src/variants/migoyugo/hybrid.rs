//! Migoyugo's search behind `genmove`: the exact prover, then the tree
//! search.
//!
//! The prover gets a fifth of the budget. A move it proves to win is
//! played at once; when it proves that every move loses, the position is
//! lost (and `genmove` may resign: the only resignation Migoyugo knows).
//! Otherwise the tree search (MCTS with the bitboard's tactical playouts)
//! gets the rest of the budget and chooses among the moves not proven to
//! lose; it never resigns on its own estimate.

use super::prover::{self, Proof, Verdict};
use super::{with_board, Avoid, Migoyugo};
use crate::game::Position;
use crate::moves::Move;
use crate::search::{self, Config, Limits, MoveStats, Report, SearchResult};
use std::time::Instant;

/// Prover nodes worth one playout in a playout budget: a node is one move
/// made, and a playout makes about as many (94 on 8x8).
pub const NODES_PER_PLAYOUT: u64 = 100;

/// The prover's share of the budget.
const PROVER_SHARE: u32 = 5;

/// Prover nodes when nothing bounds the search (open-ended analysis).
const OPEN_ENDED_NODES: u64 = 2_000_000;

pub fn search(
    game: &Migoyugo,
    limits: Limits,
    config: &Config,
    stop: &(dyn Fn() -> bool + Sync),
    report: &mut Option<Report>,
) -> SearchResult {
    let start = Instant::now();
    let color = game.to_move();
    let board = game.board();
    let nodes = match (limits.playouts, limits.time) {
        (Some(p), _) => Some((p.saturating_mul(NODES_PER_PLAYOUT) / PROVER_SHARE as u64).max(1)),
        (None, None) => Some(OPEN_ENDED_NODES),
        (None, Some(_)) => None,
    };
    let budget = prover::Budget {
        nodes,
        time: limits.time.map(|t| t / PROVER_SHARE),
        depth: None,
    };
    let proof = with_board!(board, b => prover::prove(b, color, budget, stop));
    log::info!(
        "prover: {:?} depth {} nodes {} in {:.2}s, {} of {} moves lose",
        proof.verdict,
        proof.depth,
        proof.nodes,
        proof.elapsed.as_secs_f64(),
        proof
            .moves
            .iter()
            .filter(|(_, v)| matches!(v, Verdict::Loss(_)))
            .count(),
        proof.moves.len()
    );
    if proof.verdict != Verdict::Open {
        return proven(game, &proof, config);
    }
    let losing = proof
        .moves
        .iter()
        .filter(|(_, v)| matches!(v, Verdict::Loss(_)))
        .map(|&(p, _)| Move::Place(board.vertex(p)))
        .collect();
    let mut pruned = game.clone();
    pruned.avoid = Some(Avoid {
        at: game.moves_played(),
        moves: losing,
    });
    let mut config = config.clone();
    config.resign_below = 0.0;
    let limits = Limits {
        playouts: limits.playouts,
        time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
    };
    let mut result = search::search_with(&pruned, limits, &config, stop, report.take());
    result.elapsed = start.elapsed();
    result
}

/// The result of a position the prover decided: its quickest win or, when
/// every move loses, its slowest loss (or a resignation where allowed). A
/// lost side facing a single Igo point blocks it: no other move lasts
/// longer.
fn proven(game: &Migoyugo, proof: &Proof, config: &Config) -> SearchResult {
    let board = game.board();
    let winrate = match proof.verdict {
        Verdict::Win(_) => 1.0,
        _ => 0.0,
    };
    let vertex = |p: &usize| Move::Place(board.vertex(*p));
    let line: Vec<Move> = match (proof.verdict, game.forced_move()) {
        (Verdict::Loss(_), Some(block)) if proof.best.map(|p| vertex(&p)) != Some(block) => vec![block],
        _ => proof.line.iter().map(vertex).collect(),
    };
    let moves: Vec<MoveStats> = line
        .first()
        .map(|&mv| MoveStats {
            mv,
            visits: proof.nodes.max(1),
            winrate,
            pv: line.clone(),
        })
        .into_iter()
        .collect();
    SearchResult {
        best: moves.first().map(|m| m.mv),
        resign: config.resign_below > 0.0 && matches!(proof.verdict, Verdict::Loss(_)),
        winrate,
        playouts: proof.nodes,
        elapsed: proof.elapsed,
        moves,
    }
}
