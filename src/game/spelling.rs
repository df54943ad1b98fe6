//! How a move is clicked by a client that only knows points: a
//! [`Spelling`] of [`Click`]s, which a variant declares for each of its
//! moves ([`Clicks::spell`](super::Clicks::spell)). Reading clicks against
//! the spelled moves is [`crate::clicks`]' business.

use super::forward::declare_trait;
use super::Position;
use crate::moves::{Move, Piece, Vertex};
use smallvec::SmallVec;
use std::fmt;

/// The methods of [`Clicks`], for its declaration and the forwarding.
macro_rules! clicks_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// How a client that only knows points clicks `mv` (see
        /// [`crate::clicks`]). The default goes by the move's kind: the point,
        /// the piece in hand then the target, the piece then its destination.
        fn spell(&self, mv: Move) -> Spelling {
            Spelling::of_kind(mv)
        }

        /// True where some move is clicked on a cell beside the board although
        /// no hand lists a piece (Yugo's button): the frame is then one point
        /// larger than the board. A variant with a hand has its frame anyway.
        fn needs_frame(&self) -> bool {
            false
        }

        /// The first click of every legal move, each once, in the order of
        /// the move list. A variant whose thousands of moves share a few
        /// hundred first clicks offers its candidate moves to
        /// [`ClickSet::offer`](crate::game::ClickSet::offer), which judges
        /// only those that would add one.
        fn first_clicks(&self) -> Vec<$crate::game::Click> {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            let mut found = $crate::game::ClickSet::default();
            for mv in moves {
                found.offer(&self.spell(mv), || true);
            }
            found.into_clicks()
        }
    } };
}
pub(crate) use clicks_methods;

clicks_methods!(declare_trait! {
    /// How a position's moves are clicked by clients that only know points.
    pub trait Clicks [Position]
});

/// One click of a spelled move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Click {
    Pass,
    /// A point of the playing area.
    Point(Vertex),
    /// The mover's hand cell of a piece, as [`View::hand`](super::View::hand) names it.
    Hand(Piece),
    /// One option of a choice, such as a bomb's mode: its place among the
    /// choice's options (which fixes its cell in the frame), and its name.
    Choice(u8, &'static str),
}

impl fmt::Display for Click {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Click::Pass => f.write_str("pass"),
            Click::Point(v) => write!(f, "{v}"),
            Click::Hand(piece) => write!(f, "the {} in hand", hand_name(*piece)),
            Click::Choice(_, option) => write!(f, "the choice {option}"),
        }
    }
}

/// A piece as a hand holds it: a bomb's mode is chosen at the drop.
pub fn hand_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Bomb(_) => "bomb",
        other => other.name(),
    }
}

const LONGEST: usize = 1 + crate::polyomino::MAX_CELLS;

/// How a move is clicked: its clicks in order, except that the clicks from
/// `any_order_from` on may come in any order (the cells of a polyomino).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// Inline, not on the heap: a ruler spells every legal move, ten
    /// thousand polyomino drops on 19x19, after each move. The longest
    /// spelling is a piece from the hand and a polyomino's cells.
    clicks: SmallVec<[Click; LONGEST]>,
    any_order_from: usize,
}

impl Spelling {
    /// Clicks in this order.
    pub fn new(clicks: impl IntoIterator<Item = Click>) -> Spelling {
        Spelling::then_any_order(clicks, usize::MAX)
    }

    /// The first `ordered` clicks in this order, the rest in any order.
    pub fn then_any_order(clicks: impl IntoIterator<Item = Click>, ordered: usize) -> Spelling {
        // Pushed one by one: collecting goes through `extend`, which costs
        // more than the few clicks of a spelling.
        let mut inline = SmallVec::<[Click; LONGEST]>::new();
        for click in clicks {
            inline.push(click);
        }
        let clicks = inline;
        Spelling {
            any_order_from: ordered.min(clicks.len()),
            clicks,
        }
    }

    /// The default spelling of a move, by its kind.
    pub fn of_kind(mv: Move) -> Spelling {
        match mv {
            Move::Pass => Spelling::new([Click::Pass]),
            Move::Place(v) => Spelling::new([Click::Point(v)]),
            Move::Drop(piece, v) => Spelling::new([Click::Hand(piece), Click::Point(v)]),
            Move::Step(from, to) => Spelling::new([Click::Point(from), Click::Point(to)]),
            // A polyomino's cells, in any order.
            Move::Polyomino(..) => Spelling::then_any_order(mv.points().map(Click::Point), 0),
        }
    }

    /// The clicks in the order a program answers them.
    pub fn clicks(&self) -> &[Click] {
        &self.clicks
    }

    /// Whether `prefix` begins this spelling in an allowed order.
    pub fn starts_with(&self, prefix: &[Click]) -> bool {
        if prefix.len() > self.clicks.len() {
            return false;
        }
        let fixed = prefix.len().min(self.any_order_from);
        if prefix[..fixed] != self.clicks[..fixed] {
            return false;
        }
        let free = &self.clicks[self.any_order_from..];
        let rest = &prefix[fixed..];
        rest.iter()
            .enumerate()
            .all(|(i, c)| free.contains(c) && !rest[..i].contains(c))
    }

    /// Whether `clicks` is this whole spelling.
    pub fn is_spelled_by(&self, clicks: &[Click]) -> bool {
        clicks.len() == self.clicks.len() && self.starts_with(clicks)
    }

    /// The clicks that may follow `prefix`, which begins this spelling.
    pub(crate) fn next_after<'a>(&'a self, prefix: &'a [Click]) -> impl Iterator<Item = Click> + 'a {
        let free = if prefix.len() < self.any_order_from {
            &self.clicks[prefix.len()..=prefix.len()]
        } else {
            &self.clicks[self.any_order_from..]
        };
        free.iter().copied().filter(move |c| !prefix.contains(c))
    }
}
