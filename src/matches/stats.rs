//! Match statistics: the Elo difference with its error, the likelihood of
//! superiority (LOS) and the sequential probability ratio test (SPRT), on
//! single games (win, draw, loss) or on pairs of games played from one
//! opening with the colours swapped (the pentanomial counts).
//!
//! The arithmetic is that of fishtest and fastchess: the generalized SPRT
//! of Michel Van den Bergh, whose log-likelihood ratio uses the maximum
//! likelihood distributions with a given expected score (logistic Elo) or
//! a given t-value (normalized Elo), and cutechess-cli's older test on the
//! BayesElo model for those who compare with it.

/// The 97.5% quantile of the standard normal law.
const Z95: f64 = 1.959963984540054;

/// Normalized Elo per unit of t-value: 800 / ln 10.
const NELO_PER_T: f64 = 347.435_585_522_601_5;

/// Game results from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Counts by score, lowest first: losses, draws, wins.
    fn counts(&self) -> [u32; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// Pairs of games from the first engine's side, by the pair's points:
/// `[LL, LD, WL+DD, WD, WW]` (two losses, a loss and a draw, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs(pub [u32; 5]);

impl Pairs {
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Adds a pair; each game's points are 0, 0.5 or 1.
    pub fn add(&mut self, first: f64, second: f64) {
        let index = (2.0 * (first + second)).round() as usize;
        self.0[index.min(4)] += 1;
    }
}

/// An estimate of the strength difference, from the first engine's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score per game (a draw is half a point).
    pub score: f64,
    /// Logistic Elo and the half-width of its 95% interval.
    pub elo: f64,
    pub error: f64,
    /// Normalized Elo and the half-width of its 95% interval.
    pub nelo: f64,
    pub nelo_error: f64,
    /// The likelihood of superiority: the probability that the first engine is the stronger.
    pub los: f64,
}

/// Logistic Elo of a mean score.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean and variance of the values `a` under the probabilities `p`.
fn mean_variance(a: &[f64], p: &[f64]) -> (f64, f64) {
    let mean: f64 = a.iter().zip(p).map(|(a, p)| a * p).sum();
    let variance = a.iter().zip(p).map(|(a, p)| p * (a - mean) * (a - mean)).sum();
    (mean, variance)
}

/// The outcomes' scores, evenly spaced from 0 to 1, and their observed frequencies.
fn distribution(counts: &[u32]) -> (Vec<f64>, Vec<f64>) {
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    let last = (counts.len() - 1) as f64;
    let scores = (0..counts.len()).map(|i| i as f64 / last).collect();
    let freqs = counts.iter().map(|&c| f64::from(c) / n).collect();
    (scores, freqs)
}

/// The estimate from counts by score; `per_sample` games make one sample
/// (1 for single games, 2 for pairs). `None` without results.
fn estimate(counts: &[u32], per_sample: f64) -> Option<Estimate> {
    let samples: u32 = counts.iter().sum();
    if samples == 0 {
        return None;
    }
    let (scores, freqs) = distribution(counts);
    let (score, variance) = mean_variance(&scores, &freqs);
    let deviation = (variance / f64::from(samples)).sqrt();
    // An interval that reaches past a score of 0 or 1 is cut at 0.001 and
    // 0.999 (as fishtest does), where the Elo is about -1200 and +1200.
    let bound = |s: f64| s.clamp(1e-3, 1.0 - 1e-3);
    let (low, high) = (bound(score - Z95 * deviation), bound(score + Z95 * deviation));
    if deviation == 0.0 {
        // Every sample alike: no spread to measure the difference against.
        let sign = if score == 0.5 { 0.0 } else { (score - 0.5).signum() };
        return Some(Estimate {
            score,
            elo: elo_of_score(score) + 0.0,
            error: 0.0,
            nelo: if sign == 0.0 { 0.0 } else { sign * f64::INFINITY },
            nelo_error: 0.0,
            los: 0.5 + sign / 2.0,
        });
    }
    let nelo_scale = NELO_PER_T / (per_sample * variance).sqrt();
    Some(Estimate {
        score,
        // `+ 0.0` turns -0 into 0.
        elo: elo_of_score(score) + 0.0,
        error: (elo_of_score(high) - elo_of_score(low)) / 2.0,
        nelo: (score - 0.5) * nelo_scale + 0.0,
        nelo_error: Z95 * deviation * nelo_scale,
        los: (1.0 - libm::erf(-(score - 0.5) / (2.0 * deviation * deviation).sqrt())) / 2.0,
    })
}

