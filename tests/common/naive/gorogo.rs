//! GoRoGo written from the rule sentences, as plainly as possible, with a
//! grid and searches over lists.

use super::Reference;
use crate::common::perft::Case;
use variago::{Color, Outcome};

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Cell {
    Empty,
    Stone(Color),
    Henge,
}

#[derive(Clone, Debug)]
pub struct NaiveGoRoGo {
    pub cells: [[Cell; 5]; 5],
    /// Normal pieces, then henges, in each hand.
    pub hands: [[u32; 2]; 2],
    pub captures: [u32; 2],
    pub to_move: Color,
    pub lost: Option<Color>,
}

fn around(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if x > 0 {
        out.push((x - 1, y));
    }
    if x < 4 {
        out.push((x + 1, y));
    }
    if y > 0 {
        out.push((x, y - 1));
    }
    if y < 4 {
        out.push((x, y + 1));
    }
    out
}

impl NaiveGoRoGo {
    pub fn new(henge: (usize, usize)) -> NaiveGoRoGo {
        let mut cells = [[Cell::Empty; 5]; 5];
        cells[henge.1][henge.0] = Cell::Henge;
        NaiveGoRoGo {
            cells,
            hands: [[10, 2], [10, 2]],
            captures: [0, 0],
            to_move: Color::Black,
            lost: None,
        }
    }

    /// Whether the cell counts as `color` while `turn` is to move.
    fn counts_as(&self, (x, y): (usize, usize), color: Color, turn: Color) -> bool {
        match self.cells[y][x] {
            Cell::Stone(c) => c == color,
            Cell::Henge => color == turn,
            Cell::Empty => false,
        }
    }

    /// The group of `start` while `turn` is to move, and whether it has a liberty.
    fn group(&self, start: (usize, usize), color: Color, turn: Color) -> (Vec<(usize, usize)>, bool) {
        let mut group = vec![start];
        let mut liberty = false;
        let mut i = 0;
        while i < group.len() {
            let (x, y) = group[i];
            for p in around(x, y) {
                if self.cells[p.1][p.0] == Cell::Empty {
                    liberty = true;
                } else if self.counts_as(p, color, turn) && !group.contains(&p) {
                    group.push(p);
                }
            }
            i += 1;
        }
        (group, liberty)
    }

    /// The position after the side to move places a piece, if legal.
    pub fn play(&self, henge: bool, x: usize, y: usize) -> Option<NaiveGoRoGo> {
        let me = self.to_move;
        let them = me.opponent();
        let kind = henge as usize;
        if self.cells[y][x] != Cell::Empty || self.hands[me.index()][kind] == 0 {
            return None;
        }
        let mut next = self.clone();
        next.cells[y][x] = if henge { Cell::Henge } else { Cell::Stone(me) };
        next.hands[me.index()][kind] -= 1;
        let mut dead = Vec::new();
        for yy in 0..5 {
            for xx in 0..5 {
                if next.cells[yy][xx] == Cell::Stone(them) {
                    let (group, liberty) = next.group((xx, yy), them, me);
                    if !liberty {
                        dead.extend(group);
                    }
                }
            }
        }
        dead.sort();
        dead.dedup();
        for &(xx, yy) in &dead {
            next.cells[yy][xx] = Cell::Empty;
        }
        next.captures[me.index()] += dead.len() as u32;
        if !henge && !next.group((x, y), me, me).1 {
            return None;
        }
        if henge && next.hands[me.index()] == [0, 0] {
            next.lost = Some(me);
        }
        next.to_move = them;
        Some(next)
    }

    /// Every legal (henge?, x, y), ignoring whether the game is over.
    pub fn tries(&self) -> Vec<(bool, usize, usize)> {
        let mut out = Vec::new();
        for henge in [false, true] {
            for y in 0..5 {
                for x in 0..5 {
                    if self.play(henge, x, y).is_some() {
                        out.push((henge, x, y));
                    }
                }
            }
        }
        out
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.lost {
            return Some(Outcome::Win(loser.opponent()));
        }
        if self.hands == [[0, 0], [0, 0]] {
            let [b, w] = self.captures;
            return Some(if b == w {
                Outcome::Win(Color::White)
            } else {
                Outcome::Score(b as f32 - w as f32)
            });
        }
        self.tries().is_empty().then(|| Outcome::Win(self.to_move.opponent()))
    }

    pub fn moves(&self) -> Vec<(bool, usize, usize)> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.tries()
    }
}

impl Reference for NaiveGoRoGo {
    fn from_case(case: &Case) -> Option<NaiveGoRoGo> {
        let henge = case.setup.henge().map_or((2, 2), |v| (v.x as usize, v.y as usize));
        case.position.is_none().then(|| NaiveGoRoGo::new(henge))
    }

    fn children(&self) -> Vec<NaiveGoRoGo> {
        let moves = self.moves();
        moves
            .iter()
            .map(|&(h, x, y)| self.play(h, x, y).expect("a legal move"))
            .collect()
    }
}
