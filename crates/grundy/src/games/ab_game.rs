//! The CodeChef A/B string game (seed 002); A is Left; valued by its closed form (reserve moves + Nim).
//!
//! Written `ab_game("A..B.A...B")`; the rules are [`partizan::AbGame`].

use super::partizan_rules::string_position;
use crate::engine::component::Component;
use crate::partizan::{self, AbGame};
use crate::registry::{Call, GameKind, GameSpec};
use crate::ExprError;

/// The declaration of `ab_game`.
pub static SPEC: GameSpec = GameSpec {
    name: "ab_game",
    kind: GameKind::Partizan,
    summary: "the CodeChef A/B string game (seed 002); A is Left; valued by its closed form (reserve moves + Nim)",
    example: "ab_game(\"A..B.A...B\")",
    build,
    ruleset: None,
    says: None,
    picture: crate::registry::Picture::Grid {
        cells: &[
            crate::registry::Cell {
                ch: '.',
                look: crate::registry::Look::Empty,
                name: "free",
            },
            crate::registry::Cell {
                ch: 'A',
                look: crate::registry::Look::Left,
                name: "Left's A",
            },
            crate::registry::Cell {
                ch: 'B',
                look: crate::registry::Look::Right,
                name: "Right's B",
            },
        ],
        rows: false,
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
