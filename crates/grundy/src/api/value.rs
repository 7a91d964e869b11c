//! `value`: a position's value, who wins, and every winning move; or the
//! list a list function (`incentives(G)`) gives.

use super::text::ReadText;
use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use super::{play_name, texts, Error, Session};
use crate::engine::{Analysis, Evaluation, LoopyReport, MisereReport, PartizanReport};
use crate::language::expr::GameExpr;
use crate::solvers::loopy::LoopyOutcome;
use crate::solvers::search::Play;
use crate::vocab::outcome::Outcome;

/// The answer of `value`: a position's, or a list function's.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ValueAnswer {
    /// A position (any game, sum, compound, misère or loopy).
    Position(Box<PositionAnswer>),
    /// A function whose value is a list (`incentives(G)`), written alone.
    List(ListAnswer),
    /// A loopy partizan value in CGSuite's notation (`on`, `{0|pass}`).
    Loopy(Box<super::LoopyAnswer>),
    /// A predicate (`is_number(G)`), written alone: true or false.
    Predicate(PredicateAnswer),
    /// A function whose answer is a text (`confusion_interval(G)`), written
    /// alone.
    Text(TextAnswer),
}

impl ValueAnswer {
    /// Why part of the answer is missing because a limit stopped it (a
    /// loopy value whose sides ran out of time), if it is: the rest of the
    /// answer stands, and a front end with a larger budget may ask again.
    pub fn cut_by_limit(&self) -> Option<&str> {
        match self {
            ValueAnswer::Position(p) => match &p.detail {
                Detail::Loopy { value_error, .. } => value_error.as_deref(),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Answers `text`: a position, or a list function written alone.
pub fn value(session: &Session, text: &str) -> Result<ValueAnswer, Error> {
    value_in(session, &mut session.engine(), text)
}

/// [`value`], with `engine` (which keeps what it learns for the next
/// question: a long-lived front end keeps one).
pub fn value_in(
    session: &Session,
    engine: &mut crate::engine::Engine,
    text: &str,
) -> Result<ValueAnswer, Error> {
    session.in_notation(|| {
        if let Some(call) = crate::language::functions::parse_list_call(text, &session.registry) {
            return list_value(session, text, call).map(ValueAnswer::List);
        }
        if let Some(call) = crate::language::functions::parse_text_call(text, &session.registry) {
            return text_value(session, text, call).map(ValueAnswer::Text);
        }
        let short_call = crate::language::functions::parse_predicate_call(text, &session.registry);
        // A loopy predicate (`is_stable(over)`), or `is_idempotent` of a
        // value that is not short (`is_idempotent(over)`).
        if !matches!(short_call, Some(Ok(_))) && super::is_loopy(text) {
            if let Some(answer) = super::loopy::loopy_predicate(session, engine, text) {
                return answer.map(ValueAnswer::Predicate);
            }
        }
        if let Some(call) = short_call {
            return predicate_value(session, text, call).map(ValueAnswer::Predicate);
        }
        if super::is_loopy(text) {
            return super::loopy_value(session, engine, text)
                .map(|a| ValueAnswer::Loopy(Box::new(a)));
        }
        let p = value_analysis(session, engine, text)?;
        if let Analysis::Loopy(report) = p.analysis() {
            if report.play == Play::Normal && report.lines.len() == 2 {
                // A partizan sum whose moves cycle (Backsliding Toads and
                // Frogs, a script): its loopy value, with the moves of the
                // retrograde analysis; where the value's sides are over a
                // limit, the retrograde answer says so.
                return match super::loopy::graph_value(session, engine, report) {
                    Ok(a) => Ok(ValueAnswer::Loopy(Box::new(a))),
                    Err(e) if e.limit_hit().is_some() => Ok(ValueAnswer::Position(Box::new(
                        p.with_value_error(e.message),
                    ))),
                    Err(e) => Err(e),
                };
            }
        }
        Ok(ValueAnswer::Position(Box::new(p)))
    })
}

/// Answers the position `text` with `engine` (which keeps what it learns
/// for the next position: `--batch` and the Python package's sessions
/// share one across queries).
pub fn value_analysis(
    session: &Session,
    engine: &mut crate::engine::Engine,
    text: &str,
) -> Result<PositionAnswer, Error> {
    session.in_notation(|| {
        engine
            .analyse(text)
            .map(PositionAnswer::new)
            .map_err(|e| Error::eval(text, e))
    })
}

/// The value of a list function (`incentives(G)`): the list, printed as
/// CGSuite prints a set, and the argument's value.
#[derive(Clone, Debug, Serialize)]
pub struct ListAnswer {
    /// The argument's value.
    pub argument: String,
    /// The function's name.
    pub function: &'static str,
    /// The call, as read.
    pub game: String,
    /// Always `list`.
    pub kind: &'static str,
    /// Each game of the list, as `value` reads it back.
    pub list: Vec<String>,
    /// The list as CGSuite writes a set, `{a,b}`, to paste into CGSuite:
    /// grundy reads no sets (it would read `{a,b}` as a game), so this is
    /// not a grundy value and is not called one.
    pub cgsuite: String,
}

fn list_value(
    session: &Session,
    text: &str,
    call: Result<crate::language::functions::WholeCall, crate::component::ExprError>,
) -> Result<ListAnswer, Error> {
    let call = call.map_err(|e| Error::parse(text, &e))?;
    let mut cx = crate::component::Context::new(session.limits);
    cx.start(&session.budget());
    if let crate::language::functions::Returns::Sensible(_) = call.spec.returns {
        // Positions, each read back by `value`; `cgsuite` is their values.
        let (g, options) = call.sensible(&mut cx).map_err(|e| Error::eval(text, e))?;
        let (positions, values): (Vec<String>, Vec<crate::partizan::Game>) = options
            .into_iter()
            .map(|(o, v)| (GameExpr::Sum(o).to_string(), v))
            .unzip();
        return Ok(ListAnswer {
            game: call.to_string(),
            kind: "list",
            function: call.spec.name,
            argument: g.to_string(),
            cgsuite: crate::language::functions::list_to_string(&values),
            list: positions,
        });
    }
    let (g, list) = call.list(&mut cx).map_err(|e| Error::eval(text, e))?;
    Ok(ListAnswer {
        game: call.to_string(),
        kind: "list",
        function: call.spec.name,
        argument: g.to_string(),
        cgsuite: crate::language::functions::list_to_string(&list),
        list: texts(&list),
    })
}

impl fmt::Display for ListAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One game a line, each as `value` reads it back: CGSuite's set
        // notation `{a,b}` (the JSON's `cgsuite`) does not read back.
        writeln!(f, "{}", self.game)?;
        writeln!(f, "of G = {}:", self.argument)?;
        if self.list.is_empty() {
            writeln!(f, "  none")?;
        }
        for item in &self.list {
            writeln!(f, "  {item}")?;
        }
        Ok(())
    }
}

/// The answer of a predicate (`is_number(G)`): true or false, and the
/// argument's value.
#[derive(Clone, Debug, Serialize)]
pub struct PredicateAnswer {
    /// The argument's value.
    pub argument: String,
    /// The predicate's name.
    pub function: &'static str,
    /// The call, as read.
    pub game: String,
    /// Always `predicate`.
    pub kind: &'static str,
    /// The property tested, as `properties` names it (`number`).
    pub property: &'static str,
    /// The answer.
    pub value: bool,
}

fn predicate_value(
    session: &Session,
    text: &str,
    call: Result<crate::language::functions::WholeCall, crate::component::ExprError>,
) -> Result<PredicateAnswer, Error> {
    let call = call.map_err(|e| {
        if super::is_loopy(text) {
            Error::input(format!(
                "{text}: the predicates apply to short (loopfree) games; a loopy value (on, off, \
                 over, upon, dud, pass inside braces, a labelled cycle) is not accepted: write a \
                 short game, like is_number(3/4)"
            ))
        } else {
            Error::parse(text, &e)
        }
    })?;
    let mut cx = crate::component::Context::new(session.limits);
    cx.start(&session.budget());
    let (g, answer) = call.test(&mut cx).map_err(|e| Error::eval(text, e))?;
    Ok(PredicateAnswer {
        game: call.to_string(),
        kind: "predicate",
        function: call.spec.name,
        property: call.spec.property(),
        argument: g.to_string(),
        value: answer,
    })
}

impl fmt::Display for PredicateAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        writeln!(f, "of G = {}: {}", self.argument, self.value)
    }
}

