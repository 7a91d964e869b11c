//! An impartial game given by its rules ([`Rules`]) as a registry position:
//! a sum of the rules' positions (a board falls apart into regions), valued
//! by one [`MemoSolver`] per game kept in the [`Context`].

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::GameSpec;
use crate::component::EvalError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::solvers::memo::MemoSolver;
use crate::vocab::nimber::Nimber;
use crate::vocab::rules::Rules;

/// A sum of positions of the impartial game `R`.
pub struct RulesSum<R: Rules> {
    spec: &'static GameSpec,
    ruleset: Arc<str>,
    parts: Vec<R::Position>,
}

impl<R> RulesSum<R>
where
    R: Rules + Default + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
{
    /// `position` of the game declared by `spec`.
    pub fn component(spec: &'static GameSpec, position: R::Position) -> Component {
        Component::Impartial(Arc::new(RulesSum::<R> {
            spec,
            ruleset: Arc::from(spec.name),
            parts: vec![position],
        }))
    }

    fn with(&self, parts: Vec<R::Position>) -> Impartial {
        Arc::new(RulesSum::<R> {
            spec: self.spec,
            ruleset: self.ruleset.clone(),
            parts,
        })
    }
}

/// The parts of the position of game `R` that `c` holds, if it holds one
/// (a game's words for a move read its own positions through this).
pub fn parts_of<R>(c: &Component) -> Option<&[R::Position]>
where
    R: Rules + Default + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
{
    match c {
        Component::Impartial(p) => p
            .as_any()?
            .downcast_ref::<RulesSum<R>>()
            .map(|r| &r.parts[..]),
        Component::Partizan(_) => None,
    }
}

/// The memoising solver of game `R`, made on first use.
struct Solver<R: Rules>(Option<MemoSolver<R>>);

impl<R: Rules> Default for Solver<R> {
    fn default() -> Self {
        Solver(None)
    }
}

impl<R: Rules> fmt::Debug for RulesSum<R>
where
    R::Position: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl<R: Rules> fmt::Display for RulesSum<R>
where
    R::Position: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl<R> ImpartialPosition for RulesSum<R>
where
    R: Rules + Default + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
{
    fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    fn key(&self) -> Key {
        let mut parts: Vec<String> = self.parts.iter().map(ToString::to_string).collect();
        parts.sort();
        Key::text(&self.ruleset, &parts.join(" + "))
    }

    fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        for i in 0..self.parts.len() {
            if self.parts[..i].contains(&self.parts[i]) {
                continue; // an equal part has the same moves
            }
            let mut flow = ControlFlow::Continue(());
            R::default().options(&self.parts[i], &mut |left| {
                if flow.is_continue() {
                    let mut parts = self.parts.clone();
                    parts.splice(i..=i, left.iter().cloned());
                    flow = visit(self.with(parts));
                }
            });
            flow?;
        }
        ControlFlow::Continue(())
    }

    fn split(&self) -> Option<Vec<Impartial>> {
        (self.parts.len() > 1).then(|| {
            self.parts
                .iter()
                .map(|p| self.with(vec![p.clone()]))
                .collect()
        })
    }

    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        let limits = *cx.limits();
        let solver = cx.cache::<Solver<R>>();
        let memo = solver
            .0
            .get_or_insert_with(|| MemoSolver::new(R::default(), limits));
        Ok(memo.sum(&self.parts)?)
    }
}
