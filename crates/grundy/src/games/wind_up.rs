//! Wind-up, as cgt-tools' `WindUp` (proposed by Alfie Davies at
//! Games-at-Dal 2023): a subtraction game played modulo `n`.
//!
//! Expression syntax: `wind_up(5, 12, [1,3])` — the position `x`, the
//! modulus `n` (cgt-tools' `WindUp(n=12, {1,3})`) and the subtraction set;
//! `0 <= x < n`, `n` at most [`MAX_WIND_UP_N`], at most
//! [`MAX_WIND_UP_SET`] numbers in the set. From `x != 0` a move goes to
//! `(x - s) mod n` for an `s` of the set; 0 is the end (no move). Play can
//! come back to a position, so a position may be loopy: where no play from
//! `x` returns, its value is its Grundy value; where some does, the
//! position is valued by retrograde analysis as every loopy game is, with
//! Smith's generalised Sprague–Grundy values (`∞(0)`), which are what
//! cgt-tools' `new_using_graph` computes.
//!
//! ```
//! use grundy::{engine::Analysis, parse_game, Engine, Limits};
//! let mut engine = Engine::new(Limits::default());
//! // 1 and 2 move to 0 and to each other: both are ∞(0).
//! let g = parse_game("wind_up(1, 3, [1,2])").unwrap();
//! let Ok(Analysis::Loopy(r)) = engine.analyse_game(&g) else { panic!() };
//! assert_eq!(r.gsg.unwrap().to_string(), "∞(0)");
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::{item_span, natural, Call, GameKind, GameSpec, Picture};
use crate::component::{
    Component, Context, EvalError, ExprError, Impartial, ImpartialPosition, Key,
};
use crate::language::syntax::{Arg, Item};
use crate::solvers::search::SearchError;
use crate::vocab::nimber::Nimber;

/// The largest modulus.
pub const MAX_WIND_UP_N: u64 = 100_000;
/// The most numbers in the subtraction set.
pub const MAX_WIND_UP_SET: usize = 64;

/// A position of Wind-up: printed `wind_up(5,12,[1,3])`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WindUp {
    x: u32,
    n: u32,
    set: Arc<[u32]>,
}

impl WindUp {
    /// The position `x` of `WindUp(n, set)`; the error says which number is
    /// out of range.
    pub fn new(x: u64, n: u64, set: &[u64]) -> Result<WindUp, String> {
        if n == 0 || n > MAX_WIND_UP_N {
            return Err(format!("a modulus of {n}: it must be 1 to {MAX_WIND_UP_N}"));
        }
        if x >= n {
            return Err(format!("position {x}, not less than the modulus {n}"));
        }
        if set.len() > MAX_WIND_UP_SET {
            return Err(format!(
                "{} numbers in the set, more than {MAX_WIND_UP_SET}",
                set.len()
            ));
        }
        let mut s: Vec<u32> = set.iter().map(|&s| (s % n) as u32).collect();
        s.sort_unstable();
        s.dedup();
        Ok(WindUp {
            x: x as u32,
            n: n as u32,
            set: Arc::from(s),
        })
    }

    /// The position and the modulus.
    pub fn position(&self) -> (u32, u32) {
        (self.x, self.n)
    }

    /// The positions one move from `x`.
    fn moves(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        let n = self.n;
        self.set
            .iter()
            .filter(move |_| x != 0)
            .map(move |&s| (x + n - s) % n)
    }

    fn at(&self, x: u32) -> Impartial {
        Arc::new(WindUp { x, ..self.clone() })
    }

    /// The Grundy value of `x` if no play from it comes back to a position
    /// it passed, else `None`.
    fn acyclic_value(&self, cx: &mut Context) -> Result<Option<u32>, EvalError> {
        const NEW: u32 = u32::MAX;
        const OPEN: u32 = u32::MAX - 1;
        let mut value = vec![NEW; self.n as usize];
        let mut stack = vec![self.x];
        while let Some(&x) = stack.last() {
            cx.budget_tick()?;
            if value[x as usize] == NEW {
                value[x as usize] = OPEN;
                for y in self.moves(x) {
                    match value[y as usize] {
                        OPEN => return Ok(None),
                        NEW => stack.push(y),
                        _ => {}
                    }
                }
            } else {
                stack.pop();
                if value[x as usize] != OPEN {
                    continue; // pushed twice, done already
                }
                let seen: Vec<u32> = self.moves(x).map(|y| value[y as usize]).collect();
                if seen.iter().any(|&v| v == OPEN || v == NEW) {
                    return Ok(None);
                }
                value[x as usize] = (0..).find(|m| !seen.contains(m)).unwrap_or(0);
            }
        }
        Ok(Some(value[self.x as usize]))
    }
}

