//! The vocabulary every layer speaks: nimbers, outcomes and players, what a
//! game is (its options: [`rules`]), and the limits and budget that bound
//! all work.

pub mod budget;
pub mod limits;
pub mod nimber;
pub mod outcome;
pub mod rules;
