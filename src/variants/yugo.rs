//! Yugo (Luis Bolaños Mures, 2017): pawns and kings, the button, komi and
//! handicap. There are no Go captures: a placement may leave groups
//! surrounded, and only a king removes pieces, and only pawns.
//!
//! - A pawn is legal where the number of surrounded groups stays the same.
//! - A king is legal where the number of surrounded enemy groups grows; it
//!   removes the pawns of the surrounded enemy groups, then the pawns of
//!   its own group if that is still surrounded.
//! - A placement that surrounds only friendly groups is illegal.
//!
//! Pawn or king is decided by the point, so a plain vertex is never
//! ambiguous. `pass` takes the button while nobody holds it and is a real
//! pass afterwards; two consecutive real passes end the game, and the
//! position is scored as it stands.
//!
//! After every move the surrounded groups hold kings only (a king empties
//! every surrounded group it touches of pawns, and a pawn never surrounds
//! anything), so a placement changes the surrounded-group count only
//! through the groups next to it: legality is decided locally.

use super::commands::{Reply, Session, VariantCommand};
use super::go::priors;
use super::go_family::{self, go_state, GoHistory, Turn};
use super::models;
use super::{Game, Setup, SolverUse, Start, Variant, VariantSpec};
use crate::args::Args;
use crate::board::zobrist::StateKey;
use crate::board::{cell_of, color_of, Board, BLACK, EMPTY, WHITE};
use crate::color::Color;
use crate::game::{timeline_in, Click, Clicks, GameSetup, Illegal, Occupant, Outcome, Owner, Position, Spelling, View};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{SearchHints, Tuning, SMALL_BOARD_RAVE_EQUIVALENCE};
use crate::solver::SolverHints;
use rand::rngs::SmallRng;

/// Board `kind` codes: the kind is part of the Zobrist key.
pub const PAWN: u8 = 0;
pub const KING: u8 = 1;

/// What a placement on an empty point would be under the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Surrounds no group.
    Pawn,
    /// Surrounds at least one enemy group.
    King,
    /// Surrounds only the mover's own group.
    Illegal,
}

/// Classifies a placement of `color` on empty `p`.
#[inline]
pub fn placement(board: &Board, p: usize, color: Color) -> Placement {
    let own = cell_of(color);
    let mut surrounds_enemy = false;
    let mut keeps_liberty = false;
    for n in board.neighbours(p) {
        let cell = board.cell(n);
        if cell == EMPTY {
            keeps_liberty = true;
        } else if cell == own {
            keeps_liberty |= board.atari_liberty(n) != Some(p);
        } else if color_of(cell).is_some() && board.atari_liberty(n) == Some(p) {
            surrounds_enemy = true;
        }
    }
    match (surrounds_enemy, keeps_liberty) {
        (true, _) => Placement::King,
        (false, true) => Placement::Pawn,
        (false, false) => Placement::Illegal,
    }
}

/// The stones of each surrounded chain of `cell` through `points`, each chain once.
fn surrounded_chains(board: &Board, points: impl IntoIterator<Item = usize>, cell: u8) -> Vec<Vec<usize>> {
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for n in points {
        if board.cell(n) == cell && board.surrounded(n) && !chains.iter().any(|c| c.contains(&n)) {
            chains.push(board.chain_stones(n));
        }
    }
    chains
}

/// Removes the pawns of a chain given by its stones; returns how many.
/// The chain goes and its kings come back one by one: that keeps chains
/// and liberties exact in time proportional to the chain, where
/// `Board::remove_points` rebuilds the whole board (the playouts' hot spot).
fn remove_pawns(board: &mut Board, stones: &[usize], cell: u8) -> u32 {
    let pawns = stones.iter().filter(|&&s| board.kind(s) == PAWN).count();
    if pawns > 0 {
        let kings: Vec<usize> = stones.iter().copied().filter(|&s| board.kind(s) == KING).collect();
        board.remove_chain(stones[0]);
        for k in kings {
            board.put(k, cell, KING);
        }
    }
    pawns as u32
}

