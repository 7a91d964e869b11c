//! The rules of a take-and-break heap game, read from its code.

use std::fmt;

use crate::vocab::rules::Rules;

/// The most code digits (after the point) that a [`TakeBreak`] accepts by default.
///
/// Every digit costs a pass over the options of each heap, so a code is kept
/// short enough that a user who typed a wrong number hears about it.
pub const MAX_CODE_DIGITS: usize = 4096;

/// Why a code or a constructor's argument was not a valid take-and-break game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// The code was empty.
    #[error("empty game code: expected a code such as `0.77`, `4.007` or `0.3f`")]
    Empty,
    /// The part before the point was not one digit among 0, 4, 8 and c.
    #[error(
        "digit d0 = `{found}` before the point: expected one of 0, 4, 8, c, or 4! for splits \
         into unequal heaps (d0 may only split a heap without taking; 1 and 2 would remove \
         nothing or pass; CGSuite's digits before d0, for moves that add tokens, must be 0)"
    )]
    BadLeadDigit {
        /// The text found before the point.
        found: String,
    },
    /// The code had no point after its first digit.
    #[error(
        "missing `.` in game code `{code}`: expected `0.` or `4.` followed by digits, e.g. `0.77`"
    )]
    MissingPoint {
        /// The whole code.
        code: String,
    },
    /// A character that is not a hexadecimal digit.
    #[error(
        "character `{found}` at position {position} of game code `{code}` is not a digit: \
         accepted are 0-9 and a-f (A-F), each optionally followed by `!` (splits into unequal \
         heaps, as in 4!.0), and at the end a repeating digit in brackets like `0.1[3]` \
         (CGSuite's spelling) or parentheses like `0.1(3)`"
    )]
    BadDigit {
        /// The whole code.
        code: String,
        /// The byte offset of the character in the code.
        position: usize,
        /// The character.
        found: char,
    },
    /// No digit after the point.
    #[error("no digits after the point in game code `{code}`: expected e.g. `0.77`")]
    NoDigits {
        /// The whole code.
        code: String,
    },
    /// The code was longer than the limit.
    #[error("game code has {digits} digits after the point; at most {limit} are accepted")]
    TooLong {
        /// The number of digits found (or the largest subtraction requested).
        digits: usize,
        /// The limit.
        limit: usize,
    },
    /// CGSuite spelling that describes a game grundy's codes cannot hold.
    #[error("game code `{code}` at position {position}: {what}; {accepted}")]
    Unsupported {
        /// The whole code.
        code: String,
        /// The byte offset of the problem in the code.
        position: usize,
        /// What CGSuite means by it, and why grundy cannot follow.
        what: String,
        /// What would be accepted instead.
        accepted: &'static str,
    },
    /// A subtraction set contained 0, which would be a pass.
    #[error("subtraction set contains 0: every move must remove at least one token")]
    ZeroSubtraction,
}

/// What distinguishes a code game from Grundy's game, which no code describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Split {
    /// Splits into two heaps may be equal or unequal.
    Any,
    /// A split into two heaps must leave unequal heaps (Grundy's game).
    Unequal,
}

/// A take-and-break heap game in the notation of Winning Ways (ch. 4).
///
/// The code `d0.d1d2d3…` says, for every `k`, what may be done after removing
/// `k` tokens from one heap: digit `d_k` is the sum of `2^j` over the numbers
/// `j` of non-empty heaps that may be left. So bit 1 lets a player take a
/// whole heap of exactly `k`, bit 2 leave one heap, bit 4 leave two, and in
/// hexadecimal codes bit 8 leave three. `d0` may only contain 4 and 8: a move
/// must change the position. A digit in parentheses at the end repeats
/// forever (`0.(3)` is Nim).
///
/// ```
/// use grundy::{vocab::rules::Rules, takebreak::TakeBreak};
/// let kayles = TakeBreak::kayles();
/// assert_eq!(kayles.to_string(), "0.77");
/// let mut options = Vec::new();
/// kayles.options(&3, &mut |o| options.push(o.to_vec()));
/// // take 1 (leave 2, or split into 1+1), take 2 (leave 1), and nothing splits 1 into two.
/// assert_eq!(options, vec![vec![2], vec![1, 1], vec![1]]);
/// assert_eq!(TakeBreak::from_code("0.77").unwrap(), kayles);
/// assert!(TakeBreak::from_code("0.79x").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `digits[k]` for `k < digits.len()`, without trailing zeros beyond the tail.
    digits: Vec<u8>,
    /// The digit for every `k >= digits.len()`.
    tail: u8,
    split: Split,
}

