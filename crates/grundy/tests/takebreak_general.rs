//! General take-and-break codes (CGSuite's TBCode spellings): the general
//! solver against published values (data/takebreak/tbcode.toml), against
//! the octal engines on every code both hold, and against a brute force
//! over explicitly enumerated multisets on codes only it holds.

use std::collections::HashMap;

use grundy::takebreak::{GeneralCode, HeapSolver, SequenceConfig, TakeBreak};
use grundy::vocab::budget::Budget;
use proptest::prelude::*;

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn table(path: &str) -> toml::Table {
    let text = std::fs::read_to_string(format!("{}/{path}", root())).unwrap();
    text.parse().unwrap()
}

fn ints(v: &toml::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap() as u64)
        .collect()
}

fn octal_values(game: &TakeBreak, to: u64) -> Vec<u64> {
    let config = SequenceConfig {
        stop_when_proved: false,
        ..SequenceConfig::default()
    };
    let mut engine = HeapSolver::new(game.clone(), config).unwrap();
    engine.try_extend(to, u64::MAX).unwrap();
    engine
        .values()
        .iter()
        .take(to as usize + 1)
        .map(u64::from)
        .collect()
}

#[test]
fn published_values_of_general_spellings() {
    let data = table("data/takebreak/tbcode.toml");
    let games = data["game"].as_array().unwrap();
    assert!(games.len() >= 6);
    for game in games {
        let code = game["code"].as_str().unwrap();
        assert!(game["source"].as_str().is_some_and(|s| !s.is_empty()));
        let expected = match (game.get("values"), game.get("values_from")) {
            (Some(v), None) => ints(v),
            (None, Some(file)) => ints(&table(file.as_str().unwrap())["values"]),
            _ => panic!("{code}: give values or values_from"),
        };
        let general = GeneralCode::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        let to = expected.len() as u64 - 1;
        let got = general.values(to, &Budget::default()).unwrap();
        assert_eq!(got, expected, "{code}: the general solver");
        if let Some(octal) = general.to_octal() {
            assert_eq!(
                octal_values(&octal, to),
                expected,
                "{code}: the octal engines"
            );
        }
    }
}

/// A hexadecimal digit spelled in one of CGSuite's ways: the character, a
/// list of heap counts in braces, or `&n;`.
fn spell(d: u8, how: u8, mark: &str) -> String {
    let counts: Vec<String> = (0..4)
        .filter(|h| d >> h & 1 == 1)
        .map(|h: u8| h.to_string())
        .collect();
    match how % 3 {
        _ if d == 0 => "0".to_string(),
        0 => format!("{}{mark}", char::from_digit(u32::from(d), 16).unwrap()),
        1 => format!("{{{}}}{mark}", counts.join(",")),
        _ => format!("&{d};{mark}"),
    }
}

/// A code the octal reader holds, in its octal spelling and a general one.
fn octal_code() -> impl Strategy<Value = (String, String)> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec((0u8..16, 0u8..3), 1..5),
        (0u8..16, 0u8..3),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(d0, digits, (tail, tail_how), periodic, unequal)| {
            // Unequal splits: digits that never leave three heaps, `!` on
            // every digit (moot where nothing splits in two).
            let fix = |d: u8| if unequal { d & 7 } else { d };
            let d0 = if unequal { 4 } else { d0 };
            let mark = if unequal { "!" } else { "" };
            let mut octal = format!("{:x}{mark}.", d0);
            let mut general = format!("{}.", spell(d0, 1, mark));
            for &(d, how) in &digits {
                octal.push_str(&format!("{:x}{mark}", fix(d)));
                general.push_str(&spell(fix(d), how, mark));
            }
            if periodic {
                octal.push_str(&format!("[{:x}{mark}]", fix(tail)));
                // The period spelled twice over: the same rules.
                let t = spell(fix(tail), tail_how, mark);
                general.push_str(&format!("[{t}{t}]"));
            }
            (octal, general)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Where both hold a code, the general solver and the octal engines agree.
    #[test]
    fn general_solver_equals_octal_engines((octal, general) in octal_code()) {
        let tb = TakeBreak::from_code(&octal).unwrap();
        let g = GeneralCode::from_code(&general).unwrap();
        prop_assert_eq!(g.to_octal(), Some(tb.clone()), "{} and {}", octal, general);
        let values = g.values(60, &Budget::default()).unwrap();
        prop_assert_eq!(values, octal_values(&tb, 60), "{}", general);
    }
}

