//! Toads and Frogs: toads move right for Left, frogs left for Right.
//!
//! Written `toads_frogs("ttt..fff")`; the rules are [`partizan::ToadsFrogs`].

use super::partizan_rules::string_position;
use crate::engine::component::Component;
use crate::partizan::{self, ToadsFrogs};
use crate::registry::{Call, GameKind, GameSpec};
use crate::ExprError;

/// The declaration of `toads_frogs`.
pub static SPEC: GameSpec = GameSpec {
    name: "toads_frogs",
    kind: GameKind::Partizan,
    summary: "Toads and Frogs: toads move right for Left, frogs left for Right",
    example: "toads_frogs(\"ttt..fff\")",
    build,
    ruleset: None,
    picture: crate::registry::Picture::Grid {
        cells: &[
            crate::registry::Cell {
                ch: '.',
                look: crate::registry::Look::Empty,
                name: "free",
            },
            crate::registry::Cell {
                ch: 't',
                look: crate::registry::Look::Left,
                name: "toad (Left)",
            },
            crate::registry::Cell {
                ch: 'f',
                look: crate::registry::Look::Right,
                name: "frog (Right)",
            },
        ],
        rows: false,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<ToadsFrogs>(call, &SPEC, partizan::toads_frogs, None)
}
