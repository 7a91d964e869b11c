//! Short partizan games in canonical form, hash-consed.
//!
//! Every game value is kept once, in canonical form (Siegel, *CGT*, II.2):
//! dominated options removed and reversible options bypassed. Two games are
//! equal exactly when their [`Game`] handles are equal, so equality is a
//! compare of two integers; `<=` is memoised per pair.
//!
//! Numbers are stored by value and their options made on demand, so that
//! `Game::integer(1_000_000)` does not build a million nodes.
//!
//! The forms live in one process-wide table (`table.rs`), so a [`Game`] is a
//! small `Copy` handle that means the same value on every thread: it is
//! `Send` and `Sync`. The memo tables of the operations (`<=`, sums,
//! negatives, thermographs, canonical forms of option sets) are per thread,
//! over those shared ids: a lookup takes no lock, and a thread that meets a
//! game made elsewhere recomputes what it asks about from the shared forms.

use std::cell::RefCell;
use std::collections::HashMap;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::Arc;

use super::dyadic::Dyadic;
use super::table::{self, Kind, Node};
use super::thermograph::{Thermograph, Trajectory};
use super::Error;
use crate::vocab::outcome::Outcome;

pub(crate) use super::table::Id;

/// The largest `|n|` accepted for `n.^`.
pub const MAX_UP_MULTIPLE: u64 = 1 << 16;
/// The largest `n` accepted for `^<n>` and `^[n]` (their canonical forms
/// grow exponentially: `^<20>` takes about 0.1 s, `^<24>` about 1 s).
pub const MAX_UP_NTH: u32 = 20;
/// The largest `n` accepted for `*n` written in notation: every nimber
/// the engine makes can be written back.
pub const MAX_NIMBER_LITERAL: u64 = MAX_NIMBER;
/// The largest `n` accepted by [`Game::nimber`].
pub const MAX_NIMBER: u64 = 4096;

/// The eccentric case of atomic weight ran past the integers.
const AW_OVERFLOW: Error = Error::Overflow {
    operation: "atomic weight",
};

/// A number + up-multiple + nimber `x + n.^ + *m`.
pub(crate) type Nus = (Dyadic, i64, u64);

/// `p <= q` for number-up-stars, by their parts: a number difference
/// decides; otherwise `n.^ + *s <= 0` exactly when `n <= 0` (`s = 0`),
/// `n <= -2` (`s = 1`: `^*` and `v*` are fuzzy with 0) or `n <= -1`
/// (`s >= 2`) (Siegel, *CGT*, II.4). No walk down the chain of an up
/// multiple, however long.
fn nus_leq(p: Nus, q: Nus) -> bool {
    if p.0 != q.0 {
        return p.0 < q.0;
    }
    let n = p.1 - q.1;
    match p.2 ^ q.2 {
        0 => n <= 0,
        1 => n <= -2,
        _ => n <= -1,
    }
}

/// The options of one side: the shared slice of a form, or the one option
/// of a number made on demand.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Opts {
    Shared(&'static [Id]),
    One(Id),
    Empty,
}

impl std::ops::Deref for Opts {
    type Target = [Id];

    fn deref(&self) -> &[Id] {
        match self {
            Opts::Shared(s) => s,
            Opts::One(id) => std::slice::from_ref(id),
            Opts::Empty => &[],
        }
    }
}

/// This thread's memo tables over the shared forms, and its cache of the
/// shared number ids.
#[derive(Default)]
pub(crate) struct Store {
    numbers: FxHashMap<Dyadic, Id>,
    leq: FxHashMap<(Id, Id), bool>,
    sums: FxHashMap<(Id, Id), Id>,
    negs: FxHashMap<Id, Id>,
    thermographs: FxHashMap<Id, Arc<Thermograph>>,
    atomic: FxHashMap<Id, Id>,
    /// `nimbers[k]` is `*k`, for the `k` built so far.
    nimbers: Vec<Id>,
    /// `^`, once built.
    up: Option<Id>,
    /// Number-up-star values by their parts.
    nus_forms: FxHashMap<Nus, Id>,
    /// Canonical forms by their (sorted, deduplicated) options as given,
    /// written as one list: the number of Left options, then the Left
    /// options, then the Right options.
    /// Keys of up to `CANON_INLINE` ids are held in the table itself, so a
    /// lookup reads no second place in memory.
    canon: FxHashMap<SmallVec<[Id; CANON_INLINE]>, Id>,
    /// The list a key of `canon` is written into for a lookup.
    key: Vec<Id>,
    /// The budget of the computation under way on this thread (see
    /// [`within_budget`]), and the sums and forms it has made so far.
    budget: Option<crate::vocab::budget::Budget>,
    made: u64,
    /// `made` when the limits were last checked.
    checked: u64,
    /// Comparisons made (memoised) under the budget.
    compared: u64,
    /// The limit the budget ran out on: from then on every operation gives
    /// up and nothing is memoised (see [`within_budget`]).
    stop: Option<crate::vocab::limits::LimitError>,
    /// The printing under way.
    pub(crate) render: super::display::Render,
}

/// The longest key of [`Store::canon`] held inline: the number of Left
/// options and up to 9 options.
const CANON_INLINE: usize = 10;

/// What a memo entry of the store (a sum, a form with its options, a
/// comparison) costs, roughly, for [`crate::vocab::limits::Limits::max_memory`].
const STORE_ENTRY_BYTES: u128 = 512;
/// What a memoised comparison costs, roughly (with the transient double
/// table of a resize).
const COMPARISON_BYTES: u128 = 96;

/// Runs `f` with every sum, comparison and canonical form it computes on
/// this thread counted against `budget`: the clock and cancel flag are
/// looked at as the forms are made, each made form counts as a position and
/// as about 512 bytes of memory (a memoised comparison as 96), and running
/// out is [`Error::Limit`]. A comparison has no error of its own: once the
/// budget is out, every operation gives up and nothing more is memoised,
/// and this returns the limit's error whatever `f` made of it, so no answer
/// computed past the limit escapes.
pub fn within_budget<T, E: From<Error>>(
    budget: &crate::vocab::budget::Budget,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let previous = with_store(|s| {
        (
            s.budget.replace(budget.clone()),
            std::mem::take(&mut s.made),
            std::mem::take(&mut s.checked),
            std::mem::take(&mut s.compared),
            s.stop.take(),
        )
    });
    let result = f();
    let stopped = with_store(|s| {
        let stopped = s.stop.take();
        (s.budget, s.made, s.checked, s.compared, s.stop) = previous;
        stopped
    });
    match stopped {
        Some(e) => Err(Error::Limit(e).into()),
        None => result,
    }
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// Runs `f` on this thread's store. Store methods never call back into
/// `with_store`, so the borrow is never taken twice.
pub(crate) fn with_store<T>(f: impl FnOnce(&mut Store) -> T) -> T {
    STORE.with(|s| f(&mut s.borrow_mut()))
}

/// A short partizan game value in canonical form: a handle into the
/// process-wide table of values, valid on every thread.
///
/// ```
/// use grundy::partizan::Game;
/// let half = Game::parse("1/2").unwrap();
/// let g = Game::from_options(&[Game::zero()], &[Game::integer(1).unwrap()]).unwrap();
/// assert_eq!(g, half); // {0|1} = 1/2
/// let star = Game::nimber(1).unwrap();
/// assert_eq!(star.try_add(star).unwrap(), Game::zero());
/// assert_eq!(Game::parse("{3||2*|1*}").unwrap().to_string(), "{3||2*|1*}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Game {
    pub(crate) id: Id,
}

