//! A computed heap sequence: values, periodicity, statistics.

use std::collections::BTreeMap;

use super::period::Periodicity;
use super::values::ValueTable;
use crate::takebreak::TakeBreak;
use crate::vocab::nimber::Nimber;

/// Why a value could not be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The heap is beyond the computed values and no period is proved.
    #[error(
        "G({heap}) of `{game}` is unknown: values were computed for heaps 0..={last} and no \
         period is proved{observed}; compute further (e.g. with a store) to reach it"
    )]
    BeyondComputed {
        /// The game.
        game: String,
        /// The heap asked for.
        heap: u64,
        /// The last computed heap.
        last: u64,
        /// A note on an observed (unproved) pattern, or empty.
        observed: String,
    },
    /// The heap's value does not fit in 64 bits (arithmetic periodicity).
    #[error("G({heap}) does not fit in 64 bits")]
    Overflow {
        /// The heap asked for.
        heap: u64,
    },
}

/// The values `G(0), G(1), …` of a take-and-break game as far as computed,
/// answering every heap `n < 2^64` at once when a period is proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapSequence {
    rules: TakeBreak,
    values: ValueTable,
    periodicity: Option<Periodicity>,
}

impl HeapSequence {
    /// A sequence from its parts (as the solver or a store gives them).
    pub fn new(
        rules: TakeBreak,
        values: ValueTable,
        periodicity: Option<Periodicity>,
    ) -> HeapSequence {
        HeapSequence {
            rules,
            values,
            periodicity,
        }
    }

    /// The game.
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }

    /// The computed values, `G(0..len)`.
    pub fn values(&self) -> &ValueTable {
        &self.values
    }

    /// The number of computed values.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether no value was computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The periodicity found, proved or only observed.
    pub fn periodicity(&self) -> Option<&Periodicity> {
        self.periodicity.as_ref()
    }

    /// `G(n)`: read from the table, or from the period when it is proved.
    pub fn get(&self, n: u64) -> Result<Nimber, SequenceError> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Ok(Nimber(u64::from(v)));
        }
        match self.periodicity {
            Some(p) if p.proved => p
                .extend(&self.values, n)
                .map(Nimber)
                .ok_or(SequenceError::Overflow { heap: n }),
            _ => Err(SequenceError::BeyondComputed {
                game: self.rules.to_string(),
                heap: n,
                last: self.len().saturating_sub(1),
                observed: match self.periodicity {
                    Some(p) => format!(
                        " (observed, not proved: period {} from heap {}{})",
                        p.period,
                        p.preperiod,
                        if p.saltus > 0 {
                            format!(" with saltus {}", p.saltus)
                        } else {
                            String::new()
                        }
                    ),
                    None => String::new(),
                },
            }),
        }
    }

    /// Statistics of the computed values, with the sparse space of
    /// positions where the game's splits allow it (see [`SequenceStats`]).
    pub fn stats(&self) -> SequenceStats {
        SequenceStats::of_game(&self.rules, &self.values)
    }
}

/// The most rare heaps listed in [`SequenceStats::rare_heaps`].
pub const MAX_LISTED_RARE_HEAPS: usize = 1000;

