//! Cutcake (Winning Ways ch. 2): Left cuts a piece along a vertical line,
//! Right along a horizontal one. Written `cutcake(width, height)`; the rules
//! are [`partizan::Cutcake`].

use super::partizan_rules::RulesPosition;
use crate::component::spec::{natural, partizan_error, Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::Arg;
use crate::partizan::{self, Cutcake};

/// The declaration of `cutcake`.
pub static SPEC: GameSpec = GameSpec {
    name: "cutcake",
    kind: GameKind::Partizan,
    summary: "Cutcake: Left cuts vertically, Right horizontally",
    example: "cutcake(3,2)",
    build,
    ruleset: None,
    says: Some(says),
    // A rectangle is not a set of heaps: text until the page draws cakes.
    picture: crate::component::spec::Picture::Text,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let [w, h] = call.args().unwrap_or(&[]) else {
        return Err(call.error(
            call.span(),
            "cutcake takes a width and a height",
            "write cutcake(3,2)",
        ));
    };
    let side = |a: &Arg| -> Result<u32, ExprError> {
        let v = natural(a, "sides", "a side")?;
        u32::try_from(v).map_err(|_| {
            call.error(
                a.span(),
                format!("side {v} is too long"),
                "sides up to 4294967295",
            )
        })
    };
    let (w, h) = (side(w)?, side(h)?);
    let cake = partizan::cutcake(w, h).map_err(|e| {
        partizan_error(
            call.span().start,
            e,
            "two sides of at least 1, e.g. cutcake(3, 4)",
        )
    })?;
    // Every Cutcake position is an integer, by a closed form (Winning Ways
    // ch. 2; checked against the solver in the tests): no search, however
    // large the cake.
    Ok(RulesPosition::<Cutcake>::component(
        &SPEC,
        Some(|cake| Some(partizan::Game::integer(cake.closed_form()))),
        cake,
    ))
}

/// "cut the 3×2 piece into 1×2 and 2×2" (width × height): Left cuts
/// along a vertical line, Right along a horizontal one; pieces of 1×1
/// are no longer written, but the words name them.
fn says(
    before: &Component,
    after: &Component,
    mover: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use crate::vocab::outcome::Player;
    let (b, a) = (
        position_of::<Cutcake>(before)?,
        position_of::<Cutcake>(after)?,
    );
    let player = mover?;
    let pieces = b.pieces();
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let len = if player == Player::Left { w } else { h };
        for k in 1..=len / 2 {
            let cut = match player {
                Player::Left => [(k, h), (w - k, h)],
                Player::Right => [(w, k), (w, h - k)],
            };
            let mut v = pieces.to_vec();
            v.remove(i);
            v.extend(cut);
            v.retain(|&p| p != (1, 1));
            v.sort_unstable();
            if v == a.pieces() {
                return Some(format!(
                    "cut the {w}×{h} piece into {}×{} and {}×{}",
                    cut[0].0, cut[0].1, cut[1].0, cut[1].1
                ));
            }
        }
    }
    None
}
