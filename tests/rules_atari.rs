//! One test per rule of Atari Go: the seed (`003_a7902022cb20fd00.txt`,
//! summarised in seeds/INDEX.md), RULINGS "All variants" and "Atari Go".

mod common;

use common::naive::{Cells, NaiveAtari, BLACK, WHITE};
use common::{fail, from_diagram, legal_moves, names, ok, vertex};
use rand::Rng;
use variago::board::Board;
use variago::variants::Start;
use variago::{Color, Game, Move, Outcome, Position, Setup, Variant, View};

fn place(game: &mut Game, text: &str) {
    common::play_moves(game, text);
}

#[test]
fn the_board_is_9x9_by_default_and_sizes_2_to_25_are_accepted() {
    assert_eq!(Setup::new(Variant::Atari).size, 9);
    let mut engine = common::engine(Variant::Atari, 9);
    for size in 2..=25 {
        ok(&mut engine, &format!("boardsize {size}"));
    }
    for bad in ["1", "26", "x"] {
        assert_eq!(fail(&mut engine, &format!("boardsize {bad}")), "unacceptable size");
    }
}

#[test]
fn black_moves_first_on_an_empty_board() {
    let game = common::game(Variant::Atari, 9);
    assert_eq!(game.to_move(), Color::Black);
    assert!(common::occupants(&game).iter().all(Option::is_none));
    assert_eq!(legal_moves(&game).len(), 81);
}

/// Seed rules (a) and (b), with a diagram like the seed's first one: three
/// black and three white groups; the two white groups in the upper left
/// have five liberties each, the white group in the last column one, the
/// black group in column H four, the black group in the lower left ten and
/// the lone stone E7 four.
#[test]
fn groups_are_orthogonally_connected_and_liberties_are_adjacent_empty_points() {
    let diagram = "
        . O . O O O . X O
        . O . . . . . X .
        . . . . X . . . .
        . . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        X X X X X X . . .";
    let mut board = Board::new(9);
    let mut cells = Cells::new(9);
    for (row, line) in diagram.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (x, c) in line.split_whitespace().enumerate() {
            let y = 8 - row;
            let color = match c {
                "X" => Color::Black,
                "O" => Color::White,
                _ => continue,
            };
            assert_eq!(board.play(board.point(variago::Vertex::new(x, y)), color, 0), 0);
            let i = cells.index(x, y);
            cells.cells[i] = if color == Color::Black { BLACK } else { WHITE };
        }
    }
    let expected = [
        ("B9", 2, 5),
        ("E9", 3, 5),
        ("J9", 1, 1),
        ("H8", 2, 4),
        ("A1", 10, 10),
        ("E7", 1, 4),
    ];
    for (v, stones, libs) in expected {
        let v = vertex(v);
        let p = board.point(v);
        assert_eq!(board.chain_len(p), stones, "stones of {v}");
        assert_eq!(board.liberties(p).len(), libs, "liberties of {v}");
        let (group, naive_libs) = cells.group(cells.index(v.x as usize, v.y as usize));
        assert_eq!((group.len(), naive_libs), (stones, libs), "naive count at {v}");
    }
    // Diagonal neighbours do not connect: B8 and the E7 stone are alone.
    assert_ne!(
        board.chain(board.point(vertex("E7"))),
        board.chain(board.point(vertex("H8")))
    );
}

/// The seed's second diagram: black wins by A8 (taking B8 C8 and A9) or by
/// the last column's 8th point (taking the stone above it); the white group
/// in the lower left cannot be captured and black may not play A1 or C1.
fn seed_example() -> Game {
    from_diagram(
        Variant::Atari,
        "
        O X X . . . . X O
        . O O X . . . . .
        . X X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O . . . . .
        . O . O . . . . .",
        Color::Black,
    )
}

#[test]
fn the_seed_example_black_wins_by_a8_or_j8_only() {
    let game = seed_example();
    assert_eq!(game.to_move(), Color::Black);
    let mut winners = Vec::new();
    for mv in legal_moves(&game) {
        let mut next = game.clone();
        next.play(Color::Black, mv).unwrap();
        if next.outcome() == Some(Outcome::Win(Color::Black)) {
            winners.push(mv.to_string());
        }
    }
    winners.sort();
    assert_eq!(winners, vec!["A8", "J8"]);
    let mut a8 = game.clone();
    place(&mut a8, "A8");
    for v in ["A9", "B8", "C8"] {
        assert_eq!(a8.occupant(vertex(v)), None, "{v} captured");
    }
    assert_eq!(a8.captures(), [3, 0]);
    let mut j8 = game.clone();
    place(&mut j8, "J8");
    assert_eq!(j8.occupant(vertex("J9")), None);
    assert_eq!(j8.captures(), [1, 0]);
}

