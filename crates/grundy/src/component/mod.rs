//! What a game is to the rest of grundy: the layer between the theory
//! (values, solvers) and the games, which the games implement and the
//! language, the engine and the front ends read, so that none of those
//! names a game and no game names them.
//!
//! - [`spec`]: a game's declaration ([`GameSpec`]) and the checked reading of
//!   its call ([`Call`]);
//! - [`ruleset`]: a built-in game written without its position, as `seq`,
//!   `table` and `verify` take it;
//! - [`error`]: the errors shared on the way from text to value;
//! - this module: a validated position ([`Component`]), an impartial or a
//!   partizan position behind a trait object, and the [`Context`] that holds
//!   the tables solvers keep between queries.
//!
//! A game file turns the text of a call such as `kayles(3,5)` or
//! `domineering("..|..")` into a [`Component`]. The engine, misère play,
//! compounds, `verify` and the reports work on these traits only.
//!
//! A position says what it is (its game, its identity [`Key`], how it
//! prints) and what its options are; where its game has them it also gives a
//! fast path — a closed form, a table, a period — through [`Context`].

pub mod drawing;
pub mod error;
pub mod figure;
pub mod ruleset;
pub mod spec;

pub use error::{EvalError, ExprError, ScriptError};
pub use ruleset::{BuiltinRuleset, HeapKind, HeapRules};
pub use spec::{Call, GameKind, GameSpec};

use std::any::{Any, TypeId};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::partizan;
use crate::solvers::search::Play;
use crate::vocab::budget::Budget;
use crate::vocab::limits::Limits;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::{Outcome, Player};

/// The identity of a position: two positions with equal keys are the same
/// position of the same game (and ruleset). Used by memo tables, plain
/// search and the deduplication of winning moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The ruleset as written without its position (`kayles`, `sub[1,3,4]`,
    /// `domineering`).
    pub ruleset: Arc<str>,
    /// The position's numbers (heaps, coordinates), if it is numeric.
    pub numbers: Box<[u64]>,
    /// The position's text (a board), if it is textual.
    pub text: Box<str>,
}

impl Key {
    /// The key of a numeric position.
    pub fn numbers(ruleset: &Arc<str>, numbers: &[u64]) -> Key {
        Key {
            ruleset: ruleset.clone(),
            numbers: numbers.into(),
            text: "".into(),
        }
    }

    /// The key of a position written as text.
    pub fn text(ruleset: &Arc<str>, text: &str) -> Key {
        Key {
            ruleset: ruleset.clone(),
            numbers: Box::new([]),
            text: text.into(),
        }
    }
}

/// An impartial position, shared.
pub type Impartial = Arc<dyn ImpartialPosition>;
/// A partizan position, shared.
pub type Partizan = Arc<dyn PartizanPosition>;

/// A position of an impartial game.
///
/// Required: what it is ([`spec`](Self::spec), [`key`](Self::key),
/// `Display` in the syntax it is written in), its [`options`](Self::options)
/// and its [`nimber`](Self::nimber). The other methods are fast paths with
/// correct defaults: a game overrides them where its theory gives more.
pub trait ImpartialPosition: Send + Sync + fmt::Debug + fmt::Display {
    /// The game this is a position of.
    fn spec(&self) -> &'static GameSpec;

    /// The position as its own type, for the code of its game (its words
    /// for a move, [`GameSpec::says`]): `None` where the game reads
    /// positions through [`key`](Self::key) alone.
    fn as_any(&self) -> Option<&dyn Any> {
        None
    }

    /// The position's identity.
    fn key(&self) -> Key;

    /// Whether this is the empty position of its game, printed as nothing in
    /// a sum (a Nim heap of 0).
    fn is_empty(&self) -> bool {
        false
    }

    /// Calls `visit` with each option. A position may itself be a sum within
    /// its game (`kayles(3,5)`), so an option is one position: a
    /// take-and-break move that leaves two heaps gives one position of two.
    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()>;

    /// [`options`](Self::options) within the query's budget, for games whose
    /// options can fail to be made (a scripted game's script): an analysis
    /// that must see every option (retrograde analysis) calls this one.
    fn try_options(
        &self,
        _cx: &mut Context,
        visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        Ok(self.options(visit))
    }

