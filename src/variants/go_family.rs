//! The rules core of the Go family, after KataGo's `BoardHistory`: what Go,
//! Yugo, War Go and Atari Go share above the fast board, written once.
//!
//! - [`Turn`]: the side to move and the passes in a row; two passes end
//!   the game, and handing the turn over without a move clears the ko.
//! - [`GoHistory`]: the states since the start (undo is a pop) with the
//!   positional superko record kept in step with them.
//! - [`ownership`]: the final owner of each point, averaged over playouts.
//!
//! A Go-like variant keeps its state in one `Clone` value that implements
//! [`GoState`] (a board and a turn, plus whatever else it needs: hands, a
//! button), and plays a move by computing the next state and handing it to
//! [`GoHistory::push`]. The superko record, the end by passes, the turn
//! and undo then come for free; the keys of the state outside the board
//! are in [`StateKey`].
//!
//! What the next Go-like variants need from it:
//! - A move that places several stones at once (Group Go's polyominoes) is
//!   one pushed state: superko compares whole boards, whatever changed them.
//! - Special stones (War Go's pieces) keep their rules in the variant's
//!   state (`wargo::rules`): captures of the groups touching the move only,
//!   connection at distance two, immunity and forbidden points are board
//!   rules there; a second move in the same turn is a state pushed with
//!   `turn.to_move` left to the mover; a swap is a pushed state too.
//! - Area scoring is `Board::area_score`, and a scoring penalty a term the
//!   variant adds to it in `score_now`. The rule sets of the count and the
//!   judgement of dead stones at the end are in [`scoring`].

pub mod scoring;

use crate::board::zobrist::{self, KeyMap, StateKey};
use crate::board::{color_of, Board};
use crate::color::Color;
use crate::game::{Illegal, Occupant, Owner};
use crate::history::{History, Timeline};
use crate::moves::{Move, Piece, Vertex};

/// The side to move and the passes played in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub to_move: Color,
    pub passes: u8,
}

impl Turn {
    /// Black to move, no pass yet.
    pub const START: Turn = Turn {
        to_move: Color::Black,
        passes: 0,
    };

    /// After `color` placed or moved a piece.
    #[inline]
    pub fn moved(&mut self, color: Color) {
        self.passes = 0;
        self.to_move = color.opponent();
    }

    /// After `color` passed.
    #[inline]
    pub fn passed(&mut self, color: Color) {
        self.passes += 1;
        self.to_move = color.opponent();
    }

    /// Two passes in a row end the game.
    #[inline]
    pub fn ended(self) -> bool {
        self.passes >= 2
    }

    /// The Zobrist key of the turn: the passes and the side to move.
    #[inline]
    pub fn key(self) -> u64 {
        StateKey::Passes(self.passes).key() ^ zobrist::side_key(self.to_move)
    }
}

/// The state of a Go-like variant at one moment: what [`GoHistory`] needs.
pub trait GoState: Clone {
    fn board(&self) -> &Board;
    fn board_mut(&mut self) -> &mut Board;
    fn turn(&self) -> Turn;
    fn turn_mut(&mut self) -> &mut Turn;
}

/// Implements [`GoState`] for a state struct with the fields `board: Board`
/// and `turn: Turn`.
macro_rules! go_state {
    ($state:ty) => {
        impl $crate::variants::go_family::GoState for $state {
            fn board(&self) -> &$crate::board::Board {
                &self.board
            }
            fn board_mut(&mut self) -> &mut $crate::board::Board {
                &mut self.board
            }
            fn turn(&self) -> $crate::variants::go_family::Turn {
                self.turn
            }
            fn turn_mut(&mut self) -> &mut $crate::variants::go_family::Turn {
                &mut self.turn
            }
        }
    };
}
pub(crate) use go_state;

/// Positional superko: how often each board has occurred.
#[derive(Clone, Debug, Default, PartialEq)]
struct Superko {
    seen: KeyMap<u32>,
}

impl Superko {
    fn record(&mut self, hash: u64) {
        *self.seen.entry(hash).or_insert(0) += 1;
    }

    fn forget(&mut self, hash: u64) {
        if let Some(count) = self.seen.get_mut(&hash) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&hash);
            }
        }
    }
}

