//! The games: each file declares one game (or one family of rulesets) —
//! its names, how a position is written and validated, how it prints, its
//! options, and its fast paths — and [`crate::registry::GAMES`] lists them.
//!
//! CGSuite's catalogue games have their rules here, each in its own file,
//! written as CGSuite writes their positions: [`clobber()`], [`cram()`],
//! [`toppling_dominoes()`], [`col()`], [`snort()`], [`amazons()`] and
//! [`arc_kayles_path()`]. Each is a rules type (implementing
//! [`PartizanRules`](crate::partizan::PartizanRules), and for the impartial
//! ones [`Rules`](crate::vocab::rules::Rules) too), a position type whose `Display` is the
//! expression that builds it, and a parser whose errors say what is
//! accepted. Their boards (`"x..|.o."`) are read by [`Grid`], their graphs
//! (`"L-.-R"`) by [`TintedGraph`].

pub mod ab_game;
pub mod amazons;
pub mod arc_kayles;
pub mod backsliding_toads_frogs;
pub mod bipartite_snort;
pub mod childish_hackenbush;
pub mod clobber;
pub mod clobber_variants;
pub mod col;
pub mod compound;
pub mod cram;
pub mod cutcake;
pub mod digraph_placement;
pub mod domineering;
pub mod fission;
pub mod fjords;
pub mod fox_geese;
pub mod gen_cutcake;
pub mod gen_hackenbush;
pub mod gen_mem;
pub mod gen_toads_frogs;
mod graph;
pub mod graph_kayles;
mod grid;
pub mod hackenbush;
pub mod hackenbush_tree;
pub mod hare_hounds;
pub mod heaps;
pub mod konane;
pub mod loopy_rules;
pub mod misere_form;
pub mod nim;
pub mod partizan_euclid;
pub mod partizan_heap;
pub mod partizan_rules;
pub mod pieces;
pub mod quelhas;
pub mod quicksort;
pub mod rules_sum;
pub mod ski_jumps;
pub mod snort;
pub mod splittles;
pub mod staircase;
pub mod subtraction;
pub mod takebreak;
pub mod toads_frogs;
pub mod toppling_dominoes;
pub mod turning;
pub mod value;
pub mod variant;
pub mod wind_up;
pub mod words;

pub use amazons::{amazons, Amazons, AmazonsBoard, MAX_AMAZONS_CELLS, MAX_AMAZONS_EMPTY};
pub use arc_kayles::{arc_kayles_path, ArcKayles, PathSum, MAX_ARC_KAYLES_PATH};
pub use clobber::{clobber, Clobber, ClobberBoard, MAX_CLOBBER_CELLS};
pub use col::{col, Col, ColGraph};
pub use cram::{cram, Cram, CramBoard, MAX_CRAM_CELLS};
pub use graph::{TintedGraph, MAX_GRAPH_VERTICES};
pub use grid::Grid;
pub use snort::{snort, Snort, SnortGraph};
pub use toppling_dominoes::{
    toppling_dominoes, DominoRow, TopplingDominoes, MAX_TOPPLING_DOMINOES,
};
