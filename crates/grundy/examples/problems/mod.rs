//! The contest problems of the seeds as text in, text out: each function
//! reads the problem's input format and returns its expected output, so the
//! programs in `examples/` are thin wrappers and the tests can call them
//! directly. It is contest input and output, not the library's API: each
//! program and test includes this file (`#[path]`), and uses a part of it.

#![allow(dead_code)]
//!
//! | function | problem | input |
//! |---|---|---|
//! | [`lightoj_1186`] | LightOJ 1186 Incredible Chess | as on LightOJ (seed 004) |
//! | [`lightoj_1192`] | LightOJ 1192 Left Right | as on LightOJ (seed 004) |
//! | [`lightoj_1199`] | LightOJ 1199 Partitioning Game | as on LightOJ (seed 004) |
//! | [`lightoj_1247`] | LightOJ 1247 Matrix Game | as on LightOJ (seed 004) |
//! | [`spoj_mmmgame`] | SPOJ MMMGAME (misère Nim) | as on SPOJ (seed 004) |
//! | [`knight_and_queen`] | HackerRank Knight and Queen (seed 000) | ours (the statement's was not found): `T`, then `T` lines `kx ky qx qy` on the 50×50 board |
//! | [`move_the_coins`] | HackerRank Move the Coins | as on HackerRank: `n`, the coins, `n − 1` edges, `q`, `q` queries `u v` (1-based, root 1) |
//! | [`cake_party`] | TopCoder SRM 338 CakeParty | one instance per line: the pieces of each cake |
//! | [`stone_game_strategist`] | TopCoder SRM 309 StoneGameStrategist | one instance per line: the piles |
//! | [`roxor`] | TopCoder SRM 216 Roxor | one instance per line: the piles; prints `{i, j, k}` or `{}` |
//!
//! Input is read as whitespace-separated tokens (line breaks only matter for
//! the TopCoder formats). Errors name the token, what it should have been,
//! and the game's own complaint where the numbers break its rules.

use grundy::board::{BoardTable, Piece, Square, TableError};
use grundy::games::staircase::{CoinTree, StaircaseError};
use grundy::gaps::{
    cake_party_move, left_right_value, matrix_game_value, northcott_value, roxor_move,
    stone_game_move, GapError, LeftRightPosition, NorthcottPosition,
};
use grundy::solvers::bouton::misere_nim_outcome;
use grundy::takebreak::{HeapSequence, HeapSolveError, SequenceConfig, SequenceError, TakeBreak};
use grundy::{Limits, Nimber, Outcome, Player};
use std::fmt::Write;
use std::ops::RangeInclusive;
use std::sync::OnceLock;

/// Why a problem input was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The input ended early.
    #[error("input ended where {what} was expected (after {tokens} tokens)")]
    Missing {
        /// What was expected.
        what: String,
        /// Tokens read so far.
        tokens: usize,
    },
    /// A token is not a number of the expected kind.
    #[error("token {token} ({text:?}) should be {what}")]
    Malformed {
        /// 1-based index of the token.
        token: usize,
        /// The token.
        text: String,
        /// What was expected.
        what: String,
    },
    /// The numbers break the game's rules.
    #[error("case {case}: {source}")]
    Game {
        /// 1-based case number (or line for the TopCoder formats).
        case: usize,
        /// The game's complaint.
        source: GapError,
    },
    /// The tree or a query of Move the Coins is malformed.
    #[error("{0}")]
    Tree(StaircaseError),
    /// A Grundy value the problem needs is not known.
    #[error("cannot compute the Grundy values the problem needs: {0}")]
    Sequence(SequenceError),
    /// A Grundy value table the problem needs could not be computed.
    #[error("cannot compute the Grundy values the problem needs: {0}")]
    Solve(HeapSolveError),
    /// A string of the A/B game is malformed.
    #[error("case {case}: {source}")]
    Partizan {
        /// The 1-based case number.
        case: usize,
        /// What the partizan module said.
        source: grundy::partizan::Error,
    },
    /// A board table the problem needs could not be computed.
    #[error("cannot compute the board table the problem needs: {0}")]
    Table(TableError),
}

