//! Atari Go's search knowledge: the playouts, priors and forced moves play
//! the sure tactics (take a capture, defend the only threatened point,
//! never put a chain in atari, atari what cannot escape), and `genmove`
//! finds the capture and the only defence.

mod common;

use common::{engine, from_diagram, ok, play_moves, rng, vertex};
use variago::search::SearchHints;
use variago::{Color, Game, Move, Position, Variant};

fn place(text: &str) -> Move {
    Move::Place(vertex(text))
}

/// Black B1, White A1: the white stone stands in atari at A2.
fn capture_at_a2() -> Game {
    let mut game = common::game(Variant::Atari, 9);
    play_moves(&mut game, "B1 A1 E5 J9");
    game
}

/// Black A1 in atari (White B1), Black to move: only A2 saves it.
fn defence_at_a2() -> Game {
    let mut game = common::game(Variant::Atari, 9);
    play_moves(&mut game, "A1 B1");
    game
}

/// The value for Black of `rollout` from `game`, and its first move, for
/// several seeds.
fn rollouts(game: &Game, seeds: u64) -> Vec<(f32, Option<(Color, Move)>)> {
    (0..seeds)
        .map(|seed| {
            let mut trace = Vec::new();
            let value = game.rollout(&mut rng(seed), &mut trace);
            (value, trace.first().copied())
        })
        .collect()
}

#[test]
fn a_capture_is_forced_and_every_playout_takes_it() {
    let game = capture_at_a2();
    assert_eq!(game.forced_move(), Some(place("A2")));
    for (value, first) in rollouts(&game, 20) {
        assert_eq!(value, 1.0);
        assert_eq!(first, Some((Color::Black, place("A2"))));
    }
}

#[test]
fn the_only_defence_is_forced_and_every_playout_plays_it() {
    let game = defence_at_a2();
    assert_eq!(game.forced_move(), Some(place("A2")));
    for (_, first) in rollouts(&game, 20) {
        assert_eq!(first, Some((Color::Black, place("A2"))));
    }
}

#[test]
fn two_chains_in_atari_lose_every_playout() {
    let mut game = common::game(Variant::Atari, 9);
    play_moves(&mut game, "A1 B1 J1 H1");
    assert_eq!(game.forced_move(), None);
    for (value, _) in rollouts(&game, 20) {
        assert_eq!(value, 0.0);
    }
}

#[test]
fn a_defence_that_stays_in_atari_loses_every_playout() {
    // Black A1 in atari at A2, where extending leaves one liberty, A3.
    let game = from_diagram(
        Variant::Atari,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O . . . . . . .
        X O . . . . . . .",
        Color::Black,
    );
    assert_eq!(game.forced_move(), None);
    for (value, _) in rollouts(&game, 20) {
        assert_eq!(value, 0.0);
    }
}

#[test]
fn moves_into_atari_are_not_searched_and_no_playout_plays_them() {
    // Black at B1 or A1 would have a single liberty.
    let game = from_diagram(
        Variant::Atari,
        "
        . . . . . . . . X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O . . . . . . .
        . . O . . . . . .",
        Color::Black,
    );
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let mut searched = Vec::new();
    game.search_moves(&mut searched);
    for bad in ["A1", "B1"] {
        assert!(legal.contains(&place(bad)));
        assert!(!searched.contains(&place(bad)), "{bad} is searched");
    }
    assert_eq!(searched.len(), legal.len() - 2);
    for seed in 0..50 {
        let mut trace = Vec::new();
        game.rollout(&mut rng(seed), &mut trace);
        assert_ne!(trace[0].1, place("A1"));
        assert_ne!(trace[0].1, place("B1"));
    }
}

#[test]
fn an_atari_that_cannot_escape_is_forced() {
    // White A1 has A2 and B1; after Black A2, White B1 still has only C1.
    let game = from_diagram(
        Variant::Atari,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . O
        . X . . . . . . .
        O . . . . . . . .",
        Color::Black,
    );
    let forced = game.forced_move();
    assert!(forced == Some(place("A2")) || forced == Some(place("B1")), "{forced:?}");
}

#[test]
fn an_atari_that_can_escape_is_not_forced() {
    // White E5 between Black D5 and F5: an atari on E4 or E6 runs out.
    let game = from_diagram(
        Variant::Atari,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::Black,
    );
    assert_eq!(game.forced_move(), None);
}

#[test]
fn priors_favour_ataris_over_quiet_moves() {
    let game = from_diagram(
        Variant::Atari,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::Black,
    );
    let value = |text: &str| {
        let (wins, visits) = game.prior(place(text)).expect("a prior");
        wins / visits
    };
    assert!(value("E4") > value("A9") + 0.1);
    assert!(value("E6") > value("A9") + 0.1);
    assert!(value("A9") < 0.5);
}

#[test]
fn genmove_takes_the_capture() {
    let mut engine = engine(Variant::Atari, 9);
    for line in ["play b B1", "play w A1", "play b E5", "play w J9"] {
        ok(&mut engine, line);
    }
    assert_eq!(ok(&mut engine, "genmove b"), "A2");
}

#[test]
fn genmove_plays_the_only_defence() {
    let mut engine = engine(Variant::Atari, 9);
    for line in ["play b A1", "play w B1"] {
        ok(&mut engine, line);
    }
    assert_eq!(ok(&mut engine, "genmove b"), "A2");
}
