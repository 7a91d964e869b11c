//! Loading a script file: the sandboxed interpreter, the compiled text,
//! and the games it declares, each given its place in the registry.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rhai::{Dynamic, FnPtr, Map, Scope};

use super::game::{on_progress, Hook, Hooks, ScriptFile, ScriptGame};
use super::ScriptError;
use crate::component::spec::{Call, GameKind, GameSpec, SaysFn};
use crate::component::Component;
use crate::component::ExprError;
use crate::vocab::limits::Limits;

/// The largest script file read.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;
/// Nested calls a script may make (recursion depth), whatever `--max-depth`
/// allows: the interpreter recurses on the thread's stack.
pub const MAX_SCRIPT_CALLS: usize = 64;
/// Lines of `print` and `debug` output a process shows on stderr.
const MAX_PRINTED_LINES: usize = 100;

/// The hooks a game may declare, and the names of the declaration keys.
const HOOKS: &[&str] = &[
    "moves",
    "left",
    "right",
    "parts",
    "show",
    "claim",
    "positions",
    "says",
];
const TEXTS: &[&str] = &["name", "summary", "example"];

/// Reads and loads the script at `path`: the games it defines.
pub fn load_file(path: &Path, limits: &Limits) -> Result<Vec<&'static ScriptGame>, ScriptError> {
    let shown = path.display().to_string();
    let file_error = |problem: String| ScriptError::File {
        file: shown.clone(),
        problem,
    };
    let size = std::fs::metadata(path)
        .map_err(|e| file_error(format!("cannot read it: {e}")))?
        .len();
    if size > MAX_SCRIPT_BYTES {
        return Err(file_error(format!(
            "{size} bytes is more than a script may hold ({MAX_SCRIPT_BYTES} bytes)"
        )));
    }
    let source =
        std::fs::read_to_string(path).map_err(|e| file_error(format!("cannot read it: {e}")))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("script")
        .to_string();
    load_source(&shown, &stem, &source, limits)
}

/// The sandboxed interpreter: the standard library without the clock,
/// no modules or `eval`, output to stderr (a few lines), every call
/// bounded by the query's budget.
fn interpreter(limits: &Limits) -> rhai::Engine {
    let mut engine = rhai::Engine::new();
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.disable_symbol("eval");
    engine.set_max_call_levels(MAX_SCRIPT_CALLS.min(limits.max_depth.max(1)));
    engine.set_max_expr_depths(64, 32);
    let memory = usize::try_from(limits.max_memory).unwrap_or(usize::MAX);
    engine.set_max_string_size((memory / 16).clamp(1024, 16 << 20));
    engine.set_max_array_size((memory / 256).clamp(1024, 1 << 22));
    engine.set_max_map_size((memory / 256).clamp(1024, 1 << 20));
    let load_limit = limits.max_script_ops;
    engine.on_progress(move |ops| on_progress(ops, load_limit));
    static PRINTED: AtomicUsize = AtomicUsize::new(0);
    let show = |text: &str| {
        let n = PRINTED.fetch_add(1, Ordering::Relaxed);
        if n < MAX_PRINTED_LINES {
            eprintln!("{text}");
        } else if n == MAX_PRINTED_LINES {
            eprintln!("(further script output is not shown)");
        }
    };
    engine.on_print(show);
    engine.on_debug(move |text, _, _| show(text));
    engine
}

