//! Helpers for the tests of `variago match`: the binary as an engine, a
//! scratch directory, and the numbers of the results table.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const BIN: &str = env!("CARGO_BIN_EXE_variago");

/// The binary as a shell word followed by `args`, for engine command lines.
pub fn engine(args: &str) -> String {
    format!("'{BIN}' {args}")
}

/// An empty directory for one test's files.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("match_runner").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The totals line of the table.
#[derive(Debug, PartialEq)]
pub struct Totals {
    pub games: u32,
    pub first: u32,
    pub second: u32,
    pub draws: u32,
    pub errors: u32,
    pub typed: u32,
}

pub fn number_after(line: &str, label: &str) -> u32 {
    let rest = &line[line.find(label).unwrap_or_else(|| panic!("no '{label}' in {line}")) + label.len()..];
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number after '{label}' in {line}"))
}

pub fn totals(table: &str) -> Totals {
    let line = table.lines().find(|l| l.starts_with("games ")).expect("totals line");
    let moves = table.lines().find(|l| l.starts_with("moves: ")).expect("moves line");
    Totals {
        games: number_after(line, "games"),
        first: number_after(line, "first wins"),
        second: number_after(line, "second wins"),
        draws: number_after(line, "draws"),
        errors: number_after(line, "errors"),
        typed: number_after(moves, "typed notation in"),
    }
}

/// Runs `variago SUBCOMMAND ARGS`.
pub fn run_variago(subcommand: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg(subcommand)
        .args(args)
        .output()
        .expect("run variago")
}

/// Runs `variago match ARGS` and returns the table; the run itself must succeed.
pub fn run_match(args: &[&str]) -> String {
    let output = run_variago("match", args);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "variago match {args:?} failed\n{stdout}\n{stderr}"
    );
    stdout
}
