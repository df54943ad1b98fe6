//! The Migoyugo board: Migos and valued Yugos on a grid padded with an
//! off-board border, line counting in the four directions, and a Zobrist
//! hash kept up to date on every change.

use crate::board::zobrist;
use crate::color::Color;
use crate::moves::Vertex;

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Off,
    Migo(Color),
    /// A Yugo and its value: the number of lines it completed (1 to 4).
    Yugo(Color, u8),
}

impl Cell {
    fn owner(self) -> Option<Color> {
        match self {
            Cell::Migo(c) | Cell::Yugo(c, _) => Some(c),
            _ => None,
        }
    }

    fn is_yugo_of(self, color: Color) -> bool {
        matches!(self, Cell::Yugo(c, _) if c == color)
    }

    /// Zobrist key of this cell on `point` (0 for empty and off-board).
    fn key(self, point: usize) -> u64 {
        let code = match self {
            Cell::Empty | Cell::Off => return 0,
            Cell::Migo(c) => 1 + c.index() as u8,
            Cell::Yugo(c, value) => 2 + 4 * c.index() as u8 + value,
        };
        zobrist::piece_key(point, code, zobrist::MIGOYUGO_KIND)
    }
}

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Lines of exactly four it completed: the value of the new Yugo (0: a Migo).
    pub lines: u8,
    /// Four Yugos of the mover in a row: the game is won.
    pub igo: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: usize,
    stride: usize,
    cells: Vec<Cell>,
    hash: u64,
    /// Yugo totals with multiplicity, black first.
    yugo_total: [u32; 2],
    /// Yugo pieces on the board, black first.
    yugo_pieces: [u32; 2],
}

