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
use std::path::{Path, PathBuf};

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

/// The records of one variant in files read one after another, each
/// entry with the index of its file among them. A line that is not a
/// record comes as [`Entry::Bad`] and reading goes on; a file that cannot
/// be read, or a record of another variant (`FILE line N: a record of X,
/// not of Y`), is an error, after which nothing more is read.
pub struct VariantRecords {
    paths: Vec<PathBuf>,
    variant: Variant,
    /// The index of the file being read, or of the next to open.
    file: usize,
    lines: Option<Lines>,
    failed: bool,
}

/// The records of `variant` in `paths`, in order (see [`VariantRecords`]).
pub fn of_variant(paths: &[impl AsRef<Path>], variant: Variant) -> VariantRecords {
    VariantRecords {
        paths: paths.iter().map(|p| p.as_ref().to_path_buf()).collect(),
        variant,
        file: 0,
        lines: None,
        failed: false,
    }
}

impl VariantRecords {
    /// Leaves the rest of the file being read: what comes next comes from
    /// the next file.
    pub fn next_file(&mut self) {
        if self.lines.take().is_some() {
            self.file += 1;
        }
    }
}

impl Iterator for VariantRecords {
    type Item = Result<(usize, Entry), String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let read = loop {
            let lines = match &mut self.lines {
                Some(lines) => lines,
                None => match Lines::open(self.paths.get(self.file)?) {
                    Ok(lines) => self.lines.insert(lines),
                    Err(e) => break Err(e),
                },
            };
            match lines.next() {
                None => self.next_file(),
                Some(Ok(Entry::Record(line, record))) if record.setup.variant != self.variant => {
                    break Err(format!(
                        "{} line {line}: a record of {}, not of {}",
                        lines.shown(),
                        record.setup.variant.name(),
                        self.variant.name()
                    ))
                }
                Some(entry) => break entry.map(|entry| (self.file, entry)),
            }
        };
        self.failed = read.is_err();
        Some(read)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `game`'s record at its move `moves` (0 or 1) on a 5x5 board.
    fn record(variant: Variant, game: u32, moves: usize) -> Record {
        let at = |text| Move::parse(text, 5).unwrap();
        let played = [at("C3"), at("B2")];
        Record {
            game,
            seed: 7,
            setup: RecordSetup {
                variant,
                size: 5,
                komi: 0.5,
                options: Vec::new(),
            },
            moves: vec![(Color::Black, played[0])][..moves].to_vec(),
            to_move: [Color::Black, Color::White][moves],
            visits: vec![(played[moves], 30), (at("D4"), 10)],
            total: 40,
            playouts: 40,
            winrate: 0.625,
            played: played[moves],
            result: "B+R".into(),
            winner: Some(Color::Black),
            ending: Ending::Rules,
        }
    }

    fn atari_games(games: u32) -> Vec<Record> {
        (1..=games)
            .flat_map(|game| [record(Variant::Atari, game, 0), record(Variant::Atari, game, 1)])
            .collect()
    }

