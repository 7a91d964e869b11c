//! A loopy partizan game as a finite graph: vertices with Left and Right
//! edges, one of them the start (Siegel, *CGT*, VI.1).

use std::collections::HashMap;

use crate::partizan::Game;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

/// What the graph builders are called in limit errors.
const WHAT: &str = "loopy game graph";

/// Roughly what a vertex costs: two edge lists with their allocations,
/// and its entry in the table of positions while the graph is built.
const VERTEX_BYTES: u64 = 160;

/// The rules of a loopy partizan game: each player's moves from a
/// position. [`LoopyGame::from_rules`] turns a position into its graph.
pub trait LoopyRules {
    /// A position.
    type Position: Clone + Eq + std::hash::Hash;

    /// Appends the positions Left (`left`) or Right can move to.
    fn moves(&self, position: &Self::Position, left: bool, out: &mut Vec<Self::Position>);
}

/// A vertex of a [`LoopyGame`]'s graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub u32);

impl Vertex {
    /// The index of the vertex in its graph.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A finite game graph with Left and Right edges and a start vertex. Every
/// vertex is reachable from the start (the builders keep it so), so the
/// graph is exactly the positions of the game.
///
/// A game is *loopy* when play can come back to a position; a *stopper*
/// when no alternating play (Left, Right, Left, …) from any position goes
/// on for ever (Siegel, *CGT*, VI.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    pub(crate) left: Vec<Vec<u32>>,
    pub(crate) right: Vec<Vec<u32>>,
    pub(crate) start: u32,
}

impl LoopyGame {
    /// A game from explicit edge lists: `left[v]` are Left's moves from
    /// vertex `v`, `right[v]` Right's. The vertices not reachable from
    /// `start` are dropped. Errors name an edge to a vertex that does not
    /// exist.
    pub fn from_edges(
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        start: u32,
    ) -> Result<LoopyGame, String> {
        let n = left.len();
        if right.len() != n {
            return Err(format!(
                "{} vertices with Left edges but {} with Right edges: give both lists for every vertex",
                n,
                right.len()
            ));
        }
        if start as usize >= n {
            return Err(format!("start vertex {start} of a graph of {n} vertices"));
        }
        for (v, edges) in left.iter().chain(right.iter()).enumerate() {
            if let Some(&t) = edges.iter().find(|&&t| t as usize >= n) {
                return Err(format!(
                    "vertex {} has an edge to {t}, but the graph has vertices 0..{n}",
                    v % n
                ));
            }
        }
        Ok(LoopyGame { left, right, start }.packed())
    }

    /// The number of positions (vertices).
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Never: a game has at least its start position.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The start vertex.
    pub fn start(&self) -> Vertex {
        Vertex(self.start)
    }

    /// Left's moves from `v`.
    pub fn left_edges(&self, v: Vertex) -> &[u32] {
        &self.left[v.index()]
    }

    /// Right's moves from `v`.
    pub fn right_edges(&self, v: Vertex) -> &[u32] {
        &self.right[v.index()]
    }

    /// The same graph started at `v`, cut down to what `v` reaches.
    pub fn at(&self, v: Vertex) -> LoopyGame {
        self.packed_from(&[v.0]).0
    }

    /// `on = {pass|}`: Left can always pass, Right has no move.
    pub fn on() -> LoopyGame {
        LoopyGame {
            left: vec![vec![0]],
            right: vec![vec![]],
            start: 0,
        }
    }

    /// `off = {|pass}`.
    pub fn off() -> LoopyGame {
        LoopyGame::on().neg()
    }

    /// `dud = {pass|pass}`.
    pub fn dud() -> LoopyGame {
        LoopyGame {
            left: vec![vec![0]],
            right: vec![vec![0]],
            start: 0,
        }
    }

