//! The variants: one type per game behind the traits of [`crate::game`],
//! the [`Game`] enum that picks one at run time, and what the engine knows
//! of each besides its rules ([`VariantSpec`]: names, sizes, options, its
//! own GTP commands).
//!
//! Adding a variant touches this folder alone: a module with a type that
//! implements `Rules`, `SearchHints` and `SolverHints` and a `SPEC` that
//! describes it, then a `Variant` entry, its arm in `Variant::spec`, and a
//! `Game` arm with its line in `dispatch!`. Go-like variants build on
//! [`go_family`]; a family of variants that differ by data describes them
//! as [`presets`] (War Go's armies, Group Go's pieces). (Its perft file
//! and its docs are the rest.)

pub mod atari;
pub mod commands;
pub mod go;
pub mod go_family;
pub mod gorogo;
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
use crate::game::{Illegal, Judgement, Occupant, Outcome, Ownership, Position};
use crate::moves::{Move, Piece, Vertex};
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

/// Forwards every method to the variant inside; `Position` has no defaults,
/// so a method missing here does not compile.
#[rustfmt::skip]
impl Position for Game {
    fn variant_name(&self) -> &'static str { dispatch!(self, g => g.variant_name()) }
    fn size(&self) -> usize { dispatch!(self, g => g.size()) }
    fn to_move(&self) -> Color { dispatch!(self, g => g.to_move()) }
    fn legal_moves(&self, out: &mut Vec<Move>) { dispatch!(self, g => g.legal_moves(out)) }
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> { dispatch!(self, g => g.play(color, mv)) }
    fn undo(&mut self) -> bool { dispatch!(self, g => g.undo()) }
    fn moves_played(&self) -> usize { dispatch!(self, g => g.moves_played()) }
    fn outcome(&self) -> Option<Outcome> { dispatch!(self, g => g.outcome()) }
    fn score_now(&self) -> Outcome { dispatch!(self, g => g.score_now()) }
    fn hash(&self) -> u64 { dispatch!(self, g => g.hash()) }
    fn recompute_hash(&self) -> u64 { dispatch!(self, g => g.recompute_hash()) }
    fn check_consistency(&self) -> Result<(), String> { dispatch!(self, g => g.check_consistency()) }
    fn set_to_move(&mut self, color: Color) -> bool { dispatch!(self, g => g.set_to_move(color)) }
    fn occupant(&self, v: Vertex) -> Option<Occupant> { dispatch!(self, g => g.occupant(v)) }
    fn label(&self, v: Vertex) -> Option<String> { dispatch!(self, g => g.label(v)) }
    fn status_lines(&self) -> Vec<String> { dispatch!(self, g => g.status_lines()) }
    fn captures(&self) -> [u32; 2] { dispatch!(self, g => g.captures()) }
    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> { dispatch!(self, g => g.hand(color)) }
    fn zones(&self) -> Vec<Vertex> { dispatch!(self, g => g.zones()) }
    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> { dispatch!(self, g => g.place_handicap(stones)) }
    fn set_komi(&mut self, komi: f32) { dispatch!(self, g => g.set_komi(komi)) }
    fn finish_setup(&mut self) { dispatch!(self, g => g.finish_setup()) }
    fn record_options(&self) -> Vec<(String, String)> { dispatch!(self, g => g.record_options()) }
    fn restore_option(&mut self, key: &str, value: &str) -> Result<(), String> { dispatch!(self, g => g.restore_option(key, value)) }
    fn setup_moves(&self) -> usize { dispatch!(self, g => g.setup_moves()) }
    fn spell(&self, mv: Move) -> crate::clicks::Spelling { dispatch!(self, g => g.spell(mv)) }
    fn needs_frame(&self) -> bool { dispatch!(self, g => g.needs_frame()) }
    fn in_setup(&self) -> bool { dispatch!(self, g => g.in_setup()) }
    fn default_setup(&mut self, color: Color) { dispatch!(self, g => g.default_setup(color)) }
    fn judge(&self, ownership: &Ownership) -> Option<Judgement> { dispatch!(self, g => g.judge(ownership)) }
    fn play_on(&mut self) { dispatch!(self, g => g.play_on()) }
    fn search_moves(&self, out: &mut Vec<Move>) { dispatch!(self, g => g.search_moves(out)) }
    fn widening_candidates(&self, out: &mut Vec<Move>) { dispatch!(self, g => g.widening_candidates(out)) }
    fn is_search_move(&self, mv: Move) -> bool { dispatch!(self, g => g.is_search_move(mv)) }
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 { dispatch!(self, g => g.rollout(rng, trace)) }
    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 { dispatch!(self, g => g.rollout_owners(rng, trace, owners)) }
    fn outcome_value(&self, outcome: Outcome) -> f32 { dispatch!(self, g => g.outcome_value(outcome)) }
    fn amaf_applies(&self) -> bool { dispatch!(self, g => g.amaf_applies()) }
    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> { dispatch!(self, g => g.ownership(rng, playouts)) }
    fn prior(&self, mv: Move) -> Option<(f32, f32)> { dispatch!(self, g => g.prior(mv)) }
    fn widening(&self) -> Option<crate::game::Widening> { dispatch!(self, g => g.widening()) }
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) { dispatch!(self, g => g.priors(moves, out)) }
    fn tuning(&self) -> crate::search::Tuning { dispatch!(self, g => g.tuning()) }
    fn points_per_move(&self) -> usize { dispatch!(self, g => g.points_per_move()) }
    fn forced_move(&self) -> Option<Move> { dispatch!(self, g => g.forced_move()) }
    fn own_search(&self, limits: crate::search::Limits, config: &crate::search::Config, stop: &(dyn Fn() -> bool + Sync), report: &mut Option<crate::search::Report>) -> Option<crate::search::SearchResult> { dispatch!(self, g => g.own_search(limits, config, stop, report)) }
    fn capture_move(&self, judged: &Judgement, color: Color) -> Option<Move> { dispatch!(self, g => g.capture_move(judged, color)) }
    fn canonical_hash(&self) -> u64 { dispatch!(self, g => g.canonical_hash()) }
    fn solver_moves(&self, out: &mut Vec<Move>) { dispatch!(self, g => g.solver_moves(out)) }
    fn strategist(&self) -> Option<Color> { dispatch!(self, g => g.strategist()) }
    fn strategy_move(&self) -> Option<Move> { dispatch!(self, g => g.strategy_move()) }
    fn draws_possible(&self) -> bool { dispatch!(self, g => g.draws_possible()) }
    fn settled_for(&self, target: Color) -> Option<bool> { dispatch!(self, g => g.settled_for(target)) }
    fn own_solution(&self, budget: &crate::solver::Budget, stop: &dyn Fn() -> bool) -> Option<crate::solver::Solution> { dispatch!(self, g => g.own_solution(budget, stop)) }
}
