//! `seq`: the values G(0..=N) of a heap ruleset with the period they show
//! (proved for take-and-break games, seen for scripted ones), statistics,
//! a store that keeps them; or, in misère play, each heap's misère value
//! and genus.
//!
//! Values are checkpointed to the store as they are computed; an
//! interrupted run (a cancel, kill -9) continues from the last checkpoint
//! with `resume`. A cancel (the session's flag: Ctrl-C) writes a last
//! checkpoint of every value computed so far and stops with
//! [`ErrorKind::Interrupted`](super::ErrorKind::Interrupted).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{Error, ErrorKind, Session};
use crate::component::HeapKind;
use crate::language::expr::Ruleset;
use crate::takebreak::{
    HeapEngine, HeapSequence, HeapSolver, LockWait, Progress, SequenceConfig, SequenceStats,
    SequenceStore, SolverChoice, StoreError, TakeBreak,
};

/// Which engine computes a take-and-break game's values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeqSolver {
    /// The sparse-space engine where values are sparse, plain elsewhere.
    #[default]
    Auto,
    /// Mex over every option.
    Plain,
    /// The sparse-space engine (games whose moves leave at most two heaps).
    Sparse,
}

/// A file that keeps the values (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeqStore {
    /// The file.
    pub path: PathBuf,
    /// Continue the run whose values are in the file, computing the heaps
    /// it does not hold yet into it.
    pub resume: bool,
}

/// What `seq` is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeqRequest {
    /// Compute G(0), …, G(to).
    pub to: u64,
    /// Only G(n) for these heaps (any n < 2^64 once a period is proved),
    /// when not empty.
    pub at: Vec<u64>,
    /// Misère play: each heap's misère Grundy value and genus.
    pub misere: bool,
    /// Also the statistics: counts per value, largest value, rare values.
    pub stats: bool,
    /// Which engine computes the values.
    pub solver: SeqSolver,
    /// Threads for long scans (0: one per core).
    pub threads: usize,
    /// Memory for the value table, in MiB.
    pub memory_mb: u64,
    /// Keep computing after a period is proved.
    pub no_early_stop: bool,
    /// Most values returned (the rest is in the store, or follows from the period).
    pub max_output: u64,
    /// Longest time the computation may take.
    pub max_time: Option<Duration>,
    /// Seconds between checkpoints of the store.
    pub checkpoint_secs: u64,
    /// The file that keeps the values, if any.
    pub store: Option<SeqStore>,
}

impl Default for SeqRequest {
    fn default() -> SeqRequest {
        SeqRequest {
            to: 100,
            at: Vec::new(),
            misere: false,
            stats: false,
            solver: SeqSolver::Auto,
            threads: 0,
            memory_mb: 1024,
            no_early_stop: false,
            max_output: 10_000_000,
            max_time: None,
            checkpoint_secs: 5,
            store: None,
        }
    }
}

impl SeqRequest {
    /// The largest heap asked for.
    fn target(&self) -> u64 {
        self.at.iter().copied().max().unwrap_or(self.to)
    }

    /// The heaps whose values are returned.
    fn heaps(&self) -> Vec<u64> {
        if self.at.is_empty() {
            (0..=self.to).collect()
        } else {
            self.at.clone()
        }
    }

    /// The heaps asked for, as the JSON names them (`null` for `0..=to`).
    fn heaps_field(&self) -> Option<Vec<u64>> {
        (!self.at.is_empty()).then(|| self.at.clone())
    }

    /// Refuses the options of an octal table (`--store`, `--stats`,
    /// `--solver`) for a game valued otherwise, `why` saying how.
    fn refuse_table_options(&self, why: &str) -> Result<(), Error> {
        if self.store.is_some() || self.stats || self.solver != SeqSolver::Auto {
            return Err(Error::input(format!(
                "{why}, so --store, --stats and --solver do not apply to it (leave them out)"
            )));
        }
        Ok(())
    }

    /// Refuses `--to` beyond `--max-output` values, `instead` saying what
    /// to do.
    fn check_output(&self, instead: &str) -> Result<(), Error> {
        let wanted = self.to.saturating_add(1);
        if self.at.is_empty() && wanted > self.max_output {
            return Err(Error::input(format!(
                "--to {} would print {wanted} values, over --max-output {}: raise --max-output, \
                 or {instead}",
                self.to, self.max_output
            )));
        }
        Ok(())
    }

    /// The budget of a scripted or misère sequence: the session's, with
    /// the request's time limit.
    fn budget(&self, session: &Session) -> crate::vocab::budget::Budget {
        let mut s = session.clone();
        s.limits = crate::vocab::limits::Limits {
            max_time: self.max_time,
            ..crate::vocab::limits::Limits::default()
        };
        s.budget()
    }
}

/// What a running `seq` reports, for a progress bar and messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqEvent {
    /// Heaps `0..done` of `wanted` are computed; `proved` once a period is.
    Progress {
        /// Heaps computed.
        done: u64,
        /// Heaps wanted.
        wanted: u64,
        /// Whether a period is proved.
        proved: bool,
    },
    /// Something the user should know (a torn store cut off, a wait for
    /// the store's lock).
    Note(String),
}

