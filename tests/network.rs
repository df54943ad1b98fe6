//! `--network FILE` and `variago learn-network`: Go's search on 19x19
//! mixes a policy network's chances into its priors near the root, and
//! every bad file or flag is refused before anything runs or is written.

mod common;

use common::{genmove_after, run_engine};
use std::path::{Path, PathBuf};
use std::process::Command;
use variago::variants::go::network::{Layer, Network, PLANES};

/// A network file of one channel whose 3x3 `weights` and `bias` read the
/// input, passed on as the logit.
fn one_channel_network(name: &str, weights: Vec<f32>, bias: f32) -> PathBuf {
    let layer = |inputs, taps, weights, bias| Layer {
        inputs,
        outputs: 1,
        taps,
        weights,
        biases: vec![bias],
    };
    let network = Network {
        layers: vec![layer(PLANES, 9, weights, bias), layer(1, 1, vec![1.0], 0.0)],
    };
    let path = temp(&format!("{name}.network"));
    std::fs::write(&path, network.to_bytes()).unwrap();
    path
}

/// A network that likes the board's corners, then its edges: its one
/// channel counts the points of the 3x3 square around a point that lie on
/// the board (the constant input), 4 at a corner, 6 on an edge, 9 inside,
/// and gives `90 - 10 * count`, cut at 0.
fn edge_loving_network(name: &str) -> PathBuf {
    let mut weights = vec![0.0; 9 * PLANES];
    for tap in 0..9 {
        weights[tap * PLANES + PLANES - 1] = -10.0;
    }
    one_channel_network(name, weights, 90.0)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("variago-{}-{name}", std::process::id()))
}

/// The answers to `input` of an engine started with `args`, which must
/// start.
fn answers(args: &[&str], input: &str) -> Vec<String> {
    let output = run_engine(args, input);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8(output.stdout).unwrap();
    stdout.split("\n\n").map(|a| a.to_string()).collect()
}

/// The move a one-playout search plays on a board of `size` after
/// `opening`, with `extra` flags.
fn first_choice(size: &str, extra: &[&str], opening: &str) -> String {
    let mut args = vec!["--size", size, "--playouts", "1", "--threads", "1"];
    args.extend_from_slice(extra);
    let answers = answers(&args, &genmove_after(opening));
    answers[answers.len() - 3].trim_start_matches("= ").to_string()
}

/// Openings of 19x19 games, their moves in turn from Black's.
const OPENINGS: [&str; 4] = ["", "Q16 D4", "Q16 D4 Q3 D16", "Q16 D4 D17 C16 D16 C17"];

fn on_the_edge(vertex: &str, size: usize) -> bool {
    let (column, row) = vertex.split_at(1);
    let last_column = ["J", "T"][(size == 19) as usize];
    column == "A" || column == last_column || row == "1" || row == size.to_string()
}

#[test]
fn gos_search_on_19x19_follows_a_network_it_is_given() {
    let network = edge_loving_network("edge");
    let path = network.to_str().unwrap();
    for opening in ["", "Q16 D4", "K10 Q16 D4"] {
        let without = first_choice("19", &["--no-network"], opening);
        let with = first_choice("19", &["--network", path], opening);
        assert!(!on_the_edge(&without, 19), "{opening}: {without}");
        assert!(on_the_edge(&with, 19), "{opening}: {with}");
    }
    std::fs::remove_file(network).unwrap();
}

/// The network learned 19x19 and rates only that board: on 9x9 the search
/// is the same with it as without.
#[test]
fn the_network_leaves_other_boards_alone() {
    let network = edge_loving_network("nine");
    let path = network.to_str().unwrap();
    for opening in ["", "E5 D4"] {
        assert_eq!(
            first_choice("9", &["--network", path], opening),
            first_choice("9", &[], opening)
        );
    }
    std::fs::remove_file(network).unwrap();
}

