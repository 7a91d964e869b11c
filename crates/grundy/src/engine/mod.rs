//! Evaluating game expressions: values, outcomes and winning moves, with the
//! tables of each ruleset computed once and reused across queries.
//!
//! The engine works on validated games ([`GameExpr`]: sums of
//! [`crate::component`]s, positions behind the component traits), never on
//! text, and never names a game; [`verify`] and [`crate::api::family`] check
//! its answers against plain search, [`claim`] a script's claimed formula.

pub mod claim;
pub(crate) mod loopy;
pub mod loopy_positions;
pub(crate) mod options;
pub(crate) mod partizan_misere;
pub(crate) mod play;
pub(crate) mod sum_moves;
pub mod verify;

use std::cell::Cell;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

use rustc_hash::FxHashSet;
use std::ops::ControlFlow;

use crate::board::{BoardTable, Piece};
use crate::component::EvalError;
use crate::component::{Component, Context, Impartial, Key};
use crate::language::expr::GameExpr;
use crate::partizan;
use crate::registry::Registry;
use crate::solvers::bouton::{misere_nim_outcome, misere_nim_winning_moves};
use crate::solvers::compound::{CompoundError, CompoundKind, CompoundSolver};
use crate::solvers::search::Remoteness;
use crate::solvers::search::{PlainSearch, Play, SearchError};
use crate::takebreak::HeapSequence;
use crate::takebreak::TakeBreak;
use crate::vocab::limits::{LimitError, Limits};
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::{Outcome, Player};
use crate::vocab::rules::{Rules, Sums};
pub use loopy::{LoopyLine, LoopyReport};
pub use options::{GameOptions, OptionLists, OptionMove};
pub use partizan_misere::MisereReport;
pub use play::Choice;

/// The answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The position evaluated.
    pub game: GameExpr,
    /// Normal or misère play.
    pub play: Play,
    /// The Grundy value (normal play only: misère sums need more than a nimber).
    pub nimber: Option<Nimber>,
    /// Who wins: `P` (the player to move loses) or `N`.
    pub outcome: Outcome,
    /// Every winning move, as the position it leads to (at most
    /// [`Limits::max_moves`] of them).
    pub winning_moves: Vec<GameExpr>,
    /// False when the list of winning moves was cut short by a limit.
    pub moves_complete: bool,
    /// For a conjunctive compound: the remoteness, the number of moves the
    /// game lasts when the winner hurries and the loser delays (the least
    /// remoteness of the components, Winning Ways ch. 9).
    pub remoteness: Option<Remoteness>,
    /// For a continued conjunctive compound: the suspense number, the number
    /// of moves when the winner delays and the loser hurries (the greatest
    /// suspense of the components).
    pub suspense: Option<Remoteness>,
    /// For a sum in misère play: its misère canonical form (Conway), from
    /// which its misère Grundy value and genus follow; `None` when the forms
    /// grew past their trial budget and plain search answered instead.
    pub misere_form: Option<crate::misere::MisereForm>,
    /// What decided the outcome and the winning moves.
    pub method: Method,
}

/// What decided an answer: the theory used, or plain search where no
/// theory did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Sprague–Grundy: the nim-sum of the components' Grundy values (each
    /// from its table, period, closed form or search).
    SpragueGrundy,
    /// Bouton's rule for misère Nim (components that are Nim heaps).
    Bouton,
    /// A closed form of the components' games (a lone piece far out).
    ClosedForm,
    /// The misère quotient of a take-and-break game (Plambeck–Siegel).
    MisereQuotient,
    /// Misère canonical forms (Conway, On Numbers and Games ch. 12).
    MisereCanonicalForms,
    /// Compound theory (Winning Ways ch. 9: values, remoteness, suspense).
    CompoundTheory,
    /// Plain search of the game tree, where no theory decided.
    Search,
}

impl Method {
    /// Its name in JSON answers.
    pub fn name(self) -> &'static str {
        match self {
            Method::SpragueGrundy => "sprague_grundy",
            Method::Bouton => "bouton",
            Method::ClosedForm => "closed_form",
            Method::MisereQuotient => "misere_quotient",
            Method::MisereCanonicalForms => "misere_canonical_forms",
            Method::CompoundTheory => "compound_theory",
            Method::Search => "search",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Method::SpragueGrundy => "Sprague–Grundy values of the components",
            Method::Bouton => "Bouton's rule for misère Nim",
            Method::ClosedForm => "a closed form of the game",
            Method::MisereQuotient => "the game's misère quotient (Plambeck–Siegel)",
            Method::MisereCanonicalForms => "misère canonical forms (Conway)",
            Method::CompoundTheory => "compound theory (Winning Ways ch. 9)",
            Method::Search => "plain search of the game tree",
        })
    }
}

/// The answer for a position: impartial games get a nimber and winning
/// moves; partizan ones a canonical value and each player's winning moves.
#[derive(Clone, Debug)]
pub enum Analysis {
    /// An impartial game.
    Impartial(Evaluation),
    /// A partizan game (or a sum with a partizan component).
    Partizan {
        /// The position analysed.
        game: GameExpr,
        /// Canonical value, outcome class, stops, temperature, winning moves.
        report: PartizanReport,
    },
    /// A game whose moves can return to an earlier position (a scripted
    /// game found loopy): win, loss or draw by retrograde analysis.
    Loopy(LoopyReport),
    /// A partizan game or sum in misère play: its outcome class and each
    /// player's winning moves, by search.
    PartizanMisere(MisereReport),
}

/// What is known of a partizan sum: its canonical value and what follows from it.
#[derive(Clone, Debug)]
pub struct PartizanReport {
    /// The canonical value (prints in CGSuite notation).
    pub value: partizan::Game,
    /// `L`, `R`, `N` or `P`.
    pub outcome: Outcome,
    /// Left's winning moves (Left moving first), each the whole resulting
    /// sum; at most [`Limits::max_moves`].
    pub left_moves: Vec<GameExpr>,
    /// Right's winning moves (Right moving first).
    pub right_moves: Vec<GameExpr>,
    /// False when a list of moves was cut short by `max_moves`.
    pub moves_complete: bool,
    /// Birthday of the canonical form.
    pub birthday: u64,
    /// Left stop.
    pub left_stop: partizan::Dyadic,
    /// Right stop.
    pub right_stop: partizan::Dyadic,
    /// Mean value.
    pub mean: partizan::Dyadic,
    /// Temperature (negative for numbers).
    pub temperature: partizan::Dyadic,
    /// The nimber, when the value is one.
    pub nimber: Option<Nimber>,
}

/// How long the form of a sum answered otherwise is tried, for its genus.
const GENUS_TRIAL: std::time::Duration = std::time::Duration::from_millis(500);

/// Components whose misère forms did not fit their trial budget.
#[derive(Default)]
struct FormsGaveUp(FxHashSet<Key>);

/// The misère quotients computed so far, one per take-and-break game.
#[derive(Default)]
struct Quotients(HashMap<crate::takebreak::TakeBreak, crate::quotient::MisereQuotient>);

/// How long misère canonical forms (or a quotient's extension) are tried
/// before the next method.
const MISERE_FORMS_TRIAL: std::time::Duration = std::time::Duration::from_secs(3);

