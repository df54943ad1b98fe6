//! Clicks gathered each once, in the order first met: the first clicks
//! of a position's legal moves, which a ruler asks for after every move.

use super::{Click, Spelling};
use crate::moves::MAX_SIZE;

/// Clicks gathered each once, in the order first met. Thousands of moves
/// share a few hundred first clicks (Omino Go): the points are marked on
/// a grid, the few other clicks kept apart.
pub struct ClickSet {
    points: Vec<bool>,
    others: Vec<Click>,
    clicks: Vec<Click>,
}

impl Default for ClickSet {
    fn default() -> ClickSet {
        ClickSet {
            points: vec![false; MAX_SIZE * MAX_SIZE],
            others: Vec::new(),
            clicks: Vec::new(),
        }
    }
}

impl ClickSet {
    pub fn contains(&self, click: Click) -> bool {
        match click {
            Click::Point(v) => self.points[v.y as usize * MAX_SIZE + v.x as usize],
            other => self.others.contains(&other),
        }
    }

    /// Adds `click` unless it is there already.
    pub fn insert(&mut self, click: Click) {
        let new = match click {
            Click::Point(v) => !std::mem::replace(&mut self.points[v.y as usize * MAX_SIZE + v.x as usize], true),
            other if self.others.contains(&other) => false,
            other => {
                self.others.push(other);
                true
            }
        };
        if new {
            self.clicks.push(click);
        }
    }

    /// Adds the first clicks of `spelling` where one is new and the move
    /// is `legal`: legality, the costly part, is asked only then, so a
    /// move whose first clicks are all known already is never judged.
    /// Offered every candidate move in the order of the move list, the
    /// set ends as `clicks::continuations` of the empty prefix.
    pub fn offer(&mut self, spelling: &Spelling, legal: impl FnOnce() -> bool) {
        if spelling.next_after(&[]).all(|click| self.contains(click)) || !legal() {
            return;
        }
        for click in spelling.next_after(&[]) {
            self.insert(click);
        }
    }

    pub fn into_clicks(self) -> Vec<Click> {
        self.clicks
    }
}
