//! GoRoGo (Mitsuo Yamamoto, 2016): 5x5, ten normal pieces and two henge in
//! each hand, one more henge set up before the first move.
//!
//! A henge takes the colour of the player to move: it connects their pieces
//! and takes liberties from the opponent, and it is never captured. After
//! every placement each opponent group without a liberty (henges counting as
//! the mover's) is captured, wherever the placement was. A normal piece needs
//! a liberty for its group after those captures; a henge goes on any empty
//! point. There is no pass. A henge played as a player's last piece loses at
//! once, a player with no legal move loses, and when both hands are empty
//! the player who captured more wins, White winning a tie.
//!
//! With 25 points the board is three bitboards (bit `y * 5 + x`), and a
//! group is a flood fill of a few shifts.

pub mod features;

use super::models;
use super::spec::{Effect, OptionCommand, SetupOption};
use super::{Game, Setup, SolverUse, Start, Variant, VariantSpec};
use crate::board::zobrist::{self, StateKey, HENGE_CELL};
use crate::color::Color;
use crate::game::{timeline_in, Clicks, GameSetup, Illegal, Occupant, Outcome, Owner, Position, View};
use crate::history::{History, Snapshot};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{SearchHints, Tuning};
use crate::solver::{symmetry, SolverHints};
use rand::rngs::SmallRng;
use rand::Rng;

pub const SIZE: usize = 5;
const POINTS: usize = SIZE * SIZE;
const FULL: u32 = (1 << POINTS) - 1;
/// The points of column A, and of column E.
const COLUMN_A: u32 = 0b00001_00001_00001_00001_00001;
const COLUMN_E: u32 = COLUMN_A << (SIZE - 1);

/// What each hand holds at the start.
pub const STONES_IN_HAND: u8 = 10;
pub const HENGES_IN_HAND: u8 = 2;

/// Where the setup henge goes unless asked otherwise: C3.
pub const CENTRE: Vertex = Vertex { x: 2, y: 2 };

/// One point of each class under the board's symmetries, centre first: the
/// candidates White weighs when it chooses where the setup henge goes.
pub const HENGE_CANDIDATES: [Vertex; 6] = [
    CENTRE,
    Vertex { x: 1, y: 1 },
    Vertex { x: 2, y: 1 },
    Vertex { x: 0, y: 0 },
    Vertex { x: 1, y: 0 },
    Vertex { x: 2, y: 0 },
];

fn bit(v: Vertex) -> u32 {
    1 << (v.y as usize * SIZE + v.x as usize)
}

/// The board turned half a turn about the centre: point `i` goes to
/// `24 - i`, which is bit reversal within the 25 bits.
fn half_turn(set: u32) -> u32 {
    set.reverse_bits() >> (32 - POINTS)
}

fn vertex_at(index: usize) -> Vertex {
    Vertex::new(index % SIZE, index / SIZE)
}

/// Every point orthogonally next to a point of `set`.
fn neighbours(set: u32) -> u32 {
    (((set << 1) & !COLUMN_A) | ((set >> 1) & !COLUMN_E) | (set << SIZE) | (set >> SIZE)) & FULL
}

