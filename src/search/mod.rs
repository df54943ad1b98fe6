//! Monte Carlo tree search, written once against [`SearchHints`].
//!
//! UCT with RAVE/AMAF: each node keeps its own results and the "all moves
//! as first" results of the playouts below its parent, blended with a
//! weight that fades as real visits grow. Leaves expand after a few visits;
//! playouts come from the variant's own [`SearchHints::rollout`]. Threads run
//! independent trees from different seeds and their root statistics are
//! summed (root parallelism), so a fixed playout budget with a fixed seed is
//! deterministic.
//!
//! A variant's [`SearchHints::forced_move`] (an immediate win or the only
//! defence) is played at the root without searching, and is the only child
//! of any tree node where it applies.
//!
//! Won and lost positions are proven in the tree, as in MCTS-Solver
//! (Winands, Björnsson and Saito, 2008): a finished game is proven for its
//! winner; a position is won for the side to move when one of its moves is
//! proven won, and lost when all of them are proven lost. The search then
//! always takes a proven win, never a proven loss while another move is
//! open, and plays no playout below a proven node.
//!
//! A variant with a search of its own ([`SearchHints::own_search`]) gets the
//! whole budget instead, and may call back into the tree search.

mod cache;
mod config;
mod entry;
pub mod flat;
mod hints;
mod memory;
mod node;
mod proving;
mod result;
pub mod reuse;
mod run;
mod select;
pub mod time;
mod tree;
pub mod tuning;

pub use cache::TreeCache;
pub use config::{Config, Limits, Report, Request};
pub use entry::{run, search};
pub(crate) use hints::search_hints_methods;
pub use hints::{SearchHints, Widening};
pub use memory::{
    nodes_within, split_memory, MemorySplit, BASE_MEMORY_MB, MAX_NODES, MIN_NODES, SOLVER_TABLE_MB, THREAD_MEMORY_MB,
};
pub use result::{MoveStats, SearchResult};
pub use tuning::{PriorsInto, RaveWeight, Resign, Tuning, BIG_BOARD, SMALL_BOARD_RAVE_EQUIVALENCE};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod widening_tests;
