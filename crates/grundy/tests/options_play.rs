//! A position's options as the engine lists them, and perfect play's move,
//! against what they must be: the options are exactly the positions one move
//! away (checked against the outcome: a position is N iff some option is P),
//! winning moves are among them, and perfect play's move wins from every
//! N-position and lasts longest from every P-position.

use grundy::engine::{Analysis, OptionLists};
use grundy::language::expr::parse_any_in;
use grundy::{Engine, GameExpr, Limits, Outcome, Player};
use proptest::prelude::*;

fn engine() -> Engine {
    Engine::new(Limits::default())
}

fn parse(text: &str) -> GameExpr {
    parse_any_in(text, grundy::registry::Registry::builtin()).unwrap()
}

fn outcome(e: &mut Engine, g: &GameExpr) -> Outcome {
    match e.analyse_game(g).unwrap() {
        Analysis::Impartial(ev) => ev.outcome,
        Analysis::Partizan { report, .. } => report.outcome,
        Analysis::PartizanMisere(r) => r.outcome,
        Analysis::Loopy(_) => panic!("not loopy"),
    }
}

fn texts(moves: &[grundy::engine::OptionMove]) -> Vec<String> {
    moves.iter().map(|m| m.game.to_string()).collect()
}

/// Impartial positions: N exactly when some option is P (normal play) —
/// the options listed are the game's, no more, no fewer.
fn check_impartial(text: &str) -> Result<(), TestCaseError> {
    let mut e = engine();
    let g = parse(text);
    let options = e.options(&g).unwrap();
    let OptionLists::Impartial(moves) = &options.moves else {
        return Err(TestCaseError::fail(format!("{text}: not impartial")));
    };
    prop_assert!(options.complete);
    let mut some_p = false;
    for m in moves {
        some_p |= outcome(&mut e, &m.game) == Outcome::P;
    }
    let o = outcome(&mut e, &g);
    let misere = matches!(g, GameExpr::Misere(_));
    let expected = if moves.is_empty() {
        if misere {
            Outcome::N
        } else {
            Outcome::P
        }
    } else if some_p {
        Outcome::N
    } else {
        Outcome::P
    };
    prop_assert_eq!(o, expected, "{}", text);
    // Winning moves are options, and every option leaving a P-position is one.
    let Analysis::Impartial(ev) = e.analyse_game(&g).unwrap() else {
        unreachable!()
    };
    let listed = texts(moves);
    for w in &ev.winning_moves {
        let w = w.to_string();
        prop_assert!(
            listed.contains(&w) || listed.iter().any(|l| same(l, &w)),
            "{}: {} not an option of {:?}",
            text,
            w,
            listed
        );
    }
    Ok(())
}

/// Two sums written in different orders (or with empty parts) are one position.
fn same(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let mut v: Vec<String> = parse(s)
            .to_string()
            .trim_start_matches("misere(")
            .trim_end_matches(')')
            .split(" + ")
            .map(str::to_string)
            .collect();
        v.sort();
        v
    };
    norm(a) == norm(b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn impartial_sums_have_the_options_their_outcome_needs(
        a in 0u64..6, b in 0u64..6, c in 0u64..8, x in 0u64..5, y in 0u64..5, misere in any::<bool>()
    ) {
        let sum = format!("nim({a},{b}) + kayles({c}) + queen({x},{y})");
        let text = if misere { format!("misere({sum})") } else { sum };
        check_impartial(&text)?;
    }

    #[test]
    fn perfect_play_wins_from_n_and_delays_from_p(
        a in 0u64..6, b in 0u64..6, c in 0u64..9, misere in any::<bool>()
    ) {
        let sum = format!("nim({a},{b}) + dawson({c})");
        let text = if misere { format!("misere({sum})") } else { sum };
        let mut e = engine();
        let g = parse(&text);
        let choice = e.perfect_move(&g, None).unwrap();
        let o = outcome(&mut e, &g);
        match &choice.chosen {
            None => prop_assert!(e.options(&g).unwrap().moves.of(Player::Left).is_empty()),
            Some(next) => {
                prop_assert_eq!(choice.wins, o == Outcome::N, "{}", text);
                let after = outcome(&mut e, next);
                if choice.wins {
                    prop_assert_eq!(after, Outcome::P, "{} -> {}", text, next);
                } else {
                    prop_assert_eq!(after, Outcome::N, "{} -> {}", text, next);
                }
            }
        }
    }
}

