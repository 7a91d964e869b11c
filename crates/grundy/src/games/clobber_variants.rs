//! The variants of Clobber CGSuite defines through its `GenClobber`
//! schema: AntiClobber, Hot Clobber, and Clobber played by chess kings,
//! knights, rooks and queens or along diagonals only.
//!
//! Each is written like Clobber (`clobber_kings("xox|ox.")`: rows top to
//! bottom split by `|`, `x` Left's stone, `o` Right's, `.` empty; AntiClobber
//! also `#` blocked), at most [`MAX_VARIANT_CELLS`] cells. A move takes one
//! of the mover's stones along one of the variant's directions:
//!
//! | name | CGSuite | a stone moves | onto | leaves behind |
//! |---|---|---|---|---|
//! | `anticlobber` | `AntiClobber` | one step orthogonally | an empty cell | an enemy stone |
//! | `hot_clobber` | `HotClobber` | one step orthogonally | any stone | an empty cell |
//! | `clobber_kings` | `Kings` | one step in any of 8 directions | an enemy stone | an empty cell |
//! | `clobber_knights` | `Knights` | a knight's leap | an enemy stone | an empty cell |
//! | `clobber_rooks` | `Rooks` | orthogonally across empty cells | an enemy stone | an empty cell |
//! | `clobber_queens` | `Queens` | in any of 8 directions across empty cells | an enemy stone | an empty cell |
//! | `clobber_diagonal` | `GenClobber(directions => Coordinates.Diagonal)` | one step diagonally | an enemy stone | an empty cell |
//!
//! ```
//! use grundy::games::clobber_variants::{variant_board, GenClobber, QUEENS};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let board = variant_board::<QUEENS>("xox|ox.").unwrap();
//! let v = CanonicalSolver::new(GenClobber::<QUEENS>).value(&board).unwrap();
//! assert_eq!(v, Game::parse("^").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use super::grid::{Grid, GridSyntax};
use crate::component::spec::{Cell, GameKind, GameSpec, Look, Picture};
use crate::partizan::{Error, PartizanRules, Sign};
use crate::vocab::outcome::Player;

/// The most cells a board of a Clobber variant may have.
pub const MAX_VARIANT_CELLS: usize = 64;

const EMPTY: u8 = 0;
const BLOCKED: u8 = 3;

