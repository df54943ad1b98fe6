//! Group Go and its relatives: Go where a turn may drop a polyomino, a
//! piece of two to four stones placed at once. Group Go keeps Go's single
//! stones and adds a hand of squadrons and platoons; Omino Go drops a
//! tetromino every turn (the game's first move a domino); DominGo a
//! domino. Each is a preset: data, not code (presets/groupgo.ini).
//!
//! The rules are Go's (see [`super::go_family`]): a drop is one move, its
//! captures come after the whole piece is down, and it is refused if the
//! mover's group is then without liberty; positional superko compares
//! whole boards; area scoring; two passes end the game.

pub mod drops;
pub mod features;
#[cfg(test)]
mod listing_tests;
pub mod playout;
pub mod presets;
pub mod spec;

pub use presets::Preset;
pub use spec::{builtin_preset, DOMINGO, GROUP_GO, OMINO_GO};

use super::go_family::{self, go_state, GoHistory, Turn};
use super::{models, Setup, Variant};
use crate::board::zobrist::StateKey;
use crate::board::Board;
use crate::color::Color;
use crate::game::{
    timeline_in, Click, ClickSet, Clicks, GameSetup, Illegal, Occupant, Outcome, Position, Spelling, View,
};
use crate::moves::{Move, Piece, Vertex};
use crate::polyomino::{Omino, Shape};
use crate::search::{SearchHints, Tuning, Widening};
use crate::solver::SolverHints;
use drops::{Cells, Geometry, Survey, Verdict};
use presets::{Hand, Pieces};
use rand::rngs::SmallRng;
use std::sync::Arc;

/// The state of a game at one moment.
#[derive(Clone, Debug)]
pub struct State {
    pub board: Board,
    pub turn: Turn,
    pub captures: [u32; 2],
    /// Each side's counted pieces, black first.
    pub hands: [Hand; 2],
    /// True until the game's first move, which has pieces of its own.
    pub first_pending: bool,
    /// The first point of the last move, 0 after a pass: priors look near it.
    pub last: usize,
}

go_state!(State);

/// What a side may drop now: single stones or not, and which shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowed {
    pub stones: bool,
    /// One bit per shape of the table (see [`crate::polyomino`]).
    pub shapes: u32,
}

impl Allowed {
    pub fn shape(self, shape: Shape) -> bool {
        self.shapes & 1 << shape.index() != 0
    }

    /// The allowed shapes, in table order.
    pub fn shapes(self) -> impl Iterator<Item = Shape> {
        Shape::all().filter(move |&s| self.shape(s))
    }
}

/// The shapes of a set of pieces.
fn shapes_of(pieces: Pieces) -> u32 {
    Shape::all()
        .filter(|s| pieces.contains(s.omino()))
        .fold(0, |mask, s| mask | 1 << s.index())
}

impl State {
    /// What `color` may drop, by the preset's rules and its hand.
    pub fn allowed(&self, preset: &Preset, color: Color) -> Allowed {
        if self.first_pending && !preset.first.is_empty() {
            return Allowed {
                stones: false,
                shapes: shapes_of(preset.first),
            };
        }
        let mut pieces = preset.pieces;
        for omino in self.hands[color.index()].pieces().iter() {
            pieces.insert(omino);
        }
        Allowed {
            stones: preset.stones,
            shapes: shapes_of(pieces),
        }
    }

    /// Plays a legal drop of `color` on `cells`; `piece` is the hand's
    /// piece it uses, if any.
    pub fn drop(&mut self, color: Color, cells: &Cells, piece: Option<Omino>) {
        let captured = drops::apply(&mut self.board, cells, color);
        self.captures[color.index()] += captured;
        if let Some(omino) = piece {
            let hand = &mut self.hands[color.index()];
            hand.set(omino, hand.get(omino) - 1);
        }
        self.first_pending = false;
        self.turn.moved(color);
        self.last = cells.get(0);
    }

    /// True when a drop of `omino` now takes it from the mover's hand:
    /// not the game's first move, and not a piece without limit.
    pub fn takes_from_hand(&self, preset: &Preset, omino: Omino) -> bool {
        let first = self.first_pending && !preset.first.is_empty();
        !first && !preset.pieces.contains(omino)
    }

    pub fn pass(&mut self, color: Color) {
        self.board.clear_ko();
        self.first_pending = false;
        self.turn.passed(color);
        self.last = 0;
    }

