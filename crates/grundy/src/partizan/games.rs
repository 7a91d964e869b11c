//! The games: the A/B string game, Hackenbush strings, Domineering,
//! Cutcake, Toads and Frogs and partizan subtraction games.
//!
//! Each position prints in the syntax it is written in (`domineering("..|..")`),
//! and each has a parser whose errors say what is accepted.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::dyadic::Dyadic;
use super::game::Game;
use super::rules::PartizanRules;
use super::Error;
use crate::Player;

fn position_error(
    game: &'static str,
    input: &str,
    at: usize,
    reason: impl Into<String>,
    accepted: &'static str,
) -> Error {
    Error::Position {
        game,
        input: input.to_string(),
        at,
        reason: reason.into(),
        accepted,
    }
}

// ---------------------------------------------------------------- A/B game

/// The A/B string game (CodeChef, editorial in the seeds): tokens `A`
/// (Left) and `B` (Right) on a strip with empty cells `.`. Counting tokens
/// from the left, the 1st, 3rd, … move rightward and the 2nd, 4th, …
/// leftward; a move slides one of your tokens any positive number of empty
/// cells in its direction, never over or onto another token.
#[derive(Clone, Copy, Debug, Default)]
pub struct AbGame;

/// A position of [`AbGame`]: printed as `ab_game("A..B")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct AbString(Vec<u8>);

/// Parses an A/B string (`A`, `B`, `.`).
pub fn ab_game(text: &str) -> Result<AbString, Error> {
    AbString::parse(text)
}

impl AbString {
    /// Parses a string over `A`, `B` and `.`.
    pub fn parse(text: &str) -> Result<AbString, Error> {
        for (i, c) in text.char_indices() {
            if !matches!(c, 'A' | 'B' | '.') {
                return Err(position_error(
                    "ab_game",
                    text,
                    i,
                    format!("unexpected {c:?}"),
                    "the characters 'A', 'B' and '.'",
                ));
            }
        }
        Ok(AbString(text.as_bytes().to_vec()))
    }

    /// The cells, as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("")
    }

    /// The winner with A (Left) moving first, from the closed form in
    /// linear time: A wins iff `n > 0`, or `n = 0` and `m != 0`.
    pub fn winner_a_first(&self) -> Player {
        let (reserve, heap) = self.reserve_and_heap();
        if reserve > 0 || (reserve == 0 && heap != 0) {
            Player::Left
        } else {
            Player::Right
        }
    }
}

impl fmt::Display for AbString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ab_game(\"{}\")", self.as_str())
    }
}

impl PartizanRules for AbGame {
    type Position = AbString;

    fn options(&self, p: &AbString, player: Player, out: &mut Vec<AbString>) {
        super::rules::all_options(self, p, player, out);
    }

