//! Closed forms for the named pieces: values, outcomes (normal and misère)
//! and winning moves from theory, exact over all of `u64`, so that no table
//! is needed however far the piece stands from the corner.
//!
//! A piece has a closed form when its set of moves is that of a named piece
//! (`rook`, `bishop`, `queen`, `king`, `knight`), whatever it is called: a
//! user's `piece[(-1,0)*,(0,-1)*]` is a rook. A bounded board changes nothing
//! as long as every move goes left and/or down, since such moves never leave
//! the board; a piece with a move up or right has no closed form here.
//!
//! Each form is property-tested against [`BoardTable`](super::BoardTable) and
//! against plain search, in normal and misère play, on every small square.

use super::{wythoff, Piece, Square, Step};
use crate::solvers::bouton::{misere_nim_outcome, misere_nim_winning_moves};
use crate::solvers::search::Play;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;

/// A piece whose game has a closed form, named after the built-in piece
/// with the same moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClosedForm {
    /// Rides left and down: the position *is* Nim with heaps x and y (each
    /// move shrinks one heap), so its value is x ⊕ y (Bouton 1901) and its
    /// misère outcome Bouton's misère rule on \[x, y\].
    Rook,
    /// Rides diagonally toward the corner: from (x,y) the moves are
    /// (x−k, y−k) for 1 ≤ k ≤ min(x,y), so the position *is* one Nim heap of
    /// min(x,y); value min(x,y), misère P iff min(x,y) = 1.
    Bishop,
    /// Wythoff's game: P-positions (⌊nφ⌋, ⌊nφ²⌋) and mirrors, in misère play
    /// with (0,0), (1,2), (2,1) exchanged for (0,1), (1,0), (2,2). Its Grundy
    /// values have no known closed form; they are given here only where they
    /// are 0 and on the edges, where the queen is one Nim heap.
    Queen,
    /// One step left, down or diagonally: value 2·(min(x,y) mod 2) + ((x+y) mod 2).
    ///
    /// *Proof*, by induction on x + y with x ≤ y (the game is symmetric).
    /// Write f = 2p + s with p = x mod 2 and s = (x+y) mod 2.
    /// x = 0: the only move is (0, y−1) of value (y−1) mod 2, so the mex is
    /// y mod 2 = f (and 0 with no move at y = 0). 0 < x < y: the moves
    /// (x−1,y), (x,y−1), (x−1,y−1) keep min as x−1, x, x−1 and flip s, flip s,
    /// keep s, so their values are 2(1−p)+(1−s), 2p+(1−s), 2(1−p)+s: the three
    /// values of {0,1,2,3} other than f, whose mex is f. 0 < x = y: the moves
    /// (x−1,x), (x,x−1), (x−1,x−1) have min x−1 and values 2(1−p)+1 (twice)
    /// and 2(1−p): {1,0} for odd x, mex 2 = f; {3,2} for even x, mex 0 = f.
    ///
    /// *Misère*: P iff (min = 0 and max odd) or (min ≥ 1 and x, y both even).
    /// On an edge the king walks a path, lost in misère play for the player
    /// to move iff its length is odd. Inside (1 ≤ x ≤ y), both even: every
    /// move makes a coordinate odd and keeps min ≥ 1, so lands on N. Not both
    /// even: x, y odd → (x−1,y−1) is interior even-even (x ≥ 3) or (1,y) →
    /// (0,y) an odd path; x odd, y even → (x−1,y) for x ≥ 3, or (1,y) →
    /// (0,y−1) an odd path; x even, y odd → (x,y−1), interior even-even.
    King,
    /// The knight of Knight and Queen, (−1,−2) and (−2,−1): with m = min(x,y),
    /// d = |x−y| and r = m mod 3, the value is r − `[d < r]` (so 0 when r = 0;
    /// 1 − `[d = 0]` when r = 1; 2 − `[d ≤ 1]` when r = 2; `[P]` is 1 if P holds, else 0).
    ///
    /// *Proof*, by induction on x + y with x ≤ y; call g(m,d) that formula.
    /// From (m, m+d) the moves are A = (m−1, m+d−2), which has min m−1 and
    /// difference d−1 when d ≥ 1 (min m−2, difference 1 when d = 0), and
    /// B = (m−2, m+d−1), min m−2 and difference d+1; A needs m ≥ 1 and
    /// m+d ≥ 2, B needs m ≥ 2. d = 0: both moves are (m−2, m−1) up to
    /// mirroring, of value g(m−2, 1), which is 1, 1, 0 for r = 0, 1, 2; the
    /// mex 0, 0, 1 is g(m, 0) (and m ≤ 1 has no move, value 0 = g). d ≥ 1:
    /// r = 0: A has r' = 2 and value ≥ 1, B has r' = 1 and value 1, mex 0.
    /// r = 1: A has r' = 0, value 0; B (if m ≥ 4) r' = 2 with difference ≥ 2,
    /// value 2: mex 1. r = 2: B has r' = 0, value 0; A has r' = 1, value 0
    /// when d = 1 (mex 1 = 2 − 1) and 1 when d ≥ 2 (mex 2).
    ///
    /// *Misère*: P iff the value is 1. A terminal position (value 0) is N; a
    /// position of value 1 has only options of value ≠ 1, all N by induction;
    /// one of value ≥ 2 has an option of value 1 (mex); and every non-terminal
    /// position of value 0 has one too: r = 0 with d ≥ 1 moves by B to r' = 1
    /// with difference ≥ 2 (value 1), r = 0 with d = 0 to g(m−2,1) = 1, and
    /// r = 1 with d = 0 (m ≥ 4) to g(m−2,1) = 1.
    Knight,
}

