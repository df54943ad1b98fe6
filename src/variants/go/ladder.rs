//! Ladders read to their end, and the line of a point: the tactics that
//! both the priors and the move model's features ask about.

use crate::board::{cell_of, Board, OtherLiberties};
use crate::color::Color;
use std::cell::Cell;

/// How far a ladder is read, in plies: farther than any ladder runs on a
/// board of up to 25x25.
const LADDER_DEPTH: usize = 100;
/// How many moves a ladder reading may play, so that a tangle of ataris
/// costs a node's priors little more than a plain ladder does.
const LADDER_BUDGET: usize = 400;

/// What a ladder reading reuses from read to read on a thread: the boards
/// of its plies and its lists of moves, so that a ply copies a board into
/// memory it already has instead of allocating two vectors.
#[derive(Default)]
struct Scratch {
    boards: Vec<Board>,
    moves: Vec<usize>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = const {
        Cell::new(Scratch {
            boards: Vec::new(),
            moves: Vec::new(),
        })
    };
}

/// One ladder reading: its budget of moves and the thread's scratch.
struct Reader {
    budget: usize,
    scratch: Scratch,
}

impl Reader {
    /// Runs `read` with a fresh budget and the thread's scratch.
    fn with<R>(read: impl FnOnce(&mut Reader) -> R) -> R {
        let mut reader = Reader {
            budget: LADDER_BUDGET,
            scratch: SCRATCH.take(),
        };
        let answer = read(&mut reader);
        SCRATCH.set(reader.scratch);
        answer
    }

    /// A board equal to `board` after `color` plays at `p`; give it back
    /// with [`Reader::done`].
    fn after(&mut self, board: &Board, p: usize, color: Color) -> Board {
        let mut after = self.copy(board);
        after.play(p, color, 0);
        after
    }

    /// A board equal to `board`, in a spare board's memory when there is one.
    fn copy(&mut self, board: &Board) -> Board {
        match self.scratch.boards.pop() {
            Some(mut spare) => {
                spare.clone_from(board);
                spare
            }
            None => board.clone(),
        }
    }

    fn done(&mut self, board: Board) {
        self.scratch.boards.push(board);
    }

    /// `board` after `color` plays at `p`: a copy while other moves of
    /// the ply are still to be read from it, `board` itself for the last.
    /// A ladder has mostly one move a ply, so a reading copies the board
    /// about once instead of once a ply.
    fn branch(&mut self, board: &mut Option<Board>, p: usize, color: Color, last: bool) -> Board {
        match board.take_if(|_| last) {
            Some(mut board) => {
                board.play(p, color, 0);
                board
            }
            None => self.after(board.as_ref().expect("a board until the last move"), p, color),
        }
    }

    /// True when the defender to move gets its chain through `chain` (in
    /// atari) out of the ladder: by extending on its liberty or by
    /// capturing an attacker chain next to it that is in atari. Running
    /// out of depth or budget counts as an escape, so only a ladder read
    /// to its end works. Takes `board` and gives it back to the scratch.
    fn escapes(&mut self, board: Board, chain: usize, attacker: Color, depth: usize) -> bool {
        let Some(lib) = board.atari_liberty(chain) else {
            self.done(board);
            return true;
        };
        let enemy = cell_of(attacker);
        // This ply's moves sit on the shared list from `first` on; deeper
        // plies push theirs after them and take them off again.
        let first = self.scratch.moves.len();
        self.scratch.moves.push(lib);
        let mut stone = chain;
        loop {
            for n in board.neighbours(stone) {
                if board.cell(n) == enemy {
                    if let Some(l) = board.atari_liberty(n) {
                        if !self.scratch.moves[first..].contains(&l) {
                            self.scratch.moves.push(l);
                        }
                    }
                }
            }
            stone = board.next_in_chain(stone);
            if stone == chain {
                break;
            }
        }
        let end = self.scratch.moves.len();
        let mut board = Some(board);
        let escaped = (first..end).any(|i| {
            let m = self.scratch.moves[i];
            let current = board.as_ref().expect("a board until the last move");
            if depth >= LADDER_DEPTH || self.budget == 0 {
                return true;
            }
            if current.ko_point() == Some(m) {
                return false;
            }
            self.budget -= 1;
            let after = self.branch(&mut board, m, attacker.opponent(), i + 1 == end);
            !self.catches(after, chain, attacker, depth + 1)
        });
        if let Some(board) = board {
            self.done(board);
        }
        self.scratch.moves.truncate(first);
        escaped
    }

