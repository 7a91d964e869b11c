//! Take-and-break heap games: octal and hexadecimal codes (`octal[0.77]`),
//! subtraction (`sub[1,3,4]`) and all-but (`allbut[1,3]`) games, Grundy's
//! game, and the named codes (Kayles, Dawson's Kayles, Dawson's chess,
//! Officers, Pick-Up-Bricks).
//!
//! The rules are [`TakeBreak`]; a heap's value comes from the ruleset's
//! sequence ([`HeapSequence`]: sparse-space or plain mex, with periods
//! proved by the Guy–Smith theorem), kept in the [`Context`] for the next
//! query and grown geometrically.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::heaps::{build_heaps, HeapRuleset};
use crate::component::spec::{item_span, Call, GameKind, GameSpec};
use crate::component::BuiltinRuleset;
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context};
use crate::component::{HeapKind, HeapRules};
use crate::language::syntax::Item;
use crate::takebreak::{
    AllButSequence, AllButSet, GeneralCode, HeapSequence, LargeSetSequence, SequenceConfig,
    SetSequence, SubtractionSet, TakeBreak, ALL_BUT_BYTES_PER_HEAP, MAX_CODE_DIGITS,
    MAX_SET_ELEMENT, MAX_SET_LEN,
};
use crate::vocab::nimber::Nimber;

macro_rules! named {
    ($spec:ident, $name:literal, $summary:literal, $example:literal) => {
        named!($spec, $name, $summary, $example, heap_says, Heaps);
    };
    ($spec:ident, $name:literal, $summary:literal, $example:literal, $says:ident, $picture:ident) => {
        #[doc = concat!("The declaration of `", $name, "`.")]
        pub static $spec: GameSpec = GameSpec {
            name: $name,
            kind: GameKind::Impartial,
            summary: $summary,
            example: $example,
            build,
            ruleset: Some(ruleset),
            says: Some($says),
            picture: crate::component::spec::Picture::$picture,
        };
    };
}

named!(
    SUB,
    "sub",
    "subtraction game with that set",
    "sub[1,3,4](10)"
);
named!(
    ALLBUT,
    "allbut",
    "subtract any number except those listed",
    "allbut[1,3](10)"
);
named!(
    OCTAL,
    "octal",
    "take-and-break code as in Winning Ways (octal, hexadecimal digits for three heaps; a last digit in parentheses repeats) or CGSuite's general TBCode (0.[37], 0.{0,2+}, 4=.0)",
    "octal[0.77](10)"
);
named!(
    KAYLES,
    "kayles",
    "Kayles, octal 0.77",
    "kayles(10)",
    pin_says,
    Pins
);
named!(
    DAWSON,
    "dawson",
    "Dawson's Kayles, octal 0.07",
    "dawson(10)",
    pin_says,
    Pins
);
named!(
    DAWSONS_CHESS,
    "dawsons_chess",
    "Dawson's chess, octal 0.137",
    "dawsons_chess(10)"
);
named!(OFFICERS, "officers", "Officers, octal 0.6", "officers(10)");
named!(
    GRUNDY_GAME,
    "grundy_game",
    "split a heap into two unequal heaps (LightOJ 1199)",
    "grundy_game(10)"
);
named!(
    PICK_UP_BRICKS,
    "pick_up_bricks",
    "take one or two bricks (= sub[1,2]; seed 004)",
    "pick_up_bricks(10)"
);

const OCTAL_ACCEPTED: &str =
    "an octal code is 0. or 4. followed by digits 0-7 (hexadecimal 0-f for \
     breaking into more heaps), like 0.77 or 4.007, with a repeating last digit \
     in brackets as CGSuite writes it (0.[3], 0.3003330[3]) or parentheses (0.(3)), \
     and ! after the digits whose splits must leave unequal heaps (4!.0); CGSuite's general \
     codes too: digits g-v and &n; (four heaps or more), * (any number), {0,2+} (those numbers \
     of heaps), marks ! ? = on any digit, periods of several digits (0.[37])";

