//! Polyominoes: pieces of two to four orthogonally connected cells, as
//! Group Go, Omino Go and DominGo drop them.
//!
//! An [`Omino`] is a piece as a hand holds it: it may be turned round on
//! the board but not over, so mirror images are different pieces (the 7
//! platoons: I, O, T, S, Z, L, J). A [`Shape`] is one piece in one
//! orientation. The table of shapes lists each of the 27 fixed polyominoes
//! of 2 to 4 cells once, with its cells as offsets from its first cell in
//! the canonical order of vertices (column, then row). A drop is therefore
//! a shape and the vertex of its first cell, which fits in three bytes.
//!
//! The table is sorted by the cells' offsets, so that listing the drops
//! anchor by anchor (in vertex order) and shape by shape (in table order)
//! lists them in the order of their cell lists: the canonical order of
//! `variago-legal_moves`.

use crate::vertex::Vertex;
use std::fmt;

/// The most cells a piece has.
pub const MAX_CELLS: usize = 4;

/// A piece, free to turn but not to flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Omino {
    Domino,
    /// The straight tromino (squadron).
    I3,
    /// The bent tromino (squadron).
    L3,
    /// The tetrominoes (platoons).
    I4,
    O4,
    T4,
    S4,
    Z4,
    L4,
    J4,
}

impl Omino {
    pub const ALL: [Omino; 10] = [
        Omino::Domino,
        Omino::I3,
        Omino::L3,
        Omino::I4,
        Omino::O4,
        Omino::T4,
        Omino::S4,
        Omino::Z4,
        Omino::L4,
        Omino::J4,
    ];

    /// The trominoes, the seed's squadrons.
    pub const SQUADRONS: [Omino; 2] = [Omino::I3, Omino::L3];

    /// The tetrominoes, the seed's platoons: the last seven of [`Omino::ALL`].
    pub const PLATOONS: &[Omino] = Omino::ALL.split_at(3).1;

    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name presets, hands and messages use.
    pub fn name(self) -> &'static str {
        match self {
            Omino::Domino => "domino",
            Omino::I3 => "i3",
            Omino::L3 => "l3",
            Omino::I4 => "i4",
            Omino::O4 => "o4",
            Omino::T4 => "t4",
            Omino::S4 => "s4",
            Omino::Z4 => "z4",
            Omino::L4 => "l4",
            Omino::J4 => "j4",
        }
    }

    /// The name in any case.
    pub fn parse(text: &str) -> Result<Omino, String> {
        let lower = text.to_ascii_lowercase();
        Omino::ALL
            .into_iter()
            .find(|o| o.name() == lower)
            .ok_or_else(|| format!("unknown piece '{text}'"))
    }

    /// How many cells it has.
    pub fn cells(self) -> usize {
        self.base().len()
    }

    /// The piece turned over (S and Z, L and J swap; the others are their
    /// own mirror images).
    pub fn mirror(self) -> Omino {
        match self {
            Omino::S4 => Omino::Z4,
            Omino::Z4 => Omino::S4,
            Omino::L4 => Omino::J4,
            Omino::J4 => Omino::L4,
            other => other,
        }
    }

    /// Its cells in one orientation, as (column, row).
    const fn base(self) -> &'static [(i8, i8)] {
        match self {
            Omino::Domino => &[(0, 0), (1, 0)],
            Omino::I3 => &[(0, 0), (1, 0), (2, 0)],
            Omino::L3 => &[(0, 0), (1, 0), (0, 1)],
            Omino::I4 => &[(0, 0), (1, 0), (2, 0), (3, 0)],
            Omino::O4 => &[(0, 0), (1, 0), (0, 1), (1, 1)],
            Omino::T4 => &[(0, 0), (1, 0), (2, 0), (1, 1)],
            // .XX / XX.
            Omino::S4 => &[(0, 0), (1, 0), (1, 1), (2, 1)],
            // XX. / .XX
            Omino::Z4 => &[(1, 0), (2, 0), (0, 1), (1, 1)],
            // X. / X. / XX
            Omino::L4 => &[(0, 0), (1, 0), (0, 1), (0, 2)],
            // .X / .X / XX
            Omino::J4 => &[(0, 0), (1, 0), (1, 1), (1, 2)],
        }
    }

    /// Its shapes: one per distinct orientation.
    pub fn shapes(self) -> impl Iterator<Item = Shape> {
        (0..SHAPE_COUNT as u8).map(Shape).filter(move |s| s.omino() == self)
    }
}