/// A misère sum by canonical forms: P exactly when the form's misère
/// Grundy value is 0, and a move wins when it leads to such a form.
fn misere_by_forms(
    cx: &mut Context,
    game: &GameExpr,
    components: &[Impartial],
) -> Result<Evaluation, EvalError> {
    use crate::misere::{misere_canonical, MisereForm};
    let budget = cx.budget().clone();
    let forms = components
        .iter()
        .map(|c| misere_canonical(c, cx))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = MisereForm::zero();
    for &f in &forms {
        total = total.try_add(f, &budget)?;
    }
    let outcome = total.misere_outcome();
    let mut moves = Moves::new(cx.limits().max_moves);
    if outcome == Outcome::N {
        'all: for (i, c) in components.iter().enumerate() {
            let mut rest = MisereForm::zero();
            for (j, &f) in forms.iter().enumerate() {
                if j != i {
                    rest = rest.try_add(f, &budget)?;
                }
            }
            let mut options = Vec::new();
            let _ = c.try_options(cx, &mut |o| {
                options.push(o);
                ControlFlow::Continue(())
            })?;
            for o in options {
                let after = misere_canonical(&o, cx)?.try_add(rest, &budget)?;
                if after.misere_outcome() == Outcome::P {
                    let next = replaced(components, i, o);
                    if moves.push(GameExpr::Misere(next)).is_break() {
                        moves.cut();
                        break 'all;
                    }
                }
            }
        }
    }
    let mut e = moves.evaluation(game, Play::Misere, outcome, Method::MisereCanonicalForms);
    e.misere_form = Some(total);
    Ok(e)
}

/// Evaluates positions, keeping each ruleset's table for the next query.
///
/// ```
/// use grundy::api::ReadText; // reads the text; the engine takes games
/// use grundy::{Engine, Limits, Outcome};
/// let mut engine = Engine::new(Limits::default());
/// let e = engine.evaluate("nim(3,5,7)").unwrap();
/// assert_eq!(e.outcome, Outcome::N);
/// assert_eq!(e.nimber.unwrap().to_string(), "*");
/// let moves: Vec<String> = e.winning_moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
/// ```
pub struct Engine {
    cx: Context,
    /// The games expressions may name.
    registry: Registry,
    /// Each query's budget is a fresh copy of this one (its cancel flag and
    /// progress sink shared).
    template: crate::vocab::budget::Budget,
}

impl Engine {
    /// An engine with empty caches.
    pub fn new(limits: Limits) -> Engine {
        Engine {
            cx: Context::new(limits),
            registry: Registry::default(),
            template: crate::vocab::budget::Budget::new(limits),
        }
    }

    /// An engine whose queries are stopped by `budget`'s cancel flag and
    /// report to its progress sink; each query gets the budget's limits
    /// afresh (its own clock and position count).
    pub fn with_budget(budget: crate::vocab::budget::Budget) -> Engine {
        Engine {
            cx: Context::new(*budget.limits()),
            registry: Registry::default(),
            template: budget,
        }
    }

    /// Keeps what the engine has learnt (its tables, sequences, memos) for
    /// queries made within `budget` from now on: a long-lived front end
    /// (the Python package) asks each question with its own limits and
    /// cancel flag, and the answers of the last still serve.
    pub fn set_budget(&mut self, budget: crate::vocab::budget::Budget) {
        self.cx.set_limits(*budget.limits());
        self.template = budget;
    }

    /// Answers heaps of the store's game from its values (and its period, if
    /// proved) instead of recomputing them: `grundy value --store FILE`.
    pub fn use_sequence(&mut self, sequence: HeapSequence) {
        self.cx
            .cache::<crate::games::takebreak::Sequences>()
            .offer(sequence);
    }

    /// Reads expressions with the games of `registry` (scripted games too).
    pub fn set_registry(&mut self, registry: Registry) {
        self.registry = registry;
    }

