//! The CodeChef A/B string game: reads `T`, then `T` strings over `A`, `B`
//! and `.`, and prints the winner of each ("A" or "B") with A moving first.
//!
//! ```text
//! $ printf '2\nA..B.A...B\n..A\n' | cargo run --example ab_game
//! A
//! B
//! ```
//!
//! The closed form (reserve moves plus Nim, after the editorial in
//! `shared/seeds/002`) is checked against plain search on every string of
//! length at most 7 in `tests/partizan_props.rs`.

use std::io::{self, BufRead, Write};

use grundy::partizan::ab_game;
use grundy::Player;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = io::stdin();
    let mut tokens = stdin
        .lock()
        .lines()
        .map_while(Result::ok)
        .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>());
    let count: usize = tokens
        .next()
        .ok_or("expected the number of test cases T")?
        .parse()
        .map_err(|e| format!("T is not a count: {e}"))?;
    let out = io::stdout();
    let mut out = out.lock();
    for case in 1..=count {
        let s = tokens
            .next()
            .ok_or_else(|| format!("expected {count} strings, got {}", case - 1))?;
        let winner = ab_game(&s)?.winner_a_first();
        writeln!(out, "{}", if winner == Player::Left { "A" } else { "B" })?;
    }
    Ok(())
}
