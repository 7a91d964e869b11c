//! Node Kayles and Arc Kayles on any graph (Schaefer,
//! 1978), as CGSuite's `game.graph.ArcKayles` and its vertex form.
//!
//! Expression syntax: `node_kayles(".-.-.-.")`, `arc_kayles(".-.-.(-.;-.)")`
//! — a graph in CGSuite's string form (see
//! [`TintedGraph`]: vertices `.` joined by `-`, branches
//! `(-…;-…)`, names `:A` to close cycles, `;` between components, at most
//! [`MAX_GRAPH_VERTICES`](super::MAX_GRAPH_VERTICES) vertices). In Node
//! Kayles a move removes a vertex and its neighbours; in Arc Kayles a move
//! removes an edge's two ends (and every edge at them). Both are impartial;
//! a graph is the sum of its connected components.
//!
//! On a path of `n` vertices Node Kayles is Dawson's chess (octal `0.137`)
//! and Arc Kayles is Dawson's Kayles (`0.07`); the tests check both against
//! the OEIS values in `data/impartial/`.
//!
//! ```
//! use grundy::games::graph_kayles::{kayles_graph, GraphKayles, ARC};
//! use grundy::{Limits, solvers::memo::MemoSolver, Nimber};
//! let mut s = MemoSolver::new(GraphKayles::<ARC>, Limits::default());
//! let path = kayles_graph::<ARC>(".-.-.-.").unwrap();
//! assert_eq!(s.nimber(&path).unwrap(), Nimber(2)); // Dawson's Kayles, 4 pins
//! ```

use std::fmt;

use super::graph::TintedGraph;
use crate::component::drawing::GraphClick;
use crate::component::spec::{GameKind, GameSpec, Picture};
use crate::partizan::Error;
use crate::vocab::rules::Rules;

/// Node Kayles.
pub const NODE: usize = 0;
/// Arc Kayles.
pub const ARC: usize = 1;

const NAMES: [&str; 2] = ["node_kayles", "arc_kayles"];

/// The rules: [`NODE`] or [`ARC`] Kayles.
#[derive(Clone, Copy, Debug, Default)]
pub struct GraphKayles<const K: usize>;

/// A graph of game `K`: printed `node_kayles(".-.-.")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct KaylesGraph<const K: usize>(TintedGraph);

/// Reads a graph of game `K`; its vertices must be untinted (`.`).
pub fn kayles_graph<const K: usize>(text: &str) -> Result<KaylesGraph<K>, Error> {
    let g = TintedGraph::parse(text, NAMES[K])?;
    if let Some(v) = (0..g.len()).find(|&v| g.tint(v) != 0) {
        return Err(super::grid::position_error(
            NAMES[K],
            text,
            0,
            format!("vertex {} is tinted; Kayles vertices have no colour", v + 1),
            "vertices '.' joined by '-', branches '(-…;-…)', names ':A' to join vertices, ';' between components, at most 64 vertices, e.g. \".-.-.\"",
        ));
    }
    Ok(KaylesGraph(g))
}

impl<const K: usize> KaylesGraph<K> {
    /// The graph.
    pub fn graph(&self) -> &TintedGraph {
        &self.0
    }

    /// The components that still have a move, each keyed by its mirror
    /// image if it is a path.
    fn parts(g: TintedGraph) -> Vec<KaylesGraph<K>> {
        g.components()
            .into_iter()
            .filter(|c| K == NODE || c.len() > 1)
            .map(|c| KaylesGraph(c.normalised()))
            .collect()
    }
}

impl<const K: usize> fmt::Display for KaylesGraph<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(\"", NAMES[K])?;
        self.0.write(f)?;
        f.write_str("\")")
    }
}

impl<const K: usize> Rules for GraphKayles<K> {
    type Position = KaylesGraph<K>;

    fn options(&self, p: &KaylesGraph<K>, visit: &mut dyn FnMut(&[KaylesGraph<K>])) {
        let g = &p.0;
        for v in 0..g.len() {
            if K == NODE {
                let gone = (0..g.len())
                    .filter(|&u| u == v || g.joined(u, v))
                    .fold(0u64, |acc, u| acc | 1 << u);
                visit(&KaylesGraph::parts(g.without(gone)));
            } else {
                for u in v + 1..g.len() {
                    if g.joined(u, v) {
                        visit(&KaylesGraph::parts(g.without(1 << u | 1 << v)));
                    }
                }
            }
        }
    }
}

fn build<const K: usize>(
    call: &crate::component::spec::Call<'_>,
) -> Result<crate::component::Component, crate::component::ExprError> {
    let spec = [&NODE_KAYLES, &ARC_KAYLES][K];
    let (text, at) = call.string(spec.example)?;
    let g = kayles_graph::<K>(text).map_err(|e| {
        let accepted = format!("a graph written as in {}", spec.example);
        crate::component::spec::partizan_error(at, e, &accepted)
    })?;
    Ok(super::rules_sum::RulesSum::<GraphKayles<K>>::component(
        spec, g,
    ))
}

