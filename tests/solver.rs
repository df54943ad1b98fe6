//! The exact solver: values known by hand or by a plain minimax written
//! here, symmetry, legal best moves, budgets and stop flags, and genmove
//! playing a proven win.

use variago::gtp::engine::{Engine, SearchSettings};
use variago::player::{Resigning, Thinking};
use variago::solver::{self, Budget, SolverHints, Value};
use variago::variants::migoyugo::Migoyugo;
use variago::variants::Start;
use variago::{Color, Game, Move, Outcome, Piece, Position, Setup, Variant, Vertex};

fn game(variant: Variant, size: usize) -> Game {
    Game::new(&Setup {
        size,
        ..Setup::new(variant)
    })
}

fn budget() -> Budget {
    Budget {
        table_mb: 8,
        ..Budget::default()
    }
}

fn solve(pos: &impl SolverHints) -> solver::Solution {
    solver::solve(pos, &budget(), &|| false)
}

fn v(text: &str) -> Vertex {
    Vertex::parse(text).unwrap()
}

fn play_all(pos: &mut impl Position, moves: &[&str]) {
    for text in moves {
        let color = pos.to_move();
        let mv = Move::parse(text, pos.size()).unwrap_or_else(|e| panic!("bad move {text}: {e}"));
        pos.play(color, mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// Plain minimax over every legal move, no table, no pruning of moves:
/// the value for the side to move (1 win, 0 draw, -1 loss).
fn minimax<P: Position>(pos: &mut P) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner() {
            Some(c) if c == pos.to_move() => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let color = pos.to_move();
    let mut best = -1;
    for mv in moves {
        pos.play(color, mv).unwrap();
        best = best.max(-minimax(pos));
        pos.undo();
        if best == 1 {
            break;
        }
    }
    best
}

fn value_for_mover(value: Value, mover: Color) -> i32 {
    match value {
        Value::Win(c) if c == mover => 1,
        Value::Win(_) => -1,
        Value::Draw => 0,
        Value::Unknown => panic!("unsolved"),
    }
}

/// Checks the solver's value against plain minimax, and that its best
/// move is legal and (for a win) wins.
fn check_against_minimax<P: SolverHints>(pos: &mut P) -> Value {
    let solution = solve(pos);
    let mover = pos.to_move();
    assert_eq!(
        value_for_mover(solution.value, mover),
        minimax(pos),
        "{}",
        pos.variant_name()
    );
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let best = solution.best.expect("a best move");
    assert!(legal.contains(&best), "{best} is not legal");
    if solution.value == Value::Win(mover) {
        pos.play(mover, best).unwrap();
        assert_eq!(minimax(pos), -1, "{best} does not win");
        pos.undo();
    }
    solution.value
}

#[test]
fn atari_go_2x2_is_a_second_player_win() {
    // Black's first stone, white's diagonal reply, and black must fill a
    // point that leaves its own pair in atari.
    let mut pos = game(Variant::Atari, 2);
    assert_eq!(check_against_minimax(&mut pos), Value::Win(Color::White));
}

#[test]
fn atari_go_3x3_is_a_first_player_win() {
    let mut pos = game(Variant::Atari, 3);
    assert_eq!(check_against_minimax(&mut pos), Value::Win(Color::Black));
}

#[test]
fn atari_go_4x4_is_a_second_player_win() {
    let solution = solve(&game(Variant::Atari, 4));
    assert_eq!(solution.value, Value::Win(Color::White));
}

#[test]
fn atari_go_4x4_openings_agree_with_minimax() {
    // After two moves each the rest is small enough for plain minimax.
    for opening in [
        ["B2", "C3", "C2", "B3"],
        ["A1", "B2", "D4", "C3"],
        ["B2", "B3", "C3", "C2"],
    ] {
        let mut pos = game(Variant::Atari, 4);
        play_all(&mut pos, &opening);
        check_against_minimax(&mut pos);
    }
}

#[test]
fn a_capture_at_hand_is_a_win_in_one() {
    // White's A1 has its last liberty at A2.
    let mut pos = game(Variant::Atari, 5);
    play_all(&mut pos, &["B1", "A1"]);
    let solution = solve(&pos);
    assert_eq!(solution.value, Value::Win(Color::Black));
    assert_eq!(solution.best, Some(Move::Place(v("A2"))));
    assert!(solution.nodes <= 2, "{} nodes", solution.nodes);
}

#[test]
fn symmetric_positions_get_equal_values_and_hashes() {
    let corners = ["A1", "D1", "A4", "D4"];
    let mut values = Vec::new();
    let mut hashes = Vec::new();
    for corner in corners {
        let mut pos = game(Variant::Atari, 4);
        play_all(&mut pos, &[corner]);
        values.push(solve(&pos).value);
        hashes.push(pos.canonical_hash());
    }
    assert!(values.iter().all(|&x| x == values[0]), "{values:?}");
    assert!(hashes.iter().all(|&h| h == hashes[0]));
    let mut a = game(Variant::Atari, 4);
    play_all(&mut a, &["B1"]);
    let mut b = game(Variant::Atari, 4);
    play_all(&mut b, &["B2"]);
    assert_ne!(a.canonical_hash(), b.canonical_hash());
}

#[test]
fn gorogo_symmetric_positions_share_a_canonical_hash() {
    let mut a = game(Variant::GoRoGo, 5);
    play_all(&mut a, &["A2", "henge@B5"]);
    let mut b = game(Variant::GoRoGo, 5);
    play_all(&mut b, &["B1", "henge@E2"]);
    assert_eq!(a.canonical_hash(), b.canonical_hash());
    assert_ne!(a.hash(), b.hash());
}

/// A GoRoGo game played out to `plies` moves with a fixed simple rule:
/// the first legal normal piece from a rotating start point.
fn gorogo_endgame(plies: usize) -> Game {
    let mut pos = game(Variant::GoRoGo, 5);
    let mut moves = Vec::new();
    for ply in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        let stones: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Place(_))).collect();
        let mv = stones[(ply * 7) % stones.len()];
        let color = pos.to_move();
        pos.play(color, mv).unwrap();
    }
    pos
}

