//! Positions of scripted games as the engine sees them, and their values:
//! Grundy values and canonical forms by a memoised search on its own stack
//! (a line of play a million moves long does not touch the thread's stack),
//! each position's script run once, its value kept in the [`Context`] for
//! the next query. A position met again on its own line of play means the
//! game is loopy: the search stops with [`SearchError::Cycle`] and the
//! engine turns to retrograde analysis.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::game::ScriptGame;
use super::position::{Args, Value};
use super::ScriptError;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Impartial, ImpartialPosition};
use crate::component::{Context, Key, Partizan, PartizanPosition};
use crate::language::syntax::Arg;
use crate::partizan::Game;
use crate::solvers::mex::mex_naive;
use crate::solvers::search::SearchError;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Player;

/// A position of a scripted game.
#[derive(Clone)]
pub(crate) struct ScriptPosition {
    game: &'static ScriptGame,
    args: Args,
}

impl ScriptGame {
    /// The position a call such as `chomp(3,4)` names.
    pub fn build(&'static self, call: &Call<'_>) -> Result<Component, ExprError> {
        let usage = format!(
            "write {} with its position's integers, quoted strings or lists [1,2] \
             (as {} takes them)",
            self.example,
            self.path()
        );
        if let Some(params) = call.params() {
            let at = params
                .first()
                .and_then(|p| p.first())
                .map_or(call.name_span(), crate::component::spec::item_span);
            return Err(call.error(
                at,
                format!("'{}' takes no parameters in [...]", self.name),
                usage,
            ));
        }
        let args = call.args().unwrap_or(&[]);
        if args.is_empty() {
            return Err(call.error(
                call.span(),
                format!("'{}' needs its position", self.name),
                usage,
            ));
        }
        let values = args
            .iter()
            .map(|a| {
                Value::from_arg(a).map_err(|problem| call.error(Arg::span(a), problem, &usage))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.component(Args(values.into())))
    }

    /// `args` as a component of a sum.
    pub fn component(&'static self, args: Args) -> Component {
        let p = ScriptPosition { game: self, args };
        match self.kind {
            GameKind::Impartial => Component::Impartial(Arc::new(p)),
            GameKind::Partizan => Component::Partizan(Arc::new(p)),
        }
    }

    /// The Grundy value of `args` (an impartial game), memoised in `cx`.
    pub fn nimber_of(&'static self, args: &Args, cx: &mut Context) -> Result<u64, EvalError> {
        self.value_by(args, cx, &mut Impartially)
    }

    /// The canonical value of `args` (a partizan game), memoised in `cx`.
    pub fn value_of(&'static self, args: &Args, cx: &mut Context) -> Result<Game, EvalError> {
        self.value_by(args, cx, &mut Partizanly)
    }

    /// The value of `args` made `way`: the sum of its parts' values when
    /// the script's `parts` splits it, else by search.
    fn value_by<W: Valuing>(
        &'static self,
        args: &Args,
        cx: &mut Context,
        way: &mut W,
    ) -> Result<W::V, EvalError>
    where
        W::V: Send + Sync + 'static,
    {
        let budget = cx.budget().clone();
        let parts = self
            .split(args, Some(&budget))
            .map_err(eval)?
            .unwrap_or_else(|| vec![args.clone()]);
        let mut values = Vec::with_capacity(parts.len());
        for part in &parts {
            let memo = cx.cache::<Memos>().of::<W::V>(self);
            values.push(search(self, part, memo, &budget, way)?);
        }
        match values.as_slice() {
            [one] => Ok(*one),
            _ => way.sum(&values),
        }
    }

    /// The options of `args`, each split into its parts (as the script's
    /// `split` says).
    fn split_options(
        &self,
        args: &Args,
        player: Option<Player>,
        budget: &Budget,
    ) -> Result<Vec<Vec<Args>>, ScriptError> {
        let options = self.options(args, player, Some(budget))?;
        if self.hooks.split.is_none() && options.iter().all(|o| self.heaps_of(o).is_none()) {
            return Ok(options.into_iter().map(|o| vec![o]).collect());
        }
        options
            .into_iter()
            .map(|o| Ok(self.split(&o, Some(budget))?.unwrap_or_else(|| vec![o])))
            .collect()
    }
}

/// A script error as the engine reports it (a limit as a limit).
pub(super) fn eval(e: ScriptError) -> EvalError {
    EvalError::from(e)
}

/// The values of every scripted game met, by game, kept between queries.
#[derive(Default)]
struct Memos {
    tables: FxHashMap<(usize, std::any::TypeId), Box<dyn std::any::Any + Send + Sync>>,
}

/// The values of one game, and an estimate of their bytes.
struct Memo<V> {
    values: FxHashMap<Args, V>,
    bytes: u128,
}

impl Memos {
    fn of<V: Send + Sync + 'static>(&mut self, game: &'static ScriptGame) -> &mut Memo<V> {
        let key = (
            game as *const ScriptGame as usize,
            std::any::TypeId::of::<V>(),
        );
        self.tables
            .entry(key)
            .or_insert_with(|| {
                Box::new(Memo::<V> {
                    values: FxHashMap::default(),
                    bytes: 0,
                })
            })
            .downcast_mut::<Memo<V>>()
            .expect("the table of a key holds its type")
    }
}

