//! The facade every front end calls: the command line, `grundy serve` and
//! the Python package ask the same questions through these functions and
//! get the same typed answers back.
//!
//! Each function takes a [`Session`] (the limits, the games known, the
//! notation values print in, what stops the work) and the question as
//! text or plain values, and returns an answer that serialises (with
//! serde) to exactly what the command's `--json` prints and displays as
//! exactly what the command prints as text. Errors are one [`Error`] type
//! that says what kind of problem it is (the input, a limit, a script),
//! where in the input, and what would be accepted, so that each front end
//! maps it to its own words (an exit status, an HTTP status, a Python
//! exception) without reading the message.
//!
//! ```
//! use grundy::api::{self, Session, SeqRequest, ValueAnswer};
//! use grundy::Limits;
//!
//! let session = Session::new(Limits::default());
//!
//! // The value of a sum, who wins, and the winning moves.
//! let ValueAnswer::Position(a) = api::value(&session, "nim(3,5,7) + kayles(5)").unwrap() else {
//!     unreachable!("a position, not a list function")
//! };
//! assert_eq!((a.outcome.as_str(), a.kind), ("N", "impartial"));
//! println!("{a}"); // the text `grundy value` prints
//!
//! // Kayles' Grundy values and their period, proved by the Guy–Smith theorem.
//! let request = SeqRequest { to: 200, ..SeqRequest::default() };
//! let s = api::seq(&session, "kayles", &request, &mut |_| {}).unwrap();
//! assert_eq!(&s.values()[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
//! assert!(s.to_string().contains("period 12, preperiod 71: proved"));
//!
//! // A canonical form, printed as CGSuite prints it.
//! let ValueAnswer::Position(d) = api::value(&session, "domineering(\"...|...\")").unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(serde_json::to_value(&d).unwrap()["value"], "{2|-1/2}");
//! ```

mod error;
pub mod family;
mod forms;
mod games;
mod loopy;
mod options;
mod picture;
mod play;
mod quotient;
mod seq;
mod table;
mod text;
mod value;
mod values;
mod verify;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use error::{Error, ErrorKind};
pub use forms::{FormSeqAnswer, FormTable, MAX_FAMILY_POSITIONS};
pub use games::{games, GameEntry, GamesAnswer};
pub use loopy::{is_loopy, loopy_compare, loopy_value, LoopyAnswer};
pub use options::{
    followers, move_says, options, FollowersAnswer, Move, OptionsAnswer, SideOptions,
};
pub use picture::{
    figure_of, graph_of, moved, picture, picture_of_move, touch_of, touched, Moved, PartPicture,
    PictureAnswer,
};
pub use play::{components, perfect_move, ComponentAnswer, ComponentsAnswer, MoveAnswer};
pub use quotient::{quotient, QuotientAnswer};
pub use seq::{
    misere_seq, script_seq, seq, AllButSeqAnswer, GeneralSeqAnswer, HeapSeqAnswer, MisereSeqAnswer,
    ScriptSeqAnswer, SeqAnswer, SeqEvent, SeqRequest, SeqSolver, SeqStats, SeqStore, SetSeqAnswer,
};
pub use table::{table, GrundyTable, TableAnswer};
pub use text::{misere_form_of, ReadText};
pub use value::{
    value, value_analysis, value_in, BatchAnswer, Detail, ListAnswer, LoopyLine, PositionAnswer,
    PredicateAnswer, ValueAnswer,
};
pub use values::{
    compare, thermograph, transform, CompareAnswer, ThermographAnswer, Transform, TransformAnswer,
};
pub use verify::{verify, Counterexample, Said, VerifyAnswer};

use crate::engine::Engine;
use crate::partizan::Notation;
use crate::registry::Registry;
use crate::vocab::budget::Budget;
use crate::vocab::budget::ProgressSink;
use crate::vocab::limits::Limits;

/// What every question is asked within: the limits, the games known
/// (built in, and scripted ones loaded into the registry), the notation
/// partizan values print in, and what stops or watches the work.
#[derive(Clone, Default)]
pub struct Session {
    /// The limits of each question.
    pub limits: Limits,
    /// The games expressions are read with.
    pub registry: Registry,
    /// How partizan values are written.
    pub notation: Notation,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<ProgressSink>,
}

impl Session {
    /// A session with these limits, the built-in games and CGSuite's notation.
    pub fn new(limits: Limits) -> Session {
        Session {
            limits,
            ..Session::default()
        }
    }

    /// The same session, stopped when `flag` is set (Ctrl-C, a request
    /// whose client went away).
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Session {
        self.cancel = Some(flag);
        self
    }

    /// The same session, telling `sink` how long work is going.
    pub fn with_progress(mut self, sink: ProgressSink) -> Session {
        self.progress = Some(sink);
        self
    }

    /// The flag that stops this session's work, if it has one.
    pub fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// A fresh budget of this session's limits, stopped by its flag.
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::new(self.limits);
        if let Some(flag) = &self.cancel {
            budget = budget.with_cancel_flag(flag.clone());
        }
        if let Some(sink) = &self.progress {
            budget = budget.with_progress(sink.clone());
        }
        budget
    }

    /// An engine with a fresh budget and this session's games.
    pub fn engine(&self) -> Engine {
        self.engine_with(self.budget())
    }

    fn engine_with(&self, budget: Budget) -> Engine {
        let mut engine = Engine::with_budget(budget);
        engine.set_registry(self.registry.clone());
        engine
    }

    /// Runs `f` with values printing in this session's notation, and with
    /// forms made while it reads an expression (`misere_canonical(G)`)
    /// held to this session's limits and cancel flag, from now on.
    pub fn in_notation<T>(&self, f: impl FnOnce() -> T) -> T {
        crate::games::misere_form::reading_within(self.budget(), || {
            crate::partizan::with_notation(self.notation, f)
        })
    }
}

/// How a position's play is named in answers: `normal` or `misere`.
fn play_name(p: crate::solvers::search::Play) -> &'static str {
    match p {
        crate::solvers::search::Play::Normal => "normal",
        crate::solvers::search::Play::Misere => "misere",
    }
}

/// Writes `items` on one line each, indented, or says `none`.
fn texts<T: ToString>(items: &[T]) -> Vec<String> {
    items.iter().map(ToString::to_string).collect()
}
