//! A Hackenbush string from the ground up: l blue, r red, e green.
//!
//! Written `hackenbush("lrlerrr")`; the rules are [`partizan::Hackenbush`].

use super::partizan_rules::string_position;
use crate::engine::component::Component;
use crate::partizan::{self, Hackenbush};
use crate::registry::{Call, GameKind, GameSpec};
use crate::ExprError;

/// The declaration of `hackenbush`.
pub static SPEC: GameSpec = GameSpec {
    name: "hackenbush",
    kind: GameKind::Partizan,
    summary: "a Hackenbush string from the ground up: l blue, r red, e green",
    example: "hackenbush(\"lrlerrr\")",
    build,
    ruleset: None,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<Hackenbush>(call, &SPEC, partizan::hackenbush, None)
}