/// `variago-settings` names the network in Go, not in a variant switched
/// to, and again when Go is back.
#[test]
fn settings_name_the_network_of_go_games() {
    let network = edge_loving_network("settings");
    let path = network.to_str().unwrap();
    let answers = answers(
        &["--network", path, "--playouts", "1"],
        "variago-settings\nvariago-set_variant atari\nvariago-settings\n\
         variago-set_variant go\nboardsize 19\ngenmove b\nvariago-settings\nquit\n",
    );
    assert!(answers[0].ends_with(&format!(" network {path}")), "{answers:?}");
    assert!(!answers[2].contains("network"), "{answers:?}");
    assert!(on_the_edge(answers[5].trim_start_matches("= "), 19), "{answers:?}");
    assert!(answers[6].ends_with(&format!(" network {path}")), "{answers:?}");
    std::fs::remove_file(network).unwrap();
}

/// The network that ships is Go's search's on 19x19 unless the command line
/// says otherwise: the engine plays as it does when given the shipped file,
/// and `--no-network` plays otherwise.
#[test]
fn gos_search_on_19x19_uses_the_built_in_network_by_default() {
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/go/policy.network");
    for opening in OPENINGS {
        assert_eq!(
            first_choice("19", &[], opening),
            first_choice("19", &["--network", shipped], opening),
            "{opening}"
        );
    }
    let differ = OPENINGS
        .iter()
        .filter(|opening| first_choice("19", &[], opening) != first_choice("19", &["--no-network"], opening))
        .count();
    assert!(differ > 0, "the built-in network changed no choice");
}

/// `--no-network` shows in `variago-settings` while Go is played, and
/// cannot be asked for together with a network file.
#[test]
fn no_network_is_a_setting_of_go_games() {
    let default = answers(&[], "variago-settings\nquit\n");
    assert!(!default[0].contains("network"), "{default:?}");
    let answers = answers(
        &["--no-network"],
        "variago-settings\nvariago-set_variant atari\nvariago-settings\nvariago-set_variant go\nvariago-settings\nquit\n",
    );
    assert!(answers[0].ends_with(" network none"), "{answers:?}");
    assert!(!answers[2].contains("network"), "{answers:?}");
    assert!(answers[4].ends_with(" network none"), "{answers:?}");
    let network = edge_loving_network("both");
    let output = run_engine(
        &["--network", network.to_str().unwrap(), "--no-network"],
        "name\nquit\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--no-network"));
    std::fs::remove_file(network).unwrap();
}

