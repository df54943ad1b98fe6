//! Presets: War Go and its relatives described as data, in an INI-like
//! text with `[sections]`, `key = value` lines, `#` comments and
//! `inherits` (see presets/wargo.ini, which is built in).

use super::pieces::{Army, Hand};
use crate::color::Color;
use crate::moves::{Move, Piece, Vertex, MAX_SIZE};

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
    pub prices: Hand,
}

impl Preset {
    /// The preset on one line, every key resolved, for a game record's
    /// `VO[preset=...]`: the name, then `key=value` items, `;` between.
    pub fn record(&self) -> String {
        let mut items = vec![
            self.name.clone(),
            format!("size={}", self.size),
            format!("sizes={}-{}", self.min_size, self.max_size),
            format!("komi={}", self.komi),
        ];
        for (key, hand) in [("hand.black", self.hands[0]), ("hand.white", self.hands[1])] {
            if hand != Hand::default() {
                items.push(format!("{key}={}", hand.text()));
            }
        }
        if !self.start.is_empty() {
            let pieces: Vec<String> = self
                .start
                .iter()
                .map(|&(owner, piece, v)| match owner {
                    Some(color) => format!("{}:{piece}@{v}", color.name()),
                    None => format!("{piece}@{v}"),
                })
                .collect();
            items.push(format!("start={}", pieces.join(" ")));
        }
        if let Some(credit) = self.credit {
            items.push(format!("credit={credit}"));
        }
        if self.prices != Hand::default() {
            items.push(format!("prices={}", self.prices.text()));
        }
        items.join(";")
    }

    /// Reads a preset written by [`Preset::record`].
    pub fn from_record(text: &str) -> Result<Preset, String> {
        let mut items = text.split(';');
        let name = items.next().unwrap_or("").trim();
        if name.is_empty() || name.contains(['[', ']', '=', '#']) || name.contains(char::is_whitespace) {
            return Err(format!("bad preset record '{text}'"));
        }
        let mut section = format!("[{name}]\n");
        for item in items {
            if item.contains(['[', ']', '#']) || !item.contains('=') {
                return Err(format!("bad preset record item '{item}'"));
            }
            section += item;
            section.push('\n');
        }
        let mut library = Library::default();
        library.add(&section).map_err(|e| format!("preset record: {e}"))?;
        library.preset(name)
    }

    /// True when a board of `size` is accepted and holds the start pieces.
    pub fn fits(&self, size: usize) -> bool {
        (self.min_size..=self.max_size).contains(&size) && self.start.iter().all(|(_, _, v)| v.on_board(size))
    }
}

#[derive(Clone, Debug)]
struct Section {
    name: String,
    /// `key`, `value`, line number.
    entries: Vec<(String, String, usize)>,
}

/// A set of preset sections, from one or more texts.
#[derive(Clone, Debug, Default)]
pub struct Library {
    sections: Vec<Section>,
}

impl Library {
    /// The built-in presets.
    pub fn builtin() -> Library {
        let mut library = Library::default();
        library.add(BUILTIN).expect("the built-in presets parse");
        library
    }

