//! The running totals of a match and its report: wins by engine and
//! colour, endings, the Elo difference with its error and LOS, the pairs
//! of games, and the SPRT's state.

use super::record::{Ending, GameRecord};
use super::results::MatchInfo;
use super::stats::{Estimate, Pairs, Sprt, Verdict, Wdl};
use crate::versus::Tally;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u32,
    /// From the first engine's side: its wins, its losses (the second engine's wins), draws,
    /// and the moves of the scored games.
    pub tally: Tally,
    /// `wins_by_color[engine][colour]`.
    pub wins_by_color: [[u32; 2]; 2],
    /// Scored games in which the first engine had black, and white.
    pub first_games_by_color: [u32; 2],
    pub errors: u32,
    /// The game number and message of every error.
    pub error_messages: Vec<(u32, String)>,
    pub disagreements: u32,
    /// Games whose moves travelled in the typed notation.
    pub typed_games: u32,
    /// Games by ending, in the order of `Ending::ALL`.
    pub endings: [u32; 5],
    /// Games lost on time by the first and the second engine.
    pub time_losses: [u32; 2],
    /// Warnings worth showing once, such as an engine that cannot switch variant.
    pub notes: Vec<String>,
    /// The first engine's points in each scored game, by game number.
    points: BTreeMap<u32, f64>,
}

impl Summary {
    pub fn add(&mut self, game: &GameRecord) {
        self.games += 1;
        for note in &game.notes {
            if !self.notes.contains(note) {
                self.notes.push(note.clone());
            }
        }
        if game.typed {
            self.typed_games += 1;
        }
        if game.disagreement.is_some() {
            self.disagreements += 1;
        }
        let Some(result) = game.scored() else {
            self.errors += 1;
            self.endings[Ending::Error as usize] += 1;
            let message = game.error.clone().unwrap_or_else(|| "no result".into());
            self.error_messages.push((game.number, message));
            return;
        };
        self.endings[game.ending as usize] += 1;
        self.first_games_by_color[game.first_color.index()] += 1;
        self.tally.total_moves += game.moves.len();
        match result.winner {
            None => self.tally.draws += 1,
            Some(color) => {
                let engine = game.engine_of(color);
                self.wins_by_color[engine][color.index()] += 1;
                if engine == 0 {
                    self.tally.wins += 1;
                } else {
                    self.tally.losses += 1;
                }
                if game.ending == Ending::Time {
                    self.time_losses[1 - engine] += 1;
                }
            }
        }
        if let Some(points) = game.first_points() {
            self.points.insert(game.number, points);
        }
    }

    /// The scored games from the first engine's side.
    pub fn wdl(&self) -> Wdl {
        Wdl {
            wins: self.tally.wins,
            draws: self.tally.draws,
            losses: self.tally.losses,
        }
    }

    /// The pairs of games (2k-1, 2k) of which both were scored.
    pub fn pairs(&self) -> Pairs {
        let mut pairs = Pairs::default();
        for (&number, &points) in &self.points {
            if number % 2 == 1 {
                if let Some(&second) = self.points.get(&(number + 1)) {
                    pairs.add(points, second);
                }
            }
        }
        pairs
    }

    /// The SPRT's log-likelihood ratio and verdict on the results so far.
    pub fn sprt(&self, sprt: &Sprt) -> (f64, Verdict) {
        let llr = sprt.llr(&self.wdl(), &self.pairs());
        (llr, sprt.verdict(llr))
    }

