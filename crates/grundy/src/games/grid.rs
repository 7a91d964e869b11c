//! Rectangular boards written as CGSuite writes them: rows top to bottom
//! separated by `|`, one character per cell (`"x..#|o..."`), shared by the
//! grid games of the catalogue.
//!
//! A cell holds a small code: the index of its character in the game's
//! character map (CGSuite's `CharMap`, e.g. `".xo#"`), so code 0 is the
//! first character. Letters are read case-insensitively, as CGSuite does.

use std::fmt;

use crate::partizan::Error;

/// Declares a grid game's board: a newtype over [`Grid`], its accessor, and
/// its `Display` as the expression it is read from (`name("x..|o..")`), the
/// cells written with the game's character map `syntax.charmap`. Its reader
/// stays with the game, which may check more than the grid's syntax.
macro_rules! grid_board {
    ($(#[$meta:meta])* $board:ident, $name:literal, $syntax:path) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $board($crate::games::grid::Grid);

        impl $board {
            /// The board.
            pub fn grid(&self) -> &$crate::games::grid::Grid {
                &self.0
            }
        }

        impl ::std::fmt::Display for $board {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(concat!($name, "(\""))?;
                self.0.write(f, $syntax.charmap)?;
                f.write_str("\")")
            }
        }
    };
}
pub(crate) use grid_board;

/// An error about the text of a position of `game`.
pub(crate) fn position_error(
    game: &'static str,
    input: &str,
    at: usize,
    reason: impl Into<String>,
    accepted: &'static str,
) -> Error {
    // A 20 MB line is not echoed back whole.
    const SHOWN: usize = 200;
    let input = if input.len() > SHOWN {
        let cut = (0..=SHOWN)
            .rev()
            .find(|&i| input.is_char_boundary(i))
            .unwrap_or(0);
        format!("{}…", &input[..cut])
    } else {
        input.to_string()
    };
    Error::Position {
        game,
        input,
        at,
        reason: reason.into(),
        accepted,
    }
}

/// A board of `rows x cols` cells, each a code into a character map.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    cols: u8,
    cells: Box<[u8]>,
}

/// How a game reads its board.
pub(crate) struct GridSyntax {
    /// The game's name, for errors.
    pub game: &'static str,
    /// The characters, code 0 first (lower case).
    pub charmap: &'static [u8],
    /// The most cells a board may have.
    pub max_cells: usize,
    /// What is accepted, for errors.
    pub accepted: &'static str,
}

impl Grid {
    /// The board with no cells.
    pub fn empty() -> Grid {
        Grid {
            rows: 0,
            cols: 0,
            cells: Box::new([]),
        }
    }

