//! What the engine knows of a variant besides its rules, as data: its
//! names, board sizes and komi, the setup options it takes, what its game
//! records keep, and its own GTP commands. Each variant's module declares
//! its [`VariantSpec`]; `Variant::spec` picks it, and the command line,
//! GTP, SGF, bench and the match runner read it instead of naming
//! variants.

use super::presets::PresetFamily;
use super::{Game, Setup, Start};
use crate::args::Args;
use crate::color::Color;

/// One variant, described.
pub struct VariantSpec {
    /// The name `--variant` and `variago-set_variant` take.
    pub name: &'static str,
    /// Other names they accept.
    pub aliases: &'static [&'static str],
    /// One line for `--help`.
    pub description: &'static str,
    /// The name GoGui's ruler protocol shows (`Go` means plain Go).
    pub game_id: &'static str,
    pub komi: f32,
    pub default_size: fn() -> usize,
    pub accepts_size: fn(usize) -> bool,
    /// The starts it offers, `Start::Empty` first.
    pub starts: &'static [Start],
    /// The setup options it takes besides `start`.
    pub options: &'static [&'static SetupOption],
    /// What its game records keep besides the setup and the moves
    /// (see `GameSetup::record_options`).
    pub record_options: &'static [RecordOption],
    /// Its own GTP commands.
    pub commands: &'static [VariantCommand],
    /// GTP commands that `variago match` sends after `clear_board` to an
    /// engine that knows them, so that both players start play from the
    /// same position (Buying Armies: the engine's purchases).
    pub match_setup: &'static [&'static str],
    /// Where `genmove` tries the exact solver first (see "Exact solver in
    /// genmove" in gtp-extensions.md). `None`: never.
    pub solver: Option<SolverUse>,
    /// A new game of the variant.
    pub new_game: fn(&Setup) -> Game,
    /// A position from a diagram, rows from the top, in the variant's
    /// letters (mostly `showboard`'s), with the side to move: for perft
    /// data and analysis. `None` where the variant has no such reader.
    pub from_diagram: Option<FromDiagram>,
}

/// When `genmove` tries the exact solver before the tree search, and with
/// what share of the move's time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverUse {
    /// Empty points at most: where a proof of the rest of the game is
    /// within reach of a move's budget.
    pub empties: usize,
    /// The share of the move's time it may take; the tree search gets the
    /// rest.
    pub share: f64,
}

impl SolverUse {
    /// At most `empties` empty points, with a quarter of the time: a
    /// proof found is a sure move, but one not found leaves the tree search
    /// less time.
    pub const fn at_most(empties: usize) -> Option<SolverUse> {
        Some(SolverUse { empties, share: 0.25 })
    }
}

/// Any size GTP allows: what most Go-like variants accept.
pub fn any_gtp_size(size: usize) -> bool {
    (2..=crate::moves::MAX_SIZE).contains(&size)
}

/// See [`VariantSpec::from_diagram`].
pub type FromDiagram = fn(&Setup, &[&str], Color) -> Result<Game, String>;

/// A setup option (`start`, `henge`, `preset`), described once: the same
/// key on the command line (`--key value`, its flag and help made from
/// this entry), in GTP (its setter, if it has one) and in SGF
/// (`VO[key=value]`). A setup holds the option's value as data (see
/// [`Setup::value`]); each variant reads its own through a typed accessor.
pub struct SetupOption {
    pub key: &'static str,
    /// What a variant without the option lacks, for the one refusal:
    /// `go has no setup henge`.
    pub what: &'static str,
    /// The values the command line takes, for `--help`: `VERTEX|auto`.
    pub values: &'static str,
    /// The command line's help text, its default included.
    pub help: &'static str,
    /// The value a setup has where none is set, as the setter shows it.
    pub default: &'static str,
    /// Reads the option's text into a setup, or says what is wrong with it.
    pub set: fn(&mut Setup, &str) -> Result<(), String>,
    /// The option's value in a setup; `None` at the default.
    pub get: fn(&Setup) -> Option<String>,
    /// How the engine picks a value for `auto` (GoRoGo's setup henge,
    /// which White chooses), given the winning chance of the side to move
    /// in a position by a short search. `None`: no `auto`.
    pub choose: Option<fn(&Setup, Winrate) -> String>,
    /// Its GTP setter (`variago-target [N]`); `None`: it has none.
    pub command: Option<OptionCommand>,
    /// Whether the board sizes a setup accepts depend on the value (a
    /// preset's sizes): `None` where they do not, or no value is set.
    pub fits: fn(&Setup, usize) -> Option<bool>,
    /// The family whose preset files the command line reads for the option
    /// (`--preset FILE`) instead of the value itself.
    pub file: Option<&'static PresetFamily>,
}

impl SetupOption {
    /// What every option has unless it says otherwise: no `auto`, no
    /// setter, no file, and no say on the board's size.
    pub const PLAIN: SetupOption = SetupOption {
        key: "",
        what: "",
        values: "",
        help: "",
        default: "",
        set: |_, _| Ok(()),
        get: |_| None,
        choose: None,
        command: None,
        fits: |_, _| None,
        file: None,
    };

    /// The option's value in `setup`, its default where none is set: what
    /// its GTP setter answers.
    pub fn shown(&self, setup: &Setup) -> String {
        (self.get)(setup).unwrap_or_else(|| self.default.to_string())
    }
}

/// The GTP command that shows an option, or sets it: `NAME` answers the
/// value, `NAME VALUE` sets it.
pub struct OptionCommand {
    pub name: &'static str,
    pub effect: Effect,
}

/// What a new value of an option does to the game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A new game starts with it; the setter answers the value.
    NewGame,
    /// The game goes on under it (the rules of the count); the setter
    /// answers nothing.
    SameGame,
}

/// The winning chance of the side to move in a game, by a short search.
pub type Winrate<'a> = &'a mut dyn FnMut(&Game) -> f32;

/// A key that game records keep besides the setup (`VO[army-black=...]`).
pub struct RecordOption {
    pub key: &'static str,
    /// What a variant without it lacks: `go has no buying phase`.
    pub what: &'static str,
}

/// A variant command's answer: its text, or the refusal's.
pub type Reply = Result<String, String>;

/// A GTP command of some variants, written for them.
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
