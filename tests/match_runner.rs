//! `variago match` end to end: the real binary plays short matches against
//! itself in every variant, survives broken engines, and plays GNU Go.

mod common;

use common::matches::{engine, run_match, scratch_dir, totals};
use std::path::Path;
use std::time::{Duration, Instant};
use variago::Variant;

fn check_sgf_files(dir: &Path, games: u32, variant: Variant, size: usize, max_moves: usize) {
    for n in 1..=games {
        let path = dir.join(format!("game-{n:03}.sgf"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let game = variago::sgf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        assert_eq!(game.size, size, "{text}");
        let expected = (variant != Variant::Go).then(|| variant.name().to_string());
        assert_eq!(game.variant, expected, "{text}");
        assert!(!game.moves.is_empty() && game.moves.len() <= max_moves, "{text}");
        assert!(text.contains("RE["), "a scored game records its result: {text}");
        assert!(text.contains("PB[variago") && text.contains("PW[variago"), "{text}");
    }
}

fn small_size(variant: Variant) -> usize {
    if variant.accepts_size(5) {
        5
    } else {
        variant.default_size()
    }
}

/// Plays variago against itself in `variant` on a small board; returns the table.
fn self_match(variant: Variant, dir: &Path, games: u32, max_moves: usize, referee: bool) -> String {
    let size = small_size(variant).to_string();
    let (games, max_moves) = (games.to_string(), max_moves.to_string());
    let (first, second, judge) = (
        engine("--playouts 20 --seed {game}"),
        engine("--playouts 20 --seed 2"),
        engine(""),
    );
    let mut args = vec![
        "--variant",
        variant.name(),
        "--size",
        &size,
        "--first",
        &first,
        "--second",
        &second,
        "--games",
        &games,
        "--max-moves",
        &max_moves,
        "--sgf-dir",
        dir.to_str().unwrap(),
    ];
    if referee {
        args.extend(["--referee", &judge]);
    }
    run_match(&args)
}

#[test]
fn every_variant_plays_a_clean_match() {
    for variant in Variant::ALL {
        let size = small_size(variant);
        let dir = scratch_dir(variant.name());
        let table = self_match(variant, &dir, 2, 60, false);
        let t = totals(&table);
        assert_eq!(t.games, 2, "{table}");
        assert_eq!(t.errors, 0, "{table}");
        assert_eq!(t.first + t.second + t.draws, 2, "{table}");
        assert_eq!(t.typed, 2, "variago speaks the typed notation: {table}");
        assert!(
            table.starts_with(&format!("{} {size}x{size}", variant.name())),
            "{table}"
        );
        check_sgf_files(&dir, 2, variant, size, 60);
    }
}

#[test]
fn a_referee_scores_the_games() {
    for variant in Variant::ALL {
        let dir = scratch_dir(&format!("referee-{}", variant.name()));
        let table = self_match(variant, &dir, 1, 40, true);
        assert!(table.contains("result by referee"), "{table}");
        let t = totals(&table);
        assert_eq!((t.games, t.errors, t.first + t.second + t.draws), (1, 0, 1), "{table}");
        assert_eq!(t.typed, 1, "{table}");
        check_sgf_files(&dir, 1, variant, small_size(variant), 40);
    }
}

#[test]
fn an_engine_that_breaks_in_a_game_voids_that_game_and_the_match_goes_on() {
    let good = engine("--playouts 10");
    // Game 1: answers the setup like an engine, then breaks at its first
    // genmove. Game 2: variago.
    let breaking = |at_genmove: &str| {
        format!(
            "if [ {{game}} = 1 ]; then while read cmd arg; do case $cmd in genmove) {at_genmove};; \
             list_commands) echo '= genmove';; *) echo '=';; esac; echo; done; else exec {good}; fi"
        )
    };
    let broken = [
        ("exits", "exit 1"),
        ("prints garbage", "echo garbage"),
        ("never answers", "sleep 20"),
    ];
    for (what, at_genmove) in broken {
        let start = Instant::now();
        let first = breaking(at_genmove);
        let table = run_match(&[
            "--variant",
            "atari",
            "--size",
            "5",
            "--first",
            &first,
            "--second",
            &good,
            "--games",
            "2",
            "--timeout",
            "1",
        ]);
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{what}: took {:?}",
            start.elapsed()
        );
        let t = totals(&table);
        assert_eq!(
            (t.games, t.errors, t.first + t.second + t.draws),
            (2, 1, 1),
            "{what}: {table}"
        );
        assert!(table.contains("error in game 1: first engine"), "{what}: {table}");
    }
}

fn gnugo() -> Option<String> {
    let installed = ["/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    match installed {
        Some(path) => Some(path.to_string()),
        None if std::env::var_os("CI").is_some() => panic!("GNU Go is not installed on CI"),
        None => {
            eprintln!("note: GNU Go is not installed; skipping the GNU Go match");
            None
        }
    }
}

#[test]
fn plays_gnu_go_over_plain_gtp() {
    let Some(gnugo) = gnugo() else { return };
    let dir = scratch_dir("gnugo");
    let table = run_match(&[
        "--variant",
        "go",
        "--size",
        "9",
        "--first",
        &engine("--playouts 50"),
        "--second",
        &format!("{gnugo} --mode gtp --level 1 --chinese-rules"),
        "--games",
        "1",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    let t = totals(&table);
    assert_eq!((t.games, t.errors, t.first + t.second + t.draws), (1, 0, 1), "{table}");
    assert_eq!(t.typed, 0, "GNU Go speaks plain GTP: {table}");
    let text = std::fs::read_to_string(dir.join("game-001.sgf")).unwrap();
    let game = variago::sgf::parse(&text).unwrap();
    assert_eq!((game.size, game.variant.as_deref()), (9, None));
    assert!(game.moves.len() > 2, "{text}");
    assert!(text.contains("PW[GNU Go"), "{text}");
}
