//! SGF records: reading the main line of a file, and writing a game.
//!
//! Standard Go files are plain `FF[4] GM[1]` SGF. Every variant uses the same
//! encoding, so that Go viewers still open the file: the root carries
//! `VV[variant]` when the game is not standard Go and `VO[key=value]...` for
//! start options that differ from the defaults, each move node carries
//! `B[point]` or `W[point]` with the move's target point (empty for a pass),
//! and a move that is not a plain placement adds its typed notation in
//! `MV[...]`, e.g. `;W[cc]MV[henge@C3]`. Reading prefers `MV` over the point.

use crate::color::Color;
use crate::moves::{Move, Vertex};
use std::path::Path;

/// The largest file read as a record or an opening book: a game takes a
/// few kilobytes, so this holds collections of tens of thousands.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most nodes a main line may have: real games have hundreds.
pub const MAX_MAIN_LINE_NODES: usize = 1_000_000;
/// The deepest variations may nest: each level of a branch is one.
pub const MAX_NESTING: usize = 10_000;

/// What a Go SGF file holds along its main line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SgfGame {
    /// `VV`: the variant's name; `None` for standard Go.
    pub variant: Option<String>,
    /// `VO`: start options of the variant, `key=value` each.
    pub options: Vec<(String, String)>,
    pub size: usize,
    pub komi: Option<f32>,
    pub black_setup: Vec<Vertex>,
    pub white_setup: Vec<Vertex>,
    pub moves: Vec<(Color, Move)>,
    /// `PL`: who plays next, when the file says.
    pub to_play: Option<Color>,
    /// `AP`: the program that wrote the file, when it says (read only).
    pub application: Option<String>,
}

impl SgfGame {
    /// True for a record that GoGui saved: it names no variant, and its
    /// moves are the clicks GoGui sent, on the points of its frame.
    pub fn saved_by_gogui(&self) -> bool {
        self.variant.is_none() && self.application.as_deref().is_some_and(|a| a.starts_with("GoGui"))
    }
}

/// The text of an SGF file, refused beyond [`MAX_FILE_BYTES`]. Bytes that
/// are not UTF-8, such as Latin-1 comments, become U+FFFD: the structure
/// and the values read are ASCII.
pub fn read_file(path: &Path) -> Result<String, String> {
    let bytes = crate::files::read_at_most(path, MAX_FILE_BYTES).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("larger than {} MB", MAX_FILE_BYTES >> 20));
    }
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// The game trees of an SGF collection, each as its own text: the reader
/// takes the first game of a text.
pub fn split_collection(text: &str) -> Vec<&str> {
    let mut trees = Vec::new();
    let (mut depth, mut start, mut in_value, mut escaped) = (0usize, None, false, false);
    for (i, c) in text.char_indices() {
        if in_value {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' => in_value = true,
            '(' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    if let Some(s) = start.take() {
                        trees.push(&text[s..=i]);
                    }
                }
            }
            _ => {}
        }
    }
    if trees.is_empty() || depth > 0 {
        // Let the SGF reader say what is wrong with it.
        return vec![text];
    }
    trees
}

/// The properties variago reads; the reader skips the values of others
/// without keeping them.
const READ_PROPERTIES: [&str; 12] = ["GM", "SZ", "KM", "AB", "AW", "B", "W", "PL", "AP", "VV", "VO", "MV"];

/// A property of a main-line node: its identifier, with the lowercase
/// letters of FF[3]'s long names (`AddBlack`) dropped, and its values
/// without their escapes.
#[derive(Debug)]
struct Property {
    id: String,
    values: Vec<String>,
}

impl Property {
    fn invalid(&self) -> String {
        let values: String = self.values.iter().map(|v| format!("[{v}]")).collect();
        format!("invalid property {}{}", self.id, one_line(&values))
    }

    fn single(&self) -> Result<&str, String> {
        match &self.values[..] {
            [value] => Ok(value),
            _ => Err(self.invalid()),
        }
    }

    fn number<T: std::str::FromStr>(&self) -> Result<T, String> {
        self.single()?.trim().parse().map_err(|_| self.invalid())
    }
}

