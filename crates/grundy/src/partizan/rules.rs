//! What a partizan game is (its options for each player) and the two
//! solvers: canonical values, and plain minimax search used as a reference.

use std::collections::HashMap;
use std::fmt::{Debug, Display};
use std::hash::BuildHasher;
use std::hash::Hash;
use std::ops::ControlFlow;

use super::game::Game;
use super::operations::ordinal_sum_over;
use super::Error;
use rustc_hash::FxHashMap;

use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::{Outcome, Player};

const VALUES: &str = "canonical values";
const SEARCH: &str = "minimax search";

/// Appends every option `rules` makes one at a time
/// ([`PartizanRules::options_until`]) to `out`: the `options` of a game that
/// makes its options lazily.
pub(crate) fn all_options<R: PartizanRules>(
    rules: &R,
    position: &R::Position,
    player: Player,
    out: &mut Vec<R::Position>,
) {
    let _ = rules.options_until(position, player, &mut |o| {
        out.push(o);
        ControlFlow::Continue(())
    });
}

/// The rules of a partizan game: each player's options from a position.
///
/// Rules say nothing about values; [`CanonicalSolver`] and
/// [`search_outcome`] compute those.
pub trait PartizanRules {
    /// A position. Its `Display` is the syntax the position is written in
    /// (e.g. `domineering("..|..")`), used to print winning moves.
    type Position: Clone + Eq + Hash + Debug + Display;

    /// Appends the options of `player` from `position` to `out`.
    fn options(&self, position: &Self::Position, player: Player, out: &mut Vec<Self::Position>);

    /// Calls `visit` with each option of `player` until it breaks. The
    /// default lists them all first; a game whose positions can have very
    /// many options (a long Hackenbush string, a wide cake) makes them one
    /// at a time, so that a caller looking for a few can stop early.
    fn options_until(
        &self,
        position: &Self::Position,
        player: Player,
        visit: &mut dyn FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut out = Vec::new();
        self.options(position, player, &mut out);
        out.into_iter().try_for_each(visit)
    }

    /// The bytes `position` holds outside itself (a list of heaps, a board
    /// kept in a vector), as the solvers count a list of options against
    /// the memory limit. The default, 0, is right for positions that hold
    /// everything inline.
    fn owned_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

    /// A position with the same value, used as the memo key (e.g. a board
    /// cropped to its empty cells). The default is the position itself.
    fn normalise(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The memo key of `position` under the game's symmetries: a position
    /// whose value is `position`'s own ([`Sign::Same`]) or its negative
    /// ([`Sign::Negated`]). A game where some symmetry exchanges the players
    /// (a Domineering board transposed, a Toads and Frogs row read backwards
    /// with toads and frogs exchanged) returns the same representative for
    /// a position and its mirror image, so that the canonical solver
    /// computes one of the two and negates it for the other (`-G` is `G`
    /// with Left and Right exchanged: Siegel, *CGT*, II.1). It must return
    /// the same key for every position of one class. The default is
    /// [`normalise`](Self::normalise), same sign.
    fn symmetric_key(&self, position: &Self::Position) -> (Self::Position, Sign) {
        (self.normalise(position), Sign::Same)
    }

    /// Appends the independent parts of `position` to `parts` if it falls
    /// apart into a disjunctive sum of two or more (several cakes, separate
    /// regions of a board); the solver then adds the parts' values. Appends
    /// nothing if it does not (the default). The parts are written into the
    /// solver's own list, with no list of their own: most positions a
    /// search meets in a game that splits do split (empty 3x8 Domineering:
    /// 69 000 of the 79 000 positions it expands).
    fn split(&self, position: &Self::Position, parts: &mut Vec<Self::Position>) {
        let _ = (position, parts);
    }

    /// `Some((base, subordinate))` if `position` is the ordinal sum
    /// `base : subordinate`: its options are the base's options (a move in
    /// the base takes the whole subordinate away) and the base standing
    /// under each option of the subordinate — an edge of a Hackenbush tree
    /// with the trees on its top. The solver then needs only the values of
    /// the base's options and of the subordinate, since `G : H` depends on
    /// the form of `G` but only on the value of `H` (Conway, *ONAG*, ch. 15;
    /// Siegel, *CGT*, II.6). The default is `None`.
    fn ordinal_parts(&self, position: &Self::Position) -> Option<(Self::Position, Self::Position)> {
        let _ = position;
        None
    }

    /// `Some((rest, n))` if `position` is worth the position `rest` plus
    /// the integer `n`: moves one player has in hand whatever is played
    /// elsewhere (a toad that has passed every frog steps on to the end of
    /// the row). The solver memoises `rest` only and adds `n`, so that
    /// positions differing only in those moves share one entry. `n` may be
    /// 0 (pieces that can never move dropped). The default is `None`.
    fn integer_part(&self, position: &Self::Position) -> Option<(Self::Position, i64)> {
        let _ = position;
        None
    }
}

/// How the value of a memo key relates to the value of the position it
/// stands for (see [`PartizanRules::symmetric_key`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sign {
    /// The key has the position's value.
    Same,
    /// The key has the negative of the position's value.
    Negated,
}

