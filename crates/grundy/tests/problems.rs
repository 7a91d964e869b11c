//! The problem programs (`examples/problems/`, wrapped by the examples):
//!
//! 1. golden tests on the samples and examples recorded in
//!    `data/problems/*.toml` (each record cites its source: the seed file or
//!    the problem statement). The directory can be moved with the
//!    `GRUNDY_PROBLEMS_DIR` environment variable; a missing directory fails;
//! 2. random small inputs, answered through the text interface and compared
//!    with brute force of the game exactly as the problem states it.

#[path = "../examples/problems/mod.rs"]
mod problems;

use grundy::engine::ExprGraph;
use grundy::games::staircase::CoinTreeGame;
use grundy::gaps::{
    CakeParty, LeftRight, LeftRightPosition, MatrixGame, Northcott, NorthcottPosition, Roxor,
    StoneGameStrategist,
};
use grundy::solvers::loopy::{analyse_loopy, LoopyConfig, LoopyOutcome};
use grundy::solvers::memo::MemoSolver;
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::takebreak::TakeBreak;
use grundy::vocab::rules::{GameGraph, Sums};
use grundy::{parse_game, GameExpr, Limits, Nimber, Outcome, Player};
use problems::{
    cake_party, knight_and_queen, lightoj_1186, lightoj_1192, lightoj_1199, lightoj_1247,
    move_the_coins, roxor, spoj_mmmgame, stone_game_strategist, ProblemError,
};
use proptest::prelude::*;
use std::path::PathBuf;

fn problems_dir() -> PathBuf {
    match std::env::var_os("GRUNDY_PROBLEMS_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/problems"),
    }
}

fn load(name: &str) -> toml::Value {
    let path = problems_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}); the problem data lives in data/problems/ (or set GRUNDY_PROBLEMS_DIR)",
            path.display()
        )
    });
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn records<'a>(file: &'a toml::Value, key: &str) -> &'a [toml::Value] {
    file.get(key)
        .and_then(|v| v.as_array())
        .map(|v| v.as_slice())
        .unwrap_or(&[])
}

fn samples(name: &str, solve: fn(&str) -> Result<String, problems::ProblemError>) {
    let file = load(name);
    let samples = records(&file, "sample");
    assert!(!samples.is_empty(), "{name} has no [[sample]]");
    for s in samples {
        let input = s["input"].as_str().unwrap();
        let output = s["output"].as_str().unwrap();
        assert_eq!(
            solve(input).unwrap().trim(),
            output.trim(),
            "{name}: {input}"
        );
    }
}

fn numbers(v: &toml::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap() as u64)
        .collect()
}

