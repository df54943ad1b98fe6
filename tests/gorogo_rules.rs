//! GoRoGo: every rule sentence of the seed and of RULINGS, through the
//! library and through GTP, and a naive second implementation that the
//! engine must agree with move for move.

mod common;

use common::naive::{GoRoGoCell, NaiveGoRoGo, Reference};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::game::{perft, Owner};
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::{Color, Game, Move, Outcome, Piece, Position, Setup, Variant, Vertex, View};

fn v(text: &str) -> Vertex {
    Vertex::parse(text).expect("test vertex")
}

fn new_game() -> Game {
    Game::new(&Setup::new(Variant::GoRoGo))
}

fn game_with_henge(henge: &str) -> Game {
    let mut setup = Setup::new(Variant::GoRoGo);
    setup.set_value("henge", Some(v(henge)));
    Game::new(&setup)
}

/// Parses `b A3`, `w henge@B2`, ... and plays the moves in order.
fn play_all(game: &mut Game, moves: &str) {
    for pair in moves.split(',') {
        let mut words = pair.split_whitespace();
        let color = Color::parse(words.next().unwrap()).unwrap();
        let mv = Move::parse(words.next().unwrap(), 5).unwrap();
        game.play(color, mv).unwrap_or_else(|e| panic!("{pair}: {e}"));
    }
}

fn piece_at(game: &Game, at: &str) -> Option<(Owner, Piece)> {
    game.occupant(v(at)).map(|o| (o.owner, o.piece))
}

const BLACK_STONE: Option<(Owner, Piece)> = Some((Owner::Player(Color::Black), Piece::Stone));
const WHITE_STONE: Option<(Owner, Piece)> = Some((Owner::Player(Color::White), Piece::Stone));
const HENGE: Option<(Owner, Piece)> = Some((Owner::Neutral, Piece::Henge));

fn engine() -> Engine {
    let settings = SearchSettings {
        playouts: Some(300),
        time: None,
        ..SearchSettings::default()
    };
    Engine::new(Setup::new(Variant::GoRoGo), settings)
}

fn gtp(engine: &mut Engine, line: &str) -> String {
    execute_line(engine, line).expect("a command")
}

/// The answer text of a successful command.
fn ok(engine: &mut Engine, line: &str) -> String {
    let reply = gtp(engine, line);
    assert!(reply.starts_with('='), "{line}: {reply}");
    reply[1..].trim().to_string()
}

/// Sends `play` for each move of a list such as `b A3, w E1`.
fn gtp_play_all(engine: &mut Engine, moves: &str) {
    for pair in moves.split(',') {
        ok(engine, &format!("play {}", pair.trim()));
    }
}

/// Black fills rows 1 and 2, White rows 5 and 4, without a capture: after
/// these 20 moves both hands hold only their two henges and A3, B3, D3, E3
/// are empty.
const FILL: &str = "b A2, w A4, b B2, w B4, b C2, w C4, b D2, w D4, b E2, w E4, \
                    b A1, w A5, b B1, w B5, b C1, w C5, b D1, w D5, b E1, w E5";

// ---------------------------------------------------------------- setup

#[test]
fn the_board_is_five_by_five_only() {
    assert!(Variant::GoRoGo.accepts_size(5));
    assert!(!Variant::GoRoGo.accepts_size(9));
    assert_eq!(Variant::GoRoGo.default_size(), 5);
    assert_eq!(Variant::GoRoGo.game_id(), "GoRoGo");
    let mut e = engine();
    assert_eq!(gtp(&mut e, "boardsize 9"), "? unacceptable size\n\n");
    assert_eq!(gtp(&mut e, "boardsize 5"), "=\n\n");
}

