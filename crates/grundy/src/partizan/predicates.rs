//! CGSuite's predicates on short partizan values (`IsNumber`,
//! `IsNumberish`, `IsInfinitesimal`, `IsEvenTempered`, `IsAtomic`, …) and
//! its small functions of one value: the lattice companion, subordination
//! to a base, and the powers `G^x` and `G^→x` (`Pow`, `PowTo`).
//!
//! Each predicate has CGSuite 2.2's meaning on the canonical form
//! (`CanonicalShortGame` and its `CanonicalShortGameOps`); where CGSuite
//! answers by a shortcut on numbers, ups and stars, the definition on the
//! options gives the same answer, and `tests/predicates.rs` checks both on
//! every game born by day 2 and a sample of day 3.
//!
//! ```
//! use grundy::partizan::Game;
//! let g = |s: &str| Game::parse(s).unwrap();
//! assert!(g("{1|-1}").is_odd_tempered().unwrap());
//! assert!(g("{1*|-1*}").is_even_tempered().unwrap());
//! assert!(g("^*").is_infinitesimal());
//! assert!(g("{0||0|-3/2}").is_number_tiny());
//! assert_eq!(g("^").companion().unwrap().to_string(), "^*");
//! assert_eq!(g("^").pow(Game::integer(3).unwrap()).unwrap().to_string(), "^<3>");
//! assert_eq!(g("^").pow_to(Game::integer(3).unwrap()).unwrap().to_string(), "^[3]");
//! ```

use std::collections::HashMap;

use super::game::{with_store, Game};
use super::operations::{domain, grow, Depth};
use super::{Dyadic, Error};

/// Parity of a canonical form: CGSuite's `IsEven`/`IsOdd` (a game is even
/// when every option is odd, odd when it has an option and every option is
/// even) or `IsEvenTempered`/`IsOddTempered` (even-tempered when it is a
/// number or every option is odd-tempered, odd-tempered when it is not a
/// number and every option is even-tempered). Neither is possible.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parity {
    Even,
    Odd,
    Neither,
}

impl Parity {
    /// The parity of a game whose options have the parities `opts`.
    fn of_options(opts: impl IntoIterator<Item = Parity>) -> Parity {
        let mut all_odd = true;
        let mut all_even = true;
        let mut any = false;
        for p in opts {
            any = true;
            all_odd &= p == Parity::Odd;
            all_even &= p == Parity::Even;
        }
        if all_odd {
            // No option at all is even too (the empty game is even).
            Parity::Even
        } else if all_even && any {
            Parity::Odd
        } else {
            Parity::Neither
        }
    }
}

/// The parity of `g` over its canonical followers, memoised. `number`
/// answers for numbers at once (their canonical forms can be as long as
/// the integer is large): by the integer's parity for `IsEven`, always
/// even for tempered parity.
fn parity(
    g: Game,
    number: fn(Dyadic) -> Parity,
    d: Depth,
    depth: usize,
    memo: &mut HashMap<Game, Parity>,
) -> Result<Parity, Error> {
    if let Some(x) = g.as_number() {
        return Ok(number(x));
    }
    // *1 = {0|0} is odd either way; *m for m >= 2 has both 0 and * as
    // options, so it is neither (no walk over its m(m+1)/2 links).
    match g.as_nimber() {
        Some(1) => return Ok(Parity::Odd),
        Some(m) if m >= 2 => return Ok(Parity::Neither),
        _ => {}
    }
    if let Some(&p) = memo.get(&g) {
        return Ok(p);
    }
    d.check(depth)?;
    let opts: Vec<Game> = g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .collect();
    let mut parities = Vec::with_capacity(opts.len());
    for o in opts {
        parities.push(grow(|| parity(o, number, d, depth + 1, memo))?);
    }
    let p = Parity::of_options(parities);
    memo.insert(g, p);
    Ok(p)
}

