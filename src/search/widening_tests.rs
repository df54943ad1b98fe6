//! The search's switches for wide moves (`Tuning::amaf_by_points`,
//! `widen_by_amaf`, `root_keeps_all`, `replies_keep_all`), on Omino Go
//! and DominGo drops.

use super::config::{Config, Limits};
use super::node::{points_share, slot_of, Node, AMAF_SLOTS};
use super::reuse::search_reusing;
use super::run::search_from;
use super::tree::Tree;
use super::tuning::Tuning;
use super::*;
use crate::color::Color;
use crate::game::Position;
use crate::moves::{Move, Vertex};
use crate::search::Widening;
use crate::variants::{Game, Setup, Variant};
use std::collections::HashSet;

fn drop(text: &str) -> Move {
    Move::parse(text, 9).unwrap()
}

fn game(variant: Variant) -> Game {
    let mut setup = Setup::new(variant);
    setup.size = 9;
    Game::new(&setup)
}

fn children(tree: &Tree, index: usize) -> std::ops::Range<usize> {
    let node = &tree.nodes[index];
    node.first_child as usize..(node.first_child + node.child_count) as usize
}

fn child(tree: &Tree, mv: Move) -> &Node {
    let found = children(tree, 0).find(|&i| tree.nodes[i].mv == mv);
    &tree.nodes[found.unwrap_or_else(|| panic!("no child {mv}"))]
}

#[test]
fn points_share_counts_a_moves_points() {
    let mut first = vec![0u8; AMAF_SLOTS];
    first[slot_of(Vertex::parse("D4").unwrap())] = 1;
    first[slot_of(Vertex::parse("D5").unwrap())] = 2;
    assert_eq!(points_share(&first, drop("D4+D5"), Color::Black), 0.5);
    assert_eq!(points_share(&first, drop("D4+D5"), Color::White), 0.5);
    assert_eq!(points_share(&first, drop("D4+D5+D6+D7"), Color::Black), 0.25);
    assert_eq!(points_share(&first, drop("E4+E5"), Color::Black), 0.0);
    assert_eq!(
        points_share(&first, Move::Place(Vertex::parse("D4").unwrap()), Color::Black),
        1.0
    );
    assert_eq!(points_share(&first, Move::Pass, Color::Black), 0.0);
}

#[test]
fn a_drop_shares_its_amaf_result_by_its_points() {
    let game = game(Variant::DominGo);
    for by_points in [false, true] {
        let tuning = Tuning {
            amaf_by_points: by_points,
            ..Tuning::default()
        };
        let mut tree = Tree::new(game.to_move(), 10_000, tuning, 1, Vec::new());
        assert!(tree.expand(0, 0, &game));
        let watched = ["D4+D5", "D5+D6", "F6+F7", "E4+E5"].map(drop);
        let before = watched.map(|mv| child(&tree, mv).amaf_visits);
        // Black drops D4+D5 and White F6+F7 in the playout; Black wins.
        tree.path = vec![0];
        tree.trace = vec![(Color::Black, drop("D4+D5")), (Color::White, drop("F6+F7"))];
        tree.backup(1.0);
        let gained = watched.map(|mv| child(&tree, mv).amaf_visits);
        let gained: Vec<f32> = gained
            .iter()
            .zip(&before)
            .map(|(after, before)| after - before)
            .collect();
        // A domino's key point is its first cell, so by key point D4+D5
        // counts whole and D5+D6 (key D5) as well; by points D5+D6 gets
        // half. Points White played first, or nobody, give Black nothing.
        let expected = if by_points {
            [1.0, 0.5, 0.0, 0.0]
        } else {
            let key = |mv: Move| mv.key_point().unwrap();
            let d4 = Vertex::parse("D4").unwrap();
            let d5 = Vertex::parse("D5").unwrap();
            watched.map(|mv| if [d4, d5].contains(&key(mv)) { 1.0 } else { 0.0 })
        };
        assert_eq!(gained, expected, "by points: {by_points}");
    }
}

#[test]
fn moves_let_into_the_window_are_the_best_by_amaf() {
    let tuning = Tuning {
        widen_by_amaf: true,
        ..Tuning::default()
    };
    let mut tree = Tree::new(Color::Black, 10_000, tuning, 1, Vec::new());
    tree.widening = Some(Widening {
        first: 2,
        growth: 1.0,
        most: 100,
    });
    // Five children in prior order, with AMAF results that rank the last
    // two best; the fifth has a subtree of its own.
    let points = ["A1", "B1", "C1", "D1", "E1"];
    let amaf = [(9.0, 10.0), (8.0, 10.0), (1.0, 10.0), (6.0, 10.0), (7.0, 10.0)];
    for (v, (wins, visits)) in points.iter().zip(amaf) {
        let mut node = Node::new(Move::Place(Vertex::parse(v).unwrap()), Color::Black);
        node.amaf_wins = wins;
        node.amaf_visits = visits;
        tree.nodes.push(node);
    }
    tree.nodes[5].first_child = 77;
    tree.nodes[5].child_count = 3;
    tree.nodes[5].expanded = true;
    let root = &mut tree.nodes[0];
    (root.first_child, root.child_count, root.expanded) = (1, 5, true);
    let order = |tree: &Tree| -> Vec<String> { (1..6).map(|i| tree.nodes[i].mv.to_string()).collect() };
    // At no visits the window is the first two; no change.
    tree.let_in_by_amaf(0);
    assert_eq!(order(&tree), points);
    // The first visit opens a third place: E1 (7/10) beats D1 and C1.
    tree.nodes[0].visits = 1;
    tree.let_in_by_amaf(0);
    assert_eq!(order(&tree), ["A1", "B1", "E1", "D1", "C1"]);
    let moved = &tree.nodes[3];
    assert_eq!((moved.first_child, moved.child_count, moved.expanded), (77, 3, true));
    // Four visits open a fourth: D1 before C1.
    tree.nodes[0].visits = 4;
    tree.let_in_by_amaf(0);
    assert_eq!(order(&tree), ["A1", "B1", "E1", "D1", "C1"]);
    // The window only grows where it grew since the last visit.
    tree.nodes[4].amaf_wins = 0.0;
    tree.nodes[0].visits = 5;
    tree.let_in_by_amaf(0);
    assert_eq!(order(&tree), ["A1", "B1", "E1", "D1", "C1"]);
}

