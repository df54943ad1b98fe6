//! Typed moves and their one notation, shared by every variant.
//!
//! | notation        | move                                            |
//! |-----------------|-------------------------------------------------|
//! | `D4`            | plain placement of the variant's default piece  |
//! | `pass`          | pass (Yugo: takes the button while it is free)  |
//! | `king@D4`       | places a named piece                            |
//! | `bomb:delayed@D4` | a piece with a mode                           |
//! | `D4-E4`         | moves the piece on D4 to E4                     |
//! | `D4+D5+D6+E5`   | drops a polyomino on these points               |
//!
//! Names are lowercase when printed and parsed in any case. Vertices follow
//! GTP: column letters without `I`, rows counted from 1 at the bottom.

use crate::polyomino::{Omino, Shape};
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::char;
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::many1;
use nom::sequence::{preceded, separated_pair, terminated};
use nom::{IResult, Parser};
use std::fmt;

pub use crate::vertex::{vertex, Vertex, MAX_SIZE};

/// How a bomb behaves, chosen when it is dropped (War Go).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BombMode {
    Immediate,
    Delayed,
}

/// The two flavours of the two-eye stone (special stones): whose groups
/// beside it it keeps from capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// Its owner's groups only.
    Friendly,
    /// Every group beside it, of either colour.
    Any,
}

/// Every named piece of every variant. A variant accepts the ones it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The plain stone of Go, War Go's soldier.
    Stone,
    Pawn,
    King,
    Henge,
    Migo,
    Yugo,
    Ambassador,
    Bomb(BombMode),
    Wall,
    Monk,
    Spy,
    Tao,
    Mercenary,
    Samurai,
    Cavalry,
    /// A polyomino in a hand (Group Go); dropped by its points.
    Omino(Omino),
    /// The special stones of War Go's armies.
    TwoEye(Flavour),
    ExtraMove,
    Replacer,
    Switcher,
    InnerStrength,
    Connector,
    Repeller,
    KingsSon,
    /// The stone both players share in the gray-stone games.
    Gray,
}

/// What every piece is called and how it shows, one row a piece: its name
/// in the move notation (lowercase), the letter displays show (upper case;
/// `None` for the plain pieces, shown as `X` and `O`, and for polyominoes),
/// and the label GoGui shows for it, on the board and in a hand: at most
/// three characters, a letter first, so that it fits a point after a count.
/// Polyominoes are labelled by shape and size (`T4`, `I3`); of the two
/// special stones that begin with `re`, the replacer is `sub` (it takes a
/// soldier's place), so that it looks nothing like the repeller. The plain
/// pieces (stone, pawn, migo) have no label: a black or white stone shows
/// them. War Go's armies add what Buying Armies sells each piece for (its
/// presets may set other prices), and which are the special stones. The
/// order is [`Piece::ALL`]'s.
pub const PIECES: [PieceRow; 36] = [
    row(Piece::Stone, "stone", None, ""),
    row(Piece::Pawn, "pawn", None, ""),
    row(Piece::King, "king", Some('K'), "K"),
    row(Piece::Henge, "henge", Some('H'), "H"),
    row(Piece::Migo, "migo", None, ""),
    row(Piece::Yugo, "yugo", Some('Y'), "Y"),
    row(Piece::Ambassador, "ambassador", Some('A'), "amb").price(4),
    row(Piece::Bomb(BombMode::Immediate), "bomb:immediate", Some('B'), "bom").price(3),
    row(Piece::Bomb(BombMode::Delayed), "bomb:delayed", Some('B'), "bom").price(3),
    row(Piece::Wall, "wall", Some('#'), "wal").price(2),
    row(Piece::Monk, "monk", Some('M'), "mon").price(3),
    row(Piece::Spy, "spy", Some('S'), "spy").price(3),
    row(Piece::Tao, "tao", Some('T'), "tao").price(4),
    row(Piece::Mercenary, "mercenary", Some('E'), "mer").price(2),
    row(Piece::Samurai, "samurai", Some('R'), "sam").price(3),
    row(Piece::Cavalry, "cavalry", Some('C'), "cav").price(4),
    row(Piece::Omino(Omino::Domino), "domino", None, "I2"),
    row(Piece::Omino(Omino::I3), "i3", None, "I3"),
    row(Piece::Omino(Omino::L3), "l3", None, "L3"),
    row(Piece::Omino(Omino::I4), "i4", None, "I4"),
    row(Piece::Omino(Omino::O4), "o4", None, "O4"),
    row(Piece::Omino(Omino::T4), "t4", None, "T4"),
    row(Piece::Omino(Omino::S4), "s4", None, "S4"),
    row(Piece::Omino(Omino::Z4), "z4", None, "Z4"),
    row(Piece::Omino(Omino::L4), "l4", None, "L4"),
    row(Piece::Omino(Omino::J4), "j4", None, "J4"),
    row(Piece::TwoEye(Flavour::Friendly), "twoeye:friendly", Some('D'), "eyF")
        .price(5)
        .special(),
    row(Piece::TwoEye(Flavour::Any), "twoeye:any", Some('U'), "eyA")
        .price(4)
        .special(),
    row(Piece::ExtraMove, "extramove", Some('N'), "ext").price(5).special(),
    row(Piece::Replacer, "replacer", Some('P'), "sub").price(4).special(),
    row(Piece::Switcher, "switcher", Some('W'), "swi").price(3).special(),
    row(Piece::InnerStrength, "innerstrength", Some('I'), "inn")
        .price(4)
        .special(),
    row(Piece::Connector, "connector", Some('L'), "con").price(3).special(),
    row(Piece::Repeller, "repeller", Some('V'), "rep").price(3).special(),
    row(Piece::KingsSon, "kingsson", Some('J'), "son").price(1).special(),
    row(Piece::Gray, "gray", Some('@'), "gry"),
];

