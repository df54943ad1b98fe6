//! Results files: JSON Lines, one finished game a line, after a first line
//! that says which match the games belong to; each run adds a line that
//! names its engines as they answered before the first game. A match appends each game as
//! it ends, so that `--resume` continues an interrupted match and
//! `match-report` merges the files of a sharded one.
//!
//! ```text
//! {"variago_match":{"first":"...","second":"...",...},"id":"5f0c...","sprt":null}
//! {"variago_engines":[{"role":"first","command":"...","name":"variago","version":"0.1.0",
//!  "rules":"area"},...],"match":"5f0c..."}
//! {"match":"5f0c...","game":1,"first_color":"black","black":"...","white":"...",
//!  "opening":{"source":"book.txt line 1","moves":["B C3","W D4"],"next":"black"},"moves":["B C3",...],
//!  "typed":true,"ending":"resignation","result":"W+R","winner":"second",
//!  "error":null,"disagreement":null,"seconds":[0.41,0.38]}
//! ```
//!
//! Two files belong to one match when their first lines agree: the same
//! engines, game, move cap, openings and time controls (`MatchInfo`); the
//! number of games, the shard and the concurrency may differ.

use super::openings::Opening;
use super::record::{Ending, GameRecord, GameResult};
use crate::color::Color;
use crate::moves::Move;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// What makes two runs one match.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MatchInfo {
    pub first: String,
    pub second: String,
    pub referee: Option<String>,
    pub variant: String,
    pub size: usize,
    pub komi: f32,
    /// Handicap stones for Black at the fixed points; files of matches
    /// without them name none.
    #[serde(default, skip_serializing_if = "no_handicap")]
    pub handicap: usize,
    /// The first engine's colour in every game; files of matches whose
    /// colours alternate name none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_color: Option<String>,
    pub max_moves: usize,
    /// The book (its name, size and fingerprint) or the random openings' settings.
    pub openings: Option<String>,
    /// The first and the second engine's time controls.
    pub time_controls: [Option<String>; 2],
    /// Seconds a side may overrun its clock.
    pub time_margin: f64,
}

fn no_handicap(stones: &usize) -> bool {
    *stones == 0
}

impl MatchInfo {
    /// A short fingerprint that every game line carries.
    pub fn id(&self) -> String {
        let text = serde_json::to_string(self).expect("match info serializes");
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{hash:016x}")
    }

    /// What differs between `self` (a file's) and `other` (this run's), one phrase each.
    fn differences(&self, other: &MatchInfo) -> Vec<String> {
        let (ours, theirs) = (to_map(self), to_map(other));
        ours.iter()
            .filter(|(key, value)| theirs.get(*key) != Some(value))
            .map(|(key, value)| {
                let here = theirs.get(key).map_or("nothing".to_string(), |v| v.to_string());
                format!("{key} {value} there, {here} here")
            })
            .collect()
    }
}

fn to_map(info: &MatchInfo) -> BTreeMap<String, serde_json::Value> {
    match serde_json::to_value(info) {
        Ok(serde_json::Value::Object(map)) => map.into_iter().collect(),
        _ => BTreeMap::new(),
    }
}

/// Who one program of a run is, as it said before the first game.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct EngineIdentity {
    /// `first`, `second` or `referee`.
    pub role: String,
    pub command: String,
    pub name: String,
    pub version: String,
    /// Its answer to `variago-rules`, when it lists that command.
    pub rules: Option<String>,
    /// Its answer to `variago-settings`, when it lists that command.
    #[serde(default)]
    pub settings: Option<String>,
}

impl std::fmt::Display for EngineIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} engine: {} {}", self.role, self.name, self.version)?;
        match (&self.settings, &self.rules) {
            (Some(settings), _) => write!(f, ", {settings}")?,
            (None, Some(rules)) => write!(f, ", rules {rules}")?,
            (None, None) => {}
        }
        write!(f, " ({})", self.command)
    }
}

/// The line each run writes after its programs' check: the engines that
/// play the games below it.
#[derive(Serialize, Deserialize)]
struct EnginesLine {
    variago_engines: Vec<EngineIdentity>,
    #[serde(rename = "match")]
    id: String,
}

