//! Yugo written straight from the seed text: whole-board flood fills, no
//! chains, no locality shortcut.

use super::Reference;
use crate::common::perft::Case;

/// The naive position: a grid of (colour, king) with 0 empty, 1 black, 2 white.
#[derive(Clone)]
pub struct NaiveYugo {
    pub size: usize,
    pub cells: Vec<(u8, bool)>,
    to_move: u8,
    button_taken: bool,
    passes: u8,
}

impl NaiveYugo {
    pub fn new(size: usize) -> NaiveYugo {
        NaiveYugo {
            size,
            cells: vec![(0, false); size * size],
            to_move: 1,
            button_taken: false,
            passes: 0,
        }
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        super::grid_neighbours(self.size, p)
    }

    /// Every group as (colour, points, surrounded).
    fn groups(&self) -> Vec<(u8, Vec<usize>, bool)> {
        let mut seen = vec![false; self.cells.len()];
        let mut groups = Vec::new();
        for start in 0..self.cells.len() {
            let colour = self.cells[start].0;
            if colour == 0 || seen[start] {
                continue;
            }
            let (mut points, mut stack, mut liberty) = (Vec::new(), vec![start], false);
            seen[start] = true;
            while let Some(p) = stack.pop() {
                points.push(p);
                for n in self.neighbours(p) {
                    match self.cells[n].0 {
                        0 => liberty = true,
                        c if c == colour && !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            groups.push((colour, points, !liberty));
        }
        groups
    }

    /// Surrounded groups of each colour: [black, white].
    fn surrounded(&self) -> [usize; 2] {
        let mut count = [0, 0];
        for (colour, _, surrounded) in self.groups() {
            if surrounded {
                count[colour as usize - 1] += 1;
            }
        }
        count
    }

    fn remove_pawns_of_surrounded(&mut self, colour: u8) {
        for (c, points, surrounded) in self.groups() {
            if c == colour && surrounded {
                for p in points {
                    if !self.cells[p].1 {
                        self.cells[p] = (0, false);
                    }
                }
            }
        }
    }

    /// Every position one legal move away, with its point (`None`: the pass).
    pub fn moves(&self) -> Vec<(Option<usize>, NaiveYugo)> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let (me, enemy) = (self.to_move, 3 - self.to_move);
        let before = self.surrounded();
        let mut out = Vec::new();
        for p in 0..self.cells.len() {
            if self.cells[p].0 != 0 {
                continue;
            }
            let mut next = self.clone();
            next.cells[p] = (me, false);
            let after = next.surrounded();
            if after == before {
                // A pawn.
            } else if after[enemy as usize - 1] > before[enemy as usize - 1] {
                next.cells[p].1 = true;
                next.remove_pawns_of_surrounded(enemy);
                next.remove_pawns_of_surrounded(me);
            } else {
                continue;
            }
            next.to_move = enemy;
            next.passes = 0;
            out.push((Some(p), next));
        }
        let mut pass = self.clone();
        if self.button_taken {
            pass.passes += 1;
        } else {
            pass.button_taken = true;
        }
        pass.to_move = enemy;
        out.push((None, pass));
        out
    }
}

impl Reference for NaiveYugo {
    const REACH: u64 = 60_000;

    fn from_case(case: &Case) -> Option<NaiveYugo> {
        case.position.is_none().then(|| NaiveYugo::new(case.setup.size))
    }

    fn children(&self) -> Vec<NaiveYugo> {
        self.moves().into_iter().map(|(_, next)| next).collect()
    }
}