/// One digit of a general code as the brute force reads it: the heap
/// counts listed with their marks, and whether every count above the
/// largest is allowed too (`+`).
#[derive(Clone, Debug)]
struct RawDigit {
    listed: Vec<(u64, char)>,
    plus: bool,
}

impl RawDigit {
    fn text(&self, style: u8) -> String {
        let marks: Vec<char> = self
            .listed
            .iter()
            .filter(|(h, _)| *h >= 2)
            .map(|&(_, m)| m)
            .collect();
        let one_mark = marks.windows(2).all(|w| w[0] == w[1]);
        let mask: u64 = self.listed.iter().map(|&(h, _)| 1 << h).sum();
        if self.listed.is_empty() {
            return "0".into();
        }
        let mark_text = |m: char| {
            if m == ' ' {
                String::new()
            } else {
                m.to_string()
            }
        };
        if !self.plus && one_mark && style.is_multiple_of(2) {
            let m = marks.first().copied().unwrap_or(' ');
            let digit = if mask < 32 {
                char::from_digit(mask as u32, 32).unwrap().to_string()
            } else {
                format!("&{mask};")
            };
            return format!("{digit}{}", mark_text(m));
        }
        let mut list: Vec<String> = self
            .listed
            .iter()
            .map(|&(h, m)| format!("{h}{}", mark_text(m)))
            .collect();
        if self.plus {
            let last = list.pop().unwrap();
            list.push(format!("{last}+"));
        }
        format!("{{{}}}", list.join(","))
    }

    /// The mark on leaving `h` heaps, if allowed.
    fn allows(&self, h: u64) -> Option<char> {
        if let Some(&(_, m)) = self.listed.iter().find(|&&(x, _)| x == h) {
            return Some(m);
        }
        let &(top, m) = self.listed.last()?;
        (self.plus && h > top).then_some(m)
    }
}

fn raw_digit(lowest: u64) -> impl Strategy<Value = RawDigit> {
    (
        prop::collection::btree_map(
            lowest..6u64,
            prop::sample::select(vec![' ', '!', '?', '=']),
            0..4,
        ),
        any::<bool>(),
    )
        .prop_map(|(listed, plus)| {
            let listed: Vec<(u64, char)> = listed.into_iter().collect();
            let plus = plus && !listed.is_empty();
            RawDigit { listed, plus }
        })
}

/// A general code: d0, the digits after the point, and how many of them repeat.
#[derive(Clone, Debug)]
struct RawCode {
    digits: Vec<RawDigit>,
    period: usize,
    style: u8,
}

impl RawCode {
    fn text(&self) -> String {
        let mut s = format!("{}.", self.digits[0].text(self.style));
        let pre = self.digits.len() - self.period;
        for d in &self.digits[1..pre] {
            s.push_str(&d.text(self.style));
        }
        if self.period > 0 {
            s.push('[');
            for d in &self.digits[pre..] {
                s.push_str(&d.text(self.style));
            }
            s.push(']');
        }
        s
    }

    fn digit(&self, k: u64) -> Option<&RawDigit> {
        let len = self.digits.len() as u64;
        if k < len {
            return Some(&self.digits[k as usize]);
        }
        if self.period == 0 {
            return None;
        }
        let pre = len - self.period as u64;
        Some(&self.digits[(pre + (k - pre) % self.period as u64) as usize])
    }
}

fn raw_code() -> impl Strategy<Value = RawCode> {
    (
        raw_digit(2),
        prop::collection::vec(raw_digit(0), 1..4),
        0usize..3,
        any::<u8>(),
    )
        .prop_map(|(d0, rest, period, style)| {
            let period = period.min(rest.len());
            let mut digits = vec![d0];
            digits.extend(rest);
            RawCode {
                digits,
                period,
                style,
            }
        })
}

