//! The CodeChef A/B string game (seed 002); A is Left; valued by its closed form (reserve moves + Nim).
//!
//! Written `ab_game("A..B.A...B")`; the rules are [`partizan::AbGame`].

use super::partizan_rules::string_position;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{self, AbGame};

/// The declaration of `ab_game`.
pub static SPEC: GameSpec = GameSpec {
    name: "ab_game",
    kind: GameKind::Partizan,
    summary: "the CodeChef A/B string game (seed 002); A is Left; valued by its closed form (reserve moves + Nim)",
    example: "ab_game(\"A..B.A...B\")",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Grid {
        cells: &[
            crate::component::spec::Cell {
                ch: '.',
                look: crate::component::spec::Look::Empty,
                name: "free",
            },
            crate::component::spec::Cell {
                ch: 'A',
                look: crate::component::spec::Look::Left,
                name: "Left's A",
            },
            crate::component::spec::Cell {
                ch: 'B',
                look: crate::component::spec::Look::Right,
                name: "Right's B",
            },
        ],
        rows: false,
        style: crate::component::spec::GridStyle::Tokens,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<AbGame>(
        call,
        &SPEC,
        partizan::ab_game,
        Some(|p| Some(partizan::ab_closed_form(p))),
    )
}

/// "A 1 slides to 3": the token moved, by the cell it stood on (counted
/// from 1 at the left), and where it stops.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<AbGame>(before)?.as_str().as_bytes();
    let a = position_of::<AbGame>(after)?.as_str().as_bytes();
    let (from, to) = super::words::piece_moved(b, a, b'.')?;
    Some(format!(
        "{} {} slides to {}",
        char::from(b[from]),
        from + 1,
        to + 1
    ))
}
