//! `genmove` for the colour not to move: the move is generated for that
//! colour from the same position, no pass is recorded for the other side,
//! and variants with a fixed order of turns refuse it.

mod common;

use common::{engine, fail, ok, settings, setup};
use std::time::{Duration, Instant};
use variago::gtp::engine::Engine;
use variago::variants::Start;
use variago::{Color, Position, Variant};

#[test]
fn go_generates_for_either_colour_without_recording_a_pass() {
    let mut e = engine(Variant::Go, 9);
    ok(&mut e, "play b C3");
    ok(&mut e, "play b G7");
    // With a pass inserted for white, passing would win for black at once;
    // without one it would not end the game, so the search plays on.
    let reply = ok(&mut e, "genmove b");
    assert_ne!(reply, "pass");
    assert_eq!(e.record.len(), 3, "no pass was recorded");
    assert_eq!(e.record[2].0, Color::Black);
    assert_eq!(e.game.to_move(), Color::White);
    assert!(e.game.outcome().is_none());
}

#[test]
fn go_after_an_own_pass_plays_on_instead_of_resigning() {
    let mut e = engine(Variant::Go, 9);
    ok(&mut e, "play b pass");
    // An inserted white pass would have ended the game, lost by komi.
    let reply = ok(&mut e, "genmove b");
    assert_ne!(reply, "resign");
    assert_ne!(reply, "pass");
    assert!(e.game.outcome().is_none());
}

#[test]
fn atari_go_generates_the_capture_for_the_side_not_to_move() {
    let mut e = engine(Variant::Atari, 9);
    for mv in ["b D5", "w E5", "b F5", "w A1", "b E6"] {
        ok(&mut e, &format!("play {mv}"));
    }
    // White to move; black, asked anyway, captures E5 at E4.
    assert_eq!(ok(&mut e, "genmove b"), "E4");
    assert_eq!(e.game.outcome().and_then(|o| o.winner()), Some(Color::Black));
}

#[test]
fn yugo_war_go_migoyugo_and_the_gray_stone_games_answer_for_either_colour() {
    // Buying Armies: the engine buys both armies first, then plays.
    let variants = [
        (Variant::Yugo, 9),
        (Variant::WarGo, 9),
        (Variant::BuyingArmies, 9),
        (Variant::Migoyugo, 8),
        (Variant::UnsquareGo, 9),
        (Variant::Squares, 9),
    ];
    for (variant, size) in variants {
        let mut e = engine(variant, size);
        let reply = ok(&mut e, "genmove w");
        assert!(!["pass", "resign"].contains(&reply.as_str()), "{variant:?}: {reply}");
        assert_eq!(e.game.to_move(), Color::Black, "{variant:?}");
        assert_eq!(e.record.len(), 1, "{variant:?}");
    }
}

#[test]
fn drops_of_several_clicks_are_refused_off_turn_before_any_search() {
    for (variant, size) in [(Variant::OminoGo, 9), (Variant::DominGo, 9)] {
        // A budget that would take minutes, were it spent.
        let mut e = Engine::new(setup(variant, size, Start::Empty), settings(500_000, 1));
        let started = Instant::now();
        for command in ["genmove w", "reg_genmove w"] {
            let refusal = fail(&mut e, command);
            assert_eq!(
                refusal, "white's moves take several clicks, which start only on white's turn (black is to move)",
                "{variant:?}"
            );
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{variant:?}: searched first"
        );
        assert_eq!(e.game.to_move(), Color::Black, "{variant:?}");
        assert!(e.record.is_empty(), "{variant:?}");
    }
}

#[test]
fn gorogo_keeps_its_order_of_turns() {
    let mut e = engine(Variant::GoRoGo, 5);
    assert_eq!(fail(&mut e, "genmove w"), "it is black's turn");
    assert_eq!(fail(&mut e, "reg_genmove w"), "it is black's turn");
}
