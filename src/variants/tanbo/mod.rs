//! Tanbo (Mark Steere, 1993) and gray Tanbo, its one-colour form.
//!
//! Both start from Tanbo's own position for the board size ([`start`]). A
//! stone goes on an empty point that touches exactly one stone of the
//! mover's colour (in gray Tanbo: exactly one gray stone), growing that
//! root. If the placement bounds the root it grew, that root alone is
//! removed; otherwise every root it bounded is removed. There is no pass.
//!
//! Tanbo ends when one colour has no stone left: that player could never
//! place again, and the other wins. Gray Tanbo ends when the board is
//! empty: the player to move cannot place and loses, so the last player to
//! place wins, or loses in the misère form.
//!
//! The rules on the board are in [`roots`]; the playouts in `playout`,
//! on a board of their own that keeps growth points counted
//! (`playout_board`).

pub mod features;
mod playout;
mod playout_board;
pub mod roots;
pub mod start;

use super::go::features::GoMoves;
use super::go::priors;
use super::go_family;
use super::models;
use super::spec::{self, OptionCommand, SetupOption};
use super::{Game, Setup, SolverUse, Start, Variant, VariantSpec};
use crate::board::{self, zobrist, Board, BLACK, NEUTRAL, WHITE};
use crate::color::Color;
use crate::features::model::MoveModel;
use crate::features::MoveFeatures;
use crate::game::{timeline_in, Clicks, GameSetup, Illegal, Occupant, Outcome, Owner, Position, View};
use crate::history::{History, Snapshot};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{RaveWeight, SearchHints, Tuning, BIG_BOARD};
use crate::solver::SolverHints;
use rand::rngs::SmallRng;
use roots::Effect;

pub static TANBO: VariantSpec = VariantSpec {
    name: "tanbo",
    aliases: &["rootbound"],
    description: "Tanbo (Mark Steere): grow roots, bound the opponent's; 19x19, sizes 5 7 9 13 19 21",
    game_id: "Tanbo",
    komi: 0.0,
    default_size: || 19,
    accepts_size: start::has_start,
    starts: &[Start::Empty],
    options: &[],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    // Late positions, where a wrong move usually loses at once, are within
    // the solver's reach of a move's budget.
    solver: SolverUse::at_most(16),
    new_game: |setup| Game::Tanbo(Tanbo::new(setup)),
    from_diagram: Some(|setup, rows, to_move| Tanbo::from_diagram(setup, rows, to_move).map(Game::Tanbo)),
};

pub static GRAY_TANBO: VariantSpec = VariantSpec {
    name: "gray-tanbo",
    aliases: &["grey-tanbo", "graytanbo"],
    description: "Gray Tanbo: Tanbo with one shared gray colour; the last to place wins (--misere on: loses)",
    game_id: "GrayTanbo",
    options: &[&MISERE],
    ..TANBO
};

/// The `misere` option of gray Tanbo: `on` makes the last player to place
/// the loser.
pub const MISERE: SetupOption = SetupOption {
    key: "misere",
    what: "misère option",
    values: "on|off",
    help: "Gray Tanbo's misère form, where the last player to place loses [default: off]",
    default: "off",
    set: |setup, value| {
        let misere = match value.to_ascii_lowercase().as_str() {
            "on" => true,
            "off" => false,
            _ => return Err(format!("unknown misere value '{value}' (known: on off)")),
        };
        setup.set_value(MISERE.key, misere.then_some(true));
        Ok(())
    },
    get: |setup| setup.misere().then(|| "on".to_string()),
    // `variago-misere [on|off]`: whether the last player to place loses;
    // with an argument, a new game of that form.
    command: Some(OptionCommand {
        name: "variago-misere",
        effect: spec::Effect::NewGame,
    }),
    ..SetupOption::PLAIN
};

impl Setup {
    /// The misère form of gray Tanbo: the last player to place loses.
    pub fn misere(&self) -> bool {
        self.value(MISERE.key).is_some_and(|&on| on)
    }
}

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Black and white roots.
    Colours,
    /// One gray colour; `misere`: the last player to place loses.
    Gray { misere: bool },
}