/// Loads script text: `path` names it in errors, `stem` is the name of a
/// game declared by its functions alone.
pub fn load_source(
    path: &str,
    stem: &str,
    source: &str,
    limits: &Limits,
) -> Result<Vec<&'static ScriptGame>, ScriptError> {
    let mut engine = interpreter(limits);
    let declared: Arc<Mutex<Vec<Map>>> = Arc::default();
    let loading = Arc::new(AtomicBool::new(true));
    {
        let declared = declared.clone();
        let loading = loading.clone();
        engine.register_fn(
            "game",
            move |m: Map| -> Result<(), Box<rhai::EvalAltResult>> {
                if !loading.load(Ordering::Relaxed) {
                    return Err(
                        "game(...) declares a game when the file is loaded, at its top \
                                level, not inside a function"
                            .into(),
                    );
                }
                declared.lock().map_err(|_| "a declaration failed")?.push(m);
                Ok(())
            },
        );
    }
    let ast = engine.compile(source).map_err(|e| {
        let at = e.position();
        ScriptError::Syntax {
            place: place(path, at),
            message: e.err_type().to_string(),
        }
    })?;
    let budget = crate::vocab::budget::Budget::new(*limits);
    {
        let _entered = super::game::enter(&budget);
        let _metered = super::game::Metered::new(limits.max_memory);
        super::game::on_enough_stack(|| engine.run_ast_with_scope(&mut Scope::new(), &ast))
            .map_err(|e| super::game::load_error(path, &e, limits))?;
    }
    loading.store(false, Ordering::Relaxed);
    let declarations = std::mem::take(&mut *declared.lock().unwrap_or_else(|e| e.into_inner()));
    let file = Arc::new(ScriptFile {
        path: path.to_string(),
        engine,
        ast,
        limits: *limits,
        host: None,
    });
    let games = if declarations.is_empty() {
        vec![by_functions(&file, stem, source)?]
    } else {
        declarations
            .iter()
            .map(|m| by_declaration(&file, m))
            .collect::<Result<Vec<_>, _>>()?
    };
    let mut names: Vec<&str> = games.iter().map(|g| g.name.as_str()).collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(declaration(
            path,
            format!("two games are named '{}'", w[0]),
            "give each game(#{ name: ... }) its own name",
        ));
    }
    Ok(games.into_iter().map(leak).collect())
}

/// What a game written in another language declares: its texts and the
/// hooks it gives (their functions are the host's to call).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Definition {
    /// The name it is written with.
    pub name: String,
    /// A line of help (default: "a game from SOURCE").
    pub summary: Option<String>,
    /// An example position as written, `pickup(10)`.
    pub example: Option<String>,
    /// The hooks it gives: `moves`, or `left` and `right`, and any of
    /// `parts`, `show`, `claim`, `positions`, `says`.
    pub hooks: Vec<String>,
}

/// A game whose functions `host` calls (`source` names where they come
/// from in errors, like `python`), checked as a script's declaration is.
pub fn define(
    host: Arc<dyn super::game::Host>,
    source: &str,
    definition: &Definition,
    limits: &Limits,
) -> Result<&'static ScriptGame, ScriptError> {
    let file = Arc::new(ScriptFile {
        path: source.to_string(),
        engine: rhai::Engine::new_raw(),
        ast: rhai::AST::empty(),
        limits: *limits,
        host: Some(host),
    });
    let mut hooks = Hooks::default();
    for h in &definition.hooks {
        let Some(&name) = HOOKS.iter().find(|&&k| k == h) else {
            return Err(declaration(
                source,
                format!("game '{}' gives an unknown function '{h}'", definition.name),
                &format!("the functions are {}", HOOKS.join(", ")),
            ));
        };
        *slot(&mut hooks, name) = Some(Hook::Host(name));
    }
    make(
        &file,
        definition.name.clone(),
        definition.summary.clone(),
        definition.example.clone(),
        hooks,
    )
    .map(leak)
}

