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

mod compound;
pub mod gaps;
mod loopy;
mod mex;
mod nimber;
mod outcome;
mod rules;
mod search;
mod staircase;
mod verify;

pub use compound::{
    conjunctive_outcome, continued_conjunctive_outcome, not_all_outcome, selective_outcome,
    Compound, CompoundConfig, CompoundError, CompoundKind, CompoundSolver,
};
pub use loopy::{analyse_loopy, Gsg, LoopyAnalysis, LoopyConfig, LoopyError, LoopyOutcome};
pub use mex::{mex_naive, mex_of_words, MexSet};
pub use nimber::Nimber;
pub use outcome::{Outcome, Player};
pub use rules::{GameGraph, Rules, Sums};
pub use search::{PlainSearch, Play, Remoteness, SearchConfig, SearchError};
pub use staircase::{staircase_value, CoinTree, CoinTreeGame, StaircaseError, StaircaseNim};
pub use verify::{verify_nimbers, verify_outcomes, Verdict};
