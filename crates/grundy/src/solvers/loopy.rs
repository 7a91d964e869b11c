//! Loopy games: retrograde analysis of a finite game graph that may have
//! cycles (Winning Ways ch. 11).
//!
//! The full explanation is on [`analyse_loopy`], the public face of this module.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use crate::solvers::search::{Play, Remoteness};
use crate::vocab::budget::try_grow;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::rules::GameGraph;

const WHAT: &str = "retrograde analysis";

/// The value of a position of a loopy game for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LoopyOutcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Loss,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

impl LoopyOutcome {
    /// What the player to move does, as a verb: `wins`, `loses`, `draws`.
    pub fn verb(self) -> &'static str {
        match self {
            LoopyOutcome::Win => "wins",
            LoopyOutcome::Loss => "loses",
            LoopyOutcome::Draw => "draws",
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::Win => "win",
            LoopyOutcome::Loss => "loss",
            LoopyOutcome::Draw => "draw",
        })
    }
}

/// A position limit alone for a loopy analysis: the short way to call
/// [`analyse_loopy`]. Time, memory, cancel and progress come with a
/// [`Budget`] through [`analyse_loopy_within`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyConfig {
    /// Most positions the enumeration may store. Default 10 000 000.
    pub max_positions: usize,
}

impl Default for LoopyConfig {
    fn default() -> LoopyConfig {
        LoopyConfig {
            max_positions: 10_000_000,
        }
    }
}

impl LoopyConfig {
    /// A budget of the default [`Limits`](crate::vocab::limits::Limits) with this position limit, starting now.
    pub fn budget(&self) -> Budget {
        Budget::with_max_positions(self.max_positions)
    }
}

/// Why a loopy analysis could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// A limit of the budget was hit (positions, memory, time, cancel).
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// The analysed graph of every position reachable from a start position.
#[derive(Clone, Debug)]
pub struct LoopyAnalysis<P> {
    ids: HashMap<P, u32>,
    positions: Vec<P>,
    /// Options of position i: `edges[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<usize>,
    edges: Vec<u32>,
    outcomes: Vec<LoopyOutcome>,
    remoteness: Vec<u32>,
    /// Predecessors of position i: `preds[pred_offsets[i]..pred_offsets[i + 1]]`.
    pred_offsets: Vec<usize>,
    preds: Vec<u32>,
    /// Generalised Sprague–Grundy values, computed on first request.
    gsg: std::cell::OnceCell<Vec<Gsg>>,
}

/// A generalised Sprague–Grundy value (Smith 1966; Fraenkel & Yesha 1986):
/// a Nim heap, or ∞ with the set K of finite values among the options.
///
/// It extends Grundy values to games that may not end, and still adds up
/// under disjunctive sums: finite values XOR as usual, `∞(K) + b = ∞(K ⊕ b)`
/// for finite `b`, and the sum of two infinite values is `∞(∅)`. The player
/// to move loses iff the value is 0, and draws iff it is `∞(K)` with 0 ∉ K.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gsg {
    /// A finite value: the position behaves like a Nim heap of this size.
    Finite(u64),
    /// ∞(K): K is the sorted set of finite values among the options.
    Infinite(Vec<u64>),
}

