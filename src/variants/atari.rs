//! Atari Go: the first capture wins. No pass; suicide is illegal unless it
//! captures; a player with no legal placement loses. Starts from the empty
//! board or from the crosscut in the centre.

use super::go::priors;
use super::go_family::{self, go_state, GoHistory, Turn};
use super::models;
use super::{Game, Setup, SolverUse, Start, Variant, VariantSpec};
use crate::board::{zobrist, Board, BLACK, WHITE};
use crate::color::Color;
use crate::game::{timeline_in, Clicks, GameSetup, Illegal, Occupant, Outcome, Position, View};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{SearchHints, Tuning};
use crate::solver::SolverHints;
use rand::rngs::SmallRng;

#[derive(Clone, Debug)]
struct State {
    board: Board,
    /// The turn; there is no pass, so no pass is ever counted.
    turn: Turn,
    /// Set by the first capture.
    winner: Option<Color>,
    captures: [u32; 2],
    /// The points of the last two moves, 0 for none: the learned move
    /// model reads them.
    last: usize,
    last2: usize,
}

go_state!(State);

/// The points where the opponent threatens to capture.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Threats {
    None,
    One(usize),
    /// Two or more: no single move defends them all.
    Many,
}

#[derive(Clone, Debug)]
pub struct AtariGo {
    /// No superko: the first capture ends the game, so no position repeats.
    history: GoHistory<State>,
}

/// The four centre points of the crosscut: black's pair, then white's.
pub fn crosscut(size: usize) -> ([Vertex; 2], [Vertex; 2]) {
    let lo = size / 2 - 1;
    let hi = lo + 1;
    (
        [Vertex::new(lo, hi), Vertex::new(hi, lo)],
        [Vertex::new(lo, lo), Vertex::new(hi, hi)],
    )
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "atari",
    aliases: &["atari-go", "atarigo", "capture-go"],
    description: "Atari Go: the first capture wins (start: empty or crosscut)",
    game_id: "AtariGo",
    komi: 0.0,
    default_size: || 9,
    accepts_size: super::spec::any_gtp_size,
    starts: &[Start::Empty, Start::Crosscut],
    options: &[],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    solver: SolverUse::at_most(20),
    new_game: |setup| Game::Atari(AtariGo::new(setup)),
    from_diagram: None,
};

impl AtariGo {
    pub fn new(setup: &Setup) -> AtariGo {
        let mut board = Board::new(setup.size);
        if setup.start == Start::Crosscut && setup.size >= 2 {
            let (black, white) = crosscut(setup.size);
            for v in black {
                board.play(board.point(v), Color::Black, 0);
            }
            for v in white {
                board.play(board.point(v), Color::White, 0);
            }
        }
        AtariGo {
            history: GoHistory::new(
                State {
                    board,
                    turn: Turn::START,
                    winner: None,
                    captures: [0, 0],
                    last: 0,
                    last2: 0,
                },
                false,
            ),
        }
    }

    fn board(&self) -> &Board {
        &self.history.now().board
    }

    /// The board and the points of the last two moves (0 for none): what
    /// the move model reads.
    pub fn model_view(&self) -> (&Board, [usize; 2]) {
        let s = self.history.now();
        (&s.board, [s.last, s.last2])
    }

    /// How forcing a placement of `color` at the empty point `p` is, for
    /// the solver's move order: a capture, saving a chain in atari, an
    /// atari, a move next to a chain short of liberties, anything else.
    fn urgency(board: &Board, p: usize, color: Color, liberties: &dyn Fn(usize) -> usize) -> u8 {
        if board.captures_at(p, color) {
            return 5;
        }
        let own = crate::board::cell_of(color);
        let mut urgency = 0;
        for n in board.neighbours(p) {
            let cell = board.cell(n);
            if cell != BLACK && cell != WHITE {
                continue;
            }
            let level = match (cell == own, liberties(n)) {
                (true, 1) => 4,
                (false, 2) => 3,
                (true, 2) => 2,
                (_, 3) => 1,
                _ => 0,
            };
            urgency = urgency.max(level);
        }
        urgency
    }

