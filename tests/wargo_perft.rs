//! War Go's move generator in random games, beyond the perft data of
//! tests/perft/wargo.txt (positions with each army piece, and the presets
//! from their start), which tests/perft.rs checks against the engine and
//! against trying every conceivable move on a copy of the game.

mod common;

use common::naive::conceivable;
use variago::variants::wargo::WarGo;
use variago::{Color, Move, Position, Setup, Variant};

/// In random games with the whole army, the listed moves are exactly the
/// conceivable moves that play, the hash stays exact, and undo restores.
#[test]
fn random_games_list_exactly_the_playable_moves() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let setup = Setup {
        size: 9,
        ..Setup::new(Variant::WarGo)
    };
    for seed in 0..6 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let empty = ["......"; 6];
        let mut game = WarGo::from_diagram(&setup, &empty, Color::Black).unwrap();
        let all = conceivable(6);
        for _ in 0..60 {
            let mut listed = Vec::new();
            game.legal_moves(&mut listed);
            if listed.is_empty() {
                break;
            }
            let color = game.to_move();
            let playable: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&mv| game.clone().play(color, mv).is_ok())
                .collect();
            let mut sorted = listed.clone();
            sorted.sort_by_key(|m| m.to_string());
            let mut expected = playable.clone();
            expected.sort_by_key(|m| m.to_string());
            assert_eq!(sorted, expected, "seed {seed}");
            assert_eq!(game.hash(), game.recompute_hash());
            // Prefer special pieces and steps so that every rule gets exercised.
            let special: Vec<Move> = listed
                .iter()
                .copied()
                .filter(|m| !matches!(m, Move::Place(_)))
                .collect();
            let pool = if !special.is_empty() && rng.random_bool(0.6) {
                &special
            } else {
                &listed
            };
            let mv = pool[rng.random_range(0..pool.len())];
            let before = game.hash();
            game.play(color, mv).unwrap();
            let mut copy = game.clone();
            copy.undo();
            assert_eq!(copy.hash(), before, "undo of {mv}");
        }
    }
}
