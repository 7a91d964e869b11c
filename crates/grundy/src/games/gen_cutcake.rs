//! Cakes cut by heap rules, as CGSuite's `game.heap.GenCutcake`: Eatcake
//! (Bynum's game), Maundy Cake (Winning Ways ch. 2) and Turn-and-Eatcake.
//!
//! A position is a cake `(m, n)`, written as CGSuite writes it:
//! `eatcake(8,3)`, `maundy_cake(8,3)`, `turn_and_eatcake(8,3)`, each side at
//! most [`MAX_CAKE_SIDE`]. Left's move treats the second number `n` as a
//! heap of the game's heap rules and leaves the cakes `(m, b)` for the heaps
//! `b` it leaves; Right's does the same with the first number (so Left's
//! moves change `n`, Right's `m`: CGSuite's convention, where
//! `Cutcake((8,0))` is -7):
//!
//! | name | heap rules | a move |
//! |---|---|---|
//! | `eatcake` | `0.7`: take one token, leaving 0, 1 or 2 heaps | eat a row (Right) or a column (Left), leaving the pieces on either side |
//! | `maundy_cake` | `{2+}=.0`: split into 2 or more equal heaps | cut a side into equal pieces |
//! | `turn_and_eatcake` | `0.7`, twisted | as Eatcake, then each piece is turned a quarter (its sides exchanged) |
//!
//! ```
//! use grundy::games::gen_cutcake::{cake, GenCutcake, TURN_AND_EATCAKE};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let v = CanonicalSolver::new(GenCutcake::<TURN_AND_EATCAKE>)
//!     .value(&cake(8, 5).unwrap())
//!     .unwrap();
//! assert_eq!(v, Game::parse("v<3>").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use crate::component::figure::{Figure, Shape, Touch};
use crate::component::spec::{natural, partizan_error, Call, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The longest side a cake may have.
pub const MAX_CAKE_SIDE: u64 = 4096;

/// Eatcake.
pub const EATCAKE: usize = 0;
/// Maundy Cake.
pub const MAUNDY_CAKE: usize = 1;
/// Turn-and-Eatcake.
pub const TURN_AND_EATCAKE: usize = 2;

/// Heap rules: calls its argument with the heaps each move from a heap
/// of `n` leaves.
type HeapOptions = fn(u32, &mut dyn FnMut(&[u32]));

/// One game of the family: its name, its heap rules and whether it is
/// twisted.
struct Kind {
    spec: &'static GameSpec,
    /// The heaps each move leaves from a heap of `n`.
    heap_options: HeapOptions,
    /// Whether the pieces are turned after every move (CGSuite's
    /// `twisted => true`).
    twisted: bool,
}

/// `0.7`: take one token from a heap, leaving nothing, the rest, or the
/// rest in two nonempty heaps.
fn eat(n: u32, visit: &mut dyn FnMut(&[u32])) {
    if n == 0 {
        return;
    }
    let rest = n - 1;
    if rest == 0 {
        visit(&[]);
        return;
    }
    visit(&[rest]);
    for a in 1..=rest / 2 {
        visit(&[a, rest - a]);
    }
}

/// `{2+}=.0`: split a heap into two or more equal heaps.
fn maundy(n: u32, visit: &mut dyn FnMut(&[u32])) {
    let mut parts = Vec::new();
    for d in 2..=n {
        if n.is_multiple_of(d) {
            parts.clear();
            parts.resize(d as usize, n / d);
            visit(&parts);
        }
    }
}

static KINDS: [Kind; 3] = [
    Kind {
        spec: &EATCAKE_SPEC,
        heap_options: eat,
        twisted: false,
    },
    Kind {
        spec: &MAUNDY_CAKE_SPEC,
        heap_options: maundy,
        twisted: false,
    },
    Kind {
        spec: &TURN_AND_EATCAKE_SPEC,
        heap_options: eat,
        twisted: true,
    },
];

/// The rules of the game `K` ([`EATCAKE`], [`MAUNDY_CAKE`] or
/// [`TURN_AND_EATCAKE`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct GenCutcake<const K: usize>;

/// A sum of cakes `(m, n)`, kept sorted, cakes where neither player can
/// move dropped: printed `eatcake(8,3) + eatcake(2,1)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CakeSum<const K: usize>(Vec<(u32, u32)>);

/// The single cake `(m, n)` of game `K`, each side at most
/// [`MAX_CAKE_SIDE`].
pub fn cake<const K: usize>(m: u64, n: u64) -> Result<CakeSum<K>, Error> {
    let name = KINDS[K].spec.name;
    for side in [m, n] {
        if side > MAX_CAKE_SIDE {
            return Err(crate::games::grid::position_error(
                name,
                &format!("{name}({m},{n})"),
                0,
                format!("a side of {side}"),
                "two sides from 0 to 4096, e.g. eatcake(8, 3)",
            ));
        }
    }
    Ok(CakeSum::of(vec![(m as u32, n as u32)]))
}

fn has_moves(heap_options: HeapOptions, n: u32) -> bool {
    let mut any = false;
    heap_options(n, &mut |_| any = true);
    any
}

impl<const K: usize> CakeSum<K> {
    fn of(mut pieces: Vec<(u32, u32)>) -> CakeSum<K> {
        let rules = KINDS[K].heap_options;
        pieces.retain(|&(m, n)| has_moves(rules, m) || has_moves(rules, n));
        pieces.sort_unstable();
        CakeSum(pieces)
    }

    /// The cakes `(m, n)`.
    pub fn pieces(&self) -> &[(u32, u32)] {
        &self.0
    }
}

impl<const K: usize> fmt::Display for CakeSum<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = KINDS[K].spec.name;
        if self.0.is_empty() {
            return write!(f, "{name}(0,0)");
        }
        for (i, (m, n)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{name}({m},{n})")?;
        }
        Ok(())
    }
}

