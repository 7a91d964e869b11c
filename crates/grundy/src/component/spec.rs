//! A game's declaration, read by everything else: its name and kind, a line
//! for the help, an example, how a call such as `kayles(3,5)` is validated
//! into a position ([`Call`] carries the checks every game needs), and how a
//! front end draws it. Each game file under [`crate::games`] declares one
//! [`GameSpec`]; the registry ([`crate::registry`]) lists them.

use std::fmt;

use super::error::ExprError;
use super::ruleset::BuiltinRuleset;
use super::Component;
use crate::language::syntax::{Arg, Item, Span, Term};

/// Impartial or partizan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Both players have the same moves: Grundy values, misère play, compounds.
    Impartial,
    /// Left and Right have their own moves: canonical forms.
    Partizan,
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Impartial => "impartial",
            GameKind::Partizan => "partizan",
        })
    }
}

/// Validates a call into a position.
pub type BuildFn = fn(&Call<'_>) -> Result<Component, ExprError>;
/// A game's words for one move (see [`GameSpec::says`]): the position
/// before, the position after (both of this game), and who moved (`None` in
/// an impartial game). `None` when the move is not one the game can name
/// (then the front ends fall back to the position it leads to).
pub type SaysFn =
    fn(&Component, &Component, Option<crate::vocab::outcome::Player>) -> Option<String>;
/// Validates a call without its position into a ruleset.
pub type RulesetFn = fn(&Call<'_>) -> Result<BuiltinRuleset, ExprError>;

/// A game's declaration: read by the language, the engine and the front ends.
pub struct GameSpec {
    /// The name it is written by.
    pub name: &'static str,
    /// Impartial or partizan.
    pub kind: GameKind,
    /// One line for the help text: what the game is.
    pub summary: &'static str,
    /// How a position is written, as an example that `grundy value` accepts.
    pub example: &'static str,
    /// Validates a call (`name[params](args)`) into a position.
    pub build: BuildFn,
    /// For games whose positions are numbers: validates the ruleset written
    /// without its position (`kayles`, `sub[1,3,4]`, `queen`), as `seq`,
    /// `table` and `verify` take it.
    pub ruleset: Option<RulesetFn>,
    /// How a front end draws and edits its positions.
    pub picture: Picture,
    /// A move in the player's words ("take 4 from heap 2", "vertical
    /// domino on b1–b2"), where the game declares them; read through
    /// [`crate::games::words::says`], which falls back to the position
    /// reached.
    pub says: Option<SaysFn>,
}

/// How a front end (the page of `grundy serve`) draws a game's positions and
/// lets a user set one up. (Not comparable: a graph's picture holds the
/// game's functions.)
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Picture {
    /// The arguments are heap sizes: `nim(3,5,7)`.
    Heaps,
    /// The arguments are rows of pins, a heap a row: `kayles(3,5)` (a
    /// move knocks down one pin or neighbours).
    Pins,
    /// A piece on square `(x, y)` moving toward `(0, 0)`: `queen(3,4)`.
    Square,
    /// One heap and the number taken on the move before, which bounds the
    /// next move: `fibonacci_nim(10,4)`, `mem(10,4)`. Drawn as one heap of
    /// counters with the last move's take beside it; a click on a counter
    /// takes it and those above it, as in [`Picture::Heaps`].
    Memory,
    /// A board written as one string, one character a cell: the last
    /// quoted argument (`turning("1-3","htth")` writes its code first).
    Grid {
        /// The characters a cell may hold.
        cells: &'static [Cell],
        /// Whether the board may have several rows, split by `|` (a
        /// Domineering board), or is one strip (a Toads and Frogs row).
        rows: bool,
        /// How the board and its pieces are drawn.
        style: GridStyle,
    },
    /// A string of edges from the ground up, one character an edge
    /// (Hackenbush): a move cuts an edge, and those above it fall.
    Edges {
        /// The characters an edge may be.
        cells: &'static [Cell],
    },
    /// A graph (Col, Snort, Kayles on graphs, Hackenbush): the game reads
    /// each position into a [`GraphDrawing`](super::drawing::GraphDrawing)
    /// (what `grundy::api::picture` answers), and says which vertex or
    /// edge each move acts on (the `at` of each of `options`' moves), so a
    /// click picks the move.
    Graph {
        /// Whether a click picks a vertex or an edge.
        click: super::drawing::GraphClick,
        /// Reads a position into its drawing.
        #[serde(skip)]
        draw: super::drawing::DrawFn,
        /// The vertex or edge a move acts on.
        #[serde(skip)]
        touched: super::drawing::TouchedFn,
    },
    /// A figure the game lays out itself (a cake of unit squares, a row
    /// of numbered cards, two bars): the game reads each position into a
    /// [`Figure`](super::figure::Figure) of shapes, some of them targets,
    /// and says which targets each move acts on (the `touch` of each of
    /// `options`' moves), so a click on a target picks the move (or, when
    /// several moves share it, the page offers them in words).
    Figure {
        /// Reads a position into its figure.
        #[serde(skip)]
        draw: super::figure::FigureFn,
        /// The targets a move acts on.
        #[serde(skip)]
        touch: super::figure::TouchFn,
    },
    /// Written only as text (values, trees).
    Text,
}

/// How a grid game's board is drawn: the game's own look, so a class sees
/// the board it plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GridStyle {
    /// Each cell filled with the colour of whose it is (Domineering,
    /// Clobber's stones, Toads and Frogs).
    Cells,
    /// A draughts board, dark and light squares, the pieces as discs on
    /// it (Fox and Geese).
    Draughts,
    /// Free cells with the pieces as lettered discs on them (Ski-Jumps'
    /// skiers, the A/B game's tokens).
    Tokens,
    /// A row of coins, each showing heads or tails (the coin-turning
    /// games): a move turns over several coins, the rightmost of which
    /// goes from heads to tails, so a click on that coin names the move
    /// (the page asks which when several moves end there).
    Coins,
}

/// What a character of a grid game's board stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cell {
    /// The character.
    #[serde(rename = "char")]
    pub ch: char,
    /// How it is drawn.
    pub look: Look,
    /// What it is, in words.
    pub name: &'static str,
}