impl Form {
    /// The cell of the stones `color` places.
    #[inline]
    pub fn cell(self, color: Color) -> u8 {
        match self {
            Form::Colours => board::cell_of(color),
            Form::Gray { .. } => NEUTRAL,
        }
    }

    /// The winner of a game over with `to_move` to move, given the stones
    /// left of each colour (gray: all in the first); `None` while it goes on.
    #[inline]
    pub fn winner(self, stones: [u32; 2], to_move: Color) -> Option<Color> {
        match self {
            Form::Colours if stones[0] == 0 => Some(Color::White),
            Form::Colours if stones[1] == 0 => Some(Color::Black),
            Form::Colours => None,
            Form::Gray { misere } if stones[0] == 0 => Some(if misere { to_move } else { to_move.opponent() }),
            Form::Gray { .. } => None,
        }
    }

    /// The stones of each colour on `board` (gray: all in the first).
    fn count(self, board: &Board) -> [u32; 2] {
        let mut stones = [0; 2];
        for p in board.all_points() {
            match board.cell(p) {
                BLACK | NEUTRAL => stones[0] += 1,
                WHITE => stones[1] += 1,
                _ => {}
            }
        }
        stones
    }

    /// Adds the stones a move placed and removed to `stones`.
    #[inline]
    pub fn account(self, stones: &mut [u32; 2], placed: u8, removed: &roots::Removed) {
        match self {
            Form::Colours => {
                stones[(placed == WHITE) as usize] += 1;
                stones[0] -= removed[BLACK as usize];
                stones[1] -= removed[WHITE as usize];
            }
            Form::Gray { .. } => stones[0] = stones[0] + 1 - removed[NEUTRAL as usize],
        }
    }
}

#[derive(Clone, Debug)]
struct State {
    board: Board,
    to_move: Color,
    /// Stones of each colour on the board (gray: all in the first).
    stones: [u32; 2],
    /// The stones each player captured, black first: in Tanbo the
    /// opponent's stones that left the board, whoever's move bounded them
    /// (a root bounded by its own side's move is the opponent's gain, as a
    /// suicide is in Go, and GoGui counts it so); in gray Tanbo, whose
    /// stones have no owner, the stones each player's placements removed.
    captured: [u32; 2],
    /// The points of the last two placements, the last first (0 for
    /// none): what a learned move model reads.
    last: [usize; 2],
}

impl Snapshot for State {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn to_move(&self) -> Color {
        self.to_move
    }
}

#[derive(Clone, Debug)]
pub struct Tanbo {
    form: Form,
    history: History<State>,
}

impl Tanbo {
    pub fn new(setup: &Setup) -> Tanbo {
        let form = Self::form_of(setup);
        let mut board = Board::new(setup.size);
        for (v, color) in start::stones(setup.size) {
            board.put(board.point(v), form.cell(color), 0);
        }
        Self::from_board(form, board, Color::Black)
    }

    fn form_of(setup: &Setup) -> Form {
        if setup.variant.spec().name == GRAY_TANBO.name {
            Form::Gray { misere: setup.misere() }
        } else {
            Form::Colours
        }
    }

    fn from_board(form: Form, board: Board, to_move: Color) -> Tanbo {
        let stones = form.count(&board);
        Tanbo {
            form,
            history: History::new(State {
                board,
                to_move,
                stones,
                captured: [0, 0],
                last: [0, 0],
            }),
        }
    }

