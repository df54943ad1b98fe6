//! One komi in emulated GoGui 1.6 (see `common::gogui`): GoGui sends its
//! komi (6.5 unless the person chose another) to the program alone, never
//! to the ruler. The result GoGui shows (the ruler's
//! `gogui-rules_final_result`), the program's `final_score` and the komi
//! of its record must agree, at the variant's own komi unless variago's
//! command line gives another.

mod common;

use common::gogui::{GoGui, Step};

/// Plays a game to its end in GoGui and returns the ruler's result, the
/// program's score and the program's record.
fn finished_game(args: &[&str]) -> (String, String, String) {
    let mut gogui = GoGui::attach(args);
    let end = gogui.play_out(400);
    assert_eq!(end, Step::Over, "{args:?}: the game ends");
    let divergences = format!("{:?}", gogui.divergences);
    assert!(gogui.divergences.is_empty(), "{args:?}: {:.2000}", divergences);
    let result = gogui.ask_ruler("gogui-rules_final_result");
    (result, gogui.ask_program("final_score"), gogui.ask_program("printsgf"))
}

fn agree(args: &[&str], komi: &str) {
    let (result, score, record) = finished_game(args);
    assert!(
        result.contains(&format!("({score})")),
        "{args:?}: GoGui shows {result}, final_score {score}"
    );
    assert!(result.ends_with(&format!("komi {komi}")), "{args:?}: {result}");
    assert!(record.contains(&format!("KM[{komi}]")), "{args:?}: {record}");
}

#[test]
fn gogui_shows_the_programs_result_at_the_variants_komi() {
    let common = ["--playouts", "20", "--seed", "3", "--threads", "1", "--no-resign"];
    for (variant, size, komi) in [("omino-go", "7", "0.5"), ("domingo", "5", "2.5"), ("wargo", "9", "7.5")] {
        let mut args = vec!["--variant", variant, "--size", size];
        args.extend(common);
        agree(&args, komi);
    }
}

#[test]
fn a_komi_on_variagos_command_line_holds_for_program_and_ruler() {
    agree(
        &[
            "--variant",
            "domingo",
            "--size",
            "5",
            "--komi",
            "6.5",
            "--playouts",
            "20",
            "--threads",
            "1",
            "--no-resign",
        ],
        "6.5",
    );
}

#[test]
fn gogui_cannot_change_the_komi_behind_its_rulers_back() {
    let mut gogui = GoGui::attach(&["--variant", "omino-go", "--size", "7"]);
    let refusal = gogui.ask_program_raw("komi 6.5");
    assert!(refusal.starts_with("? komi stays 0.5 in GoGui"), "{refusal}");
    assert_eq!(gogui.ask_program_raw("komi 0.5"), "= ", "the komi in force is accepted");
    assert_eq!(gogui.ask_program_raw("komi x"), "? syntax error: invalid number 'x'");
}

#[test]
fn plain_go_in_gogui_takes_guis_komi() {
    // GoGui knows Go's rules and scores it itself with its own komi.
    let mut gogui = GoGui::attach(&["--variant", "go", "--size", "5"]);
    assert!(gogui.ask_program("printsgf").contains("KM[6.5]"));
}

/// GoGui saves a crosscut Atari Go game as its clicks alone, never the
/// ruler's four stones: the same command line brings them back.
#[test]
fn a_gogui_record_of_a_crosscut_game_loads_with_its_start() {
    let dir = std::env::temp_dir().join(format!("variago-crosscut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("crosscut.sgf");
    // B C2, W E2 on a 6x6 crosscut (black C4 D3, white D4 C3).
    std::fs::write(&file, "(;FF[4]CA[UTF-8]AP[GoGui:1.6.0]SZ[6]KM[6.5];B[ce];W[ee])").unwrap();
    let mut gtp = common::process::Gtp::start(
        env!("CARGO_BIN_EXE_variago"),
        &["--variant", "atari", "--size", "6", "--start", "crosscut"],
    );
    gtp.ok(&format!("loadsgf {}", file.display()));
    let board = gtp.ok("variago-board");
    let rows: Vec<&str> = board.lines().skip_while(|l| *l != "board").skip(1).collect();
    assert_eq!(rows[2], ". . X O . .", "{board}");
    assert_eq!(rows[3], ". . O X . .", "{board}");
    assert_eq!(rows[4], ". . X . O .", "the two clicks: {board}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A record GoGui saved says its own komi (6.5 by default), which its ruler
/// never counted: loaded back, the game keeps the komi it was played at.
#[test]
fn a_gogui_record_of_a_ruler_game_keeps_the_komi_it_was_played_at() {
    let dir = std::env::temp_dir().join(format!("variago-gogui-km-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("domingo.sgf");
    std::fs::write(&file, "(;FF[4]CA[UTF-8]AP[GoGui:1.6.0]SZ[5]KM[6.5];B[cc];B[dc])").unwrap();
    let mut gtp = common::process::Gtp::start(env!("CARGO_BIN_EXE_variago"), &["--variant", "domingo", "--size", "5"]);
    gtp.ok(&format!("loadsgf {}", file.display()));
    let record = gtp.ok("printsgf");
    assert!(record.contains("KM[2.5]") && record.contains("C3+D3"), "{record}");
    std::fs::remove_dir_all(&dir).unwrap();
}
