//! The Migoyugo bitboard: each colour's pieces and Yugos as bit sets, with
//! the points where a placement would make a line of exactly four, a line
//! longer than four, or four Yugos in a row kept up to date by shifts and
//! masks. Only the mover's own pieces change on a placement (Migos leave
//! only as part of the mover's own line), so only the mover's line sets are
//! recomputed after it: the opponent's stay valid, which keeps legality
//! incremental.

use super::bits::{Bits, Geometry, Wide};
use crate::board::zobrist;
use crate::color::Color;
use crate::moves::Vertex;

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Migo(Color),
    /// A Yugo and its value: the number of lines it completed (1 to 4).
    Yugo(Color, u8),
}

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Lines of exactly four it completed: the value of the new Yugo (0: a Migo).
    pub lines: u8,
    /// Four Yugos of the mover in a row: the game is won.
    pub igo: bool,
}

/// One board in one layout; see [`Board`] for the choice of layout.
#[derive(Clone, Debug)]
pub struct Bitboard<B: Bits> {
    geo: &'static Geometry<B>,
    /// Migos and Yugos of each colour, black first.
    pieces: [B; 2],
    yugos: [B; 2],
    /// A Yugo's value less one, in two bit planes: value = 1 + low + 2 * high.
    value_low: [B; 2],
    value_high: [B; 2],
    /// Points where a placement of each colour would make a line longer than four.
    too_long: [B; 2],
    /// Points where it would make a line of exactly four, by direction.
    four: [[B; 4]; 2],
    /// Points where it would line up four Yugos or more, itself included.
    yugo_line: [B; 2],
    /// Yugo totals with multiplicity, black first.
    yugo_total: [u32; 2],
    hash: u64,
}

/// The lines a set of pieces makes through the points around it, counting
/// the point itself as one more piece: longer than four, and exactly four
/// by direction.
fn lines<B: Bits>(geo: &Geometry<B>, own: B) -> (B, [B; 4]) {
    let mut too_long = B::default();
    let mut four = [B::default(); 4];
    for (d, four) in four.iter_mut().enumerate() {
        // l[k]: the k points behind along d are all own; r[k]: ahead.
        let l1 = geo.forward(own, d);
        let l2 = l1 & geo.forward(l1, d);
        let l3 = l1 & geo.forward(l2, d);
        let l4 = l1 & geo.forward(l3, d);
        let r1 = geo.backward(own, d);
        let r2 = r1 & geo.backward(r1, d);
        let r3 = r1 & geo.backward(r2, d);
        let r4 = r1 & geo.backward(r3, d);
        let at_least_four = l3 | r3 | (l2 & r1) | (l1 & r2);
        let at_least_five = l4 | r4 | (l3 & r1) | (l2 & r2) | (l1 & r3);
        too_long |= at_least_five;
        *four = at_least_four & !at_least_five;
    }
    (too_long, four)
}

/// Points that would complete a line of four or more of `own`, itself included.
fn four_or_more<B: Bits>(geo: &Geometry<B>, own: B) -> B {
    let mut out = B::default();
    for d in 0..4 {
        let l1 = geo.forward(own, d);
        let l2 = l1 & geo.forward(l1, d);
        let l3 = l1 & geo.forward(l2, d);
        let r1 = geo.backward(own, d);
        let r2 = r1 & geo.backward(r1, d);
        let r3 = r1 & geo.backward(r2, d);
        out |= l3 | r3 | (l2 & r1) | (l1 & r2);
    }
    out
}

impl<B: Bits> Bitboard<B> {
    pub fn new(size: usize) -> Bitboard<B> {
        assert!(size <= B::MAX_SIZE, "a {size}x{size} board does not fit the layout");
        Bitboard {
            geo: B::geometry(size),
            pieces: [B::default(); 2],
            yugos: [B::default(); 2],
            value_low: [B::default(); 2],
            value_high: [B::default(); 2],
            too_long: [B::default(); 2],
            four: [[B::default(); 4]; 2],
            yugo_line: [B::default(); 2],
            yugo_total: [0, 0],
            hash: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.geo.size
    }

    pub fn geometry(&self) -> &'static Geometry<B> {
        self.geo
    }