/// The points of `within` connected to `seed` through `within`.
fn flood(seed: u32, within: u32) -> u32 {
    let mut group = seed & within;
    loop {
        let grown = (group | neighbours(group)) & within;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The indices of the set bits.
fn points(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let index = set.trailing_zeros() as usize;
            set &= set - 1;
            index
        })
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hand {
    stones: u8,
    henges: u8,
}

impl Hand {
    fn is_empty(self) -> bool {
        self.stones == 0 && self.henges == 0
    }

    fn count(self, henge: bool) -> u8 {
        if henge {
            self.henges
        } else {
            self.stones
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// Normal pieces of black and white.
    stones: [u32; 2],
    henges: u32,
    hands: [Hand; 2],
    /// Enemy pieces captured by black and by white.
    captures: [u8; 2],
    to_move: Color,
    /// The player who played a henge as their last piece.
    loser: Option<Color>,
    hash: u64,
}

impl Snapshot for State {
    fn size(&self) -> usize {
        SIZE
    }

    fn to_move(&self) -> Color {
        self.to_move
    }
}

/// Zobrist keys of the state outside the board (see [`StateKey`]).
fn hand_key(color: Color, henge: bool, count: u8) -> u64 {
    StateKey::GoRoGoHand { color, henge, count }.key()
}

fn capture_key(color: Color, count: u8) -> u64 {
    StateKey::GoRoGoCaptures { color, count }.key()
}

fn white_to_move_key() -> u64 {
    StateKey::GoRoGoWhiteToMove.key()
}

fn loser_key(color: Color) -> u64 {
    StateKey::GoRoGoLoser(color).key()
}

fn stone_key(index: usize, color: Color) -> u64 {
    zobrist::piece_key(index, crate::board::cell_of(color), 0)
}

fn henge_key(index: usize) -> u64 {
    zobrist::piece_key(index, HENGE_CELL, 0)
}

/// The Zobrist key of a black piece, a white piece and a henge on each
/// point under each symmetry of the board, for `canonical_hash`.
fn symmetric_keys() -> &'static [[[u64; symmetry::COUNT]; POINTS]; 3] {
    static KEYS: std::sync::OnceLock<[[[u64; symmetry::COUNT]; POINTS]; 3]> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys = [[[0; symmetry::COUNT]; POINTS]; 3];
        for (piece, table) in keys.iter_mut().enumerate() {
            for (index, row) in table.iter_mut().enumerate() {
                for (sym, key) in row.iter_mut().enumerate() {
                    let (x, y) = symmetry::transform(sym, index % SIZE, index / SIZE, SIZE);
                    let image = y * SIZE + x;
                    *key = match piece {
                        0 => stone_key(image, Color::Black),
                        1 => stone_key(image, Color::White),
                        _ => henge_key(image),
                    };
                }
            }
        }
        keys
    })
}

impl State {
    fn new(henge: Vertex) -> State {
        let hand = Hand {
            stones: STONES_IN_HAND,
            henges: HENGES_IN_HAND,
        };
        let mut state = State {
            stones: [0, 0],
            henges: bit(henge),
            hands: [hand, hand],
            captures: [0, 0],
            to_move: Color::Black,
            loser: None,
            hash: 0,
        };
        state.hash = state.compute_hash();
        state
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::BOTH {
            for index in points(self.stones[color.index()]) {
                hash ^= stone_key(index, color);
            }
            let hand = self.hands[color.index()];
            hash ^= hand_key(color, false, hand.stones) ^ hand_key(color, true, hand.henges);
            hash ^= capture_key(color, self.captures[color.index()]);
        }
        for index in points(self.henges) {
            hash ^= henge_key(index);
        }
        if self.to_move == Color::White {
            hash ^= white_to_move_key();
        }
        if let Some(loser) = self.loser {
            hash ^= loser_key(loser);
        }
        hash
    }

    /// The hash of the pieces on the board alone under each symmetry of
    /// the board; the first is the identity.
    fn board_hashes(&self) -> [u64; symmetry::COUNT] {
        let keys = symmetric_keys();
        let mut hashes = [0u64; symmetry::COUNT];
        for (piece, set) in [self.stones[0], self.stones[1], self.henges].into_iter().enumerate() {
            for index in points(set) {
                for (hash, key) in hashes.iter_mut().zip(&keys[piece][index]) {
                    *hash ^= key;
                }
            }
        }
        hashes
    }

    /// Whether the position, turned half a turn with the colours swapped,
    /// is itself: the henges sit symmetrically, each side's pieces are the
    /// other's turned, and the hands and captures are equal.
    fn mirrors_itself(&self) -> bool {
        self.stones[0] == half_turn(self.stones[1])
            && self.henges == half_turn(self.henges)
            && self.hands[0] == self.hands[1]
            && self.captures[0] == self.captures[1]
            && self.loser.is_none()
    }

    fn empty(&self) -> u32 {
        FULL & !(self.stones[0] | self.stones[1] | self.henges)
    }

    /// The opponent pieces that have no liberty while henges count as `color`.
    fn captured_by(&self, color: Color) -> u32 {
        let enemy = self.stones[color.opponent().index()];
        let breathing = flood(enemy & neighbours(self.empty()), enemy);
        enemy & !breathing
    }

