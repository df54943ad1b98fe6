//! `variago tune-eval`: fits the weights of a variant's static evaluation
//! to the results of its self-play records (see `src/tune.rs` and
//! docs/tuning.md). Migoyugo's alpha-beta evaluation is the one there is.

use super::args::VariantParser;
use crate::tune::{self, Sample};
use crate::variants::migoyugo::{EVAL_TERMS, EVAL_TERM_NAMES, EVAL_WEIGHTS};
use crate::variants::{Game, Variant};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The weight that is the evaluation's unit (a Yugo), held while the
/// others are fitted.
const UNIT: usize = 0;

#[derive(clap::Args, Debug, Clone)]
pub struct TuneEvalArgs {
    /// The variant whose evaluation is tuned: migoyugo
    #[arg(long, value_name = "NAME", value_parser = VariantParser, required = true)]
    pub variant: Variant,
    /// Records files of its self-play, as `selfplay --records` writes them
    #[arg(required = true, value_name = "RECORDS")]
    pub records: Vec<PathBuf>,
    /// Games kept apart to measure the weights on: the first ones read
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub test_games: usize,
    /// The file to write the weights to [default: stdout]
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: TuneEvalArgs) -> Result<(), String> {
    if args.variant != Variant::Migoyugo {
        return Err(format!(
            "--variant {} has no static evaluation to tune; migoyugo has",
            args.variant.name()
        ));
    }
    if let Some(out) = &args.out {
        super::paths::writable_file("--out", out)?;
    }
    let terms = |game: &Game| match game {
        Game::Migoyugo(m) => Some(m.eval_terms()),
        _ => None,
    };
    let read = tune::read_games(&args.records, args.variant, &terms)?;
    for bad in &read.bad_lines {
        eprintln!("variago: {bad}; skipped");
    }
    if read.games.len() <= args.test_games {
        return Err(format!(
            "{} games read: more than the {} test games are needed",
            read.games.len(),
            args.test_games
        ));
    }
    let (test, training) = read.games.split_at(args.test_games);
    let (test, training): (Vec<Sample<EVAL_TERMS>>, Vec<_>) = (test.concat(), training.concat());
    eprintln!(
        "tune-eval: {} training games ({} positions), {} test games ({} positions); left out {} forced or proven positions, {} bad lines",
        read.games.len() - args.test_games,
        training.len(),
        args.test_games,
        test.len(),
        read.forced,
        read.bad_lines.len()
    );
    let k = tune::fit_k(&training, &EVAL_WEIGHTS);
    eprintln!("tune-eval: K {k:.6} for the shipped weights");
    let error = |weights: &[i32; EVAL_TERMS], samples: &[Sample<EVAL_TERMS>]| tune::mean_error(samples, weights, k);
    let mut held = [false; EVAL_TERMS];
    held[UNIT] = true;
    let tuned = tune::tune(&training, EVAL_WEIGHTS, held, k, &mut |pass| {
        eprintln!("tune-eval: step {}, training error {:.6}", pass.step, pass.error);
    });
    for (name, weights) in [("shipped", &EVAL_WEIGHTS), ("tuned", &tuned)] {
        let test = if test.is_empty() {
            "no test games".to_string()
        } else {
            format!("test error {:.6}", error(weights, &test))
        };
        eprintln!(
            "tune-eval: {name} weights: training error {:.6}, {test}",
            error(weights, &training)
        );
    }
    let mut text = format!(
        "# {} evaluation weights: name, tuned weight, shipped weight; K {k:.6}\n",
        args.variant.name()
    );
    for ((name, new), old) in EVAL_TERM_NAMES.iter().zip(tuned).zip(EVAL_WEIGHTS) {
        let _ = writeln!(text, "{name} {new} {old}");
    }
    match &args.out {
        Some(out) => {
            std::fs::write(out, &text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            eprintln!("tune-eval: weights in {}", out.display());
        }
        None => out!("{text}"),
    }
    Ok(())
}