    pub fn point(&self, v: Vertex) -> usize {
        v.y as usize * B::STRIDE + v.x as usize
    }

    pub fn vertex(&self, p: usize) -> Vertex {
        Vertex::new(p % B::STRIDE, p / B::STRIDE)
    }

    pub fn pieces(&self, color: Color) -> B {
        self.pieces[color.index()]
    }

    pub fn yugos(&self, color: Color) -> B {
        self.yugos[color.index()]
    }

    pub fn migos(&self, color: Color) -> B {
        self.pieces[color.index()] & !self.yugos[color.index()]
    }

    pub fn empty(&self) -> B {
        self.geo.board & !(self.pieces[0] | self.pieces[1])
    }

    /// The points where `color` may place.
    #[inline]
    pub fn legal(&self, color: Color) -> B {
        self.empty() & !self.too_long[color.index()]
    }

    /// The legal points where `color` would make a Yugo.
    pub fn yugo_moves(&self, color: Color) -> B {
        let [a, b, c, d] = self.four[color.index()];
        self.legal(color) & (a | b | c | d)
    }

    /// The legal points where `color` would win by an Igo. The placement is
    /// then a Yugo: a legal line of four Yugos is exactly four.
    #[inline]
    pub fn igo_moves(&self, color: Color) -> B {
        self.legal(color) & self.yugo_line[color.index()]
    }

    /// The points where a placement of `color` would make a line of exactly
    /// four along direction `d` (legal or not).
    pub fn fours(&self, color: Color, d: usize) -> B {
        self.four[color.index()][d]
    }

    pub fn too_long(&self, color: Color) -> B {
        self.too_long[color.index()]
    }

    pub fn cell(&self, p: usize) -> Cell {
        for color in Color::BOTH {
            let i = color.index();
            if self.yugos[i].has(p) {
                let value = 1 + self.value_low[i].has(p) as u8 + 2 * self.value_high[i].has(p) as u8;
                return Cell::Yugo(color, value);
            }
            if self.pieces[i].has(p) {
                return Cell::Migo(color);
            }
        }
        Cell::Empty
    }