impl<const K: usize> PartizanRules for GenCutcake<K> {
    type Position = CakeSum<K>;

    /// CGSuite's `GenCutcake.Options`: Left plays the heap rules on the
    /// second number, Right on the first; twisted, on the other one, and
    /// the pieces come out turned.
    fn options(&self, p: &CakeSum<K>, player: Player, out: &mut Vec<CakeSum<K>>) {
        let kind = &KINDS[K];
        for (i, &(m, n)) in p.0.iter().enumerate() {
            if i > 0 && p.0[i - 1] == (m, n) {
                continue;
            }
            let (m, n) = if kind.twisted { (n, m) } else { (m, n) };
            let (kept, heap) = match player {
                Player::Left => (m, n),
                Player::Right => (n, m),
            };
            (kind.heap_options)(heap, &mut |heaps| {
                let mut v = p.0.clone();
                v.remove(i);
                v.extend(heaps.iter().map(|&b| match player {
                    Player::Left => (kept, b),
                    Player::Right => (b, kept),
                }));
                out.push(CakeSum::of(v));
            });
        }
    }

    fn split(&self, p: &CakeSum<K>, parts: &mut Vec<CakeSum<K>>) {
        if p.0.len() > 1 {
            parts.extend(p.0.iter().map(|&piece| CakeSum(vec![piece])));
        }
    }
}

fn build<const K: usize>(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let name = KINDS[K].spec.name;
    let usage = format!("write {name}(m, n) with two sides from 0 to {MAX_CAKE_SIDE}");
    let [m, n] = call.args().unwrap_or(&[]) else {
        return Err(call.error(call.span(), format!("{name} takes two sides"), usage));
    };
    let (m, n) = (
        natural(m, "sides", "a side")?,
        natural(n, "sides", "a side")?,
    );
    let position =
        cake::<K>(m, n).map_err(|e| partizan_error(call.args_span().start, e, &usage))?;
    Ok(
        super::partizan_rules::RulesPosition::<GenCutcake<K>>::component(
            KINDS[K].spec,
            None,
            position,
        ),
    )
}

/// The declaration of `eatcake`.
pub static EATCAKE_SPEC: GameSpec = GameSpec {
    name: "eatcake",
    kind: GameKind::Partizan,
    summary: "Eatcake (m,n): Left eats a column, Right a row, leaving the pieces on either side",
    example: "eatcake(8,3)",
    build: build::<EATCAKE>,
    ruleset: None,
    says: Some(says::<EATCAKE>),
    picture: Picture::Figure {
        draw: draw::<EATCAKE>,
        touch: touch::<EATCAKE>,
    },
};

