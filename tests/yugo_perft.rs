//! Yugo against its naive implementation (`common::naive::NaiveYugo`,
//! written straight from the seed text) beyond the perft data of
//! tests/perft/yugo.txt, which tests/perft.rs checks: small counts by hand,
//! and random games compared move by move.

mod common;

use common::naive::{NaiveYugo, Reference};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::game::Owner;
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex, View};

#[test]
fn two_by_two_by_hand() {
    // Black: 4 pawns or the button. After a pawn White has 3 pawns and the
    // button; after the button, 4 pawns and a real pass.
    assert_eq!(NaiveYugo::new(2).perft(1), 5);
    assert_eq!(NaiveYugo::new(2).perft(2), 4 * 4 + 5);
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
        let mut naive = NaiveYugo::new(size);
        for _ in 0..200 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let children = naive.moves();
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
