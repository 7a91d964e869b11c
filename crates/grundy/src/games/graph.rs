//! Graphs with tinted vertices written as CGSuite writes them, and the
//! colouring move that Col and Snort share (CGSuite's `GenCol`).
//!
//! The string form (CGSuite's `Graph.Parse`, tutorial "Games on Graphs"):
//! a vertex is `.` (blank), `L` or `R` (tinted); `-` is an edge to the next
//! vertex, so `L-.-R` is a path of three; a blank vertex may be left out
//! where an edge ends (`L--R` = `L-.-R`). After a vertex, `(…;…)` hangs
//! branches off it, each starting with an edge: `.-.(-.;-.)` is a tree.
//! `:A` (or `:{name}`) names a vertex and every vertex of the same name is
//! one vertex, which closes cycles: `.:A-.-.-.-.:A` is a 4-cycle. `;` at the
//! top level separates components. Spaces are ignored. A vertex joined to
//! itself (`:A-:A`) has no effect on Col or Snort and is dropped.

use std::collections::HashMap;
use std::fmt;

use super::grid::position_error;
use crate::component::drawing::{GraphDrawing, GraphEdge, GraphVertex};
use crate::partizan::Error;
use crate::vocab::outcome::Player;

/// The most vertices a graph may have.
pub const MAX_GRAPH_VERTICES: usize = 64;

/// The deepest nesting of `(` accepted.
const MAX_NESTING: usize = 64;

const ACCEPTED: &str = "vertices '.', 'L', 'R' joined by '-', branches '(-…;-…)', names ':A' or ':{name}' to join vertices, ';' between components, at most 64 vertices, e.g. \"L-.-.-R\"";

/// A tint: which player's colour a vertex is next to.
pub(crate) const NONE: u8 = 0;

/// A simple graph of at most [`MAX_GRAPH_VERTICES`] vertices, each untinted
/// (0) or tinted by Left (1) or Right (2).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TintedGraph {
    tints: Vec<u8>,
    adj: Vec<u64>,
}

pub(crate) fn tint_of(player: Player) -> u8 {
    match player {
        Player::Left => 1,
        Player::Right => 2,
    }
}