    /// The position's independent parts, if it falls apart into a sum
    /// (`nim(3,5)` into `nim(3)` and `nim(5)`). Plain search then memoises
    /// each part on its own. `None`: it does not split. The parts are not
    /// split again.
    fn split(&self) -> Option<Vec<Impartial>> {
        None
    }

    /// The Grundy value.
    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError>;

    /// For heaps of a take-and-break game: its rules and the heaps, so
    /// that misère sums can follow the game's misère quotient. `None`
    /// for other games.
    fn take_break_heaps(&self) -> Option<(&crate::takebreak::TakeBreak, &[u64])> {
        None
    }

    /// For heaps ([`Self::take_break_heaps`]): the position with heap `i`
    /// replaced by the heaps `parts` (a move), to write a winning move.
    fn with_heap_replaced(&self, _i: usize, _parts: &[u64]) -> Option<Impartial> {
        None
    }

    /// The Nim heaps this position equals as a game (not just in value), if
    /// it is a sum of Nim heaps: then misère play follows Bouton's rule
    /// (rook(x,y) is nim(x,y)).
    fn nim_heaps(&self) -> Option<Vec<u64>> {
        None
    }

    /// The outcome by a closed form, where one is known, for positions whose
    /// value is too costly to compute (Wythoff's queen far out). Used for
    /// compounds that need outcomes only. `None`: no closed form.
    fn closed_outcome(&self, _play: Play) -> Option<Outcome> {
        None
    }

    /// The winning moves of this position played alone, by a closed form,
    /// where one is known: what answers `misere(queen(x,y))` or a queen
    /// too far out for its table. `None`: no closed form.
    fn closed_winning_moves(&self, _play: Play) -> Option<Vec<Impartial>> {
        None
    }

    /// Calls `found` with each option whose Grundy value is `target`, until
    /// it breaks. The default computes every option's value; games override
    /// it with their own theory (Bouton for Nim, the table for pieces).
    fn options_with_value(
        &self,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let mut result = Ok(ControlFlow::Continue(()));
        let _ = self.options(&mut |o| {
            let value = cx.budget_tick().and_then(|()| o.nimber(cx));
            match value {
                Ok(v) if v == target => {
                    let flow = found(o);
                    if flow.is_break() {
                        result = Ok(ControlFlow::Break(()));
                    }
                    flow
                }
                Ok(_) => ControlFlow::Continue(()),
                Err(e) => {
                    result = Err(e);
                    ControlFlow::Break(())
                }
            }
        });
        result
    }
}

/// A position of a partizan game.
pub trait PartizanPosition: Send + Sync + fmt::Debug + fmt::Display {
    /// The game this is a position of.
    fn spec(&self) -> &'static GameSpec;

    /// The position as its own type, for the code of its game (its words
    /// for a move, [`GameSpec::says`]): `None` where the game reads
    /// positions through [`key`](Self::key) alone.
    fn as_any(&self) -> Option<&dyn Any> {
        None
    }

    /// The position's identity.
    fn key(&self) -> Key;

    /// Calls `visit` with each option of `player` until it breaks.
    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// [`options_until`](Self::options_until) within the query's budget, for
    /// games whose options can fail to be made (a scripted game's script).
    fn try_options_until(
        &self,
        player: Player,
        _cx: &mut Context,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        Ok(self.options_until(player, visit))
    }

    /// All the options of `player`.
    fn options(&self, player: Player) -> Vec<Partizan> {
        let mut out = Vec::new();
        let _ = self.options_until(player, &mut |o| {
            out.push(o);
            ControlFlow::Continue(())
        });
        out
    }

    /// The canonical value.
    fn value(&self, cx: &mut Context) -> Result<partizan::Game, EvalError>;

    /// Whether play from here may return to a position (a loopy game's
    /// rules: Fox and Geese): front ends then ask retrograde analysis what
    /// each move leads to. False by default; a script whose moves happen
    /// to cycle is found out when it is valued.
    fn may_cycle(&self) -> bool {
        false
    }
}

/// The negative `-G` of a partizan position: Left and Right exchanged. It
/// prints as `-G` (the board the user wrote, not its value), its options for
/// one player are the negatives of `G`'s options for the other, and its value
/// is the negative of `G`'s, computed when asked, within the query's budget.
#[derive(Debug)]
pub struct Negative(pub Partizan);

impl fmt::Display for Negative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "-{}", self.0)
    }
}

