//! Values from the literature (data/impartial/*.toml, each with its source)
//! checked against every solver of the library that can answer them.

use grundy::api::ReadText;
use grundy::board::{wythoff_is_p, BoardTable, Piece, Square};
use grundy::solvers::memo::MemoSolver;
use grundy::takebreak::{HeapSequence, SequenceConfig, SolverChoice, TakeBreak};
use grundy::{Engine, Limits, Nimber};
mod common;

use toml::Value;

fn data(name: &str) -> Value {
    common::sourced_data(&format!("impartial/{name}"))
}

fn ints(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_integer().expect("an integer") as u64)
        .collect()
}

/// G(0..=top) by the plain or the sparse engine, not stopping at a proved period.
fn sequence(rules: &TakeBreak, top: u64, solver: SolverChoice) -> HeapSequence {
    let config = SequenceConfig {
        solver,
        stop_when_proved: false,
        ..SequenceConfig::default()
    };
    rules.try_sequence(top, &config).unwrap()
}

/// The plain and sparse engines, the memoised search and the engine all give the published values.
fn check_heap_game(file: &str, rules: TakeBreak, engine_name: &str) {
    let v = data(file);
    assert_eq!(v["first_heap"].as_integer(), Some(0), "{file}");
    let want = ints(&v["values"]);
    let top = want.len() as u64 - 1;
    let plain = sequence(&rules, top, SolverChoice::Plain);
    let auto = sequence(&rules, top, SolverChoice::Auto);
    let mut memo = MemoSolver::new(rules.clone(), Limits::default());
    let mut engine = Engine::new(Limits::default());
    for (n, &g) in want.iter().enumerate() {
        let n = n as u64;
        assert_eq!(plain.get(n).unwrap(), Nimber(g), "{file}: plain G({n})");
        assert_eq!(auto.get(n).unwrap(), Nimber(g), "{file}: auto G({n})");
        if n <= 60 {
            assert_eq!(memo.nimber(&n).unwrap(), Nimber(g), "{file}: memo G({n})");
        }
        let e = engine.evaluate(&format!("{engine_name}({n})")).unwrap();
        assert_eq!(e.nimber, Some(Nimber(g)), "{file}: engine G({n})");
    }
}

#[test]
fn kayles_a002186() {
    check_heap_game("kayles.toml", TakeBreak::kayles(), "kayles");
}

#[test]
fn dawsons_chess_a002187() {
    check_heap_game(
        "dawsons_chess.toml",
        TakeBreak::dawsons_chess(),
        "dawsons_chess",
    );
}

#[test]
fn dawsons_kayles_shifted_a002187() {
    check_heap_game("dawsons_kayles.toml", TakeBreak::dawsons_kayles(), "dawson");
}

#[test]
fn grundys_game_a002188_and_flammenkamps_rare_values() {
    check_heap_game(
        "grundys_game.toml",
        TakeBreak::grundys_game(),
        "grundy_game",
    );
    let v = data("grundys_game.toml");
    let sparse = &v["sparse"];
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for key in ["within_oeis_range", "beyond_oeis_range"] {
        if let Some(list) = sparse.get(key).and_then(Value::as_array) {
            pairs.extend(list.iter().map(|p| {
                let p = ints(p);
                (p[0], p[1])
            }));
        }
    }
    assert!(pairs.len() >= 31, "the rare values are present");
    let top = pairs.iter().map(|p| p.0).max().unwrap();
    let seq = sequence(&TakeBreak::grundys_game(), top, SolverChoice::Sparse);
    // Every listed rare value is right, and (as the page lists all of them) no other heap up to
    // the last listed one is rare: popcount(v & !1) even.
    let rare = |g: u64| (g & !1).count_ones().is_multiple_of(2);
    for n in 0..=top {
        let g = seq.get(n).unwrap().0;
        match pairs.iter().find(|p| p.0 == n) {
            Some(&(_, want)) => assert_eq!(g, want, "rare G({n})"),
            None => assert!(!rare(g), "G({n}) = {g} is rare but not listed"),
        }
    }
}

