//! Compounds of impartial games other than the disjunctive sum
//! (Winning Ways ch. 9; ONAG ch. 14; Smith 1966).
//!
//! The full explanation is on [`CompoundSolver`], the public face of this module.

use crate::solvers::search::{PlainSearch, Play, Remoteness, SearchConfig, SearchError};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;
use crate::vocab::rules::GameGraph;

use std::sync::Mutex;

mod multiset;
use multiset::MultisetSearch;

const LISTING: &str = "listing the moves of a compound position";

/// The rule deciding which components a move is made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CompoundKind {
    /// Move in any non-empty set of components (Winning Ways' *union*).
    Selective,
    /// Move in a non-empty set of components that is not all of them.
    NotAll,
    /// Move in every component; the game ends as soon as one component has
    /// no move (Winning Ways' *join*, Smith's short rule).
    Conjunctive,
    /// Move in every component that still has a move; the game ends when none
    /// has (Smith's long rule).
    ContinuedConjunctive,
}

impl CompoundKind {
    /// How the compound is written (`not_all`).
    pub fn name(self) -> &'static str {
        match self {
            CompoundKind::Selective => "selective",
            CompoundKind::NotAll => "not_all",
            CompoundKind::Conjunctive => "conjunctive",
            CompoundKind::ContinuedConjunctive => "continued_conjunctive",
        }
    }

    /// The compound written `name`, if one is.
    pub fn named(name: &str) -> Option<CompoundKind> {
        CompoundKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// All four kinds.
    pub const ALL: [CompoundKind; 4] = [
        CompoundKind::Selective,
        CompoundKind::NotAll,
        CompoundKind::Conjunctive,
        CompoundKind::ContinuedConjunctive,
    ];
}

/// Why a compound could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompoundError {
    /// Plain search of a component (or of the whole compound) failed.
    #[error("while solving a compound: {0}")]
    Search(#[from] SearchError),
    /// A limit of the budget was hit while listing a compound's moves.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// Listing the moves of the compound would exceed the configured limit.
    #[error(
        "the compound position may have more than {limit} moves (the configured \
         `max_compound_moves`): its moves are combinations of the components' options, \
         bounded by the product of their counts"
    )]
    TooManyMoves {
        /// The limit that was hit.
        limit: usize,
    },
}

/// A compound of positions of the game `G` as a game graph: a position is the
/// list of component positions, in order.
///
/// Its moves are listed by brute force, one per combination of component
/// options, so their number grows as the product of the components' option
/// counts: this is the reference, not the fast path.
#[derive(Clone, Debug)]
pub struct Compound<G> {
    /// The component game.
    pub graph: G,
    /// The rule for combining moves.
    pub kind: CompoundKind,
}

impl<G: GameGraph> Compound<G> {
    /// The compound of `kind` over `graph`.
    pub fn new(graph: G, kind: CompoundKind) -> Compound<G> {
        Compound { graph, kind }
    }
}

impl<G: GameGraph> GameGraph for Compound<G> {
    type Position = Vec<G::Position>;

    fn moves(&self, position: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
        self.moves_admitted(position, out, |_| true);
    }
}

impl<G: GameGraph> Compound<G> {
    /// Lists the moves of `position` unless `admit`, given a bound on their
    /// number (the product of the components' choice counts), refuses.
    fn moves_admitted(
        &self,
        position: &[G::Position],
        out: &mut Vec<Vec<G::Position>>,
        admit: impl FnOnce(u128) -> bool,
    ) {
        let n = position.len();
        let options: Vec<Vec<G::Position>> = position
            .iter()
            .map(|c| {
                let mut v = Vec::new();
                self.graph.moves(c, &mut v);
                v
            })
            .collect();
        let live = options.iter().filter(|o| !o.is_empty()).count();
        // For each component, the choices: index 0 = stay (when allowed),
        // then one per option.
        let may_stay = match self.kind {
            CompoundKind::Selective | CompoundKind::NotAll => true,
            CompoundKind::Conjunctive => {
                if n == 0 || live < n {
                    return;
                }
                false
            }
            CompoundKind::ContinuedConjunctive => {
                if live == 0 {
                    return;
                }
                false
            }
        };
        let stay = |o: &Vec<G::Position>| may_stay || o.is_empty();
        let counts: Vec<usize> = options
            .iter()
            .map(|o| o.len() + usize::from(stay(o)))
            .collect();
        let bound = counts
            .iter()
            .fold(1u128, |b, &c| b.saturating_mul(c as u128));
        if !admit(bound) {
            return;
        }
        let mut choice = vec![0usize; n];
        'odometer: loop {
            let mut moved = 0;
            let mut next = Vec::with_capacity(n);
            for i in 0..n {
                let offset = usize::from(stay(&options[i]));
                if choice[i] < offset {
                    next.push(position[i].clone());
                } else {
                    moved += 1;
                    next.push(options[i][choice[i] - offset].clone());
                }
            }
            let legal = moved > 0 && !(self.kind == CompoundKind::NotAll && moved == n);
            if legal {
                out.push(next);
            }
            for i in 0..n {
                choice[i] += 1;
                if choice[i] < counts[i] {
                    continue 'odometer;
                }
                choice[i] = 0;
            }
            break;
        }
    }
}

