use super::config::Request;
use super::config::{Config, Limits};
use super::entry::{run, search};
use super::memory::*;
use super::node::Node;
use super::run::EARLY_STOP_MIN;
use super::tree::Tree;
use super::tuning::Tuning;
use crate::color::Color;
use crate::game::{Ownership, Position};
use crate::moves::Move;
use crate::search::SearchHints;
use crate::variants::{Game, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[test]
fn the_tree_never_outgrows_its_node_cap() {
    let game = Game::new(&Setup::new(Variant::Go));
    let (max_nodes, raised) = nodes_within(16 * 1024, 1);
    assert!(raised && max_nodes == MIN_NODES);
    let config = Config {
        max_nodes: 1000,
        ..Config::default()
    };
    let mut tree = Tree::new(game.to_move(), config.max_nodes, Tuning::default(), 1, Vec::new());
    let mut pos = game.clone();
    for _ in 0..3000 {
        tree.simulate(&mut pos);
    }
    assert!(tree.nodes.len() <= MIN_NODES.max(1000));
    assert_eq!(tree.nodes.capacity(), MIN_NODES.max(1000));
    assert!(tree.nodes[0].visits == 3000);
}

#[test]
fn a_prior_without_amaf_slot_gathers_the_moves_own_results() {
    // War Go gives steps a prior; a step has no AMAF slot, so its own
    // results are added to the prior.
    let rows = [".....", ".OXO.", "..T..", ".....", "....."];
    let setup = Setup::new(Variant::WarGo);
    let game = crate::variants::wargo::WarGo::from_diagram(&setup, &rows, Color::Black).unwrap();
    let config = Config::default();
    let mut tree = Tree::new(game.to_move(), config.max_nodes, Tuning::default(), 1, Vec::new());
    let mut pos = game.clone();
    for _ in 0..300 {
        tree.simulate(&mut pos);
    }
    let root = &tree.nodes[0];
    let children = &tree.nodes[root.first_child as usize..(root.first_child + root.child_count) as usize];
    let step = children
        .iter()
        .find(|n| matches!(n.mv, Move::Step(..)))
        .expect("the step out of atari");
    let (wins, visits) = game.prior(step.mv).unwrap();
    assert!(step.visits > 0);
    assert_eq!(step.amaf_visits, visits + step.visits as f32);
    assert!((step.amaf_wins - wins - step.wins).abs() < 1e-3);
}

#[test]
fn absurd_memory_caps_stay_usable() {
    let (nodes, _) = nodes_within(u64::MAX, 1);
    assert_eq!(nodes, MAX_NODES);
    let config = Config {
        max_nodes: usize::MAX,
        ..Config::default()
    };
    let tree = Tree::new(Color::Black, config.max_nodes, Tuning::default(), 1, Vec::new());
    assert!(tree.nodes.capacity() >= MIN_NODES);
}

#[test]
fn a_memory_cap_covers_trees_table_and_the_rest() {
    for (mb, threads) in [(64, 1), (64, 2), (1000, 2), (100_000, 8)] {
        let split = split_memory(mb, threads);
        let trees = (split.tree_nodes * threads * (std::mem::size_of::<Node>() + 4)) as u64;
        let base = (BASE_MEMORY_MB + THREAD_MEMORY_MB * threads as u64) << 20;
        assert!(
            trees + ((split.solver_table_mb as u64) << 20) + base <= mb << 20,
            "{mb} {threads}"
        );
        assert!(!split.raised);
    }
    assert!(split_memory(8, 2).raised);
    assert_eq!(split_memory(8, 2).solver_table_mb, 1);
}

#[test]
fn memory_splits_between_threads() {
    let (one, _) = nodes_within(100 << 20, 1);
    let (four, _) = nodes_within(100 << 20, 4);
    assert!(one * (std::mem::size_of::<Node>() + 4) <= 100 << 20);
    assert_eq!(four, one / 4);
}

#[test]
fn a_clear_result_stops_a_timed_search_early() {
    let mut setup = Setup::new(Variant::Go);
    setup.size = 5;
    // Black wins almost every game by a huge negative komi: the best
    // move soon leads by more than the rest of the time could change.
    setup.komi = -100.0;
    let game = Game::new(&setup);
    let limits = Limits {
        playouts: None,
        time: Some(Duration::from_secs(2)),
    };
    let stop = AtomicBool::new(false);
    let result = search(&game, limits, &Config::default(), &stop);
    assert!(result.elapsed < Duration::from_millis(1500), "{:?}", result.elapsed);
    assert!(result.playouts >= EARLY_STOP_MIN);
}

/// A search that gathers ownership within `simulations` and `time`.
fn ownership_of(game: &Game, simulations: u64, time: Option<Duration>, config: &Config) -> Option<Ownership> {
    let limits = Limits {
        playouts: Some(simulations),
        time,
    };
    let request = Request {
        ownership: true,
        ..Request::new(limits, config, &|| false)
    };
    run(game, request).ownership
}

#[test]
fn variants_without_area_gather_no_ownership() {
    let config = Config::default();
    let migoyugo = Game::new(&Setup::new(Variant::Migoyugo));
    assert_eq!(ownership_of(&migoyugo, 50, None, &config), None);
}

#[test]
fn ownership_of_an_empty_board_is_shared_and_counted_deterministically() {
    let mut setup = Setup::new(Variant::Go);
    setup.size = 5;
    let game = Game::new(&setup);
    let config = Config {
        threads: 2,
        ..Config::default()
    };
    let a = ownership_of(&game, 400, None, &config).unwrap();
    let b = ownership_of(&game, 400, None, &config).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.simulations(), 400);
    assert!(a.means().iter().all(|m| m.abs() < 0.9));
    let cut = ownership_of(&game, 1_000_000, Some(Duration::from_millis(50)), &config).unwrap();
    assert!(cut.simulations() < 1_000_000);
}