    /// True when a non-capturing stone of `color` at `p` would leave its
    /// chain a single liberty (or none), so that the opponent captures it
    /// next. Allocation-free: the playouts ask it for most moves.
    fn self_atari(board: &Board, p: usize, color: Color) -> bool {
        Self::short_of_liberties(board, p, color, 0)
    }

    /// `self_atari` with the empty point `taken` (0 for none) counted as
    /// occupied by the opponent.
    fn short_of_liberties(board: &Board, p: usize, color: Color, taken: usize) -> bool {
        let own = crate::board::cell_of(color);
        let mut first = None;
        // True once a second distinct liberty other than `p` is seen.
        let mut second_liberty = |l: usize| {
            if l == p || l == taken || l == 0 {
                return false;
            }
            match first {
                None => {
                    first = Some(l);
                    false
                }
                Some(f) => f != l,
            }
        };
        let neighbours = board.neighbours(p);
        if neighbours.iter().any(|&n| board.is_empty(n) && second_liberty(n)) {
            return false;
        }
        for n in neighbours {
            if board.cell(n) == own && board.liberties_upto(n, 4).into_iter().any(&mut second_liberty) {
                return false;
            }
        }
        true
    }

    /// An atari by `color` that wins: the move takes one of an enemy
    /// chain's two liberties, is not itself in atari, and extending on the
    /// other liberty leaves the chain in atari still. Only sound while the
    /// opponent has no capture of its own (the caller's check).
    fn capture_in_two(board: &Board, color: Color) -> Option<usize> {
        board
            .empties()
            .iter()
            .map(|&a| a as usize)
            .find(|&a| Self::wins_in_two(board, a, color))
    }

    /// True when `color` at the empty point `a` is such a winning atari.
    fn wins_in_two(board: &Board, a: usize, color: Color) -> bool {
        let enemy = crate::board::cell_of(color.opponent());
        let ataris = board.neighbours(a).into_iter().any(|n| {
            if board.cell(n) != enemy {
                return false;
            }
            let liberties = board.liberties_upto(n, 3);
            if liberties[2] != 0 || liberties[1] == 0 {
                return false;
            }
            let other = if liberties[0] == a { liberties[1] } else { liberties[0] };
            Self::short_of_liberties(board, other, color.opponent(), a)
        });
        ataris && !board.is_suicide(a, color) && !Self::self_atari(board, a, color)
    }

    /// The side to move's immediate capture, if any, else the points where
    /// the opponent could capture next (the liberties of the mover's
    /// chains in atari): the capture wins, and without one every move but a
    /// defence on the only threatened point loses.
    fn capture_or_threats(board: &Board, color: Color) -> (Option<usize>, Threats) {
        let mut threats = Threats::None;
        for &p in board.empties() {
            let p = p as usize;
            if board.captures_at(p, color) {
                return (Some(p), threats);
            }
            if board.captures_at(p, color.opponent()) {
                threats = match threats {
                    Threats::None => Threats::One(p),
                    _ => Threats::Many,
                };
            }
        }
        (None, threats)
    }

    /// The move that saves the side to move's chains in atari: the one
    /// threatened point, when extending there gains a second liberty.
    /// `None` when nothing is threatened or nothing saves.
    fn only_defence(board: &Board, color: Color, threats: Threats) -> Option<usize> {
        match threats {
            Threats::One(p) => (!board.is_suicide(p, color) && !Self::self_atari(board, p, color)).then_some(p),
            _ => None,
        }
    }

    fn has_legal_move(board: &Board, color: Color) -> bool {
        board.empties().iter().any(|&p| !board.is_suicide(p as usize, color))
    }
}

