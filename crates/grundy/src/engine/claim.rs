//! A script's claimed formula (`claim(p)`) checked against brute force:
//! every position `verify` lists valued by the engine, compared with what
//! the claim says, the first counterexample reported.

use crate::component::{EvalError, ScriptError};
use crate::engine::{Analysis, Engine};
use crate::language::expr::GameExpr;
use crate::script::{Claim, ClaimVerdict, ScriptGame};
use crate::solvers::loopy::LoopyOutcome;
use crate::vocab::budget::Budget;
use crate::vocab::outcome::Outcome;

/// Checks a scripted game's `claim(p)` against brute force on the positions of
/// [`ScriptGame::verify_positions`]; `progress` is called after each.
pub fn verify_claim(
    game: &'static ScriptGame,
    bound: u64,
    budget: &Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<ClaimVerdict, EvalError> {
    let positions = game.verify_positions(bound, budget)?;
    let mut engine = Engine::with_budget(budget.clone());
    let mut checked = 0;
    for p in positions {
        let Some(claim) = game.claim(&p, Some(budget)).map_err(EvalError::from)? else {
            return Err(EvalError::Script(Box::new(ScriptError::Declaration {
                file: game.path().to_string(),
                problem: format!("game '{}' has no claim", game.name()),
                accepted: "give fn claim(p) returning its value or outcome".into(),
            })));
        };
        let position = GameExpr::Sum(vec![game.component(p.clone())]);
        let analysis = engine.analyse_game(&position)?;
        if let Some(found) = disagreement(&claim, &analysis) {
            return Ok(ClaimVerdict::Refuted {
                position: game.written(&p),
                claimed: claim.to_string(),
                found,
                checked,
            });
        }
        checked += 1;
        progress(checked);
    }
    Ok(ClaimVerdict::Holds { checked })
}

/// What brute force found, when it is not what `claim` says.
fn disagreement(claim: &Claim, analysis: &Analysis) -> Option<String> {
    let found = match analysis {
        Analysis::Impartial(e) => match claim {
            Claim::Nimber(n) => {
                let v = e.nimber.map_or(u64::MAX, |v| v.0);
                return (v != *n).then(|| format!("*{v}"));
            }
            Claim::Outcome(o) => return (e.outcome != *o).then(|| e.outcome.to_string()),
            Claim::Loopy(o) => {
                let mine = if e.outcome == Outcome::P {
                    LoopyOutcome::Loss
                } else {
                    LoopyOutcome::Win
                };
                return (mine != *o).then(|| mine.to_string());
            }
            Claim::Value(g) => {
                let v = e.nimber.map_or(u64::MAX, |v| v.0);
                return (g.to_string() != format!("*{v}") && !(v == 0 && g.to_string() == "0"))
                    .then(|| format!("*{v}"));
            }
        },
        Analysis::Partizan { report, .. } => match claim {
            Claim::Value(g) => return (*g != report.value).then(|| report.value.to_string()),
            Claim::Outcome(o) => return (report.outcome != *o).then(|| report.outcome.to_string()),
            Claim::Nimber(n) => {
                let v = report.nimber.map(|v| v.0);
                return (v != Some(*n)).then(|| report.value.to_string());
            }
            Claim::Loopy(_) => report.value.to_string(),
        },
        // Claims are checked on positions under normal play.
        Analysis::PartizanMisere(r) => r.outcome.to_string(),
        Analysis::Loopy(r) => {
            let line = &r.lines[0];
            match claim {
                Claim::Loopy(o) if r.lines.len() == 1 => {
                    return (line.outcome != *o).then(|| line.outcome.to_string())
                }
                _ => r
                    .lines
                    .iter()
                    .map(|l| l.outcome.to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
            }
        }
    };
    Some(found)
}
