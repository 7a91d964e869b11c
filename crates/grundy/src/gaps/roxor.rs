//! Roxor (TopCoder SRM 216, Division I Level Three).

use super::GapError;
use crate::solvers::mex::MexSet;
use crate::vocab::nimber::Nimber;
use crate::vocab::rules::GameGraph;

/// TopCoder SRM 216 *Roxor* as a game graph: piles 0..n of stones; a move
/// takes one stone from a pile `i` and adds one stone to each of piles `j`
/// and `k` with `i < j ≤ k`. The last player to move wins.
///
/// Stones never interact, so each stone is a game of its own and a position
/// is the disjunctive sum of its stones; two stones on the same pile cancel.
/// A stone on pile `i` has value `g(i) = mex{ g(j) ^ g(k) : i < j ≤ k < n }`
/// (so `g(n−1) = 0`), and the position's value is the XOR of `g(i)` over the
/// piles with an odd number of stones ([`roxor_value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Roxor;

impl GameGraph for Roxor {
    type Position = Vec<u64>;

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let n = piles.len();
        for i in 0..n {
            if piles[i] == 0 {
                continue;
            }
            for j in i + 1..n {
                for k in j..n {
                    let mut next = piles.clone();
                    next[i] -= 1;
                    next[j] += 1;
                    next[k] += 1;
                    out.push(next);
                }
            }
        }
    }
}

/// The values `g(i)` of a single stone on each pile of an `n`-pile game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoxorTable {
    values: Vec<u64>,
}

impl RoxorTable {
    /// Most piles accepted: the table costs O(n³) time.
    pub const MAX_PILES: usize = 2000;

    /// Computes `g` for `n` piles, from the last pile backwards.
    pub fn new(n: usize) -> Result<RoxorTable, GapError> {
        if n > Self::MAX_PILES {
            return Err(GapError::TooLarge {
                what: "the number of Roxor piles",
                got: n,
                limit: Self::MAX_PILES,
            });
        }
        let mut values = vec![0u64; n];
        let mut seen = MexSet::new();
        for i in (0..n).rev() {
            seen.clear();
            for j in i + 1..n {
                for k in j..n {
                    seen.insert(values[j] ^ values[k]);
                }
            }
            values[i] = seen.mex();
        }
        Ok(RoxorTable { values })
    }

    /// The value of one stone on pile `i`, or `None` past the last pile.
    pub fn value(&self, i: usize) -> Option<Nimber> {
        self.values.get(i).map(|&v| Nimber(v))
    }

    /// Like [`RoxorTable::value`], for indices known to be in range.
    fn at(&self, i: usize) -> Nimber {
        Nimber(self.values[i])
    }
}

/// The Grundy value of a Roxor position.
pub fn roxor_value(piles: &[u64]) -> Result<Nimber, GapError> {
    let table = RoxorTable::new(piles.len())?;
    Ok(value_with(&table, piles))
}

fn value_with(table: &RoxorTable, piles: &[u64]) -> Nimber {
    (0..piles.len())
        .filter(|&i| piles[i] % 2 == 1)
        .map(|i| table.at(i))
        .sum()
}

/// The problem's answer: the winning move `(i, j, k)` least in that order,
/// or `None` if there is none (the problem's `{}`).
pub fn roxor_move(piles: &[u64]) -> Result<Option<(usize, usize, usize)>, GapError> {
    let table = RoxorTable::new(piles.len())?;
    let x = value_with(&table, piles);
    let n = piles.len();
    for (i, _) in piles.iter().enumerate().filter(|&(_, &p)| p > 0) {
        for j in i + 1..n {
            for k in j..n {
                if (x ^ table.at(i) ^ table.at(j) ^ table.at(k)).is_zero() {
                    return Ok(Some((i, j, k)));
                }
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, SearchConfig};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn stone_values_and_move_agree_with_search(piles in proptest::collection::vec(0u64..3, 2..=4)) {
            let mut s = PlainSearch::new(Roxor, SearchConfig::default());
            prop_assert_eq!(s.nimber(&piles).unwrap(), roxor_value(&piles).unwrap());
            let mut expect = None;
            let n = piles.len();
            'search: for i in 0..n {
                if piles[i] == 0 { continue; }
                for j in i + 1..n {
                    for k in j..n {
                        let mut next = piles.clone();
                        next[i] -= 1;
                        next[j] += 1;
                        next[k] += 1;
                        if s.nimber(&next).unwrap().is_zero() {
                            expect = Some((i, j, k));
                            break 'search;
                        }
                    }
                }
            }
            prop_assert_eq!(roxor_move(&piles).unwrap(), expect);
        }
    }

    #[test]
    fn too_many_piles_is_an_error() {
        assert!(matches!(
            RoxorTable::new(RoxorTable::MAX_PILES + 1),
            Err(GapError::TooLarge { .. })
        ));
    }
}