    /// Adds the sections of `text`; a section of a known name replaces it.
    /// Errors name the line. Returns the names of the sections read.
    pub fn add(&mut self, text: &str) -> Result<Vec<String>, String> {
        let mut read: Vec<Section> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if let Some(rest) = content.strip_prefix('[') {
                let name = rest
                    .strip_suffix(']')
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))
                    .ok_or_else(|| format!("line {line}: bad section header '{content}'"))?;
                if read.iter().any(|s| s.name == name) {
                    return Err(format!("line {line}: section [{name}] appears twice"));
                }
                read.push(Section {
                    name: name.to_ascii_lowercase(),
                    entries: Vec::new(),
                });
                continue;
            }
            let (key, value) = content
                .split_once('=')
                .ok_or_else(|| format!("line {line}: expected 'key = value' or '[section]'"))?;
            let section = read
                .last_mut()
                .ok_or_else(|| format!("line {line}: a key before the first [section]"))?;
            let key = key.trim().to_ascii_lowercase();
            check_key(&key).map_err(|e| format!("line {line}: {e}"))?;
            section.entries.push((key, value.trim().to_string(), line));
        }
        if read.is_empty() {
            return Err("no [section] in the preset file".into());
        }
        let names: Vec<String> = read.iter().map(|s| s.name.clone()).collect();
        for section in read {
            self.sections.retain(|s| s.name != section.name);
            self.sections.push(section);
        }
        // Resolve every new section now, so errors show at load time.
        for name in &names {
            self.preset(name)?;
        }
        Ok(names)
    }

    fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The preset `name` with its inherited keys.
    pub fn preset(&self, name: &str) -> Result<Preset, String> {
        let mut chain: Vec<&Section> = Vec::new();
        let mut next = Some((name.to_ascii_lowercase(), 0));
        while let Some((current, line)) = next.take() {
            let section = self.section(&current).ok_or_else(|| match line {
                0 => format!("unknown preset '{current}'"),
                _ => format!("line {line}: inherits unknown preset '{current}'"),
            })?;
            if chain.iter().any(|s| s.name == section.name) {
                return Err(format!("line {line}: preset '{current}' inherits itself"));
            }
            chain.push(section);
            next = section
                .entries
                .iter()
                .rev()
                .find(|(k, _, _)| k == "inherits")
                .map(|(_, v, l)| (v.to_ascii_lowercase(), *l));
        }
        let mut preset = Preset {
            name: name.to_ascii_lowercase(),
            size: 19,
            min_size: 2,
            max_size: MAX_SIZE,
            komi: 7.5,
            hands: [Hand::default(); 2],
            start: Vec::new(),
            credit: None,
            prices: Hand::default(),
        };
        for section in chain.iter().rev() {
            for (key, value, line) in &section.entries {
                apply(&mut preset, key, value).map_err(|e| format!("line {line}: {e}"))?;
            }
        }
        if !(preset.min_size..=preset.max_size).contains(&preset.size) || !preset.fits(preset.size) {
            return Err(format!("preset '{name}': its size {} is not accepted", preset.size));
        }
        Ok(preset)
    }
}

const KEYS: [&str; 10] = [
    "inherits",
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

fn check_key(key: &str) -> Result<(), String> {
    if KEYS.contains(&key) {
        Ok(())
    } else {
        Err(format!("unknown key '{key}' (known: {})", KEYS.join(" ")))
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| format!("bad {what} '{text}'"))
}

fn board_size(text: &str) -> Result<usize, String> {
    let size: usize = number(text, "size")?;
    if (2..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(format!("size {size} is outside 2-{MAX_SIZE}"))
    }
}

/// `piece:count ...` for hands and prices.
fn counts(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::default();
    for item in text.split_whitespace() {
        let (army, count) = super::pieces::parse_count(item)?;
        hand.set(army, number(count, "count")?);
    }
    Ok(hand)
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
        "inherits" => {}
        "size" => preset.size = board_size(value)?,
        "sizes" => {
            let (low, high) = value
                .split_once('-')
                .ok_or_else(|| format!("expected MIN-MAX, got '{value}'"))?;
            let (low, high) = (board_size(low)?, board_size(high)?);
            if low > high {
                return Err(format!("empty size range '{value}'"));
            }
            (preset.min_size, preset.max_size) = (low, high);
        }
        "komi" => {
            let komi: f32 = number(value, "komi")?;
            if !komi.is_finite() || komi.abs() > 1000.0 {
                return Err(format!("komi {value} is out of range"));
            }
            preset.komi = komi;
        }
        "hand" => preset.hands = [counts(value)?; 2],
        "hand.black" => preset.hands[0] = counts(value)?,
        "hand.white" => preset.hands[1] = counts(value)?,
        "start" => preset.start = value.split_whitespace().map(start_piece).collect::<Result<_, _>>()?,
        "credit" => preset.credit = Some(number(value, "credit")?),
        "prices" => preset.prices = counts(value)?,
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