    /// Where a normal piece of `color` placed on the empty point `at` may
    /// stay: its group (henges counting as `color`) has a liberty once the
    /// enemy pieces it leaves without liberties are removed.
    fn stone_may_go(&self, color: Color, at: u32) -> bool {
        let mut after = *self;
        after.stones[color.index()] |= at;
        let captured = after.captured_by(color);
        let own = after.stones[color.index()] | after.henges;
        let liberties = neighbours(flood(at, own)) & (after.empty() | captured);
        liberties != 0
    }

    /// Whether a normal piece of the side to move may go anywhere.
    fn any_stone_point(&self) -> bool {
        let color = self.to_move;
        points(self.empty()).any(|i| self.stone_may_go(color, 1 << i))
    }

    fn has_legal_move(&self) -> bool {
        let hand = self.hands[self.to_move.index()];
        (hand.henges > 0 && self.empty() != 0) || (hand.stones > 0 && self.any_stone_point())
    }

    fn set_hand(&mut self, color: Color, henge: bool, count: u8) {
        let hand = &mut self.hands[color.index()];
        let old = hand.count(henge);
        if henge {
            hand.henges = count;
        } else {
            hand.stones = count;
        }
        self.hash ^= hand_key(color, henge, old) ^ hand_key(color, henge, count);
    }

    /// Places a piece of the side to move on the empty point `at` and
    /// resolves captures. Legality is the caller's business.
    fn place(&mut self, henge: bool, at: u32) {
        let color = self.to_move;
        let index = at.trailing_zeros() as usize;
        let left = self.hands[color.index()].count(henge) - 1;
        self.set_hand(color, henge, left);
        if henge {
            self.henges |= at;
            self.hash ^= henge_key(index);
        } else {
            self.stones[color.index()] |= at;
            self.hash ^= stone_key(index, color);
        }
        let captured = self.captured_by(color);
        if captured != 0 {
            let enemy = color.opponent();
            self.stones[enemy.index()] &= !captured;
            for i in points(captured) {
                self.hash ^= stone_key(i, enemy);
            }
            let before = self.captures[color.index()];
            let after = before + captured.count_ones() as u8;
            self.captures[color.index()] = after;
            self.hash ^= capture_key(color, before) ^ capture_key(color, after);
        }
        if henge && self.hands[color.index()].is_empty() {
            self.loser = Some(color);
            self.hash ^= loser_key(color);
        }
        self.to_move = color.opponent();
        self.hash ^= white_to_move_key();
    }

