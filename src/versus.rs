//! In-process strength test: the engine's search against the flat Monte
//! Carlo baseline at equal playouts, colours alternating.

use crate::color::Color;
use crate::game::Position;
use crate::gtp::engine::SearchSettings;
use crate::search::{self, flat, Limits};
use crate::variants::{Game, Setup};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub total_moves: usize,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The engine's score rate (draws count half) and its 95% Wilson interval.
    pub fn rate(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let p = (self.wins as f64 + 0.5 * self.draws as f64) / n;
        let z = 1.96;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// Plays one game; returns the winner (None for a draw) and its length.
pub fn play_game(
    setup: &Setup,
    settings: &SearchSettings,
    engine_color: Color,
    flat_playouts: u64,
    seed: u64,
) -> (Option<Color>, usize) {
    let mut game = Game::new(setup);
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xF1A7);
    let stop = AtomicBool::new(false);
    let mut config = settings.config.clone();
    config.seed = seed;
    config.resign_below = 0.0;
    let limits = Limits {
        playouts: settings.playouts,
        time: settings.time,
    };
    let max_moves = 4 * setup.size * setup.size + 50;
    while game.outcome().is_none() && game.moves_played() < max_moves {
        let color = game.to_move();
        let mv = if color == engine_color {
            config.seed = config.seed.wrapping_add(1);
            search::search(&game, limits, &config, &stop).best
        } else {
            flat::best_move(&game, flat_playouts, &mut rng)
        };
        let Some(mv) = mv else { break };
        if game.play(color, mv).is_err() {
            break;
        }
    }
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    (outcome.winner(), game.moves_played())
}

/// Plays `games` games, the engine taking black in the even ones.
pub fn run(
    setup: &Setup,
    settings: &SearchSettings,
    flat_playouts: u64,
    games: u32,
    seed: u64,
    mut progress: impl FnMut(u32, &Tally),
) -> Tally {
    let mut tally = Tally::default();
    for i in 0..games {
        let engine_color = if i % 2 == 0 { Color::Black } else { Color::White };
        let (winner, length) = play_game(
            setup,
            settings,
            engine_color,
            flat_playouts,
            seed.wrapping_add(i as u64 * 7919),
        );
        match winner {
            Some(c) if c == engine_color => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        tally.total_moves += length;
        progress(i + 1, &tally);
    }
    tally
}
