//! CGSuite's analysis operations on canonical forms: reduced canonical
//! form, freezing, cooling below zero, heating and overheating by any game,
//! atomic weight of any atomic infinitesimal, stop count, incentives, the
//! ordinal sum and product, the Conway product (nim multiplication on
//! nimbers) and Norton multiplication.
//!
//! Each follows the definition in CGSuite 2.2 (`CanonicalShortGame`, its
//! documentation and its `CanonicalShortGameOps`), applied to canonical
//! forms, so that the answers are CGSuite's; the theorem each relies on is
//! cited where it is used. Every operation walks the canonical form with a
//! memo (a form shares followers that a plain recursion would visit once per
//! path), counts the forms it makes against the budget in force (see
//! [`super::within_budget`]), and refuses a recursion deeper than the depth
//! limit ([`crate::vocab::limits::Limits::max_depth`]) with [`Error::Limit`], on a stack
//! that grows as needed, so no input overflows the stack.
//!
//! ```
//! use grundy::partizan::Game;
//! let g = Game::parse("{3||2*|1*}").unwrap();
//! assert_eq!(g.reduced().unwrap().to_string(), "{3||2|1}");
//! assert_eq!(g.freeze().unwrap().to_string(), "9/4*");
//! assert_eq!(Game::parse("^").unwrap().atomic_weight().unwrap().to_string(), "1");
//! assert_eq!(Game::nimber(19).unwrap().conway_product(Game::nimber(23).unwrap()).unwrap(),
//!            Game::nimber(86).unwrap());
//! ```

use std::collections::HashMap;

use super::game::{max_depth, Game};
use super::{Dyadic, Error};
use crate::vocab::limits::LimitError;

/// Runs `f` with at least 64 KiB of stack left, growing it by 1 MiB
/// segments: the recursions here are bounded by the depth limit, not by
/// the thread's stack.
pub(super) fn grow<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, f)
}

/// The depth check of one recursive operation.
#[derive(Clone, Copy)]
pub(super) struct Depth {
    what: &'static str,
    limit: usize,
}

impl Depth {
    pub(super) fn new(what: &'static str) -> Depth {
        Depth {
            what,
            limit: max_depth(),
        }
    }

    pub(super) fn check(self, depth: usize) -> Result<(), Error> {
        if depth > self.limit {
            return Err(Error::Limit(LimitError::Depth {
                what: format!("{}, recursing over the game's followers,", self.what),
                limit: self.limit,
            }));
        }
        Ok(())
    }
}

pub(super) fn domain(operation: &'static str, reason: impl Into<String>) -> Error {
    Error::Domain {
        operation,
        reason: reason.into(),
    }
}

/// `x + *m` with no ups: the number part and the nimber part.
fn number_star(g: Game) -> Option<(Dyadic, u64)> {
    match g.nus() {
        Some((x, 0, m)) => Some((x, m)),
        _ => None,
    }
}

/// Every option mapped by `f` (told whether it is Left's), then the
/// canonical form of the result.
fn map_options(
    g: Game,
    mut f: impl FnMut(Game, bool) -> Result<Game, Error>,
) -> Result<Game, Error> {
    let l = g
        .left_options()
        .into_iter()
        .map(|o| f(o, true))
        .collect::<Result<Vec<_>, _>>()?;
    let r = g
        .right_options()
        .into_iter()
        .map(|o| f(o, false))
        .collect::<Result<Vec<_>, _>>()?;
    Game::from_options(&l, &r)
}

