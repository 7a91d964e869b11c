//! TopCoder SRM 309 StoneGameStrategist (one instance per line: the piles): reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example stone_game_strategist < input.txt`; the format is documented in
//! `problems::stone_game_strategist`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("stone_game_strategist: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::stone_game_strategist(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("stone_game_strategist: {e}");
            std::process::exit(1);
        }
    }
}
