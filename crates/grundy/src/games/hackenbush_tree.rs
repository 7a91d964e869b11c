//! A Hackenbush forest: edges from the ground, children in parentheses.
//!
//! Written `hackenbush_tree("l(r,e),e")`; the rules are [`partizan::HackenbushTrees`].

use super::partizan_rules::string_position;
use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{self, HackenbushTrees};

/// The declaration of `hackenbush_tree`.
pub static SPEC: GameSpec = GameSpec {
    name: "hackenbush_tree",
    kind: GameKind::Partizan,
    summary: "a Hackenbush forest: edges from the ground, children in parentheses (separated by , or by ; as CGSuite writes them)",
    example: "hackenbush_tree(\"l(r,e),e\")",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Graph {
        click: crate::component::drawing::GraphClick::Edge,
        draw,
        touched,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<HackenbushTrees>(call, &SPEC, partizan::hackenbush_tree, None)
}

/// "cut the red edge 3 (as written), 2 up from the ground; the edge above
/// it falls" ([`super::words::edge_cut`]).
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<HackenbushTrees>(before)?;
    let a = position_of::<HackenbushTrees>(after)?;
    super::words::edge_cut(&b.0, &a.0)
}

/// The forest on the ground, its edges numbered as written.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let f = super::partizan_rules::position_of::<HackenbushTrees>(c)?;
    Some(crate::component::drawing::GraphDrawing::forest(&f.0))
}

/// The edge cut, numbered as written.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let b = position_of::<HackenbushTrees>(before)?;
    let a = position_of::<HackenbushTrees>(after)?;
    super::words::forest_cut(&b.0, &a.0)
}
