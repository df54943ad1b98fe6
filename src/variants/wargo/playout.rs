//! Fast playouts and the search's move filter for War Go.
//!
//! Playouts play soldiers with Go's playout policy (answers to the last
//! move, then random sensible moves; simple ko only; a mercy rule) and
//! now and then drop a wall, samurai, monk, two-eye stone, connector or
//! repeller beside an own stone where it captures nothing; they do not
//! step. The search leaves out drops and
//! steps no player would weigh (see `prune_for_search`): with nine kinds
//! of piece on every point, most drops are hopeless, and the tree would
//! spend its playouts trying each once.

use super::pieces::{Army, SOLDIER};
use super::rules::{blast, State};
use crate::board::{cell_of, OtherLiberties, BLACK, WHITE};
use crate::color::Color;
use crate::moves::{BombMode, Flavour, Move, Piece};
use crate::variants::go::policy;
use rand::rngs::SmallRng;
use rand::Rng;

/// One move in this many is a special drop, when the hand allows.
const SPECIAL_EVERY: u32 = 12;

/// The prior of every drop and step in the search, as virtual (wins,
/// visits): a poor move until its own results say otherwise.
pub const SPECIAL_PRIOR: (f32, f32) = (3.5, 10.0);

/// The prior of a drop or step in the search, as virtual (wins, visits).
/// An extra move stands as a soldier and is followed by a second move, so
/// where it takes a liberty of an enemy chain that has two, the second
/// move captures: it has a capture's prior. Elsewhere it has the prior a
/// soldier on its point would have, if any. Every other drop and step is
/// a poor move until its own results say otherwise.
pub fn special_prior(state: &State, mv: Move) -> (f32, f32) {
    let Move::Drop(Piece::ExtraMove, v) = mv else {
        return SPECIAL_PRIOR;
    };
    let board = &state.board;
    let color = state.turn.to_move;
    let p = board.point(v);
    let enemy = cell_of(color.opponent());
    let captures_next = board.neighbours(p).into_iter().any(|n| {
        board.cell(n) == enemy
            && board.kind(n) == SOLDIER
            && matches!(board.liberties_besides(n, p), OtherLiberties::One(_))
    });
    if captures_next {
        return policy::CAPTURE_PRIOR;
    }
    policy::prior(board, color, p).unwrap_or(SPECIAL_PRIOR)
}

/// Special pieces the playouts drop beside an own stone: those that only
/// strengthen it.
const PLAYOUT_PIECES: [(Army, Piece); 7] = [
    (Army::Wall, Piece::Wall),
    (Army::Samurai, Piece::Samurai),
    (Army::Monk, Piece::Monk),
    (Army::TwoEyeFriendly, Piece::TwoEye(Flavour::Friendly)),
    (Army::TwoEyeAny, Piece::TwoEye(Flavour::Any)),
    (Army::Connector, Piece::Connector),
    (Army::Repeller, Piece::Repeller),
];

