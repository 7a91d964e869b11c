//! `grundy seq`: the values G(0..=N) of a take-and-break game, its period and statistics.
//!
//! The caller parses the game (`kayles`, `octal[0.77]`, `sub[1,3,4]`, …) into
//! a [`grundy::TakeBreak`]; this module does the rest. Values are checkpointed
//! to `--store FILE` as they are computed; an interrupted run (Ctrl-C, kill -9)
//! continues from the last checkpoint with `--resume`. Ctrl-C (SIGINT) is
//! caught: the run writes a last checkpoint of every value computed so far
//! and stops with [`Interrupted`]; a second Ctrl-C stops at once.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use grundy::{
    HeapKind, HeapSequence, HeapSolver, LockWait, Progress, SequenceConfig, SequenceStore,
    SolverChoice, StoreError, TakeBreak,
};

/// A run stopped by Ctrl-C, after its last checkpoint.
#[derive(Debug)]
pub struct Interrupted {
    /// Values computed (heaps `0..computed`), all in the store if there is one.
    pub computed: u64,
    /// The store, if any.
    pub store: Option<PathBuf>,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "interrupted after heap {}",
            self.computed.saturating_sub(1)
        )?;
        match &self.store {
            Some(path) => write!(
                f,
                "; every value computed is in `{}`: continue with --store {0} --resume",
                path.display()
            ),
            None => write!(
                f,
                "; nothing was kept (use --store FILE to keep the values)"
            ),
        }
    }
}

impl std::error::Error for Interrupted {}

/// Set by the Ctrl-C handler, read between steps of a run.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether values are being computed (a Ctrl-C then waits for a checkpoint).
static COMPUTING: AtomicBool = AtomicBool::new(false);

