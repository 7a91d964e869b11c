//! Printing games the way CGSuite prints them.
//!
//! The rules, in the order CGSuite 2.2 tries them (its plain-text output,
//! `CanonicalShortGame.appendTo` and `Uptimal.appendTo`):
//! 1. an uptimal written compactly (see `uptimal.rs`): a number plus ups
//!    plus a nimber, `0`, `3/4`, `*2`, `^`, `^^`, `^3`, `v`, `vv*`, `1/2*`,
//!    `3^`, `-1v*3` (the number part omitted when zero), up-nth `^<3>`,
//!    `v<2>*` and up-to-the-nth `^[4]`, `3/4v[3]*`; other uptimals go on;
//! 2. a switch `{G^L | -G^L}`: `+-1`, `+-(1*)`, `+-{1,2}`, `+-{1|0}`;
//! 3. `x + Tiny(g) = {x || x | x - g}` (the inner Right option's mean below
//!    `x`) and `x + Miny(g)`: `Tiny(2)`, `1Tiny(1)`, `-1Miny(2)` (the number
//!    juxtaposed, as CGSuite writes it);
//! 4. otherwise `{L1,L2|R1,R2}`, where an option that is itself written with
//!    bars loses its braces when it is alone on its side, and the outer bar
//!    is one longer than the longest inner one: `{3||2*|1*}`; a game whose
//!    bars would run to four is braced, and counts as none around it.
//!
//! Each side's options are listed in CGSuite's order (its
//! `DeterministicOrdering`): numbers by value, then nimbers, then other
//! uptimals (by number, then digit by digit, then length, then nimber),
//! then the rest, compared by their own sorted Left options and then Right
//! options, in dictionary order.
//!
//! [`Notation::Expanded`] skips the compact forms of uptimals with two or
//! more digits (`{^|*||*|||*}` for `^[4]`), as grundy wrote them before.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use super::dyadic::Dyadic;
use super::game::{with_store, Game, Id, Store};
use super::uptimal::Uptimal;

/// The most bars written in a row (CGSuite's `maxSlashes`).
const MAX_BARS: usize = 4;

/// The longest text a game is printed as: a canonical form shares its
/// followers, and written out as a tree it can be exponentially longer.
pub(crate) const MAX_RENDER: usize = 1 << 22;

/// How values are written.
///
/// ```
/// use grundy::partizan::{Game, Notation};
/// let g = Game::parse("^[4]").unwrap();
/// assert_eq!(g.to_string(), "^[4]");
/// assert_eq!(g.to_string_in(Notation::Expanded), "{^|*||*|||*}");
/// assert_eq!(Game::parse("{^|*||*|||*}").unwrap(), g);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// As CGSuite 2.2 prints values (the default): uptimals `^<2>`,
    /// `^[4]`, `3/4v[3]*` written compactly.
    #[default]
    Cgsuite,
    /// Uptimals with two or more digits written out in braces
    /// (`{^|*||*|||*}` for `^[4]`, `^*|0` for `v<2>`); everything else as
    /// in [`Notation::Cgsuite`].
    Expanded,
}

/// Runs `f` with `notation` as the way games print on this thread (their
/// `Display`, hence `to_string` and `format!`), then restores the one
/// before. Threads start with [`Notation::Cgsuite`].
///
/// ```
/// use grundy::partizan::{with_notation, Game, Notation};
/// let g = Game::parse("v<2>").unwrap();
/// assert_eq!(with_notation(Notation::Expanded, || g.to_string()), "{^*|0}");
/// assert_eq!(g.to_string(), "v<2>");
/// ```
pub fn with_notation<T>(notation: Notation, f: impl FnOnce() -> T) -> T {
    struct Restore(Notation);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0;
            with_store(|s| s.render.notation = before);
        }
    }
    let before = with_store(|s| std::mem::replace(&mut s.render.notation, notation));
    let _restore = Restore(before);
    f()
}

/// The state of printing on one thread: the notation; each game's uptimal
/// expansion, once looked for (kept across printings); and for the
/// printing under way, the text of each game already written (by how it
/// was asked for), each side's options in order, and the bytes written.
#[derive(Default)]
pub(crate) struct Render {
    pub(crate) notation: Notation,
    uptimals: HashMap<Id, Option<Rc<Uptimal>>>,
    memo: HashMap<(Id, bool, bool), (String, usize)>,
    sorted: HashMap<(Id, bool), Rc<[Id]>>,
    written: usize,
}

impl Render {
    /// Forgets the printing under way.
    fn reset(&mut self) {
        self.memo.clear();
        self.sorted.clear();
        self.written = 0;
    }
}

/// A number + up-multiple + nimber decomposition.
struct Nus {
    number: Dyadic,
    ups: i64,
    star: u64,
}

