//! All-but sets valued through their own pattern ([`AllButSequence`]), not
//! an octal code: against plain mex computed from the rules (every allowed
//! move looked at) on every heap to a few thousand for random sets with
//! large elements, against the octal path for sets it holds, far heaps
//! against a window recomputed plainly past the preperiod, winning moves
//! against brute force, and the text interface at 10^15.

use grundy::api::ReadText;
use grundy::takebreak::{AllButSequence, AllButSet, SequenceConfig, SolverChoice, TakeBreak};
use grundy::{Engine, Limits};
use proptest::prelude::*;

/// `G(0..to)` from the rules: every allowed move of every heap.
fn plain(excluded: &[u64], to: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(to);
    let mut seen = vec![false; to + 2];
    for n in 0..to {
        seen[..n + 2].fill(false);
        for k in 1..=n {
            if !excluded.contains(&(k as u64)) {
                seen[g[n - k] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&b| !b).unwrap() as u64);
    }
    g
}

fn sequence(excluded: &[u64], heap: u64) -> AllButSequence {
    let mut seq = AllButSequence::new(AllButSet::new(excluded).unwrap());
    seq.extend::<()>(heap, 1 << 24, &mut || Ok(())).unwrap();
    seq
}

/// Every heap below `to` against the rules, and the winning moves of a few.
fn agrees(excluded: &[u64], to: usize) {
    let g = plain(excluded, to);
    let seq = sequence(excluded, u64::MAX);
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(seq.get(n as u64), Some(v), "{excluded:?}: heap {n}");
    }
    for n in [to as u64 - 1, to as u64 / 2, to as u64 / 3] {
        let want: Vec<u64> = (1..=n)
            .filter(|k| !excluded.contains(k) && g[(n - k) as usize] == 0)
            .collect();
        assert_eq!(seq.moves_to(n, 0), Some(want), "{excluded:?}: heap {n}");
    }
    if let Some(p) = seq.period() {
        let (e, q, s) = (p.preperiod as usize, p.period as usize, p.saltus);
        if e + q < to {
            assert!(
                (e..to - q).all(|n| g[n + q] == g[n] + s),
                "{excluded:?}: {p:?}"
            );
            assert!(
                e == 0 || g[e - 1 + q] != g[e - 1] + s,
                "{excluded:?}: {p:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn one_large_element_against_the_rules(
        small in proptest::collection::btree_set(1u64..=8, 1..=3),
        k in 1000u64..=2500,
    ) {
        let mut set: Vec<u64> = small.into_iter().collect();
        set.push(k);
        agrees(&set, 3000);
    }

    #[test]
    fn two_close_large_elements_against_the_rules(a in 1u64..=6, k in 1000u64..=2000, d in 1u64..=6) {
        // {3, k, k + 5} and its kind: the second large move can break the
        // first pattern, and the values are computed one by one again.
        agrees(&[a, k, k + d], 3000);
    }

    #[test]
    fn the_octal_path_agrees_below_4096(
        small in proptest::collection::btree_set(1u64..=12, 0..=3),
        k in 13u64..=4096,
    ) {
        let mut set: Vec<u64> = small.into_iter().collect();
        set.push(k);
        let rules = TakeBreak::all_but(&set).unwrap();
        let config = SequenceConfig {
            solver: SolverChoice::Plain,
            stop_when_proved: false,
            ..SequenceConfig::default()
        };
        let to = 12_000;
        let octal = rules.try_sequence(to, &config).unwrap();
        let seq = sequence(&set, u64::MAX);
        for n in 0..to {
            prop_assert_eq!(seq.get(n), Some(octal.get(n).unwrap().0), "{:?}: heap {}", set, n);
        }
    }
}

/// Far heaps: a heap past the preperiod, many laps on, against a window of
/// plain values one or more whole periods earlier.
#[test]
fn far_heaps_follow_a_window_recomputed_plainly() {
    for set in [
        &[1u64, 2, 1000][..],
        &[3, 1500, 1505],
        &[5, 52, 57, 1200],
        &[2, 7, 1999],
    ] {
        let seq = sequence(set, u64::MAX);
        let p = seq.period().unwrap_or_else(|| panic!("{set:?}: no period"));
        let to = (p.preperiod + 3 * p.period + 4000) as usize;
        let g = plain(set, to.min(12_000));
        let start = g.len() as u64 - 2000;
        assert!(start >= p.preperiod, "{set:?}");
        for far in [1_000_000_000_007u64, 999_999_999_999_999_937] {
            let laps = (far - start) / p.period;
            for i in 0..1000 {
                let n = start + i;
                let v = g[n as usize] + laps * p.saltus;
                assert_eq!(
                    seq.get(n + laps * p.period),
                    Some(v),
                    "{set:?}: heap {}",
                    n + laps * p.period
                );
            }
        }
    }
}

#[test]
fn one_two_and_a_billion_through_the_text() {
    let mut engine = Engine::new(Limits::default());
    let e = engine
        .evaluate("allbut[1,2,1000000000](1000000000000000)")
        .unwrap();
    assert_eq!(e.nimber, Some(grundy::Nimber(333_333_333_333_333)));
    let seq = sequence(&[1, 2, 1_000_000_000], u64::MAX);
    let p = seq.period().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 3, 1));
}