#[test]
fn gorogo_endgames_agree_with_minimax() {
    for plies in [16, 17, 18] {
        let mut pos = gorogo_endgame(plies);
        assert!(pos.outcome().is_none());
        check_against_minimax(&mut pos);
    }
}

#[test]
fn gorogo_white_mirrors_black_through_the_centre() {
    let mut pos = game(Variant::GoRoGo, 5);
    assert_eq!(pos.strategist(), Some(Color::White));
    assert_eq!(pos.strategy_move(), None, "black has no strategy");
    play_all(&mut pos, &["A1"]);
    assert_eq!(pos.strategist(), Some(Color::White));
    assert_eq!(pos.strategy_move(), Some(Move::Place(v("E5"))));
    play_all(&mut pos, &["E5", "henge@B4"]);
    assert_eq!(pos.strategy_move(), Some(Move::Drop(Piece::Henge, v("D2"))));
    play_all(&mut pos, &["D2"]);
    assert_eq!(pos.strategist(), None, "a normal piece does not copy a henge");
    let mut setup = Setup::new(Variant::GoRoGo);
    setup.apply_option("henge", "B2").unwrap();
    let mut off_centre = Game::new(&setup);
    assert_eq!(off_centre.strategist(), None, "the setup henge is off the centre");
    play_all(&mut off_centre, &["A1"]);
    assert_eq!(off_centre.strategist(), None);
}

/// A GoRoGo position after `pairs` moves of Black, chosen by a fixed rule
/// from `seed` among all legal moves, each copied by White through the
/// centre; `None` when a copy is illegal.
fn gorogo_mirrored(pairs: usize, seed: usize) -> Option<Game> {
    let mut pos = game(Variant::GoRoGo, 5);
    let mut moves = Vec::new();
    for pair in 0..pairs {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        pos.play(Color::Black, moves[(seed * 7 + pair * 5) % moves.len()])
            .unwrap();
        let copy = pos.strategy_move().expect("a copy");
        pos.play(Color::White, copy).ok()?;
        if pos.outcome().is_some() || pos.strategist() != Some(Color::White) {
            return None;
        }
    }
    Some(pos)
}

/// A proof by White's copying strategy is a proof: in mirrored endgames,
/// before and after Black's move, the value is plain minimax's, whether
/// the copy wins, another White move does, or Black wins and the ordinary
/// search had to answer.
#[test]
fn gorogo_mirrored_endgames_agree_with_minimax() {
    let mut values = Vec::new();
    // Seed 97 reaches a mirrored position that Black wins.
    for seed in (0..12).chain([97]) {
        let Some(mut pos) = gorogo_mirrored(9, seed) else {
            continue;
        };
        values.push(check_against_minimax(&mut pos));
        let plain = solver::solve(
            &pos,
            &Budget {
                strategy: false,
                ..budget()
            },
            &|| false,
        );
        assert_eq!(plain.value, *values.last().unwrap(), "df-pn alone disagrees");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        pos.play(Color::Black, moves[seed % moves.len()]).unwrap();
        if pos.outcome().is_none() {
            values.push(check_against_minimax(&mut pos));
        }
    }
    assert!(values.len() >= 12, "{} positions", values.len());
    assert!(values.contains(&Value::Win(Color::White)));
    assert!(values.contains(&Value::Win(Color::Black)), "{values:?}");
}

