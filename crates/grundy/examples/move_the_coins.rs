//! HackerRank Move the Coins: reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example move_the_coins < input.txt`; the format is documented in
//! `problems::move_the_coins`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("move_the_coins: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::move_the_coins(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("move_the_coins: {e}");
            std::process::exit(1);
        }
    }
}
