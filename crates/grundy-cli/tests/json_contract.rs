//! Every `grundy value --json` answer follows the contract in
//! `docs/value.schema.json`: impartial, misère, compound and partizan
//! answers, and the error objects of `--batch`.

use std::io::Write;
use std::process::{Command, Stdio};

fn schema() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/value.schema.json");
    let text = std::fs::read_to_string(path).expect("the schema file exists");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

fn answer(expr: &str) -> serde_json::Value {
    answer_with(&[], expr)
}

/// The answer with more flags (`--rules FILE`).
fn answer_with(flags: &[&str], expr: &str) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "--json"])
        .args(flags)
        .arg(expr)
        .output()
        .expect("the binary runs");
    assert!(
        o.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

fn check(v: &jsonschema::Validator, answer: &serde_json::Value, what: &str) {
    let errors: Vec<String> = v.iter_errors(answer).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{what}: {answer}\n{errors:#?}");
}

#[test]
fn every_kind_of_answer_follows_the_schema() {
    let v = schema();
    for expr in [
        "nim(3,5,7)",
        "kayles(10) + queen(3,4) + staircase(0,3,1,4)",
        "misere(nim(3,5,1))",
        "misere(kayles(7) + nim(2))",
        "selective(kayles(3), nim(2) + queen(1,2))",
        "not_all(nim(1), nim(2), nim(3))",
        "conjunctive(kayles(4), nim(2))",
        "continued_conjunctive(staircase(1,2), knight(3,3))",
        "misere(rook(1000000000000,1000000000000))",
        "queen(1000000000000,1000000000007)",
        "{3||2*|1*}",
        "domineering(\"..|..\") + nim(2)",
        "hackenbush(\"lre\") + ^*",
        "ab_game(\"A..B.A...B\")",
        "misere(domineering(\"....|....\"))",
        "misere(domineering(\"..\") + nim(1))",
        "0",
    ] {
        let a = answer(expr);
        check(&v, &a, expr);
        for key in ["game", "kind", "play", "outcome", "moves_complete"] {
            assert!(a.get(key).is_some(), "{expr} has no {key}");
        }
    }
}

#[test]
fn batch_error_objects_follow_the_schema() {
    let v = schema();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "--batch", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"nim(1,2)\nnim(3,\n{1|0}\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for (i, l) in lines.iter().enumerate() {
        check(&v, l, &format!("batch line {}", i + 1));
    }
    assert!(lines[1]["error"].is_string());
}

/// The schema is not a formality: answers missing a field, or with a field
/// of the wrong kind, are refused.
#[test]
fn the_schema_refuses_answers_that_break_the_contract() {
    let v = schema();
    let good = answer("nim(3,5,7)");
    assert!(v.is_valid(&good));
    for broken in [
        {
            let mut a = good.clone();
            a.as_object_mut().unwrap().remove("moves_complete");
            a
        },
        {
            let mut a = good.clone();
            a["outcome"] = "L".into(); // impartial games are P or N
            a
        },
        {
            let mut a = good.clone();
            a["surprise"] = 1.into();
            a
        },
        {
            let mut a = answer("{3||2*|1*}");
            a["left_stop"] = "three".into();
            a
        },
    ] {
        assert!(!v.is_valid(&broken), "accepted {broken}");
    }
}

#[test]
fn loopy_answers_follow_the_schema() {
    let v = schema();
    let dir = std::env::temp_dir().join(format!("grundy-json-loopy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pendulum = dir.join("pendulum.rhai");
    std::fs::write(
        &pendulum,
        "fn left(n) { if n > 0 { [n - 1] } else { [] } }\nfn right(n) { if n < 3 { [n + 1] } else { [] } }\n",
    )
    .unwrap();
    let climb = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/loopy_climb.rhai");
    for (rules, expr) in [
        (climb.to_string(), "loopy_climb(5)"),
        (climb.to_string(), "loopy_climb(0)"),
        (climb.to_string(), "loopy_climb(2) + nim(3)"),
        (climb.to_string(), "misere(loopy_climb(4))"),
        (pendulum.display().to_string(), "pendulum(1)"),
    ] {
        let a = answer_with(&["--rules", &rules], expr);
        // A partizan game under normal play whose moves cycle gets its
        // loopy value (issue 23), the others win/loss/draw.
        let loopy = if expr.starts_with("pendulum") {
            &a["loopy_value"]
        } else {
            &a["loopy"]
        };
        assert_eq!(*loopy, true, "{expr}: {a}");
        check(&v, &a, expr);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn list_answers_follow_the_schema() {
    let v = schema();
    for expr in [
        "incentives({3||2*|1*})",
        "left_incentives(^*)",
        "right_incentives(+-1)",
    ] {
        let a = answer(expr);
        check(&v, &a, expr);
        assert_eq!(a["kind"], "list", "{expr}");
        assert!(a["list"].is_array(), "{expr}");
    }
    // A list is not a game: it has no outcome, and one with an outcome is refused.
    let mut bad = answer("incentives(^)");
    bad["outcome"] = serde_json::json!("N");
    assert!(!v.is_valid(&bad));
}

#[test]
fn predicate_answers_and_properties_follow_the_schema() {
    let v = schema();
    for (expr, want) in [
        ("is_number(3/4)", true),
        ("is_even_tempered({1*|-1*})", true),
        ("is_atomic({1|^^^||^})", false),
        ("is_odd(nim(1))", true),
    ] {
        let a = answer(expr);
        check(&v, &a, expr);
        assert_eq!(a["kind"], "predicate", "{expr}");
        assert_eq!(a["value"], want, "{expr}");
    }
    // A predicate's answer is not a position: one with an outcome is refused.
    let mut bad = answer("is_zero(0)");
    bad["outcome"] = serde_json::json!("P");
    assert!(!v.is_valid(&bad));
    // Partizan values list their cheap properties.
    let a = answer("^*");
    assert_eq!(
        a["properties"],
        serde_json::json!(["numberish", "infinitesimal", "all_small", "uptimal"])
    );
    let a = answer("{3||2*|1*}");
    assert_eq!(a["properties"], serde_json::json!(["odd_tempered"]));
}

#[test]
fn text_answers_and_partizan_interval_and_expansion_follow_the_schema() {
    let v = schema();
    for (expr, want) in [
        ("confusion_interval({1|-1})", serde_json::json!("[-1,1]")),
        ("confusion_interval(3/4)", serde_json::Value::Null),
        ("uptimal_expansion(^<2>*)", serde_json::json!("*.01")),
        ("uptimal_expansion({1|-1})", serde_json::Value::Null),
    ] {
        let a = answer(expr);
        check(&v, &a, expr);
        assert_eq!(a["kind"], "text", "{expr}");
        assert_eq!(a["value"], want, "{expr}");
    }
    // A text answer is not a position: one with an outcome is refused.
    let mut bad = answer("uptimal_expansion(^)");
    bad["outcome"] = serde_json::json!("N");
    assert!(!v.is_valid(&bad));
    // Partizan values carry both where they have them.
    let a = answer("*");
    check(&v, &a, "*");
    assert_eq!(a["confusion_interval"], "[0,0]");
    assert_eq!(a["uptimal_expansion"], "*.0");
    let a = answer("{3||2*|1*}");
    assert_eq!(a["confusion_interval"], "[2,3]");
    assert!(a.get("uptimal_expansion").is_none());
    let a = answer("^");
    assert!(a.get("confusion_interval").is_none());
    assert_eq!(a["uptimal_expansion"], "0.1");
    // A malformed interval is refused.
    let mut bad = answer("{1|-1}");
    bad["confusion_interval"] = serde_json::json!("-1..1");
    assert!(!v.is_valid(&bad));
}
