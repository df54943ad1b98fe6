//! One test per rule of standard Go (RULINGS "All variants" and "Standard
//! Go"), each written so that it fails if the rule breaks.

mod common;

use common::{fail, from_diagram, legal_moves, names, ok, play_moves, vertex};
use variago::handicap;
use variago::View;
use variago::{Color, Game, Move, Outcome, Position, Setup, Variant};

fn go(size: usize) -> Game {
    common::game(Variant::Go, size)
}

// --- All variants -------------------------------------------------------

#[test]
fn black_moves_first() {
    let game = go(9);
    assert_eq!(game.to_move(), Color::Black);
    let mut engine = common::engine(Variant::Go, 9);
    assert!(ok(&mut engine, "variago-board").contains("to_move black"));
}

#[test]
fn sizes_2_to_25_are_accepted_and_9_is_the_default() {
    assert_eq!(Setup::new(Variant::Go).size, 9);
    let mut engine = common::engine(Variant::Go, 9);
    for size in 2..=25 {
        ok(&mut engine, &format!("boardsize {size}"));
        assert!(ok(&mut engine, "variago-board").contains(&format!("size {size}")));
    }
    for bad in ["0", "1", "26", "100", "-9", "abc", "9.5"] {
        assert_eq!(fail(&mut engine, &format!("boardsize {bad}")), "unacceptable size");
    }
}

#[test]
fn a_finished_game_lists_no_move_and_genmove_answers_resign_or_pass() {
    let mut engine = common::engine(Variant::Go, 5);
    ok(&mut engine, "komi 0.5");
    ok(&mut engine, "play b C3");
    ok(&mut engine, "play w pass");
    ok(&mut engine, "play b pass");
    // Black owns the whole board: B+24.5.
    assert_eq!(ok(&mut engine, "final_score"), "B+24.5");
    assert_eq!(ok(&mut engine, "variago-legal_moves"), "");
    assert_eq!(ok(&mut engine, "genmove w"), "resign");
    assert_eq!(ok(&mut engine, "genmove b"), "pass");
    assert!(fail(&mut engine, "play w D4").starts_with("illegal move"));
}

// --- Standard Go --------------------------------------------------------

#[test]
fn komi_is_7_5_by_default() {
    assert_eq!(Setup::new(Variant::Go).komi, 7.5);
    let game = go(9);
    assert_eq!(game.score_now(), Outcome::Score(-7.5));
    let mut engine = common::engine(Variant::Go, 9);
    assert_eq!(ok(&mut engine, "final_score"), "W+7.5");
    ok(&mut engine, "komi 0");
    assert_eq!(ok(&mut engine, "final_score"), "0");
    ok(&mut engine, "komi -3");
    assert_eq!(ok(&mut engine, "final_score"), "B+3");
}

#[test]
fn area_scoring_counts_stones_and_regions_reaching_one_colour() {
    // Black: column B and the A column it encloses (10). White: column C
    // and the D and E columns (15). No point is neutral.
    let game = from_diagram(
        Variant::Go,
        "
        . X O . .
        . X O . .
        . X O . .
        . X O . .
        . X O . .",
        Color::Black,
    );
    // Black 10, white 15, komi 7.5.
    assert_eq!(game.score_now(), Outcome::Score(10.0 - 15.0 - 7.5));
}

#[test]
fn an_empty_region_reaching_both_colours_counts_for_nobody() {
    let game = from_diagram(
        Variant::Go,
        "
        X . O
        X . O
        X . O",
        Color::Black,
    );
    // The middle column touches both: 3 - 3 - 7.5.
    assert_eq!(game.score_now(), Outcome::Score(-7.5));
    // The naive Tromp-Taylor count agrees.
    let mut cells = common::naive::Cells::new(3);
    for y in 0..3 {
        cells.cells[y * 3] = common::naive::BLACK;
        cells.cells[y * 3 + 2] = common::naive::WHITE;
    }
    assert_eq!(cells.area(), (3, 3));
}

#[test]
fn dead_stones_are_not_removed_by_area_scoring() {
    // A lone white stone inside black's area still counts as white's and
    // makes the region around it neutral.
    let game = from_diagram(
        Variant::Go,
        "
        . . . X .
        . O . X .
        . . . X .
        X X X X .
        . . . . .",
        Color::Black,
    );
    // Black: 7 stones, plus the region of column E and row 1 (9 points),
    // which reaches black only. The upper-left region reaches the white
    // stone too, so it is neutral; the white stone counts for white.
    let (b, w) = (7.0 + 9.0, 1.0);
    assert_eq!(game.score_now(), Outcome::Score(b - w - 7.5));
}

