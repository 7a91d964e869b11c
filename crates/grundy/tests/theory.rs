//! The theory behind the engine's shortcuts, checked against plain search of
//! the whole game: the value of a sum is the XOR of its components' values
//! (Sprague–Grundy), every listed winning move wins, misère answers match search.

use grundy::api::ReadText;
use grundy::engine::ExprGraph;
use grundy::solvers::search::{PlainSearch, Play, SearchConfig};
use grundy::vocab::rules::Sums;
use grundy::{parse_game, Engine, GameExpr, Limits, Outcome};
use proptest::prelude::*;

/// A small component, written as the user would.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..6).prop_map(|n| format!("nim({n})")),
        (0u64..7).prop_map(|n| format!("kayles({n})")),
        (0u64..8).prop_map(|n| format!("dawson({n})")),
        (0u64..9).prop_map(|n| format!("grundy_game({n})")),
        (0u64..9).prop_map(|n| format!("sub[1,3,4]({n})")),
        (0u64..7).prop_map(|n| format!("allbut[2]({n})")),
        (0u64..8).prop_map(|n| format!("octal[4.007]({n})")),
        (0u64..7).prop_map(|n| format!("octal[0.8]({n})")),
        (0u64..3, 0u64..4, 0u64..3).prop_map(|(a, b, c)| format!("staircase({a},{b},{c})")),
        (0u64..4, 0u64..4).prop_map(|(x, y)| format!("queen({x},{y})")),
        (0u64..6, 0u64..6).prop_map(|(x, y)| format!("knight({x},{y})")),
        (0u64..4, 0u64..4).prop_map(|(x, y)| format!("king({x},{y})")),
        (0u64..5, 0u64..5)
            .prop_map(|(x, y)| format!("piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 5]({x},{y})")),
    ]
}

fn sum() -> impl Strategy<Value = String> {
    proptest::collection::vec(component(), 1..4).prop_map(|c| c.join(" + "))
}

