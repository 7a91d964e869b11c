//! Misère play of impartial games: canonical forms and Conway's genus.
//!
//! In misère play the player who cannot move *wins*. Impartial games no
//! longer reduce to Nim heaps, but each still has a unique simplest form
//! (Conway, *On Numbers and Games*, ch. 12; Siegel, *Combinatorial Game
//! Theory*, ch. V): its options are simplest forms, and none of them is
//! reversible. A [`MisereForm`] is such a form, kept once in a process-wide
//! store, so two forms are equal in misère play exactly when their handles
//! are equal, on any thread.
//!
//! ```
//! use grundy::misere::MisereForm;
//! use grundy::{Nimber, Outcome};
//!
//! let two = MisereForm::nim_heap(2);
//! // *2 + *2 is a misère P-position, but not equal to 0.
//! let double = two + two;
//! assert_eq!(double.misere_outcome(), Outcome::P);
//! assert_ne!(double, MisereForm::zero());
//! assert_eq!(double.to_string(), "*[2[2]]");
//! // *1 + *1 is 0, however.
//! let one = MisereForm::nim_heap(1);
//! assert_eq!(one + one, MisereForm::zero());
//! // The genus g^(γ0 γ1 ...): normal value and misère values with *2s added.
//! assert_eq!(MisereForm::parse("*[[2],1]").unwrap().genus().to_string(), "2^1420");
//! assert_eq!(double.genus().misere_value(), Nimber(0));
//! ```
//!
//! Positions of the library's games are turned into forms by
//! [`misere_canonical`] (or, from text, [`crate::api::misere_form_of`]), which
//! memoises per position and adds the forms of the parts of a position
//! that splits:
//!
//! ```
//! use grundy::api::misere_form_of;
//! use grundy::{component::Context, Limits};
//!
//! let mut cx = Context::new(Limits::default());
//! // Four pins of Kayles are *1 in misère play: the mover loses.
//! let k4 = misere_form_of("kayles(4)", &mut cx).unwrap();
//! assert_eq!(k4, grundy::misere::MisereForm::nim_heap(1));
//! let k5 = misere_form_of("kayles(5)", &mut cx).unwrap();
//! assert_eq!(k5.genus().to_string(), "4^146");
//! assert_eq!(k5.to_string(), "*[2[2]321]");
//! ```

mod canonical;
mod display;
mod genus;
mod position;

use std::fmt;
use std::ops::Add;

use canonical::{store, Id, Meter};

pub use display::{ParseError, MAX_HEAP_LITERAL};
pub use genus::Genus;

/// How many misère forms the process-wide store holds (it only grows: a
/// long-running server watches this).
pub fn forms_held() -> u64 {
    canonical::store().len() as u64
}
pub use position::{misere_canonical, misere_canonical_sum, MisereMemo};

use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;

/// A misère canonical form of a finite impartial game: a handle into the
/// process-wide store, `Copy`, valid on every thread. Equal handles are
/// equal games in misère play and unequal handles unequal ones.
///
/// Printing gives CGSuite's notation (see [`MisereForm::parse`] for the
/// syntax read back): `*[2]` is the Nim heap `*2`, `*[42]` the game with
/// options `*4` and `*2`, `*[2#]` the game whose only option is `*2`,
/// `*[2[2]]` the sum `*2 + *2`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MisereForm(Id);

/// Why a misère form could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MisereError {
    /// The text is not a form.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A limit was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// What printing a form may spend on the shorthand of sums with Nim heaps
/// before it gives the shorthand up.
const PRINT_POSITIONS: usize = 1 << 20;

impl MisereForm {
    /// The game with no moves, `0` (`*[0]`).
    pub fn zero() -> MisereForm {
        MisereForm(Id::ZERO)
    }

    /// The Nim heap `*n`. Made once; `*n` has `n` options.
    ///
    /// ```
    /// use grundy::misere::MisereForm;
    /// assert_eq!(MisereForm::nim_heap(3).to_string(), "*[3]");
    /// assert_eq!(MisereForm::nim_heap(3).options().len(), 3);
    /// ```
    pub fn nim_heap(n: u32) -> MisereForm {
        MisereForm::try_nim_heap(n, &Budget::unlimited()).expect("no limit to hit")
    }

