//! Periodicity of heap sequences, and its proof by the Guy–Smith theorem.
//!
//! # Convention
//!
//! Values are indexed from heap 0: `G(0) = 0` is part of the sequence. A
//! sequence has *preperiod* `e` and *period* `p` when `G(n + p) = G(n)` for
//! every `n >= e`, with `e` and then `p` as small as possible; so `G(e - 1)`
//! is the last exception. OEIS entries that start at heap 1 and report "the
//! last exception is at n = x" have `e = x + 1` here.
//!
//! # The proof (Guy & Smith 1956, in the form used here)
//!
//! Let `t` be the largest `k` with `d_k != 0` (with `t = 0` for a `4.` code
//! that only splits), let `J >= 1` be the most heaps a move may leave (at
//! least 1), and let `e' = max(e, 1)`. If
//!
//! ```text
//! G(n + p) = G(n)   for all  e <= n < B,   where  B = J·e' + (J − 1)·p + t,
//! ```
//!
//! then `G(n + p) = G(n)` for all `n >= e`. By induction on `m >= B`: a move
//! from `m + p` removes `k <= t` and leaves heaps summing to `m + p − k`; the
//! largest of them, `b`, is at least `(m + p − k)/J >= e' + p`, so replacing
//! it by `b − p` (non-empty, at least `e`, below `m`) gives a move from `m`
//! with the same value, and every move from `m` lifts to `m + p` in the same
//! way (its largest heap is at least `(m − k)/J >= e`). Taking a whole heap
//! is possible from neither `m` nor `m + p`, as both exceed `t`. For `J = 2`
//! this is the classical bound `2e + p + t`. `e'` rather than `e` keeps the
//! lifted heap non-empty when `e = 0`. The check needs the values up to heap
//! `B + p − 1`.
//!
//! The theorem needs finitely many non-zero digits, and that equal heaps may
//! be split like unequal ones: for infinite codes and for Grundy's game an
//! ordinary period is only ever *observed*. An arithmetic period
//! (`G(n + p) = G(n) + s` with saltus `s > 0`, as in `all_but` games) is
//! proved by the check of `arithmetic.rs` for take-only codes (Nim among
//! them), or by a published theorem listed in
//! `data/takebreak/arithmetic.toml` (Lasker's Nim); otherwise it is observed.

use super::arithmetic::{take_tail_proves, theorem_for, Proof};
use super::values::{with_cells, Cell, ValueTable};
use crate::takebreak::TakeBreak;

/// A (pre-)period of a heap sequence, proved or only observed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Periodicity {
    /// The first heap from which the pattern holds (see the module docs for the indexing).
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// The saltus `s` of `G(n + p) = G(n) + s`: 0 for ordinary periodicity.
    pub saltus: u64,
    /// Whether the pattern is proved for every heap.
    pub proved: bool,
    /// What proves it (`None` when only observed).
    #[serde(default)]
    pub proof: Option<Proof>,
    /// The values that were compared: heaps `0..checked`.
    pub checked: u64,
}

impl Periodicity {
    /// The value of heap `n >= preperiod` from the stored `values`, if the
    /// pattern covers it (always when proved; only inside `values` otherwise).
    pub fn extend(&self, values: &ValueTable, n: u64) -> Option<u64> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
            return Some(u64::from(v));
        }
        if !self.proved || n < self.preperiod || self.period == 0 {
            return None;
        }
        let offset = (n - self.preperiod) % self.period;
        let base = self.preperiod + offset;
        let laps = (n - self.preperiod) / self.period;
        let v = u64::from(values.get(usize::try_from(base).ok()?)?);
        laps.checked_mul(self.saltus)?.checked_add(v)
    }
}

/// The bound `B` of the module docs for preperiod `e` and period `p`, or
/// `None` when the theorem does not apply to `rules`.
pub fn guy_smith_bound(rules: &TakeBreak, e: u64, p: u64) -> Option<u64> {
    if rules.is_grundys_game() {
        return None;
    }
    let t = rules.max_take()?;
    let j = u64::from(rules.max_heaps_left().max(1));
    j.checked_mul(e.max(1))?
        .checked_add((j - 1).checked_mul(p)?)?
        .checked_add(t)
}

/// The smallest period visible in `values`, with the least preperiod for it,
/// proved where the Guy–Smith check covers it; failing that, an arithmetic
/// period, proved where the check of `arithmetic.rs` or a published theorem
/// covers it. A pattern that is not proved is only reported once
/// it has repeated at least three times after its preperiod and the
/// preperiod is at most a third of the values, so that a few accidental
/// repetitions are not taken for a period.
pub fn find_periodicity(rules: &TakeBreak, values: &ValueTable) -> Option<Periodicity> {
    with_cells!(values, V => {
        let cells = V::cells(values);
        find_ordinary(rules, cells).or_else(|| find_arithmetic(rules, cells))
    })
}

fn observed_enough(len: usize, e: usize, p: usize) -> bool {
    len - e > 3 * p && e <= len / 3
}