fn groups(text: &str) -> Vec<grundy::Component> {
    match parse_game(text).unwrap() {
        GameExpr::Sum(g) | GameExpr::Misere(g) => g,
        GameExpr::Compound { .. } => panic!("{text} is a compound"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn value_of_a_sum_is_the_mex_search_of_the_whole_sum(text in sum()) {
        let mut engine = Engine::new(Limits::default());
        let e = engine.evaluate(&text).unwrap();
        let graph = ExprGraph::new(&groups(&text));
        let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
        prop_assert_eq!(Some(search.nimber(&graph.start()).unwrap()), e.nimber, "{}", text);
        prop_assert_eq!(search.outcome(&graph.start(), Play::Normal).unwrap(), e.outcome);
        // every winning move listed leads to a P-position, and there are as many as search finds
        for m in &e.winning_moves {
            prop_assert_eq!(engine.evaluate_game(m).unwrap().outcome, Outcome::P, "{} -> {}", text, m);
        }
        let searched = search.winning_moves(&graph.start(), Play::Normal).unwrap();
        prop_assert_eq!(e.winning_moves.len(), searched.len(), "{}", text);
    }

    #[test]
    fn misere_answers_match_search(text in sum()) {
        let mut engine = Engine::new(Limits::default());
        let e = engine.evaluate(&format!("misere({text})")).unwrap();
        let graph = ExprGraph::new(&groups(&text));
        let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
        prop_assert_eq!(search.outcome(&graph.start(), Play::Misere).unwrap(), e.outcome, "{}", text);
        for m in &e.winning_moves {
            prop_assert_eq!(engine.evaluate_game(m).unwrap().outcome, Outcome::P, "{} -> {}", text, m);
        }
    }

    #[test]
    fn misere_nim_rule_matches_search(heaps in proptest::collection::vec(0u64..6, 1..5)) {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let text = format!("nim({})", list.join(","));
        let mut engine = Engine::new(Limits::default());
        let e = engine.evaluate(&format!("misere({text})")).unwrap();
        let graph = ExprGraph::new(&groups(&text));
        let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
        prop_assert_eq!(search.outcome(&graph.start(), Play::Misere).unwrap(), e.outcome, "{}", text);
        let searched = search.winning_moves(&graph.start(), Play::Misere).unwrap();
        prop_assert_eq!(e.winning_moves.len(), searched.len(), "{}", text);
    }
}

/// Two equal components in separate summands: moving in either reaches the same
/// position, which is one winning move, as plain search counts it.
#[test]
fn equal_summands_give_one_move_per_position() {
    let mut engine = Engine::new(Limits::default());
    let text = "kayles(3) + kayles(3) + allbut[2](1)";
    let e = engine.evaluate(text).unwrap();
    let graph = ExprGraph::new(&groups(text));
    let mut search = PlainSearch::new(Sums(&graph), SearchConfig::default());
    let searched = search.winning_moves(&graph.start(), Play::Normal).unwrap();
    assert_eq!(e.winning_moves.len(), searched.len());
}

mod compounds {
    use super::*;
    use grundy::solvers::compound::{Compound, CompoundKind};
    use grundy::solvers::search::Remoteness;

    fn small() -> impl Strategy<Value = String> {
        prop_oneof![
            (0u64..5).prop_map(|n| format!("nim({n})")),
            (0u64..6).prop_map(|n| format!("kayles({n})")),
            (0u64..7).prop_map(|n| format!("sub[1,3,4]({n})")),
            (0u64..4, 0u64..4).prop_map(|(x, y)| format!("king({x},{y})")),
            (0u64..3, 0u64..3, 0u64..3).prop_map(|(a, b, c)| format!("staircase({a},{b},{c})")),
            ((0u64..4), (0u64..3)).prop_map(|(a, b)| format!("nim({a}) + kayles({b})")),
        ]
    }

    const KINDS: [(&str, CompoundKind); 4] = [
        ("selective", CompoundKind::Selective),
        ("not_all", CompoundKind::NotAll),
        ("conjunctive", CompoundKind::Conjunctive),
        ("continued_conjunctive", CompoundKind::ContinuedConjunctive),
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The engine's compound answers (theory over components) equal plain search of
        /// the compound itself: outcome, the winning moves, remoteness and suspense.
        #[test]
        fn compounds_equal_search_of_the_compound(
            parts in proptest::collection::vec(small(), 1..4),
            which in 0usize..4,
            misere in proptest::bool::ANY,
        ) {
            let (name, kind) = KINDS[which];
            let inner = format!("{name}({})", parts.join(", "));
            let text = if misere { format!("misere({inner})") } else { inner };
            let play = if misere { Play::Misere } else { Play::Normal };
            let mut engine = Engine::new(Limits::default());
            let e = engine.evaluate(&text).unwrap();
            let GameExpr::Compound { parts: groups, .. } = parse_game(&text).unwrap() else { unreachable!() };
            let (graph, starts) = ExprGraph::for_parts(&groups);
            let mut search = PlainSearch::new(Compound::new(Sums(&graph), kind), SearchConfig::default());
            prop_assert_eq!(search.outcome(&starts, play).unwrap(), e.outcome, "{}", text);
            prop_assert_eq!(search.winning_moves(&starts, play).unwrap().len(), e.winning_moves.len(), "{}", text);
            for m in &e.winning_moves {
                prop_assert_eq!(engine.evaluate_game(m).unwrap().outcome, Outcome::P, "{} -> {}", text, m);
            }
            match kind {
                CompoundKind::Conjunctive => {
                    let r: Remoteness = search.remoteness(&starts, play).unwrap();
                    prop_assert_eq!(Some(r), e.remoteness, "{}", text);
                }
                CompoundKind::ContinuedConjunctive => {
                    let r: Remoteness = search.suspense(&starts, play).unwrap();
                    prop_assert_eq!(Some(r), e.suspense, "{}", text);
                }
                _ => {}
            }
        }
    }
}

/// Issue 27: a misère sum of many equal Nim heaps is Bouton's rule at
/// once; equal components give one winning move, built once (30 000 copies
/// of nim(1) took over a minute when each copy built its own).
#[test]
fn long_misere_sums_of_copies_are_answered_at_once() {
    let mut engine = Engine::new(Limits::default());
    for (n, outcome) in [(30_000, Outcome::N), (30_001, Outcome::P)] {
        let sum = vec!["nim(1)"; n].join(" + ");
        let start = std::time::Instant::now();
        let e = engine.evaluate(&format!("misere({sum})")).unwrap();
        assert_eq!(e.outcome, outcome, "{n} heaps");
        let moves = if outcome == Outcome::N { 1 } else { 0 };
        assert_eq!(e.winning_moves.len(), moves, "{n} heaps");
        let took = start.elapsed();
        assert!(
            took < std::time::Duration::from_secs(5),
            "{n} heaps took {took:?}"
        );
    }
    // Mixed copies: one move per distinct component and size.
    let sum = format!(
        "misere({} + {})",
        vec!["nim(3)"; 5000].join(" + "),
        vec!["nim(1)"; 5000].join(" + ")
    );
    let e = engine.evaluate(&sum).unwrap();
    assert_eq!(e.outcome, Outcome::P);
    let sum = format!("misere({} + nim(2))", vec!["nim(3)"; 5000].join(" + "));
    let e = engine.evaluate(&sum).unwrap();
    assert_eq!(e.outcome, Outcome::N);
    // nim(2) to 0, or one nim(3) to nim(1).
    assert_eq!(e.winning_moves.len(), 2, "{:?}", e.winning_moves.len());
}

/// Issue 27: a lone misère Staircase Nim position is answered by its
/// theorem (the odd steps as misère Nim heaps), not searched: twelve steps
/// of two coins would meet millions of positions, and a limit of 1 000
/// positions shows none is searched. Every winning move leads to P.
#[test]
fn misere_staircase_is_answered_by_its_theory() {
    let limits = grundy::Limits {
        max_positions: 1000,
        ..grundy::Limits::default()
    };
    let mut engine = Engine::new(limits);
    let twos = ["2"; 12].join(",");
    let e = engine
        .evaluate(&format!("misere(staircase({twos}))"))
        .unwrap();
    assert_eq!(e.outcome, Outcome::P);
    assert!(e.winning_moves.is_empty());
    let e = engine
        .evaluate(&format!("misere(staircase({twos},2,5))"))
        .unwrap();
    assert_eq!(e.outcome, Outcome::N);
    assert!(!e.winning_moves.is_empty());
    for m in &e.winning_moves {
        let after = engine.evaluate(&m.to_string()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{m}");
    }
}
