//! The variants: one type per game behind the `Position` trait, and the
//! `Game` enum that picks one at run time.
//!
//! Adding a variant means: a module with a type implementing `Position`,
//! a `Variant` entry (name, default size, sizes, komi), and a `Game` arm.

pub mod atari;
pub mod go;
pub mod gorogo;
pub mod migoyugo;
pub mod wargo;
pub mod yugo;

use crate::color::Color;
use crate::game::{Illegal, Occupant, Outcome, Position};
use crate::moves::{Move, Piece, Vertex};
use rand::rngs::SmallRng;

/// Removes `pass` from the moves the search considers while it cannot end
/// the game (the opponent has not just passed) and a placement other than
/// filling an own eye is left: an early pass is never good, and at low
/// playouts it can look good by chance. Go and Yugo (where the first pass
/// takes the button) use it.
fn keep_pass_for_the_end(out: &mut Vec<Move>, board: &crate::board::Board, color: Color, opponent_passed: bool) {
    let useful = out.iter().any(|&mv| match mv {
        Move::Place(v) => !board.is_eye(board.point(v), color),
        _ => false,
    });
    if !opponent_passed && useful {
        out.retain(|&mv| mv != Move::Pass);
    }
}

/// The plain stone on a vertex of a Go board, for variants with no other pieces.
fn plain_stone(board: &crate::board::Board, v: Vertex) -> Option<Occupant> {
    let color = crate::board::color_of(board.cell(board.point(v)))?;
    Some(Occupant {
        owner: crate::game::Owner::Player(color),
        piece: crate::moves::Piece::Stone,
    })
}

/// Where a game starts, for variants with more than one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Start {
    #[default]
    Empty,
    /// Atari Go's crosscut: two black and two white stones in the centre.
    Crosscut,
}

impl Start {
    pub fn parse(text: &str) -> Option<Start> {
        match text.to_ascii_lowercase().as_str() {
            "empty" => Some(Start::Empty),
            "crosscut" => Some(Start::Crosscut),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Start::Empty => "empty",
            Start::Crosscut => "crosscut",
        }
    }
}

/// How a finished Go game is counted. Both are area scoring (stones plus
/// the empty points they alone surround, minus komi); they differ in the
/// dead stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rules {
    /// Chinese-style: stones the engine judges dead are removed before the
    /// count, as GNU Go, Pachi and KataGo score.
    #[default]
    Area,
    /// Tromp-Taylor, as on CGOS: the board is counted as it stands, so
    /// dead stones must be captured before the game ends.
    TrompTaylor,
}

impl Rules {
    pub const ALL: [Rules; 2] = [Rules::Area, Rules::TrompTaylor];

    pub fn parse(text: &str) -> Option<Rules> {
        match text.to_ascii_lowercase().as_str() {
            "area" | "chinese" => Some(Rules::Area),
            "tromp-taylor" | "tromp_taylor" | "tt" => Some(Rules::TrompTaylor),
            _ => None,
        }
    }

    /// [`Rules::parse`], or the error that lists the known names.
    pub fn parse_or_list(text: &str) -> Result<Rules, String> {
        Rules::parse(text).ok_or_else(|| format!("unknown rules '{text}' (known: {})", Rules::list()))
    }

    pub fn name(self) -> &'static str {
        match self {
            Rules::Area => "area",
            Rules::TrompTaylor => "tromp-taylor",
        }
    }

    /// Space-separated names of the rule sets.
    pub fn list() -> String {
        Rules::ALL.map(Rules::name).join(" ")
    }
}

/// The variants the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Go,
    Atari,
    Migoyugo,
    GoRoGo,
    Yugo,
    WarGo,
    CenterOfTao,
    MercenaryGo,
    BuyingArmies,
}

