//! `find_table_patterns` on tables computed by brute force here, for the
//! pieces moving toward the corner whose theory is known: each finding must
//! be exactly what the theory predicts on the table, and nothing else.
//!
//! Sources: the rook is Nim on two heaps (Bouton 1901); the queen is
//! Wythoff's game (Wythoff 1907; its rows are arithmetic-periodic, Dress,
//! Flammenkamp and Pink 1999); the king's values are proved in
//! `board::closed`; the knight with moves (−2,+1), (−2,−1), (+1,−2), (−1,−2)
//! is the one of the TopCoder "Algorithm Games" tutorial in
//! `../shared/seeds/001_*` (P-positions: x mod 4 and y mod 4 both in {0, 1}).

use grundy::board::patterns::{Axis, Preperiod};
use grundy::board::{find_table_patterns, PatternKind, TablePattern};

/// The Grundy table `0 <= x, y < n` of a piece with `leaps` (taken once)
/// and `rides` (repeated) on the unbounded quadrant, by mex over the options.
/// Every move lowers x + y, so filling the cells in order of x + y computes
/// each after its options; a move may raise one coordinate (the knight's),
/// so the cells are computed up to x + y < 2n, which holds every cell
/// reachable from the table.
fn brute_force(n: usize, leaps: &[(i64, i64)], rides: &[(i64, i64)]) -> Vec<Vec<u64>> {
    let side = 2 * n;
    let mut g = vec![vec![0u64; side]; side];
    for s in 0..side {
        for x in 0..=s {
            let y = s - x;
            let mut seen = vec![false; 4 * side];
            let mut mark = |a: i64, b: i64| {
                if a >= 0 && b >= 0 {
                    seen[g[a as usize][b as usize] as usize] = true;
                    true
                } else {
                    false
                }
            };
            let (x, y) = (x as i64, y as i64);
            for &(dx, dy) in leaps {
                mark(x + dx, y + dy);
            }
            for &(dx, dy) in rides {
                let (mut a, mut b) = (x + dx, y + dy);
                while mark(a, b) {
                    (a, b) = (a + dx, b + dy);
                }
            }
            g[x as usize][y as usize] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    g.truncate(n);
    g.iter_mut().for_each(|row| row.truncate(n));
    g
}

fn rook(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[], &[(-1, 0), (0, -1)])
}

fn queen(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[], &[(-1, 0), (0, -1), (-1, -1)])
}

fn king(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[(-1, 0), (0, -1), (-1, -1)], &[])
}

fn knight(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[(-2, 1), (-2, -1), (1, -2), (-1, -2)], &[])
}

fn statements(table: &[Vec<u64>]) -> Vec<String> {
    find_table_patterns(table)
        .unwrap()
        .iter()
        .map(TablePattern::to_string)
        .collect()
}

fn bishop(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[], &[(-1, -1)])
}

/// The rook that moves one or two squares: two subtraction games {1, 2}.
fn short_rook(n: usize) -> Vec<Vec<u64>> {
    brute_force(n, &[(-1, 0), (-2, 0), (0, -1), (0, -2)], &[])
}

/// Pseudo-random values in 0..1000 from a fixed LCG.
fn noise(n: usize) -> Vec<Vec<u64>> {
    let mut s = 2024u64;
    (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (s >> 33) % 1000
                })
                .collect()
        })
        .collect()
}

#[test]
fn brute_force_agrees_with_the_proved_closed_forms() {
    use grundy::board::{ClosedForm, Square};
    use grundy::Nimber;
    for (form, table) in [
        (ClosedForm::Rook, rook(20)),
        (ClosedForm::Bishop, bishop(20)),
        (ClosedForm::King, king(20)),
    ] {
        for (x, row) in table.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                let sq = Square {
                    x: x as u64,
                    y: y as u64,
                };
                assert_eq!(form.value(sq), Some(Nimber(v)), "{form:?} at {sq:?}");
            }
        }
    }
    for (x, row) in queen(20).iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(grundy::board::wythoff_is_p(x as u64, y as u64), v == 0);
        }
    }
}

