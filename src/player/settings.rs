//! The player's search settings, from the command line.

use super::dynkomi::Scheme;
use crate::search;
use std::time::Duration;

/// Search settings from the command line.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    pub playouts: Option<u64>,
    /// Thinking time per move when no GTP clock is set.
    pub time: Option<Duration>,
    pub config: search::Config,
    /// Search the current position while waiting for the next command.
    pub ponder: bool,
    /// Megabytes for the exact solver's table in `genmove`.
    pub solver_table_mb: usize,
    /// The longest any move may think, whatever a clock allows.
    pub max_time_per_move: Duration,
    /// How the komi of a Go search follows a handicap game.
    pub dynamic_komi: Scheme,
}

impl Default for SearchSettings {
    fn default() -> SearchSettings {
        SearchSettings {
            playouts: None,
            time: Some(Duration::from_secs(2)),
            config: search::Config::default(),
            ponder: false,
            solver_table_mb: search::SOLVER_TABLE_MB,
            max_time_per_move: MAX_TIME_PER_MOVE,
            dynamic_komi: Scheme::default(),
        }
    }
}

/// The default of [`SearchSettings::max_time_per_move`]: a clock of days
/// never leaves a client waiting longer (KataGo and Pachi cap a move too).
pub const MAX_TIME_PER_MOVE: Duration = Duration::from_secs(300);

/// Simulations at most that pondering spends on one position.
pub const PONDER_PLAYOUTS: u64 = 20_000_000;

/// Playouts of the short search by which the player makes a setup choice
/// (`auto`: GoRoGo's setup henge, one search per candidate).
pub const SETUP_CHOICE_PLAYOUTS: u64 = 3000;
