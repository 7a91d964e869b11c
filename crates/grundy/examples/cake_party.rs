//! TopCoder SRM 338 CakeParty (one instance per line: the pieces of each cake): reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example cake_party < input.txt`; the format is documented in
//! `problems::cake_party`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cake_party: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::cake_party(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("cake_party: {e}");
            std::process::exit(1);
        }
    }
}
