//! Families of positions (`kayles + nim(3)`: every heap of Kayles beside a
//! Nim heap of 3) and the check that the engine's fast path agrees with plain
//! search of the explicit game graph on every member up to a bound.
//!
//! A family is written like a game expression in which some rulesets are
//! left without their position: those range over all positions up to the
//! bound (heaps `0..=B`, squares with both coordinates in `0..=B`).

use std::collections::HashMap;
use std::fmt;

use crate::component::{EvalError, ExprError};
use crate::engine::Engine;
use crate::engine::{impartial, Atom, AtomRules};
use crate::language::expr::{ruleset, validate_in, GameExpr, Ruleset};
use crate::language::syntax::{parse_expr, Arg, Expr, Term};
use crate::registry::Registry;
use crate::solvers::compound::{Compound, CompoundKind};
use crate::solvers::search::{PlainSearch, Play};
use crate::vocab::budget::Budget;
use crate::vocab::limits::Limits;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;
use crate::vocab::rules::{GameGraph, Sums};

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FamilyVerdict {
    /// Fast path and search agree on every member.
    Holds {
        /// Members checked.
        checked: u64,
    },
    /// The first member where they disagree.
    Refuted {
        /// The member, in expression syntax.
        position: String,
        /// The fast path's answer.
        fast: Answer,
        /// Plain search's answer.
        search: Answer,
        /// Members that agreed before it.
        checked: u64,
    },
}

/// An outcome, with the Grundy value where the game has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who wins.
    pub outcome: Outcome,
    /// The value (normal-play sums only).
    pub nimber: Option<Nimber>,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.nimber {
            Some(n) => write!(f, "{} (value {n})", self.outcome),
            None => write!(f, "{}", self.outcome),
        }
    }
}

/// A family of positions: a template with free rulesets.
#[derive(Clone, Debug)]
pub struct Family {
    text: String,
    /// Insertion points, how many coordinates each free ruleset takes, and
    /// the size of its board when it has one (squares off it are no members).
    free: Vec<(usize, usize, Option<u64>)>,
    /// The games its names are read with.
    registry: Registry,
}

impl Family {
    /// Reads a family. Errors when the text is not an expression or has no free ruleset.
    pub fn parse(text: &str) -> Result<Family, ExprError> {
        Family::parse_in(text, Registry::builtin())
    }

    /// [`Family::parse`] with the games of `registry` (scripted ones too).
    pub fn parse_in(text: &str, registry: &Registry) -> Result<Family, ExprError> {
        let expr = parse_expr(text)?;
        let mut free = Vec::new();
        collect_free(&expr, &mut free, registry)?;
        if free.is_empty() {
            return Err(ExprError::Invalid {
                at: 0,
                problem: "no ruleset is left free, so the family has one member".into(),
                accepted:
                    "leave out the position of the rulesets to range over, as in 'kayles + nim(3)' \
                           or 'selective(queen, knight)'"
                        .into(),
            });
        }
        let family = Family {
            text: text.to_string(),
            free,
            registry: registry.clone(),
        };
        // The first member must be a valid game: this checks every name and parameter.
        validate_in(
            &parse_expr(&family.member(&vec![0; family.coordinates()]))?,
            registry,
        )?;
        Ok(family)
    }

    /// How many coordinates one member takes in all.
    pub fn coordinates(&self) -> usize {
        self.free.iter().map(|f| f.1).sum()
    }

    /// Whether every square among `coords` is on its piece's board.
    fn on_boards(&self, coords: &[u64]) -> bool {
        let mut c = coords.iter();
        self.free.iter().all(|&(_, n, board)| {
            let mine: Vec<u64> = c.by_ref().take(n).copied().collect();
            board.is_none_or(|size| mine.iter().all(|&x| x < size))
        })
    }

    /// How many members have every coordinate in `0..=bound`.
    pub fn size(&self, bound: u64) -> u128 {
        (bound as u128 + 1).saturating_pow(self.coordinates() as u32)
    }

