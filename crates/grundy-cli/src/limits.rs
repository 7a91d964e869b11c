//! The limit flags every command shares.

use clap::Args;
use grundy::Limits;

/// Bounds on the work one command may do.
#[derive(Args, Clone)]
pub(crate) struct LimitArgs {
    /// Most positions a solver may store (table squares, heaps, searched positions).
    #[arg(long, default_value_t = Limits::default().max_positions)]
    pub(crate) max_positions: u64,
    /// Most bytes a solver may allocate for tables, by its own estimate.
    #[arg(long, default_value_t = Limits::default().max_memory)]
    pub(crate) max_memory: u64,
    /// Most winning moves listed for one position.
    #[arg(long, default_value_t = Limits::default().max_moves)]
    pub(crate) max_moves: usize,
}

impl LimitArgs {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_memory: self.max_memory,
            max_moves: self.max_moves,
            ..Limits::default()
        }
    }
}
