//! General take-and-break codes: every spelling of CGSuite's `TBCode` that
//! the octal reader ([`TakeBreak`]) cannot hold, with a plain solver.
//!
//! A code says, for each number `k` of tokens removed from one heap, how
//! many non-empty heaps may be left and what equality those heaps must
//! satisfy. CGSuite writes a digit as
//!
//! - a base-32 character `0`-`9`, `a`-`v`: bit `h` lets a move leave `h`
//!   heaps (so `g` = 16 leaves four heaps, `v` = 31 leaves zero to four);
//! - `&n;`: the same with the decimal mask `n` (up to 63 heaps);
//! - `*`: any number of heaps, zero included;
//! - `{a,b,c}`: exactly the listed numbers of heaps, and `{a,b+}` also every
//!   number above `b`;
//!
//! each followed by a mark: `!` the heaps left are pairwise unequal, `?`
//! they are not all equal, `=` they are all equal. Inside braces a mark may
//! follow each number (`{2!,3}`) or the closing brace (`{2,3}!`, for all),
//! not both. A period in brackets (or parentheses) at the end repeats its
//! digits in turn forever: `0.[37]` takes an odd number of tokens leaving
//! one heap, or an even number leaving one or two.
//!
//! A code the octal reader holds still goes there (its solver proves
//! periods and is far faster): [`GeneralCode::to_octal`] says which. The
//! rest are valued here by plain mex over every legal split, every split
//! counted against the limits ([`GeneralCode::values`]), so that a code
//! like `0.{0,9+}` on a heap of 10^6 stops with a limit error instead of
//! enumerating its partitions for ever.

use std::fmt;
use std::ops::ControlFlow;

use super::rules::{CodeError, TakeBreak, MAX_CODE_DIGITS};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::rules::Rules;

/// The most heaps a listed number in a digit may name (as in CGSuite).
pub const MAX_LISTED_HEAPS: u64 = 63;

const ACCEPTED: &str = "accepted are CGSuite's digits: 0-9 and a-v (bit h leaves h heaps), \
     &n; (mask n), * (any number of heaps), {a,b,c+} (those numbers of heaps; + for every \
     larger one), each optionally followed by ! (pairwise unequal heaps), ? (not all equal) or \
     = (all equal), and a period of digits in brackets at the end, like 0.[37] or 4.0{3!}";

/// What the heaps left by one split must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Any sizes.
    Any,
    /// Not all equal (`?`).
    NotAllEqual,
    /// Pairwise unequal (`!`).
    Distinct,
    /// All equal (`=`).
    AllEqual,
}

impl Constraint {
    /// The constraint as it acts on `h` heaps: on zero or one heap every
    /// constraint holds, and two heaps that are not all equal are unequal.
    fn on(self, h: u64) -> Constraint {
        match (h, self) {
            (0 | 1, _) => Constraint::Any,
            (2, Constraint::NotAllEqual) => Constraint::Distinct,
            (_, c) => c,
        }
    }

    fn mark(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::NotAllEqual => "?",
            Constraint::Distinct => "!",
            Constraint::AllEqual => "=",
        }
    }

    fn from_mark(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Distinct),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::AllEqual),
            _ => None,
        }
    }
}

/// One digit: which numbers of heaps a move may leave, and how.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// `listed[h]`: whether `h` heaps may be left, under which constraint.
    listed: Vec<Option<Constraint>>,
    /// Every `h >= listed.len()` is allowed under this constraint, if set.
    beyond: Option<Constraint>,
}

impl Digit {
    /// The constraint on leaving `h` heaps, `None` if not allowed.
    pub fn allows(&self, h: u64) -> Option<Constraint> {
        let raw = match usize::try_from(h) {
            Ok(i) if i < self.listed.len() => self.listed[i],
            _ => self.beyond,
        };
        raw.map(|c| c.on(h))
    }

    /// Whether no move is allowed.
    pub fn is_zero(&self) -> bool {
        self.beyond.is_none() && self.listed.iter().all(Option::is_none)
    }