/// Places a piece already classified as `Pawn` or `King` and makes the
/// king's removals. Returns the pawns removed, by owner: black's, white's.
pub fn place(board: &mut Board, p: usize, color: Color, kind: Placement) -> [u32; 2] {
    let (own, enemy) = (cell_of(color), cell_of(color.opponent()));
    let mut lost = [0, 0];
    if kind != Placement::King {
        board.put(p, own, PAWN);
        return lost;
    }
    board.put(p, own, KING);
    for chain in surrounded_chains(board, board.neighbours(p), enemy) {
        lost[color.opponent().index()] += remove_pawns(board, &chain, enemy);
    }
    if board.surrounded(p) {
        lost[color.index()] += remove_pawns(board, &board.chain_stones(p), own);
    }
    lost
}

/// Who scores each point, row-major from the bottom-left: +1 black, -1
/// white, 0 nobody. Territory goes to its colour, a piece with a liberty
/// to its owner, a surrounded king to the enemy, a surrounded pawn to nobody.
pub fn point_owners(board: &Board) -> Vec<i8> {
    let mut owners = board.area_owners();
    for (owner, p) in owners.iter_mut().zip(board.all_points()) {
        if board.cell(p) != EMPTY && board.surrounded(p) {
            *owner = if board.kind(p) == KING { -*owner } else { 0 };
        }
    }
    owners
}

#[derive(Clone, Debug)]
struct State {
    board: Board,
    /// The turn; its passes are real ones (taking the button is not one).
    turn: Turn,
    button: Option<Color>,
    /// Pawns removed from each colour's groups: [white's, black's], so that
    /// index 0 reads "captured by black" as GTP's captured count wants.
    captures: [u32; 2],
    /// The points of the last two moves, 0 for none or a pass: the move
    /// model reads them (the playouts do not keep them).
    last: usize,
    last2: usize,
}

impl State {
    fn play_placement(&mut self, p: usize, color: Color, kind: Placement) {
        let [black_lost, white_lost] = place(&mut self.board, p, color, kind);
        self.captures[0] += white_lost;
        self.captures[1] += black_lost;
        self.turn.moved(color);
    }

    /// Takes the button while it is free, else passes.
    fn play_pass(&mut self, color: Color) {
        match self.button {
            None => {
                self.button = Some(color);
                self.turn.to_move = color.opponent();
            }
            Some(_) => self.turn.passed(color),
        }
    }
}

go_state!(State);

pub static SPEC: VariantSpec = VariantSpec {
    name: "yugo",
    aliases: &[],
    description: "Yugo: pawns and kings, the button, komi 7; pass takes the button while it is free",
    game_id: "Yugo",
    komi: 7.0,
    default_size: || 9,
    accepts_size: super::spec::any_gtp_size,
    starts: &[Start::Empty],
    options: &[],
    record_options: &[],
    commands: &[VariantCommand {
        name: "variago-button",
        lacks: "button",
        run: button,
    }],
    match_setup: &[],
    solver: SolverUse::at_most(8),
    new_game: |setup| Game::Yugo(Yugo::new(setup)),
    from_diagram: Some(|setup, rows, to_move| Yugo::from_diagram(setup, &rows.join("\n"), to_move).map(Game::Yugo)),
};

/// `variago-button`: who holds the button, `black`, `white` or `none`.
fn button(session: &mut dyn Session, a: &Args) -> Reply {
    a.count(0, 0)?;
    match session.game() {
        Game::Yugo(yugo) => Ok(yugo.button().map_or("none", Color::name).into()),
        _ => Err("internal error: not a Yugo game".into()),
    }
}

