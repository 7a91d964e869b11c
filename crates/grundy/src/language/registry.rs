//! The registry: every game grundy knows, each declared once in its own file
//! under [`crate::games`].
//!
//! A declaration ([`GameSpec`]) gives the game's name, what kind of game it
//! is, a line for the help text, an example, and the function that validates
//! a call such as `kayles(3,5)` into a position. The expression language, the
//! engine, `verify`, the JSON output and the command's help all read this
//! list; none of them names a game.
//!
//! Adding a game is one new file in `games/` with its rules and a
//! `pub static SPEC: GameSpec`, and one line in [`GAMES`].

use std::fmt;

use crate::engine::component::Component;
use crate::language::expr::{ExprError, Ruleset};
use crate::language::syntax::{Arg, Item, Span, Term};
use crate::script::{ScriptError, ScriptGame};

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
/// Validates a call without its position into a ruleset.
pub type RulesetFn = fn(&Call<'_>) -> Result<Ruleset, ExprError>;

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
}

/// How a front end (the page of `grundy serve`) draws a game's positions and
/// lets a user set one up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Picture {
    /// The arguments are heap sizes: `nim(3,5,7)`.
    Heaps,
    /// A piece on square `(x, y)` moving toward `(0, 0)`: `queen(3,4)`.
    Square,
    /// A board written as one string, one character a cell.
    Grid {
        /// The characters a cell may hold.
        cells: &'static [Cell],
        /// Whether the board may have several rows, split by `|` (a
        /// Domineering board), or is one strip (a Toads and Frogs row).
        rows: bool,
    },
    /// Written only as text (values, graphs, trees).
    Text,
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

use crate::games;

/// Every game, in the order the help lists them.
pub static GAMES: &[&GameSpec] = &[
    &games::nim::SPEC,
    &games::takebreak::SUB,
    &games::takebreak::ALLBUT,
    &games::takebreak::OCTAL,
    &games::takebreak::KAYLES,
    &games::takebreak::DAWSON,
    &games::takebreak::DAWSONS_CHESS,
    &games::takebreak::OFFICERS,
    &games::takebreak::GRUNDY_GAME,
    &games::takebreak::PICK_UP_BRICKS,
    &games::pieces::QUEEN,
    &games::pieces::ROOK,
    &games::pieces::BISHOP,
    &games::pieces::KING,
    &games::pieces::KNIGHT,
    &games::pieces::PIECE,
    &games::staircase::SPEC,
    &games::cram::SPEC,
    &games::arc_kayles::SPEC,
    &games::domineering::SPEC,
    &games::hackenbush::SPEC,
    &games::hackenbush_tree::SPEC,
    &games::toads_frogs::SPEC,
    &games::cutcake::SPEC,
    &games::subtraction::SPEC,
    &games::ab_game::SPEC,
    &games::clobber::SPEC,
    &games::toppling_dominoes::SPEC,
    &games::col::SPEC,
    &games::snort::SPEC,
    &games::amazons::SPEC,
    &games::konane::SPEC,
    &games::fission::SPEC,
    &games::clobber_variants::ANTICLOBBER_SPEC,
    &games::clobber_variants::HOT_CLOBBER_SPEC,
    &games::clobber_variants::KINGS_SPEC,
    &games::clobber_variants::KNIGHTS_SPEC,
    &games::clobber_variants::ROOKS_SPEC,
    &games::clobber_variants::QUEENS_SPEC,
    &games::clobber_variants::DIAGONAL_SPEC,
    &games::gen_toads_frogs::SPEC,
    &games::gen_toads_frogs::ELEPHANTS_RHINOS,
    &games::gen_cutcake::EATCAKE_SPEC,
    &games::gen_cutcake::MAUNDY_CAKE_SPEC,
    &games::gen_cutcake::TURN_AND_EATCAKE_SPEC,
    &games::partizan_euclid::SPEC,
    &games::turning::TURNING,
    &games::turning::TURNING_TURTLES,
    &games::turning::MOCK_TURTLES,
    &games::turning::RULER,
    &games::turning::TURNIPS,
    &games::gen_mem::FIBONACCI_NIM_SPEC,
    &games::gen_mem::TAKE_AWAY_SPEC,
    &games::gen_mem::MEM_SPEC,
    &games::quicksort::SPEC,
    &games::graph_kayles::NODE_KAYLES,
    &games::graph_kayles::ARC_KAYLES,
    &games::ski_jumps::SPEC,
    &games::fjords::SPEC,
    &games::childish_hackenbush::SPEC,
    &games::backsliding_toads_frogs::SPEC,
    &games::fox_geese::SPEC,
    &games::value::SPEC,
    &games::misere_form::SPEC,
];

/// The games an expression may name: the built-in ones ([`GAMES`]) and
/// those loaded from script files (`--rules FILE`). The language reads
/// names through it; the front ends list it.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    scripts: Vec<&'static ScriptGame>,
}