/// The answer of `seq`.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum SeqAnswer {
    /// A take-and-break game (or Nim).
    Heap(Box<HeapSeqAnswer>),
    /// A scripted game on one integer.
    Script(ScriptSeqAnswer),
    /// Misère play.
    Misere(MisereSeqAnswer),
    /// A family of positions in `n` (`subtraction(n, [1,2], [2,3])`):
    /// canonical forms and outcomes.
    Forms(super::FormSeqAnswer),
    /// A subtraction set with an element too large for a code.
    Set(SetSeqAnswer),
    /// An all-but set with an excluded move too large for a code.
    AllBut(AllButSeqAnswer),
    /// A take-and-break code only the general reader holds.
    General(GeneralSeqAnswer),
}

impl SeqAnswer {
    /// The Grundy values returned, one for each heap asked for (none for
    /// a family of positions, whose values are canonical forms: see
    /// [`super::FormSeqAnswer::values`]).
    pub fn values(&self) -> &[u64] {
        match self {
            SeqAnswer::Heap(a) => &a.values,
            SeqAnswer::Script(a) => &a.values,
            SeqAnswer::Misere(a) => &a.values,
            SeqAnswer::Set(a) => &a.values,
            SeqAnswer::AllBut(a) => &a.values,
            SeqAnswer::General(a) => &a.values,
            SeqAnswer::Forms(_) => &[],
        }
    }
}

impl SeqAnswer {
    /// The text `grundy seq` prints: the values 32 a line, or one a line
    /// (`--one-per-line`, for piping), then the period.
    pub fn text(&self, one_per_line: bool) -> String {
        struct Text<'a>(&'a SeqAnswer, bool);
        impl fmt::Display for Text<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    SeqAnswer::Heap(a) => a.write(f, self.1),
                    SeqAnswer::Script(a) => a.write(f, self.1),
                    SeqAnswer::Misere(a) => a.fmt(f),
                    SeqAnswer::Forms(a) => a.write(f),
                    SeqAnswer::Set(a) => a.write(f, self.1),
                    SeqAnswer::AllBut(a) => a.write(f, self.1),
                    SeqAnswer::General(a) => a.write(f, self.1),
                }
            }
        }
        Text(self, one_per_line).to_string()
    }
}

/// The text `grundy seq` prints, 32 values a line.
impl fmt::Display for SeqAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(false))
    }
}

/// Answers `seq` for `ruleset`: its values, its period, and what else the
/// request asks for. `watch` hears how far the computation is.
pub fn seq(
    session: &Session,
    ruleset: &str,
    request: &SeqRequest,
    watch: &mut dyn FnMut(SeqEvent),
) -> Result<SeqAnswer, Error> {
    let read = match crate::language::expr::parse_ruleset_in(ruleset, &session.registry) {
        Ok(read) => read,
        Err(e) => return family_seq(session, ruleset, request, e),
    };
    if request.misere {
        let name = match read {
            Ruleset::Heap(h) => h.name,
            Ruleset::Script(g) => g.name().to_string(),
            Ruleset::Board(p) => {
                return Err(Error::input(format!(
                    "{p} is a board ruleset: seq --misere takes a heap ruleset"
                )))
            }
        };
        return misere_seq(session, &name, request).map(SeqAnswer::Misere);
    }
    let heap = match read {
        Ruleset::Heap(h) => h,
        Ruleset::Script(game) => return script_seq(session, game, request).map(SeqAnswer::Script),
        Ruleset::Board(p) => {
            return Err(Error::input(format!(
                "{p} is a board ruleset: print its values with `grundy table '{p}' --size N`"
            )))
        }
    };
    let rules = match &heap.kind {
        HeapKind::Nim => TakeBreak::nim(),
        HeapKind::TakeBreak(tb) => tb.clone(),
        HeapKind::Set(set) => return set_seq(session, set, request).map(SeqAnswer::Set),
        HeapKind::AllBut(set) => return all_but_seq(session, set, request).map(SeqAnswer::AllBut),
        HeapKind::General(code) => {
            return general_seq(session, code, &heap.name, request).map(SeqAnswer::General)
        }
    };
    heap_seq(session, &rules, &heap.name, request, watch).map(|a| SeqAnswer::Heap(Box::new(a)))
}

/// `seq` of a text that is not a ruleset: a family of positions written
/// with the variable `n` (a game's bare name stands for `name(n)`), or the
/// ruleset's own error `e`.
fn family_seq(
    session: &Session,
    ruleset: &str,
    request: &SeqRequest,
    e: crate::component::ExprError,
) -> Result<SeqAnswer, Error> {
    use crate::language::template::{Template, TemplateError};
    let family = match Template::read(ruleset, &["n"], &session.registry) {
        Ok(family) => family,
        Err(TemplateError::NoVariable) if ruleset.contains('(') => {
            return Err(Error::input(format!(
                "{ruleset} is one position: a sequence ranges over the variable n standing \
                 for a number, like subtraction(n, [1,2], [2,3]) or kayles(n) + nim(3)"
            )))
        }
        Err(_) => return Err(Error::parse(ruleset, &e)),
    };
    if request.misere || request.store.is_some() || request.stats {
        return Err(Error::input(format!(
            "{ruleset} is a family of positions: seq takes only --to, --at and the limits for \
             it (--misere, --store and --stats are for heap rulesets; write misere(...) \
             around the position for misère play)"
        )));
    }
    // The request's own time limit, if it has one; everything else (the
    // games, the notation, what stops and watches the work) is the session's.
    let mut limited = session.clone();
    limited.limits.max_time = request.max_time.or(session.limits.max_time);
    limited
        .in_notation(|| super::forms::form_seq(&limited, &family, request.to, &request.at))
        .map(SeqAnswer::Forms)
        .map_err(|f| match ruleset.contains('(') {
            true => f,
            false => super::forms::bare_name_error(Error::parse(ruleset, &e), f),
        })
}

