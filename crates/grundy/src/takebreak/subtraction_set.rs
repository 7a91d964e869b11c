//! Subtraction games given by their set, whose elements may be as large as
//! 10^18: `sub[1,2,1000000000]`.
//!
//! An octal code spends a digit on every move size, so a set with a large
//! element cannot be written as one. Here the values `G(n) = mex{G(n − s) :
//! s ∈ S, s <= n}` are kept as a list of *pieces*: a piece is either values
//! computed one by one (`Raw`), or a stretch `[a, b)` where `G(x) = G(x − q)`
//! (`Copy(q)`: the values `q` heaps earlier, repeated). The size of the list
//! depends on how often the sequence changes its pattern, not on the largest
//! element: `{1, 2, 10^9}` takes six pieces.
//!
//! # The leap
//!
//! With the values known on `[0, n)`, a candidate shift `P <= n` is extended
//! past `n` as far as the following proves. Call `x` *bad* when `x < P` or
//! `G(x) != G(x − P)`. Then `G(m) = G(m − P)` for every `m` in `[n, H)`, with
//! `H = min over s ∈ S of (s + the first bad x >= max(0, n − s), x < n)` (an
//! `s` with no bad `x` puts no bound; no bound at all makes `H` infinite).
//!
//! *Proof*, by induction on `m` from `n`: the options of `m` are the
//! `m − s` with `s <= m`, those of `m − P` the `m − P − s` with
//! `s <= m − P`. For each `s <= m`, `x = m − s` is either `>= n`, where
//! `G(x) = G(x − P)` by induction, or in `[max(0, n − s), n)` below the first
//! bad one, so `x >= P` (the move `s` exists from `m − P` too) and
//! `G(x) = G(x − P)`. Both heaps have the same option values. ∎
//!
//! With `H` infinite this is the Guy–Smith argument for subtraction games:
//! the period is proved, and every heap is answered through it. Checking
//! `G(x) = G(x − P)` over a long stretch is cheap when both `x` and `x − P`
//! lie in copy pieces (their comparison repeats with the lcm of the two
//! shifts); a comparison that would take more than [`SCAN_CAP`] heaps is
//! counted as bad, which only shortens a leap.
//!
//! Candidate shifts are small periods of the last values, and shifts
//! suggested by the set (an element plus or minus a little) and by where
//! earlier stretches of one-by-one values began. A candidate only ever
//! shortens work: whatever is not leapt over is computed heap by heap.
//! The last values are also read for their own period, however long; to
//! see a period longer than the 2^15 values kept at first, they double
//! while none is proved and the heaps covered reach far beyond them,
//! within the limit (their memory counted as heaps, before it is taken).
//! Proposing is all they do: a period they show is proved by the check
//! above, which reads only the last `max S` heaps against those `P`
//! earlier, never a whole lap.

use std::fmt;

use super::large_set::{move_list, LargeSetSequence, MoveListFault};

/// The largest element a subtraction set may have.
pub const MAX_SET_ELEMENT: u64 = 1_000_000_000_000_000_000;

/// The most elements a subtraction set may have (every heap computed one by
/// one looks at each).
pub const MAX_SET_LEN: usize = 1024;

/// Longest comparison of two periodic stretches before it is counted as a
/// mismatch (which only shortens a leap).
pub const SCAN_CAP: u64 = 1 << 16;

/// Longest leap written out value by value instead of kept as a copy.
const FILL_MAX: u64 = 1 << 16;

/// Heaps of leaps written out, at most this many times the heaps computed
/// one by one (plus [`FILL_MAX`]).
const FILL_FACTOR: u64 = 4;

/// Largest small period looked for among the last values.
const SMALL_PERIODS: u64 = 4096;

/// No end: a piece that goes on forever.
const FOREVER: u64 = u64::MAX;

/// Why a subtraction set was refused, or its values could not be reached.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// An element 0 (a move that takes nothing).
    #[error("subtraction set element 0 takes nothing: every element must be at least 1")]
    Zero,
    /// An element beyond [`MAX_SET_ELEMENT`].
    #[error(
        "subtraction set element {element} is beyond 10^18, the largest number of tokens a \
         move may take here"
    )]
    TooLarge {
        /// The element as written.
        element: String,
    },
    /// More than [`MAX_SET_LEN`] elements.
    #[error(
        "subtraction set has {len} elements; at most {MAX_SET_LEN} are accepted (every heap \
         looks at each)"
    )]
    TooMany {
        /// How many were given.
        len: usize,
    },
    /// No element.
    #[error("subtraction set is empty: list the numbers of tokens a move may take, like sub[1,2]")]
    Empty,
    /// The heap asked for is beyond the values known, and no period was
    /// proved within the limit.
    #[error(
        "G({heap}) of {set} is not known: no period of {set} is proved within {limit} heaps \
         computed one by one or kept side by side (--max-positions), which reached the values \
         of heaps 0..{covered}"
    )]
    NoPeriod {
        /// The set as written (`sub[1,2,4097]`).
        set: String,
        /// The heap asked for.
        heap: u64,
        /// Heaps computed one by one or kept side by side.
        limit: u64,
        /// Heaps whose values are known.
        covered: u64,
    },
}

