//! Coin-turning games (Winning Ways ch. 14), as
//! CGSuite's `game.strip.Turning` with its turning codes.
//!
//! Expression syntax: `turning("1-3", "htththtth")` — a turning code, then
//! a strip of coins, `h` heads and `t` tails, at most [`MAX_COINS`] coins;
//! and the named games `turning_turtles("…")` (code `1-2`, which is Nim),
//! `mock_turtles("…")` (`1-3`), `ruler("…")` (`1+C`) and `turnips("…")`
//! (`3E`). A move turns over some coins, the rightmost of which goes from
//! heads to tails; the code says which sets of coins may be turned.
//!
//! A code is CGSuite's: a comma-separated list of elements, any of which
//! may be used. An element is a number of coins (`3`), a range (`1-3`) or
//! an open range (`1+`), then modifiers: `C` the coins are consecutive,
//! `C(n)` they lie within `n` adjacent coins, `E` they are equally spaced,
//! `S` they lie symmetrically, `F` the leftmost coin of the strip is among
//! them. Codes are read case-insensitively.
//!
//! Values come from the heap representation (CGSuite's `Spawning`): coin
//! `n` (counting from 1 at the left) heads is a heap of `n`, and a move
//! turning coins `a1 < … < ak = n` is a move from heap `n` to heaps
//! `a1, …, a(k-1)`; two heads of one coin cancel, so the strip's Grundy
//! value is the XOR of the heap values of its heads (Winning Ways ch. 14,
//! "the coins are independent"). The tests check that against plain
//! search of the coin strings.
//!
//! Where grundy differs from CGSuite: with `F`, a move turning one coin
//! alone is legal only on the leftmost coin (the definition: the leftmost
//! coin must be turned); CGSuite's enumeration lets some such moves through
//! (`1+F`, and `1+FS` on odd coins). No code CGSuite's tests use is
//! affected.
//!
//! ```
//! use grundy::games::turning::TurningCode;
//! let mock_turtles = TurningCode::parse("1-3").unwrap();
//! let g = mock_turtles.heap_values(9, 1_000_000).unwrap();
//! // CGSuite's own test: Turning("1-3")("htththtth").NimValue is 29.
//! let heads = [1, 4, 6, 9];
//! assert_eq!(heads.iter().fold(0, |x, &n| x ^ g[n]), 29);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::{Call, GameKind, GameSpec, Picture};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::language::syntax::Arg;
use crate::vocab::nimber::Nimber;

/// The most coins a strip may have.
pub const MAX_COINS: usize = 64;
/// The most moves one coin of a strip may have: a code whose moves from
/// some coin of the strip are more is refused for that strip, since every
/// move is listed to value it.
pub const MAX_MOVES_PER_COIN: usize = 1_000_000;

const CODE_ACCEPTED: &str = "a CGSuite turning code: elements separated by ',', each a number of coins (3), a range (1-3) or an open range (1+), then any of C (consecutive), C(n) (within n adjacent coins), E (equally spaced), S (symmetric), F (the leftmost coin among them); e.g. \"1-3\", \"1+C\", \"3E\", \"4FS\", \"1-3C(5)\"";

/// How the coins of a move lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spacing {
    Any,
    Consecutive,
    EquallySpaced,
    Symmetric,
}

/// One element of a code.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Element {
    /// The fewest and most coins turned (the rightmost included).
    min: u64,
    max: u64,
    /// The coins lie within this many adjacent coins (`C(n)`).
    span: u64,
    spacing: Spacing,
    /// The leftmost coin of the strip must be turned (`F`).
    first: bool,
}

/// A turning code, read: CGSuite's `Turning(code)` and `Spawning(code)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningCode {
    text: String,
    elements: Vec<Element>,
}

