//! Self-play records: the engine plays itself from random openings and
//! keeps, for every move it searches, the position, the search's visits
//! over the moves and, once the game ends, its result: the targets a move
//! model learns from ([`records`] holds the file format).
//!
//! A run of N games is split into shards as `match` splits its games:
//! shard K/N plays games K, K+N, K+2N, ... Game i's opening and search
//! follow from the run's seed and i alone, so a shard plays exactly the
//! games the whole run would, and [`merge::merge`] joins the shards'
//! files into the whole run's.

pub mod merge;
pub mod records;

use crate::bench::{cpu_time, rate};
use crate::matches::openings::{random_moves, start_position};
use crate::matches::{progress_bar, Shard};
use crate::player::{Player, Resigning, SearchSettings, Thinking};
use crate::variants::Setup;
use crate::Position;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use records::{Ending, Entry, Lines, Record, RecordSetup};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Random openings drawn for a game before it starts from the empty
/// board: one that ends the game is drawn again.
const OPENING_ATTEMPTS: u32 = 16;

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct Run {
    pub setup: Setup,
    pub settings: SearchSettings,
    /// The run's seed: game i's opening and search follow from it and i.
    pub seed: u64,
    /// Games of the whole run (of every shard).
    pub games: u32,
    pub shard: Shard,
    /// Random legal moves that open every game.
    pub opening_moves: usize,
    /// Moves after which a game is scored as it stands.
    pub max_moves: usize,
}

impl Run {
    /// The setup every record of the run carries.
    pub fn record_setup(&self) -> RecordSetup {
        RecordSetup::of(&self.setup, &start_position(&self.setup))
    }
}

/// Where a killed run of a shard stands in its records file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The games up to this number are whole in the file.
    pub after: u32,
    /// The bytes of the file to keep: up to the last game it holds, which
    /// is played again, since a killed run may have cut it short.
    pub keep: u64,
}

/// Reads the records file of an interrupted run of the shard of `run`:
/// every record must be of this run and shard, in the run's order. Lines
/// that are not records are left as they are (a merge skips them); a
/// last line cut short goes with the last game.
pub fn resume_point(run: &Run, path: &Path) -> Result<Resume, String> {
    let setup = run.record_setup();
    let mut lines = Lines::open(path)?;
    let mut resume = Resume { after: 0, keep: 0 };
    let mut last = 0;
    while let Some(entry) = lines.next() {
        let Entry::Record(number, record) = entry? else {
            continue;
        };
        let here = format!("{} line {number}", lines.shown());
        if record.setup != setup || record.seed != run.seed {
            return Err(format!(
                "{here}: a record of {} with seed {}, but this run plays {setup} with seed {}: \
                 --resume continues the run that wrote the file",
                record.setup, record.seed, run.seed
            ));
        }
        if record.game > run.games || !run.shard.deals(record.game) {
            return Err(format!(
                "{here}: game {} is not a game of shard {}",
                record.game, run.shard
            ));
        }
        if record.game < last {
            return Err(format!("{here}: game {} after game {last}", record.game));
        }
        if record.game > last {
            resume = Resume {
                after: last,
                keep: lines.offset(),
            };
            last = record.game;
        }
    }
    Ok(resume)
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub games: u32,
    pub positions: u64,
    /// Positions per second of CPU time: on one core.
    pub positions_per_second: f64,
}

/// Game `number`'s own seed: SplitMix64 of the run's seed and the number,
/// so that neighbouring games share nothing.
pub fn game_seed(seed: u64, number: u32) -> u64 {
    let mut z = seed ^ u64::from(number).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `number` of `run` and returns its records, in the order of
/// its moves. `searched` is called after every searched move.
pub fn play_game(run: &Run, number: u32, searched: &mut dyn FnMut()) -> Vec<Record> {
    let seed = game_seed(run.seed, number);
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut game, mut moves) = (0..OPENING_ATTEMPTS)
        .map(|_| random_moves(&run.setup, run.opening_moves, &mut rng))
        .find(|(game, _)| game.outcome().is_none())
        .unwrap_or_else(|| (start_position(&run.setup), Vec::new()));
    let setup = run.record_setup();
    let mut settings = run.settings.clone();
    settings.config.seed = seed;
    let player = Player::new(run.setup.clone(), settings);
    let mut records = Vec::new();
    while game.outcome().is_none() && moves.len() < run.max_moves {
        let color = game.to_move();
        let result = player.think(&game, Thinking::move_for(color, Resigning::Never));
        let Some(played) = result.best else { break };
        game.play(color, played).expect("search returns legal moves");
        let visits: Vec<_> = result.moves.iter().map(|m| (m.mv, m.visits)).collect();
        records.push(Record {
            game: number,
            seed: run.seed,
            setup: setup.clone(),
            moves: moves.clone(),
            to_move: color,
            total: visits.iter().map(|(_, n)| n).sum(),
            visits,
            playouts: result.playouts,
            winrate: (result.winrate * 1000.0).round() / 1000.0,
            played,
            result: String::new(),
            winner: None,
            ending: Ending::Rules,
        });
        moves.push((color, played));
        searched();
    }
    let ending = match game.outcome() {
        Some(_) => Ending::Rules,
        None if moves.len() >= run.max_moves => Ending::MoveCap,
        None => Ending::NoMove,
    };
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    for record in &mut records {
        record.result = outcome.to_string();
        record.winner = outcome.winner();
        record.ending = ending;
    }
    records
}