/// The declaration of `maundy_cake`.
pub static MAUNDY_CAKE_SPEC: GameSpec = GameSpec {
    name: "maundy_cake",
    kind: GameKind::Partizan,
    summary: "Maundy Cake (m,n): Left cuts n into equal pieces, Right m",
    example: "maundy_cake(8,3)",
    build: build::<MAUNDY_CAKE>,
    ruleset: None,
    says: Some(says::<MAUNDY_CAKE>),
    picture: Picture::Figure {
        draw: draw::<MAUNDY_CAKE>,
        touch: touch::<MAUNDY_CAKE>,
    },
};

/// The declaration of `turn_and_eatcake`.
pub static TURN_AND_EATCAKE_SPEC: GameSpec = GameSpec {
    name: "turn_and_eatcake",
    kind: GameKind::Partizan,
    summary: "Turn-and-Eatcake (m,n): Eatcake with every piece turned a quarter after each move",
    example: "turn_and_eatcake(8,5)",
    build: build::<TURN_AND_EATCAKE>,
    ruleset: None,
    says: Some(says::<TURN_AND_EATCAKE>),
    picture: Picture::Figure {
        draw: draw::<TURN_AND_EATCAKE>,
        touch: touch::<TURN_AND_EATCAKE>,
    },
};

/// The longest side drawn square by square: a longer cake is drawn as a
/// plain rectangle with its size on it, and played from the list.
const MAX_DRAWN_SIDE: u32 = 40;

/// Whether a cake `(m, n)` is drawn square by square.
fn drawn(m: u32, n: u32) -> bool {
    m <= MAX_DRAWN_SIDE && n <= MAX_DRAWN_SIDE
}

/// How many targets a drawn cake `(m, n)` has: in Maundy Cake its inner
/// lines (the `n - 1` vertical ones, then the `m - 1` horizontal ones),
/// where a cut runs; in the eating games its squares, row by row (a side
/// of 0 drawn as one empty strip), where a click names the row or column
/// the player eats.
fn target_count<const K: usize>(m: u32, n: u32) -> usize {
    if K == MAUNDY_CAKE {
        (m.saturating_sub(1) + n.saturating_sub(1)) as usize
    } else {
        (m.max(1) * n.max(1)) as usize
    }
}

/// For each cake, the number of its first target, or `None` when it is
/// too large to draw.
fn bases<const K: usize>(pieces: &[(u32, u32)]) -> Vec<Option<usize>> {
    let mut next = 0;
    pieces
        .iter()
        .map(|&(m, n)| {
            drawn(m, n).then(|| {
                let base = next;
                next += target_count::<K>(m, n);
                base
            })
        })
        .collect()
}

/// Whether `player` eats (or cuts across) columns: the second number is the
/// number of columns, which Left's moves change, except in the twisted game
/// where Left's change the first (the rows).
fn on_columns<const K: usize>(player: Player) -> bool {
    (player == Player::Left) != KINDS[K].twisted
}