/// Reads an SGF game tree with a cursor and counters, never recursing, so
/// that no depth of nesting or length of line can exhaust the stack.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn error(&self, what: &str) -> String {
        let line = 1 + self.text.as_bytes()[..self.at].iter().filter(|&&b| b == b'\n').count();
        format!("bad SGF: {what} on line {line}")
    }

    /// Reads the first game tree: calls `visit` with each main-line node's
    /// properties, then checks the rest of the tree without keeping it.
    fn first_tree(&mut self, mut visit: impl FnMut(usize, Vec<Property>) -> Result<(), String>) -> Result<(), String> {
        // Anything before the first tree, such as a byte-order mark, is not SGF.
        match self.text.find('(') {
            Some(start) => self.at = start,
            None => return Err("bad SGF: no game tree".into()),
        }
        let (mut depth, mut main_line_nodes, mut on_main_line) = (0usize, 0usize, true);
        loop {
            self.skip_whitespace();
            let Some(byte) = self.peek() else {
                return Err(self.error("the file ends inside a game tree"));
            };
            match byte {
                b'(' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(format!("variations nested more than {MAX_NESTING} deep"));
                    }
                    self.at += 1;
                    self.skip_whitespace();
                    if self.peek() != Some(b';') {
                        return Err(self.error("a game tree without a node"));
                    }
                }
                b')' => {
                    self.at += 1;
                    // The main line runs down the first branch of every
                    // fork, so the first tree to close ends it.
                    on_main_line = false;
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b';' => {
                    self.at += 1;
                    let properties = self.properties(on_main_line)?;
                    if on_main_line {
                        if main_line_nodes == MAX_MAIN_LINE_NODES {
                            return Err(format!("more than {MAX_MAIN_LINE_NODES} nodes on the main line"));
                        }
                        visit(main_line_nodes, properties)?;
                        main_line_nodes += 1;
                    }
                }
                _ => {
                    let found = self.text[self.at..].chars().next().unwrap_or_default();
                    return Err(self.error(&format!("unexpected {found:?}")));
                }
            }
        }
    }

    /// The properties of a node, those variago reads if `keep`.
    fn properties(&mut self, keep: bool) -> Result<Vec<Property>, String> {
        let mut properties = Vec::new();
        loop {
            self.skip_whitespace();
            let start = self.at;
            // Identifiers are capitals; lowercase letters (FF[3]'s long
            // names) and digits of nonstandard ones are let through.
            while self.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
                self.at += 1;
            }
            if self.at == start {
                return Ok(properties);
            }
            let name = &self.text[start..self.at];
            let id: String = name.chars().filter(char::is_ascii_uppercase).collect();
            let keep = keep && READ_PROPERTIES.contains(&id.as_str());
            let mut values = Vec::new();
            self.skip_whitespace();
            if self.peek() != Some(b'[') {
                return Err(self.error(&format!("property {name} without a value")));
            }
            while self.peek() == Some(b'[') {
                self.at += 1;
                let value = self.value()?;
                if keep {
                    values.push(unescape(value));
                }
                self.skip_whitespace();
            }
            if keep {
                properties.push(Property { id, values });
            }
        }
    }

    /// The raw text of a value, after its `[`, up to its unescaped `]`.
    fn value(&mut self) -> Result<&'a str, String> {
        let text: &'a str = self.text;
        let start = self.at;
        let mut escaped = false;
        for (i, &byte) in text.as_bytes()[start..].iter().enumerate() {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => {
                    self.at = start + i + 1;
                    return Ok(&text[start..start + i]);
                }
                _ => {}
            }
        }
        self.at = start;
        Err(self.error("the file ends inside a property value"))
    }
}

/// A value's text: an escaped character stands for itself, and an escaped
/// line break (a soft one) is dropped.
fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(first @ ('\n' | '\r')) => {
                // A line break of two characters is one soft break.
                chars.next_if(|&second| matches!(second, '\n' | '\r') && second != first);
            }
            Some(escaped) => out.push(escaped),
            None => {}
        }
    }
    out
}

/// A message that may quote a file's text, made fit for a GTP response
/// or a log line: control characters escaped, and cut short.
pub fn one_line(message: &str) -> String {
    const LONGEST: usize = 200;
    let mut line = String::new();
    for (i, c) in message.chars().enumerate() {
        if i == LONGEST {
            line += "...";
            break;
        }
        match c {
            c if c.is_control() => line.extend(c.escape_default()),
            c => line.push(c),
        }
    }
    line
}

/// An SGF point: letters `a`-`z` then `A`-`Z` count columns from the left
/// and rows from the top.
fn sgf_coordinates(text: &str) -> Option<(usize, usize)> {
    let coordinate = |b: u8| match b {
        b'a'..=b'z' => Some((b - b'a') as usize),
        b'A'..=b'Z' => Some((b - b'A') as usize + 26),
        _ => None,
    };
    match text.as_bytes() {
        &[x, y] => Some((coordinate(x)?, coordinate(y)?)),
        _ => None,
    }
}

