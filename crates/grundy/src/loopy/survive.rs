//! Comparison of loopy games as a game of survival.
//!
//! `G <= H` for stoppers exactly when Left, with Right to move first in
//! `H - G`, never runs out of moves: she wins or play goes on for ever
//! (Siegel, *CGT*, VI.3; *Coping with Cycles*, ch. 3). For the sides of any
//! loopy games, `G⁺ <= H⁺` (onside) asks more of an endless play: it must
//! move in `H` infinitely often, for only there is endless play Left's (in
//! `-G⁺` it is Right's); for the offside, in `-G` infinitely often. So the
//! comparison is a Büchi game on the pairs of positions, solved here by
//! the classical nested attractors: find where Right can avoid every
//! "progress" move for ever (or leave Left without a move), take Right's
//! attractor of that, remove it, repeat.
//!
//! One solve answers the comparison for every pair of positions at once,
//! which is what simplification uses: a table of `G_a <= H_b` for all
//! `a`, `b`.

use super::graph::LoopyGame;
use crate::{Budget, LimitError};

const WHAT: &str = "loopy comparison";

/// Which comparison: of stoppers, or of onsides or offsides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Stoppers: any endless play is survival for Left.
    Stopper,
    /// Onsides: endless play is Left's if it moves in `H` infinitely often.
    On,
    /// Offsides: endless play is Left's if it moves in `-G` infinitely often.
    Off,
}

/// `G_a <= H_b` in one side, for every vertex `a` of `G` and `b` of `H`.
pub(crate) struct LeqTable {
    m: usize,
    /// Left survives at state `(a, b, Right to move)`.
    survives: Vec<bool>,
}

impl LeqTable {
    /// `G_a <= H_b`.
    pub(crate) fn leq(&self, a: u32, b: u32) -> bool {
        self.survives[a as usize * self.m + b as usize]
    }
}

/// Predecessor lists of one side's edges.
fn reverse(edges: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut rev = vec![Vec::new(); edges.len()];
    for (v, es) in edges.iter().enumerate() {
        for &t in es {
            rev[t as usize].push(v as u32);
        }
    }
    rev
}

/// `G <= H` in `side`, at the two start positions.
pub fn leq(g: &LoopyGame, h: &LoopyGame, side: Side, budget: &Budget) -> Result<bool, LimitError> {
    Ok(leq_table(g, h, side, budget)?.leq(g.start, h.start))
}

/// The table of `G_a <= H_b` for all vertices.
pub(crate) fn leq_table(
    g: &LoopyGame,
    h: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<LeqTable, LimitError> {
    budget.check_now(WHAT)?;
    let (n, m) = (g.len(), h.len());
    let states = 2 * n as u128 * m as u128;
    // alive, in_a (bytes) and a counter (u32) per state.
    budget.check_bytes(WHAT, states * 6)?;
    let states = states as usize;
    let (g_rev_left, g_rev_right) = (reverse(&g.left), reverse(&g.right));
    let (h_rev_left, h_rev_right) = (reverse(&h.left), reverse(&h.right));
    let (progress_g, progress_h) = match side {
        Side::Stopper => (true, true),
        Side::On => (false, true),
        Side::Off => (true, false),
    };
    // State index: (a * m + b) * 2 + mover, mover 0 = Left to move.
    let idx = |a: usize, b: usize, mover: usize| (a * m + b) * 2 + mover;
    // The moves out of a state: (target, progress).
    let for_moves = |s: usize, f: &mut dyn FnMut(usize, bool)| {
        let (pair, mover) = (s / 2, s % 2);
        let (a, b) = (pair / m, pair % m);
        if mover == 0 {
            for &t in &g.right[a] {
                f(idx(t as usize, b, 1), progress_g);
            }
            for &t in &h.left[b] {
                f(idx(a, t as usize, 1), progress_h);
            }
        } else {
            for &t in &g.left[a] {
                f(idx(t as usize, b, 0), progress_g);
            }
            for &t in &h.right[b] {
                f(idx(a, t as usize, 0), progress_h);
            }
        }
    };
    let for_preds = |s: usize, f: &mut dyn FnMut(usize, bool)| {
        let (pair, mover) = (s / 2, s % 2);
        let (a, b) = (pair / m, pair % m);
        if mover == 1 {
            // Left moved here.
            for &p in &g_rev_right[a] {
                f(idx(p as usize, b, 0), progress_g);
            }
            for &p in &h_rev_left[b] {
                f(idx(a, p as usize, 0), progress_h);
            }
        } else {
            for &p in &g_rev_left[a] {
                f(idx(p as usize, b, 1), progress_g);
            }
            for &p in &h_rev_right[b] {
                f(idx(a, p as usize, 1), progress_h);
            }
        }
    };
    let mut alive = vec![true; states];
    let mut in_a = vec![false; states];
    let mut count = vec![0u32; states];
    let mut queue: Vec<usize> = Vec::new();
    loop {
        budget.check_now(WHAT)?;
        // A: where Left can force a progress move (or Right has no move).
        in_a.iter_mut().for_each(|x| *x = false);
        queue.clear();
        for s in 0..states {
            if !alive[s] {
                continue;
            }
            budget.tick(WHAT)?;
            if s % 2 == 0 {
                let mut good = false;
                for_moves(s, &mut |t, p| good |= p && alive[t]);
                if good {
                    in_a[s] = true;
                    queue.push(s);
                }
            } else {
                let mut c = 0;
                for_moves(s, &mut |t, p| {
                    if !p && alive[t] {
                        c += 1
                    }
                });
                count[s] = c;
                if c == 0 {
                    in_a[s] = true;
                    queue.push(s);
                }
            }
        }
        while let Some(t) = queue.pop() {
            for_preds(t, &mut |s, p| {
                if p || !alive[s] || in_a[s] {
                    return;
                }
                if s % 2 == 0 {
                    in_a[s] = true;
                    queue.push(s);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        in_a[s] = true;
                        queue.push(s);
                    }
                }
            });
        }
        // Right's attractor of the rest: Right wins there.
        queue.clear();
        for s in 0..states {
            if alive[s] && !in_a[s] {
                queue.push(s);
            }
        }
        if queue.is_empty() {
            break;
        }
        for s in 0..states {
            if alive[s] && in_a[s] && s % 2 == 0 {
                let mut c = 0;
                for_moves(s, &mut |t, _| {
                    if alive[t] {
                        c += 1
                    }
                });
                count[s] = c;
            }
        }
        for &s in &queue {
            alive[s] = false;
        }
        while let Some(t) = queue.pop() {
            budget.tick(WHAT)?;
            for_preds(t, &mut |s, _| {
                if !alive[s] {
                    return;
                }
                if s % 2 == 1 {
                    alive[s] = false;
                    queue.push(s);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        alive[s] = false;
                        queue.push(s);
                    }
                }
            });
        }
    }
    let survives = (0..n * m).map(|pair| alive[pair * 2 + 1]).collect();
    Ok(LeqTable { m, survives })
}
