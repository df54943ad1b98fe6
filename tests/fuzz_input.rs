//! Random input: random bytes and random lines of plausible tokens, fed to
//! `execute_line` and to the binary. Nothing panics, every line holding a
//! command gets exactly one well-formed response, errors leave the state
//! unchanged, and the binary answers exactly like the library and exits
//! cleanly at the end of input.

mod common;

use proptest::prelude::*;
use variago::gtp::commands::COMMANDS;
use variago::gtp::engine::Engine;
use variago::gtp::{execute_line, parse};
use variago::{Setup, Variant};

/// The engine the binary runs with `--playouts 5 --seed 1`.
fn engine() -> Engine {
    Engine::new(Setup::new(Variant::Go), common::settings(5, 1))
}

/// The same with a short time limit too, so that open-ended analysis
/// commands (which no input line can stop here) end quickly.
fn quick_engine() -> Engine {
    let mut engine = engine();
    engine.settings.time = Some(std::time::Duration::from_millis(20));
    engine
}

fn data(file: &str) -> String {
    format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Commands whose answers depend on the clock or on when the next line
/// arrives: left out where the binary must answer exactly like the library.
fn timing_dependent(name: &str) -> bool {
    ["time_settings", "kgs-time_settings", "time_left"].contains(&name)
        || name.contains("analyze")
        || name.contains("live_gfx")
}

fn arguments() -> Vec<String> {
    let mut words: Vec<String> = [
        "b", "w", "black", "white", "x", "D4", "E5", "A1", "J9", "T19", "Z1", "I5", "c3", "pass", "PASS", "resign",
        "0", "1", "2", "3", "5", "7", "9", "19", "25", "26", "-1", "1.5", "abc", "nan", "1e9", "1e300", "-1e300",
        "1e308", "empty", "crosscut", "alive", "dead", "seki", "none", "absolute", "byoyomi", "canadian", "king@D4",
        "D4-E4", "stone@C3", "henge@B2", "gray@D4", "D4+D5", "D4+D5+D6", "A1+A2+B1", "D4+F4", "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    words.extend(Variant::ALL.iter().map(|v| v.name().to_string()));
    words.extend(["game.sgf", "bad.sgf", "setup-to-play.sgf", "missing.sgf"].map(data));
    words
}

/// A line of tokens: an optional id, a command name (usually a real one)
/// and up to four arguments. `printsgf` never gets a file name.
fn token_line(timed: bool) -> impl Strategy<Value = String> {
    let mut names: Vec<String> = COMMANDS
        .iter()
        .map(|(n, _)| n.to_string())
        .filter(|n| timed || !timing_dependent(n))
        .collect();
    names.push("frobnicate".into());
    let args = arguments();
    (
        prop::option::of(0u32..1000),
        prop::sample::select(names),
        prop::collection::vec(prop::sample::select(args), 0..5),
    )
        .prop_map(|(id, name, args)| {
            let args = if name == "printsgf" { Vec::new() } else { args };
            let mut line = id.map(|i| format!("{i} ")).unwrap_or_default();
            line += &name;
            for a in args {
                line.push(' ');
                line += &a;
            }
            line
        })
}

/// Runs lines through the library as the binary would, up to `quit`.
fn library_transcript(lines: &[String]) -> String {
    let mut engine = engine();
    let mut out = String::new();
    for line in lines {
        if let Some(response) = execute_line(&mut engine, line) {
            out += &response;
        }
        if engine.quit {
            break;
        }
    }
    out
}

fn binary_transcript(input: &[u8]) -> (String, Option<i32>) {
    common::process::run_to_end(
        env!("CARGO_BIN_EXE_variago"),
        // One thread, like the library's engine: threads make a search's
        // answer depend on timing.
        &["--playouts", "5", "--seed", "1", "--threads", "1"],
        input,
    )
}

/// Cases per property: `PROPTEST_CASES` for a longer run, else `default`
/// (kept small so that `cargo test` stays fast).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn check_line(engine: &mut Engine, line: &str) {
    let expects_answer = parse::preprocess(line).is_some();
    let before = common::state(engine);
    match execute_line(engine, line) {
        Some(response) => {
            assert!(expects_answer, "{line:?} holds no command but got {response:?}");
            common::check_response_shape(line, &response);
            if response.starts_with('?') {
                assert_eq!(before, common::state(engine), "{line:?} failed and changed the state");
            }
        }
        None => assert!(!expects_answer, "{line:?} got no response"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_get_well_formed_answers(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let mut engine = quick_engine();
        for line in bytes.split(|&b| b == b'\n') {
            check_line(&mut engine, &String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn random_token_lines_get_well_formed_answers(lines in prop::collection::vec(token_line(true), 1..40)) {
        let mut engine = quick_engine();
        for line in &lines {
            check_line(&mut engine, line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(12), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_binary_answers_random_lines_like_the_library(lines in prop::collection::vec(token_line(false), 1..40)) {
        let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let (out, code) = binary_transcript(input.as_bytes());
        prop_assert_eq!(code, Some(0));
        prop_assert_eq!(out, library_transcript(&lines));
    }

    #[test]
    fn the_binary_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let (out, code) = binary_transcript(&bytes);
        prop_assert_eq!(code, Some(0));
        let lines: Vec<String> = bytes
            .split(|&b| b == b'\n')
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .filter(|l| !parse::is_interrupt(l))
            .collect();
        prop_assert_eq!(out, library_transcript(&lines));
    }
}

/// A line for an engine playing one variant: mostly moves on that board
/// (every vertex of it, typed pieces, passes), the rest any command the
/// engine lists (the variants' own included) with the shared arguments.
fn variant_line(size: usize, names: Vec<String>) -> impl Strategy<Value = String> {
    let columns: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(size + 1).collect();
    let vertex = (prop::sample::select(columns), 0..=size + 1).prop_map(|(c, row)| format!("{c}{row}"));
    let colour = prop::sample::select(vec!["b", "w", "black", "white", "x"]);
    let piece = prop::sample::select(vec!["", "gray@", "stone@", "king@", "henge@", "migo@"]);
    let command = prop::sample::select(vec!["play", "variago-play", "genmove", "variago-genmove", "undo"]);
    let play = (command, colour, piece, vertex).prop_map(|(command, colour, piece, vertex)| match command {
        "undo" => "undo".to_string(),
        "genmove" | "variago-genmove" => format!("{command} {colour}"),
        _ => format!("{command} {colour} {piece}{vertex}"),
    });
    let args = arguments();
    let other = (
        prop::sample::select(names),
        prop::collection::vec(prop::sample::select(args), 0..3),
    )
        .prop_map(|(name, args)| {
            let args = if name == "printsgf" { Vec::new() } else { args };
            std::iter::once(name).chain(args).collect::<Vec<_>>().join(" ")
        });
    prop_oneof![4 => play, 1 => other]
}

/// Random lines in each variant in turn, from its own start on a small
/// board: moves on points full and empty, typed pieces the variant lacks,
/// every listed command. One well-formed answer each, and a refusal
/// changes nothing (`PROPTEST_CASES` cases per variant for a longer run).
#[test]
fn random_lines_get_well_formed_answers_in_every_variant() {
    use proptest::test_runner::{Config, TestRunner};
    for variant in Variant::ALL {
        let size = [5, 7, 9]
            .into_iter()
            .find(|&s| variant.accepts_size(s))
            .unwrap_or(variant.default_size());
        let setup = Setup {
            size,
            ..Setup::new(variant)
        };
        let names: Vec<String> = execute_line(&mut engine(), "list_commands")
            .unwrap()
            .trim_start_matches("= ")
            .lines()
            .map(str::to_string)
            .filter(|name| !name.is_empty() && !timing_dependent(name) && name != "quit")
            .collect();
        let mut runner = TestRunner::new(Config {
            cases: cases(25),
            failure_persistence: None,
            ..Config::default()
        });
        let lines = prop::collection::vec(variant_line(size, names), 1..60);
        runner
            .run(&lines, |lines| {
                let mut engine = Engine::new(setup.clone(), common::settings(5, 1));
                engine.settings.time = Some(std::time::Duration::from_millis(20));
                for line in &lines {
                    check_line(&mut engine, line);
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", variant.name()));
    }
}

/// Every command, in every variant, on its smallest and largest boards
/// (where a frame can outgrow GTP's vertices): a fixed sequence of moves
/// and queries, one well-formed answer each, and a refusal changes
/// nothing. The dead-stone judgement, which reads a big board for
/// seconds, only on the smallest.
#[test]
fn every_command_on_the_smallest_and_largest_boards_of_every_variant() {
    let queries = [
        "genmove b",
        "reg_genmove w",
        "gogui-rules_board_size",
        "gogui-rules_board",
        "gogui-rules_board_gfx",
        "gogui-rules_legal_moves",
        "gogui-rules_side_to_move",
        "gogui-rules_final_result",
        "genmove w",
        "genmove b",
        "variago-legal_moves",
        "variago-board",
        "variago-hand b",
        "variago-gfx_legal",
        "variago-gfx_ownership",
        "variago-gfx_search",
        "variago-pv",
        "variago-score_estimate",
        "printsgf",
        "undo",
        "undo",
        "fixed_handicap 2",
        "variago-genmove b",
        "variago-genmove w",
        "showboard",
        "clear_board",
    ];
    for variant in Variant::ALL {
        let sizes = (1..=25).filter(|&s| variant.accepts_size(s)).collect::<Vec<_>>();
        for &size in [sizes.first(), sizes.last()].into_iter().flatten() {
            let setup = Setup {
                size,
                ..Setup::new(variant)
            };
            let mut engine = Engine::new(setup, common::settings(5, 1));
            for line in queries {
                check_line(&mut engine, line);
            }
            if size == sizes[0] {
                for line in ["final_score", "final_status_list dead", "kgs-genmove_cleanup b"] {
                    check_line(&mut engine, line);
                }
            }
        }
    }
}
