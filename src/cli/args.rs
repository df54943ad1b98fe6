//! The flag groups that several subcommands share, each defined once and
//! flattened into the subcommands it acts on: the game (variant, size,
//! komi), its setup options (made from the variants' option entries), the search budget, and
//! the three together for the subcommands that play.

use crate::player::dynkomi::Scheme;
use crate::player::{Player, SearchSettings};
use crate::search;
use crate::variants::go::network;
use crate::variants::models;
use crate::variants::presets;
use crate::variants::setup::START;
use crate::variants::spec::SetupOption;
use crate::{Setup, Variant};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Every variant as a possible value of `--variant`, with its one-line
/// description for `--help`.
fn variant_values() -> impl Iterator<Item = PossibleValue> {
    Variant::ALL
        .into_iter()
        .map(|v| PossibleValue::new(v.name()).help(v.description()))
}

/// `--variant`'s parser: the names of `variant_values` and every alias
/// `Variant::parse` knows, in any case.
#[derive(Clone)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = Variant;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Variant, clap::Error> {
        if let Some(variant) = value.to_str().and_then(Variant::parse) {
            return Ok(variant);
        }
        // clap's own "invalid value" error, which lists the names.
        let names = PossibleValuesParser::new(variant_values());
        Err(names
            .parse_ref(cmd, arg, value)
            .expect_err("Variant::parse knows every name"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(variant_values()))
    }
}

/// The game: which variant, on which board, with which komi.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Game")]
pub struct GameArgs {
    /// The game to play [default: go]
    #[arg(long, value_name = "NAME", value_parser = VariantParser)]
    pub variant: Option<Variant>,
    /// Board size [default: the variant's own]
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Komi [default: the variant's own]
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub komi: Option<f32>,
}

impl GameArgs {
    pub fn variant(&self) -> Variant {
        self.variant.unwrap_or_default()
    }

    /// True when any of the game's flags was given.
    pub fn given(&self) -> bool {
        self.variant.is_some() || self.size.is_some() || self.komi.is_some()
    }

    /// The variant's defaults with the size and komi asked for.
    pub fn setup(&self) -> Result<Setup, String> {
        let mut setup = Setup::new(self.variant());
        self.resize(&mut setup)?;
        Ok(setup)
    }

    /// Applies `--size` and `--komi` to `setup`.
    fn resize(&self, setup: &mut Setup) -> Result<(), String> {
        if let Some(size) = self.size {
            if !setup.accepts_size(size) {
                return Err(format!("unacceptable size {size} for {}", setup.variant.name()));
            }
            setup.size = size;
        }
        if let Some(komi) = self.komi {
            if !komi.is_finite() {
                return Err("komi must be a number".into());
            }
            setup.komi = komi;
        }
        Ok(())
    }
}

/// The options of a variant's setup, one flag for each option any variant
/// takes (`VariantSpec::options`), its name, values and help from the
/// option's entry. Each goes through the one setup validator,
/// `Setup::apply_option`, as over GTP and in SGF.
#[derive(Clone, Default)]
pub struct SetupArgs {
    /// The flags given, in the order of [`flags`], with their values.
    given: Vec<(&'static SetupOption, OsString)>,
}

impl std::fmt::Debug for SetupArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_map()
            .entries(self.given.iter().map(|(o, value)| (o.key, value)))
            .finish()
    }
}

/// Every setup option of every variant, `start` first, each key once.
fn flags() -> Vec<&'static SetupOption> {
    let mut flags = vec![&START];
    for option in Variant::ALL.iter().flat_map(|v| v.spec().options) {
        if flags.iter().all(|f| f.key != option.key) {
            flags.push(option);
        }
    }
    flags
}

impl clap::Args for SetupArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        flags().into_iter().fold(cmd.next_help_heading("Setup"), |cmd, option| {
            let values = match option.file {
                Some(_) => clap::value_parser!(PathBuf),
                None => clap::value_parser!(String),
            };
            let arg = (clap::Arg::new(option.key).long(option.key))
                .value_name(option.values)
                .help(option.help)
                .value_parser(values);
            cmd.arg(arg)
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        SetupArgs::augment_args(cmd)
    }
}

