//! The Python face of grundy: a thin layer over the library's facade
//! ([`grundy::api`]). Each function takes the question as text and plain
//! values, runs it on the library, and hands back what the command line
//! would print: the `--json` answer, the text, or the error's kind,
//! message and column. The Python package (`python/grundy/`) turns these
//! into answer objects and exceptions; nothing here evaluates a game.
//!
//! Threads: Rust-only work runs on a worker thread with the GIL released,
//! while the calling thread polls for Ctrl-C (`check_signals`) and cancels
//! the work's budget when it comes. A question about a game whose rules are
//! Python functions runs on the calling thread instead, holding the GIL,
//! because calling Python from several threads contends on the GIL; its
//! rules functions see Ctrl-C themselves.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use grundy::api::{self, Error, ErrorKind, Session};
use grundy::registry::Registry;
use grundy::script::{Definition, Host, HostError};
use grundy::{Budget, Limits};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use rhai::Dynamic;

/// mimalloc, counting each thread's live bytes: answers are made on the
/// worker thread and freed on Python's, where the system allocator spent a
/// third of a large batch's time; the count holds a Rhai script's values to
/// `max_memory`, as in the command.
#[global_allocator]
static ALLOC: grundy::alloc::Counting<mimalloc::MiMalloc> =
    grundy::alloc::Counting(mimalloc::MiMalloc);

/// The stack of a worker thread: canonical forms are recursive structures
/// whose depth the input sets (as the command line's work thread).
const WORK_STACK: usize = 256 << 20;

/// How often the calling thread looks for Ctrl-C while a worker computes.
const POLL: Duration = Duration::from_millis(50);

/// The games of this interpreter: the built-in ones, Rhai files loaded and
/// games defined in Python.
fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(|| Mutex::new(Registry::default()))
}

fn current_registry() -> Registry {
    registry().lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The limits a call was given, as the Python layer normalised them.
fn limits_of(d: Option<&Bound<'_, PyDict>>) -> PyResult<Limits> {
    let mut l = Limits::default();
    let Some(d) = d else { return Ok(l) };
    if let Some(v) = d.get_item("max_positions")? {
        l.max_positions = v.extract()?;
    }
    if let Some(v) = d.get_item("max_memory")? {
        l.max_memory = v.extract()?;
    }
    if let Some(v) = d.get_item("max_moves")? {
        l.max_moves = v.extract()?;
    }
    if let Some(v) = d.get_item("max_depth")? {
        l.max_depth = v.extract()?;
    }
    if let Some(v) = d.get_item("max_script_ops")? {
        l.max_script_ops = v.extract()?;
    }
    if let Some(v) = d.get_item("max_time")? {
        if !v.is_none() {
            let secs: f64 = v.extract()?;
            l.max_time = Some(Duration::from_secs_f64(secs.max(0.0)));
        }
    }
    Ok(l)
}

/// The engine questions share (what it learns stays for the next, as
/// with `grundy value --batch`); taken out while one question uses it.
fn shared_engine() -> &'static Mutex<Option<grundy::Engine>> {
    static ENGINE: OnceLock<Mutex<Option<grundy::Engine>>> = OnceLock::new();
    ENGINE.get_or_init(|| Mutex::new(None))
}

/// Runs `f` with the shared engine (or a new one while another question
/// has it), set to `s`'s limits, games and cancel flag.
fn with_engine<T>(s: &Session, f: impl FnOnce(&mut grundy::Engine) -> T) -> T {
    let taken = shared_engine()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    let mut engine = match taken {
        Some(mut e) => {
            e.set_budget(s.budget());
            e.set_registry(s.registry.clone());
            e
        }
        None => s.engine(),
    };
    let result = f(&mut engine);
    *shared_engine().lock().unwrap_or_else(|e| e.into_inner()) = Some(engine);
    result
}

/// Forgets what the shared engine learnt (its tables and memos).
#[pyfunction]
fn clear_cache() {
    *shared_engine().lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// A session of `limits` with this interpreter's games, stopped by `cancel`.
fn session(limits: Limits, cancel: &Arc<AtomicBool>) -> Session {
    let mut s = Session::new(limits).with_cancel_flag(cancel.clone());
    s.registry = current_registry();
    s
}

// ---------------------------------------------------------------------------
// Games whose rules are Python functions.

/// Calls the Python functions of the games `define` made.
#[derive(Default)]
struct PyHost {
    /// Game name -> hook name -> function.
    functions: Mutex<HashMap<String, HashMap<String, Py<PyAny>>>>,
    /// The exception a rules function raised (or Ctrl-C), to raise again
    /// once the question has stopped.
    pending: Mutex<Option<PyErr>>,
    /// Whether the last question's watchdog stopped a rules function at the
    /// time limit.
    timed_out: AtomicBool,
}

fn host() -> &'static Arc<PyHost> {
    static HOST: OnceLock<Arc<PyHost>> = OnceLock::new();
    HOST.get_or_init(|| Arc::new(PyHost::default()))
}

