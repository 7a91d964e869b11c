//! Misère quotients of heap games (Plambeck 2005; Plambeck & Siegel 2008).
//!
//! In misère play (whoever moves last loses) the Grundy value of a sum is
//! not determined by the values of its parts, and a game's canonical form
//! is usually enormous. Plambeck's remedy is to stop comparing a game with
//! every game and compare it only with the sums the game at hand can
//! produce. For a take-and-break game and heaps `0..=N`, call two sums `G`
//! and `H` *indistinguishable* when `G + X` and `H + X` have the same
//! misère outcome for every sum `X` of such heaps. The classes form a
//! commutative monoid `Q` under `+`, the *misère quotient*; the classes of
//! P-positions form its *P-portion*; the class of a heap `h` is `Φ(h)`, the
//! element it *pretends* to be. Then a sum of heaps is a misère P-position
//! exactly when the product of its heaps' elements lies in the P-portion,
//! and a move wins exactly when it lands there. Where Sprague–Grundy theory
//! has the group of nimbers, misère play has these finite monoids, as long
//! as they stay finite.
//!
//! ```
//! use grundy::quotient::compute_quotient;
//! use grundy::{Budget, Outcome, takebreak::TakeBreak};
//!
//! // Dawson's Kayles (0.07) up to heap 12: a quotient of 12 elements.
//! let q = compute_quotient(&TakeBreak::dawsons_kayles(), 12, &Budget::default()).unwrap();
//! assert_eq!(q.order(), 12);
//! // Misère outcome of rows of 2, 5 and 9 pins, and the moves that win.
//! let outcome = q.outcome(&[2, 5, 9]).unwrap();
//! let moves = q.winning_moves(&[2, 5, 9]).unwrap();
//! assert_eq!(outcome == Outcome::N, !moves.moves.is_empty());
//! // Sums with a heap beyond 12 are not covered (the period is not proved).
//! assert_eq!(q.outcome(&[40]), None);
//! println!("{q}"); // order, presentation, P-portion, pretending function
//! ```
//!
//! # How it is computed
//!
//! Heap by heap, as Siegel's MisereSolver does, with code of our own
//! ([`MisereQuotient::extend_to`]):
//!
//! 1. If the new heap can pretend to be an element `x` of the quotient so
//!    far, the quotient does not change and `Φ(n) = x`. Whether it can is
//!    decided exactly: see [`verify`](self#verification).
//! 2. Otherwise the quotient grows. A candidate monoid is built, the old
//!    quotient times a cyclic monoid for the new heap; its P-portion is read
//!    off the least sum of each element (every option of a sum is a smaller
//!    sum in the order used, so the outcomes can be filled in one pass), and
//!    elements that no sum tells apart are merged.
//! 3. The candidate is verified. If it predicts some sum wrongly, the least
//!    such sum is known with its true outcome (every smaller sum is right),
//!    and the candidate is rebuilt with cyclic parts of their own for as few
//!    of that sum's heaps as put it right. This repeats until a candidate is
//!    verified.
//!
//! Nothing is accepted without the verification, so the quotient reported is
//! the quotient; the search in step 3 is what may fail (it gives up with
//! [`QuotientError::NoCandidate`]) or grow past the budget, for instance when
//! the quotient is infinite.
//!
//! # Verification
//!
//! A monoid `Q` with P-portion `P` and pretending function `Φ` gives every
//! sum its true outcome if and only if, for every sum `w`: when `Φ(w)` is in
//! `P`, no option of `w` is; and when `w` is not empty and `Φ(w)` is not in
//! `P`, some option is (Plambeck & Siegel's criterion). Both conditions reduce
//! to finitely many checks: the first depends only on an element, a heap
//! and the image of one of its options; the second on the pair of an
//! element and the set of images of a sum's options, which adding heaps
//! transforms monotonically, so only pairs not dominated by one met earlier
//! need extending. Then `Q`, merged down to indistinguishable classes, is
//! the quotient.
//!
//! # Periodicity
//!
//! When the pretending function repeats, `Φ(n + p) = Φ(n)` for `e <= n`,
//! through heap `B + p − 1` with `B` the Guy–Smith bound of
//! [`guy_smith_bound`] (`2e + p + t` for an octal
//! code whose largest take is `t`), the quotient never grows again and `Φ`
//! is periodic for every heap. The argument is Guy and Smith's: past `B`, the
//! options of heap `m + p` are those of heap `m` with their largest heap
//! shifted by `p`, which has the same image, so heap `m + p` brings the same
//! element and the same option images as heap `m`, and both conditions of
//! the verification are then the ones already checked. Plambeck and Siegel
//! prove a periodicity theorem of this kind; this is our statement of it,
//! with the bound the crate uses for normal play. A repetition short of the
//! bound is reported as seen, not proved.

