//! What a new game keeps (gtp-extensions.md, "What a new game keeps"): the
//! session's choices, from the command line or GTP, survive
//! `variago-set_variant` wherever the new variant takes them.

mod common;

use common::process::Gtp;

fn engine(args: &[&str]) -> Gtp {
    Gtp::start(env!("CARGO_BIN_EXE_variago"), args)
}

#[test]
fn the_command_lines_rules_and_komi_survive_setting_the_variant_again() {
    let mut gtp = engine(&[
        "--variant",
        "go",
        "--size",
        "9",
        "--rules",
        "tromp-taylor",
        "--komi",
        "5.5",
    ]);
    gtp.ok("variago-set_variant go");
    assert_eq!(gtp.ok("variago-rules"), "tromp-taylor");
    assert!(gtp.ok("showboard").contains("komi: 5.5"));
    // Through a variant without rules, and back.
    gtp.ok("variago-set_variant atari");
    gtp.ok("variago-set_variant go");
    assert_eq!(gtp.ok("variago-rules"), "tromp-taylor");
    assert!(gtp.ok("showboard").contains("komi: 5.5"));
    assert_eq!(gtp.ok("printsgf").matches("SZ[9]").count(), 1, "--size 9 kept");
}

#[test]
fn the_command_lines_komi_reaches_another_variant_its_own_komi_otherwise() {
    let mut gtp = engine(&["--variant", "domingo", "--size", "5"]);
    gtp.ok("variago-set_variant omino-go");
    assert!(gtp.ok("printsgf").contains("KM[0.5]"), "Omino Go's own komi");
    gtp.ok("komi 3");
    gtp.ok("variago-set_variant domingo");
    assert!(gtp.ok("printsgf").contains("KM[2.5]"), "a GTP komi is the game's");
    let mut gtp = engine(&["--variant", "domingo", "--komi", "4"]);
    gtp.ok("variago-set_variant omino-go");
    assert!(gtp.ok("printsgf").contains("KM[4]"));
}

#[test]
fn options_set_over_gtp_survive_a_change_of_variant() {
    let mut gtp = engine(&["--variant", "go"]);
    gtp.ok("variago-rules tromp-taylor");
    gtp.ok("variago-set_variant yugo");
    gtp.ok("variago-set_variant go");
    assert_eq!(gtp.ok("variago-rules"), "tromp-taylor");
    gtp.ok("variago-rules area");
    gtp.ok("variago-set_variant go");
    assert_eq!(gtp.ok("variago-rules"), "area", "back to the default, and kept");
    let mut gtp = engine(&["--variant", "atari"]);
    gtp.ok("variago-start crosscut");
    gtp.ok("variago-set_variant go");
    assert_eq!(gtp.ok("variago-start"), "empty", "Go has no crosscut");
    gtp.ok("variago-set_variant atari");
    assert_eq!(gtp.ok("variago-start"), "crosscut");
}

#[test]
fn each_variants_own_options_survive() {
    let mut gtp = engine(&["--variant", "gray-tanbo", "--misere", "on"]);
    gtp.ok("variago-set_variant tanbo");
    gtp.ok("variago-set_variant gray-tanbo");
    assert_eq!(gtp.ok("variago-misere"), "on");
    let mut gtp = engine(&["--variant", "squares", "--target", "7"]);
    gtp.ok("variago-set_variant go");
    gtp.ok("variago-set_variant squares");
    assert_eq!(gtp.ok("variago-target"), "7");
    let mut gtp = engine(&["--variant", "gorogo", "--henge", "B2"]);
    gtp.ok("variago-set_variant go");
    gtp.ok("variago-set_variant gorogo");
    assert!(gtp.ok("printsgf").contains("henge=B2"));
}

#[test]
fn the_command_lines_preset_comes_back_with_its_variant() {
    let dir = std::env::temp_dir().join(format!("variago-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let preset = dir.join("walls.ini");
    std::fs::write(
        &preset,
        "[walls]\nsize = 9\nsizes = 9-25\nkomi = 3.5\nhand = wall:3 samurai:1\n",
    )
    .unwrap();
    let mut gtp = engine(&["--variant", "wargo", "--preset", preset.to_str().unwrap()]);
    assert_eq!(gtp.ok("variago-hand b"), "wall 3 samurai 1");
    gtp.ok("variago-set_variant go");
    gtp.ok("variago-set_variant wargo");
    assert_eq!(gtp.ok("variago-hand b"), "wall 3 samurai 1");
    assert!(gtp.ok("printsgf").contains("KM[3.5]"));
    std::fs::remove_dir_all(&dir).unwrap();
}
