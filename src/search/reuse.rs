//! Tree reuse between moves: the trees of the last search are kept, and a
//! search of a position that the last searched one leads to (up to two
//! moves later, or the same position) starts from the matching subtree.
//! The cache also counts, for each side, the searches in a row that found
//! the position lost, for the variants that resign only after several.

use super::cache::{LostRow, TreeCache};
use super::config::{tuning_for, Request};
use super::hints::SearchHints;
use super::node::Node;
use super::result::SearchResult;
use super::run::{looks_lost, search_from, simulations};
use crate::color::Color;
use crate::moves::Move;
use std::sync::atomic::Ordering;

/// Moves from the last searched position that a reused tree may lie below.
const MAX_DEPTH: usize = 2;

/// A search that starts from the kept trees where `root`
/// descends from the position they grew from, and keeps its own trees for
/// the next search. The playout and time limits count new simulations only.
pub(super) fn search_reusing<P: SearchHints>(root: &P, request: Request<P>, cache: &TreeCache<P>) -> SearchResult {
    let config = request.config;
    let saved = cache.saved.lock().ok().and_then(|mut saved| saved.take());
    let start_trees = saved.map(|(old, trees)| descend(&old, trees, root)).unwrap_or_default();
    let reused: u64 = start_trees
        .iter()
        .filter_map(|t| t.first())
        .map(|n| n.visits as u64)
        .sum();
    cache.reused.store(reused, Ordering::Relaxed);
    if reused > 0 {
        log::info!("reusing trees of {reused} simulations");
    }
    let (mut result, trees) = search_from(root, request, start_trees);
    if let Ok(mut saved) = cache.saved.lock() {
        *saved = (!trees.is_empty()).then(|| (root.clone(), trees));
    }
    // Only searches that may resign count (not pondering, nor a cleanup).
    if config.resign_below > 0.0 {
        if let Ok(mut rows) = cache.hopeless.lock() {
            let row = &mut rows[root.to_move().index()];
            *row = if looks_lost(root, &result, config) {
                LostRow {
                    searches: row.searches + 1,
                    // New playouts only, so that a reused tree's are
                    // not counted twice, unless the root has seen more.
                    simulations: (row.simulations + result.playouts).max(simulations(&result)),
                }
            } else {
                LostRow::default()
            };
            // A search that resigns on its own (one search is enough, or
            // a variant's own search) still does.
            let rule = tuning_for(root, config).resign;
            result.resign |=
                row.searches >= rule.searches && row.simulations >= rule.simulations * rule.searches as u64;
        }
    }
    result
}

/// The subtrees for `root`, re-rooted in place: empty where a tree has no
/// node for it.
fn descend<P: SearchHints>(old: &P, trees: Vec<Vec<Node>>, root: &P) -> Vec<Vec<Node>> {
    let Some(first) = trees.first() else { return Vec::new() };
    let mut pos = old.clone();
    let mut path = Vec::new();
    if !find_path(&mut pos, first, 0, root, &mut path) {
        return Vec::new();
    }
    trees
        .into_iter()
        .map(|mut nodes| match follow(&nodes, &path) {
            Some(index) => {
                reroot(&mut nodes, index);
                nodes
            }
            None => Vec::new(),
        })
        .collect()
}

fn same_position<P: SearchHints>(a: &P, b: &P) -> bool {
    a.hash() == b.hash() && a.moves_played() == b.moves_played() && a.to_move() == b.to_move()
}

