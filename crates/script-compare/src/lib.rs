//! Which scripting language should users write game rules in? This crate
//! measures the candidates on one game, with everything but the rule itself
//! done in Rust, so the figures compare the languages and nothing else.
//!
//! The game is the subtraction game {1, 3, 4}: from a heap of `n` a move takes
//! 1, 3 or 4 counters. A script supplies `moves(n)`, the list of heaps one move
//! away; [`grundy_values`] calls it for every `n` below a bound and takes the
//! mex of the values already found. Its Grundy sequence is 0, 1, 0, 1, 2, 3, 2
//! repeating with period 7 ([`expected_value`]), so every run checks itself.
//!
//! ```
//! use script_compare::{
//!     expected_value, grundy_values, LuaMoves, RhaiMoves, StarlarkMoves, LUA_MOVES, RHAI_MOVES,
//!     STARLARK_MOVES,
//! };
//!
//! let mut rhai = RhaiMoves::try_new(RHAI_MOVES).unwrap();
//! let g = grundy_values(100, |n, out| rhai.moves(n, out)).unwrap();
//! assert!(g.iter().enumerate().all(|(n, &v)| v == expected_value(n as u64)));
//!
//! let mut lua = LuaMoves::try_new(LUA_MOVES).unwrap();
//! assert_eq!(grundy_values(100, |n, out| lua.moves(n, out)).unwrap(), g);
//!
//! // Starlark values live on a heap per batch, so the caller is lent to a closure.
//! let starlark = StarlarkMoves::try_new(STARLARK_MOVES).unwrap();
//! assert_eq!(starlark.with_moves(|moves| grundy_values(100, moves)).unwrap(), g);
//! ```
//!
//! Each language runs sandboxed the way a rule would run in grundy: no files,
//! no clock, no network, and a budget of operations per call
//! ([`OPERATION_LIMIT`]) so that a rule that loops forever ends with an error
//! instead of hanging the engine. Lua's and Starlark's limit errors name the
//! line; Rhai's does not (see `tests/errors.rs` and the README).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rhai::CallFnOptions;

/// The rule in Rhai.
pub const RHAI_MOVES: &str =
    "fn moves(n) { let out = []; for k in [1, 3, 4] { if k <= n { out.push(n - k); } } out }";