/// The values of a take-and-break game, its period and statistics.
#[derive(Clone, Debug, Serialize)]
pub struct HeapSeqAnswer {
    /// The game's code.
    pub code: String,
    /// Heaps computed.
    pub computed: u64,
    /// The engine that computed the last heaps.
    pub engine: HeapEngine,
    /// The game's name, as written.
    pub game: String,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// The period, if one shows.
    pub period: Option<u64>,
    /// The preperiod, if a period shows.
    pub preperiod: Option<u64>,
    /// Whether the period is proved.
    pub proved: bool,
    /// The saltus of an arithmetic period.
    pub saltus: Option<u64>,
    /// The last heap asked for, without `at`.
    pub to: u64,
    /// One value for each heap asked for.
    pub values: Vec<u64>,
    /// The statistics, if asked for.
    #[serde(flatten)]
    pub stats: Option<SeqStats>,
    /// The period line of the text.
    #[serde(skip)]
    period_text: String,
}

/// The statistics of a sequence, and its sizes.
#[derive(Clone, Debug, Serialize)]
pub struct SeqStats {
    /// Counts, largest value, rare values.
    #[serde(flatten)]
    pub stats: SequenceStats,
    /// Entropy of the values' distribution, in bits a heap.
    pub entropy_bits: f64,
    /// Bytes a heap of the table in memory.
    pub table_bytes_per_heap: u64,
    /// Bytes of the store on disk, if there is one.
    pub store_bytes: Option<u64>,
    /// Bits a heap of the store on disk, if there is one.
    pub store_bits_per_heap: Option<f64>,
}

fn store_error(path: &Path, e: impl fmt::Display) -> Error {
    Error::io(format!("store {}: {e}", path.display()))
}

