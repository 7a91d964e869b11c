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
use super::rules::{PartizanRules, Sign};
use super::Error;
use crate::vocab::outcome::Player;

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
#[repr(C, packed(8))]
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
        NOT_LAST_COL[self.cols()] & low_bits(self.rows() * self.cols())
    }

    /// The free cells that have a free neighbour: a cell with none can
    /// never be covered (its neighbours only fill up), so it is dropped.
    fn without_isolated(&self) -> DomineeringBoard {
        let (f, w, inner) = (self.free, self.cols(), self.not_last_col());
        let near = shl(f, w) | shr(f, w) | (f & inner) << 1 | (f >> 1) & inner;
        DomineeringBoard {
            free: f & near,
            ..*self
        }
    }

    /// The free cells of row `r` as the low `cols` bits.
    fn row(&self, r: usize) -> u128 {
        let w = self.cols();
        shr(self.free, r * w) & low_bits(w)
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
        let w = self.cols();
        let r0 = self.free.trailing_zeros() as usize / w;
        let r1 = (127 - self.free.leading_zeros() as usize) / w;
        let used: u128 = (r0..=r1).fold(0, |acc, r| acc | self.row(r));
        let c0 = used.trailing_zeros() as usize;
        let c1 = 127 - used.leading_zeros() as usize;
        let shifted = self.free >> (r0 * w + c0);
        if c0 == 0 && c1 + 1 == w {
            return DomineeringBoard {
                rows: (r1 + 1 - r0) as u8,
                cols: w as u8,
                free: shifted,
            };
        }
        let nw = c1 + 1 - c0;
        let mask = low_bits(nw);
        let mut free = 0u128;
        for r in 0..=r1 - r0 {
            free |= (shr(shifted, r * w) & mask) << (r * nw);
        }
        DomineeringBoard {
            rows: (r1 + 1 - r0) as u8,
            cols: nw as u8,
            free,
        }
    }

    /// The board turned half a turn: cell `i` of `n` goes to `n - 1 - i`.
    fn turned(&self) -> DomineeringBoard {
        let n = self.rows() * self.cols();
        DomineeringBoard {
            free: shr(self.free.reverse_bits(), 128 - n),
            ..*self
        }
    }

    /// The board with its rows in reverse order (upside down).
    fn upside_down(&self) -> DomineeringBoard {
        let (h, w) = (self.rows(), self.cols());
        let mask = low_bits(w);
        let mut free = 0u128;
        // r * w and (h - 1 - r) * w stay below h * w <= 128.
        for r in 0..h {
            free |= ((self.free >> (r * w)) & mask) << ((h - 1 - r) * w);
        }
        DomineeringBoard { free, ..*self }
    }

    /// The board reflected in its main diagonal: rows become columns, so
    /// Left's vertical dominoes become Right's horizontal ones.
    fn transposed(&self) -> DomineeringBoard {
        let (h, w) = (self.rows(), self.cols());
        let mut free = 0u128;
        let mut bits = self.free;
        let (mut r, mut start) = (0, 0);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            while i >= start + w {
                r += 1;
                start += w;
            }
            free |= 1 << ((i - start) * h + r);
        }
        DomineeringBoard {
            rows: w as u8,
            cols: h as u8,
            free,
        }
    }

    /// The least of the board's four images under the reflections that keep
    /// vertical dominoes vertical (and so keep the value).
    fn least_mirror(&self) -> DomineeringBoard {
        let flipped = self.upside_down();
        let least = self
            .free
            .min(self.turned().free)
            .min(flipped.free)
            .min(flipped.turned().free);
        DomineeringBoard {
            free: least,
            ..*self
        }
    }
}

/// A board of at most 8 x 8 cells in one `u64` with a row every 8 bits
/// (`r * 8 + c`), whatever its width: there the eight symmetries are a few
/// word operations each (the bit-board tricks of chess programs). Keys of
/// boards this small take most of the Domineering solver's time otherwise.
#[derive(Clone, Copy)]
struct Small {
    rows: usize,
    cols: usize,
    bits: u64,
}

/// The first column's cells in the 8-wide layout.
const COLUMN_0: u64 = 0x0101_0101_0101_0101;
/// The last (8th) column's cells.
const COLUMN_7: u64 = COLUMN_0 << 7;

