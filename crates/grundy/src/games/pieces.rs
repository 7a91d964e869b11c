//! Chess pieces moving toward a corner (`queen(3,4)`, `rook`, `bishop`,
//! `king`, `knight`) and pieces of the user's own moves on an N×N board
//! (`piece[(-2,1),(1,-2)*; 8](3,3)`).
//!
//! The rules are [`Piece`] (leaps and rides); values come from the piece's
//! [`BoardTable`], kept in the [`Context`] and grown geometrically.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::board::{BoardTable, Piece, Square, Step, TableError};
use crate::component::spec::{item_span, Call, GameKind, GameSpec};
use crate::component::BuiltinRuleset;
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Impartial, ImpartialPosition, Key};
use crate::language::syntax::Item;
use crate::solvers::search::Play;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Outcome;

macro_rules! piece {
    ($spec:ident, $name:literal, $summary:literal, $example:literal) => {
        #[doc = concat!("The declaration of `", $name, "`.")]
        pub static $spec: GameSpec = GameSpec {
            name: $name,
            kind: GameKind::Impartial,
            summary: $summary,
            example: $example,
            build,
            ruleset: Some(ruleset),
            says: Some(says),
            picture: crate::component::spec::Picture::Square,
        };
    };
}

piece!(
    QUEEN,
    "queen",
    "a queen moving toward (0,0): Wythoff's game",
    "queen(3,4)"
);
piece!(
    ROOK,
    "rook",
    "a rook moving toward (0,0): Nim with two heaps",
    "rook(3,4)"
);
piece!(
    BISHOP,
    "bishop",
    "a bishop moving diagonally toward (0,0)",
    "bishop(3,4)"
);
piece!(
    KING,
    "king",
    "a king moving one square toward (0,0)",
    "king(3,4)"
);
piece!(
    KNIGHT,
    "knight",
    "a knight moving (-1,-2) or (-2,-1) (HackerRank Knight and Queen)",
    "knight(5,4)"
);
piece!(
    PIECE,
    "piece",
    "leaps (dx,dy) and rides (dx,dy)* on an N×N board (coordinates 0..N-1)",
    "piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8](3,3)"
);

const PIECE_USAGE: &str =
    "write piece[(dx,dy),(dx,dy)*; N] with leaps (dx,dy), rides (dx,dy)* and the \
     board size N, like piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]";

fn piece_of(call: &Call<'_>) -> Result<Piece, ExprError> {
    match named(call.name()) {
        Some((piece, _)) => {
            call.no_params()?;
            Ok(Piece::clone(piece))
        }
        None => general_piece(call),
    }
}

/// The named pieces with their names, made once: a query that names one
/// (a batch of a million `knight(x,y)`) shares it instead of building it.
fn named(name: &str) -> Option<&'static (Arc<Piece>, Arc<str>)> {
    const NAMES: [&str; 5] = ["queen", "rook", "bishop", "king", "knight"];
    static NAMED: OnceLock<[(Arc<Piece>, Arc<str>); 5]> = OnceLock::new();
    let i = NAMES.iter().position(|&n| n == name)?;
    let all = NAMED.get_or_init(|| {
        [
            Piece::queen(),
            Piece::rook(),
            Piece::bishop(),
            Piece::king(),
            Piece::knight(),
        ]
        .map(|p| {
            let name = Arc::from(p.name());
            (Arc::new(p), name)
        })
    });
    Some(&all[i])
}

