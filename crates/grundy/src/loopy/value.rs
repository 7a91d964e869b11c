//! The value of a loopy game: a canonical stopper, a stopper-sided value
//! `onside & offside`, or, where the sides do not reduce to stoppers, the
//! sides as far as they simplify.

use super::components::sides_by_components;
use super::graph::LoopyGame;
use super::outcome::{outcomes, LoopyOutcomes, PlayResult};
use super::simplify::{canonical_stopper, side_form};
use super::survive::{leq, Side};
use super::Error;
use crate::partizan::{Comparison, Game};
use crate::vocab::budget::Budget;

/// Graphs of at most this many positions are valued whole by
/// [`LoopyValue::of`]; larger ones by their strongly connected components.
const WHOLE_GRAPH_MAX: usize = 256;

/// The value of a loopy game (Siegel, *CGT*, VI.4–5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A stopper, in canonical form (a short game is one too).
    Stopper(LoopyGame),
    /// A game whose sides are stoppers that differ: `onside & offside`
    /// (both canonical, `offside <= onside`).
    Sided {
        /// The onside `G⁺`: endless play is Left's.
        onside: LoopyGame,
        /// The offside `G⁻`: endless play is Right's.
        offside: LoopyGame,
    },
    /// A game whose sides grundy does not reduce to stoppers: each side
    /// as simplified (equal to the game in that side), with whether it is
    /// a canonical stopper.
    Unresolved {
        /// The onside as far as it simplifies.
        onside: LoopyGame,
        /// Whether `onside` is a canonical stopper.
        onside_stopper: bool,
        /// The offside as far as it simplifies.
        offside: LoopyGame,
        /// Whether `offside` is a canonical stopper.
        offside_stopper: bool,
    },
}

impl LoopyValue {
    /// The value of a game graph: its canonical form if it is a stopper,
    /// otherwise its sides.
    ///
    /// A graph of more than a few hundred positions is valued one strongly
    /// connected component at a time ([`LoopyValue::by_components`]); a
    /// smaller one whole ([`LoopyValue::of_whole`]). Both give the same
    /// value.
    pub fn of(g: &LoopyGame, budget: &Budget) -> Result<LoopyValue, Error> {
        if g.len() <= WHOLE_GRAPH_MAX {
            LoopyValue::of_whole(g, budget)
        } else {
            LoopyValue::by_components(g, budget)
        }
    }

    /// The value of a graph simplified as a whole: the comparison tables
    /// span every pair of its positions.
    pub fn of_whole(g: &LoopyGame, budget: &Budget) -> Result<LoopyValue, Error> {
        if g.is_stopper() {
            return Ok(LoopyValue::Stopper(canonical_stopper(g, budget)?));
        }
        let (onside, on_ok) = side_form(g, Side::On, budget)?;
        let (offside, off_ok) = side_form(g, Side::Off, budget)?;
        LoopyValue::from_sides(onside, on_ok, offside, off_ok, budget)
    }

    /// The value of a graph valued one strongly connected component at a
    /// time, sinks first: each component's positions are simplified with
    /// the sides already found for the positions below it, so no table
    /// spans more than a component and the simplified sides it moves to.
    pub fn by_components(g: &LoopyGame, budget: &Budget) -> Result<LoopyValue, Error> {
        let (onside, on_ok, offside, off_ok) = sides_by_components(g, budget)?;
        if on_ok && off_ok && onside == offside {
            return Ok(LoopyValue::Stopper(onside));
        }
        LoopyValue::from_sides(onside, on_ok, offside, off_ok, budget)
    }

    fn from_sides(
        onside: LoopyGame,
        on_ok: bool,
        offside: LoopyGame,
        off_ok: bool,
        budget: &Budget,
    ) -> Result<LoopyValue, Error> {
        if on_ok && off_ok {
            if equal_stoppers(&onside, &offside, budget)? {
                return Ok(LoopyValue::Stopper(onside));
            }
            return Ok(LoopyValue::Sided { onside, offside });
        }
        Ok(LoopyValue::Unresolved {
            onside,
            onside_stopper: on_ok,
            offside,
            offside_stopper: off_ok,
        })
    }

    /// A short game's value.
    pub fn short(g: Game, budget: &Budget) -> Result<LoopyValue, Error> {
        Ok(LoopyValue::Stopper(LoopyGame::from_short(g, budget)?))
    }

    /// `onside & offside`, as CGSuite's `G & H`: both must be stoppers
    /// with `offside <= onside`.
    pub fn with_sides(
        onside: &LoopyValue,
        offside: &LoopyValue,
        budget: &Budget,
    ) -> Result<LoopyValue, Error> {
        let (LoopyValue::Stopper(on), LoopyValue::Stopper(off)) = (onside, offside) else {
            return Err(Error::Value(
                "the sides of `G & H` must be stoppers: a stopper-sided value cannot be a side"
                    .into(),
            ));
        };
        if !leq(off, on, Side::Stopper, budget)? {
            return Err(Error::Value(
                "in `G & H` the offside H must be <= the onside G".into(),
            ));
        }
        LoopyValue::from_sides(on.clone(), true, off.clone(), true, budget)
    }

