//! Bipartite Snort, as cgt-tools' `BipartiteSnort`: Snort on a graph whose
//! every vertex already belongs to a player and whose every edge joins a
//! vertex of Left's to one of Right's.
//!
//! Expression syntax: `bipartite_snort("L-R-L")` — a graph in CGSuite's
//! string form (see [`TintedGraph`]: vertices `L` and `R` joined by `-`,
//! branches `(-…;-…)`, names `:A` to close cycles, at most
//! [`MAX_GRAPH_VERTICES`](super::MAX_GRAPH_VERTICES) vertices), with no
//! blank vertex `.` and no edge between two vertices of one player. A player
//! takes a vertex of their own; it leaves the graph with all its neighbours
//! (each is the opponent's, and now next to both colours). That is Snort's
//! move on a graph where every vertex is tinted, and Fjords' too: the three
//! games agree on such graphs, which `tests/rulesets.rs` checks.
//!
//! ```
//! use grundy::games::bipartite_snort::{bipartite_snort, BipartiteSnort};
//! use grundy::partizan::{CanonicalSolver, Game};
//! // A star: Left's centre takes all three leaves with it; each of Right's
//! // leaves takes the centre, leaving Right two free moves.
//! let g = bipartite_snort("L(-R;-R;-R)").unwrap();
//! let v = CanonicalSolver::new(BipartiteSnort).value(&g).unwrap();
//! assert_eq!(v, Game::parse("{0|-2}").unwrap());
//! ```

use std::fmt;

use super::graph::{tint_of, TintedGraph};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The rules of Bipartite Snort.
#[derive(Clone, Copy, Debug, Default)]
pub struct BipartiteSnort;

/// A Bipartite Snort position: printed `bipartite_snort("L-R-L")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct BipartiteSnortGraph(TintedGraph);

/// What the game accepts, for its errors.
const ACCEPTED: &str = "a graph as for snort whose vertices are all 'L' or 'R' (no '.') and whose \
     edges each join an 'L' to an 'R', e.g. \"L-R-L\" or \"L(-R;-R)\"";

/// Parses a Bipartite Snort position (see the module documentation).
pub fn bipartite_snort(text: &str) -> Result<BipartiteSnortGraph, Error> {
    let g = TintedGraph::parse(text, "bipartite_snort")?;
    let refuse =
        |reason: String| super::grid::position_error("bipartite_snort", text, 0, reason, ACCEPTED);
    if let Some(v) = (0..g.len()).find(|&v| g.tint(v) == 0) {
        return Err(refuse(format!(
            "vertex {} is blank: every vertex belongs to Left or to Right",
            v + 1
        )));
    }
    for u in 0..g.len() {
        for v in u + 1..g.len() {
            if g.joined(u, v) && g.tint(u) == g.tint(v) {
                return Err(refuse(format!(
                    "vertices {} and {} are joined and both {}'s: an edge joins Left's to Right's",
                    u + 1,
                    v + 1,
                    if g.tint(u) == 1 { "Left" } else { "Right" }
                )));
            }
        }
    }
    Ok(BipartiteSnortGraph(g))
}

impl BipartiteSnortGraph {
    /// The graph.
    pub fn graph(&self) -> &TintedGraph {
        &self.0
    }
}

impl fmt::Display for BipartiteSnortGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bipartite_snort(\"")?;
        self.0.write(f)?;
        f.write_str("\")")
    }
}

impl PartizanRules for BipartiteSnort {
    type Position = BipartiteSnortGraph;

    /// Any vertex of the player's own. Its neighbours are the opponent's,
    /// so colouring it removes them too, and what is left is again a
    /// bipartite graph with every vertex owned.
    fn options(&self, g: &BipartiteSnortGraph, player: Player, out: &mut Vec<BipartiteSnortGraph>) {
        for v in 0..g.0.len() {
            if g.0.tint(v) == tint_of(player) {
                out.push(BipartiteSnortGraph(g.0.coloured(v, player)));
            }
        }
    }

    /// The connected components.
    fn split(&self, g: &BipartiteSnortGraph, parts: &mut Vec<BipartiteSnortGraph>) {
        let components = g.0.components();
        if components.len() > 1 {
            parts.extend(components.into_iter().map(BipartiteSnortGraph));
        }
    }