impl Gsg {
    /// The outcome for the player to move under normal play.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            Gsg::Finite(0) => LoopyOutcome::Loss,
            Gsg::Finite(_) => LoopyOutcome::Win,
            Gsg::Infinite(k) if k.first() == Some(&0) => LoopyOutcome::Win,
            Gsg::Infinite(_) => LoopyOutcome::Draw,
        }
    }

    /// The value of a disjunctive sum of two positions with these values.
    pub fn sum(&self, other: &Gsg) -> Gsg {
        match (self, other) {
            (Gsg::Finite(a), Gsg::Finite(b)) => Gsg::Finite(a ^ b),
            (Gsg::Infinite(k), Gsg::Finite(b)) | (Gsg::Finite(b), Gsg::Infinite(k)) => {
                let mut k: Vec<u64> = k.iter().map(|x| x ^ b).collect();
                k.sort_unstable();
                Gsg::Infinite(k)
            }
            (Gsg::Infinite(_), Gsg::Infinite(_)) => Gsg::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for Gsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gsg::Finite(n) => write!(f, "{n}"),
            Gsg::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Enumerates the positions reachable from `start` in `graph` and labels
/// each as a win, loss or draw for the player to move under `play`.
///
/// When play can return to an earlier position, recursion over options is
/// undefined: a position's value may depend on itself. Retrograde analysis
/// works backwards from the ends instead:
///
/// 1. enumerate every position reachable from the start (breadth-first, no
///    recursion, bounded by the position limit);
/// 2. label the positions with no moves: a loss for the player to move under
///    normal play, a win under misère play;
/// 3. propagate: a position with an option that is a loss is a **win**; a
///    position all of whose options are wins is a **loss**;
/// 4. whatever is never labelled is a **draw**: neither player can force the
///    game to end in their favour, so with best play it goes on for ever.
///
/// Propagation visits positions in order of their distance from the end, so
/// it also yields the remoteness of every won or lost position (win as fast as
/// possible, lose as slowly as possible) with the same conventions as
/// [`crate::solvers::search::PlainSearch`]; on an acyclic graph the two agree exactly.
///
/// Partizan games fit too: put the player to move into the position.
///
/// For impartial games under normal play, [`LoopyAnalysis::gsg`] gives the
/// generalised Sprague–Grundy value of each position ([`Gsg`]: a Nim heap or
/// ∞(K)), which, unlike win/loss/draw, still adds up over disjunctive sums.
///
/// ```
/// use grundy::{solvers::loopy::analyse_loopy, vocab::rules::GameGraph, solvers::loopy::LoopyConfig, solvers::loopy::LoopyOutcome, solvers::search::Play};
///
/// /// Positions 0..4 on a ring with an exit: 0 -> 1 -> 2 -> 0, and 2 -> 3 (the end).
/// struct Ring;
/// impl GameGraph for Ring {
///     type Position = u8;
///     fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
///         match p {
///             0 => out.push(1),
///             1 => out.push(2),
///             2 => out.extend([0, 3]),
///             _ => {}
///         }
///     }
/// }
/// let a = analyse_loopy(&Ring, &0, Play::Normal, &LoopyConfig::default())?;
/// assert_eq!(a.outcome(&2), Some(LoopyOutcome::Win)); // move to the end
/// assert_eq!(a.outcome(&1), Some(LoopyOutcome::Loss));
/// assert_eq!(a.outcome(&0), Some(LoopyOutcome::Win));
/// assert_eq!(a.winning_moves(&0), vec![1]);
/// # Ok::<(), grundy::solvers::loopy::LoopyError>(())
/// ```
pub fn analyse_loopy<G: GameGraph>(
    graph: &G,
    start: &G::Position,
    play: Play,
    config: &LoopyConfig,
) -> Result<LoopyAnalysis<G::Position>, LoopyError> {
    analyse_loopy_within(graph, start, play, &config.budget())
}

/// Estimated bytes of an analysis of `positions` positions and `edges`
/// moves: per position a hash entry (about 8/7 of a bucket and a control
/// byte), a copy, and the per-position arrays of the propagation; per move
/// an edge and a predecessor.
fn footprint<P>(positions: usize, edges: usize) -> u128 {
    use std::mem::size_of;
    let entry = (size_of::<(P, u32)>() as u128 + 1) * 8 / 7;
    // offsets, pred_offsets, fill, unresolved, queue: usize; outcome,
    // labelled: a byte; remoteness: u32.
    let arrays = 5 * size_of::<usize>() as u128 + 2 + 4;
    let each = entry + size_of::<P>() as u128 + arrays;
    positions as u128 * each + edges as u128 * 8
}

/// [`analyse_loopy`] drawing on `budget`: each position enumerated is
/// charged, the tables are checked against the memory limit before they
/// grow, and the clock and the cancel flag are looked at as it goes.
pub fn analyse_loopy_within<G: GameGraph>(
    graph: &G,
    start: &G::Position,
    play: Play,
    budget: &Budget,
) -> Result<LoopyAnalysis<G::Position>, LoopyError> {
    budget.check_now(WHAT)?;
    // 1. Breadth-first enumeration; positions are numbered in discovery
    // order, so position i's options are generated when i is dequeued.
    let mut ids: HashMap<G::Position, u32> = HashMap::new();
    let mut positions: Vec<G::Position> = Vec::new();
    let mut offsets = vec![0usize];
    let mut edges: Vec<u32> = Vec::new();
    // What the positions hold on the heap (each is stored twice: in the
    // list and as a key), added as they come, checked with the tables.
    let mut heap: u128 = 0;
    let mut add = |q: G::Position,
                   ids: &mut HashMap<G::Position, u32>,
                   positions: &mut Vec<G::Position>,
                   edge_capacity: usize|
     -> Result<u32, LoopyError> {
        heap += 2 * graph.heap_bytes(&q) as u128;
        let cap = positions.capacity().max(positions.len() + 1);
        budget.check_bytes(WHAT, footprint::<G::Position>(cap, edge_capacity) + heap)?;
        let len = positions.len();
        if len >= u32::MAX as usize {
            return Err(LimitError::Positions {
                what: WHAT.into(),
                needed: len as u128 + 1,
                limit: u32::MAX as u64,
            }
            .into());
        }
        if len == positions.capacity() {
            let cap = budget.grown_capacity(len).min(u32::MAX as usize);
            let bytes = footprint::<G::Position>(cap, edge_capacity);
            budget.check_bytes(WHAT, bytes)?;
            try_grow(positions, cap, WHAT, budget)?;
            ids.try_reserve(cap - ids.len())
                .map_err(|_| LimitError::Allocation {
                    what: WHAT.into(),
                    requested: bytes,
                    limit: budget.limits().max_memory,
                })?;
        }
        budget.charge(WHAT, 1)?;
        let id = len as u32;
        ids.insert(q.clone(), id);
        positions.push(q);
        Ok(id)
    };
    add(start.clone(), &mut ids, &mut positions, 0)?;
    let mut buf = Vec::new();
    let mut next = 0usize;
    while next < positions.len() {
        budget.tick(WHAT)?;
        buf.clear();
        graph.moves(&positions[next], &mut buf);
        let needed = edges.len().saturating_add(buf.len());
        if needed > edges.capacity() {
            let cap = needed.max(edges.capacity().saturating_mul(2));
            budget.check_bytes(WHAT, footprint::<G::Position>(positions.capacity(), cap))?;
            try_grow(&mut edges, cap, WHAT, budget)?;
        }
        for q in buf.drain(..) {
            let id = match ids.get(&q) {
                Some(&id) => id,
                None => add(q, &mut ids, &mut positions, edges.capacity())?,
            };
            edges.push(id);
        }
        if offsets.len() == offsets.capacity() {
            try_grow(&mut offsets, positions.capacity() + 1, WHAT, budget)?;
        }
        offsets.push(edges.len());
        next += 1;
    }
    let n = positions.len();
    budget.check_bytes(WHAT, footprint::<G::Position>(n, edges.len()))?;

    // Predecessor lists in the same compact layout.
    let mut pred_offsets = vec![0usize; n + 1];
    for &e in &edges {
        pred_offsets[e as usize + 1] += 1;
    }
    for i in 0..n {
        pred_offsets[i + 1] += pred_offsets[i];
    }
    let mut fill = pred_offsets.clone();
    let mut preds = vec![0u32; edges.len()];
    for from in 0..n {
        for &to in &edges[offsets[from]..offsets[from + 1]] {
            preds[fill[to as usize]] = from as u32;
            fill[to as usize] += 1;
        }
    }

    // 2–3. Propagate from the ends in order of distance, so that the first
    // lost option found gives the fastest win, and the last won option to be
    // found gives the slowest loss.
    let mut outcomes = vec![LoopyOutcome::Draw; n];
    let mut remoteness = vec![0u32; n];
    let mut unresolved: Vec<usize> = (0..n).map(|i| offsets[i + 1] - offsets[i]).collect();
    let mut queue = VecDeque::new();
    let (end_outcome, end_remoteness) = match play {
        Play::Normal => (LoopyOutcome::Loss, 0),
        // As in plain search: the player to move at the end has won, and the
        // count includes one phantom move so that parity still tells P from N.
        Play::Misere => (LoopyOutcome::Win, 1),
    };
    for i in 0..n {
        if unresolved[i] == 0 {
            outcomes[i] = end_outcome;
            remoteness[i] = end_remoteness;
            queue.push_back(i);
        }
    }
    let mut labelled = vec![false; n];
    for &i in &queue {
        labelled[i] = true;
    }
    while let Some(q) = queue.pop_front() {
        budget.tick(WHAT)?;
        for &p in &preds[pred_offsets[q]..pred_offsets[q + 1]] {
            let p = p as usize;
            if labelled[p] {
                continue;
            }
            match outcomes[q] {
                LoopyOutcome::Loss => {
                    outcomes[p] = LoopyOutcome::Win;
                    remoteness[p] = remoteness[q] + 1;
                    labelled[p] = true;
                    queue.push_back(p);
                }
                LoopyOutcome::Win => {
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        outcomes[p] = LoopyOutcome::Loss;
                        remoteness[p] = remoteness[q] + 1;
                        labelled[p] = true;
                        queue.push_back(p);
                    }
                }
                LoopyOutcome::Draw => {}
            }
        }
    }
    Ok(LoopyAnalysis {
        ids,
        positions,
        offsets,
        edges,
        outcomes,
        remoteness,
        pred_offsets,
        preds,
        gsg: std::cell::OnceCell::new(),
    })
}

impl<P: Clone + Eq + std::hash::Hash> LoopyAnalysis<P> {
    /// How many positions are reachable from the start (the start included).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: the start position is always there.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The reachable positions, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The outcome of `position` for the player to move, or `None` if it is
    /// not reachable from the start.
    pub fn outcome(&self, position: &P) -> Option<LoopyOutcome> {
        self.ids.get(position).map(|&i| self.outcomes[i as usize])
    }

    /// For a won or lost position, how many moves the game lasts when the
    /// winner hurries and the loser delays (misère counts include one
    /// phantom move at the end, as in [`crate::solvers::search::PlainSearch`]). `None` for a
    /// draw or an unreachable position.
    pub fn remoteness(&self, position: &P) -> Option<Remoteness> {
        let &i = self.ids.get(position)?;
        match self.outcomes[i as usize] {
            LoopyOutcome::Draw => None,
            _ => Some(Remoteness(self.remoteness[i as usize])),
        }
    }

    fn options(&self, position: &P) -> &[u32] {
        match self.ids.get(position) {
            Some(&i) => &self.edges[self.offsets[i as usize]..self.offsets[i as usize + 1]],
            None => &[],
        }
    }

    /// The options of `position` that are losses for the opponent.
    pub fn winning_moves(&self, position: &P) -> Vec<P> {
        self.options_with(position, LoopyOutcome::Loss)
    }

    /// The options of `position` that are draws: the moves that save a
    /// position which cannot be won.
    pub fn drawing_moves(&self, position: &P) -> Vec<P> {
        self.options_with(position, LoopyOutcome::Draw)
    }

    /// The generalised Sprague–Grundy value of `position` (normal play), or
    /// `None` if it is not reachable from the start. The first call computes
    /// the values of all reachable positions.
    ///
    /// The computation takes up to one sweep of the graph per value, with no
    /// limit; [`LoopyAnalysis::gsg_within`] bounds it by a budget.
    pub fn gsg(&self, position: &P) -> Option<Gsg> {
        let &i = self.ids.get(position)?;
        let all = self.gsg.get_or_init(|| {
            self.compute_gsg(&Budget::unlimited())
                .expect("an unlimited budget is never exhausted")
        });
        Some(all[i as usize].clone())
    }

    /// [`LoopyAnalysis::gsg`] drawing on `budget`: the working arrays are
    /// checked against the memory limit before they are taken, and the clock
    /// and the cancel flag are looked at as positions are labelled. A
    /// computation stopped by the budget is not kept; a finished one is.
    pub fn gsg_within(&self, position: &P, budget: &Budget) -> Result<Option<Gsg>, LoopyError> {
        let Some(&i) = self.ids.get(position) else {
            return Ok(None);
        };
        if self.gsg.get().is_none() {
            let all = self.compute_gsg(budget)?;
            let _ = self.gsg.set(all);
        }
        Ok(self.gsg.get().map(|all| all[i as usize].clone()))
    }

    /// Fraenkel and Yesha's labelling, level by level. At level `l`, an
    /// unlabelled position gets `l` when no option is labelled `l` (so `l`
    /// is excluded) and every option that is unlabelled or ∞ can move to a
    /// position labelled `l` (so a move there can be answered by returning
    /// to value `l`, as with a reversible move). When no more positions
    /// qualify, unlabelled positions with no option labelled `l` can never
    /// reach a larger value (they lack `l` among their options), so they get
    /// ∞. Every still-unlabelled position has options labelled 0..l, so the
    /// mex condition holds by construction.
    fn compute_gsg(&self, budget: &Budget) -> Result<Vec<Gsg>, LimitError> {
        const GSG: &str = "generalised Sprague-Grundy values";
        let n = self.positions.len();
        // label, has_level, bad, queue, and the values themselves.
        let each = 8 + 1 + 2 * std::mem::size_of::<usize>() + std::mem::size_of::<Gsg>();
        budget.check_alloc(GSG, n as u128, each as u64)?;
        budget.check_now(GSG)?;
        const UNLABELLED: u64 = u64::MAX;
        const INFINITE: u64 = u64::MAX - 1;
        let mut label = vec![UNLABELLED; n];
        let options = |u: usize| &self.edges[self.offsets[u]..self.offsets[u + 1]];
        let preds = |u: usize| &self.preds[self.pred_offsets[u]..self.pred_offsets[u + 1]];
        let mut remaining = n;
        let mut level = 0u64;
        // has_level[u]: u has an option labelled `level`.
        let mut has_level = vec![false; n];
        // bad[u]: options of u that are unlabelled or ∞ and cannot (yet) move
        // to a position labelled `level`, counted per edge.
        let mut bad = vec![0usize; n];
        let mut queue = Vec::new();
        while remaining > 0 {
            has_level.iter_mut().for_each(|h| *h = false);
            let is_open = |l: u64| l == UNLABELLED || l == INFINITE;
            for (u, b) in bad.iter_mut().enumerate() {
                *b = options(u)
                    .iter()
                    .filter(|&&v| is_open(label[v as usize]))
                    .count();
            }
            queue.clear();
            queue.extend((0..n).filter(|&u| label[u] == UNLABELLED && bad[u] == 0));
            while let Some(u) = queue.pop() {
                budget.tick(GSG)?;
                if label[u] != UNLABELLED || has_level[u] || bad[u] != 0 {
                    continue;
                }
                label[u] = level;
                remaining -= 1;
                for &p in preds(u) {
                    let p = p as usize;
                    // u was an open option of p that could not reach `level`.
                    bad[p] -= 1;
                    if !has_level[p] {
                        has_level[p] = true;
                        if is_open(label[p]) {
                            // p is now an open option that can reach `level`.
                            for &q in preds(p) {
                                let q = q as usize;
                                bad[q] -= 1;
                                if bad[q] == 0 && label[q] == UNLABELLED && !has_level[q] {
                                    queue.push(q);
                                }
                            }
                        }
                    }
                    if bad[p] == 0 && label[p] == UNLABELLED && !has_level[p] {
                        queue.push(p);
                    }
                }
            }
            for u in 0..n {
                if label[u] == UNLABELLED && !has_level[u] {
                    label[u] = INFINITE;
                    remaining -= 1;
                }
            }
            level += 1;
            budget.check_now(GSG)?;
        }
        Ok((0..n)
            .map(|u| {
                if label[u] == INFINITE {
                    let mut k: Vec<u64> = options(u)
                        .iter()
                        .map(|&v| label[v as usize])
                        .filter(|&l| l != INFINITE)
                        .collect();
                    k.sort_unstable();
                    k.dedup();
                    Gsg::Infinite(k)
                } else {
                    Gsg::Finite(label[u])
                }
            })
            .collect())
    }

    /// Every option of `position` with its outcome for the player to move
    /// there (the opponent).
    pub fn option_outcomes(&self, position: &P) -> Vec<(P, LoopyOutcome)> {
        self.options(position)
            .iter()
            .map(|&o| {
                (
                    self.positions[o as usize].clone(),
                    self.outcomes[o as usize],
                )
            })
            .collect()
    }

    fn options_with(&self, position: &P, outcome: LoopyOutcome) -> Vec<P> {
        self.options(position)
            .iter()
            .filter(|&&o| self.outcomes[o as usize] == outcome)
            .map(|&o| self.positions[o as usize].clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, SearchConfig};
    use crate::vocab::limits::Limits;
    use crate::vocab::outcome::Outcome;
    use proptest::prelude::*;

    /// An explicit graph on nodes 0..n given by adjacency lists.
    #[derive(Debug, Clone)]
    struct Explicit(Vec<Vec<u32>>);
    impl GameGraph for Explicit {
        type Position = u32;
        fn moves(&self, &p: &u32, out: &mut Vec<u32>) {
            out.extend_from_slice(&self.0[p as usize]);
        }
    }

    /// The definition as a fixed point, by repeated sweeps: the reference.
    fn fixed_point(g: &Explicit, play: Play) -> Vec<LoopyOutcome> {
        let n = g.0.len();
        let mut label = vec![LoopyOutcome::Draw; n];
        loop {
            let mut changed = false;
            for i in 0..n {
                if label[i] != LoopyOutcome::Draw {
                    continue;
                }
                let opts = &g.0[i];
                let new = if opts.is_empty() {
                    if play == Play::Normal {
                        LoopyOutcome::Loss
                    } else {
                        LoopyOutcome::Win
                    }
                } else if opts
                    .iter()
                    .any(|&o| label[o as usize] == LoopyOutcome::Loss)
                {
                    LoopyOutcome::Win
                } else if opts.iter().all(|&o| label[o as usize] == LoopyOutcome::Win) {
                    LoopyOutcome::Loss
                } else {
                    continue;
                };
                label[i] = new;
                changed = true;
            }
            if !changed {
                return label;
            }
        }
    }

    fn graph(max_nodes: usize, acyclic: bool) -> impl Strategy<Value = Explicit> {
        (1..max_nodes).prop_flat_map(move |n| {
            proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..4), n).prop_map(
                move |mut adj| {
                    if acyclic {
                        // Keep only edges to smaller nodes.
                        for (i, opts) in adj.iter_mut().enumerate() {
                            opts.retain(|&o| (o as usize) < i);
                        }
                    }
                    // One node reaches everything, so one analysis covers all:
                    // node 0 in a cyclic graph, a new last node in an acyclic one.
                    if acyclic {
                        adj.push((0..n as u32).collect());
                    } else {
                        adj[0].extend(1..n as u32);
                    }
                    Explicit(adj)
                },
            )
        })
    }

    fn root(g: &Explicit, acyclic: bool) -> u32 {
        if acyclic {
            g.0.len() as u32 - 1
        } else {
            0
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_fixed_point_definition(g in graph(12, false)) {
            for play in [Play::Normal, Play::Misere] {
                let a = analyse_loopy(&g, &0, play, &LoopyConfig::default()).unwrap();
                let expect = fixed_point(&g, play);
                for i in 0..g.0.len() as u32 {
                    prop_assert_eq!(a.outcome(&i), Some(expect[i as usize]));
                    let wins = a.winning_moves(&i);
                    prop_assert_eq!(!wins.is_empty(), expect[i as usize] == LoopyOutcome::Win && !g.0[i as usize].is_empty());
                }
            }
        }

        #[test]
        fn agrees_with_plain_search_on_acyclic_graphs(g in graph(14, true)) {
            let r = root(&g, true);
            let mut search = PlainSearch::new(g.clone(), SearchConfig::default());
            for play in [Play::Normal, Play::Misere] {
                let a = analyse_loopy(&g, &r, play, &LoopyConfig::default()).unwrap();
                for i in 0..g.0.len() as u32 {
                    let expected = match search.outcome(&i, play).unwrap() {
                        Outcome::P => LoopyOutcome::Loss,
                        _ => LoopyOutcome::Win,
                    };
                    prop_assert_eq!(a.outcome(&i), Some(expected));
                    prop_assert_eq!(a.remoteness(&i), Some(search.remoteness(&i, play).unwrap()));
                }
            }
        }
    }

    /// The sum of two explicit graphs, for the sum rule of GSG values.
    struct Pair(Explicit, Explicit);
    impl GameGraph for Pair {
        type Position = (u32, u32);
        fn moves(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
            out.extend(self.0 .0[a as usize].iter().map(|&x| (x, b)));
            out.extend(self.1 .0[b as usize].iter().map(|&y| (a, y)));
        }
    }

    fn finite(g: &Gsg) -> Option<u64> {
        match g {
            Gsg::Finite(x) => Some(*x),
            Gsg::Infinite(_) => None,
        }
    }

    proptest! {
        #[test]
        fn gsg_satisfies_the_definition_and_predicts_outcomes(g in graph(12, false)) {
            let a = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
            for u in 0..g.0.len() as u32 {
                let gu = a.gsg(&u).unwrap();
                prop_assert_eq!(gu.outcome(), a.outcome(&u).unwrap(), "{}: {}", u, gu);
                let opts: Vec<Gsg> = g.0[u as usize].iter().map(|v| a.gsg(v).unwrap()).collect();
                match &gu {
                    Gsg::Finite(m) => {
                        // A: no option has value m; B: all smaller values occur.
                        prop_assert!(opts.iter().all(|o| finite(o) != Some(*m)));
                        for j in 0..*m {
                            prop_assert!(opts.iter().any(|o| finite(o) == Some(j)));
                        }
                        // C: every infinite option can move back to value m.
                        for &v in &g.0[u as usize] {
                            if finite(&a.gsg(&v).unwrap()).is_none() {
                                prop_assert!(g.0[v as usize]
                                    .iter()
                                    .any(|w| finite(&a.gsg(w).unwrap()) == Some(*m)));
                            }
                        }
                    }
                    Gsg::Infinite(k) => {
                        let mut expect: Vec<u64> = opts.iter().filter_map(finite).collect();
                        expect.sort_unstable();
                        expect.dedup();
                        prop_assert_eq!(k, &expect);
                    }
                }
            }
        }

        #[test]
        fn gsg_is_the_grundy_value_on_acyclic_graphs(g in graph(14, true)) {
            let r = root(&g, true);
            let a = analyse_loopy(&g, &r, Play::Normal, &LoopyConfig::default()).unwrap();
            let mut search = PlainSearch::new(g.clone(), SearchConfig::default());
            for u in 0..g.0.len() as u32 {
                prop_assert_eq!(a.gsg(&u), Some(Gsg::Finite(search.nimber(&u).unwrap().0)));
            }
        }

        /// The sum theorem (Smith; Fraenkel): the GSG value of a sum is the
        /// generalised nim-sum of the components' values.
        #[test]
        fn gsg_of_a_sum_is_the_sum_of_gsgs(g in graph(6, false), h in graph(6, false)) {
            let ag = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
            let ah = analyse_loopy(&h, &0, Play::Normal, &LoopyConfig::default()).unwrap();
            let pair = Pair(g.clone(), h.clone());
            let a = analyse_loopy(&pair, &(0, 0), Play::Normal, &LoopyConfig::default()).unwrap();
            for x in 0..g.0.len() as u32 {
                for y in 0..h.0.len() as u32 {
                    let expect = ag.gsg(&x).unwrap().sum(&ah.gsg(&y).unwrap());
                    prop_assert_eq!(a.gsg(&(x, y)), Some(expect), "({}, {})", x, y);
                }
            }
        }
    }

    #[test]
    fn gsg_of_small_cycles() {
        // 0 <-> 1 and nothing else: both ∞(∅), drawn.
        let g = Explicit(vec![vec![1], vec![0]]);
        let a = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
        assert_eq!(a.gsg(&0), Some(Gsg::Infinite(vec![])));
        assert_eq!(a.gsg(&0).unwrap().to_string(), "∞()");
        // 0 -> 1 -> 0 and 1 -> 2 (the end): 2 has value 0, so 1 has value 1,
        // and 0, whose only option is 1, has value 0 despite the cycle.
        let g = Explicit(vec![vec![1], vec![0, 2], vec![]]);
        let a = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
        assert_eq!(a.gsg(&2), Some(Gsg::Finite(0)));
        assert_eq!(a.gsg(&1), Some(Gsg::Finite(1)));
        assert_eq!(a.gsg(&0), Some(Gsg::Finite(0)));
    }

    #[test]
    fn gsg_within_a_budget() {
        let g = Explicit(vec![vec![1], vec![0, 2], vec![]]);
        let a = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
        let cancelled = Budget::default();
        cancelled.cancel();
        assert!(matches!(
            a.gsg_within(&0, &cancelled),
            Err(LoopyError::Limit(LimitError::Cancelled { .. }))
        ));
        let tiny = Budget::new(Limits {
            max_memory: 10,
            ..Limits::default()
        });
        let e = a.gsg_within(&0, &tiny).unwrap_err();
        assert!(e.to_string().contains("--max-memory"), "{e}");
        // A stopped computation is not kept; a finished one is.
        assert_eq!(
            a.gsg_within(&1, &Budget::default()),
            Ok(Some(Gsg::Finite(1)))
        );
        assert_eq!(a.gsg_within(&7, &cancelled), Ok(None));
        assert_eq!(a.gsg(&0), Some(Gsg::Finite(0)));
    }

    #[test]
    fn pure_cycle_is_a_draw_and_limit_is_reported() {
        let g = Explicit(vec![vec![1], vec![0]]);
        let a = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig::default()).unwrap();
        assert_eq!(a.outcome(&0), Some(LoopyOutcome::Draw));
        assert_eq!(a.remoteness(&0), None);
        assert_eq!(a.drawing_moves(&0), vec![1]);
        let e = analyse_loopy(&g, &0, Play::Normal, &LoopyConfig { max_positions: 1 });
        assert!(matches!(
            e.unwrap_err(),
            LoopyError::Limit(LimitError::Positions { limit: 1, .. })
        ));
    }
}
