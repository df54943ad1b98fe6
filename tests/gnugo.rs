//! Interoperability: a full 9x9 game against GNU Go over GTP, each move
//! relayed with `play`, no error on either side, then both score it.
//! Without GNU Go the test fails under CI (which installs it) and is
//! skipped elsewhere.

mod common;

use common::gnugo::gnugo_or_skip;
use common::process::Gtp;
use std::time::Duration;

/// Sends a command that must succeed on `who`.
fn expect_ok(gtp: &mut Gtp, who: &str, command: &str) -> String {
    gtp.command(command, Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{who} refused `{command}`: {e}"))
}

struct Result {
    moves: usize,
    passes: usize,
    resigned: Option<&'static str>,
}

/// Plays one game, variago taking `variago_color`; asserts that neither
/// program ever answers with an error and that both score the game.
fn play_game(gnugo: &str, variago_args: &[&str], gnugo_args: &[&str], variago_color: &str, cap: usize) -> Result {
    let mut variago = Gtp::start(env!("CARGO_BIN_EXE_variago"), variago_args);
    let mut base = vec![
        "--mode",
        "gtp",
        "--level",
        "1",
        "--chinese-rules",
        "--positional-superko",
    ];
    base.extend(gnugo_args);
    let mut gnu = Gtp::start(gnugo, &base);
    for (who, gtp) in [("variago", &mut variago), ("gnugo", &mut gnu)] {
        for command in ["boardsize 9", "clear_board", "komi 7.5"] {
            expect_ok(gtp, who, command);
        }
    }
    let vertex = regex::Regex::new("^(?i)([A-HJ][1-9]|pass|resign)$").unwrap();
    let mut result = Result {
        moves: 0,
        passes: 0,
        resigned: None,
    };
    while result.passes < 2 && result.moves < cap {
        let color = if result.moves.is_multiple_of(2) { "b" } else { "w" };
        let (mover, mover_name, other, other_name) = if color == variago_color {
            (&mut variago, "variago", &mut gnu, "gnugo")
        } else {
            (&mut gnu, "gnugo", &mut variago, "variago")
        };
        let answer = expect_ok(mover, mover_name, &format!("genmove {color}"));
        assert!(
            vertex.is_match(&answer),
            "{mover_name} answered genmove with {answer:?}"
        );
        result.moves += 1;
        if answer.eq_ignore_ascii_case("resign") {
            result.resigned = Some(mover_name);
            break;
        }
        result.passes = if answer.eq_ignore_ascii_case("pass") {
            result.passes + 1
        } else {
            0
        };
        expect_ok(other, other_name, &format!("play {color} {answer}"));
    }
    let ours = expect_ok(&mut variago, "variago", "final_score");
    let theirs = expect_ok(&mut gnu, "gnugo", "final_score");
    println!(
        "variago {variago_color}: {} moves, resigned: {:?}; variago scores {ours}, GNU Go scores {theirs}",
        result.moves, result.resigned
    );
    assert!(common::is_score(&ours), "variago final_score {ours:?}");
    assert!(common::is_score(&theirs), "GNU Go final_score {theirs:?}");
    for (who, gtp) in [("variago", &mut variago), ("gnugo", &mut gnu)] {
        expect_ok(gtp, who, "quit");
        assert!(gtp.wait(Duration::from_secs(10)).success(), "{who} exit status");
    }
    result
}

#[test]
fn a_game_against_gnu_go_with_resignation_allowed() {
    let Some(gnugo) = gnugo_or_skip() else { return };
    let result = play_game(&gnugo, &["--playouts", "300", "--seed", "1"], &[], "b", 200);
    assert!(result.passes == 2 || result.resigned.is_some() || result.moves == 200);
}

#[test]
fn a_full_game_against_gnu_go_to_two_passes() {
    let Some(gnugo) = gnugo_or_skip() else { return };
    let result = play_game(
        &gnugo,
        &["--playouts", "300", "--seed", "2", "--no-resign"],
        &["--never-resign"],
        "w",
        300,
    );
    assert_eq!(result.resigned, None);
    assert_eq!(
        result.passes, 2,
        "the game did not end by two passes in {} moves",
        result.moves
    );
}