impl Variant {
    pub const ALL: [Variant; 9] = [
        Variant::Go,
        Variant::Atari,
        Variant::Yugo,
        Variant::GoRoGo,
        Variant::Migoyugo,
        Variant::WarGo,
        Variant::CenterOfTao,
        Variant::MercenaryGo,
        Variant::BuyingArmies,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Go => "go",
            Variant::Atari => "atari",
            Variant::Migoyugo => "migoyugo",
            Variant::GoRoGo => "gorogo",
            Variant::Yugo => "yugo",
            Variant::WarGo => "wargo",
            Variant::CenterOfTao => "center-of-tao",
            Variant::MercenaryGo => "mercenary-go",
            Variant::BuyingArmies => "buying-armies",
        }
    }

    /// A one-line description for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Go => "standard Go: area scoring, positional superko, komi 7.5",
            Variant::Atari => "Atari Go: the first capture wins (start: empty or crosscut)",
            Variant::Migoyugo => {
                "Migoyugo: lines of four make Yugos, four Yugos in a row win; 8x8, sizes 4-19; \
                 GTP black is the first player, called White in its rules"
            }
            Variant::GoRoGo => "GoRoGo: 5x5 with neutral henge pieces, most captures wins (--henge)",
            Variant::Yugo => "Yugo: pawns and kings, the button, komi 7; pass takes the button while it is free",
            Variant::WarGo => "War Go: Go with an army of nine special pieces in each hand; 19x19, sizes 9-25",
            Variant::CenterOfTao => "Center of Tao: Go with four taos in the centre where soldiers step; 19x19",
            Variant::MercenaryGo => "Mercenary Go: Go with nine mercenaries on the star points; 19x19",
            Variant::BuyingArmies => {
                "Buying Armies: War Go where each side buys its army with a credit first (variago-buy)"
            }
        }
    }

    /// The name GoGui's ruler protocol shows (`Go` means plain Go).
    pub fn game_id(self) -> &'static str {
        match self {
            Variant::Go => "Go",
            Variant::Atari => "AtariGo",
            Variant::Migoyugo => "Migoyugo",
            Variant::GoRoGo => "GoRoGo",
            Variant::Yugo => "Yugo",
            Variant::WarGo => "WarGo",
            Variant::CenterOfTao => "CenterOfTao",
            Variant::MercenaryGo => "MercenaryGo",
            Variant::BuyingArmies => "BuyingArmies",
        }
    }

    /// True for the variants played from a War Go preset.
    pub fn is_war_go(self) -> bool {
        matches!(
            self,
            Variant::WarGo | Variant::CenterOfTao | Variant::MercenaryGo | Variant::BuyingArmies
        )
    }

    pub fn parse(text: &str) -> Option<Variant> {
        let lower = text.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "atari-go" | "atarigo" | "capture-go" => "atari",
            "standard" | "baduk" | "weiqi" => "go",
            "go-ro-go" => "gorogo",
            "war-go" => "wargo",
            "centeroftao" | "center-of-the-tao" => "center-of-tao",
            "mercenarygo" | "mercenary" => "mercenary-go",
            "buyingarmies" | "buying" => "buying-armies",
            other => other,
        };
        Variant::ALL.into_iter().find(|v| v.name() == alias)
    }

    pub fn default_size(self) -> usize {
        match self {
            Variant::Migoyugo => 8,
            Variant::GoRoGo => gorogo::SIZE,
            v if v.is_war_go() => wargo::builtin_preset(v).map_or(19, |p| p.size),
            _ => 9,
        }
    }

    pub fn accepts_size(self, size: usize) -> bool {
        match self {
            Variant::Migoyugo => (4..=19).contains(&size),
            Variant::GoRoGo => size == gorogo::SIZE,
            v if v.is_war_go() => wargo::builtin_preset(v).is_some_and(|p| p.fits(size)),
            _ => (2..=crate::moves::MAX_SIZE).contains(&size),
        }
    }

    pub fn default_komi(self) -> f32 {
        match self {
            Variant::Go | Variant::WarGo | Variant::CenterOfTao | Variant::MercenaryGo | Variant::BuyingArmies => 7.5,
            Variant::Atari | Variant::Migoyugo | Variant::GoRoGo => 0.0,
            Variant::Yugo => 7.0,
        }
    }

    /// Space-separated names of every variant.
    pub fn list() -> String {
        Variant::ALL.map(Variant::name).join(" ")
    }
}

/// Everything needed to set up a new game.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub variant: Variant,
    pub size: usize,
    pub komi: f32,
    pub start: Start,
    /// GoRoGo's setup henge; `None` is the centre.
    pub henge: Option<Vertex>,
    /// A War Go preset from a file (`--preset`); `None` is the variant's own.
    pub preset: Option<std::sync::Arc<wargo::presets::Preset>>,
    /// How standard Go counts a finished game.
    pub rules: Rules,
}

impl Setup {
    /// The variant's defaults.
    pub fn new(variant: Variant) -> Setup {
        Setup {
            variant,
            size: variant.default_size(),
            komi: variant.default_komi(),
            start: Start::Empty,
            henge: None,
            preset: None,
            rules: Rules::Area,
        }
    }

    /// True when the game accepts a board of `size`.
    pub fn accepts_size(&self, size: usize) -> bool {
        match &self.preset {
            Some(preset) => preset.fits(size),
            None => self.variant.accepts_size(size),
        }
    }

    /// The start options that differ from the defaults, as `key=value`
    /// pairs (`start=crosscut`, `henge=B2`): what a game record must keep.
    pub fn options(&self) -> Vec<(String, String)> {
        let mut options = Vec::new();
        if self.start != Start::Empty {
            options.push(("start".to_string(), self.start.name().to_string()));
        }
        if let Some(v) = self.henge {
            options.push(("henge".to_string(), v.to_string()));
        }
        if let Some(preset) = &self.preset {
            options.push(("preset".to_string(), preset.record()));
        }
        if self.rules != Rules::Area {
            options.push(("rules".to_string(), self.rules.name().to_string()));
        }
        options
    }

