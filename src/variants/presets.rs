//! Presets: variants described as data, after Fairy-Stockfish's variant
//! files. A preset text has `[sections]`, `key = value` lines, `#`
//! comments, and `inherits = NAME`, by which a section takes every key of
//! another first. Each family of variants reads the keys into a preset
//! type of its own, which implements [`Schema`]: War Go's armies
//! (`presets/wargo.ini`), Group Go's pieces (`presets/groupgo.ini`).
//!
//! A game record keeps a preset on one line, every key resolved:
//! `NAME;key=value;...` (see [`record_line`] and [`from_record`]).

use std::marker::PhantomData;

/// What a family's presets are made of.
pub trait Schema: Sized {
    /// The built-in presets' text.
    const BUILTIN: &'static str;
    /// The keys a section may hold besides `inherits`.
    const KEYS: &'static [&'static str];
    /// The preset `name` before any key is applied.
    fn blank(name: &str) -> Self;
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

/// A set of preset sections, from one or more texts.
#[derive(Clone, Debug)]
pub struct Library<S> {
    sections: Vec<Section>,
    schema: PhantomData<S>,
}

impl<S> Default for Library<S> {
    fn default() -> Library<S> {
        Library {
            sections: Vec::new(),
            schema: PhantomData,
        }
    }
}

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
            check_key::<S>(&key).map_err(|e| format!("line {line}: {e}"))?;
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
    pub fn preset(&self, name: &str) -> Result<S, String> {
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
        let mut preset = S::blank(&name.to_ascii_lowercase());
        for section in chain.iter().rev() {
            for (key, value, line) in &section.entries {
                if key != "inherits" {
                    preset.apply(key, value).map_err(|e| format!("line {line}: {e}"))?;
                }
            }
        }
        preset.check()?;
        Ok(preset)
    }
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
