//! Wythoff's game (the queen moving left, down or diagonally toward (0,0)),
//! in exact integer arithmetic over all of `u64`.
//!
//! **Normal play** (Wythoff 1907). The P-positions are (0,0) and the pairs
//! (aₙ, bₙ) = (⌊nφ⌋, ⌊nφ²⌋) = (⌊nφ⌋, ⌊nφ⌋ + n) for n ≥ 1, with their mirrors.
//! By Beatty's theorem the sequences (aₙ) and (bₙ) split the positive
//! integers, so every v ≥ 1 lies in exactly one P-position pair: its
//! *partner* ([`wythoff_partner`]) is the other coordinate.
//!
//! **No floating point.** ⌊kφ⌋ = ⌊(k + k√5)/2⌋ = ⌊(k + ⌊k√5⌋)/2⌋, because
//! ⌊t/2⌋ = ⌊⌊t⌋/2⌋ for every real t ≥ 0 and k is an integer. ⌊k√5⌋ is the
//! integer square root of 5k², which for k up to 2^64 needs 131 bits; it is
//! found by bisection with the squares compared as 256-bit products, so the
//! answer is exact for every k a `u64` square can ask about.
//!
//! **Misère play.** The P-positions are those of normal play with
//! (0,0), (1,2), (2,1) exchanged for (0,1), (1,0), (2,2) (stated in
//! `data/impartial/wythoff_misere.toml` with its source). Proof: call that
//! set M. (i) No move joins two positions of M: the normal pairs for n ≥ 2
//! have both coordinates ≥ 3, differ by n ≥ 2 and are closed as in normal
//! play; none of them shares a row, column or diagonal with (0,1), (1,0),
//! (2,2), and those three do not reach one another. (ii) Every position
//! outside M other than (0,0) has a move into M: (1,2) → (1,0) and
//! (2,1) → (0,1); every other one is normal-N, and one with a normal winning
//! move into a pair with n ≥ 2 uses it; the rest reach (0,0), (1,2) or (2,1)
//! in one move, so they are (k,0), (0,k), (k,k), (1,y), (x,2),
//! (k+1,k+2) or their mirrors, and in turn (k,0) → (1,0) for k ≥ 2,
//! (1,1) → (0,1), (k,k) → (2,2) for k ≥ 3, (1,y) → (1,0), (x,2) → (2,2) for
//! x ≥ 3, (2,3) → (2,2), (k+1,k+2) → (0,1) for k ≥ 2. (iii) (0,0), the only
//! terminal position, is not in M; the player to move there has no move and
//! so wins in misère play. By induction on x + y, M is the misère P-set.

use super::Square;

const LOW: u128 = u64::MAX as u128;

/// The full 256-bit product of `a` and `b`, as (high, low) halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & LOW);
    let (b1, b0) = (b >> 64, b & LOW);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let (mid, c1) = p01.overflowing_add(p10);
    let (mid, c2) = mid.overflowing_add(p00 >> 64);
    let carry = (c1 as u128 + c2 as u128) << 64;
    let low = (mid << 64) | (p00 & LOW);
    let high = p11 + (mid >> 64) + carry;
    (high, low)
}

