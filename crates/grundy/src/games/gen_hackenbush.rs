//! Hackenbush on any graph — cycles, loops and multiple edges included — as
//! CGSuite's `game.graph.Hackenbush` and `game.graph.ChildishHackenbush`
//! (its `GenHackenbush` schema).
//!
//! Expression syntax: `hackenbush_graph("ll:A(r;e:A)")` and
//! `childish_hackenbush_graph(":Gllrr:G")` — a graph in CGSuite's
//! edge-coloured string form: the string starts at the ground; each letter
//! is an edge to a new vertex, `l` blue (Left cuts it), `r` red (Right),
//! `e` green (either); `(…;…)` after a vertex hangs branches off it (each
//! starts with an edge, and nothing follows the `)`); `:A` or `:{name}`
//! after a vertex names it, and every vertex of the same name is one vertex,
//! which closes cycles (`:Geeee:G` is a 4-cycle on the ground, `ee:Ae:A` a
//! loop on top of two edges). Spaces are ignored; at most
//! [`MAX_HACKENBUSH_EDGES`] edges. As in CGSuite, every edge must reach the
//! ground (`;` may start a new chain only where a name joins it to the
//! rest); unlike CGSuite, the empty string is accepted as the bare ground
//! (value 0), so that a position with no edges left prints and reads back.
//!
//! A cut removes the edge and every edge no longer joined to the ground. In
//! the childish version a blue or red edge may be cut only when nothing
//! else falls with it (green edges cut as usual), CGSuite's
//! `GenHackenbush(childishEdges => [Color.Blue, Color.Red])`.
//!
//! The one shortcut: the parts hanging from the ground apart (the
//! components of the graph with the ground taken out) are a sum, since no
//! cut in one changes what stays joined to the ground in another.
//!
//! ```
//! use grundy::games::gen_hackenbush::{hackenbush_graph, GenHackenbush, PLAIN};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let g = hackenbush_graph("lrlerrr").unwrap();
//! let v = CanonicalSolver::new(GenHackenbush::<PLAIN>).value(&g).unwrap();
//! assert_eq!(v, Game::parse("3/4v[3]*").unwrap()); // CGSuite's own test
//! ```

use std::collections::HashMap;
use std::fmt;

use super::grid::position_error;
use crate::component::spec::{GameKind, GameSpec, Picture};
use crate::partizan::{Colour, Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most edges a graph may have.
pub const MAX_HACKENBUSH_EDGES: usize = 64;

/// The deepest nesting of `(` accepted.
const MAX_NESTING: usize = 64;

/// Plain Hackenbush.
pub const PLAIN: bool = false;
/// Childish Hackenbush: blue and red edges only where nothing else falls.
pub const CHILDISH: bool = true;

const NAMES: [&str; 2] = ["hackenbush_graph", "childish_hackenbush_graph"];

const ACCEPTED: &str = "edges 'l' (blue), 'r' (red), 'e' (green) from the ground up, branches '(…;…)' after a vertex, names ':A' or ':{name}' after a vertex to join vertices (closing cycles), ';' only before a chain that starts at a named vertex, at most 64 edges, every edge joined to the ground, e.g. \"ll:A(r;e:A)\" or \":Geeee:G\"";

/// The rules: [`PLAIN`] or [`CHILDISH`] Hackenbush.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenHackenbush<const C: bool>;

/// A Hackenbush graph, the ground its vertex 0: printed
/// `hackenbush_graph("…")`.
///
/// Its edges are kept in the order the printed string writes them (a
/// depth-first walk from the ground taking each vertex's edges in that
/// order), each from the vertex it is written at, with the vertices
/// numbered as the walk meets them. So a graph read from its own printing
/// is equal to it, and two strings that write the same graph the same way
/// give equal positions.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HackenbushGraph<const C: bool> {
    edges: Vec<(u8, u8, Colour)>,
}

/// Reads a Hackenbush graph (see the module documentation).
pub fn hackenbush_graph(text: &str) -> Result<HackenbushGraph<PLAIN>, Error> {
    HackenbushGraph::parse(text)
}

/// Reads a Childish Hackenbush graph (the same string form).
pub fn childish_hackenbush_graph(text: &str) -> Result<HackenbushGraph<CHILDISH>, Error> {
    HackenbushGraph::parse(text)
}

