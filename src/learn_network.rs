//! Learning Go's policy network ([`crate::variants::go::network`]) from
//! 19x19 game records: each position's move played is the target of a
//! softmax over the empty points, the cross-entropy is minimised by Adam
//! on minibatches, each position seen in a random one of the board's eight
//! symmetries. The threads split each minibatch and add their gradients.

use crate::board::Board;
use crate::color::Color;
use crate::learn::replay;
use crate::sgf::SgfGame;
use crate::variants::go::network::{multiply, point_code, point_values, row, Grid, Network, PLANES, SIZE};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const POINTS: usize = SIZE * SIZE;
const NONE: u16 = u16::MAX;

/// A position to learn from, in 370 bytes: each point's [`point_code`],
/// the last two moves and the move played, as rows of the network's input.
#[derive(Clone)]
pub struct Example {
    cells: [u8; POINTS],
    last: [u16; 2],
    played: u16,
}

impl Example {
    pub fn new(board: &Board, color: Color, last: [usize; 2], played: usize) -> Example {
        let mut cells = [0u8; POINTS];
        for (cell, p) in cells.iter_mut().zip(board.all_points()) {
            *cell = point_code(board, color, p);
        }
        let at = |p: usize| if p == 0 { NONE } else { row(board, p) as u16 };
        Example {
            cells,
            last: [at(last[0]), at(last[1])],
            played: row(board, played) as u16,
        }
    }

    /// The network's input seen in `symmetry` (its rows moved by it) into
    /// `out`, as [`planes`] gives it for the board itself.
    fn planes(&self, symmetry: &[u16; POINTS], out: &mut [f32]) {
        out.fill(0.0);
        for (i, &cell) in self.cells.iter().enumerate() {
            point_values(cell, &mut out[symmetry[i] as usize * PLANES..][..PLANES]);
        }
        for (plane, &r) in [7, 8].iter().zip(&self.last) {
            if r != NONE {
                out[symmetry[r as usize] as usize * PLANES + plane] = 1.0;
            }
        }
    }
}

/// The examples of every 19x19 game of `games`, in order.
pub fn examples(games: &[SgfGame]) -> Vec<Example> {
    let mut out = Vec::new();
    for game in games.iter().filter(|g| g.size == SIZE) {
        replay(game, |board, color, last, last2, played| {
            out.push(Example::new(board, color, [last, last2], played))
        });
    }
    out
}

/// The eight symmetries of the board, each as the row every row goes to.
fn symmetries() -> Vec<[u16; POINTS]> {
    (0..8)
        .map(|s| {
            let mut to = [0u16; POINTS];
            for (i, slot) in to.iter_mut().enumerate() {
                let (mut x, mut y) = (i % SIZE, i / SIZE);
                if s & 1 != 0 {
                    x = SIZE - 1 - x;
                }
                if s & 2 != 0 {
                    y = SIZE - 1 - y;
                }
                if s & 4 != 0 {
                    (x, y) = (y, x);
                }
                *slot = (y * SIZE + x) as u16;
            }
            to
        })
        .collect()
}

pub struct Settings {
    pub depth: usize,
    pub width: usize,
    /// Positions to learn from in all (a position may come again).
    pub positions: usize,
    pub batch: usize,
    /// Adam's step; a third of it in the last quarter of the positions.
    pub rate: f32,
    pub threads: usize,
    pub seed: u64,
}

/// How the learning goes, on the positions since the last report.
pub struct Progress {
    pub positions: usize,
    pub hits: f64,
    pub log_likelihood: f64,
}

/// How a network predicts examples: the share whose move played is its
/// favourite, and the mean log-likelihood of the moves played.
pub struct Accuracy {
    pub positions: usize,
    pub hits: f64,
    pub log_likelihood: f64,
}

/// One thread's share of a minibatch: its input, each layer's columns
/// and output, and the gradients of the layers' weights and biases.
struct Worker {
    input: Vec<f32>,
    cols: Vec<Vec<f32>>,
    outs: Vec<Vec<f32>>,
    gradients: Vec<(Vec<f32>, Vec<f32>)>,
    hits: usize,
    log_likelihood: f64,
}

impl Worker {
    fn new(network: &Network) -> Worker {
        let n = network.layers.len();
        Worker {
            input: Vec::new(),
            cols: vec![Vec::new(); n],
            outs: vec![Vec::new(); n],
            gradients: network
                .layers
                .iter()
                .map(|l| (vec![0.0; l.weights.len()], vec![0.0; l.biases.len()]))
                .collect(),
            hits: 0,
            log_likelihood: 0.0,
        }
    }

