//! User limits on work: the plain numbers a user sets, and the one error every
//! solver reports when a limit is hit. [`crate::vocab::budget::Budget`] turns them into a
//! shared, running account (with a clock, a cancel flag and progress).

use std::fmt;
use std::time::Duration;

/// Bounds on the work a computation may do. Defaults suit a laptop; the CLI
/// exposes each as a flag. Build a [`crate::vocab::budget::Budget`] from them to run a solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most positions a solver may store (table cells, heaps, memoised
    /// positions), counted over everything that shares one budget.
    pub max_positions: u64,
    /// Most bytes one table may take, by its solver's own estimate.
    pub max_memory: u64,
    /// Most winning moves to list for one position (there can be billions).
    pub max_moves: usize,
    /// Longest wall-clock time a run may take; `None` for no limit.
    pub max_time: Option<Duration>,
    /// Deepest recursion (lines of play, nesting) followed before stopping
    /// with an error instead of risking the thread's stack.
    pub max_depth: usize,
    /// Most operations one call of a scripted game's function may take
    /// (statements, expressions, function calls: Rhai's operation count),
    /// so that a script that runs away (`loop {}`) stops with an error.
    pub max_script_ops: u64,
}

/// The default of [`Limits::max_script_ops`]: about a second of script
/// work for one position, far more than listing the moves of any board.
pub const DEFAULT_MAX_SCRIPT_OPS: u64 = 10_000_000;

/// The default of [`Limits::max_depth`]: deep enough for every game the
/// crate knows at sizes it can solve, shallow enough that a recursive
/// algorithm cannot exhaust a 2 MiB thread stack.
pub const DEFAULT_MAX_DEPTH: usize = 2000;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_positions: 50_000_000,
            max_memory: 4 << 30,
            max_moves: 1000,
            max_time: None,
            max_depth: DEFAULT_MAX_DEPTH,
            max_script_ops: DEFAULT_MAX_SCRIPT_OPS,
        }
    }
}

/// A limit that was hit, with the command-line flag that raises it.
///
/// Every solver in the crate reports its limits through this one type, so a
/// front end can tell the user what to change (see [`LimitError::flag`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LimitError {
    /// More positions than [`Limits::max_positions`].
    #[error(
        "{what} needs {needed} positions, over the limit of {limit}; raise it with --max-positions"
    )]
    Positions {
        /// What was being computed.
        what: String,
        /// How many it needed (at least).
        needed: u128,
        /// The limit in force.
        limit: u64,
    },
    /// More bytes than [`Limits::max_memory`].
    #[error(
        "{what} needs {}, over the limit of {}; raise it with --max-memory",
        Bytes(*needed),
        Bytes(*limit as u128)
    )]
    Memory {
        /// What was being computed.
        what: String,
        /// How many bytes it needed (at least).
        needed: u128,
        /// The limit in force.
        limit: u64,
    },
    /// The system refused memory that the limits allowed.
    #[error(
        "{what} could not get {} from the system, although --max-memory allows {}; \
         lower --max-memory to what this machine (or its ulimit) provides",
        Bytes(*requested),
        Bytes(*limit as u128)
    )]
    Allocation {
        /// What was being computed.
        what: String,
        /// The bytes asked for.
        requested: u128,
        /// The memory limit in force.
        limit: u64,
    },
    /// The run took longer than [`Limits::max_time`].
    #[error("{what} stopped after {elapsed:.2?}, over the time limit of {limit:?}; raise it with --max-time")]
    Time {
        /// What was being computed.
        what: String,
        /// The time limit in force.
        limit: Duration,
        /// The time spent when the limit was noticed.
        elapsed: Duration,
    },
    /// A recursion deeper than [`Limits::max_depth`].
    #[error("{what} reached a depth of {limit}, the limit; raise it with --max-depth")]
    Depth {
        /// What was being computed.
        what: String,
        /// The limit in force.
        limit: usize,
    },
    /// A script function took more than [`Limits::max_script_ops`] operations.
    #[error("{what} took more than {limit} operations, the limit; raise it with --max-script-ops")]
    ScriptOperations {
        /// What was being computed.
        what: String,
        /// The limit in force.
        limit: u64,
    },
    /// The run was cancelled from outside (Ctrl-C, a server dropping a request).
    #[error("{what} was cancelled")]
    Cancelled {
        /// What was being computed.
        what: String,
    },
}

