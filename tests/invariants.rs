//! Invariants over many random games of every variant in `Variant::ALL`:
//! every listed move plays, no other move does (except another spelling of
//! a listed move, which must give the same position), a refused move leaves
//! the position as it was, `undo` and the end of a search's line of moves
//! restore the exact position, the incremental hash equals the recomputed
//! one, the variant's own consistency check (chains, liberties, the
//! superko record) passes, and the game is over exactly when no move is
//! listed.

mod common;

use common::{legal_moves, snapshot, Snapshot};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use variago::gtp::engine::Engine;
use variago::search::SearchHints;
use variago::variants::Start;
use variago::{Game, Move, Piece, Position, Variant, Vertex};

/// The sizes tried for a variant: a few small ones it accepts, its default,
/// and its smallest size when it accepts none of those.
fn sizes(variant: Variant) -> Vec<usize> {
    let smallest = (2..=25).find(|&s| variant.accepts_size(s)).unwrap_or(19);
    let mut sizes: Vec<usize> = [3, 4, 5, 7, smallest, variant.default_size()]
        .into_iter()
        .filter(|&s| variant.accepts_size(s))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// The starts a variant offers, found through GTP so that new variants
/// and starts are picked up without changes here.
fn starts(variant: Variant) -> Vec<Start> {
    let mut engine = common::engine(variant, variant.default_size());
    [Start::Empty, Start::Crosscut]
        .into_iter()
        .filter(|s| common::gtp(&mut engine, &format!("variago-start {}", s.name())).starts_with('='))
        .collect()
}

fn check_consistency(game: &Game, moves: &[Move], context: &str) {
    assert_eq!(
        game.hash(),
        game.recompute_hash(),
        "{context}: incremental hash differs"
    );
    if let Err(why) = game.check_consistency() {
        panic!("{context}: {why}");
    }
    assert_eq!(
        game.outcome().is_some(),
        moves.is_empty(),
        "{context}: outcome {:?} with {} legal moves",
        game.outcome(),
        moves.len()
    );
}

/// The widening's candidates hold every search move, and the candidates
/// it accepts are exactly the search moves, each a legal move.
fn check_search_moves(game: &Game, legal: &[Move], context: &str) {
    let (mut search, mut candidates) = (Vec::new(), Vec::new());
    game.search_moves(&mut search);
    game.widening_candidates(&mut candidates);
    let legal: HashSet<Move> = legal.iter().copied().collect();
    let search: HashSet<Move> = search.into_iter().collect();
    assert!(search.is_subset(&legal), "{context}: a search move is not legal");
    let accepted: HashSet<Move> = candidates.into_iter().filter(|&mv| game.is_search_move(mv)).collect();
    assert_eq!(
        accepted, search,
        "{context}: the accepted candidates are not the search moves"
    );
}

/// The position with the turn handed to the other side (`genmove` for the
/// side not to move) keeps every invariant, or is refused unchanged.
fn check_turned(game: &Game, context: &str) {
    let mut turned = game.clone();
    let other = game.to_move().opponent();
    if !turned.set_to_move(other) {
        assert_eq!(
            turned.hash(),
            game.hash(),
            "{context}: a refused turn changed the position"
        );
        assert_eq!(turned.to_move(), game.to_move(), "{context}");
        return;
    }
    let context = format!("{context}, turned to {other}");
    assert_eq!(turned.to_move(), other, "{context}");
    let moves = legal_moves(&turned);
    check_consistency(&turned, &moves, &context);
    let hash = turned.hash();
    for &mv in &moves {
        turned
            .play(other, mv)
            .unwrap_or_else(|e| panic!("{context}: listed move {mv} refused: {e}"));
        assert!(turned.undo(), "{context}: undo of {mv}");
        assert_eq!(turned.hash(), hash, "{context}: undo of {mv}");
    }
}

/// Moves that are not in `listed`: every placement, pass, drops of every
/// piece and steps, with vertices drawn at random where there are many.
fn candidates(game: &Game, listed: &[Move], rng: &mut SmallRng) -> Vec<Move> {
    let size = game.size();
    let random_vertex = |rng: &mut SmallRng| Vertex::new(rng.random_range(0..size), rng.random_range(0..size));
    let mut out: Vec<Move> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Move::Place(Vertex::new(x, y))))
        .collect();
    out.push(Move::Pass);
    for piece in Piece::ALL {
        out.push(Move::Drop(piece, random_vertex(rng)));
        if let Some(v) = listed
            .get(rng.random_range(0..listed.len().max(1)))
            .and_then(|m| m.vertex())
        {
            out.push(Move::Drop(piece, v));
        }
    }
    // A drop of every shape of two to four points, where it fits.
    for shape in variago::polyomino::Shape::all() {
        let v = random_vertex(rng);
        if shape.cells_at(v, size).is_some() {
            out.push(Move::Polyomino(v, shape));
        }
    }
    for _ in 0..4 {
        let from = random_vertex(rng);
        let to = Vertex::new(
            (from.x as usize + rng.random_range(0..2)).min(size - 1),
            (from.y as usize + rng.random_range(0..2)).min(size - 1),
        );
        out.push(Move::Step(from, to));
        out.push(Move::Step(from, random_vertex(rng)));
    }
    out.retain(|m| !listed.contains(m));
    out
}

