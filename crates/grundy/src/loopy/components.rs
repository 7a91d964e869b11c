//! Valuing a large loopy graph one strongly connected component at a
//! time.
//!
//! A position's sides depend on its options only through their values in
//! that side: the onside `G⁺` is the same game when every option is
//! replaced by a game with the same onside (Siegel, *CGT*, VI.5: sides
//! are determined by the sidling of the options, and the survival game
//! that compares onsides sees an option only through its own survival
//! game). So the graph is cut into its strongly connected components
//! (Tarjan's algorithm, iterative), and the components are valued in
//! reverse topological order, sinks first. A component's *region* is its
//! own positions plus, for each move leaving it, the simplified side of
//! the position moved to, already computed; the region is simplified as
//! a whole graph is ([`super::simplify`]), keeping every position of the
//! component, and each position's side is read off it.
//!
//! What the region holds is what makes this cheap: the simplified sides
//! of the positions below (each distinct one once, shared in a pool),
//! never the positions themselves. A chain of thousands of components
//! whose values stay small costs a small table per component; a region
//! that held every position below would cost a table over everything
//! below per component, the whole graph's square again and again.

use std::collections::HashMap;

use super::graph::LoopyGame;
use super::simplify::{canonical_stopper, side_form_from};
use super::survive::Side;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

const WHAT: &str = "loopy strongly connected components";

/// The strongly connected components of `g` (Left's and Right's edges
/// alike), in reverse topological order: every edge leaving a component
/// goes to one listed before it. Tarjan's algorithm with an explicit
/// stack, so a long path cannot overflow the call stack.
pub(crate) fn strong_components(
    g: &LoopyGame,
    budget: &Budget,
) -> Result<Vec<Vec<u32>>, LimitError> {
    let n = g.len();
    // index, lowlink, the component stack, its marks and the call stack.
    budget.check_alloc(WHAT, n as u128, 4 + 4 + 4 + 1 + 8)?;
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, u32)> = Vec::new();
    let mut components = Vec::new();
    let mut next = 0u32;
    let edge = |v: usize, i: usize| -> Option<u32> {
        let nl = g.left[v].len();
        if i < nl {
            Some(g.left[v][i])
        } else {
            g.right[v].get(i - nl).copied()
        }
    };
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        calls.push((root as u32, 0));
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            budget.tick(WHAT)?;
            let v = v as usize;
            match edge(v, *i as usize) {
                Some(t) => {
                    *i += 1;
                    let t = t as usize;
                    if index[t] == NONE {
                        index[t] = next;
                        low[t] = next;
                        next += 1;
                        stack.push(t as u32);
                        on_stack[t] = true;
                        calls.push((t as u32, 0));
                    } else if on_stack[t] {
                        low[v] = low[v].min(index[t]);
                    }
                }
                None => {
                    calls.pop();
                    if let Some(&(parent, _)) = calls.last() {
                        let p = parent as usize;
                        low[p] = low[p].min(low[v]);
                    }
                    if low[v] == index[v] {
                        let mut component = Vec::new();
                        loop {
                            let w = stack.pop().expect("v is on the stack");
                            on_stack[w as usize] = false;
                            component.push(w);
                            if w as usize == v {
                                break;
                            }
                        }
                        component.sort_unstable();
                        components.push(component);
                    }
                }
            }
        }
    }
    Ok(components)
}

/// Distinct simplified sides, each stored once: a pool id names one.
#[derive(Default)]
struct Pool {
    games: Vec<LoopyGame>,
    ids: HashMap<LoopyGame, u32>,
    /// Vertices of all the games stored.
    vertices: u128,
}

impl Pool {
    /// The id of `g`, stored if new (checked against the budget: each
    /// game is kept twice, in the list and as the key of its id).
    fn intern(&mut self, g: LoopyGame, budget: &Budget) -> Result<u32, LimitError> {
        if let Some(&id) = self.ids.get(&g) {
            return Ok(id);
        }
        budget.check_alloc(
            "loopy simplified sides",
            self.vertices + g.len() as u128,
            2 * REGION_VERTEX_BYTES,
        )?;
        self.vertices += g.len() as u128;
        let id = self.games.len() as u32;
        self.ids.insert(g.clone(), id);
        self.games.push(g);
        Ok(id)
    }
}

/// One position's sides: pool ids, and whether each is a canonical
/// stopper.
#[derive(Clone, Copy)]
struct Sides {
    on: u32,
    on_ok: bool,
    off: u32,
    off_ok: bool,
}

