//! The setup of a new game and its one validator. The command line, GTP
//! (`variago-start`, `variago-setup_henge`) and SGF (`VO[key=value]`, read
//! by `loadsgf`) all set options through [`Setup::apply_option`], so they
//! accept the same values and refuse the same things with the same words.

use super::spec::{SetupOption, Winrate};
use super::Variant;
use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// Where a game starts, for variants with more than one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Start {
    #[default]
    Empty,
    /// Atari Go's crosscut: two black and two white stones in the centre.
    Crosscut,
}

impl Start {
    pub const ALL: [Start; 2] = [Start::Empty, Start::Crosscut];

    pub fn parse(text: &str) -> Option<Start> {
        Start::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(text))
    }

    pub fn name(self) -> &'static str {
        match self {
            Start::Empty => "empty",
            Start::Crosscut => "crosscut",
        }
    }
}

/// Everything needed to set up a new game.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub variant: Variant,
    pub size: usize,
    pub komi: f32,
    pub start: Start,
    /// The options set away from their defaults: see [`Setup::value`].
    pub values: OptionValues,
}

/// Option values by key, each of its option's own type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OptionValues(Vec<(&'static str, Value)>);

/// One option's value, of the type its option reads it into.
#[derive(Clone, Debug)]
struct Value(Arc<dyn OptionValue>);

/// What an option's value can be: any plain data.
trait OptionValue: Any + Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn equals(&self, other: &dyn Any) -> bool;
}

impl<T: Any + Debug + PartialEq + Send + Sync> OptionValue for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn equals(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.0.equals(other.0.as_any())
    }
}

/// The `start` option, which every variant takes: each offers its own
/// starts (`VariantSpec::starts`), and all offer `empty`.
pub const START: SetupOption = SetupOption {
    key: "start",
    what: "choice of start",
    values: "NAME",
    help: "Start position: empty, or crosscut (Atari Go) [default: empty]",
    default: "empty",
    set: |setup, value| {
        let known = Start::ALL.map(Start::name).join(" ");
        let start = Start::parse(value).ok_or_else(|| format!("unknown start '{value}' (known: {known})"))?;
        if !setup.variant.spec().starts.contains(&start) {
            return Err(format!("{} has no {} start", setup.variant.name(), start.name()));
        }
        setup.start = start;
        Ok(())
    },
    get: |setup| (setup.start != Start::Empty).then(|| setup.start.name().to_string()),
    ..SetupOption::PLAIN
};

impl Setup {
    /// The variant's defaults.
    pub fn new(variant: Variant) -> Setup {
        Setup {
            variant,
            size: variant.default_size(),
            komi: variant.default_komi(),
            start: Start::Empty,
            values: OptionValues::default(),
        }
    }

    /// The value of option `key`, if one of type `T` is set: for the typed
    /// accessors of the variants that take the option.
    pub fn value<T: Any>(&self, key: &str) -> Option<&T> {
        let (_, value) = self.values.0.iter().find(|(k, _)| *k == key)?;
        value.0.as_any().downcast_ref()
    }

    /// Sets option `key` to `value`; `None` takes it back to its default.
    pub fn set_value<T: Any + Debug + PartialEq + Send + Sync>(&mut self, key: &'static str, value: Option<T>) {
        self.values.0.retain(|(k, _)| *k != key);
        if let Some(value) = value {
            self.values.0.push((key, Value(Arc::new(value))));
        }
    }

    /// True when the game accepts a board of `size`: as its options' values
    /// say (a preset's sizes), else as the variant does.
    pub fn accepts_size(&self, size: usize) -> bool {
        let mut known = self.known_options();
        known
            .find_map(|o| (o.fits)(self, size))
            .unwrap_or_else(|| self.variant.accepts_size(size))
    }

