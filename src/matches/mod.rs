//! Engine-against-engine matches over GTP, in the manner of gogui-twogtp,
//! for every variant.
//!
//! Two engine command lines play N games with alternating colours: the
//! first engine takes black in games 1, 3, 5, ... A game ends on two
//! consecutive passes, a resignation or the move cap. When every program
//! in the match (both players and the referee) lists `variago-genmove` and
//! `variago-play`, moves travel in the typed notation (`henge@C3`, `D4-E4`);
//! otherwise plain `genmove`/`play`, whose answers must be vertices, `pass`
//! or `resign`.
//!
//! The result of a resignation is the resigner's loss. Otherwise it is the
//! referee's `final_score` when a referee is given, else the engines' own:
//! when they name different winners the first engine's answer counts and
//! the game is counted as a disagreement.

pub mod gtp_client;
pub mod stats;

use crate::color::Color;
use crate::moves::Move;
use crate::sgf::{self, SgfGame};
use crate::variants::{Setup, Variant};
use crate::versus::Tally;
use gtp_client::GtpClient;
use std::path::PathBuf;
use std::time::Duration;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub first: String,
    pub second: String,
    pub referee: Option<String>,
    pub setup: Setup,
    pub games: u32,
    pub max_moves: usize,
    pub sgf_dir: Option<PathBuf>,
    /// How long one engine response may take.
    pub timeout: Duration,
    /// Show the GTP traffic and the engines' stderr.
    pub verbose: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    TwoPasses,
    Resignation,
    MoveCap,
    Error,
}

/// The outcome of one game: the winning colour (None for a draw) and the score text.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub text: String,
}

impl GameResult {
    /// Reads a `final_score` answer: `B+3.5`, `W+R`, `0`, `Draw`...
    pub fn parse(text: &str) -> Option<GameResult> {
        let upper = text.trim().to_ascii_uppercase();
        let winner = if upper.starts_with("B+") {
            Some(Color::Black)
        } else if upper.starts_with("W+") {
            Some(Color::White)
        } else if upper.parse::<f64>() == Ok(0.0) || upper == "DRAW" || upper == "JIGO" {
            None
        } else {
            return None;
        };
        Some(GameResult {
            winner,
            text: text.trim().to_string(),
        })
    }
}

/// One finished (or failed) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Counted from 1.
    pub number: u32,
    /// The first engine's colour in this game.
    pub first_color: Color,
    pub moves: Vec<(Color, Move)>,
    pub typed: bool,
    pub ending: Ending,
    pub result: Option<GameResult>,
    pub error: Option<String>,
    /// Set when the engines named different winners.
    pub disagreement: Option<String>,
}

impl GameRecord {
    /// The engine (0 first, 1 second) that played `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        usize::from(color != self.first_color)
    }
}

/// The running totals of a match.
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
    pub endings: [u32; 3],
    /// Warnings worth showing once, such as an engine that cannot switch variant.
    pub notes: Vec<String>,
}

impl Summary {
    pub fn add(&mut self, game: &GameRecord) {
        self.games += 1;
        if game.typed {
            self.typed_games += 1;
        }
        if game.disagreement.is_some() {
            self.disagreements += 1;
        }
        let result = match (&game.result, game.ending) {
            (Some(result), ending) if ending != Ending::Error => result,
            _ => {
                self.errors += 1;
                let message = game.error.clone().unwrap_or_else(|| "no result".into());
                self.error_messages.push((game.number, message));
                return;
            }
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
            }
        }
    }

    fn note(&mut self, text: String) {
        if !self.notes.contains(&text) {
            self.notes.push(text);
        }
    }

    /// The results table.
    pub fn table(&self, config: &MatchConfig) -> String {
        let setup = &config.setup;
        let scored = self.tally.games();
        let (rate, low, high) = self.tally.rate();
        let names = [config.first.as_str(), config.second.as_str()];
        let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
        let mut out = format!(
            "{} {}x{}, komi {}, {} games, result by {}\n",
            setup.variant.name(),
            setup.size,
            setup.size,
            setup.komi,
            self.games,
            match &config.referee {
                Some(r) => format!("referee '{r}'"),
                None => "the engines' final_score".into(),
            }
        );
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
        out += &format!(
            "endings: two passes {}, resignation {}, move cap {}, error {}\n",
            self.endings[Ending::TwoPasses as usize],
            self.endings[Ending::Resignation as usize],
            self.endings[Ending::MoveCap as usize],
            self.errors
        );
        for (number, message) in &self.error_messages {
            out += &format!("error in game {number}: {message}\n");
        }
        out
    }
}