fn general_piece(call: &Call<'_>) -> Result<Piece, ExprError> {
    let (moves, size) = match call.params().unwrap_or(&[]) {
        [moves] => (moves, None),
        [moves, size] => (moves, Some(size)),
        _ => {
            return Err(call.error(
                call.span(),
                "piece needs its moves in brackets",
                PIECE_USAGE,
            ))
        }
    };
    let mut steps = Vec::new();
    for item in moves {
        match item {
            Item::Vector { dx, dy, ride, .. } => steps.push(Step {
                dx: *dx,
                dy: *dy,
                ride: *ride,
            }),
            other => {
                return Err(call.error(item_span(other), "expected a move (dx,dy)", PIECE_USAGE))
            }
        }
    }
    let board = match size.map(Vec::as_slice) {
        None => None,
        Some([Item::Number(t, span)]) => match t.parse::<u64>() {
            Ok(n) if n > 0 => Some(n),
            _ => return Err(call.error(*span, format!("'{t}' is not a board size"), PIECE_USAGE)),
        },
        Some(_) => {
            return Err(call.error(
                call.span(),
                "the board size is one number after ';'",
                PIECE_USAGE,
            ))
        }
    };
    Piece::new(steps, board).map_err(|e| call.error(call.span(), e.to_string(), PIECE_USAGE))
}

/// "queen from (3, 4) to (1, 2)": the squares as the page labels them,
/// (row, column) with (0, 0) the corner the piece moves toward.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    let [x0, y0] = *before.key().numbers else {
        return None;
    };
    let [x1, y1] = *after.key().numbers else {
        return None;
    };
    let name = match before.spec().name {
        "piece" => "the piece",
        name => name,
    };
    Some(format!("{name} from ({x0}, {y0}) to ({x1}, {y1})"))
}

fn spec_of(name: &str) -> &'static GameSpec {
    match name {
        "queen" => &QUEEN,
        "rook" => &ROOK,
        "bishop" => &BISHOP,
        "king" => &KING,
        "knight" => &KNIGHT,
        _ => &PIECE,
    }
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (piece, piece_name) = match named(call.name()) {
        Some((piece, name)) => {
            call.no_params()?;
            (piece.clone(), name.clone())
        }
        None => {
            let piece = general_piece(call)?;
            let name = Arc::from(piece.name());
            (Arc::new(piece), name)
        }
    };
    let name = call.name();
    let args = call.args().unwrap_or(&[]);
    let [x, y] = args else {
        return Err(call.error(
            call.span(),
            format!(
                "'{name}' takes one square, two coordinates, but got {} arguments",
                args.len()
            ),
            format!("write {name}(x,y); several pieces are a sum: {name}(1,2) + {name}(3,4)"),
        ));
    };
    let square = Square {
        x: crate::component::spec::natural(x, "coordinates", "a coordinate")?,
        y: crate::component::spec::natural(y, "coordinates", "a coordinate")?,
    };
    if let Err(e) = piece.check_square(square) {
        return Err(call.error(
            call.args_span(),
            e.to_string(),
            "use coordinates inside the board",
        ));
    }
    Ok(Component::Impartial(Arc::new(PiecePosition {
        spec: spec_of(name),
        name: piece_name,
        piece,
        square,
    })))
}

fn ruleset(call: &Call<'_>) -> Result<BuiltinRuleset, ExprError> {
    piece_of(call).map(BuiltinRuleset::Board)
}

/// A piece on its square.
#[derive(Clone)]
pub struct PiecePosition {
    spec: &'static GameSpec,
    name: Arc<str>,
    piece: Arc<Piece>,
    square: Square,
}

/// The tables computed so far, one per piece.
#[derive(Default)]
pub struct Tables(rustc_hash::FxHashMap<Piece, BoardTable>);

/// The table of `piece` in `cx` covering at least `size`×`size` squares (its
/// whole board when bounded), computed once and grown geometrically.
pub fn table<'c>(
    cx: &'c mut Context,
    piece: &Piece,
    size: u64,
) -> Result<&'c BoardTable, EvalError> {
    let budget = cx.budget().clone();
    let tables = cx.cache::<Tables>();
    let have = tables.0.get(piece).map(BoardTable::size);
    if have.is_none_or(|have| have < size) {
        let have = have.unwrap_or(0);
        let grown = size.max(have.saturating_mul(2)).max(16);
        let t = match BoardTable::compute_within(piece, grown, &budget) {
            Ok(t) => t,
            // Out of time or cancelled: a smaller table would be too.
            Err(
                e @ TableError::Limit(
                    crate::vocab::limits::LimitError::Time { .. }
                    | crate::vocab::limits::LimitError::Cancelled { .. },
                ),
            ) => return Err(e.into()),
            Err(_) if grown > size => BoardTable::compute_within(piece, size, &budget)?,
            Err(e) => return Err(e.into()),
        };
        tables.0.insert(piece.clone(), t);
    }
    Ok(&tables.0[piece])
}

