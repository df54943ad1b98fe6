//! Migoyugo: one test per rule sentence of the seed and of RULINGS, the GTP
//! mapping, bad input, and the tactical layer of the search.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::search::SearchHints;
use variago::variants::migoyugo::Migoyugo;
use variago::{Color, Game, Move, Outcome, Position, Setup, Variant, Vertex, View};

fn settings(playouts: u64) -> SearchSettings {
    let mut settings = SearchSettings {
        playouts: Some(playouts),
        time: None,
        ..SearchSettings::default()
    };
    settings.config.seed = 7;
    settings
}

fn engine() -> Engine {
    Engine::new(Setup::new(Variant::Migoyugo), settings(300))
}

/// Runs GTP lines and returns the last response.
fn gtp(e: &mut Engine, lines: &str) -> String {
    let mut last = String::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        last = execute_line(e, line).expect("a command");
    }
    last
}

/// Runs GTP lines that must all succeed.
fn gtp_ok(e: &mut Engine, lines: &str) {
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let reply = execute_line(e, line).expect("a command");
        assert!(reply.starts_with('='), "{line} -> {reply}");
    }
}

fn v(text: &str) -> Vertex {
    Vertex::parse(text).expect("a vertex")
}

fn place(text: &str) -> Move {
    Move::Place(v(text))
}

fn position(rows: &[&str], to_move: Color) -> Migoyugo {
    Migoyugo::from_rows(rows, to_move).expect("a valid diagram")
}

fn board_text(e: &mut Engine) -> String {
    gtp(e, "variago-board")
}

/// The status line that starts with `prefix`.
fn status(game: &impl View, prefix: &str) -> String {
    game.status_lines()
        .into_iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no status line {prefix}"))
}

// --- Board and colours ---------------------------------------------------

#[test]
fn the_board_is_8x8_by_default_and_gtp_black_moves_first() {
    let game = Game::new(&Setup::new(Variant::Migoyugo));
    assert_eq!(game.size(), 8);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(Variant::parse("migoyugo"), Some(Variant::Migoyugo));
    assert_eq!(Variant::Migoyugo.game_id(), "Migoyugo");
    assert!(Variant::Migoyugo
        .description()
        .contains("GTP black is the first player, called White"));
}

#[test]
fn sizes_4_to_19_are_accepted_3_and_20_refused() {
    let mut e = engine();
    for size in 4..=19 {
        assert_eq!(gtp(&mut e, &format!("boardsize {size}")), "=\n\n", "size {size}");
        assert_eq!(e.game.size(), size);
    }
    gtp_ok(&mut e, "boardsize 8\nplay b D4");
    let before = board_text(&mut e);
    for size in [3, 20, 25] {
        assert_eq!(gtp(&mut e, &format!("boardsize {size}")), "? unacceptable size\n\n");
        assert_eq!(board_text(&mut e), before, "a refused size changes nothing");
    }
}

#[test]
fn lines_run_in_all_four_directions() {
    for line in [
        ["A1", "B1", "C1", "D1"],
        ["A1", "A2", "A3", "A4"],
        ["A1", "B2", "C3", "D4"],
        ["A4", "B3", "C2", "D1"],
    ] {
        let mut game = Game::new(&Setup::new(Variant::Migoyugo));
        for p in &line[..3] {
            game.play(Color::Black, place(p)).unwrap();
            assert!(game.occupant(v(p)).is_some());
        }
        game.play(Color::Black, place(line[3])).unwrap();
        assert_eq!(
            status(&game, "black yugos"),
            format!("black yugos: {}x1", line[3]),
            "{line:?}"
        );
        assert!(line[..3].iter().all(|p| game.occupant(v(p)).is_none()), "{line:?}");
    }
}

// --- Placements ----------------------------------------------------------

#[test]
fn a_line_longer_than_four_is_refused() {
    let mut e = engine();
    gtp_ok(&mut e, "play b A1\nplay b B1\nplay b D1\nplay b E1\nplay w H8");
    // Any mix of Migos and Yugos counts: C1 would join two and two into five.
    let before = board_text(&mut e);
    let hash = e.game.hash();
    assert_eq!(
        gtp(&mut e, "play b C1"),
        "? illegal move: it makes a line of 5, longer than four\n\n"
    );
    assert_eq!(board_text(&mut e), before);
    assert_eq!(e.game.hash(), hash);
    // White may play there: only the mover's own pieces count.
    assert_eq!(gtp(&mut e, "play w C1"), "=\n\n");
}