/// The same rule in Lua; `out[#out + 1]` is Lua's idiom for a push.
pub const LUA_MOVES: &str = "function moves(n)
  local out = {}
  for _, k in ipairs({1, 3, 4}) do
    if k <= n then out[#out + 1] = n - k end
  end
  return out
end";

/// Operations (Rhai), VM instructions (Lua) or statements (Starlark) one call
/// of a rule may take before it is stopped. One call of the rules here takes
/// well under a hundred; a thousand times that still stops a runaway call
/// within milliseconds.
pub const OPERATION_LIMIT: u64 = 100_000;

/// How often, in Lua VM instructions, the budget hook runs. A hook on every
/// instruction costs more than the rule itself; every thousandth is cheap and
/// overshoots the budget by under a thousand instructions.
const LUA_HOOK_EVERY: u32 = 1000;

/// The Grundy value of heap `n` in the subtraction game {1, 3, 4}: the period
/// 7 sequence 0, 1, 0, 1, 2, 3, 2. By hand: G(n) is the mex of G(n-1),
/// G(n-3), G(n-4), so from n = 4 on it depends only on the four values
/// before it; G(4..8) = 2, 3, 2, 0 comes back as G(11..15), and G(0..4) =
/// G(7..11) = 0, 1, 0, 1.
pub fn expected_value(n: u64) -> u32 {
    [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize]
}

/// The Grundy values G(0), ..., G(bound - 1), asking `moves(n, out)` for the
/// options of each heap `n` in increasing order. `moves` fills `out` (cleared
/// before each call) with option heaps, all of which must be smaller than `n`.
///
/// The table, the mex and the option buffer are the same for every language,
/// so a comparison of two `moves` measures the two languages.
///
/// # Errors
///
/// The first error `moves` returns, or [`ScriptError::BadOption`] for an
/// option that is negative or not below its heap.
pub fn grundy_values(
    bound: u64,
    mut moves: impl FnMut(i64, &mut Vec<i64>) -> Result<(), ScriptError>,
) -> Result<Vec<u32>, ScriptError> {
    let mut values: Vec<u32> = Vec::with_capacity(bound as usize);
    let mut options = Vec::new();
    // Values seen among the options of one heap; an option set of k heaps has
    // mex at most k, so the vector stays as short as the longest option list.
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..bound as i64 {
        options.clear();
        moves(n, &mut options)?;
        seen.clear();
        seen.resize(options.len() + 1, false);
        for &m in &options {
            if !(0..n).contains(&m) {
                return Err(ScriptError::BadOption { heap: n, option: m });
            }
            let v = values[m as usize] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let mex = seen
            .iter()
            .position(|&s| !s)
            .expect("one slot more than options");
        values.push(mex as u32);
    }
    Ok(values)
}

/// The baseline: the rule as a plain Rust function, same calling shape as the
/// script callers.
pub fn rust_moves(n: i64, out: &mut Vec<i64>) -> Result<(), ScriptError> {
    out.clear();
    out.extend([1, 3, 4].iter().filter(|&&k| k <= n).map(|k| n - k));
    Ok(())
}

/// What went wrong in a script, as the language reports it. The message of
/// each language variant is the language's own text, which names the line
/// (all but Rhai's operation limit).
#[derive(Debug)]
pub enum ScriptError {
    /// An error from Rhai: a parse error, a runtime error or a limit.
    Rhai(Box<rhai::EvalAltResult>),
    /// An error from Lua: a syntax error, a runtime error or a limit.
    Lua(mlua::Error),
    /// An error from Starlark: a syntax or name error, a runtime error or a
    /// limit.
    Starlark(starlark::Error),
    /// `moves` returned something other than a list of integers.
    NotAList {
        /// The heap whose options were asked for.
        heap: i64,
        /// What the script returned instead, described by the language.
        found: String,
    },
    /// `moves` returned an option that is not a smaller heap.
    BadOption {
        /// The heap whose options were asked for.
        heap: i64,
        /// The option returned, which should be in `0..heap`.
        option: i64,
    },
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::Rhai(e) => write!(f, "{e}"),
            ScriptError::Lua(e) => write!(f, "{e}"),
            ScriptError::Starlark(e) => write!(f, "{e}"),
            ScriptError::NotAList { heap, found } => {
                write!(
                    f,
                    "moves({heap}) returned {found}, expected a list of integers"
                )
            }
            ScriptError::BadOption { heap, option } => write!(
                f,
                "moves({heap}) returned {option}, expected a heap of at least 0 and below {heap}"
            ),
        }
    }
}

impl std::error::Error for ScriptError {}

impl From<Box<rhai::EvalAltResult>> for ScriptError {
    fn from(e: Box<rhai::EvalAltResult>) -> Self {
        ScriptError::Rhai(e)
    }
}

impl From<rhai::ParseError> for ScriptError {
    fn from(e: rhai::ParseError) -> Self {
        ScriptError::Rhai(e.into())
    }
}

impl From<starlark::Error> for ScriptError {
    fn from(e: starlark::Error) -> Self {
        ScriptError::Starlark(e)
    }
}

impl From<mlua::Error> for ScriptError {
    fn from(e: mlua::Error) -> Self {
        ScriptError::Lua(e)
    }
}

/// A Rhai rule compiled once, called once per position.
///
/// Runs in the engine of [`rhai_engine`]: no `import` from files, no clock,
/// `print` and `debug` sent nowhere, no `eval`, and each call limited to
/// [`OPERATION_LIMIT`] operations.
pub struct RhaiMoves {
    engine: rhai::Engine,
    ast: rhai::AST,
    scope: rhai::Scope<'static>,
}

/// How [`RhaiMoves::moves_with`] calls the script function; the bench
/// measures both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RhaiCall {
    /// `Engine::call_fn`: runs the script's top-level statements before each
    /// call (none here, but it checks) and rewinds the scope after.
    CallFn,
    /// `Engine::call_fn_with_options` with `eval_ast(false)` and
    /// `rewind_scope(false)`: calls the function alone. Right for a rule file
    /// that only defines functions.
    FunctionOnly,
}

impl RhaiMoves {
    /// Compiles `source`, which must define `fn moves(n)`, with the sandboxed
    /// engine of [`rhai_engine`].
    ///
    /// # Errors
    ///
    /// The parse error, naming its line and column.
    pub fn try_new(source: &str) -> Result<Self, ScriptError> {
        Self::try_with_engine(rhai_engine(), source)
    }

    /// Compiles `source` with an engine of the caller's making: the bench
    /// uses it to measure what a setting (the operation limit, say) costs.
    ///
    /// # Errors
    ///
    /// As [`RhaiMoves::try_new`].
    pub fn try_with_engine(engine: rhai::Engine, source: &str) -> Result<Self, ScriptError> {
        let ast = engine.compile(source)?;
        Ok(RhaiMoves {
            engine,
            ast,
            scope: rhai::Scope::new(),
        })
    }