    /// [`nim_heap`](Self::nim_heap) within a budget.
    pub fn try_nim_heap(n: u32, budget: &Budget) -> Result<MisereForm, LimitError> {
        let mut meter = Meter::new(budget);
        Ok(MisereForm(store().nimber(n, &mut meter)?))
    }

    /// The game with these options, simplified.
    ///
    /// ```
    /// use grundy::misere::MisereForm;
    /// let two = MisereForm::nim_heap(2);
    /// // {*2} cannot be simplified; {*1} is 0.
    /// assert_eq!(MisereForm::from_options(&[two]).to_string(), "*[2#]");
    /// assert_eq!(MisereForm::from_options(&[MisereForm::nim_heap(1)]), MisereForm::zero());
    /// ```
    pub fn from_options(options: &[MisereForm]) -> MisereForm {
        MisereForm::try_from_options(options, &Budget::unlimited()).expect("no limit to hit")
    }

    /// [`from_options`](Self::from_options) within a budget.
    pub fn try_from_options(
        options: &[MisereForm],
        budget: &Budget,
    ) -> Result<MisereForm, LimitError> {
        let mut meter = Meter::new(budget);
        let opts = options.iter().map(|o| o.0).collect();
        Ok(MisereForm(store().construct(opts, &mut meter)?))
    }

    /// The disjunctive sum, in canonical form, within a budget (each new
    /// form counts as a position; the operation stops with the limit's
    /// error). Misère sums are not Nim sums: `*2 + *2` is not `0`.
    pub fn try_add(self, other: MisereForm, budget: &Budget) -> Result<MisereForm, LimitError> {
        let mut meter = Meter::new(budget);
        Ok(MisereForm(store().add(self.0, other.0, &mut meter)?))
    }