    /// The games expressions are read with.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        self.cx.limits()
    }

    /// Analyses a validated game, impartial or partizan; a game found to
    /// have a cycle (a scripted loopy game) by retrograde analysis.
    pub fn analyse_game(&mut self, game: &GameExpr) -> Result<Analysis, EvalError> {
        match self.analyse_finite(game) {
            Err(EvalError::Search(SearchError::Cycle { .. })) => self.analyse_loopy(game),
            other => other,
        }
    }

    /// Analyses a game by retrograde analysis of its whole graph (sums
    /// under normal or misère play; compounds are refused).
    pub fn analyse_loopy(&mut self, game: &GameExpr) -> Result<Analysis, EvalError> {
        self.cx.start(&self.template);
        let (components, play) = match game {
            GameExpr::Sum(c) => (c, Play::Normal),
            GameExpr::Misere(c) => (c, Play::Misere),
            GameExpr::Compound { .. } => {
                return Err(EvalError::LoopyCompound(game.to_string()));
            }
        };
        Ok(Analysis::Loopy(loopy::loopy_report(
            &mut self.cx,
            game,
            components,
            play,
        )?))
    }

    /// The loopy partizan value of a normal-play sum whose components'
    /// moves may cycle (a catalogue game such as Fox and Geese, a script):
    /// each component a short value or the value of its graph of
    /// positions ([`crate::engine::loopy_positions`]), then added.
    pub fn loopy_value(&mut self, game: &GameExpr) -> Result<crate::loopy::LoopyValue, EvalError> {
        self.cx.start(&self.template);
        match game {
            GameExpr::Sum(components) => {
                crate::engine::loopy_positions::sum_value(components, &mut self.cx)
            }
            _ => Err(EvalError::LoopyCompound(game.to_string())),
        }
    }

    /// [`Engine::analyse_game`] for a game that always ends.
    fn analyse_finite(&mut self, game: &GameExpr) -> Result<Analysis, EvalError> {
        self.cx.start(&self.template);
        if !game.is_partizan() {
            return Ok(Analysis::Impartial(self.evaluate_game(game)?));
        }
        if let GameExpr::Misere(components) = game {
            return Ok(Analysis::PartizanMisere(partizan_misere::misere_report(
                &mut self.cx,
                game,
                components,
            )?));
        }
        let GameExpr::Sum(components) = game else {
            return Err(EvalError::NotImpartial(game.to_string()));
        };
        let report = self.report_within_budget(components)?;
        Ok(Analysis::Partizan {
            game: game.clone(),
            report,
        })
    }

    /// The options of `game` as written: in a sum one component replaced by
    /// one of its options, in a compound the parts its rule moves in; each
    /// player's for a partizan game. At most `max_moves` a list.
    pub fn options(&mut self, game: &GameExpr) -> Result<GameOptions, EvalError> {
        self.cx.start(&self.template);
        options::options(game, &mut self.cx)
    }

    /// Every follower of `game` (positions reached by any sequence of
    /// moves of either player), `game` itself first, each once; within the
    /// position budget.
    pub fn followers(&mut self, game: &GameExpr) -> Result<Vec<GameExpr>, EvalError> {
        self.cx.start(&self.template);
        options::followers(game, &mut self.cx)
    }

    /// The canonical value of a normal-play sum, impartial or partizan (an
    /// impartial sum's value is its nimber).
    ///
    /// A conjunctive or selective compound (of impartial games too) is
    /// valued as the short game it is (its game tree's canonical form).
    pub fn partizan_value(&mut self, game: &GameExpr) -> Result<partizan::Game, EvalError> {
        self.cx.start(&self.template);
        let compound;
        let components = match game {
            GameExpr::Sum(components) => components,
            GameExpr::Compound {
                kind: kind @ (CompoundKind::Conjunctive | CompoundKind::Selective),
                play: Play::Normal,
                parts,
            } => {
                compound = [crate::games::compound::component(*kind, parts.clone())];
                &compound[..]
            }
            _ => return Err(EvalError::NotImpartial(game.to_string())),
        };
        let budget = self.cx.budget().clone();
        partizan::within_budget(&budget, || {
            Ok::<_, EvalError>(self.canonical_values(components)?.total)
        })
    }

    /// Evaluates a validated impartial game.
    pub fn evaluate_game(&mut self, game: &GameExpr) -> Result<Evaluation, EvalError> {
        self.cx.start(&self.template);
        if game.is_partizan() {
            return Err(EvalError::NotImpartial(game.to_string()));
        }
        match game {
            GameExpr::Sum(components) => self.normal(game, &impartial(components)),
            GameExpr::Misere(components) => self.misere(game, &impartial(components)),
            GameExpr::Compound { kind, play, parts } => {
                let parts: Vec<Vec<Impartial>> = parts.iter().map(|p| impartial(p)).collect();
                self.compound(game, *kind, *play, &parts)
            }
        }
    }

    /// The table of a piece covering at least `size`×`size` squares (its whole
    /// board when bounded), computed once and grown geometrically.
    pub fn board_table(&mut self, piece: &Piece, size: u64) -> Result<&BoardTable, EvalError> {
        crate::games::pieces::table(&mut self.cx, piece, size)
    }

    /// The sequence of a take-and-break ruleset, computed at least to heap `n`
    /// unless a proved period already gives G(n) (see
    /// [`crate::games::takebreak::sequence`]).
    pub fn heap_sequence(&mut self, rules: &TakeBreak, n: u64) -> Result<&HeapSequence, EvalError> {
        let ruleset = crate::games::takebreak::ruleset_text(rules);
        crate::games::takebreak::sequence(&mut self.cx, rules, &ruleset, n)
    }

    /// A game of one component whose outcome and winning moves a closed form
    /// gives (a queen far out, a misère king), answered without its value.
    fn closed(&self, game: &GameExpr, components: &[Impartial], play: Play) -> Option<Evaluation> {
        let mut live = components.iter().enumerate().filter(|(_, c)| !c.is_empty());
        let (Some((i, c)), None) = (live.next(), live.next()) else {
            return None;
        };
        let outcome = c.closed_outcome(play)?;
        let moves = c.closed_winning_moves(play)?;
        let mut list = Moves::new(self.limits().max_moves);
        for m in moves {
            let next = replaced(components, i, m);
            let m = match play {
                Play::Normal => GameExpr::Sum(next),
                Play::Misere => GameExpr::Misere(next),
            };
            if list.push(m).is_break() {
                break;
            }
        }
        Some(list.evaluation(game, play, outcome, Method::ClosedForm))
    }

    fn normal(
        &mut self,
        game: &GameExpr,
        components: &[Impartial],
    ) -> Result<Evaluation, EvalError> {
        let values = match components
            .iter()
            .map(|c| c.nimber(&mut self.cx))
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(v) => v,
            // Too far out for its table, but a closed form knows who wins.
            Err(e) => return self.closed(game, components, Play::Normal).ok_or(e),
        };
        let total: Nimber = values.iter().copied().sum();
        let mut moves = Moves::new(self.limits().max_moves);
        if !total.is_zero() {
            let mut seen = FxHashSet::default();
            for (i, c) in components.iter().enumerate() {
                if !seen.insert(c.key()) {
                    continue; // an equal component before it gave the same moves
                }
                // Moving this component to an option of value v ^ total wins. By the
                // mex such an option exists when that is below v, and may exist above.
                let target = values[i] ^ total;
                let flow = c.options_with_value(target, &mut self.cx, &mut |o| {
                    moves.push_option(c, &o, || GameExpr::Sum(replaced(components, i, o.clone())))
                })?;
                if flow.is_break() {
                    moves.cut();
                    break;
                }
            }
        }
        Ok(Evaluation {
            nimber: Some(total),
            ..moves.evaluation(game, Play::Normal, total.outcome(), Method::SpragueGrundy)
        })
    }

    fn misere(
        &mut self,
        game: &GameExpr,
        components: &[Impartial],
    ) -> Result<Evaluation, EvalError> {
        let nim: Option<Vec<Vec<u64>>> = components.iter().map(|c| c.nim_heaps()).collect();
        if let Some(heaps) = nim {
            let mut e = self.misere_nim(game, components, &heaps)?;
            // Bouton answers at once; the form (for the genus) is added
            // where it is sure to be small, so that a batch of misère Nim
            // stays as fast as Bouton.
            let small =
                heaps.iter().flatten().count() <= 8 && heaps.iter().flatten().all(|&h| h <= 32);
            if small {
                e.misere_form = self.misere_form_of(components, GENUS_TRIAL);
            }
            return Ok(e);
        }
        if let Some(e) = self.closed(game, components, Play::Misere) {
            return Ok(e);
        }
        if let Some(mut e) = self.misere_by_quotient(game, components) {
            // The quotient has no genus: the form gives it where it is quick.
            e.misere_form = self.misere_form_of(components, GENUS_TRIAL);
            return Ok(e);
        }
        // Misère canonical forms, on a trial budget: they decide at once
        // where they stay small, and can grow without bound where the game
        // is wild; then plain search gets the query's budget.
        let trial = self.cx.budget().trial(MISERE_FORMS_TRIAL);
        match self
            .cx
            .within(trial, |cx| misere_by_forms(cx, game, components))
        {
            Ok(e) => return Ok(e),
            Err(EvalError::Search(SearchError::Cycle { position })) => {
                return Err(SearchError::Cycle { position }.into())
            }
            Err(_) => {}
        }
        // No closed form: exact search of the sum's game graph.
        let rules = AtomRules::new(self.limits());
        let mut search = PlainSearch::with_budget(Sums(&rules), self.cx.budget());
        let start = rules.position(components);
        let outcome = rules.checked(search.outcome(&start, Play::Misere))?;
        let mut moves = Moves::new(self.limits().max_moves);
        if outcome == Outcome::N {
            'all: for (i, c) in components.iter().enumerate() {
                let mut options = Vec::new();
                rules.options_of(c, &mut |o| options.push(o));
                rules.checked(Ok::<(), EvalError>(()))?;
                for o in options {
                    let next = replaced(components, i, o);
                    let p = rules.checked(
                        search.outcome(&rules.position(&impartial(&next)), Play::Misere),
                    )?;
                    if p == Outcome::P && moves.push(GameExpr::Misere(next)).is_break() {
                        moves.cut();
                        break 'all;
                    }
                }
            }
        }
        Ok(moves.evaluation(game, Play::Misere, outcome, Method::Search))
    }

    /// A misère sum of heaps of one take-and-break game by the game's
    /// misère quotient (Plambeck–Siegel), kept in the context and extended
    /// on a trial budget as far as the heaps need; `None` when the heaps
    /// are not of one such game or the quotient cannot reach them.
    fn misere_by_quotient(
        &mut self,
        game: &GameExpr,
        components: &[Impartial],
    ) -> Option<Evaluation> {
        let mut rules = None;
        let mut heaps = Vec::new();
        let mut owner = Vec::new();
        for (i, c) in components.iter().enumerate() {
            if c.is_empty() {
                continue;
            }
            let (r, hs) = c.take_break_heaps()?;
            if rules.is_some_and(|known| known != r) {
                return None;
            }
            rules = Some(r);
            for (j, &h) in hs.iter().enumerate() {
                heaps.push(h);
                owner.push((i, j));
            }
        }
        let rules = rules?.clone();
        let top = heaps.iter().copied().max().unwrap_or(0);
        let trial = self.cx.budget().trial(MISERE_FORMS_TRIAL);
        let mut moves = Moves::new(self.cx.limits().max_moves);
        let cache = self.cx.cache::<Quotients>();
        let q = cache
            .0
            .entry(rules.clone())
            .or_insert_with(|| crate::quotient::MisereQuotient::new(rules));
        if q.max_heap() < top && heaps.iter().any(|&h| q.pretend(h).is_none()) {
            // On a limit the heaps done are kept for the next query.
            let _ = q.extend_to(top, &trial);
        }
        let outcome = q.outcome(&heaps)?;
        if outcome == Outcome::N {
            let found = q.winning_moves(&heaps)?;
            for m in &found.moves {
                let (i, j) = owner[m.component];
                let moved = components[i].with_heap_replaced(j, &m.to)?;
                if moves
                    .push(GameExpr::Misere(replaced(components, i, moved)))
                    .is_break()
                {
                    moves.cut();
                    break;
                }
            }
            if !found.complete {
                moves.cut();
            }
        }
        Some(moves.evaluation(game, Play::Misere, outcome, Method::MisereQuotient))
    }

    /// The misère canonical form of the sum, if it can be made on a short
    /// trial budget (for the answer's genus), else `None`.
    fn misere_form_of(
        &mut self,
        components: &[Impartial],
        time: std::time::Duration,
    ) -> Option<crate::misere::MisereForm> {
        // A component whose form ran out of time once is not tried again
        // (a batch of misère queries would pay the trial each time).
        let keys: Vec<Key> = components.iter().map(|c| c.key()).collect();
        if keys
            .iter()
            .any(|k| self.cx.cache::<FormsGaveUp>().0.contains(k))
        {
            return None;
        }
        let trial = self.cx.budget().trial(time);
        let form = self.cx.within(trial, |cx| {
            crate::misere::misere_canonical_sum(components, cx)
        });
        match form {
            Ok(f) => Some(f),
            Err(_) => {
                self.cx.cache::<FormsGaveUp>().0.extend(keys);
                None
            }
        }
    }

    /// A compound, by its theory over the components where it needs only
    /// their Grundy values (each by its own fast path), and otherwise by
    /// `CompoundSolver` on the components' game graphs.
    fn compound(
        &mut self,
        game: &GameExpr,
        kind: CompoundKind,
        play: Play,
        parts: &[Vec<Impartial>],
    ) -> Result<Evaluation, EvalError> {
        if kind == CompoundKind::Selective && play == Play::Normal {
            return self.selective(game, parts);
        }
        if kind == CompoundKind::NotAll && play == Play::Normal {
            return self.not_all(game, parts);
        }
        if let Some(answer) = self.conjunctive_heaps(game, kind, play, parts)? {
            return Ok(answer);
        }
        let rules = AtomRules::new(self.limits());
        let starts: Vec<Vec<Atom>> = parts.iter().map(|p| rules.position(p)).collect();
        rules.checked(Ok::<(), EvalError>(()))?;
        let mut solver = CompoundSolver::with_budget(Sums(&rules), self.cx.budget());
        let method = if CompoundSolver::<Sums<&AtomRules>>::has_theory(kind, play) {
            Method::CompoundTheory
        } else {
            Method::Search
        };
        let outcome = rules.checked(solver.outcome(kind, &starts, play))?;
        let mut moves = Moves::new(self.limits().max_moves);
        let winning = match solver.winning_moves(kind, &starts, play) {
            Ok(all) => rules.checked(Ok::<_, EvalError>(all))?,
            // Too many combinations to list them all (thirty components):
            // the theory still builds one winning move where it has one.
            Err(
                e @ (CompoundError::TooManyMoves { .. }
                | CompoundError::Limit(LimitError::Positions { .. } | LimitError::Memory { .. })),
            ) => match solver.winning_move(kind, &starts, play) {
                Ok(one) if method == Method::CompoundTheory => {
                    moves.cut();
                    rules.checked(Ok::<_, EvalError>(one.into_iter().collect::<Vec<_>>()))?
                }
                _ => return rules.checked(Err(e)),
            },
            Err(e) => rules.checked(Err(e))?,
        };
        for next in &winning {
            let parts = next.iter().map(|p| atoms_to_components(p)).collect();
            if moves
                .push(GameExpr::Compound { kind, play, parts })
                .is_break()
            {
                moves.cut();
                break;
            }
        }
        let search = solver.component_search();
        let (mut remoteness, mut suspense) = (None, None);
        match kind {
            CompoundKind::Conjunctive => {
                let mut least: Option<Remoteness> = None;
                for c in &starts {
                    let r = rules.checked(search.remoteness(c, play))?;
                    least = Some(least.map_or(r, |l| l.min(r)));
                }
                remoteness = least;
            }
            CompoundKind::ContinuedConjunctive => {
                let mut most: Option<Remoteness> = None;
                for c in &starts {
                    let r = rules.checked(search.suspense(c, play))?;
                    most = Some(most.map_or(r, |m| m.max(r)));
                }
                suspense = most;
            }
            CompoundKind::Selective | CompoundKind::NotAll => {}
        }
        Ok(Evaluation {
            remoteness,
            suspense,
            ..moves.evaluation(game, play, outcome, method)
        })
    }

    /// Conjunctive and continued conjunctive compounds (normal play) whose
    /// parts are each at most one Nim heap (`nim(h)`, a rook on an edge):
    /// a heap of `h > 0` has remoteness and suspense 1 (its mover takes it
    /// all, and that is the only move to a P-position), an empty one 0. So
    /// the conjunctive compound is N unless some part is empty, and a move
    /// wins when it empties some part; the continued one is N unless every
    /// part is empty, and the one winning move empties them all (Winning
    /// Ways ch. 9). `None` when the parts are not such heaps.
    fn conjunctive_heaps(
        &mut self,
        game: &GameExpr,
        kind: CompoundKind,
        play: Play,
        parts: &[Vec<Impartial>],
    ) -> Result<Option<Evaluation>, EvalError> {
        let continued = match (kind, play) {
            (CompoundKind::Conjunctive, Play::Normal) => false,
            (CompoundKind::ContinuedConjunctive, Play::Normal) => true,
            _ => return Ok(None),
        };
        let heap_of = |part: &[Impartial]| -> Option<u64> {
            let mut live = Vec::new();
            for c in part {
                live.extend(c.nim_heaps()?.into_iter().filter(|&h| h > 0));
            }
            match live.as_slice() {
                [] => Some(0),
                [h] => Some(*h),
                _ => None,
            }
        };
        let Some(heaps) = parts
            .iter()
            .map(|p| heap_of(p))
            .collect::<Option<Vec<u64>>>()
        else {
            return Ok(None);
        };
        let r = |h: u64| Remoteness(u32::from(h > 0));
        let (outcome, remoteness, suspense) = if continued {
            let most = heaps.iter().map(|&h| r(h)).max().unwrap_or(Remoteness(0));
            (most.outcome(), None, Some(most))
        } else {
            let least = heaps.iter().map(|&h| r(h)).min().unwrap_or(Remoteness(0));
            (least.outcome(), Some(least), None)
        };
        let mut moves = Moves::new(self.limits().max_moves);
        if outcome == Outcome::N {
            // Each part's options, at most one more than the list can hold
            // (a heap of 10^12 has that many), each with whether it is empty.
            let cap = self.limits().max_moves.saturating_add(1);
            let mut lists: Vec<Vec<(Vec<Component>, bool)>> = Vec::new();
            let mut cut = false;
            for part in parts {
                let mut list = Vec::new();
                for (i, c) in part.iter().enumerate() {
                    if c.nim_heaps().is_some_and(|h| h.iter().all(|&x| x == 0)) {
                        continue;
                    }
                    let _ = c.options(&mut |o| {
                        if list.len() == cap {
                            cut = true;
                            return ControlFlow::Break(());
                        }
                        let empty = heap_of(std::slice::from_ref(&o)) == Some(0);
                        list.push((replaced(part, i, o), empty));
                        ControlFlow::Continue(())
                    });
                }
                if list.is_empty() {
                    // An ended part (continued play only) stays as it is.
                    let stay = part.iter().cloned().map(Component::Impartial).collect();
                    list.push((stay, true));
                }
                if continued {
                    // A winning move empties every part: only those options
                    // take part (the others would make 2^parts combinations
                    // to look at for one move).
                    list.retain(|(_, empty)| *empty);
                }
                lists.push(list);
            }
            // Every combination (one option per part) in odometer order that
            // empties some part (all parts, when continued).
            let mut at = vec![0usize; lists.len()];
            // A part whose emptying option was past the cut has no winning
            // move listed (the list says it is cut).
            let none = lists.iter().any(Vec::is_empty);
            'combos: loop {
                if none {
                    break;
                }
                self.cx.budget_tick()?;
                let empties = at.iter().zip(&lists).filter(|(&k, l)| l[k].1).count();
                let wins = if continued {
                    empties == lists.len()
                } else {
                    empties > 0
                };
                if wins {
                    let parts = at
                        .iter()
                        .zip(&lists)
                        .map(|(&k, l)| l[k].0.clone())
                        .collect();
                    if moves
                        .push(GameExpr::Compound { kind, play, parts })
                        .is_break()
                    {
                        break;
                    }
                }
                for d in (0..at.len()).rev() {
                    at[d] += 1;
                    if at[d] < lists[d].len() {
                        continue 'combos;
                    }
                    at[d] = 0;
                }
                break;
            }
            if cut {
                moves.cut();
            }
        }
        Ok(Some(Evaluation {
            remoteness,
            suspense,
            ..moves.evaluation(game, play, outcome, Method::CompoundTheory)
        }))
    }

    /// The selective compound under normal play: P iff every part is P
    /// (Winning Ways ch. 9), each part valued by its own fast path. A winning
    /// move takes every N part to a P position and leaves the P parts alone.
    fn selective(
        &mut self,
        game: &GameExpr,
        parts: &[Vec<Impartial>],
    ) -> Result<Evaluation, EvalError> {
        let max = self.limits().max_moves;
        // For each part: None if it is P (it must not move), else its moves to P.
        let mut choices: Vec<Option<Vec<Vec<Component>>>> = Vec::new();
        let mut complete = true;
        for part in parts {
            let values = part
                .iter()
                .map(|c| c.nimber(&mut self.cx))
                .collect::<Result<Vec<_>, _>>()?;
            let total: Nimber = values.iter().copied().sum();
            if total.is_zero() {
                choices.push(None);
                continue;
            }
            let mut to_p = Vec::new();
            for (i, c) in part.iter().enumerate() {
                let flow = c.options_with_value(values[i] ^ total, &mut self.cx, &mut |o| {
                    to_p.push(replaced(part, i, o));
                    if to_p.len() > max {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })?;
                if flow.is_break() {
                    complete = false;
                    break;
                }
            }
            choices.push(Some(to_p));
        }
        let outcome = if choices.iter().all(Option::is_none) {
            Outcome::P
        } else {
            Outcome::N
        };
        let mut moves = Moves::new(max);
        if outcome == Outcome::N {
            // Every combination of one P-move per N part, in order.
            let mut index = vec![0usize; parts.len()];
            'combos: loop {
                self.cx.budget_tick()?;
                let mut next = Vec::with_capacity(parts.len());
                for (p, choice) in choices.iter().enumerate() {
                    match choice {
                        None => {
                            next.push(parts[p].iter().cloned().map(Component::Impartial).collect())
                        }
                        Some(list) => match list.get(index[p]) {
                            Some(m) => next.push(m.clone()),
                            None => break 'combos, // a part with no move to P cannot be: the mex
                        },
                    }
                }
                if moves
                    .push(GameExpr::Compound {
                        kind: CompoundKind::Selective,
                        play: Play::Normal,
                        parts: next,
                    })
                    .is_break()
                {
                    moves.cut();
                    break;
                }
                let mut p = 0;
                loop {
                    if p == parts.len() {
                        break 'combos;
                    }
                    if let Some(list) = &choices[p] {
                        index[p] += 1;
                        if index[p] < list.len() {
                            break;
                        }
                        index[p] = 0;
                    }
                    p += 1;
                }
            }
        }
        if !complete {
            moves.cut();
        }
        Ok(moves.evaluation(game, Play::Normal, outcome, Method::CompoundTheory))
    }

    /// The not-all compound under normal play: P iff every part has the
    /// same Grundy value (Winning Ways ch. 9), each part valued by its own
    /// fast path. No option has its position's own value (the mex), so a
    /// move to a P position picks a value `t` that some part has, leaves
    /// the parts of value `t` alone (at least one: not all may move) and
    /// takes every other part to an option of value `t`.
    fn not_all(
        &mut self,
        game: &GameExpr,
        parts: &[Vec<Impartial>],
    ) -> Result<Evaluation, EvalError> {
        let max = self.limits().max_moves;
        let mut values = Vec::with_capacity(parts.len());
        let mut totals = Vec::with_capacity(parts.len());
        for part in parts {
            let v = part
                .iter()
                .map(|c| c.nimber(&mut self.cx))
                .collect::<Result<Vec<_>, _>>()?;
            totals.push(v.iter().copied().sum::<Nimber>());
            values.push(v);
        }
        let outcome = crate::solvers::compound::not_all_outcome(&totals);
        let mut moves = Moves::new(max);
        let mut complete = true;
        if outcome == Outcome::N {
            let mut targets: Vec<Nimber> = totals.clone();
            targets.sort_unstable();
            targets.dedup();
            'targets: for t in targets {
                // For each part: None if it stays, else its options of value t.
                let mut choices: Vec<Option<Vec<Vec<Component>>>> = Vec::new();
                for (p, part) in parts.iter().enumerate() {
                    if totals[p] == t {
                        choices.push(None);
                        continue;
                    }
                    let mut to_t = Vec::new();
                    for (i, c) in part.iter().enumerate() {
                        let want = values[p][i] ^ totals[p] ^ t;
                        let flow = c.options_with_value(want, &mut self.cx, &mut |o| {
                            to_t.push(replaced(part, i, o));
                            if to_t.len() > max {
                                ControlFlow::Break(())
                            } else {
                                ControlFlow::Continue(())
                            }
                        })?;
                        if flow.is_break() {
                            complete = false;
                            break;
                        }
                    }
                    if to_t.is_empty() {
                        continue 'targets; // this part cannot reach t
                    }
                    choices.push(Some(to_t));
                }
                // Every combination of one move to t per moving part.
                let mut index = vec![0usize; parts.len()];
                'combos: loop {
                    self.cx.budget_tick()?;
                    let next = choices
                        .iter()
                        .enumerate()
                        .map(|(p, choice)| match choice {
                            None => parts[p].iter().cloned().map(Component::Impartial).collect(),
                            Some(list) => list[index[p]].clone(),
                        })
                        .collect();
                    if moves
                        .push(GameExpr::Compound {
                            kind: CompoundKind::NotAll,
                            play: Play::Normal,
                            parts: next,
                        })
                        .is_break()
                    {
                        moves.cut();
                        break 'targets;
                    }
                    let mut p = 0;
                    loop {
                        if p == parts.len() {
                            break 'combos;
                        }
                        if let Some(list) = &choices[p] {
                            index[p] += 1;
                            if index[p] < list.len() {
                                break;
                            }
                            index[p] = 0;
                        }
                        p += 1;
                    }
                }
            }
        }
        if !complete {
            moves.cut();
        }
        Ok(moves.evaluation(game, Play::Normal, outcome, Method::CompoundTheory))
    }

    fn misere_nim(
        &mut self,
        game: &GameExpr,
        components: &[Impartial],
        heaps: &[Vec<u64>],
    ) -> Result<Evaluation, EvalError> {
        let mut all = Vec::new();
        let mut at = Vec::new();
        for (ci, hs) in heaps.iter().enumerate() {
            for (hi, &n) in hs.iter().enumerate() {
                all.push(n);
                at.push((ci, hi));
            }
        }
        let mut moves = Moves::new(self.limits().max_moves);
        // Equal components (or equal heaps of one component) give the same
        // move: each is built once, so a sum of many copies costs its
        // distinct moves, not one sum per copy (10 000 copies of nim(1)).
        let mut seen = FxHashSet::default();
        for (i, size) in misere_nim_winning_moves(&all) {
            let (ci, hi) = at[i];
            if !seen.insert((components[ci].key(), heaps[ci][hi], size)) {
                continue;
            }
            // The option of component ci that is its heaps with heap hi at `size`.
            let mut want: Vec<u64> = heaps[ci].clone();
            want[hi] = size;
            let value: Nimber = want.iter().map(|&h| Nimber(h)).sum();
            want.retain(|&h| h > 0);
            want.sort_unstable();
            let mut found = None;
            let _ = components[ci].options_with_value(value, &mut self.cx, &mut |o| {
                let mut have = o.nim_heaps().unwrap_or_default();
                have.retain(|&h| h > 0);
                have.sort_unstable();
                if have == want {
                    found = Some(o);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            match found {
                Some(o) => {
                    if moves
                        .push(GameExpr::Misere(replaced(components, ci, o)))
                        .is_break()
                    {
                        moves.cut();
                        break;
                    }
                }
                // Bouton's move is always an option; not finding it among
                // the options listed means the list stopped short: say so.
                None => moves.cut(),
            }
        }
        Ok(moves.evaluation(game, Play::Misere, misere_nim_outcome(&all), Method::Bouton))
    }

    /// The canonical value of each distinct component (impartial ones as
    /// their nimbers), with the sum of them all: equal components are
    /// valued once and their copies multiplied, not added one by one.
    fn canonical_values(&mut self, components: &[Component]) -> Result<Values, EvalError> {
        let mut index: HashMap<Key, usize> = HashMap::new();
        let mut distinct: Vec<(usize, u64)> = Vec::new();
        for (i, c) in components.iter().enumerate() {
            match index.entry(c.key()) {
                Entry::Occupied(e) => distinct[*e.get()].1 += 1,
                Entry::Vacant(e) => {
                    e.insert(distinct.len());
                    distinct.push((i, 1));
                }
            }
        }
        let mut values = Vec::with_capacity(distinct.len());
        let mut total = partizan::Game::zero();
        for &(i, copies) in &distinct {
            self.cx.budget_tick()?;
            let v = self.canonical(&components[i])?;
            total = total.try_add(v.try_multiple(copies)?)?;
            values.push((i, v));
        }
        Ok(Values {
            distinct: values,
            total,
        })
    }

    fn canonical(&mut self, c: &Component) -> Result<partizan::Game, EvalError> {
        match c {
            Component::Partizan(p) => p.value(&mut self.cx),
            Component::Impartial(p) => Ok(partizan::Game::nimber(p.nimber(&mut self.cx)?.0)?),
        }
    }

    /// The moves of `player` in a partizan sum that win when `player` moves
    /// first, each as the whole resulting sum, each position once. A move
    /// wins for Left when the sum it leaves is `>= 0` (Right, to move there,
    /// loses), for Right when it is `<= 0`.
    pub fn partizan_winning_moves(
        &mut self,
        components: &[Component],
        player: Player,
    ) -> Result<Vec<Vec<Component>>, EvalError> {
        let values = self.canonical_values(components)?;
        Ok(self
            .winning_moves_upto(components, &values, player, usize::MAX)?
            .0)
    }

    /// The first `max` winning moves of `player` (see
    /// [`Engine::partizan_winning_moves`]) and whether that is all of them.
    /// Equal components give the same moves, so each distinct one is
    /// looked at once, against the rest of the sum (the total minus it).
    fn winning_moves_upto(
        &mut self,
        components: &[Component],
        values: &Values,
        player: Player,
        max: usize,
    ) -> Result<(Vec<Vec<Component>>, bool), EvalError> {
        let limit = option_limit(self.limits());
        let mut out = Vec::new();
        for &(i, v) in &values.distinct {
            let rest = values.total.try_sub(v)?;
            let mut seen = FxHashSet::default();
            let mut listed = 0u64;
            let mut failed = None;
            let mut full = false;
            // Options are made one at a time and dropped unless they win,
            // so a component with millions of options (a wide cake) costs
            // time within the limits, not memory.
            let mut each = |m: Component| -> ControlFlow<()> {
                listed += 1;
                let step = if listed > limit {
                    Err(LimitError::Positions {
                        what: format!("listing the options of {}", components[i]),
                        needed: limit as u128 + 1,
                        limit,
                    }
                    .into())
                } else {
                    self.cx.budget_tick()
                };
                if let Err(e) = step {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
                if !seen.insert(m.key()) {
                    return ControlFlow::Continue(());
                }
                let after = self.canonical(&m).and_then(|g| Ok(rest.try_add(g)?));
                let after = match after {
                    Ok(a) => a,
                    Err(e) => {
                        failed = Some(e);
                        return ControlFlow::Break(());
                    }
                };
                let wins = match player {
                    Player::Left => after.ge(partizan::Game::zero()),
                    Player::Right => after.le(partizan::Game::zero()),
                };
                if wins {
                    if out.len() == max {
                        full = true;
                        return ControlFlow::Break(());
                    }
                    let mut next = components.to_vec();
                    next[i] = m;
                    out.push(next);
                }
                ControlFlow::Continue(())
            };
            match &components[i] {
                Component::Partizan(p) => {
                    let _ = p.options_until(player, &mut |o| each(Component::Partizan(o)));
                }
                Component::Impartial(p) => {
                    let _ = p.options(&mut |o| each(Component::Impartial(o)));
                }
            }
            if let Some(e) = failed {
                return Err(e);
            }
            if full {
                return Ok((out, false));
            }
        }
        Ok((out, true))
    }

    /// [`Engine::partizan_report`] with the arithmetic on values counted
    /// against the query's budget.
    fn report_within_budget(
        &mut self,
        components: &[Component],
    ) -> Result<PartizanReport, EvalError> {
        let budget = self.cx.budget().clone();
        partizan::within_budget(&budget, || self.partizan_report(components))
    }

    /// The report on a partizan sum: value, outcome, each player's winning
    /// moves, stops, mean and temperature.
    pub fn partizan_report(
        &mut self,
        components: &[Component],
    ) -> Result<PartizanReport, EvalError> {
        let values = self.canonical_values(components)?;
        let total = values.total;
        let max = self.limits().max_moves;
        let mut complete = true;
        let mut lists = [Vec::new(), Vec::new()];
        for (side, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            // A player who loses moving first has no winning move: no need
            // to look at their options (a long A/B string in P has 10^5).
            let wins_first = match player {
                Player::Left => matches!(total.outcome(), Outcome::L | Outcome::N),
                Player::Right => matches!(total.outcome(), Outcome::R | Outcome::N),
            };
            if !wins_first {
                continue;
            }
            let (moves, all) = self.winning_moves_upto(components, &values, player, max)?;
            complete &= all;
            lists[side] = moves.into_iter().map(GameExpr::Sum).collect();
        }
        let [left_moves, right_moves] = lists;
        Ok(PartizanReport {
            value: total,
            outcome: total.outcome(),
            left_moves,
            right_moves,
            moves_complete: complete,
            birthday: total.birthday(),
            left_stop: total.left_stop(),
            right_stop: total.right_stop(),
            mean: total.mean()?,
            temperature: total.temperature()?,
            nimber: total.as_nimber().map(Nimber),
        })
    }
}

/// The values of a sum's distinct components (each with the index of its
/// first copy) and the value of the whole sum.
struct Values {
    distinct: Vec<(usize, partizan::Game)>,
    total: partizan::Game,
}

/// The rules of a partizan sum of [`Component`]s, so that plain minimax
/// search ([`partizan::search_outcome`]) can play whole mixed sums: the
/// reference the canonical-form shortcuts are tested against.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComponentSum;

/// A position of [`ComponentSum`]: printed as the sum in input syntax.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumPosition(pub Vec<Component>);

impl std::fmt::Display for SumPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        GameExpr::Sum(self.0.clone()).fmt(f)
    }
}

impl partizan::PartizanRules for ComponentSum {
    type Position = SumPosition;

    fn options(&self, p: &SumPosition, player: Player, out: &mut Vec<SumPosition>) {
        for (i, c) in p.0.iter().enumerate() {
            let mut each = |m: Component| {
                let mut next = p.0.clone();
                next[i] = m;
                out.push(SumPosition(next));
            };
            match c {
                Component::Partizan(q) => q
                    .options(player)
                    .into_iter()
                    .for_each(|o| each(Component::Partizan(o))),
                Component::Impartial(q) => {
                    let _ = q.options(&mut |o| {
                        each(Component::Impartial(o));
                        ControlFlow::Continue(())
                    });
                }
            }
        }
    }
}

/// What a search that listed more options in all than its work limit
/// says: the limit is one option listed per position of `--max-positions`.
const WORK: &str = "plain search, counting each option it lists as a position";

/// The most options of one position that plain search lists: the position
/// limit, and no more than one per 4 KiB of the memory limit (an option held
/// as a position costs a few hundred bytes with its key and memo entry), so
/// that `nim(10^12)` in a searched sum is a limit error, not an allocation
/// failure.
fn option_limit(limits: &Limits) -> u64 {
    limits.max_positions.min(limits.max_memory / 4096)
}

/// The impartial positions of an impartial sum (validated: no partizan ones).
pub(crate) fn impartial(components: &[Component]) -> Vec<Impartial> {
    components
        .iter()
        .filter_map(|c| match c {
            Component::Impartial(p) => Some(p.clone()),
            Component::Partizan(_) => None,
        })
        .collect()
}

/// The sum with component `i` replaced by `by`.
fn replaced(components: &[Impartial], i: usize, by: Impartial) -> Vec<Component> {
    components
        .iter()
        .enumerate()
        .map(|(j, c)| Component::Impartial(if j == i { by.clone() } else { c.clone() }))
        .collect()
}

/// Winning moves as they are found: each position once (the same
/// components in any order count as one), at most `max` of them.
struct Moves {
    max: usize,
    list: Vec<GameExpr>,
    seen: FxHashSet<MoveKey>,
    complete: bool,
}

impl Moves {
    fn new(max: usize) -> Moves {
        Moves {
            max,
            list: Vec::new(),
            seen: FxHashSet::default(),
            complete: true,
        }
    }

    /// Adds a move; breaks once the list is full and one more was offered.
    fn push(&mut self, m: GameExpr) -> ControlFlow<()> {
        self.admit(MoveKey::Sum(move_key(&m)), || m)
    }

    /// Adds the move of one component `from` to its option `to` in a sum
    /// that is otherwise fixed, built by `m` only if it is new. Two such
    /// moves leave the same sum exactly when they take away the same atom
    /// and put back the same atoms (an atom's option never contains the
    /// atom itself, the game being short), so that pair is the key: its cost
    /// is the size of the component, not of the sum.
    fn push_option(
        &mut self,
        from: &Impartial,
        to: &Impartial,
        m: impl FnOnce() -> GameExpr,
    ) -> ControlFlow<()> {
        let (removed, added) = option_key(from, to);
        self.admit(MoveKey::Change(removed, added), m)
    }

    /// Adds the move made by `m` unless one with its key is in the list.
    fn admit(&mut self, key: MoveKey, m: impl FnOnce() -> GameExpr) -> ControlFlow<()> {
        if self.seen.contains(&key) {
            return ControlFlow::Continue(());
        }
        if self.list.len() == self.max {
            self.complete = false;
            return ControlFlow::Break(());
        }
        self.seen.insert(key);
        self.list.push(m());
        ControlFlow::Continue(())
    }

    /// Marks the list as cut short.
    fn cut(&mut self) {
        self.complete = false;
    }

    /// The answer these moves complete: `outcome` of `game` in `play`, with
    /// no nimber, remoteness or suspense (a caller sets those it has).
    fn evaluation(
        self,
        game: &GameExpr,
        play: Play,
        outcome: Outcome,
        method: Method,
    ) -> Evaluation {
        Evaluation {
            method,
            game: game.clone(),
            play,
            nimber: None,
            outcome,
            winning_moves: self.list,
            moves_complete: self.complete,
            remoteness: None,
            suspense: None,
            misere_form: None,
        }
    }
}

/// The identity of a listed move: the resulting sum's atoms
/// ([`Moves::push`]), or what a move in one component changes
/// ([`Moves::push_option`]); one list uses one kind.
#[derive(PartialEq, Eq, Hash)]
enum MoveKey {
    Sum(Vec<Key>),
    Change(Vec<Key>, Vec<Key>),
}

/// What a move from `from` to `to` takes away and puts back, as atoms'
/// keys: the multiset differences both ways, then a marker between them.
fn option_key(from: &Impartial, to: &Impartial) -> (Vec<Key>, Vec<Key>) {
    // One atom to one atom (a piece's move): the pair itself.
    if from.split().is_none() && to.split().is_none() && !from.is_empty() {
        let to = if to.is_empty() {
            vec![]
        } else {
            vec![to.key()]
        };
        return (vec![from.key()], to);
    }
    let keys = |p: &Impartial| {
        let mut k: Vec<Key> = split_atoms(p).into_iter().map(|a| a.key).collect();
        k.sort();
        k
    };
    let (before, after) = (keys(from), keys(to));
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    loop {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a < b => {
                removed.push(a.clone());
                i += 1;
            }
            (Some(a), None) => {
                removed.push(a.clone());
                i += 1;
            }
            (_, Some(b)) => {
                added.push(b.clone());
                j += 1;
            }
            (None, None) => break,
        }
    }
    (removed, added)
}