impl LimitError {
    /// The command-line flag that raises the limit that was hit, or `None`
    /// for a cancellation (and for a refused allocation, where the flag must
    /// be lowered, not raised).
    pub fn flag(&self) -> Option<&'static str> {
        match self {
            LimitError::Positions { .. } => Some("--max-positions"),
            LimitError::Memory { .. } => Some("--max-memory"),
            LimitError::Time { .. } => Some("--max-time"),
            LimitError::Depth { .. } => Some("--max-depth"),
            LimitError::ScriptOperations { .. } => Some("--max-script-ops"),
            LimitError::Allocation { .. } | LimitError::Cancelled { .. } => None,
        }
    }

    /// What was being computed when the limit was hit.
    pub fn what(&self) -> &str {
        match self {
            LimitError::Positions { what, .. }
            | LimitError::Memory { what, .. }
            | LimitError::Allocation { what, .. }
            | LimitError::Time { what, .. }
            | LimitError::Depth { what, .. }
            | LimitError::ScriptOperations { what, .. }
            | LimitError::Cancelled { what } => what,
        }
    }
}

impl Limits {
    /// Checks a request for `positions` positions of `bytes_each` bytes each,
    /// before anything is allocated.
    pub fn check(&self, what: &str, positions: u128, bytes_each: u64) -> Result<(), LimitError> {
        if positions > self.max_positions as u128 {
            return Err(LimitError::Positions {
                what: what.into(),
                needed: positions,
                limit: self.max_positions,
            });
        }
        self.check_bytes(what, positions.saturating_mul(bytes_each as u128))
    }

    /// Checks a request for `bytes` bytes against [`Limits::max_memory`].
    pub fn check_bytes(&self, what: &str, bytes: u128) -> Result<(), LimitError> {
        if bytes > self.max_memory as u128 {
            return Err(LimitError::Memory {
                what: what.into(),
                needed: bytes,
                limit: self.max_memory,
            });
        }
        Ok(())
    }
}

/// A byte count printed for people: `4 GiB`, `1.5 MiB`, `512 bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub u128);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
        if self.0 < 1024 {
            return write!(f, "{} bytes", self.0);
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if value.fract() == 0.0 {
            write!(f, "{value} {}", UNITS[unit])
        } else {
            write!(f, "{value:.1} {}", UNITS[unit])
        }
    }
}

/// Why a size or duration given on the command line was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {kind} {input:?}: {reason}; accepted: {accepted}")]
pub struct ParseLimitError {
    /// `size` or `duration`.
    pub kind: &'static str,
    /// The text given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
    /// What would have been accepted.
    pub accepted: &'static str,
}

impl ParseLimitError {
    /// The errors of reading `input` as a `kind`, by their reason.
    fn maker<'a>(
        kind: &'static str,
        input: &'a str,
        accepted: &'static str,
    ) -> impl Fn(&'static str) -> ParseLimitError + 'a {
        move |reason| ParseLimitError {
            kind,
            input: input.into(),
            reason,
            accepted,
        }
    }
}

/// A flag's text split into its leading whole number and its unit (trimmed,
/// lower case; empty when there is none).
fn number_and_unit(
    text: &str,
    error: &impl Fn(&'static str) -> ParseLimitError,
) -> Result<(u64, String), ParseLimitError> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(error("it does not start with a number"));
    }
    let number: u64 = t[..digits]
        .parse()
        .map_err(|_| error("the number is too large"))?;
    Ok((number, t[digits..].trim_start().to_ascii_lowercase()))
}