    /// The key of the state outside the board and the turn: the hands and
    /// the pending first move.
    fn extra_key(&self) -> u64 {
        let mut key = if self.first_pending {
            StateKey::OminoFirstMove.key()
        } else {
            0
        };
        for color in Color::BOTH {
            let hand = &self.hands[color.index()];
            for omino in Omino::ALL {
                let count = hand.get(omino);
                if count > 0 {
                    key ^= StateKey::OminoHand {
                        color,
                        omino: omino.index(),
                        count,
                    }
                    .key();
                }
            }
        }
        key
    }
}

#[derive(Clone, Debug)]
pub struct GroupGo {
    history: GoHistory<State>,
    komi: f32,
    preset: Arc<Preset>,
    variant: Variant,
    /// Shared by the game's copies: the search copies games often.
    geometry: Arc<Geometry>,
}

impl GroupGo {
    pub fn new(setup: &Setup) -> GroupGo {
        let preset = setup
            .group()
            .cloned()
            .or_else(|| builtin_preset(setup.variant).map(Arc::new))
            .expect("a Group Go variant has a preset");
        let state = State {
            board: Board::new(setup.size),
            turn: Turn::START,
            captures: [0, 0],
            hands: preset.hands,
            first_pending: !preset.first.is_empty(),
            last: 0,
        };
        GroupGo {
            history: GoHistory::new(state, true),
            komi: setup.komi,
            preset,
            variant: setup.variant,
            geometry: Arc::new(Geometry::new(setup.size)),
        }
    }

    /// A position from a diagram, top row first (`X` black, `O` white, `.`
    /// empty), with the preset's hands, as after the game's first move.
    /// For tests and analysis.
    pub fn from_diagram(setup: &Setup, rows: &[&str], to_move: Color) -> Result<GroupGo, String> {
        let size = rows.len();
        let mut game = GroupGo::new(&Setup { size, ..setup.clone() });
        let state = game.history.now_mut();
        for (v, c) in go_family::diagram_points(rows)? {
            let p = state.board.point(v);
            match c {
                '.' => {}
                'X' => state.board.put(p, crate::board::BLACK, 0),
                'O' => state.board.put(p, crate::board::WHITE, 0),
                other => return Err(format!("unknown diagram point '{other}'")),
            }
        }
        if let Some(p) = state
            .board
            .all_points()
            .find(|&p| !state.board.is_empty(p) && state.board.surrounded(p))
        {
            return Err(format!("the group on {} has no liberty", state.board.vertex(p)));
        }
        state.turn.to_move = to_move;
        state.first_pending = false;
        game.history.restart();
        Ok(game)
    }

    pub fn state(&self) -> &State {
        self.history.now()
    }

    pub fn preset(&self) -> &Preset {
        &self.preset
    }

    /// The moves of the position as a move model sees them.
    pub fn move_features(&self) -> features::GroupMoves<'_> {
        let state = self.state();
        features::GroupMoves {
            board: &state.board,
            geometry: &self.geometry,
            color: state.turn.to_move,
            last: state.last,
        }
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The board points of `v`.
    fn point(&self, v: Vertex) -> Result<usize, Illegal> {
        if v.on_board(self.size()) {
            Ok(self.state().board.point(v))
        } else {
            Err(Illegal::new(format!("vertex {v} is off the board")))
        }
    }

    /// The cells of `mv` and the hand's piece it takes, or why `color` may
    /// not make it (the board aside).
    fn cells_of(&self, color: Color, mv: Move) -> Result<(Cells, Option<Omino>), Illegal> {
        let state = self.state();
        let allowed = state.allowed(&self.preset, color);
        match mv {
            Move::Place(v) | Move::Drop(Piece::Stone, v) => {
                let p = self.point(v)?;
                if allowed.stones {
                    Ok((Cells::one(p), None))
                } else {
                    Err(Illegal::new(self.no_stones(color)))
                }
            }
            Move::Polyomino(anchor, shape) => {
                let cells = self
                    .geometry
                    .place(shape, self.point(anchor)?, anchor)
                    .ok_or_else(|| Illegal::new(format!("{mv} leaves the board")))?;
                let omino = shape.omino();
                if !allowed.shape(shape) {
                    return Err(Illegal::new(self.not_allowed(color, omino)));
                }
                Ok((cells, self.takes_from_hand(omino).then_some(omino)))
            }
            Move::Drop(Piece::Omino(omino), _) => Err(Illegal::new(format!(
                "a {omino} is dropped by its points, e.g. {}",
                example(omino)
            ))),
            Move::Drop(piece, _) => Err(Illegal::new(format!("{} has no {piece}", self.variant.name()))),
            Move::Step(..) => Err(Illegal::new(format!("pieces do not move in {}", self.variant.name()))),
            // A pass is no drop; `play` takes it before asking.
            Move::Pass => Err(Illegal::new("a pass drops nothing")),
        }
    }