impl Wdl {
    pub fn estimate(&self) -> Option<Estimate> {
        estimate(&self.counts(), 1.0)
    }
}

impl Pairs {
    pub fn estimate(&self) -> Option<Estimate> {
        estimate(&self.0, 2.0)
    }
}

/// How the SPRT's bounds elo0 and elo1 are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Logistic Elo: a score of 1 / (1 + 10^(-elo/400)), as the report's Elo.
    Logistic,
    /// Normalized Elo: the score's distance from 0.5 in standard deviations (fishtest).
    Normalized,
    /// BayesElo with a draw Elo estimated from the results (cutechess-cli).
    BayesElo,
}

impl EloModel {
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
            EloModel::BayesElo => "bayeselo",
        }
    }
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    /// H0 accepted: the difference is at most elo0.
    H0,
    /// H1 accepted: the difference is at least elo1.
    H1,
}

/// A sequential probability ratio test of elo0 against elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
    /// Test the pairs of games (pentanomial) rather than single games.
    pub pairs: bool,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic counts=pentanomial`:
    /// `key=value` words, separated by spaces or commas; elo0 and elo1 are required.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let mut values: Vec<(&str, &str)> = Vec::new();
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("'{word}' is not key=value"))?;
            if values.iter().any(|(k, _)| *k == key) {
                return Err(format!("{key} is given twice"));
            }
            values.push((key, value));
        }
        let get = |key: &str| values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        let number = |key: &str, default: Option<f64>| -> Result<f64, String> {
            match get(key) {
                Some(v) => v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("{key}={v} is not a number")),
                None => default.ok_or_else(|| format!("{key} is missing")),
            }
        };
        for (key, _) in &values {
            if !["elo0", "elo1", "alpha", "beta", "model", "counts"].contains(key) {
                return Err(format!(
                    "unknown key '{key}' (the keys are elo0, elo1, alpha, beta, model, counts)"
                ));
            }
        }
        let model = match get("model").unwrap_or("logistic") {
            "logistic" => EloModel::Logistic,
            "normalized" => EloModel::Normalized,
            "bayeselo" => EloModel::BayesElo,
            other => return Err(format!("model={other}: the models are logistic, normalized, bayeselo")),
        };
        let pairs = match get("counts").unwrap_or(if model == EloModel::BayesElo {
            "trinomial"
        } else {
            "pentanomial"
        }) {
            "pentanomial" => true,
            "trinomial" => false,
            other => return Err(format!("counts={other}: the counts are pentanomial, trinomial")),
        };
        let sprt = Sprt {
            elo0: number("elo0", None)?,
            elo1: number("elo1", None)?,
            alpha: number("alpha", Some(0.05))?,
            beta: number("beta", Some(0.05))?,
            model,
            pairs,
        };
        if sprt.elo0 >= sprt.elo1 {
            return Err(format!("elo0 ({}) must be less than elo1 ({})", sprt.elo0, sprt.elo1));
        }
        for (key, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{key}={p} must be between 0 and 0.5"));
            }
        }
        if model == EloModel::BayesElo && pairs {
            return Err("model=bayeselo tests single games: use counts=trinomial".into());
        }
        Ok(sprt)
    }
}

impl std::fmt::Display for Sprt {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={} model={} counts={}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.model.name(),
            if self.pairs { "pentanomial" } else { "trinomial" }
        )
    }
}

impl Sprt {
    /// The log-likelihood ratio bounds: H0 is accepted at or below the
    /// first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The log-likelihood ratio of the results: of the pairs or of the
    /// single games, as the test is set.
    pub fn llr(&self, games: &Wdl, pairs: &Pairs) -> f64 {
        if self.pairs {
            self.llr_of(&pairs.0)
        } else {
            self.llr_of(&games.counts())
        }
    }

    /// The log-likelihood ratio of counts by score (3 for games, 5 for pairs).
    fn llr_of(&self, counts: &[u32]) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        if self.model == EloModel::BayesElo {
            return bayeselo_llr(self, counts);
        }
        // An outcome never seen gets a tiny count, as in fishtest, so that
        // the maximum likelihood distributions exist.
        let regular: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { f64::from(c) })
            .collect();
        let total: f64 = regular.iter().sum();
        let freqs: Vec<f64> = regular.iter().map(|c| c / total).collect();
        let scores: Vec<f64> = (0..counts.len())
            .map(|i| i as f64 / (counts.len() - 1) as f64)
            .collect();
        let fitted = |elo: f64| match self.model {
            EloModel::Normalized => {
                let t = elo / NELO_PER_T * if counts.len() == 5 { 2f64.sqrt() } else { 1.0 };
                most_likely_with_t(&scores, &freqs, 0.5, t)
            }
            _ => most_likely_with_mean(&scores, &freqs, score_of_elo(elo)),
        };
        match (fitted(self.elo0), fitted(self.elo1)) {
            (Some(p0), Some(p1)) => {
                total
                    * freqs
                        .iter()
                        .zip(p0.iter().zip(&p1))
                        .map(|(f, (q0, q1))| f * (q1.ln() - q0.ln()))
                        .sum::<f64>()
            }
            _ => 0.0,
        }
    }
}

/// The root of the secular equation `sum f_i a_i / (1 + x a_i) = 0`, which
/// lies between -1/max(a) and -1/min(a) when the a_i straddle zero; the
/// function falls from +inf to -inf there, so bisection finds it.
fn secular(a: &[f64], freqs: &[f64]) -> Option<f64> {
    let (min, max) = a.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
        (lo.min(x), hi.max(x))
    });
    if min >= 0.0 || max <= 0.0 {
        return None;
    }
    let f = |x: f64| -> f64 { a.iter().zip(freqs).map(|(a, p)| p * a / (1.0 + x * a)).sum() };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution on `scores` closest in likelihood to the observed
/// `freqs` among those with mean `s` (Van den Bergh, "Comparing the
/// approximations for the generalized log likelihood ratio of a
/// multinomial distribution", proposition 1.1).
fn most_likely_with_mean(scores: &[f64], freqs: &[f64], s: f64) -> Option<Vec<f64>> {
    let shifted: Vec<f64> = scores.iter().map(|a| a - s).collect();
    let x = secular(&shifted, freqs)?;
    Some(freqs.iter().zip(&shifted).map(|(p, a)| p / (1.0 + x * a)).collect())
}

/// The same among the distributions with t-value (mean - `reference`) /
/// deviation equal to `t`, by the iteration of Van den Bergh, "Comments
/// on normalized Elo", section 4.1.
fn most_likely_with_t(scores: &[f64], freqs: &[f64], reference: f64, t: f64) -> Option<Vec<f64>> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..10 {
        let (mean, variance) = mean_variance(scores, &p);
        let sigma = variance.sqrt();
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - reference - t * sigma * (1.0 + ((mean - a) / sigma).powi(2)) / 2.0)
            .collect();
        let x = secular(&phi, freqs)?;
        let next: Vec<f64> = freqs.iter().zip(&phi).map(|(f, phi)| f / (1.0 + x * phi)).collect();
        let change = next.iter().zip(&p).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-9 {
            break;
        }
    }
    Some(p)
}

/// cutechess-cli's test: the draw Elo is estimated from the results (each
/// count plus one half, a Jeffreys prior), the bounds are BayesElo scaled
/// by it, and the ratio is that of the two trinomial laws.
fn bayeselo_llr(sprt: &Sprt, counts: &[u32]) -> f64 {
    let [losses, draws, wins] = [0, 1, 2].map(|i| f64::from(counts[i]) + 0.5);
    let n = wins + losses + draws;
    let (p_win, p_loss) = (wins / n, losses / n);
    let draw_elo = 200.0 * ((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win).log10();
    let x = 10f64.powf(-draw_elo / 400.0);
    let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
    let law = |elo: f64| {
        let belo = elo / scale;
        let win = 1.0 / (1.0 + 10f64.powf((draw_elo - belo) / 400.0));
        let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + belo) / 400.0));
        (win, loss, 1.0 - win - loss)
    };
    let (w0, l0, d0) = law(sprt.elo0);
    let (w1, l1, d1) = law(sprt.elo1);
    wins * (w1 / w0).ln() + losses * (l1 / l0).ln() + draws * (d1 / d0).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(spec: &str) -> Sprt {
        spec.parse().unwrap()
    }

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    /// fastchess's SPRT tests (app/tests/sprt_test.cpp), which give each
    /// LLR to two decimals: single games as (wins, losses, draws).
    #[test]
    fn llr_of_games_matches_fastchess() {
        let cases = [
            ("elo0=0 elo1=2 model=normalized", (36433, 36027, 68692), 0.92),
            ("elo0=-1.75 elo1=0.25 model=normalized", (10871, 10650, 20431), 2.30),
            ("elo0=0 elo1=10 model=normalized", (4250, 0, 0), 120.56),
            ("elo0=0.5 elo1=2.5 model=logistic", (21404, 21184, 40708), -1.57),
            ("elo0=0 elo1=2 model=logistic", (57433, 57030, 106593), -2.59),
        ];
        for (spec, (wins, losses, draws), expected) in cases {
            let test = sprt(&format!("{spec} counts=trinomial"));
            let games = Wdl { wins, draws, losses };
            let llr = test.llr(&games, &Pairs::default());
            assert!(
                close(llr, expected, 0.01 * expected.abs()),
                "{spec}: {llr} != {expected}"
            );
        }
    }

    /// fastchess's pentanomial tests, given there as (LL, LD, WL, DD, WD, WW).
    #[test]
    fn llr_of_pairs_matches_fastchess() {
        let cases = [
            (
                "elo0=0 elo1=2 model=normalized",
                [365, 16618, 36029, 200, 16974, 390],
                2.25,
            ),
            (
                "elo0=-1.75 elo1=0.25 model=normalized",
                [127, 4883, 10311, 401, 5150, 104],
                3.01,
            ),
            ("elo0=0 elo1=5 model=normalized", [0, 0, 0, 0, 0, 5550], 111.82),
            (
                "elo0=0.5 elo1=2.5 model=logistic",
                [223, 9863, 20279, 1000, 10037, 246],
                -3.07,
            ),
            (
                "elo0=0 elo1=2 model=logistic",
                [871, 26175, 55003, 980, 26678, 821],
                -4.98,
            ),
        ];
        for (spec, [ll, ld, wl, dd, wd, ww], expected) in cases {
            let test = sprt(spec);
            assert!(test.pairs);
            let pairs = Pairs([ll, ld, wl + dd, wd, ww]);
            let llr = test.llr(&Wdl::default(), &pairs);
            assert!(
                close(llr, expected, 0.01 * expected.abs()),
                "{spec}: {llr} != {expected}"
            );
        }
    }

    /// cutechess-cli's SPRT tests (projects/lib/tests/sprt/tst_sprt.cpp):
    /// elo0 0, elo1 10, alpha = beta = 0.01, bounds -4.6 and 4.6.
    #[test]
    fn bayeselo_llr_matches_cutechess() {
        let test = sprt("elo0=0 elo1=10 alpha=0.01 beta=0.01 model=bayeselo");
        let (lower, upper) = test.bounds();
        assert!(close(lower, -4.6, 0.01) && close(upper, 4.6, 0.01), "{lower} {upper}");
        for ((wins, losses, draws), expected) in [
            ((1477, 1351, 2942), 2.52),
            ((555, 555, 298), -0.74),
            ((3, 149, 1), -4.69),
        ] {
            let llr = test.llr(&Wdl { wins, draws, losses }, &Pairs::default());
            assert!(
                close(llr, expected, 0.01),
                "{wins}-{losses}-{draws}: {llr} != {expected}"
            );
        }
        assert_eq!(test.verdict(-4.69), Verdict::H0);
        assert_eq!(test.verdict(2.52), Verdict::Continue);
        assert_eq!(test.verdict(4.61), Verdict::H1);
    }

    /// fastchess's Elo tests (app/tests/elo_test.cpp): single games as
    /// (wins, losses, draws); LOS as printed there, to two decimals.
    #[test]
    fn elo_of_games_matches_fastchess() {
        let e = Wdl {
            wins: 76,
            losses: 89,
            draws: 123,
        }
        .estimate()
        .unwrap();
        assert!(close(e.nelo, -20.76, 0.21) && close(e.nelo_error, 40.13, 0.4), "{e:?}");
        assert!(
            close(100.0 * e.los, 15.53, 0.005) && close(e.score, 0.477, 0.005),
            "{e:?}"
        );
        let e = Wdl {
            wins: 136,
            losses: 96,
            draws: 111,
        }
        .estimate()
        .unwrap();
        assert!(close(e.nelo, 49.77, 0.5) && close(e.nelo_error, 36.77, 0.37), "{e:?}");
        assert!(close(e.elo, 40.70, 0.41) && close(e.error, 30.43, 0.3), "{e:?}");
        assert!(close(100.0 * e.los, 99.60, 0.005), "{e:?}");
        let e = Wdl {
            wins: 34,
            losses: 356,
            draws: 0,
        }
        .estimate()
        .unwrap();
        assert!(close(e.nelo, -508.44, 5.1) && close(e.nelo_error, 34.48, 0.35), "{e:?}");
    }

    /// fastchess's pentanomial Elo tests, (LL, LD, WL, DD, WD, WW).
    #[test]
    fn elo_of_pairs_matches_fastchess() {
        let cases = [
            ([34, 54, 31, 32, 64, 75], (57.94, 28.28), (55.58, 27.65), 100.00, 0.579),
            (
                [332, 433, 457, 41, 333, 334],
                (-9.17, 10.96),
                (-8.64, 10.33),
                5.05,
                0.488,
            ),
            (
                [7895, 8757, 5485, 200, 568, 9999],
                (-19.01, 2.65),
                (-21.04, 2.95),
                0.00,
                0.470,
            ),
        ];
        for ([ll, ld, wl, dd, wd, ww], nelo, elo, los, score) in cases {
            let e = Pairs([ll, ld, wl + dd, wd, ww]).estimate().unwrap();
            assert!(close(e.nelo, nelo.0, 0.01 * nelo.0.abs()), "{e:?}");
            assert!(close(e.nelo_error, nelo.1, 0.01 * nelo.1), "{e:?}");
            assert!(close(e.elo, elo.0, 0.01 * elo.0.abs()), "{e:?}");
            assert!(close(e.error, elo.1, 0.01 * elo.1), "{e:?}");
            assert!(close(100.0 * e.los, los, 0.005), "{e:?}");
            assert!(close(e.score, score, 0.005), "{e:?}");
        }
    }

    #[test]
    fn results_without_spread_give_plain_numbers() {
        let e = Pairs([0, 0, 3, 0, 0]).estimate().unwrap();
        assert_eq!((e.elo, e.error, e.nelo, e.los), (0.0, 0.0, 0.0, 0.5));
        let e = Wdl {
            wins: 4,
            ..Wdl::default()
        }
        .estimate()
        .unwrap();
        assert_eq!((e.elo, e.nelo, e.los), (f64::INFINITY, f64::INFINITY, 1.0));
        assert!(Wdl::default().estimate().is_none());
    }

    #[test]
    fn the_usual_bounds_are_about_three() {
        let (lower, upper) = sprt("elo0=0 elo1=5 alpha=0.05 beta=0.05").bounds();
        assert!(close(lower, -2.944, 0.001) && close(upper, 2.944, 0.001));
    }

    #[test]
    fn a_winning_streak_accepts_h1_and_a_losing_one_h0() {
        let test = sprt("elo0=0 elo1=200");
        let won = Pairs([0, 0, 0, 0, 40]);
        let lost = Pairs([40, 0, 0, 0, 0]);
        assert_eq!(test.verdict(test.llr(&Wdl::default(), &won)), Verdict::H1);
        assert_eq!(test.verdict(test.llr(&Wdl::default(), &lost)), Verdict::H0);
        assert_eq!(test.llr(&Wdl::default(), &Pairs::default()), 0.0);
    }

    #[test]
    fn malformed_specs_are_refused_with_a_reason() {
        for (spec, reason) in [
            ("elo0=0", "elo1 is missing"),
            ("elo0=5 elo1=0", "must be less than elo1"),
            ("elo0=0 elo1=5 alpha=0", "alpha=0 must be between 0 and 0.5"),
            ("elo0=0 elo1=5 beta=0.7", "beta=0.7 must be between"),
            ("elo0=x elo1=5", "elo0=x is not a number"),
            ("elo0=0 elo1=5 gamma=1", "unknown key 'gamma'"),
            ("elo0=0 elo1=5 elo0=1", "elo0 is given twice"),
            ("elo0 0 elo1 5", "'elo0' is not key=value"),
            ("elo0=0 elo1=5 model=glicko", "the models are"),
            ("elo0=0 elo1=5 model=bayeselo counts=pentanomial", "counts=trinomial"),
        ] {
            let error = spec.parse::<Sprt>().unwrap_err();
            assert!(error.contains(reason), "{spec}: {error}");
        }
        let parsed = sprt("elo0=-1,elo1=3,model=normalized");
        assert_eq!((parsed.elo0, parsed.elo1, parsed.alpha), (-1.0, 3.0, 0.05));
        assert_eq!(
            parsed.to_string(),
            "elo0=-1 elo1=3 alpha=0.05 beta=0.05 model=normalized counts=pentanomial"
        );
        assert_eq!(sprt(&parsed.to_string()), parsed);
    }
}
