//! How a Go-like game is counted at its end: the rule sets a variant may
//! offer (the `rules` setup option and `variago-rules`, declared here as
//! data and listed in a variant's spec), and the judgement of dead stones
//! and seki from the search's ownership, written once over the board.
//!
//! A chain is dead when the other colour owned its points in most of the
//! simulations. A living chain is in seki when one of its liberties, next
//! to a living enemy chain, ended owned by nobody in most simulations:
//! neither side fills a shared liberty of a seki, while ordinary dame is
//! filled early in a playout.

use crate::board::{cell_of, color_of, Board};
use crate::color::Color;
use crate::game::{Judgement, Ownership, Status};
use crate::moves::Move;
use crate::variants::spec::{Effect, OptionCommand, SetupOption};
use crate::variants::Setup;

/// How a finished game is counted. Both are area scoring (stones plus the
/// empty points they alone surround, less komi); they differ in the dead
/// stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scoring {
    /// Chinese-style: stones the engine judges dead are removed before the
    /// count, as GNU Go, Pachi and KataGo count.
    #[default]
    Area,
    /// Tromp-Taylor, as on CGOS: the board counts as it stands, so dead
    /// stones must be captured before the game ends.
    TrompTaylor,
}

impl Scoring {
    pub const ALL: [Scoring; 2] = [Scoring::Area, Scoring::TrompTaylor];

    /// The rules of a name or an alias (`chinese`, `tt`), in any case.
    pub fn parse(text: &str) -> Option<Scoring> {
        match text.to_ascii_lowercase().as_str() {
            "area" | "chinese" => Some(Scoring::Area),
            "tromp-taylor" | "tromp_taylor" | "tt" => Some(Scoring::TrompTaylor),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::TrompTaylor => "tromp-taylor",
        }
    }

    /// True when the count takes the stones judged dead off the board.
    pub fn removes_dead(self) -> bool {
        self == Scoring::Area
    }
}

/// The `rules` option: how the game is counted at its end.
pub const RULES: SetupOption = SetupOption {
    key: "rules",
    what: "choice of rules",
    values: "area|tromp-taylor",
    help: "How a finished Go game is counted: area (dead stones removed) or tromp-taylor (the \
           board as it stands) [default: area]",
    default: "area",
    set: |setup, value| {
        let known = Scoring::ALL.map(Scoring::name).join(" ");
        let scoring = Scoring::parse(value).ok_or_else(|| format!("unknown rules '{value}' (known: {known})"))?;
        setup.set_value(RULES.key, (scoring != Scoring::default()).then_some(scoring));
        Ok(())
    },
    get: |setup| (setup.scoring() != Scoring::default()).then(|| setup.scoring().name().to_string()),
    // `variago-rules [area|tromp-taylor]`: the rules in force, or sets them.
    // Only the count changes, so the game goes on under the new rules.
    command: Some(OptionCommand {
        name: "variago-rules",
        effect: Effect::SameGame,
    }),
    ..SetupOption::PLAIN
};

impl Setup {
    /// How a finished game is counted, where the variant offers a choice.
    pub fn scoring(&self) -> Scoring {
        self.value(RULES.key).copied().unwrap_or_default()
    }
}

/// Judges every stone on `board` by `ownership` (of this board's points,
/// row-major from the bottom-left; see the module's text), and counts the
/// area with the dead stones removed, less `komi`.
pub fn judge(board: &Board, ownership: &Ownership, komi: f32) -> Judgement {
    let size = board.size();
    let index = |p: usize| {
        let v = board.vertex(p);
        v.y as usize * size + v.x as usize
    };
    let mut status = vec![None; size * size];
    let mut chains = Vec::new();
    for p in board.all_points() {
        let Some(color) = color_of(board.cell(p)) else { continue };
        if status[index(p)].is_some() {
            continue;
        }
        let stones = board.chain_stones(p);
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let owned = stones
            .iter()
            .map(|&s| sign * (ownership.black(index(s)) - ownership.white(index(s))))
            .sum::<f32>();
        let judged = if owned < 0.0 { Status::Dead } else { Status::Alive };
        for &s in &stones {
            status[index(s)] = Some(judged);
        }
        chains.push((p, color, judged));
    }
    for &(p, color, judged) in &chains {
        if judged == Status::Dead {
            continue;
        }
        let enemy = cell_of(color.opponent());
        let seki = board.liberties(p).into_iter().any(|lib| {
            ownership.neutral(index(lib)) >= 0.5
                && board
                    .neighbours(lib)
                    .into_iter()
                    .any(|n| board.cell(n) == enemy && status[index(n)] != Some(Status::Dead))
        });
        if seki {
            for s in board.chain_stones(p) {
                status[index(s)] = Some(Status::Seki);
            }
        }
    }
    let mut counted = board.clone();
    for &(p, _, judged) in &chains {
        if judged == Status::Dead && !counted.is_empty(p) {
            counted.remove_chain(p);
        }
    }
    Judgement::new(size, status, counted.area_score() as f32 - komi)
}

