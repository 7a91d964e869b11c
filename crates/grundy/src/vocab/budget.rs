//! One budget that every generic solver honours: positions, bytes, wall time,
//! recursion depth, a cancel flag and an optional progress report.
//!
//! [`Limits`] are the plain numbers a user sets; a [`Budget`] is the running
//! account built from them when work starts (the clock starts then). Clones
//! of a budget share its account, so every solver taking part in one answer
//! — the component searches of a compound, the fallback search, a table —
//! draws on the same positions, the same deadline and the same cancel flag.
//!
//! ```
//! use std::sync::atomic::Ordering;
//! use std::time::Duration;
//! use grundy::{Budget, LimitError, Limits, solvers::memo::MemoSolver, games::nim::Nim};
//!
//! let budget = Budget::new(Limits { max_time: Some(Duration::from_secs(10)), ..Limits::default() });
//! let mut solver = MemoSolver::with_budget(Nim, &budget);
//! assert_eq!(solver.nimber(&7).unwrap().0, 7);
//!
//! // A server (or a Ctrl-C handler) stops work through the shared flag.
//! budget.cancel_flag().store(true, Ordering::Relaxed);
//! let err = solver.nimber(&1_000_000).unwrap_err();
//! assert!(matches!(err, grundy::solvers::memo::SolveError::Limit(LimitError::Cancelled { .. })));
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::vocab::limits::{
    parse_duration, parse_size, Bytes, ParseLimitError, DEFAULT_MAX_DEPTH,
};
use crate::vocab::limits::{LimitError, Limits};

/// How often (in calls of [`Budget::tick`]) the clock, the cancel flag and
/// the progress sink are looked at. A power of two. The fast path of a tick
/// is an unsynchronised counter increment, so this only trades the cost of
/// reading the clock against how late a deadline is noticed.
const TICK_INTERVAL: u32 = 64;
const _: () = assert!(TICK_INTERVAL.is_power_of_two());

/// The least time between two progress reports.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// What a solver is doing and how far it has got, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being computed (`"plain search"`, `"canonical values"`, …).
    pub what: &'static str,
    /// Positions charged to the budget so far.
    pub positions: u64,
    /// The position limit ([`Limits::max_positions`]).
    pub max_positions: u64,
    /// Time since the budget was made.
    pub elapsed: Duration,
    /// The time limit, if any ([`Limits::max_time`]).
    pub max_time: Option<Duration>,
}

/// Receives [`Progress`] reports, at most a few times a second, from
/// whichever thread is working.
pub type ProgressSink = Arc<dyn Fn(Progress) + Send + Sync>;

/// The running account of one piece of work; see the [module docs](self).
///
/// Cheap to clone (the account is shared) and to check: [`Budget::tick`] is
/// a counter increment except once every few dozen calls.
#[derive(Clone)]
pub struct Budget {
    limits: Limits,
    deadline: Option<Instant>,
    cancel: Arc<AtomicBool>,
    progress: Option<ProgressSink>,
    account: Arc<Account>,
}

/// The shared, mutable part of a budget.
struct Account {
    start: Instant,
    positions: AtomicU64,
    ticks: AtomicU32,
    /// Nanoseconds after `start` of the last progress report.
    last_report: AtomicU64,
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("limits", &self.limits)
            .field("positions", &self.positions())
            .field("elapsed", &self.elapsed())
            .field("cancelled", &self.is_cancelled())
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Default for Budget {
    /// A budget of [`Limits::default`], starting now.
    fn default() -> Budget {
        Budget::new(Limits::default())
    }
}

impl From<Limits> for Budget {
    fn from(limits: Limits) -> Budget {
        Budget::new(limits)
    }
}

impl Budget {
    /// A budget of `limits`, with its own cancel flag and no progress sink.
    /// The clock for [`Limits::max_time`] starts now.
    pub fn new(limits: Limits) -> Budget {
        let start = Instant::now();
        Budget {
            limits,
            deadline: limits.max_time.and_then(|t| start.checked_add(t)),
            cancel: Arc::new(AtomicBool::new(false)),
            progress: None,
            account: Arc::new(Account {
                start,
                positions: AtomicU64::new(0),
                ticks: AtomicU32::new(0),
                last_report: AtomicU64::new(0),
            }),
        }
    }