/// The ruleset a call names, with the name it is written by.
pub(super) fn rules_of(call: &Call<'_>) -> Result<(String, TakeBreak), ExprError> {
    let name = call.name();
    let named = |rules: TakeBreak| -> Result<(String, TakeBreak), ExprError> {
        call.no_params()?;
        Ok((name.to_string(), rules))
    };
    match name {
        "kayles" => named(TakeBreak::kayles()),
        "dawson" => named(TakeBreak::dawsons_kayles()),
        "dawsons_chess" => named(TakeBreak::dawsons_chess()),
        "officers" => named(TakeBreak::officers()),
        "grundy_game" => named(TakeBreak::grundys_game()),
        // Pick-Up-Bricks: take one or two bricks from the pile, the last to
        // take wins (see data/problems/seed_claims.toml for the sources).
        "pick_up_bricks" => named(
            TakeBreak::subtraction(&[1, 2])
                .map_err(|e| call.error(call.span(), e.to_string(), "pick_up_bricks(n)"))?,
        ),
        "octal" => {
            let usage = || {
                call.error(
                    call.span(),
                    "octal needs one code in brackets",
                    OCTAL_ACCEPTED,
                )
            };
            let (code, span) = match call.params() {
                Some([group]) => match group.as_slice() {
                    [Item::Number(code, span)] => (code, span),
                    _ => return Err(usage()),
                },
                _ => return Err(usage()),
            };
            let rules = read_code(code).map_err(|e| {
                call.error(*span, format!("bad code '{code}': {e}"), OCTAL_ACCEPTED)
            })?;
            match rules {
                Code::Octal(rules) => Ok((format!("octal[{code}]"), rules)),
                // Callers look for a general code first (`general_of`).
                Code::General(g) => Err(call.error(
                    *span,
                    format!(
                        "code '{code}' ({g}) is a general take-and-break code (more than three \
                         heaps, equality constraints or a period of several digits)"
                    ),
                    "here only codes the octal engines hold are taken (digits 0-f, one \
                     repeating digit, `!` on every splitting digit or none); play the general \
                     code as an impartial game: octal[CODE](heaps)",
                )),
            }
        }
        _ => {
            // sub[...] and allbut[...]
            let set = read_set(call)?;
            // Sets beyond a code are their own games (`LargeSet`): what asks
            // for a code (partizan_heap) says so.
            if let Some(&big) = set.last().filter(|&&k| k > MAX_CODE_DIGITS as u64) {
                let what = if name == "sub" {
                    "subtraction set"
                } else {
                    "all-but set"
                };
                return Err(call.error(
                    call.span(),
                    format!(
                        "{what} element {big} is beyond {MAX_CODE_DIGITS}: such a set is valued \
                         through its own pattern, not a take-and-break code, and this use needs \
                         a code"
                    ),
                    format!("a set whose elements are at most {MAX_CODE_DIGITS}"),
                ));
            }
            let made = if name == "sub" {
                TakeBreak::subtraction(&set)
            } else {
                TakeBreak::all_but(&set)
            };
            let rules =
                made.map_err(|e| call.error(call.span(), e.to_string(), "a smaller set"))?;
            Ok((set_name(name, &set), rules))
        }
    }
}

/// A code as read: octal or hexadecimal (the fast solver), or general.
enum Code {
    Octal(TakeBreak),
    General(GeneralCode),
}

/// Reads a code: the octal reader's when it holds it (also when only the
/// general reader can spell it, as `0.{1,2}` for `0.6`), else the general
/// reader's, whose error says more about CGSuite's spellings.
fn read_code(code: &str) -> Result<Code, crate::takebreak::CodeError> {
    let octal = match TakeBreak::from_code(code) {
        Ok(rules) => return Ok(Code::Octal(rules)),
        Err(e) => e,
    };
    match GeneralCode::from_code(code) {
        Ok(g) => Ok(match g.to_octal() {
            Some(rules) => Code::Octal(rules),
            None => Code::General(g),
        }),
        // The octal reader's error where it refused plain octal text.
        Err(general) => match octal {
            crate::takebreak::CodeError::Unsupported { .. } => Err(general),
            _ => Err(octal),
        },
    }
}