/// The identity of a resulting position: its components' keys, in any order.
fn move_key(m: &GameExpr) -> Vec<Key> {
    let mut keys: Vec<Key> = match m {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c
            .iter()
            .flat_map(|c| match c {
                Component::Impartial(p) => split_atoms(p).into_iter().map(|a| a.key).collect(),
                Component::Partizan(_) => vec![c.key()],
            })
            .collect(),
        GameExpr::Compound { parts, .. } => {
            return parts
                .iter()
                .map(|p| Key {
                    ruleset: "part".into(),
                    numbers: Box::new([]),
                    text: GameExpr::Sum(p.clone()).to_string().into(),
                })
                .collect()
        }
    };
    keys.sort();
    keys
}

/// One indivisible component of a sum, as plain search sees it.
#[derive(Clone)]
pub struct Atom {
    key: Key,
    position: Impartial,
}

impl std::fmt::Debug for Atom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.position)
    }
}

impl PartialEq for Atom {
    fn eq(&self, other: &Atom) -> bool {
        self.key == other.key
    }
}
impl Eq for Atom {}
impl PartialOrd for Atom {
    fn partial_cmp(&self, other: &Atom) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Atom {
    fn cmp(&self, other: &Atom) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}
impl std::hash::Hash for Atom {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state)
    }
}

