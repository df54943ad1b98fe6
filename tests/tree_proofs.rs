//! The tree search's proofs (MCTS-Solver): every root move that a search
//! reports proven won or lost, the exact solver finds so too; near the end
//! of a game the search does prove moves; and a proven win is played
//! however few visits it has.

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use variago::search::{search, Config, Limits};
use variago::solver::{self, Budget, Value};
use variago::{Game, Move, Position, Setup, Variant};

fn new_game(variant: Variant, size: usize) -> Game {
    Game::new(&Setup {
        size,
        ..Setup::new(variant)
    })
}

/// The position after `plies` random legal moves, if the game lasts that long.
fn random_position(variant: Variant, size: usize, plies: usize, rng: &mut SmallRng) -> Option<Game> {
    let mut game = new_game(variant, size);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        let mv = *moves.choose(rng)?;
        game.play(game.to_move(), mv).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    Some(game)
}

/// The winner of the game after `mv`, by its end or the exact solver.
fn exact_value(pos: &Game, mv: Move) -> Value {
    let mut after = pos.clone();
    after.play(pos.to_move(), mv).unwrap();
    if let Some(outcome) = after.outcome() {
        return outcome.winner().map_or(Value::Draw, Value::Win);
    }
    let budget = Budget {
        nodes: 200_000,
        table_mb: 8,
        ..Budget::default()
    };
    solver::solve(&after, &budget, &|| false).value
}

fn search_of(pos: &Game, playouts: u64, seed: u64) -> variago::search::SearchResult {
    let limits = Limits {
        playouts: Some(playouts),
        time: None,
    };
    let config = Config {
        seed,
        ..Config::default()
    };
    search(pos, limits, &config, &AtomicBool::new(false))
}

#[test]
fn proven_root_moves_agree_with_the_exact_solver() {
    let mut rng = SmallRng::seed_from_u64(7);
    // Root moves proven won and lost, checked against the solver.
    let (mut won, mut lost) = (0, 0);
    for (variant, size, plies) in [
        (Variant::Tanbo, 5, 8),
        (Variant::Tanbo, 5, 14),
        (Variant::GrayTanbo, 5, 6),
        (Variant::Atari, 5, 8),
        (Variant::Squares, 5, 14),
    ] {
        for seed in 0..12 {
            let Some(pos) = random_position(variant, size, plies, &mut rng) else {
                continue;
            };
            let result = search_of(&pos, 3000, seed);
            for stats in &result.moves {
                let Some(proven_won) = stats.proven else { continue };
                let value = exact_value(&pos, stats.mv);
                if value == Value::Unknown {
                    continue;
                }
                assert_eq!(
                    value == Value::Win(pos.to_move()),
                    proven_won,
                    "{variant:?} {size}x{size}, {plies} random moves, seed {seed}: {} proven {}",
                    stats.mv,
                    if proven_won { "won" } else { "lost" }
                );
                assert_eq!(stats.winrate, if proven_won { 1.0 } else { 0.0 });
                if proven_won {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
            // A proven win is the move chosen; a proven loss only when
            // every move is one.
            if let Some(first) = result.moves.first() {
                let any_win = result.moves.iter().any(|m| m.proven == Some(true));
                let all_lost = result.moves.iter().all(|m| m.proven == Some(false));
                assert_eq!(first.proven == Some(true), any_win);
                assert_eq!(first.proven == Some(false), all_lost);
                assert_eq!(result.best, Some(first.mv));
            }
        }
    }
    assert!(
        won >= 5 && lost >= 20,
        "too few proofs to judge: {won} won, {lost} lost"
    );
}