impl TurningCode {
    /// Reads a code (see the module documentation); the error says what
    /// was wrong and what is accepted.
    pub fn parse(text: &str) -> Result<TurningCode, String> {
        let bad =
            |what: String| format!("bad turning code '{text}': {what}; expected {CODE_ACCEPTED}");
        if text.is_empty() {
            return Err(bad("it is empty".into()));
        }
        if text.len() > 200 {
            return Err(bad("it is longer than 200 characters".into()));
        }
        let number = |s: &str| -> Result<u64, String> {
            match s.parse::<u64>() {
                Ok(n) if (1..=MAX_COINS as u64).contains(&n) => Ok(n),
                _ => Err(bad(format!(
                    "'{s}' is not a number of coins from 1 to {MAX_COINS}"
                ))),
            }
        };
        let mut elements = Vec::new();
        for part in text.to_ascii_uppercase().split(',') {
            let cut = part
                .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
                .unwrap_or(part.len());
            let (range, mut mods) = part.split_at(cut);
            let (min, max) = if let Some(lo) = range.strip_suffix('+') {
                (number(lo)?, u64::MAX)
            } else if let Some((lo, hi)) = range.split_once('-') {
                (number(lo)?, number(hi)?)
            } else {
                let n = number(range)?;
                (n, n)
            };
            if min > max {
                return Err(bad(format!("the range '{range}' is empty")));
            }
            let mut element = Element {
                min,
                max,
                span: u64::MAX,
                spacing: Spacing::Any,
                first: false,
            };
            while let Some(c) = mods.chars().next() {
                mods = &mods[1..];
                match c {
                    'C' if mods.starts_with('(') => {
                        let close = mods
                            .find(')')
                            .ok_or_else(|| bad("'C(' without its ')'".into()))?;
                        element.span = number(&mods[1..close])?;
                        mods = &mods[close + 1..];
                    }
                    'C' => element.spacing = Spacing::Consecutive,
                    'E' => element.spacing = Spacing::EquallySpaced,
                    'S' => element.spacing = Spacing::Symmetric,
                    'F' => element.first = true,
                    _ => return Err(bad(format!("unexpected '{c}'"))),
                }
            }
            // As CGSuite reads it: more coins than the span holds cannot be
            // turned, and an element that needs more is dropped.
            element.max = element.max.min(element.span);
            if element.min <= element.max {
                elements.push(element);
            }
        }
        Ok(TurningCode {
            text: text.to_string(),
            elements,
        })
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Calls `visit` with the heaps (the other coins turned, increasing)
    /// of each move from heap `n` (the rightmost coin turned), element by
    /// element, until it breaks. A move two elements allow is listed once
    /// for each, as CGSuite lists it.
    pub fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut buf = Vec::new();
        for e in &self.elements {
            // c: the number of heaps left, one fewer than the coins turned.
            let lo = if e.span >= n { 1 } else { n - e.span + 1 };
            for c in e.min - 1..=(e.max - 1).min(n - 1) {
                if c == 0 {
                    if !e.first || n == 1 {
                        visit(&[])?;
                    }
                    continue;
                }
                match e.spacing {
                    Spacing::Any => {
                        buf.clear();
                        if e.first {
                            if lo > 1 {
                                continue;
                            }
                            buf.push(1);
                            subsets(2, n, c - 1, &mut buf, visit)?;
                        } else {
                            subsets(lo, n, c, &mut buf, visit)?;
                        }
                    }
                    Spacing::Consecutive => {
                        if e.first && n - c != 1 {
                            continue;
                        }
                        buf.clear();
                        buf.extend(n - c..n);
                        visit(&buf)?;
                    }
                    Spacing::EquallySpaced => {
                        let mut d = 1;
                        while n - lo >= d * c {
                            let start = n - d * c;
                            if !e.first || start == 1 {
                                buf.clear();
                                buf.extend((0..c).map(|i| start + d * i));
                                visit(&buf)?;
                            }
                            d += 1;
                        }
                    }
                    Spacing::Symmetric => {
                        for s in lo..n {
                            if (e.first && s != 1) || (c % 2 == 0 && (s + n) % 2 == 1) {
                                continue;
                            }
                            // The lower half above s: positions x with
                            // s < x and x < n - (x - s), i.e. 2x < s + n.
                            let inner = c.div_ceil(2) - 1;
                            let top = (s + n).div_ceil(2); // exclusive
                            let mut emit = |lower: &[u64]| {
                                let mut heaps = lower.to_vec();
                                if c % 2 == 0 {
                                    heaps.push((s + n) / 2);
                                }
                                heaps.extend(lower[1..].iter().rev().map(|&x| n - (x - s)));
                                visit(&heaps)
                            };
                            buf.clear();
                            buf.push(s);
                            subsets(s + 1, top, inner, &mut buf, &mut emit)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The heap values `g(0..=upto)` (`g(0)` = 0, unused): each the mex of
    /// the XORs of its options' heaps. Refuses (saying where) if some heap
    /// has more than `max_moves` moves.
    pub fn heap_values(&self, upto: usize, max_moves: usize) -> Result<Vec<u64>, String> {
        let mut g = vec![0u64; upto + 1];
        let mut seen = Vec::new();
        for n in 1..=upto {
            seen.clear();
            let mut count = 0usize;
            let flow = self.heap_options(n as u64, &mut |heaps| {
                count += 1;
                if count > max_moves {
                    return ControlFlow::Break(());
                }
                seen.push(heaps.iter().fold(0, |x, &h| x ^ g[h as usize]));
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                return Err(format!(
                    "turning code '{}' has more than {max_moves} moves from coin {n}; strips of at most {} coins are valued with it",
                    self.text,
                    n - 1
                ));
            }
            seen.sort_unstable();
            seen.dedup();
            g[n] = seen
                .iter()
                .enumerate()
                .find(|&(i, &v)| v != i as u64)
                .map_or(seen.len() as u64, |(i, _)| i as u64);
        }
        Ok(g)
    }
}

/// Calls `visit` with `buf` extended by each `k`-subset of `from..to`, in
/// increasing order.
fn subsets(
    from: u64,
    to: u64,
    k: u64,
    buf: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 {
        return visit(buf);
    }
    let mut x = from;
    while x + k <= to {
        buf.push(x);
        let flow = subsets(x + 1, to, k - 1, buf, visit);
        buf.pop();
        flow?;
        x += 1;
    }
    ControlFlow::Continue(())
}

/// A strip of coins under a turning code: printed `turning("1-3","hth")`
/// or, for a named game, `mock_turtles("hth")`.
pub struct CoinStrip {
    spec: &'static GameSpec,
    ruleset: Arc<str>,
    code: Arc<TurningCode>,
    /// Heads, coin 1 first.
    heads: Vec<bool>,
}

impl CoinStrip {
    fn with(&self, heads: Vec<bool>) -> Impartial {
        Arc::new(CoinStrip {
            spec: self.spec,
            ruleset: self.ruleset.clone(),
            code: self.code.clone(),
            heads,
        })
    }

    fn coins(&self) -> String {
        self.heads
            .iter()
            .map(|&h| if h { 'h' } else { 't' })
            .collect()
    }
}

impl fmt::Display for CoinStrip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.spec.name == "turning" {
            write!(f, "turning({:?},\"{}\")", self.code.text, self.coins())
        } else {
            write!(f, "{}(\"{}\")", self.spec.name, self.coins())
        }
    }
}

impl fmt::Debug for CoinStrip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// The heap values of each code used, as far as computed.
#[derive(Default)]
struct Values(HashMap<String, Vec<u64>>);

impl ImpartialPosition for CoinStrip {
    fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    /// Tails at the right end change nothing: they can never be turned
    /// (every move turns a head at its right end).
    fn key(&self) -> Key {
        let coins = self.coins();
        Key::text(&self.ruleset, coins.trim_end_matches('t'))
    }

    fn is_empty(&self) -> bool {
        !self.heads.contains(&true)
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        for n in 1..=self.heads.len() {
            if !self.heads[n - 1] {
                continue;
            }
            self.code.heap_options(n as u64, &mut |heaps| {
                let mut next = self.heads.clone();
                next[n - 1] = false;
                for &h in heaps {
                    next[h as usize - 1] ^= true;
                }
                visit(self.with(next))
            })?;
        }
        ControlFlow::Continue(())
    }

    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        let len = self.heads.len();
        let cache = cx.cache::<Values>();
        let known = cache.0.get(&self.code.text).map_or(0, |g| g.len());
        if known <= len {
            let g = self
                .code
                .heap_values(len, MAX_MOVES_PER_COIN)
                .map_err(|e| ExprError::Invalid {
                    at: 0,
                    problem: e,
                    accepted: format!("a strip of at most {MAX_COINS} coins whose coins each have at most {MAX_MOVES_PER_COIN} moves"),
                })?;
            cache.0.insert(self.code.text.clone(), g);
        }
        let g = &cache.0[&self.code.text];
        let mut v = 0;
        for (i, &h) in self.heads.iter().enumerate() {
            if h {
                v ^= g[i + 1];
            }
        }
        Ok(Nimber(v))
    }
}

/// Reads a strip of `h` and `t`, at most [`MAX_COINS`] coins.
pub fn coins(text: &str) -> Result<Vec<bool>, String> {
    let mut heads = Vec::new();
    for (i, c) in text.chars().enumerate() {
        if i >= MAX_COINS {
            return Err(format!("more than {MAX_COINS} coins"));
        }
        heads.push(match c {
            'h' | 'H' => true,
            't' | 'T' => false,
            _ => return Err(format!("unexpected {c:?} at coin {}", i + 1)),
        });
    }
    Ok(heads)
}

const COINS_ACCEPTED: &str = "coins 'h' (heads) and 't' (tails), at most 64, e.g. \"htth\"";

fn strip(
    call: &Call<'_>,
    spec: &'static GameSpec,
    code: TurningCode,
    text: &str,
    at: usize,
) -> Result<Component, ExprError> {
    let heads = coins(text).map_err(|problem| ExprError::Invalid {
        at,
        problem,
        accepted: COINS_ACCEPTED.into(),
    })?;
    // Every move of every coin is listed to value a strip: refuse a strip
    // whose coins have too many before any is listed in earnest.
    code.heap_values(heads.len(), MAX_MOVES_PER_COIN)
        .map_err(|problem| call.error(call.args_span(), problem, format!("a shorter strip, or a code with fewer moves (at most {MAX_MOVES_PER_COIN} from one coin)")))?;
    let ruleset = Arc::from(match spec.name {
        "turning" => format!("turning[{}]", code.text),
        name => name.to_string(),
    });
    Ok(Component::Impartial(Arc::new(CoinStrip {
        spec,
        ruleset,
        code: Arc::new(code),
        heads,
    })))
}

fn named(call: &Call<'_>, spec: &'static GameSpec, code: &str) -> Result<Component, ExprError> {
    let (text, at) = call.string(spec.example)?;
    let code = TurningCode::parse(code).expect("the named codes read");
    strip(call, spec, code, text, at)
}

fn build_turning(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let usage = "write turning(\"1-3\", \"htth\"): a turning code, then the coins";
    let Some([Arg::Str(code, code_span), Arg::Str(text, text_span)]) = call.args() else {
        return Err(call.error(
            call.span(),
            "turning takes a code and a strip of coins, both in quotes",
            usage,
        ));
    };
    let code = TurningCode::parse(code).map_err(|problem| ExprError::Invalid {
        at: code_span.start + 1,
        problem,
        accepted: usage.into(),
    })?;
    strip(call, &TURNING, code, text, text_span.start + 1)
}

/// The declaration of `turning`.
pub static TURNING: GameSpec = GameSpec {
    name: "turning",
    kind: GameKind::Impartial,
    summary: "a coin-turning game by its CGSuite code: turning(\"1-3\",\"htth\")",
    example: "turning(\"1-3\",\"htththtth\")",
    build: build_turning,
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: COIN_CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Coins,
    },
};

const COIN_CELLS: &[crate::component::spec::Cell] = &[
    crate::component::spec::Cell {
        ch: 'h',
        look: crate::component::spec::Look::Neutral,
        name: "heads",
    },
    crate::component::spec::Cell {
        ch: 't',
        look: crate::component::spec::Look::Empty,
        name: "tails",
    },
];

/// The declaration of `turning_turtles`.
pub static TURNING_TURTLES: GameSpec = GameSpec {
    name: "turning_turtles",
    kind: GameKind::Impartial,
    summary:
        "Turning Turtles (code 1-2): turn one or two coins, the right one heads to tails (Nim)",
    example: "turning_turtles(\"thhth\")",
    build: |call| named(call, &TURNING_TURTLES, "1-2"),
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: COIN_CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Coins,
    },
};

/// The declaration of `mock_turtles`.
pub static MOCK_TURTLES: GameSpec = GameSpec {
    name: "mock_turtles",
    kind: GameKind::Impartial,
    summary: "Mock Turtles (code 1-3): turn up to three coins, the rightmost heads to tails",
    example: "mock_turtles(\"htththtth\")",
    build: |call| named(call, &MOCK_TURTLES, "1-3"),
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: COIN_CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Coins,
    },
};

/// The declaration of `ruler`.
pub static RULER: GameSpec = GameSpec {
    name: "ruler",
    kind: GameKind::Impartial,
    summary: "Ruler (code 1+C): turn any run of adjacent coins, the rightmost heads to tails",
    example: "ruler(\"hthhth\")",
    build: |call| named(call, &RULER, "1+C"),
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: COIN_CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Coins,
    },
};

