//! The options of one heap of a take-and-break game, enumerated with a budget
//! and an early stop, for listing winning moves of heaps far too large to
//! enumerate in full (`kayles(10^12)`).

use std::ops::ControlFlow;

use crate::TakeBreak;

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
    // Removals that may split in two (or three), found once.
    let mut split2 = Vec::new();
    let mut split3 = Vec::new();
    for k in 0..=last {
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
    // rest is decreasing in k, so split2 is sorted descending: the largest rest allows the most a.
    let widest = split2.first().copied().unwrap_or(0) / 2;
    for a in 1..=widest {
        for &rest in &split2 {
            if a > rest / 2 {
                break;
            }
            if unequal && 2 * a == rest {
                continue;
            }
            spend()?;
            visit(&[a, rest - a])?;
        }
    }
    for &rest in &split3 {
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                spend()?;
                visit(&[a, b, rest - a - b])?;
            }
        }
    }
    ControlFlow::Continue(())
}