    /// Reads rows of characters of `syntax.charmap` separated by `|`, all of
    /// one length, at most `syntax.max_cells` cells (checked before any
    /// memory is taken for them). `""` is the empty board.
    pub(crate) fn parse(text: &str, syntax: &GridSyntax) -> Result<Grid, Error> {
        let err = |at: usize, reason: String| {
            position_error(syntax.game, text, at, reason, syntax.accepted)
        };
        if text.is_empty() {
            return Ok(Grid::empty());
        }
        let mut cells = Vec::new();
        let mut cols = None;
        let mut rows = 0usize;
        let mut offset = 0;
        for row in text.split('|') {
            let mut n = 0usize;
            for (i, c) in row.char_indices() {
                if cells.len() >= syntax.max_cells {
                    return Err(err(
                        offset + i,
                        format!("more than {} cells", syntax.max_cells),
                    ));
                }
                let code = syntax
                    .charmap
                    .iter()
                    .position(|&m| char::from(m) == c.to_ascii_lowercase())
                    .ok_or_else(|| err(offset + i, format!("unexpected {c:?}")))?;
                cells.push(code as u8);
                n += 1;
            }
            match cols {
                None => cols = Some(n),
                Some(c) if c != n => {
                    return Err(err(
                        offset,
                        format!("row {} has {n} cells, the first row {c}", rows + 1),
                    ))
                }
                _ => {}
            }
            rows += 1;
            offset += row.len() + 1;
        }
        let cols = cols.unwrap_or(0);
        if cols == 0 {
            return Err(err(0, "a row with no cells".to_string()));
        }
        // rows * cols = cells.len() <= max_cells, and every game keeps
        // max_cells below 256, so both fit in u8.
        match (u8::try_from(rows), u8::try_from(cols)) {
            (Ok(rows), Ok(cols)) => Ok(Grid {
                rows,
                cols,
                cells: cells.into_boxed_slice(),
            }),
            _ => Err(err(0, "more than 255 rows or columns".to_string())),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The code of the cell in row `r`, column `c`; `None` off the board.
    pub fn get(&self, r: isize, c: isize) -> Option<u8> {
        if r < 0 || c < 0 || r >= self.rows as isize || c >= self.cols as isize {
            return None;
        }
        Some(self.cells[r as usize * self.cols() + c as usize])
    }

    /// The board with the cells at the given indices set.
    pub fn with(&self, changes: &[(usize, u8)]) -> Grid {
        let mut g = self.clone();
        for &(i, v) in changes {
            g.cells[i] = v;
        }
        g
    }

    /// The board cropped to the rows and columns that hold a cell for which
    /// `keep` holds (the empty board if none does).
    pub fn cropped(&self, keep: impl Fn(u8) -> bool) -> Grid {
        let (w, h) = (self.cols(), self.rows());
        let used = |r: usize, c: usize| keep(self.cells[r * w + c]);
        let rs: Vec<usize> = (0..h).filter(|&r| (0..w).any(|c| used(r, c))).collect();
        let cs: Vec<usize> = (0..w).filter(|&c| (0..h).any(|r| used(r, c))).collect();
        let (Some(&r0), Some(&r1), Some(&c0), Some(&c1)) =
            (rs.first(), rs.last(), cs.first(), cs.last())
        else {
            return Grid::empty();
        };
        self.window(r0, r1 + 1, c0, c1 + 1)
    }

    fn window(&self, r0: usize, r1: usize, c0: usize, c1: usize) -> Grid {
        let w = self.cols();
        let cells: Vec<u8> = (r0..r1)
            .flat_map(|r| self.cells[r * w + c0..r * w + c1].iter().copied())
            .collect();
        Grid {
            rows: (r1 - r0) as u8,
            cols: (c1 - c0) as u8,
            cells: cells.into_boxed_slice(),
        }
    }

    /// The least of the board's images under the symmetries of the square
    /// that keep rows as rows (the four mirrors), or all eight when
    /// `transpose` (for games whose moves look the same turned by 90°).
    pub fn least_image(&self, transpose: bool) -> Grid {
        let mut best = self.clone();
        let (h, w) = (self.rows(), self.cols());
        for t in 1..if transpose { 8 } else { 4 } {
            let (flip_r, flip_c, swap) = (t & 1 != 0, t & 2 != 0, t & 4 != 0);
            let (nh, nw) = if swap { (w, h) } else { (h, w) };
            let mut cells = Vec::with_capacity(h * w);
            for r in 0..nh {
                for c in 0..nw {
                    let (mut sr, mut sc) = if swap { (c, r) } else { (r, c) };
                    if flip_r {
                        sr = h - 1 - sr;
                    }
                    if flip_c {
                        sc = w - 1 - sc;
                    }
                    cells.push(self.cells[sr * w + sc]);
                }
            }
            let g = Grid {
                rows: nh as u8,
                cols: nw as u8,
                cells: cells.into_boxed_slice(),
            };
            if g < best {
                best = g;
            }
        }
        best
    }

    /// The connected regions of cells for which `member` holds, joined
    /// orthogonally (and diagonally when `diagonal`): each as a copy of the
    /// board with every other cell set to `fill`.
    pub fn regions(&self, member: impl Fn(u8) -> bool, diagonal: bool, fill: u8) -> Vec<Grid> {
        let n = self.cells.len();
        let mut region = vec![usize::MAX; n];
        let mut count = 0;
        let mut stack = Vec::new();
        for start in 0..n {
            if region[start] != usize::MAX || !member(self.cells[start]) {
                continue;
            }
            region[start] = count;
            stack.push(start);
            while let Some(i) = stack.pop() {
                for j in self.neighbours(i, diagonal) {
                    if region[j] == usize::MAX && member(self.cells[j]) {
                        region[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        (0..count)
            .map(|k| {
                let mut g = self.clone();
                for (i, cell) in g.cells.iter_mut().enumerate() {
                    if region[i] != k {
                        *cell = fill;
                    }
                }
                g
            })
            .collect()
    }

    /// The cells next to cell `i`: orthogonally, and diagonally when
    /// `diagonal`.
    pub fn neighbours(&self, i: usize, diagonal: bool) -> impl Iterator<Item = usize> + '_ {
        let w = self.cols() as isize;
        let (r, c) = (i as isize / w, i as isize % w);
        const STEPS: [(isize, isize); 8] = [
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ];
        STEPS[..if diagonal { 8 } else { 4 }]
            .iter()
            .filter_map(move |&(dr, dc)| {
                self.get(r + dr, c + dc)
                    .map(|_| ((r + dr) * w + c + dc) as usize)
            })
    }

    /// Writes the board with `charmap`, rows separated by `|`.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, charmap: &[u8]) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for &code in &self.cells[r * self.cols()..(r + 1) * self.cols()] {
                let ch = charmap.get(usize::from(code)).copied().unwrap_or(b'?');
                write!(f, "{}", char::from(ch))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYNTAX: GridSyntax = GridSyntax {
        game: "test",
        charmap: b".xo",
        max_cells: 9,
        accepted: "'.', 'x', 'o'",
    };

    struct Show<'a>(&'a Grid);
    impl fmt::Display for Show<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.write(f, b".xo")
        }
    }

    #[test]
    fn parses_and_prints() {
        let g = Grid::parse("xO.|.ox", &SYNTAX).unwrap();
        assert_eq!((g.rows(), g.cols()), (2, 3));
        assert_eq!(Show(&g).to_string(), "xo.|.ox");
        assert_eq!(Grid::parse("", &SYNTAX).unwrap(), Grid::empty());
    }

    #[test]
    fn errors_say_what_is_wrong() {
        for (text, needle) in [
            ("x.|o", "row 2 has 1 cells"),
            ("x#", "unexpected '#'"),
            ("xxxxxxxxxx", "more than 9 cells"),
            ("|", "a row with no cells"),
        ] {
            let e = Grid::parse(text, &SYNTAX).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn crops_splits_and_mirrors() {
        let g = Grid::parse("...|.x.|..o", &SYNTAX).unwrap();
        assert_eq!(Show(&g.cropped(|c| c != 0)).to_string(), "x.|.o");
        let parts = Grid::parse("x.o|x.o", &SYNTAX)
            .unwrap()
            .regions(|c| c != 0, false, 0);
        assert_eq!(parts.len(), 2);
        let a = Grid::parse("x.|..", &SYNTAX).unwrap();
        let b = Grid::parse("..|.x", &SYNTAX).unwrap();
        assert_eq!(a.least_image(false), b.least_image(false));
        let c = Grid::parse("xo", &SYNTAX).unwrap();
        let d = Grid::parse("x|o", &SYNTAX).unwrap();
        assert_ne!(c.least_image(false), d.least_image(false));
        assert_eq!(c.least_image(true), d.least_image(true));
    }
}
