//! The learned move model: how likely a strong player is to choose each
//! move, as a softmax over a weight per feature value (see
//! [`super::features`]), learned from game records by `variago learn`
//! ([`crate::learn`]). The tree search takes it as its priors, as Pachi
//! takes its pattern probabilities.
//!
//! Go's model ships inside the program (`moves.model`) and is read where
//! it lies, so that it costs the engine no more memory than its file;
//! `--model FILE` puts another in its place for a run.
//! Atari Go's, Yugo's and Tanbo's models, learned from self-play, have the same
//! features and file. The file is little-endian: `VGMM`, a version, the variant's name
//! (its length in a word, then its bytes), the weights of each tactical
//! feature, the number of known patterns, an index of where the patterns
//! whose keys have each value of the top 14 bits start, then for every
//! pattern in the order of its key the next 32 bits of the key, and then
//! their weights. A look-up so compares a handful of 32-bit words; two
//! keys that agree in all 46 bits are as rare as a 46-bit hash collision.

use super::features::{largest_known_pattern_and_reach, tactics, Tactics, TACTIC_VALUES};
use crate::board::Board;
use crate::color::Color;
use crate::variants::Variant;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

const MAGIC: &[u8; 4] = b"VGMM";
const VERSION: u32 = 2;

/// The index has a slot for every value of a key's top bits.
const INDEX_BITS: u32 = 14;
/// Below them, the bits of a key that the file keeps.
const FRAGMENT_SHIFT: u32 = 64 - INDEX_BITS - 32;

/// Where a key's pattern is filed: its index slot and its fragment.
#[inline]
fn slot_and_fragment(key: u64) -> (usize, u32) {
    ((key >> (64 - INDEX_BITS)) as usize, (key >> FRAGMENT_SHIFT) as u32)
}

/// A model's weights as learning makes them, to be written to a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// One weight per value of each tactical feature, in field order.
    pub tactics: [Vec<f32>; 7],
    /// The known patterns' keys, in increasing order, and their weights.
    pub patterns: Vec<(u64, f32)>,
}

impl Weights {
    /// Weights of 0 for the tactical values and the patterns `keys`.
    pub fn blank(keys: &[u64]) -> Weights {
        let mut patterns: Vec<(u64, f32)> = keys.iter().map(|&k| (k, 0.0)).collect();
        patterns.sort_unstable_by_key(|&(k, _)| k);
        patterns.dedup_by_key(|&mut (k, _)| k);
        Weights {
            tactics: TACTIC_VALUES.map(|n| vec![0.0; n]),
            patterns,
        }
    }

    /// The model file of these weights for `variant` (its name).
    pub fn to_bytes(&self, variant: &str) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(variant.len() as u32).to_le_bytes());
        out.extend_from_slice(variant.as_bytes());
        for weights in &self.tactics {
            out.extend_from_slice(&(weights.len() as u32).to_le_bytes());
            for w in weights {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&(self.patterns.len() as u32).to_le_bytes());
        let mut index = vec![0u32; (1 << INDEX_BITS) + 1];
        for &(key, _) in &self.patterns {
            index[slot_and_fragment(key).0 + 1] += 1;
        }
        for slot in 1..index.len() {
            index[slot] += index[slot - 1];
        }
        for start in index {
            out.extend_from_slice(&start.to_le_bytes());
        }
        for &(key, _) in &self.patterns {
            out.extend_from_slice(&slot_and_fragment(key).1.to_le_bytes());
        }
        for (_, weight) in &self.patterns {
            out.extend_from_slice(&weight.to_le_bytes());
        }
        out
    }
}

/// A model read in place from the bytes of its file.
#[derive(Clone, Debug)]
pub struct MoveModel<'a> {
    /// One weight per value of each tactical feature, in field order.
    pub tactics: [Vec<f32>; 7],
    /// Where the patterns of each index slot start, 4 bytes each; one more
    /// at the end.
    index: &'a [u8],
    /// The patterns' key fragments, 4 bytes each, in the order of their keys.
    fragments: &'a [u8],
    /// Their weights, 4 bytes each.
    weights: &'a [u8],
    identity: u64,
}

/// The little-endian 32-bit word at word `i` of `bytes`.
#[inline]
fn word(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().expect("4 bytes"))
}