    /// A position from a diagram, rows from the top: `.` empty, `X` and
    /// `O` black and white stones in Tanbo, `@` (or any stone) gray stones
    /// in gray Tanbo; symbols may be separated by spaces. A position with
    /// a bounded root cannot arise in play and is refused.
    pub fn from_diagram(setup: &Setup, rows: &[&str], to_move: Color) -> Result<Tanbo, String> {
        let form = Self::form_of(setup);
        let size = setup.size;
        if rows.len() != size {
            return Err(format!("{} rows for a {size}x{size} board", rows.len()));
        }
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let symbols: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if symbols.len() != size {
                return Err(format!("row {} has {} points, not {size}", i + 1, symbols.len()));
            }
            for (x, &symbol) in symbols.iter().enumerate() {
                let p = board.point(Vertex::new(x, size - 1 - i));
                let cell = match (form, symbol) {
                    (_, '.') => continue,
                    (Form::Colours, 'X') => BLACK,
                    (Form::Colours, 'O') => WHITE,
                    (Form::Gray { .. }, 'X' | 'O') => NEUTRAL,
                    (Form::Gray { .. }, s) if s == gray_symbol() => NEUTRAL,
                    _ => return Err(format!("unknown symbol '{symbol}' in row {}", i + 1)),
                };
                board.put(p, cell, 0);
            }
        }
        if let Some(stone) = roots::roots(&board).find(|&s| roots::is_bounded(&board, s)) {
            return Err(format!(
                "the root at {} is bounded: no game reaches this position",
                board.vertex(stone)
            ));
        }
        Ok(Self::from_board(form, board, to_move))
    }

    pub fn form(&self) -> Form {
        self.form
    }

    fn state(&self) -> &State {
        &self.history.now
    }

    fn board(&self) -> &Board {
        &self.state().board
    }

    /// The board and the points of the last two placements, for a learned
    /// move model: two-colour Tanbo's stones are Go's, placed one at a time
    /// (see [`Game::move_features`]); gray Tanbo's are nobody's.
    pub fn model_view(&self) -> Option<(&Board, [usize; 2])> {
        let state = self.state();
        (self.form == Form::Colours).then_some((&state.board, state.last))
    }

    /// Two-colour Tanbo's built-in model, from 13x13 on. Learned on 9x9,
    /// it wins there at equal playouts but not at equal time, where the
    /// search finds by itself what it knows; on 19x19, whose games last
    /// six times as long, it wins at equal time too (52-30 at 0.5 s a
    /// move; docs/learning.md, "Tanbo's generations").
    fn builtin_model(&self) -> Option<&'static MoveModel<'static>> {
        (self.form == Form::Colours && self.size() >= BIG_BOARD).then(models::builtin_tanbo)
    }

    /// The placements as a learned move model sees them: Go's features in
    /// two-colour Tanbo, gray Tanbo's own ([`features`]) in gray Tanbo.
    pub fn move_features(&self) -> Box<dyn MoveFeatures + '_> {
        let state = self.state();
        match self.model_view() {
            Some((board, last)) => Box::new(GoMoves {
                board,
                color: state.to_move,
                last,
            }),
            None => Box::new(features::GrayTanboMoves {
                board: &state.board,
                last: state.last,
            }),
        }
    }

    fn variant(&self) -> Variant {
        match self.form {
            Form::Colours => Variant::Tanbo,
            Form::Gray { .. } => Variant::GrayTanbo,
        }
    }

    /// The point of a placement move, or why the move is not one.
    fn placement(&self, mv: Move) -> Result<Vertex, Illegal> {
        let name = self.variant_name_text();
        match mv {
            Move::Place(v) => Ok(v),
            Move::Drop(piece, v) if piece == self.piece() => Ok(v),
            Move::Step(..) => Err(Illegal::new(format!("stones do not move in {name}"))),
            other => Err(Illegal::absent_kind(name, other)),
        }
    }

    /// The piece a placement puts down.
    fn piece(&self) -> Piece {
        match self.form {
            Form::Colours => Piece::Stone,
            Form::Gray { .. } => Piece::Gray,
        }
    }

    /// The game's name in messages.
    fn variant_name_text(&self) -> &'static str {
        match self.form {
            Form::Colours => "Tanbo",
            Form::Gray { .. } => "gray Tanbo",
        }
    }

    /// The legal placements of `color` as board points.
    fn growth_points(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        let board = self.board();
        let cell = self.form.cell(color);
        board
            .empties()
            .iter()
            .map(|&p| p as usize)
            .filter(move |&p| roots::touching(board, p, cell) == 1)
    }

    /// The legal moves of the side to move with what each does, in the
    /// board's order of points.
    fn moves_with_effects(&self) -> Vec<(usize, Effect)> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let color = self.to_move();
        let cell = self.form.cell(color);
        let mut points: Vec<usize> = self.growth_points(color).collect();
        points.sort_unstable();
        points
            .into_iter()
            .map(|p| (p, roots::effect(self.board(), p, cell)))
            .collect()
    }

    /// Stones of the opponent's colour that a move with `effect` removes,
    /// less its own; in gray Tanbo, every stone it removes counts alike.
    fn gain(&self, effect: &Effect) -> i32 {
        let board = self.board();
        let own = self.form.cell(self.to_move());
        let mut gain = 0;
        for &stone in effect.bounded() {
            let size = board.chain_len(stone as usize) as i32;
            match self.form {
                Form::Colours if board.cell(stone as usize) == own => gain -= size,
                _ => gain += size,
            }
        }
        gain
    }

    /// The winner once the side to move has placed on `p` with `effect`,
    /// if that ends the game.
    fn ends_with(&self, p: usize, effect: &Effect) -> Option<Color> {
        let color = self.to_move();
        let cell = self.form.cell(color);
        let removed = roots::removals(self.board(), cell, effect);
        let mut stones = self.state().stones;
        self.form.account(&mut stones, cell, &removed);
        debug_assert!(roots::can_grow(self.board(), p, cell));
        self.form.winner(stones, color.opponent())
    }
}

