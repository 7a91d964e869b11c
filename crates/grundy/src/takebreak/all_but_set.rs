//! All-but subtraction games given by their excluded set, whose elements may
//! be as large as 10^18: `allbut[1,2,1000000000]`.
//!
//! A move takes any number `k >= 1` of tokens except the `k` in the set
//! `E`: `G(n) = mex{G(n − k) : 1 <= k <= n, k ∉ E}`. An octal code spends a
//! digit on every excluded move up to the largest, so a set with a large
//! element cannot be written as one. Austin (M.Sc. thesis, Calgary 1976;
//! Siegel, *Combinatorial Game Theory*, AMS 2013, ch. IV) proved every
//! all-but game arithmetic-periodic: `G(x) = G(x − p) + s` from some heap on.
//! Here the values are kept as values computed one by one, `G(0..n)`, and
//! once a pattern is proved, as the pieces it gives: a stretch of heaps
//! where `G(x) = G(x − p) + s`, carried over the heaps no excluded move
//! disturbs, and the few heaps an excluded move does disturb, computed from
//! the pattern's values and checked against it.
//!
//! # Computing a heap
//!
//! Every value occurs at most `|E| + 1` times: if `v` is at `x_1 < … < x_j`,
//! then `x_j` has no move to the others, so each `x_j − x_i` is in `E`. A
//! heap `x` can reach every earlier heap but the `x − e` (`e ∈ E`), so `G(x)`
//! is the smallest of: the smallest value absent from `G(0..x)`, and the
//! values `v = G(x − e)` all of whose occurrences below `x` are such heaps
//! (their count equals the number of `e` with `G(x − e) = v`). Counting a
//! value's occurrences is all a heap needs, not a scan of `x` options.
//!
//! # The leap
//!
//! Let the values be known on `[0, n)`, and let `p <= c <= n`, `s >= 0` with
//! `G(y) = G(y − p) + s` for every `y` in `[c, n)`. Write `A = G([0, c))`
//! and `B = G([0, c − p))` (sets of values), and suppose
//!
//! **(C)** `A = [0, s) ∪ (B + s)`.
//!
//! Call a heap `x >= n` *clean* when no `e ∈ E` has `x − c < e <= x` (no
//! excluded move from `x` lands below `c`).
//!
//! **Lemma.** If `G(x) = G(x − p) + s` holds on `[c, x)` and `x` is clean,
//! it holds at `x`.
//!
//! *Proof.* The options of `x` are the values `G(y)`, `y < x`, `x − y ∉ E`.
//! Those with `y < c` are all of `A`, as `x` is clean; those with `y >= c`
//! are `G(y − p) + s`, and `y − p` runs over the heaps `z` in
//! `[c − p, x − p)` with `(x − p) − z ∉ E`: call their values `M`. So the
//! options of `x` are `A ∪ (M + s)`. The options of `x − p` are the `G(z)`
//! with `z < c − p` (all of `B`: `(x − p) − z > x − c`, so not in `E`) and
//! `M`: `B ∪ M`. By (C), the options of `x` are `[0, s) ∪ ((B ∪ M) + s)`,
//! whose mex is `s` more than the mex of `B ∪ M`. ∎
//!
//! The heaps that are not clean are those in `[e, e + c)` for an `e ∈ E`:
//! beyond `n`, at most `|E| · c` of them. Each is computed from the values
//! below it (given by the pattern, by induction) as in *Computing a heap*,
//! and checked. If every one follows the pattern, it holds for every heap
//! `>= c`: the period is proved, and any heap is answered through it. If
//! one does not, the pattern holds up to it (the heaps below are still
//! answered) and values are computed one by one again, within the limits.
//!
//! The counts *Computing a heap* needs come from the pattern at once: a
//! heap `y >= c` is `z + j·p` with `z` in `[c − p, c)`, `j >= 1`, valued
//! `G(z) + j·s`, so the heaps of value `v` are found from the values of
//! `[c − p, c)` (inverting the pattern), and the smallest value absent from
//! `G(0..x)` is `s` more than that of `G(0..x − p)` (by (C), as in the
//! lemma), down to a heap below `c`.
//!
//! (C) is the condition of `arithmetic.rs`'s check with the prefix written
//! out; it only becomes easier to meet as `c` grows (each new heap adds the
//! same value to both sides), so the smallest `c` that meets it is taken:
//! the fewer heaps an excluded move disturbs.

