//! The transposition table of the proof-number search: proof and disproof
//! numbers by position key, in two-entry buckets of fixed size. When a
//! bucket is full the entry that cost less work to compute goes.

/// One entry as plain words: the key, the proof
/// and disproof numbers (high and low half), and the nodes spent on the
/// entry's subtree (0 marks a free slot).
type Entry = [u64; 3];

const KEY: usize = 0;
const NUMBERS: usize = 1;
const WORK: usize = 2;

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// The table's size bounds, in megabytes.
pub const MIN_MB: usize = 1;
pub const MAX_MB: usize = 8 * 1024;

impl Table {
    /// A table of about `megabytes` (clamped to `MIN_MB..=MAX_MB`),
    /// rounded down to a power of two entries; halved while the memory
    /// cannot be had.
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(MIN_MB, MAX_MB) << 20;
        let wanted = bytes / std::mem::size_of::<Entry>();
        let mut len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        while len > 1024 && Vec::<Entry>::new().try_reserve_exact(len).is_err() {
            log::warn!("no memory for a solver table of {len} entries; halving it");
            len /= 2;
        }
        // Zeroed by the allocator: untouched pages cost nothing.
        let entries = vec![[0; 3]; len];
        Table { entries, mask: len - 1 }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    /// The stored proof and disproof numbers of `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(u32, u32)> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e[WORK] > 0 && e[KEY] == key)
            .map(|e| ((e[NUMBERS] >> 32) as u32, e[NUMBERS] as u32))
    }

    pub fn put(&mut self, key: u64, pn: u32, dn: u32, work: u64) {
        let b = self.bucket(key);
        let slot = match self.entries[b..b + 2].iter().position(|e| e[WORK] > 0 && e[KEY] == key) {
            Some(i) => b + i,
            None if self.entries[b][WORK] <= self.entries[b + 1][WORK] => b,
            None => b + 1,
        };
        self.entries[slot] = [key, (pn as u64) << 32 | dn as u64, work.max(1)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_costlier_entry_of_a_full_bucket() {
        let mut table = Table::new(1);
        let len = table.entries.len() as u64;
        table.put(2, 1, 2, 100);
        table.put(2 + len, 3, 4, 5);
        assert_eq!(table.get(2), Some((1, 2)));
        assert_eq!(table.get(2 + len), Some((3, 4)));
        table.put(2 + 2 * len, 5, 6, 50);
        assert_eq!(table.get(2), Some((1, 2)));
        assert_eq!(table.get(2 + len), None);
        assert_eq!(table.get(2 + 2 * len), Some((5, 6)));
    }
}
