//! The vocabulary every layer speaks: nimbers, outcomes and players, what a
//! game is (its options: [`rules`]), and the limits and budget that bound
//! all work.

pub mod budget;
pub(crate) mod limits;
pub(crate) mod nimber;
pub(crate) mod outcome;
pub(crate) mod rules;