/// Whether a hook returns a list of positions (not one value).
fn returns_list(hook: &str) -> bool {
    matches!(hook, "moves" | "left" | "right" | "parts" | "positions")
}

impl PyHost {
    fn stash(&self, e: PyErr) {
        let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        if p.is_none() {
            *p = Some(e);
        }
    }

    fn take_pending(&self) -> Option<PyErr> {
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// The names of the games defined in Python.
    fn names(&self) -> Vec<String> {
        self.functions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .cloned()
            .collect()
    }
}

impl Host for PyHost {
    fn call(
        &self,
        game: &str,
        hook: &str,
        arg: Dynamic,
        budget: Option<&Budget>,
    ) -> Result<Dynamic, HostError> {
        if let Some(b) = budget {
            b.check_now("a Python rules function")
                .map_err(HostError::Limit)?;
        }
        Python::attach(|py| {
            // Ctrl-C reaches a running question through the rules it calls.
            if let Err(e) = py.check_signals() {
                self.stash(e);
                return Err(HostError::Failed("interrupted (KeyboardInterrupt)".into()));
            }
            let f = self
                .functions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(game)
                .and_then(|h| h.get(hook))
                .map(|f| f.clone_ref(py));
            let Some(f) = f else {
                return Err(HostError::Failed(format!(
                    "game '{game}' has no {hook} function any more (it was defined again)"
                )));
            };
            // `says(p, q)` gets the position and the option as two arguments.
            let args: Vec<Dynamic> = match (hook, arg.clone().try_cast::<rhai::Array>()) {
                ("says", Some(pair)) => pair,
                _ => vec![arg],
            };
            let args = args
                .iter()
                .map(|a| to_py(py, a))
                .collect::<PyResult<Vec<_>>>()
                .map_err(|e| HostError::Failed(e.to_string()))?;
            let args = pyo3::types::PyTuple::new(py, args)
                .map_err(|e| HostError::Failed(e.to_string()))?;
            let result = f.call1(py, args).map_err(|e| {
                let message = format!("{}: {}", exception_name(py, &e), e.value(py));
                self.stash(e);
                HostError::Failed(message)
            })?;
            let result = result.bind(py);
            let limits = budget.map(|b| *b.limits()).unwrap_or_default();
            if returns_list(hook) {
                list_from_py(result, hook, &limits)
            } else {
                value_from_py(result, 0).map_err(|what| {
                    HostError::Failed(format!(
                        "{hook} returned {what}; it returns an int or a str"
                    ))
                })
            }
        })
    }
}

fn exception_name(py: Python<'_>, e: &PyErr) -> String {
    e.get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "exception".into())
}

/// A position as the rules function sees it: an int, a str, or a tuple.
fn to_py<'py>(py: Python<'py>, d: &Dynamic) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(n) = d.as_int() {
        return Ok(n.into_pyobject(py)?.into_any());
    }
    if d.is_string() {
        let s = d.clone().into_immutable_string().unwrap_or_default();
        return Ok(PyString::new(py, s.as_str()).into_any());
    }
    if let Some(items) = d.read_lock::<rhai::Array>() {
        let items = items
            .iter()
            .map(|i| to_py(py, i))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(PyTuple::new(py, items)?.into_any());
    }
    Err(PyRuntimeError::new_err(format!(
        "a position holds {}",
        d.type_name()
    )))
}

/// The deepest tuple inside a position.
const MAX_DEPTH: usize = 16;

