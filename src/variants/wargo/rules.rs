//! War Go's move rules on the fast board: drops, steps and swaps, captures
//! with their immunities and bans, flips, explosions, and the powers of the
//! special stones.
//!
//! A move changes the board, then `resolve` captures: the groups of the
//! opponent (after a mercenary step: of both players) without liberties
//! that touch the moved, dropped or turned pieces, unless they are immune
//! or the move captures nothing there; then mercenary groups left without
//! liberties; then captured delayed bombs explode. Finally the groups of
//! the mover's placed pieces, and the mover's groups beside the move, must
//! have a liberty (an inner strength's drop is spared this). A group
//! without liberties that no move touches stays on the board.
//!
//! Where each rule lives:
//! - immunity: [`immune`] (ambassador, samurai, cavalry, two-eye stones);
//! - moves that capture nothing: `captures_nothing` (ambassador, monk);
//! - forbidden points: [`State::repelled`] (repeller), for every drop and
//!   every piece a step or swap brings;
//! - connection at distance two: the board's linkers (connector);
//! - a second move in the turn: [`State::extra`], the turn left to the mover;
//! - the swap: `swap` (switcher); the replacement: `replace` (replacer);
//! - the scoring penalty: [`State::sons_lost`], in [`State::score`].

use super::pieces::{
    self, Army, Hand, AMBASSADOR, CAVALRY, DELAYED_BOMB, KINGS_SON, REPELLER, SAMURAI, SOLDIER, SWITCHER, TWO_EYE_ANY,
    TWO_EYE_FRIENDLY, WALL,
};
use super::zones;
use crate::board::{cell_of, color_of, Board, BLACK, BLOCK, EMPTY, NEUTRAL, WHITE};
use crate::color::Color;
use crate::game::Illegal;
use crate::moves::{BombMode, Move, Piece, Vertex};
use crate::variants::go_family::{go_state, Turn};

/// Points a side loses for each of its King's Sons captured.
pub const SON_PENALTY: f32 = 5.0;

#[derive(Clone, Debug)]
pub struct State {
    pub board: Board,
    pub turn: Turn,
    pub captures: [u32; 2],
    pub hands: [Hand; 2],
    /// True while that side is still buying its army (Buying Armies).
    pub buying: [bool; 2],
    pub credit: [u32; 2],
    /// The side whose pass last ended its buying, for `undo`.
    pub last_setup_pass: Option<Color>,
    /// False while no monk was ever on the board: the playouts then skip
    /// looking for monk squares.
    pub monks: bool,
    /// False while no repeller was ever on the board, for the same reason.
    pub repellers: bool,
    /// True while the side to move plays the second move of its turn,
    /// after the drop of an extra move.
    pub extra: bool,
    /// King's Sons of each side captured so far, black first.
    pub sons_lost: [u32; 2],
}

/// What a move changed, for `resolve`.
struct Change<'a> {
    /// The points the move changed, each with the point whose bans
    /// (ambassador, monk) govern the captures of the groups touching it.
    touched: &'a [(usize, usize)],
    /// The mover's pieces the move placed: their groups must keep a liberty.
    placed: &'a [usize],
    /// A mercenary step: the mover's own groups may be captured too.
    mercenary_step: bool,
    /// An inner strength's drop: its group may stay without liberties.
    self_capture: bool,
}

impl<'a> Change<'a> {
    /// A change of the points `touched` that places `placed`, bending no
    /// capture rule.
    fn plain(touched: &'a [(usize, usize)], placed: &'a [usize]) -> Change<'a> {
        Change {
            touched,
            placed,
            mercenary_step: false,
            self_capture: false,
        }
    }

    /// A drop or step onto `p`, as `touched` and `placed` spell it.
    fn at(p: usize) -> ([(usize, usize); 1], [usize; 1]) {
        ([(p, p)], [p])
    }
}

fn chain_piece(cell: u8) -> bool {
    matches!(cell, BLACK | WHITE | NEUTRAL)
}

/// A soldier: a plain stone, or a King's Son ("otherwise a regular
/// soldier"). Spies turn soldiers, replacers and switchers take them, and
/// they step inside tao zones; the stones that keep a power on the board
/// are not soldiers.
pub fn is_soldier(board: &Board, p: usize) -> bool {
    matches!(board.cell(p), BLACK | WHITE) && matches!(board.kind(p), SOLDIER | KINGS_SON)
}

