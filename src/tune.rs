//! Texel tuning of a static evaluation from self-play results: the
//! evaluation is a weighted sum of terms, and its weights are fitted so
//! that `sigmoid(K * evaluation)` predicts each position's result (1 a
//! win for the side to move, 0.5 a draw, 0 a loss) with the least mean
//! squared error. `K` is fitted first, with the weights as they are, and
//! then held, so that the weights keep the evaluation's units.
//!
//! The search is Texel's: each weight in turn moves one step up or down
//! while that lowers the error, the step halving from 16 to 1, so the
//! weights stay integers as the engine uses them.

use crate::color::Color;
use crate::selfplay::records::{self, Entry, Record};
use crate::variants::{Game, Variant};
use std::path::Path;

/// A position's evaluation terms and its result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<const N: usize> {
    pub terms: [i32; N],
    pub result: f64,
}

/// The weighted sum of a sample's terms.
fn weigh<const N: usize>(weights: &[i32; N], terms: &[i32; N]) -> f64 {
    weights.iter().zip(terms).map(|(&w, &t)| w as f64 * t as f64).sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `sigmoid(k * evaluation)` against the results.
pub fn mean_error<const N: usize>(samples: &[Sample<N>], weights: &[i32; N], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * weigh(weights, &s.terms))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `K` of least error for `weights`: a golden-section search over
/// `ln K` from 1e-6 to 10, where any evaluation's useful scale lies.
pub fn fit_k<const N: usize>(samples: &[Sample<N>], weights: &[i32; N]) -> f64 {
    let error = |ln_k: f64| mean_error(samples, weights, ln_k.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-6f64.ln(), 10f64.ln());
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    while high - low > 1e-4 {
        if error_a < error_b {
            (high, b, error_b) = (b, a, error_a);
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            (low, a, error_a) = (a, b, error_b);
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// One pass of the search, as it is reported: the step and the error after it.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    pub step: i32,
    pub error: f64,
}

/// The weights of least error from `start`, with `k` held and the weights
/// where `held` is true left as they are. `on_pass` hears of every pass
/// that lowered the error.
pub fn tune<const N: usize>(
    samples: &[Sample<N>],
    start: [i32; N],
    held: [bool; N],
    k: f64,
    on_pass: &mut dyn FnMut(Pass),
) -> [i32; N] {
    let mut weights = start;
    let mut best = mean_error(samples, &weights, k);
    for step in [16, 8, 4, 2, 1] {
        loop {
            let mut improved = false;
            for j in (0..N).filter(|&j| !held[j]) {
                for delta in [step, -step] {
                    let mut tried = weights;
                    tried[j] += delta;
                    let error = mean_error(samples, &tried, k);
                    if error < best {
                        (weights, best, improved) = (tried, error, true);
                        break;
                    }
                }
            }
            if !improved {
                break;
            }
            on_pass(Pass { step, error: best });
        }
    }
    weights
}

/// The samples of the records files of one variant, game by game.
#[derive(Debug, Default)]
pub struct Games<const N: usize> {
    /// Each game's samples, in the order the files give them.
    pub games: Vec<Vec<Sample<N>>>,
    /// Records left out: positions whose move was forced or proven.
    pub forced: usize,
    /// Each line that was not a record of the run, as `FILE line N: why`.
    pub bad_lines: Vec<String>,
}

/// Reads the records of `paths` into samples of `terms`, which gives a
/// position's terms (`None` for a position of another game type). A record
/// whose move was forced or proven (no search: `playouts` 0) says nothing
/// of the evaluation and is left out. A line that is not a record, or
/// whose position does not replay, is a bad line (skipped); a file that
/// cannot be read, or a record of another variant, is an error.
pub fn read_games<const N: usize>(
    paths: &[impl AsRef<Path>],
    variant: Variant,
    terms: &dyn Fn(&Game) -> Option<[i32; N]>,
) -> Result<Games<N>, String> {
    let mut read = Games::default();
    // A game's records lie together in its file.
    let mut last_game = None;
    for entry in records::of_variant(paths, variant) {
        let (file, line, record) = match entry? {
            (file, Entry::Record(line, record)) => (file, line, record),
            (_, Entry::Bad(bad)) => {
                read.bad_lines.push(bad);
                continue;
            }
        };
        if record.playouts == 0 {
            read.forced += 1;
            continue;
        }
        let sample = match sample(&record, terms) {
            Ok(sample) => sample,
            Err(why) => {
                let shown = paths[file].as_ref().display();
                read.bad_lines.push(format!("{shown} line {line}: {why}"));
                continue;
            }
        };
        if last_game != Some((file, record.game)) {
            read.games.push(Vec::new());
            last_game = Some((file, record.game));
        }
        read.games.last_mut().expect("a game was started").push(sample);
    }
    Ok(read)
}

/// A record's sample: its position's terms and the game's result for the
/// side to move.
fn sample<const N: usize>(record: &Record, terms: &dyn Fn(&Game) -> Option<[i32; N]>) -> Result<Sample<N>, String> {
    let position = record.position()?;
    let terms = terms(&position).ok_or("the position has no evaluation terms")?;
    Ok(Sample {
        terms,
        result: result_for(record.winner, record.to_move),
    })
}

/// A game's result for `color`: 1 a win, 0.5 a draw, 0 a loss.
pub fn result_for(winner: Option<Color>, color: Color) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if w == color => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose result follows `sigmoid(k * 30 * a - 10 * b)` exactly.
    fn planted() -> Vec<Sample<2>> {
        let mut samples = Vec::new();
        for a in -5..=5 {
            for b in -5..=5 {
                let result = sigmoid(0.01 * (30 * a - 10 * b) as f64);
                samples.push(Sample { terms: [a, b], result });
            }
        }
        samples
    }

    #[test]
    fn the_fitted_k_is_the_one_the_results_follow() {
        let k = fit_k(&planted(), &[30, -10]);
        assert!((k - 0.01).abs() < 1e-4, "K {k}");
    }

    #[test]
    fn tuning_finds_the_planted_weights_from_far_off() {
        let samples = planted();
        let mut passes = 0;
        let found = tune(&samples, [1, 40], [false, false], 0.01, &mut |_| passes += 1);
        assert_eq!(found, [30, -10]);
        assert!(passes > 0);
        assert!(mean_error(&samples, &found, 0.01) < 1e-12);
    }

    #[test]
    fn a_held_weight_stays_and_the_others_fit_around_it() {
        let found = tune(&planted(), [30, 0], [true, false], 0.01, &mut |_| {});
        assert_eq!(found, [30, -10]);
        let found = tune(&planted(), [20, 0], [true, false], 0.01, &mut |_| {});
        assert_eq!(found[0], 20);
    }

    #[test]
    fn results_are_for_the_side_to_move() {
        assert_eq!(result_for(Some(Color::Black), Color::Black), 1.0);
        assert_eq!(result_for(Some(Color::Black), Color::White), 0.0);
        assert_eq!(result_for(None, Color::White), 0.5);
    }
}