/// A subtraction set: its elements, sorted, distinct, in `1..=10^18`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    elements: Vec<u64>,
}

impl SubtractionSet {
    /// The set of `elements` (in any order, repeats allowed).
    pub fn new(elements: &[u64]) -> Result<SubtractionSet, SetError> {
        match move_list(elements) {
            Ok(elements) if elements.is_empty() => Err(SetError::Empty),
            Ok(elements) => Ok(SubtractionSet { elements }),
            Err(MoveListFault::Zero) => Err(SetError::Zero),
            Err(MoveListFault::TooLarge(big)) => Err(SetError::TooLarge {
                element: big.to_string(),
            }),
            Err(MoveListFault::TooMany(len)) => Err(SetError::TooMany { len }),
        }
    }

    /// The elements, smallest first.
    pub fn elements(&self) -> &[u64] {
        &self.elements
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.elements.iter().map(u64::to_string).collect();
        write!(f, "sub[{}]", list.join(","))
    }
}

/// What a stretch of heaps holds.
#[derive(Clone, Debug)]
enum Body {
    /// The values, one per heap.
    Raw(Vec<u32>),
    /// `G(x) = G(x − q)`.
    Copy(u64),
    /// `G(x) = G(x − q)`, with those values written out (a short leap).
    Filled(u64, Vec<u32>),
}

#[derive(Clone, Debug)]
struct Piece {
    start: u64,
    /// Exclusive; [`FOREVER`] for the last piece of a proved sequence.
    end: u64,
    body: Body,
}

/// A proved period: `G(n + period) = G(n)` for every `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetPeriod {
    /// The smallest `e` from which the period holds.
    pub preperiod: u64,
    /// The period (the smallest, unless `P` has a prime factor beyond 2^40
    /// that could not be told from a product: see [`SetPeriod::smallest`]).
    pub period: u64,
    /// Whether every divisor of the period was tried.
    pub smallest: bool,
}

/// The values of a [`SubtractionSet`] as pieces (module docs), extended on
/// demand and, once a period is proved, known for every heap.
#[derive(Clone, Debug)]
pub struct SetSequence {
    set: SubtractionSet,
    pieces: Vec<Piece>,
    /// Heaps computed one by one so far.
    computed: u64,
    /// Where each stretch of one-by-one values began.
    raw_starts: Vec<u64>,
    period: Option<SetPeriod>,
    watch: Watch,
    /// Heaps of leaps written out ([`Body::Filled`]).
    filled: u64,
    /// The last values before the end, side by side.
    recent: Recent,
}

/// The values of the last heaps before the end (at least [`Recent::keep`]
/// of them when that many are known), side by side: the comparisons that
/// look for a leap (the last values against those `p` earlier, `p` up to
/// [`SMALL_PERIODS`] and more; each element's stretch in
/// [`SetSequence::horizon`]) and the mex of each heap read them here
/// instead of looking each heap up among the pieces, which with thousands
/// of pieces was most of the time.
///
/// Their own period ([`Recent::tail_period`]) is the only candidate that
/// can propose a period no sum or difference of the set's elements and no
/// stretch of one-by-one values shows: `{4, 5, 6, 1092, 1098}` has period
/// 179 304 from heap 0, and its pieces are leaps of about a thousand heaps
/// (shifts 3280 and 3300) between stretches of at most 64 values computed
/// one by one. Seeing a period takes two laps of it side by side, so while
/// no period is proved the values kept double ([`Recent::grow`]) once the
/// end is [`GROW_AFTER`] times as far as they reach, within the limit.
#[derive(Clone, Debug)]
struct Recent {
    /// The heap of `values[0]`.
    start: u64,
    values: Vec<u32>,
    /// Values kept at least: [`RECENT`], doubled by [`Recent::grow`].
    keep: usize,
    /// Once more than [`RECENT`] are kept: the end where
    /// [`Recent::tail_period`] last read the values, and what it found.
    looked: Option<(u64, Option<u64>)>,
}

/// Heaps [`Recent`] keeps at least: twice the small shifts tried, and room
/// for an element's stretch beside them.
const RECENT: usize = 1 << 15;

/// [`Recent`] keeps twice as many values once the end is this many times
/// as far as it keeps and no period is proved: a period up to about
/// `1/(2 · GROW_AFTER)` of the heaps covered is then seen. Growing early
/// costs little, since grown values are read for their period only every
/// quarter of them: with 4, `{6, 467, 4099}` (which grows once before its
/// proof at heap 314 128) took half the instructions it took with 16,
/// `{4, 5, 6, 1092, 1098}` 0.5 s instead of 2 s, and
/// `{1, 4, 6, 842, 843}` (period 424 194) 1.7 s instead of 14 s.
const GROW_AFTER: u64 = 4;

/// Most values [`Recent`] keeps at least, whatever the limit (its borders
/// are `u32`).
const KEEP_MAX: usize = 1 << 30;

impl Default for Recent {
    fn default() -> Recent {
        Recent {
            start: 0,
            values: Vec::new(),
            keep: RECENT,
            looked: None,
        }
    }
}