    /// Reads CGSuite's input syntax: `*[4,2]` (options `*4` and `*2`),
    /// `*[[2],2,1,0]` (a list is the game with those options),
    /// `*[[*[4] + *[2]]]` (sums of forms); a single entry is itself, so
    /// `*[4]` is `*4`.
    ///
    /// ```
    /// use grundy::misere::MisereForm;
    /// let g = MisereForm::parse("*[[*[2] + *[[2]]]]").unwrap();
    /// assert_eq!(g.to_string(), "*[2[#2#]]");
    /// assert!(MisereForm::parse("*[2,").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<MisereForm, MisereError> {
        MisereForm::try_parse(text, &Budget::unlimited())
    }

    /// [`parse`](Self::parse) within a budget.
    pub fn try_parse(text: &str, budget: &Budget) -> Result<MisereForm, MisereError> {
        MisereForm::read(text, budget, |p| p.whole())
    }

    /// `text` read by `whole`, one of the parser's readers of a whole text.
    fn read(
        text: &str,
        budget: &Budget,
        whole: impl FnOnce(&mut display::Parser<'_, '_, '_>) -> Result<Id, display::Failure>,
    ) -> Result<MisereForm, MisereError> {
        let chars: Vec<char> = text.chars().collect();
        let mut s = store();
        let mut parser = display::Parser::new(&chars, &mut s, budget);
        match whole(&mut parser) {
            Ok(g) => Ok(MisereForm(g)),
            Err(display::Failure::Syntax(e)) => Err(e.into()),
            Err(display::Failure::Limit(e)) => Err(e.into()),
        }
    }

    /// Reads CGSuite's printed (compact) notation, what [`Display`](std::fmt::Display)
    /// writes: `*[42]` is `{*4,*2}` here (in the input notation of
    /// [`parse`](Self::parse) it is the heap `*42`), `*[2#]` is `{*2}`,
    /// `*[2[2]321]` has options `*2 + *2`, `*3`, `*2` and `*1`, `&12;` is the heap `*12`.
    ///
    /// ```
    /// use grundy::misere::MisereForm;
    /// let g = MisereForm::parse("*[[*[2] + *[[2]]]]").unwrap();
    /// assert_eq!(MisereForm::parse_printed("*[2[#2#]]").unwrap(), g);
    /// assert_eq!(MisereForm::parse_printed("*[42]").unwrap(), MisereForm::parse("*[4,2]").unwrap());
    /// ```
    pub fn parse_printed(text: &str) -> Result<MisereForm, MisereError> {
        MisereForm::try_parse_printed(text, &Budget::unlimited())
    }

    /// [`parse_printed`](Self::parse_printed) within a budget.
    pub fn try_parse_printed(text: &str, budget: &Budget) -> Result<MisereForm, MisereError> {
        MisereForm::read(text, budget, |p| p.whole_printed())
    }

    /// Reads either notation: the printed one when the text can only be
    /// that (a `#`, `(`, `&` or subscript, no commas), else the input
    /// notation, so `*[42]` is the heap `*42` as CGSuite reads it.
    pub fn try_parse_any(text: &str, budget: &Budget) -> Result<MisereForm, MisereError> {
        if display::is_printed_notation(text) {
            MisereForm::try_parse_printed(text, budget)
        } else {
            MisereForm::try_parse(text, budget)
        }
    }

    /// The form written so that [`try_parse_any`](Self::try_parse_any)
    /// reads it back: the printed notation, except where that is a string
    /// of digits (`{*4,*2}`, printed `*[42]`), written `*[4,2]` instead.
    pub fn to_readable_string(self) -> String {
        let printed = self.to_string();
        display::input_notation(&printed).unwrap_or(printed)
    }

    /// The options, in canonical order (CGSuite's; printing lists them
    /// last first).
    pub fn options(self) -> Vec<MisereForm> {
        store()
            .options(self.0)
            .iter()
            .map(|&o| MisereForm(o))
            .collect()
    }

    /// The birthday: the length of the longest line of play of the form.
    /// The form's number in the process-wide store (the same form, the
    /// same number, on every thread): a key for tables.
    pub fn id(self) -> u32 {
        self.0 .0
    }

    /// The birthday: one more than the largest birthday of an option.
    pub fn birthday(self) -> u32 {
        store().birthday(self.0)
    }

    /// The normal-play Grundy value `G+`.
    pub fn nim_value(self) -> Nimber {
        Nimber(u64::from(store().gplus(self.0)))
    }

    /// The misère Grundy value `G-`: `1` for `0`, otherwise the mex of the
    /// options' values. The game is a misère P-position exactly when it is
    /// `0`.
    pub fn misere_nim_value(self) -> Nimber {
        Nimber(u64::from(store().gminus(self.0)))
    }

    /// The misère outcome played alone: `P` (the player to move loses) or `N`.
    pub fn misere_outcome(self) -> Outcome {
        if self.misere_nim_value().is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Whether the form is a Nim heap.
    pub fn is_nim_heap(self) -> bool {
        store().is_nim_heap(self.0)
    }

    /// Conway's genus `g^(γ0 γ1 ...)`.
    pub fn genus(self) -> Genus {
        genus::genus(&mut store(), self.0)
    }

    /// CGSuite's notation, with the shorthand for sums with Nim heaps only
    /// as far as `budget` allows (past it the options are written out,
    /// still exactly).
    pub fn notation(self, budget: &Budget) -> String {
        display::notation(&mut store(), self.0, budget)
    }

    /// How many forms (both members of each pair `{G, G + *1}`) the store
    /// holds now, on all threads.
    pub fn stored() -> usize {
        store().len()
    }
}

impl Add for MisereForm {
    type Output = MisereForm;

    /// The sum with no limit (see [`MisereForm::try_add`] for one).
    fn add(self, other: MisereForm) -> MisereForm {
        self.try_add(other, &Budget::unlimited())
            .expect("no limit to hit")
    }
}

impl fmt::Display for MisereForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let budget = Budget::with_max_positions(PRINT_POSITIONS);
        f.write_str(&self.notation(&budget))
    }
}

#[cfg(test)]
mod tests;
