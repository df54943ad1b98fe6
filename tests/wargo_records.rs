//! War Go over GTP: `undo` and `clear_board` around the buying phase, and
//! game records of games played from a preset file.

use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::variants::wargo::presets::Library;
use variago::{Setup, Variant};

fn run(e: &mut Engine, line: &str) -> String {
    execute_line(e, line).unwrap()
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("variago-wargo-{}-{name}.sgf", std::process::id()))
}

// --- Buying Armies: purchases are part of the setup, not moves ---

#[test]
fn undo_takes_back_moves_and_setup_passes_but_never_a_purchase() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    assert_eq!(run(&mut e, "variago-buy b samurai 2"), "= 24\n\n");
    assert_eq!(run(&mut e, "undo"), "? cannot undo\n\n", "a purchase is not a move");
    assert_eq!(run(&mut e, "variago-credit b"), "= 24 buying\n\n");
    // Undoing a pass that ended a side's buying reopens it; the other
    // side's purchases since then stay.
    assert_eq!(run(&mut e, "play b pass"), "=\n\n");
    assert_eq!(run(&mut e, "variago-credit b"), "= 24 done\n\n");
    assert_eq!(run(&mut e, "variago-buy w wall 3"), "= 24\n\n");
    assert_eq!(run(&mut e, "undo"), "=\n\n");
    assert_eq!(run(&mut e, "variago-credit b"), "= 24 buying\n\n");
    assert_eq!(run(&mut e, "variago-credit w"), "= 24 buying\n\n");
    assert_eq!(run(&mut e, "undo"), "? cannot undo\n\n");
    assert_eq!(run(&mut e, "play b pass"), "=\n\n");
    assert_eq!(run(&mut e, "variago-buy w done"), "= 24\n\n");
    // Play: moves are undone back to the start of play, never further.
    assert_eq!(run(&mut e, "variago-play b samurai@D4"), "=\n\n");
    assert_eq!(run(&mut e, "variago-play w wall@Q16"), "=\n\n");
    assert_eq!(run(&mut e, "undo"), "=\n\n");
    assert_eq!(run(&mut e, "undo"), "=\n\n");
    assert_eq!(run(&mut e, "variago-credit b"), "= 24 done\n\n");
    assert_eq!(run(&mut e, "variago-credit w"), "= 24 done\n\n");
    assert_eq!(run(&mut e, "undo"), "=\n\n", "the pass that ended black's buying");
    assert_eq!(run(&mut e, "variago-credit b"), "= 24 buying\n\n");
    assert_eq!(run(&mut e, "variago-credit w"), "= 24 done\n\n");
    assert_eq!(run(&mut e, "undo"), "? cannot undo\n\n");
    let hand = run(&mut e, "variago-hand b");
    assert!(hand.contains("samurai 2"), "{hand}");
    let hand = run(&mut e, "variago-hand w");
    assert!(hand.contains("wall 3"), "{hand}");
}

#[test]
fn clear_board_starts_the_buying_again() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    run(&mut e, "variago-buy b samurai 2");
    run(&mut e, "variago-buy_auto w");
    run(&mut e, "play b pass");
    run(&mut e, "play b D4");
    assert_eq!(run(&mut e, "clear_board"), "=\n\n");
    assert_eq!(run(&mut e, "variago-credit b"), "= 30 buying\n\n");
    assert_eq!(run(&mut e, "variago-credit w"), "= 30 buying\n\n");
    assert!(run(&mut e, "variago-hand b").contains("samurai 0"));
}

#[test]
fn the_record_keeps_the_armies_and_no_setup_pass() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    run(&mut e, "variago-buy b samurai 2");
    run(&mut e, "play b pass");
    run(&mut e, "variago-buy w spy");
    run(&mut e, "play w pass");
    run(&mut e, "variago-play b samurai@D4");
    run(&mut e, "play w Q16");
    let sgf = run(&mut e, "printsgf");
    assert!(sgf.contains("VO[army-black=samurai:2][army-white=spy:1]"), "{sgf}");
    assert!(
        !sgf.contains("B[]") && !sgf.contains("W[]"),
        "no setup pass is a move: {sgf}"
    );
    let path = temp_file("armies");
    run(&mut e, &format!("printsgf {}", path.display()));
    let mut loaded = Engine::new(Setup::new(Variant::Go), Default::default());
    assert_eq!(run(&mut loaded, &format!("loadsgf {}", path.display())), "= black\n\n");
    let _ = std::fs::remove_file(&path);
    assert_eq!(run(&mut loaded, "variago-board"), run(&mut e, "variago-board"));
    assert_eq!(run(&mut loaded, "variago-hand w"), run(&mut e, "variago-hand w"));
}

