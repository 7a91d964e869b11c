//! A game whose rules are a script: its declaration (name, kind, hooks) and
//! the calls into the script, each within the query's budget and each
//! error told with the file, line and column, the game, the position and
//! the hook being evaluated.

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use rhai::{Dynamic, EvalAltResult, FnPtr, Scope, AST};

use super::position::{describe, Args, Value};
use super::ScriptError;
use crate::component::spec::{GameKind, GameSpec};
use crate::vocab::budget::Budget;
use crate::vocab::limits::{LimitError, Limits};
use crate::vocab::outcome::Player;

/// A loaded script file: its sandboxed interpreter and compiled text,
/// shared by the games it defines.
pub struct ScriptFile {
    /// The file as named on the command line (for errors).
    pub path: String,
    pub(super) engine: rhai::Engine,
    pub(super) ast: AST,
    /// The limits the file was loaded with: they bound calls made outside
    /// any query (printing a position).
    pub(super) limits: Limits,
    /// For games whose functions live in another language (the Python
    /// package's `define`): what calls them.
    pub(super) host: Option<Arc<dyn Host>>,
}

/// The functions of games written in a language other than Rhai (Python,
/// through the Python package): the host calls the function a game gave
/// for a hook, with the position as the script would see it, and returns
/// what the function returned in the same terms, so that every check of
/// shapes, every error and every solver is the one scripts get.
pub trait Host: Send + Sync {
    /// Calls `game`'s function for `hook` (`moves`, `left`, `right`,
    /// `parts`, `show`, `claim`, `positions`) on `arg`, within `budget`
    /// when a query runs; `says` gets an array of two, the position and
    /// the option, to be passed as two arguments.
    fn call(
        &self,
        game: &str,
        hook: &str,
        arg: Dynamic,
        budget: Option<&Budget>,
    ) -> Result<Dynamic, HostError>;
}

/// Why a host's function gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostError {
    /// A limit of the query stopped it (time, cancel, memory).
    Limit(LimitError),
    /// The function failed (raised an exception) or returned what cannot
    /// be a position: the message says what.
    Failed(String),
}

impl fmt::Debug for ScriptFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptFile")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// A function of the script: named (`fn moves(p)`) or a function pointer
/// or closure given in a `game(#{...})` declaration.
#[derive(Clone, Debug)]
pub(super) enum Hook {
    Named(String),
    Pointer(FnPtr),
    /// A function the file's [`Host`] calls, by its hook's name.
    Host(&'static str),
}

/// The functions a scripted game declares. Impartial games give `moves`,
/// partizan games `left` and `right`; the rest are optional.
#[derive(Clone, Debug, Default)]
pub(super) struct Hooks {
    pub moves: Option<Hook>,
    pub left: Option<Hook>,
    pub right: Option<Hook>,
    pub split: Option<Hook>,
    pub show: Option<Hook>,
    pub claim: Option<Hook>,
    pub positions: Option<Hook>,
    pub says: Option<Hook>,
}

/// A game defined by a script (see the [module](super) documentation).
pub struct ScriptGame {
    pub(super) name: String,
    pub(super) kind: GameKind,
    pub(super) file: Arc<ScriptFile>,
    pub(super) hooks: Hooks,
    pub(super) spec: &'static GameSpec,
    pub(super) ruleset: Arc<str>,
    /// An example position as written (`chomp(3,4)`), or `name(...)`.
    pub(super) example: String,
    /// Whether the game is on heaps: its example is one integer. Then a
    /// position of several integers (`lieges(3,3)`) is the sum of those
    /// heaps, and a move may leave several heaps (an option `[3, 3]`).
    pub(super) heaps: bool,
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptGame")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("file", &self.file.path)
            .finish_non_exhaustive()
    }
}

/// A game is itself: loaded twice, a file makes two games.
impl PartialEq for ScriptGame {
    fn eq(&self, other: &ScriptGame) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for ScriptGame {}

impl std::hash::Hash for ScriptGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self, state)
    }
}

