//! Misère play of partizan games and sums: the player who cannot move
//! wins. Canonical values say nothing here (misère partizan games have no
//! such arithmetic), so the outcome is found by search of the whole sum,
//! memoised by the sorted components and the player to move, on the
//! search's own stack.

use rustc_hash::{FxHashMap, FxHashSet};

use super::sum_moves::{sorted_parts, sum_options, Part};
use crate::component::EvalError;
use crate::component::{Component, Context, Key};
use crate::language::expr::GameExpr;
use crate::solvers::search::SearchError;
use crate::vocab::limits::LimitError;
use crate::vocab::outcome::{Outcome, Player};

/// What misère search says of a partizan position or sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereReport {
    /// The position analysed (`misere(...)`).
    pub game: GameExpr,
    /// Who wins: `L`, `R`, `N` (the player to move) or `P` (the other).
    pub outcome: Outcome,
    /// Left's winning moves, moving first (whole positions, in misère play).
    pub left_moves: Vec<GameExpr>,
    /// Right's winning moves, moving first.
    pub right_moves: Vec<GameExpr>,
    /// False when a list was cut at `--max-moves`.
    pub moves_complete: bool,
    /// Positions the search memoised.
    pub positions: usize,
}

/// A sum in search: its components sorted by key (kept whole, so that
/// winning moves print as the components were written).
type Sum = Vec<Part>;

const WHAT: &str = "misère search of a partizan sum";
/// A rough size of a frame, and of one component of one of a frame's
/// options (its key and handle).
const FRAME_BYTES: u128 = 256;
const PART_BYTES: u128 = 160;

/// Who wins moving first, by sum and player to move.
type Memo = FxHashMap<(Vec<Key>, Player), bool>;

/// The heap bytes of a memo entry's keys (beyond its slot in the table):
/// each key's own allocations, with an allocator's overhead.
fn key_bytes(keys: &[Key]) -> u128 {
    let each = |k: &Key| 3 * 16 + k.text.len() as u128 + 8 * k.numbers.len() as u128 + 32;
    24 + keys.iter().map(each).sum::<u128>()
}

/// The options of `player` in `sum`, each a sorted sum.
fn options(sum: &Sum, player: Player, cx: &mut Context) -> Result<Vec<Sum>, EvalError> {
    sum_options(sum, Some(player), false, cx, WHAT)
}

