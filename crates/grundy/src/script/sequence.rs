//! The values of a scripted game over a range: `G(0..=N)` of a game on one
//! integer, the table of a game on two. What they show is found by
//! [`crate::patterns`]; a scripted game's rules are arbitrary, so no
//! theorem proves it, and it is stated with the range it was seen on.

use std::sync::Arc;

use super::game::ScriptGame;
use super::position::{Args, Value};
use crate::component::Context;
use crate::component::EvalError;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

impl ScriptGame {
    fn context(budget: &Budget) -> Context {
        let mut cx = Context::new(*budget.limits());
        cx.start(budget);
        cx
    }

    /// `G(0), …, G(to)` of a game whose positions are one integer.
    pub fn sequence(&'static self, to: u64, budget: &Budget) -> Result<Vec<u64>, EvalError> {
        self.impartial_for("seq")?;
        self.integers_for("seq", 1)?;
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
        self.impartial_for("table")?;
        self.integers_for("table", 2)?;
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

    /// Refuses a partizan game where Grundy values are listed.
    fn impartial_for(&self, command: &str) -> Result<(), EvalError> {
        if self.kind() == crate::component::spec::GameKind::Impartial {
            return Ok(());
        }
        Err(EvalError::Script(Box::new(super::ScriptError::Declaration {
            file: self.path().to_string(),
            problem: format!(
                "{} is a partizan game (it gives left and right), and {command} lists Grundy values",
                self.name()
            ),
            accepted: format!(
                "{command} takes an impartial game (one that gives moves); value a partizan position \
                 with `grundy value`, as in {}",
                self.example
            ),
        })))
    }

    /// Refuses, before anything runs, a game whose positions are not
    /// `count` integers (as its example shows).
    fn integers_for(&self, command: &str, count: usize) -> Result<(), EvalError> {
        use super::claim::Enumerable;
        let takes = match self.enumerable_shape() {
            Some(Enumerable::Integers(k)) if k == count => return Ok(()),
            Some(Enumerable::Integers(1)) => "one integer".to_string(),
            Some(Enumerable::Integers(k)) => format!("{k} integers"),
            Some(Enumerable::Array(_)) => "an array".to_string(),
            None => "something else".to_string(),
        };
        let wanted = if count == 1 {
            "one integer".to_string()
        } else {
            format!("{count} integers")
        };
        Err(EvalError::Script(Box::new(super::ScriptError::Declaration {
            file: self.path().to_string(),
            problem: format!(
                "{command} needs a game on {wanted}; {} takes {takes} (its example is {})",
                self.name(),
                self.example
            ),
            accepted: format!(
                "value its positions with `grundy value`, as in {}, or check a claim with                  `grundy verify`",
                self.example
            ),
        })))
    }

    fn too_large(&self, n: u64) -> EvalError {
        EvalError::Expr(crate::component::ExprError::Invalid {
            at: 0,
            problem: format!("{n} is larger than a script's integers (2^63-1)"),
            accepted: format!("positions of {} up to 2^63-1", self.name()),
        })
    }
}
