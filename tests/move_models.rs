//! `--model FILE`: the search of every variant takes a move model read
//! from a file, and every bad file is refused before the engine starts.
//! (Migoyugo's alpha-beta orders its root moves by one:
//! `migoyugo::alphabeta`'s tests.)

mod common;

use common::{genmove_after, run_engine};
use std::path::PathBuf;
use variago::features::model::Weights;
use variago::Variant;

/// A model file of `variant` that knows no pattern and likes only moves
/// on the first line, which no search would choose by itself.
fn edge_loving_model(variant: &str, name: &str) -> PathBuf {
    let tactics = Variant::parse(variant).unwrap().tactics();
    let line = tactics.iter().position(|t| t.name == "line").expect("a line feature");
    assert_eq!(tactics[line].values, 5);
    let mut weights = Weights::blank(tactics, &[]);
    weights.tactics[line][0] = 30.0;
    model_file(variant, name, &weights)
}

/// A model file of `variant` that knows nothing: every move alike.
fn blank_model(variant: &str) -> PathBuf {
    let tactics = Variant::parse(variant).unwrap().tactics();
    model_file(variant, &format!("{variant}-blank"), &Weights::blank(tactics, &[]))
}

/// On a board of `size`, `variant`'s one-playout search after each of
/// `openings` plays what it plays with `--model` of its built-in model
/// `file`, and a model that knows nothing changes that.
fn assert_the_search_takes_its_built_in_model(size: &str, variant: &str, file: &str, openings: &[&str]) {
    let blank = blank_model(variant);
    let built_in = first_choices_on(size, variant, &[], openings);
    assert_eq!(built_in, first_choices_on(size, variant, &["--model", file], openings));
    let blank_path = blank.to_str().unwrap();
    assert_ne!(
        built_in,
        first_choices_on(size, variant, &["--model", blank_path], openings)
    );
    std::fs::remove_file(blank).unwrap();
}

/// `weights` written as a model file of `variant` in the temporary folder.
fn model_file(variant: &str, name: &str, weights: &Weights) -> PathBuf {
    let path = std::env::temp_dir().join(format!("variago-{}-{name}.model", std::process::id()));
    std::fs::write(&path, weights.to_bytes(variant)).unwrap();
    path
}

/// Openings of 9x9 Tanbo, either form, after which a one-playout search
/// without a model places some stones off the first line.
const TANBO_OPENINGS: [&str; 5] = ["", "H3 G8", "B7 C2", "G2 H7 A8", "H3 C2 H4 B3"];

/// The moves a one-playout search plays in `variant` on 9x9 after each
/// of `openings`, with `extra` flags.
fn first_choices(variant: &str, extra: &[&str], openings: &[&str]) -> Vec<String> {
    first_choices_on("9", variant, extra, openings)
}

/// The same on a board of `size`. The Group Go family's and War Go's
/// drops are typed moves (`variago-play`, `variago-genmove`).
fn first_choices_on(size: &str, variant: &str, extra: &[&str], openings: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--variant",
        variant,
        "--size",
        size,
        "--playouts",
        "1",
        "--threads",
        "1",
    ];
    args.extend_from_slice(extra);
    let typed = ["group-go", "omino-go", "domingo", "wargo"].contains(&variant);
    openings
        .iter()
        .map(|opening| {
            let mut script = genmove_after(opening);
            if typed {
                script = script
                    .replace("play ", "variago-play ")
                    .replace("genmove ", "variago-genmove ");
            }
            let output = run_engine(&args, &script);
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let stdout = String::from_utf8(output.stdout).unwrap();
            let answers: Vec<&str> = stdout.split("\n\n").collect();
            assert!(answers[..answers.len() - 3].iter().all(|a| *a == "="), "{stdout}");
            answers[answers.len() - 3].trim_start_matches("= ").to_string()
        })
        .collect()
}

/// True when a move (a vertex, a drop's vertices joined by `+`, or a
/// piece's drop, `wall@A1`) has a stone on the first line.
fn on_the_first_line(mv: &str) -> bool {
    let points = mv.rsplit('@').next().unwrap_or(mv);
    points.split('+').any(|vertex| {
        let (column, row) = vertex.split_at(1);
        matches!(column, "A" | "J") || matches!(row, "1" | "9")
    })
}

const OPENINGS: [&str; 3] = ["", "E5 D4", "C3 G7 E5"];

/// One-playout searches of `variant` play on the first line with the
/// edge-loving model and nowhere there without it.
fn assert_the_search_follows_a_given_model(variant: &str) {
    let (without, with) = choices_without_and_with_the_edge_model(variant, &OPENINGS);
    assert!(!without.iter().any(|v| on_the_first_line(v)), "{without:?}");
    assert!(with.iter().all(|v| on_the_first_line(v)), "{with:?}");
}

/// The first choices after each of `openings` without a model and with
/// the edge-loving one.
fn choices_without_and_with_the_edge_model(variant: &str, openings: &[&str]) -> (Vec<String>, Vec<String>) {
    let model = edge_loving_model(variant, &format!("{variant}-edge"));
    let path = model.to_str().unwrap();
    let without = first_choices(variant, &[], openings);
    let with = first_choices(variant, &["--model", path], openings);
    std::fs::remove_file(model).unwrap();
    (without, with)
}