/// One row of [`PIECES`].
#[derive(Clone, Copy, Debug)]
pub struct PieceRow {
    pub piece: Piece,
    pub name: &'static str,
    pub letter: Option<char>,
    pub label: &'static str,
    /// Buying Armies' price; 0 for a piece no army holds.
    pub price: u32,
    /// One of the special stones of War Go's armies.
    pub special: bool,
}

const fn row(piece: Piece, name: &'static str, letter: Option<char>, label: &'static str) -> PieceRow {
    PieceRow {
        piece,
        name,
        letter,
        label,
        price: 0,
        special: false,
    }
}

impl PieceRow {
    const fn price(self, price: u32) -> PieceRow {
        PieceRow { price, ..self }
    }

    const fn special(self) -> PieceRow {
        PieceRow { special: true, ..self }
    }
}

impl Piece {
    /// Every piece, for listings and parsing.
    pub const ALL: [Piece; 36] = {
        let mut all = [Piece::Stone; 36];
        let mut i = 0;
        while i < all.len() {
            all[i] = PIECES[i].piece;
            i += 1;
        }
        all
    };

    /// The piece's row of [`PIECES`].
    pub fn row(self) -> &'static PieceRow {
        PIECES.iter().find(|r| r.piece == self).expect("every piece has a row")
    }

    /// The lowercase name used in the move notation.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The letter displays show for the piece, in upper case; `None` for
    /// the plain pieces, shown as `X` and `O`.
    pub fn letter(self) -> Option<char> {
        self.row().letter
    }

    /// GoGui's label for the piece; empty for the plain pieces.
    pub fn label(self) -> &'static str {
        self.row().label
    }

    /// What Buying Armies sells the piece for, unless a preset says
    /// otherwise; 0 for a piece no army holds.
    pub fn price(self) -> u32 {
        self.row().price
    }

    /// One of the special stones of War Go's armies.
    pub fn is_special_stone(self) -> bool {
        self.row().special
    }

    /// True for the pieces a plain black or white stone shows.
    pub fn is_plain(self) -> bool {
        self.label().is_empty()
    }

    /// Parses a piece name in any case. `soldier` is another name for the stone.
    pub fn parse(text: &str) -> Result<Piece, String> {
        let lower = text.to_ascii_lowercase();
        if lower == "soldier" {
            return Ok(Piece::Stone);
        }
        if lower == "bomb" {
            return Err("a bomb needs a mode: bomb:immediate or bomb:delayed".into());
        }
        if lower == "twoeye" {
            return Err("a two-eye stone needs a flavour: twoeye:friendly or twoeye:any".into());
        }
        Piece::ALL
            .iter()
            .copied()
            .find(|p| p.name() == lower)
            .ok_or_else(|| format!("unknown piece '{text}'"))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of any variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    /// A plain placement: the variant decides which piece (Yugo: pawn or king).
    Place(Vertex),
    /// A placement of a named piece.
    Drop(Piece, Vertex),
    /// A piece moves from the first vertex to the second.
    Step(Vertex, Vertex),
    /// A polyomino dropped with its first cell (in vertex order) on the vertex.
    Polyomino(Vertex, Shape),
}