/// A table far smaller than the proof: a child whose entry was pushed out
/// is not searched again and again.
#[test]
fn a_proof_finishes_with_a_table_smaller_than_it() {
    let mut pos = game(Variant::GoRoGo, 5);
    play_all(
        &mut pos,
        &[
            "A1", "E5", "A3", "E3", "C5", "C1", "A5", "E1", "B2", "D4", "henge@B4", "henge@D2", "B1", "D5",
        ],
    );
    let tiny = Budget {
        table_mb: 1,
        nodes: 2_000_000,
        strategy: false,
        ..Budget::default()
    };
    let solution = solver::solve(&pos, &tiny, &|| false);
    assert_eq!(solution.value, Value::Win(Color::White), "{} nodes", solution.nodes);
}

#[test]
fn a_migoyugo_igo_in_one_is_found() {
    // D1 makes four Yugos in a row for black.
    let pos = Migoyugo::from_rows(&["O O O y4", "O O y4 O", "O y O O", "Y Y Y ."], Color::Black).unwrap();
    let solution = solve(&pos);
    assert_eq!(solution.value, Value::Win(Color::Black));
    assert_eq!(solution.best, Some(Move::Place(v("D1"))));
}

#[test]
fn a_migoyugo_draw_is_a_draw() {
    // From the Wego test position: black's E5 fills the board to a 2-2 Wego.
    let rows = ["Y2 O X O .", "O X O O O", "X y X X O", "y X O X X", "O O . O O"];
    let mut pos = Migoyugo::from_rows(&rows, Color::Black).unwrap();
    let value = check_against_minimax(&mut pos);
    assert_ne!(value, Value::Unknown);
}

#[test]
fn yugo_tiny_boards_agree_with_minimax() {
    for (size, komi) in [(2, 0.0), (2, 1.0), (2, 2.0)] {
        let mut pos = Game::new(&Setup {
            size,
            komi,
            ..Setup::new(Variant::Yugo)
        });
        check_against_minimax(&mut pos);
    }
}

#[test]
fn a_finished_game_has_its_result_and_no_move() {
    let mut pos = game(Variant::Atari, 2);
    play_all(&mut pos, &["A1", "B2", "B1", "A2"]);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Color::White)));
    let solution = solve(&pos);
    assert_eq!(solution.value, Value::Win(Color::White));
    assert_eq!(solution.best, None);
}

#[test]
fn a_node_budget_returns_unknown_with_a_legal_move() {
    let pos = Game::new(&Setup {
        size: 6,
        start: Start::Crosscut,
        ..Setup::new(Variant::Atari)
    });
    let tiny = Budget { nodes: 50, ..budget() };
    let solution = solver::solve(&pos, &tiny, &|| false);
    assert_eq!(solution.value, Value::Unknown);
    assert!(solution.nodes <= 50);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&solution.best.unwrap()));
}

