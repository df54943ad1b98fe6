//! Naive, independent rule implementations used to cross-check the engine:
//! plain vectors, flood fills and whole-board copies, no incremental state.

use std::collections::HashSet;

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

    pub fn perft(&self, depth: usize) -> u64 {
        let moves = self.legal_moves();
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

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

    pub fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|i| {
                let mut next = self.clone();
                next.play(i);
                next.perft(depth - 1)
            })
            .sum()
    }
}
