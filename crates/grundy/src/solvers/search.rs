//! Plain search over any [`GameGraph`]: outcomes, winning moves, remoteness,
//! suspense and Grundy values, with no theory beyond the definitions.
//!
//! The full explanation is on [`PlainSearch`], the public face of this module.

use std::collections::HashMap;
use std::fmt;

use crate::solvers::mex::MexSet;
use crate::vocab::budget::try_grow;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;
use crate::vocab::rules::GameGraph;

const WHAT: &str = "plain search";

/// The winning convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Play {
    /// Normal play: the player who cannot move loses.
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

/// A number of moves counted under optimal play: the remoteness or the
/// suspense of a position (see the [`PlainSearch`] docs).
///
/// Even means the player to move loses (P), odd means they win (N).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Remoteness(pub u32);

impl Remoteness {
    /// The number of moves.
    pub fn moves(self) -> u32 {
        self.0
    }

    /// The number of moves in words: `1 move`, `0 moves`, `7 moves`.
    ///
    /// ```
    /// use grundy::solvers::search::Remoteness;
    /// assert_eq!(Remoteness(1).in_words(), "1 move");
    /// assert_eq!(Remoteness(0).in_words(), "0 moves");
    /// ```
    pub fn in_words(self) -> String {
        match self.0 {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        }
    }

    /// P if even, N if odd.
    pub fn outcome(self) -> Outcome {
        if self.0 & 1 == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Remoteness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A position limit alone for a [`PlainSearch`]: the short way to make one
/// with [`PlainSearch::new`]. Time, memory, cancel and progress come with a
/// [`Budget`] through [`PlainSearch::with_budget`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Most distinct positions the search may store (across all queries).
    /// Default 10 000 000.
    pub max_positions: usize,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            max_positions: 10_000_000,
        }
    }
}

impl SearchConfig {
    /// The default limits with another position limit.
    pub fn with_max_positions(max_positions: usize) -> SearchConfig {
        SearchConfig { max_positions }
    }

    /// A budget of the default [`Limits`](crate::vocab::limits::Limits) with this position limit, starting now.
    pub fn budget(&self) -> Budget {
        Budget::with_max_positions(self.max_positions)
    }
}

/// Why a [`PlainSearch`] could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// A limit of the budget was hit (positions, memory, time, cancel).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The game graph has a cycle, so outcomes by plain search are undefined.
    #[error(
        "the game graph has a cycle through position {position}; plain search needs a \
         game that always ends — use the retrograde analysis of loopy games instead"
    )]
    Cycle {
        /// The position found on the cycle, in `Debug` form.
        position: String,
    },
}

/// Index of a stored position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct PositionId(u32);

