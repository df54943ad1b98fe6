//! Learning a move model ([`crate::features::model`]) from Go's game
//! records or from the self-play records of a variant with move features
//! ([`crate::features`]): the patterns that the chosen moves show often
//! enough become known, then a weight per feature value is fitted by
//! stochastic gradient descent (AdaGrad) on the cross-entropy of the
//! model's chances against each position's targets: the move played
//! against every legal move (Coulom's Bradley-Terry model of move choice,
//! fitted by gradient instead of minorization-maximization), or the
//! search's visits.

use crate::board::zobrist::KeyMap;
use crate::board::Board;
use crate::color::Color;
use crate::features::model::{MoveModel, Weights};
use crate::features::{largest_known_pattern, pattern_keys, small_pattern_key, MoveFeatures, Tactic, TacticValues};
use crate::moves::Move;
use crate::selfplay::records::Record;
use crate::sgf::SgfGame;
use crate::variants::go::features::GoMoves;
use crate::variants::go::policy::playable;

/// One position to learn from: its moves as the model sees them, and the
/// moves the model weighs there, each with the share of the choice it
/// should get, the favourite first: the move played 1 and every other
/// legal move 0 in a game record; the search's visits in a self-play
/// record.
pub struct Position<'a> {
    pub moves: &'a dyn MoveFeatures,
    pub targets: &'a [(Move, f32)],
}

/// Where positions to learn from come from: game records, or the records
/// of self-play ([`SelfPlay`]).
pub trait Source {
    /// Calls `visit` on every position, in order.
    fn positions(&self, visit: &mut dyn FnMut(&Position));
}

impl Source for [SgfGame] {
    fn positions(&self, visit: &mut dyn FnMut(&Position)) {
        let mut targets = Vec::new();
        for game in self {
            replay(game, |board, color, last, last2, played| {
                targets.clear();
                targets.push((Move::Place(board.vertex(played)), 1.0));
                targets.extend(
                    candidates(board, color)
                        .into_iter()
                        .filter(|&p| p != played)
                        .map(|p| (Move::Place(board.vertex(p)), 0.0)),
                );
                let moves = GoMoves {
                    board,
                    color,
                    last: [last, last2],
                };
                visit(&Position {
                    moves: &moves,
                    targets: &targets,
                });
            });
        }
    }
}

/// Calls `visit` with the board, the player, the last two moves' points
/// and the point played at every position of `game` whose move is a legal
/// placement, in order. A record stops at its first illegal move (or one
/// that breaks simple ko); superko is not checked.
pub fn replay(game: &SgfGame, mut visit: impl FnMut(&Board, Color, usize, usize, usize)) {
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
        visit(&board, color, last, last2, played);
        board.play(played, color, 0);
        (last, last2) = (played, last);
    }
}

/// Self-play records of a variant with move features: each position
/// searched with more than one move, the target the search's visits.
pub struct SelfPlay<'a>(pub &'a [Record]);

impl Source for SelfPlay<'_> {
    fn positions(&self, visit: &mut dyn FnMut(&Position)) {
        let mut targets = Vec::new();
        for record in self.0 {
            let Ok(game) = record.position() else { continue };
            let moves = game.move_features();
            targets.clear();
            targets.extend(
                record
                    .visits
                    .iter()
                    .filter(|&&(mv, _)| record.total > 0 && moves.describes(mv))
                    .map(|&(mv, visits)| (mv, visits as f32 / record.total as f32)),
            );
            if targets.len() < 2 {
                continue;
            }
            visit(&Position {
                moves: &*moves,
                targets: &targets,
            });
        }
    }
}

/// The legal placements of a position.
pub fn candidates(board: &Board, color: Color) -> Vec<usize> {
    board.all_points().filter(|&p| playable(board, p, color)).collect()
}