/// Statistics of computed values, in the terms of the sparse-space literature.
///
/// A value `v` is *rare* for the mask `m` when `popcount(v & m)` is even
/// (Gangolli & Plambeck; Flammenkamp); the mask reported is the one with the
/// fewest rare heaps among `1..len` (heap 0, always 0, does not choose it).
/// Rare heaps are counted and listed from heap 0, whose value 0 is rare for
/// every mask, as the published tables count them (Flammenkamp's "1287 are
/// known for Grundy's Game"; the `num rare` column of tczajka/octal-games).
///
/// For a game whose splits all remove a number of tokens of one parity `d`
/// ([`SequenceStats::of_game`]), the sparse space *of positions* is looked
/// at too (Flammenkamp, "Sparse- and Common-Positions of Sprague-Grundy
/// Values of Octal-Games"): heap `n` is rare when `popcount(G(n) & m) ≡ n +
/// d (mod 2)`; [`SequenceStats::twist`] is then `Some(d)`. Whichever kind
/// has fewer rare heaps among `1..len` is reported (the values' kind on a
/// tie). Why `d` and no other twist: `solve.rs`'s module docs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SequenceStats {
    /// Values computed (heaps `0..computed`).
    pub computed: u64,
    /// The largest value.
    pub largest: u64,
    /// The first heap where it occurs.
    pub largest_at: u64,
    /// How many heaps have each value.
    pub counts: BTreeMap<u64, u64>,
    /// The sparse-space mask (None when the values are not sparse: more than
    /// a quarter of the heaps would be rare, or the values are too wide).
    pub mask: Option<u64>,
    /// `None` when rarity is of values (`popcount(G(n) & mask)` even);
    /// `Some(t)` when it is of positions: heap `n` is rare when
    /// `popcount(G(n) & mask) ≡ n + t (mod 2)`.
    pub twist: Option<u8>,
    /// The values of the rare heaps, ascending (with no twist, the rare
    /// values that occur).
    pub rare_values: Vec<u64>,
    /// The number of heaps with a rare value, heap 0 included.
    pub rare_count: u64,
    /// The first [`MAX_LISTED_RARE_HEAPS`] heaps with a rare value, from heap 0.
    pub rare_heaps: Vec<u64>,
    /// The last heap with a rare value.
    pub last_rare_heap: Option<u64>,
}

impl SequenceStats {
    /// The statistics of `values = G(0..len)`, with rarity of values only.
    pub fn of(values: &ValueTable) -> SequenceStats {
        SequenceStats::with_twists(values, &[])
    }

    /// The statistics of `values = G(0..len)` of the game `rules`: rarity
    /// of values, or of positions when every split of `rules` removes a
    /// number of tokens of one parity (and leaves two heaps).
    pub fn of_game(rules: &TakeBreak, values: &ValueTable) -> SequenceStats {
        let digits = rules.digits();
        let splits: Vec<usize> = (0..digits.len()).filter(|&k| digits[k] & 4 != 0).collect();
        let two_heaps = rules.tail_digit() & 12 == 0 && digits.iter().all(|&d| d & 8 == 0);
        let parity = splits.first().map(|k| k % 2);
        let one_parity = parity.filter(|&d| two_heaps && splits.iter().all(|k| k % 2 == d));
        match one_parity {
            Some(d) => SequenceStats::with_twists(values, &[d as u8]),
            None => SequenceStats::of(values),
        }
    }

