//! Domineering: rows split by `|`, `#` blocked; Left places vertical
//! dominoes, Right horizontal ones.
//!
//! Written `domineering("....|....")`; the rules are [`partizan::Domineering`].

use super::partizan_rules::string_position;
use crate::engine::component::Component;
use crate::partizan::{self, Domineering};
use crate::registry::{Call, GameKind, GameSpec};
use crate::ExprError;

/// The declaration of `domineering`.
pub static SPEC: GameSpec = GameSpec {
    name: "domineering",
    kind: GameKind::Partizan,
    summary: "Domineering: rows split by |, # blocked; Left places vertical dominoes",
    example: "domineering(\"....|....\")",
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
                ch: '#',
                look: crate::registry::Look::Blocked,
                name: "blocked",
            },
        ],
        rows: true,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<Domineering>(call, &SPEC, partizan::domineering, None)
}
