//! What a match keeps of one game.

use super::openings::Opening;
use crate::color::Color;
use crate::moves::Move;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    TwoPasses,
    Resignation,
    MoveCap,
    /// A side's flag fell: it lost on time.
    Time,
    Error,
}

impl Ending {
    pub const ALL: [Ending; 5] = [
        Ending::TwoPasses,
        Ending::Resignation,
        Ending::MoveCap,
        Ending::Time,
        Ending::Error,
    ];

    /// The name results files and the report use.
    pub fn name(self) -> &'static str {
        match self {
            Ending::TwoPasses => "two passes",
            Ending::Resignation => "resignation",
            Ending::MoveCap => "move cap",
            Ending::Time => "time",
            Ending::Error => "error",
        }
    }

    pub fn parse(text: &str) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| e.name() == text)
    }
}

/// The outcome of one game: the winning colour (None for a draw) and the score text.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub text: String,
}

impl GameResult {
    /// Reads a `final_score` answer: `B+3.5`, `W+R`, `0`, `Draw`...
    pub fn parse(text: &str) -> Option<GameResult> {
        let upper = text.trim().to_ascii_uppercase();
        let winner = if upper.starts_with("B+") {
            Some(Color::Black)
        } else if upper.starts_with("W+") {
            Some(Color::White)
        } else if upper.parse::<f64>() == Ok(0.0) || upper == "DRAW" || upper == "JIGO" {
            None
        } else {
            return None;
        };
        Some(GameResult {
            winner,
            text: text.trim().to_string(),
        })
    }

    /// A win for `winner` by resignation (`R`) or on time (`T`), as SGF writes it.
    pub fn win(winner: Color, by: char) -> GameResult {
        GameResult {
            winner: Some(winner),
            text: format!("{}+{by}", winner.letter()),
        }
    }
}

/// One finished (or failed) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Counted from 1.
    pub number: u32,
    /// The first engine's colour in this game.
    pub first_color: Color,
    /// The opening it was played from; its moves begin `moves`.
    pub opening: Option<Opening>,
    pub moves: Vec<(Color, Move)>,
    pub typed: bool,
    pub ending: Ending,
    pub result: Option<GameResult>,
    pub error: Option<String>,
    /// Set when the engines named different winners.
    pub disagreement: Option<String>,
    /// Seconds the first and the second engine took for their moves.
    pub seconds: [f64; 2],
    /// Warnings worth showing once, such as an engine that cannot switch variant.
    pub notes: Vec<String>,
}

impl GameRecord {
    pub fn new(number: u32, first_color: Color, opening: Option<Opening>) -> GameRecord {
        GameRecord {
            number,
            first_color,
            opening,
            moves: Vec::new(),
            typed: false,
            ending: Ending::Error,
            result: None,
            error: None,
            disagreement: None,
            seconds: [0.0; 2],
            notes: Vec::new(),
        }
    }

    /// The engine (0 first, 1 second) that played `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        usize::from(color != self.first_color)
    }

    /// The engine that won (0 first, 1 second), None for a draw; None too
    /// with no result.
    pub fn winner(&self) -> Option<usize> {
        self.scored()?.winner.map(|c| self.engine_of(c))
    }

    /// The result of a game that counts: every ending but an error.
    pub fn scored(&self) -> Option<&GameResult> {
        self.result.as_ref().filter(|_| self.ending != Ending::Error)
    }

    /// The first engine's points: 1 a win, 0.5 a draw, 0 a loss; None
    /// for a game that does not count.
    pub fn first_points(&self) -> Option<f64> {
        let result = self.scored()?;
        Some(match result.winner.map(|c| self.engine_of(c)) {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_final_score_answers() {
        let black = GameResult::parse("B+3.5").unwrap();
        assert_eq!(black.winner, Some(Color::Black));
        assert_eq!(GameResult::parse("w+R").unwrap().winner, Some(Color::White));
        assert_eq!(GameResult::parse("0").unwrap().winner, None);
        assert_eq!(GameResult::parse("Draw").unwrap().winner, None);
        assert!(GameResult::parse("cannot score").is_none());
        assert!(GameResult::parse("").is_none());
        assert_eq!(GameResult::win(Color::White, 'T').text, "W+T");
    }

    #[test]
    fn endings_have_names_both_ways() {
        for ending in Ending::ALL {
            assert_eq!(Ending::parse(ending.name()), Some(ending));
        }
    }
}