/// What a game is to CGSuite's order of options.
enum Rank {
    Number(Dyadic),
    Nimber(u64),
    Uptimal(Rc<Uptimal>),
    Other,
}

impl Store {
    /// `G = x + n.^ + *m`, if it is one. `x` is the common stop; `n` is the
    /// atomic weight of `G - x` (`aw(^) = 1`, `aw(*m) = 0`), checked by
    /// subtracting `n.^` and finding a nimber.
    fn nus(&mut self, g: Id) -> Option<Nus> {
        if let Some((number, ups, star)) = self.nus_of(g) {
            return Some(Nus { number, ups, star });
        }
        if let Some(x) = self.num(g) {
            return Some(Nus {
                number: x,
                ups: 0,
                star: 0,
            });
        }
        if let Some(m) = self.nimber_of(g) {
            return Some(Nus {
                number: Dyadic::ZERO,
                ups: 0,
                star: m,
            });
        }
        let (ls, rs) = self.stops(g);
        if ls != rs {
            return None;
        }
        let mx = self.number(ls.checked_neg().ok()?);
        let h = self.add(g, mx).ok()?;
        if let Some(m) = self.nimber_of(h) {
            return Some(Nus {
                number: ls,
                ups: 0,
                star: m,
            });
        }
        let w = self.atomic_weight(h).ok()?;
        let n = self.num(w)?.to_integer()?;
        if n == 0 {
            return None;
        }
        let u = self.up_multiple(n).ok()?;
        let mu = self.neg(u);
        let k = self.add(h, mu).ok()?;
        let m = self.nimber_of(k)?;
        Some(Nus {
            number: ls,
            ups: n,
            star: m,
        })
    }

    /// Writes `g`; returns the number of bars of an unbraced result (0 when
    /// braced or atomic). A game met again in the same printing (forms
    /// share followers) is copied from the first time; once the text has
    /// grown past [`MAX_RENDER`] nothing more is written (see
    /// [`Store::render`]).
    fn write_game(
        &mut self,
        g: Id,
        out: &mut String,
        force_braces: bool,
        force_parens: bool,
    ) -> usize {
        if self.render.written > MAX_RENDER {
            return 0;
        }
        let key = (g, force_braces, force_parens);
        if let Some((text, bars)) = self.render.memo.get(&key) {
            out.push_str(text);
            self.render.written += text.len();
            return *bars;
        }
        let mut text = String::new();
        let bars = self.write_form(g, &mut text, force_braces, force_parens);
        out.push_str(&text);
        self.render.written += text.len();
        self.render.memo.insert(key, (text, bars));
        bars
    }

