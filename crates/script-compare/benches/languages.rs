//! The same rule, the subtraction game {1, 3, 4}, written in each scripting
//! language: G(0..N) with `moves(n)` called in the script for every heap and
//! the mex done in Rust ([`grundy_values`]), so only the language differs.
//!
//! `cargo bench -p script-compare --bench languages` times each language once
//! and prints positions per second and the ratio to Rhai, then runs the divan
//! benchmarks (positions per second in the `items/s` column). Every run checks
//! all N values against the period-7 sequence. `GRUNDY_BENCH_N` sets N
//! (default 100 000).

use std::time::{Duration, Instant};

use divan::counter::ItemsCount;
use divan::Bencher;
use script_compare::{
    expected_value, grundy_values, rust_moves, LuaMoves, RhaiCall, RhaiMoves, StarlarkMoves,
    LUA_MOVES, RHAI_MOVES, STARLARK_MOVES,
};

fn bound() -> u64 {
    std::env::var("GRUNDY_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000)
}

/// The answer every language must give: 0, 1, 0, 1, 2, 3, 2 repeating.
fn check(values: &[u32]) {
    assert_eq!(values.len() as u64, bound());
    for (n, &g) in values.iter().enumerate() {
        assert_eq!(g, expected_value(n as u64), "G({n})");
    }
}

/// The sandboxed engine without its operation budget, to price the budget.
fn rhai_unlimited_engine() -> rhai::Engine {
    let mut engine = script_compare::rhai_engine();
    engine.set_max_operations(0);
    engine
}

/// A way to compute G(0..N), with the rule compiled before the clock starts.
struct Contender {
    name: &'static str,
    run: Box<dyn FnMut() -> Vec<u32>>,
}

fn contenders() -> Vec<Contender> {
    let n = bound();
    let mut rhai_call_fn = RhaiMoves::try_new(RHAI_MOVES).expect("valid");
    let mut rhai = RhaiMoves::try_new(RHAI_MOVES).expect("valid");
    let mut lua = LuaMoves::try_new(LUA_MOVES).expect("valid");
    let mut lua_unlimited = LuaMoves::try_new_unlimited(LUA_MOVES).expect("valid");
    let mut rhai_unlimited =
        RhaiMoves::try_with_engine(rhai_unlimited_engine(), RHAI_MOVES).expect("valid");
    let starlark = StarlarkMoves::try_new(STARLARK_MOVES).expect("valid");
    let starlark_unlimited = StarlarkMoves::try_new_unlimited(STARLARK_MOVES).expect("valid");
    vec![
        Contender {
            name: "rust closure (baseline)",
            run: Box::new(move || grundy_values(n, rust_moves).expect("runs")),
        },
        Contender {
            name: "rhai, call_fn_with_options(eval_ast false)",
            run: Box::new(move || grundy_values(n, |h, out| rhai.moves(h, out)).expect("runs")),
        },
        Contender {
            name: "rhai, no operation limit",
            run: Box::new(move || {
                grundy_values(n, |h, out| rhai_unlimited.moves(h, out)).expect("runs")
            }),
        },
        Contender {
            name: "rhai, call_fn",
            run: Box::new(move || {
                grundy_values(n, |h, out| {
                    rhai_call_fn.moves_with(RhaiCall::CallFn, h, out)
                })
                .expect("runs")
            }),
        },
        Contender {
            name: "lua 5.4, instruction limit hook",
            run: Box::new(move || grundy_values(n, |h, out| lua.moves(h, out)).expect("runs")),
        },
        Contender {
            name: "lua 5.4, no limit",
            run: Box::new(move || {
                grundy_values(n, |h, out| lua_unlimited.moves(h, out)).expect("runs")
            }),
        },
        Contender {
            name: "starlark, statement limit hook",
            run: Box::new(move || {
                starlark
                    .with_moves(|moves| grundy_values(n, moves))
                    .expect("runs")
            }),
        },
        Contender {
            name: "starlark, no limit",
            run: Box::new(move || {
                starlark_unlimited
                    .with_moves(|moves| grundy_values(n, moves))
                    .expect("runs")
            }),
        },
    ]
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (out.expect("at least one run"), best)
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn rust_closure_baseline(b: Bencher) {
    b.counter(ItemsCount::new(bound()))
        .bench_local(|| check(&grundy_values(bound(), rust_moves).expect("runs")));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn rhai_call_fn_with_options(b: Bencher) {
    let mut rhai = RhaiMoves::try_new(RHAI_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound()))
        .bench_local(|| check(&grundy_values(bound(), |h, out| rhai.moves(h, out)).expect("runs")));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn rhai_no_operation_limit(b: Bencher) {
    let mut rhai = RhaiMoves::try_with_engine(rhai_unlimited_engine(), RHAI_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound()))
        .bench_local(|| check(&grundy_values(bound(), |h, out| rhai.moves(h, out)).expect("runs")));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn rhai_call_fn(b: Bencher) {
    let mut rhai = RhaiMoves::try_new(RHAI_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound())).bench_local(|| {
        check(
            &grundy_values(bound(), |h, out| rhai.moves_with(RhaiCall::CallFn, h, out))
                .expect("runs"),
        )
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn lua54_with_limit(b: Bencher) {
    let mut lua = LuaMoves::try_new(LUA_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound()))
        .bench_local(|| check(&grundy_values(bound(), |h, out| lua.moves(h, out)).expect("runs")));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn lua54_no_limit(b: Bencher) {
    let mut lua = LuaMoves::try_new_unlimited(LUA_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound()))
        .bench_local(|| check(&grundy_values(bound(), |h, out| lua.moves(h, out)).expect("runs")));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn starlark_with_limit(b: Bencher) {
    let starlark = StarlarkMoves::try_new(STARLARK_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound())).bench_local(|| {
        check(
            &starlark
                .with_moves(|moves| grundy_values(bound(), moves))
                .expect("runs"),
        )
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn starlark_no_limit(b: Bencher) {
    let starlark = StarlarkMoves::try_new_unlimited(STARLARK_MOVES).expect("valid");
    b.counter(ItemsCount::new(bound())).bench_local(|| {
        check(
            &starlark
                .with_moves(|moves| grundy_values(bound(), moves))
                .expect("runs"),
        )
    });
}

fn main() {
    let n = bound();
    println!("subtraction game {{1, 3, 4}}, G(0..{n}), moves(n) in each language, mex in Rust");
    let mut rows = Vec::new();
    for mut c in contenders() {
        let (values, t) = best_of(3, &mut c.run);
        check(&values);
        rows.push((c.name, n as f64 / t.as_secs_f64()));
    }
    let rhai = rows
        .iter()
        .find(|(name, _)| name.starts_with("rhai"))
        .expect("rhai measured")
        .1;
    println!(
        "  {:<44} {:>14} {:>10}",
        "language", "positions/s", "vs rhai"
    );
    // The ratio is to the first Rhai row: the way grundy calls a rule.
    for (name, rate) in &rows {
        println!("  {name:<44} {rate:>14.0} {:>9.2}x", rate / rhai);
    }
    divan::main();
}