/// One value a rules function returned: an int, a str, or a tuple of them
/// (positions are hashable); what it was instead, for the error.
fn value_from_py(v: &Bound<'_, PyAny>, depth: usize) -> Result<Dynamic, String> {
    // Ints first: most positions are heaps.
    if let Ok(i) = v.cast_exact::<pyo3::types::PyInt>() {
        if let Ok(n) = i.extract::<i64>() {
            return Ok(Dynamic::from_int(n));
        }
    }
    if let Ok(s) = v.cast::<PyString>() {
        let text: String = s.extract().map_err(|e: PyErr| e.to_string())?;
        return Ok(Dynamic::from(rhai::ImmutableString::from(text)));
    }
    if let Ok(t) = v.cast::<PyTuple>() {
        if depth >= MAX_DEPTH {
            return Err(format!("tuples nested more than {MAX_DEPTH} deep"));
        }
        return t
            .iter()
            .map(|i| value_from_py(&i, depth + 1))
            .collect::<Result<rhai::Array, String>>()
            .map(Dynamic::from_array);
    }
    if let Ok(n) = v.extract::<i64>() {
        if v.is_instance_of::<pyo3::types::PyInt>() {
            return Ok(Dynamic::from_int(n));
        }
    }
    let type_name = v
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    let shown = v
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| type_name.clone());
    let shown = if shown.len() > 60 {
        format!("{}...", &shown[..shown.floor_char_boundary(57)])
    } else {
        shown
    };
    if v.is_instance_of::<pyo3::types::PyInt>() {
        return Err(format!(
            "{shown} (an int outside -2^63..2^63-1, which positions are limited to)"
        ));
    }
    let hint = if v.is_instance_of::<PyList>()
        || v.is_instance_of::<pyo3::types::PyDict>()
        || v.is_instance_of::<pyo3::types::PySet>()
    {
        " (not hashable: write a position as a tuple)"
    } else {
        ""
    };
    Err(format!("{shown} of type {type_name}{hint}"))
}

/// The positions a list-returning hook gave: any iterable (a list, a
/// tuple, a generator) of positions, or `None` from `parts`. Its length is
/// checked against the memory limit before any is converted.
fn list_from_py(v: &Bound<'_, PyAny>, hook: &str, limits: &Limits) -> Result<Dynamic, HostError> {
    if v.is_none() && hook == "parts" {
        return Ok(Dynamic::UNIT);
    }
    let wrong = |what: String| {
        HostError::Failed(format!(
            "{hook} returned {what}; it returns a list of positions (ints, strs or tuples)"
        ))
    };
    if v.is_instance_of::<PyString>() || v.is_instance_of::<pyo3::types::PyInt>() {
        return Err(wrong(format!(
            "{} (one value, not a list)",
            v.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    // A position takes at least 16 bytes in the solvers' tables.
    let most = (limits.max_memory / 16).max(1);
    if let Ok(n) = v.len() {
        if n as u64 > most {
            return Err(HostError::Limit(grundy::LimitError::Memory {
                what: format!("the {n} positions {hook} returned"),
                needed: n as u128 * 16,
                limit: limits.max_memory,
            }));
        }
    }
    let mut out = rhai::Array::with_capacity(v.len().unwrap_or(0).min(most as usize));
    if let Ok(list) = v.cast_exact::<PyList>() {
        // A list is read by index, without the iterator protocol.
        for (i, item) in list.iter().enumerate() {
            out.push(value_from_py(&item, 0).map_err(|what| wrong(format!("item {i} {what}")))?);
        }
        return Ok(Dynamic::from_array(out));
    }
    let iter = v.try_iter().map_err(|_| {
        wrong(
            v.get_type()
                .name()
                .map(|n| format!("a {n}"))
                .unwrap_or_default(),
        )
    })?;
    for (i, item) in iter.enumerate() {
        let item = item.map_err(|e| HostError::Failed(e.to_string()))?;
        if out.len() as u64 >= most {
            return Err(HostError::Limit(grundy::LimitError::Memory {
                what: format!("the positions {hook} returned (more than {most})"),
                needed: (most as u128 + 1) * 16,
                limit: limits.max_memory,
            }));
        }
        out.push(value_from_py(&item, 0).map_err(|what| wrong(format!("item {i} {what}")))?);
    }
    Ok(Dynamic::from_array(out))
}

// ---------------------------------------------------------------------------
// Running a question.

/// What the work tells the calling thread while it runs.
enum Note {
    Progress(u64, u64),
    Done,
}

/// A job for a worker thread.
type Job = Box<dyn FnOnce() + Send>;

/// Worker threads waiting for a job: a question's work runs on one (its
/// stack is as large as the command line's work thread), and the thread
/// waits for the next question instead of being made anew for each.
fn idle_workers() -> &'static Mutex<Vec<mpsc::Sender<Job>>> {
    static IDLE: OnceLock<Mutex<Vec<mpsc::Sender<Job>>>> = OnceLock::new();
    IDLE.get_or_init(|| Mutex::new(Vec::new()))
}

/// A worker: an idle one, or a new one.
fn worker() -> PyResult<mpsc::Sender<Job>> {
    if let Some(w) = idle_workers()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .pop()
    {
        return Ok(w);
    }
    let (tx, rx) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("grundy".into())
        .stack_size(WORK_STACK)
        .spawn(move || {
            for job in rx {
                job();
            }
        })
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
    Ok(tx)
}

/// Runs `work` (which may send progress through the sender it is given)
/// and returns its result: on a worker thread with the GIL released while
/// this thread polls for Ctrl-C and calls `progress` with the latest count,
/// or on this thread when `here` (Python rules are involved).
fn run<T: Send + 'static>(
    py: Python<'_>,
    here: bool,
    max_time: Option<Duration>,
    cancel: &Arc<AtomicBool>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&mpsc::Sender<Note>) -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel::<Note>();
    if here {
        // A rules function that never returns is stopped at the time
        // limit by an exception raised in it (the budget is looked at only
        // between calls).
        let watchdog = max_time.map(|t| Watchdog::start(py, t));
        let result = work(&tx);
        if let Some(w) = watchdog {
            w.finish(py);
        }
        drop(tx);
        if let Some(p) = progress {
            let last = rx.try_iter().filter_map(|n| match n {
                Note::Progress(a, b) => Some((a, b)),
                Note::Done => None,
            });
            if let Some((done, total)) = last.last() {
                p.call1((done, total))?;
            }
        }
        return Ok(result);
    }
    let (result_tx, result_rx) = mpsc::channel::<std::thread::Result<T>>();
    let job_tx = tx.clone();
    let w = worker()?;
    let job: Job = Box::new(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&job_tx)));
        let _ = result_tx.send(r);
        let _ = job_tx.send(Note::Done);
    });
    if w.send(job).is_err() {
        return Err(PyRuntimeError::new_err("grundy's work thread is gone"));
    }
    drop(tx);
    // Shared with the closure that waits without the GIL.
    let rx = Mutex::new(rx);
    let mut interrupt = None;
    loop {
        let mut latest = None;
        let mut done = false;
        let first = py.detach(|| {
            rx.lock()
                .map_err(|_| mpsc::RecvTimeoutError::Disconnected)?
                .recv_timeout(POLL)
        });
        let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
        let mut take = |n: Note| match n {
            Note::Progress(a, b) => latest = Some((a, b)),
            Note::Done => done = true,
        };
        let mut closed = false;
        match first {
            Ok(n) => take(n),
            Err(mpsc::RecvTimeoutError::Disconnected) => closed = true,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        for n in rx.try_iter() {
            take(n);
        }
        done |= closed;
        if let (Some(p), Some((a, b))) = (progress, latest) {
            if let Err(e) = p.call1((a, b)) {
                cancel.store(true, Ordering::SeqCst);
                interrupt.get_or_insert(e);
            }
        }
        if done {
            break;
        }
        if let Err(e) = py.check_signals() {
            cancel.store(true, Ordering::SeqCst);
            interrupt.get_or_insert(e);
        }
    }
    let result_rx = Mutex::new(result_rx);
    let result = py.detach(|| match result_rx.lock() {
        Ok(rx) => rx.recv().ok(),
        Err(_) => None,
    });
    idle_workers()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(w);
    if let Some(e) = interrupt {
        return Err(e);
    }
    match result {
        Some(Ok(r)) => Ok(r),
        _ => Err(PyRuntimeError::new_err(
            "grundy's work thread panicked (a bug: please report the question asked)",
        )),
    }
}