mod bound;
mod candidate;
mod core;
mod monoid;
mod present;
mod solve;
mod verify;

use std::fmt;
use std::ops::ControlFlow;

pub use present::{Generator, Presentation};
pub use solve::{GrowthAttempt, QuotientStats};

use crate::solvers::heap_options::takebreak_options_until;
use crate::takebreak::{guy_smith_bound, TakeBreak};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::Outcome;
use solve::Solver;

/// Why a quotient could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// A limit of the budget was reached (the error names its flag).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// Heaps are numbered with 32 bits here.
    #[error("heap {heap} is too large for a misère quotient: heaps up to 2^32 - 1 are supported")]
    HeapTooLarge {
        /// The heap asked for.
        heap: u64,
    },
    /// The search for a verified candidate gave up.
    #[error(
        "no candidate quotient for heaps up to {heap} was verified after {rounds} repairs \
         (last refuted by the sum {failure:?}); the quotient may be infinite, or need a \
         larger candidate than the search tries"
    )]
    NoCandidate {
        /// The heap whose addition could not be handled.
        heap: u64,
        /// Candidates refuted before the search gave up.
        rounds: usize,
        /// The heaps of the last sum a candidate predicted wrongly.
        failure: Vec<u64>,
    },
}

/// An element of a misère quotient, numbered in the order of the least sum
/// of heaps in its class (0 is the identity, the class of the empty sum).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct QuotientElement(pub u32);

/// A pretending function found periodic: `Φ(n + period) = Φ(n)` for every
/// `n >= preperiod` the computation covers, and for every heap when `proved`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QuotientPeriodicity {
    /// The first heap from which the pattern holds.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Whether the check of the [module docs](self#periodicity) covers it:
    /// then the quotient is that of every heap, and sums of any heaps are answered.
    pub proved: bool,
    /// The heaps compared: `0..=checked_to`.
    pub checked_to: u64,
    /// For a pattern not proved, the heap the computation must reach to
    /// prove it (`None` when no bound applies: Grundy's game, infinite codes).
    pub proof_needs: Option<u64>,
}

/// One winning move of a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QuotientMove {
    /// The position in the sum of the heap moved in.
    pub component: usize,
    /// That heap.
    pub heap: u64,
    /// The heaps it leaves (none when it is taken whole).
    pub to: Vec<u64>,
}

/// The winning moves of a sum, and whether the list is whole.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinningMoves {
    /// Every winning move found, one for each resulting position (moves in
    /// equal heaps lead to the same positions and are listed for the first).
    pub moves: Vec<QuotientMove>,
    /// False when some heap had more than [`MAX_OPTIONS_PER_HEAP`] options
    /// and only those were tried.
    pub complete: bool,
}

/// The most options of one heap that [`MisereQuotient::winning_moves`]
/// tries (a heap of 10^12 in a proved periodic quotient has that many).
pub const MAX_OPTIONS_PER_HEAP: u64 = 1 << 22;

/// The misère quotient of a take-and-break game over heaps `0..=max_heap`,
/// with its pretending function; see the [module docs](self).
///
/// Made by [`compute_quotient`], or by [`MisereQuotient::new`] and
/// [`MisereQuotient::extend_to`] heap by heap. Queries cost one table load
/// per heap of the sum.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    solver: Solver,
    periodicity: Option<QuotientPeriodicity>,
}

/// Computes the misère quotient of `rules` over heaps `0..=max_heap`.
///
/// Fails when the budget runs out (the error names the flag that raises the
/// limit: the candidates' elements count as positions, their
/// multiplication tables as memory) or the search for a verified candidate
/// gives up; [`MisereQuotient::extend_to`] keeps what was done until then.
pub fn compute_quotient(
    rules: &TakeBreak,
    max_heap: u64,
    budget: &Budget,
) -> Result<MisereQuotient, QuotientError> {
    let mut q = MisereQuotient::new(rules.clone());
    q.extend_to(max_heap, budget)?;
    Ok(q)
}

