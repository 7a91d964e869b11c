//! The Digraph Placement game (arXiv:2407.12219), as cgt-tools'
//! `DigraphPlacement`: every vertex of a directed graph is blue (Left's)
//! or red (Right's); a player picks a vertex of their colour, and it and
//! every vertex its arcs point to leave the graph.
//!
//! Expression syntax: `digraph_placement("RRLLL:1>0,2>0,2>1")` — the
//! vertices' colours in order (`L` blue, `R` red), then, after `:`, the
//! arcs `from>to` between vertices numbered from 0, as cgt-tools'
//! `DirectedGraph::from_edges(&[(1, 0), (2, 0), (2, 1)], &[Right, Right,
//! Left, Left, Left])` lists them; at most [`MAX_DIGRAPH_VERTICES`]
//! vertices. `digraph_placement("LR")` has no arcs. A graph is the sum of
//! its weakly connected components.
//!
//! ```
//! use grundy::games::digraph_placement::{digraph_placement, DigraphPlacement};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let g = digraph_placement("RRLLL:1>0,2>0,3>0,4>0,2>1,3>1,4>1,1>4,2>4,3>4").unwrap();
//! let v = CanonicalSolver::new(DigraphPlacement).value(&g).unwrap();
//! assert_eq!(v, Game::parse("2v*").unwrap()); // cgt-tools' own test
//! ```

use std::fmt;

use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most vertices a graph may have.
pub const MAX_DIGRAPH_VERTICES: usize = 64;

const ACCEPTED: &str = "the vertices' colours ('L' blue, 'R' red), then ':' and arcs 'from>to' between vertices numbered from 0, separated by ',', at most 64 vertices, e.g. \"LRL:0>1,2>1\"";

/// The rules of Digraph Placement.
#[derive(Clone, Copy, Debug, Default)]
pub struct DigraphPlacement;

/// A coloured directed graph: printed `digraph_placement("LRL:0>1,2>1")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Digraph {
    /// Bit `v` set: vertex `v` is blue (Left's).
    left: u64,
    /// The vertices each vertex's arcs point to, as bit sets.
    out: Vec<u64>,
}

/// Parses a Digraph Placement position (see the module documentation).
pub fn digraph_placement(text: &str) -> Result<Digraph, Error> {
    let err = |at: usize, reason: String| {
        super::grid::position_error("digraph_placement", text, at, reason, ACCEPTED)
    };
    let (colours, arcs) = text.split_once(':').unwrap_or((text, ""));
    let n = colours.chars().count();
    if n > MAX_DIGRAPH_VERTICES {
        return Err(err(
            0,
            format!("{n} vertices, more than {MAX_DIGRAPH_VERTICES}"),
        ));
    }
    let mut left = 0u64;
    for (i, c) in colours.char_indices() {
        match c {
            'L' | 'l' => left |= 1 << i,
            'R' | 'r' => {}
            _ => return Err(err(i, format!("unexpected {c:?} among the colours"))),
        }
    }
    let mut out = vec![0u64; n];
    let mut at = colours.len() + 1;
    for arc in arcs.split(',') {
        let here = at;
        at += arc.len() + 1;
        if arc.trim().is_empty() {
            continue;
        }
        let vertex = |s: &str| -> Result<usize, Error> {
            let v: usize = s
                .trim()
                .parse()
                .map_err(|_| err(here, format!("{:?} is not a vertex number", s.trim())))?;
            if v >= n {
                return Err(err(
                    here,
                    format!(
                        "vertex {v}, but the graph has {n} vertices (0 to {})",
                        n.max(1) - 1
                    ),
                ));
            }
            Ok(v)
        };
        let Some((from, to)) = arc.split_once('>') else {
            return Err(err(
                here,
                format!("{:?} is not an arc 'from>to'", arc.trim()),
            ));
        };
        out[vertex(from)?] |= 1 << vertex(to)?;
    }
    Ok(Digraph { left, out })
}

impl Digraph {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// Whether vertex `v` is blue (Left's).
    pub fn is_left(&self, v: usize) -> bool {
        self.left >> v & 1 == 1
    }

    /// The graph on the vertices of `keep`, renumbered in order.
    fn induced(&self, keep: u64) -> Digraph {
        let kept: Vec<usize> = (0..self.len()).filter(|&v| keep >> v & 1 == 1).collect();
        let pack = |set: u64| -> u64 {
            kept.iter()
                .enumerate()
                .filter(|&(_, &v)| set >> v & 1 == 1)
                .fold(0, |acc, (i, _)| acc | 1 << i)
        };
        Digraph {
            left: pack(self.left),
            out: kept.iter().map(|&v| pack(self.out[v])).collect(),
        }
    }