/// Stops a question that runs Python rules on this thread at its time
/// limit: past it, a thread raises `TimeLimitError` in this thread (an
/// asynchronous exception, seen at the rules function's next bytecode),
/// unless the question finished first.
struct Watchdog {
    state: Arc<(Mutex<bool>, std::sync::Condvar)>,
    fired: Arc<AtomicBool>,
    thread: u64,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    fn start(py: Python<'_>, limit: Duration) -> Watchdog {
        let thread: u64 = py
            .import("threading")
            .and_then(|t| t.getattr("get_ident")?.call0()?.extract())
            .unwrap_or(0);
        let exception: Py<PyAny> = py
            .import("grundy.errors")
            .and_then(|m| m.getattr("TimeLimitError"))
            .map(|c| c.unbind())
            .unwrap_or_else(|_| {
                py.get_type::<pyo3::exceptions::PyTimeoutError>()
                    .into_any()
                    .unbind()
            });
        let state = Arc::new((Mutex::new(true), std::sync::Condvar::new()));
        let fired = Arc::new(AtomicBool::new(false));
        let (s, f) = (state.clone(), fired.clone());
        let handle = std::thread::Builder::new()
            .name("grundy-watchdog".into())
            .spawn(move || {
                let (lock, wake) = &*s;
                let running = lock.lock().unwrap_or_else(|e| e.into_inner());
                let (running, _) = wake
                    .wait_timeout_while(running, limit, |r| *r)
                    .unwrap_or_else(|e| e.into_inner());
                if !*running {
                    return;
                }
                drop(running);
                Python::attach(|py| {
                    let still = lock.lock().unwrap_or_else(|e| e.into_inner());
                    if *still {
                        // SAFETY: the GIL is held, `thread` is the id of the
                        // thread running the question, and the exception
                        // is a live class object.
                        unsafe {
                            pyo3::ffi::PyThreadState_SetAsyncExc(
                                thread as std::os::raw::c_long,
                                exception.bind(py).as_ptr(),
                            );
                        }
                        f.store(true, Ordering::SeqCst);
                    }
                });
            })
            .ok();
        Watchdog {
            state,
            fired,
            thread,
            handle,
        }
    }