    fn options_until(
        &self,
        p: &AbString,
        player: Player,
        visit: &mut dyn FnMut(AbString) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mine = if player == Player::Left { b'A' } else { b'B' };
        let s = &p.0;
        let mut k = 0; // index of the token among tokens
        for i in 0..s.len() {
            if s[i] == b'.' {
                continue;
            }
            let rightward = k % 2 == 0;
            k += 1;
            if s[i] != mine {
                continue;
            }
            let mut j = i;
            loop {
                let next = if rightward { j + 1 } else { j.wrapping_sub(1) };
                if next >= s.len() || s[next] != b'.' {
                    break;
                }
                j = next;
                let mut t = s.clone();
                t[i] = b'.';
                t[j] = mine;
                visit(AbString(t))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The value of an A/B string in closed form, after the editorial's
/// analysis (seed 002): tokens pair up `(1st, 2nd)`, `(3rd, 4th)`, …
/// facing each other. A pair of one owner with `d` empty cells between is
/// `d` free moves for that owner (the integer `±d`); a mixed pair is a Nim
/// heap `*d`; an unpaired last token with `d` cells to the right end is
/// `±d`. Empty cells outside pairs can never be used. So the value is
/// `n + *m` with `n` the difference of reserve moves and `m` the nim-sum —
/// and A, moving first, wins iff `n > 0`, or `n = 0` and `m != 0`.
pub fn ab_closed_form(p: &AbString) -> Result<Game, Error> {
    let (reserve, heap) = p.reserve_and_heap();
    Game::integer(reserve)?.try_add(Game::nimber(heap)?)
}

impl AbString {
    /// `(n, m)` of the closed form `n + *m` (see [`ab_closed_form`]), in
    /// one pass and without building any game: `n` is A's reserve moves
    /// minus B's, `m` the nim-sum of the gaps inside mixed pairs.
    pub fn reserve_and_heap(&self) -> (i64, u64) {
        let s = &self.0;
        let tokens: Vec<usize> = (0..s.len()).filter(|&i| s[i] != b'.').collect();
        let mut reserve: i64 = 0;
        let mut heap: u64 = 0;
        let sign = |c: u8| if c == b'A' { 1 } else { -1 };
        for pair in tokens.chunks(2) {
            match *pair {
                [a, b] => {
                    let d = (b - a - 1) as i64;
                    if s[a] == s[b] {
                        reserve += sign(s[a]) * d;
                    } else {
                        heap ^= d as u64;
                    }
                }
                [a] => reserve += sign(s[a]) * (s.len() - a - 1) as i64,
                _ => {}
            }
        }
        (reserve, heap)
    }
}

// ---------------------------------------------------------------- Hackenbush

/// Blue-red-green Hackenbush on strings (stalks) rooted on the ground.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

/// An edge colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Colour {
    /// Blue: only Left may cut it (`l`).
    Blue,
    /// Red: only Right may cut it (`r`).
    Red,
    /// Green: either player may cut it (`e`).
    Green,
}

/// A string of edges from the ground up: printed `hackenbush("lre")`
/// (`l` blue, `r` red, `e` green). Cutting an edge removes it and every
/// edge above it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HackenbushString(pub Vec<Colour>);

/// Parses a Hackenbush string.
pub fn hackenbush(text: &str) -> Result<HackenbushString, Error> {
    HackenbushString::parse(text)
}

impl HackenbushString {
    /// Parses `l`/`r`/`e` from the ground up.
    pub fn parse(text: &str) -> Result<HackenbushString, Error> {
        text.char_indices()
            .map(|(i, c)| match c {
                'l' => Ok(Colour::Blue),
                'r' => Ok(Colour::Red),
                'e' => Ok(Colour::Green),
                _ => Err(position_error(
                    "hackenbush",
                    text,
                    i,
                    format!("unexpected {c:?}"),
                    "'l' (blue, Left), 'r' (red, Right), 'e' (green, either), from the ground up",
                )),
            })
            .collect::<Result<_, _>>()
            .map(HackenbushString)
    }

    /// The value of a blue-red string by Berlekamp's sign-expansion rule:
    /// the first run of one colour counts ±1 per edge; after the first
    /// change of colour the edges count ±1/2, ±1/4, … . `None` if green.
    pub fn blue_red_value(&self) -> Option<Result<Dyadic, Error>> {
        if self.0.contains(&Colour::Green) {
            return None;
        }
        let sign = |c: Colour| if c == Colour::Blue { 1 } else { -1 };
        let mut x = Dyadic::ZERO;
        let first = self.0.first().copied();
        let run = self.0.iter().take_while(|&&c| Some(c) == first).count();
        let mut k = 0;
        for (i, &c) in self.0.iter().enumerate() {
            let term = if i < run {
                Dyadic::small(if c == Colour::Blue { 1 } else { -1 })
            } else {
                k += 1;
                match Dyadic::new(sign(c), k) {
                    Ok(t) => t,
                    Err(e) => return Some(Err(e)),
                }
            };
            x = match x.checked_add(term) {
                Ok(x) => x,
                Err(e) => return Some(Err(e)),
            };
        }
        Some(Ok(x))
    }
}

impl fmt::Display for HackenbushString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self
            .0
            .iter()
            .map(|c| match c {
                Colour::Blue => 'l',
                Colour::Red => 'r',
                Colour::Green => 'e',
            })
            .collect();
        write!(f, "hackenbush(\"{s}\")")
    }
}

impl PartizanRules for Hackenbush {
    type Position = HackenbushString;

