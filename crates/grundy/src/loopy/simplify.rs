//! Simplest forms: the canonical form of a stopper, and the sides of any
//! loopy game as far as they reduce to stoppers.
//!
//! A stopper has a unique simplest form (Siegel, *CGT*, VI.4; Conway,
//! *ONAG*): no dominated options, no reversible ones, and no two distinct
//! positions equal ("fused"). Every step here keeps the value of every
//! position of the graph, so the table of `u <= v` between the positions,
//! computed once by [`leq_table`], stays true while the edges change:
//!
//! - an option `x` of Left is reversible through a Right option `y` of `x`
//!   with `y <= v`; it is replaced by `y`'s Left options (those `v` lacks);
//! - a Left option below another is dominated and goes (Right: above);
//! - equal positions are fused into one.
//!
//! These repeat until nothing changes. For a game that is not a stopper,
//! each side is simplified the same way in that side's order (CGSuite's
//! sidling, after Siegel's thesis *Coping with Cycles*): reversible and
//! dominated options, with the extra condition that the position reversed
//! or dominated through cannot come back by alternating play; then each
//! edge of an alternating cycle is dropped if the position keeps its
//! value in that side without it; and again, until nothing changes. If no
//! alternating cycle is left the side is a stopper and gets its canonical
//! form. CGSuite goes one step further where this one stops (it
//! "unravels" cycles it cannot cut); a side that keeps an alternating
//! cycle here is reported as not reduced to a stopper.

use super::graph::LoopyGame;
use super::survive::{leq_at, leq_table, LeqTable, Side};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

const WHAT: &str = "loopy simplification";

/// The canonical (simplest) form of a stopper. `g` must be a stopper.
pub(crate) fn canonical_stopper(g: &LoopyGame, budget: &Budget) -> Result<LoopyGame, LimitError> {
    canonical_stopper_from(g, &mut vec![g.start], budget)
}

/// The canonical form of a stopper at every one of `roots` at once: the
/// graph of what they reach, simplified until no position has a
/// reversible or dominated option and no two are equal, so that each
/// root's position, packed, is its canonical form. `roots` are renumbered
/// in place (the first is the start).
pub(crate) fn canonical_stopper_from(
    g: &LoopyGame,
    roots: &mut Vec<u32>,
    budget: &Budget,
) -> Result<LoopyGame, LimitError> {
    debug_assert!(g.is_stopper());
    let (mut g, packed_roots) = g.packed_from(roots);
    *roots = packed_roots;
    loop {
        budget.check_now(WHAT)?;
        let t = leq_table(&g, &g, Side::Stopper, budget)?;
        let mut changed = false;
        for v in 0..g.len() {
            changed |= bypass(&mut g, v, &t, true, Side::Stopper, budget)?;
            changed |= bypass(&mut g, v, &t, false, Side::Stopper, budget)?;
            changed |= drop_dominated(&mut g, v, &t, true, Side::Stopper);
            changed |= drop_dominated(&mut g, v, &t, false, Side::Stopper);
        }
        // Fuse each position into the first one equal to it.
        let n = g.len();
        let mut rep: Vec<u32> = (0..n as u32).collect();
        for v in 0..n {
            if let Some(u) = (0..v).find(|&u| {
                rep[u] == u as u32 && t.leq(u as u32, v as u32) && t.leq(v as u32, u as u32)
            }) {
                rep[v] = u as u32;
                changed = true;
            }
        }
        if !changed {
            return Ok(g);
        }
        for edges in g.left.iter_mut().chain(g.right.iter_mut()) {
            for e in edges.iter_mut() {
                *e = rep[*e as usize];
            }
        }
        for r in roots.iter_mut() {
            *r = rep[*r as usize];
        }
        let (packed, packed_roots) = g.packed_from(roots);
        g = packed;
        *roots = packed_roots;
    }
}