#[test]
fn wythoff_block_diagonal_and_p_positions() {
    let v = data("wythoff.toml");
    let block: Vec<Vec<u64>> = v["block"]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(ints)
        .collect();
    let diagonal = ints(&v["diagonal"]["values"]);
    let size = diagonal.len() as u64;
    let fast = BoardTable::compute(&Piece::queen(), size, &Limits::default()).unwrap();
    let naive = BoardTable::compute_naive(&Piece::queen(), size, &Limits::default()).unwrap();
    for (x, row) in block.iter().enumerate() {
        for (y, &g) in row.iter().enumerate() {
            let sq = Square {
                x: x as u64,
                y: y as u64,
            };
            assert_eq!(fast.get(sq), Some(g as u32), "G{sq:?}");
            assert_eq!(naive.get(sq), Some(g as u32), "naive G{sq:?}");
        }
    }
    // the triangle read by rows is the same block's lower half
    for (n, row) in v["triangle"]["rows"].as_array().unwrap().iter().enumerate() {
        for (m, &g) in ints(row).iter().enumerate() {
            assert_eq!(block[n][m], g, "triangle ({n},{m})");
        }
    }
    for (i, &g) in diagonal.iter().enumerate() {
        assert_eq!(
            fast.get(Square {
                x: i as u64,
                y: i as u64
            }),
            Some(g as u32),
            "diagonal {i}"
        );
    }
    // P-positions (floor(n phi), floor(n phi^2)) from A000201 / A001950
    let p = &v["p_positions"];
    let (lower, upper) = (ints(&p["lower"]), ints(&p["upper"]));
    for (a, b) in lower.iter().zip(&upper) {
        assert!(wythoff_is_p(*a, *b) && wythoff_is_p(*b, *a), "({a},{b})");
        assert!(!wythoff_is_p(*a, b + 1));
    }
}

#[test]
fn subtraction_games() {
    let v = data("subtraction.toml");
    let mut engine = Engine::new(Limits::default());
    for g in v["game"].as_array().unwrap() {
        if let Some(set) = g.get("subtraction_set") {
            let set: Vec<String> = ints(set).iter().map(u64::to_string).collect();
            let name = format!("sub[{}]", set.join(","));
            if let Some(outcomes) = g.get("outcomes").and_then(Value::as_array) {
                for (n, o) in outcomes.iter().enumerate() {
                    let e = engine.evaluate(&format!("{name}({n})")).unwrap();
                    assert_eq!(e.outcome.to_string(), o.as_str().unwrap(), "{name}({n})");
                }
            }
            if let Some(grundy) = g.get("grundy") {
                for (n, &want) in ints(grundy).iter().enumerate() {
                    let e = engine.evaluate(&format!("{name}({n})")).unwrap();
                    assert_eq!(e.nimber, Some(Nimber(want)), "{name}({n})");
                }
            }
            if let Some(c) = g.get("first_player_wins_count") {
                let (from, to, count) = (
                    c["from"].as_integer().unwrap(),
                    c["to"].as_integer().unwrap(),
                    c["count"].as_integer().unwrap(),
                );
                let wins = (from..=to)
                    .filter(|n| {
                        engine.evaluate(&format!("{name}({n})")).unwrap().outcome
                            == grundy::Outcome::N
                    })
                    .count() as i64;
                assert_eq!(wins, count, "{name} wins in {from}..={to}");
            }
        }
    }
    for ex in v["bachet"][0]["examples"].as_array().unwrap() {
        let (pile, max) = (
            ex["stone_pile"].as_integer().unwrap(),
            ex["max_stones"].as_integer().unwrap(),
        );
        let set: Vec<String> = (1..=max).map(|k| k.to_string()).collect();
        let e = engine
            .evaluate(&format!("sub[{}]({pile})", set.join(",")))
            .unwrap();
        let want = if ex["result"].as_str() == Some("WIN") {
            grundy::Outcome::N
        } else {
            grundy::Outcome::P
        };
        assert_eq!(e.outcome, want, "TakeStones {pile} {max}");
    }
}
