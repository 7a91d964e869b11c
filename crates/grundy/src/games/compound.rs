//! The canonical value of a conjunctive or selective compound of short
//! games, partizan ones included (Winning Ways ch. 9; CGSuite's
//! `ConjunctiveSum` and `SelectiveSum`), as a partizan position.
//!
//! In the conjunctive compound a player moves in every component, and
//! cannot move once some component offers them no move; in the selective
//! compound a player moves in any non-empty set of components (CGSuite:
//! the disjunctive options and the conjunctive ones). Both are short
//! partizan games whose options are compounds again, so the value is the
//! canonical form of that game tree, found by memoised search of the
//! compound's positions within the query's budget. The compounds are not
//! functions of the components' values (`conjunctive(1, 0)` is `0`, but
//! `0` written `{-1|1}` would give `1`), so the components are played as
//! written; a value in notation is played as its canonical form, as
//! CGSuite plays a canonical game.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::component::spec::{GameKind, GameSpec, Picture};
use crate::component::write_terms;
use crate::component::EvalError;
use crate::component::{Component, Context, Key, Partizan, PartizanPosition};
use crate::partizan::{self, Game};
use crate::solvers::compound::CompoundKind;
use crate::vocab::outcome::Player;

/// The declaration compound positions report as their game.
pub static SPEC: GameSpec = GameSpec {
    name: "compound",
    kind: GameKind::Partizan,
    summary: "a conjunctive or selective compound of games",
    example: "conjunctive({1|-1}, ^^)",
    build: |call| {
        Err(call.error(
            call.span(),
            "not a compound",
            "write conjunctive(A, B, ...) or selective(A, B, ...)",
        ))
    },
    ruleset: None,
    says: Some(says),
    picture: Picture::Text,
};

/// A conjunctive or selective compound whose parts are sums of components.
#[derive(Debug)]
pub struct CompoundPosition {
    kind: CompoundKind,
    parts: Vec<Vec<Component>>,
    value: OnceLock<Game>,
}

/// The compound of `parts` as a component. Only the conjunctive and the
/// selective compound have values here.
pub fn component(kind: CompoundKind, parts: Vec<Vec<Component>>) -> Component {
    debug_assert!(matches!(
        kind,
        CompoundKind::Conjunctive | CompoundKind::Selective
    ));
    Component::Partizan(Arc::new(CompoundPosition {
        kind,
        parts,
        value: OnceLock::new(),
    }))
}

/// The compound `c` is, and its parts (each a sum), when it is one: what
/// `grundy::api::picture` draws part by part.
pub fn parts(c: &Component) -> Option<(CompoundKind, &[Vec<Component>])> {
    let Component::Partizan(p) = c else {
        return None;
    };
    let compound = p.as_any()?.downcast_ref::<CompoundPosition>()?;
    Some((compound.kind, &compound.parts))
}

/// Every option of `player` in a sum: one component replaced by its option.
fn sum_options(part: &[Component], player: Player) -> Vec<Vec<Component>> {
    let mut out = Vec::new();
    for (i, c) in part.iter().enumerate() {
        let mut each = |o: Component| {
            let mut next = part.to_vec();
            next[i] = o;
            out.push(next);
            ControlFlow::Continue(())
        };
        let _ = match c {
            Component::Partizan(p) => {
                p.options_until(player, &mut |o| each(Component::Partizan(o)))
            }
            Component::Impartial(p) => p.options(&mut |o| each(Component::Impartial(o))),
        };
    }
    out
}