fn line(v: &[u64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn lightoj_and_spoj_samples() {
    samples("lightoj_1186_incredible_chess.toml", lightoj_1186);
    samples("lightoj_1192_left_right.toml", lightoj_1192);
    samples("lightoj_1247_matrix_game.toml", lightoj_1247);
    samples("spoj_mmmgame.toml", spoj_mmmgame);
}

#[test]
fn topcoder_examples() {
    let file = load("topcoder_cakeparty.toml");
    let examples = records(&file, "example");
    assert!(!examples.is_empty());
    for e in examples {
        let got = cake_party(&line(&numbers(&e["pieces"]))).unwrap();
        assert_eq!(got.trim(), e["returns"].as_str().unwrap());
    }
    let file = load("topcoder_stonegamestrategist.toml");
    let examples = records(&file, "example");
    assert!(!examples.is_empty());
    for e in examples {
        let got = stone_game_strategist(&line(&numbers(&e["piles"]))).unwrap();
        assert_eq!(got.trim(), e["returns"].as_str().unwrap());
    }
    let file = load("topcoder_roxor.toml");
    let examples = records(&file, "example");
    assert!(!examples.is_empty());
    for e in examples {
        let got = roxor(&line(&numbers(&e["piles"]))).unwrap();
        let r = numbers(&e["returns"]);
        let expect = if r.is_empty() {
            "{}".to_string()
        } else {
            format!(
                "{{{}}}",
                r.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        assert_eq!(got.trim(), expect);
    }
}

#[test]
fn malformed_inputs_are_errors_not_panics() {
    // Black pawn below the white one.
    let e = lightoj_1186("1\n3\n2 0 0\n1 2 2\n").unwrap_err();
    assert!(e.to_string().contains("column 0"), "{e}");
    assert!(lightoj_1192("1\n1\n5 3\n").is_err());
    assert!(lightoj_1247("1\n2 2\n1 2 3\n").is_err());
    assert!(spoj_mmmgame("1\n2\n3 x\n")
        .unwrap_err()
        .to_string()
        .contains("\"x\""));
    assert!(move_the_coins("2\n1 1\n1 3\n0\n").is_err());
    assert!(move_the_coins("2\n1 1\n1 2\n1\n1 2\n").is_err()); // moving the root
    assert!(stone_game_strategist("5 3\n").is_err());
    assert!(roxor("1 -2\n").is_err());
}

/// Nim heaps as a game graph, for misère brute force.
struct Nim;
impl GameGraph for Nim {
    type Position = Vec<u64>;
    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..p.len() {
            for h in 0..p[i] {
                let mut q = p.clone();
                q[i] = h;
                out.push(q);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mmmgame_against_misere_search(heaps in proptest::collection::vec(1u64..5, 1..=4)) {
        let input = format!("1\n{}\n{}\n", heaps.len(), line(&heaps));
        let mut s = PlainSearch::new(Nim, SearchConfig::default());
        let expect = match s.outcome(&heaps, Play::Misere).unwrap() {
            Outcome::N => "John",
            _ => "Brother",
        };
        prop_assert_eq!(spoj_mmmgame(&input).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn lightoj_1192_against_search(cells in proptest::collection::btree_set(0u64..10, 1..=3)) {
        let mut cells: Vec<u64> = cells.into_iter().collect();
        cells.extend(cells.iter().map(|c| c + 10).collect::<Vec<_>>());
        cells.sort();
        let input = format!("1\n{}\n{}\n", cells.len() / 2, line(&cells));
        let p = LeftRightPosition::new(cells, Player::Left).unwrap();
        let mut s = PlainSearch::new(LeftRight, SearchConfig::default());
        let expect = match s.outcome(&p, Play::Normal).unwrap() {
            Outcome::N => "Case 1: Alice",
            _ => "Case 1: Bob",
        };
        prop_assert_eq!(lightoj_1192(&input).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn lightoj_1247_against_search(
        (m, n) in (1usize..=2, 1usize..=3),
        cells in proptest::collection::vec(0u64..3, 6),
    ) {
        let matrix: Vec<Vec<u64>> = (0..m).map(|r| cells[r * n..(r + 1) * n].to_vec()).collect();
        let mut input = format!("1\n{m} {n}\n");
        for row in &matrix {
            input += &format!("{}\n", line(row));
        }
        let mut s = PlainSearch::new(MatrixGame, SearchConfig::default());
        let expect = match s.outcome(&matrix, Play::Normal).unwrap() {
            Outcome::N => "Case 1: Alice",
            _ => "Case 1: Bob",
        };
        prop_assert_eq!(lightoj_1247(&input).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn lightoj_1186_against_retrograde_analysis(
        columns in proptest::collection::vec((0u64..4, 1u64..4), 3),
    ) {
        // The problem's smallest board: n = 3 rows and 3 columns.
        let n = 3u64;
        let columns: Vec<(u64, u64)> = columns
            .into_iter()
            .map(|(w, d)| { let w = w % (n - 1); (w, (w + d).min(n - 1).max(w + 1)) })
            .collect();
        let white: Vec<u64> = columns.iter().map(|c| c.0).collect();
        let black: Vec<u64> = columns.iter().map(|c| c.1).collect();
        let input = format!("1\n{n}\n{}\n{}\n", line(&white), line(&black));
        let p = NorthcottPosition::new(columns, n, Player::Left).unwrap();
        let a = analyse_loopy(&Northcott { rows: n }, &p, Play::Normal, &LoopyConfig::default()).unwrap();
        let expect = match a.outcome(&p).unwrap() {
            LoopyOutcome::Win => "Case 1: white wins",
            LoopyOutcome::Loss => "Case 1: black wins",
            LoopyOutcome::Draw => "a draw, which the problem does not foresee",
        };
        prop_assert_eq!(lightoj_1186(&input).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn move_the_coins_against_search(
        parents in proptest::collection::vec(any::<usize>(), 1..5),
        coins in proptest::collection::vec(0u64..3, 6),
        queries in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..6),
    ) {
        let n = parents.len() + 1;
        let coins = &coins[..n];
        let parent: Vec<Option<usize>> = std::iter::once(None)
            .chain(parents.iter().enumerate().map(|(i, &p)| Some(p % (i + 1))))
            .collect();
        let mut input = format!("{n}\n{}\n", line(coins));
        for (child, p) in parent.iter().enumerate().skip(1) {
            input += &format!("{} {}\n", p.unwrap() + 1, child + 1);
        }
        let queries: Vec<(usize, usize)> =
            queries.into_iter().map(|(u, v)| (1 + u % (n - 1), v % n)).collect();
        input += &format!("{}\n", queries.len());
        let mut expect = String::new();
        for &(u, v) in &queries {
            input += &format!("{} {}\n", u + 1, v + 1);
            // Brute force: rebuild the tree, or see that it is not one.
            let mut w = Some(v);
            let mut cycle = false;
            while let Some(x) = w { cycle |= x == u; w = parent[x]; }
            if cycle {
                expect += "INVALID\n";
                continue;
            }
            let mut rebuilt = parent.clone();
            rebuilt[u] = Some(v);
            let mut s = PlainSearch::new(CoinTreeGame { parent: rebuilt }, SearchConfig::default());
            expect += match s.outcome(&coins.to_vec(), Play::Normal).unwrap() {
                Outcome::N => "YES\n",
                _ => "NO\n",
            };
        }
        prop_assert_eq!(move_the_coins(&input).unwrap(), expect);
    }

    #[test]
    fn cake_party_text_names_a_legal_move(cakes in proptest::collection::vec(1u64..6, 1..=3)) {
        let out = cake_party(&line(&cakes)).unwrap();
        let words: Vec<&str> = out.split_whitespace().collect();
        prop_assert_eq!(words.len(), 4);
        let (c, p): (usize, u64) = (words[1].parse().unwrap(), words[3].parse().unwrap());
        let mut after = cakes.clone();
        after[c] -= p;
        let mut moves = Vec::new();
        CakeParty.moves(&cakes, &mut moves);
        prop_assert!(moves.contains(&after));
        // Winning whenever a win exists.
        let mut s = PlainSearch::new(CakeParty, SearchConfig::default());
        if s.outcome(&cakes, Play::Normal).unwrap() == Outcome::N {
            prop_assert_eq!(s.outcome(&after, Play::Normal).unwrap(), Outcome::P);
        }
    }

    #[test]
    fn stone_game_strategist_text_against_search(mut piles in proptest::collection::vec(1u64..6, 1..=3)) {
        piles.sort();
        let mut s = PlainSearch::new(StoneGameStrategist, SearchConfig::default());
        // The problem's answer by brute force: fewest stones, then lowest pile.
        let mut best: Option<(u64, usize)> = None;
        for k in 0..piles.len() {
            let floor = if k == 0 { 0 } else { piles[k - 1] };
            for left in floor..piles[k] {
                let mut next = piles.clone();
                next[k] = left;
                let m = (piles[k] - left, k);
                if s.outcome(&next, Play::Normal).unwrap() == Outcome::P && best.iter().all(|&b| m < b) {
                    best = Some(m);
                }
            }
        }
        let expect = match best {
            Some((st, k)) => format!("TAKE {st} STONES FROM PILE {k}"),
            None => "YOU LOSE".to_string(),
        };
        prop_assert_eq!(stone_game_strategist(&line(&piles)).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn roxor_text_against_search(piles in proptest::collection::vec(0u64..3, 2..=4)) {
        let mut s = PlainSearch::new(Roxor, SearchConfig::default());
        let n = piles.len();
        let mut expect = "{}".to_string();
        'found: for i in 0..n {
            if piles[i] == 0 { continue; }
            for j in i + 1..n {
                for k in j..n {
                    let mut next = piles.clone();
                    next[i] -= 1;
                    next[j] += 1;
                    next[k] += 1;
                    if s.outcome(&next, Play::Normal).unwrap() == Outcome::P {
                        expect = format!("{{{i}, {j}, {k}}}");
                        break 'found;
                    }
                }
            }
        }
        prop_assert_eq!(roxor(&line(&piles)).unwrap().trim().to_string(), expect);
    }
}

#[test]
fn huge_counts_in_input_are_errors_not_allocations() {
    // A node count of 10^18 must not reserve memory before the input runs out.
    assert!(move_the_coins("1000000000000000000\n1 2 3\n").is_err());
    assert!(lightoj_1247("1\n1000000000000000000 1\n5\n").is_err());
}

/// Grundy's game (a move splits one pile into two unequal non-empty piles),
/// written out from the problem statement rather than taken from the engine,
/// so that the brute force below does not share the code it checks.
struct Partitioning;
impl GameGraph for Partitioning {
    type Position = Vec<u64>;
    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &p) in piles.iter().enumerate() {
            for a in 1..p {
                let b = p - a;
                if a < b {
                    let mut next = piles.clone();
                    next[i] = a;
                    next.push(b);
                    next.sort();
                    out.push(next);
                }
            }
        }
    }
}

#[test]
fn lightoj_1199_sample_and_explanation() {
    samples("lightoj_1199_partitioning_game.toml", lightoj_1199);
    // The statement's explanation of case 1: 4 -> 1 + 3 -> 1 + 1 + 2, and Alice is stuck.
    let mut s = PlainSearch::new(Partitioning, SearchConfig::default());
    assert_eq!(s.outcome(&vec![1, 1, 2], Play::Normal).unwrap(), Outcome::P);
    assert_eq!(s.outcome(&vec![1, 3], Play::Normal).unwrap(), Outcome::N);
}

#[test]
fn lightoj_1199_bounds_are_errors() {
    assert!(lightoj_1199("1\n1\n10000\n").is_ok());
    for bad in [
        "1\n1\n10001\n",
        "1\n1\n0\n",
        "1\n101\n",
        "1\n0\n",
        "1\n2\n5\n",
    ] {
        let e = lightoj_1199(bad).unwrap_err();
        assert!(
            matches!(
                e,
                ProblemError::Malformed { .. } | ProblemError::Missing { .. }
            ),
            "{bad:?}: {e}"
        );
    }
    let e = lightoj_1199("1\n1\n10001\n").unwrap_err().to_string();
    assert!(e.contains("1..=10000"), "{e}");
}

#[test]
fn lightoj_1199_single_piles_against_memo_solver() {
    // Single piles up to 80 through the text interface, against the values
    // of Grundy's game by memoised search of its rules.
    let mut memo = MemoSolver::new(TakeBreak::grundys_game(), Limits::default());
    for h in 1..=80u64 {
        let expect = if memo.nimber(&h).unwrap() == Nimber(0) {
            "Case 1: Bob"
        } else {
            "Case 1: Alice"
        };
        let got = lightoj_1199(&format!("1\n1\n{h}\n")).unwrap();
        assert_eq!(got.trim(), expect, "pile {h}");
    }
}

#[test]
fn knight_and_queen_bounds_are_errors() {
    assert!(knight_and_queen("1\n49 49 49 49\n").is_ok());
    let e = knight_and_queen("1\n50 0 0 0\n").unwrap_err().to_string();
    assert!(
        e.contains("knight coordinate") && e.contains("0..=49"),
        "{e}"
    );
    let e = knight_and_queen("1\n0 0 0 -1\n").unwrap_err().to_string();
    assert!(e.contains("queen coordinate"), "{e}");
    assert!(knight_and_queen("2\n0 0 0 0\n").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn lightoj_1199_against_search(piles in proptest::collection::vec(1u64..=11, 1..=3)) {
        let input = format!("1\n{}\n{}\n", piles.len(), line(&piles));
        let mut sorted = piles.clone();
        sorted.sort();
        let mut s = PlainSearch::new(Partitioning, SearchConfig::default());
        let expect = match s.outcome(&sorted, Play::Normal).unwrap() {
            Outcome::N => "Case 1: Alice",
            _ => "Case 1: Bob",
        };
        prop_assert_eq!(lightoj_1199(&input).unwrap().trim().to_string(), expect);
    }

    #[test]
    fn lightoj_1199_several_cases_against_engine_sums(
        cases in proptest::collection::vec(proptest::collection::vec(1u64..=9, 1..=3), 1..=3),
    ) {
        // Several cases in one input, each against plain search of
        // `Sums(TakeBreak::grundys_game())`: the case numbering and the
        // reuse of the shared table across cases are what this checks.
        let mut input = format!("{}\n", cases.len());
        let mut expect = String::new();
        let mut s = PlainSearch::new(Sums(TakeBreak::grundys_game()), SearchConfig::default());
        for (i, piles) in cases.iter().enumerate() {
            input += &format!("{}\n{}\n", piles.len(), line(piles));
            let start = Sums::<TakeBreak>::position(piles.clone());
            let who = match s.outcome(&start, Play::Normal).unwrap() {
                Outcome::N => "Alice",
                _ => "Bob",
            };
            expect += &format!("Case {}: {who}\n", i + 1);
        }
        prop_assert_eq!(lightoj_1199(&input).unwrap(), expect);
    }

    #[test]
    fn knight_and_queen_against_search(
        tests in proptest::collection::vec((0u64..9, 0u64..9, 0u64..9, 0u64..9), 1..=3),
    ) {
        // The two pieces played together by plain search of the product
        // game: no Grundy values and no Wythoff rule.
        let mut input = format!("{}\n", tests.len());
        let mut expect = String::new();
        for &(kx, ky, qx, qy) in &tests {
            input += &format!("{kx} {ky} {qx} {qy}\n");
            let text = format!("knight({kx},{ky}) + queen({qx},{qy})");
            let GameExpr::Sum(groups) = parse_game(&text).unwrap() else {
                panic!("{text} is a normal-play sum")
            };
            let graph = ExprGraph::new(&groups);
            let mut s = PlainSearch::new(Sums(&graph), SearchConfig::default());
            expect += match s.outcome(&graph.start(), Play::Normal).unwrap() {
                Outcome::N => "First\n",
                _ => "Second\n",
            };
        }
        prop_assert_eq!(knight_and_queen(&input).unwrap(), expect);
    }
}