/// Plays every listed move and takes it back; returns the position after
/// each, keyed by hash.
fn check_children(game: &mut Game, moves: &[Move], before: &Snapshot, context: &str) -> HashMap<u64, Snapshot> {
    let color = game.to_move();
    let mut children = HashMap::new();
    let mut replies = Vec::new();
    for &mv in moves {
        game.play(color, mv)
            .unwrap_or_else(|e| panic!("{context}: listed move {mv} refused: {e}"));
        replies.clear();
        game.legal_moves(&mut replies);
        check_consistency(game, &replies, &format!("{context} after {mv}"));
        children.insert(game.hash(), snapshot(game));
        assert!(game.undo(), "{context}: cannot undo {mv}");
        assert_eq!(
            &snapshot(game),
            before,
            "{context}: undo of {mv} did not restore the position"
        );
    }
    children
}

/// A line of up to six random moves, as a search's simulation plays
/// them, and its end: each move leads where it leads outside a line, with
/// the same moves listed, the position stays consistent, and the end
/// restores the exact position.
fn check_line(game: &mut Game, before: &Snapshot, rng: &mut SmallRng, context: &str) {
    let mut plain = game.clone();
    game.begin_line();
    let mut played = 0;
    for _ in 0..rng.random_range(1..=6) {
        let moves = legal_moves(game);
        assert_eq!(moves, legal_moves(&plain), "{context}: the moves listed in a line");
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(game.to_move(), mv)
            .unwrap_or_else(|e| panic!("{context}: listed move {mv} refused in a line: {e}"));
        plain.play(plain.to_move(), mv).expect("the same move outside a line");
        played += 1;
        assert_eq!(snapshot(game), snapshot(&plain), "{context}: a line after {mv}");
        check_consistency(game, &legal_moves(game), &format!("{context} in a line after {mv}"));
    }
    game.end_line(played);
    assert_eq!(
        &snapshot(game),
        before,
        "{context}: the end of a line of {played} moves"
    );
    check_consistency(game, &legal_moves(game), &format!("{context} after a line"));
}

fn check_unlisted(
    game: &mut Game,
    moves: &[Move],
    before: &Snapshot,
    children: &HashMap<u64, Snapshot>,
    rng: &mut SmallRng,
    context: &str,
) -> usize {
    let color = game.to_move();
    let mut tried = 0;
    for mv in candidates(game, moves, rng) {
        tried += 1;
        match game.play(color, mv) {
            Ok(()) => {
                // Another spelling of a listed move (`stone@D4` for `D4` in Go)
                // is fine; a move that leads anywhere else is not.
                let after = snapshot(game);
                assert!(
                    children.get(&after.hash) == Some(&after),
                    "{context}: unlisted move {mv} played"
                );
                assert!(game.undo());
                assert_eq!(&snapshot(game), before, "{context}: undo of {mv}");
            }
            Err(_) => {
                assert_eq!(game.hash(), before.hash, "{context}: refused {mv} changed the hash");
                assert_eq!(&snapshot(game), before, "{context}: refused {mv} changed the position");
            }
        }
    }
    tried
}