fn find_ordinary<V: Cell>(rules: &TakeBreak, v: &[V]) -> Option<Periodicity> {
    let len = v.len();
    let mut observed = None;
    // A multiple m of a candidate p with e(p) - 1 + m < len has exactly the
    // preperiod e(p) (G(e-1+m) = G(e-1+p) by the period, and that differs
    // from G(e-1)) and a larger bound, so it can neither be proved when p is
    // not nor have a smaller preperiod: skip those multiples. (Longer
    // multiples may see no mismatch at e - 1 and must still be checked.)
    // A bitset: at 2^28 heaps, bytes would double the table's memory.
    let skip_len = len / 2 + 1;
    let mut skip = vec![0u64; skip_len.div_ceil(64)];
    for p in 1..=len / 2 {
        if skip[p / 64] >> (p % 64) & 1 != 0 {
            continue;
        }
        let mut e = len - p;
        while e > 0 && v[e - 1] == v[e - 1 + p] {
            e -= 1;
        }
        if e + 2 * p > len {
            continue; // not even one full repetition
        }
        let mut multiple = p;
        while multiple < skip_len && (e + multiple) <= len {
            skip[multiple / 64] |= 1 << (multiple % 64);
            multiple += p;
        }
        let bound = guy_smith_bound(rules, e as u64, p as u64);
        if let Some(b) = bound {
            if b.saturating_add(p as u64) <= len as u64 {
                return Some(Periodicity {
                    preperiod: e as u64,
                    period: p as u64,
                    saltus: 0,
                    proved: true,
                    proof: Some(Proof::GuySmith),
                    checked: len as u64,
                });
            }
        }
        if observed.is_none() && observed_enough(len, e, p) {
            observed = Some(Periodicity {
                preperiod: e as u64,
                period: p as u64,
                saltus: 0,
                proved: false,
                proof: None,
                checked: len as u64,
            });
        }
    }
    observed
}

fn find_arithmetic<V: Cell>(rules: &TakeBreak, v: &[V]) -> Option<Periodicity> {
    let len = v.len();
    for p in 1..=len / 3 {
        let last = len - 1;
        let Some(s) = v[last]
            .get()
            .checked_sub(v[last - p].get())
            .filter(|&s| s > 0)
        else {
            continue;
        };
        let mut e = len - p;
        while e > 0 && v[e - 1 + p].get().checked_sub(v[e - 1].get()) == Some(s) {
            e -= 1;
        }
        if observed_enough(len, e, p) {
            let proof = if take_tail_proves(rules, v, e, p, s) {
                Some(Proof::TakeTail)
            } else {
                theorem_for(rules, v, e as u64, p as u64, u64::from(s)).map(Proof::Theorem)
            };
            return Some(Periodicity {
                preperiod: e as u64,
                period: p as u64,
                saltus: u64::from(s),
                proved: proof.is_some(),
                proof,
                checked: len as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_is_the_classical_one_for_octal_games() {
        let kayles = TakeBreak::kayles();
        assert_eq!(guy_smith_bound(&kayles, 71, 12), Some(2 * 71 + 12 + 2));
        assert_eq!(guy_smith_bound(&kayles, 0, 12), Some(2 + 12 + 2));
        let sub = TakeBreak::subtraction(&[1, 2]).unwrap();
        assert_eq!(guy_smith_bound(&sub, 5, 3), Some(5 + 2));
        assert_eq!(guy_smith_bound(&TakeBreak::nim(), 0, 1), None);
        assert_eq!(guy_smith_bound(&TakeBreak::grundys_game(), 0, 1), None);
    }

    #[test]
    fn arithmetic_periods_are_proved_by_the_take_tail_check_only_where_it_applies() {
        let values: ValueTable = (0..100).collect();
        let p = find_periodicity(&TakeBreak::nim(), &values).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (0, 1, 1, true));
        assert_eq!(p.proof, Some(Proof::TakeTail));
        assert_eq!(
            p.extend(&values, 1_000_000_000_000),
            Some(1_000_000_000_000)
        );
        // The same values under rules that split prove nothing.
        let other = TakeBreak::from_code("0.(7)").unwrap();
        let p = find_periodicity(&other, &values).unwrap();
        assert!(!p.proved && p.proof.is_none());
        assert_eq!(p.extend(&values, 1000), None);
        // allbut[1]: 0 0 1 1 2 2 …, arithmetic period 2, saltus 1, proved.
        let values: ValueTable = (0..100).map(|n| n / 2).collect();
        let p = find_periodicity(&TakeBreak::all_but(&[1]).unwrap(), &values).unwrap();
        assert_eq!((p.period, p.saltus, p.proved), (2, 1, true));
        assert_eq!(p.extend(&values, 1001), Some(500));
    }

    #[test]
    fn too_short_a_repetition_is_not_a_period() {
        let values = ValueTable::from(vec![0, 1, 2, 3, 1, 2, 3]);
        assert_eq!(find_periodicity(&TakeBreak::kayles(), &values), None);
    }
}
