//! The engine's side of the click protocol (see [`crate::clicks`]): plain
//! `play` and `genmove` carry one click each, a vertex of the frame or
//! `pass`, and a move is played once its clicks spell it.

use super::engine::Engine;
use super::next_clicks::Situation;
use crate::clicks::frame::{Cell, Frame};
use crate::clicks::{self, Click, Clicked};
use crate::color::Color;
use crate::game::{Clicks, GameSetup, Illegal, Position};
use crate::moves::{Move, Vertex, MAX_SIZE};
use crate::variants::{Game, Setup};

impl Engine {
    /// Where the clicks of the current game lie.
    pub fn frame(&self) -> Frame {
        Frame::of(&self.game)
    }

    /// The board size whose frame is `frame_size` squares wide, for
    /// `boardsize` in frame mode; the largest where several are.
    pub fn area_for_frame(&self, frame_size: usize) -> Option<usize> {
        if frame_size > MAX_SIZE {
            return None;
        }
        (1..=MAX_SIZE).rev().find(|&size| {
            let setup = Setup {
                size,
                ..self.setup.clone()
            };
            setup.accepts_size(size) && Frame::of(&Game::new(&setup)).size() == frame_size
        })
    }

    /// The side that clicks next: the one in the middle of a move, else
    /// the side to move.
    pub fn clicking_side(&self) -> Color {
        self.partial.color().unwrap_or_else(|| self.game.to_move())
    }

    /// The clicks that may come next: those that continue the partial
    /// move, or else the first click of every legal move.
    pub fn next_clicks(&self) -> Vec<Click> {
        let situation = Situation {
            hash: self.game.hash(),
            setup: self.setup.clone(),
            handicap: self.handicap.clone(),
            record: self.record.clone(),
            partial: self.partial.clicks().to_vec(),
        };
        self.next_clicks.get_or_find(situation, || match self.partial.clicks() {
            [] => self.game.first_clicks(),
            prefix => clicks::continuations(&clicks::spelled(&self.game), prefix),
        })
    }

    /// Reads `color`'s plain vertex or `pass` as a click.
    pub fn parse_click(&self, color: Color, word: &str) -> Result<Click, String> {
        if word.eq_ignore_ascii_case("pass") {
            return Ok(Click::Pass);
        }
        let frame = self.frame();
        let v = Vertex::parse(word).ok_or_else(|| format!("syntax error: invalid vertex '{word}'"))?;
        if !v.on_board(frame.size()) {
            let size = frame.size();
            return Err(format!("invalid vertex '{word}': off the {size}x{size} board"));
        }
        let next = match frame.cell(v) {
            Cell::Choice(_) => self.next_clicks(),
            _ => Vec::new(),
        };
        frame
            .click_at(v, color, &next)
            .map_err(|e| format!("illegal move: {e}"))
    }

    /// The vertex, or `pass`, that `color`'s click is written as.
    pub fn click_text(&self, color: Color, click: Click) -> Result<String, String> {
        write_click(&self.frame(), color, click)
    }

    /// The click that is the pass move in `game`: the variant's spelling,
    /// which may be a cell of its own (the end of the buying, Yugo's
    /// button) since GoGui ends a game after any two passes in a row. A
    /// frame with hands is every client's; one that holds only that cell
    /// (Yugo) is GoGui's alone, and other clients know the pass as `pass`.
    /// A frame larger than GTP's largest board has no names for its cells,
    /// so there the pass is `pass` too.
    pub fn pass_click(&self, game: &Game) -> Click {
        match self.pass_in_frame(game) {
            true => game.spell(Move::Pass).clicks()[0],
            false => Click::Pass,
        }
    }

    fn pass_in_frame(&self, game: &Game) -> bool {
        let frame = Frame::of(game);
        (self.frame_mode || !frame.hand_cells().is_empty()) && frame.fits()
    }

    /// True when `click` alone is the pass move in `game`: as the variant
    /// spells it, or, outside a GoGui frame that fits, as plain `pass`.
    fn passes(&self, game: &Game, click: Click) -> bool {
        let in_gogui_frame = || self.frame_mode && Frame::of(game).fits();
        game.spell(Move::Pass).is_spelled_by(&[click]) || (click == Click::Pass && !in_gogui_frame())
    }

