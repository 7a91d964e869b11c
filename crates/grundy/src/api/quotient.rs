//! `quotient`: the misère quotient of a heap ruleset (Plambeck–Siegel),
//! heap by heap: its order, a presentation, the P-portion, the pretending
//! function and its period.

use std::fmt;

use serde::Serialize;

use super::{Error, Session};
use crate::language::expr::Ruleset;
use crate::quotient::QuotientReport;

/// The answer of `quotient`: the report of the quotient as far as it was
/// computed, and the limit that stopped it before `heaps`, if one did.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientAnswer {
    /// The quotient.
    #[serde(flatten)]
    pub report: QuotientReport,
    /// Why it stopped before the heap asked for, if it did.
    pub stopped: Option<String>,
    /// The heap asked for.
    #[serde(skip)]
    pub heaps: u64,
}

/// The misère quotient of `ruleset` over heaps `0..=heaps`.
pub fn quotient(session: &Session, ruleset: &str, heaps: u64) -> Result<QuotientAnswer, Error> {
    let rules = match crate::language::expr::parse_ruleset_in(ruleset, &session.registry)
        .map_err(|e| Error::parse(ruleset, &e))?
    {
        Ruleset::Heap(h) => match h.kind {
            crate::component::HeapKind::Nim => crate::takebreak::TakeBreak::nim(),
            crate::component::HeapKind::TakeBreak(tb) => tb,
            crate::component::HeapKind::General(code) => {
                return Err(Error::input(format!(
                    "{code} is a general take-and-break code (more than three heaps, equality \
                     constraints or a period of several digits): misère quotients are computed \
                     for octal and hexadecimal codes only; misère play of its heaps is valued \
                     position by position, as `grundy value 'misere(octal[{code}](5,6))'`"
                )))
            }
            crate::component::HeapKind::AllBut(set) => {
                return Err(Error::input(format!(
                    "{set} excludes a move beyond {}: its values come from its own arithmetic \
                     period, and misère quotients are computed from a code's values heap by \
                     heap; ask for a set whose excluded moves are at most {0}",
                    crate::takebreak::MAX_CODE_DIGITS
                )))
            }
            crate::component::HeapKind::Set(set) => {
                return Err(Error::input(format!(
                    "{set} has an element beyond {}: its values are kept as periodic pieces, \
                     and misère quotients are computed from a code's values heap by heap; \
                     ask for a set whose elements are at most {0}",
                    crate::takebreak::MAX_CODE_DIGITS
                )))
            }
        },
        other => {
            return Err(Error::input(format!(
                "{other} is not a heap ruleset: misère quotients are of take-and-break games \
                 on heaps (octal and hexadecimal codes, subtraction games, Grundy's game)"
            )))
        }
    };
    let mut q = crate::quotient::MisereQuotient::new(rules);
    let stopped = q.extend_to(heaps, &session.budget()).err();
    if let Some(e) = &stopped {
        if q.max_heap() == 0 {
            return Err(match e {
                crate::quotient::QuotientError::Limit(l) => Error::limit(l.clone()),
                other => Error::input(other.to_string()),
            });
        }
    }
    Ok(QuotientAnswer {
        report: q.report(),
        stopped: stopped.map(|e| e.to_string()),
        heaps,
    })
}

/// The text `grundy quotient` prints.
impl fmt::Display for QuotientAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.report)?;
        if let Some(e) = &self.stopped {
            writeln!(
                f,
                "stopped at heap {} of {}: {e}",
                self.report.max_heap + 1,
                self.heaps
            )?;
        }
        Ok(())
    }
}
