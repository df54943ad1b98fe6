//! `variago match`: two GTP engines against each other.

use super::args::{seconds, GameArgs};
use crate::matches::{self, MatchConfig};
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Command line of the first engine, run through `sh -c`; `{game}` in it stands for the
    /// game number and restarts the engine for every game (e.g. `--seed {game}`)
    #[arg(long, value_name = "COMMAND")]
    pub first: String,
    /// Command line of the second engine
    #[arg(long, value_name = "COMMAND")]
    pub second: String,
    /// Command line of a referee engine that scores every game [default: none: the engines score]
    #[arg(long, value_name = "COMMAND")]
    pub referee: Option<String>,
    /// Games to play; the first engine has black in games 1, 3, 5, ...
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
    /// End a game after this many moves and score it [default: 4 x size x size]
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    /// Directory for one SGF file per game [default: none]
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,
    /// Seconds an engine may take for one response before it counts as broken
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Show the GTP traffic and the engines' stderr
    #[arg(long)]
    pub verbose: bool,
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    let setup = args.game.setup()?;
    let config = MatchConfig {
        first: args.first,
        second: args.second,
        referee: args.referee,
        max_moves: args.max_moves.unwrap_or(4 * setup.size * setup.size),
        setup,
        games: args.games,
        sgf_dir: args.sgf_dir,
        timeout: seconds("--timeout", Some(args.timeout)).unwrap_or(Duration::from_secs(60)),
        verbose: args.verbose,
    };
    let summary = matches::run(config.clone())?;
    print!("{}", summary.table(&config));
    Ok(())
}
