//! Values of a family of positions written with free variables
//! ([`Template`]): the table of `cutcake(x,y)` and the sequence of
//! `subtraction(n, [1,2], [2,3])`, each position's canonical form (its
//! nimber for an impartial one) and outcome, and the patterns they show —
//! seen on the range computed, never proved.
//!
//! Each position is the template's text with numbers in place of the
//! variables, valued by the engine as `value` values it. The whole family
//! shares one time limit: a position that a limit refuses stays empty
//! (`null` in JSON) and the answer says why; once the time is spent, the
//! rest stay empty too.

use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{Error, Session};
use crate::board::patterns::{self, smallest_period, Evidence};
use crate::component::EvalError;
use crate::engine::Engine;
use crate::language::expr::parse_game_in;
use crate::language::template::Template;
use crate::partizan::Game;
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::Outcome;

/// Most positions a family's table or sequence may value (checked before
/// any is valued: each kept position is a few short strings).
pub const MAX_FAMILY_POSITIONS: u64 = 1_000_000;

/// The error of a family that was a game's bare name (`domineering`) and
/// whose positions `name(x,y)` do not read either: the ruleset reader's
/// own error `ruleset_error`, which says what a ruleset is, with why the
/// family failed.
pub(super) fn bare_name_error(ruleset_error: Error, family: Error) -> Error {
    if family.kind != super::ErrorKind::Input {
        return family; // a limit or a cancel: the family did read
    }
    Error {
        message: format!(
            "{}; and as a family of positions: {}",
            ruleset_error.message, family.message
        ),
        ..ruleset_error
    }
}

/// The widest form that columns are widened for in the text output.
const MAX_ALIGNED: usize = 40;

/// One position's value: its canonical form and outcome.
#[derive(Clone, Copy, Debug)]
struct Cell {
    value: Game,
    outcome: Outcome,
}

/// Values the positions of a template one at a time, against one deadline.
struct Valuer<'a> {
    session: &'a Session,
    engine: Engine,
    deadline: Option<Instant>,
    /// The first reason a position was left empty.
    refused: Option<String>,
    /// How many positions were left empty.
    empty: u64,
    /// Whether any position read as a game.
    read_any: bool,
}

impl<'a> Valuer<'a> {
    fn new(session: &'a Session) -> Valuer<'a> {
        Valuer {
            session,
            engine: session.engine(),
            deadline: session
                .limits
                .max_time
                .and_then(|t| Instant::now().checked_add(t)),
            refused: None,
            empty: 0,
            read_any: false,
        }
    }

    /// The value of `text`, or `None` when a limit or the position's own
    /// rules refuse it (the first such reason is kept). An error that no
    /// position of the family could escape — the template does not read,
    /// the question was cancelled — ends the whole answer.
    fn value(&mut self, text: &str) -> Result<Option<Cell>, Error> {
        let game = match parse_game_in(text, &self.session.registry) {
            Ok(g) => g,
            Err(e) => {
                self.refuse(format!("{text}: {e}"));
                return Ok(None);
            }
        };
        self.read_any = true;
        let remaining = match self.deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(left) if left > Duration::ZERO => Some(left),
                _ => {
                    self.refuse(format!(
                        "the time limit of {:?} was spent before {text}",
                        self.session.limits.max_time.unwrap_or_default()
                    ));
                    return Ok(None);
                }
            },
            None => None,
        };
        let mut limits = self.session.limits;
        limits.max_time = remaining;
        let session_budget = self.session.budget();
        if session_budget.is_cancelled() {
            return Err(Error::limit(LimitError::Cancelled {
                what: format!("the values of the family, at {text}"),
            }));
        }
        self.engine
            .set_budget(Budget::new(limits).with_cancel_flag(session_budget.cancel_flag().clone()));
        let value = if game.is_partizan() {
            self.engine.partizan_value(&game)
        } else {
            self.engine
                .evaluate_game(&game)
                .and_then(|e| match e.nimber {
                    Some(n) => Game::nimber(n.0).map_err(EvalError::from),
                    None => Err(EvalError::NotImpartial(text.to_string())),
                })
        };
        match value {
            Ok(value) => Ok(Some(Cell {
                value,
                outcome: value.outcome(),
            })),
            Err(e) if matches!(e.limit(), Some(LimitError::Cancelled { .. })) => {
                Err(Error::eval(text, e))
            }
            Err(e) => {
                let e = Error::eval(text, e);
                self.refuse(e.message);
                Ok(None)
            }
        }
    }

    fn refuse(&mut self, why: String) {
        self.empty += 1;
        if self.refused.is_none() {
            self.refused = Some(why);
        }
    }

    /// Why positions were left empty, for the answer; an error when no
    /// position of the family read as a game at all (the template is wrong,
    /// not a position).
    fn left_empty(&self, template: &Template) -> Result<Option<String>, Error> {
        if !self.read_any {
            return Err(Error::input(format!(
                "no position of {} reads as a game; the first, {}",
                template.text(),
                self.refused.as_deref().unwrap_or("none was asked for")
            )));
        }
        Ok(self.described())
    }

    fn described(&self) -> Option<String> {
        self.refused.as_ref().map(|why| match self.empty {
            1 => format!("1 position left empty: {why}"),
            n => format!("{n} positions left empty; the first because {why}"),
        })
    }
}

