//! Engine-against-engine matches over GTP, in the manner of gogui-twogtp,
//! cutechess-cli and fastchess, for every variant.
//!
//! Two engine command lines play up to N games. Games come in pairs from
//! one opening with the colours swapped: the first engine takes black in
//! games 1, 3, 5, ..., unless its colour is fixed. A game ends on two
//! consecutive passes, a resignation, a fallen flag or the move cap. When
//! every program in the match (both players and the referee) lists
//! `variago-genmove` and `variago-play`, moves travel in the typed
//! notation (`henge@C3`, `D4-E4`); otherwise plain `genmove`/`play`,
//! whose answers must be vertices, `pass` or `resign`.
//!
//! The result of a resignation is the resigner's loss, and a fallen flag
//! its owner's. Otherwise it is the referee's `final_score` when a referee
//! is given, else the engines' own: when they name different winners the
//! first engine's answer counts and the game is counted as a disagreement.
//!
//! The parts: [`table`] plays games on one set of processes
//! ([`program`], [`gtp_client`]) with [`clock`]s and [`openings`];
//! [`results`] keeps every finished game in a JSON Lines file; [`report`]
//! sums them up with the [`stats`] (Elo, LOS, SPRT). [`run`] schedules the
//! games of a shard over `--concurrency` tables and stops when the SPRT
//! decides.

pub mod clock;
pub mod gtp_client;
pub mod openings;
pub mod program;
pub mod record;
pub mod report;
pub mod results;
pub mod stats;
pub mod table;

use clock::TimeControl;
use openings::{OpeningSource, Openings};
use record::GameRecord;
use report::Summary;
use results::{EngineIdentity, MatchInfo};
use stats::{Sprt, Verdict};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;
use table::Table;

use crate::color::Color;
use crate::variants::Setup;

/// The first engine's colour in game `number` when colours alternate:
/// black in games 1, 3, 5, ..., white in the others.
pub fn alternating_first_color(number: u32) -> Color {
    if number % 2 == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub first: String,
    pub second: String,
    pub referee: Option<String>,
    pub setup: Setup,
    /// Handicap stones Black gets at the fixed points (`fixed_handicap`)
    /// before White's first move; 0 for even games.
    pub handicap: usize,
    /// The first engine's colour in every game; None: black in odd games,
    /// white in even ones.
    pub first_color: Option<Color>,
    /// Games of the whole match (of every shard).
    pub games: u32,
    pub max_moves: usize,
    pub sgf_dir: Option<PathBuf>,
    /// How long one engine response may take, clocks aside.
    pub timeout: Duration,
    /// Show the GTP traffic and the engines' stderr.
    pub verbose: bool,
    /// Games played at once, each on processes of its own.
    pub concurrency: usize,
    pub openings: OpeningSource,
    /// The first and the second engine's time controls.
    pub time_controls: [Option<TimeControl>; 2],
    /// Seconds a side may overrun its clock before it loses on time.
    pub time_margin: f64,
    pub sprt: Option<Sprt>,
    /// The JSON Lines file every finished game is appended to.
    pub results: Option<PathBuf>,
    /// Continue the match in `results`.
    pub resume: bool,
    pub skip_bad_lines: bool,
    pub shard: Shard,
}

impl MatchConfig {
    /// A match of `games` games between two engines, with every other setting at its default.
    pub fn new(first: &str, second: &str, setup: Setup, games: u32) -> MatchConfig {
        MatchConfig {
            first: first.to_string(),
            second: second.to_string(),
            referee: None,
            max_moves: 4 * setup.size * setup.size,
            setup,
            handicap: 0,
            first_color: None,
            games,
            sgf_dir: None,
            timeout: Duration::from_secs(60),
            verbose: false,
            concurrency: 1,
            openings: OpeningSource::None,
            time_controls: [None, None],
            time_margin: 0.0,
            sprt: None,
            results: None,
            resume: false,
            skip_bad_lines: false,
            shard: Shard::WHOLE,
        }
    }

    /// The points of the handicap stones, as GTP's `fixed_handicap` places them.
    pub fn handicap_stones(&self) -> Vec<crate::moves::Vertex> {
        match self.handicap {
            0 => Vec::new(),
            n => crate::handicap::fixed(self.setup.size, n).unwrap_or_default(),
        }
    }

