//! The end of a game of Go: dead stones judged by the search, `final_score`
//! under area and Tromp-Taylor rules, passing once the opponent has
//! passed, and `kgs-genmove_cleanup`.

mod common;

use common::{engine, fail, ok};
use variago::gtp::engine::Engine;
use variago::Variant;

/// Black's walls across the fifth and seventh lines face White's on the
/// fourth; a lone white stone on D8 is dead in the two rows above Black's
/// upper wall. Black has 45 points and White 36: B+1.5 with komi 7.5 once
/// D8 is removed.
const WALLS: &[&str] = &[
    "play b A5",
    "play b B5",
    "play b C5",
    "play b D5",
    "play b E5",
    "play b F5",
    "play b G5",
    "play b H5",
    "play b J5",
    "play b A7",
    "play b B7",
    "play b C7",
    "play b D7",
    "play b E7",
    "play b F7",
    "play b G7",
    "play b H7",
    "play b J7",
    "play w A4",
    "play w B4",
    "play w C4",
    "play w D4",
    "play w E4",
    "play w F4",
    "play w G4",
    "play w H4",
    "play w J4",
    "play w D8",
];

/// D8's liberties: where a move against it goes.
const AROUND_D8: [&str; 3] = ["C8", "D9", "E8"];

fn walls(rules: &str) -> Engine {
    let mut e = engine(Variant::Go, 9);
    ok(&mut e, &format!("variago-rules {rules}"));
    for line in WALLS {
        ok(&mut e, line);
    }
    e
}

#[test]
fn area_rules_remove_the_dead_stones_from_the_count() {
    let mut e = walls("area");
    ok(&mut e, "play b pass");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "final_status_list dead"), "D8");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    let alive = ok(&mut e, "final_status_list alive");
    assert_eq!(alive.split_whitespace().count(), 27, "{alive}");
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
    // The game is over: the loser's genmove resigns, the cleanup passes.
    assert_eq!(ok(&mut e, "genmove w"), "resign");
    assert_eq!(ok(&mut e, "kgs-genmove_cleanup w"), "pass");
}

#[test]
fn tromp_taylor_counts_the_board_as_it_stands() {
    let mut e = walls("tromp-taylor");
    ok(&mut e, "play b pass");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert_eq!(ok(&mut e, "final_status_list alive").split_whitespace().count(), 28);
    // D8 makes the two rows above Black's upper wall neutral: 27 black
    // points against 37 white.
    assert_eq!(ok(&mut e, "final_score"), "W+17.5");
    // Switching the rules changes the count of the same board.
    ok(&mut e, "variago-rules area");
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
}

#[test]
fn under_area_rules_the_winner_passes_after_the_opponents_pass() {
    let mut e = walls("area");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
}

#[test]
fn under_area_rules_the_loser_plays_on_after_the_opponents_pass() {
    let mut e = walls("area");
    ok(&mut e, "komi 20.5");
    ok(&mut e, "play w pass");
    assert_ne!(ok(&mut e, "genmove b"), "pass");
}

#[test]
fn under_tromp_taylor_dead_stones_are_captured_before_passing() {
    let mut e = walls("tromp-taylor");
    for _ in 0..3 {
        ok(&mut e, "play w pass");
        let mv = ok(&mut e, "genmove b");
        assert!(AROUND_D8.contains(&mv.as_str()), "{mv}");
    }
    // D8 is captured: nothing dead is left, and the board counts for Black.
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert!(ok(&mut e, "final_score").starts_with("B+"));
}

#[test]
fn cleanup_captures_a_dead_group_and_never_resigns() {
    let mut e = walls("area");
    for i in 0..3 {
        let mv = ok(&mut e, "kgs-genmove_cleanup b");
        assert!(AROUND_D8.contains(&mv.as_str()), "move {i}: {mv}");
        if i < 2 {
            ok(&mut e, "play w pass");
        }
    }
    let board = ok(&mut e, "variago-board");
    assert!(board.contains("captures 1 0"), "{board}");
    // White is lost by far, and still the cleanup does not resign.
    ok(&mut e, "komi -50");
    let mv = ok(&mut e, "kgs-genmove_cleanup w");
    assert_ne!(mv, "resign");
}

