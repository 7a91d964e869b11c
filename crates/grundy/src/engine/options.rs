//! A position's options as the user wrote it: in a sum, one component
//! replaced by one of its options, the others left in place (so a front end
//! can say which part a move changed); in a compound, the parts moved in as
//! the compound's rule allows. Each resulting position is listed once, at
//! most `max_moves` of them, the clock and the position budget looked at as
//! they are made.

use std::ops::ControlFlow;

use rustc_hash::FxHashSet;

use crate::component::EvalError;
use crate::component::{Component, Context, Key};
use crate::language::expr::GameExpr;
use crate::solvers::compound::CompoundKind;
use crate::vocab::outcome::Player;

/// One move: the position it leaves, and in a sum the component it changed.
#[derive(Clone, Debug)]
pub struct OptionMove {
    /// The position after the move.
    pub game: GameExpr,
    /// In a sum: which component (index into [`GameOptions::parts`]) the move
    /// changed, and what that component became. `None` in a compound, where a
    /// move may change several parts.
    pub change: Option<(usize, Component)>,
}

/// The options of a position, for each player.
#[derive(Clone, Debug)]
pub struct GameOptions {
    /// The position.
    pub game: GameExpr,
    /// Its components as written, when it is a sum (normal or misère play).
    pub parts: Option<Vec<Component>>,
    /// The options: one list for an impartial game, Left's and Right's for a
    /// partizan one.
    pub moves: OptionLists,
    /// False when a list was cut at the limit of listed moves.
    pub complete: bool,
}

/// The options of one list or two.
#[derive(Clone, Debug)]
pub enum OptionLists {
    /// An impartial game: both players have the same options.
    Impartial(Vec<OptionMove>),
    /// A partizan game (or a sum with a partizan component).
    Partizan {
        /// Left's options.
        left: Vec<OptionMove>,
        /// Right's options.
        right: Vec<OptionMove>,
    },
}

impl OptionLists {
    /// The options of `player` (either list's for an impartial game).
    pub fn of(&self, player: Player) -> &[OptionMove] {
        match (self, player) {
            (OptionLists::Impartial(m), _) => m,
            (OptionLists::Partizan { left, .. }, Player::Left) => left,
            (OptionLists::Partizan { right, .. }, Player::Right) => right,
        }
    }
}

const WHAT: &str = "listing options";

/// What one component of a listed option is taken to hold (its handle and
/// the position behind it).
const COMPONENT_BYTES: u128 = 256;

/// Who may move: `None` in an impartial game (one list), else each player.
fn movers(game: &GameExpr) -> &'static [Option<Player>] {
    if game.is_partizan() {
        &[Some(Player::Left), Some(Player::Right)]
    } else {
        &[None]
    }
}

/// Calls `visit` with every move of `mover` in `game`: in a sum, one
/// component replaced; in a compound, the parts its rule moves in (each
/// part with at most `part_max` options). False when a part had more than
/// that, so that the moves visited are not all of them.
fn each_move(
    game: &GameExpr,
    mover: Option<Player>,
    part_max: usize,
    cx: &mut Context,
    visit: &mut dyn FnMut(OptionMove) -> ControlFlow<()>,
) -> Result<bool, EvalError> {
    match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => {
            let misere = matches!(game, GameExpr::Misere(_));
            // A stop here is the visitor's own (it knows why).
            let _ = sum_moves(c, mover, cx, &mut |i, to| {
                let mut next = c.clone();
                next[i] = to.clone();
                let game = if misere {
                    GameExpr::Misere(next)
                } else {
                    GameExpr::Sum(next)
                };
                visit(OptionMove {
                    game,
                    change: Some((i, to)),
                })
            })?;
            Ok(true)
        }
        GameExpr::Compound { kind, play, parts } => {
            compound_moves(*kind, parts, mover, part_max, cx, &mut |next| {
                visit(OptionMove {
                    game: GameExpr::Compound {
                        kind: *kind,
                        play: *play,
                        parts: next,
                    },
                    change: None,
                })
            })
        }
    }
}