#[derive(Clone, Debug)]
pub struct Yugo {
    /// No superko: kings are permanent and pawns never come back where a
    /// king removed them, so positions cannot repeat.
    history: GoHistory<State>,
    komi: f32,
    /// Handicap pawns placed before the first move.
    handicap: usize,
}

impl Yugo {
    pub fn new(setup: &Setup) -> Yugo {
        Yugo {
            history: GoHistory::new(
                State {
                    board: Board::new(setup.size),
                    turn: Turn::START,
                    button: None,
                    captures: [0, 0],
                    last: 0,
                    last2: 0,
                },
                false,
            ),
            komi: setup.komi,
            handicap: 0,
        }
    }

    /// A position from a diagram, top row first, in `showboard`'s symbols:
    /// `X`/`O` pawns, `K`/`k` kings (black/white), `.` empty; spaces are
    /// ignored. Refused when a surrounded group holds a pawn, which no
    /// game can reach. For tests and analysis.
    pub fn from_diagram(setup: &Setup, diagram: &str, to_move: Color) -> Result<Yugo, String> {
        let rows: Vec<String> = diagram
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
            .filter(|l| !l.is_empty())
            .collect();
        let size = rows.len();
        if size != setup.size || rows.iter().any(|r| r.chars().count() != size) {
            return Err(format!("the diagram is not {0}x{0}", setup.size));
        }
        let mut yugo = Yugo::new(setup);
        let board = &mut yugo.history.now_mut().board;
        for (i, row) in rows.iter().enumerate() {
            for (x, symbol) in row.chars().enumerate() {
                let p = board.point(Vertex::new(x, size - 1 - i));
                match symbol {
                    '.' => {}
                    'X' => board.put(p, BLACK, PAWN),
                    'O' => board.put(p, WHITE, PAWN),
                    'K' => board.put(p, BLACK, KING),
                    'k' => board.put(p, WHITE, KING),
                    other => return Err(format!("unknown symbol '{other}'")),
                }
            }
        }
        if board
            .all_points()
            .any(|p| board.cell(p) != EMPTY && board.surrounded(p) && board.kind(p) == PAWN)
        {
            return Err("a surrounded group holds a pawn".into());
        }
        yugo.history.now_mut().turn.to_move = to_move;
        Ok(yugo)
    }

    pub fn board(&self) -> &Board {
        &self.history.now().board
    }

    /// The board and the points of the last two moves (0 for none or a
    /// pass): what a learned move model reads.
    pub fn model_view(&self) -> (&Board, [usize; 2]) {
        let s = self.history.now();
        (&s.board, [s.last, s.last2])
    }

    /// The player holding the button, if anyone has taken it.
    pub fn button(&self) -> Option<Color> {
        self.history.now().button
    }

    /// Black's score minus white's for a final board.
    fn score_of(&self, board: &Board, button: Option<Color>) -> f32 {
        let points: i32 = point_owners(board).iter().map(|&o| o as i32).sum();
        let button = match button {
            Some(Color::Black) => 0.5,
            Some(Color::White) => -0.5,
            None => 0.0,
        };
        points as f32 + button - self.komi - self.handicap.saturating_sub(1) as f32
    }

    /// The value for black of a final score: a win is worth 0.85 to 1 and a
    /// loss 0 to 0.15, more with a larger margin. Winning comes first; once
    /// the game is won the search still captures hopeless pawns rather than
    /// pass, since nothing removes them after the game.
    fn value_of(&self, score: f32) -> f32 {
        let shade = 0.15 * (score / self.size() as f32).tanh();
        match score {
            s if s > 0.0 => 0.85 + shade,
            s if s < 0.0 => 0.15 + shade,
            _ => 0.5,
        }
    }

