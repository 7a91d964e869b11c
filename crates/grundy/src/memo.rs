//! Memoised search for the Grundy value of any position of any [`Rules`].

use std::collections::{HashMap, HashSet};

use crate::{LimitError, Limits, MexSet, Nimber, Rules};

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
/// stack; the memo is bounded by [`Limits::max_positions`].
///
/// ```
/// use grundy::{MemoSolver, Nim, Nimber, Limits};
/// let mut s = MemoSolver::new(Nim, Limits::default());
/// assert_eq!(s.nimber(&5).unwrap(), Nimber(5));
/// ```
pub struct MemoSolver<R: Rules> {
    rules: R,
    limits: Limits,
    memo: HashMap<R::Position, Nimber>,
}

impl<R: Rules> MemoSolver<R> {
    /// A solver with an empty memo.
    pub fn new(rules: R, limits: Limits) -> Self {
        MemoSolver {
            rules,
            limits,
            memo: HashMap::new(),
        }
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
        let mut stack: Vec<(R::Position, bool)> = vec![(start.clone(), false)];
        let mut open: HashSet<R::Position> = HashSet::new();
        let mut seen = MexSet::new();
        let mut missing = Vec::new();
        while let Some((pos, expanded)) = stack.pop() {
            if self.memo.contains_key(&pos) {
                continue;
            }
            if !expanded {
                missing.clear();
                self.rules.options(&pos, &mut |parts| {
                    for p in parts {
                        if !self.memo.contains_key(p) {
                            missing.push(p.clone());
                        }
                    }
                });
                if missing.is_empty() {
                    // all options known: fall through to evaluation below
                } else {
                    open.insert(pos.clone());
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
            open.remove(&pos);
            if self.memo.len() as u64 >= self.limits.max_positions {
                return Err(LimitError {
                    what: "the memoised search".into(),
                    needed: self.memo.len() as u128 + 1,
                    limit: self.limits.max_positions,
                    unit: "positions",
                    flag: "--max-positions",
                }
                .into());
            }
            self.memo.insert(pos, Nimber(seen.mex()));
        }
        Ok(self.memo[start])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Nim;

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
