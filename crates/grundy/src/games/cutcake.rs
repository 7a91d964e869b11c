//! Cutcake (Winning Ways ch. 2): Left cuts a piece along a vertical line,
//! Right along a horizontal one. Written `cutcake(width, height)`; the rules
//! are [`partizan::Cutcake`].

use super::partizan_rules::RulesPosition;
use crate::component::figure::{Figure, Shape, Touch};
use crate::component::spec::{natural, partizan_error, Call, GameKind, GameSpec, Look};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::Arg;
use crate::partizan::{self, Cutcake};
use crate::vocab::outcome::Player;

/// The declaration of `cutcake`.
pub static SPEC: GameSpec = GameSpec {
    name: "cutcake",
    kind: GameKind::Partizan,
    summary: "Cutcake: Left cuts vertically, Right horizontally",
    example: "cutcake(3,2)",
    build,
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Figure { draw, touch },
};

/// The longest side drawn square by square: a longer piece is drawn as a
/// plain rectangle with its size written on it, and cut from the list.
const MAX_DRAWN_SIDE: u32 = 40;

/// For each piece, the number of its first target (its vertical lines,
/// then its horizontal ones), or `None` when it is too large to draw.
fn targets_of(pieces: &[(u32, u32)]) -> Vec<Option<usize>> {
    let mut next = 0;
    pieces
        .iter()
        .map(|&(w, h)| {
            (w <= MAX_DRAWN_SIDE && h <= MAX_DRAWN_SIDE).then(|| {
                let base = next;
                next += (w - 1 + h - 1) as usize;
                base
            })
        })
        .collect()
}

/// The pieces side by side, each a rectangle of unit squares whose inner
/// lines are the cuts: the vertical ones Left's (blue), the horizontal
/// ones Right's (red), so a class sees who may cut where. A click on a
/// line cuts along it.
fn draw(c: &Component) -> Option<Figure> {
    use super::partizan_rules::position_of;
    let pieces = position_of::<Cutcake>(c)?.pieces();
    let bases = targets_of(pieces);
    let mut shapes = Vec::new();
    let (mut x, mut height, mut targets) = (0.0, 1.0_f64, 0);
    for (&(w, h), base) in pieces.iter().zip(bases) {
        let name = format!("the {w}×{h} piece");
        let Some(base) = base else {
            shapes.push(
                Shape::rect(x, 0.0, 6.0, 4.0, Look::Empty, name).with_text(format!("{w}×{h}")),
            );
            x += 7.0;
            height = height.max(4.0);
            continue;
        };
        let (fw, fh) = (f64::from(w), f64::from(h));
        shapes.push(Shape::rect(x, 0.0, fw, fh, Look::Empty, name));
        for k in 1..w {
            let t = base + (k - 1) as usize;
            shapes.push(
                Shape::line(
                    x + f64::from(k),
                    0.0,
                    0.0,
                    fh,
                    Look::Left,
                    format!("vertical line {k} of the {w}×{h} piece: Left cuts here"),
                )
                .target(t),
            );
            targets = targets.max(t + 1);
        }
        for k in 1..h {
            let t = base + (w - 1 + k - 1) as usize;
            shapes.push(
                Shape::line(
                    x,
                    f64::from(k),
                    fw,
                    0.0,
                    Look::Right,
                    format!("horizontal line {k} of the {w}×{h} piece: Right cuts here"),
                )
                .target(t),
            );
            targets = targets.max(t + 1);
        }
        shapes.push(Shape::text(x + fw / 2.0, fh + 0.7, format!("{w}×{h}")));
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

/// The line the move cuts along (Left's vertical, Right's horizontal);
/// the lines that leave the same pieces (its mirror, the same line of an
/// equal piece) name it too.
fn touch(before: &Component, after: &Component, mover: Option<Player>) -> Option<Touch> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<Cutcake>(before)?,
        position_of::<Cutcake>(after)?,
    );
    let player = mover?;
    let pieces = b.pieces();
    let mut ways = Vec::new();
    for (i, (&(w, h), base)) in pieces.iter().zip(targets_of(pieces)).enumerate() {
        let Some(base) = base else { continue };
        let len = if player == Player::Left { w } else { h };
        for k in 1..len {
            let (cut, t) = match player {
                Player::Left => ([(k, h), (w - k, h)], base + (k - 1) as usize),
                Player::Right => ([(w, k), (w, h - k)], base + (w - 1 + k - 1) as usize),
            };
            let mut v = pieces.to_vec();
            v.remove(i);
            v.extend(cut);
            v.retain(|&p| p != (1, 1));
            v.sort_unstable();
            if v == a.pieces() {
                ways.push(vec![t]);
            }
        }
    }
    Touch::of_ways(ways)
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    call.no_params()?;
    let [w, h] = call.args().unwrap_or(&[]) else {
        return Err(call.error(
            call.span(),
            "cutcake takes a width and a height",
            "write cutcake(3,2)",
        ));
    };
    let side = |a: &Arg| -> Result<u32, ExprError> {
        let v = natural(a, "sides", "a side")?;
        u32::try_from(v).map_err(|_| {
            call.error(
                a.span(),
                format!("side {v} is too long"),
                "sides up to 4294967295",
            )
        })
    };
    let (w, h) = (side(w)?, side(h)?);
    let cake = partizan::cutcake(w, h).map_err(|e| {
        partizan_error(
            call.span().start,
            e,
            "two sides of at least 1, e.g. cutcake(3, 4)",
        )
    })?;
    // Every Cutcake position is an integer, by a closed form (Winning Ways
    // ch. 2; checked against the solver in the tests): no search, however
    // large the cake.
    Ok(RulesPosition::<Cutcake>::component(
        &SPEC,
        Some(|cake| Some(partizan::Game::integer(cake.closed_form()))),
        cake,
    ))
}

/// "cut the 3×2 piece into 1×2 and 2×2" (width × height): Left cuts
/// along a vertical line, Right along a horizontal one; pieces of 1×1
/// are no longer written, but the words name them.
fn says(
    before: &Component,
    after: &Component,
    mover: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<Cutcake>(before)?,
        position_of::<Cutcake>(after)?,
    );
    let player = mover?;
    let pieces = b.pieces();
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let len = if player == Player::Left { w } else { h };
        for k in 1..=len / 2 {
            let cut = match player {
                Player::Left => [(k, h), (w - k, h)],
                Player::Right => [(w, k), (w, h - k)],
            };
            let mut v = pieces.to_vec();
            v.remove(i);
            v.extend(cut);
            v.retain(|&p| p != (1, 1));
            v.sort_unstable();
            if v == a.pieces() {
                return Some(format!(
                    "cut the {w}×{h} piece into {}×{} and {}×{}",
                    cut[0].0, cut[0].1, cut[1].0, cut[1].1
                ));
            }
        }
    }
    None
}
