//! Stage two of reading a game expression: the syntax tree validated into a
//! game, or an error that says what was wrong, where, and what is accepted.
//!
//! The rulesets are families read from their parameters at run time:
//!
//! | written | game |
//! |---|---|
//! | `nim(3,5,7)` | Nim heaps |
//! | `sub[1,3,4](10)` | subtraction game with that set |
//! | `allbut[1,3](10)` | subtract any number except those listed |
//! | `octal[0.77](10)`, `octal[4.007](9)` | octal (or hexadecimal) take-and-break code |
//! | `kayles`, `dawson`, `dawsons_chess`, `officers` | 0.77, 0.07, 0.137, 0.6 |
//! | `grundy_game(n)` | split a heap into two unequal heaps |
//! | `queen(x,y)`, `rook`, `bishop`, `king`, `knight` | pieces moving toward (0,0) |
//! | `piece[(dx,dy),(dx,dy)*; N](x,y)` | leaps and rides on an N×N board |
//! | `misere(EXPR)` | the same game, last mover loses |
//! | `0` | the game with no moves |
//!
//! A heap ruleset given several heaps means their sum; `+` adds any games.

use std::fmt;

use crate::partizan;
use crate::syntax::{Arg, Expr, Item, Span, SyntaxError, Term};
use crate::{parse_expr, CompoundKind, Piece, Play, Square, Step, TakeBreak};

/// A validated game expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameExpr {
    /// A disjunctive sum under normal play (the empty sum is `0`).
    Sum(Vec<Group>),
    /// A disjunctive sum under misère play: the player who moves last loses.
    Misere(Vec<Group>),
    /// A compound other than the sum (Winning Ways ch. 9): each part is a sum.
    Compound {
        /// Which compound.
        kind: CompoundKind,
        /// Normal or misère play.
        play: Play,
        /// The components, each a disjunctive sum, in the order written.
        parts: Vec<Vec<Group>>,
    },
}

/// One summand as the user wrote it: a heap ruleset with its heaps, or a piece on its square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Heaps of one heap ruleset (their sum).
    Heaps {
        /// The ruleset.
        rules: HeapRules,
        /// The heap sizes, in the order written.
        heaps: Vec<u64>,
    },
    /// Staircase Nim: coins on steps 0, 1, 2, …; a move takes coins from a
    /// step down to the next one (seed 003).
    Staircase {
        /// Coins on each step, from step 0.
        steps: Vec<u64>,
    },
    /// A partizan component: a value in CGSuite notation or a position of a
    /// partizan game (Domineering, Hackenbush, Toads and Frogs, …).
    Partizan(partizan::Component),
    /// One piece on a board.
    Piece {
        /// The piece and its board.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
}

/// A heap ruleset with the name it is written by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapRules {
    /// How the ruleset is written (`kayles`, `sub[1,3,4]`).
    pub name: String,
    /// The rules.
    pub kind: HeapKind,
}

/// The rules behind a heap ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapKind {
    /// Nim, answered by Bouton's closed form.
    Nim,
    /// Any take-and-break game (octal, hexadecimal, subtraction, Grundy's game).
    TakeBreak(TakeBreak),
}

/// A ruleset named by `seq` or `table`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// A heap ruleset: positions are heap sizes.
    Heap(HeapRules),
    /// A piece: positions are squares.
    Board(Piece),
}

/// A game expression that could not be read, with where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    /// The text does not follow the grammar.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text is well-formed but names something invalid.
    #[error("at column {}: {problem}; {accepted}", .at + 1)]
    Invalid {
        /// Byte offset of the offending part.
        at: usize,
        /// What is wrong.
        problem: String,
        /// What would be accepted.
        accepted: String,
    },
}

impl ExprError {
    /// Byte offset of the offending part of the text.
    pub fn at(&self) -> usize {
        match self {
            ExprError::Syntax(e) => e.at,
            ExprError::Invalid { at, .. } => *at,
        }
    }

    fn invalid(span: Span, problem: impl Into<String>, accepted: impl Into<String>) -> ExprError {
        ExprError::Invalid {
            at: span.start,
            problem: problem.into(),
            accepted: accepted.into(),
        }
    }
}

