//! Every claim of `data/problems/seed_claims.toml`, checked: the concrete
//! ones (positions, nim-sums, winning moves) through the engine, the rules
//! by brute force over small positions. A claim of a kind or rule this file
//! does not know fails the test, so a new claim cannot go unchecked.

use grundy::api::ReadText;
use std::collections::HashMap;

use grundy::gaps::Chop;
use grundy::solvers::mex::mex_naive;
use grundy::solvers::search::{PlainSearch, SearchConfig};
use grundy::{Engine, Limits, Nimber, Outcome};

fn claims() -> Vec<toml::Table> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/problems/seed_claims.toml"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: toml::Table = text.parse().unwrap_or_else(|e| panic!("{path}: {e}"));
    file["claim"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_table().unwrap().clone())
        .collect()
}

fn int(t: &toml::Table, key: &str) -> u64 {
    t[key]
        .as_integer()
        .unwrap_or_else(|| panic!("{key} in {t:?}")) as u64
}

fn ints(t: &toml::Table, key: &str) -> Vec<u64> {
    t[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {t:?}"))
        .iter()
        .map(|v| v.as_integer().unwrap() as u64)
        .collect()
}

fn nim(heaps: &[u64]) -> String {
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    format!("nim({})", list.join(","))
}

fn outcome(t: &toml::Table) -> Outcome {
    match t["outcome"].as_str().unwrap() {
        "P" => Outcome::P,
        "N" => Outcome::N,
        other => panic!("outcome {other}"),
    }
}

/// Whether the player to move wins Nim from `heaps`, by search over moves.
fn nim_wins(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&heaps) {
        return w;
    }
    let mut wins = false;
    'moves: for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            let mut next = heaps.clone();
            next[i] = smaller;
            if !nim_wins(next, memo) {
                wins = true;
                break 'moves;
            }
        }
    }
    memo.insert(heaps, wins);
    wins
}

/// The Grundy value of a pair of subtraction-game heaps by mex over the
/// moves of the sum itself (a move changes one heap).
fn sum_by_mex(a: u64, b: u64, sets: [&[u64]; 2], memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&(a, b)) {
        return v;
    }
    let mut options = Vec::new();
    for &k in sets[0].iter().filter(|&&k| k <= a) {
        options.push(sum_by_mex(a - k, b, sets, memo));
    }
    for &k in sets[1].iter().filter(|&&k| k <= b) {
        options.push(sum_by_mex(a, b - k, sets, memo));
    }
    let v = mex_naive(&options);
    memo.insert((a, b), v);
    v
}

fn check_rule(rule: &str, engine: &mut Engine) {
    match rule {
        "sprague_grundy_sum" => {
            // pick_up_bricks = sub[1,2]; the sum's value by brute force is the
            // XOR of the parts' values, and the player to move wins iff it is non-zero.
            let mut memo = HashMap::new();
            for a in 0..12 {
                for b in 0..12 {
                    let text = format!("pick_up_bricks({a}) + sub[1,3,4]({b})");
                    let e = engine.evaluate(&text).unwrap();
                    let brute = sum_by_mex(a, b, [&[1, 2], &[1, 3, 4]], &mut memo);
                    assert_eq!(e.nimber, Some(Nimber(brute)), "{text}");
                    let parts = sum_by_mex(a, 0, [&[1, 2], &[1, 3, 4]], &mut memo)
                        ^ sum_by_mex(0, b, [&[1, 2], &[1, 3, 4]], &mut memo);
                    assert_eq!(brute, parts, "{text}");
                    assert_eq!(e.outcome == Outcome::N, brute != 0, "{text}");
                }
            }
        }
        "mex" => {
            assert_eq!(mex_naive(&[]), 0);
            assert_eq!(mex_naive(&[0, 1, 3]), 2);
            assert_eq!(mex_naive(&[1, 2]), 0);
            // A position with no moves is *0.
            assert_eq!(engine.evaluate("nim(0)").unwrap().nimber, Some(Nimber(0)));
        }
        "compound_some_components" | "compound_some_but_not_all_components" => {
            let compound = if rule == "compound_some_components" {
                "selective"
            } else {
                "not_all"
            };
            for a in 0..6 {
                for b in 0..6 {
                    for c in 0..4 {
                        let text =
                            format!("{compound}(nim({a}), kayles({b}), pick_up_bricks({c}))");
                        // Kayles G(0..=5) (OEIS A002186, data/impartial/kayles.toml);
                        // Pick-Up-Bricks G(n) = n mod 3.
                        let values = [a, [0, 1, 2, 3, 1, 4][b as usize], c % 3];
                        let loses = if compound == "selective" {
                            values.iter().all(|&v| v == 0)
                        } else {
                            values.iter().all(|&v| v == values[0])
                        };
                        let e = engine.evaluate(&text).unwrap();
                        assert_eq!(e.outcome == Outcome::P, loses, "{text}");
                    }
                }
            }
        }
        "nim" => {
            let mut memo = HashMap::new();
            for a in 0..6 {
                for b in 0..6 {
                    for c in 0..6 {
                        let e = engine.evaluate(&nim(&[a, b, c])).unwrap();
                        let wins = nim_wins(vec![a, b, c], &mut memo);
                        assert_eq!(e.outcome == Outcome::N, wins, "nim({a},{b},{c})");
                        assert_eq!(wins, a ^ b ^ c != 0);
                    }
                }
            }
        }
        other => panic!("seed claim rule `{other}` has no check here: add one"),
    }
}

