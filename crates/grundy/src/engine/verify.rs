//! Checking a claim — a closed form, a conjectured rule, a fast solver —
//! against plain search on a family of positions.
//!
//! The full explanation is on [`verify_outcomes`], the public face of this module.

use crate::solvers::loopy::{analyse_loopy, LoopyAnalysis, LoopyConfig, LoopyError, LoopyOutcome};
use crate::solvers::search::{PlainSearch, Play, SearchError};
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;
use crate::vocab::rules::GameGraph;

/// The result of checking a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<P, T> {
    /// The claim agreed with plain search on every position of the family.
    Holds {
        /// How many positions were checked.
        checked: usize,
    },
    /// The first position where the claim and plain search disagree.
    Refuted {
        /// The counterexample.
        position: P,
        /// What the claim said.
        claimed: T,
        /// What plain search found.
        actual: T,
        /// How many positions agreed before this one.
        checked: usize,
    },
}

impl<P, T> Verdict<P, T> {
    /// Whether the claim held on the whole family.
    pub fn holds(&self) -> bool {
        matches!(self, Verdict::Holds { .. })
    }
}

/// Checks `claim` (the outcome under `play` by a fast path) against plain
/// search on every position of `family`, stopping at the first disagreement.
///
/// Fails only if plain search does (position limit, cycle).
///
/// A rule for who wins is only as good as the positions it was checked on.
/// [`verify_outcomes`] and [`verify_nimbers`] run the claim and
/// [`PlainSearch`] side by side over any iterator of positions and stop at
/// the first disagreement, which they return with both answers; otherwise
/// they report how many positions agreed.
///
/// Left Right (LightOJ 1192, seed 004): pieces alternate gray, white, gray,
/// white… on a line; Alice moves a gray piece right, Bob a white piece left,
/// never jumping. Each gray piece and the white piece after it enclose a gap
/// that either player can shrink, so the claim is that the player to move
/// wins iff the XOR of the gaps is not 0. A wrong claim — the *sum* of the
/// gaps is odd — is refuted with a position that shows why:
///
/// ```
/// use grundy::gaps::{LeftRight, LeftRightPosition};
/// use grundy::{engine::verify::verify_outcomes, Outcome, solvers::search::PlainSearch, solvers::search::Play, Player, solvers::search::SearchConfig, engine::verify::Verdict};
///
/// // Every position with two pairs of pieces inside cells 0..7, Alice to move.
/// let family = (0u64..7).flat_map(|a| (a + 1..7).flat_map(move |b|
///     (b + 1..7).flat_map(move |c| (c + 1..7).map(move |d|
///         LeftRightPosition { cells: vec![a, b, c, d], to_move: Player::Left }))));
/// let xor_rule = |p: &LeftRightPosition| {
///     let x = p.gaps().fold(0, |x, g| x ^ g);
///     if x == 0 { Outcome::P } else { Outcome::N }
/// };
/// let mut search = PlainSearch::new(LeftRight, SearchConfig::default());
/// let verdict = verify_outcomes(&mut search, family.clone(), Play::Normal, xor_rule)?;
/// assert_eq!(verdict, Verdict::Holds { checked: 35 });
///
/// let parity_rule = |p: &LeftRightPosition| {
///     if p.gaps().sum::<u64>() % 2 == 0 { Outcome::P } else { Outcome::N }
/// };
/// let verdict = verify_outcomes(&mut search, family, Play::Normal, parity_rule)?;
/// assert!(matches!(verdict, Verdict::Refuted { claimed: Outcome::P, actual: Outcome::N, .. }));
/// # Ok::<(), grundy::solvers::search::SearchError>(())
/// ```
pub fn verify_outcomes<G, I, F>(
    search: &mut PlainSearch<G>,
    family: I,
    play: Play,
    mut claim: F,
) -> Result<Verdict<G::Position, Outcome>, SearchError>
where
    G: GameGraph,
    I: IntoIterator<Item = G::Position>,
    F: FnMut(&G::Position) -> Outcome,
{
    verify_with(search, family, &mut claim, |s, p| s.outcome(p, play))
}

/// Checks `claim` (the Grundy value by a fast path) against plain search on
/// every position of `family`, stopping at the first disagreement.
pub fn verify_nimbers<G, I, F>(
    search: &mut PlainSearch<G>,
    family: I,
    mut claim: F,
) -> Result<Verdict<G::Position, Nimber>, SearchError>
where
    G: GameGraph,
    I: IntoIterator<Item = G::Position>,
    F: FnMut(&G::Position) -> Nimber,
{
    verify_with(search, family, &mut claim, |s, p| s.nimber(p))
}

