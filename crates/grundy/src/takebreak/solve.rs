//! Solvers for the values `G(0), G(1), …` of a take-and-break game.
//!
//! Two engines share one driver, [`HeapSolver`]:
//!
//! - the **plain** engine takes the mex over every option of every heap:
//!   `O(n)` pairs per heap for each splitting digit, with one reusable bitset;
//! - the **sparse** engine uses the *sparse space* phenomenon (Gangolli &
//!   Plambeck 1989; Flammenkamp; Beling & Rogalski, AI 283 (2020) 103262).
//!
//! # The sparse engine
//!
//! Write `x(i) = 2·G(i) + (i mod 2)` and, for a mask `m` and a *twist*
//! `t ∈ {0, 1}`, call heap `i` *rare* when `popcount(x(i) & m) ≡ t (mod 2)`
//! and *common* otherwise. With `m` inside the value bits this is the
//! classical sparse space of the values (Gangolli & Plambeck 1989; Winning
//! Ways ch. 4, "Sparse space spells speed"); with the parity bit in `m` it
//! is Flammenkamp's sparse space *of positions*, where `n` is rare when
//! `popcount(G(n) & m') ≡ n + t` for `m = 2m' + 1` (0.104 is one: its rare
//! heaps up to 5·10^4 number 20 for `m' = 23`, `t = 1`).
//!
//! *Which values common pairs make.* Parity of a popcount is linear over
//! XOR, and `x(i) ^ x(j) = 2·(G(i) ^ G(j)) + ((i + j) mod 2)` (the low bits
//! add without carry modulo 2). Two common heaps `i + j = s` have
//! `popcount(x(i) & m) ≡ popcount(x(j) & m) ≡ 1 − t`, so their split value
//! `g = G(i) ^ G(j)` has `popcount((2g + s mod 2) & m) ≡ 2(1 − t) ≡ 0`,
//! *whatever the twist*. At heap `n`, the splits that remove `k` tokens
//! with `k ≡ c (mod 2)` have `s ≡ n + c`; so a candidate value `g` with
//! `popcount((2g + (n + c) mod 2) & m_c)` odd (*safe* for class `c`) cannot
//! come from a pair of common heaps, and only the pairs with a rare heap
//! (in either place) can give it. Safety does not depend on the twist.
//!
//! *Which twist can pay.* The engine is fast when the values are mostly
//! safe, i.e. when a common heap's value is safe for its class. Heap `n`'s
//! own `y = 2·G(n) + (n + c) mod 2` is `x(n)` with bit 0 flipped when
//! `c = 1`, so `popcount(y & m) ≡ popcount(x(n) & m) + c·m₀` (`m₀` the
//! parity bit of `m`). A common heap (`popcount(x(n) & m) ≡ 1 − t`) is
//! safe when `1 − t + c·m₀ ≡ 1`, i.e. exactly when `t = c·m₀`. For the
//! other twist every common heap is unsafe and every heap is rare or
//! unsafe: no saving at all. So the even class (`c = 0`) always has
//! `t = 0`, any mask; the odd class has `t = m₀`: the mask decides the
//! twist. Flammenkamp's condition `popcount(G(n) & m') ≡ n − d` for a
//! splitting digit `d` is the case `t ≡ d`. (Before the twist, odd classes
//! were searched only over masks without the parity bit, and 0.104 fell
//! back to the plain engine.) Measured on the project's 2-core machine
//! (AMD EPYC, loaded by other builds), one run each: 0.104 to 2^24 in
//! 17.2 s with mask `0b101111` and twist 1 (to 2^22 in 2.7 s), where the
//! plain engine took 12–19 s for the first 2^17 heaps
//! (`tests/sparse_space.rs`, `GRUNDY_0104_HEAPS`).
//!
//! The engine therefore
//!
//! 1. inserts the take moves and the pairs that involve a rare heap,
//! 2. takes the mex `g`,
//! 3. and only while `g` is unsafe for some class scans that class's pairs
//!    (stopping as soon as the mex moves to a safe value).
//!
//! The answer is the true mex whatever the masks and twists are; good ones
//! make steps 1 and 3 cheap. They are chosen per class from the values so
//! far by one Walsh–Hadamard transform `W[m] = Σ_i (−1)^popcount(x(i) & m)`
//! of the histogram of `x`: for every mask at once, the rare heaps number
//! `(total + (−1)^t W[m]) / 2` (cost of step 1) and the unsafe values
//! `(total + (−1)^(c·m₀) W[m]) / 2` (cost of step 3), so with `t = c·m₀`
//! the cost is `total + (−1)^t W[m]`: the even class takes the mask with
//! the least `W[m]`, the odd class the least of `W[m]` over masks without
//! the parity bit and `−W[m]` over masks with it (twist 1). The masks are
//! chosen again each time the number of heaps doubles; when even the best
//! mask leaves more than [`SPARSE_MAX_RARE_FRACTION`] of the heaps rare,
//! the automatic choice uses the plain engine (as for Kayles).
//!
//! Step 3 marks the class's pairs from `a = 1` while it waits for `g`
//! (most unsafe candidates are among the first pairs, and marking finds
//! them all at once); after `MARK_STEP` pairs it counts the values still
//! missing below the least value safe for every class, and when they are
//! few (`AWAITED_MAX`) it compares the remaining pairs with those values
//! alone, a few vector compares per 32 pairs where marking stores each.
//!
//! Threads (rayon): the sparse engine computes heaps in batches, gathering
//! each heap's options among the heaps before the batch in parallel and
//! adding the few options among the batch's own heaps in order (see
//! `HeapSolver::sparse_batch`); the plain engine splits the pair scan of a
//! large heap across threads. Both give exactly the sequential values.
//!
//! # Speed
//!
//! Nearly all the time goes into two loops: the pairs with a rare heap, and
//! the scan for unsafe candidates. Both mark values in a table of one byte
//! per value (a plain store, where a bitset needs a dependent
//! load–OR–store), run over fixed-length chunks that the compiler unrolls
//! with no bounds check on the table, and the scan looks for its awaited value once per
//! chunk rather than once per pair; the batch loop runs on a thread of the
//! pool. Measured on the project's 2-core machine, same values throughout:
//! Officers to 2^22 in 3.9 s (6.5–6.9 s on one thread) against 15.3–16.8 s
//! for the RC2 solver of the `ogs` crate in the same run, where these loops
//! as first written took 9.8 s (14.7 s on one thread); Grundy's game to
//! 2^24 in 16 s (47–52 s before). `cargo bench -p grundy --bench
//! takebreak` repeats them (Grundy's game with `GRUNDY_BENCH_LONG=1`).
//!
//! Measured and not kept: remembering the pairs that confirmed each value
//! at recent heaps (the hardest unsafe value of a heap is rarely one a
//! recent heap confirmed: under 4% of heaps were helped, and with 16 such
//! pairs per value Officers' mean scan went from 2756 to 2742 pairs; they
//! were dropped with the comparing search), scanning
//! from the middle of the heap (both parts then have large values, whose
//! XOR rarely gives the small unsafe values: scans 5 to 44 times longer),
//! and a 16-bit copy of the values for the rare pairs (no gain: that loop
//! is not waiting on memory). Separate runs of one build vary by up to 15%
//! on this machine, so small differences were measured as alternating A/B
//! runs.
//!
//! *Comparing instead of marking, tiles for the rare pairs* (stop 34, AMD
//! EPYC Zen 4, `lscpu`: 2 cores, L1d 32 KiB and L2 1 MiB a core, L3
//! 32 MiB, KVM guest, loaded by other builds). An earlier try (stop 32, on
//! a Zen 3 machine with 512 KiB of L2) compared every scanned pair with at
//! most 4 awaited values from the start, and lost: when more are missing,
//! the pairs are searched again for each next 4, where one marking scan
//! fills them all. The search now marks first and compares only once at
//! most `AWAITED_MAX` values are missing: Officers to 2^20 went from
//! 2750 marked pairs a heap (besides its 1584 rare pairs) to 1840 marked
//! and 900 compared; a compare costs 0.09–0.14 ns a pair for up to 4
//! values against 0.32–0.66 ns for a mark (a probe of both loops, alone).
//! The rare pairs of `TILE` consecutive heaps are gathered together, so
//! each rare heap's cells are one read of 32 bytes instead of 16 scattered
//! reads from a 40 KB window: on Zen 4, where that window is in L2, this
//! alone changed nothing measurable (the loop is bound by its stores); it
//! is kept for caches where an L2 read costs more (stop 32 measured 1.8–3.8
//! ns a rare pair heap by heap and 0.65–1.4 ns in tiles on Zen 3). The one-
//! thread engine computes in batches too, so it uses the tiles.
//!
//! The figures for Zen 3 of stop 32: Officers to 2^22 took 30.8 s on one
//! thread (29.3 s CPU; load average 9.6 from other builds), about the time
//! of the `ogs` RC and RC2 solvers in the same bench (36.2 s and 31.3 s CPU).

use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::period::{find_periodicity, Periodicity};
use super::prefix::PrefixMex;
use super::sequence::HeapSequence;
use super::split_tail::SplitTail;
use super::values::{with_cells, Cell, ValueTable};
use crate::takebreak::TakeBreak;

