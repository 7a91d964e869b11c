//! The process-wide store of misère canonical forms of impartial games.
//!
//! Theory (Conway, *ONAG*, ch. 12; Siegel, *CGT*, V.1). A game `G` *reduces*
//! to a game `K` whose options are some of `G`'s options when every other
//! option of `G` has `K` itself as an option; then `G = K` in misère play,
//! except when `K = 0`: then `G = 0` needs, besides, one option of `G` that
//! is a misère P-position (the *proviso*: `0` is a misère N-position, so `G`
//! must be one too). A game whose options are canonical and which reduces to
//! nothing smaller is canonical, and two canonical games are equal in misère
//! play exactly when they are identical (Conway's simplest-form theorem).
//!
//! Where `G` reduces to `K`, every option of `G` of birthday at most `b(K)`
//! stays (a removed option has `K` as an option, so it is born after `K`),
//! and every kept option is born before `K`: so `K`'s options are the options
//! of `G` born before some birthday, and no option of `G` is born on `b(K)`.
//! The candidates are therefore the prefixes of the options sorted by
//! birthday that end before a gap of two or more birthdays, and a candidate
//! that is not in the store cannot be an option of a stored game: a lookup
//! decides it.
//!
//! Forms come in pairs `{G, G + *1}` (the *even* one born first): the store
//! keeps one record per pair, and an [`Id`] is `2 * record + parity`, so
//! adding `*1` is flipping the low bit. The options of `G + *1` are `G` and
//! the `G' + *1`, in canonical form as they stand.
//!
//! The order in which options are kept (and printed) is CGSuite's: by the
//! even part's birthday, number of options, normal-play and misère Grundy
//! values, then its options compared in turn; the even form before the odd
//! one; and the 36 pairs CGSuite builds first ([`EARLY`]) before all others,
//! in its order.

use std::cmp::Ordering;
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use rustc_hash::FxHashMap;

use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

const WHAT: &str = "misère canonical forms";

/// A canonical form in the store: `2 * record + parity`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct Id(pub(crate) u32);

impl Id {
    pub(crate) const ZERO: Id = Id(0);
    pub(crate) const ONE: Id = Id(1);

    fn record(self) -> usize {
        (self.0 >> 1) as usize
    }

    fn parity(self) -> u32 {
        self.0 & 1
    }

    /// The even member of this form's pair.
    pub(crate) fn even(self) -> Id {
        Id(self.0 & !1)
    }

    /// This form plus `*1`.
    pub(crate) fn plus_one(self) -> Id {
        Id(self.0 ^ 1)
    }

    fn with_parity(self, parity: u32) -> Id {
        Id(self.0 ^ parity)
    }
}

/// Conway's and Dan Hoey's classification of a form's record (the same for
/// both members of a pair), as CGSuite keeps it; the genus is printed in
/// short for the first five.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Phylum {
    NimHeap,
    HereditarilyTame,
    ReversiblyTame,
    Tameable,
    WildOfTameGenus,
    HereditarilyRestive,
    ReversiblyRestive,
    WildOfRestiveGenus,
    Restless,
    WildOfRestlessGenus,
    Wild,
}

impl Phylum {
    pub(crate) fn generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    fn tameable(self) -> bool {
        self.generally_tame() || self == Phylum::Tameable
    }

    fn generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    pub(crate) fn restive_or_tame(self) -> bool {
        self.generally_tame() || self.generally_restive()
    }

    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus
                | Phylum::WildOfRestiveGenus
                | Phylum::WildOfRestlessGenus
                | Phylum::Wild
        )
    }
}

/// One pair `{G, G + *1}`; the numbers are the even form's.
struct Record {
    /// The options of the even and of the odd form, in canonical order.
    options: [Box<[Id]>; 2],
    birthday: u32,
    gplus: u32,
    gminus: u32,
    phylum: Phylum,
}

