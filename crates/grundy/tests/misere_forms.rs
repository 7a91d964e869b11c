//! Misère canonical forms and genus (grundy::misere) against published
//! values (data/misere/*.toml, each with its source), brute-force misère
//! play, and the engine's own misère search.

use grundy::api::misere_form_of;
use grundy::component::Context;
use grundy::misere::MisereForm;
use grundy::{Limits, Outcome};
mod common;

use toml::Value;

fn data(name: &str) -> Value {
    common::sourced_data(&format!("misere/{name}"))
}

fn outcome(s: &str) -> Outcome {
    match s {
        "P" => Outcome::P,
        "N" => Outcome::N,
        _ => panic!("outcome {s}"),
    }
}

/// CGSuite's own test cases: the printed form, genus, values and options.
#[test]
fn cgsuite_test_cases() {
    let v = data("cgsuite_forms.toml");
    for rec in v["form"].as_array().unwrap() {
        let input = rec["input"].as_str().unwrap();
        let g = MisereForm::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.to_string(), rec["output"].as_str().unwrap(), "{input}");
        assert_eq!(
            g.genus().to_string(),
            rec["genus"].as_str().unwrap(),
            "{input} genus"
        );
        assert_eq!(
            g.misere_nim_value().0 as i64,
            rec["misere_nim_value"].as_integer().unwrap(),
            "{input} G-"
        );
        assert_eq!(
            g.nim_value().0 as i64,
            rec["nim_value"].as_integer().unwrap(),
            "{input} G+"
        );
        assert_eq!(
            g.misere_outcome(),
            outcome(rec["outcome"].as_str().unwrap()),
            "{input}"
        );
        assert_eq!(
            i64::from(g.birthday()),
            rec["birthday"].as_integer().unwrap(),
            "{input}"
        );
        let options: Vec<String> = g.options().iter().map(|o| o.to_string()).collect();
        let want: Vec<&str> = rec["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert_eq!(options, want, "{input} options");
    }
    for input in v["tutorial"]["inputs"].as_array().unwrap() {
        let input = input.as_str().unwrap();
        MisereForm::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    }
}

