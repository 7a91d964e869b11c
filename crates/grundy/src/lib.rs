//! # grundy
//!
//! A combinatorial game engine: who wins, how (the winning moves) and why
//! (the value) for positions of impartial and partizan games.
//!
//! ```
//! use grundy::Nimber;
//! // Bouton: a Nim position is lost for the player to move iff the XOR of its heaps is 0.
//! let v: Nimber = [3u64, 5, 6].iter().map(|&h| Nimber(h)).sum();
//! assert!(v.is_zero());
//! ```

pub mod alloc;
pub mod api;
mod board;
mod engine;
pub mod games;
pub mod gaps;
mod language;
pub mod loopy;
pub mod misere;
pub mod partizan;
pub mod quotient;
pub mod script;
mod solvers;
mod takebreak;
mod vocab;

pub use language::functions;
pub use language::registry;
pub use vocab::budget;

pub use board::patterns;
pub use board::{
    find_table_patterns, floor_n_phi, misere_wythoff_is_p, misere_wythoff_winning_moves,
    wythoff_is_p, wythoff_partner, wythoff_winning_moves, BoardTable, ClosedForm, PatternError,
    PatternKind, Piece, PieceError, Square, Step, TableError, TablePattern,
};
pub use budget::Budget;
pub use engine::component::{
    Component, Context, Impartial, ImpartialPosition, Key, Partizan, PartizanPosition,
};
pub use engine::family::{search_game, Answer, Family, FamilyVerdict};
pub use engine::verify::{verify_loopy_outcomes, verify_nimbers, verify_outcomes, Verdict};
pub use engine::{
    Analysis, Atom, Choice, ComponentSum, Engine, EvalError, Evaluation, ExprGraph, GameOptions,
    LoopyLine, LoopyReport, Method, MisereReport, OptionLists, OptionMove, PartizanReport,
    SumPosition,
};
pub use games::nim::{
    misere_nim_outcome, misere_nim_winning_moves, nim_value, nim_winning_moves, Nim,
};
pub use games::staircase::{
    staircase_options_with_value, staircase_total, staircase_value, staircase_winning_moves,
    CoinTree, CoinTreeGame, StaircaseError, StaircaseNim,
};
pub use language::expr::{
    parse_any, parse_any_in, parse_game, parse_game_in, parse_ruleset_in, parse_ruleset_spec,
    validate, validate_in, ExprError, GameExpr, HeapKind, HeapRules, Ruleset,
};
pub use language::syntax::{
    caret, parse_expr, parse_ruleset, Arg, Expr, Item, Span, SyntaxError, Term, MAX_EXPR_LEN,
    MAX_NESTING,
};
pub use solvers::compound::{
    conjunctive_outcome, continued_conjunctive_outcome, not_all_outcome, selective_outcome,
    Compound, CompoundConfig, CompoundError, CompoundKind, CompoundSolver,
};
pub use solvers::heap_options::takebreak_options_until;
pub use solvers::loopy::{
    analyse_loopy, analyse_loopy_within, Gsg, LoopyAnalysis, LoopyConfig, LoopyError, LoopyOutcome,
};
pub use solvers::memo::{MemoSolver, SolveError};
pub use solvers::mex::{mex_naive, mex_of_words, MexSet};
pub use solvers::search::{PlainSearch, Play, Remoteness, SearchConfig, SearchError};
pub use takebreak::{
    find_periodicity, guy_smith_bound, heaps_to_prove, published_period, CodeError, HeapEngine,
    HeapSequence, HeapSolveError, HeapSolver, LockWait, Periodicity, Progress, Proof,
    SequenceConfig, SequenceError, SequenceStats, SequenceStore, SolverChoice, StoreError,
    StoreRecovery, TakeBreak, ValueTable, WorkCounts, DEFAULT_STORE_MEMORY, MAX_CODE_DIGITS,
    MAX_LISTED_RARE_HEAPS, MAX_THREADS, SPARSE_MAX_RARE_FRACTION,
};
pub use vocab::limits::{parse_duration, parse_size, LimitError, Limits, ParseLimitError};
pub use vocab::nimber::Nimber;
pub use vocab::outcome::{Outcome, Player};
pub use vocab::rules::{GameGraph, Rules, Sums};
