//! Unsquare Go's own exact solver, for boards up to 8x8: alpha-beta over
//! the grid alone. A removal's captures are the mover's, whoever moves, so
//! how many stones the side to move can capture beyond its opponent from
//! here on is a number of the grid alone: the same for every capture count
//! so far and either side to move. The table keeps bounds of that number
//! by grid, up to a symmetry of the board, and the game's result is its
//! sign once the captures so far are added. Keying df-pn's table by
//! captures and side to move as well keeps positions apart that this
//! shares, and its proof of 6x6 did not finish; this solves 6x6 in a few
//! minutes.

use crate::color::Color;
use crate::moves::{Move, Vertex};
use crate::solver::{symmetry, table::Table, Budget, Solution, Value};
use std::time::Instant;

/// The largest board whose points fit one 64-bit word.
pub const MAX_SIZE: usize = 8;

/// A set of points, bit `y * size + x`: here the gray stones.
type Stones = u64;

/// The squares and symmetries of one board size, as bit masks.
struct Geometry {
    size: usize,
    /// Points off the edge line: the game ends when none holds a stone.
    inner: Stones,
    /// For each point, every square with a corner there: its other three
    /// corners, and its interior.
    squares: Vec<Vec<(Stones, Stones)>>,
    /// Where each byte of a set of points goes under each symmetry.
    images: [Vec<[Stones; 256]>; symmetry::COUNT],
}

impl Geometry {
    fn new(size: usize) -> Geometry {
        let bit = |x: usize, y: usize| 1 << (y * size + x);
        let mut squares = vec![Vec::new(); size * size];
        for side in 2..size {
            for (x, y) in (0..size - side).flat_map(|y| (0..size - side).map(move |x| (x, y))) {
                let corners = [(x, y), (x + side, y), (x, y + side), (x + side, y + side)];
                let all: Stones = corners.iter().map(|&(cx, cy)| bit(cx, cy)).sum();
                let interior: Stones = (y + 1..y + side)
                    .flat_map(|j| (x + 1..x + side).map(move |i| (i, j)))
                    .map(|(i, j)| bit(i, j))
                    .sum();
                for (cx, cy) in corners {
                    squares[cy * size + cx].push((all & !bit(cx, cy), interior));
                }
            }
        }
        let inner = (1..size - 1)
            .flat_map(|y| (1..size - 1).map(move |x| (x, y)))
            .map(|(x, y)| bit(x, y))
            .sum();
        let images = std::array::from_fn(|sym| {
            (0..(size * size).div_ceil(8))
                .map(|byte| {
                    std::array::from_fn(|bits| {
                        (0..8)
                            .map(|b| byte * 8 + b)
                            .filter(|&i| bits >> (i % 8) & 1 == 1 && i < size * size)
                            .map(|i| {
                                let (x, y) = symmetry::transform(sym, i % size, i / size, size);
                                bit(x, y)
                            })
                            .sum()
                    })
                })
                .collect()
        });
        Geometry {
            size,
            inner,
            squares,
            images,
        }
    }

    /// The least image of `stones` under the symmetries.
    fn canonical(&self, stones: Stones) -> Stones {
        self.images
            .iter()
            .map(|bytes| {
                bytes
                    .iter()
                    .enumerate()
                    .map(|(i, image)| image[(stones >> (8 * i)) as usize & 255])
                    .fold(0, |a, b| a | b)
            })
            .min()
            .expect("eight symmetries")
    }

    /// Removing the stone on `point`: the stones captured, the stones
    /// left, and what it gives away (the stones inside squares it leaves
    /// one corner short), for the move order.
    #[inline]
    fn removal(&self, stones: Stones, point: usize) -> (u32, Stones, u32) {
        let after = stones & !(1 << point);
        let mut interiors = 0;
        let mut gift = 0;
        for &(corners, interior) in &self.squares[point] {
            match (after & corners).count_ones() {
                0 => interiors |= interior,
                1 => gift += (after & interior).count_ones(),
                _ => {}
            }
        }
        ((after & interiors).count_ones(), after & !interiors, gift)
    }
}

/// The table's two numbers hold a grid's bounds, shifted to be positive.
const SHIFT: i32 = 1 << 8;

struct Search<'a> {
    geometry: Geometry,
    table: Table,
    nodes: u64,
    budget: &'a Budget,
    deadline: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
    aborted: bool,
    start: Instant,
    last_report: Instant,
    /// The root removal that decided the root's value.
    root_best: Option<usize>,
}

