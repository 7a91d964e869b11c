//! Who wins a loopy game under normal play, each player moving first,
//! when endless play is a draw: retrograde analysis (Winning Ways ch. 11)
//! of the graph of states (position, player to move), by the same solver
//! as every loopy game ([`crate::solvers::loopy::analyse_loopy_within`]).

use std::fmt;

use super::graph::LoopyGame;
use crate::solvers::loopy::{analyse_loopy_within, LoopyError, LoopyOutcome};
use crate::solvers::search::Play;
use crate::vocab::budget::Budget;
use crate::vocab::rules::GameGraph;

/// The result of play from a position with one player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum PlayResult {
    /// Left can force a win.
    LeftWins,
    /// Right can force a win.
    RightWins,
    /// Neither can: best play goes on for ever.
    Draw,
}

impl fmt::Display for PlayResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayResult::LeftWins => "Left wins",
            PlayResult::RightWins => "Right wins",
            PlayResult::Draw => "draw",
        })
    }
}

/// The results with Left and with Right moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct LoopyOutcomes {
    /// Left moves first.
    pub left_first: PlayResult,
    /// Right moves first.
    pub right_first: PlayResult,
}

impl LoopyOutcomes {
    /// The outcome class: `L`, `R`, `N` or `P` when nobody can draw;
    /// otherwise the two results, Left first then Right first, each `L`
    /// (Left wins), `R` or `D` (draw): `LD` is a Left win moving first
    /// and a draw with Right first.
    pub fn class(&self) -> String {
        let side = |x: PlayResult| match x {
            PlayResult::LeftWins => "L",
            PlayResult::RightWins => "R",
            PlayResult::Draw => "D",
        };
        match (self.left_first, self.right_first) {
            (PlayResult::LeftWins, PlayResult::LeftWins) => "L".into(),
            (PlayResult::RightWins, PlayResult::RightWins) => "R".into(),
            (PlayResult::LeftWins, PlayResult::RightWins) => "N".into(),
            (PlayResult::RightWins, PlayResult::LeftWins) => "P".into(),
            (l, r) => format!("{}{}", side(l), side(r)),
        }
    }
}

/// The states of a loopy game: (vertex, Left to move).
struct States<'a>(&'a LoopyGame);

impl GameGraph for States<'_> {
    type Position = (u32, bool);

    fn moves(&self, &(v, left): &(u32, bool), out: &mut Vec<(u32, bool)>) {
        let edges = if left {
            &self.0.left[v as usize]
        } else {
            &self.0.right[v as usize]
        };
        out.extend(edges.iter().map(|&t| (t, !left)));
    }
}

/// The results of play from the start, each player moving first.
pub fn outcomes(g: &LoopyGame, budget: &Budget) -> Result<LoopyOutcomes, LoopyError> {
    let states = States(g);
    let result = |left: bool| -> Result<PlayResult, LoopyError> {
        let start = (g.start, left);
        let a = analyse_loopy_within(&states, &start, Play::Normal, budget)?;
        let mover_wins = if left {
            PlayResult::LeftWins
        } else {
            PlayResult::RightWins
        };
        let mover_loses = if left {
            PlayResult::RightWins
        } else {
            PlayResult::LeftWins
        };
        Ok(match a.outcome(&start) {
            Some(LoopyOutcome::Win) => mover_wins,
            Some(LoopyOutcome::Loss) => mover_loses,
            _ => PlayResult::Draw,
        })
    };
    Ok(LoopyOutcomes {
        left_first: result(true)?,
        right_first: result(false)?,
    })
}
