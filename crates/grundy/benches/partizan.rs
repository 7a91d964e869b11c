//! Canonical forms against plain game-tree search, in the same run.
//!
//! `cargo bench -p grundy --bench partizan` runs the divan benchmarks, then
//! times each workload once more per solver and prints the ratio
//! (canonical / search). Every workload asserts its answer.

use std::time::{Duration, Instant};

use grundy::engine::{ComponentSum, SumPosition};
use grundy::partizan::{
    search_outcome, toads_frogs, CanonicalSolver, Domineering, DomineeringBoard, ToadsFrogs,
};
use grundy::{parse_game, Component, Engine, GameExpr, Limits, Outcome};

fn rectangles() -> Vec<(usize, usize)> {
    (1..=4).flat_map(|r| (1..=5).map(move |c| (r, c))).collect()
}

/// Every empty rectangle up to 4x5, with a fresh solver (no shared memo).
fn domineering_canonical() -> Vec<Outcome> {
    let mut out = Vec::new();
    for (r, c) in rectangles() {
        let mut s = CanonicalSolver::new(Domineering);
        out.push(
            s.value(&DomineeringBoard::empty(r, c).expect("small"))
                .expect("within limits")
                .outcome(),
        );
    }
    out
}

fn domineering_search() -> Vec<Outcome> {
    rectangles()
        .into_iter()
        .map(|(r, c)| {
            search_outcome(&Domineering, &DomineeringBoard::empty(r, c).expect("small"))
                .expect("small")
        })
        .collect()
}

fn toad_strings() -> Vec<String> {
    toad_strings_of(8)
}

fn toad_strings_of(len: usize) -> Vec<String> {
    let mut layer = vec![String::new()];
    for _ in 0..len {
        layer = layer
            .iter()
            .flat_map(|s| ['t', 'f', '.'].map(|c| format!("{s}{c}")))
            .collect();
    }
    layer
}

/// All 3^8 Toads and Frogs strings of length 8, sharing one memo.
fn toads_canonical(strings: &[String]) -> Vec<Outcome> {
    let mut s = CanonicalSolver::new(ToadsFrogs);
    strings
        .iter()
        .map(|t| {
            s.value(&toads_frogs(t).expect("valid"))
                .expect("within limits")
                .outcome()
        })
        .collect()
}

fn toads_search(strings: &[String]) -> Vec<Outcome> {
    strings
        .iter()
        .map(|t| search_outcome(&ToadsFrogs, &toads_frogs(t).expect("valid")).expect("small"))
        .collect()
}

#[divan::bench(sample_count = 5)]
fn domineering_rectangles_to_4x5_canonical() -> Vec<Outcome> {
    domineering_canonical()
}

#[divan::bench(sample_count = 5)]
fn domineering_rectangles_to_4x5_search() -> Vec<Outcome> {
    domineering_search()
}

#[divan::bench(sample_count = 5)]
fn toads_frogs_length_8_canonical(b: divan::Bencher) {
    let strings = toad_strings();
    b.bench(|| toads_canonical(&strings));
}

#[divan::bench(sample_count = 5)]
fn toads_frogs_length_8_search(b: divan::Bencher) {
    let strings = toad_strings();
    b.bench(|| toads_search(&strings));
}

/// Every string of length 8 split between two threads, each with its own
/// solver: the threads intern into the shared table at the same time.
fn toads_canonical_two_threads(strings: &[String]) -> Vec<Outcome> {
    let (a, b) = strings.split_at(strings.len() / 2);
    std::thread::scope(|s| {
        let first = s.spawn(|| toads_canonical(a));
        let mut out = toads_canonical(b);
        let mut v = first.join().expect("no panic");
        v.append(&mut out);
        v
    })
}

#[divan::bench(sample_count = 5)]
fn toads_frogs_length_8_canonical_two_threads(b: divan::Bencher) {
    let strings = toad_strings();
    b.bench(|| toads_canonical_two_threads(&strings));
}

/// Sums and differences of the values of all Toads and Frogs strings of
/// length 6, each run on a fresh thread (empty per-thread memo tables):
/// work for the store's addition, comparison and canonical forms rather
/// than for a game's move generation.
fn toads_sums_fresh_thread() -> usize {
    std::thread::spawn(|| {
        let mut solver = CanonicalSolver::new(ToadsFrogs);
        let values: Vec<_> = toad_strings_of(6)
            .iter()
            .map(|t| {
                solver
                    .value(&toads_frogs(t).expect("valid"))
                    .expect("small")
            })
            .collect();
        let n = values.len();
        let mut left_wins = 0;
        for i in 0..n {
            let j = (7 * i + 3) % n;
            let s = values[i].try_sub(values[j]).expect("small values");
            left_wins += usize::from(s.outcome() == Outcome::L);
        }
        left_wins
    })
    .join()
    .expect("no panic")
}

