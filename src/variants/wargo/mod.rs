//! War Go and its relatives: Go with an army of special pieces in each
//! hand (War Go), four taos in the centre (Center of Tao), nine
//! mercenaries on the star points (Mercenary Go), armies bought with a
//! credit before play (Buying Armies), or War Go's army with one of each
//! special stone (Special Stones). Each is a preset: data, not code.
//!
//! Area scoring as in Tromp-Taylor, komi 7.5, positional superko over the
//! whole board (special pieces included), no suicide, two passes end.

pub mod features;
#[cfg(test)]
mod listing_tests;
pub mod pieces;
pub mod playout;
pub mod presets;
pub mod rules;
pub mod spec;
pub mod zones;

pub use spec::{builtin_preset, setup_of, BUYING_ARMIES, CENTER_OF_TAO, MERCENARY_GO, SPECIAL_STONES, WAR_GO};

use super::go_family::{self, GoHistory};
use super::{models, Setup, Variant};
use crate::board::zobrist::StateKey;
use crate::color::Color;
use crate::game::{
    timeline_in, Click, ClickSet, Clicks, GameSetup, Illegal, Occupant, Outcome, Position, Spelling, View,
};
use crate::moves::{Move, Piece, Vertex};
use crate::search::{SearchHints, Tuning, BIG_BOARD};
use crate::solver::SolverHints;
use pieces::{Army, Hand};
use presets::Preset;
use rand::rngs::SmallRng;
use rules::State;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct WarGo {
    history: GoHistory<State>,
    komi: f32,
    preset: Arc<Preset>,
    variant: Variant,
}

impl WarGo {
    pub fn new(setup: &Setup) -> WarGo {
        let preset = setup
            .preset()
            .cloned()
            .or_else(|| builtin_preset(setup.variant).map(Arc::new))
            .expect("a War Go variant has a preset");
        let mut state = State::new(setup.size, preset.hands);
        if let Some(credit) = preset.credit {
            state.buying = [true, true];
            state.credit = [credit, credit];
        }
        for &(owner, piece, v) in &preset.start {
            if !v.on_board(setup.size) || !state.board.is_empty(state.board.point(v)) {
                continue;
            }
            let owner_cell = owner.map_or(0, crate::board::cell_of);
            if let Some((cell, kind)) = pieces::cell_and_kind(piece, owner_cell) {
                let p = state.board.point(v);
                pieces::put(&mut state.board, p, cell, kind);
            }
        }
        state.note_board();
        WarGo {
            history: GoHistory::new(state, true),
            komi: setup.komi,
            preset,
            variant: setup.variant,
        }
    }

    /// A position from a diagram, top row first, with the preset's hands:
    /// `.` empty, `X`/`O` soldiers, `#` wall, `A` ambassador, `T` tao,
    /// `E` mercenary, and for owned pieces the letter in upper case for
    /// black, lower case for white: `B` delayed bomb, `M` monk, `R`
    /// samurai, `C` cavalry, `D`/`U` two-eye stone (friendly/any), `W`
    /// switcher, `L` connector, `V` repeller, `J` King's Son. For tests and
    /// analysis.
    pub fn from_diagram(setup: &Setup, rows: &[&str], to_move: Color) -> Result<WarGo, String> {
        let size = rows.len();
        let mut game = WarGo::new(&Setup { size, ..setup.clone() });
        let state = game.history.now_mut();
        state.board = crate::board::Board::new(size);
        for (v, c) in go_family::diagram_points(rows)? {
            let p = state.board.point(v);
            let owner = if c.is_ascii_lowercase() {
                crate::board::WHITE
            } else {
                crate::board::BLACK
            };
            let piece = match c.to_ascii_uppercase() {
                '.' => continue,
                'X' => Piece::Stone,
                'O' => {
                    state.board.put(p, crate::board::WHITE, pieces::SOLDIER);
                    continue;
                }
                '#' => Piece::Wall,
                'A' => Piece::Ambassador,
                'T' => Piece::Tao,
                'E' => Piece::Mercenary,
                'B' => Piece::Bomb(crate::moves::BombMode::Delayed),
                'M' => Piece::Monk,
                'R' => Piece::Samurai,
                'C' => Piece::Cavalry,
                'D' => Piece::TwoEye(crate::moves::Flavour::Friendly),
                'U' => Piece::TwoEye(crate::moves::Flavour::Any),
                'W' => Piece::Switcher,
                'L' => Piece::Connector,
                'V' => Piece::Repeller,
                'J' => Piece::KingsSon,
                other => return Err(format!("unknown diagram piece '{other}'")),
            };
            let (cell, kind) = pieces::cell_and_kind(piece, owner).expect("a board piece");
            pieces::put(&mut state.board, p, cell, kind);
        }
        state.turn.to_move = to_move;
        state.note_board();
        game.history.restart();
        Ok(game)
    }