/// An integer `n` is even or odd as `n` is (`n = {n-1|}` down to `0`); a
/// number that is not an integer has an option of each kind below it, so
/// it is neither.
fn number_parity(x: Dyadic) -> Parity {
    match x.to_integer() {
        Some(n) if n % 2 == 0 => Parity::Even,
        Some(_) => Parity::Odd,
        None => Parity::Neither,
    }
}

fn number_temper(_: Dyadic) -> Parity {
    Parity::Even
}

/// The numbers a game is confused with: an interval from its right stop
/// to its left stop, each end open or closed (see
/// [`Game::confusion_interval`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfusionInterval {
    /// The low end: the right stop.
    pub low: Dyadic,
    /// Whether the game is confused with `low` itself.
    pub low_closed: bool,
    /// The high end: the left stop.
    pub high: Dyadic,
    /// Whether the game is confused with `high` itself.
    pub high_closed: bool,
}

impl std::fmt::Display for ConfusionInterval {
    /// `(RS,LS)`, with `[` or `]` at a closed end: `[0,0]` for `*`,
    /// `(-1,1)` for `{1|-1}`... as the interval is written in the
    /// literature (Siegel, *CGT*, II.1: `G <> x` for `RS < x < LS`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{},{}{}",
            if self.low_closed { '[' } else { '(' },
            self.low,
            self.high,
            if self.high_closed { ']' } else { ')' }
        )
    }
}

impl Game {
    /// The numbers `x` with `G <> x` (confused with `G`), or `None` when
    /// there is none. For `RS(G) < x < LS(G)` the game is confused with
    /// `x` (Left moving first in `G - x` wins, and so does Right); below
    /// the right stop it is greater, above the left stop less; each stop
    /// itself is in the interval when a direct comparison says so (`*` is
    /// confused with `0`, `^` is not). A number is confused with no number.
    pub fn confusion_interval(self) -> Option<ConfusionInterval> {
        if self.is_number() {
            return None;
        }
        let (low, high) = (self.right_stop(), self.left_stop());
        let confused = |x: Dyadic| self.compare(Game::number(x)) == super::Comparison::Confused;
        let (low_closed, high_closed) = (confused(low), confused(high));
        if low == high && !low_closed {
            return None;
        }
        Some(ConfusionInterval {
            low,
            low_closed,
            high,
            high_closed,
        })
    }

    /// The uptimal expansion `x + *m + Σ a_i.^<i>` as CGSuite's
    /// `UptimalExpansion` prints it (`0.1` for `^`, `*.11` for `^[2]*`,
    /// `1.01-` for `1v<2>`), or `None` when the game is not an uptimal.
    pub fn uptimal_expansion(self) -> Option<String> {
        with_store(|s| s.uptimal(self.id)).map(|u| u.expansion_text())
    }

    /// Whether this game is an integer (CGSuite's `IsInteger`).
    pub fn is_integer(self) -> bool {
        self.as_number().is_some_and(Dyadic::is_integer)
    }

    /// Whether this game is a nimber `*n`, `0` included (`IsNimber`).
    pub fn is_nimber(self) -> bool {
        self.as_nimber().is_some()
    }

    /// Whether this game is `0` (`IsZero`).
    pub fn is_zero(self) -> bool {
        self == Game::zero()
    }

    /// Whether this game is an ordinal (`IsOrdinal`): among short games,
    /// the integers `n >= 0` (Right has no option anywhere in the tree).
    pub fn is_ordinal(self) -> bool {
        self.as_number()
            .is_some_and(|x| x.is_integer() && x >= Dyadic::ZERO)
    }

    /// Whether `G + G = G` (`IsIdempotent`): among short games only `0`,
    /// since `G + G = G` gives `G = 0` by adding `-G`.
    pub fn is_idempotent(self) -> bool {
        self.is_zero()
    }

    /// Whether both stops are equal (`IsNumberish`): the game is
    /// infinitesimally close to a number.
    pub fn is_numberish(self) -> bool {
        self.left_stop() == self.right_stop()
    }

