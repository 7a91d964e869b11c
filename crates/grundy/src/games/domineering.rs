//! Domineering: rows split by `|`, `#` blocked; Left places vertical
//! dominoes, Right horizontal ones.
//!
//! Written `domineering("....|....")`; the rules are [`partizan::Domineering`].

use super::partizan_rules::string_position;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{self, Domineering};

/// The declaration of `domineering`.
pub static SPEC: GameSpec = GameSpec {
    name: "domineering",
    kind: GameKind::Partizan,
    summary: "Domineering: rows split by |, # blocked; Left places vertical dominoes",
    example: "domineering(\"....|....\")",
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
                ch: '#',
                look: crate::component::spec::Look::Blocked,
                name: "blocked",
            },
        ],
        rows: true,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<Domineering>(call, &SPEC, partizan::domineering, None)
}
