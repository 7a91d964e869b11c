//! A value written in CGSuite notation (`{3||2*|1*}`, `^*`, `1/2`, `+-1`,
//! `Tiny(2)`), or `value("…")`: a partizan game given by its canonical form.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::component::spec::{partizan_error, Call, GameKind, GameSpec};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Key, Partizan, PartizanPosition};
use crate::partizan::{self, Game};
use crate::vocab::outcome::Player;

/// The declaration of values in notation.
pub static SPEC: GameSpec = GameSpec {
    name: "value",
    kind: GameKind::Partizan,
    summary: "a value in CGSuite notation: {3||2*|1*}, ^, v, ^*, *2, +-1, 1/2, Tiny(2), ^[4], v<2>",
    example: "{3||2*|1*}",
    build,
    ruleset: None,
    says: Some(crate::games::words::option_says),
    picture: crate::component::spec::Picture::Text,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (text, at) = match call.literal() {
        Some(text) => (text, call.span().start),
        None => call.string("value(\"{1|0}\")")?,
    };
    let g = Game::parse(text).map_err(|e| {
        partizan_error(
            at,
            e,
            "a value within those limits, in CGSuite notation, like {3||2*|1*}, ^[4], *2, +-1 or 1/2",
        )
    })?;
    Ok(value(g))
}

/// The component whose value is `g`.
pub fn value(g: Game) -> Component {
    Component::Partizan(Arc::new(Value(g)))
}

/// A canonical form as a position: its options are the form's options.
#[derive(Clone, Copy, Debug)]
pub struct Value(pub Game);

static NAME: OnceLock<Arc<str>> = OnceLock::new();

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.to_string();
        // A sum's text must not run into the next summand.
        if s.starts_with('{')
            || !s.contains(['+', '-'])
            || s.starts_with('-') && !s[1..].contains(['+', '-'])
        {
            f.write_str(&s)
        } else {
            write!(f, "({s})")
        }
    }
}

impl PartizanPosition for Value {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn key(&self) -> Key {
        Key::text(NAME.get_or_init(|| Arc::from("value")), &self.0.to_string())
    }

    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let opts = match player {
            Player::Left => self.0.left_options(),
            Player::Right => self.0.right_options(),
        };
        opts.into_iter()
            .try_for_each(|g| visit(Arc::new(Value(g)) as Partizan))
    }

    fn value(&self, _: &mut Context) -> Result<partizan::Game, EvalError> {
        Ok(self.0)
    }
}