#[test]
fn genus_and_kayles_values() {
    let v = data("genus.toml");
    for rec in v["genus"].as_array().unwrap() {
        let g = MisereForm::parse(rec["game"].as_str().unwrap()).unwrap();
        let genus = g.genus();
        assert_eq!(
            genus.normal_value().0 as i64,
            rec["normal"].as_integer().unwrap()
        );
        let want: Vec<u32> = rec["superscripts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_integer().unwrap() as u32)
            .collect();
        assert_eq!(genus.superscripts(), &want[..], "{g}");
    }
    let k = &v["kayles"];
    let want: Vec<u64> = k["misere_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap() as u64)
        .collect();
    let first = k["first_heap"].as_integer().unwrap() as usize;
    let mut cx = Context::new(Limits::default());
    for (i, &w) in want.iter().enumerate() {
        let n = first + i;
        let g = misere_form_of(&format!("kayles({n})"), &mut cx).unwrap();
        assert_eq!(g.misere_nim_value().0, w, "kayles({n})");
    }
}

/// Nim heaps: n^(n, n^2, n, ...) for n >= 2, and 1^031 (theory: adding
/// *2s to a heap of 2 or more plays as normal Nim).
#[test]
fn nim_heap_genus() {
    assert_eq!(MisereForm::nim_heap(1).genus().superscripts(), &[0, 3, 1]);
    for n in 2..40u32 {
        let genus = MisereForm::nim_heap(n).genus();
        assert_eq!(genus.to_string(), n.to_string());
        for k in 0..6 {
            assert_eq!(
                genus.superscript(k),
                if k % 2 == 0 { n } else { n ^ 2 },
                "*{n}"
            );
        }
    }
}

/// The genus superscripts are the misère values of the sums with *2s.
#[test]
fn genus_is_misere_values_with_twos() {
    let mut cx = Context::new(Limits::default());
    let two = MisereForm::nim_heap(2);
    for game in ["kayles", "dawson", "grundy_game"] {
        for n in 0..14 {
            let g = misere_form_of(&format!("{game}({n})"), &mut cx).unwrap();
            let genus = g.genus();
            assert_eq!(genus.normal_value(), g.nim_value());
            let mut sum = g;
            for k in 0..6 {
                assert_eq!(
                    genus.superscript(k) as u64,
                    sum.misere_nim_value().0,
                    "{game}({n}) k={k}"
                );
                sum = sum + two;
            }
        }
    }
}

/// Forms made on one thread mean the same on another.
#[test]
fn forms_cross_threads() {
    let made: Vec<(String, MisereForm)> = std::thread::spawn(|| {
        let mut cx = Context::new(Limits::default());
        (0..12)
            .map(|n| {
                let text = format!("kayles({n}) + dawson({n})");
                let g = misere_form_of(&text, &mut cx).unwrap();
                (text, g)
            })
            .collect()
    })
    .join()
    .unwrap();
    let handles: Vec<_> = made
        .into_iter()
        .map(|(text, g)| {
            std::thread::spawn(move || {
                let mut cx = Context::new(Limits::default());
                assert_eq!(misere_form_of(&text, &mut cx).unwrap(), g, "{text}");
                g.to_string()
            })
        })
        .collect();
    for h in handles {
        assert!(h.join().unwrap().starts_with("*["));
    }
}

/// A small position limit stops the work with the limit's error, and the
/// context's memo answers a repeated query without new work.
#[test]
fn budgets_are_respected() {
    let limits = Limits {
        max_positions: 5,
        ..Limits::default()
    };
    let mut cx = Context::new(limits);
    let err = misere_form_of("kayles(30) + octal[0.137](40)", &mut cx).unwrap_err();
    assert!(err.to_string().contains("limit"), "{err}");
    let budget = grundy::Budget::with_max_positions(3);
    assert!(MisereForm::try_nim_heap(3000, &budget).is_err());
    let mut cx = Context::new(Limits::default());
    let first = misere_form_of("kayles(12)", &mut cx).unwrap();
    let memo = cx.cache::<grundy::misere::MisereMemo>().len();
    assert!(memo > 0);
    assert_eq!(misere_form_of("kayles(12)", &mut cx).unwrap(), first);
    assert_eq!(cx.cache::<grundy::misere::MisereMemo>().len(), memo);
}

#[test]
fn bad_text_is_an_error_not_a_panic() {
    for bad in [
        "",
        "*[",
        "*[2,",
        "*[2]]",
        "*[1+2]",
        "*[99999999999]",
        "[2]",
        "*[2] +",
        "*[x]",
    ] {
        let e = MisereForm::parse(bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
    let deep = format!("*{}{}", "[".repeat(500), "]".repeat(500));
    assert!(MisereForm::parse(&deep).is_err());
    for bad in [
        "",
        "*[",
        "*[]",
        "*[2",
        "*[2[",
        "*[2[3]",
        "*[(2]",
        "*[()]",
        "*[&;]",
        "*[&12]",
        "*[&99999999999;]",
        "*[2[-]]",
        "*[2[x]]",
        "*[2]]",
        "*[2,3]",
        "[2#]",
    ] {
        let e = MisereForm::parse_printed(bad).unwrap_err();
        assert!(!e.to_string().is_empty(), "{bad}");
    }
    let deep = format!("*[{}2{}]", "(".repeat(500), ")".repeat(500));
    let e = MisereForm::parse_printed(&deep).unwrap_err();
    assert!(e.to_string().contains("nested"), "{e}");
    // A long chain of `#` is many forms: the budget stops it, with its flag.
    let tight = grundy::Budget::new(Limits {
        max_positions: 1000,
        ..Limits::default()
    });
    let long = format!("*[2{}]", "#".repeat(100_000));
    let e = MisereForm::try_parse_printed(&long, &tight).unwrap_err();
    assert!(e.to_string().contains("--max-positions"), "{e}");
}

/// Misère play of `a + b`, the games read as trees (their forms' options),
/// with no theory: the player who cannot move wins.
struct Brute {
    memo: std::collections::HashMap<(Vec<MisereForm>, MisereForm), bool>,
}

impl Brute {
    fn new() -> Brute {
        Brute {
            memo: Default::default(),
        }
    }

    /// Whether the player to move wins `{set} + x` in misère play.
    fn next_wins(&mut self, set: &[MisereForm], x: MisereForm) -> bool {
        let key = (set.to_vec(), x);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let x_opts = x.options();
        let mut any_move = false;
        let mut wins = false;
        for &s in set {
            any_move = true;
            if !self.next_wins(&s.options(), x) {
                wins = true;
                break;
            }
        }
        if !wins {
            for &xo in &x_opts {
                any_move = true;
                if !self.next_wins(set, xo) {
                    wins = true;
                    break;
                }
            }
        }
        let w = wins || !any_move;
        self.memo.insert(key, w);
        w
    }
}

fn subsets(items: &[MisereForm]) -> Vec<Vec<MisereForm>> {
    (0u32..1 << items.len())
        .map(|m| {
            (0..items.len())
                .filter(|&i| m >> i & 1 == 1)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// Every game whose options are forms born by day 3, simplified: equal
/// forms exactly when no test game tells them apart in misère play, and
/// 22 forms in all (the number of misère games born by day 4; Conway,
/// ONAG ch. 12, and Siegel, "On the structure of misère impartial games").
/// The test games: every form born by day 4 and every sum of two of them.
#[test]
fn simplest_forms_are_misere_equality_to_day_four() {
    let day3: Vec<MisereForm> = {
        let day2 = [0, 1, 2].map(MisereForm::nim_heap).to_vec();
        let mut d: Vec<MisereForm> = subsets(&day2)
            .iter()
            .map(|s| MisereForm::from_options(s))
            .collect();
        d.sort_by_key(|g| g.to_string());
        d.dedup();
        d
    };
    assert_eq!(day3.len(), 5, "forms born by day 3: {day3:?}");
    let sets = subsets(&day3);
    let forms: Vec<MisereForm> = sets.iter().map(|s| MisereForm::from_options(s)).collect();
    let mut day4 = forms.clone();
    day4.sort_by_key(|g| (g.birthday(), g.to_string()));
    day4.dedup();
    assert_eq!(day4.len(), 22);
    let mut tests = day4.clone();
    for (i, &a) in day4.iter().enumerate() {
        for &b in &day4[i..] {
            tests.push(a + b);
        }
    }
    let mut brute = Brute::new();
    let profile = |brute: &mut Brute, set: &[MisereForm]| -> Vec<bool> {
        tests.iter().map(|&x| brute.next_wins(set, x)).collect()
    };
    let profiles: Vec<Vec<bool>> = sets.iter().map(|s| profile(&mut brute, s)).collect();
    for i in 0..sets.len() {
        // The form itself plays as the raw game does.
        assert_eq!(
            profile(&mut brute, &forms[i].options()),
            profiles[i],
            "{:?}",
            sets[i]
        );
        for j in 0..i {
            assert_eq!(
                forms[i] == forms[j],
                profiles[i] == profiles[j],
                "{:?} ({}) against {:?} ({})",
                sets[i],
                forms[i],
                sets[j],
                forms[j]
            );
        }
    }
}

/// Games whose options are forms born by day 4 (a sample of the 2^22 sets):
/// each plays like its simplest form against every form born by day 4
/// plus `*2`, `*2 + *2` or `*3`.
#[test]
fn simplified_day_five_games_play_like_the_raw_ones() {
    let day3: Vec<MisereForm> = ["*[0]", "*[1]", "*[2]", "*[3]", "*[[2]]"]
        .iter()
        .map(|t| MisereForm::parse(t).unwrap())
        .collect();
    let mut day4: Vec<MisereForm> = subsets(&day3)
        .iter()
        .map(|s| MisereForm::from_options(s))
        .collect();
    day4.sort_by_key(|g| (g.birthday(), g.to_string()));
    day4.dedup();
    let two = MisereForm::nim_heap(2);
    let mut tests = day4.clone();
    for &extra in &[two, two + two, MisereForm::nim_heap(3)] {
        tests.extend(day4.iter().map(|&g| g + extra));
    }
    let mut brute = Brute::new();
    // A fixed pseudo-random sample of the subsets.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..150 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let set: Vec<MisereForm> = (0..day4.len())
            .filter(|&i| state >> i & 1 == 1)
            .map(|i| day4[i])
            .collect();
        let form = MisereForm::from_options(&set);
        for &x in &tests {
            assert_eq!(
                brute.next_wins(&set, x),
                brute.next_wins(&form.options(), x),
                "{set:?} simplified to {form}, against {x}"
            );
        }
    }
}

/// The outcome of a sum of forms is the engine's misère search of the sum.
#[test]
fn outcomes_agree_with_misere_search() {
    let mut cx = Context::new(Limits::default());
    let limits = Limits::default();
    let mut check = |text: &str| {
        let form = misere_form_of(text, &mut cx).unwrap();
        let game = grundy::parse_game(&format!("misere({text})")).unwrap();
        let answer = grundy::api::family::search_game(&game, &limits).unwrap();
        assert_eq!(form.misere_outcome(), answer.outcome, "{text}: {form}");
    };
    for a in 0..9 {
        for b in a..9 {
            check(&format!("kayles({a}) + kayles({b})"));
            check(&format!("dawson({a}) + grundy_game({b})"));
        }
    }
    for n in 0..16 {
        check(&format!("octal[0.07]({n})"));
        check(&format!("kayles({n}) + nim(2)"));
        check(&format!("nim(2,2) + dawson({n})"));
    }
}

/// CGSuite's printed notation reads back: every output of CGSuite's own
/// tests gives the form of its input, and every form met here (all forms
/// born by day 4, games on sets of them with a heap added, sums of two,
/// misère forms of Kayles and Dawson's Kayles heaps) prints and reads back
/// as itself, in the printed notation and in the readable one the
/// expression language uses (`*[4,2]` where the printed `*[42]` would be
/// the heap `*42`).
#[test]
fn printed_forms_read_back() {
    let v = data("cgsuite_forms.toml");
    for rec in v["form"].as_array().unwrap() {
        let input = MisereForm::parse(rec["input"].as_str().unwrap()).unwrap();
        let output = rec["output"].as_str().unwrap();
        assert_eq!(
            MisereForm::parse_printed(output).unwrap(),
            input,
            "{output}"
        );
    }
    let day2 = [0, 1, 2].map(MisereForm::nim_heap).to_vec();
    let day3: Vec<MisereForm> = subsets(&day2)
        .iter()
        .map(|s| MisereForm::from_options(s))
        .collect();
    let day4: Vec<MisereForm> = subsets(&day3)
        .iter()
        .map(|s| MisereForm::from_options(s))
        .collect();
    let mut forms = day4.clone();
    for (i, &a) in day4.iter().enumerate().step_by(3) {
        forms.push(a + day4[(7 * i + 1) % day4.len()]);
        forms.push(MisereForm::from_options(&[a, MisereForm::nim_heap(12)]));
        forms.push(
            MisereForm::from_options(&[a, day4[(5 * i + 2) % day4.len()]])
                + MisereForm::nim_heap(3),
        );
    }
    for &a in &day4 {
        for k in 2..5 {
            let h = MisereForm::nim_heap(k);
            forms.push(MisereForm::from_options(&[a + h]));
            forms.push(MisereForm::from_options(&[a + h, h]));
            forms.push(MisereForm::from_options(&[a + h, MisereForm::nim_heap(0)]));
        }
    }
    for heaps in [[4, 2], [5, 3], [6, 2], [9, 4]] {
        forms.push(MisereForm::from_options(&heaps.map(MisereForm::nim_heap)));
    }
    let mut cx = Context::new(Limits::default());
    for n in 0..=14 {
        for game in [format!("kayles({n})"), format!("dawson({n})")] {
            forms.push(misere_form_of(&game, &mut cx).unwrap());
        }
    }
    let mut ambiguous = 0;
    let mut features = std::collections::BTreeSet::new();
    for g in forms {
        let printed = g.to_string();
        features.extend(printed[2..].chars().filter(|c| "#(&[-".contains(*c)));
        assert_eq!(MisereForm::parse_printed(&printed).unwrap(), g, "{printed}");
        let readable = g.to_readable_string();
        let budget = grundy::Budget::default();
        assert_eq!(
            MisereForm::try_parse_any(&readable, &budget).unwrap(),
            g,
            "{readable}"
        );
        if readable != printed {
            ambiguous += 1;
            assert_ne!(MisereForm::try_parse_any(&printed, &budget).unwrap(), g);
        }
    }
    assert!(ambiguous > 0, "some forms print as a string of digits");
    assert_eq!(
        features.into_iter().collect::<String>(),
        "#&([",
        "the forms use every part of the notation but `-` (rare: see below)"
    );
    // `X[-n]`, the game that gives X with *n added: none of the forms above
    // needs it, so it is read from texts written for the test.
    let two = MisereForm::nim_heap(2);
    assert_eq!(MisereForm::parse_printed("*[2[2]]").unwrap(), two + two);
    assert_eq!(MisereForm::parse_printed("*[2[2-2]]").unwrap(), two);
    let k5 = misere_form_of("kayles(5)", &mut cx).unwrap();
    assert_eq!(
        MisereForm::parse_printed("*[(321)[2-2]]").unwrap(),
        MisereForm::parse_printed("*[321]").unwrap()
    );
    assert_eq!(
        MisereForm::parse_printed(&format!("{}", k5 + two)).unwrap(),
        k5 + two
    );
    let e = MisereForm::parse_printed("*[0[-2]]").unwrap_err();
    assert!(e.to_string().contains("no form gives"), "{e}");
}

/// A printed form typed into an expression is the form.
#[test]
fn printed_forms_are_expressions() {
    let mut cx = Context::new(Limits::default());
    for (typed, same) in [
        ("*[2[2]321]", "misere_canonical(kayles(5))"),
        ("misere_canonical(\"*[42]\")", "*[4,2]"),
        ("*[4,2]", "misere_canonical(\"*[42]\")"),
        ("*[2#]", "*[[2]]"),
        ("*[&12;]", "*[12]"),
    ] {
        let a = misere_form_of(typed, &mut cx).unwrap();
        let b = misere_form_of(same, &mut cx).unwrap();
        assert_eq!(a, b, "{typed} against {same}");
        // And what the expression language prints of it reads back.
        let shown = grundy::parse_game(typed).unwrap().to_string();
        assert_eq!(
            misere_form_of(&shown, &mut cx).unwrap(),
            a,
            "{typed} shown as {shown}"
        );
    }
}

/// The superscripts a printed genus stands for, `count` of them, read as
/// its documentation says: `n` alone is the Nim heap's (`0^120`, `1^031`,
/// `n^n(n^2)`), `g^γ` continues `γ ^ 2`, `γ` in turn, and a longer list
/// continues with its last two superscripts for ever.
fn read_genus(printed: &str, count: usize) -> Vec<u32> {
    let (_, supers) = match printed.split_once('^') {
        None => {
            let n: u32 = printed.parse().unwrap();
            let first = match n {
                0 => vec![1, 2, 0],
                1 => vec![0, 3, 1],
                n => vec![n, n ^ 2, n],
            };
            return (0..count).map(|k| cycle(&first, k)).collect();
        }
        Some(parts) => parts,
    };
    let listed: Vec<u32> = match supers.strip_prefix('(') {
        Some(inner) => inner
            .trim_end_matches(')')
            .split(',')
            .map(|s| s.parse().unwrap())
            .collect(),
        None => supers.chars().map(|c| c.to_digit(10).unwrap()).collect(),
    };
    let listed = match listed.as_slice() {
        [only] => vec![*only, only ^ 2, *only],
        _ => listed,
    };
    (0..count).map(|k| cycle(&listed, k)).collect()
}

/// The `k`-th of a sequence whose last two entries alternate for ever.
fn cycle(seq: &[u32], k: usize) -> u32 {
    let n = seq.len();
    if k < n {
        seq[k]
    } else {
        seq[n - 2 + (k - n) % 2]
    }
}

/// The misère Grundy value of `g + twos.*2 + ones.*1` by plain search of
/// the game tree (`g` read as the tree of its options): 1 for a position
/// with no move, else the mex of its options' values.
fn misere_value_by_search(
    g: MisereForm,
    twos: u32,
    ones: u32,
    memo: &mut std::collections::HashMap<(MisereForm, u32, u32), u32>,
) -> u32 {
    if let Some(&v) = memo.get(&(g, twos, ones)) {
        return v;
    }
    let mut seen = Vec::new();
    for o in g.options() {
        seen.push(misere_value_by_search(o, twos, ones, memo));
    }
    if twos > 0 {
        seen.push(misere_value_by_search(g, twos - 1, ones + 1, memo));
        seen.push(misere_value_by_search(g, twos - 1, ones, memo));
    }
    if ones > 0 {
        seen.push(misere_value_by_search(g, twos, ones - 1, memo));
    }
    let v = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert((g, twos, ones), v);
    v
}

/// Issue 27: every printed genus says the misère values of `G + k.*2`
/// that plain search finds, on games made at random from smaller ones and
/// on the red team's cases (`octal[4.7](5)` was printed `1^4`, which reads
/// 1^{4646…}; it is 1^{431…}).
#[test]
fn printed_genus_is_the_misere_values_with_twos_by_plain_search() {
    let mut cx = Context::new(Limits::default());
    let mut games: Vec<MisereForm> = vec![
        misere_form_of("octal[4.7](5)", &mut cx).unwrap(),
        MisereForm::parse("*[0,[[[3]],[[0,1,3]],[[0,0]]]]").unwrap(),
    ];
    for name in ["octal[4.7]", "kayles", "dawson", "octal[0.75]"] {
        for n in 0..9 {
            games.push(misere_form_of(&format!("{name}({n})"), &mut cx).unwrap());
        }
    }
    // Games whose options are drawn from the games made before them.
    let mut pool: Vec<MisereForm> = vec![MisereForm::zero()];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..400 {
        let take = 1 + next() % 4;
        let options: Vec<MisereForm> = (0..take)
            .map(|_| pool[(next() % pool.len() as u64) as usize])
            .collect();
        let g = MisereForm::from_options(&options);
        if g.birthday() <= 9 && !pool.contains(&g) {
            pool.push(g);
        }
    }
    games.extend(pool);
    let mut memo = Default::default();
    let mut checked = 0;
    for g in games {
        let genus = g.genus();
        let printed = genus.to_string();
        let count = genus.superscripts().len() + 4;
        let read = read_genus(&printed, count);
        let searched: Vec<u32> = (0..count as u32)
            .map(|k| misere_value_by_search(g, k, 0, &mut memo))
            .collect();
        assert_eq!(read, searched, "{g}: printed genus {printed}");
        checked += 1;
    }
    assert!(checked > 150, "only {checked} games");
}