/// Depth-first search of the tree's moves from `index` (with `pos` at that
/// node) for a position equal to `target`; `path` gets the moves.
fn find_path<P: SearchHints>(
    pos: &mut P,
    nodes: &[Node],
    index: usize,
    target: &P,
    path: &mut Vec<(Color, Move)>,
) -> bool {
    if same_position(pos, target) {
        return true;
    }
    let node = &nodes[index];
    if path.len() >= MAX_DEPTH || !node.expanded || pos.moves_played() >= target.moves_played() {
        return false;
    }
    let first = node.first_child as usize;
    for child in first..first + node.child_count as usize {
        let (color, mv) = (nodes[child].color, nodes[child].mv);
        if pos.play(color, mv).is_err() {
            continue;
        }
        path.push((color, mv));
        let found = find_path(pos, nodes, child, target, path);
        pos.undo();
        if found {
            return true;
        }
        path.pop();
    }
    false
}

/// The node reached from the root by `path`, if the tree has it.
fn follow(nodes: &[Node], path: &[(Color, Move)]) -> Option<usize> {
    let mut index = 0;
    for &(color, mv) in path {
        let node = nodes.get(index)?;
        if !node.expanded {
            return None;
        }
        let first = node.first_child as usize;
        index = (first..first + node.child_count as usize).find(|&i| nodes[i].color == color && nodes[i].mv == mv)?;
    }
    Some(index)
}

