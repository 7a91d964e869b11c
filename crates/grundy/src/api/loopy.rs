//! `value` and `compare` on loopy partizan values, written as CGSuite
//! writes them (`on`, `over`, `{0|pass}`, `a{0|a}`, `G & H`), alone or in
//! sums with short values and catalogue positions (valued by the engine).

use std::fmt;

use serde::Serialize;

use super::value::{loopy_lines, LoopyLine, PredicateAnswer};
use super::{CompareAnswer, Error, Move, OptionsAnswer, Session, SideOptions};
use crate::component::EvalError;
use crate::engine::{Engine, LoopyReport};
use crate::loopy::{stops, LoopyValue, PlayResult};
use crate::solvers::search::SearchError;
use crate::vocab::budget::Budget;

/// Whether `text` uses loopy notation (and so is answered here).
pub fn is_loopy(text: &str) -> bool {
    crate::loopy::is_loopy_notation(text)
}

/// A term written by name (`fox_geese("…")`, `domineering("..|..")`)
/// valued by `engine`: a short game's value, or the loopy value of a game
/// whose moves cycle.
fn resolve_with<'a>(
    session: &'a Session,
    engine: &'a mut Engine,
    budget: &'a Budget,
) -> impl FnMut(&str) -> Result<LoopyValue, String> + 'a {
    move |call: &str| -> Result<LoopyValue, String> {
        let game = crate::language::expr::parse_any_in(call, &session.registry)
            .map_err(|e| e.to_string())?;
        match engine.partizan_value(&game) {
            Ok(g) => LoopyValue::short(g, budget).map_err(|e| e.to_string()),
            // A game whose moves cycle (a loopy catalogue game, a script).
            Err(EvalError::Search(SearchError::Cycle { .. })) => {
                engine.loopy_value(&game).map_err(|e| e.to_string())
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

/// A loopy error as the front ends report it, naming the text.
fn loopy_error(text: &str, e: crate::loopy::Error) -> Error {
    let message = format!("{text}: {e}");
    match e {
        crate::loopy::Error::Limit(l) => Error {
            message,
            ..Error::limit(l)
        },
        _ => Error::input(message),
    }
}

/// The value of a loopy expression; terms written by name are valued by
/// the engine.
fn value_of(
    session: &Session,
    engine: &mut Engine,
    budget: &Budget,
    text: &str,
) -> Result<LoopyValue, Error> {
    let mut resolve = resolve_with(session, engine, budget);
    crate::loopy::parse_loopy_with(text, budget, &mut resolve).map_err(|e| loopy_error(text, e))
}

/// A loopy predicate written alone (`is_stable(G)`, `is_idempotent(G)`,
/// CGSuite's `IsStable` and `IsIdempotent`): true or false, or CGSuite's
/// error where the question has no answer (a degree that is not
/// idempotent); `None` when `text` is no such call.
pub(super) fn loopy_predicate(
    session: &Session,
    engine: &mut Engine,
    text: &str,
) -> Option<Result<PredicateAnswer, Error>> {
    let budget = session.budget();
    let mut resolve = resolve_with(session, engine, &budget);
    let answer = crate::loopy::parse_loopy_predicate_with(text, &budget, &mut resolve)?;
    Some(
        answer
            .map(|(f, g, value)| PredicateAnswer {
                argument: g.to_string(),
                function: f.name,
                game: text.trim().to_string(),
                kind: "predicate",
                property: f.property(),
                value,
            })
            .map_err(|e| loopy_error(text, e)),
    )
}

fn json_result(r: PlayResult) -> &'static str {
    match r {
        PlayResult::LeftWins => "left",
        PlayResult::RightWins => "right",
        PlayResult::Draw => "draw",
    }
}

fn words(r: &str) -> &'static str {
    match r {
        "left" => "Left wins",
        "right" => "Right wins",
        _ => "draw (neither can force a win; play goes on for ever)",
    }
}

/// The answer of `value` for a loopy value: its value or sides, and who
/// wins moving first.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyAnswer {
    /// The expression, as written.
    pub game: String,
    /// Always `partizan`.
    pub kind: &'static str,
    /// Always `normal`.
    pub play: &'static str,
    /// Always true: the answer is a loopy value.
    pub loopy_value: bool,
    /// The value (a stopper, or `onside & offside`).
    pub value: String,
    /// `stopper`, `stopper-sided`, or `sides not reduced to stoppers`.
    pub class: &'static str,
    /// Whether it is a stopper.
    pub stopper: bool,
    /// Whether its sides are stoppers.
    pub stopper_sided: bool,
    /// Its onside.
    pub onside: String,
    /// Its offside.
    pub offside: String,
    /// Whether the onside reduced to a stopper.
    pub onside_stopper: bool,
    /// Whether the offside reduced to a stopper.
    pub offside_stopper: bool,
    /// `L`, `R`, `N`, `P`, or `D` where someone moving first draws.
    pub outcome: String,
    /// `left`, `right` or `draw`: Left moving first.
    pub left_first: &'static str,
    /// `left`, `right` or `draw`: Right moving first.
    pub right_first: &'static str,
    /// A stopper's left stop (CGSuite's `LeftStop`): a number, `x over`,
    /// `x under`, `on` or `off`. Absent for a value that is not a stopper
    /// (stops are defined for stoppers; see `onside_stops`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_stop: Option<String>,
    /// A stopper's right stop (CGSuite's `RightStop`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_stop: Option<String>,
    /// A stopper's degree of loopiness (CGSuite's `Degree`, `G ⇑ -G`),
    /// when cheap: a canonical form of at most 64 positions (`DEGREE_SHOWN`)
    /// and within a second; `degree(G)` computes it whatever the cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<String>,
    /// For a value that is not a stopper: its onside's left and right
    /// stops, where the onside is a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub onside_stops: Option<[String; 2]>,
    /// For a value that is not a stopper: its offside's left and right
    /// stops, where the offside is a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offside_stops: Option<[String; 2]>,
    /// For a game written by its positions (`backsliding_toads_frogs("…")`):
    /// each player moving first, with the moves that win or keep the draw,
    /// by retrograde analysis of its graph.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<LoopyLine>>,
    /// How many positions that analysis enumerated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
}

