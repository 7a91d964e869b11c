//! The games: each file declares one game (or one family of rulesets) —
//! its names, how a position is written and validated, how it prints, its
//! options, and its fast paths — and [`crate::registry::GAMES`] lists them.

pub mod ab_game;
pub mod cutcake;
pub mod domineering;
pub mod hackenbush;
pub mod hackenbush_tree;
pub mod heaps;
pub mod nim;
pub mod partizan_rules;
pub mod pieces;
pub mod staircase;
pub mod subtraction;
pub mod takebreak;
pub mod toads_frogs;
pub mod value;