impl Game {
    /// Cooling by `-1 < t < 0` (CGSuite's `Cool` below zero): integers are
    /// unchanged, a game whose temperature is below `t` becomes its mean,
    /// otherwise `{G^L_t - t | G^R_t + t}`. Unlike cooling by `t >= 0`, a
    /// number that is not an integer is changed (`1/4` cooled by `-3/8` is
    /// `{3/8|1/8}`): its temperature `-1/2^k` may lie below `t`.
    pub(crate) fn cool_below_zero(self, t: Dyadic) -> Result<Game, Error> {
        fn go(
            g: Game,
            t: Dyadic,
            tn: Game,
            depth: usize,
            d: Depth,
            memo: &mut HashMap<Game, Game>,
        ) -> Result<Game, Error> {
            if g.as_number().is_some_and(Dyadic::is_integer) {
                return Ok(g);
            }
            if let Some(&c) = memo.get(&g) {
                return Ok(c);
            }
            d.check(depth)?;
            let th = g.thermograph()?;
            let c = if th.temperature < t {
                Game::number(th.mast)
            } else {
                grow(|| {
                    let l = g
                        .left_options()
                        .into_iter()
                        .map(|o| go(o, t, tn, depth + 1, d, memo)?.try_sub(tn))
                        .collect::<Result<Vec<_>, _>>()?;
                    let r = g
                        .right_options()
                        .into_iter()
                        .map(|o| go(o, t, tn, depth + 1, d, memo)?.try_add(tn))
                        .collect::<Result<Vec<_>, _>>()?;
                    Game::from_options(&l, &r)
                })?
            };
            memo.insert(g, c);
            Ok(c)
        }
        go(
            self,
            t,
            Game::number(t),
            0,
            Depth::new("cooling"),
            &mut HashMap::new(),
        )
    }

    /// `self` frozen: cooled by its own temperature (CGSuite's `Freeze`),
    /// which is infinitesimally close to a number. A number is its own
    /// freeze (CGSuite: numbers and uptimals are unchanged).
    pub fn freeze(self) -> Result<Game, Error> {
        if self.is_number() {
            return Ok(self);
        }
        self.cool(self.temperature()?)
    }

    /// `self` heated by any game `t` (CGSuite's `Heat(t)`, Winning Ways
    /// ch. 6): a number is unchanged, otherwise `{∫G^L + t | ∫G^R - t}`.
    /// With `t = *` this is the first step of the reduced canonical form.
    pub fn heat_by(self, t: Game) -> Result<Game, Error> {
        fn go(
            g: Game,
            t: Game,
            mt: Game,
            depth: usize,
            d: Depth,
            memo: &mut HashMap<Game, Game>,
        ) -> Result<Game, Error> {
            if g.is_number() {
                return Ok(g);
            }
            if let Some(&h) = memo.get(&g) {
                return Ok(h);
            }
            d.check(depth)?;
            let h = grow(|| {
                map_options(g, |o, left| {
                    go(o, t, mt, depth + 1, d, memo)?.try_add(if left { t } else { mt })
                })
            })?;
            memo.insert(g, h);
            Ok(h)
        }
        go(
            self,
            t,
            t.neg(),
            0,
            Depth::new("heating"),
            &mut HashMap::new(),
        )
    }

    /// `self` overheated from `s` to `t` (CGSuite's `Overheat(s, t)`,
    /// Berlekamp's overheating, Winning Ways ch. 6): an integer `n` becomes
    /// `n` copies of `s` (its Norton product by `s`), any other game
    /// `{G^L + t | G^R - t}` of its overheated options (numbers that are
    /// not integers included, through their options).
    pub fn overheat(self, s: Game, t: Game) -> Result<Game, Error> {
        scaled(self, s, &[t], "overheating")
    }

    /// The reduced canonical form (Calistrate; Grossman–Siegel, *Reductions
    /// of partizan games*; Siegel, *CGT*, II.6): the simplest game
    /// infinitesimally close to `self`. As CGSuite computes it: a
    /// number-up-star `x + n.^ + *m` reduces to `x`; any other game is
    /// heated by `*` and then every follower `x*` is replaced by `x` (the
    /// star projection).
    pub fn reduced(self) -> Result<Game, Error> {
        if let Some((x, _, _)) = self.nus() {
            return Ok(Game::number(x));
        }
        let heated = self.heat_by(Game::nimber(1)?)?;
        fn project(
            g: Game,
            depth: usize,
            d: Depth,
            memo: &mut HashMap<Game, Game>,
        ) -> Result<Game, Error> {
            if g.is_number() {
                return Ok(g);
            }
            if let Some((x, 1)) = number_star(g) {
                return Ok(Game::number(x));
            }
            if let Some(&p) = memo.get(&g) {
                return Ok(p);
            }
            d.check(depth)?;
            let p = grow(|| map_options(g, |o, _| project(o, depth + 1, d, memo)))?;
            memo.insert(g, p);
            Ok(p)
        }
        project(
            heated,
            0,
            Depth::new("reduced canonical form"),
            &mut HashMap::new(),
        )
    }

