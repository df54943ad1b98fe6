//! Dead-stone judgement on finished games: positions from games the
//! engine played against GNU Go 3.8, each cut where a player first passed,
//! with the dead stones GNU Go listed there, checked by eye
//! (`tests/data/dead/expected.txt`: `FILE: dead stones`, `-` for none).

mod common;

use common::{engine, ok};
use std::collections::BTreeSet;
use variago::Variant;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/dead");

fn stones(text: &str) -> BTreeSet<String> {
    text.split_whitespace()
        .filter(|&s| s != "-")
        .map(str::to_ascii_uppercase)
        .collect()
}

#[test]
fn the_engine_lists_the_dead_stones_of_finished_games() {
    let expected = std::fs::read_to_string(format!("{DIR}/expected.txt")).unwrap();
    let mut checked = 0;
    for line in expected.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (file, dead) = line.split_once(':').expect("FILE: stones");
        let mut e = engine(Variant::Go, 9);
        ok(&mut e, &format!("loadsgf {DIR}/{}", file.trim()));
        let listed = ok(&mut e, "final_status_list dead");
        assert_eq!(stones(&listed), stones(dead), "{file}");
        // The count removes exactly those stones.
        let alive = ok(&mut e, "final_status_list alive");
        let seki = ok(&mut e, "final_status_list seki");
        assert!(stones(&alive).is_disjoint(&stones(&listed)), "{file}");
        assert!(stones(&seki).is_disjoint(&stones(&listed)), "{file}");
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} positions");
}