    /// The graph of every position reachable from `start` under `rules`
    /// (breadth-first; each position charged to the budget, the tables
    /// checked against its memory limit before they grow).
    pub fn from_rules<R: LoopyRules>(
        rules: &R,
        start: R::Position,
        budget: &Budget,
    ) -> Result<LoopyGame, LimitError> {
        let mut ids: HashMap<R::Position, u32> = HashMap::new();
        let mut order: Vec<R::Position> = Vec::new();
        let bytes_each = VERTEX_BYTES + 2 * std::mem::size_of::<R::Position>() as u64;
        let mut intern =
            |p: R::Position, order: &mut Vec<R::Position>| -> Result<u32, LimitError> {
                if let Some(&id) = ids.get(&p) {
                    return Ok(id);
                }
                budget.charge(WHAT, 1)?;
                budget.check_alloc(WHAT, order.len() as u128 + 1, bytes_each)?;
                let id = u32::try_from(order.len()).map_err(|_| LimitError::Positions {
                    what: WHAT.into(),
                    needed: order.len() as u128 + 1,
                    limit: u32::MAX as u64,
                })?;
                ids.insert(p.clone(), id);
                order.push(p);
                Ok(id)
            };
        intern(start, &mut order)?;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut buf = Vec::new();
        let mut next = 0;
        while next < order.len() {
            budget.tick(WHAT)?;
            for side in [true, false] {
                buf.clear();
                rules.moves(&order[next].clone(), side, &mut buf);
                let mut edges = Vec::with_capacity(buf.len());
                for p in buf.drain(..) {
                    edges.push(intern(p, &mut order)?);
                }
                edges.sort_unstable();
                edges.dedup();
                if side {
                    left.push(edges);
                } else {
                    right.push(edges);
                }
            }
            next += 1;
        }
        Ok(LoopyGame {
            left,
            right,
            start: 0,
        })
    }

    /// The game tree of a short game's canonical form, as a graph (each
    /// distinct subposition once).
    pub fn from_short(g: Game, budget: &Budget) -> Result<LoopyGame, LimitError> {
        let mut ids: HashMap<Game, u32> = HashMap::new();
        let mut games: Vec<Game> = Vec::new();
        let mut left: Vec<Vec<u32>> = Vec::new();
        let mut right: Vec<Vec<u32>> = Vec::new();
        let mut intern = |h: Game, games: &mut Vec<Game>| -> Result<u32, LimitError> {
            if let Some(&id) = ids.get(&h) {
                return Ok(id);
            }
            budget.charge(WHAT, 1)?;
            budget.check_alloc(WHAT, games.len() as u128 + 1, VERTEX_BYTES)?;
            let id = games.len() as u32;
            ids.insert(h, id);
            games.push(h);
            Ok(id)
        };
        intern(g, &mut games)?;
        let mut next = 0;
        while next < games.len() {
            budget.tick(WHAT)?;
            let h = games[next];
            let l = h
                .left_options()
                .into_iter()
                .map(|o| intern(o, &mut games))
                .collect::<Result<Vec<u32>, _>>()?;
            let r = h
                .right_options()
                .into_iter()
                .map(|o| intern(o, &mut games))
                .collect::<Result<Vec<u32>, _>>()?;
            left.push(l);
            right.push(r);
            next += 1;
        }
        Ok(LoopyGame {
            left,
            right,
            start: 0,
        })
    }

    /// The short game this graph is, if it has no cycle at all; `None` for
    /// a loopy graph.
    pub fn to_short(&self) -> Option<Game> {
        if !self.is_loopfree() {
            return None;
        }
        let n = self.len();
        let mut value: Vec<Option<Game>> = vec![None; n];
        // Children before parents: a post-order of the acyclic graph.
        for v in self.post_order() {
            let l: Vec<Game> = self.left[v]
                .iter()
                .map(|&t| value[t as usize].expect("post-order"))
                .collect();
            let r: Vec<Game> = self.right[v]
                .iter()
                .map(|&t| value[t as usize].expect("post-order"))
                .collect();
            value[v] = Some(Game::from_options(&l, &r).ok()?);
        }
        value[self.start as usize]
    }

