//! Go's policy network: a small convolutional network that rates every
//! point of a 19x19 board as a strong player's next move, from the whole
//! board rather than the neighbourhood of the move (see docs/move-model.md).
//! It is a stack of 3x3 convolutions, each followed by a ReLU, and a 1x1
//! convolution to one logit a point; each convolution is one matrix
//! product over the board's points (`matrixmultiply`). `variago
//! learn-network` learns it ([`crate::learn_network`]). One ships with the
//! program; `--network FILE` reads another for the run and `--no-network`
//! does without. The search mixes its chances into the move model's near
//! the root (see [`super::priors`]).

use crate::board::{cell_of, Board, EMPTY};
use crate::color::Color;
use rand::rngs::SmallRng;
use rand::Rng;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// What the network sees of each point, one input value each: an own
/// stone, an enemy stone, an empty point, an own chain of one liberty and of
/// two, an enemy chain of one and of two, the last move, the move before,
/// and a constant 1, which shows where the board ends (the convolutions
/// read zeros beyond it).
pub const PLANES: usize = 10;

/// The board the network learns and rates.
pub const SIZE: usize = 19;

/// A file begins with this, then the depth and the width as 32-bit
/// numbers, then each layer's weights and biases as 32-bit floats, all
/// little-endian.
const MAGIC: &[u8] = b"variago Go policy network 1\n";

/// The most 3x3 layers and channels a file may ask for: far above what
/// a CPU evaluates in a search's time, far below what exhausts memory.
const MOST_DEPTH: usize = 64;
const MOST_WIDTH: usize = 512;

/// The points of a square board, row by row from the bottom, with the
/// index of each one's 3x3 neighbours (-1 off the board), the point itself
/// fifth.
pub struct Grid {
    pub size: usize,
    pub points: usize,
    pub around: Vec<[i32; 9]>,
}

impl Grid {
    pub fn new(size: usize) -> Grid {
        let around = (0..size * size)
            .map(|i| {
                let (x, y) = ((i % size) as i32, (i / size) as i32);
                let mut near = [-1i32; 9];
                for (d, slot) in near.iter_mut().enumerate() {
                    let (nx, ny) = (x + (d % 3) as i32 - 1, y + (d / 3) as i32 - 1);
                    if (0..size as i32).contains(&nx) && (0..size as i32).contains(&ny) {
                        *slot = ny * size as i32 + nx;
                    }
                }
                near
            })
            .collect();
        Grid {
            size,
            points: size * size,
            around,
        }
    }

    /// The columns of a 3x3 convolution of `input` (`rows` points of
    /// `channels` values, whole boards one after another): for each point,
    /// its nine neighbours' values in a row, zeros off the board.
    pub fn columns(&self, input: &[f32], rows: usize, channels: usize, cols: &mut Vec<f32>) {
        let k = 9 * channels;
        // Every value is written below: zeroing the whole buffer first
        // cost a sixth of a rating's instructions.
        cols.resize(rows * k, 0.0);
        for (r, row) in cols.chunks_exact_mut(k).enumerate() {
            let (board, i) = (r - r % self.points, r % self.points);
            for (tap, &j) in row.chunks_exact_mut(channels).zip(&self.around[i]) {
                if j >= 0 {
                    tap.copy_from_slice(&input[(board + j as usize) * channels..][..channels]);
                } else {
                    tap.fill(0.0);
                }
            }
        }
    }
}

/// `c = a * b`, `a` of `m` rows and `k` columns (or its transpose when
/// `a_t`), `b` of `k` rows and `n` columns (or its transpose when `b_t`),
/// all in rows.
pub fn multiply(m: usize, k: usize, n: usize, (a, a_t): (&[f32], bool), (b, b_t): (&[f32], bool), c: &mut [f32]) {
    assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    let (rsa, csa) = if a_t { (1, m as isize) } else { (k as isize, 1) };
    let (rsb, csb) = if b_t { (1, k as isize) } else { (n as isize, 1) };
    // SAFETY: the lengths were checked above, and the strides stay within
    // them.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa,
            csa,
            b.as_ptr(),
            rsb,
            csb,
            0.0,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// One convolution: `taps` is 9 for 3x3, 1 for 1x1; `weights` has a row
/// for each tap and input channel, a column for each output channel.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    pub inputs: usize,
    pub outputs: usize,
    pub taps: usize,
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
}

