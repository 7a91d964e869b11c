//! Misère not-all compounds searched as multisets of components.
//!
//! No rule from one number per component decides a misère not-all compound
//! (see [`super::CompoundSolver`]), so it is searched. Every compound rule
//! treats its components alike, so two positions that hold the same
//! components in another order are the same game: the search stores one
//! position per *multiset* of components, and lists the moves of a group of
//! `r` equal components with `m` options as the `C(r + m, m)` ways to send
//! them to "stay" or to an option, not the `(m + 1)^r` ordered choices.
//! Twelve `nim(2)` make 91 positions here, against 3^12 = 531 441 ordered
//! tuples whose every listing has up to 3^12 moves.
//!
//! The ordered search ([`super::Compound`] under
//! [`crate::solvers::search::PlainSearch`]) stays the reference: `verify`
//! and the property tests compare the two.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use super::LISTING;
use crate::solvers::search::SearchError;
use crate::vocab::budget::Budget;
use crate::vocab::rules::GameGraph;

const WHAT: &str = "a misère not-all compound";

/// Bytes a frame of the search holds besides its vectors' entries.
const FRAME_BYTES: u128 = 160;

/// A multiset of components: `(component id, copies)`, sorted by id.
type Key = Box<[(u32, u32)]>;

/// Bytes a stored position takes besides its key's entries: the table's
/// slot, the box and the answer.
const ENTRY_BYTES: u128 = 64;

/// The search: component positions interned as ids, each one's options
/// listed once, and whether each multiset met is lost for the player to
/// move.
#[derive(Debug)]
pub(crate) struct MultisetSearch<P> {
    ids: FxHashMap<P, u32>,
    /// Each component's options, as ids, once listed.
    options: Vec<Option<Box<[u32]>>>,
    positions: Vec<P>,
    lost: FxHashMap<Key, bool>,
    /// Bytes held, by the estimate above, for the memory limit.
    bytes: u128,
}

impl<P: Clone + Eq + Hash + std::fmt::Debug> MultisetSearch<P> {
    pub(crate) fn new() -> MultisetSearch<P> {
        MultisetSearch {
            ids: FxHashMap::default(),
            options: Vec::new(),
            positions: Vec::new(),
            lost: FxHashMap::default(),
            bytes: 0,
        }
    }

    fn intern(&mut self, p: &P) -> u32 {
        if let Some(&id) = self.ids.get(p) {
            return id;
        }
        let id = self.positions.len() as u32;
        self.ids.insert(p.clone(), id);
        self.positions.push(p.clone());
        self.options.push(None);
        self.bytes += ENTRY_BYTES;
        id
    }

    /// The options of component `id`, listed by `graph` the first time.
    fn options_of<G: GameGraph<Position = P>>(&mut self, graph: &G, id: u32) -> Box<[u32]> {
        if let Some(o) = &self.options[id as usize] {
            return o.clone();
        }
        let mut listed = Vec::new();
        graph.moves(&self.positions[id as usize], &mut listed);
        let ids: Box<[u32]> = listed.iter().map(|o| self.intern(o)).collect();
        self.bytes += ids.len() as u128 * 4;
        self.options[id as usize] = Some(ids.clone());
        ids
    }

    /// The multiset of `components`.
    fn key_of(&mut self, components: &[P]) -> Key {
        let ids: Vec<u32> = components.iter().map(|c| self.intern(c)).collect();
        runs(ids)
    }

