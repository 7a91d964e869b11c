//! Arithmetic periods proved: `G(n + p) = G(n) + s` for every `n >= e`.
//!
//! Finite octal codes are never arithmetic-periodic (Horrocks & Nowakowski,
//! INTEGERS 3 (2003) G5); codes with a repeating digit often are, and two
//! kinds of proof are used here.
//!
//! # Take-only codes whose repeating digit leaves one heap
//!
//! All-but subtraction games and every code like `0.1(2)` or `0.33033(3)`:
//! no digit splits, and the repeating digit `d` (from removal `L` on, `L`
//! the number of listed digits) has bit 2. Austin (M.Sc. thesis, Calgary
//! 1976; Siegel, *Combinatorial Game Theory*, AMS 2013, ch. IV) proved that
//! all-but subtraction games are arithmetic-periodic; the check below, in
//! the spirit of the Guy–Smith theorem, proves a particular period from
//! finitely many values. For `m >= L` write
//!
//! - `P(m)` = the values of heaps `lo..=m − L` (`lo` = 0 when `d` has bit
//!   1, else 1): the options of the repeating digit, a prefix;
//! - `A(m)` = the values `G(m − k)` for the listed `k < L` with bit 2;
//! - `Miss(m)` = the values not in `P(m)`, so `G(m) = min(Miss(m) \ A(m))`.
//!
//! **Check.** Let `G(n + p) = G(n) + s` for `e <= n <= n0`, with
//! `n0 >= e + L − 1`, and `P(n0 + p) = [0, s) ∪ (P(n0) + s)` (so
//! `Miss(n0 + p) = Miss(n0) + s`). Then `G(n + p) = G(n) + s` for all `n >= e`.
//!
//! *Proof*, by induction on `n >= n0`, carrying `Miss(n + p) = Miss(n) + s`.
//! Step to `n + 1`: with `j = n + 1 − L` (`e <= j <= n`),
//! `P(n + 1) = P(n) ∪ {G(j)}` and `P(n + 1 + p) = P(n + p) ∪ {G(j + p)}`
//! with `G(j + p) = G(j) + s`, so `Miss(n + 1 + p) = Miss(n + 1) + s`. Each
//! `n + 1 − k` of `A` is at least `n + 2 − L >= e` and at most `n`, so
//! `A(n + 1 + p) = A(n + 1) + s`; taking a whole heap leaves value 0,
//! already in both prefixes when allowed (`n + 1 >= L`). So
//! `G(n + 1 + p) = min((Miss(n + 1) \ A(n + 1)) + s) = G(n + 1) + s`. ∎
//!
//! # Closed forms of the literature
//!
//! `data/takebreak/arithmetic.toml` lists codes whose arithmetic period a
//! published theorem proves (Lasker's Nim, `4.[3]`: Winning Ways ch. 4),
//! with the source. Such a period is taken as proved only when the solver
//! observes exactly it; the entry's values are checked against plain
//! values by `tests/takebreak_arithmetic.rs`.

use std::sync::OnceLock;

use super::values::Cell;
use crate::takebreak::TakeBreak;

/// What proves a [`super::Periodicity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Proof {
    /// The Guy–Smith theorem, checked on the computed values.
    GuySmith,
    /// The check of this module for take-only codes, on the computed values.
    TakeTail,
    /// A published theorem (an entry of `data/takebreak/arithmetic.toml`,
    /// by its index there), whose period the values show.
    Theorem(u16),
}

impl Proof {
    /// How the proof reads in a report (`grundy seq`).
    pub fn describe(&self, checked: u64) -> String {
        let last = checked.saturating_sub(1);
        match self {
            Proof::GuySmith => format!("Guy–Smith check on heaps 0..={last}"),
            Proof::TakeTail => {
                format!("arithmetic-periodicity check for take-only codes on heaps 0..={last}")
            }
            Proof::Theorem(i) => match theorems().get(usize::from(*i)) {
                Some(t) => format!("{}: {}", t.name, t.source),
                None => "a published theorem".into(),
            },
        }
    }
}

const ARITHMETIC: &str = include_str!("../../../../data/takebreak/arithmetic.toml");

/// A code whose arithmetic period a published theorem proves.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct ProvedPattern {
    /// The code, as written in the file.
    pub code: String,
    /// The game's name.
    pub name: String,
    /// `e`.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// `s`.
    pub saltus: u64,
    /// `G(0..e + p)`: the values the pattern repeats from.
    pub values: Vec<u64>,
    /// The theorem and where it is published.
    pub source: String,
}

#[derive(serde::Deserialize)]
struct File {
    game: Vec<ProvedPattern>,
}

/// Every entry of `data/takebreak/arithmetic.toml`, with its rules.
pub fn theorems() -> &'static [ProvedPattern] {
    static TABLE: OnceLock<Vec<ProvedPattern>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Part of the build and parsed by a test: an entry that does not
        // parse only costs a proof.
        toml::from_str::<File>(ARITHMETIC).map_or(Vec::new(), |f| f.game)
    })
}