fn vertex_from_sgf((x, y): (usize, usize), size: usize) -> Result<Vertex, String> {
    if x >= size || y >= size {
        return Err(format!("point ({x},{y}) off the {size}x{size} board"));
    }
    Ok(Vertex::new(x, size - 1 - y))
}

/// The points of an `AB` or `AW` list, where `aa:cc` stands for a rectangle.
fn setup_points(prop: &Property, size: usize) -> Result<Vec<Vertex>, String> {
    let mut list = Vec::new();
    for value in &prop.values {
        let (from, to) = value.split_once(':').unwrap_or((value, value));
        let (Some((x0, y0)), Some((x1, y1))) = (sgf_coordinates(from), sgf_coordinates(to)) else {
            return Err(prop.invalid());
        };
        if x0 > x1 || y0 > y1 {
            return Err(prop.invalid());
        }
        for x in x0..=x1 {
            for y in y0..=y1 {
                list.push(vertex_from_sgf((x, y), size)?);
            }
        }
    }
    if list.is_empty() {
        return Err(prop.invalid());
    }
    list.sort();
    list.dedup();
    Ok(list)
}

/// The size a root node gives, and a check that the file is of Go.
fn root_size(root: &[Property]) -> Result<usize, String> {
    let mut size = 19;
    for prop in root {
        match prop.id.as_str() {
            "GM" => {
                let gm: i64 = prop.number()?;
                if gm != 1 {
                    return Err(format!("not a Go file (GM[{gm}])"));
                }
            }
            "SZ" => {
                let value = prop.single()?;
                let (w, h) = value.split_once(':').unwrap_or((value, value));
                let dimension = |text: &str| text.trim().parse::<usize>().map_err(|_| prop.invalid());
                let (w, h) = (dimension(w)?, dimension(h)?);
                if w != h {
                    return Err("board is not square".into());
                }
                size = w;
            }
            _ => {}
        }
    }
    if !(1..=crate::moves::MAX_SIZE).contains(&size) {
        return Err(format!("unsupported size {size}"));
    }
    Ok(size)
}