/// The compound graph searched where no theory exists: a position's moves
/// are listed only after the budget admits their number, and a refusal is
/// kept for the solver to report (a game graph cannot return an error).
#[derive(Debug)]
pub(crate) struct Guarded<G> {
    compound: Compound<G>,
    budget: Budget,
    refused: Mutex<Option<LimitError>>,
}

impl<G> Guarded<G> {
    /// `compound`, its listings admitted by `budget`.
    pub(crate) fn new(compound: Compound<G>, budget: &Budget) -> Guarded<G> {
        Guarded {
            compound,
            budget: budget.clone(),
            refused: Mutex::new(None),
        }
    }

    /// The limit a listing was refused on since the last call, if any: a
    /// search that met it took the refused position for one with no moves,
    /// so what it stored is wrong and must go.
    pub(crate) fn take_refused(&self) -> Option<LimitError> {
        self.refused
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }

    /// The compound searched.
    pub(crate) fn compound(&self) -> &Compound<G> {
        &self.compound
    }
}

impl<G: GameGraph> GameGraph for Guarded<G> {
    type Position = Vec<G::Position>;

    fn moves(&self, position: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
        self.compound.moves_admitted(position, out, |bound| {
            let bytes =
                std::mem::size_of::<Vec<G::Position>>() + std::mem::size_of_val(&position[..]);
            match self.budget.check_alloc(LISTING, bound, bytes as u64) {
                Ok(()) => true,
                Err(e) => {
                    *self.refused.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    false
                }
            }
        });
    }
}