impl Layer {
    /// Random weights of He's scale, biases 0.
    fn random(inputs: usize, outputs: usize, taps: usize, rng: &mut SmallRng) -> Layer {
        let k = taps * inputs;
        let bound = (6.0 / k as f32).sqrt();
        Layer {
            inputs,
            outputs,
            taps,
            weights: (0..k * outputs).map(|_| rng.random_range(-bound..bound)).collect(),
            biases: vec![0.0; outputs],
        }
    }

    /// The layer's output for `rows` points of `input` into `out`, its
    /// columns left in `cols` (the input itself for a 1x1 layer); a ReLU
    /// when `relu`.
    pub fn forward(
        &self,
        grid: &Grid,
        input: &[f32],
        rows: usize,
        (cols, out): (&mut Vec<f32>, &mut Vec<f32>),
        relu: bool,
    ) {
        let k = self.taps * self.inputs;
        if self.taps == 9 {
            grid.columns(input, rows, self.inputs, cols);
        } else {
            cols.clear();
            cols.extend_from_slice(&input[..rows * self.inputs]);
        }
        // The product writes every value of `out` without reading it.
        out.resize(rows * self.outputs, 0.0);
        multiply(rows, k, self.outputs, (cols, false), (&self.weights, false), out);
        for row in out.chunks_exact_mut(self.outputs) {
            for (o, b) in row.iter_mut().zip(&self.biases) {
                *o += b;
                if relu {
                    *o = o.max(0.0);
                }
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// `depth` 3x3 layers of `width` channels, then the 1x1 layer.
    pub layers: Vec<Layer>,
}

/// A search thread's working memory for rating positions.
#[derive(Default)]
struct Scratch {
    input: Vec<f32>,
    cols: Vec<f32>,
    out: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    static GRID: Grid = Grid::new(SIZE);
}

impl Network {
    /// A network of random weights, to learn from.
    pub fn random(depth: usize, width: usize, rng: &mut SmallRng) -> Network {
        let mut layers = vec![Layer::random(PLANES, width, 9, rng)];
        layers.extend((1..depth).map(|_| Layer::random(width, width, 9, rng)));
        layers.push(Layer::random(width, 1, 1, rng));
        Network { layers }
    }

    pub fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    pub fn width(&self) -> usize {
        self.layers[0].outputs
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(self.depth() as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.width() as u32).to_le_bytes());
        for layer in &self.layers {
            for v in layer.weights.iter().chain(&layer.biases) {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a Go policy network of this version")?;
        let number = |at: usize| -> Result<usize, String> {
            let b = rest.get(at..at + 4).ok_or("network cut short")?;
            Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize)
        };
        let (depth, width) = (number(0)?, number(4)?);
        if !(1..=MOST_DEPTH).contains(&depth) || !(1..=MOST_WIDTH).contains(&width) {
            return Err(format!(
                "a network of {depth} layers of {width} channels: at most {MOST_DEPTH} of {MOST_WIDTH}"
            ));
        }
        let mut shape = Network {
            layers: std::iter::once((PLANES, width, 9))
                .chain((1..depth).map(|_| (width, width, 9)))
                .chain(std::iter::once((width, 1, 1)))
                .map(|(inputs, outputs, taps)| Layer {
                    inputs,
                    outputs,
                    taps,
                    weights: Vec::new(),
                    biases: Vec::new(),
                })
                .collect(),
        };
        let floats: usize = shape.layers.iter().map(|l| (l.taps * l.inputs + 1) * l.outputs).sum();
        let data = &rest[8.min(rest.len())..];
        if data.len() != 4 * floats {
            return Err(format!(
                "network of {} bytes, expected {} for {depth} layers of {width} channels",
                bytes.len(),
                MAGIC.len() + 8 + 4 * floats
            ));
        }
        let mut values = data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
        for layer in &mut shape.layers {
            layer.weights = values
                .by_ref()
                .take(layer.taps * layer.inputs * layer.outputs)
                .collect();
            layer.biases = values.by_ref().take(layer.outputs).collect();
        }
        if shape
            .layers
            .iter()
            .any(|l| l.weights.iter().chain(&l.biases).any(|v| !v.is_finite()))
        {
            return Err("network has a weight that is not a number".into());
        }
        Ok(shape)
    }

    /// The logits of the positions whose [`planes`] are `input`, `rows`
    /// points in all, into `out`; `input` and `cols` serve as working memory.
    pub fn logits(&self, grid: &Grid, input: &mut Vec<f32>, rows: usize, (cols, out): (&mut Vec<f32>, &mut Vec<f32>)) {
        let last = self.layers.len() - 1;
        for (l, layer) in self.layers.iter().enumerate() {
            layer.forward(grid, input, rows, (cols, out), l < last);
            std::mem::swap(input, out);
        }
        std::mem::swap(input, out);
    }

    /// The network's chances of `color` playing at each of `points` (a
    /// softmax over them) on a 19x19 `board`, `last` the points of the
    /// last two moves (0 for none).
    pub fn chances(&self, board: &Board, color: Color, last: [usize; 2], points: &[usize]) -> Vec<f32> {
        assert_eq!(board.size(), SIZE);
        let logits = GRID.with(|grid| {
            SCRATCH.with_borrow_mut(|s| {
                let Scratch { input, cols, out } = s;
                input.clear();
                input.resize(grid.points * PLANES, 0.0);
                planes(board, color, last, input);
                self.logits(grid, input, grid.points, (cols, out));
                points.iter().map(|&p| out[row(board, p)]).collect::<Vec<f32>>()
            })
        });
        crate::features::model::softmax(&logits)
    }
}

/// The row of point `p` in the network's input: row by row from the bottom.
pub fn row(board: &Board, p: usize) -> usize {
    let v = board.vertex(p);
    v.y as usize * board.size() + v.x as usize
}

/// The network's input for `color` to move on `board` into `out` (zeros,
/// [`PLANES`] values a point), `last` the last two moves' points (0 for
/// none).
pub fn planes(board: &Board, color: Color, last: [usize; 2], out: &mut [f32]) {
    for (i, p) in board.all_points().enumerate() {
        point_values(point_code(board, color, p), &mut out[i * PLANES..][..PLANES]);
    }
    for (plane, &p) in [7, 8].iter().zip(&last) {
        if p != 0 {
            out[row(board, p) * PLANES + plane] = 1.0;
        }
    }
}

/// What point `p` holds for `color` to move, in one number: 0 empty, 1 to
/// 3 an own chain of one, two, more liberties, 4 to 6 an enemy chain's.
pub fn point_code(board: &Board, color: Color, p: usize) -> u8 {
    let cell = board.cell(p);
    if cell == EMPTY {
        return 0;
    }
    let liberties = board.liberties_upto(p, 3).iter().filter(|&&l| l != 0).count() as u8;
    liberties + if cell == cell_of(color) { 0 } else { 3 }
}

/// Sets the input values of a point of [`point_code`] `code` in `values`
/// (zeros), all but the last two moves'.
pub fn point_values(code: u8, values: &mut [f32]) {
    values[9] = 1.0;
    match code {
        0 => values[2] = 1.0,
        1..=3 => values[0] = 1.0,
        _ => values[1] = 1.0,
    }
    match code {
        1 | 2 => values[2 + code as usize] = 1.0,
        4 | 5 => values[1 + code as usize] = 1.0,
        _ => {}
    }
}

/// Go's network, as it ships with the program (see docs/move-model.md for
/// the records and the command that learned it).
pub fn builtin() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| Network::from_bytes(include_bytes!("policy.network")).expect("the built-in network reads"))
}

/// The run's choice of network, when it is not the built-in one.
enum Choice {
    /// `--network FILE`, as read.
    File(PathBuf, Network),
    /// `--no-network`.
    Off,
}

static CHOICE: OnceLock<Choice> = OnceLock::new();

/// Reads the network of `path` (`--network`) for the rest of the run.
pub fn read_file(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let network = Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    choose(Choice::File(path.to_path_buf(), network))
}

/// Leaves the search without a network for the rest of the run
/// (`--no-network`).
pub fn switch_off() -> Result<(), String> {
    choose(Choice::Off)
}

fn choose(choice: Choice) -> Result<(), String> {
    CHOICE
        .set(choice)
        .map_err(|_| "a network has already been chosen".to_string())
}

/// The network that Go's search uses: one read by [`read_file`], the
/// built-in one, or none after [`switch_off`].
pub fn in_use() -> Option<&'static Network> {
    match CHOICE.get() {
        None => Some(builtin()),
        Some(Choice::File(_, network)) => Some(network),
        Some(Choice::Off) => None,
    }
}

