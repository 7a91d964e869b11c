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
    says: Some(says),
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
        style: crate::component::spec::GridStyle::Cells,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<Domineering>(call, &SPEC, partizan::domineering, None)
}

/// "vertical domino on b1–b2" (Left's) or "horizontal domino on a1–b1"
/// (Right's): the two cells the move covered.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    let b = super::partizan_rules::position_of::<Domineering>(before)?;
    let a = super::partizan_rules::position_of::<Domineering>(after)?;
    if (b.rows(), b.cols()) != (a.rows(), a.cols()) {
        return None;
    }
    let covered: Vec<(usize, usize)> = (0..b.rows())
        .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| b.is_free(r, c) && !a.is_free(r, c))
        .collect();
    super::words::domino(&covered)
}
