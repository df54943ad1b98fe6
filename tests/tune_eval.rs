//! `variago tune-eval` as a user runs it: on records whose results a known
//! weight decides, it finds that weight; bad input is refused with an
//! error that names the file (and the line), a broken line costs only
//! itself.

mod common;

use common::matches::{run_variago, scratch_dir};
use std::path::Path;
use variago::selfplay::records::{self, Record};
use variago::variants::migoyugo::{EVAL_TERM_NAMES, EVAL_WEIGHTS};
use variago::{Color, Game};

/// Runs `variago SUBCOMMAND ARGS`; returns stdout, stderr and the exit code.
fn variago(subcommand: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let out = run_variago(subcommand, args);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// `variago tune-eval --variant migoyugo ARGS`.
fn tune(args: &[&str]) -> (String, String, Option<i32>) {
    variago("tune-eval", &[&["--variant", "migoyugo"], args].concat())
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    scratch_dir(&format!("tune-eval-{name}"))
}

/// Checks that a run failed with `message` on stderr and wrote nothing on stdout.
fn assert_refused((stdout, stderr, code): (String, String, Option<i32>), message: &str) {
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains(message), "{stderr}");
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Quick self-play records of `variant`: `games` games at one playout a move.
fn selfplay(records: &Path, variant: &str, games: u32) {
    let games = games.to_string();
    let (_, stderr, code) = variago(
        "selfplay",
        &[
            "--variant",
            variant,
            "--playouts",
            "1",
            "--games",
            &games,
            "--opening-moves",
            "8",
            "--seed",
            "3",
            "--records",
            text(records),
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
}

/// SplitMix64: the test's own random numbers, the same on every machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e9b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The records of `from` with each position's winner drawn anew: the side
/// to move wins with probability `sigmoid(k * evaluation)`, the
/// evaluation weighing the position's terms by `weights`.
fn with_results_of(from: &Path, to: &Path, weights: &[i32], k: f64) {
    let mut state = 7;
    let mut out = String::new();
    for mut record in records::read(from).unwrap().records {
        let Game::Migoyugo(game) = record.position().unwrap() else {
            panic!("a Migoyugo record");
        };
        let evaluation: i32 = weights.iter().zip(game.eval_terms()).map(|(w, t)| w * t).sum();
        let win = 1.0 / (1.0 + (-k * evaluation as f64).exp());
        let uniform = (splitmix(&mut state) >> 11) as f64 / (1u64 << 53) as f64;
        let winner = if uniform < win {
            record.to_move
        } else {
            record.to_move.opponent()
        };
        set_winner(&mut record, winner);
        out.push_str(&records::line(&record));
        out.push('\n');
    }
    std::fs::write(to, out).unwrap();
}

fn set_winner(record: &mut Record, winner: Color) {
    record.winner = Some(winner);
    record.result = format!("{}+R", winner.letter());
}

/// The weights `tune-eval` printed, by name: (tuned, shipped).
fn printed_weights(stdout: &str) -> Vec<(String, i32, i32)> {
    stdout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "{line}");
            (
                fields[0].to_string(),
                fields[1].parse().unwrap(),
                fields[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The test error `tune-eval` reported for the `which` weights.
fn test_error(stderr: &str, which: &str) -> f64 {
    let line = stderr
        .lines()
        .find(|l| l.starts_with(&format!("tune-eval: {which} weights:")))
        .unwrap_or_else(|| panic!("no {which} line in {stderr}"));
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn tuning_recovers_a_planted_tempo_that_decides_the_results() {
    let dir = scratch("planted");
    let played = dir.join("played.jsonl");
    selfplay(&played, "migoyugo", 60);
    // The shipped weights, but having the move is worth 60, not 5.
    let tempo = EVAL_TERM_NAMES.iter().position(|&n| n == "tempo").unwrap();
    let mut planted = EVAL_WEIGHTS;
    planted[tempo] = 60;
    let decided = dir.join("decided.jsonl");
    with_results_of(&played, &decided, &planted, 0.01);
    let (stdout, stderr, code) = tune(&["--test-games", "10", text(&decided)]);
    assert_eq!(code, Some(0), "{stderr}");
    let weights = printed_weights(&stdout);
    let names: Vec<&str> = weights.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(names, EVAL_TERM_NAMES);
    let shipped: Vec<i32> = weights.iter().map(|w| w.2).collect();
    assert_eq!(shipped, EVAL_WEIGHTS);
    let found = weights[tempo].1;
    assert!((45..=75).contains(&found), "tempo {found}\n{stderr}");
    assert_eq!(weights[0].1, 100, "the Yugo is the unit and is held");
    assert!(
        test_error(&stderr, "tuned") < test_error(&stderr, "shipped"),
        "{stderr}"
    );
}

#[test]
fn the_weights_go_to_out_and_only_there() {
    let dir = scratch("out");
    let played = dir.join("played.jsonl");
    selfplay(&played, "migoyugo", 4);
    let out = dir.join("weights.txt");
    let (stdout, stderr, code) = tune(&["--test-games", "0", "--out", text(&out), text(&played)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("tune-eval: tuned weights: training error 0.") && stderr.contains(", no test games"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(printed_weights(&written).len(), EVAL_WEIGHTS.len());
    assert!(
        stderr.contains(&format!("tune-eval: weights in {}", out.display())),
        "{stderr}"
    );
}

#[test]
fn a_missing_file_is_an_error_that_names_it() {
    let dir = scratch("missing");
    let missing = dir.join("no-such.jsonl");
    assert_refused(tune(&[text(&missing)]), &format!("cannot read {}", missing.display()));
}

#[test]
fn records_of_another_variant_are_an_error_that_names_file_and_line() {
    let dir = scratch("other-variant");
    let atari = dir.join("atari.jsonl");
    selfplay(&atari, "atari", 1);
    let expected = format!("{} line 1: a record of atari, not of migoyugo", atari.display());
    assert_refused(tune(&[text(&atari)]), &expected);
}

#[test]
fn a_broken_line_is_named_and_skipped() {
    let dir = scratch("broken");
    let played = dir.join("played.jsonl");
    selfplay(&played, "migoyugo", 4);
    let mut lines: Vec<String> = std::fs::read_to_string(&played)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines.insert(2, "{\"game\":1,\"seed\"".into());
    std::fs::write(&played, lines.join("\n") + "\n").unwrap();
    let (stdout, stderr, code) = tune(&["--test-games", "1", text(&played)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(printed_weights(&stdout).len(), EVAL_WEIGHTS.len());
    let warning = format!("variago: {} line 3: not a record", played.display());
    assert!(stderr.contains(&warning), "{stderr}");
    assert!(stderr.contains(", 1 bad lines"), "{stderr}");
}

#[test]
fn a_variant_without_an_evaluation_is_refused() {
    let dir = scratch("no-eval");
    let played = dir.join("played.jsonl");
    std::fs::write(&played, "").unwrap();
    assert_refused(
        variago("tune-eval", &["--variant", "atari", text(&played)]),
        "--variant atari has no static evaluation to tune; migoyugo has",
    );
    // --variant is required.
    assert_refused(variago("tune-eval", &[text(&played)]), "--variant <NAME>");
}

#[test]
fn too_few_games_for_the_test_games_is_an_error() {
    let dir = scratch("few");
    let played = dir.join("played.jsonl");
    selfplay(&played, "migoyugo", 2);
    assert_refused(
        tune(&[text(&played)]),
        "2 games read: more than the 200 test games are needed",
    );
}

#[test]
fn an_out_file_that_cannot_be_written_fails_before_reading() {
    let dir = scratch("bad-out");
    assert_refused(
        tune(&["--out", text(&dir), text(&dir.join("no-such.jsonl"))]),
        "is a directory; give a file",
    );
}
