//! Partizan Euclid, as CGSuite's `game.heap.PartizanEuclid`.
//!
//! Expression syntax: `partizan_euclid(p,q)`, two whole numbers up to
//! 2^32-1. When `q` is 0 or divides `p` neither player can move; otherwise
//! Left moves to `(q, p mod q)`, a step of Euclid's algorithm, and Right to
//! `(q, q - p mod q)`.
//!
//! ```
//! use grundy::games::partizan_euclid::{PartizanEuclid, Pair};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let v = CanonicalSolver::new(PartizanEuclid).value(&Pair(8, 7)).unwrap();
//! assert_eq!(v, Game::parse("^5").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use crate::component::figure::{Figure, Shape, Touch};
use crate::component::spec::{natural, Call, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::PartizanRules;
use crate::vocab::outcome::Player;

/// The rules of Partizan Euclid.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanEuclid;

/// A position `(p, q)`: printed `partizan_euclid(8,7)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pair(pub u32, pub u32);

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "partizan_euclid({},{})", self.0, self.1)
    }
}

impl PartizanRules for PartizanEuclid {
    type Position = Pair;

    fn options(&self, &Pair(p, q): &Pair, player: Player, out: &mut Vec<Pair>) {
        if q == 0 || p % q == 0 {
            return;
        }
        out.push(match player {
            Player::Left => Pair(q, p % q),
            Player::Right => Pair(q, q - p % q),
        });
    }
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    const USAGE: &str = "write partizan_euclid(p, q) with two whole numbers up to 4294967295";
    let [p, q] = call.args().unwrap_or(&[]) else {
        return Err(call.error(call.span(), "partizan_euclid takes two numbers", USAGE));
    };
    let number = |a: &crate::language::syntax::Arg| -> Result<u32, ExprError> {
        let v = natural(a, "numbers", "a number")?;
        u32::try_from(v).map_err(|_| call.error(a.span(), format!("{v} is too large"), USAGE))
    };
    let pair = Pair(number(p)?, number(q)?);
    Ok(super::partizan_rules::RulesPosition::<PartizanEuclid>::component(&SPEC, None, pair))
}

/// The declaration of `partizan_euclid`.
pub static SPEC: GameSpec = GameSpec {
    name: "partizan_euclid",
    kind: GameKind::Partizan,
    summary: "Partizan Euclid (p,q): Left moves to (q, p mod q), Right to (q, q - p mod q)",
    example: "partizan_euclid(8,7)",
    build,
    ruleset: None,
    says: Some(says),
    picture: Picture::Figure { draw, touch },
};

/// The width, in units, of the longer bar.
const BAR_WIDTH: f64 = 24.0;
/// The most pieces of length `q` drawn one by one along `p`.
const MAX_DRAWN_PIECES: u32 = 48;

/// Two bars, `p` above `q`, the same scale, `p` marked off in pieces of
/// length `q` with the rest `p mod q` at its end. Drawn as bars and not as
/// a `p`×`q` rectangle whose squares a move removes: Left's move does cut
/// the `q`×`q` squares off the rectangle (Euclid's algorithm, as a class
/// draws it), but Right's leaves `(q, q - p mod q)`, which is no part of
/// the rectangle; on bars both moves are measured the same way, `p` by
/// pieces of `q`, and the words say what each keeps. The bar `p` is target
/// 0, `q` target 1: a click on either plays the player's one move.
fn draw(c: &Component) -> Option<Figure> {
    use super::partizan_rules::position_of;
    let &Pair(p, q) = position_of::<PartizanEuclid>(c)?;
    let unit = BAR_WIDTH / f64::from(p.max(q).max(1));
    let (wp, wq) = (f64::from(p) * unit, f64::from(q) * unit);
    let mut shapes = vec![
        Shape::text(BAR_WIDTH / 2.0, 0.6, format!("p = {p}")),
        Shape::rect(
            0.0,
            1.0,
            wp.max(0.05),
            1.5,
            Look::Empty,
            format!("the bar p = {p}"),
        )
        .target(0),
    ];
    if let Some(whole) = p.checked_div(q) {
        if whole <= MAX_DRAWN_PIECES {
            for k in 1..=whole {
                let x = f64::from(k) * wq;
                let name = format!("{k} × {q}");
                shapes.push(Shape::line(x, 1.0, 0.0, 1.5, Look::Blocked, name));
            }
        }
        let r = p % q;
        if r > 0 {
            shapes.push(Shape::rect(
                f64::from(whole) * wq,
                1.0,
                f64::from(r) * unit,
                1.5,
                Look::Neutral,
                format!("what is left of p after {whole} × {q}: {r}"),
            ));
        }
        shapes.push(Shape::text(
            BAR_WIDTH / 2.0,
            3.3,
            format!("p = {whole} × {q} + {r}"),
        ));
    }
    shapes.push(Shape::text(BAR_WIDTH / 2.0, 4.6, format!("q = {q}")));
    shapes.push(
        Shape::rect(
            0.0,
            5.0,
            wq.max(0.05),
            1.5,
            Look::Empty,
            format!("the bar q = {q}"),
        )
        .target(1),
    );
    Some(Figure {
        width: BAR_WIDTH,
        height: 6.5,
        shapes,
        targets: 2,
    })
}

/// Left's move measures `p` by `q` and keeps the rest (target 0); Right's
/// also takes the rest from `q` (targets 0 and 1). Each player has one
/// move, so a click on either bar names it.
fn touch(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<Touch> {
    use super::partizan_rules::position_of;
    let &Pair(p, q) = position_of::<PartizanEuclid>(before)?;
    let &Pair(x, y) = position_of::<PartizanEuclid>(after)?;
    (q > 0 && x == q && p % q != 0).then_some(())?;
    let r = p % q;
    Some(match mover? {
        Player::Left if y == r => Touch {
            marks: vec![0],
            also: vec![1],
        },
        Player::Right if y == q - r => Touch {
            marks: vec![0, 1],
            also: Vec::new(),
        },
        _ => return None,
    })
}

/// "(8, 7) to (7, 1)": Left leaves `(q, p mod q)`, Right `(q, q - p mod q)`;
/// the words say which and what it leaves.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let &Pair(p, q) = position_of::<PartizanEuclid>(before)?;
    let &Pair(x, y) = position_of::<PartizanEuclid>(after)?;
    (x == q && q > 0).then_some(())?;
    let r = p % q;
    Some(match mover? {
        Player::Left if y == r => format!("take {} × {q} from {p}, leaving ({q}, {r})", p / q),
        Player::Right if y == q - r => format!(
            "take {} × {q} from {p} and {r} from {q}, leaving ({q}, {y})",
            p / q
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_option_each() {
        let mut out = Vec::new();
        PartizanEuclid.options(&Pair(8, 3), Player::Left, &mut out);
        PartizanEuclid.options(&Pair(8, 3), Player::Right, &mut out);
        PartizanEuclid.options(&Pair(8, 4), Player::Left, &mut out);
        PartizanEuclid.options(&Pair(8, 0), Player::Right, &mut out);
        assert_eq!(out, [Pair(3, 2), Pair(3, 1)]);
        assert_eq!(Pair(8, 3).to_string(), "partizan_euclid(8,3)");
    }
}