    /// The atomic weight (Siegel, *CGT*, II.7; Winning Ways ch. 7-8), as
    /// CGSuite defines it: the game `W` with `self` within a far star's
    /// reach of `W.^`. It is computed by Berlekamp's atomic weight calculus
    /// with its eccentric case; every all-small game has one, and so does
    /// an infinitesimal that differs from `W.^` (Norton product) by at
    /// most `^* + (*N : -1)` either way, `*N` a power-of-two nimber beyond
    /// every nimber among its followers (CGSuite's test of atomicity). A
    /// game that is not infinitesimal, or fails that test, is not atomic:
    /// an [`Error::Domain`] that says so.
    pub fn atomic_weight(self) -> Result<Game, Error> {
        let (l, r) = (self.left_stop(), self.right_stop());
        if l != Dyadic::ZERO || r != Dyadic::ZERO {
            return Err(domain(
                "atomic weight",
                format!(
                    "{self} is not atomic: its stops are {l} and {r}, and atomic weight is \
                     defined for infinitesimals (both stops 0), which includes every all-small game"
                ),
            ));
        }
        let w = naive_atomic_weight(self)?;
        if self.is_all_small() {
            return Ok(w);
        }
        let diff = self.try_sub(w.norton_product_unchecked(Game::up())?)?;
        let far = far_star(self)?;
        let n = far.max(2).checked_next_power_of_two().ok_or_else(|| {
            domain(
                "atomic weight",
                "the nimbers among the followers are too large",
            )
        })?;
        let kite = Game::nimber(n)?.ordinal_sum(Game::integer(-1)?)?;
        let eps = Game::up().try_add(Game::nimber(1)?)?.try_add(kite)?;
        if diff.le(eps) && eps.neg().le(diff) {
            Ok(w)
        } else {
            Err(domain(
                "atomic weight",
                format!(
                    "{self} is not atomic: it is infinitesimal but not all-small, and it is not \
                     within ^* + (*{n} : -1) of any multiple of ^ (its naive atomic weight {w} fails \
                     CGSuite's test); every all-small game is atomic"
                ),
            ))
        }
    }

    /// The stop count (CGSuite's `StopCount`): the number of leaves of the
    /// canonical game tree when play stops at numbers: `1` for a number,
    /// otherwise the sum over all options. `x + *m` has `2·3^(m-1)`.
    /// An [`Error::Overflow`] past `2^128 - 1`.
    pub fn stop_count(self) -> Result<u128, Error> {
        fn go(
            g: Game,
            depth: usize,
            d: Depth,
            memo: &mut HashMap<Game, u128>,
        ) -> Result<u128, Error> {
            const OVER: Error = Error::Overflow {
                operation: "stop count",
            };
            if g.is_number() {
                return Ok(1);
            }
            if let Some((_, m)) = number_star(g) {
                let m = u32::try_from(m - 1).map_err(|_| OVER)?;
                return 3u128
                    .checked_pow(m)
                    .and_then(|p| p.checked_mul(2))
                    .ok_or(OVER);
            }
            if let Some(&c) = memo.get(&g) {
                return Ok(c);
            }
            d.check(depth)?;
            let c = grow(|| {
                let mut c: u128 = 0;
                for o in g.left_options().into_iter().chain(g.right_options()) {
                    c = c.checked_add(go(o, depth + 1, d, memo)?).ok_or(OVER)?;
                }
                Ok::<_, Error>(c)
            })?;
            memo.insert(g, c);
            Ok(c)
        }
        go(self, 0, Depth::new("stop count"), &mut HashMap::new())
    }

    /// Left's incentives `G^L - G` (CGSuite's `LeftIncentives`), each
    /// distinct value once.
    pub fn left_incentives(self) -> Result<Vec<Game>, Error> {
        let mut out = Vec::new();
        for o in self.left_options() {
            out.push(o.try_sub(self)?);
        }
        Ok(distinct(out))
    }

    /// Right's incentives `G - G^R` (CGSuite's `RightIncentives`).
    pub fn right_incentives(self) -> Result<Vec<Game>, Error> {
        let mut out = Vec::new();
        for o in self.right_options() {
            out.push(self.try_sub(o)?);
        }
        Ok(distinct(out))
    }

