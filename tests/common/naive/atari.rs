//! Atari Go on plain vectors.

use super::{other, Cells, Reference, BLACK, EMPTY, WHITE};
use crate::common::perft::Case;
use variago::variants::Start;

/// Atari Go: the first capture wins, no pass, suicide illegal unless it
/// captures, a player with no legal placement loses.
#[derive(Clone, Debug)]
pub struct NaiveAtari {
    pub board: Cells,
    pub to_move: u8,
    pub winner: Option<u8>,
}

impl NaiveAtari {
    /// `crosscut`: black on the two centre points of one diagonal (upper
    /// left, lower right), white on the other two.
    pub fn new(size: usize, crosscut: bool) -> NaiveAtari {
        let mut board = Cells::new(size);
        if crosscut {
            let lo = size / 2 - 1;
            let hi = lo + 1;
            let (bl, tr) = (board.index(lo, lo), board.index(hi, hi));
            let (tl, br) = (board.index(lo, hi), board.index(hi, lo));
            board.cells[tl] = BLACK;
            board.cells[br] = BLACK;
            board.cells[bl] = WHITE;
            board.cells[tr] = WHITE;
        }
        NaiveAtari {
            board,
            to_move: BLACK,
            winner: None,
        }
    }

    fn is_legal(&self, i: usize, color: u8) -> bool {
        if self.board.cells[i] != EMPTY {
            return false;
        }
        let mut next = self.board.clone();
        next.place(i, color) > 0 || next.group(i).1 > 0
    }

    pub fn legal_moves(&self) -> Vec<usize> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..self.board.cells.len())
            .filter(|&i| self.is_legal(i, self.to_move))
            .collect()
    }

    /// The winner once the game is decided.
    pub fn outcome(&self) -> Option<u8> {
        self.winner
            .or_else(|| self.legal_moves().is_empty().then(|| other(self.to_move)))
    }

    pub fn play(&mut self, i: usize) {
        assert!(self.is_legal(i, self.to_move));
        if self.board.place(i, self.to_move) > 0 {
            self.winner = Some(self.to_move);
        }
        self.to_move = other(self.to_move);
    }
}

impl Reference for NaiveAtari {
    fn from_case(case: &Case) -> Option<NaiveAtari> {
        let crosscut = case.setup.start == Start::Crosscut;
        case.position
            .is_none()
            .then(|| NaiveAtari::new(case.setup.size, crosscut))
    }

    fn children(&self) -> Vec<NaiveAtari> {
        let play = |i| {
            let mut next = self.clone();
            next.play(i);
            next
        };
        self.legal_moves().into_iter().map(play).collect()
    }
}
