//! The GTP session around the player: the clicks of a move not yet
//! played, the client's output, the input counters and the `--sgf` file.

use super::next_clicks::NextClicks;
use crate::clicks::{Click, Partial};
use crate::color::Color;
use crate::game::{Illegal, Position};
use crate::moves::Move;
use crate::player::think::{Budget, Thinking};
use crate::player::{Player, Resigning};
use crate::search::{MoveStats, Report, SearchResult};
use crate::variants::commands::Session;
use crate::variants::{Game, Setup, Variant};
use std::io::Write;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use crate::player::{SearchSettings, MAX_TIME_PER_MOVE, PONDER_PLAYOUTS, SETUP_CHOICE_PLAYOUTS};

pub struct Engine {
    /// The player whose moves the commands ask for; the engine derefs to
    /// it, so that `e.game` and `e.play(..)` read as the commands speak.
    pub player: Player,
    /// How each recorded move was given.
    given: Vec<Given>,
    /// The move a plain client is clicking, not yet played.
    pub partial: Partial,
    /// The clicks that may come next, kept for the position they were found in.
    pub(super) next_clicks: NextClicks,
    /// Set once a client asks a `gogui-rules_*` command: GoGui then sees
    /// each variant with a hand in its frame, and `boardsize` takes the
    /// frame's size (see `clicks::frame`).
    pub frame_mode: bool,
    /// Input lines read but not yet executed; any of them stops an analysis.
    pub pending: Arc<AtomicUsize>,
    /// Set when the input has ended, which stops pondering.
    pub input_closed: Arc<AtomicBool>,
    /// True once pondering has used its budget on the current position.
    pondered: bool,
    /// Where responses go when a live client is attached; `None` collects
    /// streamed text for the caller of `execute_line`.
    pub output: Option<Box<dyn Write + Send>>,
    streamed: String,
    /// The id of the command being executed, for streamed responses.
    pub command_id: Option<u64>,
    /// Print `gogui-gfx:` lines on stderr while `genmove` thinks.
    pub live_gfx: bool,
    /// File that every finished game is appended to (`--sgf`).
    pub sgf_path: Option<std::path::PathBuf>,
    sgf_saved: bool,
    pub quit: bool,
}

impl Deref for Engine {
    type Target = Player;

    fn deref(&self) -> &Player {
        &self.player
    }
}

impl DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut Player {
        &mut self.player
    }
}

impl Engine {
    pub fn new(setup: Setup, settings: SearchSettings) -> Engine {
        Engine {
            player: Player::new(setup, settings),
            given: Vec::new(),
            partial: Partial::default(),
            next_clicks: NextClicks::default(),
            frame_mode: false,
            pending: Arc::new(AtomicUsize::new(0)),
            input_closed: Arc::new(AtomicBool::new(false)),
            pondered: false,
            output: None,
            streamed: String::new(),
            command_id: None,
            live_gfx: false,
            sgf_path: None,
            sgf_saved: false,
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

    /// Searches the current position for the side to move until input
    /// arrives (or the input ends), when pondering is on and the game goes
    /// on. The trees are kept, so the next `genmove` starts from them if
    /// the game has gone on by at most two moves. A position is pondered
    /// for at most [`PONDER_PLAYOUTS`] simulations.
    pub fn ponder(&mut self) {
        if !self.settings.ponder || self.pondered || self.game.outcome().is_some() {
            return;
        }
        let color = self.game.to_move();
        let Ok(mut game) = self.position_for(color) else { return };
        // The player's own side moves next.
        self.player.keep_dynamic_komi(color.opponent(), &mut game);
        let stop = self.stop_on_input();
        let limits = crate::search::Limits {
            playouts: Some(PONDER_PLAYOUTS),
            time: None,
        };
        let thinking = Thinking {
            budget: Budget::Open { limits, stop: &stop },
            resigning: Resigning::Never,
            report: None,
        };
        let result = self.player.think(&game, thinking);
        self.pondered = !stop();
        log::info!("pondered {} for {color}", crate::player::think::summary(&result));
    }

    /// The stop of a search that runs until the client speaks: a new input
    /// line, `# interrupt`, or the end of the input, after which nobody is
    /// left to read it (pondering, open-ended analysis).
    pub fn stop_on_input(&self) -> impl Fn() -> bool + Send + Sync + 'static {
        let (pending, interrupt, closed) = (self.pending.clone(), self.interrupt.clone(), self.input_closed.clone());
        move || {
            pending.load(Ordering::Relaxed) > 0 || interrupt.load(Ordering::Relaxed) || closed.load(Ordering::Relaxed)
        }
    }

    /// Called after every command: the position may have changed, so it
    /// may be pondered again.
    pub fn command_done(&mut self) {
        self.pondered = false;
    }

    /// Starts a new game with the current setup.
    pub fn clear(&mut self) {
        self.save_game(false);
        self.sgf_saved = false;
        self.player.clear();
        self.given.clear();
        self.partial.clear();
    }

    /// Replaces the setup (variant, size, komi, start) and clears the board.
    pub fn reset(&mut self, setup: Setup) {
        self.setup = setup;
        self.clear();
    }

    /// Starts a new game with options chosen over GTP, which the session
    /// keeps across a change of variant.
    pub fn choose(&mut self, setup: Setup) {
        self.player.choose_setup(setup);
        self.clear();
    }

    /// Plays a whole move and records it, after any clicks pending (see
    /// [`Player::play`]).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.play_given(color, mv, None)
    }