    pub fn state(&self) -> &State {
        self.history.now()
    }

    /// The moves as a learned move model sees them ([`features`]).
    pub fn move_features(&self) -> features::WarGoMoves<'_> {
        let s = self.state();
        // The first point the last move filled: a step's target, a drop's
        // point (captures only empty others).
        let last = self.history.snapshots().previous().and_then(|before| {
            s.board
                .all_points()
                .find(|&p| !s.board.is_empty(p) && before.board.is_empty(p))
        });
        features::WarGoMoves {
            board: &s.board,
            color: s.turn.to_move,
            last: last.unwrap_or(0),
        }
    }

    pub fn preset(&self) -> &Preset {
        &self.preset
    }

    /// The position after `color` plays `mv`, or why it is illegal.
    fn trial(&self, color: Color, mv: Move) -> Result<State, Illegal> {
        let mut next = self.state().clone();
        next.apply(color, mv)?;
        if mv != Move::Pass && self.history.repeats(next.board.hash()) {
            return Err(Illegal::new("positional superko: the board would repeat"));
        }
        Ok(next)
    }

    /// Legality of a drop on an empty point that is not repelled, cheaply
    /// where no capture is possible.
    fn drop_is_legal(&self, color: Color, piece: Piece, p: usize) -> bool {
        match self.state().quick_drop_hash(color, piece, p) {
            Some(hash) => !self.history.repeats(hash),
            None => {
                let v = self.state().board.vertex(p);
                let mv = match piece {
                    Piece::Stone => Move::Place(v),
                    _ => Move::Drop(piece, v),
                };
                self.trial(color, mv).is_ok()
            }
        }
    }

    /// Every move the side to move might make, in the order of the move
    /// list, each with `legal`, which judges it: the legal moves are those
    /// it passes.
    fn candidates(&self, mut each: impl FnMut(Move, &dyn Fn() -> bool)) {
        let s = self.state();
        if self.outcome().is_some() {
            return;
        }
        if s.in_setup() {
            each(Move::Pass, &|| true);
            return;
        }
        let color = s.turn.to_move;
        let mut hand = s.hands[color.index()];
        if s.second_move(color) {
            hand.set(Army::ExtraMove, 0);
        }
        let board = &s.board;
        for p in board.all_points() {
            if s.repelled(color, p) {
                continue;
            }
            let v = board.vertex(p);
            if !board.is_empty(p) {
                // A replacer is dropped onto an enemy soldier.
                let mv = Move::Drop(Piece::Replacer, v);
                if hand.get(Army::Replacer) > 0 && board.cell(p) == crate::board::cell_of(color.opponent()) {
                    each(mv, &|| self.trial(color, mv).is_ok());
                }
                continue;
            }
            each(Move::Place(v), &|| self.drop_is_legal(color, Piece::Stone, p));
            for army in Army::ALL {
                if hand.get(army) == 0 || army == Army::Replacer {
                    continue;
                }
                for &piece in army.pieces() {
                    each(Move::Drop(piece, v), &|| self.drop_is_legal(color, piece, p));
                }
            }
        }
        let mut steps = Vec::new();
        s.step_candidates(color, &mut steps);
        for (from, to) in steps {
            let mv = Move::Step(board.vertex(from), board.vertex(to));
            each(mv, &|| self.trial(color, mv).is_ok());
        }
        each(Move::Pass, &|| true);
    }

    /// Each side's credit left (Buying Armies), and whether it still buys.
    pub fn credit(&self, color: Color) -> Option<(u32, bool)> {
        self.preset.credit?;
        let s = self.state();
        Some((s.credit[color.index()], s.buying[color.index()]))
    }

    /// The armies both sides bought, as `piece:count,...` (Buying Armies),
    /// for the game record; `None` for presets without buying or while a
    /// side still buys.
    fn bought_armies(&self) -> Option<[String; 2]> {
        self.preset.credit?;
        // The first state of play: a pass that ended a side's buying is
        // in the history too.
        let start = self.history.snapshots().states().find(|s| !s.in_setup())?;
        Some(Color::BOTH.map(|c| {
            let hand = start.hands[c.index()];
            let parts: Vec<String> = Army::ALL
                .iter()
                .filter(|&&a| hand.get(a) > 0)
                .map(|&a| format!("{}:{}", a.name(), hand.get(a)))
                .collect();
            parts.join(",")
        }))
    }

    /// Passes that ended a side's buying: the first moves of the history,
    /// which a game record leaves out (it keeps the armies instead).
    fn setup_passes(&self) -> usize {
        self.history
            .snapshots()
            .states()
            .take(self.history.moves_played())
            .filter(|s| s.in_setup())
            .count()
    }

    /// Buys `color`'s army of a game record (see `bought_armies`) and ends
    /// its buying.
    fn buy_army(&mut self, color: Color, army: &str) -> Result<(), String> {
        for item in army.split(',').filter(|s| !s.is_empty()) {
            let (army, count) = pieces::parse_count(item)?;
            let count: u32 = count.parse().map_err(|_| format!("bad army count '{item}'"))?;
            self.buy(color, army, count)?;
        }
        self.finish_buying(color)
    }

    /// Buys `count` of `army` for `color` during the setup phase.
    pub fn buy(&mut self, color: Color, army: Army, count: u32) -> Result<(), String> {
        self.check_buying(color)?;
        let price = self.preset.prices.get(army);
        if price == 0 {
            return Err(format!("{} is not for sale", army.name()));
        }
        let cost = price.saturating_mul(count);
        let s = self.history.now_mut();
        let credit = s.credit[color.index()];
        if cost > credit {
            return Err(format!(
                "{count} {} cost {cost}, {color} has {credit} credit left",
                army.name()
            ));
        }
        s.credit[color.index()] = credit - cost;
        let hand = &mut s.hands[color.index()];
        hand.set(army, hand.get(army) + count);
        Ok(())
    }

    /// Ends `color`'s buying; play starts when both sides are done.
    pub fn finish_buying(&mut self, color: Color) -> Result<(), String> {
        self.check_buying(color)?;
        self.history.now_mut().end_buying(color);
        Ok(())
    }

    /// The engine buys for `color` (see `buy_engine_army`); then it is done.
    pub fn buy_auto(&mut self, color: Color) -> Result<(), String> {
        self.buy_engine_army(color)?;
        self.finish_buying(color)
    }

    /// The engine's army for `color`: one of each piece in turn, in the
    /// order samurai, wall, monk, cavalry, spy, bomb, mercenary, tao,
    /// ambassador, while the credit lasts.
    fn buy_engine_army(&mut self, color: Color) -> Result<(), String> {
        self.check_buying(color)?;
        const ORDER: [Army; 9] = [
            Army::Samurai,
            Army::Wall,
            Army::Monk,
            Army::Cavalry,
            Army::Spy,
            Army::Bomb,
            Army::Mercenary,
            Army::Tao,
            Army::Ambassador,
        ];
        loop {
            let mut bought = false;
            for army in ORDER {
                if self.buy(color, army, 1).is_ok() {
                    bought = true;
                }
            }
            if !bought {
                return Ok(());
            }
        }
    }

    /// The engine buys for every side still buying.
    pub fn buy_auto_all(&mut self) {
        for color in Color::BOTH {
            if self.credit(color).is_some_and(|(_, buying)| buying) {
                let _ = self.buy_auto(color);
            }
        }
    }

    fn check_buying(&self, color: Color) -> Result<(), String> {
        if self.preset.credit.is_none() {
            return Err(format!("{} has no buying phase", self.variant.name()));
        }
        if !self.state().buying[color.index()] {
            return Err(format!("{color} has finished buying"));
        }
        Ok(())
    }

    fn hand_hash(&self) -> u64 {
        let s = self.state();
        let mut hash = 0;
        for color in Color::BOTH {
            for army in Army::ALL {
                let count = s.hands[color.index()].get(army);
                hash ^= StateKey::WarGoHand {
                    color,
                    army: army.index(),
                    count,
                }
                .key();
            }
            if s.buying[color.index()] {
                hash ^= StateKey::WarGoBuying(color).key();
            }
            let count = s.sons_lost[color.index()];
            if count > 0 {
                hash ^= StateKey::WarGoSonsLost { color, count }.key();
            }
        }
        if s.extra {
            hash ^= StateKey::WarGoSecondMove.key();
        }
        hash
    }

    /// The taos on the board, for displays of their zones.
    pub fn taos(&self) -> Vec<Vertex> {
        let board = &self.state().board;
        board
            .all_points()
            .filter(|&p| zones::is_tao(board, p))
            .map(|p| board.vertex(p))
            .collect()
    }
}

