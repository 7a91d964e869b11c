//! CGSuite's functions of loopy values in loopy notation, by the
//! snake-case names the expression language gives CGSuite's functions:
//! `left_stop(G)` (CGSuite's `G.LeftStop`), `right_stop`, `degree`,
//! `variety`, `upsum(G, H)`, `downsum(G, H)`, `upsum_variety(G, D)`,
//! `downsum_variety(G, D)`, `onside`, `offside`, and the predicates
//! `is_stable(G)` and `is_idempotent(G)` (true or false, only as the whole
//! expression). Each is declared once in [`LOOPY_FUNCTIONS`]; the parser,
//! its errors and the help read that declaration.
//!
//! ```
//! use grundy::loopy::parse_loopy;
//! use grundy::Budget;
//! let b = Budget::unlimited();
//! let v = |t: &str| parse_loopy(t, &b).unwrap().to_string();
//! assert_eq!(v("left_stop(+-(5over))"), "5over");
//! assert_eq!(v("degree({pass|3/2})"), "over");
//! assert_eq!(v("variety(+-over)"), "+-over");
//! ```

use super::stops::stops;
use super::value::LoopyValue;
use super::variety;
use super::Error;
use crate::vocab::budget::Budget;

/// What a loopy function gives.
#[derive(Clone, Copy)]
pub enum LoopyReturns {
    /// A loopy value, from the values of the arguments.
    Value(fn(&[LoopyValue], &Budget) -> Result<LoopyValue, Error>),
    /// True or false, from its one argument: only the whole expression.
    Bool(fn(&LoopyValue, &Budget) -> Result<bool, Error>),
}

/// A loopy function's declaration.
pub struct LoopyFunction {
    /// The name it is written by.
    pub name: &'static str,
    /// CGSuite's name for it.
    pub cgsuite: &'static str,
    /// Its parameters' names, in order.
    pub params: &'static [&'static str],
    /// One line for the help text.
    pub summary: &'static str,
    /// A call that `grundy value` accepts.
    pub example: &'static str,
    /// What it computes.
    pub returns: LoopyReturns,
}

impl LoopyFunction {
    /// How it is called: `upsum(G, H)`.
    pub fn usage(&self) -> String {
        format!("{}({})", self.name, self.params.join(", "))
    }

    /// Whether it gives true or false rather than a value.
    pub fn is_predicate(&self) -> bool {
        matches!(self.returns, LoopyReturns::Bool(_))
    }

    /// The property a predicate tests: `is_stable` tests `stable`.
    pub fn property(&self) -> &'static str {
        self.name.strip_prefix("is_").unwrap_or(self.name)
    }
}

impl std::fmt::Debug for LoopyFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

fn left_stop(a: &[LoopyValue], b: &Budget) -> Result<LoopyValue, Error> {
    stop_of(&a[0], b, true)
}

fn right_stop(a: &[LoopyValue], b: &Budget) -> Result<LoopyValue, Error> {
    stop_of(&a[0], b, false)
}

fn stop_of(g: &LoopyValue, b: &Budget, left: bool) -> Result<LoopyValue, Error> {
    let LoopyValue::Stopper(s) = g else {
        return Err(Error::Value(format!(
            "stops are defined for stoppers, and `{g}` is not one (its sides differ): take \
             {}_stop(onside(G)) or of offside(G)",
            if left { "left" } else { "right" }
        )));
    };
    let (l, r) = stops(s, b)?;
    Ok(LoopyValue::Stopper(if left { l } else { r }.to_game()))
}