#[test]
fn partizan_options_are_each_players() {
    let mut e = engine();
    let g = parse("domineering(\"..|..\") + *");
    let options = e.options(&g).unwrap();
    let OptionLists::Partizan { left, right } = &options.moves else {
        panic!("partizan expected")
    };
    // Left places a vertical domino (two places) or takes the star; Right likewise horizontally.
    assert_eq!(texts(left).len(), 3, "{:?}", texts(left));
    assert_eq!(texts(right).len(), 3, "{:?}", texts(right));
    assert!(texts(left).contains(&"domineering(\"#.|#.\") + *".to_string()));
    assert!(texts(right).contains(&"domineering(\"##|..\") + *".to_string()));
    let (part, to) = left[0].change.as_ref().unwrap();
    assert_eq!(
        (*part, to.to_string()),
        (0, "domineering(\"#.|#.\")".to_string())
    );
    // Perfect play for Left from 2×3 Domineering ({2|-1/2}: Left wins moving first).
    let choice = e
        .perfect_move(&parse("domineering(\"...|...\")"), Some(Player::Left))
        .unwrap();
    assert!(choice.wins);
    assert_eq!(
        choice.chosen.unwrap().to_string(),
        "domineering(\".#.|.#.\")"
    );
    // Right moving first in 1/2 = {0|1} loses: it plays the option of greatest birthday.
    let choice = e
        .perfect_move(&parse("hackenbush(\"lr\")"), Some(Player::Right))
        .unwrap();
    assert!(!choice.wins);
    assert!(choice.why.contains("birthday"), "{}", choice.why);
    // A partizan game needs its mover.
    assert!(e.perfect_move(&parse("hackenbush(\"lr\")"), None).is_err());
}

#[test]
fn compound_options_follow_the_compounds_rule() {
    let mut e = engine();
    // Selective: any non-empty set of parts; conjunctive: every part;
    // not_all: a set that is not all of them.
    let count = |e: &mut Engine, t: &str| match e.options(&parse(t)).unwrap().moves {
        OptionLists::Impartial(m) => m.len(),
        _ => panic!("impartial"),
    };
    // nim(2) has 2 options, nim(1) has 1.
    assert_eq!(count(&mut e, "selective(nim(2), nim(1))"), 3 * 2 - 1);
    assert_eq!(count(&mut e, "conjunctive(nim(2), nim(1))"), 2);
    assert_eq!(count(&mut e, "not_all(nim(2), nim(1))"), 3 * 2 - 1 - 2);
    assert_eq!(count(&mut e, "conjunctive(nim(2), nim(0))"), 0);
    assert_eq!(count(&mut e, "continued_conjunctive(nim(2), nim(0))"), 2);
}

#[test]
fn listing_stops_at_the_move_limit() {
    let mut e = Engine::new(Limits {
        max_moves: 10,
        ..Limits::default()
    });
    let o = e.options(&parse("nim(18446744073709551615)")).unwrap();
    assert!(!o.complete);
    assert_eq!(o.moves.of(Player::Left).len(), 10);
}

#[test]
fn followers_are_every_position_reached_once() {
    let mut e = engine();
    for a in 0..6u64 {
        for b in 0..6u64 {
            let pairs: std::collections::HashSet<(u64, u64)> = (0..=a)
                .flat_map(|x| (0..=b).map(move |y| (x.min(y), x.max(y))))
                .collect();
            let f = e.followers(&parse(&format!("nim({a},{b})"))).unwrap();
            assert_eq!(f.len(), pairs.len(), "nim({a},{b})");
            assert_eq!(f[0].to_string(), format!("nim({a},{b})"));
        }
    }
    // 2×2 Domineering: itself, two vertical dominoes, two horizontal, full.
    assert_eq!(
        e.followers(&parse("domineering(\"..|..\")")).unwrap().len(),
        6
    );
    // A limit, not an endless listing.
    let mut small = Engine::new(Limits {
        max_positions: 1000,
        ..Limits::default()
    });
    let err = small
        .followers(&parse("domineering(\"......|......|......|......\")"))
        .unwrap_err();
    assert!(err.limit().is_some(), "{err}");
}
