//! Arithmetic on user numbers is checked (issue 14, point 3; issue 9,
//! point 7): heating, cooling, sums, negatives and thermographs of games
//! with numbers near the limits answer or fail with an error, never panic.

use grundy::partizan::{Dyadic, Error, Game};
use proptest::prelude::*;

fn parse(text: &str) -> Game {
    Game::parse(text).unwrap()
}

fn dy(text: &str) -> Dyadic {
    text.parse().unwrap()
}

fn is_overflow<T: std::fmt::Debug>(r: Result<T, Error>) -> bool {
    matches!(r, Err(Error::Overflow { .. }))
}

/// `grundy transform '^' --heat 4611686018427387904` and its neighbours
/// panicked ("negation of a canonical non-number", dyadic overflow): heating
/// `^` by 2^62 needs `-2^63`, which the old range held but could not negate.
#[test]
fn issue_14_heating_by_huge_numbers_is_an_overflow_error() {
    let two_62 = dy("4611686018427387904");
    let max = dy("9223372036854775807");
    assert!(is_overflow(parse("^").heat(two_62)));
    assert_eq!(parse("v*").heat(-max).unwrap(), Game::zero());
    // * heated by 2^63-1 is +-(2^63-1), in range; these need 2^63 or more.
    assert_eq!(
        parse("*").heat(max).unwrap(),
        Game::plus_minus(Game::number(max)).unwrap()
    );
    for g in ["v*", "{0|*}", "{0|-1}", "^", "+-1", "{3||2*|1*}"] {
        assert!(is_overflow(parse(g).heat(max)), "{g} heated by 2^63-1");
        // Heating by a negative number moves options toward each other:
        // an answer (v* heated by -(2^63-1) is {-(2^63-1) | 2^63-1} = 0)
        // or an overflow, never a panic.
        let r = parse(g).heat(-max);
        assert!(r.is_ok() || is_overflow(r), "{g} heated by -(2^63-1)");
    }
    // Just inside the range heating works: * heated by 2^62 is +-2^62.
    assert_eq!(
        parse("*").heat(two_62).unwrap(),
        Game::plus_minus(Game::number(two_62)).unwrap()
    );
    // Numbers are unchanged by heating, however large.
    assert_eq!(
        parse("9223372036854775807").heat(max).unwrap(),
        Game::number(max)
    );
}

#[test]
fn the_range_of_numbers_is_symmetric() {
    let max = dy("9223372036854775807");
    // -2^63 cannot be written or reached, so every number has a negative.
    assert!(Game::parse("-9223372036854775808").is_err());
    assert!(Game::integer(i64::MIN).is_err());
    assert_eq!(Game::number(max).neg(), Game::number(-max));
    assert!(is_overflow(
        Game::number(-max).try_sub(Game::integer(1).unwrap())
    ));
    assert!(is_overflow(
        Game::number(max).try_add(Game::integer(1).unwrap())
    ));
    // A form whose negative holds the most negative number.
    let g = Game::from_options(&[Game::number(max)], &[Game::zero()]).unwrap();
    let n = g.neg();
    assert_eq!(n.neg(), g);
    assert_eq!(n.right_options(), vec![Game::number(-max)]);
    assert_eq!(g.try_add(n).unwrap(), Game::zero());
}

/// `transform --heat -1` was accepted while `--cool -1` was refused. Heating
/// is a formula in `t` (CGSuite's `Heat` takes any game), so any number is
/// accepted; cooling takes `t > -1`, as CGSuite's `Cool`, and `t <= -1` is
/// refused with a message that says so.
#[test]
fn heating_takes_any_number_and_cooling_says_why_it_does_not() {
    let up = parse("^");
    let m1 = Dyadic::small(-1);
    // ∫^{-1} * = {-1 | 1} = 0, so ∫^{-1} ^ = {-1 + 0 | 1 + 0} = 0.
    assert_eq!(parse("*").heat(m1).unwrap(), Game::zero());
    assert_eq!(up.heat(m1).unwrap(), Game::zero());
    // ∫^{-1} {3|-1} = {-1 + 3 | 1 - 1} = {2|0}; and heating by -1 then by
    // 1 gives the switch back.
    let sw = parse("{3|-1}");
    assert_eq!(sw.heat(m1).unwrap(), parse("{2|0}"));
    assert_eq!(sw.heat(m1).unwrap().heat(Dyadic::ONE).unwrap(), sw);
    // Above the temperature (2) they part: heated by -4, {3|-1} is
    // {-1|3} = 0; cooled by 4 it is its mean, 1.
    assert_eq!(sw.heat(Dyadic::small(-4)).unwrap(), Game::zero());
    assert_eq!(
        sw.cool(Dyadic::small(4)).unwrap(),
        Game::integer(1).unwrap()
    );
    match up.cool(m1) {
        Err(Error::Domain { operation, reason }) => {
            assert_eq!(operation, "cool");
            assert!(reason.contains("t > -1"), "{reason}");
            assert!(reason.contains("heating takes any number"), "{reason}");
        }
        other => panic!("cooling by -1 gave {other:?}"),
    }
}