impl PartizanPosition for Negative {
    fn spec(&self) -> &'static GameSpec {
        self.0.spec()
    }

    fn as_any(&self) -> Option<&dyn Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        let inner = self.0.key();
        Key {
            ruleset: Arc::from(format!("-{}", inner.ruleset)),
            ..inner
        }
    }

    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0
            .options_until(player.opponent(), &mut |o| visit(Arc::new(Negative(o))))
    }

    fn value(&self, cx: &mut Context) -> Result<partizan::Game, EvalError> {
        Ok(self.0.value(cx)?.neg())
    }

    fn may_cycle(&self) -> bool {
        self.0.may_cycle()
    }
}

/// One summand of a game: a position of an impartial or a partizan game.
#[derive(Clone, Debug)]
pub enum Component {
    /// An impartial position.
    Impartial(Impartial),
    /// A partizan position.
    Partizan(Partizan),
}

impl Component {
    /// The game the position belongs to.
    pub fn spec(&self) -> &'static GameSpec {
        match self {
            Component::Impartial(p) => p.spec(),
            Component::Partizan(p) => p.spec(),
        }
    }

    /// The position's identity.
    pub fn key(&self) -> Key {
        match self {
            Component::Impartial(p) => p.key(),
            Component::Partizan(p) => p.key(),
        }
    }

    /// Whether the position is the empty one of its game (printed as nothing).
    pub fn is_empty(&self) -> bool {
        matches!(self, Component::Impartial(p) if p.is_empty())
    }

    /// Whether it is a position of a loopy game's rules
    /// ([`PartizanPosition::may_cycle`]).
    pub fn may_cycle(&self) -> bool {
        matches!(self, Component::Partizan(p) if p.may_cycle())
    }

    /// Whether the component is partizan.
    pub fn is_partizan(&self) -> bool {
        matches!(self, Component::Partizan(_))
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Component::Impartial(p) => p.fmt(f),
            Component::Partizan(p) => p.fmt(f),
        }
    }
}

impl PartialEq for Component {
    fn eq(&self, other: &Component) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Component {}

impl Hash for Component {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}

/// What solvers keep between queries (tables, sequences, memo tables of
/// canonical values), each under the type of its owner, and the limits in
/// force.
pub struct Context {
    limits: Limits,
    budget: Budget,
    caches: rustc_hash::FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
}

impl Context {
    /// An empty context with these limits.
    pub fn new(limits: Limits) -> Context {
        Context {
            limits,
            budget: Budget::new(limits),
            caches: Default::default(),
        }
    }

    /// The budget of the query under way: every solver a game runs takes it.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Starts a query with a fresh budget (its clock, its position count)
    /// sharing `template`'s cancel flag and progress sink.
    pub fn start(&mut self, template: &Budget) {
        self.budget.restart_from(template);
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Puts `limits` in force for the queries to come (the caches stay).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Runs `f` on this context with `budget` in place of the query's
    /// (a [`Budget::trial`]), and puts the query's back.
    pub fn within<T>(&mut self, budget: Budget, f: impl FnOnce(&mut Context) -> T) -> T {
        let query = std::mem::replace(&mut self.budget, budget);
        let result = f(self);
        self.budget = query;
        result
    }

    /// The cache of type `T` (made empty on first use). A game keeps its
    /// tables in a type of its own, so caches never collide.
    pub fn cache<T: Any + Send + Sync + Default>(&mut self) -> &mut T {
        self.caches
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("a cache is stored under its own type")
    }

    /// One step of a long scan: the time limit and the cancel flag are
    /// looked at now and then.
    pub fn budget_tick(&mut self) -> Result<(), EvalError> {
        Ok(self.budget.tick("listing options")?)
    }
}

/// Writes a sum as the language reads it: its empty components left out,
/// `0` when none is left.
pub fn write_sum(f: &mut fmt::Formatter<'_>, groups: &[Component]) -> fmt::Result {
    write_terms(f, groups, Component::to_string)
}

/// Writes a sum with each non-empty component written by `show`.
pub fn write_terms(
    f: &mut fmt::Formatter<'_>,
    groups: &[Component],
    show: impl Fn(&Component) -> String,
) -> fmt::Result {
    let shown: Vec<String> = groups.iter().filter(|g| !g.is_empty()).map(show).collect();
    if shown.is_empty() {
        f.write_str("0")
    } else {
        f.write_str(&shown.join(" + "))
    }
}
