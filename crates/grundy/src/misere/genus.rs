//! Conway's genus of an impartial game (*ONAG*, ch. 12; *Winning Ways*,
//! ch. 13): `g^(γ0 γ1 γ2 ...)`, where `g` is the normal-play Grundy value
//! and `γk` the misère Grundy value of the game plus `k` copies of `*2`.
//!
//! The options of `G + k.*2` are `G' + k.*2`, `G + (k-1).*2` and
//! `G + (k-1).*2 + *1`, and adding `*1` flips the low bit of a misère
//! Grundy value, so `γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) ^ 1})` (with
//! `γ0 = mex{γ0(G')}`, or `1` for `0`). The sequence is eventually periodic
//! with period two; it is kept up to where it starts repeating.

use std::fmt;
use std::sync::Arc;

use super::canonical::{Id, Phylum, Store};
use crate::vocab::nimber::Nimber;

/// How CGSuite writes a genus: a Nim heap's as its size alone (`2`), a tame
/// or restive game's with its misère Grundy value only (`0^0`, `1^2`: the
/// rest follows from theory), any other with every superscript up to where
/// the sequence starts repeating with period two (`0^120`, `2^1420`). The
/// short forms are used only where the superscripts are the ones they
/// stand for (see [`genus`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Shown {
    NimHeap,
    First,
    All,
}

/// The genus of a misère canonical form.
///
/// ```
/// use grundy::misere::MisereForm;
/// let g = MisereForm::parse("*[[2],1]").unwrap();
/// assert_eq!(g.genus().to_string(), "2^1420");
/// assert_eq!(g.genus().superscript(5), 0);
/// // Nim heaps: *0 is 0^(1 2 0 2 0 ...), CGSuite writes it `0`.
/// let zero = MisereForm::zero().genus();
/// assert_eq!(zero.to_string(), "0");
/// assert_eq!(format!("{zero:#}"), "0^120");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Genus {
    normal: u32,
    supers: Arc<[u32]>,
    shown: Shown,
}

impl Genus {
    /// The normal-play Grundy value `g`.
    pub fn normal_value(&self) -> Nimber {
        Nimber(u64::from(self.normal))
    }

    /// The misère Grundy value `γ0`: the game is a misère P-position exactly
    /// when it is 0.
    pub fn misere_value(&self) -> Nimber {
        Nimber(u64::from(self.supers[0]))
    }

    /// `γk`, the misère Grundy value of the game plus `k` copies of `*2`.
    pub fn superscript(&self, k: usize) -> u32 {
        superscript(&self.supers, k)
    }

    /// The superscripts up to where they start repeating with period two
    /// (the last two then alternate forever); at least two of them.
    pub fn superscripts(&self) -> &[u32] {
        &self.supers
    }
}

impl fmt::Display for Genus {
    /// CGSuite's notation (`0`, `2`, `0^0`, `1^2`, `4^146`); a superscript
    /// of 10 or more puts them all in parentheses with commas (`3^(10,2,0)`).
    /// A genus written `n` is the Nim heap's (`0^120`, `1^031`, `n^n(n^2)`);
    /// one written with one superscript `g^γ` continues `γ ^ 2`, `γ`, … in
    /// turn; any other lists its superscripts until the last two repeat
    /// for ever.
    /// The alternate form `{:#}` writes every superscript up to where they
    /// start repeating, Nim heaps and tame games included (`0^120`, `1^031`,
    /// `2^20`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.normal)?;
        let shown = match (f.alternate(), self.shown) {
            (true, _) | (false, Shown::All) => &self.supers[..],
            (false, Shown::First) => &self.supers[..1],
            (false, Shown::NimHeap) => &[],
        };
        if shown.is_empty() {
            return Ok(());
        }
        f.write_str("^")?;
        if shown.iter().any(|&s| s >= 10) {
            let parts: Vec<String> = shown.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            shown.iter().try_for_each(|s| write!(f, "{s}"))
        }
    }
}

/// `γk` from a truncated sequence (at least two long).
fn superscript(supers: &[u32], k: usize) -> u32 {
    let n = supers.len();
    if k < n {
        supers[k]
    } else {
        supers[n - 2 + ((n ^ k) & 1)]
    }
}