/// The general code of an `octal[…]` call that the octal reader cannot hold.
fn general_of(call: &Call<'_>) -> Option<(String, GeneralCode)> {
    if call.name() != "octal" {
        return None;
    }
    let Some([group]) = call.params() else {
        return None;
    };
    let [Item::Number(code, _)] = group.as_slice() else {
        return None;
    };
    match read_code(code) {
        Ok(Code::General(g)) => Some((format!("octal[{code}]"), g)),
        _ => None,
    }
}

/// `sub[1,3,4]` as written back, sorted and without repeats.
fn set_name(name: &str, set: &[u64]) -> String {
    let list: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{name}[{}]", list.join(","))
}

/// The set of `sub[...]` or `allbut[...]`, sorted, without repeats, checked:
/// elements up to 10^18 (sets with one beyond [`MAX_CODE_DIGITS`] are valued
/// through [`SubtractionSet`] or [`AllButSet`], the others through the octal
/// code).
fn read_set(call: &Call<'_>) -> Result<Vec<u64>, ExprError> {
    let name = call.name();
    let Some([group]) = call.params() else {
        return Err(call.error(
            call.span(),
            format!("'{name}' needs its set of numbers in brackets"),
            format!("write {name}[1,3,4](10)"),
        ));
    };
    let (what, accepted) = if name == "sub" {
        (
            "subtraction set",
            "the set lists how many tokens a move may take: whole numbers from 1 to 10^18",
        )
    } else {
        (
            "all-but set",
            "the set lists how many tokens a move may not take: whole numbers from 1 to 10^18",
        )
    };
    let (most, most_text) = (MAX_SET_ELEMENT, "10^18");
    let mut set = Vec::new();
    for item in group {
        match item {
            Item::Number(t, span) => {
                let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                match t.parse::<u64>() {
                    Ok(0) => {
                        return Err(call.error(
                            *span,
                            format!("{what} element 0 takes nothing"),
                            accepted,
                        ))
                    }
                    Ok(k) if k <= most => set.push(k),
                    _ if digits => {
                        return Err(call.error(
                            *span,
                            format!("{what} element {t} is beyond {most_text}"),
                            accepted,
                        ))
                    }
                    _ => {
                        return Err(call.error(
                            *span,
                            format!("'{t}' is not a positive whole number"),
                            accepted,
                        ))
                    }
                }
            }
            other => {
                return Err(call.error(
                    item_span(other),
                    "expected a number",
                    format!("write {name}[1,3,4]"),
                ))
            }
        }
    }
    set.sort_unstable();
    set.dedup();
    if set.len() > MAX_SET_LEN {
        return Err(call.error(
            call.span(),
            format!("{what} has {} elements", set.len()),
            format!("at most {MAX_SET_LEN} elements (every heap looks at each)"),
        ));
    }
    Ok(set)
}

/// A set too large for an octal code, if the call is one.
enum LargeKind {
    Sub(SubtractionSet),
    AllBut(AllButSet),
}

/// A subtraction or all-but set too large for an octal code, if the call is
/// one.
fn large_kind(call: &Call<'_>) -> Result<Option<LargeKind>, ExprError> {
    if call.name() == "allbut" {
        return large_all_but(call).map(|s| s.map(LargeKind::AllBut));
    }
    large_set(call).map(|s| s.map(LargeKind::Sub))
}

