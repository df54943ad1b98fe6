//! The fast listings (a survey of the position, first clicks found
//! without judging every drop) against the plain ones, in random games.

use super::*;
use crate::clicks::check_random_games;
use crate::variants::Variant::{DominGo, GroupGo as Group, OminoGo};

/// The legal moves as each drop's own judgement finds them, one by one.
fn judged_one_by_one(game: &GroupGo) -> Vec<Move> {
    let color = game.to_move();
    let mut placements = Vec::new();
    game.placements_of(color, |mv, cells| placements.push((mv, game.legal(color, cells))));
    let playing = game.outcome().is_none();
    let drops = placements.into_iter().filter(|&(_, legal)| legal && playing);
    drops.map(|(mv, _)| mv).chain(playing.then_some(Move::Pass)).collect()
}

#[test]
fn fast_listings_match_the_plain_ones_in_random_games() {
    for variant in [Group, OminoGo, DominGo] {
        // Small boards fill up: captures, suicides and superko come soon.
        let sizes = [(variant, 19, 60), (variant, 7, 80), (variant, 5, 60)];
        check_random_games(GroupGo::new, &sizes, judged_one_by_one);
    }
}
