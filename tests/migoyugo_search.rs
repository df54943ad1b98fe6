//! Migoyugo's search behind `genmove`: Igos in one are always played and
//! an opponent's Igo in one is always blocked (in positions from random
//! games, at every budget), the clock is kept, resignation comes only with
//! a proven loss, and the analysis commands report the search's moves.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::player::{Resigning, Thinking};
use variago::variants::migoyugo::Migoyugo;
use variago::{Color, Game, Move, Position, Setup, Variant, Vertex, View};

fn settings(playouts: Option<u64>, time: Option<f64>) -> SearchSettings {
    let mut settings = SearchSettings {
        playouts,
        time: time.map(Duration::from_secs_f64),
        ..SearchSettings::default()
    };
    settings.config.seed = 11;
    settings
}

fn gtp(e: &mut Engine, line: &str) -> String {
    let reply = execute_line(e, line).expect("a command");
    assert!(reply.starts_with('='), "{line} -> {reply}");
    reply[1..].trim().to_string()
}

/// Positions from random games (half the moves make a Yugo where one can)
/// that `keep` accepts, with the moves that led there.
fn positions(count: usize, seed: u64, keep: impl Fn(&Migoyugo) -> bool) -> Vec<Vec<(Color, Move)>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Migoyugo::new(&Setup::new(Variant::Migoyugo));
        let mut record = Vec::new();
        while game.outcome().is_none() {
            if keep(&game) {
                found.push(record.clone());
                break;
            }
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let color = game.to_move();
            let yugo: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let mut after = game.clone();
                    after.play(color, m).unwrap();
                    after.board().yugo_total() != game.board().yugo_total()
                })
                .collect();
            let pool = if !yugo.is_empty() && rng.random_bool(0.5) {
                &yugo
            } else {
                &moves
            };
            let mv = pool[rng.random_range(0..pool.len())];
            game.play(color, mv).unwrap();
            record.push((color, mv));
        }
    }
    found
}

fn igo_points(game: &Migoyugo, color: Color) -> Vec<Vertex> {
    let board = game.board();
    board.igo_points(color).into_iter().map(|p| board.vertex(p)).collect()
}

/// Every budget `genmove` may get: one playout, a few hundred, a short
/// time. Resignation is off: a lost position still has to be defended.
fn budgets() -> Vec<SearchSettings> {
    let mut all = vec![
        settings(Some(1), None),
        settings(Some(300), None),
        settings(None, Some(0.05)),
    ];
    for s in &mut all {
        s.config.resign_below = 0.0;
    }
    all
}

fn engine_at(record: &[(Color, Move)], settings: SearchSettings) -> Engine {
    let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings);
    for (color, mv) in record {
        gtp(&mut e, &format!("play {color} {mv}"));
    }
    e
}

#[test]
fn an_igo_in_one_is_always_played() {
    let cases = positions(12, 1, |g| !igo_points(g, g.to_move()).is_empty());
    for record in cases {
        for settings in budgets() {
            let mut e = engine_at(&record, settings);
            let color = e.game.to_move();
            let answer = gtp(&mut e, &format!("genmove {color}"));
            assert_eq!(
                e.game.outcome().and_then(|o| o.winner()),
                Some(color),
                "{record:?}: {answer}"
            );
        }
    }
}

#[test]
fn an_opponents_igo_in_one_is_always_blocked() {
    let cases = positions(12, 2, |g| {
        let color = g.to_move();
        let threats = igo_points(g, color.opponent());
        igo_points(g, color).is_empty() && threats.len() == 1 && g.board().is_legal(g.board().point(threats[0]), color)
    });
    for record in cases {
        for settings in budgets() {
            let mut e = engine_at(&record, settings);
            let Game::Migoyugo(game) = &e.game else { unreachable!() };
            let threat = igo_points(game, game.to_move().opponent())[0];
            let color = e.game.to_move();
            let answer = gtp(&mut e, &format!("genmove {color}"));
            assert_eq!(answer, threat.to_string(), "{record:?}");
        }
    }
}