    /// The question is over: the watchdog stands down, and an exception it
    /// raised that was not yet seen is taken back.
    fn finish(mut self, py: Python<'_>) {
        {
            let (lock, wake) = &*self.state;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = false;
            wake.notify_all();
        }
        if let Some(h) = self.handle.take() {
            py.detach(|| {
                let _ = h.join();
            });
        }
        if self.fired.load(Ordering::SeqCst) {
            // SAFETY: the GIL is held; a null exception clears a pending one.
            unsafe {
                pyo3::ffi::PyThreadState_SetAsyncExc(
                    self.thread as std::os::raw::c_long,
                    std::ptr::null_mut(),
                );
            }
            host().timed_out.store(true, Ordering::SeqCst);
        }
    }
}

/// Whether `text` names a game defined in Python (its question then runs
/// on this thread).
fn involves_python(texts: &[&str]) -> bool {
    let names = host().names();
    !names.is_empty()
        && texts.iter().any(|t| {
            names.iter().any(|n| {
                t.match_indices(n.as_str()).any(|(i, _)| {
                    let before = t[..i].chars().next_back();
                    let after = t[i + n.len()..].chars().next();
                    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    !word(before) && !word(after)
                })
            })
        })
}

/// An answer for Python: `("ok", json, text)`.
fn ok<T: serde::Serialize + std::fmt::Display>(py: Python<'_>, a: &T) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_string(a).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(("ok", json, a.to_string())
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// An error for Python: `("err", kind, message, column, limit flag)`, or
/// the exception a rules function raised (or Ctrl-C), raised again.
fn err(py: Python<'_>, e: Error) -> PyResult<Py<PyAny>> {
    if host().timed_out.swap(false, Ordering::SeqCst) {
        let _ = host().take_pending();
        let message = format!(
            "a rules function written in Python ran past the time limit ({}); raise it with \
             --max-time",
            e.message
        );
        return Ok(("err", "limit", message, None::<usize>, Some("--max-time"))
            .into_pyobject(py)?
            .into_any()
            .unbind());
    }
    if let Some(raised) = host().take_pending() {
        let note = format!("in grundy: {}", e.message);
        if raised.value(py).hasattr("add_note")? {
            raised.value(py).call_method1("add_note", (note,))?;
        }
        return Err(raised);
    }
    let (kind, flag) = match &e.kind {
        ErrorKind::Parse => ("parse", None),
        ErrorKind::Input => ("input", None),
        ErrorKind::Limit(l) => match l.as_ref() {
            grundy::LimitError::Cancelled { .. } => ("cancelled", None),
            other => ("limit", other.flag()),
        },
        ErrorKind::Script(_) => ("rules", None),
        ErrorKind::Io => ("io", None),
        ErrorKind::Interrupted => ("cancelled", None),
    };
    Ok(("err", kind, e.message.clone(), e.column(), flag)
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

fn answer<T: serde::Serialize + std::fmt::Display>(
    py: Python<'_>,
    r: PyResult<Result<T, Error>>,
) -> PyResult<Py<PyAny>> {
    match r? {
        Ok(a) => {
            // A rules function's exception that the engine stepped past
            // (a claim's search) is not left for the next question.
            let _ = host().take_pending();
            host().timed_out.store(false, Ordering::SeqCst);
            ok(py, &a)
        }
        Err(e) => err(py, e),
    }
}

// ---------------------------------------------------------------------------
// The questions.

/// Runs `work` in a session of the call's limits, where it must run (see
/// [`run`]): the part every question shares.
fn in_session<T, F>(
    py: Python<'_>,
    limits: Option<&Bound<'_, PyDict>>,
    names: &[&str],
    progress: Option<&Bound<'_, PyAny>>,
    work: F,
) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&Session, &mpsc::Sender<Note>) -> T + Send + 'static,
{
    in_session_where(py, limits, involves_python(names), progress, work)
}

/// [`in_session`], told whether the question involves Python rules (and so
/// runs on this thread).
fn in_session_where<T, F>(
    py: Python<'_>,
    limits: Option<&Bound<'_, PyDict>>,
    here: bool,
    progress: Option<&Bound<'_, PyAny>>,
    work: F,
) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&Session, &mpsc::Sender<Note>) -> T + Send + 'static,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let s = session(limits_of(limits)?, &cancel);
    let max_time = s.limits.max_time;
    run(py, here, max_time, &cancel, progress, move |tx| {
        work(&s, tx)
    })
}

