//! Printing loopy values as CGSuite 2.2 prints them.
//!
//! In order, as CGSuite's `CanonicalStopper` does: a position without a
//! cycle below it is a short game (printed by [`crate::partizan`]); a
//! position met again while it is being printed gets a label (`a`, `b`, …
//! in the order they are needed) written before its braces, `a{0|a}`, and
//! a move to itself is `pass`; `on`, `off`, `x over`, `x under` (`5over`,
//! `-1/2under`); a switch `+-G`; `Tiny(G)`, `Miny(G)` for plumtrees of
//! that shape; `x^[on]*n`, `xv[on]*n` (upon), `x^<on>*n`, `xv<on>*n`
//! (uponth); otherwise braces with Left's options (short games first, in
//! CGSuite's order), bars, Right's, with at most four bars in a row. A
//! stopper-sided value is `G & H`, `dud` for `on & off`.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use super::graph::LoopyGame;
use super::survive::{leq, Side};
use super::value::LoopyValue;
use crate::partizan::{option_order, write_option, Dyadic, Game};
use crate::vocab::budget::Budget;

/// CGSuite's longest run of bars before braces.
const MAX_BARS: usize = 4;

/// The printing of one graph.
struct Printer<'a> {
    g: &'a LoopyGame,
    /// The short game at each vertex without a cycle below it.
    short: Vec<Option<Game>>,
    /// Vertices being printed, with their label once one is needed.
    stack: HashMap<u32, Option<String>>,
    labels: usize,
    budget: Budget,
}

/// CGSuite's labels: `a` … `z`, then `N1`, `N2`, …
fn label(n: usize) -> String {
    if n < 26 {
        ((b'a' + n as u8) as char).to_string()
    } else {
        format!("N{}", n - 25)
    }
}

fn shorts(g: &LoopyGame) -> Vec<Option<Game>> {
    (0..g.len() as u32)
        .map(|v| {
            let at = g.at(super::graph::Vertex(v));
            at.to_short()
        })
        .collect()
}

