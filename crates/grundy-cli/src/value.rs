//! `grundy value`: one position, or one a line with `--batch`.

use std::io::{self, BufRead, BufWriter, Write};

use clap::Args;
use grundy::api::{self, Session, ValueAnswer};

use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct ValueArgs {
    /// The position, like 'nim(3,5,7)' or 'octal[0.137](12) + knight(5,4)'.
    #[arg(required_unless_present = "batch", allow_hyphen_values = true)]
    pub(crate) expr: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// Read one position per line from standard input, answer one per line.
    #[arg(long, conflicts_with = "expr")]
    pub(crate) batch: bool,
    /// Read heap values from a store written by `grundy seq --store` instead of
    /// recomputing them (repeat for several games).
    #[arg(long, value_name = "FILE")]
    pub(crate) store: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) fn value(args: &ValueArgs) -> anyhow::Result<Result<(), UserError>> {
    let session = args.limits.session();
    let mut engine = session.engine();
    for path in &args.store {
        match grundy::takebreak::SequenceStore::open_within(path, args.limits.limits().max_memory) {
            Ok(store) => {
                let text = args.expr.as_deref().unwrap_or_default();
                if let Err(message) = crate::seq::check_store_game(path, store.rules(), text) {
                    return Ok(Err(UserError::new(message)));
                }
                engine.use_sequence(store.into_sequence())
            }
            Err(e) => {
                return Ok(Err(UserError::new(format!(
                    "store {}: {e}",
                    path.display()
                ))))
            }
        }
    }
    if args.batch {
        return batch(&session, &mut engine, args.json).map(|all_good| {
            if all_good {
                Ok(())
            } else {
                Err(UserError::new("some lines were not answered (see above)"))
            }
        });
    }
    let text = args.expr.as_deref().unwrap_or_default();
    let answer = if args.store.is_empty() {
        api::value(&session, text)
    } else {
        api::value_analysis(&session, &mut engine, text).map(|p| ValueAnswer::Position(Box::new(p)))
    };
    let answer = match answer {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    if answer.cut_by_limit().is_some() {
        crate::output::answer_cut_by_limit();
    }
    let mut out = crate::output::stdout();
    if args.json {
        match &answer {
            // A list's JSON was an object of sorted keys; kept so.
            ValueAnswer::List(l) => serde_json::to_writer(&mut out, &serde_json::to_value(l)?)?,
            ValueAnswer::Position(p) => serde_json::to_writer(&mut out, p)?,
            ValueAnswer::Loopy(l) => serde_json::to_writer(&mut out, &serde_json::to_value(l)?)?,
            ValueAnswer::Predicate(p) => serde_json::to_writer(&mut out, p)?,
            ValueAnswer::Text(t) => serde_json::to_writer(&mut out, t)?,
        }
        writeln!(out)?;
    } else {
        write!(out, "{answer}")?;
    }
    Ok(Ok(()))
}

/// One answer per input line, on standard output; a bad line (not a game,
/// not UTF-8, over a limit) gets an `error: …` line in its place (with
/// `--json`, an error object) and is reported with its number on standard
/// error, and the rest go on. Returns whether every line was answered.
fn batch(session: &Session, engine: &mut grundy::Engine, json: bool) -> anyhow::Result<bool> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(crate::output::stdout());
    let mut all_good = true;
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    for number in 1.. {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        let result = match std::str::from_utf8(&raw) {
            Err(e) => Err(format!(
                "the line is not UTF-8 text (bad byte at column {}); write positions in plain text",
                e.valid_up_to() + 1
            )),
            Ok(line) => match line.trim() {
                "" => Err("empty line: expected a position like nim(3,5)".to_string()),
                text => api::value_analysis(session, engine, text).map_err(|e| e.message),
            },
        };
        match result {
            Ok(a) if json => {
                serde_json::to_writer(&mut out, &a)?;
                writeln!(out)?;
            }
            Ok(a) => writeln!(out, "{}", a.line())?,
            Err(msg) => {
                all_good = false;
                if json {
                    serde_json::to_writer(
                        &mut out,
                        &serde_json::json!({ "line": number, "error": msg }),
                    )?;
                    writeln!(out)?;
                } else {
                    // The answer's place holds the error's first line, so
                    // that answers line up with inputs; the whole message
                    // (with its caret) goes to standard error.
                    let first = msg.lines().next().unwrap_or_default();
                    writeln!(out, "error: {first}")?;
                    out.flush()?;
                    eprintln!("error: line {number}: {msg}");
                }
            }
        }
    }
    out.flush()?;
    Ok(all_good)
}
