//! Dynamic komi in handicap games of Go (gtp-extensions.md, "Dynamic
//! komi"): the komi the search plays for, as `variago-search_komi` tells
//! it, falls from the handicap's worth to the real komi; the game, its
//! score and its record keep the real komi; `none` and even games play the
//! real komi; the switch works from the command line and over GTP.

mod common;

use common::{fail, ok, run_engine};
use variago::gtp::engine::Engine;
use variago::player::dynkomi::Scheme;
use variago::{Setup, Variant};

fn go_engine(size: usize, scheme: Scheme) -> Engine {
    go_engine_with_playouts(size, scheme, 100)
}

fn go_engine_with_playouts(size: usize, scheme: Scheme, playouts: u64) -> Engine {
    let mut settings = common::settings(playouts, 3);
    settings.dynamic_komi = scheme;
    Engine::new(
        Setup {
            size,
            ..Setup::new(Variant::Go)
        },
        settings,
    )
}

fn search_komi(engine: &mut Engine, color: &str) -> f32 {
    let answer = ok(engine, &format!("variago-search_komi {color}"));
    answer.parse().unwrap_or_else(|_| panic!("not a komi: {answer}"))
}

#[test]
fn the_search_komi_falls_from_the_handicaps_worth_to_the_real_komi() {
    let mut engine = go_engine(9, Scheme::Linear);
    ok(&mut engine, "komi 0.5");
    assert_eq!(search_komi(&mut engine, "white"), 0.5, "no handicap, no extra komi");
    ok(&mut engine, "fixed_handicap 3");
    // 3 stones at 8 points for White, falling to nothing by move 15 on
    // 9x9, the handicap stones counted as moves.
    let first = search_komi(&mut engine, "white");
    assert_eq!(first, 0.5 + 24.0 * 12.0 / 15.0);
    // Black, taking the stones, plays for a larger margin: 12 points each.
    assert_eq!(search_komi(&mut engine, "black"), 0.5 + 36.0 * 12.0 / 15.0);
    let mut seen = vec![first];
    for (color, point) in [
        ("w", "D4"),
        ("b", "F6"),
        ("w", "D6"),
        ("b", "F4"),
        ("w", "E3"),
        ("b", "E7"),
    ] {
        ok(&mut engine, &format!("play {color} {point}"));
        seen.push(search_komi(&mut engine, "white"));
    }
    assert!(seen.windows(2).all(|w| w[1] < w[0]), "falling: {seen:?}");
    for mv in ["w B8", "b H8", "w B2", "b H2", "w A5", "b J5"] {
        ok(&mut engine, &format!("play {mv}"));
    }
    assert_eq!(search_komi(&mut engine, "white"), 0.5, "move 15: the real komi again");
    let board = ok(&mut engine, "showboard");
    assert!(board.contains("komi: 0.5"), "the game keeps the real komi: {board}");
}

#[test]
fn a_move_searched_with_dynamic_komi_is_the_move_a_search_for_that_komi_finds() {
    // The dynamic komi changes nothing but the komi the search plays for:
    // the same seeded search with that komi as the game's finds the same move.
    let mut dynamic = go_engine(9, Scheme::Linear);
    ok(&mut dynamic, "komi 0.5");
    ok(&mut dynamic, "fixed_handicap 4");
    let komi = search_komi(&mut dynamic, "white");
    assert!(komi > 20.0, "{komi}");
    let mut plain = go_engine(9, Scheme::None);
    ok(&mut plain, &format!("komi {komi}"));
    ok(&mut plain, "fixed_handicap 4");
    assert_eq!(search_komi(&mut plain, "white"), komi);
    assert_eq!(ok(&mut dynamic, "genmove w"), ok(&mut plain, "genmove w"));
}

#[test]
fn genmove_leaves_the_game_as_play_does_and_scoring_counts_the_real_komi() {
    let mut dynamic = go_engine(9, Scheme::Linear);
    let mut replay = go_engine(9, Scheme::None);
    for engine in [&mut dynamic, &mut replay] {
        ok(engine, "komi 0.5");
        ok(engine, "fixed_handicap 2");
    }
    let before = search_komi(&mut dynamic, "white");
    for turn in 0..6 {
        let color = if turn % 2 == 0 { "w" } else { "b" };
        let mv = ok(&mut dynamic, &format!("genmove {color}"));
        ok(&mut replay, &format!("play {color} {mv}"));
        for command in ["variago-board", "printsgf", "showboard"] {
            assert_eq!(
                ok(&mut dynamic, command),
                ok(&mut replay, command),
                "{command} after {color} {mv}"
            );
        }
    }
    assert!(search_komi(&mut dynamic, "white") < before);
    // Scoring by the real komi: the stones and their areas, less 0.5.
    let score = ok(&mut dynamic, "final_score");
    assert_eq!(score, ok(&mut replay, "final_score"));
    let points = |text: &str| text.matches(['X', 'O']).count();
    assert!(score.ends_with(".5"), "{score}");
    assert!(points(&ok(&mut dynamic, "showboard")) >= 8);
    assert!(ok(&mut dynamic, "printsgf").contains("KM[0.5]"));
}