/// Numbers near the limits: the largest numerators, the finest
/// denominators, and ordinary small values.
fn number() -> impl Strategy<Value = Dyadic> {
    let extreme = prop_oneof![
        Just(i64::MAX),
        Just(i64::MAX - 1),
        Just(-i64::MAX),
        Just(1i64 << 62),
        Just(-(1i64 << 62)),
        Just((1i64 << 62) - 1),
        -4i64..=4,
    ];
    (
        extreme,
        prop_oneof![Just(0u32), Just(1), Just(61), Just(62), 0u32..4],
    )
        .prop_map(|(n, e)| Dyadic::new(n, e).unwrap())
}

/// Small games built from such numbers, nimbers and ups.
fn game() -> impl Strategy<Value = Game> {
    let leaf = prop_oneof![
        number().prop_map(Game::number),
        (0u64..4).prop_map(|n| Game::nimber(n).unwrap()),
        (-2i64..=2).prop_map(|n| Game::up_multiple(n).unwrap()),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=2),
            prop::collection::vec(inner, 0..=2),
        )
            .prop_filter_map("options out of range", |(l, r)| {
                Game::from_options(&l, &r).ok()
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every operation answers or reports an error; none panics. Where an
    /// answer comes, it obeys the algebra.
    #[test]
    fn operations_on_extreme_numbers_never_panic(g in game(), h in game(), t in number()) {
        let n = g.neg();
        prop_assert_eq!(n.neg(), g);
        if let Ok(z) = g.try_add(n) {
            prop_assert_eq!(z, Game::zero());
        }
        if let Ok(s) = g.try_add(h) {
            // Subtraction undoes the sum, or overflows on the way back.
            if let Ok(back) = s.try_sub(h) {
                prop_assert_eq!(back, g);
            }
        }
        let _ = g.compare(h);
        let _ = g.outcome();
        let _ = (g.left_stop(), g.right_stop(), g.birthday());
        let _ = g.thermograph();
        let _ = (g.mean(), g.temperature());
        let heated = g.heat(t);
        if let (Some(x), Ok(hg)) = (g.as_number(), &heated) {
            prop_assert_eq!(Game::number(x), *hg);
        }
        let _ = g.heat(-t);
        let _ = g.cool(t.abs());
        // Cooling takes t > -1 (CGSuite's Cool).
        if t >= Dyadic::ONE {
            prop_assert!(g.cool(-t).is_err());
        }
        let _ = g.atomic_weight();
        let _ = g.to_string();
    }

    /// The number operations themselves: checked, and exact when they answer.
    #[test]
    fn dyadic_operations_never_panic(a in number(), b in number()) {
        prop_assert_eq!(-(-a), a);
        if let Ok(s) = a.checked_add(b) {
            prop_assert_eq!(s.checked_sub(b).unwrap(), a);
        }
        if let Ok(d) = a.checked_sub(b) {
            prop_assert_eq!(d.checked_add(b).unwrap(), a);
        }
        let _ = a.checked_mul(b);
        let _ = a.checked_div_pow2(62);
        let _ = (a.floor(), a.ceil());
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if let Ok(Some(s)) = Dyadic::simplest_between(Some(lo), Some(hi)) {
            prop_assert!(lo < s && s < hi);
        }
        let _ = Dyadic::simplest_between(Some(a), None);
        let _ = Dyadic::simplest_between(None, Some(a));
    }
}
