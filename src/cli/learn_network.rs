//! `variago learn-network`: learns Go's policy network from 19x19 SGF game
//! records (see `src/learn_network.rs` and docs/move-model.md).

use crate::learn_network::{self, Settings};
use crate::variants::go::network::Network;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct LearnNetworkArgs {
    /// SGF files, each one game or a collection, or directories of them; games on other boards
    /// than 19x19 are left out
    #[arg(required = true, value_name = "RECORDS")]
    pub records: Vec<PathBuf>,
    /// The file to write the network to
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games to learn from, at most (after the test games) [default: all]
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Games kept apart to measure the network on: the first ones read
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub test_games: usize,
    /// 3x3 convolution layers
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Channels of each layer
    #[arg(long, value_name = "N", default_value_t = 48, value_parser = clap::value_parser!(u32).range(1..=512))]
    pub width: u32,
    /// Positions to learn from in all (the records' positions are shuffled, and come again
    /// when they run out)
    #[arg(long, value_name = "N", default_value_t = 660_000)]
    pub positions: usize,
    /// Positions a step of Adam learns from
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub batch: u32,
    /// Adam's step size (a third of it over the last quarter of the positions)
    #[arg(long, value_name = "RATE", default_value_t = 0.001)]
    pub rate: f32,
    /// Threads that share each step
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// The seed of the first weights and of the order of the positions
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: LearnNetworkArgs) -> Result<(), String> {
    if args.positions == 0 || !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err("--positions and --rate must be positive".into());
    }
    super::paths::writable_file("--out", &args.out)?;
    let games = super::learn::read_games(&args.records, args.games.map(|n| n + args.test_games))?;
    let games: Vec<_> = games.into_iter().filter(|g| g.size == 19).collect();
    if games.len() <= args.test_games {
        return Err(format!(
            "{} games of 19x19 read: more than the {} test games are needed",
            games.len(),
            args.test_games
        ));
    }
    let (test, training) = games.split_at(args.test_games);
    let (test, training) = (learn_network::examples(test), learn_network::examples(training));
    if training.is_empty() {
        return Err("the training games have no legal move to learn from".into());
    }
    eprintln!(
        "learn-network: {} training positions, {} test positions",
        training.len(),
        test.len()
    );
    let settings = Settings {
        depth: args.depth as usize,
        width: args.width as usize,
        positions: args.positions,
        batch: args.batch as usize,
        rate: args.rate,
        threads: args.threads as usize,
        seed: args.seed,
    };
    let started = Instant::now();
    let report = (args.positions / 20).max(1);
    let network = learn_network::train(&training, &settings, report, |p| {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "learn-network: {} positions, {:.0} a second: favourite played {:.1}%, mean log-likelihood {:.3}",
            p.positions,
            p.positions as f64 / seconds,
            100.0 * p.hits,
            p.log_likelihood
        );
    });
    let accuracy = learn_network::accuracy(&network, &test);
    eprintln!(
        "learn-network: on {} test positions the network's favourite is the move played {:.1}% of the time, mean log-likelihood {:.3}",
        accuracy.positions,
        100.0 * accuracy.hits,
        accuracy.log_likelihood
    );
    let bytes = network.to_bytes();
    debug_assert!(Network::from_bytes(&bytes).is_ok());
    std::fs::write(&args.out, &bytes).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    outln!(
        "{}: {} layers of {} channels",
        args.out.display(),
        network.depth(),
        network.width()
    );
    Ok(())
}
