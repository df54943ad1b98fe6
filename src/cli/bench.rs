//! `variago bench`: playouts and tree simulations per second.

use super::args::{GameArgs, ModelArg, SetupArgs};
use crate::bench::{self, HEADER};
use crate::gtp::engine::SearchSettings;

#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// Seconds to measure each figure [default: 3 for one line, 1 for the table]
    #[arg(long, value_name = "SECONDS")]
    pub seconds: Option<f64>,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub model: ModelArg,
}

/// One line when a game flag is given, else the table of every variant
/// and size.
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
