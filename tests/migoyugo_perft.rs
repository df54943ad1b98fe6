//! Migoyugo perft data beyond what tests/perft.rs checks of it (the engine
//! and the naive implementation agree on every count): the empty-board
//! counts are falling factorials, and the mid-game positions, where lines,
//! long-line refusals, Igos and Wegos happen within the depth, cover 4x4,
//! 5x5 and 8x8.

mod common;

use variago::Variant;

#[test]
fn empty_board_data_are_falling_factorials() {
    let cases: Vec<_> = common::perft::cases()
        .into_iter()
        .filter(|c| c.variant() == Variant::Migoyugo && c.position.is_none())
        .collect();
    for size in [4, 5, 8] {
        assert!(cases.iter().any(|c| c.setup.size == size), "no {size}x{size} case");
    }
    for case in cases {
        assert!(case.depth <= 7, "beyond depth 7 lines change the counts");
        let points = (case.setup.size * case.setup.size) as u64;
        let factorial: u64 = (0..case.depth as u64).map(|k| points - k).product();
        assert_eq!(case.count, factorial, "{}", case.name());
    }
}

#[test]
fn mid_game_data_cover_every_size_of_interest() {
    let sizes: Vec<usize> = common::perft::cases()
        .into_iter()
        .filter(|c| c.variant() == Variant::Migoyugo && c.position.is_some())
        .map(|c| c.setup.size)
        .collect();
    assert!([4, 5, 8].iter().all(|n| sizes.contains(n)), "{sizes:?}");
}
