//! The limit flags every command shares, and the budget they make: Ctrl-C
//! cancels it, and on a terminal a long run shows what it is doing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use clap::Args;
use grundy::vocab::budget::{Progress, ProgressSink};
use grundy::Limits;

/// Bounds on the work one command may do.
#[derive(Args, Clone)]
pub(crate) struct LimitArgs {
    /// Most positions a solver may store (table squares, heaps, searched positions).
    #[arg(long, default_value_t = Limits::default().max_positions)]
    pub(crate) max_positions: u64,
    /// Most memory a table may take, by its solver's own estimate: bytes, or
    /// with a suffix K, M, G (powers of 1024), like 500M or 4G.
    #[arg(long, default_value = "4G", value_parser = size)]
    pub(crate) max_memory: u64,
    /// Most winning moves listed for one position.
    #[arg(long, default_value_t = Limits::default().max_moves)]
    pub(crate) max_moves: usize,
    /// Longest time the command may compute, like 500ms, 30s, 2m or 1h (default: no limit).
    #[arg(long, value_parser = duration)]
    pub(crate) max_time: Option<Duration>,
    /// Deepest line of play or nesting followed before stopping with an error.
    #[arg(long, default_value_t = Limits::default().max_depth)]
    pub(crate) max_depth: usize,
    /// Most operations one call of a scripted game's function (--rules) may take.
    #[arg(long, default_value_t = Limits::default().max_script_ops)]
    pub(crate) max_script_ops: u64,
}

/// Reads a size flag (`500M`, `4G`).
pub(crate) fn size(text: &str) -> Result<u64, String> {
    grundy::vocab::limits::parse_size(text).map_err(|e| e.to_string())
}

/// Reads a time flag (`500ms`, `30s`, `2m`).
pub(crate) fn duration(text: &str) -> Result<Duration, String> {
    grundy::vocab::limits::parse_duration(text).map_err(|e| e.to_string())
}

impl LimitArgs {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_memory: self.max_memory,
            max_moves: self.max_moves,
            max_time: self.max_time,
            max_depth: self.max_depth,
            max_script_ops: self.max_script_ops,
        }
    }

    /// The session of a command: these limits, the games of this run and
    /// its notation, stopped and watched as [`LimitArgs::budget`] says.
    pub(crate) fn session(&self) -> grundy::api::Session {
        session_of(self.limits())
    }
}

/// The session of a command with `limits`: the games of this run and its
/// notation; stopped by Ctrl-C, with a progress line on a terminal (a
/// request of `grundy serve`: stopped by the request's cancel flag).
pub(crate) fn session_of(limits: Limits) -> grundy::api::Session {
    let mut session = grundy::api::Session::new(limits);
    session.registry = crate::registry().clone();
    session.notation = crate::notation();
    if crate::output::serving() {
        return match crate::output::request_cancel() {
            Some(flag) => session.with_cancel_flag(flag),
            None => session,
        };
    }
    session = session.with_cancel_flag(ctrl_c_flag());
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        session = session.with_progress(progress_line());
    }
    session
}

/// The flag Ctrl-C sets (a second Ctrl-C exits at once).
fn ctrl_c_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        // Another handler (seq's) may own Ctrl-C already; then it decides.
        let _ = ctrlc::set_handler(move || {
            if seen.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// A spinner on stderr that says what is being computed and how far it got.
fn progress_line() -> ProgressSink {
    let bar: Arc<Mutex<Option<indicatif::ProgressBar>>> = Arc::new(Mutex::new(None));
    Arc::new(move |p: Progress| {
        if p.elapsed < Duration::from_secs(1) {
            return;
        }
        let Ok(mut slot) = bar.lock() else { return };
        let bar = slot.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new_spinner();
            b.enable_steady_tick(Duration::from_millis(200));
            b
        });
        let time = match p.max_time {
            Some(t) => format!(" of {:.0?}", t),
            None => String::new(),
        };
        bar.set_message(format!(
            "{}: {} of {} positions, {:.1?}{time} (Ctrl-C stops)",
            p.what, p.positions, p.max_positions, p.elapsed
        ));
    })
}
