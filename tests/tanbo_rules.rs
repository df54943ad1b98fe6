//! Tanbo and gray Tanbo, rule by rule: Steere's rules and the RULINGS'
//! "Gray-stone games", each sentence with a test that fails if it breaks.
//! Positions are diagrams, rows from the top (`X` black, `O` white, `*`
//! gray); the games to the end were played by random moves from the start.

mod common;

use common::{fail, names, ok, refusal};
use variago::game::{Occupant, Outcome, Owner};
use variago::gtp::engine::Engine;
use variago::search::SearchHints;
use variago::solver::SolverHints;
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex, View};

fn setup(variant: Variant, size: usize, misere: bool) -> Setup {
    let mut setup = Setup::new(variant);
    setup.size = size;
    setup.set_value("misere", misere.then_some(true));
    setup
}

/// The position of a diagram such as `"XX.OO / .XXO. / ..."`.
fn position(variant: Variant, diagram: &str, to_move: Color) -> Game {
    let rows: Vec<&str> = diagram.split('/').map(str::trim).collect();
    let read = variant.spec().from_diagram.expect("Tanbo reads diagrams");
    read(&setup(variant, rows.len(), false), &rows, to_move).unwrap()
}

/// The board as a diagram in the same notation.
fn diagram(game: &Game) -> String {
    let size = game.size();
    let rows: Vec<String> = (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| match game.occupant(Vertex::new(x, y)) {
                    None => '.',
                    Some(o) if o.owner == Owner::Neutral => '@',
                    Some(o) => o.symbol(),
                })
                .collect()
        })
        .collect();
    rows.join(" / ")
}

fn place(game: &mut Game, color: Color, v: &str) {
    let mv = Move::Place(common::vertex(v));
    game.play(color, mv).unwrap_or_else(|e| panic!("{color} {v}: {e}"));
}

fn engine(variant: Variant, size: usize) -> Engine {
    common::engine(variant, size)
}

/// Plays a whole game over GTP, alternately from black.
fn play_game(e: &mut Engine, moves: &str) {
    for (i, mv) in moves.split_whitespace().enumerate() {
        let color = if i % 2 == 0 { "b" } else { "w" };
        ok(e, &format!("play {color} {mv}"));
    }
}

// The start.

#[test]
fn tanbo_starts_from_steeres_position_and_black_moves_first() {
    let mut e = engine(Variant::Tanbo, 19);
    let board = ok(&mut e, "variago-board");
    assert!(board.contains("\nto_move black\n"), "{board}");
    let game = &e.game;
    let at = |v: &str| game.occupant(common::vertex(v)).map(|o| o.owner);
    let black = Some(Owner::Player(Color::Black));
    let white = Some(Owner::Player(Color::White));
    // Steere's Figure 1: A19 black, alternating along rows and columns six
    // points apart; sixteen roots.
    for (v, owner) in [("A19", black), ("G19", white), ("N19", black), ("T19", white)] {
        assert_eq!(at(v), owner, "{v}");
    }
    for (v, owner) in [
        ("A13", white),
        ("G13", black),
        ("A7", black),
        ("A1", white),
        ("T1", black),
    ] {
        assert_eq!(at(v), owner, "{v}");
    }
    let stones = (0..19)
        .flat_map(|y| (0..19).map(move |x| Vertex::new(x, y)))
        .filter(|&v| game.occupant(v).is_some())
        .count();
    assert_eq!(stones, 16);
    // Black, GTP's first player, moves first: the search plays one of
    // Black's growth points.
    let legal = ok(&mut e, "gogui-rules_legal_moves");
    let mv = ok(&mut e, "genmove b");
    assert!(legal.split_whitespace().any(|m| m == mv), "{mv} not in {legal}");
    assert!(ok(&mut e, "variago-board").contains("\nto_move white\n"));
}

#[test]
fn the_sizes_are_those_with_a_start_and_nineteen_is_the_default() {
    let mut e = engine(Variant::Tanbo, 19);
    for size in [5, 7, 9, 13, 19, 21] {
        ok(&mut e, &format!("boardsize {size}"));
    }
    for size in [2, 4, 6, 8, 11, 17, 25] {
        assert_eq!(fail(&mut e, &format!("boardsize {size}")), "unacceptable size");
    }
    assert_eq!(Variant::Tanbo.default_size(), 19);
    assert_eq!(Variant::GrayTanbo.default_size(), 19);
}

