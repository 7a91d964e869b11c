//! The mex of codes whose repeating digit splits (`4.(7)`, `0.(6)`,
//! `0.1(7)`), without rescanning every pair for every heap.
//!
//! In such a code every removal from some `k0` on may split (bit 4 from
//! digit `k0` through the tail, no digit before `k0` splitting, and no
//! digit leaving three heaps), so the splits of heap `n` leave every pair
//! `a + b <= s = n − k0`: the set `T(s)` of their values `G(a) ^ G(b)` only
//! grows with `n`. A plain mex inserts all `O(n²)` pairs of every heap.
//! Here a value is asked about only when it is the next candidate for the
//! mex (not left by a single move), and once a pair gives it, it is
//! excluded for good (`T` grows). Whether a pair gives `v`:
//!
//! - exactly: some heap `a` with `first[G(a) ^ v] <= s − a`, where
//!   `first[w]` is the least heap of value `w` (the least partner of a
//!   value is as good as any), over heaps `a` that are first of their value;
//! - and, first, a cheap sufficient test that none does, from a linear
//!   bound: with `α = σ/p >= 0` and `R(x) = p·G(x) − σ·x`, any pair of heaps
//!   `a, b >= x0` has `p·(G(a) ^ G(b)) <= p·(G(a) + G(b)) <= σ·s + 2·max R`,
//!   so a `v` with `p·v` above that is given by no such pair; pairs with a
//!   heap below `x0` are checked one by one. The bound is sound for any
//!   `σ, p, x0`; it is effective when the values grow at slope `σ/p`, as in
//!   an arithmetic period `G(n + p) = G(n) + σ` (taken from the period the
//!   solver observes). `4.(7)` (`G(n) = 2n − 2` from heap 2) then costs
//!   `O(x0)` a heap instead of `O(n)`.

use std::collections::BTreeSet;

use super::values::ValueTable;
use crate::takebreak::TakeBreak;

/// Heaps below `x0` are checked pair by pair in the quick test, so it is
/// kept small.
const MAX_X0: usize = 64;

/// The linear bound of the module docs.
#[derive(Clone, Copy, Debug)]
struct Envelope {
    period: i128,
    saltus: i128,
    x0: usize,
    /// `max R(x)` over computed heaps `x >= x0`.
    r_max: i128,
}

/// The state of the incremental mex for a splitting repeating digit.
#[derive(Clone, Debug)]
pub(super) struct SplitTail {
    /// Splits of heap `n` leave pairs summing to at most `n − k0`.
    k0: usize,
    /// Whether the repeating digit also leaves one heap (`1..=n − L`).
    prefix: bool,
    /// `max(listed digits, 1)`: the least removal of the repeating digit.
    tail_from: usize,
    /// Values below `top` that are neither left by the prefix nor known to
    /// be a pair's value; every value from `top` on is unknown too.
    candidates: BTreeSet<u32>,
    top: u32,
    /// Heaps `1..prefix_end` are in the prefix.
    prefix_end: usize,
    /// The least heap `>= 1` of each value (`u32::MAX`: none yet).
    first: Vec<u32>,
    /// Heaps that are the first of their value, ascending.
    firsts: Vec<u32>,
    /// Heaps `1..indexed` are in `first`.
    indexed: usize,
    envelope: Option<Envelope>,
}

impl SplitTail {
    /// The state for `rules`, if it is a code this applies to.
    pub(super) fn for_rules(rules: &TakeBreak) -> Option<SplitTail> {
        let tail = rules.tail_digit();
        let digits = rules.digits();
        let applies = !rules.is_grundys_game()
            && tail & 4 != 0
            && digits.iter().chain([&tail]).all(|&d| d & 8 == 0);
        if !applies {
            return None;
        }
        // The splitting run reaching the tail, and no split before it.
        let k0 = digits
            .iter()
            .rposition(|&d| d & 4 == 0)
            .map_or(0, |k| k + 1);
        if digits[..k0].iter().any(|&d| d & 4 != 0) {
            return None;
        }
        Some(SplitTail {
            k0,
            prefix: tail & 2 != 0,
            tail_from: digits.len().max(1),
            candidates: BTreeSet::new(),
            top: 0,
            prefix_end: 1,
            first: Vec::new(),
            firsts: Vec::new(),
            indexed: 1,
            envelope: None,
        })
    }

