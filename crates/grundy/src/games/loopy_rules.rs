//! A loopy partizan game given by its rules ([`LoopyRules`]) as a registry
//! position: its moves are the rules' moves; its canonical value exists
//! when its graph has no cycle, and otherwise it reports the cycle
//! ([`SearchError::Cycle`]), on which the front ends value it as a loopy
//! game ([`crate::engine::loopy_positions`]), alone or in sums.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::GameSpec;
use crate::component::EvalError;
use crate::component::{Component, Context, Key, Partizan, PartizanPosition};
use crate::loopy::{LoopyGame, LoopyRules};
use crate::partizan;
use crate::solvers::search::SearchError;
use crate::vocab::outcome::Player;

/// A position of the loopy game `R`, with its rules (which may carry
/// parameters: a board width).
pub struct LoopyPosition<R: LoopyRules> {
    spec: &'static GameSpec,
    ruleset: Arc<str>,
    rules: Arc<R>,
    position: R::Position,
}

impl<R> LoopyPosition<R>
where
    R: LoopyRules + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
{
    /// `position` of the game declared by `spec` under `rules`; `ruleset`
    /// is how the rules are written without the position (`fox_geese[10]`).
    pub fn component(
        spec: &'static GameSpec,
        ruleset: &str,
        rules: R,
        position: R::Position,
    ) -> Component {
        Component::Partizan(Arc::new(LoopyPosition {
            spec,
            ruleset: Arc::from(ruleset),
            rules: Arc::new(rules),
            position,
        }))
    }

    fn at(&self, position: R::Position) -> Partizan {
        Arc::new(LoopyPosition {
            spec: self.spec,
            ruleset: self.ruleset.clone(),
            rules: self.rules.clone(),
            position,
        })
    }
}

/// The position of the loopy game `R` that `c` holds, if it holds one (a
/// game's words for a move read its own positions through this).
pub fn loopy_position_of<R>(c: &Component) -> Option<&R::Position>
where
    R: LoopyRules + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
{
    match c {
        Component::Partizan(p) => p
            .as_any()?
            .downcast_ref::<LoopyPosition<R>>()
            .map(|l| &l.position),
        Component::Impartial(_) => None,
    }
}

impl<R: LoopyRules> fmt::Debug for LoopyPosition<R>
where
    R::Position: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

/// Written as the call that makes it (`fox_geese[10]("…")`), so that an
/// option printed by a front end reads back.
impl<R: LoopyRules> fmt::Display for LoopyPosition<R>
where
    R::Position: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(\"{}\")", self.ruleset, self.position)
    }
}

impl<R> PartizanPosition for LoopyPosition<R>
where
    R: LoopyRules + Send + Sync + 'static,
    R::Position: fmt::Display + Send + Sync,
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
        let mut out = Vec::new();
        self.rules
            .moves(&self.position, player == Player::Left, &mut out);
        for p in out {
            visit(self.at(p))?;
        }
        ControlFlow::Continue(())
    }

    fn may_cycle(&self) -> bool {
        true
    }

    /// The canonical value when no play returns to a position; a cycle is
    /// reported, for the loopy valuation to take over.
    fn value(&self, cx: &mut Context) -> Result<partizan::Game, EvalError> {
        let g = LoopyGame::from_rules(self.rules.as_ref(), self.position.clone(), cx.budget())?;
        g.to_short().ok_or_else(|| {
            EvalError::Search(SearchError::Cycle {
                position: self.to_string(),
            })
        })
    }
}