#[test]
fn a_search_without_ownership_gathers_none() {
    let mut setup = Setup::new(Variant::Go);
    setup.size = 5;
    let game = Game::new(&setup);
    let limits = Limits {
        playouts: Some(100),
        time: None,
    };
    assert_eq!(
        run(&game, Request::new(limits, &Config::default(), &|| false)).ownership,
        None
    );
}

#[test]
fn the_roots_moves_and_deeper_leaves_are_expanded_after_their_own_visits() {
    let tuning = Tuning {
        expand_after: 8,
        expand_root_moves_after: 2,
        ..Tuning::default()
    };
    let tree = Tree::new(Color::Black, 1000, tuning, 1, Vec::new());
    assert_eq!([1, 2, 5].map(|depth| tree.expand_after(depth)), [2, 8, 8]);
    let go = crate::variants::go::tuning(9);
    assert_eq!((go.expand_root_moves_after, go.expand_after), (2, 8));
}

#[test]
fn amaf_samples_weigh_more_the_sooner_they_follow_the_node() {
    let game = Game::new(&Setup::new(Variant::Go));
    let at = |x, y| Move::Place(crate::moves::Vertex::new(x, y));
    // Black's moves at the 1st, 3rd and 5th of six playout moves.
    let playout = [
        (Color::Black, at(2, 2)),
        (Color::White, at(3, 3)),
        (Color::Black, at(4, 4)),
        (Color::White, at(5, 5)),
        (Color::Black, at(6, 6)),
        (Color::White, at(7, 7)),
    ];
    for (most, weights) in [(0, [1.0, 1.0, 1.0]), (3, [3.0, 2.0, 1.0])] {
        let tuning = Tuning {
            amaf_distance: most,
            ..Tuning::default()
        };
        let mut tree = Tree::new(game.to_move(), 10_000, tuning, 1, Vec::new());
        assert!(tree.expand(0, 0, &game));
        let amaf = |tree: &Tree, mv: Move| {
            let root = &tree.nodes[0];
            let first = root.first_child as usize;
            let child = tree.nodes[first..first + root.child_count as usize]
                .iter()
                .find(|n| n.mv == mv)
                .expect("a root move");
            child.amaf_visits
        };
        let before: Vec<f32> = playout.iter().map(|&(_, mv)| amaf(&tree, mv)).collect();
        tree.path = vec![0];
        tree.trace = playout.to_vec();
        tree.backup(1.0);
        let gained: Vec<f32> = playout
            .iter()
            .zip(&before)
            .map(|(&(_, mv), before)| amaf(&tree, mv) - before)
            .collect();
        // The root's moves are Black's: White's plays give them nothing.
        assert_eq!(
            gained,
            [weights[0], 0.0, weights[1], 0.0, weights[2], 0.0],
            "most {most}"
        );
    }
}

