//! The quotient heap by heap: keep the quotient when the new heap can
//! pretend to be one of its elements, grow it when it cannot, and repair a
//! grown candidate until the verifier accepts it.

use super::bound::order_lower_bound;
use super::candidate::{build, Cyclic, Product};
use super::core::{mul_option, transitions, Core, OptionLists};
use super::monoid::{Bits, Monoid};
use super::verify::{verify, Antichain, Failure, View};
use super::QuotientError;
use crate::takebreak::TakeBreak;
use crate::vocab::budget::Budget;
use crate::vocab::rules::Rules;

/// How many refuted candidates one heap may go through before the search
/// gives up (each one is built and verified in full).
const MAX_ROUNDS: usize = 2000;

/// How often the cyclic parts of a repair are enlarged before a failure is
/// declared beyond repair.
const ESCALATIONS: u32 = 4;

/// Counts of the work done, for reports and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QuotientStats {
    /// Candidates built (each enumerated, marked and reduced).
    pub candidates: u64,
    /// Full verifications run.
    pub verifications: u64,
    /// Heaps that pretended to be an existing element, by the quick test
    /// (a sum already verified has no more options than the heap).
    pub quick_extensions: u64,
    /// Heaps that pretended to be an existing element after a full verification.
    pub verified_extensions: u64,
    /// The largest candidate built, in elements before reduction.
    pub largest_candidate: u64,
}

/// The state of a computation: the quotient of heaps `0..=n` and what
/// extending it needs.
#[derive(Clone, Debug)]
pub(crate) struct Solver {
    pub(crate) rules: TakeBreak,
    pub(crate) options: OptionLists,
    pub(crate) core: Core,
    anti: Antichain,
    /// The order of the quotient of heaps `0..=h`, for every `h`.
    pub(crate) orders: Vec<usize>,
    pub(crate) stats: QuotientStats,
    /// The heaps of the last sum a candidate predicted wrongly.
    pub(crate) last_refuted: Vec<u64>,
    /// The growth under way when the last heap could not be taken in.
    pub(crate) unfinished: Option<GrowthAttempt>,
    /// Every lower bound measured, with its heap (for the tests, which
    /// hold each against the order the heap's quotient turned out to have).
    pub(crate) bounds: Vec<(u32, u64)>,
}

/// How far the search for a heap's quotient got before it stopped: what a
/// user needs to judge whether more time would help.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GrowthAttempt {
    /// The heap that could not be taken in.
    pub heap: u64,
    /// Candidates refuted for it.
    pub refuted: u64,
    /// The most elements a candidate had (after reduction).
    pub largest_candidate: u64,
    /// The heaps of the first sum a candidate for this heap predicted wrongly.
    pub first_refuted: Vec<u64>,
    /// The heaps of the last such sum.
    pub last_refuted: Vec<u64>,
    /// A proved lower bound on the order of the quotient of heaps
    /// `0..=heap` (and of every larger set of heaps), read off the refuted
    /// candidates (see `quotient/bound.rs`): sums that many classes apart
    /// were told apart by sums whose outcomes were checked.
    pub order_at_least: u64,
}

impl GrowthAttempt {
    /// Whether the least failing sums grew from the first refutation to the
    /// last, as they do when each candidate is refuted by a longer sum: the
    /// mark of a quotient that is infinite or has longer cycles than the
    /// search reached.
    pub fn failures_grew(&self) -> bool {
        self.refuted > 1 && self.last_refuted.len() > self.first_refuted.len()
    }
}

impl Solver {
    pub(crate) fn new(rules: TakeBreak) -> Solver {
        Solver {
            rules,
            options: vec![Vec::new()],
            core: Core::trivial(),
            anti: Antichain::empty_sum(1),
            orders: vec![1],
            stats: QuotientStats::default(),
            last_refuted: Vec::new(),
            unfinished: None,
            bounds: Vec::new(),
        }
    }

    /// The largest heap covered.
    pub(crate) fn max_heap(&self) -> u64 {
        self.core.phi.len() as u64 - 1
    }