#[test]
fn the_root_and_the_next_searchs_root_keep_every_drop() {
    let mut game = game(Variant::OminoGo);
    let config = Config::default();
    assert!(game.tuning().root_keeps_all);
    let cache = TreeCache::default();
    let limits = Limits {
        playouts: Some(1000),
        time: None,
    };
    for turn in 0..3 {
        let result = search_reusing(&game, Request::new(limits, &config, &|| false), &cache);
        let mut all = Vec::new();
        game.search_moves(&mut all);
        let listed: HashSet<Move> = result.moves.iter().map(|m| m.mv).collect();
        assert_eq!(listed.len(), result.moves.len(), "turn {turn}: a move twice");
        assert_eq!(listed, all.iter().copied().collect(), "turn {turn}");
        let visits: u64 = result.moves.iter().map(|m| m.visits).sum();
        if turn > 0 {
            assert!(visits > 1000, "turn {turn}: the tree was not reused");
            assert!(all.len() > 100, "more drops than the widening keeps");
        }
        // The next root is the most visited child, expanded by the
        // widening with its best drops by prior only.
        game.play(game.to_move(), result.moves[0].mv).unwrap();
    }
}

/// Omino Go's tuning with `replies_keep_all` on.
fn with_replies_keeping_all(game: &Game) -> Tuning {
    Tuning {
        replies_keep_all: true,
        ..game.tuning()
    }
}

/// Omino Go on 9x9 after Black's first domino: White has tetrominoes,
/// more than the widening keeps.
fn after_a_domino() -> Game {
    let mut game = game(Variant::OminoGo);
    game.play(Color::Black, drop("E5+E6")).unwrap();
    assert!(game.widening().is_some());
    game
}

#[test]
fn the_replies_to_the_roots_drops_keep_every_drop() {
    let game = after_a_domino();
    let limits = Limits {
        playouts: Some(2000),
        time: None,
    };
    let config = Config {
        tuning: Some(with_replies_keeping_all(&game)),
        ..Config::default()
    };
    let (_, trees) = search_from(&game, Request::new(limits, &config, &|| false), Vec::new());
    let nodes = &trees[0];
    let root = &nodes[0];
    let mut expanded = 0;
    for reply in root.first_child as usize..(root.first_child + root.child_count) as usize {
        let node = &nodes[reply];
        if !node.expanded {
            continue;
        }
        expanded += 1;
        let mut after = game.clone();
        after.play(node.color, node.mv).unwrap();
        let mut all = Vec::new();
        after.search_moves(&mut all);
        assert!(all.len() > 100, "more drops than the widening keeps");
        let first = node.first_child as usize;
        let listed: HashSet<Move> = nodes[first..first + node.child_count as usize]
            .iter()
            .map(|n| n.mv)
            .collect();
        assert!(node.every_move);
        assert_eq!(listed, all.into_iter().collect(), "after {}", node.mv);
    }
    assert!(expanded > 0);
}

#[test]
fn a_node_expanded_deeper_gets_every_drop_once_it_is_a_reply() {
    let game = after_a_domino();
    let mut tree = Tree::new(game.to_move(), 100_000, with_replies_keeping_all(&game), 1, Vec::new());
    tree.widening = game.widening();
    assert!(tree.expand(0, 0, &game));
    assert!(tree.nodes[0].every_move);
    // A reply of White's, expanded two plies deeper as in the tree that a
    // search reuses: the widening's best hundred only.
    let reply = tree.nodes[0].first_child as usize;
    let mut after = game.clone();
    after.play(Color::White, tree.nodes[reply].mv).unwrap();
    assert!(tree.expand(reply, 2, &after));
    assert_eq!(children(&tree, reply).len(), 100);
    assert!(!tree.nodes[reply].every_move);
    let known = children(&tree, reply).start;
    tree.nodes[known].visits = 7;
    let known_move = tree.nodes[known].mv;
    // With the root down to that one move, the next simulation passes
    // through it one ply deep.
    tree.nodes[0].child_count = 1;
    tree.simulate(&mut game.clone());
    assert!(tree.nodes[reply].every_move);
    let listed: Vec<Move> = children(&tree, reply).map(|i| tree.nodes[i].mv).collect();
    let mut all = Vec::new();
    after.search_moves(&mut all);
    assert_eq!(listed.len(), all.len(), "each drop once");
    assert_eq!(
        listed.iter().copied().collect::<HashSet<_>>(),
        all.into_iter().collect()
    );
    // The known children keep their results.
    let kept = children(&tree, reply)
        .find(|&i| tree.nodes[i].mv == known_move)
        .unwrap();
    assert!(tree.nodes[kept].visits >= 7);
}
