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
//! call is bounded by [`crate::vocab::limits::Limits::max_script_ops`] operations, the
//! time limit and the cancel flag of the query's budget, 64 nested calls,
//! and arrays and strings sized from [`crate::vocab::limits::Limits::max_memory`].

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

pub use crate::component::error::ScriptError;
