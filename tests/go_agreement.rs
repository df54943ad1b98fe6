//! `final_score` agrees with GNU Go 3.8 as referee (`--chinese-rules`, the
//! game's komi) on finished games: games between GNU Go players at low
//! levels and against the engine, ended by two passes, some with dead
//! stones left on the board (`tests/data/agree/`), and the positions of
//! `tests/data/dead/`. The larger measurement behind it is in
//! `docs/rules/go.md`.

mod common;

use common::gnugo::gnugo_or_skip;
use common::process::Gtp;
use common::{engine, ok};
use std::time::Duration;
use variago::Variant;

const DIRS: [&str; 2] = [
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/agree"),
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/dead"),
];

fn games() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = DIRS
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

fn komi(sgf: &str) -> &str {
    let start = sgf.find("KM[").expect("KM") + 3;
    &sgf[start..start + sgf[start..].find(']').unwrap()]
}

#[test]
fn final_score_agrees_with_gnu_go_on_finished_games() {
    let Some(gnugo) = gnugo_or_skip() else { return };
    let files = games();
    assert!(files.len() >= 12, "only {} games", files.len());
    let mut differ = Vec::new();
    for file in &files {
        let path = file.display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        let mut referee = Gtp::start(&gnugo, &["--mode", "gtp", "--chinese-rules", "--komi", komi(&text)]);
        referee
            .command(&format!("loadsgf {path}"), Duration::from_secs(60))
            .unwrap();
        let expected = referee.command("final_score", Duration::from_secs(300)).unwrap();
        let mut e = engine(Variant::Go, 9);
        ok(&mut e, &format!("loadsgf {path}"));
        let score = ok(&mut e, "final_score");
        if score != expected {
            differ.push(format!("{path}: variago {score}, GNU Go {expected}"));
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}