/// The index of the theorem that proves `(e, p, s)` for `rules`, if any,
/// and whose recorded values `G(0..e + p)` are those computed.
pub(super) fn theorem_for<V: Cell>(
    rules: &TakeBreak,
    values: &[V],
    e: u64,
    p: u64,
    s: u64,
) -> Option<u16> {
    theorems()
        .iter()
        .position(|t| {
            (t.preperiod, t.period, t.saltus) == (e, p, s)
                && values.len() as u64 >= e + p
                && t.values
                    .iter()
                    .zip(values)
                    .all(|(&a, b)| a == u64::from(b.get()))
                && TakeBreak::from_code(&t.code).is_ok_and(|g| g == *rules)
        })
        .and_then(|i| u16::try_from(i).ok())
}

/// Whether an arithmetic period of `rules` can be proved at all here: by
/// the check of the module docs, or by a theorem of the data file. Where
/// neither can, a search for a period stops at an observed one.
pub fn arithmetic_provable(rules: &TakeBreak) -> bool {
    take_only_tail(rules)
        || theorems()
            .iter()
            .any(|t| TakeBreak::from_code(&t.code).is_ok_and(|g| g == *rules))
}

/// No digit splits, and the repeating digit leaves one heap.
fn take_only_tail(rules: &TakeBreak) -> bool {
    !rules.is_grundys_game()
        && rules.tail_digit() & 2 != 0
        && rules
            .digits()
            .iter()
            .chain([&rules.tail_digit()])
            .all(|&d| d & 12 == 0)
}

/// Whether the check of the module docs proves `G(n + p) = G(n) + s` for
/// all `n >= e`, given that it holds on all of `values` from `e` on.
pub(super) fn take_tail_proves<V: Cell>(
    rules: &TakeBreak,
    values: &[V],
    e: usize,
    p: usize,
    s: u32,
) -> bool {
    let applies = take_only_tail(rules);
    let l = rules.digits().len().max(1);
    let Some(n0) = values.len().checked_sub(1 + p) else {
        return false;
    };
    if !applies || s == 0 || p == 0 || n0 < e + l - 1 {
        return false;
    }
    let lo = usize::from(rules.tail_digit() & 1 == 0);
    // The prefixes as sets of values: P(n0) and P(n0 + p).
    let set = |m: usize| -> Vec<bool> {
        let mut seen = Vec::new();
        for v in values.get(lo..=m.saturating_sub(l)).unwrap_or(&[]) {
            let v = v.get() as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
        seen
    };
    let (low, high) = (set(n0), set(n0 + p));
    let s = s as usize;
    let in_set = |set: &[bool], v: usize| set.get(v).copied().unwrap_or(false);
    // P(n0 + p) = [0, s) ∪ (P(n0) + s), compared up to the larger top.
    let top = high.len().max(low.len() + s);
    (0..top).all(|v| in_set(&high, v) == (v < s || in_set(&low, v - s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(rules: &TakeBreak, to: u64) -> Vec<u32> {
        let config = crate::takebreak::SequenceConfig {
            solver: crate::takebreak::SolverChoice::Plain,
            stop_when_proved: false,
            ..crate::takebreak::SequenceConfig::default()
        };
        let seq = rules.try_sequence(to, &config).unwrap();
        seq.values().iter().collect()
    }

    #[test]
    fn the_check_proves_all_but_games_and_refuses_wrong_patterns() {
        // allbut[1]: G(n) = floor(n / 2).
        let rules = TakeBreak::all_but(&[1]).unwrap();
        let values = plain(&rules, 60);
        assert!(take_tail_proves(&rules, &values, 0, 2, 1));
        // A wrong saltus, or values that do not follow the rules.
        assert!(!take_tail_proves(&rules, &values, 0, 4, 1));
        // The pattern holds from heap 2 on, but heap 1's value stays in
        // every prefix with nothing below it a lap earlier: the prefixes do
        // not shift, and the check says so.
        let mut broken = values.clone();
        broken[1] = 1000;
        assert!(!take_tail_proves(&rules, &broken, 2, 2, 1));
        // Too few values for the check.
        assert!(!take_tail_proves(&rules, &values[..4], 0, 2, 1));
        // Codes that split are not for this check.
        let lasker = TakeBreak::from_code("4.[3]").unwrap();
        let values = plain(&lasker, 60);
        assert!(!take_tail_proves(&lasker, &values, 1, 4, 4));
    }

    #[test]
    fn every_theorem_entry_reads_and_names_its_source() {
        assert!(!theorems().is_empty());
        for t in theorems() {
            let rules = TakeBreak::from_code(&t.code).unwrap();
            assert!(!t.source.is_empty() && t.saltus > 0 && t.period > 0);
            assert_eq!(t.values.len() as u64, t.preperiod + t.period, "{}", t.code);
            let values: Vec<u32> = t.values.iter().map(|&v| v as u32).collect();
            let i = theorem_for(&rules, &values, t.preperiod, t.period, t.saltus).unwrap();
            assert!(arithmetic_provable(&rules));
            assert!(Proof::Theorem(i).describe(0).contains(&t.name));
        }
    }
}
