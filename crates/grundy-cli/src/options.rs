//! `grundy options`: a position's options, Left's and Right's for a
//! partizan game, one list for an impartial one (the library's
//! [`grundy::api::options`]).

use std::io::Write;

use clap::Args;
use grundy::api;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct OptionsArgs {
    /// The position, like 'nim(3,5)' or 'domineering("...|...") + 1/2'.
    #[arg(allow_hyphen_values = true)]
    pub(crate) expr: String,
    /// Print one JSON object (see docs/web-api.md).
    #[arg(long)]
    pub(crate) json: bool,
    /// List every follower instead (every position reached by any sequence
    /// of moves of either player, the position itself first), with their count.
    #[arg(long)]
    pub(crate) followers: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn options(args: &OptionsArgs) -> anyhow::Result<Result<(), UserError>> {
    let session = args.limits.session();
    let mut out = crate::output::stdout();
    if args.followers {
        let answer = match api::followers(&session, &args.expr) {
            Ok(a) => a,
            Err(e) => return Ok(Err(e.into())),
        };
        if args.json {
            serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
            writeln!(out)?;
        } else {
            write!(out, "{answer}")?;
        }
        return Ok(Ok(()));
    }
    let answer = match api::options(&session, &args.expr) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    if answer.cut_by_limit().is_some() {
        crate::output::answer_cut_by_limit();
    }
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    Ok(Ok(()))
}
