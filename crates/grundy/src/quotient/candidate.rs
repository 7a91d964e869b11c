//! Candidate quotients: a known monoid times free cyclic parts, its
//! P-portion read off the least word of each element, then reduced.
//!
//! When a heap cannot pretend to be an element of the quotient so far, or a
//! candidate is refuted by a sum it predicts wrongly, the computation needs
//! a larger monoid in which some heaps are no longer tied by the old
//! relations. It takes the old monoid `B` and gives each chosen heap a
//! cyclic monoid of its own, `C(i, p) = {1, c, …, c^(i+p-1)}` with
//! `c^(i+p) = c^i`; every other heap keeps its image in `B`. Such a
//! candidate is usually far larger than the quotient it stands for, so it is
//! explored only where the heaps reach ([`build`]), and then merged down to
//! its indistinguishability classes.

use rustc_hash::FxHashMap;

use super::core::{transitions, Core, OptionLists};
use super::monoid::{Bits, Monoid, Word};
use super::QuotientError;
use crate::vocab::budget::Budget;

/// A cyclic monoid `C(index, period)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cyclic {
    pub(crate) index: u32,
    pub(crate) period: u32,
}

impl Cyclic {
    fn size(self) -> u64 {
        u64::from(self.index) + u64::from(self.period)
    }

    fn add(self, a: u64, b: u64) -> u64 {
        let s = a + b;
        if s < self.size() {
            s
        } else {
            let i = u64::from(self.index);
            i + (s - i) % u64::from(self.period)
        }
    }
}

/// The largest product monoid (before restricting to what the heaps reach)
/// whose elements are numbered; a larger one is never worth building.
const MAX_PRODUCT: u64 = 1 << 48;

/// `B × C(i1, p1) × …`, elements numbered `b + |B|·(e1 + s1·(e2 + …))`.
pub(crate) struct Product<'a> {
    base: &'a Monoid,
    comps: Vec<Cyclic>,
}

impl<'a> Product<'a> {
    /// The product, or `None` when its elements cannot all be numbered.
    pub(crate) fn new(base: &'a Monoid, comps: Vec<Cyclic>) -> Option<Product<'a>> {
        let mut size = base.order() as u64;
        for c in &comps {
            size = size.checked_mul(c.size())?;
        }
        (size <= MAX_PRODUCT).then_some(Product { base, comps })
    }

    /// The element `b` of the base.
    pub(crate) fn of_base(&self, b: u32) -> u64 {
        u64::from(b)
    }

    /// The generator of cyclic part `j`.
    pub(crate) fn cyclic_generator(&self, j: usize) -> u64 {
        let mut scale = self.base.order() as u64;
        for c in &self.comps[..j] {
            scale *= c.size();
        }
        scale
    }

    /// `a·b`, where `b`'s part in the base is a generator of the base or
    /// the identity (as for the image of a heap), which the base multiplies
    /// by in one step.
    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        let n = self.base.order() as u64;
        let (mut ra, mut rb) = (a / n, b / n);
        let mut key = u64::from(self.base.mul((a % n) as u32, (b % n) as u32));
        let mut scale = n;
        for &c in &self.comps {
            let s = c.size();
            key += scale * c.add(ra % s, rb % s);
            ra /= s;
            rb /= s;
            scale *= s;
        }
        key
    }
}

/// The elements of a candidate that the heaps reach, numbered in the order
/// of their least words, with the P-portion those words give.
struct Enumeration<'p, 'a> {
    prod: &'p Product<'a>,
    /// The heaps that have options, increasing.
    levels: Vec<u32>,
    /// The image of each heap (a product element).
    images: &'p [u64],
    /// For each level, the options of its heap, one for each distinct image.
    trans: Vec<Vec<[u32; 3]>>,
    id_of: FxHashMap<u64, u32>,
    keys: Vec<u64>,
    p: Vec<bool>,
    /// For each element but the identity: the element of its least word
    /// without its largest heap, and that heap.
    parent: Vec<(u32, u32)>,
    budget: &'p Budget,
}

/// How deep the stack may be before a level's recursion moves to a new segment.
const STACK_RED_ZONE: usize = 64 * 1024;
const STACK_SEGMENT: usize = 1024 * 1024;

impl Enumeration<'_, '_> {
    fn times_option(&self, key: u64, option: &[u32; 3]) -> u64 {
        let mut k = key;
        for &h in option {
            if h != 0 {
                k = self.prod.mul(k, self.images[h as usize]);
            }
        }
        k
    }

