//! Nakade for the playouts, after Pachi's playout policy: when the last
//! move leaves an eye space of three to six points that only its owner
//! surrounds, the side to move plays its vital point. Random playouts
//! otherwise give a group in a bent three or a bulky five two eyes as
//! often as not, and the tree never learns that it is dead.

use crate::board::{cell_of, Board, EMPTY};
use crate::color::Color;

/// The largest eye space read.
const MAX_AREA: usize = 6;

/// `color`'s nakade answer to the opponent's move at `last`: the vital
/// point of the eye space next to it, when its empty neighbours all lie
/// within one 3x3 square (one space) and that space has a vital point.
pub(crate) fn nakade_answer(board: &Board, color: Color, last: usize) -> Option<usize> {
    // Two neighbours of one point lie in one 3x3 square unless they face
    // each other across it.
    let across = [2, 2 * (board.size() + 2)];
    let mut first = None;
    for n in board.neighbours(last) {
        if board.cell(n) != EMPTY {
            continue;
        }
        match first {
            None => first = Some(n),
            Some(f) if across.contains(&n.abs_diff(f)) => return None,
            Some(_) => {}
        }
    }
    vital_point(board, first?, color.opponent())
}

/// The vital point of the eye space of `owner` through empty `start`:
/// the empty points reached from it, at most six, bordered by `owner`'s
/// stones and the edge alone; `None` when the space is larger, touches
/// the other side or has no single vital point (two points, a line, a
/// square four...).
pub(crate) fn vital_point(board: &Board, start: usize, owner: Color) -> Option<usize> {
    let other = cell_of(owner.opponent());
    let mut area = [0usize; MAX_AREA];
    area[0] = start;
    let mut len = 1;
    let mut i = 0;
    while i < len {
        for n in board.neighbours(area[i]) {
            let c = board.cell(n);
            if c == other {
                return None;
            }
            if c == EMPTY && !area[..len].contains(&n) {
                if len == MAX_AREA {
                    return None;
                }
                area[len] = n;
                len += 1;
            }
        }
        i += 1;
    }
    // Each point's neighbours within the space, and how many points have
    // each count: the shape's fingerprint.
    let stride = board.size() + 2;
    let mut degree = [0usize; MAX_AREA];
    for a in 0..len {
        for b in a + 1..len {
            let d = area[a].abs_diff(area[b]);
            if d == 1 || d == stride {
                degree[a] += 1;
                degree[b] += 1;
            }
        }
    }
    let mut by_degree = [0usize; 5];
    let mut point_of_degree = [0usize; 5];
    for k in 0..len {
        by_degree[degree[k]] += 1;
        point_of_degree[degree[k]] = area[k];
    }
    match len {
        // A straight or bent three: the middle point.
        3 => Some(point_of_degree[2]),
        // A pyramid four: its centre (lines, L shapes and squares have none).
        4 if by_degree[3] == 1 => Some(point_of_degree[3]),
        // A bulky five (its point of three with one point of one) and a
        // cross five: the centre.
        5 if by_degree[3] == 1 && by_degree[1] == 1 => Some(point_of_degree[3]),
        5 if by_degree[4] == 1 => Some(point_of_degree[4]),
        // A rabbity six.
        6 if by_degree[4] == 1 && by_degree[2] == 3 => Some(point_of_degree[4]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::policy::tests::board;
    use crate::vertex::Vertex;

    fn at(b: &Board, v: &str) -> usize {
        b.point(Vertex::parse(v).unwrap())
    }

    fn vital(rows: &[&str], start: &str) -> Option<String> {
        let b = board(rows);
        vital_point(&b, at(&b, start), Color::White).map(|p| b.vertex(p).to_string())
    }

    #[test]
    fn the_dead_shapes_have_their_vital_points() {
        // A straight three and a bent three in the corner.
        assert_eq!(
            vital(&["OOOO.", "...O.", "OOOO.", ".....", "....."], "A4"),
            Some("B4".into())
        );
        assert_eq!(
            vital(&["..O..", ".OO..", "OO...", ".....", "....."], "A4"),
            Some("A5".into())
        );
        // A pyramid four: its centre.
        assert_eq!(
            vital(&["...O.", "O.OO.", ".O...", ".....", "....."], "B4"),
            Some("B5".into())
        );
        // A bulky five and a cross five.
        assert_eq!(
            vital(&["...O.", "..O..", "OO...", ".....", "....."], "A4"),
            Some("B5".into())
        );
        assert_eq!(
            vital(&["OO.OO", "O...O", "OO.OO", ".OOO.", "....."], "C5"),
            Some("C4".into())
        );
        // A rabbity six.
        assert_eq!(
            vital(&["O.O..", "...O.", "O..O.", ".OO..", "....."], "C3"),
            Some("B4".into())
        );
    }

    #[test]
    fn live_or_open_shapes_have_none() {
        // Two points, a straight four, a square four.
        assert_eq!(vital(&["..O..", "OOO..", ".....", ".....", "....."], "A5"), None);
        assert_eq!(vital(&["....O", "OOOOO", ".....", ".....", "....."], "A5"), None);
        assert_eq!(vital(&["..O..", "..O..", "OO...", ".....", "....."], "A5"), None);
        // A space the other side touches, and one larger than six.
        assert_eq!(vital(&["X..O.", "OOOO.", ".....", ".....", "....."], "B5"), None);
        assert_eq!(
            vital(&["......", "OOOOO.", "......", "......", "......", "......"], "A6"),
            None
        );
    }

    #[test]
    fn the_answer_to_a_move_that_shrinks_an_eye_space_is_its_vital_point() {
        // White's B4 leaves white the bent three A5, B5, A4: black plays
        // its corner, A5. Empty neighbours apart (C3 and E3 round D3)
        // are two spaces, not one.
        let b = board(&["..O..", ".OO..", "OO...", ".....", "....."]);
        assert_eq!(nakade_answer(&b, Color::Black, at(&b, "B4")), Some(at(&b, "A5")));
        let b = board(&[".....", ".....", "...O.", "...O.", "....."]);
        assert_eq!(nakade_answer(&b, Color::Black, at(&b, "D3")), None);
    }
}
