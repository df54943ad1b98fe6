//! The real binary over pipes: pipelining, protocol-only stdout, `quit`
//! and end of input, `# interrupt`, the clock, `--seed`, `--no-resign` and
//! the command-line options.

mod common;

use common::process::Gtp;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_variago");

/// Tests that search hard or measure time take turns, so that the clock
/// tests are not starved of CPU by the other tests of this file.
static CPU: Mutex<()> = Mutex::new(());

fn cpu() -> MutexGuard<'static, ()> {
    CPU.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs the binary on `input` to the end: stdout and the exit code.
fn run_to_end(args: &[&str], input: &[u8]) -> (String, i32) {
    let (out, code) = common::process::run_to_end(BINARY, args, input);
    (out, code.unwrap_or(-1))
}

/// Splits stdout into responses; panics on any line outside a response.
fn responses(stdout: &str) -> Vec<String> {
    assert!(
        stdout.is_empty() || stdout.ends_with("\n\n"),
        "stdout ends mid-response: {stdout:?}"
    );
    stdout
        .split_terminator("\n\n")
        .map(|r| {
            assert!(
                r.starts_with('=') || r.starts_with('?'),
                "stray output on stdout: {r:?}"
            );
            r.to_string()
        })
        .collect()
}

#[test]
fn pipelined_commands_are_answered_in_order_with_protocol_only_on_stdout() {
    let input = "1 name\n2 boardsize 9\n3 play b E5\n4 play b E5\n\n# comment\n5 genmove w\n6 showboard\n\
                 7 final_score\n8 frobnicate\n9 quit\n10 name\n";
    let (out, code) = run_to_end(&["--playouts", "50", "--seed", "1"], input.as_bytes());
    assert_eq!(code, 0);
    let answers = responses(&out);
    assert_eq!(answers.len(), 9, "{answers:?}");
    for (i, answer) in answers.iter().enumerate() {
        let id = (i + 1).to_string();
        assert!(answer[1..].starts_with(&id), "response {i} out of order: {answer:?}");
    }
    assert_eq!(answers[0], "=1 variago");
    assert_eq!(answers[3], "?4 illegal move: point is occupied");
    assert_eq!(answers[7], "?8 unknown command");
    assert_eq!(answers[8], "=9");
}

#[test]
fn debug_logging_goes_to_stderr_only() {
    let mut child = Command::new(BINARY)
        .args(["--playouts", "30"])
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"name\ngenmove b\nplay w D4\nshowboard\nquit\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(responses(&out).len(), 5);
    assert!(!output.stderr.is_empty(), "debug logging was expected on stderr");
}

#[test]
fn end_of_input_without_quit_exits_cleanly() {
    let (out, code) = run_to_end(&["--playouts", "20"], b"name\nplay b D4\ngenmove w");
    assert_eq!(code, 0);
    let answers = responses(&out);
    assert_eq!(answers.len(), 3, "a last line without newline is still a command");
    let (out, code) = run_to_end(&[], b"");
    assert_eq!((out.as_str(), code), ("", 0));
}

#[test]
fn crlf_and_control_characters_over_the_pipe() {
    let (out, code) = run_to_end(
        &[],
        b"1 name\r\n2\tprotocol_version\r\n\x01\x02\r\n3 na\x00me\r\n\xff\xfe\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        responses(&out),
        vec!["=1 variago", "=2 2", "=3 variago", "? unknown command"]
    );
}

#[test]
fn quit_ends_the_session_even_with_more_input() {
    let mut gtp = Gtp::start(BINARY, &["--playouts", "20"]);
    assert_eq!(gtp.ok("name"), "variago");
    gtp.send("quit\nname\n");
    assert_eq!(gtp.response(Duration::from_secs(10)), vec!["="]);
    assert!(gtp.wait(Duration::from_secs(10)).success());
}

#[test]
fn interrupt_stops_a_long_genmove_with_a_legal_move() {
    let _turn = cpu();
    let mut gtp = Gtp::start(BINARY, &["--time", "120"]);
    assert!(gtp.ok("list_commands").lines().any(|l| l == "gogui-interrupt"));
    gtp.ok("boardsize 9");
    gtp.send("genmove b\n");
    std::thread::sleep(Duration::from_millis(500));
    let clock = Instant::now();
    gtp.send("# interrupt\n");
    let answer = gtp.response(Duration::from_secs(10));
    assert!(clock.elapsed() < Duration::from_secs(3), "{:?}", clock.elapsed());
    let re = regex::Regex::new("^= [A-HJ][1-9]$").unwrap();
    assert!(re.is_match(&answer[0]), "{answer:?}");
    // The engine goes on normally, and the next search is not cut short.
    assert_eq!(gtp.ok("name"), "variago");
    let vertex = answer[0].trim_start_matches("= ").to_string();
    assert_eq!(gtp.ok("showboard").matches('X').count(), 1, "{vertex} was played");
    gtp.close();
    assert!(gtp.wait(Duration::from_secs(10)).success());
}