/// Whitespace-separated tokens with their index, for error messages.
struct Tokens<'a> {
    iter: std::str::SplitWhitespace<'a>,
    read: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            iter: text.split_whitespace(),
            read: 0,
        }
    }

    fn next<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, ProblemError> {
        let text = self.iter.next().ok_or_else(|| ProblemError::Missing {
            what: what.to_string(),
            tokens: self.read,
        })?;
        self.read += 1;
        text.parse().map_err(|_| ProblemError::Malformed {
            token: self.read,
            text: text.to_string(),
            what: what.to_string(),
        })
    }

    /// The next number, which must lie in `range` (the problem's bounds).
    fn next_in<T>(&mut self, range: RangeInclusive<T>, what: &str) -> Result<T, ProblemError>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display,
    {
        let what = format!("{what} ({}..={})", range.start(), range.end());
        let x: T = self.next(&what)?;
        if range.contains(&x) {
            Ok(x)
        } else {
            Err(ProblemError::Malformed {
                token: self.read,
                text: x.to_string(),
                what,
            })
        }
    }

    fn many<T: std::str::FromStr>(&mut self, n: usize, what: &str) -> Result<Vec<T>, ProblemError> {
        (0..n).map(|_| self.next(what)).collect()
    }
}

/// LightOJ 1186 *Incredible Chess*: `Case i: white wins` or `black wins`.
pub fn lightoj_1186(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next("the number of cases T")?;
    let mut out = String::new();
    for case in 1..=cases {
        let n: usize = t.next("the board size n")?;
        let white: Vec<u64> = t.many(n, "a white pawn's row (0 <= W_i < n)")?;
        let black: Vec<u64> = t.many(n, "a black pawn's row (W_i < B_i < n)")?;
        let columns: Vec<(u64, u64)> = white.into_iter().zip(black).collect();
        NorthcottPosition::new(columns.clone(), n as u64, Player::Left)
            .map_err(|source| ProblemError::Game { case, source })?;
        let winner = if northcott_value(&columns).is_zero() {
            "black"
        } else {
            "white"
        };
        let _ = writeln!(out, "Case {case}: {winner} wins");
    }
    Ok(out)
}

/// LightOJ 1192 *Left Right*: `Case i: Alice` or `Bob`.
pub fn lightoj_1192(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next("the number of cases T")?;
    let mut out = String::new();
    for case in 1..=cases {
        let k: usize = t.next("the number of gray pieces k")?;
        let cells: Vec<u64> = t.many(2 * k, "a piece's cell (0..=10^9, ascending)")?;
        LeftRightPosition::new(cells.clone(), Player::Left)
            .map_err(|source| ProblemError::Game { case, source })?;
        let _ = writeln!(
            out,
            "Case {case}: {}",
            alice_or_bob(left_right_value(&cells))
        );
    }
    Ok(out)
}

fn alice_or_bob(v: Nimber) -> &'static str {
    if v.is_zero() {
        "Bob"
    } else {
        "Alice"
    }
}

/// The largest pile of LightOJ 1199.
pub const LIGHTOJ_1199_MAX_PILE: u64 = 10_000;

/// Grundy's game values G(0..=10000), computed once per process: every case
/// of every input reads them, so computing them per case would repeat the
/// same O(n²) work.
fn grundys_game_values() -> Result<&'static HeapSequence, ProblemError> {
    static VALUES: OnceLock<Result<HeapSequence, HeapSolveError>> = OnceLock::new();
    VALUES
        .get_or_init(|| {
            TakeBreak::grundys_game()
                .try_sequence(LIGHTOJ_1199_MAX_PILE, &SequenceConfig::default())
        })
        .as_ref()
        .map_err(|e| ProblemError::Solve(e.clone()))
}

/// LightOJ 1199 *Partitioning Game*: `Case i: Alice` or `Bob`.
///
/// A move splits one pile into two non-empty piles of different sizes, so
/// each pile is a heap of Grundy's game and the piles are a disjunctive sum:
/// by the Sprague–Grundy theorem Alice (first to move) wins iff the XOR of
/// the piles' values is non-zero. The values G(0..=10000) are computed once
/// with [`TakeBreak::try_sequence`]; piles must be in `1..=10000` and a case
/// has `1..=100` piles, as the statement says.
pub fn lightoj_1199(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next("the number of cases T")?;
    let values = grundys_game_values()?;
    let mut out = String::new();
    for case in 1..=cases {
        let n: usize = t.next_in(1..=100, "the number of piles n")?;
        let mut v = Nimber::ZERO;
        for _ in 0..n {
            let pile: u64 = t.next_in(1..=LIGHTOJ_1199_MAX_PILE, "a pile size")?;
            v ^= values.get(pile).map_err(ProblemError::Sequence)?;
        }
        let _ = writeln!(out, "Case {case}: {}", alice_or_bob(v));
    }
    Ok(out)
}