fn heap_seq(
    session: &Session,
    rules: &TakeBreak,
    name: &str,
    args: &SeqRequest,
    watch: &mut dyn FnMut(SeqEvent),
) -> Result<HeapSeqAnswer, Error> {
    let config = SequenceConfig {
        solver: match args.solver {
            SeqSolver::Auto => SolverChoice::Auto,
            SeqSolver::Plain => SolverChoice::Plain,
            SeqSolver::Sparse => SolverChoice::Sparse,
        },
        threads: args.threads,
        memory_budget: args.memory_mb.saturating_mul(1 << 20),
        stop_when_proved: !args.no_early_stop,
        ..SequenceConfig::default()
    };
    let target = args.target();
    let wanted = target.saturating_add(1);
    args.check_output("use --store FILE to keep them on disk")?;
    let budget = args.memory_mb.saturating_mul(1 << 20);
    // `store` is a store to append to; `read` holds values read from a store
    // that already answers, which is then left untouched.
    let (mut store, mut read) = (None, None);
    match &args.store {
        None => {}
        Some(s) if s.resume || !s.path.exists() => {
            let opened = open_writer(&s.path, rules, name, budget, watch)?;
            if let Some(r) = opened.recovery() {
                watch(SeqEvent::Note(format!(
                    "warning: `{}` ended in a torn chunk (an interrupted write): {} bytes from byte \
                     {} were cut off; resuming from heap {}",
                    s.path.display(),
                    r.dropped_bytes,
                    r.offset,
                    opened.len()
                )));
            }
            store = Some(opened);
        }
        Some(s) => {
            let path = &s.path;
            let mut opened =
                SequenceStore::open_within(path, budget).map_err(|e| store_error(path, e))?;
            if opened.rules() != rules {
                return Err(Error::input(format!(
                    "`{}` holds values of `{}`, not of `{name}`: name another file",
                    path.display(),
                    opened.rules()
                )));
            }
            // A proved period answers every heap, unless values are asked
            // for past it (--no-early-stop), which must then be stored.
            let answers = opened.len() > target
                || (!args.no_early_stop
                    && crate::takebreak::find_periodicity(rules, opened.values())
                        .is_some_and(|p| p.proved));
            if !answers {
                return Err(Error::input(format!(
                    "`{}` holds the values of heaps 0..{} only, not heap {target}: add --resume \
                     to compute the rest into it, or name another file",
                    path.display(),
                    opened.len()
                )));
            }
            if let Some(r) = opened.recovery() {
                watch(SeqEvent::Note(format!(
                    "warning: `{}` ends in a torn chunk (an interrupted write) at byte {}; the \
                     values before it are used, and the file is left as it is (--resume would \
                     cut the torn chunk off)",
                    path.display(),
                    r.offset
                )));
            }
            read = Some(opened.take_values());
        }
    }
    // The values read from the store move into the solver: one copy in memory, not two.
    let known = match store.as_mut() {
        Some(s) if !s.is_empty() => Some(s.take_values()),
        _ => read.take(),
    };
    let solver = match known {
        Some(values) if !values.is_empty() => HeapSolver::resume(rules.clone(), config, values)
            .map_err(|e| Error::input(format!("cannot continue `{name}` from the store: {e}"))),
        _ => HeapSolver::new(rules.clone(), config).map_err(|e| Error::input(e.to_string())),
    };
    let mut solver = solver?;
    let store_path = args.store.as_ref().map(|s| s.path.clone());
    let append = |store: &mut SequenceStore, solver: &HeapSolver| -> Result<(), Error> {
        store
            .append(solver.values())
            .map_err(|e| store_error(store_path.as_deref().unwrap_or(Path::new("")), e))
    };
    watch(SeqEvent::Progress {
        done: solver.values().len() as u64,
        wanted,
        proved: solver.is_proved(),
    });
    let cancel = session.cancel_flag().cloned();
    let started = Instant::now();
    let checkpoint_every = Duration::from_secs(args.checkpoint_secs);
    let mut last_checkpoint = Instant::now();
    let mut step = 1024u64;
    loop {
        let t = Instant::now();
        let progress = solver.try_extend(target, step).map_err(|e| {
            Error::input(format!(
                "computing `{name}` up to heap {target} (no period proved so far): {e}"
            ))
        })?;
        // Aim at a quarter of a second a step, so progress, checkpoints and
        // the time limit stay timely; growing at most fourfold a step, as a
        // heap can cost more than the heaps before it (a splitting game's
        // mex looks at every smaller heap).
        let took = t.elapsed().as_secs_f64().max(1e-6);
        step = ((step as f64 * 0.25 / took) as u64).clamp(64, (step * 4).min(1 << 24));
        watch(SeqEvent::Progress {
            done: solver.values().len() as u64,
            wanted,
            proved: solver.is_proved(),
        });
        let done = progress != Progress::Paused;
        let interrupted = cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        let out_of_time = args.max_time.filter(|&t| !done && started.elapsed() >= t);
        if let Some(limit) = out_of_time {
            if let Some(store) = store.as_mut() {
                append(store, &solver)?;
            }
            return Err(Error::limit(crate::vocab::limits::LimitError::Time {
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
            }));
        }
        if let Some(store) = store.as_mut() {
            if done || interrupted || last_checkpoint.elapsed() >= checkpoint_every {
                append(store, &solver)?;
                last_checkpoint = Instant::now();
            }
        }
        if interrupted && !done {
            let computed = solver.values().len() as u64;
            // Only a store being written holds what was computed.
            let kept = store.as_ref().and(store_path.clone());
            let mut message = format!("interrupted after heap {}", computed.saturating_sub(1));
            match &kept {
                Some(path) => message.push_str(&format!(
                    "; every value computed is in `{}`: continue with --store {0} --resume",
                    path.display()
                )),
                None => {
                    message.push_str("; nothing was kept (use --store FILE to keep the values)")
                }
            }
            return Err(Error {
                kind: ErrorKind::Interrupted,
                message,
                at: None,
            });
        }
        if done {
            break;
        }
    }
    let engine = solver.engine();
    let sequence = solver.into_sequence();
    let get = |n: u64| {
        sequence
            .get(n)
            .map(|v| v.0)
            .map_err(|e| Error::input(e.to_string()))
    };
    let values = args
        .heaps()
        .into_iter()
        .map(get)
        .collect::<Result<Vec<u64>, Error>>()?;
    let stats = if args.stats {
        let store_bytes = match &store_path {
            Some(path) => Some(
                std::fs::metadata(path)
                    .map_err(|e| store_error(path, e))?
                    .len(),
            ),
            None => None,
        };
        let stats = sequence.stats();
        Some(SeqStats {
            entropy_bits: stats.entropy_bits(),
            table_bytes_per_heap: sequence.values().bytes_per_value() as u64,
            store_bits_per_heap: store_bytes.map(|b| store_bits(b, stats.computed)),
            store_bytes,
            stats,
        })
    } else {
        None
    };
    let p = sequence.periodicity();
    Ok(HeapSeqAnswer {
        code: rules.to_string(),
        computed: sequence.len(),
        engine,
        game: name.to_string(),
        heaps: args.heaps_field(),
        period: p.map(|p| p.period),
        preperiod: p.map(|p| p.preperiod),
        proved: p.is_some_and(|p| p.proved),
        saltus: p.filter(|p| p.saltus > 0).map(|p| p.saltus),
        to: args.to,
        values,
        stats,
        period_text: period_line(&sequence),
    })
}

/// Opens `path` as the store of `rules` to write to, waiting for its lock
/// if another process holds it, and saying so.
///
/// Waiting, not failing, because what a second writer does once the first
/// is done is exactly what its user asked for: a resume then continues
/// from every value the first one stored (no work lost or repeated), and a
/// run of another game is refused by name. A user who would rather not wait
/// stops it with Ctrl-C: nothing has been written yet.
fn open_writer(
    path: &Path,
    rules: &TakeBreak,
    name: &str,
    budget: u64,
    watch: &mut dyn FnMut(SeqEvent),
) -> Result<SequenceStore, Error> {
    let opened = match SequenceStore::open_writer(path, rules, budget, LockWait::Fail) {
        Err(StoreError::Locked { holder, .. }) => {
            let who = holder.map_or("another process".to_string(), |p| format!("process {p}"));
            watch(SeqEvent::Note(format!(
                "waiting for {who}, which is writing `{}` (a store has one writer at a time; \
                 Ctrl-C to stop waiting)",
                path.display()
            )));
            SequenceStore::open_writer(path, rules, budget, LockWait::Block)
        }
        other => other,
    };
    match opened {
        Err(StoreError::OtherGame { stored, .. }) => Err(Error::input(format!(
            "`{}` holds values of `{stored}`, not of `{name}` ({}): name another file",
            path.display(),
            crate::games::takebreak::ruleset_text(rules)
        ))),
        Err(e) => Err(store_error(path, e)),
        Ok(s) => Ok(s),
    }
}

