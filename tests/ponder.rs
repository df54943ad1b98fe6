//! Pondering over real pipes: the engine searches while it waits, answers
//! the next command at once, keeps the tree for the next `genmove`, and
//! stops at the end of input or of the game.

mod common;

use common::process::Gtp;
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_variago");
const REPLY: Duration = Duration::from_secs(30);

/// The simulation count of a `pondered N playouts ...` log line.
fn pondered_playouts(line: &str) -> u64 {
    let after = line.split("pondered ").nth(1).expect("a ponder line");
    after.split(' ').next().unwrap().parse().expect("a count")
}

/// The best move of a log line: `best Some("E5")`.
fn best_move(line: &str) -> String {
    let after = line.split("best Some(\"").nth(1).expect("a best move");
    after.split('"').next().unwrap().to_string()
}

#[test]
fn the_engine_ponders_while_waiting_and_the_next_genmove_reuses_the_tree() {
    let mut gtp = Gtp::start_logged(BINARY, &["--ponder", "--playouts", "200", "--seed", "3"]);
    gtp.ok("boardsize 9");
    gtp.ok("clear_board");
    gtp.ok("genmove b");
    std::thread::sleep(Duration::from_millis(1500));
    // The opponent plays the move that pondering liked best.
    let sent = Instant::now();
    gtp.ok("variago-ponder");
    assert!(sent.elapsed() < Duration::from_millis(500), "pondering delayed a reply");
    let line = gtp.log_line("for white", REPLY).expect("a ponder report");
    assert!(line.contains("for white"), "{line}");
    assert!(pondered_playouts(&line) > 200, "{line}");
    let reply = best_move(&line);
    gtp.ok(&format!("play w {reply}"));
    gtp.ok("genmove b");
    let reuse = gtp
        .log_line("reusing trees of", REPLY)
        .expect("the pondered tree is reused");
    assert!(!reuse.contains("trees of 0 "), "{reuse}");
}

#[test]
fn pondering_is_switched_by_gtp_and_off_by_default() {
    let mut gtp = Gtp::start_logged(BINARY, &["--playouts", "50"]);
    assert_eq!(gtp.ok("variago-ponder"), "off");
    gtp.ok("genmove b");
    std::thread::sleep(Duration::from_millis(300));
    gtp.ok("name");
    assert_eq!(gtp.log_line("pondered", Duration::from_millis(300)), None);
    gtp.ok("variago-ponder on");
    assert_eq!(gtp.ok("variago-ponder"), "on");
    std::thread::sleep(Duration::from_millis(300));
    gtp.ok("variago-ponder off");
    assert!(gtp.log_line("pondered", REPLY).is_some());
    for bad in ["variago-ponder maybe", "variago-ponder on off"] {
        let error = gtp.command(bad, REPLY).unwrap_err();
        assert!(error.starts_with("? syntax error"), "{bad}: {error}");
    }
    assert_eq!(gtp.ok("variago-ponder"), "off");
}

#[test]
fn pondering_stops_at_the_end_of_the_game_and_of_input() {
    let mut gtp = Gtp::start_logged(BINARY, &["--ponder", "--playouts", "50"]);
    gtp.ok("play b pass");
    gtp.ok("play w pass");
    // Whatever was pondered before the game ended has been logged once
    // the next reply is in.
    gtp.ok("name");
    std::thread::sleep(Duration::from_millis(200));
    gtp.drain_log();
    std::thread::sleep(Duration::from_millis(300));
    gtp.ok("name");
    assert_eq!(gtp.log_line("pondered", Duration::from_millis(300)), None);
    gtp.ok("undo");
    std::thread::sleep(Duration::from_millis(300));
    gtp.ok("name");
    let line = gtp.log_line("pondered", REPLY).expect("the game goes on after undo");
    assert!(line.contains("for white"), "{line}");
    // The end of input stops pondering and the engine exits.
    gtp.close();
    assert!(gtp.wait(Duration::from_secs(10)).success());
}
