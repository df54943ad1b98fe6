//! The variants: one type per game behind the traits of [`crate::game`],
//! the [`Game`] enum that picks one at run time, and what the engine knows
//! of each besides its rules ([`VariantSpec`]: names, sizes, options, its
//! own GTP commands).
//!
//! Adding a variant touches this folder alone: a module with a type that
//! implements `Position`, `View`, `GameSetup`, `Clicks`, `SearchHints` and
//! `SolverHints` and a `SPEC` that describes it, then a `Variant` entry,
//! its arm in `Variant::spec`, and a `Game` arm with its line in
//! `dispatch!`. Go-like variants build on
//! [`go_family`]; a family of variants that differ by data describes them
//! as [`presets`] (War Go's armies, Group Go's pieces). (Its perft file
//! and its docs are the rest.)

pub mod atari;
pub mod commands;
pub mod go;
pub mod go_family;
pub mod gorogo;
pub mod gray_game;
pub mod gray_grid;
pub mod groupgo;
pub mod migoyugo;
pub mod presets;
pub mod setup;
pub mod spec;
pub mod squares;
pub mod tanbo;
pub mod unsquare;
pub mod wargo;
pub mod yugo;

pub use setup::{Setup, Start};
pub use spec::{SolverUse, VariantSpec};

use crate::color::Color;
use crate::game::{
    clicks_methods, forward_trait, game_setup_methods, position_methods, view_methods, Clicks, GameSetup, Illegal,
    Judgement, Occupant, Outcome, Ownership, Position, Spelling, View,
};
use crate::history::Timeline;
use crate::moves::{Move, Piece, Vertex};
use crate::search::{search_hints_methods, Config, Limits, Report, SearchHints, SearchResult, Tuning, Widening};
use crate::solver::{solver_hints_methods, Budget, Solution, SolverHints};
use rand::rngs::SmallRng;

/// The variants the engine plays; plain Go by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Variant {
    #[default]
    Go,
    Atari,
    Migoyugo,
    GoRoGo,
    Yugo,
    WarGo,
    CenterOfTao,
    MercenaryGo,
    BuyingArmies,
    GroupGo,
    OminoGo,
    DominGo,
    SpecialStones,
    Tanbo,
    GrayTanbo,
    UnsquareGo,
    Squares,
}

impl Variant {
    pub const ALL: [Variant; 17] = [
        Variant::Go,
        Variant::Atari,
        Variant::Yugo,
        Variant::GoRoGo,
        Variant::Migoyugo,
        Variant::WarGo,
        Variant::CenterOfTao,
        Variant::MercenaryGo,
        Variant::BuyingArmies,
        Variant::GroupGo,
        Variant::OminoGo,
        Variant::DominGo,
        Variant::SpecialStones,
        Variant::Tanbo,
        Variant::GrayTanbo,
        Variant::UnsquareGo,
        Variant::Squares,
    ];

    /// What the engine knows of the variant, declared in its module.
    pub fn spec(self) -> &'static VariantSpec {
        match self {
            Variant::Go => &go::SPEC,
            Variant::Atari => &atari::SPEC,
            Variant::Migoyugo => &migoyugo::SPEC,
            Variant::GoRoGo => &gorogo::SPEC,
            Variant::Yugo => &yugo::SPEC,
            Variant::WarGo => &wargo::WAR_GO,
            Variant::CenterOfTao => &wargo::CENTER_OF_TAO,
            Variant::MercenaryGo => &wargo::MERCENARY_GO,
            Variant::BuyingArmies => &wargo::BUYING_ARMIES,
            Variant::GroupGo => &groupgo::GROUP_GO,
            Variant::OminoGo => &groupgo::OMINO_GO,
            Variant::DominGo => &groupgo::DOMINGO,
            Variant::SpecialStones => &wargo::SPECIAL_STONES,
            Variant::Tanbo => &tanbo::TANBO,
            Variant::GrayTanbo => &tanbo::GRAY_TANBO,
            Variant::UnsquareGo => &unsquare::SPEC,
            Variant::Squares => &squares::SPEC,
        }
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// A one-line description for `--help`.
    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The name GoGui's ruler protocol shows (`Go` means plain Go).
    pub fn game_id(self) -> &'static str {
        self.spec().game_id
    }

    /// Plain Go: what a GTP engine without variants plays, and what an SGF
    /// file without `VV` holds.
    pub fn is_plain_go(self) -> bool {
        self == Variant::default()
    }

    /// The name a game record gives the variant in `VV`; `None` for plain Go.
    pub fn sgf_name(self) -> Option<&'static str> {
        (!self.is_plain_go()).then(|| self.name())
    }

    /// The variant of a game record with `VV[name]`, or without `VV`.
    pub fn from_sgf(name: Option<&str>) -> Result<Variant, String> {
        match name {
            Some(name) => Variant::parse(name).ok_or_else(|| format!("unknown variant '{name}'")),
            None => Ok(Variant::default()),
        }
    }

    /// The variant of a name or one of its aliases, in any case.
    pub fn parse(text: &str) -> Option<Variant> {
        let lower = text.to_ascii_lowercase();
        Variant::ALL.into_iter().find(|v| {
            let spec = v.spec();
            spec.name == lower || spec.aliases.contains(&lower.as_str())
        })
    }

    pub fn default_size(self) -> usize {
        (self.spec().default_size)()
    }

    pub fn accepts_size(self, size: usize) -> bool {
        (self.spec().accepts_size)(size)
    }

    pub fn default_komi(self) -> f32 {
        self.spec().komi
    }

    /// Space-separated names of every variant.
    pub fn list() -> String {
        Variant::ALL.map(Variant::name).join(" ")
    }
}

/// A game of any variant.
#[derive(Clone, Debug)]
pub enum Game {
    Go(go::Go),
    Atari(atari::AtariGo),
    Migoyugo(migoyugo::Migoyugo),
    GoRoGo(gorogo::GoRoGo),
    Yugo(yugo::Yugo),
    WarGo(wargo::WarGo),
    GroupGo(groupgo::GroupGo),
    Tanbo(tanbo::Tanbo),
    UnsquareGo(unsquare::UnsquareGo),
    Squares(squares::Squares),
}

impl Game {
    pub fn new(setup: &Setup) -> Game {
        (setup.variant.spec().new_game)(setup)
    }
}

/// Forwards a method call to the variant inside the enum.
macro_rules! dispatch {
    ($self:ident, $game:ident => $body:expr) => {
        match $self {
            Game::Go($game) => $body,
            Game::Atari($game) => $body,
            Game::Migoyugo($game) => $body,
            Game::GoRoGo($game) => $body,
            Game::Yugo($game) => $body,
            Game::WarGo($game) => $body,
            Game::GroupGo($game) => $body,
            Game::Tanbo($game) => $body,
            Game::UnsquareGo($game) => $body,
            Game::Squares($game) => $body,
        }
    };
}

// Every method of every trait, forwarded from the one list that declares
// it: a method added to a trait is forwarded with it.
position_methods!(forward_trait! { Position for Game by dispatch });
view_methods!(forward_trait! { View for Game by dispatch });
game_setup_methods!(forward_trait! { GameSetup for Game by dispatch });
clicks_methods!(forward_trait! { Clicks for Game by dispatch });
search_hints_methods!(forward_trait! { SearchHints for Game by dispatch });
solver_hints_methods!(forward_trait! { SolverHints for Game by dispatch });