/// Bits a value of a store of `bytes` bytes holding `count` values.
fn store_bits(bytes: u64, count: u64) -> f64 {
    bytes as f64 * 8.0 / count.max(1) as f64
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
            let status = match p.proof {
                Some(proof) if p.proved => format!("proved ({})", proof.describe(p.checked)),
                _ => format!(
                    "observed in heaps 0..={}, not proved",
                    p.checked.saturating_sub(1)
                ),
            };
            format!("{kind}, preperiod {}: {status}", p.preperiod)
        }
    }
}

/// Values a line of `seq`'s text.
const PER_LINE: usize = 32;

/// Writes values [`PER_LINE`] a line (the last line shorter), or one a line.
fn write_values(f: &mut fmt::Formatter<'_>, values: &[u64], one_per_line: bool) -> fmt::Result {
    for (n, v) in values.iter().enumerate() {
        let sep = if one_per_line || n % PER_LINE == PER_LINE - 1 || n == values.len() - 1 {
            "\n"
        } else {
            " "
        };
        write!(f, "{v}{sep}")?;
    }
    Ok(())
}

/// The text `grundy seq` prints.
impl fmt::Display for HeapSeqAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// Writes the heaps asked for (`G(n) = v` a line) or the values.
fn write_heaps(
    f: &mut fmt::Formatter<'_>,
    heaps: &Option<Vec<u64>>,
    values: &[u64],
    one_per_line: bool,
) -> fmt::Result {
    match heaps {
        Some(heaps) => {
            for (n, v) in heaps.iter().zip(values) {
                writeln!(f, "G({n}) = {v}")?;
            }
            Ok(())
        }
        None => write_values(f, values, one_per_line),
    }
}

impl HeapSeqAnswer {
    fn write(&self, f: &mut fmt::Formatter<'_>, one_per_line: bool) -> fmt::Result {
        write_heaps(f, &self.heaps, &self.values, one_per_line)?;
        writeln!(f, "{}", self.period_text)?;
        let Some(st) = &self.stats else {
            return Ok(());
        };
        let s = &st.stats;
        writeln!(
            f,
            "computed: {} values (heaps 0..={})",
            s.computed,
            s.computed.saturating_sub(1)
        )?;
        writeln!(
            f,
            "largest value: {} (first at heap {})",
            s.largest, s.largest_at
        )?;
        match s.mask {
            Some(mask) => {
                let rare: Vec<String> = s.rare_values.iter().map(u64::to_string).collect();
                match s.twist {
                    None => {
                        writeln!(
                            f,
                            "sparse-space mask: {mask:#b} ({} rare heaps)",
                            s.rare_count
                        )?;
                        writeln!(f, "rare values: {}", rare.join(" "))?;
                    }
                    Some(t) => {
                        writeln!(
                            f,
                            "sparse-space mask: {mask:#b} twist {t} (heap n is rare when \
                             popcount(G(n) & mask) ≡ n + {t} mod 2; {} rare heaps)",
                            s.rare_count
                        )?;
                        writeln!(f, "values of the rare heaps: {}", rare.join(" "))?;
                    }
                }
                if let Some(last) = s.last_rare_heap {
                    writeln!(f, "last rare heap: {last}")?;
                }
            }
            None => writeln!(f, "sparse-space mask: none (values are not sparse)")?,
        }
        let counts: Vec<String> = s.counts.iter().map(|(v, c)| format!("{v}:{c}")).collect();
        writeln!(f, "counts (value:heaps): {}", counts.join(" "))?;
        write!(
            f,
            "size: entropy of the values {:.2} bits a heap; table in memory {} bytes a heap",
            st.entropy_bits, st.table_bytes_per_heap
        )?;
        if let (Some(bytes), Some(bits)) = (st.store_bytes, st.store_bits_per_heap) {
            write!(f, "; store on disk {bytes} bytes, {bits:.2} bits a heap")?;
        }
        writeln!(f)
    }
}

/// The values of a subtraction set with an element too large for an octal
/// code (`sub[1,2,1000000000]`), read from its pieces
/// ([`crate::takebreak::SetSequence`]): any heap below 2^64 once a period
/// is proved.
#[derive(Clone, Debug, Serialize)]
pub struct SetSeqAnswer {
    /// The set as written back (`sub[1,2,1000000000]`).
    pub game: String,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// The period, once proved.
    pub period: Option<u64>,
    /// The preperiod, once a period is proved.
    pub preperiod: Option<u64>,
    /// Whether a period is proved (always, when an answer is given for a
    /// heap past the values computed).
    pub proved: bool,
    /// The last heap asked for, without `at`.
    pub to: u64,
    /// One value for each heap asked for.
    pub values: Vec<u64>,
    /// Heaps computed one by one (the rest was leapt over: see
    /// `takebreak/subtraction_set.rs`).
    pub computed: u64,
    /// Pieces the values are kept in.
    pub pieces: u64,
}

