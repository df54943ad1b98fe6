//! Unsquare Go: the board starts full of gray stones, which both players
//! share. A turn removes one stone (that stone is not captured). A removal
//! that completes squares (four empty points at the corners of an
//! axis-parallel square of side 2 or more, the removed point one of them)
//! captures every stone strictly inside each. No stone on the edge line
//! can ever be inside a square, so the game ends when no stone remains off
//! it; more captured stones wins, equal counts draw. No passing.

mod exact;
mod geometry;
mod playout;

pub use geometry::{removal, Removal};

use super::gray_grid::{score_keys, Grid};
use super::{Game, Setup, Start, VariantSpec};
use crate::board::zobrist::side_key;
use crate::color::Color;
use crate::game::timeline_in;
use crate::game::{Clicks, GameSetup, Illegal, Occupant, Outcome, Position, View};
use crate::history::{History, Snapshot};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{SearchHints, Tuning};
use crate::solver::{Budget, Solution, SolverHints};
use rand::rngs::SmallRng;

#[derive(Clone, Debug)]
struct State {
    grid: Grid,
    /// Stones captured by each player, black first.
    captured: [u32; 2],
    to_move: Color,
}

impl Snapshot for State {
    fn size(&self) -> usize {
        self.grid.size()
    }

    fn to_move(&self) -> Color {
        self.to_move
    }
}

impl State {
    /// Stones off the edge line: the game ends when there are none.
    fn inner_stones(&self) -> u32 {
        self.grid.stones_in(&geometry::inner_mask(self.grid.size()))
    }

    fn score(&self) -> Outcome {
        let [b, w] = self.captured;
        Outcome::Score(b as f32 - w as f32)
    }
}

#[derive(Clone, Debug)]
pub struct UnsquareGo {
    history: History<State>,
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
            history: History::new(State {
                grid,
                captured: [0, 0],
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

    fn state(&self) -> &State {
        &self.history.now
    }

    /// The stone a move removes, or why it cannot be played.
    fn check(&self, mv: Move) -> Result<Vertex, Illegal> {
        if self.outcome().is_some() {
            return Err(Illegal::new("the game is over"));
        }
        let v = match mv {
            Move::Place(v) => v,
            Move::Drop(Piece::Gray, _) => {
                return Err(Illegal::new(
                    "a move removes a gray stone, it places none: play a vertex",
                ))
            }
            Move::Step(..) => return Err(Illegal::new("stones do not move in Unsquare Go")),
            other => return Err(Illegal::absent_kind("Unsquare Go", other)),
        };
        if !v.on_board(self.size()) {
            return Err(Illegal::new("vertex off the board"));
        }
        if !self.state().grid.has(v.x as usize, v.y as usize) {
            return Err(Illegal::new(format!("{v} is empty: there is no stone to remove")));
        }
        Ok(v)
    }

    /// What removing the stone on `v` would complete and capture now.
    pub fn removal_at(&self, v: Vertex) -> Removal {
        removal(&self.state().grid, v.x as usize, v.y as usize)
    }
}

impl Position for UnsquareGo {
    fn variant_name(&self) -> &'static str {
        SPEC.name
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_none() {
            let grid = &self.state().grid;
            out.extend(grid.points(true).map(|(x, y)| Move::Place(Vertex::new(x, y))));
        }
    }

    /// Either player may act: the captures are `color`'s, and the other
    /// player moves next.
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let v = self.check(mv)?;
        let (x, y) = (v.x as usize, v.y as usize);
        let removal = removal(&self.state().grid, x, y);
        self.history.push();
        let state = &mut self.history.now;
        state.grid.take(x, y);
        state.captured[color.index()] += state.grid.take_all(&removal.interiors);
        state.to_move = color.opponent();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let state = self.state();
        (state.inner_stones() == 0).then(|| state.score())
    }

    /// Before the end: the captures as they stand.
    fn score_now(&self) -> Outcome {
        self.state().score()
    }

