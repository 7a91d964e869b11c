//! Uptimal expansions: games `x + *m + d1.^<1> + d2.^<2> + … + dk.^<k>`.
//!
//! `^<n>` is up-nth, `{0 | v[n-1]*}` (Siegel, *Combinatorial Game Theory*,
//! II.4 and II.7), and an *uptimal* is a number plus a nimber plus an
//! integer combination of them. CGSuite 2.2 recognises every canonical form
//! that is one and writes the simplest kinds compactly: `^[4]` for
//! `^<1> + … + ^<4>`, `v<2>` for `-^<2>`, `3/4v[3]*`. This module finds a
//! game's expansion from its options, without building the sum it stands
//! for; `display.rs` prints it.
//!
//! The recognition rests on the shape of an uptimal's canonical form. Take
//! `G = x + *m + Σ a_i.^<i>` with `k` digits and `a_k > 0` (a negative last
//! digit is the negative of such a game). Then:
//! - Right has one option, `x + *(m xor 1) + Σ (a_i - 1).^<i>` (every digit
//!   of the first `k` lowered by one);
//! - Left's options are all uptimals with the same number. Let `P` be `G`
//!   cut after digit `p`, where `p = k - 1` when `a_k = 1` and otherwise the
//!   last place whose digit is at most 0 (none: `p = 0`). When a digit is
//!   negative, with `j` the last such place, Left has `P` and `G` cut after
//!   `j` with each of its digits raised by one and the star flipped; else,
//!   when `a_1 = 0`, Left has `x + *i` for each `i < m`, and `P`; else, when
//!   `a_1 = 1` and `G - x` is confused with 0 (`m = 1` and the digits are at
//!   most `1, 1, …, 1` in dictionary order), Left has `x` and `P`; otherwise
//!   Left has only `P`, or `x` when `P` has no digits left.
//!
//! So a game is read back from its one Right option: its expansion raised
//! by one over its own length (when `a_k >= 2`), or over one place beyond
//! the longest option (when `a_k = 1`), is the only candidate, and Left's
//! options decide. CGSuite's `CanonicalShortGameOps.uptimalExpansion` works
//! from the same shape; `tests/notation.rs` checks this against sums of
//! `^<i>` built directly.

use std::cmp::Ordering;
use std::fmt::Write;

use super::dyadic::Dyadic;

/// `x + *m + Σ digits[i-1].^<i>`, with no trailing zero digit.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Uptimal {
    pub(crate) number: Dyadic,
    pub(crate) star: u64,
    pub(crate) digits: Vec<i64>,
}

impl Uptimal {
    pub(crate) fn new(number: Dyadic, star: u64, mut digits: Vec<i64>) -> Uptimal {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Uptimal {
            number,
            star,
            digits,
        }
    }

    /// The number of digits up to the last nonzero one.
    pub(crate) fn len(&self) -> usize {
        self.digits.len()
    }

    fn digit(&self, i: usize) -> i64 {
        self.digits.get(i - 1).copied().unwrap_or(0)
    }

    pub(crate) fn neg(&self) -> Uptimal {
        Uptimal {
            number: -self.number,
            star: self.star,
            digits: self.digits.iter().map(|d| -d).collect(),
        }
    }

    /// Cut after `n` digits.
    fn cut(&self, n: usize) -> Uptimal {
        Uptimal::new(
            self.number,
            self.star,
            self.digits[..n.min(self.len())].to_vec(),
        )
    }

    /// The first `n` digits raised by one (those beyond the length become
    /// 1) and the star flipped: the game whose Right option this is.
    pub(crate) fn raised(&self, n: usize) -> Option<Uptimal> {
        let mut digits = self.digits.clone();
        digits.resize(n.max(self.len()), 0);
        for d in &mut digits[..n] {
            *d = d.checked_add(1)?;
        }
        Some(Uptimal::new(self.number, self.star ^ 1, digits))
    }

