//! What a partizan game is (its options for each player) and the two
//! solvers: canonical values, and plain minimax search used as a reference.

use std::collections::HashMap;
use std::fmt::{Debug, Display};
use std::hash::Hash;

use super::game::Game;
use super::Error;
use crate::{Outcome, Player};

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

    /// A position with the same value, used as the memo key (e.g. a board
    /// cropped to its empty cells). The default is the position itself.
    fn normalise(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The independent parts of `position`, if it falls apart into a
    /// disjunctive sum (several cakes, separate regions of a board); the
    /// solver then adds the parts' values. The default is no split.
    fn split(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }
}

/// Limits for [`CanonicalSolver`].
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// The most distinct (normalised) positions kept in the memo.
    pub max_positions: usize,
    /// The longest line of play followed (the recursion depth); deeper
    /// games are refused rather than risk the stack.
    pub max_depth: usize,
}

impl Default for SolverConfig {
    /// Ten million positions, lines of play up to 2000 moves.
    fn default() -> SolverConfig {
        SolverConfig {
            max_positions: 10_000_000,
            max_depth: 2000,
        }
    }
}

/// Computes canonical values of positions, memoised by position:
/// `value(P) = canonical { value(P^L) | value(P^R) }`.
///
/// ```
/// use grundy::partizan::{CanonicalSolver, Hackenbush, HackenbushString};
/// let mut s = CanonicalSolver::new(Hackenbush);
/// let v = s.value(&HackenbushString::parse("lr").unwrap()).unwrap();
/// assert_eq!(v.to_string(), "1/2");
/// ```
pub struct CanonicalSolver<R: PartizanRules> {
    rules: R,
    config: SolverConfig,
    memo: HashMap<R::Position, Game>,
}

impl<R: PartizanRules> CanonicalSolver<R> {
    /// A solver with the default limits.
    pub fn new(rules: R) -> CanonicalSolver<R> {
        CanonicalSolver::with_config(rules, SolverConfig::default())
    }

    /// A solver with the given limits.
    pub fn with_config(rules: R, config: SolverConfig) -> CanonicalSolver<R> {
        CanonicalSolver {
            rules,
            config,
            memo: HashMap::new(),
        }
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
        self.value_at(position, 0)
    }

    fn value_at(&mut self, position: &R::Position, depth: usize) -> Result<Game, Error> {
        if depth > self.config.max_depth {
            return Err(Error::DepthLimit {
                limit: self.config.max_depth,
            });
        }
        let key = self.rules.normalise(position);
        if let Some(&g) = self.memo.get(&key) {
            return Ok(g);
        }
        if self.memo.len() >= self.config.max_positions {
            return Err(Error::PositionLimit {
                limit: self.config.max_positions,
            });
        }
        let parts = self.rules.split(&key);
        if parts.len() > 1 {
            let mut total = Game::zero();
            for p in &parts {
                total = total.try_add(self.value_at(p, depth)?)?;
            }
            self.memo.insert(key, total);
            return Ok(total);
        }
        let mut buf = Vec::new();
        self.rules.options(&key, Player::Left, &mut buf);
        let mut left = Vec::with_capacity(buf.len());
        for p in std::mem::take(&mut buf) {
            left.push(self.value_at(&p, depth + 1)?);
        }
        self.rules.options(&key, Player::Right, &mut buf);
        let mut right = Vec::with_capacity(buf.len());
        for p in buf {
            right.push(self.value_at(&p, depth + 1)?);
        }
        let g = Game::from_options(&left, &right)?;
        self.memo.insert(key, g);
        Ok(g)
    }
}

/// The outcome class by plain minimax search of the game tree, with no
/// values at all: the reference the canonical solver is tested against.
///
/// ```
/// use grundy::partizan::{search_outcome, Domineering};
/// use grundy::Outcome;
/// assert_eq!(search_outcome(&Domineering, &Domineering::parse("..|..").unwrap()), Outcome::N);
/// ```
pub fn search_outcome<R: PartizanRules>(rules: &R, position: &R::Position) -> Outcome {
    let mut memo = HashMap::new();
    let left_first = wins_moving(rules, position, Player::Left, &mut memo);
    let right_first = wins_moving(rules, position, Player::Right, &mut memo);
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
    Outcome::from_winners(lf, rf)
}

/// Whether `player`, to move in `position`, wins (normal play).
fn wins_moving<R: PartizanRules>(
    rules: &R,
    position: &R::Position,
    player: Player,
    memo: &mut HashMap<(R::Position, bool), bool>,
) -> bool {
    let key = (rules.normalise(position), player == Player::Left);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut opts = Vec::new();
    rules.options(&key.0, player, &mut opts);
    let w = opts
        .iter()
        .any(|o| !wins_moving(rules, o, player.opponent(), memo));
    memo.insert(key, w);
    w
}
