//! Variants of any ruleset, as CGSuite offers them (`Ruleset.DicoticVariant`,
//! `Ruleset.ImpartialVariant`, `TwistedVariantRuleset`): a way of playing a
//! game that changes who may move, declared once here for every game —
//! catalogue games, values and scripts alike — rather than per game.
//!
//! - `dicotic(G)`: a player may move only if the opponent also has a move
//!   (CGSuite's `DicoticVariantGame`), so every position is dicotic
//!   (all-small);
//! - `impartial(G)`: both players have the union of Left's and Right's
//!   moves (`ImpartialVariantGame`), so the value is a nimber;
//! - `twisted(G)`: a player moves as in `G`, and after the move the roles
//!   are exchanged: the options of `twisted(G)` are `-twisted(G')` for `G'`
//!   an option of `G` (`TwistedVariantGame`).
//!
//! The argument is one game, possibly a sum: `dicotic(A + B)` is the dicotic
//! variant of the whole sum (a player may move when the opponent has a move
//! anywhere in it), which is not `dicotic(A) + dicotic(B)`; only the
//! impartial variant of a sum is the sum of the impartial variants (CGSuite
//! decomposes it so too), and it is valued that way.
//!
//! A variant position is a partizan component: it can be added, negated and
//! passed to a function. Its value is found by searching its own game tree
//! (memoised by the base position's key within the query's budget); a base
//! game whose moves come back to an earlier position is refused.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use rustc_hash::{FxHashMap, FxHashSet};

use crate::component::spec::{GameKind, GameSpec, Picture};
use crate::component::{
    write_sum, Component, Context, EvalError, ExprError, Key, Negative, Partizan, PartizanPosition,
};
use crate::partizan::{self, Game};
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::Player;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// A player may move only if the opponent has a move too.
    Dicotic,
    /// Both players have the union of Left's and Right's moves.
    Impartial,
    /// After each move the roles of Left and Right are exchanged.
    Twisted,
}

impl Variant {
    /// Every variant, in the order the help lists them.
    pub const ALL: [Variant; 3] = [Variant::Dicotic, Variant::Impartial, Variant::Twisted];

    /// The name it is written by.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Dicotic => "dicotic",
            Variant::Impartial => "impartial",
            Variant::Twisted => "twisted",
        }
    }

    /// The other names it is read by: CGSuite's (`DicoticVariant`, written
    /// in grundy's lower case with an underscore) and, for the dicotic
    /// variant, `all_small` (CGSuite's documentation calls it the
    /// all-small variant).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Dicotic => &["dicotic_variant", "all_small"],
            Variant::Impartial => &["impartial_variant"],
            Variant::Twisted => &["twisted_variant"],
        }
    }

    /// The variant written `name` (its name or an alias), if any.
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name || v.aliases().contains(&name))
    }

    /// One line for the help text.
    pub fn summary(self) -> &'static str {
        match self {
            Variant::Dicotic => {
                "the dicotic (all-small) variant: a player may move only if the opponent also has a move"
            }
            Variant::Impartial => {
                "the impartial variant: both players have the union of Left's and Right's moves"
            }
            Variant::Twisted => {
                "the twisted variant: after each move Left and Right exchange roles (options -twisted(G'))"
            }
        }
    }

    /// A call that `grundy value` accepts.
    pub fn example(self) -> &'static str {
        match self {
            Variant::Dicotic => "dicotic(domineering(\"..|..\"))",
            Variant::Impartial => "impartial(cutcake(2,3))",
            Variant::Twisted => "twisted(toads_frogs(\"tt.ff\"))",
        }
    }
}

/// The declaration variant positions report as their game.
pub static SPEC: GameSpec = GameSpec {
    name: "variant",
    kind: GameKind::Partizan,
    summary: "a variant of any game: dicotic(G), impartial(G), twisted(G)",
    example: "dicotic(domineering(\"..|..\"))",
    build: |call| {
        Err(call.error(
            call.span(),
            "not a variant",
            "write a variant by its name around a game, like dicotic(domineering(\"..|..\"))",
        ))
    },
    ruleset: None,
    says: Some(crate::games::words::option_says),
    picture: Picture::Text,
};

/// A position of a variant: the variant of the sum `base`.
#[derive(Debug)]
pub struct VariantPosition {
    variant: Variant,
    base: Vec<Component>,
}

/// `variant(base)` as a component.
pub fn component(variant: Variant, base: Vec<Component>) -> Component {
    Component::Partizan(Arc::new(VariantPosition { variant, base }))
}

impl fmt::Display for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.variant.name())?;
        write_sum(f, &self.base)?;
        f.write_str(")")
    }
}