/// Every multiset of `h` positive parts summing to `rest`, as ascending lists.
fn multisets(rest: u64, h: u64) -> Vec<Vec<u64>> {
    fn go(rest: u64, h: u64, min: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if h == 0 {
            if rest == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        for a in min..=rest {
            prefix.push(a);
            go(rest - a, h - 1, a, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(rest, h, 1, &mut Vec::new(), &mut out);
    out
}

/// Whether `parts` satisfy `mark`, by its definition (marks say nothing
/// about zero heaps or one).
fn satisfies(parts: &[u64], mark: char) -> bool {
    if parts.len() < 2 {
        return true;
    }
    let distinct = parts.windows(2).all(|w| w[0] != w[1]);
    let all_equal = parts.windows(2).all(|w| w[0] == w[1]);
    match mark {
        '!' => distinct,
        '?' => !all_equal,
        '=' => all_equal,
        _ => true,
    }
}

fn brute(code: &RawCode, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut seen = Vec::new();
    for k in 0..=n {
        let Some(d) = code.digit(k) else { continue };
        let rest = n - k;
        for h in 0..=rest {
            let Some(mark) = d.allows(h) else { continue };
            if h == 1 && k == 0 {
                continue;
            }
            for parts in multisets(rest, h) {
                if satisfies(&parts, mark) {
                    seen.push(parts.iter().fold(0, |x, &p| x ^ brute(code, p, memo)));
                }
            }
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(n, v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// On small heaps the general solver equals a brute force that reads
    /// the rules from the code's structure, not from the parser.
    #[test]
    fn general_solver_equals_brute_force(code in raw_code()) {
        let text = code.text();
        let g = GeneralCode::from_code(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let values = g.values(14, &Budget::default()).unwrap();
        let mut memo = HashMap::new();
        let expected: Vec<u64> = (0..=14).map(|n| brute(&code, n, &mut memo)).collect();
        prop_assert_eq!(&values, &expected, "{} read as {}", text, g);
        // The code as printed reads back as the same rules.
        let again = GeneralCode::from_code(&g.to_string()).unwrap();
        prop_assert_eq!(again.values(14, &Budget::default()).unwrap(), expected, "{}", g);
    }
}

/// `value`, `options`, perfect play and `seq` take general codes as they
/// take octal ones; what cannot take them says so.
#[test]
fn commands_take_general_codes() {
    use grundy::api::{self, SeqAnswer, SeqRequest, Session};
    let session = Session::new(grundy::Limits::default());
    // 0.[37]: G(n) = n on these heaps (see the module tests), so 5 + 6 + 3
    // has value *(5 xor 6 xor 3) = 0.
    let v = api::value(&session, "octal[0.[37]](5,6,3)").unwrap();
    assert!(v.to_string().contains("value:   0"), "{v}");
    let o = api::options(&session, "octal[0.g](9)").unwrap().to_string();
    assert!(o.contains("options (5)") && o.contains("(2,2,2,2)"), "{o}");
    let m = api::perfect_move(&session, "octal[{2+}!.0](5)", None).unwrap();
    assert!(m.wins, "{m}");
    assert_eq!(m.chosen.as_deref(), Some("octal[{2+}!.0](1,4)"), "{m}");
    let request = SeqRequest {
        to: 20,
        ..SeqRequest::default()
    };
    let answer = api::seq(&session, "octal[4=.0]", &request, &mut |_| {}).unwrap();
    let text = answer.text(false);
    let SeqAnswer::General(a) = answer else {
        panic!("not a general code's answer")
    };
    assert_eq!(a.values[..6], [0, 0, 1, 0, 1, 0]);
    assert!(!a.proved, "an equality constraint: no theorem");
    assert!(
        text.contains("not proved") && text.contains("equality"),
        "{text}"
    );
    // A finite unconstrained code: the extended Guy-Smith theorem proves it.
    let SeqAnswer::General(a) = api::seq(&session, "octal[0.2{4}]", &request, &mut |_| {}).unwrap()
    else {
        panic!("not a general code's answer")
    };
    assert!(a.proved, "{a:?}");
    // A store is for the octal engines' tables.
    let stored = SeqRequest {
        store: Some(api::SeqStore {
            path: std::env::temp_dir().join("grundy-general-never-written"),
            resume: false,
        }),
        ..request.clone()
    };
    let e = api::seq(&session, "octal[4=.0]", &stored, &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("--store"), "{e}");
    // Partizan heaps take the octal engines' codes only.
    let e = api::value(&session, "partizan_heap(5, octal[0.[37]], kayles)").unwrap_err();
    assert!(e.to_string().contains("general take-and-break code"), "{e}");
    // Misère play of general heaps goes position by position.
    // Heap 2 has one move, to 1 + 1 where nobody moves: the mover there wins.
    let v = api::value(&session, "misere(octal[4=.0](2))").unwrap();
    assert!(v.to_string().contains("outcome: P"), "{v}");
}
