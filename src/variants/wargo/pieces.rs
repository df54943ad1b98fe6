//! War Go's army: the special pieces a hand holds (War Go's nine and the
//! special stones), and how each sits on the fast board (a cell code and a
//! kind byte).

use crate::board::{BLACK, BLOCK, NEUTRAL, WHITE};
use crate::game::{Occupant, Owner};
use crate::moves::{BombMode, Flavour, Piece};

/// Kinds of pieces owned by a player (cell BLACK or WHITE).
pub const SOLDIER: u8 = 0;
pub const DELAYED_BOMB: u8 = 1;
pub const MONK: u8 = 2;
pub const SAMURAI: u8 = 3;
pub const CAVALRY: u8 = 4;
/// Special stones that keep a power on the board. The extra move, the
/// replacer and the inner strength are soldiers once dropped, and so is a
/// switcher once it has swapped.
pub const TWO_EYE_FRIENDLY: u8 = 5;
pub const TWO_EYE_ANY: u8 = 6;
pub const SWITCHER: u8 = 7;
pub const CONNECTOR: u8 = 8;
pub const REPELLER: u8 = 9;
pub const KINGS_SON: u8 = 10;
/// Kinds of the pieces that are never captured (cell BLOCK).
pub const WALL: u8 = 1;
pub const AMBASSADOR: u8 = 2;
pub const TAO: u8 = 3;

/// The special pieces a hand may hold: War Go's nine, then the special
/// stones. A bomb's mode is chosen at the drop; the two flavours of the
/// two-eye stone are two pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Army {
    Ambassador,
    Bomb,
    Wall,
    Spy,
    Monk,
    Tao,
    Mercenary,
    Samurai,
    Cavalry,
    TwoEyeFriendly,
    TwoEyeAny,
    ExtraMove,
    Replacer,
    Switcher,
    InnerStrength,
    Connector,
    Repeller,
    KingsSon,
}

/// How many kinds of army piece there are.
pub const ARMY_KINDS: usize = 18;

impl Army {
    pub const ALL: [Army; ARMY_KINDS] = [
        Army::Ambassador,
        Army::Bomb,
        Army::Wall,
        Army::Spy,
        Army::Monk,
        Army::Tao,
        Army::Mercenary,
        Army::Samurai,
        Army::Cavalry,
        Army::TwoEyeFriendly,
        Army::TwoEyeAny,
        Army::ExtraMove,
        Army::Replacer,
        Army::Switcher,
        Army::InnerStrength,
        Army::Connector,
        Army::Repeller,
        Army::KingsSon,
    ];

    /// The special stones, after War Go's nine pieces.
    pub fn is_special_stone(self) -> bool {
        self.pieces()[0].is_special_stone()
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Army::Bomb => "bomb",
            other => other.pieces()[0].name(),
        }
    }

    /// The army piece a dropped piece is taken from; `None` for the soldier.
    pub fn of(piece: Piece) -> Option<Army> {
        Army::ALL.into_iter().find(|a| a.pieces().contains(&piece))
    }

    /// The pieces this army piece can be dropped as (a bomb in either mode).
    pub fn pieces(self) -> &'static [Piece] {
        match self {
            Army::Ambassador => &[Piece::Ambassador],
            Army::Bomb => &[Piece::Bomb(BombMode::Immediate), Piece::Bomb(BombMode::Delayed)],
            Army::Wall => &[Piece::Wall],
            Army::Spy => &[Piece::Spy],
            Army::Monk => &[Piece::Monk],
            Army::Tao => &[Piece::Tao],
            Army::Mercenary => &[Piece::Mercenary],
            Army::Samurai => &[Piece::Samurai],
            Army::Cavalry => &[Piece::Cavalry],
            Army::TwoEyeFriendly => &[Piece::TwoEye(Flavour::Friendly)],
            Army::TwoEyeAny => &[Piece::TwoEye(Flavour::Any)],
            Army::ExtraMove => &[Piece::ExtraMove],
            Army::Replacer => &[Piece::Replacer],
            Army::Switcher => &[Piece::Switcher],
            Army::InnerStrength => &[Piece::InnerStrength],
            Army::Connector => &[Piece::Connector],
            Army::Repeller => &[Piece::Repeller],
            Army::KingsSon => &[Piece::KingsSon],
        }
    }

    /// Parses an army name as presets and buying commands write it.
    pub fn parse(text: &str) -> Result<Army, String> {
        let lower = text.to_ascii_lowercase();
        Army::ALL
            .into_iter()
            .find(|a| a.name() == lower)
            .ok_or_else(|| format!("unknown piece '{text}'"))
    }
}

