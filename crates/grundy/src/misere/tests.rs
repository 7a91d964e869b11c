//! Unit tests over the store's internals.

use super::canonical::{store, Id, Meter};
use super::*;

/// Every game with options born by day 3, and sums of them.
fn some_forms() -> Vec<MisereForm> {
    let day3: Vec<MisereForm> = ["*[0]", "*[1]", "*[2]", "*[3]", "*[[2]]"]
        .iter()
        .map(|t| MisereForm::parse(t).unwrap())
        .collect();
    let mut out = Vec::new();
    for m in 0u32..32 {
        let set: Vec<MisereForm> = (0..5)
            .filter(|&i| m >> i & 1 == 1)
            .map(|i| day3[i])
            .collect();
        out.push(MisereForm::from_options(&set));
    }
    let n = out.len();
    for i in 0..n {
        for j in i..n {
            out.push(out[i] + out[j]);
        }
    }
    out
}

#[test]
fn the_phylum_of_nim_heaps_is_exactly_the_nim_heaps() {
    let forms = some_forms();
    let budget = Budget::unlimited();
    let mut meter = Meter::new(&budget);
    let mut s = store();
    for g in forms {
        let b = s.birthday(g.0);
        let heaps: Vec<Id> = (0..b).map(|i| s.nimber(i, &mut meter).unwrap()).collect();
        let is_heap = s.options(g.0) == &heaps[..];
        assert_eq!(s.is_nim_heap(g.0), is_heap, "{:?}", g.0);
    }
}

#[test]
fn partitions_add_up_and_sums_subtract() {
    let forms = some_forms();
    let budget = Budget::unlimited();
    let mut meter = Meter::new(&budget);
    let mut s = store();
    for &g in &forms[..20] {
        for &h in &forms[..20] {
            let sum = s.add(g.0, h.0, &mut meter).unwrap();
            // Subtraction finds h whenever it finds anything, and never
            // something else.
            if let Some(d) = s.subtract(sum, g.0, &mut meter).unwrap() {
                assert_eq!(d, h.0, "({:?} + {:?}) - {:?}", g.0, h.0, g.0);
            }
        }
    }
    // A sum with a Nim heap of 2 or more is always recognised.
    let two = s.nimber(2, &mut meter).unwrap();
    for &g in &forms[..32] {
        let sum = s.add(g.0, two, &mut meter).unwrap();
        if g.0.even() != Id::ZERO {
            assert_eq!(
                s.subtract(sum, two, &mut meter).unwrap(),
                Some(g.0),
                "{:?}",
                g.0
            );
        }
    }
}

#[test]
fn sums_commute_and_associate() {
    let forms = some_forms();
    for &a in &forms[..12] {
        for &b in &forms[..12] {
            assert_eq!(a + b, b + a);
            for &c in &forms[..6] {
                assert_eq!((a + b) + c, a + (b + c));
            }
        }
    }
}
