//! Standard Go: area scoring, positional superko, no suicide, two passes
//! end the game. The dead stones are removed before the count (`area`
//! rules) or the board counts as it stands (`tromp-taylor`): see
//! [`go_family::scoring`].

use super::go_family::scoring::{self, RULES};
use super::go_family::{self, go_state, GoHistory, Turn};
use super::{Game, Setup, Start, VariantSpec};
use crate::board::Board;
use crate::color::Color;
use crate::game::{timeline_in, Clicks, GameSetup, Illegal, Judgement, Occupant, Outcome, Ownership, Position, View};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{Resign, SearchHints, Tuning, BIG_BOARD};
use crate::solver::SolverHints;
use policy::Purpose;
use rand::rngs::SmallRng;
use std::cell::Cell;

pub mod features;
pub mod ladder;
pub mod neighbourhood;
pub mod network;
pub mod policy;
pub mod priors;

#[derive(Debug)]
struct State {
    board: Board,
    turn: Turn,
    captures: [u32; 2],
    /// Point of the last move, 0 after a pass or at the start: playouts
    /// answer it.
    last: usize,
    /// Point of the move before the last, the same way: the move model
    /// weighs the distance to both.
    last2: usize,
}

go_state!(State);

impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: self.board.clone(),
            ..*self
        }
    }

    /// Into the board's allocations: the search copies a state at every
    /// ply it descends (see [`crate::history`]).
    fn clone_from(&mut self, source: &State) {
        let State {
            ref board,
            turn,
            captures,
            last,
            last2,
        } = *source;
        self.board.clone_from(board);
        (self.turn, self.captures, self.last, self.last2) = (turn, captures, last, last2);
    }
}

#[derive(Clone, Debug)]
pub struct Go {
    history: GoHistory<State>,
    komi: f32,
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "go",
    aliases: &["standard", "baduk", "weiqi"],
    description: "standard Go: area scoring, positional superko, komi 7.5",
    game_id: "Go",
    komi: 7.5,
    default_size: || 9,
    accepts_size: super::spec::any_gtp_size,
    starts: &[Start::Empty],
    options: &[&RULES],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    solver: None,
    new_game: |setup| Game::Go(Go::new(setup)),
    from_diagram: None,
};

impl Go {
    pub fn new(setup: &Setup) -> Go {
        let start = State {
            board: Board::new(setup.size),
            turn: Turn::START,
            captures: [0, 0],
            last: 0,
            last2: 0,
        };
        Go {
            history: GoHistory::new(start, true),
            komi: setup.komi,
        }
    }

    pub fn board(&self) -> &Board {
        &self.history.now().board
    }

    /// The board and the points of the last two moves (0 for none or a
    /// pass): what the move model reads.
    pub fn model_view(&self) -> (&Board, [usize; 2]) {
        let s = self.history.now();
        (&s.board, [s.last, s.last2])
    }

    /// Why a stone of `color` may not go on `p`, if it may not.
    fn placement_error(&self, p: usize, color: Color) -> Option<&'static str> {
        let board = self.board();
        if !board.is_empty(p) {
            return Some("point is occupied");
        }
        if board.is_suicide(p, color) {
            return Some("suicide");
        }
        if self.history.repeats(board.hash_after(p, color, 0)) {
            return Some("positional superko");
        }
        None
    }

    fn vertex_point(&self, mv: Move) -> Result<Option<usize>, Illegal> {
        match mv {
            Move::Pass => Ok(None),
            Move::Place(v) | Move::Drop(Piece::Stone, v) => {
                if !v.on_board(self.size()) {
                    return Err(Illegal::new("vertex off the board"));
                }
                Ok(Some(self.board().point(v)))
            }
            other => Err(Illegal::absent_kind("Go", other)),
        }
    }
}

impl Go {
    /// The value for black of a playout's end.
    fn playout_value(&self, end: &policy::PlayoutEnd) -> f32 {
        match end.mercy {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => Outcome::Score(policy::playout_score(&end.board) as f32 - self.komi).value_for_black(),
        }
    }
}

thread_local! {
    /// The board the thread's playouts play on, kept between them.
    static PLAYOUT_BOARD: Cell<Option<Board>> = const { Cell::new(None) };
}

