//! What holds on a computed table of Grundy values of a game on two integers:
//! the second step of "compute the values by brute force, look for the
//! pattern, then prove it".
//!
//! ```
//! use grundy::board::find_table_patterns;
//! // The rook moving toward the corner is Nim with heaps x and y.
//! let table: Vec<Vec<u64>> = (0..8).map(|x| (0..8).map(|y| x ^ y).collect()).collect();
//! let found = find_table_patterns(&table).unwrap();
//! assert_eq!(found[0].to_string(), "G(x,y) = x xor y on 0<=x<8, 0<=y<8");
//! ```
//!
//! # What a finding means
//!
//! A [`TablePattern`] is an *observation*: a formula together with the
//! rectangle `0 <= x < rows`, `0 <= y < cols` on which every cell was
//! checked. Nothing here proves that it holds beyond that rectangle; turning
//! a finding into a theorem is the third step (for the named pieces, see
//! [`ClosedForm`](super::ClosedForm), whose forms are proved by induction).
//!
//! So that a coincidence on a few cells is not reported as a pattern, every
//! finding needs at least [`MIN_WITNESSES`] cells (or rows, or pairs) that
//! the formula predicts from other cells, and every period needs two full
//! periods after its preperiod on each line it is claimed for.
//!
//! # Input
//!
//! Row `x` of the input is `G(x, 0), G(x, 1), …`. An empty table, or one
//! whose rows are empty, has no findings; rows of different lengths are an
//! error ([`PatternError::Ragged`]), never a panic.
//!
//! # Cost
//!
//! Most detectors read the table a bounded number of times (the modular one
//! up to 144 times, once per pair of moduli). The periodic ones try each
//! period up to half a line and at most [`MAX_LINE_PERIOD`], reading the
//! lines from their end until a mismatch; the rows and columns stop as soon
//! as one period covers every line. The columns are read from a transposed
//! copy of the table. A constant table is reported once, as
//! `G(x,y) = c`, not again as a nim-sum or a function of x+y.

use std::fmt;

/// The fewest cells (or lines, or pairs) a finding must predict from other
/// cells before it is reported.
pub const MIN_WITNESSES: usize = 3;

/// The largest modulus tried by the modular detectors.
pub const MAX_MODULUS: usize = 12;

/// The longest period tried along a line (a row, a column, or the
/// functions of one argument), which bounds the periodic detectors' work by
/// `MAX_LINE_PERIOD` readings of each line.
pub const MAX_LINE_PERIOD: usize = 1024;

/// The most lines the P-positions may need before "they lie on lines" stops
/// being a pattern.
pub const MAX_ZERO_LINES: usize = 4;

/// Why a table could not be examined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Not every row has the length of the first.
    #[error(
        "row {row} has {len} values but row 0 has {expected}: a table's rows must all have \
         the same length (cut the table to a rectangle)"
    )]
    Ragged {
        /// The first row of another length.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
}

/// One finding on a table: a formula, and the rectangle `0 <= x < rows`,
/// `0 <= y < cols` where it was checked cell by cell. Observed, never proved.
///
/// Displays as one line, such as
/// `G(x,y) = x xor y on 0<=x<20, 0<=y<20`; serialises as its fields, with
/// that line as `statement`.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePattern {
    /// Rows (values of x) checked: `0..rows`.
    pub rows: u64,
    /// Columns (values of y) checked: `0..cols`.
    pub cols: u64,
    /// What holds there.
    pub kind: PatternKind,
}

/// The formula of a [`TablePattern`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "pattern", rename_all = "snake_case")]
pub enum PatternKind {
    /// `G(x,y) = f(x) xor g(y) xor constant`, with `constant = G(0,0)`,
    /// `f(x) = G(x,0) xor constant` and `g(y) = G(0,y) xor constant` (so
    /// `f(0) = g(0) = 0`): the game is (up to the constant) the sum of a
    /// game on x and a game on y. The constant is 0 whenever (0,0) is
    /// terminal, and then f and g are the column `y = 0` and the row `x = 0`.
    NimSum {
        /// The column `y = 0`, xor `constant`.
        f: Coordinate,
        /// The row `x = 0`, xor `constant`.
        g: Coordinate,
        /// `G(0,0)`, 0 whenever (0,0) is terminal.
        constant: u64,
    },
    /// Every line along `axis` is eventually (arithmetic-)periodic with one
    /// common period and saltus: for rows, `G(x, y + period) = G(x, y) +
    /// saltus` from the start `from`. The finding's range keeps only the
    /// lines, counted from line 0, on which the period shows: lines whose
    /// preperiod leaves less than two periods are cut off (for a pattern
    /// starting past the diagonal, the last rows of a square table).
    PeriodicLines {
        /// Rows (periodic in y) or columns (periodic in x).
        axis: Axis,
        /// The common period.
        period: u64,
        /// The common saltus, 0 for plain periodicity.
        saltus: u64,
        /// Where the period starts on each line.
        from: Preperiod,
    },
    /// `G(x,y) = G(y,x)` on the square part of the table.
    Symmetric,
    /// Every P-position (`G = 0`) lies on one of a few lines.
    ZerosOnLines {
        /// How many P-positions the table has.
        zeros: u64,
        /// The fewest lines that hold them all, each with at least
        /// [`MIN_WITNESSES`] of them.
        lines: Vec<ZeroLine>,
    },
    /// The P-positions are exactly the pairs `(⌊kα⌋, ⌊kβ⌋)` and their
    /// mirrors, with `β = α + d` and `1/α + 1/β = 1`, for `0 <= k <= last_k`:
    /// the pairs of a Wythoff-like game, where `a_k` is the least number not
    /// in an earlier pair and `b_k = a_k + k·d` (Fraenkel 1982).
    BeattyPairs {
        /// `b_k − a_k = k·d`; 1 for Wythoff's game.
        d: u64,
        /// `α = (2 − d + √(d² + 4)) / 2`, the golden ratio φ for `d = 1`.
        alpha: f64,
        /// The last `k` whose pair (or its mirror) lies in the table.
        last_k: u64,
    },
    /// `G(x,y) = block[x mod m][y mod n]`, with `m × n` the block's size,
    /// the smallest (by area) that fits.
    Modular {
        /// The values on `0 <= x < m`, `0 <= y < n`.
        block: Vec<Vec<u64>>,
    },
    /// `G(x,y) = 0` exactly when `(x mod m, y mod n)` is one of `residues`
    /// (reported only when the values themselves are not modular).
    ZerosModular {
        /// The modulus of x.
        m: u64,
        /// The modulus of y.
        n: u64,
        /// The residue pairs of the P-positions, sorted.
        residues: Vec<(u64, u64)>,
    },
    /// `G(x,y) = h(of(x,y))`: the value depends only on x+y, |x−y|,
    /// min(x,y) or max(x,y).
    FunctionOf {
        /// What the value depends on.
        of: Combination,
        /// `h(0), h(1), …` up to the largest argument in the table.
        h: Coordinate,
    },
}

