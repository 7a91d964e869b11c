//! The quotient against plain misère search of small sums.

use std::collections::HashMap;

use super::*;
use crate::vocab::rules::Rules;

/// Misère outcome of a sum (heaps sorted), by search over sums.
struct Brute {
    rules: TakeBreak,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(rules: TakeBreak) -> Brute {
        Brute {
            rules,
            memo: HashMap::new(),
        }
    }

    /// Whether the sum is a misère P-position.
    fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut children = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            self.rules.options(&h, &mut |o| {
                let mut c = key.clone();
                c.remove(i);
                c.extend_from_slice(o);
                children.push(c);
            });
        }
        // No move: the player to move has won (misère), so not P.
        let p = !children.is_empty() && children.iter().all(|c| !self.is_p(c));
        self.memo.insert(key, p);
        p
    }
}

fn sums(max_heap: u64, parts: usize) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..parts {
        let mut next = Vec::new();
        for s in &frontier {
            let from = s.last().copied().unwrap_or(1);
            for h in from..=max_heap {
                let mut t: Vec<u64> = s.clone();
                t.push(h);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

fn check_against_search(rules: TakeBreak, max_heap: u64, parts: usize) -> MisereQuotient {
    let q = compute_quotient(&rules, max_heap, &Budget::default()).unwrap();
    let mut brute = Brute::new(rules.clone());
    for s in sums(max_heap, parts) {
        let want = brute.is_p(&s);
        assert_eq!(
            q.outcome(&s),
            Some(if want { Outcome::P } else { Outcome::N }),
            "{rules} {s:?}\n{q}"
        );
        let moves = q.winning_moves(&s).unwrap();
        assert!(moves.complete);
        for mv in &moves.moves {
            let mut after = s.clone();
            after.remove(mv.component);
            after.extend_from_slice(&mv.to);
            assert!(brute.is_p(&after), "{rules} {s:?}: {mv:?} is not winning");
        }
        // A sum without moves is an N-position with no winning move.
        let mut any_move = false;
        for &h in &s {
            rules.options(&h, &mut |_| any_move = true);
        }
        assert_eq!(want || !any_move, moves.moves.is_empty(), "{rules} {s:?}");
    }
    q
}

#[test]
fn quotients_agree_with_search_on_small_sums() {
    for code in [
        "0.07", "0.77", "0.75", "0.137", "0.6", "0.31", "0.34", "4.7", "0.1", "0.f", "8.3",
    ] {
        let rules = TakeBreak::from_code(code).unwrap();
        check_against_search(rules, 12, 3);
    }
    check_against_search(TakeBreak::grundys_game(), 12, 3);
    check_against_search(TakeBreak::subtraction(&[1, 3, 4]).unwrap(), 12, 3);
    check_against_search(TakeBreak::nim(), 6, 3);
}

#[test]
fn misere_nim_quotient_of_heaps_one_and_two() {
    // Misère Nim with heaps of 1 and 2: a² = 1, b³ = b, P = {a, b²}
    // (Plambeck 2005, the first example of the construction).
    let q = compute_quotient(&TakeBreak::nim(), 2, &Budget::default()).unwrap();
    assert_eq!(q.order(), 6);
    let pres = q.presentation();
    let rels = pres.relation_strings();
    assert!(rels.contains(&"a^2 = 1".to_owned()), "{rels:?}");
    assert!(rels.contains(&"b^3 = b".to_owned()), "{rels:?}");
    let mut p: Vec<String> = q.p_portion().iter().map(|x| pres.name(*x)).collect();
    p.sort();
    assert_eq!(p, vec!["a", "b^2"]);
}

#[test]
fn extension_is_incremental_and_errors_keep_the_work_done() {
    let rules = TakeBreak::dawsons_kayles();
    let whole = compute_quotient(&rules, 20, &Budget::default()).unwrap();
    let mut q = MisereQuotient::new(rules);
    q.extend_to(10, &Budget::default()).unwrap();
    q.extend_to(20, &Budget::default()).unwrap();
    assert_eq!(q.orders(), whole.orders());
    assert_eq!(q.report(), whole.report());
    let tiny = Budget::new(crate::vocab::limits::Limits {
        max_positions: 30,
        ..crate::vocab::limits::Limits::default()
    });
    let mut q = MisereQuotient::new(TakeBreak::dawsons_kayles());
    let err = q.extend_to(30, &tiny).unwrap_err();
    assert!(err.to_string().contains("--max-positions"), "{err}");
    let covered = q.max_heap();
    assert!(covered < 30);
    assert_eq!(q.orders(), &whole.orders()[..=covered as usize]);
}

#[test]
fn huge_heaps_are_refused() {
    let mut q = MisereQuotient::new(TakeBreak::kayles());
    assert!(matches!(
        q.extend_to(1 << 40, &Budget::default()),
        Err(QuotientError::HeapTooLarge { .. })
    ));
}

#[test]
fn reports_round_trip_through_serde() {
    for (code, n) in [("0.75", 30), ("0.07", 14)] {
        let q =
            compute_quotient(&TakeBreak::from_code(code).unwrap(), n, &Budget::default()).unwrap();
        let r = q.report();
        let text = toml::to_string(&r).unwrap();
        let back: QuotientReport = toml::from_str(&text).unwrap();
        assert_eq!(back, r);
        let shown = q.to_string();
        assert!(shown.contains(&format!("|Q| = {}", q.order())), "{shown}");
        assert!(shown.contains("P-portion: {"), "{shown}");
    }
}

/// Dawson's Kayles at heap 34: every candidate is refuted by a longer sum
/// (2 + 4 + 10 + 14×2 + 34 first, then more and more copies of heaps 30
/// and 34), so a bounded computation stops and the report says how far the
/// search got and that its failures grew.
#[test]
fn a_stalled_heap_is_reported_with_how_far_its_search_got() {
    let mut q = MisereQuotient::new(TakeBreak::dawsons_kayles());
    q.extend_to(33, &Budget::default()).unwrap();
    assert_eq!(q.order(), 638);
    assert_eq!(q.unfinished(), None);
    // Stopped before any candidate was refuted: said so, with no figures.
    let mut early = q.clone();
    let tiny = Budget::new(crate::vocab::limits::Limits {
        max_positions: 10,
        ..crate::vocab::limits::Limits::default()
    });
    assert!(early.extend_to(34, &tiny).is_err());
    assert_eq!(early.unfinished().map(|a| a.refuted), Some(0));
    let shown = early.to_string();
    assert!(
        shown.contains("heap 34 not taken in: stopped while its first candidate"),
        "{shown}"
    );
    let bounded = Budget::new(crate::vocab::limits::Limits {
        max_positions: 3_000_000,
        ..crate::vocab::limits::Limits::default()
    });
    let err = q.extend_to(34, &bounded).unwrap_err();
    assert!(err.to_string().contains("--max-positions"), "{err}");
    assert_eq!(q.max_heap(), 33, "heap 34 is not taken in");
    let a = q.unfinished().expect("the growth for heap 34 is reported");
    assert_eq!(a.heap, 34);
    assert!(a.refuted >= 5, "{a:?}");
    assert_eq!(a.first_refuted, vec![2, 4, 10, 14, 14, 34]);
    assert!(a.failures_grew(), "{a:?}");
    assert!(
        a.last_refuted.iter().filter(|&&h| h == 34).count() >= 2,
        "{a:?}"
    );
    let shown = q.to_string();
    assert!(
        shown.contains("heap 34 not taken in: ") && shown.contains("2 + 4 + 10 + 14×2 + 34"),
        "{shown}"
    );
    // A later computation with room starts heap 34 again; a finished one
    // reports nothing unfinished.
    let mut small = MisereQuotient::new(TakeBreak::dawsons_kayles());
    small.extend_to(12, &Budget::default()).unwrap();
    assert_eq!(small.report().unfinished, None);
}

/// Every lower bound read off a refuted candidate is at most the order the
/// heap's quotient turned out to have, and some prove growth (exceed the
/// order before the heap).
#[test]
fn lower_bounds_from_refuted_candidates_hold() {
    let mut grew = 0;
    let mut measured = 0;
    for (code, n) in [
        ("0.07", 33),
        ("0.77", 30),
        ("0.75", 20),
        ("0.26", 25),
        ("0.16", 18),
        ("4.7", 14),
    ] {
        let rules = TakeBreak::from_code(code).unwrap();
        let mut q = MisereQuotient::new(rules);
        let _ = q.extend_to(n, &Budget::default());
        for &(h, b) in &q.solver.bounds {
            let Some(&order) = q.orders().get(h as usize) else {
                continue;
            };
            measured += 1;
            assert!(
                b <= order as u64,
                "{code} heap {h}: bound {b} > order {order}"
            );
            if b > q.orders()[h as usize - 1] as u64 {
                grew += 1;
            }
        }
    }
    assert!(measured >= 10, "{measured} bounds measured");
    assert!(grew >= 3, "{grew} bounds proved growth");
}