impl fmt::Display for Omino {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece in one orientation: an index into the table of shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(u8);

/// How many fixed polyominoes of 2 to 4 cells there are: 2 + 6 + 19.
pub const SHAPE_COUNT: usize = 27;

impl Shape {
    /// Every shape, in the canonical order.
    pub fn all() -> impl Iterator<Item = Shape> {
        (0..SHAPE_COUNT as u8).map(Shape)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The shape at `index` of the table, if there is one.
    pub fn from_index(index: usize) -> Option<Shape> {
        (index < SHAPE_COUNT).then_some(Shape(index as u8))
    }

    pub fn omino(self) -> Omino {
        SHAPES[self.index()].omino
    }

    /// Its cells as (column, row) offsets from the first, in canonical order.
    #[inline]
    pub fn offsets(self) -> &'static [(i8, i8)] {
        let def = &SHAPES[self.index()];
        &def.cells[..def.len as usize]
    }

    /// The cell that stands for the whole piece where a move needs one
    /// point (all-moves-as-first statistics): the one with most
    /// neighbours inside the piece, the first such in canonical order.
    pub fn key_cell(self) -> usize {
        SHAPES[self.index()].key as usize
    }

    /// The cells of the shape dropped with its first cell on `anchor`;
    /// `None` where one would lie off a `size` board.
    pub fn cells_at(self, anchor: Vertex, size: usize) -> Option<Cells> {
        let mut cells = Cells::default();
        for &(dx, dy) in self.offsets() {
            let x = anchor.x as i32 + dx as i32;
            let y = anchor.y as i32 + dy as i32;
            if !(0..size as i32).contains(&x) || !(0..size as i32).contains(&y) {
                return None;
            }
            cells.push(Vertex::new(x as usize, y as usize));
        }
        Some(cells)
    }

    /// The shape of a set of cells and its anchor (the first cell), or why
    /// the cells are no piece.
    pub fn recognise(cells: &[Vertex]) -> Result<(Shape, Vertex), String> {
        if !(2..=MAX_CELLS).contains(&cells.len()) {
            return Err(format!("a piece has 2 to {MAX_CELLS} points, not {}", cells.len()));
        }
        let mut sorted = cells.to_vec();
        sorted.sort();
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("{} is given twice", pair[0]));
        }
        let anchor = sorted[0];
        let offsets: Vec<(i8, i8)> = sorted
            .iter()
            .map(|v| {
                (
                    (v.x as i32 - anchor.x as i32) as i8,
                    (v.y as i32 - anchor.y as i32) as i8,
                )
            })
            .collect();
        Shape::all()
            .find(|s| s.offsets() == offsets.as_slice())
            .map(|s| (s, anchor))
            .ok_or_else(|| {
                let text: Vec<String> = sorted.iter().map(Vertex::to_string).collect();
                format!("{} is not a piece: its points are not connected", text.join("+"))
            })
    }
}

/// The cells of a piece on the board, in canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    cells: [Vertex; MAX_CELLS],
    len: u8,
}

impl Default for Cells {
    fn default() -> Cells {
        Cells {
            cells: [Vertex::new(0, 0); MAX_CELLS],
            len: 0,
        }
    }
}

impl Cells {
    fn push(&mut self, v: Vertex) {
        self.cells[self.len as usize] = v;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Vertex] {
        &self.cells[..self.len as usize]
    }
}