const HEAP_NAMES: &[&str] = &[
    "nim",
    "sub",
    "allbut",
    "octal",
    "kayles",
    "dawson",
    "dawsons_chess",
    "officers",
    "grundy_game",
    "pick_up_bricks",
];
const BOARD_NAMES: &[&str] = &["queen", "rook", "bishop", "king", "knight", "piece"];
const PARTIZAN_NAMES: &[&str] = &[
    "domineering",
    "hackenbush",
    "toads_frogs",
    "cutcake",
    "ab_game",
    "subtraction",
    "hackenbush_tree",
];
const OTHER_NAMES: &[&str] = &[
    "staircase",
    "selective",
    "not_all",
    "conjunctive",
    "continued_conjunctive",
    "misere",
];

/// The compound written by `name`, if any.
pub(crate) fn compound_kind(name: &str) -> Option<CompoundKind> {
    Some(match name {
        "selective" => CompoundKind::Selective,
        "not_all" => CompoundKind::NotAll,
        "conjunctive" => CompoundKind::Conjunctive,
        "continued_conjunctive" => CompoundKind::ContinuedConjunctive,
        _ => return None,
    })
}

/// How a compound is written.
pub fn compound_name(kind: CompoundKind) -> &'static str {
    match kind {
        CompoundKind::Selective => "selective",
        CompoundKind::NotAll => "not_all",
        CompoundKind::Conjunctive => "conjunctive",
        CompoundKind::ContinuedConjunctive => "continued_conjunctive",
    }
}

fn accepted_names() -> String {
    format!(
        "known games are {}, {}, staircase; partizan {}; values like {{1|0}}, ^*, 1/2; \
         compounds selective(A, B, ...), not_all, conjunctive, continued_conjunctive; misere(...) and 0",
        HEAP_NAMES.join(", "),
        BOARD_NAMES.join(", "),
        PARTIZAN_NAMES.join(", ")
    )
}

/// Parses and validates a game expression.
///
/// ```
/// use grundy::{GameExpr, parse_game};
/// let g = parse_game("nim(3, 5) + queen(2,1)").unwrap();
/// assert_eq!(g.to_string(), "nim(3,5) + queen(2,1)");
/// let err = parse_game("nim(-1)").unwrap_err();
/// assert!(err.to_string().contains("heap sizes"));
/// ```
pub fn parse_game(text: &str) -> Result<GameExpr, ExprError> {
    let expr = parse_expr(text)?;
    validate(&expr)
}

/// Parses a game expression, or else a whole text in CGSuite notation (a
/// value the expression grammar does not delimit, such as a sum written
/// CGSuite's way) as one partizan value. The error is the expression
/// grammar's when neither reads it.
pub fn parse_any(text: &str) -> Result<GameExpr, ExprError> {
    parse_game(text).or_else(|e| match partizan::Game::parse(text) {
        Ok(g) => Ok(GameExpr::Sum(vec![Group::Partizan(
            partizan::Component::Value(g),
        )])),
        Err(_) => Err(e),
    })
}

/// Parses and validates a ruleset given without a position (`kayles`, `piece[(1,2); 8]`).
pub fn parse_ruleset_spec(text: &str) -> Result<Ruleset, ExprError> {
    let term = crate::parse_ruleset(text)?;
    ruleset(&term)
}

/// Validates a parsed expression.
pub fn validate(expr: &Expr) -> Result<GameExpr, ExprError> {
    if let [term] = expr.terms.as_slice() {
        if term.name == "misere" {
            let inner = single_game_arg(
                term,
                "misere(...) takes exactly one game",
                "write misere(nim(1,2,3)) or misere(kayles(4) + nim(2))",
            )?;
            return match validate(inner)? {
                GameExpr::Sum(groups) => Ok(GameExpr::Misere(groups)),
                GameExpr::Compound {
                    kind,
                    play: Play::Normal,
                    parts,
                } => Ok(GameExpr::Compound {
                    kind,
                    play: Play::Misere,
                    parts,
                }),
                GameExpr::Misere(_) | GameExpr::Compound { .. } => Err(ExprError::invalid(
                    inner.span,
                    "misere(...) inside misere(...) means nothing more",
                    "write misere(...) once, around the whole game",
                )),
            };
        }
        if let Some(kind) = compound_kind(&term.name) {
            return compound(term, kind);
        }
    }
    let mut groups = Vec::new();
    for term in &expr.terms {
        if term.name == "misere" || compound_kind(&term.name).is_some() {
            return Err(ExprError::invalid(
                term.span,
                format!(
                    "{}(...) is a way of playing the whole game, not a summand",
                    term.name
                ),
                format!(
                    "put the whole game inside it, as in {}(A, B), and add nothing to it",
                    term.name
                ),
            ));
        }
        if term.name == "0" {
            continue;
        }
        groups.push(group(term)?);
    }
    Ok(GameExpr::Sum(groups))
}

