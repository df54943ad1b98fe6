//! The engine state behind the GTP commands: the game, its record, the
//! clock and the search settings.

use crate::clicks::{Click, Partial};
use crate::color::Color;
use crate::game::{GameSetup, Illegal, Position, View};
use crate::moves::{Move, Vertex};
use crate::search::time::Clock;
use crate::search::{self, Limits, MoveStats, SearchHints, SearchResult};
use crate::sgf::SgfGame;
use crate::solver;
use crate::solver::SolverHints;
use crate::variants::commands::Session;
use crate::variants::setup::Choices;
use crate::variants::{Game, Setup, Variant};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
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
        }
    }
}

/// The default of [`SearchSettings::max_time_per_move`]: a clock of days
/// never leaves a client waiting longer (KataGo and Pachi cap a move too).
pub const MAX_TIME_PER_MOVE: Duration = Duration::from_secs(300);

/// Simulations at most that pondering spends on one position.
pub const PONDER_PLAYOUTS: u64 = 20_000_000;

/// Playouts of the short search by which the engine makes a setup choice
/// (`auto`: GoRoGo's setup henge, one search per candidate).
pub const SETUP_CHOICE_PLAYOUTS: u64 = 3000;

pub struct Engine {
    pub setup: Setup,
    /// What the session chose, which a variant set again keeps.
    pub choices: Choices,
    pub game: Game,
    /// Moves played since the setup, for `printsgf`.
    pub record: Vec<(Color, Move)>,
    /// How each recorded move was given.
    given: Vec<Given>,
    /// The move a plain client is clicking, not yet played.
    pub partial: Partial,
    /// Set once a client asks a `gogui-rules_*` command: GoGui then sees
    /// each variant with a hand in its frame, and `boardsize` takes the
    /// frame's size (see `clicks::frame`).
    pub frame_mode: bool,
    pub handicap: Vec<Vertex>,
    /// Passes recorded after the game was decided (see `play`).
    passes_after_end: usize,
    pub clock: Clock,
    pub settings: SearchSettings,
    /// Set by `# interrupt` to stop a running search.
    pub interrupt: Arc<AtomicBool>,
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
    /// The last search's trees, for reuse by the next `genmove`.
    pub trees: search::TreeCache<Game>,
    /// The last judgement of dead stones.
    pub scoring: super::scoring::Cache,
}

impl Engine {
    pub fn new(setup: Setup, settings: SearchSettings) -> Engine {
        Engine {
            game: Game::new(&setup),
            choices: Choices::new(&setup, None, None),
            setup,
            record: Vec::new(),
            given: Vec::new(),
            partial: Partial::default(),
            frame_mode: false,
            handicap: Vec::new(),
            passes_after_end: 0,
            clock: Clock::default(),
            settings,
            interrupt: Arc::new(AtomicBool::new(false)),
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
            trees: search::TreeCache::default(),
            scoring: super::scoring::Cache::default(),
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
        let Ok(game) = self.position_for(color) else { return };
        let stop = self.stop_on_input();
        let limits = Limits {
            playouts: Some(PONDER_PLAYOUTS),
            time: None,
        };
        let mut config = self.settings.config.clone();
        config.resign_below = 0.0;
        let result = search::search_reusing(&game, limits, &config, &stop, None, &self.trees);
        self.pondered = !stop();
        log::info!("pondered {} for {color}", summary(&result));
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
        self.game = Game::new(&self.setup);
        self.trees.clear();
        self.record.clear();
        self.given.clear();
        self.partial.clear();
        self.handicap.clear();
        self.passes_after_end = 0;
    }

    /// Replaces the setup (variant, size, komi, start) and clears the board.
    pub fn reset(&mut self, setup: Setup) {
        self.setup = setup;
        self.clear();
    }

    /// Starts a new game with options chosen over GTP, which the session
    /// keeps across a change of variant.
    pub fn choose(&mut self, setup: Setup) {
        self.choices.note(&self.setup, &setup);
        self.reset(setup);
    }

    /// Plays a whole move and records it. Once the game is decided a pass
    /// is still accepted and recorded without changing the position: the
    /// winner's `genmove` answers `pass`, and match runners relay it.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.play_given(color, mv, None)
    }

