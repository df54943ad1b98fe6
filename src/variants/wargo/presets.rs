//! War Go and its relatives described as data: the keys of their presets
//! (see presets/wargo.ini, which is built in), read by the shared preset
//! reader of [`crate::variants::presets`].

use super::pieces::{Army, Hand};
use crate::color::Color;
use crate::moves::{Move, Piece, Vertex, MAX_SIZE};
use crate::variants::presets::{self, board_size, FamilyPreset, Schema};

/// The War Go family's presets.
pub type Library = presets::Library<Preset>;

/// The built-in presets.
pub const BUILTIN: &str = include_str!("../../../presets/wargo.ini");

/// One preset, every key resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    pub name: String,
    pub size: usize,
    pub min_size: usize,
    pub max_size: usize,
    pub komi: f32,
    pub hands: [Hand; 2],
    /// Pieces on the board at the start; `None` owns the neutral ones.
    pub start: Vec<(Option<Color>, Piece, Vertex)>,
    /// Buying Armies: each side's credit.
    pub credit: Option<u32>,
    /// What each piece costs where there is a credit: the table of pieces'
    /// prices unless the preset sets its own.
    pub prices: Hand,
}

impl Preset {
    /// Reads a preset written by [`Preset::record`].
    pub fn from_record(text: &str) -> Result<Preset, String> {
        presets::from_record(text)
    }
}

impl FamilyPreset for Preset {
    fn size_and_komi(&self) -> (usize, f32) {
        (self.size, self.komi)
    }

    fn fits(&self, size: usize) -> bool {
        (self.min_size..=self.max_size).contains(&size) && self.start.iter().all(|(_, _, v)| v.on_board(size))
    }

    fn record(&self) -> String {
        let mut items = presets::board_items(self.size, (self.min_size, self.max_size), self.komi);
        items.extend(presets::hand_items(&self.hands, |h| {
            (*h != Hand::default()).then(|| h.text())
        }));
        if !self.start.is_empty() {
            let pieces: Vec<String> = self
                .start
                .iter()
                .map(|&(owner, piece, v)| match owner {
                    Some(color) => format!("{}:{piece}@{v}", color.name()),
                    None => format!("{piece}@{v}"),
                })
                .collect();
            items.push(("start", pieces.join(" ")));
        }
        if let Some(credit) = self.credit {
            items.push(("credit", credit.to_string()));
        }
        if self.credit.is_some() || self.prices != Hand::table_prices() {
            items.push(("prices", self.prices.text()));
        }
        presets::record_line(&self.name, &items)
    }
}

impl Schema for Preset {
    const FAMILY: &'static str = "War Go";
    const FILE: &'static str = "presets/wargo.ini";
    const BUILTIN: &'static str = BUILTIN;
    const KEYS: &'static [&'static str] = &[
        "size",
        "sizes",
        "komi",
        "hand",
        "hand.black",
        "hand.white",
        "start",
        "credit",
        "prices",
    ];

    fn blank(name: &str) -> Preset {
        Preset {
            name: name.to_string(),
            size: 19,
            min_size: 2,
            max_size: MAX_SIZE,
            komi: 7.5,
            hands: [Hand::default(); 2],
            start: Vec::new(),
            credit: None,
            prices: Hand::table_prices(),
        }
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    fn apply(&mut self, key: &str, value: &str) -> Result<(), String> {
        apply(self, key, value)
    }

    fn check(&self) -> Result<(), String> {
        if !(self.min_size..=self.max_size).contains(&self.size) || !self.fits(self.size) {
            return Err(format!(
                "preset '{}': its size {} is not accepted",
                self.name, self.size
            ));
        }
        Ok(())
    }
}

/// The highest price of a piece.
const MAX_PRICE: u32 = 100;
/// The largest credit: enough to fill the largest board with the dearest piece.
const MAX_CREDIT: u32 = MAX_PRICE * presets::MAX_POINTS as u32;

/// `piece:count ...`: a hand, each count at most what a board holds.
fn counts(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::default();
    for item in text.split_whitespace() {
        let (army, count) = super::pieces::parse_count(item)?;
        hand.set(army, presets::piece_count(count, army.name(), 1)?);
    }
    Ok(hand)
}

/// `piece:price ...`.
fn prices(text: &str) -> Result<Hand, String> {
    let mut prices = Hand::default();
    for item in text.split_whitespace() {
        let (army, price) = super::pieces::parse_count(item)?;
        prices.set(
            army,
            presets::bounded(price, &format!("{} price", army.name()), MAX_PRICE)?,
        );
    }
    Ok(prices)
}