    /// True when `attacker`, to move, catches the chain through `chain`: it
    /// has one liberty left (none: the defender's move was suicide), or two
    /// and an atari on one of them leaves no escape. Three liberties get out.
    /// Takes `board` and gives it back to the scratch.
    fn catches(&mut self, board: Board, chain: usize, attacker: Color, depth: usize) -> bool {
        let libs = board.liberties_upto(chain, 3);
        let caught = match libs.iter().take_while(|&&l| l != 0).count() {
            0 => true,
            // A ko the attacker may not take back at once is no catch.
            1 => board.ko_point() != Some(libs[0]),
            2 => {
                // An atari that leaves the other liberty three empty
                // neighbours lets the defender out there: not read.
                let tight = |a: usize, e: usize| {
                    let empty = board
                        .neighbours(e)
                        .into_iter()
                        .filter(|&n| board.is_empty(n) && n != a)
                        .count();
                    empty <= 2
                };
                let mut ataris = [0; 2];
                let mut count = 0;
                for (a, e) in [(libs[0], libs[1]), (libs[1], libs[0])] {
                    if tight(a, e) {
                        ataris[count] = a;
                        count += 1;
                    }
                }
                let mut board = Some(board);
                let caught = ataris[..count].iter().enumerate().any(|(i, &a)| {
                    let current = board.as_ref().expect("a board until the last move");
                    if depth >= LADDER_DEPTH
                        || self.budget == 0
                        || current.ko_point() == Some(a)
                        || current.is_suicide(a, attacker)
                    {
                        return false;
                    }
                    self.budget -= 1;
                    let after = self.branch(&mut board, a, attacker, i + 1 == count);
                    // An atari that captures a neighbour may leave more liberties.
                    if after.atari_liberty(chain).is_some() {
                        !self.escapes(after, chain, attacker, depth + 1)
                    } else {
                        self.done(after);
                        false
                    }
                });
                if let Some(board) = board {
                    self.done(board);
                }
                return caught;
            }
            _ => false,
        };
        self.done(board);
        caught
    }
}

/// True when `color` playing at `p` puts an opponent chain in atari that a
/// ladder then catches.
pub fn ladder_works(board: &Board, p: usize, color: Color) -> bool {
    let enemy = cell_of(color.opponent());
    // The chains with two liberties, `p` one of them, each once.
    let mut chains = [0; 4];
    let mut count = 0;
    for n in board.neighbours(p) {
        if board.cell(n) == enemy
            && matches!(board.liberties_besides(n, p), OtherLiberties::One(_))
            && !chains[..count].contains(&board.chain(n))
        {
            chains[count] = board.chain(n);
            count += 1;
        }
    }
    if count == 0 {
        return false;
    }
    Reader::with(|reader| {
        let mut after = Some(reader.after(board, p, color));
        let works = chains[..count].iter().enumerate().any(|(i, &chain)| {
            let last = i + 1 == count;
            let read = match after.take_if(|_| last) {
                Some(board) => board,
                None => reader.copy(after.as_ref().expect("a board until the last chain")),
            };
            reader.budget = LADDER_BUDGET;
            !reader.escapes(read, chain, color, 0)
        });
        if let Some(after) = after {
            reader.done(after);
        }
        works
    })
}

/// True when `color` extending at `p` out of atari leaves a chain that
/// the opponent then catches in a ladder.
pub(crate) fn escape_fails(board: &Board, p: usize, color: Color) -> bool {
    Reader::with(|reader| {
        let after = reader.after(board, p, color);
        reader.catches(after, p, color.opponent(), 1)
    })
}

