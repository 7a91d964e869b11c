//! Left and right stops of a stopper (Siegel, *CGT*, VI.4; CGSuite's
//! `LeftStop` and `RightStop`).
//!
//! A stop is a *pseudonumber*: a number `x`, `x over = {x|pass}`,
//! `x under = {pass|x}`, `on` or `off`. Those are their own stops; any
//! other stopper's left stop is the largest right stop of its Left options,
//! its right stop the smallest left stop of its Right options. The
//! recursion alternates Left and Right, so for a stopper (no endless
//! alternating play) it reaches a pseudonumber on every line: it is
//! well-founded on the graph of (position, player to move), which is
//! acyclic exactly for stoppers. It is computed on that graph without
//! recursion, so a large graph costs no stack.

use std::fmt;

use super::graph::LoopyGame;
use super::parse::pseudonumber;
use super::Error;
use crate::partizan::{Dyadic, Game};
use crate::vocab::budget::Budget;

/// Which side of a number an infinitesimal tag puts a pseudonumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    /// `x under`: just below `x`.
    Under,
    /// `x` itself.
    Exact,
    /// `x over`: just above `x`.
    Over,
}

/// A pseudonumber, the value of a stop. The order is the games' order:
/// `off` < every number-like value < `on`, and `x under < x < x over <
/// y under` for `x < y` (`over` is a positive infinitesimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pseudonumber {
    /// `off = {|pass}`.
    Off,
    /// A number, `x over` or `x under`.
    Number(Dyadic, Tag),
    /// `on = {pass|}`.
    On,
}

impl Pseudonumber {
    /// The number, without its tag (CGSuite's `StrongStop`); `None` for
    /// `on` and `off`.
    pub fn number(self) -> Option<Dyadic> {
        match self {
            Pseudonumber::Number(x, _) => Some(x),
            _ => None,
        }
    }

    /// The pseudonumber as a game (a stopper in canonical form).
    pub fn to_game(self) -> LoopyGame {
        match self {
            Pseudonumber::On => LoopyGame::on(),
            Pseudonumber::Off => LoopyGame::off(),
            Pseudonumber::Number(x, Tag::Exact) => {
                LoopyGame::from_short(Game::number(x), &Budget::unlimited())
                    .expect("a number's graph is within any budget")
            }
            Pseudonumber::Number(x, tag) => pseudonumber(x, tag == Tag::Over),
        }
    }
}

/// As CGSuite prints a stop: `3/2`, `5over`, `-5under`, `over`, `on`.
impl fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::Number(x, tag) => {
                let word = match tag {
                    Tag::Exact => return write!(f, "{x}"),
                    Tag::Over => "over",
                    Tag::Under => "under",
                };
                if x == Dyadic::ZERO {
                    f.write_str(word)
                } else {
                    write!(f, "{x}{word}")
                }
            }
        }
    }
}

/// The pseudonumber each vertex of `g` is, judged by its form (the graph
/// is a canonical stopper, whose vertices are in canonical form, so a
/// pseudonumber has exactly the form of one); `None` for the others.
fn pseudonumbers(g: &LoopyGame) -> Vec<Option<Pseudonumber>> {
    let n = g.len();
    // The short game at each vertex that reaches no cycle: children come
    // first in the post-order except along an edge that closes a cycle,
    // and a vertex with such an edge is not short.
    let mut short: Vec<Option<Game>> = vec![None; n];
    let mut done = vec![false; n];
    for v in g.post_order() {
        done[v] = true;
        let value = |edges: &[u32]| -> Option<Vec<Game>> {
            edges
                .iter()
                .map(|&t| {
                    if done[t as usize] {
                        short[t as usize]
                    } else {
                        None
                    }
                })
                .collect()
        };
        if let (Some(l), Some(r)) = (value(&g.left[v]), value(&g.right[v])) {
            short[v] = Game::from_options(&l, &r).ok();
        }
    }
    let number = |t: u32| short[t as usize].and_then(Game::as_number);
    (0..n)
        .map(|v| {
            let (l, r) = (&g.left[v], &g.right[v]);
            let me = v as u32;
            if let Some(x) = short[v].and_then(Game::as_number) {
                return Some(Pseudonumber::Number(x, Tag::Exact));
            }
            match (l.as_slice(), r.as_slice()) {
                ([a], []) if *a == me => Some(Pseudonumber::On),
                ([], [b]) if *b == me => Some(Pseudonumber::Off),
                ([a], [b]) if *b == me && *a != me => {
                    number(*a).map(|x| Pseudonumber::Number(x, Tag::Over))
                }
                ([a], [b]) if *a == me && *b != me => {
                    number(*b).map(|x| Pseudonumber::Number(x, Tag::Under))
                }
                _ => None,
            }
        })
        .collect()
}

/// The left and right stops of the canonical stopper `g` (CGSuite's
/// `LeftStop`, `RightStop`). Errors: `g` is not a stopper, or a position
/// reached in the recursion has no move for the player to move and is
/// not a pseudonumber (a canonical stopper has none such).
pub fn stops(g: &LoopyGame, budget: &Budget) -> Result<(Pseudonumber, Pseudonumber), Error> {
    if !g.is_stopper() {
        return Err(Error::Value(
            "stops are defined for stoppers (no endless alternating play); this game is not one: \
             take the stops of its onside or offside"
                .into(),
        ));
    }
    let n = g.len();
    budget.check_alloc("loopy stops", 2 * n as u128, 24)?;
    let base = pseudonumbers(g);
    // State 2v: Left to move at v (its left stop); 2v + 1: Right to move.
    let mut stop: Vec<Option<Pseudonumber>> = vec![None; 2 * n];
    let mut stack = vec![2 * g.start as usize, 2 * g.start as usize + 1];
    while let Some(&s) = stack.last() {
        budget.tick("loopy stops")?;
        if stop[s].is_some() {
            stack.pop();
            continue;
        }
        let (v, left) = (s / 2, s % 2 == 0);
        if let Some(p) = base[v] {
            stop[s] = Some(p);
            stack.pop();
            continue;
        }
        let edges = if left { &g.left[v] } else { &g.right[v] };
        // The option's stop for the other player.
        let other = |t: u32| 2 * t as usize + usize::from(left);
        let pending: Vec<usize> = edges
            .iter()
            .map(|&t| other(t))
            .filter(|&u| stop[u].is_none())
            .collect();
        if !pending.is_empty() {
            // Acyclic for a stopper, so this ends.
            stack.extend(pending);
            continue;
        }
        let values = edges.iter().map(|&t| stop[other(t)].expect("computed"));
        let best = if left { values.max() } else { values.min() };
        stop[s] = Some(best.ok_or_else(|| {
            Error::Value(format!(
                "a position with no {} move that is not a pseudonumber has no {} stop",
                if left { "Left" } else { "Right" },
                if left { "left" } else { "right" },
            ))
        })?);
        stack.pop();
    }
    let start = 2 * g.start as usize;
    Ok((
        stop[start].expect("computed"),
        stop[start + 1].expect("computed"),
    ))
}
