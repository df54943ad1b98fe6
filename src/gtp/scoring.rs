//! The end of a game over GTP: `final_score` and `final_status_list` by the
//! rules in force (`--rules`, `variago-rules`), the engine's moves once the
//! opponent has passed, and `kgs-genmove_cleanup`.
//!
//! In a variant that judges its stones (`Rules::judge`: standard Go), dead
//! stones are judged from the ownership of a search of the position played
//! on. Under `area` rules they are removed before the count; under
//! `tromp-taylor` the board counts as it stands, so the engine captures
//! them before it passes.

use super::args::Args;
use super::commands::Reply;
use super::engine::Engine;
use crate::color::Color;
use crate::game::{GameSetup, Judgement, Occupant, Outcome, Owner, Ownership, Position, Status, View};
use crate::moves::{Move, Vertex};
use crate::search::ownership::search_ownership;
use crate::search::{Config, SearchHints};
use crate::variants::go_family::scoring::Scoring;
use crate::variants::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Simulations of the search behind one judgement: enough for the
/// statuses to be the same from one seed to the next on finished boards.
pub fn judge_simulations(size: usize) -> u64 {
    (size * size * 400).clamp(10_000, 100_000) as u64
}

/// The longest a judgement asked for by `final_score` or
/// `final_status_list` may take: far from the end of a game, on a large
/// board, playouts are long.
pub const JUDGE_TIME: Duration = Duration::from_secs(5);

/// The judgement behind the pass that ends a game, in a move bound by
/// playouts alone: a user who asks for few playouts wants a quick answer.
const JUDGE_TIME_UNDER_PLAYOUTS: Duration = Duration::from_millis(500);

/// The last judgement and the position it was made for, so that
/// `final_score` and the three `final_status_list` agree and cost one
/// search.
#[derive(Default)]
pub struct Cache {
    judged: Mutex<Option<(Key, Arc<Judgement>)>>,
}

/// What a judgement is kept for: the pieces on the board and komi. The side
/// to move and the passes are left out, so that the judgement behind a
/// pass still counts once the game has ended on it.
#[derive(Clone, PartialEq)]
struct Key {
    pieces: Vec<Option<Occupant>>,
    komi: u32,
}

impl Key {
    fn of(e: &Engine) -> Key {
        let size = e.game.size();
        Key {
            pieces: (0..size * size)
                .map(|i| e.game.occupant(Vertex::new(i % size, i / size)))
                .collect(),
            komi: e.setup.komi.to_bits(),
        }
    }
}

/// The engine's judgement of the stones on the board, made within `time`
/// at most; `None` in a variant that does not judge its stones.
pub fn judgement(e: &Engine, time: Duration) -> Option<Arc<Judgement>> {
    let key = Key::of(e);
    if let Some((k, judged)) = e.scoring.judged.lock().ok()?.as_ref() {
        if *k == key {
            return Some(judged.clone());
        }
    }
    // A variant whose count never takes stones off the board answers `None`
    // whatever the ownership: it is asked before a search of seconds.
    let points = e.game.size() * e.game.size();
    e.game.judge(&Ownership::new(points))?;
    let mut root = e.game.clone();
    root.play_on();
    // The kept trees give way, so that memory stays within the cap.
    e.trees.clear();
    let mut config = e.settings.config.clone();
    config.resign_below = 0.0;
    let ownership = judging_ownership(e, root, time, &config)?;
    let judged = Arc::new(e.game.judge(&ownership)?);
    if let Ok(mut cache) = e.scoring.judged.lock() {
        *cache = Some((key, judged.clone()));
    }
    Some(judged)
}

/// The ownership behind a judgement. The search plays to win, so it is
/// indifferent to the stones whose fate leaves the winner unchanged, and
/// they stay unsettled in its simulations; where its owners lean to
/// neither side by more than [`UNSURE`], a second search decides, which
/// plays with the count the first one found as komi so that every point
/// matters (Pachi's dynamic komi, for the count instead of the game).
fn judging_ownership(e: &Engine, mut root: Game, time: Duration, config: &Config) -> Option<Ownership> {
    let simulations = judge_simulations(root.size());
    let time = time.min(e.settings.max_time_per_move);
    let start = Instant::now();
    let first = search_ownership(&root, simulations, Some(time * 2 / 3), config)?;
    if first.means().iter().all(|m| m.abs() > UNSURE) {
        return Some(first);
    }
    let margin = e.game.judge(&first)?.score;
    root.set_komi(e.setup.komi + margin);
    let left = time.saturating_sub(start.elapsed());
    let closer = search_ownership(&root, simulations, Some(left), config)?;
    Some(first.settled_by(&closer, UNSURE))
}