    fn takes_from_hand(&self, omino: Omino) -> bool {
        self.state().takes_from_hand(&self.preset, omino)
    }

    /// The click that picks `mv`'s piece from the hand, where it takes one.
    fn hand_click(&self, mv: Move) -> Option<Click> {
        match mv {
            Move::Polyomino(_, shape) if self.takes_from_hand(shape.omino()) => {
                Some(Click::Hand(Piece::Omino(shape.omino())))
            }
            _ => None,
        }
    }

    /// Why a single stone is refused.
    fn no_stones(&self, color: Color) -> String {
        let pieces = self.state().allowed(&self.preset, color).shapes;
        let omino = Shape::all()
            .find(|s| pieces & 1 << s.index() != 0)
            .map_or(Omino::Domino, Shape::omino);
        format!(
            "{} has no single stones: a move drops a piece by its points, e.g. {}",
            self.variant.name(),
            example(omino)
        )
    }

    /// Why `color` may not drop `omino`.
    fn not_allowed(&self, color: Color, omino: Omino) -> String {
        let state = self.state();
        if state.first_pending && !self.preset.first.is_empty() {
            return format!(
                "the game's first move drops a {}",
                self.preset.first.text().replace(' ', " or a ")
            );
        }
        if self.preset.hands[color.index()].get(omino) > 0 {
            return format!("{color} has no {omino} left in hand");
        }
        format!("{} has no {omino}", self.variant.name())
    }

    /// The hash of the board after a drop, or why it is illegal.
    fn judge(&self, color: Color, cells: &Cells) -> Result<u64, Illegal> {
        let board = &self.state().board;
        if let Some(p) = cells.points().find(|&p| !board.is_empty(p)) {
            return Err(Illegal::new(format!("{} is occupied", board.vertex(p))));
        }
        match drops::judge(board, cells, color) {
            Verdict::Suicide => Err(Illegal::new("suicide")),
            Verdict::Legal { hash, .. } if self.history.repeats(hash) => Err(Illegal::new("positional superko")),
            Verdict::Legal { hash, .. } => Ok(hash),
        }
    }

    /// True when a drop on empty `cells` is legal.
    #[inline]
    fn legal(&self, color: Color, cells: &Cells) -> bool {
        self.allows(drops::judge(&self.state().board, cells, color))
    }

    /// True when a drop judged `verdict` by the board is legal: no suicide,
    /// and no board seen before.
    #[inline]
    fn allows(&self, verdict: Verdict) -> bool {
        match verdict {
            Verdict::Suicide => false,
            Verdict::Legal { hash, .. } => !self.history.repeats(hash),
        }
    }

    /// Every placement of `color` as [`GroupGo::placements_of`] lists it,
    /// each with `legal`, which judges it by a [`Survey`] of the position:
    /// the legal drops are those it passes.
    fn surveyed_placements_of(&self, color: Color, mut each: impl FnMut(Move, &Cells, &dyn Fn() -> bool)) {
        let board = &self.state().board;
        let survey = Survey::new(board);
        self.placements_of(color, |mv, cells| {
            let links = match mv {
                Move::Polyomino(_, shape) => self.geometry.links(shape),
                _ => 0,
            };
            each(mv, cells, &|| self.allows(survey.judge(board, cells, links, color)));
        });
    }

    /// The legal drops of `color` in canonical order.
    fn drops_of(&self, color: Color, out: &mut Vec<Move>) {
        self.surveyed_placements_of(color, |mv, _, legal| {
            if legal() {
                out.push(mv);
            }
        });
    }