impl Registry {
    /// The built-in games alone.
    pub fn builtin() -> &'static Registry {
        static BUILTIN: Registry = Registry {
            scripts: Vec::new(),
        };
        &BUILTIN
    }

    /// Loads the games of the script at `path` into the registry (and
    /// returns them). A name already taken, by a built-in game or an
    /// earlier file, is refused.
    pub fn load(
        &mut self,
        path: &std::path::Path,
        limits: &crate::Limits,
    ) -> Result<Vec<&'static ScriptGame>, ScriptError> {
        let games = crate::script::load_file(path, limits)?;
        self.add(&games)?;
        Ok(games)
    }

    /// Adds loaded games, refusing a name already taken.
    pub fn add(&mut self, games: &[&'static ScriptGame]) -> Result<(), ScriptError> {
        for g in games {
            let taken = lookup(g.name())
                .map(|_| "a built-in game".to_string())
                .or_else(|| {
                    self.script(g.name())
                        .map(|other| format!("a game of {}", other.path()))
                });
            if let Some(by) = taken {
                return Err(ScriptError::Declaration {
                    file: g.path().to_string(),
                    problem: format!("the name '{}' is taken by {by}", g.name()),
                    accepted: "give the game another name (its file's stem, or name())".into(),
                });
            }
            self.scripts.push(g);
        }
        Ok(())
    }

    /// Takes the scripted game named `name` out (so that a notebook cell
    /// run again can define it anew); whether there was one. Built-in
    /// games stay.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.scripts.len();
        self.scripts.retain(|g| g.name() != name);
        self.scripts.len() != before
    }

    /// The scripted game named `name`, if one is loaded.
    pub fn script(&self, name: &str) -> Option<&'static ScriptGame> {
        self.scripts.iter().copied().find(|g| g.name() == name)
    }

    /// The scripted games, in the order loaded.
    pub fn scripts(&self) -> &[&'static ScriptGame] {
        &self.scripts
    }

    /// The declaration of the game written `name`, if any.
    pub fn lookup(&self, name: &str) -> Option<&'static GameSpec> {
        lookup(name).or_else(|| self.script(name).map(ScriptGame::spec))
    }

    /// Every game: the built-in ones, then the scripted ones.
    pub fn games(&self) -> Vec<&'static GameSpec> {
        GAMES
            .iter()
            .copied()
            .chain(self.scripts.iter().map(|g| g.spec()))
            .collect()
    }

    /// The names of the games of one kind, for "accepted" lists.
    pub fn names(&self, kind: GameKind) -> Vec<&'static str> {
        self.games()
            .into_iter()
            .filter(|g| g.kind == kind)
            .map(|g| g.name)
            .collect()
    }

    /// The known name nearest to `name` (a typo), if one is near enough.
    pub fn closest<'a>(
        &self,
        name: &str,
        extra: impl IntoIterator<Item = &'a str>,
    ) -> Option<String> {
        let scripted: Vec<&str> = self.scripts.iter().map(|g| g.name()).collect();
        closest(name, scripted.into_iter().chain(extra))
    }
}

/// The built-in game written `name`, if any.
pub fn lookup(name: &str) -> Option<&'static GameSpec> {
    GAMES.iter().copied().find(|g| g.name == name)
}

/// The known name nearest to `name` (a typo), if one is near enough.
pub fn closest<'a>(name: &str, extra: impl IntoIterator<Item = &'a str>) -> Option<String> {
    GAMES
        .iter()
        .map(|g| g.name)
        .chain(extra)
        .map(|n| (edit_distance(name, n), n))
        .filter(|&(d, n)| d <= 2.max(n.chars().count() / 3))
        .min()
        .map(|(_, n)| n.to_string())
}

/// The names of the games of one kind, for "accepted" lists.
pub fn names(kind: GameKind) -> Vec<&'static str> {
    GAMES
        .iter()
        .filter(|g| g.kind == kind)
        .map(|g| g.name)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + (ca != b[j]) as usize).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
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
        ExprError::Invalid {
            at: span.start,
            problem: problem.into(),
            accepted: accepted.into(),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid game's example holds only its declared cells, and a board of
    /// every declared cell is one the game reads: the page's editor writes
    /// boards from this list.
    #[test]
    fn grid_pictures_name_the_cells_their_games_read() {
        let mut grids = 0;
        for spec in GAMES {
            let Picture::Grid { cells, rows } = spec.picture else {
                continue;
            };
            grids += 1;
            let board = spec
                .example
                .split_once('"')
                .and_then(|(_, rest)| rest.split_once('"'))
                .map(|(b, _)| b)
                .unwrap_or_else(|| panic!("{}: example has no board string", spec.name));
            for ch in board.chars().filter(|&c| c != '|') {
                assert!(
                    cells.iter().any(|c| c.ch == ch),
                    "{}: example cell {ch:?} is not declared",
                    spec.name
                );
            }
            let all: String = cells.iter().map(|c| c.ch).collect();
            let text = format!("{}(\"{all}\")", spec.name);
            crate::parse_game(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            // Two rows read exactly when the picture says boards have rows
            // (an empty row on top: a board may hold a piece only once,
            // Fox and Geese's fox).
            let empty = cells
                .iter()
                .find(|c| c.look == Look::Empty)
                .map_or(cells[0].ch, |c| c.ch);
            let filler: String = all.chars().map(|_| empty).collect();
            let two = format!("{}(\"{filler}|{all}\")", spec.name);
            assert_eq!(crate::parse_game(&two).is_ok(), rows, "{two}");
        }
        assert!(grids >= 8, "only {grids} grid games");
    }
}