/// Adds a main-line node's properties to `game`, whose size is known.
fn read_node(game: &mut SgfGame, node: &[Property]) -> Result<(), String> {
    let size = game.size;
    for prop in node {
        match prop.id.as_str() {
            "KM" => {
                let komi: f64 = prop.number()?;
                if !komi.is_finite() {
                    return Err(prop.invalid());
                }
                game.komi = Some(komi as f32);
            }
            "AB" => game.black_setup.extend(setup_points(prop, size)?),
            "AW" => game.white_setup.extend(setup_points(prop, size)?),
            "B" | "W" => {
                let color = if prop.id == "B" { Color::Black } else { Color::White };
                let mv = match prop.single()? {
                    "" => Move::Pass,
                    point => match sgf_coordinates(point).ok_or_else(|| prop.invalid())? {
                        // `tt` is the old pass on boards up to 19x19.
                        (19, 19) if size <= 19 => Move::Pass,
                        xy => Move::Place(vertex_from_sgf(xy, size)?),
                    },
                };
                game.moves.push((color, mv));
            }
            "PL" => {
                game.to_play = Some(match prop.single()? {
                    "B" => Color::Black,
                    "W" => Color::White,
                    _ => return Err(prop.invalid()),
                })
            }
            "AP" => {
                let value = prop.single()?;
                game.application = Some(value.split_once(':').map_or(value, |(name, _)| name).to_string());
            }
            "VV" => game.variant = prop.values.first().cloned(),
            "VO" => {
                for value in &prop.values {
                    let (key, value) = value.split_once('=').ok_or("VO values are key=value")?;
                    game.options.push((key.to_string(), value.to_string()));
                }
            }
            "MV" => {
                let typed = prop.values.first().ok_or("empty MV property")?;
                let mv = Move::parse(typed, size)?;
                let last = game.moves.last_mut().ok_or("MV property without a move")?;
                last.1 = mv;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads the main line of the first game in `text`. Files past the limits
/// ([`MAX_MAIN_LINE_NODES`], [`MAX_NESTING`]) are refused with a message
/// that names the limit.
pub fn parse(text: &str) -> Result<SgfGame, String> {
    let mut game = SgfGame::default();
    Reader { text, at: 0 }.first_tree(|index, node| {
        if index == 0 {
            game.size = root_size(&node)?;
        }
        read_node(&mut game, &node)
    })?;
    Ok(game)
}

fn sgf_point(v: Vertex, size: usize) -> String {
    let letter = |i: usize| (b'a' + i as u8) as char;
    format!("{}{}", letter(v.x as usize), letter(size - 1 - v.y as usize))
}

/// A game record. `result` is a GTP score text such as `B+3.5`, if known.
pub fn write(game: &SgfGame, result: Option<&str>) -> String {
    let size = game.size;
    let mut out = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[variago:{}]SZ[{size}]",
        env!("CARGO_PKG_VERSION")
    );
    if let Some(variant) = &game.variant {
        out += &format!("VV[{variant}]");
    }
    if !game.options.is_empty() {
        out += "VO";
        for (key, value) in &game.options {
            out += &format!("[{key}={value}]");
        }
    }
    if let Some(k) = game.komi {
        out += &format!("KM[{k}]");
    }
    if !game.black_setup.is_empty() {
        out += &format!("HA[{}]", game.black_setup.len());
    }
    for (tag, stones) in [("AB", &game.black_setup), ("AW", &game.white_setup)] {
        if !stones.is_empty() {
            out += tag;
            let mut sorted = stones.clone();
            sorted.sort();
            for v in sorted {
                out += &format!("[{}]", sgf_point(v, size));
            }
        }
    }
    if let Some(r) = result {
        out += &format!("RE[{r}]");
    }
    for &(color, mv) in &game.moves {
        let point = match mv.vertex() {
            Some(v) => sgf_point(v, size),
            None => String::new(),
        };
        out += &format!("\n;{}[{point}]", color.letter());
        if !matches!(mv, Move::Pass | Move::Place(_)) {
            out += &format!("MV[{mv}]");
        }
    }
    out += ")\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let game = SgfGame {
            variant: None,
            options: Vec::new(),
            size: 9,
            komi: Some(6.5),
            black_setup: vec![Vertex::new(2, 2), Vertex::new(6, 6)],
            white_setup: vec![],
            moves: vec![
                (Color::White, Move::Place(Vertex::new(4, 4))),
                (Color::Black, Move::Pass),
            ],
            to_play: None,
            application: None,
        };
        let mut read = parse(&write(&game, Some("B+1.5"))).unwrap();
        assert_eq!(read.application.take().as_deref(), Some("variago"));
        assert_eq!(read, game);
    }

    #[test]
    fn typed_moves_round_trip() {
        let game = SgfGame {
            variant: Some("gorogo".into()),
            options: vec![("henge".into(), "B2".into())],
            size: 5,
            moves: vec![
                (Color::Black, Move::Drop(crate::moves::Piece::Henge, Vertex::new(2, 2))),
                (Color::White, Move::Step(Vertex::new(0, 0), Vertex::new(0, 1))),
                (Color::Black, Move::Place(Vertex::new(4, 4))),
            ],
            ..SgfGame::default()
        };
        let text = write(&game, None);
        assert!(text.contains(";B[cc]MV[henge@C3]"), "{text}");
        assert!(text.contains("VO[henge=B2]"), "{text}");
        let read = parse(&text).unwrap();
        assert!(!read.saved_by_gogui());
        assert_eq!(
            SgfGame {
                application: None,
                ..read
            },
            game
        );
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse("(;SZ[9];B[zz])").is_err());
        assert!(parse("not sgf").is_err());
        assert!(parse("(;GM[3]SZ[9])").is_err());
    }

    #[test]
    fn gogui_records_are_recognised() {
        let game = parse("(;FF[4]CA[UTF-8]AP[GoGui:1.6.0]SZ[7];B[ff]PL[B];B[bc]PL[W])").unwrap();
        assert!(game.saved_by_gogui());
        assert_eq!(game.moves.len(), 2);
    }

    /// Runs `parse` on a thread with a small stack: a reader that recursed
    /// per node or per level would overflow it.
    fn parse_on_small_stack(text: String) -> Result<SgfGame, String> {
        std::thread::Builder::new()
            .stack_size(64 << 10)
            .spawn(move || parse(&text))
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn long_lines_and_deep_nesting_read_without_recursion() {
        let line = format!("(;SZ[9]{})", ";B[ee]".repeat(200_000));
        assert_eq!(parse_on_small_stack(line).unwrap().moves.len(), 200_000);
        let nested = format!(
            "(;SZ[9]{}{})",
            "(;W[aa]".repeat(MAX_NESTING - 1),
            ")".repeat(MAX_NESTING - 1)
        );
        assert_eq!(parse_on_small_stack(nested).unwrap().moves.len(), MAX_NESTING - 1);
    }

    #[test]
    fn limits_are_named() {
        let longest = format!("(;{})", ";".repeat(MAX_MAIN_LINE_NODES - 1));
        assert!(parse(&longest).is_ok());
        let longer = format!("(;{})", ";".repeat(MAX_MAIN_LINE_NODES));
        assert_eq!(parse(&longer).unwrap_err(), "more than 1000000 nodes on the main line");
        let deeper = format!("{}{}", "(;".repeat(MAX_NESTING + 1), ")".repeat(MAX_NESTING + 1));
        assert_eq!(parse(&deeper).unwrap_err(), "variations nested more than 10000 deep");
        // Variations off the main line count against the nesting limit, not the node limit.
        let side = format!("(;(;B[aa])({}))", ";".repeat(MAX_MAIN_LINE_NODES));
        assert!(parse(&side).is_ok());
    }

    #[test]
    fn the_main_line_takes_each_first_variation() {
        let game = parse("(;SZ[9];B[ee](;W[cc](;B[dd])(;B[ff]))(;W[gg];B[hh]))").unwrap();
        let points: Vec<_> = game.moves.iter().map(|&(_, mv)| mv.to_string()).collect();
        assert_eq!(points, ["E5", "C7", "D6"]);
    }

    #[test]
    fn values_are_unescaped_and_other_properties_skipped() {
        let text = "\u{feff}(;FF[4]SZ[9]C[a \\] and [ in a comment]VV[go\\\n]AP[Sabaki]LB[aa:x];B[ee]\nC[\\\\])";
        let game = parse(text).unwrap();
        assert_eq!(game.variant.as_deref(), Some("go"));
        assert_eq!(game.application.as_deref(), Some("Sabaki"));
        assert_eq!(game.moves.len(), 1);
    }

    #[test]
    fn point_lists_and_long_names() {
        let game = parse("(;SZ[5]AddBlack[aa:bb][ab]AW[ee];PL[W])").unwrap();
        let vertices = |list: &[Vertex]| list.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        assert_eq!(vertices(&game.black_setup), ["A4", "A5", "B4", "B5"]);
        assert_eq!(vertices(&game.white_setup), ["E1"]);
        assert_eq!(game.to_play, Some(Color::White));
        assert!(parse("(;SZ[5]AB[bb:aa])").is_err());
        assert!(parse("(;SZ[5]AB[aa:ff])").is_err());
    }

    #[test]
    fn broken_files_say_where() {
        let cases = [
            (
                "(;GM[1]SZ[9];B[ee];W[",
                "bad SGF: the file ends inside a property value on line 1",
            ),
            (
                "(;SZ[9]\n;B[ee]\n",
                "bad SGF: the file ends inside a game tree on line 3",
            ),
            ("(;SZ[9]\n;B [ee] W)", "bad SGF: property W without a value on line 2"),
            ("(;SZ[9]((;B[ee]))", "bad SGF: a game tree without a node on line 1"),
            ("(;SZ[9];B[ee]!)", "bad SGF: unexpected '!' on line 1"),
            ("", "bad SGF: no game tree"),
            ("(;SZ[9]KM[inf])", "invalid property KM[inf]"),
            ("(;SZ[9];B[ee][ff])", "invalid property B[ee][ff]"),
            ("(;SZ[9];B[e])", "invalid property B[e]"),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err(), message, "{text}");
        }
    }

    #[test]
    fn quoted_text_stays_on_one_short_line() {
        assert_eq!(one_line("unknown variant 'a\n\nb'"), "unknown variant 'a\\n\\nb'");
        let long = parse(&format!("(;SZ[9];B[{}])", "x".repeat(100_000))).unwrap_err();
        assert_eq!(long, format!("invalid property B[{}...", "x".repeat(199)));
    }

    #[test]
    #[cfg(unix)]
    fn read_file_stops_at_the_limit() {
        // A device without end: only the limit stops the reading.
        assert_eq!(read_file(Path::new("/dev/zero")).unwrap_err(), "larger than 64 MB");
    }

    #[test]
    fn old_style_pass() {
        let game = parse("(;SZ[19];B[tt])").unwrap();
        assert_eq!(game.moves, vec![(Color::Black, Move::Pass)]);
    }
}
