//! The Quicksort game (Andreas Chen, "The Quicksort Game", 2016), as
//! cgt-tools' impartial `Quicksort`.
//!
//! Expression syntax: `quicksort(4,1,6,5,7,3,8,2)` — a sequence of
//! distinct whole numbers, at most [`MAX_QUICKSORT_LEN`] of them. A move
//! picks a pivot and partitions around it as quicksort does: the smaller
//! numbers first (in their order), then the pivot, then the larger ones (in
//! their order). A pivot that changes nothing is no move; the sorted
//! sequence is the end.
//!
//! Where a prefix of the sequence holds exactly its smallest numbers, the
//! game is the sum of the prefix and the rest (a pivot in one part moves
//! nothing of the other): positions split there, each part renumbered from
//! 0 in order, and numbers already in their place dropped.
//!
//! ```
//! use grundy::games::quicksort::{Quicksort, Sequence};
//! use grundy::{Limits, solvers::memo::MemoSolver, Nimber};
//! let mut s = MemoSolver::new(Quicksort, Limits::default());
//! let p = Sequence::new(&[4, 1, 6, 5, 7, 3, 8, 2]).unwrap();
//! assert_eq!(s.sum(&p.parts()).unwrap(), Nimber(5)); // cgt-tools' own test
//! ```

use std::fmt;

use crate::component::figure::{Figure, Shape, Touch};
use crate::component::spec::{Call, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::vocab::rules::Rules;

/// The longest sequence.
pub const MAX_QUICKSORT_LEN: usize = 64;

/// The rules of the Quicksort game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quicksort;

/// A sequence of distinct numbers: printed `quicksort(4,1,6,5)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Sequence(Vec<u64>);

impl Sequence {
    /// The sequence, if its numbers are distinct and at most
    /// [`MAX_QUICKSORT_LEN`]; the error says which number repeats.
    pub fn new(numbers: &[u64]) -> Result<Sequence, String> {
        if numbers.len() > MAX_QUICKSORT_LEN {
            return Err(format!(
                "{} numbers, more than {MAX_QUICKSORT_LEN}",
                numbers.len()
            ));
        }
        let mut sorted = numbers.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("{} appears twice", w[0]));
        }
        Ok(Sequence(numbers.to_vec()))
    }

    /// The numbers.
    pub fn numbers(&self) -> &[u64] {
        &self.0
    }

    /// The sequence pivoted on `pivot`.
    fn pivoted(&self, pivot: u64) -> Sequence {
        let mut out: Vec<u64> = self.0.iter().copied().filter(|&x| x < pivot).collect();
        out.push(pivot);
        out.extend(self.0.iter().copied().filter(|&x| x > pivot));
        Sequence(out)
    }

    /// The independent parts: cut wherever a prefix holds exactly its
    /// smallest numbers; each part renumbered `0..len` in order, parts of
    /// one number (already in place) dropped.
    pub fn parts(&self) -> Vec<Sequence> {
        let mut parts = Vec::new();
        let mut start = 0;
        let mut max = None;
        for (i, &x) in self.0.iter().enumerate() {
            max = max.max(Some(x));
            let rest_min = self.0[i + 1..].iter().min();
            if rest_min.is_none_or(|&m| Some(m) > max) {
                if i > start {
                    parts.push(renumbered(&self.0[start..=i]));
                }
                start = i + 1;
            }
        }
        parts
    }
}

/// The numbers replaced by their ranks.
fn renumbered(xs: &[u64]) -> Sequence {
    let mut sorted = xs.to_vec();
    sorted.sort_unstable();
    Sequence(
        xs.iter()
            .map(|x| sorted.binary_search(x).unwrap_or(0) as u64)
            .collect(),
    )
}

impl fmt::Display for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.0.iter().map(u64::to_string).collect();
        write!(f, "quicksort({})", shown.join(","))
    }
}

impl Rules for Quicksort {
    type Position = Sequence;

    fn options(&self, p: &Sequence, visit: &mut dyn FnMut(&[Sequence])) {
        for &pivot in &p.0 {
            let next = p.pivoted(pivot);
            if next != *p {
                visit(&next.parts());
            }
        }
    }
}

/// The declaration of `quicksort`.
pub static SPEC: GameSpec = GameSpec {
    name: "quicksort",
    kind: GameKind::Impartial,
    summary: "the Quicksort game: pivot on a number, smaller ones before it and larger after",
    example: "quicksort(4,1,6,5,7,3,8,2)",
    build,
    ruleset: None,
    says: Some(says),
    picture: Picture::Figure { draw, touch },
};

