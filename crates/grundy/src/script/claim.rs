//! A script's claimed formula (`claim(p)`) checked against brute force:
//! every position of a range valued by search of its options, compared
//! with what the claim says, the first counterexample reported.

use std::sync::Arc;

use super::game::{Claim, ScriptGame};
use super::position::{Args, Value};
use crate::engine::{Analysis, Engine};
use crate::language::expr::GameExpr;
use crate::{Budget, EvalError, LoopyOutcome, Outcome};

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
                    "verify cannot list the positions of game '{}': its example {} is not                      written with integers or one array of integers",
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

    /// Checks `claim(p)` against brute force on the positions of
    /// [`ScriptGame::verify_positions`]; `progress` is called after each.
    pub fn verify_claim(
        &'static self,
        bound: u64,
        budget: &Budget,
        progress: &mut dyn FnMut(u64),
    ) -> Result<ClaimVerdict, EvalError> {
        let positions = self.verify_positions(bound, budget)?;
        let mut engine = Engine::with_budget(budget.clone());
        let mut checked = 0;
        for p in positions {
            let Some(claim) = self.claim(&p, Some(budget)).map_err(super::solve::eval)? else {
                return Err(EvalError::Script(Box::new(
                    super::ScriptError::Declaration {
                        file: self.path().to_string(),
                        problem: format!("game '{}' has no claim", self.name()),
                        accepted: "give fn claim(p) returning its value or outcome".into(),
                    },
                )));
            };
            let game = GameExpr::Sum(vec![self.component(p.clone())]);
            let analysis = engine.analyse_game(&game)?;
            if let Some(found) = disagreement(&claim, &analysis) {
                return Ok(ClaimVerdict::Refuted {
                    position: self.written(&p),
                    claimed: claim.to_string(),
                    found,
                    checked,
                });
            }
            checked += 1;
            progress(checked);
        }
        Ok(ClaimVerdict::Holds { checked })
    }
}

/// What brute force found, when it is not what `claim` says.
fn disagreement(claim: &Claim, analysis: &Analysis) -> Option<String> {
    let found = match analysis {
        Analysis::Impartial(e) => match claim {
            Claim::Nimber(n) => {
                let v = e.nimber.map_or(u64::MAX, |v| v.0);
                return (v != *n).then(|| format!("*{v}"));
            }
            Claim::Outcome(o) => return (e.outcome != *o).then(|| e.outcome.to_string()),
            Claim::Loopy(o) => {
                let mine = if e.outcome == Outcome::P {
                    LoopyOutcome::Loss
                } else {
                    LoopyOutcome::Win
                };
                return (mine != *o).then(|| mine.to_string());
            }
            Claim::Value(g) => {
                let v = e.nimber.map_or(u64::MAX, |v| v.0);
                return (g.to_string() != format!("*{v}") && !(v == 0 && g.to_string() == "0"))
                    .then(|| format!("*{v}"));
            }
        },
        Analysis::Partizan { report, .. } => match claim {
            Claim::Value(g) => return (*g != report.value).then(|| report.value.to_string()),
            Claim::Outcome(o) => return (report.outcome != *o).then(|| report.outcome.to_string()),
            Claim::Nimber(n) => {
                let v = report.nimber.map(|v| v.0);
                return (v != Some(*n)).then(|| report.value.to_string());
            }
            Claim::Loopy(_) => report.value.to_string(),
        },
        // Claims are checked on positions under normal play.
        Analysis::PartizanMisere(r) => r.outcome.to_string(),
        Analysis::Loopy(r) => {
            let line = &r.lines[0];
            match claim {
                Claim::Loopy(o) if r.lines.len() == 1 => {
                    return (line.outcome != *o).then(|| line.outcome.to_string())
                }
                _ => r
                    .lines
                    .iter()
                    .map(|l| l.outcome.to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
            }
        }
    };
    Some(found)
}
