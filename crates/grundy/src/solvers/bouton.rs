//! Bouton's closed forms for Nim (1901), in normal and misère play: the
//! theory alone, on heap sizes, for the Nim game file and every closed form
//! that reduces to Nim (the corner-moving pieces, sums of heaps).

use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;

/// Bouton (1901): a heap of n tokens has value *n, and a sum the XOR of its heaps.
pub fn nim_value(heaps: &[u64]) -> Nimber {
    heaps.iter().map(|&h| Nimber(h)).sum()
}

/// Bouton's misère rule: the player to move loses iff some heap exceeds 1 and
/// the nim-sum is 0, or every heap is at most 1 and the nim-sum is 1 (an odd
/// number of single tokens). The player who takes the last token loses.
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let x = nim_value(heaps).0;
    let big = heaps.iter().any(|&h| h > 1);
    let lost = if big { x == 0 } else { x == 1 };
    if lost {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The winning moves of misère Nim, as (heap index, new size) pairs: at most
/// one per heap, since from heap i only one size can restore a P-position.
///
/// Linear in the number of heaps: the big heaps are counted once, not
/// rescanned for each heap.
pub fn misere_nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_value(heaps).0;
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let rest = x ^ h;
        let others_big = big - usize::from(h > 1) > 0;
        // With a big heap left elsewhere, play as in normal Nim; otherwise leave
        // an odd number of single tokens (sizes 0 or 1 only).
        let target = if others_big { rest } else { rest ^ 1 };
        if target < h {
            moves.push((i, target));
        }
    }
    moves
}

/// Normal-play winning moves of Nim, as (heap index, new size) pairs.
pub fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let x = nim_value(heaps).0;
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| x ^ h < h)
        .map(|(i, &h)| (i, x ^ h))
        .collect()
}