/// How values are made from options: mex for impartial games, the
/// canonical form for partizan ones.
trait Valuing {
    type V: Copy;
    /// The players whose options a position lists (one pass for impartial games).
    fn players(&self) -> &'static [Option<Player>];
    /// The value of a position from its options' values, pass by pass.
    fn combine(&mut self, options: &[Vec<Self::V>]) -> Result<Self::V, EvalError>;
    /// The value of a sum of parts.
    fn sum(&mut self, parts: &[Self::V]) -> Result<Self::V, EvalError>;
}

struct Impartially;
struct Partizanly;

impl Valuing for Impartially {
    type V = u64;
    fn players(&self) -> &'static [Option<Player>] {
        &[None]
    }
    fn combine(&mut self, options: &[Vec<u64>]) -> Result<u64, EvalError> {
        Ok(mex_naive(&options[0]))
    }
    fn sum(&mut self, parts: &[u64]) -> Result<u64, EvalError> {
        Ok(parts.iter().fold(0, |a, b| a ^ b))
    }
}

impl Valuing for Partizanly {
    type V = Game;
    fn players(&self) -> &'static [Option<Player>] {
        &[Some(Player::Left), Some(Player::Right)]
    }
    fn combine(&mut self, options: &[Vec<Game>]) -> Result<Game, EvalError> {
        Ok(Game::from_options(&options[0], &options[1])?)
    }
    fn sum(&mut self, parts: &[Game]) -> Result<Game, EvalError> {
        Ok(Game::try_sum(parts)?)
    }
}

/// A position being valued: its options (each a list of parts) per pass,
/// and the values found so far.
struct Frame<V> {
    /// Bytes it holds: [`FRAME_BYTES`] and its position's and options'
    /// own sizes.
    held: u128,
    position: Args,
    /// Per player: the options, each split into parts.
    options: Vec<Vec<Vec<Args>>>,
    /// Which pass, option and part are next.
    pass: usize,
    option: usize,
    part: usize,
    /// Values of the parts of the current option.
    parts: Vec<V>,
    /// Per pass: the values of its options.
    values: Vec<Vec<V>>,
}

const WHAT: &str = "the values of a scripted game";
/// A rough size of what a frame of the search holds besides its slot on
/// the stack and its values' own sizes: the vectors of its options, and its
/// entry in the set of the line of play (measured: about 400 bytes for a
/// position with one option).
const FRAME_BYTES: u128 = 768;