/// An all-but set whose largest excluded move is beyond an octal code, if
/// the call is one.
fn large_all_but(call: &Call<'_>) -> Result<Option<AllButSet>, ExprError> {
    let set = read_set(call)?;
    if set.last().is_none_or(|&k| k <= MAX_CODE_DIGITS as u64) {
        return Ok(None);
    }
    AllButSet::new(&set).map(Some).map_err(|e| {
        call.error(
            call.span(),
            e.to_string(),
            "a set of at most 1024 excluded moves from 1 to 10^18",
        )
    })
}

/// A subtraction set too large for an octal code, if the call is one.
fn large_set(call: &Call<'_>) -> Result<Option<SubtractionSet>, ExprError> {
    if call.name() != "sub" {
        return Ok(None);
    }
    let set = read_set(call)?;
    if set.last().is_none_or(|&k| k <= MAX_CODE_DIGITS as u64) {
        return Ok(None);
    }
    SubtractionSet::new(&set).map(Some).map_err(|e| {
        call.error(
            call.span(),
            e.to_string(),
            "a set of at most 1024 elements from 1 to 10^18",
        )
    })
}

/// A move of a take-and-break game as counters taken from a heap, or the
/// heap split: "take 3 from heap 2, leaving 4", "split the heap of 7 into 3
/// and 4".
fn heap_says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::words::{heap_words, heaps_of};
    heap_words(&heaps_of(before)?, &heaps_of(after)?)
}

/// A move of Kayles or Dawson's Kayles as pins knocked down from a row:
/// "knock down pin 3", "knock down pins 2 and 3 of row 2".
fn pin_says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::words::{heaps_of, pin_words};
    pin_words(&heaps_of(before)?, &heaps_of(after)?)
}

fn spec_of(name: &str) -> &'static GameSpec {
    match name {
        "sub" => &SUB,
        "allbut" => &ALLBUT,
        "octal" => &OCTAL,
        "kayles" => &KAYLES,
        "dawson" => &DAWSON,
        "dawsons_chess" => &DAWSONS_CHESS,
        "officers" => &OFFICERS,
        "grundy_game" => &GRUNDY_GAME,
        _ => &PICK_UP_BRICKS,
    }
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    if let Some((name, code)) = general_of(call) {
        return build_heaps(call, Arc::from(name.as_str()), General { code });
    }
    match large_kind(call)? {
        Some(LargeKind::Sub(set)) => {
            let name: Arc<str> = Arc::from(set.to_string().as_str());
            return build_heaps(call, name, LargeSet { set });
        }
        Some(LargeKind::AllBut(set)) => {
            let name: Arc<str> = Arc::from(set.to_string().as_str());
            return build_heaps(call, name, LargeSet { set });
        }
        None => {}
    }
    let (name, rules) = rules_of(call)?;
    let heaps = Heaps {
        spec: spec_of(call.name()),
        name: Arc::from(name.as_str()),
        rules,
    };
    build_heaps(call, Arc::from(name.as_str()), heaps)
}

fn ruleset(call: &Call<'_>) -> Result<BuiltinRuleset, ExprError> {
    if let Some((name, code)) = general_of(call) {
        return Ok(BuiltinRuleset::Heap(HeapRules {
            name,
            kind: HeapKind::General(code),
        }));
    }
    match large_kind(call)? {
        Some(LargeKind::Sub(set)) => {
            return Ok(BuiltinRuleset::Heap(HeapRules {
                name: set.to_string(),
                kind: HeapKind::Set(set),
            }))
        }
        Some(LargeKind::AllBut(set)) => {
            return Ok(BuiltinRuleset::Heap(HeapRules {
                name: set.to_string(),
                kind: HeapKind::AllBut(set),
            }))
        }
        None => {}
    }
    let (name, rules) = rules_of(call)?;
    Ok(BuiltinRuleset::Heap(HeapRules {
        name,
        kind: HeapKind::TakeBreak(rules),
    }))
}

/// One take-and-break ruleset as a heap game.
#[derive(Debug)]
pub struct Heaps {
    spec: &'static GameSpec,
    /// As written, for the command an error suggests.
    name: Arc<str>,
    rules: TakeBreak,
}