impl Position for AtariGo {
    fn variant_name(&self) -> &'static str {
        "atari"
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let (board, color) = (self.board(), self.to_move());
        go_family::push_placements(board, out, |p| board.is_empty(p) && !board.is_suicide(p, color));
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.give_turn(color);
        true
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        let v = match mv {
            Move::Place(v) | Move::Drop(Piece::Stone, v) => v,
            other => return Err(Illegal::absent_kind("Atari Go", other)),
        };
        if !v.on_board(self.size()) {
            return Err(Illegal::new("vertex off the board"));
        }
        let p = self.board().point(v);
        if !self.board().is_empty(p) {
            return Err(Illegal::new("point is occupied"));
        }
        if self.board().is_suicide(p, color) {
            return Err(Illegal::new("suicide"));
        }
        self.history.play(|state| {
            let captured = state.board.play(p, color, 0);
            if captured > 0 {
                state.captures[color.index()] += captured as u32;
                state.winner = Some(color);
            }
            state.turn.moved(color);
            (state.last, state.last2) = (p, state.last);
        });
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let state = self.history.now();
        if let Some(winner) = state.winner {
            return Some(Outcome::Win(winner));
        }
        let to_move = state.turn.to_move;
        (!Self::has_legal_move(&state.board, to_move)).then(|| Outcome::Win(to_move.opponent()))
    }

    fn score_now(&self) -> Outcome {
        self.outcome().unwrap_or(Outcome::Draw)
    }

    fn hash(&self) -> u64 {
        let state = self.history.now();
        // No pass key: the passes never change.
        let mut hash = state.board.hash() ^ zobrist::side_key(state.turn.to_move);
        if let Some(w) = state.winner {
            hash ^= zobrist::StateKey::Winner(w).key();
        }
        hash
    }

    fn recompute_hash(&self) -> u64 {
        self.history.recomputed(self.hash())
    }
}

impl View for AtariGo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        go_family::plain_stone(self.board(), v)
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.captures();
        vec![format!("captures: black {b} white {w}")]
    }

    fn captures(&self) -> [u32; 2] {
        self.history.now().captures
    }
}

impl GameSetup for AtariGo {}

impl Clicks for AtariGo {}

impl SearchHints for AtariGo {
    /// A capture wins at once. Playouts cannot tell it from a move that
    /// keeps the capture for later (every playout takes it), so without
    /// this the search could pick any move at a 100% win rate. Without a
    /// capture, the only move that saves a chain in atari is forced too:
    /// every other move loses it; and with nothing in atari, an atari
    /// that the opponent cannot escape wins.
    fn forced_move(&self) -> Option<Move> {
        if self.history.now().winner.is_some() {
            return None;
        }
        let board = self.board();
        let color = self.to_move();
        let (capture, threats) = Self::capture_or_threats(board, color);
        let forced = match threats {
            _ if capture.is_some() => capture,
            Threats::None => Self::capture_in_two(board, color),
            _ => Self::only_defence(board, color, threats),
        };
        forced.map(|p| Move::Place(board.vertex(p)))
    }

    /// Go's weighing of the statistics: on 9x9 it won 87 of 100 games
    /// against the default at 1,000 playouts a move, and 30 of 42 at 0.5 s
    /// (docs/learning.md).
    fn tuning(&self) -> Tuning {
        Tuning::go_like(self.size())
    }

    /// The moves that do not lose at once (see `solver_moves`).
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.solver_moves(out)
    }

    /// Ataris and moves by chains short of liberties look better than
    /// quiet moves (see `urgency`); a move that loses at once never
    /// reaches the tree (`search_moves`).
    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let Move::Place(v) = mv else { return None };
        if !v.on_board(self.size()) {
            return None;
        }
        let board = self.board();
        let p = board.point(v);
        if !board.is_empty(p) {
            return None;
        }
        let liberties = |n: usize| board.liberties_upto(n, 4).iter().filter(|&&l| l != 0).count();
        let value = match Self::urgency(board, p, self.to_move(), &liberties) {
            5 | 4 => 1.0,
            3 => 0.7,
            2 => 0.6,
            1 => 0.55,
            _ => 0.45,
        };
        Some((PRIOR_VISITS * value, PRIOR_VISITS))
    }

    /// The urgency of each move (see `prior`) and, with a move model read
    /// by `--model`, the model's chance of it on top (see
    /// [`priors::learned_bonus_on_board`]).
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let Some(model) = models::in_use(Variant::Atari) else {
            out.extend(moves.iter().map(|&mv| self.prior(mv)));
            return;
        };
        let (board, last) = self.model_view();
        let bonus = priors::learned_bonus_on_board(model, board, self.to_move(), last, moves, MODEL_WEIGHT);
        for (&mv, learned) in moves.iter().zip(bonus) {
            let learned = learned.unwrap_or(0.0);
            out.push(self.prior(mv).map(|(wins, visits)| (wins + learned, visits + learned)));
        }
    }

    /// Playouts that play Atari Go's sure tactics and otherwise random
    /// non-suicide placements: an available capture is taken (it wins),
    /// a lone threatened point is defended, and no move puts its own chain
    /// in atari. A side left with only losing moves loses at once.
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return outcome.value_for_black();
        }
        let mut board = self.board().clone();
        let mut color = self.to_move();
        let value_of_win = |c: Color| if c == Color::Black { 1.0 } else { 0.0 };
        loop {
            let (capture, threats) = Self::capture_or_threats(&board, color);
            if let Some(p) = capture {
                trace.push((color, Move::Place(board.vertex(p))));
                return value_of_win(color);
            }
            let chosen = match threats {
                Threats::None => board.random_empty(rng, |p| {
                    !board.is_suicide(p, color) && !Self::self_atari(&board, p, color)
                }),
                _ => Self::only_defence(&board, color, threats),
            };
            let Some(p) = chosen else {
                // Every move loses (or there is none).
                return value_of_win(color.opponent());
            };
            board.play(p, color, 0);
            trace.push((color, Move::Place(board.vertex(p))));
            color = color.opponent();
        }
    }
}

