//! Unsquare Go, one test per sentence of its ruling (RULINGS.md,
//! "Gray-stone games") and of docs/rules/unsquare-go.md: the full start,
//! removals, squares of side 2 or more that capture what is strictly
//! inside, the end when no stone remains off the edge line, the result by
//! captured counts, and every refusal.

mod common;

use common::{fail, ok};
use variago::game::{Occupant, Owner};
use variago::gtp::engine::Engine;
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex, View};

const GRAY: Occupant = Occupant {
    owner: Owner::Neutral,
    piece: Piece::Gray,
};

fn v(text: &str) -> Vertex {
    common::vertex(text)
}

/// A position from a diagram (rows from the top, `@` a stone).
fn position(rows: &[&str], to_move: Color) -> Game {
    let read = Variant::UnsquareGo.spec().from_diagram.expect("a diagram reader");
    let setup = Setup {
        size: rows.len(),
        ..Setup::new(Variant::UnsquareGo)
    };
    read(&setup, rows, to_move).unwrap()
}

fn play(game: &mut Game, point: &str) {
    let color = game.to_move();
    game.play(color, Move::Place(v(point))).unwrap();
}

fn stones(game: &Game) -> usize {
    common::occupants(game).iter().filter(|o| o.is_some()).count()
}

fn engine(size: usize) -> Engine {
    common::engine(Variant::UnsquareGo, size)
}

#[test]
fn the_board_starts_full_of_gray_stones_on_19x19_and_black_moves_first() {
    let game = Game::new(&Setup::new(Variant::UnsquareGo));
    assert_eq!(game.size(), 19);
    assert!(common::occupants(&game).iter().all(|&o| o == Some(GRAY)));
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(common::legal_moves(&game).len(), 361, "any stone may be removed");
    let mut e = engine(19);
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
    assert_eq!(ok(&mut e, "gogui-rules_game_id"), "UnsquareGo");
    assert!(ok(&mut e, "showboard").contains(" 1  @ @ @ @ @ @ @ @ @ @ @ @ @ @ @ @ @ @ @ 1"));
}

#[test]
fn every_size_from_3_to_25_is_accepted() {
    let mut e = engine(19);
    for size in 3..=25 {
        ok(&mut e, &format!("boardsize {size}"));
        assert_eq!(e.game.size(), size);
    }
    for size in [1, 2, 26] {
        assert_eq!(fail(&mut e, &format!("boardsize {size}")), "unacceptable size");
    }
}

#[test]
fn a_turn_removes_one_stone_which_nobody_captures() {
    let mut game = common::game(Variant::UnsquareGo, 9);
    play(&mut game, "D4");
    assert_eq!(game.occupant(v("D4")), None);
    assert_eq!(stones(&game), 80);
    assert_eq!(game.captures(), [0, 0]);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.status_lines()[0], "captured: black 0 white 0");
}

#[test]
fn a_removal_that_completes_a_square_captures_the_stones_strictly_inside() {
    // Side 2: A1, C1, A3 and C3 empty around B2, which white captures.
    let mut game = common::game(Variant::UnsquareGo, 5);
    for point in ["A1", "C1", "A3"] {
        play(&mut game, point);
        assert_eq!(game.captures(), [0, 0], "{point} completes nothing");
    }
    play(&mut game, "C3");
    assert_eq!(game.captures(), [0, 1]);
    assert_eq!(game.occupant(v("B2")), None);
    // The sides of the square are not inside it.
    for point in ["B1", "A2", "C2", "B3"] {
        assert_eq!(game.occupant(v(point)), Some(GRAY), "{point}");
    }

    // Side 3: four stones inside.
    let mut game = common::game(Variant::UnsquareGo, 6);
    for point in ["A1", "D1", "A4", "D4"] {
        play(&mut game, point);
    }
    assert_eq!(game.captures(), [0, 4]);
    for point in ["B2", "C2", "B3", "C3"] {
        assert_eq!(game.occupant(v(point)), None, "{point}");
    }
}

#[test]
fn a_removal_completing_two_squares_at_once_captures_inside_both() {
    // C3 is a corner of A1-C3 and of C3-E5, whose other corners are empty.
    let mut game = position(
        &["@ @ . @ .", "@ @ @ @ @", ". @ @ @ .", "@ @ @ @ @", ". @ . @ @"],
        Color::Black,
    );
    play(&mut game, "C3");
    assert_eq!(game.captures(), [2, 0]);
    assert_eq!(game.occupant(v("B2")), None);
    assert_eq!(game.occupant(v("D4")), None);
    assert_eq!(stones(&game), 25 - 6 - 1 - 2);
}

#[test]
fn overlapping_squares_capture_each_stone_once() {
    // A1 completes A1-C3 (inside: B2) and A1-E5 (inside: B2 to D4, C3
    // already empty): B2 is inside both and is one stone.
    let mut game = position(
        &[". @ @ @ .", "@ @ @ @ @", ". @ . @ @", "@ @ @ @ @", "@ @ . @ ."],
        Color::White,
    );
    play(&mut game, "A1");
    assert_eq!(game.captures(), [0, 8]);
}

#[test]
fn squares_are_axis_parallel_only() {
    // B3, C2, D3 and C4 are the corners of a tilted square around C3.
    let mut game = common::game(Variant::UnsquareGo, 5);
    for point in ["B3", "C2", "D3", "C4"] {
        play(&mut game, point);
    }
    assert_eq!(game.captures(), [0, 0]);
    assert_eq!(game.occupant(v("C3")), Some(GRAY));
    // Four empty points of a side-1 square have nothing inside.
    let mut game = common::game(Variant::UnsquareGo, 5);
    for point in ["B2", "C2", "B3", "C3"] {
        play(&mut game, point);
    }
    assert_eq!(game.captures(), [0, 0]);
    assert_eq!(stones(&game), 21);
}