    /// Marks `v` as an option of every heap from now on.
    fn exclude(&mut self, v: u32) {
        if v >= self.top {
            self.candidates.extend(self.top..v);
            self.top = v + 1;
        } else {
            self.candidates.remove(&v);
        }
    }

    /// Takes the arithmetic period `G(n + period) = G(n) + saltus` from
    /// `preperiod` as the slope of the quick test (recomputing its maximum
    /// over the heaps so far).
    pub(super) fn set_slope(
        &mut self,
        values: &ValueTable,
        period: u64,
        saltus: u64,
        preperiod: u64,
    ) {
        let x0 = usize::try_from(preperiod)
            .unwrap_or(MAX_X0)
            .clamp(1, MAX_X0);
        let same = self.envelope.is_some_and(|e| {
            (e.period, e.saltus, e.x0) == (i128::from(period), i128::from(saltus), x0)
        });
        if same || period == 0 {
            return;
        }
        let (p, sigma) = (i128::from(period), i128::from(saltus));
        let r_max = (x0..self.indexed)
            .map(|x| p * i128::from(values.get(x).unwrap_or(0)) - sigma * x as i128)
            .max()
            .unwrap_or(i128::MIN / 4);
        self.envelope = Some(Envelope {
            period: p,
            saltus: sigma,
            x0,
            r_max,
        });
    }

    /// Brings the index of first heaps, the envelope's maximum and the
    /// prefix up to heap `n` (exclusive).
    fn catch_up(&mut self, values: &ValueTable, n: usize) {
        for x in self.indexed..n {
            let v = values.get(x).unwrap_or(0);
            let i = v as usize;
            if i >= self.first.len() {
                self.first.resize(i + 1, u32::MAX);
            }
            if self.first[i] == u32::MAX {
                self.first[i] = x as u32;
                self.firsts.push(x as u32);
            }
            if let Some(e) = self.envelope.as_mut().filter(|e| x >= e.x0) {
                e.r_max = e.r_max.max(e.period * i128::from(v) - e.saltus * x as i128);
            }
        }
        self.indexed = self.indexed.max(n);
        if self.prefix {
            let end = (n + 1).saturating_sub(self.tail_from);
            for m in self.prefix_end..end {
                self.exclude(values.get(m).unwrap_or(0));
            }
            self.prefix_end = self.prefix_end.max(end);
        }
    }

    /// The least heap of value `w`, if any.
    fn first_of(&self, w: u32) -> u64 {
        self.first
            .get(w as usize)
            .map_or(u64::MAX, |&f| u64::from(f))
    }

    /// Whether a pair of heaps `a + b <= s` has value `v`.
    fn in_pairs(&self, values: &ValueTable, v: u32, s: usize) -> bool {
        let s64 = s as u64;
        let pair_with = |a: usize| {
            let g = values.get(a).unwrap_or(0);
            self.first_of(g ^ v).saturating_add(a as u64) <= s64
        };
        if let Some(e) = self.envelope {
            let small = (1..e.x0.min(s)).any(pair_with);
            if small {
                return true;
            }
            let bound = e.saltus * s as i128 + 2 * e.r_max;
            if e.period * i128::from(v) > bound {
                return false;
            }
        }
        self.firsts
            .iter()
            .take_while(|&&a| 2 * (a as usize) <= s)
            .any(|&a| pair_with(a as usize))
    }

