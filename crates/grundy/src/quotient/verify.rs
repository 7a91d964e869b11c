//! The proof that a bipartite monoid with a pretending function predicts the
//! misère outcome of every sum of heaps.
//!
//! Write `Φ(w)` for the element of a sum `w` and `T(w)` for the set of
//! elements of its options. `Φ` predicts every outcome correctly exactly
//! when, for every sum `w`,
//!
//! * **(P)** if `Φ(w)` is in P, no option of `w` is in P, and
//! * **(N)** if `w` is not empty and `Φ(w)` is not in P, some option is
//!
//! (then, by induction over sums, "in P" and "is a misère P-position" agree;
//! the empty sum is an N-position, so the identity must not be in P).
//! There are infinitely many sums, but both conditions are finite checks:
//!
//! * (P) concerns `w = u + h` with an option `u + o` (`o` an option of heap
//!   `h`), and depends only on `x = Φ(u)`, `h` and `Φ(o)`: it is enough that
//!   no element `x`, heap `h` and option image `t` of `h` have `x·Φ(h)` and
//!   `x·t` both in P.
//! * (N) depends on the pair `(Φ(w), T(w))`, and adding a heap `h` maps it
//!   to `(x·Φ(h), T·Φ(h) ∪ x·T_h)`, where `T_h` are the images of `h`'s
//!   options. Adding heaps is monotone: if `T(w₁) ⊆ T(w₂)` and
//!   `Φ(w₁) = Φ(w₂)`, then `T(w₁ + v) ⊆ T(w₂ + v)` for every `v`, and a
//!   failure of (N) at `w₂ + v` means one at `w₁ + v`. So the sums are
//!   visited in the order of [`lex_cmp`], and a sum whose pair is dominated
//!   by one met earlier is not extended: the least failing sum is never cut
//!   off (a cut-off failure would have a smaller one). The pairs are finite,
//!   so the visit ends.
//!
//! The same visit keeps, for every element, the least sets `T` it met: the
//! *antichain* that [`Antichain::has_subset`] consults when a new heap might
//! pretend to be an existing element.

use std::cmp::Ordering;

use super::core::mul_option;
use super::monoid::{lex_cmp, Bits, Monoid, Word};
use super::QuotientError;
use crate::vocab::budget::Budget;

/// What the verifier reads: a monoid, its P-portion, a pretending function
/// for heaps `0..phi.len()` and the images of each heap's options.
pub(crate) struct View<'a> {
    pub(crate) monoid: &'a Monoid,
    pub(crate) p: &'a Bits,
    pub(crate) phi: &'a [u32],
    pub(crate) trans: &'a [Vec<u32>],
    /// An option for each image in `trans`.
    pub(crate) spell: &'a [Vec<[u32; 3]>],
    /// The least word of each element.
    pub(crate) words: &'a [Word],
}

/// A sum whose outcome the candidate predicts wrongly, the least such sum.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub(crate) word: Word,
    /// What the candidate predicted (the truth is the opposite: every
    /// smaller sum, every option included, is predicted correctly).
    pub(crate) predicted_p: bool,
}

/// For every element, the minimal option-image sets of the sums met.
#[derive(Clone, Debug)]
pub(crate) struct Antichain {
    width: usize,
    arena: Vec<u64>,
    lists: Vec<Vec<u32>>,
}

impl Antichain {
    fn new(order: usize) -> Antichain {
        Antichain {
            width: Bits::words_for(order),
            arena: Vec::new(),
            lists: vec![Vec::new(); order],
        }
    }

    /// An antichain that knows only the empty sum.
    pub(crate) fn empty_sum(order: usize) -> Antichain {
        let mut a = Antichain::new(order);
        a.insert(0, &Bits::empty(order));
        a
    }

    fn set(&self, s: u32) -> &[u64] {
        &self.arena[s as usize * self.width..(s as usize + 1) * self.width]
    }

    /// Whether some sum met with element `x` had options' images within `t`.
    pub(crate) fn has_subset(&self, x: u32, t: &Bits) -> bool {
        self.lists[x as usize]
            .iter()
            .any(|&s| self.set(s).iter().zip(&t.0).all(|(a, b)| a & !b == 0))
    }

    fn insert(&mut self, x: u32, t: &Bits) {
        let width = self.width;
        let arena = &self.arena;
        self.lists[x as usize].retain(|&s| {
            let old = &arena[s as usize * width..(s as usize + 1) * width];
            !t.subset_of(old)
        });
        let id = (self.arena.len() / width) as u32;
        self.arena.extend_from_slice(&t.0);
        self.lists[x as usize].push(id);
    }

    fn bytes(&self) -> usize {
        self.arena.len() * 8
    }
}