    /// Every placement of `color` on empty points that the hand allows,
    /// legal or not, in canonical order: anchor by anchor in vertex
    /// order, a single stone first, then the shapes in table order.
    fn placements_of(&self, color: Color, mut each: impl FnMut(Move, &Cells)) {
        let state = self.state();
        let board = &state.board;
        let allowed = state.allowed(&self.preset, color);
        let shapes: Vec<Shape> = allowed.shapes().collect();
        let size = self.size();
        for x in 0..size {
            for y in 0..size {
                let v = Vertex::new(x, y);
                let p = board.point(v);
                if !board.is_empty(p) {
                    continue;
                }
                if allowed.stones {
                    each(Move::Place(v), &Cells::one(p));
                }
                for &shape in &shapes {
                    if let Some(cells) = self.geometry.place_empty(board, shape, p, v) {
                        each(Move::Polyomino(v, shape), &cells);
                    }
                }
            }
        }
    }

    /// True when `color`'s placement on `cells` is worth a search's
    /// look at the end of a game: it fills no eye or region of its own.
    fn useful(&self, color: Color, cells: &Cells) -> bool {
        let board = &self.state().board;
        match cells.len() {
            1 => !board.is_eye(cells.get(0), color),
            _ => !drops::fills_own_region(board, cells, color),
        }
    }

    /// The canonical hash of the board under the symmetries that keep the
    /// pieces: all eight where every piece's mirror image is held the same
    /// way, the four rotations otherwise.
    fn canonical_board(&self) -> u64 {
        let state = self.state();
        let mirrored = |hand: &Hand| Omino::ALL.iter().all(|&o| hand.get(o) == hand.get(o.mirror()));
        let pieces = self.preset.all_pieces();
        let symmetric = state.hands.iter().all(mirrored)
            && pieces.iter().all(|o| pieces.contains(o.mirror()))
            && self.preset.first.iter().all(|o| self.preset.first.contains(o.mirror()));
        let hashes = crate::solver::symmetry::board_hashes(&state.board);
        // Rotations: the identity, a half turn, the two quarter turns.
        const ROTATIONS: [usize; 4] = [0, 3, 5, 6];
        if symmetric {
            hashes.into_iter().min().unwrap_or(0)
        } else {
            ROTATIONS.iter().map(|&s| hashes[s]).min().unwrap_or(0)
        }
    }
}

/// A drop of `omino` written out, for messages.
fn example(omino: Omino) -> String {
    let shape = omino.shapes().next().expect("every piece has a shape");
    Move::Polyomino(Vertex::new(3, 3), shape).to_string()
}

impl Position for GroupGo {
    fn variant_name(&self) -> &'static str {
        self.variant.name()
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        self.drops_of(self.to_move(), out);
        out.push(Move::Pass);
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        if mv == Move::Pass {
            self.history.play(|state| state.pass(color));
            return Ok(());
        }
        let (cells, piece) = self.cells_of(color, mv)?;
        self.judge(color, &cells)?;
        self.history.play(|state| state.drop(color, &cells, piece));
        Ok(())
    }

    fn score_now(&self) -> Outcome {
        Outcome::Score(self.state().board.area_score() as f32 - self.komi)
    }

    fn hash(&self) -> u64 {
        let state = self.state();
        state.board.hash() ^ state.turn.key() ^ state.extra_key()
    }

    fn recompute_hash(&self) -> u64 {
        self.history.recomputed(self.hash())
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.give_turn(color);
        true
    }
}

impl View for GroupGo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        if !v.on_board(self.size()) {
            return None;
        }
        go_family::plain_stone(&self.state().board, v)
    }

    fn status_lines(&self) -> Vec<String> {
        let state = self.state();
        let mut lines = Vec::new();
        if state.first_pending && !self.preset.first.is_empty() {
            lines.push(format!("first move: {}", self.preset.first.text()));
        }
        if !self.preset.pieces.is_empty() {
            lines.push(format!("pieces: {}, any number", self.preset.pieces.text()));
        }
        if self.preset.hands.iter().any(|h| !h.is_empty()) {
            for color in Color::BOTH {
                lines.push(format!("hand: {color} {}", state.hands[color.index()].text()));
            }
        }
        let [b, w] = state.captures;
        lines.push(format!("captures: black {b} white {w}"));
        lines.push(format!("komi: {}", self.komi));
        lines
    }

    fn captures(&self) -> [u32; 2] {
        self.state().captures
    }

    /// The pieces a side's hand starts with; none where the hands are empty.
    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> {
        let start = self.preset.hands[color.index()];
        if self.preset.hands.iter().all(Hand::is_empty) {
            return None;
        }
        let now = self.state().hands[color.index()];
        Some(start.pieces().iter().map(|o| (Piece::Omino(o), now.get(o))).collect())
    }
}

