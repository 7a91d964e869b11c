//! Literature values (data/partizan/values.toml) run through the library.

use grundy::partizan::*;
use grundy::{parse_game, Component, Engine, GameExpr, Limits};
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    record: Vec<Record>,
}

#[derive(Deserialize)]
struct Record {
    game: String,
    position: String,
    value: String,
    source: String,
    mean: Option<String>,
    temperature: Option<String>,
    left_stop: Option<String>,
    right_stop: Option<String>,
    atomic_weight: Option<String>,
    outcome: Option<String>,
}

fn component(r: &Record) -> Component {
    let p = r.position.as_str();
    let text = match r.game.as_str() {
        "value" => format!("value({p:?})"),
        "cutcake" => format!("cutcake({p})"),
        g => format!("{g}({p:?})"),
    };
    match parse_game(&text).unwrap() {
        GameExpr::Sum(mut c) if c.len() == 1 => c.remove(0),
        _ => panic!("{text} is not one game"),
    }
}

#[test]
fn literature_values() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/values.toml"
    );
    let file: File = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(file.record.len() >= 30, "the data file lost records");
    for r in &file.record {
        assert!(
            !r.source.trim().is_empty(),
            "{} {} has no source",
            r.game,
            r.position
        );
        let c = component(r);
        let report = Engine::new(Limits::default())
            .partizan_report(std::slice::from_ref(&c))
            .unwrap();
        let ctx = format!("{}({:?}) [{}]", r.game, r.position, r.source);
        // The printed form is CGSuite's, and it means the same value.
        assert_eq!(report.value.to_string(), r.value, "{ctx}");
        assert_eq!(Game::parse(&r.value).unwrap().to_string(), r.value, "{ctx}");
        let check = |got: String, want: &Option<String>, what: &str| {
            if let Some(w) = want {
                assert_eq!(&got, w, "{what} of {ctx}");
            }
        };
        check(report.mean.to_string(), &r.mean, "mean");
        check(
            report.temperature.to_string(),
            &r.temperature,
            "temperature",
        );
        check(report.left_stop.to_string(), &r.left_stop, "left stop");
        check(report.right_stop.to_string(), &r.right_stop, "right stop");
        check(report.outcome.to_string(), &r.outcome, "outcome");
        if let Some(w) = &r.atomic_weight {
            let g = Game::parse(&r.value).unwrap();
            assert_eq!(
                g.atomic_weight().unwrap().to_string(),
                *w,
                "atomic weight of {ctx}"
            );
        }
    }
}
