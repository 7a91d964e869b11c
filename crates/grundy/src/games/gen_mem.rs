//! Heap games with a memory, as CGSuite's `game.heap.GenMem`: Fibonacci
//! Nim, Take-Away(r) and Mem.
//!
//! A position is a heap of `n` tokens and a memory `k`, the number taken on
//! the turn before, written as CGSuite writes its coordinates:
//! `fibonacci_nim(10,3)`, `take_away[3](10,3)`, `mem(10,3)`; `n` and `k`
//! at most [`MAX_MEM_HEAP`]. A move takes `a` tokens, `1 <= a <= n`, where
//! the game allows it, and leaves the heap `n - a` with memory `a`:
//!
//! | name | CGSuite | `a` may be |
//! |---|---|---|
//! | `fibonacci_nim` | `FibonacciNim` = `TakeAway(2)` | at most `2k` |
//! | `take_away[r]` | `TakeAway(r)`, `r` a whole number | at most `r k` |
//! | `mem` | `Mem` | at least `k` |
//!
//! A sum of positions is a sum of heaps, each with its own memory. The
//! first move of a game of Fibonacci Nim, which may take anything but the
//! whole heap, is the position `(n, (n - 1) / 2)` rounded up.
//!
//! Fibonacci Nim's winning rule (Whinihan, 1963): a
//! heap is lost for the player to move exactly when `2k` is less than the
//! smallest Fibonacci number of `n`'s Zeckendorf representation. The tests
//! check it against the Grundy values on all small positions.
//!
//! ```
//! use grundy::games::gen_mem::{GenMem, MemHeap, FIBONACCI_NIM};
//! use grundy::{Limits, solvers::memo::MemoSolver, Nimber};
//! let mut s = MemoSolver::new(GenMem::<FIBONACCI_NIM>, Limits::default());
//! // CGSuite's own test: FibonacciNim((10,4)).NimValue is 5.
//! assert_eq!(s.nimber(&MemHeap::new(10, 4, 2)).unwrap(), Nimber(5));
//! ```

use std::fmt;

use crate::component::spec::{item_span, natural, Call, GameKind, GameSpec, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::Item;
use crate::vocab::rules::Rules;

/// The largest heap or memory.
pub const MAX_MEM_HEAP: u64 = 100_000;
/// The largest `r` of `take_away[r]`.
pub const MAX_TAKE_AWAY_RATIO: u64 = 1000;

/// Fibonacci Nim.
pub const FIBONACCI_NIM: usize = 0;
/// Take-Away(r).
pub const TAKE_AWAY: usize = 1;
/// Mem.
pub const MEM: usize = 2;

/// The rules of game `K` ([`FIBONACCI_NIM`], [`TAKE_AWAY`] or [`MEM`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct GenMem<const K: usize>;

/// A heap with its memory (and, for Take-Away, its ratio `r`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct MemHeap {
    n: u32,
    memory: u32,
    ratio: u32,
}

impl MemHeap {
    /// A heap of `n` with memory `memory`; `ratio` is Take-Away's `r` (2
    /// for Fibonacci Nim, unused by Mem).
    pub fn new(n: u32, memory: u32, ratio: u32) -> MemHeap {
        MemHeap { n, memory, ratio }
    }

    /// The heap and the memory.
    pub fn pair(&self) -> (u32, u32) {
        (self.n, self.memory)
    }
}

impl<const K: usize> GenMem<K> {
    /// The numbers of tokens a move from `h` may take.
    fn takes(h: &MemHeap) -> std::ops::RangeInclusive<u32> {
        match K {
            MEM => h.memory.max(1)..=h.n,
            _ => {
                let most = u64::from(h.memory) * u64::from(h.ratio);
                1..=most.min(u64::from(h.n)) as u32
            }
        }
    }
}

impl<const K: usize> Rules for GenMem<K> {
    type Position = MemHeap;

    fn options(&self, h: &MemHeap, visit: &mut dyn FnMut(&[MemHeap])) {
        for a in Self::takes(h) {
            visit(&[MemHeap {
                n: h.n - a,
                memory: a,
                ratio: h.ratio,
            }]);
        }
    }
}

impl fmt::Display for MemHeap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The ratio says which game: Mem keeps 0.
        match self.ratio {
            0 => write!(f, "mem({},{})", self.n, self.memory),
            2 => write!(f, "fibonacci_nim({},{})", self.n, self.memory),
            r => write!(f, "take_away[{r}]({},{})", self.n, self.memory),
        }
    }
}

