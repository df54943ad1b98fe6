//! What a game is to the rest of the engine: the core trait every variant
//! writes ([`Position`]), its companions for displays ([`View`]), setup and
//! records ([`GameSetup`]) and clicks ([`Clicks`]), and the values they hand
//! out (an [`Outcome`]; at the end of a game counted by area, an
//! [`Ownership`] and the [`Judgement`] of the stones). The hints that make
//! the search and the solver play a variant well live with them
//! ([`crate::search::SearchHints`], [`crate::solver::SolverHints`]).

mod click_set;
mod forward;
mod position;
mod setup;
mod spelling;
mod status;
mod view;

pub(crate) use forward::{declare_trait, forward_trait};
pub(crate) use position::{position_methods, timeline_in};
pub(crate) use setup::game_setup_methods;
pub(crate) use spelling::clicks_methods;
pub(crate) use view::view_methods;

pub use click_set::ClickSet;
pub use position::Position;
pub use setup::GameSetup;
pub use spelling::{hand_name, Click, Clicks, Spelling};
pub use status::{Judgement, Ownership, Status};
pub use view::View;

use crate::color::Color;
use crate::moves::{Move, Piece};
use std::fmt;

/// Why a move was refused. The text names the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl Illegal {
    pub fn new(reason: impl Into<String>) -> Illegal {
        Illegal(reason.into())
    }

    /// Refuses every move once the game is decided (`outcome` is `Some`).
    pub fn if_over(outcome: Option<Outcome>) -> Result<(), Illegal> {
        match outcome {
            Some(_) => Err(Illegal::new("the game is over")),
            None => Ok(()),
        }
    }

    /// The refusal of a move of a kind that `variant` (its name for
    /// people) does not have: no pass, no such piece, no moving pieces, no
    /// polyomino drops.
    pub fn absent_kind(variant: &str, mv: Move) -> Illegal {
        Illegal(match mv {
            Move::Pass => format!("{variant} has no pass"),
            Move::Place(_) => format!("{variant} has no placement"),
            Move::Drop(piece, _) => format!("{variant} has no {piece}"),
            Move::Step(..) => format!("pieces do not move in {variant}"),
            Move::Polyomino(..) => format!("{variant} has no polyomino drops"),
        })
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a finished game was decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// A points result: black's score minus white's (0 is a draw).
    Score(f32),
    /// Won by a rule rather than by points (a capture, an Igo, no legal move).
    Win(Color),
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Score(s) if s > 0.0 => Some(Color::Black),
            Outcome::Score(s) if s < 0.0 => Some(Color::White),
            Outcome::Win(c) => Some(c),
            _ => None,
        }
    }

    /// The value of the game for black: 1 a win, 0 a loss, 0.5 a draw.
    pub fn value_for_black(self) -> f32 {
        match self.winner() {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        }
    }
}

/// GTP `final_score` text: `B+3.5`, `W+R` for a win by rule, `0` for a draw.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Outcome::Score(0.0) => f.write_str("0"),
            Outcome::Score(s) => {
                let winner = if s > 0.0 { 'B' } else { 'W' };
                write!(f, "{winner}+{}", s.abs())
            }
            Outcome::Win(c) => write!(f, "{}+R", c.letter()),
            Outcome::Draw => f.write_str("0"),
        }
    }
}

/// Who a piece on the board belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Player(Color),
    Neutral,
}

/// A piece on a point, as displays and front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupant {
    pub owner: Owner,
    pub piece: Piece,
}

impl Occupant {
    /// The character `showboard` prints: `X`/`O` for plain stones, a piece
    /// letter otherwise (uppercase black, lowercase white).
    pub fn symbol(self) -> char {
        let Some(letter) = self.piece.letter() else {
            return match self.owner {
                Owner::Player(Color::Black) => 'X',
                Owner::Player(Color::White) => 'O',
                Owner::Neutral => '*',
            };
        };
        match self.owner {
            Owner::Player(Color::White) => letter.to_ascii_lowercase(),
            _ => letter,
        }
    }
}

/// Counts legal move sequences of exactly `depth` moves.
pub fn perft<P: Position>(pos: &mut P, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let color = pos.to_move();
    let mut total = 0;
    for mv in moves {
        pos.play(color, mv).expect("a listed legal move must be playable");
        total += perft(pos, depth - 1);
        pos.undo();
    }
    total
}
