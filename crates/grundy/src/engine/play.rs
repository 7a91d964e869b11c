//! Perfect play's move: a winning move when there is one; otherwise the
//! move that makes the game last longest (the option of greatest
//! remoteness for impartial sums, of greatest birthday for partizan ones),
//! or a drawing move in a loopy game. What a computer opponent plays.

use std::time::Duration;

use super::options::OptionMove;
use super::{AtomRules, Engine};
use crate::component::Component;
use crate::component::EvalError;
use crate::engine::Analysis;
use crate::language::expr::GameExpr;
use crate::solvers::loopy::LoopyOutcome;
use crate::solvers::search::{PlainSearch, Play};
use crate::vocab::outcome::Player;
use crate::vocab::rules::Sums;

/// The move perfect play makes, and why.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The position moved from.
    pub game: GameExpr,
    /// Who moves (`None` for an impartial game).
    pub player: Option<Player>,
    /// The position after the move; `None` when the mover has no move.
    pub chosen: Option<GameExpr>,
    /// Whether the move wins (against any reply).
    pub wins: bool,
    /// Why this move, in words.
    pub why: String,
}

/// How long the search for the longest-lasting move may take before it
/// settles for a plainer choice (a part of the query's own budget).
const LONGEST_TRIAL: Duration = Duration::from_secs(2);

impl Engine {
    /// The move perfect play makes from `game` for `player` (ignored, and
    /// may be `None`, for impartial games; required for partizan ones).
    pub fn perfect_move(
        &mut self,
        game: &GameExpr,
        player: Option<Player>,
    ) -> Result<Choice, EvalError> {
        let analysis = self.analyse_game(game)?;
        let partizan = !matches!(&analysis, Analysis::Impartial(_))
            && !matches!(&analysis, Analysis::Loopy(r) if r.lines.iter().all(|l| l.mover.is_none()));
        let player = if partizan {
            Some(player.ok_or_else(|| EvalError::MoverNeeded(game.to_string()))?)
        } else {
            None
        };
        let pick = |m: &[GameExpr]| m.first().cloned();
        let mover = player.unwrap_or(Player::Left);
        let (winning, why, drawing) = match &analysis {
            Analysis::Impartial(e) => (
                pick(&e.winning_moves),
                match e.play {
                    Play::Normal => {
                        "a winning move: it leaves a position of value 0 (a P-position)"
                    }
                    Play::Misere => "a winning move: it leaves a P-position of misère play",
                },
                None,
            ),
            Analysis::Partizan { report, .. } => (
                pick(match mover {
                    Player::Left => &report.left_moves,
                    Player::Right => &report.right_moves,
                }),
                "a winning move: after it the opponent, moving first, loses",
                None,
            ),
            Analysis::PartizanMisere(r) => (
                pick(match mover {
                    Player::Left => &r.left_moves,
                    Player::Right => &r.right_moves,
                }),
                "a winning move in misère play: after it the opponent, moving first, loses",
                None,
            ),
            Analysis::Loopy(r) => {
                let line = r
                    .lines
                    .iter()
                    .find(|l| l.mover.is_none() || l.mover == player);
                let drawing = line
                    .filter(|l| l.outcome == LoopyOutcome::Draw)
                    .and_then(|l| pick(&l.drawing_moves));
                (
                    line.and_then(|l| pick(&l.winning_moves)),
                    "a winning move (found by retrograde analysis of the loopy game)",
                    drawing,
                )
            }
        };
        let choice = |chosen: Option<GameExpr>, wins: bool, why: String| Choice {
            game: game.clone(),
            player,
            chosen,
            wins,
            why,
        };
        if let Some(m) = winning {
            return Ok(choice(Some(m), true, why.to_string()));
        }
        if let Some(m) = drawing {
            return Ok(choice(
                Some(m),
                false,
                "no winning move; a drawing move: play can go on for ever".to_string(),
            ));
        }
        let options = self.options(game)?;
        let moves = options.moves.of(mover).to_vec();
        if moves.is_empty() {
            return Ok(choice(
                None,
                false,
                "no move: the player to move cannot move, so the game is over".to_string(),
            ));
        }
        let longest = match &analysis {
            Analysis::Impartial(e) => {
                let trial = self.cx.budget().trial(LONGEST_TRIAL);
                self.cx.within(trial, |cx| {
                    let (limits, budget) = (*cx.limits(), cx.budget().clone());
                    longest_impartial(&moves, e.play, &limits, &budget)
                })
            }
            Analysis::Partizan { .. } => self.greatest_birthday(&moves),
            _ => None,
        };
        Ok(match longest {
            Some((i, why)) => choice(Some(moves[i].game.clone()), false, why),
            None => choice(
                Some(moves[0].game.clone()),
                false,
                "no winning move; the first option (which move lasts longest was not decided within the time allowed)"
                    .to_string(),
            ),
        })
    }
}

impl Engine {
    /// The option of greatest birthday (values of options are mostly known
    /// from the analysis of their position); `None` when valuing them takes
    /// longer than the trial time or fails.
    fn greatest_birthday(&mut self, moves: &[OptionMove]) -> Option<(usize, String)> {
        let start = std::time::Instant::now();
        let mut best: Option<(u64, usize)> = None;
        for (i, m) in moves.iter().enumerate() {
            if start.elapsed() > LONGEST_TRIAL {
                return None;
            }
            let b = self.partizan_value(&m.game).ok()?.birthday();
            if best.is_none_or(|(top, _)| b > top) {
                best = Some((b, i));
            }
        }
        best.map(|(b, i)| {
            (
                i,
                format!(
                    "no winning move; the option of greatest birthday ({b}), to make the game last"
                ),
            )
        })
    }
}

/// The option of greatest remoteness (the number of moves perfect play
/// takes to end the game from it), by plain search of each option's sum;
/// `None` when the trial budget runs out first or a component is partizan.
fn longest_impartial(
    moves: &[OptionMove],
    play: Play,
    limits: &crate::vocab::limits::Limits,
    budget: &crate::vocab::budget::Budget,
) -> Option<(usize, String)> {
    let rules = AtomRules::new(limits);
    let mut search = PlainSearch::with_budget(Sums(&rules), budget);
    let mut best: Option<(u32, usize)> = None;
    for (i, m) in moves.iter().enumerate() {
        let components: &[Component] = match &m.game {
            GameExpr::Sum(c) | GameExpr::Misere(c) => c,
            GameExpr::Compound { .. } => return None,
        };
        if m.game.is_partizan() {
            return None;
        }
        let start = rules.position(&super::impartial(components));
        let r = rules.checked(search.remoteness(&start, play)).ok()?.moves();
        if best.is_none_or(|(top, _)| r > top) {
            best = Some((r, i));
        }
    }
    best.map(|(r, i)| {
        (
            i,
            format!(
                "no winning move; the option of greatest remoteness ({} with perfect play), to make the game last",
                crate::solvers::search::Remoteness(r).in_words()
            ),
        )
    })
}