    /// A budget of the default [`Limits`] but for `max_positions`, as the
    /// solvers' old position-count configurations give it.
    pub fn with_max_positions(max_positions: usize) -> Budget {
        Budget::new(Limits {
            max_positions: u64::try_from(max_positions).unwrap_or(u64::MAX),
            ..Limits::default()
        })
    }

    /// A budget that is never exhausted (no limits at all); for tests and
    /// for callers that bound the work themselves.
    pub fn unlimited() -> Budget {
        Budget::new(Limits {
            max_positions: u64::MAX,
            max_memory: u64::MAX,
            max_moves: usize::MAX,
            max_time: None,
            max_depth: usize::MAX,
            max_script_ops: u64::MAX,
        })
    }

    /// The same budget, stopped by `flag` instead of its own cancel flag:
    /// setting `flag` (from a Ctrl-C handler, another thread) cancels every
    /// solver using the budget at its next check.
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = flag;
        self
    }

    /// The same budget, reporting progress to `sink`.
    pub fn with_progress(mut self, sink: ProgressSink) -> Budget {
        self.progress = Some(sink);
        self
    }

    /// A new budget of the same limits, cancel flag and progress sink, with
    /// its own clock and position count starting now: one for each query of
    /// a session that shares Ctrl-C and the progress bar.
    pub fn fresh(&self) -> Budget {
        let start = Instant::now();
        Budget {
            limits: self.limits,
            deadline: self.limits.max_time.and_then(|t| start.checked_add(t)),
            cancel: self.cancel.clone(),
            progress: self.progress.clone(),
            account: Arc::new(Account {
                start,
                positions: AtomicU64::new(0),
                ticks: AtomicU32::new(0),
                last_report: AtomicU64::new(0),
            }),
        }
    }

    /// A budget for a trial within this one: its own clock of at most
    /// `time` (and never past this budget's deadline) and its own position
    /// count, the same other limits, cancel flag and progress sink. A
    /// method that may not pay off (a theory that can blow up) runs on it,
    /// and the exact method gets what is left when it gives up.
    pub fn trial(&self, time: Duration) -> Budget {
        let mut trial = self.fresh();
        let own = trial.account.start.checked_add(time);
        trial.deadline = match (self.deadline, own) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        trial
    }

    /// Makes this budget [`fresh`](Budget::fresh) from `template`, reusing
    /// its account when no clone holds it (no allocation per query).
    pub fn restart_from(&mut self, template: &Budget) {
        let start = Instant::now();
        match Arc::get_mut(&mut self.account) {
            Some(account) => {
                account.start = start;
                *account.positions.get_mut() = 0;
                *account.ticks.get_mut() = 0;
                *account.last_report.get_mut() = 0;
                self.limits = template.limits;
                self.deadline = template.limits.max_time.and_then(|t| start.checked_add(t));
                if !Arc::ptr_eq(&self.cancel, &template.cancel) {
                    self.cancel = template.cancel.clone();
                }
                self.progress = template.progress.clone();
            }
            None => *self = template.fresh(),
        }
    }