    /// Vertices in an order where every vertex comes after the vertices it
    /// has edges to (cycles are broken where they close).
    pub(crate) fn post_order(&self) -> Vec<usize> {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut out = Vec::with_capacity(n);
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in 0..n {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            stack.push((root, 0));
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                let nl = self.left[v].len();
                let t = if *i < nl {
                    Some(self.left[v][*i])
                } else {
                    self.right[v].get(*i - nl).copied()
                };
                *i += 1;
                match t {
                    Some(t) if !seen[t as usize] => {
                        seen[t as usize] = true;
                        stack.push((t as usize, 0));
                    }
                    Some(_) => {}
                    None => {
                        out.push(v);
                        stack.pop();
                    }
                }
            }
        }
        out
    }

    /// `-G`: Left's and Right's edges exchanged.
    pub fn neg(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
            start: self.start,
        }
    }

    /// The disjunctive sum `G + H`: its positions are the pairs of
    /// positions reachable from the pair of starts (a player moves in one
    /// component). The product is checked against the budget before it is
    /// built.
    pub fn sum(&self, other: &LoopyGame, budget: &Budget) -> Result<LoopyGame, LimitError> {
        let (n, m) = (self.len(), other.len());
        let pairs = n as u128 * m as u128;
        // A dense map of pairs to vertices, then the reachable vertices.
        budget.check_bytes(WHAT, pairs * 4)?;
        if pairs > u32::MAX as u128 {
            return Err(LimitError::Positions {
                what: WHAT.into(),
                needed: pairs,
                limit: u32::MAX as u64,
            });
        }
        let mut id = vec![u32::MAX; pairs as usize];
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut visit = |a: u32, b: u32, order: &mut Vec<(u32, u32)>| -> Result<u32, LimitError> {
            let k = a as usize * m + b as usize;
            if id[k] == u32::MAX {
                budget.charge(WHAT, 1)?;
                budget.check_alloc(WHAT, order.len() as u128 + 1, VERTEX_BYTES)?;
                id[k] = order.len() as u32;
                order.push((a, b));
            }
            Ok(id[k])
        };
        visit(self.start, other.start, &mut order)?;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut next = 0;
        while next < order.len() {
            budget.tick(WHAT)?;
            let (a, b) = order[next];
            let mut l =
                Vec::with_capacity(self.left[a as usize].len() + other.left[b as usize].len());
            for &t in &self.left[a as usize] {
                l.push(visit(t, b, &mut order)?);
            }
            for &t in &other.left[b as usize] {
                l.push(visit(a, t, &mut order)?);
            }
            let mut r =
                Vec::with_capacity(self.right[a as usize].len() + other.right[b as usize].len());
            for &t in &self.right[a as usize] {
                r.push(visit(t, b, &mut order)?);
            }
            for &t in &other.right[b as usize] {
                r.push(visit(a, t, &mut order)?);
            }
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            left.push(l);
            right.push(r);
            next += 1;
        }
        Ok(LoopyGame {
            left,
            right,
            start: 0,
        })
    }

    /// `G - H`.
    pub fn difference(&self, other: &LoopyGame, budget: &Budget) -> Result<LoopyGame, LimitError> {
        self.sum(&other.neg(), budget)
    }

    /// The graph cut down to the vertices reachable from the start,
    /// renumbered in breadth-first order from it (start 0), each edge list
    /// sorted and without repeats.
    pub(crate) fn packed(&self) -> LoopyGame {
        self.packed_from(&[self.start]).0
    }

    /// The graph cut down to the vertices reachable from any of `roots`,
    /// renumbered in breadth-first order from them (the first root is the
    /// start, 0), each edge list sorted and without repeats; with the new
    /// number of each root. With one root it is [`LoopyGame::packed`]
    /// from that root. Valuing a strongly connected component keeps every
    /// position of the component this way, not only the start.
    pub(crate) fn packed_from(&self, roots: &[u32]) -> (LoopyGame, Vec<u32>) {
        let n = self.len();
        let mut id = vec![u32::MAX; n];
        let mut order = Vec::with_capacity(roots.len());
        for &r in roots {
            if id[r as usize] == u32::MAX {
                id[r as usize] = order.len() as u32;
                order.push(r);
            }
        }
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            for &t in self.left[v].iter().chain(self.right[v].iter()) {
                if id[t as usize] == u32::MAX {
                    id[t as usize] = order.len() as u32;
                    order.push(t);
                }
            }
            next += 1;
        }
        let map = |edges: &Vec<u32>| {
            let mut e: Vec<u32> = edges.iter().map(|&t| id[t as usize]).collect();
            e.sort_unstable();
            e.dedup();
            e
        };
        let g = LoopyGame {
            left: order.iter().map(|&v| map(&self.left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| map(&self.right[v as usize]))
                .collect(),
            start: 0,
        };
        (g, roots.iter().map(|&r| id[r as usize]).collect())
    }

    /// No cycle at all: a short game.
    pub fn is_loopfree(&self) -> bool {
        // Kahn's algorithm on the graph of all edges.
        let n = self.len();
        let mut indegree = vec![0u32; n];
        for v in 0..n {
            for &t in self.left[v].iter().chain(self.right[v].iter()) {
                indegree[t as usize] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut done = 0;
        while let Some(v) = queue.pop() {
            done += 1;
            for &t in self.left[v].iter().chain(self.right[v].iter()) {
                indegree[t as usize] -= 1;
                if indegree[t as usize] == 0 {
                    queue.push(t as usize);
                }
            }
        }
        done == n
    }

    /// No alternating play goes on for ever from any position: a stopper.
    pub fn is_stopper(&self) -> bool {
        self.alternating_cycle_free()
    }

    /// No cycle in the graph of states (vertex, player to move) where each
    /// move passes the turn: Kahn's algorithm on that graph.
    pub(crate) fn alternating_cycle_free(&self) -> bool {
        let n = self.len();
        // State 2v: Left to move at v; 2v+1: Right to move.
        let mut indegree = vec![0u32; 2 * n];
        for v in 0..n {
            for &t in &self.left[v] {
                indegree[2 * t as usize + 1] += 1;
            }
            for &t in &self.right[v] {
                indegree[2 * t as usize] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| indegree[s] == 0).collect();
        let mut done = 0;
        while let Some(s) = queue.pop() {
            done += 1;
            let (v, left_moves) = (s / 2, s % 2 == 0);
            let edges = if left_moves {
                &self.left[v]
            } else {
                &self.right[v]
            };
            for &t in edges {
                let u = 2 * t as usize + usize::from(left_moves);
                indegree[u] -= 1;
                if indegree[u] == 0 {
                    queue.push(u);
                }
            }
        }
        done == 2 * n
    }

    /// Only cycles of length one (passes): a plumtree.
    pub fn is_plumtree(&self) -> bool {
        let without_passes = LoopyGame {
            left: (0..self.len())
                .map(|v| {
                    self.left[v]
                        .iter()
                        .copied()
                        .filter(|&t| t as usize != v)
                        .collect()
                })
                .collect(),
            right: (0..self.len())
                .map(|v| {
                    self.right[v]
                        .iter()
                        .copied()
                        .filter(|&t| t as usize != v)
                        .collect()
                })
                .collect(),
            start: self.start,
        };
        without_passes.is_loopfree()
    }

    /// Edges in all: Left's and Right's.
    pub fn edge_count(&self) -> usize {
        self.left
            .iter()
            .chain(self.right.iter())
            .map(Vec::len)
            .sum()
    }
}
