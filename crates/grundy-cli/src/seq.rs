//! `grundy seq`: the values G(0..=N) of a heap ruleset, its period and
//! statistics, computed by the library's facade ([`grundy::api::seq`]);
//! this module reads the flags, draws the progress bar and prints.
//!
//! Values are checkpointed to `--store FILE` as they are computed; an
//! interrupted run (Ctrl-C, kill -9) continues from the last checkpoint
//! with `--resume`. The first Ctrl-C makes the run write a last checkpoint
//! of every value computed so far and stop (exit status 130); a second one
//! stops at once.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::api::{self, SeqEvent, SeqRequest, SeqSolver, SeqStore};
use grundy::component::HeapKind;
use grundy::takebreak::TakeBreak;

use crate::UserError;

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SolverArg {
    /// The sparse-space engine where values are sparse, plain elsewhere.
    Auto,
    /// Mex over every option.
    Plain,
    /// The sparse-space engine (games whose moves leave at most two heaps).
    Sparse,
}

/// Options of `grundy seq`.
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct SeqArgs {
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
    /// Most heaps a subtraction or all-but set with an element beyond 4096
    /// may compute one by one (its values are its own pieces or pattern,
    /// not a table: what its errors name), and most positions searched for
    /// a family of positions.
    #[arg(long, default_value_t = grundy::Limits::default().max_positions)]
    pub max_positions: u64,
    /// Most memory those heaps may take, by their own estimate: bytes, or
    /// with a suffix K, M, G (powers of 1024), like 500M or 4G.
    #[arg(long, default_value = "4G", value_parser = crate::limits::size)]
    pub max_memory: u64,
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
    #[arg(long, value_parser = crate::limits::duration)]
    pub max_time: Option<Duration>,
    /// Seconds between checkpoints of the --store file.
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub checkpoint_secs: u64,
}

impl SeqArgs {
    /// The request these flags make.
    fn request(&self) -> SeqRequest {
        SeqRequest {
            to: self.to,
            at: self.at.clone(),
            misere: self.misere,
            stats: self.stats,
            solver: match self.solver {
                SolverArg::Auto => SeqSolver::Auto,
                SolverArg::Plain => SeqSolver::Plain,
                SolverArg::Sparse => SeqSolver::Sparse,
            },
            threads: self.threads,
            memory_mb: self.memory_mb,
            no_early_stop: self.no_early_stop,
            max_output: self.max_output,
            max_time: self.max_time,
            checkpoint_secs: self.checkpoint_secs,
            store: self.store.clone().map(|path| SeqStore {
                path,
                resume: self.resume,
            }),
        }
    }
}

/// Computes and prints the sequence of `ruleset`, with a progress bar on a
/// terminal.
pub(crate) fn run(ruleset: &str, args: &SeqArgs) -> anyhow::Result<Result<(), UserError>> {
    let session = crate::limits::session_of(grundy::Limits {
        max_positions: args.max_positions,
        max_memory: args.max_memory,
        ..grundy::Limits::default()
    });
    let mut bar: Option<indicatif::ProgressBar> = None;
    let terminal = std::io::stderr().is_terminal() && !crate::output::serving();
    let mut watch = |event: SeqEvent| match event {
        SeqEvent::Note(text) => match &bar {
            Some(b) => b.suspend(|| eprintln!("{text}")),
            None => eprintln!("{text}"),
        },
        SeqEvent::Progress {
            done,
            wanted,
            proved,
        } if terminal => {
            let b = bar.get_or_insert_with(|| {
                let b = indicatif::ProgressBar::new(wanted);
                b.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{spinner} {bar:40} heap {pos}/{len} · {per_sec} · ETA {eta} {msg}",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                b
            });
            b.set_position(done);
            if proved {
                b.set_message("period proved");
            }
        }
        SeqEvent::Progress { .. } => {}
    };
    let answer = api::seq(&session, ruleset, &args.request(), &mut watch);
    if let Some(b) = bar.take() {
        match &answer {
            Ok(_) => b.finish_and_clear(),
            Err(_) => b.abandon(),
        }
    }
    let answer = match answer {
        Ok(a) => a,
        Err(e) => return Ok(Err(e.into())),
    };
    let mut out = std::io::BufWriter::new(crate::output::stdout());
    if args.json {
        // Written with sorted keys, as seq always wrote them.
        serde_json::to_writer(&mut out, &serde_json::to_value(&answer)?)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", answer.text(args.one_per_line))?;
    }
    out.flush()?;
    Ok(Ok(()))
}

/// Refuses a store (at `path`, of `stored`) for the position `text` unless
/// the position has heaps of the store's game: a store of another game
/// answers nothing asked, and is most likely the wrong file. Text that does
/// not parse passes: its own error is reported when it is evaluated.
pub(crate) fn check_store_game(path: &Path, stored: &TakeBreak, text: &str) -> Result<(), String> {
    let Ok(game) = grundy::language::expr::parse_any(text) else {
        return Ok(());
    };
    let mut asked = Vec::new();
    // Each component names its ruleset as written; read it back as a ruleset.
    for c in game.components() {
        let written = c.key().ruleset;
        if let Ok(grundy::language::expr::Ruleset::Heap(rules)) =
            grundy::language::expr::parse_ruleset_spec(&written)
        {
            let tb = match &rules.kind {
                HeapKind::TakeBreak(tb) => tb.clone(),
                HeapKind::Nim => TakeBreak::nim(),
                // Its values are never stored: no store is of it.
                HeapKind::Set(set) => {
                    asked.push(format!("`{set}`"));
                    continue;
                }
                HeapKind::AllBut(set) => {
                    asked.push(format!("`{set}`"));
                    continue;
                }
                HeapKind::General(code) => {
                    asked.push(format!("`{}` (general code {code})", rules.name));
                    continue;
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: SeqArgs,
    }

    fn output(ruleset: &str, flags: &[&str]) -> String {
        let args = Cli::parse_from(std::iter::once("seq").chain(flags.iter().copied())).args;
        let session = grundy::api::Session::default();
        let answer = api::seq(&session, ruleset, &args.request(), &mut |_| {}).unwrap();
        if args.json {
            serde_json::to_value(&answer).unwrap().to_string()
        } else {
            answer.to_string()
        }
    }

    #[test]
    fn text_gives_values_then_the_period() {
        let text = output("kayles", &["--to", "200"]);
        assert!(
            text.starts_with("0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7"),
            "{text}"
        );
        assert!(text.contains("period 12, preperiod 71: proved"), "{text}");
        let far = output("kayles", &["--at", "1000000000000,3"]);
        assert!(far.starts_with("G(1000000000000) = 1\nG(3) = 3\n"), "{far}");
    }

    #[test]
    fn json_has_the_documented_fields() {
        let json = output("nim", &["--to", "20", "--json", "--stats"]);
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
        let json = output("dawson", &["--to", "300", "--json"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            (value["period"].clone(), value["preperiod"].clone()),
            (34.into(), 53.into())
        );
        assert_eq!(value["proved"], true);
        assert_eq!(value["saltus"], serde_json::Value::Null);
    }
}
