//! The examples in the docs are run here, so that they cannot go stale.
//!
//! Every Markdown file of the repository (`*.md` at the top, `docs/**/*.md`)
//! is read, and two kinds of fenced block are run:
//!
//! - ```` ```console ````: shell sessions. A line `$ variago ARGS` (or
//!   `$ cargo run --release -- ARGS`) runs the program that cargo built,
//!   from the top of the repository, with that program first on `PATH`
//!   (so that `variago match --first "variago ..."` finds it too). The
//!   lines up to the next `$` line are its output: stdout, then stderr.
//! - ```` ```gtp ````: GTP sessions, in the format of
//!   `tests/transcripts/*.gtp`: `> command`, then its response without the
//!   final empty line, or `(none)` for a line that gets no response (no
//!   comment lines: a response may start with `;`, as SGF does). An
//!   optional first line `$ variago ARGS` is the engine's command line
//!   (otherwise plain `variago`).
//!
//! In the expected output `~ regex` matches one line in full and `...` any
//! number of lines: use them for what depends on time (`~ time: .*s`).
//! Trailing spaces are ignored. Anything that searches takes `--playouts N
//! --seed S`, so that it is deterministic, and every example should run in
//! well under a second. Blocks of other kinds (`sh`, `text`, `ini`, ...)
//! are not run: use them for formats and for commands too long to run
//! here, such as the measurements behind a number.
//!
//! `BLESS=1 cargo test --test doc_examples` writes the actual output into
//! the files, keeping every expectation that holds a pattern; review the
//! diff before committing.

mod common;

use common::expect::{is_pattern, matches, Expect};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest an example may run before it counts as hanging.
const DEADLINE: Duration = Duration::from_secs(60);

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Console,
    Gtp,
}

/// One command and the output the doc expects from it.
struct Step {
    input: String,
    /// The expected lines, and the index of the first in the file.
    expect: Vec<String>,
    first: usize,
    none: bool,
    line: usize,
}

struct Block {
    kind: Kind,
    /// The fence's indentation, which every line of the block carries.
    indent: String,
    /// A GTP session's engine command line.
    engine: Option<String>,
    steps: Vec<Step>,
    line: usize,
}

/// The runnable blocks of a Markdown text.
fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let Some(info) = trimmed.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let indent = lines[i][..lines[i].len() - trimmed.len()].to_string();
        let kind = match info.split_whitespace().next() {
            Some("console") => Some(Kind::Console),
            Some("gtp") => Some(Kind::Gtp),
            _ => None,
        };
        let mut block = Block {
            kind: kind.unwrap_or(Kind::Console),
            indent: indent.clone(),
            engine: None,
            steps: Vec::new(),
            line: i + 1,
        };
        i += 1;
        while i < lines.len() && lines[i].trim() != "```" {
            if kind.is_some() {
                let line = lines[i].strip_prefix(indent.as_str()).unwrap_or(lines[i]);
                read_line(&mut block, line, i);
            }
            i += 1;
        }
        i += 1;
        if kind.is_some() {
            out.push(block);
        }
    }
    out
}

/// Adds one line of a runnable block.
fn read_line(block: &mut Block, line: &str, index: usize) {
    let command = match block.kind {
        Kind::Console => line.strip_prefix("$ "),
        Kind::Gtp => {
            if let Some(engine) = line.strip_prefix("$ ").filter(|_| block.steps.is_empty()) {
                block.engine = Some(engine.to_string());
                return;
            }
            line.strip_prefix('>').map(|c| c.strip_prefix(' ').unwrap_or(c))
        }
    };
    if let Some(input) = command {
        block.steps.push(Step {
            input: input.to_string(),
            expect: Vec::new(),
            first: index + 1,
            none: false,
            line: index + 1,
        });
        return;
    }
    let step = block
        .steps
        .last_mut()
        .unwrap_or_else(|| panic!("line {}: output before any command", index + 1));
    if line == "(none)" && block.kind == Kind::Gtp {
        step.none = true;
    } else {
        step.expect.push(line.to_string());
    }
}