/// The answer of a text function (`confusion_interval(G)`,
/// `uptimal_expansion(G)`): its text, or none, and the argument's value.
#[derive(Clone, Debug, Serialize)]
pub struct TextAnswer {
    /// The argument's value.
    pub argument: String,
    /// The function's name.
    pub function: &'static str,
    /// The call, as read.
    pub game: String,
    /// Always `text`.
    pub kind: &'static str,
    /// The answer; `null` when there is none (a number's confusion
    /// interval, the expansion of a game that is no uptimal).
    pub value: Option<String>,
}

fn text_value(
    session: &Session,
    text: &str,
    call: Result<crate::language::functions::WholeCall, crate::component::ExprError>,
) -> Result<TextAnswer, Error> {
    let call = call.map_err(|e| Error::parse(text, &e))?;
    let mut cx = crate::component::Context::new(session.limits);
    cx.start(&session.budget());
    let (g, answer) = call.text(&mut cx).map_err(|e| Error::eval(text, e))?;
    Ok(TextAnswer {
        game: call.to_string(),
        kind: "text",
        function: call.spec.name,
        argument: g.to_string(),
        value: answer,
    })
}

impl fmt::Display for TextAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        writeln!(
            f,
            "of G = {}: {}",
            self.argument,
            self.value.as_deref().unwrap_or("none")
        )
    }
}

