//! Evaluating game expressions: values, outcomes and winning moves, with the
//! tables of each ruleset computed once and reused across queries.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::expr::{parse_any, GameExpr, Group, HeapKind, HeapRules};
use crate::partizan;
use crate::{
    misere_nim_outcome, misere_nim_winning_moves, parse_game, BoardTable, ExprError, GameGraph,
    LimitError, Limits, Nimber, Outcome, Piece, PlainSearch, Play, Rules, SearchConfig,
    SearchError, Square, Sums, TableError, TakeBreak,
};
use crate::{
    staircase_value, CompoundConfig, CompoundError, CompoundKind, CompoundSolver, Remoteness,
    StaircaseNim,
};
use crate::{HeapSequence, SequenceConfig};

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
}

/// Why an expression could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The text is not a valid game.
    #[error(transparent)]
    Expr(#[from] ExprError),
    /// A board table could not be built.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A heap's value is not known (beyond what was computed, no period proved).
    #[error(transparent)]
    Heap(#[from] crate::SequenceError),
    /// A heap sequence could not be computed (a limit, a thread pool).
    #[error(transparent)]
    HeapSolve(#[from] crate::HeapSolveError),
    /// A user limit was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// An exact search gave up.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A compound could not be solved.
    #[error(transparent)]
    Compound(#[from] CompoundError),
    /// A heap beyond the position limit, in a game with no period proved
    /// within it: only a store (or a higher limit) can answer.
    #[error(
        "G({heap}) of `{ruleset}` needs every heap up to {heap}, over the limit of {limit} heaps \
         (--max-positions), and no period is proved in the {computed} heaps computed; compute it \
         once into a store with `grundy seq '{ruleset}' --at {heap} --store FILE` (it \
         checkpoints, and --resume continues it), then ask again with --store FILE"
    )]
    HeapBeyondLimit {
        /// The ruleset as written (`officers`, `octal[0.376]`).
        ruleset: String,
        /// The heap asked for.
        heap: u64,
        /// The position limit.
        limit: u64,
        /// Heaps computed in the search for a period.
        computed: u64,
    },
    /// A partizan component where only impartial games are allowed.
    #[error(
        "{0} is a partizan game: misère play, compounds and Grundy values are for impartial games; \
         evaluate a partizan sum on its own (`grundy value`) to get its canonical value"
    )]
    NotImpartial(String),
    /// The partizan analysis failed.
    #[error(transparent)]
    Partizan(#[from] partizan::Error),
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
        report: partizan::Report,
    },
}

/// Evaluates positions, keeping each ruleset's table for the next query.
///
/// ```
/// use grundy::{Engine, Limits, Outcome};
/// let mut engine = Engine::new(Limits::default());
/// let e = engine.evaluate("nim(3,5,7)").unwrap();
/// assert_eq!(e.outcome, Outcome::N);
/// assert_eq!(e.nimber.unwrap().to_string(), "*");
/// let moves: Vec<String> = e.winning_moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
/// ```
pub struct Engine {
    limits: Limits,
    boards: HashMap<Piece, BoardTable>,
    heaps: HashMap<TakeBreak, HeapSequence>,
}

impl Engine {
    /// An engine with empty caches.
    pub fn new(limits: Limits) -> Engine {
        Engine {
            limits,
            boards: HashMap::new(),
            heaps: HashMap::new(),
        }
    }

