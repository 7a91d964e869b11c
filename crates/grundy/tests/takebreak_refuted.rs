//! Published claims grundy refutes (data/takebreak/refuted.toml): the
//! evidence recorded there is checked here, by the solver and by a naive
//! computation straight from the rules.

use std::collections::HashMap;

use grundy::solvers::mex::mex_naive;
use grundy::takebreak::{SequenceConfig, SolverChoice, TakeBreak};
use grundy::vocab::rules::Rules;

fn data() -> toml::Table {
    let path = format!(
        "{}/../../data/takebreak/refuted.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    text.parse().unwrap()
}

fn claims(kind: &str) -> Vec<toml::Table> {
    let table = data();
    let all = table["claim"].as_array().unwrap();
    let found: Vec<toml::Table> = all
        .iter()
        .map(|c| c.as_table().unwrap().clone())
        .filter(|c| c["kind"].as_str() == Some(kind))
        .collect();
    for c in &found {
        for key in ["source", "claim", "evidence"] {
            assert!(
                c[key].as_str().is_some_and(|s| s.len() > 10),
                "{key} in {c:?}"
            );
        }
    }
    found
}

fn int(t: &toml::Table, key: &str) -> u64 {
    t[key].as_integer().unwrap_or_else(|| panic!("{key}")) as u64
}

/// G(n) by memoised recursion over `Rules::options`: the definition itself.
fn naive(game: &TakeBreak, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut options = Vec::new();
    game.options(&n, &mut |heaps| options.push(heaps.to_vec()));
    let values: Vec<u64> = options
        .iter()
        .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ naive(game, h, memo)))
        .collect();
    let v = mex_naive(&values);
    memo.insert(n, v);
    v
}

/// Codes claimed to have one sequence: the naive values differ first at
/// the recorded heap, with the recorded values.
#[test]
fn codes_claimed_equal_differ_where_recorded() {
    let found = claims("same_values");
    assert!(!found.is_empty());
    for c in found {
        let codes: Vec<&str> = c["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let heap = int(&c, "first_difference");
        let recorded: Vec<u64> = c["values_there"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_integer().unwrap() as u64)
            .collect();
        let sequences: Vec<Vec<u64>> = codes
            .iter()
            .map(|code| {
                let game = TakeBreak::from_code(code).unwrap();
                let mut memo = HashMap::new();
                (0..=heap + 20)
                    .map(|n| naive(&game, n, &mut memo))
                    .collect()
            })
            .collect();
        let first = |a: &[u64], b: &[u64]| a.iter().zip(b).position(|(x, y)| x != y);
        // The claimed equal codes all differ from the first code at `heap`
        // and agree with it before.
        for s in &sequences[1..] {
            assert_eq!(first(&sequences[0], s), Some(heap as usize), "{codes:?}");
        }
        let there: Vec<u64> = sequences.iter().map(|s| s[heap as usize]).collect();
        assert_eq!(there, recorded, "{codes:?}");
        // The solver agrees with the naive values.
        for (code, s) in codes.iter().zip(&sequences) {
            let game = TakeBreak::from_code(code).unwrap();
            let seq = game
                .try_sequence(heap + 20, &SequenceConfig::default())
                .unwrap();
            let by_solver: Vec<u64> = (0..=heap + 20).map(|n| seq.get(n).unwrap().0).collect();
            assert_eq!(&by_solver, s, "{code}");
        }
    }
}

/// A last exception of a period: the solver's proof gives the recorded
/// preperiod, and the heap the claim names is no exception.
#[test]
fn claimed_last_exceptions_are_checked() {
    let found = claims("last_exception");
    assert!(!found.is_empty());
    for c in found {
        let game = TakeBreak::from_code(c["code"].as_str().unwrap()).unwrap();
        let (period, claimed, actual) = (
            int(&c, "period"),
            int(&c, "claimed_last_exception"),
            int(&c, "last_exception"),
        );
        let seq = game
            .try_sequence(3 * actual, &SequenceConfig::default())
            .unwrap();
        let p = seq.periodicity().unwrap();
        assert!(p.proved && p.period == period, "{p:?}");
        assert_eq!(p.preperiod, actual + 1);
        let value = int(&c, "value_at_claimed");
        assert_eq!(seq.get(claimed).unwrap().0, value);
        assert_eq!(seq.get(claimed + period).unwrap().0, value);
        assert_ne!(seq.get(actual).unwrap(), seq.get(actual + period).unwrap());
    }
}

/// The same evidence from the plain O(n²) solver, which shares nothing with
/// the sparse one but the table of values: 13.5 minutes in a release
/// build on the project's loaded 2-core machine, so run on demand (`cargo test --release --test
/// takebreak_refuted -- --ignored`).
#[test]
#[ignore]
fn claimed_last_exceptions_by_the_plain_solver() {
    for c in claims("last_exception") {
        let game = TakeBreak::from_code(c["code"].as_str().unwrap()).unwrap();
        let (period, claimed, actual) = (
            int(&c, "period"),
            int(&c, "claimed_last_exception"),
            int(&c, "last_exception"),
        );
        let config = SequenceConfig {
            solver: SolverChoice::Plain,
            stop_when_proved: false,
            ..SequenceConfig::default()
        };
        let to = claimed.max(actual) + period;
        let seq = game.try_sequence(to, &config).unwrap();
        let g = |n: u64| seq.get(n).unwrap().0;
        assert_eq!(g(claimed), int(&c, "value_at_claimed"));
        assert_eq!(g(claimed), g(claimed + period));
        assert_ne!(g(actual), g(actual + period));
        // No exception after `actual` among the computed heaps.
        assert!((actual + 1..=to - period).all(|n| g(n) == g(n + period)));
    }
}
