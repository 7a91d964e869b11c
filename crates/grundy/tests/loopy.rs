//! Loopy partizan games (issue 23): CGSuite's own loopy values read and
//! print as CGSuite wrote them (`data/partizan/loopy.toml`), and the
//! theory's identities hold on every random small game graph:
//! `G - G = 0` and `G + H = H + G` for stoppers, offside <= onside, a
//! stopper's canonical form plays like the game (outcomes with draws of
//! sums with small short games, by retrograde analysis of the sum's
//! graph), the outcome read from the sides is the game's own, and every
//! printed value reads back equal.

use grundy::loopy::{outcomes, parse_loopy, LoopyGame, LoopyValue, PlayResult};
use grundy::partizan::{Comparison, Game};
use grundy::Budget;

fn budget() -> Budget {
    Budget::unlimited()
}

#[test]
fn cgsuite_loopy_outputs_read_and_print_as_cgsuite_wrote_them() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/loopy.toml"
    );
    let data: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let b = budget();
    let (mut same, mut gaps) = (0, Vec::new());
    for case in data["case"].as_array().unwrap() {
        let input = case["input"].as_str().unwrap();
        let output = case["output"].as_str().unwrap();
        let g = parse_loopy(input, &b).unwrap_or_else(|e| panic!("{input}: {e}"));
        let printed = g.to_string();
        assert_eq!(printed, output, "CGSuite printed {input} as {output}");
        if case.get("status").is_some() {
            // Printed right, but (as the status says) not readable back.
            gaps.push(input.to_string());
            continue;
        }
        let back = parse_loopy(output, &b).unwrap_or_else(|e| panic!("{output}: {e}"));
        assert_eq!(
            back.compare(&g, &b).unwrap(),
            Comparison::Equal,
            "{output} reads back equal"
        );
        assert_eq!(back.to_string(), output);
        if let Some(class) = case.get("outcome").and_then(|o| o.as_str()) {
            assert_eq!(g.outcomes(&b).unwrap().class(), class, "outcome of {input}");
        }
        same += 1;
    }
    println!(
        "{same} CGSuite loopy outputs reproduced both ways, {} printed only: {gaps:?}",
        gaps.len()
    );
    assert!(same >= 40, "only {same} reproduced");
}

#[test]
fn named_values_compare_as_the_theory_says() {
    let b = budget();
    let v = |t: &str| parse_loopy(t, &b).unwrap();
    let cmp = |x: &str, y: &str| v(x).compare(&v(y), &b).unwrap();
    // on is above every short game, off below (Winning Ways ch. 11).
    assert_eq!(cmp("on", "1000"), Comparison::Greater);
    assert_eq!(cmp("off", "-1000"), Comparison::Less);
    assert_eq!(cmp("on", "over"), Comparison::Greater);
    // over is a positive infinitesimal (CGSuite: IsInfinitesimal, class L)
    // absorbing ^ (EvalTest: over + ^ = over).
    assert_eq!(cmp("over", "0"), Comparison::Greater);
    assert_eq!(cmp("over", "1/1024"), Comparison::Less);
    assert_eq!(cmp("over", "^"), Comparison::Greater);
    assert_eq!(cmp("over", "under"), Comparison::Greater);
    // dud = on & off absorbs every short game; on - on is dud, not 0.
    assert_eq!(v("dud").to_string(), "dud");
    assert_eq!(v("on - on").to_string(), "dud");
    assert_eq!(v("dud + 5").to_string(), "dud");
    assert_eq!(cmp("on", "on + 1"), Comparison::Equal);
    // A label that names a pass is the same game as pass.
    assert_eq!(cmp("a{0|a}", "{0|pass}"), Comparison::Equal);
}

#[test]
fn dud_is_a_draw_whoever_starts_and_on_a_left_win() {
    let b = budget();
    let o = parse_loopy("dud", &b).unwrap().outcomes(&b).unwrap();
    assert_eq!(
        (o.left_first, o.right_first),
        (PlayResult::Draw, PlayResult::Draw)
    );
    let o = parse_loopy("on", &b).unwrap().outcomes(&b).unwrap();
    assert_eq!(
        (o.left_first, o.right_first),
        (PlayResult::LeftWins, PlayResult::LeftWins)
    );
    // {pass|0}+{0|pass}: over + under: whoever starts ...
    let g = parse_loopy("a{1||a|0}", &b).unwrap();
    assert_eq!(g.to_string(), "2 & +-1");
}

