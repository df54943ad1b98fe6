//! What a learned move model knows of a GoRoGo move: whether it is a
//! normal piece or a henge, what it captures, the liberties its group
//! keeps, the pieces left in hand, the lead in captures it makes, the
//! line and the distance to the last move; and the pieces around it, the
//! mover's, the opponent's and the henges
//! ([`crate::features::patterns::HENGE`]), which are both players'.

use super::{bit, flood, neighbours, State, SIZE};
use crate::features::patterns::{keys_while, EMPTY, ENEMY, HENGE, OWN};
use crate::features::{declared_values, doubling, line, move_distance, MoveFeatures, Tactic, TacticValues};
use crate::moves::{Move, Piece, Vertex};

/// The tactical features of a GoRoGo move, in the order of
/// [`GoRoGoMoves::tactic_values`].
pub const TACTICS: &[Tactic] = &[
    // 0 a normal piece, 1 a henge.
    Tactic::new("kind", 2),
    // Enemy pieces captured: 0, 1, 2-3, 4-7, 8 or more.
    Tactic::new("capture", 5),
    // The liberties of the piece's group after the move, henges counting
    // as the mover's: 0 to 3 or more.
    Tactic::new("liberties", 4),
    // The pieces left in the mover's hand after the move.
    Tactic::new("left", 12),
    // The mover's captures less the opponent's after it, -3 to 3 as 0 to 6.
    Tactic::new("lead", 7),
    Tactic::new("line", 5),
    Tactic::new("last", 18),
];

/// The moves of a GoRoGo position as a move model sees them: `last` the
/// point of the last move, if any.
pub struct GoRoGoMoves<'a> {
    pub(super) state: &'a State,
    pub(super) last: Option<Vertex>,
}

/// The point of a move and whether it is a henge's.
fn point_and_kind(mv: Move) -> Option<(Vertex, bool)> {
    match mv {
        Move::Place(v) | Move::Drop(Piece::Stone, v) => Some((v, false)),
        Move::Drop(Piece::Henge, v) => Some((v, true)),
        _ => None,
    }
}