    fn options(&self, p: &HackenbushString, player: Player, out: &mut Vec<HackenbushString>) {
        super::rules::all_options(self, p, player, out);
    }

    fn options_until(
        &self,
        p: &HackenbushString,
        player: Player,
        visit: &mut dyn FnMut(HackenbushString) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &c) in p.0.iter().enumerate() {
            let allowed = c == Colour::Green || (c == Colour::Blue) == (player == Player::Left);
            if allowed {
                visit(HackenbushString(p.0[..i].to_vec()))?;
            }
        }
        ControlFlow::Continue(())
    }
}

// ---------------------------------------------------------------- Domineering

/// Domineering: Left places vertical dominoes, Right horizontal ones, on
/// free cells of a board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

/// The most cells a Domineering board may have (a 128-bit board).
pub const MAX_DOMINEERING_CELLS: usize = 128;

/// A Domineering board: printed `domineering("..#|...")`, rows top to
/// bottom separated by `|`, `.` free and `#` blocked. At most
/// [`MAX_DOMINEERING_CELLS`] cells, kept as a bitboard (bit `r * cols + c`
/// set when that cell is free).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct DomineeringBoard {
    rows: u8,
    cols: u8,
    free: u128,
}

/// Parses a Domineering board.
pub fn domineering(text: &str) -> Result<DomineeringBoard, Error> {
    DomineeringBoard::parse(text)
}

impl Domineering {
    /// Parses a board (see [`DomineeringBoard`]).
    pub fn parse(text: &str) -> Result<DomineeringBoard, Error> {
        DomineeringBoard::parse(text)
    }
}

/// `x << n`, zero when `n` is the full width.
fn shl(x: u128, n: usize) -> u128 {
    x.checked_shl(n as u32).unwrap_or(0)
}

/// `x >> n`, zero when `n` is the full width.
fn shr(x: u128, n: usize) -> u128 {
    x.checked_shr(n as u32).unwrap_or(0)
}

const DOMINEERING_ACCEPTED: &str =
    "rows of '.' (free) and '#' (blocked) separated by '|', all of one length, at most 128 cells, e.g. \"...|.#.\"";

impl DomineeringBoard {
    /// Parses rows of `.`/`#` separated by `|`; all rows the same length.
    pub fn parse(text: &str) -> Result<DomineeringBoard, Error> {
        let mut free: u128 = 0;
        let mut cells = 0usize;
        let mut cols = None;
        let mut rows = 0usize;
        let mut offset = 0;
        for row in text.split('|') {
            for (i, c) in row.char_indices() {
                if cells >= MAX_DOMINEERING_CELLS {
                    return Err(position_error(
                        "domineering",
                        text,
                        offset + i,
                        "more than 128 cells",
                        DOMINEERING_ACCEPTED,
                    ));
                }
                match c {
                    '.' => free |= 1 << cells,
                    '#' => {}
                    _ => {
                        return Err(position_error(
                            "domineering",
                            text,
                            offset + i,
                            format!("unexpected {c:?}"),
                            DOMINEERING_ACCEPTED,
                        ))
                    }
                }
                cells += 1;
            }
            let n = row.chars().count();
            match cols {
                None => cols = Some(n),
                Some(c) if c != n => {
                    return Err(position_error(
                        "domineering",
                        text,
                        offset,
                        format!("row {} has {n} cells, the first row {c}", rows + 1),
                        DOMINEERING_ACCEPTED,
                    ))
                }
                _ => {}
            }
            rows += 1;
            offset += row.len() + 1;
        }
        let cols = cols.unwrap_or(0);
        if cols == 0 {
            return Ok(DomineeringBoard {
                rows: 0,
                cols: 0,
                free: 0,
            });
        }
        // rows * cols <= 128 here, so both fit in u8.
        Ok(DomineeringBoard {
            rows: rows as u8,
            cols: cols as u8,
            free,
        })
    }