/// Asks a question of the facade ([`in_session`]), answered for Python.
fn ask<T, F>(
    py: Python<'_>,
    limits: Option<&Bound<'_, PyDict>>,
    names: &[&str],
    progress: Option<&Bound<'_, PyAny>>,
    work: F,
) -> PyResult<Py<PyAny>>
where
    T: serde::Serialize + std::fmt::Display + Send + 'static,
    F: FnOnce(&Session, &mpsc::Sender<Note>) -> Result<T, Error> + Send + 'static,
{
    let r = in_session(py, limits, names, progress, work);
    answer(py, r)
}

#[pyfunction]
#[pyo3(signature = (text, limits=None))]
fn value(py: Python<'_>, text: String, limits: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
    let name = text.clone();
    ask(py, limits, &[&name], None, move |s, _| {
        with_engine(s, |e| api::value_in(s, e, &text))
    })
}

/// An answer of [`value_many`] as a batch keeps it: its line written on
/// the worker thread (where what it was made from is let go), its JSON only
/// when Python first asks (most answers of a large batch are read for one
/// field, or not at all).
#[pyclass(frozen, module = "grundy._native")]
struct Unwritten {
    answer: api::BatchAnswer,
    notation: grundy::partizan::Notation,
}

#[pymethods]
impl Unwritten {
    /// The answer as `grundy value --json` writes it.
    fn json(&self) -> PyResult<String> {
        grundy::partizan::with_notation(self.notation, || serde_json::to_string(&self.answer))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Who wins: `P`, `N`, `L` or `R` (read without writing the JSON).
    #[getter]
    fn outcome(&self) -> &str {
        self.answer.outcome()
    }

    /// The position, in the syntax `value` reads.
    #[getter]
    fn game(&self) -> &str {
        self.answer.game()
    }

    /// The answer's line, as `grundy value --batch` writes it.
    fn line(&self) -> &str {
        &self.answer.line
    }
}

/// Many positions with one engine (which keeps what it learns): a list of
/// an [`Unwritten`] answer or the error tuple for each.
#[pyfunction]
#[pyo3(signature = (texts, limits=None))]
fn value_many(
    py: Python<'_>,
    texts: Vec<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let here = {
        let names: Vec<&str> = texts.iter().map(String::as_str).collect();
        involves_python(&names)
    };
    let results = in_session_where(py, limits, here, None, move |s, _| {
        let notation = s.notation;
        with_engine(s, |engine| {
            texts
                .iter()
                .map(|t| {
                    api::value_analysis(s, engine, t).map(|a| Unwritten {
                        answer: a.for_batch(),
                        notation,
                    })
                })
                .collect::<Vec<_>>()
        })
    })?;
    let out = PyList::empty(py);
    for r in results {
        match r {
            // The answer itself, not in a tuple: a tuple a line is a
            // container the cyclic garbage collector walks again and again.
            Ok(a) => out.append(Bound::new(py, a)?)?,
            Err(e) => out.append(err(py, e)?)?,
        }
    }
    Ok(out.into_any().unbind())
}

#[pyfunction]
#[pyo3(signature = (text, followers=false, limits=None))]
fn options(
    py: Python<'_>,
    text: String,
    followers: bool,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let names = [text.clone()];
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    if followers {
        return ask(py, limits, &names, None, move |s, _| {
            api::followers(s, &text)
        });
    }
    ask(py, limits, &names, None, move |s, _| api::options(s, &text))
}

/// Each component of a position drawn as its game reads it (the graph of
/// Col, Snort, Kayles on graphs, Hackenbush; the figure of a cake), as the
/// page draws it; with `to`, the position one move (by `player`, in a
/// partizan game) later, and on the component that move changed what it
/// did there (`api::picture_of_move`).
#[pyfunction]
#[pyo3(signature = (text, limits=None, to=None, player=None))]
fn picture(
    py: Python<'_>,
    text: String,
    limits: Option<&Bound<'_, PyDict>>,
    to: Option<String>,
    player: Option<String>,
) -> PyResult<Py<PyAny>> {
    let player = match player.as_deref() {
        None => None,
        Some(name) => Some(grundy::Player::named(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {name:?} is not a player: write 'left' or 'right' (or leave it out for an \
                 impartial game)"
            ))
        })?),
    };
    let mut names = vec![text.clone()];
    names.extend(to.clone());
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    ask(py, limits, &names, None, move |s, _| match &to {
        Some(to) => api::picture_of_move(s, &text, to, player),
        None => api::picture(s, &text),
    })
}

