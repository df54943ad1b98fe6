//! What a search is asked to do: its limits, its threads and seed, its
//! tuning.

use super::hints::SearchHints;
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