/// A missing, corrupt or cut file, or a network for another variant, stops
/// the engine before it speaks, with a message that names the file.
#[test]
fn a_bad_network_is_refused_at_start() {
    let good = std::fs::read(edge_loving_network("good")).unwrap();
    let corrupt = temp("corrupt.network");
    std::fs::write(&corrupt, b"not a network at all").unwrap();
    let cut = temp("cut.network");
    std::fs::write(&cut, &good[..good.len() - 2]).unwrap();
    let missing = temp("missing.network");
    for (path, variant, message) in [
        (&missing, "go", "No such file"),
        (&corrupt, "go", "not a Go policy network"),
        (&cut, "go", "expected"),
        (&cut, "atari", "only Go's search uses a network"),
    ] {
        let name = path.to_str().unwrap();
        let output = run_engine(&["--variant", variant, "--network", name], "name\nquit\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(output.stdout.is_empty());
        assert!(stderr.contains(message), "{stderr}");
        if variant == "go" {
            assert!(stderr.contains(name), "{stderr}");
        }
    }
    std::fs::remove_file(corrupt).unwrap();
    std::fs::remove_file(cut).unwrap();
    std::fs::remove_file(temp("good.network")).unwrap();
}

/// Twelve 19x19 games of forty moves on spread points, and one of 9x9,
/// which the network leaves out.
fn write_games(dir: &Path) {
    let mut text = String::new();
    for game in 0..12 {
        let moves: String = (0..40)
            .map(|k| {
                let i = (k * 7 + game * 3) % 361;
                let (x, y) = ((i % 19) as u8, (i / 19) as u8);
                let color = if k % 2 == 0 { 'B' } else { 'W' };
                format!(";{color}[{}{}]", (b'a' + x) as char, (b'a' + y) as char)
            })
            .collect();
        text += &format!("(;GM[1]FF[4]SZ[19]KM[7.5]{moves})\n");
    }
    text += "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc])\n";
    std::fs::write(dir.join("games.sgf"), text).unwrap();
}

fn learn(dir: &Path, out: &Path, extra: &[&str]) -> (bool, String) {
    let mut args = vec!["learn-network", dir.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(&args)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn learn_network_writes_a_network_the_engine_reads() {
    let dir = temp("network-games");
    std::fs::create_dir_all(&dir).unwrap();
    write_games(&dir);
    let out = dir.join("go.network");
    let small = ["--depth", "1", "--width", "4", "--batch", "16", "--threads", "2"];
    let (ok, stderr) = learn(
        &dir,
        &out,
        &[&small[..], &["--test-games", "2", "--positions", "320"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert!(stderr.contains("400 training positions, 80 test positions"), "{stderr}");
    assert!(stderr.contains("learn-network: 320 positions"), "{stderr}");
    assert!(stderr.contains("on 80 test positions"), "{stderr}");
    let network = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!((network.depth(), network.width()), (1, 4));
    let choice = first_choice("19", &["--network", out.to_str().unwrap()], "D4");
    assert!(!choice.is_empty() && !choice.starts_with('?'), "{choice}");

    // Bad flags and too few games: an error, and the network already
    // written stays as it was.
    let before = std::fs::read(&out).unwrap();
    for bad in [
        &["--positions", "0"][..],
        &["--rate", "-1"],
        &["--rate", "NaN"],
        &["--test-games", "12"],
        &["--depth", "0"],
        &["--width", "100000"],
    ] {
        let (ok, stderr) = learn(&dir, &out, bad);
        assert!(!ok, "{bad:?}");
        assert!(!stderr.contains("panicked"), "{bad:?}: {stderr}");
    }
    let (ok, stderr) = learn(&dir, &out, &["--test-games", "12"]);
    assert!(!ok && stderr.contains("12 games of 19x19 read"), "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), before);
    let (ok, stderr) = learn(&dir.join("nowhere"), &out, &[]);
    assert!(!ok && stderr.contains("nowhere"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A network that likes only the point up and to the right of the last
/// move: its one channel reads the last move's input (the eighth) at the
/// lower left neighbour (the first tap).
fn diagonal_loving_network(name: &str) -> PathBuf {
    let mut weights = vec![0.0; 9 * PLANES];
    weights[7] = 50.0;
    one_channel_network(name, weights, 0.0)
}

/// The point up and to the right of `vertex`.
fn up_right(vertex: &str) -> String {
    const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";
    let column = COLUMNS.find(&vertex[..1]).unwrap();
    let row: usize = vertex[1..].parse().unwrap();
    format!("{}{}", &COLUMNS[column + 1..column + 2], row + 1)
}

/// In a game against another engine, the position the search starts from
/// lay two moves deep in its last tree, where the moves' priors did not
/// ask the network: the reused tree's root asks it anew.
#[test]
fn a_reused_tree_asks_the_network_at_its_new_root() {
    let network = diagonal_loving_network("reuse");
    let path = network.to_str().unwrap();
    let args = [
        "--network",
        path,
        "--size",
        "19",
        "--playouts",
        "400",
        "--threads",
        "1",
        "--seed",
        "3",
    ];
    let line = answers(&args, "variago-pv b\nquit\n")[0].clone();
    let moves: Vec<&str> = line.trim_start_matches("= ").split_whitespace().collect();
    assert!(moves.len() >= 6 && moves[0] == "b" && moves[2] == "w", "{line}");
    // Two moves deep, the line followed the move model alone.
    assert_ne!(moves[5], up_right(moves[3]), "{line}");
    let input = format!(
        "variago-pv b\nplay b {}\nplay w {}\ngenmove b\nquit\n",
        moves[1], moves[3]
    );
    let answers = answers(&args, &input);
    assert_eq!(answers[3], format!("= {}", up_right(moves[3])), "{answers:?}");
    std::fs::remove_file(network).unwrap();
}