use std::collections::HashMap;
use std::fmt;

use super::large_set::{move_list, LargeSetSequence, MoveListFault};
use super::subtraction_set::MAX_SET_LEN;

/// Bytes held for each heap computed one by one (its value, its count, the
/// watch, and while a pattern is checked its count of values below `c` and
/// two marks a value), counted against the memory limit before it is taken.
pub const ALL_BUT_BYTES_PER_HEAP: u64 = 48;

/// Shifts up to this are tried whenever a pattern is looked for.
const SMALL_SHIFTS: u64 = 256;

/// Candidates whose condition (C) is checked in one search: a multiple of
/// the true shift also passes the first filter, and each costs `O(n)`.
const CHECKED_PER_SEARCH: usize = 8;

/// Differences in the windows whose repeat suggests a long shift.
const WINDOWS: [usize; 3] = [24, 256, 4096];
const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// Why an all-but set was refused, or a heap's value could not be reached.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AllButError {
    /// An element 0.
    #[error(
        "all-but set element 0 is not a move: list the numbers of tokens a move may not take, \
         each at least 1"
    )]
    Zero,
    /// An element beyond [`super::MAX_SET_ELEMENT`].
    #[error(
        "all-but set element {element} is beyond 10^18, the largest excluded move accepted here"
    )]
    TooLarge {
        /// The element as written.
        element: String,
    },
    /// More than [`MAX_SET_LEN`] elements.
    #[error(
        "all-but set has {len} elements; at most {MAX_SET_LEN} are accepted (every heap looks \
         at each)"
    )]
    TooMany {
        /// How many were given.
        len: usize,
    },
    /// The heap is beyond the values known and no pattern was proved.
    #[error(
        "G({heap}) of {set} is not known: no arithmetic period of {set} is proved within the \
         work of {limit} heaps computed one by one (--max-positions, and --max-memory at \
         {ALL_BUT_BYTES_PER_HEAP} bytes a heap; a heap with k excluded moves below it counts as \
         1 + k/16), which reached the values of heaps 0..{known}"
    )]
    NoPattern {
        /// The set as written back (`allbut[1,2,1000000000]`).
        set: String,
        /// The heap asked for.
        heap: u64,
        /// Heaps that could be computed one by one.
        limit: u64,
        /// Heaps whose values are known.
        known: u64,
    },
}

/// An all-but set: the excluded moves, sorted, distinct, in `1..=10^18`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllButSet {
    excluded: Vec<u64>,
}

impl AllButSet {
    /// The set of `excluded` moves (in any order, repeats allowed).
    pub fn new(excluded: &[u64]) -> Result<AllButSet, AllButError> {
        match move_list(excluded) {
            Ok(excluded) => Ok(AllButSet { excluded }),
            Err(MoveListFault::Zero) => Err(AllButError::Zero),
            Err(MoveListFault::TooLarge(big)) => Err(AllButError::TooLarge {
                element: big.to_string(),
            }),
            Err(MoveListFault::TooMany(len)) => Err(AllButError::TooMany { len }),
        }
    }

    /// The excluded moves, smallest first.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Whether a move of `k` tokens is allowed.
    pub fn allows(&self, k: u64) -> bool {
        k >= 1 && self.excluded.binary_search(&k).is_err()
    }
}

impl fmt::Display for AllButSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.excluded.iter().map(u64::to_string).collect();
        write!(f, "allbut[{}]", list.join(","))
    }
}

/// A proved arithmetic period: `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod`, with the smallest period and, for it, the smallest
/// preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllButPeriod {
    /// `e`.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// `s`.
    pub saltus: u64,
}

