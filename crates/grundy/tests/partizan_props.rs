//! Property tests for partizan values: the algebra of canonical forms
//! against plain game-tree search, and the closed forms of the games
//! against the solver on every small position.

use grundy::api::ReadText;
use std::fmt;

use grundy::engine::{ComponentSum, SumPosition};
use grundy::partizan::*;
use grundy::{
    parse_game, Budget, Component, Engine, GameExpr, LimitError, Limits, Outcome, Player,
};

/// The one component written `text`.
fn one(text: &str) -> Component {
    match parse_game(text).unwrap() {
        GameExpr::Sum(mut c) if c.len() == 1 => c.remove(0),
        _ => panic!("{text} is not one game"),
    }
}
use proptest::prelude::*;
mod generators;

/// An explicit, non-canonical game tree `{L… | R…}`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
struct Tree(Vec<Tree>, Vec<Tree>);

impl fmt::Display for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |v: &[Tree]| {
            v.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{{{}|{}}}", side(&self.0), side(&self.1))
    }
}

impl Tree {
    fn value(&self) -> Game {
        let l: Vec<Game> = self.0.iter().map(Tree::value).collect();
        let r: Vec<Game> = self.1.iter().map(Tree::value).collect();
        Game::from_options(&l, &r).unwrap()
    }
    fn neg(&self) -> Tree {
        Tree(
            self.1.iter().map(Tree::neg).collect(),
            self.0.iter().map(Tree::neg).collect(),
        )
    }
    fn nim(n: usize) -> Tree {
        let o: Vec<Tree> = (0..n).map(Tree::nim).collect();
        Tree(o.clone(), o)
    }
}

/// Sums of trees, played by plain search.
struct TreeSum;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Trees(Vec<Tree>);

impl fmt::Display for Trees {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl PartizanRules for TreeSum {
    type Position = Trees;
    fn options(&self, p: &Trees, player: Player, out: &mut Vec<Trees>) {
        for (i, t) in p.0.iter().enumerate() {
            let opts = if player == Player::Left { &t.0 } else { &t.1 };
            for o in opts {
                let mut next = p.0.clone();
                next[i] = o.clone();
                next.sort();
                out.push(Trees(next));
            }
        }
    }
}

fn tree(depth: u32) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(vec![], vec![]));
    leaf.prop_recursive(depth, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Tree(l, r))
    })
}

/// All-small trees: both sides empty or both non-empty.
fn small_tree(depth: u32) -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree(vec![], vec![]));
    leaf.prop_recursive(depth, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Tree(l, r))
    })
}

fn dyadic() -> impl Strategy<Value = Dyadic> {
    (-40i64..40, 0u32..4).prop_map(|(n, e)| Dyadic::new(n, e).unwrap())
}