/// A function of one integer read off the table, with its period if one
/// shows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Coordinate {
    /// Its values from argument 0.
    pub values: Vec<u64>,
    /// The period seen in `values`, if any.
    pub period: Option<ObservedPeriod>,
}

impl Coordinate {
    fn new(values: Vec<u64>) -> Coordinate {
        let period = observed_period(&values);
        Coordinate { values, period }
    }

    /// Whether the values are `0, 1, 2, …`.
    pub fn is_identity(&self) -> bool {
        self.values.iter().zip(0u64..).all(|(&v, n)| v == n)
    }

    /// Whether every value is 0.
    pub fn is_zero(&self) -> bool {
        self.values.iter().all(|&v| v == 0)
    }
}

/// `v(n + period) = v(n) + saltus` for every `n >= preperiod` that the values
/// cover, with at least two full periods seen after the preperiod. Observed,
/// not proved (compare [`Periodicity`](crate::takebreak::Periodicity), which the
/// Guy–Smith theorem can prove for heap games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ObservedPeriod {
    /// The first argument from which the pattern holds.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// 0 for plain periodicity.
    pub saltus: u64,
}

/// The lines a [`PatternKind::PeriodicLines`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Each row `x`, as a sequence in y.
    Rows,
    /// Each column `y`, as a sequence in x.
    Columns,
}

/// Where the period of every line starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Preperiod {
    /// From the same position on every line: `y >= q` for rows.
    Fixed(u64),
    /// From a position that moves with the line, `c` past the diagonal:
    /// `y >= x + c` for rows, `x >= y + c` for columns. Stated when it
    /// claims the period on more cells than the fixed start does: when the
    /// preperiods grow along the diagonal, as they do for pieces whose
    /// values change near `x = y`.
    Diagonal(u64),
}

/// What a [`PatternKind::FunctionOf`] depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Combination {
    /// `x + y`.
    Sum,
    /// `|x − y|`.
    Difference,
    /// `min(x, y)`.
    Min,
    /// `max(x, y)`.
    Max,
}

impl Combination {
    const ALL: [Combination; 4] = [
        Combination::Sum,
        Combination::Difference,
        Combination::Min,
        Combination::Max,
    ];

    fn of(self, x: usize, y: usize) -> usize {
        match self {
            Combination::Sum => x + y,
            Combination::Difference => x.abs_diff(y),
            Combination::Min => x.min(y),
            Combination::Max => x.max(y),
        }
    }
}

/// The line `a·x + b·y = c` (coefficients without a common factor, `b > 0`,
/// or `b = 0` and `a = 1`) and the P-positions on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ZeroLine {
    /// Coefficient of x.
    pub a: i64,
    /// Coefficient of y.
    pub b: i64,
    /// The constant.
    pub c: i64,
    /// P-positions on the line.
    pub zeros: u64,
    /// Cells of the line inside the table: `zeros == cells` means every
    /// cell of the line is a P-position.
    pub cells: u64,
}

/// Every pattern found on `table` (row x, column y), in the order of the
/// detectors: nim-sum, periodic rows, periodic columns, symmetry, P-positions
/// on lines, Beatty pairs, modular values (or else modular P-positions),
/// and functions of x+y, |x−y|, min and max.
///
/// An empty table, or one with empty rows, gives no findings; rows of
/// different lengths give [`PatternError::Ragged`].
pub fn find_table_patterns(table: &[Vec<u64>]) -> Result<Vec<TablePattern>, PatternError> {
    let Some(grid) = Grid::new(table)? else {
        return Ok(Vec::new());
    };
    let transposed: Vec<Vec<u64>> = (0..grid.cols)
        .map(|y| (0..grid.rows).map(|x| grid.at(x, y)).collect())
        .collect();
    let columns = Grid {
        rows: grid.cols,
        cols: grid.rows,
        cells: &transposed,
    };
    let mut found = Vec::new();
    found.extend(nim_sum(&grid));
    found.extend(periodic_lines(&grid, Axis::Rows));
    found.extend(periodic_lines(&columns, Axis::Columns));
    found.extend(symmetric(&grid));
    found.extend(zeros_on_lines(&grid));
    found.extend(beatty_pairs(&grid));
    found.extend(modular(&grid).or_else(|| zeros_modular(&grid)));
    found.extend(
        Combination::ALL
            .iter()
            .filter_map(|&c| function_of(&grid, c)),
    );
    Ok(found)
}

/// A validated, non-empty rectangular table.
struct Grid<'a> {
    rows: usize,
    cols: usize,
    cells: &'a [Vec<u64>],
}