impl fmt::Display for ValueAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueAnswer::Position(p) => p.fmt(f),
            ValueAnswer::List(l) => l.fmt(f),
            ValueAnswer::Loopy(l) => l.fmt(f),
            ValueAnswer::Predicate(p) => p.fmt(f),
            ValueAnswer::Text(t) => t.fmt(f),
        }
    }
}

/// The answer for one position: the fields every answer has (`game`,
/// `kind`, `play`, `outcome`, `moves_complete`) and those of its kind.
/// `docs/value.schema.json` is its JSON as a JSON Schema.
#[derive(Clone, Debug, Serialize)]
pub struct PositionAnswer {
    /// The position, in the syntax `value` reads.
    pub game: String,
    /// `impartial` or `partizan`.
    pub kind: &'static str,
    /// `normal` or `misere`.
    pub play: &'static str,
    /// `P`, `N` (impartial) or also `L`, `R` (partizan).
    pub outcome: String,
    /// False when a limit cut a list of moves short.
    pub moves_complete: bool,
    /// What the answer holds for its kind.
    #[serde(flatten)]
    pub detail: Detail,
    /// What the answer was made from (for its text).
    #[serde(skip)]
    analysis: Option<Analysis>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Detail {
    Impartial {
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        nimber: Option<u64>,
        winning_moves: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        remoteness: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        suspense: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        misere_value: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        genus: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        misere_canonical: Option<String>,
        method: &'static str,
    },
    Partizan {
        value: String,
        left_moves: Vec<String>,
        right_moves: Vec<String>,
        birthday: u64,
        left_stop: String,
        right_stop: String,
        mean: String,
        temperature: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        nimber: Option<u64>,
        /// The cheap properties the value has (`number`, `infinitesimal`,
        /// `even_tempered`, …: the predicates `is_…(G)` that hold).
        properties: Vec<&'static str>,
        /// The numbers the value is confused with (`confusion_interval`),
        /// absent for a number or when there is none.
        #[serde(skip_serializing_if = "Option::is_none")]
        confusion_interval: Option<String>,
        /// CGSuite's uptimal expansion (`uptimal_expansion`), present
        /// when the value is an uptimal.
        #[serde(skip_serializing_if = "Option::is_none")]
        uptimal_expansion: Option<String>,
    },
    PartizanMisere {
        left_moves: Vec<String>,
        right_moves: Vec<String>,
    },
    Loopy {
        loopy: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<String>,
        lines: Vec<LoopyLine>,
        positions: usize,
        /// A partizan game under normal play whose loopy value (its sides)
        /// was over a limit: why it is missing.
        #[serde(skip_serializing_if = "Option::is_none")]
        value_error: Option<String>,
    },
}

/// One player moving first in a loopy game.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mover: Option<&'static str>,
    pub outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    pub winning_moves: Vec<String>,
    pub drawing_moves: Vec<String>,
}