fn add(a: Game, b: Game) -> Game {
    a.try_add(b).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn g_minus_g_is_zero(t in tree(4)) {
        let g = t.value();
        prop_assert_eq!(add(g, g.neg()), Game::zero());
        prop_assert_eq!(t.neg().value(), g.neg());
    }

    #[test]
    fn sums_commute_and_associate(a in tree(3), b in tree(3), c in tree(3)) {
        let (g, h, k) = (a.value(), b.value(), c.value());
        prop_assert_eq!(add(g, h), add(h, g));
        prop_assert_eq!(add(add(g, h), k), add(g, add(h, k)));
    }

    #[test]
    fn order_is_a_partial_order_compatible_with_sum(a in tree(3), b in tree(3), c in tree(3)) {
        let (g, h, k) = (a.value(), b.value(), c.value());
        prop_assert!(g.le(g));
        if g.le(h) && h.le(g) { prop_assert_eq!(g, h); }
        if g.le(h) && h.le(k) { prop_assert!(g.le(k)); }
        prop_assert_eq!(g.le(h), add(g, k).le(add(h, k)));
    }

    #[test]
    fn outcome_and_order_match_plain_search(a in tree(4), b in tree(3)) {
        let g = a.value();
        prop_assert_eq!(g.outcome(), search_outcome(&TreeSum, &Trees(vec![a.clone()])).unwrap());
        // G <= H iff Left wins H - G when Right moves first.
        let h = b.value();
        let diff = search_outcome(&TreeSum, &Trees(vec![b.clone(), a.neg()])).unwrap();
        prop_assert_eq!(g.le(h), matches!(diff, Outcome::L | Outcome::P));
        // The canonical solver on the tree agrees with from_options.
        prop_assert_eq!(CanonicalSolver::new(TreeSum).value(&Trees(vec![a.clone(), b.clone()])).unwrap(), add(g, h));
    }

    #[test]
    fn notation_round_trips(a in tree(4)) {
        let g = a.value();
        prop_assert_eq!(Game::parse(&g.to_string()).unwrap(), g, "printed {}", g);
        prop_assert_eq!(Game::parse(&a.to_string()).unwrap(), g, "tree {}", a);
    }

    #[test]
    fn numbers_built_as_trees_are_numbers(x in dyadic(), y in dyadic(), extra in dyadic()) {
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        prop_assume!(lo < hi);
        // A dominated extra left option below lo changes nothing.
        let low = if extra < lo { extra } else { lo };
        let g = Game::from_options(&[Game::number(lo), Game::number(low)], &[Game::number(hi)]).unwrap();
        let s = Dyadic::simplest_between(Some(lo), Some(hi)).unwrap().unwrap();
        prop_assert_eq!(g, Game::number(s));
        prop_assert_eq!(g.as_number(), Some(s));
        prop_assert_eq!(add(Game::number(x), Game::number(y)), Game::number(x.checked_add(y).unwrap()));
        prop_assert_eq!(Game::number(x).le(Game::number(y)), x <= y);
        let th = Game::number(x).thermograph().unwrap();
        prop_assert_eq!(th.mast, x);
        prop_assert!(th.temperature < Dyadic::ZERO);
    }

    #[test]
    fn nimbers_built_as_trees_are_nimbers(n in 0usize..6, m in 0usize..6) {
        prop_assert_eq!(Tree::nim(n).value(), Game::nimber(n as u64).unwrap());
        prop_assert_eq!(add(Game::nimber(n as u64).unwrap(), Game::nimber(m as u64).unwrap()), Game::nimber((n ^ m) as u64).unwrap());
        prop_assert_eq!(Game::nimber(n as u64).unwrap().as_nimber(), Some(n as u64));
    }

    #[test]
    fn switches_have_mean_and_temperature_from_stops(x in dyadic(), y in dyadic(), t in 0i64..8) {
        prop_assume!(x > y);
        let g = Game::from_options(&[Game::number(x)], &[Game::number(y)]).unwrap();
        let th = g.thermograph().unwrap();
        let two = Dyadic::integer(2);
        let half = |d: Dyadic| d.checked_div_pow2(1).unwrap();
        prop_assert_eq!(th.mast, half(x.checked_add(y).unwrap()));
        prop_assert_eq!(th.temperature, half(x.checked_sub(y).unwrap()));
        prop_assert_eq!((g.left_stop(), g.right_stop()), (x, y));
        // Cooling by t <= temperature gives {x - t | y + t}; beyond, the mean.
        let t = Dyadic::new(t, 2).unwrap();
        let cooled = g.cool(t).unwrap();
        if t <= th.temperature {
            let expect = Game::from_options(&[Game::number(x.checked_sub(t).unwrap())], &[Game::number(y.checked_add(t).unwrap())]).unwrap();
            prop_assert_eq!(cooled, expect);
        } else {
            prop_assert_eq!(cooled, Game::number(th.mast));
        }
        let _ = two;
    }

    #[test]
    fn means_add_and_walls_start_at_the_stops(a in tree(4), b in tree(3)) {
        let (g, h) = (a.value(), b.value());
        let mean = |x: Game| x.mean().unwrap();
        prop_assert_eq!(mean(add(g, h)), mean(g).checked_add(mean(h)).unwrap());
        let th = g.thermograph().unwrap();
        if !g.is_number() {
            prop_assert_eq!(th.left.eval(Dyadic::ZERO).unwrap(), g.left_stop());
            prop_assert_eq!(th.right.eval(Dyadic::ZERO).unwrap(), g.right_stop());
            prop_assert!(th.temperature >= Dyadic::ZERO);
        }
        // Cooling keeps the mean; cooling by the temperature gives a game
        // infinitesimally close to it.
        if th.temperature >= Dyadic::ZERO {
            let c = g.cool(th.temperature).unwrap();
            prop_assert_eq!(mean(c), th.mast);
            prop_assert_eq!(c.left_stop(), th.mast);
            prop_assert_eq!(c.right_stop(), th.mast);
        }
    }

    /// The walls are the stops of the cooled game: LW(t) = L(G_t) and
    /// RW(t) = R(G_t) for 0 <= t <= temperature (Siegel, CGT, II.5).
    #[test]
    fn walls_are_the_stops_of_the_cooled_game(a in tree(5), b in tree(4), steps in 1i64..9) {
        let g = add(a.value(), b.value());
        let th = g.thermograph().unwrap();
        prop_assume!(th.temperature > Dyadic::ZERO);
        for k in 0..=steps {
            // t = temperature * k / steps, rounded down to a multiple of 1/64.
            let t64 = th.temperature.checked_mul(Dyadic::integer(64 * k).unwrap()).unwrap().floor() / steps;
            let t = Dyadic::new(t64, 6).unwrap();
            let c = g.cool(t).unwrap();
            prop_assert_eq!(th.left.eval(t).unwrap(), c.left_stop(), "left wall of {} at {}", g, t);
            prop_assert_eq!(th.right.eval(t).unwrap(), c.right_stop(), "right wall of {} at {}", g, t);
        }
        prop_assert_eq!(th.left.eval(th.temperature).unwrap(), th.mast);
        prop_assert_eq!(th.right.eval(th.temperature).unwrap(), th.mast);
    }

    #[test]
    fn atomic_weight_is_additive(a in small_tree(4), b in small_tree(3)) {
        let (g, h) = (a.value(), b.value());
        prop_assert!(g.is_all_small());
        let w = |x: Game| x.atomic_weight().unwrap();
        prop_assert_eq!(w(add(g, h)), add(w(g), w(h)), "aw({}) + aw({})", g, h);
    }

    #[test]
    fn winning_moves_win(cells in prop::collection::vec(any::<bool>(), 9), tf in "[tf.]{1,6}", v in tree(2)) {
        let mut text = String::new();
        for r in 0..3 {
            if r > 0 { text.push('|'); }
            for c in 0..3 { text.push(if cells[r * 3 + c] { '.' } else { '#' }); }
        }
        let sum = vec![
            one(&format!("domineering({text:?})")),
            one(&format!("toads_frogs({tf:?})")),
            grundy::games::value::value(v.value()),
        ];
        let outcome = search_outcome(&ComponentSum, &SumPosition(sum.clone())).unwrap();
        let mut engine = Engine::new(Limits::default());
        let report = engine.partizan_report(&sum).unwrap();
        prop_assert_eq!(report.outcome, outcome);
        for (player, winners) in [(Player::Left, Outcome::L), (Player::Right, Outcome::R)] {
            let moves = engine.partizan_winning_moves(&sum, player).unwrap();
            let first_wins = matches!((player, outcome), (Player::Left, Outcome::L | Outcome::N) | (Player::Right, Outcome::R | Outcome::N));
            prop_assert_eq!(!moves.is_empty(), first_wins);
            for m in moves {
                // After the move the opponent is to move and must lose.
                let o = search_outcome(&ComponentSum, &SumPosition(m)).unwrap();
                prop_assert!(o == winners || o == Outcome::P, "{:?} after a winning move for {:?}", o, player);
            }
        }
    }
}