impl Small {
    /// The board's cells re-laid 8 to a row; the board is at most 8 x 8,
    /// so its packed cells fit in a `u64` too.
    fn from_board(b: &DomineeringBoard) -> Small {
        let (h, w) = (b.rows(), b.cols());
        let packed = b.free as u64;
        if w == 8 {
            return Small {
                rows: h,
                cols: w,
                bits: packed,
            };
        }
        let mask = (1u64 << w) - 1;
        let mut bits = 0u64;
        for r in 0..h {
            bits |= ((packed >> (r * w)) & mask) << (8 * r);
        }
        Small {
            rows: h,
            cols: w,
            bits,
        }
    }

    fn to_board(self) -> DomineeringBoard {
        let w = self.cols;
        let mut free = 0u64;
        for r in 0..self.rows {
            free |= ((self.bits >> (8 * r)) & 0xff) << (r * w);
        }
        DomineeringBoard {
            rows: self.rows as u8,
            cols: w as u8,
            free: u128::from(free),
        }
    }

    /// [`Domineering::symmetric_key`]: isolated cells dropped, cropped, and
    /// the least of the eight images (the packed boards of one shape are
    /// ordered as these words are: row by row from the last).
    fn key(self) -> (DomineeringBoard, Sign) {
        let x = self.bits;
        let near = x << 8 | x >> 8 | (x << 1) & !COLUMN_0 | (x >> 1) & !COLUMN_7;
        let x = x & near;
        if x == 0 {
            return (
                DomineeringBoard {
                    rows: 0,
                    cols: 0,
                    free: 0,
                },
                Sign::Same,
            );
        }
        let r0 = x.trailing_zeros() as usize / 8;
        let r1 = (63 - x.leading_zeros() as usize) / 8;
        let mut used = x;
        used |= used >> 32;
        used |= used >> 16;
        used |= used >> 8;
        let used = used & 0xff;
        let c0 = used.trailing_zeros() as usize;
        let c1 = 63 - used.leading_zeros() as usize;
        let c = Small {
            rows: r1 + 1 - r0,
            cols: c1 + 1 - c0,
            bits: x >> (8 * r0 + c0),
        };
        match c.rows.cmp(&c.cols) {
            std::cmp::Ordering::Less => (c.least_mirror().to_board(), Sign::Same),
            std::cmp::Ordering::Greater => {
                (c.transposed().least_mirror().to_board(), Sign::Negated)
            }
            std::cmp::Ordering::Equal => {
                let same = c.least_mirror();
                let negated = c.transposed().least_mirror();
                if negated.bits < same.bits {
                    (negated.to_board(), Sign::Negated)
                } else {
                    (same.to_board(), Sign::Same)
                }
            }
        }
    }

    /// The least of the four images that keep vertical dominoes vertical:
    /// rows reversed (a byte swap), columns reversed (bits reversed within
    /// each byte), and both.
    fn least_mirror(self) -> Small {
        let x = self.bits;
        let up = 8 * (8 - self.rows);
        let side = 8 - self.cols;
        let upside_down = x.swap_bytes() >> up;
        let mirrored = x.reverse_bits().swap_bytes() >> side;
        let turned = x.reverse_bits() >> (up + side);
        Small {
            bits: x.min(upside_down).min(mirrored).min(turned),
            ..self
        }
    }

    /// Reflected in the main diagonal (cell `(r, c)` to `(c, r)`), by three
    /// exchanges of bit blocks (the diagonal flip of chess bit-boards).
    fn transposed(self) -> Small {
        let mut x = self.bits;
        let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Small {
            rows: self.cols,
            cols: self.rows,
            bits: x,
        }
    }
}

