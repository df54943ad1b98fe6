//! Drops on the fast board: one to four stones of the mover placed at
//! once, then the opponent's chains left without liberties captured, the
//! drop refused if the mover's group then has none. The rules, the
//! playouts and the priors all go through these few functions.

use crate::board::{cell_of, zobrist, Board, EMPTY};
use crate::color::Color;
use crate::moves::Vertex;
use crate::polyomino::{Shape, MAX_CELLS, SHAPE_COUNT};

/// The board points of one drop, in the order of its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    points: [u16; MAX_CELLS],
    len: u8,
}

impl Cells {
    /// A single stone.
    pub fn one(p: usize) -> Cells {
        Cells {
            points: [p as u16, 0, 0, 0],
            len: 1,
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, i: usize) -> usize {
        self.points[i] as usize
    }

    #[inline]
    pub fn contains(&self, p: usize) -> bool {
        self.points[..self.len()].contains(&(p as u16))
    }

    /// The points as indices.
    #[inline]
    pub fn points(&self) -> impl Iterator<Item = usize> + '_ {
        self.points[..self.len()].iter().map(|&p| p as usize)
    }

    /// The points, as a slice needs them: the array and its length.
    pub fn as_usizes(&self) -> ([usize; MAX_CELLS], usize) {
        let mut out = [0; MAX_CELLS];
        for (o, &p) in out.iter_mut().zip(&self.points) {
            *o = p as usize;
        }
        (out, self.len())
    }
}

/// Where each shape's cells lie on a board of one size: offsets in board
/// indices, and how far the shape reaches from its first cell.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: i32,
    deltas: [[i16; MAX_CELLS]; SHAPE_COUNT],
    /// Columns right of the first cell, and rows below and above it.
    reach: [(i8, i8, i8); SHAPE_COUNT],
    /// The pairs of side-by-side cells of each shape.
    links: [u8; SHAPE_COUNT],
}

impl Geometry {
    pub fn new(size: usize) -> Geometry {
        let stride = size as i16 + 2;
        let mut deltas = [[0; MAX_CELLS]; SHAPE_COUNT];
        let mut reach = [(0, 0, 0); SHAPE_COUNT];
        let mut links = [0; SHAPE_COUNT];
        for shape in Shape::all() {
            let offsets = shape.offsets();
            for (i, a) in offsets.iter().enumerate() {
                let beside = |b: &&(i8, i8)| (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
                links[shape.index()] += offsets[i + 1..].iter().filter(beside).count() as u8;
            }
            for (d, &(dx, dy)) in deltas[shape.index()].iter_mut().zip(offsets) {
                *d = dx as i16 + dy as i16 * stride;
            }
            let right = offsets.iter().map(|o| o.0).max().unwrap_or(0);
            let down = offsets.iter().map(|o| o.1).min().unwrap_or(0);
            let up = offsets.iter().map(|o| o.1).max().unwrap_or(0);
            reach[shape.index()] = (right, down, up);
        }
        Geometry {
            size: size as i32,
            deltas,
            reach,
            links,
        }
    }

    /// The pairs of side-by-side cells of `shape`.
    #[inline]
    pub fn links(&self, shape: Shape) -> u32 {
        self.links[shape.index()] as u32
    }

    /// The cells of `shape` with its first cell on the point `p` at vertex
    /// `v`, when they all lie on the board.
    #[inline]
    pub fn place(&self, shape: Shape, p: usize, v: Vertex) -> Option<Cells> {
        self.place_where(shape, p, v, |_| true)
    }

    /// [`Geometry::place`] where the cells must also be empty: each cell
    /// is looked at as it is placed, since a listing tries every shape on
    /// every empty point and most of them meet a stone.
    #[inline]
    pub fn place_empty(&self, board: &Board, shape: Shape, p: usize, v: Vertex) -> Option<Cells> {
        self.place_where(shape, p, v, |q| board.is_empty(q))
    }

    #[inline]
    fn place_where(&self, shape: Shape, p: usize, v: Vertex, ok: impl Fn(usize) -> bool) -> Option<Cells> {
        let (right, down, up) = self.reach[shape.index()];
        let (x, y) = (v.x as i32, v.y as i32);
        let (right, down, up) = (right as i32, down as i32, up as i32);
        if x + right >= self.size || y + down < 0 || y + up >= self.size {
            return None;
        }
        let n = shape.offsets().len();
        let mut cells = Cells {
            points: [0; MAX_CELLS],
            len: n as u8,
        };
        for (cell, &delta) in cells.points[..n].iter_mut().zip(&self.deltas[shape.index()]) {
            let q = (p as i32 + delta as i32) as usize;
            if !ok(q) {
                return None;
            }
            *cell = q as u16;
        }
        Some(cells)
    }
}

/// What a drop on empty points would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The mover's group would have no liberty.
    Suicide,
    /// Legal by the board: the hash after it, and whether it captures.
    Legal { hash: u64, captures: bool },
}