    /// Plays a move that the click trail `clicked` ends (`None`: given
    /// whole, after any clicks pending).
    pub fn play_given(&mut self, color: Color, mv: Move, clicked: Option<Vec<(Color, Click)>>) -> Result<(), Illegal> {
        self.player.play(color, mv)?;
        self.note_given(clicked);
        Ok(())
    }

    /// Plays a move of clicks in `prepared`, the game after the setup
    /// choices the engine made for a plain client (see
    /// `GameSetup::default_setup`), which undo takes back with the move.
    pub fn play_prepared(
        &mut self,
        color: Color,
        mv: Move,
        clicked: Option<Vec<(Color, Click)>>,
        prepared: Game,
    ) -> Result<(), Illegal> {
        self.player.play_prepared(color, mv, prepared)?;
        self.note_given(clicked);
        Ok(())
    }

    /// Records how the move just played was given, and clears the clicks.
    fn note_given(&mut self, clicked: Option<Vec<(Color, Click)>>) {
        self.given.push(Given {
            clicked: clicked.is_some(),
            trail: clicked.unwrap_or_else(|| self.partial.trail().to_vec()),
        });
        self.partial.clear();
    }

    /// Takes back one step, as GoGui's Backward does: a click since the
    /// last move (a cancel too), or else the last move, which gives back
    /// the clicks that led to it less its last.
    pub fn undo(&mut self) -> bool {
        if self.partial.undo() {
            return true;
        }
        if !self.player.undo() {
            return false;
        }
        let given = self.given.pop().unwrap_or_default();
        let kept = given.trail.len() - usize::from(given.clicked && !given.trail.is_empty());
        self.partial.restore(&given.trail[..kept]);
        true
    }

    /// `color`'s move within its budget, its progress sent to `report` or
    /// else, when switched on, to GoGui's live graphics.
    pub fn think_move(&self, game: &Game, color: Color, resigning: Resigning, report: Option<Report>) -> SearchResult {
        let mut live = |stats: &[MoveStats], playouts: u64| {
            eprintln!("gogui-gfx:\n{}\n", super::gfx::stats_gfx(game, stats, playouts));
        };
        let report = match report {
            // Rebuilt, so that its callback may live as briefly as `live`.
            Some(report) => Some(Report {
                every: report.every,
                callback: report.callback,
            }),
            None => self.live_gfx.then(|| Report {
                every: Duration::from_millis(500),
                callback: &mut live,
            }),
        };
        let thinking = Thinking {
            report,
            ..Thinking::move_for(color, resigning)
        };
        self.player.think(game, thinking)
    }

    /// Replaces the game with the one `loaded` holds (built aside by
    /// `loadsgf`), keeping this engine's session: clock, client output,
    /// input counters and options.
    pub fn take_game(&mut self, loaded: Engine) {
        self.save_game(false);
        self.sgf_saved = false;
        self.player.take_game(loaded.player);
        self.given = loaded.given;
        self.partial = loaded.partial;
    }

    /// Appends the game to the `--sgf` file once it is decided (and, at the
    /// end of a session, an unfinished game with moves). Each game is
    /// written once; a failure to write is logged, not fatal.
    pub fn save_game(&mut self, finished_only: bool) {
        let Some(path) = self.sgf_path.clone() else { return };
        let outcome = self.game.outcome();
        if outcome.is_none() {
            self.sgf_saved = false;
        }
        if self.sgf_saved || (finished_only && outcome.is_none()) || self.record.is_empty() {
            return;
        }
        // The result by the rules in force (dead stones removed under `area`).
        let result = self.final_outcome().map(|o| o.to_string());
        let text = crate::sgf::write(&self.sgf_game(), result.as_deref());
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut file| file.write_all(text.as_bytes()));
        match written {
            Ok(()) => self.sgf_saved = true,
            Err(err) => log::error!("cannot write {}: {err}", path.display()),
        }
    }

    /// True when the client is GoGui with a ruler: it asked a ruler
    /// command of a game other than Go, whose own rules GoGui knows.
    pub fn ruler_client(&self) -> bool {
        self.frame_mode && self.variant() != Variant::Go
    }
}

/// How a recorded move was given.
#[derive(Clone, Debug, Default)]
struct Given {
    /// The clicks since the move before, cancels included: through plain
    /// `play` or `genmove`, ending in this move's own clicks.
    trail: Vec<(Color, Click)>,
    /// False when the move was given whole, after the trail's clicks.
    clicked: bool,
}

/// The variants' own commands reach the engine through this.
impl Session for Engine {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn game(&mut self) -> &mut Game {
        &mut self.game
    }

    fn restart(&mut self, setup: Setup) {
        self.choose(setup);
    }

    fn amend(&mut self, setup: Setup) {
        self.player.choose_setup(setup);
    }

    fn winrate(&self, game: &Game) -> f32 {
        self.player.winrate(game)
    }
}
