//! The clicks that may come next, kept between the commands that ask for
//! them in one position.

use crate::clicks::Click;
use crate::color::Color;
use crate::moves::{Move, Vertex};
use crate::variants::Setup;
use std::sync::Mutex;

/// The clicks that may come next, kept with the situation they were found
/// in: GoGui asks for the board, its graphics and the legal clicks after
/// every move, and spelling every legal move of a polyomino game takes
/// milliseconds.
#[derive(Default)]
pub struct NextClicks(Mutex<Option<(Situation, Vec<Click>)>>);

/// What the clicks that may come next depend on. The hash leaves out what
/// only the moves decide (a ko), so the record comes with it; the setup
/// holds the options that end a game (a target score).
#[derive(PartialEq)]
pub struct Situation {
    pub hash: u64,
    pub setup: Setup,
    pub handicap: Vec<Vertex>,
    pub record: Vec<(Color, Move)>,
    pub partial: Vec<Click>,
}

impl NextClicks {
    pub fn get_or_find(&self, situation: Situation, find: impl FnOnce() -> Vec<Click>) -> Vec<Click> {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match kept.as_ref() {
            Some((known, clicks)) if *known == situation => clicks.clone(),
            _ => {
                let clicks = find();
                *kept = Some((situation, clicks.clone()));
                clicks
            }
        }
    }
}
