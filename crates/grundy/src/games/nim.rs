//! Nim (`nim(3,5,7)`): take any positive number of tokens from one heap.
//! Bouton (1901): a heap of n has value *n, a sum the XOR of its heaps.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::heaps::{build_heaps, HeapRuleset};
use crate::component::Context;
use crate::engine::EvalError;
use crate::expr::{HeapKind, HeapRules, Ruleset};
use crate::registry::{Call, GameKind, GameSpec};
use crate::{ExprError, Nimber};

/// The declaration of Nim.
pub static SPEC: GameSpec = GameSpec {
    name: "nim",
    kind: GameKind::Impartial,
    summary: "Nim heaps (several heaps = their sum)",
    example: "nim(3,5,7)",
    build,
    ruleset: Some(ruleset),
};

/// Nim's rules for one heap.
#[derive(Debug)]
pub struct NimRules;

impl HeapRuleset for NimRules {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n > 0 {
            visit(&[])?;
        }
        for k in 1..n {
            visit(&[k])?;
        }
        ControlFlow::Continue(())
    }

    fn heap_value(&self, n: u64, _: &mut Context) -> Result<Nimber, EvalError> {
        Ok(Nimber(n))
    }

    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        _: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        // Bouton: the one option of value t is the heap of t, if t < n.
        Ok(match target.0 {
            t if t >= n => ControlFlow::Continue(()),
            0 => found(&[]),
            t => found(&[t]),
        })
    }

    fn is_nim(&self) -> bool {
        true
    }
}

fn build(call: &Call<'_>) -> Result<crate::component::Component, ExprError> {
    call.no_params()?;
    build_heaps(call, Arc::from("nim"), NimRules)
}

fn ruleset(call: &Call<'_>) -> Result<Ruleset, ExprError> {
    call.no_params()?;
    Ok(Ruleset::Heap(HeapRules {
        name: "nim".into(),
        kind: HeapKind::Nim,
    }))
}
