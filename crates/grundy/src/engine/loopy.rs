//! Games whose moves can return to an earlier position (a scripted game
//! found loopy): the whole sum's graph enumerated and labelled by
//! retrograde analysis (Winning Ways ch. 11) — win, loss or draw for the
//! player to move, the moves that win and those that save a draw, and for
//! impartial games under normal play the generalised Sprague–Grundy value
//! (Smith 1966).

use std::cell::RefCell;

use super::sum_moves::{sorted_parts, sum_options, Part};
use crate::component::EvalError;
use crate::component::{Component, Context};
use crate::language::expr::GameExpr;
use crate::solvers::loopy::{analyse_loopy_within, Gsg, LoopyError, LoopyOutcome};
use crate::solvers::search::Play;
use crate::vocab::outcome::Player;
use crate::vocab::rules::GameGraph;

/// What retrograde analysis says of a loopy game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyReport {
    /// The position analysed.
    pub game: GameExpr,
    /// Normal or misère play.
    pub play: Play,
    /// For an impartial game one line, for the player to move; for a
    /// partizan game two, Left moving first and Right moving first.
    pub lines: Vec<LoopyLine>,
    /// The generalised Sprague–Grundy value (impartial games, normal play).
    pub gsg: Option<Gsg>,
    /// How many positions the analysis enumerated.
    pub positions: usize,
}

/// The answer for one player moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyLine {
    /// Who moves first (`None` in an impartial game).
    pub mover: Option<Player>,
    /// Win, loss or draw for the player who moves first.
    pub outcome: LoopyOutcome,
    /// Moves to the end when the game ends: the winner hurrying, the loser delaying.
    pub remoteness: Option<u32>,
    /// The moves that win (at most `--max-moves`).
    pub winning_moves: Vec<GameExpr>,
    /// When the position cannot be won: the moves that keep the draw.
    pub drawing_moves: Vec<GameExpr>,
    /// Every option (at most `--max-moves`) with its outcome for the
    /// opponent, who moves next: what `options` says each move leads to.
    pub option_outcomes: Vec<(GameExpr, LoopyOutcome)>,
    /// False when a list was cut at `--max-moves`.
    pub moves_complete: bool,
}

/// A position of the graph: the sorted parts of the sum, and for a
/// partizan game the player to move.
type Node = (Vec<Part>, Option<Player>);

/// The move graph of a sum: a move replaces one part by the parts of one
/// of its options. Options are made within the query's budget; the first
/// failure is kept and reported after the enumeration.
struct SumGraph<'c> {
    cx: RefCell<&'c mut Context>,
    error: RefCell<Option<EvalError>>,
}

impl GameGraph for SumGraph<'_> {
    type Position = Node;

    fn moves(&self, (parts, mover): &Node, out: &mut Vec<Node>) {
        if self.error.borrow().is_some() {
            return;
        }
        let mut cx = self.cx.borrow_mut();
        match sum_options(parts, *mover, true, &mut cx, "retrograde analysis") {
            Ok(options) => out.extend(
                options
                    .into_iter()
                    .map(|o| (o, mover.map(Player::opponent))),
            ),
            Err(e) => *self.error.borrow_mut() = Some(e),
        }
    }

    /// A sum's parts and their keys: a scripted game may split a position
    /// into ever more parts (`parts(n) = [n + 1, n + 2]`), so positions grow.
    fn heap_bytes(&self, (parts, _): &Node) -> usize {
        parts
            .iter()
            .map(|p| std::mem::size_of::<Part>() + 8 * p.key.numbers.len() + p.key.text.len())
            .sum()
    }
}

fn expr_of((parts, _): &Node) -> GameExpr {
    GameExpr::Sum(parts.iter().map(|p| p.component.clone()).collect())
}

/// Analyses the sum of `components` by retrograde analysis.
pub(crate) fn loopy_report(
    cx: &mut Context,
    game: &GameExpr,
    components: &[Component],
    play: Play,
) -> Result<LoopyReport, EvalError> {
    let budget = cx.budget().clone();
    let max_moves = cx.limits().max_moves;
    let partizan = components.iter().any(Component::is_partizan);
    let movers: &[Option<Player>] = if partizan {
        &[Some(Player::Left), Some(Player::Right)]
    } else {
        &[None]
    };
    let graph = SumGraph {
        cx: RefCell::new(cx),
        error: RefCell::new(None),
    };
    let mut lines = Vec::new();
    let mut gsg = None;
    let mut positions = 0;
    for &mover in movers {
        let start = (sorted_parts(components, true), mover);
        let analysis = analyse_loopy_within(&graph, &start, play, &budget);
        if let Some(e) = graph.error.borrow_mut().take() {
            return Err(e);
        }
        let analysis = analysis.map_err(|LoopyError::Limit(l)| EvalError::Limit(l))?;
        positions += analysis.len();
        let outcome = analysis
            .outcome(&start)
            .expect("the start is the first position analysed");
        let listed = |moves: Vec<Node>| -> (Vec<GameExpr>, bool) {
            let complete = moves.len() <= max_moves;
            (
                moves.iter().take(max_moves).map(expr_of).collect(),
                complete,
            )
        };
        let (winning_moves, won_all) = listed(analysis.winning_moves(&start));
        let (drawing_moves, drawn_all) = match outcome {
            LoopyOutcome::Draw => listed(analysis.drawing_moves(&start)),
            _ => (Vec::new(), true),
        };
        if !partizan && play == Play::Normal {
            gsg = analysis
                .gsg_within(&start, &budget)
                .map_err(|LoopyError::Limit(l)| EvalError::Limit(l))?;
        }
        let option_outcomes = analysis
            .option_outcomes(&start)
            .iter()
            .take(max_moves)
            .map(|(node, o)| (expr_of(node), *o))
            .collect();
        lines.push(LoopyLine {
            mover,
            outcome,
            remoteness: analysis.remoteness(&start).map(|r| r.0),
            winning_moves,
            drawing_moves,
            option_outcomes,
            moves_complete: won_all && drawn_all,
        });
    }
    Ok(LoopyReport {
        game: game.clone(),
        play,
        lines,
        gsg,
        positions,
    })
}