impl GameExpr {
    /// Whether some component is partizan (then the game is analysed as a
    /// partizan sum, impartial components entering as their nimbers).
    pub fn is_partizan(&self) -> bool {
        match self {
            GameExpr::Sum(g) | GameExpr::Misere(g) => {
                g.iter().any(|g| matches!(g, Group::Partizan(_)))
            }
            GameExpr::Compound { parts, .. } => parts
                .iter()
                .flatten()
                .any(|g| matches!(g, Group::Partizan(_))),
        }
    }
}

fn single_game_arg<'t>(
    term: &'t Term,
    problem: &str,
    accepted: &str,
) -> Result<&'t Expr, ExprError> {
    match term.args.as_deref().unwrap_or(&[]) {
        [Arg::Expr(inner)] => Ok(inner),
        _ => Err(ExprError::invalid(term.span, problem, accepted)),
    }
}

fn compound(term: &Term, kind: CompoundKind) -> Result<GameExpr, ExprError> {
    let name = compound_name(kind);
    let usage = format!("write {name}(A, B, ...) with games as components, like {name}(kayles(3), nim(2) + queen(1,2))");
    let args = term.args.as_deref().unwrap_or(&[]);
    if args.is_empty() {
        return Err(ExprError::invalid(
            term.span,
            format!("{name}(...) needs its components"),
            usage,
        ));
    }
    let mut parts = Vec::new();
    for arg in args {
        let e = match arg {
            Arg::Expr(e) => e,
            // `0`, the game with no moves, is read as a number inside parentheses
            Arg::Int(t, _) if t == "0" => {
                parts.push(Vec::new());
                continue;
            }
            _ => {
                return Err(ExprError::invalid(
                    arg.span(),
                    "a component must be a game",
                    usage,
                ))
            }
        };
        match validate(e)? {
            GameExpr::Sum(groups) => parts.push(groups),
            _ => {
                return Err(ExprError::invalid(
                    e.span,
                    "a component of a compound must be a sum of games, not misere(...) or another compound",
                    "put misere(...) around the whole compound",
                ))
            }
        }
    }
    Ok(GameExpr::Compound {
        kind,
        play: Play::Normal,
        parts,
    })
}

fn group(term: &Term) -> Result<Group, ExprError> {
    if let Some(c) = partizan_component(term)? {
        return Ok(Group::Partizan(c));
    }
    if term.name == "staircase" {
        if term.params.is_some() {
            return Err(ExprError::invalid(
                term.name_span,
                "'staircase' takes no parameters in [...]",
                "write staircase(c0, c1, c2, ...) with the coins on each step",
            ));
        }
        let steps = term
            .args
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .map(|a| natural(a, "coin counts", "a number of coins"))
            .collect::<Result<_, _>>()?;
        return Ok(Group::Staircase { steps });
    }
    match ruleset(term)? {
        Ruleset::Heap(rules) => {
            let Some(args) = &term.args else {
                return Err(ExprError::invalid(
                    term.span,
                    format!("'{}' needs its heaps", term.name),
                    format!(
                        "write the heap sizes in parentheses, like {}(5) or {}(3,4)",
                        term.name, term.name
                    ),
                ));
            };
            let heaps = args
                .iter()
                .map(|a| natural(a, "heap sizes", "a heap size"))
                .collect::<Result<_, _>>()?;
            Ok(Group::Heaps { rules, heaps })
        }
        Ruleset::Board(piece) => {
            let args = term.args.as_deref().unwrap_or(&[]);
            let [x, y] = args else {
                return Err(ExprError::invalid(
                    term.span,
                    format!(
                        "'{}' takes one square, two coordinates, but got {} arguments",
                        term.name,
                        args.len()
                    ),
                    format!(
                        "write {}(x,y); several pieces are a sum: {}(1,2) + {}(3,4)",
                        term.name, term.name, term.name
                    ),
                ));
            };
            let square = Square {
                x: natural(x, "coordinates", "a coordinate")?,
                y: natural(y, "coordinates", "a coordinate")?,
            };
            if let Err(e) = piece.check_square(square) {
                return Err(ExprError::invalid(
                    term.args_span(),
                    e.to_string(),
                    "use coordinates inside the board",
                ));
            }
            Ok(Group::Piece { piece, square })
        }
    }
}