    /// The options this setup's variant takes, `start` first.
    pub fn known_options(&self) -> impl Iterator<Item = &'static SetupOption> {
        std::iter::once(&START).chain(self.variant.spec().options.iter().copied())
    }

    /// The option `key` if the variant takes it; otherwise the one refusal
    /// for it: `go has no setup henge`, or `unknown option 'colour'` where
    /// no variant has it.
    pub fn option(&self, key: &str) -> Result<&'static SetupOption, String> {
        if let Some(option) = self.known_options().find(|o| o.key == key) {
            return Ok(option);
        }
        let spec = self.variant.spec();
        if spec.record_options.iter().any(|o| o.key == key) {
            return Err(format!("{key} is kept by game records; it is not set before a game"));
        }
        let what = Variant::ALL.iter().find_map(|v| {
            let spec = v.spec();
            let setup = spec.options.iter().find(|o| o.key == key).map(|o| o.what);
            setup.or_else(|| spec.record_options.iter().find(|o| o.key == key).map(|o| o.what))
        });
        match what {
            Some(what) => Err(format!("{} has no {what}", spec.name)),
            None => Err(format!("unknown option '{key}'")),
        }
    }

    /// The validator: sets option `key` from its text, as the command line,
    /// GTP and SGF `VO` give it. On error the setup is unchanged. `auto`,
    /// where an option takes it, needs the engine: see
    /// [`Setup::apply_option_with`].
    pub fn apply_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.apply(key, value, None)
    }

    /// [`Setup::apply_option`], where `auto` lets the engine choose the
    /// value by `winrate`: the winning chance of the side to move in a
    /// position, by a short search.
    pub fn apply_option_with(&mut self, key: &str, value: &str, winrate: Winrate) -> Result<(), String> {
        self.apply(key, value, Some(winrate))
    }

    fn apply(&mut self, key: &str, value: &str, winrate: Option<Winrate>) -> Result<(), String> {
        let option = self.option(key)?;
        let chosen;
        let value = match (option.choose, winrate) {
            (Some(choose), Some(winrate)) if value.eq_ignore_ascii_case("auto") => {
                chosen = choose(self, winrate);
                &chosen
            }
            (Some(_), None) if value.eq_ignore_ascii_case("auto") => {
                return Err(format!("{key} auto is chosen by the engine, not read from a record"));
            }
            _ => value,
        };
        let mut next = self.clone();
        (option.set)(&mut next, value)?;
        *self = next;
        Ok(())
    }

    /// Applies the options of a game record: the setup's own here; the
    /// record options the variant declares (Buying Armies' armies) are
    /// checked and returned, for `GameSetup::restore_option` on the new game.
    /// An option the variant does not take is refused as by `apply_option`.
    pub fn apply_record_options(&mut self, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
        let mut restore = Vec::new();
        for (key, value) in options {
            if self.variant.spec().record_options.iter().any(|o| o.key == key) {
                restore.push((key.clone(), value.clone()));
            } else {
                self.apply_option(key, value)?;
            }
        }
        Ok(restore)
    }

    /// The options that differ from the defaults, as `key=value` pairs
    /// (`start=crosscut`, `henge=B2`): what a game record must keep.
    pub fn options(&self) -> Vec<(String, String)> {
        self.known_options()
            .filter_map(|o| (o.get)(self).map(|value| (o.key.to_string(), value)))
            .collect()
    }
}

/// What the session chose, on the command line or later by GTP, which a
/// new game of another variant keeps where that variant takes it: the
/// options (`rules`, `start`, `henge`, `misere`, `target`), and the
/// command line's size and komi. The command line's whole setup, its
/// preset included, comes back when its own variant is set again.
///
/// Komi set by GTP `komi` is the game's, not the session's: each variant
/// has its own, and clients send `komi` after they set up a game.
#[derive(Clone, Debug)]
pub struct Choices {
    /// The command line's setup.
    home: Setup,
    size: Option<usize>,
    komi: Option<f32>,
    /// Options that differ from the defaults, as `key=value` texts.
    options: Vec<(String, String)>,
}

impl Choices {
    /// The choices of a session that starts with `home`, whose size and
    /// komi were given (`Some`) or are the variant's own.
    pub fn new(home: &Setup, size: Option<usize>, komi: Option<f32>) -> Choices {
        Choices {
            options: home.options(),
            home: home.clone(),
            size,
            komi,
        }
    }

    /// Notes the options that `after` sets differently from `before`, a
    /// change made over GTP.
    pub fn note(&mut self, before: &Setup, after: &Setup) {
        for option in after.known_options() {
            let value = (option.get)(after);
            if value == (option.get)(before) {
                continue;
            }
            self.options.retain(|(key, _)| key != option.key);
            if let Some(value) = value {
                self.options.push((option.key.to_string(), value));
            }
        }
    }

    /// The setup of a new game of `variant`: the command line's own if it
    /// is that variant, else the variant's defaults; then the chosen size
    /// and komi, and every chosen option, that the variant takes.
    pub fn setup_for(&self, variant: Variant) -> Setup {
        let home = &self.home;
        let mut setup = match home.variant == variant {
            // The options come from the list, which holds the home's own.
            true => Setup {
                size: home.size,
                komi: home.komi,
                // A preset read from a file stays as it was read.
                values: OptionValues(
                    (home.values.0.iter())
                        .filter(|(key, _)| home.option(key).is_ok_and(|o| o.file.is_some()))
                        .cloned()
                        .collect(),
                ),
                ..Setup::new(variant)
            },
            false => Setup::new(variant),
        };
        if let Some(size) = self.size.filter(|&size| setup.accepts_size(size)) {
            setup.size = size;
        }
        if let Some(komi) = self.komi {
            setup.komi = komi;
        }
        for (key, value) in &self.options {
            if setup.option(key).is_ok() {
                if let Err(err) = setup.apply_option(key, value) {
                    log::info!("{} keeps its own {key}: {err}", variant.name());
                }
            }
        }
        setup
    }
}