impl Position for WarGo {
    fn variant_name(&self) -> &'static str {
        self.variant.name()
    }

    timeline_in!(history);

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.candidates(|mv, legal| {
            if legal() {
                out.push(mv);
            }
        });
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        Illegal::if_over(self.outcome())?;
        let next = self.trial(color, mv)?;
        self.history.push(next);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.history.snapshots().previous().is_some_and(State::in_setup) {
            // A pass that ended a side's buying: that side buys again, and
            // the purchases made since stay (a purchase is not a move).
            let now = self.history.now().clone();
            self.history.undo();
            let s = self.history.now_mut();
            s.hands = now.hands;
            s.credit = now.credit;
            s.buying = now.buying;
            if let Some(passer) = now.last_setup_pass {
                s.set_buying(passer, true);
            }
            return true;
        }
        self.history.undo()
    }

    /// Area less komi, and 5 points off a side per King's Son it lost.
    fn score_now(&self) -> Outcome {
        Outcome::Score(self.state().score() - self.komi)
    }

    fn hash(&self) -> u64 {
        let s = self.state();
        s.board.hash() ^ s.turn.key() ^ self.hand_hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.history.recomputed(self.hash())
    }

    /// Refused while a side is still buying: the setup has its own order.
    fn set_to_move(&mut self, color: Color) -> bool {
        if self.state().in_setup() {
            return false;
        }
        if color != self.to_move() {
            // The other side takes the turn: a second move due is gone.
            self.history.now_mut().extra = false;
        }
        self.history.give_turn(color);
        true
    }
}

