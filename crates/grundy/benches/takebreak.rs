//! Take-and-break benchmarks: each compares with a baseline measured in the
//! same run and asserts its answer.
//!
//! `cargo bench -p grundy --bench takebreak` runs Kayles and Grundy's game to
//! heap 100000 against the plain O(n²) engine, and Officers (0.6) to heap
//! 2^22 against the RC2 solver of the `ogs` crate. Set
//! `GRUNDY_BENCH_OFFICERS_LOG2` to change the Officers size and
//! `GRUNDY_BENCH_LONG=1` to also time Grundy's game to heap 2^24 (minutes).
//! Runs are single, not sampled: each takes seconds, and the point is the
//! ratio against a baseline on the same machine at the same moment.

use std::time::{Duration, Instant};

use grundy::takebreak::{HeapSolver, SequenceConfig, SolverChoice, TakeBreak, WorkCounts};

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

fn run(
    game: &TakeBreak,
    to: u64,
    solver: SolverChoice,
    stop_when_proved: bool,
) -> grundy::takebreak::HeapSequence {
    run_on(game, to, solver, stop_when_proved, 0).0
}

/// Like `run`, with `threads` threads (0: one per core).
fn run_on(
    game: &TakeBreak,
    to: u64,
    solver: SolverChoice,
    stop_when_proved: bool,
    threads: usize,
) -> (grundy::takebreak::HeapSequence, WorkCounts) {
    let config = SequenceConfig {
        solver,
        stop_when_proved,
        threads,
        ..SequenceConfig::default()
    };
    let mut engine = HeapSolver::new(game.clone(), config).expect("valid config");
    engine.try_extend(to, u64::MAX).expect("within limits");
    let work = engine.work();
    (engine.into_sequence(), work)
}

/// What Amdahl's law allows a run measured with `threads` threads on more
/// cores: its one-thread part stays, its parallel part shrinks at best in
/// proportion.
fn amdahl(work: &WorkCounts, threads: usize) -> String {
    let total = work.extend_nanos as f64;
    let parallel = work.parallel_nanos as f64;
    let serial = total - parallel;
    let bound = |cores: usize| total / (serial + parallel * threads as f64 / cores as f64);
    format!(
        "parallel phases {:.0}% of the {threads}-thread run; at best {:.2}x on 4 cores, {:.2}x on 8, {:.2}x on 16 (vs {threads})",
        100.0 * parallel / total.max(1.0),
        bound(4),
        bound(8),
        bound(16)
    )
}