fn letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'l',
        Colour::Red => 'r',
        Colour::Green => 'e',
    }
}

impl<const C: bool> HackenbushGraph<C> {
    /// The edges: the two ends (0 the ground) and the colour.
    pub fn edges(&self) -> &[(u8, u8, Colour)] {
        &self.edges
    }

    /// Reads a graph (see the module documentation).
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut p = Parser {
            text,
            game: NAMES[C as usize],
            at: 0,
            edges: Vec::new(),
            created: Vec::new(),
            names: HashMap::new(),
        };
        p.graph()?;
        // Every vertex joined to the ground, as CGSuite requires.
        let reached = reach(&p.edges, p.created.len().max(1), u64::MAX);
        if let Some(v) = (0..p.created.len()).find(|&v| !reached[v]) {
            return Err(p.error(
                p.created[v],
                "the graph is not connected: this vertex is not joined to the ground (the first vertex)",
            ));
        }
        Ok(Self::walked(&p.edges, u64::MAX))
    }

    /// The graph of the edges in `keep` still joined to the ground,
    /// renumbered by the printing walk.
    fn walked(edges: &[(u8, u8, Colour)], keep: u64) -> Self {
        let n = edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(1);
        let walk = Walk::new(edges, n, keep);
        let edges = walk
            .order
            .iter()
            .map(|&(e, from, to)| (walk.number[from], walk.number[to], edges[e].2))
            .collect();
        HackenbushGraph { edges }
    }

    fn vertices(&self) -> usize {
        self.edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(1)
    }

    /// Writes the graph as the module documentation reads it.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let walk = Walk::new(&self.edges, self.vertices(), u64::MAX);
        // A vertex is named when an edge written later comes back to it.
        let mut named = vec![None; walk.number.len()];
        let mut next = 0usize;
        for v in walk.preorder.iter().copied() {
            if walk.items[..]
                .iter()
                .flatten()
                .any(|&(_, to, tree)| !tree && to == v)
            {
                named[v] = Some(next);
                next += 1;
            }
        }
        let name = |f: &mut fmt::Formatter<'_>, k: usize| {
            if k < 26 {
                write!(f, ":{}", (b'A' + k as u8) as char)
            } else {
                write!(f, ":{{v{k}}}")
            }
        };
        fn vertex(
            f: &mut fmt::Formatter<'_>,
            walk: &Walk,
            edges: &[(u8, u8, Colour)],
            named: &[Option<usize>],
            name: &dyn Fn(&mut fmt::Formatter<'_>, usize) -> fmt::Result,
            v: usize,
        ) -> fmt::Result {
            if let Some(k) = named[v] {
                name(f, k)?;
            }
            let items = &walk.items[v];
            if items.len() > 1 {
                f.write_str("(")?;
            }
            for (i, &(e, to, tree)) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(";")?;
                }
                write!(f, "{}", letter(edges[e].2))?;
                if tree {
                    vertex(f, walk, edges, named, name, to)?;
                } else if let Some(k) = named[to] {
                    name(f, k)?;
                }
            }
            if items.len() > 1 {
                f.write_str(")")?;
            }
            Ok(())
        }
        vertex(f, &walk, &self.edges, &named, &name, 0)
    }
}

/// Which vertices the edges in `keep` join to the ground.
fn reach(edges: &[(u8, u8, Colour)], n: usize, keep: u64) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if keep >> i & 1 == 0 {
                continue;
            }
            let (a, b) = (a as usize, b as usize);
            for (x, y) in [(a, b), (b, a)] {
                if x == v && !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    seen
}

/// The printing walk: depth first from the ground, each vertex's edges in
/// list order, each edge taken once (from the end the walk reaches first).
struct Walk {
    /// Per vertex, the edges written there: (edge, other end, whether the
    /// walk enters the other end by it).
    items: Vec<Vec<(usize, usize, bool)>>,
    /// (edge, from, to) in the order written.
    order: Vec<(usize, usize, usize)>,
    /// The vertices in the order met.
    preorder: Vec<usize>,
    /// The new number of each vertex met.
    number: Vec<u8>,
}