    /// The statistics, looking at rarity of values and of positions with
    /// each twist of `twists`.
    fn with_twists(values: &ValueTable, twists: &[u8]) -> SequenceStats {
        let (mut largest, mut largest_at) = (0, 0);
        for (i, v) in values.iter().enumerate() {
            if v > largest {
                (largest, largest_at) = (v, i);
            }
        }
        // Counted in an array where the values allow (a map costs a lookup
        // per heap: seconds at 2^28 heaps).
        let mut counts = BTreeMap::new();
        if (largest as usize) < (1 << 16).max(values.len()).min(1 << 24) {
            let mut array = vec![0u64; largest as usize + 1];
            for v in values.iter() {
                array[v as usize] += 1;
            }
            counts.extend((0u64..).zip(array).filter(|&(_, count)| count > 0));
        } else {
            for v in values.iter() {
                *counts.entry(u64::from(v)).or_insert(0) += 1;
            }
        }
        let mut stats = SequenceStats {
            computed: values.len() as u64,
            largest: u64::from(largest),
            largest_at: largest_at as u64,
            counts,
            mask: None,
            twist: None,
            rare_values: Vec::new(),
            rare_count: 0,
            rare_heaps: Vec::new(),
            last_rare_heap: None,
        };
        let bits = 32 - largest.leading_zeros();
        if values.len() < 2 || bits > 20 {
            return stats;
        }
        // One transform over x = 2·G(n) + (n mod 2): a mask 2m (without the
        // parity bit) counts the values' kind for m, an odd mask 2m + 1 the
        // positions' kind, `popcount(G & m) + n ≡ popcount(x & (2m + 1))`.
        let mut walsh = vec![0i64; 2 << bits];
        for (i, v) in values.iter().enumerate().skip(1) {
            walsh[(v as usize) << 1 | (i & 1)] += 1;
        }
        let total = (values.len() - 1) as i64;
        super::solve::walsh_hadamard(&mut walsh);
        // Rare heaps among 1..len: (total + W) / 2 for the values' kind and
        // twist 0, (total − W) / 2 for twist 1.
        let mut best: Option<(i64, usize, Option<u8>)> = None;
        for m in (2..walsh.len()).step_by(2) {
            if best.is_none_or(|b| walsh[m] < b.0) {
                best = Some((walsh[m], m, None));
            }
        }
        for &t in twists {
            for m in (1..walsh.len()).step_by(2) {
                let signed = if t == 1 { -walsh[m] } else { walsh[m] };
                if best.is_none_or(|b| signed < b.0) {
                    best = Some((signed, m, Some(t)));
                }
            }
        }
        let Some((signed, m, twist)) = best else {
            return stats;
        };
        if (total + signed) * 2 > total {
            return stats; // more than a quarter rare: not sparse
        }
        let mask = (m >> 1) as u64;
        let rare = |i: usize, v: u32| {
            let ones = (u64::from(v) & mask).count_ones() as usize;
            match twist {
                None => ones & 1 == 0,
                Some(t) => (ones + i + usize::from(t)) & 1 == 0,
            }
        };
        stats.mask = Some(mask);
        stats.twist = twist;
        // Rare values of the values' kind are read from the counts; those of
        // rare positions are gathered (they are few, or the kind is not
        // reported).
        let mut rare_values = std::collections::BTreeSet::new();
        if twist.is_none() {
            rare_values.extend(stats.counts.keys().copied().filter(|&v| rare(0, v as u32)));
        }
        for (i, v) in values.iter().enumerate() {
            if rare(i, v) {
                if twist.is_some() {
                    rare_values.insert(u64::from(v));
                }
                stats.rare_count += 1;
                if stats.rare_heaps.len() < MAX_LISTED_RARE_HEAPS {
                    stats.rare_heaps.push(i as u64);
                }
                stats.last_rare_heap = Some(i as u64);
            }
        }
        stats.rare_values = rare_values.into_iter().collect();
        stats
    }

    /// The empirical entropy of the values in bits a heap,
    /// `−Σ (c/n) log2(c/n)` over the counts `c`: what an ideal coder of
    /// the values one at a time, knowing their frequencies, would need. The
    /// measure of "near the information-theoretic need" for a table.
    pub fn entropy_bits(&self) -> f64 {
        let n = self.computed as f64;
        if self.computed == 0 {
            return 0.0;
        }
        self.counts
            .values()
            .map(|&c| {
                let p = c as f64 / n;
                -p * p.log2()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropy_is_that_of_the_value_frequencies() {
        // Half zeros, a quarter ones, a quarter twos: 1/2·1 + 2·(1/4·2) = 1.5 bits.
        let stats = SequenceStats::of(&ValueTable::from(vec![0, 0, 1, 2]));
        assert!((stats.entropy_bits() - 1.5).abs() < 1e-12);
        // One value only: nothing to tell.
        let stats = SequenceStats::of(&ValueTable::from(vec![5; 9]));
        assert_eq!(stats.entropy_bits(), 0.0);
        assert_eq!(SequenceStats::of(&ValueTable::new()).entropy_bits(), 0.0);
    }

    #[test]
    fn counts_of_wide_values_are_kept() {
        // Values past the array used for counting go through the map.
        let stats = SequenceStats::of(&ValueTable::from(vec![0, 1 << 25, 3, 1 << 25]));
        assert_eq!(stats.counts.get(&(1 << 25)), Some(&2));
        assert_eq!((stats.largest, stats.largest_at), (1 << 25, 1));
    }
}