#[test]
fn each_hand_holds_ten_normal_pieces_and_two_henges() {
    let game = new_game();
    for color in Color::BOTH {
        assert_eq!(game.hand(color), Some(vec![(Piece::Stone, 10), (Piece::Henge, 2)]));
    }
    let mut e = engine();
    assert_eq!(ok(&mut e, "variago-hand b"), "stone 10 henge 2");
    ok(&mut e, "play b A1");
    ok(&mut e, "variago-play w henge@E5");
    assert_eq!(ok(&mut e, "variago-hand black"), "stone 9 henge 2");
    assert_eq!(ok(&mut e, "variago-hand W"), "stone 10 henge 1");
}

#[test]
fn variants_without_hands_refuse_variago_hand() {
    let mut e = engine();
    ok(&mut e, "variago-set_variant go");
    assert!(gtp(&mut e, "variago-hand b").starts_with("? "));
    assert!(gtp(&mut e, "variago-setup_henge B2").starts_with("? "));
}

#[test]
fn the_setup_henge_stands_at_the_centre_by_default() {
    let game = new_game();
    assert_eq!(piece_at(&game, "C3"), HENGE);
    let pieces = (0..5)
        .flat_map(|y| (0..5).map(move |x| Vertex::new(x, y)))
        .filter(|&p| game.occupant(p).is_some())
        .count();
    assert_eq!(pieces, 1);
    assert_eq!(game.to_move(), Color::Black);
}

#[test]
fn the_setup_henge_can_go_elsewhere() {
    let game = game_with_henge("B4");
    assert_eq!(piece_at(&game, "B4"), HENGE);
    assert_eq!(piece_at(&game, "C3"), None);

    let mut e = engine();
    assert_eq!(ok(&mut e, "variago-setup_henge"), "C3");
    ok(&mut e, "play b A1");
    assert_eq!(ok(&mut e, "variago-setup_henge d2"), "D2");
    // A new game with the henge there.
    assert_eq!(e.game.moves_played(), 0);
    assert_eq!(piece_at(&e.game, "D2"), HENGE);
    assert_eq!(piece_at(&e.game, "A1"), None);
    // clear_board keeps the chosen setup.
    ok(&mut e, "clear_board");
    assert_eq!(piece_at(&e.game, "D2"), HENGE);
    assert!(gtp(&mut e, "variago-setup_henge F6").starts_with("? "));
    assert!(gtp(&mut e, "variago-setup_henge nowhere").starts_with("? "));
    assert_eq!(piece_at(&e.game, "D2"), HENGE);
}

#[test]
fn white_can_choose_the_setup_henge() {
    let mut e = engine();
    let chosen = ok(&mut e, "variago-setup_henge auto");
    let vertex = Vertex::parse(&chosen).expect("a vertex");
    assert!(variago::variants::gorogo::HENGE_CANDIDATES.contains(&vertex));
    assert_eq!(piece_at(&e.game, &chosen), HENGE);
    // The same settings choose the same point.
    assert_eq!(ok(&mut engine(), "variago-setup_henge auto"), chosen);
}