/// Bypasses the reversible options of one player at `v`; whether any was.
/// In a side (not a stopper) an option only reverses through a position
/// that cannot come back to it by alternating play (CGSuite's condition,
/// after Siegel's thesis).
fn bypass(
    g: &mut LoopyGame,
    v: usize,
    t: &LeqTable,
    left: bool,
    side: Side,
    budget: &Budget,
) -> Result<bool, LimitError> {
    let mut changed = false;
    let mut i = 0;
    // A bound on the replacements, against a cycle of bypasses.
    let mut rounds = 0usize;
    let bound = 4 * (g.edge_count() + g.len()) + 64;
    loop {
        let opts = if left { &g.left[v] } else { &g.right[v] };
        if i >= opts.len() {
            return Ok(changed);
        }
        let x = opts[i] as usize;
        let back = if left { &g.right[x] } else { &g.left[x] };
        // Left's x reverses through x^R <= v; Right's through x^L >= v.
        let through = back.iter().copied().find(|&y| {
            let below = if left {
                t.leq(y, v as u32)
            } else {
                t.leq(v as u32, y)
            };
            below && (side == Side::Stopper || !alternating_reach(g, y, left, x as u32, !left))
        });
        let Some(y) = through else {
            i += 1;
            continue;
        };
        budget.tick(WHAT)?;
        rounds += 1;
        if rounds > bound {
            // Bypassing came round to where it began: keep the form as it
            // is (it is still equal to the game; only not fully reduced).
            return Ok(changed);
        }
        let replacement = if left {
            g.left[y as usize].clone()
        } else {
            g.right[y as usize].clone()
        };
        let opts = if left {
            &mut g.left[v]
        } else {
            &mut g.right[v]
        };
        let old = opts.clone();
        opts.remove(i);
        for r in replacement {
            if !old.contains(&r) {
                opts.push(r);
            }
        }
        changed = true;
    }
}

/// Drops one player's dominated options at `v`; whether any was. In the
/// offside a Left option only dominates if it cannot come back to `v` by
/// alternating play (in the onside, a Right option), as in CGSuite.
fn drop_dominated(g: &mut LoopyGame, v: usize, t: &LeqTable, left: bool, side: Side) -> bool {
    let mut opts = if left {
        g.left[v].clone()
    } else {
        g.right[v].clone()
    };
    opts.sort_unstable();
    opts.dedup();
    let guarded = (left && side == Side::Off) || (!left && side == Side::On);
    let may_dominate: Vec<bool> = opts
        .iter()
        .map(|&y| !guarded || !alternating_reach(g, y, !left, v as u32, left))
        .collect();
    let before = opts.len();
    let mut keep: Vec<u32> = Vec::with_capacity(before);
    for (i, &x) in opts.iter().enumerate() {
        // x goes when another option is at least as good for its player;
        // of two equal options the first stays.
        let beaten = opts.iter().enumerate().any(|(j, &y)| {
            if i == j || !may_dominate[j] {
                return false;
            }
            let (worse, better) = if left {
                (t.leq(x, y), t.leq(y, x))
            } else {
                (t.leq(y, x), t.leq(x, y))
            };
            worse && (!better || j < i)
        });
        if !beaten {
            keep.push(x);
        }
    }
    let changed = keep.len() != before;
    if left {
        g.left[v] = keep;
    } else {
        g.right[v] = keep;
    }
    changed
}

/// Whether the state (`to`, `to_left` moving) can reach the state (`from`,
/// `from_left` moving) by alternating play: the edge from the second to
/// the first closes an alternating cycle.
fn alternating_reach(g: &LoopyGame, to: u32, to_left: bool, from: u32, from_left: bool) -> bool {
    let n = g.len();
    let mut seen = vec![false; 2 * n];
    let key = |v: u32, l: bool| 2 * v as usize + usize::from(l);
    let mut stack = vec![(to, to_left)];
    seen[key(to, to_left)] = true;
    while let Some((v, l)) = stack.pop() {
        if v == from && l == from_left {
            return true;
        }
        let edges = if l {
            &g.left[v as usize]
        } else {
            &g.right[v as usize]
        };
        for &t in edges {
            if !seen[key(t, !l)] {
                seen[key(t, !l)] = true;
                stack.push((t, !l));
            }
        }
    }
    false
}