    /// An empty `rows x cols` board; an error beyond 128 cells.
    pub fn empty(rows: usize, cols: usize) -> Result<DomineeringBoard, Error> {
        if rows * cols > MAX_DOMINEERING_CELLS {
            return Err(position_error(
                "domineering",
                &format!("{rows}x{cols}"),
                0,
                "more than 128 cells",
                DOMINEERING_ACCEPTED,
            ));
        }
        if rows * cols == 0 {
            return Ok(DomineeringBoard {
                rows: 0,
                cols: 0,
                free: 0,
            });
        }
        let n = rows * cols;
        let free = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        Ok(DomineeringBoard {
            rows: rows as u8,
            cols: cols as u8,
            free,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Whether the cell in row `r`, column `c` is free.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.free >> (r * self.cols() + c) & 1 == 1
    }

    /// Cells of every column but the last (where a horizontal domino may start).
    fn not_last_col(&self) -> u128 {
        let w = self.cols();
        DomineeringBoard::from_rows((0..self.rows()).map(|_| low_bits(w.saturating_sub(1))), w).free
    }

    /// The free cells of row `r` as the low `cols` bits.
    fn row(&self, r: usize) -> u128 {
        let w = self.cols();
        shr(self.free, r * w) & low_bits(w)
    }

    /// A board from its rows (each the low `cols` bits).
    fn from_rows(rows: impl Iterator<Item = u128>, cols: usize) -> DomineeringBoard {
        let mut free = 0u128;
        let mut n = 0;
        for (r, bits) in rows.enumerate() {
            free |= shl(bits, r * cols);
            n = r + 1;
        }
        DomineeringBoard {
            rows: n as u8,
            cols: cols as u8,
            free,
        }
    }

    /// The board cropped to the rows and columns holding free cells.
    fn cropped(&self) -> DomineeringBoard {
        if self.free == 0 {
            return DomineeringBoard {
                rows: 0,
                cols: 0,
                free: 0,
            };
        }
        let used: u128 = (0..self.rows()).fold(0, |acc, r| acc | self.row(r));
        let (c0, c1) = (
            used.trailing_zeros() as usize,
            127 - used.leading_zeros() as usize,
        );
        let r0 = (0..self.rows()).find(|&r| self.row(r) != 0).unwrap_or(0);
        let r1 = (0..self.rows())
            .rev()
            .find(|&r| self.row(r) != 0)
            .unwrap_or(0);
        let w = c1 + 1 - c0;
        DomineeringBoard::from_rows((r0..=r1).map(|r| (self.row(r) >> c0) & low_bits(w)), w)
    }

    fn flipped(&self, vertical: bool, horizontal: bool) -> DomineeringBoard {
        let w = self.cols();
        let n = self.rows();
        let row = |r: usize| {
            let bits = self.row(if vertical { n - 1 - r } else { r });
            if horizontal {
                bits.reverse_bits() >> (128 - w)
            } else {
                bits
            }
        };
        DomineeringBoard::from_rows((0..n).map(row), w)
    }
}

/// The low `n` bits set.
fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl fmt::Display for DomineeringBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("domineering(\"")?;
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.is_free(r, c) { "." } else { "#" })?;
            }
        }
        f.write_str("\")")
    }
}

impl PartizanRules for Domineering {
    type Position = DomineeringBoard;

    fn options(&self, b: &DomineeringBoard, player: Player, out: &mut Vec<DomineeringBoard>) {
        let cols = b.cols();
        // Cells where a domino may start: its partner cell is free too.
        let (mut starts, step) = match player {
            Player::Left => (b.free & shr(b.free, cols), cols),
            Player::Right => (b.free & (b.free >> 1) & b.not_last_col(), 1),
        };
        while starts != 0 {
            let i = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            out.push(DomineeringBoard {
                free: b.free & !(1 << i) & !(1 << (i + step)),
                ..*b
            });
        }
    }

    /// The connected regions of free cells (dominoes cannot cross between
    /// them, so the board is their disjunctive sum).
    fn split(&self, b: &DomineeringBoard) -> Vec<DomineeringBoard> {
        let cols = b.cols();
        let inner = b.not_last_col();
        let mut left = b.free;
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg(); // lowest free cell
            loop {
                let grown = (part
                    | shl(part, cols)
                    | shr(part, cols)
                    | (part & inner) << 1
                    | (part >> 1) & inner)
                    & b.free;
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            parts.push(DomineeringBoard { free: part, ..*b });
        }
        if parts.len() <= 1 {
            return vec![*b];
        }
        parts
    }

