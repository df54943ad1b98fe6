//! Golden GTP transcripts: every `tests/transcripts/*.gtp` file is replayed
//! through `variago::gtp::execute_line` and each response compared.
//!
//! File format, one item a line:
//! - `;` starts a comment line of the transcript itself.
//! - `!engine key=value ...` (first, optional): `variant`, `size`, `start`,
//!   `playouts`, `seed` of the engine; the default is Go 9x9, 100 playouts,
//!   seed 1.
//! - `> text` sends `text` as one input line. Escapes: `\r`, `\t`, `\\`,
//!   `\xNN`. `$TMP` is a fresh directory for the file, `$DATA` is
//!   `tests/data`.
//! - The lines after it are the expected response without its final empty
//!   line, compared with trailing spaces ignored. `~ regex` matches one line
//!   in full, `...` any number of lines, and `(none)` says that the line
//!   holds no command and gets no response.
//!
//! After every `?` response the runner checks that the engine's state (the
//! `variago-board` text, `printsgf`, variant and start) is unchanged.
//! `BLESS=1 cargo test --test transcripts` rewrites the files with the
//! actual responses (review them before committing; regexes are lost).

mod common;

use common::expect::{is_pattern, matches, Expect};
use std::path::{Path, PathBuf};
use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::variants::Start;
use variago::Variant;

struct Step {
    input: String,
    raw: String,
    none: bool,
    expect: Vec<Expect>,
    line: usize,
}

fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&hex, 16).expect("\\xNN escape") as char);
            }
            other => panic!("unknown escape \\{other:?}"),
        }
    }
    out
}

fn engine_from(options: &str) -> Engine {
    let (mut variant, mut size, mut start, mut playouts, mut seed) = (Variant::Go, None, Start::Empty, 100, 1);
    for option in options.split_whitespace() {
        let (key, value) = option.split_once('=').expect("key=value");
        match key {
            "variant" => variant = Variant::parse(value).expect("known variant"),
            "size" => size = Some(value.parse().expect("size")),
            "start" => start = Start::parse(value).expect("start"),
            "playouts" => playouts = value.parse().expect("playouts"),
            "seed" => seed = value.parse().expect("seed"),
            _ => panic!("unknown engine option {key}"),
        }
    }
    let size = size.unwrap_or(variant.default_size());
    Engine::new(common::setup(variant, size, start), common::settings(playouts, seed))
}

fn parse(text: &str, substitute: &dyn Fn(&str) -> String) -> (String, Vec<Step>) {
    let mut options = String::new();
    let mut steps: Vec<Step> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("!engine") {
            assert!(steps.is_empty(), "line {}: !engine must come first", i + 1);
            options = rest.to_string();
        } else if line.starts_with(';') {
            continue;
        } else if let Some(raw) = line.strip_prefix('>') {
            let raw = raw.strip_prefix(' ').unwrap_or(raw);
            steps.push(Step {
                input: substitute(&unescape(raw)),
                raw: raw.to_string(),
                none: false,
                expect: Vec::new(),
                line: i + 1,
            });
        } else {
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: expected text before any command", i + 1));
            if line == "(none)" {
                step.none = true;
            } else {
                step.expect.push(Expect::parse(&substitute(line)));
            }
        }
    }
    (options, steps)
}

/// Replays one transcript; returns the failures and the actual responses.
fn run(path: &Path) -> (Vec<String>, Vec<Option<String>>) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let tmp = std::env::temp_dir().join(format!("variago-transcript-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let (tmp_text, data_text) = (tmp.display().to_string(), data.display().to_string());
    let substitute = |s: &str| s.replace("$TMP", &tmp_text).replace("$DATA", &data_text);
    let text = std::fs::read_to_string(path).unwrap();
    let (options, steps) = parse(&text, &substitute);
    let mut engine = engine_from(&options);
    let mut failures = Vec::new();
    let mut actual_all = Vec::new();
    for step in &steps {
        let before = common::state(&mut engine);
        let response = execute_line(&mut engine, &step.input);
        actual_all.push(response.clone());
        let at = format!("{name}:{} `{}`", step.line, step.raw);
        match (&response, step.none) {
            (None, true) => continue,
            (None, false) => failures.push(format!("{at}: no response")),
            (Some(r), true) => failures.push(format!("{at}: expected no response, got {r:?}")),
            (Some(r), false) => {
                common::check_response_shape(&step.input, r);
                let lines: Vec<&str> = r[..r.len() - 2].split('\n').collect();
                if !matches(&step.expect, &lines) {
                    failures.push(format!("{at}: got\n{}", r.trim_end()));
                }
                if r.starts_with('?') && common::state(&mut engine) != before {
                    failures.push(format!("{at}: the error changed the engine's state"));
                }
            }
        }
    }
    std::fs::remove_dir_all(&tmp).ok();
    (failures, actual_all)
}

/// Writes the actual responses back into the file (for `BLESS=1`); the
/// expectations of a command that hold a regex or `...` are kept.
fn bless(path: &Path, actual: &[Option<String>]) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut responses = actual.iter();
    let mut pending: Option<(Vec<&str>, &Option<String>)> = None;
    let flush = |out: &mut String, pending: &mut Option<(Vec<&str>, &Option<String>)>| {
        if let Some((old, response)) = pending.take() {
            if old.iter().any(|l| is_pattern(l)) {
                old.iter().for_each(|l| *out += &format!("{l}\n"));
            } else {
                match response {
                    Some(r) => *out += &r[..r.len() - 1],
                    None => *out += "(none)\n",
                }
            }
        }
    };
    for line in text.lines() {
        if line.starts_with('>') || line.starts_with(';') || line.starts_with("!engine") {
            flush(&mut out, &mut pending);
            out += line;
            out.push('\n');
            if line.starts_with('>') {
                pending = Some((Vec::new(), responses.next().expect("a response per command")));
            }
        } else if let Some((old, _)) = pending.as_mut() {
            old.push(line);
        } else {
            out += line;
            out.push('\n');
        }
    }
    flush(&mut out, &mut pending);
    std::fs::write(path, out).unwrap();
}