    fn all(&self) -> u64 {
        if self.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.len()) - 1
        }
    }

    /// The weakly connected components, as bit sets.
    fn components(&self) -> Vec<u64> {
        let n = self.len();
        let mut undirected = self.out.clone();
        for (v, &set) in self.out.iter().enumerate() {
            for (w, back) in undirected.iter_mut().enumerate() {
                if set >> w & 1 == 1 {
                    *back |= 1 << v;
                }
            }
        }
        let mut seen = 0u64;
        let mut parts = Vec::new();
        for v in 0..n {
            if seen >> v & 1 == 1 {
                continue;
            }
            let mut part = 1u64 << v;
            loop {
                let grown = (0..n)
                    .filter(|&w| part >> w & 1 == 1)
                    .fold(part, |acc, w| acc | undirected[w]);
                if grown == part {
                    break;
                }
                part = grown;
            }
            seen |= part;
            parts.push(part);
        }
        parts
    }
}

impl fmt::Display for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("digraph_placement(\"")?;
        for v in 0..self.len() {
            f.write_str(if self.is_left(v) { "L" } else { "R" })?;
        }
        let mut first = true;
        for (v, &set) in self.out.iter().enumerate() {
            for w in (0..self.len()).filter(|&w| set >> w & 1 == 1) {
                f.write_str(if first { ":" } else { "," })?;
                write!(f, "{v}>{w}")?;
                first = false;
            }
        }
        f.write_str("\")")
    }
}

impl PartizanRules for DigraphPlacement {
    type Position = Digraph;

    /// Each vertex of the mover's colour: it and the vertices its arcs
    /// point to removed.
    fn options(&self, g: &Digraph, player: Player, out: &mut Vec<Digraph>) {
        for v in 0..g.len() {
            if g.is_left(v) == (player == Player::Left) {
                out.push(g.induced(g.all() & !(1 << v) & !g.out[v]));
            }
        }
    }

    /// The weakly connected components.
    fn split(&self, g: &Digraph, parts: &mut Vec<Digraph>) {
        let components = g.components();
        if components.len() > 1 {
            parts.extend(components.into_iter().map(|c| g.induced(c)));
        }
    }
}

/// The declaration of `digraph_placement`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "digraph_placement",
    kind: crate::component::spec::GameKind::Partizan,
    summary:
        "Digraph Placement: pick a vertex of your colour; it and the vertices its arcs point to go",
    example: "digraph_placement(\"RRLLL:1>0,2>0,3>0,4>0,2>1,3>1,4>1,1>4,2>4,3>4\")",
    build: |call| {
        super::partizan_rules::string_position::<DigraphPlacement>(
            call,
            &SPEC,
            digraph_placement,
            None,
        )
    },
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Text,
};

/// "pick vertex 2": the vertex picked, numbered from 0 as written; the
/// vertices its arcs point to go with it.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<DigraphPlacement>(before)?,
        position_of::<DigraphPlacement>(after)?,
    );
    let player = mover?;
    let v = (0..b.len()).find(|&v| {
        b.is_left(v) == (player == Player::Left) && b.induced(b.all() & !(1 << v) & !b.out[v]) == *a
    })?;
    let with = (b.out[v] & !(1 << v)).count_ones();
    Some(match with {
        0 => format!("pick vertex {v}"),
        1 => format!("pick vertex {v}, taking 1 vertex with it"),
        k => format!("pick vertex {v}, taking {k} vertices with it"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pick_removes_the_vertex_and_its_out_neighbours() {
        let g = digraph_placement("LRL:0>1,2>0").unwrap();
        let mut out = Vec::new();
        DigraphPlacement.options(&g, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            ["digraph_placement(\"L\")", "digraph_placement(\"R\")"]
        );
        assert_eq!(g.to_string(), "digraph_placement(\"LRL:0>1,2>0\")");
        for (bad, says) in [
            ("LXR", "unexpected 'X'"),
            ("LR:0>2", "vertex 2, but the graph has 2 vertices"),
            ("LR:0-1", "not an arc"),
        ] {
            let e = digraph_placement(bad).unwrap_err().to_string();
            assert!(e.contains(says) && e.contains("at most 64 vertices"), "{e}");
        }
        assert!(digraph_placement(&"L".repeat(65))
            .unwrap_err()
            .to_string()
            .contains("65 vertices, more than 64"));
    }
}
