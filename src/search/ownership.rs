//! Ownership from the search: who owns each point at the end of the
//! search's own simulations (the tree's moves, then the playout). The tree
//! plays the end of a game far better than random playouts do, so its
//! ownership tells dead stones from living ones more reliably; Pachi judges
//! dead stones from the ownership of its search in the same way.

use super::config::Config;
use super::hints::SearchHints;
use super::tree::Tree;
use crate::game::Ownership;
use std::time::{Duration, Instant};

/// The ownership of `simulations` simulations of the search from `root`,
/// shared between the configured threads (each a tree of its own, seeded
/// as the search seeds them, so the result is deterministic unless `time`
/// cuts it short). `None` where the variant has no notion of area.
pub fn search_ownership<P: SearchHints>(
    root: &P,
    simulations: u64,
    time: Option<Duration>,
    config: &Config,
) -> Option<Ownership> {
    let start = Instant::now();
    let threads = config.threads.max(1);
    let per_thread = simulations.div_ceil(threads as u64).max(1);
    let points = root.size() * root.size();
    let parts: Vec<Ownership> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let seed = config.seed.wrapping_add(t as u64 * 0x9E37_79B9);
                scope.spawn(move || {
                    let mut pos = root.clone();
                    let mut tree = Tree::for_root(root, config, seed, Vec::new());
                    tree.owners = Some(Ownership::new(points));
                    for done in 0..per_thread {
                        let late = time.is_some_and(|t| start.elapsed() >= t);
                        if done % 64 == 63 && late {
                            break;
                        }
                        tree.simulate(&mut pos);
                    }
                    tree.owners.take().expect("set above")
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("ownership thread panicked"))
            .collect()
    });
    let mut total = Ownership::new(points);
    for part in &parts {
        total.merge(part);
    }
    (total.simulations() > 0).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{Game, Setup, Variant};

    #[test]
    fn variants_without_area_give_none() {
        let config = Config::default();
        let migoyugo = Game::new(&Setup::new(Variant::Migoyugo));
        assert_eq!(search_ownership(&migoyugo, 50, None, &config), None);
    }

    #[test]
    fn an_empty_board_is_shared_and_counted_deterministically() {
        let mut setup = Setup::new(Variant::Go);
        setup.size = 5;
        let game = Game::new(&setup);
        let config = Config {
            threads: 2,
            ..Config::default()
        };
        let a = search_ownership(&game, 400, None, &config).unwrap();
        let b = search_ownership(&game, 400, None, &config).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.simulations(), 400);
        assert!(a.means().iter().all(|m| m.abs() < 0.9));
        let cut = search_ownership(&game, 1_000_000, Some(Duration::from_millis(50)), &config).unwrap();
        assert!(cut.simulations() < 1_000_000);
    }
}