#[test]
fn the_command_line_option_places_the_setup_henge() {
    let run = |args: &[&str]| {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_variago"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        // A refused command line exits before reading: the write may fail.
        let _ = child.stdin.take().unwrap().write_all(b"variago-setup_henge\nquit\n");
        let output = child.wait_with_output().unwrap();
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (success, out) = run(&["--variant", "gorogo", "--henge", "b2"]);
    assert!(success);
    assert!(out.starts_with("= B2\n\n"), "{out}");
    let (success, out) = run(&["--variant", "gorogo", "--henge", "auto", "--playouts", "100"]);
    assert!(success);
    assert!(out.starts_with("= "), "{out}");
    assert!(!run(&["--variant", "gorogo", "--henge", "Z9"]).0);
    assert!(!run(&["--variant", "go", "--henge", "C3"]).0);
}

// ---------------------------------------------------------------- moves

#[test]
fn plain_play_places_a_normal_piece_and_variago_play_a_henge() {
    let mut e = engine();
    ok(&mut e, "play b B2");
    assert_eq!(piece_at(&e.game, "B2"), BLACK_STONE);
    ok(&mut e, "variago-play w henge@D4");
    assert_eq!(piece_at(&e.game, "D4"), HENGE);
    ok(&mut e, "variago-play b stone@A5");
    assert_eq!(piece_at(&e.game, "A5"), BLACK_STONE);
    // Plain play never takes a typed move.
    assert!(gtp(&mut e, "play w henge@E1").starts_with("? syntax error"));
}

#[test]
fn black_moves_first_and_play_alternates() {
    let mut e = engine();
    assert_eq!(gtp(&mut e, "play w A1"), "? illegal move: it is black's turn\n\n");
    ok(&mut e, "play b A1");
    assert_eq!(gtp(&mut e, "play b A2"), "? illegal move: it is white's turn\n\n");
}

#[test]
fn passing_is_refused() {
    let mut e = engine();
    assert_eq!(gtp(&mut e, "play b pass"), "? illegal move: GoRoGo has no pass\n\n");
    assert_eq!(
        gtp(&mut e, "variago-play b pass"),
        "? illegal move: GoRoGo has no pass\n\n"
    );
    let mut moves = Vec::new();
    new_game().legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Pass));
    assert_eq!(e.game.moves_played(), 0);
}

#[test]
fn genmove_answers_a_henge_click_by_click_and_variago_genmove_the_typed_move() {
    // After FILL, Black holds only henges: the engine must play one. (Black
    // is lost then, so the engine would resign: it may not here.) Plain
    // genmove answers the henge in black's hand (F2 in the frame), then
    // the point.
    let mut e = engine();
    e.settings.config.resign_below = 0.0;
    gtp_play_all(&mut e, FILL);
    assert_eq!(ok(&mut e, "genmove b"), "F2");
    assert_eq!(e.game.to_move(), Color::Black, "the move is not played yet");
    let answer = ok(&mut e, "genmove b");
    assert!(["A3", "B3", "D3", "E3"].contains(&answer.as_str()), "{answer}");
    assert_eq!(piece_at(&e.game, &answer), HENGE);
    assert_eq!(ok(&mut e, "variago-hand b"), "stone 0 henge 1");
    let typed = ok(&mut e, "variago-genmove w");
    assert!(typed.starts_with("henge@"), "{typed}");
    assert_eq!(ok(&mut e, "variago-hand w"), "stone 0 henge 1");
}

// ------------------------------------------------- henge colour, captures

#[test]
fn the_seed_example_white_beside_a_henge_is_captured_by_the_next_black_move() {
    let mut game = new_game();
    play_all(&mut game, "b A3, w E1, b B4, w E2, b B2");
    // B3 is surrounded by A3, B4, B2 and the henge on C3, which counts as
    // white on White's turn: the white piece is legal there.
    play_all(&mut game, "w B3");
    assert_eq!(piece_at(&game, "B3"), WHITE_STONE);
    // Black plays far away; on Black's turn the henge is black, so the
    // white piece has no liberty and is captured.
    play_all(&mut game, "b E5");
    assert_eq!(piece_at(&game, "B3"), None);
    assert_eq!(game.captures(), [1, 0]);
    assert_eq!(piece_at(&game, "C3"), HENGE);
}

#[test]
fn the_documented_session_holds() {
    let mut e = engine();
    gtp_play_all(&mut e, "b A3, w E1, b B4, w E2, b B2, w B3");
    assert_eq!(ok(&mut e, "variago-hand w"), "stone 7 henge 2");
    ok(&mut e, "play b E5");
    let board = ok(&mut e, "variago-board");
    assert!(board.contains("captures 1 0\n"), "{board}");
    assert!(board.contains("status hand: black stone 6 henge 2\n"), "{board}");
    assert!(board.contains("status henges (H) count as white\n"), "{board}");
    assert!(
        board.ends_with("board\n. . . . X\n. X . . .\nX . H . .\n. X . . O\n. . . . O"),
        "{board}"
    );
    let human = ok(&mut e, "showboard");
    assert!(human.contains(" 3  X . H . . 3"), "{human}");
    assert!(human.contains("hand: white stone 7 henge 2"), "{human}");
    assert!(human.contains("captures: black 1 white 0"), "{human}");
}

