//! Expected output as the golden transcripts and the docs' examples write
//! it, one item a line: the line itself (trailing spaces ignored), `~ regex`
//! for a line that matches the pattern in full, or `...` for any number of
//! lines.

use regex::Regex;

pub enum Expect {
    Line(String),
    Regex(String),
    Any,
}

impl Expect {
    pub fn parse(line: &str) -> Expect {
        if line == "..." {
            Expect::Any
        } else if let Some(re) = line.strip_prefix("~ ") {
            Expect::Regex(re.to_string())
        } else {
            Expect::Line(line.to_string())
        }
    }
}

/// True when the written line is a pattern (`~ regex` or `...`), which
/// rewriting the expectations from actual output must keep.
pub fn is_pattern(line: &str) -> bool {
    line == "..." || line.starts_with("~ ")
}

/// True when `actual` is what `expect` describes.
pub fn matches(expect: &[Expect], actual: &[&str]) -> bool {
    match expect.split_first() {
        None => actual.is_empty(),
        Some((Expect::Any, rest)) => (0..=actual.len()).any(|skip| matches(rest, &actual[skip..])),
        Some((first, rest)) => {
            let Some((line, others)) = actual.split_first() else {
                return false;
            };
            let ok = match first {
                Expect::Line(text) => line.trim_end() == text.trim_end(),
                Expect::Regex(re) => Regex::new(&format!("^(?:{re})$"))
                    .unwrap_or_else(|e| panic!("bad regex {re}: {e}"))
                    .is_match(line),
                Expect::Any => unreachable!(),
            };
            ok && matches(rest, others)
        }
    }
}
