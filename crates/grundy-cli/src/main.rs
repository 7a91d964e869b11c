//! The `grundy` command: who wins a combinatorial game, how, and why.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
mod seq;

use grundy::{caret, Analysis, Engine, EvalError, Evaluation, Limits, Play, Ruleset};
use serde::Serialize;

/// Combinatorial game engine: Grundy values, outcomes and winning moves.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a position: its value, who wins, and every winning move.
    ///
    /// Examples: grundy value 'nim(3,5,7)';  grundy value 'kayles(10) + queen(3,4)';
    /// grundy value 'misere(nim(3,5,1))';  echo 'nim(1,2)' | grundy value --batch
    Value(ValueArgs),
    /// Print the Grundy values G(0..=N) of a heap ruleset, and its period when one shows.
    ///
    /// Examples: grundy seq kayles --to 104;  grundy seq `octal[0.137]` --to 131
    Seq(SeqCmd),
    /// Print the N×N table of Grundy values of a piece, row x and column y.
    ///
    /// Examples: grundy table queen --size 10;
    /// grundy table `piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]` --size 8
    Table(TableArgs),
    /// Check the engine's fast path against plain search on every position of a family.
    ///
    /// A family is an expression with some rulesets left without their position; those
    /// range over heaps 0..=B or squares with coordinates 0..=B. Exit code 1 when a
    /// counterexample is found.
    ///
    /// Examples: grundy verify 'kayles + nim' --bound 20;
    /// grundy verify 'selective(queen, knight)' --bound 5;  grundy verify 'misere(nim + nim + nim)' --bound 6
    Verify(VerifyArgs),
    /// Compare two games or values: prints <, >, = or <> (confused, incomparable).
    ///
    /// Examples: grundy compare '^' '*';  grundy compare 'domineering("..|..")' '+-1';
    /// grundy compare '{1|0}' '1/2'
    Compare(CompareArgs),
    /// The thermograph of a game or value: its walls as data, and as an SVG picture.
    ///
    /// Examples: grundy thermograph '{3||2*|1*}';  grundy thermograph `domineering("...|...")` --svg t.svg
    Thermograph(ThermographArgs),
    /// Cool, heat or take the atomic weight of a game or value.
    ///
    /// Examples: grundy transform '{3|-1}' --cool 1;  grundy transform '^*' --atomic-weight;
    /// grundy transform '*' --heat 1
    Transform(TransformArgs),
}

