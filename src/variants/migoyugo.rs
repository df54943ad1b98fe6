//! Migoyugo (2025). Players place Migos; a placement that makes a line of
//! exactly four of the mover's pieces (Migos and Yugos together) in a
//! direction turns the placed piece into a Yugo worth the number of such
//! lines and removes the Migos of those lines. No placement may make a line
//! longer than four. Four Yugos in a row win at once (Igo); when the side
//! to move has no legal placement the game ends (Wego) and the higher Yugo
//! count, with multiplicity, wins. No passing.
//!
//! GTP black is the first player, whom the published rules call White.

mod alphabeta;
mod bits;
mod board;
mod eval;
pub mod features;
mod playout;
pub mod prover;

pub use bits::{Bits, Wide};
pub use board::{Bitboard, Board, Cell, Placement};
pub use eval::{Terms as EvalTerms, TERMS as EVAL_TERMS, TERM_NAMES as EVAL_TERM_NAMES, WEIGHTS as EVAL_WEIGHTS};

use super::{Game, Setup, SolverUse, Start, VariantSpec};
use crate::board::zobrist::side_key;
use crate::color::Color;
use crate::game::{timeline_in, Clicks, GameSetup, Illegal, Occupant, Outcome, Owner, Position, View};
use crate::history::{History, Snapshot};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{Config, Limits, Report, SearchHints, SearchResult};
use crate::solver::SolverHints;
use board::with_board;
use rand::rngs::SmallRng;

#[derive(Clone, Debug)]
struct State {
    board: Board,
    to_move: Color,
    /// Set once the game is decided: an Igo or a Wego.
    outcome: Option<Outcome>,
}

impl Snapshot for State {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn to_move(&self) -> Color {
        self.to_move
    }
}

impl State {
    /// The outcome of the position as it stands: an Igo on the board wins
    /// (checked first), else a side to move without a legal placement ends
    /// the game by Yugo count.
    fn judge(&self) -> Option<Outcome> {
        if let Some(winner) = Color::BOTH.into_iter().find(|&c| self.board.has_igo(c)) {
            return Some(Outcome::Win(winner));
        }
        (!self.board.has_legal_move(self.to_move)).then(|| wego(&self.board))
    }
}

/// The Wego result: black's Yugo count minus white's (0 is a draw).
fn wego(board: &Board) -> Outcome {
    let [b, w] = board.yugo_total();
    Outcome::Score(b as f32 - w as f32)
}

#[derive(Clone, Debug)]
pub struct Migoyugo {
    history: History<State>,
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "migoyugo",
    aliases: &[],
    description: "Migoyugo: lines of four make Yugos, four Yugos in a row win; 8x8, sizes 4-19; \
                  GTP black is the first player, called White in its rules",
    game_id: "Migoyugo",
    komi: 0.0,
    default_size: || 8,
    accepts_size: |size| (4..=19).contains(&size),
    starts: &[Start::Empty],
    options: &[],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    solver: SolverUse::at_most(8),
    new_game: |setup| Game::Migoyugo(Migoyugo::new(setup)),
    from_diagram: Some(|_, rows, to_move| Migoyugo::from_rows(rows, to_move).map(Game::Migoyugo)),
};

impl Migoyugo {
    pub fn new(setup: &Setup) -> Migoyugo {
        let board = Board::new(setup.size);
        Migoyugo::with_board(board, Color::Black)
    }

    fn with_board(board: Board, to_move: Color) -> Migoyugo {
        let mut state = State {
            board,
            to_move,
            outcome: None,
        };
        state.outcome = state.judge();
        Migoyugo {
            history: History::new(state),
        }
    }

    /// A position from a diagram, for tests and analysis: rows from the top,
    /// whitespace-separated tokens `.` (empty), `X`/`O` (black/white Migo),
    /// `Y1`..`Y4`/`y1`..`y4` (black/white Yugo of that value; `Y`/`y` is 1).
    pub fn from_rows(rows: &[&str], to_move: Color) -> Result<Migoyugo, String> {
        let size = rows.len();
        if !(4..=19).contains(&size) {
            return Err(format!("unacceptable size {size}"));
        }
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.len() != size {
                return Err(format!("row {} has {} points, not {size}", i + 1, tokens.len()));
            }
            for (x, token) in tokens.into_iter().enumerate() {
                let p = board.point(Vertex::new(x, size - 1 - i));
                board.set(p, parse_cell(token)?);
            }
        }
        Ok(Migoyugo::with_board(board, to_move))
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.history.now.board
    }

    /// The placements as a learned move model sees them ([`features`]).
    pub fn move_features(&self) -> features::MigoyugoMoves<'_> {
        let board = self.board();
        // The one point the last placement filled: a Yugo only empties others.
        let last = self.history.previous().and_then(|before| {
            board
                .points()
                .into_iter()
                .find(|&p| board.cell(p) != Cell::Empty && before.board.cell(p) == Cell::Empty)
                .map(|p| board.vertex(p))
        });
        features::MigoyugoMoves {
            board,
            color: self.to_move(),
            last,
        }
    }

    /// The terms of the alpha-beta search's static evaluation for the side
    /// to move: what each of [`EVAL_WEIGHTS`] multiplies.
    pub fn eval_terms(&self) -> EvalTerms {
        with_board!(self.board(), b => eval::terms(b, self.to_move()))
    }

    /// The point of a placement, or why it cannot be played.
    fn check(&self, color: Color, mv: Move) -> Result<usize, Illegal> {
        Illegal::if_over(self.outcome())?;
        let v = match mv {
            Move::Place(v) | Move::Drop(Piece::Migo, v) => v,
            Move::Drop(Piece::Yugo, _) => {
                return Err(Illegal::new(
                    "a Yugo is made by a line of four, not placed; play a vertex",
                ))
            }
            other => return Err(Illegal::absent_kind("Migoyugo", other)),
        };
        if !v.on_board(self.size()) {
            return Err(Illegal::new("vertex off the board"));
        }
        let board = self.board();
        let p = board.point(v);
        if board.cell(p) != Cell::Empty {
            return Err(Illegal::new("point is occupied"));
        }
        let longest = board.longest_line(p, color);
        if longest > 4 {
            return Err(Illegal::new(format!("it makes a line of {longest}, longer than four")));
        }
        Ok(p)
    }

    /// Yugos of one colour with their values, e.g. `D4x2 E5x1`.
    fn yugo_list(&self, color: Color) -> String {
        let board = self.board();
        let list: Vec<String> = board
            .points()
            .into_iter()
            .filter_map(|p| match board.cell(p) {
                Cell::Yugo(c, value) if c == color => Some(format!("{}x{value}", board.vertex(p))),
                _ => None,
            })
            .collect();
        if list.is_empty() {
            "none".into()
        } else {
            list.join(" ")
        }
    }
}