/// The lines of a retrograde analysis as answered: for each player
/// moving first, the result and the moves that win or keep the draw.
pub(super) fn loopy_lines(r: &LoopyReport) -> Vec<LoopyLine> {
    r.lines
        .iter()
        .map(|l| LoopyLine {
            mover: l.mover.map(crate::vocab::outcome::Player::name),
            outcome: l.outcome.to_string(),
            remoteness: l.remoteness,
            winning_moves: texts(&l.winning_moves),
            drawing_moves: texts(&l.drawing_moves),
        })
        .collect()
}

impl PositionAnswer {
    fn impartial(e: &Evaluation) -> PositionAnswer {
        PositionAnswer {
            game: e.game.to_string(),
            kind: "impartial",
            play: play_name(e.play),
            outcome: e.outcome.to_string(),
            moves_complete: e.moves_complete,
            detail: Detail::Impartial {
                value: e.nimber.map(|n| n.to_string()),
                nimber: e.nimber.map(|n| n.0),
                winning_moves: texts(&e.winning_moves),
                remoteness: e.remoteness.map(|r| r.moves()),
                suspense: e.suspense.map(|r| r.moves()),
                misere_value: e.misere_form.map(|f| f.misere_nim_value().0),
                genus: e.misere_form.map(|f| f.genus().to_string()),
                misere_canonical: e.misere_form.map(|f| f.to_string()),
                method: e.method.name(),
            },
            analysis: None,
        }
    }

    /// The answer for a partizan game in misère play: outcome and moves.
    fn partizan_misere(r: &MisereReport) -> PositionAnswer {
        PositionAnswer {
            game: r.game.to_string(),
            kind: "partizan",
            play: "misere",
            outcome: r.outcome.to_string(),
            moves_complete: r.moves_complete,
            detail: Detail::PartizanMisere {
                left_moves: texts(&r.left_moves),
                right_moves: texts(&r.right_moves),
            },
            analysis: None,
        }
    }

    /// The answer for a loopy game (retrograde analysis). Its outcome class:
    /// `D` when someone moving first draws, else P, N, L or R as usual.
    fn loopy(r: &LoopyReport) -> PositionAnswer {
        let wins = |l: &crate::engine::LoopyLine| l.outcome == LoopyOutcome::Win;
        let outcome = if r.lines.iter().any(|l| l.outcome == LoopyOutcome::Draw) {
            "D"
        } else {
            match r.lines.as_slice() {
                [one] if wins(one) => "N",
                [_] => "P",
                [left, right] => match (wins(left), wins(right)) {
                    (true, true) => "N",
                    (false, false) => "P",
                    (true, false) => "L",
                    (false, true) => "R",
                },
                _ => "D",
            }
        };
        let partizan = r.lines.iter().any(|l| l.mover.is_some());
        PositionAnswer {
            game: r.game.to_string(),
            kind: if partizan { "partizan" } else { "impartial" },
            play: play_name(r.play),
            outcome: outcome.to_string(),
            moves_complete: r.lines.iter().all(|l| l.moves_complete),
            detail: Detail::Loopy {
                loopy: true,
                value: r.gsg.as_ref().map(ToString::to_string),
                lines: loopy_lines(r),
                positions: r.positions,
                value_error: None,
            },
            analysis: None,
        }
    }

