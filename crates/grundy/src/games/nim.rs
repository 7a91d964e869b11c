//! Nim: the rules (Bouton's closed forms are [`crate::solvers::bouton`]).
//!
//! Nim (`nim(3,5,7)`): take any positive number of tokens from one heap.
//! Bouton (1901): a heap of n has value *n, a sum the XOR of its heaps.

use super::heaps::{build_heaps, HeapRuleset};
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::BuiltinRuleset;
use crate::component::Context;
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{HeapKind, HeapRules};
use crate::vocab::nimber::Nimber;
use crate::vocab::rules::Rules;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Nim: take any positive number of tokens from one heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Rules for Nim {
    type Position = u64;

    fn options(&self, heap: &u64, visit: &mut dyn FnMut(&[u64])) {
        if *heap > 0 {
            visit(&[]);
        }
        for k in 1..*heap {
            visit(&[k]);
        }
    }
}

/// The declaration of Nim.
pub static SPEC: GameSpec = GameSpec {
    name: "nim",
    kind: GameKind::Impartial,
    summary: "Nim heaps (several heaps = their sum)",
    example: "nim(3,5,7)",
    build,
    ruleset: Some(ruleset),
    says: Some(says),
    picture: crate::component::spec::Picture::Heaps,
};

/// Nim's rules for one heap.
#[derive(Debug)]
pub struct NimRules;

impl HeapRuleset for NimRules {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n > 0 {
            visit(&[])?;
        }
        for k in 1..n {
            visit(&[k])?;
        }
        ControlFlow::Continue(())
    }

    fn heap_value(&self, n: u64, _: &mut Context) -> Result<Nimber, EvalError> {
        Ok(Nimber(n))
    }

    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        _: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        // Bouton: the one option of value t is the heap of t, if t < n.
        Ok(match target.0 {
            t if t >= n => ControlFlow::Continue(()),
            0 => found(&[]),
            t => found(&[t]),
        })
    }

    fn is_nim(&self) -> bool {
        true
    }
}

/// "take 4 from heap 2, leaving 1", "take all 3 from heap 1".
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::words::{heap_words, heaps_of};
    heap_words(&heaps_of(before)?, &heaps_of(after)?)
}

fn build(call: &Call<'_>) -> Result<crate::component::Component, ExprError> {
    call.no_params()?;
    build_heaps(call, Arc::from("nim"), NimRules)
}

fn ruleset(call: &Call<'_>) -> Result<BuiltinRuleset, ExprError> {
    call.no_params()?;
    Ok(BuiltinRuleset::Heap(HeapRules {
        name: "nim".into(),
        kind: HeapKind::Nim,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::bouton::{
        misere_nim_outcome, misere_nim_winning_moves, nim_value, nim_winning_moves,
    };
    use crate::vocab::outcome::Outcome;
    use crate::vocab::rules::{GameGraph, Sums};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Plain search of Nim sums: the brute force the closed forms answer to.
    fn search(pos: &Vec<u64>, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(pos) {
            return w;
        }
        let mut next = Vec::new();
        Sums(Nim).moves(pos, &mut next);
        let win = if next.is_empty() {
            misere
        } else {
            next.iter().any(|q| !search(q, misere, memo))
        };
        memo.insert(pos.clone(), win);
        win
    }

    fn apply(heaps: &[u64], (i, v): (usize, u64)) -> Vec<u64> {
        let mut h: Vec<u64> = heaps.to_vec();
        h[i] = v;
        h.retain(|&x| x > 0);
        h.sort();
        h
    }

    proptest! {
        #[test]
        fn bouton_normal_and_misere_equal_search(heaps in proptest::collection::vec(0u64..7, 0..5)) {
            let pos: Vec<u64> = { let mut h: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect(); h.sort(); h };
            let mut normal = HashMap::new();
            let mut misere = HashMap::new();
            prop_assert_eq!(search(&pos, false, &mut normal), nim_value(&heaps).0 != 0);
            prop_assert_eq!(search(&pos, true, &mut misere), misere_nim_outcome(&heaps) == Outcome::N);
            // every listed winning move leads to a position lost for the mover
            for m in nim_winning_moves(&heaps) {
                prop_assert!(!search(&apply(&heaps, m), false, &mut normal));
            }
            for m in misere_nim_winning_moves(&heaps) {
                prop_assert!(!search(&apply(&heaps, m), true, &mut misere));
            }
            // and a winning position with moves left has at least one listed (with
            // no token left, the player to move has already won in misère play)
            if misere_nim_outcome(&heaps) == Outcome::N && !pos.is_empty() {
                prop_assert!(!misere_nim_winning_moves(&heaps).is_empty());
            }
        }
    }

    /// A million heaps: linear time (the former per-heap rescan took 10^12 steps).
    #[test]
    fn misere_moves_of_many_heaps_are_linear() {
        let mut heaps = vec![1u64; 1_000_000];
        heaps.push(5);
        // 10^6 single tokens (even) and a 5: leave an odd count of ones, so take the 5 to 1.
        assert_eq!(misere_nim_winning_moves(&heaps), vec![(1_000_000, 1)]);
        assert_eq!(misere_nim_outcome(&heaps), Outcome::N);
    }

    #[test]
    fn seed_examples() {
        // 001: (1,2,3) is losing, (7,4,1) winning with nim-sum 2.
        assert_eq!(nim_value(&[1, 2, 3]), Nimber(0));
        assert_eq!(nim_value(&[7, 4, 1]), Nimber(2));
        // 004: 3,7,9 has nim-sum 13 and the winning move takes 5 from 9.
        assert_eq!(nim_value(&[3, 7, 9]), Nimber(13));
        assert_eq!(nim_winning_moves(&[3, 7, 9]), vec![(2, 4)]);
    }
}
