//! Squares (Pekka Karjalainen): the board starts empty and both players
//! place gray stones, one per turn, on any empty point. Every square (four
//! stones at the corners of a square of any size and tilt) that a
//! placement completes scores one point for the mover. The first to reach
//! the target wins; if the board fills first, more points wins and equal
//! points draw. No passing.

mod geometry;
mod playout;

pub use geometry::{placement, Placement};

use super::gray_game::{self, GrayGame, GrayState};
use super::gray_grid::Grid;
use super::spec::{Effect, OptionCommand, SetupOption};
use super::{models, Game, Setup, SolverUse, Start, Variant, VariantSpec};
use crate::color::Color;
use crate::features::{declared_values, doubling, line, Tactic, TacticValues};
use crate::game::{Illegal, Position};
use crate::history::History;
use crate::moves::{Move, Vertex};
use crate::search::{SearchHints, Tuning};
use crate::solver::SolverHints;
use rand::rngs::SmallRng;

/// The points that win unless the game's setup says otherwise.
pub const DEFAULT_TARGET: u32 = 5;
/// The largest target the `target` option takes. A target that no game
/// reaches is allowed: the board then fills first.
pub const MAX_TARGET: u32 = 9999;

#[derive(Clone, Debug)]
pub struct Squares {
    history: History<GrayState>,
    target: u32,
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "squares",
    aliases: &[],
    description: "Squares: place gray stones; every square (any size and tilt) a stone completes \
                  scores a point; first to the target (--target, default 5) wins; 9x9",
    game_id: "Squares",
    komi: 0.0,
    default_size: || 9,
    accepts_size: super::spec::any_gtp_size,
    starts: &[Start::Empty],
    options: &[&TARGET],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    solver: SolverUse::at_most(12),
    new_game: |setup| Game::Squares(Squares::new(setup)),
    from_diagram: Some(|setup, rows, to_move| Squares::from_rows(setup, rows, to_move).map(Game::Squares)),
};

/// The `target` option: the points that win.
pub const TARGET: SetupOption = SetupOption {
    key: "target",
    what: "target score",
    values: "N",
    help: "Squares: the points that win [default: 5]",
    default: "5",
    set: |setup, value| {
        let target = value
            .parse::<u32>()
            .ok()
            .filter(|t| (1..=MAX_TARGET).contains(t))
            .ok_or_else(|| format!("bad target '{value}': a whole number from 1 to {MAX_TARGET}"))?;
        setup.set_value(TARGET.key, (target != DEFAULT_TARGET).then_some(target));
        Ok(())
    },
    get: |setup| setup.target().map(|t| t.to_string()),
    // `variago-target [N]`: the points that win; with an argument, a new
    // game played to that target.
    command: Some(OptionCommand {
        name: "variago-target",
        effect: Effect::NewGame,
    }),
    ..SetupOption::PLAIN
};

impl Setup {
    /// The points that win Squares; `None` is its default.
    pub fn target(&self) -> Option<u32> {
        self.value(TARGET.key).copied()
    }
}

impl Squares {
    pub fn new(setup: &Setup) -> Squares {
        Squares::with_grid(Grid::empty(setup.size), setup, Color::Black)
    }

    fn with_grid(grid: Grid, setup: &Setup, to_move: Color) -> Squares {
        Squares {
            history: History::new(GrayState {
                grid,
                score: [0, 0],
                to_move,
            }),
            target: setup.target().unwrap_or(DEFAULT_TARGET),
        }
    }

    /// A position from a diagram, rows from the top: `@` a gray stone,
    /// `.` an empty point; no points scored yet.
    pub fn from_rows(setup: &Setup, rows: &[&str], to_move: Color) -> Result<Squares, String> {
        Ok(Squares::with_grid(Grid::from_rows(rows)?, setup, to_move))
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    pub fn points(&self) -> [u32; 2] {
        self.state().score
    }

    /// What a placement on the empty point `v` would complete and open.
    pub fn placement_at(&self, v: Vertex) -> Placement {
        placement(&self.state().grid, v.x as usize, v.y as usize)
    }
}

impl GrayGame for Squares {
    const NAME: &'static str = SPEC.name;
    const TITLE: &'static str = "Squares";
    const REMOVES: bool = false;

    fn history(&self) -> &History<GrayState> {
        &self.history
    }

    fn history_mut(&mut self) -> &mut History<GrayState> {
        &mut self.history
    }

    fn gray_drop(v: Vertex) -> Result<Vertex, Illegal> {
        Ok(v)
    }

    fn unplayable(v: Vertex) -> Illegal {
        Illegal::new(format!("{v} already holds a stone"))
    }

    fn apply(state: &mut GrayState, x: usize, y: usize, color: Color) {
        let completes = placement(&state.grid, x, y).completes;
        state.grid.put(x, y);
        state.score[color.index()] += completes;
    }

    /// A player at the target has won; a full board is scored by points.
    fn decided(&self) -> bool {
        let state = self.state();
        state.score.iter().any(|&p| p >= self.target) || state.is_full()
    }