impl clap::FromArgMatches for SetupArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<SetupArgs, clap::Error> {
        let given = flags()
            .into_iter()
            .filter_map(|option| {
                let raw = matches.get_raw(option.key)?.next()?;
                Some((option, raw.to_os_string()))
            })
            .collect();
        Ok(SetupArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = SetupArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl SetupArgs {
    /// True when any of the setup's flags was given.
    pub fn given(&self) -> bool {
        !self.given.is_empty()
    }

    /// The setup of `game` with these options; `settings` is the search
    /// that chooses a value for `auto` (`--henge auto`). A preset file
    /// comes first, since it chooses the size and komi; an option the
    /// engine may choose comes last, on the setup that the others make.
    pub fn setup(&self, game: &GameArgs, settings: &SearchSettings) -> Result<Setup, String> {
        let file = self.given.iter().find(|(option, _)| option.file.is_some());
        let mut setup = match file {
            Some((_, path)) => presets::setup_from_file(Path::new(path), game.variant)?,
            None => Setup::new(game.variant()),
        };
        game.resize(&mut setup)?;
        let text = |value: &OsString| value.to_string_lossy().into_owned();
        let plain = self
            .given
            .iter()
            .filter(|(o, _)| o.file.is_none() && o.choose.is_none());
        for (option, value) in plain {
            setup.apply_option(option.key, &text(value))?;
        }
        for (option, value) in self.given.iter().filter(|(o, _)| o.choose.is_some()) {
            // `auto`: the engine chooses, by a short search per candidate.
            let player = Player::new(setup.clone(), settings.clone());
            setup.apply_option_with(option.key, &text(value), &mut |game| player.winrate(game))?;
            log::info!("setup {} {}", option.key, option.shown(&setup));
        }
        Ok(setup)
    }
}

/// The search's budget and resources.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Search")]
pub struct SearchArgs {
    /// Playouts per move (0 is raised to 1) [default: none: --time decides]
    #[arg(long, value_name = "N")]
    pub playouts: Option<u64>,
    /// Seconds of thinking per move (over GTP: while no clock is set) [default: 2, none with --playouts]
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// The longest any move may think, whatever a GTP clock allows [default: 300]
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub max_time_per_move: Option<f64>,
    /// Search threads (0, or more than 4 per core, is clamped) [default: one per core]
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Random seed; a fixed playout budget with a fixed seed is deterministic
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Memory cap in megabytes for the whole engine: the search trees (shared by the threads,
    /// tree reuse and pondering), the solver's table and the rest [default: no cap; 4 million
    /// nodes per thread, about 160 MB each]
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Go: how the search's komi follows a handicap game: `linear` plays for the handicap's
    /// worth at first, falling to the real komi, then moves it by the win rate (Pachi's); `none`
    /// plays for the real komi (also variago-dynamic_komi) [default: linear; even games: none]
    #[arg(long, value_name = "SCHEME", value_parser = scheme_parser())]
    pub dynamic_komi: Option<Scheme>,
    #[command(flatten)]
    pub model: ModelArg,
}

/// `--model` and `--network`: learned knowledge from files, for the run.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ModelArg {
    /// The search's move model, a file that `variago learn` wrote for the game's variant
    /// [default: the built-in models of Go, Group Go and Tanbo (from 13x13); none for the others]
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// Go: a policy network that `variago learn-network` wrote; on 19x19 its chances are mixed
    /// into the move model's at the root and one move below it [default: Go's built-in network]
    #[arg(long, value_name = "FILE")]
    pub network: Option<PathBuf>,
    /// Go: search without a policy network, on the move model's priors alone
    #[arg(long, conflicts_with = "network")]
    pub no_network: bool,
}

impl ModelArg {
    /// Reads the model and the network, if given, for the searches of
    /// `variant`, or leaves Go's search without a network.
    pub fn read(&self, variant: Variant) -> Result<(), String> {
        if let Some(path) = &self.model {
            models::read_file(path, variant).map_err(|e| format!("--model: {e}"))?;
        }
        match &self.network {
            Some(_) if variant != Variant::Go => Err(format!(
                "--network: only Go's search uses a network, not {}'s",
                variant.name()
            )),
            Some(path) => network::read_file(path).map_err(|e| format!("--network: {e}")),
            None if self.no_network => network::switch_off(),
            None => Ok(()),
        }
    }
}

/// `--dynamic-komi`'s parser: the names of the schemes.
fn scheme_parser() -> impl TypedValueParser<Value = Scheme> {
    PossibleValuesParser::new(Scheme::NAMES).map(|name| Scheme::parse(&name).unwrap_or_default())
}

impl SearchArgs {
    /// The engine's search settings, absurd values clamped with a warning.
    pub fn settings(&self) -> SearchSettings {
        let mut settings = SearchSettings::default();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = self.threads.unwrap_or(cores);
        settings.config.threads = threads.clamp(1, 4 * cores);
        if settings.config.threads != threads {
            log::warn!("--threads {threads} clamped to {}", settings.config.threads);
        }
        log::info!("{} search threads", settings.config.threads);
        settings.config.seed = self.seed;
        if let Some(mb) = self.max_memory {
            let split = search::split_memory(mb, settings.config.threads);
            if split.raised {
                log::warn!(
                    "--max-memory {mb} is too small for the search; using {} nodes per thread",
                    split.tree_nodes
                );
            }
            settings.config.max_nodes = split.tree_nodes;
            settings.solver_table_mb = split.solver_table_mb;
        }
        if let Some(scheme) = self.dynamic_komi {
            settings.dynamic_komi = scheme;
        }
        settings.playouts = match self.playouts {
            Some(0) => {
                log::warn!("--playouts 0 raised to 1");
                Some(1)
            }
            p => p,
        };
        if let Some(cap) = seconds("--max-time-per-move", self.max_time_per_move) {
            settings.max_time_per_move = cap;
        }
        settings.time = match seconds("--time", self.time) {
            None if settings.playouts.is_some() => None,
            None => settings.time,
            time => time,
        };
        settings
    }
}

/// A game played by the search: the flags of `gtp`, `selfplay` and `versus`.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub search: SearchArgs,
}

impl PlayArgs {
    /// The game's setup and the search's settings.
    pub fn resolve(&self) -> Result<(Setup, SearchSettings), String> {
        let settings = self.search.settings();
        let setup = self.setup.setup(&self.game, &settings)?;
        if self.search.dynamic_komi.is_some() && setup.variant != Variant::Go {
            // As a Go option such as --rules is refused in other variants.
            return Err(format!(
                "--dynamic-komi: {} has no dynamic komi (Go only)",
                setup.variant.name()
            ));
        }
        self.search.model.read(setup.variant)?;
        Ok((setup, settings))
    }
}

/// Checks a seconds option: a positive number, at most a day; anything
/// else becomes 0.1 with a warning.
pub fn seconds(name: &str, value: Option<f64>) -> Option<Duration> {
    match value {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            log::warn!("{name} {t} is not a positive number of seconds; using 0.1");
            Some(Duration::from_secs_f64(0.1))
        }
        Some(t) => Some(Duration::from_secs_f64(t.min(86_400.0))),
        None => None,
    }
}
