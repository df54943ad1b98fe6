//! The trees a search keeps for the next one, and the count of searches
//! in a row that found a side's position lost (see [`super::reuse`]).

use super::node::Node;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The trees of the last search and the position they grew from.
pub struct TreeCache<P> {
    pub(super) saved: Mutex<Option<(P, Vec<Vec<Node>>)>>,
    /// For black and white, the searches in a row that may resign and
    /// found the position lost.
    pub(super) hopeless: Mutex<[LostRow; 2]>,
    /// The simulations of the kept trees the last search started from.
    pub(super) reused: AtomicU64,
}

impl<P> Default for TreeCache<P> {
    fn default() -> TreeCache<P> {
        TreeCache {
            saved: Mutex::new(None),
            hopeless: Mutex::new([LostRow::default(); 2]),
            reused: AtomicU64::new(0),
        }
    }
}

impl<P> TreeCache<P> {
    /// Forgets the kept trees, freeing their memory, and the count of
    /// hopeless searches.
    pub fn clear(&self) {
        if let Ok(mut saved) = self.saved.lock() {
            *saved = None;
        }
        if let Ok(mut hopeless) = self.hopeless.lock() {
            *hopeless = [LostRow::default(); 2];
        }
    }

    /// The simulations of the kept trees that the last search started
    /// from: 0 when it started afresh.
    pub fn last_reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
    }
}

/// The searches in a row that found one side's position lost, and their
/// simulations together.
#[derive(Clone, Copy, Default)]
pub(super) struct LostRow {
    pub(super) searches: u32,
    pub(super) simulations: u64,
}
