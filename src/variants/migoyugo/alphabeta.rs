//! Migoyugo's search behind `genmove`: principal-variation alpha-beta with
//! iterative deepening on the bitboard, sharing the prover's node search
//! (transposition table, killers, history, forced blocks that use no
//! depth) with the static evaluation of [`super::eval`] at the horizon.
//!
//! Nothing is pruned that could refute a win or a loss (no null moves; a
//! reduced late move is still searched), so a score beyond [`PROVEN`] is
//! certain: a proven win is played at once, and a proven loss of every
//! move is the only resignation Migoyugo knows. Each completed iteration
//! is reported to the analysis commands with its principal variation; the
//! win estimate is a logistic of the score.

use super::bits::Bits;
use super::board::Bitboard;
use super::playout::{tactics, Tactics};
use super::prover::{with_searcher, Budget, Searcher, MAX_PLY, PROVEN, WIN};
use super::{with_board, Migoyugo};
use crate::color::Color;
use crate::game::Position;
use crate::moves::Move;
use crate::search::{Config, Limits, MoveStats, Report, SearchResult};
use crate::variants::{models, Variant};
use std::time::{Duration, Instant};

/// Nodes worth one playout in a playout budget: a node is one move made,
/// and a playout makes about as many (94 on 8x8).
pub const NODES_PER_PLAYOUT: u64 = 100;

/// A new iteration starts only while less than this share of the time is
/// spent: the next one costs several times the last.
const ITERATION_START: f64 = 0.6;

/// The win estimate of a score is the logistic of the score over this:
/// 1/K of the fit of the evaluation to the results of its own self-play
/// (K = 0.006487, docs/tuning.md), so that a score's estimate is the share
/// of games won from positions of that score; a Yugo ahead is about 66%.
const WINRATE_SCALE: f32 = 154.2;

/// A completed iteration: the best root move with its score and line, and
/// every root move with its score (exact for the best, a bound for the
/// others), best first.
struct Iteration {
    depth: u32,
    /// Every root move was searched: a proven loss is then certain.
    complete: bool,
    score: i32,
    line: Vec<usize>,
    moves: Vec<(usize, i32)>,
}

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
    let budget = Budget {
        nodes: limits.playouts.map(|p| p.saturating_mul(NODES_PER_PLAYOUT).max(1)),
        time: limits.time,
        depth: None,
    };
    let to_move = |p: &usize| Move::Place(board.vertex(*p));
    let mut nodes = 0;
    let mut on_iteration = |it: &Iteration, searched: u64| {
        nodes = searched;
        if let Some(report) = report.as_mut() {
            (report.callback)(&move_stats(it, searched, &to_move), searched);
        }
    };
    let learned = learned_chances(game);
    let found = with_board!(board, b => deepen(b, color, (budget, &learned), stop, &mut on_iteration));
    let Some(it) = found else {
        return SearchResult {
            best: None,
            resign: false,
            winrate: 0.0,
            playouts: nodes,
            elapsed: start.elapsed(),
            moves: Vec::new(),
            ownership: None,
        };
    };
    log::info!(
        "alpha-beta: depth {} score {} nodes {} in {:.2}s, line {:?}",
        it.depth,
        it.score,
        nodes,
        start.elapsed().as_secs_f64(),
        it.line.iter().map(|p| board.vertex(*p).to_string()).collect::<Vec<_>>()
    );
    let moves = move_stats(&it, nodes, &to_move);
    SearchResult {
        best: moves.first().map(|m| m.mv),
        resign: config.resign_below > 0.0 && it.complete && it.score < -PROVEN,
        winrate: winrate(it.score),
        playouts: nodes,
        elapsed: start.elapsed(),
        moves,
        ownership: None,
    }
}

/// The win estimate of a score: certain beyond a proof, else logistic.
fn winrate(score: i32) -> f32 {
    match score {
        s if s > PROVEN => 1.0,
        s if s < -PROVEN => 0.0,
        s => 1.0 / (1.0 + (-(s as f32) / WINRATE_SCALE).exp()),
    }
}