/// Catches Ctrl-C for the rest of the process: while values are computed,
/// the first sets [`INTERRUPTED`] and a second one exits at once; outside
/// that (printing the answer), the first exits at once. Status 130 either way.
fn catch_interrupts() {
    // An error here (a handler already set) leaves the default behaviour,
    // which a store survives too: only the last checkpoint is lost.
    let _ = ctrlc::set_handler(|| {
        if !COMPUTING.load(Ordering::SeqCst) || INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolverArg {
    /// The sparse-space engine where values are sparse, plain elsewhere.
    Auto,
    /// Mex over every option.
    Plain,
    /// The sparse-space engine (games whose moves leave at most two heaps).
    Sparse,
}

/// Options of `grundy seq`.
#[derive(Clone, Debug, clap::Args)]
pub struct SeqArgs {
    /// Compute G(0), …, G(N) (values past a proved period follow from it).
    /// Text output writes 32 values a line (see --one-per-line).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub to: u64,
    /// Write one value a line instead of 32, for piping into other tools.
    #[arg(long)]
    pub one_per_line: bool,
    /// Print only G(N) for these heaps (any N < 2^64 once a period is proved);
    /// values are computed up to the largest N or until a period is proved.
    #[arg(long, value_name = "N", value_delimiter = ',', conflicts_with = "to")]
    pub at: Vec<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Keep the values in FILE, checkpointed as they are computed. If FILE
    /// exists and already answers the heaps asked for (they are stored, or
    /// follow from a proved period), they are read from it, not recomputed.
    #[arg(long, value_name = "FILE")]
    pub store: Option<PathBuf>,
    /// Continue the run whose values are in the --store file, computing the
    /// heaps it does not hold yet into it.
    #[arg(long, requires = "store")]
    pub resume: bool,
    /// Also print statistics: counts per value, largest value, rare values.
    #[arg(long)]
    pub stats: bool,
    /// Which engine computes the values.
    #[arg(long, value_enum, default_value_t = SolverArg::Auto)]
    pub solver: SolverArg,
    /// Threads for long scans (0: one per core; at most 1024).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Memory for the value table, in MiB (1, 2 or 4 bytes a heap: the
    /// narrowest that holds the largest value so far).
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub memory_mb: u64,
    /// Misère play: print each heap's misère Grundy value and Conway genus (from
    /// its misère canonical form), and the period the misère values show.
    #[arg(long, conflicts_with_all = ["store", "resume", "stats"])]
    pub misere: bool,
    /// Keep computing after a period is proved.
    #[arg(long)]
    pub no_early_stop: bool,
    /// Print at most this many values (the rest is in the store, or follows from the period).
    #[arg(long, value_name = "COUNT", default_value_t = 10_000_000)]
    pub max_output: u64,
    /// Longest time the computation may take, like 30s or 2m (default: no
    /// limit); a --store file keeps what was computed, and --resume goes on.
    #[arg(long, value_parser = max_time)]
    pub max_time: Option<Duration>,
    /// Seconds between checkpoints of the --store file.
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub checkpoint_secs: u64,
}

/// The budget of a scripted or misère sequence: the default limits, with
/// --max-time, stopped by Ctrl-C or by the request of `grundy serve`.
fn limited_budget(args: &SeqArgs) -> grundy::Budget {
    crate::output::budget(grundy::Limits {
        max_time: args.max_time,
        ..grundy::Limits::default()
    })
}

fn max_time(text: &str) -> Result<Duration, String> {
    grundy::parse_duration(text).map_err(|e| e.to_string())
}

/// Computes and prints the sequence of `rules` (called `name` in messages).
pub fn run(rules: &TakeBreak, name: &str, args: &SeqArgs) -> anyhow::Result<()> {
    let config = SequenceConfig {
        solver: match args.solver {
            SolverArg::Auto => SolverChoice::Auto,
            SolverArg::Plain => SolverChoice::Plain,
            SolverArg::Sparse => SolverChoice::Sparse,
        },
        threads: args.threads,
        memory_budget: args.memory_mb.saturating_mul(1 << 20),
        stop_when_proved: !args.no_early_stop,
        ..SequenceConfig::default()
    };
    let target = args.at.iter().copied().max().unwrap_or(args.to);
    let wanted = target.saturating_add(1);
    if args.at.is_empty() && wanted > args.max_output {
        bail!(
            "--to {} would print {wanted} values, over --max-output {}: raise --max-output, or use \
             --store FILE to keep them on disk",
            args.to,
            args.max_output
        );
    }
    let budget = args.memory_mb.saturating_mul(1 << 20);
    // `store` is a store to append to; `read` holds values read from a store
    // that already answers, which is then left untouched.
    let (mut store, mut read) = (None, None);
    match &args.store {
        None => {}
        Some(path) if args.resume || !path.exists() => {
            let opened = open_writer(path, rules, name, budget)?;
            if let Some(r) = opened.recovery() {
                eprintln!(
                    "warning: `{}` ended in a torn chunk (an interrupted write): {} bytes from byte \
                     {} were cut off; resuming from heap {}",
                    path.display(),
                    r.dropped_bytes,
                    r.offset,
                    opened.len()
                );
            }
            store = Some(opened);
        }
        Some(path) if path.exists() => {
            let mut opened = SequenceStore::open_within(path, budget)?;
            if opened.rules() != rules {
                bail!(
                    "`{}` holds values of `{}`, not of `{name}`: name another file",
                    path.display(),
                    opened.rules()
                );
            }
            // A proved period answers every heap, unless values are asked
            // for past it (--no-early-stop), which must then be stored.
            let answers = opened.len() > target
                || (!args.no_early_stop
                    && grundy::find_periodicity(rules, opened.values()).is_some_and(|p| p.proved));
            if !answers {
                bail!(
                    "`{}` holds the values of heaps 0..{} only, not heap {target}: add --resume \
                     to compute the rest into it, or name another file",
                    path.display(),
                    opened.len()
                );
            }
            if let Some(r) = opened.recovery() {
                eprintln!(
                    "warning: `{}` ends in a torn chunk (an interrupted write) at byte {}; the \
                     values before it are used, and the file is left as it is (--resume would \
                     cut the torn chunk off)",
                    path.display(),
                    r.offset
                );
            }
            read = Some(opened.take_values());
        }
        Some(path) => store = Some(open_writer(path, rules, name, budget)?),
    }
    // The values read from the store move into the solver: one copy in memory, not two.
    let known = match store.as_mut() {
        Some(s) if !s.is_empty() => Some(s.take_values()),
        _ => read.take(),
    };
    let mut solver = match known {
        Some(values) if !values.is_empty() => HeapSolver::resume(rules.clone(), config, values)
            .with_context(|| format!("cannot continue `{name}` from the store"))?,
        _ => HeapSolver::new(rules.clone(), config)?,
    };

    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(wanted);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {bar:40} heap {pos}/{len} · {per_sec} · ETA {eta} {msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.set_position(solver.values().len() as u64);
        bar
    });
    // A request of `grundy serve` is stopped by its own flag, not by Ctrl-C.
    let request = crate::output::request_cancel();
    if request.is_none() {
        COMPUTING.store(true, Ordering::SeqCst);
        catch_interrupts();
    }
    let started = Instant::now();
    let checkpoint_every = Duration::from_secs(args.checkpoint_secs);
    let mut last_checkpoint = Instant::now();
    let mut step = 1024u64;
    loop {
        let t = Instant::now();
        let progress = solver.try_extend(target, step).with_context(|| {
            format!("computing `{name}` up to heap {target} (no period proved so far)")
        })?;
        // Aim at a quarter of a second a step, so progress, checkpoints and
        // --max-time stay timely; growing at most fourfold a step, as a heap
        // can cost more than the heaps before it (a splitting game's mex
        // looks at every smaller heap).
        let took = t.elapsed().as_secs_f64().max(1e-6);
        step = ((step as f64 * 0.25 / took) as u64).clamp(64, (step * 4).min(1 << 24));
        if let Some(bar) = &bar {
            bar.set_position(solver.values().len() as u64);
            if solver.is_proved() {
                bar.set_message("period proved");
            }
        }
        let done = progress != Progress::Paused;
        let interrupted = INTERRUPTED.load(Ordering::SeqCst)
            || request.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        let out_of_time = args.max_time.filter(|&t| !done && started.elapsed() >= t);
        if let Some(limit) = out_of_time {
            if let Some(store) = store.as_mut() {
                store.append(solver.values())?;
            }
            if let Some(bar) = &bar {
                bar.abandon();
            }
            return Err(grundy::LimitError::Time {
                what: format!(
                    "computing `{name}` up to heap {target} ({} heaps done{})",
                    solver.values().len(),
                    if args.store.is_some() {
                        ", kept in the store"
                    } else {
                        ""
                    }
                ),
                limit,
                elapsed: started.elapsed(),
            }
            .into());
        }
        if let Some(store) = store.as_mut() {
            if done || interrupted || last_checkpoint.elapsed() >= checkpoint_every {
                store.append(solver.values())?;
                last_checkpoint = Instant::now();
            }
        }
        if interrupted && !done {
            if let Some(bar) = &bar {
                bar.abandon();
            }
            return Err(Interrupted {
                computed: solver.values().len() as u64,
                // Only a store being written holds what was computed.
                store: store.as_ref().and(args.store.clone()),
            }
            .into());
        }
        if done {
            break;
        }
    }
    COMPUTING.store(false, Ordering::SeqCst);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let engine = solver.engine();
    let sequence = solver.into_sequence();
    let store_bytes = match (&args.store, args.stats) {
        (Some(path), true) => Some(std::fs::metadata(path)?.len()),
        _ => None,
    };
    let mut out = std::io::BufWriter::new(crate::output::stdout());
    if args.json {
        write_json(&mut out, rules, name, &sequence, args, &engine, store_bytes)?;
    } else {
        write_text(&mut out, &sequence, args, store_bytes)?;
    }
    out.flush()?;
    Ok(())
}

/// Opens `path` as the store of `rules` to write to, waiting for its lock
/// if another process holds it, and saying so.
///
/// Waiting, not failing, because what a second writer does once the first
/// is done is exactly what its user asked for: a `--resume` then continues
/// from every value the first one stored (no work lost or repeated), and a
/// run of another game is refused by name. A user who would rather not wait
/// stops it with Ctrl-C: nothing has been written yet.
fn open_writer(
    path: &Path,
    rules: &TakeBreak,
    name: &str,
    budget: u64,
) -> anyhow::Result<SequenceStore> {
    let opened = match SequenceStore::open_writer(path, rules, budget, LockWait::Fail) {
        Err(StoreError::Locked { holder, .. }) => {
            let who = holder.map_or("another process".to_string(), |p| format!("process {p}"));
            eprintln!(
                "waiting for {who}, which is writing `{}` (a store has one writer at a time; \
                 Ctrl-C to stop waiting)",
                path.display()
            );
            SequenceStore::open_writer(path, rules, budget, LockWait::Block)
        }
        other => other,
    };
    match opened {
        Err(StoreError::OtherGame { stored, .. }) => bail!(
            "`{}` holds values of `{stored}`, not of `{name}` ({}): name another file",
            path.display(),
            grundy::games::takebreak::ruleset_text(rules)
        ),
        other => Ok(other?),
    }
}

/// Refuses a store (at `path`, of `stored`) for the position `text` unless
/// the position has heaps of the store's game: a store of another game
/// answers nothing asked, and is most likely the wrong file. Text that does
/// not parse passes: its own error is reported when it is evaluated.
pub fn check_store_game(path: &Path, stored: &TakeBreak, text: &str) -> Result<(), String> {
    let Ok(game) = grundy::parse_any(text) else {
        return Ok(());
    };
    let mut asked = Vec::new();
    // Each component names its ruleset as written; read it back as a ruleset.
    for c in game.components() {
        let written = c.key().ruleset;
        if let Ok(grundy::Ruleset::Heap(rules)) = grundy::parse_ruleset_spec(&written) {
            let tb = match &rules.kind {
                HeapKind::TakeBreak(tb) => tb.clone(),
                HeapKind::Nim => TakeBreak::nim(),
            };
            if &tb == stored {
                return Ok(());
            }
            asked.push(format!(
                "`{}` ({})",
                rules.name,
                grundy::games::takebreak::ruleset_text(&tb)
            ));
        }
    }
    let asked = if asked.is_empty() {
        "no heap game".to_string()
    } else {
        asked.join(", ")
    };
    Err(format!(
        "store `{}` holds values of {}, but `{text}` asks for {asked}: give the store of the \
         game asked for, or leave out --store",
        path.display(),
        grundy::games::takebreak::ruleset_text(stored)
    ))
}

fn value(sequence: &HeapSequence, n: u64) -> anyhow::Result<u64> {
    Ok(sequence.get(n)?.0)
}

fn period_line(sequence: &HeapSequence) -> String {
    let last = sequence.len().saturating_sub(1);
    match sequence.periodicity() {
        None => format!("period: none found in heaps 0..={last}"),
        Some(p) => {
            let kind = if p.saltus > 0 {
                format!("arithmetic period {} with saltus {}", p.period, p.saltus)
            } else {
                format!("period {}", p.period)
            };
            let status = if p.proved && p.saltus > 0 {
                // Only Nim's arithmetic period is proved: by G(n) = n.
                "proved (Nim's closed form G(n) = n)".to_string()
            } else if p.proved {
                format!(
                    "proved (Guy–Smith check on heaps 0..={})",
                    p.checked.saturating_sub(1)
                )
            } else {
                format!(
                    "observed in heaps 0..={}, not proved",
                    p.checked.saturating_sub(1)
                )
            };
            format!("{kind}, preperiod {}: {status}", p.preperiod)
        }
    }
}

/// Bits a value of a store of `bytes` bytes holding `count` values.
fn store_bits(bytes: u64, count: u64) -> f64 {
    bytes as f64 * 8.0 / count.max(1) as f64
}

/// Values a line of `seq`'s text output.
const PER_LINE: u64 = 32;

/// What follows the value of heap `n` of `0..=last` in text output: a line
/// break after every [`PER_LINE`] values and after the last, else a space;
/// always a line break with --one-per-line.
fn separator(n: u64, last: u64, one_per_line: bool) -> &'static str {
    if one_per_line || n % PER_LINE == PER_LINE - 1 || n == last {
        "\n"
    } else {
        " "
    }
}

fn write_text(
    out: &mut impl Write,
    sequence: &HeapSequence,
    args: &SeqArgs,
    store_bytes: Option<u64>,
) -> anyhow::Result<()> {
    for &n in &args.at {
        writeln!(out, "G({n}) = {}", value(sequence, n)?)?;
    }
    for n in (0..=args.to).filter(|_| args.at.is_empty()) {
        let sep = separator(n, args.to, args.one_per_line);
        write!(out, "{}{sep}", value(sequence, n)?)?;
    }
    writeln!(out, "{}", period_line(sequence))?;
    if args.stats {
        let s = sequence.stats();
        writeln!(
            out,
            "computed: {} values (heaps 0..={})",
            s.computed,
            s.computed.saturating_sub(1)
        )?;
        writeln!(
            out,
            "largest value: {} (first at heap {})",
            s.largest, s.largest_at
        )?;
        match s.mask {
            Some(mask) => {
                writeln!(
                    out,
                    "sparse-space mask: {mask:#b} ({} rare heaps)",
                    s.rare_count
                )?;
                let rare: Vec<String> = s.rare_values.iter().map(u64::to_string).collect();
                writeln!(out, "rare values: {}", rare.join(" "))?;
                if let Some(last) = s.last_rare_heap {
                    writeln!(out, "last rare heap: {last}")?;
                }
            }
            None => writeln!(out, "sparse-space mask: none (values are not sparse)")?,
        }
        let counts: Vec<String> = s.counts.iter().map(|(v, c)| format!("{v}:{c}")).collect();
        writeln!(out, "counts (value:heaps): {}", counts.join(" "))?;
        write!(
            out,
            "size: entropy of the values {:.2} bits a heap; table in memory {} bytes a heap",
            s.entropy_bits(),
            sequence.values().bytes_per_value()
        )?;
        if let Some(bytes) = store_bytes {
            write!(
                out,
                "; store on disk {bytes} bytes, {:.2} bits a heap",
                store_bits(bytes, s.computed)
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn write_json(
    out: &mut impl Write,
    rules: &TakeBreak,
    name: &str,
    sequence: &HeapSequence,
    args: &SeqArgs,
    engine: &grundy::HeapEngine,
    store_bytes: Option<u64>,
) -> anyhow::Result<()> {
    use serde_json::{json, Value};
    let heaps: Vec<u64> = if args.at.is_empty() {
        (0..=args.to).collect()
    } else {
        args.at.clone()
    };
    let values = heaps
        .iter()
        .map(|&n| value(sequence, n))
        .collect::<anyhow::Result<Vec<u64>>>()?;
    let p = sequence.periodicity();
    let mut object = json!({
        "game": name,
        "code": rules.to_string(),
        "to": args.to,
        "computed": sequence.len(),
        "engine": engine,
        "heaps": if args.at.is_empty() { Value::Null } else { json!(heaps) },
        "values": values,
        "period": p.map(|p| p.period),
        "preperiod": p.map(|p| p.preperiod),
        "proved": p.is_some_and(|p| p.proved),
        "saltus": p.filter(|p| p.saltus > 0).map(|p| p.saltus),
    });
    if args.stats {
        let stats = sequence.stats();
        let sizes = json!({
            "entropy_bits": stats.entropy_bits(),
            "table_bytes_per_heap": sequence.values().bytes_per_value(),
            "store_bytes": store_bytes,
            "store_bits_per_heap": store_bytes.map(|b| store_bits(b, stats.computed)),
        });
        if let (Value::Object(map), Value::Object(stats), Value::Object(sizes)) =
            (&mut object, serde_json::to_value(&stats)?, sizes)
        {
            map.extend(stats);
            map.extend(sizes);
        }
    }
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)?;
    Ok(())
}

/// `grundy seq` for a scripted game on one integer: its values, and the
/// period they show (seen, not proved: a script's rules have no theorem).
pub(crate) fn run_script(
    game: &'static grundy::script::ScriptGame,
    args: &SeqArgs,
) -> anyhow::Result<()> {
    let to = args.at.iter().copied().max().unwrap_or(args.to);
    let budget = limited_budget(args);
    let values = game
        .sequence(to, &budget)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let period = grundy::patterns::observed_period(&values);
    let name = game.name();
    let mut out = std::io::BufWriter::new(crate::output::stdout());
    let heaps: Vec<u64> = if args.at.is_empty() {
        (0..=args.to).collect()
    } else {
        args.at.clone()
    };
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({
                "game": name,
                "script": game.path(),
                "to": to,
                "heaps": if args.at.is_empty() { serde_json::Value::Null } else { serde_json::json!(heaps) },
                "values": heaps.iter().map(|&n| values[n as usize]).collect::<Vec<_>>(),
                "period": period.map(|p| p.period),
                "preperiod": period.map(|p| p.preperiod),
                "saltus": period.and_then(|p| (p.saltus > 0).then_some(p.saltus)),
                "proved": false,
                "seen_on": values.len(),
            }),
        )?;
        writeln!(out)?;
    } else if args.at.is_empty() {
        for (n, v) in values.iter().enumerate() {
            let sep = separator(n as u64, values.len() as u64 - 1, args.one_per_line);
            write!(out, "{v}{sep}")?;
        }
    } else {
        for &n in &heaps {
            writeln!(out, "G({n}) = {}", values[n as usize])?;
        }
    }
    if !args.json {
        let last = values.len() - 1;
        match period {
            None => writeln!(out, "period: none seen in heaps 0..={last}")?,
            Some(p) => {
                let kind = if p.saltus > 0 {
                    format!("arithmetic period {} with saltus {}", p.period, p.saltus)
                } else {
                    format!("period {}", p.period)
                };
                writeln!(
                    out,
                    "{kind}, preperiod {}: seen on heaps 0..={last}, not proved (no theorem \
                     covers a scripted game's rules)",
                    p.preperiod
                )?
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// `grundy seq NAME --misere`: per heap, the misère Grundy value and the
/// genus, from the heap's misère canonical form (any impartial game on one
/// integer, built-in or scripted); the period the misère values show.
pub(crate) fn run_misere(name: &str, args: &SeqArgs) -> anyhow::Result<()> {
    let to = args.at.iter().copied().max().unwrap_or(args.to);
    let budget = limited_budget(args);
    // A value and a genus per heap, checked before any is made (seq has no
    // limit flags: the default position limit bounds the heaps).
    let most = budget.limits().max_positions;
    if to >= most {
        anyhow::bail!(
            "seq --misere makes the misère canonical form of every heap up to {to}; it goes up to \
             heap {} at most (the default position limit); give a smaller --to or --at",
            most - 1
        );
    }
    let mut cx = grundy::Context::new(*budget.limits());
    cx.start(&budget);
    let mut values = Vec::new();
    let mut genera = Vec::new();
    for n in 0..=to {
        let text = format!("{name}({n})");
        let game =
            grundy::parse_game_in(&text, crate::registry()).map_err(|e| anyhow::anyhow!("{e}"))?;
        let parts: Vec<grundy::Impartial> = game
            .components()
            .into_iter()
            .filter_map(|c| match c {
                grundy::Component::Impartial(p) => Some(p.clone()),
                grundy::Component::Partizan(_) => None,
            })
            .collect();
        let form = grundy::misere::misere_canonical_sum(&parts, &mut cx)
            .map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
        values.push(form.misere_nim_value().0);
        genera.push(form.genus().to_string());
    }
    let period = grundy::patterns::observed_period(&values);
    let heaps: Vec<u64> = if args.at.is_empty() {
        (0..=to).collect()
    } else {
        args.at.clone()
    };
    let mut out = std::io::BufWriter::new(crate::output::stdout());
    if args.json {
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({
                "game": name,
                "misere": true,
                "to": to,
                "heaps": if args.at.is_empty() { serde_json::Value::Null } else { serde_json::json!(heaps) },
                "values": heaps.iter().map(|&n| values[n as usize]).collect::<Vec<_>>(),
                "genus": heaps.iter().map(|&n| genera[n as usize].clone()).collect::<Vec<_>>(),
                "period": period.map(|p| p.period),
                "preperiod": period.map(|p| p.preperiod),
                "proved": false,
            }),
        )?;
        writeln!(out)?;
    } else {
        for &n in &heaps {
            writeln!(
                out,
                "G-({n}) = {}  genus {}",
                values[n as usize], genera[n as usize]
            )?;
        }
        let last = values.len() - 1;
        match period {
            None => writeln!(out, "misère values: no period seen in heaps 0..={last}")?,
            Some(p) => writeln!(
                out,
                "misère values: period {}, preperiod {}: seen on heaps 0..={last}, not proved",
                p.period, p.preperiod
            )?,
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: SeqArgs,
    }

    fn output(game: &TakeBreak, flags: &[&str]) -> String {
        let args = Cli::parse_from(std::iter::once("seq").chain(flags.iter().copied())).args;
        let config = SequenceConfig {
            stop_when_proved: !args.no_early_stop,
            ..SequenceConfig::default()
        };
        let target = args.at.iter().copied().max().unwrap_or(args.to);
        let sequence = game.try_sequence(target, &config).unwrap();
        let mut out = Vec::new();
        if args.json {
            write_json(
                &mut out,
                game,
                "test",
                &sequence,
                &args,
                &grundy::HeapEngine::Plain,
                None,
            )
            .unwrap();
        } else {
            write_text(&mut out, &sequence, &args, None).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_gives_values_then_the_period() {
        let text = output(&TakeBreak::kayles(), &["--to", "200"]);
        assert!(
            text.starts_with("0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7"),
            "{text}"
        );
        assert!(text.contains("period 12, preperiod 71: proved"), "{text}");
        let far = output(&TakeBreak::kayles(), &["--at", "1000000000000,3"]);
        assert!(far.starts_with("G(1000000000000) = 1\nG(3) = 3\n"), "{far}");
    }

    #[test]
    fn json_has_the_documented_fields() {
        let json = output(&TakeBreak::nim(), &["--to", "20", "--json", "--stats"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["values"][20], 20);
        assert_eq!(value["period"], 1);
        assert_eq!(value["saltus"], 1);
        // By Nim's closed form, once a few values show the pattern.
        assert_eq!(value["proved"], true);
        let computed = value["computed"].as_u64().unwrap();
        assert!((16..=21).contains(&computed), "{computed}");
        assert_eq!(value["largest"], computed - 1);
        // `computed` distinct values, once each: log2(computed) bits.
        let entropy = value["entropy_bits"].as_f64().unwrap();
        assert!(
            (entropy - (computed as f64).log2()).abs() < 1e-9,
            "{entropy}"
        );
        assert_eq!(value["table_bytes_per_heap"], 1);
        let json = output(&TakeBreak::dawsons_kayles(), &["--to", "300", "--json"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            (value["period"].clone(), value["preperiod"].clone()),
            (34.into(), 53.into())
        );
        assert_eq!(value["proved"], true);
        assert_eq!(value["saltus"], serde_json::Value::Null);
    }
}
