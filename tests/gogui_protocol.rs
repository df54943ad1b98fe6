//! The click protocol through GTP, around a partial move: bad input, the
//! frame's sizes, undo, records, and what the other commands answer.

mod common;

use common::{fail, ok};
use variago::gtp::engine::Engine;
use variago::{Position, Setup, Variant};

fn engine(variant: Variant, size: Option<usize>) -> Engine {
    let mut setup = Setup::new(variant);
    if let Some(size) = size {
        setup.size = size;
    }
    Engine::new(setup, common::settings(30, 3))
}

#[test]
fn a_click_that_does_not_continue_the_move_is_refused_and_changes_nothing() {
    let mut e = engine(Variant::GoRoGo, None);
    ok(&mut e, "play b F2");
    let message = fail(&mut e, "play b C3");
    assert!(
        message.starts_with("illegal move: C3 does not continue the henge in hand; next: A1, B1"),
        "{message}"
    );
    assert!(message.ends_with("or the henge in hand again to cancel"), "{message}");
    let message = fail(&mut e, "play w A1");
    assert!(
        message.contains("black is in the middle of a move (the henge in hand)"),
        "{message}"
    );
    for command in ["genmove w", "reg_genmove w", "kgs-genmove_cleanup w"] {
        let message = fail(&mut e, command);
        assert!(
            message.starts_with("black is in the middle of a move"),
            "{command}: {message}"
        );
    }
    for command in ["variago-play b henge@A1", "variago-genmove b", "variago-play w A1"] {
        let message = fail(&mut e, command);
        assert!(message.contains("in the middle of a move"), "{command}: {message}");
    }
    fail(&mut e, "play b G4");
    fail(&mut e, "play b A7");
    fail(&mut e, "play b Z1");
    // The picked piece again cancels.
    ok(&mut e, "play b F2");
    assert!(e.partial.is_empty());
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
}

#[test]
fn genmove_gives_a_move_one_click_at_a_time() {
    let mut e = engine(Variant::WarGo, Some(9));
    ok(&mut e, "variago-play b bomb:delayed@E5");
    ok(&mut e, "variago-play w pass");
    // A person picked the wall and then asked the engine to move: it
    // first takes the pick back (K3 again), then plays its own move.
    ok(&mut e, "play b K3");
    assert_eq!(ok(&mut e, "genmove b"), "K3");
    assert!(e.partial.is_empty());
    let first = ok(&mut e, "genmove b");
    let mut clicks = vec![first];
    while !e.partial.is_empty() {
        clicks.push(ok(&mut e, "genmove b"));
    }
    assert_eq!(e.game.to_move(), variago::Color::White, "{clicks:?}");
    // A step takes two clicks: the piece, then where it goes.
    let mut e = engine(Variant::MercenaryGo, Some(16));
    ok(&mut e, "play b D4");
    ok(&mut e, "play b D5");
    assert_eq!(e.record.last().map(|m| m.1.to_string()).as_deref(), Some("D4-D5"));
}

#[test]
fn undo_takes_back_one_click() {
    let mut e = engine(Variant::GoRoGo, None);
    ok(&mut e, "play b F2");
    ok(&mut e, "play b A1");
    ok(&mut e, "play w B1");
    assert_eq!(ok(&mut e, "undo"), "");
    assert_eq!(e.record.len(), 1);
    ok(&mut e, "undo");
    assert_eq!(
        ok(&mut e, "gogui-rules_side_to_move"),
        "black",
        "the henge is picked again"
    );
    assert!(ok(&mut e, "variago-board").ends_with("partial black F2"));
    ok(&mut e, "undo");
    assert!(e.partial.is_empty() && e.record.is_empty());
    assert_eq!(fail(&mut e, "undo"), "cannot undo");
    // A move given whole is taken back whole.
    ok(&mut e, "variago-play b henge@A1");
    ok(&mut e, "undo");
    assert!(e.partial.is_empty() && e.record.is_empty());
}

#[test]
fn records_scores_and_analysis_see_the_position_before_a_partial_move() {
    let mut e = engine(Variant::GoRoGo, None);
    ok(&mut e, "play b B2");
    let record = ok(&mut e, "printsgf");
    let score = ok(&mut e, "final_score");
    let board = ok(&mut e, "showboard");
    ok(&mut e, "play w G4");
    assert_eq!(ok(&mut e, "printsgf"), record);
    assert_eq!(ok(&mut e, "final_score"), score);
    let shown = ok(&mut e, "showboard");
    assert_eq!(shown, format!("{board}\nwhite is clicking a move: the henge in hand"));
    assert!(ok(&mut e, "variago-legal_moves").contains("henge@A1"));
    ok(&mut e, "play w A1");
    assert!(ok(&mut e, "printsgf").ends_with(";W[ae]MV[henge@A1])"));
}

#[test]
fn in_frame_mode_boardsize_names_the_frame() {
    let mut e = engine(Variant::WarGo, None);
    // Before GoGui asks anything, sizes are the board's own.
    ok(&mut e, "boardsize 21");
    assert_eq!(e.game.size(), 21);
    ok(&mut e, "boardsize 19");
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "21");
    ok(&mut e, "boardsize 21");
    assert_eq!(e.game.size(), 19, "a 21x21 frame holds a 19x19 board");
    ok(&mut e, "boardsize 11");
    assert_eq!(e.game.size(), 9);
    assert_eq!(fail(&mut e, "boardsize 10"), "unacceptable size", "no 8x8 War Go");
    assert_eq!(fail(&mut e, "boardsize 27"), "unacceptable size");
    // The largest War Go board has no frame GoGui can draw.
    let mut e = engine(Variant::WarGo, Some(25));
    let message = fail(&mut e, "gogui-rules_board_size");
    assert!(message.contains("needs a 27x27 frame"), "{message}");
    // Variants without a hand have no frame.
    let mut e = engine(Variant::Go, None);
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "9");
    ok(&mut e, "boardsize 13");
    assert_eq!(e.game.size(), 13);
}