/// G(m) straight from the definition (every option), using the table for
/// smaller heaps: an independent check of sampled values.
fn mex_by_definition(game: &TakeBreak, values: &[u32], m: usize) -> u32 {
    let mut seen = vec![false; 1 << 16];
    let unequal = game.is_grundys_game();
    for k in 0..=m {
        let d = game.digit(k as u64);
        let rest = m - k;
        if d & 1 != 0 && rest == 0 {
            seen[0] = true;
        }
        if d & 2 != 0 && rest >= 1 && k >= 1 {
            seen[values[rest] as usize] = true;
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                if !(unequal && 2 * a == rest) {
                    seen[(values[a] ^ values[rest - a]) as usize] = true;
                }
            }
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

fn spot_check(game: &TakeBreak, values: &[u32]) {
    let len = values.len();
    for m in [len / 3, len / 2, len - 101, len - 2, len - 1] {
        assert_eq!(
            values[m],
            mex_by_definition(game, values, m),
            "{game} at heap {m}"
        );
    }
}

fn against_plain(name: &str, game: &TakeBreak, to: u64) {
    let (fast, t_fast) = timed(|| run(game, to, SolverChoice::Auto, true));
    let (plain, t_plain) = timed(|| run(game, to, SolverChoice::Plain, false));
    for n in 0..=to {
        assert_eq!(
            fast.get(n).expect("proved or computed"),
            plain.get(n).expect("computed"),
            "{name} {n}"
        );
    }
    println!(
        "{name:<28} G(0..={to}): auto {:>9.3} s   plain O(n^2) {:>9.3} s   ratio {:>8.1}x   ({} heaps computed{})",
        t_fast.as_secs_f64(),
        t_plain.as_secs_f64(),
        t_plain.as_secs_f64() / t_fast.as_secs_f64(),
        fast.len(),
        if fast.periodicity().is_some_and(|p| p.proved) { ", period proved" } else { "" }
    );
}

fn officers_against_ogs() {
    use ogs::Solver;
    let log2: u32 = std::env::var("GRUNDY_BENCH_OFFICERS_LOG2")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(22);
    let to = (1usize << log2) - 1;
    let game = TakeBreak::officers();
    let ((ours, work), t_ours) = timed(|| run_on(&game, to as u64, SolverChoice::Auto, false, 0));
    let ((one, _), t_one) = timed(|| run_on(&game, to as u64, SolverChoice::Auto, false, 1));
    assert_eq!(
        one.values(),
        ours.values(),
        "one thread and all threads differ"
    );
    let (theirs, t_ogs) = timed(|| {
        let mut solver = ogs::RC2Solver::<true, ()>::with_capacity(
            "0.6".parse().expect("ogs parses 0.6"),
            to + 1,
        );
        for _ in 0..=to {
            solver.next();
        }
        solver
    });
    let same = ours
        .values()
        .iter()
        .zip(theirs.nimbers())
        .all(|(a, &b)| a == u32::from(b));
    assert!(
        same && theirs.nimbers().len() == ours.values().len(),
        "values differ from ogs"
    );
    spot_check(&game, &ours.values().to_vec());
    let ratio = t_ogs.as_secs_f64() / t_ours.as_secs_f64();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{:<28} G(0..2^{log2}):  grundy {:>9.3} s ({threads} threads; {:.3} s on one)   ogs RC2 {:>9.3} s   speed-up {ratio:>5.2}x, {:.2}x on one thread (target 3x: {})",
        "officers 0.6 vs ogs",
        t_ours.as_secs_f64(),
        t_one.as_secs_f64(),
        t_ogs.as_secs_f64(),
        t_ogs.as_secs_f64() / t_one.as_secs_f64(),
        if ratio >= 3.0 { "met" } else { "NOT met" }
    );
    println!("{:<28} {}", "", amdahl(&work, threads));
}

fn grundy_long() {
    let to = (1u64 << 24) - 1;
    let game = TakeBreak::grundys_game();
    let ((sequence, work), t) = timed(|| run_on(&game, to, SolverChoice::Auto, false, 0));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    spot_check(&game, &sequence.values().to_vec());
    let stats = sequence.stats();
    println!(
        "{:<28} G(0..2^24): {:>9.1} s   largest value {} at heap {}   {} rare heaps, last at {:?} (target < 60 s: {})",
        "grundy's game",
        t.as_secs_f64(),
        stats.largest,
        stats.largest_at,
        stats.rare_count,
        stats.last_rare_heap,
        if t.as_secs() < 60 { "met" } else { "NOT met" }
    );
    println!(
        "{:<28} {}; table {} bytes a heap, values' entropy {:.2} bits",
        "",
        amdahl(&work, threads),
        sequence.values().bytes_per_value(),
        stats.entropy_bits()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing
    // and gets a quick smoke run.
    if !std::env::args().any(|a| a == "--bench") {
        against_plain("kayles 0.77", &TakeBreak::kayles(), 2_000);
        return;
    }
    against_plain("kayles 0.77", &TakeBreak::kayles(), 100_000);
    against_plain("grundy's game", &TakeBreak::grundys_game(), 100_000);
    officers_against_ogs();
    if std::env::var_os("GRUNDY_BENCH_LONG").is_some() {
        grundy_long();
    }
}
