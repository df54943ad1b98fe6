//! `variago selfplay`: one game of the engine against itself, board by board.

use super::args::PlayArgs;
use crate::gtp::display;
use crate::player::{Player, Resigning, Thinking};
use crate::search::SearchResult;
use crate::Position;
use std::io::Write;

#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub play: PlayArgs,
}

pub fn run(args: SelfplayArgs) -> Result<(), String> {
    let (setup, settings) = args.play.resolve()?;
    let player = Player::new(setup.clone(), settings);
    let mut game = player.game.clone();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}\n", display::human_board(&game));
    while game.outcome().is_none() && game.moves_played() < 4 * setup.size * setup.size {
        let color = game.to_move();
        let result = player.think(&game, Thinking::move_for(color, Resigning::Never));
        let Some(mv) = result.best else { break };
        game.play(color, mv).expect("search returns legal moves");
        let _ = writeln!(out, "{color} {mv} ({})", how_chosen(&result));
        let _ = writeln!(out, "{}\n", display::human_board(&game));
    }
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    let _ = writeln!(out, "result: {outcome}");
    Ok(())
}

/// How the move was found: by playouts with their win rate, or without any,
/// as a proven win (by the solver, or a move that wins at once) or a forced
/// move (the only sensible reply).
fn how_chosen(result: &SearchResult) -> String {
    match result.playouts {
        0 if result.winrate >= 1.0 => "proven win".to_string(),
        0 => "forced".to_string(),
        n => format!("{:.0}% to win, {n} playouts", 100.0 * result.winrate),
    }
}