/// How a cell is drawn: by whose it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Look {
    /// A free cell.
    Empty,
    /// A cell no one may use.
    Blocked,
    /// Left's (blue).
    Left,
    /// Right's (red).
    Right,
    /// Either player's (green).
    Neutral,
}

impl Picture {
    /// Whether positions are rows of pins ([`Picture::Pins`]).
    pub fn is_pins(&self) -> bool {
        matches!(self, Picture::Pins)
    }
}

impl fmt::Debug for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameSpec")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl PartialEq for GameSpec {
    fn eq(&self, other: &GameSpec) -> bool {
        self.name == other.name
    }
}

/// A call as written, `name[params](args)`, handed to a game's `build`, with
/// the checks every game needs. Every error points at the offending part
/// and says what would be accepted.
pub struct Call<'t> {
    term: &'t Term,
}

/// The largest whole number a position may hold.
const U64_RANGE: &str = "a whole number from 0 to 18446744073709551615 (2^64-1)";

impl<'t> Call<'t> {
    /// The call written as `term`.
    pub fn new(term: &'t Term) -> Call<'t> {
        Call { term }
    }

    /// The name as written.
    pub fn name(&self) -> &'t str {
        &self.term.name
    }

    /// Where the whole call stands.
    pub fn span(&self) -> Span {
        self.term.span
    }

    /// Where the name stands.
    pub fn name_span(&self) -> Span {
        self.term.name_span
    }

