//! A position drawn as a graph: the vertices, the edges and how each is
//! coloured, produced by the game from its position so that a front end
//! (the page of `grundy serve`, Python's pictures) draws it without reading
//! the game's syntax. A game declares it through
//! [`Picture::Graph`](super::spec::Picture::Graph).

use serde::Serialize;

use super::spec::Look;
use super::Component;
use crate::vocab::outcome::Player;

/// Reads a position of the game into its drawing; `None` when the component
/// is not one of the game's positions.
pub type DrawFn = fn(&Component) -> Option<GraphDrawing>;

/// The vertex (for [`GraphClick::Vertex`]) or edge (for
/// [`GraphClick::Edge`]) a move from `before` to `after` by `mover` acts
/// on, numbered as in `before`'s drawing; `None` when no single one does.
pub type TouchedFn = fn(&Component, &Component, Option<Player>) -> Option<usize>;

/// What a click on a graph picks as a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GraphClick {
    /// A vertex (Col, Snort, Node Kayles, Fjords).
    Vertex,
    /// An edge (Arc Kayles, Hackenbush).
    Edge,
}

/// A position as a graph.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphDrawing {
    /// The vertices, numbered from 0 as the game's words count them from 1.
    pub vertices: Vec<GraphVertex>,
    /// The edges, numbered from 0.
    pub edges: Vec<GraphEdge>,
}

/// One vertex.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphVertex {
    /// How it is drawn.
    pub look: Look,
    /// What it is, in words ("blank", "next to blue").
    pub name: &'static str,
    /// Whether it is the ground (Hackenbush), drawn along the bottom.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ground: bool,
}

/// One edge, between two vertices.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphEdge {
    /// Its two ends.
    pub ends: [usize; 2],
    /// How it is drawn (Hackenbush: whose edge it is).
    pub look: Look,
}

impl GraphDrawing {
    /// The drawings `parts` side by side, as one: their vertices and edges
    /// renumbered in order.
    pub fn joined(parts: impl IntoIterator<Item = GraphDrawing>) -> GraphDrawing {
        let mut all = GraphDrawing {
            vertices: Vec::new(),
            edges: Vec::new(),
        };
        for p in parts {
            let offset = all.vertices.len();
            all.vertices.extend(p.vertices);
            all.edges.extend(p.edges.into_iter().map(|e| GraphEdge {
                ends: [e.ends[0] + offset, e.ends[1] + offset],
                look: e.look,
            }));
        }
        all
    }
}

impl GraphDrawing {
    /// A Hackenbush forest drawn: the ground vertex 0, then each edge's
    /// upper end, the edges numbered in the order the forest is written.
    pub fn forest(trees: &[crate::partizan::Edge]) -> GraphDrawing {
        use crate::partizan::{Colour, Edge};
        fn walk(trees: &[Edge], below: usize, d: &mut GraphDrawing) {
            for e in trees {
                let top = d.vertices.len();
                d.vertices.push(GraphVertex {
                    look: Look::Empty,
                    name: "a joint",
                    ground: false,
                });
                d.edges.push(GraphEdge {
                    ends: [below, top],
                    look: match e.colour {
                        Colour::Blue => Look::Left,
                        Colour::Red => Look::Right,
                        Colour::Green => Look::Neutral,
                    },
                });
                walk(&e.above, top, d);
            }
        }
        let mut d = GraphDrawing {
            vertices: vec![GraphVertex {
                look: Look::Empty,
                name: "the ground",
                ground: true,
            }],
            edges: Vec::new(),
        };
        walk(trees, 0, &mut d);
        d
    }
}
