//! Compound outcomes by the theory (one plain search per component, then a
//! rule on Grundy values, remoteness or suspense) against brute-force search
//! of the compound game, on every triple of positions of the subtraction game
//! S = {1, 3, 4} (seed 001) up to `MAX`.
//!
//! Run with `cargo bench -p grundy --bench compound_theory`. The bench asserts
//! that both methods agree on every position of every kind and reports the
//! ratio measured in the same run.

use std::time::{Duration, Instant};

use grundy::solvers::compound::{Compound, CompoundKind, CompoundSolver};
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::vocab::rules::GameGraph;

const MAX: u32 = 10;

#[derive(Clone)]
struct Subtraction;
impl GameGraph for Subtraction {
    type Position = u32;
    fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
        out.extend([1, 3, 4].iter().filter(|&&k| k <= n).map(|&k| n - k));
    }
}

fn triples() -> impl Iterator<Item = Vec<u32>> {
    (0..=MAX).flat_map(|a| (0..=MAX).flat_map(move |b| (0..=MAX).map(move |c| vec![a, b, c])))
}

fn main() {
    let count = triples().count();
    let kinds = [
        CompoundKind::Selective,
        CompoundKind::NotAll,
        CompoundKind::Conjunctive,
        CompoundKind::ContinuedConjunctive,
    ];
    for kind in kinds {
        // Normal play: the theory covers every kind.
        let start = Instant::now();
        let mut solver = CompoundSolver::new(Subtraction, SearchConfig::default());
        let theory: Vec<_> = triples()
            .map(|t| solver.outcome(kind, &t, Play::Normal).expect("small"))
            .collect();
        let fast = start.elapsed();

        let start = Instant::now();
        let mut brute = PlainSearch::new(Compound::new(Subtraction, kind), SearchConfig::default());
        let searched: Vec<_> = triples()
            .map(|t| brute.outcome(&t, Play::Normal).expect("small"))
            .collect();
        let slow = start.elapsed();

        assert_eq!(theory, searched, "{kind:?}");
        let rate = |d: Duration| count as f64 / d.as_secs_f64().max(1e-9);
        println!(
            "{kind:?}: {count} triples, theory {fast:?} ({:.0}/s), brute force {slow:?} \
             ({:.0}/s, {} compound positions): theory x{:.1} faster",
            rate(fast),
            rate(slow),
            brute.positions_stored(),
            slow.as_secs_f64() / fast.as_secs_f64().max(1e-9)
        );
    }
}
