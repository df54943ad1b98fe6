//! Presets: variants described as data, after Fairy-Stockfish's variant
//! files. A preset text has `[sections]`, `key = value` lines, `#`
//! comments, and `inherits = NAME`, by which a section takes every key of
//! another first. Each family of variants reads the keys into a preset
//! type of its own, which implements [`Schema`]: War Go's armies
//! (`presets/wargo.ini`), Group Go's pieces (`presets/groupgo.ini`).
//!
//! A game record keeps a preset on one line, every key resolved:
//! `NAME;key=value;...` (see [`record_line`] and [`from_record`]).

pub mod family;

pub use family::{setup_from_file, setup_with, Builtin, FamilyPreset, PresetFamily};

use crate::moves::MAX_SIZE;
use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;
use std::path::Path;

/// The most presets a chain of `inherits` may pass through: deeper chains
/// are mistakes, and the bound keeps resolving a preset cheap.
pub const MAX_DEPTH: usize = 64;
/// The longest line of a preset text: a `start` line that fills the
/// largest board with owned pieces is about 11,000 characters.
pub const MAX_LINE: usize = 16 * 1024;
/// The largest preset text.
pub const MAX_TEXT: usize = 1024 * 1024;
/// The points of the largest board, which bound every count of pieces.
pub const MAX_POINTS: u64 = (MAX_SIZE * MAX_SIZE) as u64;

/// What a family's presets are made of.
pub trait Schema: Sized + Clone {
    /// The family's name in messages, e.g. `War Go`.
    const FAMILY: &'static str;
    /// The built-in presets' file, which documents the format.
    const FILE: &'static str;
    /// The built-in presets' text.
    const BUILTIN: &'static str;
    /// The keys a section may hold besides `inherits`.
    const KEYS: &'static [&'static str];
    /// The preset `name` before any key is applied.
    fn blank(name: &str) -> Self;
    /// Names the preset: a section starts from the one it inherits.
    fn rename(&mut self, name: &str);
    /// Applies one key's value, or says what is wrong with it.
    fn apply(&mut self, key: &str, value: &str) -> Result<(), String>;
    /// Checks the preset once every key is applied.
    fn check(&self) -> Result<(), String>;
}

#[derive(Clone, Debug)]
struct Section {
    name: String,
    /// `key`, `value`, line number.
    entries: Vec<(String, String, usize)>,
}

impl Section {
    /// The preset it inherits and the line that says so.
    fn parent(&self) -> Option<(String, usize)> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _, _)| k == "inherits")
            .map(|(_, v, l)| (v.to_ascii_lowercase(), *l))
    }
}

/// A set of preset sections, from one or more texts.
#[derive(Clone, Debug)]
pub struct Library<S> {
    sections: HashMap<String, Section>,
    schema: PhantomData<S>,
}

impl<S> Default for Library<S> {
    fn default() -> Library<S> {
        Library {
            sections: HashMap::new(),
            schema: PhantomData,
        }
    }
}

/// Presets resolved so far (before their check), with their depth in
/// `inherits`: each section is resolved once however many inherit it.
type Resolved<S> = HashMap<String, (S, usize)>;

impl<S: Schema> Library<S> {
    /// The built-in presets.
    pub fn builtin() -> Library<S> {
        let mut library = Library::default();
        library.add(S::BUILTIN).expect("the built-in presets parse");
        library
    }