impl GameSetup for GroupGo {
    fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
}

impl Clicks for GroupGo {
    /// A piece from the hand is picked first, then its points in any
    /// order; other drops are their points in any order.
    fn spell(&self, mv: Move) -> Spelling {
        let Move::Polyomino(..) = mv else {
            return Spelling::of_kind(mv);
        };
        let points = mv.points().map(Click::Point);
        match self.hand_click(mv) {
            Some(pick) => Spelling::then_any_order(std::iter::once(pick).chain(points), 1),
            None => Spelling::then_any_order(points, 0),
        }
    }

    fn first_clicks(&self) -> Vec<Click> {
        let mut found = ClickSet::default();
        if self.outcome().is_none() {
            let color = self.to_move();
            let board = &self.state().board;
            // The board points found as clicks, by board index.
            let mut found_at = vec![false; board.point(Vertex::new(self.size(), self.size()))];
            // A drop whose first clicks (see `spell`) are all found adds
            // nothing: it is neither spelled nor judged.
            self.surveyed_placements_of(color, |mv, cells, legal| {
                let known = match self.hand_click(mv) {
                    Some(pick) => found.contains(pick),
                    None => cells.points().all(|p| found_at[p]),
                };
                if !known {
                    found.offer(&self.spell(mv), legal);
                    for p in cells.points() {
                        found_at[p] = found.contains(Click::Point(board.vertex(p)));
                    }
                }
            });
            found.offer(&self.spell(Move::Pass), || true);
        }
        found.into_clicks()
    }
}

/// The priors' and the playouts' weight, in virtual visits.
pub const PRIOR_VISITS: f32 = 20.0;

/// How much a move model read by `--model` adds to a move's prior:
/// `MODEL_WEIGHT * sqrt(c)` virtual wins and visits, `c` its chance.
const MODEL_WEIGHT: f32 = 100.0;

/// Moves a turn may have before the search widens progressively: about
/// as many as a Go move on 19x19.
const WIDEN_FROM: usize = 400;

impl SearchHints for GroupGo {
    /// 1 where single stones are played, else the smallest piece without
    /// limit.
    fn points_per_move(&self) -> usize {
        let preset = &self.preset;
        if preset.stones {
            return 1;
        }
        preset.pieces.iter().map(Omino::cells).min().unwrap_or(1)
    }

    /// Group Go's single stones carry Go's priors, so it searches with
    /// Go's settings, but expands the root's moves after 8 visits too, as
    /// it was measured: a node lists and ranks the pieces of both hands as
    /// well as the stones. Its AMAF samples weigh alike, also as measured
    /// (Go's weighing by distance was not tried in Group Go).
    /// Omino Go's drops learn less from AMAF and more from their priors:
    /// AMAF gives way after about 100 samples, priors count double, a
    /// drop's AMAF sample is shared by its four points, the widening lets
    /// drops in by AMAF, and the root keeps every drop (the replies to its
    /// drops do not: see `Tuning::replies_keep_all`); measured at equal
    /// time against flat Monte Carlo (docs/rules/omino-go.md). DominGo
    /// searches with Go's weighing of the statistics, which won 43 of 60
    /// games on 9x9 against the default with less exploration at 1,000
    /// playouts a move, and 46 of 68 at 0.5 s (docs/learning.md).
    fn tuning(&self) -> Tuning {
        if self.preset.stones {
            Tuning {
                expand_root_moves_after: 8,
                amaf_distance: 0,
                rave_equivalence: Tuning::go_like(self.size()).rave_equivalence,
                criticality: 0.0,
                ..super::go::tuning(self.size())
            }
        } else if self.points_per_move() >= 4 {
            Tuning {
                exploration: 0.1,
                rave_equivalence: 100.0,
                prior_weight: 2.0,
                amaf_by_points: true,
                widen_by_amaf: true,
                root_keeps_all: true,
                ..Tuning::default()
            }
        } else {
            Tuning::go_like(self.size())
        }
    }

