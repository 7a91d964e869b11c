//! `grundy quotient`: the misère quotient of a heap ruleset (Plambeck–Siegel),
//! heap by heap (the library's [`grundy::api::quotient`]).

use std::io::Write;

use clap::Args;

use crate::limits::LimitArgs;
use crate::UserError;

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
    let answer = match grundy::api::quotient(&args.limits.session(), &args.ruleset, args.heaps) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = crate::output::stdout();
    if args.json {
        // Sorted keys, as the report always printed.
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    Ok(Ok(()))
}