/// How two games compare in the partial order of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G <> H`: incomparable (confused, `G - H` is a first-player win).
    Confused,
}

impl std::fmt::Display for Comparison {
    /// CGSuite's relation symbols: `<`, `=`, `>`, `<>`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Greater => ">",
            Comparison::Confused => "<>",
        })
    }
}

impl Game {
    pub(crate) fn from_id(id: Id) -> Game {
        Game { id }
    }

    /// `0 = { | }`.
    pub fn zero() -> Game {
        Game::number(Dyadic::ZERO)
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Game {
        Game::from_id(with_store(|s| s.number(x)))
    }

    /// The integer `n`; an error for `i64::MIN` (numbers lie within
    /// `±(2^63 - 1)`, so that every game has a negative).
    pub fn integer(n: i64) -> Result<Game, Error> {
        Dyadic::integer(n).map(Game::number)
    }

    /// The nimber `*n = {0,*,…,*(n-1) | 0,*,…,*(n-1)}`; an error above
    /// [`MAX_NIMBER`], since its canonical form has `n(n+1)/2` option links.
    pub fn nimber(n: u64) -> Result<Game, Error> {
        if n > MAX_NIMBER {
            return Err(Error::Domain {
                operation: "nimber",
                reason: format!("*{n} is above the limit *{MAX_NIMBER}"),
            });
        }
        Ok(Game::from_id(with_store(|s| s.nimber(n))))
    }

    /// `^ = {0|*}`.
    pub fn up() -> Game {
        Game::from_id(with_store(|s| s.up()))
    }

    /// `v = {*|0}`.
    pub fn down() -> Game {
        Game::up().neg()
    }

    /// `n.^`, the sum of `n` copies of `^` (`n < 0`: copies of `v`).
    pub fn up_multiple(n: i64) -> Result<Game, Error> {
        with_store(|s| s.up_multiple(n)).map(Game::from_id)
    }

    /// `^<n>` ("up-nth", Siegel *CGT* II.4): `^<1> = ^` and
    /// `^<n+1> = {0 | v[n]*}`, where `v[n] = -^[n]`.
    pub fn up_nth(n: u32) -> Result<Game, Error> {
        with_store(|s| s.up_nth(n)).map(Game::from_id)
    }

    /// `^[n] = ^<1> + ^<2> + … + ^<n>` ("up to the n-th").
    pub fn up_to_nth(n: u32) -> Result<Game, Error> {
        with_store(|s| s.up_to_nth(n)).map(Game::from_id)
    }

    /// `Tiny(g) = {0 || 0 | -g}`.
    pub fn tiny(g: Game) -> Result<Game, Error> {
        let z = Game::zero();
        let inner = Game::from_options(&[z], &[g.neg()])?;
        Game::from_options(&[z], &[inner])
    }

    /// `Miny(g) = {g | 0 || 0}`, the negative of `Tiny(g)`.
    pub fn miny(g: Game) -> Result<Game, Error> {
        Ok(Game::tiny(g)?.neg())
    }

    /// `+-g = {g | -g}`.
    pub fn plus_minus(g: Game) -> Result<Game, Error> {
        Game::from_options(&[g], &[g.neg()])
    }

    /// The canonical form of `{L1, L2, … | R1, R2, …}`.
    pub fn from_options(left: &[Game], right: &[Game]) -> Result<Game, Error> {
        let l = left.iter().map(|g| g.id).collect();
        let r = right.iter().map(|g| g.id).collect();
        with_store(|s| s.canonical(l, r)).map(Game::from_id)
    }

    /// The disjunctive sum `self + other`.
    pub fn try_add(self, other: Game) -> Result<Game, Error> {
        with_store(|s| s.add(self.id, other.id)).map(Game::from_id)
    }

    /// `self - other`.
    pub fn try_sub(self, other: Game) -> Result<Game, Error> {
        self.try_add(other.neg())
    }

    /// The sum of several games (`0` for none).
    pub fn try_sum(games: &[Game]) -> Result<Game, Error> {
        let Some((first, rest)) = games.split_first() else {
            return Ok(Game::zero());
        };
        with_store(|s| rest.iter().try_fold(first.id, |acc, g| s.add(acc, g.id))).map(Game::from_id)
    }

    /// `n` copies of `self` added together, by doubling: a sum of many
    /// equal components costs a logarithmic number of additions.
    pub fn try_multiple(self, n: u64) -> Result<Game, Error> {
        let mut acc = Game::zero();
        let mut pow = self;
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                acc = acc.try_add(pow)?;
            }
            k >>= 1;
            if k > 0 {
                pow = pow.try_add(pow)?;
            }
        }
        Ok(acc)
    }

    /// `-self`: the roles of Left and Right exchanged.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Game {
        Game::from_id(with_store(|s| s.neg(self.id)))
    }

    /// `self <= other`: Left, moving second in `other - self`, wins.
    pub fn le(self, other: Game) -> bool {
        with_store(|s| s.leq(self.id, other.id))
    }

    /// `self >= other`.
    pub fn ge(self, other: Game) -> bool {
        other.le(self)
    }

    /// Where `self` stands relative to `other`.
    pub fn compare(self, other: Game) -> Comparison {
        match (self.le(other), other.le(self)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// The outcome class: `L` if `G > 0`, `R` if `G < 0`, `P` if `G = 0`,
    /// `N` if `G <> 0`.
    pub fn outcome(self) -> Outcome {
        match self.compare(Game::zero()) {
            Comparison::Greater => Outcome::L,
            Comparison::Less => Outcome::R,
            Comparison::Equal => Outcome::P,
            Comparison::Confused => Outcome::N,
        }
    }

    /// Left's options of the canonical form.
    pub fn left_options(self) -> Vec<Game> {
        with_store(|s| s.left(self.id))
            .iter()
            .map(|&i| Game::from_id(i))
            .collect()
    }

    /// Right's options of the canonical form.
    pub fn right_options(self) -> Vec<Game> {
        with_store(|s| s.right(self.id))
            .iter()
            .map(|&i| Game::from_id(i))
            .collect()
    }

    fn node<T>(self, f: impl FnOnce(&Node) -> T) -> T {
        f(table::node(self.id))
    }

    /// The number this game equals, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        self.node(|n| match n.kind {
            Kind::Number(x) => Some(x),
            Kind::Form { .. } => None,
        })
    }

    /// Whether this game is a number.
    pub fn is_number(self) -> bool {
        self.as_number().is_some()
    }

    /// `n` if this game is the nimber `*n` (`0` is `*0`).
    pub fn as_nimber(self) -> Option<u64> {
        self.node(|n| n.nimber)
    }

    /// Whether every follower of the canonical form has options for both
    /// players or for neither (an all-small, or dicotic, game).
    pub fn is_all_small(self) -> bool {
        self.node(|n| n.all_small)
    }

    /// The birthday: the height of the canonical game tree.
    pub fn birthday(self) -> u64 {
        self.node(|n| n.birthday)
    }

    /// Left's stop: the number reached when Left moves first and both
    /// players stop as soon as a number is reached.
    pub fn left_stop(self) -> Dyadic {
        self.node(|n| n.left_stop)
    }

    /// Right's stop.
    pub fn right_stop(self) -> Dyadic {
        self.node(|n| n.right_stop)
    }

    /// The thermograph (Siegel, *CGT*, II.5).
    pub fn thermograph(self) -> Result<Arc<Thermograph>, Error> {
        with_store(|s| s.thermograph(self.id))
    }

    /// The mean value (mast of the thermograph).
    pub fn mean(self) -> Result<Dyadic, Error> {
        Ok(self.thermograph()?.mast)
    }

    /// The temperature: negative for numbers (`-1/2^k` for `m/2^k`, `-1` for
    /// integers), as CGSuite reports it.
    pub fn temperature(self) -> Result<Dyadic, Error> {
        Ok(self.thermograph()?.temperature)
    }

    /// `self` cooled by `t > -1` (Siegel, *CGT*, Def. II.5.10; CGSuite's
    /// `Cool`): `{G^L_t - t | G^R_t + t}`, unless `G` cooled by some
    /// `t' < t` is already a number, in which case it is that number.
    ///
    /// As in CGSuite, `t` may lie below 0 down to (not including) `-1`:
    /// integers are unchanged, and a number `m/2^k` (temperature `-1/2^k`)
    /// cooled below its temperature opens into a switch (`1/4` cooled by
    /// `-3/8` is `{3/8|1/8}`). `t <= -1` is refused (the thermograph is
    /// drawn from `t = -1` up); [`Game::heat`] takes any number.
    /// An [`Error::Overflow`] if a number in the result does not fit.
    pub fn cool(self, t: Dyadic) -> Result<Game, Error> {
        if t <= Dyadic::small(-1) {
            return Err(Error::Domain {
                operation: "cool",
                reason: format!(
                    "cooling by {t} is not defined: cooling takes t > -1, as CGSuite's Cool \
                     does (temperatures start at -1); heating takes any number"
                ),
            });
        }
        if t < Dyadic::ZERO {
            return self.cool_below_zero(t);
        }
        with_store(|s| s.cool(self.id, t)).map(Game::from_id)
    }

    /// `self` heated by `t`, `∫^t G` (Siegel, *CGT*, II.5): a number
    /// is unchanged, otherwise `{t + ∫^t G^L | -t + ∫^t G^R}` on the
    /// canonical form. The definition is a formula in `t`, and any number
    /// is accepted, negative ones included, as CGSuite's `Heat` accepts any
    /// game; heating is not the inverse of cooling (`∫^t G_t` may differ
    /// from `G`), and heating by `-t` is not cooling by `t` (`{3|-1}`
    /// heated by `-4` is `{-1|3} = 0`, cooled by `4` it is its mean, `1`).
    /// An [`Error::Overflow`] if a number in the result does not fit.
    pub fn heat(self, t: Dyadic) -> Result<Game, Error> {
        with_store(|s| s.heat(self.id, t)).map(Game::from_id)
    }

    /// `x + n.^ + *m` as its parts, if this game is one.
    pub(crate) fn nus(self) -> Option<Nus> {
        with_store(|s| s.nus_of(self.id))
    }
}