/// The options of `game`, at most `cx.limits().max_moves` a list.
pub(crate) fn options(game: &GameExpr, cx: &mut Context) -> Result<GameOptions, EvalError> {
    let max = cx.limits().max_moves;
    let mut complete = true;
    let mut lists = Vec::with_capacity(2);
    for &mover in movers(game) {
        let mut out = Listed::new(max);
        let whole = each_move(game, mover, max.max(1), cx, &mut |m| out.push(m))?;
        complete &= whole && out.complete;
        lists.push(out.list);
    }
    let moves = match <[Vec<OptionMove>; 2]>::try_from(lists) {
        Ok([left, right]) => OptionLists::Partizan { left, right },
        Err(mut one) => OptionLists::Impartial(one.pop().unwrap_or_default()),
    };
    let parts = match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => Some(c.clone()),
        GameExpr::Compound { .. } => None,
    };
    Ok(GameOptions {
        game: game.clone(),
        parts,
        moves,
        complete,
    })
}

/// Moves as they are listed: each resulting position once, at most `max`.
struct Listed {
    max: usize,
    list: Vec<OptionMove>,
    seen: FxHashSet<Vec<Key>>,
    complete: bool,
}

impl Listed {
    fn new(max: usize) -> Listed {
        Listed {
            max,
            list: Vec::new(),
            seen: FxHashSet::default(),
            complete: true,
        }
    }

    fn push(&mut self, m: OptionMove) -> ControlFlow<()> {
        if !self.seen.insert(position_key(&m.game)) {
            return ControlFlow::Continue(());
        }
        if self.list.len() == self.max {
            self.complete = false;
            return ControlFlow::Break(());
        }
        self.list.push(m);
        ControlFlow::Continue(())
    }
}

/// A position's identity as a set of moves sees it: its non-empty
/// components' keys, sorted within each part (a sum does not depend on the
/// order of its terms), parts kept in order with a separator.
fn position_key(game: &GameExpr) -> Vec<Key> {
    let sorted = |c: &[Component]| {
        let mut keys: Vec<Key> = c
            .iter()
            .filter(|c| !c.is_empty())
            .map(Component::key)
            .collect();
        keys.sort();
        keys
    };
    match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => sorted(c),
        GameExpr::Compound { parts, .. } => {
            let mut out = Vec::new();
            for p in parts {
                out.extend(sorted(p));
                out.push(Key::text(&std::sync::Arc::from("|"), ""));
            }
            out
        }
    }
}