#[test]
fn a_stop_flag_and_a_time_limit_return_unknown() {
    let pos = game(Variant::GoRoGo, 5);
    let stopped = solver::solve(&pos, &budget(), &|| true);
    assert_eq!(stopped.value, Value::Unknown);
    let timed = Budget {
        time: Some(std::time::Duration::from_millis(50)),
        ..budget()
    };
    let started = std::time::Instant::now();
    assert_eq!(solver::solve(&pos, &timed, &|| false).value, Value::Unknown);
    assert!(started.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn genmove_plays_a_proven_win() {
    // 4x4 Atari Go a few moves in: the solver settles it within the
    // genmove budget, and the move played must win by plain minimax.
    let openings: [&[&str]; 3] = [&["B2", "B3", "C3"], &["B2", "C3"], &["B2", "B3", "C3", "C2"]];
    let opening = openings
        .into_iter()
        .find(|opening| {
            let mut pos = game(Variant::Atari, 4);
            play_all(&mut pos, opening);
            solve(&pos).wins_for(pos.to_move())
        })
        .expect("an opening won for the side to move");
    let settings = SearchSettings {
        playouts: Some(2000),
        time: None,
        ..SearchSettings::default()
    };
    let setup = Setup {
        size: 4,
        ..Setup::new(Variant::Atari)
    };
    let mut engine = Engine::new(setup, settings);
    let mut color = Color::Black;
    for mv in opening {
        let line = format!("play {} {mv}", color.letter());
        assert!(variago::gtp::execute_line(&mut engine, &line).unwrap().starts_with('='));
        color = color.opponent();
    }
    let thought = engine
        .player
        .think(&engine.game.clone(), Thinking::move_for(color, Resigning::Never));
    assert_eq!(thought.playouts, 0, "the solver, not the tree search, chose");
    let reply = variago::gtp::execute_line(&mut engine, &format!("genmove {}", color.letter())).unwrap();
    let vertex = reply.trim_start_matches("= ").trim();
    let mut pos = game(Variant::Atari, 4);
    play_all(&mut pos, opening);
    pos.play(color, Move::Place(v(vertex))).unwrap();
    assert_eq!(minimax(&mut pos), -1, "genmove played {vertex}, which does not win");
}

#[test]
fn every_variant_solves_without_panicking_and_answers_a_legal_move() {
    for variant in Variant::ALL {
        let size = (2..=19).find(|&s| variant.accepts_size(s)).unwrap();
        let pos = game(variant, size);
        let small = Budget {
            nodes: 2000,
            max_plies: 40,
            ..budget()
        };
        let solution = solver::solve(&pos, &small, &|| false);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let best = solution.best.expect("a move");
        assert!(legal.contains(&best), "{}: {best}", variant.name());
        if let Value::Win(winner) = solution.value {
            if winner == pos.to_move() {
                let mut after = pos.clone();
                after.play(winner, best).unwrap();
                assert_ne!(
                    solver::solve(&after, &small, &|| false).value,
                    Value::Win(winner.opponent())
                );
            }
        }
    }
}

#[test]
fn an_interrupted_genmove_still_returns_a_legal_move_at_once() {
    let settings = SearchSettings {
        playouts: None,
        time: Some(std::time::Duration::from_secs(60)),
        ..SearchSettings::default()
    };
    let mut engine = Engine::new(Setup::new(Variant::GoRoGo), settings);
    for text in [
        "henge@B5", "henge@D1", "B2", "henge@B3", "D4", "A2", "A4", "C2", "henge@E4", "B1",
    ] {
        let color = engine.game.to_move();
        engine.play(color, Move::parse(text, 5).unwrap()).unwrap();
    }
    engine.interrupt.store(true, std::sync::atomic::Ordering::Relaxed);
    let started = std::time::Instant::now();
    let color = engine.game.to_move();
    let result = engine
        .player
        .think(&engine.game.clone(), Thinking::move_for(color, Resigning::Never));
    assert!(started.elapsed().as_secs_f64() < 10.0);
    let mut legal = Vec::new();
    engine.game.legal_moves(&mut legal);
    assert!(legal.contains(&result.best.unwrap()));
}

fn run_solve(args: &[&str]) -> (String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_variago"))
        .arg("solve")
        .args(args)
        .output()
        .expect("variago runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_solve_command_prints_value_move_nodes_and_time() {
    let (out, _) = run_solve(&["--variant", "atari", "--size", "3", "--table-mb", "4"]);
    assert!(
        out.starts_with("atari 3x3, 0 moves in, black to move: black wins\n"),
        "{out}"
    );
    assert!(out.contains("\nbest: B1\n") && out.contains("\nnodes: ") && out.contains("\ntime: "));
    let (out, _) = run_solve(&[
        "--variant",
        "atari",
        "--size",
        "4",
        "--moves",
        "B2 C3 C2",
        "--table-mb",
        "4",
    ]);
    assert!(out.contains("3 moves in, white to move: white wins"), "{out}");
}

/// The proof by White's mirror strategy and df-pn alone agree on a
/// mirrored GoRoGo position, and the strategy needs far fewer nodes.
#[test]
fn the_solve_command_proves_by_strategy_unless_told_not_to() {
    let nodes = |out: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with("nodes: ")).expect("a nodes line");
        line["nodes: ".len()..].parse().unwrap()
    };
    let moves = "A1 E5 A3 E3 C5 C1 A5 E1 B2 D4 henge@B4 henge@D2 B1 D5";
    let (strategy, err) = run_solve(&["--variant", "gorogo", "--moves", moves, "--table-mb", "64"]);
    let (plain, _) = run_solve(&[
        "--variant",
        "gorogo",
        "--moves",
        moves,
        "--table-mb",
        "64",
        "--no-strategy",
    ]);
    let value = "14 moves in, black to move: white wins\n";
    assert!(strategy.contains(value), "{strategy}{err}");
    assert!(plain.contains(value), "{plain}");
    assert!(nodes(&strategy) * 5 < nodes(&plain), "{strategy}{plain}");
}

#[test]
fn the_solve_command_clamps_absurd_budgets_with_a_warning() {
    let (out, err) = run_solve(&[
        "--variant",
        "gorogo",
        "--max-nodes",
        "0",
        "--table-mb",
        "0",
        "--time",
        "-5",
    ]);
    assert!(out.contains("unknown (budget)"), "{out}");
    assert!(err.contains("--max-nodes 0 raised to 1"), "{err}");
    assert!(err.contains("--table-mb 0 clamped to 1"), "{err}");
    assert!(err.contains("--time -5"), "{err}");
    let (out, err) = run_solve(&["--variant", "atari", "--size", "3", "--moves", "B2 B2"]);
    assert!(out.is_empty() && err.contains("illegal move"), "{err}");
}