/// `NOT_LAST_COL[w]`: every bit but those of the last column of a board
/// `w` wide (all 128 bits, to be cut to the board's cells).
static NOT_LAST_COL: [u128; MAX_DOMINEERING_CELLS + 1] = {
    let mut t = [0u128; MAX_DOMINEERING_CELLS + 1];
    let mut w = 1;
    while w <= MAX_DOMINEERING_CELLS {
        let mut last = 0u128;
        let mut i = w - 1;
        while i < 128 {
            last |= 1 << i;
            i += w;
        }
        t[w] = !last;
        w += 1;
    }
    t
};

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
    fn split(&self, b: &DomineeringBoard, parts: &mut Vec<DomineeringBoard>) {
        let cols = b.cols();
        let inner = b.not_last_col();
        if b.rows() * cols <= 64 && cols < 64 {
            // The same on one word: most boards a search meets are small.
            let (free, inner) = (b.free as u64, inner as u64);
            let mut left = free;
            while left != 0 {
                let mut part = left & left.wrapping_neg();
                loop {
                    let grown = (part
                        | part << cols
                        | part >> cols
                        | (part & inner) << 1
                        | (part >> 1) & inner)
                        & free;
                    if grown == part {
                        break;
                    }
                    part = grown;
                }
                if part == free {
                    return;
                }
                left &= !part;
                parts.push(DomineeringBoard {
                    free: u128::from(part),
                    ..*b
                });
            }
            return;
        }
        let start = parts.len();
        let mut left = b.free;
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
        if parts.len() - start <= 1 {
            parts.truncate(start);
        }
    }

    /// Cells no domino can cover dropped, cropped to its free cells, and
    /// the least of its mirror images: both mirrors keep vertical dominoes
    /// vertical, so they keep the value.
    fn normalise(&self, b: &DomineeringBoard) -> DomineeringBoard {
        b.without_isolated().cropped().least_mirror()
    }

    /// [`normalise`](Self::normalise), and transposition too: a board
    /// reflected in its diagonal swaps vertical and horizontal dominoes, so
    /// its value is the negative (Winning Ways ch. 2). The key is the least
    /// of the eight images, shape first, so a board with more rows than
    /// columns is always keyed by its transpose.
    fn symmetric_key(&self, b: &DomineeringBoard) -> (DomineeringBoard, Sign) {
        if b.rows() <= 8 && b.cols() <= 8 {
            return Small::from_board(b).key();
        }
        b.symmetric_key_wide()
    }
}

impl DomineeringBoard {
    /// [`Domineering::symmetric_key`] for a board of any size: the least of
    /// the eight images, by the bit operations of the packed board.
    fn symmetric_key_wide(&self) -> (DomineeringBoard, Sign) {
        let c = self.without_isolated().cropped();
        match c.rows.cmp(&c.cols) {
            std::cmp::Ordering::Less => (c.least_mirror(), Sign::Same),
            std::cmp::Ordering::Greater => (c.transposed().least_mirror(), Sign::Negated),
            std::cmp::Ordering::Equal => {
                let same = c.least_mirror();
                let negated = c.transposed().least_mirror();
                if negated < same {
                    (negated, Sign::Negated)
                } else {
                    (same, Sign::Same)
                }
            }
        }
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

    fn split(&self, p: &CutcakeSum, parts: &mut Vec<CutcakeSum>) {
        if p.0.len() > 1 {
            parts.extend(p.0.iter().map(|&piece| CutcakeSum(vec![piece])));
        }
    }
}

// ---------------------------------------------------------------- Toads and Frogs

/// Toads and Frogs (Winning Ways ch. 1; Erickson 1996): toads `t` (Left)
/// move one cell right into an empty cell or jump right over one frog into
/// an empty cell; frogs `f` (Right) do the same leftward.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsFrogs;

/// The most cells a Toads and Frogs row may have.
pub const MAX_TOADS_FROGS_CELLS: usize = 120;

/// A Toads and Frogs row: printed `toads_frogs("tt..ff")`. At most
/// [`MAX_TOADS_FROGS_CELLS`] cells, kept as two bit sets (bit `i` for the
/// `i`-th cell from the left), so that a position is copied, hashed and
/// moved in a few word operations.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ToadsFrogsRow {
    /// The toads, low word first, with the row's length in the top byte
    /// (cells stop at 120): a row is 32 bytes with no padding, so that more
    /// of the memo stays in cache.
    toads_len: [u64; 2],
    frogs: [u64; 2],
}

/// Parses a Toads and Frogs row.
pub fn toads_frogs(text: &str) -> Result<ToadsFrogsRow, Error> {
    ToadsFrogsRow::parse(text)
}

