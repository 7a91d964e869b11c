//! `grundy value`: one position, or one a line with `--batch`.

use std::io::{self, BufRead, BufWriter, Write};

use clap::Args;
use grundy::{
    caret, Analysis, Engine, EvalError, Evaluation, GameExpr, LoopyOutcome, LoopyReport,
    MisereReport, Outcome, PartizanReport, Play,
};

use crate::json::Answer;
use crate::limits::LimitArgs;
use crate::UserError;

#[derive(Args)]
pub(crate) struct ValueArgs {
    /// The position, like 'nim(3,5,7)' or 'octal[0.137](12) + knight(5,4)'.
    #[arg(required_unless_present = "batch")]
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

/// The longest misère canonical form printed in text.
const MAX_FORM_SHOWN: usize = 2000;

/// The longest line `--batch` echoes back in an error; longer ones are cut.
const ECHO_LIMIT: usize = 200;

fn explain(text: &str, err: &EvalError) -> String {
    match err {
        EvalError::Expr(e) => {
            let (shown, start) = clip(text, e.at());
            format!("{e}\n{}", caret(shown, e.at() - start))
        }
        other => other.to_string(),
    }
}

/// The text around byte `at', at most ['ECHO_LIMIT`] bytes of it (so that an
/// error on a huge line does not echo it whole), and where it starts.
fn clip(text: &str, at: usize) -> (&str, usize) {
    if text.len() <= ECHO_LIMIT {
        return (text, 0);
    }
    let mut start = at.saturating_sub(ECHO_LIMIT / 2);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + ECHO_LIMIT).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[start..end], start)
}

fn print_partizan(out: &mut impl Write, game: &GameExpr, r: &PartizanReport) -> io::Result<()> {
    writeln!(out, "{game}")?;
    writeln!(out, "value:   {}", r.value)?;
    writeln!(
        out,
        "outcome: {} ({})",
        r.outcome,
        outcome_class_words(r.outcome)
    )?;
    writeln!(
        out,
        "stops:   left {}, right {}; mean {}, temperature {}; birthday {}",
        r.left_stop, r.right_stop, r.mean, r.temperature, r.birthday
    )?;
    print_players_moves(out, &r.left_moves, &r.right_moves, r.moves_complete)
}

fn outcome_class_words(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins, whoever moves first",
        Outcome::R => "Right wins, whoever moves first",
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    }
}

fn print_players_moves(
    out: &mut impl Write,
    left: &[GameExpr],
    right: &[GameExpr],
    complete: bool,
) -> io::Result<()> {
    for (who, moves) in [("Left", left), ("Right", right)] {
        if moves.is_empty() {
            writeln!(out, "{who}'s winning moves (moving first): none")?;
        } else {
            writeln!(out, "{who}'s winning moves (moving first):")?;
            for m in moves {
                writeln!(out, "  {m}")?;
            }
        }
    }
    if !complete {
        writeln!(out, "  … more exist (listing stopped at --max-moves)")?;
    }
    Ok(())
}

fn outcome_words(e: &Evaluation) -> &'static str {
    match (e.outcome, e.play) {
        (grundy::Outcome::P, _) => "the player to move loses",
        (_, _) => "the player to move wins",
    }
}

fn print_value(out: &mut impl Write, e: &Evaluation) -> io::Result<()> {
    writeln!(out, "{}", e.game)?;
    if e.play == Play::Misere {
        writeln!(out, "play:    misère (the player who moves last loses)")?;
        writeln!(out, "decided by: {}", e.method)?;
    }
    if let Some(n) = e.nimber {
        writeln!(out, "value:   {n}")?;
    }
    writeln!(out, "outcome: {} ({})", e.outcome, outcome_words(e))?;
    if let Some(f) = e.misere_form {
        writeln!(
            out,
            "misère value: {} (its misère Grundy value); genus {}",
            f.misere_nim_value().0,
            f.genus()
        )?;
        let written = f.to_string();
        if written.len() <= MAX_FORM_SHOWN {
            writeln!(out, "misère canonical form: {written}")?;
        } else {
            writeln!(
                out,
                "misère canonical form: {} characters long (--json gives it whole)",
                written.len()
            )?;
        }
    }
    if let Some(r) = e.remoteness {
        writeln!(
            out,
            "remoteness: {r} (moves to the end, the winner hurrying and the loser delaying)"
        )?;
    }
    if let Some(r) = e.suspense {
        writeln!(
            out,
            "suspense: {r} (moves to the end, the winner delaying and the loser hurrying)"
        )?;
    }
    if e.winning_moves.is_empty() && !e.moves_complete {
        writeln!(
            out,
            "winning moves: none found before the scan limit (raise --max-positions to look further)"
        )?;
    } else if e.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves:")?;
        for m in &e.winning_moves {
            writeln!(out, "  {m}")?;
        }
        if !e.moves_complete {
            writeln!(
                out,
                "  … more exist (listing stopped at a limit; see --max-moves, --max-positions)"
            )?;
        }
    }
    Ok(())
}