fn is_two_eye(board: &Board, p: usize) -> bool {
    matches!(board.cell(p), BLACK | WHITE) && matches!(board.kind(p), TWO_EYE_FRIENDLY | TWO_EYE_ANY)
}

/// A group no capture can take: a stone of it touches an ambassador, or a
/// friendly samurai or cavalry; it holds a two-eye stone (either flavour
/// guards the group it belongs to); or a stone of it touches a two-eye
/// stone of the flavour `any`, of either colour.
pub fn immune(board: &Board, p: usize) -> bool {
    let own = board.cell(p);
    let player = matches!(own, BLACK | WHITE);
    board.chain_stones(p).into_iter().any(|s| {
        zones::beside_ambassador(board, s)
            || (player
                && (is_two_eye(board, s)
                    || board.neighbours(s).into_iter().any(|n| {
                        let guard = board.cell(n) == own && matches!(board.kind(n), SAMURAI | CAVALRY);
                        let any_eye = matches!(board.cell(n), BLACK | WHITE) && board.kind(n) == TWO_EYE_ANY;
                        guard || any_eye
                    })))
    })
}

/// Whether an explosion destroys the piece on `p`: everything but walls and ambassadors.
fn destructible(board: &Board, p: usize) -> bool {
    match board.cell(p) {
        BLACK | WHITE | NEUTRAL => true,
        BLOCK => !matches!(board.kind(p), WALL | AMBASSADOR),
        _ => false,
    }
}

/// The pieces an explosion on `p` destroys, `p` itself not included.
pub fn blast(board: &Board, p: usize) -> Vec<usize> {
    board
        .neighbours(p)
        .into_iter()
        .filter(|&n| destructible(board, n))
        .collect()
}

/// How many friendly-or-empty neighbours `to` has once the piece of
/// `own` on `from` stands there: a samurai or cavalry needs three.
fn freedom_after_step(board: &Board, from: usize, to: usize, own: u8) -> usize {
    board
        .neighbours(to)
        .into_iter()
        .filter(|&n| n == from || matches!(board.cell(n), c if c == EMPTY || c == own))
        .count()
}

/// The points a cavalry on `from` may reach: a horse's move whose first
/// orthogonal point is empty.
pub fn horse_targets(board: &Board, from: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let v = board.vertex(from);
    let size = board.size() as i32;
    for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        let (x1, y1) = (v.x as i32 + dx, v.y as i32 + dy);
        if x1 < 0 || y1 < 0 || x1 >= size || y1 >= size {
            continue;
        }
        if !board.is_empty(board.point(Vertex::new(x1 as usize, y1 as usize))) {
            continue;
        }
        // Outward diagonal: keep going along (dx, dy) and turn one to the side.
        for side in [-1, 1] {
            let (x2, y2) = (x1 + dx + side * dy.abs(), y1 + dy + side * dx.abs());
            if x2 >= 0 && y2 >= 0 && x2 < size && y2 < size {
                out.push(board.point(Vertex::new(x2 as usize, y2 as usize)));
            }
        }
    }
    out
}

go_state!(State);

impl State {
    pub fn new(size: usize, hands: [Hand; 2]) -> State {
        State {
            board: Board::new(size),
            turn: Turn::START,
            captures: [0, 0],
            hands,
            buying: [false, false],
            credit: [0, 0],
            last_setup_pass: None,
            monks: false,
            repellers: false,
            extra: false,
            sons_lost: [0, 0],
        }
    }

    /// Notes the pieces set on the board outside moves (start positions).
    pub fn note_board(&mut self) {
        let board = &self.board;
        self.monks = board.all_points().any(|p| zones::is_monk(board, p));
        self.repellers = board
            .all_points()
            .any(|p| matches!(board.cell(p), BLACK | WHITE) && board.kind(p) == REPELLER);
    }

    /// A drop or move onto `p` captures nothing: `p` is next to an
    /// ambassador or inside a monk's square.
    fn captures_nothing(&self, p: usize) -> bool {
        zones::beside_ambassador(&self.board, p) || (self.monks && zones::in_monk_zone(&self.board, p))
    }

