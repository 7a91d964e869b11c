//! Officers (octal 0.6) by one of the `ogs` crate's solvers on one thread:
//! the peer's side of the cache model in `docs/perf/officers_cache_model.md`,
//! run under `valgrind --tool=cachegrind` beside `grundy seq 'octal[0.6]'`.
//!
//! ```sh
//! cargo run --release --example ogs_officers -- rc 524287
//! ```
//!
//! Prints `G(n)`, to be compared with grundy's answer for the same heap.

use ogs::Solver;

/// `G(n)` of Officers by the solver `S`, heaps 0..=n in order.
fn last_value<S: Solver + Iterator<Item = u16>>(n: usize) -> u16
where
    S::Stats: Default,
{
    let mut solver = S::with_capacity("0.6".parse().expect("ogs reads 0.6"), n + 1);
    let mut last = 0;
    for _ in 0..=n {
        last = solver.next().expect("ogs gives a value for every heap");
    }
    last
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ogs_officers rc|rc2 HEAP (the largest heap, at most 2^32)";
    let (Some(which), Some(heap)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(n) = heap.parse::<usize>().ok().filter(|&n| n < 1 << 32) else {
        eprintln!("HEAP `{heap}` is not a number below 2^32: {usage}");
        std::process::exit(2);
    };
    let value = match which.as_str() {
        "rc" => last_value::<ogs::RCSolver<true, ()>>(n),
        "rc2" => last_value::<ogs::RC2Solver<true, ()>>(n),
        other => {
            eprintln!("solver `{other}` is not one of rc, rc2: {usage}");
            std::process::exit(2);
        }
    };
    println!("G({n}) = {value}");
}
