//! A table: the programs of one pairing (both players and the referee),
//! which play the match's games one after another. A match with
//! `--concurrency N` runs N tables, each with processes of its own.

use super::clock::Clock;
use super::openings::Opening;
use super::program::Program;
use super::record::{Ending, GameRecord, GameResult};
use super::results::EngineIdentity;
use super::MatchConfig;
use crate::color::Color;
use crate::moves::Move;
use crate::sgf::{self, SgfGame};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub struct Table<'a> {
    config: &'a MatchConfig,
    players: [Program; 2],
    referee: Option<Program>,
}

/// Why a game stopped before its end.
enum Stop {
    /// The game is void: a program failed.
    Error(String),
    /// The match was decided meanwhile: the game is dropped.
    Abandoned,
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

impl<'a> Table<'a> {
    pub fn new(config: &'a MatchConfig) -> Table<'a> {
        Table {
            players: [
                Program::new("first", &config.first),
                Program::new("second", &config.second),
            ],
            referee: config.referee.as_deref().map(|r| Program::new("referee", r)),
            config,
        }
    }

    /// Starts and checks every program, each set up for game `number`
    /// (see `Program::check`); the programs stay up for that game.
    pub fn check(&mut self, number: u32) -> Result<Vec<EngineIdentity>, String> {
        let controls = self.config.time_controls;
        let mut engines = Vec::new();
        for (i, program) in self.players.iter_mut().enumerate() {
            engines.push(program.check(self.config, number, controls[i].as_ref())?);
        }
        if let Some(referee) = &mut self.referee {
            engines.push(referee.check(self.config, number, None)?);
        }
        Ok(engines)
    }

    /// Plays game `number` from `opening` and writes its SGF file; None
    /// when `stop` was raised before it ended.
    pub fn play(
        &mut self,
        number: u32,
        opening: Option<Opening>,
        stop: &AtomicBool,
    ) -> Result<Option<GameRecord>, String> {
        let mut game = GameRecord::new(number, self.config.first_color_of(number), opening);
        match self.play_game(&mut game, stop) {
            Ok(()) => {}
            Err(Stop::Abandoned) => return Ok(None),
            Err(Stop::Error(message)) => {
                game.ending = Ending::Error;
                game.result = None;
                game.error = Some(message);
            }
        }
        if let Some(dir) = &self.config.sgf_dir {
            let path = dir.join(format!("game-{number:03}.sgf"));
            std::fs::write(&path, self.sgf(&game)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(Some(game))
    }

    fn play_game(&mut self, game: &mut GameRecord, stop: &AtomicBool) -> Result<(), Stop> {
        let controls = self.config.time_controls;
        for (i, program) in self.players.iter_mut().enumerate() {
            program.new_game(self.config, game.number, controls[i].as_ref(), &mut game.notes)?;
        }
        if let Some(referee) = &mut self.referee {
            referee.new_game(self.config, game.number, None, &mut game.notes)?;
        }
        game.typed = self.players.iter().chain(&self.referee).all(Program::typed);
        let (genmove, play) = if game.typed {
            ("variago-genmove", "variago-play")
        } else {
            ("genmove", "play")
        };
        // Handicap stones are Black's first move.
        let mut color = if self.config.handicap > 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(opening) = game.opening.clone() {
            for (c, mv) in opening.moves {
                if !game.typed && !matches!(mv, Move::Pass | Move::Place(_)) {
                    return Err(Stop::Error(format!(
                        "opening move {mv} needs the typed notation (variago-play), which not every program lists"
                    )));
                }
                self.relay(&format!("{play} {c} {mv}"), None)?;
                game.moves.push((c, mv));
            }
            color = opening.next;
        }
        // A clock for each engine, on the colour it plays.
        let mut clocks = controls.map(|c| c.map(Clock::new));
        let size = self.config.setup.size;
        let mut passes = 0;
        let mut moved_again = false;
        loop {
            if stop.load(Ordering::Relaxed) {
                return Err(Stop::Abandoned);
            }
            if game.moves.len() >= self.config.max_moves {
                game.ending = Ending::MoveCap;
                break;
            }
            let mover = game.engine_of(color);
            let program = &mut self.players[mover];
            let limit = match &clocks[mover] {
                Some(clock) => {
                    if program.knows("time_left") {
                        program.send(&clock.time_left_command(color))?;
                    }
                    Some(std::time::Duration::from_secs_f64(
                        clock.allowed() + self.config.time_margin,
                    ))
                }
                None => None,
            };
            let command = format!("{genmove} {color}");
            let started = Instant::now();
            let answer = match limit {
                Some(limit) => program.send_within(&command, limit),
                None => program.send(&command),
            };
            let took = started.elapsed().as_secs_f64();
            game.seconds[mover] += took;
            if let Some(clock) = &mut clocks[mover] {
                if !clock.spend(took, self.config.time_margin) {
                    game.ending = Ending::Time;
                    game.result = Some(GameResult::win(color.opponent(), 'T'));
                    return Ok(());
                }
            }
            let answer = answer?;
            if answer.eq_ignore_ascii_case("resign") {
                game.ending = Ending::Resignation;
                game.result = Some(GameResult::win(color.opponent(), 'R'));
                return Ok(());
            }
            let role = program.role;
            let mv = Move::parse(&answer, size).map_err(|e| format!("{role} engine: bad move '{answer}': {e}"))?;
            if !game.typed && !matches!(mv, Move::Pass | Move::Place(_)) {
                return Err(Stop::Error(format!(
                    "{role} engine: '{answer}' is not a plain GTP move"
                )));
            }
            self.relay(&format!("{play} {color} {mv}"), Some(mover))?;
            game.moves.push((color, mv));
            // A pass that ends a turn of two moves (after an extra move)
            // does not count toward the end.
            passes = match mv {
                Move::Pass if moved_again => passes,
                Move::Pass => passes + 1,
                _ => 0,
            };
            if passes == 2 {
                game.ending = Ending::TwoPasses;
                break;
            }
            let next = self.side_to_move(mover, color)?;
            moved_again = next == color;
            color = next;
        }
        self.score(game)?;
        Ok(())
    }

    /// The side to move after `color`'s move, as the rules say (a side may
    /// move twice in one turn): the `to_move` line of the referee's
    /// `variago-board`, or else the mover's. The opponent once the game is
    /// over (so that the loser gets to resign), and for programs without
    /// that command.
    fn side_to_move(&mut self, mover: usize, color: Color) -> Result<Color, String> {
        let command = "variago-board";
        let judge = match &mut self.referee {
            Some(referee) if referee.knows(command) => referee,
            _ if self.players[mover].knows(command) => &mut self.players[mover],
            _ => return Ok(color.opponent()),
        };
        let board = judge.send(command)?;
        let line = |key: &str| board.lines().find_map(|l| l.strip_prefix(key)).map(str::trim);
        if line("result ") != Some("none") {
            return Ok(color.opponent());
        }
        line("to_move ")
            .and_then(Color::parse)
            .ok_or_else(|| format!("{} engine: '{command}' names no side to move", judge.role))
    }

    /// Sends a move to every program but its author (`None`: to all, for the opening).
    fn relay(&mut self, command: &str, author: Option<usize>) -> Result<(), String> {
        for (i, program) in self.players.iter_mut().enumerate() {
            if Some(i) != author {
                program.send(command)?;
            }
        }
        if let Some(referee) = &mut self.referee {
            referee.send(command)?;
        }
        Ok(())
    }

    /// The result of a game that ended without a resignation.
    fn score(&mut self, game: &mut GameRecord) -> Result<(), String> {
        if let Some(referee) = &mut self.referee {
            game.result = Some(referee.final_score()?);
            return Ok(());
        }
        let [first, second] = &mut self.players;
        game.result = Some(match (first.final_score(), second.final_score()) {
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

    /// The game record, with the players' names, and the opening and any
    /// error or disagreement as a comment.
    fn sgf(&self, game: &GameRecord) -> String {
        let setup = &self.config.setup;
        let record = SgfGame {
            variant: setup.variant.sgf_name().map(String::from),
            size: setup.size,
            komi: Some(setup.komi),
            black_setup: self.config.handicap_stones(),
            moves: game.moves.clone(),
            ..SgfGame::default()
        };
        let text = sgf::write(&record, game.result.as_ref().map(|r| r.text.as_str()));
        let black = &self.players[game.engine_of(Color::Black)].name;
        let white = &self.players[game.engine_of(Color::White)].name;
        let mut root = format!("PB[{}]PW[{}]", sgf_text(black), sgf_text(white));
        let mut comments = Vec::new();
        if let Some(opening) = &game.opening {
            comments.push(format!("opening: {} ({} moves)", opening.source, opening.moves.len()));
        }
        match (&game.error, &game.disagreement) {
            (Some(error), _) => comments.push(format!("error: {error}")),
            (None, Some(note)) => comments.push(note.clone()),
            (None, None) => {}
        }
        if !comments.is_empty() {
            root += &format!("C[{}]", sgf_text(&comments.join("\n")));
        }
        // `write` opens the root node with "(;"; the extra properties go right after it.
        format!("(;{root}{}", &text[2..])
    }
}

/// SGF text value: `]` and `\` are escaped.
fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}
