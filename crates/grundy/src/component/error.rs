//! The errors a game meets on its way from text to value, shared by every
//! layer that can meet them: [`ExprError`] (a call that does not name a valid
//! position), [`ScriptError`] (a scripted game's rules failing) and
//! [`EvalError`] (anything that stops an evaluation). They live below the
//! games and the engine so that both name them without naming each other.

use crate::board::TableError;
use crate::language::syntax::{Span, SyntaxError};
use crate::partizan;
use crate::solvers::compound::CompoundError;
use crate::solvers::memo::SolveError;
use crate::solvers::search::SearchError;
use crate::takebreak::{HeapSolveError, SequenceError};
use crate::vocab::limits::LimitError;

/// A game expression that could not be read, with where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    /// The text does not follow the grammar.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text is well-formed but names something invalid.
    #[error("at column {}: {problem}; {accepted}", .at + 1)]
    Invalid {
        /// Byte offset of the offending part.
        at: usize,
        /// What is wrong.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
}

impl ExprError {
    /// Byte offset of the offending part of the text.
    pub fn at(&self) -> usize {
        match self {
            ExprError::Syntax(e) => e.at,
            ExprError::Invalid { at, .. } => *at,
        }
    }

    pub(crate) fn invalid(
        span: Span,
        problem: impl Into<String>,
        accepted: impl Into<String>,
    ) -> ExprError {
        ExprError::Invalid {
            at: span.start,
            problem: problem.into(),
            accepted: accepted.into(),
        }
    }
}

/// Why a script could not be loaded or run. Every variant names the file;
/// those raised while evaluating also name the game, the function and the
/// position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("{file}: {problem}")]
    File {
        /// The file as named.
        file: String,
        /// What went wrong.
        problem: String,
    },
    /// The script does not parse.
    #[error("{place}: syntax error: {message}")]
    Syntax {
        /// `file:line:column`.
        place: String,
        /// The interpreter's message.
        message: String,
    },
    /// The file's declarations are not a game.
    #[error("{file}: {problem}; {accepted}")]
    Declaration {
        /// The file as named.
        file: String,
        /// What is wrong.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
    /// A function of the script failed while it ran.
    #[error("{place}: {message}, in {call} of game '{game}'")]
    Runtime {
        /// `file:line:column` of the failing part.
        place: String,
        /// The game evaluated.
        game: String,
        /// The function and its position, `moves(7)`.
        call: String,
        /// The interpreter's message.
        message: String,
    },
    /// A function of the script returned something that is not what it must return.
    #[error("{file}: {call} of game '{game}' returned {found}; {accepted}")]
    Returned {
        /// The file.
        file: String,
        /// The game evaluated.
        game: String,
        /// The function and its position, `moves(7)`.
        call: String,
        /// What came back.
        found: String,
        /// What would be accepted.
        accepted: String,
    },
    /// A limit of the query's budget stopped the script.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// Why an expression could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The text is not a valid game.
    #[error(transparent)]
    Expr(#[from] ExprError),
    /// A board table could not be built.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A heap's value is not known (beyond what was computed, no period proved).
    #[error(transparent)]
    Heap(#[from] SequenceError),
    /// A subtraction set's values could not be reached.
    #[error(transparent)]
    SubtractionSet(#[from] crate::takebreak::SetError),
    /// An all-but set's values could not be reached.
    #[error(transparent)]
    AllBut(#[from] crate::takebreak::AllButError),
    /// A heap sequence could not be computed (a limit, a thread pool).
    #[error(transparent)]
    HeapSolve(#[from] HeapSolveError),
    /// A user limit was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A scripted game's script failed or returned something it must not.
    #[error(transparent)]
    Script(Box<ScriptError>),
    /// A compound of a loopy game, which retrograde analysis of sums does not cover.
    #[error(
        "{0} has a loopy component (its moves return to an earlier position); retrograde \
         analysis answers sums of loopy games, under normal or misère play, not compounds"
    )]
    LoopyCompound(String),
    /// An exact search gave up.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A compound could not be solved.
    #[error(transparent)]
    Compound(#[from] CompoundError),
    /// A heap beyond the position limit, in a game with no period proved
    /// within it: only a store (or a higher limit) can answer.
    #[error(
        "G({heap}) of `{ruleset}` needs every heap up to {heap}, over the limit of {limit} heaps \
         (--max-positions), and no period is proved in the {computed} heaps computed{observed}; \
         compute it \
         once into a store with `grundy seq '{ruleset}' --at {heap} --store FILE` (it \
         checkpoints, and --resume continues it), then ask again with --store FILE"
    )]
    HeapBeyondLimit {
        /// The ruleset as written (`officers`, `octal[0.376]`).
        ruleset: String,
        /// The heap asked for.
        heap: u64,
        /// The position limit.
        limit: u64,
        /// Heaps computed in the search for a period.
        computed: u64,
        /// What was seen instead of a proof (empty if nothing): an
        /// arithmetic period that no theorem proves for this code.
        observed: String,
    },
    /// A partizan component where only impartial games are allowed.
    #[error(
        "{0} is a partizan game: compounds other than the sum, and Grundy values, are for impartial \
         games; evaluate a partizan sum on its own (`grundy value`) for its canonical value, or in \
         misère play as misere(...)"
    )]
    NotImpartial(String),
    /// The partizan analysis failed.
    #[error(transparent)]
    Partizan(#[from] partizan::Error),
    /// A loopy partizan value could not be formed or computed.
    #[error(transparent)]
    Loopy(crate::loopy::Error),
    /// A memoised search gave up.
    #[error(transparent)]
    Memo(#[from] SolveError),
    /// Perfect play's move asked of a partizan game without saying who moves.
    #[error("{0} is partizan: say which player moves, left or right")]
    MoverNeeded(String),
}

impl From<ScriptError> for EvalError {
    /// A script error as the engine reports it: a limit as a limit.
    fn from(e: ScriptError) -> EvalError {
        match e {
            ScriptError::Limit(l) => EvalError::Limit(l),
            other => EvalError::Script(Box::new(other)),
        }
    }
}

impl EvalError {
    /// The limit that stopped the evaluation, if a limit did (however deep
    /// in a solver's own error it is carried): the input was then fine.
    pub fn limit(&self) -> Option<&LimitError> {
        match self {
            EvalError::Limit(l)
            | EvalError::Table(TableError::Limit(l))
            | EvalError::Search(SearchError::Limit(l))
            | EvalError::Compound(CompoundError::Limit(l))
            | EvalError::Compound(CompoundError::Search(SearchError::Limit(l)))
            | EvalError::Memo(SolveError::Limit(l))
            | EvalError::Partizan(partizan::Error::Limit(l))
            | EvalError::Loopy(crate::loopy::Error::Limit(l)) => Some(l),
            EvalError::Script(e) => match e.as_ref() {
                ScriptError::Limit(l) => Some(l),
                _ => None,
            },
            _ => None,
        }
    }
}