#[derive(Args)]
struct ThermographArgs {
    /// The game or value.
    game: String,
    /// Also write the picture to this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct TransformArgs {
    /// The game or value.
    game: String,
    /// Cool by this number (a dyadic rational like 1 or 1/2).
    #[arg(long, value_name = "T", group = "op")]
    cool: Option<String>,
    /// Heat by this number.
    #[arg(long, value_name = "T", group = "op")]
    heat: Option<String>,
    /// The atomic weight (for all-small games).
    #[arg(long, group = "op")]
    atomic_weight: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct CompareArgs {
    /// The first game or value.
    g: String,
    /// The second game or value.
    h: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct VerifyArgs {
    /// The family, like 'kayles + nim(3)' or 'conjunctive(grundy_game, nim)'.
    family: String,
    /// Largest heap size or coordinate of the free rulesets.
    #[arg(long)]
    bound: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Bounds on the work one command may do.
#[derive(Args, Clone)]
struct LimitArgs {
    /// Most positions a solver may store (table squares, heaps, searched positions).
    #[arg(long, default_value_t = Limits::default().max_positions)]
    max_positions: u64,
    /// Most bytes a solver may allocate for tables, by its own estimate.
    #[arg(long, default_value_t = Limits::default().max_memory)]
    max_memory: u64,
    /// Most winning moves listed for one position.
    #[arg(long, default_value_t = Limits::default().max_moves)]
    max_moves: usize,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_memory: self.max_memory,
            max_moves: self.max_moves,
            ..Limits::default()
        }
    }
}

#[derive(Args)]
struct ValueArgs {
    /// The position, like 'nim(3,5,7)' or `octal[0.137](12) + knight(5,4)`.
    #[arg(required_unless_present = "batch")]
    expr: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Read one position per line from standard input, answer one per line.
    #[arg(long, conflicts_with = "expr")]
    batch: bool,
    /// Read heap values from a store written by `grundy seq --store` instead of
    /// recomputing them (repeat for several games).
    #[arg(long, value_name = "FILE")]
    store: Vec<std::path::PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct SeqCmd {
    /// A heap ruleset, like kayles, `octal[0.137]`, `sub[1,3,4]` or grundy_game.
    ruleset: String,
    #[command(flatten)]
    args: seq::SeqArgs,
}

#[derive(Args)]
struct TableArgs {
    /// A piece, like queen, knight or `piece[(-2,1),(1,-2); 8]`.
    ruleset: String,
    /// Side of the table (at most the board size of a bounded piece).
    #[arg(long)]
    size: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The JSON answer for one position.
#[derive(Serialize)]
struct ValueJson<'a> {
    game: String,
    play: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u64>,
    outcome: String,
    winning_moves: Vec<String>,
    moves_complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suspense: Option<u32>,
}

impl<'a> From<&'a Evaluation> for ValueJson<'a> {
    fn from(e: &'a Evaluation) -> Self {
        ValueJson {
            game: e.game.to_string(),
            play: match e.play {
                Play::Normal => "normal",
                Play::Misere => "misere",
            },
            value: e.nimber.map(|n| n.to_string()),
            nimber: e.nimber.map(|n| n.0),
            outcome: e.outcome.to_string(),
            winning_moves: e.winning_moves.iter().map(ToString::to_string).collect(),
            moves_complete: e.moves_complete,
            remoteness: e.remoteness.map(|r| r.moves()),
            suspense: e.suspense.map(|r| r.moves()),
        }
    }
}

/// The JSON answer for a partizan position (issue 4's fields; `nimber` is an
/// integer, as for impartial positions, when the value is a nimber).
#[derive(Serialize)]
struct PartizanJson<'a> {
    game: String,
    value: &'a str,
    outcome: &'a str,
    left_moves: &'a [String],
    right_moves: &'a [String],
    birthday: u64,
    left_stop: &'a str,
    right_stop: &'a str,
    mean: &'a str,
    temperature: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u64>,
}

/// `*n` (or `0`, `*`) as the integer n.
fn nimber_of(text: &str) -> Option<u64> {
    match text {
        "0" => Some(0),
        "*" => Some(1),
        t => t.strip_prefix('*')?.parse().ok(),
    }
}

fn partizan_json<'a>(game: &grundy::GameExpr, r: &'a grundy::partizan::Report) -> PartizanJson<'a> {
    PartizanJson {
        game: game.to_string(),
        value: &r.value,
        outcome: &r.outcome,
        left_moves: &r.left_moves,
        right_moves: &r.right_moves,
        birthday: r.birthday,
        left_stop: &r.left_stop,
        right_stop: &r.right_stop,
        mean: &r.mean,
        temperature: &r.temperature,
        nimber: r.nimber.as_deref().and_then(nimber_of),
    }
}

fn print_partizan(
    out: &mut impl Write,
    game: &grundy::GameExpr,
    r: &grundy::partizan::Report,
) -> io::Result<()> {
    writeln!(out, "{game}")?;
    writeln!(out, "value:   {}", r.value)?;
    let words = match r.outcome.as_str() {
        "L" => "Left wins, whoever moves first",
        "R" => "Right wins, whoever moves first",
        "N" => "the player to move wins",
        _ => "the player to move loses",
    };
    writeln!(out, "outcome: {} ({words})", r.outcome)?;
    writeln!(
        out,
        "stops:   left {}, right {}; mean {}, temperature {}; birthday {}",
        r.left_stop, r.right_stop, r.mean, r.temperature, r.birthday
    )?;
    for (who, moves) in [("Left", &r.left_moves), ("Right", &r.right_moves)] {
        if moves.is_empty() {
            writeln!(out, "{who}'s winning moves (moving first): none")?;
        } else {
            writeln!(out, "{who}'s winning moves (moving first):")?;
            for m in moves {
                writeln!(out, "  {m}")?;
            }
        }
    }
    Ok(())
}

/// An error for the user, with the text it concerns when there is one.
struct UserError {
    message: String,
}

fn explain(text: &str, err: &EvalError) -> String {
    match err {
        EvalError::Expr(e) => format!("{e}\n{}", caret(text, e.at())),
        other => other.to_string(),
    }
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
    }
    if let Some(n) = e.nimber {
        writeln!(out, "value:   {n}")?;
    }
    writeln!(out, "outcome: {} ({})", e.outcome, outcome_words(e))?;
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

