//! Dyadic rationals `m / 2^k`: the values of short numbers.
//!
//! Every number that a short game can equal is dyadic (Conway, ONAG ch. 0;
//! Siegel, *Combinatorial Game Theory*, II.3), so stops, means and
//! temperatures are dyadic too. Arithmetic is checked: a result that does not
//! fit (numerator beyond `±(2^63 - 1)`, denominator beyond `2^62`) is an
//! [`Error::Overflow`](super::Error::Overflow), never a wrapped value.
//!
//! The range is symmetric (`i64::MIN` is not a numerator), so every number
//! has a negative and negation never fails: the negative of a game, which
//! negates every number in it, is always defined.

use std::cmp::Ordering;
use std::fmt;

use super::Error;

/// The largest exponent `k` of a denominator `2^k`.
const MAX_EXP: u32 = 62;

/// An exact dyadic rational `num / 2^exp`, always in lowest terms
/// (`num` odd, or `exp == 0`), with `|num| <= 2^63 - 1` and `exp <= 62`.
///
/// ```
/// use grundy::partizan::Dyadic;
/// let x: Dyadic = "9/4".parse().unwrap();
/// let y = Dyadic::new(3, 1).unwrap(); // 3/2
/// assert_eq!(x.checked_add(y).unwrap().to_string(), "15/4");
/// assert!(y < x);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// `num / 2^exp`, reduced; an error if `exp` exceeds 62, or for
    /// `-2^63` (whose negative would not fit).
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, Error> {
        if exp > MAX_EXP {
            return Err(Error::Overflow {
                operation: "dyadic with a denominator above 2^62",
            });
        }
        Dyadic::reduce(i128::from(num), exp).ok_or(Error::Overflow {
            operation: "dyadic -2^63 (numbers lie within ±(2^63 - 1))",
        })
    }

    /// The integer `n`; an error for `i64::MIN`, whose negative would not
    /// fit (numbers lie within `±(2^63 - 1)`).
    pub fn integer(n: i64) -> Result<Dyadic, Error> {
        Dyadic::new(n, 0)
    }

    /// The integer `n`, for the `i32` range where it cannot fail.
    pub const fn small(n: i32) -> Dyadic {
        Dyadic {
            num: n as i64,
            exp: 0,
        }
    }

    /// `|self|`; never fails, since the range is symmetric.
    pub fn abs(self) -> Dyadic {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }

    /// Reduces `num / 2^exp` to lowest terms; `None` if it does not fit.
    fn reduce(mut num: i128, mut exp: u32) -> Option<Dyadic> {
        if num == 0 {
            return Some(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        num >>= tz;
        exp -= tz;
        if exp > MAX_EXP || num == i128::from(i64::MIN) {
            return None;
        }
        i64::try_from(num).ok().map(|num| Dyadic { num, exp })
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The integer value, if this is an integer.
    pub fn to_integer(self) -> Option<i64> {
        self.is_integer().then_some(self.num)
    }

    /// Numerators of `self` and `other` over the common denominator `2^e`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let e = self.exp.max(other.exp);
        (
            (self.num as i128) << (e - self.exp),
            (other.num as i128) << (e - other.exp),
            e,
        )
    }

    fn overflow(operation: &'static str) -> Error {
        Error::Overflow { operation }
    }

    /// `self + other`, or an overflow error.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, Error> {
        let (a, b, e) = self.aligned(other);
        Dyadic::reduce(a + b, e).ok_or_else(|| Dyadic::overflow("dyadic addition"))
    }

    /// `self - other`, or an overflow error.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, Error> {
        let (a, b, e) = self.aligned(other);
        Dyadic::reduce(a - b, e).ok_or_else(|| Dyadic::overflow("dyadic subtraction"))
    }

    /// `self * other`, or an overflow error.
    pub fn checked_mul(self, other: Dyadic) -> Result<Dyadic, Error> {
        let p = (self.num as i128) * (other.num as i128);
        Dyadic::reduce(p, self.exp + other.exp)
            .ok_or_else(|| Dyadic::overflow("dyadic multiplication"))
    }

    /// `-self`. Never an error since the range is symmetric (see `-x`);
    /// kept for code written against the checked interface.
    pub fn checked_neg(self) -> Result<Dyadic, Error> {
        Ok(-self)
    }

    /// `self / 2^k`, or an overflow error.
    pub fn checked_div_pow2(self, k: u32) -> Result<Dyadic, Error> {
        Dyadic::reduce(self.num as i128, self.exp.saturating_add(k))
            .ok_or_else(|| Dyadic::overflow("dyadic halving"))
    }

    /// The greatest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The least integer `>= self`.
    pub fn ceil(self) -> i64 {
        let f = self.floor();
        if self.is_integer() {
            f
        } else {
            f + 1
        }
    }

    /// The simplest number strictly between `lo` and `hi` (either bound may
    /// be absent): the value of `{lo | hi}` when `lo < hi` are numbers, by the
    /// simplicity theorem (Siegel, *CGT*, Thm II.3.13). `None` if `lo >= hi`.
    pub fn simplest_between(
        lo: Option<Dyadic>,
        hi: Option<Dyadic>,
    ) -> Result<Option<Dyadic>, Error> {
        match (lo, hi) {
            (None, None) => Ok(Some(Dyadic::ZERO)),
            (None, Some(h)) => Ok(Some(if h > Dyadic::ZERO {
                Dyadic::ZERO
            } else {
                Dyadic::integer(h.ceil() - 1).map_err(|_| Dyadic::overflow("simplest number"))?
            })),
            (Some(l), None) => Ok(Some(if l < Dyadic::ZERO {
                Dyadic::ZERO
            } else {
                Dyadic::integer(
                    l.floor()
                        .checked_add(1)
                        .ok_or_else(|| Dyadic::overflow("simplest number"))?,
                )?
            })),
            (Some(l), Some(h)) => {
                if l >= h {
                    return Ok(None);
                }
                if l < Dyadic::ZERO && h > Dyadic::ZERO {
                    return Ok(Some(Dyadic::ZERO));
                }
                if h <= Dyadic::ZERO {
                    // Mirror image of the positive case.
                    let m = Dyadic::simplest_between(Some(-h), Some(-l))?;
                    return Ok(m.map(|x| -x));
                }
                // 0 <= l < h: the smallest integer above l, else the dyadic
                // with the smallest denominator in the interval.
                for k in 0..=MAX_EXP {
                    let scaled = l.checked_mul(Dyadic {
                        num: 1 << k,
                        exp: 0,
                    })?;
                    let above = scaled
                        .floor()
                        .checked_add(1)
                        .ok_or_else(|| Dyadic::overflow("simplest number"))?;
                    let c = Dyadic::new(above, k)?;
                    if c < h {
                        return Ok(Some(c));
                    }
                }
                Err(Dyadic::overflow("simplest number"))
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;

    /// `-self`: total, since numerators lie within `±(2^63 - 1)`.
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Dyadic {
        Dyadic::small(n)
    }
}

impl TryFrom<i64> for Dyadic {
    type Error = Error;

    /// The integer `n`; an error for `i64::MIN` (see [`Dyadic::integer`]).
    fn try_from(n: i64) -> Result<Dyadic, Error> {
        Dyadic::integer(n)
    }
}

/// Printed as CGSuite prints numbers: `3`, `-1/2`, `9/4`.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Parses `n`, `-n` or `n/d` with `d` a power of two.
impl std::str::FromStr for Dyadic {
    type Err = Error;

    fn from_str(text: &str) -> Result<Dyadic, Error> {
        let bad = |at: usize, expected: &str| Error::Parse {
            at,
            expected: expected.to_string(),
            found: text
                .get(at..)
                .unwrap_or("")
                .chars()
                .next()
                .map_or("end of input".into(), |c| format!("{c:?}")),
        };
        let (num, den) = match text.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (text, None),
        };
        let n: i64 = num
            .trim()
            .parse()
            .map_err(|_| bad(0, "an integer numerator"))?;
        let exp = match den {
            None => 0,
            Some(d) => {
                let d: u64 = d
                    .trim()
                    .parse()
                    .map_err(|_| bad(num.len() + 1, "a denominator"))?;
                if d == 0 || !d.is_power_of_two() {
                    return Err(bad(
                        num.len() + 1,
                        "a denominator that is a power of two (dyadic rational)",
                    ));
                }
                d.trailing_zeros()
            }
        };
        Dyadic::new(n, exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dy() -> impl Strategy<Value = Dyadic> {
        (-1000i64..1000, 0u32..8).prop_map(|(n, e)| Dyadic::new(n, e).unwrap())
    }

    proptest! {
        #[test]
        fn ring_laws(a in dy(), b in dy(), c in dy()) {
            let add = |x: Dyadic, y: Dyadic| x.checked_add(y).unwrap();
            let mul = |x: Dyadic, y: Dyadic| x.checked_mul(y).unwrap();
            prop_assert_eq!(add(a, b), add(b, a));
            prop_assert_eq!(add(add(a, b), c), add(a, add(b, c)));
            prop_assert_eq!(mul(a, b), mul(b, a));
            prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
            prop_assert_eq!(mul(a, add(b, c)), add(mul(a, b), mul(a, c)));
            prop_assert_eq!(add(a, a.checked_neg().unwrap()), Dyadic::ZERO);
            prop_assert_eq!(a.checked_sub(b).unwrap(), add(a, b.checked_neg().unwrap()));
            prop_assert_eq!(mul(a, Dyadic::ONE), a);
        }

        #[test]
        fn order_matches_floating_point(a in dy(), b in dy(), c in dy()) {
            let fa = a.numerator() as f64 / (1u64 << a.exponent()) as f64;
            let fb = b.numerator() as f64 / (1u64 << b.exponent()) as f64;
            prop_assert_eq!(a.cmp(&b), fa.partial_cmp(&fb).unwrap());
            // Compatible with addition.
            if a <= b {
                prop_assert!(a.checked_add(c).unwrap() <= b.checked_add(c).unwrap());
            }
        }

        #[test]
        fn display_round_trips(a in dy()) {
            prop_assert_eq!(a.to_string().parse::<Dyadic>().unwrap(), a);
        }

        #[test]
        fn simplest_is_between_and_simplest(a in dy(), b in dy()) {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            let s = Dyadic::simplest_between(Some(lo), Some(hi)).unwrap();
            if lo == hi {
                prop_assert!(s.is_none());
            } else {
                let s = s.unwrap();
                prop_assert!(lo < s && s < hi);
                // No number of smaller denominator lies strictly between
                // unless s is an integer (then it is the one nearest 0).
                if s.exponent() > 0 {
                    let k = s.exponent() - 1;
                    let step = Dyadic::new(1, k).unwrap();
                    let mut x = Dyadic::integer(lo.floor()).unwrap();
                    while x < hi {
                        prop_assert!(!(lo < x && x < hi), "{} is simpler than {}", x, s);
                        x = x.checked_add(step).unwrap();
                    }
                } else {
                    let n = s.to_integer().unwrap();
                    let nearer = Dyadic::integer(n - n.signum()).unwrap();
                    prop_assert!(n == 0 || !(lo < nearer && nearer < hi));
                }
            }
        }
    }

    #[test]
    fn display_and_errors() {
        assert_eq!(Dyadic::new(9, 2).unwrap().to_string(), "9/4");
        assert_eq!(Dyadic::new(-6, 2).unwrap().to_string(), "-3/2");
        assert_eq!(Dyadic::new(8, 2).unwrap().to_string(), "2");
        assert!("1/3".parse::<Dyadic>().is_err());
        let max = Dyadic::integer(i64::MAX).unwrap();
        assert!(max.checked_add(Dyadic::ONE).is_err());
        // The range is symmetric: -2^63 is refused however it is reached,
        // so that negation is total.
        assert!(Dyadic::integer(i64::MIN).is_err());
        assert!(Dyadic::new(i64::MIN, 0).is_err());
        assert!("-9223372036854775808".parse::<Dyadic>().is_err());
        assert!((-max).checked_sub(Dyadic::ONE).is_err());
        assert_eq!(-(-max), max);
        assert_eq!(
            Dyadic::new(i64::MIN, 1).unwrap(),
            Dyadic::integer(-(1 << 62)).unwrap()
        );
        assert!(Dyadic::simplest_between(Some(max), None).is_err());
        assert!(Dyadic::simplest_between(None, Some(-max)).is_err());
        // Nothing with a denominator up to 2^62 lies strictly between
        // 2 - 2^-62 and 2: an error (this once added 1 to i64::MAX).
        let top = Dyadic::new(i64::MAX, 62).unwrap();
        assert!(Dyadic::simplest_between(Some(top), Some(Dyadic::small(2))).is_err());
        assert!(Dyadic::new(1, 63).is_err());
    }
}
