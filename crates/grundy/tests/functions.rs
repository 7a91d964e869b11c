//! CGSuite's analysis functions in expressions, against CGSuite 2.2's own
//! test values (data/partizan/functions.toml), and their identities
//! against definitions and brute force on small generated games.

use grundy::component::Context;
use grundy::language::functions::{list_to_string, parse_list_call, parse_text_call};
use grundy::partizan::{nim_product, Game};
use grundy::registry::Registry;
use grundy::{parse_game, Engine, Limits};
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
    #[serde(default)]
    text_case: Vec<TextCase>,
}

/// A function whose answer is a text, or the sensible options (a count).
#[derive(Deserialize)]
struct TextCase {
    expr: String,
    answer: Option<String>,
    count: Option<usize>,
    source: String,
}

#[derive(Deserialize)]
struct Case {
    expr: String,
    cgsuite: String,
    value: Option<String>,
    list: Option<String>,
    error: Option<String>,
    /// CGSuite's result in notation grundy reads today.
    read: Option<String>,
    /// Why grundy's answer differs from CGSuite's on purpose.
    differs: Option<String>,
    /// grundy's answer where it differs.
    grundy: Option<String>,
    source: String,
}

/// The value of an expression, through the language and the engine.
fn value_of(expr: &str) -> Result<Game, String> {
    let game = parse_game(expr).map_err(|e| e.to_string())?;
    Engine::new(Limits::default())
        .partizan_value(&game)
        .map_err(|e| e.to_string())
}

/// The list a list function gives, through the language.
fn list_of(expr: &str) -> Result<Vec<Game>, String> {
    let call = parse_list_call(expr, Registry::builtin())
        .expect("a list function")
        .map_err(|e| e.to_string())?;
    let mut cx = Context::new(Limits::default());
    call.list(&mut cx)
        .map(|(_, list)| list)
        .map_err(|e| e.to_string())
}