#[test]
fn hostile_sets_give_errors_that_speak_of_the_set() {
    let mut engine = Engine::new(Limits::default());
    let mut err = |text: &str| engine.evaluate(text).unwrap_err().to_string();
    let e = err("allbut[1,10000000000000000000](5)");
    assert!(
        e.contains("all-but set element 10000000000000000000 is beyond 10^18"),
        "{e}"
    );
    assert!(!e.contains("digit") && !e.contains("code"), "{e}");
    let many: Vec<String> = (0..1025u64)
        .map(|i| (1_000_000_000_000_000_000 - i).to_string())
        .collect();
    let e = err(&format!("allbut[{}](5)", many.join(",")));
    assert!(e.contains("all-but set has 1025 elements"), "{e}");
    // Its period is likely (3·5·10^9, 5·10^9) from heap 0, as for the N of
    // `a_period_three_times_the_large_move`, but that check would need every
    // heap below 4·5·10^9 + 5 known, beyond the limit.
    let e = err("allbut[5,5000000000,5000000005](1000000000000000)");
    assert!(
        e.contains("no arithmetic period of allbut[5,5000000000,5000000005]"),
        "{e}"
    );
    assert!(e.contains("--max-positions"), "{e}");
    // Duplicates are one element.
    let e = engine
        .evaluate("allbut[5,5,1000000000000000000](999999999999999999)")
        .unwrap();
    assert!(e.nimber.is_some());
}

/// `allbut[5, N, N + 5]` follows `G(x) = G(x − 10) + 5` on stretches of
/// about `N` heaps; for these N (not all: 301 and 777 differ) its
/// arithmetic period is `3N` with saltus `N` from heap 0, against brute
/// force for N = 200 and 1000.
/// Every multiple of the short shift passes the first filter near the end
/// of such a stretch: the long shift is tried first, or it never was
/// within the limit (10^5 needed more than 5·10^7 heaps before; now it takes
/// 655 360).
#[test]
fn a_period_three_times_the_large_move() {
    for n in [200u64, 1000] {
        let set = [5, n, n + 5];
        agrees(&set, 4 * n as usize + 400);
        let p = sequence(&set, u64::MAX).period().expect("a period");
        assert_eq!((p.period, p.saltus, p.preperiod), (3 * n, n, 0), "{set:?}");
    }
    let seq = sequence(&[5, 100_000, 100_005], u64::MAX);
    let p = seq.period().expect("a period within 2^24 heaps");
    assert_eq!((p.period, p.saltus, p.preperiod), (300_000, 100_000, 0));
    assert!(seq.computed() <= 1 << 20, "{}", seq.computed());
    let far = 10u64.pow(15) + 7;
    assert_eq!(
        seq.get(far),
        Some(seq.get(far % 300_000).unwrap() + far / 300_000 * 100_000)
    );
}