    /// The result once both hands are empty: the capture difference, and
    /// a win by rule for White when the captures are equal.
    fn capture_result(&self) -> Outcome {
        match self.captures[0] as i32 - self.captures[1] as i32 {
            0 => Outcome::Win(Color::White),
            difference => Outcome::Score(difference as f32),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.loser {
            return Some(Outcome::Win(loser.opponent()));
        }
        if self.hands.iter().all(|h| h.is_empty()) {
            return Some(self.capture_result());
        }
        (!self.has_legal_move()).then(|| Outcome::Win(self.to_move.opponent()))
    }

    /// A random legal move for the playouts, never spending the last
    /// normal piece while a henge is still in hand (a sure loss). Henges and
    /// normal pieces are drawn in proportion to the hand.
    fn random_move(&self, rng: &mut SmallRng) -> Option<(bool, u32)> {
        let color = self.to_move;
        let hand = self.hands[color.index()];
        let empty = self.empty();
        let count = empty.count_ones();
        if count == 0 {
            return None;
        }
        let must_henge = hand.stones == 0 || (hand.stones == 1 && hand.henges > 0);
        let henge_first = hand.henges > 0
            && (must_henge || rng.random_range(0..(hand.stones + hand.henges) as u32) < hand.henges as u32);
        let nth_empty = |n: u32| {
            let mut set = empty;
            for _ in 0..n {
                set &= set - 1;
            }
            set & set.wrapping_neg()
        };
        if henge_first {
            return Some((true, nth_empty(rng.random_range(0..count))));
        }
        // A normal piece: try the empty points from a random one onwards.
        let start = rng.random_range(0..count);
        for k in 0..count {
            let at = nth_empty((start + k) % count);
            if self.stone_may_go(color, at) {
                return Some((false, at));
            }
        }
        (hand.henges > 0).then(|| (true, nth_empty(start)))
    }
}

#[derive(Clone, Debug)]
pub struct GoRoGo {
    history: History<State>,
}

pub static SPEC: VariantSpec = VariantSpec {
    name: "gorogo",
    aliases: &["go-ro-go"],
    description: "GoRoGo: 5x5 with neutral henge pieces, most captures wins (--henge)",
    game_id: "GoRoGo",
    komi: 0.0,
    default_size: || SIZE,
    accepts_size: |size| size == SIZE,
    starts: &[Start::Empty],
    options: &[&HENGE],
    record_options: &[],
    commands: &[],
    match_setup: &[],
    // GoRoGo's bound starts about the 12th move: earlier proofs take
    // minutes to hours.
    solver: SolverUse::at_most(13),
    new_game: |setup| Game::GoRoGo(GoRoGo::new(setup)),
    from_diagram: None,
};

/// The `henge` option: where the setup henge stands (`None`, the centre,
/// by default), or `auto` for White's choice by [`choose_setup_henge`].
pub const HENGE: SetupOption = SetupOption {
    key: "henge",
    what: "setup henge",
    values: "VERTEX|auto",
    help: "GoRoGo's setup henge: a vertex, or auto to let the engine choose as White [default: C3]",
    default: "C3",
    set: |setup, value| {
        let v = Vertex::parse(value).ok_or_else(|| format!("bad henge vertex '{value}'"))?;
        if !v.on_board(setup.size) {
            let size = setup.size;
            return Err(format!("bad henge vertex '{value}': off the {size}x{size} board"));
        }
        setup.set_value(HENGE.key, Some(v));
        Ok(())
    },
    get: |setup| setup.henge().map(|v| v.to_string()),
    choose: Some(|_, winrate| choose_setup_henge(|g| winrate(&Game::GoRoGo(g.clone()))).to_string()),
    // `variago-setup_henge [VERTEX|auto]`: where the setup henge stands;
    // with an argument, a new game with the henge there.
    command: Some(OptionCommand {
        name: "variago-setup_henge",
        effect: Effect::NewGame,
    }),
    ..SetupOption::PLAIN
};

impl Setup {
    /// GoRoGo's setup henge; `None` is the centre.
    pub fn henge(&self) -> Option<Vertex> {
        self.value(HENGE.key).copied()
    }
}

impl GoRoGo {
    pub fn new(setup: &Setup) -> GoRoGo {
        let henge = setup.henge().filter(|v| v.on_board(SIZE)).unwrap_or(CENTRE);
        GoRoGo {
            history: History::new(State::new(henge)),
        }
    }

    fn state(&self) -> &State {
        &self.history.now
    }

    /// The moves as a learned move model sees them ([`features`]).
    pub fn move_features(&self) -> features::GoRoGoMoves<'_> {
        let now = self.state();
        let occupied = |s: &State| s.stones[0] | s.stones[1] | s.henges;
        // The one point the last move filled: captures only empty others.
        let last = self.history.previous().and_then(|before| {
            let placed = occupied(now) & !occupied(before);
            (placed.count_ones() == 1).then(|| vertex_at(placed.trailing_zeros() as usize))
        });
        features::GoRoGoMoves { state: now, last }
    }

    /// The chosen point and whether the piece is a henge.
    fn parse_move(mv: Move) -> Result<(Vertex, bool), Illegal> {
        match mv {
            Move::Place(v) | Move::Drop(Piece::Stone, v) => Ok((v, false)),
            Move::Drop(Piece::Henge, v) => Ok((v, true)),
            other => Err(Illegal::absent_kind("GoRoGo", other)),
        }
    }

    fn to_move_of(henge: bool, at: u32) -> Move {
        let v = vertex_at(at.trailing_zeros() as usize);
        if henge {
            Move::Drop(Piece::Henge, v)
        } else {
            Move::Place(v)
        }
    }
}