/// The games of a set written CGSuite's way, `{a,b,c}`: split at the
/// commas outside brackets.
fn parse_set(text: &str) -> Result<Vec<Game>, String> {
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .expect("a set in braces");
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' | '(' | '[' | '<' => depth += 1,
            '}' | ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner.is_empty() {
        items.push(&inner[start..]);
    }
    items
        .into_iter()
        .map(|s| Game::parse(s).map_err(|e| format!("{s} does not read: {e}")))
        .collect()
}

#[test]
fn cgsuite_test_values() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/functions.toml"
    );
    let file: File = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(file.case.len() >= 200, "the data file lost cases");
    let mut failures = Vec::new();
    for c in &file.case {
        assert!(!c.source.trim().is_empty(), "{} has no source", c.expr);
        let ctx = format!("{} (CGSuite: {}) [{}]", c.expr, c.cgsuite, c.source);
        let is_list = parse_list_call(&c.expr, Registry::builtin()).is_some();
        let got = if is_list {
            list_of(&c.expr).map(|l| list_to_string(&l))
        } else {
            value_of(&c.expr).map(|v| v.to_string())
        };
        if c.differs.is_some() {
            // grundy's answer, with the reason it is not CGSuite's.
            let want = c.grundy.as_deref().expect("a `grundy` answer");
            match (&got, is_list) {
                (Ok(g), false) if value_of(&c.expr).unwrap() == Game::parse(want).unwrap() => {}
                (Ok(g), true) if *g == want => {}
                _ => failures.push(format!("{ctx}: got {got:?}, want grundy's {want}")),
            }
            continue;
        }
        match (&c.value, &c.list, &c.error) {
            (Some(v), None, None) => {
                let want = match Game::parse(c.read.as_deref().unwrap_or(v)) {
                    Ok(w) => w,
                    Err(e) => {
                        failures.push(format!("{ctx}: CGSuite's {v} does not read: {e}"));
                        continue;
                    }
                };
                match value_of(&c.expr) {
                    Ok(g) if g == want => {}
                    other => failures.push(format!("{ctx}: got {other:?}, CGSuite {v}")),
                }
            }
            (None, Some(l), None) => {
                let mut want = match parse_set(c.read.as_deref().unwrap_or(l)) {
                    Ok(w) => w,
                    Err(e) => {
                        failures.push(format!("{ctx}: {e}"));
                        continue;
                    }
                };
                match list_of(&c.expr) {
                    Ok(mut g) => {
                        g.sort();
                        want.sort();
                        if g != want {
                            failures
                                .push(format!("{ctx}: got {}, CGSuite {l}", list_to_string(&g)));
                        }
                    }
                    Err(e) => failures.push(format!("{ctx}: error {e}, CGSuite {l}")),
                }
            }
            (None, None, Some(e)) => {
                if let Ok(g) = got {
                    failures.push(format!("{ctx}: gave {g}, CGSuite refuses: {e}"));
                }
            }
            _ => panic!("{ctx}: give one of value, list, error"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Small games in canonical form: from the numbers and nimbers up, a few
/// levels of options.
fn small_game(depth: u32) -> BoxedStrategy<Game> {
    let leaf = prop_oneof![
        (-2i64..=2).prop_map(|n| Game::integer(n).unwrap()),
        (0u64..3).prop_map(|n| Game::nimber(n).unwrap()),
        Just(Game::up()),
    ];
    leaf.prop_recursive(depth, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Game::from_options(&l, &r).unwrap())
    })
    .boxed()
}

/// Small infinitesimals: all-small games (every follower with moves for
/// both or neither) built from 0.
fn all_small(depth: u32) -> BoxedStrategy<Game> {
    Just(Game::zero())
        .prop_recursive(depth, 12, 3, |inner| {
            (
                prop::collection::vec(inner.clone(), 1..3),
                prop::collection::vec(inner, 1..3),
            )
                .prop_map(|(l, r)| Game::from_options(&l, &r).unwrap())
        })
        .boxed()
}

/// Nim multiplication by its definition (Conway, ONAG ch. 6): `a ⊗ b` is
/// the mex of `a'⊗b ⊕ a⊗b' ⊕ a'⊗b'` over `a' < a`, `b' < b`.
#[test]
#[allow(clippy::needless_range_loop)] // a table indexed by its two factors
fn conway_product_of_nimbers_is_the_nim_multiplication_table() {
    const N: usize = 64;
    let mut t = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut seen = [false; 2 * N * N];
            for x in 0..a {
                for y in 0..b {
                    seen[(t[x][b] ^ t[a][y] ^ t[x][y]) as usize] = true;
                }
            }
            t[a][b] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    for a in 0..N {
        for b in 0..N {
            assert_eq!(nim_product(a as u64, b as u64), t[a][b], "{a} ⊗ {b}");
        }
    }
    // Through the language, on a few of them (each is a value).
    for (a, b) in [(2, 3), (7, 9), (63, 63), (16, 16)] {
        assert_eq!(
            value_of(&format!("conway_product(*{a}, *{b})")).unwrap(),
            Game::nimber(t[a][b]).unwrap()
        );
    }
}

/// Brute force of a compound's game tree on canonical forms, for the
/// property tests: the options of a conjunctive or selective compound.
fn compound_brute(selective: bool, g: Game, h: Game) -> Game {
    let side = |left: bool| {
        let opts = |x: Game| {
            if left {
                x.left_options()
            } else {
                x.right_options()
            }
        };
        let mut out = Vec::new();
        for a in opts(g) {
            for b in opts(h) {
                out.push(compound_brute(selective, a, b));
            }
        }
        if selective {
            for a in opts(g) {
                out.push(compound_brute(selective, a, h));
            }
            for b in opts(h) {
                out.push(compound_brute(selective, g, b));
            }
        }
        out
    };
    Game::from_options(&side(true), &side(false)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Cooling and heating by 0 change nothing, and numbers are unchanged
    /// by both (CGSuite's Cool and Heat definitions): heat(cool(x, t), t)
    /// = x for an integer x and t >= 0.
    #[test]
    fn heating_and_cooling_by_zero_and_on_numbers(g in small_game(3), n in -8i64..8, k in 0u32..3, m in 0i64..8) {
        prop_assert_eq!(value_of(&format!("heat(cool({g}, 0), 0)")).unwrap(), g);
        let t = format!("{m}/{}", 1u64 << k);
        prop_assert_eq!(value_of(&format!("heat(cool({n}, {t}), {t})")).unwrap(), Game::integer(n).unwrap());
    }

    /// Heating an infinitesimal by t >= 0 then cooling by t gives it back
    /// (cooling is the inverse of heating on games whose followers are
    /// infinitesimals or numbers of temperature below 0: Siegel CGT II.5).
    #[test]
    fn cooling_undoes_heating_on_all_small_games(g in all_small(3), k in 0u32..3, n in 1i64..4) {
        let t = format!("{n}/{}", 1u64 << k);
        let back = value_of(&format!("cool(heat({g}, {t}), {t})")).unwrap();
        prop_assert_eq!(back, g);
    }

    /// The reduced canonical form ignores infinitesimals: reduced(G) =
    /// reduced(G + ε) for ε all-small (Grossman–Siegel), and is G for
    /// numbers.
    #[test]
    fn reduced_ignores_infinitesimals(g in small_game(3), e in all_small(3)) {
        let a = value_of(&format!("reduced({g})")).unwrap();
        let b = value_of(&format!("reduced({g} + {e})")).unwrap();
        prop_assert_eq!(a, b);
        prop_assert_eq!(value_of(&format!("reduced({a})")).unwrap(), a);
    }

    /// Atomic weight is additive on all-small games (Siegel, CGT II.7).
    #[test]
    fn atomic_weight_of_sums(a in all_small(3), b in all_small(2)) {
        let w = |g: &str| value_of(&format!("atomic_weight({g})")).unwrap();
        let sum = w(&format!("{a} + {b}"));
        let parts = w(&a.to_string()).try_add(w(&b.to_string())).unwrap();
        prop_assert_eq!(sum, parts);
    }

    /// G : 0 = G and 0 : H = H (Conway, ONAG ch. 15); *a : *b = *(a + b).
    #[test]
    fn ordinal_sum_identities(g in small_game(3), a in 0u64..20, b in 0u64..20) {
        prop_assert_eq!(value_of(&format!("ordinal_sum({g}, 0)")).unwrap(), g);
        prop_assert_eq!(value_of(&format!("ordinal_sum(0, {g})")).unwrap(), g);
        prop_assert_eq!(
            value_of(&format!("ordinal_sum(*{a}, *{b})")).unwrap(),
            Game::nimber(a + b).unwrap()
        );
    }

    /// The ordinal product of nimbers is the product of the ordinals:
    /// *a ⊙ *b = *(ab) (CGSuite's CompoundGameTestCase: *5 ⊙ *6 = *30).
    #[test]
    fn ordinal_product_of_nimbers(a in 0u64..7, b in 0u64..7) {
        prop_assert_eq!(
            value_of(&format!("ordinal_product(*{a}, *{b})")).unwrap(),
            Game::nimber(a * b).unwrap()
        );
    }

    /// Norton multiplication by an integer n is n copies of U, and 1.G = G
    /// for positive G (Siegel CGT II.7; CGSuite's definition).
    #[test]
    fn norton_product_by_integers(u in small_game(3), n in -5i64..6) {
        prop_assume!(Game::zero().le(u) && u != Game::zero());
        let want = if n < 0 { u.neg() } else { u }.try_multiple(n.unsigned_abs()).unwrap();
        prop_assert_eq!(value_of(&format!("norton_product({n}, {u})")).unwrap(), want);
        // The incentives of 1 are {-1}, so G.1 = {G^L.1 | G^R.1} = G.
        prop_assert_eq!(value_of(&format!("norton_product({u}, 1)")).unwrap(), u);
    }

    /// The Conway product of numbers is their product; 1 is its unit on
    /// numbers and nimbers, 0 its zero on every game.
    #[test]
    fn conway_product_identities(g in small_game(3), a in -6i64..6, b in 0u32..3, n in 0u64..40) {
        let x = Game::parse(&format!("{a}/{}", 1u64 << b)).unwrap();
        let y = Game::parse(&format!("{}/{}", a + 3, 1u64 << (2 - b))).unwrap();
        let want = Game::number(x.as_number().unwrap().checked_mul(y.as_number().unwrap()).unwrap());
        prop_assert_eq!(value_of(&format!("conway_product({x}, {y})")).unwrap(), want);
        prop_assert_eq!(value_of(&format!("conway_product(1, *{n})")).unwrap(), Game::nimber(n).unwrap());
        prop_assert_eq!(value_of(&format!("conway_product(0, {g})")).unwrap(), Game::zero());
    }

    /// The compounds' values equal the canonical form of the brute-force
    /// game tree of the compound of the two canonical forms.
    #[test]
    fn compound_values_are_their_game_trees(g in small_game(2), h in small_game(2)) {
        prop_assert_eq!(value_of(&format!("conjunctive({g}, {h})")).unwrap(), compound_brute(false, g, h));
        prop_assert_eq!(value_of(&format!("selective({g}, {h})")).unwrap(), compound_brute(true, g, h));
    }

    /// The selective compound of nimbers is the ordinary sum of the
    /// indices (a move lowers either index or both: every smaller total is
    /// reached, so by induction the mex is a + b).
    #[test]
    fn selective_compound_of_nimbers(a in 0u64..8, b in 0u64..8) {
        prop_assert_eq!(value_of(&format!("selective(*{a}, *{b})")).unwrap(), Game::nimber(a + b).unwrap());
    }

    /// Freezing gives a game infinitesimally close to a number: its stops
    /// are equal (CGSuite's Freeze documentation).
    #[test]
    fn freeze_is_numberish(g in small_game(3)) {
        let f = value_of(&format!("freeze({g})")).unwrap();
        prop_assert_eq!(f.left_stop(), f.right_stop());
    }

    /// The stop count is the number of leaves of the canonical tree
    /// stopping at numbers, by its definition.
    #[test]
    fn stop_count_by_definition(g in small_game(3)) {
        fn count(g: Game) -> i64 {
            if g.is_number() {
                return 1;
            }
            g.left_options().into_iter().chain(g.right_options()).map(count).sum()
        }
        prop_assert_eq!(value_of(&format!("stop_count({g})")).unwrap(), Game::integer(count(g)).unwrap());
    }
}

#[test]
fn atomic_weight_of_up_and_non_atomic_games() {
    assert_eq!(
        value_of("atomic_weight(^)").unwrap(),
        Game::integer(1).unwrap()
    );
    let e = value_of("atomic_weight({3|-1})").unwrap_err();
    assert!(
        e.contains("not atomic") && e.contains("infinitesimal"),
        "{e}"
    );
}

#[test]
fn functions_nest_and_add() {
    // cool({3|-1}, 1) = {2|0}, and + ^ (CGSuite: sums of switches and ups).
    assert_eq!(
        value_of("cool({3|-1}, 1) + ^").unwrap(),
        Game::parse("{2|0}").unwrap().try_add(Game::up()).unwrap()
    );
    assert_eq!(
        value_of("-freeze({3||2*|1*})").unwrap(),
        Game::parse("-9/4*").unwrap()
    );
    assert_eq!(
        value_of("reduced(heat(cool({3||2*|1*}, 1/2), 1/2))").unwrap(),
        value_of("reduced(heat({5/2|2*}, 1/2))").unwrap()
    );
    // impartial games enter as their nimbers
    assert_eq!(
        value_of("conway_product(nim(2), kayles(3))").unwrap(),
        Game::nimber(nim_product(2, 3)).unwrap()
    );
}

#[test]
fn hostile_arguments_end_with_errors() {
    for (expr, says) in [
        ("cool(^, -1)", "t > -1"),
        ("cool(^, ^)", "must be a number"),
        ("norton_product(1, 0)", "not positive"),
        ("norton_product(1, *)", "not positive"),
        ("norton_product(1, v)", "not positive"),
        ("conway_product(*4000, *4095)", "above"),
        ("heat({1|-1}, 9223372036854775807)", "overflow"),
        ("cool(1, 2, 3)", "takes 2 arguments"),
        ("incentives(^) + 1", "list"),
        ("stop_count(*100)", "overflow"),
    ] {
        let e = match parse_game(expr) {
            Err(e) => e.to_string(),
            Ok(g) => Engine::new(Limits::default())
                .partizan_value(&g)
                .map(|v| v.to_string())
                .expect_err(expr)
                .to_string(),
        };
        assert!(e.contains(says), "{expr}: {e}");
    }
    // Deep recursions stop at the depth limit, not the stack.
    let limits = Limits {
        max_depth: 50,
        ..Limits::default()
    };
    let g = parse_game("ordinal_sum(^, 1000)").unwrap();
    let e = Engine::new(limits).partizan_value(&g).unwrap_err();
    assert!(e.to_string().contains("--max-depth"), "{e}");
}

#[test]
fn text_functions_and_sensible_options() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/functions.toml"
    );
    let file: File = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(file.text_case.len() >= 15, "the data file lost text cases");
    let mut failures = Vec::new();
    for c in &file.text_case {
        assert!(!c.source.trim().is_empty(), "{} has no source", c.expr);
        let mut cx = Context::new(Limits::default());
        match (&c.answer, c.count) {
            (Some(want), None) => {
                let call = parse_text_call(&c.expr, Registry::builtin())
                    .expect("a text function")
                    .unwrap();
                let (_, got) = call.text(&mut cx).unwrap();
                let got = got.unwrap_or_else(|| "none".to_string());
                if got != *want {
                    failures.push(format!("{}: got {got}, want {want}", c.expr));
                }
            }
            (None, Some(want)) => {
                let call = parse_list_call(&c.expr, Registry::builtin())
                    .expect("a sensible-options function")
                    .unwrap();
                let (_, got) = call.sensible(&mut cx).unwrap();
                if got.len() != want {
                    failures.push(format!("{}: {} options, want {want}", c.expr, got.len()));
                }
            }
            _ => panic!("{}: give one of answer, count", c.expr),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The sensible options of a position, by the call.
fn sensible(side: &str, position: &str) -> (Game, Vec<Game>) {
    let expr = format!("sensible_{side}_options({position})");
    let call = parse_list_call(&expr, Registry::builtin())
        .unwrap()
        .unwrap();
    let mut cx = Context::new(Limits::default());
    let (g, options) = call.sensible(&mut cx).unwrap();
    (g, options.into_iter().map(|(_, v)| v).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// One sensible option for each canonical option, each at least (for
    /// Left; at most for Right) its canonical option, and the game of the
    /// sensible options alone has the position's value (a sensible option
    /// K^L <= G^L, with G^L never >= G, cannot be undone by another).
    #[test]
    fn sensible_options_keep_the_value(bits in any::<u16>(), rows in 1usize..=3, cols in 1usize..=4) {
        let board: String = (0..rows)
            .map(|r| (0..cols).map(|c| if bits & (1 << (r * cols + c)) != 0 { '.' } else { '#' }).collect::<String>())
            .collect::<Vec<_>>()
            .join("|");
        let position = format!("domineering(\"{board}\")");
        let (g, left) = sensible("left", &position);
        let (_, right) = sensible("right", &position);
        prop_assert_eq!(left.len(), g.left_options().len());
        prop_assert_eq!(right.len(), g.right_options().len());
        for (s, k) in left.iter().copied().zip(g.left_options()) {
            prop_assert!(s.ge(k), "{} < {}", s, k);
        }
        for (s, k) in right.iter().copied().zip(g.right_options()) {
            prop_assert!(s.le(k), "{} > {}", s, k);
        }
        prop_assert_eq!(Game::from_options(&left, &right).unwrap(), g);
    }
}