impl Recent {
    /// Heaps' worth of memory (4 bytes each, as a heap computed one by one)
    /// that keeping `keep` values takes beyond the [`RECENT`] every sequence
    /// keeps: up to `2 · keep` values, and as many of them reversed and
    /// borders in [`Recent::tail_period`].
    fn held_for(keep: usize) -> u64 {
        6 * (keep - RECENT) as u64
    }

    /// Heaps' worth of memory held beyond [`RECENT`] values.
    fn held(&self) -> u64 {
        Recent::held_for(self.keep)
    }

    /// Doubles the values kept when the end `covered` is [`GROW_AFTER`]
    /// times as far as they reach and all of them are kept (so a run of
    /// long leaps, which leave [`RECENT`], does not grow them), if the
    /// memory fits in what `most` heaps leave beside `spent` (counted
    /// before it is taken).
    fn grow(&mut self, covered: u64, spent: u64, most: u64) {
        if self.values.len() >= self.keep
            && covered / GROW_AFTER >= self.keep as u64
            && self.keep < KEEP_MAX
        {
            let more = Recent::held_for(2 * self.keep) - self.held();
            if spent.saturating_add(more) <= most {
                self.keep *= 2;
            }
        }
    }

    /// The heap after the last value kept.
    fn end(&self) -> u64 {
        self.start + self.values.len() as u64
    }

    /// `G(x)`, if kept.
    fn get(&self, x: u64) -> Option<u32> {
        let i = usize::try_from(x.checked_sub(self.start)?).ok()?;
        self.values.get(i).copied()
    }

    /// Whether every heap of `[u, v)` is kept.
    fn holds(&self, u: u64, v: u64) -> bool {
        self.start <= u && u <= v && v <= self.end()
    }

    /// The values of `[u, v)`, if all are kept.
    fn slice(&self, u: u64, v: u64) -> Option<&[u32]> {
        self.holds(u, v)
            .then(|| &self.values[(u - self.start) as usize..(v - self.start) as usize])
    }

    /// The smallest period of the longest run of the last values kept that
    /// repeats it at least twice (the last `L` values with period `q`,
    /// `2q <= L`), if one does: a border of the values read backwards
    /// (Knuth–Morris–Pratt's prefix function), in time linear in the values
    /// kept. Once more than [`RECENT`] are kept, the values are read again
    /// only when the end has moved on by a quarter of them (a period seen
    /// stays a candidate meanwhile), so the reading costs a few operations
    /// per value kept, however often leaps are tried.
    fn tail_period(&mut self) -> Option<u64> {
        let end = self.end();
        if self.keep > RECENT {
            if let Some((at, found)) = self.looked {
                if end - at < (self.keep / 4) as u64 {
                    return found;
                }
            }
        }
        let found = self.border_period();
        if self.keep > RECENT {
            self.looked = Some((end, found));
        }
        found
    }

    /// [`Recent::tail_period`], read now.
    fn border_period(&self) -> Option<u64> {
        // The values read backwards, the last first: a copy, since reading
        // them in place through reversed indices took 8% more instructions
        // on `sub[6,467,4099]`, where this is a fifth of the work.
        let s: Vec<u32> = self.values.iter().rev().copied().collect();
        // At most 2 · KEEP_MAX values: a border fits a u32.
        let mut border = vec![0u32; s.len()];
        let mut best = None;
        for i in 1..s.len() {
            let mut k = border[i - 1] as usize;
            while k > 0 && s[i] != s[k] {
                k = border[k - 1] as usize;
            }
            if s[i] == s[k] {
                k += 1;
            }
            border[i] = k as u32;
            // The last i + 1 values have period i + 1 − k.
            let q = i + 1 - k;
            if 2 * q <= i + 1 {
                best = Some(q as u64);
            }
        }
        best
    }

    /// Appends the value of the next heap.
    fn push(&mut self, value: u32) {
        self.values.push(value);
        self.trim();
    }

    /// Appends the heaps `[end, h)` of a leap with shift `p`
    /// (`G(x) = G(x − p)` on them), when the last `p` values are kept
    /// (every value of the leap then repeats one of them); whether it could.
    fn leap(&mut self, p: u64, h: u64) -> bool {
        let n = self.end();
        let Some(lap) = n.checked_sub(p).and_then(|from| self.slice(from, n)) else {
            return false;
        };
        // A leap longer than the values kept leaves only the last RECENT
        // of its heaps, as before they grew: they all repeat the lap, so
        // more of them would show no other period, and writing out `keep`
        // heaps for each long leap would cost what nothing else costs.
        let len = h - n;
        let from = if len <= self.keep as u64 {
            n
        } else {
            h - RECENT as u64
        };
        let lap = lap.to_vec();
        if from > n {
            self.values.clear();
            self.start = from;
        }
        self.values
            .extend((from..h).map(|x| lap[((x - n) % p) as usize]));
        self.trim();
        true
    }

    /// Drops the oldest values beyond [`Recent::keep`] once twice as many
    /// are kept (each value is moved at most once).
    fn trim(&mut self) {
        if self.values.len() >= 2 * self.keep {
            let drop = self.values.len() - self.keep;
            self.values.drain(..drop);
            self.start += drop as u64;
        }
    }
}