/// The value of the loopy expression `text`.
pub fn loopy_value(
    session: &Session,
    engine: &mut Engine,
    text: &str,
) -> Result<LoopyAnswer, Error> {
    let budget = session.budget();
    let v = value_of(session, engine, &budget, text)?;
    answer(text, &v, &budget)
}

/// The value of a partizan sum under normal play whose moves cycle, which
/// retrograde analysis answered with `report`: its loopy value, from the
/// graph of each component's positions, and the report's moves.
pub(super) fn graph_value(
    session: &Session,
    engine: &mut Engine,
    report: &LoopyReport,
) -> Result<LoopyAnswer, Error> {
    let text = report.game.to_string();
    let budget = session.budget();
    let v = engine
        .loopy_value(&report.game)
        .map_err(|e| Error::eval(&text, e))?;
    let mut a = answer(&text, &v, &budget)?;
    a.lines = Some(loopy_lines(report));
    a.positions = Some(report.positions);
    Ok(a)
}

fn answer(text: &str, v: &LoopyValue, budget: &Budget) -> Result<LoopyAnswer, Error> {
    let o = v
        .outcomes(budget)
        .map_err(|e| Error::input(format!("{text}: {e}")))?;
    let (onside_stopper, offside_stopper) = match v {
        LoopyValue::Unresolved {
            onside_stopper,
            offside_stopper,
            ..
        } => (*onside_stopper, *offside_stopper),
        _ => (true, true),
    };
    let side_stops = |side: &crate::loopy::LoopyGame, is_stopper: bool| {
        if matches!(v, LoopyValue::Stopper(_)) || !is_stopper {
            return None;
        }
        stops(side, budget)
            .ok()
            .map(|(l, r)| [l.to_string(), r.to_string()])
    };
    let (left_stop, right_stop, degree) = match v {
        LoopyValue::Stopper(g) => match stops(g, budget) {
            Ok((l, r)) => (
                Some(l.to_string()),
                Some(r.to_string()),
                cheap_degree(v, budget),
            ),
            Err(_) => (None, None, None),
        },
        _ => (None, None, None),
    };
    Ok(LoopyAnswer {
        left_stop,
        right_stop,
        degree,
        onside_stops: side_stops(v.onside(), onside_stopper),
        offside_stops: side_stops(v.offside(), offside_stopper),
        game: text.to_string(),
        kind: "partizan",
        play: "normal",
        loopy_value: true,
        value: v.to_string(),
        class: match v {
            LoopyValue::Stopper(_) => "stopper",
            LoopyValue::Sided { .. } => "stopper-sided",
            LoopyValue::Unresolved { .. } => "sides not reduced to stoppers",
        },
        stopper: matches!(v, LoopyValue::Stopper(_)),
        stopper_sided: v.is_stopper_sided(),
        onside: v.onside().to_string(),
        offside: v.offside().to_string(),
        onside_stopper,
        offside_stopper,
        outcome: o.class().to_string(),
        left_first: json_result(o.left_first),
        right_first: json_result(o.right_first),
        lines: None,
        positions: None,
    })
}

