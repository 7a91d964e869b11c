//! LightOJ 1247 Matrix Game: reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example lightoj_1247 < input.txt`; the format is documented in
//! `problems::lightoj_1247`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("lightoj_1247: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::lightoj_1247(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("lightoj_1247: {e}");
            std::process::exit(1);
        }
    }
}