#[test]
fn bad_text_is_refused_with_what_was_wrong() {
    let b = budget();
    for (text, needle) in [
        ("pass", "pass"),
        ("{1|0+pass}", "pass"),
        ("{0|a}", "label"),
        ("a{0|a+1}", "label"),
        ("{0|", "end of input"),
        ("v & over", "offside"),
        ("{over & 0|0}", "&"),
        ("{0||1||2}", "bars"),
    ] {
        let e = match parse_loopy(text, &b) {
            Ok(v) => panic!("{text} read as {v}"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(needle), "{text}: {e}");
    }
}

/// A deterministic generator for the random graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random graph of up to `max` vertices (some of them short games).
fn random_graph(rng: &mut Rng, max: u64) -> LoopyGame {
    let n = 1 + rng.below(max) as usize;
    let mut left = vec![Vec::new(); n];
    let mut right = vec![Vec::new(); n];
    for v in 0..n {
        for _ in 0..rng.below(3) {
            left[v].push(rng.below(n as u64) as u32);
        }
        for _ in 0..rng.below(3) {
            right[v].push(rng.below(n as u64) as u32);
        }
    }
    LoopyGame::from_edges(left, right, 0).unwrap()
}

fn shorts() -> Vec<Game> {
    [
        "0", "*", "1", "-1", "^", "v*", "1/2", "{1|-1}", "{2|0}", "*2",
    ]
    .iter()
    .map(|t| Game::parse(t).unwrap())
    .collect()
}

#[test]
fn random_graphs_obey_the_theory() {
    let b = budget();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let xs: Vec<LoopyGame> = shorts()
        .into_iter()
        .map(|x| LoopyGame::from_short(x, &b).unwrap())
        .collect();
    let zero = LoopyValue::short(Game::zero(), &b).unwrap();
    let (mut stoppers, mut sided, mut unresolved) = (0, 0, 0);
    for _ in 0..300 {
        let g = random_graph(&mut rng, 4);
        let v = LoopyValue::of(&g, &b).unwrap();
        match v {
            LoopyValue::Stopper(_) => stoppers += 1,
            LoopyValue::Sided { .. } => sided += 1,
            LoopyValue::Unresolved { .. } => unresolved += 1,
        }
        // The game's outcome with draws, read from its sides, is the
        // retrograde analysis of its own graph; and so for its sums with
        // short games.
        assert_eq!(
            v.outcomes(&b).unwrap(),
            outcomes(&g, &b).unwrap(),
            "{g:?} = {v}"
        );
        for x in &xs {
            let raw = outcomes(&g.sum(x, &b).unwrap(), &b).unwrap();
            let xv = LoopyValue::Stopper(x.clone());
            let by_value = v.add(&xv, &b).unwrap();
            assert_eq!(by_value.outcomes(&b).unwrap(), raw, "{v} + {x}");
        }
        if let LoopyValue::Stopper(s) = &v {
            // The canonical form plays like the game, in sums too (above).
            assert_eq!(outcomes(s, &b).unwrap(), outcomes(&g, &b).unwrap());
            // G = G; and G - G is 0 in the only sense a loopy game allows:
            // its onside >= 0 >= its offside (Left survives G - G moving
            // second, and so does Right). It is not 0 itself: on - on is
            // dud, over - over is over & under (Siegel, CGT, VI.5).
            assert_eq!(v.compare(&v, &b).unwrap(), Comparison::Equal);
            let d = v.add(&v.neg(), &b).unwrap();
            let on = LoopyValue::Stopper(d.onside().clone());
            let off = LoopyValue::Stopper(d.offside().clone());
            assert!(
                zero.leq(&on, &b).unwrap() && off.leq(&zero, &b).unwrap(),
                "{v} - {v} = {d}"
            );
        }
        if v.is_stopper_sided() {
            // Sides sandwich: offside <= onside.
            let on = LoopyValue::Stopper(v.onside().clone());
            let off = LoopyValue::Stopper(v.offside().clone());
            assert!(off.leq(&on, &b).unwrap(), "{v}");
            // Printed, it reads back equal.
            let text = v.to_string();
            let back = parse_loopy(&text, &b).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.compare(&v, &b).unwrap(), Comparison::Equal, "{text}");
            assert_eq!(back.to_string(), text);
        }
    }
    println!("{stoppers} stoppers, {sided} stopper-sided, {unresolved} not reduced");
    assert!(
        stoppers > 30 && sided > 10,
        "{stoppers} stoppers, {sided} sided"
    );
}

#[test]
fn sums_of_random_stoppers_commute() {
    let b = budget();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut done = 0;
    while done < 60 {
        let (g, h) = (random_graph(&mut rng, 3), random_graph(&mut rng, 3));
        if !(g.is_stopper() && h.is_stopper()) {
            continue;
        }
        let (gv, hv) = (
            LoopyValue::of(&g, &b).unwrap(),
            LoopyValue::of(&h, &b).unwrap(),
        );
        let gh = gv.add(&hv, &b).unwrap();
        let hg = hv.add(&gv, &b).unwrap();
        assert_eq!(
            gh.compare(&hg, &b).unwrap(),
            Comparison::Equal,
            "{gv} + {hv}"
        );
        assert_eq!(gh.to_string(), hg.to_string());
        // The sum by values is the value of the sum's graph.
        let raw = LoopyValue::of(&g.sum(&h, &b).unwrap(), &b).unwrap();
        assert_eq!(
            raw.compare(&gh, &b).unwrap(),
            Comparison::Equal,
            "{gv} + {hv}"
        );
        done += 1;
    }
}