    /// Cropped to its free cells and the least of its mirror images: both
    /// mirrors keep vertical dominoes vertical, so they keep the value.
    fn normalise(&self, b: &DomineeringBoard) -> DomineeringBoard {
        let c = b.cropped();
        [
            c,
            c.flipped(true, false),
            c.flipped(false, true),
            c.flipped(true, true),
        ]
        .into_iter()
        .min()
        .unwrap_or(c)
    }
}

// ---------------------------------------------------------------- Cutcake

/// Cutcake: Left cuts a rectangle along a vertical line (splitting its
/// width), Right along a horizontal line (splitting its height); a move
/// leaves two rectangles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// A sum of cakes `(width, height)`, kept sorted, `1x1` pieces dropped:
/// printed `cutcake(3,2) + cutcake(1,2)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CutcakeSum(Vec<(u32, u32)>);

/// A single `width x height` cake.
pub fn cutcake(width: u32, height: u32) -> Result<CutcakeSum, Error> {
    if width == 0 || height == 0 {
        return Err(position_error(
            "cutcake",
            &format!("cutcake({width},{height})"),
            0,
            "a side of length 0",
            "cutcake(width, height) with both at least 1",
        ));
    }
    Ok(CutcakeSum::of(vec![(width, height)]))
}

impl CutcakeSum {
    fn of(mut pieces: Vec<(u32, u32)>) -> CutcakeSum {
        pieces.retain(|&p| p != (1, 1));
        pieces.sort_unstable();
        CutcakeSum(pieces)
    }

    /// The pieces `(width, height)`.
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// The value in closed form: every Cutcake position is an integer, the
    /// sum over its pieces of `v(w, h)`, where for `w >= h`
    /// `v(w, h) = floor(w / 2^(bits(h) - 1)) - 1` (`bits` = binary length)
    /// and `v(h, w) = -v(w, h)` (Winning Ways ch. 2; the table and rule as
    /// given in the Math StackExchange answer "Breaking chocolate bars
    /// game"). Checked against the solver in the tests.
    pub fn closed_form(&self) -> i64 {
        fn v(w: u32, h: u32) -> i64 {
            if w < h {
                return -v(h, w);
            }
            let bits = 32 - h.leading_zeros();
            i64::from(w >> (bits - 1)) - 1
        }
        self.0.iter().map(|&(w, h)| v(w, h)).sum()
    }
}

impl fmt::Display for CutcakeSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("cutcake(1,1)");
        }
        for (i, (w, h)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "cutcake({w},{h})")?;
        }
        Ok(())
    }
}

impl PartizanRules for Cutcake {
    type Position = CutcakeSum;

    fn options(&self, p: &CutcakeSum, player: Player, out: &mut Vec<CutcakeSum>) {
        super::rules::all_options(self, p, player, out);
    }