const ORTHOGONAL: &[(isize, isize)] = &[(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAGONAL: &[(isize, isize)] = &[(-1, -1), (-1, 1), (1, -1), (1, 1)];
const COMPASS: &[(isize, isize)] = &[
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];
const KNIGHT: &[(isize, isize)] = &[
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// What a stone may move onto.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Onto {
    /// An enemy stone, captured (Clobber).
    Enemy,
    /// Any stone, captured (Hot Clobber).
    Stone,
    /// An empty cell (AntiClobber).
    Empty,
}

/// One variant: CGSuite's `GenClobber` parameters.
struct Variant {
    spec: &'static GameSpec,
    syntax: GridSyntax,
    directions: &'static [(isize, isize)],
    onto: Onto,
    /// Whether the vacated cell gets an enemy stone (AntiClobber).
    spawns: bool,
    /// Whether a stone may cross any number of empty cells (`maxDistance
    /// => inf`: rooks and queens).
    rides: bool,
}

/// AntiClobber.
pub const ANTICLOBBER: usize = 0;
/// Hot Clobber.
pub const HOT_CLOBBER: usize = 1;
/// Clobber played by kings.
pub const KINGS: usize = 2;
/// Clobber played by knights.
pub const KNIGHTS: usize = 3;
/// Clobber played by rooks.
pub const ROOKS: usize = 4;
/// Clobber played by queens.
pub const QUEENS: usize = 5;
/// Clobber along diagonals.
pub const DIAGONAL_CLOBBER: usize = 6;

const fn syntax(game: &'static str, charmap: &'static [u8], accepted: &'static str) -> GridSyntax {
    GridSyntax {
        game,
        charmap,
        max_cells: MAX_VARIANT_CELLS,
        accepted,
    }
}

const STONES: &str = "rows of 'x' (Left), 'o' (Right) and '.' (empty) separated by '|', all of one length, at most 64 cells, e.g. \"xox|ox.\"";

static VARIANTS: [Variant; 7] = [
    Variant {
        spec: &ANTICLOBBER_SPEC,
        syntax: syntax("anticlobber", b".xo#", "rows of 'x' (Left), 'o' (Right), '.' (empty) and '#' (blocked) separated by '|', all of one length, at most 64 cells, e.g. \"xoxo|oo..\""),
        directions: ORTHOGONAL,
        onto: Onto::Empty,
        spawns: true,
        rides: false,
    },
    Variant {
        spec: &HOT_CLOBBER_SPEC,
        syntax: syntax("hot_clobber", b".xo", STONES),
        directions: ORTHOGONAL,
        onto: Onto::Stone,
        spawns: false,
        rides: false,
    },
    Variant {
        spec: &KINGS_SPEC,
        syntax: syntax("clobber_kings", b".xo", STONES),
        directions: COMPASS,
        onto: Onto::Enemy,
        spawns: false,
        rides: false,
    },
    Variant {
        spec: &KNIGHTS_SPEC,
        syntax: syntax("clobber_knights", b".xo", STONES),
        directions: KNIGHT,
        onto: Onto::Enemy,
        spawns: false,
        rides: false,
    },
    Variant {
        spec: &ROOKS_SPEC,
        syntax: syntax("clobber_rooks", b".xo", STONES),
        directions: ORTHOGONAL,
        onto: Onto::Enemy,
        spawns: false,
        rides: true,
    },
    Variant {
        spec: &QUEENS_SPEC,
        syntax: syntax("clobber_queens", b".xo", STONES),
        directions: COMPASS,
        onto: Onto::Enemy,
        spawns: false,
        rides: true,
    },
    Variant {
        spec: &DIAGONAL_SPEC,
        syntax: syntax("clobber_diagonal", b".xo", STONES),
        directions: DIAGONAL,
        onto: Onto::Enemy,
        spawns: false,
        rides: false,
    },
];

/// The rules of variant `V` (one of [`ANTICLOBBER`], [`HOT_CLOBBER`],
/// [`KINGS`], [`KNIGHTS`], [`ROOKS`], [`QUEENS`], [`DIAGONAL_CLOBBER`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct GenClobber<const V: usize>;

/// A board of variant `V`: printed `clobber_kings("xox|ox.")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct VariantBoard<const V: usize>(Grid);

/// Parses a board of variant `V` (see the module documentation).
pub fn variant_board<const V: usize>(text: &str) -> Result<VariantBoard<V>, Error> {
    Grid::parse(text, &VARIANTS[V].syntax).map(VariantBoard)
}

impl<const V: usize> VariantBoard<V> {
    /// The board.
    pub fn grid(&self) -> &Grid {
        &self.0
    }
}

impl<const V: usize> fmt::Display for VariantBoard<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &VARIANTS[V];
        write!(f, "{}(\"", v.spec.name)?;
        self.0.write(f, v.syntax.charmap)?;
        f.write_str("\")")
    }
}

fn code(player: Player) -> u8 {
    match player {
        Player::Left => 1,
        Player::Right => 2,
    }
}

impl<const V: usize> GenClobber<V> {
    /// The regions that are independent summands, when the variant has
    /// them: stones that move one step and capture never reach a stone
    /// they are not joined to (through the variant's directions; kings and
    /// diagonal stones are joined through all eight).
    fn regions(g: &Grid) -> Option<Vec<Grid>> {
        let v = &VARIANTS[V];
        let diagonal = match v.directions {
            _ if v.rides || v.onto == Onto::Empty => return None,
            ORTHOGONAL => false,
            COMPASS | DIAGONAL => true,
            _ => return None, // a knight's leap joins cells far apart
        };
        Some(g.regions(|c| c != EMPTY, diagonal, EMPTY))
    }

    /// Whether a region of stones that falls apart from the rest can never
    /// move: one colour only (Clobber), or a lone stone (Hot Clobber).
    fn dead(region: &Grid) -> bool {
        let cells = region.cells();
        match VARIANTS[V].onto {
            Onto::Enemy => !(cells.contains(&1) && cells.contains(&2)),
            Onto::Stone => cells.iter().filter(|&&c| c != EMPTY).count() < 2,
            Onto::Empty => false,
        }
    }
}

impl<const V: usize> PartizanRules for GenClobber<V> {
    type Position = VariantBoard<V>;

