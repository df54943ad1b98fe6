//! The one way into the search: a [`Request`] says what a search may
//! spend, reuse and gather, and [`run`] answers it.

use super::config::{Config, Limits, Request};
use super::hints::SearchHints;
use super::result::SearchResult;
use super::reuse::search_reusing;
use super::run::search_from;
use std::sync::atomic::{AtomicBool, Ordering};

/// Searches `root` as `request` asks and returns the best move with its
/// statistics.
pub fn run<P: SearchHints>(root: &P, mut request: Request<P>) -> SearchResult {
    match request.reuse.take() {
        Some(cache) => search_reusing(root, request, cache),
        None => search_from(root, request, Vec::new()).0,
    }
}

/// [`run`] with neither reports nor kept trees, stopped by `stop`.
pub fn search<P: SearchHints>(root: &P, limits: Limits, config: &Config, stop: &AtomicBool) -> SearchResult {
    run(root, Request::new(limits, config, &|| stop.load(Ordering::Relaxed)))
}
