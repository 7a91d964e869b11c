//! Values print as CGSuite 2.2 prints them (issue 12, part 1): every value
//! CGSuite printed in its own test files (`data/partizan/functions.toml`)
//! is read and printed back, and must come out as CGSuite wrote it, option
//! order and uptimal notation included; and the switch, bar, Tiny and
//! uptimal rules hold on their own.

use grundy::partizan::Game;

#[test]
fn cgsuite_outputs_print_back_as_cgsuite_wrote_them() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/functions.toml"
    );
    let data: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    let mut same = 0;
    for case in data["case"].as_array().unwrap() {
        let Some(v) = case.get("value").and_then(|v| v.as_str()) else {
            continue;
        };
        if case.get("read").is_some() {
            continue;
        }
        // A list of games (incentives) is not one game.
        let Ok(g) = Game::parse(v) else { continue };
        checked += 1;
        let printed = g.to_string();
        assert_eq!(printed, v, "CGSuite printed {v}");
        same += 1;
    }
    println!("{same} of {checked} CGSuite outputs printed identically");
    assert!(checked >= 60, "only {checked} values checked");
}

#[test]
fn switches_list_their_options_in_braces() {
    let g = Game::parse("+-(2,{4|0})").unwrap();
    // CGSuite 2.2 prints this switch +-{2,{4|0}} (the example).
    assert_eq!(g.to_string(), "+-{2,{4|0}}");
    assert_eq!(Game::parse("+-{2,{4|0}}").unwrap(), g);
    // One option: in parentheses when it is not braced, braced when it has bars.
    assert_eq!(Game::parse("+-(1*)").unwrap().to_string(), "+-(1*)");
    let one = Game::parse("+-{3|1}").unwrap();
    assert_eq!(one, Game::parse("{{3|1}|{-1|-3}}").unwrap());
    assert_eq!(one.to_string(), "+-{3|1}");
    // CGSuite's own test output (functions.toml, ordinal_sum(+-1, ^^)).
    let v = "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}";
    assert_eq!(Game::parse(v).unwrap().to_string(), v);
}

#[test]
fn four_bars_in_a_row_are_braced() {
    // {4|{3|{2|{1|0}}}} takes four bars; a game that reaches four is braced
    // and counts as none in the game around it (CGSuite's maxSlashes), so
    // no run is longer than four.
    let g = Game::parse("{4|{3|{2|{1|0}}}}").unwrap();
    assert_eq!(g.to_string(), "{4||||3|||2||1|0}");
    let h = Game::parse("{5|{4|{3|{2|{1|0}}}}}").unwrap();
    assert_eq!(h.to_string(), "{5|{4||||3|||2||1|0}}");
    let k = Game::parse("{6|{5|{4|{3|{2|{1|0}}}}}}").unwrap();
    assert_eq!(k.to_string(), "{6||5|{4||||3|||2||1|0}}");
    for t in [g, h, k] {
        assert!(!t.to_string().contains("|||||"), "{t}");
        assert_eq!(Game::parse(&t.to_string()).unwrap(), t);
    }
}

#[test]
fn a_number_plus_tiny_is_juxtaposed() {
    // CGSuite 2.2 writes x + Tiny(g) as `xTiny(g)` (issue 12: `2Tiny(2)`; its
    // test outputs in functions.toml: `3Tiny({3|1})`).
    let g = Game::parse("2+Tiny(2)").unwrap();
    assert_eq!(g.to_string(), "2Tiny(2)");
    assert_eq!(Game::parse("2Tiny(2)").unwrap(), g);
    let m = Game::parse("-1+Miny(2)").unwrap();
    assert_eq!(m.to_string(), "-1Miny(2)");
    assert_eq!(Game::parse("-1Miny(2)").unwrap(), m);
    let t = Game::parse("3Tiny({3|1})").unwrap();
    assert_eq!(t, Game::parse("3 + Tiny({3|1})").unwrap());
    assert_eq!(t.to_string(), "3Tiny({3|1})");
    assert_eq!(Game::parse("Tiny(2)").unwrap().to_string(), "Tiny(2)");
}

#[test]
fn uptimals_print_compactly_as_cgsuite_writes_them() {
    // The examples: CGSuite 2.2 prints these compactly; grundy
    // wrote them out in braces, which --notation expanded keeps.
    use grundy::partizan::Notation::Expanded;
    for (braces, cgsuite) in [
        ("{^|*||*|||*}", "^[4]"),
        ("{3/4|3/4,{3/4|3/4,3/4v*}}", "3/4v[3]*"),
        ("{^*|0}", "v<2>"),
    ] {
        let g = Game::parse(braces).unwrap();
        assert_eq!(g.to_string(), cgsuite);
        assert_eq!(g.to_string_in(Expanded), braces);
        assert_eq!(Game::parse(cgsuite).unwrap(), g);
    }
    // A number-up-star is compact in both notations; an uptimal that is
    // neither ^<n> nor ^[n] (here 2.^<3>) is braced in both, its options
    // compact in CGSuite's.
    assert_eq!(Game::parse("1^3*").unwrap().to_string_in(Expanded), "1^3*");
    let two = Game::parse("^<3> + ^<3>").unwrap();
    assert_eq!(two.to_string(), "{0|||0,v[2]*||v[2]*|0}");
    assert_eq!(Game::parse(&two.to_string()).unwrap(), two);
    // A switch's single option is in parentheses unless it is a number, a
    // nimber or ups alone (CGSuite's isCompact).
    assert_eq!(Game::parse("+-(1^<2>)").unwrap().to_string(), "+-(1^<2>)");
}