/// `seq` of a subtraction set too large for a code: the heaps asked for,
/// from its pieces, computed within the position limit (heaps computed one
/// by one), the memory limit (4 bytes each) and the request's time limit.
fn set_seq(
    session: &Session,
    set: &crate::takebreak::SubtractionSet,
    args: &SeqRequest,
) -> Result<SetSeqAnswer, Error> {
    let name = set.to_string();
    args.refuse_table_options(&format!(
        "{name} has an element beyond {}: its values are kept as periodic pieces, not a table",
        crate::takebreak::MAX_CODE_DIGITS
    ))?;
    args.check_output("ask for the heaps you need with --at")?;
    let (seq, values) = large_set_values(set, args, session)?;
    let period = seq.period();
    Ok(SetSeqAnswer {
        game: name,
        heaps: args.heaps_field(),
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        proved: period.is_some(),
        to: args.to,
        values,
        computed: seq.computed(),
        pieces: seq.pieces() as u64,
    })
}

/// The sequence of `set` and the heaps `args` asks for from it, computed
/// within the set's limit of heaps computed one by one and the request's
/// time limit; then a period looked for among at most 2^20 more heaps
/// (within the limits): the answer says if none was proved.
fn large_set_values<S: crate::games::takebreak::LargeSetGame>(
    set: &S,
    args: &SeqRequest,
    session: &Session,
) -> Result<(S::Sequence, Vec<u64>), Error> {
    use crate::takebreak::LargeSetSequence;
    let name = set.to_string();
    let most = S::most(&session.limits);
    let mut seq = S::Sequence::start(set.clone());
    let budget = args.budget(session);
    let mut check = || budget.check_now(S::WHAT);
    seq.extend_within(args.target(), most, &mut check)
        .map_err(|e| Error::eval(&name, e.into()))?;
    let more = most.min(seq.counted_heaps().saturating_add(1 << 20));
    seq.extend_within(u64::MAX, more, &mut check)
        .map_err(|e| Error::eval(&name, e.into()))?;
    let values = args
        .heaps()
        .into_iter()
        .map(|n| {
            seq.value(n)
                .ok_or_else(|| Error::input(seq.unknown(n, most).to_string()))
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    Ok((seq, values))
}

impl SetSeqAnswer {
    fn write(&self, f: &mut fmt::Formatter<'_>, one_per_line: bool) -> fmt::Result {
        write_heaps(f, &self.heaps, &self.values, one_per_line)?;
        match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) => writeln!(
                f,
                "period {period}, preperiod {preperiod}: proved (the pieces' check: every heap \
                 follows; {} heaps computed one by one, {} pieces)",
                self.computed, self.pieces
            ),
            _ => writeln!(
                f,
                "period: none proved yet ({} heaps computed one by one, {} pieces)",
                self.computed, self.pieces
            ),
        }
    }
}

/// The values of an all-but set whose largest excluded move is too large
/// for an octal code (`allbut[1,2,1000000000]`), from its values computed
/// one by one and its proved arithmetic period
/// ([`crate::takebreak::AllButSequence`]): any heap below 2^64 once the
/// period is proved.
#[derive(Clone, Debug, Serialize)]
pub struct AllButSeqAnswer {
    /// The set as written back (`allbut[1,2,1000000000]`).
    pub game: String,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// The period, once proved.
    pub period: Option<u64>,
    /// The preperiod, once a period is proved.
    pub preperiod: Option<u64>,
    /// The saltus (`G(n + period) = G(n) + saltus`), once a period is proved.
    pub saltus: Option<u64>,
    /// Whether a period is proved.
    pub proved: bool,
    /// The last heap asked for, without `at`.
    pub to: u64,
    /// One value for each heap asked for.
    pub values: Vec<u64>,
    /// Heaps computed one by one (see `takebreak/all_but_set.rs`).
    pub computed: u64,
}

/// `seq` of an all-but set too large for a code: the heaps asked for,
/// computed within the position limit, the memory limit
/// ([`crate::takebreak::ALL_BUT_BYTES_PER_HEAP`] bytes a heap computed one by
/// one) and the request's time limit.
fn all_but_seq(
    session: &Session,
    set: &crate::takebreak::AllButSet,
    args: &SeqRequest,
) -> Result<AllButSeqAnswer, Error> {
    let name = set.to_string();
    args.refuse_table_options(&format!(
        "{name} excludes a move beyond {}: its values come from its own arithmetic period, not \
         a table",
        crate::takebreak::MAX_CODE_DIGITS
    ))?;
    args.check_output("ask for the heaps you need with --at")?;
    let (seq, values) = large_set_values(set, args, session)?;
    let period = seq.period();
    Ok(AllButSeqAnswer {
        game: name,
        heaps: args.heaps_field(),
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        saltus: period.map(|p| p.saltus),
        proved: period.is_some(),
        to: args.to,
        values,
        computed: seq.computed(),
    })
}

impl AllButSeqAnswer {
    fn write(&self, f: &mut fmt::Formatter<'_>, one_per_line: bool) -> fmt::Result {
        write_heaps(f, &self.heaps, &self.values, one_per_line)?;
        match (self.period, self.preperiod, self.saltus) {
            (Some(period), Some(preperiod), Some(saltus)) => writeln!(
                f,
                "arithmetic period {period}, saltus {saltus}, preperiod {preperiod}: proved (the \
                 all-but check: every heap follows; {} heaps computed one by one)",
                self.computed
            ),
            _ => writeln!(
                f,
                "period: none proved yet ({} heaps computed one by one)",
                self.computed
            ),
        }
    }
}