    /// Plays a move that the click trail `clicked` ends (`None`: given
    /// whole, after any clicks pending).
    pub fn play_given(&mut self, color: Color, mv: Move, clicked: Option<Vec<(Color, Click)>>) -> Result<(), Illegal> {
        if mv == Move::Pass && self.game.outcome().is_some() {
            self.passes_after_end += 1;
        } else {
            self.game.play(color, mv)?;
        }
        self.record.push((color, mv));
        self.given.push(Given {
            clicked: clicked.is_some(),
            trail: clicked.unwrap_or_else(|| self.partial.trail().to_vec()),
            before_setup: None,
        });
        self.partial.clear();
        Ok(())
    }

    /// Plays a move of clicks in `prepared`, the game after the setup
    /// choices the engine made for a plain client (see
    /// `Position::default_setup`), which undo takes back with the move.
    pub fn play_prepared(
        &mut self,
        color: Color,
        mv: Move,
        clicked: Option<Vec<(Color, Click)>>,
        prepared: Game,
    ) -> Result<(), Illegal> {
        let before = std::mem::replace(&mut self.game, prepared);
        match self.play_given(color, mv, clicked) {
            Ok(()) => {
                if let Some(given) = self.given.last_mut() {
                    given.before_setup = Some(Box::new(before));
                }
                Ok(())
            }
            Err(illegal) => {
                self.game = before;
                Err(illegal)
            }
        }
    }

    /// Takes back one step, as GoGui's Backward does: a click since the
    /// last move (a cancel too), or else the last move, which gives back
    /// the clicks that led to it less its last.
    pub fn undo(&mut self) -> bool {
        if self.partial.undo() {
            return true;
        }
        let before_setup = self.given.last_mut().and_then(|g| g.before_setup.take());
        if let Some(game) = before_setup {
            self.game = *game;
        } else if self.passes_after_end > 0 {
            self.passes_after_end -= 1;
        } else if self.record.is_empty() || !self.game.undo() {
            return false;
        }
        self.record.pop();
        let given = self.given.pop().unwrap_or_default();
        let kept = given.trail.len() - usize::from(given.clicked && !given.trail.is_empty());
        self.partial.restore(&given.trail[..kept]);
        true
    }

