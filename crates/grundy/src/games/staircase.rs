//! Staircase Nim and its tree form, "Move the Coins" (seed 003).
//!
//! The full explanation is on [`StaircaseNim`], the public face of this module.
//!
//! Staircase Nim (`staircase(c0, c1, c2, …)`, seed 003): coins on steps 0,
//! 1, 2, …; a move takes any positive number of coins from one step down to
//! the next. Its value is the Nim value of the odd steps ([`crate::games::staircase::StaircaseNim`]).

use crate::component::spec::{Call, GameKind, GameSpec};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::solvers::bouton::{misere_nim_outcome, misere_nim_winning_moves, nim_value};
use crate::solvers::search::Play;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;
use crate::vocab::rules::GameGraph;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Staircase Nim as a game graph: a position is the number of coins on each
/// step, step 0 first.
///
/// **Staircase Nim.** Coins lie on steps 0, 1, …, n−1. A move takes one or
/// more coins from a step i > 0 down to step i − 1; whoever cannot move
/// loses. Coins on even steps do not matter: if the opponent moves coins from
/// an even step to an odd one, move the same coins on down to the next even
/// step and the odd steps are as before (the move is *reversible*). Moving
/// coins off an odd step throws them away as far as the odd steps can tell.
/// So the game is Nim played on the odd steps, and its Grundy value is the
/// XOR of the odd steps' coin counts ([`staircase_value`], property-tested
/// against plain search of [`StaircaseNim`]).
///
/// **Move the Coins** (HackerRank, April World Codesprint 2016; Shafaet's
/// write-up in seed 003): the steps become the nodes of a rooted tree and a
/// move takes coins from a node to its parent. Depth plays the part of the
/// step index, so the value is the XOR of the coins at odd depth. A query
/// cuts the subtree of `u` from its parent and hangs it under `v`; the
/// subtree's depths all shift by `depth(v) + 1 − depth(u)`, so if that shift
/// is odd its odd and even depths swap places. With an Euler tour and prefix
/// XORs of the coins at each depth parity, [`CoinTree`] answers each query in
/// O(1) after O(n) preparation. A query whose `v` lies inside `u`'s subtree
/// would make a cycle, not a tree, and is reported as invalid.
///
/// ```
/// use grundy::{games::staircase::staircase_value, games::staircase::CoinTree, Nimber, Outcome};
///
/// // Steps 0..4 hold 5, 3, 9, 6 coins: the odd steps give 3 ^ 6 = 5.
/// assert_eq!(staircase_value(&[5, 3, 9, 6]), Nimber(5));
///
/// // Root 0 with children 1 and 2; node 3 under 2. Coins 0, 1, 1, 1.
/// let tree = CoinTree::new(vec![0, 1, 1, 1], &[(0, 1), (0, 2), (2, 3)])?;
/// assert_eq!(tree.outcome(), Outcome::P); // depth-1 coins: 1 ^ 1
/// // Hanging 3 under 1 keeps its depth parity: still P.
/// assert_eq!(tree.query(3, 1)?, Outcome::P);
/// // Hanging 3 under the root moves its coin to depth 1: 1 ^ 1 ^ 1.
/// assert_eq!(tree.query(3, 0)?, Outcome::N);
/// // Hanging 2 under its own child would make a cycle.
/// assert!(tree.query(2, 3).is_err());
/// # Ok::<(), grundy::games::staircase::StaircaseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StaircaseNim;

impl GameGraph for StaircaseNim {
    type Position = Vec<u64>;

    /// The moves of a position that [`staircase_total`] accepts. A position
    /// with more than `u64::MAX` coins in all is no position of this graph:
    /// the moves that would pile more than `u64::MAX` coins on one step are
    /// left out rather than wrapped around.
    fn moves(&self, steps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 1..steps.len() {
            let room = u64::MAX - steps[i - 1];
            for k in 1..=steps[i].min(room) {
                let mut next = steps.clone();
                next[i] -= k;
                next[i - 1] += k;
                out.push(next);
            }
        }
    }
}

/// The Grundy value of a Staircase Nim position: the XOR of the coins on
/// the odd steps. (XOR cannot overflow; positions whose coins would overflow
/// when moved are refused by [`staircase_total`].)
pub fn staircase_value(steps: &[u64]) -> Nimber {
    steps.iter().skip(1).step_by(2).map(|&c| Nimber(c)).sum()
}

