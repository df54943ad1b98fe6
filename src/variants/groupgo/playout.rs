//! The search's knowledge of drops: fast playouts, and the priors that
//! rank a node's drops for progressive widening.
//!
//! A playout never judges every move of a turn. It tries a few random
//! drops (a random empty point, a random allowed piece, and a random cell
//! of the piece on that point), each checked in O(1) from the board's
//! pseudo-liberties. Only when all of them fail does it list the drops
//! that fit the empty regions, and judges them in random order until one
//! is sensible. A drop that fills a region the mover already encloses is
//! never played, nor a single stone on its own eye, nor a drop that
//! brings back a recent position, so playouts end with the eyes empty and
//! area scoring gives the result.

use super::drops::{self, Cells, Geometry, Verdict};
use super::{Preset, State};
use crate::board::{cell_of, random_below, Board, EMPTY};
use crate::color::Color;
use crate::moves::{Move, Vertex};
use crate::polyomino::{Shape, SHAPE_COUNT};
use crate::search::Widening;
use rand::rngs::SmallRng;

/// The search's widening for drops: the best hundred of a node by prior,
/// five at first and more with the square root of its visits.
pub const WIDENING: Widening = Widening {
    first: 5,
    growth: 0.6,
    most: 100,
};

/// Omino Go's widening: as [`WIDENING`], growing twice as fast, since its
/// search lets moves in by their playout results as well as by prior
/// (`Tuning::widen_by_amaf`).
pub const OMINO_WIDENING: Widening = Widening {
    growth: 1.2,
    ..WIDENING
};

/// Random drops tried before a playout lists the drops that fit.
const ATTEMPTS: usize = 24;