    /// The board point of a placement and the kind the rules give it, or why it is illegal.
    fn check_placement(&self, color: Color, v: Vertex, asked: Option<Piece>) -> Result<(usize, Placement), Illegal> {
        let board = self.board();
        let p = go_family::empty_point(board, v)?;
        let kind = placement(board, p, color);
        match (kind, asked) {
            (Placement::Illegal, _) => Err(Illegal::new(
                "it would surround only friendly groups (a pawn may not surround a group, a king must surround an enemy group)",
            )),
            (Placement::King, Some(Piece::Pawn)) => Err(Illegal::new(
                "a pawn may not change the number of surrounded groups; this point surrounds an enemy group and takes a king",
            )),
            (Placement::Pawn, Some(Piece::King)) => Err(Illegal::new(
                "a king must increase the number of surrounded enemy groups; this point takes a pawn",
            )),
            _ => Ok((p, kind)),
        }
    }
}

/// A random playout from `state` to the end of the game, on a copy.
///
/// Policy: capture an enemy group that the last move left with one liberty
/// (a king takes its pawns), otherwise a random legal placement that does
/// not fill an own eye; when none is left, take the button while it is free,
/// else pass. Two real passes end it, as in the game. The move cap is only a
/// safety net: every king is permanent, so games are finite anyway.
fn playout(mut state: State, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> State {
    let size = state.board.size();
    let limit = 4 * size * size + 20;
    let mut last: Option<usize> = None;
    for _ in 0..limit {
        if state.turn.ended() {
            break;
        }
        let color = state.turn.to_move;
        let board = &state.board;
        let chosen = last
            .and_then(|q| capture_near(board, q, color))
            .map(|p| (p, Placement::King))
            .or_else(|| {
                let mut kind = Placement::Illegal;
                board
                    .random_empty(rng, |p| {
                        if board.is_eye(p, color) {
                            return false;
                        }
                        kind = placement(board, p, color);
                        kind != Placement::Illegal
                    })
                    .map(|p| (p, kind))
            });
        match chosen {
            Some((p, kind)) => {
                trace.push((color, Move::Place(state.board.vertex(p))));
                state.play_placement(p, color, kind);
                last = Some(p);
            }
            None => {
                state.play_pass(color);
                last = None;
            }
        }
    }
    state
}

/// A king point that surrounds an enemy chain touching `q` (the last move),
/// where that chain holds pawns to remove.
fn capture_near(board: &Board, q: usize, color: Color) -> Option<usize> {
    let enemy = cell_of(color.opponent());
    std::iter::once(q)
        .chain(board.neighbours(q))
        .filter(|&n| board.cell(n) == enemy)
        .filter_map(|n| board.atari_liberty(n).map(|lib| (n, lib)))
        .find(|&(n, _)| board.chain_stones(n).iter().any(|&s| board.kind(s) == PAWN))
        .map(|(_, lib)| lib)
}

impl Position for Yugo {
    fn variant_name(&self) -> &'static str {
        "yugo"
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let (board, color) = (self.board(), self.to_move());
        go_family::push_placements(board, out, |p| {
            board.is_empty(p) && placement(board, p, color) != Placement::Illegal
        });
        // The button while it is free, a real pass afterwards.
        out.push(Move::Pass);
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        let placed = match mv {
            Move::Pass => None,
            Move::Place(v) => Some(self.check_placement(color, v, None)?),
            Move::Drop(piece @ (Piece::Pawn | Piece::King), v) => Some(self.check_placement(color, v, Some(piece))?),
            Move::Drop(piece, _) => return Err(Illegal::new(format!("Yugo has no {piece}; use pawn@ or king@"))),
            other => return Err(Illegal::absent_kind("Yugo", other)),
        };
        self.history.play(|state| {
            (state.last, state.last2) = (placed.map_or(0, |(p, _)| p), state.last);
            match placed {
                Some((p, kind)) => state.play_placement(p, color, kind),
                None => state.play_pass(color),
            }
        });
        Ok(())
    }

    fn score_now(&self) -> Outcome {
        Outcome::Score(self.score_of(self.board(), self.button()))
    }

    fn hash(&self) -> u64 {
        let state = self.history.now();
        let mut hash = state.board.hash() ^ state.turn.key();
        if let Some(holder) = state.button {
            hash ^= StateKey::Button(holder).key();
        }
        hash
    }

    fn recompute_hash(&self) -> u64 {
        self.history.recomputed(self.hash())
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.give_turn(color);
        true
    }
}

