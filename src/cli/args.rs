//! The flag groups that several subcommands share, each defined once and
//! flattened into the subcommands it acts on: the game (variant, size,
//! komi), its setup options (start, henge, preset, target), the search budget, and
//! the three together for the subcommands that play.

use crate::player::{Player, SearchSettings};
use crate::search;
use crate::variants::groupgo::{self, presets::Preset as GroupPreset};
use crate::variants::presets::{self, Schema};
use crate::variants::wargo::{self, presets::Preset as WarPreset};
use crate::{Setup, Variant};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Every variant as a possible value of `--variant`, with its one-line
/// description for `--help`.
fn variant_values() -> impl Iterator<Item = PossibleValue> {
    Variant::ALL
        .into_iter()
        .map(|v| PossibleValue::new(v.name()).help(v.description()))
}

/// `--variant`'s parser: the names of [`variant_values`] and every alias
/// `Variant::parse` knows, in any case.
#[derive(Clone)]
struct VariantParser;

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

/// The options a variant's start position takes. Each goes through the
/// one setup validator, `Setup::apply_option`, as over GTP and in SGF.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Setup")]
pub struct SetupArgs {
    /// Start position: empty, or crosscut (Atari Go) [default: empty]
    #[arg(long, value_name = "NAME")]
    pub start: Option<String>,
    /// GoRoGo's setup henge: a vertex, or auto to let the engine choose as White [default: C3]
    #[arg(long, value_name = "VERTEX|auto")]
    pub henge: Option<String>,
    /// How a finished Go game is counted: area (dead stones removed) or tromp-taylor (the
    /// board as it stands) [default: area]
    #[arg(long, value_name = "area|tromp-taylor")]
    pub rules: Option<String>,
    /// A preset file: War Go's armies (format: presets/wargo.ini), or for group-go,
    /// omino-go and domingo their pieces (format: presets/groupgo.ini); plays the
    /// section named by --variant if the file has it, else its last section
    /// [default: the variant's built-in preset]
    #[arg(long, value_name = "FILE")]
    pub preset: Option<PathBuf>,
    /// Gray Tanbo's misère form, where the last player to place loses [default: off]
    #[arg(long, value_name = "on|off")]
    pub misere: Option<String>,
    /// Squares: the points that win [default: 5]
    #[arg(long, value_name = "N")]
    pub target: Option<String>,
}

impl SetupArgs {
    /// True when any of the setup's flags was given.
    pub fn given(&self) -> bool {
        self.start.is_some()
            || self.henge.is_some()
            || self.preset.is_some()
            || self.rules.is_some()
            || self.misere.is_some()
            || self.target.is_some()
    }

    /// The setup of `game` with these options; `settings` is the search
    /// that chooses GoRoGo's setup henge for `--henge auto`.
    pub fn setup(&self, game: &GameArgs, settings: &SearchSettings) -> Result<Setup, String> {
        let mut setup = match &self.preset {
            Some(path) => preset_setup(path, game.variant)?,
            None => Setup::new(game.variant()),
        };
        game.resize(&mut setup)?;
        if let Some(start) = &self.start {
            setup.apply_option("start", start)?;
        }
        if let Some(rules) = &self.rules {
            setup.apply_option("rules", rules)?;
        }
        if let Some(misere) = &self.misere {
            setup.apply_option("misere", misere)?;
        }
        if let Some(target) = &self.target {
            setup.apply_option("target", target)?;
        }
        if let Some(henge) = &self.henge {
            // `auto`: the engine chooses, by a short search per candidate.
            let player = Player::new(setup.clone(), settings.clone());
            setup.apply_option_with("henge", henge, &mut |game| player.winrate(game))?;
            log::info!("setup henge at {:?}", setup.henge);
        }
        Ok(setup)
    }
}

/// The setup of a preset file's section named like the variant, else its
/// last. The variant's family reads the file (War Go's when no variant is
/// given, or Group Go's if War Go's cannot); a file of the other family,
/// or any preset for a variant of neither, is refused by name.
fn preset_setup(path: &Path, variant: Option<Variant>) -> Result<Setup, String> {
    let text = presets::read_file(path)?;
    let shown = path.display();
    let war = |v: Variant| wargo::spec::setup_from_file(v, &text);
    let group = |v: Variant| groupgo::spec::setup_from_file(v, &text);
    let (war_family, group_family) = (<WarPreset as Schema>::FAMILY, <GroupPreset as Schema>::FAMILY);
    let holds =
        |family: &str, v: Variant, takes: String| format!("{shown} holds {family} presets; {} {takes}", v.name());
    let in_family = |members: &[Variant]| variant.is_some_and(|v| members.contains(&v));
    match variant {
        Some(v) if in_family(&groupgo::spec::FAMILY) => group(v).map_err(|e| match war(Variant::WarGo) {
            Ok(_) => holds(
                war_family,
                v,
                format!("takes {group_family} presets ({})", GroupPreset::FILE),
            ),
            Err(_) => format!("{shown}: {e}"),
        }),
        _ if variant.is_none() || in_family(&wargo::spec::FAMILY) => {
            let v = variant.unwrap_or(Variant::WarGo);
            war(v).or_else(|e| match group(Variant::GroupGo) {
                Ok(setup) if variant.is_none() => Ok(setup),
                Ok(_) => Err(holds(
                    group_family,
                    v,
                    format!("takes {war_family} presets ({})", WarPreset::FILE),
                )),
                Err(_) => Err(format!("{shown}: {e}")),
            })
        }
        _ => {
            let v = variant.unwrap_or_default();
            let none = |family: &str, members: &[Variant]| {
                let names: Vec<&str> = members.iter().map(|m| m.name()).collect();
                holds(family, v, format!("takes none (they are for {})", names.join(", ")))
            };
            Err(if war(Variant::WarGo).is_ok() {
                none(war_family, &wargo::spec::FAMILY)
            } else if group(Variant::GroupGo).is_ok() {
                none(group_family, &groupgo::spec::FAMILY)
            } else {
                format!(
                    "{} takes no preset: --preset is for the {war_family} and {group_family} families",
                    v.name()
                )
            })
        }
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