/// How the value of a memo key gives the value of the position it stands
/// for: negated or not ([`PartizanRules::symmetric_key`]), then plus an
/// integer ([`PartizanRules::integer_part`]).
#[derive(Clone, Copy)]
struct Relation {
    sign: Sign,
    plus: i64,
}

impl Relation {
    fn apply(self, g: Game) -> Result<Game, Error> {
        let g = self.sign.apply(g);
        if self.plus == 0 {
            return Ok(g);
        }
        g.try_add(Game::integer(self.plus)?)
    }
}

/// The memo key of `position` and how its value relates to the key's.
fn key_of<R: PartizanRules>(rules: &R, position: &R::Position) -> (R::Position, Relation) {
    let (key, sign, plus) = match rules.integer_part(position) {
        Some((rest, plus)) => {
            let (key, sign) = rules.symmetric_key(&rest);
            (key, sign, plus)
        }
        None => {
            let (key, sign) = rules.symmetric_key(position);
            (key, sign, 0)
        }
    };
    (key, Relation { sign, plus })
}

impl Sign {
    /// `g`, or `-g` for [`Sign::Negated`].
    pub fn apply(self, g: Game) -> Game {
        match self {
            Sign::Same => g,
            Sign::Negated => g.neg(),
        }
    }
}

/// Computes canonical values of positions, memoised by position:
/// `value(P) = canonical { value(P^L) | value(P^R) }`.
///
/// The evaluation keeps its own stack, so a long line of play cannot
/// overflow the thread's stack; it draws on a [`Budget`]: each memoised
/// position is charged, the memo is checked against the memory limit before
/// it grows, a line of play (or a split into parts) deeper than
/// [`crate::vocab::limits::Limits::max_depth`] is an error, and the clock and the cancel
/// flag are looked at as positions are expanded.
///
/// ```
/// use grundy::partizan::{CanonicalSolver, Hackenbush, HackenbushString};
/// let mut s = CanonicalSolver::new(Hackenbush);
/// let v = s.value(&HackenbushString::parse("lr").unwrap()).unwrap();
/// assert_eq!(v.to_string(), "1/2");
/// ```
pub struct CanonicalSolver<R: PartizanRules> {
    rules: R,
    budget: Budget,
    memo: FxHashMap<R::Position, Game>,
    /// The emptied lists of finished frames, reused by the next ones (a
    /// position's options and values would otherwise cost two allocations).
    spare: Vec<(Vec<R::Position>, Vec<Game>)>,
}