/// The symbol displays give a gray stone.
fn gray_symbol() -> char {
    Occupant {
        owner: Owner::Neutral,
        piece: Piece::Gray,
    }
    .symbol()
}

impl Position for Tanbo {
    fn variant_name(&self) -> &'static str {
        match self.form {
            Form::Colours => TANBO.name,
            Form::Gray { .. } => GRAY_TANBO.name,
        }
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_some() {
            return;
        }
        let board = self.board();
        let cell = self.form.cell(self.to_move());
        for p in board.all_points() {
            if roots::can_grow(board, p, cell) {
                out.push(Move::Place(board.vertex(p)));
            }
        }
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history.now.to_move = color;
        true
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        let v = self.placement(mv)?;
        let board = self.board();
        let p = go_family::empty_point(board, v)?;
        let cell = self.form.cell(color);
        let touching = roots::touching(board, p, cell);
        if touching != 1 {
            let whose = match self.form {
                Form::Colours => color.name(),
                Form::Gray { .. } => "gray",
            };
            return Err(Illegal::new(format!(
                "a stone must touch exactly one {whose} stone, and {v} touches {touching}"
            )));
        }
        let form = self.form;
        self.history.push();
        let state = &mut self.history.now;
        let removed = roots::place(&mut state.board, p, cell);
        form.account(&mut state.stones, cell, &removed);
        match form {
            Form::Colours => {
                state.captured[0] += removed[WHITE as usize];
                state.captured[1] += removed[BLACK as usize];
            }
            Form::Gray { .. } => state.captured[color.index()] += removed[NEUTRAL as usize],
        }
        state.to_move = color.opponent();
        state.last = [p, state.last[0]];
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let state = self.state();
        self.form.winner(state.stones, state.to_move).map(Outcome::Win)
    }

    fn score_now(&self) -> Outcome {
        self.outcome().unwrap_or(Outcome::Draw)
    }

    fn hash(&self) -> u64 {
        self.board().hash() ^ zobrist::side_key(self.to_move())
    }

    fn recompute_hash(&self) -> u64 {
        self.board().recompute_hash() ^ zobrist::side_key(self.to_move())
    }

    /// The board's own check, the stone counts, and no bounded root.
    fn check_consistency(&self) -> Result<(), String> {
        let board = self.board();
        board.check_consistency()?;
        if self.form.count(board) != self.state().stones {
            return Err(format!(
                "stones counted {:?}, kept {:?}",
                self.form.count(board),
                self.state().stones
            ));
        }
        match roots::roots(board).find(|&s| roots::is_bounded(board, s)) {
            Some(stone) => Err(format!("the root at {} is bounded", board.vertex(stone))),
            None => Ok(()),
        }
    }
}