#[test]
fn the_seed_example_a1_and_c1_have_no_liberties_for_black() {
    let mut game = seed_example();
    let moves = legal_moves(&game);
    for v in ["A1", "C1"] {
        assert!(!moves.contains(&Move::Place(vertex(v))));
        assert_eq!(common::refusal(&mut game, v), "suicide");
    }
}

#[test]
fn the_first_capture_wins_at_once() {
    let mut engine = common::engine(Variant::Atari, 9);
    for m in ["b D4", "w E4", "b E5", "w F5", "b E3", "w D5", "b F4"] {
        ok(&mut engine, &format!("play {m}"));
    }
    // F4 took E4: the game is over, won by black.
    let board = ok(&mut engine, "variago-board");
    assert!(board.contains("result B+R"), "{board}");
    assert!(board.contains("captures 1 0"), "{board}");
    assert_eq!(ok(&mut engine, "final_score"), "B+R");
    assert_eq!(ok(&mut engine, "variago-legal_moves"), "");
    assert_eq!(fail(&mut engine, "play w A1"), "illegal move: the game is over");
    assert_eq!(ok(&mut engine, "genmove w"), "resign");
    assert_eq!(ok(&mut engine, "genmove b"), "pass");
    // Undo takes the win back.
    ok(&mut engine, "undo");
    assert!(ok(&mut engine, "variago-board").contains("result none"));
}

#[test]
fn white_wins_by_capturing_first() {
    let mut game = common::game(Variant::Atari, 5);
    place(&mut game, "A1 A2 C3 B1");
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(game.occupant(vertex("A1")), None);
    assert!(legal_moves(&game).is_empty());
}

