//! The expression language: text to a syntax tree ([`syntax`]), the tree to
//! a validated game ([`expr`]), and the registry of games whose names it
//! reads ([`registry`]).

pub mod expr;
pub mod functions;
pub mod registry;
pub mod syntax;
pub mod template;
