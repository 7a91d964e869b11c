//! Generic solvers, which know no game: memoised search over any
//! [`Rules`](crate::vocab::rules::Rules), plain search and retrograde analysis over any
//! [`GameGraph`](crate::vocab::rules::GameGraph), compounds by their theory, and the mex.
//! The solvers of one family of games (board tables, heap sequences,
//! canonical forms) live with that family.

pub mod bouton;
pub mod compound;
pub mod heap_options;
pub mod loopy;
pub mod memo;
pub mod mex;
pub mod search;
