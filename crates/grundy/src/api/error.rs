//! The one error of the facade: what kind of problem, where, and the
//! message that says what was wrong and what would be accepted.

use std::fmt;

use crate::component::{EvalError, ExprError};
use crate::vocab::limits::LimitError;

/// What kind of problem stopped a question: front ends choose their
/// exit status, HTTP status or exception class by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not read as what was asked for (a game, a ruleset, a
    /// number); [`Error::column`] says where.
    Parse,
    /// The input reads but cannot be answered as asked (a board ruleset
    /// given to `seq`, a store of another game).
    Input,
    /// A limit stopped the work; the input was fine.
    Limit(Box<LimitError>),
    /// A scripted game's function failed or returned what it must not.
    Script(Box<crate::component::ScriptError>),
    /// Reading or writing a file (a store, a picture) failed.
    Io,
    /// The session's cancel flag stopped a run that keeps what it computed
    /// (`seq` with a store): the message says how to continue it.
    Interrupted,
}

/// Why a question got no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of problem.
    pub kind: ErrorKind,
    /// The whole message, as the command prints it after `error: `
    /// (for a parse error, with the input and a caret under the column).
    pub message: String,
    /// The byte offset in the input the message points at, if it does.
    pub at: Option<usize>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The longest input echoed in an error with its caret; longer ones are
/// cut around the column.
const ECHO_LIMIT: usize = 200;

impl Error {
    /// An input that cannot be answered as asked.
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            message: message.into(),
            at: None,
        }
    }

    /// A limit that stopped the work.
    pub fn limit(e: LimitError) -> Error {
        Error {
            message: e.to_string(),
            kind: ErrorKind::Limit(Box::new(e)),
            at: None,
        }
    }

    /// A file that could not be read or written.
    pub fn io(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Io,
            message: message.into(),
            at: None,
        }
    }

    /// The column (from 1) of the input the message points at, if it does.
    pub fn column(&self) -> Option<usize> {
        self.at.map(|a| a + 1)
    }

    /// The limit that stopped the work, if one did.
    pub fn limit_hit(&self) -> Option<&LimitError> {
        match &self.kind {
            ErrorKind::Limit(l) => Some(l),
            _ => None,
        }
    }

    /// `text` that does not read: the message, then the text (or the part
    /// of it around the column) with a caret under the column.
    pub fn parse(text: &str, e: &ExprError) -> Error {
        let (shown, start) = clip(text, e.at());
        Error {
            kind: ErrorKind::Parse,
            message: format!(
                "{e}\n{}",
                crate::language::syntax::caret(shown, e.at() - start)
            ),
            at: Some(e.at()),
        }
    }

    /// A failed evaluation of `text`: the input, a limit or a script.
    pub fn eval(text: &str, e: EvalError) -> Error {
        Error::eval_with(text, e, |message| message)
    }

    /// [`Error::eval`], with the message of a problem that is not the
    /// input's syntax passed through `say` (to name the text it concerns).
    pub fn eval_with(text: &str, e: EvalError, say: impl FnOnce(String) -> String) -> Error {
        if let EvalError::Expr(x) = &e {
            return Error::parse(text, x);
        }
        if let Some(l) = e.limit() {
            return Error {
                kind: ErrorKind::Limit(Box::new(l.clone())),
                message: say(e.to_string()),
                at: None,
            };
        }
        let message = say(e.to_string());
        match e {
            EvalError::Script(s) => Error {
                kind: ErrorKind::Script(s),
                message,
                at: None,
            },
            _ => Error {
                kind: ErrorKind::Input,
                message,
                at: None,
            },
        }
    }
}

impl From<crate::partizan::Error> for Error {
    fn from(e: crate::partizan::Error) -> Error {
        match e {
            crate::partizan::Error::Limit(l) => Error::limit(l),
            other => Error::input(other.to_string()),
        }
    }
}

impl From<LimitError> for Error {
    fn from(e: LimitError) -> Error {
        Error::limit(e)
    }
}

/// The text around byte `at`, at most [`ECHO_LIMIT`] bytes of it (so that
/// an error on a huge input does not echo it whole), and where it starts.
fn clip(text: &str, at: usize) -> (&str, usize) {
    if text.len() <= ECHO_LIMIT {
        return (text, 0);
    }
    let mut start = at.saturating_sub(ECHO_LIMIT / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + ECHO_LIMIT).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[start..end], start)
}
