//! In-process strength test: the engine's move choice (as `genmove` makes
//! it, the exact solver included) against the flat Monte Carlo baseline,
//! colours alternating, at equal playouts or at equal time per move.

use crate::color::Color;
use crate::game::Position;
use crate::player::{Player, Resigning, SearchSettings, Thinking};
use crate::search::flat;
use crate::variants::Setup;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::path::Path;
use std::time::Duration;

/// What each side may spend on a move: the engine gets the same budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Playouts(u64),
    Time(Duration),
}

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

/// Plays one game; returns the winner (None for a draw) and its length,
/// and writes its record to `record` when given.
pub fn play_game(
    setup: &Setup,
    settings: &SearchSettings,
    engine_color: Color,
    budget: Budget,
    seed: u64,
    record: Option<&Path>,
) -> Result<(Option<Color>, usize), String> {
    let mut settings = settings.clone();
    (settings.playouts, settings.time) = match budget {
        Budget::Playouts(p) => (Some(p), None),
        Budget::Time(t) => (None, Some(t)),
    };
    settings.config.seed = seed;
    settings.config.resign_below = 0.0;
    let mut player = Player::new(setup.clone(), settings);
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xF1A7);
    let max_moves = 4 * setup.size * setup.size + 50;
    while player.game.outcome().is_none() && player.game.moves_played() < max_moves {
        let color = player.game.to_move();
        let mv = if color == engine_color {
            player.settings.config.seed = player.settings.config.seed.wrapping_add(1);
            let game = player.game.clone();
            player.think(&game, Thinking::move_for(color, Resigning::Never)).best
        } else {
            match budget {
                Budget::Playouts(p) => flat::best_move(&player.game, p, &mut rng),
                Budget::Time(t) => flat::best_move_timed(&player.game, t, &mut rng),
            }
        };
        let Some(mv) = mv else { break };
        if player.play(color, mv).is_err() {
            break;
        }
    }
    let game = &player.game;
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    if let Some(path) = record {
        let text = crate::sgf::write(&player.sgf_game(), Some(&outcome.to_string()));
        std::fs::write(path, text).map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    }
    Ok((outcome.winner(), game.moves_played()))
}

/// Plays `games` games, the engine taking black in the first, third, ...;
/// with `sgf_dir`, game N's record goes to `versus-N.sgf` there.
pub fn run(
    setup: &Setup,
    settings: &SearchSettings,
    budget: Budget,
    games: u32,
    seed: u64,
    sgf_dir: Option<&Path>,
    mut progress: impl FnMut(u32, &Tally),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for i in 0..games {
        let engine_color = if i % 2 == 0 { Color::Black } else { Color::White };
        let record = sgf_dir.map(|dir| dir.join(format!("versus-{}.sgf", i + 1)));
        let (winner, length) = play_game(
            setup,
            settings,
            engine_color,
            budget,
            seed.wrapping_add(i as u64 * 7919),
            record.as_deref(),
        )?;
        match winner {
            Some(c) if c == engine_color => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        tally.total_moves += length;
        progress(i + 1, &tally);
    }
    Ok(tally)
}