/// The largest canonical stopper (in positions) whose degree `value`
/// prints unasked: the degree is a sum `G - G` and its sides.
pub const DEGREE_SHOWN: usize = 64;

/// The degree of the stopper `v` when that is cheap: a short game's is 0;
/// a larger one's is computed within a second of the query's budget, and
/// left out when that is not enough.
fn cheap_degree(v: &LoopyValue, budget: &Budget) -> Option<String> {
    if v.onside().len() > DEGREE_SHOWN {
        return None;
    }
    let trial = budget.trial(std::time::Duration::from_secs(1));
    crate::loopy::degree(v, &trial).ok().map(|d| d.to_string())
}

/// The text `grundy value` prints for a loopy value.
impl fmt::Display for LoopyAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        writeln!(f, "value:   {}", self.value)?;
        if self.stopper {
            writeln!(
                f,
                "loopy:   a stopper (no endless alternating play), in canonical form"
            )?;
        } else if self.onside_stopper && self.offside_stopper {
            writeln!(
                f,
                "loopy:   not a stopper; stopper-sided: onside {}, offside {}",
                self.onside, self.offside
            )?;
        } else {
            writeln!(
                f,
                "loopy:   its sides are not stoppers as grundy simplifies them (it drops the \
                 edges of alternating cycles that a side does not need; CGSuite also unravels \
                 cycles): not stopper-sided as far as grundy can tell, so no value is claimed"
            )?;
            for (name, side, ok) in [
                ("onside", &self.onside, self.onside_stopper),
                ("offside", &self.offside, self.offside_stopper),
            ] {
                let what = if ok {
                    "a canonical stopper"
                } else {
                    "simplified, still with alternating cycles"
                };
                writeln!(f, "{name}: {side} ({what})")?;
            }
        }
        if let (Some(l), Some(r)) = (&self.left_stop, &self.right_stop) {
            write!(f, "stops:   left {l}, right {r}")?;
            match &self.degree {
                Some(d) => writeln!(f, "; degree {d}")?,
                None => writeln!(f, "; degree not computed unasked (degree(G) computes it)")?,
            }
        }
        for (name, stops) in [
            ("onside", &self.onside_stops),
            ("offside", &self.offside_stops),
        ] {
            if let Some([l, r]) = stops {
                writeln!(f, "stops:   of the {name}: left {l}, right {r}")?;
            }
        }
        writeln!(
            f,
            "outcome: {}: Left moving first: {}; Right moving first: {}",
            self.outcome,
            words(self.left_first),
            words(self.right_first)
        )?;
        for line in self.lines.iter().flatten() {
            let who = match line.mover {
                Some("left") => "Left",
                _ => "Right",
            };
            let (label, moves) = match line.outcome.as_str() {
                "win" => ("winning moves", &line.winning_moves),
                "draw" => ("drawing moves", &line.drawing_moves),
                _ => continue,
            };
            writeln!(f, "{label} ({who} first):")?;
            for m in moves {
                writeln!(f, "  {m}")?;
            }
        }
        if let Some(n) = self.positions {
            writeln!(f, "positions: {n} (retrograde analysis of the sum's graph)")?;
        }
        Ok(())
    }
}

