//! War Go perft: positions with each piece type on small boards, and the
//! built-in presets from their start (tests/perft/wargo.txt). The engine's
//! move generator, with its cheap legality shortcuts, is checked against a
//! naive count that tries every conceivable move on a copy of the game.

use variago::game::perft;
use variago::variants::wargo::presets::Library;
use variago::variants::wargo::WarGo;
use variago::{Color, Game, Move, Piece, Position, Setup, Variant, Vertex};

/// A War Go setup whose hands hold just `hand` (`wall:1 ...`).
fn setup_with_hand(hand: &str) -> Setup {
    let mut library = Library::builtin();
    library
        .add(&format!("[test]\ninherits = wargo\nsizes = 2-25\nhand = {hand}\n"))
        .unwrap();
    Setup {
        preset: Some(std::sync::Arc::new(library.preset("test").unwrap())),
        ..Setup::new(Variant::WarGo)
    }
}

/// Every move that could conceivably be legal: pass, each piece on each
/// point, each step of up to two points in each direction.
fn conceivable(size: usize) -> Vec<Move> {
    let points: Vec<Vertex> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Vertex::new(x, y)))
        .collect();
    let mut out = vec![Move::Pass];
    for &v in &points {
        out.push(Move::Place(v));
        // Piece::ALL lists War Go's army last, from the ambassador on.
        out.extend(Piece::ALL[6..].iter().map(|&p| Move::Drop(p, v)));
    }
    for &a in &points {
        for &b in &points {
            let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
            if a != b && dx <= 2 && dy <= 2 {
                out.push(Move::Step(a, b));
            }
        }
    }
    out
}

/// Perft by trying every conceivable move on a copy.
fn naive_perft(game: &WarGo, depth: usize, all: &[Move]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let color = game.to_move();
    let mut total = 0;
    for &mv in all {
        let mut next = game.clone();
        if next.play(color, mv).is_ok() {
            total += naive_perft(&next, depth - 1, all);
        }
    }
    total
}

/// (what it exercises, hand, diagram, engine counts for depths 1..)
const CASES: &[(&str, &str, &[&str], &[u64])] = &[
    ("wall", "wall:1", &["....", ".X..", "..O.", "...."], &[29, 785, 15114]),
    (
        "ambassador",
        "ambassador:1",
        &["....", ".XO.", ".OX.", "...."],
        &[25, 569, 9152],
    ),
    ("bombs", "bomb:1", &["....", ".XO.", ".Ob.", "...."], &[33, 1027, 19386]),
    ("monk", "monk:1", &["....", "XO..", ".X..", "...."], &[27, 669, 11924]),
    ("spy", "spy:1", &["....", ".XO.", ".O..", "...."], &[27, 677, 12064]),
    (
        "tao",
        "tao:1",
        &[".....", ".X...", "..T..", "...O.", "....."],
        &[49, 2305, 85438],
    ),
    (
        "mercenary",
        "mercenary:1",
        &[".....", ".XE..", "..O..", ".....", "....."],
        &[47, 2178, 78211],
    ),
    (
        "samurai",
        "samurai:1",
        &[".....", ".R...", "..X..", "...r.", "....."],
        &[49, 2289, 83826],
    ),
    (
        "cavalry",
        "cavalry:1",
        &[".....", ".....", "..C..", ".c...", "....."],
        &[53, 2569, 100942],
    ),
];

#[test]
fn perft_of_each_piece_matches_the_naive_count() {
    let mut report = Vec::new();
    for &(name, hand, rows, expected) in CASES {
        let game = WarGo::from_diagram(&setup_with_hand(hand), rows, Color::Black).unwrap();
        let all = conceivable(rows.len());
        let mut counts = Vec::new();
        for depth in 1..=3 {
            let mut g = game.clone();
            let count = perft(&mut g, depth);
            if depth <= 2 {
                assert_eq!(count, naive_perft(&game, depth, &all), "{name} depth {depth}");
            }
            counts.push(count);
        }
        report.push(format!("{name}: {counts:?}"));
        if expected != [0] {
            assert_eq!(counts, expected, "{name}");
        }
    }
    println!("{}", report.join("\n"));
}

/// The shared perft lines for War Go presets: `<variant> <size> <depth> <count>`.
#[test]
fn perft_file_matches_the_engine() {
    let text = include_str!("perft/wargo.txt");
    let mut checked = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let variant = Variant::parse(words[0]).unwrap();
        let size: usize = words[1].parse().unwrap();
        let depth: usize = words[2].parse().unwrap();
        let count: u64 = words[3].parse().unwrap();
        let mut game = Game::new(&Setup {
            size,
            ..Setup::new(variant)
        });
        assert_eq!(perft(&mut game, depth), count, "{line}");
        checked += 1;
    }
    assert!(checked >= 4);
}

/// In random games with the whole army, the listed moves are exactly the
/// conceivable moves that play, the hash stays exact, and undo restores.
#[test]
fn random_games_list_exactly_the_playable_moves() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let setup = Setup {
        size: 9,
        ..Setup::new(Variant::WarGo)
    };
    for seed in 0..6 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let empty = ["......"; 6];
        let mut game = WarGo::from_diagram(&setup, &empty, Color::Black).unwrap();
        let all = conceivable(6);
        for _ in 0..60 {
            let mut listed = Vec::new();
            game.legal_moves(&mut listed);
            if listed.is_empty() {
                break;
            }
            let color = game.to_move();
            let playable: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&mv| game.clone().play(color, mv).is_ok())
                .collect();
            let mut sorted = listed.clone();
            sorted.sort_by_key(|m| m.to_string());
            let mut expected = playable.clone();
            expected.sort_by_key(|m| m.to_string());
            assert_eq!(sorted, expected, "seed {seed}");
            assert_eq!(game.hash(), game.recompute_hash());
            // Prefer special pieces and steps so that every rule gets exercised.
            let special: Vec<Move> = listed
                .iter()
                .copied()
                .filter(|m| !matches!(m, Move::Place(_)))
                .collect();
            let pool = if !special.is_empty() && rng.random_bool(0.6) {
                &special
            } else {
                &listed
            };
            let mv = pool[rng.random_range(0..pool.len())];
            let before = game.hash();
            game.play(color, mv).unwrap();
            let mut copy = game.clone();
            copy.undo();
            assert_eq!(copy.hash(), before, "undo of {mv}");
        }
    }
}
