//! Standard Go: plain vectors and flood fills, the board of every earlier
//! position kept for superko.

use super::{other, Cells, Reference, BLACK, EMPTY};
use crate::common::perft::Case;
use std::collections::HashSet;

/// Standard Go: no suicide, positional superko, two passes end the game.
#[derive(Clone, Debug)]
pub struct NaiveGo {
    pub board: Cells,
    pub to_move: u8,
    pub passes: u32,
    pub history: HashSet<Vec<u8>>,
    pub komi: f32,
}

impl NaiveGo {
    pub fn new(size: usize, komi: f32) -> NaiveGo {
        let board = Cells::new(size);
        let mut history = HashSet::new();
        history.insert(board.cells.clone());
        NaiveGo {
            board,
            to_move: BLACK,
            passes: 0,
            history,
            komi,
        }
    }

    pub fn over(&self) -> bool {
        self.passes >= 2
    }

    /// The board after `color` plays on `i`, if that is legal.
    pub fn after(&self, i: usize, color: u8) -> Option<Cells> {
        if self.board.cells[i] != EMPTY {
            return None;
        }
        let mut next = self.board.clone();
        next.place(i, color);
        if next.group(i).1 == 0 || self.history.contains(&next.cells) {
            return None;
        }
        Some(next)
    }

    /// Legal moves of the side to move: points (index) then `None` for pass.
    pub fn legal_moves(&self) -> Vec<Option<usize>> {
        if self.over() {
            return Vec::new();
        }
        let mut out: Vec<Option<usize>> = (0..self.board.cells.len())
            .filter(|&i| self.after(i, self.to_move).is_some())
            .map(Some)
            .collect();
        out.push(None);
        out
    }

    pub fn play(&mut self, mv: Option<usize>) {
        match mv {
            Some(i) => {
                self.board = self.after(i, self.to_move).expect("legal");
                self.history.insert(self.board.cells.clone());
                self.passes = 0;
            }
            None => self.passes += 1,
        }
        self.to_move = other(self.to_move);
    }

    /// Black's area minus white's, minus komi.
    pub fn score(&self) -> f32 {
        let (b, w) = self.board.area();
        b as f32 - w as f32 - self.komi
    }
}

impl Reference for NaiveGo {
    fn from_case(case: &Case) -> Option<NaiveGo> {
        let setup = &case.setup;
        case.position.is_none().then(|| NaiveGo::new(setup.size, setup.komi))
    }

    fn children(&self) -> Vec<NaiveGo> {
        let play = |mv| {
            let mut next = self.clone();
            next.play(mv);
            next
        };
        self.legal_moves().into_iter().map(play).collect()
    }
}
