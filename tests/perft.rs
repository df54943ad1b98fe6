//! The shared perft runner: every file in `tests/perft/` holds lines
//! `<variant> <size> <depth> <count> [key=value ...]` (`#` starts a comment).
//! Options: `start=empty|crosscut`.
//!
//! The Go and Atari Go counts are also recomputed by the naive reference
//! implementations in `common::naive`, so a wrong data line cannot hide.

mod common;

use common::naive::{NaiveAtari, NaiveGo};
use std::path::PathBuf;
use std::time::Instant;
use variago::variants::Start;
use variago::{Game, Variant};

#[derive(Debug)]
struct Case {
    file: String,
    line: usize,
    variant: Variant,
    size: usize,
    depth: usize,
    count: u64,
    start: Start,
}

impl Case {
    fn name(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

fn parse_line(file: &str, number: usize, text: &str) -> Result<Option<Case>, String> {
    let text = text.split('#').next().unwrap_or("").trim();
    if text.is_empty() {
        return Ok(None);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 4 {
        return Err("expected <variant> <size> <depth> <count> [key=value ...]".into());
    }
    let variant = Variant::parse(words[0]).ok_or_else(|| format!("unknown variant {}", words[0]))?;
    let number_at =
        |i: usize| -> Result<u64, String> { words[i].parse().map_err(|_| format!("bad number {}", words[i])) };
    let mut case = Case {
        file: file.to_string(),
        line: number,
        variant,
        size: number_at(1)? as usize,
        depth: number_at(2)? as usize,
        count: number_at(3)?,
        start: Start::Empty,
    };
    for option in &words[4..] {
        let (key, value) = option.split_once('=').ok_or_else(|| format!("bad option {option}"))?;
        match key {
            "start" => case.start = Start::parse(value).ok_or_else(|| format!("unknown start {value}"))?,
            _ => return Err(format!("unknown option {key}")),
        }
    }
    if !variant.accepts_size(case.size) {
        return Err(format!("size {} unacceptable for {}", case.size, variant.name()));
    }
    Ok(Some(case))
}

fn cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        for (i, line) in text.lines().enumerate() {
            match parse_line(&file, i + 1, line) {
                Ok(Some(case)) => cases.push(case),
                Ok(None) => {}
                Err(e) => panic!("{file}:{}: {e}", i + 1),
            }
        }
    }
    cases
}

#[test]
fn perft_files_match_the_engine() {
    let cases = cases();
    assert!(cases.len() >= 10, "too few perft cases: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let mut game = Game::new(&common::setup(case.variant, case.size, case.start));
        let clock = Instant::now();
        let count = variago::game::perft(&mut game, case.depth);
        println!(
            "{} {} {}x{} depth {} start {}: {count} in {:.3}s",
            case.name(),
            case.variant.name(),
            case.size,
            case.size,
            case.depth,
            case.start.name(),
            clock.elapsed().as_secs_f64()
        );
        if count != case.count {
            failures.push(format!(
                "{}: expected {}, engine counts {count}",
                case.name(),
                case.count
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Counts above this are left to the engine alone: the naive code is slow.
const NAIVE_LIMIT: u64 = 300_000;

#[test]
fn go_and_atari_counts_match_the_naive_reference() {
    let mut checked = 0;
    for case in cases() {
        if case.count > NAIVE_LIMIT {
            continue;
        }
        let naive = match case.variant {
            Variant::Go => NaiveGo::new(case.size, 7.5).perft(case.depth),
            Variant::Atari => NaiveAtari::new(case.size, case.start == Start::Crosscut).perft(case.depth),
            #[allow(unreachable_patterns)]
            _ => continue,
        };
        assert_eq!(naive, case.count, "{}: the naive reference counts {naive}", case.name());
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} cases cross-checked");
}

#[test]
fn the_line_format_is_checked() {
    assert!(parse_line("f", 1, "# a comment").unwrap().is_none());
    assert!(parse_line("f", 1, "   ").unwrap().is_none());
    let case = parse_line("f", 1, "atari 5 2 400 start=crosscut # note")
        .unwrap()
        .unwrap();
    assert_eq!(
        (case.size, case.depth, case.count, case.start),
        (5, 2, 400, Start::Crosscut)
    );
    assert!(parse_line("f", 1, "chess 8 1 20").is_err());
    assert!(parse_line("f", 1, "go 3 1").is_err());
    assert!(parse_line("f", 1, "go 3 1 x").is_err());
    assert!(parse_line("f", 1, "go 3 1 10 colour=red").is_err());
    assert!(parse_line("f", 1, "go 30 1 10").is_err());
}