impl ClosedForm {
    /// Every closed form, in the order of the built-in pieces.
    pub const ALL: [ClosedForm; 5] = [
        ClosedForm::Rook,
        ClosedForm::Bishop,
        ClosedForm::Queen,
        ClosedForm::King,
        ClosedForm::Knight,
    ];

    /// The built-in piece with these moves.
    pub fn piece(self) -> Piece {
        match self {
            ClosedForm::Rook => Piece::rook(),
            ClosedForm::Bishop => Piece::bishop(),
            ClosedForm::Queen => Piece::queen(),
            ClosedForm::King => Piece::king(),
            ClosedForm::Knight => Piece::knight(),
        }
    }

    /// The closed form of `piece`, recognised by its set of moves (the name
    /// does not matter), or `None`. Worked out once, when the piece is built.
    pub fn of(piece: &Piece) -> Option<ClosedForm> {
        piece.closed
    }

    /// The closed form of a set of moves: the built-in pieces' sets, in any
    /// order and with repeats. Each of them moves only left and/or down, so
    /// a piece with a move up or right never matches.
    pub(super) fn of_steps(steps: &[Step]) -> Option<ClosedForm> {
        let mut key: Vec<(i64, i64, bool)> = steps.iter().map(|s| (s.dx, s.dy, s.ride)).collect();
        key.sort();
        key.dedup();
        Some(match key.as_slice() {
            [(-1, 0, true), (0, -1, true)] => ClosedForm::Rook,
            [(-1, -1, true)] => ClosedForm::Bishop,
            [(-1, -1, true), (-1, 0, true), (0, -1, true)] => ClosedForm::Queen,
            [(-1, -1, false), (-1, 0, false), (0, -1, false)] => ClosedForm::King,
            [(-2, -1, false), (-1, -2, false)] => ClosedForm::Knight,
            _ => return None,
        })
    }

    /// The Grundy value of `sq`, or `None` where theory gives none (the
    /// queen's N-positions off the edges).
    pub fn value(self, sq: Square) -> Option<Nimber> {
        let (min, max) = (sq.x.min(sq.y), sq.x.max(sq.y));
        match self {
            ClosedForm::Rook => Some(Nimber(sq.x ^ sq.y)),
            ClosedForm::Bishop => Some(Nimber(min)),
            ClosedForm::Queen if min == 0 => Some(Nimber(max)),
            ClosedForm::Queen if wythoff::wythoff_is_p(sq.x, sq.y) => Some(Nimber(0)),
            ClosedForm::Queen => None,
            ClosedForm::King => Some(Nimber(2 * (min & 1) + ((sq.x ^ sq.y) & 1))),
            ClosedForm::Knight => {
                let r = min % 3;
                Some(Nimber(r - u64::from(max - min < r)))
            }
        }
    }

