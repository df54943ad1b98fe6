//! Group Go and its relatives as data: which pieces a turn may drop, and
//! which each hand holds (see presets/groupgo.ini, which is built in),
//! read by the shared preset reader of [`crate::variants::presets`].

use crate::moves::MAX_SIZE;
use crate::polyomino::Omino;
use crate::variants::presets::{self, board_size, FamilyPreset, Schema};

/// The built-in presets.
pub const BUILTIN: &str = include_str!("../../../presets/groupgo.ini");

/// The Group Go family's presets.
pub type Library = presets::Library<Preset>;

/// A set of pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces(u16);

impl Pieces {
    pub fn contains(self, omino: Omino) -> bool {
        self.0 & 1 << omino.index() != 0
    }

    pub fn insert(&mut self, omino: Omino) {
        self.0 |= 1 << omino.index();
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Omino> {
        Omino::ALL.into_iter().filter(move |&o| self.contains(o))
    }

    /// The pieces by name, `i4 o4` (empty: `none`).
    pub fn text(self) -> String {
        let names: Vec<&str> = self.iter().map(Omino::name).collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(" ")
        }
    }

    fn parse(text: &str) -> Result<Pieces, String> {
        let mut pieces = Pieces::default();
        for name in text.split_whitespace() {
            pieces.insert(Omino::parse(name)?);
        }
        Ok(pieces)
    }
}

/// How many of each piece one side holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub [u32; 10]);

impl Hand {
    pub fn get(&self, omino: Omino) -> u32 {
        self.0[omino.index()]
    }

    pub fn set(&mut self, omino: Omino, count: u32) {
        self.0[omino.index()] = count;
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The pieces it holds at least one of.
    pub fn pieces(&self) -> Pieces {
        let mut pieces = Pieces::default();
        for omino in Omino::ALL.into_iter().filter(|&o| self.get(o) > 0) {
            pieces.insert(omino);
        }
        pieces
    }

    /// `i3:1 t4:2`-style text of the non-zero entries (empty: `none`).
    pub fn text(&self) -> String {
        let parts: Vec<String> = Omino::ALL
            .iter()
            .filter(|&&o| self.get(o) > 0)
            .map(|&o| format!("{o}:{}", self.get(o)))
            .collect();
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(" ")
        }
    }

    fn parse(text: &str) -> Result<Hand, String> {
        let mut hand = Hand::default();
        for item in text.split_whitespace() {
            let (name, count) = item
                .split_once(':')
                .ok_or_else(|| format!("expected piece:count, got '{item}'"))?;
            let omino = Omino::parse(name)?;
            hand.set(omino, presets::piece_count(count, name, omino.cells() as u32)?);
        }
        Ok(hand)
    }
}

/// One preset, every key resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    pub name: String,
    pub size: usize,
    pub min_size: usize,
    pub max_size: usize,
    pub komi: f32,
    /// Whether a turn may place a single stone.
    pub stones: bool,
    /// Each side's counted pieces, black first.
    pub hands: [Hand; 2],
    /// Pieces any turn may drop, without limit.
    pub pieces: Pieces,
    /// The only pieces of the game's first move; empty: no such rule.
    pub first: Pieces,
}

impl Preset {
    /// Reads a preset written by [`Preset::record`].
    pub fn from_record(text: &str) -> Result<Preset, String> {
        presets::from_record(text)
    }

    /// Every piece a side could ever drop: the first move's, the unlimited
    /// ones, and those of either hand.
    pub fn all_pieces(&self) -> Pieces {
        let mut all = self.pieces;
        for omino in self
            .first
            .iter()
            .chain(self.hands[0].pieces().iter())
            .chain(self.hands[1].pieces().iter())
        {
            all.insert(omino);
        }
        all
    }
}

impl FamilyPreset for Preset {
    fn size_and_komi(&self) -> (usize, f32) {
        (self.size, self.komi)
    }

    fn fits(&self, size: usize) -> bool {
        (self.min_size..=self.max_size).contains(&size)
    }

    fn record(&self) -> String {
        let mut items = presets::board_items(self.size, (self.min_size, self.max_size), self.komi);
        items.push(("stones", if self.stones { "yes" } else { "no" }.to_string()));
        items.extend(presets::hand_items(&self.hands, |h| (!h.is_empty()).then(|| h.text())));
        if !self.pieces.is_empty() {
            items.push(("pieces", self.pieces.text()));
        }
        if !self.first.is_empty() {
            items.push(("first", self.first.text()));
        }
        presets::record_line(&self.name, &items)
    }
}

