//! Typed access to command arguments (GTP commands, the variants' own
//! commands among them). Every failure is a GTP error text.

use crate::color::Color;
use crate::moves::{self, Move, Vertex};

pub struct Args<'a> {
    pub words: &'a [String],
}

impl<'a> Args<'a> {
    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Requires between `min` and `max` arguments.
    pub fn count(&self, min: usize, max: usize) -> Result<(), String> {
        let n = self.words.len();
        if n < min || n > max {
            let wanted = if min == max {
                format!("{min}")
            } else if max == usize::MAX {
                format!("at least {min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(format!("syntax error: expected {wanted} arguments, got {n}"));
        }
        Ok(())
    }

    pub fn word(&self, i: usize) -> Result<&'a str, String> {
        self.words
            .get(i)
            .map(String::as_str)
            .ok_or_else(|| format!("syntax error: missing argument {}", i + 1))
    }

    pub fn color(&self, i: usize) -> Result<Color, String> {
        let w = self.word(i)?;
        Color::parse(w).ok_or_else(|| format!("syntax error: invalid color '{w}'"))
    }

    pub fn int<T: std::str::FromStr>(&self, i: usize) -> Result<T, String> {
        let w = self.word(i)?;
        w.parse().map_err(|_| format!("syntax error: invalid number '{w}'"))
    }

    pub fn float(&self, i: usize) -> Result<f64, String> {
        let value: f64 = self.int(i)?;
        if !value.is_finite() {
            return Err(format!("syntax error: invalid number '{}'", self.words[i]));
        }
        Ok(value)
    }

    /// `on` or `off`.
    pub fn switch(&self, i: usize) -> Result<bool, String> {
        match self.word(i)?.to_ascii_lowercase().as_str() {
            "on" => Ok(true),
            "off" => Ok(false),
            other => Err(format!("syntax error: expected on or off, got '{other}'")),
        }
    }

    /// A plain GTP vertex on the board, or `pass`: `None` for pass.
    pub fn vertex_or_pass(&self, i: usize, size: usize) -> Result<Option<Vertex>, String> {
        let w = self.word(i)?;
        if w.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        self.vertex(i, size).map(Some)
    }

    pub fn vertex(&self, i: usize, size: usize) -> Result<Vertex, String> {
        let w = self.word(i)?;
        let v = Vertex::parse(w).ok_or_else(|| format!("syntax error: invalid vertex '{w}'"))?;
        if !v.on_board(size) {
            return Err(format!("invalid vertex '{w}': off the {size}x{size} board"));
        }
        Ok(v)
    }

    /// A move in the typed notation. Points joined by `+` that make no
    /// piece, or leave the board, are an illegal drop rather than bad syntax.
    pub fn typed_move(&self, i: usize, size: usize) -> Result<Move, String> {
        let word = self.word(i)?;
        Move::parse(word, size).map_err(|e| match moves::is_drop_notation(word) {
            true => format!("illegal move: {e}"),
            false => format!("syntax error: {e}"),
        })
    }
}