    /// A path and its mirror image share a key.
    fn normalise(&self, g: &BipartiteSnortGraph) -> BipartiteSnortGraph {
        BipartiteSnortGraph(g.0.normalised())
    }
}

/// The declaration of `bipartite_snort`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "bipartite_snort",
    kind: crate::component::spec::GameKind::Partizan,
    summary:
        "Bipartite Snort: take a vertex of your own; its neighbours (the opponent's) go with it",
    example: "bipartite_snort(\"L-R-L(-R;-R)\")",
    build: |call| {
        super::partizan_rules::string_position::<BipartiteSnort>(call, &SPEC, bipartite_snort, None)
    },
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Graph {
        click: crate::component::drawing::GraphClick::Vertex,
        draw,
        touched,
    },
};

/// "take vertex 3 and its neighbours 2 and 4": the vertex of the mover's
/// taken and the opponent's vertices that go with it, counted from 1 in the
/// order the graph is written.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<BipartiteSnort>(before)?,
        position_of::<BipartiteSnort>(after)?,
    );
    let v = b.0.vertex_coloured(&a.0, mover?)?;
    let gone: Vec<String> = (0..b.0.len())
        .filter(|&u| u != v && b.0.joined(u, v))
        .map(|u| (u + 1).to_string())
        .collect();
    Some(match gone.as_slice() {
        [] => format!("take vertex {}", v + 1),
        [u] => format!("take vertex {} and its neighbour {u}", v + 1),
        [rest @ .., last] => format!(
            "take vertex {} and its neighbours {} and {last}",
            v + 1,
            rest.join(", ")
        ),
    })
}

/// The graph, each vertex in its owner's colour.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let g = super::partizan_rules::position_of::<BipartiteSnort>(c)?;
    Some(g.0.drawing(["blank", "Left's", "Right's"]))
}

/// The vertex the move takes.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<BipartiteSnort>(before)?,
        position_of::<BipartiteSnort>(after)?,
    );
    b.0.vertex_coloured(&a.0, mover?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{CanonicalSolver, Game};

    #[test]
    fn a_move_takes_the_vertex_and_its_neighbours() {
        let g = bipartite_snort("L-R-L-R").unwrap();
        let mut out = Vec::new();
        BipartiteSnort.options(&g, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        // The first L takes the R after it; the second takes both Rs and
        // leaves the first L alone.
        assert_eq!(
            shown,
            ["bipartite_snort(\"L-R\")", "bipartite_snort(\"L\")"]
        );
    }

    /// Values worked by hand: an owned isolated vertex is a free move, so a
    /// graph of one player's vertices is the count of them; a star of n of
    /// Right's leaves around Left's centre is {0 | −(n−1)}; a path L-R is
    /// {0|0} = ∗.
    #[test]
    fn values_worked_by_hand() {
        let value = |s: &str| {
            CanonicalSolver::new(BipartiteSnort)
                .value(&bipartite_snort(s).unwrap())
                .unwrap()
        };
        assert_eq!(value("L;L;L"), Game::integer(3).unwrap());
        assert_eq!(value("R;R"), Game::integer(-2).unwrap());
        assert_eq!(value("L-R"), Game::nimber(1).unwrap());
        for n in 2..=5 {
            let star = format!("L({})", vec!["-R"; n].join(";"));
            let want = Game::parse(&format!("{{0|-{}}}", n - 1)).unwrap();
            assert_eq!(value(&star), want, "{star}");
        }
    }

    #[test]
    fn blank_vertices_and_same_owner_edges_are_refused() {
        let e = bipartite_snort("L-.-R").unwrap_err().to_string();
        assert!(
            e.contains("vertex 2 is blank") && e.contains("accepted"),
            "{e}"
        );
        let e = bipartite_snort("L-L-R").unwrap_err().to_string();
        assert!(
            e.contains("vertices 1 and 2") && e.contains("Left's"),
            "{e}"
        );
        let e = bipartite_snort("L-x").unwrap_err().to_string();
        assert!(e.contains("invalid bipartite_snort position"), "{e}");
    }
}
