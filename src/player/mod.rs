//! The player: the game, its record, the clock, the settings and what the
//! search keeps between moves, with the few things a front end asks of
//! it: play, undo, think, solve, judge and the move that ends a game.
//! GTP drives it, and so do `versus`, `selfplay`, match openings and the
//! setup choices of the command line.

pub mod dynkomi;
pub mod judge;
pub mod settings;
pub mod think;

pub use settings::{SearchSettings, MAX_TIME_PER_MOVE, PONDER_PLAYOUTS, SETUP_CHOICE_PLAYOUTS};
pub use think::{Resigning, Thinking};

use crate::color::Color;
use crate::game::{GameSetup, Illegal, Position};
use crate::moves::{Move, Vertex};
use crate::search::time::Clock;
use crate::search::{Limits, SearchHints, SearchResult, TreeCache};
use crate::sgf::SgfGame;
use crate::variants::setup::Choices;
use crate::variants::{Game, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub struct Player {
    pub setup: Setup,
    /// What the session chose, which a variant set again keeps.
    pub choices: Choices,
    pub game: Game,
    /// Moves played since the setup, for records.
    pub record: Vec<(Color, Move)>,
    pub handicap: Vec<Vertex>,
    pub clock: Clock,
    pub settings: SearchSettings,
    /// Set from another thread to stop the thinking under way.
    pub interrupt: Arc<AtomicBool>,
    /// For each recorded move, the game before the setup choices made
    /// just before it (see [`Player::play_prepared`]), which undo restores.
    before_setup: Vec<Option<Box<Game>>>,
    /// Passes recorded after the game was decided (see `play`).
    passes_after_end: usize,
    /// The last search's trees, for reuse by the next move.
    trees: TreeCache<Game>,
    /// The last judgement of dead stones.
    judgements: judge::Cache,
    /// What the dynamic komi keeps from move to move of this game, for
    /// each side the player searches for.
    komi_states: [dynkomi::State; 2],
    /// The dynamic komi's states before the first search at each length
    /// of the record that had one, oldest first, so that undo takes back
    /// what the searches of the moves it takes back taught the scheme.
    komi_states_before: Vec<(usize, [dynkomi::State; 2])>,
}

impl Player {
    pub fn new(setup: Setup, settings: SearchSettings) -> Player {
        Player {
            game: Game::new(&setup),
            choices: Choices::new(&setup, None, None),
            setup,
            record: Vec::new(),
            handicap: Vec::new(),
            clock: Clock::default(),
            settings,
            interrupt: Arc::new(AtomicBool::new(false)),
            before_setup: Vec::new(),
            passes_after_end: 0,
            trees: TreeCache::default(),
            judgements: judge::Cache::default(),
            komi_states: Default::default(),
            komi_states_before: Vec::new(),
        }
    }

    /// Starts a new game with the current setup.
    pub fn clear(&mut self) {
        self.game = Game::new(&self.setup);
        self.trees.clear();
        self.record.clear();
        self.before_setup.clear();
        self.handicap.clear();
        self.passes_after_end = 0;
        self.komi_states = Default::default();
        self.komi_states_before.clear();
    }

    /// Plays a whole move and records it. Once the game is decided a pass
    /// is still accepted and recorded without changing the position: the
    /// winner's move is `pass`, and match runners relay it.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        if mv == Move::Pass && self.game.outcome().is_some() {
            self.passes_after_end += 1;
        } else {
            self.game.play(color, mv)?;
        }
        self.record.push((color, mv));
        self.before_setup.push(None);
        Ok(())
    }

    /// Plays a move in `prepared`, the game after the setup choices the
    /// player made for a client that cannot make them (see
    /// `GameSetup::default_setup`), which undo takes back with the move.
    pub fn play_prepared(&mut self, color: Color, mv: Move, prepared: Game) -> Result<(), Illegal> {
        let before = std::mem::replace(&mut self.game, prepared);
        match self.play(color, mv) {
            Ok(()) => {
                if let Some(last) = self.before_setup.last_mut() {
                    *last = Some(Box::new(before));
                }
                Ok(())
            }
            Err(illegal) => {
                self.game = before;
                Err(illegal)
            }
        }
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let before_setup = self.before_setup.last_mut().and_then(Option::take);
        if let Some(game) = before_setup {
            self.game = *game;
        } else if self.passes_after_end > 0 {
            self.passes_after_end -= 1;
        } else if self.record.is_empty() || !self.game.undo() {
            return false;
        }
        self.record.pop();
        self.before_setup.pop();
        while let Some(&(moves, states)) = self.komi_states_before.last() {
            if moves < self.record.len() {
                break;
            }
            self.komi_states = states;
            self.komi_states_before.pop();
        }
        true
    }

    /// Takes `setup`, chosen over GTP, noting the options it sets
    /// differently so that a variant set again keeps them; the game stays
    /// as it is.
    pub fn choose_setup(&mut self, setup: Setup) {
        self.choices.note(&self.setup, &setup);
        self.setup = setup;
    }

    /// Replaces the game with the one `loaded` holds (built aside from a
    /// record), keeping this player's clock, settings and kept trees.
    pub fn take_game(&mut self, loaded: Player) {
        self.setup = loaded.setup;
        self.game = loaded.game;
        self.record = loaded.record;
        self.before_setup = loaded.before_setup;
        self.handicap = loaded.handicap;
        self.passes_after_end = loaded.passes_after_end;
        self.komi_states = Default::default();
        self.komi_states_before.clear();
    }

    /// A copy of the game with `color` to move: the turn passes to it
    /// without a move where the variant lets either side play.
    pub fn position_for(&self, color: Color) -> Result<Game, String> {
        let mut game = self.game.clone();
        // Buying Armies: a side still buying lets the player buy for it.
        game.finish_setup();
        if game.to_move() != color && game.outcome().is_none() && !game.set_to_move(color) {
            return Err(format!("it is {}'s turn", game.to_move()));
        }
        Ok(game)
    }

    /// The extra komi, given to White, that `color`'s next search plays
    /// with (see [`dynkomi`]), and the scheme's state after it: none
    /// outside Go, whose handicap stones it answers.
    fn next_extra_komi(&self, color: Color) -> (f32, dynkomi::State) {
        let moment = dynkomi::Moment {
            size: self.game.size(),
            handicap: self.handicap.len(),
            komi: self.setup.komi,
            moves: self.handicap.len() + self.game.moves_played(),
            color,
        };
        dynkomi::extra_komi(self.komi_scheme(), self.komi_states[color.index()], &moment)
    }

    /// The dynamic komi's scheme in force: none outside Go.
    fn komi_scheme(&self) -> dynkomi::Scheme {
        match self.variant() {
            Variant::Go => self.settings.dynamic_komi,
            _ => dynkomi::Scheme::None,
        }
    }

    /// The komi that `color`'s next search plays for: the real komi plus
    /// the dynamic komi's extra.
    pub fn search_komi(&self, color: Color) -> f32 {
        self.setup.komi + self.next_extra_komi(color).0
    }

    /// Gives `game`, a copy for `color`'s move, the komi its search plays
    /// for, moving the dynamic komi on by a step; returns the extra komi
    /// given to White. The game itself keeps the real komi.
    pub fn apply_dynamic_komi(&mut self, color: Color, game: &mut Game) -> f32 {
        let (extra, state) = self.next_extra_komi(color);
        if self
            .komi_states_before
            .last()
            .is_none_or(|&(moves, _)| moves < self.record.len())
        {
            self.komi_states_before.push((self.record.len(), self.komi_states));
        }
        self.komi_states[color.index()] = state;
        if extra != 0.0 {
            game.set_komi(self.setup.komi + extra);
        }
        if self.komi_scheme() != dynkomi::Scheme::None && !self.handicap.is_empty() {
            log::info!(
                "dynamic komi: {color} searches for komi {} (komi {}, extra {extra:.1} for white)",
                self.setup.komi + extra,
                self.setup.komi
            );
        }
        extra
    }

    /// Keeps what the search of `extra` extra komi found, for the next
    /// step of the dynamic komi.
    pub fn note_dynamic_komi(&mut self, color: Color, extra: f32, result: &SearchResult) {
        self.komi_states[color.index()].last = Some(dynkomi::LastSearch {
            extra,
            winrate: result.winrate,
            simulations: result.playouts,
        });
    }

    /// Gives `game` the komi of `color`'s last search, for a search that
    /// grows the trees its next search starts from (pondering).
    pub fn keep_dynamic_komi(&self, color: Color, game: &mut Game) {
        if let Some(last) = self.komi_states[color.index()].last.filter(|last| last.extra != 0.0) {
            game.set_komi(self.setup.komi + last.extra);
        }
    }

    /// The search budget for `color`'s move: the clock's share, or the
    /// per-move settings when no clock is set; never more than the cap
    /// per move.
    pub fn limits_for(&self, color: Color) -> Limits {
        // Each side fills about half the board; a drop fills several points.
        let points = self.game.size() * self.game.size() / self.game.points_per_move();
        let moves_left = (points / 2).saturating_sub(self.game.moves_played() / 2).max(10);
        let time = self.clock.budget(color, moves_left).or(self.settings.time);
        Limits {
            playouts: self.settings.playouts,
            time: time.map(|t| t.min(self.settings.max_time_per_move)),
        }
    }

    /// At most `simulations`, or the session's playout budget where it is
    /// smaller: a search besides the move's own (a setup choice) keeps to
    /// the budget a user asked for.
    pub fn within_playouts(&self, simulations: u64) -> u64 {
        self.settings
            .playouts
            .map_or(simulations, |playouts| simulations.min(playouts))
    }

    /// The trees kept for the next move's search.
    pub fn kept_trees(&self) -> &TreeCache<Game> {
        &self.trees
    }

    /// The SGF view of the game (standard Go encoding).
    pub fn sgf_game(&self) -> SgfGame {
        let mut options = self.setup.options();
        options.extend(self.game.record_options());
        let mut moves = self.record.clone();
        moves.drain(..self.game.setup_moves().min(moves.len()));
        SgfGame {
            variant: self.setup.variant.sgf_name().map(String::from),
            options,
            size: self.setup.size,
            komi: Some(self.setup.komi),
            black_setup: self.handicap.clone(),
            white_setup: Vec::new(),
            moves,
            to_play: None,
            application: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.setup.variant
    }
}