    /// Whether the misère not-all compound of `components` is lost for the
    /// player to move (a P-position). The search keeps its own stack (a
    /// line of play may be as long as the components' games), whose frames
    /// count against the memory limit with what is stored.
    pub(crate) fn is_lost<G: GameGraph<Position = P>>(
        &mut self,
        graph: &G,
        components: &[P],
        budget: &Budget,
    ) -> Result<bool, SearchError> {
        let root = self.key_of(components);
        if let Some(&lost) = self.lost.get(&root) {
            return Ok(lost);
        }
        let mut on_line: FxHashSet<Key> = FxHashSet::default();
        let mut held: u128 = 0;
        let first = self.frame(graph, root, budget)?;
        held += first.bytes;
        on_line.insert(first.key.clone());
        let mut stack = vec![first];
        // The value of the frame last finished, for its parent.
        let mut finished: Option<bool> = None;
        loop {
            // The top's child just found lost or won (a frame finished, or
            // a stored answer met).
            if let Some(lost) = finished.take() {
                match stack.last() {
                    None => return Ok(lost),
                    // A move to a lost position wins: the top is done.
                    Some(_) if lost => {
                        let parent = stack.pop().expect("a parent");
                        held -= parent.bytes;
                        on_line.remove(&parent.key);
                        self.store(parent.key, false, budget)?;
                        finished = Some(false);
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let top = stack.last_mut().expect("the stack ends only by returning");
            let mut next = None;
            while next_choice(&mut top.choice, &top.groups) {
                budget.tick(WHAT)?;
                let Some(child) = top.child() else { continue };
                top.moved_any = true;
                match self.lost.get(&child) {
                    // A lost child already stored: the top is won, as when
                    // a child frame finishes lost (above).
                    Some(true) => {
                        finished = Some(true);
                        break;
                    }
                    Some(false) => {}
                    None => {
                        next = Some(child);
                        break;
                    }
                }
            }
            if finished.is_some() {
                continue;
            }
            match next {
                Some(child) => {
                    if on_line.contains(&child) {
                        return Err(SearchError::Cycle {
                            position: self.written(&child),
                        });
                    }
                    let f = self.frame(graph, child, budget)?;
                    held += f.bytes;
                    budget.check_bytes(WHAT, self.bytes + held)?;
                    on_line.insert(f.key.clone());
                    stack.push(f);
                }
                None => {
                    // Every move tried and none wins (misère play: with no
                    // move at all, the player to move has won).
                    let top = stack.pop().expect("a top");
                    held -= top.bytes;
                    on_line.remove(&top.key);
                    let lost = top.moved_any;
                    self.store(top.key, lost, budget)?;
                    finished = Some(lost);
                }
            }
        }
    }

    /// A frame for the position `key`: its groups of equal components with
    /// their options, and the first choice. Refused, before any move is
    /// tried, when the position has more moves than the position limit.
    fn frame<G: GameGraph<Position = P>>(
        &mut self,
        graph: &G,
        key: Key,
        budget: &Budget,
    ) -> Result<Frame, SearchError> {
        budget.tick(WHAT)?;
        // Each position is counted when first met (on the stack, then stored).
        budget.charge(WHAT, 1)?;
        let groups: Vec<(u32, u32, Box<[u32]>)> = key
            .iter()
            .map(|&(id, r)| (id, r, self.options_of(graph, id)))
            .collect();
        let mut moves: u128 = 1;
        for (_, r, options) in &groups {
            moves = moves.saturating_mul(multisets(u128::from(*r), options.len() as u128));
        }
        budget.check_alloc(LISTING, moves, 1)?;
        let n = key.iter().map(|&(_, r)| r).sum();
        let options: usize = groups.iter().map(|g| g.2.len()).sum();
        let bytes = FRAME_BYTES + (key.len() as u128 + options as u128 + n as u128) * 8;
        Ok(Frame {
            choice: groups.iter().map(|g| vec![0; g.1 as usize]).collect(),
            key,
            n,
            groups,
            moved_any: false,
            bytes,
        })
    }

    fn store(&mut self, key: Key, lost: bool, budget: &Budget) -> Result<(), SearchError> {
        self.bytes += ENTRY_BYTES + key.len() as u128 * 8;
        budget.check_bytes(WHAT, self.bytes)?;
        self.lost.insert(key, lost);
        Ok(())
    }

    /// A multiset of components as the error shows it.
    fn written(&self, key: &Key) -> String {
        let parts: Vec<String> = key
            .iter()
            .map(|&(id, r)| format!("{r} × {:?}", self.positions[id as usize]))
            .collect();
        parts.join(", ")
    }
}

/// A position being searched: its groups of equal components (id, copies,
/// options), the choice reached, and whether any move was found.
struct Frame {
    key: Key,
    n: u32,
    groups: Vec<(u32, u32, Box<[u32]>)>,
    choice: Vec<Vec<u32>>,
    moved_any: bool,
    /// Bytes it holds, by estimate.
    bytes: u128,
}

impl Frame {
    /// The position the current choice leads to, if it is a move: made in
    /// some components but not in all.
    fn child(&self) -> Option<Key> {
        let mut child = Vec::with_capacity(self.n as usize);
        let mut moved = 0;
        for ((id, _, options), seq) in self.groups.iter().zip(&self.choice) {
            for &c in seq {
                if c == 0 {
                    child.push(*id);
                } else {
                    moved += 1;
                    child.push(options[c as usize - 1]);
                }
            }
        }
        (moved > 0 && moved < self.n).then(|| runs(child))
    }
}

/// The number of multisets of `r` items of `m + 1` kinds: C(r + m, m),
/// saturating.
fn multisets(r: u128, m: u128) -> u128 {
    // C(big + k, k) with k the smaller: after step i, c is C(big + i, i).
    let (k, big) = (m.min(r), m.max(r));
    let mut c: u128 = 1;
    for i in 1..=k {
        match c.checked_mul(big + i) {
            Some(p) => c = p / i,
            None => return u128::MAX,
        }
    }
    c
}

/// `ids` as a multiset: sorted runs of `(id, copies)`.
fn runs(mut ids: Vec<u32>) -> Key {
    ids.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for id in ids {
        match out.last_mut() {
            Some((last, r)) if *last == id => *r += 1,
            _ => out.push((id, 1)),
        }
    }
    out.into_boxed_slice()
}

/// Steps `choice` to the next choice of every group (an odometer over the
/// groups, each a non-decreasing sequence over `0..=m`); false when every
/// choice has been made (all back to "stay").
fn next_choice(choice: &mut [Vec<u32>], groups: &[(u32, u32, Box<[u32]>)]) -> bool {
    for (seq, (_, _, options)) in choice.iter_mut().zip(groups) {
        let m = options.len() as u32;
        if let Some(i) = seq.iter().rposition(|&c| c < m) {
            let v = seq[i] + 1;
            for c in &mut seq[i..] {
                *c = v;
            }
            return true;
        }
        seq.iter_mut().for_each(|c| *c = 0);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::compound::{Compound, CompoundKind};
    use crate::solvers::search::{PlainSearch, Play};
    use crate::vocab::outcome::Outcome;

    /// Nim heaps as a game graph.
    #[derive(Clone)]
    struct Heap;
    impl GameGraph for Heap {
        type Position = u32;
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            out.extend(0..n);
        }
    }

    /// Every choice of a group of r components with m options is listed
    /// once: C(r + m, m) of them, counting "all stay".
    #[test]
    fn choices_are_multisets() {
        for (r, m) in [(1u32, 1u32), (3, 2), (5, 3), (12, 2)] {
            let groups = vec![(0, r, (0..m).collect::<Box<[u32]>>())];
            let mut choice = vec![vec![0; r as usize]];
            let mut count = 1u64;
            while next_choice(&mut choice, &groups) {
                count += 1;
            }
            let want = (1..=u64::from(m)).fold(1u64, |c, i| c * (u64::from(r) + i) / i);
            assert_eq!(count, want, "r={r} m={m}");
            assert_eq!(multisets(u128::from(r), u128::from(m)), u128::from(want));
        }
    }

    /// The multiset search agrees with the ordered plain search of the
    /// compound on every tuple of up to four heaps of up to 3.
    #[test]
    fn agrees_with_the_ordered_search() {
        let budget = Budget::unlimited();
        let mut reference =
            PlainSearch::with_budget(Compound::new(Heap, CompoundKind::NotAll), &budget);
        let mut search = MultisetSearch::new();
        let mut checked = 0;
        for len in 1..=4u32 {
            for code in 0..4u32.pow(len) {
                let heaps: Vec<u32> = (0..len).map(|i| code / 4u32.pow(i) % 4).collect();
                let want = reference.outcome(&heaps, Play::Misere).unwrap() == Outcome::P;
                assert_eq!(
                    search.is_lost(&Heap, &heaps, &budget).unwrap(),
                    want,
                    "{heaps:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 4 + 16 + 64 + 256);
    }

    /// Twelve heaps of 2 are 91 multisets: answered at once, where the
    /// ordered search lists up to 3^12 moves at each of 3^12 positions.
    #[test]
    fn twelve_equal_heaps_are_few_positions() {
        let budget = Budget::with_max_positions(1_000);
        let mut search = MultisetSearch::new();
        search.is_lost(&Heap, &[2; 12], &budget).unwrap();
        assert!(search.lost.len() <= 91, "{}", search.lost.len());
    }

    /// C(r + m, m) saturates instead of overflowing.
    #[test]
    fn move_counts_saturate() {
        assert_eq!(multisets(3, 1_000_000), 166_667_666_668_500_001);
        assert_eq!(multisets(1 << 40, 1 << 40), u128::MAX);
        assert_eq!(multisets(0, 5), 1);
    }
}
