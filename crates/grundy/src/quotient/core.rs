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
            words: vec![Word::default()],
        }
    }

    #[inline]
    pub(crate) fn is_p(&self, x: u32) -> bool {
        self.p.get(x)
    }

    /// `Φ` of a word.
    pub(crate) fn image(&self, w: &Word) -> u32 {
        let mut x = 0;
        for &(h, c) in &w.0 {
            for _ in 0..c {
                x = self.monoid.mul(x, self.phi[h as usize]);
            }
        }
        x
    }
}

/// The distinct images of `options` under `phi`, increasing.
pub(crate) fn transitions(monoid: &Monoid, phi: &[u32], options: &[[u32; 3]]) -> Vec<u32> {
    let mut t: Vec<u32> = options
        .iter()
        .map(|o| {
            let ab = monoid.mul(phi[o[0] as usize], phi[o[1] as usize]);
            monoid.mul(ab, phi[o[2] as usize])
        })
        .collect();
    t.sort_unstable();
    t.dedup();
    t
}
