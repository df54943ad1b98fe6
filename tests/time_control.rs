//! Time controls over a real pipe: with little time left under absolute,
//! byo-yomi and Canadian clocks, `genmove` answers well within the time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the setup commands, then times one `genmove b`; returns the
/// response and the seconds it took.
fn timed_genmove(setup: &[&str]) -> (String, f64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(["--size", "9"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_response = || {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap() == 0 || line.trim().is_empty() && !text.is_empty() {
                return text;
            }
            text += &line;
        }
    };
    for command in setup {
        writeln!(stdin, "{command}").unwrap();
        let response = read_response();
        assert!(response.starts_with('='), "{command}: {response}");
    }
    let start = Instant::now();
    writeln!(stdin, "genmove b").unwrap();
    stdin.flush().unwrap();
    let response = read_response();
    let seconds = start.elapsed().as_secs_f64();
    writeln!(stdin, "quit").unwrap();
    let _ = child.wait();
    (response, seconds)
}

fn check(setup: &[&str], allowed: f64) {
    let (response, seconds) = timed_genmove(setup);
    assert!(response.starts_with("= ") && response.trim().len() > 2, "{response}");
    assert!(
        seconds < allowed,
        "{setup:?}: answered in {seconds:.3}s, allowed {allowed}s"
    );
}

#[test]
fn absolute_time_nearly_gone() {
    for left in ["0.3", "1"] {
        let time_left = format!("time_left b {left} 0");
        check(&["time_settings 300 0 0", &time_left], left.parse().unwrap());
        check(&["kgs-time_settings absolute 300", &time_left], left.parse().unwrap());
    }
}

#[test]
fn byo_yomi_last_period_nearly_gone() {
    for left in ["0.3", "1"] {
        let time_left = format!("time_left b {left} 1");
        check(&["kgs-time_settings byoyomi 0 5 3", &time_left], left.parse().unwrap());
    }
}

#[test]
fn canadian_period_nearly_gone() {
    for left in ["0.3", "1"] {
        let time_left = format!("time_left b {left} 1");
        check(&["time_settings 0 5 5", &time_left], left.parse().unwrap());
        let time_left = format!("time_left b {left} 3");
        check(&["kgs-time_settings canadian 0 5 5", &time_left], left.parse().unwrap());
    }
}

#[test]
fn main_time_nearly_gone_before_overtime() {
    // Main time almost out, overtime to follow: the move may dip into the
    // first period but never past it.
    check(&["time_settings 10 1 1", "time_left b 0.3 0"], 0.3 + 1.0);
    check(&["kgs-time_settings byoyomi 10 1 1", "time_left b 0.3 0"], 0.3 + 1.0);
}

#[test]
fn no_time_left_at_all_still_answers_a_move() {
    let started = Instant::now();
    check(&["time_settings 10 0 0", "time_left b 0 0"], 0.5);
    assert!(started.elapsed() < Duration::from_secs(10));
}