pub(crate) fn value(args: &ValueArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::with_budget(args.limits.budget());
    engine.set_registry(crate::registry().clone());
    for path in &args.store {
        match grundy::SequenceStore::open_within(path, args.limits.limits().max_memory) {
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
        return batch(&mut engine, args.json).map(|all_good| {
            if all_good {
                Ok(())
            } else {
                Err(UserError::new("some lines were not answered (see above)"))
            }
        });
    }
    let text = args.expr.as_deref().unwrap_or_default();
    if let Some(call) = grundy::functions::parse_list_call(text, crate::registry()) {
        return list_value(text, call, args);
    }
    if crate::loopy::is_loopy(text) {
        return crate::loopy::value(text, args.json, &args.limits.budget(), &mut engine);
    }
    let analysis = match engine.analyse(text) {
        Ok(a) => a,
        Err(err) => return Ok(Err(UserError::eval(explain(text, &err), &err))),
    };
    let mut out = crate::output::stdout();
    if args.json {
        serde_json::to_writer(&mut out, &answer(&analysis))?;
        writeln!(out)?;
    } else {
        match &analysis {
            Analysis::Impartial(e) => print_value(&mut out, e)?,
            Analysis::Partizan { game, report } => print_partizan(&mut out, game, report)?,
            Analysis::Loopy(report) => print_loopy(&mut out, report)?,
            Analysis::PartizanMisere(report) => print_partizan_misere(&mut out, report)?,
        }
    }
    Ok(Ok(()))
}

/// A function whose value is a list (`incentives(G)`), written alone:
/// the list printed CGSuite's way, `{a,b}`, with the argument's value.
fn list_value(
    text: &str,
    call: Result<grundy::functions::ListCall, grundy::ExprError>,
    args: &ValueArgs,
) -> anyhow::Result<Result<(), UserError>> {
    let call = match call {
        Ok(c) => c,
        Err(e) => {
            let err = EvalError::Expr(e);
            return Ok(Err(UserError::eval(explain(text, &err), &err)));
        }
    };
    let mut cx = grundy::Context::new(args.limits.limits());
    cx.start(&args.limits.budget());
    let (g, list) = match call.evaluate(&mut cx) {
        Ok(r) => r,
        Err(err) => return Ok(Err(UserError::eval(explain(text, &err), &err))),
    };
    let mut out = crate::output::stdout();
    if args.json {
        let items: Vec<String> = list.iter().map(ToString::to_string).collect();
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({
                "game": call.to_string(),
                "kind": "list",
                "function": call.spec.name,
                "argument": g.to_string(),
                "value": grundy::functions::list_to_string(&list),
                "list": items,
            }),
        )?;
        writeln!(out)?;
    } else {
        writeln!(out, "{call}")?;
        writeln!(out, "value:   {}", grundy::functions::list_to_string(&list))?;
        writeln!(
            out,
            "a list of {} game{} (of G = {g}), printed as CGSuite prints a set",
            list.len(),
            if list.len() == 1 { "" } else { "s" },
        )?;
    }
    Ok(Ok(()))
}

/// The JSON answer for an analysis.
pub(crate) fn answer(a: &Analysis) -> Answer {
    match a {
        Analysis::Impartial(e) => Answer::from(e),
        Analysis::Partizan { game, report } => Answer::partizan(game, report),
        Analysis::Loopy(report) => Answer::loopy(report),
        Analysis::PartizanMisere(report) => Answer::partizan_misere(report),
    }
}

fn print_partizan_misere(out: &mut impl Write, r: &MisereReport) -> io::Result<()> {
    writeln!(out, "{}", r.game)?;
    writeln!(out, "play:    misère (the player who moves last loses)")?;
    writeln!(
        out,
        "outcome: {} ({})",
        r.outcome,
        outcome_class_words(r.outcome)
    )?;
    // A player who wins moving first with no winning move has no move at
    // all: in misère play that is the win.
    for (who, moves, wins) in [
        (
            "Left",
            &r.left_moves,
            matches!(r.outcome, Outcome::L | Outcome::N),
        ),
        (
            "Right",
            &r.right_moves,
            matches!(r.outcome, Outcome::R | Outcome::N),
        ),
    ] {
        if wins && moves.is_empty() {
            writeln!(out, "{who} moving first has no move, and so wins")?;
        }
    }
    print_players_moves(out, &r.left_moves, &r.right_moves, r.moves_complete)
}

