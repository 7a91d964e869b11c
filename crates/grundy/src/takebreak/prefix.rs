//! The mex of codes whose repeating digit takes without splitting, kept
//! incrementally: all-but subtraction games, Nim (`0.(3)`) and every code
//! like `0.1(2)` or `0.33033(3)`.
//!
//! In such a code (no digit with bit 4 or 8, and a tail digit `t` with bit
//! 2) a heap `n` has two kinds of options. Every removal `k` of the tail
//! (`k >= L`, `L` the number of listed digits, at least 1) leaves one heap
//! `n − k`, so these options are the heaps `1..=n − L`: a *prefix* of the
//! sequence, which only grows with `n`. The listed digits add at most `L + 1`
//! more (a take to `n − k` for each `k < L` with bit 2, and taking a whole
//! heap). A plain mex rescans the prefix for every heap: `O(n)` a heap,
//! `O(n²)` in all, over 30 s for `allbut[1](1000000)`. Here the prefix's
//! values are added once each, and the values it misses are kept as a set
//! (its holes below its largest value, and everything above it); `G(n)` is
//! then the first of those missing values that no listed option takes. With
//! at most `L + 1` such options, at most `L + 2` candidates are looked at: the
//! work is `O(L + log n)` a heap.

use std::collections::BTreeSet;

use super::values::ValueTable;
use crate::takebreak::TakeBreak;

/// The values of the heaps `1..end` as a set of what they miss.
#[derive(Clone, Debug, Default)]
pub(super) struct PrefixMex {
    /// Heaps `1..end` are in.
    end: usize,
    /// Values below `top` that no heap of the prefix has.
    holes: BTreeSet<u32>,
    /// One more than the largest value in the prefix (0 when it is empty).
    top: u32,
}

impl PrefixMex {
    /// Whether `rules` is a code this applies to: no splits anywhere, and a
    /// repeating digit that leaves one heap.
    pub(super) fn applies(rules: &TakeBreak) -> bool {
        !rules.is_grundys_game()
            && rules.tail_digit() & 2 != 0
            && rules
                .digits()
                .iter()
                .chain([&rules.tail_digit()])
                .all(|&d| d & 12 == 0)
    }

    /// Adds the values of heaps up to `end` (exclusive) to the prefix.
    pub(super) fn grow_to(&mut self, values: &ValueTable, end: usize) {
        for m in self.end.max(1)..end {
            let v = values.get(m).unwrap_or(0);
            if v >= self.top {
                // Values skipped on the way up are holes: the jumps add up
                // to the largest value, so this is linear overall.
                self.holes.extend(self.top..v);
                self.top = v + 1;
            } else {
                self.holes.remove(&v);
            }
        }
        self.end = self.end.max(end);
    }

    /// The least value missing from the prefix and from `others`.
    pub(super) fn mex_without(&self, others: &[u32]) -> u32 {
        let mut candidates = self.holes.iter().copied().chain(self.top..);
        // At most `others.len() + 1` candidates: each rejected one is in `others`.
        candidates.find(|v| !others.contains(v)).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_codes_apply() {
        for (code, applies) in [
            ("0.(3)", true),
            ("0.0(3)", true),
            ("0.1(2)", true),
            ("0.33(1)", false),
            ("0.77", false),
            ("4.(7)", false),
            ("0.(7)", false),
            ("0.3", false),
        ] {
            let rules = TakeBreak::from_code(code).unwrap();
            assert_eq!(PrefixMex::applies(&rules), applies, "{code}");
        }
        assert!(PrefixMex::applies(&TakeBreak::all_but(&[1, 4]).unwrap()));
        assert!(!PrefixMex::applies(&TakeBreak::grundys_game()));
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use crate::takebreak::{HeapSolver, SequenceConfig, SolverChoice, TakeBreak, ValueTable};

    /// `G(0..=to)` of `rules` with the given engine choice, and whether the
    /// incremental mex computed them.
    fn values(rules: &TakeBreak, solver: SolverChoice, to: u64) -> (ValueTable, bool) {
        let config = SequenceConfig {
            solver,
            stop_when_proved: false,
            threads: 1,
            ..SequenceConfig::default()
        };
        let mut s = HeapSolver::new(rules.clone(), config).unwrap();
        s.try_extend(to, u64::MAX).unwrap();
        let prefix = s.engine() == crate::takebreak::HeapEngine::Prefix;
        (s.values().clone(), prefix)
    }

    proptest! {
        /// All-but games: the incremental mex gives the plain mex's values
        /// on every heap up to 400.
        #[test]
        fn all_but_games_match_the_plain_mex(
            excluded in proptest::collection::vec(1u64..24, 0..6),
        ) {
            let rules = TakeBreak::all_but(&excluded).unwrap();
            let (fast, used) = values(&rules, SolverChoice::Auto, 400);
            prop_assert!(used);
            prop_assert_eq!(fast, values(&rules, SolverChoice::Plain, 400).0);
        }

        /// Any code of take-only digits with a repeating digit 2 or 3.
        #[test]
        fn repeating_take_codes_match_the_plain_mex(
            digits in proptest::collection::vec(0u8..4, 0..10),
            tail in 2u8..4,
        ) {
            let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            let rules = TakeBreak::from_code(&format!("0.{code}({tail})")).unwrap();
            let (fast, used) = values(&rules, SolverChoice::Auto, 400);
            prop_assert!(used);
            prop_assert_eq!(fast, values(&rules, SolverChoice::Plain, 400).0);
        }
    }
}
