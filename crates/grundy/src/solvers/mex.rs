//! The minimum excludant over a reusable bitset.

/// A set of small non-negative integers, kept as a bitset that is reused
/// between positions so that computing a mex allocates nothing.
///
/// ```
/// use grundy::solvers::mex::MexSet;
/// let mut s = MexSet::new();
/// for v in [0, 1, 3] { s.insert(v); }
/// assert_eq!(s.mex(), 2);
/// s.clear();
/// assert_eq!(s.mex(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Words that may be non-zero: clearing touches only these.
    used: usize,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Adds `v`.
    #[inline]
    pub fn insert(&mut self, v: u64) {
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
        self.used = self.used.max(w + 1);
    }

    /// Whether `v` is present.
    #[inline]
    pub fn contains(&self, v: u64) -> bool {
        let w = (v / 64) as usize;
        w < self.used && self.words[w] & (1 << (v % 64)) != 0
    }

    /// Empties the set, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
    }

    /// The least non-negative integer not in the set.
    #[inline]
    pub fn mex(&self) -> u64 {
        mex_of_words(&self.words[..self.used])
    }
}

/// The least index of a zero bit in `words`, reading past the end as zeros.
#[inline]
pub fn mex_of_words(words: &[u64]) -> u64 {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return i as u64 * 64 + (!w).trailing_zeros() as u64;
        }
    }
    words.len() as u64 * 64
}

/// The mex of a list of values, by sorting: the naive reference for tests.
pub fn mex_naive(values: &[u64]) -> u64 {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    v.iter()
        .enumerate()
        .find(|&(i, &x)| i as u64 != x)
        .map_or(v.len() as u64, |(i, _)| i as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bitset_mex_equals_sorting_mex(values in proptest::collection::vec(0u64..300, 0..200)) {
            let mut s = MexSet::new();
            for &v in &values { s.insert(v); }
            prop_assert_eq!(s.mex(), mex_naive(&values));
            for &v in &values { prop_assert!(s.contains(v)); }
            s.clear();
            prop_assert_eq!(s.mex(), 0);
        }
    }
}
