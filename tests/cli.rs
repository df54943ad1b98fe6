//! Absurd search budgets on the command line are clamped with a warning on
//! stderr, and the engine still answers `genmove` with a legal move.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine with `args` on a GTP script; returns stdout and stderr.
fn run(args: &[&str], script: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_moves(stdout: &str) {
    let first = stdout.lines().next().unwrap_or("");
    assert!(first.starts_with("= ") && first.len() > 2, "{stdout}");
}

#[test]
fn zero_playouts_are_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--playouts", "0"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--playouts 0"), "{stderr}");
}

#[test]
fn negative_time_is_replaced_with_a_warning() {
    let (stdout, stderr) = run(&["--time", "-5"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--time -5"), "{stderr}");
}

#[test]
fn huge_thread_counts_are_clamped_with_a_warning() {
    let (stdout, stderr) = run(&["--threads", "100000", "--playouts", "200"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--threads 100000 clamped"), "{stderr}");
}

#[test]
fn zero_threads_are_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--threads", "0", "--playouts", "50"], "genmove w\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--threads 0 clamped"), "{stderr}");
}

#[test]
fn a_tiny_memory_cap_is_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--max-memory", "0", "--playouts", "300"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--max-memory 0"), "{stderr}");
}

#[test]
fn a_memory_cap_keeps_the_engine_playing() {
    let (stdout, stderr) = run(
        &["--max-memory", "1", "--playouts", "3000"],
        "genmove b\ngenmove w\nquit\n",
    );
    assert_eq!(stdout.matches("= ").count(), 2, "{stdout}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_huge_memory_cap_is_harmless() {
    let (stdout, _) = run(
        &["--max-memory", "18446744073709551615", "--playouts", "100"],
        "genmove b\nquit\n",
    );
    assert_moves(&stdout);
}