/// The arguments of a documented `variago` command line.
fn program_args(command: &str) -> Vec<String> {
    let words = shlex::split(command).unwrap_or_else(|| panic!("unbalanced quotes in `{command}`"));
    let cargo_run = ["cargo", "run", "--release", "--"];
    if words.len() >= cargo_run.len() && words[..cargo_run.len()] == cargo_run {
        words[cargo_run.len()..].to_vec()
    } else if words.first().is_some_and(|w| w == "variago") {
        words[1..].to_vec()
    } else {
        panic!("an example runs `variago ...` or `cargo run --release -- ...`, not `{command}`")
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the program with `args` and `input` on stdin; returns stdout and
/// stderr.
fn run_program(args: &[String], input: String) -> (String, String) {
    let program = PathBuf::from(env!("CARGO_BIN_EXE_variago"));
    let dir = program.parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let mut child = Command::new(&program)
        .args(args)
        .current_dir(root())
        .env("PATH", path)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("variago starts");
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let read = |mut stream: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            stream.read_to_string(&mut text).ok();
            text
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            child.kill().ok();
            panic!("`variago {}` ran over {DEADLINE:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (stdout.join().unwrap(), stderr.join().unwrap())
}

/// The lines of a GTP session's output, one list per response.
fn responses(stdout: &str) -> Vec<Vec<&str>> {
    let mut all = Vec::new();
    let mut current = Vec::new();
    for line in stdout.split('\n') {
        if line.is_empty() {
            if !current.is_empty() {
                all.push(std::mem::take(&mut current));
            }
        } else {
            current.push(line);
        }
    }
    all
}

/// Runs a block; returns the actual output of each step (`None` where the
/// step has none).
fn run_block(block: &Block) -> Vec<Option<Vec<String>>> {
    match block.kind {
        Kind::Console => block
            .steps
            .iter()
            .map(|step| {
                let (stdout, stderr) = run_program(&program_args(&step.input), String::new());
                let text = stdout + &stderr;
                Some(text.trim_end().lines().map(str::to_string).collect())
            })
            .collect(),
        Kind::Gtp => {
            let args = block.engine.as_deref().map(program_args).unwrap_or_default();
            let input: String = block.steps.iter().map(|s| format!("{}\n", s.input)).collect();
            let (stdout, _) = run_program(&args, input);
            let mut responses = responses(&stdout).into_iter();
            block
                .steps
                .iter()
                .map(|step| {
                    if step.none {
                        return None;
                    }
                    let lines = responses.next().unwrap_or_default();
                    Some(lines.into_iter().map(str::to_string).collect())
                })
                .collect()
        }
    }
}

/// The expected lines without the empty lines that end a console step.
fn expected(step: &Step, kind: Kind) -> &[String] {
    let mut end = step.expect.len();
    while kind == Kind::Console && end > 0 && step.expect[end - 1].trim().is_empty() {
        end -= 1;
    }
    &step.expect[..end]
}

fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>, deep: bool) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() && deep {
                walk(&path, out, true);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root(), &mut files, false);
    if root().join("docs").is_dir() {
        walk(&root().join("docs"), &mut files, true);
    }
    files
}

/// Writes the actual output of the steps that differ into the file.
fn bless(path: &Path, fixes: &[(&Block, &Step, Vec<String>)]) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut fixes: Vec<_> = fixes.iter().collect();
    fixes.sort_by_key(|(_, step, _)| std::cmp::Reverse(step.first));
    for (block, step, actual) in fixes {
        if step.expect.iter().any(|l| is_pattern(l)) {
            continue;
        }
        let replaced = expected(step, block.kind).len();
        let new = actual
            .iter()
            .map(|l| format!("{}{l}", block.indent).trim_end().to_string());
        lines.splice(step.first..step.first + replaced, new);
    }
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn every_console_and_gtp_example_in_the_docs_gives_its_output() {
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for path in markdown_files() {
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let blocks = blocks(&text);
        let mut fixes = Vec::new();
        for block in &blocks {
            *counts.entry((name.clone(), block.kind == Kind::Gtp)).or_insert(0) += 1;
            for (step, actual) in block.steps.iter().zip(run_block(block)) {
                let at = format!("{name}:{} `{}`", step.line, step.input);
                let Some(actual) = actual else { continue };
                let expect: Vec<Expect> = expected(step, block.kind).iter().map(|l| Expect::parse(l)).collect();
                let lines: Vec<&str> = actual.iter().map(String::as_str).collect();
                if !matches(&expect, &lines) {
                    failures.push(format!(
                        "{at} (block at line {}): got\n{}",
                        block.line,
                        actual.join("\n")
                    ));
                    fixes.push((block, step, actual));
                }
            }
        }
        if std::env::var_os("BLESS").is_some() && !fixes.is_empty() {
            bless(&path, &fixes);
        }
    }
    for (file, kind) in [("README.md", false), ("gtp-extensions.md", true)] {
        assert!(
            counts.contains_key(&(file.to_string(), kind)),
            "no runnable example found in {file}"
        );
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn blocks_are_read_as_the_convention_says() {
    let text = "text\n```console\n$ variago perft --depth 1\n82\n\n$ cargo run --release -- perft\n~ .*\n```\n\
                ```sh\n$ variago never-run\n```\n  ```gtp\n  $ variago --variant atari\n  > name\n  = variago\n  \
                > printsgf\n  = (;FF[4]\n  ;B[aa])\n  > # nothing\n  (none)\n  ```\n";
    let blocks = blocks(text);
    assert_eq!(blocks.len(), 2);
    let console = &blocks[0];
    assert_eq!(console.kind, Kind::Console);
    assert_eq!(console.steps.len(), 2);
    assert_eq!(expected(&console.steps[0], Kind::Console), ["82"]);
    assert_eq!(console.steps[1].first, 6);
    assert_eq!(program_args(&console.steps[1].input), ["perft"]);
    let gtp = &blocks[1];
    assert_eq!((gtp.kind, gtp.indent.as_str()), (Kind::Gtp, "  "));
    assert_eq!(gtp.engine.as_deref(), Some("variago --variant atari"));
    assert_eq!(gtp.steps[0].expect, ["= variago"]);
    assert_eq!(gtp.steps[1].expect, ["= (;FF[4]", ";B[aa])"]);
    assert!(gtp.steps[2].none);
    assert_eq!(
        program_args(r#"variago match --first "variago --seed {game}" --second 'x y'"#),
        ["match", "--first", "variago --seed {game}", "--second", "x y"]
    );
    assert_eq!(
        responses("= a\nb\n\n=\n\n? no\n\n"),
        [vec!["= a", "b"], vec!["="], vec!["? no"]]
    );
}