fn value(args: &ValueArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::new(args.limits.limits());
    for path in &args.store {
        match grundy::SequenceStore::open_within(path, args.limits.limits().max_memory) {
            Ok(store) => engine.use_sequence(store.into_sequence()),
            Err(e) => {
                return Ok(Err(UserError {
                    message: format!("store {}: {e}", path.display()),
                }))
            }
        }
    }
    if args.batch {
        return batch(&mut engine, args.json).map(Ok);
    }
    let text = args.expr.as_deref().unwrap_or_default();
    let analysis = match engine.analyse(text) {
        Ok(a) => a,
        Err(err) => {
            return Ok(Err(UserError {
                message: explain(text, &err),
            }))
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match (&analysis, args.json) {
        (Analysis::Impartial(e), true) => {
            serde_json::to_writer(&mut out, &ValueJson::from(e))?;
            writeln!(out)?;
        }
        (Analysis::Impartial(e), false) => print_value(&mut out, e)?,
        (Analysis::Partizan { game, report }, true) => {
            serde_json::to_writer(&mut out, &partizan_json(game, report))?;
            writeln!(out)?;
        }
        (Analysis::Partizan { game, report }, false) => print_partizan(&mut out, game, report)?,
    }
    Ok(Ok(()))
}

/// One answer per input line; a bad line gets an error line and the rest go on.
fn batch(engine: &mut Engine, json: bool) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.context("reading standard input")?;
        let text = line.trim();
        let answer = if text.is_empty() {
            Err("empty line: expected a position like nim(3,5)".to_string())
        } else {
            engine.analyse(text).map_err(|e| e.to_string())
        };
        match (answer, json) {
            (Ok(Analysis::Impartial(e)), true) => {
                serde_json::to_writer(&mut out, &ValueJson::from(&e))?;
                writeln!(out)?;
            }
            (Ok(Analysis::Impartial(e)), false) => {
                let value = match (e.nimber, e.remoteness, e.suspense) {
                    (Some(n), _, _) => n.to_string(),
                    (None, Some(r), _) => format!("remoteness={r}"),
                    (None, None, Some(r)) => format!("suspense={r}"),
                    _ => "-".to_string(),
                };
                let moves: Vec<String> = e.winning_moves.iter().map(ToString::to_string).collect();
                let more = if e.moves_complete { "" } else { "; …" };
                writeln!(out, "{} {} -> {}{more}", e.outcome, value, moves.join("; "))?;
            }
            (Ok(Analysis::Partizan { game, report }), true) => {
                serde_json::to_writer(&mut out, &partizan_json(&game, &report))?;
                writeln!(out)?;
            }
            (Ok(Analysis::Partizan { report, .. }), false) => {
                writeln!(
                    out,
                    "{} {} -> L: {} | R: {}",
                    report.outcome,
                    report.value,
                    report.left_moves.join("; "),
                    report.right_moves.join("; ")
                )?;
            }
            (Err(msg), true) => {
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({ "line": i + 1, "error": msg }),
                )?;
                writeln!(out)?;
            }
            (Err(msg), false) => writeln!(out, "error: line {}: {msg}", i + 1)?,
        }
    }
    out.flush()?;
    Ok(())
}

fn ruleset(text: &str) -> Result<Ruleset, UserError> {
    grundy::parse_ruleset_spec(text).map_err(|e| UserError {
        message: format!("{e}\n{}", caret(text, e.at())),
    })
}

fn seq(cmd: &SeqCmd) -> anyhow::Result<Result<(), UserError>> {
    let heap = match ruleset(&cmd.ruleset) {
        Ok(Ruleset::Heap(h)) => h,
        Ok(Ruleset::Board(p)) => {
            return Ok(Err(UserError {
                message: format!(
                    "{p} is a board ruleset: print its values with `grundy table '{p}' --size N`"
                ),
            }))
        }
        Err(e) => return Ok(Err(e)),
    };
    let rules = match &heap.kind {
        grundy::HeapKind::Nim => grundy::TakeBreak::nim(),
        grundy::HeapKind::TakeBreak(tb) => tb.clone(),
    };
    match seq::run(&rules, &heap.name, &cmd.args) {
        Ok(()) => Ok(Ok(())),
        // A broken pipe and Ctrl-C are handled by main; anything else is the user's to fix.
        Err(e)
            if e.downcast_ref::<io::Error>().is_some()
                || e.downcast_ref::<seq::Interrupted>().is_some() =>
        {
            Err(e)
        }
        Err(e) => Ok(Err(UserError {
            message: format!("{e:#}"),
        })),
    }
}