#[test]
fn atari_gos_search_follows_a_model_it_is_given() {
    assert_the_search_follows_a_given_model("atari");
}

#[test]
fn yugos_search_follows_a_model_it_is_given() {
    assert_the_search_follows_a_given_model("yugo");
}

/// With the edge-loving model every first choice after `openings` is on
/// the first line, where without it some are elsewhere: for variants whose
/// search, without a model, plays there now and then.
fn assert_the_model_moves_every_choice_to_the_first_line(variant: &str, openings: &[&str]) {
    let (without, with) = choices_without_and_with_the_edge_model(variant, openings);
    assert!(!without.iter().all(|v| on_the_first_line(v)), "{without:?}");
    assert!(with.iter().all(|v| on_the_first_line(v)), "{with:?}");
}

/// Tanbo's placements touch their root, and half of the start's are on
/// the first line: the search, which knows nothing of a move, picks some
/// elsewhere, and with the model only those there.
#[test]
fn tanbos_search_follows_a_model_it_is_given() {
    assert_the_model_moves_every_choice_to_the_first_line("tanbo", &TANBO_OPENINGS);
}

/// Two-colour Tanbo's search takes its built-in model from 13x13 on: on
/// 19x19 it plays what it plays with the same file given by `--model`,
/// which one that knows nothing changes; on 9x9 it plays without it.
#[test]
fn tanbos_search_takes_its_built_in_model_on_big_boards() {
    let openings = ["", "G2 B1", "N6 G8", "G2 B1 G3 N2", "T12 S7"];
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/tanbo/moves.model");
    assert_the_search_takes_its_built_in_model("19", "tanbo", file, &openings);
    let without = first_choices("tanbo", &[], &TANBO_OPENINGS);
    assert_ne!(without, first_choices("tanbo", &["--model", file], &TANBO_OPENINGS));
}

/// Group Go's search takes its built-in model (on every board; here
/// 9x9): it plays what it plays with the same file given by `--model`,
/// which one that knows nothing changes.
#[test]
fn group_gos_search_takes_its_built_in_model() {
    let openings = ["", "E5 D4", "C3 G7 E5", "B2 H8 B8 H2"];
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/groupgo/moves.model");
    assert_the_search_takes_its_built_in_model("9", "group-go", file, &openings);
}

/// Gray Tanbo's search keeps its even prior and adds the model's.
#[test]
fn gray_tanbos_search_follows_a_model_it_is_given() {
    assert_the_model_moves_every_choice_to_the_first_line("gray-tanbo", &TANBO_OPENINGS);
}

/// Squares' search keeps its own priors (a square completed, none left a
/// stone short) and adds the model's. (After C3 C5 E3 it would complete
/// the square at E5 with the model too.)
#[test]
fn squares_search_follows_a_model_it_is_given() {
    let openings = ["", "E5 D4", "C3 G7 E5", "C3 G5 E3"];
    assert_the_model_moves_every_choice_to_the_first_line("squares", &openings);
}

/// Unsquare Go's search, which has no priors of its own, gives every
/// removal an even start with the model's chance on top.
#[test]
fn unsquare_gos_search_follows_a_model_it_is_given() {
    let openings = ["", "E5 D4", "C3 G7 E5", "B2 H8 B8 H2"];
    assert_the_model_moves_every_choice_to_the_first_line("unsquare-go", &openings);
}

/// Omino Go's model weighs drops as Go's weighs stones: with the
/// edge-loving one every first choice has a stone on the first line.
/// (Not the opening domino: a third of the dominoes touch the edge, so
/// the model's chance of each is small beside the priors' dislike of the
/// edge in the opening; the same holds for DominGo's dominoes and Group
/// Go's stones.)
#[test]
fn omino_gos_search_follows_a_model_it_is_given() {
    let openings = ["E5+E6", "E5+E6 C3+C4+C5+D4", "D5+E5 E2+E3+E4+F3"];
    assert_the_model_moves_every_choice_to_the_first_line("omino-go", &openings);
}

/// War Go's search keeps its own priors (Go's for soldiers, poor ones for
/// drops) and adds the model's at the root. (Not beside a fight, where
/// Go's priors outweigh a model that spreads its chance over the edge.)
#[test]
fn war_gos_search_follows_a_model_it_is_given() {
    let openings = ["", "C3 G7 E5", "B2 H8 B8 H2", "C7 G3"];
    assert_the_model_moves_every_choice_to_the_first_line("wargo", &openings);
}