/// The value of `root` by memoised search with an explicit stack.
fn search<W: Valuing>(
    game: &'static ScriptGame,
    root: &Args,
    memo: &mut Memo<W::V>,
    budget: &Budget,
    way: &mut W,
) -> Result<W::V, EvalError>
where
    W::V: Send + Sync + 'static,
{
    if let Some(&v) = memo.values.get(root) {
        return Ok(v);
    }
    let frame = |position: Args, way: &W| -> Result<Frame<W::V>, EvalError> {
        budget.tick(WHAT)?;
        // Each position is stored from here on (on the stack, then memoised).
        budget.charge(WHAT, 1)?;
        let options = way
            .players()
            .iter()
            .map(|&p| game.split_options(&position, p, budget))
            .collect::<Result<Vec<_>, _>>()
            .map_err(eval)?;
        // What the frame holds, by its values' own sizes: a position (and
        // its options) may be any size, so a fixed estimate per frame would
        // let a line of ever longer positions grow unseen.
        let held: usize = options
            .iter()
            .flatten()
            .flatten()
            .map(Args::bytes)
            .sum::<usize>()
            + position.bytes();
        Ok(Frame {
            held: FRAME_BYTES + held as u128,
            position,
            values: vec![Vec::new(); options.len()],
            options,
            pass: 0,
            option: 0,
            part: 0,
            parts: Vec::new(),
        })
    };
    let mut on_line: FxHashSet<Args> = FxHashSet::default();
    on_line.insert(root.clone());
    let first = frame(root.clone(), way)?;
    // The bytes the frames on the stack hold (see `Frame::held`).
    let mut held = first.held;
    budget.check_bytes(WHAT, memo.bytes + held)?;
    let mut stack = vec![first];
    loop {
        let top = stack.last_mut().expect("the stack ends only by returning");
        if top.pass < top.options.len() {
            let pass = &top.options[top.pass];
            if top.option == pass.len() {
                top.pass += 1;
                top.option = 0;
                continue;
            }
            let parts = &pass[top.option];
            if top.part == parts.len() {
                let v = way.sum(&top.parts)?;
                top.parts.clear();
                top.values[top.pass].push(v);
                top.option += 1;
                top.part = 0;
                continue;
            }
            let child = &parts[top.part];
            if let Some(&v) = memo.values.get(child) {
                top.parts.push(v);
                top.part += 1;
                continue;
            }
            if on_line.contains(child) {
                return Err(EvalError::Search(SearchError::Cycle {
                    position: game.written(child),
                }));
            }
            let child = child.clone();
            // The stack is the search's own (a line of play a million moves
            // long is fine): its frames count against the memory limit,
            // checked before the stack grows.
            if stack.len() == stack.capacity() {
                let cap = stack.len().saturating_mul(2).max(64);
                let slots =
                    (cap + stack.len()) as u128 * std::mem::size_of::<Frame<W::V>>() as u128;
                budget.check_bytes(WHAT, memo.bytes + held + slots)?;
                stack
                    .try_reserve_exact(cap - stack.len())
                    .map_err(|_| LimitError::Allocation {
                        what: WHAT.into(),
                        requested: slots,
                        limit: budget.limits().max_memory,
                    })?;
            }
            on_line.insert(child.clone());
            let f = frame(child, way)?;
            held += f.held;
            budget.check_bytes(WHAT, memo.bytes + held)?;
            stack.push(f);
            continue;
        }
        let done = stack.pop().expect("not empty");
        held -= done.held;
        let v = way.combine(&done.values)?;
        on_line.remove(&done.position);
        memo.bytes += done.position.bytes() as u128 + 48;
        budget.check_bytes(WHAT, memo.bytes)?;
        if memo.values.len() == memo.values.capacity() {
            let cap = budget.grown_capacity(memo.values.len()) as u128;
            let table = cap * (std::mem::size_of::<(Args, W::V)>() as u128 + 1) * 8 / 7;
            budget.check_bytes(WHAT, memo.bytes + table)?;
            memo.values
                .try_reserve(cap as usize - memo.values.len())
                .map_err(|_| LimitError::Allocation {
                    what: WHAT.into(),
                    requested: table,
                    limit: budget.limits().max_memory,
                })?;
        }
        memo.values.insert(done.position, v);
        match stack.last_mut() {
            Some(parent) => {
                parent.parts.push(v);
                parent.part += 1;
            }
            None => return Ok(v),
        }
    }
}

