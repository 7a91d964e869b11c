//! Partizan games: canonical forms, CGSuite notation, temperature theory and
//! a handful of classic games.
//!
//! In a partizan game the two players, Left and Right, may have different
//! moves. Every short partizan game has a unique simplest form, its
//! *canonical form* (Siegel, *Combinatorial Game Theory*, II.2); values add,
//! compare and print through it:
//!
//! ```
//! use grundy::partizan::{Game, Comparison};
//! use grundy::Outcome;
//! let g = Game::parse("{3||2*|1*}").unwrap();
//! assert_eq!(g.outcome(), Outcome::L);
//! assert_eq!(g.left_stop().to_string(), "3");
//! assert_eq!(Game::parse("^").unwrap().compare(Game::parse("*").unwrap()), Comparison::Confused);
//! assert_eq!(Game::parse("+-1 + +-1").unwrap().to_string(), "0");
//! ```
//!
//! ## Notation
//!
//! Values read and print in CGSuite 2.2's plain-text notation: numbers `3`,
//! `-1/2`; nimbers `*`, `*2`; ups `^`, `^^`, `^3` (= 3.^), `v`, `vv*`,
//! juxtaposed with a number as in `1/2*` or `3^`; uptimals `^<n>` (up-nth,
//! `^<2> = {0|v*}`) and `^[n]` (up-to-the-nth, `^<1> + … + ^<n>`), with
//! `v<n>`, `v[n]` their negatives, following Siegel's `↑ⁿ` and `↑^[n]`,
//! juxtaposed too (`3/4v[3]*`); switches `+-1`, `+-(1*)`, `+-{1,2}`
//! (several options; `+-(1,2)` reads too), `2+-1` (= 2 + ±1 when typed);
//! `Tiny(2)`, `Miny(2)`, `1Tiny(1)` (= 1 + Tiny(1)); and general forms
//! `{3||2*|1*}` where the longest run of bars splits the game.
//!
//! Printing follows CGSuite's rules in order (see `display.rs`): an uptimal
//! it writes compactly (number-up-star, `^<n>`, `^[n]`, with a number and a
//! nimber; any other uptimal such as `2.^<3>` is braced), a switch,
//! Tiny/Miny, then braces with at most four bars in a row; each side's
//! options in CGSuite's order. So every value prints as CGSuite 2.2 prints
//! it: `tests/notation.rs` checks CGSuite's own outputs
//! (`data/partizan/notation.toml`, `functions.toml`). [`Notation::Expanded`]
//! (the CLI's `--notation expanded`) writes the uptimals of two or more
//! digits in braces instead (`{^|*||*|||*}` for `^[4]`); both read back.
//!
//! ## Limits
//!
//! Numbers have numerators within `±(2^63 - 1)` and denominators up to
//! `2^62` ([`Error::Overflow`] beyond; the range is symmetric so that every
//! game has a negative). Heating, cooling, sums and thermographs are
//! checked against it. Written nimbers go up to
//! [`MAX_NIMBER_LITERAL`], up multiples to [`MAX_UP_MULTIPLE`], `^<n>` to
//! [`MAX_UP_NTH`]. Solvers draw on a [`crate::vocab::budget::Budget`] (positions, memory,
//! time, depth, cancel) and stop with [`Error::Limit`] when it runs out.
//! Values live in one table shared by all threads (a [`Game`] is
//! `Send + Sync`), which grows with the distinct values met and is never
//! shrunk; each thread keeps its own memo tables over it.
//!
//! Games are positions of a [`PartizanRules`] type; the [`CanonicalSolver`]
//! turns a position into its value. Sums of positions written in the
//! expression language are analysed by the [`crate::engine::Engine`]:
//!
//! ```
//! use grundy::api::ReadText;
//! use grundy::{engine::Analysis, Engine, Limits};
//! let mut engine = Engine::new(Limits::default());
//! let Analysis::Partizan { report, .. } = engine.analyse("domineering(\"...|...\")").unwrap() else {
//!     unreachable!("Domineering is partizan")
//! };
//! assert_eq!(report.value.to_string(), "{2|-1/2}"); // 2 rows, 3 columns
//! ```

mod display;
mod dyadic;
mod game;
mod games;
mod operations;
mod parse;
mod predicates;
mod report;
mod rules;
mod table;
mod thermograph;
mod uptimal;

pub(crate) use display::{option_order, write_option};
pub use display::{with_notation, Notation};
pub use dyadic::Dyadic;
pub use game::{
    within_budget, Comparison, Game, MAX_NIMBER, MAX_NIMBER_LITERAL, MAX_UP_MULTIPLE, MAX_UP_NTH,
};
pub use games::{
    ab_closed_form, ab_game, cutcake, domineering, hackenbush, hackenbush_tree,
    partizan_subtraction, toads_frogs, AbGame, AbString, Colour, Cutcake, CutcakeSum, Domineering,
    DomineeringBoard, Edge, Hackenbush, HackenbushForest, HackenbushString, HackenbushTrees,
    PartizanSubtraction, SubtractionHeap, ToadsFrogs, ToadsFrogsRow,
};
pub use games::{MAX_DOMINEERING_CELLS, MAX_TOADS_FROGS_CELLS};
pub use operations::{nim_product, sort_games};
pub(crate) use parse::parse_short_atom;
pub use predicates::ConfusionInterval;
pub use report::{compare, parse_value};
pub use rules::{search_outcome, search_outcome_within, CanonicalSolver, PartizanRules, Sign};
pub use table::values_held;
pub use thermograph::{Thermograph, Trajectory};

/// What went wrong in the partizan module.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A number did not fit: numerators lie within `±(2^63 - 1)`,
    /// denominators are at most `2^62`.
    #[error("arithmetic overflow in {operation}: numbers are limited to numerators within ±(2^63-1) and denominators up to 2^62")]
    Overflow {
        /// The operation that overflowed.
        operation: &'static str,
    },
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
    /// A game position that is not valid for its game.
    #[error("invalid {game} position {input:?} at {at}: {reason}; accepted: {accepted}")]
    Position {
        /// The game (`domineering`, `toads_frogs`, …).
        game: &'static str,
        /// The text given.
        input: String,
        /// Byte offset of the problem.
        at: usize,
        /// What is wrong.
        reason: String,
        /// What the game accepts.
        accepted: &'static str,
    },
    /// An operation applied outside its domain (atomic weight of a game
    /// that is not all-small, cooling by a negative amount, …).
    #[error("{operation}: {reason}")]
    Domain {
        /// The operation.
        operation: &'static str,
        /// Why it does not apply.
        reason: String,
    },
    /// A limit of the solver's budget was hit (positions, memory, time,
    /// depth of the lines of play, cancel); the message names the flag.
    #[error(transparent)]
    Limit(#[from] crate::vocab::limits::LimitError),
}