    /// A file of the temporary directory holding `text`, its name this
    /// test's own.
    fn file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("variago-records-{}-{name}.jsonl", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Reads `paths` to the end, or to the first error.
    fn read_all(paths: &[PathBuf], variant: Variant) -> Result<Vec<(usize, Entry)>, String> {
        of_variant(paths, variant).collect()
    }

    fn records_of(entries: Vec<(usize, Entry)>) -> Vec<(usize, usize, Record)> {
        entries
            .into_iter()
            .filter_map(|(file, entry)| match entry {
                Entry::Record(line, record) => Some((file, line, record)),
                Entry::Bad(_) => None,
            })
            .collect()
    }

    fn bad_lines(entries: &[(usize, Entry)]) -> Vec<&str> {
        entries
            .iter()
            .filter_map(|(_, entry)| match entry {
                Entry::Bad(message) => Some(message.as_str()),
                Entry::Record(..) => None,
            })
            .collect()
    }

    #[test]
    fn good_files_read_back_exactly_with_their_files_and_lines() {
        let (first, second) = (atari_games(2), atari_games(1));
        let paths = [
            file("good-1", &text(&first)),
            file("good-2", &format!("\n{}", text(&second))),
        ];
        let read = records_of(read_all(&paths, Variant::Atari).unwrap());
        let in_first = first.into_iter().enumerate().map(|(i, r)| (0, i + 1, r));
        // The blank first line of the second file still counts.
        let in_second = second.into_iter().enumerate().map(|(i, r)| (1, i + 2, r));
        let expected: Vec<_> = in_first.chain(in_second).collect();
        assert_eq!(read, expected);
        paths.iter().for_each(|p| std::fs::remove_file(p).unwrap());
    }

    #[test]
    fn a_record_of_another_variant_is_an_error_naming_its_file_and_line() {
        let lines = [
            record(Variant::Atari, 1, 0),
            record(Variant::Go, 1, 1),
            record(Variant::Atari, 2, 0),
        ];
        let paths = [
            file("variant", &text(&lines)),
            file("variant-after", &text(&atari_games(1))),
        ];
        let message = format!("{} line 2: a record of go, not of atari", paths[0].display());
        assert_eq!(read_all(&paths, Variant::Atari).unwrap_err(), message);
        let mut reader = of_variant(&paths, Variant::Atari);
        assert!(matches!(reader.next(), Some(Ok((0, Entry::Record(1, _))))));
        assert_eq!(reader.next().unwrap().unwrap_err(), message);
        assert!(reader.next().is_none(), "nothing is read after the error");
        paths.iter().for_each(|p| std::fs::remove_file(p).unwrap());
    }

    #[test]
    fn a_broken_line_is_skipped_and_named_with_its_number() {
        let records = atari_games(2);
        let mut lines: Vec<String> = records.iter().map(line).collect();
        lines.insert(2, "{\"game\": 1, \"seed\":".into());
        let path = file("broken", &(lines.join("\n") + "\n"));
        let entries = read_all(std::slice::from_ref(&path), Variant::Atari).unwrap();
        let bad = bad_lines(&entries);
        assert_eq!(bad.len(), 1, "{bad:?}");
        let named = format!("{} line 3: not a record: ", path.display());
        assert!(bad[0].starts_with(&named), "{bad:?}");
        let kept: Vec<_> = records_of(entries).into_iter().map(|(_, line, r)| (line, r)).collect();
        let expected = [1, 2, 4, 5].into_iter().zip(records).collect::<Vec<_>>();
        assert_eq!(kept, expected);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_truncated_last_line_is_skipped_and_the_lines_before_it_kept() {
        let records = atari_games(2);
        let whole = text(&records);
        let cut = whole.trim_end().len() - 20;
        let path = file("truncated", &whole[..cut]);
        let entries = read_all(std::slice::from_ref(&path), Variant::Atari).unwrap();
        let bad = bad_lines(&entries);
        let named = format!("{} line 4: not a record: ", path.display());
        assert!(bad.len() == 1 && bad[0].starts_with(&named), "{bad:?}");
        let kept: Vec<_> = records_of(entries).into_iter().map(|(_, _, r)| r).collect();
        assert_eq!(kept, records[..3]);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn next_file_leaves_the_rest_of_a_file_and_reads_on_from_the_next() {
        let paths = [
            file("next-1", &text(&atari_games(2))),
            file("next-2", &text(&atari_games(1))),
        ];
        let mut reader = of_variant(&paths, Variant::Atari);
        assert!(matches!(reader.next(), Some(Ok((0, Entry::Record(1, _))))));
        reader.next_file();
        let rest: Vec<_> = reader.map(|entry| entry.map(|(file, _)| file)).collect();
        assert_eq!(rest, [Ok(1), Ok(1)]);
        paths.iter().for_each(|p| std::fs::remove_file(p).unwrap());
    }

    #[test]
    fn a_file_that_cannot_be_read_is_an_error() {
        let missing = std::env::temp_dir().join(format!("variago-records-{}-missing.jsonl", std::process::id()));
        let error = read_all(std::slice::from_ref(&missing), Variant::Atari).unwrap_err();
        assert!(
            error.starts_with(&format!("cannot read {}: ", missing.display())),
            "{error}"
        );
    }
}
