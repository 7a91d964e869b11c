//! Toads and Frogs: toads move right for Left, frogs left for Right.
//!
//! Written `toads_frogs("ttt..fff")`; the rules are [`partizan::ToadsFrogs`].

use super::partizan_rules::string_position;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{self, ToadsFrogs};

/// The declaration of `toads_frogs`.
pub static SPEC: GameSpec = GameSpec {
    name: "toads_frogs",
    kind: GameKind::Partizan,
    summary: "Toads and Frogs: toads move right for Left, frogs left for Right",
    example: "toads_frogs(\"ttt..fff\")",
    build,
    ruleset: None,
    picture: crate::component::spec::Picture::Grid {
        cells: &[
            crate::component::spec::Cell {
                ch: '.',
                look: crate::component::spec::Look::Empty,
                name: "free",
            },
            crate::component::spec::Cell {
                ch: 't',
                look: crate::component::spec::Look::Left,
                name: "toad (Left)",
            },
            crate::component::spec::Cell {
                ch: 'f',
                look: crate::component::spec::Look::Right,
                name: "frog (Right)",
            },
        ],
        rows: false,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<ToadsFrogs>(call, &SPEC, partizan::toads_frogs, None)
}