    /// Answers heaps of the store's game from its values (and its period, if
    /// proved) instead of recomputing them: `grundy value --store FILE`.
    pub fn use_sequence(&mut self, sequence: HeapSequence) {
        let rules = sequence.rules().clone();
        let better = self.heaps.get(&rules).is_none_or(|have| {
            have.len() < sequence.len() || (have.periodicity().is_none_or(|p| !p.proved))
        });
        if better {
            self.heaps.insert(rules, sequence);
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Parses, validates and evaluates `text`.
    pub fn evaluate(&mut self, text: &str) -> Result<Evaluation, EvalError> {
        let game = parse_game(text)?;
        self.evaluate_game(&game)
    }

    /// Parses, validates and analyses `text`, impartial or partizan.
    pub fn analyse(&mut self, text: &str) -> Result<Analysis, EvalError> {
        let game = parse_any(text)?;
        self.analyse_game(&game)
    }

    /// Analyses a validated game, impartial or partizan.
    pub fn analyse_game(&mut self, game: &GameExpr) -> Result<Analysis, EvalError> {
        if !game.is_partizan() {
            return Ok(Analysis::Impartial(self.evaluate_game(game)?));
        }
        let GameExpr::Sum(groups) = game else {
            return Err(EvalError::NotImpartial(game.to_string()));
        };
        let report = partizan::analyse(&self.partizan_components(groups)?)?;
        Ok(Analysis::Partizan {
            game: game.clone(),
            report,
        })
    }

    /// The components of a sum as partizan components: impartial ones enter as
    /// their nimbers (a nimber is its own canonical form).
    pub fn partizan_components(
        &mut self,
        groups: &[Group],
    ) -> Result<Vec<partizan::Component>, EvalError> {
        let mut out = Vec::new();
        for g in groups {
            match g {
                Group::Partizan(c) => out.push(c.clone()),
                other => {
                    for v in &self.component_values(std::slice::from_ref(other))?[0] {
                        out.push(partizan::Component::Value(partizan::Game::nimber(v.0)?));
                    }
                }
            }
        }
        Ok(out)
    }

    /// The canonical value of a normal-play sum, impartial or partizan (an
    /// impartial sum's value is its nimber).
    pub fn partizan_value(&mut self, game: &GameExpr) -> Result<partizan::Game, EvalError> {
        let GameExpr::Sum(groups) = game else {
            return Err(EvalError::NotImpartial(game.to_string()));
        };
        Ok(partizan::value_of(&self.partizan_components(groups)?)?)
    }

    /// Evaluates a validated impartial game.
    pub fn evaluate_game(&mut self, game: &GameExpr) -> Result<Evaluation, EvalError> {
        if game.is_partizan() {
            return Err(EvalError::NotImpartial(game.to_string()));
        }
        match game {
            GameExpr::Sum(groups) => self.normal(game, groups),
            GameExpr::Misere(groups) => self.misere(game, groups),
            GameExpr::Compound { kind, play, parts } => self.compound(game, *kind, *play, parts),
        }
    }

    /// The table of a piece covering at least `size`×`size` squares (its whole
    /// board when bounded), computed once and grown geometrically.
    pub fn board_table(&mut self, piece: &Piece, size: u64) -> Result<&BoardTable, EvalError> {
        let have = self.boards.get(piece).map(BoardTable::size);
        if have.is_none_or(|have| have < size) {
            let have = have.unwrap_or(0);
            let grown = size.max(have.saturating_mul(2)).max(16);
            let table = match BoardTable::compute(piece, grown, &self.limits) {
                Ok(t) => t,
                Err(_) if grown > size => BoardTable::compute(piece, size, &self.limits)?,
                Err(e) => return Err(e.into()),
            };
            self.boards.insert(piece.clone(), table);
        }
        Ok(&self.boards[piece])
    }

    /// The sequence of a take-and-break ruleset, computed at least to heap `n`
    /// unless a proved period already gives G(n).
    ///
    /// Heaps up to the position limit are computed outright (and the table
    /// grows geometrically across queries); a heap beyond it is answered only
    /// through a period, which is looked for in the first 2^20 heaps, or as
    /// far as the Guy–Smith check of a published period needs
    /// ([`crate::heaps_to_prove`]), within the limit, before giving up with an
    /// error that says so.
    pub fn heap_sequence(&mut self, rules: &TakeBreak, n: u64) -> Result<&HeapSequence, EvalError> {
        let ruleset = if rules.is_grundys_game() {
            "grundy_game".to_string()
        } else {
            format!("octal[{rules}]")
        };
        self.sequence_named(rules, &ruleset, n)
    }

    /// [`Engine::heap_sequence`], naming the ruleset `ruleset` in errors (as
    /// the user wrote it, for the command an error suggests).
    fn sequence_named(
        &mut self,
        rules: &TakeBreak,
        ruleset: &str,
        n: u64,
    ) -> Result<&HeapSequence, EvalError> {
        let known = self.heaps.get(rules).is_some_and(|s| s.get(n).is_ok());
        if !known {
            let limit = self.limits.max_positions.saturating_sub(1);
            let have = self.heaps.get(rules).map_or(0, |s| s.len());
            let target = if n <= limit {
                n.max(have.saturating_mul(2).min(limit)).max(255.min(limit))
            } else {
                // Far beyond the limit, only a period answers: look for one
                // in the first 2^20 heaps, or as far as a published period
                // needs for its proof (checked here, not trusted).
                let hint = crate::heaps_to_prove(rules).unwrap_or(0);
                limit.min((1 << 20u64).max(hint))
            };
            let config = SequenceConfig {
                memory_budget: self.limits.max_memory,
                max_heap: limit,
                ..SequenceConfig::default()
            };
            let seq = rules.try_sequence(target, &config)?;
            if n > limit && seq.get(n).is_err() {
                return Err(EvalError::HeapBeyondLimit {
                    ruleset: ruleset.to_string(),
                    heap: n,
                    limit: limit.saturating_add(1),
                    computed: seq.len(),
                });
            }
            seq.get(n)?;
            self.heaps.insert(rules.clone(), seq);
        }
        Ok(&self.heaps[rules])
    }

    fn heap_value(&mut self, rules: &HeapRules, n: u64) -> Result<Nimber, EvalError> {
        match &rules.kind {
            HeapKind::Nim => Ok(Nimber(n)),
            HeapKind::TakeBreak(tb) => Ok(self.sequence_named(tb, &rules.name, n)?.get(n)?),
        }
    }

    fn square_value(&mut self, piece: &Piece, sq: Square) -> Result<Nimber, EvalError> {
        // A square off a bounded board (a GameExpr built by hand, not parsed) is an error.
        piece.check_square(sq)?;
        let need = sq.x.max(sq.y).saturating_add(1);
        let table = self.board_table(piece, need)?;
        match table.get(sq) {
            Some(v) => Ok(Nimber(v as u64)),
            None => Err(piece
                .check_square(sq)
                .err()
                .unwrap_or(TableError::OffBoard {
                    piece: piece.name().to_string(),
                    size: table.size(),
                    x: sq.x,
                    y: sq.y,
                })
                .into()),
        }
    }

    /// The Grundy values of each component, group by group.
    fn component_values(&mut self, groups: &[Group]) -> Result<Vec<Vec<Nimber>>, EvalError> {
        groups
            .iter()
            .map(|g| match g {
                Group::Heaps { rules, heaps } => {
                    heaps.iter().map(|&h| self.heap_value(rules, h)).collect()
                }
                Group::Piece { piece, square } => Ok(vec![self.square_value(piece, *square)?]),
                Group::Staircase { steps } => Ok(vec![staircase_value(steps)]),
                Group::Partizan(c) => Err(EvalError::NotImpartial(c.to_string())),
            })
            .collect()
    }

    fn normal(&mut self, game: &GameExpr, groups: &[Group]) -> Result<Evaluation, EvalError> {
        let values = self.component_values(groups)?;
        let total: Nimber = values.iter().flatten().copied().sum();
        let mut moves = Vec::new();
        let mut complete = true;
        if !total.is_zero() {
            'outer: for (gi, group) in groups.iter().enumerate() {
                for (ci, &v) in values[gi].iter().enumerate() {
                    // Moving this component to an option of value v ^ total wins. By the
                    // mex such an option exists when that is below v, and may exist above.
                    let target = v ^ total;
                    if repeats_earlier(group, ci) {
                        continue; // an equal heap before it gave the same moves
                    }
                    let flow = self.options_with_value(group, ci, target, &mut |replacement| {
                        moves.push(GameExpr::Sum(replace(groups, gi, ci, replacement)));
                    })?;
                    if flow.is_break() || moves.len() >= self.limits.max_moves {
                        complete = flow.is_continue() && moves.len() <= self.limits.max_moves;
                        moves.truncate(self.limits.max_moves);
                        if !complete {
                            break 'outer;
                        }
                    }
                }
            }
        }
        dedup_in_order(&mut moves);
        Ok(Evaluation {
            game: game.clone(),
            play: Play::Normal,
            nimber: Some(total),
            outcome: total.outcome(),
            winning_moves: moves,
            moves_complete: complete,
            remoteness: None,
            suspense: None,
        })
    }

    /// Calls `found` with every option of component `ci` of `group` whose value
    /// is `target`. Breaks when the scan would pass the position limit.
    fn options_with_value(
        &mut self,
        group: &Group,
        ci: usize,
        target: Nimber,
        found: &mut dyn FnMut(Group),
    ) -> Result<ControlFlow<()>, EvalError> {
        match group {
            Group::Heaps { rules, heaps } => {
                let n = heaps[ci];
                let with = |parts: &[u64]| Group::Heaps {
                    rules: rules.clone(),
                    heaps: parts.to_vec(),
                };
                match &rules.kind {
                    HeapKind::Nim => {
                        // Bouton: the one option of value t is the heap of size t, if t < n.
                        if target.0 < n {
                            let parts = if target.0 == 0 {
                                vec![]
                            } else {
                                vec![target.0]
                            };
                            found(with(&parts));
                        }
                        Ok(ControlFlow::Continue(()))
                    }
                    HeapKind::TakeBreak(tb) => {
                        let budget = self.limits.max_positions;
                        let max_moves = self.limits.max_moves;
                        let seq = self.heap_sequence(tb, n)?;
                        let mut hits = 0;
                        let flow = crate::takebreak_options_until(tb, n, budget, &mut |parts| {
                            let v: Nimber = parts
                                .iter()
                                .map(|&p| seq.get(p).unwrap_or(Nimber(u64::MAX)))
                                .sum();
                            if v == target {
                                found(with(parts));
                                hits += 1;
                                if hits >= max_moves {
                                    return ControlFlow::Break(());
                                }
                            }
                            ControlFlow::Continue(())
                        });
                        Ok(flow)
                    }
                }
            }
            Group::Partizan(c) => Err(EvalError::NotImpartial(c.to_string())),
            Group::Staircase { steps } => {
                // Moving k coins from step i to i-1 changes one odd step: solve for k.
                let cur = staircase_value(steps).0;
                let want = |old: u64| old ^ cur ^ target.0;
                for i in 1..steps.len() {
                    let k = if i % 2 == 1 {
                        steps[i].checked_sub(want(steps[i])).filter(|&k| k > 0)
                    } else {
                        want(steps[i - 1])
                            .checked_sub(steps[i - 1])
                            .filter(|&k| k > 0 && k <= steps[i])
                    };
                    if let Some(k) = k {
                        let mut next = steps.clone();
                        next[i] -= k;
                        next[i - 1] += k;
                        found(Group::Staircase { steps: next });
                    }
                }
                Ok(ControlFlow::Continue(()))
            }
            Group::Piece { piece, square } => {
                let need = square.x.max(square.y).saturating_add(1);
                let table = self.board_table(piece, need)?;
                piece.options(square, &mut |o| {
                    if table.get(o[0]).map(|v| v as u64) == Some(target.0) {
                        found(Group::Piece {
                            piece: piece.clone(),
                            square: o[0],
                        });
                    }
                });
                Ok(ControlFlow::Continue(()))
            }
        }
    }

    fn misere(&mut self, game: &GameExpr, groups: &[Group]) -> Result<Evaluation, EvalError> {
        let all_nim = groups
            .iter()
            .all(|g| matches!(g, Group::Heaps { rules, .. } if rules.kind == HeapKind::Nim));
        if all_nim {
            return Ok(self.misere_nim(game, groups));
        }
        // No closed form: exact search of the sum's game graph.
        let atoms = ExprGraph::new(groups);
        let start = atoms.start();
        let config = SearchConfig::with_max_positions(
            usize::try_from(self.limits.max_positions).unwrap_or(usize::MAX),
        );
        let mut search = PlainSearch::new(Sums(&atoms), config);
        let outcome = search.outcome(&start, Play::Misere)?;
        let winning = search.winning_moves(&start, Play::Misere)?;
        let complete = winning.len() <= self.limits.max_moves;
        let winning_moves = winning
            .iter()
            .take(self.limits.max_moves)
            .map(|p| GameExpr::Misere(atoms.groups(p)))
            .collect();
        Ok(Evaluation {
            game: game.clone(),
            play: Play::Misere,
            nimber: None,
            outcome,
            winning_moves,
            moves_complete: complete,
            remoteness: None,
            suspense: None,
        })
    }

    /// A compound, by its theory over the components (plain search gives each
    /// component's value, remoteness or suspense; `CompoundSolver` combines them).
    fn compound(
        &mut self,
        game: &GameExpr,
        kind: CompoundKind,
        play: Play,
        parts: &[Vec<Group>],
    ) -> Result<Evaluation, EvalError> {
        let (graph, starts) = ExprGraph::for_parts(parts);
        let config = CompoundConfig {
            search: SearchConfig::with_max_positions(
                usize::try_from(self.limits.max_positions).unwrap_or(usize::MAX),
            ),
            ..CompoundConfig::default()
        };
        let mut solver = CompoundSolver::with_config(Sums(&graph), config);
        let outcome = solver.outcome(kind, &starts, play)?;
        let winning = solver.winning_moves(kind, &starts, play)?;
        let complete = winning.len() <= self.limits.max_moves;
        let winning_moves = winning
            .iter()
            .take(self.limits.max_moves)
            .map(|next| GameExpr::Compound {
                kind,
                play,
                parts: next.iter().map(|p| graph.groups(p)).collect(),
            })
            .collect();
        let search = solver.component_search();
        let (mut remoteness, mut suspense) = (None, None);
        match kind {
            CompoundKind::Conjunctive => {
                let mut least: Option<Remoteness> = None;
                for c in &starts {
                    let r = search.remoteness(c, play)?;
                    least = Some(least.map_or(r, |l| l.min(r)));
                }
                remoteness = least;
            }
            CompoundKind::ContinuedConjunctive => {
                let mut most: Option<Remoteness> = None;
                for c in &starts {
                    let r = search.suspense(c, play)?;
                    most = Some(most.map_or(r, |m| m.max(r)));
                }
                suspense = most;
            }
            CompoundKind::Selective | CompoundKind::NotAll => {}
        }
        Ok(Evaluation {
            game: game.clone(),
            play,
            nimber: None,
            outcome,
            winning_moves,
            moves_complete: complete,
            remoteness,
            suspense,
        })
    }

    fn misere_nim(&self, game: &GameExpr, groups: &[Group]) -> Evaluation {
        let mut heaps = Vec::new();
        let mut at = Vec::new();
        for (gi, g) in groups.iter().enumerate() {
            if let Group::Heaps { heaps: h, .. } = g {
                for (ci, &n) in h.iter().enumerate() {
                    heaps.push(n);
                    at.push((gi, ci));
                }
            }
        }
        let winning_moves = misere_nim_winning_moves(&heaps)
            .into_iter()
            .filter(|&(i, _)| !repeats_earlier(&groups[at[i].0], at[i].1))
            .take(self.limits.max_moves)
            .map(|(i, size)| {
                let (gi, ci) = at[i];
                let Group::Heaps { rules, .. } = &groups[gi] else {
                    unreachable!("all groups are Nim heaps")
                };
                let parts = if size == 0 { vec![] } else { vec![size] };
                GameExpr::Misere(replace(
                    groups,
                    gi,
                    ci,
                    Group::Heaps {
                        rules: rules.clone(),
                        heaps: parts,
                    },
                ))
            })
            .collect();
        Evaluation {
            game: game.clone(),
            play: Play::Misere,
            nimber: None,
            outcome: misere_nim_outcome(&heaps),
            winning_moves,
            moves_complete: true,
            remoteness: None,
            suspense: None,
        }
    }
}

/// Removes moves that lead to the same position (the same components in any
/// order and grouping, heaps of 0 ignored), keeping the first of each.
fn dedup_in_order(moves: &mut Vec<GameExpr>) {
    let key = |m: &GameExpr| {
        let mut atoms: Vec<(String, u64, u64)> = Vec::new();
        let groups: Vec<&Group> = match m {
            GameExpr::Sum(g) | GameExpr::Misere(g) => g.iter().collect(),
            GameExpr::Compound { .. } => return vec![(m.to_string(), 0, 0)],
        };
        for g in groups {
            match g {
                Group::Heaps { rules, heaps } => atoms.extend(
                    heaps
                        .iter()
                        .filter(|&&h| h > 0)
                        .map(|&h| (rules.name.clone(), h, 0)),
                ),
                Group::Piece { piece, square } => {
                    atoms.push((piece.name().to_string(), square.x, square.y))
                }
                Group::Staircase { steps } => atoms.push((format!("staircase{steps:?}"), 0, 0)),
                Group::Partizan(c) => atoms.push((c.to_string(), 0, 0)),
            }
        }
        atoms.sort();
        atoms
    };
    let mut seen = std::collections::HashSet::new();
    moves.retain(|m| seen.insert(key(m)));
}

/// Whether heap `ci` of a heap group equals an earlier heap of the group, whose
/// moves lead to the same positions.
fn repeats_earlier(group: &Group, ci: usize) -> bool {
    matches!(group, Group::Heaps { heaps, .. } if heaps[..ci].contains(&heaps[ci]))
}

/// The sum `groups` with component `ci` of group `gi` replaced by `by`
/// (whose heaps, for a heap group, take the component's place in order).
fn replace(groups: &[Group], gi: usize, ci: usize, by: Group) -> Vec<Group> {
    let mut out = groups.to_vec();
    match (&mut out[gi], by) {
        (Group::Heaps { heaps, .. }, Group::Heaps { heaps: parts, .. }) => {
            heaps.splice(ci..=ci, parts);
        }
        (slot, by) => *slot = by,
    }
    out
}

/// The explicit game graph of a sum: its components as small atoms, so that
/// exact search over mixed sums (heaps of several rulesets, pieces,
/// staircases) works on one position type. `Sums(&graph)` is a [`GameGraph`]
/// whose positions are sorted lists of atoms; [`ExprGraph::groups`] writes one
/// back as an expression.
///
/// This is what misère sums and compounds are searched on, and the brute
/// force that the engine's shortcuts (XOR of component values, tables) are
/// tested against.
///
/// ```
/// use grundy::{parse_game, ExprGraph, GameExpr, PlainSearch, SearchConfig, Sums, Nimber};
/// let GameExpr::Sum(groups) = parse_game("nim(1,2) + kayles(3)").unwrap() else { unreachable!() };
/// let graph = ExprGraph::new(&groups);
/// let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
/// assert_eq!(search.nimber(&graph.start()).unwrap(), Nimber(1 ^ 2 ^ 3));
/// ```
pub struct ExprGraph {
    rules: Vec<AtomRules>,
    start: Vec<Atom>,
}

#[derive(Clone, PartialEq, Eq)]
enum AtomRules {
    Heap(HeapRules),
    Piece(Piece),
    Staircase,
}

/// One component of an [`ExprGraph`]: which ruleset, and the heap, square or steps.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Atom {
    rules: u32,
    a: u64,
    b: u64,
    steps: Option<Arc<[u64]>>,
}