/// The board side of HackerRank *Knight and Queen* (the seed: "we have n = 50").
pub const KNIGHT_AND_QUEEN_BOARD: u64 = 50;

/// HackerRank *Knight and Queen* (seed 000): one line per test, `First` if
/// the player to move wins, `Second` if not.
///
/// **Input format (ours).** The original statement's format was not found
/// (see `data/problems/hackerrank_knight_and_queen.toml`); this is the
/// plainest one consistent with what the seed says (a 50×50 board, many
/// tests of initial positions): a line with the number of tests `T`, then
/// `T` lines `kx ky qx qy`, the knight's square and the queen's, each
/// coordinate in `0..50` with (0, 0) the bottom-left corner.
///
/// **Theory.** Both pieces move only left, down or both, so the game ends,
/// and a move moves one piece: the game is the disjunctive sum of a knight
/// game and a queen game, and the player to move wins iff
/// G_knight(k) XOR G_queen(q) ≠ 0 (Sprague–Grundy). The queen alone is
/// Wythoff's game. Both tables come from [`BoardTable::compute`], once per
/// call (2 × 2500 squares).
pub fn knight_and_queen(input: &str) -> Result<String, ProblemError> {
    let n = KNIGHT_AND_QUEEN_BOARD;
    let limits = Limits::default();
    let knight = BoardTable::compute(&Piece::knight(), n, &limits).map_err(ProblemError::Table)?;
    let queen = BoardTable::compute(&Piece::queen(), n, &limits).map_err(ProblemError::Table)?;
    let mut t = Tokens::new(input);
    let tests: usize = t.next("the number of tests T")?;
    let mut out = String::new();
    for _ in 0..tests {
        let mut square = |piece: &str| -> Result<Square, ProblemError> {
            let what = format!("a {piece} coordinate");
            Ok(Square {
                x: t.next_in(0..=n - 1, &what)?,
                y: t.next_in(0..=n - 1, &what)?,
            })
        };
        let (k, q) = (square("knight")?, square("queen")?);
        // Both squares are inside the tables: `next_in` checked them.
        let v = knight.get(k).unwrap_or(0) ^ queen.get(q).unwrap_or(0);
        let _ = writeln!(out, "{}", if v != 0 { "First" } else { "Second" });
    }
    Ok(out)
}

/// LightOJ 1247 *Matrix Game*: `Case i: Alice` or `Bob`.
pub fn lightoj_1247(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next("the number of cases T")?;
    let mut out = String::new();
    for case in 1..=cases {
        let m: usize = t.next("the number of rows m")?;
        let n: usize = t.next("the number of columns n")?;
        let mut matrix = Vec::new();
        for _ in 0..m {
            matrix.push(t.many::<u64>(n, "a pile size (0..=10^9)")?);
        }
        let _ = writeln!(
            out,
            "Case {case}: {}",
            alice_or_bob(matrix_game_value(&matrix))
        );
    }
    Ok(out)
}

/// SPOJ MMMGAME (misère Nim, decided by [`misere_nim_outcome`]): `John` if
/// the first player wins, else `Brother`.
pub fn spoj_mmmgame(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next("the number of tests T")?;
    let mut out = String::new();
    for _ in 0..cases {
        let n: usize = t.next("the number of colours N")?;
        let heaps: Vec<u64> = t.many(n, "a number of M&Ms")?;
        let winner = match misere_nim_outcome(&heaps) {
            Outcome::N => "John",
            _ => "Brother",
        };
        let _ = writeln!(out, "{winner}");
    }
    Ok(out)
}

