//! CGSuite's ruleset variants `dicotic(G)`, `impartial(G)`, `twisted(G)`:
//! hand-computed values (data/partizan/variants.toml) and their defining
//! properties on generated Domineering, Clobber and Hackenbush positions,
//! checked against a plain recursion over the base game's own options.

mod common;
mod generators;

use grundy::partizan::Game;
use grundy::{parse_game, Engine, Limits};
use proptest::prelude::*;

/// The value of an expression, through the language and the engine.
fn value_of(expr: &str) -> Game {
    let game = parse_game(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    Engine::new(Limits::default())
        .partizan_value(&game)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

#[test]
fn hand_computed_values() {
    let data = common::sourced_data("partizan/variants.toml");
    let cases = data["case"].as_array().expect("cases");
    assert!(cases.len() >= 30, "the data file lost cases");
    let mut failures = Vec::new();
    for c in cases {
        let expr = c["expr"].as_str().unwrap();
        let want = Game::parse(c["value"].as_str().unwrap()).unwrap();
        assert!(
            c["why"].as_str().is_some_and(|w| !w.is_empty()),
            "{expr}: no working"
        );
        let got = value_of(expr);
        if got != want {
            failures.push(format!("{expr}: got {got}, want {want}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The variant's value by the definition, on canonical forms: the base
/// game is a value literal, whose options are its canonical options.
fn by_definition(variant: &str, g: Game) -> Game {
    let (l, r) = (g.left_options(), g.right_options());
    let of =
        |o: Vec<Game>| -> Vec<Game> { o.into_iter().map(|h| by_definition(variant, h)).collect() };
    match variant {
        "dicotic" if l.is_empty() || r.is_empty() => Game::zero(),
        "dicotic" => Game::from_options(&of(l), &of(r)).unwrap(),
        "impartial" => {
            let both = of(l.into_iter().chain(r).collect());
            Game::from_options(&both, &both).unwrap()
        }
        "twisted" => {
            let neg = |o: Vec<Game>| of(o).into_iter().map(Game::neg).collect::<Vec<_>>();
            Game::from_options(&neg(l), &neg(r)).unwrap()
        }
        _ => unreachable!(),
    }
}

/// Small Domineering boards (up to 3 × 4, some cells taken).
fn domineering() -> impl Strategy<Value = String> {
    (1usize..=3, 1usize..=4, any::<u16>()).prop_map(|(r, c, bits)| {
        format!(
            "domineering(\"{}\")",
            generators::board(r, c, |i| bits & (1 << i) != 0 || i % 3 == 0)
        )
    })
}

/// Small Clobber boards: every follower has moves for both or neither,
/// so the game is dicotic.
fn clobber() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['x', 'o', '.']), 1..=7)
        .prop_map(|cells| format!("clobber(\"{}\")", cells.into_iter().collect::<String>()))
}

/// Small Hackenbush trees, blue, red and green.
fn hackenbush() -> impl Strategy<Value = String> {
    generators::hackenbush_edge(3, &['l', 'r', 'e'], 3)
        .prop_map(|t| format!("hackenbush_tree(\"{t}\")"))
}

fn any_game() -> impl Strategy<Value = String> {
    prop_oneof![domineering(), clobber(), hackenbush()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// impartial(G) is impartial: a nimber, equal to its negative.
    #[test]
    fn impartial_variant_is_a_nimber(g in any_game()) {
        let v = value_of(&format!("impartial({g})"));
        prop_assert!(v.as_nimber().is_some(), "impartial({g}) = {v}");
        prop_assert_eq!(v, v.neg());
    }

    /// dicotic(G) is dicotic (all-small), and is G when G is dicotic.
    #[test]
    fn dicotic_variant_is_all_small(g in domineering()) {
        let v = value_of(&format!("dicotic({g})"));
        prop_assert!(v.is_all_small(), "dicotic({g}) = {v}");
    }

    #[test]
    fn dicotic_variant_of_a_dicotic_game_is_the_game(g in clobber()) {
        prop_assert_eq!(value_of(&format!("dicotic({g})")), value_of(&g));
    }

    /// Each variant of -G is the negative of the variant of G, and the
    /// impartial variant of a sum is the sum of the parts' variants.
    #[test]
    fn variants_commute_with_negation(g in any_game(), h in domineering()) {
        for variant in ["dicotic", "impartial", "twisted"] {
            prop_assert_eq!(
                value_of(&format!("{variant}(-{g})")),
                value_of(&format!("{variant}({g})")).neg(),
                "{}", variant
            );
        }
        prop_assert_eq!(
            value_of(&format!("impartial({g} + {h})")),
            value_of(&format!("impartial({g}) + impartial({h})"))
        );
    }

    /// On a value literal, each variant is its definition applied to the
    /// canonical form (a recursion over `Game`s, not over positions).
    #[test]
    fn variants_of_values_follow_the_definition(g in any_game()) {
        let base = value_of(&g);
        let literal = base.to_string();
        for variant in ["dicotic", "impartial", "twisted"] {
            prop_assert_eq!(
                value_of(&format!("{variant}({literal})")),
                by_definition(variant, base),
                "{}({})", variant, literal
            );
        }
    }
}

#[test]
fn variants_of_a_sum_are_not_sums_of_variants() {
    // The dicotic and twisted variants of a sum are of the whole sum.
    assert_eq!(value_of("dicotic(1 + -1)").to_string(), "*");
    assert_eq!(value_of("dicotic(1) + dicotic(-1)").to_string(), "0");
    assert_eq!(value_of("twisted(1 + 1)").to_string(), "0");
    assert_eq!(value_of("twisted(1) + twisted(1)").to_string(), "2");
}

#[test]
fn variants_read_by_every_name_and_refuse_bad_arguments() {
    for (a, b) in [
        ("dicotic_variant({1|-1})", "dicotic({1|-1})"),
        ("all_small({1|-1})", "dicotic({1|-1})"),
        ("impartial_variant(^)", "impartial(^)"),
        ("twisted_variant(2)", "twisted(2)"),
    ] {
        assert_eq!(value_of(a), value_of(b), "{a}");
    }
    for (bad, says) in [
        ("dicotic()", "exactly one game"),
        ("twisted(1, 2)", "exactly one game"),
        ("impartial(\"..\")", "must be a game"),
        ("dicotic(misere(nim(1)))", "variant of a game"),
        ("twisted[1](2)", "no parameters"),
    ] {
        let e = parse_game(bad).expect_err(bad).to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
    // Printed as written, and variants nest.
    let g = parse_game("twisted(dicotic(domineering(\"..|..\")) + 1)").unwrap();
    assert_eq!(
        g.to_string(),
        "twisted(dicotic(domineering(\"..|..\")) + 1)"
    );
}
