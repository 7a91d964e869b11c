//! `picture`: each component of a position drawn as its game declares
//! (a graph for Col, Snort, Kayles on graphs, Hackenbush), so that a front
//! end draws it without reading the game's syntax; and the vertex or edge a
//! move acts on, which `options` gives with each move.

use serde::Serialize;

use super::{Error, Session};
use crate::component::drawing::GraphDrawing;
use crate::component::spec::Picture;
use crate::component::Component;
use crate::language::expr::{parse_any_in, GameExpr};
use crate::vocab::outcome::Player;

/// One component and its drawing.
#[derive(Clone, Debug, Serialize)]
pub struct PartPicture {
    /// The component as written.
    pub game: String,
    /// Its graph, when its game draws one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphDrawing>,
}

/// The answer of `picture`.
#[derive(Clone, Debug, Serialize)]
pub struct PictureAnswer {
    /// The position, as read.
    pub game: String,
    /// Its components in the order written (one for a single game).
    pub parts: Vec<PartPicture>,
}

/// The graph of `c`, when its game draws positions as graphs.
pub fn graph_of(c: &Component) -> Option<GraphDrawing> {
    match c.spec().picture {
        Picture::Graph { draw, .. } => draw(c),
        _ => None,
    }
}

/// The vertex or edge of `before`'s graph that the move to `after` by
/// `mover` acts on, when its game draws positions as graphs.
pub fn touched(before: &Component, after: &Component, mover: Option<Player>) -> Option<usize> {
    match before.spec().picture {
        Picture::Graph { touched, .. } => touched(before, after, mover),
        _ => None,
    }
}

/// The components of `game` as written.
pub(crate) fn parts_of(game: &GameExpr) -> &[Component] {
    match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c,
        GameExpr::Compound { parts, .. } => parts,
    }
}

/// Each component of `text` with its drawing.
pub fn picture(session: &Session, text: &str) -> Result<PictureAnswer, Error> {
    session.in_notation(|| {
        let game = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        Ok(PictureAnswer {
            game: game.to_string(),
            parts: parts_of(&game)
                .iter()
                .map(|c| PartPicture {
                    game: c.to_string(),
                    graph: graph_of(c),
                })
                .collect(),
        })
    })
}