fn start_piece(item: &str) -> Result<(Option<Color>, Piece, Vertex), String> {
    let (owner, rest) = match item.split_once(':') {
        Some((prefix, rest)) if Color::parse(prefix).is_some() => (Color::parse(prefix), rest),
        _ => (None, item),
    };
    let (piece, v) = match Move::parse(rest, MAX_SIZE)? {
        Move::Drop(piece, v) => (piece, v),
        Move::Place(v) => (Piece::Stone, v),
        _ => return Err(format!("expected piece@VERTEX, got '{item}'")),
    };
    let neutral = matches!(piece, Piece::Tao | Piece::Wall | Piece::Ambassador | Piece::Mercenary);
    let allowed = Army::of(piece).is_some() || piece == Piece::Stone;
    // Pieces that act only at their drop cannot start on the board.
    let acts_at_drop = matches!(
        piece,
        Piece::Spy
            | Piece::Bomb(crate::moves::BombMode::Immediate)
            | Piece::ExtraMove
            | Piece::Replacer
            | Piece::InnerStrength
    );
    if !allowed || acts_at_drop {
        return Err(format!("'{item}': a {piece} cannot stand on the board at the start"));
    }
    match (neutral, owner) {
        (true, Some(_)) => Err(format!("'{item}': a {piece} belongs to nobody")),
        (false, None) => Err(format!("'{item}': say whose {piece} it is, e.g. black:{rest}")),
        _ => Ok((owner, piece, v)),
    }
}

fn apply(preset: &mut Preset, key: &str, value: &str) -> Result<(), String> {
    match key {
        "size" => preset.size = board_size(value)?,
        "sizes" => (preset.min_size, preset.max_size) = presets::size_range(value)?,
        "komi" => preset.komi = presets::komi(value)?,
        "hand" => preset.hands = [counts(value)?; 2],
        "hand.black" => preset.hands[0] = counts(value)?,
        "hand.white" => preset.hands[1] = counts(value)?,
        "start" => preset.start = value.split_whitespace().map(start_piece).collect::<Result<_, _>>()?,
        "credit" => preset.credit = Some(presets::bounded(value, "credit", MAX_CREDIT)?),
        "prices" => preset.prices = prices(value)?,
        _ => return Err(format!("unknown key '{key}'")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_presets_resolve() {
        let library = Library::builtin();
        for name in [
            "go",
            "wargo",
            "center-of-tao",
            "mercenary-go",
            "buying-armies",
            "special-stones",
        ] {
            library.preset(name).unwrap();
        }
        let special = library.preset("special-stones").unwrap();
        assert_eq!(special.hands[1].get(Army::Wall), 6, "War Go's army");
        assert!(
            Army::ALL
                .iter()
                .filter(|a| a.is_special_stone())
                .all(|&a| special.hands[0].get(a) == 1),
            "one of each special stone"
        );
        let war = library.preset("wargo").unwrap();
        assert_eq!(war.hands[0].get(Army::Wall), 6);
        assert_eq!(war.min_size, 9);
        assert!(library.preset("center-of-tao").unwrap().fits(19));
        assert!(!library.preset("center-of-tao").unwrap().fits(9));
    }

    #[test]
    fn a_preset_record_reads_back_the_same() {
        let mut library = Library::builtin();
        let text = "[mine]\ninherits = wargo\nsizes = 7-13\nsize = 9\nkomi = 5.5\nhand.white = spy:3\n\
                    start = tao@E5 black:samurai@C3 white:stone@G7 black:bomb:delayed@D4\n";
        library.add(text).unwrap();
        for name in ["mine", "wargo", "center-of-tao", "mercenary-go", "buying-armies", "go"] {
            let preset = library.preset(name).unwrap();
            let record = preset.record();
            assert!(!record.contains(['[', ']', '\n']), "{record}");
            assert_eq!(Preset::from_record(&record).unwrap(), preset, "{record}");
        }
        assert!(Preset::from_record("").is_err());
        assert!(Preset::from_record("x;colour=red").is_err());
        assert!(Preset::from_record("x]y;size=9").is_err());
    }

    #[test]
    fn inheritance_is_bounded_in_depth() {
        let chain = |presets: usize| {
            (1..presets).fold("[p0]\n".to_string(), |text, i| {
                text + &format!("[p{i}]\ninherits = p{}\n", i - 1)
            })
        };
        Library::builtin().add(&chain(64)).unwrap();
        let err = Library::builtin().add(&chain(65)).unwrap_err();
        assert!(
            err.starts_with("line 129:") && err.contains("preset 'p64' inherits through more than 64"),
            "{err}"
        );
    }

    #[test]
    fn errors_name_the_line() {
        let mut library = Library::builtin();
        let err = library.add("[mine]\ninherits = wargo\n\nhand = wall:x\n").unwrap_err();
        assert!(err.starts_with("line 4:"), "{err}");
        let err = library.add("[mine]\ncolour = red\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        let err = library.add("[a]\ninherits = nowhere\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
    }
}
