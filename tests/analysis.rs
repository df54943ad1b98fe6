//! Sabaki's analysis commands over a real pipe: `info` lines stream at the
//! requested interval until the next input line, the response then closes
//! with an empty line, and the engine stays in sync.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("the engine answers")
    }

    /// Sends `command` during an analysis: the analysis ends with its empty
    /// line, then the command gets `answer`.
    fn stop_analysis_with(&mut self, command: &str, answer: &str) {
        self.send(command);
        while !self.line().is_empty() {}
        assert_eq!(self.response(), vec![answer]);
    }

    /// Reads one whole response: its lines up to the empty line.
    fn response(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            if line.is_empty() {
                return lines;
            }
            lines.push(line);
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The value after ` key ` in the first `info` entry of an analysis line.
fn field<T: std::str::FromStr>(line: &str, key: &str) -> T {
    let after = line
        .split(&format!(" {key} "))
        .nth(1)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    let word = after.split(' ').next().unwrap_or_default();
    word.parse().unwrap_or_else(|_| panic!("bad {key} '{word}' in {line}"))
}

#[test]
fn lz_analyze_streams_until_the_next_line() {
    let mut s = Session::start(&["--seed", "1"]);
    s.send("play b E5");
    assert_eq!(s.response(), vec!["="]);
    s.send("lz-analyze w 10");
    assert_eq!(s.line(), "=");
    let start = Instant::now();
    let mut infos = Vec::new();
    while infos.len() < 3 {
        let line = s.line();
        assert!(line.starts_with("info move "), "{line}");
        infos.push(line);
    }
    assert!(start.elapsed() < Duration::from_secs(5));
    // Any line stops the analysis; the empty line closes its response and
    // the next command is answered normally.
    s.send("name");
    loop {
        let line = s.line();
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info "), "{line}");
    }
    assert_eq!(s.response(), vec!["= variago"]);
    let first = &infos[0];
    for key in ["visits", "winrate", "prior", "lcb", "order", "pv"] {
        assert!(first.contains(&format!(" {key} ")), "{key} in {first}");
    }
    let winrate: i64 = field(first, "winrate");
    assert!((0..=10000).contains(&winrate));
    // The analysis left the game as it was: white is to move, E5 is black.
    s.send("variago-board");
    let board = s.response();
    assert!(board.iter().any(|l| l == "to_move white"), "{board:?}");
}

#[test]
fn kata_analyze_uses_kata_numbers() {
    let mut s = Session::start(&["--seed", "2"]);
    s.send("7 kata-analyze interval 10");
    assert_eq!(s.line(), "=7");
    let line = s.line();
    assert!(line.starts_with("info move "), "{line}");
    let winrate: f64 = field(&line, "winrate");
    assert!((0.0..=1.0).contains(&winrate), "{line}");
    s.stop_analysis_with("protocol_version", "= 2");
}

#[test]
fn genmove_analyze_ends_with_the_move_and_plays_it() {
    let mut s = Session::start(&["--playouts", "3000", "--seed", "3"]);
    s.send("lz-genmove_analyze b 5");
    let lines = s.response();
    assert_eq!(lines[0], "=");
    let last = lines.last().unwrap();
    assert!(last.starts_with("play "), "{lines:?}");
    assert!(lines[1..lines.len() - 1].iter().all(|l| l.starts_with("info ")));
    let vertex = last.trim_start_matches("play ").to_string();
    // The move was played: playing it again is refused.
    s.send(&format!("play w {vertex}"));
    let answer = s.response();
    assert!(answer[0].starts_with("? illegal move"), "{answer:?}");
}

#[test]
fn genmove_analyze_resigns_as_genmove_does() {
    // With komi 100 on 5x5 Black cannot win: like `genmove`, the third
    // hopeless search in a row resigns, and an open-ended analysis between
    // them neither resigns nor counts.
    let mut s = Session::start(&["--size", "5", "--komi", "100", "--playouts", "1000", "--seed", "1"]);
    for line in ["play b A1", "play w C3"] {
        s.send(line);
        assert_eq!(s.response(), vec!["="]);
    }
    let mut last_moves = Vec::new();
    for _ in 0..3 {
        s.send("lz-genmove_analyze b 50");
        let lines = s.response();
        last_moves.push(lines.last().unwrap().clone());
        if last_moves.len() == 2 {
            s.send("lz-analyze b 10");
            assert_eq!(s.line(), "=");
            s.line();
            s.stop_analysis_with("name", "= variago");
        }
    }
    assert!(last_moves[..2].iter().all(|m| m != "play resign"), "{last_moves:?}");
    assert_eq!(last_moves[2], "play resign");
}

#[test]
fn genmove_analyze_passes_back_when_passing_keeps_the_win() {
    // As `genmove` does: White, 100 points ahead by komi, answers Black's
    // pass with a pass, without a search.
    let mut s = Session::start(&["--size", "5", "--komi", "100", "--playouts", "1000", "--seed", "1"]);
    for line in ["play b A1", "play w C3", "play b pass"] {
        s.send(line);
        assert_eq!(s.response(), vec!["="]);
    }
    s.send("lz-genmove_analyze w 50");
    assert_eq!(s.response(), vec!["=", "play pass"]);
}

#[test]
fn interrupt_stops_genmove_with_a_legal_move() {
    let mut s = Session::start(&["--time", "60"]);
    s.send("genmove b");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    s.send("# interrupt");
    let answer = s.response();
    assert!(start.elapsed() < Duration::from_secs(3), "stopped promptly");
    assert!(answer[0].starts_with("= "), "{answer:?}");
    let vertex = answer[0].trim_start_matches("= ");
    assert!(variago::Vertex::parse(vertex).is_some(), "{vertex}");
}

#[test]
fn analysis_works_in_every_variant() {
    for variant in variago::Variant::ALL {
        let mut s = Session::start(&["--variant", variant.name(), "--seed", "4"]);
        s.send("lz-analyze 10");
        assert_eq!(s.line(), "=");
        let line = s.line();
        assert!(line.starts_with("info move "), "{variant:?}: {line}");
        s.stop_analysis_with("name", "= variago");
    }
}

#[test]
fn a_forced_move_is_still_reported() {
    let mut s = Session::start(&["--variant", "atari", "--size", "5"]);
    for line in ["play b B1", "play w A1"] {
        s.send(line);
        assert_eq!(s.response(), vec!["="]);
    }
    // Black captures at A2 at once: the search does not run, but Sabaki
    // still gets one info line naming the move.
    s.send("lz-analyze b 10");
    assert_eq!(s.line(), "=");
    let line = s.line();
    assert!(line.starts_with("info move A2 "), "{line}");
    s.stop_analysis_with("name", "= variago");
}