    fn write_form(
        &mut self,
        g: Id,
        out: &mut String,
        force_braces: bool,
        force_parens: bool,
    ) -> usize {
        if let Some(u) = self.uptimal(g) {
            let compact = match self.render.notation {
                Notation::Cgsuite => u.is_compact(),
                Notation::Expanded => u.len() <= 1,
            };
            if compact {
                let parens = force_parens && !u.is_bare();
                if parens {
                    out.push('(');
                }
                u.write_compact(out);
                if parens {
                    out.push(')');
                }
                return 0;
            }
        }
        let lo = self.sorted(g, true);
        let ro = self.sorted(g, false);
        // A switch ±(G^L): the right options are exactly the negatives.
        let mut negs: Vec<Id> = lo.iter().map(|&x| self.neg(x)).collect();
        negs.sort_unstable();
        let mut rs: Vec<Id> = ro.to_vec();
        rs.sort_unstable();
        if negs == rs {
            out.push_str("+-");
            if lo.len() > 1 {
                out.push('{');
            }
            for (i, &o) in lo.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.write_game(o, out, true, lo.len() == 1);
            }
            if lo.len() > 1 {
                out.push('}');
            }
            return 0;
        }
        if let Some((x, sub)) = self.tiny_parts(g) {
            if force_parens {
                out.push('(');
            }
            // A number part is juxtaposed, as CGSuite writes it: `2Tiny(2)`.
            if x != Dyadic::ZERO {
                out.push_str(&x.to_string());
            }
            out.push_str("Tiny(");
            self.write_game(sub, out, true, false);
            out.push(')');
            if force_parens {
                out.push(')');
            }
            return 0;
        }
        let ng = self.neg(g);
        if let Some((x, sub)) = self.tiny_parts(ng) {
            if force_parens {
                out.push('(');
            }
            if x != Dyadic::ZERO {
                // x is the number part of -G, so G's is -x.
                out.push_str(&(-x).to_string());
            }
            out.push_str("Miny(");
            self.write_game(sub, out, true, false);
            out.push(')');
            if force_parens {
                out.push(')');
            }
            return 0;
        }
        let mut left = String::new();
        let mut right = String::new();
        let mut bars = 1;
        for (i, &o) in lo.iter().enumerate() {
            if i > 0 {
                left.push(',');
            }
            bars = bars.max(self.write_game(o, &mut left, lo.len() > 1, false) + 1);
        }
        for (i, &o) in ro.iter().enumerate() {
            if i > 0 {
                right.push(',');
            }
            bars = bars.max(self.write_game(o, &mut right, ro.len() > 1, false) + 1);
        }
        // CGSuite never writes more than four bars in a row: a game with
        // four is braced, and counts as none in the game around it.
        let braced = force_braces || bars >= MAX_BARS;
        if braced {
            out.push('{');
        }
        out.push_str(&left);
        out.push_str(&"|".repeat(bars));
        out.push_str(&right);
        if braced {
            out.push('}');
            0
        } else {
            bars
        }
    }

    /// `G = {x || x | c}` with `x` a number and the mean of `c` below `x`
    /// (CGSuite's `isNumberTiny`): returns `(x, x - c)`.
    fn tiny_parts(&mut self, g: Id) -> Option<(Dyadic, Id)> {
        let l = self.left(g);
        let r = self.right(g);
        if l.len() != 1 || r.len() != 1 {
            return None;
        }
        let x = self.num(l[0])?;
        let h = r[0];
        let hl = self.left(h);
        let hr = self.right(h);
        if hl.len() != 1 || hr.len() != 1 || hl[0] != l[0] {
            return None;
        }
        let c = hr[0];
        if self.thermograph(c).ok()?.mast >= x {
            return None;
        }
        let mc = self.neg(c);
        let sub = self.add(l[0], mc).ok()?;
        Some((x, sub))
    }

    /// `g`'s uptimal expansion, if it has one (see `uptimal.rs`); looked
    /// for once per game and thread.
    pub(crate) fn uptimal(&mut self, g: Id) -> Option<Rc<Uptimal>> {
        if let Some(u) = self.render.uptimals.get(&g) {
            return u.clone();
        }
        let found = match self.nus(g) {
            Some(n) => Some(Uptimal::new(n.number, n.star, vec![n.ups])),
            None => self.uptimal_rising(g).or_else(|| {
                // A falling uptimal has one Left option (the mirror of a
                // rising one's one Right option).
                if self.left(g).len() != 1 {
                    return None;
                }
                let ng = self.neg(g);
                self.uptimal_rising(ng).map(|u| u.neg())
            }),
        }
        .map(Rc::new);
        self.render.uptimals.insert(g, found.clone());
        found
    }

    /// `g`'s uptimal expansion if it has one whose last digit is positive:
    /// the one candidate its single Right option allows, if Left's options
    /// are that candidate's.
    fn uptimal_rising(&mut self, g: Id) -> Option<Uptimal> {
        let r = self.right(g);
        let &[r] = &*r else {
            return None;
        };
        let right = self.uptimal(r)?;
        let l = self.left(g);
        let mut lefts = Vec::with_capacity(l.len());
        for &o in l.iter() {
            let u = self.uptimal(o)?;
            if u.number != right.number {
                return None;
            }
            lefts.push(u);
        }
        let longest = lefts.iter().map(|u| u.len()).max().unwrap_or(0);
        let last_two_or_more = right.digits.last().is_some_and(|&d| d > 0);
        let candidates = [
            last_two_or_more
                .then(|| right.raised(right.len()))
                .flatten(),
            right.raised(right.len().max(longest) + 1),
        ];
        candidates.into_iter().flatten().find(|c| {
            let expected = c.left_options();
            expected.len() == lefts.len()
                && expected.iter().all(|e| lefts.iter().any(|l| **l == *e))
        })
    }

    fn rank(&mut self, g: Id) -> Rank {
        if let Some(x) = self.num(g) {
            Rank::Number(x)
        } else if let Some(m) = self.nimber_of(g) {
            Rank::Nimber(m)
        } else if let Some(u) = self.uptimal(g) {
            Rank::Uptimal(u)
        } else {
            Rank::Other
        }
    }

    /// CGSuite's order of options (see the module docs).
    fn cgsuite_cmp(&mut self, a: Id, b: Id) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match (self.rank(a), self.rank(b)) {
            (Rank::Number(x), Rank::Number(y)) => x.cmp(&y),
            (Rank::Number(_), _) => Ordering::Less,
            (_, Rank::Number(_)) => Ordering::Greater,
            (Rank::Nimber(m), Rank::Nimber(n)) => m.cmp(&n),
            (Rank::Nimber(_), _) => Ordering::Less,
            (_, Rank::Nimber(_)) => Ordering::Greater,
            (Rank::Uptimal(u), Rank::Uptimal(v)) => u.cgsuite_cmp(&v),
            (Rank::Uptimal(_), _) => Ordering::Less,
            (_, Rank::Uptimal(_)) => Ordering::Greater,
            (Rank::Other, Rank::Other) => {
                for left in [true, false] {
                    let (p, q) = (self.sorted(a, left), self.sorted(b, left));
                    for (&x, &y) in p.iter().zip(q.iter()) {
                        let o = self.cgsuite_cmp(x, y);
                        if o.is_ne() {
                            return o;
                        }
                    }
                    if p.len() != q.len() {
                        return p.len().cmp(&q.len());
                    }
                }
                Ordering::Equal
            }
        }
    }

    /// One side's options in CGSuite's order.
    fn sorted(&mut self, g: Id, left: bool) -> Rc<[Id]> {
        if let Some(s) = self.render.sorted.get(&(g, left)) {
            return s.clone();
        }
        let mut opts = if left { self.left(g) } else { self.right(g) }.to_vec();
        opts.sort_by(|&a, &b| self.cgsuite_cmp(a, b));
        let s: Rc<[Id]> = opts.into();
        self.render.sorted.insert((g, left), s.clone());
        s
    }

    pub(crate) fn render(&mut self, g: Id) -> String {
        let mut s = String::new();
        self.render.reset();
        self.write_game(g, &mut s, true, false);
        let over = self.render.written > MAX_RENDER;
        self.render.reset();
        if over {
            return format!(
                "<a game of birthday {} whose written form is longer than {} MiB>",
                self.birthday_of(g),
                MAX_RENDER >> 20
            );
        }
        s
    }
}