/// When the sparse engine is worth it: the best mask must leave at most this
/// fraction of the heaps rare.
pub const SPARSE_MAX_RARE_FRACTION: f64 = 0.2;

/// The most threads [`SequenceConfig::threads`] may ask for: far more than
/// any machine's cores, and few enough to start at once (`--threads 100000`
/// hung before this limit).
pub const MAX_THREADS: usize = 1024;

/// Heaps computed by the plain engine before the automatic choice looks at
/// the values (too few values say nothing about sparseness).
const FIRST_MASK_AT: usize = 1 << 10;

/// Pairs per block of a scan: a thread's unit of work, and how often a
/// sequential scan checks whether it may stop early.
const BLOCK: usize = 1 << 12;

/// Heaps computed by the plain engine before a forced sparse engine starts.
const FIRST_MASK_AT_FORCED: usize = 1 << 6;

/// The widest `x = 2·G + parity` (in bits) for which the mask is searched.
const MAX_MASK_BITS: u32 = 20;

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SolverChoice {
    /// The sparse engine where the values are sparse, the plain one elsewhere.
    #[default]
    Auto,
    /// Always the plain engine.
    Plain,
    /// Always the sparse engine (an error for games it does not apply to).
    Sparse,
}

/// Settings of a [`HeapSolver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceConfig {
    /// Which engine to use.
    pub solver: SolverChoice,
    /// Threads for long pair scans: 0 for one per core, 1 for none.
    pub threads: usize,
    /// Bytes the table of values may use (1, 2 or 4 bytes a heap: see
    /// [`ValueTable`]).
    pub memory_budget: u64,
    /// The largest heap the solver will compute.
    pub max_heap: u64,
    /// Stop computing once a period is proved: every later value follows.
    pub stop_when_proved: bool,
    /// Pair scans shorter than this stay on one thread (handing work to
    /// threads costs a few microseconds).
    pub parallel_min_pairs: usize,
}

impl Default for SequenceConfig {
    fn default() -> SequenceConfig {
        SequenceConfig {
            solver: SolverChoice::Auto,
            threads: 0,
            memory_budget: 1 << 30,
            max_heap: u64::from(u32::MAX) - 1,
            stop_when_proved: true,
            parallel_min_pairs: 1 << 15,
        }
    }
}

/// Why values could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeapSolveError {
    /// The value table would exceed the memory budget.
    #[error(
        "computing heap {heap} needs {needed} bytes for the value table, over the memory budget \
         of {budget} bytes: raise the budget or ask for fewer heaps"
    )]
    MemoryBudget {
        /// The heap that did not fit.
        heap: u64,
        /// Bytes needed.
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// A value needs wider cells, and the table cannot be copied into them
    /// within the memory budget.
    #[error(
        "G({heap}) = {value} needs {bytes} bytes a heap; copying the value table into cells that \
         wide needs {needed} bytes while both copies exist, over the memory budget of {budget} \
         bytes: raise the budget or ask for fewer heaps"
    )]
    WideningBudget {
        /// The heap whose value did not fit.
        heap: u64,
        /// Its value.
        value: u32,
        /// Bytes a heap it needs.
        bytes: usize,
        /// Bytes needed during the copy.
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// Values given to resume from are so large that the table of option
    /// values (a byte per value below the next power of two) does not fit.
    #[error(
        "the values to resume from include {value}: the table of option values for it needs \
         {needed} bytes, over the memory budget of {budget} bytes; values this large come from \
         a damaged store or another game, or raise the budget"
    )]
    ValuesTooLarge {
        /// The largest value given.
        value: u32,
        /// Bytes its option table needs.
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// The heap is beyond [`SequenceConfig::max_heap`].
    #[error(
        "heap {heap} is beyond the limit of {limit} heaps (at most {max} can be set), and no \
         period was proved before it"
    )]
    HeapLimit {
        /// The heap asked for.
        heap: u64,
        /// The configured limit.
        limit: u64,
        /// The largest limit this solver supports.
        max: u64,
    },
    /// The sparse engine was asked for a game it cannot treat.
    #[error(
        "the sparse solver does not apply to `{game}`: it needs moves that leave at most two \
         heaps and finitely many splitting digits; use the plain or auto solver"
    )]
    SparseUnsupported {
        /// The game's code.
        game: String,
    },
    /// Values given to resume from are not those of this game.
    #[error("value {found} at heap {heap} is not the value {expected} of this game")]
    WrongValues {
        /// The heap.
        heap: u64,
        /// The value given.
        found: u64,
        /// The value computed.
        expected: u64,
    },
    /// More threads asked for than [`MAX_THREADS`].
    #[error(
        "{threads} threads asked for: at most {max} are accepted (--threads 0 starts one per core)"
    )]
    TooManyThreads {
        /// Threads asked for.
        threads: usize,
        /// The most accepted.
        max: usize,
    },
    /// A thread pool could not be started.
    #[error("could not start {threads} threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
}

/// Where a [`HeapSolver::try_extend`] call stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The requested heap is computed.
    Reached,
    /// A period is proved (and the config says to stop there).
    Proved,
    /// The step budget ran out first; call again.
    Paused,
}

/// The engine in use, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum HeapEngine {
    /// Mex over all options.
    Plain,
    /// For codes whose repeating digit takes without splitting (all-but
    /// games, Nim): the options left by the repeating digit are a prefix of
    /// the sequence, whose missing values are kept as it grows.
    Prefix,
    /// For codes whose repeating digit splits (`4.(7)`): a value is looked
    /// for among the pairs only when it is the next candidate for the mex,
    /// and excluded for good once found (see `split_tail.rs`).
    SplitTail,
    /// Rare/common split with the masks for splits removing an even and an
    /// odd number of tokens (over `x = 2·G + parity`, module docs).
    Sparse {
        /// Mask for even removals (`None` if there are none); their twist
        /// is always 0.
        even_mask: Option<u64>,
        /// Mask for odd removals.
        odd_mask: Option<u64>,
        /// The twist of odd removals: a heap is rare for them when
        /// `popcount(x & odd_mask) ≡ odd_twist (mod 2)`. It is the mask's
        /// parity bit (module docs: no other twist saves work).
        odd_twist: u8,
    },
}

/// Work counters, to see what the sparse engine saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct WorkCounts {
    /// Split pairs whose value was inserted.
    pub pairs: u64,
    /// Pairs compared with one awaited value by the sparse engine's search
    /// (module docs, "Speed") instead of marked.
    pub compared: u64,
    /// Wall-clock nanoseconds spent in [`HeapSolver::try_extend`].
    pub extend_nanos: u64,
    /// Of those, nanoseconds in phases that run on every thread of the pool
    /// (the gathering of a batch, a plain scan split across threads); the
    /// rest ran on one thread. With `t` threads, `n` cores could at best
    /// take the parallel part to `t/n` of its time (Amdahl's law).
    pub parallel_nanos: u64,
}

/// The splits that remove an even (class 0) or odd (class 1) number of tokens.
#[derive(Clone, Debug)]
struct SplitClass {
    /// The `k` of the class, ascending.
    ks: Vec<usize>,
    /// Mask over `x = 2G + parity`.
    mask: u64,
    /// A heap is rare when `popcount(x & mask) & 1 == twist` (module docs).
    twist: u32,
    /// Heaps `i >= 1` that are rare under `mask` and `twist`, ascending.
    rare: Vec<u32>,
    /// `G(i)` for each `i` of `rare`, side by side: the rare-pair loop then
    /// reads one of its two values sequentially instead of through the index.
    rare_values: Vec<u32>,
}

/// The set of option values of one heap: one byte per value (not one bit),
/// reused for every heap, with room for `64 · width` values.
///
/// Why bytes: marking a value is then a plain store, where a bitset needs a
/// load, an OR and a store that waits for the previous insertion into the
/// same word (with values below 512 nearly every insertion does). Measured
/// on Officers to 2^20, one thread, with the chunked target check of
/// `insert_pairs_until`: 3.75 s before, 2.74 s after (Grundy's game: 4.82 s, 2.78 s). (Four
/// interleaved bitsets, tried earlier, were 20% slower than one: the index
/// arithmetic cost more.)
#[derive(Clone, Debug, Default)]
struct Seen {
    bytes: Vec<u8>,
    /// In 64-value words, as [`HeapSolver::width`] counts.
    width: usize,
}

impl Seen {
    /// Empties the set, with room for values below `64 · width`.
    fn reset(&mut self, width: usize) {
        self.width = width;
        self.bytes.clear();
        self.bytes.resize(64 * width, 0);
    }

    #[inline]
    fn insert(&mut self, v: u32) {
        self.bytes[v as usize] = 1;
    }

    /// Makes room for values below `64 · width`, keeping the set.
    fn widen(&mut self, width: usize) {
        if width > self.width {
            self.bytes.resize(64 * width, 0);
            self.width = width;
        }
    }

    /// Adds the values of a byte table of the same length (byte `v` set).
    fn merge_bytes(&mut self, other: &[u8]) {
        for (b, &o) in self.bytes.iter_mut().zip(other) {
            *b |= o;
        }
    }

    /// Adds the values of a bitset (bit `v` of word `v / 64`).
    fn merge(&mut self, other: &[u64]) {
        for (i, &w) in other.iter().enumerate().take(self.width) {
            let mut w = w;
            while w != 0 {
                self.bytes[64 * i + w.trailing_zeros() as usize] = 1;
                w &= w - 1;
            }
        }
    }

