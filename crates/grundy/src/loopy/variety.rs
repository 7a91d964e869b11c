//! Upsum, downsum, degree of loopiness and varieties of stoppers (Siegel,
//! *CGT*, VI.5–6; CGSuite's `Upsum`, `Downsum`, `Degree`, `Variety`,
//! `UpsumVariety`, `DownsumVariety`, `IsIdempotent`, `IsStable`).
//!
//! For stoppers `G` and `H` the upsum `G ⇑ H` is the onside of `G + H`
//! and the downsum `G ⇓ H` its offside. The degree of loopiness of `G` is
//! `G ⇑ -G` (0 for a short game; `on` for `on`, `over` for `over`). For an
//! idempotent `D` (`D + D = D`), the upsum variety is `G ⇑ (-G ⇓ -D)` and
//! the downsum variety `G ⇓ (-G ⇑ D)`; `G` is *stable* when the two agree
//! at its own degree, and then that is its variety. Siegel's Stability
//! Conjecture said every stopper is stable; Grenville's example
//! `a{0|{0||||0,*2|||a|0||0}||0}` is not (CGSuite's test data).

use super::value::LoopyValue;
use super::Error;
use crate::partizan::{Comparison, Game};
use crate::vocab::budget::Budget;

/// The stopper `v` is, or an error naming `what` needed one.
fn stopper<'a>(v: &'a LoopyValue, what: &str) -> Result<&'a LoopyValue, Error> {
    match v {
        LoopyValue::Stopper(_) => Ok(v),
        _ => Err(Error::Value(format!(
            "{what} is defined for stoppers, and `{v}` is not one (its sides differ): \
             take it of onside(G) or offside(G)"
        ))),
    }
}

/// The side of a value that must be a stopper for an upsum or downsum.
fn side_stopper(v: &LoopyValue, onside: bool) -> Result<LoopyValue, Error> {
    if !v.is_stopper_sided() {
        return Err(Error::Value(format!(
            "the sum `{v}` has sides that grundy does not reduce to stoppers, so its {} is not \
             a stopper (CGSuite would report a counterexample to the Finite Sides Conjecture)",
            if onside { "upsum" } else { "downsum" }
        )));
    }
    Ok(LoopyValue::Stopper(if onside {
        v.onside().clone()
    } else {
        v.offside().clone()
    }))
}

/// `G ⇑ H`, the onside of `G + H` (stoppers only).
pub fn upsum(g: &LoopyValue, h: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
    let (g, h) = (stopper(g, "upsum")?, stopper(h, "upsum")?);
    side_stopper(&g.add(h, budget)?, true)
}

/// `G ⇓ H`, the offside of `G + H` (stoppers only).
pub fn downsum(g: &LoopyValue, h: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
    let (g, h) = (stopper(g, "downsum")?, stopper(h, "downsum")?);
    side_stopper(&g.add(h, budget)?, false)
}

/// The degree of loopiness `G ⇑ -G` (0 for a short game).
pub fn degree(g: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
    let g = stopper(g, "the degree of loopiness")?;
    if g.onside().is_loopfree() {
        return LoopyValue::short(Game::zero(), budget);
    }
    upsum(g, &g.neg(), budget)
}

/// Whether `D + D = D`.
pub fn is_idempotent(d: &LoopyValue, budget: &Budget) -> Result<bool, Error> {
    Ok(d.add(d, budget)?.compare(d, budget)? == Comparison::Equal)
}

/// The error CGSuite gives when a variety's degree is not idempotent.
fn check_degree(d: &LoopyValue, budget: &Budget) -> Result<(), Error> {
    stopper(d, "a variety's degree")?;
    if !is_idempotent(d, budget)? {
        return Err(Error::Value(format!(
            "Variety degree must be an idempotent: `{d}` is not (D + D is not D), so no variety \
             exists at that degree"
        )));
    }
    Ok(())
}

/// The upsum variety `G ⇑ (-G ⇓ -D)` of `G` at the idempotent `D`.
pub fn upsum_variety(g: &LoopyValue, d: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
    let g = stopper(g, "a variety")?;
    check_degree(d, budget)?;
    upsum(g, &downsum(&g.neg(), &d.neg(), budget)?, budget)
}

/// The downsum variety `G ⇓ (-G ⇑ D)` of `G` at the idempotent `D`.
pub fn downsum_variety(
    g: &LoopyValue,
    d: &LoopyValue,
    budget: &Budget,
) -> Result<LoopyValue, Error> {
    let g = stopper(g, "a variety")?;
    check_degree(d, budget)?;
    downsum(g, &upsum(&g.neg(), d, budget)?, budget)
}

/// The two varieties of `G` at its own degree.
fn varieties(g: &LoopyValue, budget: &Budget) -> Result<(LoopyValue, LoopyValue), Error> {
    let d = degree(g, budget)?;
    Ok((
        upsum_variety(g, &d, budget)?,
        downsum_variety(g, &d, budget)?,
    ))
}

/// Whether the upsum and downsum varieties of `G` at its degree agree
/// (CGSuite's `IsStable`); an error where the degree is not idempotent.
pub fn is_stable(g: &LoopyValue, budget: &Budget) -> Result<bool, Error> {
    let (up, down) = varieties(g, budget)?;
    Ok(up.compare(&down, budget)? == Comparison::Equal)
}

/// The variety of `G`: its upsum variety at its degree, when that is
/// its downsum variety too. Errors as CGSuite's: the degree is not
/// idempotent, or `G` is not stable.
pub fn variety(g: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
    let (up, down) = varieties(g, budget)?;
    if up.compare(&down, budget)? != Comparison::Equal {
        return Err(Error::Value(format!(
            "That game is not stable: its upsum variety `{up}` and downsum variety `{down}` \
             differ, so it has no variety"
        )));
    }
    Ok(up)
}