fn form(c: &Option<Cell>) -> Option<String> {
    c.map(|c| c.value.to_string())
}

fn outcome(c: &Option<Cell>) -> Option<String> {
    c.map(|c| c.outcome.to_string())
}

/// The table of a family `G(x,y)`: canonical forms and outcomes.
#[derive(Clone, Debug, Serialize)]
pub struct FormTable {
    /// The family as read (`cutcake(x,y)`).
    pub template: String,
    /// The first row and column: 0, or 1 when the game has no position
    /// with a 0 (`cutcake(0,0)` is refused by its rules).
    pub from: u64,
    /// `forms[i][j]`: the canonical form of `G(from+i, from+j)` (`null`:
    /// left empty, see `left_empty`).
    pub forms: Vec<Vec<Option<String>>>,
    /// `outcomes[i][j]`: its outcome, `L`, `R`, `N` or `P`.
    pub outcomes: Vec<Vec<Option<String>>>,
    /// What holds on every valued position (symmetry, numbers, zeros),
    /// seen, not proved.
    pub patterns: Vec<String>,
    /// Why some positions are empty, if any are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_empty: Option<String>,
    /// When every position is valued, from 0, and is a nimber: the
    /// nimbers, for a table of Grundy values instead.
    #[serde(skip)]
    pub(super) nimbers: Option<Vec<Vec<u64>>>,
}

/// The `size`×`size` table of `template` over `x` and `y`.
pub(super) fn form_table(
    session: &Session,
    template: &Template,
    size: u64,
) -> Result<FormTable, Error> {
    let cells = size
        .checked_mul(size)
        .filter(|&c| c <= MAX_FAMILY_POSITIONS);
    if cells.is_none() {
        return Err(Error::input(format!(
            "--size {size} makes {size}×{size} positions of {}; a table of positions \
             holds at most {MAX_FAMILY_POSITIONS} (MAX_FAMILY_POSITIONS): give --size {} or less",
            template.text(),
            (MAX_FAMILY_POSITIONS as f64).sqrt() as u64
        )));
    }
    let mut valuer = Valuer::new(session);
    // A family whose game has no position at 0 starts at 1.
    let from = u64::from(parse_game_in(&template.at(&[0, 0]), &session.registry).is_err());
    let mut grid = Vec::with_capacity(size as usize);
    for x in from..from + size {
        let mut row = Vec::with_capacity(size as usize);
        for y in from..from + size {
            row.push(valuer.value(&template.at(&[x, y]))?);
        }
        grid.push(row);
    }
    let nimbers = (from == 0)
        .then(|| {
            grid.iter()
                .map(|r| {
                    r.iter()
                        .map(|c| c.and_then(|c| c.value.as_nimber()))
                        .collect()
                })
                .collect::<Option<Vec<Vec<u64>>>>()
        })
        .flatten();
    Ok(FormTable {
        nimbers,
        template: template.text().to_string(),
        from,
        forms: grid.iter().map(|r| r.iter().map(form).collect()).collect(),
        outcomes: grid
            .iter()
            .map(|r| r.iter().map(outcome).collect())
            .collect(),
        patterns: table_patterns(&grid, from),
        left_empty: valuer.left_empty(template)?,
    })
}