    /// The incentives (CGSuite's `Incentives`): Left's and Right's
    /// together, each value once, with those dominated by another removed
    /// (a larger incentive is the better move for either player), in the
    /// order [`sort_games`] gives.
    pub fn incentives(self) -> Result<Vec<Game>, Error> {
        let mut all = self.left_incentives()?;
        all.extend(self.right_incentives()?);
        let all = distinct(all);
        let kept: Vec<Game> = all
            .iter()
            .copied()
            .filter(|&a| !all.iter().any(|&b| b != a && a.le(b)))
            .collect();
        Ok(sort_games(kept))
    }

    /// The ordinal sum `G : H` (CGSuite's `G:H`; Conway, ONAG ch. 15):
    /// `{G^L, G:H^L | G^R, G:H^R}`, on the canonical forms; `x*m : *k` is
    /// `x*(m+k)`. The base's form matters (`G:H` is not a function of
    /// `G`'s value), so `G` is taken in canonical form, as in CGSuite.
    pub fn ordinal_sum(self, h: Game) -> Result<Game, Error> {
        // x*m : *k = x*(m+k), by the rule on the canonical form
        // {x*j | x*j} (j < m), without walking it.
        if let (Some((x, m)), Some(k)) = (number_star(self), h.as_nimber()) {
            if let Some(v) = m.checked_add(k).and_then(|n| Game::nimber(n).ok()) {
                return v.try_add(Game::number(x));
            }
        }
        let base = (self.left_options(), self.right_options());
        ordinal_sum_over(&base, h, &mut HashMap::new())
    }

    /// The ordinal product `G ⊙ H` (CGSuite's `OrdinalProduct`): Left's
    /// options are `(G ⊙ H^L) : G^L` and `(G ⊙ H^R) : (-G)^L`, Right's
    /// `(G ⊙ H^L) : G^R` and `(G ⊙ H^R) : (-G)^R`, where `A : B` is the
    /// ordinal sum on the base `A`'s form (its options are the products'
    /// options as this rule makes them, not its canonical form's). For
    /// nimbers `*a ⊙ *b = *(ab)`, the ordinal product of the ordinals.
    pub fn ordinal_product(self, h: Game) -> Result<Game, Error> {
        let mut p = OrdinalProduct {
            g: self,
            neg_g: self.neg(),
            forms: HashMap::new(),
            sums: HashMap::new(),
            d: Depth::new("ordinal product"),
        };
        let (l, r) = p.options(h, 0)?;
        Game::from_options(&l, &r)
    }

    /// The Conway product `G · H` (CGSuite's `ConwayProduct`; Conway, ONAG
    /// ch. 1 and 6), on the canonical forms: on two numbers it is their
    /// product, on two nimbers nim multiplication (`*a · *b = *(a ⊗ b)`),
    /// otherwise `{G^L·H + G·H^L - G^L·H^L, G^R·H + G·H^R - G^R·H^R |
    /// G^L·H + G·H^R - G^L·H^R, G^R·H + G·H^L - G^R·H^L}`.
    /// An [`Error::Domain`] when a nim product is above [`super::MAX_NIMBER`].
    pub fn conway_product(self, h: Game) -> Result<Game, Error> {
        fn go(
            g: Game,
            h: Game,
            depth: usize,
            d: Depth,
            memo: &mut HashMap<(Game, Game), Game>,
        ) -> Result<Game, Error> {
            if let (Some(x), Some(y)) = (g.as_number(), h.as_number()) {
                return Ok(Game::number(x.checked_mul(y)?));
            }
            if let (Some(a), Some(b)) = (g.as_nimber(), h.as_nimber()) {
                return Game::nimber(nim_product(a, b)).map_err(|_| {
                    domain(
                        "conway product",
                        format!(
                            "*{a} · *{b} = *{}, above the largest nimber *{} that values hold",
                            nim_product(a, b),
                            super::MAX_NIMBER
                        ),
                    )
                });
            }
            if let Some(&p) = memo.get(&(g, h)) {
                return Ok(p);
            }
            d.check(depth)?;
            let p = grow(|| {
                let (gl, gr) = (g.left_options(), g.right_options());
                let (hl, hr) = (h.left_options(), h.right_options());
                let mut term = |a: Game, b: Game| -> Result<Game, Error> {
                    let ah = go(a, h, depth + 1, d, memo)?;
                    let gb = go(g, b, depth + 1, d, memo)?;
                    let ab = go(a, b, depth + 1, d, memo)?;
                    ah.try_add(gb)?.try_sub(ab)
                };
                let mut l = Vec::new();
                let mut r = Vec::new();
                for (xs, ys, left) in [
                    (&gl, &hl, true),
                    (&gr, &hr, true),
                    (&gl, &hr, false),
                    (&gr, &hl, false),
                ] {
                    for &a in xs.iter() {
                        for &b in ys.iter() {
                            let t = term(a, b)?;
                            if left {
                                l.push(t)
                            } else {
                                r.push(t)
                            }
                        }
                    }
                }
                Game::from_options(&l, &r)
            })?;
            memo.insert((g, h), p);
            Ok(p)
        }
        go(
            self,
            h,
            0,
            Depth::new("conway product"),
            &mut HashMap::new(),
        )
    }