/// A playout from the current state with the policy of [`policy`], whose
/// end `read` reads. The board it plays on is copied into the thread's
/// board of the last playout, not allocated at every simulation.
fn playout<T>(
    state: &State,
    purpose: Purpose,
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
    read: impl FnOnce(&policy::PlayoutEnd) -> T,
) -> T {
    let board = match PLAYOUT_BOARD.take() {
        Some(mut board) => {
            board.clone_from(&state.board);
            board
        }
        None => state.board.clone(),
    };
    let to_move = state.turn.to_move;
    let end = policy::playout(board, to_move, state.turn.passes, state.last, purpose, rng, trace);
    let value = read(&end);
    PLAYOUT_BOARD.set(Some(end.board));
    value
}

impl Position for Go {
    fn variant_name(&self) -> &'static str {
        "go"
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let color = self.to_move();
        go_family::push_placements(self.board(), out, |p| self.placement_error(p, color).is_none());
        out.push(Move::Pass);
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        let point = self.vertex_point(mv)?;
        if let Some(p) = point {
            if let Some(reason) = self.placement_error(p, color) {
                return Err(Illegal::new(reason));
            }
        }
        self.history.play(|state| match point {
            Some(p) => {
                let captured = state.board.play(p, color, 0);
                state.captures[color.index()] += captured as u32;
                state.turn.moved(color);
                state.last2 = state.last;
                state.last = p;
            }
            None => {
                state.board.clear_ko();
                state.turn.passed(color);
                state.last2 = state.last;
                state.last = 0;
            }
        });
        Ok(())
    }

    fn score_now(&self) -> Outcome {
        Outcome::Score(self.board().area_score() as f32 - self.komi)
    }

    fn hash(&self) -> u64 {
        let state = self.history.now();
        state.board.hash() ^ state.turn.key()
    }

    fn recompute_hash(&self) -> u64 {
        self.history.recomputed(self.hash())
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.give_turn(color);
        self.history.now_mut().last = 0;
        self.history.now_mut().last2 = 0;
        true
    }

    fn judge(&self, ownership: &Ownership) -> Option<Judgement> {
        Some(scoring::judge(self.board(), ownership, self.komi))
    }

    /// A game ended by two passes plays on from before the last pass, the
    /// last passer to move: so every judge of a finished game (the engine
    /// that passed last, a ruler that replays the game) searches the same
    /// position.
    fn play_on(&mut self) {
        let turn = self.history.now().turn;
        if turn.passes >= 2 {
            self.history.give_turn(turn.to_move.opponent());
        }
        self.history.now_mut().turn.passes = 0;
    }
}

impl View for Go {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        go_family::plain_stone(self.board(), v)
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.captures();
        vec![format!("captures: black {b} white {w}"), format!("komi: {}", self.komi)]
    }

    fn captures(&self) -> [u32; 2] {
        self.history.now().captures
    }
}

impl GameSetup for Go {
    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> {
        if self.history.moves_played() > 0 || self.board().empties().len() != self.size() * self.size() {
            return Err(Illegal::new("board not empty"));
        }
        let mut next = self.clone();
        for &v in stones {
            if !v.on_board(self.size()) || !next.board().is_empty(next.board().point(v)) {
                return Err(Illegal::new(format!("bad handicap vertex {v}")));
            }
            let p = next.board().point(v);
            next.history.now_mut().board.play(p, Color::Black, 0);
        }
        next.history.now_mut().turn.to_move = if stones.is_empty() { Color::Black } else { Color::White };
        next.history.restart();
        *self = next;
        Ok(())
    }

    fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
}

impl Clicks for Go {}

impl Go {
    /// The network in use (built in, or `--network`), on the board it learned.
    fn network(&self) -> Option<&'static network::Network> {
        network::in_use().filter(|_| self.size() == network::SIZE)
    }
}