    /// One nonzero digit, and that ±1: `^<k>` or `v<k>`.
    pub(crate) fn is_unit(&self) -> bool {
        let nonzero: Vec<i64> = self.digits.iter().copied().filter(|&d| d != 0).collect();
        nonzero.len() <= 1 && nonzero.iter().all(|d| d.abs() == 1)
    }

    /// All digits 1, or all -1: `^[k]` or `v[k]`.
    pub(crate) fn is_unit_sum(&self) -> bool {
        match self.digits.first() {
            None => true,
            Some(&d) => d.abs() == 1 && self.digits.iter().all(|&e| e == d),
        }
    }

    /// Whether `G - x` is confused with 0, for `G` with `a_1 = 1`: only with
    /// `*` (a larger nimber leaves `G - x > 0`), and then while the digits
    /// do not rise above `1, 1, …, 1` in dictionary order.
    fn confused_with_one(&self) -> bool {
        if self.star != 1 {
            return false;
        }
        match self.digits.iter().find(|&&d| d != 1) {
            Some(&d) => d < 1,
            None => true,
        }
    }

    /// Left's options of this uptimal's canonical form, when its last digit
    /// is positive (see the module docs).
    pub(crate) fn left_options(&self) -> Vec<Uptimal> {
        let k = self.len();
        let last_at_most =
            |bound: i64| (1..=k).rev().find(|&i| self.digit(i) <= bound).unwrap_or(0);
        let p = if self.digit(k) == 1 {
            k.saturating_sub(1)
        } else {
            last_at_most(0)
        };
        let kept = self.cut(p);
        let plain = Uptimal::new(self.number, 0, Vec::new());
        let j = last_at_most(-1);
        if j > 0 {
            let raised = self.cut(j).raised(j);
            return raised.into_iter().chain([kept]).collect();
        }
        if self.digit(1) == 0 {
            let mut opts: Vec<Uptimal> = (0..self.star)
                .map(|i| Uptimal::new(self.number, i, Vec::new()))
                .collect();
            opts.push(kept);
            return opts;
        }
        if self.digit(1) == 1 && self.confused_with_one() {
            return vec![plain, kept];
        }
        if kept.len() == 0 {
            vec![plain]
        } else {
            vec![kept]
        }
    }

