//! The command line: each subcommand takes only the flags that act on it
//! and refuses the others by name; the help gives every flag a text, its
//! default and the variants. Absurd search budgets are clamped with a
//! warning on stderr, and the engine still answers `genmove` with a legal
//! move.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use variago::{Game, Position, Setup, Variant};

/// Runs the program with `args` on a GTP script; returns stdout, stderr and
/// the exit status.
fn run_status(args: &[&str], script: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// Runs the engine with `args` on a GTP script; returns stdout and stderr.
fn run(args: &[&str], script: &str) -> (String, String) {
    let (stdout, stderr, _) = run_status(args, script);
    (stdout, stderr)
}

fn assert_moves(stdout: &str) {
    let first = stdout.lines().next().unwrap_or("");
    assert!(first.starts_with("= ") && first.len() > 2, "{stdout}");
}

#[test]
fn zero_playouts_are_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--playouts", "0"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--playouts 0"), "{stderr}");
}

#[test]
fn negative_time_is_replaced_with_a_warning() {
    let (stdout, stderr) = run(&["--time", "-5"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--time -5"), "{stderr}");
}

#[test]
fn huge_thread_counts_are_clamped_with_a_warning() {
    let (stdout, stderr) = run(&["--threads", "100000", "--playouts", "200"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--threads 100000 clamped"), "{stderr}");
}

#[test]
fn zero_threads_are_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--threads", "0", "--playouts", "50"], "genmove w\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--threads 0 clamped"), "{stderr}");
}

#[test]
fn a_tiny_memory_cap_is_raised_with_a_warning() {
    let (stdout, stderr) = run(&["--max-memory", "0", "--playouts", "300"], "genmove b\nquit\n");
    assert_moves(&stdout);
    assert!(stderr.contains("--max-memory 0"), "{stderr}");
}

#[test]
fn a_memory_cap_keeps_the_engine_playing() {
    let (stdout, stderr) = run(
        &["--max-memory", "1", "--playouts", "3000"],
        "genmove b\ngenmove w\nquit\n",
    );
    assert_eq!(stdout.matches("= ").count(), 2, "{stdout}");
    // 1 MB cannot hold the program and a tree: the trees get their minimum.
    assert!(stderr.contains("--max-memory 1 is too small"), "{stderr}");
}

#[test]
fn a_huge_memory_cap_is_harmless() {
    let (stdout, _) = run(
        &["--max-memory", "18446744073709551615", "--playouts", "100"],
        "genmove b\nquit\n",
    );
    assert_moves(&stdout);
}

/// The subcommands and the top level (GTP), with every long flag each takes.
fn flags_by_command() -> Vec<(String, Vec<String>)> {
    let cmd = variago::cli::command();
    let longs = |c: &clap::Command| -> Vec<String> {
        c.get_arguments()
            .filter_map(|a| a.get_long())
            .filter(|l| *l != "help" && *l != "version")
            .map(str::to_string)
            .collect()
    };
    let mut all = vec![(String::new(), longs(&cmd))];
    all.extend(cmd.get_subcommands().map(|c| (c.get_name().to_string(), longs(c))));
    all
}

#[test]
fn the_perft_example_of_a_flag_that_does_nothing_fails_naming_it() {
    let (stdout, stderr, code) = run_status(
        &[
            "perft",
            "--depth",
            "2",
            "--size",
            "3",
            "--playouts",
            "5",
            "--ponder",
            "--threads",
            "3",
        ],
        "",
    );
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("--playouts does not apply to perft; it is an option of gtp, selfplay, versus"),
        "{stderr}"
    );
}

/// For every subcommand, every flag that some other subcommand takes and
/// it does not is refused with an error that names the flag.
#[test]
fn every_subcommand_refuses_by_name_each_flag_it_does_not_take() {
    let commands = flags_by_command();
    let every_flag: std::collections::BTreeSet<&String> = commands.iter().flat_map(|(_, f)| f).collect();
    let mut refused = 0;
    for (name, flags) in &commands {
        for flag in every_flag.iter().filter(|f| !flags.contains(f)) {
            let mut args = vec!["variago".to_string()];
            args.extend((!name.is_empty()).then(|| name.clone()));
            args.extend([format!("--{flag}"), "1".to_string()]);
            let error = variago::cli::parse(args.iter().map(Into::into)).expect_err(&format!("{args:?}"));
            let shown = if name.is_empty() { "gtp" } else { name };
            let text = error.to_string();
            assert!(
                text.contains(&format!("--{flag} does not apply to {shown}; it is an option of ")),
                "{args:?}: {text}"
            );
            assert_eq!(error.exit_code(), 2);
            refused += 1;
        }
    }
    assert!(refused > 50, "only {refused} refusals checked");
    // Each subcommand in turn, through the program itself.
    for (args, flag) in [
        (&["--depth", "2"][..], "--depth does not apply to gtp"),
        (&["gtp", "--games", "3"], "--games does not apply to gtp"),
        (&["bench", "--playouts", "5"], "--playouts does not apply to bench"),
        (&["selfplay", "--ponder"], "--ponder does not apply to selfplay"),
        (&["versus", "--sgf", "x.sgf"], "--sgf does not apply to versus"),
        (&["solve", "--threads", "2"], "--threads does not apply to solve"),
        (
            &["match", "--first", "a", "--second", "b", "--start", "crosscut"],
            "--start does not apply to match",
        ),
        (
            &["--playouts", "5", "perft", "--depth", "1"],
            "--playouts does not apply to perft",
        ),
    ] {
        let (stdout, stderr, code) = run_status(args, "");
        assert_eq!((stdout.as_str(), code), ("", Some(2)), "{args:?}: {stderr}");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
}

#[test]
fn flags_before_the_subcommand_act_on_it() {
    let before = run_status(&["--variant", "atari", "--size=4", "perft", "--depth", "2"], "");
    let after = run_status(&["perft", "--depth", "2", "--variant", "atari", "--size", "4"], "");
    assert_eq!(before, after);
    assert_eq!(after, ("240\n".to_string(), String::new(), Some(0)));
}

#[test]
fn an_unknown_flag_or_variant_is_an_error() {
    let (_, stderr, code) = run_status(&["perft", "--depth", "1", "--frobnicate"], "");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("'--frobnicate'"), "{stderr}");
    let (_, stderr, code) = run_status(&["perft", "--depth", "1", "--variant", "chess"], "");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("invalid value 'chess'") && stderr.contains("buying-armies"),
        "{stderr}"
    );
    // Aliases and any case still name a variant.
    let (stdout, _, _) = run_status(&["perft", "--depth", "1", "--variant", "Atari-Go", "--size", "3"], "");
    assert_eq!(stdout, "9\n");
}

/// Every subcommand that chooses a variant lists them all, with their
/// descriptions, in its `--help`.
#[test]
fn the_help_lists_the_variants_where_a_variant_is_chosen() {
    for (name, flags) in flags_by_command() {
        if ["match-report", "selfplay-merge", "learn", "learn-network"].contains(&name.as_str()) {
            // Two read the variant from their files, the others learn the
            // models of the variants Go's move features describe and Go's
            // network.
            continue;
        }
        assert!(flags.contains(&"variant".to_string()), "{name} chooses no variant");
        let args: Vec<&str> = [name.as_str(), "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let (help, _, code) = run_status(&args, "");
        assert_eq!(code, Some(0));
        assert!(!help.contains("see the list below"), "{name}");
        for variant in variago::Variant::ALL {
            let line = format!("- {}:", variant.name());
            assert!(help.contains(&line), "{name} --help lacks {line}\n{help}");
            assert!(
                help.contains(variant.description()),
                "{name} --help lacks {variant:?}'s description"
            );
        }
    }
}

/// Every flag has a help text, and every flag that takes a value shows its
/// default (clap's `[default: ...]`, or the same words in the text), unless
/// it is required.
#[test]
fn every_flag_has_help_and_shows_its_default() {
    let cmd = variago::cli::command();
    for command in std::iter::once(&cmd).chain(cmd.get_subcommands()) {
        for arg in command.get_arguments() {
            let name = format!("{} --{}", command.get_name(), arg.get_long().unwrap_or("?"));
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(help.len() > 5, "{name} has no help");
            let takes_value = arg.get_action().takes_values();
            let shows_default = !arg.get_default_values().is_empty() || help.contains("[default: ");
            if takes_value && !arg.is_required_set() {
                assert!(shows_default, "{name} shows no default: {help}");
            }
        }
    }
    let (help, _, _) = run_status(&["versus", "--help"], "");
    assert!(help.contains("[default: 100]") && help.contains("[default: 1000, unless only --time"));
    assert!(help.contains("the baseline always has one [default: 1]"));
}

#[test]
fn match_help_lists_only_what_a_match_uses() {
    let (help, _, _) = run_status(&["match", "--help"], "");
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--"))
        .map(|l| l.split([' ', ',']).next().unwrap())
        .collect();
    let used = [
        "first",
        "second",
        "referee",
        "games",
        "max-moves",
        "sgf-dir",
        "timeout",
        "verbose",
        "concurrency",
        "sprt",
        "openings",
        "opening-moves",
        "random-openings",
        "opening-playouts",
        "opening-seed",
        "time-control",
        "first-time-control",
        "second-time-control",
        "time-margin",
        "results",
        "resume",
        "skip-bad-lines",
        "shard",
        "handicap",
        "first-color",
        "variant",
        "size",
        "komi",
    ];
    assert_eq!(listed, used);
}

/// A move found without playouts says how it was found, not "0 playouts".
#[test]
fn selfplay_says_proven_or_forced_where_no_playouts_ran() {
    let (stdout, _, code) = run_status(
        &[
            "selfplay",
            "--variant",
            "atari",
            "--size",
            "5",
            "--playouts",
            "200",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    assert!(!stdout.contains(", 0 playouts)"), "{stdout}");
    let moves: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("black ") || l.starts_with("white "))
        .collect();
    assert!(moves.iter().any(|l| l.ends_with("(proven win)")), "{moves:?}");
    assert!(moves.iter().any(|l| l.ends_with("(forced)")), "{moves:?}");
    assert!(
        moves.iter().any(|l| l.ends_with("% to win, 200 playouts)")),
        "{moves:?}"
    );
    assert!(stdout.ends_with("result: B+R\n"), "{stdout}");
}

/// A setup option the variant does not take is refused on the command line
/// with the message GTP gives for the same option.
#[test]
fn a_setup_option_the_variant_lacks_is_refused_as_over_gtp() {
    for (flags, command) in [
        (["--start", "crosscut"], "variago-start crosscut"),
        (["--henge", "B2"], "variago-setup_henge B2"),
        (["--henge", "auto"], "variago-setup_henge auto"),
    ] {
        let (gtp, _, _) = run_status(&[], &format!("{command}\n"));
        let message = gtp
            .trim()
            .strip_prefix("? ")
            .unwrap_or_else(|| panic!("{command}: {gtp}"));
        let mut args = vec!["perft", "--depth", "1"];
        args.extend(flags);
        let (stdout, stderr, code) = run_status(&args, "");
        assert_eq!((stdout.as_str(), code), ("", Some(2)), "{args:?}");
        assert_eq!(stderr.trim(), format!("variago: {message}"), "{args:?}");
    }
}

/// `variago versus` on 5x5 Atari Go with `args` and the environment `env`.
fn atari_versus(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(["versus", "--variant", "atari", "--size", "5"])
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("engine runs")
}

/// `versus --sgf-dir` writes every game, and each record replays to the
/// finished game and result it names.
#[test]
fn versus_writes_each_game_record() {
    let dir = std::env::temp_dir().join(format!("variago-versus-{}", std::process::id()));
    let out = atari_versus(
        &["--playouts", "30", "--games", "3", "--sgf-dir", dir.to_str().unwrap()],
        &[],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for n in 1..=3 {
        let text = std::fs::read_to_string(dir.join(format!("versus-{n}.sgf"))).unwrap();
        let record = variago::sgf::parse(&text).unwrap();
        assert_eq!(record.variant.as_deref(), Some("atari"));
        let mut game = Game::new(&Setup {
            size: 5,
            ..Setup::new(Variant::Atari)
        });
        for &(color, mv) in &record.moves {
            game.play(color, mv).unwrap();
        }
        let outcome = game.outcome().expect("a finished game");
        assert!(text.contains(&format!("RE[{outcome}]")), "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The flat baseline searches on one thread, so `versus` gives the engine
/// one too unless `--threads` says otherwise: equal time is equal CPU.
#[test]
fn versus_searches_on_one_thread_unless_told() {
    let threads_logged = |extra: &[&str]| {
        let out = atari_versus(
            &[&["--playouts", "20", "--games", "1"], extra].concat(),
            &[("RUST_LOG", "info")],
        );
        assert!(out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        stderr
            .lines()
            .find(|l| l.contains("search threads"))
            .map(str::to_string)
    };
    assert!(threads_logged(&[]).unwrap().ends_with(" 1 search threads"));
    assert!(threads_logged(&["--threads", "2"])
        .unwrap()
        .ends_with(" 2 search threads"));
}

/// `learn` reads SGF collections, fits a move model and writes it where
/// `--out` says; bad settings and too few games are errors, not panics.
#[test]
fn learn_writes_a_move_model_from_game_records() {
    let dir = std::env::temp_dir().join(format!("variago-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Twelve short games: one opening in its eight symmetries and more.
    let base = ["cc", "gg", "cg", "gc", "ee", "dd", "ff", "ec", "ce", "eg"];
    let games: String = (0..12)
        .map(|i| {
            let moves: String = base
                .iter()
                .enumerate()
                .map(|(k, point)| {
                    let (mut x, mut y) = (point.as_bytes()[0] - b'a', point.as_bytes()[1] - b'a');
                    if i & 1 != 0 {
                        x = 8 - x;
                    }
                    if i & 2 != 0 {
                        y = 8 - y;
                    }
                    if i & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    let color = if k % 2 == 0 { 'B' } else { 'W' };
                    format!(";{color}[{}{}]", (b'a' + x) as char, (b'a' + y) as char)
                })
                .collect();
            format!("(;GM[1]FF[4]SZ[9]KM[7.5]{moves})\n")
        })
        .collect();
    std::fs::write(dir.join("games.sgf"), games).unwrap();
    let out_file = dir.join("moves.model");
    let learn = |extra: &[&str]| {
        let mut args = vec!["learn", dir.to_str().unwrap(), "--out", out_file.to_str().unwrap()];
        args.extend_from_slice(extra);
        Command::new(env!("CARGO_BIN_EXE_variago"))
            .args(&args)
            .output()
            .unwrap()
    };
    let out = learn(&["--test-games", "2", "--min-count", "2", "--epochs", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("10 training games, 2 test games"), "{stderr}");
    assert!(stderr.contains("pass 2 over 100 positions"), "{stderr}");
    let bytes = std::fs::read(&out_file).unwrap();
    let model = variago::Variant::Go.move_model(&bytes).unwrap();
    assert!(model.patterns() > 0);
    for bad in [&["--epochs", "0"][..], &["--rate", "-1"], &["--test-games", "12"]] {
        let out = learn(bad);
        assert!(!out.status.success(), "{bad:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ten self-play games of `variant` on 5x5 (War Go, whose boards start
/// at 9x9: 9x9) at 20 playouts a move, their records in `file`, with
/// `extra` flags; the run must succeed.
fn selfplay(variant: &str, file: &Path, extra: &[&str]) {
    let size = if variant == "wargo" { "9" } else { "5" };
    let mut args = vec!["selfplay", "--variant", variant, "--size", size, "--playouts", "20"];
    args.extend_from_slice(&["--games", "10", "--seed", "3", "--records", file.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let (_, stderr, code) = run_status(&args, "");
    assert_eq!(code, Some(0), "{stderr}");
}

/// `learn --variant atari` learns Atari Go's move model from self-play
/// records; records of another variant are refused with their file and
/// line (also by War Go), and a broken line is skipped with its line
/// number.
#[test]
fn learn_writes_atari_gos_move_model_from_self_play_records() {
    let dir = std::env::temp_dir().join(format!("variago-learn-atari-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("atari.jsonl");
    selfplay("atari", &records, &[]);
    let out_file = dir.join("atari.model");
    let learn = |variant: &str, file: &Path| {
        let _ = std::fs::remove_file(&out_file);
        run_status(
            &[
                "learn",
                "--variant",
                variant,
                file.to_str().unwrap(),
                "--out",
                out_file.to_str().unwrap(),
                "--test-games",
                "2",
                "--min-count",
                "2",
            ],
            "",
        )
    };
    let (stdout, stderr, code) = learn("atari", &records);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.ends_with(" patterns\n"), "{stdout}");
    assert!(stderr.contains("test positions, of 10 games"), "{stderr}");
    let bytes = std::fs::read(&out_file).unwrap();
    use variago::Variant;
    assert!(Variant::Atari.move_model(&bytes).is_ok());
    assert_eq!(
        Variant::Go.move_model(&bytes).unwrap_err(),
        "a move model of atari, not of go"
    );
    // The next generation plays its own games with the model.
    let next = dir.join("atari-next.jsonl");
    selfplay("atari", &next, &["--model", out_file.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&next).unwrap().lines().count() >= 10);
    // A line cut short by a killed run is skipped, named by its number.
    let mut text = std::fs::read_to_string(&records).unwrap();
    let lines = text.lines().count();
    text.push_str("{\"game\":11,\"seed\"\n");
    std::fs::write(&records, &text).unwrap();
    let (_, stderr, code) = learn("atari", &records);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!("line {}", lines + 1)) && stderr.contains("skipped"),
        "{stderr}"
    );
    // Records of Go are not Atari Go's.
    let go_records = dir.join("go.jsonl");
    selfplay("go", &go_records, &[]);
    let (_, stderr, code) = learn("atari", &go_records);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("go.jsonl line 1: a record of go, not of atari"),
        "{stderr}"
    );
    assert!(!out_file.exists(), "nothing written");
    let (_, stderr, code) = learn("wargo", &records);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("atari.jsonl line 1: a record of atari, not of wargo"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `learn --variant VARIANT RECORDS --out MODEL` on the few games of
/// [`selfplay`] (2 test games, patterns seen twice) and checks that it
/// wrote a model.
fn learn_a_small_model(variant: &str, records: &str, model: &str) {
    let learn = [
        "learn",
        "--variant",
        variant,
        records,
        "--test-games",
        "2",
        "--min-count",
        "2",
    ];
    let (stdout, stderr, code) = run_status(&[&learn[..], &["--out", model]].concat(), "");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.ends_with(" patterns\n"), "{stdout}");
}

/// `learn --variant tanbo` learns two-colour Tanbo's move model from its
/// self-play, and the next generation plays with it; gray Tanbo, whose
/// stones are nobody's and whose features are its own, takes neither
/// Tanbo's records nor its model.
#[test]
fn learn_writes_tanbos_move_model_and_gray_tanbo_refuses_it() {
    let dir = std::env::temp_dir().join(format!("variago-learn-tanbo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (records, next, model) = (dir.join("tanbo.jsonl"), dir.join("next.jsonl"), dir.join("tanbo.model"));
    let [records_path, next_path, model_path] = [&records, &next, &model].map(|p| p.to_str().unwrap());
    selfplay("tanbo", &records, &[]);
    learn_a_small_model("tanbo", records_path, model_path);
    let bytes = std::fs::read(&model).unwrap();
    assert!(variago::Variant::Tanbo.move_model(&bytes).is_ok());
    selfplay("tanbo", &next, &["--model", model_path]);
    assert!(std::fs::read_to_string(&next).unwrap().lines().count() >= 10);
    let refusals = [
        (
            &["learn", "--variant", "gray-tanbo", records_path, "--out", next_path][..],
            "tanbo.jsonl line 1: a record of tanbo, not of gray-tanbo",
        ),
        (
            &["--variant", "gray-tanbo", "--model", model_path],
            "a move model of tanbo, not of gray-tanbo",
        ),
    ];
    for (args, refusal) in refusals {
        let (_, stderr, code) = run_status(args, "");
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains(refusal), "{stderr}");
    }
    assert!(
        std::fs::read_to_string(&next).unwrap().lines().count() >= 10,
        "nothing written over"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `learn --variant squares`, `--variant unsquare-go`, `--variant
/// omino-go`, `--variant gray-tanbo`, `--variant gorogo`, `--variant
/// migoyugo` and `--variant wargo` learn models of the games' own features
/// from self-play, the next generation plays with them, and none takes
/// another game's model (not even DominGo, with Omino Go's features, nor
/// Center of Tao, with War Go's).
#[test]
fn learn_writes_the_move_models_of_games_with_features_of_their_own() {
    let dir = std::env::temp_dir().join(format!("variago-learn-own-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pairs = [
        ("squares", "unsquare-go"),
        ("unsquare-go", "squares"),
        ("omino-go", "domingo"),
        ("gray-tanbo", "tanbo"),
        ("gorogo", "atari"),
        ("migoyugo", "gorogo"),
        ("wargo", "center-of-tao"),
    ];
    for (variant, other) in pairs {
        let (records, next, model) = (
            dir.join(format!("{variant}.jsonl")),
            dir.join(format!("{variant}-next.jsonl")),
            dir.join(format!("{variant}.model")),
        );
        let [records_path, model_path] = [&records, &model].map(|p| p.to_str().unwrap());
        selfplay(variant, &records, &[]);
        learn_a_small_model(variant, records_path, model_path);
        let bytes = std::fs::read(&model).unwrap();
        let model_read = variago::Variant::parse(variant).unwrap().move_model(&bytes).unwrap();
        assert!(model_read.patterns() > 0);
        selfplay(variant, &next, &["--model", model_path]);
        assert!(std::fs::read_to_string(&next).unwrap().lines().count() >= 10);
        let (_, stderr, code) = run_status(&["--variant", other, "--model", model_path], "");
        assert_eq!(code, Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("a move model of {variant}, not of {other}")),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_that_goes_away_ends_a_printing_command_quietly() {
    // `variago perft ... | head -0`: the pipe is closed before perft prints.
    for args in [
        &["perft", "--variant", "go", "--size", "9", "--depth", "3"][..],
        &["bench", "--variant", "atari", "--size", "7", "--seconds", "0.05"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("variago starts");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

#[test]
fn bench_runs_alternate_this_build_with_another_and_give_their_ratio() {
    let me = env!("CARGO_BIN_EXE_variago");
    let bench = ["bench", "--variant", "atari", "--size", "7", "--seconds", "0.02"];
    let args: Vec<&str> = bench.iter().copied().chain(["--runs", "2", "--against", me]).collect();
    let (stdout, stderr, code) = run_status(&args, "");
    assert_eq!(code, Some(0), "{stderr}");
    let runs: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("  1 ") || l.starts_with("  2 "))
        .map(|l| l[..9].trim_end())
        .collect();
    // The other build first, then by turns.
    assert_eq!(runs, ["  1 other", "  1 this", "  2 this", "  2 other"], "{stdout}");
    // `this / other playouts/s 1.012  tree sims/s 0.987`: every run plays
    // playouts, but a search starved of the processor for its whole 20 ms
    // may count none.
    let ratio = stdout.lines().find(|l| l.contains("this / other")).expect("a ratio");
    let words: Vec<&str> = ratio.split_whitespace().collect();
    let playouts: f64 = words[4].parse().expect("a number");
    assert!(playouts > 0.0 && playouts.is_finite(), "{ratio}");
    assert!(
        words[7] == "-" || words[7].parse::<f64>().is_ok_and(|r| r >= 0.0),
        "{ratio}"
    );
    assert!(stdout.contains("atari 7x7, mean of 2 runs"), "{stdout}");

    // A build that cannot run, or prints no bench line, stops it before
    // anything is measured, with a message naming it.
    for (other, message) in [
        ("/nonexistent/variago", "cannot run /nonexistent/variago"),
        ("/bin/true", "/bin/true printed no line of the bench table"),
    ] {
        let args: Vec<&str> = bench.iter().copied().chain(["--against", other]).collect();
        let (stdout, stderr, code) = run_status(&args, "");
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        assert!(!stdout.contains("  1 this"), "{stdout}");
    }
}