#[test]
fn every_seed_claim_holds() {
    let mut engine = Engine::new(Limits::default());
    let claims = claims();
    assert!(claims.len() >= 9);
    for claim in &claims {
        assert!(claim["source"].as_str().is_some_and(|s| s.contains("seed")));
        match claim["kind"].as_str().unwrap() {
            "nim_position" => {
                let heaps = ints(claim, "heaps");
                let e = engine.evaluate(&nim(&heaps)).unwrap();
                assert_eq!(e.nimber, Some(Nimber(int(claim, "nim_sum"))), "{heaps:?}");
                assert_eq!(e.outcome, outcome(claim), "{heaps:?}");
            }
            "nim_winning_move" => {
                let heaps = ints(claim, "heaps");
                let e = engine.evaluate(&nim(&heaps)).unwrap();
                assert_eq!(e.nimber, Some(Nimber(int(claim, "nim_sum"))));
                let mut after = heaps.clone();
                after[int(claim, "heap_index") as usize] = int(claim, "new_size");
                let moves: Vec<String> = e.winning_moves.iter().map(|m| m.to_string()).collect();
                assert!(moves.contains(&nim(&after)), "{moves:?}");
                let next = engine.evaluate(&nim(&after)).unwrap();
                assert_eq!(next.nimber, Some(Nimber(int(claim, "nim_sum_after"))));
            }
            "nimber_sum" => {
                // Seed 004's picture: Chop = *2 (a 1 x 3 plank), a Nim heap
                // of 6, Pick-Up-Bricks = *1 (4 bricks); Chop enters as nim(2).
                let components = ints(claim, "components");
                assert_eq!(components, [2, 6, 1]);
                let mut search = PlainSearch::new(Chop, SearchConfig::default());
                assert_eq!(search.nimber(&(1, 3)).unwrap(), Nimber(2));
                let bricks = engine.evaluate("pick_up_bricks(4)").unwrap();
                assert_eq!(bricks.nimber, Some(Nimber(1)));
                let e = engine.evaluate("nim(2,6) + pick_up_bricks(4)").unwrap();
                assert_eq!(e.nimber, Some(Nimber(int(claim, "value"))));
                let moves: Vec<String> = e.winning_moves.iter().map(|m| m.to_string()).collect();
                assert_eq!(moves, ["nim(2,3) + pick_up_bricks(4)"]);
                let after = engine.evaluate(&moves[0]).unwrap();
                assert_eq!(after.nimber, Some(Nimber(int(claim, "value_after"))));
            }
            "rule" => check_rule(claim["rule"].as_str().unwrap(), &mut engine),
            other => panic!("seed claim kind `{other}` has no check here: add one"),
        }
    }
}