    fn forward(&mut self, network: &Network, grid: &Grid, rows: usize) {
        let last = network.layers.len() - 1;
        for (l, layer) in network.layers.iter().enumerate() {
            let (before, after) = self.outs.split_at_mut(l);
            let input = if l == 0 { &self.input } else { &before[l - 1] };
            layer.forward(grid, input, rows, (&mut self.cols[l], &mut after[0]), l < last);
        }
    }

    /// Adds to the gradients those of the cross-entropy of `examples`, each
    /// seen in its symmetry, divided by `scale`.
    fn learn(&mut self, network: &Network, grid: &Grid, examples: &[(&Example, &[u16; POINTS])], scale: f32) {
        let rows = examples.len() * POINTS;
        self.input.resize(rows * PLANES, 0.0);
        for (chunk, (example, symmetry)) in self.input.chunks_exact_mut(POINTS * PLANES).zip(examples) {
            example.planes(symmetry, chunk);
        }
        self.forward(network, grid, rows);
        let mut gradient = std::mem::take(self.outs.last_mut().expect("a layer"));
        for (logits, (example, symmetry)) in gradient.chunks_exact_mut(POINTS).zip(examples) {
            let (log_likelihood, hit) = softmax_gradient(logits, example, symmetry);
            self.log_likelihood += log_likelihood;
            self.hits += hit as usize;
            for g in logits.iter_mut() {
                *g /= scale;
            }
        }
        self.backward(network, grid, gradient, rows);
    }

    fn backward(&mut self, network: &Network, grid: &Grid, mut dy: Vec<f32>, rows: usize) {
        let last = network.layers.len() - 1;
        for (l, layer) in network.layers.iter().enumerate().rev() {
            if l < last {
                for (d, &o) in dy.iter_mut().zip(&self.outs[l]) {
                    if o <= 0.0 {
                        *d = 0.0;
                    }
                }
            }
            let k = layer.taps * layer.inputs;
            let (dw, db) = &mut self.gradients[l];
            let mut step = vec![0.0; dw.len()];
            multiply(k, rows, layer.outputs, (&self.cols[l], true), (&dy, false), &mut step);
            for (g, s) in dw.iter_mut().zip(step) {
                *g += s;
            }
            for values in dy.chunks_exact(layer.outputs) {
                for (g, d) in db.iter_mut().zip(values) {
                    *g += d;
                }
            }
            if l == 0 {
                break;
            }
            let mut dcols = vec![0.0; rows * k];
            multiply(rows, layer.outputs, k, (&dy, false), (&layer.weights, true), &mut dcols);
            dy = if layer.taps == 9 {
                let c = layer.inputs;
                let mut dx = vec![0.0; rows * c];
                for (r, values) in dcols.chunks_exact(k).enumerate() {
                    let (board, i) = (r - r % grid.points, r % grid.points);
                    for (d, &j) in grid.around[i].iter().enumerate() {
                        if j >= 0 {
                            let to = &mut dx[(board + j as usize) * c..][..c];
                            for (a, b) in to.iter_mut().zip(&values[d * c..][..c]) {
                                *a += b;
                            }
                        }
                    }
                }
                dx
            } else {
                dcols
            };
        }
    }
}

/// Turns `logits` into the gradient of the cross-entropy of the softmax
/// over the empty points against the move played; returns the move's
/// log-likelihood and whether it was the favourite.
fn softmax_gradient(logits: &mut [f32], example: &Example, symmetry: &[u16; POINTS]) -> (f64, bool) {
    let mut empty = [false; POINTS];
    for (i, &cell) in example.cells.iter().enumerate() {
        empty[symmetry[i] as usize] = cell == 0;
    }
    let played = symmetry[example.played as usize] as usize;
    let favourite = log_softmax(logits, &empty);
    let log_likelihood = logits[played] as f64;
    for (i, g) in logits.iter_mut().enumerate() {
        *g = if empty[i] { g.exp() } else { 0.0 };
    }
    logits[played] -= 1.0;
    (log_likelihood, favourite == played)
}

/// Turns `logits` into the log-softmax over the points where `open`;
/// returns the favourite.
fn log_softmax(logits: &mut [f32], open: &[bool]) -> usize {
    let open_logits = || logits.iter().zip(open).filter(|(_, &o)| o).map(|(&l, _)| l);
    let max = open_logits().fold(f32::MIN, f32::max);
    let log_sum = open_logits().map(|l| (l - max).exp()).sum::<f32>().ln();
    let favourite = (0..logits.len())
        .filter(|&i| open[i])
        .max_by(|&a, &b| logits[a].total_cmp(&logits[b]))
        .unwrap_or(0);
    for l in logits.iter_mut() {
        *l -= max + log_sum;
    }
    favourite
}

/// Adam's running moments of every weight and bias, layer by layer.
struct Adam {
    moments: Vec<(Vec<f32>, Vec<f32>)>,
    steps: i32,
}