#[test]
fn gray_tanbo_starts_from_tanbos_position_with_every_stone_gray() {
    for size in [5, 7, 9, 13, 19, 21] {
        let tanbo = common::game(Variant::Tanbo, size);
        let gray = common::game(Variant::GrayTanbo, size);
        for y in 0..size {
            for x in 0..size {
                let v = Vertex::new(x, y);
                let expected = tanbo.occupant(v).map(|_| Occupant {
                    owner: Owner::Neutral,
                    piece: Piece::Gray,
                });
                assert_eq!(gray.occupant(v), expected, "{size}x{size} {v}");
            }
        }
        assert_eq!(gray.to_move(), Color::Black);
    }
}

// The placement rule.

#[test]
fn a_stone_goes_where_it_touches_exactly_one_stone_of_its_colour() {
    // Black's stones: A5 B5 B4 C4 and D1 E1 D2.
    let game = position(Variant::Tanbo, "XX.OO / .XXO. / ..... / .O.X. / OOOXX", Color::Black);
    let moves = names(&common::legal_moves(&game));
    // B3 touches B4 alone among black stones (and B2, white, which does not
    // count), C3 touches C4, D3 touches D2, C2 touches D2 and two white
    // stones; E2 touches two black stones, A4 two, A3 none.
    assert_eq!(moves, ["B3", "C2", "C3", "D3"]);
    let mut game = game;
    assert!(refusal(&mut game, "E2").contains("touch exactly one black stone, and E2 touches 2"));
    assert!(refusal(&mut game, "A3").contains("touches 0"));
    assert_eq!(refusal(&mut game, "D4"), "point is occupied");
    assert_eq!(refusal(&mut game, "pass"), "Tanbo has no pass");
    assert_eq!(refusal(&mut game, "king@C3"), "Tanbo has no king");
}

#[test]
fn a_gray_stone_goes_where_it_touches_exactly_one_gray_stone() {
    let mut game = position(
        Variant::GrayTanbo,
        "@@..@ / ...@@ / @...@ / @..@@ / @@@.@",
        Color::White,
    );
    let moves = names(&common::legal_moves(&game));
    // B3, B4, C4 and C5 touch one gray stone; D5 and A4 two, C3 none.
    assert_eq!(moves, ["B3", "B4", "C4", "C5"]);
    assert!(refusal(&mut game, "C3").contains("touch exactly one gray stone, and C3 touches 0"));
    assert!(refusal(&mut game, "D5").contains("touches 2"));
    assert!(refusal(&mut game, "D1").contains("touches 3"));
    assert_eq!(refusal(&mut game, "A1"), "point is occupied");
    // Both players place gray stones, by either spelling.
    game.play(Color::White, Move::Drop(Piece::Gray, common::vertex("C5")))
        .unwrap();
    assert_eq!(game.occupant(common::vertex("C5")).map(|o| o.piece), Some(Piece::Gray));
    assert_eq!(game.to_move(), Color::Black);
}

// Root removal.

#[test]
fn a_move_that_bounds_its_own_root_and_another_removes_its_own_alone() {
    // Black C3 leaves black's root A5-B5-B4-C4-C3 no growth point, and the
    // black root D1-E1-D2 none either (C2 and D3 now touch two black
    // stones). The root it grew goes alone; D1-E1-D2 stays, free again.
    let mut game = position(Variant::Tanbo, "XX.OO / .XXO. / ..... / .O.X. / OOOXX", Color::Black);
    place(&mut game, Color::Black, "C3");
    assert_eq!(diagram(&game), "...OO / ...O. / ..... / .O.X. / OOOXX");
    // Black's own stones left the board: White's gain, as a suicide is.
    assert_eq!(game.captures(), [0, 5]);
    assert!(game.check_consistency().is_ok());

    // White C5 bounds its own root and the black root D1-...-E5: White's
    // goes, Black's stays.
    let mut game = position(Variant::Tanbo, "...XX / .OOX. / OOXXX / .O.X. / OOOXX", Color::White);
    let before = diagram(&game);
    place(&mut game, Color::White, "C5");
    assert_eq!(diagram(&game), "...XX / ...X. / ..XXX / ...X. / ...XX");
    assert_ne!(before, diagram(&game));
    assert_eq!(game.captures(), [9, 0]);
}