    /// Extends the quotient by the next heap.
    pub(crate) fn push_heap(&mut self, budget: &Budget) -> Result<(), QuotientError> {
        let n = self.core.phi.len() as u64;
        let heap = u32::try_from(n).map_err(|_| QuotientError::HeapTooLarge { heap: n })?;
        budget.check_now("misère quotient")?;
        self.unfinished = None;
        let mut opts: Vec<[u32; 3]> = Vec::new();
        self.rules.options(&n, &mut |o| {
            let mut slot = [0u32; 3];
            for (s, &h) in slot.iter_mut().zip(o) {
                *s = h as u32;
            }
            opts.push(slot);
        });
        budget.check_bytes(
            "misère quotient option lists",
            (self.options.iter().map(Vec::len).sum::<usize>() + opts.len()) as u128 * 12,
        )?;
        self.options.push(opts);
        let opts = &self.options[heap as usize];
        if opts.is_empty() {
            // A heap without moves is the empty game: the identity.
            self.core.phi.push(0);
            self.core.trans.push(Vec::new());
            self.core.spell.push(Vec::new());
            self.orders.push(self.core.monoid.order());
            return Ok(());
        }
        let (t, spell) = transitions(&self.core.monoid, &self.core.phi, opts);
        // Nothing below changes the quotient until it succeeds, so on an
        // error dropping the heap's options restores the state.
        let done = match self.pretend(&t, &spell, budget) {
            Ok(Some(x)) => {
                self.core.phi.push(x);
                self.core.trans.push(t);
                self.core.spell.push(spell);
                Ok(())
            }
            Ok(None) => self.grow(heap, budget),
            Err(e) => Err(e),
        };
        if done.is_err() {
            self.options.pop();
            return done;
        }
        self.unfinished = None;
        self.orders.push(self.core.monoid.order());
        Ok(())
    }

