//! A proved lower bound on the order of a quotient that could not be
//! computed, read off a refuted candidate.
//!
//! A candidate refuted by its least failing sum `f` still predicts the
//! outcome of every sum before `f` in the order of
//! [`lex_cmp`](super::monoid::lex_cmp) correctly: the verifier's conditions
//! hold at each of them, and their options come before them. If the largest
//! heap of `f` is the heap `H` being taken in, with `k` copies, that covers
//! every sum with fewer than `k` copies of `H`.
//!
//! So take the elements `A` whose least word has at most `a` copies of `H`
//! and the elements `Z` whose least word has at most `k - 1 - a`. Two
//! elements of `A` whose products with some `z` in `Z` differ in being in
//! the P-portion are told apart by a real sum (the least words, added) whose
//! outcomes the candidate gets right: the sums they stand for are
//! distinguishable in the true quotient of every set of heaps containing
//! `0..=H`. The number of classes of `A` under "same P-pattern on `Z`" is
//! therefore a lower bound on that quotient's order. Classes are counted by
//! a hash of the pattern; a collision merges two classes, which can only
//! lower the count, so the bound stays proved.

use rustc_hash::FxHashSet;

use super::core::Core;
use super::monoid::Word;
use super::QuotientError;
use crate::vocab::budget::Budget;

/// The lower bound for a candidate refuted by `failure` while heap `heap`
/// was taken in, or `None` when the failure does not reach that heap (then
/// the candidate proves nothing the old quotient did not). The split
/// between `A` and `Z` is tried at both ends and in the middle, and the
/// largest count kept.
pub(crate) fn order_lower_bound(
    core: &Core,
    heap: u32,
    failure: &Word,
    budget: &Budget,
) -> Result<Option<u64>, QuotientError> {
    let k = failure.count(heap);
    if k == 0 || failure.0.last().map(|&(h, _)| h) != Some(heap) {
        return Ok(None);
    }
    let counts: Vec<u32> = core.words.iter().map(|w| w.count(heap)).collect();
    let mut best = 0u64;
    let mut splits = vec![k - 1, (k - 1) / 2, 0];
    splits.dedup();
    for a in splits {
        best = best.max(classes(core, &counts, a, k - 1 - a, budget)?);
    }
    Ok(Some(best))
}

/// The number of classes of `{x : counts[x] <= a}` under their P-pattern
/// on `{z : counts[z] <= b}`.
fn classes(
    core: &Core,
    counts: &[u32],
    a: u32,
    b: u32,
    budget: &Budget,
) -> Result<u64, QuotientError> {
    let m = &core.monoid;
    let order = m.order();
    let members: Vec<u32> = (0..order as u32)
        .filter(|&x| counts[x as usize] <= a)
        .collect();
    // The spelling tree, pruned to the subtrees that hold an element of Z
    // (a child is numbered after its parent).
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); order];
    let mut wanted: Vec<bool> = counts.iter().map(|&c| c <= b).collect();
    for x in (1..order as u32).rev() {
        let (parent, _) = m.parent(x);
        if parent >= x {
            // Not a tree in the expected order: claim nothing.
            return Ok(1);
        }
        if wanted[x as usize] {
            wanted[parent as usize] = true;
            children[parent as usize].push(x);
        }
    }
    budget.check_bytes(
        "misère quotient lower bound",
        members.len() as u128 * 8 * 2 + order as u128 * 8,
    )?;
    // hash[i]: the P-pattern of members[i] on the elements of Z visited so far.
    let mut hash: Vec<u64> = vec![0; members.len()];
    // columns[d]: members times the element at depth d of the current path.
    let mut columns: Vec<Vec<u32>> = vec![members.clone()];
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    let mut salt = 0u64;
    let record = |column: &[u32], hash: &mut [u64], salt: u64| {
        for (h, &y) in hash.iter_mut().zip(column) {
            let bit = u64::from(core.is_p(y)) + 1;
            *h =
                (h.rotate_left(7) ^ bit.wrapping_mul(salt | 1)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    };
    if counts[0] <= b {
        salt += 1;
        record(
            &columns[0],
            &mut hash,
            salt.wrapping_mul(0xD6E8_FEB8_6659_FD93),
        );
    }
    while let Some(&(node, next)) = stack.last() {
        let depth = stack.len() - 1;
        let Some(&child) = children[node as usize].get(next) else {
            stack.pop();
            continue;
        };
        stack[depth].1 += 1;
        budget.check_now("misère quotient lower bound")?;
        let (_, g) = m.parent(child);
        if columns.len() <= depth + 1 {
            columns.push(vec![0; members.len()]);
        }
        let (upper, lower) = columns.split_at_mut(depth + 1);
        for (to, &from) in lower[0].iter_mut().zip(&upper[depth]) {
            *to = m.mul_gen(from, g);
        }
        if counts[child as usize] <= b {
            salt += 1;
            record(
                &columns[depth + 1],
                &mut hash,
                salt.wrapping_mul(0xD6E8_FEB8_6659_FD93),
            );
        }
        stack.push((child, 0));
    }
    let distinct: FxHashSet<u64> = hash.into_iter().collect();
    Ok(distinct.len() as u64)
}