impl MoveFeatures for GoRoGoMoves<'_> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        let Some((v, henge)) = point_and_kind(mv) else {
            return TacticValues::default();
        };
        let state = self.state;
        let (color, at) = (state.to_move, bit(v));
        let (mine, theirs) = (color.index(), color.opponent().index());
        if !v.on_board(SIZE) || state.empty() & at == 0 || state.hands[mine].count(henge) == 0 {
            return TacticValues::default();
        }
        let mut after = *state;
        after.place(henge, at);
        let captured = (after.captures[mine] - state.captures[mine]) as u32;
        let group = flood(at, after.stones[mine] | after.henges);
        let liberties = (neighbours(group) & after.empty()).count_ones().min(3);
        let hand = after.hands[mine];
        let lead = (after.captures[mine] as i32 - after.captures[theirs] as i32).clamp(-3, 3) + 3;
        let last = self.last.map_or(0, |last| move_distance(v, last));
        declared_values(&[
            henge as u8,
            doubling(captured, 4),
            liberties as u8,
            (hand.stones + hand.henges).min(11),
            lead as u8,
            line(SIZE, v),
            last,
        ])
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Some((v, _)) = point_and_kind(mv) else { return };
        let state = self.state;
        let (own, enemy) = (
            state.stones[state.to_move.index()],
            state.stones[state.to_move.opponent().index()],
        );
        let content = |x, y| {
            let at = bit(Vertex::new(x, y));
            match () {
                _ if state.henges & at != 0 => HENGE,
                _ if own & at != 0 => OWN,
                _ if enemy & at != 0 => ENEMY,
                _ => EMPTY,
            }
        };
        keys_while(SIZE, (v.x as usize, v.y as usize), content, more)
    }

    fn describes(&self, mv: Move) -> bool {
        point_and_kind(mv).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Hand, CENTRE};
    use super::*;
    use crate::color::Color;
    use crate::features::patterns::LEVELS;
    use crate::features::{pattern_keys, turned_move, within_declared};
    use crate::solver::symmetry;

    fn set(points: &[&str]) -> u32 {
        points
            .iter()
            .map(|p| bit(Vertex::parse(p).unwrap()))
            .fold(0, |a, b| a | b)
    }

    fn turned(set: u32, sym: usize) -> u32 {
        (0..SIZE * SIZE)
            .filter(|i| set & (1 << i) != 0)
            .map(|i| {
                let (x, y) = symmetry::transform(sym, i % SIZE, i / SIZE, SIZE);
                1 << (y * SIZE + x)
            })
            .fold(0, |a, b| a | b)
    }

    /// Black's B2 C2 and White's C4 D3 beside the henge C3, Black to move,
    /// Black one capture ahead.
    fn diagram() -> State {
        let mut state = State::new(CENTRE);
        state.stones = [set(&["B2", "C2"]), set(&["C4", "D3"])];
        state.hands = [Hand { stones: 8, henges: 2 }, Hand { stones: 7, henges: 1 }];
        state.captures = [1, 0];
        state
    }

    #[test]
    fn a_moves_features_are_the_same_in_every_symmetry_and_for_either_colour() {
        let first = diagram();
        let moves = [
            Move::Place(Vertex::parse("B3").unwrap()),
            Move::Drop(Piece::Henge, Vertex::parse("D4").unwrap()),
            Move::Place(Vertex::parse("A1").unwrap()),
            Move::Drop(Piece::Henge, Vertex::parse("E5").unwrap()),
            Move::Place(Vertex::parse("D2").unwrap()),
        ];
        let last = Vertex::parse("D3").unwrap();
        let of = |state: &State, last: Vertex, mv: Move| {
            let moves = GoRoGoMoves {
                state,
                last: Some(last),
            };
            (moves.tactic_values(mv), pattern_keys(&moves, mv))
        };
        for mv in moves {
            let expected = of(&first, last, mv);
            for sym in 0..symmetry::COUNT {
                for swap in [false, true] {
                    let mut other = first;
                    other.stones = [turned(first.stones[0], sym), turned(first.stones[1], sym)];
                    other.henges = turned(first.henges, sym);
                    if swap {
                        other.stones.swap(0, 1);
                        other.hands.swap(0, 1);
                        other.captures.swap(0, 1);
                        other.to_move = Color::White;
                    }
                    let (x, y) = symmetry::transform(sym, last.x as usize, last.y as usize, SIZE);
                    let got = of(&other, Vertex::new(x, y), turned_move(mv, sym, SIZE));
                    assert_eq!(got, expected, "{mv}, symmetry {sym}, colours swapped {swap}");
                }
            }
        }
    }

    #[test]
    fn the_tactics_read_the_board_and_the_hands() {
        let state = diagram();
        let moves = GoRoGoMoves {
            state: &state,
            last: Vertex::parse("D3"),
        };
        let values = |mv: Move| moves.tactic_values(mv);
        let place = |p: &str| Move::Place(Vertex::parse(p).unwrap());
        let henge = |p: &str| Move::Drop(Piece::Henge, Vertex::parse(p).unwrap());
        // kind, capture, liberties, left, lead, line, last
        // B3: Black's group B2 C2 B3 with the henge C3 keeps A2 A3 B1 B4
        // C1 D2 (3 or more); 9 pieces left, one capture ahead.
        assert_eq!(values(place("B3")), declared_values(&[0, 0, 3, 9, 4, 1, 4]));
        // A henge is a kind of its own.
        assert_eq!(values(henge("B3"))[..2], [1, 0]);
        // White's C4 and D3 each have D4 for their last liberty once
        // Black holds B4 C5 D5 E4 E3 D2 (the henge C3 counts as Black's):
        // D4 captures both.
        let mut race = state;
        race.stones[0] |= set(&["B4", "C5", "D5", "E4", "E3", "D2"]);
        let race_moves = GoRoGoMoves {
            state: &race,
            last: None,
        };
        let d4 = race_moves.tactic_values(place("D4"));
        assert_eq!(
            (d4[1], d4[4], d4[6]),
            (2, 6, 0),
            "two captured, three ahead, no last move"
        );
        // A piece with no liberty of its own: a henge in the corner A1
        // among White's pieces.
        let mut corner = state;
        corner.stones[1] |= set(&["A2", "B1"]);
        corner.stones[0] &= !set(&["B2"]);
        let corner_moves = GoRoGoMoves {
            state: &corner,
            last: None,
        };
        assert_eq!(corner_moves.tactic_values(henge("A1"))[2], 0);
        // The last henge played as the last piece in hand leaves 0.
        let mut last_piece = state;
        last_piece.hands[0] = Hand { stones: 0, henges: 1 };
        let last_moves = GoRoGoMoves {
            state: &last_piece,
            last: None,
        };
        assert_eq!(last_moves.tactic_values(henge("A1"))[3], 0);
        assert_eq!(
            last_moves.tactic_values(place("A1")),
            TacticValues::default(),
            "no piece in hand"
        );
        for position in [&state, &race, &corner, &last_piece] {
            let moves = GoRoGoMoves {
                state: position,
                last: Vertex::parse("E5"),
            };
            for i in 0..SIZE * SIZE {
                let v = Vertex::new(i % SIZE, i / SIZE);
                for mv in [Move::Place(v), Move::Drop(Piece::Henge, v)] {
                    assert!(within_declared(&moves.tactic_values(mv), TACTICS), "{mv}");
                }
            }
        }
    }

    #[test]
    fn a_far_piece_changes_only_the_larger_patterns() {
        let empty = State::new(CENTRE);
        let keys = |state: &State, mv: &str| {
            let moves = GoRoGoMoves { state, last: None };
            pattern_keys(&moves, Move::Place(Vertex::parse(mv).unwrap()))
        };
        // E5 is at distance 4 + 4 + 4 = 12 from A1: outside every pattern.
        let mut far = empty;
        far.stones[1] = set(&["E5"]);
        assert_eq!(keys(&empty, "A1"), keys(&far, "A1"));
        // D3 is at 3 + 2 + 3 = 8: only the largest pattern sees it.
        let mut near = empty;
        near.stones[1] = set(&["D3"]);
        let (a, b) = (keys(&empty, "A1"), keys(&near, "A1"));
        assert_eq!(a[..LEVELS.len() - 1], b[..LEVELS.len() - 1]);
        assert_ne!(a[LEVELS.len() - 1], b[LEVELS.len() - 1]);
        // A henge and a stone of either side are told apart.
        let mut henge = empty;
        henge.henges |= set(&["B2"]);
        let mut own = empty;
        own.stones[0] = set(&["B2"]);
        let mut enemy = empty;
        enemy.stones[1] = set(&["B2"]);
        let small: Vec<u64> = [&empty, &henge, &own, &enemy]
            .iter()
            .map(|s| keys(s, "A1")[0])
            .collect();
        let mut distinct = small.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "{small:?}");
    }
}
