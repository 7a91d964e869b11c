//! `grundy verify`: the engine's answers against plain search over a family.

use std::io::{self, Write};

use clap::Args;
use grundy::caret;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The family, like 'kayles + nim(3)' or 'conjunctive(grundy_game, nim)'.
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
    if let Ok(grundy::Ruleset::Script(game)) =
        grundy::parse_ruleset_in(&args.family, crate::registry())
    {
        if game.has_claim() {
            return verify_claim(game, args);
        }
    }
    let family = match grundy::Family::parse_in(&args.family, crate::registry()) {
        Ok(f) => f,
        Err(e) => {
            return Ok(Err(UserError {
                message: format!("{e}\n{}", caret(&args.family, e.at())),
            }))
        }
    };
    let total = family.size(args.bound);
    // A progress bar on a terminal: families grow as (B+1)^k.
    let bar = std::io::IsTerminal::is_terminal(&io::stderr()).then(|| {
        let bar = indicatif::ProgressBar::new(u64::try_from(total).unwrap_or(u64::MAX));
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
    let result = family.verify(args.bound, &args.limits.budget(), &mut tick);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let verdict = match result {
        Ok(v) => v,
        Err(e) => {
            return Ok(Err(UserError {
                message: e.to_string(),
            }))
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let holds = matches!(verdict, grundy::FamilyVerdict::Holds { .. });
    match (&verdict, args.json) {
        (grundy::FamilyVerdict::Holds { checked }, false) => writeln!(
            out,
            "holds: the engine and plain search agree on all {checked} positions of {} up to {} ({total} coordinate choices)",
            args.family, args.bound
        )?,
        (grundy::FamilyVerdict::Refuted { position, fast, search, checked }, false) => writeln!(
            out,
            "counterexample after {checked} agreeing positions: {position}\n  engine: {fast}\n  search: {search}"
        )?,
        (grundy::FamilyVerdict::Holds { checked }, true) => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "holds": true, "checked": checked, "counterexample": null }),
            )?;
            writeln!(out)?;
        }
        (grundy::FamilyVerdict::Refuted { position, fast, search, checked }, true) => {
            let answer = |a: &grundy::Answer| serde_json::json!({ "outcome": a.outcome.to_string(), "nimber": a.nimber.map(|n| n.0) });
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "holds": false, "checked": checked,
                    "counterexample": { "position": position, "engine": answer(fast), "search": answer(search) } }),
            )?;
            writeln!(out)?;
        }
    }
    Ok(Ok(holds))
}

/// `verify` of a scripted game with a `claim`: the claim against brute
/// force on every position up to the bound.
fn verify_claim(
    game: &'static grundy::script::ScriptGame,
    args: &VerifyArgs,
) -> anyhow::Result<Result<bool, UserError>> {
    use grundy::script::ClaimVerdict;
    let verdict = match game.verify_claim(args.bound, &args.limits.budget(), &mut |_| {}) {
        Ok(v) => v,
        Err(e) => {
            return Ok(Err(UserError {
                message: e.to_string(),
            }))
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let holds = matches!(verdict, ClaimVerdict::Holds { .. });
    match (&verdict, args.json) {
        (ClaimVerdict::Holds { checked }, false) => writeln!(
            out,
            "holds: claim({}) agrees with brute force on all {checked} positions up to {}",
            game.name(),
            args.bound
        )?,
        (ClaimVerdict::Refuted { position, claimed, found, checked }, false) => writeln!(
            out,
            "counterexample after {checked} agreeing positions: {position}\n  claim:       {claimed}\n  brute force: {found}"
        )?,
        (ClaimVerdict::Holds { checked }, true) => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "claim": true, "holds": true, "checked": checked, "counterexample": null }),
            )?;
            writeln!(out)?;
        }
        (ClaimVerdict::Refuted { position, claimed, found, checked }, true) => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "claim": true, "holds": false, "checked": checked,
                    "counterexample": { "position": position, "claim": claimed, "brute_force": found } }),
            )?;
            writeln!(out)?;
        }
    }
    Ok(Ok(holds))
}
