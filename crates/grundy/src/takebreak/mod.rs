//! Take-and-break heap games: octal and hexadecimal codes, Grundy's game,
//! subtraction games, computed far and proved periodic.
//!
//! A game is a [`TakeBreak`] (rules only); a [`HeapSolver`] computes its
//! values heap by heap with a plain or a sparse-space engine, watching for a
//! period and proving it with the Guy–Smith theorem (see
//! [`guy_smith_bound`] for the exact statement used); a [`HeapSequence`]
//! answers `G(n)` for any heap once the period is proved; a
//! [`SequenceStore`] keeps values on disk, checkpointed and checksummed.
//!
//! ```
//! use grundy::{takebreak::SequenceConfig, takebreak::TakeBreak};
//! let dawson = TakeBreak::dawsons_kayles().try_sequence(10_000, &SequenceConfig::default()).unwrap();
//! let p = dawson.periodicity().unwrap();
//! assert!(p.proved);
//! assert_eq!(p.period, 34);
//! // A row of 10^12 pins in Dawson's Kayles is a first-player win:
//! assert!(!dawson.get(1_000_000_000_000).unwrap().is_zero());
//! ```

mod all_but_set;
mod arithmetic;
mod bits;
pub mod general;
mod huffman;
mod known;
mod large_set;
mod period;
mod prefix;
mod rules;
mod sequence;
mod solve;
mod split_tail;
mod store;
mod subtraction_set;
mod values;

pub use all_but_set::{
    AllButError, AllButPeriod, AllButSequence, AllButSet, ALL_BUT_BYTES_PER_HEAP,
};
pub use arithmetic::{arithmetic_provable, Proof};
pub use general::GeneralCode;
pub use known::{heaps_to_prove, published_period};
pub use large_set::LargeSetSequence;
pub use period::{find_periodicity, guy_smith_bound, Periodicity};
pub use rules::{CodeError, TakeBreak, MAX_CODE_DIGITS};
pub use sequence::{HeapSequence, SequenceError, SequenceStats, MAX_LISTED_RARE_HEAPS};
pub use solve::{
    HeapEngine, HeapSolveError, HeapSolver, Progress, SequenceConfig, SolverChoice, WorkCounts,
    MAX_THREADS, SPARSE_MAX_RARE_FRACTION,
};
pub use store::{LockWait, SequenceStore, StoreError, StoreRecovery, DEFAULT_STORE_MEMORY};
pub use subtraction_set::{
    SetError, SetPeriod, SetSequence, SubtractionSet, MAX_SET_ELEMENT, MAX_SET_LEN,
};
pub use values::ValueTable;
