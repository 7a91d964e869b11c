//! # grundy
//!
//! A combinatorial game engine: who wins, how (the winning moves) and why
//! (the value) for positions of impartial and partizan games.
//!
//! ```
//! use grundy::Nimber;
//! // Bouton: a Nim position is lost for the player to move iff the XOR of its heaps is 0.
//! let v: Nimber = [3u64, 5, 6].iter().map(|&h| Nimber(h)).sum();
//! assert!(v.is_zero());
//! ```

mod mex;
mod nimber;
mod outcome;
mod rules;
mod takebreak;

pub use mex::{mex_naive, mex_of_words, MexSet};
pub use nimber::Nimber;
pub use outcome::{Outcome, Player};
pub use rules::{GameGraph, Rules, Sums};
pub use takebreak::{
    find_periodicity, guy_smith_bound, CodeError, Engine, HeapSequence, HeapSolver, Periodicity,
    Progress, SequenceConfig, SequenceError, SequenceStats, SequenceStore, SolveError,
    SolverChoice, StoreError, StoreRecovery, TakeBreak, WorkCounts, MAX_CODE_DIGITS,
    MAX_LISTED_RARE_HEAPS, SPARSE_MAX_RARE_FRACTION,
};
