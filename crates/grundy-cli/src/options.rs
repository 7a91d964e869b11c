//! `grundy options`: a position's options, Left's and Right's for a
//! partizan game, one list for an impartial one.

use std::io::Write;

use clap::Args;
use grundy::{Engine, GameExpr, GameOptions, OptionLists, OptionMove, Play};
use serde::Serialize;

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct OptionsArgs {
    /// The position, like 'nim(3,5)' or 'domineering("...|...") + 1/2'.
    #[arg(allow_hyphen_values = true)]
    pub(crate) expr: String,
    /// Print one JSON object (see docs/web-api.md).
    #[arg(long)]
    pub(crate) json: bool,
    /// List every follower instead (every position reached by any sequence
    /// of moves of either player, the position itself first), with their count.
    #[arg(long)]
    pub(crate) followers: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// One move as JSON: the position it leaves and, in a sum, what it changed.
#[derive(Serialize)]
struct Move {
    game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    part: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
}

#[derive(Serialize)]
struct Answer {
    game: String,
    kind: &'static str,
    play: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Move>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    left: Option<Vec<Move>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    right: Option<Vec<Move>>,
    complete: bool,
}

fn moves(list: &[OptionMove]) -> Vec<Move> {
    list.iter()
        .map(|m| Move {
            game: m.game.to_string(),
            part: m.change.as_ref().map(|(i, _)| *i),
            to: m.change.as_ref().map(|(_, c)| c.to_string()),
        })
        .collect()
}

fn answer(o: &GameOptions) -> Answer {
    let play = match &o.game {
        GameExpr::Misere(_)
        | GameExpr::Compound {
            play: Play::Misere, ..
        } => "misere",
        _ => "normal",
    };
    let (kind, all, left, right) = match &o.moves {
        OptionLists::Impartial(m) => ("impartial", Some(moves(m)), None, None),
        OptionLists::Partizan { left, right } => {
            ("partizan", None, Some(moves(left)), Some(moves(right)))
        }
    };
    Answer {
        game: o.game.to_string(),
        kind,
        play,
        parts: o
            .parts
            .as_ref()
            .map(|p| p.iter().map(ToString::to_string).collect()),
        moves: all,
        left,
        right,
        complete: o.complete,
    }
}

pub(crate) fn options(args: &OptionsArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::with_budget(args.limits.budget());
    engine.set_registry(crate::registry().clone());
    let text = args.expr.as_str();
    let game = match grundy::parse_any_in(text, crate::registry()) {
        Ok(g) => g,
        Err(e) => return Ok(Err(UserError::parse(text, &e))),
    };
    if args.followers {
        return followers(&mut engine, &game, text, args.json);
    }
    let found = match engine.options(&game) {
        Ok(o) => o,
        Err(e) => return Ok(Err(UserError::eval(format!("{text}: {e}"), &e))),
    };
    let mut out = crate::output::stdout();
    if args.json {
        serde_json::to_writer(&mut out, &answer(&found))?;
        writeln!(out)?;
        return Ok(Ok(()));
    }
    writeln!(out, "{}", found.game)?;
    let lists: Vec<(&str, &[OptionMove])> = match &found.moves {
        OptionLists::Impartial(m) => vec![("options", m)],
        OptionLists::Partizan { left, right } => {
            vec![("Left's options", left), ("Right's options", right)]
        }
    };
    for (label, list) in lists {
        if list.is_empty() {
            writeln!(out, "{label}: none")?;
            continue;
        }
        writeln!(out, "{label} ({}):", list.len())?;
        for m in list {
            writeln!(out, "  {}", m.game)?;
        }
    }
    if !found.complete {
        writeln!(out, "  … more exist (listing stopped at --max-moves)")?;
    }
    Ok(Ok(()))
}

fn followers(
    engine: &mut Engine,
    game: &GameExpr,
    text: &str,
    json: bool,
) -> anyhow::Result<Result<(), UserError>> {
    let all = match engine.followers(game) {
        Ok(f) => f,
        Err(e) => return Ok(Err(UserError::eval(format!("{text}: {e}"), &e))),
    };
    let mut out = crate::output::stdout();
    if json {
        let list: Vec<String> = all.iter().map(ToString::to_string).collect();
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "game": game.to_string(), "count": list.len(), "followers": list }),
        )?;
        writeln!(out)?;
        return Ok(Ok(()));
    }
    writeln!(out, "{game}")?;
    writeln!(
        out,
        "followers: {} (the position itself included)",
        all.len()
    )?;
    for f in &all {
        writeln!(out, "  {f}")?;
    }
    Ok(Ok(()))
}