    /// Sets one start option by name.
    pub fn apply_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "start" => self.start = Start::parse(value).ok_or_else(|| format!("unknown start '{value}'"))?,
            "henge" => {
                let v = Vertex::parse(value).filter(|v| v.on_board(self.size));
                self.henge = Some(v.ok_or_else(|| format!("bad henge vertex '{value}'"))?);
            }
            "preset" => {
                let preset = wargo::presets::Preset::from_record(value)?;
                if !matches!(self.variant, Variant::WarGo | Variant::BuyingArmies) {
                    return Err(format!("{} has no preset", self.variant.name()));
                }
                if (preset.credit.is_some()) != (self.variant == Variant::BuyingArmies) {
                    return Err(format!("preset '{}' does not fit {}", preset.name, self.variant.name()));
                }
                self.preset = Some(std::sync::Arc::new(preset));
            }
            "rules" => {
                let rules = Rules::parse_or_list(value)?;
                if self.variant != Variant::Go {
                    return Err(format!("{} has no choice of rules", self.variant.name()));
                }
                self.rules = rules;
            }
            _ => return Err(format!("unknown option '{key}'")),
        }
        Ok(())
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
}

impl Game {
    pub fn new(setup: &Setup) -> Game {
        match setup.variant {
            Variant::Go => Game::Go(go::Go::new(setup)),
            Variant::Atari => Game::Atari(atari::AtariGo::new(setup)),
            Variant::Migoyugo => Game::Migoyugo(migoyugo::Migoyugo::new(setup)),
            Variant::GoRoGo => Game::GoRoGo(gorogo::GoRoGo::new(setup)),
            Variant::Yugo => Game::Yugo(yugo::Yugo::new(setup)),
            Variant::WarGo | Variant::CenterOfTao | Variant::MercenaryGo | Variant::BuyingArmies => {
                Game::WarGo(wargo::WarGo::new(setup))
            }
        }
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
        }
    };
}

impl Position for Game {
    fn variant_name(&self) -> &'static str {
        dispatch!(self, g => g.variant_name())
    }
    fn size(&self) -> usize {
        dispatch!(self, g => g.size())
    }
    fn to_move(&self) -> Color {
        dispatch!(self, g => g.to_move())
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        dispatch!(self, g => g.legal_moves(out))
    }
    fn search_moves(&self, out: &mut Vec<Move>) {
        dispatch!(self, g => g.search_moves(out))
    }
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        dispatch!(self, g => g.play(color, mv))
    }
    fn undo(&mut self) -> bool {
        dispatch!(self, g => g.undo())
    }
    fn moves_played(&self) -> usize {
        dispatch!(self, g => g.moves_played())
    }
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }
    fn score_now(&self) -> Outcome {
        dispatch!(self, g => g.score_now())
    }
    fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash())
    }
    fn recompute_hash(&self) -> u64 {
        dispatch!(self, g => g.recompute_hash())
    }
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        dispatch!(self, g => g.occupant(v))
    }
    fn label(&self, v: Vertex) -> Option<String> {
        dispatch!(self, g => g.label(v))
    }
    fn status_lines(&self) -> Vec<String> {
        dispatch!(self, g => g.status_lines())
    }
    fn captures(&self) -> [u32; 2] {
        dispatch!(self, g => g.captures())
    }
    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> {
        dispatch!(self, g => g.hand(color))
    }
    fn zones(&self) -> Vec<Vertex> {
        dispatch!(self, g => g.zones())
    }
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        dispatch!(self, g => g.rollout(rng, trace))
    }
    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 {
        dispatch!(self, g => g.rollout_owners(rng, trace, owners))
    }
    fn outcome_value(&self, outcome: Outcome) -> f32 {
        dispatch!(self, g => g.outcome_value(outcome))
    }
    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> {
        dispatch!(self, g => g.ownership(rng, playouts))
    }
    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> {
        dispatch!(self, g => g.place_handicap(stones))
    }
    fn set_komi(&mut self, komi: f32) {
        dispatch!(self, g => g.set_komi(komi))
    }
    fn set_to_move(&mut self, color: Color) -> bool {
        dispatch!(self, g => g.set_to_move(color))
    }
    fn forced_move(&self) -> Option<Move> {
        dispatch!(self, g => g.forced_move())
    }
    fn canonical_hash(&self) -> u64 {
        dispatch!(self, g => g.canonical_hash())
    }
    fn solver_moves(&self, out: &mut Vec<Move>) {
        dispatch!(self, g => g.solver_moves(out))
    }
    fn draws_possible(&self) -> bool {
        dispatch!(self, g => g.draws_possible())
    }
    fn strategist(&self) -> Option<Color> {
        dispatch!(self, g => g.strategist())
    }
    fn strategy_move(&self) -> Option<Move> {
        dispatch!(self, g => g.strategy_move())
    }
    fn prior(&self, mv: Move) -> Option<(f32, f32)> {
        dispatch!(self, g => g.prior(mv))
    }
}
