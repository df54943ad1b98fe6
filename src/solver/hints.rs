//! [`SolverHints`]: what the exact solver may know of a variant beyond its
//! rules. Every hint has a default that is right for any variant.

use super::{Budget, Solution};
use crate::color::Color;
use crate::game::{declare_trait, Position};
use crate::moves::Move;

/// The methods of [`SolverHints`], for its declaration and the forwarding
/// through the enum of all variants.
macro_rules! solver_hints_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// A hash shared by positions that are the same up to a symmetry of
        /// the board, so that the exact solver stores their value once. The
        /// default, `hash`, is right for any variant, only without the sharing.
        fn canonical_hash(&self) -> u64 {
            self.hash()
        }

        /// The legal moves in the order the exact solver tries them, most
        /// forcing first. The default is `legal_moves`' order.
        fn solver_moves(&self, out: &mut Vec<Move>) {
            self.legal_moves(out)
        }

        /// The player for whom the variant knows a strategy worth trying before
        /// a full proof search from here, if any: the solver first tries to
        /// prove that player's win by following `strategy_move`.
        fn strategist(&self) -> Option<Color> {
            None
        }

        /// The strategist's move by its strategy, when it is to move and the
        /// strategy names one. The solver still checks that the move is legal
        /// and that it wins.
        fn strategy_move(&self) -> Option<Move> {
            None
        }

        /// False where the rules leave no draw (a tie decided by rule), which
        /// spares the solver a second proof.
        fn draws_possible(&self) -> bool {
            true
        }

        /// Before the end, whether `target` wins whatever is played from here
        /// (`Some(true)`) or cannot win whatever is played (`Some(false)`),
        /// where the variant can tell: the solver stops there. The default
        /// cannot tell.
        fn settled_for(&self, _target: Color) -> Option<bool> {
            None
        }

        /// The position solved by the variant's own exact solver, where it has
        /// one for this position; `solve` then answers with it instead of
        /// df-pn's. The default has none.
        fn own_solution(&self, _budget: &Budget, _stop: &dyn Fn() -> bool) -> Option<Solution> {
            None
        }
    } };
}
pub(crate) use solver_hints_methods;

solver_hints_methods!(declare_trait! {
    /// What the exact solver may know of a variant beyond its rules.
    pub trait SolverHints [Position]
});