/// What holds on every pair of valued cells of `grid`.
fn table_patterns(grid: &[Vec<Option<Cell>>], from: u64) -> Vec<String> {
    let valued: Vec<(usize, usize, Game)> = grid
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            r.iter()
                .enumerate()
                .filter_map(move |(j, c)| c.map(|c| (i, j, c.value)))
        })
        .collect();
    let mut out = Vec::new();
    if valued.len() < 4 {
        return out;
    }
    let at = |i: usize, j: usize| grid[i][j].map(|c| c.value);
    let off_diagonal = valued.iter().filter(|(i, j, _)| i != j).count();
    let mirrored = |same: &dyn Fn(Game, Game) -> bool| {
        off_diagonal > 0
            && valued
                .iter()
                .all(|&(i, j, g)| at(j, i).is_none_or(|h| same(g, h)))
    };
    if mirrored(&|g, h| g == h) {
        out.push("symmetric: G(x,y) = G(y,x)".to_string());
    } else if mirrored(&|g, h| g == h.neg()) {
        out.push("antisymmetric: G(x,y) = -G(y,x)".to_string());
    }
    let all = |p: &dyn Fn(Game) -> bool| valued.iter().all(|&(_, _, g)| p(g));
    if all(&|g| g.as_number().is_some_and(|d| d.is_integer())) {
        out.push("every value is an integer".to_string());
    } else if all(&|g| g.is_number()) {
        out.push("every value is a number".to_string());
    } else if all(&|g| g.as_nimber().is_some()) {
        out.push("every value is a nimber".to_string());
    } else if all(&|g| g.is_all_small()) {
        out.push("every value is all-small".to_string());
    }
    let zeros: Vec<(usize, usize)> = valued
        .iter()
        .filter(|(_, _, g)| *g == Game::zero())
        .map(|&(i, j, _)| (i, j))
        .collect();
    let n = grid.len();
    if !zeros.is_empty() && n > 1 && zeros.len() == n && zeros.iter().all(|(i, j)| i == j) {
        out.push("G(x,y) = 0 exactly when x = y".to_string());
    } else if zeros.is_empty() {
        out.push("no position is 0 (no second-player win)".to_string());
    } else if zeros.len() <= 8 {
        let cells: Vec<String> = zeros
            .iter()
            .map(|(i, j)| format!("({},{})", *i as u64 + from, *j as u64 + from))
            .collect();
        out.push(format!("G(x,y) = 0 only at {}", cells.join(", ")));
    }
    out
}

/// The text `grundy table` prints for a family: forms in aligned columns,
/// with the coordinates, then the outcomes, then what holds.
impl fmt::Display for FormTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.forms.len() as u64;
        let labels: Vec<String> = (self.from..self.from + n).map(|v| v.to_string()).collect();
        let shown = |c: &Option<String>| c.clone().unwrap_or_else(|| "·".to_string());
        let grid = |f: &mut fmt::Formatter<'_>, rows: &[Vec<Option<String>>]| -> fmt::Result {
            let width = rows
                .iter()
                .flatten()
                .map(|c| shown(c).chars().count())
                .filter(|&w| w <= MAX_ALIGNED)
                .chain(labels.iter().map(String::len))
                .max()
                .unwrap_or(1);
            let lw = labels.iter().map(String::len).max().unwrap_or(1).max(3);
            let head: Vec<String> = labels.iter().map(|l| format!("{l:>width$}")).collect();
            writeln!(f, "{:>lw$}  {}", "x\\y", head.join(" "))?;
            for (label, row) in labels.iter().zip(rows) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| {
                        let s = shown(c);
                        let pad = width.saturating_sub(s.chars().count());
                        format!("{}{s}", " ".repeat(pad))
                    })
                    .collect();
                writeln!(f, "{label:>lw$}  {}", cells.join(" "))?;
            }
            Ok(())
        };
        writeln!(f, "{}:", self.template)?;
        grid(f, &self.forms)?;
        writeln!(f, "outcomes:")?;
        grid(f, &self.outcomes)?;
        if !self.patterns.is_empty() {
            writeln!(f, "seen on the table (not proved):")?;
            for p in &self.patterns {
                writeln!(f, "  {p}")?;
            }
        }
        if let Some(why) = &self.left_empty {
            writeln!(f, "{why}")?;
        }
        Ok(())
    }
}