/// The cakes side by side, a cake `(m, n)` as `m` rows of `n` unit
/// squares, its size written under it. In Maundy Cake the inner lines are
/// drawn in the colour of who cuts along them (vertical for the player who
/// divides the columns, horizontal for the other), and a click on one
/// offers the cuts through it; in the eating games each square is a target,
/// and a click on it eats its column or its row, as the player eats.
fn draw<const K: usize>(c: &Component) -> Option<Figure> {
    use super::partizan_rules::position_of;
    let pieces = position_of::<GenCutcake<K>>(c)?.pieces();
    let (col_look, row_look) = if on_columns::<K>(Player::Left) {
        (Look::Left, Look::Right)
    } else {
        (Look::Right, Look::Left)
    };
    let (col_eater, row_eater) = if on_columns::<K>(Player::Left) {
        ("Left", "Right")
    } else {
        ("Right", "Left")
    };
    let mut shapes = Vec::new();
    let (mut x, mut height, mut targets) = (0.0, 1.0_f64, 0);
    for (&(m, n), base) in pieces.iter().zip(bases::<K>(pieces)) {
        let name = format!("the ({m}, {n}) cake: {m} rows of {n}");
        let Some(base) = base else {
            shapes.push(
                Shape::rect(x, 0.0, 6.0, 4.0, Look::Empty, name).with_text(format!("({m}, {n})")),
            );
            x += 7.0;
            height = height.max(4.0);
            continue;
        };
        let (rows, cols) = (m.max(1), n.max(1));
        let (fw, fh) = (f64::from(cols), f64::from(rows));
        if K == MAUNDY_CAKE {
            shapes.push(Shape::rect(x, 0.0, fw, fh, Look::Empty, name));
            for k in 1..n {
                shapes.push(
                    Shape::line(
                        x + f64::from(k),
                        0.0,
                        0.0,
                        fh,
                        col_look,
                        format!("vertical line {k} of the ({m}, {n}) cake: {col_eater} cuts here"),
                    )
                    .target(base + (k - 1) as usize),
                );
            }
            for k in 1..m {
                shapes.push(
                    Shape::line(
                        x,
                        f64::from(k),
                        fw,
                        0.0,
                        row_look,
                        format!(
                            "horizontal line {k} of the ({m}, {n}) cake: {row_eater} cuts here"
                        ),
                    )
                    .target(base + (n.saturating_sub(1) + k - 1) as usize),
                );
            }
        } else {
            for r in 0..rows {
                for col in 0..cols {
                    let look = if m == 0 || n == 0 {
                        Look::Blocked
                    } else {
                        Look::Empty
                    };
                    shapes.push(
                        Shape::rect(x + f64::from(col), f64::from(r), 1.0, 1.0, look, format!(
                            "row {}, column {} of the ({m}, {n}) cake: {col_eater} eats its column, {row_eater} its row",
                            r + 1,
                            col + 1
                        ))
                        .target(base + (r * cols + col) as usize),
                    );
                }
            }
        }
        targets = base + target_count::<K>(m, n);
        shapes.push(Shape::text(x + fw / 2.0, fh + 0.7, format!("({m}, {n})")));
        x += fw + 1.0;
        height = height.max(fh);
    }
    Some(Figure {
        width: (x - 1.0).max(1.0),
        height: height + 1.2,
        shapes,
        targets,
    })
}

/// Each way the move could be made: the cake it changes (by index), the
/// targets of that cake it acts on, and the cakes it leaves in its place.
fn ways<const K: usize>(
    pieces: &[(u32, u32)],
    player: Player,
    visit: &mut dyn FnMut(usize, Vec<usize>, Vec<(u32, u32)>),
) {
    let kind = &KINDS[K];
    for (i, (&(m0, n0), base)) in pieces.iter().zip(bases::<K>(pieces)).enumerate() {
        let Some(base) = base else { continue };
        let (m, n) = if kind.twisted { (n0, m0) } else { (m0, n0) };
        let (kept, heap) = match player {
            Player::Left => (m, n),
            Player::Right => (n, m),
        };
        let leave = |heaps: &[u32]| -> Vec<(u32, u32)> {
            heaps
                .iter()
                .filter(|&&h| h > 0)
                .map(|&h| match player {
                    Player::Left => (kept, h),
                    Player::Right => (h, kept),
                })
                .collect()
        };
        let columns = on_columns::<K>(player);
        let cols = n0.max(1);
        if K == MAUNDY_CAKE {
            maundy(heap, &mut |heaps| {
                let step = heap / heaps.len() as u32;
                let lines = (1..heaps.len() as u32)
                    .map(|k| {
                        let at = k * step - 1;
                        base + if columns {
                            at
                        } else {
                            n0.saturating_sub(1) + at
                        } as usize
                    })
                    .collect();
                visit(i, lines, leave(heaps));
            });
        } else {
            for j in 0..heap {
                let squares = if columns {
                    (0..m0.max(1))
                        .map(|r| base + (r * cols + j) as usize)
                        .collect()
                } else {
                    (0..cols).map(|c| base + (j * cols + c) as usize).collect()
                };
                visit(i, squares, leave(&[j, heap - 1 - j]));
            }
        }
    }
}

