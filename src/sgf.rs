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
use sgf_parse::go::{self, Prop};

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

fn vertex_from_sgf(point: go::Point, size: usize) -> Result<Vertex, String> {
    let (x, y) = (point.x as usize, point.y as usize);
    if x >= size || y >= size {
        return Err(format!("point ({x},{y}) off the {size}x{size} board"));
    }
    Ok(Vertex::new(x, size - 1 - y))
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

/// Reads the main line of the first game in `text`.
pub fn parse(text: &str) -> Result<SgfGame, String> {
    let roots = go::parse(text).map_err(|e| format!("bad SGF: {e}"))?;
    let root = roots.first().ok_or("no game in file")?;
    if let Some(Prop::GM(gm)) = root.get_property("GM") {
        if *gm != 1 {
            return Err(format!("not a Go file (GM[{gm}])"));
        }
    }
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h => *w as usize,
        Some(Prop::SZ(_)) => return Err("board is not square".into()),
        _ => 19,
    };
    if !(1..=crate::moves::MAX_SIZE).contains(&size) {
        return Err(format!("unsupported size {size}"));
    }
    let mut game = SgfGame {
        size,
        ..SgfGame::default()
    };
    for node in root.main_variation() {
        for prop in node.properties() {
            match prop {
                Prop::KM(k) => game.komi = Some(*k as f32),
                Prop::AB(points) | Prop::AW(points) => {
                    let mut list = points
                        .iter()
                        .map(|&p| vertex_from_sgf(p, size))
                        .collect::<Result<Vec<_>, _>>()?;
                    list.sort();
                    match prop {
                        Prop::AB(_) => game.black_setup.extend(list),
                        _ => game.white_setup.extend(list),
                    }
                }
                Prop::B(mv) | Prop::W(mv) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mv = match mv {
                        go::Move::Pass => Move::Pass,
                        // `tt` is the old pass on boards up to 19x19.
                        go::Move::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => Move::Pass,
                        go::Move::Move(p) => Move::Place(vertex_from_sgf(*p, size)?),
                    };
                    game.moves.push((color, mv));
                }
                Prop::PL(c) => {
                    game.to_play = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    })
                }
                Prop::AP((name, _)) => game.application = Some(name.text.clone()),
                Prop::Unknown(id, values) if id == "VV" => game.variant = values.first().cloned(),
                Prop::Unknown(id, values) if id == "VO" => {
                    for value in values {
                        let (key, value) = value.split_once('=').ok_or("VO values are key=value")?;
                        game.options.push((key.to_string(), value.to_string()));
                    }
                }
                Prop::Unknown(id, values) if id == "MV" => {
                    let typed = values.first().ok_or("empty MV property")?;
                    let mv = Move::parse(typed, size)?;
                    let last = game.moves.last_mut().ok_or("MV property without a move")?;
                    last.1 = mv;
                }
                Prop::Invalid(id, values) => return Err(format!("invalid property {id}{values:?}")),
                _ => {}
            }
        }
    }
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

    #[test]
    fn old_style_pass() {
        let game = parse("(;SZ[19];B[tt])").unwrap();
        assert_eq!(game.moves, vec![(Color::Black, Move::Pass)]);
    }
}