    /// Every on-board point, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = usize> {
        self.geo.board.iter()
    }

    /// Yugo counts with multiplicity (a double Yugo counts 2), black first.
    pub fn yugo_total(&self) -> [u32; 2] {
        self.yugo_total
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn recompute_hash(&self) -> u64 {
        self.points().fold(0, |h, p| h ^ self.key(p, self.cell(p)))
    }

    /// Zobrist key of `cell` on `p`, the same on every layout: the point is
    /// numbered as on a grid padded with one off-board border.
    fn key(&self, p: usize, cell: Cell) -> u64 {
        let code = match cell {
            Cell::Empty => return 0,
            Cell::Migo(c) => 1 + c.index() as u8,
            Cell::Yugo(c, value) => 2 + 4 * c.index() as u8 + value,
        };
        let v = self.vertex(p);
        let stride = self.size() + 2;
        let padded = (v.y as usize + 1) * stride + v.x as usize + 1;
        zobrist::piece_key(padded, code, zobrist::MIGOYUGO_KIND)
    }

    /// Puts `cell` on `p` (for diagrams), keeping every derived set.
    pub fn set(&mut self, p: usize, cell: Cell) {
        self.hash ^= self.key(p, self.cell(p)) ^ self.key(p, cell);
        let bit = B::bit(p);
        for i in 0..2 {
            if self.yugos[i].has(p) {
                self.yugo_total[i] -= 1 + self.value_low[i].has(p) as u32 + 2 * self.value_high[i].has(p) as u32;
            }
            self.pieces[i] &= !bit;
            self.yugos[i] &= !bit;
            self.value_low[i] &= !bit;
            self.value_high[i] &= !bit;
        }
        match cell {
            Cell::Empty => {}
            Cell::Migo(c) => self.pieces[c.index()] |= bit,
            Cell::Yugo(c, value) => self.add_yugo(bit, c.index(), value),
        }
        for color in Color::BOTH {
            self.update_lines(color);
            self.update_yugo_line(color);
        }
    }

    fn add_yugo(&mut self, bit: B, i: usize, value: u8) {
        self.pieces[i] |= bit;
        self.yugos[i] |= bit;
        let extra = value.clamp(1, 4) - 1;
        if extra & 1 != 0 {
            self.value_low[i] |= bit;
        }
        if extra & 2 != 0 {
            self.value_high[i] |= bit;
        }
        self.yugo_total[i] += value as u32;
    }

    fn update_lines(&mut self, color: Color) {
        let i = color.index();
        (self.too_long[i], self.four[i]) = lines(self.geo, self.pieces[i]);
    }

    fn update_yugo_line(&mut self, color: Color) {
        let i = color.index();
        self.yugo_line[i] = four_or_more(self.geo, self.yugos[i]);
    }

    /// An empty point where the placement makes no line longer than four.
    pub fn is_legal(&self, p: usize, color: Color) -> bool {
        self.legal(color).has(p)
    }

    pub fn has_legal_move(&self, color: Color) -> bool {
        !self.legal(color).is_empty()
    }

    /// The longest line of `color` a placement on `p` would make, `p`
    /// counted as one of its pieces (for error messages).
    pub fn longest_line(&self, p: usize, color: Color) -> usize {
        let own = self.pieces[color.index()];
        (0..4).map(|d| self.run(p, d, own).count() as usize).max().unwrap_or(1)
    }

    /// The unbroken line of `own` through `p` along direction `d`, `p` included.
    fn run(&self, p: usize, d: usize, own: B) -> B {
        let mut line = B::bit(p);
        let mut ahead = self.geo.forward(line, d) & own;
        while !ahead.is_empty() {
            line |= ahead;
            ahead = self.geo.forward(ahead, d) & own;
        }
        let mut behind = self.geo.backward(B::bit(p), d) & own;
        while !behind.is_empty() {
            line |= behind;
            behind = self.geo.backward(behind, d) & own;
        }
        line
    }

    /// Places a piece of `color` on `p`, which must be legal: every line of
    /// exactly four through `p` loses its Migos and `p` becomes a Yugo worth
    /// the number of those lines.
    #[inline]
    pub fn place(&mut self, p: usize, color: Color) -> Placement {
        self.place_with::<true>(p, color)
    }

    /// [`Bitboard::place`] with or without keeping the hash (playouts and
    /// searches that need none skip it).
    #[inline]
    pub fn place_with<const HASH: bool>(&mut self, p: usize, color: Color) -> Placement {
        debug_assert!(self.is_legal(p, color), "illegal placement");
        let i = color.index();
        let bit = B::bit(p);
        let mut lines = 0u8;
        let mut line = B::default();
        let own = self.pieces[i];
        for d in 0..4 {
            if self.four[i][d].has(p) {
                lines += 1;
                line |= self.run(p, d, own);
            }
        }
        if lines == 0 {
            self.pieces[i] |= bit;
            if HASH {
                self.hash ^= self.key(p, Cell::Migo(color));
            }
            self.update_lines(color);
            return Placement { lines: 0, igo: false };
        }
        let igo = self.yugo_line[i].has(p);
        let removed = line & own & !self.yugos[i] & !bit;
        if HASH {
            for q in removed.iter() {
                self.hash ^= self.key(q, Cell::Migo(color));
            }
            self.hash ^= self.key(p, Cell::Yugo(color, lines));
        }
        self.pieces[i] &= !removed;
        self.add_yugo(bit, i, lines);
        self.update_lines(color);
        self.update_yugo_line(color);
        Placement { lines, igo }
    }

    /// True when `color` has four Yugos in a row somewhere.
    pub fn has_igo(&self, color: Color) -> bool {
        let yugos = self.yugos[color.index()];
        (0..4).any(|d| {
            let two = yugos & self.geo.forward(yugos, d);
            let four = two & self.geo.forward(self.geo.forward(two, d), d);
            !four.is_empty()
        })
    }
}

