//! How the player thinks: the exact solver first where it can finish,
//! then the tree search from the kept trees.

use super::{Player, SETUP_CHOICE_PLAYOUTS};
use crate::color::Color;
use crate::game::{Position, View};
use crate::moves::{Move, Vertex};
use crate::search::{self, Limits, MoveStats, Report, Request, SearchResult};
use crate::solver;
use crate::solver::SolverHints;
use crate::variants::{Game, Variant};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Whether the search may answer that the position is hopeless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resigning {
    Allowed,
    Never,
}

/// How long to think, and what stops it.
pub enum Budget<'a> {
    /// `color`'s move: its share of the clock or the per-move settings,
    /// the solver first where it applies, stopped by
    /// [`Player::interrupt`].
    Move(Color),
    /// The tree search alone, within `limits` and until `stop` (pondering
    /// and analysis).
    Open {
        limits: Limits,
        stop: &'a (dyn Fn() -> bool + Sync),
    },
}

/// What [`Player::think`] is asked.
pub struct Thinking<'a> {
    pub budget: Budget<'a>,
    pub resigning: Resigning,
    /// Where the tree search's progress goes.
    pub report: Option<Report<'a>>,
}

impl<'a> Thinking<'a> {
    /// `color`'s move within its budget, reporting nowhere.
    pub fn move_for(color: Color, resigning: Resigning) -> Thinking<'a> {
        Thinking {
            budget: Budget::Move(color),
            resigning,
            report: None,
        }
    }
}

impl Player {
    /// Searches `game` as `thinking` asks, from the kept trees, and keeps
    /// the trees for the next search. For a move, where the exact solver
    /// applies it goes first, with a share of the budget. A proven win is
    /// played at once, except in variants with draws (scored by points),
    /// where the tree search still runs and its move is kept if the solver
    /// proves that it wins too: it tends to win by more. Anything else is
    /// left to the tree search with the time that remains.
    pub fn think(&self, game: &Game, thinking: Thinking) -> SearchResult {
        let Thinking {
            budget,
            resigning,
            report,
        } = thinking;
        let color = match budget {
            Budget::Open { limits, stop } => return self.tree_search(game, resigning, limits, stop, report),
            Budget::Move(color) => color,
        };
        let interrupt = self.interrupt.clone();
        let stop = move || interrupt.load(Ordering::Relaxed);
        let mut limits = self.limits_for(color);
        let mut proven = None;
        if let Some(mut budget) = solver_budget(self.variant(), game, &limits, self.settings.solver_table_mb) {
            let solution = self.solve(game, &budget);
            limits.time = limits
                .time
                .map(|t| t.saturating_sub(solution.elapsed).max(Duration::from_millis(10)));
            if let (true, Some(mv)) = (solution.wins_for(color), solution.best) {
                if !game.draws_possible() {
                    return proven_win(mv, solution.elapsed);
                }
                // The tree search and the proof of its move share the time
                // left, so that the move keeps to its budget.
                limits.time = limits.time.map(|t| t / 2);
                budget.time = limits.time;
                proven = Some((mv, budget));
            }
        }
        let result = self.tree_search(game, resigning, limits, &stop, report);
        let Some((mv, budget)) = proven else { return result };
        let searched_wins = result.best.filter(|_| !result.resign).is_some_and(|best| {
            if best == mv {
                return true;
            }
            let mut after = game.clone();
            after.play(color, best).is_ok() && self.solve(&after, &budget).wins_for(color)
        });
        if searched_wins {
            result
        } else {
            proven_win(mv, result.elapsed)
        }
    }

    /// The solver within `budget`, stopped by [`Player::interrupt`].
    pub fn solve(&self, game: &Game, budget: &solver::Budget) -> solver::Solution {
        let interrupt = self.interrupt.clone();
        let solution = solver::solve(game, budget, &move || interrupt.load(Ordering::Relaxed));
        log::info!(
            "solver: {} in {} nodes, {:.2}s",
            solution.value,
            solution.nodes,
            solution.elapsed.as_secs_f64()
        );
        solution
    }