fn table(args: &TableArgs) -> anyhow::Result<Result<(), UserError>> {
    let piece = match ruleset(&args.ruleset) {
        Ok(Ruleset::Board(p)) => p,
        Ok(Ruleset::Heap(h)) => {
            return Ok(Err(UserError {
                message: format!(
                    "{} is a heap ruleset: print its values with `grundy seq '{}' --to N`",
                    h.name, h.name
                ),
            }))
        }
        Err(e) => return Ok(Err(e)),
    };
    if args.size == 0 {
        return Ok(Err(UserError {
            message: "--size must be at least 1 (the table has --size rows and columns)".into(),
        }));
    }
    if let Some(n) = piece.board() {
        if args.size > n {
            return Ok(Err(UserError {
                message: format!("--size {} is larger than the {n}×{n} board of {piece}; give --size {n} or less", args.size),
            }));
        }
    }
    let mut engine = Engine::new(args.limits.limits());
    let t = match engine.board_table(&piece, args.size) {
        Ok(t) => t,
        Err(e) => {
            return Ok(Err(UserError {
                message: e.to_string(),
            }))
        }
    };
    let rows: Vec<&[u32]> = (0..args.size)
        .map(|x| &t.row(x)[..args.size as usize])
        .collect();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "ruleset": piece.name(), "values": rows }),
        )?;
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
    }
    out.flush()?;
    Ok(Ok(()))
}

fn verify(args: &VerifyArgs) -> anyhow::Result<Result<bool, UserError>> {
    let family = match grundy::Family::parse(&args.family) {
        Ok(f) => f,
        Err(e) => {
            return Ok(Err(UserError {
                message: format!("{e}\n{}", caret(&args.family, e.at())),
            }))
        }
    };
    let total = family.size(args.bound);
    // A progress bar on a terminal: families grow as (B+1)^k.
    let bar = std::io::IsTerminal::is_terminal(&io::stderr()).then(|| {
        let bar = indicatif::ProgressBar::new(u64::try_from(total).unwrap_or(u64::MAX));
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions checked, {per_sec}, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let mut tick = |checked: u64| {
        if let Some(b) = &bar {
            if checked.is_multiple_of(256) {
                b.set_position(checked);
            }
        }
    };
    let result = family.verify(args.bound, &args.limits.limits(), &mut tick);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let verdict = match result {
        Ok(v) => v,
        Err(e) => {
            return Ok(Err(UserError {
                message: e.to_string(),
            }))
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let holds = matches!(verdict, grundy::FamilyVerdict::Holds { .. });
    match (&verdict, args.json) {
        (grundy::FamilyVerdict::Holds { checked }, false) => writeln!(
            out,
            "holds: the engine and plain search agree on all {checked} positions of {} up to {} ({total} coordinate choices)",
            args.family, args.bound
        )?,
        (grundy::FamilyVerdict::Refuted { position, fast, search, checked }, false) => writeln!(
            out,
            "counterexample after {checked} agreeing positions: {position}\n  engine: {fast}\n  search: {search}"
        )?,
        (grundy::FamilyVerdict::Holds { checked }, true) => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "holds": true, "checked": checked, "counterexample": null }),
            )?;
            writeln!(out)?;
        }
        (grundy::FamilyVerdict::Refuted { position, fast, search, checked }, true) => {
            let answer = |a: &grundy::Answer| serde_json::json!({ "outcome": a.outcome.to_string(), "nimber": a.nimber.map(|n| n.0) });
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({ "family": args.family, "bound": args.bound, "holds": false, "checked": checked,
                    "counterexample": { "position": position, "engine": answer(fast), "search": answer(search) } }),
            )?;
            writeln!(out)?;
        }
    }
    Ok(Ok(holds))
}

/// The canonical value of a game expression, or of a whole text in CGSuite notation.
fn canonical(engine: &mut Engine, text: &str) -> Result<grundy::partizan::Game, UserError> {
    let game = grundy::parse_any(text).map_err(|e| UserError {
        message: format!("{e}\n{}", caret(text, e.at())),
    })?;
    engine.partizan_value(&game).map_err(|e| UserError {
        message: format!("{text}: {e}"),
    })
}