impl Adam {
    fn new(network: &Network) -> Adam {
        let sizes = network.layers.iter().map(|l| l.weights.len() + l.biases.len());
        Adam {
            moments: sizes.map(|n| (vec![0.0; n], vec![0.0; n])).collect(),
            steps: 0,
        }
    }

    fn step(&mut self, network: &mut Network, gradients: &[(Vec<f32>, Vec<f32>)], rate: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.steps += 1;
        let (c1, c2) = (1.0 - BETA1.powi(self.steps), 1.0 - BETA2.powi(self.steps));
        for ((layer, (dw, db)), (m, v)) in network.layers.iter_mut().zip(gradients).zip(&mut self.moments) {
            let params = layer.weights.iter_mut().chain(layer.biases.iter_mut());
            for (((p, g), m), v) in params.zip(dw.iter().chain(db)).zip(m.iter_mut()).zip(v.iter_mut()) {
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            }
        }
    }
}

/// Learns a network from `examples` (at least one), calling `progress` every
/// `report` positions.
pub fn train(examples: &[Example], settings: &Settings, report: usize, mut progress: impl FnMut(&Progress)) -> Network {
    assert!(!examples.is_empty() && settings.batch > 0);
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let mut network = Network::random(settings.depth, settings.width, &mut rng);
    let mut adam = Adam::new(&network);
    let threads = settings.threads.clamp(1, settings.batch);
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(&network)).collect();
    let (grid, symmetries) = (Grid::new(SIZE), symmetries());
    let mut order: Vec<usize> = Vec::new();
    let (mut seen, mut since) = (0, 0);
    while seen < settings.positions {
        if order.len() < settings.batch {
            let mut fresh: Vec<usize> = (0..examples.len()).collect();
            for i in (1..fresh.len()).rev() {
                fresh.swap(i, rng.random_range(0..=i));
            }
            order.extend(fresh);
        }
        let batch: Vec<(&Example, &[u16; POINTS])> = order
            .drain(..settings.batch)
            .map(|i| (&examples[i], &symmetries[rng.random_range(0..8)]))
            .collect();
        let (share, scale) = (batch.len().div_ceil(threads), batch.len() as f32);
        std::thread::scope(|scope| {
            for (worker, part) in workers.iter_mut().zip(batch.chunks(share)) {
                let (network, grid) = (&network, &grid);
                scope.spawn(move || worker.learn(network, grid, part, scale));
            }
        });
        let (first, others) = workers.split_first_mut().expect("a worker");
        for other in others.iter_mut() {
            for ((dw, db), (ow, ob)) in first.gradients.iter_mut().zip(&mut other.gradients) {
                for (a, b) in dw
                    .iter_mut()
                    .chain(db.iter_mut())
                    .zip(ow.iter_mut().chain(ob.iter_mut()))
                {
                    *a += *b;
                    *b = 0.0;
                }
            }
        }
        let rate = if seen >= settings.positions / 4 * 3 {
            settings.rate / 3.0
        } else {
            settings.rate
        };
        adam.step(&mut network, &first.gradients, rate);
        for (dw, db) in &mut first.gradients {
            dw.fill(0.0);
            db.fill(0.0);
        }
        seen += batch.len();
        since += batch.len();
        if since >= report || seen >= settings.positions {
            let hits: usize = workers.iter_mut().map(|w| std::mem::take(&mut w.hits)).sum();
            let log_likelihood: f64 = workers.iter_mut().map(|w| std::mem::take(&mut w.log_likelihood)).sum();
            progress(&Progress {
                positions: seen,
                hits: hits as f64 / since as f64,
                log_likelihood: log_likelihood / since as f64,
            });
            since = 0;
        }
    }
    network
}

