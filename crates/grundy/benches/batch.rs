//! Many queries: the engine (tables computed once, reused) against plain search
//! of each query's whole game graph from scratch, on Knight-and-Queen positions
//! of a 50×50 board (HackerRank, seed 000). Asserts the answers agree on the
//! queries both run, and prints queries per second and the ratio.
//! Run: `cargo bench -p grundy --bench batch` (GRUNDY_BENCH_QUERIES sets the
//! count, GRUNDY_BENCH_NAIVE how many of them plain search answers too).

use grundy::api::ReadText;
use std::time::Instant;

use grundy::engine::ExprGraph;
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::vocab::rules::Sums;
use grundy::{parse_game, Engine, GameExpr, Limits, Outcome};

/// A small deterministic generator, so every run asks the same queries.
struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn main() {
    let count: usize = std::env::var("GRUNDY_BENCH_QUERIES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = SplitMix(2016);
    let queries: Vec<String> = (0..count)
        .map(|_| {
            let c: Vec<u64> = (0..4).map(|_| rng.next() % 50).collect();
            format!("knight({},{}) + queen({},{})", c[0], c[1], c[2], c[3])
        })
        .collect();

    let mut engine = Engine::new(Limits::default());
    let t = Instant::now();
    let mut answers = Vec::with_capacity(count);
    for q in &queries {
        answers.push(engine.evaluate(q).expect("valid query").outcome);
    }
    let fast_s = t.elapsed().as_secs_f64();
    let fast_rate = count as f64 / fast_s;

    // The naive way: every query searched on its own, no tables kept.
    // Plain search of a whole sum (its product graph, up to 6·10^6
    // positions) takes about a second a query: a few dozen make the rate.
    let naive_count = std::env::var("GRUNDY_BENCH_NAIVE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30)
        .min(count);
    let t = Instant::now();
    for (q, want) in queries.iter().zip(&answers).take(naive_count) {
        let GameExpr::Sum(groups) = parse_game(q).expect("valid") else {
            unreachable!()
        };
        let graph = ExprGraph::new(&groups);
        let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
        let got: Outcome = search
            .outcome(&graph.start(), Play::Normal)
            .expect("small game");
        assert_eq!(got, *want, "{q}");
    }
    let naive_rate = naive_count as f64 / t.elapsed().as_secs_f64();
    let p = answers.iter().filter(|&&o| o == Outcome::P).count();
    assert!(p > 0 && p < count, "both outcomes occur");
    println!("batch of {count} Knight-and-Queen queries (50×50): {p} are P");
    println!(
        "  engine {fast_rate:>12.0} queries/s ({fast_s:.2} s)   plain search {naive_rate:>10.0} queries/s ({naive_count} queries)   ratio {:.0}x",
        fast_rate / naive_rate
    );
}
