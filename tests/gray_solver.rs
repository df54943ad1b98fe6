//! The exact solver on Unsquare Go and Squares, checked against a plain
//! memoised minimax on boards small enough for it: the start of tiny
//! boards and positions deep in random games. Rotated and reflected
//! positions share the solver's hash.

mod common;

use std::collections::HashMap;
use variago::solver::{self, Budget, Value};
use variago::{Color, Game, Position, Setup, Variant};

/// The value for the side to move (1 a win, 0 a draw, -1 a loss) by full
/// minimax, memoised on the position's hash.
fn minimax(pos: &mut Game, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner() {
            Some(c) if c == pos.to_move() => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    if let Some(&value) = memo.get(&pos.hash()) {
        return value;
    }
    let hash = pos.hash();
    let moves = common::legal_moves(pos);
    let color = pos.to_move();
    let mut best = -1;
    for mv in moves {
        pos.play(color, mv).unwrap();
        best = best.max(-minimax(pos, memo));
        pos.undo();
        if best == 1 {
            break;
        }
    }
    memo.insert(hash, best);
    best
}

fn solved(pos: &Game) -> i32 {
    let budget = Budget {
        nodes: 50_000_000,
        ..Budget::default()
    };
    let solution = solver::solve(pos, &budget, &|| false);
    match solution.value {
        Value::Win(c) if c == pos.to_move() => 1,
        Value::Win(_) => -1,
        Value::Draw => 0,
        Value::Unknown => panic!("unsolved in {} nodes", solution.nodes),
    }
}

fn game(variant: Variant, size: usize, target: Option<u32>) -> Game {
    Game::new(&Setup {
        size,
        target,
        ..Setup::new(variant)
    })
}

/// The solver and minimax agree after `openings` random openings of
/// `plies` moves (0 plies: the start).
fn check(variant: Variant, size: usize, target: Option<u32>, openings: usize, plies: usize) {
    let mut memo = HashMap::new();
    let mut rng = common::rng(size as u64);
    let mut values = [0; 3];
    for _ in 0..openings {
        let mut pos = game(variant, size, target);
        common::random_game(&mut pos, &mut rng, plies);
        if pos.outcome().is_some() {
            continue;
        }
        let exact = minimax(&mut pos, &mut memo);
        assert_eq!(
            solved(&pos),
            exact,
            "{} {size}x{size} target {target:?} after {}",
            variant.name(),
            pos.moves_played()
        );
        values[(exact + 1) as usize] += 1;
    }
    println!("{} {size}x{size}: losses, draws, wins {values:?}", variant.name());
}

#[test]
fn unsquare_go_agrees_with_minimax() {
    check(Variant::UnsquareGo, 4, None, 1, 0);
    check(Variant::UnsquareGo, 4, None, 10, 3);
    check(Variant::UnsquareGo, 5, None, 16, 8);
}

#[test]
fn squares_agrees_with_minimax() {
    for target in [None, Some(1), Some(2)] {
        check(Variant::Squares, 3, target, 1, 0);
        check(Variant::Squares, 3, target, 6, 2);
    }
    check(Variant::Squares, 4, Some(2), 12, 7);
    check(Variant::Squares, 5, Some(1), 8, 12);
}

#[test]
fn the_known_small_values_hold() {
    // Unsquare Go 3x3: B2 is the only stone off the edge; black removes
    // it at once, or loses it to a square. Either way no one scores more.
    assert_eq!(solved(&game(Variant::UnsquareGo, 3, None)), 0);
    // Squares 2x2: the fourth stone, white's, completes the only square.
    assert_eq!(solved(&game(Variant::Squares, 2, None)), -1);
}

#[test]
fn rotated_and_reflected_positions_share_the_solvers_hash() {
    for (variant, a, b) in [
        (Variant::UnsquareGo, "A1 B2", "E5 D4"),
        (Variant::UnsquareGo, "A2 C3", "B1 C3"),
        (Variant::Squares, "A1 C2", "E1 D3"),
    ] {
        let mut one = game(variant, 5, None);
        let mut other = game(variant, 5, None);
        common::play_moves(&mut one, a);
        common::play_moves(&mut other, b);
        assert_ne!(one.hash(), other.hash());
        assert_eq!(one.canonical_hash(), other.canonical_hash(), "{a} and {b}");
        let mut third = game(variant, 5, None);
        common::play_moves(&mut third, "A1 B1");
        assert_ne!(one.canonical_hash(), third.canonical_hash());
    }
    // The captures count: the same board with other captures differs.
    let removals = |colors: [Color; 4]| {
        let mut pos = game(Variant::UnsquareGo, 5, None);
        for (color, point) in colors.into_iter().zip(["A1", "C1", "A3", "C3"]) {
            pos.play(color, variago::Move::Place(common::vertex(point))).unwrap();
        }
        pos.set_to_move(Color::Black);
        pos
    };
    let (b, w) = (Color::Black, Color::White);
    let white_took = removals([b, w, b, w]);
    let black_took = removals([b, w, w, b]);
    assert_eq!((white_took.captures(), black_took.captures()), ([0, 1], [1, 0]));
    assert_eq!(common::occupants(&white_took), common::occupants(&black_took));
    assert_ne!(white_took.canonical_hash(), black_took.canonical_hash());
}

#[test]
fn a_position_the_variant_calls_settled_has_that_value() {
    // Unsquare Go settles a lead bigger than the stones left to capture,
    // and a deficit that capturing them all would not overturn.
    let mut memo = HashMap::new();
    let mut rng = common::rng(7);
    let mut settled = [0; 2];
    for _ in 0..40 {
        let mut pos = game(Variant::UnsquareGo, 5, None);
        common::random_game(&mut pos, &mut rng, 8);
        while pos.outcome().is_none() {
            let value = minimax(&mut pos, &mut memo);
            for target in [Color::Black, Color::White] {
                let Some(wins) = pos.settled_for(target) else { continue };
                let target_wins = if target == pos.to_move() {
                    value == 1
                } else {
                    value == -1
                };
                assert_eq!(wins, target_wins, "{target} after {} moves", pos.moves_played());
                settled[wins as usize] += 1;
            }
            common::random_game(&mut pos, &mut rng, 1);
        }
    }
    println!("settled: cannot win {}, wins {}", settled[0], settled[1]);
    assert!(
        settled.iter().all(|&n| n >= 10),
        "too few settled positions: {settled:?}"
    );
}
