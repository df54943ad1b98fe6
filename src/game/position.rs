//! [`Position`]: the core of a game that every variant writes and that
//! the search, the solver, perft and GTP use: legal moves, play, undo, the
//! outcome, the score and the hash. What displays show ([`View`]), setup
//! and records ([`GameSetup`]) and clicks ([`Clicks`]) are companion
//! traits beside it, and the search's and the solver's hints live with the
//! search and the solver.
//!
//! [`View`]: super::View
//! [`GameSetup`]: super::GameSetup
//! [`Clicks`]: super::Clicks

use super::forward::declare_trait;
use super::{Illegal, Judgement, Outcome, Ownership};
use crate::color::Color;
use crate::history::Timeline;
use crate::moves::Move;

/// The methods of [`Position`], for its declaration and the forwarding
/// through the enum of all variants.
macro_rules! position_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// The variant's name, as `variago-set_variant` takes it.
        fn variant_name(&self) -> &'static str;

        /// The record of the game's states, from which the size, the side
        /// to move, undo and the moves played come unless the variant says
        /// otherwise.
        fn timeline(&self) -> &dyn Timeline;

        fn timeline_mut(&mut self) -> &mut dyn Timeline;

        fn size(&self) -> usize {
            self.timeline().size()
        }

        fn to_move(&self) -> Color {
            self.timeline().to_move()
        }

        /// Appends every legal move of the side to move; none once the game is over.
        fn legal_moves(&self, out: &mut Vec<Move>);

        /// Plays a move for `color`, which may differ from the side to move where
        /// the variant allows it (GTP lets a client play either colour). On error
        /// the position is unchanged.
        fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal>;

        /// Takes back the last move; false when there is none.
        fn undo(&mut self) -> bool {
            self.timeline_mut().undo()
        }

        /// Starts a line of moves that [`Position::end_line`] takes back
        /// all at once, as a search's simulation does: the timeline then
        /// saves one state for the whole line, not one a move. Between the
        /// two, `undo` and the states before the last are not for use.
        fn begin_line(&mut self) {
            self.timeline_mut().begin_line()
        }

        /// Takes back the `moves` moves played since [`Position::begin_line`]
        /// (the timeline knows them; a game that keeps no line counts them).
        fn end_line(&mut self, _moves: usize) {
            self.timeline_mut().end_line()
        }

        /// Moves played since the start (handicap setup not included).
        fn moves_played(&self) -> usize {
            self.timeline().moves_played()
        }

        /// `Some` once the game is decided: by default when the timeline
        /// ends it (two passes), scored as it stands.
        fn outcome(&self) -> Option<Outcome> {
            self.timeline().ended().then(|| self.score_now())
        }

        /// The result if the game were scored now (for `final_score` before the end).
        fn score_now(&self) -> Outcome;

        /// Zobrist hash of the whole position, kept up to date incrementally.
        fn hash(&self) -> u64;

        /// The same hash computed from scratch: a check on the incremental one.
        fn recompute_hash(&self) -> u64;

        /// Checks the position's incremental data against a computation from
        /// scratch, for tests: what the timeline keeps (the board's chains
        /// and liberties, a superko record), then the hash; a variant that
        /// keeps more checks that too.
        fn check_consistency(&self) -> Result<(), String> {
            self.timeline().check_consistency()?;
            if self.hash() == self.recompute_hash() {
                Ok(())
            } else {
                Err("the incremental hash differs from the recomputed one".into())
            }
        }

        /// Gives the turn to `color` without a move, as GTP's `genmove` for
        /// the side not to move asks (no pass is recorded, so none can end the
        /// game). False where the rules fix the order of turns; the position
        /// is then unchanged.
        fn set_to_move(&mut self, _color: Color) -> bool {
            false
        }

        /// The status of every stone and the count with the dead stones
        /// removed, judged by `ownership`: who owned each point at the end of
        /// the simulations of a search of this position played on (see
        /// [`Position::play_on`]). `None` (the default) where the count never
        /// takes stones off the board.
        fn judge(&self, _ownership: &Ownership) -> Option<Judgement> {
            None
        }

        /// Forgets what ended the game (two passes), so that a search of the
        /// position plays on from it, as [`Position::judge`] needs; the side to
        /// move is then the same whichever way the game is replayed. Nothing
        /// by default.
        fn play_on(&mut self) {}
    } };
}
pub(crate) use position_methods;

/// Implements [`Position::timeline`] and [`Position::timeline_mut`] by the
/// variant's field that holds its history.
macro_rules! timeline_in {
    ($field:ident) => {
        fn timeline(&self) -> &dyn $crate::history::Timeline {
            &self.$field
        }

        fn timeline_mut(&mut self) -> &mut dyn $crate::history::Timeline {
            &mut self.$field
        }
    };
}
pub(crate) use timeline_in;

position_methods!(declare_trait! {
    /// A game position of one variant, with its history.
    pub trait Position [Clone + Send + Sync + 'static]
});