    /// The first engine's colour in game `number`.
    pub fn first_color_of(&self, number: u32) -> Color {
        self.first_color.unwrap_or_else(|| alternating_first_color(number))
    }

    /// What makes this run part of one match with others.
    pub fn info(&self, openings: &Openings) -> MatchInfo {
        MatchInfo {
            first: self.first.clone(),
            second: self.second.clone(),
            referee: self.referee.clone(),
            variant: self.setup.variant.name().to_string(),
            size: self.setup.size,
            komi: self.setup.komi,
            handicap: self.handicap,
            first_color: self.first_color.map(|c| c.name().to_string()),
            max_moves: self.max_moves,
            openings: openings.description.clone(),
            time_controls: self.time_controls.map(|c| c.map(|c| c.to_string())),
            time_margin: self.time_margin,
        }
    }
}

/// The pair of game `number`: games 1 and 2 are pair 1, and so on.
pub fn pair_of(number: u32) -> u32 {
    number.div_ceil(2)
}

/// `K/N`: the K-th of N slices of the match's pairs of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// True when game `number` is in this shard: pairs are dealt in turn,
    /// so that both games of a pair are in one shard.
    pub fn contains(&self, number: u32) -> bool {
        self.deals(pair_of(number))
    }

    /// True when item `number` (counted from 1) is in this shard, when
    /// single items are dealt in turn: K, K+N, K+2N, ...
    pub fn deals(&self, number: u32) -> bool {
        number >= 1 && (number - 1) % self.count == self.index - 1
    }

    /// This shard's items of `total` (counted from 1), when single items
    /// are dealt in turn: K, K+N, K+2N, ...
    pub fn dealt(&self, total: u32) -> impl Iterator<Item = u32> + Clone {
        (self.index..=total).step_by(self.count as usize)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = || format!("shard '{text}': write K/N, the K-th of N shards, 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(usage)?;
        let (index, count) = (
            k.trim().parse::<u32>().map_err(|_| usage())?,
            n.trim().parse::<u32>().map_err(|_| usage())?,
        );
        if index == 0 || count == 0 || index > count {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The outcome of a run.
pub struct Outcome {
    pub info: MatchInfo,
    pub summary: Summary,
    /// The games this run played, and of them those that ended in an
    /// engine's error, with the first error.
    pub played: u32,
    pub errors: u32,
    pub first_error: Option<String>,
}

/// Checks everything that can be checked before an engine starts: the
/// setup, the openings, the results file. Returns the openings, the
/// match's identity and the games the results file already holds.
fn prepare(config: &MatchConfig) -> Result<(Openings, MatchInfo, Vec<GameRecord>), String> {
    if config.setup.start != Default::default() {
        return Err("match plays from the empty board only".into());
    }
    if config.resume && config.results.is_none() {
        return Err("--resume continues the match in a --results file".into());
    }
    let openings = Openings::load(&config.openings, &config.setup)?;
    let info = config.info(&openings);
    let done = match &config.results {
        Some(path) => results::games_so_far(path, &info, config.resume, config.skip_bad_lines)?,
        None => Vec::new(),
    };
    if let Some(dir) = &config.sgf_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    Ok((openings, info, done))
}

/// Checks every program of `table` once, set up for game `number` as the
/// match will set it up: a program that does not start, speak GTP or take
/// the game stops the match before its first game. Logs who each is.
fn check_programs(table: &mut Table, number: u32) -> Result<Vec<EngineIdentity>, String> {
    let engines = table
        .check(number)
        .map_err(|e| format!("the match stops before its first game: {e}"))?;
    for engine in &engines {
        eprintln!("{engine}");
    }
    Ok(engines)
}

/// Plays the match (the shard's games not yet in the results file) with a
/// progress bar on stderr, until every game is played or the SPRT decides.
pub fn run(config: &MatchConfig) -> Result<Outcome, String> {
    let (openings, info, done) = prepare(config)?;
    let mut summary = Summary::default();
    let mut played = std::collections::BTreeSet::new();
    for game in &done {
        summary.add(game);
        played.insert(game.number);
    }
    let todo: VecDeque<u32> = (1..=config.games)
        .filter(|&n| config.shard.contains(n) && !played.contains(&n))
        .collect();
    let decided = |summary: &Summary| config.sprt.is_some_and(|s| summary.sprt(&s).1 != Verdict::Continue);
    if !done.is_empty() {
        eprintln!("resuming: {} games already played, {} to play", done.len(), todo.len());
    }
    let mut outcome = Outcome {
        info,
        summary,
        played: 0,
        errors: 0,
        first_error: None,
    };
    let Some(&first) = todo.front() else {
        return Ok(outcome);
    };
    if decided(&outcome.summary) {
        return Ok(outcome);
    }
    let workers = config.concurrency.clamp(1, todo.len());
    let mut tables: Vec<Table> = (0..workers).map(|_| Table::new(config)).collect();
    let engines = check_programs(&mut tables[0], first)?;
    let mut writer = match &config.results {
        Some(path) => Some(results::Writer::open(
            path,
            &outcome.info,
            config.sprt.map(|s| s.to_string()),
            &engines,
        )?),
        None => None,
    };
    let summary = &mut outcome.summary;

    let bar = progress_bar(todo.len() as u64)?;
    // Without a terminal the bar draws nothing, and its println neither.
    let say = |line: String| {
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
    };
    let queue = Mutex::new(todo);
    let stop = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel::<Result<GameRecord, String>>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for mut table in tables {
            let sender = sender.clone();
            let (queue, stop, openings) = (&queue, &stop, &openings);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(number) = queue.lock().expect("game queue").pop_front() else {
                        break;
                    };
                    match table.play(number, openings.for_game(number), stop) {
                        Ok(Some(game)) => {
                            if sender.send(Ok(game)).is_err() {
                                break;
                            }
                        }
                        Ok(None) => break,
                        Err(e) => {
                            let _ = sender.send(Err(e));
                            break;
                        }
                    }
                }
            });
        }
        drop(sender);
        let mut shown_notes = summary.notes.len();
        for game in finished {
            let game = match game {
                Ok(game) => game,
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            if let Some(writer) = &mut writer {
                if let Err(e) = writer.append(&game) {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            summary.add(&game);
            outcome.played += 1;
            if let Some(error) = &game.error {
                outcome.errors += 1;
                outcome.first_error.get_or_insert_with(|| error.clone());
            }
            for note in &summary.notes[shown_notes..] {
                say(format!("note: {note}"));
            }
            shown_notes = summary.notes.len();
            if let Some(error) = &game.error {
                say(format!("game {}: error: {error}", game.number));
            }
            if let Some(note) = &game.disagreement {
                say(format!("game {}: {note}", game.number));
            }
            let s = &*summary;
            let mut message = format!(
                "first {} second {} draws {} errors {}",
                s.tally.wins, s.tally.losses, s.tally.draws, s.errors
            );
            if let Some(sprt) = &config.sprt {
                let (llr, verdict) = s.sprt(sprt);
                message += &format!("  LLR {llr:.2}");
                if verdict != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            bar.set_message(message);
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(outcome)
}

pub fn progress_bar(games: u64) -> Result<indicatif::ProgressBar, String> {
    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} elapsed, ETA {eta}  {msg}")
            .map_err(|e| e.to_string())?,
    );
    Ok(bar)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_deal_whole_pairs_in_turn() {
        let shard = |text: &str| text.parse::<Shard>().unwrap();
        let first: Vec<u32> = (1..=12).filter(|&n| shard("1/3").contains(n)).collect();
        let third: Vec<u32> = (1..=12).filter(|&n| shard("3/3").contains(n)).collect();
        assert_eq!(first, [1, 2, 7, 8]);
        assert_eq!(third, [5, 6, 11, 12]);
        for n in 1..=100 {
            let owners = (1..=4).filter(|k| shard(&format!("{k}/4")).contains(n)).count();
            assert_eq!(owners, 1, "game {n}");
        }
        let dealt: Vec<u32> = shard("2/3").dealt(10).collect();
        assert_eq!(dealt, [2, 5, 8]);
        assert_eq!(shard("3/3").dealt(2).count(), 0);
        for bad in ["3/2", "0/2", "1/0", "2", "a/b", "1/2/3", "-1/2"] {
            let error = bad.parse::<Shard>().unwrap_err();
            assert!(error.contains("1 <= K <= N"), "{bad}: {error}");
        }
    }
}
