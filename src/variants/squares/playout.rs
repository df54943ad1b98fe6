//! Fast playouts for Squares. The board keeps, for every empty point, how
//! many squares a stone there would complete (their other three corners
//! hold stones) and how many it would leave a stone short (two do), both
//! updated by each placement from the squares through the placed point.
//! A playout completes the most squares at hand most of the time, and
//! otherwise prefers points that leave no square a stone short.

use super::geometry::{each_square, stones_among};
use crate::color::Color;
use crate::game::Outcome;
use crate::moves::{Move, Vertex};
use crate::variants::gray_grid::Grid;
use rand::rngs::SmallRng;
use rand::Rng;

/// How often a playout takes the most squares at hand, in 1/16ths.
const GREEDY: u32 = 15;
/// Random points tried for one that opens no square before any will do.
const SAFE_TRIES: usize = 8;

pub struct Playout {
    grid: Grid,
    size: usize,
    /// Per empty point: squares a stone there completes.
    completes: Vec<u16>,
    /// Per empty point: squares a stone there leaves a stone short.
    opens: Vec<u16>,
    /// The empty points, in any order, and where each point is in that list.
    empties: Vec<u16>,
    slot: Vec<u16>,
    points: [u32; 2],
    target: u32,
}

impl Playout {
    pub fn new(grid: &Grid, points: [u32; 2], target: u32) -> Playout {
        let size = grid.size();
        let mut playout = Playout {
            grid: *grid,
            size,
            completes: vec![0; size * size],
            opens: vec![0; size * size],
            empties: Vec::with_capacity(size * size),
            slot: vec![u16::MAX; size * size],
            points,
            target,
        };
        for (x, y) in grid.points(false) {
            let i = y * size + x;
            playout.slot[i] = playout.empties.len() as u16;
            playout.empties.push(i as u16);
            each_square(size, x, y, |corners| match stones_among(grid, &corners) {
                3 => playout.completes[i] += 1,
                2 => playout.opens[i] += 1,
                _ => {}
            });
        }
        playout
    }

    /// Places a stone on point `i` for `color`: its points, and the counts
    /// of the empty corners of every square through it.
    fn place(&mut self, i: usize, color: Color) {
        let size = self.size;
        let (x, y) = (i % size, i / size);
        self.points[color.index()] += self.completes[i] as u32;
        let (completes, opens, grid) = (&mut self.completes, &mut self.opens, &self.grid);
        each_square(size, x, y, |corners| {
            let stones = stones_among(grid, &corners);
            for (cx, cy) in corners.into_iter().filter(|&(cx, cy)| !grid.has(cx, cy)) {
                let c = cy * size + cx;
                match stones {
                    // One stone, now two: each empty corner would open it.
                    1 => opens[c] += 1,
                    // Two, now three: the last corner completes it.
                    2 => {
                        opens[c] -= 1;
                        completes[c] += 1;
                    }
                    _ => {}
                }
            }
        });
        self.grid.put(x, y);
        self.completes[i] = 0;
        self.opens[i] = 0;
        let at = self.slot[i] as usize;
        self.empties.swap_remove(at);
        if let Some(&moved) = self.empties.get(at) {
            self.slot[moved as usize] = at as u16;
        }
        self.slot[i] = u16::MAX;
    }

    /// The empty point that completes the most squares, if any does.
    fn best_completion(&self) -> Option<usize> {
        let mut best = None;
        let mut most = 0;
        for &i in &self.empties {
            if self.completes[i as usize] > most {
                most = self.completes[i as usize];
                best = Some(i as usize);
            }
        }
        best
    }

    fn choose(&self, rng: &mut SmallRng) -> usize {
        if rng.random_range(0..16) < GREEDY {
            if let Some(i) = self.best_completion() {
                return i;
            }
        }
        let count = self.empties.len();
        for _ in 0..SAFE_TRIES {
            let i = self.empties[rng.random_range(0..count)] as usize;
            if self.opens[i] == 0 {
                return i;
            }
        }
        self.empties[rng.random_range(0..count)] as usize
    }

    /// Plays to the end from `color` to move; the value for black.
    pub fn run(mut self, mut color: Color, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        while !self.empties.is_empty() && self.points.iter().all(|&p| p < self.target) {
            let i = self.choose(rng);
            trace.push((color, Move::Place(Vertex::new(i % self.size, i / self.size))));
            self.place(i, color);
            color = color.opponent();
        }
        let [b, w] = self.points;
        Outcome::Score(b as f32 - w as f32).value_for_black()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::squares::placement;
    use rand::SeedableRng;

    #[test]
    fn the_counts_stay_those_of_the_board_through_random_games() {
        let mut rng = SmallRng::seed_from_u64(5);
        for size in [2, 3, 4, 5, 7, 9] {
            for _ in 0..20 {
                let mut playout = Playout::new(&Grid::empty(size), [0, 0], u32::MAX);
                let mut color = Color::Black;
                while !playout.empties.is_empty() {
                    let i = playout.choose(&mut rng);
                    let expected = placement(&playout.grid, i % size, i / size).completes;
                    let before = playout.points[color.index()];
                    playout.place(i, color);
                    assert_eq!(playout.points[color.index()] - before, expected);
                    let fresh = Playout::new(&playout.grid, playout.points, u32::MAX);
                    for &e in &playout.empties {
                        let e = e as usize;
                        assert_eq!(playout.completes[e], fresh.completes[e]);
                        assert_eq!(playout.opens[e], fresh.opens[e]);
                    }
                    color = color.opponent();
                }
            }
        }
    }
}
