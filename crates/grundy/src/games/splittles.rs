//! Partizan Splittles, as CGSuite's `game.heap.PartizanSplittles(L, R)`:
//! each player has a set of how many tokens they may take from a heap, and
//! having taken may leave the rest as one heap or split it into two
//! nonempty heaps (CGSuite's `Splittles(S)` is the take-and-break game with
//! digit 7 at each number of `S`).
//!
//! Expression syntax: `splittles(10, [1,2], [2,3])` — a heap (or a list of
//! heaps, `splittles([3,4], [1], [2])`), Left's set and Right's set, as
//! `subtraction` takes them. Heaps at most [`MAX_SPLITTLES_HEAP`], at most
//! [`MAX_SPLITTLES_HEAPS`] heaps and [`MAX_SPLITTLES_SET`] numbers in a set.
//! With the same set for both players it is the impartial game:
//! `splittles(n, [1,2], [1,2])` is Kayles (CGSuite's
//! `Kayles := TakeAndBreak("0.77")`).
//!
//! ```
//! use grundy::games::splittles::{splittles, Splittles};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let p = splittles(&[3], &[1], &[2]).unwrap();
//! let v = CanonicalSolver::new(Splittles).value(&p).unwrap();
//! // Left leaves 2 or 1 + 1, Right leaves 1: {1/2, 2 | 1} = {2|1}.
//! assert_eq!(v, Game::parse("{2|1}").unwrap());
//! ```

use std::fmt;
use std::sync::Arc;

use crate::component::spec::{item_span, natural, partizan_error, Call, GameKind, GameSpec};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::{Arg, Item};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The largest heap.
pub const MAX_SPLITTLES_HEAP: u64 = 10_000;
/// The most heaps in one position.
pub const MAX_SPLITTLES_HEAPS: usize = 64;
/// The most numbers in a player's set.
pub const MAX_SPLITTLES_SET: usize = 64;

/// The rules of Partizan Splittles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Splittles;

/// Heaps with the two sets: printed `splittles(10,[1,2],[2,3])`, or
/// `splittles([3,4],[1,2],[2,3])` for several heaps.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SplittlesHeaps {
    heaps: Vec<u32>,
    left: Arc<[u32]>,
    right: Arc<[u32]>,
}

/// Heaps of Splittles with Left's and Right's sets; an error names a heap,
/// set or number past its limit, or a 0 in a set.
pub fn splittles(heaps: &[u64], left: &[u64], right: &[u64]) -> Result<SplittlesHeaps, Error> {
    let err = |reason: String| {
        super::grid::position_error(
            "splittles",
            &format!("{heaps:?}, {left:?}, {right:?}"),
            0,
            reason,
            "heaps of at most 10000 tokens (at most 64 heaps) and two sets of at most 64 positive numbers",
        )
    };
    if heaps.len() > MAX_SPLITTLES_HEAPS {
        return Err(err(format!(
            "{} heaps, more than {MAX_SPLITTLES_HEAPS}",
            heaps.len()
        )));
    }
    if let Some(h) = heaps.iter().find(|&&h| h > MAX_SPLITTLES_HEAP) {
        return Err(err(format!(
            "a heap of {h}, more than {MAX_SPLITTLES_HEAP}"
        )));
    }
    let set = |s: &[u64], whose: &str| -> Result<Arc<[u32]>, Error> {
        if s.len() > MAX_SPLITTLES_SET {
            return Err(err(format!(
                "{whose} set has {} numbers, more than {MAX_SPLITTLES_SET}",
                s.len()
            )));
        }
        if s.contains(&0) {
            return Err(err(format!("{whose} set holds 0")));
        }
        // A number past the largest heap can never be taken.
        let mut v: Vec<u32> = s
            .iter()
            .filter(|&&x| x <= MAX_SPLITTLES_HEAP)
            .map(|&x| x as u32)
            .collect();
        v.sort_unstable();
        v.dedup();
        Ok(Arc::from(v))
    };
    let heaps: Vec<u32> = heaps.iter().map(|&h| h as u32).filter(|&h| h > 0).collect();
    Ok(SplittlesHeaps {
        heaps,
        left: set(left, "Left's")?,
        right: set(right, "Right's")?,
    })
}

impl SplittlesHeaps {
    /// The heaps, in the order written (empty heaps dropped).
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    fn with(&self, mut heaps: Vec<u32>) -> SplittlesHeaps {
        heaps.retain(|&h| h > 0);
        SplittlesHeaps {
            heaps,
            left: self.left.clone(),
            right: self.right.clone(),
        }
    }
}

impl fmt::Display for SplittlesHeaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |s: &[u32]| {
            let v: Vec<String> = s.iter().map(u32::to_string).collect();
            format!("[{}]", v.join(","))
        };
        let heaps = match self.heaps[..] {
            [] => "0".to_string(),
            [h] => h.to_string(),
            _ => list(&self.heaps),
        };
        write!(
            f,
            "splittles({heaps},{},{})",
            list(&self.left),
            list(&self.right)
        )
    }
}

