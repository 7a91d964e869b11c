//! The options of one heap of a take-and-break game, enumerated with a budget
//! and an early stop, for listing winning moves of heaps far too large to
//! enumerate in full (`kayles(10^12)`).

use std::ops::ControlFlow;

use crate::takebreak::TakeBreak;

/// Visits the options of a heap of `n` in a take-and-break game, as the heaps
/// each leaves, stopping when `visit` breaks or after `budget` options
/// (then it returns `Break`).
///
/// The order favours the small end of a huge heap: first every option that
/// leaves at most one heap, then the splits into two by increasing smaller
/// part `a` across all removals `k`, so that for `kayles(10^12)` the options
/// `(1, n-2-1)`, `(1, n-1-1)`, `(2, …)` come long before the budget runs out.
pub fn takebreak_options_until(
    rules: &TakeBreak,
    n: u64,
    budget: u64,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut left = budget;
    let mut spend = || {
        if left == 0 {
            return ControlFlow::Break(());
        }
        left -= 1;
        ControlFlow::Continue(())
    };
    let last = rules.max_take().map_or(n, |t| t.min(n));
    let unequal = rules.is_grundys_game();
    // The removals that may split: those of the listed digits, kept (there
    // are few), and, when the repeating digit splits, every k from the end of
    // the list to `last`, a range never stored (a heap of 10^12 has that
    // many): as rests n - k, listed ones descending, then the range's.
    let listed = rules.digits().len() as u64;
    let mut split2 = Vec::new();
    let mut split3 = Vec::new();
    for k in 0..=last.min(listed.saturating_sub(1)) {
        spend()?;
        let d = rules.digit(k);
        let rest = n - k;
        if d & 1 != 0 && rest == 0 {
            visit(&[])?;
        }
        if d & 2 != 0 && rest >= 1 && k >= 1 {
            visit(&[rest])?;
        }
        if d & 4 != 0 && rest >= 2 {
            split2.push(rest);
        }
        if d & 8 != 0 && rest >= 3 {
            split3.push(rest);
        }
    }
    // The tail's removals k in listed..=last that leave one heap or none.
    let tail = rules.tail_digit();
    if listed <= last {
        if tail & 2 != 0 {
            for k in listed.max(1)..=last.min(n.saturating_sub(1)) {
                spend()?;
                visit(&[n - k])?;
            }
        }
        if tail & 1 != 0 && last == n {
            spend()?;
            visit(&[])?;
        }
    }
    // Rests of the tail's removals k in listed..=last, as an inclusive range.
    let tail_rests = |least_rest: u64| -> Option<(u64, u64)> {
        if listed > last {
            return None;
        }
        let hi = n - listed;
        let lo = (n - last).max(least_rest);
        (lo <= hi).then_some((lo, hi))
    };
    let range2 = if tail & 4 != 0 { tail_rests(2) } else { None };
    let range3 = if tail & 8 != 0 { tail_rests(3) } else { None };
    let widest = split2
        .first()
        .copied()
        .max(range2.map(|(_, hi)| hi))
        .unwrap_or(0)
        / 2;
    for a in 1..=widest {
        let from_range = range2
            .filter(|&(_, hi)| hi >= 2 * a)
            .map(|(lo, hi)| (lo.max(2 * a)..=hi).rev());
        for rest in split2
            .iter()
            .copied()
            .filter(|&r| a <= r / 2)
            .chain(from_range.into_iter().flatten())
        {
            if unequal && 2 * a == rest {
                continue;
            }
            spend()?;
            visit(&[a, rest - a])?;
        }
    }
    let from_range = range3.map(|(lo, hi)| (lo..=hi).rev());
    for rest in split3
        .iter()
        .copied()
        .chain(from_range.into_iter().flatten())
    {
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                spend()?;
                visit(&[a, b, rest - a - b])?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::rules::Rules;

    fn sorted(mut v: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        for o in &mut v {
            o.sort_unstable();
        }
        v.sort();
        v
    }

    /// Every option the rules list, each once, for many codes and heaps;
    /// and a heap of 10^12 whose code only splits is listed lazily.
    #[test]
    fn lists_what_the_rules_list() {
        let codes = [
            "0.07", "0.137", "4.(7)", "0.(4)", "0.34(5)", "0.(3)", "0.1(2)", "0.(8)", "0.4(c)",
            "0.6", "0.777", "4.2(4)", "0.(f)",
        ];
        let mut games: Vec<TakeBreak> = codes
            .iter()
            .map(|c| TakeBreak::from_code(c).unwrap())
            .collect();
        games.push(TakeBreak::grundys_game());
        for rules in &games {
            for n in 0..=14 {
                let mut want = Vec::new();
                Rules::options(rules, &n, &mut |o| want.push(o.to_vec()));
                let mut got = Vec::new();
                let flow = takebreak_options_until(rules, n, u64::MAX, &mut |o| {
                    got.push(o.to_vec());
                    ControlFlow::Continue(())
                });
                assert!(flow.is_continue());
                assert_eq!(sorted(got), sorted(want), "{rules:?} heap {n}");
            }
        }
        let rules = TakeBreak::from_code("0.(4)").unwrap();
        let mut seen = 0;
        let flow = takebreak_options_until(&rules, 1_000_000_000_000, u64::MAX, &mut |o| {
            assert_eq!(o.len(), 2);
            seen += 1;
            if seen == 1000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(flow.is_break() && seen == 1000);
    }
}
