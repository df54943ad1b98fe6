//! The Group Go family the plainest way: each piece's orientations made
//! by turning its cells a quarter at a time, every placement tried on a
//! copy of the board, groups found by flood fill, every earlier board kept
//! for superko.

use super::{other, Cells, Reference, BLACK, EMPTY, WHITE};
use crate::common::perft::Case;
use std::collections::{BTreeSet, HashSet};
use variago::polyomino::Omino;
use variago::variants::groupgo::{builtin_preset, Preset};

/// A piece's cells in one orientation, as drawn: `X` a cell, rows from
/// the top. Mirror images are separate pieces.
fn drawing(name: &str) -> &'static [&'static str] {
    match name {
        "domino" => &["XX"],
        "i3" => &["XXX"],
        "l3" => &["X.", "XX"],
        "i4" => &["XXXX"],
        "o4" => &["XX", "XX"],
        "t4" => &[".X.", "XXX"],
        "s4" => &[".XX", "XX."],
        "z4" => &["XX.", ".XX"],
        "l4" => &["X.", "X.", "XX"],
        "j4" => &[".X", ".X", "XX"],
        other => panic!("no drawing of {other}"),
    }
}

/// The distinct orientations of a piece, each as cells moved to touch
/// the origin.
fn orientations(name: &str) -> Vec<Vec<(i32, i32)>> {
    let rows = drawing(name);
    let mut cells: Vec<(i32, i32)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == 'X' {
                cells.push((x as i32, -(r as i32)));
            }
        }
    }
    let mut seen = BTreeSet::new();
    for _ in 0..4 {
        cells = cells.iter().map(|&(x, y)| (-y, x)).collect();
        let (mx, my) = (
            cells.iter().map(|c| c.0).min().unwrap(),
            cells.iter().map(|c| c.1).min().unwrap(),
        );
        let mut normal: Vec<(i32, i32)> = cells.iter().map(|&(x, y)| (x - mx, y - my)).collect();
        normal.sort();
        seen.insert(normal);
    }
    seen.into_iter().collect()
}

#[derive(Clone, Debug)]
pub struct NaiveGroupGo {
    board: Cells,
    to_move: u8,
    passes: u32,
    history: HashSet<Vec<u8>>,
    stones: bool,
    /// Pieces without limit, by name.
    pieces: Vec<&'static str>,
    /// Each side's hand, by name and count, black first.
    hands: [Vec<(&'static str, u32)>; 2],
    /// The pieces of the game's first move, while it is to come.
    first: Option<Vec<&'static str>>,
}

fn names(pieces: impl Iterator<Item = Omino>) -> Vec<&'static str> {
    pieces.map(Omino::name).collect()
}

impl NaiveGroupGo {
    fn new(case: &Case) -> NaiveGroupGo {
        let setup = &case.setup;
        let preset: Preset = match setup.group() {
            Some(p) => (**p).clone(),
            None => builtin_preset(setup.variant).expect("a preset"),
        };
        let size = setup.size;
        let mut board = Cells::new(size);
        let mut first = (!preset.first.is_empty()).then(|| names(preset.first.iter()));
        let mut to_move = BLACK;
        if let Some(rows) = &case.position {
            for (r, row) in rows.iter().enumerate() {
                for (x, c) in row.chars().enumerate() {
                    let i = board.index(x, size - 1 - r);
                    board.cells[i] = match c {
                        'X' => BLACK,
                        'O' => WHITE,
                        _ => EMPTY,
                    };
                }
            }
            first = None;
            to_move = if case.to_move == variago::Color::White {
                WHITE
            } else {
                BLACK
            };
        }
        let hand = |i: usize| {
            Omino::ALL
                .iter()
                .map(|&o| (o.name(), preset.hands[i].get(o)))
                .filter(|&(_, n)| n > 0)
                .collect()
        };
        let mut history = HashSet::new();
        history.insert(board.cells.clone());
        NaiveGroupGo {
            board,
            to_move,
            passes: 0,
            history,
            stones: preset.stones,
            pieces: names(preset.pieces.iter()),
            hands: [hand(0), hand(1)],
            first,
        }
    }

    /// The pieces the side to move may drop now, with whether each comes
    /// from its hand.
    fn droppable(&self) -> Vec<(&'static str, bool)> {
        if let Some(first) = &self.first {
            return first.iter().map(|&n| (n, false)).collect();
        }
        let mut out: Vec<(&'static str, bool)> = self.pieces.iter().map(|&n| (n, false)).collect();
        let hand = &self.hands[(self.to_move - 1) as usize];
        out.extend(
            hand.iter()
                .filter(|&&(n, k)| k > 0 && !self.pieces.contains(&n))
                .map(|&(n, _)| (n, true)),
        );
        out
    }

    /// The board after the side to move puts stones on `points`, if legal:
    /// all empty, enemy groups without liberty removed, then the drop's
    /// group needs a liberty, and the board must be new.
    fn after(&self, points: &[usize]) -> Option<Cells> {
        if points.iter().any(|&p| self.board.cells[p] != EMPTY) {
            return None;
        }
        let color = self.to_move;
        let mut next = self.board.clone();
        for &p in points {
            next.cells[p] = color;
        }
        for &p in points {
            for q in next.neighbours(p) {
                if next.cells[q] == other(color) {
                    let (stones, libs) = next.group(q);
                    if libs == 0 {
                        for s in stones {
                            next.cells[s] = EMPTY;
                        }
                    }
                }
            }
        }
        if next.group(points[0]).1 == 0 || self.history.contains(&next.cells) {
            return None;
        }
        Some(next)
    }

    fn moved(&self, board: Option<Cells>) -> NaiveGroupGo {
        let mut next = self.clone();
        if let Some(board) = board {
            next.history.insert(board.cells.clone());
            next.board = board;
            next.passes = 0;
        } else {
            next.passes += 1;
        }
        next.first = None;
        next.to_move = other(self.to_move);
        next
    }
}

impl Reference for NaiveGroupGo {
    const REACH: u64 = 200_000;

    fn from_case(case: &Case) -> Option<NaiveGroupGo> {
        Some(NaiveGroupGo::new(case))
    }

    fn children(&self) -> Vec<NaiveGroupGo> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let size = self.board.size as i32;
        let mut children = Vec::new();
        if self.stones {
            for p in 0..self.board.cells.len() {
                if let Some(board) = self.after(&[p]) {
                    children.push(self.moved(Some(board)));
                }
            }
        }
        for (name, from_hand) in self.droppable() {
            for shape in orientations(name) {
                for x in 0..size {
                    for y in 0..size {
                        let cells: Vec<(i32, i32)> = shape.iter().map(|&(dx, dy)| (x + dx, y + dy)).collect();
                        if cells.iter().any(|&(cx, cy)| cx >= size || cy >= size) {
                            continue;
                        }
                        let points: Vec<usize> = cells
                            .iter()
                            .map(|&(cx, cy)| self.board.index(cx as usize, cy as usize))
                            .collect();
                        if let Some(board) = self.after(&points) {
                            let mut child = self.moved(Some(board));
                            if from_hand {
                                let hand = &mut child.hands[(self.to_move - 1) as usize];
                                let entry = hand.iter_mut().find(|e| e.0 == name).expect("held");
                                entry.1 -= 1;
                            }
                            children.push(child);
                        }
                    }
                }
            }
        }
        children.push(self.moved(None));
        children
    }
}