#[test]
fn a_record_gogui_saved_loads_back_as_the_typed_game() {
    // A game GoGui 1.6 saved after a computer-against-computer game of
    // GoRoGo: its clicks on the 7x7 frame, with a PL after each.
    let mut e = engine(Variant::GoRoGo, None);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gogui-gorogo.sgf");
    assert_eq!(ok(&mut e, &format!("loadsgf {path}")), "white");
    let record = ok(&mut e, "printsgf");
    for typed in ["MV[henge@B5]", "MV[henge@D5]", "MV[henge@E2]", "MV[henge@A2]"] {
        assert!(record.contains(typed), "{typed} in {record}");
    }
    assert_eq!(e.record.len(), 21);
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "3 0");
    // Up to a move number, a record can stop in the middle of a move.
    assert_eq!(ok(&mut e, &format!("loadsgf {path} 2")), "black");
    assert!(ok(&mut e, "variago-board").ends_with("partial black F2"));
    // War Go has no board with a 7x7 frame.
    let mut e = engine(Variant::WarGo, None);
    let message = fail(&mut e, &format!("loadsgf {path}"));
    assert!(message.contains("no wargo board has a 7x7 frame"), "{message}");
}

#[test]
fn buying_armies_by_plain_moves_buys_the_engines_army() {
    let mut e = engine(Variant::BuyingArmies, Some(9));
    // A pass ends a side's buying; having bought nothing, it gets the
    // engine's army. Undo takes the purchase back with the pass.
    ok(&mut e, "play b pass");
    assert_eq!(ok(&mut e, "variago-credit b"), "0 done");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "variago-credit b"), "30 buying");
    // A side that bought something passes with what it bought.
    ok(&mut e, "variago-buy b wall 2");
    ok(&mut e, "play b pass");
    assert_eq!(
        ok(&mut e, "variago-hand b"),
        "ambassador 0 bomb 0 wall 2 spy 0 monk 0 tao 0 mercenary 0 samurai 0 cavalry 0 \
         twoeye:friendly 0 twoeye:any 0 extramove 0 replacer 0 switcher 0 innerstrength 0 connector 0 \
         repeller 0 kingsson 0"
    );
    // GoGui gets a point of its own for that pass, above black's hand: two
    // passes in a row would end its game.
    let mut e = engine(Variant::BuyingArmies, Some(9));
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "K10");
    assert!(ok(&mut e, "gogui-rules_board_gfx").contains("K10 done"));
    assert_eq!(ok(&mut e, "genmove b"), "K10");
    assert_eq!(ok(&mut e, "variago-credit b"), "0 done");
    ok(&mut e, "play w K10");
    assert_eq!(ok(&mut e, "variago-credit w"), "0 done");
    assert!(ok(&mut e, "gogui-rules_legal_moves").contains(" pass"));
    // Any other move while a side still buys first ends every side's buying.
    let mut e = engine(Variant::BuyingArmies, Some(9));
    ok(&mut e, "play b E5");
    assert_eq!(ok(&mut e, "variago-credit w"), "0 done");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "variago-credit w"), "30 buying");
}

/// What the engine keeps between the ruler's commands in one position (the
/// clicks that may come next) never goes stale: after any mix of clicks
/// and undos, each answer is that of a fresh engine brought to the same
/// point without a query on the way.
#[test]
fn ruler_answers_match_a_fresh_engine_after_any_clicks_and_undos() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    const QUERIES: [&str; 3] = ["gogui-rules_legal_moves", "gogui-rules_board", "gogui-rules_board_gfx"];
    let games = [
        (Variant::Go, Some(5)),
        (Variant::GoRoGo, None),
        (Variant::OminoGo, Some(7)),
        (Variant::WarGo, Some(9)),
        (Variant::Yugo, Some(5)),
    ];
    for (variant, size) in games {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut e = engine(variant, size);
        let mut history = vec!["gogui-rules_board_size".to_string()];
        ok(&mut e, &history[0]);
        for _ in 0..40 {
            let command = if rng.random_bool(0.2) {
                "undo".to_string()
            } else {
                let clicks = ok(&mut e, "gogui-rules_legal_moves");
                let clicks: Vec<&str> = clicks.split_whitespace().collect();
                if clicks.is_empty() {
                    break;
                }
                let side = ok(&mut e, "gogui-rules_side_to_move");
                format!("play {side} {}", clicks[rng.random_range(0..clicks.len())])
            };
            if common::gtp(&mut e, &command).starts_with('=') {
                history.push(command);
            }
            let query = QUERIES[rng.random_range(0..QUERIES.len())];
            let mut fresh = engine(variant, size);
            for command in &history {
                ok(&mut fresh, command);
            }
            assert_eq!(
                ok(&mut e, query),
                ok(&mut fresh, query),
                "{variant:?}: {query} after {history:?}"
            );
        }
        assert!(history.len() > 10, "{variant:?}: {history:?}");
    }
}
