//! The questions on partizan values: `compare`, `thermograph`, `transform`.

use std::fmt;

use serde::Serialize;

use super::{Error, Session};
use crate::partizan::{Dyadic, Game, Thermograph};

/// Runs `run` with all its arithmetic (cooling, heating, thermographs,
/// atomic weights, not only the values) within the session's limits.
fn within<T>(
    session: &Session,
    run: impl FnOnce(&mut crate::engine::Engine) -> Result<T, Error>,
) -> Result<T, Error> {
    session.in_notation(|| {
        let budget = session.budget();
        let mut engine = session.engine_with(budget.clone());
        // The arithmetic past the value stops only at the budget's limits.
        crate::partizan::within_budget(&budget, || {
            Ok::<_, crate::partizan::Error>(run(&mut engine))
        })
        .unwrap_or_else(|e| Err(Error::from(e)))
    })
}

/// The canonical value of a game expression, or of a whole text in CGSuite notation.
fn canonical(
    session: &Session,
    engine: &mut crate::engine::Engine,
    text: &str,
) -> Result<Game, Error> {
    let game = crate::language::expr::parse_any_in(text, &session.registry)
        .map_err(|e| Error::parse(text, &e))?;
    engine
        .partizan_value(&game)
        .map_err(|e| Error::eval_with(text, e, |m| format!("{text}: {m}")))
}

/// Whether the game `text`'s moves can return to a position (a loopy
/// catalogue game, a script): it is then compared as a loopy game.
fn cycles(
    session: &Session,
    engine: &mut crate::engine::Engine,
    text: &str,
) -> Result<bool, Error> {
    let game = crate::language::expr::parse_any_in(text, &session.registry)
        .map_err(|e| Error::parse(text, &e))?;
    match engine.partizan_value(&game) {
        Err(crate::component::EvalError::Search(crate::solvers::search::SearchError::Cycle {
            ..
        })) => Ok(true),
        _ => Ok(false),
    }
}

/// The answer of `compare`.
#[derive(Clone, Debug, Serialize)]
pub struct CompareAnswer {
    /// The first game, as written.
    pub g: String,
    /// Its value.
    pub g_value: String,
    /// The second game, as written.
    pub h: String,
    /// Its value.
    pub h_value: String,
    /// `<`, `>`, `=` or `<>` (confused, incomparable).
    pub relation: String,
}

/// Compares the games `g` and `h`.
pub fn compare(session: &Session, g: &str, h: &str) -> Result<CompareAnswer, Error> {
    within(session, |engine| {
        if super::is_loopy(g)
            || super::is_loopy(h)
            || cycles(session, engine, g)?
            || cycles(session, engine, h)?
        {
            return super::loopy_compare(session, engine, g, h);
        }
        let gv = canonical(session, engine, g)?;
        let hv = canonical(session, engine, h)?;
        Ok(CompareAnswer {
            g: g.to_string(),
            g_value: gv.to_string(),
            h: h.to_string(),
            h_value: hv.to_string(),
            relation: crate::partizan::compare(gv, hv).to_string(),
        })
    })
}

/// The text `grundy compare` prints: the games as the user wrote them
/// (their values may print differently).
impl fmt::Display for CompareAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {} {}", self.g, self.relation, self.h)
    }
}

/// The answer of `thermograph`.
#[derive(Clone, Debug, Serialize)]
pub struct ThermographAnswer {
    /// The thermograph: walls, mast, temperature.
    pub thermograph: Thermograph,
    /// The game's canonical value.
    pub value: String,
}

/// The thermograph of the game `text`.
pub fn thermograph(session: &Session, text: &str) -> Result<ThermographAnswer, Error> {
    within(session, |engine| {
        let g = canonical(session, engine, text)?;
        let t = g.thermograph().map_err(Error::from)?;
        Ok(ThermographAnswer {
            thermograph: (*t).clone(),
            value: g.to_string(),
        })
    })
}

impl ThermographAnswer {
    /// The picture, as an SVG document.
    pub fn to_svg(&self) -> String {
        self.thermograph.to_svg()
    }
}

/// The text `grundy thermograph` prints.
impl fmt::Display for ThermographAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.thermograph;
        let wall = |w: &crate::partizan::Trajectory| {
            let v: Vec<String> = w
                .vertices
                .iter()
                .map(|(t, x)| format!("({t}, {x})"))
                .collect();
            format!("{} then slope {}", v.join(" "), w.final_slope)
        };
        writeln!(f, "{}", self.value)?;
        writeln!(f, "temperature: {}", t.temperature)?;
        writeln!(f, "mast (mean): {}", t.mast)?;
        writeln!(f, "left wall  (t, x): {}", wall(&t.left))?;
        writeln!(f, "right wall (t, x): {}", wall(&t.right))
    }
}

/// What `transform` does to a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transform {
    /// Cool by a number (`t > -1`), as `cool(G, t)`.
    Cool(String),
    /// Heat by a number, as `heat(G, t)`.
    Heat(String),
    /// The atomic weight, as `atomic_weight(G)`.
    AtomicWeight,
}

/// The answer of `transform`.
#[derive(Clone, Debug, Serialize)]
pub struct TransformAnswer {
    /// What was done: `cooled by 1`, `heated by 1/2`, `atomic weight`.
    pub operation: String,
    /// The result.
    pub result: String,
    /// The game's canonical value.
    pub value: String,
}

/// Cools, heats or takes the atomic weight of the game `text`.
pub fn transform(session: &Session, text: &str, op: &Transform) -> Result<TransformAnswer, Error> {
    within(session, |engine| {
        let g = canonical(session, engine, text)?;
        let number = |t: &str| -> Result<Dyadic, Error> {
            Game::parse(t)
                .ok()
                .and_then(|v| v.as_number())
                .ok_or_else(|| {
                    Error::input(format!(
                        "'{t}' is not a number: give a dyadic rational like 1, 3/4 or -1/2"
                    ))
                })
        };
        // The same functions as `cool(G, t)`, `heat(G, t)` and
        // `atomic_weight(G)` in an expression.
        let apply = |name: &str, args: &[Game]| match crate::language::functions::lookup(name)
            .map(|f| f.returns)
        {
            Some(crate::language::functions::Returns::Game(f)) => f(args),
            _ => unreachable!("{name} is a function whose value is a game"),
        };
        let (operation, result) = match op {
            Transform::Cool(t) => {
                let d = number(t)?;
                (
                    format!("cooled by {d}"),
                    apply("cool", &[g, Game::number(d)]),
                )
            }
            Transform::Heat(t) => {
                let d = number(t)?;
                (
                    format!("heated by {d}"),
                    apply("heat", &[g, Game::number(d)]),
                )
            }
            Transform::AtomicWeight => ("atomic weight".to_string(), apply("atomic_weight", &[g])),
        };
        let result = result.map_err(|e| match e {
            crate::partizan::Error::Limit(l) => Error::limit(l),
            other => Error::input(format!("{g}: {other}")),
        })?;
        Ok(TransformAnswer {
            operation,
            result: result.to_string(),
            value: g.to_string(),
        })
    })
}

/// The text `grundy transform` prints.
impl fmt::Display for TransformAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}: {}", self.value, self.operation, self.result)
    }
}
