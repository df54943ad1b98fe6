//! Command lines that cannot work fail at once, with a message on stderr
//! that names the problem and exit status 2: preset files too deep, too
//! large or of another family, record paths that cannot be written, and
//! matches whose engines cannot play.

mod common;

use common::matches::{engine, run_variago, scratch_dir, totals, BIN};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the program with `args` and no input.
fn variago(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run variago")
}

/// Asserts exit status 2, nothing on stdout and `message` on stderr.
fn assert_refused(output: &Output, message: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(message), "expected '{message}' in: {stderr}");
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
}

fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn builtin(name: &str) -> String {
    format!("{}/presets/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_deep_inheritance_chain_is_refused_at_once() {
    let dir = scratch_dir("cli_errors-deep");
    let mut text = "[p0]\nsize = 9\n".to_string();
    for i in 1..20_000 {
        text += &format!("[p{i}]\ninherits = p{}\n", i - 1);
    }
    let deep = file(&dir, "deep.ini", &text);
    let start = Instant::now();
    let output = variago(&["--preset", deep.to_str().unwrap()]);
    assert!(start.elapsed() < Duration::from_secs(2), "took {:?}", start.elapsed());
    assert_refused(
        &output,
        "deep.ini: line 130: preset 'p64' inherits through more than 64 presets",
    );
    let cycle = file(&dir, "cycle.ini", "[a]\ninherits = b\n[b]\ninherits = a\n");
    assert_refused(&variago(&["--preset", cycle.to_str().unwrap()]), "inherits itself");
}

#[test]
fn a_preset_file_of_another_family_is_refused_by_name() {
    let wargo = builtin("wargo.ini");
    let groupgo = builtin("groupgo.ini");
    let cases = [
        (
            ["--variant", "tanbo", "--preset", &wargo],
            "wargo.ini holds War Go presets; tanbo takes none",
        ),
        (
            ["--variant", "go", "--preset", &groupgo],
            "groupgo.ini holds Group Go presets; go takes none",
        ),
        (
            ["--variant", "wargo", "--preset", &groupgo],
            "groupgo.ini holds Group Go presets; wargo takes War Go presets (presets/wargo.ini)",
        ),
        (
            ["--variant", "domingo", "--preset", &wargo],
            "wargo.ini holds War Go presets; domingo takes Group Go presets (presets/groupgo.ini)",
        ),
    ];
    for (args, message) in cases {
        assert_refused(&variago(&args), message);
    }
    // Each family's own file still plays.
    for args in [
        ["--variant", "wargo", "--preset", &wargo],
        ["--variant", "domingo", "--preset", &groupgo],
    ] {
        let output = variago(&[&args[..], &["perft", "--depth", "1"]].concat());
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
}

#[test]
fn absurd_counts_and_long_lines_are_refused_naming_the_line() {
    let dir = scratch_dir("cli_errors-counts");
    let cases = [
        (
            "walls.ini",
            "[mine]\ninherits = wargo\nhand = wall:4294967295\n",
            "wargo",
            "walls.ini: line 3: 4294967295 wall pieces are more than the largest board (25x25, 625 points) holds",
        ),
        (
            "credit.ini",
            "[mine]\ninherits = buying-armies\n\ncredit = 4000000000\n",
            "buying-armies",
            "credit.ini: line 4: credit 4000000000 is more than the most allowed, 62500",
        ),
        (
            "price.ini",
            "[mine]\ninherits = buying-armies\nprices = wall:1000000\n",
            "buying-armies",
            "price.ini: line 3: wall price 1000000 is more than the most allowed, 100",
        ),
        (
            "platoons.ini",
            "[mine]\ninherits = group-go\nhand = i4:200\n",
            "group-go",
            "platoons.ini: line 3: 200 i4 pieces of 4 points are more than the largest board",
        ),
        (
            "long.ini",
            &format!("[mine]\ninherits = wargo\nkomi = 5.5{}\n", " ".repeat(100_000)),
            "wargo",
            "long.ini: line 3: 100010 characters, more than the 16384 a preset line may hold",
        ),
    ];
    for (name, text, variant, message) in cases {
        let path = file(&dir, name, text);
        assert_refused(
            &variago(&["--variant", variant, "--preset", path.to_str().unwrap()]),
            message,
        );
    }
    let big = file(&dir, "big.ini", &format!("[mine]\n{}", "# filler\n".repeat(120_000)));
    assert_refused(
        &variago(&["--preset", big.to_str().unwrap()]),
        "is larger than the 1048576 bytes a preset file may hold",
    );
}

#[test]
fn a_record_path_that_cannot_be_written_is_refused_at_start() {
    let dir = scratch_dir("cli_errors-paths");
    let missing = dir.join("no-such-folder").join("x.sgf");
    let missing = missing.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    assert_refused(&variago(&["--sgf", missing]), "no-such-folder does not exist");
    assert_refused(&variago(&["--sgf", folder]), "is a directory; give a file");
    let a_file = file(&dir, "a-file", "");
    let under_a_file = a_file.join("x.sgf");
    assert_refused(
        &variago(&["--sgf", under_a_file.to_str().unwrap()]),
        "a-file is not a folder",
    );
    let engine = engine("--playouts 10");
    let match_args = |extra: &[&str]| {
        let mut args = vec!["--first", &engine, "--second", &engine, "--games", "1"];
        args.extend_from_slice(extra);
        run_variago("match", &args)
    };
    assert_refused(&match_args(&["--results", folder]), "--results");
    assert_refused(&match_args(&["--results", missing]), "does not exist");
    assert_refused(
        &match_args(&["--sgf-dir", a_file.to_str().unwrap()]),
        "is a file; give a directory",
    );
    assert_refused(&run_variago("learn", &["--out", missing, folder]), "--out");
    // A writable path is taken, and nothing is left behind by the check.
    let fine = dir.join("games.sgf");
    let output = variago(&["--sgf", fine.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(!fine.exists());
}

#[test]
fn a_match_whose_engine_cannot_start_stops_before_its_first_game() {
    let dir = scratch_dir("cli_errors-engines");
    let good = engine("--playouts 10");
    let results = dir.join("results.jsonl");
    let refuses_size = "while read c a; do case $c in boardsize) echo '? unacceptable size';; \
                        list_commands) echo '= boardsize';; *) echo '=';; esac; echo; done";
    let cases = [
        ("/nonexistent/engine", "first engine: 'protocol_version' failed"),
        ("echo garbage", "'garbage', not"),
        ("sleep 20", "no answer to 'protocol_version' within 1s"),
        (refuses_size, "first engine: 'boardsize 9' failed: ? unacceptable size"),
    ];
    for (first, message) in cases {
        let start = Instant::now();
        let mut args = vec![
            "--first",
            first,
            "--second",
            &good,
            "--results",
            results.to_str().unwrap(),
        ];
        args.extend("--size 9 --games 2 --timeout 1".split(' '));
        let output = run_variago("match", &args);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{first}: took {:?}",
            start.elapsed()
        );
        assert_refused(&output, "the match stops before its first game");
        assert_refused(&output, message);
        assert_refused(&output, &format!("(command: {first})"));
        assert!(!results.exists(), "{first}: a results file was started");
    }
}

#[test]
fn a_match_whose_every_game_ends_in_an_error_exits_non_zero() {
    // Answers the setup like an engine, then an illegal move to every genmove.
    let script = "while read cmd arg; do case $cmd in genmove) echo '= Z99';; list_commands) echo '= genmove';; \
                  *) echo '=';; esac; echo; done";
    let output = run_variago(
        "match",
        &["--first", &engine("--playouts 10"), "--second", script, "--games", "2"],
    );
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let t = totals(&stdout);
    assert_eq!((t.games, t.errors), (2, 2), "the table is still printed: {stdout}");
    assert_eq!(t.typed, 0, "a plain engine forces plain GTP: {stdout}");
    assert!(
        stderr.contains("all 2 games played ended in an engine error, the first: second engine: bad move 'Z99'"),
        "{stderr}"
    );
}