/// The sequences computed so far, one per ruleset.
#[derive(Default)]
pub struct Sequences(HashMap<TakeBreak, HeapSequence>);

impl Sequences {
    /// Answers heaps of the sequence's game from its values (and its period,
    /// if proved) instead of recomputing them: `grundy value --store FILE`.
    pub fn offer(&mut self, sequence: HeapSequence) {
        let rules = sequence.rules().clone();
        let better = self.0.get(&rules).is_none_or(|have| {
            have.len() < sequence.len() || have.periodicity().is_none_or(|p| !p.proved)
        });
        if better {
            self.0.insert(rules, sequence);
        }
    }
}

/// How a take-and-break ruleset is written: `grundy_game`, or its code as
/// `octal[…]` (which reads back as the same rules, whatever name it was
/// given by).
pub fn ruleset_text(rules: &TakeBreak) -> String {
    if rules.is_grundys_game() {
        "grundy_game".into()
    } else {
        format!("octal[{rules}]")
    }
}

/// The sequence of `rules` in `cx`, computed at least to heap `n` unless a
/// proved period already gives G(n); `ruleset` names it in errors.
///
/// Heaps up to the position limit are computed outright (and the table grows
/// geometrically across queries); a heap beyond it is answered only through a
/// period, which is looked for in the first 2^20 heaps, or as far as the
/// Guy–Smith check of a published period needs ([`crate::takebreak::heaps_to_prove`]),
/// within the limit, before giving up with an error that says so.
pub fn sequence<'c>(
    cx: &'c mut Context,
    rules: &TakeBreak,
    ruleset: &str,
    n: u64,
) -> Result<&'c HeapSequence, EvalError> {
    let limits = *cx.limits();
    let budget = cx.budget().clone();
    let cache = cx.cache::<Sequences>();
    let known = cache.0.get(rules).is_some_and(|s| s.get(n).is_ok());
    if !known {
        let limit = limits.max_positions.saturating_sub(1);
        let have = cache.0.get(rules).map_or(0, |s| s.len());
        let target = if n <= limit {
            n.max(have.saturating_mul(2).min(limit)).max(255.min(limit))
        } else {
            // Far beyond the limit, only a period answers: look for one in
            // the first 2^20 heaps, or as far as a published period needs for
            // its proof (checked here, not trusted).
            let hint = crate::takebreak::heaps_to_prove(rules).unwrap_or(0);
            limit.min((1 << 20u64).max(hint))
        };
        let config = SequenceConfig {
            memory_budget: limits.max_memory,
            max_heap: limit,
            ..SequenceConfig::default()
        };
        // In rounds of heaps, so that the clock and the cancel flag are
        // looked at while a long sequence is computed.
        let mut solver = crate::takebreak::HeapSolver::new(rules.clone(), config)?;
        // An arithmetic period that nothing here can prove for this code is
        // reported as soon as it is seen, instead of computing on to 2^20
        // heaps (O(n²) for a code that splits) for a proof that cannot come.
        let provable = crate::takebreak::arithmetic_provable(rules);
        let unprovable = |solver: &crate::takebreak::HeapSolver| {
            solver
                .periodicity()
                .filter(|p| p.saltus > 0 && !p.proved && !provable)
                .copied()
        };
        let mut observed = None;
        while let crate::takebreak::Progress::Paused = solver.try_extend(target, 1 << 12)? {
            budget.check_now("a heap sequence")?;
            if n > limit {
                observed = unprovable(&solver);
                if observed.is_some() {
                    break;
                }
            }
        }
        let seq = solver.into_sequence();
        if n > limit && seq.get(n).is_err() {
            let observed = observed.or(seq.periodicity().copied().filter(|p| !p.proved));
            return Err(EvalError::HeapBeyondLimit {
                ruleset: ruleset.to_string(),
                heap: n,
                limit: limit.saturating_add(1),
                computed: seq.len(),
                observed: observed.map_or(String::new(), |p| observed_note(&p)),
            });
        }
        seq.get(n)?;
        cache.0.insert(rules.clone(), seq);
    }
    Ok(&cache.0[rules])
}

