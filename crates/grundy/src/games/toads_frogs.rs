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
    says: Some(says),
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
        style: crate::component::spec::GridStyle::Cells,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<ToadsFrogs>(call, &SPEC, partizan::toads_frogs, None)
}

/// "toad 1 slides to 2", "frog 4 jumps over the toad to 2": cells numbered
/// from 1 at the left.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<ToadsFrogs>(before)?;
    let a = position_of::<ToadsFrogs>(after)?;
    let n = b.cells_count();
    if a.cells_count() != n {
        return None;
    }
    let changed: Vec<usize> = (0..n).filter(|&i| b.cell(i) != a.cell(i)).collect();
    let [x, y] = changed[..] else {
        return None;
    };
    // The cell the creature left is empty after the move.
    let (from, to) = if a.cell(x) == b'.' { (x, y) } else { (y, x) };
    let who = match b.cell(from) {
        b't' => "toad",
        b'f' => "frog",
        _ => return None,
    };
    Some(if from.abs_diff(to) == 1 {
        format!("{who} {} slides to {}", from + 1, to + 1)
    } else {
        let other = if who == "toad" { "frog" } else { "toad" };
        format!("{who} {} jumps over the {other} to {}", from + 1, to + 1)
    })
}
