//! Snort (Winning Ways ch. 6; invented by Simon Norton), as CGSuite's
//! `game.graph.Snort`.
//!
//! Expression syntax: `snort("L-.-.-L")` — a graph in CGSuite's string form
//! (see [`TintedGraph`]: vertices `.`, `L`, `R` joined by `-`, branches
//! `(-…;-…)`, names `:A` to close cycles, at most
//! [`MAX_GRAPH_VERTICES`](super::MAX_GRAPH_VERTICES) vertices). A player colours a vertex in their
//! colour, and no two adjacent vertices may have different colours. A
//! coloured vertex leaves the graph and tints its neighbours: `L` marks a
//! vertex next to a Left (blue) one, which Right may no longer colour; a
//! vertex next to both colours leaves the graph. (The tints mean the same
//! as in Col; only who may colour a tinted vertex differs.)
//!
//! ```
//! use grundy::games::{snort, Snort};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let g = snort("L-.-.-.-L").unwrap();
//! let v = CanonicalSolver::new(Snort).value(&g).unwrap();
//! assert_eq!(v, Game::parse("{4|0,+-1}").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use super::graph::{tint_of, TintedGraph};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The rules of Snort.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snort;

/// A Snort position: printed `snort("L-.-.-L")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SnortGraph(TintedGraph);

/// Parses a Snort position (see the module documentation for the syntax).
pub fn snort(text: &str) -> Result<SnortGraph, Error> {
    TintedGraph::parse(text, "snort").map(SnortGraph)
}

impl SnortGraph {
    /// The graph.
    pub fn graph(&self) -> &TintedGraph {
        &self.0
    }
}

impl fmt::Display for SnortGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("snort(\"")?;
        self.0.write(f)?;
        f.write_str("\")")
    }
}

impl PartizanRules for Snort {
    type Position = SnortGraph;

    /// Any vertex not tinted by the opponent (next to none of their
    /// colour).
    fn options(&self, g: &SnortGraph, player: Player, out: &mut Vec<SnortGraph>) {
        for v in 0..g.0.len() {
            if g.0.tint(v) != tint_of(player.opponent()) {
                out.push(SnortGraph(g.0.coloured(v, player)));
            }
        }
    }

    /// The connected components.
    fn split(&self, g: &SnortGraph, parts: &mut Vec<SnortGraph>) {
        let components = g.0.components();
        if components.len() > 1 {
            parts.extend(components.into_iter().map(SnortGraph));
        }
    }

    /// A path and its mirror image share a key.
    fn normalise(&self, g: &SnortGraph) -> SnortGraph {
        SnortGraph(g.0.normalised())
    }
}

/// The declaration of `snort`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "snort",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Snort on a graph: colour a vertex, never next to the other colour",
    example: "snort(\"L-.-.-L\")",
    build: |call| super::partizan_rules::string_position::<Snort>(call, &SPEC, snort, None),
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Graph {
        click: crate::component::drawing::GraphClick::Vertex,
        draw,
        touched,
    },
};

/// "colour vertex 2 blue": the vertex coloured, counted from 1 in the
/// order the graph is written; its blank neighbours take the tint.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (position_of::<Snort>(before)?, position_of::<Snort>(after)?);
    b.0.colouring_says(&a.0, mover?)
}

/// The graph, each vertex in the colour of its tint.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let g = super::partizan_rules::position_of::<Snort>(c)?;
    Some(g.0.drawing(["blank", "next to blue", "next to red"]))
}

/// The vertex the move colours.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let (b, a) = (position_of::<Snort>(before)?, position_of::<Snort>(after)?);
    b.0.vertex_coloured(&a.0, mover?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colouring_tints_neighbours() {
        let g = snort("L-.-R").unwrap();
        let mut out = Vec::new();
        Snort.options(&g, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        // Left colours L (its neighbour turns L), or the middle vertex (R
        // goes: it is next to blue and red now; L stays L).
        assert_eq!(shown, ["snort(\"L-R\")", "snort(\"L\")"]);
        let e = snort("L-x").unwrap_err().to_string();
        assert!(e.contains("invalid snort position"), "{e}");
    }
}
