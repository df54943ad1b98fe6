//! Yugo perft: the counts in tests/perft/yugo.txt, checked against the
//! engine and against a naive implementation written straight from the
//! seed text (whole-board flood fills, no chains, no locality shortcut).

mod common;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::game::{perft, Owner};
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex};

/// The naive position: a grid of (colour, king) with 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct Naive {
    size: usize,
    cells: Vec<(u8, bool)>,
    to_move: u8,
    button_taken: bool,
    passes: u8,
}

impl Naive {
    fn new(size: usize) -> Naive {
        Naive {
            size,
            cells: vec![(0, false); size * size],
            to_move: 1,
            button_taken: false,
            passes: 0,
        }
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        common::naive::grid_neighbours(self.size, p)
    }

    /// Every group as (colour, points, surrounded).
    fn groups(&self) -> Vec<(u8, Vec<usize>, bool)> {
        let mut seen = vec![false; self.cells.len()];
        let mut groups = Vec::new();
        for start in 0..self.cells.len() {
            let colour = self.cells[start].0;
            if colour == 0 || seen[start] {
                continue;
            }
            let (mut points, mut stack, mut liberty) = (Vec::new(), vec![start], false);
            seen[start] = true;
            while let Some(p) = stack.pop() {
                points.push(p);
                for n in self.neighbours(p) {
                    match self.cells[n].0 {
                        0 => liberty = true,
                        c if c == colour && !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            groups.push((colour, points, !liberty));
        }
        groups
    }

    /// Surrounded groups of each colour: [black, white].
    fn surrounded(&self) -> [usize; 2] {
        let mut count = [0, 0];
        for (colour, _, surrounded) in self.groups() {
            if surrounded {
                count[colour as usize - 1] += 1;
            }
        }
        count
    }

    fn remove_pawns_of_surrounded(&mut self, colour: u8) {
        for (c, points, surrounded) in self.groups() {
            if c == colour && surrounded {
                for p in points {
                    if !self.cells[p].1 {
                        self.cells[p] = (0, false);
                    }
                }
            }
        }
    }

    /// Every position one legal move away, with its point (`None`: the pass).
    fn children(&self) -> Vec<(Option<usize>, Naive)> {
        if self.passes >= 2 {
            return Vec::new();
        }
        let (me, enemy) = (self.to_move, 3 - self.to_move);
        let before = self.surrounded();
        let mut out = Vec::new();
        for p in 0..self.cells.len() {
            if self.cells[p].0 != 0 {
                continue;
            }
            let mut next = self.clone();
            next.cells[p] = (me, false);
            let after = next.surrounded();
            if after == before {
                // A pawn.
            } else if after[enemy as usize - 1] > before[enemy as usize - 1] {
                next.cells[p].1 = true;
                next.remove_pawns_of_surrounded(enemy);
                next.remove_pawns_of_surrounded(me);
            } else {
                continue;
            }
            next.to_move = enemy;
            next.passes = 0;
            out.push((Some(p), next));
        }
        let mut pass = self.clone();
        if self.button_taken {
            pass.passes += 1;
        } else {
            pass.button_taken = true;
        }
        pass.to_move = enemy;
        out.push((None, pass));
        out
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|(_, c)| c.perft(depth - 1)).sum()
    }
}

fn cases() -> Vec<(usize, usize, u64)> {
    let text = include_str!("perft/yugo.txt");
    text.lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f[0], "yugo");
            (f[1].parse().unwrap(), f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn engine_matches_the_perft_file() {
    for (size, depth, count) in cases() {
        let mut game = Game::new(&Setup {
            size,
            ..Setup::new(Variant::Yugo)
        });
        assert_eq!(perft(&mut game, depth), count, "yugo {size}x{size} depth {depth}");
    }
}

#[test]
fn naive_implementation_matches_the_perft_file() {
    for (size, depth, count) in cases() {
        if count <= 60_000 {
            assert_eq!(
                Naive::new(size).perft(depth),
                count,
                "naive yugo {size}x{size} depth {depth}"
            );
        }
    }
}

#[test]
fn two_by_two_by_hand() {
    // Black: 4 pawns or the button. After a pawn White has 3 pawns and the
    // button; after the button, 4 pawns and a real pass.
    assert_eq!(Naive::new(2).perft(1), 5);
    assert_eq!(Naive::new(2).perft(2), 4 * 4 + 5);
}

/// The engine's board in the naive encoding.
fn cells_of(game: &Game) -> Vec<(u8, bool)> {
    let size = game.size();
    (0..size * size)
        .map(|p| match game.occupant(Vertex::new(p % size, p / size)) {
            None => (0, false),
            Some(o) => {
                let colour = if o.owner == Owner::Player(Color::Black) { 1 } else { 2 };
                (colour, o.piece == Piece::King)
            }
        })
        .collect()
}

#[test]
fn random_games_agree_move_by_move_with_the_naive_rules() {
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut kings, mut finished) = (0, 0);
    for game_number in 0..60 {
        let size = 3 + game_number % 3;
        let mut game = Game::new(&Setup {
            size,
            ..Setup::new(Variant::Yugo)
        });
        let mut naive = Naive::new(size);
        for _ in 0..200 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let children = naive.children();
            let mut expected: Vec<Move> = children
                .iter()
                .map(|(p, _)| p.map_or(Move::Pass, |p| Move::Place(Vertex::new(p % size, p / size))))
                .collect();
            expected.sort_by_key(|m| m.to_string());
            moves.sort_by_key(|m| m.to_string());
            assert_eq!(moves, expected, "legal moves differ");
            if moves.is_empty() {
                finished += 1;
                break;
            }
            // Prefer placements so that boards fill up and kings appear.
            let pick = if rng.random_range(0..8) == 0 {
                children.len() - 1
            } else {
                rng.random_range(0..children.len())
            };
            let (point, next) = children[pick].clone();
            let mv = point.map_or(Move::Pass, |p| Move::Place(Vertex::new(p % size, p / size)));
            game.play(game.to_move(), mv).unwrap();
            naive = next;
            assert_eq!(cells_of(&game), naive.cells, "boards differ after {mv}");
            assert_eq!(game.hash(), game.recompute_hash());
            kings += naive.cells.iter().filter(|c| c.1).count();
        }
    }
    assert!(
        kings > 100 && finished > 50,
        "the games should reach kings and ends: {kings} {finished}"
    );
}