fn compare(args: &CompareArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::new(args.limits.limits());
    let mut value = |text: &str| canonical(&mut engine, text);
    let g = match value(&args.g) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let h = match value(&args.h) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let relation = grundy::partizan::compare(g, h).to_string();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "g": g.to_string(), "h": h.to_string(), "relation": relation }),
        )?;
        writeln!(out)?;
    } else {
        writeln!(out, "{g} {relation} {h}")?;
    }
    Ok(Ok(()))
}

fn thermograph(args: &ThermographArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::new(args.limits.limits());
    let g = match canonical(&mut engine, &args.game) {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let t = match g.thermograph() {
        Ok(t) => t,
        Err(e) => {
            return Ok(Err(UserError {
                message: e.to_string(),
            }))
        }
    };
    if let Some(path) = &args.svg {
        std::fs::write(path, t.to_svg()).with_context(|| format!("writing {}", path.display()))?;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "value": g.to_string(), "thermograph": &*t }),
        )?;
        writeln!(out)?;
    } else {
        let wall = |w: &grundy::partizan::Trajectory| {
            let v: Vec<String> = w
                .vertices
                .iter()
                .map(|(t, x)| format!("({t}, {x})"))
                .collect();
            format!("{} then slope {}", v.join(" "), w.final_slope)
        };
        writeln!(out, "{g}")?;
        writeln!(out, "temperature: {}", t.temperature)?;
        writeln!(out, "mast (mean): {}", t.mast)?;
        writeln!(out, "left wall  (t, x): {}", wall(&t.left))?;
        writeln!(out, "right wall (t, x): {}", wall(&t.right))?;
        if let Some(path) = &args.svg {
            writeln!(out, "picture: {}", path.display())?;
        }
    }
    Ok(Ok(()))
}

fn transform(args: &TransformArgs) -> anyhow::Result<Result<(), UserError>> {
    let mut engine = Engine::new(args.limits.limits());
    let g = match canonical(&mut engine, &args.game) {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let number = |text: &str| -> Result<grundy::partizan::Dyadic, UserError> {
        match grundy::partizan::Game::parse(text)
            .ok()
            .and_then(|v| v.as_number())
        {
            Some(d) => Ok(d),
            None => Err(UserError {
                message: format!(
                    "'{text}' is not a number: give a dyadic rational like 1, 3/4 or -1/2"
                ),
            }),
        }
    };
    let (op, result) = match (&args.cool, &args.heat, args.atomic_weight) {
        (Some(t), _, _) => match number(t) {
            Ok(d) => (format!("cooled by {d}"), g.cool(d)),
            Err(e) => return Ok(Err(e)),
        },
        (_, Some(t), _) => match number(t) {
            Ok(d) => (format!("heated by {d}"), g.heat(d)),
            Err(e) => return Ok(Err(e)),
        },
        (_, _, true) => ("atomic weight".to_string(), g.atomic_weight()),
        _ => {
            return Ok(Err(UserError {
                message: "say what to do: --cool T, --heat T or --atomic-weight".into(),
            }))
        }
    };
    let r = match result {
        Ok(r) => r,
        Err(e) => {
            return Ok(Err(UserError {
                message: format!("{g}: {e}"),
            }))
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "value": g.to_string(), "operation": op, "result": r.to_string() }),
        )?;
        writeln!(out)?;
    } else {
        writeln!(out, "{g} {op}: {r}")?;
    }
    Ok(Ok(()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Value(a) => value(a),
        Command::Seq(a) => seq(a),
        Command::Table(a) => table(a),
        Command::Compare(a) => compare(a),
        Command::Thermograph(a) => thermograph(a),
        Command::Transform(a) => transform(a),
        Command::Verify(a) => match verify(a) {
            Ok(Ok(false)) => return ExitCode::FAILURE,
            other => other.map(|r| r.map(|_| ())),
        },
    };
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(2)
        }
        Err(e) => {
            if let Some(stop) = e.downcast_ref::<seq::Interrupted>() {
                eprintln!("{stop}");
                return ExitCode::from(130);
            }
            // A closed pipe (`grundy seq ... | head`) is not an error worth a message.
            if e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