/// The indivisible parts of a position (its split, recursively), empty ones dropped.
fn split_atoms(p: &Impartial) -> Vec<Atom> {
    // One level: parts do not split further (a scripted game's `parts`
    // could otherwise split for ever).
    let atom = |p: &Impartial| Atom {
        key: p.key(),
        position: p.clone(),
    };
    match p.split() {
        Some(parts) => parts.iter().filter(|q| !q.is_empty()).map(atom).collect(),
        None if p.is_empty() => Vec::new(),
        None => vec![atom(p)],
    }
}

/// Atoms written back as components, one each.
fn atoms_to_components(atoms: &[Atom]) -> Vec<Component> {
    atoms
        .iter()
        .map(|a| Component::Impartial(a.position.clone()))
        .collect()
}

/// The rules plain search plays sums by: an atom's options, each split into
/// atoms. A position with more options than the position limit stops the
/// listing and makes the search's answer a limit error.
///
/// Made with `split: false`, positions are never split: each component stays
/// whole, as a reference search that shares nothing with the engine's
/// shortcuts (`verify` compares against it).
pub(crate) struct AtomRules {
    limit: u64,
    /// The most options listed in all, across every position.
    work: u64,
    listed: Cell<u64>,
    split: bool,
    overflow: Cell<Option<String>>,
}