/// What an unproved pattern looks like, for an error.
fn observed_note(p: &crate::takebreak::Periodicity) -> String {
    let kind = if p.saltus > 0 {
        format!("an arithmetic period {} with saltus {}", p.period, p.saltus)
    } else {
        format!("a period {}", p.period)
    };
    let why = if p.saltus > 0 {
        "no theorem known here proves it for this code"
    } else {
        "the Guy–Smith theorem needs finitely many non-zero digits"
    };
    format!(
        " ({kind} from heap {} is seen in heaps 0..={}, but {why}, so it is not used)",
        p.preperiod,
        p.checked.saturating_sub(1)
    )
}

/// The heaps `m` in `lo..=hi` with `G(m) = target`, for a sequence whose
/// arithmetic period `p` is proved: the computed values below the period
/// are scanned, and each residue of the period has at most one lap with
/// that value.
fn heaps_with_value(
    seq: &HeapSequence,
    p: &crate::takebreak::Periodicity,
    target: u64,
    (lo, hi): (u64, u64),
    visit: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for m in lo..=hi.min(p.preperiod.saturating_sub(1)) {
        if seq.get(m).is_ok_and(|v| v.0 == target) {
            visit(m)?;
        }
    }
    for r in 0..p.period {
        let Ok(base) = seq.get(p.preperiod + r) else {
            continue;
        };
        let Some(up) = target.checked_sub(base.0) else {
            continue;
        };
        if up % p.saltus != 0 {
            continue;
        }
        let m = (up / p.saltus)
            .checked_mul(p.period)
            .and_then(|x| x.checked_add(p.preperiod + r));
        if let Some(m) = m.filter(|m| (lo..=hi).contains(m)) {
            visit(m)?;
        }
    }
    ControlFlow::Continue(())
}

/// Smaller parts of a split looked at for one heap beyond the computed
/// values; the list of moves is then marked as cut short.
const FAR_SPLIT_PARTS: u64 = 1 << 12;