impl Schema for Preset {
    const FAMILY: &'static str = "Group Go";
    const FILE: &'static str = "presets/groupgo.ini";
    const BUILTIN: &'static str = BUILTIN;
    const KEYS: &'static [&'static str] = &[
        "size",
        "sizes",
        "komi",
        "stones",
        "hand",
        "hand.black",
        "hand.white",
        "pieces",
        "first",
    ];

    fn blank(name: &str) -> Preset {
        Preset {
            name: name.to_string(),
            size: 19,
            min_size: 2,
            max_size: MAX_SIZE,
            komi: 7.5,
            stones: true,
            hands: [Hand::default(); 2],
            pieces: Pieces::default(),
            first: Pieces::default(),
        }
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    fn apply(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "size" => self.size = board_size(value)?,
            "sizes" => (self.min_size, self.max_size) = presets::size_range(value)?,
            "komi" => self.komi = presets::komi(value)?,
            "stones" => {
                self.stones = match value.to_ascii_lowercase().as_str() {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(format!("expected yes or no, got '{value}'")),
                }
            }
            "hand" => self.hands = [Hand::parse(value)?; 2],
            "hand.black" => self.hands[0] = Hand::parse(value)?,
            "hand.white" => self.hands[1] = Hand::parse(value)?,
            "pieces" => self.pieces = Pieces::parse(value)?,
            "first" => self.first = Pieces::parse(value)?,
            _ => return Err(format!("unknown key '{key}'")),
        }
        Ok(())
    }

    fn check(&self) -> Result<(), String> {
        let name = &self.name;
        if !self.fits(self.size) {
            return Err(format!("preset '{name}': its size {} is not accepted", self.size));
        }
        if self.stones && !self.pieces.is_empty() {
            return Err(format!(
                "preset '{name}': with stones = yes the pieces go in hands (a click on a point is a stone)"
            ));
        }
        if !self.stones && self.pieces.is_empty() {
            return Err(format!("preset '{name}': a turn drops nothing (no stones, no pieces)"));
        }
        // A drop is clicked point by point: a smaller piece would end the
        // clicks of a larger one.
        for (key, set) in [("pieces", self.pieces), ("first", self.first)] {
            let mut sizes = set.iter().map(Omino::cells);
            if let Some(first) = sizes.next() {
                if sizes.any(|n| n != first) {
                    return Err(format!(
                        "preset '{name}': the {key} must all have the same number of points"
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_presets_resolve_and_read_back() {
        let library = Library::builtin();
        let group = library.preset("group-go").unwrap();
        assert!(group.stones && group.pieces.is_empty());
        assert_eq!(group.hands[0].get(Omino::T4), 1);
        assert_eq!(group.hands[1].pieces().iter().count(), 9);
        let omino = library.preset("omino-go").unwrap();
        assert_eq!(omino.pieces.iter().count(), 7);
        assert_eq!(omino.first.text(), "domino");
        let domingo = library.preset("domingo").unwrap();
        assert_eq!((domingo.size, domingo.pieces.text()), (13, "domino".to_string()));
        for preset in [group, omino, domingo] {
            assert_eq!(Preset::from_record(&preset.record()).unwrap(), preset);
        }
    }

    #[test]
    fn bad_presets_are_refused_with_the_line() {
        let mut library = Library::builtin();
        let err = library.add("[x]\ninherits = group-go\nhand = q4:1\n").unwrap_err();
        assert!(
            err.starts_with("line 3:") && err.contains("unknown piece 'q4'"),
            "{err}"
        );
        let err = library.add("[x]\ninherits = group-go\npieces = domino\n").unwrap_err();
        assert!(err.contains("pieces go in hands"), "{err}");
        let err = library.add("[x]\nstones = no\n").unwrap_err();
        assert!(err.contains("drops nothing"), "{err}");
        let err = library.add("[x]\nstones = no\npieces = domino i3\n").unwrap_err();
        assert!(err.contains("same number of points"), "{err}");
        let err = library.add("[x]\nstones = maybe\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        let tromino = library
            .add("[tromino-go]\ninherits = domingo\npieces = i3 l3\n")
            .unwrap();
        assert_eq!(tromino, ["tromino-go"]);
        assert_eq!(library.preset("tromino-go").unwrap().size, 13);
    }
}