/// The states of a Go-like game since its start, with the superko record.
///
/// Every state that changed the board is in the record, the first one
/// included; a pass, which leaves the board as it was, adds nothing. Undo
/// pops a state and takes its board back out of the record.
#[derive(Clone, Debug)]
pub struct GoHistory<S> {
    states: History<S>,
    /// `None` where positions cannot repeat, or may (Yugo, Atari Go).
    superko: Option<Superko>,
    /// The boards the superko record gained in the current line (see
    /// [`GoHistory::begin_line`]), to forget when it ends.
    line_boards: Vec<u64>,
}

impl<S: GoState> Timeline for GoHistory<S> {
    fn size(&self) -> usize {
        self.now().board().size()
    }

    fn to_move(&self) -> Color {
        self.now().turn().to_move
    }

    fn undo(&mut self) -> bool {
        GoHistory::undo(self)
    }

    fn moves_played(&self) -> usize {
        GoHistory::moves_played(self)
    }

    fn begin_line(&mut self) {
        GoHistory::begin_line(self)
    }

    fn end_line(&mut self) {
        GoHistory::end_line(self)
    }

    fn ended(&self) -> bool {
        GoHistory::ended(self)
    }

    fn check_consistency(&self) -> Result<(), String> {
        GoHistory::check_consistency(self)
    }
}

impl<S: GoState> GoHistory<S> {
    /// A game starting at `start`; `superko` asks for the record.
    pub fn new(start: S, superko: bool) -> GoHistory<S> {
        let mut history = GoHistory {
            states: History::new(start),
            superko: superko.then(Superko::default),
            line_boards: Vec::new(),
        };
        history.restart();
        history
    }

    /// The current state.
    #[inline]
    pub fn now(&self) -> &S {
        &self.states.now
    }

    /// The current state, for changes that are not moves (handicap stones,
    /// a set-up position, a purchase): call [`GoHistory::restart`] after
    /// changing the board.
    pub fn now_mut(&mut self) -> &mut S {
        &mut self.states.now
    }

    /// The snapshots, first to current, for variants that look back.
    pub fn snapshots(&self) -> &History<S> {
        &self.states
    }

    /// Makes the current state the start of the game: the record then
    /// holds its board alone. For positions set up before the first move.
    pub fn restart(&mut self) {
        debug_assert!(self.states.is_empty(), "restart after a move");
        let hash = self.now().board().hash();
        if let Some(superko) = &mut self.superko {
            superko.seen.clear();
            superko.record(hash);
        }
    }

    /// True when a board with `hash` has occurred: a move that makes it
    /// breaks positional superko.
    #[inline]
    pub fn repeats(&self, hash: u64) -> bool {
        self.superko.as_ref().is_some_and(|s| s.seen.contains_key(&hash))
    }

    /// Makes `next` the current state: the position after a legal move.
    pub fn push(&mut self, next: S) {
        let before = self.now().board().hash();
        self.states.push_state(next);
        self.record_board(before);
    }

    /// Plays a legal move by changing the current state after saving a
    /// copy of it.
    pub fn play(&mut self, apply: impl FnOnce(&mut S)) {
        let before = self.now().board().hash();
        self.states.push();
        apply(&mut self.states.now);
        self.record_board(before);
    }

    /// Records the current board in the superko record unless it is the
    /// board of hash `before`, the one the move started from.
    fn record_board(&mut self, before: u64) {
        let after = self.now().board().hash();
        if after != before {
            if let Some(superko) = &mut self.superko {
                superko.record(after);
                if self.states.in_line() {
                    self.line_boards.push(after);
                }
            }
        }
    }

    /// Starts a line of moves that [`GoHistory::end_line`] takes back all
    /// at once, as a search's simulation does: the state before the line
    /// is the only one saved (see [`History::begin_line`]).
    pub fn begin_line(&mut self) {
        self.states.begin_line();
        self.line_boards.clear();
    }

    /// Takes back every move of the line, and ends it.
    pub fn end_line(&mut self) {
        if let Some(superko) = &mut self.superko {
            for &board in &self.line_boards {
                superko.forget(board);
            }
        }
        self.line_boards.clear();
        self.states.end_line();
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let current = self.now().board().hash();
        if !self.states.undo() {
            return false;
        }
        if current != self.now().board().hash() {
            if let Some(superko) = &mut self.superko {
                superko.forget(current);
                if self.states.in_line() {
                    self.line_boards.pop();
                }
            }
        }
        true
    }

    /// Moves played since the start.
    pub fn moves_played(&self) -> usize {
        self.states.len()
    }

    /// True once two passes in a row have ended the game.
    #[inline]
    pub fn ended(&self) -> bool {
        self.now().turn().ended()
    }

