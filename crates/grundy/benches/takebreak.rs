//! Take-and-break benchmarks: each compares with a baseline measured in the
//! same run and asserts its answer.
//!
//! `cargo bench -p grundy --bench takebreak` runs Kayles and Grundy's game to
//! heap 100000 against the plain O(n²) engine, and Officers (0.6) to heap
//! 2^22 on one and on two threads against the RC and RC2 solvers of the
//! `ogs` crate (one thread each), with the ratios and whether the targets of
//! issue 26 are met (one thread ≥ 2× both, two threads ≥ 3× both). Set
//! `GRUNDY_BENCH_OFFICERS_LOG2` to change the Officers size,
//! `GRUNDY_BENCH_ROUNDS=n` to repeat the four Officers runs in turn `n` times
//! and keep the best of each (the machine may be shared), and
//! `GRUNDY_BENCH_LONG=1` to also time Grundy's game to heap 2^24 (a minute,
//! target under 60 s). Runs are not sampled otherwise: each takes seconds,
//! and the point is the ratio against a baseline on the same machine at the
//! same moment.

use std::time::{Duration, Instant};

use grundy::takebreak::{HeapSolver, SequenceConfig, SolverChoice, TakeBreak, WorkCounts};

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// CPU time of the process so far (user + system, from `/proc/self/stat`,
/// in ticks of 10 ms), where there is one: on a loaded machine the CPU time
/// of a one-thread run stays what an idle machine's wall clock would show.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Like `timed`, with the CPU time too (zero where unknown).
fn timed_cpu<T>(f: impl FnOnce() -> T) -> (T, Duration, f64) {
    let cpu = cpu_seconds();
    let (out, wall) = timed(f);
    let cpu = cpu.zip(cpu_seconds()).map_or(0.0, |(a, b)| b - a);
    (out, wall, cpu)
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

/// Officers' values by one of the `ogs` crate's solvers.
fn ogs_officers<S: ogs::Solver + Iterator<Item = u16>>(to: usize) -> S
where
    S::Stats: Default,
{
    let mut solver = S::with_capacity("0.6".parse().expect("ogs parses 0.6"), to + 1);
    for _ in 0..=to {
        solver.next();
    }
    solver
}

/// The least of several timings: the machine is shared, and the least is
/// the one least disturbed.
fn best(times: &[Duration]) -> f64 {
    times
        .iter()
        .map(Duration::as_secs_f64)
        .fold(f64::INFINITY, f64::min)
}

/// `/proc/loadavg`'s first three fields, where there is one: the runs
/// compete with whatever else the machine does.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".to_string(),
        |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

fn officers_against_ogs() {
    use ogs::Solver;
    let log2: u32 = std::env::var("GRUNDY_BENCH_OFFICERS_LOG2")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(22);
    let rounds: usize = std::env::var("GRUNDY_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let to = (1usize << log2) - 1;
    let game = TakeBreak::officers();
    let (mut one, mut two, mut rc, mut rc2) = (vec![], vec![], vec![], vec![]);
    let (mut one_cpu, mut rc_cpu, mut rc2_cpu) = (vec![], vec![], vec![]);
    let mut work = WorkCounts::default();
    let mut work_one = WorkCounts::default();
    // The four runs alternate round by round, so that a change of load on
    // the machine touches all of them alike.
    for _ in 0..rounds {
        let ((single, w1), t, cpu) =
            timed_cpu(|| run_on(&game, to as u64, SolverChoice::Auto, false, 1));
        work_one = w1;
        one.push(t);
        one_cpu.push(Duration::from_secs_f64(cpu));
        let ((double, w), t) = timed(|| run_on(&game, to as u64, SolverChoice::Auto, false, 2));
        two.push(t);
        work = w;
        assert_eq!(
            single.values(),
            double.values(),
            "one thread and two threads differ"
        );
        let (theirs, t, cpu) = timed_cpu(|| ogs_officers::<ogs::RCSolver<true, ()>>(to));
        rc.push(t);
        rc_cpu.push(Duration::from_secs_f64(cpu));
        let (theirs2, t, cpu) = timed_cpu(|| ogs_officers::<ogs::RC2Solver<true, ()>>(to));
        rc2.push(t);
        rc2_cpu.push(Duration::from_secs_f64(cpu));
        for nimbers in [theirs.nimbers(), theirs2.nimbers()] {
            let same = single
                .values()
                .iter()
                .zip(nimbers)
                .all(|(a, &b)| a == u32::from(b));
            assert!(
                same && nimbers.len() == single.values().len(),
                "values differ from ogs"
            );
        }
        spot_check(&game, &single.values().to_vec());
    }
    let (one, two, rc, rc2) = (best(&one), best(&two), best(&rc), best(&rc2));
    let (one_cpu, rc_cpu, rc2_cpu) = (best(&one_cpu), best(&rc_cpu), best(&rc2_cpu));
    println!("{:<28} load average at the end: {}", "", load_average());
    let met = |ratio: f64, target: f64| if ratio >= target { "met" } else { "NOT met" };
    println!(
        "{:<28} G(0..2^{log2}), best of {rounds}:  grundy {one:.3} s on 1 thread, {two:.3} s on 2   ogs RC {rc:.3} s, RC2 {rc2:.3} s (wall clock)",
        "officers 0.6 vs ogs",
    );
    println!(
        "{:<28} 1 thread: {:.2}x RC, {:.2}x RC2 (target 2x: {}); 2 threads: {:.2}x RC, {:.2}x RC2 (target 3x: {})",
        "",
        rc / one,
        rc2 / one,
        met((rc / one).min(rc2 / one), 2.0),
        rc / two,
        rc2 / two,
        met((rc / two).min(rc2 / two), 3.0),
    );
    if one_cpu > 0.0 {
        println!(
            "{:<28} CPU time of the one-thread runs: grundy {one_cpu:.2} s, RC {rc_cpu:.2} s, RC2 {rc2_cpu:.2} s: {:.2}x RC, {:.2}x RC2",
            "",
            rc_cpu / one_cpu,
            rc2_cpu / one_cpu,
        );
    }
    println!(
        "{:<28} one thread: {:.0} pairs marked and {:.0} compared with the awaited values a heap",
        "",
        work_one.pairs as f64 / (to + 1) as f64,
        work_one.compared as f64 / (to + 1) as f64,
    );
    println!("{:<28} {}", "", amdahl(&work, 2));
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
