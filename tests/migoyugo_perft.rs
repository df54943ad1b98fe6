//! Migoyugo perft: the empty-board data in tests/perft/migoyugo.txt, and
//! mid-game positions on 4x4, 5x5 and 8x8 where lines, long-line refusals,
//! Igos and Wegos happen within the depth. Every count is checked against a
//! naive implementation written from the rule text alone.

use variago::game::perft;
use variago::variants::migoyugo::Migoyugo;
use variago::{Color, Game, Setup, Variant};

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

    fn perft(&self, depth: usize) -> u64 {
        let moves = self.moves();
        match depth {
            0 => 1,
            1 => moves.len() as u64,
            _ => moves.iter().map(|&(x, y)| self.play(x, y).perft(depth - 1)).sum(),
        }
    }
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