/// The number of coins on the staircase, or an error when it passes
/// `u64::MAX`. Coins only move from step to step, so a position that passes
/// this check never overflows a step however it is played; one that fails
/// could (all its coins on one step). Check a position with this before
/// playing it.
///
/// ```
/// use grundy::{games::staircase::staircase_total, games::staircase::StaircaseError};
/// assert_eq!(staircase_total(&[1, 2, 3]), Ok(6));
/// assert_eq!(
///     staircase_total(&[1, u64::MAX]),
///     Err(StaircaseError::TooManyCoins { total: 1 << 64 })
/// );
/// ```
pub fn staircase_total(steps: &[u64]) -> Result<u64, StaircaseError> {
    let total: u128 = steps.iter().map(|&c| c as u128).sum();
    u64::try_from(total).map_err(|_| StaircaseError::TooManyCoins { total })
}

/// The options of a Staircase Nim position whose value is `target`, in order
/// of the step the coins leave: what a winning move in a sum needs (the
/// target that makes the nim-sum 0). At most one per step: moving k coins
/// from step i changes exactly one odd step (i itself if odd, i − 1 if even),
/// so k is the one amount that turns that step's count into
/// `count ^ value ^ target`. Refuses a position with more than `u64::MAX`
/// coins (see [`staircase_total`]); every sum below is checked.
pub fn staircase_options_with_value(
    steps: &[u64],
    target: Nimber,
) -> Result<Vec<Vec<u64>>, StaircaseError> {
    let total = staircase_total(steps)?;
    let overflow = || StaircaseError::TooManyCoins {
        total: total as u128,
    };
    let value = staircase_value(steps).0;
    let want = |old: u64| old ^ value ^ target.0;
    let mut options = Vec::new();
    for i in 1..steps.len() {
        let k = if i % 2 == 1 {
            // Coins leave the odd step i: it must shrink to want(steps[i]).
            steps[i].checked_sub(want(steps[i]))
        } else {
            // Coins arrive on the odd step i − 1: it must grow to want(steps[i − 1]).
            want(steps[i - 1])
                .checked_sub(steps[i - 1])
                .filter(|&k| k <= steps[i])
        };
        if let Some(k) = k.filter(|&k| k > 0) {
            let mut next = steps.to_vec();
            next[i] -= k; // k <= steps[i] in both branches
            next[i - 1] = next[i - 1].checked_add(k).ok_or_else(overflow)?;
            options.push(next);
        }
    }
    Ok(options)
}

/// The coins of the odd steps (1, 3, 5, …): the Nim heaps Staircase Nim is.
fn odd_steps(steps: &[u64]) -> Vec<u64> {
    steps.iter().skip(1).step_by(2).copied().collect()
}

/// Misère Staircase Nim (the player who moves last loses): the player to
/// move loses exactly when the odd steps, as Nim heaps, are a P-position of
/// misère Nim (Bouton's misère rule, [`misere_nim_outcome`]).
///
/// Proof, by induction on Σ i·cᵢ (which every move lowers). Write f for the
/// misère-Nim outcome of the odd steps.
/// - f = P: a move off an odd step is a Nim move on the odd heaps, so it
///   leaves f = N, a loss for the mover by induction; a move of c coins
///   off an even step 2k onto step 2k − 1 is answered by moving the same c
///   coins on to step 2k − 2, which restores the odd heaps (f = P again, a
///   win for the one who restored them, by induction). The position has a
///   move, since f = P needs a coin on an odd step.
/// - f = N with a coin on an odd step: misère Nim's winning move, made by
///   moving coins off that odd step, leaves f = P.
/// - f = N with every odd step empty: either no coin can move (the mover
///   has no move and wins, in misère play), or some even step 2k ≥ 2 holds
///   a coin, and moving one coin onto step 2k − 1 leaves one odd heap of 1,
///   f = P.
///
/// Checked against plain search of every staircase of up to five steps of
/// up to three coins (outcome and every winning move).
///
/// ```
/// use grundy::games::staircase::misere_staircase_outcome;
/// use grundy::Outcome;
/// // One coin on step 1: the mover must bring it down, and moves last.
/// assert_eq!(misere_staircase_outcome(&[0, 1]), Outcome::P);
/// // Twelve steps of two coins: odd steps 2,2,2,2,2,2 (nim-sum 0, big heaps).
/// assert_eq!(misere_staircase_outcome(&[2; 12]), Outcome::P);
/// ```
pub fn misere_staircase_outcome(steps: &[u64]) -> Outcome {
    misere_nim_outcome(&odd_steps(steps))
}