impl PartizanRules for Splittles {
    type Position = SplittlesHeaps;

    /// From each heap `n` and each `s <= n` of the mover's set: the rest
    /// `n - s` as one heap, or split into `a + b` with `1 <= a <= b`, in
    /// the heap's place.
    fn options(&self, p: &SplittlesHeaps, player: Player, out: &mut Vec<SplittlesHeaps>) {
        let set = match player {
            Player::Left => &p.left,
            Player::Right => &p.right,
        };
        for (i, &n) in p.heaps.iter().enumerate() {
            for &s in set.iter().take_while(|&&s| s <= n) {
                let rest = n - s;
                let replaced = |parts: &[u32]| {
                    let mut v = p.heaps[..i].to_vec();
                    v.extend_from_slice(parts);
                    v.extend_from_slice(&p.heaps[i + 1..]);
                    p.with(v)
                };
                out.push(replaced(&[rest]));
                for a in 1..=rest / 2 {
                    out.push(replaced(&[a, rest - a]));
                }
            }
        }
    }

    /// Each heap is a summand.
    fn split(&self, p: &SplittlesHeaps, parts: &mut Vec<SplittlesHeaps>) {
        if p.heaps.len() > 1 {
            parts.extend(p.heaps.iter().map(|&h| p.with(vec![h])));
        }
    }

    /// Heaps in any order are one position.
    fn normalise(&self, p: &SplittlesHeaps) -> SplittlesHeaps {
        let mut heaps = p.heaps.clone();
        heaps.sort_unstable();
        p.with(heaps)
    }
}

/// The declaration of `splittles`.
pub static SPEC: GameSpec = GameSpec {
    name: "splittles",
    kind: GameKind::Partizan,
    summary: "Partizan Splittles: take a number of your set from a heap, and split the rest into two heaps if you like",
    example: "splittles(10, [1,2], [2,3])",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Heaps,
};

const USAGE: &str = "write splittles(heap, [Left's set], [Right's set]), like splittles(10, [1,2], [2,3]), or a list of heaps: splittles([3,4], [1], [2])";

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (heaps, l, r) = match call.args() {
        Some([h, Arg::List(l, _), Arg::List(r, _)]) if call.params().is_none() => (h, l, r),
        _ => return Err(call.error(call.span(), "splittles takes a heap and two sets", USAGE)),
    };
    let numbers = |items: &[Item], what: &str| -> Result<Vec<u64>, ExprError> {
        if items.len() > MAX_SPLITTLES_HEAPS.max(MAX_SPLITTLES_SET) {
            return Err(call.error(
                call.span(),
                format!("{} {what}, more than 64", items.len()),
                USAGE,
            ));
        }
        items
            .iter()
            .map(|item| match item {
                Item::Number(t, span) => t
                    .parse::<u64>()
                    .map_err(|_| call.error(*span, format!("'{t}' is not a whole number"), USAGE)),
                other => Err(call.error(item_span(other), "expected a number", USAGE)),
            })
            .collect()
    };
    let heaps = match heaps {
        Arg::List(items, _) => numbers(items, "heaps")?,
        h => vec![natural(h, "heap sizes", "a heap size")?],
    };
    let position = splittles(&heaps, &numbers(l, "numbers")?, &numbers(r, "numbers")?)
        .map_err(|e| partizan_error(call.span().start, e, USAGE))?;
    Ok(super::partizan_rules::RulesPosition::<Splittles>::component(&SPEC, None, position))
}

/// "take 2 from heap 1 and split the rest into 3 and 5": the heap words of
/// the take-and-break games.
fn says(before: &Component, after: &Component, _: Option<Player>) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<Splittles>(before)?;
    let a = position_of::<Splittles>(after)?;
    let wide = |h: &[u32]| h.iter().map(|&x| u64::from(x)).collect::<Vec<u64>>();
    super::words::heap_words(&wide(&b.heaps), &wide(&a.heaps))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_then_keep_or_split() {
        let p = splittles(&[5], &[1], &[4, 9]).unwrap();
        let mut out = Vec::new();
        Splittles.options(&p, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "splittles(4,[1],[4,9])",
                "splittles([1,3],[1],[4,9])",
                "splittles([2,2],[1],[4,9])"
            ]
        );
        out.clear();
        Splittles.options(&p, Player::Right, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].to_string(), "splittles(1,[1],[4,9])");
        for (bad, says) in [
            (splittles(&[10_001], &[1], &[1]), "a heap of 10001"),
            (splittles(&[3], &[0, 1], &[1]), "Left's set holds 0"),
        ] {
            let e = bad.unwrap_err().to_string();
            assert!(e.contains(says) && e.contains("at most 10000"), "{e}");
        }
    }
}