/// Sets up a clock, then times `genmove b` against the time black has.
fn timed_genmove(settings: &str, time_left: &str, available: f64) {
    let mut gtp = Gtp::start(BINARY, &["--size", "9"]);
    gtp.ok("name");
    gtp.ok(settings);
    gtp.ok("play b E5");
    gtp.ok("play w D4");
    gtp.ok(time_left);
    let clock = Instant::now();
    gtp.send("genmove b\n");
    let answer = gtp.response(Duration::from_secs(20));
    let elapsed = clock.elapsed().as_secs_f64();
    println!("{settings} / {time_left}: {answer:?} in {elapsed:.3}s of {available}s");
    assert!(answer[0].starts_with("= "), "{settings} / {time_left}: {answer:?}");
    assert!(
        elapsed < available,
        "{settings} / {time_left}: answered in {elapsed:.3}s with {available}s left"
    );
}

#[test]
fn never_loses_on_time_in_absolute_time() {
    let _turn = cpu();
    timed_genmove("time_settings 60 0 0", "time_left b 0.3 0", 0.3);
    timed_genmove("time_settings 60 0 0", "time_left b 1 0", 1.0);
    timed_genmove("kgs-time_settings absolute 60", "time_left b 0.3 0", 0.3);
}

#[test]
fn never_loses_on_time_in_canadian_overtime() {
    let _turn = cpu();
    timed_genmove("time_settings 0 1 1", "time_left b 0.5 1", 0.5);
    timed_genmove("time_settings 0 1 1", "time_left b 1 1", 1.0);
    timed_genmove("kgs-time_settings canadian 0 10 25", "time_left b 1 5", 1.0);
    timed_genmove("time_settings 10 1 1", "time_left b 0.3 0", 1.3);
}

#[test]
fn never_loses_on_time_in_byo_yomi() {
    let _turn = cpu();
    timed_genmove("kgs-time_settings byoyomi 0 1 3", "time_left b 1 3", 1.0);
    timed_genmove("kgs-time_settings byoyomi 0 1 3", "time_left b 0.3 1", 0.3);
    timed_genmove("kgs-time_settings byoyomi 10 1 3", "time_left b 0.3 0", 1.3);
}

#[test]
fn a_fixed_seed_makes_the_engine_deterministic() {
    let _turn = cpu();
    let input = b"boardsize 7\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nfinal_status_list dead\n";
    let args = ["--playouts", "300", "--seed", "5"];
    let (first, _) = run_to_end(&args, input);
    let (second, _) = run_to_end(&args, input);
    assert_eq!(first, second);
    assert_eq!(responses(&first).len(), 6);
}

#[test]
fn resign_can_be_switched_off() {
    let _turn = cpu();
    // With komi 100 on 5x5 black cannot win. Go resigns once three
    // searches in a row (on 5x5) have found the game lost.
    let input = b"play b A1\nplay w C3\ngenmove b\ngenmove b\ngenmove b\n";
    let args = ["--size", "5", "--komi", "100", "--playouts", "1000", "--seed", "1"];
    let (out, _) = run_to_end(&args, input);
    let answers = responses(&out);
    assert_ne!(answers[2], "= resign");
    assert_ne!(answers[3], "= resign");
    assert_eq!(answers[4], "= resign");
    let mut no_resign = args.to_vec();
    no_resign.push("--no-resign");
    let (out, _) = run_to_end(&no_resign, input);
    assert!(responses(&out).iter().all(|a| a != "= resign"));
}

#[test]
fn command_line_options_set_up_the_game() {
    let (out, code) = run_to_end(
        &["--variant", "atari", "--start", "crosscut", "--size", "7"],
        b"variago-variant\nvariago-start\nvariago-board\n",
    );
    assert_eq!(code, 0);
    let answers = responses(&out);
    assert_eq!(answers[0], "= atari");
    assert_eq!(answers[1], "= crosscut");
    assert!(answers[2].contains("size 7"));
    assert_eq!(answers[2].matches(['X', 'O']).count(), 4);
    for bad in [
        &["--variant", "chess"][..],
        &["--size", "30"],
        &["--start", "crosscut"],
        &["--start", "spiral", "--variant", "atari"],
    ] {
        let (out, code) = run_to_end(bad, b"name\n");
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(out, "", "{bad:?} wrote to stdout");
    }
}

#[test]
fn a_late_interrupt_does_not_cut_the_next_search_short() {
    let _turn = cpu();
    let args = ["--playouts", "2000", "--seed", "1"];
    let (reference, _) = run_to_end(&args, b"boardsize 9\nreg_genmove b\n");
    let mut gtp = Gtp::start(BINARY, &args);
    gtp.ok("boardsize 9");
    // Nothing runs: this interrupt has nothing to stop.
    gtp.send("# interrupt\n");
    std::thread::sleep(Duration::from_millis(300));
    let answer = gtp.ok("reg_genmove b");
    assert_eq!(responses(&reference)[1], format!("= {answer}"));
}

#[test]
fn the_session_goes_on_after_loadsgf() {
    let file = format!("{}/tests/data/game.sgf", env!("CARGO_MANIFEST_DIR"));
    let input = format!("1 loadsgf {file}\n2 name\n3 time_settings 0 1 1\n4 genmove w\n5 loadsgf {file} 2\n6 name\n");
    let (out, code) = run_to_end(&["--playouts", "20"], input.as_bytes());
    assert_eq!(code, 0);
    let answers = responses(&out);
    assert_eq!(answers.len(), 6, "{answers:?}");
    assert_eq!(answers[0], "=1 white");
    assert_eq!(answers[1], "=2 variago");
    assert_eq!(answers[4], "=5 white");
    assert_eq!(answers[5], "=6 variago");
}
