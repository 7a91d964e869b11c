//! Staircase Nim (`staircase(c0, c1, c2, …)`, seed 003): coins on steps 0,
//! 1, 2, …; a move takes any positive number of coins from one step down to
//! the next. Its value is the Nim value of the odd steps ([`crate::StaircaseNim`]).

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::engine::EvalError;
use crate::expr::ExprError;
use crate::registry::{Call, GameKind, GameSpec};
use crate::{staircase_value, Nimber};

/// The declaration of Staircase Nim.
pub static SPEC: GameSpec = GameSpec {
    name: "staircase",
    kind: GameKind::Impartial,
    summary: "Staircase Nim: coins on steps, a move takes coins one step down (seed 003)",
    example: "staircase(0,3,1,4)",
    build,
    ruleset: None,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    if call.params().is_some() {
        return Err(call.error(
            call.name_span(),
            "'staircase' takes no parameters in [...]",
            "write staircase(c0, c1, c2, ...) with the coins on each step",
        ));
    }
    let steps = call.naturals("coin counts", "a number of coins")?;
    crate::staircase_total(&steps).map_err(|e| {
        call.error(
            call.args_span(),
            e.to_string(),
            "coins on the steps adding up to at most 18446744073709551615",
        )
    })?;
    Ok(Component::Impartial(Arc::new(Staircase { steps })))
}

/// Coins on the steps of a staircase, from step 0.
#[derive(Clone, Debug)]
pub struct Staircase {
    steps: Vec<u64>,
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c: Vec<String> = self.steps.iter().map(u64::to_string).collect();
        write!(f, "staircase({})", c.join(","))
    }
}

static NAME: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();

impl ImpartialPosition for Staircase {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn key(&self) -> Key {
        Key::numbers(NAME.get_or_init(|| Arc::from("staircase")), &self.steps)
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        // The moves of [`StaircaseNim`], one at a time (there may be 2^64).
        for i in 1..self.steps.len() {
            for k in 1..=self.steps[i] {
                let Some(below) = self.steps[i - 1].checked_add(k) else {
                    break; // more coins than a step can count: no such position
                };
                let mut steps = self.steps.clone();
                steps[i] -= k;
                steps[i - 1] = below;
                visit(Arc::new(Staircase { steps }))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn nimber(&self, _: &mut Context) -> Result<Nimber, EvalError> {
        Ok(staircase_value(&self.steps))
    }

    fn options_with_value(
        &self,
        target: Nimber,
        _: &mut Context,
        found: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let options = crate::staircase_options_with_value(&self.steps, target)?;
        for steps in options {
            if found(Arc::new(Staircase { steps })).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}