/// Checks `view`: `Ok(Ok(antichain))` when every sum of heaps is predicted
/// correctly, `Ok(Err(failure))` with the least sum predicted wrongly.
pub(crate) fn verify(
    view: &View<'_>,
    budget: &Budget,
) -> Result<Result<Antichain, Failure>, QuotientError> {
    let order = view.monoid.order();
    if view.p.get(0) {
        return Ok(Err(Failure {
            word: Word::default(),
            predicted_p: true,
        }));
    }
    let p_failure = least_p_failure(view, budget)?;
    // A heap whose image equals an earlier heap's, with at least that
    // heap's option images, adds nothing to (N): any failure using it has a
    // smaller one using the earlier heap instead.
    let mut levels: Vec<u32> = Vec::new();
    for h in 0..view.phi.len() as u32 {
        let t = &view.trans[h as usize];
        if t.is_empty() {
            continue;
        }
        let subsumed = levels.iter().any(|&e| {
            view.phi[e as usize] == view.phi[h as usize]
                && is_sorted_subset(&view.trans[e as usize], t)
        });
        if !subsumed {
            levels.push(h);
        }
    }
    let mut dfs = Dfs {
        view,
        exps: vec![0; levels.len()],
        levels,
        anti: Antichain::empty_sum(order),
        bound: p_failure.as_ref().map(|f| f.word.clone()),
        stopped: false,
        budget,
    };
    let n_failure = if dfs.levels.is_empty() {
        None
    } else {
        let top = dfs.levels.len() - 1;
        dfs.visit(top, 0, &Bits::empty(order))?
    };
    match (n_failure, p_failure) {
        (Some(f), _) | (None, Some(f)) => Ok(Err(f)),
        (None, None) => Ok(Ok(dfs.anti)),
    }
}

fn is_sorted_subset(small: &[u32], big: &[u32]) -> bool {
    let mut j = 0;
    for &x in small {
        while j < big.len() && big[j] < x {
            j += 1;
        }
        if j == big.len() || big[j] != x {
            return false;
        }
    }
    true
}

/// The least sum that breaks (P): `u + h` with `Φ(u)·Φ(h)` in P and an
/// option `u + o` in P, `u` the least word of its element.
fn least_p_failure(view: &View<'_>, budget: &Budget) -> Result<Option<Failure>, QuotientError> {
    let m = view.monoid;
    let mut best: Option<Word> = None;
    let mut done: Vec<(u32, &[u32])> = Vec::new();
    for h in 0..view.phi.len() as u32 {
        let t = view.trans[h as usize].as_slice();
        if t.is_empty() {
            continue;
        }
        let spell = &view.spell[h as usize];
        let g = view.phi[h as usize];
        // A later heap with the same image and options' images fails for
        // the same elements, with a larger word.
        if done.iter().any(|&(dg, dt)| dg == g && dt == t) {
            continue;
        }
        done.push((g, t));
        for x in 0..m.order() as u32 {
            budget.tick("misère quotient verification")?;
            if view.p.get(m.mul(x, g))
                && spell
                    .iter()
                    .any(|o| view.p.get(mul_option(m, view.phi, x, o)))
            {
                let w = view.words[x as usize].plus(h);
                if best
                    .as_ref()
                    .is_none_or(|b| lex_cmp(&w, b) == Ordering::Less)
                {
                    best = Some(w);
                }
            }
        }
    }
    Ok(best.map(|word| Failure {
        word,
        predicted_p: true,
    }))
}

struct Dfs<'v, 'a> {
    view: &'v View<'a>,
    levels: Vec<u32>,
    /// The count of each level's heap in the current sum.
    exps: Vec<u32>,
    anti: Antichain,
    /// Stop at sums from this one on (a failure of (P) already found).
    bound: Option<Word>,
    stopped: bool,
    budget: &'v Budget,
}

impl Dfs<'_, '_> {
    fn word(&self) -> Word {
        Word(
            self.levels
                .iter()
                .zip(&self.exps)
                .filter(|&(_, &c)| c > 0)
                .map(|(&h, &c)| (h, c))
                .collect(),
        )
    }

    /// Visits the sums made of the current one (element `x`, options'
    /// images `t`) plus heaps of levels `0..=level`, in increasing order.
    fn visit(&mut self, level: usize, x: u32, t: &Bits) -> Result<Option<Failure>, QuotientError> {
        let view = self.view;
        let m = view.monoid;
        let heap = self.levels[level];
        let g = view.phi[heap as usize];
        let own = &view.spell[heap as usize];
        let mut cx = x;
        let mut ct = t.clone();
        let result = loop {
            if level > 0 {
                let found =
                    stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.visit(level - 1, cx, &ct))?;
                if found.is_some() || self.stopped {
                    break found;
                }
            }
            self.budget.tick("misère quotient verification")?;
            let nx = m.mul(cx, g);
            let mut nt = Bits::empty(m.order());
            for y in ct.iter() {
                nt.set(m.mul(y, g));
            }
            for o in own {
                nt.set(mul_option(m, view.phi, cx, o));
            }
            self.exps[level] += 1;
            if let Some(b) = &self.bound {
                if lex_cmp(&self.word(), b) != Ordering::Less {
                    self.stopped = true;
                    break None;
                }
            }
            if !view.p.get(nx) && !nt.intersects(view.p) {
                break Some(Failure {
                    word: self.word(),
                    predicted_p: false,
                });
            }
            if self.anti.has_subset(nx, &nt) {
                break None;
            }
            if self.anti.arena.len() % (1 << 16) < self.anti.width {
                self.budget.check_bytes(
                    "misère quotient verification",
                    self.anti.bytes() as u128 + (1 << 19),
                )?;
            }
            self.anti.insert(nx, &nt);
            cx = nx;
            ct = nt;
        };
        self.exps[level] = 0;
        Ok(result)
    }
}