/// `file:line:column` of a place in the script.
pub(super) fn place(path: &str, at: rhai::Position) -> String {
    match (at.line(), at.position()) {
        (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
        (Some(l), None) => format!("{path}:{l}"),
        _ => path.to_string(),
    }
}

fn declaration(path: &str, problem: impl Into<String>, accepted: &str) -> ScriptError {
    ScriptError::Declaration {
        file: path.to_string(),
        problem: problem.into(),
        accepted: accepted.to_string(),
    }
}

const KIND_ACCEPTED: &str = "an impartial game gives moves(p); a partizan game gives left(p) and \
                             right(p); see `grundy --help` and the README's \"Your own games\"";

/// The game a file declares by its functions alone (`fn moves(p)`).
fn by_functions(
    file: &Arc<ScriptFile>,
    stem: &str,
    source: &str,
) -> Result<ScriptGame, ScriptError> {
    let defined = |name: &str, params: usize| {
        file.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == params)
    };
    let mut hooks = Hooks::default();
    for &h in HOOKS {
        // `says(p, q)` takes the position and the option moved to; every
        // other function the position alone.
        let (arity, wanted, written) = match h {
            "says" => (2, "two parameters, the position and the option", "(p, q)"),
            _ => (1, "one parameter, the position", "(p)"),
        };
        if defined(h, arity) {
            *slot(&mut hooks, h) = Some(Hook::Named(h.to_string()));
        } else if file.ast.iter_functions().any(|f| f.name == h) {
            return Err(declaration(
                &file.path,
                format!("fn {h} must take {wanted}"),
                &format!("write fn {h}{written} {{ ... }}"),
            ));
        }
    }
    let mut texts = [None, None, None];
    for (i, &t) in TEXTS.iter().enumerate() {
        if defined(t, 0) {
            let value = super::game::on_enough_stack(|| {
                file.engine
                    .call_fn::<Dynamic>(&mut Scope::new(), &file.ast, t, ())
            })
            .map_err(|e| super::game::load_error(&file.path, &e, &file.limits))?;
            texts[i] = Some(text_of(&file.path, t, &value)?);
        }
    }
    let [name, summary, example] = texts;
    let summary = summary.or_else(|| leading_comment(source));
    make(
        file,
        name.unwrap_or_else(|| stem.to_string()),
        summary,
        example,
        hooks,
    )
}

/// The game of one `game(#{...})` declaration.
fn by_declaration(file: &Arc<ScriptFile>, m: &Map) -> Result<ScriptGame, ScriptError> {
    let mut hooks = Hooks::default();
    let mut texts = [None, None, None];
    for (key, value) in m {
        let key = key.as_str();
        if let Some(i) = TEXTS.iter().position(|&t| t == key) {
            texts[i] = Some(text_of(&file.path, key, value)?);
        } else if HOOKS.contains(&key) {
            let hook = match value.clone().try_cast::<FnPtr>() {
                Some(f) => Hook::Pointer(f),
                None if value.is_string() => Hook::Named(value.to_string()),
                None => {
                    return Err(declaration(
                        &file.path,
                        format!("'{key}' is {}", super::position::describe(value)),
                        &format!(
                            "'{key}' is a function: a closure |p| ..., Fn(\"name\") or a name"
                        ),
                    ))
                }
            };
            *slot(&mut hooks, key) = Some(hook);
        } else {
            return Err(declaration(
                &file.path,
                format!("game(#{{...}}) has an unknown key '{key}'"),
                &format!("the keys are {}, {}", TEXTS.join(", "), HOOKS.join(", ")),
            ));
        }
    }
    let [name, summary, example] = texts;
    let Some(name) = name else {
        return Err(declaration(
            &file.path,
            "a game(#{...}) declaration has no name",
            "write game(#{ name: \"chomp\", moves: |p| ... })",
        ));
    };
    make(file, name, summary, example, hooks)
}

fn slot<'h>(hooks: &'h mut Hooks, name: &str) -> &'h mut Option<Hook> {
    match name {
        "moves" => &mut hooks.moves,
        "left" => &mut hooks.left,
        "right" => &mut hooks.right,
        "parts" => &mut hooks.split,
        "show" => &mut hooks.show,
        "claim" => &mut hooks.claim,
        "says" => &mut hooks.says,
        _ => &mut hooks.positions,
    }
}

fn text_of(path: &str, key: &str, value: &Dynamic) -> Result<String, ScriptError> {
    if value.is_string() {
        Ok(value.to_string())
    } else {
        Err(declaration(
            path,
            format!("'{key}' is {}", super::position::describe(value)),
            &format!("'{key}' is a string"),
        ))
    }
}