/// The targets the move acts on: the lines a Maundy cut runs along, the
/// squares of the row or column eaten; other ways to the same cakes (the
/// mirror strip, the same strip of an equal cake) name it too.
fn touch<const K: usize>(
    before: &Component,
    after: &Component,
    mover: Option<Player>,
) -> Option<Touch> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<GenCutcake<K>>(before)?,
        position_of::<GenCutcake<K>>(after)?,
    );
    let mut found = Vec::new();
    ways::<K>(&b.0, mover?, &mut |i, targets, left| {
        let mut v = b.0.clone();
        v.remove(i);
        v.extend(left);
        if CakeSum::<K>::of(v) == *a {
            found.push(targets);
        }
    });
    Touch::of_ways(found)
}

/// "eat a strip of the (8, 3) cake, leaving (8, 2)", "cut the (6, 2)
/// cake into 3 equal pieces (2, 2)": the cake the move changed and what it
/// left (pieces where neither player can move are no longer written, but
/// the words name them).
fn says<const K: usize>(
    before: &Component,
    after: &Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<GenCutcake<K>>(before)?,
        position_of::<GenCutcake<K>>(after)?,
    );
    let player = mover?;
    let kind = &KINDS[K];
    let mut found = None;
    for (i, &(m0, n0)) in b.0.iter().enumerate() {
        let (m, n) = if kind.twisted { (n0, m0) } else { (m0, n0) };
        let (kept, heap) = match player {
            Player::Left => (m, n),
            Player::Right => (n, m),
        };
        (kind.heap_options)(heap, &mut |heaps| {
            if found.is_some() {
                return;
            }
            let pieces: Vec<(u32, u32)> = heaps
                .iter()
                .map(|&h| match player {
                    Player::Left => (kept, h),
                    Player::Right => (h, kept),
                })
                .collect();
            let mut v = b.0.clone();
            v.remove(i);
            v.extend(&pieces);
            if CakeSum::<K>::of(v) == *a {
                found = Some(((m0, n0), pieces));
            }
        });
        if found.is_some() {
            break;
        }
    }
    let ((m, n), pieces) = found?;
    let shown: Vec<String> = pieces.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    let left = if shown.is_empty() {
        "nothing".to_string()
    } else {
        super::words::list(&shown)
    };
    Some(if K == MAUNDY_CAKE {
        format!(
            "cut the ({m}, {n}) cake into {} equal pieces {}",
            pieces.len(),
            shown.first()?
        )
    } else if kind.twisted {
        format!("eat a strip of the ({m}, {n}) cake and turn what is left: {left}")
    } else {
        format!("eat a strip of the ({m}, {n}) cake, leaving {left}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown<const K: usize>(m: u64, n: u64, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        GenCutcake::<K>.options(&cake::<K>(m, n).unwrap(), player, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn heap_rules() {
        let mut seen = Vec::new();
        eat(5, &mut |h| seen.push(h.to_vec()));
        assert_eq!(seen, [vec![4], vec![1, 3], vec![2, 2]]);
        seen.clear();
        maundy(6, &mut |h| seen.push(h.to_vec()));
        assert_eq!(seen, [vec![3, 3], vec![2, 2, 2], vec![1; 6]]);
    }

    #[test]
    fn options_follow_cgsuites_sides() {
        assert_eq!(
            shown::<EATCAKE>(2, 3, Player::Left),
            ["eatcake(2,2)", "eatcake(2,1) + eatcake(2,1)"]
        );
        assert_eq!(shown::<EATCAKE>(1, 3, Player::Right), ["eatcake(0,0)"]);
        // Twisted: Left eats from the first number and the piece turns.
        assert_eq!(
            shown::<TURN_AND_EATCAKE>(3, 1, Player::Left),
            [
                "turn_and_eatcake(1,2)",
                "turn_and_eatcake(1,1) + turn_and_eatcake(1,1)"
            ]
        );
        assert_eq!(
            shown::<MAUNDY_CAKE>(4, 4, Player::Right),
            [
                "maundy_cake(2,4) + maundy_cake(2,4)",
                "maundy_cake(1,4) + maundy_cake(1,4) + maundy_cake(1,4) + maundy_cake(1,4)"
            ]
        );
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = cake::<EATCAKE>(5000, 1).unwrap_err().to_string();
        assert!(e.contains("a side of 5000") && e.contains("4096"), "{e}");
        assert!(cake::<MAUNDY_CAKE>(0, 0).unwrap().pieces().is_empty());
    }
}
