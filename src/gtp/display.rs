//! Board pictures: `showboard` for people, `variago-board` for programs.

use crate::game::{Position, View};
use crate::moves::Vertex;
use crate::variants::Game;

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn symbol(game: &Game, v: Vertex) -> char {
    game.occupant(v).map_or('.', |o| o.symbol())
}

/// The board with coordinates, then the side to move and the status lines.
pub fn human_board(game: &Game) -> String {
    let size = game.size();
    let letters: String = COLUMNS[..size].chars().map(|c| format!(" {c}")).collect();
    let mut out = format!("   {letters}\n");
    for y in (0..size).rev() {
        out += &format!("{:>2} ", y + 1);
        for x in 0..size {
            out.push(' ');
            out.push(symbol(game, Vertex::new(x, y)));
        }
        out += &format!(" {}\n", y + 1);
    }
    out += &format!("   {letters}\n");
    out += &format!("{} to move", game.to_move());
    for line in game.status_lines() {
        out += &format!("\n{line}");
    }
    if let Some(outcome) = game.outcome() {
        out += &format!("\ngame over: {outcome}");
    }
    out
}

/// `key value` lines, then `board` and one line of symbols per row, top
/// row first. Documented in gtp-extensions.md.
pub fn machine_board(game: &Game) -> String {
    machine_board_with(game, game.outcome())
}

/// [`machine_board`] with `outcome`, the result of a finished game by the
/// rules in force (dead stones removed under area rules), `None` while it
/// goes on.
pub fn machine_board_with(game: &Game, outcome: Option<crate::game::Outcome>) -> String {
    let size = game.size();
    let [b, w] = game.captures();
    let mut out = format!(
        "variant {}\nsize {size}\nto_move {}\ncaptures {b} {w}\n",
        game.variant_name(),
        game.to_move()
    );
    let result = outcome.map_or("none".to_string(), |o| o.to_string());
    out += &format!("result {result}\n");
    for line in game.status_lines() {
        out += &format!("status {line}\n");
    }
    out += "board";
    for y in (0..size).rev() {
        out.push('\n');
        let row: Vec<String> = (0..size).map(|x| symbol(game, Vertex::new(x, y)).to_string()).collect();
        out += &row.join(" ");
    }
    out
}