impl Move {
    /// The vertex a plain GTP client would see for this move: the target
    /// point, a polyomino's first cell.
    pub fn vertex(self) -> Option<Vertex> {
        match self {
            Move::Pass => None,
            Move::Place(v) | Move::Drop(_, v) | Move::Step(_, v) | Move::Polyomino(v, _) => Some(v),
        }
    }

    /// The points a move puts stones of the mover on, as the search's
    /// all-moves-as-first statistics count them: a placement's point, a
    /// polyomino's cells; none for other moves.
    pub fn points(self) -> impl Iterator<Item = Vertex> {
        let (anchor, offsets): (Vertex, &[(i8, i8)]) = match self {
            Move::Place(v) => (v, &[(0, 0)]),
            Move::Polyomino(v, shape) => (v, shape.offsets()),
            _ => (Vertex::new(0, 0), &[]),
        };
        offsets.iter().map(move |&(dx, dy)| offset(anchor, dx, dy))
    }

    /// The one point that stands for the move in the search's
    /// all-moves-as-first statistics: a placement's point, a polyomino's
    /// [key cell](Shape::key_cell); `None` for other moves.
    pub fn key_point(self) -> Option<Vertex> {
        match self {
            Move::Place(v) => Some(v),
            Move::Polyomino(v, shape) => {
                let (dx, dy) = shape.offsets()[shape.key_cell()];
                Some(offset(v, dx, dy))
            }
            _ => None,
        }
    }

    /// Parses the typed notation; checks vertices against the board size.
    pub fn parse(text: &str, size: usize) -> Result<Move, String> {
        if let Ok((_, points)) = all_consuming(cells).parse(text) {
            return polyomino(&points, size);
        }
        let mv = match all_consuming(typed_move).parse(text) {
            Ok((_, Ok(mv))) => mv,
            Ok((_, Err(message))) => return Err(message),
            Err(_) => return Err(format!("invalid move '{text}'")),
        };
        let vertices = match mv {
            Move::Pass | Move::Polyomino(..) => vec![],
            Move::Place(v) | Move::Drop(_, v) => vec![v],
            Move::Step(a, b) => vec![a, b],
        };
        match vertices.iter().find(|v| !v.on_board(size)) {
            Some(v) => Err(format!("vertex {v} is off the {size}x{size} board")),
            None => Ok(mv),
        }
    }
}