    /// Visits, in increasing order, every least word made of the current
    /// word (whose element is `id`, the set of its options' images `t`)
    /// plus heaps of levels `0..=level`.
    ///
    /// The order is that of [`super::monoid::lex_cmp`]: the count of the
    /// heap of `level` is the outer loop, lower levels inside. Each option of
    /// a word comes earlier, so its element is numbered and its outcome known
    /// when the word's is decided: P exactly when no option is P (the empty
    /// sum, an N-position, is numbered first). Adding a heap that leads to
    /// an element already numbered ends the loop: that element has a smaller
    /// word, and so has every extension of the sum.
    fn visit(&mut self, level: usize, id: u32, t: &[u64]) -> Result<(), QuotientError> {
        let heap = self.levels[level];
        let g = self.images[heap as usize];
        let mut cur_id = id;
        let mut cur_t: Vec<u64> = t.to_vec();
        loop {
            if level > 0 {
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
                    self.visit(level - 1, cur_id, &cur_t)
                })?;
            }
            let cur_key = self.keys[cur_id as usize];
            let next = self.prod.mul(cur_key, g);
            if self.id_of.contains_key(&next) {
                return Ok(());
            }
            self.budget.tick("misère quotient candidate")?;
            let mut nt: Vec<u64> = cur_t
                .iter()
                .map(|&x| self.prod.mul(x, g))
                .chain(
                    self.trans[level]
                        .iter()
                        .map(|o| self.times_option(cur_key, o)),
                )
                .collect();
            nt.sort_unstable();
            nt.dedup();
            let p = !nt.iter().any(|k| {
                let id = self.id_of.get(k).copied();
                debug_assert!(
                    id.is_some(),
                    "an option's element is numbered before the word"
                );
                id.is_some_and(|id| self.p[id as usize])
            });
            let nid = u32::try_from(self.keys.len()).map_err(|_| {
                QuotientError::Limit(crate::vocab::limits::LimitError::Positions {
                    what: "misère quotient candidate".into(),
                    needed: self.keys.len() as u128 + 1,
                    limit: self.budget.limits().max_positions,
                })
            })?;
            if self.keys.len().is_multiple_of(4096) {
                self.budget.check_alloc(
                    "misère quotient candidate",
                    self.keys.len() as u128 + 4096,
                    32,
                )?;
            }
            self.id_of.insert(next, nid);
            self.keys.push(next);
            self.p.push(p);
            self.parent.push((cur_id, heap));
            cur_id = nid;
            cur_t = nt;
        }
    }
}

/// Builds the candidate `prod` with heap `h` sent to `images[h]`, marks its
/// P-portion by least words, merges indistinguishable elements and returns
/// the result as a [`Core`] over heaps `0..images.len()`, with the number
/// of elements enumerated before merging.
///
/// The result predicts the outcome of every least word correctly if the
/// candidate's relations hold; whether they do is the verifier's question.
pub(crate) fn build(
    prod: &Product<'_>,
    images: &[u64],
    options: &OptionLists,
    budget: &Budget,
) -> Result<(Core, usize), QuotientError> {
    let levels: Vec<u32> = (0..images.len() as u32)
        .filter(|&h| !options[h as usize].is_empty())
        .collect();
    let trans: Vec<Vec<[u32; 3]>> = levels
        .iter()
        .map(|&h| {
            let mut t: Vec<(u64, [u32; 3])> = options[h as usize]
                .iter()
                .map(|o| {
                    let mut k = 0u64;
                    for &part in o {
                        if part != 0 {
                            k = prod.mul(k, images[part as usize]);
                        }
                    }
                    (k, *o)
                })
                .collect();
            t.sort_unstable_by_key(|&(k, _)| k);
            t.dedup_by_key(|&mut (k, _)| k);
            t.into_iter().map(|(_, o)| o).collect()
        })
        .collect();
    let mut e = Enumeration {
        prod,
        levels,
        images,
        trans,
        id_of: FxHashMap::default(),
        keys: vec![0],
        p: vec![false],
        parent: vec![(0, 0)],
        budget,
    };
    e.id_of.insert(0, 0);
    if !e.levels.is_empty() {
        let top = e.levels.len() - 1;
        e.visit(top, 0, &[])?;
    }
    budget.charge("misère quotient candidate", e.keys.len() as u64)?;
    Ok((reduce(&e, options, budget)?, e.keys.len()))
}