const TOADS_FROGS_ACCEPTED: &str =
    "'t' (toad, Left), 'f' (frog, Right) and '.' (empty), at most 120 cells";

impl ToadsFrogsRow {
    /// Parses `t`/`T` (toad), `f`/`F` (frog) and `.` (empty).
    pub fn parse(text: &str) -> Result<ToadsFrogsRow, Error> {
        let (mut toads, mut frogs, mut len) = (0u128, 0u128, 0usize);
        for (n, (i, c)) in text.char_indices().enumerate() {
            let bad = |reason: String| {
                position_error("toads_frogs", text, i, reason, TOADS_FROGS_ACCEPTED)
            };
            if n >= MAX_TOADS_FROGS_CELLS {
                return Err(bad(format!("more than {MAX_TOADS_FROGS_CELLS} cells")));
            }
            match c {
                't' | 'T' => toads |= 1 << n,
                'f' | 'F' => frogs |= 1 << n,
                '.' => {}
                _ => return Err(bad(format!("unexpected {c:?}"))),
            }
            len += 1;
        }
        Ok(ToadsFrogsRow::new(len, toads, frogs))
    }

    const EMPTY: ToadsFrogsRow = ToadsFrogsRow {
        toads_len: [0; 2],
        frogs: [0; 2],
    };

    /// The row of `len` cells (at most 120) with these toads and frogs.
    fn new(len: usize, toads: u128, frogs: u128) -> ToadsFrogsRow {
        debug_assert!(len <= MAX_TOADS_FROGS_CELLS);
        let toads_len = toads | (len as u128) << 120;
        ToadsFrogsRow {
            toads_len: [toads_len as u64, (toads_len >> 64) as u64],
            frogs: [frogs as u64, (frogs >> 64) as u64],
        }
    }

    fn len(&self) -> usize {
        (self.toads_len[1] >> 56) as usize
    }

    /// The number of cells in the row.
    pub fn cells_count(&self) -> usize {
        self.len()
    }

    /// Cell `i` (from 0 at the left): `b't'` a toad, `b'f'` a frog, `b'.'`
    /// empty (past the end too).
    pub fn cell(&self, i: usize) -> u8 {
        if i >= self.len() {
            b'.'
        } else if self.toads() >> i & 1 == 1 {
            b't'
        } else if self.frogs() >> i & 1 == 1 {
            b'f'
        } else {
            b'.'
        }
    }

    fn toads(&self) -> u128 {
        (u128::from(self.toads_len[1] & !(0xff << 56)) << 64) | u128::from(self.toads_len[0])
    }

    fn frogs(&self) -> u128 {
        (u128::from(self.frogs[1]) << 64) | u128::from(self.frogs[0])
    }

    fn cells(&self) -> u128 {
        low_bits(self.len())
    }

    /// The cells `start..end` as a row of their own.
    fn slice(&self, start: usize, end: usize) -> ToadsFrogsRow {
        let mask = low_bits(end - start);
        ToadsFrogsRow::new(
            end - start,
            shr(self.toads(), start) & mask,
            shr(self.frogs(), start) & mask,
        )
    }

    /// The row read backwards with toads and frogs exchanged.
    fn mirrored(&self) -> ToadsFrogsRow {
        let n = self.len();
        let back = |x: u128| shr(x.reverse_bits(), 128 - n);
        ToadsFrogsRow::new(n, back(self.frogs()), back(self.toads()))
    }

    /// The pieces that can never move, whatever is played: the largest set
    /// of pieces each of which is blocked while all of them stay in place
    /// (a toad at the right end, or before a piece of the set that is a
    /// toad or a frog with the end or another piece of the set behind it;
    /// frogs likewise leftward). Since none of them can be the first to
    /// move, none ever moves: start from every piece and drop the ones that
    /// might move until none is dropped.
    fn stuck(&self) -> u128 {
        let beyond = !self.cells(); // the cells past the right end
        let (toads, frogs) = (self.toads(), self.frogs());
        let mut dead = toads | frogs;
        loop {
            // Bit i: cell i + k (toads) or i - k (frogs) is held for good,
            // the row's ends counting as held.
            let held = dead | beyond;
            let toad_blocked = (held >> 1) & (((toads | beyond) >> 1) | (held >> 2));
            let frog_blocked = (held << 1 | 1) & ((frogs << 1 | 1) | (held << 2 | 3));
            let next = dead & ((toads & toad_blocked) | (frogs & frog_blocked));
            if next == dead {
                return dead;
            }
            dead = next;
        }
    }
}

