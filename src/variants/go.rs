//! Standard Go: area scoring as in Tromp-Taylor, positional superko, no
//! suicide, two passes end the game.

use super::Setup;
use crate::board::{zobrist, Board};
use crate::color::Color;
use crate::game::{Illegal, Occupant, Outcome, Position};
use crate::history::History;
use crate::moves::{Move, Piece, Vertex};
use rand::rngs::SmallRng;
use std::collections::HashMap;

pub mod policy;
pub mod status;

#[derive(Clone, Debug)]
struct State {
    board: Board,
    to_move: Color,
    passes: u8,
    captures: [u32; 2],
    /// Point of the last move, 0 after a pass or at the start: playouts
    /// answer it.
    last: usize,
}

#[derive(Clone, Debug)]
pub struct Go {
    history: History<State>,
    komi: f32,
    /// How often each board hash has occurred: positional superko.
    seen: HashMap<u64, u32>,
}

impl Go {
    pub fn new(setup: &Setup) -> Go {
        let board = Board::new(setup.size);
        let mut seen = HashMap::new();
        seen.insert(board.hash(), 1);
        Go {
            history: History::new(State {
                board,
                to_move: Color::Black,
                passes: 0,
                captures: [0, 0],
                last: 0,
            }),
            komi: setup.komi,
            seen,
        }
    }

    pub fn board(&self) -> &Board {
        &self.history.now.board
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
        if self.seen.contains_key(&board.hash_after(p, color, 0)) {
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
            Move::Drop(piece, _) => Err(Illegal::new(format!("Go has no {piece}"))),
            Move::Step(..) => Err(Illegal::new("pieces do not move in Go")),
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

/// Takes back one occurrence of a board hash from a superko record (undo).
pub fn forget_position(seen: &mut HashMap<u64, u32>, hash: u64) {
    if let Some(count) = seen.get_mut(&hash) {
        *count -= 1;
        if *count == 0 {
            seen.remove(&hash);
        }
    }
}

/// A playout from the current state with the policy of [`policy`].
fn playout(state: &State, komi: f32, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> policy::PlayoutEnd {
    policy::playout(
        state.board.clone(),
        state.to_move,
        state.passes,
        state.last,
        komi,
        rng,
        trace,
    )
}

impl Position for Go {
    fn variant_name(&self) -> &'static str {
        "go"
    }

    fn size(&self) -> usize {
        self.board().size()
    }

    fn to_move(&self) -> Color {
        self.history.now.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let board = self.board();
        let color = self.to_move();
        for p in board.all_points() {
            if self.placement_error(p, color).is_none() {
                out.push(Move::Place(board.vertex(p)));
            }
        }
        out.push(Move::Pass);
    }

    /// No pass while the board is unsettled (see `keep_pass_for_the_end`).
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
        let state = &self.history.now;
        super::keep_pass_for_the_end(out, &state.board, state.to_move, state.passes > 0);
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        if self.outcome().is_some() {
            return Err(Illegal::new("the game is over"));
        }
        let point = self.vertex_point(mv)?;
        if let Some(p) = point {
            if let Some(reason) = self.placement_error(p, color) {
                return Err(Illegal::new(reason));
            }
        }
        self.history.push();
        let state = &mut self.history.now;
        match point {
            Some(p) => {
                let captured = state.board.play(p, color, 0);
                state.captures[color.index()] += captured as u32;
                state.passes = 0;
                state.last = p;
                *self.seen.entry(state.board.hash()).or_insert(0) += 1;
            }
            None => {
                state.board.clear_ko();
                state.passes += 1;
                state.last = 0;
            }
        }
        state.to_move = color.opponent();
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let current = self.board().hash();
        if !self.history.undo() {
            return false;
        }
        if current != self.board().hash() {
            forget_position(&mut self.seen, current);
        }
        true
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.history.now.passes >= 2).then(|| self.score_now())
    }

    fn score_now(&self) -> Outcome {
        Outcome::Score(self.board().area_score() as f32 - self.komi)
    }

    fn hash(&self) -> u64 {
        let state = &self.history.now;
        let mut hash = state.board.hash() ^ zobrist::state_key(state.passes as u64);
        if state.to_move == Color::White {
            hash ^= zobrist::state_key(100);
        }
        hash
    }

    fn recompute_hash(&self) -> u64 {
        self.hash() ^ self.board().hash() ^ self.board().recompute_hash()
    }

    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        super::plain_stone(self.board(), v)
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.captures();
        vec![format!("captures: black {b} white {w}"), format!("komi: {}", self.komi)]
    }

    fn captures(&self) -> [u32; 2] {
        self.history.now.captures
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        let end = playout(&self.history.now, self.komi, rng, trace);
        self.playout_value(&end)
    }

    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 {
        let end = playout(&self.history.now, self.komi, rng, trace);
        owners.clear();
        owners.extend(end.board.area_owners());
        self.playout_value(&end)
    }

    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        let s = &self.history.now;
        let mut total = vec![0.0; self.size() * self.size()];
        let mut trace = Vec::new();
        for _ in 0..playouts.max(1) {
            trace.clear();
            let end = playout(s, self.komi, rng, &mut trace);
            for (sum, owner) in total.iter_mut().zip(end.board.area_owners()) {
                *sum += owner as f32;
            }
        }
        Some(total.into_iter().map(|t| t / playouts.max(1) as f32).collect())
    }

    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> {
        if !self.history.is_empty() || self.board().empties().len() != self.size() * self.size() {
            return Err(Illegal::new("board not empty"));
        }
        let mut next = self.clone();
        for &v in stones {
            if !v.on_board(self.size()) || !next.board().is_empty(next.board().point(v)) {
                return Err(Illegal::new(format!("bad handicap vertex {v}")));
            }
            let p = next.board().point(v);
            next.history.now.board.play(p, Color::Black, 0);
        }
        next.history.now.to_move = if stones.is_empty() { Color::Black } else { Color::White };
        next.seen.clear();
        next.seen.insert(next.board().hash(), 1);
        *self = next;
        Ok(())
    }

    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let s = &self.history.now;
        match mv {
            Move::Place(v) => policy::prior(&s.board, s.to_move, s.board.point(v)),
            _ => None,
        }
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        let state = &mut self.history.now;
        // The simple-ko point bars the side that was to move.
        state.board.clear_ko();
        state.to_move = color;
        state.last = 0;
        true
    }

    fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
}