    /// The onside (the stopper itself for a stopper).
    pub fn onside(&self) -> &LoopyGame {
        match self {
            LoopyValue::Stopper(s) => s,
            LoopyValue::Sided { onside, .. } | LoopyValue::Unresolved { onside, .. } => onside,
        }
    }

    /// The offside (the stopper itself for a stopper).
    pub fn offside(&self) -> &LoopyGame {
        match self {
            LoopyValue::Stopper(s) => s,
            LoopyValue::Sided { offside, .. } | LoopyValue::Unresolved { offside, .. } => offside,
        }
    }

    /// Whether both sides are known stoppers.
    pub fn is_stopper_sided(&self) -> bool {
        !matches!(self, LoopyValue::Unresolved { .. })
    }

    /// The short game, if the value is one.
    pub fn as_short(&self) -> Option<Game> {
        match self {
            LoopyValue::Stopper(s) => s.to_short(),
            _ => None,
        }
    }

    /// `-G`: sides exchanged and negated.
    pub fn neg(&self) -> LoopyValue {
        match self {
            LoopyValue::Stopper(s) => LoopyValue::Stopper(s.neg()),
            LoopyValue::Sided { onside, offside } => LoopyValue::Sided {
                onside: offside.neg(),
                offside: onside.neg(),
            },
            LoopyValue::Unresolved {
                onside,
                onside_stopper,
                offside,
                offside_stopper,
            } => LoopyValue::Unresolved {
                onside: offside.neg(),
                onside_stopper: *offside_stopper,
                offside: onside.neg(),
                offside_stopper: *onside_stopper,
            },
        }
    }

    /// `G + H`: for stoppers the value of the sum's graph; otherwise by
    /// sides, `(G + H)⁺ = (G⁺ + H⁺)⁺` (the upsum) and `(G + H)⁻ =
    /// (G⁻ + H⁻)⁻` (the downsum), Siegel, *CGT*, VI.5.
    pub fn add(&self, other: &LoopyValue, budget: &Budget) -> Result<LoopyValue, Error> {
        if let (LoopyValue::Stopper(a), LoopyValue::Stopper(b)) = (self, other) {
            return LoopyValue::of(&a.sum(b, budget)?, budget);
        }
        let on = self.onside().sum(other.onside(), budget)?;
        let off = self.offside().sum(other.offside(), budget)?;
        let (onside, on_ok) = side_form(&on, Side::On, budget)?;
        let (offside, off_ok) = side_form(&off, Side::Off, budget)?;
        LoopyValue::from_sides(onside, on_ok, offside, off_ok, budget)
    }

    /// `G <= H`: for stoppers Left survives `H - G` with Right to move;
    /// otherwise onside below onside and offside below offside.
    pub fn leq(&self, other: &LoopyValue, budget: &Budget) -> Result<bool, Error> {
        let kind = |v: &LoopyValue| {
            if v.is_stopper_sided() {
                Side::Stopper
            } else {
                Side::On
            }
        };
        let on_side = if kind(self) == Side::Stopper && kind(other) == Side::Stopper {
            Side::Stopper
        } else {
            Side::On
        };
        let off_side = if on_side == Side::Stopper {
            Side::Stopper
        } else {
            Side::Off
        };
        Ok(leq(self.onside(), other.onside(), on_side, budget)?
            && leq(self.offside(), other.offside(), off_side, budget)?)
    }

    /// How `G` compares with `H`.
    pub fn compare(&self, other: &LoopyValue, budget: &Budget) -> Result<Comparison, Error> {
        Ok(match (self.leq(other, budget)?, other.leq(self, budget)?) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        })
    }

    /// Who wins the game itself, each player moving first, endless play
    /// a draw. From the sides: Left can force a win moving first exactly
    /// when she wins the offside moving first (there endless play is
    /// Right's, so her win is a finite one), and Right exactly when he
    /// wins the onside; otherwise best play is endless. A stopper's play
    /// always ends, so its outcome has no draw.
    pub fn outcomes(&self, budget: &Budget) -> Result<LoopyOutcomes, Error> {
        let on = outcomes(self.onside(), budget)?;
        let off = outcomes(self.offside(), budget)?;
        let left_first = if off.left_first == PlayResult::LeftWins {
            PlayResult::LeftWins
        } else if on.left_first == PlayResult::RightWins {
            PlayResult::RightWins
        } else {
            PlayResult::Draw
        };
        let right_first = if on.right_first == PlayResult::RightWins {
            PlayResult::RightWins
        } else if off.right_first == PlayResult::LeftWins {
            PlayResult::LeftWins
        } else {
            PlayResult::Draw
        };
        Ok(LoopyOutcomes {
            left_first,
            right_first,
        })
    }
}

/// Two stoppers equal.
fn equal_stoppers(a: &LoopyGame, b: &LoopyGame, budget: &Budget) -> Result<bool, Error> {
    Ok(leq(a, b, Side::Stopper, budget)? && leq(b, a, Side::Stopper, budget)?)
}