#[test]
fn a_square_emptied_by_a_capture_is_not_completed_by_a_removal() {
    // A1 completes A1-F6 and captures B2 to E5, D4 among them. D4 was the
    // last stone corner of D4-G7, which no removal completes: E6 and F5,
    // inside it, stay.
    let mut game = position(
        &[
            "@ @ @ . @ @ .",
            ". @ @ @ @ . @",
            "@ @ @ @ @ @ @",
            "@ @ @ @ @ @ .",
            "@ @ @ @ @ @ @",
            "@ @ @ @ @ @ @",
            "@ @ @ @ @ . @",
        ],
        Color::Black,
    );
    play(&mut game, "A1");
    assert_eq!(game.captures(), [16, 0]);
    for point in ["E6", "F5"] {
        assert_eq!(game.occupant(v(point)), Some(GRAY), "{point}");
    }
    for point in ["D4", "G4", "D7", "G7"] {
        assert_eq!(game.occupant(v(point)), None, "{point}");
    }
}

#[test]
fn stones_on_the_edge_line_are_never_captured_and_the_game_ends_when_none_is_off_it() {
    // The big square A1-E5 captures the whole inside; the edge stays.
    let mut game = common::game(Variant::UnsquareGo, 5);
    for point in ["A1", "E1", "A5"] {
        play(&mut game, point);
    }
    assert!(game.outcome().is_none());
    play(&mut game, "E5");
    assert_eq!(game.captures(), [0, 9]);
    assert_eq!(stones(&game), 12, "the edge line less its corners");
    assert!(
        common::legal_moves(&game).is_empty(),
        "edge stones are not moves once over"
    );
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("W+9"));
    assert_eq!(game.status_lines()[1], "stones off the edge: 0");
}

#[test]
fn the_game_ends_with_the_last_stone_off_the_edge_even_without_captures() {
    let mut e = engine(4);
    for (color, point) in [("b", "B2"), ("w", "C2"), ("b", "B3")] {
        ok(&mut e, &format!("play {color} {point}"));
        assert_eq!(ok(&mut e, "gogui-rules_final_result"), "");
    }
    ok(&mut e, "play w C3");
    assert_eq!(ok(&mut e, "final_score"), "0", "equal counts draw");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "Draw");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "");
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(ok(&mut e, "genmove w"), "pass");
    assert_eq!(fail(&mut e, "play b A1"), "illegal move: the game is over");
}

#[test]
fn more_captured_stones_wins() {
    let mut e = engine(3);
    for (color, point) in [("b", "A1"), ("w", "C1"), ("b", "A3"), ("w", "C3")] {
        ok(&mut e, &format!("play {color} {point}"));
    }
    assert_eq!(ok(&mut e, "final_score"), "W+1");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "White wins (W+1)");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 1");
    assert_eq!(ok(&mut e, "genmove b"), "resign");
    assert_eq!(ok(&mut e, "genmove w"), "pass");

    let mut e = engine(3);
    for (color, point) in [("b", "A1"), ("w", "C1"), ("b", "A3"), ("w", "A2"), ("b", "C3")] {
        ok(&mut e, &format!("play {color} {point}"));
    }
    assert_eq!(ok(&mut e, "final_score"), "B+1");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "Black wins (B+1)");
}

#[test]
fn final_score_before_the_end_gives_the_captures_as_they_stand() {
    let mut e = engine(5);
    for (color, point) in [("b", "A1"), ("w", "C1"), ("b", "A3"), ("w", "C3")] {
        ok(&mut e, &format!("play {color} {point}"));
    }
    assert_eq!(ok(&mut e, "final_score"), "W+1");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "", "not over");
}

#[test]
fn either_player_may_act_and_the_captures_are_the_named_players() {
    let mut e = engine(5);
    ok(&mut e, "play w A1");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
    ok(&mut e, "play w C1");
    ok(&mut e, "play w A3");
    ok(&mut e, "play w C3");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 1");
    // genmove for the side not to move plays for it.
    let reply = ok(&mut e, "genmove w");
    assert!(Vertex::parse(&reply).is_some(), "{reply}");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut e = engine(5);
    ok(&mut e, "play b C3");
    // `fail` checks that the state is unchanged.
    assert_eq!(
        fail(&mut e, "play w C3"),
        "illegal move: C3 is empty: there is no stone to remove"
    );
    assert_eq!(fail(&mut e, "play w pass"), "illegal move: Unsquare Go has no pass");
    assert_eq!(
        fail(&mut e, "variago-play w gray@D4"),
        "illegal move: a move removes a gray stone, it places none: play a vertex"
    );
    assert_eq!(
        fail(&mut e, "variago-play w king@D4"),
        "illegal move: Unsquare Go has no king"
    );
    assert_eq!(
        fail(&mut e, "variago-play w D4-D3"),
        "illegal move: stones do not move in Unsquare Go"
    );
    assert!(fail(&mut e, "play w F6").contains("off"));
    assert_eq!(fail(&mut e, "variago-target 3"), "unsquare-go has no target score");
    assert_eq!(fail(&mut e, "boardsize 2"), "unacceptable size");
}

#[test]
fn showboard_and_the_machine_board_show_gray_as_at_signs() {
    let mut e = engine(3);
    ok(&mut e, "play b B2");
    let board = ok(&mut e, "variago-board");
    assert!(board.ends_with("board\n@ @ @\n@ . @\n@ @ @"), "{board}");
    assert!(board.contains("\nstatus captured: black 0 white 0\n"), "{board}");
    assert!(board.contains("\nresult 0\n"), "the inside is empty: over, {board}");
}