    fn mex(&self) -> u32 {
        self.mex_from(0)
    }

    /// One more than the largest value the set can hold.
    fn len(&self) -> usize {
        64 * self.width
    }

    /// The bytes with a mask below their length: the length is a power of
    /// two above every value inserted, so `v & mask` changes no index, and
    /// the compiler, seeing `len == mask + 1`, drops the bounds check.
    #[inline]
    fn table(&mut self) -> (&mut [u8], u32) {
        let len = 64 * self.width;
        debug_assert!(len.is_power_of_two() && len <= 1 << 32);
        let mask = (len - 1) as u32;
        (&mut self.bytes[..mask as usize + 1], mask)
    }

    /// The least value `>= from` not in the set: the mex when every value
    /// below `from` is known to be in it (the mex only grows as values are
    /// added, so a search resumes where it stood).
    fn mex_from(&self, from: u32) -> u32 {
        let bytes = &self.bytes[..64 * self.width];
        let from = (from as usize).min(bytes.len());
        // Eight bytes at a time: a zero byte is found as in `memchr`.
        let mut i = from;
        while i + 8 <= bytes.len() {
            let mut chunk = [0u8; 8];
            chunk.copy_from_slice(&bytes[i..i + 8]);
            let w = u64::from_le_bytes(chunk);
            let zero = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
            if zero != 0 {
                return (i + zero.trailing_zeros() as usize / 8) as u32;
            }
            i += 8;
        }
        (i + bytes[i..].iter().take_while(|&&b| b != 0).count()) as u32
    }
}

/// Computes `G(0), G(1), …` of a [`TakeBreak`] game heap by heap, watching
/// for a period and proving it when the Guy–Smith theorem applies.
///
/// ```
/// use grundy::{takebreak::HeapSolver, takebreak::SequenceConfig, takebreak::TakeBreak};
/// let mut solver = HeapSolver::new(TakeBreak::kayles(), SequenceConfig::default()).unwrap();
/// solver.try_extend(1_000, u64::MAX).unwrap();
/// let kayles = solver.into_sequence();
/// let period = kayles.periodicity().unwrap();
/// assert!(period.proved);
/// assert_eq!((period.preperiod, period.period), (71, 12));
/// assert_eq!(kayles.get(1_000_000_000_000).unwrap().0, 1);
/// ```
pub struct HeapSolver {
    rules: TakeBreak,
    config: SequenceConfig,
    values: ValueTable,
    /// `k >= 1` with bit 2 within the listed digits.
    takes: Vec<usize>,
    /// Split classes by parity of `k`.
    classes: [SplitClass; 2],
    /// `k` with bit 8 within the listed digits.
    triples: Vec<usize>,
    listed: usize,
    sparse_possible: bool,
    sparse_on: bool,
    next_mask_at: usize,
    periodicity: Option<Periodicity>,
    next_period_check: usize,
    seen: Seen,
    /// Shared so that [`HeapSolver::try_extend`] can run its whole loop
    /// inside the pool (see there) while the solver keeps its handle.
    pool: Option<Arc<rayon::ThreadPool>>,
    largest: u32,
    work: WorkCounts,
    /// The incremental mex, for the codes it applies to.
    prefix: Option<PrefixMex>,
    /// The candidate-driven mex of splitting repeating digits.
    split_tail: Option<SplitTail>,
}