    /// Gives the turn to `color` without a move, as GTP's `genmove` for the
    /// side not to move asks. No pass is recorded, and the simple-ko point,
    /// which barred the side that was to move, is cleared.
    pub fn give_turn(&mut self, color: Color) {
        let state = self.now_mut();
        state.board_mut().clear_ko();
        state.turn_mut().to_move = color;
    }

    /// `hash` (a position's incremental hash) with the board's part
    /// computed from scratch: the check on the incremental hash.
    pub fn recomputed(&self, hash: u64) -> u64 {
        let board = self.now().board();
        hash ^ board.hash() ^ board.recompute_hash()
    }

    /// Checks the current board's incremental data and the superko record
    /// against the states: every changed board once, the start included
    /// (in a line, those of the line as it recorded them).
    pub fn check_consistency(&self) -> Result<(), String> {
        self.now().board().check_consistency()?;
        let Some(superko) = &self.superko else { return Ok(()) };
        let mut expected = Superko::default();
        let mut previous = None;
        for state in self.states.saved_states() {
            let hash = state.board().hash();
            if previous != Some(hash) {
                expected.record(hash);
            }
            previous = Some(hash);
        }
        for &board in &self.line_boards {
            expected.record(board);
        }
        if expected != *superko {
            return Err(format!(
                "the superko record holds {} boards, the history {}",
                superko.seen.len(),
                expected.seen.len()
            ));
        }
        Ok(())
    }
}

/// Estimated final owner of each of `points` points (+1 black, -1 white),
/// the average of `playouts` (at least one) random games, each of which
/// gives an owner per point; each records its moves in a trace that
/// starts empty.
pub fn ownership<I: IntoIterator<Item = i8>>(
    points: usize,
    playouts: usize,
    mut playout: impl FnMut(&mut Vec<(Color, Move)>) -> I,
) -> Vec<f32> {
    let playouts = playouts.max(1);
    let mut total = vec![0.0; points];
    let mut trace = Vec::new();
    for _ in 0..playouts {
        trace.clear();
        for (sum, owner) in total.iter_mut().zip(playout(&mut trace)) {
            *sum += owner as f32;
        }
    }
    total.into_iter().map(|t| t / playouts as f32).collect()
}

/// Removes `pass` from the moves the search considers while it cannot end
/// the game (the opponent has not just passed) and a placement other than
/// filling an own eye is left: an early pass is never good, and at low
/// playouts it can look good by chance. Go and Yugo (where the first pass
/// takes the button) use it.
pub fn keep_pass_for_the_end(out: &mut Vec<Move>, board: &Board, turn: Turn) {
    let useful = out.iter().any(|&mv| match mv {
        Move::Place(v) => !board.is_eye(board.point(v), turn.to_move),
        _ => false,
    });
    if turn.passes == 0 && useful {
        out.retain(|&mv| mv != Move::Pass);
    }
}

/// The points of a diagram, top row first, each with its character
/// (whitespace between them skipped), or why a row is not as long as the
/// diagram has rows.
pub fn diagram_points(rows: &[&str]) -> Result<Vec<(Vertex, char)>, String> {
    let size = rows.len();
    let mut points = Vec::with_capacity(size * size);
    for (row, text) in rows.iter().enumerate() {
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != size {
            return Err(format!("row {} has {} points, not {size}", row + 1, cells.len()));
        }
        points.extend(
            cells
                .into_iter()
                .enumerate()
                .map(|(x, c)| (Vertex::new(x, size - 1 - row), c)),
        );
    }
    Ok(points)
}

/// The board point of `v`, or why a stone cannot be placed there: off the
/// board or occupied.
pub fn empty_point(board: &Board, v: Vertex) -> Result<usize, Illegal> {
    if !v.on_board(board.size()) {
        return Err(Illegal::new("vertex off the board"));
    }
    let p = board.point(v);
    if !board.is_empty(p) {
        return Err(Illegal::new("point is occupied"));
    }
    Ok(p)
}

/// Appends a placement on every point of `board` that `legal` accepts,
/// in the board's order.
pub fn push_placements(board: &Board, out: &mut Vec<Move>, legal: impl Fn(usize) -> bool) {
    out.extend(
        board
            .all_points()
            .filter(|&p| legal(p))
            .map(|p| Move::Place(board.vertex(p))),
    );
}