/// The options of `player` in the compound of `parts`, each the parts
/// after the move, until `visit` breaks.
fn compound_options(
    kind: CompoundKind,
    parts: &[Vec<Component>],
    player: Player,
    visit: &mut dyn FnMut(Vec<Vec<Component>>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let each: Vec<Vec<Vec<Component>>> = parts.iter().map(|p| sum_options(p, player)).collect();
    // Choices per part: its options, and for the selective compound also
    // "stay" (None); the all-stay choice is no move.
    let stay = kind == CompoundKind::Selective;
    if !stay && each.iter().any(Vec::is_empty) {
        return ControlFlow::Continue(());
    }
    let mut pick = vec![0usize; parts.len()];
    let width = |i: usize| each[i].len() + usize::from(stay);
    if (0..parts.len()).any(|i| width(i) == 0) {
        return ControlFlow::Continue(());
    }
    loop {
        let moved = (0..parts.len()).any(|i| pick[i] < each[i].len());
        if moved {
            let next = (0..parts.len())
                .map(|i| {
                    each[i]
                        .get(pick[i])
                        .cloned()
                        .unwrap_or_else(|| parts[i].clone())
                })
                .collect();
            visit(next)?;
        }
        // The next choice, odometer-wise.
        let mut i = 0;
        loop {
            if i == parts.len() {
                return ControlFlow::Continue(());
            }
            pick[i] += 1;
            if pick[i] < width(i) {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

fn name(kind: CompoundKind) -> &'static str {
    kind.name()
}

fn key_of(parts: &[Vec<Component>]) -> Vec<Vec<Key>> {
    parts
        .iter()
        .map(|p| {
            let mut k: Vec<Key> = p
                .iter()
                .filter(|c| !c.is_empty())
                .map(Component::key)
                .collect();
            k.sort();
            k
        })
        .collect()
}

/// The search of a compound's positions.
struct Search<'c> {
    kind: CompoundKind,
    cx: &'c mut Context,
    memo: HashMap<Vec<Vec<Key>>, Game>,
    max_depth: usize,
}

impl Search<'_> {
    fn value(&mut self, parts: &[Vec<Component>], depth: usize) -> Result<Game, EvalError> {
        let key = key_of(parts);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        if depth > self.max_depth {
            return Err(crate::vocab::limits::LimitError::Depth {
                what: format!("the {} compound's lines of play", name(self.kind)),
                limit: self.max_depth,
            }
            .into());
        }
        self.cx.budget_tick()?;
        self.cx
            .budget()
            .charge(&format!("positions of the {} compound", name(self.kind)), 1)?;
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let mut sides = [Vec::new(), Vec::new()];
            for (side, player) in [Player::Left, Player::Right].into_iter().enumerate() {
                let mut next = Vec::new();
                let mut failed = None;
                let _ = compound_options(self.kind, parts, player, &mut |o| {
                    if let Err(e) = self.cx.budget_tick() {
                        failed = Some(e);
                        return ControlFlow::Break(());
                    }
                    next.push(o);
                    ControlFlow::Continue(())
                });
                if let Some(e) = failed {
                    return Err(e);
                }
                for o in next {
                    sides[side].push(self.value(&o, depth + 1)?);
                }
            }
            Ok::<_, EvalError>(Game::from_options(&sides[0], &sides[1])?)
        })?;
        self.memo.insert(key, v);
        Ok(v)
    }
}

impl CompoundPosition {
    fn compute(&self, cx: &mut Context) -> Result<Game, EvalError> {
        if let Some(&v) = self.value.get() {
            return Ok(v);
        }
        let budget = cx.budget().clone();
        let max_depth = cx.limits().max_depth;
        let v = partizan::within_budget(&budget, || {
            Search {
                kind: self.kind,
                cx,
                memo: HashMap::new(),
                max_depth,
            }
            .value(&self.parts, 0)
        })?;
        let _ = self.value.set(v);
        Ok(v)
    }
}

impl fmt::Display for CompoundPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", name(self.kind))?;
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            // A partizan part of value 0 is written `{|}`: a bare `0` reads
            // back as the impartial empty game, and a compound with no
            // partizan part is another kind of game (outcome theory).
            write_terms(f, part, |c| match c.to_string() {
                zero if zero == "0" && c.is_partizan() => "{|}".to_string(),
                text => text,
            })?;
        }
        f.write_str(")")
    }
}

/// "in part 1, Left moves to 1; in part 2, …": each part the move changed,
/// said by its component's game ([`super::words::compound_says`]).
fn says(before: &Component, after: &Component, mover: Option<Player>) -> Option<String> {
    let parts = |c: &Component| match c {
        Component::Partizan(p) => p
            .as_any()?
            .downcast_ref::<CompoundPosition>()
            .map(|c| c.parts.clone()),
        Component::Impartial(_) => None,
    };
    super::words::compound_says(&parts(before)?, &parts(after)?, mover)
}

static NAME: OnceLock<Arc<str>> = OnceLock::new();

impl PartizanPosition for CompoundPosition {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        Key::text(
            NAME.get_or_init(|| Arc::from("compound")),
            &self.to_string(),
        )
    }

    /// The compound's own options: the compounds after each move.
    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        compound_options(self.kind, &self.parts, player, &mut |parts| {
            visit(Arc::new(CompoundPosition {
                kind: self.kind,
                parts,
                value: OnceLock::new(),
            }))
        })
    }

    fn value(&self, cx: &mut Context) -> Result<Game, EvalError> {
        self.compute(cx)
    }
}