    /// The Norton product `G.U` (Norton multiplication; Winning Ways ch. 8,
    /// Siegel *CGT* II.7; CGSuite's `NortonProduct`): `n` copies of `U`
    /// for an integer `n` (copies of `-U` for `n < 0`), otherwise
    /// `{G^L.U + (U + I) | G^R.U - (U + I)}` with `I` ranging over the
    /// incentives of `U`. `U` must be positive (`U > 0`): the unit of the
    /// multiplication; an [`Error::Domain`] otherwise.
    pub fn norton_product(self, u: Game) -> Result<Game, Error> {
        if !(Game::zero().le(u) && u != Game::zero()) {
            return Err(domain(
                "norton product",
                format!(
                    "the unit {u} is not positive (it is {}); Norton multiplication G.U is \
                     defined for U > 0",
                    match u.outcome() {
                        crate::vocab::outcome::Outcome::P => "0",
                        crate::vocab::outcome::Outcome::R => "negative",
                        _ => "fuzzy with 0",
                    }
                ),
            ));
        }
        self.norton_product_unchecked(u)
    }

    /// [`Game::norton_product`] without the check that `U > 0` (atomic
    /// weights multiply `^`, which is).
    fn norton_product_unchecked(self, u: Game) -> Result<Game, Error> {
        let steps: Vec<Game> = u
            .incentives()?
            .into_iter()
            .map(|i| u.try_add(i))
            .collect::<Result<_, _>>()?;
        scaled(self, u, &steps, "norton product")
    }
}

/// `g` with every integer `n` among its followers made `n` copies of
/// `unit`, and every other follower `{G^L + s | G^R - s}` over the steps
/// `s` of `steps`, its options scaled first: Norton's product by a unit
/// whose steps are `unit` plus its incentives, and overheating from `unit`
/// to `t`, whose one step is `t`.
fn scaled(g: Game, unit: Game, steps: &[Game], what: &'static str) -> Result<Game, Error> {
    fn go(
        g: Game,
        unit: Game,
        steps: &[Game],
        depth: usize,
        d: Depth,
        memo: &mut HashMap<Game, Game>,
    ) -> Result<Game, Error> {
        if let Some(n) = g.as_number().and_then(Dyadic::to_integer) {
            return copies(unit, n);
        }
        if let Some(&p) = memo.get(&g) {
            return Ok(p);
        }
        d.check(depth)?;
        let p = grow(|| {
            let mut l = Vec::new();
            for o in g.left_options() {
                let ou = go(o, unit, steps, depth + 1, d, memo)?;
                for &s in steps {
                    l.push(ou.try_add(s)?);
                }
            }
            let mut r = Vec::new();
            for o in g.right_options() {
                let ou = go(o, unit, steps, depth + 1, d, memo)?;
                for &s in steps {
                    r.push(ou.try_sub(s)?);
                }
            }
            Game::from_options(&l, &r)
        })?;
        memo.insert(g, p);
        Ok(p)
    }
    go(g, unit, steps, 0, Depth::new(what), &mut HashMap::new())
}

/// `n` copies of `u` (`-n` copies of `-u` for `n < 0`), by doubling.
fn copies(u: Game, n: i64) -> Result<Game, Error> {
    let unit = if n < 0 { u.neg() } else { u };
    unit.try_multiple(n.unsigned_abs())
}

/// The values once each, in the order first met.
fn distinct(games: Vec<Game>) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::with_capacity(games.len());
    for g in games {
        if !out.contains(&g) {
            out.push(g);
        }
    }
    out
}

