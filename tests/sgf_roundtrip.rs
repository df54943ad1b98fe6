//! `printsgf` then `loadsgf` gives back the same game, in every variant,
//! typed moves and start options included; standard Go stays plain SGF.

use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::{Position, Setup, Variant};

mod common;

use common::ok;

fn engine(variant: Variant) -> Engine {
    Engine::new(Setup::new(variant), common::settings(40, 0))
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("variago-sgf-{}-{name}.sgf", std::process::id()))
}

/// Plays `moves` typed moves by the engine itself, then round-trips the game.
fn round_trip(mut e: Engine, moves: usize, name: &str) -> String {
    for _ in 0..moves {
        if e.game.outcome().is_some() {
            break;
        }
        let color = e.game.to_move().name();
        ok(&mut e, &format!("variago-genmove {color}"));
    }
    let board = ok(&mut e, "variago-board");
    let record = ok(&mut e, "printsgf");
    let path = temp_file(name);
    ok(&mut e, &format!("printsgf {}", path.display()));
    let mut fresh = engine(Variant::Go);
    let to_move = ok(&mut fresh, &format!("loadsgf {}", path.display()));
    assert_eq!(to_move, e.game.to_move().name());
    assert_eq!(fresh.variant(), e.variant());
    assert_eq!(ok(&mut fresh, "variago-board"), board, "{name}");
    assert_eq!(ok(&mut fresh, "printsgf"), record, "{name}");
    assert_eq!(fresh.game.hash(), e.game.hash(), "{name}");
    std::fs::remove_file(path).ok();
    record
}

#[test]
fn every_variant_round_trips() {
    for variant in Variant::ALL {
        let e = engine(variant);
        let record = round_trip(e, 30, variant.name());
        if variant == Variant::Go {
            assert!(!record.contains("VV["), "standard Go is plain SGF: {record}");
        } else {
            assert!(record.contains(&format!("VV[{}]", variant.name())), "{record}");
        }
    }
}

#[test]
fn typed_moves_and_start_options_survive() {
    let mut e = engine(Variant::GoRoGo);
    ok(&mut e, "variago-setup_henge B4");
    ok(&mut e, "variago-play b henge@A1");
    ok(&mut e, "play w C3");
    let record = round_trip(e, 4, "gorogo-henge");
    assert!(record.contains("VO[henge=B4]"), "{record}");
    assert!(record.contains("MV[henge@A1]"), "{record}");

    let mut e = engine(Variant::parse("buying-armies").expect("a War Go preset"));
    ok(&mut e, "variago-buy b wall 2");
    ok(&mut e, "variago-buy b done");
    ok(&mut e, "variago-buy_auto w");
    let record = round_trip(e, 3, "buying-armies");
    assert!(record.contains("army-black=wall:2"), "{record}");

    // A Group Go preset of one's own, its hands and a drop from them.
    let text = "[duo]\nsize = 7\nhand.black = domino:2\nhand.white = l3:1\n";
    let setup = variago::variants::groupgo::spec::setup_from_file(Variant::GroupGo, text).unwrap();
    let mut e = Engine::new(setup, common::settings(40, 0));
    ok(&mut e, "variago-play b D4+D5");
    ok(&mut e, "variago-play w C3+C4+D3");
    let record = round_trip(e, 4, "group-go-preset");
    assert!(record.contains("VO[preset=duo;size=7;"), "{record}");
    assert!(
        record.contains("MV[D4+D5]") && record.contains("MV[C3+C4+D3]"),
        "{record}"
    );

    let mut e = engine(Variant::Atari);
    ok(&mut e, "variago-start crosscut");
    let record = round_trip(e, 6, "atari-crosscut");
    assert!(record.contains("VO[start=crosscut]"), "{record}");
}

#[test]
fn handicap_and_komi_round_trip() {
    let mut e = engine(Variant::Go);
    ok(&mut e, "komi 0.5");
    ok(&mut e, "fixed_handicap 3");
    let record = round_trip(e, 5, "go-handicap");
    assert!(record.contains("HA[3]") && record.contains("KM[0.5]"), "{record}");
}

#[test]
fn loadsgf_stops_before_the_given_move() {
    let path = temp_file("partial");
    std::fs::write(&path, "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[gc];W[eg])").unwrap();
    let mut e = engine(Variant::Go);
    assert_eq!(ok(&mut e, &format!("loadsgf {} 3", path.display())), "black");
    assert_eq!(e.record.len(), 2);
    assert_eq!(ok(&mut e, &format!("loadsgf {}", path.display())), "black");
    assert_eq!(e.record.len(), 4);
    std::fs::remove_file(path).ok();
}

#[test]
fn a_bad_file_is_refused_and_changes_nothing() {
    let mut e = engine(Variant::Go);
    ok(&mut e, "play b E5");
    let before = ok(&mut e, "variago-board");
    for (name, text) in [
        ("garbage", "this is not sgf"),
        ("illegal", "(;GM[1]SZ[9];B[ee];W[ee])"),
        ("variant", "(;GM[1]SZ[9]VV[chess];B[ee])"),
        ("size", "(;GM[1]SZ[9]VV[gorogo];B[ee])"),
    ] {
        let path = temp_file(name);
        std::fs::write(&path, text).unwrap();
        let answer = execute_line(&mut e, &format!("loadsgf {}", path.display())).unwrap();
        assert!(answer.starts_with("? cannot load file"), "{name}: {answer}");
        assert_eq!(ok(&mut e, "variago-board"), before);
        std::fs::remove_file(path).ok();
    }
    let answer = execute_line(&mut e, "loadsgf /nonexistent/file.sgf").unwrap();
    assert!(answer.starts_with("? cannot load file"), "{answer}");
}

#[test]
fn a_record_that_names_no_variant_is_standard_go() {
    let path = temp_file("plain-go");
    std::fs::write(&path, "(;GM[1]FF[4]AP[Sabaki:0.52.2]SZ[9]KM[6.5];B[ee];W[ce])").unwrap();
    let mut e = engine(Variant::Atari);
    assert_eq!(ok(&mut e, &format!("loadsgf {}", path.display())), "black");
    assert_eq!(e.variant(), Variant::Go);
    assert_eq!(e.setup.komi, 6.5);
    std::fs::remove_file(path).ok();
}