/// The request of `seq` from the Python layer's dict.
fn seq_request(request: &Bound<'_, PyDict>) -> PyResult<Result<api::SeqRequest, Error>> {
    let get = |k: &str| request.get_item(k);
    let mut req = api::SeqRequest::default();
    if let Some(v) = get("to")? {
        req.to = v.extract()?;
    }
    if let Some(v) = get("at")? {
        req.at = v.extract()?;
    }
    if let Some(v) = get("misere")? {
        req.misere = v.extract()?;
    }
    if let Some(v) = get("stats")? {
        req.stats = v.extract()?;
    }
    if let Some(v) = get("threads")? {
        req.threads = v.extract()?;
    }
    if let Some(v) = get("memory_mb")? {
        req.memory_mb = v.extract()?;
    }
    if let Some(v) = get("max_output")? {
        req.max_output = v.extract()?;
    }
    if let Some(v) = get("solver")? {
        let name: String = v.extract()?;
        req.solver = match name.as_str() {
            "auto" => api::SeqSolver::Auto,
            "plain" => api::SeqSolver::Plain,
            "sparse" => api::SeqSolver::Sparse,
            other => {
                return Ok(Err(Error::input(format!(
                    "solver '{other}' is not one of 'auto', 'plain', 'sparse'"
                ))))
            }
        };
    }
    if let Some(v) = get("store")? {
        if !v.is_none() {
            let path: std::path::PathBuf = v.extract()?;
            let resume = match get("resume")? {
                Some(r) => r.extract()?,
                None => false,
            };
            req.store = Some(api::SeqStore { path, resume });
        }
    }
    Ok(Ok(req))
}

#[pyfunction]
#[pyo3(signature = (ruleset, request, progress=None, limits=None))]
fn seq(
    py: Python<'_>,
    ruleset: String,
    request: &Bound<'_, PyDict>,
    progress: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let mut req = match seq_request(request)? {
        Ok(r) => r,
        Err(e) => return err(py, e),
    };
    let name = ruleset.clone();
    ask(py, limits, &[&name], progress, move |s, tx| {
        req.max_time = s.limits.max_time;
        api::seq(s, &ruleset, &req, &mut |e| {
            if let api::SeqEvent::Progress { done, wanted, .. } = e {
                let _ = tx.send(Note::Progress(done, wanted));
            }
        })
    })
}

#[pyfunction]
#[pyo3(signature = (ruleset, size, limits=None))]
fn table(
    py: Python<'_>,
    ruleset: String,
    size: u64,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let name = ruleset.clone();
    ask(py, limits, &[&name], None, move |s, _| {
        api::table(s, &ruleset, size)
    })
}

#[pyfunction]
#[pyo3(signature = (family, bound, progress=None, limits=None))]
fn verify(
    py: Python<'_>,
    family: String,
    bound: u64,
    progress: Option<&Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let name = family.clone();
    ask(py, limits, &[&name], progress, move |s, tx| {
        let total = grundy::api::family::Family::parse_in(&family, &s.registry)
            .ok()
            .map_or(0, |f| u64::try_from(f.size(bound)).unwrap_or(u64::MAX));
        api::verify(s, &family, bound, &mut |checked| {
            if checked.is_multiple_of(256) {
                let _ = tx.send(Note::Progress(checked, total));
            }
        })
    })
}

#[pyfunction]
#[pyo3(signature = (g, h, limits=None))]
fn compare(
    py: Python<'_>,
    g: String,
    h: String,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let names = [g.clone(), h.clone()];
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    ask(py, limits, &names, None, move |s, _| {
        api::compare(s, &g, &h)
    })
}

/// The move perfect play makes (for `player`, `left` or `right`, in a
/// partizan game).
#[pyfunction]
#[pyo3(signature = (text, player=None, limits=None))]
fn perfect_move(
    py: Python<'_>,
    text: String,
    player: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let player = match player.as_deref() {
        None => None,
        Some(name) => Some(grundy::Player::named(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {name:?} is not a player: write 'left' or 'right' (or leave it out for an \
                 impartial game)"
            ))
        })?),
    };
    let name = text.clone();
    ask(py, limits, &[&name], None, move |s, _| {
        api::perfect_move(s, &text, player)
    })
}

/// Each component of a sum answered alone.
#[pyfunction]
#[pyo3(signature = (text, limits=None))]
fn components(
    py: Python<'_>,
    text: String,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let name = text.clone();
    ask(py, limits, &[&name], None, move |s, _| {
        api::components(s, &text)
    })
}