    fn options_until(
        &self,
        p: &CutcakeSum,
        player: Player,
        visit: &mut dyn FnMut(CutcakeSum) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &(w, h)) in p.0.iter().enumerate() {
            if i > 0 && p.0[i - 1] == (w, h) {
                continue;
            }
            let len = if player == Player::Left { w } else { h };
            for a in 1..=len / 2 {
                let mut v = p.0.clone();
                v.remove(i);
                match player {
                    Player::Left => v.extend([(a, h), (w - a, h)]),
                    Player::Right => v.extend([(w, a), (w, h - a)]),
                }
                visit(CutcakeSum::of(v))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn split(&self, p: &CutcakeSum) -> Vec<CutcakeSum> {
        if p.0.len() <= 1 {
            return vec![p.clone()];
        }
        p.0.iter().map(|&piece| CutcakeSum(vec![piece])).collect()
    }
}

// ---------------------------------------------------------------- Toads and Frogs

/// Toads and Frogs (Winning Ways ch. 1; Erickson 1996): toads `t` (Left)
/// move one cell right into an empty cell or jump right over one frog into
/// an empty cell; frogs `f` (Right) do the same leftward.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsFrogs;

/// A Toads and Frogs row: printed `toads_frogs("tt..ff")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ToadsFrogsRow(Vec<u8>);

/// Parses a Toads and Frogs row.
pub fn toads_frogs(text: &str) -> Result<ToadsFrogsRow, Error> {
    ToadsFrogsRow::parse(text)
}

impl ToadsFrogsRow {
    /// Parses `t`/`T` (toad), `f`/`F` (frog) and `.` (empty).
    pub fn parse(text: &str) -> Result<ToadsFrogsRow, Error> {
        text.char_indices()
            .map(|(i, c)| match c {
                't' | 'T' => Ok(b't'),
                'f' | 'F' => Ok(b'f'),
                '.' => Ok(b'.'),
                _ => Err(position_error(
                    "toads_frogs",
                    text,
                    i,
                    format!("unexpected {c:?}"),
                    "'t' (toad, Left), 'f' (frog, Right) and '.' (empty)",
                )),
            })
            .collect::<Result<_, _>>()
            .map(ToadsFrogsRow)
    }
}

impl fmt::Display for ToadsFrogsRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "toads_frogs(\"{}\")",
            std::str::from_utf8(&self.0).unwrap_or("")
        )
    }
}

impl PartizanRules for ToadsFrogs {
    type Position = ToadsFrogsRow;

    fn options(&self, p: &ToadsFrogsRow, player: Player, out: &mut Vec<ToadsFrogsRow>) {
        let s = &p.0;
        let n = s.len();
        let mv = |from: usize, to: usize| {
            let mut t = s.clone();
            t.swap(from, to);
            ToadsFrogsRow(t)
        };
        for i in 0..n {
            match (player, s[i]) {
                (Player::Left, b't') => {
                    if i + 1 < n && s[i + 1] == b'.' {
                        out.push(mv(i, i + 1));
                    } else if i + 2 < n && s[i + 1] == b'f' && s[i + 2] == b'.' {
                        out.push(mv(i, i + 2));
                    }
                }
                (Player::Right, b'f') => {
                    if i >= 1 && s[i - 1] == b'.' {
                        out.push(mv(i, i - 1));
                    } else if i >= 2 && s[i - 1] == b't' && s[i - 2] == b'.' {
                        out.push(mv(i, i - 2));
                    }
                }
                _ => {}
            }
        }
    }

    /// Frogs at the left end and toads at the right end can never move
    /// nor be jumped, so they are dropped.
    fn normalise(&self, p: &ToadsFrogsRow) -> ToadsFrogsRow {
        let s = &p.0;
        let start = s.iter().take_while(|&&c| c == b'f').count();
        let end = s.len() - s[start..].iter().rev().take_while(|&&c| c == b't').count();
        ToadsFrogsRow(s[start..end].to_vec())
    }
}

// ---------------------------------------------------------------- subtraction

/// A partizan subtraction game: from a heap, Left removes a number of
/// tokens from her subtraction set, Right from his.
#[derive(Clone, Copy, Debug, Default)]
pub struct PartizanSubtraction;

/// A heap with the two subtraction sets: printed
/// `subtraction(10, [1,2], [2,3])`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SubtractionHeap {
    /// Tokens in the heap.
    pub heap: u64,
    /// Left's subtraction set (sorted, distinct, positive).
    pub left: Arc<[u64]>,
    /// Right's subtraction set.
    pub right: Arc<[u64]>,
}

/// A heap of `heap` tokens; the sets must hold positive numbers.
pub fn partizan_subtraction(
    heap: u64,
    left: &[u64],
    right: &[u64],
) -> Result<SubtractionHeap, Error> {
    let clean = |s: &[u64]| -> Result<Arc<[u64]>, Error> {
        if s.contains(&0) {
            return Err(position_error(
                "subtraction",
                &format!("{s:?}"),
                0,
                "a subtraction set containing 0",
                "sets of positive integers, e.g. [1,2]",
            ));
        }
        let mut v = s.to_vec();
        v.sort_unstable();
        v.dedup();
        Ok(Arc::from(v))
    };
    Ok(SubtractionHeap {
        heap,
        left: clean(left)?,
        right: clean(right)?,
    })
}

