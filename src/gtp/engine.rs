//! The engine state behind the GTP commands: the game, its record, the
//! clock and the search settings.

use crate::color::Color;
use crate::game::{Illegal, Position};
use crate::moves::{Move, Vertex};
use crate::search::time::Clock;
use crate::search::{self, Limits, SearchResult};
use crate::sgf::SgfGame;
use crate::variants::gorogo;
use crate::variants::{Game, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Search settings from the command line.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    pub playouts: Option<u64>,
    /// Thinking time per move when no GTP clock is set.
    pub time: Option<Duration>,
    pub config: search::Config,
}

impl Default for SearchSettings {
    fn default() -> SearchSettings {
        SearchSettings {
            playouts: None,
            time: Some(Duration::from_secs(2)),
            config: search::Config::default(),
        }
    }
}

/// Playouts per candidate when White chooses GoRoGo's setup henge.
pub const SETUP_HENGE_PLAYOUTS: u64 = 3000;

pub struct Engine {
    pub setup: Setup,
    pub game: Game,
    /// Moves played since the setup, for `printsgf`.
    pub record: Vec<(Color, Move)>,
    pub handicap: Vec<Vertex>,
    pub clock: Clock,
    pub settings: SearchSettings,
    /// Set by `# interrupt` to stop a running search.
    pub interrupt: Arc<AtomicBool>,
    pub quit: bool,
}

impl Engine {
    pub fn new(setup: Setup, settings: SearchSettings) -> Engine {
        Engine {
            game: Game::new(&setup),
            setup,
            record: Vec::new(),
            handicap: Vec::new(),
            clock: Clock::default(),
            settings,
            interrupt: Arc::new(AtomicBool::new(false)),
            quit: false,
        }
    }

    /// Starts a new game with the current setup.
    pub fn clear(&mut self) {
        self.game = Game::new(&self.setup);
        self.record.clear();
        self.handicap.clear();
    }

    /// Replaces the setup (variant, size, komi, start) and clears the board.
    pub fn reset(&mut self, setup: Setup) {
        self.setup = setup;
        self.clear();
    }

    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.game.play(color, mv)?;
        self.record.push((color, mv));
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        if self.record.is_empty() || !self.game.undo() {
            return false;
        }
        self.record.pop();
        true
    }

    /// A copy of the game with `color` to move: a pass by the other side is
    /// inserted where the variant allows it.
    pub fn position_for(&self, color: Color) -> Result<Game, String> {
        let mut game = self.game.clone();
        if game.to_move() != color && game.outcome().is_none() {
            game.play(color.opponent(), Move::Pass)
                .map_err(|_| format!("it is {}'s turn", game.to_move()))?;
        }
        Ok(game)
    }

    /// Searches for `color` within the budget of the clock or the settings.
    pub fn think(&self, game: &Game, color: Color, resign: bool) -> SearchResult {
        let empty_points = game.size() * game.size();
        let moves_left = (empty_points / 2).saturating_sub(game.moves_played() / 2).max(10);
        let limits = Limits {
            playouts: self.settings.playouts,
            time: self.clock.budget(color, moves_left).or(self.settings.time),
        };
        let mut config = self.settings.config.clone();
        if !resign {
            config.resign_below = 0.0;
        }
        let result = search::search(game, limits, &config, &self.interrupt);
        log::info!(
            "{} playouts in {:.2}s, best {:?} winrate {:.3}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.best.map(|m| m.to_string()),
            result.winrate
        );
        result
    }

    /// White's choice of GoRoGo's setup henge: the candidate point after
    /// which a short search of fixed size gives Black the lowest chance.
    pub fn choose_setup_henge(&self) -> Vertex {
        let mut config = self.settings.config.clone();
        config.resign_below = 0.0;
        let limits = Limits {
            playouts: Some(SETUP_HENGE_PLAYOUTS),
            time: None,
        };
        gorogo::choose_setup_henge(|game| search::search(game, limits, &config, &self.interrupt).winrate)
    }

    /// The SGF view of the game (standard Go encoding).
    pub fn sgf_game(&self) -> SgfGame {
        SgfGame {
            variant: (self.setup.variant != Variant::Go).then(|| self.setup.variant.name().to_string()),
            size: self.setup.size,
            komi: Some(self.setup.komi),
            black_setup: self.handicap.clone(),
            white_setup: Vec::new(),
            moves: self.record.clone(),
            to_play: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.setup.variant
    }
}