/// Calls `visit(i, to)` for every move of `mover` (`None`: impartial) in the
/// sum `components`: component `i` becomes its option `to`.
fn sum_moves(
    components: &[Component],
    mover: Option<Player>,
    cx: &mut Context,
    visit: &mut dyn FnMut(usize, Component) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, EvalError> {
    let budget = cx.budget().clone();
    for (i, c) in components.iter().enumerate() {
        let mut stopped = None;
        let mut each = |to: Component| {
            if let Err(e) = budget.tick(WHAT) {
                stopped = Some(e);
                return ControlFlow::Break(());
            }
            visit(i, to)
        };
        let flow = match (c, mover) {
            (Component::Impartial(p), _) => {
                p.try_options(cx, &mut |o| each(Component::Impartial(o)))?
            }
            (Component::Partizan(p), Some(player)) => {
                p.try_options_until(player, cx, &mut |o| each(Component::Partizan(o)))?
            }
            (Component::Partizan(_), None) => ControlFlow::Continue(()),
        };
        if let Some(e) = stopped {
            return Err(e.into());
        }
        if flow.is_break() {
            return Ok(flow);
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Calls `visit` with the parts after every move of the compound: each part
/// a sum, moved in or left as the compound's rule says (Winning Ways ch. 9).
/// False when a part had more than `max` options (the moves listed are
/// then not all of them).
fn compound_moves(
    kind: CompoundKind,
    parts: &[Vec<Component>],
    mover: Option<Player>,
    max: usize,
    cx: &mut Context,
    visit: &mut dyn FnMut(Vec<Vec<Component>>) -> ControlFlow<()>,
) -> Result<bool, EvalError> {
    // Each part's own options first (a part's options are the sum's moves),
    // at most `max` of them.
    let mut options: Vec<Vec<Vec<Component>>> = Vec::with_capacity(parts.len());
    let mut whole = true;
    let budget = cx.budget().clone();
    let mut held = 0u128;
    for part in parts {
        let mut mine = Vec::new();
        let mut refused = None;
        let flow = sum_moves(part, mover, cx, &mut |i, to| {
            held += part.len() as u128 * COMPONENT_BYTES;
            if let Err(e) = budget.check_bytes(WHAT, held) {
                refused = Some(e);
                return ControlFlow::Break(());
            }
            let mut next = part.clone();
            next[i] = to;
            mine.push(next);
            if mine.len() >= max {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        if let Some(e) = refused {
            return Err(e.into());
        }
        whole &= flow.is_continue();
        options.push(mine);
    }
    let n = parts.len();
    let live = options.iter().filter(|o| !o.is_empty()).count();
    let may_stay = |o: &Vec<Vec<Component>>| match kind {
        CompoundKind::Selective | CompoundKind::NotAll => true,
        CompoundKind::Conjunctive => false,
        CompoundKind::ContinuedConjunctive => o.is_empty(),
    };
    if (kind == CompoundKind::Conjunctive && (n == 0 || live < n)) || live == 0 {
        return Ok(whole);
    }
    // An odometer over each part's choice: 0 = stay (where allowed), then its options.
    let offset: Vec<usize> = options.iter().map(|o| usize::from(may_stay(o))).collect();
    let counts: Vec<usize> = options
        .iter()
        .zip(&offset)
        .map(|(o, s)| o.len() + s)
        .collect();
    let budget = cx.budget().clone();
    let mut choice = vec![0usize; n];
    'odometer: loop {
        budget.tick(WHAT)?;
        let moved = (0..n).filter(|&i| choice[i] >= offset[i]).count();
        let legal = moved > 0 && !(kind == CompoundKind::NotAll && moved == n);
        if legal {
            let next = (0..n)
                .map(|i| {
                    if choice[i] < offset[i] {
                        parts[i].clone()
                    } else {
                        options[i][choice[i] - offset[i]].clone()
                    }
                })
                .collect();
            if visit(next).is_break() {
                return Ok(false);
            }
        }
        for i in 0..n {
            choice[i] += 1;
            if choice[i] < counts[i] {
                continue 'odometer;
            }
            choice[i] = 0;
        }
        return Ok(whole);
    }
}

/// What one listed follower is taken to cost: the expression, its
/// components' handles and its key in the set of those seen.
const FOLLOWER_BYTES: u128 = 512;

/// Every follower of `game`: the positions reached by any sequence of moves
/// of either player (not only alternating), `game` itself first, each once,
/// in the order they are first reached. Each is charged to the position
/// budget and to memory as it is found.
pub(crate) fn followers(game: &GameExpr, cx: &mut Context) -> Result<Vec<GameExpr>, EvalError> {
    const WHAT: &str = "listing followers";
    let budget = cx.budget().clone();
    let mut seen: FxHashSet<Vec<Key>> = FxHashSet::default();
    seen.insert(position_key(game));
    let mut found = vec![game.clone()];
    budget.charge(WHAT, 1)?;
    let mut next = 0;
    while next < found.len() {
        let at = found[next].clone();
        next += 1;
        for &mover in movers(&at) {
            let mut failed = None;
            // Followers need every move: the listing limit of one position
            // does not apply, the position and memory budget does.
            each_move(&at, mover, usize::MAX, cx, &mut |m| {
                if !seen.insert(position_key(&m.game)) {
                    return ControlFlow::Continue(());
                }
                let admitted = budget
                    .charge(WHAT, 1)
                    .and_then(|()| budget.check_bytes(WHAT, found.len() as u128 * FOLLOWER_BYTES));
                match admitted {
                    Ok(()) => {
                        found.push(m.game);
                        ControlFlow::Continue(())
                    }
                    Err(e) => {
                        failed = Some(e);
                        ControlFlow::Break(())
                    }
                }
            })?;
            if let Some(e) = failed {
                return Err(e.into());
            }
        }
    }
    Ok(found)
}