    /// The tree search for the side to move in `game` within `limits`,
    /// from the kept trees.
    fn tree_search(
        &self,
        game: &Game,
        resigning: Resigning,
        limits: Limits,
        stop: &(dyn Fn() -> bool + Sync),
        report: Option<Report>,
    ) -> SearchResult {
        let mut config = self.settings.config.clone();
        if resigning == Resigning::Never {
            config.resign_below = 0.0;
        }
        let request = Request {
            limits,
            config: &config,
            stop,
            // Rebuilt, so that its callback may live as briefly as `config`.
            report: report.map(|report| Report {
                every: report.every,
                callback: report.callback,
            }),
            reuse: Some(&self.trees),
            ownership: false,
        };
        let result = search::run(game, request);
        log::info!("{}", summary(&result));
        for stats in result.moves.iter().take(5) {
            log::debug!(
                "  {} visits {} winrate {:.3} pv {:?}",
                stats.mv,
                stats.visits,
                stats.winrate,
                stats.pv
            );
        }
        result
    }

    /// The winning chance of the side to move in `game` by a search of
    /// [`SETUP_CHOICE_PLAYOUTS`] with the player's settings, never
    /// resigning: how the player makes a setup choice (`auto`).
    pub fn winrate(&self, game: &Game) -> f32 {
        let mut config = self.settings.config.clone();
        config.resign_below = 0.0;
        let limits = Limits {
            playouts: Some(self.within_playouts(SETUP_CHOICE_PLAYOUTS)),
            time: None,
        };
        search::search(game, limits, &config, &self.interrupt).winrate
    }
}

/// A search's effort and choice, for the log.
pub fn summary(result: &SearchResult) -> String {
    format!(
        "{} playouts in {:.2}s, best {:?} winrate {:.3}",
        result.playouts,
        result.elapsed.as_secs_f64(),
        result.best.map(|m| m.to_string()),
        result.winrate
    )
}

/// The solver's share of a move's budget, or `None` where it does not
/// apply (more empty points than the variant's `solver.empties`): the
/// variant's share of the time, and with a playout budget a node budget
/// of a few nodes per playout (deterministic, like the playouts).
/// The table takes `table_mb` megabytes.
fn solver_budget(variant: Variant, game: &Game, limits: &Limits, table_mb: usize) -> Option<solver::Budget> {
    let use_solver = variant.spec().solver?;
    let size = game.size();
    let empties = (0..size * size)
        .filter(|&i| game.occupant(Vertex::new(i % size, i / size)).is_none())
        .count();
    if empties > use_solver.empties || game.outcome().is_some() {
        return None;
    }
    let nodes = match limits.playouts {
        Some(playouts) => playouts.saturating_mul(SOLVER_NODES_PER_PLAYOUT),
        None => SOLVER_MAX_NODES,
    };
    Some(solver::Budget {
        nodes: nodes.min(SOLVER_MAX_NODES),
        time: limits.time.map(|t| t.mul_f64(use_solver.share)),
        table_mb,
        max_plies: 4 * size * size,
        ..solver::Budget::default()
    })
}

/// Solver nodes per playout of the move's budget when only playouts bound it.
const SOLVER_NODES_PER_PLAYOUT: u64 = 2;
/// Solver nodes at most for one move.
const SOLVER_MAX_NODES: u64 = 5_000_000;

/// The search result of a move the solver proved to win.
fn proven_win(mv: Move, elapsed: Duration) -> SearchResult {
    SearchResult {
        best: Some(mv),
        resign: false,
        winrate: 1.0,
        playouts: 0,
        elapsed,
        moves: vec![MoveStats {
            mv,
            visits: 1,
            winrate: 1.0,
            pv: vec![mv],
            proven: Some(true),
        }],
        ownership: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Setup;

    /// The solver's budget at the start of `variant` on `size`, at 0.1 s a move.
    fn budget_at_start(variant: Variant, size: usize) -> Option<solver::Budget> {
        let game = Game::new(&Setup {
            size,
            ..Setup::new(variant)
        });
        let limits = Limits {
            playouts: None,
            time: Some(Duration::from_millis(100)),
        };
        solver_budget(variant, &game, &limits, 8)
    }

    #[test]
    fn the_solver_gets_its_variants_share_of_the_time_within_its_reach() {
        let time = |variant, size| budget_at_start(variant, size).and_then(|budget| budget.time);
        assert_eq!(time(Variant::OminoGo, 6), Some(Duration::from_millis(50)));
        assert_eq!(time(Variant::Atari, 4), Some(Duration::from_millis(25)));
        assert!(
            budget_at_start(Variant::OminoGo, 9).is_none(),
            "81 empty points are beyond 44"
        );
        assert!(budget_at_start(Variant::Go, 5).is_none(), "Go never uses the solver");
    }
}
