//! The static evaluation of a Migoyugo position for the alpha-beta search,
//! in hundredths of a Yugo, from the side to move's point of view.
//!
//! Yugos are what wins (an Igo is four in a row, a Wego is counted in
//! them), so they weigh most. Each piece is worth more where more lines of
//! four pass through it (the centre), a Yugo more so, as its lines may
//! still make an Igo. A point where a side would make a Yugo with its next
//! placement is a threat: the side to move cashes one in, the opponent's
//! have to be met one at a time. A line of four that holds two or more of
//! a side's pieces and none of the opponent's is one it may still fill.
//!
//! The evaluation is a weighted sum of [`terms`]: what each weight
//! multiplies, which a tuner fits to game results (`variago tune-eval`).

use super::bits::Bits;
use super::board::Bitboard;
use crate::color::Color;

/// The number of terms, and of weights.
pub const TERMS: usize = 10;

/// What each weight multiplies, in the order of [`WEIGHTS`].
pub type Terms = [i32; TERMS];

/// The weights by name, as the tuner reads and prints them.
pub const TERM_NAMES: [&str; TERMS] = [
    "yugo",
    "yugo_lines",
    "migo_lines",
    "own_threat",
    "own_extra_threat",
    "opponent_threat",
    "opponent_double_threat",
    "opponent_extra_threat",
    "tempo",
    "open_lines",
];

/// The weights, in hundredths of a Yugo: a Yugo; per line of four through
/// a Yugo, and through a Migo; the mover's first point that makes a Yugo,
/// and each further one (up to three); the opponent's points that make a
/// Yugo (one can be blocked, of two or more one will be taken), each
/// further one (up to two); having the move; per line of four that a side
/// may still fill (two of its pieces or more, none of the opponent's).
/// Fitted by `tune-eval`, generation by generation, to the self-play of
/// the weights before (docs/tuning.md): the second generation, which
/// added the open lines, scored 63.8% against the first at 0.5 s a move
/// (SPRT), and the first 64.8% against the hand-set weights.
pub const WEIGHTS: Terms = [100, 6, 1, 21, 10, 13, 24, 9, 17, 4];

/// The terms of `board` for `color` to move: each side's part as the
/// mover's less the opponent's, the opponent's threats negative.
#[inline(always)]
pub fn terms<B: Bits>(board: &Bitboard<B>, color: Color) -> Terms {
    let geo = board.geometry();
    let total = board.yugo_total();
    let opponent = color.opponent();
    let lines = |set: fn(&Bitboard<B>, Color) -> B| {
        geo.windows_of(set(board, color)) as i32 - geo.windows_of(set(board, opponent)) as i32
    };
    // Matched rather than clamped: most positions have no threat, and
    // the search evaluates at every leaf.
    let (own_threat, own_extra) = match board.yugo_moves(color).count() as i32 {
        0 => (0, 0),
        n => (1, (n - 1).min(3)),
    };
    let (against, against_double, against_extra) = match board.yugo_moves(opponent).count() as i32 {
        0 => (0, 0, 0),
        1 => (-1, 0, 0),
        n => (0, -1, -(n - 2).min(2)),
    };
    let open = geo.open_lines(Color::BOTH.map(|c| board.pieces(c)));
    [
        total[color.index()] as i32 - total[opponent.index()] as i32,
        lines(Bitboard::yugos),
        lines(Bitboard::migos),
        own_threat,
        own_extra,
        against,
        against_double,
        against_extra,
        1,
        open[color.index()] as i32 - open[opponent.index()] as i32,
    ]
}

/// The worth of `board` for `color` to move: the weighted sum of its terms.
#[inline]
pub fn evaluate<B: Bits>(board: &Bitboard<B>, color: Color) -> i32 {
    weigh(&WEIGHTS, &terms(board, color))
}

/// The weighted sum of `terms`.
#[inline(always)]
pub fn weigh(weights: &Terms, terms: &Terms) -> i32 {
    weights.iter().zip(terms).map(|(w, t)| w * t).sum()
}