impl std::ops::Deref for Cells {
    type Target = [Vertex];
    fn deref(&self) -> &[Vertex] {
        self.as_slice()
    }
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
struct ShapeDef {
    omino: Omino,
    len: u8,
    cells: [(i8, i8); MAX_CELLS],
    key: u8,
}

const SHAPES: [ShapeDef; SHAPE_COUNT] = build_table();

/// Every orientation of every piece, normalised (cells sorted, offsets from
/// the first), without repeats, sorted by the offsets.
const fn build_table() -> [ShapeDef; SHAPE_COUNT] {
    let empty = ShapeDef {
        omino: Omino::Domino,
        len: 0,
        cells: [(0, 0); MAX_CELLS],
        key: 0,
    };
    let mut table = [empty; SHAPE_COUNT];
    let mut count = 0;
    let mut o = 0;
    while o < Omino::ALL.len() {
        let omino = Omino::ALL[o];
        let base = omino.base();
        let mut turn = 0;
        while turn < 4 {
            let mut def = ShapeDef {
                omino,
                len: base.len() as u8,
                ..empty
            };
            let mut i = 0;
            while i < base.len() {
                // A quarter turn `turn` times: (x, y) -> (-y, x).
                let (mut x, mut y) = base[i];
                let mut t = 0;
                while t < turn {
                    (x, y) = (-y, x);
                    t += 1;
                }
                def.cells[i] = (x, y);
                i += 1;
            }
            def = normalised(def);
            let mut seen = false;
            let mut j = 0;
            while j < count {
                seen = seen || same_cells(&table[j], &def);
                j += 1;
            }
            if !seen {
                table[count] = def;
                count += 1;
            }
            turn += 1;
        }
        o += 1;
    }
    assert!(count == SHAPE_COUNT, "27 fixed polyominoes of 2 to 4 cells");
    // Insertion sort by the offsets.
    let mut i = 1;
    while i < SHAPE_COUNT {
        let mut j = i;
        while j > 0 && before(&table[j], &table[j - 1]) {
            let swap = table[j];
            table[j] = table[j - 1];
            table[j - 1] = swap;
            j -= 1;
        }
        i += 1;
    }
    table
}

/// The cells sorted by (column, row), as offsets from the first, with the
/// key cell found.
const fn normalised(mut def: ShapeDef) -> ShapeDef {
    let n = def.len as usize;
    let mut i = 1;
    while i < n {
        let mut j = i;
        while j > 0 && cell_before(def.cells[j], def.cells[j - 1]) {
            let swap = def.cells[j];
            def.cells[j] = def.cells[j - 1];
            def.cells[j - 1] = swap;
            j -= 1;
        }
        i += 1;
    }
    let (x0, y0) = def.cells[0];
    let mut i = 0;
    while i < n {
        def.cells[i] = (def.cells[i].0 - x0, def.cells[i].1 - y0);
        i += 1;
    }
    let mut best = 0;
    let mut best_neighbours = 0;
    let mut i = 0;
    while i < n {
        let mut neighbours = 0;
        let mut j = 0;
        while j < n {
            let (dx, dy) = (def.cells[i].0 - def.cells[j].0, def.cells[i].1 - def.cells[j].1);
            if dx * dx + dy * dy == 1 {
                neighbours += 1;
            }
            j += 1;
        }
        if neighbours > best_neighbours {
            best = i;
            best_neighbours = neighbours;
        }
        i += 1;
    }
    def.key = best as u8;
    def
}

const fn cell_before(a: (i8, i8), b: (i8, i8)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

const fn same_cells(a: &ShapeDef, b: &ShapeDef) -> bool {
    if a.len != b.len {
        return false;
    }
    let mut i = 0;
    while i < a.len as usize {
        if a.cells[i].0 != b.cells[i].0 || a.cells[i].1 != b.cells[i].1 {
            return false;
        }
        i += 1;
    }
    true
}

/// Lexicographic order of the offset lists; a list before its extensions.
const fn before(a: &ShapeDef, b: &ShapeDef) -> bool {
    let mut i = 0;
    while i < a.len as usize && i < b.len as usize {
        if cell_before(a.cells[i], b.cells[i]) {
            return true;
        }
        if cell_before(b.cells[i], a.cells[i]) {
            return false;
        }
        i += 1;
    }
    a.len < b.len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Vertex {
        Vertex::parse(text).unwrap()
    }

    #[test]
    fn each_piece_has_its_orientations() {
        let count = |o: Omino| o.shapes().count();
        assert_eq!(count(Omino::Domino), 2);
        assert_eq!((count(Omino::I3), count(Omino::L3)), (2, 4));
        let platoons: Vec<usize> = Omino::PLATOONS.iter().map(|&o| count(o)).collect();
        assert_eq!(platoons, [2, 1, 4, 2, 2, 4, 4]);
        for shape in Shape::all() {
            assert_eq!(shape.offsets()[0], (0, 0));
            assert_eq!(shape.offsets().len(), shape.omino().cells());
        }
    }

    #[test]
    fn the_table_is_in_canonical_order() {
        let lists: Vec<Vec<(i8, i8)>> = Shape::all().map(|s| s.offsets().to_vec()).collect();
        let mut sorted = lists.clone();
        sorted.sort();
        assert_eq!(lists, sorted);
    }

    #[test]
    fn mirror_images_are_other_pieces() {
        let flip = |o: Omino| -> Vec<Vec<(i8, i8)>> {
            let mut shapes: Vec<Vec<(i8, i8)>> = o
                .shapes()
                .map(|s| {
                    let mut cells: Vec<(i8, i8)> = s.offsets().iter().map(|&(x, y)| (-x, y)).collect();
                    cells.sort();
                    let first = cells[0];
                    cells.iter().map(|&(x, y)| (x - first.0, y - first.1)).collect()
                })
                .collect();
            shapes.sort();
            shapes
        };
        for o in Omino::ALL {
            let mut theirs: Vec<Vec<(i8, i8)>> = o.mirror().shapes().map(|s| s.offsets().to_vec()).collect();
            theirs.sort();
            assert_eq!(flip(o), theirs, "{o}");
        }
        assert_ne!(Omino::S4.mirror(), Omino::S4);
    }

    #[test]
    fn recognition_finds_shape_and_anchor() {
        let (shape, anchor) = Shape::recognise(&[v("E5"), v("D4"), v("D6"), v("D5")]).unwrap();
        assert_eq!((shape.omino(), anchor), (Omino::T4, v("D4")));
        let cells: Vec<Vertex> = shape.cells_at(anchor, 9).unwrap().to_vec();
        assert_eq!(cells, [v("D4"), v("D5"), v("D6"), v("E5")]);
        // S: .XX over XX.; Z: XX. over .XX.
        assert_eq!(
            Shape::recognise(&[v("A1"), v("B1"), v("B2"), v("C2")])
                .unwrap()
                .0
                .omino(),
            Omino::S4
        );
        assert_eq!(
            Shape::recognise(&[v("A2"), v("B1"), v("B2"), v("C1")])
                .unwrap()
                .0
                .omino(),
            Omino::Z4
        );
        assert_eq!(shape.cells_at(v("D8"), 9), None, "E9 is the last row");
        assert!(Shape::recognise(&[v("A1"), v("C1")])
            .unwrap_err()
            .contains("not connected"));
        assert!(Shape::recognise(&[v("A1"), v("A1")]).unwrap_err().contains("twice"));
        assert!(Shape::recognise(&[v("A1")]).is_err());
    }

    #[test]
    fn the_key_cell_has_most_neighbours() {
        let (t, _) = Shape::recognise(&[v("B1"), v("A2"), v("B2"), v("C2")]).unwrap();
        assert_eq!(t.offsets()[t.key_cell()], (1, 0), "B2 meets the three other cells");
        let (i3, _) = Shape::recognise(&[v("A1"), v("A2"), v("A3")]).unwrap();
        assert_eq!(i3.key_cell(), 1);
    }
}
