//! Records files: JSON Lines, one searched position a line, each line
//! whole on its own: the game (variant, size, komi, setup options), the
//! moves from the start in the typed notation, the side to move, the
//! search's visits of every root move, the move played and the game's
//! result.
//!
//! ```text
//! {"game":1,"seed":0,"variant":"atari","size":5,"komi":0.0,"options":[],
//!  "moves":["B C3","W B2"],"to_move":"black","visits":[["C2",31],["B3",9]],
//!  "total":40,"playouts":40,"winrate":0.62,"played":"C2","result":"B+R",
//!  "winner":"black","ending":"rules"}
//! ```
//!
//! A game's lines are written together once it ends, in the order of its
//! moves, so that every line carries the result; a run writes its games
//! in the order of their numbers, and [`super::merge`] puts the records
//! of a run's shards back in that order.

use crate::color::Color;
use crate::game::GameSetup;
use crate::matches::results::{move_text, parse_move};
use crate::moves::Move;
use crate::variants::{Game, Setup, Variant};
use crate::Position;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// The game a record belongs to, as a game record keeps it: what rebuilds
/// its start position.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordSetup {
    pub variant: Variant,
    pub size: usize,
    pub komi: f32,
    /// The setup's options away from their defaults, then what the game
    /// settled before its first move (Buying Armies: the armies), as SGF
    /// keeps them in `VO`.
    pub options: Vec<(String, String)>,
}

impl RecordSetup {
    /// The setup of `game`, a game of `setup` after its setup phase.
    pub fn of(setup: &Setup, game: &Game) -> RecordSetup {
        let mut options = setup.options();
        options.extend(game.record_options());
        RecordSetup {
            variant: setup.variant,
            size: setup.size,
            komi: setup.komi,
            options,
        }
    }

    /// The position before the first move, as the game began.
    pub fn start(&self) -> Result<Game, String> {
        let mut setup = Setup::new(self.variant);
        if !setup.accepts_size(self.size) {
            return Err(format!("unacceptable size {} for {}", self.size, self.variant.name()));
        }
        setup.size = self.size;
        setup.komi = self.komi;
        let restore = setup.apply_record_options(&self.options)?;
        let mut game = Game::new(&setup);
        for (key, value) in &restore {
            game.restore_option(key, value)?;
        }
        game.finish_setup();
        Ok(game)
    }
}

impl std::fmt::Display for RecordSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{} {}x{} komi {}",
            self.variant.name(),
            self.size,
            self.size,
            self.komi
        )?;
        for (key, value) in &self.options {
            write!(f, " {key}={value}")?;
        }
        Ok(())
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By its rules: two passes, a capture, no move left, ...
    Rules,
    /// At the move cap, scored as it stood.
    MoveCap,
    /// The search found no move for the side to move, where the rules did
    /// not end the game; scored as it stood.
    NoMove,
}

impl Ending {
    pub fn name(self) -> &'static str {
        match self {
            Ending::Rules => "rules",
            Ending::MoveCap => "move cap",
            Ending::NoMove => "no move",
        }
    }

    fn parse(text: &str) -> Option<Ending> {
        [Ending::Rules, Ending::MoveCap, Ending::NoMove]
            .into_iter()
            .find(|e| e.name() == text)
    }
}

/// One searched position of a self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game's number in its run, from 1.
    pub game: u32,
    /// The run's seed, from which the game's own follows.
    pub seed: u64,
    pub setup: RecordSetup,
    /// Every move from the start up to the position, opening included.
    pub moves: Vec<(Color, Move)>,
    pub to_move: Color,
    /// The visits of every root move, most visited first.
    pub visits: Vec<(Move, u64)>,
    /// The sum of `visits`.
    pub total: u64,
    /// The search's playouts (0: the solver proved the move, or it was the only one).
    pub playouts: u64,
    /// The searched chance of the side to move.
    pub winrate: f32,
    pub played: Move,
    /// The game's result as `final_score` gives it: `B+R`, `W+3.5`, `0`.
    pub result: String,
    pub winner: Option<Color>,
    pub ending: Ending,
}

impl Record {
    /// The position of the record, the moves replayed from the start.
    pub fn position(&self) -> Result<Game, String> {
        let mut game = self.setup.start()?;
        for (i, &(color, mv)) in self.moves.iter().enumerate() {
            game.play(color, mv)
                .map_err(|e| format!("move {} ({} {mv}) is illegal: {e}", i + 1, color.letter()))?;
        }
        if game.to_move() != self.to_move {
            return Err(format!("{} is to move, not {}", game.to_move(), self.to_move));
        }
        Ok(game)
    }

    /// Where the record sorts in its run: by game, then by move.
    pub fn key(&self) -> (u32, usize) {
        (self.game, self.moves.len())
    }
}

#[derive(Serialize, Deserialize)]
struct Line {
    game: u32,
    seed: u64,
    variant: String,
    size: usize,
    komi: f32,
    options: Vec<(String, String)>,
    moves: Vec<String>,
    to_move: String,
    visits: Vec<(String, u64)>,
    total: u64,
    playouts: u64,
    winrate: f32,
    played: String,
    result: String,
    winner: Option<String>,
    ending: String,
}