impl fmt::Display for ToadsFrogsRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("toads_frogs(\"")?;
        let (toads, frogs) = (self.toads(), self.frogs());
        for i in 0..self.len() {
            f.write_str(if toads >> i & 1 == 1 {
                "t"
            } else if frogs >> i & 1 == 1 {
                "f"
            } else {
                "."
            })?;
        }
        f.write_str("\")")
    }
}

impl PartizanRules for ToadsFrogs {
    type Position = ToadsFrogsRow;

    fn options(&self, p: &ToadsFrogsRow, player: Player, out: &mut Vec<ToadsFrogsRow>) {
        let (toads, frogs) = (p.toads(), p.frogs());
        let empty = p.cells() & !(toads | frogs);
        // A piece steps into the empty cell ahead, or else jumps the
        // opponent's piece ahead into the empty cell behind it.
        let (mine, theirs) = match player {
            Player::Left => (toads, frogs),
            Player::Right => (frogs, toads),
        };
        let (step, jump) = match player {
            Player::Left => (mine & (empty >> 1), mine & (theirs >> 1) & (empty >> 2)),
            Player::Right => (mine & (empty << 1), mine & (theirs << 1) & (empty << 2)),
        };
        let mut movers = step | jump;
        while movers != 0 {
            let i = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let dist = if step >> i & 1 == 1 { 1 } else { 2 };
            let to = if player == Player::Left {
                i + dist
            } else {
                i - dist
            };
            let moved = mine ^ (1 << i) ^ (1 << to);
            out.push(match player {
                Player::Left => ToadsFrogsRow::new(p.len(), moved, frogs),
                Player::Right => ToadsFrogsRow::new(p.len(), toads, moved),
            });
        }
    }

    /// Pieces that can never move at the ends of the row (frogs at the
    /// left end, toads at the right end, and whatever
    /// `ToadsFrogsRow::stuck` finds) are dropped: nothing can step onto
    /// them or jump over them.
    fn normalise(&self, p: &ToadsFrogsRow) -> ToadsFrogsRow {
        let alive = p.cells() & !p.stuck();
        if alive == 0 {
            return ToadsFrogsRow::EMPTY;
        }
        let start = alive.trailing_zeros() as usize;
        let end = 128 - alive.leading_zeros() as usize;
        p.slice(start, end)
    }

    /// The row read backwards with toads and frogs exchanged is the same
    /// game with Left and Right exchanged: its value is the negative
    /// (Winning Ways ch. 1). The key is the lesser of the two.
    fn symmetric_key(&self, p: &ToadsFrogsRow) -> (ToadsFrogsRow, Sign) {
        let n = self.normalise(p);
        let mirror = n.mirrored();
        if mirror < n {
            (mirror, Sign::Negated)
        } else {
            (n, Sign::Same)
        }
    }