/// Watches the current stretch of one-by-one values for a repeat: a
/// rolling hash of the last [`WINDOW`] values, where one-in-eight windows
/// were last seen, and the shift that the last values follow.
#[derive(Clone, Debug, Default)]
struct Watch {
    hash: u64,
    seen: std::collections::HashMap<u64, u64>,
    shift: u64,
    run: u64,
}

/// Values in a watched window.
const WINDOW: usize = 32;
const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl SetSequence {
    /// Nothing computed yet.
    pub fn new(set: SubtractionSet) -> SetSequence {
        SetSequence {
            set,
            pieces: Vec::new(),
            computed: 0,
            raw_starts: Vec::new(),
            period: None,
            watch: Watch::default(),
            filled: 0,
            recent: Recent::default(),
        }
    }

    /// The set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The proved period, if one is.
    pub fn period(&self) -> Option<SetPeriod> {
        self.period
    }

    /// Heaps computed one by one (the work done, and the memory held).
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// Heaps counted against the limit of [`SetSequence::extend`]: those
    /// computed one by one, and the memory of recent values kept beyond
    /// the first 2^15 (for a period longer than those show: see
    /// `Recent`), at 4 bytes a heap.
    pub fn spent(&self) -> u64 {
        self.computed + self.recent.held()
    }

    /// How many pieces the values are kept in.
    pub fn pieces(&self) -> usize {
        self.pieces.len()
    }

    /// Heaps `0..covered()` have known values (`u64::MAX` once proved).
    pub fn covered(&self) -> u64 {
        self.pieces.last().map_or(0, |p| p.end)
    }

    /// `G(x)`, if known.
    pub fn get(&self, mut x: u64) -> Option<u32> {
        if x >= self.covered() && self.period.is_none() {
            return None;
        }
        loop {
            let i = self.pieces.partition_point(|p| p.start <= x) - 1;
            let piece = &self.pieces[i];
            match &piece.body {
                Body::Raw(v) => return v.get((x - piece.start) as usize).copied(),
                Body::Copy(q) => x -= q * ((x - piece.start) / q + 1),
                Body::Filled(_, v) => return v.get((x - piece.start) as usize).copied(),
            }
        }
    }

    /// Computes until heap `heap` is known or a period is proved, within
    /// `max_computed` heaps in all ([`SetSequence::spent`]: computed one by
    /// one, and the recent values kept to see a long period); `check` is
    /// called every few thousand heaps (a clock, a cancel flag) and stops
    /// the work with its error.
    pub fn extend<E>(
        &mut self,
        heap: u64,
        max_computed: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E> {
        while self.period.is_none() && self.covered() <= heap && self.spent() < max_computed {
            if self.computed % 4096 == 4095 {
                check()?;
            }
            let spent = self.spent();
            self.recent.grow(self.covered(), spent, max_computed);
            let n = self.covered();
            let value = self.mex_at(n);
            match self.pieces.last_mut() {
                Some(Piece {
                    end,
                    body: Body::Raw(v),
                    ..
                }) => {
                    v.push(value);
                    *end += 1;
                }
                _ => {
                    self.raw_starts.push(n);
                    self.watch = Watch::default();
                    self.pieces.push(Piece {
                        start: n,
                        end: n + 1,
                        body: Body::Raw(vec![value]),
                    });
                }
            }
            self.recent.push(value);
            self.computed += 1;
            let len = self.covered() - self.raw_starts.last().copied().unwrap_or(0);
            // The watch sees every value, whether or not a leap follows.
            let watched = self.watched();
            let leapt =
                len >= 4 && (len.is_power_of_two() || len.is_multiple_of(1024)) && self.try_leap();
            if let (false, Some(p)) = (leapt, watched) {
                self.leap(p);
            }
        }
        Ok(())
    }

    /// Updates the watch with the value just computed; a shift to try when
    /// the last values have followed it for a while (16, 32, 64… heaps).
    fn watched(&mut self) -> Option<u64> {
        let Some(Piece {
            body: Body::Raw(v), ..
        }) = self.pieces.last()
        else {
            return None;
        };
        let w = &mut self.watch;
        let len = v.len();
        let last = v[len - 1];
        if w.shift > 0 && w.shift < len as u64 && v[len - 1 - w.shift as usize] == last {
            w.run += 1;
        } else {
            (w.shift, w.run) = (0, 0);
        }
        if len < WINDOW {
            return None;
        }
        if len == WINDOW {
            w.hash = v.iter().fold(0u64, |h, &x| {
                h.wrapping_mul(BASE).wrapping_add(u64::from(x))
            });
        } else {
            let top = BASE.wrapping_pow(WINDOW as u32);
            w.hash = w
                .hash
                .wrapping_mul(BASE)
                .wrapping_add(u64::from(last))
                .wrapping_sub(u64::from(v[len - 1 - WINDOW]).wrapping_mul(top));
        }
        if w.hash & 7 == 0 {
            if let Some(before) = w.seen.insert(w.hash, len as u64) {
                if w.shift == 0 {
                    (w.shift, w.run) = (len as u64 - before, 0);
                }
            }
        }
        (w.shift > 0 && w.run >= 16 && w.run.is_power_of_two()).then_some(w.shift)
    }

    /// `G(n)` from the values below it.
    fn mex_at(&self, n: u64) -> u32 {
        let mut seen = [0u64; MAX_SET_LEN / 64 + 1];
        for &s in self.set.elements.iter().take_while(|&&s| s <= n) {
            let v = self.known(n - s).unwrap_or(u32::MAX) as usize;
            if v <= MAX_SET_LEN {
                seen[v / 64] |= 1 << (v % 64);
            }
        }
        let mut v = 0;
        while seen[v / 64] & (1 << (v % 64)) != 0 {
            v += 1;
        }
        v as u32
    }

    /// Tries the candidate shifts at the current end; takes the one that
    /// leaps farthest (a proof for every heap before all). Not the first
    /// that leaps: a short shift often carries a few dozen heaps where the
    /// period carries every one, and taking it again and again at each new
    /// end never reaches the proof (`{3, 146, 1308}`, period 1311, did not
    /// prove in 2^22 heaps computed one by one that way).
    fn try_leap(&mut self) -> bool {
        let n = self.covered();
        let mut candidates: Vec<u64> = (1..=SMALL_PERIODS.min(n / 2)).collect();
        let near = |c: u64, d: i64| c.checked_add_signed(d).filter(|&p| p >= 1 && p <= n);
        for &s in &self.set.elements {
            candidates.extend((-4..=4).filter_map(|d| near(s, d)));
        }
        // Two large moves often make a period of their sum.
        let top = &self.set.elements[self.set.elements.len().saturating_sub(8)..];
        for (i, &a) in top.iter().enumerate() {
            for &b in &top[i..] {
                candidates.extend((-1..=1).filter_map(|d| near(a.saturating_add(b), d)));
            }
        }
        // The period the recent values show, however long: pieces made by
        // shorter shifts can carry the values far past a preperiod without
        // any stretch computed one by one lasting a period
        // (`{1, 6, 749, 2238}`, period 8241).
        candidates.extend(self.recent.tail_period());
        let here = self.raw_starts.last().copied().unwrap_or(0);
        for &before in self.raw_starts.iter().rev().take(8) {
            if before < here {
                candidates.extend((-16..=16).filter_map(|d| near(here - before, d)));
            }
        }
        let small = SMALL_PERIODS.min(n / 2) as usize;
        candidates[small..].sort_unstable();
        // Each shift once: the small ones are 1..=small, the rest sorted, so
        // a repeat is one of the small ones or the one before it (a set of
        // the shifts tried, hashing thousands a call, was two fifths of the
        // instructions of sub[6,467,4099]).
        let mut previous = 0;
        let mut best: Option<(u64, u64)> = None;
        for (i, p) in candidates.into_iter().enumerate() {
            if i >= small && (p <= small as u64 || p == previous) {
                continue;
            }
            previous = p;
            if let Some(h) = self.reach(p) {
                if best.is_none_or(|(_, b)| h > b) {
                    best = Some((p, h));
                }
                if h == FOREVER {
                    break;
                }
            }
        }
        best.is_some_and(|(p, h)| self.leap_to(p, h))
    }

    /// How far a leap with shift `p` would go from the current end (module
    /// docs), if at least a few heaps: a short leap is not worth a piece.
    fn reach(&self, p: u64) -> Option<u64> {
        let n = self.covered();
        if p > n || !self.tail_repeats(p) {
            return None;
        }
        let h = self.horizon(p);
        (h == FOREVER || h >= n + 32).then_some(h)
    }

    /// Leaps with shift `p` if the module docs' check carries it at least a
    /// few heaps on; whether it did.
    fn leap(&mut self, p: u64) -> bool {
        self.reach(p).is_some_and(|h| self.leap_to(p, h))
    }

    /// Leaps with shift `p` to heap `h` (from [`SetSequence::reach`]).
    fn leap_to(&mut self, p: u64, h: u64) -> bool {
        let n = self.covered();
        // A short leap is written out: looking a heap up through a chain of
        // copies of copies costs a search per link, and with hundreds of
        // pieces that was most of the time (a set with a preperiod of 10^5
        // heaps took a minute). What is written out is bounded by a few
        // times the heaps computed one by one, the memory they already hold.
        let len = h.saturating_sub(n);
        let body = if h != FOREVER
            && len <= FILL_MAX
            && self.filled + len <= FILL_FACTOR * self.computed + FILL_MAX
        {
            let mut values = Vec::with_capacity(len as usize);
            for x in n..h {
                let y = x - p;
                let v = if y >= n {
                    values[(y - n) as usize]
                } else {
                    self.known(y).expect("a leap copies known values")
                };
                values.push(v);
            }
            self.filled += len;
            Body::Filled(p, values)
        } else {
            Body::Copy(p)
        };
        self.pieces.push(Piece {
            start: n,
            end: h,
            body,
        });
        if h == FOREVER {
            self.period = Some(self.smallest_period(p));
        } else if !self.recent.leap(p, h) {
            // A shift longer than the values kept: the last of the new
            // end's values, looked up.
            // Only RECENT of them: a leap longer than the values kept
            // leaves no more (see Recent::leap).
            let from = h.saturating_sub(RECENT as u64);
            let values = (from..h)
                .map(|x| self.get(x).expect("a leap's values are known"))
                .collect();
            self.recent.start = from;
            self.recent.values = values;
        }
        true
    }

    /// `G(x)` for `x` below the end: from the recent values when kept.
    fn known(&self, x: u64) -> Option<u32> {
        self.recent.get(x).or_else(|| self.get(x))
    }

    /// Whether the last values repeat those `p` heaps earlier (a cheap
    /// filter before [`SetSequence::horizon`]).
    fn tail_repeats(&self, p: u64) -> bool {
        let n = self.covered();
        let w = (p + 8).min(16).min(n - p);
        // Read side by side instead of one search per heap: try_leap asks
        // this of thousands of shifts.
        if let (Some(a), Some(b)) = (
            self.side_by_side(n - w, n),
            self.side_by_side(n - w - p, n - p),
        ) {
            return a == b;
        }
        (1..=w).all(|i| self.known(n - i) == self.known(n - i - p))
    }

    /// How far `G(m) = G(m − p)` is proved from the current end (module
    /// docs): `FOREVER` if for every heap.
    fn horizon(&self, p: u64) -> u64 {
        let n = self.covered();
        let mut h = FOREVER;
        for &s in &self.set.elements {
            let from = n.saturating_sub(s);
            let bad = if from < p {
                Some(from)
            } else {
                self.first_mismatch(from, n, p)
            };
            if let Some(x) = bad {
                h = h.min(x.saturating_add(s));
            }
        }
        h
    }

    /// The pieces that `x` and `x − p` lie in over `[u, v)`, as stretches
    /// `(a, b, lcm)` where the comparison repeats every `lcm` heaps (`None`:
    /// it does not repeat, one of them is raw).
    fn stretches(&self, u: u64, v: u64, p: u64) -> Vec<(u64, u64, Option<u64>)> {
        let piece_at = |x: u64| &self.pieces[self.pieces.partition_point(|q| q.start <= x) - 1];
        let shift = |piece: &Piece| match piece.body {
            Body::Copy(q) | Body::Filled(q, _) => Some(q),
            Body::Raw(_) => None,
        };
        let mut out = Vec::new();
        let mut x = u;
        while x < v {
            let (a, b) = (piece_at(x), piece_at(x - p));
            let end = v.min(a.end).min(b.end.saturating_add(p));
            let lcm = match (shift(a), shift(b)) {
                (Some(qa), Some(qb)) => lcm(qa, qb),
                _ => None,
            };
            out.push((x, end, lcm));
            x = end;
        }
        out
    }

    /// The first `x` in `[u, v)` with `G(x) != G(x − p)`, or one before it
    /// (a comparison longer than [`SCAN_CAP`] stops there); `None` if there is
    /// none. Needs `p <= u` and `v <= covered()`.
    fn first_mismatch(&self, u: u64, v: u64, p: u64) -> Option<u64> {
        // Both sides among the recent values: compared outright, without
        // cutting them into the pieces' stretches.
        if self.recent.holds(u - p, v) {
            return self.first_differing(u, v, p);
        }
        for (a, b, lcm) in self.stretches(u, v, p) {
            let len = b - a;
            let look = lcm.map_or(len, |l| l.min(len));
            let scan = look.min(SCAN_CAP.max(if lcm.is_none() { len } else { 0 }));
            if let Some(x) = self.first_differing(a, a + scan, p) {
                return Some(x);
            }
            if scan < look {
                return Some(a + scan);
            }
        }
        None
    }

    /// The values of `[u, v)` as a slice, when they are among the recent
    /// values or lie in one piece written out (a comparison of two such
    /// stretches then reads memory instead of looking each heap up: with
    /// preperiods of 10^5 heaps and more, looking up was most of the time).
    fn side_by_side(&self, u: u64, v: u64) -> Option<&[u32]> {
        self.recent.slice(u, v).or_else(|| self.piece_slice(u, v))
    }

    /// The values of `[u, v)` when they lie in one piece written out.
    fn piece_slice(&self, u: u64, v: u64) -> Option<&[u32]> {
        let piece = &self.pieces[self
            .pieces
            .partition_point(|q| q.start <= u)
            .checked_sub(1)?];
        match &piece.body {
            Body::Raw(values) | Body::Filled(_, values) if v <= piece.end => {
                values.get((u - piece.start) as usize..(v - piece.start) as usize)
            }
            _ => None,
        }
    }

    /// The first `x` in `[u, v)` with `G(x) != G(x − p)`.
    fn first_differing(&self, u: u64, v: u64, p: u64) -> Option<u64> {
        if let (Some(a), Some(b)) = (self.side_by_side(u, v), self.side_by_side(u - p, v - p)) {
            return a
                .iter()
                .zip(b)
                .position(|(x, y)| x != y)
                .map(|i| u + i as u64);
        }
        (u..v).find(|&x| self.get(x) != self.get(x - p))
    }

    /// The last `x` in `[u, v)` with `G(x) != G(x − p)`.
    fn last_differing(&self, u: u64, v: u64, p: u64) -> Option<u64> {
        if let (Some(a), Some(b)) = (self.side_by_side(u, v), self.side_by_side(u - p, v - p)) {
            return a
                .iter()
                .zip(b)
                .rposition(|(x, y)| x != y)
                .map(|i| u + i as u64);
        }
        (u..v).rev().find(|&x| self.get(x) != self.get(x - p))
    }

    /// The last `x` in `[u, v)` with `G(x) != G(x − p)`, or one after it;
    /// `None` if there is none.
    fn last_mismatch(&self, u: u64, v: u64, p: u64) -> Option<u64> {
        for (a, b, lcm) in self.stretches(u, v, p).into_iter().rev() {
            let len = b - a;
            let look = lcm.map_or(len, |l| l.min(len));
            let scan = look.min(SCAN_CAP.max(if lcm.is_none() { len } else { 0 }));
            if let Some(x) = self.last_differing(b - scan, b, p) {
                return Some(x);
            }
            if scan < look {
                return Some(b - scan - 1);
            }
        }
        None
    }

    /// The preperiod of a proved shift `p` (the values repeat with it from
    /// the start of the last piece on), and the smallest period dividing it.
    fn smallest_period(&self, p: u64) -> SetPeriod {
        let end = self.pieces.last().map_or(0, |q| q.start);
        let preperiod = |p: u64| {
            if end <= p {
                return 0;
            }
            self.last_mismatch(p, end, p).map_or(0, |x| x + 1 - p)
        };
        let (factors, smallest) = prime_factors(p);
        let mut period = p;
        let e = preperiod(p);
        for f in factors {
            // The tail repeats with period/f if one lap of it does.
            while period.is_multiple_of(f) {
                let d = period / f;
                if self.first_mismatch(e + d, e + period + d, d).is_some() {
                    break;
                }
                period = d;
            }
        }
        SetPeriod {
            preperiod: e,
            period,
            smallest,
        }
    }

    /// `G(n)`'s winning moves: the elements `s <= n` with `G(n − s) = target`.
    pub fn moves_to(&self, n: u64, target: u32) -> impl Iterator<Item = u64> + '_ {
        self.set
            .elements
            .iter()
            .copied()
            .take_while(move |&s| s <= n)
            .filter(move |&s| self.get(n - s) == Some(target))
    }
}

