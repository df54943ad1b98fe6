//! The exact solver on Unsquare Go and Squares, checked against a plain
//! memoised minimax on boards small enough for it: the start of tiny
//! boards and positions deep in random games. Rotated and reflected
//! positions share the solver's hash.

mod common;

use std::collections::HashMap;
use variago::solver::{self, Budget, SolverHints, Value};
use variago::{Color, Game, Position, Setup, Variant, View};

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

/// The value for the side to move by the solver: the variant's own where
/// it has one (Unsquare Go), else df-pn.
fn solved(pos: &Game) -> i32 {
    value_for_mover(pos, &solver::solve(pos, &budget(true), &|| false))
}

/// The value for the side to move by df-pn alone.
fn solved_by_df_pn(pos: &Game) -> i32 {
    value_for_mover(pos, &solver::solve(pos, &budget(false), &|| false))
}

fn budget(own_solver: bool) -> Budget {
    Budget {
        nodes: 50_000_000,
        own_solver,
        ..Budget::default()
    }
}

fn value_for_mover(pos: &Game, solution: &solver::Solution) -> i32 {
    match solution.value {
        Value::Win(c) if c == pos.to_move() => 1,
        Value::Win(_) => -1,
        Value::Draw => 0,
        Value::Unknown => panic!("unsolved in {} nodes", solution.nodes),
    }
}

fn game(variant: Variant, size: usize, target: Option<u32>) -> Game {
    let mut setup = Setup {
        size,
        ..Setup::new(variant)
    };
    setup.set_value("target", target);
    Game::new(&setup)
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
        let context = format!(
            "{} {size}x{size} target {target:?} after {}",
            variant.name(),
            pos.moves_played()
        );
        assert_eq!(solved(&pos), exact, "{context}");
        assert_eq!(solved_by_df_pn(&pos), exact, "df-pn, {context}");
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

/// Unsquare Go's own solver on positions deep in random 5x5 games, with
/// either side to move and all sorts of capture leads: its value is
/// minimax's, and its move keeps that value.
#[test]
fn unsquare_gos_own_solver_agrees_with_minimax_and_its_move_keeps_the_value() {
    let mut memo = HashMap::new();
    let mut rng = common::rng(11);
    let mut leads = std::collections::BTreeSet::new();
    let mut values = [0; 3];
    for game_number in 0..40 {
        let mut pos = game(Variant::UnsquareGo, 5, None);
        common::random_game(&mut pos, &mut rng, 6 + game_number % 8);
        while pos.outcome().is_none() {
            let exact = minimax(&mut pos, &mut memo);
            let solution = solver::solve(&pos, &budget(true), &|| false);
            let context = format!("after {} moves", pos.moves_played());
            assert_eq!(value_for_mover(&pos, &solution), exact, "{context}");
            let mover = pos.to_move();
            pos.play(mover, solution.best.expect("a move while the game goes on"))
                .unwrap();
            assert_eq!(-minimax(&mut pos, &mut memo), exact, "the solver's move, {context}");
            pos.undo();
            let [black, white] = pos.captures();
            leads.insert(black as i32 - white as i32);
            values[(exact + 1) as usize] += 1;
            common::random_game(&mut pos, &mut rng, 1);
        }
    }
    println!("leads {leads:?}; losses, draws, wins {values:?}");
    assert!(leads.len() >= 5, "too few different capture leads: {leads:?}");
    assert!(values.iter().all(|&n| n >= 20), "too few of a value: {values:?}");
}

#[test]
fn unsquare_gos_own_solver_stops_at_its_budget_and_leaves_big_boards_to_df_pn() {
    let small_budget = Budget {
        nodes: 1000,
        ..Budget::default()
    };
    let solution = solver::solve(&game(Variant::UnsquareGo, 7, None), &small_budget, &|| false);
    assert_eq!(solution.value, Value::Unknown);
    assert!(solution.nodes <= 1000, "{} nodes", solution.nodes);
    assert!(solution.best.is_some());
    let stopped = solver::solve(&game(Variant::UnsquareGo, 7, None), &Budget::default(), &|| true);
    assert_eq!(stopped.value, Value::Unknown);
    assert!(stopped.nodes <= 4096, "stopped after {} nodes", stopped.nodes);
    // 9x9 has more points than a 64-bit word: df-pn takes it, settling
    // the end at once.
    let mut pos = game(Variant::UnsquareGo, 9, None);
    assert!(pos.own_solution(&Budget::default(), &|| false).is_none());
    assert!(game(Variant::UnsquareGo, 8, None)
        .own_solution(&small_budget, &|| false)
        .is_some());
    let inner: Vec<String> = (1..8)
        .flat_map(|y| (1..8).map(move |x| format!("{}{}", "ABCDEFGHJ".as_bytes()[x] as char, y + 1)))
        .collect();
    common::play_moves(&mut pos, &inner[..48].join(" "));
    assert_eq!(solved(&pos), 0, "one stone left off the edge, nothing captured");
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
    assert_eq!(solved_by_df_pn(&game(Variant::UnsquareGo, 3, None)), 0);
    // 5x5 is a draw too, by either solver.
    assert_eq!(solved(&game(Variant::UnsquareGo, 5, None)), 0);
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