/// A bomb's mode as an option of the choice at its drop: its place among
/// the options, and its name.
pub fn mode_option(mode: BombMode) -> (u8, &'static str) {
    match mode {
        BombMode::Immediate => (0, "immediate"),
        BombMode::Delayed => (1, "delayed"),
    }
}

/// How many of each army piece one side holds (or may buy, or pays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub [u32; ARMY_KINDS]);

impl Hand {
    pub fn get(&self, army: Army) -> u32 {
        self.0[army.index()]
    }

    pub fn set(&mut self, army: Army, count: u32) {
        self.0[army.index()] = count;
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Buying Armies' prices, from the table of pieces.
    pub fn table_prices() -> Hand {
        Hand(Army::ALL.map(|a| a.pieces()[0].price()))
    }

    /// `wall:6 bomb:2`-style text of the non-zero entries (empty: `none`).
    pub fn text(&self) -> String {
        let parts: Vec<String> = Army::ALL
            .iter()
            .filter(|a| self.get(**a) > 0)
            .map(|a| format!("{}:{}", a.name(), self.get(*a)))
            .collect();
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(" ")
        }
    }
}

/// Reads `name:count` (the name may hold a colon itself: `twoeye:any:1`).
pub fn parse_count(item: &str) -> Result<(Army, &str), String> {
    let (name, count) = item
        .rsplit_once(':')
        .ok_or_else(|| format!("expected piece:count, got '{item}'"))?;
    Ok((Army::parse(name)?, count))
}

/// The cell code and kind a piece of `owner` occupies; `None` for an
/// immediate bomb (it never stays) and for pieces War Go does not have.
/// The special stones that act only at their drop stand as soldiers.
pub fn cell_and_kind(piece: Piece, owner_cell: u8) -> Option<(u8, u8)> {
    Some(match piece {
        Piece::Stone | Piece::Spy | Piece::ExtraMove | Piece::Replacer | Piece::InnerStrength => (owner_cell, SOLDIER),
        Piece::TwoEye(Flavour::Friendly) => (owner_cell, TWO_EYE_FRIENDLY),
        Piece::TwoEye(Flavour::Any) => (owner_cell, TWO_EYE_ANY),
        Piece::Switcher => (owner_cell, SWITCHER),
        Piece::Connector => (owner_cell, CONNECTOR),
        Piece::Repeller => (owner_cell, REPELLER),
        Piece::KingsSon => (owner_cell, KINGS_SON),
        Piece::Bomb(BombMode::Delayed) => (owner_cell, DELAYED_BOMB),
        Piece::Monk => (owner_cell, MONK),
        Piece::Samurai => (owner_cell, SAMURAI),
        Piece::Cavalry => (owner_cell, CAVALRY),
        Piece::Wall => (BLOCK, WALL),
        Piece::Ambassador => (BLOCK, AMBASSADOR),
        Piece::Tao => (BLOCK, TAO),
        Piece::Mercenary => (NEUTRAL, 0),
        _ => return None,
    })
}

/// What front ends see on a point with this cell and kind.
pub fn occupant(cell: u8, kind: u8) -> Option<Occupant> {
    let player = |color| Owner::Player(color);
    let (owner, piece) = match (cell, kind) {
        (BLACK | WHITE, _) => {
            let color = crate::board::color_of(cell)?;
            let piece = match kind {
                DELAYED_BOMB => Piece::Bomb(BombMode::Delayed),
                MONK => Piece::Monk,
                SAMURAI => Piece::Samurai,
                CAVALRY => Piece::Cavalry,
                TWO_EYE_FRIENDLY => Piece::TwoEye(Flavour::Friendly),
                TWO_EYE_ANY => Piece::TwoEye(Flavour::Any),
                SWITCHER => Piece::Switcher,
                CONNECTOR => Piece::Connector,
                REPELLER => Piece::Repeller,
                KINGS_SON => Piece::KingsSon,
                _ => Piece::Stone,
            };
            (player(color), piece)
        }
        (BLOCK, WALL) => (Owner::Neutral, Piece::Wall),
        (BLOCK, AMBASSADOR) => (Owner::Neutral, Piece::Ambassador),
        (BLOCK, TAO) => (Owner::Neutral, Piece::Tao),
        (NEUTRAL, _) => (Owner::Neutral, Piece::Mercenary),
        _ => return None,
    };
    Some(Occupant { owner, piece })
}

/// Puts a piece of this cell and kind on empty `p`: a connector as a
/// linker, joined to its colour's stones two points away.
pub fn put(board: &mut crate::board::Board, p: usize, cell: u8, kind: u8) {
    if kind == CONNECTOR && matches!(cell, BLACK | WHITE) {
        board.put_linker(p, cell, kind);
    } else {
        board.put(p, cell, kind);
    }
}
