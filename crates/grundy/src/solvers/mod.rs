//! Generic solvers, which know no game: memoised search over any
//! [`Rules`](crate::Rules), plain search and retrograde analysis over any
//! [`GameGraph`](crate::GameGraph), compounds by their theory, and the mex.
//! The solvers of one family of games (board tables, heap sequences,
//! canonical forms) live with that family.

pub(crate) mod compound;
pub(crate) mod heap_options;
pub(crate) mod loopy;
pub(crate) mod memo;
pub(crate) mod mex;
pub(crate) mod search;