/// The values of a take-and-break code that only the general reader holds,
/// and the period they show: proved when the extended Guy–Smith theorem
/// applies (see [`crate::takebreak::GeneralCode::proof_bound`]), else seen.
#[derive(Clone, Debug, Serialize)]
pub struct GeneralSeqAnswer {
    /// The code as CGSuite writes it.
    pub code: String,
    /// The game's name, as written.
    pub game: String,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// The period, if one shows.
    pub period: Option<u64>,
    /// The preperiod, if a period shows.
    pub preperiod: Option<u64>,
    /// Whether the period is proved.
    pub proved: bool,
    /// The saltus of an arithmetic period.
    pub saltus: Option<u64>,
    /// Heaps computed.
    pub computed: u64,
    /// The last heap asked for, without `at`.
    pub to: u64,
    /// One value for each heap asked for.
    pub values: Vec<u64>,
    /// Why the period is not proved, when it is not.
    #[serde(skip)]
    why_not: String,
}

/// `seq` of a general take-and-break code: every heap up to the one asked
/// for by plain mex (within the position and time limits), then up to
/// twice as far again to see a period and, where the theorem applies,
/// as far as its proof needs.
fn general_seq(
    session: &Session,
    code: &crate::takebreak::GeneralCode,
    name: &str,
    args: &SeqRequest,
) -> Result<GeneralSeqAnswer, Error> {
    args.refuse_table_options(&format!(
        "{name} is a general take-and-break code, valued by plain mex and not by the octal \
         engines"
    ))?;
    args.check_output("ask for the heaps you need with --at")?;
    let target = args.target();
    let budget = args.budget(session);
    let mut values = Vec::new();
    code.extend(&mut values, target, &budget)
        .map_err(|e| Error::eval(name, e.into()))?;
    // More heaps to see (and perhaps prove) a period, if they come cheap:
    // a limit hit here only ends the look.
    let more = target.saturating_mul(2).max(256);
    let _ = code.extend(&mut values, more, &budget);
    let mut period = crate::board::patterns::observed_period(&values);
    let mut proved = false;
    if let Some(p) = period.filter(|p| p.saltus == 0) {
        if let Some(bound) = code.proof_bound(p.preperiod, p.period) {
            let need = bound.saturating_add(p.period);
            if (values.len() as u64) < need && need <= 1 << 20 {
                let _ = code.extend(&mut values, need - 1, &budget);
                period = crate::board::patterns::observed_period(&values);
            }
        }
        proved = period.is_some_and(|p| {
            p.saltus == 0 && code.proves(values.len() as u64, p.preperiod, p.period)
        });
    }
    // Unproved, a pattern is reported only when it covers at least half
    // the heaps computed: a preperiod near the end is no evidence.
    let len = values.len() as u64;
    if !proved {
        period = period.filter(|p| len - p.preperiod >= (len / 2).max(2 * p.period));
    }
    let why_not = if period.is_some_and(|p| p.saltus > 0) {
        "no theorem known here proves an arithmetic period of a general code"
    } else if code.is_finite() && code.is_unconstrained() && code.max_heaps() < u64::MAX {
        "the extended Guy–Smith theorem needs the period checked further"
    } else if !code.is_finite() {
        "no theorem covers codes with infinitely many non-zero digits"
    } else if code.max_heaps() == u64::MAX {
        "no theorem covers splits into any number of heaps"
    } else {
        "no theorem covers codes whose splits have equality constraints"
    };
    Ok(GeneralSeqAnswer {
        code: code.to_string(),
        game: name.to_string(),
        heaps: args.heaps_field(),
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        proved,
        saltus: period.and_then(|p| (p.saltus > 0).then_some(p.saltus)),
        computed: values.len() as u64,
        to: args.to,
        values: args.heaps().iter().map(|&n| values[n as usize]).collect(),
        why_not: why_not.to_string(),
    })
}

impl GeneralSeqAnswer {
    fn write(&self, f: &mut fmt::Formatter<'_>, one_per_line: bool) -> fmt::Result {
        write_heaps(f, &self.heaps, &self.values, one_per_line)?;
        let last = self.computed.saturating_sub(1);
        match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) if self.proved => writeln!(
                f,
                "period {period}, preperiod {preperiod}: proved (the Guy–Smith theorem extended \
                 to splits into several heaps, checked on heaps 0..={last})"
            ),
            (Some(period), Some(preperiod)) => {
                let kind = match self.saltus {
                    Some(s) => format!("arithmetic period {period} with saltus {s}"),
                    None => format!("period {period}"),
                };
                writeln!(
                    f,
                    "{kind}, preperiod {preperiod}: seen on heaps 0..={last}, not proved ({})",
                    self.why_not
                )
            }
            _ => writeln!(f, "period: none seen in heaps 0..={last}"),
        }
    }
}

/// The values of a scripted game on one integer and the period they show
/// (seen, not proved: a script's rules have no theorem).
#[derive(Clone, Debug, Serialize)]
pub struct ScriptSeqAnswer {
    /// The game's name.
    pub game: String,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// The period, if one shows.
    pub period: Option<u64>,
    /// The preperiod, if a period shows.
    pub preperiod: Option<u64>,
    /// Always false: no theorem covers a script's rules.
    pub proved: bool,
    /// The saltus of an arithmetic period.
    pub saltus: Option<u64>,
    /// The file the game comes from.
    pub script: String,
    /// How many heaps the period was seen on.
    pub seen_on: usize,
    /// The largest heap computed.
    pub to: u64,
    /// One value for each heap asked for.
    pub values: Vec<u64>,
}

