//! [`View`]: what displays show of a position beside its rules.

use super::forward::declare_trait;
use super::{Occupant, Position};
use crate::color::Color;
use crate::moves::{Piece, Vertex};

/// The methods of [`View`], for its declaration and the forwarding.
macro_rules! view_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// The piece on a vertex.
        fn occupant(&self, v: Vertex) -> Option<Occupant>;

        /// Text that graphical front ends show on a piece instead of its symbol
        /// (a Yugo's value, say); `None` for the symbol.
        fn label(&self, _v: Vertex) -> Option<String> {
            None
        }

        /// Extra lines for displays: hands, captures, the button.
        fn status_lines(&self) -> Vec<String>;

        /// Stones captured by each player, black first.
        fn captures(&self) -> [u32; 2];

        /// The pieces a player can hold and how many it still holds, for
        /// variants played from a hand (GoRoGo, War Go); `None` where there is
        /// no hand. The list of pieces stays the same for a whole game (counts
        /// may fall to 0): GoGui's frame lays the hands out from it.
        fn hand(&self, _color: Color) -> Option<Vec<(Piece, u32)>> {
            None
        }

        /// Points inside a zone where pieces gain powers (War Go's tao zones),
        /// for displays; empty for variants without zones.
        fn zones(&self) -> Vec<Vertex> {
            Vec::new()
        }
    } };
}
pub(crate) use view_methods;

view_methods!(declare_trait! {
    /// What displays show of a position: its pieces, hands and zones.
    pub trait View [Position]
});
