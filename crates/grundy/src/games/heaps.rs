//! What every heap game shares: a position is the heaps of one ruleset
//! (`kayles(3,5)` is two heaps of Kayles), a move replaces one heap by the
//! heaps it leaves, and the value is the XOR of the heaps' values.
//!
//! A heap game file says only what is particular to it ([`HeapRuleset`]):
//! the options of one heap, the value of one heap, and, where it has one,
//! a faster way to the options of one value.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::spec::{Call, GameSpec};
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::vocab::nimber::Nimber;

/// The rules of one heap, as a heap game file gives them.
pub trait HeapRuleset: Send + Sync + fmt::Debug + 'static {
    /// The game.
    fn spec(&self) -> &'static GameSpec;

    /// Calls `visit` with the heaps each option of a heap of `n` leaves, until
    /// it breaks.
    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The Grundy value of a heap of `n`.
    fn heap_value(&self, n: u64, cx: &mut Context) -> Result<Nimber, EvalError>;

    /// Calls `found` with the heaps left by each option of a heap of `n`
    /// whose value is `target`, until it breaks. The default values every
    /// option.
    fn heap_options_with_value(
        &self,
        n: u64,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let mut result = Ok(ControlFlow::Continue(()));
        let _ = self.heap_options(n, &mut |parts| {
            let mut v = Nimber(0);
            for &p in parts {
                match self.heap_value(p, cx) {
                    Ok(x) => v ^= x,
                    Err(e) => {
                        result = Err(e);
                        return ControlFlow::Break(());
                    }
                }
            }
            if v == target && found(parts).is_break() {
                result = Ok(ControlFlow::Break(()));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        result
    }

    /// Whether the ruleset is Nim itself (misère play then follows Bouton).
    fn is_nim(&self) -> bool {
        false
    }

    /// The take-and-break rules, if the ruleset is one (misère sums then
    /// follow the game's misère quotient).
    fn take_break(&self) -> Option<&crate::takebreak::TakeBreak> {
        None
    }
}

/// The heaps of the position of ruleset `R` that `c` holds, if it holds
/// one (a game's words for a move read its own positions through this).
pub fn heaps_in<R: HeapRuleset + 'static>(c: &Component) -> Option<&[u64]> {
    match c {
        Component::Impartial(p) => p.as_any()?.downcast_ref::<Heaps<R>>().map(|h| &h.heaps[..]),
        Component::Partizan(_) => None,
    }
}

/// Heaps of one heap ruleset: one position, printed `name(h1,h2,…)`.
pub struct Heaps<R: HeapRuleset> {
    /// The ruleset as written (`kayles`, `sub[1,3,4]`).
    name: Arc<str>,
    rules: Arc<R>,
    heaps: Vec<u64>,
}

impl<R: HeapRuleset> Heaps<R> {
    /// The heaps `heaps` of `rules`, written `name`.
    pub fn new(name: Arc<str>, rules: Arc<R>, heaps: Vec<u64>) -> Heaps<R> {
        Heaps { name, rules, heaps }
    }

    /// The position as a component.
    pub fn component(self) -> Component {
        Component::Impartial(Arc::new(self))
    }

    fn with(&self, heaps: Vec<u64>) -> Impartial {
        Arc::new(Heaps {
            name: self.name.clone(),
            rules: self.rules.clone(),
            heaps,
        })
    }

    /// The heaps with heap `i` replaced by `parts`.
    fn replaced(&self, i: usize, parts: &[u64]) -> Impartial {
        let mut heaps = self.heaps.clone();
        heaps.splice(i..=i, parts.iter().copied());
        self.with(heaps)
    }

    /// Indexes of heaps not equal to an earlier heap (equal heaps have the same moves).
    fn distinct(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.heaps.len()).filter(|&i| !self.heaps[..i].contains(&self.heaps[i]))
    }
}

/// Reads a heap call, `name(h1,h2,…)`, into heaps of `rules`.
pub fn build_heaps<R: HeapRuleset>(
    call: &Call<'_>,
    name: Arc<str>,
    rules: R,
) -> Result<Component, ExprError> {
    let usage = format!(
        "write the heap sizes in parentheses, like {name}(5) or {name}(3,4)",
        name = call.name()
    );
    call.required_args("heaps", &usage)?;
    let heaps = call.naturals("heap sizes", "a heap size")?;
    Ok(Heaps::new(name, Arc::new(rules), heaps).component())
}

impl<R: HeapRuleset> fmt::Debug for Heaps<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl<R: HeapRuleset> fmt::Display for Heaps<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        write!(f, "{}({})", self.name, h.join(","))
    }
}

impl<R: HeapRuleset> ImpartialPosition for Heaps<R> {
    fn spec(&self) -> &'static GameSpec {
        self.rules.spec()
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn take_break_heaps(&self) -> Option<(&crate::takebreak::TakeBreak, &[u64])> {
        Some((self.rules.take_break()?, &self.heaps))
    }

    fn with_heap_replaced(&self, i: usize, parts: &[u64]) -> Option<Impartial> {
        (i < self.heaps.len()).then(|| self.replaced(i, parts))
    }

    fn key(&self) -> Key {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Key::numbers(&self.name, &heaps)
    }

    fn is_empty(&self) -> bool {
        self.heaps.is_empty()
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        for i in self.distinct() {
            self.rules
                .heap_options(self.heaps[i], &mut |parts| visit(self.replaced(i, parts)))?;
        }
        ControlFlow::Continue(())
    }

    fn split(&self) -> Option<Vec<Impartial>> {
        (self.heaps.len() > 1).then(|| {
            self.heaps
                .iter()
                .filter(|&&h| h > 0)
                .map(|&h| self.with(vec![h]))
                .collect()
        })
    }

    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        let mut v = Nimber(0);
        for &h in &self.heaps {
            v ^= self.rules.heap_value(h, cx)?;
        }
        Ok(v)
    }

    fn nim_heaps(&self) -> Option<Vec<u64>> {
        self.rules.is_nim().then(|| self.heaps.clone())
    }

    fn options_with_value(
        &self,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let total = self.nimber(cx)?;
        for i in self.distinct() {
            let v = self.rules.heap_value(self.heaps[i], cx)?;
            // Heap i must go to heaps worth what the other heaps lack.
            let want = target ^ total ^ v;
            let flow =
                self.rules
                    .heap_options_with_value(self.heaps[i], want, cx, &mut |parts| {
                        found(self.replaced(i, parts))
                    })?;
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}
