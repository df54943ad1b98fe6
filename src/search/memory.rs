//! How a memory cap is shared between the search trees, the solver's
//! table and the rest.

use super::node::Node;

/// The fewest nodes a tree may be capped at: room for the root's children.
pub const MIN_NODES: usize = 2 * crate::moves::MAX_SIZE * crate::moves::MAX_SIZE + 2;

/// The most nodes a tree may have (node indices are 32 bits).
pub const MAX_NODES: usize = 1 << 28;

/// The per-thread node cap that keeps the trees of `threads` threads
/// within `bytes` of memory, and whether `bytes` was too small and the cap
/// was raised to [`MIN_NODES`].
pub fn nodes_within(bytes: u64, threads: usize) -> (usize, bool) {
    // Each node also needs 4 bytes while a tree is re-rooted for reuse.
    let per_thread = bytes / threads.max(1) as u64 / (std::mem::size_of::<Node>() as u64 + 4);
    let nodes = usize::try_from(per_thread).unwrap_or(usize::MAX);
    (nodes.clamp(MIN_NODES, MAX_NODES), nodes < MIN_NODES)
}

/// Memory kept back from `--max-memory` for everything but the trees and
/// the solver's table: the program, the game and its history (copied once
/// per search thread), boards and playout buffers.
pub const BASE_MEMORY_MB: u64 = 16;
/// The same, for each search thread.
pub const THREAD_MEMORY_MB: u64 = 4;
/// The solver's table when memory is not capped, in megabytes.
pub const SOLVER_TABLE_MB: usize = 32;

/// How a memory cap is shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemorySplit {
    /// Nodes per search thread (see [`nodes_within`]).
    pub tree_nodes: usize,
    /// Megabytes for the exact solver's table.
    pub solver_table_mb: usize,
    /// True when the cap was too small and the trees got their minimum.
    pub raised: bool,
}

/// Shares `megabytes` of memory between everything the engine holds: a
/// fixed part for the program and each thread's copy of the game, an
/// eighth (at most [`SOLVER_TABLE_MB`]) for the solver's table, and the
/// rest for the search trees, which pondering and tree reuse keep within
/// the same nodes.
pub fn split_memory(megabytes: u64, threads: usize) -> MemorySplit {
    let base = BASE_MEMORY_MB + THREAD_MEMORY_MB * threads.max(1) as u64;
    let free = megabytes.saturating_sub(base);
    let solver_table_mb = (free / 8).clamp(1, SOLVER_TABLE_MB as u64) as usize;
    let trees = free.saturating_sub(solver_table_mb as u64);
    let (tree_nodes, raised) = nodes_within(trees.saturating_mul(1 << 20), threads);
    MemorySplit {
        tree_nodes,
        solver_table_mb,
        raised,
    }
}
