//! How fast `verify_outcomes` checks a claim, against a naive checker that
//! decides each position by unmemoised recursion over the definition.
//!
//! Run with `cargo bench -p grundy --bench compound_verify`. Both checkers must
//! agree (the bench asserts it) and the figure reported is the ratio, measured
//! in the same run, plus positions per second for scale.

use std::hint::black_box;
use std::time::Instant;

use grundy::engine::verify::{verify_outcomes, Verdict};
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::vocab::rules::GameGraph;
use grundy::Outcome;

/// Nim on three heaps, as an explicit move graph.
struct Nim;
impl GameGraph for Nim {
    type Position = [u8; 3];
    fn moves(&self, p: &[u8; 3], out: &mut Vec<[u8; 3]>) {
        for i in 0..3 {
            for h in 0..p[i] {
                let mut q = *p;
                q[i] = h;
                out.push(q);
            }
        }
    }
}

/// The definition, recursively and without memory: the naive baseline.
fn naive_wins(p: &[u8; 3]) -> bool {
    let mut out = Vec::new();
    Nim.moves(p, &mut out);
    out.iter().any(|q| !naive_wins(q))
}

fn bouton(p: &[u8; 3]) -> Outcome {
    if p[0] ^ p[1] ^ p[2] == 0 {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn family(max: u8) -> impl Iterator<Item = [u8; 3]> + Clone {
    (0..=max).flat_map(move |a| (0..=max).flat_map(move |b| (0..=max).map(move |c| [a, b, c])))
}

fn main() {
    let max = 5u8;
    let count = family(max).count();

    let start = Instant::now();
    let mut search = PlainSearch::new(Nim, SearchConfig::default());
    let verdict = verify_outcomes(&mut search, family(max), Play::Normal, bouton)
        .expect("Nim positions fit the default limits");
    let fast = start.elapsed();
    assert_eq!(verdict, Verdict::Holds { checked: count });

    let start = Instant::now();
    let mut agreed = 0;
    for p in family(max) {
        let wins = naive_wins(black_box(&p));
        assert_eq!(wins, bouton(&p) == Outcome::N, "{p:?}");
        agreed += 1;
    }
    let naive = start.elapsed();
    assert_eq!(agreed, count);

    let per_second = |d: std::time::Duration| count as f64 / d.as_secs_f64().max(1e-9);
    println!(
        "verify_outcomes: {count} Nim positions (3 heaps <= {max}) in {:?} ({:.0}/s); \
         naive recursion {:?} ({:.0}/s); speed-up x{:.1}",
        fast,
        per_second(fast),
        naive,
        per_second(naive),
        naive.as_secs_f64() / fast.as_secs_f64().max(1e-9)
    );
}
