//! The merge of a run's records files (its shards, say) into the order of
//! the whole run: by game, then by move. Each file is in that order
//! already, as a run writes it, so the files stream through side by side
//! and a merge holds one record a file, whatever their sizes.

use super::records::{line, Entry, Lines, Record};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};
use std::io::Write;
use std::path::Path;

/// What a merge read.
#[derive(Debug, Default)]
pub struct Merged {
    pub games: usize,
    pub positions: u64,
    /// Each line that is not a record, as `FILE line N: why`, skipped.
    pub bad_lines: Vec<String>,
}

/// One file and its next record.
struct Source {
    lines: Lines,
    next: Option<(usize, Record)>,
    bad_lines: Vec<String>,
}

impl Source {
    fn open(path: &Path) -> Result<Source, String> {
        let mut source = Source {
            lines: Lines::open(path)?,
            next: None,
            bad_lines: Vec::new(),
        };
        source.advance(None)?;
        Ok(source)
    }

    /// Where the next record is, as messages give it.
    fn here(&self) -> String {
        let number = self.next.as_ref().map_or(0, |(n, _)| *n);
        format!("{} line {number}", self.lines.shown())
    }

    /// Takes the next record, which must come after the one at `before`.
    fn advance(&mut self, before: Option<(u32, usize)>) -> Result<(), String> {
        for entry in self.lines.by_ref() {
            match entry? {
                Entry::Bad(message) => self.bad_lines.push(message),
                Entry::Record(number, record) => {
                    if let Some((game, ply)) = before.filter(|b| *b >= record.key()) {
                        return Err(format!(
                            "{} line {number}: game {} move {} after game {game} move {}: a records file \
                             keeps a run's order, by game and move, as selfplay writes it",
                            self.lines.shown(),
                            record.game,
                            record.moves.len() + 1,
                            ply + 1
                        ));
                    }
                    self.next = Some((number, record));
                    break;
                }
            }
        }
        Ok(())
    }
}

/// Merges the records files of one run into `out` (`None`: only checks
/// them). Records of another game or seed than the first record's, a
/// position in two files, or a file out of order are an error naming the
/// file and line; lines that are not records are skipped and noted.
pub fn merge(paths: &[impl AsRef<Path>], mut out: Option<&mut dyn Write>) -> Result<Merged, String> {
    let mut sources = paths
        .iter()
        .map(|p| Source::open(p.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut queue: BinaryHeap<Reverse<((u32, usize), usize)>> = sources
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.next.as_ref().map(|(_, r)| Reverse((r.key(), i))))
        .collect();
    let mut merged = Merged::default();
    let mut first: Option<(Record, String)> = None;
    let mut last: Option<((u32, usize), String)> = None;
    let mut games = BTreeSet::new();
    while let Some(Reverse((key, i))) = queue.pop() {
        let here = sources[i].here();
        let (_, record) = sources[i].next.take().expect("a queued source has a record");
        check_same_run(&record, &here, &first)?;
        if let Some((_, other)) = last.as_ref().filter(|(k, _)| *k == key) {
            return Err(format!(
                "{here}: game {} move {} is in {other} too",
                record.game,
                record.moves.len() + 1
            ));
        }
        if let Some(out) = out.as_mut() {
            out.write_all((line(&record) + "\n").as_bytes())
                .map_err(|e| format!("cannot write the merged records: {e}"))?;
        }
        games.insert(record.game);
        merged.positions += 1;
        last = Some((key, here.clone()));
        if first.is_none() {
            first = Some((record.clone(), here));
        }
        sources[i].advance(Some(key))?;
        if let Some((_, next)) = &sources[i].next {
            queue.push(Reverse((next.key(), i)));
        }
    }
    merged.games = games.len();
    merged.bad_lines = sources.into_iter().flat_map(|s| s.bad_lines).collect();
    Ok(merged)
}

/// Checks that `record`, at `here`, is of the run of the first record.
fn check_same_run(record: &Record, here: &str, first: &Option<(Record, String)>) -> Result<(), String> {
    let Some((one, there)) = first else { return Ok(()) };
    let differs = if one.setup != record.setup {
        format!("a record of {}, but {there} is of {}", record.setup, one.setup)
    } else if one.seed != record.seed {
        format!("a record of seed {}, but {there} is of seed {}", record.seed, one.seed)
    } else {
        return Ok(());
    };
    Err(format!("{here}: {differs}: a merge joins the files of one run"))
}
