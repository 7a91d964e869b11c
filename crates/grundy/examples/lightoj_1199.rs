//! LightOJ 1199 Partitioning Game: reads the problem's input on stdin and prints its output.
//!
//! `cargo run -q -p grundy --example lightoj_1199 < data/problems/samples/lightoj_1199.in`; the format is documented in
//! `problems::lightoj_1199`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("lightoj_1199: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::lightoj_1199(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("lightoj_1199: {e}");
            std::process::exit(1);
        }
    }
}