impl Walk {
    fn new(edges: &[(u8, u8, Colour)], n: usize, keep: u64) -> Walk {
        let mut incident = vec![Vec::new(); n];
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if keep >> i & 1 == 1 {
                incident[a as usize].push(i);
                if b != a {
                    incident[b as usize].push(i);
                }
            }
        }
        let mut w = Walk {
            items: vec![Vec::new(); n],
            order: Vec::new(),
            preorder: Vec::new(),
            number: vec![u8::MAX; n],
        };
        let mut used = 0u64;
        // Depth is at most the number of edges (64).
        fn visit(
            w: &mut Walk,
            edges: &[(u8, u8, Colour)],
            incident: &[Vec<usize>],
            used: &mut u64,
            v: usize,
        ) {
            w.number[v] = w.preorder.len() as u8;
            w.preorder.push(v);
            for &e in &incident[v] {
                if *used >> e & 1 == 1 {
                    continue;
                }
                *used |= 1 << e;
                let (a, b, _) = edges[e];
                let to = if a as usize == v { b } else { a } as usize;
                let tree = w.number[to] == u8::MAX;
                w.items[v].push((e, to, tree));
                w.order.push((e, v, to));
                if tree {
                    visit(w, edges, incident, used, to);
                }
            }
        }
        visit(&mut w, edges, &incident, &mut used, 0);
        w
    }
}

impl<const C: bool> fmt::Display for HackenbushGraph<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(\"", NAMES[C as usize])?;
        self.write(f)?;
        f.write_str("\")")
    }
}

impl<const C: bool> PartizanRules for GenHackenbush<C> {
    type Position = HackenbushGraph<C>;

    /// Cut an edge of the player's colour or a green one; what no longer
    /// reaches the ground falls. Childish: a blue or red cut may not drop
    /// anything else.
    fn options(&self, g: &HackenbushGraph<C>, player: Player, out: &mut Vec<HackenbushGraph<C>>) {
        let all = if g.edges.len() == 64 {
            u64::MAX
        } else {
            (1u64 << g.edges.len()) - 1
        };
        for (i, &(_, _, colour)) in g.edges.iter().enumerate() {
            let mine = match colour {
                Colour::Green => true,
                Colour::Blue => player == Player::Left,
                Colour::Red => player == Player::Right,
            };
            if !mine {
                continue;
            }
            let next = HackenbushGraph::walked(&g.edges, all & !(1 << i));
            if C && colour != Colour::Green && next.edges.len() + 1 != g.edges.len() {
                continue;
            }
            out.push(next);
        }
    }