/// The options of `player` in the sum `base` (an impartial component's
/// options are both players'), each as the sum after the move, until
/// `visit` breaks.
fn base_options(
    base: &[Component],
    player: Player,
    cx: Option<&mut Context>,
    visit: &mut dyn FnMut(Vec<Component>) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, EvalError> {
    let mut cx = cx;
    for (i, c) in base.iter().enumerate() {
        let mut each = |m: Component| {
            let mut next = base.to_vec();
            next[i] = m;
            visit(next)
        };
        let flow = match (c, cx.as_deref_mut()) {
            (Component::Partizan(q), Some(cx)) => {
                q.try_options_until(player, cx, &mut |o| each(Component::Partizan(o)))?
            }
            (Component::Partizan(q), None) => {
                q.options_until(player, &mut |o| each(Component::Partizan(o)))
            }
            (Component::Impartial(q), Some(cx)) => {
                q.try_options(cx, &mut |o| each(Component::Impartial(o)))?
            }
            (Component::Impartial(q), None) => q.options(&mut |o| each(Component::Impartial(o))),
        };
        if flow.is_break() {
            return Ok(flow);
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Whether `player` has a move in the sum `base`.
fn has_move(
    base: &[Component],
    player: Player,
    cx: Option<&mut Context>,
) -> Result<bool, EvalError> {
    Ok(base_options(base, player, cx, &mut |_| ControlFlow::Break(()))?.is_break())
}

/// The identity of the sum `base` (its components in any order).
fn base_key(base: &[Component]) -> String {
    let mut keys: Vec<String> = base
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| {
            let k = c.key();
            format!("{}|{:?}|{}", k.ruleset, k.numbers, k.text)
        })
        .collect();
    keys.sort();
    keys.join(" + ")
}

/// The values found so far, by variant and base key, kept between queries.
#[derive(Default)]
struct Memo {
    values: FxHashMap<(Variant, String), Game>,
}

/// How deep a variant's game tree may go before the search stops (a
/// safeguard for the call stack; the catalogue's boards are far shallower).
const MAX_DEPTH: usize = 4096;

/// The search of one query: the memo, the positions on the current line
/// (to refuse a game that loops), the depth.
struct Search<'a> {
    variant: Variant,
    memo: &'a mut Memo,
    line: FxHashSet<String>,
}

impl Search<'_> {
    fn value(&mut self, base: &[Component], cx: &mut Context) -> Result<Game, EvalError> {
        let key = base_key(base);
        if let Some(&v) = self.memo.values.get(&(self.variant, key.clone())) {
            return Ok(v);
        }
        cx.budget_tick()?;
        let limit = cx.limits().max_positions;
        if self.memo.values.len() as u64 >= limit {
            return Err(LimitError::Positions {
                what: format!("the {} variant", self.variant.name()),
                needed: u128::from(limit) + 1,
                limit,
            }
            .into());
        }
        if self.line.len() >= MAX_DEPTH {
            return Err(partizan::Error::Domain {
                operation: "variant",
                reason: format!(
                    "the game tree of the {} variant goes deeper than {MAX_DEPTH} moves",
                    self.variant.name()
                ),
            }
            .into());
        }
        if !self.line.insert(key.clone()) {
            return Err(partizan::Error::Domain {
                operation: "variant",
                reason: format!(
                    "the {} variant is of short games only, and a line of play returns to an \
                     earlier position",
                    self.variant.name()
                ),
            }
            .into());
        }
        let v = self.value_of_options(base, cx);
        self.line.remove(&key);
        let v = v?;
        self.memo.values.insert((self.variant, key), v);
        Ok(v)
    }

    /// The sums after each move of `player` in `base`.
    fn moves(
        base: &[Component],
        player: Player,
        cx: &mut Context,
    ) -> Result<Vec<Vec<Component>>, EvalError> {
        let mut out = Vec::new();
        let _ = base_options(base, player, Some(cx), &mut |next| {
            out.push(next);
            ControlFlow::Continue(())
        })?;
        Ok(out)
    }

    fn value_of_options(
        &mut self,
        base: &[Component],
        cx: &mut Context,
    ) -> Result<Game, EvalError> {
        let left = Self::moves(base, Player::Left, cx)?;
        let right = Self::moves(base, Player::Right, cx)?;
        let (left, right) = match self.variant {
            Variant::Dicotic if left.is_empty() || right.is_empty() => (Vec::new(), Vec::new()),
            Variant::Impartial => {
                let both: Vec<Vec<Component>> = left.into_iter().chain(right).collect();
                (both.clone(), both)
            }
            _ => (left, right),
        };
        let mut values = [Vec::new(), Vec::new()];
        for (side, moves) in [left, right].iter().enumerate() {
            for m in moves {
                let v = self.value(m, cx)?;
                values[side].push(match self.variant {
                    Variant::Twisted => v.neg(),
                    _ => v,
                });
            }
        }
        Ok(Game::from_options(&values[0], &values[1])?)
    }
}

/// The value of `variant(base)` within `cx`'s budget.
pub fn variant_value(
    variant: Variant,
    base: &[Component],
    cx: &mut Context,
) -> Result<Game, EvalError> {
    let mut memo = std::mem::take(cx.cache::<Memo>());
    let budget = cx.budget().clone();
    let result = partizan::within_budget(&budget, || {
        if variant == Variant::Impartial && base.len() > 1 {
            // The impartial variant of a sum is the sum of its parts'.
            let mut total = Game::zero();
            for c in base {
                let mut search = Search {
                    variant,
                    memo: &mut memo,
                    line: FxHashSet::default(),
                };
                total = total.try_add(search.value(std::slice::from_ref(c), cx)?)?;
            }
            return Ok(total);
        }
        let mut search = Search {
            variant,
            memo: &mut memo,
            line: FxHashSet::default(),
        };
        search.value(base, cx)
    });
    *cx.cache::<Memo>() = memo;
    result
}

static NAMES: OnceLock<[Arc<str>; 3]> = OnceLock::new();

impl VariantPosition {
    fn at(&self, base: Vec<Component>) -> Partizan {
        Arc::new(VariantPosition {
            variant: self.variant,
            base,
        })
    }

    fn visit_options(
        &self,
        player: Player,
        cx: Option<&mut Context>,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let mut cx = cx;
        match self.variant {
            Variant::Dicotic => {
                if !has_move(&self.base, player.opponent(), cx.as_deref_mut())? {
                    return Ok(ControlFlow::Continue(()));
                }
                base_options(&self.base, player, cx, &mut |next| visit(self.at(next)))
            }
            Variant::Impartial => {
                let flow =
                    base_options(&self.base, Player::Left, cx.as_deref_mut(), &mut |next| {
                        visit(self.at(next))
                    })?;
                if flow.is_break() {
                    return Ok(flow);
                }
                base_options(&self.base, Player::Right, cx, &mut |next| {
                    visit(self.at(next))
                })
            }
            Variant::Twisted => base_options(&self.base, player, cx, &mut |next| {
                visit(Arc::new(Negative(self.at(next))))
            }),
        }
    }
}

impl PartizanPosition for VariantPosition {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn key(&self) -> Key {
        let names = NAMES.get_or_init(|| Variant::ALL.map(|v| Arc::from(v.name())));
        let i = Variant::ALL
            .iter()
            .position(|&v| v == self.variant)
            .unwrap_or(0);
        Key::text(&names[i], &base_key(&self.base))
    }

    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_options(player, None, visit)
            .unwrap_or(ControlFlow::Break(()))
    }

    fn try_options_until(
        &self,
        player: Player,
        cx: &mut Context,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        self.visit_options(player, Some(cx), visit)
    }

    fn value(&self, cx: &mut Context) -> Result<Game, EvalError> {
        variant_value(self.variant, &self.base, cx)
    }
}

