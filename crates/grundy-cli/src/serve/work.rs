//! Where and when a request computes. Each request first runs as light
//! work: one of `--light` slots, for at most `--light-time`. Most requests
//! (a value, a move, a table) end there. One that runs out of that time is
//! heavy: it runs again from the start within the full budget, in one of
//! `--heavy` slots, so a few heavy requests never hold up the light ones.
//! A request waits at most `--queue-time` for a slot, then gets status 503.
//!
//! Work runs on its own thread (with the deep stack the commands need),
//! stopped through its cancel flag when the client goes away or its time is
//! up; the memory a heavy request freed is handed back to the system.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::Limits;
use tokio::sync::{oneshot, Semaphore};

use super::ServeArgs;
use crate::UserError;

/// What a request computes, given the limits of its attempt: a command
/// whose printed answer becomes the body.
pub(crate) type Job = Arc<dyn Fn(&Limits) -> anyhow::Result<Result<(), UserError>> + Send + Sync>;

/// How a request ended.
pub(crate) enum Done {
    /// What the command printed.
    Answer(Vec<u8>),
    /// What the command printed, with a part left out because a limit
    /// stopped it (a loopy value's sides): tried again with the whole
    /// budget when it came from the first, light try.
    Cut(Vec<u8>),
    /// The command's error for its user (the input, or a limit).
    Refused(UserError),
    /// No slot came free within --queue-time.
    Busy,
    /// The server's tables of values are full (--max-tables): it takes no
    /// more work until restarted.
    Full(String),
    /// Something went wrong in the server (a panic, a thread refused).
    Broken(String),
}

/// The slots requests compute in, and the server's settings.
#[derive(Clone)]
pub(crate) struct Workers {
    pub(crate) args: Arc<ServeArgs>,
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
}

/// The stack of a request's thread, as the command line's work thread has:
/// address space, touched only as deep as it is used.
const WORK_STACK: usize = 256 << 20;

/// Sets the cancel flag when the request is dropped (its client went away)
/// or done.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Workers {
    pub(crate) fn new(args: ServeArgs) -> Workers {
        Workers {
            light: Arc::new(Semaphore::new(args.light)),
            heavy: Arc::new(Semaphore::new(args.heavy)),
            args: Arc::new(args),
        }
    }

    /// The limits of one request, with this much time.
    fn limits(&self, time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..self.args.limits()
        }
    }

    /// Runs `job` as light work, and again as heavy work if it ran out of
    /// light time.
    pub(crate) async fn run(&self, job: Job) -> Done {
        let held = tables_bytes();
        if held > self.args.max_tables {
            return Done::Full(format!(
                "the server's tables of values hold about {} MiB, over its --max-tables of {} MiB: \
                 it answers no more until restarted",
                held >> 20,
                self.args.max_tables >> 20
            ));
        }
        let light_time = self.args.light_time.min(self.args.max_time);
        let first = {
            let Ok(Ok(_permit)) =
                tokio::time::timeout(self.args.queue_time, self.light.clone().acquire_owned())
                    .await
            else {
                return Done::Busy;
            };
            let started = Instant::now();
            let done = self.attempt(job.clone(), self.limits(light_time)).await;
            match done {
                Done::Refused(e) if e.limit && started.elapsed() >= light_time => None,
                Done::Cut(_)
                    if light_time < self.args.max_time && started.elapsed() >= light_time =>
                {
                    None
                }
                other => Some(other),
            }
        };
        if let Some(done) = first {
            return done;
        }
        if light_time >= self.args.max_time {
            // The light attempt had the whole budget already.
            return self.attempt(job, self.limits(light_time)).await;
        }
        let Ok(Ok(_permit)) =
            tokio::time::timeout(self.args.queue_time, self.heavy.clone().acquire_owned()).await
        else {
            return Done::Busy;
        };
        let done = self.attempt(job, self.limits(self.args.max_time)).await;
        // A heavy request's tables are freed by now: give the pages back.
        release_memory();
        done
    }

    /// One run of `job` on its own thread within `limits`.
    async fn attempt(&self, job: Job, limits: Limits) -> Done {
        let cancel = Arc::new(AtomicBool::new(false));
        let _stop = CancelOnDrop(cancel.clone());
        let (tx, rx) = oneshot::channel();
        let flag = cancel.clone();
        let spawned = std::thread::Builder::new()
            .name("grundy-request".into())
            .stack_size(WORK_STACK)
            .spawn(move || {
                let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    crate::output::answering(flag, || job(&limits))
                }));
                let _ = tx.send(ran);
            });
        if let Err(e) = spawned {
            return Done::Broken(format!("could not start a thread for the request: {e}"));
        }
        // The budget stops the work at its time limit; this bound only
        // catches work that does not look at its budget.
        let bound = limits.max_time.unwrap_or(self.args.max_time) + Duration::from_secs(10);
        match tokio::time::timeout(bound, rx).await {
            Ok(Ok(Ok((Ok(Ok(())), written)))) if written.cut => Done::Cut(written.body),
            Ok(Ok(Ok((Ok(Ok(())), written)))) => Done::Answer(written.body),
            Ok(Ok(Ok((Ok(Err(e)), _)))) => Done::Refused(e),
            Ok(Ok(Ok((Err(e), _)))) => Done::Broken(format!("{e:#}")),
            Ok(Ok(Err(_))) => Done::Broken("the request's computation panicked".into()),
            Ok(Err(_)) => Done::Broken("the request's thread ended without an answer".into()),
            Err(_) => Done::Refused(UserError {
                limit: true,
                ..UserError::new(format!(
                    "the request took longer than {bound:?} and was stopped; ask for less, or \
                     start the server with a higher --max-time"
                ))
            }),
        }
    }
}

/// What a partizan value and a misère form held in the process-wide tables
/// take, as their solvers count them against a request's memory.
const VALUE_BYTES: u64 = 512;
const FORM_BYTES: u64 = 160;

/// The memory the process-wide tables of values hold, by that count.
pub(crate) fn tables_bytes() -> u64 {
    grundy::partizan::values_held()
        .saturating_mul(VALUE_BYTES)
        .saturating_add(grundy::misere::forms_held().saturating_mul(FORM_BYTES))
}

/// Hands memory the allocator keeps free back to the system (glibc keeps a
/// thread's freed arena otherwise, and the server's size would only grow).
fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system; it takes
    // the allocator's own locks and touches no memory in use.
    unsafe {
        libc::malloc_trim(0);
    }
}
