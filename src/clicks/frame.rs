//! The frame: a square larger than the playing area whose extra points
//! hold each side's hand and the options of a pending choice, so that every
//! click of a spelled move is a vertex.
//!
//! The playing area keeps the bottom left corner, so its vertices keep
//! their names. To its right come black's hand (from the bottom row up)
//! and white's hand (from the top row of the playing area down), one cell
//! per piece that `View::hand` lists, a column per `size` pieces. The
//! rows above the playing area hold the options of a choice while one is
//! pending, starting above the hands. A variant without a hand has no
//! frame (its frame is the playing area itself), unless it needs one for a
//! click of its own (Yugo's button): then the frame is one point larger,
//! and the row above the playing area holds the choices from its top right
//! corner on.
//!
//! The layout depends only on the board size and on which pieces the hands
//! list, never on their counts, so it stays put for a whole game.

use crate::color::Color;
use crate::game::{Clicks, View};
use crate::moves::{Piece, Vertex, MAX_SIZE};

use super::Click;

/// One hand cell: whose hand, which piece, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandCell {
    pub color: Color,
    pub piece: Piece,
    pub vertex: Vertex,
}

/// Where every click lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The playing area's size.
    area: usize,
    size: usize,
    hands: Vec<HandCell>,
    /// The cells that show a pending choice's options, in order.
    choices: Vec<Vertex>,
}

/// What a point of the frame is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Area,
    Hand(HandCell),
    /// The n-th cell for a choice's options.
    Choice(usize),
    /// Neither: GoGui shows it as no point.
    Outside,
}

impl Frame {
    /// The frame of a game: its board size and the pieces its hands list.
    pub fn of<P: View + Clicks>(game: &P) -> Frame {
        let pieces = |color| -> Vec<Piece> {
            game.hand(color)
                .unwrap_or_default()
                .into_iter()
                .map(|(piece, _)| piece)
                .collect()
        };
        let hands = [pieces(Color::Black), pieces(Color::White)];
        Frame::new(game.size(), hands, game.needs_frame())
    }

    /// The frame of a `size` playing area with these hands, black first;
    /// at least one point larger than the area where `needs_frame`.
    pub fn new(size: usize, hands: [Vec<Piece>; 2], needs_frame: bool) -> Frame {
        let columns = |pieces: &Vec<Piece>| pieces.len().div_ceil(size);
        let black_columns = columns(&hands[0]);
        let frame_size = (size + black_columns + columns(&hands[1])).max(size + needs_frame as usize);
        let mut cells = Vec::new();
        for (i, &piece) in hands[0].iter().enumerate() {
            let vertex = Vertex::new(size + i / size, i % size);
            cells.push(HandCell {
                color: Color::Black,
                piece,
                vertex,
            });
        }
        for (i, &piece) in hands[1].iter().enumerate() {
            let vertex = Vertex::new(size + black_columns + i / size, size - 1 - i % size);
            cells.push(HandCell {
                color: Color::White,
                piece,
                vertex,
            });
        }
        let choices = (size..frame_size)
            .flat_map(|y| (size..frame_size).chain(0..size).map(move |x| Vertex::new(x, y)))
            .collect();
        Frame {
            area: size,
            size: frame_size,
            hands: cells,
            choices,
        }
    }

    /// The side of the square GoGui is shown.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The playing area's size.
    pub fn area(&self) -> usize {
        self.area
    }

    /// True where the frame adds points to the playing area.
    pub fn is_framed(&self) -> bool {
        self.size > self.area
    }

    /// True when GoGui can show the frame (it draws at most 25x25).
    pub fn fits(&self) -> bool {
        self.size <= MAX_SIZE
    }

    pub fn hand_cells(&self) -> &[HandCell] {
        &self.hands
    }

    /// The cells that show the options of a pending choice, in order.
    pub fn choice_cells(&self) -> &[Vertex] {
        &self.choices
    }

