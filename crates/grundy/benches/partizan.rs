//! Canonical forms against plain game-tree search, in the same run.
//!
//! `cargo bench -p grundy --bench partizan` runs the divan benchmarks, then
//! times each workload once more per solver and prints the ratio
//! (canonical / search). Every workload asserts its answer.

use std::time::{Duration, Instant};

use grundy::partizan::{
    analyse, domineering, search_outcome, toads_frogs, CanonicalSolver, Component, ComponentSum,
    Domineering, DomineeringBoard, SumPosition, ToadsFrogs,
};
use grundy::Outcome;

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
    let mut layer = vec![String::new()];
    for _ in 0..8 {
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

/// A sum of four boards: search must play the product of their position
/// spaces, the canonical solver adds four values.
fn board_sum() -> Vec<Component> {
    ["...|...|...", "....|....", "..|..|..|..", "...|..."]
        .iter()
        .map(|b| Component::Domineering(domineering(b).expect("valid")))
        .collect()
}

fn board_sum_canonical() -> Outcome {
    let r = analyse(&board_sum()).expect("within limits");
    match r.outcome.as_str() {
        "L" => Outcome::L,
        "R" => Outcome::R,
        "N" => Outcome::N,
        _ => Outcome::P,
    }
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
    let (a, tc) = timed(board_sum_canonical);
    let (b, ts) = timed(board_sum_search);
    assert_eq!(a, b, "sum of boards: canonical outcome differs from search");
    println!("sum of four Domineering boards: canonical {tc:?}, search {ts:?}, ratio canonical/search {:.4}", tc.as_secs_f64() / ts.as_secs_f64());
    divan::main();
}