/// Makes node `root` the root, dropping every node outside its subtree and
/// keeping the order of the rest. Siblings sit together, but children may
/// lie before their parent (a node that got more moves, see
/// `Tree::keep_every_move`), so the subtree is found by a walk. The
/// root becomes node 0 and the rest are numbered in index order; node 0
/// is the root or dropped, so every kept node moves down (or stays) onto
/// a place already moved or dropped.
pub(super) fn reroot(nodes: &mut Vec<Node>, root: usize) {
    const GONE: u32 = u32::MAX;
    let mut new_index = vec![GONE; nodes.len()];
    let mut stack = vec![root];
    while let Some(i) = stack.pop() {
        new_index[i] = 0;
        let node = &nodes[i];
        if node.expanded {
            let first = node.first_child as usize;
            stack.extend(first..first + node.child_count as usize);
        }
    }
    let mut kept = 1u32;
    for (i, index) in new_index.iter_mut().enumerate() {
        if *index != GONE && i != root {
            *index = kept;
            kept += 1;
        }
    }
    for i in 0..nodes.len() {
        if new_index[i] == GONE {
            continue;
        }
        let mut node = nodes[i].clone();
        if node.expanded && node.child_count > 0 {
            node.first_child = new_index[node.first_child as usize];
        }
        nodes[new_index[i] as usize] = node;
    }
    nodes.truncate(kept as usize);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::moves::Vertex;
    use crate::search::{Config, Limits};
    use crate::search::{Resign, Tuning};
    use crate::variants::{Game, Setup, Variant};
    use std::sync::atomic::AtomicBool;

    fn limits(playouts: u64) -> Limits {
        Limits {
            playouts: Some(playouts),
            time: None,
        }
    }

    #[test]
    fn a_reply_reuses_the_subtree_and_a_new_game_does_not() {
        let mut game = Game::new(&Setup::new(Variant::Go));
        let config = Config::default();
        let cache = TreeCache::default();
        let stop = AtomicBool::new(false);
        let never = || stop.load(std::sync::atomic::Ordering::Relaxed);
        let first = search_reusing(&game, Request::new(limits(3000), &config, &never), &cache);
        let best = first.best.unwrap();
        let reply = first.moves[0].pv.get(1).copied().unwrap();
        game.play(game.to_move(), best).unwrap();
        game.play(game.to_move(), reply).unwrap();
        let (old, trees) = cache.saved.lock().unwrap().take().unwrap();
        let kept = descend(&old, trees, &game);
        assert_eq!(kept.len(), 1);
        let root = &kept[0][0];
        assert_eq!(root.mv, reply);
        assert!(root.visits > 1);
        // Every child index is inside the re-rooted tree.
        for node in &kept[0] {
            if node.expanded {
                assert!((node.first_child + node.child_count) as usize <= kept[0].len());
            }
        }
        // The kept tree searches on, and its statistics add up.
        let (result, trees) = search_from(&game, Request::new(limits(500), &config, &never), kept);
        assert_eq!(result.playouts, 500);
        let visits: u64 = result.moves.iter().map(|m| m.visits).sum();
        assert!(visits > 500);
        let fresh = Game::new(&Setup::new(Variant::Go));
        assert!(descend(&game, trees, &fresh).is_empty());
    }

    #[test]
    fn resigning_waits_for_the_hopeless_searches_in_a_row_the_tuning_asks_for() {
        let mut setup = Setup::new(Variant::Go);
        setup.size = 5;
        setup.komi = 100.0;
        let mut game = Game::new(&setup);
        game.play(Color::Black, Move::Place(Vertex::new(2, 2))).unwrap();
        game.play(Color::White, Move::Place(Vertex::new(1, 1))).unwrap();
        let rule = Resign {
            below: 1.0,
            simulations: 300,
            searches: 3,
        };
        let config = Config {
            tuning: Some(Tuning {
                resign: rule,
                ..Tuning::default()
            }),
            ..Config::default()
        };
        let pondering = Config {
            resign_below: 0.0,
            ..config.clone()
        };
        let cache = TreeCache::default();
        let search = |config: &Config, playouts| {
            search_reusing(&game, Request::new(limits(playouts), config, &|| false), &cache)
        };
        assert!(!search(&config, 400).resign);
        assert!(!search(&pondering, 400).resign);
        assert!(!search(&config, 400).resign);
        assert!(search(&config, 400).resign);
        cache.clear();
        assert!(!search(&config, 400).resign);
        // Searches that stop early pool their simulations: three of 250
        // are not enough for three of 300, four are.
        cache.clear();
        for _ in 0..3 {
            assert!(!search(&config, 250).resign);
        }
        assert!(search(&config, 250).resign);
        // A search that finds the game playable starts the row again.
        cache.clear();
        assert!(!search(&config, 400).resign);
        assert!(!search(&config, 400).resign);
        let even = Config {
            tuning: Some(Tuning {
                resign: Resign { below: 0.0, ..rule },
                ..Tuning::default()
            }),
            ..config.clone()
        };
        assert!(!search(&even, 400).resign);
        assert!(!search(&config, 400).resign);
        assert!(!search(&config, 400).resign);
        assert!(search(&config, 400).resign);
    }

    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        let game = Game::new(&Setup::new(Variant::Go));
        let config = Config::default();
        let (_, mut trees) = search_from(&game, Request::new(limits(4000), &config, &|| false), Vec::new());
        let mut nodes = trees.pop().unwrap();
        let root = &nodes[0];
        let child = (root.first_child as usize..(root.first_child + root.child_count) as usize)
            .max_by_key(|&i| nodes[i].visits)
            .unwrap();
        let expected = subtree_size(&nodes, child);
        let mut before = Vec::new();
        listing(&nodes, child, &mut before);
        reroot(&mut nodes, child);
        assert_eq!(nodes.len(), expected);
        assert_eq!(subtree_size(&nodes, 0), expected);
        let mut after = Vec::new();
        listing(&nodes, 0, &mut after);
        assert_eq!(before, after);
    }

    /// Every node below `index`, depth first, as (move, visits, children).
    fn listing(nodes: &[Node], index: usize, out: &mut Vec<(Move, u32, u32)>) {
        let node = &nodes[index];
        out.push((node.mv, node.visits, node.child_count));
        if node.expanded {
            let first = node.first_child as usize;
            for child in first..first + node.child_count as usize {
                listing(nodes, child, out);
            }
        }
    }

    fn subtree_size(nodes: &[Node], index: usize) -> usize {
        let node = &nodes[index];
        let mut size = 1;
        if node.expanded {
            let first = node.first_child as usize;
            for child in first..first + node.child_count as usize {
                size += subtree_size(nodes, child);
            }
        }
        size
    }
}