impl fmt::Debug for ScriptPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.game.written(&self.args))
    }
}

impl fmt::Display for ScriptPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.game.show(&self.args))
    }
}

impl ScriptPosition {
    fn key(&self) -> Key {
        Key::text(&self.game.ruleset, &self.args.written())
    }

    fn at(&self, args: Args) -> ScriptPosition {
        ScriptPosition {
            game: self.game,
            args,
        }
    }

    /// The options of `player` (impartial: `None`), visited until `visit`
    /// breaks; a script error is returned.
    fn visit_options<T>(
        &self,
        player: Option<Player>,
        budget: &Budget,
        visit: &mut dyn FnMut(T) -> ControlFlow<()>,
        wrap: fn(ScriptPosition) -> T,
    ) -> Result<ControlFlow<()>, EvalError> {
        let options = self
            .game
            .options(&self.args, player, Some(budget))
            .map_err(eval)?;
        Ok(options
            .into_iter()
            .try_for_each(|o| visit(wrap(self.at(o)))))
    }
}

fn impartial(p: ScriptPosition) -> Impartial {
    Arc::new(p)
}

fn partizan(p: ScriptPosition) -> Partizan {
    Arc::new(p)
}

fn script_position(c: &Component) -> Option<&ScriptPosition> {
    match c {
        Component::Impartial(p) => p.as_any()?.downcast_ref(),
        Component::Partizan(p) => p.as_any()?.downcast_ref(),
    }
}

/// A move of a scripted game in the script's own words (its `says`): the
/// `says` of every scripted game's declaration that gives one.
pub(super) fn script_says(
    before: &Component,
    after: &Component,
    _: Option<Player>,
) -> Option<String> {
    let (b, a) = (script_position(before)?, script_position(after)?);
    std::ptr::eq(b.game, a.game).then_some(())?;
    b.game.says(&b.args, &a.args)
}

impl ImpartialPosition for ScriptPosition {
    fn spec(&self) -> &'static GameSpec {
        self.game.spec
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        ScriptPosition::key(self)
    }

    /// The options, listed after the position's value was computed (so the
    /// script ran on them without error); a script that fails now (over a
    /// limit) ends the list early. [`Self::try_options`] reports it.
    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        let budget = Budget::new(self.game.file.limits);
        self.visit_options(None, &budget, visit, impartial)
            .unwrap_or(ControlFlow::Break(()))
    }

    fn try_options(
        &self,
        cx: &mut Context,
        visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let budget = cx.budget().clone();
        self.visit_options(None, &budget, visit, impartial)
    }

    fn split(&self) -> Option<Vec<Impartial>> {
        let budget = Budget::new(self.game.file.limits);
        let parts = self.game.split(&self.args, Some(&budget)).ok()??;
        Some(parts.into_iter().map(|p| impartial(self.at(p))).collect())
    }

    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        self.game.nimber_of(&self.args, cx).map(Nimber)
    }
}

impl PartizanPosition for ScriptPosition {
    fn spec(&self) -> &'static GameSpec {
        self.game.spec
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        ScriptPosition::key(self)
    }

    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let budget = Budget::new(self.game.file.limits);
        self.visit_options(Some(player), &budget, visit, partizan)
            .unwrap_or(ControlFlow::Break(()))
    }

    fn try_options_until(
        &self,
        player: Player,
        cx: &mut Context,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let budget = cx.budget().clone();
        self.visit_options(Some(player), &budget, visit, partizan)
    }

    fn value(&self, cx: &mut Context) -> Result<Game, EvalError> {
        self.game.value_of(&self.args, cx)
    }
}