impl HeapSolver {
    /// A solver with no values computed yet.
    pub fn new(rules: TakeBreak, config: SequenceConfig) -> Result<HeapSolver, HeapSolveError> {
        let digits = rules.digits();
        let listed = digits.len();
        let kinds =
            |bit: u8| -> Vec<usize> { (0..listed).filter(|&k| digits[k] & bit != 0).collect() };
        let takes: Vec<usize> = kinds(2).into_iter().filter(|&k| k >= 1).collect();
        let splits = kinds(4);
        let triples = kinds(8);
        let class = |c: usize| SplitClass {
            ks: splits.iter().copied().filter(|k| k % 2 == c).collect(),
            mask: 0,
            twist: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
        };
        let sparse_possible =
            triples.is_empty() && rules.tail_digit() & 12 == 0 && !splits.is_empty();
        if config.solver == SolverChoice::Sparse && !sparse_possible {
            return Err(HeapSolveError::SparseUnsupported {
                game: rules.to_string(),
            });
        }
        let prefix = (config.solver != SolverChoice::Plain && PrefixMex::applies(&rules))
            .then(PrefixMex::default);
        let split_tail = if config.solver == SolverChoice::Plain || prefix.is_some() {
            None
        } else {
            SplitTail::for_rules(&rules)
        };
        if config.threads > MAX_THREADS {
            return Err(HeapSolveError::TooManyThreads {
                threads: config.threads,
                max: MAX_THREADS,
            });
        }
        let threads = if config.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            config.threads
        };
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| HeapSolveError::Threads {
                    threads,
                    reason: e.to_string(),
                })?;
            Some(Arc::new(pool))
        } else {
            None
        };
        let next_mask_at = if config.solver == SolverChoice::Sparse {
            FIRST_MASK_AT_FORCED
        } else {
            FIRST_MASK_AT
        };
        Ok(HeapSolver {
            classes: [class(0), class(1)],
            rules,
            config,
            values: ValueTable::new(),
            takes,
            triples,
            listed,
            sparse_possible,
            sparse_on: false,
            next_mask_at,
            periodicity: None,
            next_period_check: 16,
            seen: Seen::default(),
            pool,
            largest: 0,
            work: WorkCounts::default(),
            prefix,
            split_tail,
        })
    }

    /// A solver that continues from `values` (e.g. read from a store),
    /// checking the last few of them against a fresh computation so that
    /// values of another game are not extended.
    pub fn resume(
        rules: TakeBreak,
        config: SequenceConfig,
        values: ValueTable,
    ) -> Result<HeapSolver, HeapSolveError> {
        let mut solver = HeapSolver::new(rules, config)?;
        let check_from = values.len().saturating_sub(8);
        solver.largest = values.largest();
        let needed = 64 * solver.width() as u64;
        if needed > solver.config.memory_budget {
            return Err(HeapSolveError::ValuesTooLarge {
                value: solver.largest,
                needed,
                budget: solver.config.memory_budget,
            });
        }
        solver.values = values;
        let mut computed = Vec::new();
        for n in check_from..solver.values.len() {
            // The engine that will continue checks them: the plain mex of a
            // splitting repeating digit costs O(n²) a heap.
            let v = with_cells!(solver.values, V => if solver.prefix.is_some() {
                solver.value_of_prefix(n)
            } else if solver.split_tail.is_some() {
                solver.value_of_split_tail(n)
            } else {
                solver.value_of_plain::<V>(n)
            });
            computed.push((n, v));
        }
        for (n, expected) in computed {
            let found = solver.values.get(n).unwrap_or(expected);
            if found != expected {
                return Err(HeapSolveError::WrongValues {
                    heap: n as u64,
                    found: u64::from(found),
                    expected: u64::from(expected),
                });
            }
        }
        let len = solver.values.len();
        while solver.next_mask_at <= len {
            solver.next_mask_at *= 2;
        }
        if len >= FIRST_MASK_AT_FORCED {
            solver.choose_engine();
        }
        solver.next_period_check = len.max(16);
        Ok(solver)
    }

    /// The game.
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }

    /// The values computed so far: `G(0..len)`.
    pub fn values(&self) -> &ValueTable {
        &self.values
    }

    /// The periodicity found at the last check, if any.
    pub fn periodicity(&self) -> Option<&Periodicity> {
        self.periodicity.as_ref()
    }

    /// Whether a period is proved, so that no more values are needed.
    pub fn is_proved(&self) -> bool {
        self.periodicity.is_some_and(|p| p.proved)
    }

    /// The engine computing the next heaps.
    pub fn engine(&self) -> HeapEngine {
        if self.prefix.is_some() {
            return HeapEngine::Prefix;
        }
        if self.split_tail.is_some() {
            return HeapEngine::SplitTail;
        }
        if !self.sparse_on {
            return HeapEngine::Plain;
        }
        let mask = |c: &SplitClass| (!c.ks.is_empty()).then_some(c.mask);
        HeapEngine::Sparse {
            even_mask: mask(&self.classes[0]),
            odd_mask: mask(&self.classes[1]),
            odd_twist: self.classes[1].twist as u8,
        }
    }

    /// Work done so far.
    pub fn work(&self) -> WorkCounts {
        self.work
    }

    /// Computes heaps until `to` is computed, a period is proved (if the
    /// config says to stop then), or `max_steps` more heaps are done. The
    /// memory budget and [`SequenceConfig::max_heap`] are errors only when
    /// reached without a proof.
    pub fn try_extend(&mut self, to: u64, max_steps: u64) -> Result<Progress, HeapSolveError> {
        // The loop runs on a thread of the pool, so that each parallel batch
        // is shared with the other threads directly: entering the pool from
        // outside once per batch (every ~25 µs on Officers) cost a hand-over
        // each time. Officers to 2^20 on two threads, measured while another
        // program held one core: 3.19 s before, 2.44 s after.
        let start = Instant::now();
        let result = match self.pool.clone() {
            Some(pool) => pool.install(|| self.extend_loop(to, max_steps)),
            None => self.extend_loop(to, max_steps),
        };
        self.work.extend_nanos += nanos_since(start);
        result
    }

    fn extend_loop(&mut self, to: u64, max_steps: u64) -> Result<Progress, HeapSolveError> {
        let mut steps = 0;
        loop {
            if self.config.stop_when_proved && self.is_proved() {
                return Ok(Progress::Proved);
            }
            let n = self.values.len();
            if n as u64 > to {
                return Ok(Progress::Reached);
            }
            if steps >= max_steps {
                return Ok(Progress::Paused);
            }
            // Limits are checked when reached, not up front: a period proved
            // on the way answers heaps far beyond them.
            let limit = self.config.max_heap.min(u64::from(u32::MAX) - 1);
            if n as u64 > limit {
                return Err(HeapSolveError::HeapLimit {
                    heap: n as u64,
                    limit: self.config.max_heap,
                    max: u64::from(u32::MAX) - 1,
                });
            }
            self.reserve_for(n)?;
            if self.split_tail.is_some() {
                // Its index holds a heap per value and per distinct value.
                let index = (u64::from(self.largest) + 2 + n as u64) * 4;
                let needed = (n as u64 + 1) * self.values.bytes_per_value() as u64 + index;
                if needed > self.config.memory_budget {
                    return Err(HeapSolveError::MemoryBudget {
                        heap: n as u64,
                        needed,
                        budget: self.config.memory_budget,
                    });
                }
            }
            if n >= self.next_mask_at {
                self.choose_engine();
                while self.next_mask_at <= n {
                    self.next_mask_at *= 2;
                }
            }
            let batch = self.batch_len(n, to, max_steps - steps);
            if batch > 1 {
                let done = with_cells!(self.values, V => self.sparse_batch::<V>(n, batch))?;
                steps += done as u64;
                if self.values.len() >= self.next_period_check {
                    self.check_period();
                }
                continue;
            }
            let v = with_cells!(self.values, V => if self.prefix.is_some() {
                self.value_of_prefix(n)
            } else if self.split_tail.is_some() {
                self.value_of_split_tail(n)
            } else if self.sparse_on {
                self.value_of_sparse::<V>(n)
            } else {
                self.value_of_plain::<V>(n)
            });
            self.push(v)?;
            steps += 1;
            if self.values.len() >= self.next_period_check {
                self.check_period();
            }
        }
    }

    fn reserve_for(&mut self, n: usize) -> Result<(), HeapSolveError> {
        if self.values.len() < self.values.capacity() {
            return Ok(());
        }
        let bytes = self.values.bytes_per_value() as u64;
        self.check_budget(n, bytes)?;
        let want = (n + 1)
            .max(1024)
            .saturating_mul(2)
            .min((self.config.memory_budget / bytes) as usize);
        self.values
            .reserve_exact(want.saturating_sub(self.values.len()).max(1));
        Ok(())
    }

    /// Whether heaps `0..=n` fit the memory budget at `bytes` a heap.
    fn check_budget(&self, n: usize, bytes: u64) -> Result<(), HeapSolveError> {
        let needed = (n as u64 + 1) * bytes;
        if needed > self.config.memory_budget {
            return Err(HeapSolveError::MemoryBudget {
                heap: n as u64,
                needed,
                budget: self.config.memory_budget,
            });
        }
        Ok(())
    }

    /// How many heaps from `n` the sparse engine computes as one parallel
    /// batch (1: heap by heap).
    fn batch_len(&self, n: usize, to: u64, steps_left: u64) -> usize {
        if !self.sparse_on || n < self.config.parallel_min_pairs.max(2 * BATCH) {
            return 1;
        }
        let until_to = usize::try_from(to + 1 - n as u64).unwrap_or(usize::MAX);
        let steps_left = usize::try_from(steps_left).unwrap_or(usize::MAX);
        BATCH.min(until_to).min(steps_left).min(n / 2)
    }

    /// Computes heaps `n0..n0 + len` with both cores.
    ///
    /// Heap `m` of the batch depends on the batch's earlier heaps only
    /// through the options that leave a heap `>= n0`: takes to such a heap,
    /// and the splits whose larger part is one (`a <= s − n0`, at most `len`
    /// pairs per digit). So each heap first gathers, in parallel, every
    /// option among heaps `< n0` that the sparse method needs (its rare
    /// pairs, then pairs until its candidate is safe); then, heap by heap
    /// in order, the few options among the batch's heaps are added and the
    /// scan continues from where it stopped if the candidate is no longer
    /// safe. The values are exactly those of the sequential engine.
    ///
    /// Returns the number of heaps computed: fewer than `len` when a value
    /// widened the table's cells (the rest of the batch is read as `V`, so
    /// it is left for the next call, of the new width).
    fn sparse_batch<V: Cell>(&mut self, n0: usize, len: usize) -> Result<usize, HeapSolveError> {
        let start = Instant::now();
        let tiles: Vec<usize> = (n0..n0 + len).step_by(TILE).collect();
        let tile = |m0: usize| self.known_options::<V>(m0, (n0 + len - m0).min(TILE), n0);
        let partials: Vec<Partial> = match &self.pool {
            // One tile per task: a heap's scan takes from 2^10 to 2^14
            // pairs, so halves of a batch are rarely equal.
            Some(pool) => pool.install(|| {
                tiles
                    .into_par_iter()
                    .with_max_len(1)
                    .flat_map_iter(tile)
                    .collect()
            }),
            None => tiles.into_iter().flat_map(tile).collect(),
        };
        self.work.parallel_nanos += nanos_since(start);
        let unequal = self.rules.is_grundys_game();
        // The options among the batch's own heaps are first listed apart:
        // when none of them is the candidate found in the parallel phase,
        // that candidate is the value (every value below it is an option,
        // and it was safe or its scans complete), and the set built by
        // another thread is not touched at all. Officers to 2^21 spent 10%
        // of its time in this sequential phase; this took its two-thread run
        // from 2.03 s to 1.98 s (best of three each).
        let mut fresh = Vec::new();
        let width = self.values.bytes_per_value();
        for (m, mut partial) in (n0..).zip(partials) {
            if self.values.bytes_per_value() != width {
                return Ok(m - n0);
            }
            self.reserve_for(m)?;
            self.work.pairs += partial.work.pairs;
            self.work.compared += partial.work.compared;
            let values = &V::cells(&self.values)[..m];
            fresh.clear();
            for &k in &self.takes {
                if k < m && m - k >= n0 {
                    fresh.push(values[m - k].get());
                }
            }
            if self.rules.tail_digit() & 2 != 0 {
                for k in self.listed.max(1)..=m - n0 {
                    fresh.push(values[m - k].get());
                }
            }
            for class in &self.classes {
                for &k in &class.ks {
                    if k + 2 > m {
                        break;
                    }
                    let s = m - k;
                    let upto = s.saturating_sub(n0).min(last_pair(s, unequal));
                    fresh.extend((1..=upto).map(|a| (values[a] ^ values[s - a]).get()));
                    self.work.pairs += upto as u64;
                }
            }
            let v = if fresh.contains(&partial.mex) {
                partial.seen.widen(self.width());
                for &x in &fresh {
                    partial.seen.insert(x);
                }
                let mut work = SearchWork::default();
                let v =
                    self.search::<V>(m, n0, m, &mut partial.seen, &mut partial.scans, &mut work);
                self.work.pairs += work.pairs;
                self.work.compared += work.compared;
                v
            } else {
                partial.mex
            };
            self.push(v)?;
        }
        Ok(len)
    }

    /// The options of heaps `m0..m0 + count` among heaps `< n0` that the
    /// sparse method needs: takes, rare pairs, and pairs until the
    /// candidate is safe. The rare pairs of the heaps are gathered together
    /// ([`insert_rare_pairs_tiled`]) where all of them have them.
    fn known_options<V: Cell>(&self, m0: usize, count: usize, n0: usize) -> Vec<Partial> {
        let values = &V::cells(&self.values)[..n0];
        let width = self.width();
        let mut seens: Vec<Seen> = (0..count)
            .map(|_| {
                let mut seen = Seen::default();
                seen.reset(width);
                seen
            })
            .collect();
        let mut works = vec![SearchWork::default(); count];
        for (m, seen) in (m0..).zip(&mut seens) {
            if self.rules.digit(m as u64) & 1 != 0 {
                seen.insert(0);
            }
            for &k in &self.takes {
                if k < m && m - k < n0 {
                    seen.insert(values[m - k].get());
                }
            }
            if self.rules.tail_digit() & 2 != 0 {
                for k in (m - n0 + 1).max(self.listed).max(1)..m {
                    seen.insert(values[m - k].get());
                }
            }
        }
        let unequal = self.rules.is_grundys_game();
        for class in &self.classes {
            for &k in &class.ks {
                if k + 2 > m0 {
                    break;
                }
                let s0 = m0 - k;
                // Rare i with i < s and s − i < n0, for s = s0 + t.
                let from = |s: usize| class.rare.partition_point(|&i| (i as usize) + n0 <= s);
                let to = |s: usize| class.rare.partition_point(|&i| (i as usize) < s);
                let (all_from, all_to) = (from(s0 + count - 1), to(s0));
                // An equal split left out would have to be cut from the tile.
                let no_equal =
                    !unequal || class.rare.last().is_none_or(|&i| 2 * i as usize + 1 < s0);
                let len = 64 * width;
                let tiled = if count == TILE && no_equal && all_from < all_to && len <= TILE_VALUES
                {
                    let mut rows = Box::new([[0u8; TILE_VALUES]; TILE]);
                    let mask = (len - 1) as u32;
                    insert_rare_pairs_tiled(&mut rows, values, s0, class, all_from..all_to, mask);
                    for (row, seen) in rows.iter().zip(&mut seens) {
                        seen.merge_bytes(&row[..len]);
                    }
                    Some((all_from, all_to))
                } else {
                    None
                };
                for (t, (seen, work)) in seens.iter_mut().zip(&mut works).enumerate() {
                    let s = s0 + t;
                    let (lo, hi) = (from(s), to(s));
                    match tiled {
                        Some((a, b)) => {
                            insert_rare_pairs(seen, values, s, class, lo..a, unequal);
                            insert_rare_pairs(seen, values, s, class, b..hi, unequal);
                        }
                        None => insert_rare_pairs(seen, values, s, class, lo..hi, unequal),
                    }
                    work.pairs += (hi - lo) as u64;
                }
            }
        }
        (m0..)
            .zip(seens)
            .zip(works)
            .map(|((m, mut seen), mut work)| {
                let mut scans = [ClassScan::default(); 2];
                let mex = self.search::<V>(m, n0, n0, &mut seen, &mut scans, &mut work);
                Partial {
                    seen,
                    scans,
                    work,
                    mex,
                }
            })
            .collect()
    }

    /// The sparse method's search for heap `m` (module docs, "Speed"):
    /// while the mex `g` of `seen` is unsafe for a class, that class's pairs
    /// among heaps `< n0` are marked (from where `scans` stopped) until `g`
    /// turns up; after `MARK_STEP` pairs marked so, the values still
    /// missing below the least one safe for every class are counted, and
    /// when they are at most `AWAITED_MAX` the rest of the class's pairs
    /// are compared with them alone. Heaps `< known` have values. Returns
    /// the mex of `seen`, which is then `G(m)` as far as these pairs go.
    fn search<V: Cell>(
        &self,
        m: usize,
        n0: usize,
        known: usize,
        seen: &mut Seen,
        scans: &mut [ClassScan; 2],
        work: &mut SearchWork,
    ) -> u32 {
        let values = &V::cells(&self.values)[..known];
        let unequal = self.rules.is_grundys_game();
        let applies = |c: usize| self.classes[c].ks.first().is_some_and(|&k| k + 2 <= m);
        let safe = |g: u32, c: usize| {
            let y = u64::from(g) << 1 | ((m + c) as u64 & 1);
            (y & self.classes[c].mask).count_ones() & 1 == 1
        };
        let mut awaited = Awaited::default();
        let mut g = seen.mex();
        'candidates: loop {
            for c in (0..2).filter(|&c| applies(c)) {
                let scan = &mut scans[c];
                if safe(g, c) || g < scan.settled {
                    continue;
                }
                let ks = &self.classes[c].ks;
                let mut marked = 0;
                while scan.k_idx < ks.len() && ks[scan.k_idx] + 2 <= m {
                    let s = m - ks[scan.k_idx];
                    let last = last_pair(s, unequal);
                    let mut start = scan.a.max((s + 1).saturating_sub(n0)).max(1);
                    while start <= last {
                        if marked >= MARK_STEP {
                            // Count what is missing; compare if few.
                            let bound = awaited.gather(seen, g, |v| {
                                let unsafe_for = |c: usize| applies(c) && !safe(v, c);
                                (unsafe_for(0) || unsafe_for(1), unsafe_for(c))
                            });
                            if awaited.len <= AWAITED_MAX {
                                find_awaited(
                                    values,
                                    seen,
                                    ks,
                                    m,
                                    n0,
                                    unequal,
                                    scan,
                                    &mut awaited,
                                    work,
                                );
                                scan.settled = bound;
                                // Every awaited value of class `c` is now
                                // settled: found (in `seen`) or no pair's.
                                break;
                            }
                            marked = 0;
                        }
                        let end = (start + MARK_STEP).min(last + 1);
                        let found = insert_pairs_until(seen, values, s, start..end, Some(g));
                        let next = found.map_or(end, |(_, next)| next);
                        work.pairs += (next - start) as u64;
                        marked += next - start;
                        start = next;
                        scan.a = start;
                        if found.is_some() {
                            g = seen.mex_from(g);
                            if safe(g, c) {
                                continue 'candidates;
                            }
                        }
                    }
                    if start <= last {
                        break;
                    }
                    scan.k_idx += 1;
                    scan.a = 0;
                }
            }
            // The value, once no class may still give the mex: each is safe
            // for it, settled above it or has no pair left unmarked (a
            // class may have been passed over for an earlier candidate).
            let mex = seen.mex();
            let open = |c: usize| {
                let ks = &self.classes[c].ks;
                let scan = &scans[c];
                applies(c)
                    && !safe(mex, c)
                    && mex >= scan.settled
                    && scan.k_idx < ks.len()
                    && ks[scan.k_idx] + 2 <= m
            };
            if !open(0) && !open(1) {
                return mex;
            }
            g = mex;
        }
    }

    fn push(&mut self, v: u32) -> Result<(), HeapSolveError> {
        let n = self.values.len();
        let bytes = ValueTable::bytes_for(v);
        if bytes > self.values.bytes_per_value() {
            // Widening copies the cells: both copies must fit the budget.
            let old = self.values.allocated_bytes() as u64;
            let needed = old + (n as u64 + 1) * bytes as u64;
            if needed > self.config.memory_budget {
                return Err(HeapSolveError::WideningBudget {
                    heap: n as u64,
                    value: v,
                    bytes,
                    needed,
                    budget: self.config.memory_budget,
                });
            }
        }
        self.values.push(v);
        self.largest = self.largest.max(v);
        if self.sparse_on && n >= 1 {
            let x = u64::from(v) << 1 | (n as u64 & 1);
            for class in &mut self.classes {
                if !class.ks.is_empty() && (x & class.mask).count_ones() & 1 == class.twist {
                    class.rare.push(n as u32);
                    class.rare_values.push(v);
                }
            }
        }
        Ok(())
    }

    fn check_period(&mut self) {
        let len = self.values.len();
        self.periodicity = find_periodicity(&self.rules, &self.values);
        if let (Some(tail), Some(p)) = (self.split_tail.as_mut(), self.periodicity) {
            if p.saltus > 0 {
                tail.set_slope(&self.values, p.period, p.saltus, p.preperiod);
            }
        }
        // Checks cost O(len); spacing them by len/16 keeps the total linear
        // while stopping at most 1/16 past the heap where a proof appears.
        self.next_period_check = len + (len / 16).max(16);
    }

    /// The rare/common bookkeeping from scratch, with fresh masks.
    fn choose_engine(&mut self) {
        if !self.sparse_possible || self.config.solver == SolverChoice::Plain {
            self.sparse_on = false;
            return;
        }
        let bits = 33 - self.largest.leading_zeros();
        if bits > MAX_MASK_BITS {
            self.sparse_on = false;
            return;
        }
        let mut walsh = vec![0i64; 1 << bits];
        for (i, v) in self.values.iter().enumerate().skip(1) {
            walsh[(v as usize) << 1 | (i & 1)] += 1;
        }
        let total = (self.values.len() - 1) as i64;
        walsh_hadamard(&mut walsh);
        let mut worst_fraction: f64 = 0.0;
        for c in 0..2 {
            if self.classes[c].ks.is_empty() {
                continue;
            }
            let (mask, twist) = best_mask(&walsh, c);
            let rare = rare_count(&walsh, total, mask, twist) as f64;
            worst_fraction = worst_fraction.max(rare / total.max(1) as f64);
            let class = &mut self.classes[c];
            class.mask = mask;
            class.twist = twist;
            class.rare.clear();
            class.rare_values.clear();
            for (i, v) in self.values.iter().enumerate().skip(1) {
                let x = u64::from(v) << 1 | (i as u64 & 1);
                if (x & mask).count_ones() & 1 == twist {
                    class.rare.push(i as u32);
                    class.rare_values.push(v);
                }
            }
        }
        self.sparse_on = self.config.solver == SolverChoice::Sparse
            || worst_fraction <= SPARSE_MAX_RARE_FRACTION;
    }

    /// Inserts the values of the moves that leave at most one heap.
    fn insert_takes<V: Cell>(&mut self, n: usize) {
        let values = V::cells(&self.values);
        let seen = &mut self.seen;
        if self.rules.digit(n as u64) & 1 != 0 {
            seen.insert(0);
        }
        for &k in &self.takes {
            if k >= n {
                break;
            }
            seen.insert(values[n - k].get());
        }
        if self.rules.tail_digit() & 2 != 0 {
            for k in self.listed.max(1)..n {
                seen.insert(values[n - k].get());
            }
        }
    }

    /// The values of the options of heap `n` that take from the listed
    /// digits (or the whole heap) and leave at most one heap.
    fn listed_takes(&self, n: usize) -> Vec<u32> {
        let mut others = Vec::with_capacity(self.takes.len() + 1);
        if self.rules.digit(n as u64) & 1 != 0 {
            others.push(0);
        }
        for &k in self.takes.iter().take_while(|&&k| k < n) {
            others.push(self.values.get(n - k).unwrap_or(0));
        }
        others
    }

    /// `G(n)` by the candidate-driven mex of `split_tail.rs`.
    fn value_of_split_tail(&mut self, n: usize) -> u32 {
        let others = self.listed_takes(n);
        match self.split_tail.as_mut() {
            Some(tail) => tail.value(&self.values, n, &others),
            None => 0,
        }
    }

    /// `G(n)` by the incremental mex (see `prefix.rs`): the prefix left by
    /// the repeating digit, and the few options of the listed digits.
    fn value_of_prefix(&mut self, n: usize) -> u32 {
        let others = self.listed_takes(n);
        let Some(prefix) = self.prefix.as_mut() else {
            return 0;
        };
        // The repeating digit removes `k >= max(listed, 1)`, leaving heaps
        // `1..=n − max(listed, 1)`.
        prefix.grow_to(&self.values, (n + 1).saturating_sub(self.listed.max(1)));
        prefix.mex_without(&others)
    }

    fn value_of_plain<V: Cell>(&mut self, n: usize) -> u32 {
        self.seen.reset(self.width());
        self.insert_takes::<V>(n);
        let unequal = self.rules.is_grundys_game();
        let tail = self.rules.tail_digit();
        for c in 0..2 {
            for idx in 0..self.classes[c].ks.len() {
                let k = self.classes[c].ks[idx];
                if k + 2 <= n {
                    self.scan_pairs::<V>(n - k, unequal);
                }
            }
        }
        if tail & 4 != 0 {
            for k in self.listed..n.saturating_sub(1) {
                self.scan_pairs::<V>(n - k, unequal);
            }
        }
        for idx in 0..self.triples.len() {
            let k = self.triples[idx];
            if k + 3 <= n {
                self.scan_triples::<V>(n - k);
            }
        }
        if tail & 8 != 0 {
            for k in self.listed..n.saturating_sub(2) {
                self.scan_triples::<V>(n - k);
            }
        }
        self.seen.mex()
    }

    /// Inserts the values of the splits of `s` into three non-empty heaps.
    fn scan_triples<V: Cell>(&mut self, s: usize) {
        let values = V::cells(&self.values);
        for a in 1..=s / 3 {
            for b in a..=(s - a) / 2 {
                self.seen
                    .insert((values[a] ^ values[b] ^ values[s - a - b]).get());
            }
        }
    }

    /// Bitset words for any XOR of values so far.
    fn width(&self) -> usize {
        ((self.largest as usize + 1).next_power_of_two() / 64).max(1)
    }

    fn value_of_sparse<V: Cell>(&mut self, n: usize) -> u32 {
        self.seen.reset(self.width());
        self.insert_takes::<V>(n);
        let unequal = self.rules.is_grundys_game();
        for class in &self.classes {
            for &k in &class.ks {
                if k + 2 > n {
                    break;
                }
                let s = n - k;
                let below = class.rare.partition_point(|&i| (i as usize) < s);
                let values = V::cells(&self.values);
                insert_rare_pairs(&mut self.seen, values, s, class, 0..below, unequal);
                self.work.pairs += below as u64;
            }
        }
        let mut seen = std::mem::take(&mut self.seen);
        let mut work = SearchWork::default();
        let g = self.search::<V>(
            n,
            n,
            n,
            &mut seen,
            &mut [ClassScan::default(); 2],
            &mut work,
        );
        self.seen = seen;
        self.work.pairs += work.pairs;
        self.work.compared += work.compared;
        g
    }

    /// Inserts `G(a) ^ G(s - a)` for `1 <= a <= s/2` (skipping `a = s - a`
    /// when splits must be unequal), split across the threads when there
    /// are many.
    fn scan_pairs<V: Cell>(&mut self, s: usize, unequal: bool) {
        let last = last_pair(s, unequal);
        let values = V::cells(&self.values);
        let width = self.width();
        let threads = self.pool.as_ref().map_or(1, |p| p.current_num_threads());
        match &self.pool {
            Some(pool) if threads > 1 && last >= self.config.parallel_min_pairs => {
                let started = Instant::now();
                let words = pool.install(|| {
                    (1..last + 1)
                        .into_par_iter()
                        .with_min_len(BLOCK)
                        .fold(
                            || vec![0u64; width],
                            |mut words, a| {
                                let v = (values[a] ^ values[s - a]).get() as usize;
                                words[v >> 6] |= 1 << (v & 63);
                                words
                            },
                        )
                        .reduce(
                            || vec![0u64; width],
                            |mut x, y| {
                                x.iter_mut().zip(&y).for_each(|(a, b)| *a |= b);
                                x
                            },
                        )
                });
                self.work.parallel_nanos += nanos_since(started);
                self.seen.merge(&words);
            }
            _ => {
                insert_pairs_until(&mut self.seen, values, s, 1..last + 1, None);
            }
        }
        self.work.pairs += last as u64;
    }
}

