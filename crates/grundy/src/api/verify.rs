//! `verify`: the engine's fast path against plain search on every position
//! of a family, or a scripted game's `claim` against brute force.

use std::fmt;

use serde::Serialize;

use super::{Error, Session};

/// What one side of a comparison said of a position.
#[derive(Clone, Debug, Serialize)]
pub struct Said {
    /// Its Grundy value, where it has one.
    pub nimber: Option<u64>,
    /// Its outcome class.
    pub outcome: String,
}

/// The first position on which the two sides disagree.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Counterexample {
    /// The engine against plain search.
    Engine {
        /// What the engine said.
        engine: Said,
        /// The position.
        position: String,
        /// What plain search said.
        search: Said,
    },
    /// A script's claim against brute force.
    Claim {
        /// What brute force found.
        brute_force: String,
        /// What the claim said.
        claim: String,
        /// The position.
        position: String,
    },
}

/// The answer of `verify`.
#[derive(Clone, Debug, Serialize)]
pub struct VerifyAnswer {
    /// The largest heap or coordinate checked.
    pub bound: u64,
    /// How many positions agreed.
    pub checked: u64,
    /// `true` when a scripted game's claim was checked.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub claim: bool,
    /// The first disagreement, if any.
    pub counterexample: Option<Counterexample>,
    /// The family (or the scripted game) as written.
    pub family: String,
    /// Whether the two sides agree on every position.
    pub holds: bool,
    /// How many coordinate choices the family has up to the bound.
    #[serde(skip)]
    pub choices: u128,
}

/// Checks `family` on every position up to `bound`; `tick` hears how many
/// positions have been checked so far (for a progress bar).
pub fn verify(
    session: &Session,
    family: &str,
    bound: u64,
    tick: &mut dyn FnMut(u64),
) -> Result<VerifyAnswer, Error> {
    session.in_notation(|| {
        if let Ok(crate::language::expr::Ruleset::Script(game)) =
            crate::language::expr::parse_ruleset_in(family, &session.registry)
        {
            if game.has_claim() {
                return verify_claim(session, game, family, bound, tick);
            }
        }
        let read = crate::api::family::Family::parse_in(family, &session.registry)
            .map_err(|e| Error::parse(family, &e))?;
        let choices = read.size(bound);
        let verdict = read
            .verify(bound, &session.budget(), tick)
            .map_err(|e| Error::eval(family, e))?;
        let said = |a: &crate::api::family::Answer| Said {
            nimber: a.nimber.map(|n| n.0),
            outcome: a.outcome.to_string(),
        };
        Ok(match verdict {
            crate::api::family::FamilyVerdict::Holds { checked } => VerifyAnswer {
                bound,
                checked,
                claim: false,
                counterexample: None,
                family: family.to_string(),
                holds: true,
                choices,
            },
            crate::api::family::FamilyVerdict::Refuted {
                position,
                fast,
                search,
                checked,
            } => VerifyAnswer {
                bound,
                checked,
                claim: false,
                counterexample: Some(Counterexample::Engine {
                    engine: said(&fast),
                    position: position.to_string(),
                    search: said(&search),
                }),
                family: family.to_string(),
                holds: false,
                choices,
            },
        })
    })
}

fn verify_claim(
    session: &Session,
    game: &'static crate::script::ScriptGame,
    family: &str,
    bound: u64,
    tick: &mut dyn FnMut(u64),
) -> Result<VerifyAnswer, Error> {
    use crate::script::ClaimVerdict;
    let verdict = crate::engine::claim::verify_claim(game, bound, &session.budget(), tick)
        .map_err(|e| Error::eval(family, e))?;
    let (checked, counterexample) = match verdict {
        ClaimVerdict::Holds { checked } => (checked, None),
        ClaimVerdict::Refuted {
            position,
            claimed,
            found,
            checked,
        } => (
            checked,
            Some(Counterexample::Claim {
                brute_force: found.to_string(),
                claim: claimed.to_string(),
                position: position.to_string(),
            }),
        ),
    };
    Ok(VerifyAnswer {
        bound,
        checked,
        claim: true,
        holds: counterexample.is_none(),
        counterexample,
        family: game.name().to_string(),
        choices: 0,
    })
}

/// The text `grundy verify` prints.
impl fmt::Display for VerifyAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (checked, bound) = (self.checked, self.bound);
        match (&self.counterexample, self.claim) {
            (None, true) => writeln!(
                f,
                "holds: claim({}) agrees with brute force on all {checked} positions up to {bound}",
                self.family
            ),
            (None, false) => writeln!(
                f,
                "holds: the engine and plain search agree on all {checked} positions of {} up to \
                 {bound} ({} coordinate choices)",
                self.family, self.choices
            ),
            (
                Some(Counterexample::Claim {
                    brute_force,
                    claim,
                    position,
                }),
                _,
            ) => writeln!(
                f,
                "counterexample after {checked} agreeing positions: {position}\n  claim:       \
                 {claim}\n  brute force: {brute_force}"
            ),
            (
                Some(Counterexample::Engine {
                    engine,
                    position,
                    search,
                }),
                _,
            ) => writeln!(
                f,
                "counterexample after {checked} agreeing positions: {position}\n  engine: \
                 {engine}\n  search: {search}"
            ),
        }
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.nimber {
            Some(n) => write!(f, "{} (value {n})", self.outcome),
            None => write!(f, "{}", self.outcome),
        }
    }
}
