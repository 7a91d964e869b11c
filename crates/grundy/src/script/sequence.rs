//! The values of a scripted game over a range — `G(0..=N)` of a game on one
//! integer, the table of a game on two — and the period a sequence shows.
//!
//! A scripted game's rules are arbitrary, so no theorem proves its period:
//! what [`observed_period`] finds is stated with the range it was seen on.

use std::sync::Arc;

use super::game::ScriptGame;
use super::position::{Args, Value};
use crate::engine::component::Context;
use crate::{Budget, EvalError, LimitError};

/// A period seen in a sequence: `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod` in the range computed (arithmetic when `saltus > 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ObservedPeriod {
    /// Values before the periodic part.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// What each period adds (0: plainly periodic).
    pub saltus: u64,
    /// How many values it was seen on (`G(0..len)`).
    pub seen_on: usize,
}

/// The longest period looked for.
pub const MAX_OBSERVED_PERIOD: usize = 1 << 14;

/// The shortest period (then the shortest preperiod) that `values` show
/// with at least two whole periods after the preperiod, plain periods
/// before arithmetic ones.
pub fn observed_period(values: &[u64]) -> Option<ObservedPeriod> {
    let len = values.len();
    let best = |arithmetic: bool| {
        (1..=(len / 3).min(MAX_OBSERVED_PERIOD)).find_map(|p| {
            let saltus = if arithmetic {
                values[len - 1].checked_sub(values[len - 1 - p])?
            } else {
                0
            };
            if arithmetic && saltus == 0 {
                return None;
            }
            // The smallest preperiod: walk back from the end while it holds.
            let mut pre = len - p;
            while pre > 0 && values[pre - 1 + p] == values[pre - 1].checked_add(saltus)? {
                pre -= 1;
            }
            (pre + 2 * p <= len).then_some(ObservedPeriod {
                preperiod: pre,
                period: p,
                saltus,
                seen_on: len,
            })
        })
    };
    best(false).or_else(|| best(true))
}

impl ScriptGame {
    fn context(budget: &Budget) -> Context {
        let mut cx = Context::new(*budget.limits());
        cx.start(budget);
        cx
    }

    /// `G(0), …, G(to)` of a game whose positions are one integer.
    pub fn sequence(&'static self, to: u64, budget: &Budget) -> Result<Vec<u64>, EvalError> {
        let count = to as u128 + 1;
        budget
            .limits()
            .check("a scripted game's sequence", count, 8)?;
        let mut cx = ScriptGame::context(budget);
        let mut values = Vec::new();
        values
            .try_reserve_exact(count as usize)
            .map_err(|_| LimitError::Allocation {
                what: "a scripted game's sequence".into(),
                requested: count * 8,
                limit: budget.limits().max_memory,
            })?;
        for n in 0..=to {
            let n = i64::try_from(n).map_err(|_| self.too_large(n))?;
            values.push(self.nimber_of(&Args(Arc::from([Value::Int(n)])), &mut cx)?);
        }
        Ok(values)
    }

    /// The `rows`×`cols` table `G(x, y)` of a game whose positions are two integers.
    pub fn table(
        &'static self,
        rows: u64,
        cols: u64,
        budget: &Budget,
    ) -> Result<Vec<Vec<u64>>, EvalError> {
        let cells = rows as u128 * cols as u128;
        budget.limits().check("a scripted game's table", cells, 8)?;
        let mut cx = ScriptGame::context(budget);
        let mut table = Vec::with_capacity(rows as usize);
        for x in 0..rows {
            let x = i64::try_from(x).map_err(|_| self.too_large(x))?;
            let mut row = Vec::with_capacity(cols as usize);
            for y in 0..cols {
                let y = i64::try_from(y).map_err(|_| self.too_large(y))?;
                let p = Args(Arc::from([Value::Int(x), Value::Int(y)]));
                row.push(self.nimber_of(&p, &mut cx)?);
            }
            table.push(row);
        }
        Ok(table)
    }

    fn too_large(&self, n: u64) -> EvalError {
        EvalError::Expr(crate::ExprError::Invalid {
            at: 0,
            problem: format!("{n} is larger than a script's integers (2^63-1)"),
            accepted: format!("positions of {} up to 2^63-1", self.name()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_the_shortest_seen_twice() {
        let sub134: Vec<u64> = (0..30).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let p = observed_period(&sub134).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 7, 0));
        let mut late = vec![5, 9];
        late.extend(&sub134);
        let p = observed_period(&late).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 7));
        let nim: Vec<u64> = (0..20).collect();
        let p = observed_period(&nim).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
        // Less than two whole periods is no period.
        assert_eq!(observed_period(&[0, 1, 2, 0, 1]), None);
        assert_eq!(observed_period(&[]), None);
    }
}