/// Writes `g` as an option inside a loopy game's braces (`crate::loopy`
/// prints the loopy parts itself): the bars of an unbraced result, as
/// inside a short game's braces.
pub(crate) fn write_option(
    g: Game,
    out: &mut String,
    force_braces: bool,
    force_parens: bool,
) -> usize {
    with_store(|s| {
        s.render.reset();
        let bars = s.write_game(g.id, out, force_braces, force_parens);
        s.render.reset();
        bars
    })
}

/// CGSuite's order of two short games among a side's options.
pub(crate) fn option_order(a: Game, b: Game) -> Ordering {
    with_store(|s| {
        let o = s.cgsuite_cmp(a.id, b.id);
        s.render.reset();
        o
    })
}

impl Game {
    /// The game written in `notation` (its `Display` uses this thread's
    /// notation, [`Notation::Cgsuite`] unless [`with_notation`] says otherwise).
    pub fn to_string_in(self, notation: Notation) -> String {
        with_notation(notation, || self.to_string())
    }
}

/// Printed in CGSuite's notation (see the module docs).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_store(|s| s.render(self.id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `x + *m + a1.^<1> + … + a4.^<4>` built as a sum is recognised
    /// with those digits (CGSuite's `UptimalTest` does the same over its
    /// expansions), and prints and reads back as itself in both notations.
    #[test]
    fn sums_of_up_nths_are_recognised_with_their_digits() {
        let nth: Vec<Game> = (1..=4).map(|n| Game::up_nth(n).unwrap()).collect();
        let numbers = [Dyadic::ZERO, Dyadic::ONE, Dyadic::new(-5, 2).unwrap()];
        let range = -2..=2i64;
        let mut seen = 0;
        for x in numbers {
            for m in 0..=4u64 {
                let base = Game::number(x).try_add(Game::nimber(m).unwrap()).unwrap();
                for a1 in range.clone() {
                    for a2 in range.clone() {
                        for a3 in range.clone() {
                            for a4 in range.clone() {
                                let digits = [a1, a2, a3, a4];
                                let mut g = base;
                                for (d, u) in digits.iter().zip(&nth) {
                                    let part = if *d < 0 { u.neg() } else { *u };
                                    g = g
                                        .try_add(part.try_multiple(d.unsigned_abs()).unwrap())
                                        .unwrap();
                                }
                                let found = with_store(|s| s.uptimal(g.id));
                                let expected = Uptimal::new(x, m, digits.to_vec());
                                assert_eq!(found.as_deref(), Some(&expected), "{g}");
                                for n in [Notation::Cgsuite, Notation::Expanded] {
                                    let text = g.to_string_in(n);
                                    assert_eq!(Game::parse(&text).unwrap(), g, "{text}");
                                }
                                seen += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(seen, 3 * 5 * 625);
    }

    #[test]
    fn games_that_are_not_uptimals_are_not_recognised() {
        for text in [
            "{1|0}",
            "{0|{0|-1}}",
            "{1/2|^}",
            "{1*|-1}",
            "+-1",
            "Tiny(1)",
        ] {
            let g = Game::parse(text).unwrap();
            assert_eq!(with_store(|s| s.uptimal(g.id)), None, "{text}");
        }
    }
}