/// The thermograph: `("ok", json, text, svg)`.
#[pyfunction]
#[pyo3(signature = (text, limits=None))]
fn thermograph(
    py: Python<'_>,
    text: String,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let name = text.clone();
    let r = in_session(py, limits, &[&name], None, move |s, _| {
        api::thermograph(s, &text)
    })?;
    match r {
        Ok(a) => {
            let json =
                serde_json::to_string(&a).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            Ok(("ok", json, a.to_string(), a.to_svg())
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        Err(e) => err(py, e),
    }
}

#[pyfunction]
#[pyo3(signature = (text, operation, by=None, limits=None))]
fn transform(
    py: Python<'_>,
    text: String,
    operation: &str,
    by: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let op =
        match (operation, by) {
            ("cool", Some(t)) => api::Transform::Cool(t),
            ("heat", Some(t)) => api::Transform::Heat(t),
            ("atomic_weight", _) => api::Transform::AtomicWeight,
            _ => return err(
                py,
                Error::input(
                    "say what to do: cool=T, heat=T or atomic_weight=True (T a dyadic rational \
                     like 1 or 1/2)",
                ),
            ),
        };
    let name = text.clone();
    ask(py, limits, &[&name], None, move |s, _| {
        api::transform(s, &text, &op)
    })
}

#[pyfunction]
#[pyo3(signature = (ruleset, heaps, limits=None))]
fn quotient(
    py: Python<'_>,
    ruleset: String,
    heaps: u64,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    ask(py, limits, &[], None, move |s, _| {
        api::quotient(s, &ruleset, heaps)
    })
}

#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let cancel = Arc::new(AtomicBool::new(false));
    let s = session(Limits::default(), &cancel);
    ok(py, &api::games(&s))
}

/// Defines a game whose rules are the Python functions in `functions`
/// (hook name -> callable); a game of the same name defined before is
/// replaced. Returns `("ok", name)` or the error tuple.
#[pyfunction]
#[pyo3(signature = (name, functions, summary=None, example=None, limits=None))]
fn define(
    py: Python<'_>,
    name: String,
    functions: &Bound<'_, PyDict>,
    summary: Option<String>,
    example: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let mut hooks = HashMap::new();
    for (k, v) in functions.iter() {
        let k: String = k.extract()?;
        if !v.is_callable() {
            return err(
                py,
                Error::input(format!(
                    "{k}= is {}, not a function: give a function of the position, like \
                     lambda n: [n - 1]",
                    v.repr()?
                )),
            );
        }
        hooks.insert(k, v.unbind());
    }
    let definition = Definition {
        name: name.clone(),
        summary,
        example,
        hooks: hooks.keys().cloned().collect(),
    };
    let limits = limits_of(limits)?;
    let h: Arc<dyn Host> = host().clone();
    let game = match grundy::script::define(h, "python", &definition, &limits) {
        Ok(g) => g,
        Err(e) => return err(py, script_error(e)),
    };
    let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
    let previous = reg.script(&name);
    if previous.is_some_and(|g| g.path() == "python") {
        reg.remove(&name);
    }
    if let Err(e) = reg.add(&[game]) {
        return err(py, script_error(e));
    }
    host()
        .functions
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(name.clone(), hooks);
    Ok(("ok", name).into_pyobject(py)?.into_any().unbind())
}

fn script_error(e: grundy::script::ScriptError) -> Error {
    Error {
        message: e.to_string(),
        kind: ErrorKind::Script(Box::new(e)),
        at: None,
    }
}

/// Loads the games of a Rhai script file. Returns `("ok", [names])`.
#[pyfunction]
#[pyo3(signature = (path, limits=None))]
fn load_rules(
    py: Python<'_>,
    path: std::path::PathBuf,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let limits = limits_of(limits)?;
    let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
    match reg.load(&path, &limits) {
        Ok(games) => {
            let names: Vec<String> = games.iter().map(|g| g.name().to_string()).collect();
            Ok(("ok", names).into_pyobject(py)?.into_any().unbind())
        }
        Err(e) => err(py, script_error(e)),
    }
}

/// The module `grundy._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(value_many, m)?)?;
    m.add_class::<Unwritten>()?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(perfect_move, m)?)?;
    m.add_function(wrap_pyfunction!(components, m)?)?;
    m.add_function(wrap_pyfunction!(picture, m)?)?;
    m.add_function(wrap_pyfunction!(thermograph, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(define, m)?)?;
    m.add_function(wrap_pyfunction!(load_rules, m)?)?;
    m.add_function(wrap_pyfunction!(clear_cache, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