#[test]
fn without_the_henge_the_same_white_piece_is_refused() {
    let mut game = game_with_henge("E3");
    play_all(&mut game, "b A3, w E1, b B4, w E2, b B2, w D4, b C3");
    let before = game.hash();
    let refused = game.play(Color::White, Move::Place(v("B3")));
    assert!(refused.unwrap_err().to_string().contains("suicide"));
    assert_eq!(game.hash(), before);
}

#[test]
fn a_henge_connects_the_pieces_of_the_player_to_move() {
    // White A1 and A2 with the henge at A3: on White's turn the group
    // A1-A2-A3 reaches A4, so White may fill B1 and B2 around it... and
    // Black may surround the same stones when the henge turns black.
    let mut game = game_with_henge("A3");
    play_all(&mut game, "b B1, w A1, b B2, w A2");
    // On White's turn the group A1-A2-henge breathes through A4 and B3:
    // nothing was captured by White's own move.
    assert_eq!(piece_at(&game, "A1"), WHITE_STONE);
    // Black plays anywhere: the henge is black now, A1-A2 have no liberty.
    play_all(&mut game, "b E5");
    assert_eq!(piece_at(&game, "A1"), None);
    assert_eq!(piece_at(&game, "A2"), None);
    assert_eq!(game.captures(), [2, 0]);
}

#[test]
fn a_henge_may_go_on_any_empty_point() {
    let mut game = game_with_henge("E5");
    play_all(&mut game, "b A2, w E1, b B1");
    // A1 is surrounded by black: a normal white piece is suicide, a henge is not.
    let mut normal = game.clone();
    assert!(normal.play(Color::White, Move::Place(v("A1"))).is_err());
    play_all(&mut game, "w henge@A1");
    assert_eq!(piece_at(&game, "A1"), HENGE);
    let mut moves = Vec::new();
    new_game().legal_moves(&mut moves);
    let henges = moves
        .iter()
        .filter(|m| matches!(m, Move::Drop(Piece::Henge, _)))
        .count();
    assert_eq!(henges, 24);
}

#[test]
fn henges_are_never_captured() {
    // The setup henge is surrounded by black: on White's turn it counts as
    // white and has no liberty, yet it stays through every move.
    let mut game = new_game();
    play_all(&mut game, "b B3, w A1, b C4, w A5, b D3, w E1, b C2, w E5, b B5");
    assert_eq!(piece_at(&game, "C3"), HENGE);
    assert_eq!(game.captures(), [0, 0]);
}

#[test]
fn a_normal_piece_may_go_where_it_captures() {
    let mut game = new_game();
    play_all(&mut game, "b A1, w B1, b A3, w E5, b B2");
    // A2 touches only black pieces, but it takes A1's last liberty: A1 is
    // captured first, and then A2 breathes.
    play_all(&mut game, "w A2");
    assert_eq!(piece_at(&game, "A1"), None);
    assert_eq!(piece_at(&game, "A2"), WHITE_STONE);
    assert_eq!(game.captures(), [0, 1]);
}

#[test]
fn the_movers_own_groups_are_never_removed() {
    let mut game = new_game();
    play_all(&mut game, "b A1, w B1, b E5, w B2, b E4, w A3");
    // Black's henge on A2 joins A1 (henges are black on Black's turn) and
    // takes the group's last liberty: it stays for now.
    play_all(&mut game, "b henge@A2");
    assert_eq!(piece_at(&game, "A1"), BLACK_STONE);
    // White's next move, anywhere: the henge is white, A1 is captured.
    play_all(&mut game, "w E1");
    assert_eq!(piece_at(&game, "A1"), None);
    assert_eq!(game.captures(), [0, 1]);
    // The henge of the captured group stays.
    assert_eq!(piece_at(&game, "A2"), HENGE);
}