#[test]
fn ab_closed_form_matches_search_on_all_small_strings() {
    let mut solver = CanonicalSolver::new(AbGame);
    let mut checked = 0;
    for s in generators::strings(&['A', 'B', '.'], 7) {
        let p = ab_game(&s).unwrap();
        let v = solver.value(&p).unwrap();
        assert_eq!(ab_closed_form(&p).unwrap(), v, "value of {s}");
        let o = search_outcome(&AbGame, &p).unwrap();
        assert_eq!(v.outcome(), o, "outcome of {s}");
        let a_first = if matches!(o, Outcome::L | Outcome::N) {
            Player::Left
        } else {
            Player::Right
        };
        assert_eq!(p.winner_a_first(), a_first, "winner of {s}");
        checked += 1;
    }
    assert_eq!(checked, (0..=7).map(|k| 3usize.pow(k)).sum::<usize>());
}

#[test]
fn hackenbush_strings_match_their_closed_forms() {
    let mut solver = CanonicalSolver::new(Hackenbush);
    for s in generators::strings(&['l', 'r'], 9) {
        let p = hackenbush(&s).unwrap();
        let expect = p.blue_red_value().unwrap().unwrap();
        assert_eq!(
            solver.value(&p).unwrap(),
            Game::number(expect),
            "hackenbush {s}"
        );
    }
    for n in 0..8 {
        let p = hackenbush(&"e".repeat(n)).unwrap();
        assert_eq!(solver.value(&p).unwrap(), Game::nimber(n as u64).unwrap());
    }
    for s in generators::strings(&['l', 'r', 'e'], 6) {
        let p = hackenbush(&s).unwrap();
        assert_eq!(
            solver.value(&p).unwrap().outcome(),
            search_outcome(&Hackenbush, &p).unwrap(),
            "{s}"
        );
    }
    // The registry's game takes the closed forms where they apply and
    // searches the rest: every string agrees with plain canonical search.
    let mut engine = Engine::new(Limits::default());
    for s in generators::strings(&['l', 'r', 'e'], 7).into_iter().skip(1) {
        let p = hackenbush(&s).unwrap();
        let game = parse_game(&format!("hackenbush(\"{s}\")")).unwrap();
        assert_eq!(
            engine.partizan_value(&game).unwrap(),
            solver.value(&p).unwrap(),
            "hackenbush {s}"
        );
    }
}