/// `compare` when either game is loopy.
pub fn loopy_compare(
    session: &Session,
    engine: &mut Engine,
    g: &str,
    h: &str,
) -> Result<CompareAnswer, Error> {
    let budget = session.budget();
    let gv = value_of(session, engine, &budget, g)?;
    let hv = value_of(session, engine, &budget, h)?;
    let relation = gv
        .compare(&hv, &budget)
        .map_err(|e| Error::input(e.to_string()))?;
    Ok(CompareAnswer {
        g: g.to_string(),
        g_value: gv.to_string(),
        h: h.to_string(),
        h_value: hv.to_string(),
        relation: relation.to_string(),
    })
}

/// The options of one player from the start of `g` (a canonical stopper or
/// a side), each with its value and what it leads to for the mover: an
/// option's outcome is read with the opponent moving first.
fn side_moves(
    g: &crate::loopy::LoopyGame,
    left: bool,
    budget: &Budget,
) -> Result<Vec<Move>, crate::loopy::Error> {
    let start = g.start();
    let edges = if left {
        g.left_edges(start)
    } else {
        g.right_edges(start)
    };
    edges
        .iter()
        .map(|&e| {
            let v = LoopyValue::of(&g.at(crate::loopy::Vertex(e)), budget)?;
            let o = v.outcomes(budget)?;
            let next = if left { o.right_first } else { o.left_first };
            let leads_to = match (next, left) {
                (PlayResult::Draw, _) => "draw",
                (PlayResult::LeftWins, true) | (PlayResult::RightWins, false) => "win",
                _ => "loss",
            };
            let value = v.to_string();
            Ok(Move {
                says: if e == start.0 {
                    "pass (back to the same position)".to_string()
                } else {
                    format!("to {value}")
                },
                game: value.clone(),
                part: None,
                to: None,
                value: Some(value),
                leads_to: Some(leads_to),
                at: None,
                touch: None,
            })
        })
        .collect()
}

/// `options` of a value in loopy notation (`{0|pass}`): a stopper's
/// options, each with its value and what it leads to; for a value that is
/// not a stopper, the options of each side. Where a side is not a stopper
/// (grundy does not reduce it) no options are claimed.
pub(super) fn loopy_options(
    session: &Session,
    engine: &mut Engine,
    text: &str,
) -> Result<OptionsAnswer, Error> {
    let budget = session.budget();
    let v = value_of(session, engine, &budget, text)?;
    let moves = |g: &crate::loopy::LoopyGame, left: bool| {
        side_moves(g, left, &budget).map_err(|e| loopy_error(text, e))
    };
    let (left, right, sides) = match &v {
        LoopyValue::Stopper(g) => (Some(moves(g, true)?), Some(moves(g, false)?), None),
        LoopyValue::Sided { .. } => {
            let mut sides = Vec::new();
            for (side, g) in [("onside", v.onside()), ("offside", v.offside())] {
                sides.push(SideOptions {
                    side,
                    value: g.to_string(),
                    left: moves(g, true)?,
                    right: moves(g, false)?,
                });
            }
            (None, None, Some(sides))
        }
        LoopyValue::Unresolved { .. } => {
            return Err(Error::input(format!(
                "{text}: its sides are not stoppers as grundy simplifies them, so it has no \
                 value whose options could be listed; `grundy value` gives its sides as far as \
                 they simplify"
            )))
        }
    };
    Ok(OptionsAnswer {
        game: text.trim().to_string(),
        kind: "partizan",
        play: "normal",
        parts: None,
        moves: None,
        left,
        right,
        value: Some(v.to_string()),
        sides,
        complete: true,
        results_error: None,
    })
}
