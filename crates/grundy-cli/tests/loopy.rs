//! `grundy value` and `grundy compare` on loopy values (issue 23), as a
//! user types them, and their JSON answers against
//! `docs/value.schema.json`.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn value_prints_cgsuite_notation_and_outcomes_with_draws() {
    for (expr, value, outcome) in [
        ("{pass|pass}", "dud", "outcome: DD: Left moving first: draw"),
        (
            "on",
            "on",
            "outcome: L: Left moving first: Left wins; Right moving first: Left wins",
        ),
        ("over + 5", "5over", "outcome: L"),
        ("a{1||a|0}", "2 & +-1", "Right moving first: draw"),
        (
            "domineering(\"..|..\") + over",
            "{1over|-1over}",
            "outcome: N",
        ),
    ] {
        let o = grundy(&["value", expr]);
        assert!(
            o.status.success(),
            "{expr}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = stdout(&o);
        assert!(
            out.contains(&format!("value:   {value}\n")),
            "{expr}: {out}"
        );
        assert!(out.contains(outcome), "{expr}: {out}");
    }
}

#[test]
fn a_game_whose_sides_are_not_reduced_says_so() {
    // Bach's carousel (Winning Ways ch. 11) is not stopper-sided.
    let o = grundy(&["value", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("no value is claimed"), "{out}");
    assert!(out.contains("still with alternating cycles"), "{out}");
}

#[test]
fn compare_takes_loopy_values() {
    for (g, rel, h) in [
        ("over", ">", "^"),
        ("on", "=", "on + 1"),
        ("off", "<", "0 - 1000"),
        ("over", ">", "*"),
        ("over", "<>", "+-1"),
    ] {
        let o = grundy(&["compare", g, h]);
        assert!(o.status.success());
        assert_eq!(stdout(&o), format!("{g} {rel} {h}\n"));
    }
}

#[test]
fn bad_loopy_text_is_an_error_naming_the_place() {
    let o = grundy(&["value", "{0|pass"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("at 7") && err.contains("\"}\""), "{err}");
    let o = grundy(&["value", "{1|0+pass}"]);
    assert!(!o.status.success());
}

#[test]
fn json_answers_follow_the_schema() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/value.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    for expr in [
        "on",
        "{pass|pass}",
        "a{1||a|0}",
        "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
        "over & v",
    ] {
        let o = grundy(&["value", "--json", expr]);
        assert!(o.status.success());
        let a: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let errors: Vec<String> = v.iter_errors(&a).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{expr}: {a}\n{errors:#?}");
        assert_eq!(a["loopy_value"], true);
    }
    let o = grundy(&["value", "--json", "a{1||a|0}"]);
    let a: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(a["value"], "2 & +-1");
    assert_eq!(a["left_first"], "left");
    assert_eq!(a["right_first"], "draw");
}

/// Runs `grundy ARGS` with about 3.8 GB of address space and a wall-clock
/// guard (as `hostile_inputs.rs` does), so that a regression fails here
/// instead of taking the shared machine.
fn capped(args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_grundy");
    let quoted: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
        .collect();
    let script = format!(
        "ulimit -v 4000000; exec timeout 120 '{bin}' {}",
        quoted.join(" ")
    );
    Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash runs")
}

#[test]
fn hostile_loopy_inputs_end_with_an_answer_or_a_limit() {
    let long_sum = vec!["over"; 5_000].join(" + ");
    let deep = format!("{}0{}", "{pass|".repeat(150), "}".repeat(150));
    for (args, says) in [
        // A huge number: its game tree would be a billion positions.
        (
            vec!["value", "1000000000 + {pass|0}", "--max-memory", "200M"],
            "limit",
        ),
        // The comparison table of a big sum is refused before it is made.
        (
            vec!["value", "40000 + over", "--max-memory", "100M"],
            "limit",
        ),
        // A long flat sum is no deep recursion.
        (vec!["value", &long_sum, "--max-time", "20s"], ""),
        (vec!["value", &deep], ""),
    ] {
        let o = capped(&args);
        let err = String::from_utf8_lossy(&o.stderr).to_lowercase();
        assert!(
            o.status.code() == Some(0) || o.status.code() == Some(2),
            "{:?}: status {:?}, {err}",
            &args[..1],
            o.status
        );
        assert!(
            err.contains(says),
            "{:?}: {err}",
            &args[1].chars().take(40).collect::<String>()
        );
    }
}

/// The JSON answer of `grundy value --json EXPR`, checked against the schema.
fn json_answer(expr: &str) -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/value.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    let o = grundy(&["value", "--json", expr]);
    assert!(
        o.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let a: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let errors: Vec<String> = v.iter_errors(&a).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{expr}: {a}\n{errors:#?}");
    a
}

#[test]
fn loopy_predicates_are_answered_with_cgsuites_errors() {
    // CGSuite's CanonicalStopperTestCase (data/partizan/loopy_varieties.toml):
    // over is idempotent and has a variety (so is stable); {pass|3/2} is
    // not idempotent; {0|||0||0|{|pass}}'s degree is not idempotent, so
    // IsStable is an error.
    for (expr, function, argument, value) in [
        ("is_stable(over)", "is_stable", "over", true),
        ("is_stable(+-(5over))", "is_stable", "+-(5over)", true),
        ("is_idempotent(over)", "is_idempotent", "over", true),
        ("is_idempotent(on)", "is_idempotent", "on", true),
        (
            "is_idempotent({pass|3/2})",
            "is_idempotent",
            "3/2under",
            false,
        ),
        ("is_idempotent(over + 1)", "is_idempotent", "1over", false),
    ] {
        let a = json_answer(expr);
        assert_eq!(a["kind"], "predicate", "{expr}: {a}");
        assert_eq!(a["function"], function, "{expr}");
        assert_eq!(a["argument"], argument, "{expr}");
        assert_eq!(a["value"], value, "{expr}");
        let out = stdout(&grundy(&["value", expr]));
        assert!(
            out.contains(&format!("of G = {argument}: {value}")),
            "{expr}: {out}"
        );
    }
    // A short argument is still a short game's predicate.
    assert_eq!(json_answer("is_idempotent(0)")["argument"], "0");
    let o = grundy(&["value", "is_stable({0|||0||0|{|pass}})"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("degree must be an idempotent"), "{err}");
    let o = grundy(&["value", "is_stable(a{1||a|0})"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not one (its sides differ)"), "{err}");
}

#[test]
fn value_prints_stops_and_degree() {
    for (expr, left, right, degree) in [
        ("+-(5over)", "5over", "-5under", Some("over")),
        ("on", "on", "on", Some("on")),
        ("over + 3/2", "3/2over", "3/2over", Some("over")),
        ("{pass|3/2}", "3/2under", "3/2under", Some("over")),
        ("off", "off", "off", Some("on")),
        ("{1|0} + over", "1over", "over", Some("over")),
    ] {
        let a = json_answer(expr);
        assert_eq!(a["left_stop"], left, "{expr}: {a}");
        assert_eq!(a["right_stop"], right, "{expr}: {a}");
        assert_eq!(a["degree"].as_str(), degree, "{expr}: {a}");
        let out = stdout(&grundy(&["value", expr]));
        let line = format!(
            "stops:   left {left}, right {right}; degree {}\n",
            degree.unwrap()
        );
        assert!(out.contains(&line), "{expr}: {out}");
    }
    // Not a stopper: its sides' stops, and no stops of its own.
    let a = json_answer("a{1||a|0}");
    assert!(a.get("left_stop").is_none(), "{a}");
    assert_eq!(a["onside_stops"], serde_json::json!(["2", "2"]));
    assert_eq!(a["offside_stops"], serde_json::json!(["1", "-1"]));
    let out = stdout(&grundy(&["value", "a{1||a|0}"]));
    assert!(
        out.contains("stops:   of the onside: left 2, right 2\n"),
        "{out}"
    );
    assert!(
        out.contains("stops:   of the offside: left 1, right -1\n"),
        "{out}"
    );
    // Bach's carousel: sides that are not stoppers have no stops given.
    let a = json_answer("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert!(
        a.get("onside_stops").is_none() && a.get("left_stop").is_none(),
        "{a}"
    );
}
