//! A move in the player's words: "take 4 from heap 2", "knock down pin 3",
//! "vertical domino on b1–b2".
//!
//! Each game says how its moves are said ([`GameSpec::says`], in the
//! game's own file, reading its own positions); [`says`] asks the game and
//! falls back to the position the move reaches when the game has no words
//! for it. The helpers here are the words games share: heap changes, cell
//! names, plurals.

use crate::component::spec::GameSpec;
use crate::component::{Component, Negative};
use crate::vocab::outcome::Player;

/// The words for the move from `before` to `after` (two positions of one
/// game, one component of a sum), by `mover` (`None` in an impartial game).
///
/// The game's own words ([`GameSpec::says`]) where it declares them and
/// names this move; otherwise "to " and the position reached.
pub fn says(before: &Component, after: &Component, mover: Option<Player>) -> String {
    // -G: its mover makes the other player's move of G.
    if let (Some(b), Some(a)) = (negated(before), negated(after)) {
        return says(&b, &a, mover.map(Player::opponent));
    }
    // A game's words read its own positions, and name nothing else (an
    // option of another game, a function's option that is a value).
    let spec: &GameSpec = before.spec();
    if let Some(words) = spec.says.and_then(|f| f(before, after, mover)) {
        return words;
    }
    fallback(after)
}

/// The words of a move in a game given only by its options (a value in
/// CGSuite notation, a misère form, a function of games): such a game has
/// no board, and its moves are its options, so the words name the option
/// and who takes it — "Left moves to 3", "move to `*[2]`".
pub fn option_says(
    _before: &Component,
    after: &Component,
    mover: Option<Player>,
) -> Option<String> {
    let to = if after.is_empty() || after.to_string().is_empty() {
        "0".to_string()
    } else {
        after.to_string()
    };
    Some(match mover {
        Some(Player::Left) => format!("Left moves to {to}"),
        Some(Player::Right) => format!("Right moves to {to}"),
        None => format!("move to {to}"),
    })
}

/// The words of a move in a compound (selective, conjunctive, …) whose
/// parts are sums, `before` and `after` part by part: each part moved in,
/// with the words of its component's game — "in part 1, take 2 from heap
/// 1; in part 2, knock down pin 3". `None` when no part changed or a part
/// changed in more than one component.
pub fn compound_says(
    before: &[Vec<Component>],
    after: &[Vec<Component>],
    mover: Option<Player>,
) -> Option<String> {
    if before.len() != after.len() {
        return None;
    }
    let mut said = Vec::new();
    for (i, (b, a)) in before.iter().zip(after).enumerate() {
        if b.len() != a.len() {
            return None;
        }
        let changed: Vec<usize> = (0..b.len()).filter(|&j| b[j] != a[j]).collect();
        match changed[..] {
            [] => {}
            [j] => {
                let of = if b.len() > 1 {
                    format!(" (its term {})", j + 1)
                } else {
                    String::new()
                };
                said.push(format!(
                    "in part {}{of}, {}",
                    i + 1,
                    says(&b[j], &a[j], mover)
                ));
            }
            _ => return None,
        }
    }
    (!said.is_empty()).then(|| said.join("; "))
}

/// Words for a move no game names: the position it reaches.
pub fn fallback(after: &Component) -> String {
    let text = after.to_string();
    if after.is_empty() || text.is_empty() {
        "take the last of it".into()
    } else {
        format!("to {text}")
    }
}

/// The game `G` of a position `-G`.
fn negated(c: &Component) -> Option<Component> {
    match c {
        Component::Partizan(p) => p
            .as_any()?
            .downcast_ref::<Negative>()
            .map(|n| Component::Partizan(n.0.clone())),
        Component::Impartial(_) => None,
    }
}

/// The heaps of a heap game's position, in the order written.
pub fn heaps_of(c: &Component) -> Option<Vec<u64>> {
    match c {
        Component::Impartial(p) => p
            .take_break_heaps()
            .map(|(_, h)| h.to_vec())
            .or_else(|| p.nim_heaps()),
        Component::Partizan(_) => None,
    }
}

/// The heap (or part of a sum) a move replaced and what it left there: `(i, parts)` with
/// `after` = `before` with heap `i` replaced by `parts` (none when the heap
/// was emptied). The first such heap when several fit (equal heaps).
pub fn heap_change<'a, T: PartialEq>(before: &[T], after: &'a [T]) -> Option<(usize, &'a [T])> {
    (0..before.len()).find_map(|i| {
        let tail = before.len() - i - 1;
        if after.len() < i + tail || before[..i] != after[..i] {
            return None;
        }
        let end = after.len() - tail;
        (before[i + 1..] == after[end..]).then(|| (i, &after[i..end]))
    })
}