/// `variant(G)` written as `term`, with `validate` validating its one
/// argument into a sum of components, and `integer` reading an integer
/// argument as the value it is (both given by the expression reader, the
/// layer above).
pub(crate) fn build(
    variant: Variant,
    term: &crate::language::syntax::Term,
    validate: impl FnOnce(&crate::language::syntax::Expr) -> Result<Vec<Component>, ExprError>,
    integer: impl FnOnce(&str, crate::language::syntax::Span) -> Result<Component, ExprError>,
) -> Result<Component, ExprError> {
    use crate::language::syntax::Arg;
    let usage = || {
        format!(
            "write {}(G) around one game or sum, like {}",
            variant.name(),
            variant.example()
        )
    };
    if term.params.is_some() {
        return Err(ExprError::invalid(
            term.name_span,
            format!("{} takes no parameters in [...]", variant.name()),
            usage(),
        ));
    }
    match term.args.as_deref() {
        Some([Arg::Expr(e)]) => Ok(component(variant, validate(e)?)),
        Some([Arg::Int(t, _)]) if t == "0" => Ok(component(variant, Vec::new())),
        Some([Arg::Int(t, span)]) => {
            let value = integer(t, *span)?;
            Ok(component(variant, vec![value]))
        }
        Some([other]) => Err(ExprError::invalid(
            other.span(),
            format!("the argument of {} must be a game", variant.name()),
            usage(),
        )),
        _ => Err(ExprError::invalid(
            term.span,
            format!("{}(...) takes exactly one game", variant.name()),
            usage(),
        )),
    }
}