/// What `claim(p)` says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A Grundy value (an integer).
    Nimber(u64),
    /// An outcome class: `"P"`, `"N"`, `"L"` or `"R"`.
    Outcome(crate::vocab::outcome::Outcome),
    /// A loopy outcome for the player to move: `"win"`, `"loss"`, `"draw"`.
    Loopy(crate::solvers::loopy::LoopyOutcome),
    /// A canonical value in CGSuite notation (`"1/2"`, `"{1|*}"`).
    Value(crate::partizan::Game),
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Nimber(n) => write!(f, "*{n}"),
            Claim::Outcome(o) => write!(f, "{o}"),
            Claim::Loopy(o) => write!(f, "{o}"),
            Claim::Value(g) => write!(f, "{g}"),
        }
    }
}

thread_local! {
    /// The budget of the call running on this thread, looked at by the
    /// interpreter's progress callback; and the limit it stopped on.
    static CURRENT: RefCell<Option<Budget>> = const { RefCell::new(None) };
    static STOPPED: RefCell<Option<LimitError>> = const { RefCell::new(None) };
    /// The call running on this thread: the thread's live bytes when it
    /// started ([`crate::alloc::thread_live_bytes`]) and the bytes it may
    /// add (`--max-memory`); a limit of 0 when no call runs.
    static CALL_MEMORY: std::cell::Cell<(isize, u64)> = const { std::cell::Cell::new((0, 0)) };
}

/// Holds a call's memory to `limit` bytes from now on, until the guard drops.
pub(super) struct Metered((isize, u64));

impl Metered {
    pub(super) fn new(limit: u64) -> Metered {
        let now = crate::alloc::thread_live_bytes();
        Metered(CALL_MEMORY.with(|c| c.replace((now, limit))))
    }
}

impl Drop for Metered {
    fn drop(&mut self) {
        CALL_MEMORY.with(|c| c.set(self.0));
    }
}

/// The memory-limit error when the running call's values took more than
/// its limit (counted by [`crate::alloc::Counting`] where it is installed).
fn over_memory() -> Option<LimitError> {
    let (start, limit) = CALL_MEMORY.with(std::cell::Cell::get);
    if limit == 0 {
        return None;
    }
    let used = crate::alloc::thread_live_bytes().saturating_sub(start);
    (used > 0 && used as u64 > limit).then(|| LimitError::Memory {
        what: String::new(),
        needed: used as u128,
        limit,
    })
}

/// How often (in operations) the progress callback looks at the budget.
const CHECK_EVERY: u64 = 1 << 12;

/// The interpreter's progress callback: stops a call over the operation
/// limit, the time limit, or cancelled. Returns the token that stops it.
pub(super) fn on_progress(operations: u64, load_limit: u64) -> Option<Dynamic> {
    // Every operation: one may allocate an array of millions of values, and
    // a few dozen of them exhaust the machine before the next check.
    if let Some(stop) = over_memory() {
        STOPPED.with(|s| *s.borrow_mut() = Some(stop));
        return Some(Dynamic::UNIT);
    }
    if !operations.is_multiple_of(CHECK_EVERY) {
        return None;
    }
    let stop = CURRENT.with(|current| match &*current.borrow() {
        Some(budget) => {
            let limit = budget.limits().max_script_ops;
            if operations > limit {
                return Some(LimitError::ScriptOperations {
                    what: String::new(),
                    limit,
                });
            }
            budget.check_now("a script").err()
        }
        None if operations > load_limit => Some(LimitError::ScriptOperations {
            what: String::new(),
            limit: load_limit,
        }),
        None => None,
    })?;
    STOPPED.with(|s| *s.borrow_mut() = Some(stop));
    Some(Dynamic::UNIT)
}

