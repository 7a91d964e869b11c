//! A misère canonical form as a game: written in CGSuite's input notation
//! (`*[4,2]`, `*[[2],1]`: the options listed), in its compact printed
//! notation (`*[2[2]321]`, `*[2#]`: read as printed whenever the text has a
//! `#`, `(`, `&` or subscript and no comma; `misere_canonical("*[42]")`
//! reads a text as printed notation always), or made from a game as
//! `misere_canonical(kayles(5))`. It prints in the compact notation, but
//! `*[4,2]` for a form CGSuite prints `*[42]` (which, typed, is the heap `*42`).
//! Its options are the form's options, so it plays like the form; in misère
//! play it equals the game it was made from (Conway, ONAG ch. 12).

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::misere::{MisereError, MisereForm};
use crate::vocab::budget::Budget;
use crate::vocab::limits::Limits;
use crate::vocab::nimber::Nimber;

/// The declaration of misère forms.
pub static SPEC: GameSpec = GameSpec {
    name: "misere_canonical",
    kind: GameKind::Impartial,
    summary: "a misère canonical form: *[4,2] as typed into CGSuite, *[2[2]321] as CGSuite prints \
              it (misere_canonical(\"*[42]\") for a printed string of digits), or \
              misere_canonical(G) for an impartial game G",
    example: "misere_canonical(kayles(5))",
    build,
    ruleset: None,
    says: Some(crate::games::words::option_says),
    picture: crate::component::spec::Picture::Text,
};

/// How long making a form while an expression is read may take.
const READING_TIME: std::time::Duration = std::time::Duration::from_secs(10);

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let Some(text) = call.literal() else {
        return Err(call.error(
            call.span(),
            "misere_canonical(...) takes one impartial game",
            "write misere_canonical(kayles(5)), or a form by its options: *[4,2], *[[2],1]",
        ));
    };
    let budget = reading_budget();
    let form = MisereForm::try_parse_any(text, &budget).map_err(|e| match e {
        MisereError::Parse(p) => call.error(
            crate::language::syntax::Span {
                start: call.span().start + p.column.saturating_sub(1),
                end: call.span().end,
            },
            p.message,
            "a misère form in CGSuite's input notation, its options listed: *[0], *[2], *[4,2], \
             *[[2],1], *[*[2] + *[2]]; or as CGSuite prints it: *[2[2]321], *[2#], \
             misere_canonical(\"*[42]\")",
        ),
        MisereError::Limit(l) => call.error(call.span(), l.to_string(), "a smaller form"),
    })?;
    Ok(component(form))
}

thread_local! {
    /// The budget of the question whose expression this thread is reading,
    /// set by [`reading_within`].
    static READING: std::cell::RefCell<Option<Budget>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with forms made while it reads an expression held to `budget`
/// (the question's own: its time, memory and cancel flag), not to the
/// reading default. Nested calls restore the outer budget.
pub fn reading_within<T>(budget: Budget, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Budget>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            READING.with(|r| *r.borrow_mut() = outer);
        }
    }
    let outer = READING.with(|r| r.borrow_mut().replace(budget));
    let _restore = Restore(outer);
    f()
}

/// The budget of forms made while an expression is read: the question's
/// (see [`reading_within`]), or default limits with ten seconds of time
/// when the reader was called outside any question.
pub(crate) fn reading_budget() -> Budget {
    READING.with(|r| r.borrow().clone()).unwrap_or_else(|| {
        Budget::new(Limits {
            max_time: Some(READING_TIME),
            ..Limits::default()
        })
    })
}

/// The form as a component of a sum.
pub fn component(form: MisereForm) -> Component {
    Component::Impartial(Arc::new(FormPosition(form)))
}

/// A misère form as a position.
#[derive(Clone, Copy, Debug)]
pub struct FormPosition(pub MisereForm);

static NAME: OnceLock<Arc<str>> = OnceLock::new();

impl fmt::Display for FormPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_readable_string())
    }
}

impl ImpartialPosition for FormPosition {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn key(&self) -> Key {
        let name = NAME.get_or_init(|| Arc::from(SPEC.name));
        Key::numbers(name, &[u64::from(self.0.id())])
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        self.0
            .options()
            .into_iter()
            .try_for_each(|o| visit(Arc::new(FormPosition(o))))
    }

    fn nimber(&self, _cx: &mut Context) -> Result<Nimber, EvalError> {
        Ok(self.0.nim_value())
    }
}
