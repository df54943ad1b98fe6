//! Moves as sequences of clicks, for clients that only know points.
//!
//! GoGui, gogui-twogtp and Sabaki send and read one vertex (or `pass`) per
//! GTP command. A typed move (`henge@C3`, `D4-E4`, `bomb:delayed@D4`) is
//! therefore spelled as a short sequence of [`Click`]s, and plain `play`
//! and `genmove` carry one click each:
//!
//! | move kind         | default spelling                          |
//! |-------------------|-------------------------------------------|
//! | `D4` (placement)  | the point                                 |
//! | `pass`            | pass                                      |
//! | `henge@C3` (drop) | the piece in the mover's hand, the target |
//! | `D4-E4` (step)    | the piece on the board, the destination   |
//!
//! A variant declares each move's spelling ([`Clicks::spell`], which
//! defaults to the table above); everything else is done here, the same
//! way for every variant: which clicks may follow a prefix
//! ([`continuations`]), when a prefix spells a whole legal move
//! ([`read`]), and the partial move a client is clicking ([`Partial`]).
//! Where the clicks of a hand or a choice lie is the business of the
//! [`frame`].
//!
//! The spellings of the legal moves of a position must be prefix-free (no
//! spelling starts another), so that a click sequence names at most one
//! move, and no spelling repeats a click, so that clicking a picked piece
//! again can cancel.

pub mod frame;

use crate::color::Color;
use crate::game::{Clicks, Illegal};
use crate::moves::Move;

pub use crate::game::{hand_name, Click, ClickSet, Spelling};

/// The legal moves of the side to move, each with its spelling.
pub fn spelled<P: Clicks>(game: &P) -> Vec<(Move, Spelling)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|mv| (mv, game.spell(mv))).collect()
}

/// What a sequence of clicks amounts to among spelled moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The clicks spell this whole move.
    Move(Move),
    /// The clicks begin at least one move.
    Partial,
    /// The clicks begin no move.
    Nothing,
}

/// Reads `clicks` against the spelled legal moves.
pub fn read(spelled: &[(Move, Spelling)], clicks: &[Click]) -> Reading {
    let mut reading = Reading::Nothing;
    for (mv, spelling) in spelled {
        if spelling.is_spelled_by(clicks) {
            return Reading::Move(*mv);
        }
        if spelling.starts_with(clicks) {
            reading = Reading::Partial;
        }
    }
    reading
}

/// Every click that continues `prefix` towards a legal move, each once,
/// in the order of the move list.
pub fn continuations(spelled: &[(Move, Spelling)], prefix: &[Click]) -> Vec<Click> {
    let mut next = ClickSet::default();
    for (_, spelling) in spelled.iter().filter(|(_, s)| s.starts_with(prefix)) {
        for click in spelling.next_after(prefix) {
            next.insert(click);
        }
    }
    next.into_clicks()
}

/// The one-click move a click names by default: a placement or a pass.
pub fn one_click_move(click: Click) -> Option<Move> {
    match click {
        Click::Pass => Some(Move::Pass),
        Click::Point(v) => Some(Move::Place(v)),
        Click::Hand(_) | Click::Choice(..) => None,
    }
}

/// How many of the clicks that may come next an error message lists.
const LISTED: usize = 6;

/// A move being clicked: the clicks so far and who clicks them, and the
/// engine's own plan when `genmove` chose the move.
///
/// GoGui keeps every click as a node of its game tree, a cancel too, and
/// sends one `undo` per step back; so the partial move keeps its trail,
/// every click since the last whole move with the cancels, and an undo
/// takes back one click of the trail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    color: Option<Color>,
    clicks: Vec<Click>,
    /// Every click since the last whole move, cancels included.
    trail: Vec<(Color, Click)>,
    /// The whole spelling the engine chose; followed while `clicks` begins it.
    plan: Vec<Click>,
}

/// What one click did to the partial move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clicked {
    /// The move goes on.
    Pending,
    /// The clicks spell this whole move, which the caller now plays; the
    /// partial move is empty again.
    Complete(Move),
    /// The picked piece was clicked again: the partial move is gone.
    Cancelled,
}

