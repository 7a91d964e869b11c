//! Board tables: the line-bitset solver against the plain one (every option of
//! every square) in the same run. Asserts both give the same table and prints
//! the ratio. Run: `cargo bench -p grundy --bench tables` (GRUNDY_BENCH_N sets N).

use std::time::Instant;

use grundy::{BoardTable, Limits, MemoSolver, Nimber, Piece, Square};

fn main() {
    let n: u64 = std::env::var("GRUNDY_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let limits = Limits::default();
    println!("board tables, N = {n} ({} squares)", n * n);
    for piece in [Piece::queen(), Piece::knight()] {
        let t = Instant::now();
        let fast = BoardTable::compute(&piece, n, &limits).expect("within limits");
        let fast_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let naive = BoardTable::compute_naive(&piece, n, &limits).expect("within limits");
        let naive_s = t.elapsed().as_secs_f64();
        for x in 0..n {
            assert_eq!(fast.row(x), naive.row(x), "{piece}: row {x} differs");
        }
        // Spot answers that do not depend on either solver: Wythoff's P-positions for the queen
        // ((⌊kφ⌋,⌊kφ²⌋), here k = 1..3), and the knight's corner.
        if piece == Piece::queen() {
            for (a, b) in [(1, 2), (3, 5), (4, 7)] {
                assert_eq!(fast.get(Square { x: a, y: b }), Some(0));
            }
        } else {
            assert_eq!(fast.get(Square { x: 0, y: 0 }), Some(0));
        }
        println!(
            "  {piece:<7} fast {fast_s:>8.3} s   plain table {naive_s:>8.3} s   ratio {:>7.1}x",
            naive_s / fast_s
        );
        // Leaps gain nothing from line bitsets; against memoised search (a hash map of
        // squares, the usual first solution) the dense table still wins.
        if piece == Piece::knight() {
            let t = Instant::now();
            let mut memo = MemoSolver::new(piece.clone(), limits);
            for x in 0..n {
                for y in 0..n {
                    let sq = Square { x, y };
                    assert_eq!(
                        memo.nimber(&sq).expect("acyclic"),
                        Nimber(fast.get(sq).unwrap() as u64)
                    );
                }
            }
            let memo_s = t.elapsed().as_secs_f64();
            println!(
                "  {piece:<7} fast {fast_s:>8.3} s   memo search {memo_s:>8.3} s   ratio {:>7.1}x",
                memo_s / fast_s
            );
        }
    }
}
