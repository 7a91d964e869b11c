//! The rules of a take-and-break heap game, read from its code.

use std::fmt;

use crate::Rules;

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
        "digit d0 = `{found}` before the point: expected one of 0, 4, 8, c (d0 may only split a \
         heap without taking; 1 and 2 would remove nothing or pass)"
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
         accepted are 0-9 and a-f (A-F), and a repeating last digit in parentheses like `0.1(3)`"
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
/// use grundy::{Rules, TakeBreak};
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

impl TakeBreak {
    /// Parses a code such as `0.77`, `.07`, `4.007`, `0.3f` or `0.0(3)`.
    ///
    /// Octal and hexadecimal digits are accepted; at most [`MAX_CODE_DIGITS`]
    /// digits after the point.
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
        let lead = &text[..point];
        let d0 = match lead {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "c" | "C" => 12,
            _ => {
                return Err(CodeError::BadLeadDigit {
                    found: lead.to_owned(),
                })
            }
        };
        let mut digits = vec![d0];
        let mut tail = 0;
        let rest = &text[point + 1..];
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let position = point + 1 + i;
            if c == '(' {
                // A repeating last digit: exactly one digit and `)` to end the code.
                let digit = chars.next();
                let close = chars.next();
                match (digit, close, chars.next()) {
                    (Some((_, d)), Some((_, ')')), None) if hex_value(d).is_some() => {
                        tail = hex_value(d).unwrap_or(0);
                    }
                    (Some((j, d)), _, _) if hex_value(d).is_none() => {
                        return Err(CodeError::BadDigit {
                            code: text.to_owned(),
                            position: point + 1 + j,
                            found: d,
                        })
                    }
                    _ => {
                        return Err(CodeError::BadDigit {
                            code: text.to_owned(),
                            position,
                            found: c,
                        })
                    }
                }
                break;
            }
            let Some(d) = hex_value(c) else {
                return Err(CodeError::BadDigit {
                    code: text.to_owned(),
                    position,
                    found: c,
                });
            };
            digits.push(d);
            if digits.len() - 1 > limit {
                return Err(CodeError::TooLong {
                    digits: rest.len(),
                    limit,
                });
            }
        }
        if digits.len() == 1 && tail == 0 {
            return Err(CodeError::NoDigits {
                code: text.to_owned(),
            });
        }
        Ok(TakeBreak::normalised(digits, tail, Split::Any))
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
    /// removing nothing. No code describes it (`4.` would allow equal halves).
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
        if self.split == Split::Unequal {
            return f.write_str("grundy");
        }
        let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('?');
        write!(f, "{}.", hex(self.digits[0]))?;
        for &d in &self.digits[1..] {
            write!(f, "{}", hex(d))?;
        }
        if self.tail != 0 {
            write!(f, "({})", hex(self.tail))?;
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
        for code in [
            "0.77", "0.07", "4.007", "0.3f", "0.0(3)", "8.1", "c.(7)", "0.6",
        ] {
            let g = TakeBreak::from_code(code).unwrap();
            assert_eq!(g.to_string(), code);
            assert_eq!(TakeBreak::from_code(&g.to_string()).unwrap(), g);
        }
        assert_eq!(TakeBreak::from_code(".770").unwrap().to_string(), "0.77");
        assert_eq!(TakeBreak::nim().to_string(), "0.(3)");
        assert_eq!(TakeBreak::all_but(&[2]).unwrap().to_string(), "0.30(3)");
        assert_eq!(
            TakeBreak::subtraction(&[1, 3, 4]).unwrap().to_string(),
            "0.3033"
        );
        assert_eq!(TakeBreak::grundys_game().to_string(), "grundy");
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
            TakeBreak::from_code("0.7g7"),
            Err(CodeError::BadDigit {
                code: "0.7g7".into(),
                position: 3,
                found: 'g'
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
        let message = TakeBreak::from_code("0.7g7").unwrap_err().to_string();
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
