//! `variago` and `variago gtp`: GTP on stdin and stdout.

use super::args::{GameArgs, SearchArgs, SetupArgs};
use crate::gtp::engine::Engine;
use std::io::BufReader;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Clone, Default)]
pub struct GtpArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Never resign
    #[arg(long, help_heading = "GTP")]
    pub no_resign: bool,
    /// Keep searching the position while waiting for the next command (also variago-ponder on|off)
    #[arg(long, help_heading = "GTP")]
    pub ponder: bool,
    /// Append every game played to this SGF file [default: none]
    #[arg(long, value_name = "FILE", help_heading = "GTP")]
    pub sgf: Option<PathBuf>,
}

pub fn run(args: GtpArgs) -> Result<(), String> {
    let mut settings = args.search.settings();
    settings.ponder = args.ponder;
    if args.no_resign {
        settings.config.resign_below = 0.0;
    }
    let setup = args.setup.setup(&args.game, &settings)?;
    let mut engine = Engine::new(setup, settings);
    engine.sgf_path = args.sgf;
    crate::gtp::run(engine, BufReader::new(std::io::stdin()), std::io::stdout());
    Ok(())
}
