//! The theory behind the engine's shortcuts, checked against plain search of
//! the whole game: the value of a sum is the XOR of its components' values
//! (Sprague–Grundy), every listed winning move wins, misère answers match search.

use grundy::{
    parse_game, Engine, ExprGraph, GameExpr, Limits, Outcome, PlainSearch, Play, SearchConfig, Sums,
};
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

fn groups(text: &str) -> Vec<grundy::Group> {
    match parse_game(text).unwrap() {
        GameExpr::Sum(g) | GameExpr::Misere(g) => g,
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
