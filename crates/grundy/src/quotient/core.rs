//! A bipartite monoid with a pretending function: the object every step of
//! the computation produces and the verifier checks.

use super::monoid::{Bits, Monoid, Word};

/// The options of every heap so far, each as up to three heaps (unused
/// places hold heap 0, whose image is always the identity).
pub(crate) type OptionLists = Vec<Vec<[u32; 3]>>;

/// A commutative monoid `Q`, its P-portion, and the image `Φ(h)` of every
/// heap `0..=n` (the pretending function), with what the verifier and the
/// queries need derived from them.
#[derive(Clone, Debug)]
pub(crate) struct Core {
    pub(crate) monoid: Monoid,
    /// Whether each element is a misère P-position.
    pub(crate) p: Bits,
    /// `Φ(h)` for every heap `h` so far.
    pub(crate) phi: Vec<u32>,
    /// For every heap, the distinct images of its options, increasing
    /// (empty for a heap without options).
    pub(crate) trans: Vec<Vec<u32>>,
    /// For every heap, an option with each image of `trans`, to multiply
    /// by the option's heaps (generators) instead of by the image.
    pub(crate) spell: Vec<Vec<[u32; 3]>>,
    /// The least word (in the order of [`super::monoid::lex_cmp`]) of each element.
    pub(crate) words: Vec<Word>,
}

impl Core {
    /// The quotient of heaps `0..=0`: the empty sum alone, an N-position.
    pub(crate) fn trivial() -> Core {
        Core {
            monoid: Monoid::trivial(),
            p: Bits::empty(1),
            phi: vec![0],
            trans: vec![Vec::new()],
            spell: vec![Vec::new()],
            words: vec![Word::default()],
        }
    }

    #[inline]
    pub(crate) fn is_p(&self, x: u32) -> bool {
        self.p.get(x)
    }

    /// `Φ` of a word.
    pub(crate) fn image(&self, w: &Word) -> u32 {
        let mut x = 0u32;
        for &(h, c) in &w.0 {
            for _ in 0..c {
                x = self.monoid.mul(x, self.phi[h as usize]);
            }
        }
        x
    }
}

/// `x` times the image of an option (up to three heaps).
#[inline]
pub(crate) fn mul_option(monoid: &Monoid, phi: &[u32], x: u32, option: &[u32; 3]) -> u32 {
    let mut z = x;
    for &h in option {
        if h != 0 {
            z = monoid.mul(z, phi[h as usize]);
        }
    }
    z
}

/// The distinct images of `options` under `phi`, increasing, each with an
/// option that has it.
pub(crate) fn transitions(
    monoid: &Monoid,
    phi: &[u32],
    options: &[[u32; 3]],
) -> (Vec<u32>, Vec<[u32; 3]>) {
    let mut t: Vec<(u32, [u32; 3])> = options
        .iter()
        .map(|o| (mul_option(monoid, phi, 0, o), *o))
        .collect();
    t.sort_unstable_by_key(|&(x, _)| x);
    t.dedup_by_key(|&mut (x, _)| x);
    t.into_iter().unzip()
}
