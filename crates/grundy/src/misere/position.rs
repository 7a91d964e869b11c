//! The misère canonical form of a position of one of the library's games.
//!
//! The form of a position is the simplest form of the set of its options'
//! forms; the form of a position that splits into parts is the misère sum of
//! the parts' forms (not a Nim sum: the form of the sum has to be built from
//! the forms of the parts). Positions are explored with a stack of their
//! own, since a line of play can be long, and each one is remembered by its
//! key in the [`Context`]'s cache between queries.

use std::ops::ControlFlow;

use rustc_hash::{FxHashMap, FxHashSet};

use super::canonical::{store, Id, Meter};
use super::MisereForm;
use crate::component::{Context, EvalError, Impartial, Key};
use crate::solvers::search::SearchError;
use crate::vocab::limits::LimitError;

const WHAT: &str = "misère canonical form";

/// Roughly what a remembered position costs, besides its key's numbers and
/// text.
const ENTRY_BYTES: u128 = 96;
/// Roughly what a frame of the exploration costs, besides its options.
const FRAME_BYTES: u128 = 160;
/// What one listed option costs: its handle, and the position a move
/// made (its own allocation, with the allocator's overhead; a Kayles heap
/// of a million peaked at 4.7 GB resident when 128 bytes were counted).
const CHILD_BYTES: u128 = 224;

/// The forms of the positions met so far, by key: kept in a
/// [`Context`]'s cache (`cx.cache::<MisereMemo>()`) between queries.
#[derive(Default)]
pub struct MisereMemo {
    forms: FxHashMap<Key, Id>,
    bytes: u128,
}

impl MisereMemo {
    /// How many positions are remembered.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }
}

fn key_bytes(k: &Key) -> u128 {
    ENTRY_BYTES + 8 * k.numbers.len() as u128 + k.text.len() as u128
}

/// A position being worked on: the forms of its options (or parts) so far.
struct Frame {
    position: Impartial,
    key: Key,
    /// The position's parts, when it splits: their forms are added.
    split: bool,
    children: Vec<Impartial>,
    next: usize,
    forms: Vec<Id>,
}

/// The misère canonical form of `p`.
///
/// Every position explored counts against the context's budget (time,
/// positions, memory; a cancel is seen), and every position's form is
/// remembered for later queries on the same context. A position that can
/// return to itself is an error: canonical forms are of games that end.
///
/// ```
/// use grundy::misere::misere_canonical;
/// use grundy::{parse_game, Component, component::Context, GameExpr, Limits};
///
/// let mut cx = Context::new(Limits::default());
/// let GameExpr::Sum(parts) = parse_game("dawson(12)").unwrap() else { unreachable!() };
/// let Component::Impartial(p) = &parts[0] else { unreachable!() };
/// let form = misere_canonical(p, &mut cx).unwrap();
/// assert_eq!(form.misere_nim_value().0, 0); // a misère P-position
/// assert_eq!(form.to_string(), "*[(2[2]21)2[3]0]");
/// ```
pub fn misere_canonical(p: &Impartial, cx: &mut Context) -> Result<MisereForm, EvalError> {
    let budget = cx.budget().clone();
    budget.check_now(WHAT)?;
    let key = p.key();
    if let Some(&g) = cx.cache::<MisereMemo>().forms.get(&key) {
        return Ok(MisereForm(g));
    }
    let mut on_line: FxHashSet<Key> = FxHashSet::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut frame_bytes: u128 = 0;
    let root = open(p.clone(), key, cx, 0)?;
    frame_bytes += FRAME_BYTES + CHILD_BYTES * root.children.len() as u128;
    on_line.insert(root.key.clone());
    stack.push(root);
    loop {
        let top = stack
            .last_mut()
            .expect("the loop returns when the stack empties");
        if top.next < top.children.len() {
            let child = top.children[top.next].clone();
            let key = child.key();
            let known = cx.cache::<MisereMemo>().forms.get(&key).copied();
            if let Some(g) = known {
                top.forms.push(g);
                top.next += 1;
                continue;
            }
            if on_line.contains(&key) {
                return Err(EvalError::Search(SearchError::Cycle {
                    position: child.to_string(),
                }));
            }
            let used = cx.cache::<MisereMemo>().bytes + frame_bytes;
            let frame = open(child, key, cx, used)?;
            frame_bytes += FRAME_BYTES + CHILD_BYTES * frame.children.len() as u128;
            let memo_bytes = cx.cache::<MisereMemo>().bytes;
            budget.check_bytes(WHAT, memo_bytes + frame_bytes)?;
            on_line.insert(frame.key.clone());
            stack.push(frame);
            continue;
        }
        let done = stack.pop().expect("not empty");
        frame_bytes -= FRAME_BYTES + CHILD_BYTES * done.children.len() as u128;
        on_line.remove(&done.key);
        let form = finish(&done, &budget)?;
        let memo = cx.cache::<MisereMemo>();
        memo.bytes += key_bytes(&done.key);
        budget.check_bytes(WHAT, memo.bytes + frame_bytes)?;
        memo.forms.insert(done.key, form);
        match stack.last_mut() {
            Some(parent) => {
                parent.forms.push(form);
                parent.next += 1;
            }
            None => return Ok(MisereForm(form)),
        }
    }
}

