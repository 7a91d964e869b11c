//! Pieces moving on a board: the rules (leaps and rides), the dense table of
//! Grundy values over every square, and the closed forms that make the table
//! unnecessary for the named pieces.
//!
//! A piece's moves are *leaps* `(dx,dy)`, taken once, and *rides* `(dx,dy)*`,
//! repeated any number of times in a straight line (nothing blocks a ride:
//! pieces in these games share squares freely). The named pieces move toward
//! the corner (0,0) on an unbounded quadrant; a general piece lives on an
//! N×N board with coordinates `0..N`.
//!
//! - `piece`: the rules ([`Piece`], [`Square`], [`Step`]);
//! - `table`: the dense solver ([`BoardTable`]);
//! - `wythoff`: exact integer arithmetic for Wythoff's game (the queen);
//! - `closed`: which pieces have a closed form ([`ClosedForm`]) and the
//!   values, outcomes and winning moves it gives, exact over all of `u64`;
//! - `patterns`: what holds on a computed table of a game on two integers
//!   ([`find_table_patterns`]), the step between the table and a closed form.

mod closed;
pub mod patterns;
mod piece;
mod table;
mod wythoff;

pub use closed::ClosedForm;
pub use patterns::{find_table_patterns, PatternError, PatternKind, TablePattern};
pub use piece::{Piece, PieceError, Square, Step};
pub use table::{BoardTable, TableError};
pub use wythoff::{
    floor_n_phi, misere_wythoff_is_p, misere_wythoff_winning_moves, wythoff_is_p, wythoff_partner,
    wythoff_winning_moves,
};
