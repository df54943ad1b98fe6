//! The engine state behind the GTP commands: the game, its record, the
//! clock and the search settings.

use crate::color::Color;
use crate::game::{Illegal, Owner, Position};
use crate::moves::{Move, Vertex};
use crate::search::time::Clock;
use crate::search::{self, Limits, SearchResult};
use crate::sgf::SgfGame;
use crate::variants::{Game, Setup, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The stones a new game of `setup` starts with (the crosscut), black's
/// then white's, each sorted.
pub fn start_stones(setup: &Setup) -> (Vec<Vertex>, Vec<Vertex>) {
    let game = Game::new(setup);
    let mut stones = (Vec::new(), Vec::new());
    for x in 0..setup.size {
        for y in 0..setup.size {
            let v = Vertex::new(x, y);
            match game.occupant(v).map(|o| o.owner) {
                Some(Owner::Player(Color::Black)) => stones.0.push(v),
                Some(Owner::Player(Color::White)) => stones.1.push(v),
                _ => {}
            }
        }
    }
    stones
}

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
    /// Input lines read but not yet executed; any of them stops an analysis.
    pub pending: Arc<AtomicUsize>,
    /// Where responses go when a live client is attached; `None` collects
    /// streamed text for the caller of `execute_line`.
    pub output: Option<Box<dyn Write + Send>>,
    streamed: String,
    /// The id of the command being executed, for streamed responses.
    pub command_id: Option<u64>,
    /// Print `gogui-gfx:` lines on stderr while `genmove` thinks.
    pub live_gfx: bool,
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
            pending: Arc::new(AtomicUsize::new(0)),
            output: None,
            streamed: String::new(),
            command_id: None,
            live_gfx: false,
            quit: false,
        }
    }

    /// Writes part of a streamed response (analysis) straight to the client.
    pub fn emit(&mut self, text: &str) {
        match self.output.as_mut() {
            Some(out) => {
                let _ = out.write_all(text.as_bytes());
                let _ = out.flush();
            }
            None => self.streamed.push_str(text),
        }
    }

    /// Takes what `emit` collected while no client was attached.
    pub fn take_streamed(&mut self) -> String {
        std::mem::take(&mut self.streamed)
    }

    /// True while a client is attached that can stop an analysis by sending
    /// a line; otherwise analyses run for the per-move time.
    pub fn live(&self) -> bool {
        self.output.is_some()
    }

    /// True when the running command should stop: an interrupt, or (for
    /// analyses) new input.
    pub fn input_waiting(&self) -> bool {
        self.pending.load(Ordering::Relaxed) > 0 || self.interrupt.load(Ordering::Relaxed)
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

    /// The search budget for `color`'s move: the clock's share, or the
    /// per-move settings when no clock is set.
    pub fn limits_for(&self, color: Color) -> Limits {
        let points = self.game.size() * self.game.size();
        let moves_left = (points / 2).saturating_sub(self.game.moves_played() / 2).max(10);
        Limits {
            playouts: self.settings.playouts,
            time: self.clock.budget(color, moves_left).or(self.settings.time),
        }
    }

    /// Searches for `color` within the budget of the clock or the settings.
    pub fn think(&self, game: &Game, color: Color, resign: bool) -> SearchResult {
        let limits = self.limits_for(color);
        let mut config = self.settings.config.clone();
        if !resign {
            config.resign_below = 0.0;
        }
        let interrupt = self.interrupt.clone();
        let stop = move || interrupt.load(Ordering::Relaxed);
        let mut live = |stats: &[search::MoveStats], playouts: u64| {
            eprintln!("gogui-gfx:\n{}\n", super::gogui::stats_gfx(color, stats, playouts));
        };
        let report = self.live_gfx.then(|| search::Report {
            every: std::time::Duration::from_millis(500),
            callback: &mut live,
        });
        let result = search::search_with(game, limits, &config, &stop, report);
        log::info!(
            "{} playouts in {:.2}s, best {:?} winrate {:.3}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.best.map(|m| m.to_string()),
            result.winrate
        );
        for stats in result.moves.iter().take(5) {
            log::debug!(
                "  {} visits {} winrate {:.3} pv {:?}",
                stats.mv,
                stats.visits,
                stats.winrate,
                stats.pv
            );
        }
        result
    }

    /// The SGF view of the game (standard Go encoding).
    pub fn sgf_game(&self) -> SgfGame {
        let (black, white) = start_stones(&self.setup);
        SgfGame {
            variant: (self.setup.variant != Variant::Go).then(|| self.setup.variant.name().to_string()),
            size: self.setup.size,
            komi: Some(self.setup.komi),
            black_setup: [black, self.handicap.clone()].concat(),
            white_setup: white,
            moves: self.record.clone(),
            to_play: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.setup.variant
    }
}
