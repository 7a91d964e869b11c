//! HackerRank Knight and Queen (seed 000): reads tests on stdin and prints
//! `First` or `Second` for each.
//!
//! The original input format was not found, so this program uses its own,
//! the plainest one consistent with the seed: a line with the number of tests
//! `T`, then `T` lines `kx ky qx qy` (the knight's square, then the queen's;
//! coordinates in `0..50`, (0, 0) bottom-left). `First` means the player to
//! move wins.
//!
//! `cargo run -q -p grundy --example knight_and_queen < data/problems/samples/knight_and_queen.in`;
//! see `problems::knight_and_queen`.

#[path = "problems/mod.rs"]
mod problems;

use std::io::Read;

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("knight_and_queen: cannot read stdin: {e}");
        std::process::exit(2);
    }
    match problems::knight_and_queen(&input) {
        Ok(output) => print!("{output}"),
        Err(e) => {
            eprintln!("knight_and_queen: {e}");
            std::process::exit(1);
        }
    }
}