/// `G(y) = G(y − p) + s` for `y >= c` (the module docs' pattern), with what
/// inverting it needs.
#[derive(Clone, Debug)]
struct Pattern {
    p: u64,
    s: u64,
    c: u64,
    /// How often each value occurs in `G(0..c)`.
    low_counts: Vec<u32>,
    /// The values `w = G(c − p + r)` of `[c − p, c)` with their offsets
    /// `r`, sorted by `w mod s` (then `w`): the heaps of a value `v` beyond
    /// `c` are `c − p + r + j·p` with `w + j·s = v`, one for each `w` of
    /// `v`'s residue below `v`, so a value's heaps are found among the few
    /// values of its residue instead of one lap at a time (a window whose
    /// values span 10^5 saltus 5 apart took 2·10^4 lookups a count).
    by_residue: Vec<(u64, u64, u32)>,
    /// The smallest value absent from `G(0..y)`, for `y` in `[c − p, c)`.
    mex_below: Vec<u64>,
}

impl Pattern {
    /// The window's values `w ≡ v (mod s)` with their offsets.
    fn same_residue(&self, v: u64) -> impl Iterator<Item = (u64, u32)> + '_ {
        let key = v % self.s;
        let from = self.by_residue.partition_point(|e| e.0 < key);
        self.by_residue[from..]
            .iter()
            .take_while(move |e| e.0 == key)
            .map(|e| (e.1, e.2))
    }
}

/// The values of an [`AllButSet`]: computed one by one, then through a
/// proved pattern (module docs) for every heap.
#[derive(Clone, Debug)]
pub struct AllButSequence {
    set: AllButSet,
    /// `G(0..raw.len())`, computed one by one.
    raw: Vec<u64>,
    /// How often each value occurs in `raw`.
    counts: Vec<u32>,
    /// The smallest value absent from `raw`.
    mex: u64,
    /// The proved pattern, if any.
    proved: Option<(Pattern, AllButPeriod)>,
    /// A pattern that holds below a heap (where a disturbed heap broke it),
    /// and that heap.
    partial: Option<(Pattern, u64)>,
    /// Patterns `(p, s, c)` whose check failed: looked at once only.
    failed: std::collections::HashSet<(u64, u64, u64)>,
    /// Work done, in heaps (see [`AllButSequence::extend`]).
    work: u64,
    watch: Watch,
}

/// Watches the differences `G(x) − G(x − 1)` for a repeat of the last
/// [`WINDOWS`] of them: an arithmetic period `p` makes them periodic with
/// period `p`, and a repeat suggests a shift longer than [`SMALL_SHIFTS`].
/// Windows of several lengths: a short one repeats inside a long period
/// made of short stretches, a long one where the differences are mostly
/// equal (`allbut[1,…,1023]`: one step in 1024 heaps).
#[derive(Clone, Debug, Default)]
struct Watch {
    hashes: [u64; WINDOWS.len()],
    seen: [HashMap<u64, u64>; WINDOWS.len()],
    shifts: Vec<u64>,
}

impl AllButSequence {
    /// Nothing computed yet.
    pub fn new(set: AllButSet) -> AllButSequence {
        AllButSequence {
            set,
            raw: Vec::new(),
            counts: Vec::new(),
            mex: 0,
            proved: None,
            partial: None,
            failed: std::collections::HashSet::new(),
            work: 0,
            watch: Watch::default(),
        }
    }

    /// The set.
    pub fn set(&self) -> &AllButSet {
        &self.set
    }

    /// The proved period, if one is.
    pub fn period(&self) -> Option<AllButPeriod> {
        self.proved.as_ref().map(|(_, p)| *p)
    }

    /// Heaps computed one by one.
    pub fn computed(&self) -> u64 {
        self.raw.len() as u64
    }