/// A position whose value is being computed, and the positions whose
/// values make it (its children, valued in order into `values`).
struct Frame<P> {
    key: P,
    /// How the key's value relates to the option or part it stands for.
    relation: Relation,
    shape: Shape,
    children: Vec<P>,
    values: Vec<Game>,
    /// What its lists take, by the estimate charged while it is on the
    /// stack.
    bytes: u128,
}

/// The most options a finished frame's lists may hold to be kept for the
/// next frame: larger lists (a heap game's thousands of options) are let
/// go, so that the spare lists do not keep the memory of the deepest path.
const SPARE_MAX_CAPACITY: usize = 1024;

/// What a frame's children are.
#[derive(Clone, Copy)]
enum Shape {
    /// Its parts, whose values add up.
    Split,
    /// Its Left options (the first `left`), then its Right options.
    Options { left: usize },
    /// The subordinate of an ordinal sum, then the base's Left options (the
    /// next `left`), then the base's Right options.
    Ordinal { left: usize },
}

impl<R: PartizanRules> CanonicalSolver<R> {
    /// A solver with the default limits ([`Budget::default`]).
    pub fn new(rules: R) -> CanonicalSolver<R> {
        CanonicalSolver::with_budget(rules, &Budget::default())
    }

    /// A solver drawing on `budget` (shared with its other users).
    pub fn with_budget(rules: R, budget: &Budget) -> CanonicalSolver<R> {
        CanonicalSolver {
            rules,
            budget: budget.clone(),
            memo: FxHashMap::default(),
            spare: Vec::new(),
        }
    }

