//! `variago selfplay`: one game of the engine against itself, board by
//! board; or, with `--records`, many games' searched positions for a move
//! model to learn from.

use super::args::PlayArgs;
use crate::gtp::display;
use crate::matches::Shard;
use crate::player::{Player, Resigning, Thinking};
use crate::search::SearchResult;
use crate::selfplay;
use crate::Position;
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Play --games games from random openings and write, for every searched move, the position
    /// (the moves from the start), the search's visits of every move and the game's result, one
    /// JSON line each, to FILE (`-`: stdout); searches on one thread unless --threads says
    /// otherwise, and --seed seeds the whole run [default: none: print one game's boards]
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Games of the whole run (of every shard)
    #[arg(long, value_name = "N", default_value_t = 10, requires = "records")]
    pub games: u32,
    /// Random legal moves that open each game, drawn from --seed and the game's number
    #[arg(long, value_name = "N", default_value_t = 4, requires = "records")]
    pub opening_moves: usize,
    /// Play only games K, K+N, K+2N, ... of the run, for runs spread over processes or machines;
    /// `selfplay-merge` joins their records files
    #[arg(long, value_name = "K/N", default_value = "1/1", requires = "records")]
    pub shard: Shard,
    /// Replace the --records file if it exists
    #[arg(long, requires = "records")]
    pub overwrite: bool,
    /// Continue the run in the --records file, which a killed run left: play the games it lacks,
    /// and the last it holds again
    #[arg(long, requires = "records", conflicts_with = "overwrite")]
    pub resume: bool,
    #[command(flatten)]
    pub play: PlayArgs,
}

pub fn run(mut args: SelfplayArgs) -> Result<(), String> {
    if let Some(path) = args.records.take() {
        return write_records(args, &path);
    }
    let (setup, settings) = args.play.resolve()?;
    let player = Player::new(setup.clone(), settings);
    let mut game = player.game.clone();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}\n", display::human_board(&game));
    while game.outcome().is_none() && game.moves_played() < 4 * setup.size * setup.size {
        let color = game.to_move();
        let result = player.think(&game, Thinking::move_for(color, Resigning::Never));
        let Some(mv) = result.best else { break };
        game.play(color, mv).expect("search returns legal moves");
        let _ = writeln!(out, "{color} {mv} ({})", how_chosen(&result));
        let _ = writeln!(out, "{}\n", display::human_board(&game));
    }
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    let _ = writeln!(out, "result: {outcome}");
    Ok(())
}

/// How the move was found: by playouts with their win rate, or without any,
/// as a proven win (by the solver, or a move that wins at once) or a forced
/// move (the only sensible reply).
fn how_chosen(result: &SearchResult) -> String {
    match result.playouts {
        0 if result.winrate >= 1.0 => "proven win".to_string(),
        0 => "forced".to_string(),
        n => format!("{:.0}% to win, {n} playouts", 100.0 * result.winrate),
    }
}

/// Plays the run's games of the shard into the records file `path`, and
/// sums the run up on stderr.
fn write_records(mut args: SelfplayArgs, path: &Path) -> Result<(), String> {
    // One thread a shard: shards, not threads, fill the cores, and a fixed
    // playout budget then plays the same games in every run.
    args.play.search.threads.get_or_insert(1);
    let (setup, settings) = args.play.resolve()?;
    let run = selfplay::Run {
        max_moves: 4 * setup.size * setup.size,
        setup,
        seed: settings.config.seed,
        settings,
        games: args.games,
        shard: args.shard,
        opening_moves: args.opening_moves,
    };
    if args.resume && path == Path::new("-") {
        return Err("--resume continues a records file, not stdout".into());
    }
    let (mut out, after) = if args.resume && path.exists() {
        resume(&run, path)?
    } else {
        (open_output("--records", path, args.overwrite)?, 0)
    };
    let totals = selfplay::run(&run, after, &mut out)?;
    eprintln!(
        "selfplay shard {}: games {} of {}, positions {}, {:.1} positions per second on one core (search threads {}), records in {}",
        args.shard,
        totals.games,
        args.games,
        totals.positions,
        totals.positions_per_second,
        run.settings.config.threads,
        path.display()
    );
    Ok(())
}

/// The records file of a killed run of `run`, cut back to its last whole
/// game, open to append the rest; and the games it holds.
fn resume(run: &selfplay::Run, path: &Path) -> Result<(Box<dyn Write>, u32), String> {
    let shown = path.display();
    let point = selfplay::resume_point(run, path)?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("--records {shown} cannot be written: {e}"))?;
    file.set_len(point.keep)
        .and_then(|_| file.seek(std::io::SeekFrom::End(0)))
        .map_err(|e| format!("--records {shown} cannot be written: {e}"))?;
    eprintln!(
        "resuming: {shown} kept through game {}, the shard's later games follow",
        point.after
    );
    Ok((Box::new(std::io::BufWriter::new(file)), point.after))
}

/// A new file to write at `path`, given with `flag`, or stdout for `-`. An
/// existing file is an error unless `overwrite`, so that a run never
/// replaces another's records by mistake.
pub fn open_output(flag: &str, path: &Path, overwrite: bool) -> Result<Box<dyn Write>, String> {
    if path == Path::new("-") {
        return Ok(Box::new(std::io::stdout()));
    }
    let shown = path.display();
    super::paths::writable_file(flag, path)?;
    if path.exists() && !overwrite {
        return Err(format!("{flag} {shown} exists; --overwrite replaces it"));
    }
    let file = std::fs::File::create(path).map_err(|e| format!("{flag} {shown} cannot be written: {e}"))?;
    Ok(Box::new(std::io::BufWriter::new(file)))
}
