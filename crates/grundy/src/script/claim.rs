//! What a script's claimed formula (`claim(p)`) is checked on: the
//! positions `verify` lists, and the verdict. The check itself, which needs
//! the engine, is [`crate::engine::claim`].

use std::sync::Arc;

use super::game::ScriptGame;
use super::position::{Args, Value};
use crate::component::EvalError;
use crate::vocab::budget::Budget;

/// The shapes of position `verify` can list by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Enumerable {
    /// `k` integers (`chomp(3,4)`: 2).
    Integers(usize),
    /// One array of `k` integers (`moore([1,2,3])`: 3).
    Array(usize),
}

/// What the check of a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// The claim agrees with brute force on every position checked.
    Holds {
        /// Positions checked.
        checked: u64,
    },
    /// The first position where it does not.
    Refuted {
        /// The position, as written.
        position: String,
        /// What the claim says.
        claimed: String,
        /// What search of the options finds.
        found: String,
        /// Positions that agreed before it.
        checked: u64,
    },
}

impl ScriptGame {
    /// The positions `verify --bound bound` checks: the script's
    /// `positions(bound)`, or else positions of its example's shape with
    /// every entry in `0..=bound` — tuples for several integers
    /// (`chomp(3,4)`), arrays of the example's length for an array
    /// (`moore([1,2,3])`) — or an error naming what would be accepted when
    /// the example's shape cannot be enumerated (a string, a nested list).
    pub fn verify_positions(
        &'static self,
        bound: u64,
        budget: &Budget,
    ) -> Result<Vec<Args>, EvalError> {
        if let Some(listed) = self
            .positions(bound, Some(budget))
            .map_err(super::solve::eval)?
        {
            return Ok(listed);
        }
        let shape = self.enumerable_shape().ok_or_else(|| {
            EvalError::Script(Box::new(super::ScriptError::Declaration {
                file: self.path().to_string(),
                problem: format!(
                    "verify cannot list the positions of game '{}': its example {} is not written with integers or one array of integers",
                    self.name(),
                    self.example_written()
                ),
                accepted: "give fn positions(n) returning the positions to check for --bound n"
                    .into(),
            }))
        })?;
        let k = match shape {
            Enumerable::Integers(k) | Enumerable::Array(k) => k,
        };
        let count = (bound as u128 + 1).saturating_pow(k as u32);
        budget
            .limits()
            .check("the positions of a claim's check", count, 32 + 8 * k as u64)?;
        let top = i64::try_from(bound).unwrap_or(i64::MAX);
        let mut out = Vec::with_capacity(count as usize);
        let mut coords = vec![0i64; k];
        loop {
            let ints = coords.iter().map(|&c| Value::Int(c));
            out.push(match shape {
                Enumerable::Integers(_) => Args(ints.collect::<Arc<[_]>>()),
                Enumerable::Array(_) => Args(Arc::from([Value::List(ints.collect())])),
            });
            let Some(i) = coords.iter().rposition(|&c| c < top) else {
                return Ok(out);
            };
            coords[i] += 1;
            coords[i + 1..].iter_mut().for_each(|c| *c = 0);
        }
    }
}
