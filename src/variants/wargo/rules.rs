//! War Go's move rules on the fast board: drops, steps, captures with
//! their immunities and bans, flips and explosions.
//!
//! A move changes the board, then `resolve` captures: groups of the
//! opponent (after a mercenary step: of both players) that the move left
//! without liberties, unless they are immune or the move captures nothing;
//! then mercenary groups left without liberties; then captured delayed
//! bombs explode. Finally the group of the moved piece and the mover's
//! groups beside it must have a liberty.

use super::pieces::{self, Army, Hand, AMBASSADOR, CAVALRY, DELAYED_BOMB, SAMURAI, SOLDIER, WALL};
use super::zones;
use crate::board::{cell_of, Board, BLACK, BLOCK, EMPTY, NEUTRAL, WHITE};
use crate::color::Color;
use crate::game::Illegal;
use crate::moves::{BombMode, Move, Piece, Vertex};
use crate::variants::go_family::{go_state, Turn};

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
}

fn chain_piece(cell: u8) -> bool {
    matches!(cell, BLACK | WHITE | NEUTRAL)
}

/// A group no capture can take: a stone of it touches an ambassador, or it
/// holds a samurai or cavalry together with a friendly stone beside it.
pub fn immune(board: &Board, p: usize) -> bool {
    let stones = board.chain_stones(p);
    let guarded = stones.len() >= 2
        && matches!(board.cell(p), BLACK | WHITE)
        && stones.iter().any(|&s| matches!(board.kind(s), SAMURAI | CAVALRY));
    guarded || stones.iter().any(|&s| zones::beside_ambassador(board, s))
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
        }
    }

    /// Notes the pieces set on the board outside moves (start positions).
    pub fn note_board(&mut self) {
        let board = &self.board;
        self.monks = board.all_points().any(|p| zones::is_monk(board, p));
    }

    /// A drop or move onto `p` captures nothing: `p` is next to an
    /// ambassador or inside a monk's square.
    fn captures_nothing(&self, p: usize) -> bool {
        zones::beside_ambassador(&self.board, p) || (self.monks && zones::in_monk_zone(&self.board, p))
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
        match mv {
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
                self.drop(color, piece, self.point_of(v)?)?;
                self.hands[color.index()].set(army, left - 1);
            }
            Move::Step(from, to) => self.step(color, self.point_of(from)?, self.point_of(to)?)?,
        }
        self.turn.moved(color);
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
                    .filter(|&n| matches!(self.board.cell(n), BLACK | WHITE) && self.board.kind(n) == SOLDIER)
                    .collect();
                let cells: Vec<u8> = flipped.iter().map(|&n| BLACK + WHITE - self.board.cell(n)).collect();
                if !flipped.is_empty() {
                    self.board.remove_points(&flipped);
                }
                for (&n, &cell) in flipped.iter().zip(&cells) {
                    self.board.put(n, cell, SOLDIER);
                }
                self.board.put(p, own, SOLDIER);
                let mut touched = vec![p];
                touched.extend(&flipped);
                self.resolve(color, p, &touched, false)
            }
            _ => {
                let (cell, kind) =
                    pieces::cell_and_kind(piece, own).ok_or_else(|| Illegal::new(format!("War Go has no {piece}")))?;
                self.board.put(p, cell, kind);
                self.monks |= piece == Piece::Monk;
                self.resolve(color, p, &[p], false)
            }
        }
    }

    /// Why the piece on `from` may not step to `to` for `color`, if it may not.
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
                SOLDIER if !zones::in_tao_zone(board, from) => {
                    return Some("a soldier moves only inside a tao zone".into())
                }
                SOLDIER | SAMURAI => {}
                CAVALRY => {
                    if !horse_targets(board, from).contains(&to) {
                        return Some("a cavalry moves like a Xiangqi horse, not blocked on its first point".into());
                    }
                }
                _ => return Some(format!("a {} never moves", what.unwrap_or_default())),
            },
        }
        if (kind != CAVALRY || cell == NEUTRAL) && !adjacent {
            return Some("a step goes to an adjacent point".into());
        }
        if !board.is_empty(to) {
            return Some("point is occupied".into());
        }
        if matches!(cell, BLACK | WHITE)
            && matches!(kind, SAMURAI | CAVALRY)
            && freedom_after_step(board, from, to, cell) < 3
        {
            return Some("the target needs three empty or friendly neighbours".into());
        }
        None
    }

    fn step(&mut self, color: Color, from: usize, to: usize) -> Result<(), Illegal> {
        if let Some(reason) = self.step_error(color, from, to) {
            return Err(Illegal::new(reason));
        }
        let (cell, kind) = (self.board.cell(from), self.board.kind(from));
        self.board.remove_points(&[from]);
        self.board.put(to, cell, kind);
        self.resolve(color, to, &[to], cell == NEUTRAL)
    }

    /// Captures after a move onto `p` that changed the points `touched`,
    /// then the liberty check of the mover.
    fn resolve(&mut self, color: Color, p: usize, touched: &[usize], mercenary_step: bool) -> Result<(), Illegal> {
        let own = cell_of(color);
        let enemy = cell_of(color.opponent());
        let victims = |cell: u8| cell == enemy || (mercenary_step && cell == own);
        // Whether the move may capture at all, found only when something could be.
        let mut allowed: Option<bool> = None;
        let mut bombs = Vec::new();
        let breathless = |board: &Board, t: usize| {
            board
                .neighbours(t)
                .into_iter()
                .chain([t])
                .any(|n| chain_piece(board.cell(n)) && board.surrounded(n))
        };
        let phases = if touched.iter().any(|&t| breathless(&self.board, t)) {
            2
        } else {
            0
        };
        for phase in 0..phases {
            let mut heads = Vec::new();
            for &t in touched {
                for n in self.board.neighbours(t).into_iter().chain([t]) {
                    let cell = self.board.cell(n);
                    let wanted = if phase == 0 { victims(cell) } else { cell == NEUTRAL };
                    if wanted && self.board.surrounded(n) && !heads.contains(&self.board.chain(n)) {
                        heads.push(self.board.chain(n));
                    }
                }
            }
            if heads.is_empty() {
                continue;
            }
            if !*allowed.get_or_insert_with(|| !self.captures_nothing(p)) {
                break;
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
        if chain_piece(self.board.cell(p)) && self.board.surrounded(p) {
            return Err(Illegal::new("suicide: the piece's group would have no liberty"));
        }
        for &t in touched {
            for n in self.board.neighbours(t) {
                if self.board.cell(n) == own && self.board.surrounded(n) {
                    return Err(Illegal::new("suicide: a group of the mover would have no liberty"));
                }
            }
        }
        Ok(())
    }

    /// Every step `color` may try, before superko: mercenaries, samurai,
    /// cavalry and soldiers in a tao zone.
    pub fn step_candidates(&self, color: Color, out: &mut Vec<(usize, usize)>) {
        let board = &self.board;
        let own = cell_of(color);
        for from in board.all_points() {
            let cell = board.cell(from);
            let kind = board.kind(from);
            let movable = cell == NEUTRAL
                || (cell == own
                    && match kind {
                        SAMURAI | CAVALRY => true,
                        SOLDIER => zones::in_tao_zone(board, from),
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
            for to in targets {
                if board.is_empty(to) && self.step_error(color, from, to).is_none() {
                    out.push((from, to));
                }
            }
        }
    }

    /// The board hash after a drop of `piece` on empty `p` when the drop
    /// surely captures nothing and is surely not suicide; `None` when the
    /// drop needs a full trial on a copy.
    pub fn quick_drop_hash(&self, color: Color, piece: Piece, p: usize) -> Option<u64> {
        let board = &self.board;
        let own = cell_of(color);
        if piece == Piece::Bomb(BombMode::Immediate) {
            let hash = blast(board, p).into_iter().fold(board.hash(), |h, q| {
                h ^ crate::board::zobrist::piece_key(q, board.cell(q), board.kind(q))
            });
            return Some(hash);
        }
        if piece == Piece::Spy
            && board
                .neighbours(p)
                .into_iter()
                .any(|n| matches!(board.cell(n), BLACK | WHITE) && board.kind(n) == SOLDIER)
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

    /// True when a soldier of `color` on empty `p` would keep a liberty
    /// (superko aside): the fast test the playouts use.
    pub fn soldier_fits(&self, color: Color, p: usize) -> bool {
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