/// Judges `color`'s drop on `cells` (distinct and empty) without playing
/// it: captures come first, then the group of the drop needs a liberty.
pub fn judge(board: &Board, cells: &Cells, color: Color) -> Verdict {
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    let (points, n) = cells.as_usizes();
    let points = &points[..n];
    let mut hash = board.hash();
    for &c in points {
        hash ^= zobrist::piece_key(c, own, 0);
    }
    let mut liberty = false;
    let mut captures = false;
    // Enemy chains seen beside the drop: at most three per cell.
    let mut seen = [0usize; 3 * MAX_CELLS];
    let mut seen_count = 0;
    for &c in points {
        for q in board.neighbours(c) {
            let cell = board.cell(q);
            if cell == EMPTY {
                liberty = liberty || !cells.contains(q);
            } else if cell == own {
                liberty = liberty || board.has_liberty_besides(q, points);
            } else if cell == enemy {
                let head = board.chain(q);
                if seen[..seen_count].contains(&head) {
                    continue;
                }
                seen[seen_count] = head;
                seen_count += 1;
                if !board.has_liberty_besides(q, points) {
                    captures = true;
                    let mut s = head;
                    loop {
                        hash ^= zobrist::piece_key(s, enemy, board.kind(s));
                        s = board.next_in_chain(s);
                        if s == head {
                            break;
                        }
                    }
                }
            }
        }
    }
    if liberty || captures {
        Verdict::Legal { hash, captures }
    } else {
        Verdict::Suicide
    }
}

/// What a position offers every drop, found once for the thousands of
/// drops a listing judges: how many empty points lie beside each point,
/// and where a drop may capture, beside an enemy chain of at most
/// [`MAX_CELLS`] liberties (a drop fills no more).
pub struct Survey {
    empty_around: Vec<u8>,
    /// Bit `color.index()` set where a drop of `color` may capture.
    capturing: Vec<u8>,
}

impl Survey {
    pub fn new(board: &Board) -> Survey {
        let len = board.point(Vertex::new(board.size() - 1, board.size() - 1)) + 1;
        let mut survey = Survey {
            empty_around: vec![0; len],
            capturing: vec![0; len],
        };
        let mut surveyed = vec![false; len];
        for p in board.all_points() {
            let cell = board.cell(p);
            if cell == EMPTY {
                survey.empty_around[p] = board.neighbours(p).into_iter().filter(|&q| board.is_empty(q)).count() as u8;
                continue;
            }
            let Some(owner) = crate::board::color_of(cell) else {
                continue;
            };
            let head = board.chain(p);
            if std::mem::replace(&mut surveyed[head], true) {
                continue;
            }
            if let Some(liberties) = few_liberties(board, p) {
                for lib in liberties.into_iter().flatten() {
                    survey.capturing[lib] |= 1 << owner.opponent().index();
                }
            }
        }
        survey
    }