/// Every winning move of a lone misère Staircase Nim position (see
/// [`misere_staircase_outcome`]): each move that leaves the odd steps a
/// misère-Nim P-position. Off an odd step that is one of misère Nim's
/// winning moves; off an even step 2k, c coins land on the odd step 2k − 1,
/// and only two counts can make a P-position of it: the one that makes the
/// nim-sum 0, and 1 (when every heap is then at most 1).
pub fn misere_staircase_winning_moves(steps: &[u64]) -> Result<Vec<Vec<u64>>, StaircaseError> {
    let total = staircase_total(steps)?;
    let overflow = || StaircaseError::TooManyCoins {
        total: total as u128,
    };
    let odd = odd_steps(steps);
    let mut moves = Vec::new();
    let mut push = |i: usize, k: u64| -> Result<(), StaircaseError> {
        let mut next = steps.to_vec();
        next[i] -= k;
        next[i - 1] = next[i - 1].checked_add(k).ok_or_else(overflow)?;
        moves.push(next);
        Ok(())
    };
    // Nim moves: coins leave odd step 2j + 1.
    for (j, size) in misere_nim_winning_moves(&odd) {
        let i = 2 * j + 1;
        push(i, steps[i] - size)?;
    }
    // Coins arrive on odd step 2j + 1 from even step 2j + 2.
    let sum = nim_value(&odd).0;
    for (j, &h) in odd.iter().enumerate() {
        let Some(&above) = steps.get(2 * j + 2) else {
            break;
        };
        let mut candidates = [sum ^ h, 1];
        candidates.sort_unstable();
        let mut grown = odd.clone();
        for (n, &to) in candidates.iter().enumerate() {
            if to <= h || to - h > above || (n == 1 && candidates[0] == to) {
                continue;
            }
            grown[j] = to;
            if misere_nim_outcome(&grown) == Outcome::P {
                push(2 * j + 2, to - h)?;
            }
        }
    }
    Ok(moves)
}

/// The winning moves of a lone Staircase Nim position: its options of value 0.
///
/// ```
/// use grundy::games::staircase::staircase_winning_moves;
/// // Odd steps hold 3 and 6 (value 5): bring 3 coins down onto step 1, or
/// // take 3 off step 3; either leaves equal odd steps.
/// assert_eq!(
///     staircase_winning_moves(&[5, 3, 9, 6])?,
///     vec![vec![5, 6, 6, 6], vec![5, 3, 12, 3]]
/// );
/// // 1 + (2^64 − 1) coins do not fit in a step: an error, not a wrapped move.
/// assert!(staircase_winning_moves(&[1, u64::MAX]).is_err());
/// # Ok::<(), grundy::games::staircase::StaircaseError>(())
/// ```
pub fn staircase_winning_moves(steps: &[u64]) -> Result<Vec<Vec<u64>>, StaircaseError> {
    staircase_options_with_value(steps, Nimber(0))
}

/// Why a coin tree or a query on it was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StaircaseError {
    /// More coins than a step can hold, so a move could overflow.
    #[error(
        "the staircase holds {total} coins in all, but at most 18446744073709551615 \
         (2^64 − 1) are accepted, so that any step can hold every coin"
    )]
    TooManyCoins {
        /// The number of coins, counted without overflow.
        total: u128,
    },
    /// An edge names a node that does not exist.
    #[error("edge {edge} names node {node}, but the tree has nodes 0..{nodes} (0 is the root)")]
    NodeOutOfRange {
        /// Index of the edge in the list.
        edge: usize,
        /// The node named.
        node: usize,
        /// How many nodes there are.
        nodes: usize,
    },
    /// The edges do not form a tree on all the nodes.
    #[error(
        "the edges do not form a tree: {nodes} nodes need exactly {} edges joining them all, \
         got {edges} edges reaching {reached} nodes from the root",
        nodes.saturating_sub(1)
    )]
    NotATree {
        /// How many nodes there are.
        nodes: usize,
        /// How many edges were given.
        edges: usize,
        /// How many nodes the edges connect to the root.
        reached: usize,
    },
    /// A query names a node that does not exist.
    #[error("query names node {node}, but the tree has nodes 0..{nodes}")]
    QueryOutOfRange {
        /// The node named.
        node: usize,
        /// How many nodes there are.
        nodes: usize,
    },
    /// The root has no parent edge to cut.
    #[error("cannot move the root's subtree: the root has no parent edge to cut")]
    MoveRoot,
    /// The new parent lies in the subtree being moved, so the result would
    /// not be a tree (the problem's `INVALID`).
    #[error(
        "invalid query: node {v} is inside the subtree of node {u}, so hanging {u} under {v} \
         would make a cycle"
    )]
    Invalid {
        /// The root of the subtree being moved.
        u: usize,
        /// The new parent asked for.
        v: usize,
    },
}