impl Partial {
    pub fn is_empty(&self) -> bool {
        self.clicks.is_empty()
    }

    /// Who is clicking, while a move is partial.
    pub fn color(&self) -> Option<Color> {
        self.color.filter(|_| !self.clicks.is_empty())
    }

    pub fn clicks(&self) -> &[Click] {
        &self.clicks
    }

    /// Forgets the partial move and any plan.
    pub fn clear(&mut self) {
        *self = Partial::default();
    }

    /// The clicks since the last whole move, cancels included.
    pub fn trail(&self) -> &[(Color, Click)] {
        &self.trail
    }

    /// The trail that `color`'s `click` ends, as the move it completes
    /// records it.
    pub fn trail_with(&self, color: Color, click: Click) -> Vec<(Color, Click)> {
        let mut trail = self.trail.clone();
        trail.push((color, click));
        trail
    }

    /// Starts again from `trail` (an undone move's, less its last click).
    pub fn restore(&mut self, trail: &[(Color, Click)]) {
        self.trail = trail.to_vec();
        self.plan.clear();
        self.replay();
    }

    /// Takes back the last click of the trail, a cancel too; false when
    /// there is none.
    pub fn undo(&mut self) -> bool {
        if self.trail.pop().is_none() {
            return false;
        }
        self.replay();
        true
    }

    /// Sets the partial move from the trail: each click extends it, and
    /// its first click again cancels it.
    fn replay(&mut self) {
        self.color = None;
        self.clicks.clear();
        for &(color, click) in &self.trail {
            if self.clicks.first() == Some(&click) {
                self.clicks.clear();
            } else {
                self.color = Some(color);
                self.clicks.push(click);
            }
        }
    }

    /// Applies `color`'s click to the partial move in `game` (the position
    /// before it). A move of several clicks starts on its side's turn. On
    /// error nothing changes.
    pub fn click<P: Clicks>(&mut self, game: &P, color: Color, click: Click) -> Result<Clicked, Illegal> {
        if let Some(mover) = self.color() {
            if color != mover {
                return Err(Illegal::new(format!(
                    "{mover} is in the middle of a move ({}): {mover} finishes it, or undo takes it back",
                    self.describe()
                )));
            }
            if self.clicks.first() == Some(&click) {
                self.clicks.clear();
                self.plan.clear();
                self.trail.push((color, click));
                return Ok(Clicked::Cancelled);
            }
        } else if color != game.to_move() {
            return Err(Illegal::new(format!(
                "it is {}'s turn: a move of several clicks starts on its own turn",
                game.to_move()
            )));
        }
        let spelled = spelled(game);
        let mut clicks = self.clicks.clone();
        clicks.push(click);
        match read(&spelled, &clicks) {
            Reading::Move(mv) => {
                self.clear();
                Ok(Clicked::Complete(mv))
            }
            Reading::Partial => {
                if !self.plan.starts_with(&clicks) {
                    self.plan.clear();
                }
                self.color = Some(color);
                self.clicks = clicks;
                self.trail.push((color, click));
                Ok(Clicked::Pending)
            }
            Reading::Nothing => Err(self.no_continuation(&spelled, click)),
        }
    }

    /// Why `click` does not continue the partial move.
    fn no_continuation(&self, spelled: &[(Move, Spelling)], click: Click) -> Illegal {
        if self.clicks.is_empty() {
            return Illegal::new(format!("{click} begins no legal move"));
        }
        let next = continuations(spelled, &self.clicks);
        let mut listed: Vec<String> = next.iter().take(LISTED).map(Click::to_string).collect();
        if next.len() > LISTED {
            listed.push(format!("... ({} in all)", next.len()));
        }
        Illegal::new(format!(
            "{click} does not continue {}; next: {}; or {} again to cancel",
            self.describe(),
            listed.join(", "),
            self.clicks[0]
        ))
    }

