//! The expression language's negation, differences and parenthesised sums
//! (issue 9, point 7), and its limits on nesting and length (point 3).

use std::process::Command;

use grundy::component::Context;
use grundy::language::expr::parse_any;
use grundy::language::syntax::{MAX_EXPR_LEN, MAX_NESTING};
use grundy::partizan::Game;
use grundy::{parse_game, Component, GameExpr, Limits};
use proptest::prelude::*;

/// The value of an expression whose summands are all partizan.
fn value(text: &str) -> Game {
    let GameExpr::Sum(components) = parse_game(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    else {
        panic!("{text} is not a sum")
    };
    let mut cx = Context::new(Limits::default());
    let values: Vec<Game> = components
        .iter()
        .map(|c| match c {
            Component::Partizan(p) => p.value(&mut cx).unwrap(),
            other => panic!("{text}: {other:?} is not partizan"),
        })
        .collect();
    Game::try_sum(&values).unwrap()
}

fn p(text: &str) -> Game {
    Game::parse(text).unwrap()
}

#[test]
fn the_issue_examples_read_as_written() {
    assert_eq!(
        parse_game("(nim(1) + kayles(2)) + nim(3)").unwrap(),
        parse_game("nim(1) + kayles(2) + nim(3)").unwrap()
    );
    assert_eq!(
        value("domineering(\"..|..\") - {1|0}"),
        value("domineering(\"..|..\")").try_sub(p("{1|0}")).unwrap()
    );
    assert_eq!(value("-(^ + *)"), p("v*"));
    assert_eq!(value("{1|0} - 1/2"), p("+-1/2"));
    // The sign of a number is the number's, as in CGSuite: -1^ = -1 + ^.
    assert_eq!(value("-1^"), p("-1 + ^"));
    assert_eq!(value("2 - 1^"), p("1v"));
    assert_eq!(value("2 + -1^"), p("1^"));
    assert_eq!(value("-(1^)"), p("-1v"));
    assert_eq!(value("v3 + ^3"), Game::zero());
    assert_eq!(value("^ +-1"), p("^ +-1"));
    // A parenthesised game alone, even misere(...), is the game.
    assert_eq!(
        parse_game("((misere(nim(1,2))))").unwrap(),
        parse_game("misere(nim(1,2))").unwrap()
    );
    assert_eq!(
        parse_game("misere(-(nim(1) - kayles(2)))").unwrap(),
        parse_game("misere(nim(1) + kayles(2))").unwrap()
    );
}

#[test]
fn an_impartial_game_is_its_own_negative() {
    for (signed, plain) in [
        ("-nim(2) + nim(3)", "nim(2) + nim(3)"),
        (
            "nim(2) - kayles(4) - queen(1,2)",
            "nim(2) + kayles(4) + queen(1,2)",
        ),
        (
            "-(-nim(1) - (kayles(2) - nim(3)))",
            "nim(1) + kayles(2) + nim(3)",
        ),
        (
            "selective(-nim(1), nim(2) - nim(3))",
            "selective(nim(1), nim(2) + nim(3))",
        ),
    ] {
        assert_eq!(
            parse_game(signed).unwrap(),
            parse_game(plain).unwrap(),
            "{signed}"
        );
    }
}

#[test]
fn misere_and_compounds_are_not_summands_even_negated() {
    for (text, at) in [
        ("-misere(nim(1))", 0),
        ("nim(1) - misere(nim(1))", 9),
        ("-(misere(nim(1)))", 0),
        ("nim(1) + (selective(nim(1), nim(2)))", 9),
    ] {
        let err = parse_game(text).unwrap_err();
        assert_eq!(err.at(), at, "{text}: {err}");
        assert!(err.to_string().contains("whole game"), "{text}: {err}");
    }
}

/// A partizan game as the expression language writes it, with its value.
fn partizan_term() -> impl Strategy<Value = (String, Game)> {
    let board = (1usize..4, 1usize..4, any::<u16>()).prop_map(|(rows, cols, mask)| {
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if mask >> (r * cols + c) & 1 == 1 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        format!("domineering(\"{}\")", text.join("|"))
    });
    let tf = "[tf.]{1,6}".prop_map(|s| format!("toads_frogs(\"{s}\")"));
    let hb = "[lre]{1,6}".prop_map(|s| format!("hackenbush(\"{s}\")"));
    prop_oneof![board, tf, hb].prop_map(|text| {
        let v = value(&text);
        (text, v)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// G - G = 0, -G is the negative, -(G + H) = -G - H, and printed values
    /// read back inside sums, on positions of three games.
    #[test]
    fn negation_and_differences_follow_the_algebra((g, gv) in partizan_term(), (h, hv) in partizan_term()) {
        prop_assert_eq!(value(&format!("{g} - {g}")), Game::zero());
        prop_assert_eq!(value(&format!("-{g}")), gv.neg());
        prop_assert_eq!(value(&format!("-({g} + {h})")), value(&format!("-{g} - {h}")));
        prop_assert_eq!(value(&format!("{g} - {h}")), gv.try_sub(hv).unwrap());
        prop_assert_eq!(value(&format!("({g} - ({h})) + {h}")), gv);
        // The printed values, used as terms.
        let (gt, ht) = (gv.to_string(), hv.to_string());
        prop_assert_eq!(value(&format!("{gt} - ({ht})")), gv.try_sub(hv).unwrap(), "{} - ({})", gt, ht);
        prop_assert_eq!(value(&format!("-({gt}) + {g}")), Game::zero(), "-({}) + {}", gt, g);
        // An expression prints as text that reads back as the same game.
        let text = format!("{g} - {h} - ({gt})");
        let printed = parse_game(&text).unwrap().to_string();
        prop_assert_eq!(value(&printed), value(&text), "{} printed as {}", text, printed);
    }
}

/// Runs the calling test again in a child process (this test binary) under
/// a 4 GB address-space cap, so that a regression fails instead of eating
/// the machine; returns `false` in the child, which then runs the body.
fn rerun_capped(test: &str) -> bool {
    if std::env::var_os("GRUNDY_CAPPED_CHILD").is_some() {
        return false;
    }
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("bash")
        .args(["-c", "ulimit -v 4000000; exec \"$0\" \"$@\""])
        .arg(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env("GRUNDY_CAPPED_CHILD", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{test} failed under the cap ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

/// Runs `f` on a thread with Rust's default 2 MiB stack, which unbounded
/// recursion overflows long before 10^5 levels, and which reading at the
/// nesting limit fits (about 1 MB in a debug build, a quarter of that
/// optimised).
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// Issue 9: 30 000 nested `(`, `{` or `misere(` overflowed the stack.
#[test]
fn deep_nesting_is_an_error_naming_the_limit() {
    if rerun_capped("deep_nesting_is_an_error_naming_the_limit") {
        return;
    }
    small_stack(|| {
        const N: usize = 100_000;
        for (open, close) in [
            ("(", ")"),
            ("misere(", ")"),
            ("-(", ")"),
            ("{", "|}"),
            ("{0|", "}"),
            ("Tiny(", ")"),
        ] {
            let text = format!("{}nim(1){}", open.repeat(N), close.repeat(N));
            for err in [
                parse_game(&text).unwrap_err(),
                parse_any(&text).unwrap_err(),
            ] {
                let msg = err.to_string();
                assert!(
                    msg.contains(&format!("at most {MAX_NESTING} levels")),
                    "{open}: {msg}"
                );
                assert!(msg.contains("column"), "{open}: {msg}");
            }
        }
        for (open, close) in [
            ("(", ")"),
            ("{", "|}"),
            ("-", ""),
            ("+-", ""),
            ("Tiny(", ")"),
            ("{0|", "}"),
        ] {
            let text = format!("{}1{}", open.repeat(N), close.repeat(N));
            let err = Game::parse(&text).unwrap_err();
            assert!(err.to_string().contains("MAX_NESTING"), "{open}: {err}");
        }
        // Bars of ever more lengths nest as deeply as braces.
        let bars: String = (1..=300).map(|k| format!("{k}{}", "|".repeat(k))).collect();
        let err = Game::parse(&format!("{{{bars}0}}")).unwrap_err();
        assert!(err.to_string().contains("MAX_NESTING"), "{err}");
        // Up to the limit, nesting is read (and validated) on this small stack.
        let depth = MAX_NESTING - 2;
        let ok = format!("{}nim(1) - ^{}", "(".repeat(depth), ")".repeat(depth));
        assert!(parse_game(&ok).is_ok());
        let braces = format!("nim(1) + {}0{}", "{".repeat(depth), "|0}".repeat(depth));
        assert!(parse_game(&braces).is_ok());
        let misere = format!(
            "misere({}nim(1){})",
            "(".repeat(depth - 1),
            ")".repeat(depth - 1)
        );
        assert!(parse_game(&misere).is_ok());
    });
}

/// Issue 9: a 10 MB line `nim(3) + nim(3) + …` grew past 13 GB.
#[test]
fn a_text_longer_than_the_limit_is_refused_before_reading() {
    if rerun_capped("a_text_longer_than_the_limit_is_refused_before_reading") {
        return;
    }
    let text = "nim(3) + ".repeat(10_000_000 / 9) + "nim(3)";
    assert!(text.len() > MAX_EXPR_LEN);
    for err in [
        parse_game(&text).unwrap_err(),
        parse_any(&text).unwrap_err(),
    ] {
        assert_eq!(err.at(), 0);
        assert!(
            err.to_string()
                .contains("at most 1048576 bytes (MAX_EXPR_LEN)"),
            "{err}"
        );
    }
    let err = Game::parse(&"*+".repeat(MAX_EXPR_LEN)).unwrap_err();
    assert!(err.to_string().contains("MAX_EXPR_LEN"), "{err}");
    // Just under the limit is read.
    let n = MAX_EXPR_LEN / 9;
    let text = "nim(3) + ".repeat(n - 1) + "nim(3)";
    assert!(text.len() <= MAX_EXPR_LEN);
    let GameExpr::Sum(groups) = parse_game(&text).unwrap() else {
        panic!()
    };
    assert_eq!(groups.len(), n);
}