impl PiecePosition {
    fn at(&self, square: Square) -> Impartial {
        Arc::new(PiecePosition {
            square,
            ..self.clone()
        })
    }

    /// The square `k` steps of `s` away, if on the board.
    fn target(&self, s: &Step, k: u64) -> Option<Square> {
        let x = self.square.x as i128 + s.dx as i128 * k as i128;
        let y = self.square.y as i128 + s.dy as i128 * k as i128;
        let n = self
            .piece
            .board()
            .map_or(u64::MAX as i128 + 1, |n| n as i128);
        (x >= 0 && y >= 0 && x < n && y < n).then_some(Square {
            x: x as u64,
            y: y as u64,
        })
    }
}

impl PiecePosition {
    /// Calls `visit` with the square of each move, until it breaks.
    fn squares(&self, visit: &mut dyn FnMut(Square) -> ControlFlow<()>) -> ControlFlow<()> {
        for s in self.piece.steps() {
            let mut k = 1;
            while let Some(t) = self.target(s, k) {
                visit(t)?;
                if !s.ride {
                    break;
                }
                k += 1;
            }
        }
        ControlFlow::Continue(())
    }
}

impl fmt::Debug for PiecePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for PiecePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({},{})", self.name, self.square.x, self.square.y)
    }
}

impl ImpartialPosition for PiecePosition {
    fn spec(&self) -> &'static GameSpec {
        self.spec
    }

    fn key(&self) -> Key {
        Key::numbers(&self.name, &[self.square.x, self.square.y])
    }

    fn options(&self, visit: &mut dyn FnMut(Impartial) -> ControlFlow<()>) -> ControlFlow<()> {
        self.squares(&mut |t| visit(self.at(t)))
    }

    fn nim_heaps(&self) -> Option<Vec<u64>> {
        self.piece.nim_heaps(self.square)
    }

    fn closed_outcome(&self, play: Play) -> Option<Outcome> {
        self.piece.closed_outcome(self.square, play)
    }

    fn closed_winning_moves(&self, play: Play) -> Option<Vec<Impartial>> {
        let moves = self.piece.closed_winning_moves(self.square, play)?;
        Some(moves.into_iter().map(|sq| self.at(sq)).collect())
    }

    fn nimber(&self, cx: &mut Context) -> Result<Nimber, EvalError> {
        let sq = self.square;
        // A square off a bounded board (a position built by hand, not parsed) is an error.
        self.piece.check_square(sq)?;
        if let Some(v) = self.piece.closed_value(sq) {
            return Ok(v);
        }
        let need = sq.x.max(sq.y).saturating_add(1);
        let table = table(cx, &self.piece, need)?;
        match table.get(sq) {
            Some(v) => Ok(Nimber(v as u64)),
            None => Err(TableError::OffBoard {
                piece: self.piece.name().to_string(),
                size: table.size(),
                x: sq.x,
                y: sq.y,
            }
            .into()),
        }
    }

    fn options_with_value(
        &self,
        target: Nimber,
        cx: &mut Context,
        found: &mut dyn FnMut(Impartial) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        if let Some(squares) = self.piece.closed_options_with_value(self.square, target) {
            for sq in squares {
                if found(self.at(sq)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
            return Ok(ControlFlow::Continue(()));
        }
        let need = self.square.x.max(self.square.y).saturating_add(1);
        let table = table(cx, &self.piece, need)?;
        Ok(self.squares(&mut |sq| {
            if table.get(sq).map(|v| v as u64) == Some(target.0) {
                found(self.at(sq))
            } else {
                ControlFlow::Continue(())
            }
        }))
    }
}