/// What the search knows about one position.
#[derive(Clone, Debug)]
struct Node {
    /// Range of this position's options in `PlainSearch::edges`.
    first_edge: usize,
    end_edge: usize,
    state: State,
    nimber: u64,
    /// Remoteness and suspense, normal then misère.
    remoteness: [u32; 2],
    suspense: [u32; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Seen as an option, options not generated yet.
    Unexpanded,
    /// Options generated, on the DFS stack.
    OnStack,
    /// All values computed.
    Done,
}

/// Memoised plain search over the game graph `G`.
///
/// Every query explores what it needs and keeps it, so later queries about
/// nearby positions are cheap.
///
/// This is the reference every shortcut in the crate is checked against, so
/// it follows the definitions literally:
///
/// * a position is **P** (the previous player wins) iff every option is N, and
///   a position with no options is P under normal play and N under misère
///   play (whoever made the last move loses, so the player who cannot move
///   wins);
/// * the **Grundy value** is the mex of the options' values (Sprague–Grundy);
/// * the **remoteness** (Steinhaus; Winning Ways ch. 9) is how many moves the
///   game lasts when the winner hurries and the loser delays: 0 at the end, and
///   otherwise one more than the least even remoteness of an option if there is
///   one (the winner moves to a P-position as close to the end as possible), or
///   one more than the greatest (odd) remoteness of an option (the loser holds
///   out as long as possible). A position is P iff its remoteness is even;
/// * the **suspense** (Winning Ways ch. 9) is the same count with the roles
///   reversed — the winner delays and the loser hurries — which is what decides
///   the continued conjunctive compound.
///
/// For misère play both counts start at 1 instead of 0 at positions with no
/// moves: the player to move there has "won", as if one phantom move remained.
/// The parity rule (P iff even) then holds for misère play too.
///
/// The search is iterative (an explicit stack, so deep games cannot overflow
/// the call stack), memoised across queries, and bounded by its [`Budget`]:
/// every stored position is charged, the tables are checked against the
/// memory limit before they grow, and the clock and the cancel flag are
/// looked at as positions are expanded. It needs an acyclic graph: a cycle is
/// reported as [`SearchError::Cycle`]; games with cycles belong to the
/// retrograde analysis of loopy games.
///
/// ```
/// use grundy::{vocab::rules::GameGraph, Outcome, solvers::search::Play, solvers::search::PlainSearch, solvers::search::SearchConfig};
///
/// /// Subtraction game S = {1, 2}: take one or two tokens.
/// struct TakeOneOrTwo;
/// impl GameGraph for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
///
/// let mut search = PlainSearch::new(TakeOneOrTwo, SearchConfig::default());
/// assert_eq!(search.outcome(&9, Play::Normal)?, Outcome::P); // multiples of 3
/// assert_eq!(search.outcome(&10, Play::Misere)?, Outcome::P); // 1 more than a multiple of 3
/// assert_eq!(search.winning_moves(&10, Play::Normal)?, vec![9]);
/// assert_eq!(search.remoteness(&10, Play::Normal)?.moves(), 7);
/// # Ok::<(), grundy::solvers::search::SearchError>(())
/// ```
#[derive(Debug)]
pub struct PlainSearch<G: GameGraph> {
    graph: G,
    budget: Budget,
    ids: HashMap<G::Position, PositionId>,
    positions: Vec<G::Position>,
    nodes: Vec<Node>,
    edges: Vec<PositionId>,
    /// Reused buffers: the options of the position being expanded, the DFS
    /// stack and the mex bitset.
    moves_buf: Vec<G::Position>,
    stack: Vec<(PositionId, usize)>,
    mex: MexSet,
}

impl<G: GameGraph> PlainSearch<G> {
    /// A search over `graph` with the given position limit (and the other
    /// default [`Limits`](crate::vocab::limits::Limits)); nothing is explored yet.
    pub fn new(graph: G, config: SearchConfig) -> PlainSearch<G> {
        PlainSearch::with_budget(graph, &config.budget())
    }

    /// A search over `graph` drawing on `budget` (shared with its other
    /// users); nothing is explored yet.
    pub fn with_budget(graph: G, budget: &Budget) -> PlainSearch<G> {
        PlainSearch {
            graph,
            budget: budget.clone(),
            ids: HashMap::new(),
            positions: Vec::new(),
            nodes: Vec::new(),
            edges: Vec::new(),
            moves_buf: Vec::new(),
            stack: Vec::new(),
            mex: MexSet::new(),
        }
    }

    /// Draws on `budget` from now on, keeping what is explored (e.g. a fresh
    /// budget for each query of a batch).
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = budget.clone();
    }

    /// The budget drawn on.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The game graph searched.
    pub fn graph(&self) -> &G {
        &self.graph
    }

    /// How many distinct positions are stored so far.
    pub fn positions_stored(&self) -> usize {
        self.positions.len()
    }

    /// The outcome class of `position` (P or N) under `play`.
    pub fn outcome(&mut self, position: &G::Position, play: Play) -> Result<Outcome, SearchError> {
        Ok(self.remoteness(position, play)?.outcome())
    }