impl<'a> MoveModel<'a> {
    /// Reads a model file, which must be `variant`'s (its name).
    pub fn from_bytes(bytes: &'a [u8], variant: &str) -> Result<MoveModel<'a>, String> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(4)? != MAGIC {
            return Err("not a move model".into());
        }
        let version = reader.u32()?;
        if version != VERSION {
            return Err(format!("move model version {version}, expected {VERSION}"));
        }
        let name_length = reader.u32()? as usize;
        let name = reader.take(name_length)?;
        if name != variant.as_bytes() {
            return Err(format!(
                "a move model of {}, not of {variant}",
                String::from_utf8_lossy(name)
            ));
        }
        let mut tactics = TACTIC_VALUES.map(|_| Vec::new());
        for (weights, &expected) in tactics.iter_mut().zip(&TACTIC_VALUES) {
            let n = reader.u32()? as usize;
            if n != expected {
                return Err(format!("a tactical feature with {n} values, expected {expected}"));
            }
            *weights = (0..n)
                .map(|_| reader.u32().map(f32::from_bits))
                .collect::<Result<_, _>>()?;
        }
        let n = reader.u32()? as usize;
        let index = reader.take(4 * ((1 << INDEX_BITS) + 1))?;
        let fragments = reader.take(4 * n)?;
        let weights = reader.take(4 * n)?;
        if reader.at != bytes.len() {
            return Err("trailing bytes after the move model".into());
        }
        let slots = (1 << INDEX_BITS) + 1;
        if word(index, 0) != 0
            || word(index, slots - 1) as usize != n
            || (1..slots).any(|i| word(index, i) < word(index, i - 1))
        {
            return Err("the move model's index is broken".into());
        }
        static READ: AtomicU64 = AtomicU64::new(1);
        Ok(MoveModel {
            tactics,
            index,
            fragments,
            weights,
            identity: READ.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// A number of its own for each model read, for the caches of its
    /// scores.
    pub fn identity(&self) -> u64 {
        self.identity
    }

    /// How many patterns the model knows.
    pub fn patterns(&self) -> usize {
        self.fragments.len() / 4
    }

    /// Where `key` stands among the known patterns, if it is one.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        let (slot, fragment) = slot_and_fragment(key);
        let (start, end) = (word(self.index, slot) as usize, word(self.index, slot + 1) as usize);
        (start..end).find(|&i| word(self.fragments, i) == fragment)
    }

    /// The weight of the pattern `key`, if the model knows it.
    #[inline]
    pub fn pattern_weight(&self, key: u64) -> Option<f32> {
        self.find(key).map(|i| f32::from_bits(word(self.weights, i)))
    }

    /// The move's score: the sum of its features' weights, with the
    /// weight of the largest pattern the model knows.
    #[inline]
    pub fn score(&self, board: &Board, color: Color, p: usize, tactics: &Tactics) -> f32 {
        self.tactical_score(tactics) + self.pattern_score(board, color, p)
    }

    /// The sum of the weights of the move's tactical features.
    #[inline]
    pub fn tactical_score(&self, tactics: &Tactics) -> f32 {
        tactics
            .values()
            .iter()
            .zip(&self.tactics)
            .map(|(&v, weights)| weights[v as usize])
            .sum()
    }

    /// The weight of the largest pattern of the move that the model knows,
    /// 0 for none.
    #[inline]
    pub fn pattern_score(&self, board: &Board, color: Color, p: usize) -> f32 {
        self.pattern_score_and_reach(board, color, p).0
    }

    /// [`pattern_score`](Self::pattern_score), with the distance out to
    /// which the patterns were read: the score depends on no stone farther
    /// away.
    #[inline]
    pub fn pattern_score_and_reach(&self, board: &Board, color: Color, p: usize) -> (f32, i32) {
        let (weight, reach) = largest_known_pattern_and_reach(board, color, p, |key| self.pattern_weight(key));
        (weight.unwrap_or(0.0), reach)
    }

    /// The chance of each move of `points` (empty, legal) for `color`,
    /// `last` and `last2` the last two moves' points (0 for none).
    pub fn probabilities(&self, board: &Board, color: Color, last: usize, last2: usize, points: &[usize]) -> Vec<f32> {
        let scores: Vec<f32> = points
            .iter()
            .map(|&p| self.score(board, color, p, &tactics(board, color, p, last, last2)))
            .collect();
        softmax(&scores)
    }
}

/// The softmax of `scores`.
pub fn softmax(scores: &[f32]) -> Vec<f32> {
    let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
    let total: f32 = exps.iter().sum();
    exps.into_iter().map(|e| e / total).collect()
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).ok_or("move model cut short")?;
        let slice = self.bytes.get(self.at..end).ok_or("move model cut short")?;
        self.at = end;
        Ok(slice)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
}

/// Go's model, as it ships with the program.
pub fn builtin() -> &'static MoveModel<'static> {
    static MODEL: OnceLock<MoveModel<'static>> = OnceLock::new();
    MODEL.get_or_init(|| {
        MoveModel::from_bytes(include_bytes!("moves.model"), "go").expect("the built-in move model reads")
    })
}

/// The model read by [`read_file`], with its variant and file.
static FROM_FILE: OnceLock<(Variant, PathBuf, MoveModel<'static>)> = OnceLock::new();

/// Reads `variant`'s model from `path` (`--model`) for the rest of the
/// run: Go's search then takes it instead of the built-in one, and those
/// of Atari Go, Yugo and Tanbo, which have none built in, add it to their own
/// priors. Read once, so the program keeps the file's bytes to the end.
pub fn read_file(path: &Path, variant: Variant) -> Result<(), String> {
    variant.check_move_features()?;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let model = MoveModel::from_bytes(bytes, variant.name()).map_err(|e| format!("{}: {e}", path.display()))?;
    FROM_FILE
        .set((variant, path.to_path_buf(), model))
        .map_err(|_| "a move model has already been read".to_string())
}

/// The model that `variant`'s search uses: one read by [`read_file`], or
/// Go's built-in one; `None` for a variant with neither.
pub fn in_use(variant: Variant) -> Option<&'static MoveModel<'static>> {
    match FROM_FILE.get() {
        Some((read, _, model)) if *read == variant => Some(model),
        _ => (variant == Variant::Go).then(builtin),
    }
}

/// The file of the model that [`read_file`] read for `variant`, if any.
pub fn file_in_use(variant: Variant) -> Option<&'static Path> {
    FROM_FILE
        .get()
        .filter(|(read, _, _)| *read == variant)
        .map(|(_, path, _)| path.as_path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_reads_back_what_it_wrote() {
        let mut weights = Weights::blank(&[1 << 40, 7, u64::MAX, 7, 3 << 62]);
        weights.tactics[0][3] = 1.5;
        weights.patterns[0].1 = -0.25;
        let bytes = weights.to_bytes("atari");
        let model = MoveModel::from_bytes(&bytes, "atari").unwrap();
        assert_eq!(model.patterns(), 4);
        assert_eq!(model.tactics, weights.tactics);
        for &(key, weight) in &weights.patterns {
            assert_eq!(model.pattern_weight(key), Some(weight));
        }
        assert_eq!(model.pattern_weight(7), Some(-0.25));
        assert_eq!(model.pattern_weight(8 << 20), None);
        assert!(MoveModel::from_bytes(&bytes[..bytes.len() - 1], "atari").is_err());
        assert!(MoveModel::from_bytes(&[bytes.clone(), vec![0]].concat(), "atari").is_err());
        assert!(MoveModel::from_bytes(b"VGMX", "atari").is_err());
        assert_eq!(
            MoveModel::from_bytes(&bytes, "go").unwrap_err(),
            "a move model of atari, not of go"
        );
        let mut old = bytes.clone();
        old[4] = 1;
        assert_eq!(
            MoveModel::from_bytes(&old, "atari").unwrap_err(),
            "move model version 1, expected 2"
        );
    }

    #[test]
    fn the_built_in_model_reads() {
        let model = builtin();
        assert!(model.patterns() > 1000, "{} patterns", model.patterns());
    }

    #[test]
    fn softmax_sums_to_one_and_keeps_the_order() {
        let p = softmax(&[1.0, 3.0, 2.0]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[1] > p[2] && p[2] > p[0]);
    }
}