impl View for Yugo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        let board = self.board();
        let p = board.point(v);
        let owner = match board.cell(p) {
            BLACK => Color::Black,
            WHITE => Color::White,
            _ => return None,
        };
        let piece = if board.kind(p) == KING {
            Piece::King
        } else {
            Piece::Pawn
        };
        Some(Occupant {
            owner: Owner::Player(owner),
            piece,
        })
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.captures();
        let button = self.button().map_or("none", Color::name);
        let mut lines = vec![
            format!("button: {button}"),
            format!("pawns removed: by black {b} by white {w}"),
            format!("komi: {}", self.komi),
        ];
        if self.handicap > 0 {
            lines.push(format!("handicap: {}", self.handicap));
        }
        lines
    }

    fn captures(&self) -> [u32; 2] {
        self.history.now().captures
    }
}

impl GameSetup for Yugo {
    /// Black pawns on an empty board, each a legal pawn placement; white moves next.
    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> {
        if self.history.moves_played() > 0
            || self.handicap > 0
            || self.board().empties().len() != self.size() * self.size()
        {
            return Err(Illegal::new("board not empty"));
        }
        let mut next = self.clone();
        for &v in stones {
            let (p, kind) = next
                .check_placement(Color::Black, v, Some(Piece::Pawn))
                .map_err(|why| Illegal::new(format!("bad handicap vertex {v}: {why}")))?;
            next.history.now_mut().board.put(p, BLACK, PAWN);
            debug_assert_eq!(kind, Placement::Pawn);
        }
        if !stones.is_empty() {
            next.history.now_mut().turn.to_move = Color::White;
        }
        next.handicap = stones.len();
        *self = next;
        Ok(())
    }

    fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
}

impl Clicks for Yugo {
    /// Taking the button is a click of its own, `button`: GoGui ends a
    /// game after any two passes in a row, and taking it is no pass.
    fn spell(&self, mv: Move) -> Spelling {
        match mv {
            Move::Pass if self.button().is_none() => Spelling::new([Click::Choice(0, "button")]),
            _ => Spelling::of_kind(mv),
        }
    }

    /// The button's cell is beside the board, though no hand is.
    fn needs_frame(&self) -> bool {
        true
    }
}

impl SearchHints for Yugo {
    /// As in Go, neither the button nor a pass is searched while the board
    /// is unsettled: both cost a move that a placement could use.
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
        let state = self.history.now();
        go_family::keep_pass_for_the_end(out, &state.board, state.turn);
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        if let Some(outcome) = self.outcome() {
            return self.outcome_value(outcome);
        }
        let end = playout(self.history.now().clone(), rng, trace);
        self.value_of(self.score_of(&end.board, end.button))
    }

    fn outcome_value(&self, outcome: Outcome) -> f32 {
        match outcome {
            Outcome::Score(score) => self.value_of(score),
            other => other.value_for_black(),
        }
    }

    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        Some(go_family::ownership(self.size() * self.size(), playouts, |trace| {
            point_owners(&playout(self.history.now().clone(), rng, trace).board)
        }))
    }

    /// Go's weighing of the statistics: on 9x9 it won 71 of 100 games
    /// against the default at 1,000 playouts a move, and 26 of 36 at 0.5 s
    /// (docs/learning.md). AMAF keeps its small-board say on every board:
    /// on 13x13 that won 28 of 42 games against Go's smaller say at 0.5 s.
    fn tuning(&self) -> Tuning {
        Tuning {
            rave_equivalence: SMALL_BOARD_RAVE_EQUIVALENCE,
            ..Tuning::go_like(self.size())
        }
    }

    /// Yugo knows nothing of a move before searching it, unless a move
    /// model was read by `--model`: a placement then starts even, as
    /// Atari Go's quiet moves do, with the model's chance of it on top
    /// (see [`priors::even_and_learned`]).
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        match models::in_use(Variant::Yugo) {
            Some(model) => out.extend(priors::even_and_learned(
                model,
                self.model_view(),
                self.to_move(),
                moves,
                (EVEN_PRIOR_VISITS, MODEL_WEIGHT),
            )),
            None => out.extend(moves.iter().map(|_| None)),
        }
    }
}

