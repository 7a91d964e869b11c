//! The CodeChef A/B string game (seed 002): reads `T`, then `T` strings over
//! `A`, `B` and `.`, and prints the winner of each ("A" or "B") with A moving
//! first.
//!
//! ```text
//! $ cargo run -q -p grundy --example ab_game < data/problems/samples/ab_game.in
//! A
//! B
//! ```
//!
//! The closed form (reserve moves plus Nim, after the editorial in
//! `shared/seeds/002`) is checked against plain search on every string of
//! length at most 7 in `tests/partizan_props.rs`, and the sample's answers
//! against minimax in `tests/problems_samples.rs`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::{self, Read, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    io::stdout().write_all(problems::codechef_abgame(&input)?.as_bytes())?;
    Ok(())
}