impl fmt::Display for SubtractionHeap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |s: &[u64]| {
            s.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "subtraction({}, [{}], [{}])",
            self.heap,
            list(&self.left),
            list(&self.right)
        )
    }
}

impl PartizanRules for PartizanSubtraction {
    type Position = SubtractionHeap;

    fn options(&self, p: &SubtractionHeap, player: Player, out: &mut Vec<SubtractionHeap>) {
        let set = if player == Player::Left {
            &p.left
        } else {
            &p.right
        };
        for &s in set.iter() {
            if s <= p.heap {
                out.push(SubtractionHeap {
                    heap: p.heap - s,
                    ..p.clone()
                });
            }
        }
    }
}

// ---------------------------------------------------------------- Hackenbush trees

/// Blue-red-green Hackenbush on rooted trees (forests on the ground).
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushTrees;

/// An edge with the subtrees standing on its upper end.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Edge {
    /// The colour of the edge.
    pub colour: Colour,
    /// The edges standing on it, kept sorted.
    pub above: Vec<Edge>,
}

/// A forest of Hackenbush trees on the ground, printed
/// `hackenbush_tree("l(r,le),e")`: a tree is a path of edges from the ground
/// up (`l` blue, `r` red, `e` green) optionally followed by the trees on its
/// top in parentheses; trees side by side are separated by commas.
///
/// CGSuite's spelling reads too (its `Graph` strings, as
/// `game.graph.Hackenbush` takes them): branches separated by semicolons,
/// `l(l;rl)`, and a parenthesised list of branches standing on the vertex
/// before it, so that `(lr;e)` is a forest on the ground. CGSuite's vertex
/// names (`:A`), which join vertices into cycles, and a `;` outside
/// parentheses (a second component, off the ground) are refused.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HackenbushForest(pub Vec<Edge>);

/// Parses a Hackenbush forest (see [`HackenbushForest`]).
pub fn hackenbush_tree(text: &str) -> Result<HackenbushForest, Error> {
    const ACCEPTED: &str = "trees like \"l(r,le),e\": a path of 'l'/'r'/'e' edges from the ground up, then the trees on its top in parentheses, trees separated by ',' (or, inside parentheses, by ';' as CGSuite writes them: \"l(l;rl)\", \"(lr;e)\")";
    let error =
        |at: usize, reason: String| position_error("hackenbush_tree", text, at, reason, ACCEPTED);
    /// The trees standing on one vertex, up to `)` or the end: each a path
    /// with what stands on its top, or `(…)`, more trees on this vertex.
    fn forest(
        s: &[u8],
        at: &mut usize,
        top: bool,
        error: &dyn Fn(usize, String) -> Error,
    ) -> Result<Vec<Edge>, Error> {
        let mut trees = Vec::new();
        loop {
            match s.get(*at) {
                // CGSuite's empty branch, `l(;r)`, stands for nothing.
                Some(b';' | b',' | b')') | None if !top => {}
                Some(b'(') => {
                    *at += 1;
                    trees.extend(forest(s, at, false, error)?);
                    close(s, at, error)?;
                }
                _ => trees.push(path(s, at, error)?),
            }
            match s.get(*at) {
                Some(b',') => *at += 1,
                Some(b';') if !top => *at += 1,
                Some(b';') => {
                    return Err(error(
                        *at,
                        "a ';' outside parentheses, which in CGSuite starts a second \
                         component, off the ground"
                            .into(),
                    ))
                }
                Some(b':') => {
                    return Err(error(
                        *at,
                        "a vertex name, which CGSuite uses to join vertices into cycles; \
                         these are trees"
                            .into(),
                    ))
                }
                Some(&c) if top => return Err(error(*at, format!("unexpected {:?}", c as char))),
                _ => break,
            }
        }
        trees.sort();
        Ok(trees)
    }
    fn close(
        s: &[u8],
        at: &mut usize,
        error: &dyn Fn(usize, String) -> Error,
    ) -> Result<(), Error> {
        if s.get(*at) != Some(&b')') {
            return Err(error(*at, "an unclosed '('".into()));
        }
        *at += 1;
        Ok(())
    }
    fn path(
        s: &[u8],
        at: &mut usize,
        error: &dyn Fn(usize, String) -> Error,
    ) -> Result<Edge, Error> {
        let mut colours = Vec::new();
        while *at < s.len() {
            let c = match s[*at] {
                b'l' => Colour::Blue,
                b'r' => Colour::Red,
                b'e' => Colour::Green,
                _ => break,
            };
            colours.push(c);
            *at += 1;
        }
        if colours.is_empty() {
            let found = s
                .get(*at)
                .map_or("end of input".to_string(), |&c| format!("{:?}", c as char));
            return Err(error(*at, format!("expected an edge, found {found}")));
        }
        let mut above = Vec::new();
        if s.get(*at) == Some(&b'(') {
            *at += 1;
            above = forest(s, at, false, error)?;
            close(s, at, error)?;
        }
        let mut edge = Edge {
            colour: colours.pop().unwrap_or(Colour::Green),
            above,
        };
        while let Some(c) = colours.pop() {
            edge = Edge {
                colour: c,
                above: vec![edge],
            };
        }
        Ok(edge)
    }
    let mut at = 0;
    let s = text.as_bytes();
    if s.is_empty() {
        return Ok(HackenbushForest(Vec::new()));
    }
    forest(s, &mut at, true, &error).map(HackenbushForest)
}