/// Every loopy function, in the order the help lists them.
pub static LOOPY_FUNCTIONS: &[LoopyFunction] = &[
    LoopyFunction {
        name: "left_stop",
        cgsuite: "LeftStop",
        params: &["G"],
        summary: "the left stop of a stopper: a number, x over, x under, on or off",
        example: "left_stop(+-(5over))",
        returns: LoopyReturns::Value(left_stop),
    },
    LoopyFunction {
        name: "right_stop",
        cgsuite: "RightStop",
        params: &["G"],
        summary: "the right stop of a stopper",
        example: "right_stop(+-(5over))",
        returns: LoopyReturns::Value(right_stop),
    },
    LoopyFunction {
        name: "onside",
        cgsuite: "Onside",
        params: &["G"],
        summary: "the onside of a stopper-sided value (endless play is Left's)",
        example: "onside(a{{|a}|})",
        returns: LoopyReturns::Value(|a, _| side(&a[0], true)),
    },
    LoopyFunction {
        name: "offside",
        cgsuite: "Offside",
        params: &["G"],
        summary: "the offside of a stopper-sided value (endless play is Right's)",
        example: "offside(a{{|a}|})",
        returns: LoopyReturns::Value(|a, _| side(&a[0], false)),
    },
    LoopyFunction {
        name: "upsum",
        cgsuite: "Upsum",
        params: &["G", "H"],
        summary: "the onside of G + H, for stoppers G and H",
        example: "upsum(on, off)",
        returns: LoopyReturns::Value(|a, b| variety::upsum(&a[0], &a[1], b)),
    },
    LoopyFunction {
        name: "downsum",
        cgsuite: "Downsum",
        params: &["G", "H"],
        summary: "the offside of G + H, for stoppers G and H",
        example: "downsum(on, off)",
        returns: LoopyReturns::Value(|a, b| variety::downsum(&a[0], &a[1], b)),
    },
    LoopyFunction {
        name: "degree",
        cgsuite: "Degree",
        params: &["G"],
        summary: "the degree of loopiness of a stopper: upsum(G, -G), 0 for a short game",
        example: "degree({pass|3/2})",
        returns: LoopyReturns::Value(|a, b| variety::degree(&a[0], b)),
    },
    LoopyFunction {
        name: "upsum_variety",
        cgsuite: "UpsumVariety",
        params: &["G", "D"],
        summary: "upsum(G, downsum(-G, -D)) for an idempotent degree D",
        example: "upsum_variety({pass|3/2}, over)",
        returns: LoopyReturns::Value(|a, b| variety::upsum_variety(&a[0], &a[1], b)),
    },
    LoopyFunction {
        name: "downsum_variety",
        cgsuite: "DownsumVariety",
        params: &["G", "D"],
        summary: "downsum(G, upsum(-G, D)) for an idempotent degree D",
        example: "downsum_variety({pass|3/2}, over)",
        returns: LoopyReturns::Value(|a, b| variety::downsum_variety(&a[0], &a[1], b)),
    },
    LoopyFunction {
        name: "variety",
        cgsuite: "Variety",
        params: &["G"],
        summary: "the variety of a stable stopper: its upsum variety at its degree, equal to its downsum variety",
        example: "variety(+-(5over))",
        returns: LoopyReturns::Value(|a, b| variety::variety(&a[0], b)),
    },
    LoopyFunction {
        name: "is_stable",
        cgsuite: "IsStable",
        params: &["G"],
        summary: "whether a stopper's upsum and downsum varieties at its degree agree",
        example: "is_stable(a{0|{0||||0,*2|||a|0||0}||0})",
        returns: LoopyReturns::Bool(variety::is_stable),
    },
    LoopyFunction {
        name: "is_idempotent",
        cgsuite: "IsIdempotent",
        params: &["G"],
        summary: "whether G + G = G",
        example: "is_idempotent(over)",
        returns: LoopyReturns::Bool(variety::is_idempotent),
    },
];

fn side(g: &LoopyValue, onside: bool) -> Result<LoopyValue, Error> {
    if !g.is_stopper_sided() {
        return Err(Error::Value(format!(
            "`{g}` is not stopper-sided as far as grundy simplifies it: its {} is no stopper",
            if onside { "onside" } else { "offside" }
        )));
    }
    Ok(LoopyValue::Stopper(if onside {
        g.onside().clone()
    } else {
        g.offside().clone()
    }))
}

/// The loopy function called `name`.
pub fn loopy_function(name: &str) -> Option<&'static LoopyFunction> {
    LOOPY_FUNCTIONS.iter().find(|f| f.name == name)
}