    /// Adds the sections of `text`; a section of a known name replaces it.
    /// Errors name the line. Returns the names of the sections read.
    pub fn add(&mut self, text: &str) -> Result<Vec<String>, String> {
        if text.len() > MAX_TEXT {
            return Err(format!(
                "{} bytes, more than the {MAX_TEXT} a preset text may hold",
                text.len()
            ));
        }
        let mut read: Vec<Section> = Vec::new();
        let mut names = HashSet::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            if raw.len() > MAX_LINE {
                return Err(format!(
                    "line {line}: {} characters, more than the {MAX_LINE} a preset line may hold",
                    raw.len()
                ));
            }
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if let Some(rest) = content.strip_prefix('[') {
                let name = rest
                    .strip_suffix(']')
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))
                    .ok_or_else(|| format!("line {line}: bad section header '{content}'"))?
                    .to_ascii_lowercase();
                if !names.insert(name.clone()) {
                    return Err(format!("line {line}: section [{name}] appears twice"));
                }
                read.push(Section {
                    name,
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
            check_key::<S>(&key).map_err(|e| format!("line {line}: {e}"))?;
            section.entries.push((key, value.trim().to_string(), line));
        }
        if read.is_empty() {
            return Err("no [section] in the preset file".into());
        }
        let names: Vec<String> = read.iter().map(|s| s.name.clone()).collect();
        for section in read {
            self.sections.insert(section.name.clone(), section);
        }
        // Resolve every new section now, so errors show at load time.
        let mut resolved = Resolved::new();
        for name in &names {
            self.resolve(name, &mut resolved)?.0.check()?;
        }
        Ok(names)
    }

    /// Adds the sections of `text` and returns the preset named `wanted`
    /// if the text has it, else the text's last.
    pub fn add_and_choose(&mut self, text: &str, wanted: &str) -> Result<S, String> {
        let names = self.add(text)?;
        let name = names
            .iter()
            .find(|n| *n == wanted)
            .or(names.last())
            .expect("a text has a section");
        self.preset(name)
    }

    /// The preset `name` with its inherited keys.
    pub fn preset(&self, name: &str) -> Result<S, String> {
        let (preset, _) = self.resolve(name, &mut Resolved::new())?;
        preset.check()?;
        Ok(preset)
    }

    /// The preset `name` before its check, and its depth: walks up the
    /// `inherits` chain to a preset resolved before (or one that inherits
    /// nothing), then applies the sections' keys back down, keeping each.
    fn resolve(&self, name: &str, resolved: &mut Resolved<S>) -> Result<(S, usize), String> {
        let name = name.to_ascii_lowercase();
        let mut chain: Vec<&Section> = Vec::new();
        let mut next = Some((name.clone(), 0));
        let mut base = None;
        while let Some((current, line)) = next.take() {
            if let Some(done) = resolved.get(&current) {
                base = Some(done.clone());
                break;
            }
            let section = self.sections.get(&current).ok_or_else(|| match line {
                0 => format!("unknown preset '{current}'"),
                _ => format!("line {line}: inherits unknown preset '{current}'"),
            })?;
            if chain.iter().any(|s| s.name == section.name) {
                return Err(format!("line {line}: preset '{current}' inherits itself"));
            }
            chain.push(section);
            if chain.len() > MAX_DEPTH {
                break;
            }
            next = section.parent();
        }
        let depth = chain.len() + base.as_ref().map_or(0, |(_, depth)| *depth);
        if depth > MAX_DEPTH {
            let line = chain[0].parent().map_or(0, |(_, line)| line);
            return Err(format!(
                "line {line}: preset '{name}' inherits through more than {MAX_DEPTH} presets, the most allowed"
            ));
        }
        let (mut preset, mut depth) = base.unwrap_or_else(|| (S::blank(&name), 0));
        for section in chain.iter().rev() {
            preset.rename(&section.name);
            for (key, value, line) in &section.entries {
                if key != "inherits" {
                    preset.apply(key, value).map_err(|e| format!("line {line}: {e}"))?;
                }
            }
            depth += 1;
            resolved.insert(section.name.clone(), (preset.clone(), depth));
        }
        Ok((preset, depth))
    }
}

