//! Squares, one test per sentence of its ruling (RULINGS.md, "Gray-stone
//! games") and of docs/rules/squares.md: placements on empty points,
//! squares of any size and tilt scored by whoever completes them, the
//! target and the full-board end, draws, the `target` option through
//! every front, and every refusal.

mod common;

use common::{fail, ok};
use variago::game::{Occupant, Owner};
use variago::gtp::engine::Engine;
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex, View};

fn v(text: &str) -> Vertex {
    common::vertex(text)
}

fn engine(size: usize) -> Engine {
    common::engine(Variant::Squares, size)
}

/// Plays points alternately from black.
fn game_after(size: usize, points: &str) -> Game {
    let mut game = common::game(Variant::Squares, size);
    common::play_moves(&mut game, points);
    game
}

fn points(game: &Game) -> [u32; 2] {
    game.captures()
}

#[test]
fn the_board_starts_empty_on_9x9_and_black_moves_first() {
    let game = Game::new(&Setup::new(Variant::Squares));
    assert_eq!(game.size(), 9);
    assert!(common::occupants(&game).iter().all(Option::is_none));
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(common::legal_moves(&game).len(), 81);
    assert_eq!(game.status_lines(), ["points: black 0 white 0, target 5"]);
    let mut e = engine(9);
    assert_eq!(ok(&mut e, "gogui-rules_game_id"), "Squares");
    for size in [2, 3, 19, 25] {
        ok(&mut e, &format!("boardsize {size}"));
    }
    assert_eq!(fail(&mut e, "boardsize 1"), "unacceptable size");
}

#[test]
fn a_turn_places_one_gray_stone_on_an_empty_point() {
    let game = game_after(5, "C3");
    assert_eq!(
        game.occupant(v("C3")),
        Some(Occupant {
            owner: Owner::Neutral,
            piece: Piece::Gray
        })
    );
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(common::legal_moves(&game).len(), 24);
    // `gray@C3` is another spelling of the same move.
    let mut typed = common::game(Variant::Squares, 5);
    typed.play(Color::Black, Move::Drop(Piece::Gray, v("C3"))).unwrap();
    assert_eq!(typed.hash(), game.hash());
}

#[test]
fn completing_a_square_scores_one_point_for_the_mover_whoever_placed_the_rest() {
    // Black A1 and A2, white B1, then white's B2 completes the unit square.
    let game = game_after(5, "A1 B1 A2");
    assert_eq!(points(&game), [0, 0]);
    let game = game_after(5, "A1 B1 A2 B2");
    assert_eq!(points(&game), [0, 1]);
    // The same square completed by black.
    let game = game_after(5, "A1 B1 A2 E5 B2");
    assert_eq!(points(&game), [1, 0]);
}

#[test]
fn squares_of_every_size_count() {
    // Side 4 on a 5x5 board: its corners only.
    let game = game_after(5, "A1 E1 A5 C3 E5");
    assert_eq!(points(&game), [1, 0]);
}

#[test]
fn tilted_squares_count() {
    // A diamond: B1, C2, B3, A2.
    let game = game_after(5, "B1 C2 B3 A2");
    assert_eq!(points(&game), [0, 1]);
    // Sides of (2, 1): B1, D2, C4, A3.
    let game = game_after(5, "B1 D2 C4 E5 A3");
    assert_eq!(points(&game), [1, 0]);
    // Four points that are not a square (a rhombus) score nothing.
    let game = game_after(5, "A1 C2 B3 E5 D4");
    assert_eq!(points(&game), [0, 0]);
}

#[test]
fn a_placement_completing_two_squares_scores_two() {
    // B2 completes A1-B2 and B1-C2.
    let game = game_after(5, "A1 B1 C1 A2 C2 B2");
    assert_eq!(points(&game), [0, 2]);
    // C2 completes the unit square B1-C2 and the diamond B1 C2 B3 A2.
    let game = game_after(5, "B1 C1 B2 B3 A2 E5 C2");
    assert_eq!(points(&game), [2, 0]);
}

#[test]
fn the_first_to_reach_the_target_wins_at_once() {
    // White's B2 completes two unit squares, then D2 a third.
    let mut e = engine(9);
    ok(&mut e, "variago-target 3");
    for (color, point) in [
        ("b", "A1"),
        ("w", "B1"),
        ("b", "C1"),
        ("w", "A2"),
        ("b", "C2"),
        ("w", "B2"),
    ] {
        ok(&mut e, &format!("play {color} {point}"));
        assert!(!ok(&mut e, "gogui-rules_legal_moves").is_empty());
    }
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 2");
    ok(&mut e, "play b D1");
    ok(&mut e, "play w D2");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 3");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "", "white reached 3");
    assert_eq!(ok(&mut e, "final_score"), "W+3");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "White wins (W+3)");
    assert_eq!(ok(&mut e, "genmove b"), "resign");
    assert_eq!(fail(&mut e, "play b J9"), "illegal move: the game is over");
}