impl<'a> Printer<'a> {
    fn new(g: &'a LoopyGame) -> Printer<'a> {
        Printer {
            g,
            short: shorts(g),
            stack: HashMap::new(),
            labels: 0,
            budget: Budget::new(crate::vocab::limits::Limits::default()),
        }
    }

    fn number(&self, v: u32) -> Option<Dyadic> {
        self.short[v as usize].and_then(Game::as_number)
    }

    /// The options of one side in CGSuite's order: short games first in
    /// its order of short games, then the loopy ones by position.
    fn sorted(&self, v: u32, left: bool) -> Vec<u32> {
        let mut opts = if left {
            self.g.left[v as usize].clone()
        } else {
            self.g.right[v as usize].clone()
        };
        opts.sort_by(
            |&a, &b| match (self.short[a as usize], self.short[b as usize]) {
                (Some(x), Some(y)) => option_order(x, y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => a.cmp(&b),
            },
        );
        opts
    }

    /// Writes vertex `v`; the bars of an unbraced result.
    fn write(&mut self, v: u32, out: &mut String, force_braces: bool, force_parens: bool) -> usize {
        if let Some(x) = self.short[v as usize] {
            return write_option(x, out, force_braces, force_parens);
        }
        if let Some(name) = self.stack.get(&v) {
            let name = match name {
                Some(n) => n.clone(),
                None => {
                    let n = label(self.labels);
                    self.labels += 1;
                    self.stack.insert(v, Some(n.clone()));
                    n
                }
            };
            out.push_str(&name);
            return 0;
        }
        let at = self.g.at(super::graph::Vertex(v));
        if at.is_stopper() && self.special(v, &at, out, force_parens) {
            return 0;
        }
        self.stack.insert(v, None);
        let lo = self.sorted(v, true);
        let ro = self.sorted(v, false);
        let mut bars = 0;
        let mut left = String::new();
        for (i, &o) in lo.iter().enumerate() {
            if i > 0 {
                left.push(',');
            }
            if o == v {
                left.push_str("pass");
            } else {
                bars = bars.max(self.write(o, &mut left, lo.len() > 1, false));
            }
        }
        let mut right = String::new();
        for (i, &o) in ro.iter().enumerate() {
            if i > 0 {
                right.push(',');
            }
            if o == v {
                right.push_str("pass");
            } else {
                bars = bars.max(self.write(o, &mut right, ro.len() > 1, false));
            }
        }
        let named = match self.stack.remove(&v) {
            Some(Some(name)) => {
                out.push_str(&name);
                true
            }
            _ => false,
        };
        bars += 1;
        let braces = force_braces || named || lo.is_empty() || ro.is_empty() || bars >= MAX_BARS;
        if braces {
            out.push('{');
        }
        out.push_str(&left);
        out.push_str(&"|".repeat(bars));
        out.push_str(&right);
        if braces {
            out.push('}');
            0
        } else {
            bars
        }
    }

    /// The named forms of a stopper: whether `v` was written as one.
    fn special(&mut self, v: u32, at: &LoopyGame, out: &mut String, force_parens: bool) -> bool {
        let (lo, ro) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        // Pseudonumbers.
        if lo.as_slice() == [v] && ro.is_empty() {
            out.push_str("on");
            return true;
        }
        if lo.is_empty() && ro.as_slice() == [v] {
            out.push_str("off");
            return true;
        }
        let over = if ro.as_slice() == [v] && lo.len() == 1 {
            self.number(lo[0]).map(|x| (x, "over"))
        } else if lo.as_slice() == [v] && ro.len() == 1 {
            self.number(ro[0]).map(|x| (x, "under"))
        } else {
            None
        };
        if let Some((x, word)) = over {
            let parens = force_parens && x != Dyadic::ZERO;
            if parens {
                out.push('(');
            }
            if x != Dyadic::ZERO {
                let _ = write!(out, "{x}");
            }
            out.push_str(word);
            if parens {
                out.push(')');
            }
            return true;
        }
        // A switch: G = -G.
        let neg = at.neg();
        let budget = self.budget.clone();
        let equal = |a: &LoopyGame, b: &LoopyGame| {
            leq(a, b, Side::Stopper, &budget).unwrap_or(false)
                && leq(b, a, Side::Stopper, &budget).unwrap_or(false)
        };
        if equal(at, &neg) {
            let lo = self.sorted(v, true);
            out.push_str("+-");
            if lo.len() > 1 {
                out.push('{');
            }
            for (i, &o) in lo.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                // CGSuite prints a switch's options afresh (own labels).
                let sub = self.g.at(super::graph::Vertex(o));
                let mut p = Printer::new(&sub);
                p.write(sub.start, out, true, lo.len() == 1);
            }
            if lo.len() > 1 {
                out.push('}');
            }
            return true;
        }
        if at.is_plumtree() {
            if let Some((x, word, sub)) = self.tiny(v) {
                if force_parens {
                    out.push('(');
                }
                if x != Dyadic::ZERO {
                    let _ = write!(out, "{x}");
                }
                out.push_str(word);
                out.push('(');
                out.push_str(&sub.to_string());
                out.push(')');
                if force_parens {
                    out.push(')');
                }
                return true;
            }
        }
        if let Some(form) = upon_form(at).or_else(|| {
            upon_form(&at.neg()).map(|f| UponForm {
                number: -f.number,
                negated: true,
                ..f
            })
        }) {
            if form.number != Dyadic::ZERO {
                let _ = write!(out, "{}", form.number);
            }
            out.push(if form.negated { 'v' } else { '^' });
            out.push_str(if form.nth { "<on>" } else { "[on]" });
            match form.star {
                0 => {}
                1 => out.push('*'),
                n => {
                    let _ = write!(out, "*{n}");
                }
            }
            return true;
        }
        false
    }

    /// `{x || x | s}` with `s - x <= under`: `x Tiny(x - s)`; or `{s | x
    /// || x}` with `x - s <= under`... mirrored: `x Miny(s - x)`.
    fn tiny(&self, v: u32) -> Option<(Dyadic, &'static str, LoopyValue)> {
        let g = self.g;
        let (lo, ro) = (&g.left[v as usize], &g.right[v as usize]);
        if lo.len() != 1 || ro.len() != 1 {
            return None;
        }
        let budget = &self.budget;
        let under = LoopyValue::Stopper(super::parse::pseudonumber(Dyadic::ZERO, false));
        let value_at = |u: u32| LoopyValue::Stopper(g.at(super::graph::Vertex(u)));
        let number = |x: Dyadic| LoopyValue::short(Game::number(x), budget).ok();
        if let Some(x) = self.number(lo[0]) {
            let r = ro[0] as usize;
            if g.left[r].len() == 1 && g.right[r].len() == 1 && self.number(g.left[r][0]) == Some(x)
            {
                let s = value_at(g.right[r][0]);
                let minus_x = number(-x)?;
                let diff = s.add(&minus_x, budget).ok()?;
                if diff.leq(&under, budget).ok()? {
                    return Some((x, "Tiny", diff.neg()));
                }
            }
        }
        if let Some(x) = self.number(ro[0]) {
            let l = lo[0] as usize;
            if g.left[l].len() == 1
                && g.right[l].len() == 1
                && self.number(g.right[l][0]) == Some(x)
            {
                let s = value_at(g.left[l][0]);
                let minus_s = s.neg();
                let diff = number(x)?.add(&minus_s, budget).ok()?;
                if diff.leq(&under, budget).ok()? {
                    return Some((x, "Miny", diff.neg()));
                }
            }
        }
        None
    }
}

/// `x^[on]*n` (upon) or `x^<on>*n` (uponth), CGSuite's `uponForm`.
#[derive(Clone, Copy)]
struct UponForm {
    number: Dyadic,
    star: u64,
    nth: bool,
    negated: bool,
}

/// The number and nimber of a short game `x + *m`.
fn number_nimber(g: Game) -> Option<(Dyadic, u64)> {
    let (x, ups, m) = g.nus()?;
    (ups == 0).then_some((x, m))
}

fn upon_form(g: &LoopyGame) -> Option<UponForm> {
    upon_at(g, g.start, true)
}

fn upon_at(g: &LoopyGame, v: u32, check_uponth: bool) -> Option<UponForm> {
    let (lo, ro) = (&g.left[v as usize], &g.right[v as usize]);
    if ro.len() != 1 {
        return None;
    }
    let short = |u: u32| g.at(super::graph::Vertex(u)).to_short();
    if lo.len() <= 2 {
        if let Some((x, m)) = short(ro[0]).and_then(number_nimber) {
            let others: Vec<u32> = lo.iter().copied().filter(|&u| u != v).collect();
            let ok = lo.contains(&v)
                && if m == 0 {
                    others.len() == 1 && short(others[0]).and_then(Game::as_number) == Some(x)
                } else {
                    others.is_empty()
                };
            if ok {
                return Some(UponForm {
                    number: x,
                    star: m ^ 1,
                    nth: false,
                    negated: false,
                });
            }
        }
    }
    if check_uponth {
        let neg = g.neg();
        if let Some(f) = upon_at(&neg, ro[0], false) {
            if !f.nth && !f.negated {
                let want: Vec<(Dyadic, u64)> = (0..=(f.star ^ 1)).map(|k| (-f.number, k)).collect();
                let mut have: Vec<(Dyadic, u64)> = Vec::new();
                for &u in lo {
                    have.push(short(u).and_then(number_nimber)?);
                }
                have.sort();
                let mut want = want;
                want.sort();
                if have == want {
                    return Some(UponForm {
                        number: -f.number,
                        star: f.star ^ 1,
                        nth: true,
                        negated: false,
                    });
                }
            }
        }
    }
    None
}

/// A stopper (or a side as simplified) written as CGSuite writes it.
pub(crate) fn write_game(g: &LoopyGame) -> String {
    let mut out = String::new();
    let mut p = Printer::new(g);
    p.write(g.start, &mut out, true, false);
    out
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Stopper(s) => f.write_str(&write_game(s)),
            LoopyValue::Sided { onside, offside }
            | LoopyValue::Unresolved {
                onside, offside, ..
            } => {
                let (on, off) = (write_game(onside), write_game(offside));
                if on == "on" && off == "off" {
                    f.write_str("dud")
                } else {
                    write!(f, "{on} & {off}")
                }
            }
        }
    }
}

impl fmt::Display for LoopyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self))
    }
}
