//! Nim values (Grundy values) of impartial games.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// The value `*n` of an impartial game: by the Sprague–Grundy theorem every
/// finite impartial game equals a single Nim heap of this size.
///
/// Printed in the usual notation: `0`, `*`, `*2`, `*3`, …
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(0).to_string(), "0");
/// assert_eq!(Nimber(1).to_string(), "*");
/// assert_eq!((Nimber(3) ^ Nimber(5)).to_string(), "*6");
/// ```
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a position with no moves.
    pub const ZERO: Nimber = Nimber(0);

    /// Whether the player to move loses (value 0) in normal play.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The outcome class under normal play.
    pub fn outcome(self) -> crate::vocab::outcome::Outcome {
        if self.is_zero() {
            crate::vocab::outcome::Outcome::P
        } else {
            crate::vocab::outcome::Outcome::N
        }
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Nim-addition: the value of a disjunctive sum is the XOR of its components' values.
impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}