/// The options of value `target` of a heap `n` beyond the computed values,
/// through a proved arithmetic period: every option that leaves at most one
/// heap, found by inverting the period (`O(e + p)` work, not `O(n)`), then
/// the splits whose smaller part is below [`FAR_SPLIT_PARTS`]. Returns
/// `Break` when splits were left unexamined (or `found` broke).
fn far_options_with_value(
    rules: &TakeBreak,
    seq: &HeapSequence,
    p: &crate::takebreak::Periodicity,
    n: u64,
    target: u64,
    found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let listed = rules.digits().len() as u64;
    if rules.digit(n) & 1 != 0 && target == 0 {
        found(&[])?;
    }
    for k in 1..listed.min(n) {
        if rules.digit(k) & 2 != 0 && seq.get(n - k).is_ok_and(|v| v.0 == target) {
            found(&[n - k])?;
        }
    }
    if rules.tail_digit() & 2 != 0 && n > listed.max(1) {
        heaps_with_value(seq, p, target, (1, n - listed.max(1)), &mut |m| found(&[m]))?;
    }
    let mut rests: Vec<u64> = (0..listed.min(n))
        .filter(|&k| rules.digit(k) & 4 != 0)
        .map(|k| n - k)
        .collect();
    let unexamined = rules.tail_digit() & 12 != 0
        || (0..listed).any(|k| rules.digit(k) & 8 != 0)
        || rests.iter().any(|&r| r / 2 > FAR_SPLIT_PARTS);
    let unequal = rules.is_grundys_game();
    rests.sort_unstable();
    for a in 1..=FAR_SPLIT_PARTS {
        for &rest in rests.iter().rev() {
            if 2 * a > rest || (unequal && 2 * a == rest) {
                continue;
            }
            let value = |h: u64| seq.get(h).map_or(u64::MAX, |v| v.0);
            if value(a) ^ value(rest - a) == target {
                found(&[a, rest - a])?;
            }
        }
    }
    if unexamined {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

impl HeapRuleset for Heaps {
    fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    fn take_break(&self) -> Option<&TakeBreak> {
        Some(&self.rules)
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        crate::solvers::heap_options::takebreak_options_until(&self.rules, n, u64::MAX, visit)
    }

    fn heap_value(&self, n: u64, cx: &mut Context) -> Result<Nimber, EvalError> {
        Ok(sequence(cx, &self.rules, &self.name, n)?.get(n)?)
    }

    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let budget = cx.limits().max_positions;
        let seq = sequence(cx, &self.rules, &self.name, n)?;
        // Beyond the values, an arithmetic period gives the options at once.
        if let Some(p) = seq.periodicity().filter(|p| p.proved && p.saltus > 0) {
            if n >= seq.len() {
                return Ok(far_options_with_value(
                    &self.rules,
                    seq,
                    p,
                    n,
                    target.0,
                    found,
                ));
            }
        }
        // An option past the sequence cannot be valued; it is never the target.
        Ok(crate::solvers::heap_options::takebreak_options_until(
            &self.rules,
            n,
            budget,
            &mut |parts| {
                let v: Nimber = parts
                    .iter()
                    .map(|&p| seq.get(p).unwrap_or(Nimber(u64::MAX)))
                    .sum();
                if v == target {
                    found(parts)
                } else {
                    ControlFlow::Continue(())
                }
            },
        ))
    }
}

/// What a set too large for a code says of itself as a game: its spec,
/// its moves, and the heaps it may compute one by one.
pub trait LargeSetGame:
    Clone + Eq + std::hash::Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    /// Its values.
    type Sequence: LargeSetSequence<Set = Self> + 'static;
    /// The game.
    const SPEC: &'static GameSpec;
    /// What computes, for a time-limit message.
    const WHAT: &'static str;
    /// Heaps it may compute one by one within `limits`, counted before the
    /// memory is taken.
    fn most(limits: &crate::Limits) -> u64;
    /// Calls `visit` with the number of tokens of each move from a heap of
    /// `n`, until it breaks.
    fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()>;
}

impl LargeSetGame for SubtractionSet {
    type Sequence = SetSequence;
    const SPEC: &'static GameSpec = &SUB;
    const WHAT: &'static str = "a subtraction set's values";

    /// The position limit; a heap computed one by one holds 4 bytes.
    fn most(limits: &crate::Limits) -> u64 {
        limits.max_positions.min(limits.max_memory / 4)
    }

    fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
        self.elements()
            .iter()
            .take_while(|&&s| s <= n)
            .try_for_each(|&s| visit(s))
    }
}

impl LargeSetGame for AllButSet {
    type Sequence = AllButSequence;
    const SPEC: &'static GameSpec = &ALLBUT;
    const WHAT: &'static str = "an all-but set's values";

    fn most(limits: &crate::Limits) -> u64 {
        all_but_budget(limits)
    }

    fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
        (1..=n).filter(|&k| self.allows(k)).try_for_each(visit)
    }
}

/// Heaps an all-but set may compute one by one within `limits`: the
/// position limit, and the memory limit at [`ALL_BUT_BYTES_PER_HEAP`] bytes
/// a heap (counted before the memory is taken).
pub fn all_but_budget(limits: &crate::Limits) -> u64 {
    limits
        .max_positions
        .min(limits.max_memory / ALL_BUT_BYTES_PER_HEAP)
}

/// A subtraction game whose set has an element beyond [`MAX_CODE_DIGITS`],
/// valued through its own pieces ([`SetSequence`]), or an all-but game
/// whose largest excluded move is, valued through its own pattern
/// ([`AllButSequence`]): not an octal code.
#[derive(Debug)]
pub struct LargeSet<S> {
    set: S,
}

