//! Migoyugo perft: the empty-board data in tests/perft/migoyugo.txt, and
//! mid-game positions on 4x4, 5x5, 8x8 and the wide layout (13x13, 19x19)
//! where lines, long-line refusals, Igos and Wegos happen within the depth.
//! Every count is checked against a naive implementation written from the
//! rule text alone, and random games on every size compare the bitboard
//! with it move by move. Games recorded with the padded-array board that
//! preceded the bitboard replay to the same positions and results.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::board::zobrist::mix;
use variago::game::perft;
use variago::variants::migoyugo::{Cell, Migoyugo};
use variago::{Color, Game, Move, Position, Setup, Variant, Vertex};

/// A naive Migoyugo: a grid of (owner, Yugo value), bounds checked at
/// every step, a fresh copy for every move.
#[derive(Clone)]
struct Naive {
    n: i32,
    /// (owner 0/1/2, value 0 for a Migo), indexed [y][x].
    grid: Vec<Vec<(u8, u8)>>,
    to_move: u8,
    over: bool,
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Naive {
    fn from_rows(rows: &[&str], to_move: u8) -> Naive {
        let n = rows.len() as i32;
        let mut grid = vec![vec![(0, 0); n as usize]; n as usize];
        for (i, row) in rows.iter().enumerate() {
            let y = n as usize - 1 - i;
            for (x, token) in row.split_whitespace().enumerate() {
                let value = token[1..].parse().unwrap_or(1);
                grid[y][x] = match &token[..1] {
                    "." => (0, 0),
                    "X" => (1, 0),
                    "O" => (2, 0),
                    "Y" => (1, value),
                    "y" => (2, value),
                    other => panic!("bad token {other}"),
                };
            }
        }
        Naive {
            n,
            grid,
            to_move,
            over: false,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<(u8, u8)> {
        if x < 0 || y < 0 || x >= self.n || y >= self.n {
            return None;
        }
        Some(self.grid[y as usize][x as usize])
    }

    /// Pieces in a row through (x, y) along (dx, dy), (x, y) counted as one,
    /// where `counts` says which pieces extend the row.
    fn row(&self, x: i32, y: i32, (dx, dy): (i32, i32), counts: impl Fn((u8, u8)) -> bool) -> usize {
        let mut total = 1;
        for sign in [1, -1] {
            let mut k = 1;
            while self.at(x + sign * k * dx, y + sign * k * dy).is_some_and(&counts) {
                total += 1;
                k += 1;
            }
        }
        total
    }

    fn legal(&self, x: i32, y: i32, c: u8) -> bool {
        self.grid[y as usize][x as usize].0 == 0 && DIRECTIONS.iter().all(|&d| self.row(x, y, d, |p| p.0 == c) <= 4)
    }

    fn moves(&self) -> Vec<(i32, i32)> {
        if self.over {
            return Vec::new();
        }
        let mut out = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if self.legal(x, y, self.to_move) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    fn play(&self, x: i32, y: i32) -> Naive {
        let c = self.to_move;
        let mut next = self.clone();
        let lines: Vec<(i32, i32)> = DIRECTIONS
            .iter()
            .copied()
            .filter(|&d| self.row(x, y, d, |p| p.0 == c) == 4)
            .collect();
        for &(dx, dy) in &lines {
            for sign in [1, -1] {
                let mut k = 1;
                while let Some((owner, value)) = self.at(x + sign * k * dx, y + sign * k * dy) {
                    if owner != c {
                        break;
                    }
                    if value == 0 {
                        next.grid[(y + sign * k * dy) as usize][(x + sign * k * dx) as usize] = (0, 0);
                    }
                    k += 1;
                }
            }
        }
        next.grid[y as usize][x as usize] = (c, lines.len() as u8);
        next.to_move = 3 - c;
        let igo = !lines.is_empty()
            && DIRECTIONS
                .iter()
                .any(|&d| next.row(x, y, d, |p| p.0 == c && p.1 > 0) >= 4);
        next.over = igo || next.moves().is_empty();
        next
    }

    fn empty(n: i32) -> Naive {
        Naive {
            n,
            grid: vec![vec![(0, 0); n as usize]; n as usize],
            to_move: 1,
            over: false,
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        let moves = self.moves();
        match depth {
            0 => 1,
            1 => moves.len() as u64,
            _ => moves.iter().map(|&(x, y)| self.play(x, y).perft(depth - 1)).sum(),
        }
    }
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
            let naive = Naive::from_rows(&rows, code);
            for d in 1..=depth {
                assert_eq!(perft(&mut game, d), naive.perft(d), "{size}x{size} {to_move} depth {d}");
            }
        }
    }
}

/// Compares every point, the Yugo totals and the legal moves of the engine
/// with the naive board.
fn assert_same(game: &Migoyugo, naive: &Naive, context: &str) {
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
        let mut naive = Naive::empty(size as i32);
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

/// A mid-game position, its side to move, and the counts at depths 1, 2, ...
struct Case {
    rows: &'static [&'static str],
    to_move: Color,
    counts: &'static [u64],
}

const CASES: &[Case] = &[
    // 4x4: Yugos and Migos one move from lines in every direction, a
    // black Igo on D1 and a white one on D4.
    Case {
        rows: &["y y y .", "X . O .", "X O . .", "Y Y Y ."],
        to_move: Color::Black,
        counts: &[6, 25, 84, 204],
    },
    // 4x4, white to move: the board fills up; Wegos end some lines early.
    Case {
        rows: &["X O X .", "O X O .", "X O . O", "Y2 X O ."],
        to_move: Color::White,
        counts: &[4, 12, 24, 24],
    },
    // 5x5: rows of two and two around a gap (five is refused), and Yugos
    // that extend lines.
    Case {
        rows: &["X X . X X", ". O O . O", "Y . . . y", ". O . O O", "X . X X ."],
        to_move: Color::Black,
        counts: &[9, 84, 673, 5804],
    },
    // 5x5: white to move with a double threat building.
    Case {
        rows: &["y . y . .", ". O . . X", "y . X . .", "O . X Y .", ". X . Y ."],
        to_move: Color::White,
        counts: &[14, 183, 2237, 25386],
    },
    // 8x8: a middle game with Yugos of both colours and long-line traps.
    Case {
        rows: &[
            ". . . . . . . .",
            ". X X . X X . .",
            ". . O . . y . .",
            "Y . O . . y . .",
            "Y . . X . . O .",
            "Y . O . X . O .",
            ". . O . . . . .",
            "X . X X . O . O",
        ],
        to_move: Color::Black,
        counts: &[40, 1564, 59603],
    },
];

fn engine_perft(case: &Case, depth: usize) -> u64 {
    let mut game = Migoyugo::from_rows(case.rows, case.to_move).expect("a valid diagram");
    perft(&mut game, depth)
}

fn naive_perft(case: &Case, depth: usize) -> u64 {
    let to_move = if case.to_move == Color::Black { 1 } else { 2 };
    Naive::from_rows(case.rows, to_move).perft(depth)
}

#[test]
fn mid_game_counts_match_the_data_and_the_naive_implementation() {
    let sizes: Vec<usize> = CASES.iter().map(|c| c.rows.len()).collect();
    assert!([4, 5, 8].iter().all(|n| sizes.contains(n)));
    for (i, case) in CASES.iter().enumerate() {
        for (d, &expected) in case.counts.iter().enumerate() {
            let depth = d + 1;
            assert_eq!(engine_perft(case, depth), expected, "case {i} depth {depth}: engine");
            assert_eq!(naive_perft(case, depth), expected, "case {i} depth {depth}: naive");
        }
    }
}

/// The empty-board lines of tests/perft/migoyugo.txt.
fn data_file_cases() -> Vec<(usize, usize, u64)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/migoyugo.txt"))
        .expect("tests/perft/migoyugo.txt");
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w[0], "migoyugo", "{l}");
            (w[1].parse().unwrap(), w[2].parse().unwrap(), w[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn empty_board_data_are_falling_factorials_and_match_the_engine() {
    let cases = data_file_cases();
    for size in [4, 5, 8] {
        assert!(cases.iter().any(|c| c.0 == size), "no {size}x{size} case");
    }
    for (size, depth, count) in cases {
        assert!(depth <= 7, "beyond depth 7 lines change the counts");
        let points = (size * size) as u64;
        let factorial: u64 = (0..depth as u64).map(|k| points - k).product();
        assert_eq!(count, factorial, "{size}x{size} depth {depth}");
        let mut game = Game::new(&Setup {
            size,
            ..Setup::new(Variant::Migoyugo)
        });
        assert_eq!(perft(&mut game, depth), count, "{size}x{size} depth {depth}");
    }
}