#[test]
fn a_timed_genmove_keeps_to_its_time() {
    // Wall time on a busy machine runs on while the engine waits for a
    // core: the margin allows for that, not for a search that overruns.
    for seconds in [0.05, 0.3] {
        let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings(None, Some(seconds)));
        for _ in 0..6 {
            let color = e.game.to_move();
            let start = Instant::now();
            gtp(&mut e, &format!("genmove {color}"));
            let spent = start.elapsed().as_secs_f64();
            assert!(spent < seconds + 0.5, "{spent:.3}s for a budget of {seconds}s");
        }
    }
}

#[test]
fn genmove_answers_within_the_time_left() {
    // Sudden death with little time left: the answer comes in time.
    for left in [0.5, 1.0, 2.0] {
        let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings(None, None));
        gtp(&mut e, "time_settings 60 0 0");
        for mv in ["D4", "E5", "E4", "D5"] {
            let color = e.game.to_move();
            gtp(&mut e, &format!("play {color} {mv}"));
        }
        gtp(&mut e, &format!("time_left b {left} 0"));
        let start = Instant::now();
        gtp(&mut e, "genmove b");
        let spent = start.elapsed().as_secs_f64();
        assert!(spent < left, "{spent:.3}s with {left}s left");
    }
}

/// An engine with white to move against black Yugos A4-C4 and A6-C6:
/// black threatens Igos on D4 and D6, and white cannot stop both.
fn two_threats(settings: SearchSettings) -> Engine {
    let rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        "Y Y Y . . . . .",
        ". . . . . . . .",
        "Y Y Y . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ];
    let mut e = Engine::new(Setup::new(Variant::Migoyugo), settings);
    e.game = Game::Migoyugo(Migoyugo::from_rows(&rows, Color::White).unwrap());
    e
}

#[test]
fn a_proven_loss_is_resigned_and_defended_without_resignation() {
    let mut e = two_threats(settings(Some(300), None));
    assert_eq!(gtp(&mut e, "genmove w"), "resign");
    let mut keep_playing = settings(Some(300), None);
    keep_playing.config.resign_below = 0.0;
    let mut e = two_threats(keep_playing);
    let answer = gtp(&mut e, "genmove w");
    assert!(["D4", "D6"].contains(&answer.as_str()), "{answer}");
}

#[test]
fn an_open_position_is_never_resigned() {
    // However bad the estimate, only a proof resigns: a side far behind in
    // Yugos early in the game still plays on.
    let cases = positions(6, 3, |g| {
        let [b, w] = g.board().yugo_total();
        g.moves_played() > 20 && (b as i32 - w as i32).abs() >= 3
    });
    for record in cases {
        let mut e = engine_at(&record, settings(Some(2000), None));
        let color = e.game.to_move();
        let answer = gtp(&mut e, &format!("genmove {color}"));
        if answer == "resign" {
            let Game::Migoyugo(game) = &engine_at(&record, settings(None, None)).game else {
                unreachable!()
            };
            let variago::variants::migoyugo::Board::Small(board) = game.board() else {
                unreachable!()
            };
            let budget = variago::variants::migoyugo::prover::Budget {
                nodes: Some(5_000_000),
                ..Default::default()
            };
            let proof = variago::variants::migoyugo::prover::prove(board, color, budget, &|| false);
            assert!(
                matches!(proof.verdict, variago::variants::migoyugo::prover::Verdict::Loss(_)),
                "resigned an unproven position {record:?}"
            );
        }
    }
}

/// Random 5x5 positions with few empty points, from random games.
fn small_endgames(count: usize, seed: u64) -> Vec<Migoyugo> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let setup = Setup {
        size: 5,
        ..Setup::new(Variant::Migoyugo)
    };
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Migoyugo::new(&setup);
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            moves.clear();
            game.legal_moves(&mut moves);
            let empty = (0..25)
                .filter(|&i| game.occupant(Vertex::new(i % 5, i / 5)).is_none())
                .count();
            if empty <= 7 && rng.random_bool(0.3) {
                found.push(game.clone());
                break;
            }
            game.play(game.to_move(), moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
    }
    found
}