/// The sequences of large sets of one kind computed so far.
pub struct LargeSetSequences<S: LargeSetSequence>(HashMap<S::Set, S>);

impl<S: LargeSetSequence> Default for LargeSetSequences<S> {
    fn default() -> Self {
        LargeSetSequences(HashMap::new())
    }
}

impl<S> LargeSet<S>
where
    S: LargeSetGame,
    EvalError: From<<S::Sequence as LargeSetSequence>::Error>,
{
    /// The sequence of the set, extended until it knows `G(n)`: within the
    /// set's limit of heaps computed one by one and the clock.
    fn sequence<'c>(&self, cx: &'c mut Context, n: u64) -> Result<&'c S::Sequence, EvalError> {
        let most = S::most(cx.limits());
        let budget = cx.budget().clone();
        let seq = cx
            .cache::<LargeSetSequences<S::Sequence>>()
            .0
            .entry(self.set.clone())
            .or_insert_with(|| S::Sequence::start(self.set.clone()));
        seq.extend_within(n, most, &mut || budget.check_now(S::WHAT))?;
        if seq.value(n).is_none() {
            return Err(seq.unknown(n, most).into());
        }
        Ok(seq)
    }
}

impl<S> HeapRuleset for LargeSet<S>
where
    S: LargeSetGame,
    EvalError: From<<S::Sequence as LargeSetSequence>::Error>,
{
    fn spec(&self) -> &'static GameSpec {
        S::SPEC
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.set.each_move(n, &mut |k| {
            let left = [n - k];
            visit(&left[..usize::from(n > k)])
        })
    }

    fn heap_value(&self, n: u64, cx: &mut Context) -> Result<Nimber, EvalError> {
        Ok(Nimber(self.sequence(cx, n)?.value(n).unwrap_or(0)))
    }

    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        // Every option's heap is below n, so known once n is; the moves come
        // from the sequence's own form, not from looking at every move.
        let seq = self.sequence(cx, n)?;
        for k in seq.moves_to_value(n, target.0) {
            let left = [n - k];
            if found(&left[..usize::from(n > k)]).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// A take-and-break code only the general reader holds (more than three
/// heaps, equality constraints, periods of several digits): valued by plain
/// mex over every split ([`GeneralCode::extend`]), heaps computed outright
/// within the position limit.
#[derive(Debug)]
pub struct General {
    code: GeneralCode,
}

/// The values of general codes computed so far.
#[derive(Default)]
pub struct GeneralValues(HashMap<GeneralCode, Vec<u64>>);

/// The values of `code` in `cx`, at least to heap `n` (grown geometrically
/// across queries, within the position limit).
pub fn general_values<'c>(
    cx: &'c mut Context,
    code: &GeneralCode,
    n: u64,
) -> Result<&'c [u64], EvalError> {
    let limit = cx.limits().max_positions.saturating_sub(1);
    let budget = cx.budget().clone();
    let values = cx
        .cache::<GeneralValues>()
        .0
        .entry(code.clone())
        .or_default();
    if (values.len() as u64) <= n {
        let target = n
            .max((values.len() as u64).saturating_mul(2).min(limit))
            .max(64.min(limit));
        budget.check_now("a general take-and-break code's values")?;
        code.extend(values, target, &budget)?;
    }
    Ok(&values[..])
}

impl HeapRuleset for General {
    fn spec(&self) -> &'static GameSpec {
        &OCTAL
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.code.options_until(n, visit)
    }

    fn heap_value(&self, n: u64, cx: &mut Context) -> Result<Nimber, EvalError> {
        Ok(Nimber(general_values(cx, &self.code, n)?[n as usize]))
    }

    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let values = general_values(cx, &self.code, n)?;
        Ok(self.code.options_until(n, &mut |parts| {
            let v = parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
            if v == target.0 {
                found(parts)
            } else {
                ControlFlow::Continue(())
            }
        }))
    }
}