impl MisereQuotient {
    /// The quotient of heap 0 alone (the trivial monoid), to extend.
    pub fn new(rules: TakeBreak) -> MisereQuotient {
        MisereQuotient {
            solver: Solver::new(rules),
            periodicity: None,
        }
    }

    /// Extends the quotient heap by heap to `max_heap`. On an error the
    /// quotient stays as it was after the last heap completed.
    pub fn extend_to(&mut self, max_heap: u64, budget: &Budget) -> Result<(), QuotientError> {
        if max_heap > u64::from(u32::MAX) {
            return Err(QuotientError::HeapTooLarge { heap: max_heap });
        }
        let mut result = Ok(());
        while self.solver.max_heap() < max_heap && result.is_ok() {
            result = self.solver.push_heap(budget);
        }
        self.periodicity = self.find_periodicity();
        result
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreak {
        &self.solver.rules
    }

    /// The largest heap covered.
    pub fn max_heap(&self) -> u64 {
        self.solver.max_heap()
    }

    /// The number of elements, `|Q|`.
    pub fn order(&self) -> usize {
        self.solver.core.monoid.order()
    }

    /// The order of the quotient of heaps `0..=h`, for each `h` computed.
    pub fn orders(&self) -> &[usize] {
        &self.solver.orders
    }

    /// The heaps at which the quotient grew, with the order it grew to.
    pub fn growth(&self) -> Vec<(u64, usize)> {
        let o = &self.solver.orders;
        (1..o.len())
            .filter(|&h| o[h] != o[h - 1])
            .map(|h| (h as u64, o[h]))
            .collect()
    }

    /// The elements that are misère P-positions.
    pub fn p_portion(&self) -> Vec<QuotientElement> {
        self.solver.core.p.iter().map(QuotientElement).collect()
    }

    /// Whether `x` is in the P-portion.
    pub fn is_p(&self, x: QuotientElement) -> bool {
        self.solver.core.is_p(x.0)
    }

    /// The product `x·y` (the class of the sum of a game of each class).
    pub fn mul(&self, x: QuotientElement, y: QuotientElement) -> QuotientElement {
        QuotientElement(self.solver.core.monoid.mul(x.0, y.0))
    }

    /// `Φ(heap)`, the element heap `heap` pretends to be: known for the
    /// heaps computed, and for every heap once the period is proved.
    pub fn pretend(&self, heap: u64) -> Option<QuotientElement> {
        let phi = &self.solver.core.phi;
        if let Some(&x) = usize::try_from(heap).ok().and_then(|h| phi.get(h)) {
            return Some(QuotientElement(x));
        }
        let p = self.periodicity.filter(|p| p.proved)?;
        let at = p.preperiod + (heap - p.preperiod) % p.period;
        Some(QuotientElement(phi[at as usize]))
    }

    /// The element of a sum of heaps, if every heap is covered.
    pub fn element(&self, heaps: &[u64]) -> Option<QuotientElement> {
        let m = &self.solver.core.monoid;
        let mut x = 0;
        for &h in heaps {
            x = m.mul(x, self.pretend(h)?.0);
        }
        Some(QuotientElement(x))
    }

    /// The misère outcome of a sum of heaps: `P` when the player to move
    /// loses. `None` when a heap is beyond the heaps covered.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.is_p(x) { Outcome::P } else { Outcome::N })
    }

