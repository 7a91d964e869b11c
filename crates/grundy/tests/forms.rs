//! Tables and sequences of a family of positions (`table cutcake`,
//! `seq 'subtraction(n, [1,2], [2,3])'`): each cell is the value `value`
//! gives the same position, the patterns stated hold and the ones that do
//! not are not stated, and limits leave cells empty with the reason.

use std::time::Duration;

use grundy::api::{self, SeqAnswer, SeqRequest, Session, TableAnswer};
use grundy::Limits;

fn session() -> Session {
    Session::new(Limits::default())
}

fn forms(ruleset: &str, size: u64) -> api::FormTable {
    match api::table(&session(), ruleset, size).unwrap() {
        TableAnswer::Forms(t) => t,
        TableAnswer::Grundy(t) => panic!("{ruleset}: Grundy values {:?}", t.values),
    }
}

fn value_of(text: &str) -> String {
    let answer = api::value(&session(), text).unwrap();
    let json = serde_json::to_value(&answer).unwrap();
    json["value"].as_str().unwrap().to_string()
}

/// Cutcake by the closed form quoted in data/partizan/values.toml (Math
/// StackExchange, "Breaking chocolate bars game"; Winning Ways ch. 2):
/// for a >= b, v(a,b) = floor(a / 2^(bits(b)-1)) - 1, and v(b,a) = -v(a,b).
fn cutcake(a: u64, b: u64) -> i64 {
    let bits = |n: u64| 64 - n.leading_zeros();
    if a >= b {
        (a >> (bits(b) - 1)) as i64 - 1
    } else {
        -cutcake(b, a)
    }
}

#[test]
fn cutcake_table_is_the_closed_form_from_1() {
    let t = forms("cutcake", 12);
    assert_eq!(t.from, 1, "cutcake(0,0) is not a position");
    assert_eq!(t.template, "cutcake(x,y)");
    assert!(t.left_empty.is_none(), "{:?}", t.left_empty);
    for (i, row) in t.forms.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            let (x, y) = (i as u64 + 1, j as u64 + 1);
            let want = cutcake(x, y).to_string();
            assert_eq!(cell.as_deref(), Some(want.as_str()), "cutcake({x},{y})");
            let outcome = match cutcake(x, y) {
                0 => "P",
                v if v > 0 => "L",
                _ => "R",
            };
            assert_eq!(
                t.outcomes[i][j].as_deref(),
                Some(outcome),
                "cutcake({x},{y})"
            );
        }
    }
    assert!(
        t.patterns.iter().any(|p| p.starts_with("antisymmetric")),
        "{:?}",
        t.patterns
    );
    assert!(t
        .patterns
        .contains(&"every value is an integer".to_string()));
    assert!(!t.patterns.iter().any(|p| p.starts_with("symmetric")));
}

#[test]
fn each_cell_is_the_value_of_its_position() {
    let t = forms("subtraction(x, [1,2], [y])", 5);
    // A set holding 0 is refused by the game's rules: the table starts at 1.
    assert_eq!(t.from, 1);
    assert!(t.left_empty.is_none(), "{:?}", t.left_empty);
    for (i, row) in t.forms.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            let text = format!("subtraction({}, [1,2], [{}])", i + 1, j + 1);
            assert_eq!(cell.as_deref(), Some(value_of(&text).as_str()), "{text}");
        }
    }
    // Neither symmetric nor antisymmetric, nor all numbers.
    assert!(
        !t.patterns
            .iter()
            .any(|p| p.contains("symmetric") || p.contains("number")),
        "{:?}",
        t.patterns
    );
}

#[test]
fn patterns_are_stated_only_where_they_hold() {
    let t = forms("cutcake(x,y) + cutcake(x,y) + 0", 4);
    assert!(t.patterns.iter().any(|p| p.starts_with("antisymmetric")));
    let t = forms("cutcake(x,y) + subtraction(x, [1], [3])", 4);
    assert!(
        !t.patterns.iter().any(|p| p.contains("symmetric")),
        "{:?}",
        t.patterns
    );
}

