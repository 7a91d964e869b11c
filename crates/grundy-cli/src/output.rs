//! Where a command writes its answer, and what stops it: standard output
//! and Ctrl-C for the command line; for a request of `grundy serve`, a buffer
//! that becomes the response body and the request's own cancel flag, so that
//! the page's API answers exactly what the command prints.

use std::cell::RefCell;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

thread_local! {
    /// The request being answered on this thread, if any.
    static REQUEST: RefCell<Option<Request>> = const { RefCell::new(None) };
}

struct Request {
    body: Vec<u8>,
    cancel: Arc<AtomicBool>,
    cut: bool,
}

/// The answer's writer: standard output, or the request's body.
pub(crate) enum Out {
    Stdout(io::StdoutLock<'static>),
    Request,
}

/// The writer a command prints its answer to.
pub(crate) fn stdout() -> Out {
    if serving() {
        Out::Request
    } else {
        Out::Stdout(io::stdout().lock())
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(s) => s.write(buf),
            Out::Request => REQUEST.with(|r| match r.borrow_mut().as_mut() {
                Some(r) => {
                    r.body.extend_from_slice(buf);
                    Ok(buf.len())
                }
                None => Err(io::Error::other("the request's answer is closed")),
            }),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(s) => s.flush(),
            Out::Request => Ok(()),
        }
    }
}

/// Whether this thread answers a request of `grundy serve` (no progress
/// lines, no Ctrl-C handler: the request's cancel flag stops its work).
pub(crate) fn serving() -> bool {
    REQUEST.with(|r| r.borrow().is_some())
}

/// The cancel flag of the request this thread answers.
pub(crate) fn request_cancel() -> Option<Arc<AtomicBool>> {
    REQUEST.with(|r| r.borrow().as_ref().map(|r| r.cancel.clone()))
}

/// Marks the answer being written as cut short by a limit: it stands as
/// written, but a second try with a larger budget could say more (a
/// server's first, short try is then run again with its whole budget).
pub(crate) fn answer_cut_by_limit() {
    REQUEST.with(|r| {
        if let Some(r) = r.borrow_mut().as_mut() {
            r.cut = true;
        }
    });
}

/// What a command wrote as the answer to a request.
pub(crate) struct Written {
    /// The response body.
    pub(crate) body: Vec<u8>,
    /// Whether a limit cut the answer short ([`answer_cut_by_limit`]).
    pub(crate) cut: bool,
}

/// Runs `f` (a command) as the answer to a request: what it prints is
/// returned with its result, and `cancel` stops its work.
pub(crate) fn answering<T>(cancel: Arc<AtomicBool>, f: impl FnOnce() -> T) -> (T, Written) {
    REQUEST.with(|r| {
        *r.borrow_mut() = Some(Request {
            body: Vec::new(),
            cancel,
            cut: false,
        })
    });
    // Taken back even if `f` panics, so the thread answers no one by mistake.
    struct Close;
    impl Drop for Close {
        fn drop(&mut self) {
            REQUEST.with(|r| r.borrow_mut().take());
        }
    }
    let close = Close;
    let result = f();
    let written = REQUEST.with(|r| {
        r.borrow_mut().take().map_or(
            Written {
                body: Vec::new(),
                cut: false,
            },
            |r| Written {
                body: r.body,
                cut: r.cut,
            },
        )
    });
    drop(close);
    (result, written)
}
