//! `variago match`: two GTP engines against each other.

use super::args::{seconds, GameArgs};
use crate::color::Color;
use crate::matches::clock::TimeControl;
use crate::matches::openings::OpeningSource;
use crate::matches::stats::Sprt;
use crate::matches::{self, MatchConfig, Shard};
use std::path::PathBuf;
use std::time::Duration;

fn parse_color(text: &str) -> Result<Color, String> {
    Color::parse(text).ok_or_else(|| format!("'{text}' is not a colour (black or white)"))
}

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
    /// Games to play (at most, with --sprt); pairs of games share an opening, the first
    /// engine has black in games 1, 3, 5, ... (unless --first-color)
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
    /// End a game after this many moves and score it [default: 4 x size x size]
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    /// Directory for one SGF file per game [default: none]
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,
    /// Seconds an engine may take for one response (a move under a clock: its clock's time)
    /// before it counts as broken
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Show the GTP traffic and the engines' stderr
    #[arg(long)]
    pub verbose: bool,
    /// Games played at once, each by processes of its own
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Stop when a sequential test decides: `elo0=0 elo1=5 alpha=0.05 beta=0.05`, and
    /// `model=logistic|normalized|bayeselo`, `counts=pentanomial|trinomial`
    /// [default: none: play every game]
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<Sprt>,
    /// Openings, each played twice with the colours swapped: an SGF file (one or more games),
    /// a directory of SGF files, or a text file of move lists, one a line [default: none]
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Play only the first N moves of each opening of --openings [default: all]
    #[arg(long, value_name = "N", requires = "openings")]
    pub opening_moves: Option<usize>,
    /// Open each pair of games with K random legal moves, kept when a short search finds the
    /// position balanced [default: none]
    #[arg(long, value_name = "K")]
    pub random_openings: Option<usize>,
    /// Playouts of the search that balances random openings
    #[arg(long, value_name = "N", default_value_t = 200, requires = "random_openings")]
    pub opening_playouts: u64,
    /// Seed of the random openings; the same seed gives the same openings
    #[arg(long, value_name = "N", default_value_t = 0, requires = "random_openings")]
    pub opening_seed: u64,
    /// Both engines' clock: `move S`, `absolute M`, `byoyomi M P N` or `canadian M P S`
    /// (seconds; as kgs-time_settings) [default: none: no clock]
    #[arg(long, value_name = "SPEC")]
    pub time_control: Option<TimeControl>,
    /// The first engine's clock, if not --time-control's [default: --time-control]
    #[arg(long, value_name = "SPEC")]
    pub first_time_control: Option<TimeControl>,
    /// The second engine's clock, if not --time-control's [default: --time-control]
    #[arg(long, value_name = "SPEC")]
    pub second_time_control: Option<TimeControl>,
    /// Seconds a side may overrun its clock before it loses on time
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
    pub time_margin: f64,
    /// JSON Lines file that every finished game is appended to [default: none]
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Continue the match in the --results file, playing only the games it lacks
    #[arg(long, requires = "results")]
    pub resume: bool,
    /// Skip the lines of the --results file that are not results, with a warning
    #[arg(long, requires = "results")]
    pub skip_bad_lines: bool,
    /// Play only the K-th of N slices of the match's pairs of games, for runs spread over
    /// processes or machines; `match-report` merges their results files
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    pub shard: Shard,
    /// Handicap stones for Black at GTP's fixed points (`fixed_handicap N`), after which White
    /// moves first [default: none]
    #[arg(long, value_name = "N", conflicts_with_all = ["openings", "random_openings"])]
    pub handicap: Option<usize>,
    /// The first engine's colour in every game, as gogui-twogtp without -alternate (for
    /// handicap matches) [default: black in games 1, 3, 5, ..., white in the others]
    #[arg(long, value_name = "COLOR", value_parser = parse_color)]
    pub first_color: Option<Color>,
    #[command(flatten)]
    pub game: GameArgs,
}

impl MatchArgs {
    pub fn config(&self) -> Result<MatchConfig, String> {
        if let Some(path) = &self.results {
            super::paths::writable_file("--results", path)?;
        }
        if let Some(dir) = &self.sgf_dir {
            super::paths::writable_dir("--sgf-dir", dir)?;
        }
        let setup = self.game.setup()?;
        let size = setup.size;
        let mut config = MatchConfig::new(&self.first, &self.second, setup, self.games);
        if let Some(n) = self.handicap.filter(|&n| n > 0) {
            if crate::handicap::fixed(size, n).is_none() {
                return Err(format!(
                    "--handicap {n}: GTP's fixed_handicap places no {n} stones on {size}x{size}"
                ));
            }
            config.handicap = n;
        }
        config.first_color = self.first_color;
        config.referee = self.referee.clone();
        if let Some(moves) = self.max_moves {
            config.max_moves = moves;
        }
        config.sgf_dir = self.sgf_dir.clone();
        config.timeout = seconds("--timeout", Some(self.timeout)).unwrap_or(Duration::from_secs(60));
        config.verbose = self.verbose;
        config.concurrency = self.concurrency.max(1);
        config.sprt = self.sprt;
        config.openings = match (&self.openings, self.random_openings) {
            (Some(path), _) => OpeningSource::File {
                path: path.clone(),
                moves: self.opening_moves,
            },
            (None, Some(moves)) => OpeningSource::Random {
                moves,
                seed: self.opening_seed,
                playouts: self.opening_playouts,
            },
            (None, None) => OpeningSource::None,
        };
        config.time_controls = [
            self.first_time_control.or(self.time_control),
            self.second_time_control.or(self.time_control),
        ];
        if !(self.time_margin >= 0.0 && self.time_margin.is_finite()) {
            return Err(format!("--time-margin {} is not a number of seconds", self.time_margin));
        }
        config.time_margin = self.time_margin;
        config.results = self.results.clone();
        config.resume = self.resume;
        config.skip_bad_lines = self.skip_bad_lines;
        config.shard = self.shard;
        Ok(config)
    }
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    let config = args.config()?;
    let outcome = matches::run(&config)?;
    out!("{}", outcome.summary.table(&outcome.info, config.sprt.as_ref()));
    match &outcome.first_error {
        // A match whose engines failed every game has no result.
        Some(error) if outcome.errors == outcome.played => Err(format!(
            "all {} games played ended in an engine error, the first: {error}",
            outcome.played
        )),
        _ => Ok(()),
    }
}