    /// True when `color` may not drop or bring any piece onto `p`: a
    /// repeller of the opponent stands beside it.
    #[inline]
    pub fn repelled(&self, color: Color, p: usize) -> bool {
        let enemy = cell_of(color.opponent());
        self.repellers
            && self
                .board
                .neighbours(p)
                .into_iter()
                .any(|n| self.board.cell(n) == enemy && self.board.kind(n) == REPELLER)
    }

    fn repelled_error(&self, color: Color, p: usize) -> Option<String> {
        self.repelled(color, p)
            .then(|| format!("{}'s repeller stands beside {}", color.opponent(), self.board.vertex(p)))
    }

    /// The area score, black's less white's, with 5 points off a side for
    /// each of its King's Sons captured; komi not included.
    pub fn score(&self) -> f32 {
        let [black, white] = self.sons_lost;
        self.board.area_score() as f32 - SON_PENALTY * (black as f32 - white as f32)
    }

    pub fn in_setup(&self) -> bool {
        self.buying[0] || self.buying[1]
    }

    /// Ends `color`'s buying; the side to move is the one still buying,
    /// and black once both are done.
    pub fn end_buying(&mut self, color: Color) {
        self.set_buying(color, false);
    }

    /// Starts or ends `color`'s buying; the side to move is the first
    /// still buying, else black.
    pub fn set_buying(&mut self, color: Color, buying: bool) {
        self.buying[color.index()] = buying;
        self.turn.to_move = Color::BOTH
            .into_iter()
            .find(|c| self.buying[c.index()])
            .unwrap_or(Color::Black);
    }

    /// True when `color`'s move now is the second of its turn, after an
    /// extra move: a move of the other side takes that move away.
    pub fn second_move(&self, color: Color) -> bool {
        self.extra && color == self.turn.to_move
    }

    /// Plays `mv` for `color` with every rule but superko and the turn
    /// order. On error the state may be half changed: callers work on a copy.
    pub fn apply(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        if self.in_setup() {
            // While armies are bought the one move is a pass: it ends the
            // passer's buying, and play starts with black once both are done.
            if mv != Move::Pass {
                return Err(Illegal::new(
                    "the armies are still being bought (variago-buy COLOR done, or variago-buy_auto COLOR)",
                ));
            }
            if !self.buying[color.index()] {
                // A second pass would end nothing, and undoing it would
                // reopen a buying that its first pass ended.
                return Err(Illegal::new(format!(
                    "{color} has finished buying; {} is still buying",
                    color.opponent()
                )));
            }
            self.end_buying(color);
            self.last_setup_pass = Some(color);
            return Ok(());
        }
        let second = self.second_move(color);
        self.extra = false;
        match mv {
            Move::Pass if second => {
                // The second move of a turn: the pass hands the turn over
                // and does not count toward the end of the game.
                self.turn.to_move = color.opponent();
                return Ok(());
            }
            Move::Pass => {
                self.turn.passed(color);
                return Ok(());
            }
            Move::Place(v) | Move::Drop(Piece::Stone, v) => self.drop(color, Piece::Stone, self.point_of(v)?)?,
            Move::Drop(piece, v) => {
                let army = Army::of(piece).ok_or_else(|| Illegal::new(format!("War Go has no {piece}")))?;
                let left = self.hands[color.index()].get(army);
                if left == 0 {
                    return Err(Illegal::new(format!("no {} left in {color}'s hand", army.name())));
                }
                if second && piece == Piece::ExtraMove {
                    return Err(Illegal::new(
                        "the move after an extra move may not be another extra-move drop",
                    ));
                }
                self.drop(color, piece, self.point_of(v)?)?;
                self.hands[color.index()].set(army, left - 1);
            }
            Move::Step(from, to) => self.step(color, self.point_of(from)?, self.point_of(to)?)?,
            Move::Polyomino(..) => return Err(Illegal::absent_kind("War Go", mv)),
        }
        if matches!(mv, Move::Drop(Piece::ExtraMove, _)) {
            // The mover moves again at once.
            self.turn.passes = 0;
            self.turn.to_move = color;
            self.extra = true;
        } else {
            self.turn.moved(color);
        }
        Ok(())
    }

    fn point_of(&self, v: Vertex) -> Result<usize, Illegal> {
        if v.on_board(self.board.size()) {
            Ok(self.board.point(v))
        } else {
            Err(Illegal::new("vertex off the board"))
        }
    }