impl AtomRules {
    pub(crate) fn new(limits: &Limits) -> AtomRules {
        AtomRules {
            limit: option_limit(limits),
            work: limits.max_positions,
            listed: Cell::new(0),
            split: true,
            overflow: Cell::new(None),
        }
    }

    /// Rules whose positions are whole components, never split.
    pub(crate) fn whole(limits: &Limits) -> AtomRules {
        AtomRules {
            split: false,
            ..AtomRules::new(limits)
        }
    }

    fn atoms(&self, p: &Impartial) -> Vec<Atom> {
        if self.split {
            split_atoms(p)
        } else if p.is_empty() {
            Vec::new()
        } else {
            vec![Atom {
                key: p.key(),
                position: p.clone(),
            }]
        }
    }

    /// The search position of a sum: its atoms, sorted.
    pub(crate) fn position(&self, components: &[Impartial]) -> Vec<Atom> {
        let mut atoms: Vec<Atom> = components.iter().flat_map(|c| self.atoms(c)).collect();
        atoms.sort();
        atoms
    }

    /// Lists the options of `p`, up to the limit; lists nothing once a limit
    /// was hit (the search then ends quickly, and [`AtomRules::checked`]
    /// turns its answer into the limit error).
    fn options_of(&self, p: &Impartial, visit: &mut dyn FnMut(Impartial)) {
        let over = self.overflow.take();
        let stop = over.is_some();
        self.overflow.set(over);
        if stop {
            return;
        }
        let mut count = 0u64;
        let flow = p.options(&mut |o| {
            count += 1;
            if count > self.limit {
                return ControlFlow::Break(());
            }
            visit(o);
            ControlFlow::Continue(())
        });
        let listed = self.listed.get() + count;
        self.listed.set(listed);
        if flow.is_break() {
            self.overflow
                .set(Some(format!("listing the options of {p} for plain search")));
        } else if listed > self.work {
            self.overflow.set(Some(WORK.to_string()));
        }
    }