    /// No pass while the side has a drop that does not fill its own
    /// region and the opponent has not just passed.
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
        let state = self.state();
        if state.turn.passes > 0 {
            return;
        }
        let color = state.turn.to_move;
        let useful = out.iter().any(|&mv| match self.cells_of(color, mv) {
            Ok((cells, _)) => self.useful(color, &cells),
            Err(_) => false,
        });
        if useful {
            out.retain(|&mv| mv != Move::Pass);
        }
    }

    /// Every placement on empty points, unjudged, and the pass where it is
    /// a search move: judging captures, suicide and superko costs more
    /// than the rest of listing a drop, and the search judges only the
    /// hundred best it keeps.
    fn widening_candidates(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let state = self.state();
        let color = state.turn.to_move;
        // As in `search_moves`: the pass once the opponent has passed, or
        // where no legal drop is useful.
        let opponent_passed = state.turn.passes > 0;
        let mut useful = false;
        self.placements_of(color, |mv, cells| {
            out.push(mv);
            useful = useful || (!opponent_passed && self.useful(color, cells) && self.legal(color, cells));
        });
        if opponent_passed || !useful {
            out.push(Move::Pass);
        }
    }

    fn is_search_move(&self, mv: Move) -> bool {
        let color = self.to_move();
        match self.cells_of(color, mv) {
            Ok((cells, _)) => self.legal(color, &cells),
            Err(_) => mv == Move::Pass,
        }
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        let end = playout::run(self.state(), &self.preset, &self.geometry, rng, trace);
        Outcome::Score(end.area_score() as f32 - self.komi).value_for_black()
    }

    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        Some(go_family::ownership(self.size() * self.size(), playouts, |trace| {
            playout::run(self.state(), &self.preset, &self.geometry, rng, trace).area_owners()
        }))
    }

    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let state = self.state();
        let color = state.turn.to_move;
        match mv {
            Move::Place(v) => super::go::policy::prior(&state.board, color, state.board.point(v)),
            // The search asks for its legal moves only: no hand to check.
            Move::Polyomino(anchor, shape) => {
                let cells = self.geometry.place(shape, state.board.point(anchor), anchor)?;
                let rate = playout::drop_prior(&state.board, color, &cells, state.last);
                Some((rate * PRIOR_VISITS, PRIOR_VISITS))
            }
            _ => None,
        }
    }

    /// [`SearchHints::prior`], and with a move model read by `--model`
    /// the model's chance on top (see [`MoveModel::priors`]). Only near
    /// the root: a node lists a thousand drops and more, and the model's
    /// judgement of them all would halve the search's speed.
    ///
    /// [`MoveModel::priors`]: crate::features::model::MoveModel::priors
    fn priors_near_root(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let prior = |mv| self.prior(mv);
        models::priors(self.variant, &self.move_features(), moves, (prior, MODEL_WEIGHT), out)
    }

    fn near_root_priors_differ(&self) -> bool {
        models::in_use(self.variant).is_some()
    }

    /// Drops are many: the search keeps the best hundred of a node by
    /// prior and widens its choice among them with the node's visits,
    /// faster in Omino Go, whose search also lets drops in by AMAF.
    /// Where a turn has no more moves than Go's (dominoes on 13x13 and
    /// smaller), it considers them all, as in Go.
    fn widening(&self) -> Option<Widening> {
        let state = self.state();
        let allowed = state.allowed(&self.preset, state.turn.to_move);
        let orientations = allowed.shapes.count_ones() as usize + allowed.stones as usize;
        let widening = if self.points_per_move() >= 4 {
            playout::OMINO_WIDENING
        } else {
            playout::WIDENING
        };
        (state.board.empties().len() * orientations > WIDEN_FROM).then_some(widening)
    }
}

impl SolverHints for GroupGo {
    fn canonical_hash(&self) -> u64 {
        let state = self.state();
        self.hash() ^ state.board.hash() ^ self.canonical_board()
    }

    /// Captures and the drops that look best first, a pass last.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_moves(out);
        let mut ranked: Vec<(f32, Move)> = out
            .drain(start..)
            .map(|mv| {
                let rate = match mv {
                    Move::Pass => -1.0,
                    _ => self.prior(mv).map_or(0.5, |(wins, visits)| wins / visits),
                };
                (rate, mv)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(ranked.into_iter().map(|(_, mv)| mv));
    }
}