/// ⌊k√5⌋, exact for every k ≤ 2^64.
///
/// Small k: the float root of 5k², corrected with exact squares in u128.
/// Large k: bisection keeps lo² ≤ 5k² < hi². A floating-point estimate, whose error
/// is far below 2^16 at these sizes (relative error a few 2^-53, on values
/// below 2^66), narrows the starting bracket to 17 halvings instead of 66;
/// the bracket is checked exactly, and the full range used if the estimate
/// were ever off, so the float never decides the answer.
fn floor_k_sqrt5(k: u128) -> u128 {
    debug_assert!(k <= 1 << 64);
    if k < 1 << 50 {
        // 5k² < 2^103 fits u128 and its float root is within 1 of the true
        // one: correct it with exact squares.
        let square = 5 * k * k;
        let mut r = (square as f64).sqrt() as u128;
        while r * r > square {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= square {
            r += 1;
        }
        return r;
    }
    // 5k² fits 131 bits; k√5 < 2^66, so 0 ≤ ⌊k√5⌋ < 2^66 brackets the root.
    let square = mul_wide(5 * k, k);
    let estimate = (k as f64 * 5f64.sqrt()) as u128;
    let (mut lo, mut hi) = (estimate.saturating_sub(1 << 16), estimate + (1 << 16));
    if mul_wide(lo, lo) > square || mul_wide(hi, hi) <= square {
        (lo, hi) = (0, 1 << 66);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mul_wide(mid, mid) <= square {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// ⌊kφ⌋ for k ≤ 2^64 (see the module notes for why this is exact).
fn floor_phi(k: u128) -> u128 {
    (k + floor_k_sqrt5(k)) / 2
}

/// ⌊nφ⌋, with φ the golden ratio: the smaller coordinate aₙ of the n-th
/// P-position of Wythoff's game. Exact for every `u64` (the answer can pass
/// `u64::MAX`, hence `u128`).
///
/// ```
/// use grundy::board::floor_n_phi;
/// assert_eq!(floor_n_phi(1), 1);
/// assert_eq!(floor_n_phi(10), 16);
/// // F(91)·φ lies just above F(92) (Fibonacci numbers F(1) = F(2) = 1).
/// assert_eq!(floor_n_phi(4660046610375530309), 7540113804746346429);
/// ```
pub fn floor_n_phi(n: u64) -> u128 {
    floor_phi(n as u128)
}

/// Whether the queen on (x,y) (Wythoff's game, normal play) is a P-position:
/// (x,y) or (y,x) is (⌊nφ⌋, ⌊nφ⌋ + n) for some n ≥ 0. Exact for every pair of
/// `u64`: with a ≤ b and d = b − a, the position is P iff a = ⌊dφ⌋.
///
/// ```
/// use grundy::board::wythoff_is_p;
/// assert!(wythoff_is_p(0, 0) && wythoff_is_p(3, 5) && wythoff_is_p(5, 3));
/// assert!(!wythoff_is_p(4, 5));
/// // Far apart: no overflow, and not P.
/// assert!(!wythoff_is_p(0, u64::MAX));
/// ```
pub fn wythoff_is_p(x: u64, y: u64) -> bool {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    a as u128 == floor_phi((b - a) as u128)
}

/// The partner of `v` in Wythoff's P-positions: the unique `w` such that
/// (v,w) is a P-position (0 for 0). It may exceed `u64::MAX` when v is near
/// it, hence `u128`.
///
/// Beatty counting: the number of n ≥ 1 with ⌊nφ⌋ ≤ v is ⌊(v+1)/φ⌋ = n, so v
/// is some aₙ iff ⌊nφ⌋ = v, and then its partner is v + n; otherwise v is bₘ
/// with m = ⌊(v+1)/φ²⌋ and its partner is v − m. With k = v + 1 and φ
/// irrational, ⌊k/φ⌋ = ⌊kφ⌋ − k and ⌊k/φ²⌋ = 2k − ⌊kφ⌋ − 1.
pub fn wythoff_partner(v: u64) -> u128 {
    if v == 0 {
        return 0;
    }
    let v = v as u128;
    let k = v + 1;
    let k_phi = floor_phi(k);
    let n = k_phi - k;
    if floor_phi(n) == v {
        v + n
    } else {
        v - (2 * k - k_phi - 1)
    }
}

/// Every winning move of the queen on (x,y) in normal play: the squares it
/// reaches that are P-positions, at most three (one per direction, since a
/// row, a column or a diagonal holds at most one P-position), sorted.
/// Empty exactly when (x,y) is itself a P-position.
///
/// Along the row y the P-position is (partner(y), y); along the column x it
/// is (x, partner(x)); along the diagonal, where the difference d = |x − y|
/// is kept, it is (⌊dφ⌋, ⌊dφ⌋ + d) or its mirror. Each is a move when it
/// lies strictly below and to the left on that line.
pub fn wythoff_winning_moves(x: u64, y: u64) -> Vec<Square> {
    let mut moves = Vec::with_capacity(3);
    let (px, py) = (wythoff_partner(x), wythoff_partner(y));
    if py < x as u128 {
        moves.push(Square { x: py as u64, y });
    }
    if px < y as u128 {
        moves.push(Square { x, y: px as u64 });
    }
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    let low = floor_phi((b - a) as u128);
    if low < a as u128 {
        let k = a - low as u64;
        moves.push(Square { x: x - k, y: y - k });
    }
    moves.sort();
    moves.dedup();
    moves
}

/// The normal-play P-positions that misère play exchanges...
const NORMAL_ONLY: [(u64, u64); 3] = [(0, 0), (1, 2), (2, 1)];
/// ...for these.
const MISERE_ONLY: [(u64, u64); 3] = [(0, 1), (1, 0), (2, 2)];

/// Whether the queen on (x,y) is a P-position of misère Wythoff (the player
/// who moves the queen to (0,0) loses): the normal P-positions with (0,0),
/// (1,2), (2,1) exchanged for (0,1), (1,0), (2,2) (proof in the module notes).
pub fn misere_wythoff_is_p(x: u64, y: u64) -> bool {
    if MISERE_ONLY.contains(&(x, y)) {
        return true;
    }
    !NORMAL_ONLY.contains(&(x, y)) && wythoff_is_p(x, y)
}

/// Whether the queen can go from `from` to `to` in one move.
fn queen_reaches(from: Square, to: Square) -> bool {
    to != from
        && to.x <= from.x
        && to.y <= from.y
        && (to.x == from.x || to.y == from.y || from.x - to.x == from.y - to.y)
}

/// Every winning move of the queen on (x,y) in misère play, sorted: the
/// normal-play ones except those to (0,0), (1,2), (2,1), and any reachable
/// one of (0,1), (1,0), (2,2). Empty when (x,y) is a misère P-position or
/// (0,0), where the player to move has already won.
pub fn misere_wythoff_winning_moves(x: u64, y: u64) -> Vec<Square> {
    let from = Square { x, y };
    let mut moves: Vec<Square> = wythoff_winning_moves(x, y)
        .into_iter()
        .filter(|s| !NORMAL_ONLY.contains(&(s.x, s.y)))
        .collect();
    for (a, b) in MISERE_ONLY {
        let to = Square { x: a, y: b };
        if queen_reaches(from, to) {
            moves.push(to);
        }
    }
    moves.sort();
    moves.dedup();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// (F(k), F(k+1)) up to the largest pair in u64, F(1) = F(2) = 1.
    fn fibonacci() -> Vec<u64> {
        let mut f = vec![0u64, 1];
        while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
            f.push(next);
        }
        f
    }

    #[test]
    fn wide_products_are_exact() {
        assert_eq!(mul_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
        assert_eq!(mul_wide(1 << 64, 1 << 64), (1, 0));
        assert_eq!(mul_wide(u64::MAX as u128, 3), (0, 3 * u64::MAX as u128));
        // 5·(2^64)² = 5·2^128
        assert_eq!(mul_wide(5 << 64, 1 << 64), (5, 0));
    }

    #[test]
    fn square_roots_at_the_top_of_the_range() {
        // ⌊2^64·√5⌋: r² ≤ 5·2^128 < (r+1)², checked with the wide product.
        let r = floor_k_sqrt5(1 << 64);
        assert!(mul_wide(r, r) <= (5, 0) && mul_wide(r + 1, r + 1) > (5, 0));
        // The value from 60-digit decimal arithmetic (Python's `Decimal(2**64) * Decimal(5).sqrt()`).
        assert_eq!(r, 41248173712355948587);
    }

    #[test]
    fn fibonacci_pairs_are_p_positions_up_to_u64() {
        // (F(2k), F(2k+1)) = (⌊F(2k−1)φ⌋, ⌊F(2k−1)φ²⌋): a Wythoff pair with n = F(2k−1).
        let f = fibonacci();
        let top = f.len() - 1; // F(93), the largest Fibonacci number in u64
        assert_eq!(top, 93);
        for k in (2..top).step_by(2) {
            let (a, b, n) = (f[k], f[k + 1], f[k - 1]);
            assert_eq!(floor_n_phi(n), a as u128, "F({})", k - 1);
            assert!(wythoff_is_p(a, b) && wythoff_is_p(b, a), "F({k})");
            assert!(!wythoff_is_p(a, b - 1) && !wythoff_is_p(a + 1, b));
            assert_eq!(wythoff_partner(a), b as u128);
            assert_eq!(wythoff_partner(b), a as u128);
            assert!(wythoff_winning_moves(a, b).is_empty());
        }
    }

    #[test]
    fn extreme_coordinates_do_not_overflow() {
        let m = u64::MAX;
        for (x, y) in [(0, m), (m, 0), (m, m), (1, m), (m - 1, m), (m / 3, m)] {
            assert_eq!(wythoff_is_p(x, y), wythoff_is_p(y, x));
            let moves = wythoff_winning_moves(x, y);
            assert_eq!(moves.is_empty(), wythoff_is_p(x, y), "({x},{y})");
            for s in moves {
                assert!(queen_reaches(Square { x, y }, s), "({x},{y}) -> {s:?}");
                assert!(wythoff_is_p(s.x, s.y), "({x},{y}) -> {s:?}");
            }
        }
        // ⌊(2^64−1)φ⌋ > u64::MAX: the partner of a large a-value leaves u64.
        assert!(floor_n_phi(m) > m as u128);
        assert!(!wythoff_is_p(0, m));
        // (m, m) moves diagonally to (0,0).
        assert!(wythoff_winning_moves(m, m).contains(&Square { x: 0, y: 0 }));
    }

    /// The plain bisection over the whole range, for comparison.
    fn floor_k_sqrt5_slow(k: u128) -> u128 {
        let square = mul_wide(5 * k, k);
        let (mut lo, mut hi) = (0u128, 1u128 << 66);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if mul_wide(mid, mid) <= square {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    proptest! {
        /// The estimated bracket changes nothing, at every size.
        #[test]
        fn narrowed_bracket_equals_full_bisection(k in 0u128..=(1 << 64), shift in 0u32..64) {
            let k = k >> shift;
            prop_assert_eq!(floor_k_sqrt5(k), floor_k_sqrt5_slow(k));
        }

        /// ⌊nφ⌋ against its defining inequalities 2a − n < n√5 < 2a + 2 − n,
        /// squared in u128 where they fit.
        #[test]
        fn floor_phi_is_the_floor(n in 0u64..(1 << 61)) {
            let a = floor_n_phi(n) as i128;
            let n = n as i128;
            let five_n2 = 5 * n * n;
            let lo = 2 * a - n;
            let hi = 2 * a + 2 - n;
            prop_assert!(lo < 0 || lo * lo < five_n2 || (n == 0 && lo == 0));
            prop_assert!(hi > 0 && hi * hi > five_n2);
        }

        /// Partners: the pair is a P-position, and partner is an involution.
        #[test]
        fn partners_pair_up(v in any::<u64>()) {
            let w = wythoff_partner(v);
            if let Ok(w) = u64::try_from(w) {
                prop_assert!(wythoff_is_p(v, w));
                prop_assert_eq!(wythoff_partner(w), v as u128);
            } else {
                prop_assert!(w > v as u128, "only an a-value's partner can leave u64");
            }
        }

        /// Moves from anywhere in u64 are legal queen moves to P-positions.
        #[test]
        fn winning_moves_anywhere(x in any::<u64>(), y in any::<u64>()) {
            let from = Square { x, y };
            let moves = wythoff_winning_moves(x, y);
            prop_assert_eq!(moves.is_empty(), wythoff_is_p(x, y));
            for s in &moves {
                prop_assert!(queen_reaches(from, *s));
                prop_assert!(wythoff_is_p(s.x, s.y));
            }
            let misere = misere_wythoff_winning_moves(x, y);
            prop_assert_eq!(misere.is_empty(), misere_wythoff_is_p(x, y) || (x, y) == (0, 0));
            for s in misere {
                prop_assert!(queen_reaches(from, s));
                prop_assert!(misere_wythoff_is_p(s.x, s.y));
            }
        }
    }
}