impl Move {
    /// Writes the move as GTP spells it, by hand as [`Vertex::write_into`]
    /// does.
    pub fn write_into(self, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Move::Pass => out.write_str("pass"),
            Move::Place(v) => v.write_into(out),
            Move::Drop(piece, v) => {
                out.write_str(piece.name())?;
                out.write_char('@')?;
                v.write_into(out)
            }
            Move::Step(from, to) => {
                from.write_into(out)?;
                out.write_char('-')?;
                to.write_into(out)
            }
            Move::Polyomino(..) => {
                for (i, v) in self.points().enumerate() {
                    if i > 0 {
                        out.write_char('+')?;
                    }
                    v.write_into(out)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.write_into(f)
    }
}

/// `v` moved by an offset that keeps it on the board.
#[inline]
fn offset(v: Vertex, dx: i8, dy: i8) -> Vertex {
    Vertex {
        x: (v.x as i16 + dx as i16) as u8,
        y: (v.y as i16 + dy as i16) as u8,
    }
}

/// True when `text` is written as a polyomino drop, points joined by `+`
/// (whether or not the points make a piece): a wrong drop is then an
/// illegal move rather than a syntax error.
pub fn is_drop_notation(text: &str) -> bool {
    all_consuming(cells).parse(text).is_ok()
}

/// Points joined by `+`, at least two.
fn cells(input: &str) -> IResult<&str, Vec<Vertex>> {
    map((vertex, many1(preceded(char('+'), vertex))), |(first, rest)| {
        std::iter::once(first).chain(rest).collect()
    })
    .parse(input)
}

/// The polyomino on `points` of a `size` board.
fn polyomino(points: &[Vertex], size: usize) -> Result<Move, String> {
    if let Some(v) = points.iter().find(|v| !v.on_board(size)) {
        return Err(format!("vertex {v} is off the {size}x{size} board"));
    }
    let (shape, anchor) = Shape::recognise(points)?;
    Ok(Move::Polyomino(anchor, shape))
}

/// The typed move notation. A known shape with a bad piece name parses to `Err`.
fn typed_move(input: &str) -> IResult<&str, Result<Move, String>> {
    let pass = value(Ok(Move::Pass), tag_no_case("pass"));
    let step = map(separated_pair(vertex, char('-'), vertex), |(a, b)| Ok(Move::Step(a, b)));
    let piece_name = (
        take_while1(|c: char| c.is_ascii_alphabetic()),
        opt(preceded(tag(":"), take_while1(|c: char| c.is_ascii_alphabetic()))),
    );
    let drop = map(separated_pair(piece_name, char('@'), vertex), |((name, mode), v)| {
        let full = match mode {
            Some(mode) => format!("{name}:{mode}"),
            None => name.to_string(),
        };
        Piece::parse(&full).map(|piece| Move::Drop(piece, v))
    });
    let place = map(terminated(vertex, nom::combinator::eof), |v| Ok(Move::Place(v)));
    alt((pass, step, drop, place)).parse(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["D4", "pass", "king@D4", "henge@C3", "D4-E4", "bomb:delayed@A1"] {
            assert_eq!(Move::parse(text, 19).unwrap().to_string(), text);
        }
    }

    #[test]
    fn drops_print_their_cells_in_canonical_order() {
        let mv = Move::parse("e5+d6+D4+d5", 19).unwrap();
        assert_eq!(mv.to_string(), "D4+D5+D6+E5");
        assert_eq!(mv.vertex(), Vertex::parse("D4"));
        assert_eq!(mv.key_point(), Vertex::parse("D5"));
        assert_eq!(Move::parse(&mv.to_string(), 19), Ok(mv));
        assert_eq!(
            Move::parse("B2+A3", 9).unwrap_err(),
            "A3+B2 is not a piece: its points are not connected"
        );
        assert!(Move::parse("J9+J10", 9).unwrap_err().contains("off the 9x9"));
        assert!(Move::parse("A1+A2+A3+A4+A5", 9).unwrap_err().contains("2 to 4 points"));
        assert!(is_drop_notation("A1+C7") && !is_drop_notation("A1") && !is_drop_notation("A1+"));
        // Small and copied by the million in search trees.
        assert!(std::mem::size_of::<Move>() <= 5);
    }

    #[test]
    fn parses_any_case() {
        assert_eq!(Move::parse("KING@d4", 9), Move::parse("king@D4", 9));
        assert_eq!(Move::parse("PASS", 9), Ok(Move::Pass));
    }

    #[test]
    fn skips_column_i() {
        assert_eq!(Vertex::parse("J1"), Some(Vertex::new(8, 0)));
        assert_eq!(Vertex::parse("I1"), None);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(Move::parse("Z99", 19).is_err());
        assert!(Move::parse("T19", 9).unwrap_err().contains("off the 9x9"));
        assert!(Move::parse("dragon@D4", 9).unwrap_err().contains("unknown piece"));
        assert!(Move::parse("bomb@D4", 9).unwrap_err().contains("needs a mode"));
        assert!(Move::parse("D0", 9).is_err());
        assert!(Move::parse("", 9).is_err());
    }
}