fn nanos_since(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Heaps per parallel batch of the sparse engine: the options among a
/// batch's own heaps are added one heap at a time, and sometimes move a
/// heap's candidate so that its search goes on sequentially, so batches stay
/// short. With the loops of the "Speed" section and one heap per task, 32
/// beat 16 on two threads (Officers to 2^22: 3.83–3.88 s against
/// 3.98–4.00 s; Grundy's game 3.85 s against 3.94 s).
const BATCH: usize = 32;

/// The last `a` of the splits `(a, s − a)`, `a <= s − a`; an equal split is
/// left out when splits must be unequal.
#[inline]
fn last_pair(s: usize, unequal: bool) -> usize {
    if unequal && s & 1 == 0 {
        s / 2 - 1
    } else {
        s / 2
    }
}

/// How far the search of one heap got in one split class: the pairs of
/// `ks[..k_idx]`, and those of `ks[k_idx]` below `a`, are in its set.
#[derive(Clone, Copy, Debug, Default)]
struct ClassScan {
    /// The index in the class's `ks` being marked.
    k_idx: usize,
    /// The next `a` to mark (0: from the start).
    a: usize,
    /// Values below this that are missing from the set are no pair's of
    /// the class (their comparison with the unmarked pairs found none).
    settled: u32,
}

/// What a search did: pairs whose value it marked, pairs it compared with
/// one awaited value.
#[derive(Clone, Copy, Debug, Default)]
struct SearchWork {
    pairs: u64,
    compared: u64,
}

/// The options of a heap gathered in the parallel phase of a batch.
struct Partial {
    seen: Seen,
    scans: [ClassScan; 2],
    work: SearchWork,
    /// The mex of `seen` when the parallel phase stopped.
    mex: u32,
}

/// Heaps whose rare pairs are gathered together: each rare heap's cells for
/// the tile's heaps lie side by side, read at once instead of one scattered
/// read per heap.
const TILE: usize = 16;

/// The widest set of values the tiled rare pairs handle (wider sets, of
/// values of 1024 and more, take the rare pairs heap by heap).
const TILE_VALUES: usize = 1024;

/// Inserts `G(i) ^ G(s0 + t − i)` for the rare heaps `class.rare[range]`
/// into `rows[t]` (all below `s0`; no equal split among them), whose values
/// are below `mask + 1`.
fn insert_rare_pairs_tiled<V: Cell>(
    rows: &mut [[u8; TILE_VALUES]; TILE],
    values: &[V],
    s0: usize,
    class: &SplitClass,
    range: Range<usize>,
    mask: u32,
) {
    // Masking to the rows' length as well lets the compiler drop the
    // bounds checks of the stores.
    let mask = mask & (TILE_VALUES as u32 - 1);
    for (&i, &x) in class.rare[range.clone()]
        .iter()
        .zip(&class.rare_values[range])
    {
        let at = s0 - i as usize;
        let Ok(cells) = <&[V; TILE]>::try_from(&values[at..at + TILE]) else {
            continue;
        };
        for t in 0..TILE {
            rows[t][((x ^ cells[t].get()) & mask) as usize] = 1;
        }
    }
}

/// Inserts `G(i) ^ G(s − i)` for the rare heaps `class.rare[range]` (all
/// below `s`), leaving out `i = s / 2` when splits must be unequal.
#[inline]
fn insert_rare_pairs<V: Cell>(
    seen: &mut Seen,
    values: &[V],
    s: usize,
    class: &SplitClass,
    range: Range<usize>,
    unequal: bool,
) {
    let rare = &class.rare[range.clone()];
    let rare_values = &class.rare_values[range];
    // An equal split is left out by cutting the list around it, so that
    // the loop itself has no test.
    let (first, second) = if unequal && s.is_multiple_of(2) {
        let half = rare.partition_point(|&i| (i as usize) < s / 2);
        let skip = usize::from(rare.get(half).is_some_and(|&i| i as usize == s / 2));
        (0..half, half + skip..rare.len())
    } else {
        (0..rare.len(), 0..0)
    };
    let (bytes, mask) = seen.table();
    for part in [first, second] {
        let (rare, rare_values) = (&rare[part.clone()], &rare_values[part]);
        // Eight at a time as arrays, unrolled as in `insert_pairs_until`.
        let whole = rare.chunks_exact(8).zip(rare_values.chunks_exact(8));
        for (i, x) in whole {
            if let (Ok(i), Ok(x)) = (<&[u32; 8]>::try_from(i), <&[u32; 8]>::try_from(x)) {
                for t in 0..8 {
                    bytes[((x[t] ^ values[s - i[t] as usize].get()) & mask) as usize] = 1;
                }
            }
        }
        let rest = rare.len() / 8 * 8;
        for (&i, &x) in rare[rest..].iter().zip(&rare_values[rest..]) {
            bytes[((x ^ values[s - i as usize].get()) & mask) as usize] = 1;
        }
    }
}

/// Pairs inserted between two checks for the target in `insert_pairs_until`.
const CHUNK: usize = 32;

/// Inserts `G(a) ^ G(s - a)` for `a` in `range`. With a `target` (the
/// current mex, so not yet in the set), stops at the end of the chunk of
/// [`CHUNK`] pairs in which a pair gives it, returning that pair's `a` and
/// the first `a` not inserted. The hot loop of both engines: plain slices
/// and locals only, so nothing is reloaded.
///
/// Why chunks: checking every pair for the target puts a compare and a
/// branch beside each store; checking the target's byte once per chunk
/// costs at most `CHUNK − 1` extra pairs per hit; and a whole chunk is an
/// array, whose loop the compiler unrolls. Officers to 2^20, one thread:
/// with per-pair loops, chunks of 8, 16, 32, 64, 128 pairs took 2.48, 2.37,
/// 2.31, 2.28, 2.35 s; unrolled, 16, 32, 64 took 1.75, 1.69, 1.77 s.
#[inline]
fn insert_pairs_until<V: Cell>(
    seen: &mut Seen,
    values: &[V],
    s: usize,
    range: Range<usize>,
    target: Option<u32>,
) -> Option<(usize, usize)> {
    if range.is_empty() {
        return None;
    }
    let low = &values[range.start..range.end];
    let high = &values[s + 1 - range.end..=s - range.start];
    let len = low.len();
    assert_eq!(high.len(), len);
    let (bytes, mask) = seen.table();
    // Whole chunks as arrays, so that the loop is unrolled with no bounds
    // check but the table's; then the shorter rest.
    let whole = low.chunks_exact(CHUNK).zip(high.rchunks_exact(CHUNK));
    let rest = (
        low.chunks_exact(CHUNK).remainder(),
        high.rchunks_exact(CHUNK).remainder(),
    );
    for (c, (lo, hi)) in whole.chain(std::iter::once(rest)).enumerate() {
        match (<&[V; CHUNK]>::try_from(lo), <&[V; CHUNK]>::try_from(hi)) {
            (Ok(lo), Ok(hi)) => {
                for t in 0..CHUNK {
                    bytes[((lo[t] ^ hi[CHUNK - 1 - t]).get() & mask) as usize] = 1;
                }
            }
            _ => {
                for (&x, &y) in lo.iter().zip(hi.iter().rev()) {
                    bytes[((x ^ y).get() & mask) as usize] = 1;
                }
            }
        }
        if let Some(target) = target {
            if bytes.get(target as usize).is_some_and(|&b| b != 0) {
                let pairs = lo.iter().zip(hi.iter().rev());
                if let Some(t) = pairs.clone().position(|(&x, &y)| (x ^ y).get() == target) {
                    let a = range.start + c * CHUNK;
                    return Some((a + t, a + lo.len()));
                }
            }
        }
    }
    None
}

/// Pairs of a split class that the sparse engine's search marks before it
/// counts the values still awaited, and again each time they are too many.
const MARK_STEP: usize = 1024;

/// The most values the search compares each pair with in one pass.
const AWAITED_MAX: usize = 4;
const _: () = assert!(
    AWAITED_MAX <= 4,
    "find_awaited compares at most 4 values at once"
);

/// The values a search compares pairs with: those missing from a set
/// below the least one that no class may give, which class `c` may give.
#[derive(Default)]
struct Awaited {
    values: [u32; AWAITED_MAX + 1],
    /// How many: one more than [`AWAITED_MAX`] means too many.
    len: usize,
}

impl Awaited {
    /// Lists the values missing from `seen` from `from` up to the first
    /// that `kind` says no class may give (`kind(v)` = (some class may,
    /// class `c` may)), stopping at `AWAITED_MAX + 1` of class `c`.
    /// Returns where the list stopped: when it holds at most `AWAITED_MAX`, every
    /// value missing below that is listed or of no pair of class `c`.
    fn gather(&mut self, seen: &Seen, from: u32, kind: impl Fn(u32) -> (bool, bool)) -> u32 {
        self.len = 0;
        let mut g = seen.mex_from(from);
        while (g as usize) < seen.len() && self.len < self.values.len() {
            let (any, this) = kind(g);
            if !any {
                break;
            }
            if this {
                self.values[self.len] = g;
                self.len += 1;
            }
            g = seen.mex_from(g + 1);
        }
        g
    }
}

/// Compares the pairs of class `ks` at heap `m` not yet marked (from where
/// `scan` stopped; the larger part below `n0`) with the `awaited` values,
/// inserting into `seen` each one found (and taking it off the list), until
/// none is awaited or every pair was compared.
#[allow(clippy::too_many_arguments)]
fn find_awaited<V: Cell>(
    values: &[V],
    seen: &mut Seen,
    ks: &[usize],
    m: usize,
    n0: usize,
    unequal: bool,
    scan: &ClassScan,
    awaited: &mut Awaited,
    work: &mut SearchWork,
) {
    // Two cells XOR into a cell: a value wider than a cell is no pair's.
    let mut wanted: Vec<V> = awaited.values[..awaited.len]
        .iter()
        .filter_map(|&v| V::from_u32(v))
        .collect();
    for (idx, &k) in ks.iter().enumerate().skip(scan.k_idx) {
        if k + 2 > m {
            break;
        }
        let s = m - k;
        let last = last_pair(s, unequal);
        let lower = (s + 1).saturating_sub(n0).max(1);
        let mut start = if idx == scan.k_idx {
            scan.a.max(lower)
        } else {
            lower
        };
        while start <= last && !wanted.is_empty() {
            let found = match wanted.len() {
                1 => find_any::<V, 1>(values, s, start..last + 1, &wanted),
                2 => find_any::<V, 2>(values, s, start..last + 1, &wanted),
                // At most `AWAITED_MAX` (4) are compared at once.
                _ => find_any::<V, 4>(values, s, start..last + 1, &wanted),
            };
            let Some(a) = found else {
                work.compared += (last + 1 - start) as u64;
                break;
            };
            work.compared += (a + 1 - start) as u64;
            let v = values[a] ^ values[s - a];
            seen.insert(v.get());
            wanted.retain(|&w| w != v);
            start = a + 1;
        }
        if wanted.is_empty() {
            return;
        }
    }
}

/// The first `a` in `range` whose pair `G(a) ^ G(s − a)` is one of
/// `targets` (at most `K`; the list is padded with its first value): the
/// pairs of [`insert_pairs_until`], compared instead of marked. A chunk's
/// comparisons are folded into one flag with no early exit, so the
/// compiler turns the chunk into vector compares.
#[inline]
fn find_any<V: Cell, const K: usize>(
    values: &[V],
    s: usize,
    range: Range<usize>,
    targets: &[V],
) -> Option<usize> {
    if range.is_empty() || targets.is_empty() {
        return None;
    }
    let mut wanted = [targets[0]; K];
    for (w, &t) in wanted.iter_mut().zip(targets) {
        *w = t;
    }
    let low = &values[range.start..range.end];
    let high = &values[s + 1 - range.end..=s - range.start];
    assert_eq!(high.len(), low.len());
    let whole = low.chunks_exact(CHUNK).zip(high.rchunks_exact(CHUNK));
    let rest = (
        low.chunks_exact(CHUNK).remainder(),
        high.rchunks_exact(CHUNK).remainder(),
    );
    for (c, (lo, hi)) in whole.chain(std::iter::once(rest)).enumerate() {
        let hit = match (<&[V; CHUNK]>::try_from(lo), <&[V; CHUNK]>::try_from(hi)) {
            (Ok(lo), Ok(hi)) => {
                let mut hit = false;
                for t in 0..CHUNK {
                    let x = lo[t] ^ hi[CHUNK - 1 - t];
                    for w in wanted {
                        hit |= x == w;
                    }
                }
                hit
            }
            _ => true,
        };
        if hit {
            let mut pairs = lo.iter().zip(hi.iter().rev());
            if let Some(t) = pairs.position(|(&x, &y)| wanted.contains(&(x ^ y))) {
                return Some(range.start + c * CHUNK + t);
            }
        }
    }
    None
}

/// The mask and twist for split class `c` (0: even removals, 1: odd) from
/// the Walsh–Hadamard transform `walsh` of the histogram of
/// `x = 2·G + parity` over heaps `1..`: the least cost `total + (−1)^t
/// W[m]` (rare heaps plus unsafe values) with the twist `t = c·m₀` (module
/// docs). Mask 0 makes every heap rare: it is chosen only when there is no
/// other.
fn best_mask(walsh: &[i64], c: usize) -> (u64, u32) {
    let twist = |m: usize| (c & m & 1) as u32;
    let cost = |m: usize| if twist(m) == 1 { -walsh[m] } else { walsh[m] };
    let best = (1..walsh.len()).min_by_key(|&m| cost(m)).unwrap_or(0);
    (best as u64, twist(best))
}

/// Heaps `1..=total` rare under `mask` and `twist`:
/// `(total + (−1)^twist W[mask]) / 2`.
fn rare_count(walsh: &[i64], total: i64, mask: u64, twist: u32) -> u64 {
    let w = walsh.get(mask as usize).copied().unwrap_or(total);
    let signed = if twist == 1 { -w } else { w };
    ((total + signed) / 2) as u64
}

/// The (unnormalised) Walsh–Hadamard transform in place:
/// `W[m] = Σ_x h[x]·(−1)^popcount(x & m)`.
pub(super) fn walsh_hadamard(h: &mut [i64]) {
    let mut len = 1;
    while len < h.len() {
        for block in h.chunks_mut(2 * len) {
            let (lo, hi) = block.split_at_mut(len);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        len *= 2;
    }
}

impl HeapSolver {
    /// The values computed so far, with their periodicity, as a sequence.
    pub fn into_sequence(mut self) -> HeapSequence {
        if self
            .periodicity
            .is_none_or(|p| p.checked != self.values.len() as u64)
        {
            self.check_period();
        }
        HeapSequence::new(self.rules, self.values, self.periodicity)
    }
}

impl TakeBreak {
    /// `G(0..=to)`, or fewer values when a period is proved first (the
    /// sequence then answers every heap).
    ///
    /// ```
    /// use grundy::{takebreak::SequenceConfig, takebreak::TakeBreak};
    /// let officers = TakeBreak::officers().try_sequence(20, &SequenceConfig::default()).unwrap();
    /// assert_eq!(officers.get(20).unwrap().0, 0);
    /// ```
    pub fn try_sequence(
        &self,
        to: u64,
        config: &SequenceConfig,
    ) -> Result<HeapSequence, HeapSolveError> {
        let mut solver = HeapSolver::new(self.clone(), config.clone())?;
        solver.try_extend(to, u64::MAX)?;
        Ok(solver.into_sequence())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The word-at-a-time zero search against a byte-by-byte one.
        #[test]
        fn mex_from_finds_the_first_missing_value(
            width in 1usize..4,
            present in proptest::collection::vec(any::<bool>(), 256),
            from in 0u32..300,
        ) {
            let mut seen = Seen::default();
            seen.reset(width);
            for (v, _) in present.iter().enumerate().take(64 * width).filter(|p| *p.1) {
                seen.insert(v as u32);
            }
            let expected = (from.min(64 * width as u32)..64 * width as u32)
                .find(|&v| !present[v as usize])
                .unwrap_or(64 * width as u32);
            prop_assert_eq!(seen.mex_from(from), expected);
        }

        /// The chunked scan inserts exactly the pairs it says it did and
        /// stops at the first chunk holding the target.
        #[test]
        fn chunked_scan_reports_its_witness(
            values in proptest::collection::vec(0u32..64, 2..400),
            start in 1usize..50,
            target in 0u32..64,
        ) {
            let s = values.len() - 1;
            let last = s / 2;
            prop_assume!(start <= last);
            let mut seen = Seen::default();
            seen.reset(1);
            let found = insert_pairs_until(&mut seen, &values, s, start..last + 1, Some(target));
            let pair = |a: usize| values[a] ^ values[s - a];
            let first = (start..=last).find(|&a| pair(a) == target);
            let inserted_to = match (found, first) {
                (Some((a, next)), Some(f)) => {
                    prop_assert_eq!(a, f);
                    prop_assert!(next > a && next <= last + 1 && next - start <= (a - start) / CHUNK * CHUNK + CHUNK);
                    next
                }
                (None, None) => last + 1,
                (found, first) => {
                    return Err(TestCaseError::fail(format!("{found:?} against {first:?}")));
                }
            };
            let mut expected = [false; 64];
            for a in start..inserted_to {
                expected[pair(a) as usize] = true;
            }
            for (v, &e) in expected.iter().enumerate() {
                prop_assert_eq!(seen.bytes[v] != 0, e, "value {}", v);
            }
        }
    }

    #[test]
    fn walsh_transform_counts_parities() {
        let mut h = vec![3, 0, 0, 5];
        walsh_hadamard(&mut h);
        // m = 1: x = 0 even, x = 3 odd. m = 3: both even.
        assert_eq!(h, vec![8, -2, -2, 8]);
    }

    #[test]
    fn the_odd_class_may_twist_and_the_even_class_never_does() {
        // x = 2G + parity: two heaps of x = 0, two of x = 2, one of x = 1.
        // For odd removals mask 1 with twist 1 leaves one heap rare (x = 1)
        // and every other value safe. Even removals cannot twist: their
        // best mask (3) leaves two heaps rare.
        let mut h = vec![2, 1, 2, 0];
        walsh_hadamard(&mut h);
        assert_eq!(best_mask(&h, 1), (1, 1));
        assert_eq!(rare_count(&h, 5, 1, 1), 1);
        assert_eq!(best_mask(&h, 0), (3, 0));
        assert_eq!(rare_count(&h, 5, 3, 0), 2);
    }

    /// The rare lists the engine keeps are exactly the heaps the mask and
    /// twist call rare, for both kinds, and the twist is the one the module
    /// docs prove useful.
    #[test]
    fn rare_lists_follow_the_definition() {
        let heaps = if cfg!(debug_assertions) {
            3000
        } else {
            100_000
        };
        for code in ["0.104", "0.6", "0.16", "0.051"] {
            let config = SequenceConfig {
                solver: SolverChoice::Sparse,
                stop_when_proved: false,
                ..SequenceConfig::default()
            };
            let mut solver = HeapSolver::new(TakeBreak::from_code(code).unwrap(), config).unwrap();
            solver.try_extend(heaps, u64::MAX).unwrap();
            let values = solver.values().to_vec();
            for (c, class) in solver.classes.iter().enumerate() {
                if class.ks.is_empty() {
                    continue;
                }
                assert_eq!(u64::from(class.twist), c as u64 & class.mask & 1, "{code}");
                let rare: Vec<u32> = (1..values.len())
                    .filter(|&i| {
                        let x = u64::from(values[i]) << 1 | (i as u64 & 1);
                        (x & class.mask).count_ones() & 1 == class.twist
                    })
                    .map(|i| i as u32)
                    .collect();
                assert_eq!(class.rare, rare, "{code} class {c}");
                let rare_values: Vec<u32> = rare.iter().map(|&i| values[i as usize]).collect();
                assert_eq!(class.rare_values, rare_values, "{code} class {c}");
            }
        }
        // 0.104 removes 3 tokens to split: only the twist makes it sparse.
        let config = SequenceConfig {
            stop_when_proved: false,
            ..SequenceConfig::default()
        };
        let mut solver = HeapSolver::new(TakeBreak::from_code("0.104").unwrap(), config).unwrap();
        solver.try_extend(1 << 14, u64::MAX).unwrap();
        assert!(solver.sparse_on);
        assert_eq!(solver.classes[1].twist, 1);
        assert!(
            solver.classes[1].rare.len() < 64,
            "{}",
            solver.classes[1].rare.len()
        );
    }

    #[test]
    fn forced_sparse_is_refused_where_it_cannot_work() {
        let config = SequenceConfig {
            solver: SolverChoice::Sparse,
            ..SequenceConfig::default()
        };
        let three = TakeBreak::from_code("0.8").unwrap();
        assert!(matches!(
            HeapSolver::new(three, config),
            Err(HeapSolveError::SparseUnsupported { .. })
        ));
    }

    #[test]
    fn memory_budget_is_an_error() {
        let config = SequenceConfig {
            memory_budget: 4000,
            ..SequenceConfig::default()
        };
        // Grundy's game's values stay below 256 here: one byte a heap.
        let err = TakeBreak::grundys_game()
            .try_sequence(5000, &config)
            .unwrap_err();
        assert!(
            matches!(err, HeapSolveError::MemoryBudget { heap: 4000, .. }),
            "{err}"
        );
        // 0.2444 passes 255 below heap 2000: widening to two bytes a heap
        // needs both copies at once, which no longer fit.
        let game = TakeBreak::from_code("0.2444").unwrap();
        let all = game.try_sequence(2000, &SequenceConfig::default()).unwrap();
        let first_wide = all.values().iter().position(|v| v > 255).unwrap() as u64;
        let err = game.try_sequence(5000, &config).unwrap_err();
        assert!(
            matches!(err, HeapSolveError::WideningBudget { heap, needed, bytes: 2, .. }
                if heap == first_wide && needed > 3 * first_wide),
            "{err}"
        );
        // With room for both copies at their exact sizes, it goes on.
        let roomy = SequenceConfig {
            memory_budget: 2048 + 2 * (first_wide + 1),
            ..SequenceConfig::default()
        };
        let err = game.try_sequence(5000, &roomy).unwrap_err();
        assert!(
            matches!(err, HeapSolveError::MemoryBudget { heap, .. } if heap > first_wide),
            "{err}"
        );
    }
}
