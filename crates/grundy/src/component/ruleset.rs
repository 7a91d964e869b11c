//! What `seq`, `table` and `verify` take of a built-in game written without
//! its position (`kayles`, `sub[1,3,4]`, `queen`): its rules, which a game's
//! declaration validates (see [`super::spec::RulesetFn`]).

use crate::board::Piece;
use crate::takebreak::{AllButSet, SubtractionSet, TakeBreak};

/// A heap ruleset with the name it is written by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapRules {
    /// How the ruleset is written (`kayles`, `sub[1,3,4]`).
    pub name: String,
    /// The rules.
    pub kind: HeapKind,
}

/// The rules behind a heap ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapKind {
    /// Nim, answered by Bouton's closed form.
    Nim,
    /// Any take-and-break game (octal, hexadecimal, subtraction, Grundy's game).
    TakeBreak(TakeBreak),
    /// A subtraction game whose set has an element too large for an octal
    /// code (`sub[1,2,1000000000]`), valued through its own pieces
    /// ([`crate::takebreak::SetSequence`]).
    Set(SubtractionSet),
    /// An all-but game whose largest excluded move is too large for an
    /// octal code (`allbut[1,2,1000000000]`), valued through its own pattern
    /// ([`crate::takebreak::AllButSequence`]).
    AllBut(AllButSet),
    /// A take-and-break code that only the general reader holds (more than
    /// three heaps, equality constraints, periods of several digits),
    /// valued by plain mex ([`crate::takebreak::GeneralCode`]).
    General(crate::takebreak::GeneralCode),
}

/// A built-in ruleset whose positions are numbers: heaps or squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinRuleset {
    /// A heap ruleset: positions are heap sizes.
    Heap(HeapRules),
    /// A piece: positions are squares.
    Board(Piece),
}