#[test]
fn none_and_even_games_play_the_real_komi() {
    let mut engine = go_engine(9, Scheme::None);
    ok(&mut engine, "fixed_handicap 5");
    assert_eq!(search_komi(&mut engine, "white"), 7.5);
    assert_eq!(search_komi(&mut engine, "black"), 7.5);
    let mut even = go_engine(19, Scheme::Linear);
    for mv in ["b D4", "w Q16", "b D16"] {
        ok(&mut even, &format!("play {mv}"));
        assert_eq!(search_komi(&mut even, "white"), 7.5);
    }
    // An even game searched by either scheme: the same moves.
    let mut linear = go_engine(9, Scheme::Linear);
    let mut none = go_engine(9, Scheme::None);
    for color in ["b", "w", "b", "w"] {
        let command = format!("genmove {color}");
        assert_eq!(ok(&mut linear, &command), ok(&mut none, &command));
    }
}

#[test]
fn the_gtp_switch_changes_the_scheme_mid_session() {
    let mut engine = go_engine(9, Scheme::Linear);
    assert_eq!(ok(&mut engine, "variago-dynamic_komi"), "linear");
    ok(&mut engine, "komi 0.5");
    ok(&mut engine, "fixed_handicap 2");
    ok(&mut engine, "play w E5");
    let linear = search_komi(&mut engine, "white");
    assert!(linear > 0.5);
    ok(&mut engine, "variago-dynamic_komi none");
    assert_eq!(ok(&mut engine, "variago-dynamic_komi"), "none");
    assert_eq!(search_komi(&mut engine, "white"), 0.5);
    assert!(ok(&mut engine, "variago-settings").ends_with("ponder off dynamic-komi none"));
    ok(&mut engine, "variago-dynamic_komi LINEAR");
    assert_eq!(search_komi(&mut engine, "white"), linear);
    assert!(
        ok(&mut engine, "variago-settings").ends_with("ponder off"),
        "the default is not listed"
    );
    assert_eq!(
        fail(&mut engine, "variago-dynamic_komi adaptive"),
        "unknown dynamic komi 'adaptive' (known: none linear)"
    );
    assert_eq!(
        ok(&mut engine, "variago-dynamic_komi"),
        "linear",
        "kept after the refusal"
    );
    fail(&mut engine, "variago-dynamic_komi none linear");
    fail(&mut engine, "variago-search_komi");
    fail(&mut engine, "variago-search_komi purple");
    // Go only, as Go's rules are; an engine setting, kept through other variants.
    ok(&mut engine, "variago-dynamic_komi none");
    ok(&mut engine, "variago-set_variant atari");
    assert_eq!(
        fail(&mut engine, "variago-dynamic_komi linear"),
        "atari has no dynamic komi"
    );
    assert_eq!(fail(&mut engine, "variago-dynamic_komi"), "atari has no dynamic komi");
    assert!(!ok(&mut engine, "variago-settings").contains("dynamic-komi"));
    assert_eq!(search_komi(&mut engine, "white"), 0.0, "Atari Go's own komi");
    ok(&mut engine, "variago-set_variant go");
    assert_eq!(ok(&mut engine, "variago-dynamic_komi"), "none");
}

#[test]
fn every_way_to_a_handicap_reaches_the_search() {
    let mut engine = go_engine(19, Scheme::Linear);
    ok(&mut engine, "fixed_handicap 2");
    // Two stones at 8 points, less the 7 points the komi already gives.
    assert_eq!(search_komi(&mut engine, "white"), 7.5 + 9.0 * 148.0 / 150.0);
    ok(&mut engine, "clear_board");
    assert_eq!(search_komi(&mut engine, "white"), 7.5, "a new game has no handicap");
    ok(&mut engine, "place_free_handicap 3");
    let three = search_komi(&mut engine, "white");
    assert!(three > 7.5);
    ok(&mut engine, "play w D10");
    ok(&mut engine, "undo");
    assert_eq!(search_komi(&mut engine, "white"), three, "undo keeps the stones");
    assert_eq!(fail(&mut engine, "undo"), "cannot undo");
    ok(&mut engine, "boardsize 19");
    assert_eq!(search_komi(&mut engine, "white"), 7.5);
    ok(&mut engine, "set_free_handicap D4 Q16 D16 Q4");
    let four = search_komi(&mut engine, "white");
    assert!(four > three);
    ok(&mut engine, "variago-set_variant go");
    assert_eq!(search_komi(&mut engine, "white"), 7.5);

    // A record with handicap stones (AB) gives them to the search too.
    let path = std::env::temp_dir().join(format!("variago-dynkomi-{}.sgf", std::process::id()));
    std::fs::write(&path, "(;GM[1]FF[4]SZ[19]KM[0.5]HA[4]AB[dd][pp][dp][pd];W[jj])").unwrap();
    ok(&mut engine, &format!("loadsgf {}", path.display()));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(search_komi(&mut engine, "black"), 0.5 + 48.0 * 195.0 / 200.0);
}

