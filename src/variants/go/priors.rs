//! The tree search's prior knowledge of Go moves, all of a node's moves at
//! once, in the manner of Pachi's pattern prior: the learned move model
//! ([`crate::features::model`]) gives each move its chance of being a strong
//! player's choice, and the move starts with `weight * sqrt(chance)`
//! virtual wins (see `PriorsInto::Value`), beside the even prior every
//! move gets. A likely move so looks good until its own playouts say
//! otherwise, and an unlikely one is tried late.
//!
//! Ladders are read here, on copies of the board, for the model's
//! features: an atari that starts a working ladder, and an escape from
//! atari that runs into one.

use super::features::{largest_known_pattern_and_reach, tactics};
use super::neighbourhood::{NeighbourhoodRows, NEAR_REACH};
use super::network::Network;
use super::policy::sensible;
use crate::board::Board;
use crate::color::Color;
use crate::features::model::{learned_bonus, placements, softmax, MoveModel};
use crate::moves::Move;
use crate::search::BIG_BOARD;
use crate::variants::models::in_use;
use crate::variants::Variant;
use std::cell::RefCell;

/// The even prior's weight, in virtual visits (Pachi's `eqex`).
pub fn unit(size: usize) -> f32 {
    if size >= BIG_BOARD {
        20.0
    } else {
        14.0
    }
}

/// The virtual wins that a move the model is sure of starts with, in
/// units of [`unit`](fn@unit): as Pachi's pattern prior, so many that the search
/// follows the model until the playouts disagree.
pub const MODEL_WEIGHT: f32 = 20.0;

/// The model's pattern scores by neighbourhood (see
/// [`super::neighbourhood`]), as many as fit, a newer one taking an older
/// one's place: sibling positions in the tree share most of their
/// neighbourhoods, so most moves of a new node find their score here
/// instead of hashing their patterns in every symmetry.
///
/// A move whose neighbourhood is not there may still share the near
/// neighbourhood (see [`NEAR_REACH`]) with one seen before, and most
/// moves' patterns are read no farther, where the model knows no larger
/// one: the scores that the near neighbourhood decides are filed by it
/// too.
struct PatternMemory {
    /// By the whole neighbourhood's key: (check, pattern score).
    whole: Vec<(u32, f32)>,
    /// By the near neighbourhood's key, the scores that it decides.
    near: Vec<(u32, f32)>,
    /// The identity of the model whose scores the slots hold: a thread
    /// that searches with another model forgets them.
    model: u64,
    /// The board being rated, from the mover's side.
    rows: NeighbourhoodRows,
}

/// The number of slots of each table: 2^13, 128 KiB a thread for both,
/// small beside `THREAD_MEMORY_MB` of `--max-memory`. Sixty-four times as
/// many find no more.
const MEMORY_BITS: u32 = 13;

/// Where `key` is filed: its slot, by its top bits, and its check, the
/// next 32 bits, as the model's file keeps its patterns; never 0, the
/// check of an empty slot.
#[inline]
fn filed(key: u64) -> (usize, u32) {
    (
        (key >> (64 - MEMORY_BITS)) as usize,
        (key >> (32 - MEMORY_BITS)) as u32 | 1,
    )
}

impl PatternMemory {
    fn new() -> PatternMemory {
        PatternMemory {
            near: vec![(0, 0.0); 1 << MEMORY_BITS],
            whole: vec![(0, 0.0); 1 << MEMORY_BITS],
            model: 0,
            rows: NeighbourhoodRows::new(),
        }
    }

    /// Makes ready to score the moves of `color` on `board` by `model`.
    fn read(&mut self, model: &MoveModel, board: &Board, color: Color) {
        if self.model != model.identity() {
            self.model = model.identity();
            self.near.fill((0, 0.0));
            self.whole.fill((0, 0.0));
        }
        self.rows.read(board, color);
    }

