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

use crate::component::spec::{natural, Call, GameKind, GameSpec, Picture};
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
    // A pair (p, q) is not two heaps: text until the page draws it.
    picture: Picture::Text,
};

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