    /// The member with these coordinates, as text.
    pub fn member(&self, coords: &[u64]) -> String {
        let mut out = String::with_capacity(self.text.len() + 8 * coords.len());
        let mut last = 0;
        let mut c = coords.iter();
        for &(at, n, _) in &self.free {
            out.push_str(&self.text[last..at]);
            let args: Vec<String> = c.by_ref().take(n).map(u64::to_string).collect();
            out.push('(');
            out.push_str(&args.join(","));
            out.push(')');
            last = at;
        }
        out.push_str(&self.text[last..]);
        out
    }

    /// Checks every member with coordinates in `0..=bound`: the engine's answer
    /// (closed forms, tables, compound theory) against plain search of the
    /// member's explicit game graph. `progress` is called after each member.
    ///
    /// The budget bounds the whole run (its clock, its cancel flag); each
    /// member's fast answer gets the budget's limits afresh.
    pub fn verify(
        &self,
        bound: u64,
        budget: &Budget,
        progress: &mut dyn FnMut(u64),
    ) -> Result<FamilyVerdict, EvalError> {
        let limits = budget.limits();
        limits.check(
            &format!("the family '{}' up to {bound}", self.text),
            self.size(bound),
            0,
        )?;
        let mut engine = Engine::with_budget(budget.clone());
        let mut reference = Reference::new(budget);
        let k = self.coordinates();
        let mut coords = vec![0u64; k];
        let mut checked = 0;
        loop {
            let text = self.member(&coords);
            // Squares off a bounded board are not members.
            let game = if self.on_boards(&coords) {
                Some(validate_in(
                    &parse_expr(&text).map_err(ExprError::from)?,
                    &self.registry,
                )?)
            } else {
                None
            };
            if let Some(game) = game {
                let e = engine.evaluate_game(&game)?;
                let fast = Answer {
                    outcome: e.outcome,
                    nimber: e.nimber,
                };
                let searched = reference.answer(&game)?;
                if fast != searched {
                    return Ok(FamilyVerdict::Refuted {
                        position: game.to_string(),
                        fast,
                        search: searched,
                        checked,
                    });
                }
                checked += 1;
                progress(checked);
            }
            // next coordinates, odometer style
            let mut i = 0;
            while i < k && coords[i] == bound {
                coords[i] = 0;
                i += 1;
            }
            if i == k {
                return Ok(FamilyVerdict::Holds { checked });
            }
            coords[i] += 1;
        }
    }
}

/// The reference answer for an impartial game: plain search of its explicit
/// game graph, each component kept whole (never split into heaps, never
/// valued by a table or closed form), so it shares no shortcut with the
/// engine.
pub fn search_game(game: &GameExpr, limits: &Limits) -> Result<Answer, EvalError> {
    Reference::new(&Budget::new(*limits)).answer(game)
}

/// Plain search of whole games, its memo kept across the members of a
/// family (they share most of their followers).
struct Reference {
    limits: Limits,
    budget: Budget,
    sums: PlainSearch<Sums<AtomRules>>,
    compounds: Vec<(
        CompoundKind,
        PlainSearch<crate::solvers::compound::Guarded<Sums<AtomRules>>>,
    )>,
    /// Misère outcomes by the definition (see [`misere_by_definition`]).
    misere: HashMap<Vec<Atom>, bool>,
}

