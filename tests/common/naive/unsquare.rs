//! Unsquare Go written from the rule text alone: a grid of booleans, every
//! axis-parallel square of the board checked after each removal.

use super::Reference;
use crate::common::perft::Case;
use variago::Color;

/// A naive Unsquare Go: `true` where a gray stone stands, indexed [y][x].
#[derive(Clone, Debug)]
pub struct NaiveUnsquare {
    pub n: usize,
    pub stones: Vec<Vec<bool>>,
    /// Stones captured by the first and the second player.
    pub captured: [usize; 2],
    /// 0 for the first player (GTP black), 1 for the second.
    pub to_move: usize,
}

impl NaiveUnsquare {
    pub fn full(n: usize) -> NaiveUnsquare {
        NaiveUnsquare {
            n,
            stones: vec![vec![true; n]; n],
            captured: [0, 0],
            to_move: 0,
        }
    }

    /// Rows from the top: `@` a stone, `.` empty.
    pub fn from_rows(rows: &[String], to_move: usize) -> NaiveUnsquare {
        let n = rows.len();
        let mut game = NaiveUnsquare::full(n);
        for (i, row) in rows.iter().enumerate() {
            for (x, token) in row.split_whitespace().enumerate() {
                game.stones[n - 1 - i][x] = token == "@";
            }
        }
        game.to_move = to_move;
        game
    }

    /// True when some stone stands off the edge line.
    pub fn goes_on(&self) -> bool {
        (1..self.n.saturating_sub(1)).any(|y| (1..self.n - 1).any(|x| self.stones[y][x]))
    }

    pub fn moves(&self) -> Vec<(usize, usize)> {
        if !self.goes_on() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if self.stones[y][x] {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Removes (x, y) for the side to move: every square of side 2 or more
    /// with (x, y) as a corner and all four corners empty afterwards gives
    /// up the stones strictly inside it.
    pub fn play(&self, x: usize, y: usize) -> NaiveUnsquare {
        let mut next = self.clone();
        next.stones[y][x] = false;
        let mut doomed = vec![vec![false; self.n]; self.n];
        for left in 0..self.n {
            for bottom in 0..self.n {
                for side in 2..self.n {
                    let (right, top) = (left + side, bottom + side);
                    if right >= self.n || top >= self.n {
                        continue;
                    }
                    let corners = [(left, bottom), (right, bottom), (left, top), (right, top)];
                    if !corners.contains(&(x, y)) || corners.iter().any(|&(cx, cy)| next.stones[cy][cx]) {
                        continue;
                    }
                    for row in doomed.iter_mut().take(top).skip(bottom + 1) {
                        for cell in row.iter_mut().take(right).skip(left + 1) {
                            *cell = true;
                        }
                    }
                }
            }
        }
        for (doomed_row, row) in doomed.iter().zip(next.stones.iter_mut()) {
            for (&doomed, stone) in doomed_row.iter().zip(row.iter_mut()) {
                if doomed && *stone {
                    *stone = false;
                    next.captured[self.to_move] += 1;
                }
            }
        }
        next.to_move = 1 - self.to_move;
        next
    }
}

impl Reference for NaiveUnsquare {
    fn from_case(case: &Case) -> Option<NaiveUnsquare> {
        let to_move = (case.to_move == Color::White) as usize;
        Some(match &case.position {
            Some(rows) => NaiveUnsquare::from_rows(rows, to_move),
            None => NaiveUnsquare::full(case.setup.size),
        })
    }

    fn children(&self) -> Vec<NaiveUnsquare> {
        self.moves().iter().map(|&(x, y)| self.play(x, y)).collect()
    }
}
