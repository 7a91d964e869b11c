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
    says: None,
    picture: crate::component::spec::Picture::Text,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<HackenbushTrees>(call, &SPEC, partizan::hackenbush_tree, None)
}