    /// The most heaps a move may leave (`u64::MAX` for `*` and `{…+}`).
    pub fn max_heaps(&self) -> u64 {
        if self.beyond.is_some() {
            return u64::MAX;
        }
        self.listed
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |h| h as u64)
    }

    /// The same digit with each constraint as it acts, and no entry that
    /// says what `beyond` says: equal digits then compare equal.
    fn normalised(mut self) -> Digit {
        for (h, c) in self.listed.iter_mut().enumerate() {
            *c = c.map(|c| c.on(h as u64));
        }
        if let Some(b) = self.beyond {
            while let Some(&last) = self.listed.last() {
                if last == Some(b.on(self.listed.len() as u64 - 1)) {
                    self.listed.pop();
                } else {
                    break;
                }
            }
        } else {
            while self.listed.last() == Some(&None) {
                self.listed.pop();
            }
        }
        self
    }

    /// The octal or hexadecimal digit, if this is one without constraints
    /// beyond unequal pairs (`Some((digit, pairs_unequal))`).
    fn as_hex(&self) -> Option<(u8, bool)> {
        if self.beyond.is_some() || self.listed.len() > 4 {
            return None;
        }
        let mut value = 0u8;
        let mut unequal = false;
        for (h, c) in self.listed.iter().enumerate() {
            match c {
                None => {}
                Some(Constraint::Any) => value |= 1 << h,
                Some(Constraint::Distinct) if h == 2 => {
                    value |= 1 << h;
                    unequal = true;
                }
                Some(_) => return None,
            }
        }
        Some((value, unequal))
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed: Vec<(usize, Constraint)> = self
            .listed
            .iter()
            .enumerate()
            .filter_map(|(h, c)| c.map(|c| (h, c)))
            .collect();
        // One mark for the whole digit when the splits (two heaps or more)
        // share it.
        let marks: Vec<Constraint> = allowed
            .iter()
            .filter(|(h, _)| *h >= 2)
            .map(|&(_, c)| c)
            .chain(self.beyond)
            .collect();
        let shared = marks
            .first()
            .copied()
            .filter(|m| marks.iter().all(|c| c == m))
            .unwrap_or(Constraint::Any);
        let uniform = marks.iter().all(|&c| c == shared);
        match self.beyond {
            None if uniform => {
                let mask: u64 = allowed.iter().map(|&(h, _)| 1u64 << h).sum();
                if mask < 32 {
                    let c = char::from_digit(mask as u32, 32).unwrap_or('0');
                    write!(f, "{}", c.to_ascii_uppercase())?;
                } else {
                    write!(f, "&{mask};")?;
                }
                f.write_str(shared.mark())
            }
            Some(b) if self.listed.is_empty() => write!(f, "*{}", b.mark()),
            _ => {
                let mut list: Vec<String> = allowed
                    .iter()
                    .map(|&(h, c)| format!("{h}{}", if h >= 2 { c.mark() } else { "" }))
                    .collect();
                if let Some(b) = self.beyond {
                    list.push(format!("{}{}+", self.listed.len(), b.mark()));
                }
                write!(f, "{{{}}}", list.join(","))
            }
        }
    }
}

/// A take-and-break code in CGSuite's general notation (its `TBCode`).
///
/// ```
/// use grundy::takebreak::GeneralCode;
/// let code = GeneralCode::from_code("0.[37]").unwrap();
/// assert!(code.to_octal().is_none());
/// // Odd takes leave at most one heap, even takes up to two: G(n) = n here.
/// assert_eq!(code.values(6, &Default::default()).unwrap(), vec![0, 1, 2, 3, 4, 5, 6]);
/// // A code the octal reader holds is sent there.
/// assert!(GeneralCode::from_code("0.[33]").unwrap().to_octal().is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneralCode {
    /// `d0, d1, …`; the last `period` of them repeat for ever.
    digits: Vec<Digit>,
    period: usize,
}

