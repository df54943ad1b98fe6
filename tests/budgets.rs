//! Every answer bounded: a playout budget binds everything a command does
//! (the solver in `genmove`, the judgement at the end of a game, the best
//! line),
//! no clock makes a move think longer than the cap per move, and analysis
//! answers in every phase of a game.

mod common;

use common::process::Gtp;
use std::time::{Duration, Instant};
use variago::Variant;

fn engine(args: &[&str]) -> Gtp {
    Gtp::start(env!("CARGO_BIN_EXE_variago"), args)
}

/// Sends `command` and returns its answer (`= text` or `? message`) and
/// how long it took.
fn timed(gtp: &mut Gtp, command: &str) -> (String, Duration) {
    let start = Instant::now();
    gtp.send(&format!("{command}\n"));
    let lines = gtp.response(Duration::from_secs(120));
    (lines.join("\n"), start.elapsed())
}

/// Far more than 30 playouts need anywhere, far less than the minutes an
/// unbounded solver or judgement took.
const QUICK: Duration = Duration::from_secs(5);

#[test]
fn thirty_playouts_answer_quickly_under_any_clock() {
    for variant in Variant::ALL {
        let size = (2..=25).rev().find(|&s| variant.accepts_size(s)).unwrap().to_string();
        let mut gtp = engine(&[
            "--variant",
            variant.name(),
            "--size",
            &size,
            "--playouts",
            "30",
            "--threads",
            "1",
        ]);
        gtp.ok("kgs-time_settings byoyomi 4294967296 0 22");
        for command in ["genmove b", "variago-pv w", "kgs-genmove_cleanup w"] {
            let (answer, took) = timed(&mut gtp, command);
            assert!(!answer.contains("internal error"), "{variant:?} {command}: {answer}");
            assert!(took < QUICK, "{variant:?} {size}x{size} {command}: {took:?}");
        }
    }
}

#[test]
fn a_huge_clock_is_held_to_the_cap_per_move() {
    let mut gtp = engine(&["--max-time-per-move", "0.5", "--threads", "1"]);
    gtp.ok("kgs-time_settings byoyomi 4294967296 0 22");
    gtp.ok("boardsize 6");
    let (answer, took) = timed(&mut gtp, "kata-genmove_analyze Black");
    assert!(answer.contains("play "), "{answer}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    for bad in [
        "kgs-time_settings absolute -1",
        "time_settings -1 5 0",
        "kgs-time_settings canadian 5 -1 3",
    ] {
        assert_eq!(timed(&mut gtp, bad).0, "? syntax error: negative time", "{bad}");
    }
}

#[test]
fn analysis_answers_during_the_buying() {
    for command in ["kata-genmove_analyze b", "lz-genmove_analyze w"] {
        let mut gtp = engine(&["--variant", "buying-armies", "--size", "9", "--playouts", "30"]);
        let (answer, _) = timed(&mut gtp, command);
        assert!(!answer.contains("internal error"), "{command}: {answer}");
        let last = answer.lines().last().unwrap();
        assert!(last.starts_with("play "), "{command}: {answer}");
        // The answer is a click, as `genmove`'s: here the end of the
        // buying, which buys the engine's army.
        let color = &command[command.len() - 1..];
        let mut plain = engine(&["--variant", "buying-armies", "--size", "9", "--playouts", "30"]);
        assert_eq!(
            last,
            format!("play {}", plain.ok(&format!("genmove {color}"))),
            "{command}"
        );
    }
    // An analysis streams until the next line, which `name` is here.
    let mut gtp = engine(&["--variant", "buying-armies", "--size", "9", "--playouts", "30"]);
    gtp.send("lz-analyze b 10\n");
    std::thread::sleep(Duration::from_millis(200));
    let (answer, _) = timed(&mut gtp, "name");
    assert!(
        answer.starts_with('=') && !answer.contains("internal error"),
        "{answer}"
    );
    assert_eq!(gtp.response(Duration::from_secs(10)), ["= variago"]);
}