    /// Puts the options of heap `n` into `out`, calling the function alone
    /// ([`RhaiCall::FunctionOnly`], the faster way).
    ///
    /// # Errors
    ///
    /// The script's runtime error, the operation limit, or a result that is
    /// not an array of integers.
    pub fn moves(&mut self, n: i64, out: &mut Vec<i64>) -> Result<(), ScriptError> {
        self.moves_with(RhaiCall::FunctionOnly, n, out)
    }

    /// [`RhaiMoves::moves`] with a choice of call.
    ///
    /// # Errors
    ///
    /// As [`RhaiMoves::moves`].
    pub fn moves_with(
        &mut self,
        call: RhaiCall,
        n: i64,
        out: &mut Vec<i64>,
    ) -> Result<(), ScriptError> {
        let result: rhai::Dynamic = match call {
            RhaiCall::CallFn => self
                .engine
                .call_fn(&mut self.scope, &self.ast, "moves", (n,))?,
            RhaiCall::FunctionOnly => self.engine.call_fn_with_options(
                CallFnOptions::new().eval_ast(false).rewind_scope(false),
                &mut self.scope,
                &self.ast,
                "moves",
                (n,),
            )?,
        };
        let not_a_list = |found: &str| ScriptError::NotAList {
            heap: n,
            found: found.to_string(),
        };
        let array = result.into_array().map_err(not_a_list)?;
        out.clear();
        for v in array {
            out.push(v.as_int().map_err(not_a_list)?);
        }
        Ok(())
    }
}

/// The engine a user's Rhai rule runs in. Rhai's standard library has no
/// network or process access, and the clock (`timestamp`) is compiled out by
/// the `no_time` feature. What remains to close: `Engine::new` reads files,
/// for `import "name"` loads `name.rhai` from disk (its file module
/// resolver), so modules are switched off; `print`/`debug` (stdout by default)
/// go nowhere; `eval` (code from a string) is disabled; and operations, call
/// depth, expression depth and sizes are bounded.
pub fn rhai_engine() -> rhai::Engine {
    let mut engine = rhai::Engine::new();
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_expr_depths(64, 32);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.disable_symbol("eval");
    engine.set_max_operations(OPERATION_LIMIT);
    engine.set_max_call_levels(64);
    engine.set_max_array_size(100_000);
    engine.set_max_string_size(100_000);
    engine.set_max_map_size(100_000);
    engine
}

/// A Lua 5.4 rule loaded once, its `moves` function called once per position.
///
/// The state has only the base, table, string and math libraries (no `io`,
/// `os`, `package`, `debug`); the base functions that reach files or load
/// code (`dofile`, `loadfile`, `load`, `require`) and `print` and
/// `collectgarbage` are removed; and each call is limited to about
/// [`OPERATION_LIMIT`] VM instructions by a count hook.
pub struct LuaMoves {
    // Kept so the state outlives `moves` (a handle into it).
    _lua: mlua::Lua,
    moves: mlua::Function,
    used: Arc<AtomicU64>,
}

impl LuaMoves {
    /// Loads `source`, which must define a global function `moves(n)`, in the
    /// sandboxed state of [`lua_state`], with the operation limit on.
    ///
    /// # Errors
    ///
    /// The syntax error (naming `rules.lua` and the line), an error while
    /// running the file's top level, or no function `moves`.
    pub fn try_new(source: &str) -> Result<Self, ScriptError> {
        Self::with_limit(source, true)
    }

    /// [`LuaMoves::try_new`] without the instruction-count hook: only for the
    /// bench, which measures what the limit costs.
    ///
    /// # Errors
    ///
    /// As [`LuaMoves::try_new`].
    pub fn try_new_unlimited(source: &str) -> Result<Self, ScriptError> {
        Self::with_limit(source, false)
    }

