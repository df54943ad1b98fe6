//! The fast board shared by the Go-like variants.
//!
//! Points live on a grid padded with an off-board border, so neighbours are
//! `p±1` and `p±stride` with no bounds checks. Each chain (orthogonally
//! connected stones of one colour) is a circular list through `next`, named
//! by its head point, and carries pseudo-liberties: one count per
//! (stone, empty neighbour) pair, with their sum and sum of squares. A chain
//! has no liberty exactly when the count is 0, and is in atari exactly when
//! all pseudo-liberties are the same point, which the sums reveal in O(1).
//!
//! All per-point data sits in one `Vec`, so a copy of the board is two
//! memcpys: that is what undo snapshots and playouts use.
//!
//! A stone put as a *linker* (War Go's connector) also joins the chain of
//! every stone of its colour two points away in a straight line, whatever
//! stands between; the chains and their liberties then work as for any
//! chain. Boards without linkers pay one test of a counter per stone.
//!
//! The board knows nothing of rules beyond placing and capturing; variants
//! decide what is legal and call the pieces they need.

pub mod zobrist;

use crate::color::Color;
use crate::moves::Vertex;
use rand::rngs::SmallRng;
use rand::RngCore;

/// Cell codes.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
/// A neutral piece that forms chains and can be captured (War Go's mercenary).
pub const NEUTRAL: u8 = 3;
/// A neutral piece that is never captured and blocks liberties (walls, taos).
pub const BLOCK: u8 = 4;
pub const OFF: u8 = 5;

pub fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

pub fn color_of(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// A cell that belongs to a chain.
#[inline]
fn chains(cell: u8) -> bool {
    (BLACK..=NEUTRAL).contains(&cell)
}

/// The liberties of a chain besides a given point (see
/// [`Board::liberties_besides`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherLiberties {
    None,
    One(usize),
    Many,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Point {
    cell: u8,
    /// Variant-defined piece kind (0 is the plain piece); part of the hash.
    kind: u8,
    /// The stone joins its colour's stones two points away (see the module docs).
    linker: bool,
    head: u16,
    next: u16,
    /// Index in `empties` while the point is empty.
    empty_at: u16,
    /// The 3x3 neighbourhood as 8 two-bit cells, kept up to date by every
    /// change of a neighbour (see [`Board::neighbourhood`]).
    around: u16,
    // Chain data, valid on the head point only.
    libs: u16,
    stones: u16,
    lib_sum: u32,
    lib_sq: u32,
}

/// Takes the point at `at` out of a list of points by moving the last one
/// into its place, and returns the point moved, whose place must then be
/// recorded. Every list of empty points changes this way, so that a
/// playout board's list keeps the Go board's order.
#[inline]
pub fn swap_out(list: &mut Vec<u16>, at: usize) -> Option<usize> {
    list.swap_remove(at);
    list.get(at).map(|&p| p as usize)
}

/// A random number in `0..n` (`n` > 0) by one multiplication: faster than
/// `random_range`, with a bias below `n / 2^32`, invisible in playouts.
#[inline]
pub fn random_below(rng: &mut SmallRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    size: usize,
    stride: usize,
    /// `2^16 / stride` rounded up: `p * stride_inverse >> 16` is `p / stride`
    /// for every index of the board (see [`Board::vertex`]).
    stride_inverse: u32,
    points: Vec<Point>,
    empties: Vec<u16>,
    hash: u64,
    /// Point where the side to move may not play by simple ko (0: none).
    ko: u16,
    /// Linkers on the board.
    linkers: u16,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            points: self.points.clone(),
            empties: self.empties.clone(),
            ..*self
        }
    }

    /// Copies `source` into the allocations `self` already has: what a
    /// reader that copies a board at every ply wants.
    fn clone_from(&mut self, source: &Board) {
        let Board {
            size,
            stride,
            stride_inverse,
            ref points,
            ref empties,
            hash,
            ko,
            linkers,
        } = *source;
        self.points.clone_from(points);
        self.empties.clone_from(empties);
        (self.size, self.stride, self.stride_inverse) = (size, stride, stride_inverse);
        (self.hash, self.ko, self.linkers) = (hash, ko, linkers);
    }
}