#[test]
fn a_long_line_is_refused_even_if_it_also_makes_an_exact_four() {
    // D4 would make D1-D4 (exactly four) and A4-E4 (five).
    let mut game = position(
        &[
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            "X Y X . X . . .",
            ". . . X . . . .",
            ". . . X . . . .",
            ". . . X . . . .",
        ],
        Color::Black,
    );
    let hash = game.hash();
    let err = game.play(Color::Black, place("D4")).unwrap_err();
    assert!(err.0.contains("line of 5"), "{err}");
    assert_eq!(game.hash(), hash);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&place("D4")));
    assert!(moves.contains(&place("D5")));
}

#[test]
fn yugo_value_is_the_number_of_lines_and_their_migos_go() {
    // D4 completes four lines at once: across, up and both diagonals.
    let rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        "X X X . . . . .",
        ". . X X X . . .",
        ". X . X . X . .",
        "X . . X . . X .",
    ];
    let mut game = position(&rows, Color::Black);
    game.play(Color::Black, place("D4")).unwrap();
    assert_eq!(status(&game, "black yugos"), "black yugos: D4x4");
    assert_eq!(status(&game, "yugo count"), "yugo count: black 4 white 0");
    let pieces = (0..8)
        .flat_map(|y| (0..8).map(move |x| Vertex::new(x, y)))
        .filter(|&p| game.occupant(p).is_some())
        .count();
    assert_eq!(pieces, 1, "every Migo of the four lines is removed");
    assert_eq!(game.hash(), game.recompute_hash());

    // Two and three lines.
    for (extra, value) in [
        (vec!["A1", "B2", "C3"], 2),
        (vec!["A1", "B2", "C3", "G1", "F2", "E3"], 3),
    ] {
        let mut game = Game::new(&Setup::new(Variant::Migoyugo));
        for p in ["A4", "B4", "C4"].iter().chain(extra.iter()) {
            game.play(Color::Black, place(p)).unwrap();
        }
        game.play(Color::Black, place("D4")).unwrap();
        assert_eq!(status(&game, "black yugos"), format!("black yugos: D4x{value}"));
        assert_eq!(
            status(&game, "yugo count"),
            format!("yugo count: black {value} white 0")
        );
    }
}

#[test]
fn only_the_migos_of_the_lines_go_and_yugos_stay() {
    let rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". X . . . . . .",
        ". . O . . . . .",
        "Y X X . O . . .",
    ];
    let mut game = position(&rows, Color::Black);
    game.play(Color::Black, place("D1")).unwrap();
    let cell = |p: &str| game.occupant(v(p)).map(|o| o.symbol());
    assert_eq!(cell("A1"), Some('Y'), "the Yugo in the line stays");
    assert_eq!(cell("D1"), Some('Y'), "the placed piece is the new Yugo");
    assert_eq!((cell("B1"), cell("C1")), (None, None), "the line's Migos go");
    assert_eq!(cell("B3"), Some('X'), "a Migo outside the line stays");
    assert_eq!((cell("C2"), cell("E1")), (Some('O'), Some('O')), "white is untouched");
    assert_eq!(status(&game, "black yugos"), "black yugos: A1x1 D1x1");
}

#[test]
fn yugos_never_leave_the_board() {
    // A4 and D1, D4 take part in later lines, which remove only Migos.
    let mut game = Game::new(&Setup::new(Variant::Migoyugo));
    for p in ["A1", "A2", "A3", "A4", "B3", "C2", "D1", "B4", "C4", "D4", "D2", "D3"] {
        game.play(Color::Black, place(p)).unwrap();
    }
    assert_eq!(status(&game, "black yugos"), "black yugos: D1x1 D3x1 A4x1 D4x1");
    assert_eq!(status(&game, "yugo count"), "yugo count: black 4 white 0");
    assert!(["B3", "C2", "B4", "C4", "D2"]
        .iter()
        .all(|p| game.occupant(v(p)).is_none()));
}