    /// The search's answer, or the limit error if some position had too many options.
    pub(crate) fn checked<T, E: Into<EvalError>>(&self, r: Result<T, E>) -> Result<T, EvalError> {
        if let Some(p) = self.overflow.take() {
            // The limit is the smaller of --max-positions and one option
            // per 4 KiB of --max-memory; name the one that bound.
            if p == WORK {
                return Err(LimitError::Positions {
                    what: p,
                    needed: self.listed.get() as u128,
                    limit: self.work,
                }
                .into());
            }
            let by_memory = self.limit < self.work;
            return Err(if by_memory {
                LimitError::Memory {
                    what: format!("{p} (4 KiB per option)"),
                    needed: (self.limit as u128 + 1) * 4096,
                    limit: self.limit.saturating_mul(4096),
                }
            } else {
                LimitError::Positions {
                    what: p,
                    needed: self.limit as u128 + 1,
                    limit: self.limit,
                }
            }
            .into());
        }
        r.map_err(Into::into)
    }
}

impl Rules for AtomRules {
    type Position = Atom;

    fn options(&self, atom: &Atom, visit: &mut dyn FnMut(&[Atom])) {
        self.options_of(&atom.position, &mut |o| visit(&self.atoms(&o)));
    }
}

impl Rules for &AtomRules {
    type Position = Atom;