#[test]
fn limits_are_reported_not_exceeded() {
    let limits = grundy::Limits {
        max_positions: 50,
        ..grundy::Limits::default()
    };
    let b = Budget::new(limits);
    let e = parse_loopy("100 + on", &b).unwrap_err();
    assert!(e.to_string().contains("position"), "{e}");
}

/// A random graph of several strongly connected pieces: `pieces` random
/// graphs of up to `max` vertices, each piece's vertices with a few moves
/// down into the pieces after it, so the graph is a chain of components.
fn random_layered_graph(rng: &mut Rng, pieces: u64, max: u64) -> LoopyGame {
    let sizes: Vec<usize> = (0..pieces).map(|_| 1 + rng.below(max) as usize).collect();
    let n: usize = sizes.iter().sum();
    let mut left = vec![Vec::new(); n];
    let mut right = vec![Vec::new(); n];
    let mut first = 0;
    for &k in &sizes {
        for v in first..first + k {
            for _ in 0..rng.below(3) {
                left[v].push((first + rng.below(k as u64) as usize) as u32);
            }
            for _ in 0..rng.below(3) {
                right[v].push((first + rng.below(k as u64) as usize) as u32);
            }
            let below = n - first - k;
            if below > 0 {
                for _ in 0..rng.below(3) {
                    let t = (first + k + rng.below(below as u64) as usize) as u32;
                    if rng.below(2) == 0 {
                        left[v].push(t);
                    } else {
                        right[v].push(t);
                    }
                }
            }
        }
        first += k;
    }
    LoopyGame::from_edges(left, right, 0).unwrap()
}

#[test]
fn values_by_components_are_the_whole_graphs_values() {
    let b = budget();
    let mut rng = Rng(0xA076_1D64_78BD_642F);
    let (mut sided, mut unresolved, mut resolved_only_by_parts) = (0, 0, 0);
    for round in 0..3000 {
        let g = if round % 2 == 0 {
            random_graph(&mut rng, 7)
        } else {
            let pieces = 1 + rng.below(6);
            random_layered_graph(&mut rng, pieces, 5)
        };
        let whole = LoopyValue::of_whole(&g, &b).unwrap();
        let parts = LoopyValue::by_components(&g, &b).unwrap();
        // Equal in both sides, always.
        assert_eq!(
            parts.compare(&whole, &b).unwrap(),
            Comparison::Equal,
            "{g:?}: by components {parts}, whole {whole}"
        );
        if whole.is_stopper_sided() {
            // A stopper-sided value is canonical: the same printed value.
            assert_eq!(
                parts.to_string(),
                whole.to_string(),
                "{g:?}: by components {parts}, whole {whole}"
            );
            if !g.is_loopfree() {
                sided += 1;
            }
        } else if parts.is_stopper_sided() {
            resolved_only_by_parts += 1;
        } else {
            // Sides that keep an alternating cycle are printed as far as
            // they simplify; the components' lower positions come
            // canonical, so the print may be simpler, never less resolved.
            unresolved += 1;
        }
    }
    println!("{sided} loopy stopper-sided, {unresolved} unresolved, {resolved_only_by_parts} resolved only by components");
    assert!(sided > 300, "{sided} loopy stopper-sided graphs");
}

/// CGSuite's degrees, idempotence and varieties of stoppers
/// (`data/partizan/loopy_varieties.toml`), through the expression
/// functions: each answer equals CGSuite's printed one read back, and
/// where CGSuite says a variety does not exist, grundy says so too.
#[test]
fn cgsuite_degrees_and_varieties() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/loopy_varieties.toml"
    );
    let data: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let b = budget();
    let equal = |call: &str, expected: &str| {
        let ours = parse_loopy(call, &b).unwrap_or_else(|e| panic!("{call}: {e}"));
        let theirs = parse_loopy(expected, &b).unwrap_or_else(|e| panic!("{expected}: {e}"));
        assert_eq!(
            ours.compare(&theirs, &b).unwrap(),
            Comparison::Equal,
            "{call} is {ours}, CGSuite says {expected}"
        );
    };
    let cases = data["case"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let g = case["game"].as_str().unwrap();
        equal(&format!("degree({g})"), case["degree"].as_str().unwrap());
        let value = parse_loopy(g, &b).unwrap();
        let idempotent = grundy::loopy::is_idempotent(&value, &b).unwrap();
        assert_eq!(
            idempotent,
            case["idempotent"].as_bool().unwrap(),
            "is_idempotent({g})"
        );
        match case.get("variety").and_then(|v| v.as_str()) {
            Some(v) => equal(&format!("variety({g})"), v),
            None => {
                let wanted = case["variety_error"].as_str().unwrap();
                let e = parse_loopy(&format!("variety({g})"), &b).unwrap_err();
                assert!(
                    e.to_string().to_lowercase().contains(wanted),
                    "variety({g}): {e}"
                );
            }
        }
    }
}
