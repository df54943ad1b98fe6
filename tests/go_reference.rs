//! Standard Go against an independent naive implementation (flood-fill
//! liberties, whole-board superko history, Tromp-Taylor area): the same
//! legal moves, boards and scores along random games, and the same perft
//! counts from random middle-game positions.

mod common;

use common::naive::{NaiveGo, Reference, BLACK, WHITE};
use common::{legal_moves, names};
use rand::Rng;
use variago::game::Owner;
use variago::{Color, Game, Move, Outcome, Position, Variant, Vertex, View};

fn naive_moves(naive: &NaiveGo) -> Vec<Move> {
    let size = naive.board.size;
    naive
        .legal_moves()
        .into_iter()
        .map(|m| match m {
            Some(i) => Move::Place(Vertex::new(i % size, i / size)),
            None => Move::Pass,
        })
        .collect()
}

fn naive_move(naive: &NaiveGo, mv: Move) -> Option<usize> {
    mv.vertex().map(|v| naive.board.index(v.x as usize, v.y as usize))
}

/// Plays `mv` for the side to move in both implementations.
fn play_both(game: &mut Game, naive: &mut NaiveGo, mv: Move) {
    let color = game.to_move();
    game.play(color, mv).unwrap();
    naive.play(naive_move(naive, mv));
}

fn assert_same_board(game: &Game, naive: &NaiveGo, context: &str) {
    let size = naive.board.size;
    for i in 0..size * size {
        let cell = match game.occupant(Vertex::new(i % size, i / size)).map(|o| o.owner) {
            None => 0,
            Some(Owner::Player(Color::Black)) => BLACK,
            Some(Owner::Player(Color::White)) => WHITE,
            Some(Owner::Neutral) => panic!("{context}: a neutral piece in Go"),
        };
        assert_eq!(cell, naive.board.cells[i], "{context}: point {i}");
    }
}

/// Plays a random game in both and compares them after every move.
fn compare_game(size: usize, seed: u64, cap: usize) -> usize {
    let mut rng = common::rng(seed);
    let mut game = common::game(Variant::Go, size);
    let mut naive = NaiveGo::new(size, 7.5);
    let mut plies = 0;
    for ply in 0..cap {
        let context = format!("{size}x{size} seed {seed} ply {ply}");
        let moves = legal_moves(&game);
        assert_eq!(names(&moves), names(&naive_moves(&naive)), "{context}: legal moves");
        assert_eq!(game.score_now(), Outcome::Score(naive.score()), "{context}: area score");
        if moves.is_empty() {
            assert!(naive.over());
            assert_eq!(game.outcome(), Some(Outcome::Score(naive.score())), "{context}: result");
            break;
        }
        // Passes are rare so that games fill the board and capture a lot.
        let non_pass: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
        let mv = if non_pass.is_empty() || rng.random_range(0..20) == 0 {
            Move::Pass
        } else {
            non_pass[rng.random_range(0..non_pass.len())]
        };
        play_both(&mut game, &mut naive, mv);
        assert_same_board(&game, &naive, &context);
        plies += 1;
    }
    plies
}

#[test]
fn random_games_agree_with_the_naive_reference() {
    let mut plies = 0;
    let mut games = 0;
    for size in 2..=7 {
        let count = if size <= 4 { 120 } else { 30 };
        for seed in 0..count {
            plies += compare_game(size, 100 * size as u64 + seed, 4 * size * size);
            games += 1;
        }
    }
    for seed in 0..6 {
        plies += compare_game(9, 900 + seed, 200);
        games += 1;
    }
    println!("{games} games, {plies} moves compared");
    assert!(plies > 10_000);
}

#[test]
fn perft_from_random_positions_agrees_with_the_naive_reference() {
    let mut rng = common::rng(42);
    for round in 0..40 {
        let size = [3, 4, 5][round % 3];
        let mut game = common::game(Variant::Go, size);
        let mut naive = NaiveGo::new(size, 7.5);
        let opening = rng.random_range(0..3 * size * size);
        for _ in 0..opening {
            let moves: Vec<Move> = legal_moves(&game).into_iter().filter(|m| *m != Move::Pass).collect();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            play_both(&mut game, &mut naive, mv);
        }
        let depth = if size == 5 { 2 } else { 3 };
        let engine_count = variago::game::perft(&mut game, depth);
        assert_eq!(
            engine_count,
            naive.perft(depth),
            "round {round}: {size}x{size} after {opening} moves"
        );
    }
}

#[test]
fn scores_of_finished_random_games_agree() {
    let mut rng = common::rng(9);
    for g in 0..200 {
        let size = [3, 4, 5][g % 3];
        let mut game = common::game(Variant::Go, size);
        let mut naive = NaiveGo::new(size, 7.5);
        for _ in 0..10 * size * size {
            let moves = legal_moves(&game);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            play_both(&mut game, &mut naive, mv);
        }
        let expected = if naive.over() {
            Some(Outcome::Score(naive.score()))
        } else {
            None
        };
        assert_eq!(game.outcome(), expected, "game {g}");
    }
}