impl View for WarGo {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        let board = &self.state().board;
        if !v.on_board(board.size()) {
            return None;
        }
        let p = board.point(v);
        pieces::occupant(board.cell(p), board.kind(p))
    }

    fn status_lines(&self) -> Vec<String> {
        let s = self.state();
        let mut lines = Vec::new();
        for color in Color::BOTH {
            let mut line = format!("hand: {color} {}", s.hands[color.index()].text());
            if let Some((credit, buying)) = self.credit(color) {
                let phase = if buying { "buying" } else { "done" };
                line.push_str(&format!(" (credit {credit}, {phase})"));
            }
            lines.push(line);
        }
        let [b, w] = s.captures;
        lines.push(format!("captures: black {b} white {w}"));
        if s.extra {
            lines.push(format!(
                "second move: {} moves again after its extra move",
                s.turn.to_move
            ));
        }
        if s.sons_lost != [0, 0] {
            let [b, w] = s.sons_lost;
            lines.push(format!("kings sons lost: black {b} white {w} (5 points each)"));
        }
        lines.push(format!("komi: {}", self.komi));
        let taos = self.taos();
        if !taos.is_empty() {
            let size = self.size();
            let zones: Vec<String> = taos
                .iter()
                .map(|t| {
                    let corner = |d: i32| {
                        let c = |x: u8| (x as i32 + d).clamp(0, size as i32 - 1) as usize;
                        Vertex::new(c(t.x), c(t.y))
                    };
                    format!("{t} ({}-{})", corner(-2), corner(2))
                })
                .collect();
            lines.push(format!("tao zones: {}", zones.join(" ")));
        }
        lines
    }

    fn captures(&self) -> [u32; 2] {
        self.state().captures
    }

    /// The army pieces the side can ever hold: those of the preset's hand,
    /// and those for sale where armies are bought.
    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> {
        let hand: Hand = self.state().hands[color.index()];
        let start = self.preset.hands[color.index()];
        let held = |a: Army| start.get(a) > 0 || (self.preset.credit.is_some() && self.preset.prices.get(a) > 0);
        Some(
            Army::ALL
                .iter()
                .filter(|&&a| held(a) || hand.get(a) > 0)
                .map(|&a| (a.pieces()[0], hand.get(a)))
                .collect(),
        )
    }

    fn zones(&self) -> Vec<Vertex> {
        let board = &self.state().board;
        board
            .all_points()
            .filter(|&p| zones::in_tao_zone(board, p))
            .map(|p| board.vertex(p))
            .collect()
    }
}

impl GameSetup for WarGo {
    fn in_setup(&self) -> bool {
        self.state().in_setup()
    }