/// The patterns the model will know: those of every size that the
/// favourites of `source`'s positions (the moves played) show at least
/// `min_count` times, and every 3x3 pattern that so many of the other
/// moves show, so that shapes players shun, such as filling an own eye,
/// get a weight too.
pub fn harvest(source: &(impl Source + ?Sized), min_count: u32) -> Vec<u64> {
    let mut counts: KeyMap<u32> = KeyMap::default();
    source.positions(&mut |pos| {
        let (favourite, others) = pos.targets.split_first().expect("a favourite");
        for key in pattern_keys(pos.moves, favourite.0) {
            *counts.entry(key).or_default() += 1;
        }
        for &(mv, _) in others {
            *counts.entry(small_pattern_key(pos.moves, mv)).or_default() += 1;
        }
    });
    let mut keys: Vec<u64> = counts
        .into_iter()
        .filter(|&(_, n)| n >= min_count)
        .map(|(k, _)| k)
        .collect();
    keys.sort_unstable();
    keys
}

/// A move as the trainer keeps it, in eight bytes: its tactical values
/// (at most [`MAX_TACTICS`]) in five bits each, then one more than the
/// index of its largest known pattern (0 for none).
#[derive(Clone, Copy)]
struct Encoded(u64);

const VALUE_BITS: u32 = 5;
const _: () = assert!(crate::features::MAX_VALUES <= 1 << VALUE_BITS);
const MAX_TACTICS: usize = crate::features::MAX_TACTICS;
/// The most patterns a model learned here may know.
const MAX_PATTERNS: usize = (1 << (64 - MAX_TACTICS as u32 * VALUE_BITS)) - 1;

impl Encoded {
    fn new(values: &TacticValues, pattern: Option<u32>) -> Encoded {
        let values = values
            .iter()
            .enumerate()
            .fold(0u64, |bits, (i, &v)| bits | (v as u64) << (VALUE_BITS * i as u32));
        Encoded(values | pattern.map_or(0, |i| i as u64 + 1) << (MAX_TACTICS as u32 * VALUE_BITS))
    }

    fn value(self, i: usize) -> usize {
        (self.0 >> (VALUE_BITS * i as u32)) as usize & ((1 << VALUE_BITS) - 1)
    }

    fn pattern(self) -> Option<usize> {
        match (self.0 >> (MAX_TACTICS as u32 * VALUE_BITS)) as usize {
            0 => None,
            n => Some(n - 1),
        }
    }
}

/// The positions to learn from, encoded once: each its moves, the
/// favourite first, and the moves with a share of its target.
struct Encoding {
    moves: Vec<Encoded>,
    /// Where each position's moves start in `moves`; one more at the end.
    starts: Vec<usize>,
    /// A move's place among its position's moves and its share of the
    /// target, for the moves with a share: one per position of a game
    /// record, so that its millions of other moves cost nothing here.
    targets: Vec<(u32, f32)>,
    /// Where each position's targets start in `targets`; one more at the end.
    target_starts: Vec<usize>,
}

fn encode(source: &(impl Source + ?Sized), index: &KeyMap<u32>) -> Encoding {
    let mut encoding = Encoding {
        moves: Vec::new(),
        starts: vec![0],
        targets: Vec::new(),
        target_starts: vec![0],
    };
    source.positions(&mut |pos| {
        for (i, &(mv, target)) in pos.targets.iter().enumerate() {
            let pattern = largest_known_pattern(pos.moves, mv, |key| index.get(&key).copied());
            encoding.moves.push(Encoded::new(&pos.moves.tactic_values(mv), pattern));
            if target > 0.0 {
                encoding.targets.push((i as u32, target));
            }
        }
        encoding.starts.push(encoding.moves.len());
        encoding.target_starts.push(encoding.targets.len());
    });
    encoding
}

/// Where each tactical feature's weights start in the flat weight vector,
/// and last where the patterns' start.
fn tactic_offsets(tactics: &[Tactic]) -> Vec<usize> {
    let mut offsets = vec![0];
    for tactic in tactics {
        offsets.push(offsets.last().unwrap_or(&0) + tactic.values);
    }
    offsets
}