    /// What the point `v` of the frame is.
    pub fn cell(&self, v: Vertex) -> Cell {
        if v.on_board(self.area) {
            return Cell::Area;
        }
        if let Some(&hand) = self.hands.iter().find(|h| h.vertex == v) {
            return Cell::Hand(hand);
        }
        match self.choices.iter().position(|&c| c == v) {
            Some(i) => Cell::Choice(i),
            None => Cell::Outside,
        }
    }

    /// The vertex of `color`'s click; `None` for a pass, or where the frame
    /// has no such cell.
    pub fn vertex(&self, click: Click, color: Color) -> Option<Vertex> {
        match click {
            Click::Pass => None,
            Click::Point(v) => Some(v),
            Click::Hand(piece) => self
                .hands
                .iter()
                .find(|h| h.color == color && h.piece == piece)
                .map(|h| h.vertex),
            Click::Choice(i, _) => self.choices.get(i as usize).copied(),
        }
    }

    /// The click that `color` makes on the point `v`, given the clicks that
    /// may come next (among them the options of a pending choice); an error
    /// names what the point is instead.
    pub fn click_at(&self, v: Vertex, color: Color, next: &[Click]) -> Result<Click, String> {
        match self.cell(v) {
            Cell::Area => Ok(Click::Point(v)),
            Cell::Hand(hand) if hand.color == color => Ok(Click::Hand(hand.piece)),
            Cell::Hand(hand) => Err(format!("{v} is {}'s hand", hand.color)),
            Cell::Choice(i) => next
                .iter()
                .copied()
                .find(|&c| matches!(c, Click::Choice(n, _) if n as usize == i))
                .ok_or_else(|| format!("{v} is outside the playing area and holds no option now")),
            Cell::Outside => Err(format!("{v} is outside the playing area")),
        }
    }
}

/// The options of a pending choice among the clicks that may come next:
/// the number of each one's cell, and its name.
pub fn options(next: &[Click]) -> Vec<(usize, &'static str)> {
    next.iter()
        .filter_map(|c| match c {
            Click::Choice(i, option) => Some((*i as usize, *option)),
            _ => None,
        })
        .collect()
}

/// The label of a hand cell: the count left, then the piece's name (`6wal`,
/// `1T4`, `2H`, `10st` for plain stones). Starting with a digit, it never
/// reads as a vertex (`T4`); with a name, never as GoGui's move number;
/// and where a small point cuts it short, the count stays.
pub fn hand_label(piece: Piece, count: u32) -> String {
    match piece.label() {
        "" => format!("{count}st"),
        name => format!("{count}{name}"),
    }
}

/// The short name of a choice's option, for its cell, which shows three
/// or four letters at GoGui's first size: the name up to four (`done`),
/// `btn` for the button, else its first three (`imm`, `del`).
pub fn option_label(option: &str) -> &str {
    match option {
        "button" => BUTTON_LABEL,
        _ if option.len() <= 4 => option,
        _ => option.get(..3).unwrap_or(option),
    }
}