impl<'a> Grid<'a> {
    fn new(cells: &'a [Vec<u64>]) -> Result<Option<Grid<'a>>, PatternError> {
        let expected = cells.first().map_or(0, Vec::len);
        if let Some((row, r)) = cells.iter().enumerate().find(|(_, r)| r.len() != expected) {
            return Err(PatternError::Ragged {
                row,
                len: r.len(),
                expected,
            });
        }
        if expected == 0 {
            return Ok(None);
        }
        Ok(Some(Grid {
            rows: cells.len(),
            cols: expected,
            cells,
        }))
    }

    fn at(&self, x: usize, y: usize) -> u64 {
        self.cells[x][y]
    }

    fn pattern(&self, rows: usize, cols: usize, kind: PatternKind) -> TablePattern {
        TablePattern {
            rows: rows as u64,
            cols: cols as u64,
            kind,
        }
    }

    fn whole(&self, kind: PatternKind) -> TablePattern {
        self.pattern(self.rows, self.cols, kind)
    }

    fn zeros(&self) -> Vec<(usize, usize)> {
        (0..self.rows)
            .flat_map(|x| (0..self.cols).map(move |y| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == 0)
            .collect()
    }
}

/// How much of a sequence a period must explain to be reported as seen:
/// two full periods after its preperiod, and at least `min_predicted`
/// values predicted by it (so that two equal values at the end are no
/// period 1); periods are looked for up to `max_period`.
#[derive(Clone, Copy, Debug)]
pub struct Evidence {
    /// The longest period looked for.
    pub max_period: usize,
    /// The fewest values the period must predict.
    pub min_predicted: usize,
}

impl Evidence {
    fn seen(self, len: usize, e: usize, p: usize) -> bool {
        e + 2 * p <= len && len - e - p >= self.min_predicted
    }
}

/// The smallest plain period of `v` that `evidence` shows, with its least
/// preperiod: `(preperiod, period)`.
pub fn plain_period<T: PartialEq>(v: &[T], evidence: Evidence) -> Option<(usize, usize)> {
    let len = v.len();
    (1..=(len / 2).min(evidence.max_period)).find_map(|p| {
        let e = least_preperiod(v, p, |a, b| a == b);
        evidence.seen(len, e, p).then_some((e, p))
    })
}

/// The least `e` with `holds(v[n], v[n + p])` for every `n >= e` in range.
fn least_preperiod<T>(v: &[T], p: usize, holds: impl Fn(&T, &T) -> bool) -> usize {
    let mut e = v.len() - p;
    while e > 0 && holds(&v[e - 1], &v[e - 1 + p]) {
        e -= 1;
    }
    e
}

/// The least `e` with `v[n + p] = v[n] + s` for every `n >= e` in range.
fn preperiod(v: &[u64], p: usize, s: u64) -> usize {
    least_preperiod(v, p, |a, b| a.checked_add(s) == Some(*b))
}

/// Whether a period `p` from `e` is seen on a line of `len` values.
fn seen(len: usize, e: usize, p: usize) -> bool {
    LINE_EVIDENCE.seen(len, e, p)
}

/// The smallest period of `v` that `evidence` shows, plain before
/// arithmetic (`v[n + p] = v[n] + s` for every `n` past the preperiod):
/// `(preperiod, period, saltus)`, the saltus `zero` for a plain period.
/// `step(a, b)` is the saltus that would take `a` to `b` (`None` where the
/// values have none that counts), `add(a, s)` is `a + s`.
pub fn smallest_period<T: PartialEq>(
    v: &[T],
    evidence: Evidence,
    zero: T,
    step: impl Fn(&T, &T) -> Option<T>,
    add: impl Fn(&T, &T) -> Option<T>,
) -> Option<(usize, usize, T)> {
    if let Some((e, p)) = plain_period(v, evidence) {
        return Some((e, p, zero));
    }
    let len = v.len();
    (1..=(len / 2).min(evidence.max_period)).find_map(|p| {
        let s = step(&v[len - 1 - p], &v[len - 1])?;
        let e = least_preperiod(v, p, |a, b| add(a, &s).as_ref() == Some(b));
        evidence.seen(len, e, p).then_some((e, p, s))
    })
}

/// What a line of a table or a sequence of values must show.
const LINE_EVIDENCE: Evidence = Evidence {
    max_period: MAX_LINE_PERIOD,
    min_predicted: MIN_WITNESSES,
};

/// The smallest period of `v` (plain before arithmetic, with a positive
/// saltus) with two full periods after its least preperiod and at least
/// [`MIN_WITNESSES`] values predicted by it: what a sequence shows, not a
/// proof (a scripted game's `seq` states it with the range it was seen on).
pub fn observed_period(v: &[u64]) -> Option<ObservedPeriod> {
    smallest_period(
        v,
        LINE_EVIDENCE,
        0,
        |a, b| b.checked_sub(*a).filter(|&s| s > 0),
        |a, s| a.checked_add(*s),
    )
    .map(|(e, p, s)| ObservedPeriod {
        preperiod: e as u64,
        period: p as u64,
        saltus: s,
    })
}

/// Pattern 1: `G(x,y) = G(x,0) xor G(0,y) xor G(0,0)` on every cell.
fn nim_sum(grid: &Grid) -> Option<TablePattern> {
    if (grid.rows - 1) * (grid.cols - 1) < MIN_WITNESSES {
        return None;
    }
    let c = grid.at(0, 0);
    let constant_edges =
        (0..grid.rows).all(|x| grid.at(x, 0) == c) && grid.cells[0].iter().all(|&v| v == c);
    if constant_edges {
        return None; // a constant table, if anything: the modular detector says so
    }
    let holds = (1..grid.rows)
        .all(|x| (1..grid.cols).all(|y| grid.at(x, y) == grid.at(x, 0) ^ grid.at(0, y) ^ c));
    holds.then(|| {
        grid.whole(PatternKind::NimSum {
            f: Coordinate::new((0..grid.rows).map(|x| grid.at(x, 0) ^ c).collect()),
            g: Coordinate::new(grid.cells[0].iter().map(|&v| v ^ c).collect()),
            constant: c,
        })
    })
}

/// Pattern 2: every line of `grid` (its rows; pass the transpose for the
/// columns) is eventually periodic with one period and saltus. The claim
/// covers the longest run of lines from line 0 on which each line shows two
/// full periods after its own preperiod (and [`MIN_WITNESSES`] predicted
/// values); the period covering the most lines
/// wins, the smaller on a tie, and plain periods are tried before
/// arithmetic ones (whose saltus is read off line 0).
fn periodic_lines(grid: &Grid, axis: Axis) -> Option<TablePattern> {
    let len = grid.cols;
    if grid.rows < MIN_WITNESSES {
        return None;
    }
    let mut best: Option<(usize, u64, Vec<usize>)> = None;
    for arithmetic in [false, true] {
        for p in 1..=(len / 2).min(MAX_LINE_PERIOD) {
            let first = &grid.cells[0];
            let s = if arithmetic {
                match first[len - 1].checked_sub(first[len - 1 - p]) {
                    Some(s) if s > 0 => s,
                    _ => continue,
                }
            } else {
                0
            };
            let starts: Vec<usize> = grid
                .cells
                .iter()
                .map(|line| preperiod(line, p, s))
                .take_while(|&e| seen(len, e, p))
                .collect();
            let better = best.as_ref().is_none_or(|(_, _, b)| starts.len() > b.len());
            if starts.len() >= MIN_WITNESSES && better {
                best = Some((p, s, starts));
            }
            if best.as_ref().is_some_and(|(_, _, b)| b.len() == grid.rows) {
                break; // no later period covers more lines
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (period, saltus, starts) = best?;
    let fixed = starts.iter().copied().max().unwrap_or(0);
    let diagonal = starts
        .iter()
        .enumerate()
        .map(|(i, &e)| e.saturating_sub(i))
        .max()
        .unwrap_or(0);
    // Both bounds hold on every line; state the one that claims the period
    // on more cells, that is with the smaller sum of starts over the lines.
    let n = starts.len();
    let from = if n * (n - 1) / 2 + n * diagonal < n * fixed {
        Preperiod::Diagonal(diagonal as u64)
    } else {
        Preperiod::Fixed(fixed as u64)
    };
    let kind = PatternKind::PeriodicLines {
        axis,
        period: period as u64,
        saltus,
        from,
    };
    Some(match axis {
        Axis::Rows => grid.pattern(starts.len(), len, kind),
        Axis::Columns => grid.pattern(len, starts.len(), kind),
    })
}

/// Pattern 3: `G(x,y) = G(y,x)` on the square part.
fn symmetric(grid: &Grid) -> Option<TablePattern> {
    let n = grid.rows.min(grid.cols);
    if n * (n - 1) / 2 < MIN_WITNESSES {
        return None;
    }
    let holds = (0..n).all(|x| (0..x).all(|y| grid.at(x, y) == grid.at(y, x)));
    holds.then(|| grid.pattern(n, n, PatternKind::Symmetric))
}

/// The line through two distinct points, normalised.
fn line_through((x1, y1): (i64, i64), (x2, y2): (i64, i64)) -> (i64, i64, i64) {
    let (mut a, mut b) = (y2 - y1, x1 - x2);
    let g = gcd(a.unsigned_abs(), b.unsigned_abs()) as i64;
    (a, b) = (a / g, b / g);
    if b < 0 || (b == 0 && a < 0) {
        (a, b) = (-a, -b);
    }
    (a, b, a * x1 + b * y1)
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn on_line((a, b, c): (i64, i64, i64), (x, y): (i64, i64)) -> bool {
    a * x + b * y == c
}

/// A cover of `points` by at most `budget` of the lines through two of
/// `all`, each holding at least [`MIN_WITNESSES`] of `all`.
///
/// If `points` is covered by `budget` lines and has more than `budget`
/// points, two of its first `budget + 1` share a line of the cover
/// (pigeonhole), so only the lines through those pairs are tried. With at
/// most `budget` points left, the lines through the first are found by
/// counting the zeros in each direction from it, and of the lines that
/// cover the same remaining points only one is tried (any of them would
/// do). So every node tries at most C(budget+1, 2) or 2^(budget−1) lines,
/// each in O(|all|), rather than a walk over every pair.
fn cover(points: &[(i64, i64)], all: &[(i64, i64)], budget: usize) -> Option<Vec<(i64, i64, i64)>> {
    let Some(&first) = points.first() else {
        return Some(Vec::new());
    };
    if budget == 0 {
        return None;
    }
    let candidates: Vec<(i64, i64, i64)> = if points.len() > budget {
        let head = &points[..=budget];
        let mut lines: Vec<_> = (0..head.len())
            .flat_map(|i| (i + 1..head.len()).map(move |j| line_through(head[i], head[j])))
            .filter(|&line| all.iter().filter(|&&q| on_line(line, q)).count() >= MIN_WITNESSES)
            .collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    } else {
        let mut through: rustc_hash::FxHashMap<(i64, i64, i64), usize> = Default::default();
        for &q in all.iter().filter(|&&q| q != first) {
            *through.entry(line_through(first, q)).or_default() += 1;
        }
        let mut lines: Vec<_> = through
            .into_iter()
            .filter(|&(_, others)| others + 1 >= MIN_WITNESSES)
            .map(|(line, _)| line)
            .collect();
        lines.sort_unstable();
        let mut covered_sets = std::collections::BTreeSet::new();
        lines.retain(|&line| {
            let covered: Vec<bool> = points.iter().map(|&q| on_line(line, q)).collect();
            covered_sets.insert(covered)
        });
        lines
    };
    candidates.into_iter().find_map(|line| {
        let rest: Vec<(i64, i64)> = points
            .iter()
            .copied()
            .filter(|&q| !on_line(line, q))
            .collect();
        let mut lines = cover(&rest, all, budget - 1)?;
        lines.push(line);
        Some(lines)
    })
}

/// Pattern 4: the P-positions lie on at most [`MAX_ZERO_LINES`] lines.
fn zeros_on_lines(grid: &Grid) -> Option<TablePattern> {
    let zeros: Vec<(i64, i64)> = grid
        .zeros()
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect();
    // A line meets the table in at most max(rows, cols) cells.
    let most = MAX_ZERO_LINES * grid.rows.max(grid.cols);
    if zeros.len() < MIN_WITNESSES || zeros.len() > most {
        return None;
    }
    let lines = (1..=MAX_ZERO_LINES).find_map(|budget| cover(&zeros, &zeros, budget))?;
    // The cells off the lines are the witnesses that nothing else is a
    // P-position: lines covering (nearly) the whole table say nothing.
    let off = (0..grid.rows as i64)
        .flat_map(|x| (0..grid.cols as i64).map(move |y| (x, y)))
        .filter(|&q| !lines.iter().any(|&l| on_line(l, q)))
        .count();
    if off < MIN_WITNESSES {
        return None;
    }
    let mut lines: Vec<ZeroLine> = lines
        .into_iter()
        .map(|(a, b, c)| ZeroLine {
            a,
            b,
            c,
            zeros: zeros.iter().filter(|&&q| on_line((a, b, c), q)).count() as u64,
            cells: line_cells(grid, (a, b, c)),
        })
        .collect();
    lines.sort_by_key(|l| (std::cmp::Reverse(l.zeros), l.b, l.a, l.c));
    Some(grid.whole(PatternKind::ZerosOnLines {
        zeros: zeros.len() as u64,
        lines,
    }))
}

/// How many cells of the table lie on the line.
fn line_cells(grid: &Grid, (a, b, c): (i64, i64, i64)) -> u64 {
    let (rows, cols) = (grid.rows as i64, grid.cols as i64);
    if b == 0 {
        return if (0..rows).contains(&c) {
            cols as u64
        } else {
            0
        };
    }
    (0..rows)
        .filter(|&x| {
            let t = c - a * x;
            t % b == 0 && (0..cols).contains(&(t / b))
        })
        .count() as u64
}

/// `⌊kα⌋` for `α = (2 − d + √(d² + 4)) / 2`, exactly: with
/// `t = k(2 − d) + ⌊√(k²(d² + 4))⌋`, it is `⌊t / 2⌋`, because for `k, d >= 1`
/// the root is irrational (`d² + 4` lies strictly between the squares `d²`
/// and `(d + 2)²`, and is not `(d + 1)²` since `2d + 1 = 4` has no integer
/// solution), so adding its fractional part to `t` cannot reach the next
/// even number. `None` on overflow.
fn floor_k_alpha(k: u64, d: u64) -> Option<u64> {
    let n = u128::from(k)
        .checked_mul(u128::from(k))?
        .checked_mul(u128::from(d).checked_mul(u128::from(d))?.checked_add(4)?)?;
    let t = i128::try_from(n.isqrt()).ok()? + i128::from(k) * (2 - i128::from(d));
    u64::try_from(t.div_euclid(2)).ok()
}

/// Pattern 5: the P-positions are the pairs of a Wythoff-like game,
/// `a_k = mex{a_i, b_i : i < k}`, `b_k = a_k + k·d` with `d >= 1` read off
/// the pair `k = 1`, and `a_k = ⌊kα⌋` checked exactly for every pair in
/// range. The zeros of the table must be exactly those pairs and mirrors.
fn beatty_pairs(grid: &Grid) -> Option<TablePattern> {
    let (rows, cols) = (grid.rows, grid.cols);
    let zero = |x: usize, y: usize| x < rows && y < cols && grid.at(x, y) == 0;
    if !zero(0, 0) {
        return None;
    }
    // a_1 = 1; b_1 = 1 + d is the first other P-position on row or column 1.
    let b1 = (2..rows.max(cols)).find(|&t| zero(1, t) || zero(t, 1))?;
    let d = (b1 - 1) as u64;
    let mut pairs = Vec::new();
    let mut used = std::collections::BTreeSet::new();
    let mut a = 0u64;
    for k in 0u64.. {
        while used.contains(&a) {
            a += 1;
        }
        let b = a.checked_add(k.checked_mul(d)?)?;
        let visible = |x: u64, y: u64| x < rows as u64 && y < cols as u64;
        if !visible(a, b) && !visible(b, a) {
            break; // a_k and b_k only grow
        }
        if floor_k_alpha(k, d)? != a {
            return None;
        }
        used.insert(a);
        used.insert(b);
        pairs.push((a as usize, b as usize));
    }
    let predicted: std::collections::BTreeSet<(usize, usize)> = pairs
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .filter(|&(x, y)| x < rows && y < cols)
        .collect();
    let zeros = grid.zeros();
    if pairs.len() < 2 + MIN_WITNESSES || zeros.len() != predicted.len() {
        return None;
    }
    if !zeros.iter().all(|z| predicted.contains(z)) {
        return None;
    }
    let df = d as f64;
    Some(grid.whole(PatternKind::BeattyPairs {
        d,
        alpha: (2.0 - df + (df * df + 4.0).sqrt()) / 2.0,
        last_k: pairs.len() as u64 - 1,
    }))
}

/// The smallest `m × n` (by area, then m) with `m, n <= MAX_MODULUS`, each
/// residue seen at least twice along its axis, such that `value(x, y)` depends
/// only on `(x mod m, y mod n)`, and at least [`MIN_WITNESSES`] cells outside
/// the block.
fn smallest_block(grid: &Grid, value: impl Fn(usize, usize) -> u64) -> Option<(usize, usize)> {
    let (rows, cols) = (grid.rows, grid.cols);
    let mut sizes: Vec<(usize, usize)> = (1..=MAX_MODULUS.min(rows / 2))
        .flat_map(|m| (1..=MAX_MODULUS.min(cols / 2)).map(move |n| (m, n)))
        .filter(|&(m, n)| rows * cols - m * n >= MIN_WITNESSES)
        .collect();
    sizes.sort_by_key(|&(m, n)| (m * n, m, n));
    sizes
        .into_iter()
        .find(|&(m, n)| (0..rows).all(|x| (0..cols).all(|y| value(x, y) == value(x % m, y % n))))
}

/// Pattern 6: `G(x,y)` depends only on `(x mod m, y mod n)`.
fn modular(grid: &Grid) -> Option<TablePattern> {
    let (m, n) = smallest_block(grid, |x, y| grid.at(x, y))?;
    let block = (0..m)
        .map(|x| (0..n).map(|y| grid.at(x, y)).collect())
        .collect();
    Some(grid.whole(PatternKind::Modular { block }))
}

/// Pattern 6, for outcomes: whether `G(x,y) = 0` depends only on
/// `(x mod m, y mod n)`.
fn zeros_modular(grid: &Grid) -> Option<TablePattern> {
    let zeros = grid.zeros().len();
    if zeros < MIN_WITNESSES || zeros == grid.rows * grid.cols {
        return None;
    }
    let (m, n) = smallest_block(grid, |x, y| u64::from(grid.at(x, y) == 0))?;
    let residues = (0..m)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .filter(|&(x, y)| grid.at(x, y) == 0)
        .map(|(x, y)| (x as u64, y as u64))
        .collect();
    Some(grid.whole(PatternKind::ZerosModular {
        m: m as u64,
        n: n as u64,
        residues,
    }))
}

/// Pattern 7: `G(x,y) = h(of(x,y))`.
fn function_of(grid: &Grid, of: Combination) -> Option<TablePattern> {
    // Every argument below the largest occurs (x+y, |x−y|, min and max all
    // take each value from 0 up), so h is dense; rows + cols bounds them all.
    let mut h: Vec<Option<u64>> = vec![None; grid.rows + grid.cols];
    for x in 0..grid.rows {
        for y in 0..grid.cols {
            let slot = &mut h[of.of(x, y)];
            match *slot {
                Some(v) if v != grid.at(x, y) => return None,
                _ => *slot = Some(grid.at(x, y)),
            }
        }
    }
    let values: Vec<u64> = h.into_iter().map_while(|v| v).collect();
    if grid.rows * grid.cols - values.len() < MIN_WITNESSES {
        return None;
    }
    if values.iter().all(|&v| v == values[0]) {
        return None; // a constant table: the modular detector says so
    }
    Some(grid.whole(PatternKind::FunctionOf {
        of,
        h: Coordinate::new(values),
    }))
}

impl fmt::Display for TablePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = format!("on 0<=x<{}, 0<=y<{}", self.rows, self.cols);
        match &self.kind {
            PatternKind::NimSum {
                f: fx,
                g: gy,
                constant,
            } => {
                let mut terms = Vec::new();
                let mut notes = Vec::new();
                for (c, var, name, source) in
                    [(fx, "x", "f", "column y=0"), (gy, "y", "g", "row x=0")]
                {
                    if c.is_identity() {
                        terms.push(var.to_string());
                    } else if !c.is_zero() {
                        terms.push(format!("{name}({var})"));
                        let mut note = format!("{name} = {source}");
                        if *constant != 0 {
                            note += &format!(" xor {constant}");
                        }
                        if let Some(p) = c.period {
                            note += &format!(", {}", period_phrase(p, var));
                        }
                        notes.push(note);
                    }
                }
                if *constant != 0 || terms.is_empty() {
                    terms.push(constant.to_string());
                }
                write!(f, "G(x,y) = {} {on}", terms.join(" xor "))?;
                if !notes.is_empty() {
                    write!(f, " ({})", notes.join("; "))?;
                }
                Ok(())
            }
            PatternKind::PeriodicLines {
                axis,
                period,
                saltus,
                from,
            } => {
                let (line, var, other) = match axis {
                    Axis::Rows => ("row", "y", "x"),
                    Axis::Columns => ("column", "x", "y"),
                };
                let start = match from {
                    Preperiod::Fixed(q) => format!("{var}>={q}"),
                    Preperiod::Diagonal(0) => format!("{var}>={other}"),
                    Preperiod::Diagonal(c) => format!("{var}>={other}+{c}"),
                };
                if *saltus == 0 {
                    write!(
                        f,
                        "each {line} is periodic in {var} with period {period} for {start} {on}"
                    )
                } else {
                    write!(
                        f,
                        "each {line} is arithmetic-periodic in {var} with period {period} and \
                         saltus {saltus} for {start} {on}"
                    )
                }
            }
            PatternKind::Symmetric => write!(f, "G(x,y) = G(y,x) {on}"),
            PatternKind::ZerosOnLines { zeros, lines } => {
                let lines: Vec<String> = lines
                    .iter()
                    .map(|l| {
                        format!(
                            "{} ({} of its {} cells)",
                            line_equation(l.a, l.b, l.c),
                            l.zeros,
                            l.cells
                        )
                    })
                    .collect();
                write!(
                    f,
                    "the {zeros} P-positions lie on {} {on}",
                    lines.join(", ")
                )
            }
            PatternKind::BeattyPairs { d, alpha, last_k } => {
                if *d == 1 {
                    write!(
                        f,
                        "P-positions are (⌊kφ⌋, ⌊kφ²⌋) and mirror, 0<=k<={last_k} {on} \
                         (Wythoff pairs)"
                    )
                } else {
                    write!(
                        f,
                        "P-positions are (⌊kα⌋, ⌊kβ⌋) and mirror, 0<=k<={last_k} {on} \
                         (α = {alpha:.6}, β = α + {d} = {:.6})",
                        alpha + *d as f64
                    )
                }
            }
            PatternKind::Modular { block } => {
                let (m, n) = (block.len(), block.first().map_or(0, Vec::len));
                let rows: Vec<String> = block
                    .iter()
                    .map(|r| {
                        let r: Vec<String> = r.iter().map(u64::to_string).collect();
                        format!("[{}]", r.join(", "))
                    })
                    .collect();
                if let (1, 1, Some(v)) = (m, n, block.first().and_then(|r| r.first())) {
                    write!(f, "G(x,y) = {v} {on}")
                } else {
                    write!(
                        f,
                        "G(x,y) = B[x mod {m}][y mod {n}] {on} (B = [{}])",
                        rows.join(", ")
                    )
                }
            }
            PatternKind::ZerosModular { m, n, residues } => {
                let r: Vec<String> = residues.iter().map(|(x, y)| format!("({x},{y})")).collect();
                write!(
                    f,
                    "G(x,y) = 0 iff (x mod {m}, y mod {n}) is in {{{}}} {on}",
                    r.join(", ")
                )
            }
            PatternKind::FunctionOf { of, h } => {
                let arg = match of {
                    Combination::Sum => "x+y",
                    Combination::Difference => "|x-y|",
                    Combination::Min => "min(x,y)",
                    Combination::Max => "max(x,y)",
                };
                if h.is_identity() {
                    return write!(f, "G(x,y) = {arg} {on}");
                }
                write!(f, "G(x,y) = h({arg}) {on}")?;
                if let Some(p) = h.period {
                    write!(f, " (h {})", period_phrase(p, "n"))?;
                }
                Ok(())
            }
        }
    }
}

/// "periodic with period 3 for x>=2", or the arithmetic version.
fn period_phrase(p: ObservedPeriod, var: &str) -> String {
    let ObservedPeriod {
        preperiod,
        period,
        saltus,
    } = p;
    if saltus == 0 {
        format!("periodic with period {period} for {var}>={preperiod}")
    } else {
        format!(
            "arithmetic-periodic with period {period} and saltus {saltus} for {var}>={preperiod}"
        )
    }
}

/// `a·x + b·y = c` the way a reader writes it: "y = 2x + 1", "x = 3",
/// "x = 2y", "x + y = 6".
fn line_equation(a: i64, b: i64, c: i64) -> String {
    if b == 1 {
        format!("y = {}", linear(&[(-a, "x")], c))
    } else if a.abs() == 1 {
        format!("x = {}", linear(&[(-a * b, "y")], a * c))
    } else {
        format!("{} = {c}", linear(&[(a, "x"), (b, "y")], 0))
    }
}

/// A sum of terms and a constant: "2x - y + 3", "-x", "0".
fn linear(terms: &[(i64, &str)], constant: i64) -> String {
    let mut out = String::new();
    let mut push = |k: i64, what: &str| {
        let (sign, k) = match (out.is_empty(), k < 0) {
            (true, true) => ("-", -k),
            (true, false) => ("", k),
            (false, true) => (" - ", -k),
            (false, false) => (" + ", k),
        };
        let k = if k == 1 && !what.is_empty() {
            String::new()
        } else {
            k.to_string()
        };
        out += &format!("{sign}{k}{what}");
    };
    for &(k, var) in terms.iter().filter(|(k, _)| *k != 0) {
        push(k, var);
    }
    if constant != 0 {
        push(constant, "");
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

impl serde::Serialize for TablePattern {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Repr<'a> {
            statement: String,
            rows: u64,
            cols: u64,
            #[serde(flatten)]
            kind: &'a PatternKind,
        }
        Repr {
            statement: self.to_string(),
            rows: self.rows,
            cols: self.cols,
            kind: &self.kind,
        }
        .serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: usize, cols: usize, mut g: impl FnMut(u64, u64) -> u64) -> Vec<Vec<u64>> {
        (0..rows as u64)
            .map(|x| (0..cols as u64).map(|y| g(x, y)).collect())
            .collect()
    }

    fn grid(t: &[Vec<u64>]) -> Grid<'_> {
        Grid::new(t).unwrap().unwrap()
    }

    /// Pseudo-random values in 0..1000 (a fixed LCG), no pattern.
    fn noise(rows: usize, cols: usize) -> Vec<Vec<u64>> {
        let mut s = 12345u64;
        table(rows, cols, |_, _| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) % 1000
        })
    }

    fn lines(t: &[Vec<u64>]) -> Vec<String> {
        find_table_patterns(t)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn empty_and_ragged_tables() {
        assert_eq!(find_table_patterns(&[]), Ok(vec![]));
        assert_eq!(find_table_patterns(&[vec![], vec![]]), Ok(vec![]));
        assert_eq!(find_table_patterns(&[vec![0]]), Ok(vec![]));
        let err = find_table_patterns(&[vec![0, 1], vec![1, 0], vec![2]]).unwrap_err();
        assert_eq!(
            err,
            PatternError::Ragged {
                row: 2,
                len: 1,
                expected: 2
            }
        );
        assert!(err
            .to_string()
            .starts_with("row 2 has 1 values but row 0 has 2"));
        // Tiny tables: no detector has its witnesses.
        assert_eq!(lines(&table(2, 2, |x, y| x ^ y)), Vec::<String>::new());
        assert_eq!(lines(&table(1, 20, |_, y| y % 2)), Vec::<String>::new());
    }

    #[test]
    fn nim_sum_holds_and_fails() {
        let t = table(6, 6, |x, y| x ^ y);
        assert_eq!(
            nim_sum(&grid(&t)).unwrap().to_string(),
            "G(x,y) = x xor y on 0<=x<6, 0<=y<6"
        );
        // Subtraction game {1,2} on each coordinate: f = g = n mod 3.
        let t = table(9, 7, |x, y| (x % 3) ^ (y % 3));
        assert_eq!(
            nim_sum(&grid(&t)).unwrap().to_string(),
            "G(x,y) = f(x) xor g(y) on 0<=x<9, 0<=y<7 (f = column y=0, periodic with period \
             3 for x>=0; g = row x=0, periodic with period 3 for y>=0)"
        );
        let t = table(5, 5, |x, y| x ^ (3 * y));
        let p = nim_sum(&grid(&t)).unwrap();
        assert!(p.to_string().starts_with("G(x,y) = x xor g(y) on"));
        // G(0,0) = 5: f and g are read relative to it.
        let t = table(5, 5, |x, y| x ^ 5 ^ (y % 2));
        assert_eq!(
            nim_sum(&grid(&t)).unwrap().to_string(),
            "G(x,y) = x xor g(y) xor 5 on 0<=x<5, 0<=y<5 (g = row x=0 xor 5, periodic with \
             period 2 for y>=0)"
        );
        // Only y matters.
        let t = table(4, 6, |_, y| 7 ^ (y % 3));
        assert_eq!(
            nim_sum(&grid(&t)).unwrap().to_string(),
            "G(x,y) = g(y) xor 7 on 0<=x<4, 0<=y<6 (g = row x=0 xor 7, periodic with \
             period 3 for y>=0)"
        );
        let mut t = table(6, 6, |x, y| x ^ y);
        t[4][3] = 0;
        assert_eq!(nim_sum(&grid(&t)), None);
        assert_eq!(nim_sum(&grid(&table(6, 6, |x, y| x + y))), None);
        assert_eq!(
            nim_sum(&grid(&table(6, 6, |_, _| 2))),
            None,
            "constant: modular"
        );
    }

    #[test]
    fn periodic_rows_and_columns() {
        // Row x: the value x mod 2 until the diagonal, then y mod 3.
        let t = table(10, 30, |x, y| if y < x { x % 2 } else { 5 + y % 3 });
        let p = periodic_lines(&grid(&t), Axis::Rows).unwrap();
        assert_eq!(
            p.to_string(),
            "each row is periodic in y with period 3 for y>=x on 0<=x<10, 0<=y<30"
        );
        let t = table(12, 22, |x, y| (x + y / 2) % 4 + 10 * u64::from(y < 3));
        let p = periodic_lines(&grid(&t), Axis::Rows).unwrap();
        assert_eq!(
            p.to_string(),
            "each row is periodic in y with period 8 for y>=3 on 0<=x<12, 0<=y<22"
        );
        // Arithmetic: G(x, y+2) = G(x,y) + 1.
        let t = table(4, 10, |x, y| x + y / 2);
        let p = periodic_lines(&grid(&t), Axis::Rows).unwrap();
        assert_eq!(
            p.to_string(),
            "each row is arithmetic-periodic in y with period 2 and saltus 1 for y>=0 on \
             0<=x<4, 0<=y<10"
        );
        // Columns, through the transpose.
        let t = table(10, 4, |x, y| (x + y) % 2);
        let cols: Vec<Vec<u64>> = (0..4).map(|y| (0..10).map(|x| t[x][y]).collect()).collect();
        let p = periodic_lines(&grid(&cols), Axis::Columns).unwrap();
        assert_eq!(
            p.to_string(),
            "each column is periodic in x with period 2 for x>=0 on 0<=x<10, 0<=y<4"
        );
        // Fails: noise, and too short to show two periods.
        assert_eq!(periodic_lines(&grid(&noise(10, 20)), Axis::Rows), None);
        assert_eq!(
            periodic_lines(&grid(&table(5, 5, |x, y| (x + y) % 3)), Axis::Rows),
            None
        );
    }

    #[test]
    fn symmetry() {
        let t = table(5, 7, |x, y| x * y);
        assert_eq!(
            symmetric(&grid(&t)).unwrap().to_string(),
            "G(x,y) = G(y,x) on 0<=x<5, 0<=y<5"
        );
        assert_eq!(symmetric(&grid(&table(5, 5, |x, y| x * 2 + y))), None);
        assert_eq!(
            symmetric(&grid(&table(2, 9, |x, y| x * y))),
            None,
            "one pair is no witness"
        );
    }

    #[test]
    fn zeros_on_few_lines() {
        let t = table(8, 8, |x, y| x ^ y);
        assert_eq!(
            zeros_on_lines(&grid(&t)).unwrap().to_string(),
            "the 8 P-positions lie on y = x (8 of its 8 cells) on 0<=x<8, 0<=y<8"
        );
        // y = 2x + 1 and x = 5, crossing nowhere.
        let t = table(8, 12, |x, y| u64::from(!(y == 2 * x + 1 || x == 5)));
        assert_eq!(
            zeros_on_lines(&grid(&t)).unwrap().to_string(),
            "the 17 P-positions lie on x = 5 (12 of its 12 cells), y = 2x + 1 (6 of its 6 \
             cells) on 0<=x<8, 0<=y<12"
        );
        let t = table(9, 9, |x, y| u64::from(x + y != 6 && 2 * x != y));
        assert_eq!(
            zeros_on_lines(&grid(&t)).unwrap().to_string(),
            "the 11 P-positions lie on y = -x + 6 (7 of its 7 cells), y = 2x (5 of its 5 \
             cells) on 0<=x<9, 0<=y<9"
        );
        // Three full lines, and a lone zero on a fourth line through two of their zeros.
        let t = table(30, 30, |x, y| {
            u64::from(!(x == 3 || y == 7 || x + y == 20 || (x, y) == (10, 20)))
        });
        assert_eq!(
            zeros_on_lines(&grid(&t)).unwrap().to_string(),
            "the 79 P-positions lie on x = 3 (30 of its 30 cells), y = 7 (30 of its 30 \
             cells), y = -x + 20 (21 of its 21 cells), y = x + 10 (3 of its 20 cells) on \
             0<=x<30, 0<=y<30"
        );
        // Fails: zeros at both-even cells need a line per row.
        assert_eq!(
            zeros_on_lines(&grid(&table(10, 10, |x, y| (x | y) & 1))),
            None
        );
        // Fails: two zeros are not a pattern.
        assert_eq!(
            zeros_on_lines(&grid(&table(4, 4, |x, y| u64::from(x != y || x > 1)))),
            None
        );
    }

    #[test]
    fn line_equations_read_naturally() {
        assert_eq!(line_equation(-1, 1, 0), "y = x");
        assert_eq!(line_equation(1, 0, 3), "x = 3");
        assert_eq!(line_equation(0, 1, 4), "y = 4");
        assert_eq!(line_equation(1, 1, 6), "y = -x + 6");
        assert_eq!(line_equation(1, -2, 0), "x = 2y");
        assert_eq!(line_equation(-1, 2, 3), "x = 2y - 3");
        assert_eq!(line_equation(2, 3, 6), "2x + 3y = 6");
        assert_eq!(line_through((0, 0), (2, 2)), (-1, 1, 0));
        assert_eq!(line_through((3, 5), (3, 0)), (1, 0, 3));
    }

    /// The P-positions of the game with moves toward the corner whose pairs
    /// are `a_k = mex`, `b_k = a_k + k·d`.
    fn pairs_table(rows: usize, cols: usize, d: u64) -> Vec<Vec<u64>> {
        let mut t = table(rows, cols, |_, _| 1);
        let mut used = std::collections::BTreeSet::new();
        let mut a = 0;
        for k in 0..(rows.max(cols) as u64) {
            while used.contains(&a) {
                a += 1;
            }
            let b = a + k * d;
            used.extend([a, b]);
            for (x, y) in [(a, b), (b, a)] {
                if (x as usize) < rows && (y as usize) < cols {
                    t[x as usize][y as usize] = 0;
                }
            }
        }
        t
    }

    #[test]
    fn beatty_pairs_of_wythoff_and_its_relatives() {
        assert_eq!(
            beatty_pairs(&grid(&pairs_table(20, 20, 1)))
                .unwrap()
                .to_string(),
            "P-positions are (⌊kφ⌋, ⌊kφ²⌋) and mirror, 0<=k<=7 on 0<=x<20, 0<=y<20 (Wythoff pairs)"
        );
        assert_eq!(
            beatty_pairs(&grid(&pairs_table(30, 30, 2)))
                .unwrap()
                .to_string(),
            "P-positions are (⌊kα⌋, ⌊kβ⌋) and mirror, 0<=k<=8 on 0<=x<30, 0<=y<30 \
             (α = 1.414214, β = α + 2 = 3.414214)"
        );
        let PatternKind::BeattyPairs { alpha, .. } =
            beatty_pairs(&grid(&pairs_table(20, 20, 1))).unwrap().kind
        else {
            panic!()
        };
        assert!((alpha - (1.0 + 5f64.sqrt()) / 2.0).abs() < 1e-12);
        // Exact floors agree with floating point where it is safe.
        for d in 1..6u64 {
            let a = (2.0 - d as f64 + ((d * d + 4) as f64).sqrt()) / 2.0;
            for k in 0..1000u64 {
                assert_eq!(floor_k_alpha(k, d), Some((k as f64 * a).floor() as u64));
            }
        }
        // Fails: an extra zero, a missing mirror, the rook's diagonal.
        let mut t = pairs_table(20, 20, 1);
        t[19][0] = 0;
        assert_eq!(beatty_pairs(&grid(&t)), None);
        let mut t = pairs_table(20, 20, 1);
        t[5][3] = 7;
        assert_eq!(beatty_pairs(&grid(&t)), None);
        assert_eq!(beatty_pairs(&grid(&table(20, 20, |x, y| x ^ y))), None);
        // Too few pairs in range.
        assert_eq!(beatty_pairs(&grid(&pairs_table(6, 6, 1))), None);
    }

    #[test]
    fn modular_values_and_zeros() {
        let t = table(10, 9, |x, y| (x % 2) ^ (y % 3));
        assert_eq!(
            modular(&grid(&t)).unwrap().to_string(),
            "G(x,y) = B[x mod 2][y mod 3] on 0<=x<10, 0<=y<9 (B = [[0, 1, 2], [1, 0, 3]])"
        );
        assert_eq!(
            modular(&grid(&table(4, 4, |_, _| 7))).unwrap().to_string(),
            "G(x,y) = 7 on 0<=x<4, 0<=y<4"
        );
        assert_eq!(modular(&grid(&table(10, 10, |x, y| x ^ y))), None);
        // A period longer than half the table is not seen.
        assert_eq!(modular(&grid(&table(10, 10, |x, _| x % 6))), None);
        // The king: values are not modular, its P-positions are.
        let king = table(12, 12, |x, y| 2 * (x.min(y) % 2) + (x + y) % 2);
        assert_eq!(modular(&grid(&king)), None);
        assert_eq!(
            zeros_modular(&grid(&king)).unwrap().to_string(),
            "G(x,y) = 0 iff (x mod 2, y mod 2) is in {(0,0)} on 0<=x<12, 0<=y<12"
        );
        assert_eq!(zeros_modular(&grid(&table(10, 10, |x, y| x ^ y))), None);
    }

    #[test]
    fn functions_of_sum_difference_min_max() {
        let t = table(6, 8, |x, y| (x + y) % 2);
        assert_eq!(
            function_of(&grid(&t), Combination::Sum)
                .unwrap()
                .to_string(),
            "G(x,y) = h(x+y) on 0<=x<6, 0<=y<8 (h periodic with period 2 for n>=0)"
        );
        let t = table(6, 8, |x, y| x.abs_diff(y) * x.abs_diff(y));
        assert_eq!(
            function_of(&grid(&t), Combination::Difference)
                .unwrap()
                .to_string(),
            "G(x,y) = h(|x-y|) on 0<=x<6, 0<=y<8"
        );
        let t = table(6, 8, |x, y| x.min(y));
        assert_eq!(
            function_of(&grid(&t), Combination::Min)
                .unwrap()
                .to_string(),
            "G(x,y) = min(x,y) on 0<=x<6, 0<=y<8"
        );
        assert!(function_of(&grid(&t), Combination::Max).is_none());
        assert!(function_of(&grid(&t), Combination::Sum).is_none());
        assert!(function_of(&grid(&table(5, 5, |_, _| 1)), Combination::Sum).is_none());
        // One row: every argument is seen once, nothing is predicted.
        assert!(function_of(&grid(&table(1, 9, |_, y| y)), Combination::Sum).is_none());
    }

    #[test]
    fn noise_has_no_pattern_but_symmetry_when_symmetric() {
        assert_eq!(lines(&noise(20, 20)), Vec::<String>::new());
        let n = noise(20, 20);
        let sym = table(20, 20, |x, y| n[x.max(y) as usize][x.min(y) as usize]);
        assert_eq!(lines(&sym), ["G(x,y) = G(y,x) on 0<=x<20, 0<=y<20"]);
    }

    #[test]
    fn observed_periods_need_two_periods_and_witnesses() {
        let p = |v: &[u64]| observed_period(v).map(|p| (p.preperiod, p.period, p.saltus));
        assert_eq!(p(&[5, 0, 1, 2, 0, 1, 2]), Some((1, 3, 0)));
        assert_eq!(p(&[0, 1, 2, 3, 1, 2, 3]), Some((1, 3, 0)));
        assert_eq!(p(&[0, 1, 2, 3, 1, 2]), None, "one period and a bit");
        assert_eq!(p(&[0, 1, 2, 3, 4]), Some((0, 1, 1)));
        assert_eq!(p(&[4, 4, 4]), None, "two values predicted");
        assert_eq!(p(&[]), None);
    }

    #[test]
    fn patterns_serialise_with_their_statement() {
        let t = table(6, 6, |x, y| x ^ y);
        let found = find_table_patterns(&t).unwrap();
        let text = toml::to_string(&found[0]).unwrap();
        assert!(
            text.contains("statement = \"G(x,y) = x xor y on 0<=x<6, 0<=y<6\""),
            "{text}"
        );
        assert!(text.contains("pattern = \"nim_sum\""), "{text}");
        for p in &found {
            toml::to_string(p).unwrap();
        }
    }
}
