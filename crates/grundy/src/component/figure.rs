//! A position drawn as a figure: rectangles, lines and words laid out by the
//! game itself on a grid of units (a cake's squares and the lines it may be
//! cut along, a row of numbered cards, two bars), some of them *targets* a
//! click picks a move by. A game declares it through
//! [`Picture::Figure`](super::spec::Picture::Figure): the front end draws the
//! shapes as they come, without knowing the game, and learns from each move
//! (its [`Touch`]) which targets it acts on.

use serde::Serialize;

use super::spec::Look;
use super::Component;
use crate::vocab::outcome::Player;

/// Reads a position of the game into its figure; `None` when the component
/// is not one of the game's positions.
pub type FigureFn = fn(&Component) -> Option<Figure>;

/// The targets of `before`'s figure that the move to `after` by `mover`
/// acts on; `None` when the game cannot tell (then the move is played from
/// the list only).
pub type TouchFn = fn(&Component, &Component, Option<Player>) -> Option<Touch>;

/// A position as shapes on a grid of units, `width` by `height`, `(0, 0)`
/// at the top left.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// How many units across.
    pub width: f64,
    /// How many units down.
    pub height: f64,
    /// The shapes, drawn in order (later ones on top).
    pub shapes: Vec<Shape>,
    /// How many targets the shapes number (from 0).
    pub targets: usize,
}

/// What a shape is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ShapeKind {
    /// A rectangle from `(x, y)`, `w` across and `h` down.
    Rect,
    /// A line from `(x, y)` to `(x + w, y + h)`.
    Line,
    /// Its `text` written centred on `(x, y)`.
    Text,
}

/// One shape of a figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shape {
    /// Rectangle, line or words.
    pub shape: ShapeKind,
    /// Where it starts, across.
    pub x: f64,
    /// Where it starts, down.
    pub y: f64,
    /// How far it reaches across.
    pub w: f64,
    /// How far it reaches down.
    pub h: f64,
    /// How it is coloured: whose it is (a line Left cuts along is Left's).
    pub look: Look,
    /// The words on it (a card's number, a bar's length).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The target it is, when a click on it picks a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<usize>,
    /// What it is, in words ("vertical line 2 of the 3×2 piece"), for a
    /// tooltip and a screen reader.
    pub name: String,
}

impl Shape {
    /// A rectangle.
    pub fn rect(x: f64, y: f64, w: f64, h: f64, look: Look, name: impl Into<String>) -> Shape {
        Shape {
            shape: ShapeKind::Rect,
            x,
            y,
            w,
            h,
            look,
            text: None,
            target: None,
            name: name.into(),
        }
    }

    /// A line from `(x, y)` to `(x + w, y + h)`.
    pub fn line(x: f64, y: f64, w: f64, h: f64, look: Look, name: impl Into<String>) -> Shape {
        Shape {
            shape: ShapeKind::Line,
            ..Shape::rect(x, y, w, h, look, name)
        }
    }

    /// Words centred on `(x, y)`.
    pub fn text(x: f64, y: f64, text: impl Into<String>) -> Shape {
        let text = text.into();
        Shape {
            shape: ShapeKind::Text,
            text: Some(text.clone()),
            ..Shape::rect(x, y, 0.0, 0.0, Look::Empty, text)
        }
    }

    /// The same shape with words on it.
    pub fn with_text(self, text: impl Into<String>) -> Shape {
        Shape {
            text: Some(text.into()),
            ..self
        }
    }

    /// The same shape as target `k`.
    pub fn target(self, k: usize) -> Shape {
        Shape {
            target: Some(k),
            ..self
        }
    }
}

/// The targets a move acts on: `marks`, drawn as the move (the line it
/// cuts along, the card it pivots on), and `also`, other targets a click on
/// which names the same move (cutting the mirror line leaves the same
/// pieces), so a player may click either.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Touch {
    /// What the move does, drawn on the figure; never empty.
    pub marks: Vec<usize>,
    /// Other targets naming the same move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<usize>,
}

impl Touch {
    /// The touch of a move found at each of `ways` (each way's targets):
    /// the first way is what is drawn, the others' targets are `also`.
    pub fn of_ways(ways: Vec<Vec<usize>>) -> Option<Touch> {
        let mut ways = ways.into_iter();
        let marks = ways.next()?;
        if marks.is_empty() {
            return None;
        }
        let mut also: Vec<usize> = ways.flatten().filter(|k| !marks.contains(k)).collect();
        also.sort_unstable();
        also.dedup();
        Some(Touch { marks, also })
    }

    /// Whether a click on target `k` names this move.
    pub fn named_by(&self, k: usize) -> bool {
        self.marks.contains(&k) || self.also.contains(&k)
    }
}