/// GoRoGo's search, which has no priors of its own, gives every move an
/// even start with the model's chance on top: with a model that likes
/// normal pieces on the first line, a one-playout search places one there
/// after every opening, where without it it drops henges.
#[test]
fn gorogos_search_follows_a_model_it_is_given() {
    let tactics = Variant::GoRoGo.tactics();
    let feature = |name| tactics.iter().position(|t| t.name == name).unwrap();
    let mut weights = Weights::blank(tactics, &[]);
    weights.tactics[feature("kind")][0] = 30.0;
    weights.tactics[feature("line")][0] = 30.0;
    let model = std::env::temp_dir().join(format!("variago-{}-gorogo-edge.model", std::process::id()));
    std::fs::write(&model, weights.to_bytes("gorogo")).unwrap();
    let choices = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["--variant", "gorogo", "--playouts", "1", "--threads", "1"];
        args.extend_from_slice(extra);
        ["", "B2", "B2 D4", "A1 E5 C2", "B4 D2 E1 A5"]
            .iter()
            .map(|opening| {
                let output = run_engine(&args, &genmove_after(opening).replace("genmove ", "variago-genmove "));
                let stdout = String::from_utf8(output.stdout).unwrap();
                let answers: Vec<&str> = stdout.split("\n\n").collect();
                assert!(answers[..answers.len() - 3].iter().all(|a| *a == "="), "{stdout}");
                answers[answers.len() - 3].trim_start_matches("= ").to_string()
            })
            .collect()
    };
    let without = choices(&[]);
    let with = choices(&["--model", model.to_str().unwrap()]);
    std::fs::remove_file(model).unwrap();
    assert!(without.iter().all(|mv| mv.starts_with("henge@")), "{without:?}");
    let edge = |mv: &String| mv.starts_with(['A', 'E']) || mv.ends_with(['1', '5']);
    assert!(with.iter().all(|mv| !mv.contains('@') && edge(mv)), "{with:?}");
}

#[test]
fn gos_search_takes_a_model_it_is_given_instead_of_its_own() {
    assert_the_search_follows_a_given_model("go");
}

/// The model belongs to the variant it was read for: a game of another
/// variant searches as it would without, and the model is back when the
/// session's variant is set again.
#[test]
fn a_model_serves_its_variant_across_variant_switches() {
    let model = edge_loving_model("atari", "atari-switch");
    let path = model.to_str().unwrap();
    let args = [
        "--variant",
        "atari",
        "--size",
        "9",
        "--playouts",
        "1",
        "--threads",
        "1",
        "--model",
        path,
    ];
    let output = run_engine(
        &args,
        "variago-set_variant go\nboardsize 9\ngenmove b\nvariago-settings\n\
         variago-set_variant atari\nboardsize 9\ngenmove b\nvariago-settings\nquit\n",
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.split("\n\n").collect();
    let go_plain = &first_choices("go", &[], &[""])[0];
    assert_eq!(answers[2], format!("= {go_plain}"), "{stdout}");
    assert!(!answers[3].contains("model"), "{stdout}");
    let atari_move = answers[6].trim_start_matches("= ");
    assert!(on_the_first_line(atari_move), "{stdout}");
    assert!(answers[7].ends_with(&format!(" model {path}")), "{stdout}");
    std::fs::remove_file(model).unwrap();
}

/// A model file whose path holds spaces is one quoted value of
/// `variago-settings`, so its `key value` pairs still split on spaces.
#[test]
fn a_model_path_with_spaces_is_one_quoted_settings_value() {
    let model = edge_loving_model("atari", "with  two spaces");
    let path = model.to_str().unwrap();
    let args = ["--variant", "atari", "--size", "9", "--threads", "1", "--model", path];
    let output = run_engine(&args, "variago-settings\nquit\n");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answer = stdout.split("\n\n").next().unwrap();
    assert!(answer.ends_with(&format!(" model \"{path}\"")), "{stdout}");
    std::fs::remove_file(model).unwrap();
}

/// Runs `args` and returns its exit's success and its stderr.
fn refusal(args: &[&str]) -> String {
    let output = run_engine(args, "genmove b\nquit\n");
    assert!(!output.status.success(), "{args:?} ran");
    assert!(output.stdout.is_empty(), "{args:?} answered");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn a_bad_model_file_is_refused_before_the_engine_starts() {
    let model = edge_loving_model("atari", "atari-bad");
    let path = model.to_str().unwrap();
    let bytes = std::fs::read(&model).unwrap();
    let cut = std::env::temp_dir().join(format!("variago-{}-cut.model", std::process::id()));
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let cut_path = cut.to_str().unwrap();
    let missing = format!("{path}.missing");

    let message = refusal(&["--variant", "atari", "--model", &missing]);
    assert!(message.contains("--model") && message.contains(&missing), "{message}");
    let message = refusal(&["--variant", "atari", "--model", cut_path]);
    assert!(message.contains(cut_path) && message.contains("cut short"), "{message}");
    let message = refusal(&["--variant", "go", "--model", path]);
    assert!(message.contains("a move model of atari, not of go"), "{message}");
    let message = refusal(&["--variant", "wargo", "--model", path]);
    assert!(message.contains("a move model of atari, not of wargo"), "{message}");
    let message = refusal(&["--variant", "go", "--model", "Cargo.toml"]);
    assert!(message.contains("not a move model"), "{message}");
    let message = refusal(&["bench", "--model", path]);
    assert!(message.contains("--variant"), "{message}");
    for file in [model, cut] {
        std::fs::remove_file(file).unwrap();
    }
}