/// Plays the position out and returns the final state, and the winner
/// when a mercy rule cut the playout short.
pub fn run(mut state: State, komi: f32, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> (State, Option<Color>) {
    let size = state.board.size();
    let limit = 3 * size * size;
    // As in Go's playouts: a capture lead (komi included) of a third of the
    // board decides the game.
    let mercy = (size * size / 3).max(10) as f32;
    let mut ko: Option<usize> = None;
    let mut last = 0;
    let mut candidates = Vec::with_capacity(16);
    for _ in 0..limit {
        if state.turn.ended() {
            break;
        }
        let lead = state.captures[0] as f32 - state.captures[1] as f32 - komi;
        if lead.abs() >= mercy {
            let winner = if lead > 0.0 { Color::Black } else { Color::White };
            return (state, Some(winner));
        }
        let color = state.turn.to_move;
        if rng.random_range(0..SPECIAL_EVERY) == 0 {
            if let Some(mv) = special_drop(&state, color, rng) {
                if state.apply(color, mv).is_ok() {
                    trace.push((color, mv));
                    ko = None;
                    last = 0;
                    continue;
                }
            }
        }
        let own = cell_of(color);
        let board = &state.board;
        let fits = |p: usize| Some(p) != ko && state.soldier_fits(color, p);
        // Go's answers to the last move first (captures, atari escapes,
        // patterns), then a random sensible soldier.
        let chosen = policy::answer_last_move(board, color, last, policy::Answers::Plain, rng, &mut candidates)
            .filter(|&p| fits(p))
            .or_else(|| board.random_empty(rng, |p| fits(p) && policy::sensible(board, p, color)));
        match chosen {
            Some(p) => {
                let before = state.captures[color.index()];
                let mv = Move::Place(state.board.vertex(p));
                if state.apply(color, mv).is_err() {
                    // Cannot happen: `soldier_fits` is exact. Stop rather than loop.
                    break;
                }
                trace.push((color, mv));
                last = p;
                let board = &state.board;
                ko = (state.captures[color.index()] == before + 1 && board.cell(p) == own && board.chain_len(p) == 1)
                    .then(|| board.atari_liberty(p))
                    .flatten();
            }
            None => {
                let _ = state.apply(color, Move::Pass);
                ko = None;
                last = 0;
            }
        }
    }
    (state, None)
}

/// One of the playout pieces the hand holds, beside a random own stone,
/// where the drop is surely harmless to the dropper.
fn special_drop(state: &State, color: Color, rng: &mut SmallRng) -> Option<Move> {
    let hand = state.hands[color.index()];
    // War Go's three pieces are drawn alike whatever the hand holds; the
    // special stones only where the hand has them.
    let kinds = if PLAYOUT_PIECES[3..].iter().any(|&(army, _)| hand.get(army) > 0) {
        PLAYOUT_PIECES.len()
    } else {
        3
    };
    let (army, piece) = PLAYOUT_PIECES[rng.random_range(0..kinds)];
    if hand.get(army) == 0 {
        return None;
    }
    let board = &state.board;
    let own = cell_of(color);
    let p = board.random_empty(rng, |p| {
        board.neighbours(p).into_iter().any(|n| board.cell(n) == own) && !board.is_eye(p, color)
    })?;
    let empties = board.neighbours(p).into_iter().filter(|&n| board.is_empty(n)).count();
    (empties >= 2 && state.quick_drop_hash(color, piece, p).is_some()).then(|| Move::Drop(piece, board.vertex(p)))
}

/// The liberties of weak chains (two liberties or fewer): where special
/// pieces can matter, for the player (`own`) and against the opponent.
fn weak_liberties(state: &State, color: Color) -> (Vec<bool>, Vec<bool>) {
    let board = &state.board;
    let own = cell_of(color);
    let len = board.all_points().last().map_or(0, |p| p + 1);
    let (mut own_weak, mut enemy_weak) = (vec![false; len], vec![false; len]);
    let mut heads = Vec::new();
    for p in board.all_points() {
        let cell = board.cell(p);
        if !(cell == BLACK || cell == WHITE) || heads.contains(&board.chain(p)) {
            continue;
        }
        heads.push(board.chain(p));
        let libs = board.liberties(p);
        if libs.len() <= 2 {
            let marks = if cell == own { &mut own_weak } else { &mut enemy_weak };
            for l in libs {
                marks[l] = true;
            }
        }
    }
    (own_weak, enemy_weak)
}

/// Keeps the moves worth searching: soldiers, steps only where a fight is
/// on (onto a liberty of a weak chain, or out of atari), and special drops
/// only where a fight is on (a liberty of a weak chain) or where the piece
/// gains at once: a bomb that destroys more of the opponent's pieces than
/// the dropper's, a spy that turns more enemy soldiers than own, a tao
/// with three own soldiers in its zone. Pass only once the opponent has
/// passed or nothing but own eyes is left.
pub fn prune_for_search(state: &State, moves: &mut Vec<Move>) {
    let board = &state.board;
    let color = state.turn.to_move;
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    let useful_soldier = moves.iter().any(|&mv| match mv {
        Move::Place(v) => !board.is_eye(board.point(v), color),
        _ => false,
    });
    let has_drops = moves.iter().any(|mv| matches!(mv, Move::Drop(..) | Move::Step(..)));
    let (own_weak, enemy_weak) = if has_drops {
        weak_liberties(state, color)
    } else {
        (Vec::new(), Vec::new())
    };
    let soldiers_beside = |p: usize, cell: u8| {
        board
            .neighbours(p)
            .into_iter()
            .filter(|&n| board.cell(n) == cell && board.kind(n) == SOLDIER)
            .count()
    };
    moves.retain(|&mv| match mv {
        Move::Pass => state.turn.passes > 0 || !useful_soldier,
        Move::Place(_) | Move::Polyomino(..) => true,
        // Steps only in a fight: onto a liberty of a weak chain, or out of
        // atari; a switcher's swap only with a soldier of a weak chain, or
        // out of atari.
        Move::Step(from, to) => {
            let (from, to) = (board.point(from), board.point(to));
            let out_of_atari = board.cell(from) == own && board.atari_liberty(from).is_some();
            if board.is_empty(to) {
                own_weak[to] || enemy_weak[to] || out_of_atari
            } else {
                board.liberties(to).len() <= 2 || out_of_atari
            }
        }
        Move::Drop(piece, v) => {
            let p = board.point(v);
            match piece {
                Piece::Bomb(BombMode::Immediate) => {
                    let hit = blast(board, p);
                    let theirs = hit.iter().filter(|&&q| board.cell(q) == enemy).count();
                    let ours = hit.iter().filter(|&&q| board.cell(q) == own).count();
                    theirs > ours
                }
                Piece::Spy => soldiers_beside(p, enemy) > soldiers_beside(p, own),
                Piece::Tao => {
                    let zone = super::zones::square(board, p);
                    zone.filter(|&q| board.cell(q) == own && board.kind(q) == SOLDIER)
                        .count()
                        >= 3
                }
                // A replacer: onto a soldier of a weak enemy chain, or one
                // that presses a weak chain of the dropper.
                Piece::Replacer => {
                    board.liberties(p).len() <= 2
                        || board
                            .neighbours(p)
                            .into_iter()
                            .any(|n| board.cell(n) == own && board.liberties(n).len() <= 2)
                }
                // A King's Son is a soldier that can only cost points.
                Piece::KingsSon => false,
                // Guards: they save a weak group of the dropper.
                Piece::Samurai
                | Piece::Cavalry
                | Piece::Ambassador
                | Piece::Monk
                | Piece::TwoEye(_)
                | Piece::Repeller => own_weak[p],
                // A connector both guards and attacks.
                Piece::Connector => own_weak[p] || enemy_weak[p],
                // Attackers: they take a liberty of a weak enemy group (an
                // inner strength into an eye, an extra move, a switcher).
                _ => enemy_weak[p],
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::moves::Vertex;
    use crate::search::SearchHints;
    use crate::variants::wargo::WarGo;
    use crate::variants::{Setup, Variant};
    use rand::SeedableRng;

    fn vertex(text: &str) -> Vertex {
        Vertex::parse(text).unwrap()
    }

    /// A 9x9 War Go position: a tao at E4, a black soldier at E5 in its zone.
    fn tao_game(white_around: bool) -> WarGo {
        let row5 = if white_around { "...OXO..." } else { "....X...." };
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            row5,
            "....T....",
            ".........",
            ".........",
            ".........",
        ];
        WarGo::from_diagram(&Setup::new(Variant::WarGo), &rows, Color::Black).unwrap()
    }

    fn steps(moves: &[Move]) -> Vec<Move> {
        moves.iter().copied().filter(|m| matches!(m, Move::Step(..))).collect()
    }

    #[test]
    fn the_search_steps_only_in_a_fight() {
        let quiet = tao_game(false);
        let (mut legal, mut searched) = (Vec::new(), Vec::new());
        quiet.legal_moves(&mut legal);
        quiet.search_moves(&mut searched);
        assert_eq!(steps(&legal).len(), 3, "E5 may step to D5, F5 or E6");
        assert!(steps(&searched).is_empty(), "no step while nothing is in danger");
        // White on D5 and F5 put E5 in atari: the step out of it is searched.
        let atari = tao_game(true);
        let mut searched = Vec::new();
        atari.search_moves(&mut searched);
        assert_eq!(steps(&searched), vec![Move::Step(vertex("E5"), vertex("E6"))]);
    }

    #[test]
    fn drops_and_steps_start_poor_and_captures_good() {
        let game = tao_game(true);
        let (wins, visits) = game.prior(Move::Drop(Piece::Wall, vertex("A1"))).unwrap();
        assert!(wins / visits < 0.5);
        assert_eq!(game.prior(Move::Step(vertex("E5"), vertex("E6"))), Some(SPECIAL_PRIOR));
        let white = WarGo::from_diagram(
            &Setup::new(Variant::WarGo),
            &[
                ".........",
                ".........",
                ".........",
                ".........",
                "...OXO...",
                "....T....",
                ".........",
                ".........",
                ".........",
            ],
            Color::White,
        )
        .unwrap();
        let (wins, visits) = white.prior(Move::Place(vertex("E6"))).unwrap();
        assert!(wins / visits > 0.8, "capturing E5 looks good");
    }

    #[test]
    fn an_extra_move_whose_second_move_captures_starts_as_a_capture() {
        // White's C3-C2 has two liberties, C4 and D3; White's E4 has three.
        let mut setup = Setup::new(Variant::WarGo);
        setup.apply_option("preset", "test;hand=extramove:1 wall:1").unwrap();
        let rows = [".....", "....O", ".XO..", ".XOX.", "..X.."];
        let game = WarGo::from_diagram(&setup, &rows, Color::Black).unwrap();
        let extra = |v: &str| game.prior(Move::Drop(Piece::ExtraMove, vertex(v)));
        assert_eq!(extra("C4"), Some(policy::CAPTURE_PRIOR));
        assert_eq!(extra("D3"), Some(policy::CAPTURE_PRIOR));
        // Beside E4 alone, or away from White, it has a soldier's prior.
        for v in ["D4", "E3", "A5"] {
            let soldier = game.prior(Move::Place(vertex(v)));
            assert_eq!(extra(v), Some(soldier.unwrap_or(SPECIAL_PRIOR)), "{v}");
            assert_ne!(extra(v), Some(policy::CAPTURE_PRIOR), "{v}");
        }
        // Any other piece on a capturing point starts poor.
        assert_eq!(game.prior(Move::Drop(Piece::Wall, vertex("C4"))), Some(SPECIAL_PRIOR));
    }

    #[test]
    fn a_large_capture_lead_ends_a_playout() {
        let game = tao_game(false);
        let mut state = game.state().clone();
        state.captures = [0, 40];
        let mut rng = SmallRng::seed_from_u64(1);
        let mut trace = Vec::new();
        let (end, winner) = run(state, 7.5, &mut rng, &mut trace);
        assert_eq!(winner, Some(Color::White));
        assert!(trace.is_empty() && end.board.hash() == game.state().board.hash());
    }
}
