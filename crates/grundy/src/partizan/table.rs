//! The process-wide table of canonical forms: one append-only arena of nodes
//! shared by every thread, so that a game id means the same value on every
//! thread and [`Game`](super::Game) handles can be sent and shared.
//!
//! Reading a node takes no lock: the arena is a list of segments of
//! doubling size, each allocated once and never moved, and every slot is
//! written once (a [`OnceLock`]); a node is never changed or freed after it
//! is published, so readers get `&'static` references. Options are leaked
//! slices (`&'static [Id]`) for the same reason: the table only grows, as
//! the thread-local table before it did, and handing out plain references
//! costs no reference count on the hot paths of comparison and addition.
//!
//! Interning (the maps from a number or an option set to its id, and the
//! append itself) is behind one mutex. Its callers keep per-thread caches in
//! front of it (see `game.rs`), so the lock is taken once per new value a
//! thread meets, not once per operation.

use rustc_hash::FxHashMap;
use std::sync::{LazyLock, Mutex, MutexGuard, OnceLock, PoisonError};

use super::dyadic::Dyadic;
use super::game::Nus;

/// Index of a node in the table; meaningful on every thread.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct Id(pub(crate) u32);

#[derive(Debug)]
pub(crate) enum Kind {
    Number(Dyadic),
    Form {
        left: &'static [Id],
        right: &'static [Id],
    },
}

/// A canonical form with the facts about it that are read most often.
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) birthday: u64,
    pub(crate) left_stop: Dyadic,
    pub(crate) right_stop: Dyadic,
    /// `Some(n)` when the value is the nimber `*n` (including `0`).
    pub(crate) nimber: Option<u64>,
    /// `Some((x, n, m))` when the value is `x + n.^ + *m`.
    pub(crate) nus: Option<Nus>,
    /// Every follower has moves for both players or for neither (dicotic).
    pub(crate) all_small: bool,
}

impl Node {
    /// The number this node is, if it is one.
    pub(crate) fn number(&self) -> Option<Dyadic> {
        match self.kind {
            Kind::Number(x) => Some(x),
            Kind::Form { .. } => None,
        }
    }
}

/// Slots in the first segment (`2^FIRST_BITS`); segment `s` has
/// `2^(FIRST_BITS + s)`, so `SEGMENTS` of them cover every `u32` id.
const FIRST_BITS: u32 = 10;
const SEGMENTS: usize = 33 - FIRST_BITS as usize;

type Segment = Box<[OnceLock<Node>]>;

struct Arena {
    segments: [OnceLock<Segment>; SEGMENTS],
}

static NODES: Arena = Arena {
    segments: [const { OnceLock::new() }; SEGMENTS],
};

/// The segment and the offset in it of id `i`.
fn locate(i: u32) -> (usize, usize) {
    let j = u64::from(i) + (1 << FIRST_BITS);
    let top = 63 - j.leading_zeros();
    ((top - FIRST_BITS) as usize, (j - (1 << top)) as usize)
}

/// The node of `id`. Ids are only made by [`Interner::push`], which
/// publishes the node before it hands the id out, so the node is there.
pub(crate) fn node(id: Id) -> &'static Node {
    let (s, off) = locate(id.0);
    NODES.segments[s]
        .get()
        .and_then(|seg| seg[off].get())
        .expect("a game id always names a published node")
}

/// The interning maps. Keys borrow the leaked option slices of the nodes.
pub(crate) struct Interner {
    len: u32,
    forms: FxHashMap<(&'static [Id], &'static [Id]), Id>,
    numbers: FxHashMap<Dyadic, Id>,
}

static INTERNER: LazyLock<Mutex<Interner>> = LazyLock::new(|| {
    Mutex::new(Interner {
        len: 0,
        forms: FxHashMap::default(),
        numbers: FxHashMap::default(),
    })
});

/// The interner, locked. A panic while it was held cannot leave it
/// inconsistent (a node is published before its id enters a map), so a
/// poisoned lock is taken over.
pub(crate) fn interner() -> MutexGuard<'static, Interner> {
    INTERNER.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Looks a form up by borrowed option slices: the map's `'static` keys are
/// shortened to the borrow's lifetime (`HashMap` is covariant in its key).
fn find_form<'a>(
    forms: &FxHashMap<(&'a [Id], &'a [Id]), Id>,
    l: &'a [Id],
    r: &'a [Id],
) -> Option<Id> {
    forms.get(&(l, r)).copied()
}

/// How many values the table holds (it only grows: a long-running server
/// watches this).
pub fn values_held() -> u64 {
    u64::from(interner().len)
}

impl Interner {
    /// Appends a node and returns its id.
    fn push(&mut self, node: Node) -> Id {
        let id = self.len;
        // 2^32 nodes of ~150 bytes would be 600 GB: memory runs out first.
        self.len = id.checked_add(1).expect("fewer than 2^32 game values");
        let (s, off) = locate(id);
        let seg = NODES.segments[s].get_or_init(|| {
            (0..1usize << (FIRST_BITS as usize + s))
                .map(|_| OnceLock::new())
                .collect()
        });
        // Appends are serialised by the interner's lock: the slot is free.
        let _ = seg[off].set(node);
        Id(id)
    }

    /// The id of the number `x`, made by `make` if it is new.
    pub(crate) fn number(&mut self, x: Dyadic, make: impl FnOnce() -> Node) -> Id {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let id = self.push(make());
        self.numbers.insert(x, id);
        id
    }

    /// The id of the form `{left | right}` (sorted, deduplicated canonical
    /// options), made by `make` from the options if it is new.
    pub(crate) fn form(
        &mut self,
        left: Vec<Id>,
        right: Vec<Id>,
        make: impl FnOnce(&'static [Id], &'static [Id]) -> Node,
    ) -> Id {
        if let Some(id) = find_form(&self.forms, &left, &right) {
            return id;
        }
        let l: &'static [Id] = Box::leak(left.into_boxed_slice());
        let r: &'static [Id] = Box::leak(right.into_boxed_slice());
        let id = self.push(make(l, r));
        self.forms.insert((l, r), id);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_covers_ids_without_gaps() {
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(1023), (0, 1023));
        assert_eq!(locate(1024), (1, 0));
        assert_eq!(locate(3071), (1, 2047));
        assert_eq!(locate(3072), (2, 0));
        let (s, off) = locate(u32::MAX);
        assert!(s < SEGMENTS);
        assert!(off < 1 << (FIRST_BITS as usize + s));
    }
}
