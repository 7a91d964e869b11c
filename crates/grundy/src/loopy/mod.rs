//! Loopy partizan games: games whose play may return to a position
//! (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI;
//! Siegel, *Coping with Cycles*, 2005).
//!
//! A loopy game is a finite graph of positions with Left and Right edges
//! ([`LoopyGame`]). Its value ([`LoopyValue`]) is
//!
//! - a **stopper** in canonical (simplest) form when no alternating play
//!   goes on for ever: `on = {pass|}`, `over = {0|pass}`, `^[on] = {pass|*}`,
//!   short games;
//! - otherwise its **sides**: the onside `G⁺` (endless play counted as
//!   Left's) and the offside `G⁻` (as Right's), printed `G⁺ & G⁻`
//!   (`dud = {pass|pass} = on & off`). Where grundy cannot reduce a side
//!   to a stopper it says so and prints the side as far as it simplifies;
//!   it never makes up a value.
//!
//! ```
//! use grundy::loopy::parse_loopy;
//! use grundy::Budget;
//! let b = Budget::unlimited();
//! let g = parse_loopy("{0|pass} + 5", &b).unwrap();
//! assert_eq!(g.to_string(), "5over");
//! assert_eq!(parse_loopy("on + off", &b).unwrap().to_string(), "dud");
//! assert_eq!(parse_loopy("a{1||a|0}", &b).unwrap().to_string(), "2 & +-1");
//! let over = parse_loopy("over", &b).unwrap();
//! let up = parse_loopy("^", &b).unwrap();
//! assert!(up.leq(&over, &b).unwrap() && !over.leq(&up, &b).unwrap()); // ^ < over
//! ```
//!
//! Comparison is a game of survival on pairs of positions
//! ([`survive`](self::leq)); outcomes with draws come from retrograde
//! analysis of the graph of (position, player to move), by the same solver
//! as every loopy game ([`crate::solvers::loopy::analyse_loopy_within`]). Every computation
//! draws on a [`crate::vocab::budget::Budget`]: graph sizes, comparison tables and the
//! simplification's steps are checked before memory is taken.

mod components;
mod display;
mod functions;
mod graph;
mod outcome;
mod parse;
mod simplify;
mod stops;
mod survive;
mod value;
mod variety;

pub use functions::{loopy_function, LoopyFunction, LoopyReturns, LOOPY_FUNCTIONS};
pub use graph::{LoopyGame, LoopyRules, Vertex};
pub use outcome::{outcomes, LoopyOutcomes, PlayResult};
pub use parse::{is_loopy_notation, parse_loopy, parse_loopy_predicate_with, parse_loopy_with};
pub use stops::{stops, Pseudonumber, Tag};
pub use survive::{leq, Side};
pub use value::LoopyValue;
pub use variety::{
    degree, downsum, downsum_variety, is_idempotent, is_stable, upsum, upsum_variety, variety,
};

use crate::vocab::limits::LimitError;

/// What went wrong with a loopy game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Text that is not valid notation.
    #[error("parse error at {at}: expected {expected}, found {found}")]
    Parse {
        /// Byte offset in the text.
        at: usize,
        /// What would have been accepted there.
        expected: String,
        /// What was there.
        found: String,
    },
    /// A value that cannot be formed (e.g. `G & H` with `H > G`).
    #[error("{0}")]
    Value(String),
    /// A short game's arithmetic failed (a number out of range).
    #[error(transparent)]
    Partizan(crate::partizan::Error),
    /// A limit of the budget was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl From<crate::partizan::Error> for Error {
    fn from(e: crate::partizan::Error) -> Error {
        match e {
            crate::partizan::Error::Parse {
                at,
                expected,
                found,
            } => Error::Parse {
                at,
                expected,
                found,
            },
            e => Error::Partizan(e),
        }
    }
}

impl From<crate::solvers::loopy::LoopyError> for Error {
    fn from(e: crate::solvers::loopy::LoopyError) -> Error {
        match e {
            crate::solvers::loopy::LoopyError::Limit(l) => Error::Limit(l),
        }
    }
}