/// The depth limit in force on this thread: the budget's
/// [`crate::vocab::limits::Limits::max_depth`], or its default outside a budget.
pub(crate) fn max_depth() -> usize {
    with_store(|s| {
        s.budget
            .as_ref()
            .map_or(crate::vocab::limits::DEFAULT_MAX_DEPTH, |b| {
                b.limits().max_depth
            })
    })
}

impl Store {
    fn node(&self, id: Id) -> &'static Node {
        table::node(id)
    }

    pub(crate) fn num(&self, id: Id) -> Option<Dyadic> {
        self.node(id).number()
    }

    pub(crate) fn nus_of(&self, id: Id) -> Option<Nus> {
        self.node(id).nus
    }

    /// Recognises the canonical forms of `x + n.^ + *m` from their
    /// options' parts (Siegel, *CGT*, II.4): `x + *m = {x+*k | x+*k}`
    /// (k < m); `x + ^* = {x, x* | x}`; otherwise for `n >= 1`
    /// `x + n.^ + *m = {x | x + (n-1).^ + *(m xor 1)}`; and the negatives.
    fn detect_nus(&self, l: &[Id], r: &[Id]) -> Option<Nus> {
        let f = |i: &Id| self.nus_of(*i);
        if l == r {
            let parts: Vec<Nus> = l.iter().map(f).collect::<Option<_>>()?;
            let x = parts.first()?.0;
            let mut ks: Vec<u64> = parts
                .iter()
                .filter(|p| p.0 == x && p.1 == 0)
                .map(|p| p.2)
                .collect();
            ks.sort_unstable();
            let ok = ks.len() == l.len() && ks.iter().enumerate().all(|(i, &k)| i as u64 == k);
            return ok.then_some((x, 0, ks.len() as u64));
        }
        match (l, r) {
            ([a, b], [c]) | ([c], [a, b]) => {
                let (pa, pb, pc) = (f(a)?, f(b)?, f(c)?);
                let x = pc.0;
                let pair = [(x, 0, 0), (x, 0, 1)];
                let up = l.len() == 2;
                (pc.1 == 0 && pc.2 == 0 && (pair == [pa, pb] || pair == [pb, pa])).then_some((
                    x,
                    if up { 1 } else { -1 },
                    1,
                ))
            }
            ([a], [b]) => {
                let (pa, pb) = (f(a)?, f(b)?);
                if pa.1 == 0 && pa.2 == 0 && pb.0 == pa.0 && pb.1 >= 0 && (pb.1, pb.2) != (0, 0) {
                    Some((pa.0, pb.1 + 1, pb.2 ^ 1))
                } else if pb.1 == 0
                    && pb.2 == 0
                    && pa.0 == pb.0
                    && pa.1 <= 0
                    && (pa.1, pa.2) != (0, 0)
                {
                    Some((pb.0, pa.1 - 1, pa.2 ^ 1))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The canonical form of `x + n.^ + *m`, built directly.
    pub(crate) fn nus_value(&mut self, x: Dyadic, n: i64, m: u64) -> Result<Id, Error> {
        if n == 0 && m == 0 {
            return Ok(self.number(x));
        }
        if let Some(&id) = self.nus_forms.get(&(x, n, m)) {
            return Ok(id);
        }
        if n.unsigned_abs() > MAX_UP_MULTIPLE || m > MAX_NIMBER {
            return Err(Error::Domain {
                operation: "number-up-star",
                reason: format!(
                    "{n}.^ + *{m} is beyond the limits {MAX_UP_MULTIPLE}.^ and *{MAX_NIMBER}"
                ),
            });
        }
        let id = if n == 0 {
            // x + *m: build x + *k for k < m in order.
            let mut opts = vec![self.number(x)];
            for k in 1..m {
                let next = match self.nus_forms.get(&(x, 0, k)) {
                    Some(&id) => id,
                    None => {
                        let id = self.intern(opts.clone(), opts.clone())?;
                        self.nus_forms.insert((x, 0, k), id);
                        id
                    }
                };
                opts.push(next);
            }
            self.intern(opts.clone(), opts)?
        } else {
            // x + n.^ + *m = {x | x + (n-1).^ + *(m^1)} for n >= 1 except
            // x + ^* = {x, x* | x}, and mirrored for n <= -1: built outwards
            // from the deepest link not yet made, so that a long chain
            // (10^4 ups) needs no deep recursion.
            let xn = self.number(x);
            let sign = n.signum();
            let star_at = |k: i64| m ^ ((n - k).unsigned_abs() & 1);
            let form = |s: &mut Store, l: Vec<Id>, r: Vec<Id>| {
                if sign > 0 {
                    s.intern(l, r)
                } else {
                    s.intern(r, l)
                }
            };
            let mut k = n.abs();
            while k > 1
                && !self
                    .nus_forms
                    .contains_key(&(x, sign * (k - 1), star_at(sign * (k - 1))))
            {
                k -= 1;
            }
            let mut below = if k == 1 {
                let m1 = star_at(sign);
                let first = if m1 == 1 {
                    let xs = self.nus_value(x, 0, 1)?;
                    form(self, vec![xn, xs], vec![xn])?
                } else {
                    let r = self.nus_value(x, 0, m1 ^ 1)?;
                    form(self, vec![xn], vec![r])?
                };
                self.nus_forms.insert((x, sign, m1), first);
                k = 2;
                first
            } else {
                self.nus_forms[&(x, sign * (k - 1), star_at(sign * (k - 1)))]
            };
            while k <= n.abs() {
                below = form(self, vec![xn], vec![below])?;
                self.nus_forms
                    .insert((x, sign * k, star_at(sign * k)), below);
                k += 1;
            }
            below
        };
        self.nus_forms.insert((x, n, m), id);
        Ok(id)
    }

    pub(crate) fn nimber_of(&self, id: Id) -> Option<u64> {
        self.node(id).nimber
    }

    pub(crate) fn birthday_of(&self, id: Id) -> u64 {
        self.node(id).birthday
    }

    pub(crate) fn stops(&self, id: Id) -> (Dyadic, Dyadic) {
        let n = self.node(id);
        (n.left_stop, n.right_stop)
    }

    pub(crate) fn number(&mut self, x: Dyadic) -> Id {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let id = table::interner().number(x, || {
            // Birthday of m/2^k (k >= 1) is floor(|x|) + k + 1; of an
            // integer, |n|. No overflow: |x| < 2^63 and k <= 62.
            let a = x.abs();
            let birthday = if x.is_integer() {
                a.floor().unsigned_abs()
            } else {
                a.floor().unsigned_abs() + u64::from(x.exponent()) + 1
            };
            Node {
                kind: Kind::Number(x),
                birthday,
                left_stop: x,
                right_stop: x,
                nimber: (x == Dyadic::ZERO).then_some(0),
                nus: Some((x, 0, 0)),
                all_small: x == Dyadic::ZERO,
            }
        });
        self.numbers.insert(x, id);
        id
    }

    fn number_checked(&mut self, x: Result<Dyadic, Error>) -> Result<Id, Error> {
        x.map(|x| self.number(x))
    }

    /// The option of the number `x` for one side, from its canonical form
    /// (`n = {n-1|}` for `n > 0`, `m/2^k = {(m-1)/2^k | (m+1)/2^k}`).
    fn number_option(&mut self, x: Dyadic, left: bool) -> Opts {
        let toward_zero = if left {
            x > Dyadic::ZERO
        } else {
            x < Dyadic::ZERO
        };
        if x.is_integer() && !toward_zero {
            return Opts::Empty;
        }
        // `x -+ 2^-k` is in range: for an integer it moves toward 0, and
        // otherwise the odd numerator becomes even and the result reduces.
        let step = Dyadic::new(1, x.exponent());
        let y = step.and_then(|d| {
            if left {
                x.checked_sub(d)
            } else {
                x.checked_add(d)
            }
        });
        match y {
            Ok(y) => Opts::One(self.number(y)),
            Err(_) => Opts::Empty,
        }
    }

    /// Left options; for a number, made on demand from its canonical form.
    pub(crate) fn left(&mut self, id: Id) -> Opts {
        match self.node(id).kind {
            Kind::Form { left, .. } => Opts::Shared(left),
            Kind::Number(x) => self.number_option(x, true),
        }
    }

    /// Right options (see [`Store::left`]).
    pub(crate) fn right(&mut self, id: Id) -> Opts {
        match self.node(id).kind {
            Kind::Form { right, .. } => Opts::Shared(right),
            Kind::Number(x) => self.number_option(x, false),
        }
    }

    pub(crate) fn nimber(&mut self, n: u64) -> Id {
        // Build *0, *1, … in order, each from the ones before it, so that
        // *n costs its n options once rather than a recursion per option.
        if self.nimbers.is_empty() {
            let z = self.number(Dyadic::ZERO);
            self.nimbers.push(z);
        }
        while self.nimbers.len() as u64 <= n {
            let opts = self.nimbers.clone();
            // {*0..*(k-1) | *0..*(k-1)} is canonical and not a number.
            let next = self.intern_form(opts.clone(), opts);
            self.nimbers.push(next);
        }
        self.nimbers[n as usize]
    }

    pub(crate) fn up(&mut self) -> Id {
        if let Some(u) = self.up {
            return u;
        }
        let z = self.number(Dyadic::ZERO);
        let s = self.nimber(1);
        // {0 | *} is canonical and not a number.
        let u = self.intern_form(vec![z], vec![s]);
        self.up = Some(u);
        u
    }

    pub(crate) fn up_multiple(&mut self, n: i64) -> Result<Id, Error> {
        if n.unsigned_abs() > MAX_UP_MULTIPLE {
            return Err(Error::Domain {
                operation: "up multiple",
                reason: format!("{n}.^ is beyond the limit of {MAX_UP_MULTIPLE} copies (its canonical form has a node per copy)"),
            });
        }
        let unit = if n < 0 { self.neg_up() } else { self.up() };
        let mut acc = self.number(Dyadic::ZERO);
        // Binary doubling keeps the number of sums logarithmic in |n|.
        let mut k = n.unsigned_abs();
        let mut pow = unit;
        while k > 0 {
            if k & 1 == 1 {
                acc = self.add(acc, pow)?;
            }
            k >>= 1;
            if k > 0 {
                pow = self.add(pow, pow)?;
            }
        }
        Ok(acc)
    }

    fn neg_up(&mut self) -> Id {
        let u = self.up();
        self.neg(u)
    }

    pub(crate) fn up_nth(&mut self, n: u32) -> Result<Id, Error> {
        if n > MAX_UP_NTH {
            return Err(Error::Domain {
                operation: "^<n>",
                reason: format!("n = {n} is beyond the limit {MAX_UP_NTH}"),
            });
        }
        if n == 0 {
            return Err(Error::Domain {
                operation: "^<n>",
                reason: "n must be at least 1".into(),
            });
        }
        if n == 1 {
            return Ok(self.up());
        }
        let to = self.up_to_nth(n - 1)?;
        let down_to = self.neg(to);
        let star = self.nimber(1);
        let r = self.add(down_to, star)?;
        let z = self.number(Dyadic::ZERO);
        self.canonical(vec![z], vec![r])
    }

    pub(crate) fn up_to_nth(&mut self, n: u32) -> Result<Id, Error> {
        if n > MAX_UP_NTH {
            return Err(Error::Domain {
                operation: "^[n]",
                reason: format!("n = {n} is beyond the limit {MAX_UP_NTH}"),
            });
        }
        let mut acc = self.number(Dyadic::ZERO);
        for k in 1..=n {
            let u = self.up_nth(k)?;
            acc = self.add(acc, u)?;
        }
        Ok(acc)
    }

    /// Interns a form whose options are canonical and which has no dominated
    /// or reversible options; a form equal to a number becomes that number.
    fn intern(&mut self, left: Vec<Id>, right: Vec<Id>) -> Result<Id, Error> {
        // A canonical form equal to a number has number options with
        // max L < min R (simplicity theorem).
        let all_numbers = |s: &Store, v: &[Id]| v.iter().all(|&i| s.num(i).is_some());
        if all_numbers(self, &left) && all_numbers(self, &right) {
            let lo = left.iter().filter_map(|&i| self.num(i)).max();
            let hi = right.iter().filter_map(|&i| self.num(i)).min();
            if let Some(x) = Dyadic::simplest_between(lo, hi)? {
                return Ok(self.number(x));
            }
        }
        Ok(self.intern_form(left, right))
    }

    /// Interns a canonical form that is known not to be a number.
    fn intern_form(&mut self, mut left: Vec<Id>, mut right: Vec<Id>) -> Id {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let this = &*self;
        table::interner().form(left, right, |l, r| this.make_form(l, r))
    }

    /// The node of the form `{l | r}` (canonical, not a number).
    fn make_form(&self, l: &'static [Id], r: &'static [Id]) -> Node {
        let birthday = l
            .iter()
            .chain(r.iter())
            .map(|&i| self.node(i).birthday)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let left_stop = l.iter().map(|&i| self.node(i).right_stop).max();
        let right_stop = r.iter().map(|&i| self.node(i).left_stop).min();
        // Both sides of a canonical non-number are non-empty; fall back to
        // the other stop rather than fail if that ever does not hold.
        let (left_stop, right_stop) = match (left_stop, right_stop) {
            (Some(a), Some(b)) => (a, b),
            (Some(a), None) => (a, a),
            (None, Some(b)) => (b, b),
            (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
        };
        let nus = self.detect_nus(l, r);
        let nimber = match nus {
            Some((x, 0, m)) if x == Dyadic::ZERO => Some(m),
            _ => None,
        };
        let all_small = !l.is_empty()
            && !r.is_empty()
            && l.iter().chain(r.iter()).all(|&i| self.node(i).all_small);
        Node {
            kind: Kind::Form { left: l, right: r },
            birthday,
            left_stop,
            right_stop,
            nimber,
            nus,
            all_small,
        }
    }

    /// `a <= b`, memoised. Fast paths: numbers compare directly; stops
    /// decide many pairs (`L(G) < R(H)` implies `G < H`, `R(G) > L(H)`
    /// implies `G </= H`; Siegel, *CGT*, II.3); number avoidance lets a
    /// number be compared with a non-number through the non-number's options.
    pub(crate) fn leq(&mut self, a: Id, b: Id) -> bool {
        if a == b {
            return true;
        }
        // One read of each node for all the fast paths.
        let (ga, gb) = (self.node(a), self.node(b));
        let (na, nb) = (ga.number(), gb.number());
        if let (Some(x), Some(y)) = (na, nb) {
            return x <= y;
        }
        if ga.left_stop < gb.right_stop {
            return true;
        }
        if ga.right_stop > gb.left_stop {
            return false;
        }
        if let (Some(p), Some(q)) = (ga.nus, gb.nus) {
            return nus_leq(p, q);
        }
        if let Some(&r) = self.leq.get(&(a, b)) {
            return r;
        }
        if self.budget.is_some() {
            if self.stop.is_some() {
                return false; // given up: not memoised, and the scope fails
            }
            self.compared += 1;
            let _ = self.check_budget();
        }
        let r = if na.is_some() {
            // x <= G iff no G^R <= x.
            let gr = self.right(b);
            gr.iter().all(|&r| !self.leq(r, a))
        } else if nb.is_some() {
            // G <= x iff no G^L >= x.
            let gl = self.left(a);
            gl.iter().all(|&l| !self.leq(b, l))
        } else {
            let al = self.left(a);
            let br = self.right(b);
            al.iter().all(|&l| !self.leq(b, l)) && br.iter().all(|&r| !self.leq(r, a))
        };
        if self.stop.is_none() {
            self.leq.insert((a, b), r);
        }
        r
    }

    /// `x <= {L | R}` for a form that is not interned.
    fn leq_to_form(&mut self, x: Id, l: &[Id], r: &[Id]) -> bool {
        if r.iter().any(|&gr| self.leq(gr, x)) {
            return false;
        }
        let xl = self.left(x);
        xl.iter().all(|&y| !self.form_leq(l, r, y))
    }

    /// `{L | R} <= y` for a form that is not interned.
    fn form_leq(&mut self, l: &[Id], r: &[Id], y: Id) -> bool {
        if l.iter().any(|&gl| self.leq(y, gl)) {
            return false;
        }
        let yr = self.right(y);
        yr.iter().all(|&z| !self.leq_to_form(z, l, r))
    }

    /// Counts one new sum or form against the budget in force, if any.
    fn spend(&mut self) -> Result<(), Error> {
        if let Some(e) = &self.stop {
            return Err(Error::Limit(e.clone()));
        }
        self.made += 1;
        self.check_budget()
    }

    /// Checks the budget in force now and then (every 1024 forms or 16384
    /// comparisons); running out sets [`Store::stop`].
    fn check_budget(&mut self) -> Result<(), Error> {
        const WHAT: &str = "canonical forms";
        let Some(budget) = &self.budget else {
            return Ok(());
        };
        let work = self.made + self.compared / 16;
        if work < self.checked + 1024 {
            return Ok(());
        }
        let result = budget
            .check_now(WHAT)
            .and_then(|()| budget.charge(WHAT, work - self.checked))
            .and_then(|()| {
                let bytes = u128::from(self.made) * STORE_ENTRY_BYTES
                    + u128::from(self.compared) * COMPARISON_BYTES;
                budget.check_bytes(WHAT, bytes)
            });
        self.checked = work;
        if let Err(e) = &result {
            self.stop = Some(e.clone());
        }
        Ok(result?)
    }

    /// The canonical form of `{L | R}` with canonical options.
    pub(crate) fn canonical(&mut self, mut l: Vec<Id>, mut r: Vec<Id>) -> Result<Id, Error> {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        // Numbers are totally ordered: among number options only the best
        // one counts, found in linear time.
        let best = |s: &Store, v: &mut Vec<Id>, max: bool| {
            if v.len() > 1 && v.iter().all(|&i| s.num(i).is_some()) {
                let pick = v.iter().copied().max_by_key(|&i| {
                    let x = s.num(i).unwrap_or(Dyadic::ZERO);
                    if max {
                        x
                    } else {
                        -x
                    }
                });
                *v = pick.into_iter().collect();
            }
        };
        best(self, &mut l, true);
        best(self, &mut r, false);
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.push(Id(l.len() as u32));
        key.extend_from_slice(&l);
        key.extend_from_slice(&r);
        if let Some(&id) = self.canon.get(key.as_slice()) {
            self.key = key;
            return Ok(id);
        }
        let reduced = self.spend().and_then(|()| self.reduce(l, r));
        if let Ok(id) = reduced {
            self.canon.insert(SmallVec::from_slice(&key), id);
        }
        self.key = key;
        reduced
    }

    /// Keeps the options of one side that no other dominates: for Left the
    /// maximal ones, for Right the minimal ones (sorted by id). Distinct
    /// canonical ids are distinct values, so `x <= y` with `x != y` means
    /// `x < y`. The options are taken best first by their stops (the
    /// best-placed are the most likely to dominate the rest), each compared
    /// only with those kept so far: far fewer comparisons than every pair.
    fn undominated(&mut self, v: &mut Vec<Id>, left: bool) {
        if v.len() < 2 {
            return;
        }
        // The order only saves comparisons (any order gives the same set),
        // so the stops are summed as floating point.
        let approx = |x: Dyadic| x.numerator() as f64 / (1u64 << x.exponent()) as f64;
        let sign = if left { -1.0 } else { 1.0 };
        let mut scored: Vec<(f64, Id)> = v
            .iter()
            .map(|&i| {
                let n = self.node(i);
                (sign * (approx(n.left_stop) + approx(n.right_stop)), i)
            })
            .collect();
        scored.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        // `worse(a, b)`: `a` is dominated by `b` for this side.
        let worse = |s: &mut Store, a: Id, b: Id| if left { s.leq(a, b) } else { s.leq(b, a) };
        let mut kept: Vec<Id> = Vec::with_capacity(v.len());
        for &(_, x) in &scored {
            if kept.iter().any(|&k| worse(self, x, k)) {
                continue;
            }
            kept.retain(|&k| !worse(self, k, x));
            kept.push(x);
        }
        kept.sort_unstable();
        *v = kept;
    }

    /// Removes dominated options and bypasses reversible ones until neither
    /// applies.
    fn reduce(&mut self, mut l: Vec<Id>, mut r: Vec<Id>) -> Result<Id, Error> {
        loop {
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            self.undominated(&mut l, true);
            self.undominated(&mut r, false);
            // Bypass reversible options: G^L is reversible through G^LR when
            // G^LR <= G, and is then replaced by the left options of G^LR.
            let mut changed = false;
            let mut nl = Vec::with_capacity(l.len());
            for &a in &l {
                let ar = self.right(a);
                match ar.iter().copied().find(|&x| self.leq_to_form(x, &l, &r)) {
                    Some(x) => {
                        changed = true;
                        nl.extend(self.left(x).iter().copied());
                    }
                    None => nl.push(a),
                }
            }
            let mut nr = Vec::with_capacity(r.len());
            for &b in &r {
                let bl = self.left(b);
                match bl.iter().copied().find(|&x| self.form_leq(&l, &r, x)) {
                    Some(x) => {
                        changed = true;
                        nr.extend(self.right(x).iter().copied());
                    }
                    None => nr.push(b),
                }
            }
            l = nl;
            r = nr;
            if !changed {
                if let Some(e) = &self.stop {
                    return Err(Error::Limit(e.clone()));
                }
                return self.intern(l, r);
            }
        }
    }

    pub(crate) fn neg(&mut self, a: Id) -> Id {
        if let Some(x) = self.num(a) {
            // Numbers are symmetric (numerators within ±(2^63-1)), so every
            // number has a negative.
            return self.number(-x);
        }
        if let Some(&n) = self.negs.get(&a) {
            return n;
        }
        // A number-up-star's negative is built as one (its chain walked
        // outwards, not recursed down); within the limits it was made under,
        // this cannot fail, and the general way below stays as a fallback.
        if let Some((x, n, m)) = self.nus_of(a) {
            if let Ok(id) = self.nus_value(-x, -n, m) {
                self.negs.insert(a, id);
                self.negs.insert(id, a);
                return id;
            }
        }
        let l = self.left(a);
        let r = self.right(a);
        let nl: Vec<Id> = r.iter().map(|&x| self.neg(x)).collect();
        let nr: Vec<Id> = l.iter().map(|&x| self.neg(x)).collect();
        // The negative of a canonical non-number is a canonical non-number.
        let n = self.intern_form(nl, nr);
        self.negs.insert(a, n);
        self.negs.insert(n, a);
        n
    }

    pub(crate) fn add(&mut self, a: Id, b: Id) -> Result<Id, Error> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        // One read of each node for all the fast paths.
        let (ga, gb) = (self.node(a), self.node(b));
        let (na, nb) = (ga.number(), gb.number());
        match (na, nb) {
            (Some(x), Some(y)) => return self.number_checked(x.checked_add(y)),
            (Some(x), _) if x == Dyadic::ZERO => return Ok(b),
            (_, Some(y)) if y == Dyadic::ZERO => return Ok(a),
            _ => {}
        }
        // Nim-addition (Sprague-Grundy): no need to expand the options.
        if let (Some(m), Some(n)) = (ga.nimber, gb.nimber) {
            return Ok(self.nimber(m ^ n));
        }
        // Number-up-stars add part by part: numbers add, up multiples add,
        // nimbers nim-add.
        if let (Some(p), Some(q)) = (ga.nus, gb.nus) {
            // Beyond the limit nus_value says so: a general sum would
            // build the same chain, slower.
            let n = p.1.saturating_add(q.1);
            return self.nus_value(p.0.checked_add(q.0)?, n, p.2 ^ q.2);
        }
        if let Some(&s) = self.sums.get(&(a, b)) {
            return Ok(s);
        }
        self.spend()?;
        let s = match (na, nb) {
            // Translation (number avoidance): x + G = {x + G^L | x + G^R}
            // when G is not a number.
            (Some(_), None) | (None, Some(_)) => {
                let (x, g) = if na.is_some() { (a, b) } else { (b, a) };
                let gl = self.left(g);
                let gr = self.right(g);
                let l = gl
                    .iter()
                    .map(|&o| self.add(x, o))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = gr
                    .iter()
                    .map(|&o| self.add(x, o))
                    .collect::<Result<Vec<_>, _>>()?;
                self.canonical(l, r)?
            }
            _ => {
                let (al, ar, bl, br) = (self.left(a), self.right(a), self.left(b), self.right(b));
                let mut l = Vec::with_capacity(al.len() + bl.len());
                for &o in al.iter() {
                    l.push(self.add(o, b)?);
                }
                for &o in bl.iter() {
                    l.push(self.add(a, o)?);
                }
                let mut r = Vec::with_capacity(ar.len() + br.len());
                for &o in ar.iter() {
                    r.push(self.add(o, b)?);
                }
                for &o in br.iter() {
                    r.push(self.add(a, o)?);
                }
                self.canonical(l, r)?
            }
        };
        self.sums.insert((a, b), s);
        Ok(s)
    }

    /// The thermograph, from the walls of the options: the left wall is the
    /// max over G^L of (right wall of G^L) - t, the right wall the min over
    /// G^R of (left wall of G^R) + t, until they meet; above that the mast
    /// (Siegel, *CGT*, II.5; Winning Ways ch. 6).
    pub(crate) fn thermograph(&mut self, id: Id) -> Result<Arc<Thermograph>, Error> {
        if let Some(t) = self.thermographs.get(&id) {
            return Ok(t.clone());
        }
        // Every x + n.^ + *m other than x and x + * is, like x + *, x plus
        // an infinitesimal with both stops x: its thermograph is that of
        // x + *, with no walk over its options (*1024 would otherwise take
        // seconds, and the chain of ^65536 is as deep as it is long).
        if let Some((x, n, m)) = self.node(id).nus {
            if (n, m) != (0, 0) && (n, m) != (0, 1) {
                let star = self.nus_value(x, 0, 1)?;
                let t = self.thermograph(star)?;
                self.thermographs.insert(id, t.clone());
                return Ok(t);
            }
        }
        let th = if let Some(x) = self.num(id) {
            let temperature = if x.is_integer() {
                Dyadic::small(-1)
            } else {
                Dyadic::new(-1, x.exponent())?
            };
            Thermograph::mast_only(x, temperature)
        } else {
            let l = self.left(id);
            let r = self.right(id);
            let mut lw = Vec::with_capacity(l.len());
            for &o in l.iter() {
                lw.push(self.thermograph(o)?.right.shifted(-1)?);
            }
            let mut rw = Vec::with_capacity(r.len());
            for &o in r.iter() {
                rw.push(self.thermograph(o)?.left.shifted(1)?);
            }
            let left = Trajectory::max_of(&lw)?;
            let right = Trajectory::min_of(&rw)?;
            Thermograph::from_walls(left, right)?
        };
        let th = Arc::new(th);
        self.thermographs.insert(id, th.clone());
        Ok(th)
    }

    /// Refuses a recursion over `id`'s followers deeper than the depth limit
    /// in force ([`crate::vocab::limits::Limits::max_depth`]; its default without a
    /// budget): a game's birthday bounds the depth of the walk.
    fn depth_guard(&self, id: Id, what: &str) -> Result<(), Error> {
        let limit = self
            .budget
            .as_ref()
            .map_or(crate::vocab::limits::DEFAULT_MAX_DEPTH, |b| {
                b.limits().max_depth
            });
        let birthday = self.birthday_of(id);
        if birthday > limit as u64 {
            return Err(Error::Limit(crate::vocab::limits::LimitError::Depth {
                what: format!("{what} of a game of birthday {birthday}"),
                limit,
            }));
        }
        Ok(())
    }

    pub(crate) fn cool(&mut self, id: Id, t: Dyadic) -> Result<Id, Error> {
        // Numbers are unchanged, however large (their birthday is no depth:
        // their options are made on demand).
        if t == Dyadic::ZERO || self.num(id).is_some() {
            return Ok(id);
        }
        self.depth_guard(id, "cooling")?;
        let tn = self.number(t);
        let mtn = self.number(-t);
        self.cool_memo(id, t, tn, mtn, &mut HashMap::new())
    }

    /// Cooling with a memo for this `t`: a canonical form shares
    /// followers, which a plain recursion would cool once per path.
    fn cool_memo(
        &mut self,
        id: Id,
        t: Dyadic,
        tn: Id,
        mtn: Id,
        memo: &mut HashMap<Id, Id>,
    ) -> Result<Id, Error> {
        if self.num(id).is_some() {
            return Ok(id);
        }
        if let Some(&c) = memo.get(&id) {
            return Ok(c);
        }
        let th = self.thermograph(id)?;
        let c = if t > th.temperature {
            self.number(th.mast)
        } else {
            let (l, r) = (self.left(id), self.right(id));
            let mut nl = Vec::with_capacity(l.len());
            for &o in l.iter() {
                let c = self.cool_memo(o, t, tn, mtn, memo)?;
                nl.push(self.add(c, mtn)?);
            }
            let mut nr = Vec::with_capacity(r.len());
            for &o in r.iter() {
                let c = self.cool_memo(o, t, tn, mtn, memo)?;
                nr.push(self.add(c, tn)?);
            }
            self.canonical(nl, nr)?
        };
        memo.insert(id, c);
        Ok(c)
    }

    pub(crate) fn heat(&mut self, id: Id, t: Dyadic) -> Result<Id, Error> {
        // Numbers are unchanged, however large (their birthday is no depth:
        // their options are made on demand).
        if t == Dyadic::ZERO || self.num(id).is_some() {
            return Ok(id);
        }
        self.depth_guard(id, "heating")?;
        let tn = self.number(t);
        let mtn = self.number(-t);
        self.heat_memo(id, tn, mtn, &mut HashMap::new())
    }

    /// Heating with a memo for this `t` (see [`Store::cool_memo`]).
    fn heat_memo(
        &mut self,
        id: Id,
        tn: Id,
        mtn: Id,
        memo: &mut HashMap<Id, Id>,
    ) -> Result<Id, Error> {
        if self.num(id).is_some() {
            return Ok(id);
        }
        if let Some(&h) = memo.get(&id) {
            return Ok(h);
        }
        let (l, r) = (self.left(id), self.right(id));
        let mut nl = Vec::with_capacity(l.len());
        for &o in l.iter() {
            let h = self.heat_memo(o, tn, mtn, memo)?;
            nl.push(self.add(h, tn)?);
        }
        let mut nr = Vec::with_capacity(r.len());
        for &o in r.iter() {
            let h = self.heat_memo(o, tn, mtn, memo)?;
            nr.push(self.add(h, mtn)?);
        }
        let h = self.canonical(nl, nr)?;
        memo.insert(id, h);
        Ok(h)
    }

    /// Atomic weight (Siegel, *CGT*, Def. II.7.3): `G' = {aw(G^L) - 2 |
    /// aw(G^R) + 2}`; when `G'` is an integer the eccentric case applies:
    /// against a remote star `☆`, if `G > ☆` the weight is the largest
    /// integer `n` with `n <| aw(G^R) + 2` for every `G^R`; if `G < ☆`
    /// the least `n` with `n |> aw(G^L) - 2`; otherwise `0`.
    pub(crate) fn atomic_weight(&mut self, id: Id) -> Result<Id, Error> {
        if !self.node(id).all_small {
            return Err(Error::Domain {
                operation: "atomic weight",
                reason: "the game is not all-small (some follower has moves for one player only, \
                         e.g. a nonzero number); atomic weight is defined for all-small games"
                    .into(),
            });
        }
        if let Some(&w) = self.atomic.get(&id) {
            return Ok(w);
        }
        // An all-small number-up-star n.^ + *m weighs n (aw(^) = 1, aw(*m) = 0).
        if let Some((_, n, _)) = self.nus_of(id) {
            return Ok(self.number(Dyadic::small(n as i32)));
        }
        self.depth_guard(id, "atomic weight")?;
        if self.num(id).is_some() {
            return Ok(id); // only 0 is an all-small number
        }
        let (l, r) = (self.left(id), self.right(id));
        let two = self.number(Dyadic::small(2));
        let mtwo = self.number(Dyadic::small(-2));
        let mut nl = Vec::with_capacity(l.len());
        for &o in l.iter() {
            let w = self.atomic_weight(o)?;
            nl.push(self.add(w, mtwo)?);
        }
        let mut nr = Vec::with_capacity(r.len());
        for &o in r.iter() {
            let w = self.atomic_weight(o)?;
            nr.push(self.add(w, two)?);
        }
        let g1 = self.canonical(nl.clone(), nr.clone())?;
        let w = match self.num(g1) {
            Some(x) if x.is_integer() => {
                // A nimber of birthday above G's cannot appear among G's
                // followers, so it acts as a remote star.
                let far = self.nimber(self.node(id).birthday.saturating_add(1));
                let above = self.leq(far, id) && !self.leq(id, far);
                let below = self.leq(id, far) && !self.leq(far, id);
                if above {
                    // Largest n with n <| every aw(G^R)+2; any n below all
                    // their right stops qualifies, so search upward from there.
                    let start = nr
                        .iter()
                        .map(|&o| self.stops(o).1.floor())
                        .min()
                        .unwrap_or(0)
                        .checked_sub(1)
                        .ok_or(AW_OVERFLOW)?;
                    let mut n = start;
                    loop {
                        let up = n.checked_add(1).ok_or(AW_OVERFLOW)?;
                        let next = self.number(Dyadic::integer(up)?);
                        if nr.iter().all(|&o| !self.leq(o, next)) {
                            n = up;
                        } else {
                            break;
                        }
                    }
                    self.number(Dyadic::integer(n)?)
                } else if below {
                    let start = nl
                        .iter()
                        .map(|&o| self.stops(o).0.ceil())
                        .max()
                        .unwrap_or(0)
                        .checked_add(1)
                        .ok_or(AW_OVERFLOW)?;
                    let mut n = start;
                    loop {
                        let down = n.checked_sub(1).ok_or(AW_OVERFLOW)?;
                        let next = self.number(Dyadic::integer(down)?);
                        if nl.iter().all(|&o| !self.leq(next, o)) {
                            n = down;
                        } else {
                            break;
                        }
                    }
                    self.number(Dyadic::integer(n)?)
                } else {
                    self.number(Dyadic::ZERO)
                }
            }
            _ => g1,
        };
        if let Some(e) = &self.stop {
            return Err(Error::Limit(e.clone()));
        }
        self.atomic.insert(id, w);
        Ok(w)
    }
}
