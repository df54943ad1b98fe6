//! The learned move model: how likely a strong player is to choose each
//! move, as a softmax over a weight per feature value (see
//! [`super`]), learned from game records or self-play by `variago learn`
//! ([`crate::learn`]). The tree search takes it as its priors, as Pachi
//! takes its pattern probabilities.
//!
//! A model is read where it lies, so that it costs the engine no more
//! memory than its file. The file is little-endian: `VGMM`, a version,
//! the variant's name (its length in a word, then its bytes), the weights
//! of each of the variant's tactical features (their number in a word,
//! then the weights), the number of known patterns, an index of where the patterns
//! whose keys have each value of the top 14 bits start, then for every
//! pattern in the order of its key the next 32 bits of the key, and then
//! their weights. A look-up so compares a handful of 32-bit words; two
//! keys that agree in all 46 bits are as rare as a 46-bit hash collision.

use super::{largest_known_pattern, MoveFeatures, Tactic, TacticValues};
use crate::moves::{Move, Vertex};
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// One weight per value of each tactical feature, in order.
    pub tactics: Vec<Vec<f32>>,
    /// The known patterns' keys, in increasing order, and their weights.
    pub patterns: Vec<(u64, f32)>,
}

impl Weights {
    /// Weights of 0 for the values of `tactics` and the patterns `keys`.
    pub fn blank(tactics: &[Tactic], keys: &[u64]) -> Weights {
        let mut patterns: Vec<(u64, f32)> = keys.iter().map(|&k| (k, 0.0)).collect();
        patterns.sort_unstable_by_key(|&(k, _)| k);
        patterns.dedup_by_key(|&mut (k, _)| k);
        Weights {
            tactics: tactics.iter().map(|t| vec![0.0; t.values]).collect(),
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
    /// One weight per value of each tactical feature, in order.
    pub tactics: Vec<Vec<f32>>,
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
    /// Reads a model file, which must be that of `variant` (its name),
    /// whose moves have the tactical features `tactics`.
    pub fn from_bytes(bytes: &'a [u8], variant: &str, tactics: &[Tactic]) -> Result<MoveModel<'a>, String> {
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
        let tactics = tactics
            .iter()
            .map(|tactic| {
                let n = reader.u32()? as usize;
                if n != tactic.values {
                    return Err(format!(
                        "the feature {} with {n} values, expected {}",
                        tactic.name, tactic.values
                    ));
                }
                (0..n).map(|_| reader.u32().map(f32::from_bits)).collect()
            })
            .collect::<Result<_, String>>()?;
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
    pub fn score(&self, moves: &(impl MoveFeatures + ?Sized), mv: Move) -> f32 {
        self.tactical_score(&moves.tactic_values(mv)) + self.pattern_score(moves, mv)
    }

    /// The sum of the weights of a move's tactical values.
    #[inline]
    pub fn tactical_score(&self, values: &TacticValues) -> f32 {
        values
            .iter()
            .zip(&self.tactics)
            .map(|(&v, weights)| weights[v as usize])
            .sum()
    }

    /// The weight of the largest pattern of `mv` that the model knows, 0
    /// for none.
    pub fn pattern_score(&self, moves: &(impl MoveFeatures + ?Sized), mv: Move) -> f32 {
        largest_known_pattern(moves, mv, |key| self.pattern_weight(key)).unwrap_or(0.0)
    }

    /// The chance of each of `chosen` among them.
    pub fn probabilities(&self, moves: &(impl MoveFeatures + ?Sized), chosen: &[Move]) -> Vec<f32> {
        let scores: Vec<f32> = chosen.iter().map(|&mv| self.score(moves, mv)).collect();
        softmax(&scores)
    }

    /// The virtual wins and visits that the model adds to the prior of
    /// each of `moves` (see [`learned_bonus`]): `None` for a move that
    /// `features` does not describe.
    pub fn bonus(&self, features: &(impl MoveFeatures + ?Sized), moves: &[Move], weight: f32) -> Vec<Option<f32>> {
        let described: Vec<Move> = moves.iter().copied().filter(|&mv| features.describes(mv)).collect();
        let chances = self.probabilities(features, &described);
        learned_bonus(moves, chances, weight, |mv| features.describes(mv))
    }

    /// Pushes to `out` the prior of each of `moves`: `start`'s (the
    /// variant's own, or an even one) with the model's [`MoveModel::bonus`]
    /// of `weight` on top, as many virtual wins as visits.
    pub fn priors(
        &self,
        features: &(impl MoveFeatures + ?Sized),
        moves: &[Move],
        (start, weight): (impl Fn(Move) -> Option<(f32, f32)>, f32),
        out: &mut Vec<Option<(f32, f32)>>,
    ) {
        for (&mv, bonus) in moves.iter().zip(self.bonus(features, moves, weight)) {
            let bonus = bonus.unwrap_or(0.0);
            out.push(start(mv).map(|(wins, visits)| (wins + bonus, visits + bonus)));
        }
    }
}

/// The virtual wins and visits that a model adds to the prior of each of
/// `moves` in a variant that learns from self-play: `weight * sqrt(c)`
/// for a move that `described` accepts, `c` its chance in `chances` (one
/// per described move, in order), and `None` for any other move.
pub fn learned_bonus(
    moves: &[Move],
    chances: Vec<f32>,
    weight: f32,
    described: impl Fn(Move) -> bool,
) -> Vec<Option<f32>> {
    let mut chances = chances.into_iter();
    moves
        .iter()
        .map(|&mv| {
            if described(mv) {
                chances.next().map(|c| weight * c.sqrt())
            } else {
                None
            }
        })
        .collect()
}

/// The points of the placements among `moves`, in order.
pub fn placements(moves: &[Move]) -> Vec<Vertex> {
    moves
        .iter()
        .filter_map(|mv| match mv {
            Move::Place(v) => Some(*v),
            _ => None,
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    const TACTICS: &[Tactic] = &[Tactic::new("one", 4), Tactic::new("two", 3)];

    fn from_bytes<'a>(bytes: &'a [u8], variant: &str) -> Result<MoveModel<'a>, String> {
        MoveModel::from_bytes(bytes, variant, TACTICS)
    }

    #[test]
    fn a_model_reads_back_what_it_wrote() {
        let mut weights = Weights::blank(TACTICS, &[1 << 40, 7, u64::MAX, 7, 3 << 62]);
        weights.tactics[0][3] = 1.5;
        weights.patterns[0].1 = -0.25;
        let bytes = weights.to_bytes("atari");
        let model = from_bytes(&bytes, "atari").unwrap();
        assert_eq!(model.patterns(), 4);
        assert_eq!(model.tactics, weights.tactics);
        for &(key, weight) in &weights.patterns {
            assert_eq!(model.pattern_weight(key), Some(weight));
        }
        assert_eq!(model.pattern_weight(7), Some(-0.25));
        assert_eq!(model.pattern_weight(8 << 20), None);
        assert!(from_bytes(&bytes[..bytes.len() - 1], "atari").is_err());
        assert!(from_bytes(&[bytes.clone(), vec![0]].concat(), "atari").is_err());
        assert!(from_bytes(b"VGMX", "atari").is_err());
        assert_eq!(
            from_bytes(&bytes, "go").unwrap_err(),
            "a move model of atari, not of go"
        );
        let mut old = bytes.clone();
        old[4] = 1;
        assert_eq!(
            from_bytes(&old, "atari").unwrap_err(),
            "move model version 1, expected 2"
        );
        assert!(MoveModel::from_bytes(&bytes, "atari", &TACTICS[..1]).is_err());
        let other = [TACTICS[1], TACTICS[0]];
        assert_eq!(
            MoveModel::from_bytes(&bytes, "atari", &other).unwrap_err(),
            "the feature two with 4 values, expected 3"
        );
    }

    #[test]
    fn softmax_sums_to_one_and_keeps_the_order() {
        let p = softmax(&[1.0, 3.0, 2.0]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[1] > p[2] && p[2] > p[0]);
    }
}
