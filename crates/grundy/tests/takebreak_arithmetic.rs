//! Arithmetic periods: proved ones against plain values, published ones
//! (data/takebreak/arithmetic.toml) against their theorem's pattern, heaps
//! far out answered at once with winning moves, and observed-only patterns
//! reported instead of computed on.

use grundy::api::ReadText;
use std::time::{Duration, Instant};

use grundy::takebreak::{Proof, SequenceConfig, SolverChoice, TakeBreak};
use grundy::{Engine, Limits, Nimber};
use proptest::prelude::*;

fn plain(game: &TakeBreak, to: u64) -> Vec<u64> {
    let config = SequenceConfig {
        solver: SolverChoice::Plain,
        stop_when_proved: false,
        ..SequenceConfig::default()
    };
    let seq = game.try_sequence(to, &config).unwrap();
    seq.values().iter().map(u64::from).collect()
}

fn data() -> toml::Table {
    let path = format!(
        "{}/../../data/takebreak/arithmetic.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    text.parse().unwrap()
}

/// Every published pattern holds on the plain values (the theorem is not
/// taken on trust where it can be checked), and the solver proves it from
/// the values by that theorem.
#[test]
fn published_arithmetic_periods_hold_on_plain_values() {
    let table = data();
    let games = table["game"].as_array().unwrap();
    assert!(!games.is_empty());
    for record in games {
        let record = record.as_table().unwrap();
        let code = record["code"].as_str().unwrap();
        assert!(record["source"].as_str().is_some_and(|s| s.len() > 20));
        let int = |k: &str| record[k].as_integer().unwrap() as u64;
        let (e, p, s) = (int("preperiod"), int("period"), int("saltus"));
        let pattern: Vec<u64> = record["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_integer().unwrap() as u64)
            .collect();
        let game = TakeBreak::from_code(code).unwrap();
        let values = plain(&game, 1500);
        for (n, &v) in values.iter().enumerate() {
            let n = n as u64;
            let expected = if n < e + p {
                pattern[n as usize]
            } else {
                pattern[(e + (n - e) % p) as usize] + (n - e) / p * s
            };
            assert_eq!(v, expected, "{code} at heap {n}");
        }
        let seq = game.try_sequence(1500, &SequenceConfig::default()).unwrap();
        let found = seq.periodicity().unwrap();
        assert!(found.proved, "{code}: {found:?}");
        assert!(matches!(found.proof, Some(Proof::Theorem(_))), "{found:?}");
        assert_eq!((found.preperiod, found.period, found.saltus), (e, p, s));
        assert!(seq.len() < 200, "{code}: stopped at {}", seq.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Take-only codes whose repeating digit leaves one heap (all-but
    /// games and more): a period proved by the check of arithmetic.rs gives
    /// the plain values on every heap to 3000.
    #[test]
    fn proved_take_tail_periods_give_the_plain_values(
        listed in proptest::collection::vec(0u8..4, 1..9),
        tail in 2u8..4,
    ) {
        let mut code = String::from("0.");
        for d in &listed {
            code.push(char::from(b'0' + d));
        }
        code.push_str(&format!("({tail})"));
        let game = TakeBreak::from_code(&code).unwrap();
        let seq = game.try_sequence(3000, &SequenceConfig::default()).unwrap();
        let p = seq.periodicity().copied();
        prop_assert!(p.is_some_and(|p| p.proved && p.proof == Some(Proof::TakeTail)), "{code}: {p:?}");
        let values = plain(&game, 3000);
        for (n, &v) in values.iter().enumerate() {
            prop_assert_eq!(seq.get(n as u64).unwrap(), Nimber(v), "{} at heap {}", code, n);
        }
    }

    /// The same for all-but sets as the language writes them.
    #[test]
    fn all_but_games_are_proved_against_plain_values(
        set in proptest::collection::btree_set(1u64..14, 1..5),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let game = TakeBreak::all_but(&set).unwrap();
        let seq = game.try_sequence(3000, &SequenceConfig::default()).unwrap();
        prop_assert!(seq.periodicity().is_some_and(|p| p.proved), "{set:?}");
        let values = plain(&game, 3000);
        for (n, &v) in values.iter().enumerate() {
            prop_assert_eq!(seq.get(n as u64).unwrap(), Nimber(v), "{:?} at heap {}", set, n);
        }
    }
}

/// Lasker's Nim at heap 10^12 (HDU 3032 asks to 2^31): its value at once,
/// with winning moves that each leave a position of value 0.
#[test]
fn lasker_nim_answers_any_heap_with_winning_moves() {
    let mut engine = Engine::new(Limits::default());
    let started = Instant::now();
    let e = engine.evaluate("octal[4.[3]](1000000000000, 7)").unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    // G(4k + 4) = 4k + 3: G(10^12) = 10^12 − 1; G(7) = 8.
    assert_eq!(e.nimber, Some(Nimber((1_000_000_000_000 - 1) ^ 8)));
    assert!(!e.winning_moves.is_empty());
    for m in &e.winning_moves {
        let after = engine.evaluate_game(m).unwrap();
        assert_eq!(after.nimber, Some(Nimber(0)), "{m}");
    }
    // Heap 4k + 3 (value 4k + 4) beside a heap of 1: the far heap must go
    // to value 1 (a take to heap 1, or a split into two heaps of nim-sum 1).
    let e = engine.evaluate("octal[4.[3]](4000000000003, 1)").unwrap();
    assert_eq!(e.nimber, Some(Nimber(4_000_000_000_004 ^ 1)));
    assert!(!e.winning_moves.is_empty());
    for m in &e.winning_moves {
        assert_eq!(
            engine.evaluate_game(m).unwrap().nimber,
            Some(Nimber(0)),
            "{m}"
        );
    }
}

/// All-but games far out: proved by the take-only check, answered at once.
#[test]
fn all_but_games_answer_far_heaps_with_winning_moves() {
    let mut engine = Engine::new(Limits::default());
    let e = engine.evaluate("allbut[1,2](1000000000000000)").unwrap();
    let game = TakeBreak::all_but(&[1, 2]).unwrap();
    let seq = game.try_sequence(3000, &SequenceConfig::default()).unwrap();
    assert_eq!(e.nimber, Some(seq.get(1_000_000_000_000_000).unwrap()));
    for m in &e.winning_moves {
        assert_eq!(
            engine.evaluate_game(m).unwrap().nimber,
            Some(Nimber(0)),
            "{m}"
        );
    }
    assert!(!e.winning_moves.is_empty());
}

/// A splitting code with an arithmetic pattern and no theorem here: the
/// query stops at the observation and says what was seen.
#[test]
fn observed_only_arithmetic_periods_are_reported_not_computed_on() {
    let mut engine = Engine::new(Limits::default());
    let started = Instant::now();
    let err = engine
        .evaluate("octal[4.(7)](1000000000000)")
        .unwrap_err()
        .to_string();
    assert!(started.elapsed() < Duration::from_secs(30), "{err}");
    assert!(
        err.contains("arithmetic period") && err.contains("not used"),
        "{err}"
    );
}