    /// Heaps `0..known()` have known values (`u64::MAX` once proved).
    pub fn known(&self) -> u64 {
        if self.proved.is_some() {
            return u64::MAX;
        }
        let partial = self.partial.as_ref().map_or(0, |(_, h)| *h);
        partial.max(self.raw.len() as u64)
    }

    /// `G(x)`, if known.
    pub fn get(&self, x: u64) -> Option<u64> {
        if let Some(&v) = self.raw.get(usize::try_from(x).ok()?) {
            return Some(v);
        }
        let pattern = self.model(x.saturating_add(1))?;
        Some(self.at(pattern, x))
    }

    /// The pattern that gives every heap below `below`, if one does.
    fn model(&self, below: u64) -> Option<&Pattern> {
        if let Some((pattern, _)) = &self.proved {
            return Some(pattern);
        }
        self.partial
            .as_ref()
            .filter(|(_, until)| below <= *until)
            .map(|(p, _)| p)
    }

    /// `G(x)` through `pattern`, for `x >= c − p` (raw below `c`).
    fn at(&self, pattern: &Pattern, x: u64) -> u64 {
        if x < pattern.c {
            return self.raw[x as usize];
        }
        let base = pattern.c - pattern.p;
        let j = (x - base) / pattern.p;
        let z = x - j * pattern.p;
        self.raw[z as usize].saturating_add(j.saturating_mul(pattern.s))
    }

    /// How many `y < x` have `G(y) = v` through `pattern` (`x >= c`), at
    /// most `cap`.
    fn count(&self, pattern: &Pattern, v: u64, x: u64, cap: u64) -> u64 {
        let mut n = u64::from(pattern.low_counts.get(v as usize).copied().unwrap_or(0));
        let base = pattern.c - pattern.p;
        for (w, r) in pattern.same_residue(v) {
            // v = w + j·s at the heap base + r + j·p, for j >= 1.
            let Some(j) = v.checked_sub(w).map(|d| d / pattern.s).filter(|&j| j >= 1) else {
                continue;
            };
            let y = j
                .checked_mul(pattern.p)
                .and_then(|d| d.checked_add(base + u64::from(r)));
            if y.is_some_and(|y| y < x) {
                n += 1;
                if n >= cap {
                    break;
                }
            }
        }
        n.min(cap)
    }

    /// The smallest value absent from `G(0..x)` through `pattern` (`x >= c`).
    fn mex_through(&self, pattern: &Pattern, x: u64) -> u64 {
        let base = pattern.c - pattern.p;
        let j = (x - base) / pattern.p;
        let y = x - j * pattern.p;
        pattern.mex_below[(y - base) as usize].saturating_add(j.saturating_mul(pattern.s))
    }

    /// `G(x)` from the values below it through `pattern` (module docs,
    /// *Computing a heap*), for `x >= c`.
    fn value_through(&self, pattern: &Pattern, x: u64) -> u64 {
        let mut best = self.mex_through(pattern, x);
        let mut seen: Vec<u64> = self
            .set
            .excluded
            .iter()
            .take_while(|&&e| e <= x)
            .map(|&e| self.at(pattern, x - e))
            .collect();
        seen.sort_unstable();
        for group in seen.chunk_by(|a, b| a == b) {
            let v = group[0];
            if v < best && self.count(pattern, v, x, group.len() as u64 + 1) == group.len() as u64 {
                best = v;
            }
        }
        best
    }