// ---------------------------------------------------------- end of game

#[test]
fn a_henge_played_as_the_last_piece_loses_at_once() {
    let mut game = new_game();
    play_all(&mut game, FILL);
    play_all(&mut game, "b henge@A3, w henge@E3");
    assert_eq!(game.outcome(), None);
    play_all(&mut game, "b henge@B3");
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(game.outcome().unwrap().to_string(), "W+R");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn after_the_end_the_loser_resigns_and_the_winner_passes() {
    let mut e = engine();
    gtp_play_all(&mut e, FILL);
    ok(&mut e, "variago-play b henge@A3");
    ok(&mut e, "variago-play w henge@E3");
    ok(&mut e, "variago-play b henge@B3");
    assert_eq!(ok(&mut e, "final_score"), "W+R");
    assert_eq!(ok(&mut e, "genmove b"), "resign");
    assert_eq!(ok(&mut e, "genmove w"), "pass");
    assert_eq!(ok(&mut e, "gogui-interrupt"), "");
    assert!(gtp(&mut e, "variago-play w henge@D3").starts_with("? illegal move: the game is over"));
    assert_eq!(ok(&mut e, "variago-legal_moves"), "");
}

/// Plays random games through the public API until `found` accepts a
/// finished game; returns it.
fn find_random_game(seed: u64, mut found: impl FnMut(&Game) -> bool) -> Option<Game> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..20_000 {
        let mut game = new_game();
        while game.outcome().is_none() {
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(game.to_move(), mv).unwrap();
        }
        if found(&game) {
            return Some(game);
        }
    }
    None
}

fn hands_empty(game: &Game) -> bool {
    Color::BOTH
        .iter()
        .all(|&c| game.hand(c).unwrap().iter().all(|&(_, n)| n == 0))
}

#[test]
fn a_player_with_no_legal_move_loses() {
    // Pieces in hand and a loss for the side to move: it is stuck (a henge
    // played as the last piece is a loss for the player who just moved).
    let game = find_random_game(1, |g| {
        !hands_empty(g) && g.outcome() == Some(Outcome::Win(g.to_move().opponent()))
    });
    let game = game.expect("random play reaches a position without a legal move");
    let stuck = game.to_move();
    // No piece of the hand goes anywhere: every try is refused.
    for y in 0..5 {
        for x in 0..5 {
            for mv in [
                Move::Place(Vertex::new(x, y)),
                Move::Drop(Piece::Henge, Vertex::new(x, y)),
            ] {
                assert!(game.clone().play(stuck, mv).is_err());
            }
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(stuck.opponent())));
}

