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
    if let Ok(grundy::Ruleset::Script(game)) =
        grundy::parse_ruleset_in(&args.family, crate::registry())
    {
        if game.has_claim() {
            return verify_claim(game, args);
        }
    }
    let family = match grundy::Family::parse_in(&args.family, crate::registry()) {
        Ok(f) => f,
        Err(e) => return Ok(Err(UserError::parse(&args.family, &e))),
    };
    let total = family.size(args.bound);
    let verdict = match checked_with_progress(Some(total), |tick| {
        family.verify(args.bound, &args.limits.budget(), tick)
    }) {
        Ok(v) => v,
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    let (family, bound) = (&args.family, args.bound);
    let finding = match verdict {
        grundy::FamilyVerdict::Holds { checked } => Finding {
            holds: true,
            text: format!(
                "holds: the engine and plain search agree on all {checked} positions of {family} up \
                 to {bound} ({total} coordinate choices)"
            ),
            json: serde_json::json!({ "checked": checked, "counterexample": null }),
        },
        grundy::FamilyVerdict::Refuted {
            position,
            fast,
            search,
            checked,
        } => {
            let answer = |a: &grundy::Answer| serde_json::json!({ "outcome": a.outcome.to_string(), "nimber": a.nimber.map(|n| n.0) });
            Finding {
                holds: false,
                text: format!(
                    "counterexample after {checked} agreeing positions: {position}\n  engine: {fast}\n  search: {search}"
                ),
                json: serde_json::json!({ "checked": checked,
                    "counterexample": { "position": position, "engine": answer(&fast), "search": answer(&search) } }),
            }
        }
    };
    report(args, finding)
}

/// `verify` of a scripted game with a `claim`: the claim against brute
/// force on every position up to the bound.
fn verify_claim(
    game: &'static grundy::script::ScriptGame,
    args: &VerifyArgs,
) -> anyhow::Result<Result<bool, UserError>> {
    use grundy::script::ClaimVerdict;
    let verdict = match checked_with_progress(None, |tick| {
        game.verify_claim(args.bound, &args.limits.budget(), tick)
    }) {
        Ok(v) => v,
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    let finding = match verdict {
        ClaimVerdict::Holds { checked } => Finding {
            holds: true,
            text: format!(
                "holds: claim({}) agrees with brute force on all {checked} positions up to {}",
                game.name(),
                args.bound
            ),
            json: serde_json::json!({ "claim": true, "checked": checked, "counterexample": null }),
        },
        ClaimVerdict::Refuted {
            position,
            claimed,
            found,
            checked,
        } => Finding {
            holds: false,
            text: format!(
                "counterexample after {checked} agreeing positions: {position}\n  claim:       \
                 {claimed}\n  brute force: {found}"
            ),
            json: serde_json::json!({ "claim": true, "checked": checked,
                "counterexample": { "position": position, "claim": claimed, "brute_force": found } }),
        },
    };
    report(args, finding)
}

/// What a check found: whether it holds, as text and as the JSON fields
/// besides the family, the bound and `holds`.
struct Finding {
    holds: bool,
    text: String,
    json: serde_json::Value,
}

/// Prints a finding; the exit code follows whether it holds.
fn report(args: &VerifyArgs, finding: Finding) -> anyhow::Result<Result<bool, UserError>> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let mut object = serde_json::json!({ "family": args.family, "bound": args.bound, "holds": finding.holds });
        if let (Some(all), serde_json::Value::Object(more)) = (object.as_object_mut(), finding.json)
        {
            all.extend(more);
        }
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", finding.text)?;
    }
    Ok(Ok(finding.holds))
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