/// A partizan error moved to where its text stands in the whole expression.
fn partizan_error(at: usize, e: partizan::Error, accepted: &str) -> ExprError {
    match e {
        partizan::Error::Parse {
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
        partizan::Error::Position {
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

/// The partizan component a term names, if it names one.
fn partizan_component(term: &Term) -> Result<Option<partizan::Component>, ExprError> {
    use partizan::Component;
    if let Some(text) = &term.literal {
        return partizan::Game::parse(text)
            .map(|g| Some(Component::Value(g)))
            .map_err(|e| partizan_error(term.span.start, e, ""));
    }
    let string_arg = |game: &str, example: &str| -> Result<(&str, usize), ExprError> {
        match term.args.as_deref() {
            Some([Arg::Str(s, span)]) if term.params.is_none() => Ok((s.as_str(), span.start + 1)),
            _ => Err(ExprError::invalid(
                term.span,
                format!("{game} takes one position in quotes"),
                format!("write {example}"),
            )),
        }
    };
    let name = term.name.as_str();
    let component = match name {
        "domineering" => {
            let (s, at) = string_arg(
                name,
                "domineering(\"....|....\") (rows split by |, # blocked)",
            )?;
            Component::Domineering(partizan::domineering(s).map_err(|e| partizan_error(at, e, ""))?)
        }
        "hackenbush" => {
            let (s, at) = string_arg(
                name,
                "hackenbush(\"lrle\") (l blue, r red, e green, from the ground up)",
            )?;
            Component::Hackenbush(partizan::hackenbush(s).map_err(|e| partizan_error(at, e, ""))?)
        }
        "toads_frogs" => {
            let (s, at) = string_arg(name, "toads_frogs(\"tt..ff\")")?;
            Component::ToadsFrogs(partizan::toads_frogs(s).map_err(|e| partizan_error(at, e, ""))?)
        }
        "ab_game" => {
            let (s, at) = string_arg(name, "ab_game(\"A..B.A\")")?;
            Component::Ab(partizan::ab_game(s).map_err(|e| partizan_error(at, e, ""))?)
        }
        "cutcake" => {
            let args = term.args.as_deref().unwrap_or(&[]);
            let [w, h] = args else {
                return Err(ExprError::invalid(
                    term.span,
                    "cutcake takes a width and a height",
                    "write cutcake(3,2)",
                ));
            };
            let side = |a: &Arg| -> Result<u32, ExprError> {
                let v = natural(a, "sides", "a side")?;
                u32::try_from(v).map_err(|_| {
                    ExprError::invalid(
                        a.span(),
                        format!("side {v} is too long"),
                        "sides up to 4294967295",
                    )
                })
            };
            let (w, h) = (side(w)?, side(h)?);
            Component::Cutcake(
                partizan::cutcake(w, h).map_err(|e| partizan_error(term.span.start, e, ""))?,
            )
        }
        "subtraction" => {
            const USAGE: &str = "write subtraction(heap, [Left's set], [Right's set]), like subtraction(10, [1,2], [2,3])";
            let (heap, l, r) = match term.args.as_deref() {
                Some([h, Arg::List(l, _), Arg::List(r, _)]) if term.params.is_none() => (h, l, r),
                _ => {
                    return Err(ExprError::invalid(
                        term.span,
                        "subtraction takes a heap and two sets",
                        USAGE,
                    ))
                }
            };
            let heap = natural(heap, "heap sizes", "a heap size")?;
            let set = |items: &[Item]| -> Result<Vec<u64>, ExprError> {
                items
                    .iter()
                    .map(|item| match item {
                        Item::Number(t, span) => t.parse::<u64>().map_err(|_| {
                            ExprError::invalid(
                                *span,
                                format!("'{t}' is not a positive whole number"),
                                USAGE,
                            )
                        }),
                        other => Err(ExprError::invalid(
                            item_span(other),
                            "expected a number",
                            USAGE,
                        )),
                    })
                    .collect()
            };
            Component::Subtraction(
                partizan::partizan_subtraction(heap, &set(l)?, &set(r)?)
                    .map_err(|e| partizan_error(term.span.start, e, USAGE))?,
            )
        }
        "hackenbush_tree" => {
            let (s, at) = string_arg(
                name,
                "hackenbush_tree(\"l(r,e),e\") (edges from the ground, children in parentheses)",
            )?;
            Component::HackenbushTrees(
                partizan::hackenbush_tree(s).map_err(|e| partizan_error(at, e, ""))?,
            )
        }
        _ => return Ok(None),
    };
    Ok(Some(component))
}

trait ArgsSpan {
    fn args_span(&self) -> Span;
}

impl ArgsSpan for Term {
    fn args_span(&self) -> Span {
        match self.args.as_deref() {
            Some([first, ..]) => first.span(),
            _ => self.span,
        }
    }
}

fn natural(arg: &Arg, plural: &str, singular: &str) -> Result<u64, ExprError> {
    match arg {
        Arg::Int(text, span) => {
            if text.starts_with('-') {
                return Err(ExprError::invalid(
                    *span,
                    format!("{plural} cannot be negative, but {text} was given"),
                    format!("{singular} is a whole number from 0 to 18446744073709551615"),
                ));
            }
            text.parse().map_err(|_| {
                ExprError::invalid(
                    *span,
                    format!("{text} is too large"),
                    format!("{singular} is a whole number from 0 to 18446744073709551615 (2^64-1)"),
                )
            })
        }
        other => Err(ExprError::invalid(
            other.span(),
            format!("expected {singular}"),
            format!("{singular} is a whole number from 0 to 18446744073709551615"),
        )),
    }
}

pub(crate) fn ruleset(term: &Term) -> Result<Ruleset, ExprError> {
    let name = term.name.as_str();
    let params = term.params.as_deref();
    let no_params = |r: Ruleset| -> Result<Ruleset, ExprError> {
        match params {
            Some(_) => Err(ExprError::invalid(
                term.name_span,
                format!("'{name}' takes no parameters in [...]"),
                format!("write {name}(...) with the position only"),
            )),
            None => Ok(r),
        }
    };
    let heap = |name: &str, kind: HeapKind| {
        Ruleset::Heap(HeapRules {
            name: name.into(),
            kind,
        })
    };
    let tb = |r: TakeBreak| HeapKind::TakeBreak(r);
    match name {
        "nim" => no_params(heap("nim", HeapKind::Nim)),
        "kayles" => no_params(heap("kayles", tb(TakeBreak::kayles()))),
        "dawson" => no_params(heap("dawson", tb(TakeBreak::dawsons_kayles()))),
        "dawsons_chess" => no_params(heap("dawsons_chess", tb(TakeBreak::dawsons_chess()))),
        "officers" => no_params(heap("officers", tb(TakeBreak::officers()))),
        "grundy_game" => no_params(heap("grundy_game", tb(TakeBreak::grundys_game()))),
        // Pick-Up-Bricks: take one or two bricks from the pile, the last to
        // take wins (see data/problems/seed_claims.toml for the sources).
        "pick_up_bricks" => match TakeBreak::subtraction(&[1, 2]) {
            Ok(rules) => no_params(heap("pick_up_bricks", tb(rules))),
            Err(e) => Err(ExprError::invalid(term.span, e.to_string(), "pick_up_bricks(n)")),
        },
        "queen" => no_params(Ruleset::Board(Piece::queen())),
        "rook" => no_params(Ruleset::Board(Piece::rook())),
        "bishop" => no_params(Ruleset::Board(Piece::bishop())),
        "king" => no_params(Ruleset::Board(Piece::king())),
        "knight" => no_params(Ruleset::Board(Piece::knight())),
        "octal" => {
            let (code, span) = match params {
                Some([group]) => match group.as_slice() {
                    [Item::Number(code, span)] => (code, span),
                    _ => return Err(octal_usage(term.span)),
                },
                _ => return Err(octal_usage(term.span)),
            };
            let rules = TakeBreak::from_code(code).map_err(|e| {
                ExprError::invalid(*span, format!("bad code '{code}': {e}"), OCTAL_ACCEPTED)
            })?;
            Ok(heap(&format!("octal[{code}]"), tb(rules)))
        }
        "sub" | "allbut" => {
            let Some([group]) = params else {
                return Err(ExprError::invalid(
                    term.span,
                    format!("'{name}' needs its set of numbers in brackets"),
                    format!("write {name}[1,3,4](10)"),
                ));
            };
            let mut set = Vec::new();
            for item in group {
                match item {
                    Item::Number(t, span) => match t.parse::<u64>() {
                        Ok(k) if k > 0 => set.push(k),
                        _ => return Err(ExprError::invalid(
                            *span,
                            format!("'{t}' is not a positive whole number"),
                            "the set lists how many tokens may be taken: positive whole numbers",
                        )),
                    },
                    other => {
                        return Err(ExprError::invalid(
                            item_span(other),
                            "expected a number",
                            format!("write {name}[1,3,4]"),
                        ))
                    }
                }
            }
            set.sort_unstable();
            set.dedup();
            let made = if name == "sub" {
                TakeBreak::subtraction(&set)
            } else {
                TakeBreak::all_but(&set)
            };
            let rules =
                made.map_err(|e| ExprError::invalid(term.span, e.to_string(), "a smaller set"))?;
            let list: Vec<String> = set.iter().map(u64::to_string).collect();
            Ok(heap(&format!("{name}[{}]", list.join(",")), tb(rules)))
        }
        "piece" => piece(term),
        // Known, but not a ruleset with heaps or squares (seq, table and verify need one).
        _ if PARTIZAN_NAMES.contains(&name) || name == "staircase" || term.literal.is_some() => {
            Err(ExprError::invalid(
                term.name_span,
                format!("'{}' is not an impartial heap or board ruleset", term.literal.as_deref().unwrap_or(name)),
                "seq takes a heap ruleset (kayles, octal[0.137], sub[1,3,4], ...), table and verify a piece or \
                 a heap ruleset; evaluate partizan games and staircases with their positions in `grundy value`",
            ))
        }
        _ => {
            let hint = closest(name)
                .map(|n| format!("did you mean '{n}'? "))
                .unwrap_or_default();
            Err(ExprError::invalid(
                term.name_span,
                format!("unknown game '{name}'"),
                format!("{hint}{}", accepted_names()),
            ))
        }
    }
}

const OCTAL_ACCEPTED: &str =
    "an octal code is 0. or 4. followed by digits 0-7 (hexadecimal 0-f for breaking into more heaps), like 0.77 or 4.007";

fn octal_usage(span: Span) -> ExprError {
    ExprError::invalid(span, "octal needs one code in brackets", OCTAL_ACCEPTED)
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Number(_, s) | Item::Word(_, s) => *s,
        Item::Vector { span, .. } => *span,
    }
}

fn piece(term: &Term) -> Result<Ruleset, ExprError> {
    const USAGE: &str = "write piece[(dx,dy),(dx,dy)*; N] with leaps (dx,dy), rides (dx,dy)* and the board size N, \
                         like piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]";
    let groups = term.params.as_deref().unwrap_or(&[]);
    let (moves, size) = match groups {
        [moves] => (moves, None),
        [moves, size] => (moves, Some(size)),
        _ => {
            return Err(ExprError::invalid(
                term.span,
                "piece needs its moves in brackets",
                USAGE,
            ))
        }
    };
    let mut steps = Vec::new();
    for item in moves {
        match item {
            Item::Vector { dx, dy, ride, .. } => steps.push(Step {
                dx: *dx,
                dy: *dy,
                ride: *ride,
            }),
            other => {
                return Err(ExprError::invalid(
                    item_span(other),
                    "expected a move (dx,dy)",
                    USAGE,
                ))
            }
        }
    }
    let board = match size.map(Vec::as_slice) {
        None => None,
        Some([Item::Number(t, span)]) => match t.parse::<u64>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(ExprError::invalid(
                    *span,
                    format!("'{t}' is not a board size"),
                    USAGE,
                ))
            }
        },
        Some(_) => {
            return Err(ExprError::invalid(
                term.span,
                "the board size is one number after ';'",
                USAGE,
            ))
        }
    };
    Piece::new(steps, board)
        .map(Ruleset::Board)
        .map_err(|e| ExprError::invalid(term.span, e.to_string(), USAGE))
}

fn closest(name: &str) -> Option<&'static str> {
    HEAP_NAMES
        .iter()
        .chain(BOARD_NAMES)
        .chain(PARTIZAN_NAMES)
        .chain(OTHER_NAMES)
        .map(|&n| (edit_distance(name, n), n))
        .filter(|&(d, n)| d <= 2.max(n.len() / 3))
        .min()
        .map(|(_, n)| n)
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

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Group::Heaps { rules, heaps } => {
                let h: Vec<String> = heaps.iter().map(u64::to_string).collect();
                write!(f, "{}({})", rules.name, h.join(","))
            }
            Group::Staircase { steps } => {
                let c: Vec<String> = steps.iter().map(u64::to_string).collect();
                write!(f, "staircase({})", c.join(","))
            }
            Group::Partizan(c) => write!(f, "{c}"),
            Group::Piece { piece, square } => write!(f, "{piece}({},{})", square.x, square.y),
        }
    }
}