#[derive(Serialize, Deserialize)]
struct Header {
    variago_match: MatchInfo,
    id: String,
    /// The SPRT the run tested, for `match-report`.
    sprt: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct OpeningLine {
    source: String,
    moves: Vec<String>,
    /// The side to move after the opening: not always the opponent of its
    /// last mover (a special stone's extra move). Older files lack it.
    #[serde(default)]
    next: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct GameLine {
    #[serde(rename = "match")]
    id: String,
    game: u32,
    first_color: String,
    black: String,
    white: String,
    opening: Option<OpeningLine>,
    moves: Vec<String>,
    typed: bool,
    ending: String,
    result: Option<String>,
    winner: Option<String>,
    error: Option<String>,
    disagreement: Option<String>,
    seconds: [f64; 2],
}

/// A move as the files write it: `B C3`, `W henge@D4`.
pub fn move_text((color, mv): &(Color, Move)) -> String {
    format!("{} {mv}", color.letter())
}

/// A move as [`move_text`] writes it.
pub fn parse_move(text: &str, size: usize) -> Result<(Color, Move), String> {
    let (color, mv) = text
        .split_once(' ')
        .ok_or_else(|| format!("move '{text}' lacks its colour"))?;
    let color = Color::parse(color).ok_or_else(|| format!("move '{text}': bad colour"))?;
    Ok((color, Move::parse(mv, size)?))
}

fn parse_moves(texts: &[String], size: usize) -> Result<Vec<(Color, Move)>, String> {
    texts.iter().map(|t| parse_move(t, size)).collect()
}

/// A game as a line of a results file (without the newline).
pub fn game_line(info: &MatchInfo, game: &GameRecord) -> String {
    let engines = [&info.first, &info.second];
    let line = GameLine {
        id: info.id(),
        game: game.number,
        first_color: game.first_color.name().to_string(),
        black: engines[game.engine_of(Color::Black)].clone(),
        white: engines[game.engine_of(Color::White)].clone(),
        opening: game.opening.as_ref().map(|o| OpeningLine {
            source: o.source.clone(),
            moves: o.moves.iter().map(move_text).collect(),
            next: Some(o.next.name().to_string()),
        }),
        moves: game.moves.iter().map(move_text).collect(),
        typed: game.typed,
        ending: game.ending.name().to_string(),
        result: game.result.as_ref().map(|r| r.text.clone()),
        winner: game.winner().map(|e| ["first", "second"][e].to_string()),
        error: game.error.clone(),
        disagreement: game.disagreement.clone(),
        seconds: game.seconds.map(|s| (s * 1000.0).round() / 1000.0),
    };
    serde_json::to_string(&line).expect("a game serializes")
}

fn game_of_line(line: GameLine, size: usize) -> Result<GameRecord, String> {
    let first_color =
        Color::parse(&line.first_color).ok_or_else(|| format!("bad first_color '{}'", line.first_color))?;
    let ending = Ending::parse(&line.ending).ok_or_else(|| format!("unknown ending '{}'", line.ending))?;
    let result = match &line.result {
        Some(text) => Some(GameResult::parse(text).ok_or_else(|| format!("unreadable result '{text}'"))?),
        None => None,
    };
    if result.is_none() && ending != Ending::Error {
        return Err(format!("a game ended by {} without a result", ending.name()));
    }
    let opening = match line.opening {
        Some(o) => {
            let moves = parse_moves(&o.moves, size)?;
            let next = match &o.next {
                Some(name) => Color::parse(name).ok_or_else(|| format!("bad opening next '{name}'"))?,
                None => moves.last().map_or(Color::Black, |m| m.0.opponent()),
            };
            Some(Opening {
                source: o.source,
                moves,
                next,
            })
        }
        None => None,
    };
    if line.game == 0 {
        return Err("game number 0".into());
    }
    let mut game = GameRecord::new(line.game, first_color, opening);
    game.moves = parse_moves(&line.moves, size)?;
    game.typed = line.typed;
    game.ending = ending;
    game.result = result;
    game.error = line.error;
    game.disagreement = line.disagreement;
    game.seconds = line.seconds;
    Ok(game)
}

/// What a results file holds.
pub struct Results {
    pub info: MatchInfo,
    pub sprt: Option<String>,
    pub games: Vec<GameRecord>,
    /// The engines of the last run that names them.
    pub engines: Vec<EngineIdentity>,
}

/// Reads a results file. A line that is not a header or a game of the
/// match is an error naming its number, or with `skip_bad_lines` a warning
/// on stderr. A file that mixes matches is an error.
pub fn read(path: &Path, skip_bad_lines: bool) -> Result<Results, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut results: Option<Results> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        match read_line(line, &mut results) {
            Ok(()) => {}
            Err(Line::OtherMatch(message)) => return Err(format!("{shown} line {number}: {message}")),
            Err(Line::Bad(message)) if skip_bad_lines => {
                eprintln!("variago: {shown} line {number}: {message}; skipped");
            }
            Err(Line::Bad(message)) => {
                return Err(format!(
                    "{shown} line {number}: {message} (--skip-bad-lines skips such lines)"
                ))
            }
        }
    }
    results.ok_or_else(|| format!("{shown} holds no match: its first line should name one"))
}

