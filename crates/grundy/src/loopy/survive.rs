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
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

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

/// `G <= H` in `side`, at the two start positions: solved on the pairs
/// reachable from the start pair only.
pub fn leq(g: &LoopyGame, h: &LoopyGame, side: Side, budget: &Budget) -> Result<bool, LimitError> {
    leq_at(g, g.start, h, h.start, side, budget)
}

/// `G_a <= H_b` in `side`, solved on the states reachable from
/// `(a, b, Right to move)`.
pub(crate) fn leq_at(
    g: &LoopyGame,
    a: u32,
    h: &LoopyGame,
    b: u32,
    side: Side,
    budget: &Budget,
) -> Result<bool, LimitError> {
    let arena = Arena::build(g, h, side, Some((a, b)), budget)?;
    let alive = arena.solve(budget)?;
    Ok(alive[0])
}

/// The table of `G_a <= H_b` for all vertices.
pub(crate) fn leq_table(
    g: &LoopyGame,
    h: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<LeqTable, LimitError> {
    let arena = Arena::build(g, h, side, None, budget)?;
    let alive = arena.solve(budget)?;
    let m = h.len();
    // In the full arena the state of (a, b, mover) is (a * m + b) * 2 + mover.
    let survives = (0..g.len() * m).map(|pair| alive[pair * 2 + 1]).collect();
    Ok(LeqTable { m, survives })
}

/// The states of `H - G` (pairs of positions with the player to move) as
/// an explicit graph: each move with whether it is "progress" (a move in
/// the component whose endless play is Left's in this side).
struct Arena {
    /// Left to move at each state.
    left: Vec<bool>,
    succ_off: Vec<u32>,
    succ: Vec<(u32, bool)>,
    pred_off: Vec<u32>,
    pred: Vec<(u32, bool)>,
}

/// Bytes per state and per move of an arena, for the budget: a state's
/// entry, its index entry when only reachable states are kept, its
/// offsets and the solver's marks and counter; a move and its reverse.
const STATE_BYTES: u128 = 56;
const MOVE_BYTES: u128 = 16;

impl Arena {
    /// All states (`start` `None`, numbered `(a * m + b) * 2 + mover`), or
    /// those reachable from `(a, b, Right to move)`, which is state 0.
    fn build(
        g: &LoopyGame,
        h: &LoopyGame,
        side: Side,
        start: Option<(u32, u32)>,
        budget: &Budget,
    ) -> Result<Arena, LimitError> {
        budget.check_now(WHAT)?;
        let (n, m) = (g.len(), h.len());
        let (progress_g, progress_h) = match side {
            Side::Stopper => (true, true),
            Side::On => (false, true),
            Side::Off => (true, false),
        };
        let moves = |a: usize, b: usize, left: bool, out: &mut Vec<((u32, u32, bool), bool)>| {
            out.clear();
            // Left moves in -G as G's Right, in H as H's Left.
            let (ge, he) = if left {
                (&g.right[a], &h.left[b])
            } else {
                (&g.left[a], &h.right[b])
            };
            out.extend(ge.iter().map(|&t| ((t, b as u32, !left), progress_g)));
            out.extend(he.iter().map(|&t| ((a as u32, t, !left), progress_h)));
        };
        let mut states: Vec<(u32, u32, bool)> = Vec::new();
        let mut index: std::collections::HashMap<(u32, u32, bool), u32> =
            std::collections::HashMap::new();
        match start {
            None => {
                let count = 2 * n as u128 * m as u128;
                let edges =
                    2 * (m as u128 * g.edge_count() as u128 + n as u128 * h.edge_count() as u128);
                budget.check_bytes(WHAT, count * STATE_BYTES + edges * MOVE_BYTES)?;
                states.reserve(count as usize);
                for a in 0..n as u32 {
                    for b in 0..m as u32 {
                        states.push((a, b, true));
                        states.push((a, b, false));
                    }
                }
            }
            Some((a, b)) => {
                states.push((a, b, false));
                index.insert((a, b, false), 0);
            }
        }
        let local = |s: (u32, u32, bool),
                     index: &std::collections::HashMap<(u32, u32, bool), u32>|
         -> Option<u32> {
            match start {
                None => Some(((s.0 as usize * m + s.1 as usize) * 2 + usize::from(!s.2)) as u32),
                Some(_) => index.get(&s).copied(),
            }
        };
        let mut succ_off = vec![0u32];
        let mut succ: Vec<(u32, bool)> = Vec::new();
        let mut out = Vec::new();
        let mut next = 0;
        while next < states.len() {
            budget.tick(WHAT)?;
            let (a, b, left) = states[next];
            moves(a as usize, b as usize, left, &mut out);
            for &(t, p) in &out {
                let id = match local(t, &index) {
                    Some(id) => id,
                    None => {
                        budget.check_bytes(
                            WHAT,
                            (states.len() as u128 + 1) * STATE_BYTES
                                + (succ.len() as u128 + 1) * MOVE_BYTES,
                        )?;
                        let id = states.len() as u32;
                        states.push(t);
                        index.insert(t, id);
                        id
                    }
                };
                succ.push((id, p));
            }
            succ_off.push(succ.len() as u32);
            next += 1;
        }
        // Predecessors, by counting.
        let k = states.len();
        let mut pred_off = vec![0u32; k + 1];
        for &(t, _) in &succ {
            pred_off[t as usize + 1] += 1;
        }
        for i in 0..k {
            pred_off[i + 1] += pred_off[i];
        }
        let mut fill = pred_off.clone();
        let mut pred = vec![(0u32, false); succ.len()];
        for s in 0..k {
            for &(t, p) in &succ[succ_off[s] as usize..succ_off[s + 1] as usize] {
                pred[fill[t as usize] as usize] = (s as u32, p);
                fill[t as usize] += 1;
            }
        }
        Ok(Arena {
            left: states.iter().map(|s| s.2).collect(),
            succ_off,
            succ,
            pred_off,
            pred,
        })
    }

    fn moves(&self, s: usize) -> &[(u32, bool)] {
        &self.succ[self.succ_off[s] as usize..self.succ_off[s + 1] as usize]
    }

    fn preds(&self, s: usize) -> &[(u32, bool)] {
        &self.pred[self.pred_off[s] as usize..self.pred_off[s + 1] as usize]
    }

    /// The states where Left survives: Büchi by nested attractors.
    fn solve(&self, budget: &Budget) -> Result<Vec<bool>, LimitError> {
        let states = self.left.len();
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
                if self.left[s] {
                    if self.moves(s).iter().any(|&(t, p)| p && alive[t as usize]) {
                        in_a[s] = true;
                        queue.push(s);
                    }
                } else {
                    let c = self
                        .moves(s)
                        .iter()
                        .filter(|&&(t, p)| !p && alive[t as usize])
                        .count() as u32;
                    count[s] = c;
                    if c == 0 {
                        in_a[s] = true;
                        queue.push(s);
                    }
                }
            }
            while let Some(t) = queue.pop() {
                for &(s, p) in self.preds(t) {
                    let s = s as usize;
                    if p || !alive[s] || in_a[s] {
                        continue;
                    }
                    if self.left[s] {
                        in_a[s] = true;
                        queue.push(s);
                    } else {
                        count[s] -= 1;
                        if count[s] == 0 {
                            in_a[s] = true;
                            queue.push(s);
                        }
                    }
                }
            }
            // Right's attractor of the rest: Right wins there.
            queue.clear();
            queue.extend((0..states).filter(|&s| alive[s] && !in_a[s]));
            if queue.is_empty() {
                return Ok(alive);
            }
            for s in 0..states {
                if alive[s] && in_a[s] && self.left[s] {
                    count[s] = self
                        .moves(s)
                        .iter()
                        .filter(|&&(t, _)| alive[t as usize])
                        .count() as u32;
                }
            }
            for &s in &queue {
                alive[s] = false;
            }
            while let Some(t) = queue.pop() {
                budget.tick(WHAT)?;
                for &(s, _) in self.preds(t) {
                    let s = s as usize;
                    if !alive[s] {
                        continue;
                    }
                    if !self.left[s] {
                        alive[s] = false;
                        queue.push(s);
                    } else {
                        count[s] -= 1;
                        if count[s] == 0 {
                            alive[s] = false;
                            queue.push(s);
                        }
                    }
                }
            }
        }
    }
}