/// The declaration of `turnips`.
pub static TURNIPS: GameSpec = GameSpec {
    name: "turnips",
    kind: GameKind::Impartial,
    summary: "Turnips (code 3E): turn three equally spaced coins, the rightmost heads to tails",
    example: "turnips(\"tthhthth\")",
    build: |call| named(call, &TURNIPS, "3E"),
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: COIN_CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Coins,
    },
};

/// "turn over coins 2 and 5": the coins the move turned, counted from 1
/// at the left (the last of them goes from heads to tails).
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    fn strip(c: &Component) -> Option<&CoinStrip> {
        match c {
            Component::Impartial(p) => p.as_any()?.downcast_ref::<CoinStrip>(),
            Component::Partizan(_) => None,
        }
    }
    let (b, a) = (strip(before)?, strip(after)?);
    if b.heads.len() != a.heads.len() {
        return None;
    }
    let turned: Vec<String> = (0..b.heads.len())
        .filter(|&i| b.heads[i] != a.heads[i])
        .map(|i| (i + 1).to_string())
        .collect();
    match turned.len() {
        0 => None,
        1 => Some(format!("turn over coin {}", turned[0])),
        _ => Some(format!("turn over coins {}", super::words::list(&turned))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of heap `n` by the definition: each subset of the coins
    /// below `n` checked against each element's conditions.
    fn by_definition(code: &TurningCode, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for mask in 0u64..1 << (n - 1) {
            let heaps: Vec<u64> = (1..n).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
            let mut coins = heaps.clone();
            coins.push(n);
            let k = coins.len() as u64;
            let ok = code.elements.iter().any(|e| {
                let a1 = coins[0];
                let gaps: Vec<u64> = coins.windows(2).map(|w| w[1] - w[0]).collect();
                (e.min..=e.max).contains(&k)
                    && n - a1 < e.span
                    && (!e.first || a1 == 1)
                    && match e.spacing {
                        Spacing::Any => true,
                        Spacing::Consecutive => gaps.iter().all(|&d| d == 1),
                        Spacing::EquallySpaced => gaps.windows(2).all(|w| w[0] == w[1]),
                        Spacing::Symmetric => (0..coins.len())
                            .all(|i| coins[i] + coins[coins.len() - 1 - i] == a1 + n),
                    }
            });
            if ok {
                out.push(heaps);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn listed_moves_are_the_definitions() {
        for text in [
            "1-2", "1-3", "1-5", "2", "3", "1+", "1+C", "1-3C(5)", "3C(5)", "1-5C", "3E", "2-4E",
            "4FS", "1+S", "1+FS", "2-3,6C", "1+F", "3F", "2-4CF", "1-4S", "2-3C(4)E",
        ] {
            let code = TurningCode::parse(text).unwrap();
            for n in 1..=11 {
                let mut listed = Vec::new();
                let _ = code.heap_options(n, &mut |h| {
                    listed.push(h.to_vec());
                    ControlFlow::Continue(())
                });
                listed.sort();
                listed.dedup();
                assert_eq!(listed, by_definition(&code, n), "code {text}, heap {n}");
            }
        }
    }

    #[test]
    fn bad_codes_say_what_is_accepted() {
        for (text, needle) in [
            ("", "empty"),
            ("1-3X", "unexpected 'X'"),
            ("3-1", "is empty"),
            ("0", "'0' is not a number of coins"),
            ("1-3C(5", "without its ')'"),
            ("99", "from 1 to 64"),
        ] {
            let e = TurningCode::parse(text).unwrap_err();
            assert!(
                e.contains(needle) && e.contains("expected a CGSuite turning code"),
                "{text}: {e}"
            );
        }
        assert!(coins("hxt")
            .unwrap_err()
            .contains("unexpected 'x' at coin 2"));
        assert!(coins(&"h".repeat(65))
            .unwrap_err()
            .contains("more than 64 coins"));
        let e = TurningCode::parse("1+")
            .unwrap()
            .heap_values(30, 1000)
            .unwrap_err();
        assert!(e.contains("more than 1000 moves from coin 11"), "{e}");
    }
}