    /// The results table.
    pub fn table(&self, info: &MatchInfo, sprt: Option<&Sprt>) -> String {
        let scored = self.tally.games();
        let (rate, low, high) = self.tally.rate();
        let names = [info.first.as_str(), info.second.as_str()];
        let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
        let handicap = match info.handicap {
            0 => String::new(),
            n => format!(", handicap {n}"),
        };
        let mut out = format!(
            "{} {}x{}, komi {}{handicap}, {} games, result by {}\n",
            info.variant,
            info.size,
            info.size,
            info.komi,
            self.games,
            match &info.referee {
                Some(r) => format!("referee '{r}'"),
                None => "the engines' final_score".into(),
            }
        );
        if let Some(openings) = &info.openings {
            out += &format!("openings: {openings}\n");
        }
        for (i, control) in info.time_controls.iter().enumerate() {
            if let Some(control) = control {
                out += &format!(
                    "{} engine's clock: {control} (margin {}s)\n",
                    ["first", "second"][i],
                    info.time_margin
                );
            }
        }
        out += &format!("        {:<width$}  wins  as black  as white\n", "engine");
        for (engine, name) in names.iter().enumerate() {
            // Games with black for this engine: the first engine's black games, or its white ones.
            let black_games = self.first_games_by_color[engine];
            let white_games = self.first_games_by_color[1 - engine];
            let wins = self.wins_by_color[engine];
            out += &format!(
                "{:<7} {name:<width$}  {:>4}  {:>8}  {:>8}\n",
                ["first", "second"][engine],
                wins[0] + wins[1],
                format!("{}/{black_games}", wins[0]),
                format!("{}/{white_games}", wins[1]),
            );
        }
        out += &format!(
            "games {}, first wins {}, second wins {}, draws {}, errors {}, disagreements {}\n",
            self.games, self.tally.wins, self.tally.losses, self.tally.draws, self.errors, self.disagreements
        );
        if scored > 0 {
            out += &format!(
                "first engine score rate {:.1}% (95% interval {:.1}-{:.1}%) over {scored} scored games\n",
                100.0 * rate,
                100.0 * low,
                100.0 * high
            );
        }
        if let Some(e) = self.wdl().estimate() {
            out += &format!("Elo difference {} over {scored} games\n", elo_line(&e));
        }
        let pairs = self.pairs();
        if let Some(e) = pairs.estimate() {
            let [ll, ld, even, wd, ww] = pairs.0;
            out += &format!(
                "pairs LL {ll}, LD {ld}, WL+DD {even}, WD {wd}, WW {ww}: Elo difference {} over {} pairs\n",
                elo_line(&e),
                pairs.pairs()
            );
        }
        if let Some(sprt) = sprt {
            let (llr, verdict) = self.sprt(sprt);
            let (lower, upper) = sprt.bounds();
            out += &format!(
                "SPRT {sprt}: LLR {llr:.2} ({lower:.2}, {upper:.2}), {}\n",
                match verdict {
                    Verdict::Continue => "no decision yet".to_string(),
                    Verdict::H0 => format!("H0 accepted: not {} Elo better", sprt.elo1),
                    Verdict::H1 => format!("H1 accepted: better than {} Elo", sprt.elo0),
                }
            );
        }
        if scored > 0 {
            out += &format!(
                "average game length {:.1} moves\n",
                self.tally.total_moves as f64 / scored as f64
            );
        }
        out += &format!(
            "moves: typed notation in {} games, plain GTP in {}\n",
            self.typed_games,
            self.games - self.typed_games
        );
        let endings: Vec<String> = Ending::ALL
            .iter()
            .map(|e| format!("{} {}", e.name(), self.endings[*e as usize]))
            .collect();
        out += &format!("endings: {}\n", endings.join(", "));
        if info.time_controls.iter().any(Option::is_some) {
            out += &format!(
                "losses on time: first {}, second {}\n",
                self.time_losses[0], self.time_losses[1]
            );
        }
        for (number, message) in &self.error_messages {
            out += &format!("error in game {number}: {message}\n");
        }
        out
    }
}

/// `+40.7 +/- 30.4 (95%), LOS 99.6%, nElo +49.8 +/- 36.8`; an infinite
/// Elo (every game won or lost) has no error.
fn elo_line(e: &Estimate) -> String {
    let signed = |x: f64| {
        if x.is_infinite() {
            format!("{}inf", if x > 0.0 { "+" } else { "-" })
        } else {
            format!("{x:+.1}")
        }
    };
    let error = |x: f64| {
        if e.elo.is_finite() {
            format!("{x:.1}")
        } else {
            "inf".into()
        }
    };
    format!(
        "{} +/- {} (95%), LOS {:.1}%, nElo {} +/- {}",
        signed(e.elo),
        error(e.error),
        100.0 * e.los,
        signed(e.nelo),
        error(e.nelo_error)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::matches::record::GameResult;
    use crate::moves::Move;

    fn game(number: u32, winner: Option<Color>, ending: Ending) -> GameRecord {
        let mut game = GameRecord::new(number, crate::matches::alternating_first_color(number), None);
        game.moves = vec![(Color::Black, Move::Pass); 4];
        game.ending = ending;
        game.result = (ending != Ending::Error).then(|| GameResult {
            winner,
            text: String::new(),
        });
        game
    }

    #[test]
    fn summary_counts_every_game_once() {
        let mut summary = Summary::default();
        summary.add(&game(1, Some(Color::Black), Ending::Resignation)); // first wins as black
        summary.add(&game(2, Some(Color::Black), Ending::TwoPasses)); // second wins as black
        summary.add(&game(3, None, Ending::MoveCap));
        summary.add(&game(4, None, Ending::Error));
        summary.add(&game(5, Some(Color::White), Ending::Time)); // first loses on time
        assert_eq!(summary.games, 5);
        assert_eq!(
            (summary.tally.wins, summary.tally.losses, summary.tally.draws),
            (1, 2, 1)
        );
        assert_eq!(summary.errors, 1);
        assert_eq!(summary.time_losses, [1, 0]);
        assert_eq!(summary.wins_by_color, [[1, 0], [1, 1]]);
        assert_eq!(summary.first_games_by_color, [3, 1]);
        assert_eq!(summary.tally.total_moves, 16);
        assert_eq!(summary.endings, [1, 1, 1, 1, 1]);
        // Games 1 and 2 are a pair (a win and a loss); 3 and 4 are not: 4 failed.
        assert_eq!(summary.pairs(), Pairs([0, 0, 1, 0, 0]));
    }

    #[test]
    fn score_rate_interval_stays_between_0_and_1() {
        let lost = Tally {
            losses: 20,
            ..Tally::default()
        };
        assert_eq!(lost.rate().1, 0.0);
        let won = Tally {
            wins: 20,
            ..Tally::default()
        };
        assert_eq!(won.rate().2, 1.0);
    }

    #[test]
    fn a_clean_sweep_has_an_infinite_elo_and_no_error() {
        let e = Wdl {
            wins: 4,
            ..Wdl::default()
        }
        .estimate()
        .unwrap();
        assert_eq!(elo_line(&e), "+inf +/- inf (95%), LOS 100.0%, nElo +inf +/- inf");
    }
}