    /// The answer with why the loopy value is missing (a limit).
    fn with_value_error(mut self, message: String) -> PositionAnswer {
        if let Detail::Loopy { value_error, .. } = &mut self.detail {
            *value_error = Some(message);
        }
        self
    }

    /// The answer for a partizan sum.
    fn partizan(game: &GameExpr, r: &PartizanReport) -> PositionAnswer {
        PositionAnswer {
            game: game.to_string(),
            kind: "partizan",
            play: "normal",
            outcome: r.outcome.to_string(),
            moves_complete: r.moves_complete,
            detail: Detail::Partizan {
                value: r.value.to_string(),
                left_moves: texts(&r.left_moves),
                right_moves: texts(&r.right_moves),
                birthday: r.birthday,
                left_stop: r.left_stop.to_string(),
                right_stop: r.right_stop.to_string(),
                mean: r.mean.to_string(),
                temperature: r.temperature.to_string(),
                nimber: r.nimber.map(|n| n.0),
                properties: crate::language::functions::properties(r.value),
                confusion_interval: r.value.confusion_interval().map(|c| c.to_string()),
                uptimal_expansion: r.value.uptimal_expansion(),
            },
            analysis: None,
        }
    }
}

/// What a batch keeps of an answer until it is read: its line, written
/// now, and the fields its JSON is written from, without the analysis they
/// were made from (which holds every position the answer names, and is let
/// go at once, on the thread that made it).
#[derive(Clone, Debug)]
pub struct BatchAnswer {
    /// The one-line answer of `value --batch`.
    pub line: String,
    fields: PositionAnswer,
}

impl BatchAnswer {
    /// Who wins: `P`, `N`, `L` or `R`.
    pub fn outcome(&self) -> &str {
        &self.fields.outcome
    }

    /// The position, in the syntax `value` reads.
    pub fn game(&self) -> &str {
        &self.fields.game
    }
}

/// The answer's JSON, as `value --json` writes it.
impl Serialize for BatchAnswer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.fields.serialize(s)
    }
}

impl PositionAnswer {
    /// The answer as a batch keeps it ([`BatchAnswer`]).
    pub fn for_batch(mut self) -> BatchAnswer {
        let line = self.line();
        self.analysis = None;
        BatchAnswer { line, fields: self }
    }

    /// The answer for an analysis.
    pub fn new(a: Analysis) -> PositionAnswer {
        let mut answer = match &a {
            Analysis::Impartial(e) => PositionAnswer::impartial(e),
            Analysis::Partizan { game, report } => PositionAnswer::partizan(game, report),
            Analysis::Loopy(report) => PositionAnswer::loopy(report),
            Analysis::PartizanMisere(report) => PositionAnswer::partizan_misere(report),
        };
        answer.analysis = Some(a);
        answer
    }

    /// The analysis the answer was made from.
    pub fn analysis(&self) -> &Analysis {
        self.analysis
            .as_ref()
            .expect("an answer is made from an analysis")
    }

    /// The one-line answer of `value --batch`: outcome, value and winning moves.
    pub fn line(&self) -> String {
        match self.analysis() {
            Analysis::Impartial(e) => {
                let value = match (e.nimber, e.remoteness, e.suspense) {
                    (Some(n), _, _) => n.to_string(),
                    (None, Some(r), _) => format!("remoteness={r}"),
                    (None, None, Some(r)) => format!("suspense={r}"),
                    _ => "-".to_string(),
                };
                let more = if e.moves_complete { "" } else { "; …" };
                format!(
                    "{} {} -> {}{more}",
                    e.outcome,
                    value,
                    joined(&e.winning_moves)
                )
            }
            Analysis::Loopy(report) => report
                .lines
                .iter()
                .map(|l| {
                    let moves = match l.outcome {
                        LoopyOutcome::Draw => &l.drawing_moves,
                        _ => &l.winning_moves,
                    };
                    format!("{} -> {}", l.outcome, joined(moves))
                })
                .collect::<Vec<_>>()
                .join(" | "),
            Analysis::PartizanMisere(r) => format!(
                "{} misere -> L: {} | R: {}",
                r.outcome,
                joined(&r.left_moves),
                joined(&r.right_moves)
            ),
            Analysis::Partizan { report, .. } => format!(
                "{} {} -> L: {} | R: {}",
                report.outcome,
                report.value,
                joined(&report.left_moves),
                joined(&report.right_moves)
            ),
        }
    }
}