    /// The limits the budget was made from.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The flag that cancels the work when set.
    pub fn cancel_flag(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// Asks every solver using this budget to stop at its next check.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the cancel flag is set.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Positions charged so far (by every clone).
    pub fn positions(&self) -> u64 {
        self.account.positions.load(Ordering::Relaxed)
    }

    /// Time since the budget was made.
    pub fn elapsed(&self) -> Duration {
        self.account.start.elapsed()
    }

    /// Records `count` new positions stored by `what`; fails if that takes the
    /// total over [`Limits::max_positions`] (and then records nothing).
    pub fn charge(&self, what: &str, count: u64) -> Result<(), LimitError> {
        let before = self.account.positions.fetch_add(count, Ordering::Relaxed);
        let after = before.saturating_add(count);
        if after > self.limits.max_positions {
            self.account.positions.fetch_sub(count, Ordering::Relaxed);
            return Err(LimitError::Positions {
                what: what.into(),
                needed: after as u128,
                limit: self.limits.max_positions,
            });
        }
        Ok(())
    }

    /// Checks, before it is allocated, a table of `count` positions of
    /// `bytes_each` bytes each (by the caller's estimate) against
    /// [`Limits::max_positions`] and [`Limits::max_memory`].
    pub fn check_alloc(&self, what: &str, count: u128, bytes_each: u64) -> Result<(), LimitError> {
        self.limits.check(what, count, bytes_each)
    }

    /// Checks, before they are allocated, `bytes` bytes (by the caller's
    /// estimate) against [`Limits::max_memory`].
    pub fn check_bytes(&self, what: &str, bytes: u128) -> Result<(), LimitError> {
        self.limits.check_bytes(what, bytes)
    }

    /// The capacity to grow a full table of `len` positions to: double, at
    /// least 16, and no more than the position limit allows (but at least
    /// `len + 1`, so the caller's next charge is what reports the limit).
    pub fn grown_capacity(&self, len: usize) -> usize {
        let cap = usize::try_from(self.limits.max_positions).unwrap_or(usize::MAX);
        len.saturating_mul(2)
            .max(16)
            .min(cap)
            .max(len.saturating_add(1))
    }

    /// Fails if a recursion of `what` at `depth` would go deeper than
    /// [`Limits::max_depth`]. Recursive algorithms call it on entry.
    #[inline]
    pub fn check_depth(&self, what: &str, depth: usize) -> Result<(), LimitError> {
        if depth > self.limits.max_depth {
            return Err(LimitError::Depth {
                what: what.into(),
                limit: self.limits.max_depth,
            });
        }
        Ok(())
    }

    /// Called once per unit of work (a position expanded) in a solver's main
    /// loop: every few dozen calls, checks the cancel flag and the deadline
    /// and sends a progress report when one is due.
    #[inline]
    pub fn tick(&self, what: &'static str) -> Result<(), LimitError> {
        // A plain load and store, not an atomic increment: ticks lost when
        // threads race only delay the next check a little.
        let n = self.account.ticks.load(Ordering::Relaxed).wrapping_add(1);
        self.account.ticks.store(n, Ordering::Relaxed);
        if n & (TICK_INTERVAL - 1) != 0 {
            return Ok(());
        }
        self.check_now(what)
    }

    /// Checks the cancel flag and the deadline now, and reports progress if
    /// due. Solvers call it at the start of each query.
    #[cold]
    pub fn check_now(&self, what: &'static str) -> Result<(), LimitError> {
        if self.is_cancelled() {
            return Err(LimitError::Cancelled { what: what.into() });
        }
        if self.deadline.is_none() && self.progress.is_none() {
            return Ok(());
        }
        let now = Instant::now();
        if let Some(deadline) = self.deadline {
            if now >= deadline {
                return Err(LimitError::Time {
                    what: what.into(),
                    limit: self.limits.max_time.unwrap_or_default(),
                    elapsed: now - self.account.start,
                });
            }
        }
        if let Some(sink) = &self.progress {
            let elapsed = now - self.account.start;
            let at = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
            let last = self.account.last_report.load(Ordering::Relaxed);
            let due = at.saturating_sub(last) >= PROGRESS_INTERVAL.as_nanos() as u64;
            // Only the thread that moves the mark reports, so two threads
            // ticking together do not both call the sink.
            if due
                && self
                    .account
                    .last_report
                    .compare_exchange(last, at, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                sink(Progress {
                    what,
                    positions: self.positions(),
                    max_positions: self.limits.max_positions,
                    elapsed,
                    max_time: self.limits.max_time,
                });
            }
        }
        Ok(())
    }
}

/// Grows `v` (which is full) to `new_capacity` elements, turning a refused
/// allocation into an error instead of an abort.
pub(crate) fn try_grow<T>(
    v: &mut Vec<T>,
    new_capacity: usize,
    what: &str,
    budget: &Budget,
) -> Result<(), LimitError> {
    let additional = new_capacity.saturating_sub(v.len());
    v.try_reserve_exact(additional)
        .map_err(|_| LimitError::Allocation {
            what: what.into(),
            requested: additional as u128 * std::mem::size_of::<T>() as u128,
            limit: budget.limits().max_memory,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn small(positions: u64) -> Budget {
        Budget::new(Limits {
            max_positions: positions,
            max_memory: 1000,
            ..Limits::default()
        })
    }

    #[test]
    fn charges_are_shared_by_clones_and_bounded() {
        let b = small(10);
        let c = b.clone();
        b.charge("a", 6).unwrap();
        let e = c.charge("b", 5).unwrap_err();
        assert_eq!(e.flag(), Some("--max-positions"));
        assert!(e.to_string().contains("b needs 11 positions"), "{e}");
        // A refused charge records nothing.
        assert_eq!(b.positions(), 6);
        c.charge("b", 4).unwrap();
        assert_eq!(b.positions(), 10);
    }

    #[test]
    fn allocations_are_checked_before_they_happen() {
        let b = small(100);
        assert!(b.check_alloc("t", 100, 10).is_ok());
        assert_eq!(
            b.check_alloc("t", 101, 1).unwrap_err().flag(),
            Some("--max-positions")
        );
        assert_eq!(
            b.check_alloc("t", 100, 11).unwrap_err().flag(),
            Some("--max-memory")
        );
        assert_eq!(
            b.check_bytes("t", 1001).unwrap_err().flag(),
            Some("--max-memory")
        );
        assert_eq!(b.grown_capacity(0), 16);
        assert_eq!(b.grown_capacity(40), 80);
        assert_eq!(b.grown_capacity(60), 100);
        assert_eq!(b.grown_capacity(100), 101);
    }

    #[test]
    fn depth_and_cancel_are_errors() {
        let b = Budget::new(Limits {
            max_depth: 3,
            ..Limits::default()
        });
        assert!(b.check_depth("r", 3).is_ok());
        let e = b.check_depth("r", 4).unwrap_err();
        assert!(e.to_string().contains("--max-depth"), "{e}");
        let flag = Arc::new(AtomicBool::new(false));
        let b = b.with_cancel_flag(flag.clone());
        assert!((0..1000).all(|_| b.tick("t").is_ok()));
        flag.store(true, Ordering::Relaxed);
        let e = (0..TICK_INTERVAL).find_map(|_| b.tick("t").err()).unwrap();
        assert_eq!(e, LimitError::Cancelled { what: "t".into() });
        assert_eq!(e.flag(), None);
    }

    #[test]
    fn deadline_is_noticed_by_ticks() {
        let b = Budget::new(Limits {
            max_time: Some(Duration::from_millis(20)),
            ..Limits::default()
        });
        let start = Instant::now();
        let e = loop {
            if let Err(e) = b.tick("spin") {
                break e;
            }
        };
        assert!(start.elapsed() < Duration::from_secs(1));
        assert!(matches!(e, LimitError::Time { .. }), "{e}");
        assert!(e.to_string().contains("--max-time"), "{e}");
    }

    #[test]
    fn progress_is_reported_a_few_times_a_second() {
        let reports = Arc::new(Mutex::new(Vec::new()));
        let r = reports.clone();
        let b = Budget::default().with_progress(Arc::new(move |p: Progress| {
            r.lock().unwrap().push(p);
        }));
        b.charge("x", 5).unwrap();
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(600) {
            b.tick("spinning").unwrap();
        }
        let reports = reports.lock().unwrap();
        assert!((2..=4).contains(&reports.len()), "{}", reports.len());
        assert_eq!(reports[0].what, "spinning");
        assert_eq!(reports[0].positions, 5);
    }

    #[test]
    fn budgets_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Budget>();
        let b = small(1000);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..100 {
                        b.charge("t", 1).unwrap();
                    }
                });
            }
        });
        assert_eq!(b.positions(), 400);
    }
}