    /// Draws on `budget` from now on, keeping the memo.
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = budget.clone();
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many positions are memoised.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The canonical value of `position`.
    pub fn value(&mut self, position: &R::Position) -> Result<Game, Error> {
        let (key, relation) = key_of(&self.rules, position);
        if let Some(&g) = self.memo.get(&key) {
            return relation.apply(g);
        }
        self.budget.check_now(VALUES)?;
        let first = self.frame(key, relation)?;
        // The option lists of the frames on the stack: along a long line of
        // play with many options at each step (a heap game with thousands),
        // they, not the memo, are what fills the memory.
        let mut held = first.bytes;
        self.check_held(held)?;
        let mut stack = vec![first];
        loop {
            let top = stack.last_mut().expect("the stack ends only by returning");
            if let Some(child) = top.children.get(top.values.len()) {
                let (key, relation) = key_of(&self.rules, child);
                if let Some(&g) = self.memo.get(&key) {
                    top.values.push(relation.apply(g)?);
                    continue;
                }
                self.budget.check_depth(VALUES, stack.len())?;
                grow_stack(&mut stack, &self.memo, &self.budget, VALUES)?;
                let frame = self.frame(key, relation)?;
                held += frame.bytes;
                self.check_held(held)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("not empty");
            held -= frame.bytes;
            let g = match frame.shape {
                Shape::Split => Game::try_sum(&frame.values)?,
                Shape::Options { left } => {
                    let (l, r) = frame.values.split_at(left);
                    Game::from_options(l, r)?
                }
                Shape::Ordinal { left } => {
                    let (l, r) = frame.values[1..].split_at(left);
                    let base = (l.to_vec(), r.to_vec());
                    ordinal_sum_over(&base, frame.values[0], &mut HashMap::new())?
                }
            };
            let Frame {
                key,
                relation,
                shape,
                mut children,
                mut values,
                ..
            } = frame;
            // A position that splits is not memoised: its parts are, so
            // meeting it again costs a split and a sum of memoised values,
            // and the memo (most of the memory, and of the cache misses)
            // holds a fraction of the positions (Domineering 4x7: 110 000
            // instead of 493 000).
            if !matches!(shape, Shape::Split) {
                self.remember(key, g)?;
            }
            if children.capacity() <= SPARE_MAX_CAPACITY {
                children.clear();
                values.clear();
                self.spare.push((children, values));
            }
            let g = relation.apply(g)?;
            match stack.last_mut() {
                Some(parent) => parent.values.push(g),
                None => return Ok(g),
            }
        }
    }

    /// The frame of a position not yet memoised: its parts, or its options.
    fn frame(&mut self, key: R::Position, relation: Relation) -> Result<Frame<R::Position>, Error> {
        self.budget.tick(VALUES)?;
        let (mut children, values) = self.spare.pop().unwrap_or_default();
        self.rules.split(&key, &mut children);
        if children.len() == 1 {
            // One part is the position itself: not a split.
            children.clear();
        }
        let shape = if !children.is_empty() {
            Shape::Split
        } else if let Some((base, sub)) = self.rules.ordinal_parts(&key) {
            children.push(sub);
            self.rules.options(&base, Player::Left, &mut children);
            let left = children.len() - 1;
            self.rules.options(&base, Player::Right, &mut children);
            Shape::Ordinal { left }
        } else {
            self.rules.options(&key, Player::Left, &mut children);
            let left = children.len();
            self.rules.options(&key, Player::Right, &mut children);
            Shape::Options { left }
        };
        let owned: u128 = children
            .iter()
            .map(|c| self.rules.owned_bytes(c) as u128)
            .sum();
        let bytes = children.capacity() as u128 * std::mem::size_of::<R::Position>() as u128
            + children.len().max(values.capacity()) as u128 * std::mem::size_of::<Game>() as u128
            + owned;
        Ok(Frame {
            values,
            key,
            relation,
            shape,
            children,
            bytes,
        })
    }

    /// Checks the option lists on the stack (`held` bytes) and the memo
    /// together against the memory limit.
    fn check_held(&self, held: u128) -> Result<(), LimitError> {
        let entry = (std::mem::size_of::<(R::Position, Game)>() as u128 + 1) * 8 / 7;
        self.budget
            .check_bytes(VALUES, held + self.memo.capacity() as u128 * entry)
    }

    fn remember(&mut self, key: R::Position, g: Game) -> Result<(), Error> {
        reserve(&mut self.memo, &self.budget, VALUES)?;
        self.budget.charge(VALUES, 1)?;
        self.memo.insert(key, g);
        Ok(())
    }
}

/// Makes room for one more frame on `stack`, checking the memory limit
/// (stack and memo together, by the estimate of a frame's own size and a
/// few options, and of a memo entry) before it grows.
fn grow_stack<F, K: Eq + Hash, V, S>(
    stack: &mut Vec<F>,
    memo: &HashMap<K, V, S>,
    budget: &Budget,
    what: &str,
) -> Result<(), LimitError> {
    if stack.len() < stack.capacity() {
        return Ok(());
    }
    let cap = stack.len().saturating_mul(2).max(16);
    let frame = std::mem::size_of::<F>() as u128 + 4 * std::mem::size_of::<K>() as u128;
    let entry = (std::mem::size_of::<(K, V)>() as u128 + 1) * 8 / 7;
    budget.check_bytes(what, cap as u128 * frame + memo.capacity() as u128 * entry)?;
    crate::vocab::budget::try_grow(stack, cap, what, budget)
}

/// Makes room for one more entry in `memo`, checking the memory limit
/// before the table grows (by the estimate of 8/7 of a bucket and a control
/// byte per entry).
fn reserve<K: Eq + Hash, V, S: BuildHasher>(
    memo: &mut HashMap<K, V, S>,
    budget: &Budget,
    what: &str,
) -> Result<(), LimitError> {
    if memo.len() < memo.capacity() {
        return Ok(());
    }
    let cap = budget.grown_capacity(memo.len());
    let bytes = cap as u128 * (std::mem::size_of::<(K, V)>() as u128 + 1) * 8 / 7;
    budget.check_bytes(what, bytes)?;
    memo.try_reserve(cap - memo.len())
        .map_err(|_| LimitError::Allocation {
            what: what.into(),
            requested: bytes,
            limit: budget.limits().max_memory,
        })
}

/// The outcome class by plain minimax search of the game tree, with no
/// values at all: the reference the canonical solver is tested against.
/// Uses the default limits ([`Budget::default`]); see
/// [`search_outcome_within`].
///
/// ```
/// use grundy::partizan::{search_outcome, Domineering};
/// use grundy::Outcome;
/// let board = Domineering::parse("..|..").unwrap();
/// assert_eq!(search_outcome(&Domineering, &board).unwrap(), Outcome::N);
/// ```
pub fn search_outcome<R: PartizanRules>(
    rules: &R,
    position: &R::Position,
) -> Result<Outcome, Error> {
    search_outcome_within(rules, position, &Budget::default())
}

/// [`search_outcome`] drawing on `budget`: the search keeps its own stack,
/// lines of play deeper than [`crate::vocab::limits::Limits::max_depth`] are an error, and
/// the memo is charged and checked like the canonical solver's.
pub fn search_outcome_within<R: PartizanRules>(
    rules: &R,
    position: &R::Position,
    budget: &Budget,
) -> Result<Outcome, Error> {
    budget.check_now(SEARCH)?;
    let mut memo = HashMap::new();
    let left_first = wins_moving(rules, position, Player::Left, &mut memo, budget)?;
    let right_first = wins_moving(rules, position, Player::Right, &mut memo, budget)?;
    let lf = if left_first {
        Player::Left
    } else {
        Player::Right
    };
    let rf = if right_first {
        Player::Right
    } else {
        Player::Left
    };
    Ok(Outcome::from_winners(lf, rf))
}

/// The memo of the minimax search: (position, Left to move) to whether the
/// player to move wins.
type WinMemo<P> = HashMap<(P, bool), bool>;

/// Whether `player`, to move in `position`, wins (normal play): a player
/// wins iff some option is lost for the opponent.
fn wins_moving<R: PartizanRules>(
    rules: &R,
    position: &R::Position,
    player: Player,
    memo: &mut WinMemo<R::Position>,
    budget: &Budget,
) -> Result<bool, Error> {
    struct Frame<P> {
        key: (P, bool),
        options: Vec<P>,
        next: usize,
    }
    let open = |key: (R::Position, bool)| -> Result<Frame<R::Position>, Error> {
        budget.tick(SEARCH)?;
        let mut options = Vec::new();
        let mover = if key.1 { Player::Left } else { Player::Right };
        rules.options(&key.0, mover, &mut options);
        Ok(Frame {
            key,
            options,
            next: 0,
        })
    };
    let key = (rules.normalise(position), player == Player::Left);
    if let Some(&w) = memo.get(&key) {
        return Ok(w);
    }
    let mut stack = vec![open(key)?];
    // The result of the frame just finished, for its parent's current option.
    let mut returned: Option<bool> = None;
    loop {
        let top = stack.last_mut().expect("the stack ends only by returning");
        let mut wins = false;
        if let Some(opponent_wins) = returned.take() {
            top.next += 1;
            wins = !opponent_wins;
        }
        let mut unknown = None;
        while !wins && top.next < top.options.len() {
            let child = (rules.normalise(&top.options[top.next]), !top.key.1);
            match memo.get(&child) {
                Some(&opponent_wins) => {
                    top.next += 1;
                    wins = !opponent_wins;
                }
                None => {
                    unknown = Some(child);
                    break;
                }
            }
        }
        if let Some(child) = unknown {
            budget.check_depth(SEARCH, stack.len())?;
            grow_stack(&mut stack, memo, budget, SEARCH)?;
            let frame = open(child)?;
            stack.push(frame);
            continue;
        }
        let frame = stack.pop().expect("not empty");
        reserve(memo, budget, SEARCH)?;
        budget.charge(SEARCH, 1)?;
        memo.insert(frame.key, wins);
        if stack.is_empty() {
            return Ok(wins);
        }
        returned = Some(wins);
    }
}