/// Starts work on a position: lists its parts or its options, counting
/// them against the memory limit beside the `used` bytes as they are
/// made (a heap of a million has half a million options, each a new
/// position).
fn open(position: Impartial, key: Key, cx: &mut Context, used: u128) -> Result<Frame, EvalError> {
    let budget = cx.budget().clone();
    budget.tick(WHAT)?;
    budget.charge(WHAT, 1)?;
    let (split, children) = match position.split() {
        Some(parts) if parts.len() > 1 => (true, parts),
        Some(mut parts) if parts.len() == 1 && parts[0].key() != key => {
            (true, vec![parts.remove(0)])
        }
        _ => {
            let mut children = Vec::new();
            let mut failed: Option<LimitError> = None;
            let flow = position.try_options(cx, &mut |o| {
                let listed = (children.len() as u128 + 1) * CHILD_BYTES;
                if let Err(e) = budget
                    .tick(WHAT)
                    .and_then(|()| budget.check_bytes(WHAT, used + listed))
                {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
                children.push(o);
                ControlFlow::Continue(())
            })?;
            if let Some(e) = failed {
                return Err(e.into());
            }
            debug_assert!(flow.is_continue());
            (false, children)
        }
    };
    Ok(Frame {
        position,
        key,
        split,
        children,
        next: 0,
        forms: Vec::new(),
    })
}

/// The form of a position whose children's forms are all known.
fn finish(done: &Frame, budget: &crate::vocab::budget::Budget) -> Result<Id, LimitError> {
    let _ = &done.position;
    let mut meter = Meter::new(budget);
    let mut s = store();
    if done.split {
        let mut total = Id::ZERO;
        for &f in &done.forms {
            total = s.add(total, f, &mut meter)?;
        }
        Ok(total)
    } else {
        s.construct(done.forms.clone(), &mut meter)
    }
}

/// The misère canonical form of the sum of `parts`: the misère sum of their
/// forms.
///
/// ```
/// use grundy::misere::{misere_canonical_sum, MisereForm};
/// use grundy::{parse_game, Component, component::Context, GameExpr, Limits};
///
/// let mut cx = Context::new(Limits::default());
/// let heap = |n: u64| match parse_game(&format!("nim({n})")).unwrap() {
///     GameExpr::Sum(mut c) => match c.remove(0) {
///         Component::Impartial(p) => p,
///         Component::Partizan(_) => unreachable!(),
///     },
///     _ => unreachable!(),
/// };
/// let sum = misere_canonical_sum(&[heap(2), heap(2)], &mut cx).unwrap();
/// assert_eq!(sum, MisereForm::nim_heap(2) + MisereForm::nim_heap(2));
/// ```
pub fn misere_canonical_sum(
    parts: &[Impartial],
    cx: &mut Context,
) -> Result<MisereForm, EvalError> {
    let mut total = MisereForm::zero();
    for p in parts {
        let f = misere_canonical(p, cx)?;
        total = total.try_add(f, cx.budget())?;
    }
    Ok(total)
}