impl Board {
    pub fn new(size: usize) -> Board {
        assert!((1..=crate::moves::MAX_SIZE).contains(&size));
        let stride = size + 2;
        let mut board = Board {
            size,
            stride,
            stride_inverse: (1u32 << 16).div_ceil(stride as u32),
            points: vec![Point::default(); stride * stride],
            empties: Vec::with_capacity(size * size),
            hash: 0,
            ko: 0,
            linkers: 0,
        };
        for p in 0..stride * stride {
            let (x, y) = (p % stride, p / stride);
            if x == 0 || y == 0 || x > size || y > size {
                board.points[p].cell = OFF;
            } else {
                board.points[p].empty_at = board.empties.len() as u16;
                board.empties.push(p as u16);
            }
        }
        board.recompute_neighbourhoods();
        board
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Board index of a vertex.
    #[inline]
    pub fn point(&self, v: Vertex) -> usize {
        (v.y as usize + 1) * self.stride + v.x as usize + 1
    }

    /// Vertex of a board index.
    /// Playouts call this for every move, so it multiplies instead of
    /// dividing: with fewer than 2^16 / stride indices the rounding up of
    /// the inverse never reaches the next multiple of the stride.
    #[inline]
    pub fn vertex(&self, p: usize) -> Vertex {
        let y = ((p as u32 * self.stride_inverse) >> 16) as usize;
        Vertex::new(p - y * self.stride - 1, y - 1)
    }

    /// Every on-board index, row by row from the bottom.
    pub fn all_points(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| (y + 1) * self.stride + x + 1))
    }

    #[inline]
    pub fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    #[inline]
    pub fn diagonals(&self, p: usize) -> [usize; 4] {
        let s = self.stride;
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    #[inline]
    pub fn cell(&self, p: usize) -> u8 {
        self.points[p].cell
    }

    /// The cell at a possibly out-of-range index; `None` outside the array.
    #[inline]
    pub fn cell_checked(&self, p: isize) -> Option<u8> {
        usize::try_from(p)
            .ok()
            .and_then(|p| self.points.get(p))
            .map(|pt| pt.cell)
    }

    #[inline]
    pub fn kind(&self, p: usize) -> u8 {
        self.points[p].kind
    }

    #[inline]
    pub fn is_empty(&self, p: usize) -> bool {
        self.points[p].cell == EMPTY
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The 3x3 neighbourhood of on-board `p` as 8 two-bit cells (0 empty,
    /// 1 black, 2 white, 3 anything else), row by row from `p - stride`
    /// without the centre: below-left in the lowest bits, above-right in
    /// the highest. Kept incrementally, so reading it costs one load.
    #[inline]
    pub fn neighbourhood(&self, p: usize) -> u16 {
        self.points[p].around
    }

    /// [`Board::neighbourhood`] computed from the cells.
    pub fn neighbourhood_from_cells(&self, p: usize) -> u16 {
        self.ring(p)
            .into_iter()
            .enumerate()
            .fold(0, |code, (i, q)| code | (self.cell(q).min(3) as u16) << (2 * i))
    }

    /// The 8 points around `p` in the bit order of [`Board::neighbourhood`].
    #[inline]
    fn ring(&self, p: usize) -> [usize; 8] {
        let s = self.stride;
        [p - s - 1, p - s, p - s + 1, p - 1, p + 1, p + s - 1, p + s, p + s + 1]
    }

    fn recompute_neighbourhoods(&mut self) {
        for p in 0..self.points.len() {
            let on_board = self.points[p].cell != OFF;
            self.points[p].around = if on_board { self.neighbourhood_from_cells(p) } else { 0 };
        }
    }

    /// Sets the cell of on-board `p` and its two bits in the neighbourhood
    /// codes of the 8 points around it.
    #[inline]
    fn set_cell(&mut self, p: usize, cell: u8) {
        self.points[p].cell = cell;
        let value = cell.min(3) as u16;
        // `p` is cell `7 - i` of the point at ring position `i`.
        for (i, q) in self.ring(p).into_iter().enumerate() {
            let shift = 2 * (7 - i);
            let code = &mut self.points[q].around;
            *code = (*code & !(3 << shift)) | value << shift;
        }
    }

    /// The simple-ko point for the side to move, if any.
    pub fn ko_point(&self) -> Option<usize> {
        (self.ko != 0).then_some(self.ko as usize)
    }

    pub fn empties(&self) -> &[u16] {
        &self.empties
    }

    /// The head point naming the chain through `p`.
    #[inline]
    pub fn chain(&self, p: usize) -> usize {
        self.points[p].head as usize
    }

    /// Number of stones in the chain through `p`.
    pub fn chain_len(&self, p: usize) -> usize {
        self.points[self.chain(p)].stones as usize
    }

    /// True when the chain through `p` has no liberty.
    #[inline]
    pub fn surrounded(&self, p: usize) -> bool {
        self.points[self.chain(p)].libs == 0
    }

    /// The single liberty of the chain through `p`, when it has exactly one.
    #[inline]
    pub fn atari_liberty(&self, p: usize) -> Option<usize> {
        let h = &self.points[self.chain(p)];
        let n = h.libs as u64;
        let sum = h.lib_sum as u64;
        (n > 0 && sum * sum == n * h.lib_sq as u64).then(|| (sum / n) as usize)
    }

    /// True when the chain through `p` is in atari with its liberty at `lib`;
    /// the same as `atari_liberty(p) == Some(lib)` without a division.
    #[inline]
    pub fn atari_at(&self, p: usize, lib: usize) -> bool {
        let h = &self.points[self.chain(p)];
        let (n, lib) = (h.libs as u64, lib as u64);
        n > 0 && h.lib_sum as u64 == n * lib && h.lib_sq as u64 == n * lib * lib
    }

    /// The liberties of the chain through `q` other than the empty point
    /// `p`, told in O(1) from the pseudo-liberties: each stone of the chain
    /// next to `p` counts `p` once, and the others are one point exactly
    /// when their sum squared is their count times their sum of squares.
    #[inline]
    pub fn liberties_besides(&self, q: usize, p: usize) -> OtherLiberties {
        let head = self.chain(q);
        let cell = self.cell(q);
        let at_p = self
            .neighbours(p)
            .into_iter()
            .filter(|&n| self.cell(n) == cell && self.chain(n) == head)
            .count() as u64;
        let h = &self.points[head];
        let p = p as u64;
        let count = h.libs as u64 - at_p;
        let sum = h.lib_sum as u64 - at_p * p;
        let sq = h.lib_sq as u64 - at_p * p * p;
        if count == 0 {
            OtherLiberties::None
        } else if sum * sum == count * sq {
            OtherLiberties::One((sum / count) as usize)
        } else {
            OtherLiberties::Many
        }
    }

    /// True when the chain through `q` has a liberty other than `points`
    /// (distinct empty points), told from the pseudo-liberties: each stone
    /// of the chain next to one of `points` counts that point once, and
    /// any count beyond those is another liberty. What a drop of several
    /// stones on `points` leaves the chain.
    #[inline]
    pub fn has_liberty_besides(&self, q: usize, points: &[usize]) -> bool {
        let (head, cell) = (self.chain(q), self.cell(q));
        let mut at_points = 0;
        for &p in points {
            for n in self.neighbours(p) {
                if self.cell(n) == cell && self.chain(n) == head {
                    at_points += 1;
                }
            }
        }
        self.points[head].libs as u32 > at_points
    }

    /// The stones of the chain through `p`.
    pub fn chain_stones(&self, p: usize) -> Vec<usize> {
        let mut out = vec![p];
        let mut q = self.points[p].next as usize;
        while q != p {
            out.push(q);
            q = self.points[q].next as usize;
        }
        out
    }

    /// The next stone of the chain through `p`, round the circle back to `p`.
    #[inline]
    pub fn next_in_chain(&self, p: usize) -> usize {
        self.points[p].next as usize
    }

    /// Up to `max` (at most 4) distinct liberties of the chain through `p`,
    /// found without allocating; unused slots hold 0 (never on the board).
    pub fn liberties_upto(&self, p: usize, max: usize) -> [usize; 4] {
        let max = max.min(4);
        let mut libs = [0usize; 4];
        let mut count = 0;
        let mut q = p;
        loop {
            for n in self.neighbours(q) {
                if self.is_empty(n) && !libs[..count].contains(&n) {
                    libs[count] = n;
                    count += 1;
                    if count == max {
                        return libs;
                    }
                }
            }
            q = self.points[q].next as usize;
            if q == p {
                return libs;
            }
        }
    }

    /// The exact liberties of the chain through `p`, sorted.
    pub fn liberties(&self, p: usize) -> Vec<usize> {
        let mut libs: Vec<usize> = self
            .chain_stones(p)
            .into_iter()
            .flat_map(|s| self.neighbours(s))
            .filter(|&n| self.is_empty(n))
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    #[inline]
    fn add_lib(&mut self, head: usize, lib: usize) {
        let h = &mut self.points[head];
        h.libs += 1;
        h.lib_sum += lib as u32;
        h.lib_sq += (lib * lib) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, head: usize, lib: usize) {
        let h = &mut self.points[head];
        h.libs -= 1;
        h.lib_sum -= lib as u32;
        h.lib_sq -= (lib * lib) as u32;
    }

    fn take_empty(&mut self, p: usize) {
        let at = self.points[p].empty_at as usize;
        if let Some(moved) = swap_out(&mut self.empties, at) {
            self.points[moved].empty_at = at as u16;
        }
    }

    fn give_empty(&mut self, p: usize) {
        self.points[p].empty_at = self.empties.len() as u16;
        self.empties.push(p as u16);
    }

    /// True when a stone of `color` at empty `p` would be suicide: no liberty
    /// of its own and no capture. Ignores ko.
    #[inline]
    pub fn is_suicide(&self, p: usize, color: Color) -> bool {
        let own = cell_of(color);
        for n in self.neighbours(p) {
            let c = self.cell(n);
            if c == EMPTY {
                return false;
            }
            if chains(c) {
                let in_atari_here = self.atari_at(n, p);
                if c == own && !in_atari_here {
                    return false;
                }
                if c != own && c != NEUTRAL && in_atari_here {
                    return false;
                }
            }
        }
        true
    }

    /// True when a stone of `color` at `p` would capture something.
    #[inline]
    pub fn captures_at(&self, p: usize, color: Color) -> bool {
        let enemy = cell_of(color.opponent());
        self.neighbours(p)
            .into_iter()
            .any(|n| self.cell(n) == enemy && self.atari_at(n, p))
    }

    /// The hash the board would have after `color` plays at `p` with the usual
    /// captures, computed without playing.
    pub fn hash_after(&self, p: usize, color: Color, kind: u8) -> u64 {
        let enemy = cell_of(color.opponent());
        let mut hash = self.hash ^ zobrist::piece_key(p, cell_of(color), kind);
        let mut seen = [usize::MAX; 4];
        for (i, n) in self.neighbours(p).into_iter().enumerate() {
            if self.cell(n) == enemy && self.atari_at(n, p) {
                let head = self.chain(n);
                if seen.contains(&head) {
                    continue;
                }
                seen[i] = head;
                for s in self.chain_stones(head) {
                    hash ^= zobrist::piece_key(s, enemy, self.kind(s));
                }
            }
        }
        hash
    }

    /// True when `p` is an eye-like point of `color`: every neighbour is its
    /// stone or off the board, and the diagonals do not make it a false eye.
    /// Read from the neighbourhood code where it has no cell 3 (off the
    /// board, or a piece that is no stone): playouts ask it of nearly every
    /// empty point once the board fills up.
    #[inline]
    pub fn is_eye(&self, p: usize, color: Color) -> bool {
        // Two-bit fields 1, 3, 4 and 6 are the orthogonal neighbours, 0, 2,
        // 5 and 7 the diagonals (see `Board::neighbourhood`).
        const ORTHOGONAL: u16 = 0x33CC;
        const ORTHOGONAL_ONES: u16 = 0x1144;
        const DIAGONAL_ONES: u16 = 0x4411;
        let code = self.neighbourhood(p);
        if (code >> 1) & code & 0x5555 != 0 {
            return self.is_eye_by_cells(p, color);
        }
        let own = cell_of(color) as u16;
        if code & ORTHOGONAL != own * ORTHOGONAL_ONES {
            return false;
        }
        // A diagonal field is the enemy's when it XORs to zero against it.
        let enemy = cell_of(color.opponent()) as u16;
        let other = code ^ (enemy * DIAGONAL_ONES);
        let not_enemy = (other | other >> 1) & DIAGONAL_ONES;
        not_enemy.count_ones() >= 3
    }

    /// [`Board::is_eye`] from the cells, which tell the edge from a block.
    fn is_eye_by_cells(&self, p: usize, color: Color) -> bool {
        let own = cell_of(color);
        if self.neighbours(p).iter().any(|&n| {
            let c = self.cell(n);
            c != own && c != OFF
        }) {
            return false;
        }
        let enemy = cell_of(color.opponent());
        let mut bad = 0;
        let mut edge = false;
        for d in self.diagonals(p) {
            match self.cell(d) {
                OFF => edge = true,
                c if c == enemy => bad += 1,
                _ => {}
            }
        }
        bad < if edge { 1 } else { 2 }
    }

    /// Puts a piece on empty `p` without captures: joins chains and takes
    /// liberties. Returns nothing; callers capture afterwards.
    #[inline]
    pub fn put(&mut self, p: usize, cell: u8, kind: u8) {
        self.put_piece(p, cell, kind, false);
    }

    /// Puts a linker stone on empty `p`, as [`Board::put`] puts a stone.
    pub fn put_linker(&mut self, p: usize, cell: u8, kind: u8) {
        debug_assert!(chains(cell), "only stones link");
        self.put_piece(p, cell, kind, true);
    }

    /// True when the stone on `p` is a linker.
    pub fn is_linker(&self, p: usize) -> bool {
        self.points[p].linker
    }

    fn put_piece(&mut self, p: usize, cell: u8, kind: u8, linker: bool) {
        debug_assert!(self.is_empty(p));
        self.take_empty(p);
        self.hash ^= zobrist::piece_key(p, cell, kind);
        self.set_cell(p, cell);
        let pt = &mut self.points[p];
        pt.kind = kind;
        if !chains(cell) {
            // A block takes a liberty from every chain beside it.
            for n in self.neighbours(p) {
                if chains(self.cell(n)) {
                    let head = self.chain(n);
                    self.remove_lib(head, p);
                }
            }
            return;
        }
        *pt = Point {
            head: p as u16,
            next: p as u16,
            stones: 1,
            libs: 0,
            lib_sum: 0,
            lib_sq: 0,
            linker,
            ..*pt
        };
        self.linkers += linker as u16;
        for n in self.neighbours(p) {
            let c = self.cell(n);
            if c == EMPTY {
                self.add_lib(p, n);
            } else if chains(c) && n != p {
                let head = self.chain(n);
                self.remove_lib(head, p);
            }
        }
        for n in self.neighbours(p) {
            if self.cell(n) == cell && self.chain(n) != self.chain(p) {
                self.merge(self.chain(p), self.chain(n));
            }
        }
        if self.linkers > 0 {
            for q in self.links(p) {
                if self.chain(q) != self.chain(p) {
                    self.merge(self.chain(p), self.chain(q));
                }
            }
        }
    }

    /// The stones that the stone on `p` is linked with: those of its colour
    /// two points away in a straight line, when either of the two is a
    /// linker. Unused slots hold `p`.
    pub fn links(&self, p: usize) -> [usize; 4] {
        let mut out = [p; 4];
        if self.linkers == 0 {
            return out;
        }
        let cell = self.cell(p);
        // Two columns left or right of the board reach the padding, never a
        // point of another row; two rows off the board leave the array.
        let steps = [2 * self.stride as isize, 2, -2, -2 * (self.stride as isize)];
        for (slot, step) in out.iter_mut().zip(steps) {
            let q = p as isize + step;
            if self.cell_checked(q) == Some(cell) {
                let q = q as usize;
                if self.points[p].linker || self.points[q].linker {
                    *slot = q;
                }
            }
        }
        out
    }

    /// Joins two chains of one colour.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.points[a].stones >= self.points[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut q = small;
        loop {
            self.points[q].head = big as u16;
            q = self.points[q].next as usize;
            if q == small {
                break;
            }
        }
        let s = self.points[small];
        let h = &mut self.points[big];
        h.stones += s.stones;
        h.libs += s.libs;
        h.lib_sum += s.lib_sum;
        h.lib_sq += s.lib_sq;
        // Splice the two circular lists.
        let big_next = self.points[big].next;
        self.points[big].next = self.points[small].next;
        self.points[small].next = big_next;
    }

    /// Removes the chain through `p`; returns the number of stones removed.
    pub fn remove_chain(&mut self, p: usize) -> usize {
        // Two walks round the chain's circular list, which emptying the
        // cells leaves intact: no allocation on this hot path of playouts.
        let mut count = 0;
        let mut s = p;
        loop {
            let pt = self.points[s];
            self.hash ^= zobrist::piece_key(s, pt.cell, pt.kind);
            self.set_cell(s, EMPTY);
            self.points[s].kind = 0;
            self.unlink(s);
            self.give_empty(s);
            count += 1;
            s = pt.next as usize;
            if s == p {
                break;
            }
        }
        loop {
            for n in self.neighbours(s) {
                if chains(self.cell(n)) {
                    let head = self.chain(n);
                    self.add_lib(head, s);
                }
            }
            s = self.points[s].next as usize;
            if s == p {
                break;
            }
        }
        count
    }

    /// Plays a stone of `color` at empty `p` with Go captures of enemy chains
    /// left without liberties; sets the simple-ko point. Returns the number
    /// of stones captured. Suicide is the caller's to forbid.
    pub fn play(&mut self, p: usize, color: Color, kind: u8) -> usize {
        let enemy = cell_of(color.opponent());
        self.put(p, cell_of(color), kind);
        let mut captured = 0;
        let mut last_captured = 0;
        for n in self.neighbours(p) {
            if self.cell(n) == enemy && self.surrounded(n) {
                captured += self.remove_chain(n);
                last_captured = n;
            }
        }
        self.ko = 0;
        if captured == 1 && self.chain_len(p) == 1 && self.atari_liberty(p) == Some(last_captured) {
            self.ko = last_captured as u16;
        }
        captured
    }

    /// Clears the simple-ko point (after a pass).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Removes single pieces anywhere (explosions, Yugo's pawn removal):
    /// the chains they belonged to are rebuilt from scratch.
    pub fn remove_points(&mut self, points: &[usize]) {
        for &p in points {
            let pt = self.points[p];
            if pt.cell == EMPTY || pt.cell == OFF {
                continue;
            }
            self.hash ^= zobrist::piece_key(p, pt.cell, pt.kind);
            self.set_cell(p, EMPTY);
            self.points[p].kind = 0;
            self.unlink(p);
            self.give_empty(p);
        }
        self.rebuild_chains();
    }

    /// Clears the linker flag of a point being emptied.
    #[inline]
    fn unlink(&mut self, p: usize) {
        if self.points[p].linker {
            self.points[p].linker = false;
            self.linkers -= 1;
        }
    }

    /// Recomputes every chain and its liberties from the cells alone.
    pub fn rebuild_chains(&mut self) {
        let all: Vec<usize> = self.all_points().collect();
        for &p in &all {
            let pt = &mut self.points[p];
            pt.head = p as u16;
            pt.next = p as u16;
            pt.stones = 1;
            pt.libs = 0;
            pt.lib_sum = 0;
            pt.lib_sq = 0;
        }
        for &p in &all {
            let c = self.cell(p);
            if !chains(c) {
                continue;
            }
            for n in self.neighbours(p) {
                if self.cell(n) == EMPTY {
                    self.add_lib(self.chain(p), n);
                }
            }
            for n in [p - 1, p - self.stride] {
                if self.cell(n) == c && self.chain(n) != self.chain(p) {
                    self.merge(self.chain(p), self.chain(n));
                }
            }
            for q in self.links(p) {
                if self.chain(q) != self.chain(p) {
                    self.merge(self.chain(p), self.chain(q));
                }
            }
        }
    }

    /// Checks every piece of incremental data against the cells, as
    /// KataGo's `checkConsistency` does: the hash, the list of empty
    /// points, the 3x3 codes, each chain's ring of stones, its size and
    /// its pseudo-liberty counts and sums, and the ko point. A test calls
    /// it after every move; it is slow.
    pub fn check_consistency(&self) -> Result<(), String> {
        if self.hash != self.recompute_hash() {
            return Err("the incremental hash differs from the recomputed one".into());
        }
        let empties: Vec<usize> = self.all_points().filter(|&p| self.is_empty(p)).collect();
        if empties.len() != self.empties.len() {
            return Err(format!("{} empty points, {} listed", empties.len(), self.empties.len()));
        }
        for &p in &empties {
            if self.empties.get(self.points[p].empty_at as usize) != Some(&(p as u16)) {
                return Err(format!("empty point {} is not where the list says", self.vertex(p)));
            }
        }
        let linkers = self.all_points().filter(|&p| self.points[p].linker).count();
        if linkers != self.linkers as usize
            || self
                .all_points()
                .any(|p| self.points[p].linker && !chains(self.cell(p)))
        {
            return Err(format!("{} linkers counted, {linkers} flagged", self.linkers));
        }
        let mut rebuilt = self.clone();
        rebuilt.rebuild_chains();
        for p in self.all_points() {
            let at = self.vertex(p);
            if self.neighbourhood(p) != self.neighbourhood_from_cells(p) {
                return Err(format!("the 3x3 code of {at} is stale"));
            }
            if !chains(self.cell(p)) {
                continue;
            }
            // The ring walked with a bound, so that a broken one cannot hang.
            let mut stones = vec![p];
            let mut q = self.next_in_chain(p);
            while q != p && stones.len() <= self.points.len() {
                stones.push(q);
                q = self.next_in_chain(q);
            }
            let mut expected = rebuilt.chain_stones(p);
            let mut ring = stones.clone();
            ring.sort_unstable();
            expected.sort_unstable();
            if ring != expected {
                return Err(format!("the chain through {at} has the wrong stones"));
            }
            if stones.iter().any(|&s| self.chain(s) != self.chain(p)) {
                return Err(format!("the chain through {at} has two heads"));
            }
            let (head, fresh) = (&self.points[self.chain(p)], &rebuilt.points[rebuilt.chain(p)]);
            let counts = |pt: &Point| (pt.stones, pt.libs, pt.lib_sum, pt.lib_sq);
            if counts(head) != counts(fresh) {
                return Err(format!(
                    "the chain through {at} counts (stones, pseudo-liberties, sum, squares) {:?}, rebuilt {:?}",
                    counts(head),
                    counts(fresh)
                ));
            }
        }
        match self.ko_point() {
            Some(ko) if !self.is_empty(ko) => Err(format!("the ko point {} is occupied", self.vertex(ko))),
            _ => Ok(()),
        }
    }

    /// The board hash computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        self.all_points()
            .filter(|&p| self.cell(p) != EMPTY)
            .fold(0, |h, p| h ^ zobrist::piece_key(p, self.cell(p), self.kind(p)))
    }

    /// Tromp-Taylor area: black's points minus white's. Stones count for
    /// their colour; an empty region counts for the one colour it reaches.
    pub fn area_score(&self) -> i32 {
        let owners = self.area_owners();
        owners.iter().map(|&o| o as i32).sum()
    }

    /// Owner of each on-board point in row-major order: +1 black, -1 white, 0 none.
    pub fn area_owners(&self) -> Vec<i8> {
        let mut owner = vec![0i8; self.points.len()];
        let mut done = vec![false; self.points.len()];
        let mut region = Vec::new();
        let mut stack = Vec::new();
        for p in self.all_points() {
            match self.cell(p) {
                BLACK => owner[p] = 1,
                WHITE => owner[p] = -1,
                EMPTY if !done[p] => {
                    region.clear();
                    stack.push(p);
                    done[p] = true;
                    let (mut black, mut white) = (false, false);
                    while let Some(q) = stack.pop() {
                        region.push(q);
                        for n in self.neighbours(q) {
                            match self.cell(n) {
                                EMPTY if !done[n] => {
                                    done[n] = true;
                                    stack.push(n);
                                }
                                BLACK => black = true,
                                WHITE => white = true,
                                _ => {}
                            }
                        }
                    }
                    let value = match (black, white) {
                        (true, false) => 1,
                        (false, true) => -1,
                        _ => 0,
                    };
                    for &q in &region {
                        owner[q] = value;
                    }
                }
                _ => {}
            }
        }
        self.all_points().map(|p| owner[p]).collect()
    }

    /// A uniformly random empty point satisfying `ok`, scanning from a random
    /// start; `None` when no empty point does.
    #[inline]
    pub fn random_empty(&self, rng: &mut SmallRng, mut ok: impl FnMut(usize) -> bool) -> Option<usize> {
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = random_below(rng, n);
        let (tail, head) = self.empties.split_at(start);
        head.iter().chain(tail).map(|&p| p as usize).find(|&p| ok(p))
    }

    /// The board as rows of `X`, `O` and `.`, top row first (for tests).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                out.push(match self.cell(self.point(Vertex::new(x, y))) {
                    BLACK => 'X',
                    WHITE => 'O',
                    EMPTY => '.',
                    _ => '#',
                });
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, text: &str) -> usize {
        board.point(Vertex::parse(text).unwrap())
    }

    #[test]
    fn corner_capture_and_liberties() {
        let mut b = Board::new(9);
        let a1 = at(&b, "A1");
        b.play(a1, Color::White, 0);
        assert_eq!(b.liberties(a1).len(), 2);
        b.play(at(&b, "A2"), Color::Black, 0);
        assert_eq!(b.atari_liberty(a1), Some(at(&b, "B1")));
        assert_eq!(b.play(at(&b, "B1"), Color::Black, 0), 1);
        assert!(b.is_empty(a1));
        assert_eq!(b.hash(), b.recompute_hash());
    }

    #[test]
    fn merge_and_rebuild_agree() {
        let mut b = Board::new(5);
        for v in ["B2", "C2", "D2", "C3", "C1"] {
            b.play(at(&b, v), Color::Black, 0);
        }
        let head = b.chain(at(&b, "B2"));
        assert_eq!(b.chain_len(head), 5);
        let libs = b.liberties(head);
        let mut rebuilt = b.clone();
        rebuilt.rebuild_chains();
        assert_eq!(rebuilt.chain_len(at(&b, "B2")), 5);
        assert_eq!(rebuilt.liberties(at(&b, "B2")), libs);
    }

    /// A 9x9 board after a random number (in `moves`) of random stones of
    /// alternate colours, suicides skipped.
    fn random_board(rng: &mut SmallRng, moves: std::ops::Range<usize>) -> Board {
        use rand::Rng;
        let mut b = Board::new(9);
        for i in 0..rng.random_range(moves) {
            let p = b.empties()[rng.random_range(0..b.empties().len())] as usize;
            let color = if i % 2 == 0 { Color::Black } else { Color::White };
            if !b.is_suicide(p, color) {
                b.play(p, color, 0);
            }
        }
        b
    }

    #[test]
    fn neighbourhood_codes_follow_every_change() {
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(5);
        for round in 0..100 {
            let mut b = Board::new(2 + round % 8);
            for i in 0..rng.random_range(5..80) {
                if b.empties().is_empty() {
                    break;
                }
                let p = b.empties()[rng.random_range(0..b.empties().len())] as usize;
                match i % 7 {
                    5 => b.put(p, BLOCK, 0),
                    6 => {
                        let q = b.all_points().nth(i % b.size()).unwrap();
                        b.remove_points(&[q]);
                    }
                    _ => {
                        let color = if i % 2 == 0 { Color::Black } else { Color::White };
                        if !b.is_suicide(p, color) {
                            b.play(p, color, 0);
                        }
                    }
                }
                for q in b.all_points() {
                    assert_eq!(b.neighbourhood(q), b.neighbourhood_from_cells(q), "{}", b.to_text());
                    for color in [Color::Black, Color::White] {
                        let by_cells = b.is_empty(q) && b.is_eye_by_cells(q, color);
                        assert_eq!(b.is_empty(q) && b.is_eye(q, color), by_cells, "{}", b.to_text());
                    }
                }
            }
        }
    }

    #[test]
    fn check_consistency_holds_on_random_boards_and_finds_stale_data() {
        use rand::SeedableRng;
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..30 {
            let board = random_board(&mut rng, 10..70);
            assert_eq!(board.check_consistency(), Ok(()), "{}", board.to_text());
            let Some(p) = board.all_points().find(|&p| chains(board.cell(p))) else {
                continue;
            };
            let head = board.chain(p);
            let mut stale = board.clone();
            stale.points[head].lib_sum += 1;
            assert!(stale.check_consistency().unwrap_err().contains("pseudo-liberties"));
            let mut stale = board.clone();
            stale.points[p].around ^= 1;
            assert!(stale.check_consistency().unwrap_err().contains("3x3"));
            if board.chain_len(p) > 1 {
                let mut stale = board.clone();
                stale.points[p].next = p as u16;
                assert!(stale.check_consistency().unwrap_err().contains("wrong stones"));
            }
            let mut stale = board.clone();
            stale.empties.pop();
            assert!(stale.check_consistency().is_err());
        }
    }

    #[test]
    fn clone_from_gives_what_clone_gives_over_a_board_of_any_size() {
        use rand::SeedableRng;
        let mut rng = SmallRng::seed_from_u64(6);
        let mut kept = Board::new(19);
        for _ in 0..20 {
            let board = random_board(&mut rng, 0..70);
            kept.clone_from(&board);
            assert_eq!(kept, board.clone());
            kept = Board::new(2);
            kept.clone_from(&board);
            assert_eq!(kept, board);
        }
    }

    #[test]
    fn vertex_inverts_point_on_every_size() {
        for size in 1..=crate::moves::MAX_SIZE {
            let b = Board::new(size);
            for p in b.all_points() {
                assert_eq!(b.point(b.vertex(p)), p);
                let v = b.vertex(p);
                assert_eq!((v.x as usize + 1, v.y as usize + 1), (p % b.stride, p / b.stride));
            }
        }
    }

    #[test]
    fn liberties_besides_agrees_with_exact_liberties_on_random_boards() {
        use rand::SeedableRng;
        let mut rng = SmallRng::seed_from_u64(4);
        for _ in 0..300 {
            let b = random_board(&mut rng, 10..70);
            for p in b.all_points().filter(|&p| b.is_empty(p)) {
                for q in b.neighbours(p).into_iter().filter(|&q| chains(b.cell(q))) {
                    let others: Vec<usize> = b.liberties(q).into_iter().filter(|&l| l != p).collect();
                    let expected = match others[..] {
                        [] => OtherLiberties::None,
                        [l] => OtherLiberties::One(l),
                        _ => OtherLiberties::Many,
                    };
                    assert_eq!(b.liberties_besides(q, p), expected, "{}", b.to_text());
                }
            }
        }
    }

    #[test]
    fn liberties_besides_a_set_agree_with_exact_liberties_on_random_boards() {
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        for _ in 0..300 {
            let b = random_board(&mut rng, 10..70);
            let empties: Vec<usize> = b.all_points().filter(|&p| b.is_empty(p)).collect();
            if empties.len() < 4 {
                continue;
            }
            let mut points: Vec<usize> = (0..rng.random_range(1..=4))
                .map(|_| empties[rng.random_range(0..empties.len())])
                .collect();
            points.sort_unstable();
            points.dedup();
            for q in b.all_points().filter(|&q| chains(b.cell(q))) {
                let others = b.liberties(q).into_iter().any(|l| !points.contains(&l));
                assert_eq!(b.has_liberty_besides(q, &points), others, "{}", b.to_text());
            }
        }
    }

    #[test]
    fn atari_at_agrees_with_atari_liberty() {
        let mut b = Board::new(5);
        b.play(at(&b, "A1"), Color::White, 0);
        b.play(at(&b, "A2"), Color::Black, 0);
        let (a1, b1) = (at(&b, "A1"), at(&b, "B1"));
        assert!(b.atari_at(a1, b1));
        assert!(!b.atari_at(a1, at(&b, "C1")));
        assert!(!b.atari_at(at(&b, "A2"), at(&b, "A3")));
    }

    #[test]
    fn ko_point_is_set_and_cleared() {
        let mut b = Board::new(5);
        for v in ["B2", "C3", "C1"] {
            b.play(at(&b, v), Color::Black, 0);
        }
        for v in ["D3", "E2", "D1", "C2"] {
            b.play(at(&b, v), Color::White, 0);
        }
        assert_eq!(b.play(at(&b, "D2"), Color::Black, 0), 1);
        assert_eq!(b.ko_point(), Some(at(&b, "C2")));
        b.play(at(&b, "A5"), Color::White, 0);
        assert_eq!(b.ko_point(), None);
    }
}