/// Sets the budget of the calls made while it lives on this thread.
pub(super) struct Entered(Option<Budget>);

/// Runs the calls made on this thread, until the guard drops, within `budget`.
pub(super) fn enter(budget: &Budget) -> Entered {
    Entered::new(budget)
}

impl Entered {
    fn new(budget: &Budget) -> Entered {
        Entered(CURRENT.with(|c| c.borrow_mut().replace(budget.clone())))
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        let previous = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// The stack a script call may need: the interpreter recurses on the
/// thread's stack, about 60 KiB a nested call in a debug build and a tenth
/// of it optimised, for at most [`super::load::MAX_SCRIPT_CALLS`] calls
/// and as deep expressions.
const SCRIPT_STACK: usize = 8 << 20;

/// Runs `f` with at least [`SCRIPT_STACK`] of stack left: on the thread's
/// own stack when it has that much (the command's work thread), on a
/// fresh segment otherwise (a test's or a server's 2 MiB thread), so that
/// a deeply recursive script ends in its depth error, never a crash.
pub(super) fn on_enough_stack<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(SCRIPT_STACK, 2 * SCRIPT_STACK, f)
}

/// Where the error of a script stands, and what it says, with the
/// interpreter's wrappers (a call inside a call) taken off.
fn innermost(e: &EvalAltResult) -> (&EvalAltResult, rhai::Position) {
    let mut e = e;
    let mut pos = e.position();
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, at) = e {
        if !at.is_none() {
            pos = *at;
        }
        e = inner;
        if !e.position().is_none() {
            pos = e.position();
        }
    }
    (e, pos)
}

impl ScriptGame {
    /// The game's name, as it is written in expressions.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Impartial or partizan.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The file it was loaded from.
    pub fn path(&self) -> &str {
        &self.file.path
    }

    /// The game's declaration in the registry.
    pub fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    /// Whether the script declares a claimed value (`claim`).
    pub fn has_claim(&self) -> bool {
        self.hooks.claim.is_some()
    }

    /// Whether the script lists positions of a size (`positions`).
    pub fn has_positions(&self) -> bool {
        self.hooks.positions.is_some()
    }

    /// How many integers a position holds, if its example says (`chomp(3,4)`: 2).
    pub fn coordinates(&self) -> Option<usize> {
        let args = self.example_args()?;
        args.0
            .iter()
            .all(|v| matches!(v, Value::Int(_)))
            .then_some(args.0.len())
    }

    /// The shape of the example's position when `verify` can list every
    /// position of that shape up to a bound: integers, or one array of
    /// integers (one integer when the game gives no example); `None` for
    /// any other (a string, nested lists).
    pub(super) fn enumerable_shape(&self) -> Option<super::claim::Enumerable> {
        use super::claim::Enumerable;
        let Some(args) = self.example_args() else {
            return Some(Enumerable::Integers(1));
        };
        let ints = |values: &[Value]| values.iter().all(|v| matches!(v, Value::Int(_)));
        match &args.0[..] {
            [Value::List(items)] if ints(items) && !items.is_empty() => {
                Some(Enumerable::Array(items.len()))
            }
            values if ints(values) => Some(Enumerable::Integers(values.len().max(1))),
            _ => None,
        }
    }

    /// The example as written (`moore([1,2,3])`).
    pub(super) fn example_written(&self) -> &str {
        &self.example
    }

    /// The example's position (`chomp(3,4)`: `3,4`), if it reads as one.
    fn example_args(&self) -> Option<Args> {
        let expr = crate::language::syntax::parse_expr(&self.example).ok()?;
        let [term] = expr.terms.as_slice() else {
            return None;
        };
        let values = term
            .args
            .as_deref()?
            .iter()
            .map(|a| Value::from_arg(a).ok())
            .collect::<Option<Vec<_>>>()?;
        Some(Args(values.into()))
    }

