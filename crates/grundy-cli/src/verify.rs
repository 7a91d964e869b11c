//! `grundy verify`: the engine's answers against plain search over a family,
//! or a scripted game's claim against brute force.

use std::io::{self, Write};

use clap::Args;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The family, like 'kayles + nim(3)' or 'conjunctive(grundy_game, nim)'.
    #[arg(allow_hyphen_values = true)]
    pub(crate) family: String,
    /// Largest heap size or coordinate of the free rulesets.
    #[arg(long)]
    pub(crate) bound: u64,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn verify(args: &VerifyArgs) -> anyhow::Result<Result<bool, UserError>> {
    let session = args.limits.session();
    let total = grundy::api::family::Family::parse_in(&args.family, crate::registry())
        .ok()
        .map(|f| f.size(args.bound));
    let answer = match checked_with_progress(total, |tick| {
        grundy::api::verify(&session, &args.family, args.bound, tick)
    }) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = io::stdout().lock();
    if args.json {
        // Sorted keys, as verify always printed.
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    Ok(Ok(answer.holds))
}

/// Runs a check with a progress bar on a terminal (of `total` positions
/// when known): families grow as (B+1)^k.
fn checked_with_progress<T>(
    total: Option<u128>,
    check: impl FnOnce(&mut dyn FnMut(u64)) -> T,
) -> T {
    let bar = std::io::IsTerminal::is_terminal(&io::stderr()).then(|| {
        let len = total.map_or(0, |t| u64::try_from(t).unwrap_or(u64::MAX));
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions checked, {per_sec}, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let mut tick = |checked: u64| {
        if let Some(b) = &bar {
            if checked.is_multiple_of(256) {
                b.set_position(checked);
            }
        }
    };
    let result = check(&mut tick);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    result
}