/// Reads the text of a code.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bad(&self, at: usize) -> CodeError {
        match self.text[at..].chars().next() {
            Some(c) => self.unsupported(at, format!("`{c}` is not a digit here")),
            None => self.unsupported(at, "the code ends in the middle of a digit"),
        }
    }

    fn unsupported(&self, at: usize, what: impl Into<String>) -> CodeError {
        CodeError::Unsupported {
            code: self.text.to_owned(),
            position: at,
            what: what.into(),
            accepted: ACCEPTED,
        }
    }

    fn mark(&mut self) -> Option<Constraint> {
        let m = self.peek().and_then(Constraint::from_mark);
        if m.is_some() {
            self.at += 1;
        }
        m
    }

    fn mask_digit(mask: u64, mark: Option<Constraint>) -> Digit {
        let c = mark.unwrap_or(Constraint::Any);
        let listed = (0..64).map(|h| (mask >> h & 1 == 1).then_some(c)).collect();
        Digit {
            listed,
            beyond: None,
        }
        .normalised()
    }

    /// One digit with its mark.
    fn digit(&mut self) -> Result<Digit, CodeError> {
        let start = self.at;
        let c = self.peek().ok_or_else(|| self.bad(start))?;
        match c {
            '*' => {
                self.at += 1;
                let mark = self.mark().unwrap_or(Constraint::Any);
                Ok(Digit {
                    listed: Vec::new(),
                    beyond: Some(mark),
                }
                .normalised())
            }
            '&' => {
                let end = self.text[start..]
                    .find(';')
                    .map(|e| start + e)
                    .ok_or_else(|| self.bad(start))?;
                let mask: u64 = self.text[start + 1..end].parse().map_err(|_| {
                    self.unsupported(start, "`&n;` needs a decimal mask n below 2^63")
                })?;
                if mask >> MAX_LISTED_HEAPS != 0 {
                    return Err(self.unsupported(start, "`&n;` needs a decimal mask n below 2^63"));
                }
                self.at = end + 1;
                let mark = self.mark();
                Ok(Self::mask_digit(mask, mark))
            }
            '{' => self.braces(),
            c => {
                let Some(mask) = c.to_digit(32).filter(|_| c.is_ascii_alphanumeric()) else {
                    return Err(self.bad(start));
                };
                self.at += 1;
                let mark = self.mark();
                Ok(Self::mask_digit(u64::from(mask), mark))
            }
        }
    }

    /// `{a,b,c+}` with its marks.
    fn braces(&mut self) -> Result<Digit, CodeError> {
        let start = self.at;
        let end = self.text[start..]
            .find('}')
            .map(|e| start + e)
            .ok_or_else(|| self.bad(start))?;
        let inside = &self.text[start + 1..end];
        self.at = end + 1;
        let global = self.mark();
        let (body, more) = match inside.strip_suffix('+') {
            Some(b) => (b, true),
            None => (inside, false),
        };
        let mut listed: Vec<Option<Constraint>> = Vec::new();
        let mut last = None;
        for token in body.split(',') {
            let token = token.trim();
            let (number, own) = match token.chars().last().and_then(Constraint::from_mark) {
                Some(m) => (&token[..token.len() - 1], Some(m)),
                None => (token, None),
            };
            if own.is_some() && global.is_some() {
                return Err(self.unsupported(
                    start,
                    "a mark inside the braces and another after them: give each number its \
                     own mark, or one mark for all after the braces",
                ));
            }
            let h: u64 = number.parse().map_err(|_| {
                self.unsupported(
                    start,
                    format!("`{token}` in braces is not a number of heaps (0 to 63)"),
                )
            })?;
            if h > MAX_LISTED_HEAPS {
                return Err(self.unsupported(
                    start,
                    format!("{h} heaps listed in braces; at most {MAX_LISTED_HEAPS} may be"),
                ));
            }
            let h = h as usize;
            if listed.len() <= h {
                listed.resize(h + 1, None);
            }
            let c = own.or(global).unwrap_or(Constraint::Any);
            listed[h] = Some(c);
            last = Some((h, c));
        }
        let beyond = if more {
            let Some((h, c)) = last else {
                return Err(self.bad(start));
            };
            listed.truncate(h);
            Some(c)
        } else {
            None
        };
        Ok(Digit { listed, beyond }.normalised())
    }
}