/// The sequence of a family `G(n)`: canonical forms, outcomes, and the
/// periods they show.
#[derive(Clone, Debug, Serialize)]
pub struct FormSeqAnswer {
    /// The family as read (`subtraction(n, [1,2], [2,3])`).
    pub game: String,
    /// Always `partizan`.
    pub kind: &'static str,
    /// The `n` asked for with `at`, or `1..=to` for a game with no
    /// position at 0 (`null`: every `n` in `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// One canonical form for each `n` asked for (`null`: left empty).
    pub values: Vec<Option<String>>,
    /// One outcome for each `n` asked for.
    pub outcomes: Vec<Option<String>>,
    /// `G(n + period) = G(n) + saltus` for every `n >= preperiod` computed.
    pub period: Option<u64>,
    /// Where the period starts.
    pub preperiod: Option<u64>,
    /// The game added each period (`0` for a plain period).
    pub saltus: Option<String>,
    /// The period of the outcomes alone, when the values show none.
    pub outcome_period: Option<u64>,
    /// Where the outcomes' period starts.
    pub outcome_preperiod: Option<u64>,
    /// Always false: patterns of a family are seen, not proved.
    pub proved: bool,
    /// The largest `n` valued.
    pub to: u64,
    /// Why some positions are empty, if any are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_empty: Option<String>,
}

/// The values `G(0..=to)` of `template` over `n` (only `at`, if given).
pub(super) fn form_seq(
    session: &Session,
    template: &Template,
    to: u64,
    at: &[u64],
) -> Result<FormSeqAnswer, Error> {
    let last = at.iter().copied().max().unwrap_or(to);
    if last >= MAX_FAMILY_POSITIONS {
        return Err(Error::input(format!(
            "n up to {last} asks for {} positions of {}; a sequence of positions holds at \
             most {MAX_FAMILY_POSITIONS} (MAX_FAMILY_POSITIONS): ask for n below that",
            last.saturating_add(1),
            template.text()
        )));
    }
    let mut valuer = Valuer::new(session);
    // A family whose game has no position at 0 starts at 1.
    let from = u64::from(parse_game_in(&template.at(&[0]), &session.registry).is_err());
    let mut cells = vec![None; from as usize];
    for n in from..=last {
        cells.push(valuer.value(&template.at(&[n]))?);
    }
    // Periods are looked for on the run of valued positions that ends the
    // sequence (a limit may have left earlier ones empty).
    let start = cells.iter().rposition(Option::is_none).map_or(0, |i| i + 1);
    let values: Vec<Game> = cells[start..].iter().flatten().map(|c| c.value).collect();
    let period = arithmetic_period(&values).map(|(p, e, s)| (p, e + start as u64, s));
    let outcomes: Vec<Outcome> = cells[start..].iter().flatten().map(|c| c.outcome).collect();
    let outcome_period = if period.is_none() {
        plain_period(&outcomes).map(|(p, e)| (p, e + start as u64))
    } else {
        None
    };
    let asked: Vec<u64> = if at.is_empty() {
        (from..=last).collect()
    } else {
        at.to_vec()
    };
    let picked: Vec<&Option<Cell>> = asked.iter().map(|&n| &cells[n as usize]).collect();
    Ok(FormSeqAnswer {
        game: template.text().to_string(),
        kind: "partizan",
        heaps: (!at.is_empty() || from > 0).then_some(asked),
        values: picked.iter().map(|c| form(c)).collect(),
        outcomes: picked.iter().map(|c| outcome(c)).collect(),
        period: period.as_ref().map(|p| p.0),
        preperiod: period.as_ref().map(|p| p.1),
        saltus: period.as_ref().map(|p| p.2.to_string()),
        outcome_period: outcome_period.map(|p| p.0),
        outcome_preperiod: outcome_period.map(|p| p.1),
        proved: false,
        to: last,
        left_empty: valuer.left_empty(template)?,
    })
}

/// A period is believed only with two full periods after its preperiod
/// and at least 8 values it predicts; periods up to 1000 are tried.
const EVIDENCE: Evidence = Evidence {
    max_period: 1000,
    min_predicted: 8,
};