    /// Computes until heap `heap` is known or a period is proved, doing at
    /// most `max_computed` heaps' work: a heap computed one by one with `k`
    /// excluded moves at most its size counts as `1 + k / 16` heaps (each
    /// looks at every such move), and so does each heap a pattern's check
    /// computes. `check` is called every few thousand heaps and stops the
    /// work with its error.
    pub fn extend<E>(
        &mut self,
        heap: u64,
        max_computed: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E> {
        while self.proved.is_none() && self.known() <= heap && self.work < max_computed {
            // A pattern that holds on every heap computed one by one and
            // breaks beyond the limit: any pattern these heaps show gives
            // the same values (an arithmetic period is a period of the
            // differences, and the smallest divides every other), so none
            // can be proved before the heaps reach the break.
            if self
                .partial
                .as_ref()
                .is_some_and(|(_, until)| *until >= max_computed)
            {
                break;
            }
            if self.raw.len() % 4096 == 4095 {
                check()?;
            }
            self.push_raw(max_computed);
            let n = self.computed();
            self.work += 1 + self.set.excluded.partition_point(|&e| e < n) as u64 / 16;
            // Sixteen searches between powers of two: each costs O(n), so
            // the searches cost a constant times the heaps computed.
            let step = (n.next_power_of_two() / 16).max(1);
            if n >= 16 && n.is_multiple_of(step) {
                self.search(max_computed, check)?;
            }
        }
        Ok(())
    }

    /// Computes the next heap one by one.
    fn push_raw(&mut self, max_computed: u64) {
        let x = self.raw.len() as u64;
        if self.raw.len() == self.raw.capacity() {
            // Never more room than the limit allows (doubling would take up
            // to twice the memory counted).
            let room = usize::try_from(max_computed.saturating_sub(x)).unwrap_or(usize::MAX);
            self.raw
                .reserve_exact(self.raw.len().max(16).min(room.max(1)));
        }
        while self.counts.get(self.mex as usize).is_some_and(|&c| c > 0) {
            self.mex += 1;
        }
        let mut best = self.mex;
        let mut seen: Vec<u64> = self
            .set
            .excluded
            .iter()
            .take_while(|&&e| e <= x)
            .map(|&e| self.raw[(x - e) as usize])
            .collect();
        seen.sort_unstable();
        for group in seen.chunk_by(|a, b| a == b) {
            let v = group[0];
            if v < best && self.counts[v as usize] as usize == group.len() {
                best = v;
            }
        }
        if best as usize >= self.counts.len() {
            self.counts.resize(best as usize + 1, 0);
        }
        self.counts[best as usize] += 1;
        self.raw.push(best);
        self.watch_last();
    }

    /// Updates the watch with the last difference.
    fn watch_last(&mut self) {
        let n = self.raw.len();
        let raw = &self.raw;
        let diff = |i: usize| raw[i].wrapping_sub(raw[i - 1]);
        let w = &mut self.watch;
        for (k, &window) in WINDOWS.iter().enumerate() {
            if n < window + 1 {
                return;
            }
            let hash = &mut w.hashes[k];
            if n == window + 1 {
                *hash = (1..=window).fold(0u64, |h, i| h.wrapping_mul(BASE).wrapping_add(diff(i)));
            } else {
                let top = BASE.wrapping_pow(window as u32);
                *hash = hash
                    .wrapping_mul(BASE)
                    .wrapping_add(diff(n - 1))
                    .wrapping_sub(diff(n - 1 - window).wrapping_mul(top));
            }
            // One window in eight is remembered, chosen by the high bits of
            // a mix: the low bits of a window with one step in it are those
            // of a power of the odd base, never a multiple of 8.
            if hash.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 61 != 0 {
                continue;
            }
            if let Some(before) = w.seen[k].insert(*hash, n as u64) {
                let shift = n as u64 - before;
                if shift > SMALL_SHIFTS && !w.shifts.contains(&shift) {
                    w.shifts.push(shift);
                    if w.shifts.len() > 8 {
                        w.shifts.remove(0);
                    }
                }
            }
        }
    }

    /// Looks for a pattern in the values computed one by one and tries to
    /// prove it (module docs); keeps the first proved.
    fn search<E>(
        &mut self,
        max_computed: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E> {
        let n = self.raw.len() as u64;
        // The long shifts the watch saw first, each checked: the small
        // ones are many, and near a long arithmetic period their multiples
        // of a local pattern (`allbut[5,N,N+5]`: G(x) = G(x − 10) + 5 on
        // stretches of about N heaps, period 3N) all pass the first filter
        // and would use every slot.
        let last_small = SMALL_SHIFTS.min(n / 3);
        let mut long = self.watch.shifts.clone();
        long.sort_unstable();
        long.retain(|&p| p > last_small && p <= n / 2);
        let small = 1..=last_small;
        let mut checked = 0;
        for (is_long, p) in long
            .iter()
            .map(|&p| (true, p))
            .chain(small.map(|p| (false, p)))
        {
            // Saltus 0 would repeat a value forever, and a value occurs at
            // most |E| + 1 times (module docs): such a pattern always breaks.
            let Some(s) = self.raw[n as usize - 1]
                .checked_sub(self.raw[(n - 1 - p) as usize])
                .filter(|&s| s > 0)
            else {
                continue;
            };
            let tail = (n - p).min(2 * p + 16);
            let follows = |y: u64| self.raw[y as usize] == self.raw[(y - p) as usize] + s;
            if !(n - tail..n).all(follows) {
                continue;
            }
            if !is_long {
                checked += 1;
                if checked > CHECKED_PER_SEARCH {
                    break;
                }
            }
            let mut c0 = n - tail;
            while c0 > p && follows(c0 - 1) {
                c0 -= 1;
            }
            let Some(pattern) = self.pattern(p, s, c0) else {
                continue;
            };
            if self.failed.contains(&(p, s, pattern.c)) {
                continue;
            }
            check()?;
            if self.prove(pattern, max_computed, check)? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The pattern `(p, s)` that holds on `[c0, n)`, from the smallest
    /// `c >= c0` that meets (C), if any does.
    fn pattern(&self, p: u64, s: u64, c0: u64) -> Option<Pattern> {
        let n = self.raw.len();
        let (p_, c0) = (p as usize, c0 as usize);
        let top = self.counts.len() + s as usize + 1;
        let mut in_a = vec![false; top];
        let mut in_rhs = vec![false; top];
        for &v in &self.raw[..c0] {
            in_a[v as usize] = true;
        }
        for mark in in_rhs.iter_mut().take(s as usize) {
            *mark = true;
        }
        for &v in &self.raw[..c0 - p_] {
            in_rhs[v as usize + s as usize] = true;
        }
        let mut mismatches = in_a.iter().zip(&in_rhs).filter(|(a, b)| a != b).count();
        let mut c = c0;
        while mismatches > 0 && c < n {
            // G(c) = G(c − p) + s joins both sides.
            let v = self.raw[c] as usize;
            if in_a[v] != in_rhs[v] {
                mismatches -= 1;
            }
            in_a[v] = true;
            in_rhs[v] = true;
            c += 1;
        }
        if mismatches > 0 {
            return None;
        }
        let mut low_counts = vec![0u32; self.counts.len()];
        for &v in &self.raw[..c] {
            low_counts[v as usize] += 1;
        }
        let mut by_residue: Vec<(u64, u64, u32)> = self.raw[c - p_..c]
            .iter()
            .enumerate()
            .map(|(r, &w)| (w % s, w, r as u32))
            .collect();
        by_residue.sort_unstable();
        // The prefix mex for every y in [c − p, c).
        let mut present = vec![false; self.counts.len() + 1];
        let mut mex = 0u64;
        let mut mex_below = Vec::with_capacity(p_);
        for y in 0..c {
            if y >= c - p_ {
                while present[mex as usize] {
                    mex += 1;
                }
                mex_below.push(mex);
            }
            present[self.raw[y] as usize] = true;
        }
        Some(Pattern {
            p,
            s,
            c: c as u64,
            low_counts,
            by_residue,
            mex_below,
        })
    }

    /// Checks every heap beyond those computed that an excluded move
    /// disturbs (module docs); keeps the pattern as proved if all follow
    /// it, or as holding below the first that does not.
    fn prove<E>(
        &mut self,
        pattern: Pattern,
        max_computed: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<bool, E> {
        let n = self.raw.len() as u64;
        let c = pattern.c;
        // The disturbed heaps beyond n, as merged stretches.
        let mut stretches: Vec<(u64, u64)> = Vec::new();
        for &e in self.set.excluded.iter().filter(|&&e| e + c > n) {
            let (a, b) = (e.max(n), e + c);
            match stretches.last_mut() {
                Some((_, end)) if *end >= a => *end = (*end).max(b),
                _ => stretches.push((a, b)),
            }
        }
        let heaps: u64 = stretches.iter().map(|(a, b)| b - a).sum();
        // Counted against the limit like heaps computed one by one.
        let work = heaps.saturating_mul(1 + self.set.excluded.len() as u64 / 16);
        if work > max_computed.saturating_sub(self.work) {
            return Ok(false);
        }
        self.work += work;
        let mut done = 0u64;
        for &(a, b) in &stretches {
            for x in a..b {
                done += 1;
                if done.is_multiple_of(4096) {
                    check()?;
                }
                if self.value_through(&pattern, x) != self.at(&pattern, x) {
                    self.failed.insert((pattern.p, pattern.s, pattern.c));
                    let better = self.partial.as_ref().is_none_or(|(_, h)| *h < x);
                    if better {
                        self.partial = Some((pattern, x));
                    }
                    return Ok(false);
                }
            }
        }
        let period = self.smallest(&pattern);
        self.proved = Some((pattern, period));
        self.partial = None;
        Ok(true)
    }

    /// The smallest period dividing the pattern's shift, and the smallest
    /// preperiod for it. An arithmetic period is a period of the
    /// differences `G(y) − G(y − 1)`, so the smallest divides every other.
    fn smallest(&self, pattern: &Pattern) -> AllButPeriod {
        let (mut period, mut saltus) = (pattern.p, pattern.s);
        // The pattern holds for G(y + p) = G(y) + s from y = c − p.
        let from = pattern.c - pattern.p;
        let g = |y: u64| self.at(pattern, y);
        for f in prime_factors(pattern.p) {
            while period.is_multiple_of(f) && saltus.is_multiple_of(f) {
                let (d, t) = (period / f, saltus / f);
                // One lap of the long period proves the short one.
                if !(from..from + pattern.p).all(|y| g(y + d) == g(y) + t) {
                    break;
                }
                (period, saltus) = (d, t);
            }
        }
        let mut e = from;
        while e > 0 && g(e - 1 + period) == g(e - 1) + saltus {
            e -= 1;
        }
        AllButPeriod {
            preperiod: e,
            period,
            saltus,
        }
    }

    /// The winning moves of heap `n` toward value `target`: the allowed `k`
    /// with `G(n − k) = target`, found from the heaps of that value (at
    /// most `|E| + 1` of them), not by looking at `n` moves. `None` when
    /// `G` is not known below `n`.
    pub fn moves_to(&self, n: u64, target: u64) -> Option<Vec<u64>> {
        let mut heaps: Vec<u64> = Vec::new();
        if n <= self.raw.len() as u64 {
            heaps.extend(
                self.raw[..n as usize]
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v == target)
                    .map(|(y, _)| y as u64),
            );
        } else {
            let pattern = self.model(n)?;
            let c = pattern.c as usize;
            heaps.extend(
                self.raw[..c]
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v == target)
                    .map(|(y, _)| y as u64),
            );
            let base = pattern.c - pattern.p;
            for (r, &v) in self.raw[c - pattern.p as usize..c].iter().enumerate() {
                let first = base + r as u64;
                if pattern.s == 0 {
                    continue;
                }
                let Some(up) = target.checked_sub(v) else {
                    continue;
                };
                if up == 0 || !up.is_multiple_of(pattern.s) {
                    continue;
                }
                let y = (up / pattern.s)
                    .checked_mul(pattern.p)
                    .and_then(|d| d.checked_add(first));
                if let Some(y) = y.filter(|&y| y < n) {
                    heaps.push(y);
                }
            }
        }
        let mut moves: Vec<u64> = heaps
            .into_iter()
            .map(|y| n - y)
            .filter(|&k| self.set.allows(k))
            .collect();
        moves.sort_unstable();
        Some(moves)
    }
}

/// The distinct prime factors of `n` (at most the heaps computed one by
/// one, so trial division is enough).
fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut f = 2;
    while f * f <= n {
        if n.is_multiple_of(f) {
            out.push(f);
            while n.is_multiple_of(f) {
                n /= f;
            }
        }
        f += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

impl LargeSetSequence for AllButSequence {
    type Set = AllButSet;
    type Error = AllButError;

    fn start(set: AllButSet) -> AllButSequence {
        AllButSequence::new(set)
    }

    fn extend_within<E>(
        &mut self,
        heap: u64,
        most: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E> {
        self.extend(heap, most, check)
    }

    fn counted_heaps(&self) -> u64 {
        self.computed()
    }

    fn value(&self, heap: u64) -> Option<u64> {
        self.get(heap)
    }

    fn unknown(&self, heap: u64, most: u64) -> AllButError {
        AllButError::NoPattern {
            set: self.set.to_string(),
            heap,
            limit: most,
            known: self.known(),
        }
    }

    fn moves_to_value(&self, n: u64, target: u64) -> Vec<u64> {
        self.moves_to(n, target).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::MAX_SET_ELEMENT;

    /// The plain recurrence, every option looked at.
    fn plain(excluded: &[u64], to: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(to);
        for n in 0..to {
            let mut seen = vec![false; n + 2];
            for k in 1..=n {
                if !excluded.contains(&(k as u64)) {
                    seen[g[n - k] as usize] = true;
                }
            }
            g.push(seen.iter().position(|&b| !b).unwrap() as u64);
        }
        g
    }

    fn sequence(excluded: &[u64], heap: u64) -> AllButSequence {
        let mut seq = AllButSequence::new(AllButSet::new(excluded).unwrap());
        seq.extend::<()>(heap, 1 << 22, &mut || Ok(())).unwrap();
        seq
    }

    #[test]
    fn small_sets_agree_with_the_recurrence() {
        for set in [&[1u64, 2][..], &[3], &[2, 5, 7], &[1, 3, 4], &[5, 52, 57]] {
            let seq = sequence(set, u64::MAX);
            let p = seq.period().expect("a period");
            let g = plain(set, 1500);
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(seq.get(n as u64), Some(v), "{set:?} heap {n}");
            }
            let (e, q, s) = (p.preperiod as usize, p.period as usize, p.saltus);
            assert!((e..1500 - q).all(|n| g[n + q] == g[n] + s), "{set:?} {p:?}");
            assert!(e == 0 || g[e - 1 + q] != g[e - 1] + s, "{set:?} {p:?}");
        }
    }

    #[test]
    fn one_two_and_a_billion() {
        let seq = sequence(&[1, 2, 1_000_000_000], u64::MAX);
        let p = seq.period().unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod), (3, 1, 0));
        assert!(seq.computed() < 100, "{}", seq.computed());
        let n = 1_000_000_000_000_000u64;
        assert_eq!(seq.get(n), Some(n / 3));
        // Heap 10^15 + 1 has value 3·10^14: winning moves lead to 0.
        let moves = seq.moves_to(n + 1, 0).unwrap();
        assert_eq!(moves, vec![n - 1, n, n + 1]);
    }

    #[test]
    fn errors_speak_of_the_set() {
        assert_eq!(AllButSet::new(&[1, 0]), Err(AllButError::Zero));
        let e = AllButSet::new(&[1, MAX_SET_ELEMENT + 1]).unwrap_err();
        assert!(e.to_string().contains("all-but set element"), "{e}");
        let many: Vec<u64> = (1..=MAX_SET_LEN as u64 + 1).collect();
        assert!(matches!(
            AllButSet::new(&many),
            Err(AllButError::TooMany { .. })
        ));
        assert_eq!(
            AllButSet::new(&[3, 3, 1]).unwrap().to_string(),
            "allbut[1,3]"
        );
    }
}
