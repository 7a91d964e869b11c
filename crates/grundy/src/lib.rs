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
pub mod partizan;
mod rules;

pub use mex::{mex_naive, mex_of_words, MexSet};
pub use nimber::Nimber;
pub use outcome::{Outcome, Player};
pub use rules::{GameGraph, Rules, Sums};
