//! Positions of any game (a catalogue game, a script) as loopy game graphs:
//! every position reachable from a component by either player's moves,
//! identified by equality of the positions (their [`Key`]s), as the graph
//! of a [`LoopyGame`] (Siegel, *CGT*, VI.1). This is how a game whose
//! moves can return to a position gets a loopy value: a registry game's
//! [`crate::component::PartizanPosition::value`] reports such a cycle as
//! [`SearchError::Cycle`], and the component is then valued here.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::component::EvalError;
use crate::component::{Component, Context, Impartial, Key, Partizan};
use crate::loopy::LoopyGame;
use crate::loopy::LoopyValue;
use crate::solvers::search::SearchError;
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::Player;

/// What the builder is called in limit errors.
const WHAT: &str = "loopy game graph of a position";

/// Roughly what a vertex costs besides its key's text: two edge lists,
/// the shared position, and its entry in the table of keys.
const VERTEX_BYTES: u64 = 200;

/// A position as the builder sees it: both kinds of game (an impartial
/// game is a partizan one where both players have the same moves).
#[derive(Clone)]
enum Node {
    Partizan(Partizan),
    Impartial(Impartial),
}

impl Node {
    fn key(&self) -> Key {
        match self {
            Node::Partizan(p) => p.key(),
            Node::Impartial(p) => p.key(),
        }
    }

    fn options(
        &self,
        player: Player,
        cx: &mut Context,
        out: &mut Vec<Node>,
    ) -> Result<(), EvalError> {
        let _ = match self {
            Node::Partizan(p) => p.try_options_until(player, cx, &mut |o| {
                out.push(Node::Partizan(o));
                ControlFlow::Continue(())
            })?,
            Node::Impartial(p) => p.try_options(cx, &mut |o| {
                out.push(Node::Impartial(o));
                ControlFlow::Continue(())
            })?,
        };
        Ok(())
    }
}

/// The graph of every position reachable from `component` (breadth-first;
/// each position charged to the query's budget and the tables checked
/// against its memory limit before they grow).
pub fn graph_of(component: &Component, cx: &mut Context) -> Result<LoopyGame, EvalError> {
    let start = match component {
        Component::Partizan(p) => Node::Partizan(p.clone()),
        Component::Impartial(p) => Node::Impartial(p.clone()),
    };
    let budget = cx.budget().clone();
    let mut ids: HashMap<Key, u32> = HashMap::new();
    let mut order: Vec<Node> = Vec::new();
    let intern =
        |n: Node, ids: &mut HashMap<Key, u32>, order: &mut Vec<Node>| -> Result<u32, LimitError> {
            let key = n.key();
            if let Some(&id) = ids.get(&key) {
                return Ok(id);
            }
            budget.charge(WHAT, 1)?;
            let each = VERTEX_BYTES + key.text.len() as u64 + 8 * key.numbers.len() as u64;
            budget.check_alloc(WHAT, order.len() as u128 + 1, each)?;
            let id = u32::try_from(order.len()).map_err(|_| LimitError::Positions {
                what: WHAT.into(),
                needed: order.len() as u128 + 1,
                limit: u32::MAX as u64,
            })?;
            ids.insert(key, id);
            order.push(n);
            Ok(id)
        };
    intern(start, &mut ids, &mut order)?;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut buf = Vec::new();
    let mut next = 0;
    while next < order.len() {
        budget.tick(WHAT)?;
        for player in [Player::Left, Player::Right] {
            buf.clear();
            let node = order[next].clone();
            node.options(player, cx, &mut buf)?;
            let mut edges = Vec::with_capacity(buf.len());
            for o in buf.drain(..) {
                edges.push(intern(o, &mut ids, &mut order)?);
            }
            edges.sort_unstable();
            edges.dedup();
            match player {
                Player::Left => left.push(edges),
                Player::Right => right.push(edges),
            }
        }
        next += 1;
    }
    Ok(LoopyGame {
        left,
        right,
        start: 0,
    })
}

/// The value of one component: its canonical value when its game always
/// ends, otherwise the loopy value of its graph.
pub fn component_value(component: &Component, cx: &mut Context) -> Result<LoopyValue, EvalError> {
    let budget = cx.budget().clone();
    let short = match component {
        Component::Partizan(p) => p.value(cx),
        Component::Impartial(p) => p
            .nimber(cx)
            .and_then(|n| Ok(crate::partizan::Game::nimber(n.0)?)),
    };
    match short {
        Ok(g) => LoopyValue::short(g, &budget).map_err(EvalError::Loopy),
        Err(EvalError::Search(SearchError::Cycle { .. })) => {
            let g = graph_of(component, cx)?;
            LoopyValue::of(&g, &budget).map_err(EvalError::Loopy)
        }
        Err(e) => Err(e),
    }
}

/// The value of a sum: each component valued on its own (a short value,
/// or the loopy value of its graph), then added (sums of sided values
/// through their sides).
pub fn sum_value(components: &[Component], cx: &mut Context) -> Result<LoopyValue, EvalError> {
    let budget = cx.budget().clone();
    let mut total: Option<LoopyValue> = None;
    for c in components {
        let v = component_value(c, cx)?;
        total = Some(match total {
            None => v,
            Some(t) => t.add(&v, &budget).map_err(EvalError::Loopy)?,
        });
    }
    match total {
        Some(t) => Ok(t),
        None => LoopyValue::short(crate::partizan::Game::zero(), &budget).map_err(EvalError::Loopy),
    }
}