impl View for Tanbo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        let board = self.board();
        let (owner, piece) = match board.cell(board.point(v)) {
            BLACK => (Owner::Player(Color::Black), Piece::Stone),
            WHITE => (Owner::Player(Color::White), Piece::Stone),
            NEUTRAL => (Owner::Neutral, Piece::Gray),
            _ => return None,
        };
        Some(Occupant { owner, piece })
    }

    fn status_lines(&self) -> Vec<String> {
        let [b, w] = self.captures();
        let mut roots = [0; 2];
        for stone in roots::roots(self.board()) {
            roots[(self.board().cell(stone) == WHITE) as usize] += 1;
        }
        let mut lines = match self.form {
            Form::Colours => vec![format!("roots: black {} white {}", roots[0], roots[1])],
            Form::Gray { misere } => vec![
                format!("roots: {}", roots[0]),
                format!("misere: {}", if misere { "on" } else { "off" }),
            ],
        };
        lines.push(match self.form {
            Form::Colours => format!("captured: black {b} white {w}"),
            Form::Gray { .. } => format!("removed: black {b} white {w}"),
        });
        lines
    }

    /// Tanbo: the opponent's stones removed, by either side's move; gray
    /// Tanbo: the stones each player's placements removed.
    fn captures(&self) -> [u32; 2] {
        self.state().captured
    }
}

impl GameSetup for Tanbo {}

impl Clicks for Tanbo {}

impl SearchHints for Tanbo {
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        let state = self.state();
        playout::run(self.form, &state.board, state.to_move, state.stones, rng, trace)
    }

    /// A move that wins at once: in Tanbo, one that removes the opponent's
    /// last roots; in gray Tanbo, the removal of the last root.
    fn forced_move(&self) -> Option<Move> {
        let color = self.to_move();
        let moves = self.moves_with_effects();
        let (p, _) = moves.iter().find(|(p, e)| self.ends_with(*p, e) == Some(color))?;
        Some(Move::Place(self.board().vertex(*p)))
    }

    /// The legal moves less those that lose at once (removing one's own
    /// last root; emptying the board in misère gray Tanbo) while another
    /// move is left.
    fn search_moves(&self, out: &mut Vec<Move>) {
        let color = self.to_move();
        let moves = self.moves_with_effects();
        let board = self.board();
        let safe = |(p, e): &(usize, Effect)| self.ends_with(*p, e) != Some(color.opponent());
        let keep_all = !moves.iter().any(safe);
        out.extend(
            moves
                .iter()
                .filter(|m| keep_all || safe(m))
                .map(|&(p, _)| Move::Place(board.vertex(p))),
        );
    }

    /// Two-colour Tanbo weighs AMAF by its own sample count (as Go does)
    /// and explores half as much as the default. On 7x7 against flat
    /// Monte Carlo at 1000 playouts a move over seeds 11-18 the search won
    /// 698 of 800 games with it and 657 with the default tuning, where
    /// AMAF fades by visits alone; at 0.1 s a move, 362 of 400 against 347.
    /// From 13x13 on, where its built-in model gives the priors, it weighs
    /// them as Go does ([`Tuning::go_like`]): as the move's own results,
    /// which AMAF's noise over hundreds of open points cannot outvote. On
    /// 19x19 at 1000 playouts a move this weighing won 18 of 20 games
    /// against the small boards' tuning with the same model, and at 0.5 s
    /// a move the two together won 24 of 24 against no model
    /// (docs/learning.md).
    fn tuning(&self) -> Tuning {
        match self.form {
            Form::Colours if self.size() >= BIG_BOARD => Tuning::go_like(self.size()),
            Form::Colours => Tuning {
                rave_weight: RaveWeight::Samples,
                exploration: 0.15,
                ..Tuning::default()
            },
            Form::Gray { .. } => Tuning::default(),
        }
    }

    /// Gray Tanbo: an even prior, which damps the first AMAF results.
    /// Two-colour Tanbo has none: a prior that favoured removing the
    /// opponent's roots and shunned removing one's own made the search
    /// clearly weaker against flat Monte Carlo than no prior at all (the
    /// playouts and `search_moves` already know those removals).
    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let Move::Place(v) = mv else { return None };
        if self.form == Form::Colours || !v.on_board(self.size()) || self.outcome().is_some() {
            return None;
        }
        let board = self.board();
        let cell = self.form.cell(self.to_move());
        roots::can_grow(board, board.point(v), cell).then_some((PRIOR_VISITS * 0.5, PRIOR_VISITS))
    }

    /// With a move model (one read by `--model`, or two-colour Tanbo's
    /// built-in one on big boards), two-colour Tanbo's placements start
    /// even with the model's chance on top, as Yugo's do (see
    /// [`priors::even_and_learned`]), and gray Tanbo's add it to their
    /// even prior; otherwise [`SearchHints::prior`].
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let Some(model) = models::in_use(self.variant()).or_else(|| self.builtin_model()) else {
            return out.extend(moves.iter().map(|&mv| self.prior(mv)));
        };
        match self.model_view() {
            Some(view) => out.extend(priors::even_and_learned(
                model,
                view,
                self.to_move(),
                moves,
                (MODEL_EVEN_VISITS, MODEL_WEIGHT),
            )),
            None => model.priors(&*self.move_features(), moves, (|mv| self.prior(mv), MODEL_WEIGHT), out),
        }
    }
}