impl SolverHints for Yugo {}

/// The even prior of a placement when a model gives the priors, in
/// virtual playouts: Atari Go's weight.
const EVEN_PRIOR_VISITS: f32 = 20.0;

/// The virtual wins and visits that a move the model is sure of adds to
/// its prior: at 1,000 playouts a move, with the default search settings,
/// 300 did better than 30, 100 or 1,000 (docs/learning.md).
const MODEL_WEIGHT: f32 = 300.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn game(size: usize) -> Yugo {
        Yugo::new(&Setup {
            size,
            ..Setup::new(Variant::Yugo)
        })
    }

    #[test]
    fn hash_tracks_kinds_button_and_passes() {
        let mut g = game(3);
        let start = g.hash();
        g.play(Color::Black, Move::Pass).unwrap();
        let with_button = g.hash();
        assert_ne!(start, with_button);
        g.play(Color::White, Move::Pass).unwrap();
        assert_ne!(with_button, g.hash());
        assert_eq!(g.hash(), g.recompute_hash());
    }

    #[test]
    fn playouts_end_by_two_passes() {
        let g = game(9);
        let mut rng = <SmallRng as rand::SeedableRng>::seed_from_u64(3);
        for _ in 0..50 {
            let end = playout(g.history.now().clone(), &mut rng, &mut Vec::new());
            assert!(end.turn.ended());
            assert!(end.button.is_some());
        }
    }

    /// Go's move features describe Yugo's moves: a king is what Go's
    /// features call a capture, and the model reads the last two moves.
    /// Read in every position of random games, with surrounded groups on
    /// the board, which Go never has.
    #[test]
    fn go_move_features_tell_kings_from_pawns() {
        use crate::features::pattern_keys;
        use crate::variants::go::features::{tactics, GoMoves};
        let mut rng = <SmallRng as rand::SeedableRng>::seed_from_u64(5);
        let (mut kings, mut pawns) = (0, 0);
        for size in [5, 7, 9] {
            for _ in 0..6 {
                let mut g = game(size);
                let mut played = [0usize; 2];
                while g.outcome().is_none() {
                    let color = g.to_move();
                    let (board, last) = g.model_view();
                    assert_eq!(last, played);
                    for p in board.all_points().filter(|&p| board.is_empty(p)) {
                        let kind = placement(board, p, color);
                        if kind == Placement::Illegal {
                            continue;
                        }
                        let t = tactics(board, color, p, last[0], last[1]);
                        assert_eq!(t.capture > 0, kind == Placement::King, "{t:?}");
                        pattern_keys(&GoMoves { board, color, last }, Move::Place(board.vertex(p)));
                        kings += (kind == Placement::King) as usize;
                        pawns += (kind == Placement::Pawn) as usize;
                    }
                    let mut moves = Vec::new();
                    g.legal_moves(&mut moves);
                    let mv = moves[rand::Rng::random_range(&mut rng, 0..moves.len())];
                    g.play(color, mv).unwrap();
                    let point = match mv {
                        Move::Place(v) => g.board().point(v),
                        _ => 0,
                    };
                    played = [point, played[0]];
                }
            }
        }
        assert!(kings > 100 && pawns > 1000, "{kings} kings, {pawns} pawns");
    }
}