/// `data/partizan/notation.toml`: CGSuite's own (input, output) pairs.
#[derive(serde::Deserialize)]
struct NotationFile {
    case: Vec<NotationCase>,
    code: Vec<CodeCase>,
    normal_code: Vec<NormalCode>,
    code_options: Vec<CodeOptions>,
}

#[derive(serde::Deserialize)]
struct NotationCase {
    kind: String,
    input: String,
    cgsuite: String,
    output: String,
    source: String,
}

#[derive(serde::Deserialize)]
struct CodeCase {
    cgsuite: String,
    code: String,
    nim_values: Vec<u64>,
    source: String,
}

#[derive(serde::Deserialize)]
struct NormalCode {
    code: String,
    printed: String,
}

#[derive(serde::Deserialize)]
struct CodeOptions {
    code: String,
    heap: u64,
    options: String,
}

fn notation_file() -> NotationFile {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/partizan/notation.toml"
    );
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every record both ways: the input's value prints exactly as CGSuite
/// printed it, and CGSuite's output reads back as that value.
#[test]
fn cgsuite_inputs_print_as_cgsuite_output_and_outputs_read_back() {
    use grundy::language::expr::parse_any;
    use grundy::{Engine, Limits};
    let file = notation_file();
    let mut kinds = std::collections::BTreeMap::new();
    for c in &file.case {
        assert!(
            c.source.contains("github.com/aaron-siegel/cgsuite"),
            "{}",
            c.source
        );
        let game = parse_any(&c.input).unwrap_or_else(|e| panic!("{}: {e}", c.input));
        let value = Engine::new(Limits::default())
            .partizan_value(&game)
            .unwrap_or_else(|e| panic!("{}: {e}", c.input));
        assert_eq!(
            value.to_string(),
            c.output,
            "CGSuite printed {} for {}",
            c.output,
            c.cgsuite
        );
        let read = Game::parse(&c.output).unwrap_or_else(|e| panic!("{}: {e}", c.output));
        assert_eq!(read, value, "{} reads back", c.output);
        *kinds.entry(c.kind.as_str()).or_insert(0) += 1;
    }
    println!(
        "{} CGSuite outputs matched both ways: {kinds:?}",
        file.case.len()
    );
    for kind in [
        "number",
        "nimber",
        "number-up-star",
        "uptimal",
        "bars",
        "switch",
        "tiny",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) >= 3,
            "few {kind} records"
        );
    }
}

/// Codes as CGSuite spells them mean what CGSuite means: the nim values it
/// gives, the options it lists, and the code printed back as CGSuite does.
#[test]
fn cgsuite_codes_read_print_and_play_as_cgsuite() {
    use grundy::takebreak::TakeBreak;
    use grundy::vocab::rules::Rules;
    fn nim_values(rules: &TakeBreak, upto: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=upto {
            let mut seen = Vec::new();
            rules.options(&n, &mut |heaps| {
                seen.push(heaps.iter().fold(0, |a, &h| a ^ g[h as usize]))
            });
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }
    let file = notation_file();
    for c in &file.code {
        assert!(c.source.contains("aaron-siegel/cgsuite"));
        let rules = TakeBreak::from_code(&c.code).unwrap();
        assert_eq!(
            rules.to_string(),
            c.code,
            "CGSuite prints {}'s code so",
            c.cgsuite
        );
        assert_eq!(
            nim_values(&rules, 20)[1..],
            c.nim_values[..],
            "{}",
            c.cgsuite
        );
    }
    for c in &file.normal_code {
        let rules = TakeBreak::from_code(&c.code).unwrap();
        assert_eq!(rules.to_string(), c.printed, "{}", c.code);
    }
    for c in &file.code_options {
        let rules = TakeBreak::from_code(&c.code).unwrap();
        let mut listed = Vec::new();
        rules.options(&c.heap, &mut |heaps| {
            listed.push(if heaps.is_empty() {
                "-".to_string()
            } else {
                heaps
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
        });
        let mut want: Vec<String> = c.options.split_whitespace().map(String::from).collect();
        want.sort();
        listed.sort();
        assert_eq!(listed, want, "{} on a heap of {}", c.code, c.heap);
    }
}