#[test]
fn the_default_target_is_five() {
    // A row of unit squares: white completes one with each stone of row 2.
    let mut game = game_after(9, "A1 J9 B1 A2 C1 B2 D1 C2 E1 D2 F1 E2");
    assert_eq!(points(&game), [0, 4]);
    assert!(game.outcome().is_none());
    common::play_moves(&mut game, "G1 F2");
    assert_eq!(points(&game), [0, 5]);
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("W+5"));
    assert!(common::legal_moves(&game).is_empty());
}

#[test]
fn a_full_board_ends_the_game_and_more_points_win() {
    let mut e = engine(2);
    for (color, point) in [("b", "A1"), ("w", "B1"), ("b", "A2")] {
        ok(&mut e, &format!("play {color} {point}"));
    }
    assert_eq!(ok(&mut e, "final_score"), "0", "nothing scored yet");
    ok(&mut e, "play w B2");
    assert_eq!(ok(&mut e, "final_score"), "W+1");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "");
}

#[test]
fn equal_points_on_a_full_board_draw() {
    // Row by row on 3x3: each side completes three of the six squares
    // (four unit squares, the corners, the diamond).
    let mut e = engine(3);
    let mut color = "b";
    for point in "A1 B1 C1 A2 B2 C2 A3 B3 C3".split(' ') {
        ok(&mut e, &format!("play {color} {point}"));
        color = if color == "b" { "w" } else { "b" };
    }
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "3 3");
    assert_eq!(ok(&mut e, "final_score"), "0");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "Draw");
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(ok(&mut e, "genmove w"), "pass");
}

#[test]
fn either_player_may_place_and_the_points_are_the_named_players() {
    let mut e = engine(5);
    for point in ["A1", "B1", "A2", "B2"] {
        ok(&mut e, &format!("play b {point}"));
    }
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "1 0");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "white");
}

#[test]
fn the_target_is_set_on_the_command_line_by_gtp_and_in_game_records() {
    let mut e = engine(9);
    assert_eq!(ok(&mut e, "variago-target"), "5");
    ok(&mut e, "play b E5");
    assert_eq!(ok(&mut e, "variago-target 7"), "7");
    assert_eq!(e.game.moves_played(), 0, "a new target starts a new game");
    assert!(ok(&mut e, "showboard").contains("points: black 0 white 0, target 7"));
    let record = ok(&mut e, "printsgf");
    assert!(record.contains("VO[target=7]"), "{record}");
    // The default is kept by no record.
    ok(&mut e, "variago-target 5");
    assert!(!ok(&mut e, "printsgf").contains("VO["));

    let out = common::run_engine(&["--variant", "squares", "--target", "3"], "variago-target\nquit\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "= 3\n\n=\n\n");
}

#[test]
fn an_unknown_target_value_is_refused_everywhere_with_one_message() {
    let message = "bad target 'many': a whole number from 1 to 9999";
    let mut e = engine(9);
    ok(&mut e, "play b E5");
    assert_eq!(fail(&mut e, "variago-target many"), message);
    assert_eq!(
        fail(&mut e, "variago-target 0"),
        "bad target '0': a whole number from 1 to 9999"
    );
    let out = common::run_engine(&["--variant", "squares", "--target", "many"], "quit\n");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains(message));
    let path = std::env::temp_dir().join(format!("variago-squares-target-{}.sgf", std::process::id()));
    std::fs::write(&path, "(;GM[1]SZ[9]VV[squares]VO[target=many])").unwrap();
    let reply = fail(&mut e, &format!("loadsgf {}", path.display()));
    std::fs::remove_file(&path).ok();
    assert_eq!(reply, format!("cannot load file: {message}"));
    // Other variants have no target.
    let mut go = common::engine(Variant::Go, 9);
    assert_eq!(fail(&mut go, "variago-target 3"), "go has no target score");
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut e = engine(5);
    ok(&mut e, "play b C3");
    // `fail` checks that the state is unchanged.
    assert_eq!(fail(&mut e, "play w C3"), "illegal move: C3 already holds a stone");
    assert_eq!(
        fail(&mut e, "variago-play w gray@C3"),
        "illegal move: C3 already holds a stone"
    );
    assert_eq!(fail(&mut e, "play w pass"), "illegal move: Squares has no pass");
    assert_eq!(
        fail(&mut e, "variago-play w king@D4"),
        "illegal move: Squares has no king"
    );
    assert_eq!(
        fail(&mut e, "variago-play w C3-D3"),
        "illegal move: stones do not move in Squares"
    );
}

#[test]
fn showboard_shows_gray_stones_as_at_signs() {
    let mut e = engine(3);
    ok(&mut e, "play b A1");
    ok(&mut e, "play w C3");
    let board = ok(&mut e, "showboard");
    assert!(board.contains(" 3  . . @ 3"), "{board}");
    assert!(board.contains(" 1  @ . . 1"), "{board}");
    assert!(board.ends_with("points: black 0 white 0, target 5"), "{board}");
}