/// How `network` predicts `examples`, seen as they are.
pub fn accuracy(network: &Network, examples: &[Example]) -> Accuracy {
    let (grid, identity) = (Grid::new(SIZE), &symmetries()[0]);
    let mut worker = Worker::new(network);
    let (mut hits, mut log_likelihood) = (0, 0.0);
    for example in examples {
        worker.input.resize(POINTS * PLANES, 0.0);
        example.planes(identity, &mut worker.input);
        worker.forward(network, &grid, POINTS);
        let logits = worker.outs.last_mut().expect("a layer");
        let (l, hit) = softmax_gradient(logits, example, identity);
        log_likelihood += l;
        hits += hit as usize;
    }
    let n = examples.len().max(1) as f64;
    Accuracy {
        positions: examples.len(),
        hits: hits as f64 / n,
        log_likelihood: log_likelihood / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::network::planes;
    use crate::variants::go::policy::playable;

    /// The input of `color` to move on `board` as [`planes`] gives it: what
    /// [`Example`]'s is compared with.
    fn board_planes(board: &Board, color: Color, last: [usize; 2]) -> Vec<f32> {
        let mut out = vec![0.0; POINTS * PLANES];
        planes(board, color, last, &mut out);
        out
    }

    /// A random 19x19 position after `moves` random legal moves, with its
    /// last two moves.
    fn random_position(rng: &mut SmallRng, moves: usize) -> (Board, Color, [usize; 2]) {
        let mut board = Board::new(SIZE);
        let (mut color, mut last) = (Color::Black, [0, 0]);
        for _ in 0..moves {
            let points: Vec<usize> = board.all_points().filter(|&p| playable(&board, p, color)).collect();
            let p = points[rng.random_range(0..points.len())];
            board.play(p, color, 0);
            last = [p, last[0]];
            color = color.opponent();
        }
        (board, color, last)
    }

    #[test]
    fn examples_give_the_boards_input_in_every_symmetry() {
        let mut rng = SmallRng::seed_from_u64(3);
        let symmetries = symmetries();
        for moves in [0, 1, 30, 120] {
            let (board, color, last) = random_position(&mut rng, moves);
            let played = board.all_points().find(|&p| board.is_empty(p)).unwrap();
            let example = Example::new(&board, color, last, played);
            let mut seen = vec![0.0; POINTS * PLANES];
            example.planes(&symmetries[0], &mut seen);
            assert_eq!(seen, board_planes(&board, color, last));
            for symmetry in &symmetries {
                example.planes(symmetry, &mut seen);
                let direct = board_planes(&board, color, last);
                for i in 0..POINTS {
                    let to = symmetry[i] as usize;
                    assert_eq!(seen[to * PLANES..][..PLANES], direct[i * PLANES..][..PLANES]);
                }
            }
        }
    }

    /// The cross-entropy of `examples` as they are.
    fn loss(network: &Network, examples: &[Example]) -> f64 {
        -accuracy(network, examples).log_likelihood * examples.len() as f64
    }

    #[test]
    fn gradients_match_finite_differences() {
        let mut rng = SmallRng::seed_from_u64(4);
        let examples: Vec<Example> = (0..3)
            .map(|_| {
                let (board, color, last) = random_position(&mut rng, 40);
                let played = board.all_points().filter(|&p| board.is_empty(p)).nth(7).unwrap();
                Example::new(&board, color, last, played)
            })
            .collect();
        let mut network = Network::random(2, 3, &mut rng);
        let grid = Grid::new(SIZE);
        let identity = &symmetries()[0];
        let batch: Vec<(&Example, &[u16; POINTS])> = examples.iter().map(|e| (e, identity)).collect();
        let mut worker = Worker::new(&network);
        worker.learn(&network, &grid, &batch, 1.0);
        let mut checked = 0;
        for l in 0..network.layers.len() {
            for i in [0, 5, 17].map(|i| i % network.layers[l].weights.len()) {
                let analytic = worker.gradients[l].0[i] as f64;
                let h = 1e-2;
                let original = network.layers[l].weights[i];
                network.layers[l].weights[i] = original + h;
                let up = loss(&network, &examples);
                network.layers[l].weights[i] = original - h;
                let down = loss(&network, &examples);
                network.layers[l].weights[i] = original;
                let numeric = (up - down) / (2.0 * h as f64);
                assert!(
                    (analytic - numeric).abs() <= 0.03 * numeric.abs().max(0.1),
                    "layer {l} weight {i}: {analytic} against {numeric}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 9);
    }

    #[test]
    fn a_planted_preference_is_learned() {
        // The move played is always the point between the last two, which
        // are two apart on a line: a choice that every symmetry keeps.
        let mut rng = SmallRng::seed_from_u64(5);
        let mut make = |n: usize| -> Vec<Example> {
            let mut out = Vec::new();
            while out.len() < n {
                let moves = rng.random_range(0..60);
                let (mut board, color, _) = random_position(&mut rng, moves);
                let between = board.all_points().nth(rng.random_range(0..POINTS)).unwrap();
                let (left, right) = (between - 1, between + 1);
                if [left, between, right].iter().all(|&p| board.is_empty(p)) {
                    board.play(left, color, 0);
                    board.play(right, color.opponent(), 0);
                    out.push(Example::new(&board, color, [right, left], between));
                }
            }
            out
        };
        let (training, test) = (make(300), make(100));
        let settings = Settings {
            depth: 1,
            width: 4,
            positions: 6000,
            batch: 16,
            rate: 0.01,
            threads: 2,
            seed: 1,
        };
        let mut reports = 0;
        let network = train(&training, &settings, 3000, |_| reports += 1);
        assert_eq!(reports, 2);
        let accuracy = accuracy(&network, &test);
        assert!(accuracy.hits > 0.9, "{:.2} of the test positions", accuracy.hits);
    }
}