    /// Whether both stops are 0 (`IsInfinitesimal`; CGSuite counts 0).
    pub fn is_infinitesimal(self) -> bool {
        self.left_stop() == Dyadic::ZERO && self.right_stop() == Dyadic::ZERO
    }

    /// Whether the game is a number plus a tiny or a miny
    /// (`IsNumberTiny`): one option each side, `{x || x | G}` with `G`'s
    /// mean below the number `x`, or its mirror `{G | x || x}` with `G`'s
    /// mean above it. Numbers count too, as in CGSuite's tests.
    pub fn is_number_tiny(self) -> bool {
        if self.is_number() {
            return true;
        }
        let (l, r) = (self.left_options(), self.right_options());
        let ([gl], [gr]) = (l.as_slice(), r.as_slice()) else {
            return false;
        };
        let mean_of = |g: Game| g.mean().ok();
        let tiny = gl.is_number() && {
            let (rl, rr) = (gr.left_options(), gr.right_options());
            matches!((rl.as_slice(), rr.as_slice()), ([a], [b])
                if a == gl && matches!((mean_of(*b), gl.as_number()), (Some(m), Some(x)) if m < x))
        };
        let miny = gr.is_number() && {
            let (ll, lr) = (gl.left_options(), gl.right_options());
            matches!((ll.as_slice(), lr.as_slice()), ([a], [b])
                if b == gr && matches!((mean_of(*a), gr.as_number()), (Some(m), Some(x)) if m > x))
        };
        tiny || miny
    }

    /// Whether the game is an uptimal `x + *m + Σ a_i.^<i>`
    /// (`IsUptimal`; see `uptimal.rs`). Numbers, nimbers and ups are.
    pub fn is_uptimal(self) -> bool {
        with_store(|s| s.uptimal(self.id).is_some())
    }

    /// Whether the game is even (`IsEven`): every option is odd (so `0` is
    /// even); odd when it has an option and every option is even. Integers
    /// are as their parity, `n*` the other way, other numbers neither.
    pub fn is_even(self) -> Result<bool, Error> {
        Ok(self.parity(number_parity, "evenness")? == Parity::Even)
    }

    /// Whether the game is odd (`IsOdd`); see [`Game::is_even`].
    pub fn is_odd(self) -> Result<bool, Error> {
        Ok(self.parity(number_parity, "oddness")? == Parity::Odd)
    }

    /// Whether the game is even-tempered (`IsEvenTempered`): a number, or
    /// every option is odd-tempered (Berlekamp and Wolfe's temper; Siegel,
    /// *CGT*, ch. III).
    pub fn is_even_tempered(self) -> Result<bool, Error> {
        Ok(self.parity(number_temper, "temper")? == Parity::Even)
    }

    /// Whether the game is odd-tempered (`IsOddTempered`): not a number,
    /// and every option is even-tempered.
    pub fn is_odd_tempered(self) -> Result<bool, Error> {
        Ok(self.parity(number_temper, "temper")? == Parity::Odd)
    }

    fn parity(self, number: fn(Dyadic) -> Parity, what: &'static str) -> Result<Parity, Error> {
        parity(self, number, Depth::new(what), 0, &mut HashMap::new())
    }

