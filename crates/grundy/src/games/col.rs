//! Col (Winning Ways ch. 2; invented by Colin Vout), as CGSuite's
//! `game.graph.Col`.
//!
//! Expression syntax: `col("R-.-L")` — a graph in CGSuite's string form
//! (see [`TintedGraph`]: vertices `.`, `L`, `R` joined by `-`, branches
//! `(-…;-…)`, names `:A` to close cycles, at most
//! [`MAX_GRAPH_VERTICES`](super::MAX_GRAPH_VERTICES) vertices). A player colours a vertex in their
//! colour, and no two adjacent vertices may have the same colour. A
//! coloured vertex leaves the graph and tints its neighbours: `L` marks a
//! vertex next to a Left (blue) one, which Left may no longer colour; a
//! vertex next to both colours leaves the graph.
//!
//! ```
//! use grundy::games::{col, Col};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let g = col("R-.-R-.-L-.-R-.-R-.").unwrap();
//! let v = CanonicalSolver::new(Col).value(&g).unwrap();
//! assert_eq!(v, Game::parse("7/8").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use super::graph::{tint_of, TintedGraph};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The rules of Col.
#[derive(Clone, Copy, Debug, Default)]
pub struct Col;

/// A Col position: printed `col("R-.-L")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ColGraph(TintedGraph);

/// Parses a Col position (see the module documentation for the syntax).
pub fn col(text: &str) -> Result<ColGraph, Error> {
    TintedGraph::parse(text, "col").map(ColGraph)
}

impl ColGraph {
    /// The graph.
    pub fn graph(&self) -> &TintedGraph {
        &self.0
    }
}

impl fmt::Display for ColGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("col(\"")?;
        self.0.write(f)?;
        f.write_str("\")")
    }
}

impl PartizanRules for Col {
    type Position = ColGraph;

    /// Any vertex not tinted by the player (next to none of their colour).
    fn options(&self, g: &ColGraph, player: Player, out: &mut Vec<ColGraph>) {
        for v in 0..g.0.len() {
            if g.0.tint(v) != tint_of(player) {
                out.push(ColGraph(g.0.coloured(v, player)));
            }
        }
    }

    /// The connected components.
    fn split(&self, g: &ColGraph, parts: &mut Vec<ColGraph>) {
        let components = g.0.components();
        if components.len() > 1 {
            parts.extend(components.into_iter().map(ColGraph));
        }
    }

    /// A path and its mirror image share a key.
    fn normalise(&self, g: &ColGraph) -> ColGraph {
        ColGraph(g.0.normalised())
    }
}

/// The declaration of `col`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "col",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Col on a graph: colour a vertex, never next to your own colour (L/R tinted, . blank)",
    example: "col(\"R-.-L\")",
    build: |call| super::partizan_rules::string_position::<Col>(call, &SPEC, col, None),
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
    let (b, a) = (position_of::<Col>(before)?, position_of::<Col>(after)?);
    b.0.colouring_says(&a.0, mover?)
}

/// The graph, each vertex in the colour of its tint.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let g = super::partizan_rules::position_of::<Col>(c)?;
    Some(g.0.drawing(["blank", "next to blue", "next to red"]))
}

/// The vertex the move colours.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let (b, a) = (position_of::<Col>(before)?, position_of::<Col>(after)?);
    b.0.vertex_coloured(&a.0, mover?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colouring_tints_neighbours() {
        let g = col("R-.-L").unwrap();
        let mut out = Vec::new();
        Col.options(&g, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        // Left colours R (its neighbour turns L), or the middle vertex (R
        // goes: it is next to red and blue now; L stays L).
        assert_eq!(shown, ["col(\"L-L\")", "col(\"L\")"]);
        let e = col("R-x").unwrap_err().to_string();
        assert!(e.contains("invalid col position"), "{e}");
    }
}