/// The smallest `(period, preperiod, saltus)` with `v[n + p] = v[n] + s`
/// for every `n >= preperiod`, shown as [`EVIDENCE`] asks: plain periods
/// (`s = 0`) first, as for Grundy values, then arithmetic ones.
fn arithmetic_period(v: &[Game]) -> Option<(u64, u64, Game)> {
    smallest_period(
        v,
        EVIDENCE,
        Game::zero(),
        |a, b| b.try_sub(*a).ok(),
        |a, s| a.try_add(*s).ok(),
    )
    .map(|(e, p, s)| (p as u64, e as u64, s))
}

/// The smallest `(period, preperiod)` of `v`, shown as [`EVIDENCE`] asks.
fn plain_period<T: PartialEq>(v: &[T]) -> Option<(u64, u64)> {
    patterns::plain_period(v, EVIDENCE).map(|(e, p)| (p as u64, e as u64))
}

impl FormSeqAnswer {
    /// One `n` a line: `n  form  outcome`, then the period.
    pub(super) fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps: Vec<u64> = match &self.heaps {
            Some(h) => h.clone(),
            None => (0..self.values.len() as u64).collect(),
        };
        let nw = heaps.iter().max().map_or(1, |m| m.to_string().len());
        let shown = |c: &Option<String>| c.clone().unwrap_or_else(|| "·".to_string());
        // Columns line up for short forms; a long one is printed whole
        // without widening the others.
        let vw = self
            .values
            .iter()
            .map(|c| shown(c).chars().count())
            .filter(|&w| w <= MAX_ALIGNED)
            .max()
            .unwrap_or(1);
        writeln!(f, "{}:", self.game)?;
        for ((n, v), o) in heaps.iter().zip(&self.values).zip(&self.outcomes) {
            let v = shown(v);
            let pad = " ".repeat(vw.saturating_sub(v.chars().count()));
            writeln!(f, "{n:>nw$}  {v}{pad}  {}", shown(o))?;
        }
        let seen = format!("seen on n = 0..={}, not proved", self.to);
        match (self.period, self.preperiod, &self.saltus) {
            (Some(p), Some(e), Some(s)) if s == "0" => {
                writeln!(f, "period {p}, preperiod {e}: {seen}")?
            }
            (Some(p), Some(e), Some(s)) => {
                let step = match s.strip_prefix('-') {
                    Some(minus) => format!("- {minus}"),
                    None => format!("+ {s}"),
                };
                writeln!(
                    f,
                    "arithmetic period {p} with saltus {s} (G(n+{p}) = G(n) {step}), preperiod \
                     {e}: {seen}"
                )?
            }
            _ => match (self.outcome_period, self.outcome_preperiod) {
                (Some(p), Some(e)) => writeln!(
                    f,
                    "values: no period seen; outcomes: period {p}, preperiod {e}: {seen}"
                )?,
                _ => writeln!(f, "period: none seen in n = 0..={}", self.to)?,
            },
        }
        if let Some(why) = &self.left_empty {
            writeln!(f, "{why}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<Game> {
        v.iter().map(|&n| Game::integer(n).unwrap()).collect()
    }

    #[test]
    fn arithmetic_periods_need_two_periods_and_witnesses() {
        // 0 1 2 3 ...: period 1, saltus 1, from the start.
        let v = ints(&(0..20).collect::<Vec<_>>());
        let (p, e, s) = arithmetic_period(&v).unwrap();
        assert_eq!((p, e, s), (1, 0, Game::integer(1).unwrap()));
        // 5 then 0 1 0 1 ...: plain period 2 after one value.
        let mut w = vec![5];
        w.extend((0..20).map(|n| n % 2));
        let (p, e, s) = arithmetic_period(&ints(&w)).unwrap();
        assert_eq!((p, e, s), (2, 1, Game::zero()));
        // Too short to show anything.
        assert!(arithmetic_period(&ints(&[0, 1, 0, 1])).is_none());
        // No rule: squares.
        let sq: Vec<i64> = (0..20).map(|n| n * n).collect();
        assert!(arithmetic_period(&ints(&sq)).is_none());
    }

    #[test]
    fn plain_periods_of_outcomes() {
        let v: Vec<u8> = (0..30).map(|n| (n % 3 == 0) as u8).collect();
        assert_eq!(plain_period(&v), Some((3, 0)));
        let v: Vec<u8> = (0..30).map(|n| (n * n % 7) as u8).collect();
        assert_eq!(plain_period(&v), Some((7, 0)));
    }
}