/// The root moves as the analysis commands show them: the best with its
/// line and the nodes searched, the others with the estimate of their bound.
fn move_stats(it: &Iteration, nodes: u64, to_move: &dyn Fn(&usize) -> Move) -> Vec<MoveStats> {
    it.moves
        .iter()
        .enumerate()
        .map(|(i, &(p, score))| MoveStats {
            mv: to_move(&p),
            visits: if i == 0 { nodes.max(1) } else { 1 },
            winrate: winrate(if i == 0 { it.score } else { score }),
            pv: if i == 0 {
                it.line.iter().map(to_move).collect()
            } else {
                vec![to_move(&p)]
            },
            proven: None,
        })
        .collect()
}

/// Deepens one ply at a time until a move is proven to win, every move to
/// lose, or the budget runs out (or would, in the next iteration); returns
/// the last completed iteration (improved by a move the unfinished one
/// found better).
fn deepen<B: Bits>(
    board: &Bitboard<B>,
    color: Color,
    (budget, learned): (Budget, &[f32]),
    stop: &dyn Fn() -> bool,
    on_iteration: &mut dyn FnMut(&Iteration, u64),
) -> Option<Iteration> {
    with_searcher::<B, _>(budget, stop, true, |s| {
        let mut root = root_moves(s, board, color, learned);
        if root.is_empty() {
            return None;
        }
        let mut done: Option<Iteration> = None;
        for depth in 1..=(MAX_PLY / 2) as i32 {
            let (best, complete) = iterate(s, board, color, &mut root, depth);
            if let Some((score, line)) = best {
                done = Some(Iteration {
                    depth: depth as u32,
                    complete,
                    score,
                    line,
                    moves: root.clone(),
                });
            }
            if !complete {
                break;
            }
            let it = done.as_ref()?;
            on_iteration(it, s.nodes);
            let out_of_time = budget
                .time
                .is_some_and(|t| s.start.elapsed() >= Duration::from_secs_f64(t.as_secs_f64() * ITERATION_START));
            let forced = root.len() == 1 && depth >= 4;
            if it.score.abs() > PROVEN || out_of_time || forced {
                break;
            }
        }
        if done.is_none() {
            // Stopped before a single move was searched: the first in order.
            done = Some(Iteration {
                depth: 0,
                complete: false,
                score: 0,
                line: vec![root[0].0],
                moves: root,
            });
        }
        done
    })
}

/// The root moves, ordered; only the forced one where the rules leave a
/// single sensible point (an Igo, or the block of the opponent's). Moves
/// the search's own order leaves tied (the quiet ones, at first) go in
/// the order of a move model's chances, `learned` by point.
fn root_moves<B: Bits>(s: &mut Searcher, board: &Bitboard<B>, color: Color, learned: &[f32]) -> Vec<(usize, i32)> {
    if let Tactics::Forced(p) = tactics(board, color) {
        return vec![(p, 0)];
    }
    s.order(board, color, 0, u16::MAX);
    let mut root = std::mem::take(&mut s.moves[0]);
    let chance = |p: usize| learned.get(p).copied().unwrap_or(0.0);
    root.sort_by(|a, b| b.1.cmp(&a.1).then(chance(b.0).total_cmp(&chance(a.0))));
    root
}

/// The chance of each legal placement by point, from the move model that
/// `--model` read; empty without one.
fn learned_chances(game: &Migoyugo) -> Vec<f32> {
    let Some(model) = models::in_use(Variant::Migoyugo) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let board = game.board();
    let mut chances = Vec::new();
    for (mv, chance) in moves.iter().zip(model.probabilities(&game.move_features(), &moves)) {
        if let Some(v) = mv.vertex() {
            let p = board.point(v);
            chances.resize(chances.len().max(p + 1), 0.0);
            chances[p] = chance;
        }
    }
    chances
}