// --- End of game ---------------------------------------------------------

#[test]
fn four_yugos_in_a_row_win_at_once() {
    let mut e = engine();
    gtp_ok(&mut e, &three_yugos_and_d1_to_d3());
    assert_eq!(gtp(&mut e, "final_score"), "= B+3\n\n");
    gtp_ok(&mut e, "play b D4");
    assert_eq!(e.game.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(gtp(&mut e, "final_score"), "= B+R\n\n");
    assert_eq!(gtp(&mut e, "variago-legal_moves"), "=\n\n");
    assert_eq!(gtp(&mut e, "genmove w"), "= resign\n\n");
    assert_eq!(gtp(&mut e, "genmove b"), "= pass\n\n");
    assert!(gtp(&mut e, "play w H8").starts_with("? illegal move: the game is over"));
    assert!(gtp(&mut e, "showboard").contains("game over: B+R"));
}

#[test]
fn igo_is_checked_before_wego() {
    // D1 fills the board (white has no placement left) and makes A1-D1 of
    // four Yugos; white has more Yugos, but the Igo wins.
    let mut game = position(&["O O O y4", "O O y4 O", "O y O O", "Y Y Y ."], Color::Black);
    assert_eq!(game.outcome(), None);
    game.play(Color::Black, place("D1")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(game.outcome().unwrap().to_string(), "B+R");
}

/// 5x5: black plays E5; then only C1 is empty and white may not play there
/// (A1-E1 would be five): a Wego although a point is empty.
fn wego_position(black_corner: &str, white_a: &str, white_b: &str) -> Migoyugo {
    let row5 = format!("{black_corner} O X O .");
    let row3 = format!("X {white_a} X X O");
    let row2 = format!("{white_b} X O X X");
    position(&[&row5, "O X O O O", &row3, &row2, "O O . O O"], Color::Black)
}

#[test]
fn wego_ends_the_game_when_the_side_to_move_has_no_placement() {
    let mut game = wego_position("Y2", "y", "y");
    game.play(Color::Black, place("E5")).unwrap();
    assert_eq!(game.to_move(), Color::White);
    assert!(game.occupant(v("C1")).is_none(), "C1 is empty but illegal for white");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert!(game.outcome().is_some());
}

#[test]
fn wego_counts_yugos_with_multiplicity() {
    // One triple Yugo against two single ones: 3 to 2.
    let mut game = wego_position("Y3", "y", "y");
    game.play(Color::Black, place("E5")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Score(1.0)));
    assert_eq!(game.outcome().unwrap().to_string(), "B+1");
    // White ahead: W+n.
    let mut game = wego_position("X", "y", "y2");
    game.play(Color::Black, place("E5")).unwrap();
    assert_eq!(game.outcome().unwrap().to_string(), "W+3");
}

#[test]
fn equal_yugo_counts_draw() {
    let mut game = wego_position("Y2", "y", "y");
    game.play(Color::Black, place("E5")).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Score(0.0));
    assert_eq!(outcome.to_string(), "0");
    assert_eq!(outcome.winner(), None);
}

#[test]
fn after_a_wego_the_loser_resigns_and_the_winner_passes() {
    // 4x4 fills up with no line: a Wego at 0-0 after 16 moves, both pass.
    let mut e = engine();
    gtp_ok(&mut e, "boardsize 4");
    let order = [
        "A1", "A2", "B1", "B2", "C2", "C1", "D2", "D1", "A3", "A4", "B3", "B4", "C4", "C3", "D4", "D3",
    ];
    for (i, p) in order.iter().enumerate() {
        let colour = if i % 2 == 0 { "b" } else { "w" };
        gtp_ok(&mut e, &format!("play {colour} {p}"));
    }
    assert_eq!(gtp(&mut e, "final_score"), "= 0\n\n");
    assert_eq!(gtp(&mut e, "genmove b"), "= pass\n\n");
    assert_eq!(gtp(&mut e, "genmove w"), "= pass\n\n");
}

