//! CGSuite's predicates (`is_number(G)`, `is_even_tempered(G)`, …) and its
//! small functions `companion`, `subordinate`, `pow` and `pow_to`:
//! CGSuite 2.2's own test values (`data/partizan/predicates.toml`), and
//! each definition checked against another on every game born by day 2 and
//! a sample of day 3.

use grundy::component::Context;
use grundy::language::functions::{parse_predicate_call, FUNCTIONS};
use grundy::partizan::Game;
use grundy::registry::Registry;
use grundy::{parse_game, Engine, Limits};
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
    function: Vec<Call>,
}

/// One value of CGSuite's `CanonicalShortGameTestCase`.
#[derive(Deserialize)]
struct Case {
    game: String,
    cgsuite: String,
    companion: String,
    source: String,
    is: BTreeMap<String, bool>,
}

/// One call of `pow`, `pow_to` or `subordinate` from CGSuite's tests.
#[derive(Deserialize)]
struct Call {
    expr: String,
    cgsuite: String,
    value: Option<String>,
    error: Option<String>,
    source: String,
}

fn data() -> File {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/predicates.toml"
    );
    toml::from_str(&std::fs::read_to_string(path).expect("the data file")).expect("valid TOML")
}

/// The value of an expression, through the language and the engine.
fn value_of(expr: &str) -> Result<Game, String> {
    let game = parse_game(expr).map_err(|e| e.to_string())?;
    Engine::new(Limits::default())
        .partizan_value(&game)
        .map_err(|e| e.to_string())
}

/// A predicate's answer, through the language.
fn predicate(expr: &str) -> Result<bool, String> {
    let call = parse_predicate_call(expr, Registry::builtin())
        .ok_or_else(|| format!("{expr} is not a predicate call"))?
        .map_err(|e| e.to_string())?;
    let mut cx = Context::new(Limits::default());
    call.test(&mut cx)
        .map(|(_, b)| b)
        .map_err(|e| e.to_string())
}