/// The expected owner (from -1 to +1) that leaves a point unsure.
const UNSURE: f32 = 0.3;

/// The score by the rules in force: under `area` the judged count, dead
/// stones removed; otherwise the game's own result or count.
pub fn score(e: &Engine) -> Outcome {
    if e.setup.scoring.removes_dead() {
        if let Some(judged) = judgement(e, JUDGE_TIME) {
            return Outcome::Score(judged.score);
        }
    }
    e.game.outcome().unwrap_or_else(|| e.game.score_now())
}

/// The result of a finished game by the rules in force; `None` while it
/// goes on.
pub fn final_outcome(e: &Engine) -> Option<Outcome> {
    e.game.outcome().map(|_| score(e))
}

pub fn final_score(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(score(e).to_string())
}

pub fn final_status_list(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let word = a.word(0)?;
    let status = Status::parse(word).ok_or_else(|| {
        let known = Status::ALL.map(Status::name).join(" ");
        format!("syntax error: unknown status '{word}' (known: {known})")
    })?;
    let stones = match judgement(e, JUDGE_TIME) {
        Some(judged) if e.setup.scoring.removes_dead() => judged.stones(status),
        // Every stone counts as it stands: none is dead.
        Some(judged) => match status {
            Status::Dead => Vec::new(),
            Status::Alive => {
                let mut stones = judged.stones(Status::Alive);
                stones.extend(judged.stones(Status::Dead));
                stones.sort_by_key(|v| (v.y, v.x));
                stones
            }
            Status::Seki => judged.stones(Status::Seki),
        },
        None => playout_statuses(e, status),
    };
    Ok(stones.iter().map(Vertex::to_string).collect::<Vec<_>>().join(" "))
}

/// Statuses in the variants that do not judge their stones: a stone is
/// dead when its point ends up owned by the other colour in most of 400
/// random playouts (none where the variant has no area).
fn playout_statuses(e: &Engine, status: Status) -> Vec<Vertex> {
    let mut rng = SmallRng::seed_from_u64(e.settings.config.seed);
    let owner = e.game.ownership(&mut rng, 400);
    let size = e.game.size();
    let mut out = Vec::new();
    for i in 0..size * size {
        let v = Vertex::new(i % size, i / size);
        let Some(Occupant {
            owner: Owner::Player(color),
            ..
        }) = e.game.occupant(v)
        else {
            continue;
        };
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let dead = owner.as_ref().is_some_and(|o| o[i] * sign < -0.3);
        let judged = if dead { Status::Dead } else { Status::Alive };
        if judged == status {
            out.push(v);
        }
    }
    out
}

/// The move the rules call for before any search, once the opponent has
/// just passed, in a variant that judges its stones: under `area`, a pass
/// when the count with the dead stones removed is already won; under
/// `tromp-taylor`, a move against the opponent's dead stones while any is
/// left. With `cleanup` (KGS's cleanup phase) dead stones are captured
/// under either rules, whether or not the opponent passed.
pub fn ending_move(e: &Engine, color: Color, cleanup: bool) -> Option<Move> {
    if e.game.outcome().is_some() || e.game.to_move() != color {
        return None;
    }
    let opponent_passed = e.record.last() == Some(&(color.opponent(), Move::Pass));
    if !(opponent_passed || cleanup) {
        return None;
    }
    // Half the move's time at most, so that a search may follow; a move
    // bound by playouts alone judges briefly.
    let limits = e.limits_for(color);
    let most = match limits.playouts {
        Some(_) => JUDGE_TIME_UNDER_PLAYOUTS,
        None => JUDGE_TIME,
    };
    let time = limits.time.map_or(most, |t| (t / 2).min(most));
    let judged = judgement(e, time)?;
    let area = e.setup.scoring == Scoring::Area;
    if cleanup || !area {
        if let Some(mv) = e.game.capture_move(&judged, color) {
            return Some(mv);
        }
    }
    let won = match color {
        Color::Black => judged.score > 0.0,
        Color::White => judged.score < 0.0,
    };
    (opponent_passed && area && won).then_some(Move::Pass)
}