fn transcript_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gtp"))
        .collect();
    files.sort();
    files
}

#[test]
fn transcripts_replay_exactly() {
    let files = transcript_files();
    assert!(files.len() >= 5, "transcripts missing");
    let mut failures = Vec::new();
    for path in &files {
        let (mut f, actual) = run(path);
        if std::env::var_os("BLESS").is_some() {
            bless(path, &actual);
        }
        failures.append(&mut f);
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn empty_responses_are_exact_bytes() {
    let mut engine = common::engine(Variant::Go, 9);
    assert_eq!(execute_line(&mut engine, "clear_board").unwrap(), "=\n\n");
    assert_eq!(execute_line(&mut engine, "12 clear_board").unwrap(), "=12\n\n");
    assert_eq!(execute_line(&mut engine, "12 name").unwrap(), "=12 variago\n\n");
    assert_eq!(
        execute_line(&mut engine, "7 frobnicate").unwrap(),
        "?7 unknown command\n\n"
    );
    assert_eq!(
        execute_line(&mut engine, "frobnicate").unwrap(),
        "? unknown command\n\n"
    );
    assert_eq!(execute_line(&mut engine, "name\r").unwrap(), "= variago\n\n");
    assert_eq!(execute_line(&mut engine, "  # nothing"), None);
    assert_eq!(execute_line(&mut engine, ""), None);
}

#[test]
fn every_required_tournament_and_regression_command_is_listed() {
    let mut engine = common::engine(Variant::Go, 9);
    let listed = common::ok(&mut engine, "list_commands");
    let listed: Vec<&str> = listed.lines().collect();
    for command in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "final_score",
        "final_status_list",
        "loadsgf",
        "reg_genmove",
        "undo",
        "showboard",
        "kgs-time_settings",
        "kgs-genmove_cleanup",
        "printsgf",
        "gogui-interrupt",
    ] {
        assert!(listed.contains(&command), "{command} not listed");
        assert_eq!(common::ok(&mut engine, &format!("known_command {command}")), "true");
    }
    for command in &listed {
        assert!(!command.is_empty() && !command.contains(' '), "{command:?}");
    }
}

#[test]
fn the_matcher_handles_regexes_and_gaps() {
    let expect: Vec<Expect> = ["= a", "...", "~ z\\d"].into_iter().map(Expect::parse).collect();
    assert!(matches(&expect, &["= a", "x", "y", "z1"]));
    assert!(matches(&expect, &["= a", "z2"]));
    assert!(!matches(&expect, &["= a", "z"]));
    assert!(!matches(&expect, &["= b", "z1"]));
    assert_eq!(unescape(r"a\tb\r\x01\\"), "a\tb\r\u{1}\\");
}

/// Analysis streams have one empty line, at their end, however short the
/// search: in Go white's pass wins at once after black's pass (komi 7.5);
/// in Atari Go a capture is forced and played without a search.
#[test]
fn analysis_streams_end_with_exactly_one_empty_line() {
    let commands = [
        "lz-analyze w 1",
        "kata-analyze w 1",
        "lz-genmove_analyze w 1",
        "kata-analyze b 1",
    ];
    for (variant, setup) in [(Variant::Go, "play b pass"), (Variant::Atari, "play b D5")] {
        for command in commands {
            let mut engine = common::engine(variant, 9);
            engine.settings.time = Some(std::time::Duration::from_millis(30));
            for line in [setup, "play w E5", "play b F5", "play w A1", "play b E6", "play w J9"] {
                common::ok(&mut engine, line);
            }
            let response = execute_line(&mut engine, command).unwrap();
            common::check_response_shape(command, &response);
        }
    }
}

/// RULINGS "Board sizes", for every variant: `boardsize` accepts exactly the
/// sizes the variant declares, and refuses the others with the standard text.
#[test]
fn every_variant_answers_boardsize_as_it_declares() {
    for variant in Variant::ALL {
        let mut engine = common::engine(Variant::Go, 9);
        common::ok(&mut engine, &format!("variago-set_variant {}", variant.name()));
        let default = format!("size {}", variant.default_size());
        assert!(
            common::ok(&mut engine, "variago-board").contains(&default),
            "{variant:?}"
        );
        for size in 0..=30 {
            let command = format!("boardsize {size}");
            if variant.accepts_size(size) {
                common::ok(&mut engine, &command);
            } else {
                assert_eq!(common::fail(&mut engine, &command), "unacceptable size", "{variant:?}");
            }
        }
        assert!(!variant.accepts_size(26), "GTP has no size above 25");
        for bad in ["abc", "-1", "9x9", "1e3"] {
            assert_eq!(
                common::fail(&mut engine, &format!("boardsize {bad}")),
                "unacceptable size"
            );
        }
    }
}