fn hex_value(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

/// One digit of a code as written: its value, the mark after it (`!`,
/// `?` or `=`), and where it stands.
#[derive(Clone, Copy)]
struct CodeDigit {
    value: u8,
    mark: Option<char>,
    at: usize,
}

/// Reads a code's text into digits (`TakeBreak::from_code`).
struct CodeReader<'a> {
    text: &'a str,
    /// `d0, d1, …` as read.
    digits: Vec<CodeDigit>,
}

const ACCEPTED_DIGITS: &str = "accepted are digits 0-f (leaving at most three heaps), each \
     optionally followed by `!` when every splitting digit of the code is, and one digit \
     repeating at the end, like `0.1[3]` or `0.1(3)`; the game `octal[…]` reads the rest of \
     CGSuite's spellings as a general code (grundy::takebreak::GeneralCode, valued by plain mex)";

impl CodeReader<'_> {
    fn unsupported(&self, position: usize, what: impl Into<String>) -> CodeError {
        CodeError::Unsupported {
            code: self.text.to_owned(),
            position,
            what: what.into(),
            accepted: ACCEPTED_DIGITS,
        }
    }

    fn bad_digit(&self, position: usize, found: char) -> CodeError {
        CodeError::BadDigit {
            code: self.text.to_owned(),
            position,
            found,
        }
    }

    /// The digit at `at` with its mark, and where the next one starts.
    fn digit(&self, at: usize) -> Result<(CodeDigit, usize), CodeError> {
        let mut chars = self.text[at..].chars();
        let c = chars.next().unwrap_or(' ');
        let Some(value) = hex_value(c) else {
            // CGSuite's base-32 digits g-v, `*` (any number of heaps), `{…}`
            // (a list of heap counts) and `&n;` (digit n) leave four or more.
            if c.is_ascii_alphabetic() && c.to_ascii_lowercase() <= 'v' || "*{&".contains(c) {
                return Err(self.unsupported(
                    at,
                    format!(
                        "`{c}` is a CGSuite digit that may leave four or more heaps, which \
                         grundy's codes do not hold"
                    ),
                ));
            }
            return Err(self.bad_digit(at, c));
        };
        let mark = chars.next().filter(|m| "!?=".contains(*m));
        let next = at + 1 + mark.map_or(0, char::len_utf8);
        Ok((CodeDigit { value, mark, at }, next))
    }

    /// The digits before the point: `d0`, after any zeros of CGSuite's
    /// digits for moves that add tokens (`04!.0` is `4!.0`).
    fn lead(&mut self, point: usize) -> Result<(), CodeError> {
        let bad = || CodeError::BadLeadDigit {
            found: self.text[..point].to_owned(),
        };
        let mut d0 = CodeDigit {
            value: 0,
            mark: None,
            at: 0,
        };
        let mut at = 0;
        while at < point {
            if d0.value != 0 {
                return Err(bad());
            }
            (d0, at) = self.digit(at).map_err(|_| bad())?;
        }
        if at != point || d0.value & 3 != 0 {
            return Err(bad());
        }
        self.digits.push(d0);
        Ok(())
    }

    /// The digits after the point, from `start`: the repeating one if the
    /// code ends in a period.
    fn after_point(&mut self, start: usize, limit: usize) -> Result<Option<CodeDigit>, CodeError> {
        let mut at = start;
        while at < self.text.len() {
            let c = self.text[at..].chars().next().unwrap_or(' ');
            if c == '(' || c == '[' {
                return self.period(at, if c == '(' { ')' } else { ']' }).map(Some);
            }
            let (d, next) = self.digit(at)?;
            self.digits.push(d);
            if self.digits.len() - 1 > limit {
                return Err(CodeError::TooLong {
                    digits: self.text.len() - start,
                    limit,
                });
            }
            at = next;
        }
        Ok(None)
    }

    /// The period opening at `open` and closing with `close` at the end of
    /// the code: one digit, or the same digit repeated.
    fn period(&self, open: usize, close: char) -> Result<CodeDigit, CodeError> {
        let mut at = open + 1;
        let mut period: Vec<CodeDigit> = Vec::new();
        while let Some(c) = self.text[at..].chars().next() {
            if c == close {
                if at + 1 != self.text.len() {
                    return Err(
                        self.bad_digit(at + 1, self.text[at + 1..].chars().next().unwrap_or(' '))
                    );
                }
                let Some(&first) = period.first() else {
                    return Err(self.bad_digit(at, c));
                };
                if close == ')' && period.len() > 1 {
                    return Err(self.bad_digit(
                        period[1].at,
                        self.text[period[1].at..].chars().next().unwrap_or(' '),
                    ));
                }
                if let Some(other) = period
                    .iter()
                    .find(|d| d.value != first.value || d.mark != first.mark)
                {
                    return Err(self.unsupported(
                        other.at,
                        "a period of several digits repeats them all in turn (CGSuite's \
                         `0.[37]`); grundy's codes repeat a single digit",
                    ));
                }
                return Ok(first);
            }
            let (d, next) = self.digit(at)?;
            period.push(d);
            at = next;
        }
        Err(self.bad_digit(open, if close == ')' { '(' } else { '[' }))
    }

    /// Whether the marks make every split into two heaps unequal (and
    /// none other): CGSuite's `!` and `?` on a digit that leaves two heaps
    /// and no more; a mark on a digit that splits nothing means nothing.
    fn split(&self, tail: &CodeDigit) -> Result<Split, CodeError> {
        let all: Vec<CodeDigit> = self.digits.iter().chain([tail]).copied().collect();
        let splitting = |d: &&CodeDigit| d.value & 12 != 0;
        for d in all.iter().filter(splitting) {
            match d.mark {
                Some(m) if d.value & 8 != 0 => {
                    return Err(self.unsupported(
                        d.at,
                        format!(
                            "`{m}` on a digit that leaves three heaps constrains those heaps \
                             (CGSuite); grundy's splits into three heaps are unconstrained"
                        ),
                    ))
                }
                Some('=') => {
                    return Err(self.unsupported(
                        d.at,
                        "`=` allows splits into equal heaps only (CGSuite), which grundy's \
                         codes do not hold",
                    ))
                }
                _ => {}
            }
        }
        let marked = all.iter().filter(splitting).filter(|d| d.mark.is_some());
        let Some(first) = marked.clone().next() else {
            return Ok(Split::Any);
        };
        if let Some(d) = all.iter().filter(splitting).find(|d| d.mark.is_none()) {
            return Err(self.unsupported(
                d.at,
                format!(
                    "this splitting digit has no `!` while the one at {} has: grundy makes \
                     the splits of a code unequal all or none",
                    first.at
                ),
            ));
        }
        Ok(Split::Unequal)
    }
}

