//! The JSON contract of `grundy value --json`: one object a position,
//! impartial, misère, compound or partizan, with the fields every answer has
//! (`game`, `kind`, `play`, `outcome`, `moves_complete`) and those of its kind.
//! `docs/value.schema.json` is the contract as a JSON Schema, checked by the
//! command's tests.

use grundy::{Evaluation, GameExpr, LoopyOutcome, LoopyReport, MisereReport, PartizanReport, Play};
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
    },
}

/// One player moving first in a loopy game.
#[derive(Serialize)]
struct LoopyLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    mover: Option<&'static str>,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u32>,
    winning_moves: Vec<String>,
    drawing_moves: Vec<String>,
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
                misere_value: e.misere_form.map(|f| f.misere_nim_value().0),
                genus: e.misere_form.map(|f| f.genus().to_string()),
                misere_canonical: e.misere_form.map(|f| f.to_string()),
                method: e.method.name(),
            },
        }
    }
}

impl Answer {
    /// The answer for a partizan game in misère play: outcome and moves.
    pub(crate) fn partizan_misere(r: &MisereReport) -> Answer {
        Answer {
            game: r.game.to_string(),
            kind: "partizan",
            play: "misere",
            outcome: r.outcome.to_string(),
            moves_complete: r.moves_complete,
            detail: Detail::PartizanMisere {
                left_moves: texts(&r.left_moves),
                right_moves: texts(&r.right_moves),
            },
        }
    }

    /// The answer for a loopy game (retrograde analysis). Its outcome class:
    /// `D` when someone moving first draws, else P, N, L or R as usual.
    pub(crate) fn loopy(r: &LoopyReport) -> Answer {
        let wins = |l: &grundy::LoopyLine| l.outcome == LoopyOutcome::Win;
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
        Answer {
            game: r.game.to_string(),
            kind: if partizan { "partizan" } else { "impartial" },
            play: play(r.play),
            outcome: outcome.to_string(),
            moves_complete: r.lines.iter().all(|l| l.moves_complete),
            detail: Detail::Loopy {
                loopy: true,
                value: r.gsg.as_ref().map(ToString::to_string),
                lines: r
                    .lines
                    .iter()
                    .map(|l| LoopyLine {
                        mover: l.mover.map(|p| match p {
                            grundy::Player::Left => "left",
                            grundy::Player::Right => "right",
                        }),
                        outcome: l.outcome.to_string(),
                        remoteness: l.remoteness,
                        winning_moves: texts(&l.winning_moves),
                        drawing_moves: texts(&l.drawing_moves),
                    })
                    .collect(),
                positions: r.positions,
            },
        }
    }

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