    /// `model`'s pattern score of `color` playing at `p`, on the board last
    /// [`read`](Self::read) for them.
    #[inline]
    fn pattern_score(&mut self, model: &MoveModel, board: &Board, color: Color, p: usize) -> f32 {
        let (slot, check) = filed(self.rows.key(board, p));
        if self.whole[slot].0 == check {
            return self.whole[slot].1;
        }
        let (near_slot, near_check) = filed(self.rows.near_key(board, p));
        let score = if self.near[near_slot].0 == near_check {
            self.near[near_slot].1
        } else {
            let (score, reach) = pattern_score_and_reach(model, board, color, p);
            if reach <= NEAR_REACH {
                self.near[near_slot] = (near_check, score);
            }
            score
        };
        self.whole[slot] = (check, score);
        score
    }
}

/// `model`'s weight of the largest pattern of `color` playing at `p` that
/// it knows (0 for none), and the distance out to which the patterns were
/// read: the score depends on no stone farther away.
#[inline]
fn pattern_score_and_reach(model: &MoveModel, board: &Board, color: Color, p: usize) -> (f32, i32) {
    let (weight, reach) = largest_known_pattern_and_reach(board, color, p, |key| model.pattern_weight(key));
    (weight.unwrap_or(0.0), reach)
}

thread_local! {
    /// One memory per search thread, for the model it last used.
    static PATTERN_MEMORY: RefCell<PatternMemory> = RefCell::new(PatternMemory::new());
}

/// Priors of `moves` for `color` to play on `board`, `last` the points of
/// the last two moves (0 for none), pushed to `out` in order. A move's
/// chance is the move model's, or with a `network`, the mean of the
/// model's and the network's: together they find the move a strong player
/// chose more often than either alone (docs/move-model.md).
pub fn priors(
    board: &Board,
    color: Color,
    last: [usize; 2],
    moves: &[Move],
    network: Option<&Network>,
    out: &mut Vec<Option<(f32, f32)>>,
) {
    let points = placement_points(board, moves);
    let e = unit(board.size());
    let model = in_use(Variant::Go).expect("Go has a move model");
    let mut chances = chances(model, board, color, last, &points);
    if let Some(network) = network {
        for (c, n) in chances.iter_mut().zip(network.chances(board, color, last, &points)) {
            *c = 0.5 * (*c + n);
        }
    }
    let mut placements = points.iter().zip(chances);
    for mv in moves {
        out.push(match mv {
            Move::Place(_) => {
                let (&p, chance) = placements.next().expect("a chance per placement");
                if sensible(board, p, color) {
                    let wins = MODEL_WEIGHT * e * chance.sqrt();
                    Some((wins, wins))
                } else {
                    // Filling an own eye or leaving a chain in atari: as in
                    // the playouts, which never play them, a poor move.
                    Some((0.0, 2.0 * e))
                }
            }
            _ => None,
        });
    }
}

/// The points of the placements among `moves`, in order.
pub fn placement_points(board: &Board, moves: &[Move]) -> Vec<usize> {
    placements(moves).into_iter().map(|v| board.point(v)).collect()
}

/// The virtual wins and visits that a model read by `--model` adds to the
/// prior of each of `moves` in a variant on Go's board that learns from
/// self-play (Atari Go, Yugo, Tanbo): see [`learned_bonus`]. `board`,
/// `color` and `last` as in [`chances`].
pub fn learned_bonus_on_board(
    model: &MoveModel,
    board: &Board,
    color: Color,
    last: [usize; 2],
    moves: &[Move],
    weight: f32,
) -> Vec<Option<f32>> {
    learned_bonus(
        moves,
        chances(model, board, color, last, &placement_points(board, moves)),
        weight,
        |mv| matches!(mv, Move::Place(_)),
    )
}

/// The priors of `moves` in a variant with no knowledge of its own whose
/// search takes a model read by `--model` (Yugo, Tanbo): each placement
/// starts even, `even` virtual playouts half won, and gains
/// [`learned_bonus`] on top. Without the even start, a move the model
/// rates low would have no prior at all and look better, untried, than
/// the moves it rates high.
pub fn even_and_learned(
    model: &MoveModel,
    (board, last): (&Board, [usize; 2]),
    color: Color,
    moves: &[Move],
    (even, weight): (f32, f32),
) -> impl Iterator<Item = Option<(f32, f32)>> {
    learned_bonus_on_board(model, board, color, last, moves, weight)
        .into_iter()
        .map(move |learned| learned.map(|l| (0.5 * even + l, even + l)))
}

