//! The contest problems of the seeds as text in, text out: each function
//! reads the problem's input format and returns its expected output, so the
//! programs in `examples/` are thin wrappers and the tests can call them
//! directly.
//!
//! | function | problem | input |
//! |---|---|---|
//! | [`lightoj_1186`] | LightOJ 1186 Incredible Chess | as on LightOJ (seed 004) |
//! | [`lightoj_1192`] | LightOJ 1192 Left Right | as on LightOJ (seed 004) |
//! | [`lightoj_1247`] | LightOJ 1247 Matrix Game | as on LightOJ (seed 004) |
//! | [`spoj_mmmgame`] | SPOJ MMMGAME (misère Nim) | as on SPOJ (seed 004) |
//! | [`move_the_coins`] | HackerRank Move the Coins | as on HackerRank: `n`, the coins, `n − 1` edges, `q`, `q` queries `u v` (1-based, root 1) |
//! | [`cake_party`] | TopCoder SRM 338 CakeParty | one instance per line: the pieces of each cake |
//! | [`stone_game_strategist`] | TopCoder SRM 309 StoneGameStrategist | one instance per line: the piles |
//! | [`roxor`] | TopCoder SRM 216 Roxor | one instance per line: the piles; prints `{i, j, k}` or `{}` |
//!
//! Input is read as whitespace-separated tokens (line breaks only matter for
//! the TopCoder formats). Errors name the token, what it should have been,
//! and the game's own complaint where the numbers break its rules.

use super::{
    cake_party_move, left_right_value, matrix_game_value, northcott_value, roxor_move,
    stone_game_move, GapError, LeftRightPosition, NorthcottPosition,
};
use crate::{misere_nim_outcome, CoinTree, Nimber, Outcome, Player, StaircaseError};
use std::fmt::Write;

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