    /// The winning moves of a sum of heaps (empty for a P-position): the
    /// options of each heap whose element times the rest of the sum is in
    /// the P-portion. `None` when a heap is beyond the heaps covered.
    pub fn winning_moves(&self, heaps: &[u64]) -> Option<WinningMoves> {
        let images: Vec<u32> = heaps
            .iter()
            .map(|&h| self.pretend(h).map(|x| x.0))
            .collect::<Option<_>>()?;
        let m = &self.solver.core.monoid;
        // rest[i] = product of every image but the i-th.
        let mut prefix = vec![0u32; heaps.len() + 1];
        for (i, &x) in images.iter().enumerate() {
            prefix[i + 1] = m.mul(prefix[i], x);
        }
        let mut suffix = 0u32;
        let mut rest = vec![0u32; heaps.len()];
        for i in (0..heaps.len()).rev() {
            rest[i] = m.mul(prefix[i], suffix);
            suffix = m.mul(suffix, images[i]);
        }
        let mut moves = Vec::new();
        let mut complete = true;
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            let flow = takebreak_options_until(self.rules(), h, MAX_OPTIONS_PER_HEAP, &mut |o| {
                let mut x = rest[i];
                for &part in o {
                    match self.pretend(part) {
                        Some(y) => x = m.mul(x, y.0),
                        None => return ControlFlow::Continue(()),
                    }
                }
                if self.solver.core.is_p(x) {
                    moves.push(QuotientMove {
                        component: i,
                        heap: h,
                        to: o.to_vec(),
                    });
                }
                ControlFlow::Continue(())
            });
            complete &= flow.is_continue();
        }
        Some(WinningMoves { moves, complete })
    }

    /// The pretending function's period, if one is seen or proved.
    pub fn periodicity(&self) -> Option<QuotientPeriodicity> {
        self.periodicity
    }

    /// Counts of the work done.
    pub fn stats(&self) -> QuotientStats {
        self.solver.stats
    }

    /// The heaps of the last sum a candidate quotient predicted wrongly
    /// (empty if none was refuted). When a computation stops on a limit,
    /// this shows where the search was: counts of some heaps that grow from
    /// candidate to candidate point to an infinite quotient, or one whose
    /// cycles are longer than the search has reached.
    pub fn last_refuted_sum(&self) -> &[u64] {
        &self.solver.last_refuted
    }

    /// The heap the last [`extend_to`](Self::extend_to) could not take in,
    /// with how far the search for its quotient got (`None` when every heap
    /// asked for was taken in, or the stop came before a candidate was tried).
    pub fn unfinished(&self) -> Option<&GrowthAttempt> {
        self.solver.unfinished.as_ref()
    }

    /// Bytes the quotient's tables take.
    pub fn bytes(&self) -> usize {
        self.solver.core.monoid.bytes()
    }

    /// Generators (the first heaps whose images are not products of earlier
    /// ones), normal forms and defining relations.
    pub fn presentation(&self) -> Presentation {
        present::present(&self.solver.core)
    }

    /// Everything a report shows, ready to print or serialise.
    pub fn report(&self) -> QuotientReport {
        let pres = self.presentation();
        let core = &self.solver.core;
        QuotientReport {
            rules: self.rules().to_string(),
            max_heap: self.max_heap(),
            order: self.order(),
            p_portion_size: core.p.iter().count(),
            orders: self.solver.orders.clone(),
            growth: self.growth(),
            generators: pres.generators.clone(),
            relations: pres.relation_strings(),
            p_portion: core
                .p
                .iter()
                .map(|x| pres.name(QuotientElement(x)))
                .collect(),
            pretending: core
                .phi
                .iter()
                .map(|&x| pres.name(QuotientElement(x)))
                .collect(),
            periodicity: self.periodicity,
            stats: self.stats(),
            unfinished: self.solver.unfinished.clone(),
        }
    }

    /// The least period `p` (with the least preperiod for it) that the
    /// pretending function shows, proved when the Guy–Smith bound is
    /// covered, else reported once the pattern has repeated three times
    /// after a preperiod of at most a third of the heaps.
    fn find_periodicity(&self) -> Option<QuotientPeriodicity> {
        let phi = &self.solver.core.phi;
        let len = phi.len();
        let last = len as u64 - 1;
        let rules = self.rules();
        let mut seen: Option<QuotientPeriodicity> = None;
        for p in 1..len / 2 {
            // The least e with phi[n + p] == phi[n] for all e <= n < len - p.
            let mut e = len - p;
            while e > 0 && phi[e - 1] == phi[e - 1 + p] {
                e -= 1;
            }
            let (e64, p64) = (e as u64, p as u64);
            let bound = guy_smith_bound(rules, e64, p64);
            let needs = bound.and_then(|b| b.checked_add(p64 - 1));
            if needs.is_some_and(|n| n <= last) {
                return Some(QuotientPeriodicity {
                    preperiod: e64,
                    period: p64,
                    proved: true,
                    checked_to: last,
                    proof_needs: needs,
                });
            }
            if seen.is_none() && len - e > 3 * p && e <= len / 3 {
                seen = Some(QuotientPeriodicity {
                    preperiod: e64,
                    period: p64,
                    proved: false,
                    checked_to: last,
                    proof_needs: needs,
                });
            }
        }
        seen
    }
}

