//! Memoised search for the Grundy value of any position of any [`Rules`].

use std::collections::{HashMap, HashSet};

use crate::solvers::mex::MexSet;
use crate::vocab::budget::try_grow;
use crate::vocab::budget::Budget;
use crate::vocab::limits::{LimitError, Limits};
use crate::vocab::nimber::Nimber;
use crate::vocab::rules::Rules;

const WHAT: &str = "the memoised search";

/// Why a value could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A position can be reached from itself.
    #[error("position {0} can be reached from itself: the game is loopy and has no Grundy value")]
    Loopy(String),
    /// A user limit was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// Computes Grundy values by memoised search: the general solver that works
/// for every ruleset, and the reference the faster solvers are tested against.
///
/// The search keeps its own stack, so deep games do not overflow the thread's
/// stack. It draws on a [`Budget`]: each memoised position is charged, the
/// memo and the stack are checked against the memory limit before they grow,
/// and the clock and cancel flag are looked at as it goes.
///
/// ```
/// use grundy::{solvers::memo::MemoSolver, games::nim::Nim, Nimber, Limits};
/// let mut s = MemoSolver::new(Nim, Limits::default());
/// assert_eq!(s.nimber(&5).unwrap(), Nimber(5));
/// ```
pub struct MemoSolver<R: Rules> {
    rules: R,
    budget: Budget,
    memo: HashMap<R::Position, Nimber>,
}

impl<R: Rules> MemoSolver<R> {
    /// A solver with an empty memo and a budget of `limits` starting now.
    pub fn new(rules: R, limits: Limits) -> Self {
        MemoSolver::with_budget(rules, &Budget::new(limits))
    }

    /// A solver with an empty memo drawing on `budget` (shared with its
    /// other users).
    pub fn with_budget(rules: R, budget: &Budget) -> Self {
        MemoSolver {
            rules,
            budget: budget.clone(),
            memo: HashMap::new(),
        }
    }

    /// Draws on `budget` from now on, keeping the memo (e.g. a fresh budget
    /// for each query of a batch).
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = budget.clone();
    }

    /// Estimated bytes of the memo, the set of open positions and the stack
    /// at the given capacities (a hash table spends about 8/7 of its
    /// capacity in buckets, plus one control byte each).
    fn footprint(memo: usize, open: usize, stack: usize) -> u128 {
        let table = |cap: usize, entry: usize| cap as u128 * (entry as u128 + 1) * 8 / 7;
        table(memo, std::mem::size_of::<(R::Position, Nimber)>())
            + table(open, std::mem::size_of::<R::Position>())
            + stack as u128 * std::mem::size_of::<(R::Position, bool)>() as u128
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Positions memoised so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing is memoised yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The Grundy value of a sum of positions: the XOR of theirs.
    pub fn sum(&mut self, parts: &[R::Position]) -> Result<Nimber, SolveError> {
        let mut v = Nimber::ZERO;
        for p in parts {
            v ^= self.nimber(p)?;
        }
        Ok(v)
    }

    /// The Grundy value of one position.
    pub fn nimber(&mut self, start: &R::Position) -> Result<Nimber, SolveError> {
        if let Some(&v) = self.memo.get(start) {
            return Ok(v);
        }
        self.budget.check_now(WHAT)?;
        let mut stack: Vec<(R::Position, bool)> = vec![(start.clone(), false)];
        let mut open: HashSet<R::Position> = HashSet::new();
        let mut seen = MexSet::new();
        let mut missing = Vec::new();
        while let Some((pos, expanded)) = stack.pop() {
            if self.memo.contains_key(&pos) {
                continue;
            }
            self.budget.tick(WHAT)?;
            if !expanded {
                missing.clear();
                // One position's options can be many (a heap of 10^12): the
                // list is checked before it grows, and once over the budget
                // the rest are skipped (the rules cannot be stopped).
                let mut over: Option<LimitError> = None;
                let (memo, budget) = (&self.memo, &self.budget);
                self.rules.options(&pos, &mut |parts| {
                    for p in parts {
                        if over.is_some() || memo.contains_key(p) {
                            continue;
                        }
                        if missing.len() == missing.capacity() {
                            let cap = missing.len().saturating_mul(2).max(16);
                            let bytes = cap as u128 * std::mem::size_of::<R::Position>() as u128;
                            let grown = budget
                                .check_bytes(WHAT, bytes)
                                .and_then(|()| try_grow(&mut missing, cap, WHAT, budget));
                            if let Err(e) = grown {
                                over = Some(e);
                                continue;
                            }
                        }
                        missing.push(p.clone());
                    }
                });
                if let Some(e) = over {
                    return Err(e.into());
                }
                if missing.is_empty() {
                    // all options known: fall through to evaluation below
                } else {
                    let needed = stack.len() + missing.len() + 1;
                    if needed > stack.capacity() || open.len() == open.capacity() {
                        let stack_cap = needed.max(stack.capacity().saturating_mul(2));
                        let open_cap = self.budget.grown_capacity(open.len());
                        let bytes = Self::footprint(self.memo.capacity(), open_cap, stack_cap);
                        self.budget.check_bytes(WHAT, bytes)?;
                        try_grow(&mut stack, stack_cap, WHAT, &self.budget)?;
                        open.try_reserve(open_cap - open.len())
                            .map_err(|_| allocation(bytes, &self.budget))?;
                    }
                    // A position is charged once, when it is first stored
                    // (here, or in the memo if it never needs opening), so a
                    // deep line of play meets the position limit on the way
                    // down rather than after the stack has grown.
                    if !open.contains(&pos) {
                        self.budget.charge(WHAT, 1)?;
                        open.insert(pos.clone());
                    }
                    stack.push((pos, true));
                    for p in missing.drain(..) {
                        if open.contains(&p) {
                            return Err(SolveError::Loopy(format!("{p:?}")));
                        }
                        stack.push((p, false));
                    }
                    continue;
                }
            }
            seen.clear();
            let memo = &self.memo;
            let mut complete = true;
            self.rules.options(&pos, &mut |parts| {
                let mut v = 0;
                for p in parts {
                    match memo.get(p) {
                        Some(n) => v ^= n.0,
                        None => complete = false,
                    }
                }
                seen.insert(v);
            });
            if !complete {
                // An option became reachable only through this position's own subtree
                // being pushed after it: expand again.
                stack.push((pos, false));
                continue;
            }
            let charged = open.remove(&pos);
            if self.memo.len() == self.memo.capacity() {
                let cap = self.budget.grown_capacity(self.memo.len());
                let bytes = Self::footprint(cap, open.capacity(), stack.capacity());
                self.budget.check_bytes(WHAT, bytes)?;
                self.memo
                    .try_reserve(cap - self.memo.len())
                    .map_err(|_| allocation(bytes, &self.budget))?;
            }
            if !charged {
                self.budget.charge(WHAT, 1)?;
            }
            self.memo.insert(pos, Nimber(seen.mex()));
        }
        Ok(self.memo[start])
    }
}

