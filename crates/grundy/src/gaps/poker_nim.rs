//! Poker Nim (Winning Ways ch. 2): Nim where removed coins may come back.

use crate::vocab::outcome::Player;
use crate::vocab::rules::GameGraph;

/// Poker Nim as a game graph: Nim heaps, and each player keeps the coins they
/// have taken in a stock; a move either takes one or more coins from a heap
/// into the mover's stock, or adds one or more coins from the mover's stock to
/// a heap. A player who cannot move loses.
///
/// Adding coins is a reversible move: the opponent takes the same coins off
/// the same heap. The winner (the player facing a non-zero nim-sum) only ever
/// takes coins, so the coins on the table and in the loser's stock dwindle and
/// the game cannot go on for ever. The outcome is Nim's: the player to move
/// wins iff the XOR of the heaps is not 0, whatever the stocks hold. Play can
/// cycle, so the brute force is [`analyse_loopy`](crate::solvers::loopy::analyse_loopy).
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerNim;

/// A Poker Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PokerNimPosition {
    /// The heaps on the table.
    pub heaps: Vec<u64>,
    /// The stock of Left and of Right.
    pub stocks: [u64; 2],
    /// Who moves next.
    pub to_move: Player,
}

impl GameGraph for PokerNim {
    type Position = PokerNimPosition;

    fn moves(&self, p: &PokerNimPosition, out: &mut Vec<PokerNimPosition>) {
        let me = p.to_move as usize;
        for i in 0..p.heaps.len() {
            for k in 1..=p.heaps[i] {
                let mut q = p.clone();
                q.heaps[i] -= k;
                q.stocks[me] += k;
                q.to_move = p.to_move.opponent();
                out.push(q);
            }
            for k in 1..=p.stocks[me] {
                let mut q = p.clone();
                q.heaps[i] += k;
                q.stocks[me] -= k;
                q.to_move = p.to_move.opponent();
                out.push(q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::loopy::{analyse_loopy, LoopyConfig, LoopyOutcome};
    use crate::solvers::search::Play;
    use crate::vocab::nimber::Nimber;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn nim_rule_holds_and_nothing_is_drawn(
            heaps in proptest::collection::vec(0u64..3, 1..=3),
            stocks in (0u64..3, 0u64..3),
            right in any::<bool>(),
        ) {
            let to_move = if right { Player::Right } else { Player::Left };
            let p = PokerNimPosition { heaps: heaps.clone(), stocks: [stocks.0, stocks.1], to_move };
            let a = analyse_loopy(&PokerNim, &p, Play::Normal, &LoopyConfig::default()).unwrap();
            // Every reachable position, not just the start.
            for q in a.positions() {
                let x: Nimber = q.heaps.iter().map(|&h| Nimber(h)).sum();
                let expect = if x.is_zero() { LoopyOutcome::Loss } else { LoopyOutcome::Win };
                prop_assert_eq!(a.outcome(q), Some(expect), "{:?}", q);
            }
        }
    }
}