#[test]
fn rules_are_an_option_kept_in_game_records() {
    let mut e = walls("tromp-taylor");
    assert_eq!(ok(&mut e, "variago-rules"), "tromp-taylor");
    let dir = std::env::temp_dir().join(format!("variago-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sgf");
    ok(&mut e, &format!("printsgf {}", path.display()));
    let mut other = engine(Variant::Go, 9);
    ok(&mut other, &format!("loadsgf {}", path.display()));
    assert_eq!(ok(&mut other, "variago-rules"), "tromp-taylor");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_rules_and_statuses_are_refused_and_change_nothing() {
    let mut e = walls("area");
    let message = fail(&mut e, "variago-rules japanese");
    assert_eq!(message, "unknown rules 'japanese' (known: area tromp-taylor)");
    assert!(fail(&mut e, "final_status_list dying").starts_with("syntax error"));
    assert!(fail(&mut e, "final_status_list").starts_with("syntax error"));
    assert!(fail(&mut e, "final_status_list dead alive").starts_with("syntax error"));
    assert!(fail(&mut e, "variago-rules area tromp-taylor").starts_with("syntax error"));
    assert_eq!(ok(&mut e, "variago-rules"), "area");
    let mut yugo = engine(Variant::Yugo, 9);
    assert_eq!(fail(&mut yugo, "variago-rules area"), "yugo has no choice of rules");
}

/// A seki in the top-left corner of a finished 9x9 game, played through the
/// engine's process as a client plays it. Black's A8 B8 B9 (eye A9) and
/// White's A7 B7 C7 C8 D8 E8 F8 D9 F9 (eye E9) share one liberty, C9:
/// whoever fills it is captured. Black's wall on the fifth line and the
/// D6-G9 hook face White's on the fourth. GNU Go 3.8 (`--chinese-rules`)
/// lists the same twelve stones in seki, none dead, and counts W+19.5.
const SEKI_BLACK: &str = "A5 B5 C5 D5 E5 F5 G5 H5 J5 A6 B6 C6 D6 D7 E7 F7 G7 G8 G9 A8 B8 B9";
const SEKI_WHITE: &str = "A4 B4 C4 D4 E4 F4 G4 H4 J4 A7 B7 C7 C8 D8 E8 F8 D9 F9";
const SEKI_STONES: &str = "A7 B7 C7 A8 B8 C8 D8 E8 F8 B9 D9 F9";

fn seki_game(rules: &str) -> common::process::Gtp {
    let bin = env!("CARGO_BIN_EXE_variago");
    let mut gtp = common::process::Gtp::start(bin, &["--threads", "1", "--playouts", "1000", "--rules", rules]);
    let mut white = SEKI_WHITE.split_whitespace();
    for b in SEKI_BLACK.split_whitespace() {
        gtp.ok(&format!("play b {b}"));
        gtp.ok(&format!("play w {}", white.next().unwrap_or("pass")));
    }
    gtp
}

#[test]
fn a_seki_is_listed_as_seki_and_counted_alive_through_gtp() {
    for rules in ["area", "tromp-taylor"] {
        let mut gtp = seki_game(rules);
        gtp.ok("play b pass");
        if rules == "area" {
            // White is ahead with the seki alive: it passes at once.
            assert_eq!(gtp.ok("genmove w"), "pass", "{rules}");
        } else {
            gtp.ok("play w pass");
        }
        let seki: std::collections::BTreeSet<_> = gtp
            .ok("final_status_list seki")
            .split_whitespace()
            .map(String::from)
            .collect();
        let expected = SEKI_STONES.split_whitespace().map(String::from).collect();
        assert_eq!(seki, expected, "{rules}");
        assert_eq!(gtp.ok("final_status_list dead"), "", "{rules}");
        let alive = gtp.ok("final_status_list alive");
        assert_eq!(alive.split_whitespace().count(), 28, "{rules}: {alive}");
        assert!(alive.split_whitespace().all(|v| !seki.contains(v)), "{rules}: {alive}");
        // The shared liberty C9 is nobody's; the eyes A9 and E9 count for
        // their sides: 34 points to 46, and komi.
        assert_eq!(gtp.ok("final_score"), "W+19.5", "{rules}");
    }
}

/// A finished game in a variant whose count takes no stone off the board
/// needs no judgement of dead stones: its record, board and score come at
/// once, where each used to search the board for a second or more.
#[test]
fn a_finished_game_without_dead_stones_is_scored_at_once() {
    for (name, size) in [("mercenary-go", 19), ("wargo", 19), ("domingo", 13)] {
        let mut e = engine(Variant::parse(name).unwrap(), size);
        ok(&mut e, "play b pass");
        ok(&mut e, "play w pass");
        let started = std::time::Instant::now();
        for _ in 0..3 {
            assert!(
                ok(&mut e, "printsgf").contains("RE[W+"),
                "{name}: the record holds the result"
            );
            assert!(ok(&mut e, "variago-board").contains("\nresult W+"), "{name}");
            assert!(ok(&mut e, "final_score").starts_with("W+"), "{name}");
        }
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(1),
            "{name}: nine queries took {took:?}"
        );
    }
}