impl TakeBreak {
    /// Parses a code such as `0.77`, `.07`, `4.007`, `0.3f`, `0.0[3]` or `4!.0`.
    ///
    /// Octal and hexadecimal digits are accepted; at most [`MAX_CODE_DIGITS`]
    /// digits after the point. CGSuite's spellings read as CGSuite means
    /// them (its `TBCode`): a period in brackets at the end repeats forever
    /// (`0.[3]` is Nim, `0.3003330[3]` takes any number but 2, 3 and 7), as
    /// does grundy's `0.(3)`; a `!` (or `?`) after a digit makes its splits
    /// into two heaps leave unequal heaps (`4!.0` is Grundy's game); a `0`
    /// before `d0` (CGSuite's digit for moves that add a token) is no move.
    ///
    /// ```
    /// use grundy::takebreak::TakeBreak;
    /// assert_eq!(TakeBreak::from_code("0.[3]").unwrap(), TakeBreak::nim());
    /// assert_eq!(TakeBreak::from_code("4!.0").unwrap(), TakeBreak::grundys_game());
    /// assert_eq!(TakeBreak::grundys_game().to_string(), "4!.0");
    /// let e = TakeBreak::from_code("0.[37]").unwrap_err().to_string();
    /// assert!(e.contains("several digits"), "{e}");
    /// ```
    ///
    /// Not accepted, with an error saying so: periods of several different
    /// digits, digits `g`-`v` and CGSuite's `*`, `{…}` and `&n;` digits
    /// (four or more heaps), marks on splits into three heaps, `=` (equal
    /// heaps only), a `!` on some splitting digits but not others, and moves
    /// that add tokens. All but the last are read by
    /// [`GeneralCode::from_code`](super::GeneralCode::from_code), whose
    /// plain solver values them.
    pub fn from_code(code: &str) -> Result<TakeBreak, CodeError> {
        Self::from_code_with_limit(code, MAX_CODE_DIGITS)
    }

