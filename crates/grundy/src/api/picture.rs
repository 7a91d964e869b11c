//! `picture`: each component of a position drawn as its game declares
//! (a graph for Col, Snort, Kayles on graphs, Hackenbush), so that a front
//! end draws it without reading the game's syntax; and the vertex or edge a
//! move acts on, which `options` gives with each move. A compound
//! (`conjunctive(nim(3) + kayles(2), col(".-."))`) is drawn part by part:
//! each component of each of its sums, with the sum it belongs to.

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
    /// In a compound, which of its arguments (a sum, from 0) the
    /// component belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
    /// Its graph, when its game draws one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphDrawing>,
}

/// The answer of `picture`.
#[derive(Clone, Debug, Serialize)]
pub struct PictureAnswer {
    /// The position, as read.
    pub game: String,
    /// Its components in the order written (one for a single game); for
    /// a compound, the components of each of its sums in turn.
    pub parts: Vec<PartPicture>,
    /// For a compound, its name (`conjunctive`, `selective`, …): its parts
    /// are not a sum, and a move may change several of them at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compound: Option<&'static str>,
}

impl std::fmt::Display for PictureAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if let (Some(name), Some(g)) = (self.compound, p.group) {
                write!(f, "{name}, argument {}: ", g + 1)?;
            }
            match &p.graph {
                Some(g) => write!(
                    f,
                    "{}: a graph of {} vertices and {} edges",
                    p.game,
                    g.vertices.len(),
                    g.edges.len()
                )?,
                None => write!(f, "{}: drawn as its game's picture or as text", p.game)?,
            }
        }
        Ok(())
    }
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

/// The components of a sum as written; none for a compound (whose parts
/// are sums of their own).
pub(crate) fn parts_of(game: &GameExpr) -> &[Component] {
    match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c,
        GameExpr::Compound { .. } => &[],
    }
}

/// Each component of `text` with its drawing.
pub fn picture(session: &Session, text: &str) -> Result<PictureAnswer, Error> {
    session.in_notation(|| {
        let game = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        let part = |group: Option<usize>, c: &Component| PartPicture {
            game: c.to_string(),
            group,
            graph: graph_of(c),
        };
        // A compound with a partizan part is one component, valued by its
        // game tree; it is drawn part by part all the same.
        let compound = match &game {
            GameExpr::Compound { kind, parts, .. } => Some((*kind, &parts[..])),
            GameExpr::Sum(c) => match &c[..] {
                [one] => crate::games::compound::parts(one),
                _ => None,
            },
            GameExpr::Misere(_) => None,
        };
        Ok(match compound {
            Some((kind, parts)) => PictureAnswer {
                game: game.to_string(),
                parts: parts
                    .iter()
                    .enumerate()
                    .flat_map(|(g, sum)| sum.iter().map(move |c| part(Some(g), c)))
                    .collect(),
                compound: Some(kind.name()),
            },
            None => PictureAnswer {
                game: game.to_string(),
                parts: parts_of(&game).iter().map(|c| part(None, c)).collect(),
                compound: None,
            },
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::options;
    use crate::Limits;

    /// Every move of every graph game's position acts on one vertex or
    /// edge of its drawing, and no two moves of a player on the same one:
    /// so a click picks exactly one move.
    #[test]
    fn each_move_is_one_vertex_or_edge_of_the_drawing() {
        let session = Session::new(Limits::default());
        let positions = [
            ("col(\"R-.-.-L-.(-.;-R)\")", "vertex"),
            ("snort(\".-L-.:A-.-.-.:A\")", "vertex"),
            ("fjords(\"L-.-R-.-L-L\")", "vertex"),
            ("node_kayles(\".-.:A-.-.-.:A\")", "vertex"),
            ("node_kayles(\".-.;.-.-.;.\")", "vertex"),
            ("arc_kayles(\".-.-.(-.;-.-.);.-.-.\")", "edge"),
            ("hackenbush_graph(\":Gll:A(r:G;e:A)\")", "edge"),
            ("hackenbush_graph(\":Gee:A(re;l:G)\")", "edge"),
            ("childish_hackenbush_graph(\":Gllllrr:G\")", "edge"),
            ("hackenbush_tree(\"l(r,e(l,l)),e,rl\")", "edge"),
            ("childish_hackenbush(\"lr,e(l,l),rr\")", "edge"),
        ];
        for (text, click) in positions {
            let drawn = picture(&session, text).unwrap();
            let [part] = &drawn.parts[..] else {
                panic!("{text}: {} parts", drawn.parts.len())
            };
            let graph = part
                .graph
                .as_ref()
                .unwrap_or_else(|| panic!("{text}: no graph"));
            let count = if click == "vertex" {
                graph.vertices.len()
            } else {
                graph.edges.len()
            };
            for e in &graph.edges {
                assert!(e.ends.iter().all(|&v| v < graph.vertices.len()), "{text}");
            }
            let o = options(&session, text).unwrap();
            let lists = [o.moves, o.left, o.right];
            let mut moves = 0;
            for list in lists.iter().flatten() {
                let mut seen = std::collections::HashSet::new();
                for m in list {
                    let at =
                        m.at.unwrap_or_else(|| panic!("{text}: {} has no at", m.says));
                    assert!(at < count, "{text}: {} at {at} of {count}", m.says);
                    assert!(seen.insert(at), "{text}: two moves on {click} {at}");
                    // The words count from 1 what the drawing counts from 0
                    // (Kayles' words count within each graph, by its ends).
                    if !text.contains("kayles") {
                        let named = format!("{click} {} ", at + 1);
                        assert!(
                            format!("{} ", m.says).contains(&named),
                            "{text}: {} at {at}",
                            m.says
                        );
                    }
                    moves += 1;
                }
            }
            assert!(moves > 0, "{text}");
        }
    }

    /// A compound is drawn part by part, each component with the sum it
    /// belongs to; a graph game among them with its graph.
    #[test]
    fn a_compound_is_drawn_part_by_part() {
        let session = Session::new(Limits::default());
        let drawn = picture(&session, "conjunctive(nim(3) + kayles(2), col(\".-.\"))").unwrap();
        assert_eq!(drawn.compound, Some("conjunctive"));
        // An impartial compound is no component of its own: drawn the same.
        let impartial = picture(&session, "selective(nim(3), kayles(2) + nim(1))").unwrap();
        assert_eq!(impartial.compound, Some("selective"));
        let groups: Vec<Option<usize>> = impartial.parts.iter().map(|p| p.group).collect();
        assert_eq!(groups, [Some(0), Some(1), Some(1)]);
        let parts: Vec<(&str, Option<usize>)> = drawn
            .parts
            .iter()
            .map(|p| (p.game.as_str(), p.group))
            .collect();
        assert_eq!(
            parts,
            [
                ("nim(3)", Some(0)),
                ("kayles(2)", Some(0)),
                ("col(\".-.\")", Some(1))
            ]
        );
        assert_eq!(drawn.parts[2].graph.as_ref().unwrap().vertices.len(), 2);
        let sum = picture(&session, "nim(3) + kayles(2)").unwrap();
        assert_eq!(sum.compound, None);
        assert!(sum.parts.iter().all(|p| p.group.is_none()));
    }

    #[test]
    fn a_game_with_no_graph_has_no_drawing() {
        let session = Session::new(Limits::default());
        let drawn = picture(&session, "nim(3) + col(\".-.\")").unwrap();
        assert!(drawn.parts[0].graph.is_none());
        assert_eq!(drawn.parts[1].graph.as_ref().unwrap().vertices.len(), 2);
    }
}