struct Tally {
    games: usize,
    positions: usize,
    unlisted: usize,
}

/// Random games from `start`; every `deep_every`-th game checks every listed
/// and unlisted move of every position, the others sample positions.
fn run_games(variant: Variant, size: usize, start: Start, games: usize, seed: u64, tally: &mut Tally) {
    let mut rng = common::rng(seed);
    // Small boards play to the end; big ones (War Go's 19x19) a long opening.
    let cap = if size <= 9 { 3 * size * size + 10 } else { 60 };
    for g in 0..games {
        let mut game = Game::new(&common::setup(variant, size, start));
        let deep = g % 4 == 0 && size <= 9;
        let mut history: Vec<Snapshot> = Vec::new();
        for ply in 0..cap {
            let context = format!("{} {size}x{size} {} game {g} ply {ply}", variant.name(), start.name());
            let moves = legal_moves(&game);
            check_consistency(&game, &moves, &context);
            check_search_moves(&game, &moves, &context);
            let before = snapshot(&game);
            tally.positions += 1;
            if deep || rng.random_range(0..8) == 0 {
                let children = check_children(&mut game, &moves, &before, &context);
                tally.unlisted += check_unlisted(&mut game, &moves, &before, &children, &mut rng, &context);
            }
            if rng.random_range(0..8) == 0 {
                check_turned(&game, &context);
            }
            if rng.random_range(0..8) == 0 {
                check_line(&mut game, &before, &mut rng, &context);
            }
            if moves.is_empty() {
                break;
            }
            history.push(before);
            let mv = moves[rng.random_range(0..moves.len())];
            let color = game.to_move();
            game.play(color, mv)
                .unwrap_or_else(|e| panic!("{context}: listed move {mv} refused: {e}"));
        }
        // Undo the whole game: each step restores the position before it.
        while let Some(expected) = history.pop() {
            assert!(game.undo(), "undo failed with {} moves left", history.len() + 1);
            assert_eq!(
                snapshot(&game),
                expected,
                "{} game {g}: undo back to ply {}",
                variant.name(),
                history.len()
            );
        }
        assert!(!game.undo(), "undo past the start");
        tally.games += 1;
    }
}

/// Games per size: many on small boards, fewer on large ones.
fn games_for(size: usize) -> usize {
    match size {
        0..=3 => 600,
        4 => 400,
        5 => 200,
        6..=7 => 40,
        8..=9 => 6,
        _ => 2,
    }
}

#[test]
fn random_games_keep_every_invariant_in_every_variant() {
    let mut report = Vec::new();
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let clock = Instant::now();
        let mut tally = Tally {
            games: 0,
            positions: 0,
            unlisted: 0,
        };
        // Variants with few sizes play more rounds, within a few seconds:
        // one round always runs, however slow the variant's big boards are.
        let mut round = 0;
        while round == 0 || (tally.games < 400 && clock.elapsed().as_secs_f64() < 4.0) {
            for start in starts(variant) {
                for size in sizes(variant) {
                    if start == Start::Crosscut && size < 4 {
                        continue;
                    }
                    let seed = 100_000 * round + 1000 * i as u64 + size as u64;
                    run_games(variant, size, start, games_for(size), seed, &mut tally);
                }
            }
            round += 1;
        }
        report.push(format!(
            "{}: {} games, {} positions, {} unlisted moves refused or matched, {:.2}s",
            variant.name(),
            tally.games,
            tally.positions,
            tally.unlisted,
            clock.elapsed().as_secs_f64()
        ));
    }
    println!("{}", report.join("\n"));
}

