//! The end of a game of Go: which stones are dead, alive or in seki, judged
//! from the search's ownership, and the count that follows from it.
//!
//! A chain is dead when the other colour owned its points in most of the
//! simulations. A living chain is in seki when one of its liberties, next
//! to a living enemy chain, ended owned by nobody in most simulations:
//! neither side fills a shared liberty of a seki, while ordinary dame is
//! filled early in a playout.

use super::Go;
use crate::board::{color_of, Board};
use crate::color::Color;
use crate::game::Position;
use crate::moves::{Move, Vertex};
use crate::search::ownership::Ownership;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Status {
    /// GTP's name, as `final_status_list` takes it.
    pub fn parse(text: &str) -> Option<Status> {
        match text.to_ascii_lowercase().as_str() {
            "alive" => Some(Status::Alive),
            "dead" => Some(Status::Dead),
            "seki" => Some(Status::Seki),
            _ => None,
        }
    }
}

/// The status of every stone on the board and the area count.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    size: usize,
    /// Each point's stone status, row-major from the bottom-left; `None`
    /// for an empty point.
    status: Vec<Option<Status>>,
    /// Black's area minus White's, dead stones removed, minus komi.
    pub score: f32,
}

impl Judgement {
    /// The stones with `status`, row by row from the bottom.
    pub fn stones(&self, status: Status) -> Vec<Vertex> {
        (0..self.status.len())
            .filter(|&i| self.status[i] == Some(status))
            .map(|i| Vertex::new(i % self.size, i / self.size))
            .collect()
    }

    /// The status of the stone on `v`, if any.
    pub fn status(&self, v: Vertex) -> Option<Status> {
        self.status[v.y as usize * self.size + v.x as usize]
    }
}

impl Go {
    /// This position with the passes forgotten: the game goes on from it.
    /// Judging a finished game searches it as if play went on.
    pub fn continued(&self) -> Go {
        let mut go = self.clone();
        go.history.now.passes = 0;
        go
    }

    /// The status of every stone by `ownership` (of this board), and the
    /// area count without the dead stones.
    pub fn judge(&self, ownership: &Ownership) -> Judgement {
        let board = self.board();
        let size = self.size();
        let index = |p: usize| {
            let v = board.vertex(p);
            v.y as usize * size + v.x as usize
        };
        let mut status = vec![None; size * size];
        let mut chains = Vec::new();
        for p in board.all_points() {
            let Some(color) = color_of(board.cell(p)) else { continue };
            if status[index(p)].is_some() {
                continue;
            }
            let stones = board.chain_stones(p);
            let sign = if color == Color::Black { 1.0 } else { -1.0 };
            let mean = stones
                .iter()
                .map(|&s| sign * (ownership.black(index(s)) - ownership.white(index(s))))
                .sum::<f32>()
                / stones.len() as f32;
            let judged = if mean < 0.0 { Status::Dead } else { Status::Alive };
            for &s in &stones {
                status[index(s)] = Some(judged);
            }
            chains.push((p, color, judged));
        }
        for &(p, color, judged) in &chains {
            if judged == Status::Dead {
                continue;
            }
            let enemy = crate::board::cell_of(color.opponent());
            let seki = board.liberties(p).into_iter().any(|lib| {
                ownership.neutral(index(lib)) >= 0.5
                    && board
                        .neighbours(lib)
                        .into_iter()
                        .any(|n| board.cell(n) == enemy && status[index(n)] != Some(Status::Dead))
            });
            if seki {
                for s in board.chain_stones(p) {
                    status[index(s)] = Some(Status::Seki);
                }
            }
        }
        let mut counted: Board = board.clone();
        for &(p, _, judged) in &chains {
            if judged == Status::Dead && !counted.is_empty(p) {
                counted.remove_chain(p);
            }
        }
        Judgement {
            size,
            status,
            score: counted.area_score() as f32 - self.komi,
        }
    }
}

