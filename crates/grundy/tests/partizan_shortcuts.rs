//! The canonical solver's shortcuts — a game's split into independent
//! parts, its symmetric keys (a position and its mirror image share one
//! memo entry, negated), dropped dead cells — against the same solver given
//! the bare rules (options only, every position its own key), on every
//! small position and on random larger ones.

use std::ops::ControlFlow;

use grundy::partizan::*;
use grundy::{Budget, LimitError, Limits, Player};
use proptest::prelude::*;
mod generators;

/// The options of `R` and nothing else: no normalising, no split, no
/// symmetry. What the shortcuts must agree with.
struct Bare<R>(R);

impl<R: PartizanRules> PartizanRules for Bare<R> {
    type Position = R::Position;

    fn options(&self, p: &R::Position, player: Player, out: &mut Vec<R::Position>) {
        self.0.options(p, player, out);
    }

    fn options_until(
        &self,
        p: &R::Position,
        player: Player,
        visit: &mut dyn FnMut(R::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.0.options_until(p, player, visit)
    }
}

/// The value of `position` by fresh solvers with `rules`' shortcuts and
/// with the bare rules.
fn with_and_without_shortcuts<R: PartizanRules + Copy>(
    rules: R,
    position: &R::Position,
) -> (Game, Game) {
    let fast = CanonicalSolver::new(rules).value(position).unwrap();
    let bare = CanonicalSolver::new(Bare(rules)).value(position).unwrap();
    (fast, bare)
}

/// Every `rows x cols` Domineering board, as text.
fn boards(rows: usize, cols: usize) -> impl Iterator<Item = String> {
    (0u32..1 << (rows * cols))
        .map(move |free| generators::board(rows, cols, |i| free >> i & 1 == 1))
}

#[test]
fn domineering_shortcuts_match_the_bare_rules_on_every_board_up_to_3x4() {
    let mut fast = CanonicalSolver::new(Domineering);
    let mut bare = CanonicalSolver::new(Bare(Domineering));
    let (mut checked, mut expected) = (0, 0);
    for rows in 1..=4 {
        for cols in 1..=4 {
            if rows * cols > 12 {
                continue;
            }
            expected += 1 << (rows * cols);
            for text in boards(rows, cols) {
                let b = domineering(&text).unwrap();
                assert_eq!(
                    fast.value(&b).unwrap(),
                    bare.value(&b).unwrap(),
                    "domineering(\"{text}\")"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, expected);
}

#[test]
fn toads_and_frogs_shortcuts_match_the_bare_rules_up_to_length_8() {
    let mut fast = CanonicalSolver::new(ToadsFrogs);
    let mut bare = CanonicalSolver::new(Bare(ToadsFrogs));
    let all = generators::strings(&['t', 'f', '.'], 8);
    assert_eq!(all.len(), 9841);
    for s in all {
        let p = toads_frogs(&s).unwrap();
        assert_eq!(
            fast.value(&p).unwrap(),
            bare.value(&p).unwrap(),
            "toads_frogs(\"{s}\")"
        );
    }
}

/// The moves of a Toads and Frogs row as the rules are written, on text.
fn moves_as_written(row: &str, toad: bool) -> Vec<String> {
    let s: Vec<char> = row.chars().collect();
    let (me, them) = if toad { ('t', 'f') } else { ('f', 't') };
    let mut out = Vec::new();
    for i in 0..s.len() {
        if s[i] != me {
            continue;
        }
        let ahead = |k: usize| {
            if toad {
                i.checked_add(k).filter(|&j| j < s.len())
            } else {
                i.checked_sub(k)
            }
        };
        let to = match (ahead(1), ahead(2)) {
            (Some(a), _) if s[a] == '.' => Some(a),
            (Some(a), Some(b)) if s[a] == them && s[b] == '.' => Some(b),
            _ => None,
        };
        if let Some(j) = to {
            let mut t = s.clone();
            t.swap(i, j);
            out.push(format!("toads_frogs(\"{}\")", t.iter().collect::<String>()));
        }
    }
    out
}

#[test]
fn toads_and_frogs_moves_are_the_rules_as_written() {
    for s in generators::strings(&['t', 'f', '.'], 7) {
        let p = toads_frogs(&s).unwrap();
        assert_eq!(p.to_string(), format!("toads_frogs(\"{s}\")"));
        for (player, toad) in [(Player::Left, true), (Player::Right, false)] {
            let mut got = Vec::new();
            ToadsFrogs.options(&p, player, &mut got);
            let got: Vec<String> = got.iter().map(|o| o.to_string()).collect();
            assert_eq!(got, moves_as_written(&s, toad), "{s}");
        }
    }
    let long = ".".repeat(MAX_TOADS_FROGS_CELLS);
    assert!(toads_frogs(&long).is_ok());
    let err = toads_frogs(&format!("{long}t")).unwrap_err().to_string();
    assert!(err.contains("more than 120 cells"), "{err}");
}

#[test]
fn toads_and_frogs_blocks_split_and_mirror_images_negate() {
    let mut fast = CanonicalSolver::new(ToadsFrogs);
    let value =
        |s: &mut CanonicalSolver<ToadsFrogs>, t: &str| s.value(&toads_frogs(t).unwrap()).unwrap();
    // `ttff` can never move: the row is the sum of the two sides.
    let sum = value(&mut fast, "t.ttff.f")
        .try_add(value(&mut fast, "t."))
        .unwrap();
    assert_eq!(value(&mut fast, "t.ttff.ft."), sum);
    assert_eq!(value(&mut fast, "t.ttff"), value(&mut fast, "t."));
    // Read backwards with toads and frogs exchanged: the negative.
    assert_eq!(value(&mut fast, "tt.f.f"), value(&mut fast, "t.t.ff").neg());
}

/// Erickson's Terminal Toads Theorem and Finished Frogs Formula, checked
/// with the bare rules: a toad past every frog is its row without it plus
/// the empty cells ahead of it; a frog before every toad likewise for
/// Right.
#[test]
fn toads_past_every_frog_are_integers_in_hand() {
    let mut bare = CanonicalSolver::new(Bare(ToadsFrogs));
    let mut value = |t: &str| bare.value(&toads_frogs(t).unwrap()).unwrap();
    let int = |n: i64| Game::integer(n).unwrap();
    for (row, rest, n) in [
        ("ttft..", "ttf..", 2),
        ("tft.t.", "tf..", 1 + 2),
        ("t.ftf.t..", "t.ftf...", 2),
        ("..ftf.t", "..tf.", -2),
        ("f.f.tft.", "..tf.", -1 + 1),
        ("f.tf.t.", ".tf..", 1),
    ] {
        assert_eq!(value(row), value(rest).try_add(int(n)).unwrap(), "{row}");
    }
    // Not a toad with a frog ahead of it: tf.t is 0, tf.. is 1.
    assert_ne!(value("tf.t"), value("tf..").try_add(int(1)).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn domineering_shortcuts_match_the_bare_rules_on_random_boards(
        rows in 1usize..=5,
        cols in 1usize..=5,
        cells in prop::collection::vec(prop::bool::weighted(0.75), 25),
    ) {
        let text = generators::board(rows, cols, |i| cells[i]);
        let b = domineering(&text).unwrap();
        let (fast, bare) = with_and_without_shortcuts(Domineering, &b);
        prop_assert_eq!(fast, bare, "domineering(\"{}\")", text);
    }

    #[test]
    fn toads_and_frogs_shortcuts_match_the_bare_rules_on_longer_rows(row in "[tf.]{8,11}") {
        let p = toads_frogs(&row).unwrap();
        let (fast, bare) = with_and_without_shortcuts(ToadsFrogs, &p);
        prop_assert_eq!(fast, bare, "toads_frogs(\"{}\")", row);
    }

    #[test]
    fn hackenbush_tree_shortcuts_match_the_bare_rules(
        trees in prop::collection::vec(generators::hackenbush_edge(4, &['l', 'r', 'e'], 4), 1..3),
    ) {
        let text = trees.join(",");
        let f = hackenbush_tree(&text).unwrap();
        let (fast, bare) = with_and_without_shortcuts(HackenbushTrees, &f);
        prop_assert_eq!(fast, bare, "hackenbush_tree(\"{}\")", text);
    }

    #[test]
    fn blue_red_tree_shortcuts_match_the_bare_rules(
        trees in prop::collection::vec(generators::hackenbush_edge(5, &['l', 'r'], 4), 1..3),
    ) {
        let text = trees.join(",");
        let f = hackenbush_tree(&text).unwrap();
        let (fast, bare) = with_and_without_shortcuts(HackenbushTrees, &f);
        prop_assert_eq!(fast, bare, "hackenbush_tree(\"{}\")", text);
    }
}

#[test]
fn shortcuts_stay_within_the_position_budget() {
    // Symmetric keys and splits still charge every memoised position.
    let budget = Budget::new(Limits {
        max_positions: 50,
        ..Limits::default()
    });
    let mut s = CanonicalSolver::with_budget(Domineering, &budget);
    let err = s
        .value(&DomineeringBoard::empty(4, 5).unwrap())
        .unwrap_err();
    assert!(
        matches!(err, Error::Limit(LimitError::Positions { limit: 50, .. })),
        "{err}"
    );
    let budget = Budget::new(Limits {
        max_positions: 50,
        ..Limits::default()
    });
    let mut s = CanonicalSolver::with_budget(ToadsFrogs, &budget);
    let err = s.value(&toads_frogs("ttt...fff").unwrap()).unwrap_err();
    assert!(
        matches!(err, Error::Limit(LimitError::Positions { limit: 50, .. })),
        "{err}"
    );
}
