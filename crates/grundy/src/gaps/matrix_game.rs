//! Matrix Game (LightOJ 1247, seed 004).

use crate::vocab::nimber::Nimber;
use crate::vocab::rules::GameGraph;

/// LightOJ 1247 as a game graph: a matrix of piles; a move picks one row and
/// takes any number of stones from any of its piles, at least one stone in
/// all. A player who cannot move loses.
///
/// Within a row only the total matters: any smaller total is reachable, and
/// nothing else is, so a row is a Nim heap of its sum ([`matrix_game_value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixGame;

impl GameGraph for MatrixGame {
    type Position = Vec<Vec<u64>>;

    fn moves(&self, m: &Vec<Vec<u64>>, out: &mut Vec<Vec<Vec<u64>>>) {
        for (r, row) in m.iter().enumerate() {
            // Every row dominated by `row` except `row` itself, by odometer.
            let mut next = vec![0u64; row.len()];
            'odometer: loop {
                if next != *row {
                    let mut q = m.clone();
                    q[r] = next.clone();
                    out.push(q);
                }
                for j in 0..row.len() {
                    next[j] += 1;
                    if next[j] <= row[j] {
                        continue 'odometer;
                    }
                    next[j] = 0;
                }
                break;
            }
        }
    }
}

/// The Grundy value of a matrix: the XOR of its row sums (saturating at
/// `u64::MAX`, far beyond the problem's 50 × 10^9).
pub fn matrix_game_value(m: &[Vec<u64>]) -> Nimber {
    m.iter()
        .map(|row| Nimber(row.iter().fold(0u64, |s, &x| s.saturating_add(x))))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, SearchConfig};
    use crate::vocab::outcome::Outcome;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn xor_of_row_sums_is_the_value(
            (rows, cols) in (1usize..=3, 1usize..=3),
            cells in proptest::collection::vec(0u64..3, 9),
        ) {
            let m: Vec<Vec<u64>> = (0..rows).map(|r| cells[r * cols..(r + 1) * cols].to_vec()).collect();
            let mut s = PlainSearch::new(MatrixGame, SearchConfig::default());
            prop_assert_eq!(s.nimber(&m).unwrap(), matrix_game_value(&m));
        }
    }

    #[test]
    fn seed_samples() {
        assert_eq!(
            matrix_game_value(&[vec![2, 3, 8], vec![5, 2, 7]]).outcome(),
            Outcome::N
        );
        assert_eq!(
            matrix_game_value(&[vec![1, 2, 3], vec![3, 2, 1]]).outcome(),
            Outcome::P
        );
    }
}