#[test]
fn domineering_outcomes_match_search_on_small_boards() {
    let mut solver = CanonicalSolver::new(Domineering);
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)] {
        for mask in 0u32..(1 << (rows * cols)) {
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            if mask >> (r * cols + c) & 1 == 0 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect()
                })
                .collect();
            let b = domineering(&text.join("|")).unwrap();
            assert_eq!(
                solver.value(&b).unwrap().outcome(),
                search_outcome(&Domineering, &b).unwrap(),
                "{b}"
            );
        }
    }
}

#[test]
fn toads_and_frogs_outcomes_match_search() {
    let mut solver = CanonicalSolver::new(ToadsFrogs);
    for s in generators::strings(&['t', 'f', '.'], 7) {
        let p = toads_frogs(&s).unwrap();
        assert_eq!(
            solver.value(&p).unwrap().outcome(),
            search_outcome(&ToadsFrogs, &p).unwrap(),
            "{s}"
        );
    }
}

#[test]
fn cutcake_values_are_integers_and_match_search() {
    let mut solver = CanonicalSolver::new(Cutcake);
    for w in 1..=16 {
        for h in 1..=16 {
            let p = cutcake(w, h).unwrap();
            let v = solver.value(&p).unwrap();
            assert!(
                v.as_number().is_some_and(|x| x.is_integer()),
                "cutcake({w},{h}) = {v}"
            );
            if w * h <= 16 {
                assert_eq!(v.outcome(), search_outcome(&Cutcake, &p).unwrap());
            }
            assert_eq!(
                v,
                Game::integer(p.closed_form()).unwrap(),
                "cutcake({w},{h})"
            );
            // Swapping the sides swaps the players.
            assert_eq!(solver.value(&cutcake(h, w).unwrap()).unwrap(), v.neg());
        }
    }
}

#[test]
fn subtraction_outcomes_match_search() {
    let mut solver = CanonicalSolver::new(PartizanSubtraction);
    for (l, r) in [
        (vec![1, 2], vec![1, 3]),
        (vec![2], vec![1]),
        (vec![1, 4], vec![2, 3]),
        (vec![3], vec![1, 2, 3]),
    ] {
        for n in 0..20 {
            let p = partizan_subtraction(n, &l, &r).unwrap();
            assert_eq!(
                solver.value(&p).unwrap().outcome(),
                search_outcome(&PartizanSubtraction, &p).unwrap(),
                "{p}"
            );
        }
    }
}

#[test]
fn solver_reports_its_position_limit() {
    let budget = Budget::new(Limits {
        max_positions: 10,
        ..Limits::default()
    });
    let mut s = CanonicalSolver::with_budget(Domineering, &budget);
    let err = s
        .value(&DomineeringBoard::empty(4, 4).unwrap())
        .unwrap_err();
    assert!(
        matches!(err, Error::Limit(LimitError::Positions { limit: 10, .. })),
        "{err}"
    );
    assert!(err.to_string().contains("--max-positions"), "{err}");
    let budget = Budget::new(Limits {
        max_depth: 3,
        ..Limits::default()
    });
    let mut s = CanonicalSolver::with_budget(Domineering, &budget);
    let err = s
        .value(&DomineeringBoard::empty(4, 4).unwrap())
        .unwrap_err();
    assert!(
        matches!(err, Error::Limit(LimitError::Depth { limit: 3, .. })),
        "{err}"
    );
    assert!(err.to_string().contains("--max-depth"), "{err}");
    // A long blue-red string needs denominators beyond 2^62: an error, not a wrap.
    let mut s = CanonicalSolver::new(Hackenbush);
    let long = hackenbush(&"lr".repeat(100)).unwrap();
    assert!(matches!(
        s.value(&long).unwrap_err(),
        Error::Overflow { .. }
    ));
    // Long integer strings are fine (options are solved shortest first).
    assert_eq!(
        s.value(&hackenbush(&"l".repeat(300)).unwrap()).unwrap(),
        Game::integer(300).unwrap()
    );
    assert!(Game::parse("^65537").is_err());
    assert_eq!(Game::parse("^65536").unwrap().birthday(), 65537);
    assert!(Game::parse("*100000").is_err());
    assert!(Game::parse("^<100>").is_err());
    assert!(Game::parse("^<21>").is_err() && Game::parse("^[21]").is_err());
    // Large numbers cost nothing: their options are made on demand.
    let big = Game::integer(i64::MAX - 1).unwrap();
    assert_eq!(big.left_options()[0], Game::integer(i64::MAX - 2).unwrap());
    let odd = Game::number(Dyadic::new(i64::MAX, 3).unwrap());
    assert_eq!(odd.right_options().len(), 1);
}