/// The line of `p` counted from 0 at the nearest edge.
pub fn line(board: &Board, p: usize) -> usize {
    let size = board.size();
    let v = board.vertex(p);
    let (x, y) = (v.x as usize, v.y as usize);
    x.min(y).min(size - 1 - x).min(size - 1 - y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::go::features::tests::random_positions;

    /// The reading as it was first written, copying the board at every
    /// ply: the reference that the reading on reused boards must equal.
    mod copying {
        use super::super::{LADDER_BUDGET, LADDER_DEPTH};
        use crate::board::{cell_of, Board, OtherLiberties};
        use crate::color::Color;

        pub fn ladder_works(board: &Board, p: usize, color: Color) -> bool {
            let enemy = cell_of(color.opponent());
            let mut after: Option<Board> = None;
            let mut read = Vec::new();
            for n in board.neighbours(p) {
                if board.cell(n) != enemy
                    || !matches!(board.liberties_besides(n, p), OtherLiberties::One(_))
                    || read.contains(&board.chain(n))
                {
                    continue;
                }
                read.push(board.chain(n));
                let after = after.get_or_insert_with(|| {
                    let mut b = board.clone();
                    b.play(p, color, 0);
                    b
                });
                let mut budget = LADDER_BUDGET;
                if !escapes(after, n, color, 0, &mut budget) {
                    return true;
                }
            }
            false
        }

        pub fn escape_fails(board: &Board, p: usize, color: Color) -> bool {
            let mut after = board.clone();
            after.play(p, color, 0);
            let mut budget = LADDER_BUDGET;
            catches(&after, p, color.opponent(), 1, &mut budget)
        }

        fn escapes(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
            let Some(lib) = board.atari_liberty(chain) else {
                return true;
            };
            let enemy = cell_of(attacker);
            let mut moves = vec![lib];
            for stone in board.chain_stones(chain) {
                for n in board.neighbours(stone) {
                    if board.cell(n) == enemy {
                        if let Some(l) = board.atari_liberty(n) {
                            if !moves.contains(&l) {
                                moves.push(l);
                            }
                        }
                    }
                }
            }
            for m in moves {
                if depth >= LADDER_DEPTH || *budget == 0 {
                    return true;
                }
                if board.ko_point() == Some(m) {
                    continue;
                }
                *budget -= 1;
                let mut after = board.clone();
                after.play(m, attacker.opponent(), 0);
                if !catches(&after, chain, attacker, depth + 1, budget) {
                    return true;
                }
            }
            false
        }

        fn catches(board: &Board, chain: usize, attacker: Color, depth: usize, budget: &mut usize) -> bool {
            let libs = board.liberties_upto(chain, 3);
            match libs.iter().take_while(|&&l| l != 0).count() {
                0 => true,
                1 => board.ko_point() != Some(libs[0]),
                // The ataris the reading skips are skipped here too.
                2 => [(libs[0], libs[1]), (libs[1], libs[0])].into_iter().any(|(a, e)| {
                    let empty = board
                        .neighbours(e)
                        .into_iter()
                        .filter(|&n| board.is_empty(n) && n != a)
                        .count();
                    if empty > 2 {
                        return false;
                    }
                    if depth >= LADDER_DEPTH
                        || *budget == 0
                        || board.ko_point() == Some(a)
                        || board.is_suicide(a, attacker)
                    {
                        return false;
                    }
                    *budget -= 1;
                    let mut after = board.clone();
                    after.play(a, attacker, 0);
                    after.atari_liberty(chain).is_some() && !escapes(&after, chain, attacker, depth + 1, budget)
                }),
                _ => false,
            }
        }
    }

    #[test]
    fn reading_on_reused_boards_equals_reading_on_copies() {
        let (mut works, mut fails, mut asked) = (0, 0, 0);
        for (board, _) in (1..=2).flat_map(random_positions) {
            for p in board.all_points().filter(|&p| board.is_empty(p)) {
                for color in [Color::Black, Color::White] {
                    if board.is_suicide(p, color) {
                        continue;
                    }
                    let (ladder, escape) = (ladder_works(&board, p, color), escape_fails(&board, p, color));
                    let at = board.vertex(p);
                    assert_eq!(
                        ladder,
                        copying::ladder_works(&board, p, color),
                        "{color:?} {at}\n{}",
                        board.to_text()
                    );
                    assert_eq!(
                        escape,
                        copying::escape_fails(&board, p, color),
                        "{color:?} {at}\n{}",
                        board.to_text()
                    );
                    (works, fails, asked) = (works + ladder as usize, fails + escape as usize, asked + 1);
                }
            }
        }
        // Both answers come up often, so the comparison means something.
        assert!(
            works > 1000 && fails > 1000 && asked - works > 1000 && asked - fails > 1000,
            "{works} {fails} {asked}"
        );
    }
}
