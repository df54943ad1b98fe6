//! A board point and its GTP spelling (`D4`): the one type every layer
//! shares, below the moves and the pieces that refer to it.

use nom::character::complete::{satisfy, u8 as dec_u8};
use nom::combinator::{all_consuming, map_opt};
use nom::{IResult, Parser};
use std::fmt;

/// The largest board GTP can address.
pub const MAX_SIZE: usize = 25;

/// A board point: column `x` from the left, row `y` from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub x: u8,
    pub y: u8,
}

impl Vertex {
    pub fn new(x: usize, y: usize) -> Vertex {
        Vertex { x: x as u8, y: y as u8 }
    }

    /// True when the vertex lies on a board of the given size.
    pub fn on_board(self, size: usize) -> bool {
        (self.x as usize) < size && (self.y as usize) < size
    }

    /// Parses a GTP vertex such as `D4` (any case); `pass` is not a vertex.
    pub fn parse(text: &str) -> Option<Vertex> {
        all_consuming(vertex).parse(text).ok().map(|(_, v)| v)
    }
}

/// GTP column letters: `I` is skipped.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Vertex {
    /// Writes the vertex by hand, a character at a time, not through
    /// `write!`: a legal-move list of polyomino drops writes tens of
    /// thousands of vertices.
    pub fn write_into(self, out: &mut impl fmt::Write) -> fmt::Result {
        let row = self.y + 1;
        out.write_char(COLUMNS[self.x as usize] as char)?;
        if row >= 10 {
            out.write_char((b'0' + row / 10) as char)?;
        }
        out.write_char((b'0' + row % 10) as char)
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.write_into(f)
    }
}

/// A GTP vertex: a column letter (not `I`) and a row from 1 to 25.
pub fn vertex(input: &str) -> IResult<&str, Vertex> {
    let column = map_opt(satisfy(|c| c.is_ascii_alphabetic()), |c| {
        let upper = c.to_ascii_uppercase() as u8;
        COLUMNS.iter().position(|&l| l == upper)
    });
    map_opt((column, dec_u8), |(x, row)| {
        (1..=MAX_SIZE as u8)
            .contains(&row)
            .then(|| Vertex::new(x, row as usize - 1))
    })
    .parse(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vertex_is_written_as_its_column_and_row_and_reads_back() {
        for (x, &column) in COLUMNS.iter().enumerate() {
            for y in 0..MAX_SIZE {
                let v = Vertex::new(x, y);
                let text = v.to_string();
                assert_eq!(text, format!("{}{}", column as char, y + 1));
                assert_eq!(Vertex::parse(&text), Some(v), "{text}");
            }
        }
        assert_eq!(Vertex::new(8, 9).to_string(), "J10", "no I column");
        assert_eq!(Vertex::new(24, 24).to_string(), "Z25");
    }
}
