//! Childish Hackenbush on forests, as CGSuite's
//! `game.graph.ChildishHackenbush` (its `GenHackenbush(childishEdges =>
//! [Color.Blue, Color.Red])`).
//!
//! Expression syntax: `childish_hackenbush("l(l,rl)")` — a forest written
//! as for `hackenbush_tree` (edges `l` blue, `r` red, `e` green from the
//! ground up, the trees on an edge's top in parentheses, separated by `,`
//! or, as CGSuite writes them, `;`). Left cuts a blue edge, Right a red
//! one, either a green one, as in Hackenbush; but a blue or red edge may be
//! cut only if nothing above it would fall (an edge with nothing on its
//! top). Green edges cut as in Hackenbush, taking what stands on them.
//! CGSuite's graphs with cycles are not read here.
//!
//! ```
//! use grundy::games::childish_hackenbush::{childish_hackenbush, ChildishHackenbush};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let p = childish_hackenbush("l(l;rl)").unwrap();
//! let v = CanonicalSolver::new(ChildishHackenbush).value(&p).unwrap();
//! assert_eq!(v, Game::parse("2").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use crate::partizan::{self, Colour, Edge, Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The rules of Childish Hackenbush.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChildishHackenbush;

/// A forest: printed `childish_hackenbush("l(l,rl)")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ChildishForest(Vec<Edge>);

/// Parses a forest (the syntax of `hackenbush_tree`), naming this game in
/// errors.
pub fn childish_hackenbush(text: &str) -> Result<ChildishForest, Error> {
    match partizan::hackenbush_tree(text) {
        Ok(f) => {
            let mut trees = f.0;
            trees.sort();
            Ok(ChildishForest(trees))
        }
        Err(Error::Position {
            input,
            at,
            reason,
            accepted,
            ..
        }) => Err(Error::Position {
            game: "childish_hackenbush",
            input,
            at,
            reason,
            accepted,
        }),
        Err(e) => Err(e),
    }
}

fn write(e: &Edge, out: &mut String) {
    out.push(match e.colour {
        Colour::Blue => 'l',
        Colour::Red => 'r',
        Colour::Green => 'e',
    });
    match e.above.as_slice() {
        [] => {}
        [one] => write(one, out),
        many => {
            out.push('(');
            for (i, a) in many.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(a, out);
            }
            out.push(')');
        }
    }
}

impl fmt::Display for ChildishForest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            write(e, &mut s);
        }
        write!(f, "childish_hackenbush(\"{s}\")")
    }
}

/// Every cut `player` may make in the tree on `e`: `None` cuts `e` itself.
fn cuts(e: &Edge, player: Player, out: &mut Vec<Option<Edge>>) {
    let own = match e.colour {
        Colour::Green => true,
        Colour::Blue => player == Player::Left,
        Colour::Red => player == Player::Right,
    };
    // A blue or red edge is childish: cut only with nothing on its top.
    if own && (e.colour == Colour::Green || e.above.is_empty()) {
        out.push(None);
    }
    for (i, a) in e.above.iter().enumerate() {
        let mut sub = Vec::new();
        cuts(a, player, &mut sub);
        for s in sub {
            let mut above = e.above.clone();
            match s {
                None => {
                    above.remove(i);
                }
                Some(t) => above[i] = t,
            }
            above.sort();
            out.push(Some(Edge {
                colour: e.colour,
                above,
            }));
        }
    }
}

impl PartizanRules for ChildishHackenbush {
    type Position = ChildishForest;

    fn options(&self, p: &ChildishForest, player: Player, out: &mut Vec<ChildishForest>) {
        for (i, e) in p.0.iter().enumerate() {
            if i > 0 && p.0[i - 1] == *e {
                continue; // an equal tree has the same cuts
            }
            let mut found = Vec::new();
            cuts(e, player, &mut found);
            for c in found {
                let mut trees = p.0.clone();
                match c {
                    None => {
                        trees.remove(i);
                    }
                    Some(t) => trees[i] = t,
                }
                trees.sort();
                out.push(ChildishForest(trees));
            }
        }
    }

    /// The trees on the ground are independent summands.
    fn split(&self, p: &ChildishForest, parts: &mut Vec<ChildishForest>) {
        if p.0.len() > 1 {
            parts.extend(p.0.iter().map(|e| ChildishForest(vec![e.clone()])));
        }
    }
}

/// The declaration of `childish_hackenbush`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "childish_hackenbush",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Childish Hackenbush on a forest: blue and red edges are cut only from the top",
    example: "childish_hackenbush(\"l(l,rl)\")",
    build: |call| {
        super::partizan_rules::string_position::<ChildishHackenbush>(
            call,
            &SPEC,
            childish_hackenbush,
            None,
        )
    },
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Graph {
        click: crate::component::drawing::GraphClick::Edge,
        draw,
        touched,
    },
};

/// "cut the blue edge 4 (as written), 2 up from the ground" (a blue or red
/// edge only from the top; a green one with what stands on it):
/// [`super::words::edge_cut`].
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<ChildishHackenbush>(before)?;
    let a = position_of::<ChildishHackenbush>(after)?;
    super::words::edge_cut(&b.0, &a.0)
}

/// The forest on the ground, its edges numbered as written.
fn draw(c: &crate::component::Component) -> Option<crate::component::drawing::GraphDrawing> {
    let f = super::partizan_rules::position_of::<ChildishHackenbush>(c)?;
    Some(crate::component::drawing::GraphDrawing::forest(&f.0))
}

/// The edge cut, numbered as written.
fn touched(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<usize> {
    use super::partizan_rules::position_of;
    let b = position_of::<ChildishHackenbush>(before)?;
    let a = position_of::<ChildishHackenbush>(after)?;
    super::words::forest_cut(&b.0, &a.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_top_edges_of_a_colour() {
        let p = childish_hackenbush("lr,e(l,l)").unwrap();
        let mut out = Vec::new();
        ChildishHackenbush.options(&p, Player::Left, &mut out);
        let mut shown: Vec<String> = out.iter().map(ToString::to_string).collect();
        shown.sort();
        shown.dedup(); // the two blue edges on the green one give one option twice
                       // Left cannot cut the blue edge under the red one; the green edge
                       // goes with its two blue edges, or one blue edge on top goes.
        assert_eq!(
            shown,
            [
                "childish_hackenbush(\"lr\")",
                "childish_hackenbush(\"lr,el\")"
            ]
        );
        let e = childish_hackenbush("l(x)").unwrap_err().to_string();
        assert!(e.contains("childish_hackenbush"), "{e}");
    }
}