impl Atom {
    fn small(rules: u32, a: u64, b: u64) -> Atom {
        Atom {
            rules,
            a,
            b,
            steps: None,
        }
    }
}

impl ExprGraph {
    /// The graph of the sum of `groups`.
    ///
    /// # Panics
    ///
    /// If a group is partizan: partizan sums have no single move graph for
    /// both players (see [`crate::partizan`]). [`GameExpr::is_partizan`] tells.
    pub fn new(groups: &[Group]) -> ExprGraph {
        let mut graph = ExprGraph {
            rules: Vec::new(),
            start: Vec::new(),
        };
        graph.start = graph.atoms(groups);
        graph
    }

    /// One graph for the components of a compound, and each component's position.
    pub fn for_parts(parts: &[Vec<Group>]) -> (ExprGraph, Vec<Vec<Atom>>) {
        let mut graph = ExprGraph {
            rules: Vec::new(),
            start: Vec::new(),
        };
        let starts = parts
            .iter()
            .map(|p| Sums::<&ExprGraph>::position(graph.atoms(p)))
            .collect();
        (graph, starts)
    }

    fn id(&mut self, r: AtomRules) -> u32 {
        match self.rules.iter().position(|x| *x == r) {
            Some(i) => i as u32,
            None => {
                self.rules.push(r);
                (self.rules.len() - 1) as u32
            }
        }
    }

