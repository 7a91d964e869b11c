//! CakeParty (TopCoder SRM 338, Division I Level Three).

use crate::vocab::outcome::Outcome;
use crate::vocab::rules::GameGraph;

/// TopCoder SRM 338 *CakeParty* as a game graph: cakes cut into pieces; a
/// move eats one or more pieces of one cake, which must be one of the cakes
/// with the most pieces left. Whoever eats the last piece wins.
///
/// Theory (checked against plain search in the tests): with `c` cakes of the
/// largest size `M > 0`, the position is P iff `c` is even. If `c` is even,
/// any move leaves `c − 1` (odd) cakes of size `M`. If `c ≥ 3` is odd, eating
/// from a largest cake leaves an even number of them. If `c = 1`, cut the
/// largest cake down to the next size `s` when `s` occurs an odd number of
/// times, or below `s` when it occurs an even number of times (eating the
/// whole cake if nothing else is left): either way the largest size then
/// occurs an even number of times, or not at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct CakeParty;

impl GameGraph for CakeParty {
    type Position = Vec<u64>;

    fn moves(&self, cakes: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let max = cakes.iter().copied().max().unwrap_or(0);
        for (i, &c) in cakes.iter().enumerate() {
            if c == max && c > 0 {
                for p in 1..=c {
                    let mut next = cakes.clone();
                    next[i] -= p;
                    out.push(next);
                }
            }
        }
    }
}

impl CakeParty {
    /// The outcome by the theory above.
    pub fn outcome(cakes: &[u64]) -> Outcome {
        let max = cakes.iter().copied().max().unwrap_or(0);
        let largest = cakes.iter().filter(|&&c| c == max).count();
        if max == 0 || largest % 2 == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

/// Michael's first move in the problem: `(cake, pieces)` whose text
/// `"CAKE {cake} PIECES {pieces}"` is lexicographically least among the
/// winning moves, or among all moves if none wins; `None` if no cake has a
/// piece left.
pub fn cake_party_move(cakes: &[u64]) -> Option<(usize, u64)> {
    let max = cakes.iter().copied().max().filter(|&m| m > 0)?;
    let largest: Vec<usize> = (0..cakes.len()).filter(|&i| cakes[i] == max).collect();
    // "CAKE i PIECES": a shorter index that is a prefix of a longer one sorts
    // first because ' ' sorts before every digit, so this is plain string order
    // of the indices.
    let cake = *largest.iter().min_by_key(|i| i.to_string())?;
    let (lo, hi) = if largest.len() != 1 {
        (1, max) // even: nothing wins; odd ≥ 3: everything wins
    } else {
        let rest = cakes.iter().copied().filter(|&c| c != max);
        let next = rest.clone().max().unwrap_or(0);
        let count = rest.filter(|&c| c == next).count();
        if next == 0 {
            (max, max) // eat the whole cake
        } else if count % 2 == 1 {
            (max - next, max - next)
        } else {
            (max - next + 1, max)
        }
    };
    Some((cake, least_decimal_string_in(lo, hi)))
}

/// The number in `lo..=hi` whose decimal text is lexicographically least:
/// `lo`, unless a power of ten lies in the range (the least such is then a
/// prefix-or-smaller of every other candidate).
fn least_decimal_string_in(lo: u64, hi: u64) -> u64 {
    let mut power = 1u64;
    while power < lo {
        match power.checked_mul(10) {
            Some(p) => power = p,
            None => return lo,
        }
    }
    if power <= hi && power.to_string() < lo.to_string() {
        power
    } else {
        lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, Play, SearchConfig};
    use proptest::prelude::*;

    fn text(cake: usize, pieces: u64) -> String {
        format!("CAKE {cake} PIECES {pieces}")
    }

    proptest! {
        #[test]
        fn theory_and_move_agree_with_search(cakes in proptest::collection::vec(0u64..5, 0..=12)) {
            let mut s = PlainSearch::new(CakeParty, SearchConfig::default());
            // Keep the search small: few cakes unless they are tiny.
            let cakes: Vec<u64> = if cakes.len() > 4 { cakes.iter().map(|c| c % 2).collect() } else { cakes };
            prop_assert_eq!(s.outcome(&cakes, Play::Normal).unwrap(), CakeParty::outcome(&cakes));
            // The move by brute force: least text among winning (else all) moves.
            let max = cakes.iter().copied().max().unwrap_or(0);
            let mut all = Vec::new();
            let mut winning = Vec::new();
            for (i, &c) in cakes.iter().enumerate() {
                if c == max && c > 0 {
                    for p in 1..=c {
                        let mut next = cakes.clone();
                        next[i] -= p;
                        all.push(text(i, p));
                        if s.outcome(&next, Play::Normal).unwrap() == Outcome::P {
                            winning.push(text(i, p));
                        }
                    }
                }
            }
            let expect = if winning.is_empty() { all.into_iter().min() } else { winning.into_iter().min() };
            prop_assert_eq!(cake_party_move(&cakes).map(|(c, p)| text(c, p)), expect);
        }

        #[test]
        fn least_decimal_string(lo in 1u64..3000, len in 0u64..3000) {
            let hi = lo + len;
            let expect = (lo..=hi).min_by_key(|x| x.to_string()).unwrap();
            prop_assert_eq!(least_decimal_string_in(lo, hi), expect);
        }
    }

    #[test]
    fn many_cakes_sort_by_text() {
        // Cakes 2 and 10 are the largest: "CAKE 10 …" < "CAKE 2 …".
        let mut cakes = vec![1u64; 11];
        cakes[2] = 5;
        cakes[10] = 5;
        assert_eq!(cake_party_move(&cakes), Some((10, 1)));
    }
}
