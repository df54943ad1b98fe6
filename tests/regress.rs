//! gogui-regress style suites: every `tests/regress/*.tst` file runs
//! through the engine. A line `N command` is a test; the next line
//! `#? [regex]` must match the whole answer (`[!regex]`: must not; a
//! trailing `*` marks an expected failure). An error answer always fails.
//! Lines without an id are setup commands and must succeed. A comment line
//! `#@ engine key=value ...` (`variant`, `size`, `playouts`, `seed`) sets
//! up the engine; gogui-regress reads it as a comment, so the files also
//! run there with the matching command line.

mod common;

use regex::Regex;
use std::path::{Path, PathBuf};
use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::variants::Start;
use variago::Variant;

#[derive(Debug, PartialEq)]
struct Expectation {
    pattern: String,
    negated: bool,
    expected_failure: bool,
}

/// Reads `#? [regex]`, `#? [!regex]` and a trailing `*`.
fn expectation(line: &str) -> Option<Expectation> {
    let rest = line.strip_prefix("#?")?.trim();
    let (body, expected_failure) = match rest.strip_suffix('*') {
        Some(body) => (body.trim_end(), true),
        None => (rest, false),
    };
    let inner = body.strip_prefix('[')?.strip_suffix(']')?;
    let (pattern, negated) = match inner.strip_prefix('!') {
        Some(p) => (p, true),
        None => (inner, false),
    };
    Some(Expectation {
        pattern: pattern.to_string(),
        negated,
        expected_failure,
    })
}

/// Whether an answer passes: `None` when the command failed.
fn passes(expect: &Expectation, response: &str) -> bool {
    if !response.starts_with('=') {
        return false;
    }
    let answer = common::body(response);
    let re = Regex::new(&format!("^(?s:{})$", expect.pattern)).expect("valid regex");
    re.is_match(answer.trim()) != expect.negated
}

fn engine_from(line: &str) -> Engine {
    let (mut variant, mut size, mut playouts, mut seed) = (Variant::Go, None, 1000, 1);
    for option in line.split_whitespace() {
        let (key, value) = option.split_once('=').expect("key=value");
        match key {
            "variant" => variant = Variant::parse(value).expect("variant"),
            "size" => size = Some(value.parse().expect("size")),
            "playouts" => playouts = value.parse().expect("playouts"),
            "seed" => seed = value.parse().expect("seed"),
            _ => panic!("unknown engine option {key}"),
        }
    }
    let size = size.unwrap_or(variant.default_size());
    Engine::new(
        common::setup(variant, size, Start::Empty),
        common::settings(playouts, seed),
    )
}

#[derive(Default)]
struct Summary {
    passed: usize,
    failed: Vec<String>,
    expected_failures: usize,
    unexpected_passes: Vec<String>,
}

fn run_file(path: &Path, summary: &mut Summary) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut engine = common::engine(Variant::Go, 9);
    let id_line = Regex::new(r"^(\d+)\s+(.+)$").unwrap();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        i += 1;
        if let Some(options) = line.strip_prefix("#@ engine") {
            engine = engine_from(options);
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let response = execute_line(&mut engine, line).unwrap_or_default();
        let Some(captures) = id_line.captures(line) else {
            assert!(
                response.starts_with('='),
                "{name}:{i}: setup `{line}` failed: {response:?}"
            );
            continue;
        };
        let id = &captures[1];
        let expect = lines
            .get(i)
            .and_then(|l| expectation(l.trim()))
            .unwrap_or_else(|| panic!("{name}:{i}: test {id} has no `#? [...]` line"));
        i += 1;
        let label = format!("{name} {id} `{}` -> {}", &captures[2], response.trim_end());
        match (passes(&expect, &response), expect.expected_failure) {
            (true, false) => summary.passed += 1,
            (false, false) => summary.failed.push(label),
            (false, true) => summary.expected_failures += 1,
            (true, true) => summary.unexpected_passes.push(label),
        }
    }
}

#[test]
fn regression_suites_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regress");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut summary = Summary::default();
    for file in &files {
        run_file(file, &mut summary);
    }
    println!(
        "{} passed, {} failed, {} expected failures, {} unexpected passes",
        summary.passed,
        summary.failed.len(),
        summary.expected_failures,
        summary.unexpected_passes.len()
    );
    for pass in &summary.unexpected_passes {
        println!("unexpected pass: {pass}");
    }
    assert!(summary.failed.is_empty(), "failed:\n{}", summary.failed.join("\n"));
    assert!(summary.passed >= 10);
}

#[test]
fn expectation_lines_follow_gogui_regress() {
    let e = expectation("#? [C3|D4]").unwrap();
    assert_eq!(
        (e.pattern.as_str(), e.negated, e.expected_failure),
        ("C3|D4", false, false)
    );
    let e = expectation("#? [!pass]*").unwrap();
    assert_eq!(
        (e.pattern.as_str(), e.negated, e.expected_failure),
        ("pass", true, true)
    );
    assert!(expectation("# comment").is_none());
    assert!(passes(&expectation("#? [C3|D4]").unwrap(), "= D4\n\n"));
    assert!(!passes(&expectation("#? [C3]").unwrap(), "= C30\n\n"));
    assert!(!passes(&expectation("#? [!C3]").unwrap(), "= C3\n\n"));
    assert!(passes(&expectation("#? [!C3]").unwrap(), "=5 D3\n\n"));
    assert!(!passes(&expectation("#? [.*]").unwrap(), "? illegal move\n\n"));
    assert!(!passes(&expectation("#? [!C3]").unwrap(), "? illegal move\n\n"));
}