    /// The Grundy value of `position` under normal play: the mex of its
    /// options' values.
    pub fn nimber(&mut self, position: &G::Position) -> Result<Nimber, SearchError> {
        let id = self.solve(position)?;
        Ok(Nimber(self.nodes[id.0 as usize].nimber))
    }

    /// The remoteness of `position` under `play` (see the [`PlainSearch`] docs).
    pub fn remoteness(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Remoteness, SearchError> {
        let id = self.solve(position)?;
        Ok(Remoteness(
            self.nodes[id.0 as usize].remoteness[play as usize],
        ))
    }

    /// The suspense of `position` under `play` (see the [`PlainSearch`] docs).
    pub fn suspense(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Remoteness, SearchError> {
        let id = self.solve(position)?;
        Ok(Remoteness(
            self.nodes[id.0 as usize].suspense[play as usize],
        ))
    }

    /// The options of `position` that are P under `play`, in the order the
    /// graph lists them: the winning moves. Empty iff `position` is P, or it
    /// has no moves at all (which under misère play is a win without moving).
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Vec<G::Position>, SearchError> {
        let id = self.solve(position)?;
        let node = &self.nodes[id.0 as usize];
        let mut winning = Vec::new();
        for &child in &self.edges[node.first_edge..node.end_edge] {
            let c = &self.nodes[child.0 as usize];
            if c.remoteness[play as usize] & 1 == 0 {
                winning.push(self.positions[child.0 as usize].clone());
            }
        }
        Ok(winning)
    }

    /// The options of `position` with their outcome under `play`.
    pub fn options_with_outcomes(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Vec<(G::Position, Outcome)>, SearchError> {
        let id = self.solve(position)?;
        let node = &self.nodes[id.0 as usize];
        Ok(self.edges[node.first_edge..node.end_edge]
            .iter()
            .map(|&child| {
                let c = &self.nodes[child.0 as usize];
                (
                    self.positions[child.0 as usize].clone(),
                    Remoteness(c.remoteness[play as usize]).outcome(),
                )
            })
            .collect())
    }

    /// The id of `position`, storing it if new.
    fn intern(&mut self, position: &G::Position) -> Result<PositionId, SearchError> {
        if let Some(&id) = self.ids.get(position) {
            return Ok(id);
        }
        let len = self.positions.len();
        if len >= u32::MAX as usize {
            return Err(LimitError::Positions {
                what: WHAT.into(),
                needed: len as u128 + 1,
                limit: u32::MAX as u64,
            }
            .into());
        }
        if len == self.positions.capacity() {
            self.grow_positions()?;
        }
        self.budget.charge(WHAT, 1)?;
        let id = PositionId(len as u32);
        self.ids.insert(position.clone(), id);
        self.positions.push(position.clone());
        self.nodes.push(Node {
            first_edge: 0,
            end_edge: 0,
            state: State::Unexpanded,
            nimber: 0,
            remoteness: [0; 2],
            suspense: [0; 2],
        });
        Ok(id)
    }

    /// Estimated bytes of the tables at the given capacities: per position
    /// a hash entry (about 8/7 of a bucket and a control byte), a copy in
    /// `positions`, a node and (at worst) a place on the DFS stack; per
    /// option one edge.
    fn footprint(positions: usize, edges: usize) -> u128 {
        use std::mem::size_of;
        let entry = (size_of::<(G::Position, PositionId)>() as u128 + 1) * 8 / 7;
        let each = entry
            + size_of::<G::Position>() as u128
            + size_of::<Node>() as u128
            + size_of::<(PositionId, usize)>() as u128;
        positions as u128 * each + edges as u128 * size_of::<PositionId>() as u128
    }

    /// Grows the position tables together, after checking the budget.
    fn grow_positions(&mut self) -> Result<(), SearchError> {
        let len = self.positions.len();
        let cap = self.budget.grown_capacity(len).min(u32::MAX as usize);
        let bytes = Self::footprint(cap, self.edges.capacity());
        self.budget.check_bytes(WHAT, bytes)?;
        try_grow(&mut self.positions, cap, WHAT, &self.budget)?;
        try_grow(&mut self.nodes, cap, WHAT, &self.budget)?;
        self.ids
            .try_reserve(cap - self.ids.len())
            .map_err(|_| LimitError::Allocation {
                what: WHAT.into(),
                requested: bytes,
                limit: self.budget.limits().max_memory,
            })?;
        Ok(())
    }

    /// Generates and stores the options of `id`, and marks it on the stack.
    fn expand(&mut self, id: PositionId) -> Result<(), SearchError> {
        self.budget.tick(WHAT)?;
        let mut buf = std::mem::take(&mut self.moves_buf);
        buf.clear();
        self.graph.moves(&self.positions[id.0 as usize], &mut buf);
        let first = self.edges.len();
        let needed = first.saturating_add(buf.len());
        if needed > self.edges.capacity() {
            let cap = needed.max(self.edges.capacity().saturating_mul(2));
            let bytes = Self::footprint(self.positions.capacity(), cap);
            let grown = self
                .budget
                .check_bytes(WHAT, bytes)
                .and_then(|()| try_grow(&mut self.edges, cap, WHAT, &self.budget));
            if let Err(e) = grown {
                self.moves_buf = buf;
                return Err(e.into());
            }
        }
        let mut result = Ok(());
        for p in buf.drain(..) {
            match self.intern(&p) {
                Ok(child) => self.edges.push(child),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.moves_buf = buf;
        if result.is_err() {
            // Leave the node unexpanded so a later query with a larger budget
            // is not misled by a partial edge list.
            self.edges.truncate(first);
            return result;
        }
        let node = &mut self.nodes[id.0 as usize];
        node.first_edge = first;
        node.end_edge = self.edges.len();
        node.state = State::OnStack;
        Ok(())
    }

    /// Explores everything reachable from `position` and computes its values.
    fn solve(&mut self, position: &G::Position) -> Result<PositionId, SearchError> {
        let root = self.intern(position)?;
        if self.nodes[root.0 as usize].state == State::Done {
            return Ok(root);
        }
        let result = self
            .budget
            .check_now(WHAT)
            .map_err(SearchError::from)
            .and_then(|()| self.solve_from(root));
        if result.is_err() {
            // Positions left on the stack go back to "unexpanded"; their
            // stored edges are simply abandoned.
            for &(id, _) in &self.stack {
                self.nodes[id.0 as usize].state = State::Unexpanded;
            }
            self.stack.clear();
        }
        result.map(|()| root)
    }

    fn solve_from(&mut self, root: PositionId) -> Result<(), SearchError> {
        self.stack.clear();
        self.expand(root)?;
        self.stack.push((root, 0));
        while let Some(&mut (id, ref mut next)) = self.stack.last_mut() {
            let node = &self.nodes[id.0 as usize];
            let edge = node.first_edge + *next;
            if edge < node.end_edge {
                *next += 1;
                let child = self.edges[edge];
                match self.nodes[child.0 as usize].state {
                    State::Done => {}
                    State::OnStack => {
                        return Err(SearchError::Cycle {
                            position: format!("{:?}", self.positions[child.0 as usize]),
                        })
                    }
                    State::Unexpanded => {
                        self.expand(child)?;
                        if self.stack.len() == self.stack.capacity() {
                            // Within the footprint: one entry per stored position.
                            let cap = self.stack.len().saturating_mul(2).max(16);
                            try_grow(&mut self.stack, cap, WHAT, &self.budget)?;
                        }
                        self.stack.push((child, 0));
                    }
                }
            } else {
                self.finish(id);
                self.stack.pop();
            }
        }
        Ok(())
    }

    /// Computes the values of `id` from its (finished) options.
    fn finish(&mut self, id: PositionId) {
        let node = &self.nodes[id.0 as usize];
        let options = &self.edges[node.first_edge..node.end_edge];
        self.mex.clear();
        let mut remoteness = [0u32; 2];
        let mut suspense = [0u32; 2];
        for play in [Play::Normal, Play::Misere] {
            let k = play as usize;
            if options.is_empty() {
                // See the PlainSearch docs: misère counts start at 1.
                remoteness[k] = k as u32;
                suspense[k] = k as u32;
                continue;
            }
            // Winner: least even remoteness / greatest even suspense.
            let mut best_even_r: Option<u32> = None;
            let mut worst_odd_r = 0u32;
            let mut best_even_s: Option<u32> = None;
            let mut worst_odd_s = u32::MAX;
            for &c in options {
                let cn = &self.nodes[c.0 as usize];
                let r = cn.remoteness[k];
                if r & 1 == 0 {
                    best_even_r = Some(best_even_r.map_or(r, |b| b.min(r)));
                } else {
                    worst_odd_r = worst_odd_r.max(r);
                }
                let s = cn.suspense[k];
                if s & 1 == 0 {
                    best_even_s = Some(best_even_s.map_or(s, |b| b.max(s)));
                } else {
                    worst_odd_s = worst_odd_s.min(s);
                }
            }
            remoteness[k] = 1 + best_even_r.unwrap_or(worst_odd_r);
            suspense[k] = 1 + best_even_s.unwrap_or(worst_odd_s);
        }
        for &c in options {
            self.mex.insert(self.nodes[c.0 as usize].nimber);
        }
        let nimber = self.mex.mex();
        let node = &mut self.nodes[id.0 as usize];
        node.remoteness = remoteness;
        node.suspense = suspense;
        node.nimber = nimber;
        node.state = State::Done;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A subtraction game with subtraction set `set` (also used by the
    /// tests of `verify`).
    pub(crate) struct Subtraction(pub(crate) Vec<u32>);
    impl GameGraph for Subtraction {
        type Position = u32;
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            out.extend(self.0.iter().filter(|&&k| k <= n).map(|&k| n - k));
        }
    }

    /// Nim on a few heaps, as a graph.
    struct Nim;
    impl GameGraph for Nim {
        type Position = Vec<u32>;
        fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            for i in 0..p.len() {
                for h in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = h;
                    out.push(q);
                }
            }
        }
    }

    /// A chain 0 -> 1 -> ... -> n; deep enough to overflow a recursive search.
    struct Chain(u32);
    impl GameGraph for Chain {
        type Position = u32;
        fn moves(&self, &i: &u32, out: &mut Vec<u32>) {
            if i < self.0 {
                out.push(i + 1);
            }
        }
    }

    struct Loop;
    impl GameGraph for Loop {
        type Position = u8;
        fn moves(&self, &i: &u8, out: &mut Vec<u8>) {
            out.push((i + 1) % 3);
        }
    }

    /// The definitions, by naive recursion: the reference for the tests.
    fn naive(g: &impl GameGraph<Position = u32>, n: u32, misere: bool) -> bool {
        let mut out = Vec::new();
        g.moves(&n, &mut out);
        if out.is_empty() {
            return misere; // the player to move wins iff misère
        }
        out.iter().any(|&m| !naive(g, m, misere))
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        let mut s = PlainSearch::new(Chain(1_000_000), SearchConfig::default());
        assert_eq!(s.outcome(&0, Play::Normal).unwrap(), Outcome::P);
        assert_eq!(
            s.remoteness(&0, Play::Normal).unwrap(),
            Remoteness(1_000_000)
        );
        assert_eq!(s.outcome(&1, Play::Normal).unwrap(), Outcome::N);
        assert_eq!(s.outcome(&0, Play::Misere).unwrap(), Outcome::N);
    }

    #[test]
    fn limit_is_reported_and_search_recovers() {
        let mut s = PlainSearch::new(Chain(100), SearchConfig::with_max_positions(50));
        let e = s.outcome(&0, Play::Normal).unwrap_err();
        assert!(
            matches!(
                e,
                SearchError::Limit(LimitError::Positions { limit: 50, .. })
            ),
            "{e}"
        );
        assert!(e.to_string().contains("--max-positions"), "{e}");
        // Positions near the end fit.
        let mut t = PlainSearch::new(Chain(100), SearchConfig::with_max_positions(50));
        assert_eq!(t.outcome(&60, Play::Normal), Ok(Outcome::P));
    }

    #[test]
    fn cycle_is_reported() {
        let mut s = PlainSearch::new(Loop, SearchConfig::default());
        let e = s.outcome(&0, Play::Normal).unwrap_err();
        assert!(matches!(e, SearchError::Cycle { .. }), "{e}");
    }

    #[test]
    fn nim_values_are_xor_and_misere_is_bouton() {
        let mut s = PlainSearch::new(Nim, SearchConfig::default());
        for a in 0..5u32 {
            for b in 0..5 {
                for c in 0..4 {
                    let p = vec![a, b, c];
                    assert_eq!(s.nimber(&p).unwrap(), Nimber((a ^ b ^ c) as u64));
                    let big = p.iter().any(|&h| h > 1);
                    let x = a ^ b ^ c;
                    let misere_p = if big { x == 0 } else { x == 1 };
                    let expect = if misere_p { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&p, Play::Misere).unwrap(), expect, "{p:?}");
                    let wins = s.winning_moves(&p, Play::Normal).unwrap();
                    assert_eq!(wins.is_empty(), x == 0);
                    for w in wins {
                        assert_eq!(w[0] ^ w[1] ^ w[2], 0);
                    }
                }
            }
        }
    }

    #[test]
    fn remoteness_of_small_nim_heaps() {
        let mut s = PlainSearch::new(Nim, SearchConfig::default());
        // A single heap: the winner takes it all at once.
        assert_eq!(s.remoteness(&vec![5], Play::Normal).unwrap(), Remoteness(1));
        // Two equal heaps of 2: the loser delays (takes 1), so 2 -> (1,2) -> (1,1) -> (0,1) -> (0,0).
        assert_eq!(
            s.remoteness(&vec![2, 2], Play::Normal).unwrap(),
            Remoteness(4)
        );
        // Misère: heap 1 is lost (remoteness 2: the forced move, then the phantom one).
        assert_eq!(s.remoteness(&vec![1], Play::Misere).unwrap(), Remoteness(2));
        assert_eq!(s.remoteness(&vec![0], Play::Misere).unwrap(), Remoteness(1));
    }

    proptest! {
        #[test]
        fn outcomes_agree_with_naive_recursion(
            set in proptest::collection::btree_set(1u32..6, 1..4),
            n in 0u32..18,
        ) {
            let g = Subtraction(set.into_iter().collect());
            let mut s = PlainSearch::new(Subtraction(g.0.clone()), SearchConfig::default());
            for misere in [false, true] {
                let play = if misere { Play::Misere } else { Play::Normal };
                let wins = naive(&g, n, misere);
                prop_assert_eq!(s.outcome(&n, play).unwrap().next_player_wins(), wins);
                let has_moves = g.0.iter().any(|&k| k <= n);
                prop_assert_eq!(s.winning_moves(&n, play).unwrap().is_empty(), !(wins && has_moves));
                // Remoteness and suspense carry the outcome in their parity.
                prop_assert_eq!(s.suspense(&n, play).unwrap().outcome(), s.outcome(&n, play).unwrap());
            }
            prop_assert_eq!(s.nimber(&n).unwrap().is_zero(), !naive(&g, n, false));
        }
    }
}
