//! Positions that several test files generate: every short string over an
//! alphabet, and Hackenbush trees as text. Each file uses some of them.

#![allow(dead_code)]

use proptest::prelude::*;

/// Every string over `alphabet` of length at most `max_len`, shortest first.
pub fn strings(alphabet: &[char], max_len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut layer = vec![String::new()];
    for _ in 0..max_len {
        layer = layer
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// A Hackenbush edge as `hackenbush_tree` text, coloured from `colours`,
/// of depth at most `depth`, each edge carrying fewer than `kids` edges.
pub fn hackenbush_edge(
    depth: u32,
    colours: &'static [char],
    kids: usize,
) -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(colours).prop_map(|c| c.to_string());
    leaf.prop_recursive(depth, 16, 3, move |inner| {
        (
            prop::sample::select(colours),
            prop::collection::vec(inner, 1..kids),
        )
            .prop_map(|(c, kids)| {
                if kids.len() == 1 {
                    format!("{c}{}", kids[0])
                } else {
                    format!("{c}({})", kids.join(","))
                }
            })
    })
}

/// A `rows × cols` board as text, rows joined by `|`: cell `i` (row-major)
/// is `.` when `free(i)` and `#` otherwise.
pub fn board(rows: usize, cols: usize, free: impl Fn(usize) -> bool) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if free(r * cols + c) { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}