#[cfg(test)]
mod tests {
    use super::super::bits::Wide;
    use super::super::board::Cell;
    use super::*;
    use crate::moves::Vertex;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The evaluation written out side by side, as it was before its terms
    /// were named, with the weights of [`WEIGHTS`] and open lines counted
    /// point by point.
    fn written_out<B: Bits>(board: &Bitboard<B>, color: Color) -> i32 {
        let [yugo, yugo_lines, migo_lines, own_threat, own_extra, against, against_double, against_extra, tempo, open_lines] =
            WEIGHTS;
        let geo = board.geometry();
        let total = board.yugo_total();
        let side = |c: Color| {
            yugo * total[c.index()] as i32
                + yugo_lines * geo.windows_of(board.yugos(c)) as i32
                + migo_lines * geo.windows_of(board.migos(c)) as i32
                + open_lines * naive_open_lines(board, c)
        };
        let opponent = color.opponent();
        let own_threats = board.yugo_moves(color).count() as i32;
        let opponent_threats = board.yugo_moves(opponent).count() as i32;
        let own = match own_threats {
            0 => 0,
            n => own_threat + own_extra * (n - 1).min(3),
        };
        let against = match opponent_threats {
            0 => 0,
            1 => against,
            n => against_double + against_extra * (n - 2).min(2),
        };
        side(color) - side(opponent) + own - against + tempo
    }

    /// The lines of four, walked point by point, with at least two pieces
    /// of `color` and none of the opponent's.
    fn naive_open_lines<B: Bits>(board: &Bitboard<B>, color: Color) -> i32 {
        let size = board.size() as i32;
        let mut open = 0;
        for (dx, dy) in super::super::bits::DIRECTIONS {
            for y in 0..size {
                for x in 0..size {
                    let line: Vec<Cell> = (0..4)
                        .map(|k| (x + k * dx, y + k * dy))
                        .take_while(|&(x, y)| (0..size).contains(&x) && (0..size).contains(&y))
                        .map(|(x, y)| board.cell(board.point(Vertex::new(x as usize, y as usize))))
                        .collect();
                    let own = line
                        .iter()
                        .filter(|&&c| matches!(c, Cell::Yugo(c, _) | Cell::Migo(c) if c == color))
                        .count();
                    let theirs = line
                        .iter()
                        .any(|&c| matches!(c, Cell::Yugo(c, _) | Cell::Migo(c) if c != color));
                    open += (line.len() == 4 && own >= 2 && !theirs) as i32;
                }
            }
        }
        open
    }

    /// Plays random games of `size` and checks every position from both
    /// sides; returns the terms seen away from zero.
    fn agree_on_random_games<B: Bits>(size: usize, games: usize, seed: u64) -> [bool; TERMS] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut seen = [false; TERMS];
        let mut positions = 0;
        for _ in 0..games {
            let mut board = Bitboard::<B>::new(size);
            let mut color = Color::Black;
            loop {
                for side in Color::BOTH {
                    let terms = terms(&board, side);
                    let open = naive_open_lines(&board, side) - naive_open_lines(&board, side.opponent());
                    assert_eq!(terms[9], open);
                    assert_eq!(evaluate(&board, side), written_out(&board, side));
                    assert_eq!(evaluate(&board, side), weigh(&WEIGHTS, &terms));
                    for (seen, term) in seen.iter_mut().zip(terms) {
                        *seen |= term != 0;
                    }
                }
                positions += 1;
                let legal = board.legal(color);
                if legal.is_empty() {
                    break;
                }
                let p = legal.nth(rng.random_range(0..legal.count()));
                if board.place(p, color).igo {
                    break;
                }
                color = color.opponent();
            }
        }
        assert!(positions > games * 20, "{positions} positions");
        seen
    }

    #[test]
    fn the_weighted_terms_are_the_evaluation_on_thousands_of_random_positions() {
        let small = agree_on_random_games::<u64>(8, 100, 1);
        let wide = agree_on_random_games::<Wide>(11, 20, 2);
        for (i, name) in TERM_NAMES.iter().enumerate() {
            assert!(small[i] || wide[i], "the term {name} was never away from zero");
        }
    }
}