    /// [`judge`], told at once where the drop is beside no chain it could
    /// capture and beside an empty point of its own: `links` is the number
    /// of side-by-side pairs of its cells, whose points count each other
    /// as empty.
    #[inline]
    pub fn judge(&self, board: &Board, cells: &Cells, links: u32, color: Color) -> Verdict {
        let own = cell_of(color);
        let mut hash = board.hash();
        let mut empty_around = 0;
        for c in cells.points() {
            if self.capturing[c] & 1 << color.index() != 0 {
                return judge(board, cells, color);
            }
            empty_around += self.empty_around[c] as u32;
            hash ^= zobrist::piece_key(c, own, 0);
        }
        if empty_around > 2 * links {
            Verdict::Legal { hash, captures: false }
        } else {
            judge(board, cells, color)
        }
    }
}

/// The liberties of the chain through `p` where it has at most
/// [`MAX_CELLS`] of them.
fn few_liberties(board: &Board, p: usize) -> Option<[Option<usize>; MAX_CELLS]> {
    let mut found = [None; MAX_CELLS];
    let mut count = 0;
    let mut s = p;
    loop {
        for q in board.neighbours(s) {
            if board.is_empty(q) && !found[..count].contains(&Some(q)) {
                if count == MAX_CELLS {
                    return None;
                }
                found[count] = Some(q);
                count += 1;
            }
        }
        s = board.next_in_chain(s);
        if s == p {
            return Some(found);
        }
    }
}

/// True when `color`'s drop on `cells` (distinct and empty) would
/// capture: [`judge`]'s `captures` without the hash, for the priors.
pub fn captures(board: &Board, cells: &Cells, color: Color) -> bool {
    let enemy = cell_of(color.opponent());
    let (points, n) = cells.as_usizes();
    let points = &points[..n];
    points.iter().any(|&c| {
        board
            .neighbours(c)
            .into_iter()
            .any(|q| board.cell(q) == enemy && !board.has_liberty_besides(q, points))
    })
}

/// Plays `color`'s drop on `cells` (legal by [`judge`]): the stones go
/// down together, then the enemy chains without liberties beside them are
/// removed. Returns the number of stones captured. A single stone is a
/// Go move, with its simple-ko point; a larger drop leaves none.
pub fn apply(board: &mut Board, cells: &Cells, color: Color) -> u32 {
    if cells.len() == 1 {
        return board.play(cells.get(0), color, 0) as u32;
    }
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    for c in cells.points() {
        board.put(c, own, 0);
    }
    let mut captured = 0;
    for c in cells.points() {
        for q in board.neighbours(c) {
            if board.cell(q) == enemy && board.surrounded(q) {
                captured += board.remove_chain(q) as u32;
            }
        }
    }
    board.clear_ko();
    captured
}

