//! `variago` and `variago gtp`: GTP on stdin and stdout.

use super::args::PlayArgs;
use crate::gtp::engine::Engine;
use crate::variants::setup::Choices;
use std::io::BufReader;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Clone)]
pub struct GtpArgs {
    #[command(flatten)]
    pub play: PlayArgs,
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
    if let Some(path) = &args.sgf {
        super::paths::writable_file("--sgf", path)?;
    }
    let (setup, mut settings) = args.play.resolve()?;
    settings.ponder = args.ponder;
    if args.no_resign {
        settings.config.resign_below = 0.0;
    }
    let game = &args.play.game;
    let choices = Choices::new(&setup, game.size, game.komi);
    let mut engine = Engine::new(setup, settings);
    engine.choices = choices;
    engine.sgf_path = args.sgf;
    crate::gtp::run(engine, BufReader::new(std::io::stdin()), std::io::stdout());
    Ok(())
}