impl GeneralCode {
    /// Reads a code in CGSuite's notation (see the module documentation).
    pub fn from_code(code: &str) -> Result<GeneralCode, CodeError> {
        let text = code.trim();
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        if !text.contains('.') {
            return Err(CodeError::MissingPoint {
                code: text.to_owned(),
            });
        }
        let mut r = Reader { text, at: 0 };
        // Before the point: CGSuite's additive digits, then d0.
        let mut lead = Vec::new();
        while r.peek() != Some('.') {
            let at = r.at;
            lead.push((at, r.digit()?));
        }
        let Some((d0_at, d0)) = lead.pop() else {
            return Err(CodeError::BadLeadDigit {
                found: String::new(),
            });
        };
        if let Some((at, _)) = lead.iter().find(|(_, d)| !d.is_zero()) {
            return Err(r.unsupported(
                *at,
                "a digit before d0 adds tokens to a heap (CGSuite's additive digits), which \
                 can make play loop; grundy holds only codes that remove tokens or split",
            ));
        }
        if d0.allows(0).is_some() || d0.allows(1).is_some() {
            return Err(r.unsupported(
                d0_at,
                "d0 lets a move take nothing and leave no heap (impossible) or the heap as it \
                 was (a pass); d0 may only split a heap into two or more",
            ));
        }
        let mut digits = vec![d0];
        r.at += 1;
        let mut period_start = None;
        while let Some(c) = r.peek() {
            if c == '[' || c == '(' {
                if period_start.is_some() {
                    return Err(r.bad(r.at));
                }
                let close = if c == '[' { ']' } else { ')' };
                r.at += 1;
                period_start = Some(digits.len());
                while r.peek().is_some_and(|c| c != close) {
                    digits.push(r.digit()?);
                    Self::check_length(&digits)?;
                }
                if r.peek() != Some(close) {
                    return Err(r.unsupported(
                        r.at,
                        format!("the period opened with `{c}` is not closed with `{close}`"),
                    ));
                }
                if digits.len() == period_start.unwrap_or(0) {
                    return Err(r.unsupported(r.at, "the period in brackets is empty"));
                }
                r.at += 1;
                if r.at != text.len() {
                    return Err(r.bad(r.at));
                }
                break;
            }
            digits.push(r.digit()?);
            Self::check_length(&digits)?;
        }
        if digits.len() == 1 {
            return Err(CodeError::NoDigits {
                code: text.to_owned(),
            });
        }
        let period = period_start.map_or(0, |s| digits.len() - s);
        Ok(GeneralCode::normalised(digits, period))
    }