impl SearchHints for Go {
    /// No pass while the board is unsettled (see `keep_pass_for_the_end`).
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
        let state = self.history.now();
        go_family::keep_pass_for_the_end(out, &state.board, state.turn);
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        self.rollout_with_end(rng, trace, &[], &mut Vec::new())
    }

    /// [`SearchHints::rollout`], with the owners of `points` at the end
    /// as the playout's score counts them.
    fn rollout_with_end(
        &self,
        rng: &mut SmallRng,
        trace: &mut Vec<(Color, Move)>,
        points: &[Vertex],
        owners: &mut Vec<i8>,
    ) -> f32 {
        let purpose = Purpose::Value { komi: self.komi };
        playout(self.history.now(), purpose, rng, trace, |end| {
            owners.clear();
            owners.extend(
                points
                    .iter()
                    .map(|&v| policy::end_owner(&end.board, end.board.point(v))),
            );
            self.playout_value(end)
        })
    }

    /// To the end, without the mercy rule: the owners judge dead stones,
    /// and a playout cut short leaves them on the board.
    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 {
        playout(self.history.now(), Purpose::Owners, rng, trace, |end| {
            owners.clear();
            owners.extend(end.board.area_owners());
            self.playout_value(end)
        })
    }

    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        Some(go_family::ownership(self.size() * self.size(), playouts, |trace| {
            playout(self.history.now(), Purpose::Owners, rng, trace, |end| {
                end.board.area_owners()
            })
        }))
    }

    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let s = self.history.now();
        match mv {
            Move::Place(v) => policy::prior(&s.board, s.turn.to_move, s.board.point(v)),
            _ => None,
        }
    }

    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let s = self.history.now();
        priors::priors(&s.board, s.turn.to_move, [s.last, s.last2], moves, None, out);
    }

    /// With a network (the built-in one, or `--network`), on 19x19, its chances are mixed
    /// into the move model's.
    fn priors_near_root(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let s = self.history.now();
        priors::priors(&s.board, s.turn.to_move, [s.last, s.last2], moves, self.network(), out);
    }

    fn near_root_priors_differ(&self) -> bool {
        self.network().is_some()
    }

    fn tuning(&self) -> Tuning {
        tuning(self.size())
    }

    /// Never a move that is illegal or that a playout would not play (own
    /// eyes, self-atari of a chain).
    fn capture_move(&self, judged: &Judgement, color: Color) -> Option<Move> {
        let board = self.board();
        scoring::capture_move(board, judged, color, |p| {
            self.placement_error(p, color).is_none() && policy::sensible(board, p, color)
        })
    }
}

/// How much a move's criticality adds to its AMAF on big boards (Pachi's
/// `crit_rave`).
const CRITICALITY: f32 = 1.1;

/// The AMAF equivalence above 13x13: Pachi's `equiv_rave` on large boards.
const LARGE_BOARD_RAVE_EQUIVALENCE: f32 = 4000.0;

/// Go's search settings on a board of `size`: Go's weighing of the
/// statistics ([`Tuning::go_like`]) with an even prior for every move.
///
/// A leaf is expanded after 8 visits, as in Pachi, not 2 (the root's
/// moves still after 2): rating every legal move with the move model is
/// the dearest step of a simulation, and the simulations it saves
/// outweigh the shallower tree (docs/rules/go.md).
///
/// An AMAF sample weighs 3, 2 or 1 by how soon it followed the node, as
/// Pachi's `distance_rave` (docs/rules/go.md). Above 13x13 AMAF also
/// keeps its say as long as Pachi lets it (`equiv_rave` 4000, where Go's
/// weighing elsewhere on big boards gives it 300): with both, 19x19 won
/// most of its games against the search without them.
///
/// From 13x13 a well-searched move's criticality adds to its AMAF, as
/// Pachi's `crit_rave` 1.1 (docs/rules/go.md): on big boards the fights
/// that decide the game are where owning a point goes with winning.
///
/// Resignation waits for several searches in a row that found the game
/// lost, with many simulations between them, more of both on bigger
/// boards, where playouts misjudge a half-empty board for longer.
///
/// Group Go, whose stones carry Go's priors, searches with them too.
pub fn tuning(size: usize) -> Tuning {
    let big = size >= BIG_BOARD;
    Tuning {
        even_prior: priors::unit(size),
        expand_after: 8,
        expand_root_moves_after: 2,
        amaf_distance: 3,
        rave_equivalence: if size > BIG_BOARD {
            LARGE_BOARD_RAVE_EQUIVALENCE
        } else {
            Tuning::go_like(size).rave_equivalence
        },
        criticality: if big { CRITICALITY } else { 0.0 },
        resign: Resign {
            below: if big { 0.5 } else { 1.0 },
            ..Resign::for_board(size)
        },
        ..Tuning::go_like(size)
    }
}

impl SolverHints for Go {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bigger_boards_resign_later() {
        let (small, big) = (tuning(9).resign, tuning(19).resign);
        assert!(small.searches >= 3);
        assert!(big.searches > small.searches);
        assert!(big.simulations > small.simulations);
        assert!(big.below < small.below);
    }
}
