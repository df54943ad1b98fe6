//! Undo by snapshots: a variant keeps its whole state in one `Clone` value
//! and pushes a copy before each move. Undo is a pop, never a recomputation.
//! With the fast board a snapshot is two memcpys.
//!
//! A record of states is a [`Timeline`]: it knows the board's size, the
//! side to move, the moves played and how to take one back, which a
//! variant's [`Position`](crate::game::Position) then need not restate.

use crate::color::Color;

/// What a record of a game's states knows without its rules.
pub trait Timeline {
    fn size(&self) -> usize;
    fn to_move(&self) -> Color;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Moves played since the start.
    fn moves_played(&self) -> usize;

    /// True once the record alone ends the game (two passes in a row).
    fn ended(&self) -> bool {
        false
    }

    /// Checks what the record keeps beside the states (a superko record)
    /// against the states, for tests. Nothing to check by default.
    fn check_consistency(&self) -> Result<(), String> {
        Ok(())
    }
}

/// One state of a game, as far as its [`History`] needs to know it.
pub trait Snapshot: Clone {
    fn size(&self) -> usize;
    fn to_move(&self) -> Color;
}

impl<S: Snapshot> Timeline for History<S> {
    fn size(&self) -> usize {
        self.now.size()
    }

    fn to_move(&self) -> Color {
        self.now.to_move()
    }

    fn undo(&mut self) -> bool {
        History::undo(self)
    }

    fn moves_played(&self) -> usize {
        self.len()
    }
}

#[derive(Clone, Debug)]
pub struct History<S> {
    pub now: S,
    past: Vec<S>,
}

impl<S: Clone> History<S> {
    pub fn new(start: S) -> History<S> {
        History {
            now: start,
            past: Vec::new(),
        }
    }

    /// Saves the current state; call before changing `now` for a move.
    pub fn push(&mut self) {
        self.past.push(self.now.clone());
    }

    /// Saves the current state and makes `next` the current one.
    pub fn push_state(&mut self, next: S) {
        self.past.push(std::mem::replace(&mut self.now, next));
    }

    /// Restores the state before the last push; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.past.pop() {
            Some(prev) => {
                self.now = prev;
                true
            }
            None => false,
        }
    }

    /// The state before the first push: the start of the game.
    pub fn first(&self) -> &S {
        self.past.first().unwrap_or(&self.now)
    }

    /// Every state, the first first and `now` last.
    pub fn states(&self) -> impl Iterator<Item = &S> {
        self.past.iter().chain(std::iter::once(&self.now))
    }

    /// The state before the last push.
    pub fn previous(&self) -> Option<&S> {
        self.past.last()
    }

    /// Moves pushed so far.
    pub fn len(&self) -> usize {
        self.past.len()
    }

    pub fn is_empty(&self) -> bool {
        self.past.is_empty()
    }
}
