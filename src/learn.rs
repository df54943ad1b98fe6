//! Learning Go's move model ([`crate::variants::go::model`]) from game records: the
//! patterns that players chose often enough become known, then a weight
//! per feature value is fitted by stochastic gradient descent (AdaGrad)
//! on the log-likelihood of the moves played, each against every legal
//! move of its position (Coulom's Bradley-Terry model of move choice,
//! fitted by gradient instead of minorization-maximization).

use crate::board::zobrist::KeyMap;
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use crate::sgf::SgfGame;
use crate::variants::go::features::{
    largest_known_pattern, pattern_keys, small_pattern_key, tactics, Tactics, TACTIC_VALUES,
};
use crate::variants::go::model::{MoveModel, Weights};
use crate::variants::go::policy::playable;

/// One position of a record: the board, the player to move, the last two
/// moves' points and the point played.
pub struct Position<'a> {
    pub board: &'a Board,
    pub color: Color,
    pub last: usize,
    pub last2: usize,
    pub played: usize,
}

/// Calls `visit` on every position of `game` whose move is a legal
/// placement, in order. A record stops at its first illegal move (or one
/// that breaks simple ko); superko is not checked.
pub fn replay(game: &SgfGame, mut visit: impl FnMut(&Position)) {
    if game.size < 5 || game.size > crate::moves::MAX_SIZE {
        return;
    }
    let mut board = Board::new(game.size);
    for (stones, color) in [(&game.black_setup, Color::Black), (&game.white_setup, Color::White)] {
        for &v in stones {
            let p = board.point(v);
            if board.is_empty(p) {
                board.play(p, color, 0);
            }
        }
    }
    let (mut last, mut last2) = (0, 0);
    for &(color, mv) in &game.moves {
        let played = match mv {
            Move::Place(v) if v.on_board(game.size) => board.point(v),
            Move::Pass => {
                board.clear_ko();
                (last, last2) = (0, last);
                continue;
            }
            _ => return,
        };
        if !playable(&board, played, color) {
            return;
        }
        visit(&Position {
            board: &board,
            color,
            last,
            last2,
            played,
        });
        board.play(played, color, 0);
        (last, last2) = (played, last);
    }
}

/// The legal placements of a position.
pub fn candidates(board: &Board, color: Color) -> Vec<usize> {
    board.all_points().filter(|&p| playable(board, p, color)).collect()
}

/// The patterns the model will know: those of every size that the moves
/// played in `games` show at least `min_count` times, and every 3x3
/// pattern that so many legal moves show, so that shapes players shun,
/// such as filling an own eye, get a weight too.
pub fn harvest(games: &[SgfGame], min_count: u32) -> Vec<u64> {
    let mut counts: KeyMap<u32> = KeyMap::default();
    for game in games {
        replay(game, |pos| {
            for key in pattern_keys(pos.board, pos.color, pos.played) {
                *counts.entry(key).or_default() += 1;
            }
            for p in candidates(pos.board, pos.color) {
                if p != pos.played {
                    *counts.entry(small_pattern_key(pos.board, pos.color, p)).or_default() += 1;
                }
            }
        });
    }
    let mut keys: Vec<u64> = counts
        .into_iter()
        .filter(|&(_, n)| n >= min_count)
        .map(|(k, _)| k)
        .collect();
    keys.sort_unstable();
    keys
}

/// A move as the trainer keeps it, in eight bytes: its seven tactical
/// values in five bits each, then one more than the index of its largest
/// known pattern (0 for none).
#[derive(Clone, Copy)]
struct Encoded(u64);

const VALUE_BITS: u32 = 5;
/// The most patterns a model learned here may know.
const MAX_PATTERNS: usize = (1 << (64 - 7 * VALUE_BITS)) - 1;

impl Encoded {
    fn new(tactics: &Tactics, pattern: Option<u32>) -> Encoded {
        let values = tactics
            .values()
            .iter()
            .enumerate()
            .fold(0u64, |bits, (i, &v)| bits | (v as u64) << (VALUE_BITS * i as u32));
        Encoded(values | pattern.map_or(0, |i| i as u64 + 1) << (7 * VALUE_BITS))
    }

    fn value(self, i: usize) -> usize {
        (self.0 >> (VALUE_BITS * i as u32)) as usize & ((1 << VALUE_BITS) - 1)
    }

    fn pattern(self) -> Option<usize> {
        match (self.0 >> (7 * VALUE_BITS)) as usize {
            0 => None,
            n => Some(n - 1),
        }
    }
}

/// The positions of the training games, encoded once: each its moves, the
/// one played first.
struct Encoding {
    moves: Vec<Encoded>,
    /// Where each position's moves start in `moves`; one more at the end.
    starts: Vec<usize>,
}

