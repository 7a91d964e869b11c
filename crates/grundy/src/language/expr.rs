//! Stage two of reading a game expression: the syntax tree validated into a
//! game, or an error that says what was wrong, where, and what is accepted.
//!
//! Which names are games, and how each validates its arguments, is the
//! registry's business ([`crate::registry`]); this stage knows only the
//! operators: sums and differences (`+`, `-`, `( … )`: an impartial game is
//! its own negative, a partizan one enters as the negative of its value),
//! `misere(...)` and the compounds.

use std::fmt;
use std::sync::Arc;

use crate::board::Piece;
use crate::component::spec::{Call, GameKind};
use crate::component::{write_sum, BuiltinRuleset, Component, ExprError, HeapRules, Negative};
use crate::language::syntax::parse_expr;
use crate::language::syntax::{Arg, Expr, Span, Term};
use crate::registry::Registry;
use crate::solvers::compound::CompoundKind;
use crate::solvers::search::Play;

/// A validated game expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameExpr {
    /// A disjunctive sum under normal play (the empty sum is `0`).
    Sum(Vec<Component>),
    /// A disjunctive sum under misère play: the player who moves last loses.
    Misere(Vec<Component>),
    /// A compound other than the sum (Winning Ways ch. 9): each part is a sum.
    Compound {
        /// Which compound.
        kind: CompoundKind,
        /// Normal or misère play.
        play: Play,
        /// The components, each a disjunctive sum, in the order written.
        parts: Vec<Vec<Component>>,
    },
}

/// A ruleset named by `seq` or `table`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// A heap ruleset: positions are heap sizes.
    Heap(HeapRules),
    /// A piece: positions are squares.
    Board(Piece),
    /// A scripted game (`--rules FILE`): positions are its arguments.
    Script(&'static crate::script::ScriptGame),
}

impl From<BuiltinRuleset> for Ruleset {
    fn from(rules: BuiltinRuleset) -> Ruleset {
        match rules {
            BuiltinRuleset::Heap(h) => Ruleset::Heap(h),
            BuiltinRuleset::Board(p) => Ruleset::Board(p),
        }
    }
}

/// The operators of the language: not games, but ways of playing games.
const OPERATORS: &[&str] = &[
    "selective",
    "not_all",
    "conjunctive",
    "continued_conjunctive",
    "misere",
];

