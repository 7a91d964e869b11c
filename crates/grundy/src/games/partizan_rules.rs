//! A partizan game given by its rules ([`PartizanRules`]) as a registry
//! position: values come from one [`CanonicalSolver`] per game, kept in the
//! [`Context`] so a sum's components (and the next query) share its memo,
//! or from the game's own closed form where it declares one.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::GameSpec;
use crate::component::EvalError;
use crate::component::{Component, Context, Key, Partizan, PartizanPosition};
use crate::partizan::{self, CanonicalSolver, PartizanRules};
use crate::vocab::outcome::Player;

/// A closed form for a game's positions: their canonical value without
/// search, or `None` for a position it does not cover (then searched).
pub type ClosedForm<R> =
    fn(&<R as PartizanRules>::Position) -> Option<Result<partizan::Game, partizan::Error>>;

/// A position of the partizan game `R`.
pub struct RulesPosition<R: PartizanRules> {
    spec: &'static GameSpec,
    ruleset: Arc<str>,
    closed_form: Option<ClosedForm<R>>,
    position: R::Position,
}

impl<R> RulesPosition<R>
where
    R: PartizanRules + Default + Send + Sync + 'static,
    R::Position: Send + Sync,
{
    /// `position` of the game declared by `spec`, valued by `closed_form`
    /// where given and by canonical search otherwise.
    pub fn component(
        spec: &'static GameSpec,
        closed_form: Option<ClosedForm<R>>,
        position: R::Position,
    ) -> Component {
        Component::Partizan(Arc::new(RulesPosition::<R> {
            spec,
            ruleset: Arc::from(spec.name),
            closed_form,
            position,
        }))
    }

    fn at(&self, position: R::Position) -> Partizan {
        Arc::new(RulesPosition::<R> {
            spec: self.spec,
            ruleset: self.ruleset.clone(),
            closed_form: self.closed_form,
            position,
        })
    }
}

/// The canonical solver of game `R`, made on first use.
struct Solver<R: PartizanRules>(Option<CanonicalSolver<R>>);

impl<R: PartizanRules> Default for Solver<R> {
    fn default() -> Self {
        Solver(None)
    }
}

impl<R: PartizanRules> fmt::Debug for RulesPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position)
    }
}

impl<R: PartizanRules> fmt::Display for RulesPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position)
    }
}

impl<R> PartizanPosition for RulesPosition<R>
where
    R: PartizanRules + Default + Send + Sync + 'static,
    R::Position: Send + Sync,
{
    fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    fn key(&self) -> Key {
        Key::text(&self.ruleset, &self.position.to_string())
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        R::default().options_until(&self.position, player, &mut |p| visit(self.at(p)))
    }

    fn value(&self, cx: &mut Context) -> Result<partizan::Game, EvalError> {
        if let Some(value) = self.closed_form.and_then(|f| f(&self.position)) {
            return Ok(value?);
        }
        let budget = cx.budget().clone();
        let solver = cx.cache::<Solver<R>>();
        let canonical = solver
            .0
            .get_or_insert_with(|| CanonicalSolver::with_budget(R::default(), &budget));
        canonical.set_budget(&budget);
        Ok(canonical.value(&self.position)?)
    }
}

/// The position of game `R` that `c` holds, if it holds one (a game's
/// words for a move read its own positions through this).
pub fn position_of<R>(c: &Component) -> Option<&R::Position>
where
    R: PartizanRules + Default + Send + Sync + 'static,
    R::Position: Send + Sync,
{
    match c {
        Component::Partizan(p) => p
            .as_any()?
            .downcast_ref::<RulesPosition<R>>()
            .map(|r| &r.position),
        Component::Impartial(_) => None,
    }
}

/// Reads a call of a game whose position is one quoted string
/// (`domineering("..|..")`), with `parse` turning the text into a position.
pub fn string_position<R>(
    call: &crate::component::spec::Call<'_>,
    spec: &'static GameSpec,
    parse: fn(&str) -> Result<R::Position, partizan::Error>,
    closed_form: Option<ClosedForm<R>>,
) -> Result<Component, crate::component::ExprError>
where
    R: PartizanRules + Default + Send + Sync + 'static,
    R::Position: Send + Sync,
{
    let (text, at) = call.string(spec.example)?;
    let position = parse(text).map_err(|e| {
        let accepted = format!("a position written as in {}", spec.example);
        crate::component::spec::partizan_error(at, e, &accepted)
    })?;
    Ok(RulesPosition::<R>::component(spec, closed_form, position))
}