const SIZE_ACCEPTED: &str = "a whole number of bytes with an optional unit K, M, G or T \
     (powers of 1024, also written KB/KiB…), e.g. 4G, 500M, 64K, 1234";
const DURATION_ACCEPTED: &str =
    "a whole number with a unit ms, s, m or h, e.g. 500ms, 30s, 2m, 1h (a bare number is seconds)";

/// Reads a size for a flag like `--max-memory`: `4G`, `500M`, `64K`, `1234`
/// (bytes). Units are powers of 1024, case-insensitive, optionally followed
/// by `B` or `iB`.
///
/// ```
/// use grundy::vocab::budget::parse_size;
/// assert_eq!(parse_size("4G"), Ok(4 << 30));
/// assert_eq!(parse_size("500M"), Ok(500 << 20));
/// assert_eq!(parse_size("1234"), Ok(1234));
/// assert!(parse_size("4X").unwrap_err().to_string().contains("accepted"));
/// ```
pub fn parse_size(text: &str) -> Result<u64, ParseLimitError> {
    let error = ParseLimitError::maker("size", text, SIZE_ACCEPTED);
    let (number, unit) = number_and_unit(text, &error)?;
    let shift = match unit.as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(error("unknown unit")),
    };
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| error("the size does not fit in 64 bits"))
}

/// Reads a duration for a flag like `--max-time`: `500ms`, `30s`, `2m`,
/// `1h`; a bare number is seconds.
///
/// ```
/// use std::time::Duration;
/// use grundy::vocab::budget::parse_duration;
/// assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
/// assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
/// assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, ParseLimitError> {
    let error = ParseLimitError::maker("duration", text, DURATION_ACCEPTED);
    let (number, unit) = number_and_unit(text, &error)?;
    let (millis_each, secs_each) = match unit.as_str() {
        "ms" => (1, 0),
        "" | "s" => (0, 1),
        "m" | "min" => (0, 60),
        "h" => (0, 3600),
        _ => return Err(error("unknown unit")),
    };
    if millis_each == 1 {
        return Ok(Duration::from_millis(number));
    }
    number
        .checked_mul(secs_each)
        .map(Duration::from_secs)
        .ok_or_else(|| error("the duration is too long"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_like_the_flags() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4g"), Ok(4 << 30));
        assert_eq!(parse_size("4GiB"), Ok(4 << 30));
        assert_eq!(parse_size("500M"), Ok(500 << 20));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        assert_eq!(parse_size("1234"), Ok(1234));
        assert_eq!(parse_size(" 2 T "), Ok(2 << 40));
        assert_eq!(parse_size("0"), Ok(0));
        for bad in [
            "",
            "G",
            "4X",
            "-1",
            "1.5G",
            "99999999999999999999",
            "16777216T",
        ] {
            let e = parse_size(bad).unwrap_err();
            assert!(e.to_string().contains("e.g. 4G, 500M"), "{bad}: {e}");
        }
    }

    #[test]
    fn durations_read_like_the_flags() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        for bad in ["", "s", "1.5s", "3d", "18446744073709551615h"] {
            let e = parse_duration(bad).unwrap_err();
            assert!(e.to_string().contains("500ms, 30s"), "{bad}: {e}");
        }
    }

    #[test]
    fn errors_name_their_flag() {
        let l = Limits {
            max_positions: 10,
            max_memory: 100,
            ..Limits::default()
        };
        let e = l.check("a table", 11, 1).unwrap_err();
        assert_eq!(e.flag(), Some("--max-positions"));
        assert!(e.to_string().contains("--max-positions"), "{e}");
        let e = l.check("a table", 10, 11).unwrap_err();
        assert_eq!(e.flag(), Some("--max-memory"));
        assert!(
            e.to_string()
                .contains("needs 110 bytes, over the limit of 100 bytes"),
            "{e}"
        );
        assert!(l.check("a table", 10, 10).is_ok());
        assert_eq!(Bytes(4 << 30).to_string(), "4 GiB");
        assert_eq!(Bytes(1536 << 10).to_string(), "1.5 MiB");
    }
}