/// The values of a scripted game on one integer.
pub fn script_seq(
    session: &Session,
    game: &'static crate::script::ScriptGame,
    args: &SeqRequest,
) -> Result<ScriptSeqAnswer, Error> {
    let to = args.target();
    let values = game
        .sequence(to, &args.budget(session))
        .map_err(|e| Error::eval(game.name(), e))?;
    let period = crate::board::patterns::observed_period(&values);
    Ok(ScriptSeqAnswer {
        game: game.name().to_string(),
        heaps: args.heaps_field(),
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        proved: false,
        saltus: period.and_then(|p| (p.saltus > 0).then_some(p.saltus)),
        script: game.path().to_string(),
        seen_on: values.len(),
        to,
        values: args.heaps().iter().map(|&n| values[n as usize]).collect(),
    })
}

/// The text `grundy seq` prints for a scripted game.
impl fmt::Display for ScriptSeqAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl ScriptSeqAnswer {
    fn write(&self, f: &mut fmt::Formatter<'_>, one_per_line: bool) -> fmt::Result {
        write_heaps(f, &self.heaps, &self.values, one_per_line)?;
        let last = self.seen_on.saturating_sub(1);
        match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) => {
                let kind = match self.saltus {
                    Some(s) => format!("arithmetic period {period} with saltus {s}"),
                    None => format!("period {period}"),
                };
                writeln!(
                    f,
                    "{kind}, preperiod {preperiod}: seen on heaps 0..={last}, not proved (no \
                     theorem covers a scripted game's rules)"
                )
            }
            _ => writeln!(f, "period: none seen in heaps 0..={last}"),
        }
    }
}

/// Each heap's misère Grundy value and genus, and the period the misère
/// values show.
#[derive(Clone, Debug, Serialize)]
pub struct MisereSeqAnswer {
    /// The game's name.
    pub game: String,
    /// Each heap's genus, as CGSuite writes it.
    pub genus: Vec<String>,
    /// The heaps asked for with `at` (`null`: every heap `0..=to`).
    pub heaps: Option<Vec<u64>>,
    /// Always true.
    pub misere: bool,
    /// The period the misère values show, if one does.
    pub period: Option<u64>,
    /// The preperiod, if a period shows.
    pub preperiod: Option<u64>,
    /// Always false: the period is seen, not proved.
    pub proved: bool,
    /// The largest heap computed.
    pub to: u64,
    /// Each heap's misère Grundy value.
    pub values: Vec<u64>,
    /// Heaps computed.
    #[serde(skip)]
    pub seen_on: usize,
}

/// `seq NAME --misere`: per heap, the misère Grundy value and the genus,
/// from the heap's misère canonical form (any impartial game on one
/// integer, built-in or scripted); the period the misère values show.
pub fn misere_seq(
    session: &Session,
    name: &str,
    args: &SeqRequest,
) -> Result<MisereSeqAnswer, Error> {
    let to = args.target();
    let budget = args.budget(session);
    // A value and a genus per heap, checked before any is made (the default
    // position limit bounds the heaps: seq's --max-positions is for large
    // sets and families of positions).
    let most = budget.limits().max_positions;
    if to >= most {
        return Err(Error::input(format!(
            "seq --misere makes the misère canonical form of every heap up to {to}; it goes up to \
             heap {} at most (the default position limit); give a smaller --to or --at",
            most - 1
        )));
    }
    let mut cx = crate::component::Context::new(*budget.limits());
    cx.start(&budget);
    let mut values = Vec::new();
    let mut genera = Vec::new();
    for n in 0..=to {
        let text = format!("{name}({n})");
        let game = crate::language::expr::parse_game_in(&text, &session.registry)
            .map_err(|e| Error::parse(&text, &e))?;
        let parts: Vec<crate::component::Impartial> = game
            .components()
            .into_iter()
            .filter_map(|c| match c {
                crate::component::Component::Impartial(p) => Some(p.clone()),
                crate::component::Component::Partizan(_) => None,
            })
            .collect();
        let form = crate::misere::misere_canonical_sum(&parts, &mut cx)
            .map_err(|e| Error::eval_with(&text, e, |m| format!("{text}: {m}")))?;
        values.push(form.misere_nim_value().0);
        genera.push(form.genus().to_string());
    }
    let period = crate::board::patterns::observed_period(&values);
    let heaps = args.heaps();
    Ok(MisereSeqAnswer {
        game: name.to_string(),
        genus: heaps.iter().map(|&n| genera[n as usize].clone()).collect(),
        heaps: args.heaps_field(),
        misere: true,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        proved: false,
        to,
        values: heaps.iter().map(|&n| values[n as usize]).collect(),
        seen_on: values.len(),
    })
}

/// The text `grundy seq --misere` prints.
impl fmt::Display for MisereSeqAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps = match &self.heaps {
            Some(h) => h.clone(),
            None => (0..=self.to).collect(),
        };
        for ((n, v), g) in heaps.iter().zip(&self.values).zip(&self.genus) {
            writeln!(f, "G-({n}) = {v}  genus {g}")?;
        }
        let last = self.seen_on.saturating_sub(1);
        match (self.period, self.preperiod) {
            (Some(p), Some(pre)) => writeln!(
                f,
                "misère values: period {p}, preperiod {pre}: seen on heaps 0..={last}, not proved"
            ),
            _ => writeln!(f, "misère values: no period seen in heaps 0..={last}"),
        }
    }
}
