//! The JSON contract of `grundy value --json`: one object a position,
//! impartial, misère, compound or partizan, with the fields every answer has
//! (`game`, `kind`, `play`, `outcome`, `moves_complete`) and those of its kind.
//! `docs/value.schema.json` is the contract as a JSON Schema, checked by the
//! command's tests.

use grundy::{Evaluation, GameExpr, PartizanReport, Play};
use serde::Serialize;

/// The answer for one position.
#[derive(Serialize)]
pub(crate) struct Answer {
    /// The position, in the syntax `value` reads.
    game: String,
    /// `impartial` or `partizan`.
    kind: &'static str,
    /// `normal` or `misere`.
    play: &'static str,
    /// `P`, `N` (impartial) or also `L`, `R` (partizan).
    outcome: String,
    /// False when a limit cut a list of moves short.
    moves_complete: bool,
    #[serde(flatten)]
    detail: Detail,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Detail {
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
    },
}

fn play(p: Play) -> &'static str {
    match p {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

fn texts(moves: &[GameExpr]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

impl From<&Evaluation> for Answer {
    fn from(e: &Evaluation) -> Answer {
        Answer {
            game: e.game.to_string(),
            kind: "impartial",
            play: play(e.play),
            outcome: e.outcome.to_string(),
            moves_complete: e.moves_complete,
            detail: Detail::Impartial {
                value: e.nimber.map(|n| n.to_string()),
                nimber: e.nimber.map(|n| n.0),
                winning_moves: texts(&e.winning_moves),
                remoteness: e.remoteness.map(|r| r.moves()),
                suspense: e.suspense.map(|r| r.moves()),
            },
        }
    }
}

impl Answer {
    /// The answer for a partizan sum.
    pub(crate) fn partizan(game: &GameExpr, r: &PartizanReport) -> Answer {
        Answer {
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
            },
        }
    }
}
