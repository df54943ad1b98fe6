//! Squares written from the rule text alone: a grid of booleans, every
//! square of the board (any size and tilt) checked after each placement.

use super::Reference;
use crate::common::perft::Case;
use variago::Color;

/// A naive Squares: `true` where a gray stone stands, indexed [y][x].
#[derive(Clone, Debug)]
pub struct NaiveSquares {
    pub n: usize,
    pub stones: Vec<Vec<bool>>,
    /// Points of the first and the second player.
    pub points: [u32; 2],
    pub target: u32,
    /// 0 for the first player (GTP black), 1 for the second.
    pub to_move: usize,
}

impl NaiveSquares {
    pub fn empty(n: usize, target: u32) -> NaiveSquares {
        NaiveSquares {
            n,
            stones: vec![vec![false; n]; n],
            points: [0, 0],
            target,
            to_move: 0,
        }
    }

    /// Every square of the board as its four corners: a corner and a side
    /// (a, b) with a > 0 and b >= 0, the other corners a quarter turn on.
    /// Each square has exactly one side of that form, so each comes once.
    pub fn squares(n: usize) -> Vec<[(usize, usize); 4]> {
        let n = n as i64;
        let mut out = Vec::new();
        for x in 0..n {
            for y in 0..n {
                for a in 1..n {
                    for b in 0..n {
                        let corners = [(x, y), (x + a, y + b), (x + a - b, y + b + a), (x - b, y + a)];
                        if corners
                            .iter()
                            .all(|&(cx, cy)| (0..n).contains(&cx) && (0..n).contains(&cy))
                        {
                            out.push(corners.map(|(cx, cy)| (cx as usize, cy as usize)));
                        }
                    }
                }
            }
        }
        out
    }

    pub fn over(&self) -> bool {
        self.points.iter().any(|&p| p >= self.target) || self.stones.iter().flatten().all(|&s| s)
    }

    pub fn moves(&self) -> Vec<(usize, usize)> {
        if self.over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if !self.stones[y][x] {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Places on (x, y) for the side to move, scoring every square that
    /// has (x, y) as a corner and all four corners filled afterwards.
    pub fn play(&self, x: usize, y: usize) -> NaiveSquares {
        let mut next = self.clone();
        next.stones[y][x] = true;
        let completed = NaiveSquares::squares(self.n)
            .into_iter()
            .filter(|corners| corners.contains(&(x, y)) && corners.iter().all(|&(cx, cy)| next.stones[cy][cx]))
            .count();
        next.points[self.to_move] += completed as u32;
        next.to_move = 1 - self.to_move;
        next
    }
}

impl Reference for NaiveSquares {
    fn from_case(case: &Case) -> Option<NaiveSquares> {
        let n = case.setup.size;
        let mut game = NaiveSquares::empty(n, case.setup.target().unwrap_or(5));
        if let Some(rows) = &case.position {
            for (i, row) in rows.iter().enumerate() {
                for (x, token) in row.split_whitespace().enumerate() {
                    game.stones[n - 1 - i][x] = token == "@";
                }
            }
        }
        game.to_move = (case.to_move == Color::White) as usize;
        Some(game)
    }

    fn children(&self) -> Vec<NaiveSquares> {
        self.moves().iter().map(|&(x, y)| self.play(x, y)).collect()
    }
}