    /// `G(n)`, given the values of the options of the listed digits
    /// (`others`), with every heap below `n` computed.
    pub(super) fn value(&mut self, values: &ValueTable, n: usize, others: &[u32]) -> u32 {
        self.catch_up(values, n);
        let s = n.saturating_sub(self.k0);
        let mut from = 0u32;
        loop {
            let c = match self.candidates.range(from..).next() {
                Some(&c) => c,
                None => from.max(self.top),
            };
            if others.contains(&c) {
                from = c + 1;
                continue;
            }
            if s >= 2 && self.in_pairs(values, c, s) {
                self.exclude(c);
                from = c + 1;
                continue;
            }
            return c;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::SplitTail;
    use crate::takebreak::{
        HeapEngine, HeapSolver, SequenceConfig, SolverChoice, TakeBreak, ValueTable,
    };

    fn values(rules: &TakeBreak, solver: SolverChoice, to: u64) -> (ValueTable, HeapEngine) {
        let config = SequenceConfig {
            solver,
            stop_when_proved: false,
            threads: 1,
            ..SequenceConfig::default()
        };
        let mut s = HeapSolver::new(rules.clone(), config).unwrap();
        s.try_extend(to, u64::MAX).unwrap();
        (s.values().clone(), s.engine())
    }

    #[test]
    fn which_codes_apply() {
        for (code, applies) in [
            ("4.(7)", true),
            ("0.(6)", true),
            ("0.(4)", true),
            ("0.1(7)", true),
            ("0.34(5)", true),
            ("0.4(3)", false),
            ("0.41(4)", false),
            ("0.(f)", false),
            ("0.77", false),
            ("0.(3)", false),
        ] {
            let rules = TakeBreak::from_code(code).unwrap();
            assert_eq!(SplitTail::for_rules(&rules).is_some(), applies, "{code}");
        }
    }

    #[test]
    fn four_point_repeating_seven_is_two_n_minus_two() {
        let rules = TakeBreak::from_code("4.(7)").unwrap();
        let (fast, engine) = values(&rules, SolverChoice::Auto, 600);
        assert_eq!(engine, HeapEngine::SplitTail);
        assert_eq!(fast, values(&rules, SolverChoice::Plain, 600).0);
        assert!((2..=600).all(|n| fast.get(n) == Some(2 * n as u32 - 2)));
    }

    #[test]
    fn resuming_continues_with_the_same_values_at_the_same_speed() {
        for code in ["4.(7)", "0.1(2)"] {
            let rules = TakeBreak::from_code(code).unwrap();
            let (first, _) = values(&rules, SolverChoice::Auto, 20_000);
            let config = SequenceConfig {
                stop_when_proved: false,
                threads: 1,
                ..SequenceConfig::default()
            };
            let start = std::time::Instant::now();
            let mut resumed = HeapSolver::resume(rules.clone(), config, first).unwrap();
            resumed.try_extend(20_100, u64::MAX).unwrap();
            // The plain mex would take minutes to check the last heaps.
            assert!(
                start.elapsed().as_secs() < 20,
                "{code}: {:?}",
                start.elapsed()
            );
            assert_eq!(
                *resumed.values(),
                values(&rules, SolverChoice::Auto, 20_100).0
            );
        }
    }

    #[test]
    fn its_index_counts_against_the_memory_budget() {
        let config = SequenceConfig {
            memory_budget: 1 << 16,
            stop_when_proved: false,
            threads: 1,
            ..SequenceConfig::default()
        };
        let rules = TakeBreak::from_code("4.(7)").unwrap();
        let mut s = HeapSolver::new(rules, config).unwrap();
        match s.try_extend(100_000, u64::MAX) {
            // About 16 bytes a heap: 2 for the value, 12 for the index (its
            // values grow twice as fast as the heaps), so near heap 4000;
            // the table alone would reach heap 2^15.
            Err(crate::takebreak::HeapSolveError::MemoryBudget { heap, .. }) => {
                assert!((3000..6000).contains(&heap), "{heap}")
            }
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Codes whose repeating digit splits: the candidate-driven mex
        /// gives the plain mex's values on every heap up to 300.
        #[test]
        fn splitting_repeating_codes_match_the_plain_mex(
            lead in prop_oneof![Just(0u8), Just(4u8)],
            takes in proptest::collection::vec(0u8..4, 0..5),
            splits in proptest::collection::vec(4u8..8, 0..3),
            tail in 4u8..8,
        ) {
            let code: String = takes
                .iter()
                .chain(&splits)
                .map(|d| char::from(b'0' + d))
                .collect();
            let rules = TakeBreak::from_code(&format!("{lead}.{code}({tail})")).unwrap();
            let (fast, engine) = values(&rules, SolverChoice::Auto, 300);
            prop_assume!(engine == HeapEngine::SplitTail);
            prop_assert_eq!(fast, values(&rules, SolverChoice::Plain, 300).0);
        }
    }
}
