//! The end of a game over GTP: `final_score` and `final_status_list` by the
//! rules in force (`--rules`, `variago-rules`), as the player judges them
//! (see [`crate::player::judge`]).

use super::args::Args;
use super::engine::Engine;
use super::reply::Reply;
use crate::game::Status;
use crate::moves::Vertex;

pub use crate::player::judge::{judge_simulations, JUDGE_TIME};

pub fn final_score(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(e.score().to_string())
}

pub fn final_status_list(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let word = a.word(0)?;
    let status = Status::parse(word).ok_or_else(|| {
        let known = Status::ALL.map(Status::name).join(" ");
        format!("syntax error: unknown status '{word}' (known: {known})")
    })?;
    let stones = match e.judgement(JUDGE_TIME) {
        Some(judged) if e.setup.scoring().removes_dead() => judged.stones(status),
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
        None => e.statuses_by_playouts(status),
    };
    Ok(stones.iter().map(Vertex::to_string).collect::<Vec<_>>().join(" "))
}
