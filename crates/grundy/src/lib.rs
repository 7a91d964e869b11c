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

pub mod alloc;
pub mod api;
pub mod board;
pub mod component;
pub mod engine;
pub mod games;
pub mod gaps;
pub mod language;
pub mod loopy;
pub mod misere;
pub mod partizan;
pub mod quotient;
pub mod script;
pub mod solvers;
pub mod takebreak;
pub mod vocab;

// The everyday types; everything else is reached through its module (the
// facade, `api`, first).
pub use component::{Component, EvalError, ExprError};
pub use engine::Engine;
pub use language::expr::{parse_game, GameExpr};
pub use language::registry;
pub use vocab::budget::Budget;
pub use vocab::limits::{LimitError, Limits};
pub use vocab::nimber::Nimber;
pub use vocab::outcome::{Outcome, Player};
