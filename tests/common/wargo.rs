//! War Go positions in tests: moves by their text, what stands on a
//! vertex, and what is left in a hand.

use variago::variants::wargo::WarGo;
use variago::{Color, Move, Position, Vertex, View};

/// Plays the move `text` (a vertex, a step `C3-C4` or a drop `tao@C4`).
pub fn play(game: &mut WarGo, color: Color, text: &str) -> Result<(), String> {
    let m = Move::parse(text, game.size()).unwrap();
    game.play(color, m).map_err(|e| e.to_string())
}

/// The showboard symbol on a vertex, `.` when empty.
pub fn at(game: &WarGo, v: &str) -> char {
    let v = Vertex::parse(v).unwrap();
    game.occupant(v).map_or('.', |o| o.symbol())
}

/// How many pieces `color` still holds of the kind whose name starts
/// with `name` (`bomb` for either bomb).
pub fn hand_count(game: &WarGo, color: Color, name: &str) -> u32 {
    game.hand(color)
        .unwrap()
        .iter()
        .find(|(p, _)| p.name().starts_with(name))
        .map(|&(_, n)| n)
        .unwrap()
}