#[test]
fn when_both_hands_are_empty_more_captures_win_and_white_wins_a_tie() {
    let tie = find_random_game(2, |g| hands_empty(g) && g.captures()[0] == g.captures()[1])
        .expect("random play reaches a tie");
    assert_eq!(tie.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(tie.outcome().unwrap().to_string(), "W+R");
    let black = find_random_game(3, |g| hands_empty(g) && g.captures()[0] > g.captures()[1])
        .expect("random play reaches a black win");
    let [b, w] = black.captures();
    assert_eq!(black.outcome(), Some(Outcome::Score(b as f32 - w as f32)));
    assert_eq!(black.outcome().unwrap().to_string(), format!("B+{}", b - w));
    let white = find_random_game(4, |g| hands_empty(g) && g.captures()[0] < g.captures()[1])
        .expect("random play reaches a white win");
    let [b, w] = white.captures();
    assert_eq!(white.outcome().unwrap().to_string(), format!("W+{}", w - b));
}

// ------------------------------------------------------------ bad input

/// Runs a command that must fail and checks that nothing changed.
fn refused(e: &mut Engine, line: &str, message: &str) {
    let board = ok(e, "variago-board");
    let hash = e.game.hash();
    let played = e.game.moves_played();
    let reply = gtp(e, line);
    assert!(reply.starts_with(&format!("? {message}")), "{line}: {reply}");
    assert_eq!(ok(e, "variago-board"), board);
    assert_eq!(e.game.hash(), hash);
    assert_eq!(e.game.moves_played(), played);
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let mut e = engine();
    refused(&mut e, "boardsize 9", "unacceptable size");
    refused(&mut e, "boardsize 19", "unacceptable size");
    refused(&mut e, "play b C3", "illegal move: point is occupied");
    refused(&mut e, "variago-play b henge@C3", "illegal move: point is occupied");
    refused(&mut e, "play b H1", "invalid vertex");
    refused(
        &mut e,
        "play b F1",
        "illegal move: the stone in hand begins no legal move",
    );
    refused(&mut e, "play b G4", "illegal move: G4 is white's hand");
    refused(&mut e, "variago-play b king@A1", "illegal move: GoRoGo has no king");
    refused(
        &mut e,
        "variago-play b A1-A2",
        "illegal move: pieces do not move in GoRoGo",
    );
    ok(&mut e, "variago-play b henge@A1");
    ok(&mut e, "variago-play w henge@E5");
    ok(&mut e, "variago-play b henge@A5");
    refused(&mut e, "variago-play b henge@E1", "illegal move: it is white's turn");
    ok(&mut e, "play w E1");
    refused(
        &mut e,
        "variago-play b henge@B2",
        "illegal move: no henge left in black's hand",
    );
    // After FILL-like play Black's normal pieces run out.
    let mut e = engine();
    gtp_play_all(&mut e, FILL);
    refused(
        &mut e,
        "play b A3",
        "illegal move: no normal piece left in black's hand",
    );
    refused(&mut e, "play b A1", "illegal move: point is occupied");
}

#[test]
fn a_game_with_henges_survives_printsgf_and_loadsgf() {
    let mut e = engine();
    ok(&mut e, "variago-setup_henge B4");
    gtp_play_all(&mut e, "b A3, w E1");
    ok(&mut e, "variago-play b henge@D2");
    gtp_play_all(&mut e, "w E2, b B2");
    let board = ok(&mut e, "variago-board");
    let path = std::env::temp_dir().join(format!("variago-gorogo-{}.sgf", std::process::id()));
    ok(&mut e, &format!("printsgf {}", path.display()));
    let mut other = engine();
    ok(&mut other, "variago-setup_henge B4");
    assert_eq!(ok(&mut other, &format!("loadsgf {}", path.display())), "white");
    let _ = std::fs::remove_file(&path);
    assert_eq!(ok(&mut other, "variago-board"), board);
}

#[test]
fn undo_restores_the_position_and_the_hash() {
    let mut e = engine();
    let start = (ok(&mut e, "variago-board"), e.game.hash());
    ok(&mut e, "play b A3");
    ok(&mut e, "variago-play w henge@B3");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    assert_eq!((ok(&mut e, "variago-board"), e.game.hash()), start);
    assert!(gtp(&mut e, "undo").starts_with("? cannot undo"));
}

// ------------------------------------------------------------ the hash

#[test]
fn the_hash_covers_pieces_henges_hands_captures_and_the_side_to_move() {
    // The same pieces reached in another order hash the same.
    let mut a = new_game();
    let mut b = new_game();
    play_all(&mut a, "b A1, w E5, b B1, w E4");
    play_all(&mut b, "b B1, w E4, b A1, w E5");
    assert_eq!(a.hash(), b.hash());
    // A henge differs from a normal piece on the same point.
    let mut c = new_game();
    play_all(&mut c, "b henge@A1, w E5, b B1, w E4");
    assert_ne!(a.hash(), c.hash());
    // Every state hashes the same incrementally and from scratch.
    let mut rng = SmallRng::seed_from_u64(7);
    let mut moves = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for _ in 0..200 {
        let mut game = new_game();
        while game.outcome().is_none() {
            assert_eq!(game.hash(), game.recompute_hash());
            let key = format!(
                "{} {:?} {:?} {:?} {:?}",
                variago::gtp::display::machine_board(&game),
                game.hand(Color::Black),
                game.hand(Color::White),
                game.captures(),
                game.to_move()
            );
            assert_eq!(*seen.entry(game.hash()).or_insert(key.clone()), key, "hash collision");
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(game.to_move(), mv).unwrap();
        }
        assert_eq!(game.hash(), game.recompute_hash());
    }
}

fn as_move((henge, x, y): (bool, usize, usize)) -> Move {
    if henge {
        Move::Drop(Piece::Henge, Vertex::new(x, y))
    } else {
        Move::Place(Vertex::new(x, y))
    }
}

#[test]
fn the_engine_agrees_with_the_naive_implementation_on_random_games() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut moves = Vec::new();
    let (mut captures_seen, mut henge_losses, mut stuck) = (0, 0, 0);
    for game_number in 0..400 {
        let henge = (game_number % 5, game_number / 5 % 5);
        let mut game = game_with_henge(&Vertex::new(henge.0, henge.1).to_string());
        let mut naive = NaiveGoRoGo::new(henge);
        loop {
            moves.clear();
            game.legal_moves(&mut moves);
            let mut expected: Vec<Move> = naive.moves().into_iter().map(as_move).collect();
            moves.sort_by_key(|m| m.to_string());
            expected.sort_by_key(|m| m.to_string());
            assert_eq!(moves, expected);
            assert_eq!(game.outcome(), naive.outcome());
            assert_eq!(game.captures(), naive.captures);
            for y in 0..5 {
                for x in 0..5 {
                    let piece = game.occupant(Vertex::new(x, y)).map(|o| (o.owner, o.piece));
                    let want = match naive.cells[y][x] {
                        GoRoGoCell::Empty => None,
                        GoRoGoCell::Henge => HENGE,
                        GoRoGoCell::Stone(Color::Black) => BLACK_STONE,
                        GoRoGoCell::Stone(Color::White) => WHITE_STONE,
                    };
                    assert_eq!(piece, want);
                }
            }
            // 25 pieces and one on the board before the start: at most 24 moves.
            assert!(game.moves_played() <= 24);
            if let Some(outcome) = game.outcome() {
                match (naive.lost, outcome) {
                    (Some(_), _) => henge_losses += 1,
                    (None, _) if naive.hands != [[0, 0], [0, 0]] => stuck += 1,
                    _ => {}
                }
                break;
            }
            let tries = naive.moves();
            let pick = tries[rng.random_range(0..tries.len())];
            let color = game.to_move();
            game.play(color, as_move(pick)).unwrap();
            naive = naive.play(pick.0, pick.1, pick.2).unwrap();
            if naive.captures != [0, 0] {
                captures_seen += 1;
            }
        }
    }
    assert!(
        captures_seen > 0 && henge_losses > 0 && stuck > 0,
        "{captures_seen} {henge_losses} {stuck}"
    );
}

#[test]
fn perft_agrees_with_the_naive_implementation() {
    let mut game = new_game();
    let naive = NaiveGoRoGo::new((2, 2));
    for depth in 1..=3 {
        assert_eq!(perft(&mut game, depth), naive.perft(depth), "depth {depth}");
    }
    // By hand: every empty point takes a normal piece or a henge until
    // something can be surrounded, which takes four moves.
    assert_eq!(perft(&mut game, 1), 24 * 2);
    assert_eq!(perft(&mut game, 2), 24 * 2 * 23 * 2);
    assert_eq!(perft(&mut game, 3), 24 * 2 * 23 * 2 * 22 * 2);
}