    fn options(&self, b: &VariantBoard<V>, player: Player, out: &mut Vec<VariantBoard<V>>) {
        let v = &VARIANTS[V];
        let (us, them) = (code(player), code(player.opponent()));
        let g = &b.0;
        let w = g.cols() as isize;
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != us {
                continue;
            }
            let (r, c) = (i as isize / w, i as isize % w);
            for &(dr, dc) in v.directions {
                // CGSuite's ClobberablePoints: cross empty cells while the
                // stone may go further, then look at the cell reached.
                let mut n = 1;
                while v.rides && g.get(r + n * dr, c + n * dc) == Some(EMPTY) {
                    n += 1;
                }
                let (tr, tc) = (r + n * dr, c + n * dc);
                let Some(target) = g.get(tr, tc) else {
                    continue;
                };
                let legal = match v.onto {
                    Onto::Enemy => target == them,
                    Onto::Stone => target == us || target == them,
                    Onto::Empty => target == EMPTY,
                };
                if legal {
                    let behind = if v.spawns { them } else { EMPTY };
                    let to = (tr * w + tc) as usize;
                    out.push(VariantBoard(g.with(&[(i, behind), (to, us)])));
                }
            }
        }
    }

    fn split(&self, b: &VariantBoard<V>, parts: &mut Vec<VariantBoard<V>>) {
        if let Some(regions) = Self::regions(&b.0) {
            if regions.len() > 1 {
                parts.extend(regions.into_iter().map(VariantBoard));
            }
        }
    }

    /// Stones that can never move cleared (where the variant splits), the
    /// board cropped (to its stones, or for AntiClobber, whose stones move
    /// onto empty cells, to its unblocked cells), and the least of its
    /// eight images kept: every variant's directions look the same under
    /// the symmetries of the square.
    fn normalise(&self, b: &VariantBoard<V>) -> VariantBoard<V> {
        let g = &b.0;
        if VARIANTS[V].onto == Onto::Empty {
            return VariantBoard(g.cropped(|c| c != BLOCKED).least_image(true));
        }
        let mut cleared = g.clone();
        for region in Self::regions(g).unwrap_or_default() {
            if Self::dead(&region) {
                let gone: Vec<(usize, u8)> = (0..region.cells().len())
                    .filter(|&i| region.cells()[i] != EMPTY)
                    .map(|i| (i, EMPTY))
                    .collect();
                cleared = cleared.with(&gone);
            }
        }
        VariantBoard(cleared.cropped(|c| c != EMPTY).least_image(true))
    }

    /// A board and its colour swap share a key, negated: every variant
    /// treats the colours alike.
    fn symmetric_key(&self, b: &VariantBoard<V>) -> (VariantBoard<V>, Sign) {
        let swap: Vec<(usize, u8)> = (0..b.0.cells().len())
            .filter_map(|i| match b.0.cells()[i] {
                1 => Some((i, 2)),
                2 => Some((i, 1)),
                _ => None,
            })
            .collect();
        let same = self.normalise(b);
        let negated = self.normalise(&VariantBoard(b.0.with(&swap)));
        if negated < same {
            (negated, Sign::Negated)
        } else {
            (same, Sign::Same)
        }
    }
}

fn build<const V: usize>(
    call: &crate::component::spec::Call<'_>,
) -> Result<crate::component::Component, crate::component::ExprError> {
    super::partizan_rules::string_position::<GenClobber<V>>(
        call,
        VARIANTS[V].spec,
        variant_board::<V>,
        None,
    )
}

const CELLS: &[Cell] = &[
    Cell {
        ch: '.',
        look: Look::Empty,
        name: "free",
    },
    Cell {
        ch: 'x',
        look: Look::Left,
        name: "Left's stone",
    },
    Cell {
        ch: 'o',
        look: Look::Right,
        name: "Right's stone",
    },
];