/// The side-wise simplifications of CGSuite's sidling: reversible and
/// dominated options by one table of `u <= v` in `side` (with the
/// alternating-play conditions above), until nothing changes.
fn basic_side(
    g: &mut LoopyGame,
    side: Side,
    roots: &mut Vec<u32>,
    budget: &Budget,
) -> Result<bool, LimitError> {
    let mut any = false;
    loop {
        budget.check_now(WHAT)?;
        let t = leq_table(g, g, side, budget)?;
        let mut changed = false;
        for v in 0..g.len() {
            changed |= bypass(g, v, &t, true, side, budget)?;
            changed |= bypass(g, v, &t, false, side, budget)?;
            changed |= drop_dominated(g, v, &t, true, side);
            changed |= drop_dominated(g, v, &t, false, side);
        }
        if !changed {
            return Ok(any);
        }
        any = true;
        let (packed, packed_roots) = g.packed_from(roots);
        *g = packed;
        *roots = packed_roots;
    }
}

/// Drops each edge of an alternating cycle that `side` does not need:
/// the position keeps its value in that side without it. (Fewer moves
/// for Right can only help Left, so for a Right edge only `G' <= G` needs
/// checking, for a Left edge only `G <= G'`; and a position equal to
/// what it was leaves every other position as it was.)
fn drop_cycle_edges(g: &mut LoopyGame, side: Side, budget: &Budget) -> Result<bool, LimitError> {
    // The onside tries Right's edges first (endless play is Left's there,
    // so it is Right who must leave the cycle), the offside Left's.
    let order: [bool; 2] = if side == Side::On {
        [false, true]
    } else {
        [true, false]
    };
    let mut any = false;
    for &left in &order {
        for v in 0..g.len() {
            let mut i = 0;
            loop {
                let edges = if left { &g.left[v] } else { &g.right[v] };
                let Some(&target) = edges.get(i) else { break };
                budget.tick(WHAT)?;
                if !alternating_reach(g, target, !left, v as u32, left) {
                    i += 1;
                    continue;
                }
                let mut trial = g.clone();
                if left {
                    trial.left[v].remove(i);
                } else {
                    trial.right[v].remove(i);
                }
                let same = if left {
                    leq_at(g, v as u32, &trial, v as u32, side, budget)?
                } else {
                    leq_at(&trial, v as u32, g, v as u32, side, budget)?
                };
                if same {
                    *g = trial;
                    any = true;
                } else {
                    i += 1;
                }
            }
        }
    }
    Ok(any)
}

/// One side of `g` simplified: a canonical stopper when the side reduces
/// to one (`true`), else the graph with what could be dropped dropped
/// (`false`), equal to `g` in that side.
pub(crate) fn side_form(
    g: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<(LoopyGame, bool), LimitError> {
    side_form_from(g, side, &mut vec![g.start], budget)
}

/// [`side_form`] at every one of `roots` at once (renumbered in place,
/// the first the start): every step keeps the value in `side` of every
/// position, and the graph keeps what each root reaches. Whether it is a
/// stopper holds for all roots alike when each reaches all the others
/// (the positions of one strongly connected component).
pub(crate) fn side_form_from(
    g: &LoopyGame,
    side: Side,
    roots: &mut Vec<u32>,
    budget: &Budget,
) -> Result<(LoopyGame, bool), LimitError> {
    let (mut g, packed_roots) = g.packed_from(roots);
    *roots = packed_roots;
    while !g.is_stopper() {
        let basic = basic_side(&mut g, side, roots, budget)?;
        if g.is_stopper() {
            break;
        }
        let cut = drop_cycle_edges(&mut g, side, budget)?;
        let (packed, packed_roots) = g.packed_from(roots);
        g = packed;
        *roots = packed_roots;
        if !basic && !cut {
            break;
        }
    }
    if g.is_stopper() {
        Ok((canonical_stopper_from(&g, roots, budget)?, true))
    } else {
        Ok((g, false))
    }
}