    /// Erickson's Terminal Toads Theorem and Finished Frogs Formula
    /// ("New Toads and Frogs Results", *Games of No Chance*, 1996): a toad
    /// to the right of every frog is worth the row without it (its cell
    /// taken out) plus the empty cells ahead of it, Left's moves in hand
    /// whatever else is played; frogs to the left of every toad likewise
    /// for Right. A row with such pieces is the row without them plus that
    /// integer.
    fn integer_part(&self, p: &ToadsFrogsRow) -> Option<(ToadsFrogsRow, i64)> {
        let cells = p.cells();
        let (toads, frogs) = (p.toads(), p.frogs());
        let empty = cells & !(toads | frogs);
        // Cells past the last frog, and before the first toad.
        let past_frogs = cells & !low_bits(128 - frogs.leading_zeros() as usize);
        let before_toads = low_bits(toads.trailing_zeros() as usize) & cells;
        let done = (toads & past_frogs) | (frogs & before_toads);
        if done == 0 {
            return None;
        }
        let mut plus = 0i64;
        let (mut len, mut kept_toads, mut kept_frogs) = (p.len(), toads, frogs);
        // From the right end, so that the cells still to be taken out keep
        // their places.
        let mut rest = done;
        while rest != 0 {
            let i = 127 - rest.leading_zeros() as usize;
            rest &= !(1u128 << i);
            if toads >> i & 1 == 1 {
                plus += i64::from((empty & !low_bits(i + 1)).count_ones());
            } else {
                plus -= i64::from((empty & low_bits(i)).count_ones());
            }
            let cut = |x: u128| (x & low_bits(i)) | shl(shr(x, i + 1), i);
            kept_toads = cut(kept_toads);
            kept_frogs = cut(kept_frogs);
            len -= 1;
        }
        if kept_toads | kept_frogs == 0 {
            len = 0;
        }
        Some((ToadsFrogsRow::new(len, kept_toads, kept_frogs), plus))
    }