/// The declaration of `anticlobber`.
pub static ANTICLOBBER_SPEC: GameSpec = GameSpec {
    name: "anticlobber",
    kind: GameKind::Partizan,
    summary: "AntiClobber: move a stone onto an adjacent empty cell, leaving an enemy stone behind",
    example: "anticlobber(\"xoxo|oo..\")",
    build: build::<ANTICLOBBER>,
    ruleset: None,
    says: Some(says::<ANTICLOBBER>),
    picture: Picture::Grid {
        cells: &[
            CELLS[0],
            CELLS[1],
            CELLS[2],
            Cell {
                ch: '#',
                look: Look::Blocked,
                name: "blocked",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `hot_clobber`.
pub static HOT_CLOBBER_SPEC: GameSpec = GameSpec {
    name: "hot_clobber",
    kind: GameKind::Partizan,
    summary: "Hot Clobber: move a stone onto an adjacent stone of either colour, which is removed",
    example: "hot_clobber(\"xox|ox.\")",
    build: build::<HOT_CLOBBER>,
    ruleset: None,
    says: Some(says::<HOT_CLOBBER>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `clobber_kings`.
pub static KINGS_SPEC: GameSpec = GameSpec {
    name: "clobber_kings",
    kind: GameKind::Partizan,
    summary: "Clobber by kings (CGSuite's Kings): capture an enemy stone a king's step away",
    example: "clobber_kings(\"xox|ox.\")",
    build: build::<KINGS>,
    ruleset: None,
    says: Some(says::<KINGS>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `clobber_knights`.
pub static KNIGHTS_SPEC: GameSpec = GameSpec {
    name: "clobber_knights",
    kind: GameKind::Partizan,
    summary: "Clobber by knights (CGSuite's Knights): capture an enemy stone a knight's leap away",
    example: "clobber_knights(\"xo.|..o|ox.\")",
    build: build::<KNIGHTS>,
    ruleset: None,
    says: Some(says::<KNIGHTS>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `clobber_rooks`.
pub static ROOKS_SPEC: GameSpec = GameSpec {
    name: "clobber_rooks",
    kind: GameKind::Partizan,
    summary: "Clobber by rooks (CGSuite's Rooks): capture the first stone along a row or column, if an enemy",
    example: "clobber_rooks(\"xox|ox.\")",
    build: build::<ROOKS>,
    ruleset: None,
    says: Some(says::<ROOKS>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `clobber_queens`.
pub static QUEENS_SPEC: GameSpec = GameSpec {
    name: "clobber_queens",
    kind: GameKind::Partizan,
    summary: "Clobber by queens (CGSuite's Queens): capture the first stone along any of 8 lines, if an enemy",
    example: "clobber_queens(\"xox|ox.\")",
    build: build::<QUEENS>,
    ruleset: None,
    says: Some(says::<QUEENS>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `clobber_diagonal`.
pub static DIAGONAL_SPEC: GameSpec = GameSpec {
    name: "clobber_diagonal",
    kind: GameKind::Partizan,
    summary: "Diagonal Clobber: capture a diagonally adjacent enemy stone",
    example: "clobber_diagonal(\"xoxo|oox.|xxx.\")",
    build: build::<DIAGONAL_CLOBBER>,
    ruleset: None,
    says: Some(says::<DIAGONAL_CLOBBER>),
    picture: Picture::Grid {
        cells: CELLS,
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "a1 clobbers b1" (onto a stone), "a1 moves to b1" (onto an empty
/// cell, AntiClobber), with "leaving an enemy stone on a1" where the
/// variant leaves one behind: the stone that moved and where it went.
fn says<const V: usize>(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::cell;
    let (b, a) = (
        position_of::<GenClobber<V>>(before)?,
        position_of::<GenClobber<V>>(after)?,
    );
    let us = code(mover?);
    let changed = super::words::changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let [x, y] = changed[..] else {
        return None;
    };
    // The stone arrives where the mover's stone now stands.
    let (from, to) = if y.3 == us && x.2 == us {
        (x, y)
    } else {
        (y, x)
    };
    (from.2 == us && to.3 == us).then_some(())?;
    let (f, t) = (cell(from.0, from.1), cell(to.0, to.1));
    let mut words = if to.2 == EMPTY {
        format!("{f} moves to {t}")
    } else {
        format!("{f} clobbers {t}")
    };
    if from.3 != EMPTY {
        words.push_str(&format!(", leaving an enemy stone on {f}"));
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown<const V: usize>(text: &str, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        GenClobber::<V>.options(&variant_board::<V>(text).unwrap(), player, &mut out);
        let mut v: Vec<String> = out.iter().map(ToString::to_string).collect();
        v.sort();
        v
    }

    #[test]
    fn each_variant_moves_its_way() {
        assert_eq!(
            shown::<ANTICLOBBER>("x.#", Player::Left),
            ["anticlobber(\"ox#\")"]
        );
        assert_eq!(
            shown::<HOT_CLOBBER>("xx.", Player::Left),
            ["hot_clobber(\".x.\")", "hot_clobber(\"x..\")"]
        );
        assert_eq!(
            shown::<KINGS>("x.|.o", Player::Left),
            ["clobber_kings(\"..|.x\")"]
        );
        assert_eq!(
            shown::<KNIGHTS>("x..|..o|.o.", Player::Left),
            [
                "clobber_knights(\"...|..o|.x.\")",
                "clobber_knights(\"...|..x|.o.\")"
            ]
        );
        assert_eq!(
            shown::<ROOKS>("x..o.x", Player::Right),
            ["clobber_rooks(\"o....x\")", "clobber_rooks(\"x....o\")"]
        );
        assert_eq!(
            shown::<QUEENS>("x..|...|..o", Player::Right),
            ["clobber_queens(\"o..|...|...\")"]
        );
        assert_eq!(
            shown::<DIAGONAL_CLOBBER>("xo|ox", Player::Left),
            Vec::<String>::new()
        );
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = variant_board::<KINGS>("xo#").unwrap_err().to_string();
        assert!(
            e.contains("unexpected '#'") && e.contains("'x' (Left)"),
            "{e}"
        );
        assert!(variant_board::<ANTICLOBBER>("xo#").is_ok());
        assert!(variant_board::<QUEENS>(&"x".repeat(65))
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