fn joined(moves: &[GameExpr]) -> String {
    texts(moves).join("; ")
}

/// The text `grundy value` prints.
impl fmt::Display for PositionAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        let written = match self.analysis() {
            Analysis::Impartial(e) => print_value(&mut out, e),
            Analysis::Partizan { game, report } => {
                // The properties the answer's fields hold, not tested again.
                let properties = match &self.detail {
                    Detail::Partizan { properties, .. } => &properties[..],
                    _ => &[],
                };
                print_partizan(&mut out, game, report, properties)
            }
            Analysis::Loopy(report) => {
                print_loopy(&mut out, report).and_then(|()| match &self.detail {
                    Detail::Loopy {
                        value_error: Some(e),
                        ..
                    } => writeln!(out, "value:   not computed: {e}"),
                    _ => Ok(()),
                })
            }
            Analysis::PartizanMisere(report) => print_partizan_misere(&mut out, report),
        };
        written.map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&out))
    }
}

/// The longest misère canonical form printed in text.
const MAX_FORM_SHOWN: usize = 2000;

fn print_partizan(
    out: &mut impl Write,
    game: &GameExpr,
    r: &PartizanReport,
    properties: &[&str],
) -> io::Result<()> {
    writeln!(out, "{game}")?;
    writeln!(out, "value:   {}", r.value)?;
    writeln!(
        out,
        "outcome: {} ({})",
        r.outcome,
        outcome_class_words(r.outcome)
    )?;
    writeln!(
        out,
        "stops:   left {}, right {}; mean {}, temperature {}; birthday {}",
        r.left_stop, r.right_stop, r.mean, r.temperature, r.birthday
    )?;
    if !properties.is_empty() {
        writeln!(out, "is:      {}", properties.join(", ").replace('_', "-"))?;
    }
    print_players_moves(out, &r.left_moves, &r.right_moves, r.moves_complete)
}

fn outcome_class_words(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins, whoever moves first",
        Outcome::R => "Right wins, whoever moves first",
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    }
}

fn print_players_moves(
    out: &mut impl Write,
    left: &[GameExpr],
    right: &[GameExpr],
    complete: bool,
) -> io::Result<()> {
    // The same moves win for both players (an impartial position, like an
    // all-green Hackenbush tree, where every option is open to both): one list.
    let lists: &[(&str, &[GameExpr])] = if left == right {
        &[("Either player's", left)]
    } else {
        &[("Left's", left), ("Right's", right)]
    };
    for &(who, moves) in lists {
        if moves.is_empty() {
            writeln!(out, "{who} winning moves (moving first): none")?;
        } else {
            writeln!(out, "{who} winning moves (moving first):")?;
            for m in moves {
                writeln!(out, "  {m}")?;
            }
        }
    }
    if !complete {
        writeln!(out, "  … more exist (listing stopped at --max-moves)")?;
    }
    Ok(())
}

fn outcome_words(e: &Evaluation) -> &'static str {
    match (e.outcome, e.play) {
        (crate::vocab::outcome::Outcome::P, _) => "the player to move loses",
        (_, _) => "the player to move wins",
    }
}

