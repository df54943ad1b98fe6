//! Migoyugo written from the rule text alone.

use super::Reference;
use crate::common::perft::Case;
use variago::Color;

/// A naive Migoyugo: a grid of (owner, Yugo value), bounds checked at
/// every step, a fresh copy for every move.
#[derive(Clone)]
pub struct NaiveMigoyugo {
    n: i32,
    /// (owner 0/1/2, value 0 for a Migo), indexed [y][x].
    grid: Vec<Vec<(u8, u8)>>,
    to_move: u8,
    over: bool,
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl NaiveMigoyugo {
    pub fn from_rows(rows: &[&str], to_move: u8) -> NaiveMigoyugo {
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
        NaiveMigoyugo {
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

    fn play(&self, x: i32, y: i32) -> NaiveMigoyugo {
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
}

impl Reference for NaiveMigoyugo {
    fn from_case(case: &Case) -> Option<NaiveMigoyugo> {
        let empty = vec![vec!["."; case.setup.size].join(" "); case.setup.size];
        let rows: Vec<&str> = match &case.position {
            Some(rows) => rows.iter().map(String::as_str).collect(),
            None => empty.iter().map(String::as_str).collect(),
        };
        let to_move = if case.to_move == Color::Black { 1 } else { 2 };
        Some(NaiveMigoyugo::from_rows(&rows, to_move))
    }

    fn children(&self) -> Vec<NaiveMigoyugo> {
        self.moves().iter().map(|&(x, y)| self.play(x, y)).collect()
    }
}
