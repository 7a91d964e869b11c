//! `grundy table`: the Grundy values of a piece, or a family's canonical
//! forms, row by row (the library's
//! [`grundy::api::table`]).

use std::io::{BufWriter, Write};

use clap::Args;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct TableArgs {
    /// A piece, like queen, knight or 'piece[(-2,1),(1,-2); 8]' (or a scripted
    /// game on two integers, with --rules FILE); or a position written with the
    /// variables x and y, like 'cutcake(x,y)' (a game's bare name means name(x,y)).
    pub(crate) ruleset: String,
    /// Side of the table (at most the board size of a bounded piece).
    #[arg(long)]
    pub(crate) size: u64,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn table(args: &TableArgs) -> anyhow::Result<Result<(), UserError>> {
    let answer = match grundy::api::table(&args.limits.session(), &args.ruleset, args.size) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = BufWriter::new(crate::output::stdout());
    if args.json {
        // Sorted keys, as the table always printed.
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    out.flush()?;
    Ok(Ok(()))
}