    /// Who wins from `sq` when this piece is the whole game.
    pub fn outcome(self, sq: Square, play: Play) -> Outcome {
        let p = match (self, play) {
            (ClosedForm::Queen, Play::Normal) => wythoff::wythoff_is_p(sq.x, sq.y),
            (ClosedForm::Queen, Play::Misere) => wythoff::misere_wythoff_is_p(sq.x, sq.y),
            (_, Play::Normal) => self.value(sq) == Some(Nimber(0)),
            (ClosedForm::Rook, Play::Misere) => {
                return misere_nim_outcome(&[sq.x, sq.y]);
            }
            (ClosedForm::Bishop, Play::Misere) => sq.x.min(sq.y) == 1,
            (ClosedForm::King, Play::Misere) => {
                let (min, max) = (sq.x.min(sq.y), sq.x.max(sq.y));
                if min == 0 {
                    max % 2 == 1
                } else {
                    (sq.x | sq.y) & 1 == 0
                }
            }
            (ClosedForm::Knight, Play::Misere) => self.value(sq) == Some(Nimber(1)),
        };
        if p {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The Nim heaps the position *is* (the same game tree, so the same in
    /// misère play and in any sum), leaving out empty heaps: the rook on
    /// (x,y) is \[x, y\], the bishop \[min(x,y)\], the queen on an edge
    /// \[max(x,y)\]. `None` for the other positions, whose values may still
    /// be Nim values but whose game trees are not Nim's.
    pub fn nim_heaps(self, sq: Square) -> Option<Vec<u64>> {
        let heaps = match self {
            ClosedForm::Rook => vec![sq.x, sq.y],
            ClosedForm::Bishop => vec![sq.x.min(sq.y)],
            ClosedForm::Queen if sq.x == 0 || sq.y == 0 => vec![sq.x.max(sq.y)],
            _ => return None,
        };
        Some(heaps.into_iter().filter(|&h| h > 0).collect())
    }

    /// Every option of `sq` whose Grundy value is `target`, sorted: what a
    /// winning move in a sum needs (move this component to the value that
    /// makes the nim-sum 0). `None` where theory does not say (the queen,
    /// off the edges, for a target other than 0).
    pub fn options_with_value(self, sq: Square, target: Nimber) -> Option<Vec<Square>> {
        let Square { x, y } = sq;
        let t = target.0;
        let mut out = Vec::new();
        match self {
            ClosedForm::Rook => {
                // Bouton: the heap that becomes t ^ (other heap), if that shrinks it.
                if t ^ y < x {
                    out.push(Square { x: t ^ y, y });
                }
                if t ^ x < y {
                    out.push(Square { x, y: t ^ x });
                }
            }
            ClosedForm::Bishop => {
                let m = x.min(y);
                if t < m {
                    let k = m - t;
                    out.push(Square { x: x - k, y: y - k });
                }
            }
            ClosedForm::Queen if t == 0 => out = wythoff::wythoff_winning_moves(x, y),
            ClosedForm::Queen if x == 0 || y == 0 => {
                // One heap along the edge: the option of value t is the square t from the corner.
                if t < x.max(y) {
                    out.push(if x == 0 {
                        Square { x, y: t }
                    } else {
                        Square { x: t, y }
                    });
                }
            }
            ClosedForm::Queen => return None,
            ClosedForm::King | ClosedForm::Knight => {
                out = self
                    .leaps(sq)
                    .filter(|&o| self.value(o) == Some(target))
                    .collect();
            }
        }
        out.sort();
        out.dedup();
        Some(out)
    }

    /// Every winning move from `sq` when this piece is the whole game: the
    /// options that are P-positions, sorted. Empty when `sq` is a
    /// P-position (or terminal in misère play, where the mover has won).
    pub fn winning_moves(self, sq: Square, play: Play) -> Vec<Square> {
        let Square { x, y } = sq;
        let mut out = match (self, play) {
            // Every form answers for the target 0 (the queen by Wythoff's pairs).
            (_, Play::Normal) => self.options_with_value(sq, Nimber(0)).unwrap_or_default(),
            (ClosedForm::Queen, Play::Misere) => wythoff::misere_wythoff_winning_moves(x, y),
            (ClosedForm::Rook, Play::Misere) => misere_nim_winning_moves(&[x, y])
                .into_iter()
                .map(|(heap, to)| match heap {
                    0 => Square { x: to, y },
                    _ => Square { x, y: to },
                })
                .collect(),
            (ClosedForm::Bishop, Play::Misere) => {
                // One heap of m: leave exactly one token.
                let m = x.min(y);
                if m >= 2 {
                    let k = m - 1;
                    vec![Square { x: x - k, y: y - k }]
                } else {
                    vec![]
                }
            }
            (ClosedForm::King | ClosedForm::Knight, Play::Misere) => self
                .leaps(sq)
                .filter(|&o| self.outcome(o, Play::Misere) == Outcome::P)
                .collect(),
        };
        out.sort();
        out.dedup();
        out
    }

    /// The options of the king and the knight (at most three squares).
    fn leaps(self, sq: Square) -> impl Iterator<Item = Square> {
        let steps: &[(u64, u64)] = match self {
            ClosedForm::King => &[(1, 0), (0, 1), (1, 1)],
            ClosedForm::Knight => &[(1, 2), (2, 1)],
            _ => &[],
        };
        steps.iter().filter_map(move |&(dx, dy)| {
            Some(Square {
                x: sq.x.checked_sub(dx)?,
                y: sq.y.checked_sub(dy)?,
            })
        })
    }
}

/// The closed forms, reached from a piece. Each answers `None` when the piece
/// has no closed form (see [`ClosedForm::of`]) or `sq` is off its board.
impl Piece {
    /// The closed form of this piece's moves, if it has one.
    pub fn closed_form(&self) -> Option<ClosedForm> {
        self.closed
    }

    fn closed_on(&self, sq: Square) -> Option<ClosedForm> {
        self.check_square(sq).ok()?;
        self.closed_form()
    }

    /// The Grundy value of `sq` by theory ([`ClosedForm::value`]).
    pub fn closed_value(&self, sq: Square) -> Option<Nimber> {
        self.closed_on(sq)?.value(sq)
    }

    /// The outcome of this piece alone on `sq` ([`ClosedForm::outcome`]).
    pub fn closed_outcome(&self, sq: Square, play: Play) -> Option<Outcome> {
        Some(self.closed_on(sq)?.outcome(sq, play))
    }

    /// The Nim heaps the position is ([`ClosedForm::nim_heaps`]).
    pub fn nim_heaps(&self, sq: Square) -> Option<Vec<u64>> {
        self.closed_on(sq)?.nim_heaps(sq)
    }

    /// The options of `sq` of value `target` ([`ClosedForm::options_with_value`]).
    pub fn closed_options_with_value(&self, sq: Square, target: Nimber) -> Option<Vec<Square>> {
        self.closed_on(sq)?.options_with_value(sq, target)
    }

    /// The winning moves of this piece alone on `sq` ([`ClosedForm::winning_moves`]).
    pub fn closed_winning_moves(&self, sq: Square, play: Play) -> Option<Vec<Square>> {
        Some(self.closed_on(sq)?.winning_moves(sq, play))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardTable;
    use crate::solvers::search::{PlainSearch, SearchConfig};
    use crate::vocab::limits::Limits;
    use crate::vocab::rules::{Rules, Sums};
    use proptest::prelude::*;

    const N: u64 = 64;

    fn all_squares(n: u64) -> impl Iterator<Item = Square> {
        (0..n).flat_map(move |x| (0..n).map(move |y| Square { x, y }))
    }

    fn options(piece: &Piece, sq: Square) -> Vec<Square> {
        let mut out = Vec::new();
        piece.options(&sq, &mut |o| out.push(o[0]));
        out.sort();
        out.dedup();
        out
    }

    /// Misère outcomes of a lone piece on every square of the n×n corner, by
    /// the definition (no move: the player to move wins).
    fn misere_table(piece: &Piece, n: u64) -> Vec<Vec<Outcome>> {
        let mut t = vec![vec![Outcome::N; n as usize]; n as usize];
        for sq in all_squares(n) {
            let opts = options(piece, sq);
            let lost = !opts.is_empty()
                && opts
                    .iter()
                    .all(|o| t[o.x as usize][o.y as usize] == Outcome::N);
            if lost {
                t[sq.x as usize][sq.y as usize] = Outcome::P;
            }
        }
        t
    }

    /// Every closed form against the table (normal) and the misère table, on
    /// every square of the 64×64 corner: values, outcomes, options of each
    /// value, winning moves, heaps.
    #[test]
    fn closed_forms_equal_the_tables_on_every_small_square() {
        for form in ClosedForm::ALL {
            let piece = form.piece();
            assert_eq!(piece.closed_form(), Some(form));
            let table = BoardTable::compute(&piece, N, &Limits::default()).unwrap();
            let misere = misere_table(&piece, N);
            for sq in all_squares(N) {
                let v = Nimber(table.get(sq).unwrap() as u64);
                let opts = options(&piece, sq);
                let value_of = |o: &Square| Nimber(table.get(*o).unwrap() as u64);
                match piece.closed_value(sq) {
                    Some(c) => assert_eq!(c, v, "{form:?} value at {sq:?}"),
                    None => assert_eq!(form, ClosedForm::Queen, "{sq:?}"),
                }
                let normal = if v.is_zero() { Outcome::P } else { Outcome::N };
                assert_eq!(piece.closed_outcome(sq, Play::Normal), Some(normal));
                let m = misere[sq.x as usize][sq.y as usize];
                assert_eq!(
                    piece.closed_outcome(sq, Play::Misere),
                    Some(m),
                    "{form:?} misère at {sq:?}"
                );
                let mut targets: Vec<u64> = opts.iter().map(|o| value_of(o).0).collect();
                targets.extend([v.0, v.0 + 1]);
                targets.sort();
                targets.dedup();
                for t in targets {
                    let want: Vec<Square> = opts
                        .iter()
                        .copied()
                        .filter(|o| value_of(o).0 == t)
                        .collect();
                    match piece.closed_options_with_value(sq, Nimber(t)) {
                        Some(got) => assert_eq!(got, want, "{form:?} {sq:?} to *{t}"),
                        None => assert!(form == ClosedForm::Queen && t != 0),
                    }
                }
                let win: Vec<Square> = opts
                    .iter()
                    .copied()
                    .filter(|o| value_of(o).is_zero())
                    .collect();
                assert_eq!(piece.closed_winning_moves(sq, Play::Normal), Some(win));
                let win: Vec<Square> = opts
                    .iter()
                    .copied()
                    .filter(|o| misere[o.x as usize][o.y as usize] == Outcome::P)
                    .collect();
                assert_eq!(
                    piece.closed_winning_moves(sq, Play::Misere),
                    Some(win),
                    "{form:?} misère moves at {sq:?}"
                );
                if let Some(heaps) = piece.nim_heaps(sq) {
                    assert_eq!(crate::solvers::bouton::nim_value(&heaps), v);
                    assert_eq!(
                        crate::solvers::bouton::misere_nim_outcome(&heaps),
                        m,
                        "{form:?} {sq:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn heaps_are_given_exactly_where_the_game_is_nim() {
        let sq = |x, y| Square { x, y };
        assert_eq!(Piece::rook().nim_heaps(sq(3, 0)), Some(vec![3]));
        assert_eq!(Piece::rook().nim_heaps(sq(3, 5)), Some(vec![3, 5]));
        assert_eq!(Piece::bishop().nim_heaps(sq(7, 2)), Some(vec![2]));
        assert_eq!(Piece::queen().nim_heaps(sq(0, 9)), Some(vec![9]));
        assert_eq!(Piece::queen().nim_heaps(sq(1, 9)), None);
        assert_eq!(Piece::king().nim_heaps(sq(0, 2)), None);
        assert_eq!(Piece::knight().nim_heaps(sq(4, 4)), None);
    }

    #[test]
    fn pieces_are_recognised_by_their_moves_not_their_names() {
        let step = |dx, dy, ride| Step { dx, dy, ride };
        let user_rook = Piece::new(vec![step(0, -1, true), step(-1, 0, true)], None).unwrap();
        assert_eq!(user_rook.closed_form(), Some(ClosedForm::Rook));
        // On a bounded board, moves toward the corner never leave it.
        let bounded_knight =
            Piece::new(vec![step(-2, -1, false), step(-1, -2, false)], Some(8)).unwrap();
        assert_eq!(bounded_knight.closed_form(), Some(ClosedForm::Knight));
        let sq = Square { x: 7, y: 7 };
        assert_eq!(
            bounded_knight.closed_value(sq),
            Piece::knight().closed_value(sq)
        );
        // Off the board: no answer (the table path reports the error).
        assert_eq!(bounded_knight.closed_value(Square { x: 8, y: 0 }), None);
        // A move up, a missing move, a leap instead of a ride: no closed form.
        for steps in [
            vec![step(-1, 0, true), step(0, 1, true)],
            vec![step(-1, 0, true)],
            vec![step(-1, 0, false), step(0, -1, true)],
            vec![
                step(-1, -2, false),
                step(-2, -1, false),
                step(-1, -1, false),
            ],
        ] {
            let p = Piece::new(steps, Some(8)).unwrap();
            assert_eq!(p.closed_form(), None, "{p}");
        }
    }

    /// The inputs: answers at 10^12 and at the top of u64, with no table.
    #[test]
    fn far_squares_answer_by_theory() {
        let t = 1_000_000_000_000u64;
        let m = u64::MAX;
        let sq = |x, y| Square { x, y };
        assert_eq!(Piece::rook().closed_value(sq(t, t)), Some(Nimber(0)));
        assert_eq!(
            Piece::rook().closed_outcome(sq(t, t), Play::Misere),
            Some(Outcome::P)
        );
        assert_eq!(Piece::rook().closed_value(sq(m, 0)), Some(Nimber(m)));
        assert_eq!(Piece::bishop().closed_value(sq(m, m)), Some(Nimber(m)));
        // min m − 1 is even and x + y odd.
        assert_eq!(Piece::king().closed_value(sq(m, m - 1)), Some(Nimber(1)));
        assert_eq!(Piece::king().closed_value(sq(m, m)), Some(Nimber(2)));
        assert_eq!(Piece::knight().closed_value(sq(m, m)), Some(Nimber(0)));
        // Queen: (t, t) is N; its winning moves include (0,0) on the diagonal.
        let q = Piece::queen();
        assert_eq!(q.closed_outcome(sq(t, t), Play::Normal), Some(Outcome::N));
        let moves = q.closed_winning_moves(sq(t, t), Play::Normal).unwrap();
        assert!(moves.contains(&sq(0, 0)));
        for s in &moves {
            assert!(wythoff::wythoff_is_p(s.x, s.y));
        }
        let moves = q.closed_winning_moves(sq(m, m - 7), Play::Misere).unwrap();
        assert!(!moves.is_empty());
        for s in &moves {
            assert!(wythoff::misere_wythoff_is_p(s.x, s.y));
        }
    }

    proptest! {
        /// Plain search of sums of two pieces against the nim-sum of the
        /// closed values and, for Nim-like pieces, Bouton's misère rule on the
        /// combined heaps.
        #[test]
        fn sums_agree_with_plain_search(
            a in 0usize..5, b in 0usize..5,
            x1 in 0u64..9, y1 in 0u64..9, x2 in 0u64..9, y2 in 0u64..9,
        ) {
            let (fa, fb) = (ClosedForm::ALL[a], ClosedForm::ALL[b]);
            let (sa, sb) = (Square { x: x1, y: y1 }, Square { x: x2, y: y2 });
            let (va, vb) = (fa.value(sa), fb.value(sb));
            if fa == fb {
                let mut s = PlainSearch::new(Sums(fa.piece()), SearchConfig::default());
                let pos = Sums::<Piece>::position(vec![sa, sb]);
                if let (Some(va), Some(vb)) = (va, vb) {
                    prop_assert_eq!(s.nimber(&pos).unwrap(), va ^ vb);
                }
                if let (Some(ha), Some(hb)) = (fa.nim_heaps(sa), fb.nim_heaps(sb)) {
                    let heaps: Vec<u64> = ha.into_iter().chain(hb).collect();
                    prop_assert_eq!(
                        s.outcome(&pos, Play::Misere).unwrap(),
                        crate::solvers::bouton::misere_nim_outcome(&heaps)
                    );
                }
            }
            // A lone piece: plain search in both plays.
            let mut s = PlainSearch::new(Sums(fa.piece()), SearchConfig::default());
            for play in [Play::Normal, Play::Misere] {
                prop_assert_eq!(s.outcome(&vec![sa], play).unwrap(), fa.outcome(sa, play));
            }
        }
    }
}