#[test]
fn heating_and_cooling_known_cases() {
    let one = Dyadic::ONE;
    // Heating * by 1 gives +-1; cooling +-1 by 1 gives *.
    assert_eq!(
        Game::nimber(1).unwrap().heat(one).unwrap(),
        Game::parse("+-1").unwrap()
    );
    assert_eq!(
        Game::parse("+-1").unwrap().cool(one).unwrap(),
        Game::nimber(1).unwrap()
    );
    // Numbers are unchanged by both.
    let half = Game::parse("1/2").unwrap();
    assert_eq!(half.heat(one).unwrap(), half);
    assert_eq!(half.cool(one).unwrap(), half);
    assert!(half.cool(Dyadic::small(-1)).is_err());
    let svg = Game::parse("{3||2*|1*}")
        .unwrap()
        .thermograph()
        .unwrap()
        .to_svg();
    assert!(
        svg.starts_with("<svg") && svg.contains("polyline") && svg.contains("mean 9/4 temp 3/4")
    );
}

#[test]
fn parsers_say_what_they_accept() {
    let e = domineering("..|.x").unwrap_err().to_string();
    assert!(e.contains("at 4") && e.contains("'#'"), "{e}");
    let e = domineering("..|.").unwrap_err().to_string();
    assert!(e.contains("row 2 has 1 cells"), "{e}");
    assert!(toads_frogs("tq")
        .unwrap_err()
        .to_string()
        .contains("'t' (toad"));
    assert!(hackenbush("lb")
        .unwrap_err()
        .to_string()
        .contains("'l' (blue"));
    assert!(ab_game("A.C").unwrap_err().to_string().contains("at 2"));
    let e = Game::parse("{1|2|3}").unwrap_err();
    assert!(matches!(e, Error::Parse { at: 4, .. }), "{e}");
    let e = Game::parse("{0|1} +").unwrap_err();
    assert!(matches!(e, Error::Parse { at: 7, .. }), "{e}");
    assert!(Game::parse("9223372036854775807 + 1").is_err());
    assert!(Game::parse("1").unwrap().atomic_weight().is_err());
}