    /// A side that has bought nothing gets the engine's army (see
    /// `buy_auto`); the pass that follows ends its buying.
    fn default_setup(&mut self, color: Color) {
        let Some((credit, true)) = self.credit(color) else {
            return;
        };
        if self.state().hands[color.index()].is_empty() && Some(credit) == self.preset.credit {
            let _ = self.buy_engine_army(color);
        }
    }

    fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// Buying Armies: the engine buys for each side still buying.
    fn finish_setup(&mut self) {
        self.buy_auto_all();
    }

    fn record_options(&self) -> Vec<(String, String)> {
        let Some(armies) = self.bought_armies() else {
            return Vec::new();
        };
        Color::BOTH
            .into_iter()
            .map(|c| (spec::army_key(c).to_string(), armies[c.index()].clone()))
            .collect()
    }

    fn restore_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let color = spec::army_owner(key).ok_or_else(|| format!("unknown option '{key}'"))?;
        self.buy_army(color, value)
    }

    fn setup_moves(&self) -> usize {
        self.setup_passes()
    }
}

impl Clicks for WarGo {
    /// A bomb is picked from the hand, dropped, and then given its mode.
    /// The pass that ends a side's buying is a click of its own, `done`:
    /// GoGui ends a game after two passes in a row.
    fn spell(&self, mv: Move) -> Spelling {
        match mv {
            Move::Pass if self.in_setup() => Spelling::new([Click::Choice(0, "done")]),
            Move::Drop(Piece::Bomb(mode), v) => {
                let (index, name) = pieces::mode_option(mode);
                Spelling::new([
                    Click::Hand(Army::Bomb.pieces()[0]),
                    Click::Point(v),
                    Click::Choice(index, name),
                ])
            }
            _ => Spelling::of_kind(mv),
        }
    }

    fn first_clicks(&self) -> Vec<Click> {
        let mut found = ClickSet::default();
        self.candidates(|mv, legal| found.offer(&self.spell(mv), legal));
        found.into_clicks()
    }
}

impl SearchHints for WarGo {
    /// From 13x13, Go's weighing of the statistics, whose priors the
    /// soldiers carry: at 0.5 s a move it won 23 of 24 games against the
    /// default on 13x13, and 24 of 24 in Center of Tao. On 9x9 it won 21
    /// of 41, and lost more often to flat Monte Carlo (docs/learning.md).
    fn tuning(&self) -> Tuning {
        if self.size() >= BIG_BOARD {
            Tuning::go_like(self.size())
        } else {
            Tuning::default()
        }
    }

    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
        playout::prune_for_search(self.state(), out);
    }

    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        match playout::run(self.state().clone(), self.komi, rng, trace) {
            (_, Some(winner)) => Outcome::Win(winner).value_for_black(),
            (end, None) => Outcome::Score(end.score() - self.komi).value_for_black(),
        }
    }

    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        Some(go_family::ownership(self.size() * self.size(), playouts, |trace| {
            let (end, _) = playout::run(self.state().clone(), self.komi, rng, trace);
            end.board.area_owners()
        }))
    }

    /// Soldiers get Go's priors (walls and taos read as the board's edge);
    /// drops and steps start as poor moves, so that one lucky playout does
    /// not make a speculative drop look best, except an extra move that
    /// captures with its second move (see `playout::special_prior`).
    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        let s = self.state();
        match mv {
            Move::Place(v) => super::go::policy::prior(&s.board, s.turn.to_move, s.board.point(v)),
            Move::Drop(..) | Move::Step(..) => Some(playout::special_prior(s, mv)),
            Move::Polyomino(..) => None,
            Move::Pass => None,
        }
    }

    /// [`SearchHints::prior`], and with a move model read by `--model`
    /// the model's chance on top (see [`MoveModel::priors`]), at the root
    /// and one ply below it, as in Group Go: a node lists every drop of
    /// every piece in hand.
    ///
    /// [`MoveModel::priors`]: crate::features::model::MoveModel::priors
    fn priors_near_root(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        let prior = |mv| self.prior(mv);
        models::priors(self.variant, &self.move_features(), moves, (prior, MODEL_WEIGHT), out)
    }

    fn near_root_priors_differ(&self) -> bool {
        models::in_use(self.variant).is_some()
    }
}

/// The virtual wins and playouts that a move the model is sure of adds.
const MODEL_WEIGHT: f32 = 100.0;

impl SolverHints for WarGo {}