/// The sides of `g`'s start, valued one strongly connected component at
/// a time: the onside, whether it is a canonical stopper, the offside,
/// whether it is one. The same as [`super::simplify::side_form`] of the
/// whole graph in each side.
pub(crate) fn sides_by_components(
    g: &LoopyGame,
    budget: &Budget,
) -> Result<(LoopyGame, bool, LoopyGame, bool), LimitError> {
    let g = g.packed();
    let n = g.len();
    let components = strong_components(&g, budget)?;
    // Each position's component, and its sides once valued.
    budget.check_alloc(
        WHAT,
        n as u128,
        4 + std::mem::size_of::<Option<Sides>>() as u64,
    )?;
    let mut component_of = vec![0u32; n];
    for (c, members) in components.iter().enumerate() {
        for &v in members {
            component_of[v as usize] = c as u32;
        }
    }
    let mut sides: Vec<Option<Sides>> = vec![None; n];
    let mut pool = Pool::default();
    // Local numbers of the component's positions (reset after each).
    let mut local = vec![u32::MAX; n];
    for (c, members) in components.iter().enumerate() {
        budget.check_now(WHAT)?;
        for (i, &v) in members.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let at = Place {
            g: &g,
            members,
            local: &local,
            component_of: &component_of,
            c: c as u32,
            sides: &sides,
        };
        let on_region = at.region(&pool, true, budget)?;
        let off_region = at.region(&pool, false, budget)?;
        let roots: Vec<u32> = (0..members.len() as u32).collect();
        // Both sides of a stopper are its canonical form: one computation.
        let stopper = on_region == off_region && on_region.is_stopper();
        let on = component_side(&on_region, Side::On, &roots, &mut pool, budget)?;
        let off = if stopper {
            on.clone()
        } else {
            component_side(&off_region, Side::Off, &roots, &mut pool, budget)?
        };
        for (i, &v) in members.iter().enumerate() {
            sides[v as usize] = Some(Sides {
                on: on[i].0,
                on_ok: on[i].1,
                off: off[i].0,
                off_ok: off[i].1,
            });
            local[v as usize] = u32::MAX;
        }
    }
    let s = sides[g.start as usize].expect("every component is valued");
    Ok((
        pool.games[s.on as usize].clone(),
        s.on_ok,
        pool.games[s.off as usize].clone(),
        s.off_ok,
    ))
}

/// One side of each of `roots` (a component's positions in its region):
/// its pool id and whether it is a canonical stopper.
fn component_side(
    region: &LoopyGame,
    side: Side,
    roots: &[u32],
    pool: &mut Pool,
    budget: &Budget,
) -> Result<Vec<(u32, bool)>, LimitError> {
    let mut at = roots.to_vec();
    let (form, all_stoppers) = side_form_from(region, side, &mut at, budget)?;
    at.iter()
        .map(|&r| {
            let g = form.packed_from(&[r]).0;
            if all_stoppers {
                return Ok((pool.intern(g, budget)?, true));
            }
            // Simplifying may have cut a position off from the rest of
            // its component, and from the alternating cycles left there:
            // its side is then a stopper, given its canonical form as the
            // whole graph's side would be.
            if g.is_stopper() {
                Ok((pool.intern(canonical_stopper(&g, budget)?, budget)?, true))
            } else {
                Ok((pool.intern(g, budget)?, false))
            }
        })
        .collect()
}

/// A component in its graph: its positions, their local numbers, and
/// the sides already found below it.
struct Place<'a> {
    g: &'a LoopyGame,
    members: &'a [u32],
    local: &'a [u32],
    component_of: &'a [u32],
    c: u32,
    sides: &'a [Option<Sides>],
}

/// Roughly what a vertex of a region costs: two edge lists.
const REGION_VERTEX_BYTES: u64 = 64;

impl Place<'_> {
    /// The region of the component in one side: its positions first (local
    /// numbers `0..members.len()`), then each distinct side of a position its
    /// moves leave to, as simplified (the onside when `onside`, else the
    /// offside). Its size is checked against the budget as it grows.
    fn region(&self, pool: &Pool, onside: bool, budget: &Budget) -> Result<LoopyGame, LimitError> {
        let Place {
            g,
            members,
            local,
            component_of,
            c,
            sides,
        } = *self;
        let k = members.len();
        budget.check_alloc(WHAT, k as u128, REGION_VERTEX_BYTES)?;
        let mut left: Vec<Vec<u32>> = vec![Vec::new(); k];
        let mut right: Vec<Vec<u32>> = vec![Vec::new(); k];
        // Where each pool game placed in the region starts.
        let mut placed: HashMap<u32, u32> = HashMap::new();
        for (i, &v) in members.iter().enumerate() {
            for is_left in [true, false] {
                let edges = if is_left {
                    &g.left[v as usize]
                } else {
                    &g.right[v as usize]
                };
                let mut out = Vec::with_capacity(edges.len());
                for &t in edges {
                    if component_of[t as usize] == c {
                        out.push(local[t as usize]);
                        continue;
                    }
                    let s = sides[t as usize].expect("components below are valued first");
                    let id = if onside { s.on } else { s.off };
                    let at = match placed.get(&id) {
                        Some(&at) => at,
                        None => {
                            let h = &pool.games[id as usize];
                            budget.check_alloc(
                                WHAT,
                                (left.len() + h.len()) as u128,
                                REGION_VERTEX_BYTES,
                            )?;
                            let offset = left.len() as u32;
                            for (hl, hr) in h.left.iter().zip(&h.right) {
                                left.push(hl.iter().map(|&x| x + offset).collect());
                                right.push(hr.iter().map(|&x| x + offset).collect());
                            }
                            let at = offset + h.start;
                            placed.insert(id, at);
                            at
                        }
                    };
                    out.push(at);
                }
                out.sort_unstable();
                out.dedup();
                if is_left {
                    left[i] = out;
                } else {
                    right[i] = out;
                }
            }
        }
        Ok(LoopyGame {
            left,
            right,
            start: 0,
        })
    }
}
