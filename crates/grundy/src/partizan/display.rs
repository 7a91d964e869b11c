//! Printing games the way CGSuite prints them.
//!
//! The rules, in the order CGSuite tries them (its plain-text output):
//! 1. number + up-multiple + nimber: `0`, `3/4`, `*2`, `^`, `^^`, `^3`, `v`,
//!    `vv*`, `1/2*`, `3^`, `-1v*3` (the number part is omitted when zero);
//! 2. a switch `{G^L | -G^L}`: `+-1`, `+-(1*)`, `+-{1,2}`, `+-{1|0}`;
//! 3. `x + Tiny(g) = {x || x | x - g}` and `x + Miny(g)`: `Tiny(2)`, `1Tiny(1)`,
//!    `-1Miny(2)` (the number juxtaposed, as CGSuite writes it);
//! 4. otherwise `{L1,L2|R1,R2}`, where an option that is itself written with
//!    bars loses its braces when it is alone on its side, and the outer bar
//!    is one longer than the longest inner one: `{3||2*|1*}`; a game whose
//!    bars would run to four is braced, and counts as none around it.

use std::fmt;

use super::dyadic::Dyadic;
use super::game::{with_store, Game, Id, Store};

/// The most bars written in a row (CGSuite's `maxSlashes`).
const MAX_BARS: usize = 4;

/// The longest text a game is printed as: a canonical form shares its
/// followers, and written out as a tree it can be exponentially longer.
pub(crate) const MAX_RENDER: usize = 1 << 22;

/// The state of one printing: the text of each game already written (by
/// how it was asked for) and the bytes written so far.
#[derive(Default)]
pub(crate) struct Render {
    memo: std::collections::HashMap<(Id, bool, bool), (String, usize)>,
    written: usize,
}

/// A number + up-multiple + nimber decomposition.
struct Nus {
    number: Dyadic,
    ups: i64,
    star: u64,
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
        if let Some(nus) = self.nus(g) {
            let plain_number_or_ups = nus.star == 0 && (nus.ups == 0 || nus.number == Dyadic::ZERO);
            let plain_nimber = nus.number == Dyadic::ZERO && nus.ups == 0;
            let parens = force_parens && !plain_number_or_ups && !plain_nimber;
            if parens {
                out.push('(');
            }
            if nus.number != Dyadic::ZERO || (nus.ups == 0 && nus.star == 0) {
                out.push_str(&nus.number.to_string());
            }
            match nus.ups {
                0 => {}
                1 => out.push('^'),
                2 => out.push_str("^^"),
                -1 => out.push('v'),
                -2 => out.push_str("vv"),
                n if n > 0 => out.push_str(&format!("^{n}")),
                n => out.push_str(&format!("v{}", n.unsigned_abs())),
            }
            match nus.star {
                0 => {}
                1 => out.push('*'),
                m => out.push_str(&format!("*{m}")),
            }
            if parens {
                out.push(')');
            }
            return 0;
        }
        let l = self.left(g);
        let r = self.right(g);
        // A switch ±(G^L): the right options are exactly the negatives.
        let mut negs: Vec<Id> = l.iter().map(|&x| self.neg(x)).collect();
        negs.sort_unstable();
        let mut rs: Vec<Id> = r.to_vec();
        rs.sort_unstable();
        if negs == rs {
            out.push_str("+-");
            let opts = self.ordered(&l);
            if opts.len() > 1 {
                out.push('{');
            }
            for (i, &o) in opts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.write_game(o, out, true, opts.len() == 1);
            }
            if opts.len() > 1 {
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
                out.push_str(&x.checked_neg().unwrap_or(x).to_string());
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
        let lo = self.ordered(&l);
        for (i, &o) in lo.iter().enumerate() {
            if i > 0 {
                left.push(',');
            }
            bars = bars.max(self.write_game(o, &mut left, lo.len() > 1, false) + 1);
        }
        let ro = self.ordered(&r);
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

    /// `G = {x || x | x - s}` with `x` a number and `s` having a positive
    /// stop: returns `(x, s)`.
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
        if self.stops(c).0 >= x {
            return None;
        }
        let mc = self.neg(c);
        let sub = self.add(l[0], mc).ok()?;
        Some((x, sub))
    }

    /// Options in a stable reading order: by birthday, then by text.
    fn ordered(&mut self, opts: &[Id]) -> Vec<Id> {
        let mut keyed: Vec<(u64, String, Id)> = Vec::with_capacity(opts.len());
        for &o in opts {
            let mut s = String::new();
            self.write_game(o, &mut s, true, false);
            keyed.push((self.birthday_of(o), s, o));
        }
        keyed.sort();
        keyed.into_iter().map(|k| k.2).collect()
    }

    pub(crate) fn render(&mut self, g: Id) -> String {
        let mut s = String::new();
        self.render = Render::default();
        self.write_game(g, &mut s, true, false);
        let over = self.render.written > MAX_RENDER;
        self.render = Render::default();
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

/// Printed in CGSuite's notation (see the module docs).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_store(|s| s.render(self.id)))
    }
}