    /// Plays `color`'s click. A one-click move is tried first and played
    /// as plain GTP always did, by either side where the variant lets it;
    /// otherwise the click must begin or continue a move of the side to
    /// move. During a setup (Buying Armies) a pass ends `color`'s setup,
    /// and other moves are read and played after the setup choices the
    /// engine makes for a plain client. On error nothing changes.
    pub fn click(&mut self, color: Color, click: Click) -> Result<Clicked, Illegal> {
        if self.partial.is_empty() && self.game.in_setup() {
            if self.passes(&self.game, click) {
                let prepared = self.prepared(|game| game.default_setup(color));
                let trail = self.partial.trail_with(color, click);
                self.play_spelled(color, Move::Pass, trail, prepared)?;
                return Ok(Clicked::Complete(Move::Pass));
            }
            if click == Click::Pass {
                return Err(self.pass_refusal(&self.game, Illegal::new("no pass now")));
            }
        }
        let prepared = self.prepared(|game| game.finish_setup());
        let mut refusal = None;
        if self.partial.is_empty() {
            let game = prepared.as_ref().unwrap_or(&self.player.game);
            let whole = match self.passes(game, click) {
                true => Some(Move::Pass),
                false => clicks::one_click_move(click).filter(|&mv| game.spell(mv).is_spelled_by(&[click])),
            };
            if let Some(mv) = whole {
                let trail = self.partial.trail_with(color, click);
                match self.play_spelled(color, mv, trail, prepared.clone()) {
                    Ok(()) => return Ok(Clicked::Complete(mv)),
                    Err(illegal) => refusal = Some(illegal),
                }
            }
        }
        let trail = self.partial.trail_with(color, click);
        let game = prepared.as_ref().unwrap_or(&self.player.game);
        let clicked = match self.partial.click(game, color, click) {
            Ok(clicked) => clicked,
            Err(illegal) if click == Click::Pass && refusal.is_none() => return Err(self.pass_refusal(game, illegal)),
            Err(illegal) => return Err(refusal.unwrap_or(illegal)),
        };
        if let Clicked::Complete(mv) = clicked {
            // The clicks spell a legal move, so it plays.
            self.play_spelled(color, mv, trail, prepared)?;
        }
        Ok(clicked)
    }

    /// Why a plain `pass` is refused: in frame mode, where the pass move
    /// has a cell of its own, the cell; otherwise `illegal` as it is.
    fn pass_refusal(&self, game: &Game, illegal: Illegal) -> Illegal {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let own_cell = self.pass_click(game);
        if !moves.contains(&Move::Pass) || own_cell == Click::Pass {
            return illegal;
        }
        let vertex = write_click(&self.frame(), game.to_move(), own_cell).unwrap_or_default();
        Illegal::new(format!(
            "in the frame this pass is {vertex}, {own_cell}: GoGui ends a game after any two passes in a row"
        ))
    }

    /// During a setup, the game after the engine's setup choices `choose`
    /// makes, when they change anything.
    fn prepared(&self, choose: impl FnOnce(&mut Game)) -> Option<Game> {
        if !self.game.in_setup() {
            return None;
        }
        let mut game = self.game.clone();
        choose(&mut game);
        (game.hash() != self.game.hash()).then_some(game)
    }

    fn play_spelled(
        &mut self,
        color: Color,
        mv: Move,
        trail: Vec<(Color, Click)>,
        prepared: Option<Game>,
    ) -> Result<(), Illegal> {
        match prepared {
            Some(game) => self.play_prepared(color, mv, Some(trail), game),
            None => self.play_given(color, mv, Some(trail)),
        }
    }

    /// The engine's next click for `color`, while `color` is in the middle
    /// of a move: the next click of the engine's own plan, or else the
    /// picked piece again, which cancels a move the engine did not choose.
    /// `None` when no move is partial.
    pub fn continuing_click(&self, color: Color) -> Result<Option<Click>, String> {
        let Some(mover) = self.partial.color() else {
            return Ok(None);
        };
        if mover != color {
            return Err(format!(
                "{mover} is in the middle of a move ({}): genmove {mover} or play {mover} finishes it, undo takes it back",
                self.partial.describe()
            ));
        }
        Ok(Some(self.partial.planned_next().unwrap_or(self.partial.clicks()[0])))
    }

    /// Plays the first click of the engine's move `mv` for `color` and
    /// keeps the rest for the following `genmove`s; answers that click.
    pub fn begin_move(&mut self, color: Color, mv: Move, commit: bool) -> Result<String, String> {
        let spelling = self.game.spell(mv);
        let first = match mv {
            Move::Pass => self.pass_click(&self.game),
            _ => spelling.clicks()[0],
        };
        let text = self.click_text(color, first)?;
        if commit {
            if spelling.clicks().len() > 1 {
                self.partial.plan(spelling.clicks());
            }
            self.click(color, first)
                .map_err(|r| format!("internal error: the search chose {mv}, whose click {first} fails: {r}"))?;
        }
        Ok(text)
    }
}

/// The vertex, or `pass`, of `color`'s click in `frame`.
pub fn write_click(frame: &Frame, color: Color, click: Click) -> Result<String, String> {
    Ok(click_vertex(frame, color, click)?.map_or_else(|| "pass".into(), |v| v.to_string()))
}

/// The vertex of `color`'s click in the frame; `None` for `pass`.
pub fn click_vertex(frame: &Frame, color: Color, click: Click) -> Result<Option<Vertex>, String> {
    if click == Click::Pass {
        return Ok(None);
    }
    let vertex = frame
        .vertex(click, color)
        .ok_or_else(|| format!("internal error: {click} has no point in the frame"))?;
    if !vertex.on_board(MAX_SIZE) {
        let size = frame.size();
        return Err(format!(
            "{click} lies in the {size}x{size} frame beyond GTP's largest board ({MAX_SIZE}x{MAX_SIZE}), so it has no vertex; variago-genmove and variago-play take whole moves"
        ));
    }
    Ok(Some(vertex))
}

/// Refuses a whole-move command while a plain client is in the middle of a move.
pub fn no_partial_move(e: &Engine) -> Result<(), String> {
    match e.partial.color() {
        Some(mover) => Err(format!(
            "{mover} is in the middle of a move ({}): finish it with play, or undo it",
            e.partial.describe()
        )),
        None => Ok(()),
    }
}
