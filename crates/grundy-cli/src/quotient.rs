//! `grundy quotient`: the misère quotient of a heap ruleset (Plambeck–Siegel),
//! heap by heap: its order, a presentation, the P-portion, the pretending
//! function and its period.

use std::io::Write;

use clap::Args;
use grundy::Ruleset;

use crate::limits::LimitArgs;
use crate::{ruleset, UserError};

#[derive(Args)]
pub(crate) struct QuotientArgs {
    /// A heap ruleset, like 'octal[0.75]', dawson, kayles, 'sub[1,3,4]' or grundy_game.
    pub(crate) ruleset: String,
    /// The largest heap whose image the quotient takes in.
    #[arg(long, default_value_t = 30)]
    pub(crate) heaps: u64,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn quotient(args: &QuotientArgs) -> anyhow::Result<Result<(), UserError>> {
    let rules = match ruleset(&args.ruleset) {
        Ok(Ruleset::Heap(h)) => match h.kind {
            grundy::HeapKind::Nim => grundy::TakeBreak::nim(),
            grundy::HeapKind::TakeBreak(tb) => tb,
        },
        Ok(other) => {
            return Ok(Err(UserError::new(format!(
                "{other} is not a heap ruleset: misère quotients are of take-and-break games \
                     on heaps (octal and hexadecimal codes, subtraction games, Grundy's game)"
            ))))
        }
        Err(e) => return Ok(Err(e)),
    };
    let budget = args.limits.budget();
    let mut q = grundy::quotient::MisereQuotient::new(rules);
    let stopped = q.extend_to(args.heaps, &budget).err();
    if let Some(e) = &stopped {
        if q.max_heap() == 0 {
            return Ok(Err(UserError::new(e.to_string())));
        }
    }
    let report = q.report();
    let mut out = crate::output::stdout();
    if args.json {
        let mut object = serde_json::to_value(&report)?;
        object["stopped"] = match &stopped {
            Some(e) => serde_json::json!(e.to_string()),
            None => serde_json::Value::Null,
        };
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        write!(out, "{report}")?;
        if let Some(e) = &stopped {
            writeln!(
                out,
                "stopped at heap {} of {}: {e}",
                q.max_heap() + 1,
                args.heaps
            )?;
        }
    }
    Ok(Ok(()))
}
