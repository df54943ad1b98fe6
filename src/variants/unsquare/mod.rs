//! Unsquare Go: the board starts full of gray stones, which both players
//! share. A turn removes one stone (that stone is not captured). A removal
//! that completes squares (four empty points at the corners of an
//! axis-parallel square of side 2 or more, the removed point one of them)
//! captures every stone strictly inside each. No stone on the edge line
//! can ever be inside a square, so the game ends when no stone remains off
//! it; more captured stones wins, equal counts draw. No passing.

mod exact;
mod geometry;
mod lines;
mod playout;

pub use geometry::{removal, Removal};
use lines::Lines;

use super::gray_game::{self, GrayGame, GrayState};
use super::gray_grid::Grid;
use super::{models, Game, Setup, Start, Variant, VariantSpec};
use crate::color::Color;
use crate::features::{declared_values, doubling, line, Tactic, TacticValues};
use crate::game::{Illegal, Position};
use crate::history::History;
use crate::moves::{Move, Vertex};
use crate::search::{SearchHints, Tuning};
use crate::solver::{Budget, Solution, SolverHints};
use rand::rngs::SmallRng;

/// Stones off the edge line: the game ends when there are none.
fn inner_stones(state: &GrayState) -> u32 {
    state.grid.stones_in(&geometry::inner_mask(state.grid.size()))
}

#[derive(Clone, Debug)]
pub struct UnsquareGo {
    history: History<GrayState>,
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "unsquare-go",
    aliases: &["unsquare", "unsquarego"],
    description: "Unsquare Go: remove gray stones from a full board; a removal that completes \
                  squares captures the stones inside; more captures wins; 19x19, sizes 3-25",
    game_id: "UnsquareGo",
    komi: 0.0,
    default_size: || 19,
    accepts_size: |size| (3..=crate::moves::MAX_SIZE).contains(&size),
    starts: &[Start::Empty],
    options: &[],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    // The solver's reach is counted in empty points, which grow here as
    // the game goes on: the opening would qualify, the endgame never.
    solver: None,
    new_game: |setup| Game::UnsquareGo(UnsquareGo::new(setup)),
    from_diagram: Some(|_, rows, to_move| UnsquareGo::from_rows(rows, to_move).map(Game::UnsquareGo)),
};

impl UnsquareGo {
    /// The board full of gray stones, black (the first player) to move.
    pub fn new(setup: &Setup) -> UnsquareGo {
        UnsquareGo::with_grid(Grid::full(setup.size), Color::Black)
    }

    fn with_grid(grid: Grid, to_move: Color) -> UnsquareGo {
        UnsquareGo {
            history: History::new(GrayState {
                grid,
                score: [0, 0],
                to_move,
            }),
        }
    }

    /// A position from a diagram, rows from the top: `@` a gray stone,
    /// `.` an empty point; nothing captured yet.
    pub fn from_rows(rows: &[&str], to_move: Color) -> Result<UnsquareGo, String> {
        if !(SPEC.accepts_size)(rows.len()) {
            return Err(format!("unacceptable size {}", rows.len()));
        }
        Ok(UnsquareGo::with_grid(Grid::from_rows(rows)?, to_move))
    }

    /// What removing the stone on `v` would complete and capture now.
    pub fn removal_at(&self, v: Vertex) -> Removal {
        removal(&self.state().grid, v.x as usize, v.y as usize)
    }
}

impl GrayGame for UnsquareGo {
    const NAME: &'static str = SPEC.name;
    const TITLE: &'static str = "Unsquare Go";
    const REMOVES: bool = true;

    fn history(&self) -> &History<GrayState> {
        &self.history
    }

    fn history_mut(&mut self) -> &mut History<GrayState> {
        &mut self.history
    }

    fn gray_drop(_v: Vertex) -> Result<Vertex, Illegal> {
        Err(Illegal::new(
            "a move removes a gray stone, it places none: play a vertex",
        ))
    }

    fn unplayable(v: Vertex) -> Illegal {
        Illegal::new(format!("{v} is empty: there is no stone to remove"))
    }

    fn apply(state: &mut GrayState, x: usize, y: usize, color: Color) {
        let removal = removal(&state.grid, x, y);
        state.grid.take(x, y);
        state.score[color.index()] += state.grid.take_all(&removal.interiors);
    }

    fn decided(&self) -> bool {
        inner_stones(self.state()) == 0
    }

    fn lines(&self) -> Vec<String> {
        let state = self.state();
        let [b, w] = state.score;
        vec![
            format!("captured: black {b} white {w}"),
            format!("stones off the edge: {}", inner_stones(state)),
        ]
    }