    /// The parts hanging from the ground apart: the components of the
    /// graph without its ground, each with its edges to the ground (a loop
    /// on the ground is a part of its own).
    fn split(&self, g: &HackenbushGraph<C>, parts: &mut Vec<HackenbushGraph<C>>) {
        let n = g.vertices();
        // Union-find over the vertices other than the ground.
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for &(a, b, _) in &g.edges {
            if a != 0 && b != 0 {
                let (x, y) = (root(&mut parent, a as usize), root(&mut parent, b as usize));
                parent[x] = y;
            }
        }
        let mut masks: Vec<(usize, u64)> = Vec::new();
        for (i, &(a, b, _)) in g.edges.iter().enumerate() {
            let key = match a.max(b) {
                0 => usize::MAX - i, // a loop on the ground
                v => root(&mut parent, v as usize),
            };
            match masks.iter_mut().find(|(k, _)| *k == key) {
                Some((_, m)) => *m |= 1 << i,
                None => masks.push((key, 1 << i)),
            }
        }
        if masks.len() > 1 {
            parts.extend(
                masks
                    .into_iter()
                    .map(|(_, m)| HackenbushGraph::walked(&g.edges, m)),
            );
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    game: &'static str,
    at: usize,
    /// (from, to, colour) in the order written.
    edges: Vec<(u8, u8, Colour)>,
    /// Where each vertex was first written.
    created: Vec<usize>,
    names: HashMap<&'a str, usize>,
}

impl<'a> Parser<'a> {
    fn error(&self, at: usize, reason: impl Into<String>) -> Error {
        position_error(self.game, self.text, at, reason, ACCEPTED)
    }

    /// The next token: its start, its text (a `{…}` name without braces),
    /// and where it ends.
    fn token(&self) -> Result<Option<(usize, &'a str, usize)>, Error> {
        let rest = &self.text[self.at..];
        let Some(skip) = rest.find(|c: char| c != ' ') else {
            return Ok(None);
        };
        let start = self.at + skip;
        let s = &self.text[start..];
        if let Some(inner) = s.strip_prefix('{') {
            return match inner.find('}') {
                Some(end) => Ok(Some((start, &inner[..end], start + end + 2))),
                None => Err(self.error(start, "'{' without its '}'")),
            };
        }
        let c = s.chars().next().unwrap_or(' ');
        Ok(Some((start, &s[..c.len_utf8()], start + c.len_utf8())))
    }

    fn peek(&self) -> Result<Option<(usize, &'a str)>, Error> {
        Ok(self.token()?.map(|(s, t, _)| (s, t)))
    }

    fn bump(&mut self) -> Result<(), Error> {
        if let Some((_, _, end)) = self.token()? {
            self.at = end;
        }
        Ok(())
    }

    fn graph(&mut self) -> Result<(), Error> {
        if self.peek()?.is_none() {
            return Ok(()); // the bare ground
        }
        self.chain(None, 0)?;
        while let Some((at, t)) = self.peek()? {
            if t != ";" {
                return Err(self.error(
                    at,
                    format!("unexpected '{t}' where ';' or the end was expected"),
                ));
            }
            self.bump()?;
            self.chain(None, 0)?;
        }
        Ok(())
    }

    /// A vertex (reached by an edge from `prec`, or starting a chain), then
    /// what follows it: an edge and the next vertex, branches, or nothing.
    fn chain(&mut self, mut prec: Option<(usize, Colour)>, depth: usize) -> Result<(), Error> {
        loop {
            let (start, _) = self.peek()?.unwrap_or((self.text.len(), ""));
            if prec.is_some() && self.edges.len() == MAX_HACKENBUSH_EDGES {
                return Err(self.error(start, format!("more than {MAX_HACKENBUSH_EDGES} edges")));
            }
            if self.peek()?.map(|(_, t)| t) == Some(".") {
                self.bump()?;
            }
            let name = if self.peek()?.map(|(_, t)| t) == Some(":") {
                self.bump()?;
                match self.peek()? {
                    Some((_, t)) if !matches!(t, "(" | ")" | ";" | ":" | "") => {
                        self.bump()?;
                        Some(t)
                    }
                    _ => {
                        return Err(
                            self.error(self.at, "':' needs a name after it, like :A or :{name}")
                        )
                    }
                }
            } else {
                None
            };
            let v = match name.and_then(|n| self.names.get(n).copied()) {
                Some(v) => v,
                None => {
                    let v = self.created.len();
                    if v > MAX_HACKENBUSH_EDGES {
                        return Err(self.error(
                            start,
                            format!("more than {} vertices", MAX_HACKENBUSH_EDGES + 1),
                        ));
                    }
                    self.created.push(start);
                    if let Some(n) = name {
                        self.names.insert(n, v);
                    }
                    v
                }
            };
            if let Some((from, colour)) = prec {
                if self.edges.len() == MAX_HACKENBUSH_EDGES {
                    return Err(
                        self.error(start, format!("more than {MAX_HACKENBUSH_EDGES} edges"))
                    );
                }
                self.edges.push((from as u8, v as u8, colour));
            }
            // What follows the vertex.
            let Some((at, t)) = self.peek()? else {
                return Ok(());
            };
            match t {
                ";" | ")" => return Ok(()),
                "(" => {
                    if depth == MAX_NESTING {
                        return Err(
                            self.error(at, format!("branches nested more than {MAX_NESTING} deep"))
                        );
                    }
                    self.bump()?;
                    loop {
                        let colour = self.edge()?;
                        self.chain(Some((v, colour)), depth + 1)?;
                        match self.peek()? {
                            Some((_, ";")) => self.bump()?,
                            Some((_, ")")) => {
                                self.bump()?;
                                return match self.peek()? {
                                    None | Some((_, ";" | ")")) => Ok(()),
                                    Some((at, t)) => Err(self.error(
                                        at,
                                        format!("'{t}' after ')': a chain ends with its branches"),
                                    )),
                                };
                            }
                            Some((at, t)) => {
                                return Err(
                                    self.error(at, format!("expected ';' or ')', found '{t}'"))
                                )
                            }
                            None => return Err(self.error(at, "'(' without its ')'")),
                        }
                    }
                }
                _ => {
                    let colour = self.edge()?;
                    prec = Some((v, colour));
                }
            }
        }
    }

    /// An edge's colour letter.
    fn edge(&mut self) -> Result<Colour, Error> {
        let Some((at, t)) = self.peek()? else {
            return Err(self.error(self.text.len(), "expected an edge: l, r or e"));
        };
        let colour = match t {
            "l" => Colour::Blue,
            "r" => Colour::Red,
            "e" => Colour::Green,
            "-" => {
                return Err(self.error(
                    at,
                    "a Hackenbush edge is written by its colour: l, r or e, not '-'",
                ))
            }
            _ => return Err(self.error(at, format!("expected an edge (l, r or e), found '{t}'"))),
        };
        self.bump()?;
        Ok(colour)
    }
}

/// The declaration of `hackenbush_graph`.
pub static HACKENBUSH_GRAPH: GameSpec = GameSpec {
    name: "hackenbush_graph",
    kind: GameKind::Partizan,
    summary: "Hackenbush on any graph (CGSuite's strings): l blue, r red, e green edges from the ground, :A names close cycles",
    example: "hackenbush_graph(\":Gll:A(r:G;e:A)\")",
    build: |call| {
        super::partizan_rules::string_position::<GenHackenbush<PLAIN>>(
            call,
            &HACKENBUSH_GRAPH,
            hackenbush_graph,
            None,
        )
    },
    ruleset: None,
    picture: Picture::Graph {
        click: crate::component::drawing::GraphClick::Edge,
        draw: draw::<PLAIN>,
        touched: touched::<PLAIN>,
    },
    says: Some(says::<PLAIN>),
};

/// The declaration of `childish_hackenbush_graph`.
pub static CHILDISH_HACKENBUSH_GRAPH: GameSpec = GameSpec {
    name: "childish_hackenbush_graph",
    kind: GameKind::Partizan,
    summary:
        "Childish Hackenbush on any graph: a blue or red edge is cut only when nothing else falls",
    example: "childish_hackenbush_graph(\":Gllllrr:G\")",
    build: |call| {
        super::partizan_rules::string_position::<GenHackenbush<CHILDISH>>(
            call,
            &CHILDISH_HACKENBUSH_GRAPH,
            childish_hackenbush_graph,
            None,
        )
    },
    ruleset: None,
    picture: Picture::Graph {
        click: crate::component::drawing::GraphClick::Edge,
        draw: draw::<CHILDISH>,
        touched: touched::<CHILDISH>,
    },
    says: Some(says::<CHILDISH>),
};

/// "cut the red edge 3 (as written); 2 edges fall with it": the edge cut,
/// counted from 1 in the order the graph is written (each edge's letter),
/// and how many edges lose the ground with it.
/// The edge (numbered as written, from 0) whose cut turns `b` into `a`.
fn cut<const C: bool>(b: &HackenbushGraph<C>, a: &HackenbushGraph<C>) -> Option<usize> {
    let all = if b.edges.len() == 64 {
        u64::MAX
    } else {
        (1u64 << b.edges.len()) - 1
    };
    (0..b.edges.len()).find(|&i| HackenbushGraph::walked(&b.edges, all & !(1 << i)) == *a)
}

/// The graph, the ground its vertex 0, each edge in its colour, numbered as
/// written.
fn draw<const C: bool>(
    c: &crate::component::Component,
) -> Option<crate::component::drawing::GraphDrawing> {
    use crate::component::drawing::{GraphDrawing, GraphEdge, GraphVertex};
    use crate::component::spec::Look;
    let g = super::partizan_rules::position_of::<GenHackenbush<C>>(c)?;
    Some(GraphDrawing {
        vertices: (0..g.vertices())
            .map(|v| GraphVertex {
                look: Look::Empty,
                name: if v == 0 { "the ground" } else { "a joint" },
                ground: v == 0,
            })
            .collect(),
        edges: g
            .edges
            .iter()
            .map(|&(u, v, colour)| GraphEdge {
                ends: [usize::from(u), usize::from(v)],
                look: match colour {
                    Colour::Blue => Look::Left,
                    Colour::Red => Look::Right,
                    Colour::Green => Look::Neutral,
                },
            })
            .collect(),
    })
}

/// The edge cut, numbered as written.
fn touched<const C: bool>(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    cut(
        position_of::<GenHackenbush<C>>(before)?,
        position_of::<GenHackenbush<C>>(after)?,
    )
}

fn says<const C: bool>(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<GenHackenbush<C>>(before)?,
        position_of::<GenHackenbush<C>>(after)?,
    );
    let i = cut(b, a)?;
    let colour = match b.edges[i].2 {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Green => "green",
    };
    let falls = match b.edges.len() - a.edges.len() - 1 {
        0 => String::new(),
        1 => "; 1 edge falls with it".to_string(),
        n => format!("; {n} edges fall with it"),
    };
    Some(format!(
        "cut the {colour} edge {} (as written){falls}",
        i + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{CanonicalSolver, Game};

    fn value(text: &str) -> String {
        CanonicalSolver::new(GenHackenbush::<PLAIN>)
            .value(&hackenbush_graph(text).unwrap())
            .unwrap()
            .to_string()
    }

    #[test]
    fn reads_and_prints_cgsuite_strings() {
        for (text, shown) in [
            ("lrl", "lrl"),
            ("eee(e;ee)", "eee(e;ee)"),
            ("ee:Aeeee:A", "ee:Aeeee:A"),
            (":Geeee:G", ":Aeeee:A"),
            ("(e:B;e:B)", ":Aee:A"),
            ("e:A e:A", "e:Ae:A"),
            ("", ""),
            ("l:{top};:{top}r", "lr"),
        ] {
            let g = hackenbush_graph(text).unwrap();
            assert_eq!(
                g.to_string(),
                format!("hackenbush_graph(\"{shown}\")"),
                "{text}"
            );
            assert_eq!(hackenbush_graph(shown).unwrap(), g, "{shown} reads back");
        }
    }

    #[test]
    fn cuts_drop_what_leaves_the_ground() {
        let g = hackenbush_graph(":Gll:A(r:G;e:A)").unwrap();
        let mut out = Vec::new();
        GenHackenbush::<PLAIN>.options(&g, Player::Left, &mut out);
        // Either blue edge or the green loop: the cycle holds up the rest,
        // so nothing falls.
        assert_eq!(out.len(), 3);
        assert!(out.iter().all(|p| p.edges.len() == 3));
        let stalk = hackenbush_graph("lre").unwrap();
        out.clear();
        GenHackenbush::<PLAIN>.options(&stalk, Player::Left, &mut out);
        assert_eq!(out[0].to_string(), "hackenbush_graph(\"\")");
        let mut childish = Vec::new();
        let g = childish_hackenbush_graph("lre").unwrap();
        GenHackenbush::<CHILDISH>.options(&g, Player::Left, &mut childish);
        // Not the blue edge (the red and green ones would fall); the green.
        let shown: Vec<String> = childish.iter().map(|p| p.to_string()).collect();
        assert_eq!(shown, ["childish_hackenbush_graph(\"lr\")"]);
    }

    #[test]
    fn known_values() {
        assert_eq!(value("lrlrrllr"), "77/128");
        assert_eq!(value("eeeeeee"), "*7");
        assert_eq!(value(""), "0");
        let v = CanonicalSolver::new(GenHackenbush::<CHILDISH>)
            .value(&childish_hackenbush_graph(":{ground}llllllrrrr:{ground}").unwrap())
            .unwrap();
        assert_eq!(v, Game::parse("{4|-2}").unwrap());
    }

    #[test]
    fn errors_say_what_is_wrong() {
        for (text, says) in [
            ("lrlr;lr", "not connected"),
            ("l-r", "not '-'"),
            ("lx", "found 'x'"),
            ("l(r;e", "without its ')'"),
            ("l(r;e)l", "after ')'"),
            ("l:", "needs a name"),
            ("l:{a", "without its '}'"),
        ] {
            let e = hackenbush_graph(text).unwrap_err().to_string();
            assert!(
                e.contains(says) && e.contains("hackenbush_graph"),
                "{text}: {e}"
            );
        }
        let long = "e".repeat(65);
        let e = hackenbush_graph(&long).unwrap_err().to_string();
        assert!(e.contains("more than 64 edges"), "{e}");
        let deep = "(".repeat(100);
        let e = hackenbush_graph(&deep).unwrap_err().to_string();
        assert!(!e.is_empty());
    }
}