/// The option sets of the pairs CGSuite makes first, in ids of this store
/// (`2 * record + parity`; record 0 is `0`, record 1 is `*2`, record 2 is
/// `{*2}` ...). CGSuite compares these by the order they were made in, and
/// puts them before every other form; the printed order of options follows.
const EARLY: [&[u32]; 36] = [
    &[],
    &[0, 1],
    &[2],
    &[3],
    &[4],
    &[2, 3],
    &[2, 4],
    &[0, 4],
    &[1, 4],
    &[2, 3, 4],
    &[0, 3, 4],
    &[0, 2, 4],
    &[1, 3, 4],
    &[1, 2, 4],
    &[0, 2, 3, 4],
    &[0, 1, 2, 4],
    &[1, 2, 3, 4],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4],
    &[5],
    &[8],
    &[12],
    &[14],
    &[16],
    &[18],
    &[20],
    &[22],
    &[24],
    &[26],
    &[28],
    &[30],
    &[32],
    &[34],
    &[36],
    &[6],
    &[10],
];

/// Roughly what a new record costs, with its index entry and options.
const RECORD_BYTES: u128 = 160;
/// Roughly what a memoised sum costs.
const SUM_BYTES: u128 = 32;
/// The most records the 32-bit ids can name.
const MAX_RECORDS: usize = 1 << 31;

pub(crate) struct Store {
    records: Vec<Record>,
    /// Even forms by their options.
    index: FxHashMap<Box<[Id]>, u32>,
    /// `nimbers[n]` is `*n`.
    nimbers: Vec<Id>,
    /// Sums of even forms, the smaller id first.
    sums: FxHashMap<(Id, Id), Id>,
    /// The nontrivial two-part partitions of even forms, as pairs.
    partitions: FxHashMap<Id, Box<[(Id, Id)]>>,
    /// Genus superscripts (truncated) by form.
    pub(crate) genera: FxHashMap<Id, std::sync::Arc<[u32]>>,
}

static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| Mutex::new(Store::new()));

/// The store, locked. A panic elsewhere while it was held leaves it as it
/// was between two whole operations (records are pushed complete), so a
/// poisoned lock is taken over.
pub(crate) fn store() -> MutexGuard<'static, Store> {
    STORE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The work of one operation against a budget: new records and sums count
/// as positions and their bytes against the memory limit.
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    bytes: u128,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(budget: &'a Budget) -> Meter<'a> {
        Meter { budget, bytes: 0 }
    }

    fn step(&self) -> Result<(), LimitError> {
        self.budget.tick(WHAT)
    }

    fn made(&mut self, bytes: u128) -> Result<(), LimitError> {
        self.budget.charge(WHAT, 1)?;
        self.bytes += bytes;
        self.budget.check_bytes(WHAT, self.bytes)
    }
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: u128 = 0;
    let mut big = Vec::new();
    for v in values {
        if v < 128 {
            seen |= 1 << v;
        } else {
            big.push(v);
        }
    }
    let small = seen.trailing_ones();
    if small < 128 {
        return small;
    }
    big.sort_unstable();
    big.dedup();
    let mut m = 128;
    for v in big {
        if v != m {
            break;
        }
        m += 1;
    }
    m
}

impl Store {
    fn new() -> Store {
        let mut s = Store {
            records: Vec::new(),
            index: FxHashMap::default(),
            nimbers: vec![Id::ZERO, Id::ONE],
            sums: FxHashMap::default(),
            partitions: FxHashMap::default(),
            genera: FxHashMap::default(),
        };
        for options in EARLY {
            let mut opts: Vec<Id> = options.iter().map(|&i| Id(i)).collect();
            s.sort(&mut opts);
            s.make_record(opts);
        }
        s
    }

    pub(crate) fn birthday(&self, g: Id) -> u32 {
        self.records[g.record()].birthday + g.parity()
    }

    /// The normal-play Grundy value.
    pub(crate) fn gplus(&self, g: Id) -> u32 {
        self.records[g.record()].gplus ^ g.parity()
    }

    /// The misère Grundy value (`1` for `0`).
    pub(crate) fn gminus(&self, g: Id) -> u32 {
        self.records[g.record()].gminus ^ g.parity()
    }

    pub(crate) fn phylum(&self, g: Id) -> Phylum {
        self.records[g.record()].phylum
    }

