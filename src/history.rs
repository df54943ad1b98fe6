//! Undo by snapshots: a variant keeps its whole state in one `Clone` value
//! and pushes a copy before each move. Undo is a pop, never a recomputation.
//! With the fast board a snapshot is two memcpys; the states taken back
//! are kept, so that the search, which plays and takes back moves at every
//! simulation, copies into their allocations (`Clone::clone_from`) instead
//! of allocating. A search that takes back all of a simulation's moves at
//! once plays them as a *line* ([`History::begin_line`]), which saves the
//! state before the first move alone: one copy a simulation, not one a move.
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

    /// Starts a line of moves that [`Timeline::end_line`] takes back all
    /// at once (see [`History::begin_line`]).
    fn begin_line(&mut self);

    /// Takes back every move of the line, and ends it.
    fn end_line(&mut self);

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

    fn begin_line(&mut self) {
        History::begin_line(self)
    }

    fn end_line(&mut self) {
        History::end_line(self)
    }
}

#[derive(Debug)]
pub struct History<S> {
    pub now: S,
    past: Vec<S>,
    /// States taken back, for the next pushes to copy into.
    spare: Vec<S>,
    /// The moves pushed since [`History::begin_line`], while a line lasts.
    line: Option<usize>,
}

impl<S: Clone> Clone for History<S> {
    /// The states alone: a copy starts without spares.
    fn clone(&self) -> History<S> {
        History {
            now: self.now.clone(),
            past: self.past.clone(),
            spare: Vec::new(),
            line: self.line,
        }
    }
}

impl<S: Clone> History<S> {
    pub fn new(start: S) -> History<S> {
        History {
            now: start,
            past: Vec::new(),
            spare: Vec::new(),
            line: None,
        }
    }

    /// Starts a line: the moves pushed until [`History::end_line`] keep
    /// the state before the first of them alone. Until then the states
    /// between are gone: `undo` and the past states are not for use.
    pub fn begin_line(&mut self) {
        self.line = Some(0);
    }

    pub fn in_line(&self) -> bool {
        self.line.is_some()
    }

    /// Takes back every move of the line, and ends it.
    pub fn end_line(&mut self) {
        if self.line.take().is_some_and(|moves| moves > 0) {
            self.undo();
        }
    }

    /// True when the push about to be made is in a line after its first
    /// move, and so saves nothing; counts it.
    fn pushed_in_line(&mut self) -> bool {
        let Some(moves) = &mut self.line else { return false };
        *moves += 1;
        *moves > 1
    }

    /// Saves the current state; call before changing `now` for a move.
    pub fn push(&mut self) {
        if self.pushed_in_line() {
            return;
        }
        let copy = match self.spare.pop() {
            Some(mut spare) => {
                spare.clone_from(&self.now);
                spare
            }
            None => self.now.clone(),
        };
        self.past.push(copy);
    }

    /// Saves the current state and makes `next` the current one.
    pub fn push_state(&mut self, next: S) {
        if self.pushed_in_line() {
            self.now = next;
            return;
        }
        self.past.push(std::mem::replace(&mut self.now, next));
        // Every push uses up a spare, as `push` does, so that the spares
        // never outnumber the states taken back below the deepest point
        // reached: a search that pushes whole states would otherwise keep
        // one for every move it ever took back.
        self.spare.pop();
    }

    /// Restores the state before the last push; false when there is none.
    pub fn undo(&mut self) -> bool {
        debug_assert!(self.line.is_none_or(|moves| moves <= 1), "undo inside a line");
        if let Some(moves) = &mut self.line {
            *moves = moves.saturating_sub(1);
        }
        match self.past.pop() {
            Some(prev) => {
                let taken_back = std::mem::replace(&mut self.now, prev);
                self.spare.push(taken_back);
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

    /// Every state a line (see [`History::begin_line`]) leaves known: all
    /// of them outside a line, those before it inside one.
    pub fn saved_states(&self) -> impl Iterator<Item = &S> {
        let now = self.line.is_none_or(|moves| moves == 0).then_some(&self.now);
        self.past.iter().chain(now)
    }

    /// The state before the last push.
    pub fn previous(&self) -> Option<&S> {
        self.past.last()
    }

    /// Moves pushed so far.
    pub fn len(&self) -> usize {
        self.past.len() + self.line.map_or(0, |moves| moves.saturating_sub(1))
    }

    pub fn is_empty(&self) -> bool {
        self.past.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    /// A state that counts the copies made into it.
    #[derive(Debug)]
    struct Counted {
        value: u32,
        copied_into: u32,
    }

    impl Clone for Counted {
        fn clone(&self) -> Counted {
            Counted {
                value: self.value,
                copied_into: 0,
            }
        }

        fn clone_from(&mut self, source: &Counted) {
            self.value = source.value;
            self.copied_into += 1;
        }
    }

    fn values(history: &History<Counted>) -> Vec<u32> {
        history.states().map(|s| s.value).collect()
    }

    #[test]
    fn a_line_saves_the_state_before_its_first_move_alone() {
        let mut history = History::new(Counted {
            value: 0,
            copied_into: 0,
        });
        history.push();
        history.now.value = 1;
        history.begin_line();
        for value in 2..=5 {
            history.push();
            history.now.value = value;
        }
        assert_eq!(history.len(), 5, "every move of the line counts");
        assert_eq!(values(&history), [0, 1, 5], "one state saved for the line");
        history.end_line();
        assert_eq!((values(&history), history.len()), (vec![0, 1], 1));
        // The next line's one copy goes into the state the last one left.
        history.begin_line();
        history.push();
        assert_eq!(history.previous().map(|s| s.copied_into), Some(1));
        history.end_line();
        assert!(history.undo() && !history.in_line());
    }

    #[test]
    fn a_state_taken_back_is_copied_into_by_the_next_push() {
        let mut history = History::new(Counted {
            value: 0,
            copied_into: 0,
        });
        for value in 1..=3 {
            history.push();
            history.now.value = value;
        }
        assert!(history.undo() && history.undo());
        assert_eq!(values(&history), [0, 1]);
        // The next two pushes save their copies into the two states
        // taken back; the current state is changed in place.
        for value in [5, 6] {
            history.push();
            history.now.value = value;
        }
        assert_eq!(values(&history), [0, 1, 5, 6]);
        let copies: Vec<u32> = history.states().map(|s| s.copied_into).collect();
        assert_eq!(copies, [0, 1, 1, 0]);
        // A third push has no spare left and clones.
        history.push();
        assert_eq!(history.previous().map(|s| s.copied_into), Some(0));
        // A copy of the history starts without spares.
        history.undo();
        let mut copy = history.clone();
        copy.push();
        assert_eq!(copy.previous().map(|s| s.copied_into), Some(0));
        history.push();
        assert_eq!(history.previous().map(|s| s.copied_into), Some(1));
    }

    #[test]
    fn the_spares_never_outnumber_the_deepest_line() {
        let mut history = History::new(Counted {
            value: 0,
            copied_into: 0,
        });
        // A search's simulations: three moves in and back, by either push.
        for simulation in 0..100u32 {
            for value in 1..=3 {
                if simulation % 2 == 0 {
                    history.push();
                    history.now.value = value;
                } else {
                    history.push_state(Counted { value, copied_into: 0 });
                }
            }
            assert!(history.spare.len() + history.len() <= 3);
            while history.undo() {}
            assert!(history.spare.len() <= 3, "{} spares", history.spare.len());
        }
    }
}