/// A move of `color` against the opponent's stones that `judged` calls
/// dead: on a liberty of the dead chain with the fewest, a capture first,
/// and only where `playable` allows (legal, and not self-harming). `None`
/// when no dead stone of the opponent is left, or none can be approached.
pub fn capture_move(board: &Board, judged: &Judgement, color: Color, playable: impl Fn(usize) -> bool) -> Option<Move> {
    let enemy = cell_of(color.opponent());
    let mut targets: Vec<Vec<usize>> = board
        .all_points()
        .filter(|&p| board.cell(p) == enemy && board.chain(p) == p)
        .filter(|&p| judged.status(board.vertex(p)) == Some(Status::Dead))
        .map(|p| board.liberties(p))
        .collect();
    targets.sort_by_key(Vec::len);
    targets.iter().find_map(|libs| {
        let capture = libs.iter().find(|&&l| board.captures_at(l, color) && playable(l));
        capture
            .or_else(|| libs.iter().find(|&&l| playable(l)))
            .map(|&l| Move::Place(board.vertex(l)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Vertex;

    /// A board with the rows (top row first) set up: `X` black, `O` white.
    fn board(rows: &[&str]) -> Board {
        let mut board = Board::new(rows.len());
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let color = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                let p = board.point(Vertex::new(x, rows.len() - 1 - r));
                board.play(p, color, 0);
            }
        }
        board
    }

    /// An ownership that counts `owners` (one row string per board row,
    /// top first: `X` black, `O` white, `.` neither) once.
    fn ownership(rows: &[&str]) -> Ownership {
        let size = rows.len();
        let mut owners = vec![0i8; size * size];
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                owners[(size - 1 - r) * size + x] = match ch {
                    'X' => 1,
                    'O' => -1,
                    _ => 0,
                };
            }
        }
        let mut o = Ownership::new(size * size);
        o.add(&owners);
        o
    }

    fn v(name: &str) -> Vertex {
        Vertex::parse(name).unwrap()
    }

    #[test]
    fn a_chain_owned_by_the_other_colour_is_dead_and_not_counted() {
        let b = board(&["..O..", "XXXXX", ".....", "OOOOO", "....."]);
        let owners = ownership(&["XXXXX", "XXXXX", "XXXXX", "OOOOO", "OOOOO"]);
        let judged = judge(&b, &owners, 0.5);
        assert_eq!(judged.stones(Status::Dead), vec![v("C5")]);
        assert_eq!(judged.stones(Status::Seki), vec![]);
        assert_eq!(judged.stones(Status::Alive).len(), 10);
        // 10 black points against 10 white (the middle row is neutral),
        // less komi.
        assert_eq!(judged.score, -0.5);
    }

    #[test]
    fn a_living_chain_with_a_liberty_nobody_owns_next_to_the_enemy_is_in_seki() {
        let b = board(&["X.O..", "X.O..", "XXOOO", "OOOXX", "....."]);
        let owners = ownership(&["X.OOO", "X.OOO", "XXOOO", "OOOOO", "OOOOO"]);
        let judged = judge(&b, &owners, 0.0);
        assert_eq!(judged.status(v("A5")), Some(Status::Seki));
        assert_eq!(judged.status(v("C5")), Some(Status::Seki));
        assert_eq!(judged.status(v("D2")), Some(Status::Dead));
        // The white chain reaches A2 through C2.
        assert_eq!(judged.status(v("A2")), Some(Status::Seki));
        assert_eq!(judged.stones(Status::Alive), vec![]);
    }

    #[test]
    fn the_capture_move_takes_the_dead_chain_with_the_fewest_liberties_first() {
        // White's C5 is dead, with one liberty left: B5.
        let b = board(&["X.OX.", "XXXXX", ".....", "OOOOO", "....."]);
        let owners = ownership(&["XXXXX", "XXXXX", "XXXXX", "OOOOO", "OOOOO"]);
        let judged = judge(&b, &owners, 0.5);
        assert_eq!(judged.stones(Status::Dead), vec![v("C5")]);
        let mv = capture_move(&b, &judged, Color::Black, |_| true);
        assert_eq!(mv, Some(Move::Place(v("B5"))));
        assert_eq!(capture_move(&b, &judged, Color::Black, |_| false), None);
        assert_eq!(capture_move(&b, &judged, Color::White, |_| true), None);
    }

    #[test]
    fn rules_parse_by_name_and_alias() {
        assert_eq!(Scoring::parse("Chinese"), Some(Scoring::Area));
        assert_eq!(Scoring::parse("TT"), Some(Scoring::TrompTaylor));
        assert_eq!(Scoring::parse("japanese"), None);
        assert!(Scoring::Area.removes_dead() && !Scoring::TrompTaylor.removes_dead());
    }
}
