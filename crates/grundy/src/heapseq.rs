//! The engine's view of a take-and-break ruleset: its Grundy values as far as
//! they are needed, extended by a proved period when there is one.

use std::ops::ControlFlow;

use crate::{LimitError, Limits, MexSet, Nimber, TakeBreak};

/// Why a heap's value is not available.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The heap is beyond what was computed and no period is proved.
    #[error(
        "heap {heap} of {rules} is beyond the {computed} heaps computed, and no period of {rules} \
         is proved that would give it; raise --max-positions to compute further"
    )]
    Beyond {
        /// The ruleset.
        rules: String,
        /// The heap asked.
        heap: u64,
        /// Heaps computed.
        computed: u64,
    },
    /// A user limit was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// Grundy values G(0..len) of a take-and-break ruleset.
#[derive(Clone, Debug)]
pub struct HeapSequence {
    name: String,
    values: Vec<u32>,
}

impl HeapSequence {
    /// Computes G(0..=to).
    pub fn compute(
        rules: &TakeBreak,
        to: u64,
        limits: &Limits,
    ) -> Result<HeapSequence, SequenceError> {
        limits.check(&format!("G(0..={to}) of {rules}"), to as u128 + 1, 4)?;
        let mut values: Vec<u32> = Vec::with_capacity(to as usize + 1);
        let mut seen = MexSet::new();
        for n in 0..=to {
            seen.clear();
            let _ = takebreak_options_until(rules, n, u64::MAX, &mut |parts| {
                seen.insert(parts.iter().fold(0, |x, &p| x ^ values[p as usize]) as u64);
                ControlFlow::Continue(())
            });
            values.push(seen.mex() as u32);
        }
        Ok(HeapSequence {
            name: rules.to_string(),
            values,
        })
    }

    /// Whether G(n) is known.
    pub fn covers(&self, n: u64) -> bool {
        n < self.len()
    }

    /// Heaps computed.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether nothing is computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// G(n).
    pub fn value(&self, n: u64) -> Result<Nimber, SequenceError> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.values.get(i))
            .map(|&v| Nimber(v as u64))
            .ok_or_else(|| SequenceError::Beyond {
                rules: self.name.clone(),
                heap: n,
                computed: self.len(),
            })
    }
}

/// Visits the options of a heap of `n` in a take-and-break game, as the heaps
/// each leaves, stopping when `visit` breaks or after `budget` options
/// (then it returns `Break`). Removals are tried from the smallest, so the
/// options of a huge heap that lie near its small end come first.
pub fn takebreak_options_until(
    rules: &TakeBreak,
    n: u64,
    budget: u64,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut left = budget;
    let mut spend = || {
        if left == 0 {
            return ControlFlow::Break(());
        }
        left -= 1;
        ControlFlow::Continue(())
    };
    let last = rules.max_take().map_or(n, |t| t.min(n));
    let unequal = rules.is_grundys_game();
    for k in 0..=last {
        spend()?;
        let d = rules.digit(k);
        let rest = n - k;
        if d & 1 != 0 && rest == 0 {
            visit(&[])?;
        }
        if d & 2 != 0 && rest >= 1 && k >= 1 {
            visit(&[rest])?;
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                if unequal && 2 * a == rest {
                    continue;
                }
                spend()?;
                visit(&[a, rest - a])?;
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    spend()?;
                    visit(&[a, b, rest - a - b])?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