/// HackerRank *Move the Coins*: one line per query, `YES` if the first
/// player wins the rebuilt tree, `NO` if not, `INVALID` if it is not a tree.
pub fn move_the_coins(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let n: usize = t.next("the number of nodes n")?;
    let coins: Vec<u64> = t.many(n, "a node's coin count")?;
    // No capacity from `n`: it is untrusted input.
    let mut edges = Vec::new();
    for _ in 1..n {
        let a: usize = t.next("an edge's node (1..=n)")?;
        let b: usize = t.next("an edge's node (1..=n)")?;
        edges.push((one_based(a, &t)?, one_based(b, &t)?));
    }
    let tree = CoinTree::new(coins, &edges).map_err(ProblemError::Tree)?;
    let q: usize = t.next("the number of queries q")?;
    let mut out = String::new();
    for _ in 0..q {
        let u: usize = t.next("a query's node u (2..=n)")?;
        let v: usize = t.next("a query's node v (1..=n)")?;
        let answer = match tree.query(one_based(u, &t)?, one_based(v, &t)?) {
            Ok(Outcome::N) => "YES",
            Ok(_) => "NO",
            Err(StaircaseError::Invalid { .. }) => "INVALID",
            Err(e) => return Err(ProblemError::Tree(e)),
        };
        let _ = writeln!(out, "{answer}");
    }
    Ok(out)
}

fn one_based(x: usize, t: &Tokens<'_>) -> Result<usize, ProblemError> {
    x.checked_sub(1).ok_or_else(|| ProblemError::Malformed {
        token: t.read,
        text: x.to_string(),
        what: "a node number, counted from 1".to_string(),
    })
}

/// Runs `solve` on the numbers of each non-empty line.
fn per_line(
    input: &str,
    mut solve: impl FnMut(usize, &[u64]) -> Result<String, ProblemError>,
) -> Result<String, ProblemError> {
    let mut out = String::new();
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut t = Tokens::new(line);
        let count = line.split_whitespace().count();
        let numbers: Vec<u64> =
            t.many(count, &format!("a non-negative integer (line {})", i + 1))?;
        out.push_str(&solve(i + 1, &numbers)?);
        out.push('\n');
    }
    Ok(out)
}

/// TopCoder SRM 338 *CakeParty*, one instance per line: prints Michael's move
/// `CAKE C PIECES P` (or `NO MOVE` when every cake is eaten, which the
/// problem's constraints exclude).
pub fn cake_party(input: &str) -> Result<String, ProblemError> {
    per_line(input, |_, cakes| {
        Ok(match cake_party_move(cakes) {
            Some((c, p)) => format!("CAKE {c} PIECES {p}"),
            None => "NO MOVE".to_string(),
        })
    })
}

/// TopCoder SRM 309 *StoneGameStrategist*, one instance per line: prints
/// `TAKE s STONES FROM PILE k` or `YOU LOSE`.
pub fn stone_game_strategist(input: &str) -> Result<String, ProblemError> {
    per_line(input, |case, piles| {
        Ok(
            match stone_game_move(piles).map_err(|source| ProblemError::Game { case, source })? {
                Some((s, k)) => format!("TAKE {s} STONES FROM PILE {k}"),
                None => "YOU LOSE".to_string(),
            },
        )
    })
}

/// TopCoder SRM 216 *Roxor*, one instance per line: prints `{i, j, k}` or `{}`.
pub fn roxor(input: &str) -> Result<String, ProblemError> {
    per_line(input, |case, piles| {
        Ok(
            match roxor_move(piles).map_err(|source| ProblemError::Game { case, source })? {
                Some((i, j, k)) => format!("{{{i}, {j}, {k}}}"),
                None => "{}".to_string(),
            },
        )
    })
}

/// CodeChef's A/B string game (seed 002): `T`, then `T` strings over `A`,
/// `B` and `.`; prints the winner of each with A moving first, `A` or `B`.
///
/// A is Left and B is Right of a partizan game; the answer comes from the
/// editorial's rule (reserve moves decide, then the Nim of the opposed gaps),
/// in linear time, and is tested against plain minimax of the game as stated.
pub fn codechef_abgame(input: &str) -> Result<String, ProblemError> {
    let mut t = Tokens::new(input);
    let cases: usize = t.next_in(1..=100_000, "the number of test cases T")?;
    let mut out = String::new();
    for case in 1..=cases {
        let s: String = t.next("a string of A, B and .")?;
        let p = grundy::partizan::ab_game(&s)
            .map_err(|source| ProblemError::Partizan { case, source })?;
        out.push_str(if p.winner_a_first() == Player::Left {
            "A\n"
        } else {
            "B\n"
        });
    }
    Ok(out)
}