fn build<const K: usize>(call: &Call<'_>) -> Result<Component, ExprError> {
    let spec = SPECS[K];
    let usage = match K {
        TAKE_AWAY => format!("write take_away[r](n, k): r from 1 to {MAX_TAKE_AWAY_RATIO} (a move takes at most r times the last move), then the heap and the last move, each from 0 to {MAX_MEM_HEAP}"),
        _ => format!("write {}(n, k): the heap and the number taken on the last move, each from 0 to {MAX_MEM_HEAP}", spec.name),
    };
    let ratio = match K {
        MEM => 0,
        FIBONACCI_NIM => {
            call.no_params()?;
            2
        }
        _ => match call.params() {
            Some([group]) => match group.as_slice() {
                [Item::Number(t, span)] => match t.parse::<u64>() {
                    // take_away[2] is Fibonacci Nim, and prints so.
                    Ok(r) if (1..=MAX_TAKE_AWAY_RATIO).contains(&r) => r as u32,
                    _ => {
                        return Err(call.error(
                            *span,
                            format!("'{t}' is not a ratio from 1 to {MAX_TAKE_AWAY_RATIO}"),
                            usage,
                        ))
                    }
                },
                [other, ..] => {
                    return Err(call.error(item_span(other), "expected one whole number", usage))
                }
                [] => return Err(call.error(call.name_span(), "expected a ratio in [...]", usage)),
            },
            _ => {
                return Err(call.error(
                    call.name_span(),
                    "take_away needs its ratio in brackets",
                    usage,
                ))
            }
        },
    };
    if K == MEM {
        call.no_params()?;
    }
    let [n, k] = call.args().unwrap_or(&[]) else {
        return Err(call.error(
            call.span(),
            format!("{} takes a heap and a memory", spec.name),
            usage,
        ));
    };
    let side = |a: &crate::language::syntax::Arg| -> Result<u32, ExprError> {
        let v = natural(a, "heaps", "a heap")?;
        if v > MAX_MEM_HEAP {
            return Err(call.error(
                a.span(),
                format!("{v} is over {MAX_MEM_HEAP}"),
                usage.clone(),
            ));
        }
        Ok(v as u32)
    };
    let heap = MemHeap {
        n: side(n)?,
        memory: side(k)?,
        ratio,
    };
    Ok(super::rules_sum::RulesSum::<GenMem<K>>::component(
        spec, heap,
    ))
}

static SPECS: [&GameSpec; 3] = [&FIBONACCI_NIM_SPEC, &TAKE_AWAY_SPEC, &MEM_SPEC];

/// The declaration of `fibonacci_nim`.
pub static FIBONACCI_NIM_SPEC: GameSpec = GameSpec {
    name: "fibonacci_nim",
    kind: GameKind::Impartial,
    summary: "Fibonacci Nim (n,k): take at most twice what was taken last (k)",
    example: "fibonacci_nim(10,4)",
    build: build::<FIBONACCI_NIM>,
    ruleset: None,
    says: Some(says::<FIBONACCI_NIM>),
    picture: Picture::Memory,
};

/// The declaration of `take_away`.
pub static TAKE_AWAY_SPEC: GameSpec = GameSpec {
    name: "take_away",
    kind: GameKind::Impartial,
    summary: "Take-Away[r] (n,k): take at most r times what was taken last (k)",
    example: "take_away[3](10,4)",
    build: build::<TAKE_AWAY>,
    ruleset: None,
    says: Some(says::<TAKE_AWAY>),
    picture: Picture::Memory,
};

/// The declaration of `mem`.
pub static MEM_SPEC: GameSpec = GameSpec {
    name: "mem",
    kind: GameKind::Impartial,
    summary: "Mem (n,k): take at least what was taken last (k)",
    example: "mem(10,4)",
    build: build::<MEM>,
    ruleset: None,
    says: Some(says::<MEM>),
    picture: Picture::Memory,
};

/// "take 3, leaving 7": how many the move took (the next move's limit
/// depends on it), with "from heap 2" when the position is several heaps.
fn says<const K: usize>(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::rules_sum::parts_of;
    let (b, a) = (
        parts_of::<GenMem<K>>(before)?,
        parts_of::<GenMem<K>>(after)?,
    );
    let (i, [left]) = super::words::heap_change(b, a)? else {
        return None;
    };
    let taken = b[i].n.checked_sub(left.n)?;
    (taken == left.memory && taken > 0).then_some(())?;
    let from = if b.len() > 1 {
        format!(" from heap {}", i + 1)
    } else {
        String::new()
    };
    Some(if left.n == 0 {
        format!("take all {taken}{from}")
    } else {
        format!("take {taken}{from}, leaving {}", left.n)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn takes<const K: usize>(n: u32, memory: u32, ratio: u32) -> Vec<u32> {
        let mut out = Vec::new();
        GenMem::<K>.options(&MemHeap::new(n, memory, ratio), &mut |p| {
            out.push(p[0].memory)
        });
        out
    }

    #[test]
    fn moves_by_the_memory() {
        assert_eq!(takes::<FIBONACCI_NIM>(10, 2, 2), [1, 2, 3, 4]);
        assert_eq!(takes::<FIBONACCI_NIM>(3, 2, 2), [1, 2, 3]);
        assert_eq!(takes::<TAKE_AWAY>(10, 2, 3), [1, 2, 3, 4, 5, 6]);
        assert_eq!(takes::<MEM>(10, 8, 0), [8, 9, 10]);
        assert_eq!(takes::<MEM>(3, 0, 0), [1, 2, 3]);
        assert_eq!(MemHeap::new(10, 4, 3).to_string(), "take_away[3](10,4)");
        assert_eq!(MemHeap::new(10, 4, 2).to_string(), "fibonacci_nim(10,4)");
        assert_eq!(MemHeap::new(10, 4, 0).to_string(), "mem(10,4)");
    }
}