/// Merges the elements of an enumerated candidate that no sum tells apart
/// (`x ~ y` when `x·z` and `y·z` are both P or both not, for every `z`):
/// the coarsest partition compatible with P and with multiplication by each
/// heap's image, found by refining until stable (Moore's algorithm). Every
/// element is a product of heap images, so this is the whole congruence.
fn reduce(
    e: &Enumeration<'_, '_>,
    options: &OptionLists,
    budget: &Budget,
) -> Result<Core, QuotientError> {
    let m = e.keys.len();
    let mut gens: Vec<u64> = e.levels.iter().map(|&h| e.images[h as usize]).collect();
    gens.sort_unstable();
    gens.dedup();
    let k = gens.len();
    budget.check_bytes("misère quotient candidate", (m as u128) * (k as u128) * 4)?;
    let mut act = vec![0u32; m * k];
    for (id, &key) in e.keys.iter().enumerate() {
        budget.tick("misère quotient reduction")?;
        for (gi, &g) in gens.iter().enumerate() {
            act[id * k + gi] = e.id_of[&e.prod.mul(key, g)];
        }
    }
    // Classes are numbered by their least element, so class order is the
    // order of least words again.
    let mut class: Vec<u32> = Vec::with_capacity(m);
    let mut first = [u32::MAX; 2];
    let mut count = 0u32;
    for &p in &e.p {
        let slot = &mut first[usize::from(p)];
        if *slot == u32::MAX {
            *slot = count;
            count += 1;
        }
        class.push(*slot);
    }
    // Each round numbers the signatures (class, classes of the products by
    // each generator) in order of first appearance. Signatures are hashed in
    // place and compared with the first element that had the hash; the rare
    // collisions go to a map keyed by the whole signature.
    let sig_of = |class: &[u32], id: usize, out: &mut Vec<u32>| {
        out.clear();
        out.push(class[id]);
        out.extend(act[id * k..(id + 1) * k].iter().map(|&y| class[y as usize]));
    };
    let mut sig: Vec<u32> = Vec::with_capacity(k + 1);
    let mut other: Vec<u32> = Vec::with_capacity(k + 1);
    loop {
        let mut by_hash: FxHashMap<u64, (u32, u32)> = FxHashMap::default();
        let mut collided: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut fresh = 0u32;
        let mut next = Vec::with_capacity(m);
        for id in 0..m {
            budget.tick("misère quotient reduction")?;
            sig_of(&class, id, &mut sig);
            let h = {
                use std::hash::{Hash, Hasher};
                let mut hasher = rustc_hash::FxHasher::default();
                sig.hash(&mut hasher);
                hasher.finish()
            };
            let c = match by_hash.get(&h) {
                None => {
                    by_hash.insert(h, (fresh, id as u32));
                    fresh += 1;
                    fresh - 1
                }
                Some(&(c, first)) => {
                    sig_of(&class, first as usize, &mut other);
                    if other == sig {
                        c
                    } else if let Some(&c) = collided.get(&sig) {
                        c
                    } else {
                        collided.insert(sig.clone(), fresh);
                        fresh += 1;
                        fresh - 1
                    }
                }
            };
            next.push(c);
        }
        let stable = fresh == count;
        count = fresh;
        class = next;
        if stable {
            break;
        }
    }
    let r = count as usize;
    let mut rep = vec![u32::MAX; r];
    for (id, &c) in class.iter().enumerate() {
        if rep[c as usize] == u32::MAX {
            rep[c as usize] = id as u32;
        }
    }
    // The reduced generators: the classes of the candidate's, which may merge.
    let mut reduced_gens: Vec<u32> = Vec::new();
    let mut gen_map: Vec<u32> = Vec::with_capacity(k);
    for &g in &gens {
        let c = class[e.id_of[&g] as usize];
        let j = match reduced_gens.iter().position(|&x| x == c) {
            Some(j) => j,
            None => {
                reduced_gens.push(c);
                reduced_gens.len() - 1
            }
        };
        gen_map.push(j as u32);
    }
    let kr = reduced_gens.len();
    Monoid::check_budget(r, kr, budget)?;
    let mut table = vec![0u32; r * kr];
    for c in 0..r {
        for gi in 0..k {
            table[c * kr + gen_map[gi] as usize] = class[act[rep[c] as usize * k + gi] as usize];
        }
    }
    let mut parents = vec![(0u32, super::monoid::NONE); r];
    for c in 1..r {
        let (pid, heap) = e.parent[rep[c] as usize];
        let gi = gens
            .binary_search(&e.images[heap as usize])
            .expect("every heap with options is a generator");
        parents[c] = (class[pid as usize], gen_map[gi]);
    }
    let monoid = Monoid::from_parts(reduced_gens, table, parents);
    let mut p = Bits::empty(r);
    for (c, &id) in rep.iter().enumerate() {
        if e.p[id as usize] {
            p.set(c as u32);
        }
    }
    let phi: Vec<u32> = e
        .images
        .iter()
        .map(|key| e.id_of.get(key).map_or(0, |&id| class[id as usize]))
        .collect();
    let (trans, spell) = (0..phi.len())
        .map(|h| transitions(&monoid, &phi, &options[h]))
        .unzip();
    let words = rep
        .iter()
        .map(|&id| {
            let mut w = Word::default();
            let mut at = id;
            while at != 0 {
                let (pid, heap) = e.parent[at as usize];
                w = w.plus(heap);
                at = pid;
            }
            w
        })
        .collect();
    Ok(Core {
        monoid,
        p,
        phi,
        trans,
        spell,
        words,
    })
}