enum Line {
    Bad(String),
    OtherMatch(String),
}

fn read_line(line: &str, results: &mut Option<Results>) -> Result<(), Line> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| Line::Bad(format!("not JSON: {e}")))?;
    if value.get("variago_match").is_some() {
        let header: Header = serde_json::from_value(value).map_err(|e| Line::Bad(format!("bad match line: {e}")))?;
        match results {
            Some(r) if r.info != header.variago_match => {
                let differences = header.variago_match.differences(&r.info).join("; ");
                return Err(Line::OtherMatch(format!("another match begins here ({differences})")));
            }
            Some(_) => {}
            None => {
                *results = Some(Results {
                    info: header.variago_match,
                    sprt: header.sprt,
                    games: Vec::new(),
                    engines: Vec::new(),
                })
            }
        }
        return Ok(());
    }
    let Some(r) = results else {
        return Err(Line::Bad("a game before the line that names the match".into()));
    };
    if value.get("variago_engines").is_some() {
        let line: EnginesLine =
            serde_json::from_value(value).map_err(|e| Line::Bad(format!("bad engines line: {e}")))?;
        if line.id != r.info.id() {
            return Err(Line::OtherMatch(format!("engines of another match ({})", line.id)));
        }
        r.engines = line.variago_engines;
        return Ok(());
    }
    let line: GameLine = serde_json::from_value(value).map_err(|e| Line::Bad(format!("bad game line: {e}")))?;
    if line.id != r.info.id() {
        return Err(Line::OtherMatch(format!(
            "game {} belongs to another match ({})",
            line.game, line.id
        )));
    }
    let game = game_of_line(line, r.info.size).map_err(Line::Bad)?;
    r.games.push(game);
    Ok(())
}

/// Reads several files of one match; a game twice is an error.
pub fn read_all(paths: &[impl AsRef<Path>], skip_bad_lines: bool) -> Result<Results, String> {
    let mut merged: Option<Results> = None;
    let mut seen: BTreeMap<u32, String> = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let results = read(path, skip_bad_lines)?;
        if let Some(m) = &merged {
            if m.info != results.info {
                let differences = results.info.differences(&m.info).join("; ");
                return Err(format!(
                    "{} is from another match than {} ({differences})",
                    path.display(),
                    paths[0].as_ref().display()
                ));
            }
        }
        for game in &results.games {
            if let Some(other) = seen.insert(game.number, path.display().to_string()) {
                return Err(format!(
                    "game {} is in both {other} and {}",
                    game.number,
                    path.display()
                ));
            }
        }
        match &mut merged {
            None => merged = Some(results),
            Some(m) => m.games.extend(results.games),
        }
    }
    merged.ok_or_else(|| "no results files".to_string())
}

