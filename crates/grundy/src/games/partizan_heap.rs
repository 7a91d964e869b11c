//! Partizan heap games: Left moves by one heap ruleset, Right by another
//! (CGSuite's `PartizanHeapRuleset(leftRuleset, rightRuleset)`). Either
//! ruleset may take and break: a heap left in several heaps is their sum,
//! so this is partizan take-and-break (and partizan subtraction, all-but,
//! Kayles against Nim, …).
//!
//! Expression syntax: `partizan_heap(10, kayles, sub[1,2])` — the heap, then
//! Left's and Right's rulesets written as `seq` takes them (`nim`, `kayles`,
//! `dawson`, `octal[0.07]`, `sub[1,3,4]`, `allbut[1,3]`, `grundy_game`, …).
//!
//! ```
//! use grundy::games::partizan_heap::{PartizanHeap, Heaps};
//! use grundy::partizan::{CanonicalSolver, Game};
//! use grundy::takebreak::TakeBreak;
//! // Left takes one token, Right two: a heap of 2 is {1|0}.
//! let heap = Heaps::new(
//!     2,
//!     ("sub[1]".into(), TakeBreak::subtraction(&[1]).unwrap()),
//!     ("sub[2]".into(), TakeBreak::subtraction(&[2]).unwrap()),
//! );
//! let v = CanonicalSolver::new(PartizanHeap).value(&heap).unwrap();
//! assert_eq!(v, Game::parse("{1|0}").unwrap());
//! ```

use std::fmt;
use std::sync::Arc;

use crate::component::spec::{natural, Call, GameKind, GameSpec, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::Arg;
use crate::partizan::PartizanRules;
use crate::takebreak::TakeBreak;
use crate::vocab::outcome::Player;
use crate::vocab::rules::Rules;

/// The largest heap a position may hold. A heap's options are listed one
/// by one, and the canonical solver keeps a list at every level of its path
/// (up to `--max-depth`, 2000 by default): a heap of 100 000 against Nim
/// would list about 12 GB along one path, so the solver charges those lists
/// to `--max-memory` and stops with a limit error before it takes them.
pub const MAX_HEAP: u64 = 100_000;

/// Each player's ruleset, with the name it is written by. The names say
/// which rules they are (`sub[1,2]` is written one way), so two sides are
/// equal, hashed and ordered by their names.
#[derive(Debug)]
pub struct Sides {
    left: (String, TakeBreak),
    right: (String, TakeBreak),
}

impl Sides {
    fn names(&self) -> (&str, &str) {
        (&self.left.0, &self.right.0)
    }
}

impl PartialEq for Sides {
    fn eq(&self, other: &Sides) -> bool {
        self.names() == other.names()
    }
}

impl Eq for Sides {}

impl std::hash::Hash for Sides {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.names().hash(state);
    }
}

impl PartialOrd for Sides {
    fn partial_cmp(&self, other: &Sides) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Sides {
    fn cmp(&self, other: &Sides) -> std::cmp::Ordering {
        self.names().cmp(&other.names())
    }
}

/// The rules: each position carries Left's and Right's heap rulesets.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanHeap;

/// Heaps side by side (sorted), each played by the same two rulesets; one
/// heap is printed `partizan_heap(10, kayles, sub[1,2])`, several as the
/// sum of such heaps.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Heaps {
    heaps: Vec<u64>,
    sides: Arc<Sides>,
}

impl Heaps {
    /// One heap of `n`, Left moving by `left` and Right by `right` (each
    /// with the name it is printed by).
    pub fn new(n: u64, left: (String, TakeBreak), right: (String, TakeBreak)) -> Heaps {
        Heaps {
            heaps: if n == 0 { Vec::new() } else { vec![n] },
            sides: Arc::new(Sides { left, right }),
        }
    }

    /// One heap of `n` with the same rulesets.
    pub fn heap(&self, n: u64) -> Heaps {
        Heaps {
            heaps: if n == 0 { Vec::new() } else { vec![n] },
            sides: self.sides.clone(),
        }
    }

    /// The heaps, in ascending order (empty heaps are dropped).
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.sides;
        let one = |n: u64| format!("partizan_heap({n}, {}, {})", s.left.0, s.right.0);
        if self.heaps.is_empty() {
            return f.write_str(&one(0));
        }
        let parts: Vec<String> = self.heaps.iter().map(|&n| one(n)).collect();
        f.write_str(&parts.join(" + "))
    }
}

impl PartizanRules for PartizanHeap {
    type Position = Heaps;

    fn owned_bytes(&self, p: &Heaps) -> usize {
        // The list of heaps, and the allocator's header of its block.
        if p.heaps.capacity() == 0 {
            0
        } else {
            p.heaps.capacity() * std::mem::size_of::<u64>() + 16
        }
    }

    fn options(&self, p: &Heaps, player: Player, out: &mut Vec<Heaps>) {
        let rules = match player {
            Player::Left => &p.sides.left.1,
            Player::Right => &p.sides.right.1,
        };
        for (i, &n) in p.heaps.iter().enumerate() {
            if i > 0 && p.heaps[i - 1] == n {
                continue; // equal heaps have the same options
            }
            rules.options(&n, &mut |left: &[u64]| {
                let mut heaps: Vec<u64> = p.heaps[..i]
                    .iter()
                    .chain(&p.heaps[i + 1..])
                    .chain(left)
                    .copied()
                    .filter(|&h| h > 0)
                    .collect();
                heaps.sort_unstable();
                out.push(Heaps {
                    heaps,
                    sides: p.sides.clone(),
                });
            });
        }
    }

    fn split(&self, p: &Heaps, parts: &mut Vec<Heaps>) {
        if p.heaps.len() > 1 {
            parts.extend(p.heaps.iter().map(|&n| p.heap(n)));
        }
    }
}