#[test]
fn displays_round_trip_through_parsers() {
    for b in ["..#|...", ".", "#.|.."] {
        let d = domineering(b).unwrap();
        assert_eq!(d.to_string(), format!("domineering(\"{b}\")"));
    }
    assert_eq!(
        toads_frogs("TT..FF").unwrap().to_string(),
        "toads_frogs(\"tt..ff\")"
    );
    assert_eq!(
        hackenbush("lre").unwrap().to_string(),
        "hackenbush(\"lre\")"
    );
    assert_eq!(cutcake(3, 2).unwrap().to_string(), "cutcake(3,2)");
    assert_eq!(
        partizan_subtraction(5, &[2, 1], &[3]).unwrap().to_string(),
        "subtraction(5, [1,2], [3])"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn green_trees_follow_the_colon_principle(trees in prop::collection::vec(generators::hackenbush_edge(3, &['e'], 3), 1..3)) {
        let text = trees.join(",");
        let f = hackenbush_tree(&text).unwrap();
        let expect = f.0.iter().map(|e| e.green_value().unwrap()).fold(0, |a, b| a ^ b);
        let v = CanonicalSolver::new(HackenbushTrees).value(&f).unwrap();
        prop_assert_eq!(v, Game::nimber(expect).unwrap(), "{}", text);
    }

    #[test]
    fn hackenbush_trees_match_search_and_print_back(trees in prop::collection::vec(generators::hackenbush_edge(3, &['l', 'r', 'e'], 3), 1..3)) {
        let text = trees.join(",");
        let f = hackenbush_tree(&text).unwrap();
        let v = CanonicalSolver::new(HackenbushTrees).value(&f).unwrap();
        prop_assert_eq!(v.outcome(), search_outcome(&HackenbushTrees, &f).unwrap(), "{}", text);
        // The printed form parses back to the same forest.
        let printed = f.to_string();
        let inner = printed.trim_start_matches("hackenbush_tree(\"").trim_end_matches("\")");
        prop_assert_eq!(hackenbush_tree(inner).unwrap(), f);
    }
}

#[test]
fn hackenbush_trees_agree_with_strings_and_reject_bad_text() {
    let mut strings = CanonicalSolver::new(Hackenbush);
    let mut trees = CanonicalSolver::new(HackenbushTrees);
    for s in strings_of(&['l', 'r', 'e'], 5) {
        let a = strings.value(&hackenbush(&s).unwrap()).unwrap();
        let b = trees.value(&hackenbush_tree(&s).unwrap()).unwrap();
        assert_eq!(a, b, "{s}");
    }
    // A blue edge holding a red and a blue twig: Left cuts the root (0) or
    // the blue twig (leaving "lr" = 1/2); Right cuts the red twig (leaving
    // "ll" = 2). {0, 1/2 | 2} = 1.
    let f = hackenbush_tree("l(r,l)").unwrap();
    assert_eq!(trees.value(&f).unwrap(), Game::integer(1).unwrap());
    assert_eq!(f.to_string(), "hackenbush_tree(\"l(l,r)\")");
    assert!(hackenbush_tree("l(r")
        .unwrap_err()
        .to_string()
        .contains("unclosed"));
    assert!(hackenbush_tree("l,,r").is_err());
    assert!(hackenbush_tree("lx").is_err());
}

/// Issue 12: CGSuite's tree spelling (its Graph strings: branches in
/// parentheses separated by ';', a leading '(' for branches on the ground)
/// reads, with the values CGSuite's GameGraphTest.scala gives.
#[test]
fn hackenbush_trees_read_as_cgsuite_writes_them() {
    let mut trees = CanonicalSolver::new(HackenbushTrees);
    let mut value = |t: &str| trees.value(&hackenbush_tree(t).unwrap()).unwrap();
    // game.graph.Hackenbush("l(l;rl)").CanonicalForm = 3/2
    assert_eq!(value("l(l;rl)").to_string(), "3/2");
    // "e(ee(e;e);e(eee;ee);e(ee;e))" = *5 (a green tree)
    assert_eq!(value("e(ee(e;e);e(eee;ee);e(ee;e))").to_string(), "*5");
    // "lrlerrr" = 3/4v[3]*
    assert_eq!(value("lrlerrr").to_string(), "3/4v[3]*");
    // The same trees in grundy's commas, and branches on the ground.
    assert_eq!(
        hackenbush_tree("l(l;rl)").unwrap(),
        hackenbush_tree("l(l,rl)").unwrap()
    );
    assert_eq!(
        hackenbush_tree("(lr;e)").unwrap(),
        hackenbush_tree("lr,e").unwrap()
    );
    assert_eq!(
        hackenbush_tree("l(;r)").unwrap(),
        hackenbush_tree("lr").unwrap()
    );
    assert_eq!(
        hackenbush_tree("l((l;r);e)").unwrap(),
        hackenbush_tree("l(l,r,e)").unwrap()
    );
    for (bad, says) in [
        ("lrlr;lr", "second"),
        ("ee:Aeeee:A", "vertex name"),
        ("l(l;r)l", "unexpected"),
        ("(l;r", "unclosed"),
    ] {
        let e = hackenbush_tree(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

fn strings_of(alphabet: &[char], max_len: usize) -> Vec<String> {
    generators::strings(alphabet, max_len)
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn components_print_as_calls_that_parse_back() {
    let calls = [
        ("domineering", "\"..#|...\""),
        ("hackenbush", "\"lre\""),
        ("hackenbush_tree", "\"l(e,r)\""),
        ("toads_frogs", "\"tt..ff\""),
        ("ab_game", "\"A..B\""),
        ("cutcake", "3,2"),
        ("subtraction", "10, [1,2], [2,3]"),
        ("value", "\"{3||2*|1*}\""),
    ];
    for (name, args) in calls {
        let c = one(&format!("{name}({args})"));
        let text = c.to_string();
        assert_eq!(one(&text), c, "{name}({args}) printed as {text}");
    }
    let e = parse_game("cutcake(3)").unwrap_err().to_string();
    assert!(e.contains("cutcake(3,2)"), "{e}");
    let e = parse_game("chess(\"\")").unwrap_err().to_string();
    assert!(
        e.contains("unknown game") && e.contains("domineering"),
        "{e}"
    );
    assert!(parse_game("subtraction(10, [1,0], [2])").is_err());
}

fn board_text(rows: usize, cols: usize, cells: &[bool]) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if cells[r * cols + c] { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Transposing a board swaps the players: the value is negated. This
    /// checks move generation, cropping, mirroring and splitting together,
    /// independently of the solver's own normal form.
    #[test]
    fn domineering_transpose_negates(rows in 1usize..5, cols in 1usize..5, cells in prop::collection::vec(prop::bool::weighted(0.8), 16)) {
        let b = board_text(rows, cols, &cells);
        let t: Vec<bool> = (0..cols * rows).map(|i| cells[(i % rows) * cols + i / rows]).collect();
        let bt = board_text(cols, rows, &t);
        let mut s = CanonicalSolver::new(Domineering);
        let v = s.value(&domineering(&b).unwrap()).unwrap();
        let vt = s.value(&domineering(&bt).unwrap()).unwrap();
        prop_assert_eq!(vt, v.neg(), "{} vs {}", b, bt);
        // Two boards side by side, separated by a blocked column, add up.
        let mut w = CanonicalSolver::new(Domineering);
        let joined: Vec<String> = b.split('|').zip(b.split('|')).map(|(x, y)| format!("{x}#{y}")).collect();
        let twice = w.value(&domineering(&joined.join("|")).unwrap()).unwrap();
        prop_assert_eq!(twice, v.try_add(v).unwrap());
        // Empty boards: (rows-1)*cols vertical and rows*(cols-1) horizontal moves.
        let e = DomineeringBoard::empty(rows, cols).unwrap();
        let (mut l, mut r) = (Vec::new(), Vec::new());
        Domineering.options(&e, Player::Left, &mut l);
        Domineering.options(&e, Player::Right, &mut r);
        prop_assert_eq!((l.len(), r.len()), ((rows - 1) * cols, rows * (cols - 1)));
    }
}

#[test]
fn long_ab_strings_are_decided_in_linear_time() {
    // A mixed pair with 100000 cells between: Nim heap 100000, no reserves.
    let s = format!("A{}B", ".".repeat(100_000));
    let p = ab_game(&s).unwrap();
    assert_eq!(p.reserve_and_heap(), (0, 100_000));
    assert_eq!(p.winner_a_first(), Player::Left);
    // Its value would need *100000: refused with a clear error, not a hang.
    assert!(matches!(ab_closed_form(&p), Err(Error::Domain { .. })));
    let q = ab_game(&format!("B{}B.A", ".".repeat(50_000))).unwrap();
    assert_eq!(q.reserve_and_heap(), (-50_000, 0));
    assert_eq!(q.winner_a_first(), Player::Right);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Number-up-star sums are built directly from their parts; check them
    /// against the solver adding explicit game trees with no shortcuts.
    #[test]
    fn number_up_star_shortcut_matches_trees(x in 0usize..4, n in -3i64..=3, m in 0usize..6, k in 0usize..4) {
        let zero = Tree(vec![], vec![]);
        let one = Tree(vec![zero.clone()], vec![]);
        let star = Tree::nim(1);
        let up = Tree(vec![zero.clone()], vec![star]);
        let numbers = [zero.clone(), one.clone(), one.neg(), Tree(vec![zero.clone()], vec![one.clone()])];
        let values = ["0", "1", "-1", "1/2"];
        let mut parts = vec![numbers[x].clone(), Tree::nim(m), Tree::nim(k)];
        for _ in 0..n.abs() {
            parts.push(if n > 0 { up.clone() } else { up.neg() });
        }
        let by_trees = CanonicalSolver::new(TreeSum).value(&Trees(parts)).unwrap();
        let fast = Game::parse(values[x]).unwrap()
            .try_add(Game::up_multiple(n).unwrap()).unwrap()
            .try_add(Game::nimber(m as u64).unwrap()).unwrap()
            .try_add(Game::nimber(k as u64).unwrap()).unwrap();
        prop_assert_eq!(by_trees, fast, "{} + {}.^ + *{} + *{}", values[x], n, m, k);
    }
}

/// `x + n.^ + *m` as a formal sum of explicit trees, for plain search.
fn nus_trees(x: i64, n: i64, m: usize) -> Vec<Tree> {
    let int = |k: i64| {
        let mut t = Tree(vec![], vec![]);
        for _ in 0..k.unsigned_abs() {
            t = if k > 0 {
                Tree(vec![t], vec![])
            } else {
                Tree(vec![], vec![t])
            };
        }
        t
    };
    let up = Tree(vec![Tree::nim(0)], vec![Tree::nim(1)]);
    let mut out = vec![int(x), Tree::nim(m)];
    for _ in 0..n.unsigned_abs() {
        out.push(if n > 0 { up.clone() } else { up.neg() });
    }
    out
}

fn nus_game(x: i64, n: i64, m: usize) -> Game {
    add(
        add(Game::integer(x).unwrap(), Game::up_multiple(n).unwrap()),
        Game::nimber(m as u64).unwrap(),
    )
}

/// Number-up-stars compare and negate by their parts, without walking
/// their chains: every pair of small ones agrees with plain search of the
/// difference (`G <= H` iff Left moving first loses `G - H`).
#[test]
fn number_up_stars_compare_as_plain_search_says() {
    let mut all = Vec::new();
    for x in -1..=1 {
        for n in -3..=3 {
            for m in 0..=2 {
                all.push((x, n, m));
            }
        }
    }
    for &(x, n, m) in &all {
        let g = nus_game(x, n, m);
        assert_eq!(g.neg(), nus_game(-x, -n, m), "-({x} {n}.^ *{m})");
        for &(y, k, j) in &all {
            let h = nus_game(y, k, j);
            let mut diff = nus_trees(x, n, m);
            diff.extend(nus_trees(y, k, j).iter().map(Tree::neg));
            let outcome = search_outcome(&TreeSum, &Trees(diff)).unwrap();
            let searched = matches!(outcome, Outcome::P | Outcome::R);
            assert_eq!(g.le(h), searched, "{x} {n}.^ *{m} <= {y} {k}.^ *{j}");
        }
    }
}

/// Sums of many equal components are multiplied, not added one by one:
/// 10^4 copies of ^ or {1|0} and 10^5 of * answer at once.
#[test]
fn sums_of_many_copies_are_multiplied() {
    let mut engine = Engine::new(Limits::default());
    for (g, copies, value) in [
        ("^", 10_000, "^10000"),
        ("{1|0}", 10_000, "5000"),
        ("v*", 9_999, "v9999*"),
        ("*", 100_000, "0"),
    ] {
        let text = vec![g; copies].join(" + ");
        let game = parse_game(&text).unwrap();
        let start = std::time::Instant::now();
        assert_eq!(
            engine.partizan_value(&game).unwrap().to_string(),
            value,
            "{copies} x {g}"
        );
        let report = engine.analyse(&text).unwrap();
        assert!(
            start.elapsed().as_secs() < 5,
            "{copies} x {g}: {:?}",
            start.elapsed()
        );
        assert!(matches!(report, grundy::engine::Analysis::Partizan { .. }) || g == "*");
    }
}

/// `-G` of a board stays the board, negated: it prints as written, its
/// value is the negative of the board's, `G + -G` is 0, and its outcome is
/// what plain minimax search of the sum finds.
#[test]
fn negated_boards_stay_boards() {
    let mut engine = Engine::new(Limits::default());
    for board in [
        "domineering(\"..|..\")",
        "domineering(\"...|..#\")",
        "clobber(\"xox|o..\")",
        "toppling_dominoes(\"lrrle\")",
        "hackenbush(\"lre\")",
        "col(\"R-.-.-L\")",
    ] {
        let text = format!("-{board} + ^");
        let game = parse_game(&text).unwrap();
        assert_eq!(game.to_string(), text, "prints as written");
        let g = engine.partizan_value(&parse_game(board).unwrap()).unwrap();
        let v = engine.partizan_value(&game).unwrap();
        assert_eq!(v, add(g.neg(), Game::up()), "{text}");
        let zero = parse_game(&format!("{board} - {board}")).unwrap();
        assert_eq!(
            engine.partizan_value(&zero).unwrap(),
            Game::zero(),
            "{board}"
        );
        let GameExpr::Sum(components) = game else {
            unreachable!()
        };
        let searched = search_outcome(&ComponentSum, &SumPosition(components)).unwrap();
        assert_eq!(v.outcome(), searched, "{text}");
    }
}
