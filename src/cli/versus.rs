//! `variago versus`: the engine against the flat Monte Carlo baseline.

use super::args::PlayArgs;
use crate::versus::{self, Budget};

/// The playouts per move when neither `--playouts` nor `--time` is given.
const DEFAULT_PLAYOUTS: u64 = 1000;

#[derive(clap::Args, Debug, Clone)]
pub struct VersusArgs {
    /// Games to play; the engine takes black in games 1, 3, 5, ...
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u32,
    /// Write each game's record to DIR/versus-N.sgf; the engine is Black
    /// in the odd games [default: none]
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The help of `--playouts` and `--time` for `versus`, where they set both
/// sides' budget.
pub const PLAYOUTS_HELP: &str = "Playouts per move for both sides [default: 1000, unless only --time is given]";
pub const THREADS_HELP: &str = "Search threads of the engine; the baseline always has one [default: 1]";
pub const TIME_HELP: &str = "Seconds per move for both sides when --playouts is not given; \
     flat Monte Carlo spends them on playouts [default: none: equal playouts]";

pub fn run(mut args: VersusArgs) -> Result<(), String> {
    // The baseline searches on one thread: so does the engine, unless told,
    // so that equal time is equal CPU.
    args.play.search.threads.get_or_insert(1);
    if let Some(dir) = &args.sgf_dir {
        super::paths::writable_dir("--sgf-dir", dir)?;
    }
    let (setup, settings) = args.play.resolve()?;
    let budget = match settings.time {
        Some(t) if args.play.search.time.is_some() && args.play.search.playouts.is_none() => Budget::Time(t),
        _ => Budget::Playouts(settings.playouts.unwrap_or(DEFAULT_PLAYOUTS)),
    };
    let tally = versus::run(
        &setup,
        &settings,
        budget,
        args.games,
        settings.config.seed,
        args.sgf_dir.as_deref(),
        |done, t| {
            eprintln!("game {done}: {} wins, {} losses, {} draws", t.wins, t.losses, t.draws);
        },
    )?;
    let (rate, low, high) = tally.rate();
    let each = match budget {
        Budget::Playouts(p) => format!("{p} playouts"),
        Budget::Time(t) => format!("{}s", t.as_secs_f64()),
    };
    outln!(
        "{} {}x{}, {each} each: engine {} wins, {} losses, {} draws of {} ({:.1}%, 95% interval {:.1}-{:.1}%), {:.1} moves per game",
        setup.variant.name(),
        setup.size,
        setup.size,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.games(),
        100.0 * rate,
        100.0 * low,
        100.0 * high,
        tally.total_moves as f64 / tally.games().max(1) as f64
    );
    Ok(())
}