/// A rooted tree (root 0) with coins on its nodes, prepared for "Move the
/// Coins" queries.
#[derive(Clone, Debug)]
pub struct CoinTree {
    parent: Vec<Option<usize>>,
    depth: Vec<usize>,
    /// Euler tour: node u's subtree is the nodes with order in `enter[u]..exit[u]`.
    enter: Vec<usize>,
    exit: Vec<usize>,
    /// `prefix[p][i]`: XOR of the coins of the first `i` nodes in tour order
    /// whose depth has parity `p`.
    prefix: [Vec<u64>; 2],
    value: Nimber,
}

impl CoinTree {
    /// Builds the tree from the coins on each node and its undirected edges,
    /// rooted at node 0. Iterative: deep trees are fine.
    pub fn new(coins: Vec<u64>, edges: &[(usize, usize)]) -> Result<CoinTree, StaircaseError> {
        let n = coins.len();
        let mut adjacency = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            for node in [a, b] {
                if node >= n {
                    return Err(StaircaseError::NodeOutOfRange {
                        edge: i,
                        node,
                        nodes: n,
                    });
                }
            }
            adjacency[a].push(b);
            adjacency[b].push(a);
        }
        let mut parent = vec![None; n];
        let mut depth = vec![0; n];
        let mut enter = vec![usize::MAX; n];
        let mut exit = vec![0; n];
        let mut tour = Vec::with_capacity(n);
        // Explicit stack of (node, next neighbour index).
        let mut stack: Vec<(usize, usize)> = Vec::new();
        if n > 0 {
            enter[0] = 0;
            tour.push(0);
            stack.push((0, 0));
        }
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&w) = adjacency[u].get(*next) {
                *next += 1;
                if enter[w] == usize::MAX {
                    parent[w] = Some(u);
                    depth[w] = depth[u] + 1;
                    enter[w] = tour.len();
                    tour.push(w);
                    stack.push((w, 0));
                }
            } else {
                exit[u] = tour.len();
                stack.pop();
            }
        }
        if tour.len() != n || edges.len() + 1 != n.max(1) {
            return Err(StaircaseError::NotATree {
                nodes: n,
                edges: edges.len(),
                reached: tour.len(),
            });
        }
        let mut prefix = [vec![0u64; n + 1], vec![0u64; n + 1]];
        for (i, &u) in tour.iter().enumerate() {
            for (p, pre) in prefix.iter_mut().enumerate() {
                pre[i + 1] = pre[i] ^ if depth[u] % 2 == p { coins[u] } else { 0 };
            }
        }
        let value = Nimber(prefix[1][n]);
        Ok(CoinTree {
            parent,
            depth,
            enter,
            exit,
            prefix,
            value,
        })
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.depth.len()
    }

    /// Whether the tree has no nodes.
    pub fn is_empty(&self) -> bool {
        self.depth.is_empty()
    }

    /// The parent of each node (`None` for the root).
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parent
    }

    /// The Grundy value: the XOR of the coins at odd depth.
    pub fn value(&self) -> Nimber {
        self.value
    }

    /// Who wins the tree as given.
    pub fn outcome(&self) -> Outcome {
        self.value.outcome()
    }

    /// Whether `v` lies in the subtree of `u` (`u` itself included); both
    /// must be nodes of the tree.
    fn in_subtree(&self, u: usize, v: usize) -> bool {
        self.enter[u] <= self.enter[v] && self.enter[v] < self.exit[u]
    }

    /// The value of the tree after cutting `u`'s subtree off and hanging it
    /// under `v`; the tree itself is unchanged (queries are independent).
    pub fn query_value(&self, u: usize, v: usize) -> Result<Nimber, StaircaseError> {
        let n = self.len();
        for node in [u, v] {
            if node >= n {
                return Err(StaircaseError::QueryOutOfRange { node, nodes: n });
            }
        }
        if self.parent[u].is_none() {
            return Err(StaircaseError::MoveRoot);
        }
        if self.in_subtree(u, v) {
            return Err(StaircaseError::Invalid { u, v });
        }
        // The shift depth(v) + 1 - depth(u) is odd iff the parities of u and
        // v are equal; then the subtree's odd and even coins swap roles.
        if self.depth[u] % 2 != self.depth[v] % 2 {
            return Ok(self.value);
        }
        let (a, b) = (self.enter[u], self.exit[u]);
        let odd = self.prefix[1][b] ^ self.prefix[1][a];
        let even = self.prefix[0][b] ^ self.prefix[0][a];
        Ok(Nimber(self.value.0 ^ odd ^ even))
    }

    /// Who wins after the query's move (see [`CoinTree::query_value`]).
    pub fn query(&self, u: usize, v: usize) -> Result<Outcome, StaircaseError> {
        Ok(self.query_value(u, v)?.outcome())
    }
}