/// Plays the shard's games of `run` numbered above `after`, in order,
/// writing each game's records to `out` as it ends, with a progress bar
/// on stderr.
pub fn run(run: &Run, after: u32, out: &mut dyn Write) -> Result<Totals, String> {
    let numbers = run.shard.dealt(run.games).filter(move |&n| n > after);
    let bar = progress_bar(numbers.clone().count() as u64)?;
    let (start, cpu_start) = (Instant::now(), cpu_time());
    let mut totals = Totals::default();
    let per_second = |positions: u64| rate(positions, cpu_time() - cpu_start, start.elapsed());
    for number in numbers {
        let mut positions = totals.positions;
        let records = play_game(run, number, &mut || {
            positions += 1;
            bar.set_message(format!(
                "{positions} positions, {:.1} positions/s on one core",
                per_second(positions)
            ));
        });
        out.write_all(records::text(&records).as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the records: {e}"))?;
        totals.games += 1;
        totals.positions += records.len() as u64;
        bar.inc(1);
    }
    bar.finish_and_clear();
    totals.positions_per_second = per_second(totals.positions);
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn quick_run(variant: Variant) -> Run {
        // The smallest board each variant takes, and short games: quick.
        let mut setup = Setup::new(variant);
        setup.size = (3..setup.size).find(|&n| setup.accepts_size(n)).unwrap_or(setup.size);
        let settings = SearchSettings {
            playouts: Some(8),
            time: None,
            ..SearchSettings::default()
        };
        Run {
            max_moves: 30,
            setup,
            settings,
            seed: 3,
            games: 1,
            shard: Shard::WHOLE,
            opening_moves: 2,
        }
    }

    /// Every record of every variant rebuilds its position from its line:
    /// the side to move agrees and the move played is legal there.
    #[test]
    fn every_variant_s_records_rebuild_their_positions() {
        for variant in Variant::ALL {
            let mut run = quick_run(variant);
            run.settings.config.threads = 1;
            let records = play_game(&run, 1, &mut || {});
            assert!(!records.is_empty(), "{variant:?} searched no move");
            for record in records.iter().step_by(3) {
                let read = records::parse_line(&records::line(record)).unwrap();
                assert_eq!(&read, record, "{variant:?}");
                let mut game = read.position().unwrap_or_else(|e| panic!("{variant:?}: {e}"));
                assert!(
                    game.play(read.to_move, read.played).is_ok(),
                    "{variant:?} {}",
                    records::line(record)
                );
                assert!(read.visits.iter().any(|(mv, _)| *mv == read.played), "{variant:?}");
            }
        }
    }

    /// A record's setup rebuilds the very start its game had, options and
    /// Buying Armies' armies included.
    #[test]
    fn a_record_s_setup_rebuilds_the_start_of_its_game() {
        let mut setups: Vec<Setup> = Variant::ALL.into_iter().map(Setup::new).collect();
        for (variant, key, value) in [(Variant::Atari, "start", "crosscut"), (Variant::GoRoGo, "henge", "B2")] {
            let mut setup = Setup::new(variant);
            setup.apply_option(key, value).unwrap();
            setups.push(setup);
        }
        for setup in setups {
            let start = start_position(&setup);
            let recorded = RecordSetup::of(&setup, &start);
            let rebuilt = recorded.start().unwrap_or_else(|e| panic!("{recorded}: {e}"));
            assert_eq!(rebuilt.hash(), start.hash(), "{recorded}");
            assert_eq!(rebuilt.to_move(), start.to_move(), "{recorded}");
        }
    }

    #[test]
    fn game_seeds_differ_from_game_to_game_and_run_to_run() {
        let seeds: std::collections::BTreeSet<u64> = (0..4)
            .flat_map(|run| (1..=100).map(move |game| game_seed(run, game)))
            .collect();
        assert_eq!(seeds.len(), 400);
    }
}
