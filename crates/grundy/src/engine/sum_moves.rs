//! The moves of a sum played as a whole (retrograde analysis of loopy
//! sums, misère search of partizan sums): a move replaces one component
//! by one of its options. The options are stored, so the clock and the
//! memory limit are looked at as they are made — a heap of 2^63 has 2^62
//! of them.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use crate::component::EvalError;
use crate::component::{Component, Context, Key};
use crate::vocab::outcome::Player;

/// A component of a sum, compared by its key.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub(crate) key: Key,
    pub(crate) component: Component,
}

impl PartialEq for Part {
    fn eq(&self, other: &Part) -> bool {
        self.key == other.key
    }
}
impl Eq for Part {}
impl Hash for Part {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state)
    }
}
impl PartialOrd for Part {
    fn partial_cmp(&self, other: &Part) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Part {
    fn cmp(&self, other: &Part) -> Ordering {
        self.key.cmp(&other.key)
    }
}

/// Adds `c` to `out`: nothing if it is empty, its independent parts if
/// `split` and it splits, else itself.
fn push_part(c: Component, split: bool, out: &mut Vec<Part>) {
    let parts = match &c {
        Component::Impartial(p) if split => p.split(),
        _ => None,
    };
    match parts {
        Some(parts) => out.extend(parts.into_iter().filter(|p| !p.is_empty()).map(|p| Part {
            key: p.key(),
            component: Component::Impartial(p),
        })),
        None if c.is_empty() => {}
        None => out.push(Part {
            key: c.key(),
            component: c,
        }),
    }
}

/// The sum of `components` as sorted parts (split into their independent
/// parts when `split`).
pub(crate) fn sorted_parts(components: &[Component], split: bool) -> Vec<Part> {
    let mut parts = Vec::new();
    for c in components {
        push_part(c.clone(), split, &mut parts);
    }
    parts.sort();
    parts
}

/// What one component of a listed option takes (its key, its handle, the
/// position the move made; measured about 250 bytes with the allocator's
/// overhead), and what an option's own list takes.
const OPTION_PART_BYTES: u128 = 320;
const OPTION_BYTES: u128 = 64;

/// The options of `mover` in the sum `parts` (an impartial sum's when
/// `mover` is `None`: partizan parts then have none), each as sorted parts,
/// split like the sum when `split`. `what` names the work in limit errors.
pub(crate) fn sum_options(
    parts: &[Part],
    mover: Option<Player>,
    split: bool,
    cx: &mut Context,
    what: &'static str,
) -> Result<Vec<Vec<Part>>, EvalError> {
    let budget = cx.budget().clone();
    let mut out: Vec<Vec<Part>> = Vec::new();
    let mut bytes = 0u128;
    let mut stopped = None;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 && parts[i - 1] == *part {
            continue; // equal components have the same options
        }
        let mut replace = |option: Component| {
            // The list's slots double as it grows.
            bytes += parts.len() as u128 * OPTION_PART_BYTES + OPTION_BYTES;
            let slots = 2 * out.capacity() as u128 * std::mem::size_of::<Vec<Part>>() as u128;
            if let Err(e) = budget
                .tick(what)
                .and_then(|()| budget.check_bytes(what, bytes + slots))
            {
                stopped = Some(e);
                return ControlFlow::Break(());
            }
            let mut next: Vec<Part> = parts[..i].to_vec();
            next.extend_from_slice(&parts[i + 1..]);
            push_part(option, split, &mut next);
            next.sort();
            out.push(next);
            ControlFlow::Continue(())
        };
        match (&part.component, mover) {
            (Component::Impartial(p), _) => {
                let _ = p.try_options(cx, &mut |o| replace(Component::Impartial(o)))?;
            }
            (Component::Partizan(p), Some(player)) => {
                let _ =
                    p.try_options_until(player, cx, &mut |o| replace(Component::Partizan(o)))?;
            }
            (Component::Partizan(_), None) => {}
        }
        if let Some(e) = stopped.take() {
            return Err(e.into());
        }
        budget.check_now(what)?;
    }
    Ok(out)
}
