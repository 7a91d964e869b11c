//! TopCoder SRM 216 Roxor (one instance per line: the piles): reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example roxor < input.txt`; the format is documented in
//! `problems::roxor`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("roxor: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::roxor(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("roxor: {e}");
            std::process::exit(1);
        }
    }
}