/// A report of a quotient: what [`MisereQuotient::report`] returns and
/// `Display` prints.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QuotientReport {
    /// The game's code.
    pub rules: String,
    /// The largest heap covered.
    pub max_heap: u64,
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_portion_size: usize,
    /// The order of the quotient of heaps `0..=h`, for each `h`.
    pub orders: Vec<usize>,
    /// The heaps at which the quotient grew, with the order it grew to.
    pub growth: Vec<(u64, usize)>,
    /// The generators.
    pub generators: Vec<Generator>,
    /// The defining relations, written out.
    pub relations: Vec<String>,
    /// The P-portion, as normal forms.
    pub p_portion: Vec<String>,
    /// `Φ(h)` for every heap, as normal forms.
    pub pretending: Vec<String>,
    /// The pretending function's period.
    pub periodicity: Option<QuotientPeriodicity>,
    /// Work done.
    pub stats: QuotientStats,
    /// The heap after `max_heap`, when a computation stopped while growing
    /// the quotient for it, with how far that got.
    pub unfinished: Option<GrowthAttempt>,
}

impl fmt::Display for QuotientReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "misère quotient of {} over heaps 0..={}: |Q| = {}, |P| = {}",
            self.rules, self.max_heap, self.order, self.p_portion_size
        )?;
        let growth: Vec<String> = self
            .growth
            .iter()
            .map(|(h, o)| format!("{o} at heap {h}"))
            .collect();
        writeln!(f, "grew to: {}", growth.join(", "))?;
        let gens: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        writeln!(f, "generators: {}", gens.join(", "))?;
        writeln!(f, "relations ({}):", self.relations.len())?;
        for r in &self.relations {
            writeln!(f, "  {r}")?;
        }
        writeln!(f, "P-portion: {{{}}}", self.p_portion.join(", "))?;
        writeln!(f, "pretending function:")?;
        for (row, chunk) in self.pretending.chunks(10).enumerate() {
            writeln!(f, "  {:>4}+ {}", row * 10, chunk.join(" "))?;
        }
        match self.periodicity {
            Some(p) if p.proved => writeln!(
                f,
                "period {} from heap {}, proved (checked to heap {}): the quotient of every heap",
                p.period, p.preperiod, p.checked_to
            ),
            Some(p) => {
                write!(
                    f,
                    "period {} from heap {} seen up to heap {}, not proved",
                    p.period, p.preperiod, p.checked_to
                )?;
                match p.proof_needs {
                    Some(n) => writeln!(f, " (a proof needs heaps up to {n})"),
                    None => writeln!(f, " (no bound applies to this game)"),
                }
            }
            None => writeln!(f, "no period seen up to heap {}", self.max_heap),
        }?;
        if let Some(a) = self.unfinished.as_ref().filter(|a| a.refuted == 0) {
            writeln!(
                f,
                "heap {} not taken in: stopped while its first candidate quotient was made or checked",
                a.heap
            )?;
        } else if let Some(a) = &self.unfinished {
            write!(
                f,
                "heap {} not taken in: {} candidate quotient{} refuted, the largest with {} elements",
                a.heap,
                a.refuted,
                if a.refuted == 1 { "" } else { "s" },
                a.largest_candidate
            )?;
            if a.failures_grew() {
                write!(
                    f,
                    "; the least sums they got wrong grew from {} heaps ({}) to {} ({}), as when \
                     the quotient is infinite or its cycles are longer than the search reached",
                    a.first_refuted.len(),
                    write_sum(&a.first_refuted),
                    a.last_refuted.len(),
                    write_sum(&a.last_refuted)
                )?;
            } else if !a.last_refuted.is_empty() {
                write!(f, "; the last got {} wrong", write_sum(&a.last_refuted))?;
            }
            writeln!(f)?;
            if a.order_at_least > self.order as u64 {
                writeln!(
                    f,
                    "proved: the quotient of heaps 0..={} (and of any more heaps) has at least {} \
                     elements (sums told apart by sums whose outcomes a refuted candidate \
                     still gets right)",
                    a.heap, a.order_at_least
                )?;
            }
        }
        Ok(())
    }
}

/// A sum of heaps written with multiplicities: `2 + 30×3 + 34×2`.
fn write_sum(heaps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < heaps.len() {
        let n = heaps[i..].iter().take_while(|&&h| h == heaps[i]).count();
        parts.push(if n == 1 {
            heaps[i].to_string()
        } else {
            format!("{}×{n}", heaps[i])
        });
        i += n;
    }
    parts.join(" + ")
}

impl fmt::Display for MisereQuotient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.report().fmt(f)
    }
}

#[cfg(test)]
mod tests;