    fn drop(&mut self, color: Color, piece: Piece, p: usize) -> Result<(), Illegal> {
        if let Some(reason) = self.repelled_error(color, p) {
            return Err(Illegal::new(reason));
        }
        if piece == Piece::Replacer {
            return self.replace(color, p);
        }
        if !self.board.is_empty(p) {
            return Err(Illegal::new("point is occupied"));
        }
        let own = cell_of(color);
        match piece {
            Piece::Bomb(BombMode::Immediate) => {
                // The bomb never stays; nothing gains or loses a liberty but by removal.
                let destroyed = blast(&self.board, p);
                self.board.remove_points(&destroyed);
                Ok(())
            }
            Piece::Spy => {
                let flipped: Vec<usize> = self
                    .board
                    .neighbours(p)
                    .into_iter()
                    .filter(|&n| is_soldier(&self.board, n))
                    .collect();
                // A soldier keeps its kind: a King's Son turned is the other side's.
                let turned: Vec<(u8, u8)> = flipped
                    .iter()
                    .map(|&n| (BLACK + WHITE - self.board.cell(n), self.board.kind(n)))
                    .collect();
                if !flipped.is_empty() {
                    self.board.remove_points(&flipped);
                }
                for (&n, &(cell, kind)) in flipped.iter().zip(&turned) {
                    self.board.put(n, cell, kind);
                }
                self.board.put(p, own, SOLDIER);
                let mut touched = vec![(p, p)];
                touched.extend(flipped.iter().map(|&n| (n, p)));
                self.resolve(color, &Change::plain(&touched, &[p]))
            }
            _ => {
                let (cell, kind) =
                    pieces::cell_and_kind(piece, own).ok_or_else(|| Illegal::new(format!("War Go has no {piece}")))?;
                pieces::put(&mut self.board, p, cell, kind);
                self.monks |= piece == Piece::Monk;
                self.repellers |= piece == Piece::Repeller;
                let (touched, placed) = Change::at(p);
                self.resolve(
                    color,
                    &Change {
                        self_capture: piece == Piece::InnerStrength,
                        ..Change::plain(&touched, &placed)
                    },
                )
            }
        }
    }

    /// A replacer onto the enemy soldier on `p`: the soldier is a prisoner,
    /// and the replacer a soldier of the mover there.
    fn replace(&mut self, color: Color, p: usize) -> Result<(), Illegal> {
        let enemy = color.opponent();
        if self.board.cell(p) != cell_of(enemy) || !is_soldier(&self.board, p) {
            return Err(Illegal::new("a replacer is dropped onto an enemy soldier"));
        }
        if self.board.kind(p) == KINGS_SON {
            self.sons_lost[enemy.index()] += 1;
        }
        self.captures[color.index()] += 1;
        self.board.remove_points(&[p]);
        self.board.put(p, cell_of(color), SOLDIER);
        let (touched, placed) = Change::at(p);
        self.resolve(color, &Change::plain(&touched, &placed))
    }

    /// Why the piece on `from` may not step to `to` (or, a switcher, swap
    /// with the stone there) for `color`, if it may not.
    pub fn step_error(&self, color: Color, from: usize, to: usize) -> Option<String> {
        let board = &self.board;
        let cell = board.cell(from);
        let kind = board.kind(from);
        let adjacent = board.neighbours(from).contains(&to);
        let what = pieces::occupant(cell, kind).map(|o| o.piece.name().to_string());
        match cell {
            EMPTY => return Some("no piece to move there".into()),
            BLOCK => return Some(format!("a {} never moves", what.unwrap_or_default())),
            NEUTRAL => {}
            c if c != cell_of(color) => return Some(format!("that piece belongs to {}", color.opponent())),
            _ => match kind {
                SOLDIER | KINGS_SON if !zones::in_tao_zone(board, from) => {
                    return Some("a soldier moves only inside a tao zone".into())
                }
                SOLDIER | KINGS_SON | SAMURAI => {}
                CAVALRY => {
                    if !horse_targets(board, from).contains(&to) {
                        return Some("a cavalry moves like a Xiangqi horse, not blocked on its first point".into());
                    }
                }
                SWITCHER => return self.swap_error(color, from, to),
                _ => return Some(format!("a {} never moves", what.unwrap_or_default())),
            },
        }
        if (kind != CAVALRY || cell == NEUTRAL) && !adjacent {
            return Some("a step goes to an adjacent point".into());
        }
        if !board.is_empty(to) {
            return Some("point is occupied".into());
        }
        if let Some(reason) = self.repelled_error(color, to) {
            return Some(reason);
        }
        if matches!(cell, BLACK | WHITE)
            && matches!(kind, SAMURAI | CAVALRY)
            && freedom_after_step(board, from, to, cell) < 3
        {
            return Some("the target needs three empty or friendly neighbours".into());
        }
        None
    }