/// True when every point beside the drop (outside it) is the mover's
/// stone or off the board: the drop fills a region the mover already
/// encloses, an eye or a part of one.
pub fn fills_own_region(board: &Board, cells: &Cells, color: Color) -> bool {
    let own = cell_of(color);
    cells.points().all(|c| {
        board.neighbours(c).into_iter().all(|q| {
            let cell = board.cell(q);
            cell == own || cell == crate::board::OFF || cells.contains(q)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_of(rows: &[&str]) -> Board {
        let size = rows.len();
        let mut board = Board::new(size);
        for (r, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let p = board.point(Vertex::new(x, size - 1 - r));
                match c {
                    'X' => board.put(p, crate::board::BLACK, 0),
                    'O' => board.put(p, crate::board::WHITE, 0),
                    _ => {}
                }
            }
        }
        board
    }

    fn cells(board: &Board, points: &[&str]) -> Cells {
        let mut c = Cells::one(0);
        c.len = 0;
        for v in points {
            c.points[c.len()] = board.point(Vertex::parse(v).unwrap()) as u16;
            c.len += 1;
        }
        c
    }

    #[test]
    fn captures_come_before_the_liberty_check() {
        // White's A3 and B3 have their last two liberties at A2 and B2:
        // the domino there takes both at once.
        let board = board_of(&["XX..", "OOX.", "..OX", "...."]);
        let drop = cells(&board, &["A2", "B2"]);
        match judge(&board, &drop, Color::Black) {
            Verdict::Legal { captures, .. } => assert!(captures),
            Verdict::Suicide => panic!("the drop captures"),
        }
        let mut after = board.clone();
        assert_eq!(apply(&mut after, &drop, Color::Black), 2);
        assert_eq!(after.check_consistency(), Ok(()));
        if let Verdict::Legal { hash, .. } = judge(&board, &drop, Color::Black) {
            assert_eq!(hash, after.hash());
        }
    }

    #[test]
    fn captures_agrees_with_judge_on_random_boards() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let geometry = Geometry::new(6);
        let mut capturing = 0;
        for _ in 0..200 {
            let mut board = Board::new(6);
            for p in board.all_points().collect::<Vec<_>>() {
                match rng.random_range(0..5) {
                    0 | 1 => board.put(p, crate::board::BLACK, 0),
                    2 | 3 => board.put(p, crate::board::WHITE, 0),
                    _ => {}
                }
            }
            for p in board.all_points() {
                for shape in Shape::all() {
                    let Some(drop) = geometry.place_empty(&board, shape, p, board.vertex(p)) else {
                        continue;
                    };
                    for color in [Color::Black, Color::White] {
                        let judged = matches!(judge(&board, &drop, color), Verdict::Legal { captures: true, .. });
                        assert_eq!(captures(&board, &drop, color), judged);
                        capturing += judged as usize;
                    }
                }
            }
        }
        assert!(capturing > 0);
    }

    #[test]
    fn the_survey_judges_as_the_drop_alone_on_random_boards() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(12);
        let geometry = Geometry::new(7);
        let (mut quick, mut judged) = (0, 0);
        for _ in 0..100 {
            let mut board = Board::new(7);
            for p in board.all_points().collect::<Vec<_>>() {
                let cell = [crate::board::BLACK, crate::board::WHITE][rng.random_range(0..2)];
                if rng.random_range(0..5) < 3 && board.neighbours(p).iter().any(|&q| board.is_empty(q)) {
                    board.put(p, cell, 0);
                }
            }
            let survey = Survey::new(&board);
            for p in board.all_points() {
                let v = board.vertex(p);
                let mut drops: Vec<(Cells, u32)> = Shape::all()
                    .filter_map(|s| Some((geometry.place_empty(&board, s, p, v)?, geometry.links(s))))
                    .collect();
                if board.is_empty(p) {
                    drops.push((Cells::one(p), 0));
                }
                for (drop, links) in drops {
                    for color in [Color::Black, Color::White] {
                        let verdict = judge(&board, &drop, color);
                        assert_eq!(survey.judge(&board, &drop, links, color), verdict);
                        judged += 1;
                        quick += matches!(verdict, Verdict::Legal { captures: false, .. }) as usize;
                    }
                }
            }
        }
        assert!(quick > 0 && quick < judged);
    }

    #[test]
    fn a_drop_without_liberty_or_capture_is_suicide() {
        let board = board_of(&["....", "OO..", "..O.", "..O."]);
        let drop = cells(&board, &["A1", "B1", "A2", "B2"]);
        assert_eq!(judge(&board, &drop, Color::Black), Verdict::Suicide);
        // With a black stone outside that gives the group a liberty.
        let board = board_of(&["....", "OO..", "..O.", "..X."]);
        assert!(matches!(
            judge(&board, &drop, Color::Black),
            Verdict::Legal { captures: false, .. }
        ));
        assert!(!fills_own_region(&board, &drop, Color::Black));
    }

    #[test]
    fn geometry_keeps_shapes_on_the_board() {
        let board = Board::new(5);
        let geometry = Geometry::new(5);
        let mut on = 0;
        for shape in Shape::all() {
            for p in board.all_points() {
                let v = board.vertex(p);
                if let Some(c) = geometry.place(shape, p, v) {
                    on += 1;
                    let expected: Vec<usize> = shape
                        .cells_at(v, 5)
                        .expect("on the board")
                        .iter()
                        .map(|&w| board.point(w))
                        .collect();
                    assert_eq!(c.points().collect::<Vec<_>>(), expected);
                } else {
                    assert!(shape.cells_at(v, 5).is_none());
                }
            }
        }
        assert!(on > 0);
    }
}