    /// How `position` is written: `name(3,4)`.
    pub fn written(&self, position: &Args) -> String {
        format!("{}({})", self.name, position.written())
    }

    /// Calls `hook` (named `what` in errors) on `arg`, for `position`.
    fn call(
        &self,
        hook: &Hook,
        what: &str,
        arg: Dynamic,
        position: &dyn Fn() -> String,
        budget: Option<&Budget>,
    ) -> Result<Dynamic, ScriptError> {
        self.call_with(hook, what, vec![arg], position, budget)
    }

    /// Calls `hook` on `args` (a host gets them as one array when there
    /// are several).
    fn call_with(
        &self,
        hook: &Hook,
        what: &str,
        mut args: Vec<Dynamic>,
        position: &dyn Fn() -> String,
        budget: Option<&Budget>,
    ) -> Result<Dynamic, ScriptError> {
        let file = &*self.file;
        if let (Hook::Host(name), Some(host)) = (hook, &file.host) {
            let arg = match args.len() {
                1 => args.pop().unwrap_or(Dynamic::UNIT),
                _ => Dynamic::from_array(args),
            };
            return host
                .call(&self.name, name, arg, budget)
                .map_err(|e| match e {
                    HostError::Limit(l) => ScriptError::Limit(with_what(
                        l,
                        &format!("{what}({}) of game '{}'", position(), self.name),
                    )),
                    HostError::Failed(message) => ScriptError::Runtime {
                        place: file.path.clone(),
                        game: self.name.clone(),
                        call: format!("{what}({})", position()),
                        message,
                    },
                });
        }
        let _entered = budget.map(Entered::new);
        let limits = budget.map_or(&self.file.limits, |b| b.limits());
        let _metered = Metered::new(limits.max_memory);
        let result = on_enough_stack(|| match hook {
            Hook::Named(name) => file.engine.call_fn_with_options::<Dynamic>(
                rhai::CallFnOptions::new().eval_ast(false),
                &mut Scope::new(),
                &file.ast,
                name,
                args.clone(),
            ),
            Hook::Pointer(f) => f.call::<Dynamic>(&file.engine, &file.ast, args.clone()),
            Hook::Host(name) => Err(format!("no host calls the function {name}").into()),
        });
        result.map_err(|e| self.error(&e, what, &position()))
    }

    /// A script error as grundy reports it.
    fn error(&self, e: &EvalAltResult, what: &str, position: &str) -> ScriptError {
        let call = format!("{what}({position})");
        script_error(
            &self.file.path,
            e,
            &self.file.limits,
            Some((&self.name, &call)),
        )
    }

    /// The options of `position`: for `player` in a partizan game, the
    /// moves of an impartial one (`player` ignored).
    pub fn options(
        &self,
        position: &Args,
        player: Option<Player>,
        budget: Option<&Budget>,
    ) -> Result<Vec<Args>, ScriptError> {
        let (hook, what) = match (self.kind, player) {
            (GameKind::Partizan, Some(Player::Right)) => (&self.hooks.right, "right"),
            (GameKind::Partizan, _) => (&self.hooks.left, "left"),
            (GameKind::Impartial, _) => (&self.hooks.moves, "moves"),
        };
        let Some(hook) = hook else {
            return Ok(Vec::new());
        };
        if let Some(heaps) = self.heaps_of(position) {
            return self.options_of_heaps(heaps, player, budget);
        }
        let shown = || position.written();
        let list = self.call(hook, what, position.to_dynamic(), &shown, budget)?;
        self.positions_in(list, what, position)
    }