/// The games a match's results file already holds: none when it is new
/// or empty. An existing file must be of this match and is continued only
/// on `resume`.
pub fn games_so_far(
    path: &Path,
    info: &MatchInfo,
    resume: bool,
    skip_bad_lines: bool,
) -> Result<Vec<GameRecord>, String> {
    let shown = path.display();
    if !std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        return Ok(Vec::new());
    }
    let results = read(path, skip_bad_lines)?;
    if results.info != *info {
        let differences = results.info.differences(info).join("; ");
        return Err(format!("{shown} is from another match ({differences})"));
    }
    let mut numbers = std::collections::BTreeSet::new();
    for game in &results.games {
        if !numbers.insert(game.number) {
            return Err(format!("{shown} holds game {} twice", game.number));
        }
    }
    if !resume {
        return Err(format!(
            "{shown} already holds {} games of this match: --resume continues it",
            results.games.len()
        ));
    }
    Ok(results.games)
}

/// A results file open for appending, one line per finished game.
pub struct Writer {
    file: std::fs::File,
    info: MatchInfo,
}

impl Writer {
    /// Opens the match's results file for appending: a new one gets its
    /// first line. Then the run's `engines` get a line.
    pub fn open(
        path: &Path,
        info: &MatchInfo,
        sprt: Option<String>,
        engines: &[EngineIdentity],
    ) -> Result<Writer, String> {
        let shown = path.display();
        let exists = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {shown}: {e}"))?;
        let mut text = String::new();
        if exists {
            // A run killed while writing may have left half a line.
            let before = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
            if before.last() != Some(&b'\n') {
                text.push('\n');
            }
        } else {
            let header = Header {
                variago_match: info.clone(),
                id: info.id(),
                sprt,
            };
            text += &serde_json::to_string(&header).expect("a header serializes");
            text.push('\n');
        }
        let line = EnginesLine {
            variago_engines: engines.to_vec(),
            id: info.id(),
        };
        text += &serde_json::to_string(&line).expect("an engines line serializes");
        text.push('\n');
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        Ok(Writer {
            file,
            info: info.clone(),
        })
    }

    /// Appends a game in one write, so that a killed run leaves whole lines.
    pub fn append(&mut self, game: &GameRecord) -> Result<(), String> {
        let line = format!("{}\n", game_line(&self.info, game));
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("cannot write the results file: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;

    fn info() -> MatchInfo {
        MatchInfo {
            first: "a".into(),
            second: "b".into(),
            referee: None,
            variant: "special-stones".into(),
            size: 9,
            komi: 7.5,
            handicap: 0,
            first_color: None,
            max_moves: 324,
            openings: Some("book.sgf".into()),
            time_controls: [None, None],
            time_margin: 0.0,
        }
    }

    fn reread(game: &GameRecord) -> GameRecord {
        let line = serde_json::from_str(&game_line(&info(), game)).unwrap();
        game_of_line(line, 9).unwrap()
    }

    #[test]
    fn the_side_to_move_after_an_opening_survives_the_file() {
        // An opening that ends on an extra-move drop leaves its mover to move again.
        let extra = (Color::Black, Move::Place(Vertex::new(2, 2)));
        let opening = Opening {
            source: "book.sgf game 1".into(),
            moves: vec![extra],
            next: Color::Black,
        };
        let mut game = GameRecord::new(1, Color::Black, Some(opening));
        game.moves = vec![extra, (Color::Black, Move::Place(Vertex::new(4, 4)))];
        game.ending = Ending::Resignation;
        game.result = GameResult::parse("B+R");
        assert_eq!(reread(&game).opening.unwrap().next, Color::Black);
    }

    #[test]
    fn a_line_without_the_side_to_move_takes_the_opponent_of_the_last_mover() {
        let mut game = GameRecord::new(2, Color::White, None);
        game.ending = Ending::Resignation;
        game.result = GameResult::parse("W+R");
        let mut line: serde_json::Value = serde_json::from_str(&game_line(&info(), &game)).unwrap();
        line["opening"] = serde_json::json!({"source": "old.sgf game 1", "moves": ["B C3"]});
        let read = game_of_line(serde_json::from_value(line).unwrap(), 9).unwrap();
        assert_eq!(read.opening.unwrap().next, Color::White);
    }
}