/// The label of Yugo's button, free or held.
pub const BUTTON_LABEL: &str = "btn";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::Omino;

    fn v(text: &str) -> Vertex {
        Vertex::parse(text).unwrap()
    }

    #[test]
    fn hands_sit_right_of_the_playing_area() {
        let frame = Frame::new(
            5,
            [vec![Piece::Stone, Piece::Henge], vec![Piece::Stone, Piece::Henge]],
            false,
        );
        assert_eq!(frame.size(), 7);
        assert_eq!(frame.vertex(Click::Hand(Piece::Henge), Color::Black), Some(v("F2")));
        assert_eq!(frame.vertex(Click::Hand(Piece::Stone), Color::White), Some(v("G5")));
        assert_eq!(frame.click_at(v("C3"), Color::Black, &[]), Ok(Click::Point(v("C3"))));
        assert!(frame
            .click_at(v("G4"), Color::Black, &[])
            .unwrap_err()
            .contains("white's hand"));
        assert!(frame.click_at(v("A7"), Color::Black, &[]).is_err());
        let next = [Click::Choice(1, "b")];
        assert_eq!(frame.click_at(v("G6"), Color::Black, &next), Ok(Click::Choice(1, "b")));
        assert!(
            frame.click_at(v("F6"), Color::Black, &next).is_err(),
            "no option 0 pending"
        );
        assert_eq!(frame.vertex(Click::Choice(1, "b"), Color::Black), Some(v("G6")));
    }

    #[test]
    fn nine_pieces_on_nineteen_lines_fit_gogui() {
        let army = vec![Piece::Wall; 9];
        let frame = Frame::new(19, [army.clone(), army], false);
        assert_eq!(frame.size(), 21);
        assert!(frame.fits());
        assert_eq!(frame.hand_cells()[8].vertex, v("U9"));
        assert_eq!(frame.hand_cells()[9].vertex, v("V19"));
        let small = Frame::new(4, [vec![Piece::Wall; 9], vec![]], true);
        assert_eq!(small.size(), 7, "three columns of four");
    }

    #[test]
    fn piece_labels_fit_a_point_and_tell_pieces_apart() {
        let mut seen: Vec<(&str, Piece)> = Vec::new();
        for piece in Piece::ALL {
            let label = piece.label();
            if label.is_empty() {
                assert!(matches!(piece, Piece::Stone | Piece::Pawn | Piece::Migo));
                continue;
            }
            assert!(label.len() <= 3, "{label}");
            assert!(label.starts_with(|c: char| c.is_ascii_alphabetic()), "{label}");
            // Only a bomb's two modes share a name: the mode is chosen later.
            if let Some(&(_, other)) = seen.iter().find(|&&(l, _)| l == label) {
                assert!(matches!((other, piece), (Piece::Bomb(_), Piece::Bomb(_))), "{label}");
            }
            seen.push((label, piece));
        }
        // The replacer and the repeller differ in every letter.
        let [sub, rep] = [Piece::Replacer, Piece::Repeller].map(Piece::label);
        assert!(sub.chars().zip(rep.chars()).all(|(a, b)| a != b), "{sub} {rep}");
    }

    #[test]
    fn hand_labels_are_neither_vertices_nor_numbers() {
        for piece in Piece::ALL {
            for count in [0, 1, 2, 6, 9, 10, 12] {
                let label = hand_label(piece, count);
                assert!(Vertex::parse(&label).is_none(), "{label}");
                assert!(label.parse::<f64>().is_err(), "{label}");
                assert!(label.starts_with(&count.to_string()), "{label}");
                assert!(label.len() <= 4 || count >= 10, "{label}");
            }
        }
        assert_eq!(hand_label(Piece::Omino(Omino::T4), 1), "1T4");
        assert_eq!(hand_label(Piece::Wall, 6), "6wal");
        assert_eq!(hand_label(Piece::Stone, 10), "10st");
    }

    #[test]
    fn option_labels_fit_a_point() {
        assert_eq!(option_label("button"), "btn");
        assert_eq!(option_label("done"), "done");
        assert_eq!(option_label("immediate"), "imm");
        assert_eq!(option_label("delayed"), "del");
    }

    #[test]
    fn no_hand_no_frame() {
        let frame = Frame::new(9, [vec![], vec![]], false);
        assert_eq!(frame.size(), 9);
        assert!(!frame.is_framed());
        assert!(frame.choice_cells().is_empty());
    }

    #[test]
    fn a_frame_without_hands_has_its_choices_from_the_top_right_corner() {
        let frame = Frame::new(9, [vec![], vec![]], true);
        assert_eq!(frame.size(), 10);
        assert!(frame.hand_cells().is_empty());
        assert_eq!(frame.choice_cells()[0], v("K10"));
        assert_eq!(frame.choice_cells()[1], v("A10"));
        assert_eq!(frame.cell(v("K1")), Cell::Outside);
        assert_eq!(frame.vertex(Click::Choice(0, "button"), Color::White), Some(v("K10")));
    }
}
