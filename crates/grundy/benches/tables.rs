//! Board tables: the line-bitset solver against the plain one (every option of
//! every square) in the same run, then the closed forms against the table
//! (every square of the same corner by theory) and the queen's closed form at
//! squares no table reaches. Asserts the answers agree and prints the ratios. Run: `cargo bench -p grundy --bench tables` (GRUNDY_BENCH_N sets N).

use std::time::Instant;

use grundy::board::{BoardTable, ClosedForm, Piece, Square};
use grundy::solvers::memo::MemoSolver;
use grundy::solvers::search::Play;
use grundy::{Limits, Nimber, Outcome};

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
    // Closed forms answer each square alone, with no table: every square of the same corner by
    // theory (the outcome, and the value where theory gives one), asserted equal to the table.
    for form in ClosedForm::ALL {
        let piece = form.piece();
        let t = Instant::now();
        let table = BoardTable::compute(&piece, n, &limits).expect("within limits");
        let table_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for x in 0..n {
            for y in 0..n {
                let sq = Square { x, y };
                let g = table.get(sq).unwrap() as u64;
                let p = piece.closed_outcome(sq, Play::Normal).unwrap();
                assert_eq!(p == Outcome::P, g == 0, "{piece} {sq:?}");
                if let Some(v) = piece.closed_value(sq) {
                    assert_eq!(v, Nimber(g), "{piece} {sq:?}");
                }
            }
        }
        let closed_s = t.elapsed().as_secs_f64();
        println!(
            "  {piece:<7} table {table_s:>8.3} s   closed form, every square {closed_s:>8.3} s   ratio {:>7.1}x",
            table_s / closed_s
        );
    }
    // Far squares, where no table can go: the queen's outcome and winning moves at coordinates
    // near 10^12 and near 2^64, each checked to land on a P-position.
    let queen = Piece::queen();
    let queries = 100_000u64;
    for base in [1_000_000_000_000u64, u64::MAX - 2 * queries] {
        let t = Instant::now();
        for i in 0..queries {
            let sq = Square {
                x: base + i,
                y: base + 2 * i,
            };
            let moves = queen.closed_winning_moves(sq, Play::Normal).unwrap();
            assert_eq!(
                moves.is_empty(),
                queen.closed_outcome(sq, Play::Normal) == Some(Outcome::P)
            );
            for m in moves {
                assert_eq!(queen.closed_outcome(m, Play::Normal), Some(Outcome::P));
            }
        }
        println!(
            "  queen   outcome and winning moves near {base}: {:.2} µs per square",
            t.elapsed().as_secs_f64() * 1e6 / queries as f64
        );
    }
}
