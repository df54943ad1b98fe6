//! The one way into the search: a [`Request`] says what a search may
//! spend and reuse, and [`run`] answers it.

use super::config::{Config, Limits};
use super::hints::SearchHints;
use super::result::SearchResult;
use super::reuse::{search_reusing, TreeCache};
use super::run::{search_from, Report};
use std::sync::atomic::{AtomicBool, Ordering};

/// What a search is asked: its limits and configuration, the stop polled
/// while it runs, where its progress goes, and the trees it may start
/// from and keeps for the next search.
pub struct Request<'a, P> {
    pub limits: Limits,
    pub config: &'a Config,
    /// Interrupts the search from another thread. Without playout or time
    /// limits the search runs until it says so.
    pub stop: &'a (dyn Fn() -> bool + Sync),
    pub report: Option<Report<'a>>,
    /// Trees kept from the last search: the search starts from them where
    /// `root` descends from the position they grew from, and keeps its
    /// own there. The playout and time limits count new simulations only.
    pub reuse: Option<&'a TreeCache<P>>,
}

/// Searches `root` as `request` asks and returns the best move with its
/// statistics.
pub fn run<P: SearchHints>(root: &P, request: Request<P>) -> SearchResult {
    let Request {
        limits,
        config,
        stop,
        report,
        reuse,
    } = request;
    match reuse {
        Some(cache) => search_reusing(root, limits, config, stop, report, cache),
        None => search_from(root, limits, config, stop, report, Vec::new()).0,
    }
}

/// [`run`] with neither reports nor kept trees, stopped by `stop`.
pub fn search<P: SearchHints>(root: &P, limits: Limits, config: &Config, stop: &AtomicBool) -> SearchResult {
    run(
        root,
        Request {
            limits,
            config,
            stop: &|| stop.load(Ordering::Relaxed),
            report: None,
            reuse: None,
        },
    )
}