/// The flat indices of an encoded move's features.
#[inline]
fn feature_indices(m: Encoded, offsets: &[usize], out: &mut Vec<usize>) {
    let (patterns, tactics) = offsets.split_last().expect("the patterns' offset");
    out.clear();
    for (i, offset) in tactics.iter().enumerate() {
        out.push(offset + m.value(i));
    }
    if let Some(pattern) = m.pattern() {
        out.push(patterns + pattern);
    }
}

/// What a training run reports after each pass.
pub struct Progress {
    pub epoch: usize,
    pub positions: usize,
    /// The mean log-likelihood of the targets (the moves played), during
    /// the pass.
    pub log_likelihood: f64,
}

/// Fits a model to `source`, whose moves have the tactical features
/// `tactics`, knowing the patterns `keys` (in increasing order, as
/// [`harvest`] gives them), with `epochs` passes of AdaGrad at learning
/// rate `rate`: the cross-entropy of the model's chances against each
/// position's targets, which for a move played alone is its
/// log-likelihood.
pub fn train(
    source: &(impl Source + ?Sized),
    tactics: &[Tactic],
    keys: &[u64],
    epochs: usize,
    rate: f32,
    mut report: impl FnMut(&Progress),
) -> Weights {
    assert!(keys.len() <= MAX_PATTERNS, "at most {MAX_PATTERNS} patterns");
    assert!(tactics.len() <= MAX_TACTICS, "at most {MAX_TACTICS} tactical features");
    let index: KeyMap<u32> = keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
    let encoding = encode(source, &index);
    let offsets = tactic_offsets(tactics);
    let first_pattern = offsets[tactics.len()];
    let n = first_pattern + keys.len();
    let mut weights = vec![0.0f32; n];
    let mut squares = vec![0.0f32; n];
    let mut gradient = vec![0.0f32; n];
    let mut touched = Vec::new();
    let mut features = Vec::new();
    let mut scores = Vec::new();
    let positions = encoding.starts.len() - 1;
    for epoch in 1..=epochs {
        let mut log_likelihood = 0.0f64;
        for (window, target_window) in encoding.starts.windows(2).zip(encoding.target_starts.windows(2)) {
            let moves = &encoding.moves[window[0]..window[1]];
            let targets = &encoding.targets[target_window[0]..target_window[1]];
            scores.clear();
            for m in moves {
                feature_indices(*m, &offsets, &mut features);
                scores.push(features.iter().map(|&f| weights[f]).sum::<f32>());
            }
            let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let total: f32 = scores.iter().map(|s| (s - max).exp()).sum();
            let ln_total = total.ln();
            log_likelihood += targets
                .iter()
                .map(|&(i, t)| (t * (scores[i as usize] - max - ln_total)) as f64)
                .sum::<f64>();
            touched.clear();
            // The gradient of a move's score is its chance less its target.
            let mut add = |m: Encoded, g: f32| {
                feature_indices(m, &offsets, &mut features);
                for &f in &features {
                    if gradient[f] == 0.0 {
                        touched.push(f);
                    }
                    gradient[f] += g;
                }
            };
            for (m, score) in moves.iter().zip(&scores) {
                add(*m, (score - max).exp() / total);
            }
            for &(i, t) in targets {
                add(moves[i as usize], -t);
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
        tactics: offsets.windows(2).map(|w| weights[w[0]..w[1]].to_vec()).collect(),
        patterns: keys
            .iter()
            .enumerate()
            .map(|(i, &key)| (key, weights[first_pattern + i]))
            .collect(),
    }
}

/// How the model predicts the favourites (the moves played) of a source.
#[derive(Clone, Copy, Debug)]
pub struct Accuracy {
    pub positions: usize,
    /// How often the model's favourite is the position's.
    pub hits: f64,
    /// The mean log-likelihood of the targets (the moves played).
    pub log_likelihood: f64,
    /// The same for a uniform choice among the moves.
    pub uniform: f64,
}

/// How well `model` predicts the targets of `source`'s positions.
pub fn accuracy(model: &MoveModel, source: &(impl Source + ?Sized)) -> Accuracy {
    let (mut hits, mut log_likelihood, mut uniform, mut positions) = (0.0f64, 0.0f64, 0.0f64, 0usize);
    let mut moves = Vec::new();
    source.positions(&mut |pos| {
        moves.clear();
        moves.extend(pos.targets.iter().map(|&(mv, _)| mv));
        let p = model.probabilities(pos.moves, &moves);
        // A tie for the top counts as a draw among the tied moves.
        let top = p.iter().copied().fold(0.0, f32::max);
        if p[0] == top {
            hits += 1.0 / p.iter().filter(|&&chance| chance == top).count() as f64;
        }
        log_likelihood += pos
            .targets
            .iter()
            .zip(&p)
            .filter(|&(&(_, t), _)| t > 0.0)
            .map(|(&(_, t), &chance)| t as f64 * (chance.max(1e-12) as f64).ln())
            .sum::<f64>();
        uniform -= (moves.len() as f64).ln();
        positions += 1;
    });
    let n = positions.max(1) as f64;
    Accuracy {
        positions,
        hits: hits / n,
        log_likelihood: log_likelihood / n,
        uniform: uniform / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;
    use crate::variants::go::features::TACTICS;
    use crate::variants::{Game, Setup, Variant};
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

    /// Self-play records of `setup`'s game in a made-up style: in each
    /// position the search's visits go mostly to the move `favourite`
    /// picks among the legal ones, and one each to the rest.
    fn planted_records(
        setup: &Setup,
        games: u32,
        seed: u64,
        favourite: impl Fn(&Game, &[Move], &mut SmallRng) -> Move,
    ) -> Vec<Record> {
        use crate::game::Position as _;
        use crate::selfplay::records::{Ending, RecordSetup};
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut records = Vec::new();
        for number in 1..=games {
            let mut game = Game::new(setup);
            let mut moves = Vec::new();
            while moves.len() < 30 && game.outcome().is_none() {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let favourite = favourite(&game, &legal, &mut rng);
                let mut visits: Vec<(Move, u64)> = vec![(favourite, 50)];
                visits.extend(legal.iter().filter(|&&mv| mv != favourite).map(|&mv| (mv, 1)));
                let color = game.to_move();
                records.push(Record {
                    game: number,
                    seed,
                    setup: RecordSetup::of(setup, &game),
                    moves: moves.clone(),
                    to_move: color,
                    total: visits.iter().map(|v| v.1).sum(),
                    visits,
                    playouts: 100,
                    winrate: 0.5,
                    played: favourite,
                    result: "0".into(),
                    winner: None,
                    ending: Ending::MoveCap,
                });
                game.play(color, favourite).unwrap();
                moves.push((color, favourite));
            }
        }
        records
    }

    /// A legal move that `preferred` accepts, at random, else any.
    fn preferred_move(legal: &[Move], rng: &mut SmallRng, preferred: impl Fn(&Move) -> bool) -> Move {
        match legal.iter().filter(|mv| preferred(mv)).count() {
            0 => legal[rng.random_range(0..legal.len())],
            n => *legal
                .iter()
                .filter(|mv| preferred(mv))
                .nth(rng.random_range(0..n))
                .unwrap(),
        }
    }

    /// Atari Go in a made-up style: the favourite touches the last move
    /// where it can.
    fn contact_style(game: &Game, legal: &[Move], rng: &mut SmallRng) -> Move {
        let Game::Atari(atari) = game else { unreachable!() };
        let (board, [last, _]) = atari.model_view();
        preferred_move(legal, rng, |mv| match mv {
            Move::Place(v) => last != 0 && board.neighbours(last).contains(&board.point(*v)),
            _ => false,
        })
    }

    /// Asserts that of the distance weights from `first` on, distance 2
    /// (touching the last move) weighs most.
    fn assert_distance_2_weighs_most(model: &Weights, first: usize) {
        let distance = &model.tactics[5];
        let best = (first..distance.len()).max_by(|&a, &b| distance[a].total_cmp(&distance[b]));
        assert_eq!(best, Some(2), "touching the last move weighs most: {distance:?}");
    }

    /// Learns `setup`'s model from the records of `games.0` games in
    /// `style` (seed 1; patterns seen three times, three passes): its
    /// weights, and the accuracy on `games.1` more (seed 2) of the
    /// untrained model and of the learned one.
    fn learn_and_test(
        setup: &Setup,
        games: (u32, u32),
        style: impl Fn(&Game, &[Move], &mut SmallRng) -> Move,
    ) -> (Weights, Accuracy, Accuracy) {
        let training = planted_records(setup, games.0, 1, &style);
        let test = planted_records(setup, games.1, 2, &style);
        let variant = setup.variant;
        let tactics = variant.tactics();
        let keys = harvest(&SelfPlay(&training), 3);
        let test_of = |weights: &Weights| {
            let bytes = weights.to_bytes(variant.name());
            accuracy(&variant.move_model(&bytes).unwrap(), &SelfPlay(&test))
        };
        let blank = test_of(&Weights::blank(tactics, &keys));
        let weights = train(&SelfPlay(&training), tactics, &keys, 3, 0.1, |_| {});
        let learned = test_of(&weights);
        (weights, blank, learned)
    }

    #[test]
    fn training_on_self_play_learns_where_the_search_looked() {
        let (model, blank, learned) = learn_and_test(&Setup::new(Variant::Atari), (60, 20), contact_style);
        assert!(blank.positions > 150, "{blank:?}");
        assert!(blank.hits < 0.1, "ties are no hits: {blank:?}");
        assert!(
            learned.log_likelihood > blank.log_likelihood + 0.5,
            "{learned:?} against {blank:?}"
        );
        // Beside the first move, one of at most four touching moves.
        assert!(learned.hits > 0.2, "{learned:?}");
        // Distance 0 (no last move) is every move's at the first move, so
        // its weight changes no chance: compare the distances to a move.
        assert_distance_2_weighs_most(&model, 2);
    }

    /// Squares in a made-up style: the favourite completes a square where
    /// it can, else stands on the first line. The model learns both from
    /// Squares' own features.
    #[test]
    fn training_on_squares_records_learns_their_own_features() {
        use crate::variants::gray_game::GrayGame;
        use crate::variants::squares::placement;
        let style = |game: &Game, legal: &[Move], rng: &mut SmallRng| {
            let Game::Squares(squares) = game else { unreachable!() };
            let grid = &squares.state().grid;
            let at = |mv: &Move| {
                let v = mv.vertex().expect("a point");
                (v.x as usize, v.y as usize)
            };
            if legal.iter().any(|mv| placement(grid, at(mv).0, at(mv).1).completes > 0) {
                preferred_move(legal, rng, |mv| placement(grid, at(mv).0, at(mv).1).completes > 0)
            } else {
                let edge = |mv: &Move| crate::features::line(grid.size(), mv.vertex().expect("a point")) == 0;
                preferred_move(legal, rng, edge)
            }
        };
        let (model, blank, learned) = learn_and_test(&Setup::new(Variant::Squares), (40, 10), style);
        assert!(blank.positions > 200, "{blank:?}");
        // About thirty first-line points tie: the most a model can learn
        // there is which thirty.
        assert!(
            learned.log_likelihood > blank.log_likelihood + 0.2,
            "{learned:?} against {blank:?}"
        );
        let [completes, _, _, line] = &model.tactics[..] else {
            panic!("four features")
        };
        assert!(completes[1] > completes[0], "{completes:?}");
        assert!(line[1..].iter().all(|&w| w < line[0]), "{line:?}");
    }

    /// Omino Go on 7x7 in a made-up style: the favourite is a T that
    /// touches an enemy stone where one can, else any T. The model learns
    /// the kind and the contact.
    #[test]
    fn training_on_omino_go_records_learns_the_kind_and_the_contact() {
        use crate::polyomino::Omino;
        let style = |game: &Game, legal: &[Move], rng: &mut SmallRng| {
            let Game::GroupGo(group) = game else { unreachable!() };
            let features = group.move_features();
            let t = |mv: &Move| matches!(mv, Move::Polyomino(_, shape) if shape.omino() == Omino::T4);
            let touching = |mv: &Move| t(mv) && features.tactic_values(*mv)[4] > 0;
            if legal.iter().any(touching) {
                preferred_move(legal, rng, touching)
            } else {
                preferred_move(legal, rng, t)
            }
        };
        let setup = Setup {
            size: 7,
            ..Setup::new(Variant::OminoGo)
        };
        let (model, blank, learned) = learn_and_test(&setup, (30, 8), style);
        assert!(blank.positions > 50, "{blank:?}");
        // Many Ts touch an enemy stone: the most a model can learn is which.
        assert!(
            learned.log_likelihood > blank.log_likelihood + 0.15,
            "{learned:?} against {blank:?}"
        );
        assert!(learned.hits > 2.0 * blank.hits, "{learned:?} against {blank:?}");
        let (kind, contact) = (&model.tactics[0], &model.tactics[4]);
        let t = 1 + Omino::T4.index();
        assert!(
            Omino::ALL[3..]
                .iter()
                .all(|o| o.index() + 1 == t || kind[o.index() + 1] < kind[t]),
            "the T weighs most of the tetrominoes: {kind:?}"
        );
        assert!(contact[1] > contact[0], "{contact:?}");
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
        replay(&game, |_, color, last, last2, played| {
            seen.push((color, last, last2, played))
        });
        let b = Board::new(9);
        let (c3, d4) = (b.point(Vertex::new(2, 2)), b.point(Vertex::new(3, 3)));
        // The second D4 is illegal: the record stops there.
        assert_eq!(seen, [(Color::Black, 0, 0, c3), (Color::Black, 0, c3, d4)]);
    }

    #[test]
    fn training_learns_the_style_of_the_records() {
        let training = contact_games(60, 1);
        let test = contact_games(10, 2);
        let keys = harvest(&training[..], 3);
        assert!(!keys.is_empty());
        let blank_bytes = Weights::blank(TACTICS, &keys).to_bytes("go");
        let blank = accuracy(&Variant::Go.move_model(&blank_bytes).unwrap(), &test[..]);
        assert!(blank.positions > 300);
        assert!((blank.log_likelihood - blank.uniform).abs() < 1e-3, "{blank:?}");
        let mut passes = Vec::new();
        let weights = train(&training[..], TACTICS, &keys, 3, 0.1, |p| passes.push(p.log_likelihood));
        let bytes = weights.to_bytes("go");
        let model = Variant::Go.move_model(&bytes).unwrap();
        assert_eq!(passes.len(), 3);
        assert!(passes[2] > passes[0], "{passes:?}");
        let learned = accuracy(&model, &test[..]);
        // At most four moves touch the last one: the model finds them.
        assert!(
            learned.log_likelihood > blank.log_likelihood + 1.5,
            "{learned:?} against {blank:?}"
        );
        assert!(learned.hits > 0.2, "{learned:?}");
        assert_distance_2_weighs_most(&weights, 0);
        assert_eq!(model.tactics, weights.tactics);
        assert!(weights
            .patterns
            .iter()
            .all(|&(key, w)| model.pattern_weight(key) == Some(w)));
    }
}
