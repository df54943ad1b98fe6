//! [`SearchHints`]: what the tree search may know of a variant beyond its
//! rules. Every hint has a default that is right for any variant, only
//! slower or weaker, so a new variant starts with `impl SearchHints for X {}`.

use super::{Config, Limits, Report, SearchResult, Tuning};
use crate::color::Color;
use crate::game::{declare_trait, Judgement, Outcome, Position};
use crate::moves::{Move, Vertex};
use rand::rngs::SmallRng;
use rand::Rng;

/// The methods of [`SearchHints`], for its declaration and the forwarding
/// through the enum of all variants.
macro_rules! search_hints_methods {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        /// The moves the search considers: the legal moves, less those a variant
        /// knows to be pointless (Go's pass while the board is unsettled).
        fn search_moves(&self, out: &mut Vec<Move>) {
            self.legal_moves(out)
        }

        /// Plays random moves from here to the end and returns the game's value
        /// for black. Records each played move in `trace` for AMAF statistics.
        /// Variants override this with a fast playout on a lightweight board.
        fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
            let mut pos = self.clone();
            let mut moves = Vec::new();
            for _ in 0..4 * pos.size() * pos.size() + 20 {
                if let Some(outcome) = pos.outcome() {
                    return outcome.value_for_black();
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                let color = pos.to_move();
                if pos.play(color, mv).is_err() {
                    break;
                }
                trace.push((color, mv));
            }
            pos.outcome().unwrap_or_else(|| pos.score_now()).value_for_black()
        }

        /// [`SearchHints::rollout`] that also gives who owns each point where
        /// the playout ends, in `owners` (+1 black, -1 white, 0 neither,
        /// row-major from the bottom-left): the search's [`Ownership`](crate::game::Ownership), from
        /// which [`Position::judge`] judges the stones, is made of these. It is
        /// left empty (the default) where the variant has no notion of area.
        fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 {
            owners.clear();
            self.rollout(rng, trace)
        }

        /// [`SearchHints::rollout`] that also gives who owns each of `points`
        /// where the playout ends, in their order, into `owners` (+1 black,
        /// -1 white, 0 neither), for the criticality; `owners` left empty
        /// where the variant cannot tell.
        fn rollout_with_end(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, _points: &[Vertex], owners: &mut Vec<i8>) -> f32 {
            owners.clear();
            self.rollout(rng, trace)
        }

        /// The value for black of a finished game, from 0 to 1: what the search
        /// backs up. A variant may shade a win by its margin, so that the search
        /// still prefers the larger win once the game is won, as long as every
        /// win stays above every loss.
        fn outcome_value(&self, outcome: Outcome) -> f32 {
            outcome.value_for_black()
        }

        /// True where a move's results in playouts that play it later say
        /// something of playing it now, as the search's AMAF (RAVE) statistics
        /// assume. False where a move's worth turns on who plays it when (the
        /// gray-stone games: a square's last corner scores for whoever takes
        /// it, so a point good for the side to move late in a playout is often
        /// poor now); the search then keeps each move's prior and its own
        /// results alone.
        fn amaf_applies(&self) -> bool {
            true
        }

        /// Estimated final owner of each point (+1 black, -1 white), row-major
        /// from the bottom-left, from `playouts` random games. `None` where the
        /// variant has no notion of area.
        fn ownership(&self, _rng: &mut SmallRng, _playouts: usize) -> Option<Vec<f32>> {
            None
        }

        /// Under progressive widening, where a node keeps only its best moves
        /// by prior: moves that may include some that are not search moves,
        /// cheaper to list than [`SearchHints::search_moves`] (Omino Go's drops
        /// before their captures and suicides are judged). The search ranks
        /// them by prior and keeps those that [`SearchHints::is_search_move`]
        /// accepts, best first, so it judges only as many as it keeps. Every
        /// search move must be among them. The default lists the search moves.
        fn widening_candidates(&self, out: &mut Vec<Move>) {
            self.search_moves(out)
        }

        /// True when a move of [`SearchHints::widening_candidates`] is a search
        /// move. The default accepts all, as the default candidates are.
        fn is_search_move(&self, _mv: Move) -> bool {
            true
        }

        /// Prior knowledge of a move for the side to move, as virtual (wins,
        /// visits) that seed the move's AMAF statistics when the search adds it
        /// to the tree: a good-looking move starts with a high value, a poor
        /// one with a low value, and real results soon outweigh both. `None`
        /// (the default) knows nothing.
        fn prior(&self, _mv: Move) -> Option<(f32, f32)> {
            None
        }

        /// Progressive widening, for variants with thousands of moves a turn
        /// (Omino Go's tetrominoes): the search then keeps a node's best moves
        /// by [`SearchHints::priors`] and widens its choice among them as the
        /// node's visits grow. `None` (the default) considers every move.
        fn widening(&self) -> Option<Widening> {
            None
        }

        /// The priors of all of `moves` at once, pushed to `out` in order:
        /// what the search asks when it adds a node's children. The default
        /// asks [`SearchHints::prior`] move by move; a variant whose knowledge
        /// looks at the whole board computes it once here.
        fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
            out.extend(moves.iter().map(|&mv| self.prior(mv)));
        }

        /// [`SearchHints::priors`] at the root and one ply below it, where
        /// most visits go and a dearer judgement pays for itself (Go's
        /// network). The default is [`SearchHints::priors`].
        fn priors_near_root(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
            self.priors(moves, out)
        }

        /// True when [`SearchHints::priors_near_root`] may differ from
        /// [`SearchHints::priors`] here: a tree reused from the last search
        /// then gives its new root and the root's children the priors near
        /// the root that they did not get when they lay deeper.
        fn near_root_priors_differ(&self) -> bool {
            false
        }

        /// How the tree search should weigh its statistics in this variant.
        fn tuning(&self) -> Tuning {
            Tuning::default()
        }

        /// The fewest points a usual turn fills: the clock's guess of the moves
        /// left divides the board by it. 1 (the default) where single stones
        /// are played.
        fn points_per_move(&self) -> usize {
            1
        }

        /// A move the side to move must play, found by rule rather than by
        /// search: an immediate win, or the only move that stops an immediate
        /// loss. The search plays it without thinking and keeps it as the only
        /// child of tree nodes. `None` (the default) leaves the choice to search.
        fn forced_move(&self) -> Option<Move> {
            None
        }

        /// A move of `color` against the opponent's stones that `judged` calls
        /// dead, for the end of a game where they must be taken off the board
        /// by play (Tromp-Taylor counting, KGS's cleanup phase). `None` (the
        /// default) when none is left or none can be approached.
        fn capture_move(&self, _judged: &Judgement, _color: Color) -> Option<Move> {
            None
        }

        /// A search of the variant's own, where it plays better than the tree
        /// search: it then stands behind `genmove`, the analysis commands and
        /// every other search, within the same limits (a playout counts as a
        /// variant-defined amount of work), and sends `report` its root moves
        /// as it goes. `None` (the default) leaves the position to MCTS.
        fn own_search(&self, _limits: Limits, _config: &Config, _stop: &(dyn Fn() -> bool + Sync), _report: &mut Option<Report>) -> Option<SearchResult> {
            None
        }
    } };
}
pub(crate) use search_hints_methods;

search_hints_methods!(declare_trait! {
    /// What the tree search may know of a variant beyond its rules.
    pub trait SearchHints [Position]
});

/// How the search widens a node's choice of moves: it keeps the `most`
/// moves with the best priors, best first, and considers the first
/// `first + growth * sqrt(visits)` of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub first: u32,
    pub growth: f32,
    pub most: u32,
}

impl Widening {
    /// How many children a node of `visits` visits considers.
    #[inline]
    pub fn considered(self, visits: u32) -> u32 {
        self.first.saturating_add((self.growth * (visits as f32).sqrt()) as u32)
    }
}