    fn options(&self, atom: &Atom, visit: &mut dyn FnMut(&[Atom])) {
        self.options_of(&atom.position, &mut |o| visit(&self.atoms(&o)));
    }
}

/// The explicit game graph of an impartial sum, each component kept whole:
/// `Sums(&graph)` is a [`crate::vocab::rules::GameGraph`] whose positions are sorted
/// lists of components, so that plain search plays the whole sum move by
/// move. This is the brute force that the engine's shortcuts (XOR of
/// component values, tables, closed forms, compound theory) are tested
/// against; it shares none of them.
///
/// ```
/// use grundy::{parse_game, engine::ExprGraph, GameExpr, solvers::search::PlainSearch, solvers::search::SearchConfig, vocab::rules::Sums, Nimber};
/// let GameExpr::Sum(components) = parse_game("nim(1,2) + kayles(3)").unwrap() else { unreachable!() };
/// let graph = ExprGraph::new(&components);
/// let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
/// assert_eq!(search.nimber(&graph.start()).unwrap(), Nimber(1 ^ 2 ^ 3));
/// ```
pub struct ExprGraph {
    rules: AtomRules,
    start: Vec<Atom>,
}

impl ExprGraph {
    /// The graph of the sum of `components` (impartial ones; partizan ones
    /// have no single move graph for both players and are left out).
    pub fn new(components: &[Component]) -> ExprGraph {
        let rules = AtomRules::whole(&Limits::default());
        let start = rules.position(&impartial(components));
        ExprGraph { rules, start }
    }

    /// One graph for the components of a compound, and each component's position.
    pub fn for_parts(parts: &[Vec<Component>]) -> (ExprGraph, Vec<Vec<Atom>>) {
        let graph = ExprGraph::new(&[]);
        let starts = parts
            .iter()
            .map(|p| graph.rules.position(&impartial(p)))
            .collect();
        (graph, starts)
    }

    /// The starting position.
    pub fn start(&self) -> Vec<Atom> {
        self.start.clone()
    }
}

impl Rules for &ExprGraph {
    type Position = Atom;

    fn options(&self, atom: &Atom, visit: &mut dyn FnMut(&[Atom])) {
        self.rules.options(atom, visit)
    }
}