    /// The element of the current quotient that a new heap whose options
    /// have images `t` can pretend to be, if there is one.
    ///
    /// A candidate `x` must give the heap alone the right outcome, must not
    /// break (P) (`y·x` in P while some `y·t` is in P), and must not break
    /// (N). For (N) it is enough that some sum `w` already verified has
    /// `Φ(w) = x` and options' images within `t`: every sum with the heap
    /// then has at least the options of the same sum with `w` in its place.
    /// Failing that, the extension is verified in full.
    fn pretend(
        &mut self,
        t: &[u32],
        spell: &[[u32; 3]],
        budget: &Budget,
    ) -> Result<Option<u32>, QuotientError> {
        let core = &self.core;
        let m = &core.monoid;
        let order = m.order() as u32;
        let alone_p = !t.iter().any(|&o| core.is_p(o));
        // hits[y]: some option of the heap, added to a sum of element y, is P.
        let hits: Vec<bool> = (0..order)
            .map(|y| {
                spell
                    .iter()
                    .any(|o| core.is_p(mul_option(m, &core.phi, y, o)))
            })
            .collect();
        let allowed = p_safe_elements(m, &core.p, &hits, budget)?;
        let mut bits = Bits::empty(order as usize);
        for &o in t {
            bits.set(o);
        }
        let mut slow = Vec::new();
        for x in 0..order {
            budget.tick("misère quotient")?;
            if core.is_p(x) != alone_p || !allowed[x as usize] {
                continue;
            }
            if self.anti.has_subset(x, &bits) {
                self.stats.quick_extensions += 1;
                return Ok(Some(x));
            }
            slow.push(x);
        }
        let mut phi = core.phi.clone();
        let mut trans = core.trans.clone();
        let mut spells = core.spell.clone();
        phi.push(0);
        trans.push(t.to_vec());
        spells.push(spell.to_vec());
        for x in slow {
            *phi.last_mut().expect("pushed") = x;
            let view = View {
                monoid: m,
                p: &core.p,
                phi: &phi,
                trans: &trans,
                spell: &spells,
                words: &core.words,
            };
            self.stats.verifications += 1;
            if let Ok(anti) = verify(&view, budget)? {
                self.anti = anti;
                self.stats.verified_extensions += 1;
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// Grows the quotient for a heap that cannot pretend to be an old element.
    ///
    /// The first candidate gives the heap a cyclic part `C(2, 2)` of its own
    /// (`c⁴ = c²`), next to the old quotient. While the verifier refutes the
    /// candidate with a least failing sum, the candidate is rebuilt with
    /// cyclic parts for some of that sum's heaps (the fewest that put the
    /// sum's outcome right), freeing them from relations that held among
    /// fewer heaps but no longer do. Only a verified candidate is kept.
    fn grow(&mut self, heap: u32, budget: &Budget) -> Result<(), QuotientError> {
        let base = self.core.monoid.clone();
        let prod = Product::new(
            &base,
            vec![Cyclic {
                index: 2,
                period: 2,
            }],
        )
        .expect("a product of two small monoids is numbered");
        let mut images: Vec<u64> = self.core.phi.iter().map(|&x| prod.of_base(x)).collect();
        images.push(prod.cyclic_generator(0));
        self.unfinished = Some(GrowthAttempt {
            heap: u64::from(heap),
            refuted: 0,
            largest_candidate: 0,
            first_refuted: Vec::new(),
            last_refuted: Vec::new(),
            order_at_least: self.core.monoid.order() as u64,
        });
        let mut bounded_at = 0;
        let mut trial = self.candidate(&prod, &images, budget)?;
        for round in 0..MAX_ROUNDS {
            let view = View {
                monoid: &trial.monoid,
                p: &trial.p,
                phi: &trial.phi,
                trans: &trial.trans,
                spell: &trial.spell,
                words: &trial.words,
            };
            self.stats.verifications += 1;
            match verify(&view, budget)? {
                Ok(anti) => {
                    self.core = trial;
                    self.anti = anti;
                    return Ok(());
                }
                Err(failure) => {
                    self.last_refuted = failure.word.heaps();
                    if let Some(a) = &mut self.unfinished {
                        a.refuted += 1;
                        a.largest_candidate = a.largest_candidate.max(trial.monoid.order() as u64);
                        if a.first_refuted.is_empty() {
                            a.first_refuted = self.last_refuted.clone();
                        }
                        a.last_refuted = self.last_refuted.clone();
                    }
                    // The bound can only grow when the failure has more
                    // copies of the new heap than the last one measured.
                    if failure.word.count(heap) > bounded_at {
                        bounded_at = failure.word.count(heap);
                        if let Some(b) = order_lower_bound(&trial, heap, &failure.word, budget)? {
                            self.bounds.push((heap, b));
                            if let Some(a) = &mut self.unfinished {
                                a.order_at_least = a.order_at_least.max(b);
                            }
                        }
                    }
                    let repaired = self.repair(&trial, &failure, budget)?;
                    match repaired {
                        Some(next) => trial = next,
                        None => {
                            return Err(QuotientError::NoCandidate {
                                heap: u64::from(heap),
                                rounds: round,
                                failure: failure.word.heaps(),
                            })
                        }
                    }
                }
            }
        }
        Err(QuotientError::NoCandidate {
            heap: u64::from(heap),
            rounds: MAX_ROUNDS,
            failure: Vec::new(),
        })
    }

    fn candidate(
        &mut self,
        prod: &Product<'_>,
        images: &[u64],
        budget: &Budget,
    ) -> Result<Core, QuotientError> {
        let (core, built) = build(prod, images, &self.options, budget)?;
        self.stats.candidates += 1;
        self.stats.largest_candidate = self.stats.largest_candidate.max(built as u64);
        Ok(core)
    }

    /// A candidate that predicts `failure`'s sum correctly, built from
    /// `trial` with cyclic parts for as few of the sum's heaps as will do,
    /// the largest heaps tried first; `None` if no choice does.
    ///
    /// Each part `C(i, p)` counts the heap's copies in the sum exactly
    /// (`i` at least that count and the index of the heap's old image), and
    /// its period grows with `i` (at least 2, the old period, and about
    /// `i - 4`): a heap that needs many copies counted often repeats with a
    /// longer cycle, and a period too short sends the search after one
    /// failure per extra copy. (MisereSolver grows its periods the same
    /// way; on Dawson's Kayles it halves the work to heap 33 here.) When
    /// no subset works, all parts are lengthened and the subsets tried again.
    fn repair(
        &mut self,
        trial: &Core,
        failure: &Failure,
        budget: &Budget,
    ) -> Result<Option<Core>, QuotientError> {
        let want_p = !failure.predicted_p;
        let involved: Vec<u32> = failure.word.0.iter().rev().map(|&(h, _)| h).collect();
        for escalation in 0..ESCALATIONS {
            for size in 1..=involved.len() {
                for subset in combinations(involved.len(), size) {
                    let heaps: Vec<u32> = subset.iter().map(|&i| involved[i]).collect();
                    let comps: Vec<Cyclic> = heaps
                        .iter()
                        .map(|&h| {
                            let (index, period) = trial.monoid.index_period(trial.phi[h as usize]);
                            let index = index.max(failure.word.count(h)) + 2 * escalation;
                            let period =
                                period.max(2).max(2 * (index.saturating_sub(4) / 2)) << escalation;
                            Cyclic { index, period }
                        })
                        .collect();
                    let Some(prod) = Product::new(&trial.monoid, comps) else {
                        continue;
                    };
                    let images: Vec<u64> = trial
                        .phi
                        .iter()
                        .enumerate()
                        .map(
                            |(h, &x)| match heaps.iter().position(|&s| s as usize == h) {
                                Some(j) => prod.cyclic_generator(j),
                                None => prod.of_base(x),
                            },
                        )
                        .collect();
                    let cand = self.candidate(&prod, &images, budget)?;
                    if cand.is_p(cand.image(&failure.word)) == want_p {
                        return Ok(Some(cand));
                    }
                }
            }
        }
        Ok(None)
    }
}

/// For every element `x`, whether no `y` with `hits[y]` has `y·x` in P:
/// whether a heap with those options may pretend to be `x` without
/// breaking condition (P). Each column `y ↦ y·x` is computed from the
/// column of `x`'s parent in the spelling tree by one generator step, so
/// the whole check is `order²` table loads with `order × depth` memory.
fn p_safe_elements(
    m: &Monoid,
    p: &Bits,
    hits: &[bool],
    budget: &Budget,
) -> Result<Vec<bool>, QuotientError> {
    let order = m.order();
    let bad: Vec<u32> = (0..order as u32).filter(|&y| hits[y as usize]).collect();
    let mut allowed = vec![true; order];
    if bad.is_empty() {
        return Ok(allowed);
    }
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); order];
    for x in 1..order as u32 {
        children[m.parent(x).0 as usize].push(x);
    }
    // Depth-first over the spelling tree; a column per level of the path.
    let mut stack: Vec<(u32, Vec<u32>)> = vec![(0, bad.clone())];
    while let Some((x, col)) = stack.pop() {
        budget.tick("misère quotient")?;
        allowed[x as usize] = !col.iter().any(|&z| p.get(z));
        for &c in &children[x as usize] {
            let j = m.parent(c).1;
            let next: Vec<u32> = col.iter().map(|&z| m.mul_gen(z, j)).collect();
            stack.push((c, next));
        }
    }
    Ok(allowed)
}

/// The `size`-element subsets of `0..n`, as increasing index lists, in
/// lexicographic order.
fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..size).collect();
    if size > n {
        return out;
    }
    loop {
        out.push(cur.clone());
        let mut i = size;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if cur[i] < n - size + i {
                cur[i] += 1;
                for j in i + 1..size {
                    cur[j] = cur[j - 1] + 1;
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_order() {
        assert_eq!(combinations(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(combinations(2, 3), Vec::<Vec<usize>>::new());
        assert_eq!(combinations(1, 1), vec![vec![0]]);
    }
}
