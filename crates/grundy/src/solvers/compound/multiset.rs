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

use rustc_hash::FxHashMap;

use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::rules::GameGraph;

const WHAT: &str = "a misère not-all compound";

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

impl<P: Clone + Eq + Hash> MultisetSearch<P> {
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
    /// player to move (a P-position).
    pub(crate) fn is_lost<G: GameGraph<Position = P>>(
        &mut self,
        graph: &G,
        components: &[P],
        budget: &Budget,
    ) -> Result<bool, LimitError> {
        let key = self.key_of(components);
        self.lost_at(graph, key, budget, 0)
    }

    fn lost_at<G: GameGraph<Position = P>>(
        &mut self,
        graph: &G,
        key: Key,
        budget: &Budget,
        depth: usize,
    ) -> Result<bool, LimitError> {
        if let Some(&lost) = self.lost.get(&key) {
            return Ok(lost);
        }
        budget.tick(WHAT)?;
        budget.check_depth(WHAT, depth)?;
        let n: u32 = key.iter().map(|&(_, r)| r).sum();
        let groups: Vec<(u32, u32, Box<[u32]>)> = key
            .iter()
            .map(|&(id, r)| (id, r, self.options_of(graph, id)))
            .collect();
        // Each group's choice: a non-decreasing sequence of length r over
        // 0..=m (0 = stay, i = option i - 1), so each multiset once.
        let mut choice: Vec<Vec<u32>> = groups.iter().map(|g| vec![0; g.1 as usize]).collect();
        let mut moved_any = false;
        let mut won = false;
        let mut child = Vec::with_capacity(n as usize);
        while next_choice(&mut choice, &groups) {
            budget.tick(WHAT)?;
            child.clear();
            let mut moved = 0;
            for ((id, _, options), seq) in groups.iter().zip(&choice) {
                for &c in seq {
                    if c == 0 {
                        child.push(*id);
                    } else {
                        moved += 1;
                        child.push(options[c as usize - 1]);
                    }
                }
            }
            // A move is made in some components, but not in all of them.
            if moved == 0 || moved == n {
                continue;
            }
            moved_any = true;
            let next = runs(child.clone());
            if self.lost_at(graph, next, budget, depth + 1)? {
                won = true;
                break;
            }
        }
        // Misère play: a player with no move has won.
        let lost = moved_any && !won;
        budget.charge(WHAT, 1)?;
        self.bytes += ENTRY_BYTES + key.len() as u128 * 8;
        budget.check_bytes(WHAT, self.bytes)?;
        self.lost.insert(key, lost);
        Ok(lost)
    }
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
}