#[test]
fn there_is_no_passing() {
    let mut e = engine();
    gtp_ok(&mut e, "play b D4");
    let before = board_text(&mut e);
    assert_eq!(gtp(&mut e, "play w pass"), "? illegal move: Migoyugo has no pass\n\n");
    assert_eq!(
        gtp(&mut e, "variago-play w pass"),
        "? illegal move: Migoyugo has no pass\n\n"
    );
    assert_eq!(board_text(&mut e), before);
    let mut moves = Vec::new();
    e.game.legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Pass));
}

// --- Bad input -------------------------------------------------------------

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let mut e = engine();
    gtp_ok(
        &mut e,
        "play b A1\nplay w H8\nplay b B1\nplay w F8\nplay b D1\nplay w H6\nplay b E1\nplay w F6",
    );
    let before = board_text(&mut e);
    let hash = e.game.hash();
    let moves = e.game.moves_played();
    for (line, answer) in [
        ("play b C1", "? illegal move: it makes a line of 5, longer than four"),
        ("play b H8", "? illegal move: point is occupied"),
        ("play b pass", "? illegal move: Migoyugo has no pass"),
        (
            "variago-play b yugo@C5",
            "? illegal move: a Yugo is made by a line of four, not placed; play a vertex",
        ),
        ("variago-play b king@C5", "? illegal move: Migoyugo has no king"),
        ("variago-play b C5-C6", "? illegal move: pieces do not move in Migoyugo"),
        ("play b J9", "? "),
        ("boardsize 3", "? unacceptable size"),
        ("boardsize 20", "? unacceptable size"),
    ] {
        let reply = gtp(&mut e, line);
        assert!(reply.starts_with(answer), "{line} -> {reply}");
        assert_eq!(board_text(&mut e), before, "{line} changed the board");
        assert_eq!((e.game.hash(), e.game.moves_played()), (hash, moves), "{line}");
    }
    assert_eq!(gtp(&mut e, "variago-play b migo@C5"), "=\n\n");
}

// --- Display -------------------------------------------------------------

#[test]
fn boards_show_migos_yugos_values_and_counts() {
    let mut e = engine();
    let plays = "play b A1\nplay b B2\nplay b C3\nplay b D4\nplay b A2\nplay b A3\nplay b A4\nplay b A5";
    gtp_ok(&mut e, &format!("{plays}\nplay w H8\nplay b B1\nplay b C1"));
    let shown = gtp(&mut e, "showboard");
    assert!(shown.contains(" 5  Y . . . . . . . 5"), "{shown}");
    assert!(shown.contains(" 4  . . . Y . . . . 4"), "{shown}");
    assert!(shown.contains(" 8  . . . . . . . O 8"), "{shown}");
    assert!(shown.contains(" 1  . X X . . . . . 1"), "{shown}");
    assert!(shown.contains("yugo count: black 2 white 0"), "{shown}");
    assert!(shown.contains("black yugos: D4x1 A5x1"), "{shown}");
    let machine = board_text(&mut e);
    assert!(machine.contains("status yugo count: black 2 white 0"), "{machine}");
    assert!(machine.contains("status black yugos: D4x1 A5x1"), "{machine}");
    assert!(machine.contains("status white yugos: none"), "{machine}");
    assert!(machine.contains("\nY . . . . . . .\n. . . Y . . . ."), "{machine}");
}

// --- Search: tactics -------------------------------------------------------

/// Black Yugos on A4, B4 and C4 (from the columns below them) and black
/// Migos on D1-D3: black D4 makes four Yugos in a row. White moved last.
fn three_yugos_and_d1_to_d3() -> String {
    let mut lines = String::new();
    for column in ["A", "B", "C"] {
        for row in 1..=4 {
            lines += &format!("play b {column}{row}\n");
        }
    }
    lines + "play b D1\nplay b D2\nplay b D3\nplay w H8\n"
}

#[test]
fn genmove_takes_an_immediate_igo() {
    for playouts in [1, 300] {
        let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings(playouts));
        gtp_ok(&mut e, &three_yugos_and_d1_to_d3());
        assert_eq!(gtp(&mut e, "genmove b"), "= D4\n\n", "{playouts} playouts");
        assert_eq!(gtp(&mut e, "final_score"), "= B+R\n\n");
    }
}