    const TACTICS: &'static [Tactic] = &[
        Tactic::new("squares", 3),
        Tactic::new("captures", 6),
        Tactic::new("gift", 5),
        Tactic::new("line", 5),
    ];

    /// The squares the removal completes (2 or more), the stones it
    /// captures and those it hands the opponent (both on a doubling
    /// scale), and the line from the edge.
    fn tactic_values(grid: &Grid, x: usize, y: usize) -> TacticValues {
        let taken = removal(grid, x, y);
        declared_values(&[
            taken.squares.min(2) as u8,
            doubling(taken.captured, 5),
            doubling(geometry::gift(grid, x, y), 4),
            line(grid.size(), Vertex::new(x, y)),
        ])
    }
}

/// The even start of a removal when a model gives the priors, in virtual
/// playouts: Tanbo's.
const MODEL_EVEN_VISITS: f32 = 20.0;

/// The virtual wins and playouts that a move the model is sure of adds.
const MODEL_WEIGHT: f32 = 100.0;

impl SearchHints for UnsquareGo {
    /// Whoever completes a square captures with it, so a removal is worth
    /// its timing and AMAF says little (on 9x9 at 1000 playouts the search
    /// did as well against flat Monte Carlo without it as with it). There
    /// is no prior either: one that favoured captures by their size played
    /// clearly worse than none.
    fn amaf_applies(&self) -> bool {
        false
    }

    /// Little exploration: the playouts already take captures and shun
    /// gifts, so what the tree adds is reading deeply the few removals
    /// that decide who must open a square first. (On 9x9 at 1000
    /// playouts against flat Monte Carlo: 93% with 0.15, 85% with the
    /// default 0.3.)
    fn tuning(&self) -> Tuning {
        Tuning {
            exploration: 0.15,
            ..Tuning::default()
        }
    }

    /// With a move model read by `--model`, every removal starts even
    /// with the model's chance on top (see [`MoveModel::priors`]); without
    /// one, no priors.
    ///
    /// [`MoveModel::priors`]: crate::features::model::MoveModel::priors
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        match models::in_use(Variant::UnsquareGo) {
            Some(model) => {
                let even = |_| Some((0.5 * MODEL_EVEN_VISITS, MODEL_EVEN_VISITS));
                model.priors(&gray_game::move_features(self), moves, (even, MODEL_WEIGHT), out)
            }
            None => out.extend(moves.iter().map(|_| None)),
        }
    }

    /// Captures, and removals that hand the opponent no capture; every
    /// removal only where all of them do.
    fn search_moves(&self, out: &mut Vec<Move>) {
        let lines = Lines::new(&self.state().grid);
        gray_game::quiet_moves(self, out, |_, x, y| {
            lines.captured(x, y) > 0 || !lines.hands_over_stones(x, y)
        });
    }

    /// Playouts that take the biggest capture at hand and otherwise
    /// avoid removals that open a square to the opponent; see
    /// `playout`.
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return outcome.value_for_black();
        }
        let state = self.state();
        playout::Playout::new(&state.grid, state.score).run(state.to_move, rng, trace)
    }
}

impl SolverHints for UnsquareGo {
    /// Boards that are rotations or reflections of each other, with the
    /// same captures and side to move, have the same value.
    fn canonical_hash(&self) -> u64 {
        self.state().canonical_hash()
    }

    /// Captures first, biggest first; removals that give nothing away
    /// next; those that hand the opponent a capture last.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        gray_game::moves_by_key(self, out, |grid, x, y| {
            removal(grid, x, y).captured as i64 * 1000 - geometry::gift(grid, x, y) as i64
        });
    }

    /// Only stones off the edge line can still be captured: a lead bigger
    /// than their number wins, and a player who would not pass the
    /// opponent even by capturing them all cannot win.
    fn settled_for(&self, target: Color) -> Option<bool> {
        let state = self.state();
        let [black, white] = state.score;
        let (own, other) = match target {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let left = inner_stones(state);
        if own > other + left {
            Some(true)
        } else if own + left <= other {
            Some(false)
        } else {
            None
        }
    }

    /// Boards up to 8x8 are solved by alpha-beta over the grid alone; see
    /// `exact`.
    fn own_solution(&self, budget: &Budget, stop: &dyn Fn() -> bool) -> Option<Solution> {
        let state = self.state();
        let size = state.grid.size();
        if size > exact::MAX_SIZE {
            return None;
        }
        let stones = state.grid.points(true).map(|(x, y)| 1 << (y * size + x)).sum();
        let [black, white] = state.score.map(|n| n as i32);
        let lead = match state.to_move {
            Color::Black => black - white,
            Color::White => white - black,
        };
        Some(exact::solve(size, stones, state.to_move, lead, budget, stop))
    }
}