#[test]
fn cgsuite_predicates_and_companions() {
    let file = data();
    assert_eq!(file.case.len(), 25, "CGSuite's test has 25 values");
    let mut failures = Vec::new();
    for c in &file.case {
        assert!(c.source.contains("CanonicalShortGameTestCase.scala"));
        let ctx = format!("{} (CGSuite: {})", c.game, c.cgsuite);
        match value_of(&c.game) {
            Ok(g) if g.to_string() == c.game => {}
            Ok(g) => failures.push(format!("{ctx}: reads as {g}")),
            Err(e) => failures.push(format!("{ctx}: {e}")),
        }
        // Every predicate the language knows is in the data, and no other.
        let known: Vec<&str> = FUNCTIONS
            .iter()
            .filter(|f| f.is_predicate())
            .map(|f| f.name)
            .collect();
        let listed: Vec<&str> = c.is.keys().map(String::as_str).collect();
        let mut sorted = known.clone();
        sorted.sort_unstable();
        assert_eq!(listed, sorted, "{ctx}: the predicates of the data");
        for (name, &want) in &c.is {
            let expr = format!("{name}({})", c.game);
            match predicate(&expr) {
                Ok(got) if got == want => {}
                Ok(got) => failures.push(format!("{ctx}: {expr} is {got}, CGSuite {want}")),
                Err(e) => failures.push(format!("{ctx}: {expr}: {e}")),
            }
        }
        let expr = format!("companion({})", c.game);
        match value_of(&expr) {
            Ok(g) if g.to_string() == c.companion => {}
            Ok(g) => failures.push(format!("{ctx}: {expr} is {g}, CGSuite {}", c.companion)),
            Err(e) => failures.push(format!("{ctx}: {expr}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cgsuite_powers_and_subordinates() {
    let file = data();
    assert!(file.function.len() >= 15);
    let mut failures = Vec::new();
    for c in &file.function {
        assert!(c.source.contains("GameTest.scala"));
        let ctx = format!("{} (CGSuite: {})", c.expr, c.cgsuite);
        match (value_of(&c.expr), &c.value, &c.error) {
            (Ok(g), Some(v), None) if g.to_string() == *v => {}
            (Ok(g), Some(v), None) => failures.push(format!("{ctx}: got {g}, CGSuite {v}")),
            (Err(e), Some(v), None) => failures.push(format!("{ctx}: error {e}, CGSuite {v}")),
            (Ok(g), None, Some(e)) => failures.push(format!("{ctx}: gave {g}, CGSuite: {e}")),
            (Err(_), None, Some(_)) => {}
            _ => panic!("{ctx}: give one of value and error"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn predicate_errors_say_what_is_accepted() {
    let e = value_of("is_number(3/4) + 1").unwrap_err();
    assert!(e.contains("true or false") && e.contains("alone"), "{e}");
    let e = value_of("pow(+-1, 3)").unwrap_err();
    assert!(e.contains("{0|H}"), "{e}");
    let e = value_of("pow_to(^, -1)").unwrap_err();
    assert!(e.contains("invalid exponent") && e.contains("7/4"), "{e}");
    let e = value_of("pow(^, *)").unwrap_err();
    assert!(e.contains("must be a number"), "{e}");
    // Impartial games enter as their nimbers, as in every function.
    assert_eq!(predicate("is_odd(nim(1))"), Ok(true));
    assert_eq!(predicate("is_even(kayles(2))"), Ok(false));
}

/// Every game born by day 2 (22 of them), from its options.
fn day2() -> Vec<Game> {
    let subsets = |games: &[Game]| -> Vec<Vec<Game>> {
        (0..1u32 << games.len())
            .map(|m| {
                (0..games.len())
                    .filter(|i| (m >> i) & 1 == 1)
                    .map(|i| games[i])
                    .collect()
            })
            .collect()
    };
    let mut day = vec![Game::zero()];
    for _ in 0..2 {
        let sets = subsets(&day);
        let mut next: Vec<Game> = Vec::new();
        for l in &sets {
            for r in &sets {
                let g = Game::from_options(l, r).unwrap();
                if !next.contains(&g) {
                    next.push(g);
                }
            }
        }
        day = next;
    }
    day
}

/// Evenness by the definition on the canonical form's options (every
/// option odd; odd: some option and every option even), with no shortcut.
fn even_odd(g: Game) -> (bool, bool) {
    let opts: Vec<Game> = g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .collect();
    let all = |f: fn((bool, bool)) -> bool| opts.iter().all(|&o| f(even_odd(o)));
    (all(|p| p.1), !opts.is_empty() && all(|p| p.0))
}

/// Temper by the definition: even-tempered when a number or every option
/// odd-tempered; odd-tempered when not a number and every option
/// even-tempered.
fn temper(g: Game) -> (bool, bool) {
    if g.is_number() {
        return (true, false);
    }
    let opts: Vec<Game> = g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .collect();
    let all = |f: fn((bool, bool)) -> bool| opts.iter().all(|&o| f(temper(o)));
    (all(|p| p.1), all(|p| p.0))
}

fn check_definitions(g: Game) -> Result<(), String> {
    let (even, odd) = even_odd(g);
    let (et, ot) = temper(g);
    let got = (
        g.is_even().unwrap(),
        g.is_odd().unwrap(),
        g.is_even_tempered().unwrap(),
        g.is_odd_tempered().unwrap(),
    );
    if got != (even, odd, et, ot) {
        return Err(format!(
            "{g}: got {got:?}, by definition {:?}",
            (even, odd, et, ot)
        ));
    }
    // Idempotent: G + G = G.
    if g.is_idempotent() != (g.try_add(g).unwrap() == g) {
        return Err(format!("{g}: is_idempotent disagrees with G + G == G"));
    }
    // Every all-small game is infinitesimal and atomic.
    if g.is_all_small() && !(g.is_infinitesimal() && g.is_atomic().unwrap()) {
        return Err(format!("{g}: all-small but not an atomic infinitesimal"));
    }
    // An infinitesimal is numberish; a number is numberish and number-tiny.
    if g.is_infinitesimal() && !g.is_numberish() {
        return Err(format!("{g}: infinitesimal but not numberish"));
    }
    if g.is_number() && !(g.is_numberish() && g.is_number_tiny() && g.is_uptimal()) {
        return Err(format!(
            "{g}: a number that is not numberish, number-tiny and uptimal"
        ));
    }
    // The companion is an involution.
    let c = g.companion().unwrap();
    if c.companion().unwrap() != g {
        return Err(format!("{g}: companion {c}, whose companion is not {g}"));
    }
    Ok(())
}

#[test]
fn predicates_follow_their_definitions_on_day_2() {
    let games = day2();
    assert_eq!(games.len(), 22, "22 games are born by day 2");
    for &g in &games {
        check_definitions(g).unwrap();
    }
}

#[test]
fn companion_is_an_automorphism_of_the_day_2_lattice() {
    let games = day2();
    let comp: Vec<Game> = games.iter().map(|g| g.companion().unwrap()).collect();
    for c in &comp {
        assert!(games.contains(c), "{c} is not born by day 2");
    }
    for (i, &g) in games.iter().enumerate() {
        for (j, &h) in games.iter().enumerate() {
            assert_eq!(
                g.le(h),
                comp[i].le(comp[j]),
                "{g} <= {h}, against {} <= {}",
                comp[i],
                comp[j]
            );
        }
    }
}

#[test]
fn powers_of_up_are_the_up_nths() {
    let up = Game::up();
    for n in 1..=6u32 {
        let x = Game::integer(i64::from(n)).unwrap();
        assert_eq!(up.pow(x).unwrap(), Game::up_nth(n).unwrap(), "^<{n}>");
        assert_eq!(up.pow_to(x).unwrap(), Game::up_to_nth(n).unwrap(), "^[{n}]");
        assert!(up.pow(x).unwrap().is_uptimal());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Games born by day 3: any sets of day-2 games as options.
    #[test]
    fn predicates_follow_their_definitions_on_day_3(l in 0u32..1 << 22, r in 0u32..1 << 22) {
        let games = day2();
        let pick = |m: u32| -> Vec<Game> {
            (0..22).filter(|i| (m >> i) & 1 == 1).map(|i| games[i]).collect()
        };
        let g = Game::from_options(&pick(l), &pick(r)).unwrap();
        prop_assert_eq!(check_definitions(g), Ok(()));
    }
}
