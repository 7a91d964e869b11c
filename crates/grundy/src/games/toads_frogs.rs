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
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    string_position::<ToadsFrogs>(call, &SPEC, partizan::toads_frogs, None)
}