    /// Why `color`'s switcher on `from` may not swap with the stone on `to`.
    fn swap_error(&self, color: Color, from: usize, to: usize) -> Option<String> {
        let board = &self.board;
        let enemy_soldier = board.cell(to) == cell_of(color.opponent()) && is_soldier(board, to);
        if !board.neighbours(from).contains(&to) || !enemy_soldier {
            return Some("a switcher swaps with an enemy soldier beside it".into());
        }
        // Both pieces arrive somewhere: neither may land beside an enemy repeller.
        self.repelled_error(color, to)
            .or_else(|| self.repelled_error(color, from))
    }

    fn step(&mut self, color: Color, from: usize, to: usize) -> Result<(), Illegal> {
        if let Some(reason) = self.step_error(color, from, to) {
            return Err(Illegal::new(reason));
        }
        let (cell, kind) = (self.board.cell(from), self.board.kind(from));
        if cell == cell_of(color) && kind == SWITCHER {
            return self.swap(color, from, to);
        }
        self.board.remove_points(&[from]);
        pieces::put(&mut self.board, to, cell, kind);
        let (touched, placed) = Change::at(to);
        self.resolve(
            color,
            &Change {
                mercenary_step: cell == NEUTRAL,
                ..Change::plain(&touched, &placed)
            },
        )
    }

    /// The switcher on `from` and the enemy soldier on `to` change places;
    /// the switcher is a plain soldier from then on. Captures resolve as
    /// for a drop on both points.
    fn swap(&mut self, color: Color, from: usize, to: usize) -> Result<(), Illegal> {
        let enemy_kind = self.board.kind(to);
        self.board.remove_points(&[from, to]);
        self.board.put(to, cell_of(color), SOLDIER);
        self.board.put(from, cell_of(color.opponent()), enemy_kind);
        self.resolve(color, &Change::plain(&[(from, from), (to, to)], &[to]))
    }

    /// Captures after a move (see the module docs), then the liberty check
    /// of the mover.
    fn resolve(&mut self, color: Color, change: &Change) -> Result<(), Illegal> {
        let own = cell_of(color);
        let enemy = cell_of(color.opponent());
        let victims = |cell: u8| cell == enemy || (change.mercenary_step && cell == own);
        let mut bombs = Vec::new();
        let breathless = |board: &Board, t: usize| {
            board
                .neighbours(t)
                .into_iter()
                .chain([t])
                .any(|n| chain_piece(board.cell(n)) && board.surrounded(n))
        };
        let phases = if change.touched.iter().any(|&(t, _)| breathless(&self.board, t)) {
            2
        } else {
            0
        };
        for phase in 0..phases {
            let mut heads = Vec::new();
            for &(t, at) in change.touched {
                // Whether captures may happen here, found only when something could go.
                let mut allowed: Option<bool> = None;
                for n in self.board.neighbours(t).into_iter().chain([t]) {
                    let cell = self.board.cell(n);
                    let wanted = if phase == 0 { victims(cell) } else { cell == NEUTRAL };
                    if !wanted || !self.board.surrounded(n) || heads.contains(&self.board.chain(n)) {
                        continue;
                    }
                    if *allowed.get_or_insert_with(|| !self.captures_nothing(at)) {
                        heads.push(self.board.chain(n));
                    }
                }
            }
            for head in heads {
                if immune(&self.board, head) {
                    continue;
                }
                let cell = self.board.cell(head);
                let stones = self.board.chain_stones(head);
                bombs.extend(
                    stones
                        .iter()
                        .filter(|&&s| self.board.kind(s) == DELAYED_BOMB && cell != NEUTRAL),
                );
                if let Some(owner) = color_of(cell) {
                    let sons = stones.iter().filter(|&&s| self.board.kind(s) == KINGS_SON).count();
                    self.sons_lost[owner.index()] += sons as u32;
                }
                self.board.remove_chain(head);
                if cell == enemy {
                    self.captures[color.index()] += stones.len() as u32;
                }
            }
        }
        if !bombs.is_empty() {
            let mut destroyed = Vec::new();
            for &b in &bombs {
                destroyed.extend(blast(&self.board, b));
            }
            self.board.remove_points(&destroyed);
        }
        if change.self_capture {
            return Ok(());
        }
        for &p in change.placed {
            if chain_piece(self.board.cell(p)) && self.board.surrounded(p) {
                return Err(Illegal::new("suicide: the piece's group would have no liberty"));
            }
        }
        for &(t, _) in change.touched {
            for n in self.board.neighbours(t) {
                if self.board.cell(n) == own && self.board.surrounded(n) {
                    return Err(Illegal::new("suicide: a group of the mover would have no liberty"));
                }
            }
        }
        Ok(())
    }

