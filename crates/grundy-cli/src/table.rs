//! `grundy table`: the Grundy values of a piece, row by row.

use std::io::{BufWriter, Write};

use clap::Args;
use grundy::{Engine, Ruleset};

use crate::limits::LimitArgs;
use crate::{ruleset, UserError};

#[derive(Args)]
pub(crate) struct TableArgs {
    /// A piece, like queen, knight or 'piece[(-2,1),(1,-2); 8]' (or a scripted
    /// game on two integers, with --rules FILE).
    pub(crate) ruleset: String,
    /// Side of the table (at most the board size of a bounded piece).
    #[arg(long)]
    pub(crate) size: u64,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn table(args: &TableArgs) -> anyhow::Result<Result<(), UserError>> {
    let piece = match ruleset(&args.ruleset) {
        Ok(Ruleset::Board(p)) => p,
        Ok(Ruleset::Script(game)) => return script_table(game, args),
        Ok(Ruleset::Heap(h)) => {
            return Ok(Err(UserError::new(format!(
                "{} is a heap ruleset: print its values with `grundy seq '{}' --to N`",
                h.name, h.name
            ))))
        }
        Err(e) => return Ok(Err(e)),
    };
    if args.size == 0 {
        return Ok(Err(UserError::new(
            "--size must be at least 1 (the table has --size rows and columns)",
        )));
    }
    if let Some(n) = piece.board() {
        if args.size > n {
            return Ok(Err(UserError::new(format!(
                "--size {} is larger than the {n}×{n} board of {piece}; give --size {n} or less",
                args.size
            ))));
        }
    }
    let mut engine = Engine::with_budget(args.limits.budget());
    let t = match engine.board_table(&piece, args.size) {
        Ok(t) => t,
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    let rows: Vec<Vec<u64>> = (0..args.size)
        .map(|x| {
            t.row(x)[..args.size as usize]
                .iter()
                .map(|&v| u64::from(v))
                .collect()
        })
        .collect();
    print_table(piece.name(), None, &rows, args.json)?;
    Ok(Ok(()))
}

/// Prints a table and what holds on it (periodic rows, P-positions on
/// lines, Beatty pairs, nim-sums of coordinate functions: seen on the
/// range, not proved), as text or one JSON object.
fn print_table(
    name: &str,
    script: Option<&str>,
    rows: &[Vec<u64>],
    json: bool,
) -> anyhow::Result<()> {
    // Rows are all of one length, so the finder cannot refuse them.
    let patterns = grundy::find_table_patterns(rows).unwrap_or_default();
    let mut out = BufWriter::new(crate::output::stdout());
    if json {
        let mut object =
            serde_json::json!({ "ruleset": name, "values": rows, "patterns": patterns });
        if let Some(path) = script {
            object["script"] = serde_json::json!(path);
        }
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        let width = rows
            .iter()
            .flat_map(|r| r.iter())
            .max()
            .map_or(1, |m| m.to_string().len());
        for r in rows {
            let cells: Vec<String> = r.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        if !patterns.is_empty() {
            writeln!(out, "seen on the table (not proved):")?;
            for p in &patterns {
                writeln!(out, "  {p}")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The table of a scripted game on two integers, and what holds on it.
fn script_table(
    game: &'static grundy::script::ScriptGame,
    args: &TableArgs,
) -> anyhow::Result<Result<(), UserError>> {
    if args.size == 0 {
        return Ok(Err(UserError::new(
            "--size must be at least 1 (the table has --size rows and columns)",
        )));
    }
    let rows = match game.table(args.size, args.size, &args.limits.budget()) {
        Ok(t) => t,
        Err(e) => return Ok(Err(UserError::new(e.to_string()))),
    };
    print_table(game.name(), Some(game.path()), &rows, args.json)?;
    Ok(Ok(()))
}
