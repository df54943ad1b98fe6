//! Migoyugo perft data beyond what tests/perft.rs checks of it (the engine
//! and the naive implementation agree on every count): the empty-board
//! counts are falling factorials, and the mid-game positions, where lines,
//! long-line refusals, Igos and Wegos happen within the depth, cover 4x4,
//! 5x5 and 8x8. The bitboard's wide layout (13x13, 19x19) counts as the
//! naive implementation, random games on every size compare the two move
//! by move, and games recorded with the padded-array board that preceded
//! the bitboard replay to the same positions and results.

mod common;

use common::naive::{NaiveMigoyugo, Reference};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::board::zobrist::mix;
use variago::game::perft;
use variago::variants::migoyugo::{Cell, Migoyugo};
use variago::{Color, Game, Move, Position, Setup, Variant, Vertex};

/// The four line directions.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

#[test]
fn empty_board_data_are_falling_factorials() {
    let cases: Vec<_> = common::perft::cases()
        .into_iter()
        .filter(|c| c.variant() == Variant::Migoyugo && c.position.is_none())
        .collect();
    for size in [4, 5, 8] {
        assert!(cases.iter().any(|c| c.setup.size == size), "no {size}x{size} case");
    }
    for case in cases {
        assert!(case.depth <= 7, "beyond depth 7 lines change the counts");
        let points = (case.setup.size * case.setup.size) as u64;
        let factorial: u64 = (0..case.depth as u64).map(|k| points - k).product();
        assert_eq!(case.count, factorial, "{}", case.name());
    }
}

#[test]
fn mid_game_data_cover_every_size_of_interest() {
    let sizes: Vec<usize> = common::perft::cases()
        .into_iter()
        .filter(|c| c.variant() == Variant::Migoyugo && c.position.is_some())
        .map(|c| c.setup.size)
        .collect();
    assert!([4, 5, 8].iter().all(|n| sizes.contains(n)), "{sizes:?}");
}

fn empty_naive(size: usize) -> NaiveMigoyugo {
    let rows = vec![vec!["."; size].join(" "); size];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    NaiveMigoyugo::from_rows(&rows, 1)
}

/// A 13x13 and a 19x19 middle game for the wide layout: lines that reach
/// the last column and the top row, and diagonals that would wrap onto the
/// next row in a layout without padding.
fn wide_rows(size: usize) -> Vec<String> {
    let mut grid = vec![vec!["."; size]; size];
    let n = size - 1;
    for (x, y, token) in [
        (n, 0, "X"),
        (n - 1, 0, "X"),
        (n - 2, 0, "X"),
        (0, 1, "X"),
        (n, 1, "O"),
        (n, 2, "O"),
        (n, 3, "O"),
        (0, n, "Y"),
        (1, n - 1, "Y"),
        (2, n - 2, "Y"),
        (n, n, "y2"),
        (n - 1, n, "y"),
        (n - 2, n, "y"),
        (4, 4, "X"),
        (5, 5, "X"),
        (7, 7, "X"),
        (6, 4, "O"),
        (5, 4, "O"),
        (3, 4, "O"),
    ] {
        grid[n - y][x] = token;
    }
    grid.into_iter().map(|row| row.join(" ")).collect()
}

#[test]
fn wide_boards_count_as_the_naive_implementation() {
    for (size, depth) in [(13, 2), (19, 2)] {
        let rows = wide_rows(size);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        for (to_move, code) in [(Color::Black, 1), (Color::White, 2)] {
            let mut game = Migoyugo::from_rows(&rows, to_move).expect("a valid diagram");
            let naive = NaiveMigoyugo::from_rows(&rows, code);
            for d in 1..=depth {
                assert_eq!(perft(&mut game, d), naive.perft(d), "{size}x{size} {to_move} depth {d}");
            }
        }
    }
}

/// Compares every point, the Yugo totals and the legal moves of the engine
/// with the naive board.
fn assert_same(game: &Migoyugo, naive: &NaiveMigoyugo, context: &str) {
    let board = game.board();
    let n = naive.n as usize;
    let mut totals = [0u32; 2];
    for y in 0..n {
        for x in 0..n {
            let (owner, value) = naive.grid[y][x];
            let expected = match (owner, value) {
                (0, _) => Cell::Empty,
                (c, 0) => Cell::Migo(color_of(c)),
                (c, v) => {
                    totals[c as usize - 1] += v as u32;
                    Cell::Yugo(color_of(c), v)
                }
            };
            let cell = board.cell(board.point(Vertex::new(x, y)));
            assert_eq!(cell, expected, "{context}: point {}", Vertex::new(x, y));
        }
    }
    assert_eq!(board.yugo_total(), totals, "{context}: Yugo totals");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut expected: Vec<Move> = naive
        .moves()
        .into_iter()
        .map(|(x, y)| Move::Place(Vertex::new(x as usize, y as usize)))
        .collect();
    moves.sort_by_key(|m| m.vertex());
    expected.sort_by_key(|m| m.vertex());
    assert_eq!(moves, expected, "{context}: legal moves");
    assert_eq!(game.outcome().is_some(), naive.over, "{context}: game over");
    assert_eq!(game.hash(), game.recompute_hash(), "{context}: hash");
}

fn color_of(code: u8) -> Color {
    if code == 1 {
        Color::Black
    } else {
        Color::White
    }
}

#[test]
fn random_games_on_every_size_match_the_naive_implementation() {
    let mut rng = SmallRng::seed_from_u64(20);
    for size in (4..=19).chain([8, 8, 8, 9, 9]) {
        let mut game = Migoyugo::new(&Setup {
            size,
            ..Setup::new(Variant::Migoyugo)
        });
        let mut naive = empty_naive(size);
        let mut moves = 0;
        assert_same(&game, &naive, &format!("{size}x{size} start"));
        while game.outcome().is_none() {
            let legal = naive.moves();
            // Half the moves make a Yugo where one can, so that Igos come
            // on large boards too.
            let c = naive.to_move;
            let yugo: Vec<(i32, i32)> = legal
                .iter()
                .copied()
                .filter(|&(x, y)| DIRECTIONS.iter().any(|&d| naive.row(x, y, d, |p| p.0 == c) == 4))
                .collect();
            let pool = if !yugo.is_empty() && rng.random_bool(0.5) {
                &yugo
            } else {
                &legal
            };
            let (x, y) = pool[rng.random_range(0..pool.len())];
            let color = game.to_move();
            game.play(color, Move::Place(Vertex::new(x as usize, y as usize)))
                .expect("a naive legal move");
            naive = naive.play(x, y);
            moves += 1;
            assert_same(&game, &naive, &format!("{size}x{size} after {moves} moves"));
        }
    }
}

#[test]
fn games_recorded_with_the_array_board_replay_exactly() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/migoyugo_games.txt"))
        .expect("tests/data/migoyugo_games.txt");
    let mut games = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split(" ; ").collect();
        let mut words = parts[0].split_whitespace();
        let size: usize = words.next().unwrap().parse().unwrap();
        let mut game = Game::new(&Setup {
            size,
            ..Setup::new(Variant::Migoyugo)
        });
        let mut digest = 0u64;
        for word in words {
            let mv = Move::Place(Vertex::parse(word).expect("a vertex"));
            game.play(game.to_move(), mv).expect("a recorded move");
            digest = mix(digest ^ game.hash());
        }
        assert_eq!(format!("{digest:016x}"), parts[1], "{line}");
        assert_eq!(
            game.outcome().map(|o| o.to_string()).as_deref(),
            Some(parts[2]),
            "{line}"
        );
        games += 1;
    }
    assert!(games >= 70);
}
