//! `variago bench`: playouts and tree simulations per second.

use super::args::{GameArgs, ModelArg, SetupArgs};
use crate::bench::{self, HEADER};
use crate::gtp::engine::SearchSettings;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// Seconds to measure each figure [default: 3 for one line, 1 for the table]
    #[arg(long, value_name = "SECONDS")]
    pub seconds: Option<f64>,
    /// Measure N times, each in a child process, and print every run and the mean [default: 4
    /// with --against]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: Option<u32>,
    /// Another variago build to measure the same way in the same runs, alternated with this one
    /// (it must take the same flags), for the ratio of the two [default: none, this build alone]
    #[arg(long, value_name = "PROGRAM")]
    pub against: Option<PathBuf>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub model: ModelArg,
}

/// One line when a game flag is given, else the table of every variant
/// and size; with `--runs` or `--against`, that many runs of it in child
/// processes ([`super::bench_runs`]).
pub fn run(args: BenchArgs) -> Result<(), String> {
    let seconds = args
        .seconds
        .map(|s| if s.is_finite() { s.clamp(0.01, 3600.0) } else { 1.0 });
    let one = args.game.given() || args.setup.given();
    let setup = one
        .then(|| args.setup.setup(&args.game, &SearchSettings::default()))
        .transpose()?;
    if let Some(setup) = &setup {
        args.model.read(setup.variant)?;
    } else if args.model.model.is_some() {
        return Err("--model needs the --variant it was learned for".into());
    }
    if args.runs.is_some() || args.against.is_some() {
        return super::bench_runs::run(args.runs.unwrap_or(4), args.against.as_deref());
    }
    outln!("{HEADER}");
    match setup {
        Some(setup) => outln!("{}", bench::measure(&setup, seconds.unwrap_or(3.0)).line()),
        None => {
            bench::table(seconds.unwrap_or(1.0), |row| outln!("{}", row.line()));
        }
    }
    outln!("(per second of CPU time, 1 thread)");
    Ok(())
}