impl TintedGraph {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.tints.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.tints.is_empty()
    }

    /// The tint of vertex `v`: 0 none, 1 Left, 2 Right.
    pub fn tint(&self, v: usize) -> u8 {
        self.tints[v]
    }

    /// Whether `u` and `v` are joined.
    pub fn joined(&self, u: usize, v: usize) -> bool {
        self.adj[u] >> v & 1 == 1
    }

    /// Reads a graph (see the module documentation); `game` names the game
    /// in errors.
    pub(crate) fn parse(text: &str, game: &'static str) -> Result<TintedGraph, Error> {
        let mut p = Parser {
            text,
            game,
            at: 0,
            graph: TintedGraph {
                tints: Vec::new(),
                adj: Vec::new(),
            },
            names: HashMap::new(),
        };
        p.chain(None, 0)?;
        while let Some((at, tok)) = p.peek() {
            if tok != ";" {
                return Err(p.error(at, format!("unexpected {tok:?}, expected ';' or the end")));
            }
            p.bump();
            p.chain(None, 0)?;
        }
        Ok(p.graph.in_search_order())
    }

    /// The graph after `player` colours vertex `v` (CGSuite's `GenCol`):
    /// `v` goes; its untinted neighbours take `player`'s tint; its
    /// neighbours tinted by the opponent go too (no one may colour them
    /// now).
    pub(crate) fn coloured(&self, v: usize, player: Player) -> TintedGraph {
        let (mine, theirs) = (tint_of(player), tint_of(player.opponent()));
        let mut tints = self.tints.clone();
        let mut gone = 1u64 << v;
        for (u, tint) in tints.iter_mut().enumerate() {
            if u != v && self.joined(v, u) {
                if *tint == NONE {
                    *tint = mine;
                } else if *tint == theirs {
                    gone |= 1 << u;
                }
            }
        }
        TintedGraph {
            tints,
            adj: self.adj.clone(),
        }
        .without(gone)
        .in_search_order()
    }

    /// The vertex whose colouring by `player` turns this graph into
    /// `after` (a move of Col, Snort or Fjords), numbered from 0 in the
    /// order the graph is written: what the game's words for the move name.
    pub(crate) fn vertex_coloured(&self, after: &TintedGraph, player: Player) -> Option<usize> {
        (0..self.len()).find(|&v| self.coloured(v, player) == *after)
    }

    /// "colour vertex 2 blue": the words of a colouring move of Col or
    /// Snort, the vertex counted from 1 in the order the graph is written.
    pub(crate) fn colouring_says(&self, after: &TintedGraph, player: Player) -> Option<String> {
        let v = self.vertex_coloured(after, player)?;
        let colour = match player {
            Player::Left => "blue",
            Player::Right => "red",
        };
        Some(format!("colour vertex {} {colour}", v + 1))
    }

    /// The graph drawn: each vertex in the look of its tint, named by
    /// `names` (untinted, Left's tint, Right's tint); the edges `u`–`v`
    /// with `u < v`, in order of `u` then `v`.
    pub(crate) fn drawing(&self, names: [&'static str; 3]) -> GraphDrawing {
        use crate::component::spec::Look;
        let looks = [Look::Empty, Look::Left, Look::Right];
        GraphDrawing {
            vertices: self
                .tints
                .iter()
                .map(|&t| GraphVertex {
                    look: looks[usize::from(t)],
                    name: names[usize::from(t)],
                    ground: false,
                })
                .collect(),
            edges: self
                .edge_list()
                .into_iter()
                .map(|(u, v)| GraphEdge {
                    ends: [u, v],
                    look: Look::Neutral,
                })
                .collect(),
        }
    }

    /// The edges `(u, v)` with `u < v`, in order of `u` then `v`: how
    /// [`TintedGraph::drawing`] numbers them.
    pub(crate) fn edge_list(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|u| (u + 1..self.len()).map(move |v| (u, v)))
            .filter(|&(u, v)| self.joined(u, v))
            .collect()
    }

    /// The graph renumbered in the order a depth-first search meets its
    /// vertices (from the lowest unvisited vertex, neighbours lowest
    /// first). Every graph here is kept in this order: it is the order in
    /// which [`TintedGraph::write`] prints vertices and `parse` numbers
    /// them, so printing and reading back give the same graph, and
    /// renumbering twice changes nothing.
    fn in_search_order(&self) -> TintedGraph {
        fn visit(g: &TintedGraph, v: usize, seen: &mut u64, order: &mut Vec<usize>) {
            *seen |= 1 << v;
            order.push(v);
            for u in 0..g.len() {
                if g.joined(v, u) && *seen >> u & 1 == 0 {
                    visit(g, u, seen, order); // depth <= 64 vertices
                }
            }
        }
        let mut seen = 0u64;
        let mut order = Vec::with_capacity(self.len());
        for v in 0..self.len() {
            if seen >> v & 1 == 0 {
                visit(self, v, &mut seen, &mut order);
            }
        }
        if order.iter().enumerate().all(|(i, &v)| i == v) {
            return self.clone();
        }
        self.induced(&order)
    }

    /// The graph with the vertices in `gone` removed, the rest renumbered
    /// in order.
    pub(crate) fn without(&self, gone: u64) -> TintedGraph {
        let keep: Vec<usize> = (0..self.len()).filter(|&v| gone >> v & 1 == 0).collect();
        self.induced(&keep)
    }

    /// The subgraph on `vertices`, numbered in the given order.
    fn induced(&self, vertices: &[usize]) -> TintedGraph {
        let tints = vertices.iter().map(|&v| self.tints[v]).collect();
        let adj = vertices
            .iter()
            .map(|&v| {
                vertices
                    .iter()
                    .enumerate()
                    .filter(|&(_, &u)| self.joined(v, u))
                    .fold(0u64, |acc, (j, _)| acc | 1 << j)
            })
            .collect();
        TintedGraph { tints, adj }
    }

    /// The connected components, each renumbered.
    pub(crate) fn components(&self) -> Vec<TintedGraph> {
        let mut left: u64 = if self.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.len()) - 1
        };
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let grown = (0..self.len())
                    .filter(|&v| part >> v & 1 == 1)
                    .fold(part, |acc, v| acc | self.adj[v]);
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            let vs: Vec<usize> = (0..self.len()).filter(|&v| part >> v & 1 == 1).collect();
            parts.push(self.induced(&vs).in_search_order());
        }
        parts
    }

    /// A connected path renumbered from the end whose reading of tints is
    /// the lesser, so a path and its mirror share a key; any other graph
    /// as it is.
    pub(crate) fn normalised(&self) -> TintedGraph {
        let n = self.len();
        let degree = |v: usize| self.adj[v].count_ones();
        let edges: u32 = (0..n).map(degree).sum::<u32>() / 2;
        if n < 2 || edges as usize != n - 1 || (0..n).any(|v| degree(v) > 2) {
            return self.clone();
        }
        let Some(start) = (0..n).find(|&v| degree(v) == 1) else {
            return self.clone();
        };
        let mut order = vec![start];
        let mut prev = usize::MAX;
        let mut at = start;
        while let Some(next) = (0..n).find(|&u| u != prev && self.joined(at, u)) {
            prev = at;
            at = next;
            order.push(at);
        }
        if order.len() != n {
            return self.clone(); // not connected: not a path
        }
        let reversed: Vec<usize> = order.iter().rev().copied().collect();
        let a = self.induced(&order);
        let b = self.induced(&reversed);
        a.min(b)
    }

    /// Writes the graph in the string form, readable by [`TintedGraph::parse`]
    /// and by CGSuite. Vertices are printed in their order (a depth-first
    /// search order, see [`TintedGraph::in_search_order`]), each component
    /// as its search tree; an edge outside the tree joins a vertex to an
    /// earlier one (in a depth-first search every such edge goes back to an
    /// ancestor), and is written at the later vertex as a branch to the
    /// earlier one's name.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.len();
        // The search tree, by the same search that ordered the vertices.
        let mut parent = vec![usize::MAX; n];
        fn visit(g: &TintedGraph, v: usize, seen: &mut u64, parent: &mut [usize]) {
            *seen |= 1 << v;
            for u in 0..g.len() {
                if g.joined(v, u) && *seen >> u & 1 == 0 {
                    parent[u] = v;
                    visit(g, u, seen, parent);
                }
            }
        }
        let mut seen = 0u64;
        let mut roots = Vec::new();
        for v in 0..n {
            if seen >> v & 1 == 0 {
                roots.push(v);
                visit(self, v, &mut seen, &mut parent);
            }
        }
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut named = vec![false; n];
        for v in 0..n {
            for u in 0..v {
                if self.joined(v, u) && parent[v] != u && parent[u] != v {
                    back[v].push(u);
                    named[u] = true;
                }
            }
        }
        let mut names = vec![String::new(); n];
        let mut k = 0;
        for v in 0..n {
            if named[v] {
                names[v] = if k < 26 {
                    format!(":{}", char::from(b'A' + k as u8))
                } else {
                    format!(":{{{k}}}")
                };
                k += 1;
            }
        }
        let label = |v: usize| ['.', 'L', 'R'][usize::from(self.tints[v]).min(2)];
        let children = |v: usize| -> Vec<usize> { (0..n).filter(|&u| parent[u] == v).collect() };
        struct Out<'a> {
            label: &'a dyn Fn(usize) -> char,
            children: &'a dyn Fn(usize) -> Vec<usize>,
            names: &'a [String],
            back: &'a [Vec<usize>],
        }
        fn vertex(f: &mut fmt::Formatter<'_>, o: &Out<'_>, v: usize) -> fmt::Result {
            write!(f, "{}{}", (o.label)(v), o.names[v])?;
            let kids = (o.children)(v);
            if kids.len() + o.back[v].len() == 0 {
                return Ok(());
            }
            if kids.len() == 1 && o.back[v].is_empty() {
                f.write_str("-")?;
                return vertex(f, o, kids[0]); // depth <= 64 vertices
            }
            f.write_str("(")?;
            let mut first = true;
            for &u in &o.back[v] {
                f.write_str(if first { "-" } else { ";-" })?;
                first = false;
                write!(f, "{}{}", (o.label)(u), o.names[u])?;
            }
            for &u in &kids {
                f.write_str(if first { "-" } else { ";-" })?;
                first = false;
                vertex(f, o, u)?;
            }
            f.write_str(")")
        }
        let out = Out {
            label: &label,
            children: &children,
            names: &names,
            back: &back,
        };
        for (i, &r) in roots.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            vertex(f, &out, r)?;
        }
        Ok(())
    }
}