#[test]
fn the_provers_verdicts_agree_with_the_exact_solver() {
    use variago::solver::{self, Value};
    use variago::variants::migoyugo::prover::{self, Verdict};
    use variago::variants::migoyugo::Board;
    // Removals reopen points, so endgames can run long: both searches get
    // a bounded budget, and every verdict both reach must agree.
    let mut decided = 0;
    for game in small_endgames(60, 4) {
        let Board::Small(board) = game.board() else {
            unreachable!()
        };
        let color = game.to_move();
        let budget = prover::Budget {
            depth: Some(16),
            nodes: Some(200_000),
            ..prover::Budget::default()
        };
        let proof = prover::prove(board, color, budget, &|| false);
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        assert_eq!(proof.moves.len(), legal.len());
        let solver_budget = solver::Budget {
            nodes: 200_000,
            ..solver::Budget::default()
        };
        for &(p, verdict) in &proof.moves {
            let expected = match verdict {
                Verdict::Win(_) => Value::Win(color),
                Verdict::Loss(_) => Value::Win(color.opponent()),
                Verdict::Open => continue,
            };
            let mv = Move::Place(board.vertex(p));
            let mut after = game.clone();
            after.play(color, mv).unwrap();
            let exact = match after.outcome() {
                Some(outcome) => match outcome.winner() {
                    Some(c) => Value::Win(c),
                    None => Value::Draw,
                },
                None => solver::solve(&after, &solver_budget, &|| false).value,
            };
            if exact != Value::Unknown {
                assert_eq!(exact, expected, "{mv} in {:?}", game.status_lines());
                decided += 1;
            }
        }
    }
    assert!(decided >= 40, "only {decided} verdicts checked");
}

#[test]
fn the_principal_variation_is_a_legal_line_led_by_the_move_played() {
    // The alpha-beta line: variago-pv replays it move by move (stopping at
    // the first illegal one), so its length shows every move is legal.
    let record = positions(1, 5, |g| g.moves_played() == 12).remove(0);
    let mut e = engine_at(&record, settings(Some(3000), None));
    let color = e.game.to_move();
    let line = gtp(&mut e, &format!("variago-pv {color}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(words.len() >= 8, "a line of at least 4 moves: {line}");
    for (i, pair) in words.chunks(2).enumerate() {
        let expected = if i % 2 == 0 { color } else { color.opponent() };
        assert_eq!(pair[0], if expected == Color::Black { "b" } else { "w" }, "{line}");
    }
    // The transposition table outlives a search, so two searches of one
    // position need not agree: the line and the move come from one.
    let game = e.position_for(color).unwrap();
    let result = e.player.think(&game, Thinking::move_for(color, Resigning::Never));
    let best = result.best.expect("a move");
    assert_eq!(result.moves[0].pv.first(), Some(&best), "{:?}", result.moves[0].pv);
    assert!(result.moves[0].pv.len() >= 4, "{:?}", result.moves[0].pv);
}

#[test]
fn a_yugo_in_one_is_taken_when_nothing_is_threatened() {
    // Three black Migos in a row with an open end, no Igo anywhere: the
    // search makes the Yugo (worth a Yugo up) rather than a quiet move.
    let rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . O .",
        ". X X X . . O .",
        ". . . . . . O .",
        ". . . . . . . .",
        "O . . . . . . .",
    ];
    for budget in [settings(Some(300), None), settings(None, Some(0.1))] {
        let mut e = Engine::new(Setup::new(Variant::Migoyugo), budget);
        e.game = Game::Migoyugo(Migoyugo::from_rows(&rows, Color::Black).unwrap());
        let answer = gtp(&mut e, "genmove b");
        let Game::Migoyugo(game) = &e.game else { unreachable!() };
        assert_eq!(game.board().yugo_total(), [1, 0], "played {answer}");
    }
}