/// The even start of a placement when a model gives the priors, in
/// virtual playouts: Yugo's.
const MODEL_EVEN_VISITS: f32 = 20.0;

/// The virtual wins and playouts that a move the model is sure of adds.
const MODEL_WEIGHT: f32 = 100.0;

/// The weight of a move's prior, in virtual playouts.
const PRIOR_VISITS: f32 = 10.0;

impl SolverHints for Tanbo {
    /// Winning moves first, then removals of the opponent's roots, quiet
    /// moves, and the removal of one's own last.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        let moves = self.moves_with_effects();
        let board = self.board();
        let mut ranked: Vec<(i32, usize)> = moves
            .iter()
            .map(|(p, e)| {
                let rank = match self.ends_with(*p, e) {
                    Some(winner) if winner == self.to_move() => i32::MAX,
                    Some(_) => i32::MIN,
                    None if e.suicide => i32::MIN + 1,
                    None => self.gain(e),
                };
                (rank, *p)
            })
            .collect();
        ranked.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        out.extend(ranked.into_iter().map(|(_, p)| Move::Place(board.vertex(p))));
    }

    fn canonical_hash(&self) -> u64 {
        crate::solver::symmetry::canonical_board_hash(self.board()) ^ zobrist::side_key(self.to_move())
    }

    fn draws_possible(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn game(variant: Variant, size: usize) -> Tanbo {
        let mut setup = Setup::new(variant);
        setup.size = size;
        Tanbo::new(&setup)
    }

    #[test]
    fn the_start_has_no_bounded_root_and_black_moves() {
        for size in start::SIZES {
            let g = game(Variant::Tanbo, size);
            assert_eq!(g.check_consistency(), Ok(()), "{size}");
            assert_eq!(g.to_move(), Color::Black);
            assert!(g.outcome().is_none());
        }
    }

    #[test]
    fn an_empty_gray_board_is_lost_by_the_player_to_move() {
        let mut setup = Setup::new(Variant::GrayTanbo);
        setup.size = 5;
        let empty = vec![".....".to_string(); 5];
        let rows: Vec<&str> = empty.iter().map(String::as_str).collect();
        let g = Tanbo::from_diagram(&setup, &rows, Color::White).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Color::Black)));
        setup.set_value(MISERE.key, Some(true));
        let g = Tanbo::from_diagram(&setup, &rows, Color::White).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Color::White)));
        assert_eq!(crate::board::EMPTY, g.board().cell(g.board().point(Vertex::new(0, 0))));
    }
}