impl fmt::Display for WindUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set: Vec<String> = self.set.iter().map(u32::to_string).collect();
        write!(f, "wind_up({},{},[{}])", self.x, self.n, set.join(","))
    }
}

impl ImpartialPosition for WindUp {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        Key::text(&Arc::from("wind_up"), &self.to_string())
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut seen = Vec::new();
        for y in self.moves(self.x) {
            if !seen.contains(&y) {
                seen.push(y);
                visit(self.at(y))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The Grundy value where play from the position cannot come back;
    /// otherwise the cycle is reported, and the engine values the game by
    /// retrograde analysis.
    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        match self.acyclic_value(cx)? {
            Some(v) => Ok(Nimber(u64::from(v))),
            None => Err(EvalError::Search(SearchError::Cycle {
                position: self.to_string(),
            })),
        }
    }
}

/// The declaration of `wind_up`.
pub static SPEC: GameSpec = GameSpec {
    name: "wind_up",
    kind: GameKind::Impartial,
    summary: "Wind-up (x, n, set): subtract a number of the set from x modulo n; 0 ends the game",
    example: "wind_up(5, 12, [1,3])",
    build,
    ruleset: None,
    says: Some(says),
    picture: Picture::Heaps,
};

const USAGE: &str = "write wind_up(x, n, [set]): a position 0 <= x < n, a modulus n up to 100000 and a subtraction set, like wind_up(5, 12, [1,3])";

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let Some([x, n, Arg::List(items, _)]) = call.args() else {
        return Err(call.error(
            call.span(),
            "wind_up takes a position, a modulus and a set",
            USAGE,
        ));
    };
    if items.len() > MAX_WIND_UP_SET {
        return Err(call.error(
            call.span(),
            format!(
                "{} numbers in the set, more than {MAX_WIND_UP_SET}",
                items.len()
            ),
            USAGE,
        ));
    }
    let set = items
        .iter()
        .map(|item| match item {
            Item::Number(t, span) => t
                .parse::<u64>()
                .map_err(|_| call.error(*span, format!("'{t}' is not a whole number"), USAGE)),
            other => Err(call.error(item_span(other), "expected a number", USAGE)),
        })
        .collect::<Result<Vec<u64>, ExprError>>()?;
    let x = natural(x, "positions", "a position")?;
    let n = natural(n, "moduli", "a modulus")?;
    let p = WindUp::new(x, n, &set).map_err(|problem| call.error(call.span(), problem, USAGE))?;
    Ok(Component::Impartial(Arc::new(p)))
}

/// "subtract 3, leaving 2": the number of the set subtracted (mod n).
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    let of = |c: &Component| match c {
        Component::Impartial(p) => p.as_any()?.downcast_ref::<WindUp>().cloned(),
        Component::Partizan(_) => None,
    };
    let (b, a) = (of(before)?, of(after)?);
    let s = b.set.iter().find(|&&s| (b.x + b.n - s) % b.n == a.x)?;
    Some(format!("subtract {s}, leaving {}", a.x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_wrap_around_and_zero_ends() {
        let p = WindUp::new(1, 12, &[1, 3, 15]).unwrap();
        let mut shown = Vec::new();
        let _ = p.options(&mut |o| {
            shown.push(o.to_string());
            ControlFlow::Continue(())
        });
        assert_eq!(shown, ["wind_up(0,12,[1,3])", "wind_up(10,12,[1,3])"]);
        let end = WindUp::new(0, 12, &[1]).unwrap();
        assert_eq!(end.moves(0).count(), 0);
        for (x, n, says) in [
            (12, 12, "not less than the modulus"),
            (0, 0, "a modulus of 0"),
        ] {
            assert!(WindUp::new(x, n, &[1]).unwrap_err().contains(says));
        }
    }
}