/// Games in a stable order for printing a list: by birthday, then by their
/// written form (`*8, *9, …, *15`; `-1/2` before `{1|0}`).
pub fn sort_games(mut games: Vec<Game>) -> Vec<Game> {
    games.sort_by_cached_key(|g| (g.birthday(), g.to_string()));
    games
}

/// The ordinal sum `B : x` where only the base's options `base` matter.
pub(crate) fn ordinal_sum_over(
    base: &(Vec<Game>, Vec<Game>),
    x: Game,
    memo: &mut HashMap<Game, Game>,
) -> Result<Game, Error> {
    fn go(
        base: &(Vec<Game>, Vec<Game>),
        x: Game,
        depth: usize,
        d: Depth,
        memo: &mut HashMap<Game, Game>,
    ) -> Result<Game, Error> {
        if x == Game::zero() {
            return Game::from_options(&base.0, &base.1);
        }
        if let Some(&s) = memo.get(&x) {
            return Ok(s);
        }
        d.check(depth)?;
        let s = grow(|| {
            let mut l = base.0.clone();
            for o in x.left_options() {
                l.push(go(base, o, depth + 1, d, memo)?);
            }
            let mut r = base.1.clone();
            for o in x.right_options() {
                r.push(go(base, o, depth + 1, d, memo)?);
            }
            Game::from_options(&l, &r)
        })?;
        memo.insert(x, s);
        Ok(s)
    }
    go(base, x, 0, Depth::new("ordinal sum"), memo)
}

/// The state of one ordinal product `G ⊙ H`: the options of the product
/// form `G ⊙ H'` for each follower `H'` of `H`, and the ordinal sums made
/// on them.
struct OrdinalProduct {
    g: Game,
    neg_g: Game,
    forms: HashMap<Game, (Vec<Game>, Vec<Game>)>,
    sums: HashMap<(Game, Game), Game>,
    d: Depth,
}

impl OrdinalProduct {
    /// The values of Left's and Right's options of the form `G ⊙ h`.
    fn options(&mut self, h: Game, depth: usize) -> Result<(Vec<Game>, Vec<Game>), Error> {
        if let Some(f) = self.forms.get(&h) {
            return Ok(f.clone());
        }
        self.d.check(depth)?;
        let f = grow(|| {
            let mut l = Vec::new();
            let mut r = Vec::new();
            for (h_opts, base) in [(h.left_options(), self.g), (h.right_options(), self.neg_g)] {
                for ho in h_opts {
                    let product = self.options(ho, depth + 1)?;
                    for go in base.left_options() {
                        l.push(self.sum(ho, &product, go)?);
                    }
                    for go in base.right_options() {
                        r.push(self.sum(ho, &product, go)?);
                    }
                }
            }
            Ok::<_, Error>((l, r))
        })?;
        self.forms.insert(h, f.clone());
        Ok(f)
    }

    /// `(G ⊙ ho) : x`, the base given by its options.
    fn sum(&mut self, ho: Game, base: &(Vec<Game>, Vec<Game>), x: Game) -> Result<Game, Error> {
        if let Some(&s) = self.sums.get(&(ho, x)) {
            return Ok(s);
        }
        let s = ordinal_sum_over(base, x, &mut HashMap::new())?;
        self.sums.insert((ho, x), s);
        Ok(s)
    }
}