/// One iteration over the root moves, the previous best first, the others
/// with a null window around the best score so far. Leaves the moves
/// sorted by their new scores (best first) and returns the best score and
/// line, if any move was searched to the end, and whether the iteration
/// finished.
fn iterate<B: Bits>(
    s: &mut Searcher,
    board: &Bitboard<B>,
    color: Color,
    root: &mut [(usize, i32)],
    depth: i32,
) -> (Option<(i32, Vec<usize>)>, bool) {
    let beta = WIN + 1;
    let mut alpha = -WIN - 1;
    let mut best: Option<(usize, i32, Vec<usize>)> = None;
    let mut complete = true;
    let mut searched = root.len();
    for (i, entry) in root.iter_mut().enumerate() {
        let p = entry.0;
        let mut child = board.clone();
        let igo = child.place_with::<true>(p, color).igo;
        let value = if igo {
            Ok(WIN - 1)
        } else if i == 0 {
            s.negamax(&child, color.opponent(), depth - 1, -beta, -alpha, 1)
                .map(|v| -v)
        } else {
            s.negamax(&child, color.opponent(), depth - 1, -alpha - 1, -alpha, 1)
                .map(|v| -v)
                .and_then(|v| {
                    if v > alpha {
                        s.negamax(&child, color.opponent(), depth - 1, -beta, -alpha, 1)
                            .map(|v| -v)
                    } else {
                        Ok(v)
                    }
                })
        };
        let Ok(value) = value else {
            complete = false;
            searched = i;
            break;
        };
        entry.1 = value;
        if value > alpha {
            alpha = value;
            let below = if igo { &[][..] } else { &s.pv[1][..] };
            let line = std::iter::once(p).chain(below.iter().copied()).collect();
            best = Some((p, value, line));
        }
    }
    if !complete && best.as_ref().is_some_and(|b| b.1 < -PROVEN) {
        // Cut short after the moves searched so far were proven to lose:
        // a move not yet searched (and not proven to lose before) is better.
        if let Some(&(p, bound)) = root[searched..].iter().find(|&&(_, v)| v >= -PROVEN) {
            // Its bound from the last iteration, where it has one.
            let score = if bound <= PROVEN { bound } else { 0 };
            best = Some((p, score, vec![p]));
        }
    }
    let Some((best_move, score, line)) = best else {
        return (None, complete);
    };
    // The best first, then the rest by score (searched before unsearched).
    if complete {
        root.sort_by_key(|&(p, v)| (p != best_move, std::cmp::Reverse(v)));
    } else if let Some(i) = root.iter().position(|&(p, _)| p == best_move) {
        root[..=i].rotate_right(1);
    }
    (Some((score, line)), complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;

    fn root_order<B: Bits>(board: &Bitboard<B>, learned: &[f32]) -> Vec<usize> {
        let budget = Budget {
            nodes: None,
            time: None,
            depth: None,
        };
        with_searcher::<B, _>(budget, &|| false, true, |s| root_moves(s, board, Color::Black, learned))
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// The search's own order comes first (Yugos, then blocks); the quiet
    /// moves it ties follow in the order of the learned chances.
    #[test]
    fn learned_chances_order_the_root_moves_the_search_ties() {
        let rows = [
            ". . . . . . . .",
            ". . . . . . . .",
            ". . O O O . . .",
            ". . . . . . . .",
            ". X X X . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
        ];
        let game = Migoyugo::from_rows(&rows, Color::Black).unwrap();
        let board = game.board();
        let point = |name: &str| board.point(Vertex::parse(name).unwrap());
        let mut learned = vec![0.0; 128];
        learned[point("H8")] = 0.5;
        learned[point("G1")] = 0.3;
        learned[point("F6")] = 0.1;
        let order = with_board!(board, b => root_order(b, &learned));
        let first: Vec<String> = order[..6].iter().map(|&p| board.vertex(p).to_string()).collect();
        assert_eq!(first, ["A4", "E4", "F6", "B6", "H8", "G1"]);
        let plain = with_board!(board, b => root_order(b, &[]));
        assert_eq!(plain.len(), order.len());
        assert_ne!(board.vertex(plain[4]).to_string(), "H8");
    }
}