    pub(crate) fn options(&self, g: Id) -> &[Id] {
        &self.records[g.record()].options[g.parity() as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.records.len() * 2
    }

    fn has_option(&self, g: Id, option: Id) -> bool {
        self.options(g).contains(&option)
    }

    /// CGSuite's canonical order.
    pub(crate) fn cmp(&self, a: Id, b: Id) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ra, rb) = (a.record(), b.record());
        if ra == rb || ra < EARLY.len() || rb < EARLY.len() {
            return a.cmp(&b);
        }
        let (x, y) = (&self.records[ra], &self.records[rb]);
        x.birthday
            .cmp(&y.birthday)
            .then(x.options[0].len().cmp(&y.options[0].len()))
            .then(x.gplus.cmp(&y.gplus))
            .then(x.gminus.cmp(&y.gminus))
            .then_with(|| {
                x.options[0]
                    .iter()
                    .zip(y.options[0].iter())
                    .map(|(&p, &q)| self.cmp(p, q))
                    .find(|&c| c != Ordering::Equal)
                    .unwrap_or(Ordering::Equal)
            })
    }

    fn sort(&self, opts: &mut Vec<Id>) {
        opts.sort_by(|&a, &b| self.cmp(a, b));
        opts.dedup();
    }

    /// The stored form with exactly these options (sorted), if any.
    fn find(&self, opts: &[Id]) -> Option<Id> {
        let Some(&top) = opts.last() else {
            return Some(Id::ZERO);
        };
        // `G + *1` has `G` as its last option.
        if top.parity() == 0 && *self.records[top.record()].options[1] == *opts {
            return Some(top.plus_one());
        }
        self.index.get(opts).map(|&r| Id(r << 1))
    }

    /// The canonical form with these canonical options.
    pub(crate) fn construct(
        &mut self,
        mut opts: Vec<Id>,
        meter: &mut Meter,
    ) -> Result<Id, LimitError> {
        meter.step()?;
        self.sort(&mut opts);
        if let Some(g) = self.find(&opts) {
            return Ok(g);
        }
        // Reduction to 0, with the proviso.
        if opts[0] != Id::ZERO
            && opts.iter().all(|&o| self.has_option(o, Id::ZERO))
            && opts.iter().any(|&o| self.gminus(o) == 0)
        {
            return Ok(Id::ZERO);
        }
        // Reduction to a nonzero prefix ending before a birthday gap.
        for j in 1..opts.len() {
            if self.birthday(opts[j]) > self.birthday(opts[j - 1]) + 1 {
                if let Some(k) = self.find(&opts[..j]) {
                    if opts[j..].iter().all(|&o| self.has_option(o, k)) {
                        return Ok(k);
                    }
                }
            }
        }
        if self.records.len() >= MAX_RECORDS {
            return Err(LimitError::Positions {
                what: WHAT.into(),
                needed: self.records.len() as u128 + 1,
                limit: MAX_RECORDS as u64,
            });
        }
        meter.made(RECORD_BYTES + 8 * opts.len() as u128)?;
        Ok(self.make_record(opts))
    }

    /// Adds the pair whose even form has these (sorted, canonical,
    /// irreducible) options.
    fn make_record(&mut self, opts: Vec<Id>) -> Id {
        let birthday = opts
            .iter()
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        let gplus = mex(opts.iter().map(|&o| self.gplus(o)));
        let gminus = if opts.is_empty() {
            1
        } else {
            mex(opts.iter().map(|&o| self.gminus(o)))
        };
        let phylum = self.classify(&opts, gplus, gminus);
        let r = self.records.len() as u32;
        let me = Id(r << 1);
        let opts: Box<[Id]> = opts.into();
        self.index.insert(opts.clone(), r);
        self.records.push(Record {
            options: [opts.clone(), Box::new([])],
            birthday,
            gplus,
            gminus,
            phylum,
        });
        let mut odd: Vec<Id> = opts.iter().map(|o| o.plus_one()).collect();
        odd.push(me);
        self.sort(&mut odd);
        self.records[r as usize].options[1] = odd.into();
        me
    }

    /// The phylum of a new even form (CGSuite's classification): tame or
    /// restive from the options' phyla and the form's two Grundy values,
    /// and otherwise tame or restive through options that reverse to a
    /// tame (restive) form of the same values.
    fn classify(&self, opts: &[Id], gp: u32, gm: u32) -> Phylum {
        let genus_kind = if gp == gm || (gp | gm) < 2 {
            Phylum::WildOfTameGenus
        } else if gp < 2 {
            Phylum::WildOfRestiveGenus
        } else if gm < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        // The wildest option phylum, frozen at the first option that is not
        // tame (as CGSuite computes it).
        let mut wildest = Phylum::NimHeap;
        for &o in opts {
            if wildest.generally_tame() {
                wildest = wildest.max(self.phylum(o));
            }
        }
        let from_options = match (wildest, genus_kind) {
            (Phylum::NimHeap, Phylum::WildOfTameGenus) if gp > 1 || gp != gm => {
                Some(Phylum::NimHeap)
            }
            (Phylum::NimHeap | Phylum::HereditarilyTame, Phylum::WildOfTameGenus) => {
                Some(Phylum::HereditarilyTame)
            }
            (Phylum::NimHeap | Phylum::HereditarilyTame, Phylum::WildOfRestiveGenus) => {
                Some(Phylum::HereditarilyRestive)
            }
            (Phylum::ReversiblyTame, Phylum::WildOfTameGenus) => Some(Phylum::ReversiblyTame),
            (Phylum::ReversiblyTame, Phylum::WildOfRestiveGenus) => Some(Phylum::ReversiblyRestive),
            (
                Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame,
                Phylum::WildOfRestlessGenus,
            ) => Some(Phylum::Restless),
            _ => None,
        };
        let mut phylum = from_options.unwrap_or(genus_kind);
        if from_options.is_none()
            && matches!(
                genus_kind,
                Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus
            )
        {
            if let Some(p) = self.reversibly(opts, gp, gm, genus_kind) {
                phylum = p;
            }
        }
        if phylum.is_wild() {
            Phylum::Wild
        } else {
            phylum
        }
    }

    /// Whether a form of tame (restive) genus whose options are not all tame
    /// is nevertheless tame (restive) because each other option has a tame
    /// (restive) option of the form's own values, or tameable.
    fn reversibly(&self, opts: &[Id], gp: u32, gm: u32, kind: Phylum) -> Option<Phylum> {
        let tame_genus = kind == Phylum::WildOfTameGenus;
        let (mut rev, mut tameable) = (true, tame_genus);
        let mut plus = Vec::new();
        let mut minus = Vec::new();
        let mut tameable_plus = Vec::new();
        let mut tameable_minus = Vec::new();
        for &o in opts {
            let op = self.phylum(o);
            if op.generally_tame() {
                plus.push(self.gplus(o));
                minus.push(self.gminus(o));
                continue;
            }
            let (mut tm_found, mut tp_found) = (false, false);
            if tameable && op == Phylum::Tameable {
                // CGSuite records the even form's values here.
                let even = o.even();
                tameable_minus.push(self.gminus(even));
                tameable_plus.push(self.gplus(even));
                (tm_found, tp_found) = (true, true);
            }
            let (mut m_found, mut p_found) = (false, false);
            for &s in self.options(o) {
                let sp = self.phylum(s);
                let eligible = sp.generally_tame()
                    || (!tame_genus && rev && sp.restive_or_tame())
                    || (tameable && sp.tameable());
                if !eligible {
                    continue;
                }
                let (sm, spv) = (self.gminus(s), self.gplus(s));
                if sp.generally_tame() && tame_genus {
                    m_found |= gm == sm;
                    p_found |= gp == spv;
                } else if sp.restive_or_tame() && !tame_genus {
                    m_found |= gm == sm && (spv < 2 || (spv ^ gm) < 2);
                    p_found |= gp == spv && (sm < 2 || (sm ^ gm) < 2);
                } else if sp == Phylum::Tameable && tameable {
                    tm_found |= gm == sm;
                    tp_found |= gp == spv;
                }
            }
            if !(m_found && p_found) {
                rev = false;
                if !(tm_found && tp_found) {
                    tameable = false;
                }
                if !tameable {
                    return None;
                }
            }
        }
        if gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied()) {
            rev = false;
        }
        if tameable {
            let no_plus = plus.is_empty() && tameable_plus.is_empty();
            plus.extend(tameable_plus);
            minus.extend(tameable_minus);
            if (gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied()))
                && (!no_plus || gp > 0)
            {
                tameable = false;
            }
        }
        match (rev, tameable, tame_genus) {
            (true, _, true) => Some(Phylum::ReversiblyTame),
            (true, _, false) => Some(Phylum::ReversiblyRestive),
            (false, true, _) => Some(Phylum::Tameable),
            _ => None,
        }
    }

    /// The Nim heap `*n`.
    pub(crate) fn nimber(&mut self, n: u32, meter: &mut Meter) -> Result<Id, LimitError> {
        while self.nimbers.len() <= n as usize {
            let k = self.nimbers.len();
            let next = if k % 2 == 1 {
                self.nimbers[k - 1].plus_one()
            } else {
                let opts = self.nimbers.clone();
                self.construct(opts, meter)?
            };
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// Whether `g` is a Nim heap: CGSuite's phylum of Nim heaps is given
    /// exactly to the forms whose options are all Nim heaps and whose two
    /// Grundy values make them one (tested against `*0 .. *(b-1)`).
    pub(crate) fn is_nim_heap(&self, g: Id) -> bool {
        self.phylum(g) == Phylum::NimHeap
    }

    /// The sum, in canonical form: `G + H` has the options `G' + H` and
    /// `G + H'`. Worked with a stack of its own, not recursion: the sums
    /// needed nest as deep as the two birthdays added.
    pub(crate) fn add(&mut self, a: Id, b: Id, meter: &mut Meter) -> Result<Id, LimitError> {
        if let Some(s) = self.known_sum(a, b) {
            return Ok(s);
        }
        let mut stack: Vec<(Id, Id)> = vec![key(a, b)];
        let mut opts = Vec::new();
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            meter.step()?;
            opts.clear();
            let mut missing = None;
            for (&p, q) in self
                .options(x)
                .iter()
                .map(|o| (o, y))
                .chain(self.options(y).iter().map(|o| (o, x)))
            {
                match self.known_sum(p, q) {
                    Some(s) => opts.push(s),
                    None => {
                        missing = Some(key(p, q));
                        break;
                    }
                }
            }
            if let Some(m) = missing {
                if stack.len() == stack.capacity() {
                    let more = stack.len().max(16);
                    meter
                        .budget
                        .check_bytes(WHAT, meter.bytes + (stack.len() + more) as u128 * 8)?;
                }
                stack.push(m);
                continue;
            }
            let s = self.construct(std::mem::take(&mut opts), meter)?;
            meter.made(SUM_BYTES)?;
            self.sums.insert((x, y), s);
            stack.pop();
        }
        Ok(self.known_sum(a, b).expect("the sum was just made"))
    }

    /// The sum if it needs no work: a summand `0` or `*1`, or memoised.
    fn known_sum(&self, a: Id, b: Id) -> Option<Id> {
        let parity = a.parity() ^ b.parity();
        let (x, y) = key(a, b);
        if x == Id::ZERO {
            return Some(y.with_parity(parity));
        }
        self.sums.get(&(x, y)).map(|s| s.with_parity(parity))
    }

    /// `g - h`: the form `x` with `h + x = g`, if there is one among the
    /// partitions found (CGSuite's method; each is checked by adding).
    pub(crate) fn subtract(
        &mut self,
        g: Id,
        h: Id,
        meter: &mut Meter,
    ) -> Result<Option<Id>, LimitError> {
        let parity = g.parity() ^ h.parity();
        let (g, h) = (g.even(), h.even());
        if h == Id::ZERO {
            return Ok(Some(g.with_parity(parity)));
        }
        if h == g {
            return Ok(Some(Id::ZERO.with_parity(parity)));
        }
        let parts = self.partitions(g, meter)?;
        Ok(parts.iter().find_map(|&(x, y)| {
            if x == h {
                Some(y.with_parity(parity))
            } else if y == h {
                Some(x.with_parity(parity))
            } else {
                None
            }
        }))
    }

    /// The ways to write the even form `g` as a sum `x + y` of two even
    /// forms other than `0 + g`, found from the partitions of its options
    /// (a part of `g` is a part of each option or has an option that is),
    /// as CGSuite finds them: a candidate `x` whose options' counterparts
    /// and the options' counterparts of `x` are all known makes
    /// `y = {G' - x, g - x'}` ("type 1"); otherwise a `y` among the
    /// counterparts in the options is tried ("type 2"). Every pair found is
    /// checked by adding it back up.
    fn partitions(&mut self, g: Id, meter: &mut Meter) -> Result<Box<[(Id, Id)]>, LimitError> {
        if let Some(p) = self.partitions.get(&g) {
            return Ok(p.clone());
        }
        // Post-order over the even parts of the options, so that the
        // options' partitions are known when a form's are worked out.
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.partitions.contains_key(&x) {
                continue;
            }
            if !expanded {
                stack.push((x, true));
                for &o in self.options(x) {
                    let e = o.even();
                    if e != Id::ZERO && !self.partitions.contains_key(&e) {
                        stack.push((e, false));
                    }
                }
                continue;
            }
            meter.step()?;
            let found = self.partitions_of(x, meter)?;
            meter.made(16 * found.len() as u128 + 32)?;
            self.partitions.insert(x, found);
        }
        Ok(self.partitions[&g].clone())
    }

    fn partitions_of(&mut self, g: Id, meter: &mut Meter) -> Result<Box<[(Id, Id)]>, LimitError> {
        let opts: Vec<Id> = self.options(g).to_vec();
        if opts.iter().any(|o| o.even() == Id::ZERO) {
            return Ok(Box::new([]));
        }
        // The options' partitions, each with the trivial one first.
        let mut opt_parts: Vec<Vec<(Id, Id)>> = Vec::with_capacity(opts.len());
        let mut primes = 0;
        for &o in &opts {
            let e = o.even();
            let mut p = vec![(Id::ZERO, e)];
            p.extend(self.partitions[&e].iter().copied());
            if p.len() == 1 && (o.parity() == 0 || !opts.contains(&e)) {
                primes += 1;
                if primes >= 3 {
                    return Ok(Box::new([]));
                }
            }
            opt_parts.push(p);
        }
        let partner = |parts: &[(Id, Id)], x: Id| {
            parts.iter().find_map(|&(a, b)| {
                if a == x {
                    Some(b)
                } else if b == x {
                    Some(a)
                } else {
                    None
                }
            })
        };
        let mut candidates: Vec<Id> = opt_parts
            .iter()
            .flat_map(|p| p.iter().flat_map(|&(a, b)| [a, b]))
            .collect();
        self.sort(&mut candidates);
        let mut found: Vec<(Id, Id)> = vec![(Id::ZERO, g)];
        let known = |found: &[(Id, Id)], x: Id| found.iter().any(|&(a, b)| a == x || b == x);
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &candidates {
                if known(&found, x) {
                    continue;
                }
                let xopts: Vec<Id> = self.options(x).to_vec();
                let mut type1 = Vec::new();
                let mut type2 = Vec::new();
                let mut is_type1 = true;
                for &xo in &xopts {
                    match partner(&found, xo.even()) {
                        Some(c) => type1.push(c.with_parity(xo.parity())),
                        None => {
                            is_type1 = false;
                            if let Some(c) = opt_parts.iter().find_map(|p| partner(p, xo.even())) {
                                type2.push(c);
                            }
                            break;
                        }
                    }
                }
                if is_type1 {
                    for (i, &o) in opts.iter().enumerate() {
                        match partner(&opt_parts[i], x) {
                            Some(c) => type1.push(c.with_parity(o.parity())),
                            None => {
                                is_type1 = false;
                                type2.extend(
                                    xopts
                                        .iter()
                                        .filter_map(|xo| partner(&opt_parts[i], xo.even())),
                                );
                                break;
                            }
                        }
                    }
                }
                let mut pair = None;
                if is_type1 {
                    let y = self.construct(type1, meter)?;
                    pair = Some(y);
                } else {
                    for &y in &type2 {
                        if self.type2_fits(g, &opts, &opt_parts, &found, x, y) {
                            pair = Some(y);
                            break;
                        }
                    }
                }
                if let Some(y) = pair {
                    if self.add(x, y, meter)? == g {
                        found.push((x, y));
                        changed = true;
                    }
                }
            }
        }
        found.remove(0);
        Ok(found.into())
    }

    /// CGSuite's test that `x + y` could be `g` with `y` taken from the
    /// options' partitions: each option of `g` is `x + y'` or `x' + y`, and
    /// each option of `x` and of `y` accounts for an option of `g`.
    fn type2_fits(
        &self,
        _g: Id,
        opts: &[Id],
        opt_parts: &[Vec<(Id, Id)>],
        found: &[(Id, Id)],
        x: Id,
        y: Id,
    ) -> bool {
        let partner = |parts: &[(Id, Id)], v: Id| {
            parts.iter().find_map(|&(a, b)| {
                if a == v {
                    Some(b)
                } else if b == v {
                    Some(a)
                } else {
                    None
                }
            })
        };
        let xopts = self.options(x);
        let yopts = self.options(y);
        let options_covered = opts.iter().enumerate().all(|(i, &o)| {
            let par = o.parity();
            partner(&opt_parts[i], x).is_some_and(|c| yopts.contains(&c.with_parity(par)))
                || partner(&opt_parts[i], y).is_some_and(|c| xopts.contains(&c.with_parity(par)))
        });
        if !options_covered {
            return false;
        }
        let x_covered = xopts.iter().all(|&xo| {
            partner(found, xo.even()).is_some_and(|c| yopts.contains(&c.with_parity(xo.parity())))
                || opts.iter().enumerate().any(|(j, &o)| {
                    partner(&opt_parts[j], y).is_some_and(|c| xo == c.with_parity(o.parity()))
                })
        });
        if !x_covered {
            return false;
        }
        yopts.iter().all(|&yo| {
            partner(found, yo.even()).is_some_and(|c| {
                let want = c.with_parity(yo.parity()).even();
                xopts.iter().any(|&xo| xo.even() == want)
            }) || opts.iter().enumerate().any(|(j, &o)| {
                partner(&opt_parts[j], x).is_some_and(|c| yo == c.with_parity(o.parity()))
            })
        })
    }
}