#[test]
fn rook_is_x_xor_y() {
    assert_eq!(
        statements(&rook(20)),
        [
            "G(x,y) = x xor y on 0<=x<20, 0<=y<20",
            "each row is arithmetic-periodic in y with period 8 and saltus 8 for y>=0 on \
             0<=x<8, 0<=y<20",
            "each column is arithmetic-periodic in x with period 8 and saltus 8 for x>=0 on \
             0<=x<20, 0<=y<8",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "the 20 P-positions lie on y = x (20 of its 20 cells) on 0<=x<20, 0<=y<20",
        ]
    );
    let found = find_table_patterns(&rook(20)).unwrap();
    let PatternKind::NimSum { f, g, constant } = &found[0].kind else {
        panic!("{:?}", found[0]);
    };
    assert!(f.is_identity() && g.is_identity() && *constant == 0);
}

#[test]
fn queen_has_the_wythoff_pairs() {
    assert_eq!(
        statements(&queen(20)),
        [
            "each row is arithmetic-periodic in y with period 6 and saltus 6 for y>=x+5 on \
             0<=x<4, 0<=y<20",
            "each column is arithmetic-periodic in x with period 6 and saltus 6 for x>=y+5 on \
             0<=x<20, 0<=y<4",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "P-positions are (⌊kφ⌋, ⌊kφ²⌋) and mirror, 0<=k<=7 on 0<=x<20, 0<=y<20 \
             (Wythoff pairs)",
        ]
    );
    let found = find_table_patterns(&queen(40)).unwrap();
    let beatty = found
        .iter()
        .find_map(|p| match p.kind {
            PatternKind::BeattyPairs { d, alpha, last_k } => Some((d, alpha, last_k)),
            _ => None,
        })
        .unwrap();
    // (24, 39) = (⌊15φ⌋, ⌊15φ²⌋) is the last pair inside 40×40.
    assert_eq!((beatty.0, beatty.2), (1, 15));
    assert!((beatty.1 - 1.618034).abs() < 1e-6);
}

#[test]
fn king_has_its_p_positions_on_even_squares() {
    assert_eq!(
        statements(&king(20)),
        [
            "each row is periodic in y with period 2 for y>=x on 0<=x<16, 0<=y<20",
            "each column is periodic in x with period 2 for x>=y on 0<=x<20, 0<=y<16",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "G(x,y) = 0 iff (x mod 2, y mod 2) is in {(0,0)} on 0<=x<20, 0<=y<20",
        ]
    );
    let found = find_table_patterns(&king(20)).unwrap();
    assert_eq!(
        found[0].kind,
        PatternKind::PeriodicLines {
            axis: Axis::Rows,
            period: 2,
            saltus: 0,
            from: Preperiod::Diagonal(0),
        }
    );
}

#[test]
fn knight_of_the_tutorial_has_its_p_positions_mod_4() {
    assert_eq!(
        statements(&knight(20)),
        [
            "each row is periodic in y with period 4 for y>=x+2 on 0<=x<11, 0<=y<20",
            "each column is periodic in x with period 4 for x>=y+2 on 0<=x<20, 0<=y<11",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "G(x,y) = 0 iff (x mod 4, y mod 4) is in {(0,0), (0,1), (1,0), (1,1)} on \
             0<=x<20, 0<=y<20",
        ]
    );
}

#[test]
fn bishop_is_min() {
    assert_eq!(
        statements(&bishop(20)),
        [
            "each row is periodic in y with period 1 for y>=x on 0<=x<17, 0<=y<20",
            "each column is periodic in x with period 1 for x>=y on 0<=x<20, 0<=y<17",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "the 39 P-positions lie on x = 0 (20 of its 20 cells), y = 0 (20 of its 20 \
             cells) on 0<=x<20, 0<=y<20",
            "G(x,y) = min(x,y) on 0<=x<20, 0<=y<20",
        ]
    );
}