/// The file of the network that [`read_file`] read, if any.
pub fn file_in_use() -> Option<&'static Path> {
    match CHOICE.get() {
        Some(Choice::File(path, _)) => Some(path.as_path()),
        _ => None,
    }
}

/// True after [`switch_off`].
pub fn is_off() -> bool {
    matches!(CHOICE.get(), Some(Choice::Off))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::policy::tests::board;
    use rand::SeedableRng;

    #[test]
    fn a_network_reads_back_what_it_wrote() {
        let net = Network::random(2, 3, &mut SmallRng::seed_from_u64(1));
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let short = Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(short.contains("expected"), "{short}");
        assert!(Network::from_bytes(&[bytes.clone(), vec![0]].concat()).is_err());
        assert!(Network::from_bytes(&bytes[..MAGIC.len() + 3]).is_err());
        assert!(Network::from_bytes(b"variago Go policy network 0\n").is_err());
        let mut nan = bytes.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Network::from_bytes(&nan).unwrap_err().contains("not a number"));
        let mut huge = bytes.clone();
        huge[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&1000u32.to_le_bytes());
        assert!(Network::from_bytes(&huge).unwrap_err().contains("at most"));
    }

    #[test]
    fn planes_show_stones_short_chains_and_the_last_moves() {
        let b = board(&["....", "XO..", "XX..", "...."]);
        let mut out = vec![0.0; 16 * PLANES];
        let (x, o) = (
            b.point(crate::moves::Vertex::new(0, 2)),
            b.point(crate::moves::Vertex::new(1, 2)),
        );
        planes(&b, Color::White, [x, o], &mut out);
        let at = |p: usize| &out[row(&b, p) * PLANES..][..PLANES];
        // White's own stone has two liberties; Black's chain has four.
        assert_eq!(at(o), &[1., 0., 0., 0., 1., 0., 0., 0., 1., 1.]);
        assert_eq!(at(x), &[0., 1., 0., 0., 0., 0., 0., 1., 0., 1.]);
        assert_eq!(
            at(b.point(crate::moves::Vertex::new(3, 3))),
            &[0., 0., 1., 0., 0., 0., 0., 0., 0., 1.]
        );
    }

    /// The network that ships has learned where games begin: on the empty
    /// board its favourite is a corner point of the third or fourth line.
    #[test]
    fn the_built_in_network_opens_in_a_corner() {
        let net = builtin();
        assert_eq!((net.depth(), net.width()), (6, 48));
        let b = Board::new(SIZE);
        let points: Vec<usize> = b.all_points().collect();
        let chances = net.chances(&b, Color::Black, [0, 0], &points);
        let best = (0..points.len())
            .max_by(|&i, &j| chances[i].total_cmp(&chances[j]))
            .unwrap();
        let v = b.vertex(points[best]);
        let corner_line = |c: u8| [2, 3, SIZE as u8 - 4, SIZE as u8 - 3].contains(&c);
        assert!(corner_line(v.x) && corner_line(v.y), "{v:?}");
    }

    #[test]
    fn chances_of_the_points_sum_to_one() {
        let net = Network::random(2, 4, &mut SmallRng::seed_from_u64(2));
        let b = Board::new(SIZE);
        let points: Vec<usize> = b.all_points().collect();
        let chances = net.chances(&b, Color::Black, [0, 0], &points);
        assert!((chances.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(chances.iter().all(|&c| c > 0.0));
    }
}