#[test]
fn one_placement_may_capture_several_groups_and_still_ends_the_game() {
    let mut game = seed_example();
    place(&mut game, "A8");
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn suicide_is_illegal() {
    let mut game = from_diagram(
        Variant::Atari,
        "
        . O . .
        O . O .
        . O . .
        . . . .",
        Color::Black,
    );
    assert_eq!(common::refusal(&mut game, "B3"), "suicide");
    assert_eq!(common::refusal(&mut game, "A4"), "suicide");
    let mut engine = common::engine(Variant::Atari, 4);
    for m in ["w B4", "w A3", "w C3", "w B2"] {
        ok(&mut engine, &format!("play {m}"));
    }
    assert_eq!(fail(&mut engine, "play b B3"), "illegal move: suicide");
}

#[test]
fn a_multi_stone_suicide_is_illegal() {
    let mut game = from_diagram(
        Variant::Atari,
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
fn a_placement_without_liberties_is_legal_when_it_captures() {
    // White A2 and B1 have one liberty each, A1; black A1 touches only them.
    let mut game = from_diagram(
        Variant::Atari,
        "
        . . . .
        X . . .
        O X . .
        . O X .",
        Color::Black,
    );
    assert!(legal_moves(&game).contains(&Move::Place(vertex("A1"))));
    place(&mut game, "A1");
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(game.captures(), [2, 0]);
}

#[test]
fn there_is_no_pass() {
    let mut game = common::game(Variant::Atari, 9);
    assert!(!legal_moves(&game).contains(&Move::Pass));
    assert_eq!(common::refusal(&mut game, "pass"), "Atari Go has no pass");
    let mut engine = common::engine(Variant::Atari, 5);
    assert_eq!(fail(&mut engine, "play b pass"), "illegal move: Atari Go has no pass");
    // The engine itself never passes while the game runs.
    for _ in 0..6 {
        let board = ok(&mut engine, "variago-board");
        if !board.contains("result none") {
            break;
        }
        let color = if board.contains("to_move black") { "b" } else { "w" };
        let answer = ok(&mut engine, &format!("genmove {color}"));
        assert_ne!(answer, "pass");
    }
}

#[test]
fn a_player_with_no_legal_placement_loses() {
    // Every empty point is suicide for black and captures nothing.
    let game = from_diagram(
        Variant::Atari,
        "
        . O .
        O . O
        . O .",
        Color::Black,
    );
    assert!(legal_moves(&game).is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    let mut engine = common::engine(Variant::Atari, 3);
    for m in ["w B3", "w A2", "w C2", "w B1"] {
        ok(&mut engine, &format!("play {m}"));
    }
    assert_eq!(ok(&mut engine, "final_score"), "W+R");
    assert_eq!(ok(&mut engine, "genmove b"), "resign");
    assert_eq!(ok(&mut engine, "genmove w"), "pass");
}

#[test]
fn the_stone_supply_is_not_limited_to_40() {
    // 41 black stones on the board and black may still place more.
    let mut game = from_diagram(
        Variant::Atari,
        "
        O O O O O O O O O
        O O O O O O O O O
        O O O O O O O O O
        O O O O O O O O O
        X X X X X . . . .
        X X X X X X X X X
        X X X X X X X X X
        X X X X X X X X X
        X X X X X X X X X",
        Color::Black,
    );
    assert!(game.outcome().is_none());
    place(&mut game, "F5");
    assert!(game.outcome().is_none());
    assert_eq!(
        common::occupants(&game)
            .iter()
            .filter(|o| o.is_some_and(|o| o.symbol() == 'X'))
            .count(),
        42
    );
}

#[test]
fn the_crosscut_start_puts_two_stones_of_each_colour_in_the_centre() {
    for (size, black, white) in [
        (9, ["D5", "E4"], ["D4", "E5"]),
        (8, ["D5", "E4"], ["D4", "E5"]),
        (4, ["B3", "C2"], ["B2", "C3"]),
    ] {
        let game = Game::new(&common::setup(Variant::Atari, size, Start::Crosscut));
        assert_eq!(game.to_move(), Color::Black);
        let stones: Vec<_> = common::occupants(&game).into_iter().flatten().collect();
        assert_eq!(stones.len(), 4);
        for v in black {
            assert_eq!(game.occupant(vertex(v)).unwrap().symbol(), 'X', "{v}");
        }
        for v in white {
            assert_eq!(game.occupant(vertex(v)).unwrap().symbol(), 'O', "{v}");
        }
    }
    let mut engine = common::engine(Variant::Atari, 9);
    assert_eq!(ok(&mut engine, "variago-start"), "empty");
    ok(&mut engine, "variago-start crosscut");
    assert_eq!(ok(&mut engine, "variago-start"), "crosscut");
    ok(&mut engine, "clear_board");
    ok(&mut engine, "boardsize 7");
    assert_eq!(ok(&mut engine, "variago-board").matches(['X', 'O']).count(), 4);
    assert!(fail(&mut engine, "variago-start diagonal").contains("unknown start"));
    let mut go = common::engine(Variant::Go, 9);
    assert_eq!(fail(&mut go, "variago-start crosscut"), "go has no crosscut start");
}

#[test]
fn an_unfinished_game_scores_as_a_draw() {
    let mut engine = common::engine(Variant::Atari, 9);
    ok(&mut engine, "play b E5");
    assert_eq!(ok(&mut engine, "final_score"), "0");
}

#[test]
fn random_games_match_the_naive_reference() {
    let mut rng = common::rng(11);
    for g in 0..300 {
        let size = [3, 4, 5, 6, 9][g % 5];
        let crosscut = g % 2 == 1 && size >= 4;
        let start = if crosscut { Start::Crosscut } else { Start::Empty };
        let mut game = Game::new(&common::setup(Variant::Atari, size, start));
        let mut naive = NaiveAtari::new(size, crosscut);
        loop {
            let expected: Vec<Move> = naive
                .legal_moves()
                .into_iter()
                .map(|i| Move::Place(variago::Vertex::new(i % size, i / size)))
                .collect();
            let moves = legal_moves(&game);
            assert_eq!(names(&moves), names(&expected), "game {g}");
            let winner = naive
                .outcome()
                .map(|c| if c == BLACK { Color::Black } else { Color::White });
            assert_eq!(game.outcome().and_then(Outcome::winner), winner, "game {g}");
            if moves.is_empty() {
                break;
            }
            let k = rng.random_range(0..moves.len());
            let v = moves[k].vertex().unwrap();
            let color = game.to_move();
            game.play(color, moves[k]).unwrap();
            naive.play(naive.board.index(v.x as usize, v.y as usize));
        }
    }
}

/// RULINGS "Repetition": Atari Go needs no repetition rule. Every move adds
/// a stone and the only capture ends the game, so a game lasts at most one
/// move per point.
#[test]
fn every_game_ends_within_one_move_per_point() {
    let mut rng = common::rng(21);
    for g in 0..300 {
        let size = [2, 3, 4, 5, 7, 9][g % 6];
        let mut game = common::game(Variant::Atari, size);
        common::random_game(&mut game, &mut rng, size * size + 1);
        assert!(game.outcome().is_some(), "game {g} on {size}x{size} still running");
        assert!(game.moves_played() <= size * size);
    }
}