/// Selective compound, normal play, from the components' Grundy values:
/// P iff all are 0.
pub fn selective_outcome(values: &[Nimber]) -> Outcome {
    if values.iter().all(|v| v.is_zero()) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Not-all compound, normal play, from the components' Grundy values: P iff
/// all are equal (vacuously so for zero or one component, where no move
/// exists).
pub fn not_all_outcome(values: &[Nimber]) -> Outcome {
    if values.windows(2).all(|w| w[0] == w[1]) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Conjunctive compound from the components' remotenesses (normal or misère,
/// matching the play): P iff the least is even. With no components the
/// compound has no move, which `terminal` (the remoteness of a position with
/// no move under the play in question: 0 normal, 1 misère) decides.
pub fn conjunctive_outcome(remoteness: &[Remoteness], terminal: Remoteness) -> Outcome {
    remoteness
        .iter()
        .min()
        .copied()
        .unwrap_or(terminal)
        .outcome()
}

/// Continued conjunctive compound from the components' suspense numbers
/// (normal or misère, matching the play): P iff the greatest is even; with
/// no components, `terminal` decides as in [`conjunctive_outcome`].
pub fn continued_conjunctive_outcome(suspense: &[Remoteness], terminal: Remoteness) -> Outcome {
    suspense.iter().max().copied().unwrap_or(terminal).outcome()
}

/// Limits of a [`CompoundSolver`] made with [`CompoundSolver::with_config`];
/// [`CompoundSolver::with_budget`] takes a [`Budget`] instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundConfig {
    /// The position limit of the plain searches (of components and, where no
    /// theory exists, of whole compounds), which share one budget.
    pub search: SearchConfig,
    /// Most moves listed for one compound position by
    /// [`CompoundSolver::winning_moves`], checked against the product of the
    /// components' option counts (each plus one) before listing. Default
    /// 1 000 000. The budget's position and memory limits apply as well.
    pub max_compound_moves: usize,
}

impl Default for CompoundConfig {
    fn default() -> CompoundConfig {
        CompoundConfig {
            search: SearchConfig::default(),
            max_compound_moves: 1_000_000,
        }
    }
}

/// Solves compounds of positions of `G` by the theory below, falling back to
/// plain search of the compound where no theory can exist (misère not-all).
///
/// In a disjunctive sum a move is made in exactly one component. Changing
/// that rule gives other ways of playing several games at once:
///
/// | [`CompoundKind`] | a move is made in… | the game ends when… |
/// |---|---|---|
/// | `Selective` | any non-empty set of components | no component has a move |
/// | `NotAll` | a non-empty set of components, not all of them | no component has a move (or only one component exists) |
/// | `Conjunctive` | every component | some component has no move |
/// | `ContinuedConjunctive` | every component that still has a move | no component has a move |
///
/// [`Compound`] is each of these as a [`GameGraph`] of tuples of component
/// positions, so [`crate::solvers::search::PlainSearch`] solves it by brute force. The theory
/// decides them from one number per component, computed by plain search on
/// the component game alone:
///
/// * **selective**, normal play: P iff every component is P (Winning Ways
///   ch. 9). Misère play: with no component left that can move the player to
///   move has won; with exactly one, the compound is that component under
///   misère play; with two or more, it is P iff every component that can still
///   move is P in *normal* play (the answer to math.stackexchange question
///   137363, "Selective compound under misère play rule"; checked here by
///   property tests);
/// * **not all** (the "Other composite games" section of the TopCoder
///   tutorial in seed 001), normal play: P iff all components have the same
///   Grundy value. The seed's claim holds for two or more components; with one
///   component no move is ever possible, so it is P whatever its value, which
///   the claim also says ("all equal" holds vacuously). Under misère play
///   no rule from one number per component can exist: with two components
///   the not-all compound *is* the misère disjunctive sum, which Grundy
///   values do not decide (genus, ONAG ch. 12; misère quotients, Plambeck
///   2005). The solver searches the compound instead, as multisets of
///   components (every rule treats its components alike), with its own
///   stack;
/// * **conjunctive** (Smith's short rule): P iff the least remoteness of the
///   components is even — the winner hurries in the component that decides
///   and delays in the others. Misère play: the same with misère remoteness;
/// * **continued conjunctive** (Smith's long rule): P iff the greatest
///   suspense number is even — the winner now wants the game to last. Misère
///   play: the same with misère suspense numbers.
///
/// (Remoteness and suspense, normal and misère, are defined in
/// [`crate::solvers::search::PlainSearch`].)
///
/// ```
/// use grundy::{solvers::compound::CompoundKind, solvers::compound::CompoundSolver, vocab::rules::GameGraph, Outcome, solvers::search::Play, solvers::search::SearchConfig};
///
/// /// A Nim heap as a game graph.
/// #[derive(Clone)]
/// struct Heap;
/// impl GameGraph for Heap {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) { out.extend(0..n); }
/// }
///
/// let mut solver = CompoundSolver::new(Heap, SearchConfig::default());
/// // Heaps 2, 2, 2: all Grundy values equal, so "not all" is lost for the player to move…
/// assert_eq!(solver.outcome(CompoundKind::NotAll, &[2, 2, 2], Play::Normal)?, Outcome::P);
/// // …while the selective compound is won by emptying all three at once.
/// assert_eq!(solver.winning_move(CompoundKind::Selective, &[2, 2, 2], Play::Normal)?,
///            Some(vec![0, 0, 0]));
/// # Ok::<(), grundy::solvers::compound::CompoundError>(())
/// ```
#[derive(Debug)]
pub struct CompoundSolver<G: GameGraph + Clone> {
    components: PlainSearch<G>,
    max_compound_moves: usize,
    /// The search of whole misère not-all compounds (as multisets of
    /// components), made only when needed.
    fallback: Option<MultisetSearch<G::Position>>,
}

impl<G: GameGraph + Clone> CompoundSolver<G> {
    /// A solver for compounds of `graph`'s positions, with default limits
    /// except for the plain searches, which use `search`.
    pub fn new(graph: G, search: SearchConfig) -> CompoundSolver<G> {
        CompoundSolver::with_config(
            graph,
            CompoundConfig {
                search,
                ..CompoundConfig::default()
            },
        )
    }

    /// A solver with all limits given.
    pub fn with_config(graph: G, config: CompoundConfig) -> CompoundSolver<G> {
        let mut solver = CompoundSolver::with_budget(graph, &config.search.budget());
        solver.max_compound_moves = config.max_compound_moves;
        solver
    }

    /// A solver drawing on `budget`, which every search it makes shares (so
    /// the position limit bounds them together) and which also bounds the
    /// moves listed for one compound position.
    pub fn with_budget(graph: G, budget: &Budget) -> CompoundSolver<G> {
        CompoundSolver {
            components: PlainSearch::with_budget(graph, budget),
            max_compound_moves: usize::MAX,
            fallback: None,
        }
    }

    /// Draws on `budget` from now on, keeping what is explored of the
    /// components (the search of whole compounds starts afresh).
    pub fn set_budget(&mut self, budget: &Budget) {
        self.components.set_budget(budget);
        self.fallback = None;
    }

    /// The plain search of single components (for their values).
    pub fn component_search(&mut self) -> &mut PlainSearch<G> {
        &mut self.components
    }

    /// Whether the theory covers `kind` under `play`; if not, the solver
    /// searches the compound itself.
    pub fn has_theory(kind: CompoundKind, play: Play) -> bool {
        !(kind == CompoundKind::NotAll && play == Play::Misere)
    }

    /// The outcome of the compound of `kind` over `components` under `play`.
    pub fn outcome(
        &mut self,
        kind: CompoundKind,
        components: &[G::Position],
        play: Play,
    ) -> Result<Outcome, CompoundError> {
        let terminal = Remoteness(play as u32);
        let s = &mut self.components;
        Ok(match (kind, play) {
            (CompoundKind::Selective, Play::Normal) => {
                let values = components
                    .iter()
                    .map(|c| s.nimber(c))
                    .collect::<Result<Vec<_>, _>>()?;
                selective_outcome(&values)
            }
            (CompoundKind::Selective, Play::Misere) => {
                let mut live = Vec::new();
                for c in components {
                    if s.remoteness(c, Play::Normal)?.moves() > 0 {
                        live.push(c);
                    }
                }
                match live.as_slice() {
                    [] => Outcome::N,
                    [only] => s.outcome(only, Play::Misere)?,
                    _ => {
                        let mut all_p = true;
                        for c in &live {
                            all_p &= s.outcome(c, Play::Normal)? == Outcome::P;
                        }
                        if all_p {
                            Outcome::P
                        } else {
                            Outcome::N
                        }
                    }
                }
            }
            (CompoundKind::NotAll, Play::Normal) => {
                let values = components
                    .iter()
                    .map(|c| s.nimber(c))
                    .collect::<Result<Vec<_>, _>>()?;
                not_all_outcome(&values)
            }
            (CompoundKind::NotAll, Play::Misere) => {
                let budget = self.components.budget().clone();
                let graph = self.components.graph();
                let search = self.fallback.get_or_insert_with(MultisetSearch::new);
                match search.is_lost(graph, components, &budget) {
                    Ok(true) => Outcome::P,
                    Ok(false) => Outcome::N,
                    Err(e) => {
                        // What a stopped search stored is sound, but a
                        // question after it starts afresh, as a budget's does.
                        self.fallback = None;
                        return Err(e.into());
                    }
                }
            }
            (CompoundKind::Conjunctive, _) => {
                let r = components
                    .iter()
                    .map(|c| s.remoteness(c, play))
                    .collect::<Result<Vec<_>, _>>()?;
                conjunctive_outcome(&r, terminal)
            }
            (CompoundKind::ContinuedConjunctive, _) => {
                let r = components
                    .iter()
                    .map(|c| s.suspense(c, play))
                    .collect::<Result<Vec<_>, _>>()?;
                continued_conjunctive_outcome(&r, terminal)
            }
        })
    }

    /// One winning move of the compound, or `None` if it is P (or has no
    /// move). Built from the theory without listing the compound's moves
    /// where the theory allows (all kinds in normal play, the conjunctive
    /// kinds in misère play); otherwise the first winning move in the order
    /// of [`Compound`]'s move list, subject to the budget (and to
    /// [`CompoundConfig::max_compound_moves`]).
    pub fn winning_move(
        &mut self,
        kind: CompoundKind,
        components: &[G::Position],
        play: Play,
    ) -> Result<Option<Vec<G::Position>>, CompoundError> {
        if self.outcome(kind, components, play)? == Outcome::P
            || !self.has_move(kind, components)?
        {
            // Under misère play a compound with no move is N: won without moving.
            return Ok(None);
        }
        let s = &mut self.components;
        let mut next = Vec::with_capacity(components.len());
        match (kind, play) {
            (CompoundKind::Selective, Play::Normal) => {
                // Move every N component to a P option; leave P ones alone.
                for c in components {
                    match s.winning_moves(c, Play::Normal)?.into_iter().next() {
                        Some(o) => next.push(o),
                        None => next.push(c.clone()),
                    }
                }
            }
            (CompoundKind::NotAll, Play::Normal) => {
                // Lower every component above the least value to the least
                // value (mex guarantees such an option); the least stays.
                let mut values = Vec::with_capacity(components.len());
                for c in components {
                    values.push(s.nimber(c)?);
                }
                let least = values.iter().copied().min().unwrap_or_default();
                for (c, &v) in components.iter().zip(&values) {
                    if v == least {
                        next.push(c.clone());
                    } else {
                        next.push(option_where(s, c, |s, o| Ok(s.nimber(o)? == least))?);
                    }
                }
            }
            (CompoundKind::Conjunctive, _) | (CompoundKind::ContinuedConjunctive, _) => {
                // Every remoteness (suspense) r > 0 has an option with r - 1
                // by its definition; stepping every live component down by
                // one flips the parity of the least (greatest) one.
                let suspense = kind == CompoundKind::ContinuedConjunctive;
                for c in components {
                    let r = if suspense {
                        s.suspense(c, play)?
                    } else {
                        s.remoteness(c, play)?
                    };
                    if s.remoteness(c, Play::Normal)?.moves() == 0 {
                        next.push(c.clone()); // an ended component (continued only)
                        continue;
                    }
                    next.push(option_where(s, c, |s, o| {
                        let ro = if suspense {
                            s.suspense(o, play)?
                        } else {
                            s.remoteness(o, play)?
                        };
                        Ok(ro.moves() + 1 == r.moves())
                    })?);
                }
            }
            _ => {
                return Ok(self.winning_moves_limited(kind, components, play, 1)?.pop());
            }
        }
        Ok(Some(next))
    }

    /// Whether the compound of `kind` over `components` has any move.
    pub fn has_move(
        &mut self,
        kind: CompoundKind,
        components: &[G::Position],
    ) -> Result<bool, CompoundError> {
        let mut live = 0;
        for c in components {
            if self.components.remoteness(c, Play::Normal)?.moves() > 0 {
                live += 1;
            }
        }
        Ok(match kind {
            CompoundKind::Selective | CompoundKind::ContinuedConjunctive => live > 0,
            CompoundKind::NotAll => live > 0 && components.len() > 1,
            CompoundKind::Conjunctive => live > 0 && live == components.len(),
        })
    }

    /// All winning moves of the compound: its moves (listed by brute force,
    /// within the budget and `max_compound_moves`) whose outcome by the
    /// theory is P.
    pub fn winning_moves(
        &mut self,
        kind: CompoundKind,
        components: &[G::Position],
        play: Play,
    ) -> Result<Vec<Vec<G::Position>>, CompoundError> {
        self.winning_moves_limited(kind, components, play, usize::MAX)
    }

    fn winning_moves_limited(
        &mut self,
        kind: CompoundKind,
        components: &[G::Position],
        play: Play,
        wanted: usize,
    ) -> Result<Vec<Vec<G::Position>>, CompoundError> {
        // Bound the number of moves (product of option counts, plus one for
        // staying where allowed) before listing any, so the limit protects
        // memory instead of reporting after the fact.
        let mut bound: usize = 1;
        let mut options = Vec::new();
        for c in components {
            options.clear();
            self.components.graph().moves(c, &mut options);
            bound = bound.saturating_mul(options.len() + 1);
        }
        if bound > self.max_compound_moves {
            return Err(CompoundError::TooManyMoves {
                limit: self.max_compound_moves,
            });
        }
        let move_bytes =
            std::mem::size_of::<Vec<G::Position>>() + std::mem::size_of_val(components);
        self.components
            .budget()
            .check_alloc(LISTING, bound as u128, move_bytes as u64)?;
        let graph = Compound::new(self.components.graph().clone(), kind);
        let mut moves = Vec::new();
        graph.moves(&components.to_vec(), &mut moves);
        let mut winning = Vec::new();
        for m in moves {
            self.components.budget().tick(LISTING)?;
            if self.outcome(kind, &m, play)? == Outcome::P {
                winning.push(m);
                if winning.len() == wanted {
                    break;
                }
            }
        }
        Ok(winning)
    }
}

/// The first option of `c` satisfying `want`. The theory guarantees one
/// exists wherever this is called; if a game graph broke that guarantee
/// (e.g. by listing different options on different calls), `c` itself is
/// returned so the caller's move is visibly not a move.
fn option_where<G: GameGraph>(
    s: &mut PlainSearch<G>,
    c: &G::Position,
    mut want: impl FnMut(&mut PlainSearch<G>, &G::Position) -> Result<bool, SearchError>,
) -> Result<G::Position, SearchError> {
    let mut options = Vec::new();
    s.graph().moves(c, &mut options);
    for o in options {
        if want(s, &o)? {
            return Ok(o);
        }
    }
    Ok(c.clone())
}
