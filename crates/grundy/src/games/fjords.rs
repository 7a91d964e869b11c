//! Fjords, as CGSuite's `game.graph.Fjords` (its `GenCol([Left], [Right])`).
//!
//! Expression syntax: `fjords("L-.-R-.-L")` — a graph in CGSuite's string
//! form (see [`TintedGraph`]: vertices `.`, `L`, `R` joined by `-`,
//! branches `(-…;-…)`, names `:A` to close cycles, at most
//! [`MAX_GRAPH_VERTICES`](super::MAX_GRAPH_VERTICES) vertices). Left may
//! claim only a vertex marked `L`, Right only one marked `R`. A claimed
//! vertex leaves the graph; its unmarked neighbours take the claimer's mark
//! and its neighbours marked by the opponent leave the graph too — the move
//! of Col and Snort (CGSuite's `GenCol`), with only the choice of vertex
//! different: in Col a player colours any vertex not marked by their own
//! colour, in Snort any not marked by the opponent's, in Fjords only their
//! own.
//!
//! ```
//! use grundy::games::fjords::{fjords, Fjords};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let g = fjords("L-.-.").unwrap();
//! let v = CanonicalSolver::new(Fjords).value(&g).unwrap();
//! assert_eq!(v, Game::parse("3").unwrap()); // L claims the path one vertex at a time
//! ```

use std::fmt;

use super::graph::{tint_of, TintedGraph};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The rules of Fjords.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fjords;

/// A Fjords position: printed `fjords("L-.-R")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FjordsGraph(TintedGraph);

/// Parses a Fjords position (see the module documentation for the syntax).
pub fn fjords(text: &str) -> Result<FjordsGraph, Error> {
    TintedGraph::parse(text, "fjords").map(FjordsGraph)
}

impl FjordsGraph {
    /// The graph.
    pub fn graph(&self) -> &TintedGraph {
        &self.0
    }
}

impl fmt::Display for FjordsGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("fjords(\"")?;
        self.0.write(f)?;
        f.write_str("\")")
    }
}

impl PartizanRules for Fjords {
    type Position = FjordsGraph;

    /// Any vertex marked with the player's own colour.
    fn options(&self, g: &FjordsGraph, player: Player, out: &mut Vec<FjordsGraph>) {
        for v in 0..g.0.len() {
            if g.0.tint(v) == tint_of(player) {
                out.push(FjordsGraph(g.0.coloured(v, player)));
            }
        }
    }

    /// The connected components that hold a marked vertex: a component
    /// with none can never be played in.
    fn split(&self, g: &FjordsGraph, parts: &mut Vec<FjordsGraph>) {
        let components = g.0.components();
        if components.len() > 1 {
            parts.extend(components.into_iter().map(FjordsGraph));
        }
    }

    /// A graph with no marked vertex is the empty graph; a path and its
    /// mirror image share a key.
    fn normalise(&self, g: &FjordsGraph) -> FjordsGraph {
        if (0..g.0.len()).all(|v| g.0.tint(v) == 0) {
            return FjordsGraph(g.0.without(u64::MAX));
        }
        FjordsGraph(g.0.normalised())
    }
}

/// The declaration of `fjords`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "fjords",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Fjords on a graph: claim a vertex of your own mark; it marks its neighbours",
    example: "fjords(\"L-.-R-.-L\")",
    build: |call| super::partizan_rules::string_position::<Fjords>(call, &SPEC, fjords, None),
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Graph {
        click: crate::component::drawing::GraphClick::Vertex,
        draw,
        touched,
    },
};

/// "claim vertex 2": the vertex of the mover's mark claimed, counted
/// from 1 in the order the graph is written.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<Fjords>(before)?,
        position_of::<Fjords>(after)?,
    );
    let player = mover?;
    let v = b.0.vertex_coloured(&a.0, player)?;
    Some(format!("claim vertex {}", v + 1))
}

/// The graph, each vertex in the colour of its tint.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let g = super::partizan_rules::position_of::<Fjords>(c)?;
    Some(g.0.drawing(["unmarked", "Left's", "Right's"]))
}

/// The vertex the move colours.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<Fjords>(before)?,
        position_of::<Fjords>(after)?,
    );
    b.0.vertex_coloured(&a.0, mover?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_own_marks_are_claimed() {
        let g = fjords("L-.-R").unwrap();
        let mut out = Vec::new();
        Fjords.options(&g, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        // L goes; its unmarked neighbour takes L.
        assert_eq!(shown, ["fjords(\"L-R\")"]);
        out.clear();
        Fjords.options(&fjords(".-.").unwrap(), Player::Right, &mut out);
        assert!(out.is_empty());
        let e = fjords("L-x").unwrap_err().to_string();
        assert!(e.contains("invalid fjords position"), "{e}");
    }
}