/// A record as a line of a records file (without the newline).
pub fn line(record: &Record) -> String {
    let line = Line {
        game: record.game,
        seed: record.seed,
        variant: record.setup.variant.name().to_string(),
        size: record.setup.size,
        komi: record.setup.komi,
        options: record.setup.options.clone(),
        moves: record.moves.iter().map(move_text).collect(),
        to_move: record.to_move.name().to_string(),
        visits: record.visits.iter().map(|(mv, n)| (mv.to_string(), *n)).collect(),
        total: record.total,
        playouts: record.playouts,
        winrate: record.winrate,
        played: record.played.to_string(),
        result: record.result.clone(),
        winner: record.winner.map(|c| c.name().to_string()),
        ending: record.ending.name().to_string(),
    };
    serde_json::to_string(&line).expect("a record serializes")
}

/// Reads one line of a records file.
pub fn parse_line(text: &str) -> Result<Record, String> {
    let line: Line = serde_json::from_str(text).map_err(|e| format!("not a record: {e}"))?;
    let variant = Variant::parse(&line.variant).ok_or_else(|| format!("unknown variant '{}'", line.variant))?;
    let size = line.size;
    if !(1..=crate::moves::MAX_SIZE).contains(&size) {
        return Err(format!("board size {size}"));
    }
    let color = |text: &str| Color::parse(text).ok_or_else(|| format!("'{text}' is not a colour"));
    let mv = |text: &str| Move::parse(text, size).map_err(|e| format!("move '{text}': {e}"));
    let moves = line
        .moves
        .iter()
        .map(|m| parse_move(m, size))
        .collect::<Result<Vec<_>, _>>()?;
    let visits = line
        .visits
        .iter()
        .map(|(m, n)| Ok((mv(m)?, *n)))
        .collect::<Result<Vec<_>, String>>()?;
    let sum: u64 = visits.iter().map(|(_, n)| n).sum();
    if sum != line.total {
        return Err(format!("the visits add up to {sum}, not to the total {}", line.total));
    }
    if line.game == 0 {
        return Err("game number 0".into());
    }
    Ok(Record {
        game: line.game,
        seed: line.seed,
        setup: RecordSetup {
            variant,
            size,
            komi: line.komi,
            options: line.options,
        },
        moves,
        to_move: color(&line.to_move)?,
        visits,
        total: line.total,
        playouts: line.playouts,
        winrate: line.winrate,
        played: mv(&line.played)?,
        result: line.result,
        winner: line.winner.as_deref().map(color).transpose()?,
        ending: Ending::parse(&line.ending).ok_or_else(|| format!("unknown ending '{}'", line.ending))?,
    })
}

/// One line of a records file.
#[derive(Debug)]
pub enum Entry {
    /// A record and its line number.
    Record(usize, Record),
    /// A line that is not a record (say, half a line left by a killed
    /// run), as `FILE line N: why`.
    Bad(String),
}

/// The lines of a records file one at a time, so that a file of any size
/// streams through; blank lines are left out. An error is a file that
/// cannot be read.
pub struct Lines {
    reader: BufReader<File>,
    shown: String,
    number: usize,
    /// Where the line last read starts, in bytes, and where the next does.
    start: u64,
    end: u64,
    buffer: Vec<u8>,
}

impl Lines {
    pub fn open(path: &Path) -> Result<Lines, String> {
        let shown = path.display().to_string();
        let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        Ok(Lines {
            reader: BufReader::new(file),
            shown,
            number: 0,
            start: 0,
            end: 0,
            buffer: Vec::new(),
        })
    }

    /// The file's name as messages give it.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Where the line last read starts in the file, in bytes.
    pub fn offset(&self) -> u64 {
        self.start
    }
}

impl Iterator for Lines {
    type Item = Result<Entry, String>;

    fn next(&mut self) -> Option<Result<Entry, String>> {
        loop {
            self.buffer.clear();
            match self.reader.read_until(b'\n', &mut self.buffer) {
                Ok(0) => return None,
                Ok(n) => (self.start, self.end) = (self.end, self.end + n as u64),
                Err(e) => return Some(Err(format!("cannot read {}: {e}", self.shown))),
            }
            self.number += 1;
            if self.buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let record = std::str::from_utf8(&self.buffer)
                .map_err(|_| "not UTF-8".to_string())
                .and_then(|text| parse_line(text.trim_end()));
            return Some(Ok(match record {
                Ok(record) => Entry::Record(self.number, record),
                Err(e) => Entry::Bad(format!("{} line {}: {e}", self.shown, self.number)),
            }));
        }
    }
}

/// What a records file holds.
#[derive(Debug, Default)]
pub struct RecordsFile {
    pub records: Vec<Record>,
    /// Each line that is not a record, as `FILE line N: why`.
    pub bad_lines: Vec<String>,
}

/// Reads a whole records file. A line that is not a record is noted in
/// `bad_lines` and skipped; the others are read.
pub fn read(path: &Path) -> Result<RecordsFile, String> {
    let mut file = RecordsFile::default();
    for entry in Lines::open(path)? {
        match entry? {
            Entry::Record(_, record) => file.records.push(record),
            Entry::Bad(message) => file.bad_lines.push(message),
        }
    }
    Ok(file)
}

/// The lines of `records`, each with its newline.
pub fn text(records: &[Record]) -> String {
    records.iter().map(|r| line(r) + "\n").collect()
}