/// How far apart two cards stand, and how wide and tall one is, in units.
const CARD_STEP: f64 = 1.25;
const CARD_HIGH: f64 = 1.5;

/// Each part a row of numbered cards in its order, as written (a position
/// typed in keeps its numbers; the parts a move leaves are numbered from 0,
/// as the game writes them). A card is a target: a click on it pivots on
/// it.
fn draw(c: &Component) -> Option<Figure> {
    let parts = super::rules_sum::parts_of::<Quicksort>(c)?;
    let mut shapes = Vec::new();
    let (mut targets, mut width) = (0, 1.0_f64);
    for (i, part) in parts.iter().enumerate() {
        let y = i as f64 * (CARD_HIGH + 1.0);
        let of = if parts.len() > 1 {
            format!(" in part {}", i + 1)
        } else {
            String::new()
        };
        for (j, x) in part.0.iter().enumerate() {
            shapes.push(
                Shape::rect(
                    j as f64 * CARD_STEP,
                    y,
                    1.0,
                    CARD_HIGH,
                    Look::Empty,
                    format!("card {x}{of}: pivot on it"),
                )
                .with_text(x.to_string())
                .target(targets),
            );
            targets += 1;
        }
        width = width.max(part.0.len() as f64 * CARD_STEP);
    }
    Some(Figure {
        width,
        height: (parts.len().max(1) as f64) * (CARD_HIGH + 1.0) - 1.0,
        shapes,
        targets,
    })
}

/// The card pivoted on; the other cards that leave the same position
/// (another pivot with the same effect, the same card of an equal part)
/// name the move too.
fn touch(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<Touch> {
    use super::rules_sum::parts_of;
    let (b, a) = (
        parts_of::<Quicksort>(before)?,
        parts_of::<Quicksort>(after)?,
    );
    let (i, left) = super::words::heap_change(b, a)?;
    let mut ways = Vec::new();
    let mut base = 0;
    for part in b {
        if *part == b[i] {
            for (j, &x) in part.0.iter().enumerate() {
                let next = part.pivoted(x);
                if next != *part && next.parts() == left {
                    ways.push(vec![base + j]);
                }
            }
        }
        base += part.0.len();
    }
    Touch::of_ways(ways)
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let usage =
        format!("write quicksort(4,1,6,5): distinct whole numbers, at most {MAX_QUICKSORT_LEN}");
    let args = call.args().unwrap_or(&[]);
    if args.len() > MAX_QUICKSORT_LEN {
        return Err(call.error(
            call.args_span(),
            format!("{} numbers, more than {MAX_QUICKSORT_LEN}", args.len()),
            usage,
        ));
    }
    let numbers = call.naturals("numbers", "a number")?;
    let seq =
        Sequence::new(&numbers).map_err(|problem| call.error(call.args_span(), problem, usage))?;
    Ok(super::rules_sum::RulesSum::<Quicksort>::component(
        &SPEC, seq,
    ))
}

/// "pivot on 5": the number the move pivots on (numbers less than it go
/// before it, greater ones after), with "in part 2" when the position is
/// several parts (each part is written renumbered from 0).
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::rules_sum::parts_of;
    let (b, a) = (
        parts_of::<Quicksort>(before)?,
        parts_of::<Quicksort>(after)?,
    );
    let (i, left) = super::words::heap_change(b, a)?;
    let p = &b[i];
    let pivot =
        p.0.iter()
            .find(|&&x| p.pivoted(x) != *p && p.pivoted(x).parts() == left)?;
    let of = if b.len() > 1 {
        format!(" in part {}", i + 1)
    } else {
        String::new()
    };
    Some(format!("pivot on {pivot}{of}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pivots_and_parts() {
        let p = Sequence::new(&[3, 1, 2]).unwrap();
        assert_eq!(p.pivoted(2).to_string(), "quicksort(1,2,3)");
        assert_eq!(p.pivoted(1).to_string(), "quicksort(1,3,2)");
        let parts: Vec<String> = Sequence::new(&[2, 1, 3, 9, 5, 4])
            .unwrap()
            .parts()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(parts, ["quicksort(1,0)", "quicksort(2,1,0)"]);
        assert!(Sequence::new(&[1, 2, 3]).unwrap().parts().is_empty());
        assert!(Sequence::new(&[1, 2, 1])
            .unwrap_err()
            .contains("1 appears twice"));
    }
}