    /// For a value written in CGSuite notation, its text.
    pub fn literal(&self) -> Option<&'t str> {
        self.term.literal.as_deref()
    }

    /// The bracketed parameters, if given.
    pub fn params(&self) -> Option<&'t [Vec<Item>]> {
        self.term.params.as_deref()
    }

    /// The parenthesised arguments, if given.
    pub fn args(&self) -> Option<&'t [Arg]> {
        self.term.args.as_deref()
    }

    /// An error at `span`.
    pub fn error(
        &self,
        span: Span,
        problem: impl Into<String>,
        accepted: impl Into<String>,
    ) -> ExprError {
        ExprError::invalid(span, problem, accepted)
    }

    /// Refuses parameters in `[...]` for a game that takes none.
    pub fn no_params(&self) -> Result<(), ExprError> {
        match self.params() {
            Some(_) => Err(self.error(
                self.name_span(),
                format!("'{}' takes no parameters in [...]", self.name()),
                format!("write {}(...) with the position only", self.name()),
            )),
            None => Ok(()),
        }
    }

    /// The arguments, which must be given: `what` names them (`heaps`),
    /// `usage` says how to write them.
    pub fn required_args(&self, what: &str, usage: &str) -> Result<&'t [Arg], ExprError> {
        self.args().ok_or_else(|| {
            self.error(
                self.span(),
                format!("'{}' needs its {what}", self.name()),
                usage.to_string(),
            )
        })
    }

    /// Every argument as a whole number (`plural` names them in errors).
    pub fn naturals(&self, plural: &str, singular: &str) -> Result<Vec<u64>, ExprError> {
        self.args()
            .unwrap_or(&[])
            .iter()
            .map(|a| natural(a, plural, singular))
            .collect()
    }

    /// The one quoted string argument (and the byte offset of its text).
    pub fn string(&self, example: &str) -> Result<(&'t str, usize), ExprError> {
        match self.args() {
            Some([Arg::Str(s, span)]) if self.params().is_none() => {
                Ok((s.as_str(), span.start + 1))
            }
            _ => Err(self.error(
                self.span(),
                format!("{} takes one position in quotes", self.name()),
                format!("write {example}"),
            )),
        }
    }

    /// Where the arguments stand (the first one), or the whole call.
    pub fn args_span(&self) -> Span {
        match self.args() {
            Some([first, ..]) => first.span(),
            _ => self.span(),
        }
    }
}

/// A whole number argument, with errors naming what it is.
pub fn natural(arg: &Arg, plural: &str, singular: &str) -> Result<u64, ExprError> {
    let invalid = |span: Span, problem: String| ExprError::Invalid {
        at: span.start,
        problem,
        accepted: format!("{singular} is {U64_RANGE}"),
    };
    match arg {
        Arg::Int(text, span) => {
            if text.starts_with('-') {
                return Err(invalid(
                    *span,
                    format!("{plural} cannot be negative, but {text} was given"),
                ));
            }
            text.parse()
                .map_err(|_| invalid(*span, format!("{text} is too large")))
        }
        other => Err(invalid(other.span(), format!("expected {singular}"))),
    }
}

/// Where a parameter item stands.
pub fn item_span(item: &Item) -> Span {
    match item {
        Item::Number(_, s) | Item::Word(_, s) => *s,
        Item::Vector { span, .. } => *span,
    }
}

/// A partizan error moved to where its text stands in the whole expression
/// (`at`, the byte offset of the text the game read); `accepted` says what
/// the game reads, for the errors that do not say it themselves.
pub fn partizan_error(at: usize, e: crate::partizan::Error, accepted: &str) -> ExprError {
    use crate::partizan::Error;
    debug_assert!(!accepted.is_empty(), "an error says what is accepted");
    match e {
        Error::Parse {
            at: i,
            expected,
            found,
        } => ExprError::Invalid {
            at: at + i,
            problem: format!("expected {expected}, found {found}"),
            accepted:
                "a value in CGSuite notation, like {3||2*|1*}, ^*, *2, v<2>, +-1, 1/2 or Tiny(2)"
                    .into(),
        },
        Error::Position {
            reason, accepted, ..
        } => ExprError::Invalid {
            at,
            problem: reason,
            accepted: accepted.into(),
        },
        other => ExprError::Invalid {
            at,
            problem: other.to_string(),
            accepted: accepted.into(),
        },
    }
}
