//! `variago bench`: playout and tree-search speed per variant and size.
//!
//! Rates are per second of CPU time, so that a busy machine slows the
//! measurement down without skewing it.

use crate::game::GameSetup;
use crate::search::{self, Limits, SearchHints};
use crate::variants::{Game, Setup, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One measured variant and size.
#[derive(Clone, Debug)]
pub struct BenchRow {
    pub variant: Variant,
    pub size: usize,
    pub playouts_per_second: f64,
    pub moves_per_playout: f64,
    pub simulations_per_second: f64,
}

/// CPU time used by the whole process.
pub fn cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Rate per CPU second, falling back on wall time when the clock fails.
pub fn rate(count: u64, cpu: Duration, wall: Duration) -> f64 {
    let seconds = if cpu > Duration::ZERO { cpu } else { wall };
    count as f64 / seconds.as_secs_f64().max(1e-9)
}

/// Measures playouts from the start position and single-threaded tree
/// search, `seconds` each.
pub fn measure(setup: &Setup, seconds: f64) -> BenchRow {
    let mut game = Game::new(setup);
    // Buying Armies: measure the game after the setup phase.
    game.finish_setup();
    let budget = Duration::from_secs_f64(seconds);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut trace = Vec::new();
    let (start, cpu_start) = (Instant::now(), cpu_time());
    let mut playouts = 0u64;
    let mut moves = 0usize;
    // At least one batch: a process that waits for the processor past
    // its whole budget still measures something.
    loop {
        for _ in 0..16 {
            trace.clear();
            game.rollout(&mut rng, &mut trace);
            moves += trace.len();
            playouts += 1;
        }
        if start.elapsed() >= budget {
            break;
        }
    }
    let playouts_per_second = rate(playouts, cpu_time() - cpu_start, start.elapsed());
    let config = search::Config::default();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        playouts: None,
        time: Some(budget),
    };
    let cpu_start = cpu_time();
    let result = search::search(&game, limits, &config, &stop);
    BenchRow {
        variant: setup.variant,
        size: setup.size,
        playouts_per_second,
        moves_per_playout: moves as f64 / playouts.max(1) as f64,
        simulations_per_second: rate(result.playouts, cpu_time() - cpu_start, result.elapsed),
    }
}

/// The board sizes the full table measures for a variant: its own size and
/// 9, 13 and 19 where it accepts them.
pub fn table_sizes(variant: Variant) -> Vec<usize> {
    let mut sizes = vec![variant.default_size()];
    sizes.extend([9, 13, 19].into_iter().filter(|&s| variant.accepts_size(s)));
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// Every variant and size of [`table_sizes`].
pub fn table(seconds: f64, mut each: impl FnMut(&BenchRow)) -> Vec<BenchRow> {
    let mut rows = Vec::new();
    for variant in Variant::ALL {
        for size in table_sizes(variant) {
            let mut setup = Setup::new(variant);
            setup.size = size;
            let row = measure(&setup, seconds);
            each(&row);
            rows.push(row);
        }
    }
    rows
}

pub const HEADER: &str = "variant          size   playouts/s  moves/playout  tree sims/s";

impl BenchRow {
    /// One line of the table.
    pub fn line(&self) -> String {
        format!(
            "{:<14} {:>7} {:>12.0} {:>14.1} {:>12.0}",
            self.variant.name(),
            format!("{0}x{0}", self.size),
            self.playouts_per_second,
            self.moves_per_playout,
            self.simulations_per_second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_are_accepted() {
        for variant in Variant::ALL {
            let sizes = table_sizes(variant);
            assert!(sizes.contains(&variant.default_size()));
            assert!(sizes.iter().all(|&s| variant.accepts_size(s)));
        }
        assert_eq!(table_sizes(Variant::Go), vec![9, 13, 19]);
    }

    #[test]
    fn a_short_measurement_counts_something() {
        let row = measure(&Setup::new(Variant::Go), 0.02);
        assert!(row.playouts_per_second > 0.0 && row.simulations_per_second > 0.0);
    }
}