    /// Every step `color` may try, before superko: mercenaries, samurai,
    /// cavalry, soldiers in a tao zone, and the swaps of unused switchers.
    pub fn step_candidates(&self, color: Color, out: &mut Vec<(usize, usize)>) {
        let board = &self.board;
        let own = cell_of(color);
        for from in board.all_points() {
            let cell = board.cell(from);
            let kind = board.kind(from);
            let movable = cell == NEUTRAL
                || (cell == own
                    && match kind {
                        SAMURAI | CAVALRY | SWITCHER => true,
                        SOLDIER | KINGS_SON => zones::in_tao_zone(board, from),
                        _ => false,
                    });
            if !movable {
                continue;
            }
            let targets = if cell == own && kind == CAVALRY {
                horse_targets(board, from)
            } else {
                board.neighbours(from).to_vec()
            };
            let swaps = cell == own && kind == SWITCHER;
            for to in targets {
                if (swaps || board.is_empty(to)) && self.step_error(color, from, to).is_none() {
                    out.push((from, to));
                }
            }
        }
    }

    /// The board hash after a drop of `piece` on empty `p` when the drop
    /// surely captures nothing and is surely not suicide; `None` when the
    /// drop needs a full trial on a copy. The caller checks the hand, the
    /// turn and the repellers.
    pub fn quick_drop_hash(&self, color: Color, piece: Piece, p: usize) -> Option<u64> {
        let board = &self.board;
        let own = cell_of(color);
        if piece == Piece::Bomb(BombMode::Immediate) {
            let hash = blast(board, p).into_iter().fold(board.hash(), |h, q| {
                h ^ crate::board::zobrist::piece_key(q, board.cell(q), board.kind(q))
            });
            return Some(hash);
        }
        if piece == Piece::Replacer
            || (piece == Piece::Spy && board.neighbours(p).into_iter().any(|n| is_soldier(board, n)))
        {
            return None;
        }
        let (cell, kind) = pieces::cell_and_kind(piece, own)?;
        let mut breathes = !chain_piece(cell);
        for n in board.neighbours(p) {
            let c = board.cell(n);
            if c == EMPTY {
                breathes = true;
            } else if chain_piece(c) {
                if board.atari_liberty(n) == Some(p) {
                    return None;
                }
                if c == cell {
                    breathes = true;
                }
            }
        }
        breathes.then(|| board.hash() ^ crate::board::zobrist::piece_key(p, cell, kind))
    }

    /// True when a soldier of `color` on empty `p` would keep a liberty and
    /// is not repelled (superko aside): the fast test the playouts use. It
    /// may miss a liberty that a connector brings, never invent one.
    pub fn soldier_fits(&self, color: Color, p: usize) -> bool {
        if self.repelled(color, p) {
            return false;
        }
        let board = &self.board;
        let own = cell_of(color);
        let mut may_capture = None;
        for n in board.neighbours(p) {
            let c = board.cell(n);
            if c == EMPTY {
                return true;
            }
            if !chain_piece(c) {
                continue;
            }
            let last = board.atari_liberty(n) == Some(p);
            if c == own && !last {
                return true;
            }
            if c != own && last {
                let allowed = *may_capture.get_or_insert_with(|| !self.captures_nothing(p));
                if allowed && !immune(board, n) {
                    return true;
                }
            }
        }
        false
    }
}