impl SolverHints for AtariGo {
    /// The moves that can matter, most forcing first (see `urgency`).
    /// Moves that lose at once are left out while another move remains:
    /// with a capture at hand only that capture is listed; under a threat
    /// of capture only the moves on the threatened liberties; otherwise
    /// no move that puts its own chain in atari.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let board = self.board();
        let color = self.to_move();
        let own = crate::board::cell_of(color);
        let legal: Vec<usize> = board
            .all_points()
            .filter(|&p| board.is_empty(p) && !board.is_suicide(p, color))
            .collect();
        let place = |p: usize| Move::Place(board.vertex(p));
        if let Some(&p) = legal.iter().find(|&&p| board.captures_at(p, color)) {
            out.push(place(p));
            return;
        }
        let threatened: Vec<usize> = board
            .all_points()
            .filter(|&p| board.cell(p) == own)
            .filter_map(|p| board.atari_liberty(p))
            .collect();
        let liberties = |p: usize| board.liberties(board.chain(p)).len();
        let mut ranked: Vec<(u8, usize)> = legal
            .iter()
            .copied()
            .filter(|p| threatened.is_empty() || threatened.contains(p))
            .filter(|&p| !Self::self_atari(board, p, color))
            .map(|p| (Self::urgency(board, p, color, &liberties), p))
            .collect();
        if ranked.is_empty() {
            // Every move loses at once: one of them stands for all.
            out.extend(legal.first().map(|&p| place(p)));
            return;
        }
        ranked.sort_by_key(|&(urgency, _)| std::cmp::Reverse(urgency));
        out.extend(ranked.into_iter().map(|(_, p)| place(p)));
    }

    fn draws_possible(&self) -> bool {
        false
    }

    fn canonical_hash(&self) -> u64 {
        let board_hash = self.board().hash();
        self.hash() ^ board_hash ^ crate::solver::symmetry::canonical_board_hash(self.board())
    }
}

/// The weight of a move's prior, in virtual playouts.
const PRIOR_VISITS: f32 = 20.0;

/// The virtual wins and visits that a move a read model is sure of adds
/// to its prior; 100 did better at equal playouts than 30 or 300
/// (docs/learning.md).
const MODEL_WEIGHT: f32 = 100.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_is_the_forced_move() {
        let mut game = AtariGo::new(&Setup::new(super::super::Variant::Atari));
        assert_eq!(game.forced_move(), None);
        for (color, v) in [(Color::Black, "A2"), (Color::White, "A1"), (Color::Black, "E5")] {
            game.play(color, Move::Place(Vertex::parse(v).unwrap())).unwrap();
        }
        // White's A1 stands in atari at B1; White to move has no capture,
        // and B1 is the only defence.
        assert_eq!(game.forced_move(), Some(Move::Place(Vertex::parse("B1").unwrap())));
        game.play(Color::White, Move::Place(Vertex::parse("J9").unwrap()))
            .unwrap();
        assert_eq!(game.forced_move(), Some(Move::Place(Vertex::parse("B1").unwrap())));
    }
}
