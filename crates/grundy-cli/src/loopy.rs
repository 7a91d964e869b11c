//! `grundy value` and `grundy compare` on loopy partizan values, written
//! as CGSuite writes them (`on`, `over`, `{0|pass}`, `a{0|a}`, `G & H`),
//! alone or in sums with short values and catalogue positions.

use std::io::Write;

use grundy::loopy::{LoopyValue, PlayResult};
use grundy::{Budget, Engine};

use crate::UserError;

/// Whether the text is for this module: it uses loopy notation.
pub(crate) fn is_loopy(text: &str) -> bool {
    grundy::loopy::is_loopy_notation(text)
}

/// The value of a loopy expression; terms written by name are valued by
/// the engine.
pub(crate) fn value_of(
    engine: &mut Engine,
    budget: &Budget,
    text: &str,
) -> Result<LoopyValue, UserError> {
    let mut resolve = |call: &str| -> Result<grundy::partizan::Game, String> {
        let game = grundy::parse_any_in(call, crate::registry()).map_err(|e| e.to_string())?;
        engine.partizan_value(&game).map_err(|e| e.to_string())
    };
    grundy::loopy::parse_loopy_with(text, budget, &mut resolve).map_err(|e| {
        let limit = matches!(e, grundy::loopy::Error::Limit(_));
        UserError {
            limit,
            ..UserError::new(format!("{text}: {e}"))
        }
    })
}

fn words(r: PlayResult) -> &'static str {
    match r {
        PlayResult::LeftWins => "Left wins",
        PlayResult::RightWins => "Right wins",
        PlayResult::Draw => "draw (neither can force a win; play goes on for ever)",
    }
}

fn json_result(r: PlayResult) -> &'static str {
    match r {
        PlayResult::LeftWins => "left",
        PlayResult::RightWins => "right",
        PlayResult::Draw => "draw",
    }
}

fn kind(v: &LoopyValue) -> &'static str {
    match v {
        LoopyValue::Stopper(_) => "stopper",
        LoopyValue::Sided { .. } => "stopper-sided",
        LoopyValue::Unresolved { .. } => "sides not reduced to stoppers",
    }
}

/// `grundy value` on a loopy expression.
pub(crate) fn value(
    text: &str,
    json: bool,
    budget: &Budget,
    engine: &mut Engine,
) -> anyhow::Result<Result<(), UserError>> {
    let v = match value_of(engine, budget, text) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let o = match v.outcomes(budget) {
        Ok(o) => o,
        Err(e) => return Ok(Err(UserError::new(format!("{text}: {e}")))),
    };
    let mut out = crate::output::stdout();
    if json {
        let (onside_stopper, offside_stopper) = match &v {
            LoopyValue::Unresolved {
                onside_stopper,
                offside_stopper,
                ..
            } => (*onside_stopper, *offside_stopper),
            _ => (true, true),
        };
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({
                "game": text,
                "kind": "partizan",
                "play": "normal",
                "loopy_value": true,
                "value": v.to_string(),
                "class": kind(&v),
                "stopper": matches!(v, LoopyValue::Stopper(_)),
                "stopper_sided": v.is_stopper_sided(),
                "onside": v.onside().to_string(),
                "offside": v.offside().to_string(),
                "onside_stopper": onside_stopper,
                "offside_stopper": offside_stopper,
                "outcome": o.class(),
                "left_first": json_result(o.left_first),
                "right_first": json_result(o.right_first),
            }),
        )?;
        writeln!(out)?;
        return Ok(Ok(()));
    }
    writeln!(out, "{text}")?;
    writeln!(out, "value:   {v}")?;
    match &v {
        LoopyValue::Stopper(_) => writeln!(
            out,
            "loopy:   a stopper (no endless alternating play), in canonical form"
        )?,
        LoopyValue::Sided { onside, offside } => writeln!(
            out,
            "loopy:   not a stopper; stopper-sided: onside {onside}, offside {offside}"
        )?,
        LoopyValue::Unresolved {
            onside,
            onside_stopper,
            offside,
            offside_stopper,
        } => {
            writeln!(
                out,
                "loopy:   its sides are not stoppers as grundy simplifies them (it drops the edges of alternating cycles that a side does not need; CGSuite also unravels cycles): not stopper-sided as far as grundy can tell, so no value is claimed"
            )?;
            for (name, side, ok) in [
                ("onside", onside, onside_stopper),
                ("offside", offside, offside_stopper),
            ] {
                let what = if *ok {
                    "a canonical stopper"
                } else {
                    "simplified, still with alternating cycles"
                };
                writeln!(out, "{name}: {side} ({what})")?;
            }
        }
    }
    writeln!(
        out,
        "outcome: {}: Left moving first: {}; Right moving first: {}",
        o.class(),
        words(o.left_first),
        words(o.right_first)
    )?;
    Ok(Ok(()))
}

/// `grundy compare` when either side is loopy.
pub(crate) fn compare(
    g: &str,
    h: &str,
    json: bool,
    budget: &Budget,
    engine: &mut Engine,
) -> anyhow::Result<Result<(), UserError>> {
    let gv = match value_of(engine, budget, g) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let hv = match value_of(engine, budget, h) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let relation = match gv.compare(&hv, budget) {
        Ok(c) => c.to_string(),
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    let mut out = crate::output::stdout();
    if json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "g": g, "h": h, "g_value": gv.to_string(), "h_value": hv.to_string(), "relation": relation }),
        )?;
        writeln!(out)?;
    } else {
        writeln!(out, "{g} {relation} {h}")?;
    }
    Ok(Ok(()))
}
