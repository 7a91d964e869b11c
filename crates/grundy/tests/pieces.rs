//! The pieces' closed forms against literature data and against the rules
//! themselves, far beyond what a table could hold.

use grundy::board::{floor_n_phi, misere_wythoff_is_p, wythoff_is_p, ClosedForm, Piece, Square};
use grundy::solvers::search::Play;
use grundy::vocab::rules::Rules;
use grundy::{Nimber, Outcome};
mod common;

use toml::Value;

fn data(name: &str) -> Value {
    common::sourced_data(&format!("impartial/{name}"))
}

fn ints(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_integer().expect("an integer") as u64)
        .collect()
}

/// Misère outcomes of a lone piece on the n×n corner, from the rules alone.
fn misere_by_rules(piece: &Piece, n: u64) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; n as usize]; n as usize];
    for x in 0..n {
        for y in 0..n {
            let mut any = false;
            let mut all_won = true;
            piece.options(&Square { x, y }, &mut |o| {
                any = true;
                all_won &= !lost[o[0].x as usize][o[0].y as usize];
            });
            lost[x as usize][y as usize] = any && all_won;
        }
    }
    lost
}

#[test]
fn misere_wythoff_matches_the_literature_and_the_rules() {
    let v = data("wythoff_misere.toml");
    let p = &v["p_positions"];
    let small: Vec<(u64, u64)> = p["small"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            let xy = ints(pair);
            (xy[0], xy[1])
        })
        .collect();
    let from_k = p["pairs_from_k"].as_integer().unwrap() as u64;
    let n = 120;
    let lost = misere_by_rules(&Piece::queen(), n);
    for x in 0..n {
        for y in 0..n {
            let (a, b) = (x.min(y), x.max(y));
            let in_small = small.contains(&(a, b)) || small.contains(&(b, a));
            // (a, b) = (floor(k phi), floor(k phi) + k) with k = b - a >= from_k.
            let k = b - a;
            let in_pairs = k >= from_k && floor_n_phi(k) == a as u128;
            let literature = in_small || in_pairs;
            assert_eq!(lost[x as usize][y as usize], literature, "({x},{y})");
            assert_eq!(misere_wythoff_is_p(x, y), literature, "({x},{y})");
        }
    }
}

#[test]
fn floor_n_phi_gives_the_oeis_p_positions() {
    // A000201 (lower) and A001950 (upper), offset 1.
    let v = data("wythoff.toml");
    let p = &v["p_positions"];
    let (lower, upper) = (ints(&p["lower"]), ints(&p["upper"]));
    for (i, &a) in lower.iter().enumerate() {
        let n = i as u64 + 1;
        assert_eq!(floor_n_phi(n), a as u128, "A000201({n})");
        if let Some(&b) = upper.get(i) {
            assert_eq!(a + n, b, "A001950({n})");
            assert!(wythoff_is_p(a, b));
        }
    }
}

/// Every closed-form call at the far corners of u64 returns at once and
/// stays consistent: each listed move is legal (an option by the rules,
/// checked by walking the piece's steps from the target back) and lands where
/// the closed outcome says the mover loses.
#[test]
fn closed_forms_at_the_top_of_u64() {
    let m = u64::MAX;
    let t = 1_000_000_000_000u64;
    let squares = [
        (t, t),
        (m, m),
        (m, 0),
        (0, m),
        (m, m - 1),
        (m - 2, m),
        (1, m),
        (m / 2, m),
        (7_540_113_804_746_346_429, 12_200_160_415_121_876_738),
    ];
    for form in ClosedForm::ALL {
        let piece = form.piece();
        for &(x, y) in &squares {
            let sq = Square { x, y };
            for play in [Play::Normal, Play::Misere] {
                let outcome = piece.closed_outcome(sq, play).unwrap();
                let moves = piece.closed_winning_moves(sq, play).unwrap();
                // No winning move: lost, or (misère) nothing to move at all.
                let stuck = !has_move(&piece, sq);
                assert_eq!(
                    moves.is_empty(),
                    outcome == Outcome::P || stuck,
                    "{form:?} {sq:?}"
                );
                if stuck {
                    let won = if play == Play::Normal {
                        Outcome::P
                    } else {
                        Outcome::N
                    };
                    assert_eq!(outcome, won, "{form:?} {sq:?}");
                }
                for to in moves {
                    assert!(legal(&piece, sq, to), "{form:?} {sq:?} -> {to:?}");
                    assert_eq!(piece.closed_outcome(to, play), Some(Outcome::P));
                }
            }
            if let Some(v) = piece.closed_value(sq) {
                for target in [0, 1, 2, v.0 / 2] {
                    let target = Nimber(target);
                    let Some(opts) = piece.closed_options_with_value(sq, target) else {
                        continue;
                    };
                    for to in opts {
                        assert!(legal(&piece, sq, to), "{form:?} {sq:?} -> {to:?}");
                        if let Some(w) = piece.closed_value(to) {
                            assert_eq!(w, target, "{form:?} {sq:?} -> {to:?}");
                        }
                    }
                }
            }
        }
    }
    // The Fibonacci pair (F(92), F(93)) is a P-position of the queen.
    let q = Piece::queen();
    let f = Square {
        x: 7_540_113_804_746_346_429,
        y: 12_200_160_415_121_876_738,
    };
    assert_eq!(q.closed_outcome(f, Play::Normal), Some(Outcome::P));
    assert_eq!(q.closed_value(f), Some(Nimber(0)));
}

/// Whether the piece on `sq` has a move (one step of some kind fits).
fn has_move(piece: &Piece, sq: Square) -> bool {
    piece
        .steps()
        .iter()
        .any(|s| sq.x.checked_add_signed(s.dx).is_some() && sq.y.checked_add_signed(s.dy).is_some())
}

/// Whether one of the piece's steps, repeated if it rides, goes from `from` to `to`.
fn legal(piece: &Piece, from: Square, to: Square) -> bool {
    piece.steps().iter().any(|s| {
        let dx = to.x as i128 - from.x as i128;
        let dy = to.y as i128 - from.y as i128;
        let (sx, sy) = (s.dx as i128, s.dy as i128);
        // (dx, dy) = k (sx, sy) for k = 1, or any k >= 1 for a ride.
        let k = if sx != 0 { dx / sx } else { dy / sy };
        k >= 1 && (s.ride || k == 1) && k * sx == dx && k * sy == dy
    })
}
