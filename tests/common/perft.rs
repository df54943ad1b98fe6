//! The perft data in `tests/perft/`, read in one place: one file per
//! variant, one case a line, `<variant> <size> <depth> <count> [key=value
//! ...]`, `#` starting a comment. The keys are the setup options
//! (`start=crosscut`, `henge=B2`, `preset=...`), read by the engine's own
//! validator, and for a position other than the start
//! `position="ROW/ROW/..."` (a diagram, rows from the top, in the variant's
//! letters: see `VariantSpec::from_diagram`) with `to_move=black|white`.
//! A value with spaces goes in double quotes.

use std::path::PathBuf;
use variago::{Color, Game, Setup, Variant};

#[derive(Clone, Debug)]
pub struct Case {
    pub file: String,
    pub line: usize,
    pub setup: Setup,
    pub depth: usize,
    pub count: u64,
    /// The diagram's rows, from the top; `None` for the start position.
    pub position: Option<Vec<String>>,
    pub to_move: Color,
}

impl Case {
    /// Where the case stands: `go.txt:12`.
    pub fn name(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    pub fn variant(&self) -> Variant {
        self.setup.variant
    }

    /// The engine's position of the case.
    pub fn game(&self) -> Game {
        match &self.position {
            None => Game::new(&self.setup),
            Some(rows) => {
                let read = self.variant().spec().from_diagram.expect("checked by parse_line");
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                read(&self.setup, &rows, self.to_move).unwrap_or_else(|e| panic!("{}: {e}", self.name()))
            }
        }
    }
}

/// The words of a line: whitespace apart, except inside double quotes,
/// which are dropped.
fn words(text: &str) -> Result<Vec<String>, String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if quoted {
        return Err("unclosed quote".into());
    }
    if !word.is_empty() {
        words.push(word);
    }
    Ok(words)
}

/// One line of a perft file: `None` for a comment or an empty line.
pub fn parse_line(file: &str, line: usize, text: &str) -> Result<Option<Case>, String> {
    let text = text.split('#').next().unwrap_or("").trim();
    if text.is_empty() {
        return Ok(None);
    }
    let words = words(text)?;
    if words.len() < 4 {
        return Err("expected <variant> <size> <depth> <count> [key=value ...]".into());
    }
    let variant = Variant::parse(&words[0]).ok_or_else(|| format!("unknown variant {}", words[0]))?;
    let number = |i: usize| -> Result<u64, String> { words[i].parse().map_err(|_| format!("bad number {}", words[i])) };
    let mut case = Case {
        file: file.to_string(),
        line,
        setup: Setup {
            size: number(1)? as usize,
            ..Setup::new(variant)
        },
        depth: number(2)? as usize,
        count: number(3)?,
        position: None,
        to_move: Color::Black,
    };
    for option in &words[4..] {
        let (key, value) = option.split_once('=').ok_or_else(|| format!("bad option {option}"))?;
        match key {
            "position" => case.position = Some(value.split('/').map(|r| r.trim().to_string()).collect()),
            "to_move" => case.to_move = Color::parse(value).ok_or_else(|| format!("bad colour {value}"))?,
            _ => case.setup.apply_option(key, value)?,
        }
    }
    if !case.setup.accepts_size(case.setup.size) {
        return Err(format!("size {} unacceptable for {}", case.setup.size, variant.name()));
    }
    if let Some(rows) = &case.position {
        if variant.spec().from_diagram.is_none() {
            return Err(format!("{} reads no diagram", variant.name()));
        }
        if rows.len() != case.setup.size {
            return Err(format!("the position has {} rows, not {}", rows.len(), case.setup.size));
        }
    }
    Ok(Some(case))
}

/// Every case of every file in `tests/perft/`, the files in name order.
pub fn cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        for (i, line) in text.lines().enumerate() {
            match parse_line(&file, i + 1, line) {
                Ok(Some(case)) => cases.push(case),
                Ok(None) => {}
                Err(e) => panic!("{file}:{}: {e}", i + 1),
            }
        }
    }
    cases
}