/// With the criticality on, each simulation's end counts who owns the
/// point of every move on its path; without it nothing is counted.
#[test]
fn the_owners_of_a_moves_point_are_counted_only_with_the_criticality_on() {
    let game = Game::new(&Setup {
        size: 9,
        ..Setup::new(Variant::Go)
    });
    for (criticality, gathering_ownership) in [(0.0, false), (1.1, false), (1.1, true)] {
        let tuning = Tuning {
            criticality,
            ..game.tuning()
        };
        let mut tree = Tree::new(game.to_move(), Config::default().max_nodes, tuning, 1, Vec::new());
        if gathering_ownership {
            tree.owners = Some(crate::game::Ownership::new(81));
        }
        let mut pos = game.clone();
        for _ in 0..2000 {
            tree.simulate(&mut pos);
        }
        let root = &tree.nodes[0];
        let children = &tree.nodes[root.first_child as usize..(root.first_child + root.child_count) as usize];
        let counted = |n: &&Node| n.owned_by_black + n.owned_by_winner > 0.0;
        if criticality == 0.0 {
            assert_eq!(children.iter().filter(counted).count(), 0);
            continue;
        }
        let searched: Vec<&Node> = children.iter().filter(|n| n.visits >= 20).collect();
        assert!(searched.len() >= 5 && searched.iter().all(counted), "{searched:?}");
        // Black's first stone mostly stands to the end: the counts are of
        // the root move's own point, not of a later move's.
        let black: f32 = searched.iter().map(|n| n.owned_by_black).sum();
        let visits: f32 = searched.iter().map(|n| n.visits as f32).sum();
        assert!(black >= 0.7 * visits, "{black} of {visits}");
        for child in children {
            let visits = child.visits as f32;
            assert!((0.0..=visits).contains(&child.owned_by_black), "{child:?}");
            assert!((0.0..=visits).contains(&child.owned_by_winner), "{child:?}");
        }
    }
}

/// Coulom's criticality: a point the winner always owns, in games either
/// side wins half the time, is critical; a point one side always owns,
/// whoever wins, is not.
#[test]
fn criticality_is_how_much_owning_a_point_goes_with_winning() {
    let mut node = Node::new(Move::Pass, Color::Black);
    assert_eq!(node.criticality(), None);
    node.visits = 100;
    node.wins = 50.0;
    node.owned_by_winner = 100.0;
    node.owned_by_black = 50.0;
    assert!((node.criticality().unwrap() - 0.5).abs() < 1e-6);
    node.wins = 70.0;
    node.owned_by_black = 100.0;
    node.owned_by_winner = 70.0;
    assert!(node.criticality().unwrap().abs() < 1e-6);
}

/// Go's network judges the root and its replies; with
/// `near_root_priors_after` a deeper node gets its judgement too once it
/// has that many visits, and never before.
#[test]
fn deeper_nodes_earn_the_priors_near_the_root_by_their_visits() {
    let mut setup = Setup::new(Variant::Go);
    setup.size = 19;
    let game = Game::new(&setup);
    assert!(game.near_root_priors_differ(), "19x19 Go has a network");
    for after in [0, 20] {
        let tuning = Tuning {
            near_root_priors_after: after,
            ..crate::variants::go::tuning(19)
        };
        let mut tree = Tree::new(game.to_move(), 1 << 20, tuning, 1, Vec::new());
        let mut pos = game.clone();
        for _ in 0..800 {
            tree.simulate(&mut pos);
        }
        let mut deep_with = 0;
        let mut stack = vec![(0usize, 0usize)];
        while let Some((index, depth)) = stack.pop() {
            let node = &tree.nodes[index];
            if depth >= 2 && node.near_root_priors {
                assert!(
                    after > 0 && node.visits >= after,
                    "depth {depth}, {} visits",
                    node.visits
                );
                deep_with += 1;
            }
            if node.expanded {
                let first = node.first_child as usize;
                stack.extend((first..first + node.child_count as usize).map(|c| (c, depth + 1)));
            }
        }
        assert_eq!(deep_with > 0, after > 0, "after {after}: {deep_with} deeper nodes");
    }
}
