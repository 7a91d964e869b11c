//! How fast `CoinTree` answers "Move the Coins" queries (HackerRank; seed
//! 003), against the naive method measured in the same run.
//!
//! Run with `cargo bench -p grundy --bench tree_queries`. A random tree of
//! 10^5 nodes gets 10^5 random queries. `CoinTree` answers all of them (O(1)
//! each after an O(n) Euler tour); the naive method rebuilds the re-attached
//! tree and recomputes the XOR of the coins at odd depth for each query
//! (O(n) each), on as many queries as fit in about ten seconds. The bench
//! asserts that both agree on every query both answered and prints queries
//! per second and the ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grundy::games::staircase::{CoinTree, StaircaseError};

const NODES: usize = 100_000;
const QUERIES: usize = 100_000;
const NAIVE_BUDGET: Duration = Duration::from_secs(10);

/// A small deterministic generator (xorshift64*), so every run draws the same
/// tree and queries without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The answer to one query: the new tree's Grundy value, or `None` when the
/// new parent lies inside the moved subtree (the problem's `INVALID`).
type Answer = Option<u64>;

/// The naive method: is `v` below `u` (walk up from `v`)? If not, rebuild the
/// tree with `u` hung under `v`, find every depth by a walk from the root and
/// XOR the coins at odd depth.
fn naive(parent: &[usize], coins: &[u64], u: usize, v: usize) -> Answer {
    let mut w = v;
    loop {
        if w == u {
            return None;
        }
        if w == 0 {
            break;
        }
        w = parent[w];
    }
    let n = parent.len();
    // Children lists of the rebuilt tree, as offsets into one array.
    let mut start = vec![0usize; n + 1];
    for (x, &p) in parent.iter().enumerate().skip(1) {
        let p = if x == u { v } else { p };
        start[p + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut children = vec![0usize; n - 1];
    for (x, &p) in parent.iter().enumerate().skip(1) {
        let p = if x == u { v } else { p };
        children[fill[p]] = x;
        fill[p] += 1;
    }
    let mut value = 0u64;
    let mut stack = vec![(0usize, 0usize)];
    while let Some((x, depth)) = stack.pop() {
        if depth % 2 == 1 {
            value ^= coins[x];
        }
        for &c in &children[start[x]..start[x + 1]] {
            stack.push((c, depth + 1));
        }
    }
    Some(value)
}

fn main() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // A random recursive tree has depth O(log n); a long path on top of it
    // makes deep subtrees, so both kinds of subtree are moved.
    let path = NODES / 10;
    let parent: Vec<usize> = (0..NODES)
        .map(|x| match x {
            0 => 0,
            x if x <= path => x - 1,
            x => rng.below(x),
        })
        .collect();
    let coins: Vec<u64> = (0..NODES).map(|_| rng.next() % 1000).collect();
    let edges: Vec<(usize, usize)> = (1..NODES).map(|x| (parent[x], x)).collect();
    let queries: Vec<(usize, usize)> = (0..QUERIES)
        .map(|_| (1 + rng.below(NODES - 1), rng.below(NODES)))
        .collect();

    let start = Instant::now();
    let tree = CoinTree::new(coins.clone(), &edges).expect("the generated edges form a tree");
    let built = start.elapsed();
    let start = Instant::now();
    let fast: Vec<Answer> = queries
        .iter()
        .map(
            |&(u, v)| match tree.query_value(black_box(u), black_box(v)) {
                Ok(value) => Some(value.0),
                Err(StaircaseError::Invalid { .. }) => None,
                Err(e) => panic!("query ({u}, {v}): {e}"),
            },
        )
        .collect();
    let fast_time = start.elapsed();

    let start = Instant::now();
    let mut slow: Vec<Answer> = Vec::new();
    for &(u, v) in &queries {
        if start.elapsed() >= NAIVE_BUDGET {
            break;
        }
        slow.push(naive(&parent, &coins, black_box(u), black_box(v)));
    }
    let slow_time = start.elapsed();

    assert!(!slow.is_empty(), "the naive method answered no query");
    assert_eq!(
        fast[..slow.len()],
        slow[..],
        "CoinTree and the naive method disagree"
    );
    let invalid = fast.iter().filter(|a| a.is_none()).count();
    let wins = fast
        .iter()
        .filter(|a| matches!(a, Some(v) if *v != 0))
        .count();
    // Answers a constant could give would make the agreement above empty.
    assert!(invalid > 0 && wins > 0 && wins + invalid < QUERIES);

    let rate = |count: usize, d: Duration| count as f64 / d.as_secs_f64().max(1e-9);
    let fast_rate = rate(fast.len(), fast_time);
    let slow_rate = rate(slow.len(), slow_time);
    println!(
        "Move the Coins, {NODES} nodes: CoinTree built in {built:?}, {} queries in {fast_time:?} \
         ({fast_rate:.0}/s; {invalid} invalid, {wins} first-player wins); naive rebuild {} queries \
         in {slow_time:?} ({slow_rate:.0}/s); both agree on the {} shared queries; speed-up x{:.0}",
        fast.len(),
        slow.len(),
        slow.len(),
        fast_rate / slow_rate
    );
}