/// The declaration of `node_kayles`.
pub static NODE_KAYLES: GameSpec = GameSpec {
    name: "node_kayles",
    kind: GameKind::Impartial,
    summary: "Node Kayles on a graph: remove a vertex and its neighbours",
    example: "node_kayles(\".-.-.-.-.\")",
    build: build::<NODE>,
    ruleset: None,
    says: Some(says::<NODE>),
    picture: Picture::Graph {
        click: GraphClick::Vertex,
        draw: draw::<NODE>,
        touched: touched::<NODE>,
    },
};

/// The declaration of `arc_kayles`.
pub static ARC_KAYLES: GameSpec = GameSpec {
    name: "arc_kayles",
    kind: GameKind::Impartial,
    summary: "Arc Kayles on a graph: remove an edge's two ends",
    example: "arc_kayles(\".-.-.(-.;-.)\")",
    build: build::<ARC>,
    ruleset: None,
    says: Some(says::<ARC>),
    picture: Picture::Graph {
        click: GraphClick::Edge,
        draw: draw::<ARC>,
        touched: touched::<ARC>,
    },
};

/// "take vertex 2 and its neighbours 1 and 3" (Node Kayles) or "take
/// the edge 2–3 and its two ends" (Arc Kayles): vertices counted from 1 in
/// the order their graph is written, "of graph 2" when the position is
/// several graphs.
/// The move from `before` to `after`: the graph it is made in (from 0),
/// how many graphs there were, that graph, and the vertex taken (Node
/// Kayles) or the edge's two ends (Arc Kayles, `u < v`).
fn which<const K: usize>(
    before: &crate::component::Component,
    after: &crate::component::Component,
) -> Option<(usize, usize, TintedGraph, (usize, usize))> {
    use super::rules_sum::parts_of;
    let (b, a) = (
        parts_of::<GraphKayles<K>>(before)?,
        parts_of::<GraphKayles<K>>(after)?,
    );
    let (i, left) = super::words::heap_change(b, a)?;
    let g = b[i].0.clone();
    let reaches = |gone: u64| KaylesGraph::<K>::parts(g.without(gone)) == left;
    let at = if K == NODE {
        let v = (0..g.len()).find(|&v| {
            let gone = (0..g.len())
                .filter(|&u| u == v || g.joined(u, v))
                .fold(0u64, |acc, u| acc | 1 << u);
            reaches(gone)
        })?;
        (v, v)
    } else {
        g.edge_list()
            .into_iter()
            .find(|&(u, v)| reaches(1 << u | 1 << v))?
    };
    Some((i, b.len(), g, at))
}

fn says<const K: usize>(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::words::list;
    let (i, graphs, g, (u, v)) = which::<K>(before, after)?;
    let of = if graphs > 1 {
        format!(" of graph {}", i + 1)
    } else {
        String::new()
    };
    if K == NODE {
        let near: Vec<String> = (0..g.len())
            .filter(|&w| w != v && g.joined(w, v))
            .map(|w| (w + 1).to_string())
            .collect();
        Some(match near.len() {
            0 => format!("take vertex {}{of}", v + 1),
            1 => format!("take vertex {}{of} and its neighbour {}", v + 1, near[0]),
            _ => format!(
                "take vertex {}{of} and its neighbours {}",
                v + 1,
                list(&near)
            ),
        })
    } else {
        Some(format!(
            "take the edge {}–{}{of} and its two ends",
            u + 1,
            v + 1
        ))
    }
}

/// The graphs side by side, their vertices blank.
fn draw<const K: usize>(
    c: &crate::component::Component,
) -> Option<crate::component::drawing::GraphDrawing> {
    let parts = super::rules_sum::parts_of::<GraphKayles<K>>(c)?;
    Some(crate::component::drawing::GraphDrawing::joined(
        parts
            .iter()
            .map(|p| p.0.drawing(["vertex", "vertex", "vertex"])),
    ))
}

/// The vertex (Node Kayles) or edge (Arc Kayles) taken, numbered as in
/// [`draw`]: the graphs' vertices and edges one after the other.
fn touched<const K: usize>(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<usize> {
    let parts = super::rules_sum::parts_of::<GraphKayles<K>>(before)?;
    let (i, _, g, (u, v)) = which::<K>(before, after)?;
    if K == NODE {
        Some(parts[..i].iter().map(|p| p.0.len()).sum::<usize>() + v)
    } else {
        let k = g.edge_list().iter().position(|&e| e == (u, v))?;
        Some(
            parts[..i]
                .iter()
                .map(|p| p.0.edge_list().len())
                .sum::<usize>()
                + k,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options<const K: usize>(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        GraphKayles::<K>.options(&kayles_graph::<K>(text).unwrap(), &mut |parts| {
            let shown: Vec<String> = parts.iter().map(ToString::to_string).collect();
            out.push(shown.join(" + "));
        });
        out
    }

    #[test]
    fn moves_on_paths_and_a_star() {
        assert_eq!(
            options::<NODE>(".-.-."),
            ["node_kayles(\".\")", "", "node_kayles(\".\")"]
        );
        assert_eq!(options::<ARC>(".-.-."), ["", ""]);
        // A star of three leaves: Arc Kayles takes the centre with any edge.
        assert_eq!(options::<ARC>(".-.(-.;-.)"), ["", "", ""]);
        let e = kayles_graph::<NODE>("L-.").unwrap_err().to_string();
        assert!(e.contains("tinted"), "{e}");
    }
}