    fn with_limit(source: &str, limit: bool) -> Result<Self, ScriptError> {
        let lua = lua_state()?;
        let used = Arc::new(AtomicU64::new(0));
        if limit {
            let counter = Arc::clone(&used);
            lua.set_hook(
                mlua::HookTriggers::new().every_nth_instruction(LUA_HOOK_EVERY),
                move |_, debug| {
                    let total = counter.fetch_add(LUA_HOOK_EVERY as u64, Ordering::Relaxed)
                        + LUA_HOOK_EVERY as u64;
                    if total > OPERATION_LIMIT {
                        // A hook's error carries no position of its own; name the line
                        // the way Lua does ("file:line:") so the user can find the loop.
                        let source = debug.source();
                        let file = source.short_src.as_deref().unwrap_or("?");
                        let line = debug.current_line().unwrap_or(0);
                        return Err(mlua::Error::runtime(format!(
                            "{file}:{line}: too many operations (limit {OPERATION_LIMIT})"
                        )));
                    }
                    Ok(mlua::VmState::Continue)
                },
            )?;
        }
        // "@name" makes Lua print `rules.lua:3:` rather than `[string "..."]:3:`.
        lua.load(source)
            .set_name("@rules.lua")
            .set_mode(mlua::ChunkMode::Text)
            .exec()?;
        let moves = lua.globals().get::<mlua::Function>("moves")?;
        Ok(LuaMoves {
            _lua: lua,
            moves,
            used,
        })
    }

    /// Puts the options of heap `n` into `out`.
    ///
    /// # Errors
    ///
    /// The script's runtime error, the instruction limit, or a result that is
    /// not a table of integers.
    pub fn moves(&mut self, n: i64, out: &mut Vec<i64>) -> Result<(), ScriptError> {
        self.used.store(0, Ordering::Relaxed);
        let result: mlua::Value = self.moves.call(n)?;
        let mlua::Value::Table(table) = result else {
            return Err(ScriptError::NotAList {
                heap: n,
                found: result.type_name().to_string(),
            });
        };
        out.clear();
        for v in table.sequence_values::<i64>() {
            out.push(v?);
        }
        Ok(())
    }
}

/// The state a user's Lua rule runs in: Lua 5.4 with the base, table, string
/// and math libraries only. Left out: `io` (files, processes via
/// `io.popen`), `os` (clock, `os.execute`, `os.remove`, environment),
/// `package` (loading C modules), `debug`, `coroutine`, `utf8`. Removed from
/// the base library: `dofile` and `loadfile` (read any file), `load` (would
/// accept precompiled bytecode, which Lua does not verify), `require`,
/// `print` (stdout) and `collectgarbage`; and `string.dump`.
///
/// # Errors
///
/// Lua could not be started (out of memory).
pub fn lua_state() -> Result<mlua::Lua, ScriptError> {
    let lua = mlua::Lua::new_with(
        mlua::StdLib::TABLE | mlua::StdLib::STRING | mlua::StdLib::MATH,
        mlua::LuaOptions::default(),
    )?;
    let globals = lua.globals();
    for name in [
        "dofile",
        "loadfile",
        "load",
        "require",
        "print",
        "collectgarbage",
    ] {
        globals.set(name, mlua::Nil)?;
    }
    globals
        .get::<mlua::Table>("string")?
        .set("dump", mlua::Nil)?;
    // Bounds the heap as Rhai's size limits do; Lua reports "not enough memory".
    lua.set_memory_limit(64 << 20)?;
    Ok(lua)
}

/// The same rule in Starlark (Python syntax).
pub const STARLARK_MOVES: &str = "def moves(n):
    out = []
    for k in [1, 3, 4]:
        if k <= n:
            out.append(n - k)
    return out
";

/// A Starlark rule parsed and run once, then frozen; its `moves` function is
/// called from a fresh heap for each batch of positions
/// ([`StarlarkMoves::with_moves`]).
///
/// Starlark is built to be sandboxed: the standard globals have no file,
/// clock, network or `print`, `load` needs a loader the host does not give,
/// there is no `while` and values are frozen once a module is done. A `for`
/// over a long `range` still runs for a long time, so each call is limited to
/// [`OPERATION_LIMIT`] statements by a before-statement hook.
pub struct StarlarkMoves {
    module: starlark::environment::FrozenModule,
    moves: starlark::values::OwnedFrozenValue,
    limit: bool,
}

impl StarlarkMoves {
    /// Parses and runs `source`, which must define `moves(n)`, with the
    /// standard Starlark globals and the statement limit.
    ///
    /// # Errors
    ///
    /// The syntax error or the name-resolution error (an undefined function
    /// is found here, before any call), each naming `rules.star` and the line;
    /// an error from the top level; or no `moves`.
    pub fn try_new(source: &str) -> Result<Self, ScriptError> {
        Self::with_limit(source, true)
    }

    /// [`StarlarkMoves::try_new`] without the statement hook: only for the
    /// bench, which measures what the limit costs.
    ///
    /// # Errors
    ///
    /// As [`StarlarkMoves::try_new`].
    pub fn try_new_unlimited(source: &str) -> Result<Self, ScriptError> {
        Self::with_limit(source, false)
    }