    /// The partial move in words, e.g. `the henge in hand, then C3`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self.clicks.iter().map(Click::to_string).collect();
        parts.join(", then ")
    }

    /// Remembers the engine's chosen spelling, whose first click the caller
    /// is about to apply.
    pub fn plan(&mut self, spelling: &[Click]) {
        self.plan = spelling.to_vec();
    }

    /// The engine's next planned click, while the partial move follows its plan.
    pub fn planned_next(&self) -> Option<Click> {
        if self.clicks.is_empty() || !self.plan.starts_with(&self.clicks) {
            return None;
        }
        self.plan.get(self.clicks.len()).copied()
    }
}

/// Plays random games of each (variant, size, moves) in `games`, up to
/// `moves` moves, a pass only where nothing else is legal (two end the
/// game), and checks in each position that the legal moves are those
/// `reference` finds, and the first clicks those of the spelled legal
/// moves; every game lasts five moves at least.
#[cfg(test)]
pub(crate) fn check_random_games<P: Clicks>(
    new: impl Fn(&crate::variants::Setup) -> P,
    games: &[(crate::variants::Variant, usize, usize)],
    reference: impl Fn(&P) -> Vec<Move>,
) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    for &(variant, size, moves) in games {
        let mut positions = 0;
        let mut game = new(&crate::variants::Setup {
            size,
            ..crate::variants::Setup::new(variant)
        });
        for _ in 0..moves {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            assert_eq!(legal, reference(&game), "{variant:?} {size}x{size}");
            assert_eq!(game.first_clicks(), continuations(&spelled(&game), &[]));
            positions += 1;
            let others = legal.iter().filter(|&&mv| mv != Move::Pass).count();
            let Some(&mv) = legal.get(rng.random_range(0..others.max(1))) else {
                break;
            };
            game.play(game.to_move(), mv).expect("a listed move is legal");
        }
        assert!(positions >= 5, "{variant:?} {size}x{size}: {positions} positions");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{Piece, Vertex};

    fn v(text: &str) -> Vertex {
        Vertex::parse(text).unwrap()
    }

    fn point(text: &str) -> Click {
        Click::Point(v(text))
    }

    #[test]
    fn default_spellings_by_kind() {
        let drop = Spelling::of_kind(Move::Drop(Piece::Henge, v("C3")));
        assert_eq!(drop.clicks(), &[Click::Hand(Piece::Henge), point("C3")]);
        assert!(drop.starts_with(&[Click::Hand(Piece::Henge)]));
        assert!(!drop.starts_with(&[point("C3")]), "the order is fixed");
        let step = Spelling::of_kind(Move::Step(v("D4"), v("E4")));
        assert!(step.is_spelled_by(&[point("D4"), point("E4")]));
        assert!(!step.is_spelled_by(&[point("D4")]));
    }

    #[test]
    fn cells_in_any_order() {
        // A domino: its two cells may be clicked in either order.
        let domino = Spelling::then_any_order(vec![point("D4"), point("D5")], 0);
        assert!(domino.is_spelled_by(&[point("D5"), point("D4")]));
        assert!(domino.is_spelled_by(&[point("D4"), point("D5")]));
        assert!(!domino.starts_with(&[point("D4"), point("D4")]), "a cell counts once");
        // A shape from the hand: the pick first, then the cells in any order.
        let shape = Spelling::then_any_order(vec![Click::Hand(Piece::Stone), point("A1"), point("B1")], 1);
        assert!(shape.starts_with(&[Click::Hand(Piece::Stone), point("B1")]));
        assert!(!shape.starts_with(&[point("B1")]));
        let spelled = vec![
            (Move::Pass, domino.clone()),
            (
                Move::Place(v("A1")),
                Spelling::then_any_order(vec![point("D4"), point("E4")], 0),
            ),
        ];
        assert_eq!(continuations(&spelled, &[point("D4")]), vec![point("D5"), point("E4")]);
        assert_eq!(
            read(&spelled, &[point("E4"), point("D4")]),
            Reading::Move(Move::Place(v("A1")))
        );
        assert_eq!(read(&spelled, &[point("D4")]), Reading::Partial);
        assert_eq!(read(&spelled, &[point("A9")]), Reading::Nothing);
    }
}
