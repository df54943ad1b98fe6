//! The War Go family's move generation checked the plainest way: every
//! move that could conceivably be legal is tried on a copy of the game, and
//! those that play are the legal ones. The engine's list of legal moves,
//! with its cheap legality shortcuts, must be exactly these.

use super::Reference;
use crate::common::perft::Case;
use std::rc::Rc;
use variago::{Game, Move, Piece, Position, Vertex};

/// Every move that could conceivably be legal on a `size` board: pass,
/// each piece on each point, each step of up to two points in each
/// direction.
pub fn conceivable(size: usize) -> Vec<Move> {
    let points: Vec<Vertex> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Vertex::new(x, y)))
        .collect();
    let mut out = vec![Move::Pass];
    for &v in &points {
        out.push(Move::Place(v));
        // Piece::ALL lists War Go's army last, from the ambassador on.
        out.extend(Piece::ALL[6..].iter().map(|&p| Move::Drop(p, v)));
    }
    for &a in &points {
        for &b in &points {
            let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
            if a != b && dx <= 2 && dy <= 2 {
                out.push(Move::Step(a, b));
            }
        }
    }
    out
}

#[derive(Clone)]
pub struct NaiveWarGo {
    game: Game,
    conceivable: Rc<Vec<Move>>,
}

impl Reference for NaiveWarGo {
    /// Each node tries every conceivable move: a few thousand plays.
    const REACH: u64 = 3_000;

    fn from_case(case: &Case) -> Option<NaiveWarGo> {
        Some(NaiveWarGo {
            game: case.game(),
            conceivable: Rc::new(conceivable(case.setup.size)),
        })
    }

    fn children(&self) -> Vec<NaiveWarGo> {
        let color = self.game.to_move();
        let mut children = Vec::new();
        for &mv in self.conceivable.iter() {
            let mut game = self.game.clone();
            if game.play(color, mv).is_ok() {
                children.push(NaiveWarGo {
                    game,
                    conceivable: self.conceivable.clone(),
                });
            }
        }
        children
    }
}