/// Solves the position of `stones` on a `size` board (at most
/// `MAX_SIZE`), `to_move` to move with `lead` more captures than its
/// opponent so far.
pub fn solve(
    size: usize,
    stones: Stones,
    to_move: Color,
    lead: i32,
    budget: &Budget,
    stop: &dyn Fn() -> bool,
) -> Solution {
    let start = Instant::now();
    let mut search = Search {
        geometry: Geometry::new(size),
        table: Table::new(budget.table_mb),
        nodes: 0,
        budget,
        deadline: budget.time.and_then(|t| start.checked_add(t)),
        stop,
        aborted: false,
        start,
        last_report: start,
        root_best: None,
    };
    // A null window around the score that draws: the side to move wins
    // when the grid gives it more than `-lead`, loses when less.
    let value = search.value(stones, -lead - 1, -lead + 1, 0);
    let value = match value + lead {
        _ if search.aborted => Value::Unknown,
        margin if margin > 0 => Value::Win(to_move),
        margin if margin < 0 => Value::Win(to_move.opponent()),
        _ => Value::Draw,
    };
    let vertex = |point: usize| Move::Place(Vertex::new(point % size, point / size));
    let first = (stones != 0).then(|| vertex(stones.trailing_zeros() as usize));
    Solution {
        value,
        best: search.root_best.map(vertex).or(first),
        nodes: search.nodes,
        elapsed: start.elapsed(),
    }
}

impl Search<'_> {
    /// Fail-soft alpha-beta on the grid's value: the most the side to move
    /// can capture beyond its opponent from here on.
    fn value(&mut self, stones: Stones, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        let left = (stones & self.geometry.inner).count_ones() as i32;
        if left == 0 {
            return 0;
        }
        self.nodes += 1;
        self.check_budget();
        if self.aborted {
            return 0;
        }
        // No more than the stones still capturable can change hands.
        let (mut low, mut high) = (-left, left);
        let key = mix(self.geometry.canonical(stones));
        if let Some((stored_low, stored_high)) = self.table.get(key) {
            low = low.max(stored_low as i32 - SHIFT);
            high = high.min(stored_high as i32 - SHIFT);
        }
        if ply > 0 && (low >= beta || high <= alpha || low == high) {
            return if low >= beta { low } else { high };
        }
        alpha = alpha.max(low);
        beta = beta.min(high);
        let floor = alpha;
        let first_node = self.nodes;
        let mut moves = Vec::with_capacity(self.geometry.size * self.geometry.size);
        let mut rest = stones;
        while rest != 0 {
            let point = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (captured, after, gift) = self.geometry.removal(stones, point);
            // Captures first, biggest first; then the removals that give least.
            moves.push((captured as i32 * 1000 - gift as i32, point, captured as i32, after));
        }
        moves.sort_unstable_by_key(|&(order, ..)| std::cmp::Reverse(order));
        let mut best = i32::MIN;
        for (_, point, captured, after) in moves {
            let value = captured - self.value(after, captured - beta, captured - alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if ply == 0 {
                    self.root_best = Some(point);
                }
            }
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        let (low, high) = if best >= beta {
            (best.max(low), high)
        } else if best <= floor {
            (low, best)
        } else {
            (best, best)
        };
        self.table.put(
            key,
            (low + SHIFT) as u32,
            (high + SHIFT) as u32,
            self.nodes - first_node + 1,
        );
        best
    }

    fn check_budget(&mut self) {
        if self.nodes >= self.budget.nodes
            || (self.nodes.is_multiple_of(4096)
                && (self.deadline.is_some_and(|d| Instant::now() >= d) || (self.stop)()))
        {
            self.aborted = true;
        }
        if let Some(every) = self.budget.progress {
            if self.nodes.is_multiple_of(1 << 20) && self.last_report.elapsed() >= every {
                self.last_report = Instant::now();
                eprintln!(
                    "solve: {} nodes, {:.0}s",
                    self.nodes,
                    self.start.elapsed().as_secs_f64()
                );
            }
        }
    }
}

/// A one-to-one mix of a grid into a table key, so that the table's
/// buckets spread while keys stay exact.
fn mix(stones: Stones) -> u64 {
    let mut z = stones;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
