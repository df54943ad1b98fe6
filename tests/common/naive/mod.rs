//! Naive, independent rule implementations used to cross-check the engine:
//! plain vectors, flood fills and whole-board copies, no incremental state.
//! Each variant has one, behind [`Reference`]; [`perft`] counts a case of
//! the perft data with the case's variant's reference.

mod atari;
mod go;
mod gorogo;
mod groupgo;
mod migoyugo;
mod squares;
mod tanbo;
mod unsquare;
mod wargo;
mod yugo;

pub use atari::NaiveAtari;
pub use go::NaiveGo;
pub use gorogo::{Cell as GoRoGoCell, NaiveGoRoGo};
pub use groupgo::NaiveGroupGo;
pub use migoyugo::NaiveMigoyugo;
pub use squares::NaiveSquares;
pub use tanbo::NaiveTanbo;
pub use unsquare::NaiveUnsquare;
pub use wargo::{conceivable, NaiveWarGo};
pub use yugo::NaiveYugo;

use super::perft::Case;
use std::collections::HashSet;
use variago::Variant;

/// A variant's rules written a second time, as plainly as possible.
pub trait Reference: Clone {
    /// Perft counts above this are left to the engine alone: the naive
    /// code would take too long.
    const REACH: u64 = 300_000;

    /// The position of a perft case; `None` where the reference cannot
    /// set it up.
    fn from_case(case: &Case) -> Option<Self>;

    /// Every position one legal move away; none once the game is over.
    fn children(&self) -> Vec<Self>;

    /// Counts legal move sequences of exactly `depth` moves.
    fn perft(&self, depth: usize) -> u64 {
        match depth {
            0 => 1,
            1 => self.children().len() as u64,
            _ => self.children().iter().map(|c| c.perft(depth - 1)).sum(),
        }
    }
}

/// The count of `case` by the reference of its variant; `None` where the
/// count is beyond the reference's reach or the reference cannot set the
/// position up.
pub fn perft(case: &Case) -> Option<u64> {
    fn count<R: Reference>(case: &Case) -> Option<u64> {
        if case.count > R::REACH {
            return None;
        }
        R::from_case(case).map(|r| r.perft(case.depth))
    }
    match case.variant() {
        Variant::Go => count::<NaiveGo>(case),
        Variant::Atari => count::<NaiveAtari>(case),
        Variant::Yugo => count::<NaiveYugo>(case),
        Variant::GoRoGo => count::<NaiveGoRoGo>(case),
        Variant::Migoyugo => count::<NaiveMigoyugo>(case),
        Variant::WarGo
        | Variant::CenterOfTao
        | Variant::MercenaryGo
        | Variant::BuyingArmies
        | Variant::SpecialStones => count::<NaiveWarGo>(case),
        Variant::GroupGo | Variant::OminoGo | Variant::DominGo => count::<NaiveGroupGo>(case),
        Variant::Tanbo | Variant::GrayTanbo => count::<NaiveTanbo>(case),
        Variant::UnsquareGo => count::<NaiveUnsquare>(case),
        Variant::Squares => count::<NaiveSquares>(case),
    }
}

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

pub fn other(color: u8) -> u8 {
    3 - color
}

/// The orthogonal neighbours of index `i` on a `size` x `size` grid stored
/// row by row.
pub fn grid_neighbours(size: usize, i: usize) -> Vec<usize> {
    let (x, y) = (i % size, i / size);
    let mut out = Vec::with_capacity(4);
    if x > 0 {
        out.push(i - 1);
    }
    if x + 1 < size {
        out.push(i + 1);
    }
    if y > 0 {
        out.push(i - size);
    }
    if y + 1 < size {
        out.push(i + size);
    }
    out
}

/// A square board of cells, row by row from the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cells {
    pub size: usize,
    pub cells: Vec<u8>,
}

impl Cells {
    pub fn new(size: usize) -> Cells {
        Cells {
            size,
            cells: vec![EMPTY; size * size],
        }
    }

    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.size + x
    }

    pub fn neighbours(&self, i: usize) -> Vec<usize> {
        grid_neighbours(self.size, i)
    }

    /// The group through `i` and its number of liberties, by flood fill.
    pub fn group(&self, i: usize) -> (Vec<usize>, usize) {
        let color = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        let mut stones = Vec::new();
        let mut libs = HashSet::new();
        seen[i] = true;
        while let Some(p) = stack.pop() {
            stones.push(p);
            for q in self.neighbours(p) {
                if self.cells[q] == EMPTY {
                    libs.insert(q);
                } else if self.cells[q] == color && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        (stones, libs.len())
    }

    /// Puts a stone, removes the enemy groups left without liberties and
    /// returns how many stones were removed. Suicide is not checked.
    pub fn place(&mut self, i: usize, color: u8) -> usize {
        self.cells[i] = color;
        let mut removed = 0;
        for q in self.neighbours(i) {
            if self.cells[q] == other(color) {
                let (stones, libs) = self.group(q);
                if libs == 0 {
                    removed += stones.len();
                    for s in stones {
                        self.cells[s] = EMPTY;
                    }
                }
            }
        }
        removed
    }

    /// Tromp-Taylor area: stones plus empty regions reaching only one colour.
    /// Returns (black, white).
    pub fn area(&self) -> (usize, usize) {
        let mut score = [0usize; 3];
        let mut seen = vec![false; self.cells.len()];
        for i in 0..self.cells.len() {
            if self.cells[i] != EMPTY {
                score[self.cells[i] as usize] += 1;
                continue;
            }
            if seen[i] {
                continue;
            }
            let mut region = 0;
            let mut reaches = [false; 3];
            let mut stack = vec![i];
            seen[i] = true;
            while let Some(p) = stack.pop() {
                region += 1;
                for q in self.neighbours(p) {
                    if self.cells[q] == EMPTY {
                        if !seen[q] {
                            seen[q] = true;
                            stack.push(q);
                        }
                    } else {
                        reaches[self.cells[q] as usize] = true;
                    }
                }
            }
            match (reaches[1], reaches[2]) {
                (true, false) => score[1] += region,
                (false, true) => score[2] += region,
                _ => {}
            }
        }
        (score[1], score[2])
    }
}
