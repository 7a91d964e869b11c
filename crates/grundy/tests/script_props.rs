//! Scripts put together from good and bad pieces — runaway loops, deep
//! recursion, wrong returns, huge numbers and strings, moves that come back
//! — are loaded and evaluated within tight limits: every one ends with an
//! answer or an error, never a panic, a hang or a crash, on a thread with
//! an ordinary 2 MiB stack.

use grundy::api::ReadText;
use grundy::registry::Registry;
use grundy::{Budget, Engine, Limits};
use proptest::prelude::*;
use std::time::Duration;

/// Bodies of `moves(n)`, good and bad.
const BODIES: &[&str] = &[
    "let out = []; for k in [1, 2] { if k <= n { out.push(n - k); } } out",
    "if n > 0 { [n - 1, n / 2] } else { [] }",
    "[n + 1]",
    "if n > 0 { [n - 1] } else { [n + 2] }",
    "loop { }",
    "let s = \"x\"; loop { s += s; }",
    "f(n)",
    "5",
    "\"text\"",
    "[[n]]",
    "[\"a\"]",
    "[()]",
    "throw \"no moves here\"",
    "n / 0",
    "[9223372036854775807 + n]",
    "let a = []; a.pad(n * 1000000, 0); a",
    "let m = #{}; for i in 0..n { m[i.to_string()] = i; } [m]",
    "[n - 1, n - 1, n - 1]",
    "import \"x\" as y; []",
    "eval(\"[]\")",
    "timestamp()",
    "if n > 3 { [n - 4] } else { [] }",
    "let a = [n]; a.clear(); a",
    "[n, n]",
];

/// Helper functions a body may call.
const HELPERS: &[&str] = &[
    "fn f(n) { f(n + 1) }",
    "fn f(n) { if n > 0 { [n - 1] } else { [] } }",
    "fn f(n) { [n] }",
    "",
];

const EXTRAS: &[&str] = &[
    "",
    "fn claim(n) { n % 3 }",
    "fn show(n) { \"heap \" + n }",
    "fn show(n) { loop {} }",
    "fn parts(n) { [n, 0] }",
    "fn parts(n) { 7 }",
    "fn name() { 42 }",
    "fn example() { \"g(3)\" }",
    "let x = 1; loop { x += 1; }",
    "game(#{ name: \"other\", moves: |n| [] });",
];

fn limits() -> Limits {
    Limits {
        max_script_ops: 200_000,
        max_memory: 64 << 20,
        max_positions: 20_000,
        max_time: Some(Duration::from_secs(2)),
        ..Limits::default()
    }
}

fn run_one(source: String) {
    let games = match grundy::script::load_source("fuzz.rhai", "g", &source, &limits()) {
        Ok(g) => g,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let mut registry = Registry::default();
    if registry.add(&games).is_err() {
        return;
    }
    let mut engine = Engine::with_budget(Budget::new(limits()));
    engine.set_registry(registry);
    for g in &games {
        for q in [
            format!("{}(0)", g.name()),
            format!("{}(7)", g.name()),
            format!("{}(3) + nim(2)", g.name()),
            format!("misere({}(4))", g.name()),
            format!("{}(\"ab\")", g.name()),
            format!("{}(1,2)", g.name()),
        ] {
            if let Ok(a) = engine.analyse(&q) {
                assert!(!format!("{a:?}").is_empty());
            }
        }
        let _ = g.sequence(30, &Budget::new(limits()));
        let _ = grundy::engine::claim::verify_claim(g, 5, &Budget::new(limits()), &mut |_| {});
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_script_ends_with_an_answer_or_an_error(
        body in prop::sample::select(BODIES),
        helper in prop::sample::select(HELPERS),
        extra in prop::sample::select(EXTRAS),
    ) {
        let source = format!("{helper}\n{extra}\nfn moves(n) {{ {body} }}\n");
        let worker = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || run_one(source.clone()))
            .expect("a thread starts");
        prop_assert!(worker.join().is_ok(), "the evaluation panicked");
    }
}