#[test]
fn a_stone_without_liberties_is_captured() {
    let mut game = go(9);
    play_moves(&mut game, "D4 D5 E5 pass C5 pass D6");
    // White's D5 had no liberty left after D6.
    assert_eq!(game.occupant(vertex("D5")), None);
    assert_eq!(game.captures(), [1, 0]);
}

#[test]
fn a_chain_is_captured_as_a_whole() {
    // White B4 C4 has one liberty, D4.
    let mut game = from_diagram(
        Variant::Go,
        "
        . X X . .
        X O O . .
        . X X . .
        . . . . .
        . . . . .",
        Color::Black,
    );
    play_moves(&mut game, "D4");
    assert_eq!(game.occupant(vertex("B4")), None);
    assert_eq!(game.occupant(vertex("C4")), None);
    assert_eq!(game.captures(), [2, 0]);
}

#[test]
fn single_stone_suicide_is_illegal() {
    let mut game = from_diagram(
        Variant::Go,
        "
        . O .
        O . O
        . O .",
        Color::Black,
    );
    assert_eq!(common::refusal(&mut game, "B2"), "suicide");
    assert!(!legal_moves(&game).contains(&Move::Place(vertex("B2"))));
    let mut engine = common::engine(Variant::Go, 3);
    for m in ["b3", "a2", "c2", "b1"] {
        ok(&mut engine, &format!("play w {m}"));
    }
    assert_eq!(fail(&mut engine, "play b b2"), "illegal move: suicide");
}

#[test]
fn multi_stone_suicide_is_illegal() {
    // Black's two stones A1 B1 have one liberty, C1; filling it is suicide
    // for the whole chain and captures nothing.
    let mut game = from_diagram(
        Variant::Go,
        "
        . . . .
        . . . .
        O O O O
        X X . O",
        Color::Black,
    );
    assert_eq!(common::refusal(&mut game, "C1"), "suicide");
}

#[test]
fn a_move_that_captures_is_not_suicide() {
    let mut game = from_diagram(
        Variant::Go,
        "
        . . . .
        X . . .
        O X . .
        . O X .",
        Color::Black,
    );
    // A1 touches only white stones, A2 and B1, whose last liberty is A1:
    // the stone captures both, so it is legal.
    assert!(legal_moves(&game).contains(&Move::Place(vertex("A1"))));
    play_moves(&mut game, "A1");
    assert_eq!(game.occupant(vertex("A2")), None);
    assert_eq!(game.occupant(vertex("B1")), None);
    assert_eq!(game.captures(), [2, 0]);
}

#[test]
fn a_surrounded_point_that_captures_is_legal() {
    // Black B3 has only white neighbours, but white C3 (liberty B3 only) dies.
    let mut game = from_diagram(
        Variant::Go,
        "
        . O X .
        O . O X
        . O X .
        . . . .",
        Color::Black,
    );
    assert!(legal_moves(&game).contains(&Move::Place(vertex("B3"))));
    play_moves(&mut game, "B3");
    assert_eq!(game.occupant(vertex("C3")), None);
    assert_eq!(game.captures(), [1, 0]);
}

#[test]
fn simple_ko_cannot_be_retaken_at_once() {
    let mut game = from_diagram(
        Variant::Go,
        "
        . X O .
        X O . O
        . X O .
        . . . .",
        Color::Black,
    );
    // Black takes the ko at C3, capturing B3.
    play_moves(&mut game, "C3");
    assert_eq!(game.occupant(vertex("B3")), None);
    assert_eq!(common::refusal(&mut game, "B3"), "positional superko");
    assert!(!legal_moves(&game).contains(&Move::Place(vertex("B3"))));
    // After a threat and an answer the board differs and the retake is legal.
    play_moves(&mut game, "A1 D1 B3");
    assert_eq!(game.occupant(vertex("C3")), None);
}