impl LargeSetSequence for SetSequence {
    type Set = SubtractionSet;
    type Error = SetError;

    fn start(set: SubtractionSet) -> SetSequence {
        SetSequence::new(set)
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
        self.spent()
    }

    fn value(&self, heap: u64) -> Option<u64> {
        self.get(heap).map(u64::from)
    }

    fn unknown(&self, heap: u64, most: u64) -> SetError {
        SetError::NoPeriod {
            set: self.set.to_string(),
            heap,
            limit: most,
            covered: self.covered(),
        }
    }

    fn moves_to_value(&self, n: u64, target: u64) -> Vec<u64> {
        u32::try_from(target).map_or_else(|_| Vec::new(), |t| self.moves_to(n, t).collect())
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b)).checked_mul(b)
}

/// The distinct prime factors of `n` by trial division to 2^20, and
/// whether the cofactor left is surely prime (below 2^40).
fn prime_factors(mut n: u64) -> (Vec<u64>, bool) {
    let mut out = Vec::new();
    let mut f = 2;
    while f * f <= n && f <= 1 << 20 {
        if n.is_multiple_of(f) {
            out.push(f);
            while n.is_multiple_of(f) {
                n /= f;
            }
        }
        f += 1;
    }
    let sure = n < 1 << 40 || f * f > n;
    if n > 1 {
        out.push(n);
    }
    (out, sure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_period_is_the_smallest_of_the_longest_repeating_run() {
        let kept = |values: Vec<u32>| Recent {
            values,
            ..Recent::default()
        };
        // A preperiod, then period 5 for three laps and more.
        let mut v = vec![9, 8, 7];
        v.extend((0..17).map(|i| [1, 2, 3, 1, 4][i % 5]));
        assert_eq!(kept(v.clone()).tail_period(), Some(5));
        // Period 5 repeated less than twice at the end: only a shorter one.
        assert_eq!(kept(vec![1, 2, 3, 4, 5, 1, 2]).tail_period(), None);
        assert_eq!(kept(vec![4, 2, 2]).tail_period(), Some(1));
        // Against every shift tried directly, on a sequence with an
        // irregular start.
        let w: Vec<u32> = (0..300u32)
            .map(|i| {
                if i < 40 {
                    i * 7 % 11
                } else {
                    [3, 1, 4, 1, 5, 9, 2][(i % 7) as usize]
                }
            })
            .collect();
        let direct = (1..=150usize).rev().fold(None, |best, q| {
            let l = (q..=w.len())
                .rev()
                .find(|&l| (w.len() - l + q..w.len()).all(|i| w[i] == w[i - q]));
            match (best, l) {
                (None, Some(l)) if 2 * q <= l => Some((q, l)),
                (Some((_, bl)), Some(l)) if 2 * q <= l && l >= bl => Some((q, l)),
                _ => best,
            }
        });
        assert_eq!(kept(w).tail_period(), direct.map(|(q, _)| q as u64));
        assert_eq!(direct.map(|(q, _)| q), Some(7));
    }

    #[test]
    fn the_recent_values_grow_only_when_full_far_behind_and_within_the_limit() {
        let full = |keep: usize| Recent {
            values: vec![0; keep],
            keep,
            ..Recent::default()
        };
        let far = GROW_AFTER * RECENT as u64;
        // Not yet far enough behind the end, or not all kept (a long leap
        // left only RECENT of them): no growth.
        let mut r = full(RECENT);
        r.grow(far - 1, 0, u64::MAX);
        assert_eq!(r.keep, RECENT);
        let mut r = Recent {
            values: vec![0; RECENT],
            keep: 2 * RECENT,
            ..Recent::default()
        };
        r.grow(u64::MAX, 0, u64::MAX);
        assert_eq!(r.keep, 2 * RECENT);
        // Far behind: doubles, and again only once it holds as many.
        let mut r = full(RECENT);
        r.grow(4 * far, 0, u64::MAX);
        assert_eq!(r.keep, 2 * RECENT);
        r.grow(4 * far, 0, u64::MAX);
        assert_eq!(r.keep, 2 * RECENT);
        r.values.resize(2 * RECENT, 0);
        r.grow(4 * far, 0, u64::MAX);
        assert_eq!(r.keep, 4 * RECENT);
        // Counted before it is taken: the memory of the doubled values
        // must fit beside what is spent.
        let mut r = full(RECENT);
        let need = Recent::held_for(2 * RECENT);
        r.grow(4 * far, 100, 100 + need - 1);
        assert_eq!((r.keep, r.held()), (RECENT, 0));
        r.grow(4 * far, 100, 100 + need);
        assert_eq!((r.keep, r.held()), (2 * RECENT, need));
    }

    /// The plain recurrence.
    fn plain(set: &[u64], to: usize) -> Vec<u32> {
        let mut g = Vec::with_capacity(to);
        for n in 0..to {
            let mut seen = vec![false; set.len() + 2];
            for &s in set {
                if s as usize <= n {
                    let v = g[n - s as usize] as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            g.push(seen.iter().position(|&b| !b).unwrap() as u32);
        }
        g
    }

    fn sequence(set: &[u64], heap: u64) -> SetSequence {
        let mut seq = SetSequence::new(SubtractionSet::new(set).unwrap());
        seq.extend::<()>(heap, 1 << 22, &mut || Ok(())).unwrap();
        seq
    }

    #[test]
    fn small_sets_agree_with_the_recurrence() {
        for set in [
            &[1u64, 3, 4][..],
            &[2, 5, 7],
            &[3],
            &[1, 2, 3],
            &[4, 7, 9, 13],
        ] {
            let seq = sequence(set, 1 << 40);
            let p = seq.period().expect("a period");
            let g = plain(set, 3000);
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(seq.get(n as u64), Some(v), "{set:?} heap {n}");
            }
            // The period is the smallest, from the smallest preperiod.
            let e = p.preperiod as usize;
            let q = p.period as usize;
            assert!((e..2000).all(|n| g[n] == g[n + q]));
            assert!((1..q).all(|d| (e..2000).any(|n| g[n] != g[n + d])));
            assert!(e == 0 || g[e - 1] != g[e - 1 + q]);
        }
    }

    #[test]
    fn one_two_k_at_a_billion() {
        // Codeforces 1194D: period 3 when 3 does not divide k, else k + 1.
        for k in [1_000_000_000u64, 999_999_999] {
            let seq = sequence(&[1, 2, k], u64::MAX);
            let p = seq.period().unwrap();
            assert_eq!(
                p.period,
                if k.is_multiple_of(3) { k + 1 } else { 3 },
                "k = {k}"
            );
            assert!(seq.pieces() < 16, "{} pieces", seq.pieces());
            assert!(seq.computed() < 10_000, "{} computed", seq.computed());
        }
    }

    #[test]
    fn errors_speak_of_the_set() {
        assert_eq!(SubtractionSet::new(&[1, 0]), Err(SetError::Zero));
        let e = SubtractionSet::new(&[1, MAX_SET_ELEMENT + 1]).unwrap_err();
        assert!(
            e.to_string()
                .contains("1000000000000000001 is beyond 10^18"),
            "{e}"
        );
        assert!(SubtractionSet::new(&[MAX_SET_ELEMENT]).is_ok());
        let many: Vec<u64> = (1..=MAX_SET_LEN as u64 + 1).collect();
        assert!(matches!(
            SubtractionSet::new(&many),
            Err(SetError::TooMany { .. })
        ));
        assert_eq!(SubtractionSet::new(&[]), Err(SetError::Empty));
    }

    #[test]
    fn prime_factors_of_small_and_large_numbers() {
        assert_eq!(prime_factors(12), (vec![2, 3], true));
        assert_eq!(
            prime_factors(1_000_000_001),
            (vec![7, 11, 13, 19, 52579], true)
        );
        assert_eq!(prime_factors(1), (vec![], true));
    }
}
