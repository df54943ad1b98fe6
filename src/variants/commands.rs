//! GTP commands that only some variants have (GoRoGo's setup henge, Yugo's
//! button, Buying Armies' purchases), declared in each variant's own
//! module and listed in its `VariantSpec::commands`, as Fuego's game
//! engines register theirs. The GTP layer lists them all and answers
//! `? <variant> has no <what>` where the current variant has none.

use super::{Game, Setup};
use crate::gtp::args::Args;

pub type Reply = Result<String, String>;

/// A GTP command of some variants.
pub struct VariantCommand {
    pub name: &'static str,
    /// What the variants without the command lack, for its refusal:
    /// `go has no button`.
    pub lacks: &'static str,
    pub run: fn(&mut dyn Session, &Args) -> Reply,
}

/// What a variant's command may use of the engine that runs it.
pub trait Session {
    fn setup(&self) -> &Setup;

    fn game(&mut self) -> &mut Game;

    /// Starts a new game with `setup`.
    fn restart(&mut self, setup: Setup);

    /// Takes `setup` for the game in progress, which goes on: for options
    /// that change how the game is counted, not its position (the rules).
    fn amend(&mut self, setup: Setup);

    /// The winning chance of the side to move in `game` by a short search
    /// of fixed size, by which the engine makes setup choices (`auto`).
    fn winrate(&self, game: &Game) -> f32;
}