impl Position for GoRoGo {
    fn variant_name(&self) -> &'static str {
        "gorogo"
    }

    timeline_in!(history);

    /// No line: White's strategy reads the state before the last move,
    /// which a line does not keep (and a state of a few words costs
    /// nothing to save at every move).
    fn begin_line(&mut self) {}

    fn end_line(&mut self, moves: usize) {
        for _ in 0..moves {
            self.undo();
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        let state = self.state();
        if state.outcome().is_some() {
            return;
        }
        let color = state.to_move;
        let hand = state.hands[color.index()];
        let empty = state.empty();
        if hand.stones > 0 {
            for i in points(empty).filter(|&i| state.stone_may_go(color, 1 << i)) {
                out.push(Move::Place(vertex_at(i)));
            }
        }
        if hand.henges > 0 {
            out.extend(points(empty).map(|i| Move::Drop(Piece::Henge, vertex_at(i))));
        }
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let state = *self.state();
        Illegal::if_over(state.outcome())?;
        if color != state.to_move {
            return Err(Illegal::new(format!("it is {}'s turn", state.to_move)));
        }
        let (v, henge) = Self::parse_move(mv)?;
        if !v.on_board(SIZE) {
            return Err(Illegal::new("vertex off the board"));
        }
        let at = bit(v);
        if state.empty() & at == 0 {
            return Err(Illegal::new("point is occupied"));
        }
        if state.hands[color.index()].count(henge) == 0 {
            let piece = if henge { "henge" } else { "normal piece" };
            return Err(Illegal::new(format!("no {piece} left in {color}'s hand")));
        }
        if !henge && !state.stone_may_go(color, at) {
            return Err(Illegal::new("suicide: the piece's group would have no liberty"));
        }
        self.history.push();
        self.history.now.place(henge, at);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    fn score_now(&self) -> Outcome {
        self.outcome().unwrap_or_else(|| self.state().capture_result())
    }

    fn hash(&self) -> u64 {
        self.state().hash
    }

    fn recompute_hash(&self) -> u64 {
        self.state().compute_hash()
    }
}

impl View for GoRoGo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        if !v.on_board(SIZE) {
            return None;
        }
        let state = self.state();
        let at = bit(v);
        if state.henges & at != 0 {
            return Some(Occupant {
                owner: Owner::Neutral,
                piece: Piece::Henge,
            });
        }
        Color::BOTH
            .into_iter()
            .find(|c| state.stones[c.index()] & at != 0)
            .map(|c| Occupant {
                owner: Owner::Player(c),
                piece: Piece::Stone,
            })
    }

    fn status_lines(&self) -> Vec<String> {
        let state = self.state();
        let mut lines: Vec<String> = Color::BOTH
            .iter()
            .map(|&c| {
                let hand = state.hands[c.index()];
                format!("hand: {c} stone {} henge {}", hand.stones, hand.henges)
            })
            .collect();
        let [b, w] = state.captures;
        lines.push(format!("captures: black {b} white {w}"));
        lines.push(format!("henges (H) count as {}", state.to_move));
        lines
    }

    fn captures(&self) -> [u32; 2] {
        self.state().captures.map(u32::from)
    }

    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> {
        let hand = self.state().hands[color.index()];
        Some(vec![
            (Piece::Stone, hand.stones as u32),
            (Piece::Henge, hand.henges as u32),
        ])
    }
}

impl GameSetup for GoRoGo {}

impl Clicks for GoRoGo {}

impl SearchHints for GoRoGo {
    /// Go's weighing of the statistics, though GoRoGo has no priors: no
    /// exploration term and AMAF weighed by its samples won 44 of 60
    /// games against the default at 1,000 playouts a move, and 23 of 24 at
    /// 0.5 s (docs/learning.md).
    fn tuning(&self) -> Tuning {
        Tuning::go_like(self.size())
    }

    /// With a move model read by `--model`, every move starts even with
    /// the model's chance on top (see [`MoveModel::priors`]); without
    /// one, no priors.
    ///
    /// [`MoveModel::priors`]: crate::features::model::MoveModel::priors
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        match models::in_use(Variant::GoRoGo) {
            Some(model) => {
                let even = |_| Some((0.5 * MODEL_EVEN_VISITS, MODEL_EVEN_VISITS));
                model.priors(&self.move_features(), moves, (even, MODEL_WEIGHT), out)
            }
            None => out.extend(moves.iter().map(|_| None)),
        }
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        let mut state = *self.state();
        loop {
            if let Some(outcome) = state.outcome() {
                return outcome.value_for_black();
            }
            let color = state.to_move;
            let Some((henge, at)) = state.random_move(rng) else {
                return Outcome::Win(color.opponent()).value_for_black();
            };
            state.place(henge, at);
            trace.push((color, Self::to_move_of(henge, at)));
        }
    }
}