    fn with_limit(source: &str, limit: bool) -> Result<Self, ScriptError> {
        use starlark::environment::{Globals, Module};
        use starlark::eval::Evaluator;
        use starlark::syntax::{AstModule, Dialect};
        let ast = AstModule::parse("rules.star", source.to_owned(), &Dialect::Standard)?;
        let globals = Globals::standard();
        let module = Module::with_temp_heap(|module| -> Result<_, ScriptError> {
            {
                let mut eval = Evaluator::new(&module);
                if limit {
                    StatementLimit::new().install(&mut eval);
                }
                eval.eval_module(ast, &globals)?;
            }
            module
                .freeze()
                .map_err(|e| ScriptError::Starlark(starlark::Error::new_other(e)))
        })?;
        let moves = module
            .get("moves")
            .map_err(|e| ScriptError::Starlark(starlark::Error::new_other(e)))?;
        Ok(StarlarkMoves {
            module,
            moves,
            limit,
        })
    }

    /// Runs `f` with a caller of `moves` that puts the options of heap `n`
    /// into `out`. Every value a call makes lives on a heap that is dropped
    /// when `f` returns (Starlark values cannot outlive their heap), so pass
    /// a whole batch of positions through one `with_moves`.
    pub fn with_moves<R>(
        &self,
        f: impl FnOnce(&mut dyn FnMut(i64, &mut Vec<i64>) -> Result<(), ScriptError>) -> R,
    ) -> R {
        use starlark::environment::Module;
        use starlark::eval::Evaluator;
        use starlark::values::list::ListRef;
        use starlark::values::UnpackValue;
        Module::with_temp_heap(|module| {
            let mut eval = Evaluator::new(&module);
            let limit = StatementLimit::new();
            let used = Arc::clone(&limit.used);
            if self.limit {
                limit.install(&mut eval);
            }
            let heap = module.heap();
            // Ties the frozen module's heap to this one, so `moves` may be used here.
            let moves = heap.access_owned_frozen_value(&self.moves);
            let mut call = |n: i64, out: &mut Vec<i64>| -> Result<(), ScriptError> {
                used.store(0, Ordering::Relaxed);
                let result = eval.eval_function(moves, &[heap.alloc(n)], &[])?;
                let not_a_list = || ScriptError::NotAList {
                    heap: n,
                    found: result.get_type().to_string(),
                };
                let list = ListRef::from_value(result).ok_or_else(not_a_list)?;
                out.clear();
                for v in list.iter() {
                    out.push(i64::unpack_value(v)?.ok_or_else(not_a_list)?);
                }
                Ok(())
            };
            f(&mut call)
        })
    }

    /// The frozen module the rule was run in (its other definitions).
    pub fn module(&self) -> &starlark::environment::FrozenModule {
        &self.module
    }
}

/// Stops a Starlark call after [`OPERATION_LIMIT`] statements. Starlark has
/// no public operation budget; the before-statement hook it offers debuggers
/// (`Evaluator::before_stmt_for_dap`, hidden from its docs) is the only
/// place to count.
struct StatementLimit {
    used: Arc<AtomicU64>,
}

impl StatementLimit {
    fn new() -> Self {
        StatementLimit {
            used: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Must come before the evaluator compiles or calls anything: the
    /// bytecode runs with or without statement callbacks as set at entry.
    fn install(self, eval: &mut starlark::eval::Evaluator<'_, '_, '_>) {
        eval.before_stmt_for_dap(starlark::eval::BeforeStmtFunc::Dyn(Box::new(self)));
    }
}

/// The error [`StatementLimit`] raises. Starlark adds the statement it
/// stopped at, as file, line and column with the source line underlined.
#[derive(Debug)]
struct TooManyOperations;

impl fmt::Display for TooManyOperations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "too many operations (limit {OPERATION_LIMIT})")
    }
}

impl std::error::Error for TooManyOperations {}

impl<'e> starlark::eval::BeforeStmtFuncDyn<'e> for StatementLimit {
    fn call<'v>(
        &mut self,
        _span: starlark::codemap::FileSpanRef,
        _continued: bool,
        _eval: &mut starlark::eval::Evaluator<'v, '_, 'e>,
    ) -> starlark::Result<()> {
        if self.used.fetch_add(1, Ordering::Relaxed) >= OPERATION_LIMIT {
            return Err(starlark::Error::new_other(TooManyOperations));
        }
        Ok(())
    }
}
