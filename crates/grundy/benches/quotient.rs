//! Misère quotients: Dawson's Kayles (0.07) heap by heap to heap 33, the
//! orders asserted against the published ones (360 at heap 30, 638 at
//! heap 33); then heap 34 within a time budget, reporting how large the
//! candidates grew; then queries by the quotient against the engine's plain
//! misère search of the same sums, in the same run, asserted equal.
//!
//! Run: `cargo bench -p grundy --bench quotient`. `GRUNDY_BENCH_Q34_SECS`
//! sets the seconds given to heap 34 (default 20).

use grundy::api::ReadText;
use std::time::{Duration, Instant};

use grundy::quotient::{MisereQuotient, QuotientError};
use grundy::takebreak::TakeBreak;
use grundy::{Budget, Engine, Limits, Outcome};

/// Peak resident memory of this process, from /proc (Linux), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let dawson = TakeBreak::dawsons_kayles();
    let t = Instant::now();
    let mut q = MisereQuotient::new(dawson.clone());
    q.extend_to(33, &Budget::default())
        .expect("heap 33 within the default limits");
    let to33 = t.elapsed().as_secs_f64();
    assert_eq!(q.orders()[30], 360, "Siegel: |Q_30(0.07)| = 360");
    assert_eq!(q.orders()[33], 638, "|Q_33(0.07)| = 638");
    let s = q.stats();
    println!(
        "0.07 to heap 33: {to33:.3} s, |Q| = {}, {} candidates (largest {} elements), {} verifications (MisereSolver, not run here: ~15 s, {:.0}x this)",
        q.order(),
        s.candidates,
        s.largest_candidate,
        s.verifications,
        15.0 / to33
    );
    println!(
        "  peak memory so far: {:.0} MiB",
        peak_mib().unwrap_or(f64::NAN)
    );

    // Heap 34: the candidates keep growing; report how far a time budget gets.
    let secs: u64 = std::env::var("GRUNDY_BENCH_Q34_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let budget = Budget::new(Limits {
        max_time: Some(Duration::from_secs(secs)),
        ..Limits::default()
    });
    let mut past = q.clone();
    let t = Instant::now();
    let result = past.extend_to(40, &budget);
    let s = past.stats();
    match result {
        Ok(()) => println!(
            "0.07 to heap 40: {:.3} s, |Q| = {}",
            t.elapsed().as_secs_f64(),
            past.order()
        ),
        Err(e) => {
            assert!(matches!(e, QuotientError::Limit(_)), "{e}");
            let refuted = past.last_refuted_sum();
            let count = |h: u64| refuted.iter().filter(|&&x| x == h).count();
            println!(
                "0.07 heap 34: stopped after {:.1} s ({e}); covered to heap {}; {} candidates so far, the largest {} elements before merging; the last refuted sum has {} heaps, {} of 30 and {} of 34",
                t.elapsed().as_secs_f64(),
                past.max_heap(),
                s.candidates,
                s.largest_candidate,
                refuted.len(),
                count(30),
                count(34)
            );
        }
    }
    println!("  peak memory: {:.0} MiB", peak_mib().unwrap_or(f64::NAN));

    // Queries: every sum of three heaps in 1..=12, by the quotient and by the
    // engine's misère search of the sum (a search of the sum's positions).
    let mut sums = Vec::new();
    for a in 1..=12u64 {
        for b in a..=12 {
            for c in b..=12 {
                sums.push([a, b, c]);
            }
        }
    }
    let t = Instant::now();
    let by_quotient: Vec<Outcome> = sums
        .iter()
        .map(|s| q.outcome(s).expect("covered"))
        .collect();
    let quotient_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut engine = Engine::new(Limits::default());
    for (s, &want) in sums.iter().zip(&by_quotient) {
        let e = engine
            .evaluate(&format!(
                "misere(dawson({}) + dawson({}) + dawson({}))",
                s[0], s[1], s[2]
            ))
            .expect("small sums");
        assert_eq!(e.outcome, want, "{s:?}");
    }
    let engine_s = t.elapsed().as_secs_f64();
    println!(
        "{} three-heap sums: quotient {:.6} s ({:.1e} queries/s), engine misère search {:.3} s, ratio {:.0}x",
        sums.len(),
        quotient_s,
        sums.len() as f64 / quotient_s,
        engine_s,
        engine_s / quotient_s
    );
    // Throughput on larger sums: ten heaps of up to 33, outcome and winning moves.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % 34
    };
    let big: Vec<Vec<u64>> = (0..100_000)
        .map(|_| (0..10).map(|_| next()).collect())
        .collect();
    let t = Instant::now();
    let p = big
        .iter()
        .filter(|s| q.outcome(s) == Some(Outcome::P))
        .count();
    let outcome_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut moves = 0;
    for s in &big[..10_000] {
        let w = q.winning_moves(s).expect("covered");
        assert_eq!(w.moves.is_empty(), q.outcome(s) == Some(Outcome::P));
        moves += w.moves.len();
    }
    let moves_s = t.elapsed().as_secs_f64();
    println!(
        "10-heap sums: {:.1e} outcomes/s ({p} of 100000 are P), {:.1e} winning-move lists/s ({moves} moves in 10000)",
        big.len() as f64 / outcome_s,
        10_000.0 / moves_s
    );
}