#[test]
fn short_rook_is_a_sum_of_periodic_games() {
    assert_eq!(
        statements(&short_rook(20)),
        [
            "G(x,y) = f(x) xor g(y) on 0<=x<20, 0<=y<20 (f = column y=0, periodic with \
             period 3 for x>=0; g = row x=0, periodic with period 3 for y>=0)",
            "each row is periodic in y with period 3 for y>=0 on 0<=x<20, 0<=y<20",
            "each column is periodic in x with period 3 for x>=0 on 0<=x<20, 0<=y<20",
            "G(x,y) = G(y,x) on 0<=x<20, 0<=y<20",
            "G(x,y) = B[x mod 3][y mod 3] on 0<=x<20, 0<=y<20 (B = [[0, 1, 2], [1, 0, 3], \
             [2, 3, 0]])",
        ]
    );
}

#[test]
fn noise_has_no_pattern() {
    assert_eq!(statements(&noise(20)), Vec::<String>::new());
    // Made symmetric, it has exactly that one.
    let n = noise(20);
    let sym: Vec<Vec<u64>> = (0..20)
        .map(|x: usize| (0..20).map(|y: usize| n[x.max(y)][x.min(y)]).collect())
        .collect();
    assert_eq!(statements(&sym), ["G(x,y) = G(y,x) on 0<=x<20, 0<=y<20"]);
}

#[test]
fn a_cut_table_keeps_its_findings_on_the_smaller_range() {
    // The rook's 20×12 corner: still Nim, symmetry on the 12×12 square.
    let cut: Vec<Vec<u64>> = rook(20).into_iter().map(|r| r[..12].to_vec()).collect();
    let s = statements(&cut);
    assert_eq!(s[0], "G(x,y) = x xor y on 0<=x<20, 0<=y<12");
    assert!(s.contains(&"G(x,y) = G(y,x) on 0<=x<12, 0<=y<12".to_string()));
}

#[test]
fn ragged_and_empty_tables() {
    let err = find_table_patterns(&[vec![0, 1, 2], vec![1, 0]]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 1 has 2 values but row 0 has 3: a table's rows must all have the same length \
         (cut the table to a rectangle)"
    );
    assert_eq!(find_table_patterns(&[]).unwrap(), []);
    assert_eq!(find_table_patterns(&[vec![0]]).unwrap(), []);
}

proptest::proptest! {
    /// Any rectangle of small values (small, so that patterns do occur):
    /// no panic, every finding inside the table, and the findings that are
    /// cheap to re-check hold cell by cell.
    #[test]
    fn findings_hold_on_their_range(
        rows in 0usize..14,
        cols in 0usize..14,
        values in proptest::collection::vec(0u64..3, 14 * 14),
    ) {
        let table: Vec<Vec<u64>> = (0..rows)
            .map(|x| (0..cols).map(|y| values[x * 14 + y]).collect())
            .collect();
        for p in find_table_patterns(&table).unwrap() {
            let (r, c) = (p.rows as usize, p.cols as usize);
            proptest::prop_assert!(r <= rows && c <= cols, "{p}");
            let g = |x: usize, y: usize| table[x][y];
            let holds = match &p.kind {
                PatternKind::Symmetric => (0..r).all(|x| (0..c).all(|y| g(x, y) == g(y, x))),
                PatternKind::NimSum { f, g: gy, constant } => (0..r).all(|x| {
                    (0..c).all(|y| g(x, y) == f.values[x] ^ gy.values[y] ^ constant)
                }),
                PatternKind::Modular { block } => (0..r).all(|x| {
                    (0..c).all(|y| g(x, y) == block[x % block.len()][y % block[0].len()])
                }),
                PatternKind::ZerosModular { m, n, residues } => (0..r).all(|x| {
                    (0..c).all(|y| {
                        let key = (x as u64 % m, y as u64 % n);
                        (g(x, y) == 0) == residues.contains(&key)
                    })
                }),
                _ => true,
            };
            proptest::prop_assert!(holds, "{p}");
        }
    }
}