/// The first comment lines of the file, as one line of help.
fn leading_comment(source: &str) -> Option<String> {
    let text: Vec<&str> = source
        .lines()
        .map(str::trim)
        .take_while(|l| l.starts_with("//"))
        .map(|l| l.trim_start_matches('/').trim())
        .take_while(|l| !l.is_empty())
        .collect();
    let text = text.join(" ");
    // The first sentence: a line of help, not the whole comment.
    let first = match text.find(". ") {
        Some(i) => &text[..=i],
        None => &text,
    };
    (!first.is_empty()).then(|| first.to_string())
}

/// Whether `name` can be written in an expression: a letter or `_`, then
/// letters, digits and `_`.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn make(
    file: &Arc<ScriptFile>,
    name: String,
    summary: Option<String>,
    example: Option<String>,
    hooks: Hooks,
) -> Result<ScriptGame, ScriptError> {
    if !is_name(&name) || name.len() > 64 {
        return Err(declaration(
            &file.path,
            format!("'{name}' cannot be written as a game's name"),
            "a name is a letter or _ followed by letters, digits and _ (at most 64); \
             rename the file or give name()",
        ));
    }
    let kind = match (&hooks.moves, &hooks.left, &hooks.right) {
        (Some(_), None, None) => GameKind::Impartial,
        (None, Some(_), Some(_)) => GameKind::Partizan,
        (Some(_), _, _) => {
            return Err(declaration(
                &file.path,
                format!("game '{name}' gives both moves and left/right"),
                KIND_ACCEPTED,
            ))
        }
        (None, None, None) => {
            return Err(declaration(
                &file.path,
                format!("game '{name}' has no moves"),
                KIND_ACCEPTED,
            ))
        }
        (None, _, _) => {
            return Err(declaration(
                &file.path,
                format!("game '{name}' gives only one of left and right"),
                KIND_ACCEPTED,
            ))
        }
    };
    let summary = summary.unwrap_or_else(|| format!("a game from {}", file.path));
    let example = example.unwrap_or_else(|| format!("{name}(...)"));
    let spec = GameSpec {
        name: leak_str(&name),
        kind,
        summary: leak_str(&summary),
        example: leak_str(&example),
        build: refused,
        ruleset: None,
        says: hooks
            .says
            .is_some()
            .then_some(super::solve::script_says as SaysFn),
        picture: picture_of(&example),
    };
    let mut game = ScriptGame {
        ruleset: Arc::from(name.as_str()),
        name,
        kind,
        file: file.clone(),
        hooks,
        spec: Box::leak(Box::new(spec)),
        example,
        heaps: false,
    };
    game.heaps = game.coordinates() == Some(1);
    Ok(game)
}

/// A scripted game is built by its registry entry, which knows its script
/// (see [`crate::registry::Registry`]); its spec alone cannot build it.
fn refused(call: &Call<'_>) -> Result<Component, ExprError> {
    Err(call.error(
        call.name_span(),
        format!("'{}' is a scripted game", call.name()),
        "read it through the registry that loaded its file (--rules FILE)",
    ))
}

/// Loaded games live as long as the process: the registry, the positions
/// and their declarations point at them.
fn leak(game: ScriptGame) -> &'static ScriptGame {
    Box::leak(Box::new(game))
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// How a front end draws a scripted game: as heaps when its example's
/// arguments are whole numbers (`sub134(10)`, `pair(1,7)`), else as text.
fn picture_of(example: &str) -> crate::component::spec::Picture {
    let args = example
        .split_once('(')
        .and_then(|(_, rest)| rest.strip_suffix(')'));
    let numbers = |a: &str| {
        a.split(',').all(|n| {
            let n = n.trim();
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
        })
    };
    match args {
        Some(a) if numbers(a) => crate::component::spec::Picture::Heaps,
        _ => crate::component::spec::Picture::Text,
    }
}