#[test]
fn a_move_that_bounds_its_own_root_in_gray_tanbo_removes_that_root_alone() {
    // White D1 grows E1-E2 into D1, which leaves it no growth point; it also
    // takes A1-B1-A2's last one (C1 now touches B1 and D1). Only the grown
    // root goes, and C1 is a growth point again.
    let mut game = position(
        Variant::GrayTanbo,
        "@...@ / @...@ / ..... / @...@ / @@..@",
        Color::White,
    );
    place(&mut game, Color::White, "D1");
    assert_eq!(diagram(&game), "@...@ / @...@ / ..... / @.... / @@...");
    assert_eq!(game.captures(), [0, 3]);
}

#[test]
fn gogui_shows_each_side_the_stones_it_took_from_the_other() {
    // GoGui reads `captured by black, captured by white` and shows the
    // first beside a white stone under Black. White's D1 bounds its own
    // root A1-B1-A2 and Black's E1-E2: three white stones count for Black
    // (as a suicide does in Go), two black ones for White.
    let mut e = Engine::new(setup(Variant::Tanbo, 5, false), common::settings(1, 0));
    e.game = position(Variant::Tanbo, "XXXOO / X.XXO / XX.OO / O..OX / OO..X", Color::White);
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 0");
    ok(&mut e, "play w D1");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "3 2");
    assert!(ok(&mut e, "showboard").contains("captured: black 3 white 2"));
    // Gray stones have no owner: each player's count is what its
    // placements removed.
    let mut e = Engine::new(setup(Variant::GrayTanbo, 5, false), common::settings(1, 0));
    e.game = position(
        Variant::GrayTanbo,
        "@...@ / @...@ / ..... / @...@ / @@..@",
        Color::White,
    );
    ok(&mut e, "play w D1");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "0 3");
    assert!(ok(&mut e, "showboard").contains("removed: black 0 white 3"));
}

#[test]
fn a_move_that_bounds_other_roots_removes_every_one_of_them() {
    // White D1 grows the white root from D2 and bounds the white root
    // A1-B1-A2 and the black root E1-E2: both go, whatever their colour.
    let mut game = position(Variant::Tanbo, "XXXOO / X.XXO / XX.OO / O..OX / OO..X", Color::White);
    place(&mut game, Color::White, "D1");
    assert_eq!(diagram(&game), "XXXOO / X.XXO / XX.OO / ...O. / ...O.");
    // Three white stones count for Black, two black ones for White.
    assert_eq!(game.captures(), [3, 2]);
}

#[test]
fn the_roots_a_move_bounds_go_at_once_even_where_one_removal_would_free_another() {
    // White B3 bounds A1-A2 and the black root B1-E1-C2-E2-C3. Removing the
    // black root first would give A1-A2 growth points (B1, B2), but both
    // were bounded by the move, so both go.
    let mut game = position(Variant::Tanbo, "...OO / .OOO. / ..XOO / O.XOX / OXXXX", Color::White);
    place(&mut game, Color::White, "B3");
    assert_eq!(diagram(&game), "...OO / .OOO. / .O.OO / ...O. / .....");
    assert_eq!(game.captures(), [2, 7]);

    // Gray B4 bounds A1-B1-C1-A2-A3 and D2-E1-...-E5; removing the first
    // alone would give the second a growth point at C2; both go.
    let mut game = position(
        Variant::GrayTanbo,
        "@@..@ / ...@@ / @...@ / @..@@ / @@@.@",
        Color::White,
    );
    place(&mut game, Color::White, "B4");
    assert_eq!(diagram(&game), "@@... / .@... / ..... / ..... / .....");
    assert_eq!(game.captures(), [0, 12]);
}

#[test]
fn a_move_may_bound_another_root_of_its_own_colour() {
    // Black B3 grows the root C3-...-E1 and takes both growth points of the
    // black root A5-A4 (A3 and B4 now touch two black stones): that root is
    // bounded by Black's own move and goes.
    let mut game = position(Variant::Tanbo, "XOOOO / X...O / ..XXX / OO..X / O..XX", Color::Black);
    place(&mut game, Color::Black, "B3");
    assert_eq!(diagram(&game), ".OOOO / ....O / .XXXX / OO..X / O..XX");
    assert_eq!(game.captures(), [0, 2]);
}

#[test]
fn a_quiet_move_removes_nothing_and_no_position_keeps_a_bounded_root() {
    let mut game = common::game(Variant::Tanbo, 7);
    place(&mut game, Color::Black, "B7");
    assert_eq!(game.captures(), [0, 0]);
    let mut rng = common::rng(3);
    for _ in 0..20 {
        let mut game = common::game(Variant::Tanbo, 7);
        common::random_game(&mut game, &mut rng, 400);
        assert!(game.outcome().is_some(), "Tanbo ends");
        assert!(game.check_consistency().is_ok());
    }
}