struct Parser<'a> {
    text: &'a str,
    game: &'static str,
    at: usize,
    graph: TintedGraph,
    names: HashMap<&'a str, usize>,
}

impl<'a> Parser<'a> {
    fn error(&self, at: usize, reason: String) -> Error {
        position_error(self.game, self.text, at, reason, ACCEPTED)
    }

    /// The next token, its offset and its length in bytes: one character,
    /// or `{…}` standing for its contents (an unclosed `{` is the token
    /// `{`); spaces skipped.
    fn token(&self) -> Option<(usize, &'a str, usize)> {
        let rest = &self.text[self.at..];
        let at = self.at + (rest.len() - rest.trim_start_matches(' ').len());
        let rest = &self.text[at..];
        let c = rest.chars().next()?;
        if c == '{' {
            if let Some(end) = rest.find('}') {
                return Some((at, &rest[1..end], end + 1));
            }
        }
        Some((at, &rest[..c.len_utf8()], c.len_utf8()))
    }

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.token().map(|(at, tok, _)| (at, tok))
    }

    fn bump(&mut self) {
        if let Some((at, _, len)) = self.token() {
            self.at = at + len;
        }
    }

    /// A chain of vertices joined by edges, from `prec` (the vertex before
    /// it, if any), ending at `;`, `)` or the end.
    fn chain(&mut self, mut prec: Option<usize>, depth: usize) -> Result<(), Error> {
        loop {
            let Some((at, tok)) = self.peek() else {
                return Ok(());
            };
            if let Some(p) = prec {
                match tok {
                    "(" => {
                        if depth >= MAX_NESTING {
                            return Err(self.error(at, "'(' nested more than 64 deep".into()));
                        }
                        loop {
                            self.bump(); // '(' or ';'
                            self.chain(Some(p), depth + 1)?;
                            match self.peek() {
                                Some((_, ";")) => continue,
                                Some((_, ")")) => break,
                                Some((at, tok)) => {
                                    return Err(self.error(
                                        at,
                                        format!("unexpected {tok:?}, expected ';' or ')'"),
                                    ))
                                }
                                None => {
                                    return Err(
                                        self.error(self.text.len(), "an unclosed '('".into())
                                    )
                                }
                            }
                        }
                        self.bump(); // ')'
                        return Ok(());
                    }
                    "-" => self.bump(),
                    ";" | ")" => return Ok(()),
                    ">" | "<" => {
                        return Err(self.error(
                            at,
                            "a directed edge; Col and Snort are played on undirected graphs".into(),
                        ))
                    }
                    _ => {
                        return Err(self.error(
                            at,
                            format!("unexpected {tok:?}, expected '-', '(', ';' or ')'"),
                        ))
                    }
                }
            }
            let (at, tok) = self.peek().unwrap_or((self.text.len(), ""));
            let tint = match tok {
                "L" => 1,
                "R" => 2,
                _ => 0,
            };
            if matches!(tok, "L" | "R" | ".") {
                self.bump();
            } else if !matches!(tok, "" | "-" | ":" | "(" | ";" | ")") {
                return Err(self.error(
                    at,
                    format!("unexpected {tok:?}, expected a vertex '.', 'L' or 'R'"),
                ));
            }
            let mut name = None;
            if let Some((at, ":")) = self.peek() {
                self.bump();
                match self.peek() {
                    Some((at, "{")) => return Err(self.error(at, "an unclosed '{'".into())),
                    Some((_, n)) if !n.is_empty() => {
                        name = Some(n);
                        self.bump();
                    }
                    _ => return Err(self.error(at, "':' without a name after it".into())),
                }
            }
            let v = match name.and_then(|n| self.names.get(n).copied()) {
                Some(v) => {
                    if self.graph.tints[v] != tint {
                        return Err(self.error(
                            at,
                            format!("the vertex named {:?} has two tints", name.unwrap_or("")),
                        ));
                    }
                    v
                }
                None => {
                    let v = self.graph.tints.len();
                    if v >= MAX_GRAPH_VERTICES {
                        return Err(self.error(at, "more than 64 vertices".into()));
                    }
                    self.graph.tints.push(tint);
                    self.graph.adj.push(0);
                    if let Some(n) = name {
                        self.names.insert(n, v);
                    }
                    v
                }
            };
            if let Some(p) = prec {
                if p != v {
                    self.graph.adj[p] |= 1 << v;
                    self.graph.adj[v] |= 1 << p;
                }
            }
            prec = Some(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Show(TintedGraph);
    impl fmt::Display for Show {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.write(f)
        }
    }

    fn g(s: &str) -> TintedGraph {
        TintedGraph::parse(s, "test").unwrap()
    }

    #[test]
    fn reads_cgsuite_strings() {
        let p = g("L-.-R");
        assert_eq!(p.len(), 3);
        assert!(p.joined(0, 1) && p.joined(1, 2) && !p.joined(0, 2));
        assert_eq!(g("L--R"), p, "blank vertices may be left out");
        let t = g(".-.-.(-.;-.)");
        assert_eq!(t.len(), 5);
        assert!(t.joined(2, 3) && t.joined(2, 4));
        let c = g(".:A-.-.-.-.:A");
        assert_eq!(c.len(), 4, "a 4-cycle");
        assert!(c.joined(0, 3) && c.joined(0, 1));
        assert_eq!(g("L;R").components().len(), 2);
        assert_eq!(g("").len(), 0);
        assert_eq!(g(":{root}--:{root}").len(), 2);
    }

    #[test]
    fn prints_what_it_reads() {
        for s in [
            "L-.-R",
            ".-.-.(-.;-.)",
            ".:A-.-.-.:A",
            "L;R-.",
            ".:A(-.:B;-.:C;-.:D);.:B-.:C-.:D-.:A",
            "",
        ] {
            let a = g(s);
            let printed = Show(a.clone()).to_string();
            assert_eq!(g(&printed), a, "{s} printed as {printed}");
        }
    }

    #[test]
    fn paths_share_a_key_with_their_mirror() {
        assert_eq!(g("L-.-R").normalised(), g("R-.-L").normalised());
        assert_eq!(g(".:A-.-.:A").normalised(), g(".:A-.-.:A"), "a cycle stays");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        for (s, needle) in [
            ("L-x", "unexpected \"x\""),
            ("L>R", "directed"),
            ("L-(", "unclosed"),
            ("L:A-R:A", "two tints"),
            ("L:", "without a name"),
        ] {
            let e = TintedGraph::parse(s, "test").unwrap_err().to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
        let long = "-".repeat(64);
        assert!(TintedGraph::parse(&long, "test")
            .unwrap_err()
            .to_string()
            .contains("64 vertices"));
        let deep = ".:A".to_string() + "(-:A".repeat(100).as_str();
        assert!(TintedGraph::parse(&deep, "test")
            .unwrap_err()
            .to_string()
            .contains("nested"));
    }
}