fn allocation(bytes: u128, budget: &Budget) -> LimitError {
    LimitError::Allocation {
        what: WHAT.into(),
        requested: bytes,
        limit: budget.limits().max_memory,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;

    /// Splitting a heap into two unequal heaps (Grundy's game), written inline so
    /// that this test does not depend on the take-and-break module.
    struct Split;
    impl Rules for Split {
        type Position = u64;
        fn options(&self, n: &u64, visit: &mut dyn FnMut(&[u64])) {
            for a in 1..n.div_ceil(2) {
                visit(&[a, n - a]);
            }
        }
    }

    #[test]
    fn nim_heaps_are_their_size() {
        let mut s = MemoSolver::new(Nim, Limits::default());
        for n in 0..50 {
            assert_eq!(s.nimber(&n).unwrap(), Nimber(n));
        }
    }

    #[test]
    fn partitioning_game_seed_values() {
        // 004 (LightOJ 1199): nimbers of 1..=6 are 0,0,1,0,2,1; 7 is 0.
        let mut s = MemoSolver::new(Split, Limits::default());
        let got: Vec<u64> = (1..=7).map(|n| s.nimber(&n).unwrap().0).collect();
        assert_eq!(got, [0, 0, 1, 0, 2, 1, 0]);
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        struct Chain;
        impl Rules for Chain {
            type Position = u64;
            fn options(&self, n: &u64, visit: &mut dyn FnMut(&[u64])) {
                if *n > 0 {
                    visit(&[n - 1]);
                }
            }
        }
        let mut s = MemoSolver::new(Chain, Limits::default());
        assert_eq!(s.nimber(&1_000_000).unwrap(), Nimber(0));
    }

    #[test]
    fn one_position_with_too_many_options_is_a_memory_error() {
        // Nim heap 10^7 has ten million options: more than 1 MiB of list.
        let budget = Budget::new(Limits {
            max_memory: 1 << 20,
            ..Limits::default()
        });
        let mut s = MemoSolver::with_budget(Nim, &budget);
        let e = s.nimber(&10_000_000).unwrap_err();
        assert!(e.to_string().contains("--max-memory"), "{e}");
    }

    #[test]
    fn loops_and_limits_are_errors() {
        struct Loop;
        impl Rules for Loop {
            type Position = u64;
            fn options(&self, n: &u64, visit: &mut dyn FnMut(&[u64])) {
                visit(&[(n + 1) % 3]);
            }
        }
        let mut s = MemoSolver::new(Loop, Limits::default());
        assert!(matches!(s.nimber(&0), Err(SolveError::Loopy(_))));
        let mut s = MemoSolver::new(
            Nim,
            Limits {
                max_positions: 10,
                ..Limits::default()
            },
        );
        assert!(matches!(s.nimber(&100), Err(SolveError::Limit(_))));
    }
}