/// One more than the largest `m` with `*m` (or `x*m`) among the followers
/// of `g`, at least 1 (CGSuite's far star).
fn far_star(g: Game) -> Result<u64, Error> {
    fn go(g: Game, depth: usize, d: Depth, memo: &mut HashMap<Game, u64>) -> Result<u64, Error> {
        if let Some(m) = g.as_nimber() {
            return Ok(m + 1);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        d.check(depth)?;
        let f = grow(|| {
            let mut f = 1;
            for o in g.left_options().into_iter().chain(g.right_options()) {
                f = f.max(go(o, depth + 1, d, memo)?);
            }
            Ok::<_, Error>(f)
        })?;
        memo.insert(g, f);
        Ok(f)
    }
    go(g, 0, Depth::new("atomic weight"), &mut HashMap::new())
}

/// Berlekamp's atomic weight calculus without the check that the game is
/// atomic (CGSuite's naive atomic weight): `n` for `x + n.^ + *m`;
/// otherwise `G' = {aw(G^L) - 2 | aw(G^R) + 2}`, and when `G'` is an
/// integer the eccentric case: against a far star `☆`, if `G < ☆` the
/// least integer `n` with `n |> aw(G^L) - 2` for every `G^L` (0 if there
/// is none), if `G > ☆` the greatest `n <| aw(G^R) + 2` for every `G^R`,
/// otherwise `G'` itself (Siegel, *CGT*, Def. II.7.3).
fn naive_atomic_weight(g: Game) -> Result<Game, Error> {
    fn go(g: Game, depth: usize, d: Depth, memo: &mut HashMap<Game, Game>) -> Result<Game, Error> {
        if let Some((_, n, _)) = g.nus() {
            return Game::integer(n);
        }
        if let Some(&w) = memo.get(&g) {
            return Ok(w);
        }
        d.check(depth)?;
        let two = Game::integer(2)?;
        let (nl, nr) = grow(|| {
            let nl = g
                .left_options()
                .into_iter()
                .map(|o| go(o, depth + 1, d, memo)?.try_sub(two))
                .collect::<Result<Vec<_>, _>>()?;
            let nr = g
                .right_options()
                .into_iter()
                .map(|o| go(o, depth + 1, d, memo)?.try_add(two))
                .collect::<Result<Vec<_>, _>>()?;
            Ok::<_, Error>((nl, nr))
        })?;
        let g0 = Game::from_options(&nl, &nr)?;
        let w = if g0.as_number().is_some_and(Dyadic::is_integer) {
            let far = Game::nimber(far_star(g)?)?;
            let below = g.le(far) && !far.le(g);
            let above = far.le(g) && !g.le(far);
            const OVER: Error = Error::Overflow {
                operation: "atomic weight",
            };
            if below {
                // The least n with n |> every G^L' (n <= G^L' fails).
                let mut best: Option<i64> = None;
                for &o in &nl {
                    let mut n = o.right_stop().ceil();
                    if Game::integer(n)?.le(o) {
                        n = n.checked_add(1).ok_or(OVER)?;
                    }
                    best = Some(best.map_or(n, |b| b.max(n)));
                }
                Game::integer(best.unwrap_or(0))?
            } else if above {
                let mut best: Option<i64> = None;
                for &o in &nr {
                    let mut n = o.left_stop().floor();
                    if o.le(Game::integer(n)?) {
                        n = n.checked_sub(1).ok_or(OVER)?;
                    }
                    best = Some(best.map_or(n, |b| b.min(n)));
                }
                Game::integer(best.unwrap_or(0))?
            } else {
                g0
            }
        } else {
            g0
        };
        memo.insert(g, w);
        Ok(w)
    }
    go(g, 0, Depth::new("atomic weight"), &mut HashMap::new())
}

/// Nim multiplication `a ⊗ b` (Conway, ONAG ch. 6): the product of the
/// field of nimbers, by halving on the Fermat 2-powers `F = 2^(2^k)`,
/// where `F ⊗ F = F ⊕ F/2` (the sesquimultiple). `*4 ⊗ *4 = *6`.
pub fn nim_product(a: u64, b: u64) -> u64 {
    fn go(a: u64, b: u64, bits: u32) -> u64 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let h = bits / 2;
        let mask = (1u64 << h) - 1;
        let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
        let hi = go(a1, b1, h);
        let lo = go(a0, b0, h);
        let mid = go(a1 ^ a0, b1 ^ b0, h) ^ lo;
        (mid << h) | (lo ^ go(hi, 1u64 << (h - 1), h))
    }
    go(a, b, 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Game {
        Game::parse(s).unwrap()
    }

    #[test]
    fn nim_products_of_small_nimbers() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(2, 3), 1);
        assert_eq!(nim_product(19, 23), 86);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(u64::MAX, 1), u64::MAX);
    }

    #[test]
    fn operations_on_small_games() {
        assert_eq!(g("{3||2*|1*}").reduced().unwrap(), g("{3||2|1}"));
        assert_eq!(
            g("1/4")
                .cool_below_zero(Dyadic::new(-3, 3).unwrap())
                .unwrap(),
            g("{3/8|1/8}")
        );
        assert_eq!(g("^").stop_count().unwrap(), 3);
        assert_eq!(g("*8").stop_count().unwrap(), 4374);
        assert_eq!(g("1/2").ordinal_product(g("1/4")).unwrap(), g("11/32"));
        assert!(g("{3|-1}").atomic_weight().is_err());
    }
}
