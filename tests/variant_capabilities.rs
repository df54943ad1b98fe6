//! What each variant takes and has, through every front: a setup option
//! the variant does not take (or a bad value) is refused by the command
//! line, GTP and `loadsgf` alike, with one message; the variants' own
//! commands are listed and known in every variant and refused where they
//! mean nothing; a game record keeps exactly the options that differ from
//! the defaults.

mod common;

use common::{fail, ok};
use variago::variants::Start;
use variago::{Setup, Variant};

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("variago-capabilities-{}-{name}.sgf", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// The message of `loadsgf` of a record, after its `cannot load file: `.
fn loadsgf_refusal(variant: Variant, record: &str, name: &str) -> String {
    let mut e = common::engine(variant, variant.default_size());
    let path = temp_file(name, record);
    let reply = fail(&mut e, &format!("loadsgf {}", path.display()));
    let _ = std::fs::remove_file(&path);
    reply
        .strip_prefix("cannot load file: ")
        .unwrap_or_else(|| panic!("{reply}"))
        .to_string()
}

/// The message of the command line refusing `args`, after its `variago: `.
fn command_line_refusal(args: &[&str]) -> String {
    let out = common::run_engine(args, "quit\n");
    assert!(!out.status.success(), "{args:?} accepted");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .trim_end()
        .strip_prefix("variago: ")
        .unwrap_or_else(|| panic!("{stderr}"))
        .to_string()
}

#[test]
fn loadsgf_of_an_option_go_does_not_take_refuses_the_file_and_keeps_the_game() {
    // This record once left Go with a crosscut start: `variago-start`
    // answered `crosscut` after it.
    let mut e = common::engine(Variant::Go, 9);
    ok(&mut e, "play b C3");
    let path = temp_file("go-crosscut", "(;SZ[9]VO[start=crosscut][henge=C3];B[ee])");
    let reply = fail(&mut e, &format!("loadsgf {}", path.display()));
    let _ = std::fs::remove_file(&path);
    assert_eq!(reply, "cannot load file: go has no crosscut start");
    assert_eq!(ok(&mut e, "variago-start"), "empty");
    assert_eq!(ok(&mut e, "variago-variant"), "go");
    assert!(ok(&mut e, "showboard").contains('X'), "the game before loadsgf stays");
}

#[test]
fn an_option_is_refused_with_one_message_by_the_command_line_gtp_and_loadsgf() {
    // (variant, option, value, the GTP command that sets it, the message)
    let cases = [
        (
            "go",
            "start",
            "crosscut",
            "variago-start crosscut",
            "go has no crosscut start",
        ),
        (
            "yugo",
            "start",
            "crosscut",
            "variago-start crosscut",
            "yugo has no crosscut start",
        ),
        (
            "atari",
            "start",
            "spiral",
            "variago-start spiral",
            "unknown start 'spiral' (known: empty crosscut)",
        ),
        ("go", "henge", "C3", "variago-setup_henge C3", "go has no setup henge"),
        (
            "atari",
            "henge",
            "B2",
            "variago-setup_henge B2",
            "atari has no setup henge",
        ),
        (
            "gorogo",
            "henge",
            "F6",
            "variago-setup_henge F6",
            "bad henge vertex 'F6': off the 5x5 board",
        ),
        (
            "gorogo",
            "henge",
            "nowhere",
            "variago-setup_henge nowhere",
            "bad henge vertex 'nowhere'",
        ),
    ];
    for (name, key, value, command, message) in cases {
        let variant = Variant::parse(name).unwrap();
        let mut e = common::engine(variant, variant.default_size());
        assert_eq!(fail(&mut e, command), message, "GTP {name}: {command}");
        let record = format!("(;GM[1]SZ[{}]VV[{name}]VO[{key}={value}])", variant.default_size());
        assert_eq!(
            loadsgf_refusal(variant, &record, &format!("{name}-{key}")),
            message,
            "loadsgf {record}"
        );
        let flag = format!("--{key}");
        assert_eq!(
            command_line_refusal(&["--variant", name, &flag, value]),
            message,
            "command line {name} {flag} {value}"
        );
        let mut setup = Setup::new(variant);
        assert_eq!(setup.apply_option(key, value), Err(message.to_string()));
        assert_eq!(setup, Setup::new(variant), "a refused option changed the setup");
    }
}

#[test]
fn options_that_only_records_carry_are_refused_as_the_commands_are() {
    // Buying Armies' records keep the armies bought; another variant
    // refuses them with the words of its refusal of the buying commands.
    for name in ["go", "wargo", "gorogo"] {
        let variant = Variant::parse(name).unwrap();
        let mut e = common::engine(variant, variant.default_size());
        let command = fail(&mut e, "variago-buy b wall");
        assert_eq!(command, format!("{name} has no buying phase"));
        let record = format!("(;GM[1]SZ[{}]VV[{name}]VO[army-black=wall:1])", variant.default_size());
        assert_eq!(loadsgf_refusal(variant, &record, name), command);
    }
    assert_eq!(
        loadsgf_refusal(Variant::Go, "(;GM[1]SZ[9]VO[colour=red])", "colour"),
        "unknown option 'colour'"
    );
}

#[test]
fn variant_commands_are_known_everywhere_and_refused_where_they_mean_nothing() {
    let owners = [
        ("variago-setup_henge", "gorogo", "setup henge"),
        ("variago-button", "yugo", "button"),
        ("variago-buy", "buying-armies", "buying phase"),
        ("variago-buy_auto", "buying-armies", "buying phase"),
        ("variago-credit", "buying-armies", "buying phase"),
        ("variago-target", "squares", "target score"),
    ];
    for variant in Variant::ALL {
        let mut e = common::engine(variant, variant.default_size());
        let listed = ok(&mut e, "list_commands");
        for (command, owner, what) in owners {
            assert!(listed.lines().any(|l| l == command), "{command} not listed");
            assert_eq!(ok(&mut e, &format!("known_command {command}")), "true");
            let line = match command {
                "variago-buy" => format!("{command} b wall"),
                "variago-buy_auto" | "variago-credit" => format!("{command} b"),
                _ => command.to_string(),
            };
            if variant.name() == owner {
                assert!(common::gtp(&mut e, &line).starts_with('='), "{owner}: {line}");
            } else {
                assert_eq!(fail(&mut e, &line), format!("{} has no {what}", variant.name()));
            }
        }
    }
}

#[test]
fn records_keep_the_options_that_differ_from_the_defaults() {
    let mut setup = Setup::new(Variant::Atari);
    assert!(setup.options().is_empty());
    setup.apply_option("start", "CROSSCUT").unwrap();
    assert_eq!(setup.start, Start::Crosscut);
    assert_eq!(setup.options(), [("start".to_string(), "crosscut".to_string())]);
    let mut gorogo = Setup::new(Variant::GoRoGo);
    gorogo.apply_option("henge", "b2").unwrap();
    assert_eq!(gorogo.options(), [("henge".to_string(), "B2".to_string())]);
    // Every variant takes its own defaults back, as records and the
    // command line give them.
    for variant in Variant::ALL {
        let mut setup = Setup::new(variant);
        setup.apply_option("start", "empty").unwrap();
        for (key, value) in Setup::new(variant).options() {
            setup.apply_option(&key, &value).unwrap();
        }
        assert_eq!(setup, Setup::new(variant), "{variant:?}");
    }
}

#[test]
fn henge_auto_is_chosen_by_the_engine_and_never_read_from_a_record() {
    let record = "(;GM[1]SZ[5]VV[gorogo]VO[henge=auto])";
    assert_eq!(
        loadsgf_refusal(Variant::GoRoGo, record, "auto"),
        "henge auto is chosen by the engine, not read from a record"
    );
    let mut setup = Setup::new(Variant::GoRoGo);
    let mut weighed = 0;
    setup
        .apply_option_with("henge", "auto", &mut |_| {
            weighed += 1;
            // Every candidate looks the same: the centre wins the tie.
            0.5
        })
        .unwrap();
    assert_eq!(weighed, 6, "one search per class of points");
    assert_eq!(setup.henge().map(|v| v.to_string()).as_deref(), Some("C3"));
}

/// The variants whose games measured Go's weighing of the statistics
/// stronger than their own settings (docs/learning.md) search with it, the
/// War Go family from 13x13 on, Yugo with AMAF's small-board say on every
/// board; Go's own settings add an even prior to it, and the variants that
/// did not gain keep settings of their own.
#[test]
fn the_variants_that_gained_from_gos_weighing_search_with_it() {
    use variago::search::{SearchHints, Tuning, BIG_BOARD, SMALL_BOARD_RAVE_EQUIVALENCE};
    use variago::variants::Game;
    use Variant::*;
    let go_like = [Atari, GoRoGo, DominGo];
    let go_like_on_big_boards = [WarGo, CenterOfTao, MercenaryGo, BuyingArmies, SpecialStones, Tanbo];
    for variant in Variant::ALL {
        let mut setup = Setup::new(variant);
        let mut sizes = vec![variant.default_size()];
        sizes.extend(
            [9, BIG_BOARD - 1, BIG_BOARD, 19]
                .into_iter()
                .filter(|&size| variant.accepts_size(size)),
        );
        for size in sizes {
            setup.size = size;
            let tuning = Game::new(&setup).tuning();
            let expected = Tuning::go_like(size);
            if variant == Yugo {
                let small_board_amaf = Tuning {
                    rave_equivalence: SMALL_BOARD_RAVE_EQUIVALENCE,
                    ..expected
                };
                assert_eq!(tuning, small_board_amaf, "Yugo on {size}x{size}");
                assert_eq!(tuning == expected, size < BIG_BOARD, "Yugo on {size}x{size}");
                continue;
            }
            let gained = go_like.contains(&variant) || (go_like_on_big_boards.contains(&variant) && size >= BIG_BOARD);
            assert_eq!(tuning == expected, gained, "{variant:?} on {size}x{size}: {tuning:?}");
            if variant == Go || variant == GroupGo {
                // Go above 13x13 keeps AMAF's say for longer, as Pachi.
                let equivalence = match variant {
                    Go if size > BIG_BOARD => 4000.0,
                    _ => expected.rave_equivalence,
                };
                assert_eq!(
                    (tuning.exploration, tuning.rave_equivalence, tuning.priors_into),
                    (expected.exploration, equivalence, expected.priors_into),
                    "{variant:?}"
                );
            }
        }
    }
}

/// Squares and Unsquare Go search with the default settings but half the
/// exploration on every board: their priors and playouts already take
/// squares and shun gifts, and the tree does best reading deeply (Squares
/// won 26-8 with it at equal time, docs/learning.md).
#[test]
fn squares_and_unsquare_go_explore_little() {
    use variago::search::{SearchHints, Tuning};
    use variago::variants::Game;
    for variant in [Variant::Squares, Variant::UnsquareGo] {
        let mut setup = Setup::new(variant);
        for size in [5, 9, 13, 19] {
            setup.size = size;
            let expected = Tuning {
                exploration: 0.15,
                ..Tuning::default()
            };
            assert_eq!(Game::new(&setup).tuning(), expected, "{variant:?} on {size}x{size}");
        }
    }
}