/// A Migoyugo board of any size: one word per set up to 8x8, wider sets
/// up to 19x19.
#[derive(Clone, Debug)]
pub enum Board {
    Small(Bitboard<u64>),
    Wide(Box<Bitboard<Wide>>),
}

/// Forwards a call to the bitboard inside.
macro_rules! with_board {
    ($board:expr, $b:ident => $body:expr) => {
        match $board {
            $crate::variants::migoyugo::Board::Small($b) => $body,
            $crate::variants::migoyugo::Board::Wide($b) => $body,
        }
    };
}
pub(crate) use with_board;

impl Board {
    pub fn new(size: usize) -> Board {
        if size <= u64::MAX_SIZE {
            Board::Small(Bitboard::new(size))
        } else {
            Board::Wide(Box::new(Bitboard::new(size)))
        }
    }

    pub fn size(&self) -> usize {
        with_board!(self, b => b.size())
    }

    pub fn point(&self, v: Vertex) -> usize {
        with_board!(self, b => b.point(v))
    }

    pub fn vertex(&self, p: usize) -> Vertex {
        with_board!(self, b => b.vertex(p))
    }

    /// Every on-board point, bottom row first.
    pub fn points(&self) -> Vec<usize> {
        with_board!(self, b => b.points().collect())
    }

    pub fn cell(&self, p: usize) -> Cell {
        with_board!(self, b => b.cell(p))
    }

    pub fn set(&mut self, p: usize, cell: Cell) {
        with_board!(self, b => b.set(p, cell))
    }

    pub fn yugo_total(&self) -> [u32; 2] {
        with_board!(self, b => b.yugo_total())
    }

    pub fn hash(&self) -> u64 {
        with_board!(self, b => b.hash())
    }

    pub fn recompute_hash(&self) -> u64 {
        with_board!(self, b => b.recompute_hash())
    }

    pub fn is_legal(&self, p: usize, color: Color) -> bool {
        with_board!(self, b => b.is_legal(p, color))
    }

    pub fn has_legal_move(&self, color: Color) -> bool {
        with_board!(self, b => b.has_legal_move(color))
    }

    pub fn longest_line(&self, p: usize, color: Color) -> usize {
        with_board!(self, b => b.longest_line(p, color))
    }

    pub fn place(&mut self, p: usize, color: Color) -> Placement {
        with_board!(self, b => b.place(p, color))
    }

    pub fn has_igo(&self, color: Color) -> bool {
        with_board!(self, b => b.has_igo(color))
    }

    /// The legal points of `color`, lowest index first.
    pub fn legal_points(&self, color: Color) -> Vec<usize> {
        with_board!(self, b => b.legal(color).iter().collect())
    }

    /// The points where `color` would win at once by an Igo.
    pub fn igo_points(&self, color: Color) -> Vec<usize> {
        with_board!(self, b => b.igo_moves(color).iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_in_a_row_makes_a_single_yugo_and_clears_the_migos() {
        for size in [8, 13] {
            let mut board = Board::new(size);
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

    #[test]
    fn a_fifth_in_a_row_is_refused_across_the_row_end() {
        // Four across the top of one row must not see the next row's start.
        let mut board = Board::new(8);
        for x in 4..8 {
            board.set(board.point(Vertex::new(x, 2)), Cell::Migo(Color::White));
        }
        let next_row = board.point(Vertex::new(0, 3));
        assert!(board.is_legal(next_row, Color::White));
        let after = board.point(Vertex::new(3, 2));
        assert!(!board.is_legal(after, Color::White));
        assert_eq!(board.longest_line(after, Color::White), 5);
    }
}
