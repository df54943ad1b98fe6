//! GoGui's graphics of a search: labels of the best moves and the line
//! the search expects.

use crate::color::Color;
use crate::game::Position;
use crate::moves::Move;
use crate::search::MoveStats;
use crate::variants::Game;

/// `VAR` text for a line of moves from `game`, each move under the colour
/// of its real mover: a side moves twice in a row after an extra move.
pub fn var_text(game: &Game, pv: &[Move]) -> String {
    let mut game = game.clone();
    let mut parts = Vec::new();
    for &mv in pv {
        let color = game.to_move();
        if game.play(color, mv).is_err() {
            break;
        }
        let point = mv.vertex().map_or("pass".into(), |v| v.to_string());
        parts.push(format!("{} {point}", if color == Color::Black { "b" } else { "w" }));
    }
    parts.join(" ")
}

/// Labels of visits and win rates for the best root moves of `game`, and
/// the best line.
pub fn stats_gfx(game: &Game, stats: &[MoveStats], playouts: u64) -> String {
    let mut labels = Vec::new();
    for s in stats.iter().filter(|s| s.visits > 0).take(12) {
        if let Move::Place(v) | Move::Drop(_, v) | Move::Step(_, v) = s.mv {
            labels.push(format!("{v} {:.0}%", 100.0 * s.winrate));
        }
    }
    let mut gfx = Vec::new();
    if !labels.is_empty() {
        gfx.push(format!("LABEL {}", labels.join(" ")));
    }
    if let Some(best) = stats.first() {
        gfx.push(format!("VAR {}", var_text(game, &best.pv)));
        gfx.push(format!(
            "TEXT {} {:.1}% after {playouts} playouts",
            best.mv,
            100.0 * best.winrate
        ));
    }
    gfx.join("\n")
}