fn print_loopy(out: &mut impl Write, r: &LoopyReport) -> io::Result<()> {
    writeln!(out, "{}", r.game)?;
    if r.play == Play::Misere {
        writeln!(out, "play:    misère (the player who moves last loses)")?;
    }
    writeln!(
        out,
        "loopy:   moves can return to an earlier position; {} positions analysed",
        r.positions
    )?;
    if let Some(g) = &r.gsg {
        writeln!(out, "value:   {g} (generalised Sprague–Grundy value)")?;
    }
    for line in &r.lines {
        let who = match line.mover {
            Some(p) => format!("{p:?} moving first"),
            None => "the player to move".to_string(),
        };
        let how = match (line.outcome, line.remoteness) {
            (LoopyOutcome::Draw, _) => "draws: neither player can force a win".to_string(),
            (o, Some(r)) => format!("{}s in {r} moves", o.to_string().trim_end_matches('s')),
            (o, None) => o.to_string(),
        };
        writeln!(out, "outcome: {who} {how}")?;
        let (label, moves) = match line.outcome {
            LoopyOutcome::Win => ("winning moves", &line.winning_moves),
            LoopyOutcome::Draw => ("drawing moves", &line.drawing_moves),
            LoopyOutcome::Loss => continue,
        };
        writeln!(out, "{label}:")?;
        for m in moves {
            writeln!(out, "  {m}")?;
        }
    }
    if r.lines.iter().any(|l| !l.moves_complete) {
        writeln!(out, "  … more exist (listing stopped at --max-moves)")?;
    }
    Ok(())
}

fn joined(moves: &[GameExpr]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// One answer per input line, on standard output; a bad line (not a game,
/// not UTF-8, over a limit) is reported with its number on standard error
/// (with `--json`, as an error object in its place on standard output) and
/// the rest go on. Returns whether every line was answered.
fn batch(engine: &mut Engine, json: bool) -> anyhow::Result<bool> {
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
                text => engine.analyse(text).map_err(|e| explain(text, &e)),
            },
        };
        match result {
            Ok(a) if json => {
                serde_json::to_writer(&mut out, &answer(&a))?;
                writeln!(out)?;
            }
            Ok(Analysis::Impartial(e)) => {
                let value = match (e.nimber, e.remoteness, e.suspense) {
                    (Some(n), _, _) => n.to_string(),
                    (None, Some(r), _) => format!("remoteness={r}"),
                    (None, None, Some(r)) => format!("suspense={r}"),
                    _ => "-".to_string(),
                };
                let more = if e.moves_complete { "" } else { "; …" };
                writeln!(
                    out,
                    "{} {} -> {}{more}",
                    e.outcome,
                    value,
                    joined(&e.winning_moves)
                )?;
            }
            Ok(Analysis::Loopy(report)) => {
                let lines: Vec<String> = report
                    .lines
                    .iter()
                    .map(|l| {
                        let moves = match l.outcome {
                            LoopyOutcome::Draw => &l.drawing_moves,
                            _ => &l.winning_moves,
                        };
                        format!("{} -> {}", l.outcome, joined(moves))
                    })
                    .collect();
                writeln!(out, "{}", lines.join(" | "))?;
            }
            Ok(Analysis::PartizanMisere(r)) => {
                writeln!(
                    out,
                    "{} misere -> L: {} | R: {}",
                    r.outcome,
                    joined(&r.left_moves),
                    joined(&r.right_moves)
                )?;
            }
            Ok(Analysis::Partizan { report, .. }) => {
                writeln!(
                    out,
                    "{} {} -> L: {} | R: {}",
                    report.outcome,
                    report.value,
                    joined(&report.left_moves),
                    joined(&report.right_moves)
                )?;
            }
            Err(msg) => {
                all_good = false;
                if json {
                    serde_json::to_writer(
                        &mut out,
                        &serde_json::json!({ "line": number, "error": msg }),
                    )?;
                    writeln!(out)?;
                } else {
                    out.flush()?;
                    eprintln!("error: line {number}: {msg}");
                }
            }
        }
    }
    out.flush()?;
    Ok(all_good)
}