// The end.

/// A random game from the 5x5 start in which Black removes White's last root.
const BLACK_REMOVES_WHITES_LAST_ROOT: &str = "E2 B1 E3 C1 A4 C2 D3 D5 B4 C5 A3 A2 D4 D1 C4 B5 B4 A5 A4 E4 B3 A3 B5 C3";
/// One in which Black's last placement removes Black's own last root.
const BLACK_REMOVES_ITS_OWN_LAST_ROOT: &str =
    "D1 B1 C1 E4 D2 E3 A4 D4 D3 A2 C3 A3 B5 C4 C5 B4 D5 B3 B1 B2 A3 C2 A2 A4 A1 C5 A2 E2 A3";
/// A gray game from the 5x5 start in which White's placement removes the
/// last root.
const WHITE_EMPTIES_THE_GRAY_BOARD: &str =
    "A2 D1 E2 C1 D5 B5 E4 B4 B3 A3 A2 C3 A1 E3 C5 E4 E5 D4 C2 B2 A2 B3 A1 B4 A4 A5";

fn check_over(e: &mut Engine, score: &str, result: &str) {
    assert_eq!(ok(e, "final_score"), score);
    assert_eq!(ok(e, "gogui-rules_final_result"), result);
    assert_eq!(ok(e, "variago-legal_moves"), "");
    assert_eq!(ok(e, "gogui-rules_legal_moves"), "");
    let (loser, winner) = if score.starts_with('B') { ("w", "b") } else { ("b", "w") };
    assert_eq!(ok(e, &format!("genmove {loser}")), "resign");
    assert_eq!(ok(e, &format!("genmove {winner}")), "pass");
    assert_eq!(fail(e, "play b A1"), "illegal move: the game is over");
}

#[test]
fn tanbo_ends_when_a_colour_has_no_stone_left() {
    let mut e = engine(Variant::Tanbo, 5);
    play_game(&mut e, BLACK_REMOVES_WHITES_LAST_ROOT);
    check_over(&mut e, "B+R", "Black wins (B+R)");
    // One move before, White still has a root and the game goes on.
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "final_score"), "0");
    assert!(!ok(&mut e, "variago-legal_moves").is_empty());

    // Removing one's own last root loses: that player can never place again.
    let mut e = engine(Variant::Tanbo, 5);
    play_game(&mut e, BLACK_REMOVES_ITS_OWN_LAST_ROOT);
    check_over(&mut e, "W+R", "White wins (W+R)");
}

#[test]
fn the_player_who_cannot_place_loses_gray_tanbo_and_wins_it_misere() {
    let mut e = engine(Variant::GrayTanbo, 5);
    play_game(&mut e, WHITE_EMPTIES_THE_GRAY_BOARD);
    assert!(ok(&mut e, "showboard").contains("black to move"));
    // Black cannot place: White, the last to place, wins.
    check_over(&mut e, "W+R", "White wins (W+R)");

    let mut e = engine(Variant::GrayTanbo, 5);
    ok(&mut e, "variago-misere on");
    play_game(&mut e, WHITE_EMPTIES_THE_GRAY_BOARD);
    check_over(&mut e, "B+R", "Black wins (B+R)");
}

#[test]
fn the_solver_and_the_search_take_an_immediate_win() {
    // Black E2 removes White's last root.
    let game = position(Variant::Tanbo, "X.... / XX... / OXXXX / OXOO. / OOO..", Color::Black);
    assert_eq!(game.forced_move(), Some(Move::Place(common::vertex("E2"))));
    let mut solver_moves = Vec::new();
    game.solver_moves(&mut solver_moves);
    assert_eq!(solver_moves[0], Move::Place(common::vertex("E2")));
    let mut after = game.clone();
    place(&mut after, Color::Black, "E2");
    assert_eq!(after.outcome(), Some(Outcome::Win(Color::Black)));

    // In gray Tanbo the removal of the last root wins, and in the misère
    // form it is the one move to avoid.
    let rows = ["..@@@", ".@@.@", "...@@", "@@@.@", "@.@@@"];
    let read = Variant::GrayTanbo.spec().from_diagram.unwrap();
    let game = read(&setup(Variant::GrayTanbo, 5, false), &rows, Color::White).unwrap();
    assert_eq!(game.forced_move(), Some(Move::Place(common::vertex("A3"))));
    let misere = read(&setup(Variant::GrayTanbo, 5, true), &rows, Color::White).unwrap();
    assert_eq!(misere.forced_move(), None);
    let mut moves = Vec::new();
    misere.solver_moves(&mut moves);
    assert_eq!(moves.last(), Some(&Move::Place(common::vertex("A3"))));
}