    /// Like [`TakeBreak::from_code`] with another limit on the number of digits.
    pub fn from_code_with_limit(code: &str, limit: usize) -> Result<TakeBreak, CodeError> {
        let text = code.trim();
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        let Some(point) = text.find('.') else {
            return Err(CodeError::MissingPoint {
                code: text.to_owned(),
            });
        };
        let mut reader = CodeReader {
            text,
            digits: Vec::new(),
        };
        reader.lead(point)?;
        let tail = reader.after_point(point + 1, limit)?;
        if reader.digits.len() == 1 && tail.is_none() {
            return Err(CodeError::NoDigits {
                code: text.to_owned(),
            });
        }
        let tail = tail.unwrap_or(CodeDigit {
            value: 0,
            mark: None,
            at: text.len(),
        });
        let split = reader.split(&tail)?;
        let digits = reader.digits.iter().map(|d| d.value).collect();
        Ok(TakeBreak::normalised(digits, tail.value, split))
    }

    fn normalised(mut digits: Vec<u8>, tail: u8, split: Split) -> TakeBreak {
        while digits.len() > 1 && digits.last() == Some(&tail) {
            digits.pop();
        }
        TakeBreak {
            digits,
            tail,
            split,
        }
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins of a row.
    pub fn kayles() -> TakeBreak {
        TakeBreak::normalised(vec![0, 7, 7], 0, Split::Any)
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    pub fn dawsons_kayles() -> TakeBreak {
        TakeBreak::normalised(vec![0, 0, 7], 0, Split::Any)
    }

    /// Dawson's chess, `0.137` (Winning Ways ch. 4): its values are those of
    /// Dawson's Kayles shifted by one heap.
    pub fn dawsons_chess() -> TakeBreak {
        TakeBreak::normalised(vec![0, 1, 3, 7], 0, Split::Any)
    }

    /// Officers, `0.6`: take one token, leaving one or two non-empty heaps.
    pub fn officers() -> TakeBreak {
        TakeBreak::normalised(vec![0, 6], 0, Split::Any)
    }

    /// Nim: take any positive number of tokens from one heap (`0.(3)`).
    pub fn nim() -> TakeBreak {
        TakeBreak::normalised(vec![0], 3, Split::Any)
    }

    /// Grundy's game: split one heap into two unequal non-empty heaps,
    /// removing nothing: CGSuite's code `4!.0` (`4.0` would allow equal
    /// halves).
    pub fn grundys_game() -> TakeBreak {
        TakeBreak::normalised(vec![4], 0, Split::Unequal)
    }

    /// The subtraction game whose moves remove `k` tokens for `k` in `set`
    /// (digit 3 at each listed `k`). Repeated entries are allowed.
    pub fn subtraction(set: &[u64]) -> Result<TakeBreak, CodeError> {
        let digits = Self::listed(set, 3, 0)?;
        Ok(TakeBreak::normalised(digits, 0, Split::Any))
    }

    /// The game where a move removes any positive number of tokens except
    /// those listed: digit 3 forever, but 0 at each listed `k`.
    pub fn all_but(excluded: &[u64]) -> Result<TakeBreak, CodeError> {
        let digits = Self::listed(excluded, 0, 3)?;
        Ok(TakeBreak::normalised(digits, 3, Split::Any))
    }

    fn listed(set: &[u64], on: u8, off: u8) -> Result<Vec<u8>, CodeError> {
        if set.contains(&0) {
            return Err(CodeError::ZeroSubtraction);
        }
        let largest = set.iter().copied().max().unwrap_or(0);
        if largest > MAX_CODE_DIGITS as u64 {
            return Err(CodeError::TooLong {
                digits: usize::try_from(largest).unwrap_or(usize::MAX),
                limit: MAX_CODE_DIGITS,
            });
        }
        let mut digits = vec![off; largest as usize + 1];
        digits[0] = 0;
        for &k in set {
            digits[k as usize] = on;
        }
        Ok(digits)
    }

    /// The digit `d_k`.
    #[inline]
    pub fn digit(&self, k: u64) -> u8 {
        usize::try_from(k)
            .ok()
            .and_then(|k| self.digits.get(k))
            .copied()
            .unwrap_or(self.tail)
    }

    /// The digit that repeats forever after the listed ones (0 for finite codes).
    pub fn tail_digit(&self) -> u8 {
        self.tail
    }

    /// Whether only finitely many digits are non-zero (the Guy–Smith theorem
    /// then bounds the check that proves a period).
    pub fn is_finite(&self) -> bool {
        self.tail == 0
    }

    /// Whether this is Grundy's game (two-heap splits must be unequal).
    pub fn is_grundys_game(&self) -> bool {
        self.split == Split::Unequal
    }

    /// Whether every move leaves at most two heaps (an octal game in the wide sense).
    pub fn is_octal(&self) -> bool {
        self.digits.iter().chain([&self.tail]).all(|&d| d < 8)
    }

    /// The largest `k` with `d_k != 0`, or `None` for an infinite code.
    pub fn max_take(&self) -> Option<u64> {
        if !self.is_finite() {
            return None;
        }
        Some(self.digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u64)
    }

    /// The most heaps any move leaves (0 to 3).
    pub fn max_heaps_left(&self) -> u32 {
        let all = self
            .digits
            .iter()
            .chain([&self.tail])
            .fold(0, |a, &d| a | d);
        if all == 0 {
            0
        } else {
            31 - u32::from(all).leading_zeros()
        }
    }

    /// The listed digits `d_0, d_1, …` (the tail digit follows them forever).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Rebuilds a game from [`TakeBreak::digits`], [`TakeBreak::tail_digit`]
    /// and [`TakeBreak::is_grundys_game`] (as stored in a file), checking them.
    pub(crate) fn from_parts(digits: &[u8], tail: u8, unequal: bool) -> Option<TakeBreak> {
        let valid = !digits.is_empty()
            && digits.len() <= MAX_CODE_DIGITS + 1
            && digits[0] & 3 == 0
            && digits.iter().all(|&d| d < 16)
            && tail < 16;
        valid.then(|| {
            let split = if unequal { Split::Unequal } else { Split::Any };
            TakeBreak::normalised(digits.to_vec(), tail, split)
        })
    }
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As CGSuite writes a code (its `TBCode.toString`): upper-case
        // digits, `!` after a digit whose splits leave unequal heaps, the
        // repeating digit in brackets, and `.0` when nothing follows d0.
        let unequal = self.split == Split::Unequal;
        let digit = |f: &mut fmt::Formatter<'_>, d: u8| {
            let c = char::from_digit(u32::from(d), 16).unwrap_or('?');
            write!(f, "{}", c.to_ascii_uppercase())?;
            if unequal && d & 4 != 0 {
                f.write_str("!")?;
            }
            Ok(())
        };
        digit(f, self.digits[0])?;
        f.write_str(".")?;
        for &d in &self.digits[1..] {
            digit(f, d)?;
        }
        if self.tail != 0 {
            f.write_str("[")?;
            digit(f, self.tail)?;
            f.write_str("]")?;
        } else if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

impl Rules for TakeBreak {
    type Position = u64;

    /// Lists every option of a heap of `n`, as the heaps it leaves (sorted
    /// ascending; the empty list when the whole heap is taken).
    fn options(&self, &n: &u64, visit: &mut dyn FnMut(&[u64])) {
        for k in 0..=n {
            let d = self.digit(k);
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                visit(&[]);
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                visit(&[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if self.split == Split::Unequal && 2 * a == rest {
                        continue;
                    }
                    visit(&[a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        visit(&[a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_display() {
        // Printed as CGSuite prints codes (TBCode.toString): upper-case
        // digits, the repeating digit in brackets, `!` for unequal splits.
        for (code, printed) in [
            ("0.77", "0.77"),
            ("0.07", "0.07"),
            ("4.007", "4.007"),
            ("0.3f", "0.3F"),
            ("0.0(3)", "0.0[3]"),
            ("8.1", "8.1"),
            ("c.(7)", "C.[7]"),
            ("0.6", "0.6"),
            ("4!.0", "4!.0"),
            ("0.3003330[3]", "0.3003330[3]"),
        ] {
            let g = TakeBreak::from_code(code).unwrap();
            assert_eq!(g.to_string(), printed);
            assert_eq!(TakeBreak::from_code(&g.to_string()).unwrap(), g);
        }
        assert_eq!(TakeBreak::from_code(".770").unwrap().to_string(), "0.77");
        assert_eq!(TakeBreak::nim().to_string(), "0.[3]");
        assert_eq!(TakeBreak::all_but(&[2]).unwrap().to_string(), "0.30[3]");
        assert_eq!(
            TakeBreak::subtraction(&[1, 3, 4]).unwrap().to_string(),
            "0.3033"
        );
        assert_eq!(TakeBreak::grundys_game().to_string(), "4!.0");
    }

    /// CGSuite's spellings (its TBCode parser) mean what CGSuite means.
    #[test]
    fn cgsuite_spellings_read_as_cgsuite_means_them() {
        let read = |c: &str| TakeBreak::from_code(c).unwrap();
        // A period in brackets repeats: 0.[3] is Nim, and a repeated digit
        // is one digit repeating.
        assert_eq!(read("0.[3]"), TakeBreak::nim());
        assert_eq!(read("0.[33]"), TakeBreak::nim());
        assert_eq!(read("0.(3)"), TakeBreak::nim());
        // 0.3003330[3]: any number of tokens but 2, 3 and 7.
        assert_eq!(
            read("0.3003330[3]"),
            TakeBreak::all_but(&[2, 3, 7]).unwrap()
        );
        // 4!.0 is Grundy's game; a `!` or `?` on a digit that leaves two
        // heaps makes them unequal; on one that splits nothing it is moot.
        assert_eq!(read("4!.0"), TakeBreak::grundys_game());
        assert_eq!(read("4?.0"), TakeBreak::grundys_game());
        assert_eq!(read("0.3!7!"), read("0.37!"));
        assert!(read("0.6!").is_grundys_game() || read("0.6!") != read("0.6"));
        let mut options = Vec::new();
        read("0.6!").options(&3, &mut |o| options.push(o.to_vec()));
        assert_eq!(options, vec![vec![2]], "3 - 1 splits only into 1 + 1");
        // Zeros before d0 (CGSuite's digits for moves that add tokens).
        assert_eq!(read("04!.0"), TakeBreak::grundys_game());
        assert_eq!(read("00.77"), TakeBreak::kayles());
        // Lower case is CGSuite's too.
        assert_eq!(read("0.3F"), read("0.3f"));
    }

    #[test]
    fn cgsuite_spellings_grundy_cannot_hold_are_refused_with_why() {
        for (code, position, says) in [
            ("0.[37]", 4, "several digits"),
            ("0.3g", 3, "four or more heaps"),
            ("0.3*", 3, "four or more heaps"),
            ("0.{0,2+}", 2, "four or more heaps"),
            ("0.8!", 2, "three heaps"),
            ("4=.0", 0, "equal heaps only"),
            ("4!.04", 4, "all or none"),
        ] {
            match TakeBreak::from_code(code) {
                Err(e @ CodeError::Unsupported { .. }) => {
                    let CodeError::Unsupported { position: at, .. } = &e else {
                        unreachable!()
                    };
                    assert_eq!(*at, position, "{code}: {e}");
                    let m = e.to_string();
                    assert!(
                        m.contains(says) && m.contains("accepted are"),
                        "{code}: {m}"
                    );
                }
                other => panic!("{code}: {other:?}"),
            }
        }
        assert!(matches!(
            TakeBreak::from_code("14.0"),
            Err(CodeError::BadLeadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("0.[3"),
            Err(CodeError::BadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("0.[3]7"),
            Err(CodeError::BadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("0.[]"),
            Err(CodeError::BadDigit { .. })
        ));
    }

    #[test]
    fn bad_codes_name_the_problem() {
        assert!(matches!(TakeBreak::from_code(""), Err(CodeError::Empty)));
        assert!(matches!(
            TakeBreak::from_code("77"),
            Err(CodeError::MissingPoint { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("1.7"),
            Err(CodeError::BadLeadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("0."),
            Err(CodeError::NoDigits { .. })
        ));
        assert_eq!(
            TakeBreak::from_code("0.7x7"),
            Err(CodeError::BadDigit {
                code: "0.7x7".into(),
                position: 3,
                found: 'x'
            })
        );
        assert!(matches!(
            TakeBreak::from_code("0.1(3"),
            Err(CodeError::BadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code("0.1(3)4"),
            Err(CodeError::BadDigit { .. })
        ));
        assert!(matches!(
            TakeBreak::from_code_with_limit("0.777", 2),
            Err(CodeError::TooLong { .. })
        ));
        assert_eq!(
            TakeBreak::subtraction(&[0, 1]),
            Err(CodeError::ZeroSubtraction)
        );
        assert!(TakeBreak::subtraction(&[1 << 40]).is_err());
        let message = TakeBreak::from_code("0.7x7").unwrap_err().to_string();
        assert!(
            message.contains("position 3") && message.contains("0-9 and a-f"),
            "{message}"
        );
    }

    #[test]
    fn grundys_game_never_splits_into_equal_heaps() {
        let mut options = Vec::new();
        TakeBreak::grundys_game().options(&6, &mut |o| options.push(o.to_vec()));
        assert_eq!(options, vec![vec![1, 5], vec![2, 4]]);
    }
}
