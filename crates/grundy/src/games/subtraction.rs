//! A partizan subtraction game: Left and Right each have their own set of
//! how many tokens they may take. Written `subtraction(10, [1,2], [2,3])`;
//! the rules are [`partizan::PartizanSubtraction`].

use super::partizan_rules::RulesPosition;
use crate::component::spec::{item_span, natural, partizan_error, Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::{Arg, Item};
use crate::partizan::{self, PartizanSubtraction};

/// The declaration of `subtraction`.
pub static SPEC: GameSpec = GameSpec {
    name: "subtraction",
    kind: GameKind::Partizan,
    summary: "a partizan subtraction game: Left's set, Right's set",
    example: "subtraction(10, [1,2], [2,3])",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Heaps,
};

const USAGE: &str =
    "write subtraction(heap, [Left's set], [Right's set]), like subtraction(10, [1,2], [2,3])";

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (heap, l, r) = match call.args() {
        Some([h, Arg::List(l, _), Arg::List(r, _)]) if call.params().is_none() => (h, l, r),
        _ => return Err(call.error(call.span(), "subtraction takes a heap and two sets", USAGE)),
    };
    let heap = natural(heap, "heap sizes", "a heap size")?;
    let set = |items: &[Item]| -> Result<Vec<u64>, ExprError> {
        items
            .iter()
            .map(|item| match item {
                Item::Number(t, span) => t.parse::<u64>().map_err(|_| {
                    call.error(
                        *span,
                        format!("'{t}' is not a positive whole number"),
                        USAGE,
                    )
                }),
                other => Err(call.error(item_span(other), "expected a number", USAGE)),
            })
            .collect()
    };
    let position = partizan::partizan_subtraction(heap, &set(l)?, &set(r)?)
        .map_err(|e| partizan_error(call.span().start, e, USAGE))?;
    Ok(RulesPosition::<PartizanSubtraction>::component(
        &SPEC, None, position,
    ))
}

/// "take 2, leaving 8": how many tokens the mover took from the heap.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<PartizanSubtraction>(before)?;
    let a = position_of::<PartizanSubtraction>(after)?;
    super::words::heap_words(&[b.heap], &[a.heap][..usize::from(a.heap > 0)])
}
