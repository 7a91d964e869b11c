//! User limits on work: every solver checks them and reports when one is hit.

/// Bounds on the work a computation may do. Defaults suit a laptop; the CLI
/// exposes each as a flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most positions a solver may store (table cells, heaps, memoised positions).
    pub max_positions: u64,
    /// Most bytes a solver may allocate for its tables, by its own estimate.
    pub max_memory: u64,
    /// Most winning moves to list for one position (there can be billions).
    pub max_moves: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_positions: 50_000_000,
            max_memory: 4 << 30,
            max_moves: 1000,
        }
    }
}

/// A limit that was hit, with what it would take to go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} needs {needed} {unit}, over the limit of {limit}; raise it with {flag}")]
pub struct LimitError {
    /// What was being computed.
    pub what: String,
    /// How much it needed (at least).
    pub needed: u128,
    /// The limit in force.
    pub limit: u64,
    /// `positions` or `bytes`.
    pub unit: &'static str,
    /// The command-line flag that raises it.
    pub flag: &'static str,
}

impl Limits {
    /// Checks a request for `positions` positions of `bytes_each` bytes each.
    pub fn check(&self, what: &str, positions: u128, bytes_each: u64) -> Result<(), LimitError> {
        if positions > self.max_positions as u128 {
            return Err(LimitError {
                what: what.into(),
                needed: positions,
                limit: self.max_positions,
                unit: "positions",
                flag: "--max-positions",
            });
        }
        let bytes = positions * bytes_each as u128;
        if bytes > self.max_memory as u128 {
            return Err(LimitError {
                what: what.into(),
                needed: bytes,
                limit: self.max_memory,
                unit: "bytes",
                flag: "--max-memory",
            });
        }
        Ok(())
    }
}