    fn check_length(digits: &[Digit]) -> Result<(), CodeError> {
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(CodeError::TooLong {
                digits: digits.len() - 1,
                limit: MAX_CODE_DIGITS,
            });
        }
        Ok(())
    }

    /// The shortest period and preperiod that spell the same rules.
    fn normalised(mut digits: Vec<Digit>, mut period: usize) -> GeneralCode {
        if period > 0 {
            let start = digits.len() - period;
            // The smallest period of the repeating block.
            let block = &digits[start..];
            let p = (1..=period)
                .find(|&q| {
                    period.is_multiple_of(q) && (q..period).all(|i| block[i] == block[i - q])
                })
                .unwrap_or(period);
            digits.truncate(start + p);
            period = p;
            // Pull the period's start back over digits that repeat it.
            while digits.len() - period > 1
                && digits[digits.len() - period - 1] == digits[digits.len() - 1]
            {
                // `x[ab]` with `x = b` is `[xa]`: the block moves back one.
                digits.pop();
            }
            if digits[digits.len() - period..].iter().all(Digit::is_zero) {
                digits.truncate(digits.len() - period);
                period = 0;
            }
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        GeneralCode { digits, period }
    }

    /// The digit for removing `k` tokens.
    pub fn digit(&self, k: u64) -> &Digit {
        static ZERO: Digit = Digit {
            listed: Vec::new(),
            beyond: None,
        };
        let len = self.digits.len() as u64;
        if k < len {
            return &self.digits[k as usize];
        }
        if self.period == 0 {
            return &ZERO;
        }
        let pre = len - self.period as u64;
        &self.digits[(pre + (k - pre) % self.period as u64) as usize]
    }

    /// Whether only finitely many digits are non-zero.
    pub fn is_finite(&self) -> bool {
        self.period == 0
    }

    /// The most tokens a move removes, for a finite code.
    pub fn max_take(&self) -> Option<u64> {
        self.is_finite().then(|| self.digits.len() as u64 - 1)
    }

    /// The most heaps any move leaves (`u64::MAX` for `*` and `{…+}`).
    pub fn max_heaps(&self) -> u64 {
        self.digits.iter().map(Digit::max_heaps).max().unwrap_or(0)
    }

    /// Whether no digit constrains the sizes of the heaps it leaves.
    pub fn is_unconstrained(&self) -> bool {
        self.digits.iter().all(|d| {
            d.beyond.is_none_or(|c| c == Constraint::Any)
                && d.listed
                    .iter()
                    .all(|c| c.is_none_or(|c| c == Constraint::Any))
        })
    }

    /// The same rules as an octal or hexadecimal code, when the octal
    /// reader can hold them: at most three heaps, a period of one digit,
    /// and either no constraint or unequal pairs on every split (and then
    /// no split into three heaps), as Grundy's game.
    pub fn to_octal(&self) -> Option<TakeBreak> {
        if self.period > 1 {
            return None;
        }
        let hex: Vec<(u8, bool)> = self
            .digits
            .iter()
            .map(Digit::as_hex)
            .collect::<Option<_>>()?;
        let splits = |v: u8| v & 4 != 0;
        let unequal = hex.iter().any(|&(_, u)| u);
        if unequal && hex.iter().any(|&(v, u)| (splits(v) && !u) || v & 8 != 0) {
            return None;
        }
        let values: Vec<u8> = hex.iter().map(|&(v, _)| v).collect();
        let (listed, tail) = if self.period == 1 {
            (&values[..values.len() - 1], values[values.len() - 1])
        } else {
            (&values[..], 0)
        };
        TakeBreak::from_parts(listed, tail, unequal)
    }

    /// Calls `visit` with the heaps each option of a heap of `n` leaves
    /// (sorted ascending), until it breaks.
    pub fn options_until(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let most_k = self.max_take().map_or(n, |t| t.min(n));
        let mut buf = Vec::new();
        for k in 0..=most_k {
            let d = self.digit(k);
            if d.is_zero() {
                continue;
            }
            let rest = n - k;
            let most_h = d.max_heaps().min(rest);
            for h in 0..=most_h {
                let Some(c) = d.allows(h) else { continue };
                if h == 0 {
                    if rest == 0 {
                        visit(&[])?;
                    }
                    continue;
                }
                if h == 1 && k == 0 {
                    continue;
                }
                buf.clear();
                splits(rest, h, 1, c, &mut buf, visit)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// G(0), …, G(n) by plain mex over every legal split, each split
    /// counted against `budget`'s position limit (and the clock looked at).
    pub fn values(&self, n: u64, budget: &Budget) -> Result<Vec<u64>, LimitError> {
        let mut values = Vec::new();
        self.extend(&mut values, n, budget)?;
        Ok(values)
    }

    /// Extends `values` (G(0), G(1), … as far as known) to G(n), as
    /// [`GeneralCode::values`] does; on an error, `values` keeps the heaps
    /// finished before it.
    pub fn extend(&self, values: &mut Vec<u64>, n: u64, budget: &Budget) -> Result<(), LimitError> {
        let limit = budget.limits().max_positions;
        let heaps = n.saturating_add(1);
        if heaps > limit {
            return Err(LimitError::Positions {
                what: format!("the values of take-and-break code {self} up to heap {n}"),
                needed: u128::from(heaps),
                limit,
            });
        }
        budget.check_alloc(
            "a general take-and-break code's values",
            u128::from(heaps),
            8,
        )?;
        values.reserve((heaps as usize).saturating_sub(values.len()));
        let mut examined = heaps;
        let mut seen: Vec<bool> = Vec::new();
        for m in values.len() as u64..=n {
            seen.clear();
            let mut stop = None;
            let _ = self.options_until(m, &mut |parts| {
                examined += 1;
                if examined > limit {
                    stop = Some(LimitError::Positions {
                        what: format!(
                            "the splits of take-and-break code {self} up to heap {n} (each split \
                             examined counts as a position)"
                        ),
                        needed: u128::from(examined),
                        limit,
                    });
                    return ControlFlow::Break(());
                }
                if let Err(e) = budget.tick("a general take-and-break code's values") {
                    stop = Some(e);
                    return ControlFlow::Break(());
                }
                let v = parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
                // A mex never exceeds the number of options: larger values
                // need no room.
                if let Ok(i) = usize::try_from(v) {
                    if i < 1 << 24 {
                        if seen.len() <= i {
                            seen.resize(i + 1, false);
                        }
                        seen[i] = true;
                    }
                }
                ControlFlow::Continue(())
            });
            if let Some(e) = stop {
                return Err(e);
            }
            let mex = seen.iter().position(|s| !s).unwrap_or(seen.len());
            values.push(mex as u64);
        }
        Ok(())
    }

    /// Whether the Guy–Smith argument proves that `values` continue with
    /// period `p` from `e` (see [`GeneralCode::proof_bound`]).
    pub fn proves(&self, values_len: u64, e: u64, p: u64) -> bool {
        self.proof_bound(e, p)
            .is_some_and(|bound| values_len >= bound.saturating_add(p))
    }

    /// The heap below which `G(n + p) = G(n)` must be checked (from `e`)
    /// to prove the period for ever, or `None` when no theorem applies.
    ///
    /// The Guy–Smith theorem (Winning Ways ch. 4) extended to moves that
    /// leave up to `h` heaps: for a finite code removing at most `t`
    /// tokens, with no equality constraints, if `G(n + p) = G(n)` for
    /// `e <= n < h·e + (h-1)·p + t` then for every `n >= e`. (An option of
    /// `n + p` leaves heaps summing to at least `n + p - t`, so its largest
    /// heap is at least `e + p` there and can be shortened by `p`; an option
    /// of `n` has a largest heap of at least `e` that can be lengthened by
    /// `p`.) A constraint breaks the argument (shortening the largest heap
    /// may make it equal another), as do infinite codes and unbounded splits.
    pub fn proof_bound(&self, e: u64, p: u64) -> Option<u64> {
        let t = self.max_take()?;
        let h = self.max_heaps().max(1);
        if h == u64::MAX || !self.is_unconstrained() {
            return None;
        }
        h.checked_mul(e)?
            .checked_add((h - 1).checked_mul(p)?)?
            .checked_add(t)
    }
}

/// Calls `visit` with every way to split `rest` tokens into `h` heaps of
/// at least `min` each (ascending), under constraint `c`; `buf` holds the
/// heaps chosen so far.
fn splits(
    rest: u64,
    h: u64,
    min: u64,
    c: Constraint,
    buf: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match c {
        Constraint::AllEqual => {
            if rest.is_multiple_of(h) && rest / h >= min {
                let base = buf.len();
                buf.resize(base + h as usize, rest / h);
                visit(buf)?;
                buf.truncate(base);
            }
            ControlFlow::Continue(())
        }
        Constraint::NotAllEqual => splits(rest, h, min, Constraint::Any, buf, &mut |parts| {
            if parts.first() == parts.last() {
                ControlFlow::Continue(())
            } else {
                visit(parts)
            }
        }),
        Constraint::Any | Constraint::Distinct => {
            if h == 1 {
                if rest >= min {
                    buf.push(rest);
                    let r = visit(buf);
                    buf.pop();
                    r?;
                }
                return ControlFlow::Continue(());
            }
            let step = u64::from(c == Constraint::Distinct);
            let mut a = min;
            loop {
                // The other h-1 heaps need at least a+step, a+2·step, … each.
                let others = (h - 1)
                    .checked_mul(a + step)
                    .and_then(|x| x.checked_add(step * (h - 1) * (h - 2) / 2));
                match others.and_then(|o| o.checked_add(a)) {
                    Some(need) if need <= rest => {}
                    _ => break,
                }
                buf.push(a);
                let r = splits(rest - a, h - 1, a + step, c, buf, visit);
                buf.pop();
                r?;
                a += 1;
            }
            ControlFlow::Continue(())
        }
    }
}

impl fmt::Display for GeneralCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let pre = self.digits.len() - self.period;
        for d in &self.digits[1..pre] {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            f.write_str("[")?;
            for d in &self.digits[pre..] {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        } else if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

impl Rules for GeneralCode {
    type Position = u64;

    fn options(&self, &n: &u64, visit: &mut dyn FnMut(&[u64])) {
        let _ = self.options_until(n, &mut |parts| {
            visit(parts);
            ControlFlow::Continue(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(code: &str) -> GeneralCode {
        GeneralCode::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"))
    }

    fn options(code: &str, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        read(code).options(&n, &mut |o| out.push(o.to_vec()));
        out.sort();
        out
    }

    #[test]
    fn digits_mean_what_cgsuite_means() {
        // g = 16: take one, leave exactly four heaps.
        assert_eq!(options("0.g", 6), vec![vec![1, 1, 1, 2]]);
        // `=`: two equal heaps only.
        assert_eq!(options("4=.0", 6), vec![vec![3, 3]]);
        assert!(options("4=.0", 5).is_empty());
        // `!` on three heaps: pairwise unequal; `?`: not all equal.
        assert_eq!(options("8!.0", 7), vec![vec![1, 2, 4]]);
        assert_eq!(options("8?.0", 6), vec![vec![1, 1, 4], vec![1, 2, 3]]);
        assert_eq!(
            options("8.0", 6),
            vec![vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]
        );
        // `*`: any number of heaps, none included.
        assert_eq!(options("0.*", 1), vec![vec![]]);
        assert_eq!(options("0.*", 3), vec![vec![1, 1], vec![2]]);
        // `{0,2+}`: the whole heap, or two heaps or more.
        assert_eq!(options("0.{0,2+}", 4), vec![vec![1, 1, 1], vec![1, 2]]);
        // `&n;`: the mask in decimal (32 = five heaps).
        assert_eq!(options("0.&32;", 6), vec![vec![1, 1, 1, 1, 1]]);
        // A mark per number in braces.
        assert_eq!(
            options("0.{2!,3}", 7),
            vec![
                vec![1, 1, 4],
                vec![1, 2, 3],
                vec![1, 5],
                vec![2, 2, 2],
                vec![2, 4]
            ]
        );
        // A period of several digits: 0.[37] takes odd counts leaving one
        // heap, even counts leaving one or two.
        assert_eq!(options("0.[37]", 3), vec![vec![], vec![1], vec![2]]);
        assert_eq!(
            options("0.[37]", 5),
            vec![vec![], vec![1], vec![1, 2], vec![2], vec![3], vec![4]]
        );
    }

    #[test]
    fn codes_print_as_cgsuite_writes_them_and_read_back() {
        for (code, printed) in [
            ("0.[37]", "0.[37]"),
            ("0.[3737]", "0.[37]"),
            ("0.3[73]", "0.[37]"),
            ("0.g", "0.G"),
            ("0.v", "0.V"),
            ("4=.0", "4=.0"),
            ("8!.0", "8!.0"),
            ("8?.0", "8?.0"),
            ("0.*", "0.*"),
            ("0.{0,2+}", "0.{0,2+}"),
            ("0.{2,3+}", "0.{2+}"),
            ("0.&32;", "0.&32;"),
            ("0.{2!,3}", "0.{2!,3}"),
            ("0.{1,2}!", "0.6!"),
            ("0.[3]", "0.[3]"),
            ("004.0{3}", "4.08"),
        ] {
            let g = read(code);
            assert_eq!(g.to_string(), printed, "{code}");
            assert_eq!(read(&g.to_string()), g, "{code} -> {printed}");
        }
    }

    #[test]
    fn octal_codes_go_to_the_octal_reader() {
        for (code, octal) in [
            ("0.77", "0.77"),
            ("0.[33]", "0.[3]"),
            ("4!.0", "4!.0"),
            ("4?.0", "4!.0"),
            ("0.{1,2}", "0.6"),
            ("0.3[3]", "0.[3]"),
            ("0.6!", "0.6!"),
            ("4.[3]", "4.[3]"),
            ("{2}!.0", "4!.0"),
        ] {
            let held = read(code).to_octal().unwrap_or_else(|| panic!("{code}"));
            assert_eq!(held, TakeBreak::from_code(octal).unwrap(), "{code}");
        }
        for code in ["0.[37]", "0.g", "4=.0", "8!.0", "0.*", "0.{2!,3}", "0.C!"] {
            assert!(read(code).to_octal().is_none(), "{code}");
        }
    }

    #[test]
    fn bad_codes_say_what_is_accepted() {
        for (code, says) in [
            ("0.x", "not a digit"),
            ("0.{2!,3}!", "own mark"),
            ("0.{64}", "at most 63"),
            ("0.{a}", "not a number"),
            ("1.0", "a pass"),
            ("40.7", "adds tokens"),
            ("0.[3", "not closed"),
            ("0.[]", "empty"),
            ("0.&x;", "decimal mask"),
            ("0.{2", "not a digit"),
            ("0.[3]7", "not a digit"),
        ] {
            let e = match GeneralCode::from_code(code) {
                Ok(g) => panic!("{code} read as {g}"),
                Err(e) => e.to_string(),
            };
            assert!(e.contains(says), "{code}: {e}");
        }
    }

    #[test]
    fn huge_splits_stop_at_the_limit() {
        let budget = Budget::new(crate::vocab::limits::Limits {
            max_positions: 1_000_000,
            ..Default::default()
        });
        let e = read("0.{0,9+}").values(1_000_000, &budget).unwrap_err();
        assert!(matches!(e, LimitError::Positions { .. }), "{e}");
        let e = read("0.{0,9+}").values(1_000, &budget).unwrap_err();
        assert!(e.to_string().contains("split"), "{e}");
    }
}
