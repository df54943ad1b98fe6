//! The command line, `variago [COMMAND] [FLAGS]`: GTP when no command is
//! given. One module per subcommand holds its flags and its run; the flag
//! groups that several share are defined once in [`args`] and flattened
//! into the subcommands they act on, so a flag that does nothing for a
//! subcommand is refused by name.

/// `print!` to stdout, except that a reader that has gone
/// (`variago bench | head -1`) ends the program quietly, as Unix tools
/// end, where `print!` panics; any other write error ends it with a message.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::write_stdout(format_args!($($arg)*)) };
}

/// [`out!`] with a newline, as `println!`.
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

pub mod args;
pub mod bench;
pub mod bench_runs;
pub mod gtp;
pub mod learn;
pub mod learn_network;
pub mod r#match;
pub mod match_report;
pub mod paths;
pub mod perft;
pub mod selfplay;
pub mod selfplay_merge;
pub mod solve;
pub mod tune_eval;
pub mod versus;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{ErrorKind as IoErrorKind, Write};

/// What [`out!`] and [`outln!`] do: writes and flushes, so that the text
/// is out before a long computation that may follow.
pub fn write_stdout(text: std::fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == IoErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("variago: cannot write to stdout: {e}");
            std::process::exit(2);
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "variago",
    version,
    about = "A GTP engine for Go and its variants",
    after_help = "Flags may also come before the command. GTP black is always the player who moves first.\n\
                  Logging goes to stderr; set RUST_LOG=info or debug."
)]
pub struct Cli {
    #[command(flatten)]
    pub gtp: gtp::GtpArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Speak GTP on stdin and stdout (the default)
    Gtp(gtp::GtpArgs),
    /// Measure playouts and tree simulations per second from the start position: a table of
    /// every variant and size, or one line for the game that the game and setup flags give
    Bench(bench::BenchArgs),
    /// Count the legal move sequences of exactly --depth moves from the start
    Perft(perft::PerftArgs),
    /// Play a game against itself, printing the board after every move; or, with --records,
    /// many games from random openings, keeping every searched position for a move model
    Selfplay(selfplay::SelfplayArgs),
    /// Merge the records files of a self-play run (its shards, say) into one, in the run's order
    SelfplayMerge(selfplay_merge::SelfplayMergeArgs),
    /// Play the engine (search and solver, as genmove) against the flat Monte Carlo baseline,
    /// at equal playouts or, when only --time is given, at equal time
    Versus(versus::VersusArgs),
    /// Solve the start position, or the position after --moves, exactly (df-pn with a
    /// transposition table)
    Solve(solve::SolveArgs),
    /// Play two GTP engines against each other, colours alternating: at once, from openings,
    /// on a clock, until an SPRT decides, resumable, in shards
    Match(Box<r#match::MatchArgs>),
    /// Merge the results files of a match (its shards, say) into one report
    MatchReport(match_report::MatchReportArgs),
    /// Learn a move model, which the search takes as its priors: Go's from SGF game records,
    /// another variant's from its self-play records
    Learn(learn::LearnArgs),
    /// Learn Go's policy network, which the search mixes into its priors near the root on
    /// 19x19 (--network), from SGF game records
    LearnNetwork(learn_network::LearnNetworkArgs),
    /// Fit the weights of Migoyugo's static evaluation to the results of its self-play records
    /// (Texel tuning)
    TuneEval(tune_eval::TuneEvalArgs),
}

/// The whole command line, with the help of the flags whose meaning a
/// subcommand narrows.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("versus", |versus| {
        versus
            .mut_arg("playouts", |a| a.help(versus::PLAYOUTS_HELP))
            .mut_arg("time", |a| a.help(versus::TIME_HELP))
            .mut_arg("threads", |a| a.help(versus::THREADS_HELP))
    })
}

/// Parses a command line (`args` starts with the program name). A flag
/// that the subcommand does not take is an error naming the flag.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let mut cmd = command();
    let args = subcommand_first(&cmd, args.into_iter().collect());
    let matches = cmd
        .try_get_matches_from_mut(args.iter())
        .map_err(|e| not_applying(&mut cmd, &args, e))?;
    Cli::from_arg_matches(&matches)
}

/// Moves the subcommand in front of the flags given before it, so that
/// `variago --variant atari perft --depth 2` reads as `variago perft
/// --variant atari --depth 2` and the subcommand checks every flag.
fn subcommand_first(cmd: &clap::Command, mut args: Vec<OsString>) -> Vec<OsString> {
    let mut i = 1;
    while let Some(text) = args.get(i).and_then(|a| a.to_str()) {
        if text == "--" {
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            if !long.contains('=') && takes_value(cmd, long) {
                i += 1;
            }
        } else if !text.starts_with('-') {
            if cmd.find_subcommand(text).is_some() {
                let name = args.remove(i);
                args.insert(1, name);
            }
            break;
        }
        i += 1;
    }
    args
}

/// The top level and the subcommands: every command that has flags.
fn commands(cmd: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    std::iter::once(cmd).chain(cmd.get_subcommands())
}

/// True when `--long` takes a value wherever it exists.
fn takes_value(cmd: &clap::Command, long: &str) -> bool {
    commands(cmd)
        .flat_map(|c| c.get_arguments())
        .any(|a| a.get_long() == Some(long) && a.get_action().takes_values())
}

/// Turns clap's "unexpected argument" for a flag that exists elsewhere
/// into an error that says which subcommands take it.
fn not_applying(cmd: &mut clap::Command, args: &[OsString], error: clap::Error) -> clap::Error {
    let Some(ContextValue::String(flag)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let Some(long) = flag.strip_prefix("--").map(|f| f.split('=').next().unwrap_or(f)) else {
        return error;
    };
    let takers: Vec<String> = cmd
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_long() == Some(long)))
        .map(|c| c.get_name().to_string())
        .collect();
    if error.kind() != ErrorKind::UnknownArgument || takers.is_empty() {
        return error;
    }
    let name = args.get(1).and_then(|a| a.to_str()).unwrap_or("");
    let (name, usage) = match cmd.find_subcommand(name).map(|c| c.get_name().to_string()) {
        Some(name) => (name.clone(), cmd.find_subcommand_mut(name).expect("found")),
        None => ("gtp".to_string(), cmd),
    };
    let message = format!(
        "--{long} does not apply to {name}; it is an option of {}",
        takers.join(", ")
    );
    clap::Error::raw(ErrorKind::UnknownArgument, message).format(usage)
}
