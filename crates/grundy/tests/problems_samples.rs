//! The sample files of `data/problems/samples/`: each `NAME.in` run through
//! its problem function must print exactly `NAME.out`. These are the files
//! `docs/problems.md` tells users to pipe into the example programs.
//!
//! Most `.out` files are the problems' own expected outputs, copied from the
//! records in `data/problems/*.toml` (which cite their sources). Three problems
//! have no sourced sample (Knight and Queen, Move the Coins, the CodeChef A/B
//! game, whose first line is the editorial's own example); their samples
//! are ours, and their `.out` files are checked here against brute-force
//! search of the game as the problem states it, so that the golden test does
//! not merely repeat the program's own answers.

#[path = "../examples/problems/mod.rs"]
mod problems;

use grundy::engine::ExprGraph;
use grundy::games::staircase::CoinTreeGame;
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::vocab::rules::Sums;
use grundy::{parse_game, GameExpr, Outcome};
use problems::{
    cake_party, codechef_abgame, knight_and_queen, lightoj_1186, lightoj_1192, lightoj_1199,
    lightoj_1247, move_the_coins, roxor, spoj_mmmgame, stone_game_strategist, ProblemError,
};
use std::path::PathBuf;

type Solve = fn(&str) -> Result<String, ProblemError>;

/// Every sample, by file name, with the function that answers it.
const SAMPLES: &[(&str, Solve)] = &[
    ("lightoj_1186", lightoj_1186),
    ("lightoj_1192", lightoj_1192),
    ("lightoj_1199", lightoj_1199),
    ("lightoj_1247", lightoj_1247),
    ("spoj_mmmgame", spoj_mmmgame),
    ("knight_and_queen", knight_and_queen),
    ("move_the_coins", move_the_coins),
    ("cake_party", cake_party),
    ("stone_game_strategist", stone_game_strategist),
    ("roxor", roxor),
    ("ab_game", codechef_abgame),
];

fn samples_dir() -> PathBuf {
    match std::env::var_os("GRUNDY_PROBLEMS_DIR") {
        Some(d) => PathBuf::from(d).join("samples"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/problems/samples"),
    }
}

fn read(name: &str) -> String {
    let path = samples_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}); the samples live in data/problems/samples/ \
             (or set GRUNDY_PROBLEMS_DIR to the directory holding samples/)",
            path.display()
        )
    })
}

#[test]
fn every_sample_file_gives_its_expected_output() {
    for &(name, solve) in SAMPLES {
        let input = read(&format!("{name}.in"));
        let expected = read(&format!("{name}.out"));
        let got = solve(&input).unwrap_or_else(|e| panic!("{name}.in rejected: {e}"));
        assert_eq!(got, expected, "{name}.in");
    }
}

#[test]
fn every_sample_file_is_tested() {
    // A sample added to the directory without a function here would never run.
    let mut found = Vec::new();
    for entry in std::fs::read_dir(samples_dir()).expect("data/problems/samples/ exists") {
        let name = entry.expect("readable directory entry").file_name();
        let name = name.to_string_lossy().to_string();
        let stem = name
            .strip_suffix(".in")
            .or_else(|| name.strip_suffix(".out"))
            .unwrap_or_else(|| panic!("unexpected file {name} in samples/"));
        assert!(
            SAMPLES.iter().any(|&(s, _)| s == stem),
            "{name} has no entry in SAMPLES"
        );
        found.push(name);
    }
    assert_eq!(found.len(), 2 * SAMPLES.len(), "{found:?}");
}

/// The numbers of a text, in order.
fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|t| t.parse().expect("sample tokens are numbers"))
        .collect()
}

#[test]
fn knight_and_queen_sample_output_is_brute_force() {
    let input = numbers(&read("knight_and_queen.in"));
    let expected = read("knight_and_queen.out");
    let tests = input[0] as usize;
    assert_eq!(input.len(), 1 + 4 * tests);
    let mut brute = String::new();
    for c in input[1..].chunks(4) {
        // The two pieces played together, move by move: no Sprague–Grundy.
        let text = format!("knight({},{}) + queen({},{})", c[0], c[1], c[2], c[3]);
        let GameExpr::Sum(groups) = parse_game(&text).unwrap() else {
            panic!("{text} is a normal-play sum")
        };
        let graph = ExprGraph::new(&groups);
        let mut s = PlainSearch::new(Sums(&graph), SearchConfig::default());
        brute += match s.outcome(&graph.start(), Play::Normal).unwrap() {
            Outcome::N => "First\n",
            _ => "Second\n",
        };
    }
    assert_eq!(brute, expected);
    // Not a sample that a constant answer would pass.
    assert!(expected.contains("First") && expected.contains("Second"));
}

#[test]
fn move_the_coins_sample_output_is_brute_force() {
    let input = numbers(&read("move_the_coins.in"));
    let expected = read("move_the_coins.out");
    let n = input[0] as usize;
    let coins: Vec<u64> = input[1..=n].to_vec();
    let mut parent = vec![None; n];
    let edges = &input[n + 1..n + 1 + 2 * (n - 1)];
    // The sample lists each edge as `parent child` with node 1 the root.
    for e in edges.chunks(2) {
        parent[e[1] as usize - 1] = Some(e[0] as usize - 1);
    }
    let rest = &input[n + 1 + 2 * (n - 1)..];
    let q = rest[0] as usize;
    let mut brute = String::new();
    for query in rest[1..].chunks(2).take(q) {
        let (u, v) = (query[0] as usize - 1, query[1] as usize - 1);
        let mut w = Some(v);
        let mut cycle = false;
        while let Some(x) = w {
            cycle |= x == u;
            w = parent[x];
        }
        if cycle {
            brute += "INVALID\n";
            continue;
        }
        let mut rebuilt = parent.clone();
        rebuilt[u] = Some(v);
        let mut s = PlainSearch::new(CoinTreeGame { parent: rebuilt }, SearchConfig::default());
        brute += match s.outcome(&coins, Play::Normal).unwrap() {
            Outcome::N => "YES\n",
            _ => "NO\n",
        };
    }
    assert_eq!(brute, expected);
    for answer in ["YES", "NO", "INVALID"] {
        assert!(expected.contains(answer), "the sample shows every answer");
    }
}

#[test]
fn ab_game_sample_output_is_minimax() {
    use grundy::partizan::{ab_game, search_outcome, AbGame};
    let input = read("ab_game.in");
    let expected = read("ab_game.out");
    let mut want = String::new();
    for s in input.split_whitespace().skip(1) {
        // A is Left and moves first: A wins iff the outcome is L or N.
        let o = search_outcome(&AbGame, &ab_game(s).unwrap()).unwrap();
        want.push_str(if matches!(o, Outcome::L | Outcome::N) {
            "A\n"
        } else {
            "B\n"
        });
    }
    assert_eq!(want, expected);
}