    /// Two pieces side by side that can never move
    /// (`ToadsFrogsRow::stuck`) cut the row: no piece can step onto them
    /// or jump over both, so the pieces on either side never meet and the
    /// row is the sum of the two sides.
    fn split(&self, p: &ToadsFrogsRow, parts: &mut Vec<ToadsFrogsRow>) {
        let dead = p.stuck();
        let pairs = dead & (dead >> 1);
        if pairs == 0 {
            return;
        }
        let start_len = parts.len();
        let mut rest = p.cells() & !(pairs | pairs << 1);
        while rest != 0 {
            let start = rest.trailing_zeros() as usize;
            let end = start + (rest >> start).trailing_ones() as usize;
            parts.push(p.slice(start, end));
            rest &= !(low_bits(end) & !low_bits(start));
        }
        if parts.len() - start_len < 2 {
            parts.truncate(start_len);
        }
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

    /// A single tree is the ordinal sum of its lowest edge and the trees on
    /// its top: cutting the edge takes them all away.
    fn ordinal_parts(&self, p: &HackenbushForest) -> Option<(HackenbushForest, HackenbushForest)> {
        match p.0.as_slice() {
            [e] if !e.above.is_empty() => Some((
                HackenbushForest(vec![Edge {
                    colour: e.colour,
                    above: Vec::new(),
                }]),
                HackenbushForest(e.above.clone()),
            )),
            _ => None,
        }
    }

    /// Trees on the ground are independent summands.
    fn split(&self, p: &HackenbushForest, parts: &mut Vec<HackenbushForest>) {
        if p.0.len() > 1 {
            parts.extend(p.0.iter().map(|e| HackenbushForest(vec![e.clone()])));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of `rows x cols` (all subsets of free cells).
    fn boards(rows: usize, cols: usize) -> impl Iterator<Item = DomineeringBoard> {
        (0u128..1 << (rows * cols)).map(move |free| DomineeringBoard {
            rows: rows as u8,
            cols: cols as u8,
            free,
        })
    }

    /// The least of the eight images by the definition: every reflection
    /// and transposition cell by cell, the transposed ones negated.
    fn key_by_definition(b: &DomineeringBoard) -> (DomineeringBoard, Sign) {
        let b = b.without_isolated().cropped();
        let (h, w) = (b.rows(), b.cols());
        let mut best: Option<(DomineeringBoard, Sign)> = None;
        for transpose in [false, true] {
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    let (nh, nw) = if transpose { (w, h) } else { (h, w) };
                    let mut free = 0u128;
                    for r in 0..h {
                        for c in 0..w {
                            if !b.is_free(r, c) {
                                continue;
                            }
                            let r1 = if flip_rows { h - 1 - r } else { r };
                            let c1 = if flip_cols { w - 1 - c } else { c };
                            let (r2, c2) = if transpose { (c1, r1) } else { (r1, c1) };
                            free |= 1 << (r2 * nw + c2);
                        }
                    }
                    let image = DomineeringBoard {
                        rows: nh as u8,
                        cols: nw as u8,
                        free,
                    };
                    let sign = if transpose { Sign::Negated } else { Sign::Same };
                    if best.is_none_or(|(k, s)| (image, sign != Sign::Same) < (k, s != Sign::Same))
                    {
                        best = Some((image, sign));
                    }
                }
            }
        }
        best.expect("eight images")
    }

    #[test]
    fn domineering_keys_are_the_least_image_on_every_small_board() {
        for (rows, cols) in [
            (1, 9),
            (2, 5),
            (3, 3),
            (3, 4),
            (4, 3),
            (2, 6),
            (5, 2),
            (4, 4),
        ] {
            for b in boards(rows, cols) {
                let want = key_by_definition(&b);
                assert_eq!(b.symmetric_key_wide(), want, "{b}");
                if rows <= 8 && cols <= 8 {
                    assert_eq!(Small::from_board(&b).key(), want, "{b}");
                }
                assert_eq!(Domineering.symmetric_key(&b), want, "{b}");
            }
        }
    }

    /// The connected regions of free cells by a search over coordinates,
    /// each as the set of its cells' bits, sorted.
    fn regions_by_definition(b: &DomineeringBoard) -> Vec<u128> {
        let (h, w) = (b.rows(), b.cols());
        let mut seen = 0u128;
        let mut regions = Vec::new();
        for start in 0..h * w {
            if b.free >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut region = 0u128;
            let mut todo = vec![start];
            seen |= 1 << start;
            while let Some(i) = todo.pop() {
                region |= 1 << i;
                let (r, c) = (i / w, i % w);
                let near = [
                    (r > 0).then(|| i - w),
                    (r + 1 < h).then(|| i + w),
                    (c > 0).then(|| i - 1),
                    (c + 1 < w).then(|| i + 1),
                ];
                for j in near.into_iter().flatten() {
                    if b.free >> j & 1 == 1 && seen >> j & 1 == 0 {
                        seen |= 1 << j;
                        todo.push(j);
                    }
                }
            }
            regions.push(region);
        }
        regions.sort_unstable();
        regions
    }

    /// A fixed pseudo-random sequence of words from `seed` (xorshift64).
    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn domineering_splits_into_the_connected_regions() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        // Shapes on one word and shapes beyond it (the two ways of split).
        for (rows, cols) in [
            (3, 4),
            (5, 5),
            (8, 8),
            (4, 16),
            (1, 64),
            (9, 9),
            (8, 16),
            (1, 128),
            (11, 11),
        ] {
            for k in 0..200 {
                let mut word = || u128::from(next()) << 64 | u128::from(next());
                let free = match k % 3 {
                    0 => word() & word(),
                    1 => word(),
                    _ => word() | word(),
                } & low_bits(rows * cols);
                let b = DomineeringBoard {
                    rows: rows as u8,
                    cols: cols as u8,
                    free,
                };
                let mut parts = Vec::new();
                Domineering.split(&b, &mut parts);
                let mut got: Vec<u128> = parts.iter().map(|p| p.free).collect();
                got.sort_unstable();
                let want = regions_by_definition(&b);
                if want.len() <= 1 {
                    assert_eq!(got, Vec::<u128>::new(), "{b}");
                } else {
                    assert_eq!(got, want, "{b}");
                }
            }
        }
    }

    #[test]
    fn domineering_keys_agree_on_large_boards() {
        // A fixed pseudo-random walk over boards of every shape up to 8x8
        // (both ways of computing the key) and beyond (the wide way alone).
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for rows in 1..=11 {
            for cols in 1..=11 {
                if rows * cols > MAX_DOMINEERING_CELLS {
                    continue;
                }
                for k in 0..60 {
                    let mut word = || u128::from(next()) << 64 | u128::from(next());
                    // A quarter, a half or three quarters of the cells free.
                    let free = match k % 3 {
                        0 => word() & word(),
                        1 => word(),
                        _ => word() | word(),
                    };
                    let b = DomineeringBoard {
                        rows: rows as u8,
                        cols: cols as u8,
                        free: free & low_bits(rows * cols),
                    };
                    let want = key_by_definition(&b);
                    assert_eq!(b.symmetric_key_wide(), want, "{b}");
                    assert_eq!(Domineering.symmetric_key(&b), want, "{b}");
                }
            }
        }
    }
}