    fn atoms(&mut self, groups: &[Group]) -> Vec<Atom> {
        let mut out = Vec::new();
        for g in groups {
            match g {
                Group::Heaps { rules, heaps } => {
                    let r = self.id(AtomRules::Heap(rules.clone()));
                    out.extend(
                        heaps
                            .iter()
                            .filter(|&&h| h > 0)
                            .map(|&h| Atom::small(r, h, 0)),
                    );
                }
                Group::Piece { piece, square } => {
                    let r = self.id(AtomRules::Piece(piece.clone()));
                    out.push(Atom::small(r, square.x, square.y));
                }
                Group::Partizan(c) => panic!(
                    "ExprGraph is for impartial games; {c} is partizan (check GameExpr::is_partizan first)"
                ),
                Group::Staircase { steps } => {
                    let r = self.id(AtomRules::Staircase);
                    out.push(Atom {
                        rules: r,
                        a: 0,
                        b: 0,
                        steps: Some(steps.as_slice().into()),
                    });
                }
            }
        }
        out
    }

    /// The starting position (sorted atoms; empty heaps dropped).
    pub fn start(&self) -> Vec<Atom> {
        Sums::<&ExprGraph>::position(self.start.clone())
    }

    /// A position written back as groups: one group per heap ruleset, one per
    /// piece or staircase.
    pub fn groups(&self, atoms: &[Atom]) -> Vec<Group> {
        let mut out: Vec<Group> = Vec::new();
        for (r, rules) in self.rules.iter().enumerate() {
            let mut mine = atoms.iter().filter(|a| a.rules == r as u32);
            match rules {
                AtomRules::Heap(h) => {
                    let heaps: Vec<u64> = mine.map(|a| a.a).collect();
                    if !heaps.is_empty() {
                        out.push(Group::Heaps {
                            rules: h.clone(),
                            heaps,
                        });
                    }
                }
                AtomRules::Piece(p) => out.extend(mine.map(|a| Group::Piece {
                    piece: p.clone(),
                    square: Square { x: a.a, y: a.b },
                })),
                AtomRules::Staircase => out.extend(mine.by_ref().map(|a| Group::Staircase {
                    steps: a.steps.as_deref().unwrap_or_default().to_vec(),
                })),
            }
        }
        out
    }
}

