//! Random GTP lines for Tanbo and gray Tanbo: plausible commands with
//! random arguments, and legal placements often enough that games reach
//! their removals and their end. Nothing panics, every line gets one
//! well-formed response, a refused line leaves the state as it was, and the
//! position stays consistent (no bounded root, the counts kept right).

mod common;

use proptest::prelude::*;
use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::{Position, Variant};

const COMMANDS: &[&str] = &[
    "play",
    "play",
    "variago-play",
    "genmove",
    "variago-genmove",
    "undo",
    "boardsize",
    "clear_board",
    "showboard",
    "final_score",
    "variago-legal_moves",
    "gogui-rules_legal_moves",
    "gogui-rules_board",
    "gogui-rules_board_gfx",
    "gogui-rules_final_result",
    "gogui-rules_captured_count",
    "gogui-rules_side_to_move",
    "variago-misere",
    "variago-board",
    "printsgf",
    "komi",
    "variago-start",
    "frobnicate",
];

const ARGUMENTS: &[&str] = &[
    "b", "w", "black", "white", "x", "A1", "B1", "A2", "C3", "E5", "G7", "J9", "T19", "Z9", "I3", "pass", "resign",
    "gray@B1", "stone@B1", "king@B1", "B1-B2", "on", "off", "ON", "maybe", "5", "7", "8", "9", "13", "19", "21", "26",
    "0", "-1", "1.5", "empty", "crosscut", "",
];

/// A line: a command and its arguments, where `legal` stands for a legal
/// move of the side to move, chosen when the line runs.
fn line() -> impl Strategy<Value = (String, Vec<String>)> {
    let words: Vec<String> = ARGUMENTS.iter().chain(&["legal"; 6]).map(|s| s.to_string()).collect();
    (
        prop::sample::select(COMMANDS),
        prop::collection::vec(prop::sample::select(words), 0..4),
    )
        // `printsgf` never gets a file name: it would write one.
        .prop_map(|(name, args)| {
            let args = if name == "printsgf" { Vec::new() } else { args };
            (name.to_string(), args)
        })
}

/// `name args`, with each `legal` replaced by a legal move picked by `pick`.
fn text(engine: &mut Engine, name: &str, args: &[String], pick: usize) -> String {
    let legal = common::ok(engine, "variago-legal_moves");
    let moves: Vec<&str> = legal.split_whitespace().collect();
    let mut line = name.to_string();
    for a in args {
        line.push(' ');
        match (a.as_str(), moves.is_empty()) {
            ("legal", false) => line += moves[pick % moves.len()],
            ("legal", true) => line += "A1",
            _ => line += a,
        }
    }
    line
}

fn run(variant: Variant, lines: &[(String, Vec<String>)], picks: &[usize]) {
    let mut engine = Engine::new(common::setup(variant, 5, Default::default()), common::settings(5, 1));
    for (i, (name, args)) in lines.iter().enumerate() {
        // Mostly a legal placement of the side to move, to get deep into games.
        let line = if i % 3 == 0 {
            let color = engine.game.to_move().name();
            text(&mut engine, "play", &[color.to_string(), "legal".into()], picks[i])
        } else {
            text(&mut engine, name, args, picks[i])
        };
        let before = common::state(&mut engine);
        let response = execute_line(&mut engine, &line).expect("every line holds a command");
        common::check_response_shape(&line, &response);
        if response.starts_with('?') {
            assert_eq!(
                before,
                common::state(&mut engine),
                "{line:?} failed and changed the state"
            );
        }
        assert_eq!(engine.game.check_consistency(), Ok(()), "after {line:?}");
        assert_eq!(engine.variant(), variant, "{line:?}");
    }
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(40), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_tanbo_lines_get_well_formed_answers(
        lines in prop::collection::vec(line(), 1..80),
        picks in prop::collection::vec(any::<usize>(), 80),
    ) {
        run(Variant::Tanbo, &lines, &picks);
    }

    #[test]
    fn random_gray_tanbo_lines_get_well_formed_answers(
        lines in prop::collection::vec(line(), 1..80),
        picks in prop::collection::vec(any::<usize>(), 80),
    ) {
        run(Variant::GrayTanbo, &lines, &picks);
    }
}