#[test]
fn an_impartial_family_is_a_table_of_grundy_values() {
    match api::table(&session(), "nim(x,y) + kayles(2)", 6).unwrap() {
        TableAnswer::Grundy(t) => {
            for (x, row) in t.values.iter().enumerate() {
                for (y, v) in row.iter().enumerate() {
                    assert_eq!(*v, (x ^ y ^ 2) as u64, "nim({x},{y}) + kayles(2)");
                }
            }
            assert_eq!(t.ruleset, "nim(x,y) + kayles(2)");
        }
        TableAnswer::Forms(t) => panic!("forms {:?}", t.forms),
    }
}

fn form_seq(text: &str, to: u64) -> api::FormSeqAnswer {
    let request = SeqRequest {
        to,
        ..SeqRequest::default()
    };
    match api::seq(&session(), text, &request, &mut |_| {}).unwrap() {
        SeqAnswer::Forms(a) => a,
        _ => panic!("{text}: not a family"),
    }
}

#[test]
fn sequences_show_plain_and_arithmetic_periods() {
    // Left takes 1, Right takes 2: period 3 from the start.
    let a = form_seq("subtraction(n, [1], [2])", 30);
    assert_eq!((a.period, a.preperiod), (Some(3), Some(0)));
    assert_eq!(a.saltus.as_deref(), Some("0"));
    for (n, v) in a.values.iter().enumerate() {
        let text = format!("subtraction({n}, [1], [2])");
        assert_eq!(v.as_deref(), Some(value_of(&text).as_str()), "{text}");
    }
    // Cutcake 1 × n is -(n-1): arithmetic, saltus -1, and it starts at 1.
    let a = form_seq("cutcake(1,n)", 20);
    assert_eq!(a.heaps.as_ref().map(|h| h[0]), Some(1));
    assert_eq!((a.period, a.saltus.as_deref()), (Some(1), Some("-1")));
    // 3 × n by the closed form: G(n+2) = G(n) - 1... from where it holds.
    let a = form_seq("cutcake(n,3)", 24);
    let first = a.preperiod.unwrap();
    let p = a.period.unwrap();
    let s: i64 = a.saltus.as_deref().unwrap().parse().unwrap();
    for n in first.max(1)..=(24 - p) {
        assert_eq!(cutcake(n + p, 3), cutcake(n, 3) + s, "n = {n}");
    }
    // Too few values to show a period.
    let a = form_seq("cutcake(n,1)", 5);
    assert!(a.period.is_none() && a.outcome_period.is_none());
}

#[test]
fn bad_families_are_refused_with_what_would_be_accepted() {
    let e = api::table(&session(), "cutcake(2,3)", 4).unwrap_err();
    assert!(e.message.contains("variables x and y"), "{}", e.message);
    let e = api::table(&session(), "cutcake", 2000).unwrap_err();
    assert!(e.message.contains("MAX_FAMILY_POSITIONS"), "{}", e.message);
    let e = api::table(&session(), "domineering(x,y)", 3).unwrap_err();
    assert!(
        e.message.contains("no position of domineering(x,y)"),
        "{}",
        e.message
    );
    let e = api::seq(
        &session(),
        "cutcake(n, 2)",
        &SeqRequest {
            to: 5_000_000,
            ..SeqRequest::default()
        },
        &mut |_| {},
    )
    .unwrap_err();
    assert!(e.message.contains("MAX_FAMILY_POSITIONS"), "{}", e.message);
    let e = api::seq(
        &session(),
        "frobnicate",
        &SeqRequest::default(),
        &mut |_| {},
    )
    .unwrap_err();
    assert!(e.message.contains("unknown"), "{}", e.message);
}

#[test]
fn the_time_limit_covers_the_whole_table() {
    let limited = Session::new(Limits {
        max_time: Some(Duration::from_millis(50)),
        ..Limits::default()
    });
    let started = std::time::Instant::now();
    let family = "cutcake(x, y) + cutcake(y, x) + subtraction(x, [1,2], [2,3])";
    let t = match api::table(&limited, family, 300) {
        Ok(TableAnswer::Forms(t)) => t,
        Ok(_) => panic!("not forms"),
        Err(e) => panic!("{}", e.message),
    };
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let why = t.left_empty.expect("90 000 positions do not fit in 50 ms");
    assert!(why.contains("time limit"), "{why}");
}