/// The coin game on a rooted tree as a game graph: a position is the number
/// of coins on each node; a move takes one or more coins from a non-root node
/// to its parent. `parent[root]` is `None`.
#[derive(Clone, Debug)]
pub struct CoinTreeGame {
    /// The parent of each node.
    pub parent: Vec<Option<usize>>,
}

impl GameGraph for CoinTreeGame {
    type Position = Vec<u64>;

    fn moves(&self, coins: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        // As for StaircaseNim: moves that would pile more than u64::MAX coins
        // on the parent are left out, not wrapped around.
        for (u, p) in self.parent.iter().enumerate() {
            if let Some(p) = *p {
                for k in 1..=coins[u].min(u64::MAX - coins[p]) {
                    let mut next = coins.clone();
                    next[u] -= k;
                    next[p] += k;
                    out.push(next);
                }
            }
        }
    }
}

/// "move 2 coins from step 3 down to step 2".
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    let (b, a) = (before.key().numbers, after.key().numbers);
    if a.len() != b.len() {
        return None;
    }
    // The step coins left, and the step below that they reached.
    let from = (1..b.len()).find(|&i| a[i] < b[i])?;
    let moved = b[from] - a[from];
    (a[from - 1] == b[from - 1] + moved).then(|| {
        let below = if from == 1 {
            "the ground (step 0)".to_string()
        } else {
            format!("step {}", from - 1)
        };
        format!(
            "move {} from step {from} down to {below}",
            super::words::count(moved, "coin")
        )
    })
}

/// The declaration of Staircase Nim.
pub static SPEC: GameSpec = GameSpec {
    name: "staircase",
    kind: GameKind::Impartial,
    summary: "Staircase Nim: coins on steps, a move takes coins one step down (seed 003)",
    example: "staircase(0,3,1,4)",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Heaps,
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    if call.params().is_some() {
        return Err(call.error(
            call.name_span(),
            "'staircase' takes no parameters in [...]",
            "write staircase(c0, c1, c2, ...) with the coins on each step",
        ));
    }
    let steps = call.naturals("coin counts", "a number of coins")?;
    crate::games::staircase::staircase_total(&steps).map_err(|e| {
        call.error(
            call.args_span(),
            e.to_string(),
            "coins on the steps adding up to at most 18446744073709551615",
        )
    })?;
    Ok(Component::Impartial(Arc::new(Staircase { steps })))
}

/// Coins on the steps of a staircase, from step 0.
#[derive(Clone, Debug)]
pub struct Staircase {
    steps: Vec<u64>,
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c: Vec<String> = self.steps.iter().map(u64::to_string).collect();
        write!(f, "staircase({})", c.join(","))
    }
}

static NAME: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();