/// One program of the match, restarted when it breaks.
struct Program {
    role: &'static str,
    /// The command line as given; `{game}` stands for the game number.
    template: String,
    /// The command line now running.
    command: String,
    client: Option<GtpClient>,
    commands: Vec<String>,
    /// `name version` as the engine gives them, for the SGF.
    name: String,
}

impl Program {
    fn new(role: &'static str, command: &str) -> Program {
        Program {
            role,
            template: command.to_string(),
            command: command.to_string(),
            client: None,
            commands: Vec::new(),
            name: command.to_string(),
        }
    }

    fn knows(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    fn typed(&self) -> bool {
        self.knows("variago-genmove") && self.knows("variago-play")
    }

    /// Sends a command; the error names the program.
    fn send(&mut self, command: &str) -> Result<String, String> {
        let client = self.client.as_mut().ok_or("not started")?;
        client
            .send(command)
            .map_err(|e| format!("{} engine: '{command}' failed: {e}", self.role))
    }

    /// Starts the program if it is not running (or if its command line names the game
    /// number), then sets up game `number`.
    fn new_game(&mut self, config: &MatchConfig, number: u32, notes: &mut Vec<String>) -> Result<(), String> {
        let command = self.template.replace("{game}", &number.to_string());
        if command != self.command {
            self.client = None;
            self.command = command;
        }
        if self.client.as_ref().is_none_or(GtpClient::is_broken) {
            self.client = None;
            let mut client = GtpClient::spawn(&self.command, config.timeout, config.verbose)?;
            self.commands = client
                .list_commands()
                .map_err(|e| format!("{} engine: {e}", self.role))?;
            self.client = Some(client);
            let name = self.send("name").unwrap_or_else(|_| self.command.clone());
            let version = self.send("version").unwrap_or_default();
            self.name = format!("{name} {version}").trim().to_string();
        }
        let setup = &config.setup;
        if self.knows("variago-set_variant") {
            self.send(&format!("variago-set_variant {}", setup.variant.name()))?;
        } else if setup.variant != Variant::Go {
            notes.push(format!(
                "{} engine does not know variago-set_variant: assuming it plays {}",
                self.role,
                setup.variant.name()
            ));
        }
        self.send(&format!("boardsize {}", setup.size))?;
        self.send("clear_board")?;
        self.send(&format!("komi {}", setup.komi))?;
        if setup.variant == Variant::BuyingArmies && self.knows("variago-buy_auto") {
            // Both engines buy the same armies by the same rule, so every
            // program in the match starts play from the same hands.
            self.send("variago-buy_auto b")?;
            self.send("variago-buy_auto w")?;
        }
        Ok(())
    }

    fn final_score(&mut self) -> Result<GameResult, String> {
        let text = self.send("final_score")?;
        GameResult::parse(&text).ok_or_else(|| format!("{} engine: unreadable final_score '{text}'", self.role))
    }
}

/// A match in progress: the programs stay running from game to game.
pub struct Match {
    config: MatchConfig,
    players: [Program; 2],
    referee: Option<Program>,
    pub summary: Summary,
}

impl Match {
    pub fn new(config: MatchConfig) -> Result<Match, String> {
        if config.setup.start != Default::default() {
            return Err("match plays from the empty board only".into());
        }
        if let Some(dir) = &config.sgf_dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        Ok(Match {
            players: [
                Program::new("first", &config.first),
                Program::new("second", &config.second),
            ],
            referee: config.referee.as_deref().map(|r| Program::new("referee", r)),
            config,
            summary: Summary::default(),
        })
    }