/// `n thing` or `n things`.
pub fn count(n: u64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// "3", "3 and 4", "1, 2 and 5".
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The name of the cell in row `r` and column `c` (from 0, row 0 at the
/// top): a column letter and a row number, `b1` for row 0 and column 1,
/// as the page labels its boards. Past column z: `r1c27`.
pub fn cell(r: usize, c: usize) -> String {
    match u8::try_from(c) {
        Ok(c) if c < 26 => format!("{}{}", char::from(b'a' + c), r + 1),
        _ => format!("r{}c{}", r + 1, c + 1),
    }
}

/// The cells a move changed on a board of `cols` columns written row by
/// row (`before` and `after` the same size): `(row, column, was, is)`.
/// `None` when the boards differ in size (a game that cropped its board).
pub fn changes(cols: usize, before: &[u8], after: &[u8]) -> Option<Vec<(usize, usize, u8, u8)>> {
    if before.len() != after.len() || cols == 0 {
        return None;
    }
    Some(
        before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (b, a))| b != a)
            .map(|(i, (&b, &a))| (i / cols, i % cols, b, a))
            .collect(),
    )
}

/// The one piece a move on a row moved, `(from, to)` counted from 0: the
/// rows are one length and differ in two cells, one emptied (`empty`
/// after) and one filled.
pub fn piece_moved(before: &[u8], after: &[u8], empty: u8) -> Option<(usize, usize)> {
    if before.len() != after.len() {
        return None;
    }
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    let [x, y] = changed[..] else {
        return None;
    };
    let (from, to) = if after[x] == empty { (x, y) } else { (y, x) };
    (after[from] == empty && before[to] == empty && after[to] == before[from]).then_some((from, to))
}

/// The edges of a forest in the order written: (edge, height from 1).
fn forest_walk<'e>(
    trees: &'e [crate::partizan::Edge],
    height: usize,
    out: &mut Vec<(&'e crate::partizan::Edge, usize)>,
) {
    for e in trees {
        out.push((e, height));
        forest_walk(&e.above, height + 1, out);
    }
}

/// The edge of a Hackenbush forest (counted from 0 in the order written)
/// whose cut turns `before` into `after` (trees compared in any order):
/// what [`edge_cut`] says and the page's drawing of the forest numbers.
pub fn forest_cut(
    before: &[crate::partizan::Edge],
    after: &[crate::partizan::Edge],
) -> Option<usize> {
    use crate::partizan::Edge;
    /// The forest without the edge `target` (by address) and what stands on it.
    fn without(trees: &[Edge], target: *const Edge) -> Vec<Edge> {
        let mut out: Vec<Edge> = trees
            .iter()
            .filter(|e| !std::ptr::eq(*e, target))
            .map(|e| Edge {
                colour: e.colour,
                above: without(&e.above, target),
            })
            .collect();
        out.sort();
        out
    }
    let goal = without(after, std::ptr::null());
    let mut edges = Vec::new();
    forest_walk(before, 1, &mut edges);
    edges.iter().position(|(e, _)| without(before, *e) == goal)
}

/// The words of a cut in a Hackenbush forest: "cut the red edge 3 (as
/// written), 2 up from the ground; the edge above it falls". Edges are
/// counted from 1 in the order the forest is written (each edge's letter),
/// the height from 1 for an edge on the ground. `None` when no single cut
/// turns `before` into `after` (trees compared in any order).
pub fn edge_cut(
    before: &[crate::partizan::Edge],
    after: &[crate::partizan::Edge],
) -> Option<String> {
    use crate::partizan::{Colour, Edge};
    fn size(e: &Edge) -> usize {
        1 + e.above.iter().map(size).sum::<usize>()
    }
    let k = forest_cut(before, after)?;
    let mut edges = Vec::new();
    forest_walk(before, 1, &mut edges);
    let (e, height) = edges[k];
    let colour = match e.colour {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Green => "green",
    };
    let up = if height == 1 {
        "on the ground".to_string()
    } else {
        format!("{height} up from the ground")
    };
    let falls = match size(e) - 1 {
        0 => String::new(),
        1 => "; the edge above it falls".to_string(),
        n => format!("; the {n} edges above it fall"),
    };
    Some(format!(
        "cut the {colour} edge {} (as written), {up}{falls}",
        k + 1
    ))
}

/// "vertical domino on b1–b2" or "horizontal domino on a1–b1", for the two
/// cells a domino covers; `None` for cells that are not two neighbours.
pub fn domino(cells: &[(usize, usize)]) -> Option<String> {
    let [(r0, c0), (r1, c1)] = *cells else {
        return None;
    };
    let way = if c0 == c1 && r0.abs_diff(r1) == 1 {
        "vertical"
    } else if r0 == r1 && c0.abs_diff(c1) == 1 {
        "horizontal"
    } else {
        return None;
    };
    Some(format!("{way} domino on {}–{}", cell(r0, c0), cell(r1, c1)))
}