/// A preset file's text, refused when it is a directory, not text, or
/// larger than [`MAX_TEXT`] (read no further, so a device never ends it).
pub fn read_file(path: &Path) -> Result<String, String> {
    let shown = path.display();
    if path.is_dir() {
        return Err(format!("{shown} is a directory, not a preset file"));
    }
    let bytes = crate::files::read_at_most(path, MAX_TEXT as u64).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() > MAX_TEXT {
        return Err(format!(
            "{shown} is larger than the {MAX_TEXT} bytes a preset file may hold"
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{shown} is not UTF-8 text"))
}

/// A count of pieces that cover `points` points each: no more than the
/// largest board holds.
pub fn piece_count(text: &str, piece: &str, points: u32) -> Result<u32, String> {
    let count: u64 = number(text, "count")?;
    let covered = count.saturating_mul(points.into());
    if covered > MAX_POINTS {
        let what = if points == 1 {
            format!("{count} {piece} pieces")
        } else {
            format!("{count} {piece} pieces of {points} points")
        };
        return Err(format!(
            "{what} are more than the largest board ({MAX_SIZE}x{MAX_SIZE}, {MAX_POINTS} points) holds"
        ));
    }
    Ok(count as u32)
}

/// A number of at most `max`.
pub fn bounded(text: &str, what: &str, max: u32) -> Result<u32, String> {
    let value: u64 = number(text, what)?;
    u32::try_from(value)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("{what} {value} is more than the most allowed, {max}"))
}

fn check_key<S: Schema>(key: &str) -> Result<(), String> {
    if key == "inherits" || S::KEYS.contains(&key) {
        Ok(())
    } else {
        let known: Vec<&str> = std::iter::once("inherits").chain(S::KEYS.iter().copied()).collect();
        Err(format!("unknown key '{key}' (known: {})", known.join(" ")))
    }
}

/// A preset on one line, for a game record: its name, then `key=value`
/// items, `;` between.
pub fn record_line(name: &str, items: &[(&str, String)]) -> String {
    std::iter::once(name.to_string())
        .chain(items.iter().map(|(key, value)| format!("{key}={value}")))
        .collect::<Vec<_>>()
        .join(";")
}

/// The items every family's record starts with: the board's size, the
/// sizes it takes, and the komi.
pub fn board_items(size: usize, sizes: (usize, usize), komi: f32) -> Vec<(&'static str, String)> {
    vec![
        ("size", size.to_string()),
        ("sizes", format!("{}-{}", sizes.0, sizes.1)),
        ("komi", komi.to_string()),
    ]
}

/// The `hand.black` and `hand.white` items of the hands that hold
/// anything, by each hand's `text` (`None` for an empty hand).
pub fn hand_items<H>(hands: &[H; 2], text: impl Fn(&H) -> Option<String>) -> Vec<(&'static str, String)> {
    let keys = ["hand.black", "hand.white"];
    keys.into_iter()
        .zip(hands)
        .filter_map(|(key, hand)| text(hand).map(|t| (key, t)))
        .collect()
}

/// Reads a preset written by [`record_line`].
pub fn from_record<S: Schema>(text: &str) -> Result<S, String> {
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
    let mut library = Library::<S>::default();
    library.add(&section).map_err(|e| format!("preset record: {e}"))?;
    library.preset(name)
}

/// A number of the preset's, or a message naming what is wrong.
pub fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| format!("bad {what} '{text}'"))
}

/// A board size, 2 to 25.
pub fn board_size(text: &str) -> Result<usize, String> {
    let size: usize = number(text, "size")?;
    if (2..=crate::moves::MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(format!("size {size} is outside 2-{}", crate::moves::MAX_SIZE))
    }
}

/// `MIN-MAX` board sizes.
pub fn size_range(text: &str) -> Result<(usize, usize), String> {
    let (low, high) = text
        .split_once('-')
        .ok_or_else(|| format!("expected MIN-MAX, got '{text}'"))?;
    let (low, high) = (board_size(low)?, board_size(high)?);
    if low > high {
        return Err(format!("empty size range '{text}'"));
    }
    Ok((low, high))
}

/// A komi, finite and at most 1000 either way.
pub fn komi(text: &str) -> Result<f32, String> {
    let komi: f32 = number(text, "komi")?;
    if !komi.is_finite() || komi.abs() > 1000.0 {
        return Err(format!("komi {text} is out of range"));
    }
    Ok(komi)
}