/// The plain stone on a vertex of a Go board, for variants with no other pieces.
pub fn plain_stone(board: &Board, v: Vertex) -> Option<Occupant> {
    let color = color_of(board.cell(board.point(v)))?;
    Some(Occupant {
        owner: Owner::Player(color),
        piece: Piece::Stone,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug)]
    struct State {
        board: Board,
        turn: Turn,
    }

    go_state!(State);

    fn history() -> GoHistory<State> {
        let start = State {
            board: Board::new(3),
            turn: Turn::START,
        };
        GoHistory::new(start, true)
    }

    fn place(history: &mut GoHistory<State>, x: usize, y: usize) {
        let color = history.now().turn.to_move;
        history.play(|s| {
            let p = s.board.point(Vertex::new(x, y));
            s.board.play(p, color, 0);
            s.turn.moved(color);
        });
    }

    fn pass(history: &mut GoHistory<State>) {
        let color = history.now().turn.to_move;
        history.play(|s| s.turn.passed(color));
    }

    #[test]
    fn the_record_holds_every_board_once_and_undo_takes_it_back() {
        let mut h = history();
        let empty = h.now().board.hash();
        assert!(h.repeats(empty), "the start counts as seen");
        place(&mut h, 0, 0);
        let one = h.now().board.hash();
        pass(&mut h);
        assert!(h.repeats(one) && h.check_consistency().is_ok());
        assert!(!h.ended());
        pass(&mut h);
        assert!(h.ended(), "two passes in a row end the game");
        assert!(h.undo() && h.undo() && h.undo());
        assert!(!h.repeats(one), "undo forgets the board");
        assert!(h.repeats(empty));
        assert_eq!(h.check_consistency(), Ok(()));
        assert!(!h.undo());
    }

    #[test]
    fn a_line_sees_its_own_boards_and_takes_them_all_back_at_its_end() {
        let mut h = history();
        place(&mut h, 0, 0);
        let before = (h.now().board.hash(), h.moves_played(), h.superko.clone());
        h.begin_line();
        place(&mut h, 1, 1);
        let inside = h.now().board.hash();
        place(&mut h, 2, 2);
        pass(&mut h);
        assert!(h.repeats(inside), "a board of the line counts as seen in it");
        assert_eq!(h.moves_played(), 4);
        h.end_line();
        assert_eq!((h.now().board.hash(), h.moves_played(), h.superko.clone()), before);
        assert!(!h.repeats(inside));
        assert_eq!(h.check_consistency(), Ok(()));
        // An empty line changes nothing, and undo works again after a line.
        h.begin_line();
        h.end_line();
        assert!(h.undo() && h.now().board.hash() == h.snapshots().first().board.hash());
    }

    #[test]
    fn check_consistency_finds_a_record_out_of_step() {
        let mut h = history();
        place(&mut h, 1, 1);
        let hash = h.now().board.hash();
        h.superko.as_mut().unwrap().forget(hash);
        assert!(h.check_consistency().unwrap_err().contains("superko"));
    }

    #[test]
    fn giving_the_turn_clears_the_ko_and_records_no_pass() {
        let mut h = GoHistory::new(
            State {
                board: Board::new(4),
                turn: Turn::START,
            },
            true,
        );
        let board = &mut h.now_mut().board;
        let at = |board: &Board, x, y| board.point(Vertex::new(x, y));
        for (x, y) in [(1, 2), (0, 1), (1, 0)] {
            board.play(at(board, x, y), Color::Black, 0);
        }
        for (x, y) in [(2, 2), (1, 1), (3, 1), (2, 0)] {
            board.play(at(board, x, y), Color::White, 0);
        }
        h.restart();
        // Black takes the ko: White may not retake at once.
        h.play(|s| {
            s.board.play(at(&s.board, 2, 1), Color::Black, 0);
            s.turn.moved(Color::Black);
        });
        assert_eq!(h.now().board.ko_point(), Some(at(&h.now().board, 1, 1)));
        h.give_turn(Color::Black);
        assert_eq!(
            h.now().turn,
            Turn {
                to_move: Color::Black,
                passes: 0
            }
        );
        assert_eq!(h.now().board.ko_point(), None);
        assert_eq!(h.moves_played(), 1);
        assert_eq!(h.check_consistency(), Ok(()));
    }

    #[test]
    fn ownership_averages_the_playouts() {
        let mut round = 0;
        let owners = ownership(2, 4, |_| {
            round += 1;
            [1, if round % 2 == 0 { 1 } else { -1 }]
        });
        assert_eq!(owners, [1.0, 0.0]);
    }
}