impl Go {
    /// A move of `color` against the opponent's dead stones: on a liberty
    /// of the dead chain with the fewest, a capture first, never a move
    /// that is illegal or puts an own chain of two stones or more in atari.
    /// `None` when no dead stone of the opponent is left, or none can be
    /// approached.
    pub fn capture_move(&self, judged: &Judgement, color: Color) -> Option<Move> {
        let board = self.board();
        let enemy = crate::board::cell_of(color.opponent());
        let mut targets: Vec<(usize, Vec<usize>)> = Vec::new();
        for p in board.all_points() {
            if board.cell(p) == enemy && board.chain(p) == p && judged.status(board.vertex(p)) == Some(Status::Dead) {
                targets.push((p, board.liberties(p)));
            }
        }
        targets.sort_by_key(|(_, libs)| libs.len());
        let playable =
            |lib: usize| self.placement_error(lib, color).is_none() && super::policy::sensible(board, lib, color);
        for (_, libs) in &targets {
            let capture = libs.iter().find(|&&l| board.captures_at(l, color) && playable(l));
            if let Some(&lib) = capture.or_else(|| libs.iter().find(|&&l| playable(l))) {
                return Some(Move::Place(board.vertex(lib)));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{Setup, Variant};

    /// A game with the rows (top row first) set up as handicap-style stones.
    fn position(rows: &[&str], komi: f32) -> Go {
        let mut setup = Setup::new(Variant::Go);
        setup.size = rows.len();
        setup.komi = komi;
        let mut go = Go::new(&setup);
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let color = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                let p = go.board().point(Vertex::new(x, rows.len() - 1 - r));
                go.history.now.board.play(p, color, 0);
            }
        }
        go
    }

    /// An ownership that counts `owners` (one row string per board row,
    /// top first: `X` black, `O` white, `.` neither) once.
    fn ownership(rows: &[&str]) -> Ownership {
        let size = rows.len();
        let mut owners = vec![0i8; size * size];
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                owners[(size - 1 - r) * size + x] = match ch {
                    'X' => 1,
                    'O' => -1,
                    _ => 0,
                };
            }
        }
        let mut o = Ownership::new(size * size);
        o.add(&owners);
        o
    }

    #[test]
    fn a_chain_owned_by_the_other_colour_is_dead_and_not_counted() {
        let rows = ["..O..", "XXXXX", ".....", "OOOOO", "....."];
        let go = position(&rows, 0.5);
        let owners = ownership(&["XXXXX", "XXXXX", "XXXXX", "OOOOO", "OOOOO"]);
        let judged = go.judge(&owners);
        assert_eq!(judged.stones(Status::Dead), vec![Vertex::parse("C5").unwrap()]);
        assert_eq!(judged.stones(Status::Seki), vec![]);
        assert_eq!(judged.stones(Status::Alive).len(), 10);
        // 10 black points against 10 white (the middle row is neutral),
        // less komi.
        assert_eq!(judged.score, -0.5);
    }

    #[test]
    fn a_living_chain_with_a_liberty_nobody_owns_next_to_the_enemy_is_in_seki() {
        let rows = ["X.O..", "X.O..", "XXOOO", "OOOXX", "....."];
        let go = position(&rows, 0.0);
        let owners = ownership(&["X.OOO", "X.OOO", "XXOOO", "OOOOO", "OOOOO"]);
        let judged = go.judge(&owners);
        assert_eq!(judged.status(Vertex::parse("A5").unwrap()), Some(Status::Seki));
        assert_eq!(judged.status(Vertex::parse("C5").unwrap()), Some(Status::Seki));
        assert_eq!(judged.status(Vertex::parse("D2").unwrap()), Some(Status::Dead));
        // The white chain reaches A2 through C2.
        assert_eq!(judged.status(Vertex::parse("A2").unwrap()), Some(Status::Seki));
        assert_eq!(judged.stones(Status::Alive), vec![]);
    }
}