#[test]
fn genmove_finds_the_only_defence() {
    for playouts in [1, 300] {
        let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings(playouts));
        gtp_ok(&mut e, &three_yugos_and_d1_to_d3());
        gtp_ok(&mut e, "play b H1");
        assert_eq!(gtp(&mut e, "genmove w"), "= D4\n\n", "{playouts} playouts");
        assert_eq!(e.game.outcome(), None);
    }
}

#[test]
fn a_win_comes_before_a_defence() {
    // Both sides threaten an Igo; the side to move wins instead of blocking.
    let rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        "y y y . . . . .",
        ". . . O . . . .",
        "Y Y Y . . . . .",
        ". . . X . . . .",
        ". . . X . . . .",
        ". . . X . . . .",
    ];
    let game = position(&rows, Color::White);
    assert_eq!(game.forced_move(), Some(place("D6")));
    let game = position(&rows, Color::Black);
    assert_eq!(game.forced_move(), Some(place("D4")));
    let result = variago::search::search(
        &game,
        variago::search::Limits {
            playouts: Some(50),
            time: None,
        },
        &variago::search::Config::default(),
        &std::sync::atomic::AtomicBool::new(false),
    );
    assert_eq!(result.best, Some(place("D4")));
    assert_eq!(result.winrate, 1.0);
}

#[test]
fn no_forced_move_when_nothing_is_urgent_or_two_threats_stand() {
    assert_eq!(Game::new(&Setup::new(Variant::Migoyugo)).forced_move(), None);
    // Three Yugos in a row threaten the point beyond them: D4 alone is
    // forced on white, D4 and D6 together cannot both be stopped.
    let one = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        "Y Y Y . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ];
    assert_eq!(position(&one, Color::White).forced_move(), Some(place("D4")));
    let mut two = one;
    two[2] = "Y Y Y . . . . .";
    assert_eq!(position(&two, Color::White).forced_move(), None);
    // Nor when white may not play on the threat: C3-D4-E5-F6-G7 would be five.
    let mut blocked = one;
    blocked[1] = ". . . . . . O .";
    blocked[2] = ". . . . . O . .";
    blocked[3] = ". . . . O . . .";
    blocked[5] = ". . O . . . . .";
    let game = position(&blocked, Color::White);
    assert_eq!(game.forced_move(), None);
    assert!(game.clone().play(Color::White, place("D4")).is_err());
}

// --- Consistency -----------------------------------------------------------

#[test]
fn the_incremental_hash_matches_a_recomputation_in_random_games() {
    let mut rng = SmallRng::seed_from_u64(3);
    for size in [4, 5, 8] {
        for _ in 0..20 {
            let mut game = Game::new(&Setup {
                size,
                ..Setup::new(Variant::Migoyugo)
            });
            let mut moves = Vec::new();
            let mut hashes = vec![game.hash()];
            while game.outcome().is_none() {
                moves.clear();
                game.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(game.to_move(), mv).unwrap();
                assert_eq!(game.hash(), game.recompute_hash());
                hashes.push(game.hash());
            }
            // Undo restores every earlier hash.
            while game.undo() {
                hashes.pop();
                assert_eq!(game.hash(), *hashes.last().unwrap());
            }
        }
    }
}

#[test]
fn every_game_ends_and_counts_match_the_board() {
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..30 {
        let mut game = Game::new(&Setup::new(Variant::Migoyugo));
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            moves.clear();
            game.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "no move but no outcome");
            game.play(game.to_move(), moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
        let mut none = Vec::new();
        game.legal_moves(&mut none);
        assert!(none.is_empty(), "a finished game has no legal move");
        if let Some(Outcome::Score(s)) = game.outcome() {
            // The Wego score is the difference of the shown Yugo counts.
            let line = status(&game, "yugo count");
            let words: Vec<&str> = line.split_whitespace().collect();
            let (b, w): (f32, f32) = (words[3].parse().unwrap(), words[5].parse().unwrap());
            assert_eq!(s, b - w, "{line}");
        }
    }
}
