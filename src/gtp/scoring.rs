//! The end of a game of Go over GTP: `final_score` and `final_status_list`
//! by the rules in force (`--rules`, `variago-rules`), the engine's moves
//! once the opponent has passed, and `kgs-genmove_cleanup`.
//!
//! Dead stones are judged from the ownership of a search of the position
//! as if play went on (see `variants::go::status`). Under `area` rules they
//! are removed before the count; under `tromp-taylor` the board counts as it
//! stands, so the engine captures them before it passes.

use super::args::Args;
use super::commands::Reply;
use super::engine::Engine;
use crate::color::Color;
use crate::game::{Outcome, Position};
use crate::moves::{Move, Vertex};
use crate::search::ownership::search_ownership;
use crate::variants::go::status::{Judgement, Status};
use crate::variants::{Game, Rules};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Simulations of the search behind one judgement: enough for the
/// statuses to be the same from one seed to the next on finished boards.
pub fn judge_simulations(size: usize) -> u64 {
    (size * size * 400).clamp(10_000, 100_000) as u64
}

/// The last judgement and the position it was made for, so that
/// `final_score` and the three `final_status_list` agree and cost one
/// search.
#[derive(Default)]
pub struct Cache {
    judged: Mutex<Option<(Key, Arc<Judgement>)>>,
}

impl Cache {
    pub fn clear(&self) {
        if let Ok(mut judged) = self.judged.lock() {
            *judged = None;
        }
    }
}

/// What a judgement is kept for: the stones and komi. The side to move is
/// left out, so that the judgement behind a pass still counts once the
/// game has ended on it.
type Key = (u64, u32);

/// The longest a judgement asked for by `final_score` or
/// `final_status_list` may take: far from the end of a game, on a large
/// board, playouts are long.
pub const JUDGE_TIME: Duration = Duration::from_secs(5);

/// The engine's judgement of the stones on the board, in standard Go,
/// made within `time` at most.
pub fn judgement(e: &Engine, time: Duration) -> Option<Arc<Judgement>> {
    let Game::Go(go) = &e.game else { return None };
    let key = (go.board().hash(), e.setup.komi.to_bits());
    if let Some((k, judged)) = e.scoring.judged.lock().ok()?.as_ref() {
        if *k == key {
            return Some(judged.clone());
        }
    }
    // The kept trees give way, so that memory stays within the cap.
    e.trees.clear();
    let mut config = e.settings.config.clone();
    config.resign_below = 0.0;
    let root = go.continued();
    let ownership = search_ownership(&root, judge_simulations(go.size()), Some(time), &config)?;
    let judged = Arc::new(go.judge(&ownership));
    if let Ok(mut cache) = e.scoring.judged.lock() {
        *cache = Some((key, judged.clone()));
    }
    Some(judged)
}

/// The score by the rules in force: under `area` the judged count, dead
/// stones removed; otherwise the game's own result or count.
pub fn score(e: &Engine) -> Outcome {
    if e.setup.rules == Rules::Area {
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
    let status =
        Status::parse(word).ok_or_else(|| format!("syntax error: unknown status '{word}' (known: alive dead seki)"))?;
    let stones = match judgement(e, JUDGE_TIME) {
        Some(judged) => match (e.setup.rules, status) {
            // Every stone counts as it stands: none is dead.
            (Rules::TrompTaylor, Status::Dead) => Vec::new(),
            (Rules::TrompTaylor, Status::Alive) => {
                let mut stones = judged.stones(Status::Alive);
                stones.extend(judged.stones(Status::Dead));
                stones.sort_by_key(|v| (v.y, v.x));
                stones
            }
            _ => judged.stones(status),
        },
        None => playout_statuses(e, status),
    };
    Ok(stones.iter().map(Vertex::to_string).collect::<Vec<_>>().join(" "))
}

/// Statuses in the other variants with an area: a stone is dead when its
/// point ends up owned by the other colour in most of 400 random playouts.
fn playout_statuses(e: &Engine, status: Status) -> Vec<Vertex> {
    let mut rng = SmallRng::seed_from_u64(e.settings.config.seed);
    let owner = e.game.ownership(&mut rng, 400);
    let size = e.game.size();
    let mut out = Vec::new();
    for i in 0..size * size {
        let v = Vertex::new(i % size, i / size);
        let Some(crate::game::Occupant {
            owner: crate::game::Owner::Player(color),
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

/// The move the rules call for before any search, in standard Go once
/// the opponent has just passed: under `area`, a pass when the count with
/// the dead stones removed is already won; under `tromp-taylor`, a move
/// against the opponent's dead stones while any is left. With `cleanup`
/// (KGS's cleanup phase) dead stones are captured under either rules,
/// whether or not the opponent passed.
pub fn ending_move(e: &Engine, color: Color, cleanup: bool) -> Option<Move> {
    let Game::Go(go) = &e.game else { return None };
    if go.outcome().is_some() || go.to_move() != color {
        return None;
    }
    let opponent_passed = e.record.last() == Some(&(color.opponent(), Move::Pass));
    if !(opponent_passed || cleanup) {
        return None;
    }
    // Half the move's time at most, so that a search may follow.
    let time = e.limits_for(color).time.map_or(JUDGE_TIME, |t| (t / 2).min(JUDGE_TIME));
    let judged = judgement(e, time)?;
    if cleanup || e.setup.rules == Rules::TrompTaylor {
        if let Some(mv) = go.capture_move(&judged, color) {
            return Some(mv);
        }
    }
    let won = match color {
        Color::Black => judged.score > 0.0,
        Color::White => judged.score < 0.0,
    };
    (opponent_passed && e.setup.rules == Rules::Area && won).then_some(Move::Pass)
}

/// `variago-rules [area|tromp-taylor]`: the rules in force, or sets them
/// (standard Go only). The game goes on under the new rules.
pub fn rules(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(e.setup.rules.name().into());
    }
    let mut setup = e.setup.clone();
    setup.apply_option("rules", a.word(0)?)?;
    e.setup = setup;
    Ok(String::new())
}