/// The even start of a move when a model gives the priors, in virtual
/// playouts: Unsquare Go's.
const MODEL_EVEN_VISITS: f32 = 20.0;

/// The virtual wins and playouts that a move the model is sure of adds.
const MODEL_WEIGHT: f32 = 100.0;

impl SolverHints for GoRoGo {
    /// Captures first, then normal pieces, henges, and last the moves that
    /// lose or leave a henge as the last piece in hand.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        let state = self.state();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let color = state.to_move;
        let hand = state.hands[color.index()];
        let rank = |mv: &Move| -> u8 {
            let Ok((v, henge)) = Self::parse_move(*mv) else {
                return 9;
            };
            let mut after = *state;
            after.place(henge, bit(v));
            let captured = after.captures[color.index()] > state.captures[color.index()];
            let left = after.hands[color.index()];
            let doomed = after.loser.is_some() || (left.stones == 0 && left.henges > 0 && hand.stones > 0);
            match (doomed, captured, henge) {
                (true, ..) => 4,
                (_, true, _) => 0,
                (_, _, false) => 1,
                (_, _, true) => 2,
            }
        };
        moves.sort_by_key(rank);
        out.extend(moves);
    }

    fn canonical_hash(&self) -> u64 {
        let state = self.state();
        let hashes = state.board_hashes();
        let smallest = hashes.iter().copied().min().unwrap_or(0);
        state.hash ^ hashes[0] ^ smallest
    }

    /// White, the second player, whenever Black is to move in a position
    /// that mirrors itself or White answers a move made from one: White can
    /// try copying Black's moves through the centre, which keeps the
    /// captures equal (a win for White) as long as the copy stays legal
    /// and captures what Black's move captured.
    fn strategist(&self) -> Option<Color> {
        let state = self.state();
        let mirrored = match state.to_move {
            Color::Black => state.mirrors_itself(),
            Color::White => self.history.previous().is_some_and(State::mirrors_itself),
        };
        mirrored.then_some(Color::White)
    }

    /// For White, Black's last piece turned half a turn, of the same kind.
    fn strategy_move(&self) -> Option<Move> {
        let state = self.state();
        let before = self.history.previous()?;
        if state.to_move != Color::White || before.to_move != Color::Black {
            return None;
        }
        let placed = (state.stones[0] | state.henges) & !(before.stones[0] | before.henges);
        (placed.count_ones() == 1).then(|| Self::to_move_of(state.henges & placed != 0, half_turn(placed)))
    }

    /// A tie goes to White, so every finished game has a winner.
    fn draws_possible(&self) -> bool {
        false
    }
}

/// Chooses the setup henge for White: the candidate whose position is worst
/// for Black by `black_value` (Black's winning chance with Black to move);
/// the first candidate wins a tie, so the centre is preferred.
pub fn choose_setup_henge(mut black_value: impl FnMut(&GoRoGo) -> f32) -> Vertex {
    let mut best = (f32::MAX, CENTRE);
    for v in HENGE_CANDIDATES {
        let mut setup = Setup::new(super::Variant::GoRoGo);
        setup.set_value(HENGE.key, Some(v));
        let value = black_value(&GoRoGo::new(&setup));
        if value < best.0 {
            best = (value, v);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stay_on_the_board() {
        assert_eq!(
            neighbours(bit(Vertex::new(0, 0))),
            bit(Vertex::new(1, 0)) | bit(Vertex::new(0, 1))
        );
        let e3 = bit(Vertex::new(4, 2));
        assert_eq!(neighbours(e3).count_ones(), 3);
        assert_eq!(neighbours(e3) & COLUMN_A, 0);
        assert_eq!(neighbours(bit(CENTRE)).count_ones(), 4);
    }

    #[test]
    fn flood_follows_connections() {
        let line = bit(Vertex::new(0, 0)) | bit(Vertex::new(1, 0)) | bit(Vertex::new(3, 0));
        assert_eq!(flood(bit(Vertex::new(0, 0)), line).count_ones(), 2);
    }
}