/// Whether the player to move wins `start` in misère play, by the
/// definition alone: a position is won when it has no move (the last mover
/// lost) or some move leads to a lost one. The engine answers misère sums
/// that theory does not decide by plain search over split components; this
/// reference shares no code with plain search but the game graph (whole
/// components, not split), so `verify` of such sums compares two methods,
/// not one with itself. A walk with its own stack, memoised in `memo`.
fn misere_by_definition(
    graph: &Sums<AtomRules>,
    start: &[Atom],
    memo: &mut HashMap<Vec<Atom>, bool>,
    budget: &Budget,
) -> Result<bool, EvalError> {
    const WHAT: &str = "the misère reference of verify";
    struct Frame {
        position: Vec<Atom>,
        options: Vec<Vec<Atom>>,
        next: usize,
    }
    let expand = |position: Vec<Atom>| -> Result<Frame, EvalError> {
        let mut options = Vec::new();
        graph.moves(&position, &mut options);
        graph.0.checked(Ok::<(), EvalError>(()))?;
        budget.charge(WHAT, 1)?;
        Ok(Frame {
            position,
            options,
            next: 0,
        })
    };
    if let Some(&won) = memo.get(start) {
        return Ok(won);
    }
    let mut stack = vec![expand(start.to_vec())?];
    while let Some(top) = stack.last_mut() {
        budget.tick(WHAT)?;
        let mut verdict = top.options.is_empty().then_some(true);
        while verdict.is_none() && top.next < top.options.len() {
            match memo.get(&top.options[top.next]) {
                Some(false) => verdict = Some(true),
                Some(true) => top.next += 1,
                None => break,
            }
        }
        if verdict.is_none() && top.next == top.options.len() {
            verdict = Some(false);
        }
        match verdict {
            Some(won) => {
                if let Some(done) = stack.pop() {
                    memo.insert(done.position, won);
                }
            }
            None => {
                let child = top.options[top.next].clone();
                stack.push(expand(child)?);
            }
        }
    }
    Ok(memo.get(start).copied().unwrap_or(false))
}

impl Reference {
    fn new(budget: &Budget) -> Reference {
        let limits = *budget.limits();
        Reference {
            limits,
            budget: budget.clone(),
            sums: PlainSearch::with_budget(Sums(AtomRules::whole(&limits)), budget),
            compounds: Vec::new(),
            misere: HashMap::new(),
        }
    }

    fn answer(&mut self, game: &GameExpr) -> Result<Answer, EvalError> {
        if game.is_partizan() {
            return Err(EvalError::NotImpartial(game.to_string()));
        }
        Ok(match game {
            GameExpr::Sum(components) => {
                let start = self.sums.graph().0.position(&impartial(components));
                let outcome = self.sums.outcome(&start, Play::Normal);
                let outcome = self.sums.graph().0.checked(outcome)?;
                let nimber = self.sums.nimber(&start);
                Answer {
                    outcome,
                    nimber: Some(self.sums.graph().0.checked(nimber)?),
                }
            }
            GameExpr::Misere(components) => {
                let start = self.sums.graph().0.position(&impartial(components));
                let won = misere_by_definition(
                    self.sums.graph(),
                    &start,
                    &mut self.misere,
                    &self.budget,
                )?;
                Answer {
                    outcome: if won { Outcome::N } else { Outcome::P },
                    nimber: None,
                }
            }
            GameExpr::Compound { kind, play, parts } => {
                let i = match self.compounds.iter().position(|(k, _)| k == kind) {
                    Some(i) => i,
                    None => {
                        // Listings are admitted by the budget first: thirty
                        // components have 2^30 moves, more than memory holds.
                        let graph = crate::solvers::compound::Guarded::new(
                            Compound::new(Sums(AtomRules::whole(&self.limits)), *kind),
                            &self.budget,
                        );
                        let search = PlainSearch::with_budget(graph, &self.budget);
                        self.compounds.push((*kind, search));
                        self.compounds.len() - 1
                    }
                };
                let search = &mut self.compounds[i].1;
                let rules = AtomRules::whole(&self.limits);
                let starts: Vec<_> = parts
                    .iter()
                    .map(|p| rules.position(&impartial(p)))
                    .collect();
                let outcome = search.outcome(&starts, *play);
                let outcome = search.graph().compound().graph.0.checked(outcome);
                if let Some(e) = search.graph().take_refused() {
                    self.compounds.remove(i);
                    return Err(e.into());
                }
                Answer {
                    outcome: outcome?,
                    nimber: None,
                }
            }
        })
    }
}

type Free = Vec<(usize, usize, Option<u64>)>;

fn collect_free(expr: &Expr, free: &mut Free, reg: &Registry) -> Result<(), ExprError> {
    for term in &expr.terms {
        collect_term(term, free, reg)?;
    }
    Ok(())
}