/// Whether the player to move in `start` wins under misère play. A
/// position met again on its own line of play is a cycle (a loopy scripted
/// game): [`SearchError::Cycle`], which turns the engine to retrograde
/// analysis.
fn mover_wins(
    start: Sum,
    mover: Player,
    memo: &mut Memo,
    memo_bytes: &mut u128,
    cx: &mut Context,
) -> Result<bool, EvalError> {
    struct Frame {
        at: (Vec<Key>, Player),
        options: Vec<Sum>,
        next: usize,
        /// Its estimated bytes (its options' components).
        bytes: u128,
    }
    let keys = |s: &Sum| s.iter().map(|p| p.key.clone()).collect::<Vec<_>>();
    if let Some(&w) = memo.get(&(keys(&start), mover)) {
        return Ok(w);
    }
    let budget = cx.budget().clone();
    let frame = |s: Sum, mover: Player, cx: &mut Context| -> Result<Frame, EvalError> {
        budget.tick(WHAT)?;
        budget.charge(WHAT, 1)?;
        let options = options(&s, mover, cx)?;
        let parts: usize = options.iter().map(Vec::len).sum();
        Ok(Frame {
            at: (keys(&s), mover),
            bytes: FRAME_BYTES + parts as u128 * PART_BYTES,
            options,
            next: 0,
        })
    };
    let first = frame(start, mover, cx)?;
    let mut frames_bytes = first.bytes;
    let mut on_line: FxHashSet<(Vec<Key>, Player)> = FxHashSet::default();
    on_line.insert(first.at.clone());
    let mut stack = vec![first];
    loop {
        let top = stack.last_mut().expect("the stack ends only by returning");
        // No moves: the player to move wins in misère play. Otherwise a
        // move to a position lost for the opponent wins; when every option
        // is known and none is, the position is lost.
        let mut result = top.options.is_empty().then_some(true);
        while result.is_none() && top.next < top.options.len() {
            let at = (keys(&top.options[top.next]), top.at.1.opponent());
            match memo.get(&at) {
                Some(false) => result = Some(true),
                Some(true) => top.next += 1,
                None if on_line.contains(&at) => {
                    return Err(SearchError::Cycle {
                        position: GameExpr::Misere(
                            top.options[top.next]
                                .iter()
                                .map(|p| p.component.clone())
                                .collect(),
                        )
                        .to_string(),
                    }
                    .into())
                }
                None => break,
            }
        }
        if result.is_none() && top.next == top.options.len() {
            result = Some(false);
        }
        match result {
            Some(w) => {
                let done = stack.pop().expect("not empty");
                on_line.remove(&done.at);
                frames_bytes -= done.bytes;
                *memo_bytes += key_bytes(&done.at.0);
                budget.check_bytes(WHAT, *memo_bytes + frames_bytes)?;
                if memo.len() == memo.capacity() {
                    // The table doubles: old and new slots live together
                    // for a moment, and are checked before it grows.
                    let cap = budget.grown_capacity(memo.len());
                    let slot = std::mem::size_of::<((Vec<Key>, Player), bool)>() as u128 + 1;
                    let tables = (cap + memo.capacity()) as u128 * slot * 8 / 7;
                    budget.check_bytes(WHAT, *memo_bytes + frames_bytes + tables)?;
                    memo.try_reserve(cap - memo.len())
                        .map_err(|_| LimitError::Allocation {
                            what: WHAT.into(),
                            requested: tables,
                            limit: budget.limits().max_memory,
                        })?;
                }
                memo.insert(done.at, w);
                if stack.is_empty() {
                    return Ok(w);
                }
            }
            None => {
                let o = top.options[top.next].clone();
                let next_mover = top.at.1.opponent();
                let f = frame(o, next_mover, cx)?;
                frames_bytes += f.bytes;
                budget.check_bytes(WHAT, *memo_bytes + frames_bytes)?;
                on_line.insert(f.at.clone());
                stack.push(f);
            }
        }
    }
}

/// The misère outcome and winning moves of the sum of `components`.
pub(crate) fn misere_report(
    cx: &mut Context,
    game: &GameExpr,
    components: &[Component],
) -> Result<MisereReport, EvalError> {
    let max_moves = cx.limits().max_moves;
    let mut memo = Memo::default();
    let mut memo_bytes = 0u128;
    let start = sorted_parts(components, false);
    let mut winners = [Player::Left; 2];
    let mut moves: [Vec<GameExpr>; 2] = [Vec::new(), Vec::new()];
    let mut complete = true;
    for (i, player) in [Player::Left, Player::Right].into_iter().enumerate() {
        let wins = mover_wins(start.clone(), player, &mut memo, &mut memo_bytes, cx)?;
        winners[i] = if wins { player } else { player.opponent() };
        if !wins {
            continue;
        }
        for o in options(&start, player, cx)? {
            if !mover_wins(o.clone(), player.opponent(), &mut memo, &mut memo_bytes, cx)? {
                if moves[i].len() == max_moves {
                    complete = false;
                    break;
                }
                moves[i].push(GameExpr::Misere(
                    o.into_iter().map(|p| p.component).collect(),
                ));
            }
        }
    }
    let [left_moves, right_moves] = moves;
    Ok(MisereReport {
        game: game.clone(),
        outcome: Outcome::from_winners(winners[0], winners[1]),
        left_moves,
        right_moves,
        moves_complete: complete,
        positions: memo.len(),
    })
}