fn encode(games: &[SgfGame], index: &KeyMap<u32>) -> Encoding {
    let mut encoding = Encoding {
        moves: Vec::new(),
        starts: vec![0],
    };
    for game in games {
        replay(game, |pos| {
            let encode_move = |p: usize| {
                let t = tactics(pos.board, pos.color, p, pos.last, pos.last2);
                let pattern = largest_known_pattern(pos.board, pos.color, p, |key| index.get(&key).copied());
                Encoded::new(&t, pattern)
            };
            encoding.moves.push(encode_move(pos.played));
            for p in candidates(pos.board, pos.color) {
                if p != pos.played {
                    encoding.moves.push(encode_move(p));
                }
            }
            encoding.starts.push(encoding.moves.len());
        });
    }
    encoding
}

/// Where each tactical feature's weights start in the flat weight vector;
/// the patterns' follow them.
fn tactic_offsets() -> [usize; 8] {
    let mut offsets = [0; 8];
    for i in 0..7 {
        offsets[i + 1] = offsets[i] + TACTIC_VALUES[i];
    }
    offsets
}

/// The flat indices of an encoded move's features.
#[inline]
fn feature_indices(m: Encoded, offsets: &[usize; 8], out: &mut Vec<usize>) {
    out.clear();
    for (i, offset) in offsets[..7].iter().enumerate() {
        out.push(offset + m.value(i));
    }
    if let Some(pattern) = m.pattern() {
        out.push(offsets[7] + pattern);
    }
}

/// What a training run reports after each pass.
pub struct Progress {
    pub epoch: usize,
    pub positions: usize,
    /// The mean log-likelihood of the moves played, during the pass.
    pub log_likelihood: f64,
}

/// Fits a model to `games`, knowing the patterns `keys` (in increasing
/// order, as [`harvest`] gives them), with `epochs` passes of AdaGrad at
/// learning rate `rate`.
pub fn train(games: &[SgfGame], keys: &[u64], epochs: usize, rate: f32, mut report: impl FnMut(&Progress)) -> Weights {
    assert!(keys.len() <= MAX_PATTERNS, "at most {MAX_PATTERNS} patterns");
    let index: KeyMap<u32> = keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
    let encoding = encode(games, &index);
    let offsets = tactic_offsets();
    let n = offsets[7] + keys.len();
    let mut weights = vec![0.0f32; n];
    let mut squares = vec![0.0f32; n];
    let mut gradient = vec![0.0f32; n];
    let mut touched = Vec::new();
    let mut features = Vec::new();
    let mut scores = Vec::new();
    let positions = encoding.starts.len() - 1;
    for epoch in 1..=epochs {
        let mut log_likelihood = 0.0f64;
        for window in encoding.starts.windows(2) {
            let moves = &encoding.moves[window[0]..window[1]];
            scores.clear();
            for m in moves {
                feature_indices(*m, &offsets, &mut features);
                scores.push(features.iter().map(|&f| weights[f]).sum::<f32>());
            }
            let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let total: f32 = scores.iter().map(|s| (s - max).exp()).sum();
            log_likelihood += ((scores[0] - max).exp() / total).ln() as f64;
            touched.clear();
            for (i, m) in moves.iter().enumerate() {
                let p = (scores[i] - max).exp() / total;
                let g = p - if i == 0 { 1.0 } else { 0.0 };
                feature_indices(*m, &offsets, &mut features);
                for &f in &features {
                    if gradient[f] == 0.0 {
                        touched.push(f);
                    }
                    gradient[f] += g;
                }
            }
            for &f in &touched {
                let g = gradient[f];
                squares[f] += g * g;
                weights[f] -= rate * g / (squares[f].sqrt() + 1e-6);
                gradient[f] = 0.0;
            }
        }
        report(&Progress {
            epoch,
            positions,
            log_likelihood: log_likelihood / positions.max(1) as f64,
        });
    }
    Weights {
        tactics: std::array::from_fn(|i| weights[offsets[i]..offsets[i + 1]].to_vec()),
        patterns: keys
            .iter()
            .enumerate()
            .map(|(i, &key)| (key, weights[offsets[7] + i]))
            .collect(),
    }
}

/// How the model predicts the moves played in `games`.
#[derive(Clone, Copy, Debug)]
pub struct Accuracy {
    pub positions: usize,
    /// How often the model's favourite is the move played.
    pub hits: f64,
    /// The mean log-likelihood of the moves played.
    pub log_likelihood: f64,
    /// The same for a uniform choice among the legal moves.
    pub uniform: f64,
}

