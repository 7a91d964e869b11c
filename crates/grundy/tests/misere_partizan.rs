//! Partizan games in misère play: the outcomes in `data/misere/partizan.toml`,
//! and every Domineering rectangle up to 3×4 against a minimax search
//! written here on its own (a board as a set of cells, Left placing vertical
//! dominoes, Right horizontal ones, the player who cannot move winning).

use grundy::api::ReadText;
use std::collections::HashMap;

use grundy::engine::Analysis;
use grundy::{Engine, Limits, Outcome};

fn misere_outcome(text: &str) -> Outcome {
    match Engine::new(Limits::default()).analyse(text).unwrap() {
        Analysis::PartizanMisere(r) => r.outcome,
        other => panic!("{text}: not a misère partizan answer: {other:?}"),
    }
}

#[test]
fn published_outcomes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/misere/partizan.toml"
    );
    let data: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rows = data["outcome"].as_array().unwrap();
    assert!(rows.len() >= 3);
    for row in rows {
        let position = row["position"].as_str().unwrap();
        let want = row["outcome"].as_str().unwrap();
        assert!(!row["source"].as_str().unwrap().is_empty());
        assert_eq!(misere_outcome(position).to_string(), want, "{position}");
    }
}

/// Whether the player to move wins a Domineering board (bit i = cell i of
/// a w-wide board is empty) in misère play.
fn wins(board: u32, w: u32, h: u32, left: bool, memo: &mut HashMap<(u32, bool), bool>) -> bool {
    if let Some(&r) = memo.get(&(board, left)) {
        return r;
    }
    let mut any_move = false;
    let mut won = false;
    for y in 0..h {
        for x in 0..w {
            let (a, b) = if left {
                ((x, y), (x, y + 1))
            } else {
                ((x, y), (x + 1, y))
            };
            if b.0 >= w || b.1 >= h {
                continue;
            }
            let (ia, ib) = (a.1 * w + a.0, b.1 * w + b.0);
            if board & (1 << ia) == 0 || board & (1 << ib) == 0 {
                continue;
            }
            any_move = true;
            if !wins(board & !(1 << ia) & !(1 << ib), w, h, !left, memo) {
                won = true;
                break;
            }
        }
        if won {
            break;
        }
    }
    let r = !any_move || won;
    memo.insert((board, left), r);
    r
}

#[test]
fn domineering_rectangles_agree_with_minimax() {
    for h in 1..=3u32 {
        for w in 1..=4u32 {
            let full = (1u32 << (w * h)) - 1;
            let mut memo = HashMap::new();
            let left_first = wins(full, w, h, true, &mut memo);
            let right_first = wins(full, w, h, false, &mut memo);
            let want = match (left_first, right_first) {
                (true, true) => Outcome::N,
                (false, false) => Outcome::P,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
            };
            let rows = vec![".".repeat(w as usize); h as usize].join("|");
            let text = format!("misere(domineering(\"{rows}\"))");
            assert_eq!(misere_outcome(&text), want, "{text}");
        }
    }
}