    fn lines(&self) -> Vec<String> {
        let [b, w] = self.state().score;
        vec![format!("points: black {b} white {w}, target {}", self.target)]
    }

    const TACTICS: &'static [Tactic] = &[
        Tactic::new("completes", 4),
        Tactic::new("opens", 5),
        Tactic::new("builds", 6),
        Tactic::new("line", 5),
    ];

    /// The squares the stone completes (3 or more), leaves a stone short
    /// for the opponent (4 or more), and brings to two stones (on a
    /// doubling scale), and the line from the edge.
    fn tactic_values(grid: &Grid, x: usize, y: usize) -> TacticValues {
        let mut corners_held = [0u32; 4];
        geometry::each_square(grid.size(), x, y, |corners| {
            corners_held[geometry::stones_among(grid, &corners) as usize] += 1;
        });
        let [_, builds, opens, completes] = corners_held;
        declared_values(&[
            completes.min(3) as u8,
            opens.min(4) as u8,
            doubling(builds, 5),
            line(grid.size(), Vertex::new(x, y)),
        ])
    }
}

/// The weight of a move's prior, in virtual playouts.
const PRIOR_VISITS: f32 = 20.0;

/// The virtual wins and playouts that a move the model is sure of adds.
const MODEL_WEIGHT: f32 = 100.0;

impl SearchHints for Squares {
    /// Whoever completes a square scores it, so a point is worth its
    /// timing: AMAF misleads here (measured: with it the search lost most
    /// games to flat Monte Carlo at equal playouts).
    fn amaf_applies(&self) -> bool {
        false
    }

    /// Little exploration, as in Unsquare Go: the priors and playouts
    /// already take squares and shun gifts, so the tree is best spent
    /// reading deeply the few placements that decide who must open a
    /// square first. On 9x9 at 0.5 s a move it beat the default 0.3 26-8
    /// (SPRT; docs/learning.md).
    fn tuning(&self) -> Tuning {
        Tuning {
            exploration: 0.15,
            ..Tuning::default()
        }
    }

    /// Placements that complete squares, and those that leave no square a
    /// stone short; every placement only where all leave one short.
    fn search_moves(&self, out: &mut Vec<Move>) {
        gray_game::quiet_moves(self, out, |grid, x, y| {
            let p = placement(grid, x, y);
            p.completes > 0 || p.opens == 0
        });
    }

    /// Playouts that complete squares when they can and otherwise avoid
    /// leaving one a stone short; see `playout`.
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return outcome.value_for_black();
        }
        let state = self.state();
        playout::Playout::new(&state.grid, state.score, self.target).run(state.to_move, rng, trace)
    }

    /// A placement that completes squares looks good; one that leaves a
    /// square a stone short for the opponent looks poor.
    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let Move::Place(v) = mv else { return None };
        if !v.on_board(self.size()) || self.state().grid.has(v.x as usize, v.y as usize) {
            return None;
        }
        let Placement { completes, opens } = self.placement_at(v);
        let value = if completes > 0 {
            0.75 + 0.05 * completes.min(4) as f32
        } else if opens > 0 {
            0.3
        } else {
            0.5
        };
        Some((PRIOR_VISITS * value, PRIOR_VISITS))
    }

    /// [`SearchHints::prior`], and with a move model read by `--model` the
    /// model's chance on top (see [`MoveModel::priors`]).
    ///
    /// [`MoveModel::priors`]: crate::features::model::MoveModel::priors
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let (features, prior) = (gray_game::move_features(self), |mv| self.prior(mv));
        models::priors(Variant::Squares, &features, moves, (prior, MODEL_WEIGHT), out)
    }

    /// A placement that reaches the target wins at once; else, where the
    /// opponent could reach it on one point only, that point must be
    /// taken (stones never leave, so nothing else stops it).
    fn forced_move(&self) -> Option<Move> {
        if self.outcome().is_some() {
            return None;
        }
        let state = self.state();
        let mover = state.to_move;
        let needed = |c: Color| self.target - state.score[c.index()];
        let (mine, theirs) = (needed(mover), needed(mover.opponent()));
        let grid = &state.grid;
        let mut threat = None;
        for (x, y) in grid.points(false) {
            let completes = placement(grid, x, y).completes;
            if completes >= mine {
                return Some(Move::Place(Vertex::new(x, y)));
            }
            if completes >= theirs {
                if threat.is_some() {
                    // Two threats: no single move stops both, but one may
                    // still win at once, so keep looking for that.
                    threat = Some(None);
                } else {
                    threat = Some(Some((x, y)));
                }
            }
        }
        threat.flatten().map(|(x, y)| Move::Place(Vertex::new(x, y)))
    }
}

impl SolverHints for Squares {
    /// Boards that are rotations or reflections of each other, with the
    /// same points and side to move, have the same value.
    fn canonical_hash(&self) -> u64 {
        self.state().canonical_hash()
    }

    /// Placements that complete squares first, most first; then those
    /// that leave no square a stone short; those that do last.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        gray_game::moves_by_key(self, out, |grid, x, y| {
            let p = placement(grid, x, y);
            p.completes as i64 * 1000 - p.opens as i64
        });
    }
}