/// How well `model` predicts the moves played in `games`.
pub fn accuracy(model: &MoveModel, games: &[SgfGame]) -> Accuracy {
    let (mut hits, mut log_likelihood, mut uniform, mut positions) = (0usize, 0.0f64, 0.0f64, 0usize);
    for game in games {
        replay(game, |pos| {
            let points = candidates(pos.board, pos.color);
            let p = model.probabilities(pos.board, pos.color, pos.last, pos.last2, &points);
            let played = points
                .iter()
                .position(|&q| q == pos.played)
                .expect("the move played is legal");
            let best = (0..points.len())
                .max_by(|&a, &b| p[a].total_cmp(&p[b]))
                .expect("a legal move");
            hits += (p[best] == p[played]) as usize;
            log_likelihood += (p[played].max(1e-12) as f64).ln();
            uniform -= (points.len() as f64).ln();
            positions += 1;
        });
    }
    let n = positions.max(1) as f64;
    Accuracy {
        positions,
        hits: hits as f64 / n,
        log_likelihood: log_likelihood / n,
        uniform: uniform / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Games in a made-up style: every move touches the last one where it
    /// can, else goes anywhere.
    fn contact_games(count: usize, seed: u64) -> Vec<SgfGame> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let mut board = Board::new(9);
                let mut moves = Vec::new();
                let mut color = Color::Black;
                let mut last = 0;
                for _ in 0..40 {
                    let touching: Vec<usize> = if last == 0 {
                        Vec::new()
                    } else {
                        board
                            .neighbours(last)
                            .into_iter()
                            .filter(|&n| playable(&board, n, color))
                            .collect()
                    };
                    let choices = if touching.is_empty() {
                        candidates(&board, color)
                    } else {
                        touching
                    };
                    if choices.is_empty() {
                        break;
                    }
                    let p = choices[rng.random_range(0..choices.len())];
                    board.play(p, color, 0);
                    moves.push((color, Move::Place(board.vertex(p))));
                    last = p;
                    color = color.opponent();
                }
                SgfGame {
                    size: 9,
                    moves,
                    ..SgfGame::default()
                }
            })
            .collect()
    }

    #[test]
    fn replay_visits_every_legal_placement_with_the_last_two_moves() {
        let game = SgfGame {
            size: 9,
            moves: vec![
                (Color::Black, Move::Place(Vertex::new(2, 2))),
                (Color::White, Move::Pass),
                (Color::Black, Move::Place(Vertex::new(3, 3))),
                (Color::White, Move::Place(Vertex::new(3, 3))),
                (Color::Black, Move::Place(Vertex::new(4, 4))),
            ],
            ..SgfGame::default()
        };
        let mut seen = Vec::new();
        replay(&game, |pos| seen.push((pos.color, pos.last, pos.last2, pos.played)));
        let b = Board::new(9);
        let (c3, d4) = (b.point(Vertex::new(2, 2)), b.point(Vertex::new(3, 3)));
        // The second D4 is illegal: the record stops there.
        assert_eq!(seen, [(Color::Black, 0, 0, c3), (Color::Black, 0, c3, d4)]);
    }

    #[test]
    fn training_learns_the_style_of_the_records() {
        let training = contact_games(60, 1);
        let test = contact_games(10, 2);
        let keys = harvest(&training, 3);
        assert!(!keys.is_empty());
        let blank_bytes = Weights::blank(&keys).to_bytes();
        let blank = accuracy(&MoveModel::from_bytes(&blank_bytes).unwrap(), &test);
        assert!(blank.positions > 300);
        assert!((blank.log_likelihood - blank.uniform).abs() < 1e-3, "{blank:?}");
        let mut passes = Vec::new();
        let weights = train(&training, &keys, 3, 0.1, |p| passes.push(p.log_likelihood));
        let bytes = weights.to_bytes();
        let model = MoveModel::from_bytes(&bytes).unwrap();
        assert_eq!(passes.len(), 3);
        assert!(passes[2] > passes[0], "{passes:?}");
        let learned = accuracy(&model, &test);
        // At most four moves touch the last one: the model finds them.
        assert!(
            learned.log_likelihood > blank.log_likelihood + 1.5,
            "{learned:?} against {blank:?}"
        );
        assert!(learned.hits > 0.2, "{learned:?}");
        let distance = &model.tactics[5];
        let best = (0..distance.len()).max_by(|&a, &b| distance[a].total_cmp(&distance[b]));
        assert_eq!(best, Some(2), "touching the last move weighs most: {distance:?}");
        assert_eq!(model.tactics, weights.tactics);
        assert!(weights
            .patterns
            .iter()
            .all(|&(key, w)| model.pattern_weight(key) == Some(w)));
    }
}