    /// Plays game `number` (from 1), records it and adds it to the summary.
    pub fn play_next(&mut self) -> Result<GameRecord, String> {
        let number = self.summary.games + 1;
        let first_color = if number % 2 == 1 { Color::Black } else { Color::White };
        let mut game = GameRecord {
            number,
            first_color,
            moves: Vec::new(),
            typed: false,
            ending: Ending::Error,
            result: None,
            error: None,
            disagreement: None,
        };
        if let Err(message) = self.play_game(&mut game) {
            game.ending = Ending::Error;
            game.result = None;
            game.error = Some(message);
        }
        self.summary.add(&game);
        if let Some(dir) = &self.config.sgf_dir {
            let path = dir.join(format!("game-{number:03}.sgf"));
            std::fs::write(&path, self.sgf(&game)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(game)
    }

    fn play_game(&mut self, game: &mut GameRecord) -> Result<(), String> {
        let mut notes = Vec::new();
        let result = self.set_up(game.number, &mut notes);
        for note in notes {
            self.summary.note(note);
        }
        result?;
        game.typed = self.players.iter().chain(&self.referee).all(Program::typed);
        let (genmove, play) = if game.typed {
            ("variago-genmove", "variago-play")
        } else {
            ("genmove", "play")
        };
        let size = self.config.setup.size;
        let mut color = Color::Black;
        let mut passes = 0;
        loop {
            if game.moves.len() >= self.config.max_moves {
                game.ending = Ending::MoveCap;
                break;
            }
            let mover = game.engine_of(color);
            let answer = self.players[mover].send(&format!("{genmove} {color}"))?;
            if answer.eq_ignore_ascii_case("resign") {
                let winner = color.opponent();
                game.ending = Ending::Resignation;
                game.result = Some(GameResult {
                    winner: Some(winner),
                    text: format!("{}+R", winner.letter()),
                });
                return Ok(());
            }
            let role = self.players[mover].role;
            let mv = Move::parse(&answer, size).map_err(|e| format!("{role} engine: bad move '{answer}': {e}"))?;
            if !game.typed && !matches!(mv, Move::Pass | Move::Place(_)) {
                return Err(format!("{role} engine: '{answer}' is not a plain GTP move"));
            }
            let relay = format!("{play} {color} {mv}");
            self.players[1 - mover].send(&relay)?;
            if let Some(referee) = &mut self.referee {
                referee.send(&relay)?;
            }
            game.moves.push((color, mv));
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            if passes == 2 {
                game.ending = Ending::TwoPasses;
                break;
            }
            color = color.opponent();
        }
        self.score(game)
    }

    fn set_up(&mut self, number: u32, notes: &mut Vec<String>) -> Result<(), String> {
        for program in self.players.iter_mut().chain(&mut self.referee) {
            program.new_game(&self.config, number, notes)?;
        }
        Ok(())
    }

    /// The result of a game that ended without a resignation.
    fn score(&mut self, game: &mut GameRecord) -> Result<(), String> {
        if let Some(referee) = &mut self.referee {
            game.result = Some(referee.final_score()?);
            return Ok(());
        }
        let first = self.players[0].final_score();
        let second = self.players[1].final_score();
        game.result = Some(match (first, second) {
            (Ok(a), Ok(b)) => {
                if a.winner != b.winner {
                    game.disagreement = Some(format!(
                        "final_score: first engine says {}, second engine says {}",
                        a.text, b.text
                    ));
                }
                a
            }
            (Ok(a), Err(_)) | (Err(_), Ok(a)) => a,
            (Err(a), Err(b)) => return Err(format!("no result: {a}; {b}")),
        });
        Ok(())
    }

    /// The game record, with the players' names and any error or disagreement as a comment.
    fn sgf(&self, game: &GameRecord) -> String {
        let setup = &self.config.setup;
        let record = SgfGame {
            variant: (setup.variant != Variant::Go).then(|| setup.variant.name().to_string()),
            size: setup.size,
            komi: Some(setup.komi),
            moves: game.moves.clone(),
            ..SgfGame::default()
        };
        let text = sgf::write(&record, game.result.as_ref().map(|r| r.text.as_str()));
        let black = &self.players[game.engine_of(Color::Black)].name;
        let white = &self.players[game.engine_of(Color::White)].name;
        let mut root = format!("PB[{}]PW[{}]", sgf_text(black), sgf_text(white));
        let comment = match (&game.error, &game.disagreement) {
            (Some(error), _) => Some(format!("error: {error}")),
            (None, Some(note)) => Some(note.clone()),
            (None, None) => None,
        };
        if let Some(comment) = comment {
            root += &format!("C[{}]", sgf_text(&comment));
        }
        // `write` opens the root node with "(;"; the extra properties go right after it.
        format!("(;{root}{}", &text[2..])
    }
}

/// SGF text value: `]` and `\` are escaped.
fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Plays the whole match with a progress bar on stderr and returns the summary.
pub fn run(config: MatchConfig) -> Result<Summary, String> {
    let bar = indicatif::ProgressBar::new(u64::from(config.games));
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} elapsed, ETA {eta}  {msg}")
            .map_err(|e| e.to_string())?,
    );
    let mut runner = Match::new(config.clone())?;
    // Without a terminal the bar draws nothing, and its println neither.
    let say = |line: String| {
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
    };
    let mut shown_notes = 0;
    for _ in 0..config.games {
        let game = runner.play_next()?;
        let s = &runner.summary;
        for note in &s.notes[shown_notes..] {
            say(format!("note: {note}"));
        }
        shown_notes = s.notes.len();
        if let Some(error) = &game.error {
            say(format!("game {}: error: {error}", game.number));
        }
        if let Some(note) = &game.disagreement {
            say(format!("game {}: {note}", game.number));
        }
        bar.set_message(format!(
            "first {} second {} draws {} errors {}",
            s.tally.wins, s.tally.losses, s.tally.draws, s.errors
        ));
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(runner.summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_final_score_answers() {
        let black = GameResult::parse("B+3.5").unwrap();
        assert_eq!(black.winner, Some(Color::Black));
        assert_eq!(GameResult::parse("w+R").unwrap().winner, Some(Color::White));
        assert_eq!(GameResult::parse("0").unwrap().winner, None);
        assert_eq!(GameResult::parse("Draw").unwrap().winner, None);
        assert!(GameResult::parse("cannot score").is_none());
        assert!(GameResult::parse("").is_none());
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
    fn summary_counts_every_game_once() {
        let mut summary = Summary::default();
        let game = |number: u32, winner: Option<Color>, ending: Ending| GameRecord {
            number,
            first_color: if number % 2 == 1 { Color::Black } else { Color::White },
            moves: vec![(Color::Black, Move::Pass); 4],
            typed: false,
            ending,
            result: (ending != Ending::Error).then(|| GameResult {
                winner,
                text: String::new(),
            }),
            error: None,
            disagreement: None,
        };
        summary.add(&game(1, Some(Color::Black), Ending::Resignation)); // first wins as black
        summary.add(&game(2, Some(Color::Black), Ending::TwoPasses)); // second wins as black
        summary.add(&game(3, None, Ending::MoveCap));
        summary.add(&game(4, None, Ending::Error));
        assert_eq!(summary.games, 4);
        assert_eq!(
            (summary.tally.wins, summary.tally.losses, summary.tally.draws),
            (1, 1, 1)
        );
        assert_eq!(summary.errors, 1);
        assert_eq!(summary.wins_by_color, [[1, 0], [1, 0]]);
        assert_eq!(summary.first_games_by_color, [2, 1]);
        assert_eq!(summary.tally.total_moves, 12);
    }
}