    /// CGSuite's order of uptimals among a side's options: by number, then
    /// digit by digit, then the shorter first, then by nimber.
    pub(crate) fn cgsuite_cmp(&self, other: &Uptimal) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                self.digits
                    .iter()
                    .zip(&other.digits)
                    .map(|(a, b)| a.cmp(b))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then(self.len().cmp(&other.len()))
            .then(self.star.cmp(&other.star))
    }

    /// Whether CGSuite writes it without braces: a number-up-star, `^<k>`,
    /// `^[k]` and their negatives, each with a number and a nimber.
    pub(crate) fn is_compact(&self) -> bool {
        self.len() <= 1 || self.is_unit() || self.is_unit_sum()
    }

    /// Whether it stays unbracketed as a switch's single option: a number, a
    /// nimber, or ups alone.
    pub(crate) fn is_bare(&self) -> bool {
        let nimber = self.number == Dyadic::ZERO && self.len() == 0;
        let number = self.star == 0 && self.len() == 0;
        let ups = self.number == Dyadic::ZERO && self.star == 0 && self.is_compact();
        nimber || number || ups
    }

    /// Its expansion as CGSuite's `UptimalExpansion` prints it: the number
    /// (left out when there is a nimber and the number is 0), the nimber,
    /// a point, then digit `a_i` of `^<i>` for each `i` (`0` when there is
    /// none): digits 10 to 35 as `A` to `Z`, larger ones in parentheses, a
    /// negative digit followed by `-` (CGSuite's superscript dash in plain
    /// text). `^` is `0.1`, `^*` is `*.1`, `v<2>` is `0.01-`.
    pub(crate) fn expansion_text(&self) -> String {
        let mut out = String::new();
        if self.star == 0 || self.number != Dyadic::ZERO {
            let _ = write!(out, "{}", self.number);
        }
        match self.star {
            0 => {}
            1 => out.push('*'),
            m => {
                let _ = write!(out, "*{m}");
            }
        }
        out.push('.');
        if self.digits.is_empty() {
            out.push('0');
        }
        for &d in &self.digits {
            let a = d.unsigned_abs();
            match a {
                0..=9 => out.push(char::from(b'0' + a as u8)),
                10..=35 => out.push(char::from(b'A' + (a - 10) as u8)),
                _ => {
                    let _ = write!(out, "({a})");
                }
            }
            if d < 0 {
                out.push('-');
            }
        }
        out
    }

    /// Its compact text (for [`Uptimal::is_compact`] ones): `1/2`, `^3*`,
    /// `-1v<2>`, `^[4]*2`.
    pub(crate) fn write_compact(&self, out: &mut String) {
        if self.number != Dyadic::ZERO || (self.star == 0 && self.len() == 0) {
            let _ = write!(out, "{}", self.number);
        }
        match self.digits.as_slice() {
            [] => {}
            [1] => out.push('^'),
            [2] => out.push_str("^^"),
            [-1] => out.push('v'),
            [-2] => out.push_str("vv"),
            [d] => {
                out.push(if *d > 0 { '^' } else { 'v' });
                let _ = write!(out, "{}", d.unsigned_abs());
            }
            [.., last] => {
                out.push(if *last > 0 { '^' } else { 'v' });
                let k = self.len();
                if self.is_unit() {
                    let _ = write!(out, "<{k}>");
                } else {
                    let _ = write!(out, "[{k}]");
                }
            }
        }
        match self.star {
            0 => {}
            1 => out.push('*'),
            m => {
                let _ = write!(out, "*{m}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(star: u64, digits: &[i64]) -> Uptimal {
        Uptimal::new(Dyadic::ZERO, star, digits.to_vec())
    }

    #[test]
    fn left_options_of_the_basic_uptimals() {
        // ^<2> = {0 | v*}, ^[2] = {^ | *}, ^<3> = {0 | v[2]*}.
        assert_eq!(u(0, &[0, 1]).left_options(), vec![u(0, &[])]);
        assert_eq!(u(0, &[1, 1]).left_options(), vec![u(0, &[1])]);
        assert_eq!(u(0, &[0, 0, 1]).left_options(), vec![u(0, &[])]);
        // ^* = {0, * | 0}; ^^ = {0 | ^*}.
        assert_eq!(u(1, &[1]).left_options(), vec![u(0, &[]), u(1, &[])]);
        assert_eq!(u(0, &[2]).left_options(), vec![u(0, &[])]);
    }

    #[test]
    fn expansion_text_as_cgsuite_prints_it() {
        assert_eq!(u(0, &[1]).expansion_text(), "0.1");
        assert_eq!(u(1, &[1]).expansion_text(), "*.1");
        assert_eq!(u(2, &[]).expansion_text(), "*2.0");
        assert_eq!(u(0, &[0, -1]).expansion_text(), "0.01-");
        assert_eq!(u(0, &[11, 36]).expansion_text(), "0.B(36)");
        let x = Uptimal::new(Dyadic::new(-5, 2).unwrap(), 1, vec![1, 1, 0, 1]);
        assert_eq!(x.expansion_text(), "-5/4*.1101");
    }

    #[test]
    fn compact_text() {
        let mut s = String::new();
        Uptimal::new(Dyadic::new(3, 2).unwrap(), 1, vec![-1, -1, -1]).write_compact(&mut s);
        assert_eq!(s, "3/4v[3]*");
        s.clear();
        u(0, &[0, -1]).write_compact(&mut s);
        assert_eq!(s, "v<2>");
        s.clear();
        u(2, &[5]).write_compact(&mut s);
        assert_eq!(s, "^5*2");
    }
}