#[test]
fn positional_superko_forbids_any_earlier_board() {
    // Send two, return one: black's B1 would recreate the board after
    // white's C2, three moves earlier: no simple ko rule sees it.
    let mut game = go(3);
    play_moves(&mut game, "A2 B2 B1 C2 C1 A1");
    assert_eq!(game.captures(), [0, 2]);
    assert_eq!(common::refusal(&mut game, "B1"), "positional superko");
    assert!(!legal_moves(&game).contains(&Move::Place(vertex("B1"))));
    let mut naive = common::naive::NaiveGo::new(3, 7.5);
    for i in [3, 4, 1, 5, 2, 0] {
        naive.play(Some(i));
    }
    assert!(naive.after(1, common::naive::BLACK).is_none());
    // Undo forgets the board it takes back, so A1 can be replayed, and
    // the earlier boards stay remembered.
    game.undo();
    play_moves(&mut game, "A1");
    assert_eq!(common::refusal(&mut game, "B1"), "positional superko");
}

#[test]
fn two_consecutive_passes_end_the_game() {
    let mut game = go(5);
    play_moves(&mut game, "C3 pass D4 pass");
    assert!(game.outcome().is_none(), "passes apart do not end the game");
    play_moves(&mut game, "pass");
    assert!(game.outcome().is_some());
    assert!(legal_moves(&game).is_empty());
    assert!(game.play(Color::White, Move::Pass).is_err());
    game.undo();
    assert!(game.outcome().is_none());
}

#[test]
fn pass_is_always_legal_while_the_game_runs() {
    let mut game = go(2);
    let mut rng = common::rng(5);
    for _ in 0..50 {
        let moves = legal_moves(&game);
        if moves.is_empty() {
            break;
        }
        assert!(moves.contains(&Move::Pass));
        common::random_game(&mut game, &mut rng, 1);
    }
}

#[test]
fn occupied_points_and_off_board_vertices_are_refused() {
    let mut game = go(5);
    play_moves(&mut game, "C3");
    assert_eq!(common::refusal(&mut game, "C3"), "point is occupied");
    let before = common::snapshot(&game);
    assert!(game
        .play(Color::White, Move::Place(variago::Vertex::new(5, 0)))
        .is_err());
    assert_eq!(common::snapshot(&game), before);
    let mut engine = common::engine(Variant::Go, 5);
    ok(&mut engine, "play b c3");
    assert_eq!(fail(&mut engine, "play w C3"), "illegal move: point is occupied");
    assert!(fail(&mut engine, "play w F1").contains("off the 5x5 board"));
}

#[test]
fn fixed_handicap_uses_the_gtp_points() {
    let expected_19 = [
        "D4 Q16",
        "D4 Q16 D16",
        "D4 Q16 D16 Q4",
        "D4 Q16 D16 Q4 K10",
        "D4 Q16 D16 Q4 D10 Q10",
        "D4 Q16 D16 Q4 D10 Q10 K10",
        "D4 Q16 D16 Q4 D10 Q10 K4 K16",
        "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
    ];
    let expected_9 = [
        "C3 G7",
        "C3 G7 C7",
        "C3 G7 C7 G3",
        "C3 G7 C7 G3 E5",
        "C3 G7 C7 G3 C5 G5",
        "C3 G7 C7 G3 C5 G5 E5",
        "C3 G7 C7 G3 C5 G5 E3 E7",
        "C3 G7 C7 G3 C5 G5 E3 E7 E5",
    ];
    for (size, expected) in [(19, expected_19), (9, expected_9)] {
        for (n, points) in (2..=9).zip(expected) {
            let mut engine = common::engine(Variant::Go, size);
            let answer = ok(&mut engine, &format!("fixed_handicap {n}"));
            let mut got: Vec<&str> = answer.split_whitespace().collect();
            let mut want: Vec<&str> = points.split_whitespace().collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{size}x{size} handicap {n}");
            let board = ok(&mut engine, "variago-board");
            assert!(board.contains("to_move white"), "white moves after the handicap");
            assert_eq!(board.matches('X').count(), n);
        }
    }
}

#[test]
fn fixed_handicap_is_refused_where_gtp_defines_none() {
    for (size, n) in [
        (19, 1),
        (19, 10),
        (9, 0),
        (9, 10),
        (7, 5),
        (8, 5),
        (10, 5),
        (6, 2),
        (2, 2),
    ] {
        assert!(handicap::fixed(size, n).is_none(), "{size} {n}");
        let mut engine = common::engine(Variant::Go, size);
        assert_eq!(
            fail(&mut engine, &format!("fixed_handicap {n}")),
            "invalid number of handicap stones"
        );
    }
    for (size, n) in [(7, 4), (8, 4), (13, 9), (25, 9)] {
        assert!(handicap::fixed(size, n).is_some(), "{size} {n}");
    }
}

