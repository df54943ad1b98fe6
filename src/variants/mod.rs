//! The variants: one type per game behind the traits of [`crate::game`],
//! the [`Game`] enum that picks one at run time, and what the engine knows
//! of each besides its rules ([`VariantSpec`]: names, sizes, options, its
//! own GTP commands).
//!
//! Adding a variant touches this folder alone: a module with a type that
//! implements `Position`, `View`, `GameSetup`, `Clicks`, `SearchHints` and
//! `SolverHints` and a `SPEC` that describes it, its `pub mod`, and its
//! line in `variant_list!`, from which the [`Variant`] and [`Game`] enums
//! and the forwarding are built. Go-like variants build on
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
pub mod models;
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

/// Every variant, in the order the engine lists them, by the module that
/// holds it: the module's game type and its arm of [`Game`] (written once,
/// where the module first appears), then each [`Variant`] it plays with
/// its [`VariantSpec`]. A new variant is one line here; the list hands
/// itself to a callback, as the trait lists of [`crate::game`] do.
macro_rules! variant_list {
    ($then:ident! { $($head:tt)* }) => { $then! { $($head)* ;
        go: Go(Go) { Go = SPEC }
        atari: Atari(AtariGo) { Atari = SPEC }
        yugo: Yugo(Yugo) { Yugo = SPEC }
        gorogo: GoRoGo(GoRoGo) { GoRoGo = SPEC }
        migoyugo: Migoyugo(Migoyugo) { Migoyugo = SPEC }
        wargo: WarGo(WarGo) { WarGo = WAR_GO, CenterOfTao = CENTER_OF_TAO, MercenaryGo = MERCENARY_GO, BuyingArmies = BUYING_ARMIES }
        groupgo: GroupGo(GroupGo) { GroupGo = GROUP_GO, OminoGo = OMINO_GO, DominGo = DOMINGO }
        wargo { SpecialStones = SPECIAL_STONES }
        tanbo: Tanbo(Tanbo) { Tanbo = TANBO, GrayTanbo = GRAY_TANBO }
        unsquare: UnsquareGo(UnsquareGo) { UnsquareGo = SPEC }
        squares: Squares(Squares) { Squares = SPEC }
    } };
}

/// Declares [`Variant`] with its list and specs, and [`Game`], from
/// [`variant_list!`].
macro_rules! declare_variants {
    (; $($module:ident $(: $game:ident($ty:ident))? { $($variant:ident = $spec:ident),* })*) => {
        /// The variants the engine plays; plain Go, the first listed, by
        /// default.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Variant {
            $($($variant,)*)*
        }

        impl Variant {
            pub const ALL: [Variant; [$($(stringify!($variant),)*)*].len()] = [$($(Variant::$variant,)*)*];

            /// What the engine knows of the variant, declared in its module.
            pub fn spec(self) -> &'static VariantSpec {
                match self {
                    $($(Variant::$variant => &$module::$spec,)*)*
                }
            }
        }

        /// A game of any variant.
        #[derive(Clone, Debug)]
        pub enum Game {
            $($($game($module::$ty),)?)*
        }
    };
}
variant_list!(declare_variants! {});

/// Forwards a method call to the variant inside the enum.
macro_rules! dispatch {
    ($self:ident, $inner:ident => $body:expr) => {
        variant_list!(match_game! { $self, $inner => $body })
    };
}

/// The `match` behind [`dispatch!`]: one arm per game type.
macro_rules! match_game {
    ($self:ident, $inner:ident => $body:expr ; $($module:ident $(: $game:ident($ty:ident))? { $($variant:ident = $spec:ident),* })*) => {
        match $self {
            $($(Game::$game($inner) => $body,)?)*
        }
    };
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::ALL[0]
    }
}

impl Variant {
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

impl Game {
    pub fn new(setup: &Setup) -> Game {
        (setup.variant.spec().new_game)(setup)
    }
}

// Every method of every trait, forwarded from the one list that declares
// it: a method added to a trait is forwarded with it.
position_methods!(forward_trait! { Position for Game by dispatch });
view_methods!(forward_trait! { View for Game by dispatch });
game_setup_methods!(forward_trait! { GameSetup for Game by dispatch });
clicks_methods!(forward_trait! { Clicks for Game by dispatch });
search_hints_methods!(forward_trait! { SearchHints for Game by dispatch });
solver_hints_methods!(forward_trait! { SolverHints for Game by dispatch });