impl Rules for &ExprGraph {
    type Position = Atom;

    fn options(&self, atom: &Atom, visit: &mut dyn FnMut(&[Atom])) {
        let r = atom.rules;
        let heap = |parts: &[u64], visit: &mut dyn FnMut(&[Atom])| {
            let v: Vec<Atom> = parts.iter().map(|&a| Atom::small(r, a, 0)).collect();
            visit(&v);
        };
        match &self.rules[r as usize] {
            AtomRules::Heap(h) => match &h.kind {
                HeapKind::Nim => crate::Nim.options(&atom.a, &mut |p| heap(p, visit)),
                HeapKind::TakeBreak(tb) => tb.options(&atom.a, &mut |p| heap(p, visit)),
            },
            AtomRules::Piece(p) => p.options(
                &Square {
                    x: atom.a,
                    y: atom.b,
                },
                &mut |o| visit(&[Atom::small(r, o[0].x, o[0].y)]),
            ),
            AtomRules::Staircase => {
                let steps = atom.steps.as_deref().unwrap_or_default().to_vec();
                let mut next = Vec::new();
                StaircaseNim.moves(&steps, &mut next);
                for n in next {
                    visit(&[Atom {
                        rules: r,
                        a: 0,
                        b: 0,
                        steps: Some(n.into()),
                    }]);
                }
            }
        }
    }
}