/// `model`'s chances of the placements of `color` at `points` on `board`,
/// `last` the points of the last two moves (0 for none).
pub fn chances(model: &MoveModel, board: &Board, color: Color, last: [usize; 2], points: &[usize]) -> Vec<f32> {
    let scores: Vec<f32> = PATTERN_MEMORY.with_borrow_mut(|memory| {
        memory.read(model, board, color);
        points
            .iter()
            .map(|&p| {
                model.tactical_score(&tactics(board, color, p, last[0], last[1]).values())
                    + memory.pattern_score(model, board, color, p)
            })
            .collect()
    });
    softmax(&scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;
    use crate::variants::go::ladder::{ladder_works, line};
    use crate::variants::go::policy::tests::board;

    /// The virtual wins of every legal move of `color` on `b`, `last` the
    /// last move.
    fn priors_of(b: &Board, color: Color, last: &str) -> Vec<(String, f32)> {
        let last = if last.is_empty() {
            0
        } else {
            b.point(Vertex::parse(last).unwrap())
        };
        let moves: Vec<Move> = b
            .all_points()
            .filter(|&p| b.is_empty(p) && !b.is_suicide(p, color))
            .map(|p| Move::Place(b.vertex(p)))
            .collect();
        let mut out = Vec::new();
        priors(b, color, [last, 0], &moves, None, &mut out);
        moves
            .iter()
            .zip(out)
            .map(|(mv, prior)| (mv.to_string(), prior.expect("every placement has a prior").0))
            .collect()
    }

    /// The rank of `v` among the moves by prior, 0 for the first.
    fn rank(priors: &[(String, f32)], v: &str) -> usize {
        let wins = priors.iter().find(|(m, _)| m == v).expect("a legal move").1;
        priors.iter().filter(|(_, w)| *w > wins).count()
    }

    #[test]
    fn remembered_pattern_scores_equal_those_computed_afresh() {
        use crate::variants::go::features::tests::random_positions;
        let model = crate::variants::models::builtin();
        let mut memory = PatternMemory::new();
        let (mut found, mut asked) = (0, 0);
        // The first round computes the scores, the second finds them by the
        // whole neighbourhood, the third, without those, by the near one
        // where it decides them.
        for round in 0..3 {
            if round == 2 {
                memory.whole.fill((0, 0.0));
            }
            for (b, color) in random_positions(11) {
                memory.read(model, &b, color);
                for &p in b.empties() {
                    let fresh = pattern_score_and_reach(model, &b, color, p as usize).0;
                    found += (fresh != 0.0) as usize;
                    asked += 1;
                    assert_eq!(
                        memory.pattern_score(model, &b, color, p as usize),
                        fresh,
                        "round {round}"
                    );
                }
            }
        }
        // The positions reach known patterns, so the scores compared are
        // not all 0.
        assert!(found * 10 > asked, "{found} known of {asked}");
        let near = memory.near.iter().filter(|slot| slot.0 != 0).count();
        assert!(near * 4 > memory.near.len(), "{near} near scores");
    }

    #[test]
    fn a_capture_ranks_first_and_an_own_eye_fill_is_poor() {
        // White C3, the last move, is in atari: black C2 takes it.
        let b = board(&[".....", "..X..", ".XOX.", ".....", "....."]);
        let p = priors_of(&b, Color::Black, "C3");
        assert_eq!(rank(&p, "C2"), 0, "{p:?}");
        // A1 is an eye of black's corner group: filling it is a poor move.
        let eye = board(&[".....", ".....", "XX...", "XX...", ".X..."]);
        let mut out = Vec::new();
        let a1 = Move::Place(Vertex::parse("A1").unwrap());
        priors(
            &eye,
            Color::Black,
            [0, 0],
            &[a1, Move::Place(Vertex::parse("C3").unwrap())],
            None,
            &mut out,
        );
        assert_eq!(out[0], Some((0.0, 2.0 * unit(5))));
        assert!(out[1].unwrap().0 > 0.0);
    }

    #[test]
    fn every_prior_is_the_model_weight_times_the_root_of_the_chance() {
        let b = board(&[".....", "..X..", ".XO..", ".....", "....."]);
        let p = priors_of(&b, Color::Black, "C3");
        let weight = MODEL_WEIGHT * unit(5);
        let total: f32 = p.iter().map(|(_, w)| (w / weight).powi(2)).sum();
        // Every move here is sensible, so every chance is counted.
        assert!((total - 1.0).abs() < 1e-3, "the chances sum to {total}");
        let mut none = Vec::new();
        priors(&b, Color::Black, [0, 0], &[Move::Pass], None, &mut none);
        assert_eq!(none, [None]);
    }

    /// White D4 cuts black C4 from D5; black E4 ataris it and the ladder
    /// runs down to the lower-left corner, where it catches.
    const LADDER: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        "...X.....",
        "..XO.....",
        "....X....",
        ".........",
        ".........",
    ];

    /// `rows` with a white stone at `v`.
    fn with_white(rows: &[&str], v: &str) -> Board {
        let mut b = board(rows);
        b.play(b.point(Vertex::parse(v).unwrap()), Color::White, 0);
        b
    }

    #[test]
    fn a_ladder_atari_ranks_high_and_a_broken_ladder_lower() {
        let b = board(&LADDER);
        assert!(ladder_works(&b, b.point(Vertex::parse("E4").unwrap()), Color::Black));
        let working = priors_of(&b, Color::Black, "D4");
        assert!(rank(&working, "E4") <= 1, "{working:?}");
        let broken = with_white(&LADDER, "B2");
        assert!(!ladder_works(
            &broken,
            broken.point(Vertex::parse("E4").unwrap()),
            Color::Black
        ));
        let wins = |p: &[(String, f32)], v: &str| p.iter().find(|(m, _)| m == v).unwrap().1;
        assert!(wins(&priors_of(&broken, Color::Black, "D4"), "E4") < wins(&working, "E4"));
    }

    #[test]
    fn an_escape_into_a_working_ladder_looks_poorer_than_a_free_one() {
        // Black has played the atari at E4; white D3 runs into the ladder,
        // unless the breaker at B2 saves it.
        let mut atari = LADDER;
        atari[5] = "..XOX....";
        let caught = priors_of(&board(&atari), Color::White, "E4");
        let saved = priors_of(&with_white(&atari, "B2"), Color::White, "E4");
        let wins = |p: &[(String, f32)]| p.iter().find(|(m, _)| m == "D3").unwrap().1;
        assert!(wins(&caught) < wins(&saved), "{} {}", wins(&caught), wins(&saved));
        assert_eq!(rank(&saved, "D3"), 0, "{saved:?}");
    }

    #[test]
    fn the_big_board_search_opens_on_the_third_and_fourth_lines() {
        use crate::game::Position;
        use crate::search::{search, Config, Limits};
        use crate::variants::{Game, Setup, Variant};
        use std::sync::atomic::AtomicBool;
        let mut setup = Setup::new(Variant::Go);
        setup.size = 19;
        let mut game = Game::new(&setup);
        let limits = Limits {
            playouts: Some(3000),
            time: None,
        };
        let mut b = Board::new(19);
        for seed in 0..4 {
            let config = Config {
                seed,
                ..Config::default()
            };
            let result = search(&game, limits, &config, &AtomicBool::new(false));
            let Some(Move::Place(v)) = result.best else {
                panic!("no opening move: {:?}", result.best);
            };
            let p = b.point(v);
            // An approach to a stone may come lower than the third line.
            let near_stone = b
                .all_points()
                .any(|q| !b.is_empty(q) && crate::features::move_distance(b.vertex(p), b.vertex(q)) <= 4);
            assert!((2..=4).contains(&line(&b, p)) || near_stone, "opening move {v}");
            b.play(p, game.to_move(), 0);
            game.play(game.to_move(), Move::Place(v)).unwrap();
        }
    }
}