#[test]
fn a_refused_handicap_leaves_the_stones_and_the_search_komi_as_they_were() {
    let mut engine = go_engine(19, Scheme::Linear);
    ok(&mut engine, "komi 0.5");
    assert_eq!(
        fail(&mut engine, "fixed_handicap 10"),
        "invalid number of handicap stones"
    );
    assert_eq!(
        fail(&mut engine, "place_free_handicap 400"),
        "invalid number of handicap stones"
    );
    assert_eq!(
        fail(&mut engine, "place_free_handicap 361"),
        "invalid number of handicap stones"
    );
    assert_eq!(search_komi(&mut engine, "white"), 0.5);
    ok(&mut engine, "fixed_handicap 2");
    let two = search_komi(&mut engine, "white");
    assert_eq!(fail(&mut engine, "fixed_handicap 9"), "board not empty");
    assert_eq!(fail(&mut engine, "set_free_handicap A1 B1 C1"), "board not empty");
    ok(&mut engine, "play w K10");
    assert_eq!(fail(&mut engine, "place_free_handicap 3"), "board not empty");
    ok(&mut engine, "undo");
    assert_eq!(search_komi(&mut engine, "white"), two);
}

#[test]
fn the_command_line_switch_and_its_refusals() {
    let session = "komi 0.5\nfixed_handicap 2\nvariago-search_komi white\nvariago-dynamic_komi\n";
    let run = |args: &[&str]| {
        let output = run_engine(args, session);
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(run(&["--variant", "go"]).ends_with("= 14.366667\n\n= linear\n\n"));
    assert!(run(&["--dynamic-komi", "none"]).ends_with("= 0.5\n\n= none\n\n"));
    for bad in [
        &["--dynamic-komi", "adaptive"][..],
        &["--dynamic-komi", "none", "--variant", "atari"],
    ] {
        let output = run_engine(bad, "");
        assert!(!output.status.success(), "{bad:?} accepted");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("dynamic-komi"),
            "{bad:?}: {output:?}"
        );
    }
}

#[test]
fn genmove_logs_the_komi_its_search_plays_for() {
    let input = "komi 0.5\nfixed_handicap 2\ngenmove w\n";
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_variago"));
    command
        .args(["--playouts", "50", "--threads", "1"])
        .env("RUST_LOG", "info")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().expect("engine starts");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        log.contains("dynamic komi: white searches for komi 14.366667 (komi 0.5, extra 13.9 for white)"),
        "{log}"
    );
}

/// Plays `moves` and returns the search komi White would then play for.
fn white_komi_after(engine: &mut Engine, moves: &[&str]) -> f32 {
    for mv in moves {
        ok(engine, &format!("play {mv}"));
    }
    search_komi(engine, "white")
}

#[test]
fn undo_takes_back_what_the_searches_of_the_undone_moves_taught_the_dynamic_komi() {
    // Enough playouts for the situational step to act on a search.
    let engine = || {
        let mut engine = go_engine_with_playouts(9, Scheme::Linear, 600);
        ok(&mut engine, "komi 0.5");
        ok(&mut engine, "fixed_handicap 2");
        engine
    };
    let opening = [
        "w D4", "b F6", "w D6", "b F4", "w E3", "b E7", "w B8", "b H8", "w B2", "b H2", "w A5", "b J5",
    ];
    let later = ["b C5", "w G5", "b E5", "w E1"];
    let mut undone = engine();
    white_komi_after(&mut undone, &opening);
    // Searches in the linear phase and after it, each taken back.
    for _ in 0..2 {
        ok(&mut undone, "genmove w");
        ok(&mut undone, "genmove b");
        ok(&mut undone, "undo");
        ok(&mut undone, "undo");
        ok(&mut undone, "play w A9");
        ok(&mut undone, "genmove b");
        ok(&mut undone, "genmove w");
        for _ in 0..3 {
            ok(&mut undone, "undo");
        }
    }
    let mut never = engine();
    white_komi_after(&mut never, &opening);
    assert_eq!(
        white_komi_after(&mut undone, &later),
        white_komi_after(&mut never, &later),
        "the same game, whatever was searched and taken back"
    );
    // What stays searched stays taught.
    ok(&mut never, "genmove w");
    ok(&mut undone, "genmove w");
    assert_eq!(
        white_komi_after(&mut undone, &["b A1"]),
        white_komi_after(&mut never, &["b A1"])
    );
}
