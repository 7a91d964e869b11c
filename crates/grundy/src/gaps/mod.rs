//! Games from the seeds and contest problems that need more than a ruleset
//! of heaps: pieces on boards, piles with order constraints, players with
//! their own stock. Most hide a Nim heap in a *gap* — the empty cells between
//! two pieces, the difference between neighbouring piles — hence the name.
//!
//! Each game comes as rules (a [`GameGraph`](crate::vocab::rules::GameGraph), so plain
//! search or retrograde analysis can solve it by brute force), a closed form,
//! and a property test that the two agree on all small positions. The
//! problem formats (input parsing and output) live with the example
//! programs, in `examples/problems/`.
//!
//! | game | source | closed form |
//! |---|---|---|
//! | [`LeftRight`] | LightOJ 1192 (seed 004) | XOR of the gaps inside each gray–white pair |
//! | [`Northcott`] | LightOJ 1186 *Incredible Chess* (seed 004); Northcott's game | XOR of the gaps between the two pawns of each column; never a draw |
//! | [`PokerNim`] | Winning Ways ch. 2 | XOR of the heaps, whatever the players' stocks |
//! | [`MatrixGame`] | LightOJ 1247 (seed 004) | XOR of the row sums |
//! | [`CakeParty`] | TopCoder SRM 338 | P iff the number of largest cakes is even |
//! | [`StoneGameStrategist`] | TopCoder SRM 309 | Staircase Nim on the differences of neighbouring piles |
//! | [`Roxor`] | TopCoder SRM 216 | each stone is a game; XOR of the values of piles with an odd count |
//! | [`Chop`] | seed 004 (named); rules from the course problem at physicsforums.com thread 431993 | XOR of the two sides less one |

mod cake_party;
mod chop;
mod left_right;
mod matrix_game;
mod northcott;
mod poker_nim;
mod roxor;
mod stone_game;

pub use cake_party::{cake_party_move, CakeParty};
pub use chop::Chop;
pub use left_right::{left_right_value, LeftRight, LeftRightPosition};
pub use matrix_game::{matrix_game_value, MatrixGame};
pub use northcott::{northcott_value, Northcott, NorthcottPosition};
pub use poker_nim::{PokerNim, PokerNimPosition};
pub use roxor::{roxor_move, roxor_value, Roxor, RoxorTable};
pub use stone_game::{stone_game_move, stone_game_value, StoneGameStrategist};

/// Why a position given to a game of this module was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GapError {
    /// Pieces must be listed in strictly increasing cells.
    #[error("pieces must be in strictly increasing cells: cell {next} (piece {index}) follows cell {previous}")]
    NotIncreasing {
        /// Index of the offending piece.
        index: usize,
        /// Cell of the piece before it.
        previous: u64,
        /// Its cell.
        next: u64,
    },
    /// Pieces come in pairs (gray then white).
    #[error("pieces come in gray–white pairs, so their number must be even; got {count}")]
    OddCount {
        /// How many cells were given.
        count: usize,
    },
    /// A pawn is not where the rules allow.
    #[error(
        "column {column}: the white pawn (row {white}) must be below the black one (row {black}) \
         and both inside rows 0..{rows}"
    )]
    BadColumn {
        /// The column.
        column: usize,
        /// The white pawn's row.
        white: u64,
        /// The black pawn's row.
        black: u64,
        /// The number of rows.
        rows: u64,
    },
    /// Piles must not decrease from left to right.
    #[error("piles must not decrease: pile {index} has {next} stones after a pile of {previous}")]
    Decreasing {
        /// Index of the offending pile.
        index: usize,
        /// Size of the pile before it.
        previous: u64,
        /// Its size.
        next: u64,
    },
    /// The game is too large for the table it needs.
    #[error("{what} is {got}, more than the supported {limit}")]
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// The value given.
        got: usize,
        /// The largest value accepted.
        limit: usize,
    },
}