#[test]
fn handicap_needs_an_empty_board() {
    let mut engine = common::engine(Variant::Go, 9);
    ok(&mut engine, "play b E5");
    assert_eq!(fail(&mut engine, "fixed_handicap 2"), "board not empty");
    assert_eq!(fail(&mut engine, "place_free_handicap 2"), "board not empty");
    assert_eq!(fail(&mut engine, "set_free_handicap A1 B1"), "board not empty");
    ok(&mut engine, "clear_board");
    ok(&mut engine, "fixed_handicap 2");
    assert_eq!(fail(&mut engine, "fixed_handicap 3"), "board not empty");
}

#[test]
fn free_handicap_places_distinct_stones_and_white_moves_next() {
    let mut engine = common::engine(Variant::Go, 9);
    let answer = ok(&mut engine, "place_free_handicap 5");
    let mut points: Vec<&str> = answer.split_whitespace().collect();
    assert_eq!(points.len(), 5);
    points.sort();
    points.dedup();
    assert_eq!(points.len(), 5);
    let board = ok(&mut engine, "variago-board");
    assert!(board.contains("to_move white"));
    assert_eq!(board.matches('X').count(), 5);

    let mut engine = common::engine(Variant::Go, 9);
    ok(&mut engine, "set_free_handicap A1 J9 E5");
    assert!(ok(&mut engine, "variago-board").contains("to_move white"));
    ok(&mut engine, "play w D4");
    ok(&mut engine, "undo");
    assert_eq!(fail(&mut engine, "undo"), "cannot undo");
    for bad in [
        "set_free_handicap A1",
        "set_free_handicap A1 A1",
        "set_free_handicap A1 Z30",
        "place_free_handicap 1",
    ] {
        let mut engine = common::engine(Variant::Go, 9);
        fail(&mut engine, bad);
    }
    let mut engine = common::engine(Variant::Go, 3);
    fail(&mut engine, "place_free_handicap 9");
}

#[test]
fn handicap_stones_score_for_black_and_komi_still_applies() {
    let mut engine = common::engine(Variant::Go, 9);
    ok(&mut engine, "komi 0.5");
    ok(&mut engine, "fixed_handicap 2");
    assert_eq!(ok(&mut engine, "final_score"), "B+80.5");
}

#[test]
fn final_status_list_names_stones_on_the_board() {
    let mut engine = common::engine(Variant::Go, 9);
    for m in ["b C3", "w G7", "b C7", "w G3"] {
        ok(&mut engine, &format!("play {m}"));
    }
    let alive = ok(&mut engine, "final_status_list alive");
    let dead = ok(&mut engine, "final_status_list dead");
    let mut all: Vec<&str> = alive.split_whitespace().chain(dead.split_whitespace()).collect();
    all.sort();
    assert_eq!(all, vec!["C3", "C7", "G3", "G7"]);
    assert_eq!(ok(&mut engine, "final_status_list seki"), "");
    assert!(fail(&mut engine, "final_status_list maybe").contains("unknown status"));
}

#[test]
fn a_lone_stone_deep_in_enemy_area_is_listed_dead() {
    let mut engine = common::engine(Variant::Go, 9);
    // A black wall on column D, and a white stone far inside black's side.
    for y in 1..=9 {
        ok(&mut engine, &format!("play b D{y}"));
        ok(&mut engine, &format!("play w F{y}"));
    }
    ok(&mut engine, "play b pass");
    ok(&mut engine, "play w B5");
    assert!(ok(&mut engine, "final_status_list dead")
        .split_whitespace()
        .any(|v| v == "B5"));
    assert!(!ok(&mut engine, "final_status_list alive")
        .split_whitespace()
        .any(|v| v == "B5"));
}

#[test]
fn legal_moves_are_the_empty_points_not_suicide_nor_superko_plus_pass() {
    let game = from_diagram(
        Variant::Go,
        "
        . O .
        O . O
        . O .",
        Color::Black,
    );
    assert_eq!(names(&legal_moves(&game)), vec!["pass"]);
}