/// The words of a move in a heap game whose heaps are counters: "take 4
/// from heap 2", "take all 3", "split heap 1 (7) into 3 and 4", "take 1
/// from heap 2 and split the rest into 1 and 3". A position of one heap
/// leaves out "heap 1".
pub fn heap_words(before: &[u64], after: &[u64]) -> Option<String> {
    let (i, parts) = heap_change(before, after)?;
    let n = before[i];
    let left: u64 = parts.iter().sum();
    let taken = n.checked_sub(left)?;
    let from = if before.len() > 1 {
        format!(" from heap {}", i + 1)
    } else {
        String::new()
    };
    let sizes: Vec<String> = parts.iter().map(u64::to_string).collect();
    Some(match (parts.len(), taken) {
        (0, _) if n == 1 => format!("take the last counter{from}"),
        (0, _) => format!("take all {n}{from}"),
        (1, _) => format!("take {taken}{from}, leaving {left}"),
        (_, 0) => {
            let which = if before.len() > 1 {
                format!("heap {} ({n})", i + 1)
            } else {
                format!("the heap of {n}")
            };
            format!("split {which} into {}", list(&sizes))
        }
        (_, _) => format!(
            "take {taken}{from} and split the rest into {}",
            list(&sizes)
        ),
    })
}

/// The words of a move in a row of pins (Kayles, Dawson's Kayles), each
/// heap a row: "knock down pin 3", "knock down pins 2 and 3 of row 2",
/// "knock down 1 pin at the end of row 1", "knock down the last 2 pins".
/// Pins are numbered from 1 at the left end of their row; where a move
/// leaves two rows, their order as written says which end is which.
pub fn pin_words(before: &[u64], after: &[u64]) -> Option<String> {
    let (i, parts) = heap_change(before, after)?;
    let n = before[i];
    let left: u64 = parts.iter().sum();
    let taken = n.checked_sub(left)?;
    let of = if before.len() > 1 {
        format!(" of row {}", i + 1)
    } else {
        String::new()
    };
    let pins = |first: u64| match taken {
        1 => format!("pin {first}"),
        2 => format!("pins {first} and {}", first + 1),
        k => format!("pins {first} to {}", first + k - 1),
    };
    Some(match parts {
        [] if n == 1 => format!("knock down the last pin{of}"),
        [] => format!("knock down all {n} pins{of}"),
        [_] => format!("knock down {} at the end{of}", count(taken, "pin")),
        [a, _] => format!("knock down {}{of}", pins(a + 1)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_a_move_changed_is_found_with_equal_heaps_and_emptied_ones() {
        assert_eq!(heap_change(&[3, 5, 7], &[3, 1, 7]), Some((1, &[1][..])));
        assert_eq!(heap_change(&[3, 5, 7], &[5, 7]), Some((0, &[][..])));
        assert_eq!(heap_change(&[3, 3], &[3]), Some((0, &[][..])));
        assert_eq!(heap_change(&[5], &[1, 3]), Some((0, &[1, 3][..])));
        assert_eq!(heap_change(&[2, 5], &[2, 1, 3]), Some((1, &[1, 3][..])));
        // Two heaps changed: not one move.
        assert_eq!(heap_change(&[3, 5], &[2, 4]), None);
    }

    #[test]
    fn heap_moves_are_said_as_counters_taken_or_split() {
        assert_eq!(
            heap_words(&[3, 5, 7], &[3, 1, 7]).unwrap(),
            "take 4 from heap 2, leaving 1"
        );
        assert_eq!(
            heap_words(&[3, 5, 7], &[5, 7]).unwrap(),
            "take all 3 from heap 1"
        );
        assert_eq!(heap_words(&[1], &[]).unwrap(), "take the last counter");
        assert_eq!(
            heap_words(&[7], &[3, 4]).unwrap(),
            "split the heap of 7 into 3 and 4"
        );
        assert_eq!(
            heap_words(&[2, 7], &[2, 3, 4]).unwrap(),
            "split heap 2 (7) into 3 and 4"
        );
        assert_eq!(
            heap_words(&[9], &[1, 3]).unwrap(),
            "take 5 and split the rest into 1 and 3"
        );
    }

    #[test]
    fn pin_moves_name_the_pins_knocked_down() {
        assert_eq!(pin_words(&[5], &[1, 3]).unwrap(), "knock down pin 2");
        assert_eq!(pin_words(&[5], &[1, 2]).unwrap(), "knock down pins 2 and 3");
        assert_eq!(
            pin_words(&[5], &[3]).unwrap(),
            "knock down 2 pins at the end"
        );
        assert_eq!(
            pin_words(&[4, 2], &[4]).unwrap(),
            "knock down all 2 pins of row 2"
        );
        assert_eq!(
            pin_words(&[4, 1], &[4]).unwrap(),
            "knock down the last pin of row 2"
        );
        assert_eq!(
            pin_words(&[3, 6], &[3, 2, 3]).unwrap(),
            "knock down pin 3 of row 2"
        );
    }

    #[test]
    fn cells_are_named_by_column_letter_and_row_from_the_top() {
        assert_eq!(cell(0, 1), "b1");
        assert_eq!(cell(2, 0), "a3");
        assert_eq!(cell(0, 26), "r1c27");
        assert_eq!(list(&["1".into(), "2".into(), "5".into()]), "1, 2 and 5");
    }
}