impl ImpartialPosition for Staircase {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn key(&self) -> Key {
        Key::numbers(NAME.get_or_init(|| Arc::from("staircase")), &self.steps)
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        // The moves of [`StaircaseNim`], one at a time (there may be 2^64).
        for i in 1..self.steps.len() {
            for k in 1..=self.steps[i] {
                let Some(below) = self.steps[i - 1].checked_add(k) else {
                    break; // more coins than a step can count: no such position
                };
                let mut steps = self.steps.clone();
                steps[i] -= k;
                steps[i - 1] = below;
                visit(Arc::new(Staircase { steps }))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn nimber(&self, _: &mut Context) -> Result<Nimber, EvalError> {
        Ok(staircase_value(&self.steps))
    }

    /// Misère play by [`misere_staircase_outcome`] (normal play goes by the
    /// value).
    fn closed_outcome(&self, play: Play) -> Option<Outcome> {
        (play == Play::Misere).then(|| misere_staircase_outcome(&self.steps))
    }

    fn closed_winning_moves(&self, play: Play) -> Option<Vec<Impartial>> {
        if play != Play::Misere {
            return None;
        }
        let moves = misere_staircase_winning_moves(&self.steps).ok()?;
        Some(
            moves
                .into_iter()
                .map(|steps| Arc::new(Staircase { steps }) as Impartial)
                .collect(),
        )
    }

    fn options_with_value(
        &self,
        target: Nimber,
        _: &mut Context,
        found: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        // `build` refused staircases whose coins overflow, the one error here.
        let options = staircase_options_with_value(&self.steps, target).map_err(|e| {
            EvalError::Expr(ExprError::Invalid {
                at: 0,
                problem: e.to_string(),
                accepted: "a staircase of at most 2^64 − 1 coins".into(),
            })
        })?;
        for steps in options {
            if found(Arc::new(Staircase { steps })).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, Play, SearchConfig};
    use proptest::prelude::*;

    /// The misère closed form against plain search on every staircase of up
    /// to five steps of up to three coins: the outcome and the set of
    /// winning moves.
    #[test]
    fn misere_staircase_matches_plain_search() {
        let mut s = PlainSearch::new(StaircaseNim, SearchConfig::default());
        let mut positions = vec![vec![]];
        let mut checked = 0;
        for _ in 0..5 {
            positions = positions
                .iter()
                .flat_map(|p: &Vec<u64>| {
                    (0..4u64).map(move |c| {
                        let mut p = p.clone();
                        p.push(c);
                        p
                    })
                })
                .collect();
            for p in &positions {
                let outcome = s.outcome(p, Play::Misere).unwrap();
                assert_eq!(misere_staircase_outcome(p), outcome, "{p:?}");
                let mut expect = s.winning_moves(p, Play::Misere).unwrap();
                let mut got = misere_staircase_winning_moves(p).unwrap();
                expect.sort();
                got.sort();
                assert_eq!(got, expect, "{p:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 4 + 16 + 64 + 256 + 1024);
    }

    proptest! {
        #[test]
        fn staircase_value_is_the_grundy_value(steps in proptest::collection::vec(0u64..4, 0..5)) {
            let mut s = PlainSearch::new(StaircaseNim, SearchConfig::default());
            prop_assert_eq!(s.nimber(&steps).unwrap(), staircase_value(&steps));
        }

        /// The options of each value equal the moves whose plain-search value it is.
        #[test]
        fn options_with_value_equal_search(
            steps in proptest::collection::vec(0u64..4, 0..5),
            target in 0u64..5,
        ) {
            let mut s = PlainSearch::new(StaircaseNim, SearchConfig::default());
            let mut moves = Vec::new();
            StaircaseNim.moves(&steps, &mut moves);
            let mut want: Vec<Vec<u64>> = moves
                .into_iter()
                .filter(|m| s.nimber(m).unwrap() == Nimber(target))
                .collect();
            want.sort();
            let mut got = staircase_options_with_value(&steps, Nimber(target)).unwrap();
            got.sort();
            prop_assert_eq!(got, want);
        }

        /// Random trees (node i > 0 hangs under a node below i), random
        /// coins and every query: the O(1) answer equals plain search of the
        /// tree the query builds.
        #[test]
        fn queries_agree_with_search_of_the_rebuilt_tree(
            parents in proptest::collection::vec(any::<usize>(), 0..5),
            coins in proptest::collection::vec(0u64..3, 6),
        ) {
            let n = parents.len() + 1;
            let coins = coins[..n].to_vec();
            let edges: Vec<(usize, usize)> =
                parents.iter().enumerate().map(|(i, &p)| (p % (i + 1), i + 1)).collect();
            let tree = CoinTree::new(coins.clone(), &edges).unwrap();
            let mut base = PlainSearch::new(
                CoinTreeGame { parent: tree.parents().to_vec() },
                SearchConfig::default(),
            );
            prop_assert_eq!(base.outcome(&coins, Play::Normal).unwrap(), tree.outcome());
            prop_assert_eq!(base.nimber(&coins).unwrap(), tree.value());
            for u in 0..n {
                for v in 0..n {
                    let answer = tree.query(u, v);
                    if u == 0 {
                        prop_assert_eq!(answer, Err(StaircaseError::MoveRoot));
                        continue;
                    }
                    // Is v below u? Walk up from v.
                    let mut w = Some(v);
                    let mut inside = false;
                    while let Some(x) = w {
                        inside |= x == u;
                        w = tree.parents()[x];
                    }
                    if inside {
                        prop_assert_eq!(answer, Err(StaircaseError::Invalid { u, v }));
                        continue;
                    }
                    let mut parent = tree.parents().to_vec();
                    parent[u] = Some(v);
                    let mut s = PlainSearch::new(CoinTreeGame { parent }, SearchConfig::default());
                    prop_assert_eq!(answer, Ok(s.outcome(&coins, Play::Normal).unwrap()));
                }
            }
        }
    }

    /// Issue 9: `staircase(1,18446744073709551615)` printed a wrapped-around
    /// "winning move" in release builds. Its 2^64 coins do not fit a step.
    #[test]
    fn regression_issue_9_staircase_of_2_pow_64_coins_is_refused() {
        let huge = [1, u64::MAX];
        let refused = StaircaseError::TooManyCoins { total: 1 << 64 };
        assert_eq!(staircase_total(&huge), Err(refused.clone()));
        assert_eq!(staircase_winning_moves(&huge), Err(refused.clone()));
        assert!(refused.to_string().contains("18446744073709551616 coins"));
        // Many full steps: the count itself does not overflow.
        assert_eq!(
            staircase_total(&[u64::MAX; 5]),
            Err(StaircaseError::TooManyCoins {
                total: 5 * u64::MAX as u128
            })
        );
        // One coin fewer fits, and the winning move piles every coin on step 0.
        assert_eq!(
            staircase_winning_moves(&[0, u64::MAX]).unwrap(),
            vec![vec![u64::MAX, 0]]
        );
        assert_eq!(staircase_value(&[0, u64::MAX]), Nimber(u64::MAX));
        // The graph leaves out moves that would overflow rather than wrap.
        let mut moves = Vec::new();
        StaircaseNim.moves(&vec![u64::MAX - 2, 5], &mut moves);
        assert_eq!(moves, vec![vec![u64::MAX - 1, 4], vec![u64::MAX, 3]]);
    }

    #[test]
    fn malformed_trees_are_rejected() {
        assert_eq!(
            CoinTree::new(vec![1, 1], &[(0, 2)]).unwrap_err(),
            StaircaseError::NodeOutOfRange {
                edge: 0,
                node: 2,
                nodes: 2
            }
        );
        // A cycle plus an unreachable node.
        let e = CoinTree::new(vec![1, 1, 1, 1], &[(0, 1), (1, 2), (2, 0)]).unwrap_err();
        assert!(
            matches!(e, StaircaseError::NotATree { reached: 3, .. }),
            "{e}"
        );
        let t = CoinTree::new(vec![1, 2], &[(0, 1)]).unwrap();
        assert_eq!(t.value(), Nimber(2));
        assert_eq!(
            t.query(0, 1).unwrap_err(),
            StaircaseError::MoveRoot,
            "the root cannot be moved"
        );
        assert_eq!(
            t.query(1, 5).unwrap_err(),
            StaircaseError::QueryOutOfRange { node: 5, nodes: 2 }
        );
    }

    #[test]
    fn deep_path_does_not_overflow() {
        let n = 200_000;
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let t = CoinTree::new(vec![1; n], &edges).unwrap();
        // Odd depths 1, 3, ..., n-1: n/2 coins of 1, an even count.
        assert_eq!(t.value(), Nimber(0));
        // Depth n - 1 (odd) to depth 1: an even shift, nothing changes.
        assert_eq!(t.query(n - 1, 0).unwrap(), Outcome::P);
    }
}