/// The superscripts of `g`, worked out (and memoised) for every follower
/// first, on a stack of its own.
pub(crate) fn superscripts(store: &mut Store, g: Id) -> Arc<[u32]> {
    let mut stack = vec![(g, false)];
    while let Some((x, expanded)) = stack.pop() {
        if store.genera.contains_key(&x) {
            continue;
        }
        if !expanded {
            stack.push((x, true));
            for &o in store.options(x) {
                if !store.genera.contains_key(&o) {
                    stack.push((o, false));
                }
            }
            continue;
        }
        let seqs: Vec<Arc<[u32]>> = store
            .options(x)
            .iter()
            .map(|o| store.genera[o].clone())
            .collect();
        let s = from_options(&seqs);
        store.genera.insert(x, s);
    }
    store.genera[&g].clone()
}

fn from_options(options: &[Arc<[u32]>]) -> Arc<[u32]> {
    let longest = options.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut seq: Vec<u32> = Vec::with_capacity(longest + 4);
    let mut k = 0;
    loop {
        let mut excluded: Vec<u32> = options.iter().map(|s| superscript(s, k)).collect();
        if k > 0 {
            excluded.push(seq[k - 1]);
            excluded.push(seq[k - 1] ^ 1);
        }
        let v = if options.is_empty() && k == 0 {
            1
        } else {
            mex(&mut excluded)
        };
        seq.push(v);
        // Past the options' own periods each step depends only on the
        // parity of k and the step before, so one repeat two apart
        // repeats forever.
        if k > longest && k >= 2 && seq[k] == seq[k - 2] {
            break;
        }
        // Conway proved the period is two; a bound keeps a bug from looping.
        if k > longest + 64 {
            debug_assert!(false, "a genus sequence did not settle: {seq:?}");
            break;
        }
        k += 1;
    }
    while seq.len() > 2 && seq[seq.len() - 1] == seq[seq.len() - 3] {
        seq.pop();
    }
    seq.into()
}

fn mex(values: &mut [u32]) -> u32 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// The superscripts a reader fills in after a short `g^γ`: `γ`, then
/// `γ ^ 2` and `γ` in turn (`0^0` is `0^020…`, `2^2` is `2^202…`, a
/// restive `1^2` is `1^202…`).
fn implied_tail(first: u32) -> [u32; 3] {
    [first, first ^ 2, first]
}

/// The superscripts of the Nim heap `*n`: `0^120`, `1^031`, `n^n(n^2)` for
/// `n >= 2` (a reader fills them in after a genus written `n`).
fn nim_heap_tail(n: u32) -> [u32; 3] {
    match n {
        0 => [1, 2, 0],
        1 => [0, 3, 1],
        n => implied_tail(n),
    }
}

/// Whether `supers` is the sequence `tail` stands for (both continue with
/// period two).
fn continues_as(supers: &[u32], tail: &[u32; 3]) -> bool {
    (0..supers.len().max(3) + 2).all(|k| superscript(supers, k) == superscript(tail, k))
}

/// The genus of `g`, with CGSuite's way of writing it. The superscripts
/// are left out only where they are the ones a reader fills in
/// ([`nim_heap_tail`], [`implied_tail`]), checked here on the sequence
/// itself: the phylum (CGSuite's classification) says which games CGSuite
/// writes short, but a misclassified game must not print a wrong genus
/// (`octal[4.7](5)`, classified restive, is `1^431`, not `1^4`).
pub(crate) fn genus(store: &mut Store, g: Id) -> Genus {
    let supers = superscripts(store, g);
    let phylum = store.phylum(g);
    let normal = store.gplus(g);
    let shown = if phylum == Phylum::NimHeap && continues_as(&supers, &nim_heap_tail(normal)) {
        Shown::NimHeap
    } else if phylum.restive_or_tame() && continues_as(&supers, &implied_tail(supers[0])) {
        Shown::First
    } else {
        Shown::All
    };
    Genus {
        normal,
        supers,
        shown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_and_one() {
        assert_eq!(&*from_options(&[]), &[1, 2, 0]);
        let zero = from_options(&[]);
        assert_eq!(&*from_options(&[zero]), &[0, 3, 1]);
    }

    #[test]
    fn periodic_continuation() {
        let s = [1, 2, 0];
        let all: Vec<u32> = (0..7).map(|k| superscript(&s, k)).collect();
        assert_eq!(all, [1, 2, 0, 2, 0, 2, 0]);
    }
}