    /// The heaps of `position` when it is a sum of several heaps of a game
    /// on heaps (`lieges(3,3)`).
    pub(super) fn heaps_of<'a>(&self, position: &'a Args) -> Option<&'a [Value]> {
        (self.heaps && position.0.len() > 1).then_some(&position.0[..])
    }

    /// The options of a sum of heaps: a move in one heap, the others kept
    /// (each heap size moved in once, however often it occurs).
    fn options_of_heaps(
        &self,
        heaps: &[Value],
        player: Option<Player>,
        budget: Option<&Budget>,
    ) -> Result<Vec<Args>, ScriptError> {
        let mut out = Vec::new();
        for (i, heap) in heaps.iter().enumerate() {
            if heaps[..i].contains(heap) {
                continue;
            }
            let one = Args(Arc::from([heap.clone()]));
            for option in self.options(&one, player, budget)? {
                let rest = heaps[..i].iter().chain(&heaps[i + 1..]).cloned();
                let mut sum: Vec<Value> = rest.chain(option.0.iter().cloned()).collect();
                sum.sort();
                out.push(Args(sum.into()));
            }
        }
        Ok(out)
    }

    /// The positions in an array `list` returned by `what` for `position`.
    fn positions_in(
        &self,
        list: Dynamic,
        what: &str,
        position: &Args,
    ) -> Result<Vec<Args>, ScriptError> {
        let returned = |found: String, accepted: String| ScriptError::Returned {
            file: self.file.path.clone(),
            game: self.name.clone(),
            call: format!("{what}({})", position.written()),
            found,
            accepted,
        };
        let Some(items) = list.read_lock::<rhai::Array>() else {
            return Err(returned(
                describe(&list),
                format!(
                    "{what} returns an array of positions, like [{}]",
                    position.written()
                ),
            ));
        };
        // In a game on heaps, a move may leave several heaps: an array of
        // heap sizes (Lieges of Legendre: a heap of 2x becomes k heaps of x).
        let several = self.heaps && what != "parts";
        items
            .iter()
            .map(|item| {
                if several && item.is_array() {
                    return self.heaps_in(item).map_err(|found| {
                        returned(
                            format!("an option {found}"),
                            "an option of a game on heaps is a heap size, or an array of the \
                             heap sizes a move leaves, like [3, 3]"
                                .to_string(),
                        )
                    });
                }
                Args::from_dynamic_like(item, position).map_err(|found| {
                    returned(
                        format!("an option {found}"),
                        format!(
                            "each option is written like the position, as {}",
                            position.to_dynamic()
                        ),
                    )
                })
            })
            .collect()
    }

    /// The heaps a move of a game on heaps leaves, written as an array:
    /// at least one, each an integer.
    fn heaps_in(&self, item: &Dynamic) -> Result<Args, String> {
        let Some(items) = item.read_lock::<rhai::Array>() else {
            return Err(describe(item));
        };
        if items.is_empty() {
            return Err("[] (no heaps: write 0 for a move that leaves nothing)".to_string());
        }
        let mut heaps = items
            .iter()
            .map(|h| h.as_int().map(Value::Int).map_err(|_| describe(item)))
            .collect::<Result<Vec<_>, _>>()?;
        heaps.sort();
        Ok(Args(heaps.into()))
    }

    /// The independent parts of `position`, if it splits into more than
    /// one: a sum of heaps of a game on heaps into its heaps, and what the
    /// script's `parts` says of each.
    pub fn split(
        &self,
        position: &Args,
        budget: Option<&Budget>,
    ) -> Result<Option<Vec<Args>>, ScriptError> {
        if let Some(heaps) = self.heaps_of(position) {
            let mut parts = Vec::new();
            for heap in heaps {
                let one = Args(Arc::from([heap.clone()]));
                match self.split(&one, budget)? {
                    Some(more) => parts.extend(more),
                    None => parts.push(one),
                }
            }
            return Ok(Some(parts));
        }
        let Some(hook) = &self.hooks.split else {
            return Ok(None);
        };
        let shown = || position.written();
        let parts = self.call(hook, "parts", position.to_dynamic(), &shown, budget)?;
        if parts.is_unit() {
            return Ok(None);
        }
        let parts = self.positions_in(parts, "parts", position)?;
        Ok((parts.len() != 1 || parts[0] != *position).then_some(parts))
    }

    /// How `position` prints: the script's `show`, or its call.
    pub fn show(&self, position: &Args) -> String {
        if let Some(heaps) = self.heaps_of(position) {
            if self.hooks.show.is_some() {
                return heaps
                    .iter()
                    .map(|h| self.show(&Args(Arc::from([h.clone()]))))
                    .collect::<Vec<_>>()
                    .join(" + ");
            }
        }
        let written = || self.written(position);
        let Some(hook) = &self.hooks.show else {
            return written();
        };
        let shown = || position.written();
        let budget = Budget::new(self.file.limits);
        match self.call(hook, "show", position.to_dynamic(), &shown, Some(&budget)) {
            Ok(d) if d.is_string() => d.to_string(),
            _ => written(),
        }
    }

    /// How a player says the move from `position` to `option`, if the
    /// script has a `says` and it answers with a string (otherwise the
    /// page and the answers fall back to naming the position reached).
    pub fn says(&self, position: &Args, option: &Args) -> Option<String> {
        let hook = self.hooks.says.as_ref()?;
        let shown = || format!("{}, {}", position.written(), option.written());
        let budget = Budget::new(self.file.limits);
        let args = vec![position.to_dynamic(), option.to_dynamic()];
        match self.call_with(hook, "says", args, &shown, Some(&budget)) {
            Ok(d) if d.is_string() => Some(d.to_string()),
            _ => None,
        }
    }

    /// What the script claims of `position`, if it has a `claim`.
    pub fn claim(
        &self,
        position: &Args,
        budget: Option<&Budget>,
    ) -> Result<Option<Claim>, ScriptError> {
        let Some(hook) = &self.hooks.claim else {
            return Ok(None);
        };
        let shown = || position.written();
        let d = self.call(hook, "claim", position.to_dynamic(), &shown, budget)?;
        let accepted = "claim returns a Grundy value (an integer from 0), an outcome \
                        (\"P\", \"N\", \"L\", \"R\"; \"win\", \"loss\", \"draw\" for loopy games) \
                        or a value in CGSuite notation (\"1/2\", \"{1|*}\")";
        let returned = |found: String| ScriptError::Returned {
            file: self.file.path.clone(),
            game: self.name.clone(),
            call: format!("claim({})", position.written()),
            found,
            accepted: accepted.into(),
        };
        if let Ok(n) = d.as_int() {
            return u64::try_from(n)
                .map(|n| Some(Claim::Nimber(n)))
                .map_err(|_| returned(describe(&d)));
        }
        if !d.is_string() {
            return Err(returned(describe(&d)));
        }
        let text = d.to_string();
        Ok(Some(match text.as_str() {
            "P" => Claim::Outcome(crate::vocab::outcome::Outcome::P),
            "N" => Claim::Outcome(crate::vocab::outcome::Outcome::N),
            "L" => Claim::Outcome(crate::vocab::outcome::Outcome::L),
            "R" => Claim::Outcome(crate::vocab::outcome::Outcome::R),
            "win" => Claim::Loopy(crate::solvers::loopy::LoopyOutcome::Win),
            "loss" => Claim::Loopy(crate::solvers::loopy::LoopyOutcome::Loss),
            "draw" => Claim::Loopy(crate::solvers::loopy::LoopyOutcome::Draw),
            other => Claim::Value(
                crate::partizan::Game::parse(other).map_err(|_| returned(describe(&d)))?,
            ),
        }))
    }

    /// The positions the script lists for `size` (its `positions` hook),
    /// each checked to be a list of arguments.
    pub fn positions(
        &self,
        size: u64,
        budget: Option<&Budget>,
    ) -> Result<Option<Vec<Args>>, ScriptError> {
        let Some(hook) = &self.hooks.positions else {
            return Ok(None);
        };
        let n = i64::try_from(size).unwrap_or(i64::MAX);
        let shown = || size.to_string();
        let list = self.call(hook, "positions", Dynamic::from_int(n), &shown, budget)?;
        let returned = |found: String| ScriptError::Returned {
            file: self.file.path.clone(),
            game: self.name.clone(),
            call: format!("positions({size})"),
            found,
            accepted: "positions returns an array of positions, each as the script's \
                       functions take it"
                .into(),
        };
        let Some(items) = list.read_lock::<rhai::Array>() else {
            return Err(returned(describe(&list)));
        };
        // Each position has the example's shape (two integers for
        // `knight_corner(5,4)`), or else is one value.
        let like = self.example_args();
        items
            .iter()
            .map(|d| match &like {
                Some(like) => Args::from_dynamic_like(d, like),
                None => Value::from_dynamic(d).map(|v| Args(Arc::from([v]))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
            .map_err(returned)
    }
}

/// An error of the interpreter as grundy reports it: where in `path`, and
/// for a call, the game and the function with its position (`game`,
/// `moves(7)`); a stop by a limit as that limit's error.
fn script_error(
    path: &str,
    e: &EvalAltResult,
    limits: &Limits,
    call: Option<(&str, &str)>,
) -> ScriptError {
    let (inner, at) = innermost(e);
    let place = super::load::place(path, at);
    let context = match call {
        Some((game, call)) => format!("{call} of game '{game}' ({place})"),
        None => format!("loading {place}"),
    };
    let limit = match inner {
        EvalAltResult::ErrorTerminated(..) => STOPPED.with(|s| s.borrow_mut().take()),
        EvalAltResult::ErrorTooManyOperations(_) => Some(LimitError::ScriptOperations {
            what: String::new(),
            limit: limits.max_script_ops,
        }),
        _ => None,
    };
    let mut message = message_of(inner);
    if let EvalAltResult::ErrorDataTooLarge(..) = inner {
        message.push_str(" (a script's arrays and strings are bounded by --max-memory)");
    }
    if let EvalAltResult::ErrorStackOverflow(_) = inner {
        message = format!(
            "its function calls nest deeper than {}, the limit of scripts (the smaller of {} and \
             --max-depth)",
            super::load::MAX_SCRIPT_CALLS.min(limits.max_depth),
            super::load::MAX_SCRIPT_CALLS
        );
    }
    match (limit, call) {
        (Some(l), _) => ScriptError::Limit(with_what(l, &context)),
        (None, Some((game, call))) => ScriptError::Runtime {
            place,
            game: game.to_string(),
            call: call.to_string(),
            message,
        },
        (None, None) => ScriptError::Syntax {
            place,
            message: format!("while loading: {message}"),
        },
    }
}

/// An error raised while the file's top level runs.
pub(super) fn load_error(path: &str, e: &EvalAltResult, limits: &Limits) -> ScriptError {
    script_error(path, e, limits, None)
}

/// A limit error told with what was being evaluated.
fn with_what(e: LimitError, context: &str) -> LimitError {
    match e {
        LimitError::ScriptOperations { limit, .. } => LimitError::ScriptOperations {
            what: context.into(),
            limit,
        },
        LimitError::Depth { limit, .. } => LimitError::Depth {
            what: format!("{context}: its calls"),
            limit,
        },
        LimitError::Time { limit, elapsed, .. } => LimitError::Time {
            what: context.into(),
            limit,
            elapsed,
        },
        LimitError::Cancelled { .. } => LimitError::Cancelled {
            what: context.into(),
        },
        LimitError::Memory { needed, limit, .. } => LimitError::Memory {
            what: format!("{context}: its values"),
            needed,
            limit,
        },
        other => other,
    }
}

/// The interpreter's message without the position it appends (grundy
/// puts the place first).
fn message_of(e: &EvalAltResult) -> String {
    let text = e.to_string();
    match text.rfind(" (line ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}