impl Edge {
    /// The green-Hackenbush value `*n` of this edge with everything above
    /// it, by the colon principle (Winning Ways ch. 7): a stalk of one edge
    /// under a tree of value `*g` is `*(g + 1)`; trees side by side nim-add.
    /// `None` if an edge is not green.
    pub fn green_value(&self) -> Option<u64> {
        if self.colour != Colour::Green {
            return None;
        }
        let mut g = 0;
        for e in &self.above {
            g ^= e.green_value()?;
        }
        Some(g + 1)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.colour {
            Colour::Blue => "l",
            Colour::Red => "r",
            Colour::Green => "e",
        })?;
        match self.above.as_slice() {
            [] => Ok(()),
            [one] => one.write(f),
            many => {
                f.write_str("(")?;
                for (i, e) in many.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    e.write(f)?;
                }
                f.write_str(")")
            }
        }
    }

    /// Every way to cut one edge of `player`'s colour (or green) in this
    /// tree: `None` stands for cutting this edge itself.
    fn cuts(&self, player: Player, out: &mut Vec<Option<Edge>>) {
        if self.colour == Colour::Green || (self.colour == Colour::Blue) == (player == Player::Left)
        {
            out.push(None);
        }
        for (i, e) in self.above.iter().enumerate() {
            let mut sub = Vec::new();
            e.cuts(player, &mut sub);
            for s in sub {
                let mut above = self.above.clone();
                match s {
                    None => {
                        above.remove(i);
                    }
                    Some(t) => above[i] = t,
                }
                above.sort();
                out.push(Some(Edge {
                    colour: self.colour,
                    above,
                }));
            }
        }
    }
}

impl fmt::Display for HackenbushForest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("hackenbush_tree(\"")?;
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            e.write(f)?;
        }
        f.write_str("\")")
    }
}

impl PartizanRules for HackenbushTrees {
    type Position = HackenbushForest;

    fn options(&self, p: &HackenbushForest, player: Player, out: &mut Vec<HackenbushForest>) {
        for (i, e) in p.0.iter().enumerate() {
            let mut cuts = Vec::new();
            e.cuts(player, &mut cuts);
            for c in cuts {
                let mut trees = p.0.clone();
                match c {
                    None => {
                        trees.remove(i);
                    }
                    Some(t) => trees[i] = t,
                }
                trees.sort();
                out.push(HackenbushForest(trees));
            }
        }
    }

    /// Trees on the ground are independent summands.
    fn split(&self, p: &HackenbushForest) -> Vec<HackenbushForest> {
        if p.0.len() <= 1 {
            return vec![p.clone()];
        }
        p.0.iter()
            .map(|e| HackenbushForest(vec![e.clone()]))
            .collect()
    }
}