const USAGE: &str = "write partizan_heap(heap, Left's ruleset, Right's ruleset), like \
     partizan_heap(10, kayles, sub[1,2]) or partizan_heap(8, octal[0.07], nim); a ruleset is \
     nim, kayles, dawson, dawsons_chess, officers, grundy_game, pick_up_bricks, octal[code], \
     sub[set] or allbut[set]";

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let [heap, left, right] = call.args().unwrap_or(&[]) else {
        return Err(call.error(
            call.span(),
            "partizan_heap takes a heap and two rulesets",
            USAGE,
        ));
    };
    let n = natural(heap, "heap sizes", "a heap size")?;
    if n > MAX_HEAP {
        return Err(call.error(
            heap.span(),
            format!("a heap of {n} is beyond the limit {MAX_HEAP} (MAX_HEAP) of partizan_heap"),
            format!("a heap of at most {MAX_HEAP} tokens"),
        ));
    }
    let position = Heaps::new(n, ruleset(call, left)?, ruleset(call, right)?);
    Ok(super::partizan_rules::RulesPosition::<PartizanHeap>::component(&SPEC, None, position))
}

/// The heap ruleset `arg` names, with the name it is printed by.
fn ruleset(call: &Call<'_>, arg: &Arg) -> Result<(String, TakeBreak), ExprError> {
    let term = match arg {
        Arg::Expr(e) => match e.terms.as_slice() {
            [t] if !t.negated && t.args.is_none() && t.literal.is_none() && t.group.is_none() => t,
            _ => return Err(call.error(arg.span(), "expected a heap ruleset", USAGE)),
        },
        _ => return Err(call.error(arg.span(), "expected a heap ruleset", USAGE)),
    };
    match term.name.as_str() {
        "nim" => {
            Call::new(term).no_params()?;
            Ok(("nim".to_string(), TakeBreak::nim()))
        }
        "kayles" | "dawson" | "dawsons_chess" | "officers" | "grundy_game" | "pick_up_bricks"
        | "octal" | "sub" | "allbut" => super::takebreak::rules_of(&Call::new(term)),
        other => Err(call.error(
            term.name_span,
            format!("'{other}' is not a heap ruleset"),
            USAGE,
        )),
    }
}

/// The declaration of `partizan_heap`.
pub static SPEC: GameSpec = GameSpec {
    name: "partizan_heap",
    kind: GameKind::Partizan,
    summary:
        "a heap where Left moves by one heap ruleset and Right by another (partizan take-and-break)",
    example: "partizan_heap(10, kayles, sub[1,2])",
    build,
    ruleset: None,
    says: Some(says),
    picture: Picture::Heaps,
};

/// "take 2, leaving 8" or "take 1 and split the rest into 3 and 4".
fn says(before: &Component, after: &Component, _: Option<Player>) -> Option<String> {
    use super::partizan_rules::position_of;
    let b = position_of::<PartizanHeap>(before)?;
    let a = position_of::<PartizanHeap>(after)?;
    super::words::heap_words(b.heaps(), a.heaps())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{CanonicalSolver, Game};

    fn rules(l: TakeBreak, r: TakeBreak) -> Heaps {
        Heaps::new(0, ("l".into(), l), ("r".into(), r))
    }

    /// The plain game tree of a heap position, valued from its options.
    fn by_options(p: &Heaps) -> Game {
        let side = |player| {
            let mut out = Vec::new();
            PartizanHeap.options(p, player, &mut out);
            out.iter().map(by_options).collect::<Vec<_>>()
        };
        Game::from_options(&side(Player::Left), &side(Player::Right)).unwrap()
    }

    #[test]
    fn the_same_ruleset_for_both_is_the_impartial_game() {
        // Kayles for both players: each heap is its Kayles nimber.
        let k = rules(TakeBreak::kayles(), TakeBreak::kayles());
        let mut solver = CanonicalSolver::new(PartizanHeap);
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
        for (n, &g) in kayles.iter().enumerate() {
            let v = solver.value(&k.heap(n as u64)).unwrap();
            assert_eq!(v, Game::nimber(g).unwrap(), "kayles({n})");
        }
    }

    #[test]
    fn splitting_into_parts_agrees_with_the_whole_tree() {
        // The solver adds the parts' values; plain search of the whole
        // position's tree must give the same on every small heap.
        let pairs = [
            (
                TakeBreak::kayles(),
                TakeBreak::subtraction(&[1, 2]).unwrap(),
            ),
            (
                TakeBreak::from_code("0.07").unwrap(),
                TakeBreak::grundys_game(),
            ),
            (TakeBreak::from_code("4.007").unwrap(), TakeBreak::nim()),
        ];
        for (l, r) in pairs {
            let g = rules(l, r);
            let mut solver = CanonicalSolver::new(PartizanHeap);
            for n in 0..=9 {
                let p = g.heap(n);
                assert_eq!(solver.value(&p).unwrap(), by_options(&p), "{p}");
            }
        }
    }

    #[test]
    fn printing_reads_as_written() {
        let g = Heaps::new(
            10,
            ("kayles".into(), TakeBreak::kayles()),
            ("sub[1,2]".into(), TakeBreak::subtraction(&[1, 2]).unwrap()),
        );
        assert_eq!(g.to_string(), "partizan_heap(10, kayles, sub[1,2])");
        let mut out = Vec::new();
        PartizanHeap.options(&g.heap(3), Player::Left, &mut out);
        let texts: Vec<String> = out.iter().map(Heaps::to_string).collect();
        assert!(
            texts.contains(
                &"partizan_heap(1, kayles, sub[1,2]) + partizan_heap(1, kayles, sub[1,2])"
                    .to_string()
            ),
            "{texts:?}"
        );
    }
}