/// Checks `claim` about a loopy game (win, loss or draw for the player to
/// move) against retrograde analysis of the game graph on every position of
/// `family`: the brute force for games whose positions can repeat, where
/// plain search would report a cycle.
///
/// One analysis covers every position reachable from where it started, so a
/// family member already reached by an earlier analysis costs no new search.
///
/// Incredible Chess (LightOJ 1186, seed 004) is Northcott's game: pawns may
/// retreat, so positions repeat. The claim that the player to move wins iff
/// the XOR of the gaps is not 0 holds (and so no position is a draw); a
/// claim that only the parity of the total gap matters is refuted:
///
/// ```
/// use grundy::gaps::{Northcott, NorthcottPosition};
/// use grundy::{engine::verify::verify_loopy_outcomes, solvers::loopy::LoopyConfig, solvers::loopy::LoopyOutcome, solvers::search::Play, Player};
///
/// let rows = 5;
/// let family: Vec<NorthcottPosition> = (0..rows).flat_map(|w1| (w1 + 1..rows).flat_map(move |b1|
///     (0..rows).flat_map(move |w2| (w2 + 1..rows).map(move |b2|
///         NorthcottPosition::new(vec![(w1, b1), (w2, b2)], rows, Player::Left).unwrap()))))
///     .collect();
/// let xor_of_gaps = |p: &NorthcottPosition| {
///     let x = p.columns.iter().fold(0, |x, &(w, b)| x ^ (b - w - 1));
///     if x != 0 { LoopyOutcome::Win } else { LoopyOutcome::Loss }
/// };
/// let v = verify_loopy_outcomes(&Northcott { rows }, family.clone(), Play::Normal, &LoopyConfig::default(), xor_of_gaps)?;
/// assert!(v.holds());
///
/// // A wrong claim: "the player to move wins iff the total gap is odd".
/// let parity = |p: &NorthcottPosition| {
///     let sum: u64 = p.columns.iter().map(|&(w, b)| b - w - 1).sum();
///     if sum % 2 == 1 { LoopyOutcome::Win } else { LoopyOutcome::Loss }
/// };
/// let v = verify_loopy_outcomes(&Northcott { rows }, family, Play::Normal, &LoopyConfig::default(), parity)?;
/// assert!(!v.holds());
/// # Ok::<(), grundy::solvers::loopy::LoopyError>(())
/// ```
pub fn verify_loopy_outcomes<G, I, F>(
    graph: &G,
    family: I,
    play: Play,
    config: &LoopyConfig,
    mut claim: F,
) -> Result<Verdict<G::Position, LoopyOutcome>, LoopyError>
where
    G: GameGraph,
    I: IntoIterator<Item = G::Position>,
    F: FnMut(&G::Position) -> LoopyOutcome,
{
    let mut analyses: Vec<LoopyAnalysis<G::Position>> = Vec::new();
    check_each(family, &mut claim, |position| {
        if let Some(o) = analyses.iter().find_map(|a| a.outcome(position)) {
            return Ok(o);
        }
        let a = analyse_loopy(graph, position, play, config)?;
        let o = a.outcome(position).expect("the start position is analysed");
        analyses.push(a);
        Ok(o)
    })
}

fn verify_with<G, I, T, F>(
    search: &mut PlainSearch<G>,
    family: I,
    claim: &mut F,
    mut reference: impl FnMut(&mut PlainSearch<G>, &G::Position) -> Result<T, SearchError>,
) -> Result<Verdict<G::Position, T>, SearchError>
where
    G: GameGraph,
    I: IntoIterator<Item = G::Position>,
    T: PartialEq,
    F: FnMut(&G::Position) -> T,
{
    check_each(family, claim, |p| reference(search, p))
}

/// The claim against the reference on each position, stopping at the first
/// disagreement: the loop every verifier shares.
fn check_each<P, I, T, E>(
    family: I,
    claim: &mut impl FnMut(&P) -> T,
    mut reference: impl FnMut(&P) -> Result<T, E>,
) -> Result<Verdict<P, T>, E>
where
    I: IntoIterator<Item = P>,
    T: PartialEq,
{
    let mut checked = 0;
    for position in family {
        let claimed = claim(&position);
        let actual = reference(&position)?;
        if claimed != actual {
            return Ok(Verdict::Refuted {
                position,
                claimed,
                actual,
                checked,
            });
        }
        checked += 1;
    }
    Ok(Verdict::Holds { checked })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::SearchConfig;

    use crate::solvers::search::tests::Subtraction;

    #[test]
    fn seed_001_game_take_1_3_4_has_period_7() {
        // Seed 001: with moves 1, 3, 4 the P-positions are n = 0, 2 mod 7.
        let mut s = PlainSearch::new(Subtraction(vec![1, 3, 4]), SearchConfig::default());
        let rule = |&n: &u32| {
            if n % 7 == 0 || n % 7 == 2 {
                Outcome::P
            } else {
                Outcome::N
            }
        };
        assert_eq!(
            verify_outcomes(&mut s, 0..500, Play::Normal, rule).unwrap(),
            Verdict::Holds { checked: 500 }
        );
        // A wrong period is caught, at the first n where it differs.
        let wrong = |&n: &u32| {
            if n % 6 == 0 || n % 6 == 2 {
                Outcome::P
            } else {
                Outcome::N
            }
        };
        assert_eq!(
            verify_outcomes(&mut s, 0..500, Play::Normal, wrong).unwrap(),
            Verdict::Refuted {
                position: 6,
                claimed: Outcome::P,
                actual: Outcome::N,
                checked: 6
            }
        );
    }

    #[test]
    fn nimber_claims() {
        // Subtraction {1, 2}: G(n) = n mod 3.
        let mut s = PlainSearch::new(Subtraction(vec![1, 2]), SearchConfig::default());
        let v = verify_nimbers(&mut s, 0..100, |&n| Nimber(u64::from(n % 3))).unwrap();
        assert!(v.holds());
        let v = verify_nimbers(&mut s, 0..100, |&n| Nimber(u64::from(n % 3 != 0))).unwrap();
        assert!(matches!(v, Verdict::Refuted { position: 2, .. }));
    }

    #[test]
    fn search_errors_pass_through() {
        let mut s = PlainSearch::new(Subtraction(vec![1]), SearchConfig::with_max_positions(10));
        let e = verify_outcomes(&mut s, [100], Play::Normal, |_| Outcome::P).unwrap_err();
        assert!(matches!(
            e,
            SearchError::Limit(crate::vocab::limits::LimitError::Positions { limit: 10, .. })
        ));
    }
}
