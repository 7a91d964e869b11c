//! A Hackenbush string from the ground up: l blue, r red, e green.
//!
//! Written `hackenbush("lrlerrr")`; the rules are [`partizan::Hackenbush`].
//! Two kinds of string are valued by theory, not search: a green string of
//! n edges is Nim's heap `*n` (cutting leaves any shorter string), and a
//! blue-red string is the number its sign expansion gives (Berlekamp; Winning
//! Ways ch. 2). Mixed strings with green edges are searched.

use super::partizan_rules::string_position;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{self, Colour, Hackenbush, HackenbushString};

/// The declaration of `hackenbush`.
pub static SPEC: GameSpec = GameSpec {
    name: "hackenbush",
    kind: GameKind::Partizan,
    summary: "a Hackenbush string from the ground up: l blue, r red, e green",
    example: "hackenbush(\"lrlerrr\")",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Edges {
        cells: &[
            crate::component::spec::Cell {
                ch: 'l',
                look: crate::component::spec::Look::Left,
                name: "blue edge (Left)",
            },
            crate::component::spec::Cell {
                ch: 'r',
                look: crate::component::spec::Look::Right,
                name: "red edge (Right)",
            },
            crate::component::spec::Cell {
                ch: 'e',
                look: crate::component::spec::Look::Neutral,
                name: "green edge (either)",
            },
        ],
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<Hackenbush>(call, &SPEC, partizan::hackenbush, Some(closed_form))
}

/// `*n` for a green string, the sign-expansion number for a blue-red one.
fn closed_form(p: &HackenbushString) -> Option<Result<partizan::Game, partizan::Error>> {
    if !p.0.is_empty() && p.0.iter().all(|&c| c == Colour::Green) {
        return Some(partizan::Game::nimber(p.0.len() as u64));
    }
    p.blue_red_value().map(|x| x.map(partizan::Game::number))
}

/// "cut the red edge 2 (from the ground); 1 edge above it falls".
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<Hackenbush>(before)?;
    let a = position_of::<Hackenbush>(after)?;
    // Cutting edge k (from 0) leaves the k edges below it.
    let k = a.0.len();
    if k >= b.0.len() || b.0[..k] != a.0[..] {
        return None;
    }
    let colour = match b.0[k] {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Green => "green",
    };
    let above = b.0.len() - k - 1;
    let falls = match above {
        0 => String::new(),
        1 => "; the edge above it falls".to_string(),
        n => format!("; the {n} edges above it fall"),
    };
    Some(format!(
        "cut the {colour} edge {} (from the ground){falls}",
        k + 1
    ))
}