fn collect_term(term: &Term, free: &mut Free, reg: &Registry) -> Result<(), ExprError> {
    if term.name == "misere" || CompoundKind::named(&term.name).is_some() {
        for arg in term.args.as_deref().unwrap_or(&[]) {
            if let Arg::Expr(e) = arg {
                collect_free(e, free, reg)?;
            }
        }
        return Ok(());
    }
    if term.args.is_some() || term.literal.is_some() || term.name == "0" {
        return Ok(());
    }
    // Validation says what the ruleset is: a piece ranges over squares, a heap game over heaps.
    let (coords, board) = match ruleset(term, reg)? {
        Ruleset::Board(piece) => (2, piece.board()),
        Ruleset::Heap(_) => (1, None),
        Ruleset::Script(game) => match game.coordinates() {
            Some(n) => (n, None),
            None => {
                return Err(ExprError::Invalid {
                    at: term.span.start,
                    problem: format!(
                        "'{}' does not say how many integers its positions hold",
                        term.name
                    ),
                    accepted: format!(
                        "give {} an example() like {}(3,4), whose integers a family ranges over",
                        game.path(),
                        term.name
                    ),
                })
            }
        },
    };
    free.push((term.span.end, coords, board));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The misère reference by the definition gives Bouton's misère Nim on
    /// every sum of three heaps up to 5: P exactly when every heap is at
    /// most 1 and their nim-sum is 1, or some heap is larger and it is 0.
    #[test]
    fn misere_reference_is_boutons_rule_on_nim() {
        let budget = Budget::new(Limits::default());
        let graph = Sums(AtomRules::whole(&Limits::default()));
        let mut memo = HashMap::new();
        for a in 0..=5u64 {
            for b in 0..=5u64 {
                for c in 0..=5u64 {
                    let text = format!("nim({a}) + nim({b}) + nim({c})");
                    let GameExpr::Sum(components) =
                        crate::language::expr::parse_game(&text).unwrap()
                    else {
                        unreachable!()
                    };
                    let start = graph.0.position(&impartial(&components));
                    let won = misere_by_definition(&graph, &start, &mut memo, &budget).unwrap();
                    let x = a ^ b ^ c;
                    let small = a.max(b).max(c) <= 1;
                    let bouton_p = if small { x == 1 } else { x == 0 };
                    assert_eq!(won, !bouton_p, "{text}");
                }
            }
        }
    }

    #[test]
    fn members_are_written_in_order() {
        let f = Family::parse("kayles + queen + nim(3)").unwrap();
        assert_eq!(f.coordinates(), 3);
        assert_eq!(f.member(&[4, 1, 2]), "kayles(4) + queen(1,2) + nim(3)");
        assert_eq!(f.size(9), 1000);
        let f = Family::parse("misere(selective(knight, sub[1,3,4]))").unwrap();
        assert_eq!(
            f.member(&[5, 4, 7]),
            "misere(selective(knight(5,4), sub[1,3,4](7)))"
        );
    }

    #[test]
    fn the_engine_agrees_with_search_on_families() {
        let limits = Limits::default();
        for (text, bound) in [
            ("kayles + dawson", 9),
            ("queen + knight", 4),
            ("misere(nim + nim + kayles)", 4),
            ("selective(sub[1,3,4], king)", 4),
            ("conjunctive(grundy_game, nim)", 7),
            ("piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 5]", 4),
        ] {
            let v = Family::parse(text)
                .unwrap()
                .verify(bound, &Budget::new(limits), &mut |_| {})
                .unwrap();
            assert!(
                matches!(v, FamilyVerdict::Holds { checked } if checked > 0),
                "{text}: {v:?}"
            );
        }
    }

    #[test]
    fn bad_families_are_refused() {
        assert!(Family::parse("nim(3)").is_err());
        assert!(Family::parse("kayles +").is_err());
        assert!(Family::parse("staircase").is_err());
        assert!(Family::parse("frob").is_err());
    }
}