/// A sum's memo key: the even parts, the smaller first.
fn key(a: Id, b: Id) -> (Id, Id) {
    let (a, b) = (a.even(), b.even());
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn early_records_are_canonical_and_in_cgsuite_order() {
        let budget = Budget::unlimited();
        let mut meter = Meter::new(&budget);
        let mut s = store();
        for (r, options) in EARLY.iter().enumerate().skip(1) {
            let opts: Vec<Id> = options.iter().map(|&i| Id(i)).collect();
            assert_eq!(s.construct(opts, &mut meter).unwrap(), Id((r as u32) << 1));
        }
        let mut all: Vec<Id> = (0..EARLY.len() as u32 * 2).map(Id).collect();
        let before = all.clone();
        s.sort(&mut all);
        assert_eq!(all, before);
    }

    #[test]
    fn small_facts() {
        let budget = Budget::unlimited();
        let mut meter = Meter::new(&budget);
        let mut s = store();
        let two = s.nimber(2, &mut meter).unwrap();
        let three = s.nimber(3, &mut meter).unwrap();
        assert_eq!(three, two.plus_one());
        // *1 + *1 = 0 in misère play.
        assert_eq!(s.construct(vec![Id::ONE], &mut meter).unwrap(), Id::ZERO);
        // *2 + *2 = {*2, *3}, not 0.
        let twice = s.add(two, two, &mut meter).unwrap();
        assert_eq!(s.options(twice), &[two, three]);
        assert_eq!(s.gminus(twice), 0);
        // *2 + *3 = *2 + *2 + *1.
        assert_eq!(s.add(two, three, &mut meter).unwrap(), twice.plus_one());
        // {0, *2} = *1 (the option *2 reverses through *1).
        assert_eq!(
            s.construct(vec![Id::ZERO, two], &mut meter).unwrap(),
            Id::ONE
        );
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex((0..300).filter(|&v| v != 200)), 200);
    }
}
