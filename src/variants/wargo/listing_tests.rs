//! The listings against plain ones in random games: each candidate move
//! tried in full, and the first clicks of every spelled legal move.

use super::*;
use crate::clicks::check_random_games;
use crate::variants::Variant::{SpecialStones, WarGo as War};

/// The legal moves as playing each candidate on a copy finds them.
fn tried_one_by_one(game: &WarGo) -> Vec<Move> {
    let mut out = Vec::new();
    let color = game.to_move();
    game.candidates(|mv, _| {
        if mv == Move::Pass || game.trial(color, mv).is_ok() {
            out.push(mv);
        }
    });
    out
}

#[test]
fn listings_match_the_plain_ones_in_random_games() {
    let games = [
        (SpecialStones, 19, 12),
        (SpecialStones, 9, 60),
        (War, 19, 12),
        (War, 9, 60),
    ];
    check_random_games(WarGo::new, &games, tried_one_by_one);
}