impl Board {
    pub fn new(size: usize) -> Board {
        let stride = size + 2;
        let mut cells = vec![Cell::Off; stride * stride];
        for y in 0..size {
            for x in 0..size {
                cells[(y + 1) * stride + x + 1] = Cell::Empty;
            }
        }
        Board {
            size,
            stride,
            cells,
            hash: 0,
            yugo_total: [0, 0],
            yugo_pieces: [0, 0],
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn point(&self, v: Vertex) -> usize {
        (v.y as usize + 1) * self.stride + v.x as usize + 1
    }

    pub fn vertex(&self, p: usize) -> Vertex {
        Vertex::new(p % self.stride - 1, p / self.stride - 1)
    }

    /// Every on-board point, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| (y + 1) * self.stride + x + 1))
    }

    pub fn cell(&self, p: usize) -> Cell {
        self.cells[p]
    }

    /// Yugo counts with multiplicity (a double Yugo counts 2), black first.
    pub fn yugo_total(&self) -> [u32; 2] {
        self.yugo_total
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn recompute_hash(&self) -> u64 {
        self.points().fold(0, |h, p| h ^ self.cells[p].key(p))
    }

    /// Puts `cell` on `p`, keeping the hash and the Yugo counts.
    pub fn set(&mut self, p: usize, cell: Cell) {
        let old = self.cells[p];
        if let Cell::Yugo(c, value) = old {
            self.yugo_total[c.index()] -= value as u32;
            self.yugo_pieces[c.index()] -= 1;
        }
        if let Cell::Yugo(c, value) = cell {
            self.yugo_total[c.index()] += value as u32;
            self.yugo_pieces[c.index()] += 1;
        }
        self.hash ^= old.key(p) ^ cell.key(p);
        self.cells[p] = cell;
    }

    /// The four line directions as index steps: across, up, and both diagonals.
    fn directions(&self) -> [usize; 4] {
        [1, self.stride, self.stride + 1, self.stride - 1]
    }

    /// Consecutive points from `p` (excluded) along `step` that satisfy `keep`.
    fn run(&self, p: usize, step: usize, forward: bool, keep: impl Fn(Cell) -> bool) -> usize {
        let mut count = 0;
        let mut q = p;
        loop {
            q = if forward { q + step } else { q - step };
            if !keep(self.cells[q]) {
                return count;
            }
            count += 1;
        }
    }

    /// The length of the line of `color`'s pieces through `p` along `step`,
    /// counting `p` as one of them.
    fn line_through(&self, p: usize, step: usize, color: Color) -> usize {
        let own = |c: Cell| c.owner() == Some(color);
        1 + self.run(p, step, true, own) + self.run(p, step, false, own)
    }

    /// The same, counting only Yugos.
    fn yugo_line_through(&self, p: usize, step: usize, color: Color) -> usize {
        let yugo = |c: Cell| c.is_yugo_of(color);
        1 + self.run(p, step, true, yugo) + self.run(p, step, false, yugo)
    }

    /// The longest line of `color` a placement on `p` would make.
    pub fn longest_line(&self, p: usize, color: Color) -> usize {
        self.directions()
            .iter()
            .map(|&d| self.line_through(p, d, color))
            .max()
            .unwrap_or(1)
    }

    /// An empty point where the placement makes no line longer than four.
    pub fn is_legal(&self, p: usize, color: Color) -> bool {
        self.cells[p] == Cell::Empty && self.longest_line(p, color) <= 4
    }

    pub fn has_legal_move(&self, color: Color) -> bool {
        self.points().any(|p| self.is_legal(p, color))
    }

    /// Places a piece of `color` on `p`, which must be legal: every line of
    /// exactly four through `p` loses its Migos and `p` becomes a Yugo worth
    /// the number of those lines.
    pub fn place(&mut self, p: usize, color: Color) -> Placement {
        let lines: Vec<usize> = self
            .directions()
            .into_iter()
            .filter(|&d| self.line_through(p, d, color) == 4)
            .collect();
        if lines.is_empty() {
            self.set(p, Cell::Migo(color));
            return Placement { lines: 0, igo: false };
        }
        for &d in &lines {
            for forward in [true, false] {
                let mut q = p;
                loop {
                    q = if forward { q + d } else { q - d };
                    match self.cells[q] {
                        Cell::Migo(c) if c == color => self.set(q, Cell::Empty),
                        Cell::Yugo(c, _) if c == color => {}
                        _ => break,
                    }
                }
            }
        }
        self.set(p, Cell::Yugo(color, lines.len() as u8));
        let igo = self
            .directions()
            .iter()
            .any(|&d| self.yugo_line_through(p, d, color) >= 4);
        Placement {
            lines: lines.len() as u8,
            igo,
        }
    }

    /// True when a placement of `color` on `p` is legal and makes an Igo.
    /// The placement is then a Yugo: a legal line of four Yugos is exactly four.
    pub fn is_igo_point(&self, p: usize, color: Color) -> bool {
        // The Yugo line first: it rules out most points at once.
        self.cells[p] == Cell::Empty
            && self
                .directions()
                .iter()
                .any(|&d| self.yugo_line_through(p, d, color) >= 4)
            && self.is_legal(p, color)
    }

    /// The points where `color` would win at once by an Igo.
    pub fn igo_points(&self, color: Color) -> impl Iterator<Item = usize> + '_ {
        // An Igo needs three Yugos already on the board.
        let possible = self.yugo_pieces[color.index()] >= 3;
        self.points().filter(move |&p| possible && self.is_igo_point(p, color))
    }

    /// True when `color` has four Yugos in a row somewhere.
    pub fn has_igo(&self, color: Color) -> bool {
        self.points().any(|p| {
            self.cells[p].is_yugo_of(color)
                && self.directions().iter().any(|&d| {
                    let yugo = |c: Cell| c.is_yugo_of(color);
                    1 + self.run(p, d, true, yugo) >= 4
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_in_a_row_makes_a_single_yugo_and_clears_the_migos() {
        let mut board = Board::new(8);
        let pts: Vec<usize> = (0..4).map(|x| board.point(Vertex::new(x, 0))).collect();
        for &p in &pts[..3] {
            assert_eq!(board.place(p, Color::Black).lines, 0);
        }
        let placed = board.place(pts[3], Color::Black);
        assert_eq!(placed, Placement { lines: 1, igo: false });
        assert_eq!(board.cell(pts[3]), Cell::Yugo(Color::Black, 1));
        assert!(pts[..3].iter().all(|&p| board.cell(p) == Cell::Empty));
        assert_eq!(board.yugo_total(), [1, 0]);
        assert_eq!(board.hash(), board.recompute_hash());
    }
}