// The sum graph is what plain search explores.
const _: fn() = || {
    fn is_graph<G: GameGraph>() {}
    is_graph::<Sums<&ExprGraph>>();
};

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(e: &Evaluation) -> Vec<String> {
        e.winning_moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn knight_and_queen_seed_example() {
        // 000: the knight on (5,4) can move to (4,2) or (3,3).
        let mut engine = Engine::new(Limits::default());
        let g = crate::parse_game("knight(5,4)").unwrap();
        let GameExpr::Sum(groups) = &g else {
            unreachable!()
        };
        let Group::Piece { piece, square } = &groups[0] else {
            unreachable!()
        };
        let mut opts = Vec::new();
        piece.options(square, &mut |o| opts.push(o[0]));
        assert_eq!(opts, [Square { x: 4, y: 2 }, Square { x: 3, y: 3 }]);
        assert!(engine.evaluate("knight(5,4) + queen(3,7)").is_ok());
    }

    #[test]
    fn misere_nim_by_rule_and_by_search_agree() {
        let mut engine = Engine::new(Limits::default());
        // MMMGAME sample: 3 5 1 -> John (first player) wins; 1 -> Brother.
        assert_eq!(
            engine.evaluate("misere(nim(3,5,1))").unwrap().outcome,
            Outcome::N
        );
        assert_eq!(
            engine.evaluate("misere(nim(1))").unwrap().outcome,
            Outcome::P
        );
        // The same games with one heap written as a rook on a row (rook(0,h) is a Nim heap)
        // force the search path.
        for heaps in [[3u64, 5, 1], [1, 1, 0], [2, 2, 0], [4, 1, 1], [6, 3, 5]] {
            let rule = engine
                .evaluate(&format!(
                    "misere(nim({},{},{}))",
                    heaps[0], heaps[1], heaps[2]
                ))
                .unwrap();
            let searched = engine
                .evaluate(&format!(
                    "misere(nim({},{}) + rook(0,{}))",
                    heaps[0], heaps[1], heaps[2]
                ))
                .unwrap();
            assert_eq!(rule.outcome, searched.outcome, "{heaps:?}");
            assert_eq!(
                rule.winning_moves.len(),
                searched.winning_moves.len(),
                "{heaps:?}"
            );
        }
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let mut engine = Engine::new(Limits::default());
        for text in [
            "nim(3,5,7)",
            "queen(3,7) + knight(5,4)",
            "kayles(9) + nim(2)",
            "grundy_game(10) + dawson(7)",
        ] {
            let e = engine.evaluate(text).unwrap();
            assert_eq!(e.outcome, Outcome::N, "{text}");
            assert!(!e.winning_moves.is_empty(), "{text}");
            for m in &e.winning_moves {
                assert_eq!(
                    engine.evaluate_game(m).unwrap().outcome,
                    Outcome::P,
                    "{text} -> {m}"
                );
            }
        }
        assert_eq!(
            strings(&engine.evaluate("nim(3,4,7)").unwrap()),
            Vec::<String>::new()
        );
    }
}