fn print_value(out: &mut impl Write, e: &Evaluation) -> io::Result<()> {
    writeln!(out, "{}", e.game)?;
    if e.play == Play::Misere {
        writeln!(out, "play:    misère (the player who moves last loses)")?;
        writeln!(out, "decided by: {}", e.method)?;
    }
    if let Some(n) = e.nimber {
        writeln!(out, "value:   {n}")?;
    }
    writeln!(out, "outcome: {} ({})", e.outcome, outcome_words(e))?;
    if let Some(f) = e.misere_form {
        writeln!(
            out,
            "misère value: {} (its misère Grundy value); genus {}",
            f.misere_nim_value().0,
            f.genus()
        )?;
        let written = f.to_string();
        if written.len() <= MAX_FORM_SHOWN {
            writeln!(out, "misère canonical form: {written}")?;
        } else {
            writeln!(
                out,
                "misère canonical form: {} characters long (--json gives it whole)",
                written.len()
            )?;
        }
    }
    if let Some(r) = e.remoteness {
        writeln!(
            out,
            "remoteness: {r} (moves to the end, the winner hurrying and the loser delaying)"
        )?;
    }
    if let Some(r) = e.suspense {
        writeln!(
            out,
            "suspense: {r} (moves to the end, the winner delaying and the loser hurrying)"
        )?;
    }
    if e.winning_moves.is_empty() && !e.moves_complete {
        writeln!(
            out,
            "winning moves: none found before the scan limit (raise --max-positions to look further)"
        )?;
    } else if e.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves:")?;
        for m in &e.winning_moves {
            writeln!(out, "  {m}")?;
        }
        if !e.moves_complete {
            writeln!(
                out,
                "  … more exist (listing stopped at a limit; see --max-moves, --max-positions)"
            )?;
        }
    }
    Ok(())
}

fn print_partizan_misere(out: &mut impl Write, r: &MisereReport) -> io::Result<()> {
    writeln!(out, "{}", r.game)?;
    writeln!(out, "play:    misère (the player who moves last loses)")?;
    writeln!(
        out,
        "outcome: {} ({})",
        r.outcome,
        outcome_class_words(r.outcome)
    )?;
    // A player who wins moving first with no winning move has no move at
    // all: in misère play that is the win.
    for (who, moves, wins) in [
        (
            "Left",
            &r.left_moves,
            matches!(r.outcome, Outcome::L | Outcome::N),
        ),
        (
            "Right",
            &r.right_moves,
            matches!(r.outcome, Outcome::R | Outcome::N),
        ),
    ] {
        if wins && moves.is_empty() {
            writeln!(out, "{who} moving first has no move, and so wins")?;
        }
    }
    print_players_moves(out, &r.left_moves, &r.right_moves, r.moves_complete)
}

fn print_loopy(out: &mut impl Write, r: &LoopyReport) -> io::Result<()> {
    writeln!(out, "{}", r.game)?;
    if r.play == Play::Misere {
        writeln!(out, "play:    misère (the player who moves last loses)")?;
    }
    writeln!(
        out,
        "loopy:   moves can return to an earlier position; {} positions analysed",
        r.positions
    )?;
    if let Some(g) = &r.gsg {
        writeln!(out, "value:   {g} (generalised Sprague–Grundy value)")?;
    }
    for line in &r.lines {
        let who = match line.mover {
            Some(p) => format!("{p:?} moving first"),
            None => "the player to move".to_string(),
        };
        let how = match (line.outcome, line.remoteness) {
            (LoopyOutcome::Draw, _) => "draws: neither player can force a win".to_string(),
            (o, Some(r)) => format!(
                "{} in {}",
                o.verb(),
                crate::solvers::search::Remoteness(r).in_words()
            ),
            (o, None) => o.verb().to_string(),
        };
        writeln!(out, "outcome: {who} {how}")?;
        let (label, moves) = match line.outcome {
            LoopyOutcome::Win => ("winning moves", &line.winning_moves),
            LoopyOutcome::Draw => ("drawing moves", &line.drawing_moves),
            LoopyOutcome::Loss => continue,
        };
        writeln!(out, "{label}:")?;
        for m in moves {
            writeln!(out, "  {m}")?;
        }
    }
    if r.lines.iter().any(|l| !l.moves_complete) {
        writeln!(out, "  … more exist (listing stopped at --max-moves)")?;
    }
    Ok(())
}