// The misère option and bad input.

#[test]
fn the_misere_option_goes_through_the_command_line_gtp_and_sgf() {
    let mut e = engine(Variant::GrayTanbo, 5);
    assert_eq!(ok(&mut e, "variago-misere"), "off");
    ok(&mut e, "play b B1");
    // Setting it starts a new game.
    ok(&mut e, "variago-misere ON");
    assert_eq!(ok(&mut e, "variago-misere"), "on");
    assert!(ok(&mut e, "variago-board").contains("status misere: on"));
    assert!(e.game.occupant(common::vertex("B1")).is_none());
    ok(&mut e, "play b B1");
    let record = ok(&mut e, "printsgf");
    assert!(
        record.contains("VV[gray-tanbo]") && record.contains("VO[misere=on]"),
        "{record}"
    );

    let out = common::run_engine(
        &["--variant", "gray-tanbo", "--size", "5", "--misere", "on"],
        "variago-misere\nquit\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "= on\n\n=\n\n");
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    // `fail` checks that the engine's state is unchanged.
    let mut e = engine(Variant::GrayTanbo, 5);
    ok(&mut e, "play b B1");
    ok(&mut e, "play w A2");
    assert_eq!(fail(&mut e, "play b B1"), "illegal move: point is occupied");
    assert_eq!(
        fail(&mut e, "play b C3"),
        "illegal move: a stone must touch exactly one gray stone, and C3 touches 0"
    );
    assert_eq!(
        fail(&mut e, "play b B2"),
        "illegal move: a stone must touch exactly one gray stone, and B2 touches 2"
    );
    assert_eq!(fail(&mut e, "play b pass"), "illegal move: gray Tanbo has no pass");
    assert_eq!(
        fail(&mut e, "variago-misere maybe"),
        "unknown misere value 'maybe' (known: on off)"
    );
    assert_eq!(
        fail(&mut e, "variago-misere on off"),
        "syntax error: expected 0 to 1 arguments, got 2"
    );

    let mut e = engine(Variant::Tanbo, 5);
    assert_eq!(fail(&mut e, "play b A1"), "illegal move: point is occupied");
    assert_eq!(
        fail(&mut e, "play b B2"),
        "illegal move: a stone must touch exactly one black stone, and B2 touches 0"
    );
    // A1 is white: B1 touches no black stone for Black, one white for White.
    assert_eq!(
        fail(&mut e, "play b B1"),
        "illegal move: a stone must touch exactly one black stone, and B1 touches 0"
    );
    ok(&mut e, "play w B1");
    assert_eq!(fail(&mut e, "variago-misere on"), "tanbo has no misère option");
    assert_eq!(
        fail(&mut e, "variago-play b gray@C1"),
        "illegal move: Tanbo has no gray"
    );
}

#[test]
fn an_unknown_misere_value_or_a_variant_without_it_is_refused_everywhere() {
    for (args, message) in [
        (
            vec!["--variant", "gray-tanbo", "--misere", "maybe"],
            "unknown misere value 'maybe' (known: on off)",
        ),
        (
            vec!["--variant", "tanbo", "--misere", "on"],
            "tanbo has no misère option",
        ),
    ] {
        let out = common::run_engine(&args, "quit\n");
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).trim_end(),
            format!("variago: {message}")
        );
    }
    let path = std::env::temp_dir().join(format!("variago-tanbo-{}.sgf", std::process::id()));
    std::fs::write(&path, "(;GM[1]SZ[5]VV[gray-tanbo]VO[misere=maybe])").unwrap();
    let mut e = engine(Variant::GrayTanbo, 5);
    ok(&mut e, "play b B1");
    assert_eq!(
        fail(&mut e, &format!("loadsgf {}", path.display())),
        "cannot load file: unknown misere value 'maybe' (known: on off)"
    );
    std::fs::write(&path, "(;GM[1]SZ[5]VV[gray-tanbo]VO[misere=on];B[ba])").unwrap();
    ok(&mut e, &format!("loadsgf {}", path.display()));
    assert_eq!(ok(&mut e, "variago-misere"), "on");
    std::fs::remove_file(&path).ok();
}
