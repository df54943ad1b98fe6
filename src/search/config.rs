//! What a search is asked to do: its limits, its threads and seed, its
//! tuning, and the [`Request`] that gathers them with what it reuses,
//! reports and gathers.

use super::cache::TreeCache;
use super::hints::SearchHints;
use super::result::MoveStats;
use super::tuning::{Resign, Tuning};
use std::time::Duration;

/// When to stop thinking. The first limit reached wins.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub threads: usize,
    pub seed: u64,
    /// Resign when the best move wins less often than this (0 never resigns).
    pub resign_below: f32,
    /// How the search weighs its statistics; `None` takes the variant's
    /// own (see `SearchHints::tuning`).
    pub tuning: Option<Tuning>,
    /// Tree size cap, in nodes per thread (see [`nodes_within`](super::nodes_within)).
    pub max_nodes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: 1,
            seed: 0,
            resign_below: 0.08,
            tuning: None,
            max_nodes: 4_000_000,
        }
    }
}

/// The tuning a search of `root` uses: the configured one, else the
/// variant's, with the changes listed in the environment variable
/// `VARIAGO_TUNING` (`name=value,...`, see [`Tuning::with`]) for experiments.
pub(super) fn tuning_for<P: SearchHints>(root: &P, config: &Config) -> Tuning {
    let tuning = config.tuning.unwrap_or_else(|| {
        let tuning = root.tuning();
        Tuning {
            resign: tuning.resign.at_least(Resign::for_board(root.size())),
            ..tuning
        }
    });
    match std::env::var("VARIAGO_TUNING") {
        Ok(spec) => tuning.with(&spec).unwrap_or_else(|err| {
            log::warn!("VARIAGO_TUNING ignored: {err}");
            tuning
        }),
        Err(_) => tuning,
    }
}

/// What a search is asked: its limits and configuration, the stop polled
/// while it runs, where its progress goes, the trees it may start from and
/// keeps for the next search, and whether it gathers ownership.
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
    /// Who owns each point at the end of every simulation, added up in
    /// [`SearchResult::ownership`](super::SearchResult::ownership). The tree plays the end of a game far
    /// better than random playouts do, so its ownership tells dead stones
    /// from living ones more reliably (Pachi judges dead stones the same
    /// way). A search that gathers ownership spends its whole budget: no
    /// early stop, no forced move, no variant's own search.
    pub ownership: bool,
}

impl<'a, P> Request<'a, P> {
    /// A search within `limits`, stopped by `stop`, that neither reports,
    /// reuses trees nor gathers ownership.
    pub fn new(limits: Limits, config: &'a Config, stop: &'a (dyn Fn() -> bool + Sync)) -> Request<'a, P> {
        Request {
            limits,
            config,
            stop,
            report: None,
            reuse: None,
            ownership: false,
        }
    }
}

/// Progress reports during a search: `callback` gets the first tree's root
/// statistics (most visited first) and its playout count every `every`.
pub struct Report<'a> {
    pub every: Duration,
    pub callback: &'a mut (dyn FnMut(&[MoveStats], u64) + Send),
}
