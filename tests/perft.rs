//! The one perft runner: every case of every file in `tests/perft/` (see
//! `common::perft` for the format) is counted by the engine, and by the
//! naive reference implementation of its variant (`common::naive`) where
//! that is within the reference's reach, so that a wrong data line cannot
//! hide.

mod common;

use common::perft::{cases, parse_line};
use std::collections::BTreeMap;
use std::time::Instant;
use variago::variants::Start;
use variago::Variant;

#[test]
fn perft_files_match_the_engine_and_the_naive_references() {
    let cases = cases();
    assert!(cases.len() >= 10, "too few perft cases: {}", cases.len());
    let mut failures = Vec::new();
    let mut cross_checked: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &cases {
        let clock = Instant::now();
        let count = variago::game::perft(&mut case.game(), case.depth);
        let engine_time = clock.elapsed().as_secs_f64();
        let naive = common::naive::perft(case);
        println!(
            "{} {} {}x{} depth {}: {count} in {engine_time:.3}s{}",
            case.name(),
            case.variant().name(),
            case.setup.size,
            case.setup.size,
            case.depth,
            naive.map_or(String::new(), |n| format!(", naive {n}"))
        );
        if count != case.count {
            failures.push(format!(
                "{}: expected {}, engine counts {count}",
                case.name(),
                case.count
            ));
        }
        if let Some(naive) = naive {
            *cross_checked.entry(case.variant().name()).or_default() += 1;
            if naive != case.count {
                failures.push(format!(
                    "{}: expected {}, the naive reference counts {naive}",
                    case.name(),
                    case.count
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    println!("cross-checked by the naive references: {cross_checked:?}");
    for variant in Variant::ALL {
        assert!(
            cases.iter().any(|c| c.variant() == variant),
            "no perft data for {}",
            variant.name()
        );
    }
    // Every reference checks a good share of its variant's data.
    for (name, least) in [
        ("go", 10),
        ("atari", 10),
        ("yugo", 10),
        ("gorogo", 3),
        ("migoyugo", 20),
        ("wargo", 15),
        ("domingo", 10),
        ("omino-go", 8),
        ("group-go", 10),
        ("special-stones", 15),
        ("tanbo", 30),
        ("gray-tanbo", 25),
        ("unsquare-go", 20),
        ("squares", 20),
    ] {
        let checked = cross_checked.get(name).copied().unwrap_or(0);
        assert!(checked >= least, "only {checked} {name} cases cross-checked");
    }
}

#[test]
fn the_line_format_is_checked() {
    assert!(parse_line("f", 1, "# a comment").unwrap().is_none());
    assert!(parse_line("f", 1, "   ").unwrap().is_none());
    let case = parse_line("f", 1, "atari 5 2 400 start=crosscut # note")
        .unwrap()
        .unwrap();
    assert_eq!(
        (case.setup.size, case.depth, case.count, case.setup.start),
        (5, 2, 400, Start::Crosscut)
    );
    let case = parse_line(
        "f",
        1,
        r#"migoyugo 4 1 6 to_move=white position="y y y . / X . O . / X O . . / Y Y Y .""#,
    )
    .unwrap()
    .unwrap();
    assert_eq!(case.position.as_ref().map(Vec::len), Some(4));
    assert_eq!(case.position.unwrap()[1], "X . O .");
    assert_eq!(case.to_move, variago::Color::White);
    assert!(parse_line("f", 1, "chess 8 1 20").is_err());
    assert!(parse_line("f", 1, "go 3 1").is_err());
    assert!(parse_line("f", 1, "go 3 1 x").is_err());
    assert!(parse_line("f", 1, "go 3 1 10 colour=red").is_err());
    assert!(parse_line("f", 1, "go 30 1 10").is_err());
    // Options go through the engine's validator.
    assert_eq!(
        parse_line("f", 1, "go 9 1 82 start=crosscut").unwrap_err(),
        "go has no crosscut start"
    );
    assert!(
        parse_line("f", 1, "go 3 1 10 position=.../.../...").is_err(),
        "Go reads no diagram"
    );
    assert!(
        parse_line("f", 1, r#"wargo 4 1 10 position="..../....""#).is_err(),
        "two rows of four"
    );
    assert!(
        parse_line("f", 1, r#"wargo 4 1 10 position="..../....."#).is_err(),
        "unclosed quote"
    );
}