// --- Presets in game records ---

fn preset_engine() -> Engine {
    let mut library = Library::builtin();
    library
        .add("[small-war]\ninherits = wargo\nsizes = 7-13\nsize = 7\nkomi = 3.5\nhand.white = spy:3\nstart = tao@D4 black:samurai@B2\n")
        .unwrap();
    let preset = library.preset("small-war").unwrap();
    let setup = variago::variants::presets::setup_with(Variant::WarGo, preset);
    Engine::new(setup, Default::default())
}

#[test]
fn a_preset_game_records_its_preset_and_loads_back() {
    let mut e = preset_engine();
    run(&mut e, "variago-play b wall@C6");
    run(&mut e, "variago-play w spy@E5");
    let sgf = run(&mut e, "printsgf");
    assert!(sgf.contains("VO[preset=small-war;size=7;sizes=7-13;komi=3.5;"), "{sgf}");
    assert!(sgf.contains("hand.white=spy:3;start=tao@D4 black:samurai@B2]"), "{sgf}");
    let path = temp_file("preset");
    run(&mut e, &format!("printsgf {}", path.display()));
    // A fresh engine of plain War Go (whose sizes start at 9) plays the file's preset.
    let mut loaded = Engine::new(Setup::new(Variant::WarGo), Default::default());
    assert_eq!(run(&mut loaded, &format!("loadsgf {}", path.display())), "= black\n\n");
    let _ = std::fs::remove_file(&path);
    assert_eq!(run(&mut loaded, "variago-board"), run(&mut e, "variago-board"));
    assert_eq!(run(&mut loaded, "showboard"), run(&mut e, "showboard"));
    assert_eq!(
        run(&mut loaded, "variago-hand w"),
        "= spy 2\n\n",
        "white's army is spies"
    );
    assert_eq!(run(&mut loaded, "printsgf"), sgf);
    // A later plain War Go file does not keep the preset.
    let plain = temp_file("plain");
    std::fs::write(&plain, "(;GM[1]SZ[9]VV[wargo]KM[7.5];B[ee])").unwrap();
    assert_eq!(run(&mut loaded, &format!("loadsgf {}", plain.display())), "= white\n\n");
    let _ = std::fs::remove_file(&plain);
    assert!(run(&mut loaded, "variago-hand w").contains("wall 6"));
}

#[test]
fn a_bad_preset_record_is_refused_and_changes_nothing() {
    let mut e = preset_engine();
    run(&mut e, "variago-play b wall@C6");
    let before = run(&mut e, "showboard");
    let cases = [
        (
            "(;GM[1]SZ[9]VV[wargo]VO[preset=mine;colour=red];B[ee])",
            "unknown key 'colour'",
        ),
        ("(;GM[1]SZ[9]VV[wargo]VO[preset=mine;hand.black=wall:x])", "bad count"),
        (
            "(;GM[1]SZ[19]VV[wargo]VO[preset=mine;sizes=7-13;size=9])",
            "size 19 unacceptable",
        ),
        ("(;GM[1]SZ[9]VV[go]VO[preset=mine;size=9])", "go has no preset"),
        ("(;GM[1]SZ[9]VV[wargo]VO[preset=mine;size=9;credit=30])", "does not fit"),
    ];
    for (i, (text, reason)) in cases.iter().enumerate() {
        let path = temp_file(&format!("bad{i}"));
        std::fs::write(&path, text).unwrap();
        let reply = run(&mut e, &format!("loadsgf {}", path.display()));
        let _ = std::fs::remove_file(&path);
        assert!(
            reply.starts_with("? cannot load file: ") && reply.contains(reason),
            "{text}: {reply}"
        );
        assert_eq!(run(&mut e, "showboard"), before);
    }
}
