//! `variago learn`: learns a move model, Go's from game records and those
//! of the other variants with move features from self-play records (see
//! `src/learn.rs`, docs/move-model.md and docs/learning.md).

use crate::learn::{self, SelfPlay, Source};
use crate::selfplay::records::{self, Entry};
use crate::sgf::{self, SgfGame};
use crate::Variant;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct LearnArgs {
    /// Go: SGF files, each one game or a collection, or directories of
    /// them. The other variants: self-play records files (`variago selfplay --records`)
    #[arg(required = true, value_name = "RECORDS")]
    pub records: Vec<PathBuf>,
    /// The variant whose model to learn: go (from game records), or any
    /// other (from self-play records)
    #[arg(long, value_name = "NAME", default_value = "go")]
    pub variant: String,
    /// The file to write the model to
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games to learn from, at most (after the test games) [default: all]
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Games kept apart to measure the model on: the first ones read
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub test_games: usize,
    /// Times a pattern must be played to become known
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub min_count: u32,
    /// Passes over the training positions
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub epochs: usize,
    /// AdaGrad's learning rate
    #[arg(long, value_name = "RATE", default_value_t = 0.1)]
    pub rate: f32,
}

pub fn run(args: LearnArgs) -> Result<(), String> {
    if args.epochs == 0 || !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err("--epochs and --rate must be positive".into());
    }
    let variant = Variant::parse(&args.variant).ok_or_else(|| format!("unknown variant '{}'", args.variant))?;
    super::paths::writable_file("--out", &args.out)?;
    match variant {
        Variant::Go => learn_go(&args),
        _ => learn_from_selfplay(&args, variant),
    }
}

fn learn_go(args: &LearnArgs) -> Result<(), String> {
    let games = read_games(&args.records, args.games.map(|n| n + args.test_games))?;
    if games.len() <= args.test_games {
        return Err(format!(
            "{} games read: more than the {} test games are needed",
            games.len(),
            args.test_games
        ));
    }
    let (test, training) = games.split_at(args.test_games);
    eprintln!("learn: {} training games, {} test games", training.len(), test.len());
    fit_and_write(args, Variant::Go, training, test)
}

/// Learns a variant's model from self-play records: the records of the
/// first `--test-games` games read are kept apart.
fn learn_from_selfplay(args: &LearnArgs, variant: Variant) -> Result<(), String> {
    let (mut training, mut test) = (Vec::new(), Vec::new());
    // Each game, by its file and number, with the order it was first read in.
    let (mut games, mut skipped) = (HashMap::new(), 0);
    let mut records = records::of_variant(&args.records, variant);
    while let Some(entry) = records.next() {
        match entry? {
            (file, Entry::Record(_, record)) => {
                let read = games.len();
                let order = *games.entry((file, record.game)).or_insert(read);
                if args.games.is_some_and(|n| order >= n + args.test_games) {
                    games.remove(&(file, record.game));
                    records.next_file();
                    continue;
                }
                if order < args.test_games {
                    &mut test
                } else {
                    &mut training
                }
                .push(record);
            }
            (_, Entry::Bad(message)) => {
                skipped += 1;
                eprintln!("learn: {message}; skipped");
            }
        }
    }
    if training.is_empty() {
        return Err(format!(
            "{} games read ({skipped} lines skipped): more than the {} test games are needed",
            games.len(),
            args.test_games
        ));
    }
    eprintln!(
        "learn: {} training positions, {} test positions, of {} games",
        training.len(),
        test.len(),
        games.len()
    );
    fit_and_write(args, variant, &SelfPlay(&training), &SelfPlay(&test))
}

/// Finds the known patterns of `training`, fits the weights, reports how
/// the model predicts `test` and writes it.
fn fit_and_write<S: Source + ?Sized>(args: &LearnArgs, variant: Variant, training: &S, test: &S) -> Result<(), String> {
    let started = Instant::now();
    let keys = learn::harvest(training, args.min_count);
    eprintln!(
        "learn: {} patterns known (seen at least {} times)",
        keys.len(),
        args.min_count
    );
    let tactics = variant.tactics();
    let weights = learn::train(training, tactics, &keys, args.epochs, args.rate, |progress| {
        eprintln!(
            "learn: pass {} over {} positions, mean log-likelihood {:.4}, {:.0}s",
            progress.epoch,
            progress.positions,
            progress.log_likelihood,
            started.elapsed().as_secs_f64()
        );
    });
    let bytes = weights.to_bytes(variant.name());
    let model = variant.move_model(&bytes)?;
    let test = learn::accuracy(&model, test);
    eprintln!(
        "learn: on {} test positions the model's favourite is the position's {:.1}% of the time, mean log-likelihood {:.4} (a uniform choice: {:.4})",
        test.positions,
        100.0 * test.hits,
        test.log_likelihood,
        test.uniform
    );
    std::fs::write(&args.out, &bytes).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    outln!("{}: {} patterns", args.out.display(), model.patterns());
    Ok(())
}

/// The standard Go games of `paths`, up to `wanted` in all (see
/// [`read_records`]); those skipped are named on stderr.
pub(super) fn read_games(paths: &[PathBuf], wanted: Option<usize>) -> Result<Vec<SgfGame>, String> {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for path in paths {
        skipped += read_records(path, &mut games, wanted)?;
    }
    if skipped > 0 {
        eprintln!("learn: {skipped} records skipped (named above)");
    }
    Ok(games)
}

/// Reads the games of `path` (a file or a directory of `.sgf` files) into
/// `games`, up to `wanted` in all. A record that does not read is skipped
/// with a warning that names it: one broken file among thousands should
/// not end the run. Returns how many were skipped.
fn read_records(path: &Path, games: &mut Vec<SgfGame>, wanted: Option<usize>) -> Result<usize, String> {
    let full = |games: &Vec<SgfGame>| wanted.is_some_and(|n| games.len() >= n);
    let mut skipped = 0;
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|f| f.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
            .collect();
        files.sort();
        for file in files {
            if full(games) {
                break;
            }
            skipped += read_records(&file, games, wanted)?;
        }
        return Ok(skipped);
    }
    let text = sgf::read_file(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let trees = sgf::split_collection(&text);
    for (i, tree) in trees.iter().enumerate() {
        if full(games) {
            break;
        }
        match sgf::parse(tree) {
            Ok(game) if game.variant.is_none() => games.push(game),
            Ok(_) => {}
            Err(e) => {
                skipped += 1;
                let game = if trees.len() > 1 {
                    format!(" game {}", i + 1)
                } else {
                    String::new()
                };
                eprintln!("learn: skipped {}{game}: {}", path.display(), sgf::one_line(&e));
            }
        }
    }
    Ok(skipped)
}