fn write_sum(f: &mut fmt::Formatter<'_>, groups: &[Group]) -> fmt::Result {
    let shown: Vec<String> = groups
        .iter()
        .filter(|g| !matches!(g, Group::Heaps { heaps, .. } if heaps.is_empty()))
        .map(Group::to_string)
        .collect();
    if shown.is_empty() {
        f.write_str("0")
    } else {
        f.write_str(&shown.join(" + "))
    }
}

impl fmt::Display for GameExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameExpr::Sum(groups) => write_sum(f, groups),
            GameExpr::Misere(groups) => {
                f.write_str("misere(")?;
                write_sum(f, groups)?;
                f.write_str(")")
            }
            GameExpr::Compound { kind, play, parts } => {
                if *play == Play::Misere {
                    f.write_str("misere(")?;
                }
                write!(f, "{}(", compound_name(*kind))?;
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_sum(f, part)?;
                }
                f.write_str(")")?;
                if *play == Play::Misere {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruleset::Heap(h) => f.write_str(&h.name),
            Ruleset::Board(p) => write!(f, "{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_display() {
        for text in [
            "nim(3,5,7)",
            "sub[1,3,4](10)",
            "allbut[2](7)",
            "octal[0.137](12)",
            "octal[4.007](9)",
            "octal[0.1(3)](9)",
            "kayles(3) + dawson(4) + officers(5) + grundy_game(7)",
            "queen(3,4) + knight(5,4)",
            "piece[(-2,-1),(-2,1),(-1,-2),(1,-2); 8](3,3)",
            "misere(nim(1,2) + kayles(3))",
            "0",
            "staircase(0,3,1,4)",
            "selective(kayles(3), nim(2) + queen(1,2))",
            "misere(not_all(nim(1), nim(2), nim(3)))",
            "conjunctive(kayles(4), 0)",
            "continued_conjunctive(staircase(1,2), knight(3,3))",
        ] {
            let g = parse_game(text).unwrap();
            assert_eq!(parse_game(&g.to_string()).unwrap(), g, "{text}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong_and_what_is_accepted() {
        let cases = [
            ("nim(3,", 6, "argument"),
            ("nimm(3)", 0, "did you mean 'nim'"),
            ("nim(-3)", 4, "cannot be negative"),
            ("nim(99999999999999999999)", 4, "too large"),
            ("queen(1)", 0, "two coordinates"),
            ("piece[(1,0); 8](8,0)", 16, "off the 8×8 board"),
            ("piece[(1,0)](0,0)", 0, "give a board size"),
            ("octal[0.9x](3)", 6, "0-7"),
            ("sub[0](3)", 4, "positive"),
            ("kayles", 0, "needs its heaps"),
            ("nim(1) + misere(nim(2))", 9, "whole game"),
            ("nim(1) + selective(nim(2))", 9, "whole game"),
            ("selective()", 0, "needs its components"),
            ("selective(nim(1), 3)", 18, "must be a game"),
            ("selective(misere(nim(1)))", 10, "sum of games"),
            ("staircase(1,-2)", 12, "cannot be negative"),
        ];
        for (text, at, says) in cases {
            let err = parse_game(text).unwrap_err();
            assert_eq!(err.at(), at, "{text}: {err}");
            assert!(err.to_string().contains(says), "{text}: {err}");
        }
    }
}