/// Plays random drops from `start` to the end (two passes, or a move
/// limit) and returns the final board.
pub fn run(
    start: &State,
    preset: &Preset,
    geometry: &Geometry,
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> Board {
    let mut state = start.clone();
    let size = state.board.size();
    let mut scratch = Scratch::default();
    for _ in 0..3 * size * size + 20 {
        if state.turn.ended() {
            break;
        }
        let color = state.turn.to_move;
        let allowed = state.allowed(preset, color);
        let mut shapes = [Shape::all().next().expect("shapes"); SHAPE_COUNT];
        let mut count = 0;
        for shape in allowed.shapes() {
            shapes[count] = shape;
            count += 1;
        }
        let choice = choose(
            &state.board,
            geometry,
            color,
            allowed.stones,
            &shapes[..count],
            rng,
            &mut scratch,
        );
        match choice {
            Some((cells, shape)) => {
                let anchor = state.board.vertex(cells.get(0));
                let (mv, piece) = match shape {
                    Some(shape) => {
                        let omino = shape.omino();
                        (
                            Move::Polyomino(anchor, shape),
                            state.takes_from_hand(preset, omino).then_some(omino),
                        )
                    }
                    None => (Move::Place(anchor), None),
                };
                trace.push((color, mv));
                state.drop(color, &cells, piece);
                scratch.remember(state.board.hash());
            }
            None => {
                trace.push((color, Move::Pass));
                state.pass(color);
            }
        }
    }
    state.board
}

/// A random sensible drop of `color` (its cells, and its shape unless it
/// is a single stone), or `None` to pass.
fn choose(
    board: &Board,
    geometry: &Geometry,
    color: Color,
    stones: bool,
    shapes: &[Shape],
    rng: &mut SmallRng,
    scratch: &mut Scratch,
) -> Option<(Cells, Option<Shape>)> {
    let options = shapes.len() + stones as usize;
    let empties = board.empties();
    if options == 0 || empties.is_empty() {
        return None;
    }
    let size = board.size() as i32;
    for _ in 0..ATTEMPTS {
        let p = empties[random_below(rng, empties.len())] as usize;
        let k = random_below(rng, options);
        if k == shapes.len() {
            if stone_is_sensible(board, p, color) {
                return Some((Cells::one(p), None));
            }
            continue;
        }
        // The piece with a random one of its cells on `p`.
        let shape = shapes[k];
        let offsets = shape.offsets();
        let (dx, dy) = offsets[random_below(rng, offsets.len())];
        let v = board.vertex(p);
        let (x, y) = (v.x as i32 - dx as i32, v.y as i32 - dy as i32);
        if x < 0 || y < 0 || x >= size || y >= size {
            continue;
        }
        let anchor = Vertex::new(x as usize, y as usize);
        if let Some(cells) = geometry.place_empty(board, shape, board.point(anchor), anchor) {
            if scratch.drop_is_sensible(board, &cells, color) {
                return Some((cells, Some(shape)));
            }
        }
    }
    // Every drop that fits, each with its first cell on an empty point,
    // then random ones among them until one is sensible: uniform over the
    // sensible drops, judging few of them. A piece lies within one empty
    // region, so a region smaller than the piece is skipped: late in a
    // playout most regions are eyes.
    scratch.measure_regions(board);
    let candidates = &mut scratch.candidates;
    candidates.clear();
    for &p in empties {
        let p = p as usize;
        if stones {
            candidates.push((Cells::one(p), None));
        }
        let room = scratch.region_size[p] as usize;
        let v = board.vertex(p);
        for &shape in shapes {
            if shape.offsets().len() <= room {
                if let Some(cells) = geometry.place_empty(board, shape, p, v) {
                    candidates.push((cells, Some(shape)));
                }
            }
        }
    }
    while !scratch.candidates.is_empty() {
        let pick = random_below(rng, scratch.candidates.len());
        let (cells, shape) = scratch.candidates.swap_remove(pick);
        let sensible = match shape {
            Some(_) => scratch.drop_is_sensible(board, &cells, color),
            None => stone_is_sensible(board, cells.get(0), color),
        };
        if sensible {
            return Some((cells, shape));
        }
    }
    None
}

/// What a playout reuses from turn to turn.
#[derive(Default)]
struct Scratch {
    /// The drops that fit the empty regions, once the random tries fail.
    candidates: Vec<(Cells, Option<Shape>)>,
    /// The number of points in the empty region of each empty point.
    region_size: Vec<u16>,
    /// The points of the region being measured.
    region: Vec<usize>,
    /// The board hashes after the last few drops, by drop count.
    recent: [u64; RECENT],
    drops: usize,
}

/// Board positions a playout's drop may not bring back: captures by
/// drop have no simple ko, so a playout could otherwise take back and
/// forth until its move limit.
const RECENT: usize = 8;

impl Scratch {
    fn remember(&mut self, hash: u64) {
        self.recent[self.drops % RECENT] = hash;
        self.drops += 1;
    }

    /// A drop that does not fill an own region, is not suicide and does
    /// not bring back a recent position.
    #[inline]
    fn drop_is_sensible(&self, board: &Board, cells: &Cells, color: Color) -> bool {
        !drops::fills_own_region(board, cells, color)
            && match drops::judge(board, cells, color) {
                Verdict::Suicide => false,
                Verdict::Legal { hash, .. } => !self.recent[..self.drops.min(RECENT)].contains(&hash),
            }
    }

    /// Sets `region_size` for every empty point of `board`.
    fn measure_regions(&mut self, board: &Board) {
        let stride = board.size() + 2;
        self.region_size.clear();
        self.region_size.resize(stride * stride, 0);
        for &start in board.empties() {
            let start = start as usize;
            if self.region_size[start] != 0 {
                continue;
            }
            // Marked as seen with the largest size until the count is known.
            self.region.clear();
            self.region.push(start);
            self.region_size[start] = u16::MAX;
            let mut next = 0;
            while next < self.region.len() {
                let p = self.region[next];
                next += 1;
                for q in board.neighbours(p) {
                    if board.cell(q) == EMPTY && self.region_size[q] == 0 {
                        self.region_size[q] = u16::MAX;
                        self.region.push(q);
                    }
                }
            }
            for &p in &self.region {
                self.region_size[p] = self.region.len() as u16;
            }
        }
    }
}

/// A single stone as Go's playouts play it: not on the ko point, not in
/// an own eye, not suicide, not a self-atari that joins an own chain.
#[inline]
fn stone_is_sensible(board: &Board, p: usize, color: Color) -> bool {
    board.ko_point() != Some(p) && crate::variants::go::policy::sensible(board, p, color)
}

/// The liberties, counted up to `max` (at most 4), that the group of
/// `color`'s drop on `cells` would have, captures aside.
pub fn liberties_after(board: &Board, cells: &Cells, color: Color, max: usize) -> usize {
    let own = cell_of(color);
    let mut libs = [0usize; 4];
    let mut n = 0;
    for c in cells.points() {
        for q in board.neighbours(c) {
            let candidates = match board.cell(q) {
                EMPTY => [q, 0, 0, 0],
                cell if cell == own => board.liberties_upto(q, 4),
                _ => continue,
            };
            for l in candidates.into_iter().filter(|&l| l != 0 && !cells.contains(l)) {
                if !libs[..n].contains(&l) {
                    libs[n] = l;
                    n += 1;
                    if n == max {
                        return n;
                    }
                }
            }
        }
    }
    n
}

/// How good `color`'s drop on `cells` (legal) looks before any search,
/// from 0 to 1: captures best, then saving an own chain from atari,
/// contact with the opponent, the last move's neighbourhood and the third
/// and fourth lines in the opening; filling an own region and
/// self-ataris worst.
pub fn drop_prior(board: &Board, color: Color, cells: &Cells, last: usize) -> f32 {
    if drops::captures(board, cells, color) {
        return 0.9;
    }
    if drops::fills_own_region(board, cells, color) {
        return 0.05;
    }
    let libs = liberties_after(board, cells, color, 2);
    if libs < 2 {
        return 0.15;
    }
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    let mut contact = false;
    let mut saves = false;
    for c in cells.points() {
        for q in board.neighbours(c) {
            let cell = board.cell(q);
            contact = contact || cell == enemy;
            saves = saves || (cell == own && board.atari_liberty(q).is_some_and(|l| cells.contains(l)));
        }
    }
    if saves {
        return 0.8;
    }
    if contact {
        return 0.6;
    }
    let size = board.size();
    if last != 0 && cells.points().any(|c| near(board, c, last)) {
        return 0.58;
    }
    let line = cells
        .points()
        .map(|c| {
            let v = board.vertex(c);
            (v.x as usize)
                .min(v.y as usize)
                .min(size - 1 - v.x as usize)
                .min(size - 1 - v.y as usize)
        })
        .min()
        .unwrap_or(0);
    let opening = board.empties().len() * 4 > size * size * 3;
    match line {
        _ if !opening || size < 7 => 0.5,
        0 => 0.2,
        1 => 0.35,
        2 | 3 => 0.55,
        _ => 0.5,
    }
}

/// True when `a` and `b` are at most two steps apart.
fn near(board: &Board, a: usize, b: usize) -> bool {
    let (u, v) = (board.vertex(a), board.vertex(b));
    (u.x as i32 - v.x as i32).abs() + (u.y as i32 - v.y as i32).abs() <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::search::SearchHints;
    use crate::variants::groupgo::GroupGo;
    use crate::variants::{Setup, Variant};
    use rand::SeedableRng;

    #[test]
    fn playouts_end_by_two_passes_with_legal_moves() {
        for variant in [Variant::DominGo, Variant::OminoGo, Variant::GroupGo] {
            let setup = Setup {
                size: 9,
                ..Setup::new(variant)
            };
            let game = GroupGo::new(&setup);
            let mut rng = SmallRng::seed_from_u64(3);
            for _ in 0..20 {
                let mut trace = Vec::new();
                let end = run(game.state(), game.preset(), game.geometry(), &mut rng, &mut trace);
                assert!(trace.len() >= 2 && trace[trace.len() - 2..].iter().all(|(_, mv)| *mv == Move::Pass));
                assert_eq!(end.check_consistency(), Ok(()));
                // The trace replays as legal moves of the game (superko aside,
                // which playouts do not check; it does not bite this soon).
                let mut replay = game.clone();
                for &(color, mv) in trace.iter().take(30) {
                    replay
                        .play(color, mv)
                        .unwrap_or_else(|e| panic!("{variant:?} {mv}: {e}"));
                }
            }
        }
    }

    #[test]
    fn playouts_do_not_take_back_and_forth_by_drop() {
        // White's only drop, D1+E1, captures D2+E2; Black's only drop
        // then recaptures on D2+E2, and the board is back as it was.
        let rows = [". O . O .", "O O O O O", "O O O O O", "X X O X X", ". X X . ."];
        let game = GroupGo::from_diagram(&Setup::new(Variant::DominGo), &rows, Color::White).unwrap();
        for seed in 0..5 {
            let mut trace = Vec::new();
            run(
                game.state(),
                game.preset(),
                game.geometry(),
                &mut SmallRng::seed_from_u64(seed),
                &mut trace,
            );
            let moves: Vec<String> = trace.iter().map(|(_, mv)| mv.to_string()).collect();
            assert_eq!(moves, ["D1+E1", "D2+E2", "pass", "pass"]);
        }
    }

    #[test]
    fn regions_are_measured_by_their_empty_points() {
        let rows = [". O . . .", "O O O O O", "X X X X X", "X . X . .", ". X X . X"];
        let game = GroupGo::from_diagram(&Setup::new(Variant::DominGo), &rows, Color::White).unwrap();
        let board = &game.state().board;
        let mut scratch = Scratch::default();
        scratch.measure_regions(board);
        let size = |v: &str| scratch.region_size[board.point(Vertex::parse(v).unwrap())];
        assert_eq!([size("A5"), size("C5"), size("E5")], [1, 3, 3]);
        assert_eq!(
            [size("A1"), size("B2"), size("D2"), size("E2"), size("D1")],
            [1, 1, 3, 3, 3]
        );
    }

    #[test]
    fn priors_rank_captures_over_fills() {
        // White's D2 is in atari at D1; black's A5 and B5 are an enclosed pair.
        let rows = ["..X..", "XX...", "...X.", "..XOX", "....."];
        let game = GroupGo::from_diagram(&Setup::new(Variant::DominGo), &rows, Color::Black).unwrap();
        let prior = |text: &str| {
            let (w, v) = game.prior(Move::parse(text, 5).unwrap()).unwrap();
            w / v
        };
        assert_eq!(prior("D1+E1"), 0.9, "a capture");
        assert_eq!(prior("A5+B5"), 0.05, "filling an own eye");
        let ordinary = prior("C3+C4");
        assert!(0.05 < ordinary && ordinary < 0.9);
    }

    #[test]
    fn only_omino_go_widens_by_amaf_from_every_drop_at_the_root() {
        for (variant, omino) in [
            (Variant::OminoGo, true),
            (Variant::DominGo, false),
            (Variant::GroupGo, false),
        ] {
            let game = GroupGo::new(&Setup::new(variant));
            let tuning = game.tuning();
            let switches = [tuning.amaf_by_points, tuning.widen_by_amaf, tuning.root_keeps_all];
            assert_eq!(switches, [omino; 3], "{variant:?}");
            assert!(!tuning.replies_keep_all, "{variant:?}");
            // Group Go's nodes, with stones and both hands' pieces, expand late.
            let expand_after = if variant == Variant::GroupGo { 8 } else { 2 };
            assert_eq!(tuning.expand_after, expand_after, "{variant:?}");
        }
        // After Black's domino, White has tetrominoes to choose from.
        let mut game = GroupGo::new(&Setup::new(Variant::OminoGo));
        game.play(Color::Black, Move::parse("D4+D5", 19).unwrap()).unwrap();
        assert_eq!(game.widening(), Some(OMINO_WIDENING));
        let group_go = GroupGo::new(&Setup::new(Variant::GroupGo));
        assert_eq!(group_go.widening(), Some(WIDENING));
    }
}
