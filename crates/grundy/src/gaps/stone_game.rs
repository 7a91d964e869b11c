//! StoneGameStrategist (TopCoder SRM 309, Division I Level Three).

use super::GapError;
use crate::vocab::nimber::Nimber;
use crate::vocab::rules::GameGraph;

/// TopCoder SRM 309 *StoneGameStrategist* as a game graph: piles that never
/// decrease from left to right; a move takes one or more stones from one
/// pile, and the piles must still not decrease. The last player to move wins.
///
/// The hidden heaps are the differences `d_k = p_k − p_{k−1}` (with
/// `p_{−1} = 0`): taking `s` stones from pile `k` moves `s` from `d_k` to
/// `d_{k+1}`, or off the board for the last pile. That is Staircase Nim with
/// step `n − k` holding `d_k` (seed 003), so the value is the XOR of the
/// differences an odd number of steps from the end ([`stone_game_value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct StoneGameStrategist;

impl GameGraph for StoneGameStrategist {
    type Position = Vec<u64>;

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for k in 0..piles.len() {
            let floor = if k == 0 { 0 } else { piles[k - 1] };
            for left in floor..piles[k] {
                let mut next = piles.clone();
                next[k] = left;
                out.push(next);
            }
        }
    }
}

fn check(piles: &[u64]) -> Result<(), GapError> {
    for k in 1..piles.len() {
        if piles[k] < piles[k - 1] {
            return Err(GapError::Decreasing {
                index: k,
                previous: piles[k - 1],
                next: piles[k],
            });
        }
    }
    Ok(())
}

fn difference(piles: &[u64], k: usize) -> u64 {
    piles[k] - if k == 0 { 0 } else { piles[k - 1] }
}

/// The Grundy value: the XOR of `d_k` over `k = n−1, n−3, …`.
pub fn stone_game_value(piles: &[u64]) -> Result<Nimber, GapError> {
    check(piles)?;
    let n = piles.len();
    Ok((0..n)
        .filter(|k| (n - k) % 2 == 1)
        .map(|k| Nimber(difference(piles, k)))
        .sum())
}

/// The problem's answer: the winning move `(stones, pile)` with the fewest
/// stones, then the lowest pile index, or `None` ("YOU LOSE").
///
/// Each pile has at most one winning move: only one of `d_k`, `d_{k+1}` lies
/// on an odd step, and the Nim move on that step fixes the amount.
pub fn stone_game_move(piles: &[u64]) -> Result<Option<(u64, usize)>, GapError> {
    let x = stone_game_value(piles)?.0;
    if x == 0 {
        return Ok(None);
    }
    let n = piles.len();
    let mut best: Option<(u64, usize)> = None;
    for k in 0..n {
        let d = difference(piles, k);
        let s = if (n - k) % 2 == 1 {
            // d_k is a heap: shrink it to d_k ^ x.
            let target = d ^ x;
            (target < d).then(|| d - target)
        } else {
            // d_{k+1} is the heap and grows by s, which d_k must supply.
            let e = difference(piles, k + 1);
            let target = e ^ x;
            (target > e && target - e <= d).then(|| target - e)
        };
        if let Some(s) = s {
            // (`Option::is_none_or` would need Rust 1.82; the MSRV is 1.80.)
            let better = match best {
                None => true,
                Some(b) => (s, k) < b,
            };
            if better {
                best = Some((s, k));
            }
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, SearchConfig};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn staircase_rule_and_move_agree_with_search(
            mut piles in proptest::collection::vec(0u64..6, 0..=4),
        ) {
            piles.sort();
            let mut s = PlainSearch::new(StoneGameStrategist, SearchConfig::default());
            prop_assert_eq!(s.nimber(&piles).unwrap(), stone_game_value(&piles).unwrap());
            // Brute force: fewest stones, then lowest pile, among winning moves.
            let mut best = None;
            for k in 0..piles.len() {
                let floor = if k == 0 { 0 } else { piles[k - 1] };
                for left in floor..piles[k] {
                    let mut next = piles.clone();
                    next[k] = left;
                    let m = (piles[k] - left, k);
                    if s.nimber(&next).unwrap().is_zero() && best.iter().all(|&b| m < b) {
                        best = Some(m);
                    }
                }
            }
            prop_assert_eq!(stone_game_move(&piles).unwrap(), best);
        }
    }

    #[test]
    fn decreasing_piles_are_rejected() {
        assert_eq!(
            stone_game_value(&[3, 2]).unwrap_err(),
            GapError::Decreasing {
                index: 1,
                previous: 3,
                next: 2
            }
        );
    }
}
