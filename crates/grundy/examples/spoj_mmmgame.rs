//! SPOJ MMMGAME (misère Nim): reads the problem's input on stdin and prints its output.
//!
//! `cargo run --example spoj_mmmgame < input.txt`; the format is documented in
//! `problems::spoj_mmmgame`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("spoj_mmmgame: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::spoj_mmmgame(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("spoj_mmmgame: {e}");
            std::process::exit(1);
        }
    }
}