fn accepted_names(reg: &Registry) -> String {
    format!(
        "known games are {}; partizan {}; values like {{1|0}}, ^*, 1/2; compounds \
         selective(A, B, ...), not_all, conjunctive, continued_conjunctive; misere(...) and 0; \
         variants dicotic(G), impartial(G), twisted(G); functions {} (`grundy games` lists them all)",
        reg.names(GameKind::Impartial).join(", "),
        reg.names(GameKind::Partizan)
            .into_iter()
            .filter(|&n| n != "value")
            .collect::<Vec<_>>()
            .join(", "),
        crate::language::functions::FUNCTIONS
            .iter()
            .map(|f| f.usage())
            .collect::<Vec<_>>()
            .join(", ")
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
    parse_game_in(text, Registry::builtin())
}

/// [`parse_game`] with the games of `reg` (the built-in ones and those
/// loaded from scripts).
pub fn parse_game_in(text: &str, reg: &Registry) -> Result<GameExpr, ExprError> {
    let expr = parse_expr(text)?;
    validate_in(&expr, reg)
}

/// Parses a game expression, or else a whole text in CGSuite notation (a
/// value the expression grammar does not delimit, such as a sum written
/// CGSuite's way) as one partizan value. The error is the expression
/// grammar's when neither reads it.
pub fn parse_any(text: &str) -> Result<GameExpr, ExprError> {
    parse_any_in(text, Registry::builtin())
}

/// [`parse_any`] with the games of `reg`.
pub fn parse_any_in(text: &str, reg: &Registry) -> Result<GameExpr, ExprError> {
    parse_game_in(text, reg).or_else(|e| match crate::partizan::Game::parse(text) {
        Ok(g) => Ok(GameExpr::Sum(vec![crate::games::value::value(g)])),
        Err(_) => Err(e),
    })
}

/// Parses and validates a ruleset given without a position (`kayles`, `piece[(1,2); 8]`).
pub fn parse_ruleset_spec(text: &str) -> Result<Ruleset, ExprError> {
    parse_ruleset_in(text, Registry::builtin())
}

/// [`parse_ruleset_spec`] with the games of `reg`.
pub fn parse_ruleset_in(text: &str, reg: &Registry) -> Result<Ruleset, ExprError> {
    let term = crate::language::syntax::parse_ruleset(text)?;
    ruleset(&term, reg)
}

/// Validates a parsed expression.
pub fn validate(expr: &Expr) -> Result<GameExpr, ExprError> {
    validate_in(expr, Registry::builtin())
}

/// [`validate`] with the games of `reg`.
pub fn validate_in(expr: &Expr, reg: &Registry) -> Result<GameExpr, ExprError> {
    validate_nested(expr, 0, reg)
}

/// [`validate`] at `depth` levels of nesting, bounded by
/// [`crate::language::syntax::MAX_NESTING`] even for a tree not built by the parser.
fn validate_nested(expr: &Expr, depth: usize, reg: &Registry) -> Result<GameExpr, ExprError> {
    if depth >= crate::language::syntax::MAX_NESTING {
        return Err(ExprError::invalid(
            expr.span,
            format!(
                "nesting deeper than {} levels",
                crate::language::syntax::MAX_NESTING
            ),
            "at most MAX_NESTING levels of parentheses and games inside games",
        ));
    }
    // `(G)` alone is `G`, even `(misere(...))`.
    if let [Term {
        group: Some(inner),
        negated: false,
        ..
    }] = expr.terms.as_slice()
    {
        return validate_nested(inner, depth + 1, reg);
    }
    if let [term @ Term { negated: false, .. }] = expr.terms.as_slice() {
        if term.name == "misere" {
            // `0`, the game with no moves, is read as a number inside
            // parentheses; another integer is a value (partizan, refused below).
            if let Some([Arg::Int(t, span)]) = term.args.as_deref() {
                if t == "0" {
                    return Ok(GameExpr::Misere(Vec::new()));
                }
                return Ok(GameExpr::Misere(vec![integer_value(t, *span)?]));
            }
            let inner = single_game_arg(
                term,
                "misere(...) takes exactly one game",
                "write misere(nim(1,2,3)) or misere(kayles(4) + nim(2))",
            )?;
            return match validate_nested(inner, depth + 1, reg)? {
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
        if let Some(kind) = CompoundKind::named(&term.name) {
            return compound(term, kind, depth, reg);
        }
    }
    let mut groups = Vec::new();
    for term in &expr.terms {
        if term.negated || term.group.is_some() {
            signed_summand(term, depth, &mut groups, reg)?;
            continue;
        }
        if let (Some(kind), None) = (CompoundKind::named(&term.name), &term.literal) {
            // A conjunctive or selective compound with a partizan part has
            // a value (it is a short game), so it may be a summand; the
            // others are ways of playing the whole game.
            if let GameExpr::Sum(c) = compound(term, kind, depth, reg)? {
                groups.extend(c);
                continue;
            }
        }
        if term.name == "misere" || CompoundKind::named(&term.name).is_some() {
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
        groups.push(component(term, depth, reg)?);
    }
    Ok(GameExpr::Sum(groups))
}

/// A compound as one partizan component, if it is one that has a value
/// (conjunctive or selective, normal play): see
/// [`crate::engine::compound_value`].
fn compound_component(game: GameExpr) -> Option<Component> {
    match game {
        GameExpr::Sum(mut c) if c.len() == 1 => Some(c.remove(0)),
        GameExpr::Compound {
            kind: kind @ (CompoundKind::Conjunctive | CompoundKind::Selective),
            play: Play::Normal,
            parts,
        } => Some(crate::games::compound::component(kind, parts)),
        _ => None,
    }
}

/// One argument of a function, validated into a sum of components: a
/// game expression, an integer (a value), or a conjunctive or selective
/// compound (as one component).
pub(crate) fn argument_sum(
    spec: &crate::language::functions::FunctionSpec,
    arg: &Arg,
    depth: usize,
    reg: &Registry,
) -> Result<Vec<Component>, ExprError> {
    match arg {
        Arg::Int(t, _) if t == "0" => Ok(Vec::new()),
        Arg::Int(t, span) => Ok(vec![integer_value(t, *span)?]),
        Arg::Expr(e) => match validate_nested(e, depth + 1, reg)? {
            GameExpr::Sum(c) => Ok(c),
            other => compound_component(other).map(|c| vec![c]).ok_or_else(|| {
                ExprError::invalid(
                    e.span,
                    format!(
                        "an argument of {} must be a game with a value, not misere(...), not_all(...) \
                         or continued_conjunctive(...)",
                        spec.name
                    ),
                    format!("write {}, like {}", spec.usage(), spec.example),
                )
            }),
        },
        other => Err(ExprError::invalid(
            other.span(),
            format!("an argument of {} must be a game or a value", spec.name),
            format!("write {}, like {}", spec.usage(), spec.example),
        )),
    }
}

impl GameExpr {
    /// Every component, in the order written (compounds' parts one after another).
    pub fn components(&self) -> Vec<&Component> {
        match self {
            GameExpr::Sum(g) | GameExpr::Misere(g) => g.iter().collect(),
            GameExpr::Compound { parts, .. } => parts.iter().flatten().collect(),
        }
    }

    /// Whether some component is partizan (then the game is analysed as a
    /// partizan sum, impartial components entering as their nimbers).
    pub fn is_partizan(&self) -> bool {
        match self {
            GameExpr::Sum(g) | GameExpr::Misere(g) => g.iter().any(Component::is_partizan),
            GameExpr::Compound { parts, .. } => parts.iter().flatten().any(Component::is_partizan),
        }
    }
}

/// A summand written `-G`, `H - G` or `(A + B)`: a parenthesised sum is
/// flattened into `groups`, and a negated summand enters as its negative —
/// an impartial game is its own negative, a partizan component enters as
/// the negative of its value. (Split in small functions: their frames are
/// on the stack once per level of nesting.)
fn signed_summand(
    term: &Term,
    depth: usize,
    groups: &mut Vec<Component>,
    reg: &Registry,
) -> Result<(), ExprError> {
    let summands = match &term.group {
        Some(inner) => group_summands(term, inner, depth, reg)?,
        None => negated_summands(term, depth, reg)?,
    };
    for g in summands {
        groups.push(if term.negated { negated_group(g) } else { g });
    }
    Ok(())
}

/// The summands of `(inner)`.
fn group_summands(
    term: &Term,
    inner: &Expr,
    depth: usize,
    reg: &Registry,
) -> Result<Vec<Component>, ExprError> {
    match validate_nested(inner, depth + 1, reg)? {
        GameExpr::Sum(gs) => Ok(gs),
        _ => Err(ExprError::invalid(
            term.span,
            "misere(...) and compounds are ways of playing the whole game, not summands",
            "put the whole game inside them, as in misere(A + B), and add nothing to them",
        )),
    }
}

/// The summands of `-G` for a term that is not a group, before negation.
fn negated_summands(
    term: &Term,
    depth: usize,
    reg: &Registry,
) -> Result<Vec<Component>, ExprError> {
    let plain = Expr {
        terms: vec![Term {
            negated: false,
            ..term.clone()
        }],
        span: term.span,
    };
    match validate_nested(&plain, depth + 1, reg)? {
        GameExpr::Sum(gs) => Ok(gs),
        _ => Err(ExprError::invalid(
            term.span,
            format!(
                "-{}(...) negates a way of playing the whole game",
                term.name
            ),
            format!(
                "negate the summands inside it, as in {}(-A), or drop the sign: \
                 an impartial game is its own negative",
                term.name
            ),
        )),
    }
}

/// `-g`: an impartial game is its own negative; a partizan component
/// enters as the negative of its value (computed here, within the default
/// limits; a game's own mirror image would keep its positions printable).
fn negated_group(g: Component) -> Component {
    match g {
        // A value is negated at once (its form is at hand); a board stays a
        // board, negated, and is valued when the game is evaluated.
        Component::Partizan(p) if std::ptr::eq(p.spec(), &crate::games::value::SPEC) => {
            let mut cx = crate::component::Context::new(crate::vocab::limits::Limits::default());
            match p.value(&mut cx) {
                Ok(v) => crate::games::value::value(v.neg()),
                Err(_) => Component::Partizan(Arc::new(Negative(p))),
            }
        }
        Component::Partizan(p) => Component::Partizan(Arc::new(Negative(p))),
        impartial => impartial,
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

fn compound(
    term: &Term,
    kind: CompoundKind,
    depth: usize,
    reg: &Registry,
) -> Result<GameExpr, ExprError> {
    let name = kind.name();
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
            // `0`, the game with no moves, is read as a number inside
            // parentheses; another integer is a value.
            Arg::Int(t, _) if t == "0" => {
                parts.push(Vec::new());
                continue;
            }
            Arg::Int(t, span) => {
                parts.push(vec![integer_value(t, *span)?]);
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
        match validate_nested(e, depth + 1, reg)? {
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
    // A conjunctive or selective compound with a partizan part is a short
    // partizan game, valued by its game tree; impartial ones keep their
    // outcome theory (remoteness, Grundy values of the parts).
    if matches!(kind, CompoundKind::Conjunctive | CompoundKind::Selective)
        && parts.iter().flatten().any(Component::is_partizan)
    {
        return Ok(GameExpr::Sum(vec![crate::games::compound::component(
            kind, parts,
        )]));
    }
    Ok(GameExpr::Compound {
        kind,
        play: Play::Normal,
        parts,
    })
}

/// An integer written where a game goes (`misere(1)`, `selective(2, …)`):
/// the value, as printed for a partizan component equal to it.
pub(crate) fn integer_value(text: &str, span: Span) -> Result<Component, ExprError> {
    let expr = crate::language::syntax::parse_expr(text)
        .map_err(|e| ExprError::invalid(span, e.to_string(), "an integer value such as 2 or -1"))?;
    // Errors point into the integer's own text: move them to where it stands.
    let shifted = |e: ExprError| match e {
        ExprError::Syntax(mut e) => {
            e.at += span.start;
            ExprError::Syntax(e)
        }
        ExprError::Invalid {
            at,
            problem,
            accepted,
        } => ExprError::Invalid {
            at: at + span.start,
            problem,
            accepted,
        },
    };
    match validate_nested(
        &expr,
        crate::language::syntax::MAX_NESTING - 1,
        Registry::builtin(),
    )
    .map_err(shifted)?
    {
        GameExpr::Sum(mut c) if c.len() == 1 => Ok(c.remove(0)),
        _ => Err(ExprError::invalid(
            span,
            "not a game",
            "an integer value such as 2 or -1",
        )),
    }
}

/// The game a term names, validated by its declaration.
fn component(term: &Term, depth: usize, reg: &Registry) -> Result<Component, ExprError> {
    if let Some(game) = term
        .literal
        .is_none()
        .then(|| reg.script(&term.name))
        .flatten()
    {
        return game.build(&Call::new(term));
    }
    if let Some(spec) = term
        .literal
        .is_none()
        .then(|| crate::language::functions::lookup(&term.name))
        .flatten()
    {
        return crate::language::functions::build(spec, term, |a| {
            argument_sum(spec, a, depth, reg)
        });
    }
    if let Some(variant) = term
        .literal
        .is_none()
        .then(|| crate::games::variant::Variant::named(&term.name))
        .flatten()
    {
        return crate::games::variant::build(
            variant,
            term,
            |e| match validate_nested(e, depth + 1, reg)? {
                GameExpr::Sum(c) => Ok(c),
                other => compound_component(other).map(|c| vec![c]).ok_or_else(|| {
                    ExprError::invalid(
                        e.span,
                        format!(
                            "{}(...) is a variant of a game, not of misere(...), not_all(...) \
                             or continued_conjunctive(...)",
                            variant.name()
                        ),
                        format!(
                            "write {}(G) around a game, like {}",
                            variant.name(),
                            variant.example()
                        ),
                    )
                }),
            },
            integer_value,
        );
    }
    if term.name == crate::games::misere_form::SPEC.name && term.literal.is_none() {
        return misere_canonical(term, reg);
    }
    let spec = match term.literal.as_deref() {
        Some(text) if text.starts_with("*[") => &crate::games::misere_form::SPEC,
        Some(_) => &crate::games::value::SPEC,
        None => spec_named(term, reg)?,
    };
    (spec.build)(&Call::new(term))
}

fn spec_named(
    term: &Term,
    reg: &Registry,
) -> Result<&'static crate::component::spec::GameSpec, ExprError> {
    let name = term.name.as_str();
    reg.lookup(name).ok_or_else(|| {
        let hint = reg
            .closest(
                name,
                OPERATORS
                    .iter()
                    .copied()
                    .chain(crate::language::functions::FUNCTIONS.iter().map(|f| f.name))
                    .chain(crate::games::variant::Variant::ALL.iter().map(|v| v.name())),
            )
            .map(|n| format!("did you mean '{n}'? "))
            .unwrap_or_default();
        ExprError::invalid(
            term.name_span,
            format!("unknown game '{name}'"),
            format!("{hint}{}", accepted_names(reg)),
        )
    })
}

/// `misere_canonical(G)`: the misère canonical form of the impartial game
/// G, made now (within a reading budget), as a game.
fn misere_canonical(term: &Term, reg: &Registry) -> Result<Component, ExprError> {
    let usage = "write misere_canonical(G) with an impartial game, like misere_canonical(kayles(5) + nim(2)), \
                 or misere_canonical(\"*[42]\") with a form as CGSuite prints it";
    if let [Arg::Str(text, span)] = term.args.as_deref().unwrap_or(&[]) {
        let budget = crate::games::misere_form::reading_budget();
        let form = crate::misere::MisereForm::try_parse_printed(text, &budget).map_err(|e| {
            ExprError::invalid(
                *span,
                format!("{text:?} is not a misère form as CGSuite prints it: {e}"),
                "a form in CGSuite's printed notation, like \"*[42]\" ({*4,*2}), \"*[2#]\" or \"*[2[2]321]\"",
            )
        })?;
        return Ok(crate::games::misere_form::component(form));
    }
    let inner = single_game_arg(term, "misere_canonical(...) takes exactly one game", usage)?;
    let parts = match validate_nested(inner, 1, reg)? {
        GameExpr::Sum(parts) | GameExpr::Misere(parts) => parts,
        GameExpr::Compound { .. } => {
            return Err(ExprError::invalid(
                inner.span,
                "misère canonical forms are of sums, not of other compounds",
                usage,
            ))
        }
    };
    let parts = parts
        .into_iter()
        .map(|c| match c {
            Component::Impartial(p) => Ok(p),
            Component::Partizan(p) => Err(ExprError::invalid(
                inner.span,
                format!("{p} is partizan: misère canonical forms are of impartial games"),
                usage,
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut cx = crate::component::Context::new(crate::vocab::limits::Limits::default());
    cx.start(&crate::games::misere_form::reading_budget());
    let form = crate::misere::misere_canonical_sum(&parts, &mut cx)
        .map_err(|e| ExprError::invalid(term.span, e.to_string(), usage))?;
    Ok(crate::games::misere_form::component(form))
}

/// The ruleset a term names without its position (`kayles`, `queen`).
pub(crate) fn ruleset(term: &Term, reg: &Registry) -> Result<Ruleset, ExprError> {
    if let Some(game) = term
        .literal
        .is_none()
        .then(|| reg.script(&term.name))
        .flatten()
    {
        if term.params.is_some() || term.args.is_some() {
            return Err(ExprError::invalid(
                term.span,
                format!("'{}' is named alone here, without a position", term.name),
                format!("write {}", term.name),
            ));
        }
        return Ok(Ruleset::Script(game));
    }
    let spec = match term.literal {
        Some(_) => &crate::games::value::SPEC,
        None => spec_named(term, reg)?,
    };
    match spec.ruleset {
        Some(ruleset) => ruleset(&Call::new(term)).map(Ruleset::from),
        None => Err(ExprError::invalid(
            term.name_span,
            format!(
                "'{}' is not an impartial heap or board ruleset",
                term.literal.as_deref().unwrap_or(&term.name)
            ),
            format!(
                "its positions are not numbered by one heap or one square, so it cannot range over a \
                 bound; seq takes a heap ruleset (kayles, octal[0.137], sub[1,3,4], ...), table and \
                 verify a piece or a heap ruleset; evaluate it with its position in `grundy value`, \
                 as in {}",
                spec.example
            ),
        )),
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
                write!(f, "{}(", kind.name())?;
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
            Ruleset::Script(g) => f.write_str(g.name()),
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
            "misere(0)",
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
            ("sub[0](3)", 4, "takes nothing"),
            ("kayles", 0, "needs its heaps"),
            ("nim(1) + misere(nim(2))", 9, "whole game"),
            ("nim(1) + selective(nim(2))", 9, "whole game"),
            ("selective()", 0, "needs its components"),
            // (`selective(nim(1), 3)` reads: 3 is the value 3, as printed.)
            ("selective(nim(1), \"x\")", 18, "must be a game"),
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