/// RULINGS "Game over": `final_score` gives the result, `genmove` for the
/// loser answers `resign` and for the others `pass`, and nothing plays.
fn check_game_over_answers(engine: &mut Engine, variant: Variant) {
    let score = common::ok(engine, "final_score");
    assert!(common::is_score(&score), "{variant:?}: final_score {score:?}");
    let board = common::ok(engine, "variago-board");
    assert!(board.contains(&format!("\nresult {score}\n")), "{variant:?}: {board}");
    for (color, letter) in [("b", 'B'), ("w", 'W')] {
        let loser = score.starts_with(if letter == 'B' { 'W' } else { 'B' });
        let expected = if loser { "resign" } else { "pass" };
        assert_eq!(
            common::ok(engine, &format!("genmove {color}")),
            expected,
            "{variant:?} {score}"
        );
        assert!(common::ok(engine, &format!("variago-genmove {color}")) == expected);
    }
    assert_eq!(
        common::ok(engine, "variago-board"),
        board,
        "{variant:?}: genmove changed a finished game"
    );
}

/// The same through GTP: `variago-play` of every listed move answers `=`,
/// `undo` gives back the same `variago-board` text, refused moves leave it
/// unchanged, and GoGui's ruler list is empty exactly when the game is over.
#[test]
fn gtp_undo_restores_the_board_text_in_every_variant() {
    for variant in Variant::ALL {
        let mut rng = common::rng(7);
        let mut finished = 0;
        let smallest = sizes(variant)[0];
        for game_number in 0..8 {
            let size = if game_number < 6 {
                smallest
            } else {
                variant.default_size()
            };
            let mut engine: Engine = common::engine(variant, size);
            for _ in 0..6 * size * size {
                let listed = common::ok(&mut engine, "variago-legal_moves");
                let moves: Vec<&str> = listed.split_whitespace().collect();
                let ruler = common::ok(&mut engine, "gogui-rules_legal_moves");
                assert_eq!(
                    ruler.is_empty(),
                    moves.is_empty(),
                    "{variant:?}: GoGui's list {ruler:?}"
                );
                let over = !common::ok(&mut engine, "variago-board").contains("\nresult none\n");
                assert_eq!(
                    over,
                    moves.is_empty(),
                    "{variant:?}: game over without an empty move list"
                );
                if moves.is_empty() {
                    check_game_over_answers(&mut engine, variant);
                    finished += 1;
                    break;
                }
                let board = common::ok(&mut engine, "variago-board");
                let color = common::ok(&mut engine, "variago-board")
                    .lines()
                    .find_map(|l| l.strip_prefix("to_move ").map(str::to_string))
                    .expect("to_move line");
                assert_eq!(common::ok(&mut engine, "gogui-rules_side_to_move"), color);
                let mut sample = moves.clone();
                sample.shuffle(&mut rng);
                for mv in sample.iter().take(6) {
                    common::ok(&mut engine, &format!("variago-play {color} {mv}"));
                    common::ok(&mut engine, "undo");
                    assert_eq!(
                        common::ok(&mut engine, "variago-board"),
                        board,
                        "{variant:?} game {game_number}"
                    );
                }
                // GoGui accepts a click only on a vertex of the ruler's list
                // and then sends a plain `play`: each must be accepted.
                let mut sample: Vec<&str> = ruler.split_whitespace().collect();
                sample.shuffle(&mut rng);
                for mv in sample.into_iter().take(6) {
                    common::ok(&mut engine, &format!("play {color} {mv}"));
                    common::ok(&mut engine, "undo");
                    assert_eq!(common::ok(&mut engine, "variago-board"), board, "{variant:?} play {mv}");
                }
                // `fail` checks that the state is unchanged.
                common::fail(&mut engine, &format!("variago-play {color} dragon@A1"));
                let mv = moves[rng.random_range(0..moves.len())];
                common::ok(&mut engine, &format!("variago-play {color} {mv}"));
            }
        }
        assert!(finished > 0, "{variant:?}: no random game finished");
    }
}