/// The same count by plain search of each sum `G + (-H)`, where `-H` is
/// the row reversed with toads and frogs exchanged.
fn differences_search() -> usize {
    let rows = toad_strings_of(6);
    let n = rows.len();
    (0..n)
        .filter(|&i| {
            let j = (7 * i + 3) % n;
            let neg: String = rows[j]
                .chars()
                .rev()
                .map(|c| match c {
                    't' => 'f',
                    'f' => 't',
                    c => c,
                })
                .collect();
            let sum = match parse_game(&format!(
                "toads_frogs({:?}) + toads_frogs({neg:?})",
                rows[i]
            ))
            .expect("valid")
            {
                GameExpr::Sum(c) => SumPosition(c),
                _ => unreachable!("a sum"),
            };
            search_outcome(&ComponentSum, &sum) == Ok(Outcome::L)
        })
        .count()
}

#[divan::bench(sample_count = 10)]
fn toads_frogs_differences_fresh_thread() -> usize {
    toads_sums_fresh_thread()
}

/// A sum of four boards: search must play the product of their position
/// spaces, the canonical solver adds four values.
fn board_sum() -> Vec<Component> {
    ["...|...|...", "....|....", "..|..|..|..", "...|..."]
        .iter()
        .flat_map(
            |b| match parse_game(&format!("domineering(\"{b}\")")).expect("valid") {
                GameExpr::Sum(c) => c,
                _ => unreachable!("a board is a sum of one"),
            },
        )
        .collect()
}

fn board_sum_canonical() -> Outcome {
    let r = Engine::new(Limits::default())
        .partizan_report(&board_sum())
        .expect("within limits");
    r.outcome
}

fn board_sum_search() -> Outcome {
    search_outcome(&ComponentSum, &SumPosition(board_sum())).expect("small")
}

#[divan::bench(sample_count = 3)]
fn domineering_sum_of_four_canonical() -> Outcome {
    board_sum_canonical()
}

#[divan::bench(sample_count = 3)]
fn domineering_sum_of_four_search() -> Outcome {
    board_sum_search()
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed())
}

fn main() {
    // Answers first: both solvers agree, and the known values hold.
    let mut s = CanonicalSolver::new(Domineering);
    assert_eq!(
        s.value(&DomineeringBoard::empty(2, 2).expect("small"))
            .expect("small")
            .to_string(),
        "+-1"
    );
    assert_eq!(
        s.value(&DomineeringBoard::empty(2, 3).expect("small"))
            .expect("small")
            .to_string(),
        "{2|-1/2}"
    );
    let (a, tc) = timed(domineering_canonical);
    let (b, ts) = timed(domineering_search);
    assert_eq!(a, b, "Domineering: canonical outcomes differ from search");
    println!("domineering rectangles <= 4x5: canonical {tc:?}, search {ts:?}, ratio canonical/search {:.3}", tc.as_secs_f64() / ts.as_secs_f64());
    let strings = toad_strings();
    let (a, tc) = timed(|| toads_canonical(&strings));
    let (b, ts) = timed(|| toads_search(&strings));
    assert_eq!(
        a, b,
        "Toads and Frogs: canonical outcomes differ from search"
    );
    println!("toads and frogs, all {} strings of length 8: canonical {tc:?}, search {ts:?}, ratio canonical/search {:.3}", strings.len(), tc.as_secs_f64() / ts.as_secs_f64());
    let (c, t2) = timed(|| toads_canonical_two_threads(&strings));
    assert_eq!(c, b, "Toads and Frogs: two threads differ from search");
    println!("toads and frogs on two threads: {t2:?}");
    let (w, tw) = timed(toads_sums_fresh_thread);
    assert_eq!(w, differences_search(), "differences: canonical vs search");
    println!("differences of 729 Toads and Frogs values on a fresh thread: {tw:?} ({w} left wins)");
    let (a, tc) = timed(board_sum_canonical);
    let (b, ts) = timed(board_sum_search);
    assert_eq!(a, b, "sum of boards: canonical outcome differs from search");
    println!("sum of four Domineering boards: canonical {tc:?}, search {ts:?}, ratio canonical/search {:.4}", tc.as_secs_f64() / ts.as_secs_f64());
    divan::main();
}
