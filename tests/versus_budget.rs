//! `versus` at equal time: the flat Monte Carlo baseline spends a time
//! budget on playouts, and a game with a time budget is played out.

mod common;

use std::time::{Duration, Instant};
use variago::search::flat;
use variago::versus::{self, Budget};
use variago::{Color, Variant};

#[test]
fn flat_mc_with_a_time_budget_plays_a_legal_move_in_about_that_time() {
    let game = common::game(Variant::Atari, 9);
    let start = Instant::now();
    let mv = flat::best_move_timed(&game, Duration::from_millis(50), &mut common::rng(1)).expect("a move");
    let elapsed = start.elapsed();
    assert!(common::legal_moves(&game).contains(&mv));
    assert!(
        elapsed >= Duration::from_millis(50) && elapsed < Duration::from_millis(1000),
        "{elapsed:?}"
    );
}

#[test]
fn a_versus_game_at_equal_time_is_played_to_the_end() {
    let setup = common::setup(Variant::GoRoGo, 5, variago::variants::Start::Empty);
    let settings = common::settings(1, 3);
    let budget = Budget::Time(Duration::from_millis(5));
    let (winner, moves) = versus::play_game(&setup, &settings, Color::Black, budget, 3, None).unwrap();
    assert!(winner.is_some());
    assert!(moves >= 10, "{moves}");
}
