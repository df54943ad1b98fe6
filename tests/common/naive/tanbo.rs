//! Tanbo and gray Tanbo written from the rule text alone: roots found by
//! flood fill after every move, boundedness by looking at every empty
//! point, and "the roots a move bounded" taken literally as the roots
//! bounded after the move that were not bounded before it.

use super::{grid_neighbours, Reference, BLACK, EMPTY, WHITE};
use crate::common::perft::Case;
use std::collections::BTreeSet;
use variago::Color;

const GRAY: u8 = 3;

#[derive(Clone)]
pub struct NaiveTanbo {
    size: usize,
    /// Row by row from the bottom: EMPTY, BLACK, WHITE or GRAY.
    cells: Vec<u8>,
    /// BLACK or WHITE: the player, whatever colour their stones are.
    to_move: u8,
    gray: bool,
    misere: bool,
}

/// Tanbo's start: (spacing, roots along a side, first row and column).
fn start_lattice(size: usize) -> (usize, usize, usize) {
    match size {
        5 => (4, 2, 0),
        7 => (6, 2, 0),
        9 => (6, 2, 1),
        13 => (4, 4, 0),
        19 => (6, 4, 0),
        21 => (4, 6, 0),
        _ => panic!("no Tanbo start for size {size}"),
    }
}

impl NaiveTanbo {
    fn stone(&self, player: u8) -> u8 {
        if self.gray {
            GRAY
        } else {
            player
        }
    }

    fn count_touching(&self, i: usize, cell: u8) -> usize {
        grid_neighbours(self.size, i)
            .into_iter()
            .filter(|&n| self.cells[n] == cell)
            .count()
    }

    /// Every root: the stones of each connected group of one cell, sorted.
    fn roots(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] == EMPTY || seen[i] {
                continue;
            }
            let mut root = Vec::new();
            let mut stack = vec![i];
            seen[i] = true;
            while let Some(p) = stack.pop() {
                root.push(p);
                for n in grid_neighbours(self.size, p) {
                    if self.cells[n] == self.cells[i] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            root.sort();
            out.push(root);
        }
        out
    }

    /// A root is bounded when no empty point next to it touches exactly
    /// one stone of its cell.
    fn bounded(&self, root: &[usize]) -> bool {
        let cell = self.cells[root[0]];
        !root.iter().any(|&s| {
            grid_neighbours(self.size, s)
                .into_iter()
                .any(|q| self.cells[q] == EMPTY && self.count_touching(q, cell) == 1)
        })
    }

    fn stones_of(&self, cell: u8) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }

    fn over(&self) -> bool {
        if self.gray {
            self.stones_of(GRAY) == 0
        } else {
            self.stones_of(BLACK) == 0 || self.stones_of(WHITE) == 0
        }
    }

    fn play(&self, i: usize) -> NaiveTanbo {
        let cell = self.stone(self.to_move);
        let bounded_before: BTreeSet<Vec<usize>> = self.roots().into_iter().filter(|r| self.bounded(r)).collect();
        let mut next = self.clone();
        next.cells[i] = cell;
        next.to_move = 3 - self.to_move;
        let roots = next.roots();
        let current = roots.iter().find(|r| r.contains(&i)).unwrap();
        let doomed: Vec<&Vec<usize>> = if next.bounded(current) {
            vec![current]
        } else {
            roots
                .iter()
                .filter(|r| next.bounded(r) && !bounded_before.contains(*r))
                .collect()
        };
        let mut after = next.clone();
        for root in doomed {
            for &s in root {
                after.cells[s] = EMPTY;
            }
        }
        after
    }
}

impl Reference for NaiveTanbo {
    fn from_case(case: &Case) -> Option<NaiveTanbo> {
        let size = case.setup.size;
        let gray = case.variant().name() == "gray-tanbo";
        let mut game = NaiveTanbo {
            size,
            cells: vec![EMPTY; size * size],
            to_move: if case.to_move == Color::Black { BLACK } else { WHITE },
            gray,
            misere: case.setup.misere(),
        };
        match &case.position {
            None => {
                let (step, count, first) = start_lattice(size);
                for row in 0..count {
                    for column in 0..count {
                        let player = if (row + column) % 2 == 0 { WHITE } else { BLACK };
                        let i = (first + row * step) * size + first + column * step;
                        game.cells[i] = game.stone(player);
                    }
                }
            }
            Some(rows) => {
                for (r, row) in rows.iter().enumerate() {
                    let y = size - 1 - r;
                    for (x, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
                        game.cells[y * size + x] = match (c, gray) {
                            ('.', _) => EMPTY,
                            ('X', false) => BLACK,
                            ('O', false) => WHITE,
                            (_, true) => GRAY,
                            _ => panic!("bad symbol {c}"),
                        };
                    }
                }
            }
        }
        Some(game)
    }

    fn children(&self) -> Vec<NaiveTanbo> {
        if self.over() {
            return Vec::new();
        }
        let cell = self.stone(self.to_move);
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == EMPTY && self.count_touching(i, cell) == 1)
            .map(|i| self.play(i))
            .collect()
    }
}

impl NaiveTanbo {
    /// The winner of a finished game, BLACK or WHITE; `None` while it goes on.
    pub fn winner(&self) -> Option<u8> {
        if !self.over() {
            return None;
        }
        Some(match (self.gray, self.misere) {
            (true, false) => 3 - self.to_move,
            (true, true) => self.to_move,
            (false, _) if self.stones_of(BLACK) == 0 => WHITE,
            (false, _) => BLACK,
        })
    }
}
