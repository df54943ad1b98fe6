//! [`GameSetup`]: how a game is set up before its moves, and what its
//! records keep besides the moves.

use super::forward::declare_trait;
use super::{Illegal, Position};
use crate::color::Color;
use crate::moves::Vertex;

/// The methods of [`GameSetup`], for its declaration and the forwarding.
macro_rules! game_setup_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// Places handicap stones for black on an empty board.
        fn place_handicap(&mut self, _stones: &[Vertex]) -> Result<(), Illegal> {
            Err(Illegal::new("this variant has no handicap"))
        }

        /// Sets komi; variants without komi ignore it.
        fn set_komi(&mut self, _komi: f32) {}

        /// True while the sides still make setup choices that are not moves
        /// (Buying Armies: buying their armies).
        fn in_setup(&self) -> bool {
            false
        }

        /// Makes `color`'s setup choices the engine's way when the side has
        /// made none, just before a pass from a client that only knows points
        /// ends its setup: such a client cannot name them (Buying Armies: the
        /// engine's army is bought). Nothing where there is no setup.
        fn default_setup(&mut self, _color: Color) {}

        /// Ends a setup phase that the engine may settle for the players before
        /// it searches or plays (Buying Armies: it buys for each side still
        /// buying). Nothing where there is none.
        fn finish_setup(&mut self) {}

        /// What a game record keeps of the game besides its setup options and
        /// moves, as `key=value` pairs for SGF `VO` (Buying Armies: the armies
        /// bought). The keys are declared in the variant's `record_options`.
        fn record_options(&self) -> Vec<(String, String)> {
            Vec::new()
        }

        /// Replays one pair of [`GameSetup::record_options`] on a new game, as
        /// `loadsgf` reads it.
        fn restore_option(&mut self, key: &str, _value: &str) -> Result<(), String> {
            Err(format!("unknown option '{key}'"))
        }

        /// Moves at the start of the history that a game record leaves out,
        /// since it keeps their effect in [`GameSetup::record_options`] (Buying
        /// Armies' passes that end the buying).
        fn setup_moves(&self) -> usize {
            0
        }
    } };
}
pub(crate) use game_setup_methods;

game_setup_methods!(declare_trait! {
    /// The setup of a game before its moves (handicap, komi, choices that
    /// are not moves) and what its records keep besides the moves.
    pub trait GameSetup [Position]
});