fn parse_cell(token: &str) -> Result<Cell, String> {
    let yugo = |color, digits: &str| match digits {
        "" => Ok(Cell::Yugo(color, 1)),
        "1" | "2" | "3" | "4" => Ok(Cell::Yugo(color, digits.as_bytes()[0] - b'0')),
        _ => Err(format!("bad Yugo value in '{token}'")),
    };
    match token {
        "." => Ok(Cell::Empty),
        "X" => Ok(Cell::Migo(Color::Black)),
        "O" => Ok(Cell::Migo(Color::White)),
        _ if token.starts_with('Y') => yugo(Color::Black, &token[1..]),
        _ if token.starts_with('y') => yugo(Color::White, &token[1..]),
        _ => Err(format!("unknown point '{token}'")),
    }
}

/// The one move the side to move must play, if any: an Igo that wins at
/// once, else the point that stops the opponent's Igo (see
/// [`playout::tactics`]).
fn forced_point(board: &Board, color: Color) -> Option<usize> {
    let tactics = with_board!(board, b => playout::tactics(b, color));
    match tactics {
        playout::Tactics::Forced(p) => Some(p),
        _ => None,
    }
}

impl Position for Migoyugo {
    fn variant_name(&self) -> &'static str {
        "migoyugo"
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let board = self.board();
        let points = board.legal_points(self.to_move());
        out.extend(points.into_iter().map(|p| Move::Place(board.vertex(p))));
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let p = self.check(color, mv)?;
        self.history.push();
        let state = &mut self.history.now;
        let placed = state.board.place(p, color);
        state.to_move = color.opponent();
        state.outcome = if placed.igo {
            Some(Outcome::Win(color))
        } else {
            (!state.board.has_legal_move(state.to_move)).then(|| wego(&state.board))
        };
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.history.now.outcome
    }

    /// Before the end: the Yugo counts as they stand.
    fn score_now(&self) -> Outcome {
        self.outcome().unwrap_or_else(|| wego(self.board()))
    }

    fn hash(&self) -> u64 {
        self.board().hash() ^ side_key(self.to_move())
    }

    fn recompute_hash(&self) -> u64 {
        self.board().recompute_hash() ^ side_key(self.to_move())
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        let state = &mut self.history.now;
        state.to_move = color;
        // The new side to move may have no placement: Wego.
        state.outcome = state.judge();
        true
    }
}

impl View for Migoyugo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        let board = self.board();
        let (color, piece) = match board.cell(board.point(v)) {
            Cell::Migo(c) => (c, Piece::Migo),
            Cell::Yugo(c, _) => (c, Piece::Yugo),
            Cell::Empty => return None,
        };
        Some(Occupant {
            owner: Owner::Player(color),
            piece,
        })
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.board().yugo_total();
        vec![
            format!("yugo count: black {b} white {w}"),
            format!("black yugos: {}", self.yugo_list(Color::Black)),
            format!("white yugos: {}", self.yugo_list(Color::White)),
        ]
    }

    /// Nothing is ever captured: Migos leave only as the mover's own line.
    fn captures(&self) -> [u32; 2] {
        [0, 0]
    }
}

impl GameSetup for Migoyugo {}

impl Clicks for Migoyugo {}

impl SearchHints for Migoyugo {
    fn forced_move(&self) -> Option<Move> {
        if self.outcome().is_some() {
            return None;
        }
        let board = self.board();
        forced_point(board, self.to_move()).map(|p| Move::Place(board.vertex(p)))
    }

    /// Alpha-beta with the static evaluation (see `alphabeta`).
    fn own_search(
        &self,
        limits: Limits,
        config: &Config,
        stop: &(dyn Fn() -> bool + Sync),
        report: &mut Option<Report>,
    ) -> Option<SearchResult> {
        if self.outcome().is_some() {
            return None;
        }
        Some(alphabeta::search(self, limits, config, stop, report))
    }

    /// Tactical playouts on the bitboard (see `playout`).
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return outcome.value_for_black();
        }
        let color = self.to_move();
        with_board!(self.board(), b => playout::rollout(b, color, rng, trace)).value_for_black()
    }
}

impl SolverHints for Migoyugo {}