    /// A copy of the game with `color` to move: the turn passes to it
    /// without a move where the variant lets either side play.
    pub fn position_for(&self, color: Color) -> Result<Game, String> {
        let mut game = self.game.clone();
        // Buying Armies: a side still buying lets the engine buy for it.
        game.finish_setup();
        if game.to_move() != color && game.outcome().is_none() && !game.set_to_move(color) {
            return Err(format!("it is {}'s turn", game.to_move()));
        }
        Ok(game)
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
    /// smaller: a search a command runs besides the move's own (a setup
    /// choice) keeps to the budget a user asked for.
    pub fn within_playouts(&self, simulations: u64) -> u64 {
        self.settings
            .playouts
            .map_or(simulations, |playouts| simulations.min(playouts))
    }

    /// Searches for `color` within the budget of the clock or the settings.
    /// Where the exact solver applies it goes first, with a share of the
    /// budget. A proven win is played at once, except in variants with
    /// draws (scored by points), where the tree search still runs and its
    /// move is kept if the solver proves that it wins too: it tends to win
    /// by more. Anything else is left to the tree search with the time
    /// that remains.
    pub fn think(&self, game: &Game, color: Color, resign: bool) -> SearchResult {
        self.think_reporting(game, color, resign, None)
    }

    /// [`Engine::think`] with the tree search's progress sent to `report`.
    pub fn think_reporting(
        &self,
        game: &Game,
        color: Color,
        resign: bool,
        report: Option<search::Report>,
    ) -> SearchResult {
        let mut limits = self.limits_for(color);
        let mut proven = None;
        if let Some(mut budget) = solver_budget(self.variant(), game, &limits, self.settings.solver_table_mb) {
            let solution = self.solve(game, &budget);
            limits.time = limits
                .time
                .map(|t| t.saturating_sub(solution.elapsed).max(Duration::from_millis(10)));
            if let (true, Some(mv)) = (solution.wins_for(color), solution.best) {
                if !game.draws_possible() {
                    return proven_win(mv, solution.elapsed);
                }
                // The tree search and the proof of its move share the time
                // left, so that the move keeps to its budget.
                limits.time = limits.time.map(|t| t / 2);
                budget.time = limits.time;
                proven = Some((mv, budget));
            }
        }
        let result = self.tree_search(game, resign, limits, report);
        let Some((mv, budget)) = proven else { return result };
        let searched_wins = result.best.filter(|_| !result.resign).is_some_and(|best| {
            if best == mv {
                return true;
            }
            let mut after = game.clone();
            after.play(color, best).is_ok() && self.solve(&after, &budget).wins_for(color)
        });
        if searched_wins {
            result
        } else {
            proven_win(mv, result.elapsed)
        }
    }

    /// The solver within `budget`, stopped by `# interrupt`.
    fn solve(&self, game: &Game, budget: &solver::Budget) -> solver::Solution {
        let interrupt = self.interrupt.clone();
        let solution = solver::solve(game, budget, &move || interrupt.load(Ordering::Relaxed));
        log::info!(
            "solver: {} in {} nodes, {:.2}s",
            solution.value,
            solution.nodes,
            solution.elapsed.as_secs_f64()
        );
        solution
    }

    /// The tree search for the side to move in `game` within `limits`,
    /// reporting to `report` or else, when switched on, to GoGui's live
    /// graphics.
    fn tree_search(&self, game: &Game, resign: bool, limits: Limits, report: Option<search::Report>) -> SearchResult {
        let mut config = self.settings.config.clone();
        if !resign {
            config.resign_below = 0.0;
        }
        let interrupt = self.interrupt.clone();
        let stop = move || interrupt.load(Ordering::Relaxed);
        let mut live = |stats: &[search::MoveStats], playouts: u64| {
            eprintln!("gogui-gfx:\n{}\n", super::gogui::stats_gfx(game, stats, playouts));
        };
        let report = match report {
            // Rebuilt, so that its callback may live as briefly as `live`.
            Some(report) => Some(search::Report {
                every: report.every,
                callback: report.callback,
            }),
            None => self.live_gfx.then(|| search::Report {
                every: std::time::Duration::from_millis(500),
                callback: &mut live,
            }),
        };
        let result = search::search_reusing(game, limits, &config, &stop, report, &self.trees);
        log::info!("{}", summary(&result));
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

    /// Replaces the game with the one `loaded` holds (built aside by
    /// `loadsgf`), keeping this engine's session: clock, client output,
    /// input counters and options.
    pub fn take_game(&mut self, loaded: Engine) {
        self.save_game(false);
        self.sgf_saved = false;
        self.setup = loaded.setup;
        self.game = loaded.game;
        self.record = loaded.record;
        self.given = loaded.given;
        self.partial = loaded.partial;
        self.handicap = loaded.handicap;
        self.passes_after_end = loaded.passes_after_end;
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
        let result = super::scoring::final_outcome(self).map(|o| o.to_string());
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

    /// True when the client is GoGui with a ruler: it asked a ruler
    /// command of a game other than Go, whose own rules GoGui knows.
    pub fn ruler_client(&self) -> bool {
        self.frame_mode && self.variant() != Variant::Go
    }

    pub fn variant(&self) -> Variant {
        self.setup.variant
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
    /// The game before the setup choices the engine made for a plain
    /// client just before the move; undo goes back to it (with any
    /// purchase made since).
    before_setup: Option<Box<Game>>,
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
        self.choices.note(&self.setup, &setup);
        self.setup = setup;
    }

    /// A search of [`SETUP_CHOICE_PLAYOUTS`] with the engine's settings,
    /// never resigning.
    fn winrate(&self, game: &Game) -> f32 {
        let mut config = self.settings.config.clone();
        config.resign_below = 0.0;
        let limits = Limits {
            playouts: Some(self.within_playouts(SETUP_CHOICE_PLAYOUTS)),
            time: None,
        };
        search::search(game, limits, &config, &self.interrupt).winrate
    }
}

/// A search's effort and choice, for the log.
fn summary(result: &SearchResult) -> String {
    format!(
        "{} playouts in {:.2}s, best {:?} winrate {:.3}",
        result.playouts,
        result.elapsed.as_secs_f64(),
        result.best.map(|m| m.to_string()),
        result.winrate
    )
}

/// The solver's share of a move's budget, or `None` where it does not
/// apply (more empty points than the variant's `solver.empties`): the
/// variant's share of the time, and with a playout budget a node budget
/// of a few nodes per playout (deterministic, like the playouts).
/// The table takes `table_mb` megabytes.
fn solver_budget(variant: Variant, game: &Game, limits: &Limits, table_mb: usize) -> Option<solver::Budget> {
    let use_solver = variant.spec().solver?;
    let size = game.size();
    let empties = (0..size * size)
        .filter(|&i| game.occupant(Vertex::new(i % size, i / size)).is_none())
        .count();
    if empties > use_solver.empties || game.outcome().is_some() {
        return None;
    }
    let nodes = match limits.playouts {
        Some(playouts) => playouts.saturating_mul(SOLVER_NODES_PER_PLAYOUT),
        None => SOLVER_MAX_NODES,
    };
    Some(solver::Budget {
        nodes: nodes.min(SOLVER_MAX_NODES),
        time: limits.time.map(|t| t.mul_f64(use_solver.share)),
        table_mb,
        max_plies: 4 * size * size,
        ..solver::Budget::default()
    })
}

/// Solver nodes per playout of the move's budget when only playouts bound it.
const SOLVER_NODES_PER_PLAYOUT: u64 = 2;
/// Solver nodes at most for one move.
const SOLVER_MAX_NODES: u64 = 5_000_000;

/// The search result of a move the solver proved to win.
fn proven_win(mv: Move, elapsed: Duration) -> SearchResult {
    SearchResult {
        best: Some(mv),
        resign: false,
        winrate: 1.0,
        playouts: 0,
        elapsed,
        moves: vec![MoveStats {
            mv,
            visits: 1,
            winrate: 1.0,
            pv: vec![mv],
            proven: Some(true),
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solver's budget at the start of `variant` on `size`, at 0.1 s a move.
    fn budget_at_start(variant: Variant, size: usize) -> Option<solver::Budget> {
        let game = Game::new(&Setup {
            size,
            ..Setup::new(variant)
        });
        let limits = Limits {
            playouts: None,
            time: Some(Duration::from_millis(100)),
        };
        solver_budget(variant, &game, &limits, 8)
    }

    #[test]
    fn the_solver_gets_its_variants_share_of_the_time_within_its_reach() {
        let time = |variant, size| budget_at_start(variant, size).and_then(|budget| budget.time);
        assert_eq!(time(Variant::OminoGo, 6), Some(Duration::from_millis(50)));
        assert_eq!(time(Variant::Atari, 4), Some(Duration::from_millis(25)));
        assert!(
            budget_at_start(Variant::OminoGo, 9).is_none(),
            "81 empty points are beyond 44"
        );
        assert!(budget_at_start(Variant::Go, 5).is_none(), "Go never uses the solver");
    }
}
