//! Games written by their users: the rules in a small script file
//! (Rhai), loaded at start (`--rules FILE`) and analysed by every solver
//! the built-in games have.
//!
//! A file describes one game by its functions, named after the file:
//!
//! ```text
//! // rules/sub134.rhai: the subtraction game {1,3,4} on one heap.
//! fn moves(n) {
//!     let out = [];
//!     for k in [1, 3, 4] { if k <= n { out.push(n - k); } }
//!     out
//! }
//! ```
//!
//! or several by `game(#{ name: "...", moves: ..., ... })` declarations,
//! whose functions are closures (`|p| ...`) or pointers (`Fn("name")`).
//! The functions a game may give:
//!
//! | function       | what it returns                                                        |
//! |----------------|------------------------------------------------------------------------|
//! | `moves(p)`     | the options of `p`, an array of positions (an impartial game)           |
//! | `left(p)`, `right(p)` | Left's and Right's options (a partizan game)                     |
//! | `parts(p)`     | the independent parts of `p`, an array of positions (or `()`: none)    |
//! | `show(p)`      | how `p` prints in answers (a string)                                    |
//! | `claim(p)`     | a claimed value: a Grundy value, `"P"`/`"N"`/`"L"`/`"R"`, `"win"`/`"loss"`/`"draw"`, or a CGSuite value |
//! | `positions(n)` | the positions `verify --bound n` checks the claim on                   |
//! | `name()`, `summary()`, `example()` | strings: the name (default: the file's stem), a line of help, an example position |
//!
//! A position is what it is written with: `chomp(3,4)` hands the script
//! `[3, 4]`, `sub134(7)` hands it `7`, `board("x.o")` the string; options
//! are returned in the same shape. A game whose moves come back to an
//! earlier position is found loopy and analysed by retrograde analysis.
//!
//! The interpreter is sandboxed: no files, modules, clock or `eval`; each
//! call is bounded by [`crate::Limits::max_script_ops`] operations, the
//! time limit and the cancel flag of the query's budget, 64 nested calls,
//! and arrays and strings sized from [`crate::Limits::max_memory`].

mod claim;
mod game;
mod load;
mod position;
mod sequence;
mod solve;

pub use claim::ClaimVerdict;
pub use game::{Claim, Host, HostError, ScriptFile, ScriptGame};
pub use load::{define, load_file, load_source, Definition};
pub use position::{Args, Value};

use crate::LimitError;

/// Why a script could not be loaded or run. Every variant names the file;
/// those raised while evaluating also name the game, the function and the
/// position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("{file}: {problem}")]
    File {
        /// The file as named.
        file: String,
        /// What went wrong.
        problem: String,
    },
    /// The script does not parse.
    #[error("{place}: syntax error: {message}")]
    Syntax {
        /// `file:line:column`.
        place: String,
        /// The interpreter's message.
        message: String,
    },
    /// The file's declarations are not a game.
    #[error("{file}: {problem}; {accepted}")]
    Declaration {
        /// The file as named.
        file: String,
        /// What is wrong.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
    /// A function of the script failed while it ran.
    #[error("{place}: {message}, in {call} of game '{game}'")]
    Runtime {
        /// `file:line:column` of the failing part.
        place: String,
        /// The game evaluated.
        game: String,
        /// The function and its position, `moves(7)`.
        call: String,
        /// The interpreter's message.
        message: String,
    },
    /// A function of the script returned something that is not what it must return.
    #[error("{file}: {call} of game '{game}' returned {found}; {accepted}")]
    Returned {
        /// The file.
        file: String,
        /// The game evaluated.
        game: String,
        /// The function and its position, `moves(7)`.
        call: String,
        /// What came back.
        found: String,
        /// What would be accepted.
        accepted: String,
    },
    /// A limit of the query's budget stopped the script.
    #[error(transparent)]
    Limit(#[from] LimitError),
}