    /// Whether the atomic weight exists (`IsAtomic`; see
    /// [`Game::atomic_weight`]). A limit is an error, not `false`.
    pub fn is_atomic(self) -> Result<bool, Error> {
        match self.atomic_weight() {
            Ok(_) => Ok(true),
            Err(Error::Domain { .. }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The lattice companion (CGSuite's `Companion`; Siegel, *CGT*,
    /// III.2): the automorphism of the lattice of games born by day `n`.
    /// On `n.^ + *m` it exchanges `*0` and `*1` (`0 ↔ *`, `^ ↔ ^*`) and
    /// fixes `*m` for `m >= 2`; elsewhere it is `{G^L° | G^R°}` with `0`
    /// added to Left's options when `G >= 0` and to Right's when `G <= 0`.
    /// A number other than 0 is its own companion.
    pub fn companion(self) -> Result<Game, Error> {
        fn go(
            g: Game,
            d: Depth,
            depth: usize,
            memo: &mut HashMap<Game, Game>,
        ) -> Result<Game, Error> {
            if let Some((x, n, m)) = g.nus() {
                if x == Dyadic::ZERO {
                    if m >= 2 {
                        return Ok(g);
                    }
                    return Game::up_multiple(n)?.try_add(Game::nimber(m ^ 1)?);
                }
            }
            if g.is_number() {
                // x > 0: each option's companion keeps its value, and the
                // 0 put in for Left is dominated or reverses out (by
                // induction on the birthday); x < 0 is the mirror image.
                return Ok(g);
            }
            if let Some(&c) = memo.get(&g) {
                return Ok(c);
            }
            d.check(depth)?;
            let zero = Game::zero();
            let mut l = Vec::new();
            for o in g.left_options() {
                l.push(grow(|| go(o, d, depth + 1, memo))?);
            }
            let mut r = Vec::new();
            for o in g.right_options() {
                r.push(grow(|| go(o, d, depth + 1, memo))?);
            }
            if zero.le(g) {
                l.push(zero);
            }
            if g.le(zero) {
                r.push(zero);
            }
            let c = Game::from_options(&l, &r)?;
            memo.insert(g, c);
            Ok(c)
        }
        go(self, Depth::new("companion"), 0, &mut HashMap::new())
    }

    /// `G` subordinated to the base `B` (CGSuite's `Subordinate`): every
    /// option of `G`, all the way down, that is an option of `B` on the
    /// same side is removed. It is defined when at each follower `H` every
    /// Left option `B^L` of the base is matched, by some `H^L >= B^L` or
    /// some `B^LR <= H`, and every `B^R` likewise by some `H^R <= B^R` or
    /// some `B^RL >= H`; otherwise an [`Error::Domain`]. It takes the base
    /// of an ordinal sum away: `(^→5 + *)` subordinated to `*` is `5`,
    /// `1/8` subordinated to `1` is `-3` (CGSuite's tests).
    pub fn subordinate(self, base: Game) -> Result<Game, Error> {
        let bl = base.left_options();
        let br = base.right_options();
        let bl_r: Vec<Vec<Game>> = bl.iter().map(|b| b.right_options()).collect();
        let br_l: Vec<Vec<Game>> = br.iter().map(|b| b.left_options()).collect();
        let ctx = Sub {
            base,
            bl: &bl,
            br: &br,
            bl_r: &bl_r,
            br_l: &br_l,
            d: Depth::new("subordinate"),
        };
        ctx.go(self, self, 0, &mut HashMap::new())
    }

    /// `G^→x` (CGSuite's `PowTo`, `G` raised to the cumulative power `x`):
    /// `0` for `x = 0`, otherwise the ordinal sum `G : y` where `y` is the
    /// number `x` subordinated to `1` (`^.PowTo(3)` is `^[3]`). `x` must be
    /// a number that can be subordinated to 1, that is `x >= 0` (every
    /// follower of a positive number has a Left option `>= 0`); others are
    /// refused as an invalid exponent, as in CGSuite.
    pub fn pow_to(self, x: Game) -> Result<Game, Error> {
        let Some(n) = x.as_number() else {
            return Err(domain(
                "pow_to",
                format!(
                    "the exponent must be a number (a dyadic rational like 3 or 7/4), but it is {x}"
                ),
            ));
        };
        if n == Dyadic::ZERO {
            return Ok(Game::zero());
        }
        let y = x
            .subordinate(Game::integer(1)?)
            .map_err(|e| invalid_exponent("pow_to", x, e))?;
        self.ordinal_sum(y)
    }

    /// `G^x` (CGSuite's `Pow`) for a base `G = {0|H}`:
    /// `{0 | H - G^→(x-1)}` (`^.Pow(3)` is `^<3>`, `{0||0|-2}.Pow(3)` a
    /// power of Tiny). Another base, or an exponent below 1 or not a
    /// number, is an [`Error::Domain`] (`x - 1` must be a valid exponent
    /// of [`Game::pow_to`]).
    pub fn pow(self, x: Game) -> Result<Game, Error> {
        let (l, r) = (self.left_options(), self.right_options());
        let h = match (l.as_slice(), r.as_slice()) {
            ([z], [h]) if *z == Game::zero() => *h,
            _ => {
                return Err(domain(
                    "pow",
                    format!(
                        "the base must be of the form {{0|H}}, one Left option 0 and one Right \
                         option (like ^ or {{0||0|-2}}), but it is {self}"
                    ),
                ))
            }
        };
        let Some(n) = x.as_number() else {
            return Err(domain(
                "pow",
                format!(
                    "the exponent must be a number (a dyadic rational like 3 or 7/4), but it is {x}"
                ),
            ));
        };
        let below = Game::number(n.checked_sub(Dyadic::integer(1)?)?);
        let p = self
            .pow_to(below)
            .map_err(|e| invalid_exponent("pow", x, e))?;
        Game::from_options(&[Game::zero()], &[h.try_sub(p)?])
    }
}

/// An exponent the powers cannot take, with CGSuite's reason.
fn invalid_exponent(operation: &'static str, x: Game, e: Error) -> Error {
    match e {
        Error::Domain { .. } => domain(
            operation,
            format!(
                "invalid exponent {x}: the exponent must be a number that can be subordinated to 1 \
                 (0, or at least 1 for pow_to; at least 1 for pow), like 3 or 7/4"
            ),
        ),
        other => other,
    }
}

/// One subordination: the base's options, and their options that the
/// check looks at.
struct Sub<'a> {
    base: Game,
    bl: &'a [Game],
    br: &'a [Game],
    bl_r: &'a [Vec<Game>],
    br_l: &'a [Vec<Game>],
    d: Depth,
}

impl Sub<'_> {
    fn go(
        &self,
        top: Game,
        g: Game,
        depth: usize,
        memo: &mut HashMap<Game, Game>,
    ) -> Result<Game, Error> {
        if let Some(&s) = memo.get(&g) {
            return Ok(s);
        }
        self.d.check(depth)?;
        let (l, r) = (g.left_options(), g.right_options());
        let refuse = || {
            domain(
                "subordinate",
                format!(
                    "{top} cannot be subordinated to the base {}: its follower {g} does not \
                     answer every option of the base (each B^L needs some G^L >= B^L or some \
                     B^LR <= G, each B^R some G^R <= B^R or some B^RL >= G)",
                    self.base
                ),
            )
        };
        for (b, b_r) in self.bl.iter().zip(self.bl_r) {
            if !l.iter().any(|&o| Game::le(*b, o)) && !b_r.iter().any(|&o| Game::le(o, g)) {
                return Err(refuse());
            }
        }
        for (b, b_l) in self.br.iter().zip(self.br_l) {
            if !r.iter().any(|&o| Game::le(o, *b)) && !b_l.iter().any(|&o| Game::le(g, o)) {
                return Err(refuse());
            }
        }
        let mut sl = Vec::new();
        for o in l.iter().filter(|o| !self.bl.contains(o)) {
            sl.push(grow(|| self.go(top, *o, depth + 1, memo))?);
        }
        let mut sr = Vec::new();
        for o in r.iter().filter(|o| !self.br.contains(o)) {
            sr.push(grow(|| self.go(top, *o, depth + 1, memo))?);
        }
        let s = Game::from_options(&sl, &sr)?;
        memo.insert(g, s);
        Ok(s)
    }
}