    fn hash(&self) -> u64 {
        let state = self.state();
        state.grid.hash() ^ score_keys(state.captured) ^ side_key(state.to_move)
    }

    fn recompute_hash(&self) -> u64 {
        let state = self.state();
        state.grid.recompute_hash() ^ score_keys(state.captured) ^ side_key(state.to_move)
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.now.to_move = color;
        true
    }
}

impl View for UnsquareGo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        self.state().grid.occupant(v)
    }

    fn status_lines(&self) -> Vec<String> {
        let state = self.state();
        let [b, w] = state.captured;
        vec![
            format!("captured: black {b} white {w}"),
            format!("stones off the edge: {}", state.inner_stones()),
        ]
    }

    fn captures(&self) -> [u32; 2] {
        self.state().captured
    }
}

impl GameSetup for UnsquareGo {}

impl Clicks for UnsquareGo {}

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

    /// Captures, and removals that hand the opponent no capture; every
    /// removal only where all of them do.
    fn search_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_moves(out);
        let grid = &self.state().grid;
        let quiet = |mv: &Move| {
            let v = mv.vertex().expect("removals name a point");
            let (x, y) = (v.x as usize, v.y as usize);
            removal(grid, x, y).captured > 0 || geometry::gift(grid, x, y) == 0
        };
        if out[start..].iter().any(quiet) {
            let kept: Vec<Move> = out.drain(start..).filter(quiet).collect();
            out.extend(kept);
        }
    }

    /// Playouts that take the biggest capture at hand and otherwise
    /// avoid removals that open a square to the opponent; see
    /// [`playout`].
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return outcome.value_for_black();
        }
        let state = self.state();
        playout::Playout::new(&state.grid, state.captured).run(state.to_move, rng, trace)
    }
}

impl SolverHints for UnsquareGo {
    /// Boards that are rotations or reflections of each other, with the
    /// same captures and side to move, have the same value.
    fn canonical_hash(&self) -> u64 {
        let state = self.state();
        state.grid.canonical_hash() ^ score_keys(state.captured) ^ side_key(state.to_move)
    }

    /// Captures first, biggest first; removals that give nothing away
    /// next; those that hand the opponent a capture last.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_moves(out);
        let grid = &self.state().grid;
        let mut keyed: Vec<(i64, Move)> = out
            .drain(start..)
            .map(|mv| {
                let v = mv.vertex().expect("removals name a point");
                let (x, y) = (v.x as usize, v.y as usize);
                let captured = removal(grid, x, y).captured as i64;
                let gift = geometry::gift(grid, x, y) as i64;
                (captured * 1000 - gift, mv)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        out.extend(keyed.into_iter().map(|(_, mv)| mv));
    }

    /// Only stones off the edge line can still be captured: a lead bigger
    /// than their number wins, and a player who would not pass the
    /// opponent even by capturing them all cannot win.
    fn settled_for(&self, target: Color) -> Option<bool> {
        let state = self.state();
        let [black, white] = state.captured;
        let (own, other) = match target {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let left = state.inner_stones();
        if own > other + left {
            Some(true)
        } else if own + left <= other {
            Some(false)
        } else {
            None
        }
    }

    /// Boards up to 8x8 are solved by alpha-beta over the grid alone; see
    /// [`exact`].
    fn own_solution(&self, budget: &Budget, stop: &dyn Fn() -> bool) -> Option<Solution> {
        let state = self.state();
        let size = state.grid.size();
        if size > exact::MAX_SIZE {
            return None;
        }
        let stones = state.grid.points(true).map(|(x, y)| 1 << (y * size + x)).sum();
        let [black, white] = state.captured.map(|n| n as i32);
        let lead = match state.to_move {
            Color::Black => black - white,
            Color::White => white - black,
        };
        Some(exact::solve(size, stones, state.to_move, lead, budget, stop))
    }
}
