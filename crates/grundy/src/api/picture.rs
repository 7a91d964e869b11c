//! `picture`: each component of a position drawn as its game declares
//! (a graph for Col, Snort, Kayles on graphs, Hackenbush), so that a front
//! end draws it without reading the game's syntax; and the vertex or edge a
//! move acts on, which `options` gives with each move. A compound
//! (`conjunctive(nim(3) + kayles(2), col(".-."))`) is drawn part by part:
//! each component of each of its sums, with the sum it belongs to.

use serde::Serialize;

use super::{Error, Session};
use crate::component::drawing::GraphDrawing;
use crate::component::figure::{Figure, Touch};
use crate::component::spec::Picture;
use crate::component::Component;
use crate::language::expr::{parse_any_in, GameExpr};
use crate::vocab::outcome::Player;

/// One component and its drawing.
#[derive(Clone, Debug, Serialize)]
pub struct PartPicture {
    /// The component as written.
    pub game: String,
    /// In a compound, which of its arguments (a sum, from 0) the
    /// component belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
    /// Its graph, when its game draws one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphDrawing>,
    /// Its figure, when its game lays one out ([`Picture::Figure`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<Figure>,
    /// Asked with the position a move reaches ([`picture_of_move`]): what
    /// that move did on this component's picture, when it moved here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved: Option<Moved>,
}

/// What a move did on its component's picture, in the picture's own
/// terms, so that a front end marks that one move on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Moved {
    /// The vertex or edge of a graph it acted on, numbered as in the
    /// drawing before the move (as `options` numbers its moves' `at`).
    At(usize),
    /// The cells of a board it changed, `[row, column]` from 0 at the top
    /// left.
    Cells(Vec<[usize; 2]>),
    /// `[heap, left]`: the heap (from 0) it took from and what it left
    /// there (heaps, a heap with a memory, a row of pins).
    Heap([u64; 2]),
    /// `[row, first, last]`: a row of pins (from 0) that a move split in
    /// two, and the pins it knocked down there, `first` to `last` (from 0),
    /// as the row stood before the move.
    Knock([u64; 3]),
    /// `[x, y]`: the square the piece moved to.
    Square([u64; 2]),
    /// The edge cut, from 0 at the ground (those above it fall).
    Cut(usize),
    /// The targets of a figure it acted on (the lines a cake was cut
    /// along, the card pivoted on), numbered as in the figure before the
    /// move.
    Targets(Vec<usize>),
}

/// The answer of `picture`.
#[derive(Clone, Debug, Serialize)]
pub struct PictureAnswer {
    /// The position, as read.
    pub game: String,
    /// Its components in the order written (one for a single game); for
    /// a compound, the components of each of its sums in turn.
    pub parts: Vec<PartPicture>,
    /// For a compound, its name (`conjunctive`, `selective`, …): its parts
    /// are not a sum, and a move may change several of them at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compound: Option<&'static str>,
}

impl std::fmt::Display for PictureAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if let (Some(name), Some(g)) = (self.compound, p.group) {
                write!(f, "{name}, argument {}: ", g + 1)?;
            }
            match (&p.graph, &p.figure) {
                (Some(g), _) => write!(
                    f,
                    "{}: a graph of {} vertices and {} edges",
                    p.game,
                    g.vertices.len(),
                    g.edges.len()
                )?,
                (None, Some(fig)) => write!(
                    f,
                    "{}: a figure of {} shapes, {} of them to click",
                    p.game,
                    fig.shapes.len(),
                    fig.targets
                )?,
                (None, None) => write!(f, "{}: drawn as its game's picture or as text", p.game)?,
            }
            if let Some(m) = &p.moved {
                write!(f, "; the move did {m:?} here")?;
            }
        }
        Ok(())
    }
}

/// The graph of `c`, when its game draws positions as graphs.
pub fn graph_of(c: &Component) -> Option<GraphDrawing> {
    match c.spec().picture {
        Picture::Graph { draw, .. } => draw(c),
        _ => None,
    }
}

/// The figure of `c`, when its game lays positions out as figures.
pub fn figure_of(c: &Component) -> Option<Figure> {
    match c.spec().picture {
        Picture::Figure { draw, .. } => draw(c),
        _ => None,
    }
}

/// The targets of `before`'s figure that the move to `after` by `mover`
/// acts on, when its game lays positions out as figures.
pub fn touch_of(before: &Component, after: &Component, mover: Option<Player>) -> Option<Touch> {
    match before.spec().picture {
        Picture::Figure { touch, .. } => touch(before, after, mover),
        _ => None,
    }
}

/// The vertex or edge of `before`'s graph that the move to `after` by
/// `mover` acts on, when its game draws positions as graphs.
pub fn touched(before: &Component, after: &Component, mover: Option<Player>) -> Option<usize> {
    match before.spec().picture {
        Picture::Graph { touched, .. } => touched(before, after, mover),
        _ => None,
    }
}

/// The last quoted argument of a position as written (a grid game's board,
/// as [`Picture::Grid`] declares), as characters by row.
fn board(c: &Component) -> Option<Vec<Vec<char>>> {
    let text = c.to_string();
    let (front, _) = text.rsplit_once('"')?;
    let (_, board) = front.rsplit_once('"')?;
    Some(board.split('|').map(|r| r.chars().collect()).collect())
}

/// The arguments of a position written `name[params](a,b,…)` when every
/// one is a whole number.
fn numbers(c: &Component) -> Option<Vec<u64>> {
    let text = c.to_string();
    let (_, args) = text.strip_suffix(')')?.rsplit_once('(')?;
    args.split(',').map(|a| a.trim().parse().ok()).collect()
}

/// What the move from `before` to `after` (by `mover`, in a partizan game)
/// did on `before`'s picture, as its game declares the picture; `None`
/// when the picture is text or the move is not one it can show.
pub fn moved(before: &Component, after: &Component, mover: Option<Player>) -> Option<Moved> {
    if before.spec().name != after.spec().name {
        return None;
    }
    match before.spec().picture {
        Picture::Graph { touched, .. } => touched(before, after, mover).map(Moved::At),
        Picture::Figure { touch, .. } => {
            touch(before, after, mover).map(|t| Moved::Targets(t.marks))
        }
        Picture::Grid { .. } => {
            let (b, a) = (board(before)?, board(after)?);
            let rows = b.len().max(a.len());
            let mut cells = Vec::new();
            for r in 0..rows {
                let (x, y) = (b.get(r), a.get(r));
                let cols = x.map_or(0, Vec::len).max(y.map_or(0, Vec::len));
                for col in 0..cols {
                    if x.and_then(|x| x.get(col)) != y.and_then(|y| y.get(col)) {
                        cells.push([r, col]);
                    }
                }
            }
            (!cells.is_empty()).then_some(Moved::Cells(cells))
        }
        Picture::Edges { .. } => {
            let (b, a) = (board(before)?, board(after)?);
            let ([b], [a]) = (&b[..], &a[..]) else {
                return None;
            };
            (a.len() < b.len() && b.starts_with(a)).then_some(Moved::Cut(a.len()))
        }
        Picture::Heaps | Picture::Pins => {
            let (b, a) = (numbers(before)?, numbers(after)?);
            if a.len() == b.len() {
                let changed: Vec<usize> = (0..b.len()).filter(|&i| a[i] != b[i]).collect();
                match changed[..] {
                    [i] if a[i] < b[i] => Some(Moved::Heap([i as u64, a[i]])),
                    _ => None,
                }
            } else if a.len() == b.len() + 1 && before.spec().picture.is_pins() {
                // A middle pin (or two) knocked down: the row is now two.
                let (i, parts) = crate::games::words::heap_change(&b, &a)?;
                let [first, rest] = parts else { return None };
                let knocked = b[i].checked_sub(first + rest).filter(|&k| k > 0)?;
                Some(Moved::Knock([i as u64, *first, first + knocked - 1]))
            } else if a.len() + 1 == b.len() {
                // An emptied heap may be dropped from the position written.
                (0..b.len())
                    .find(|&i| b[..i] == a[..i] && b[i + 1..] == a[i..])
                    .map(|i| Moved::Heap([i as u64, 0]))
            } else {
                None
            }
        }
        Picture::Memory => {
            let (b, a) = (numbers(before)?, numbers(after)?);
            match (&b[..], &a[..]) {
                ([n, _], [left, _]) if left < n => Some(Moved::Heap([0, *left])),
                _ => None,
            }
        }
        Picture::Square => match numbers(after)?[..] {
            [x, y] => Some(Moved::Square([x, y])),
            _ => None,
        },
        Picture::Text => None,
    }
}

/// The components of a sum as written; none for a compound (whose parts
/// are sums of their own).
pub(crate) fn parts_of(game: &GameExpr) -> &[Component] {
    match game {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c,
        GameExpr::Compound { .. } => &[],
    }
}

/// Each component of `text` with its drawing.
pub fn picture(session: &Session, text: &str) -> Result<PictureAnswer, Error> {
    session.in_notation(|| {
        let game = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        let part = |group: Option<usize>, c: &Component| PartPicture {
            game: c.to_string(),
            group,
            graph: graph_of(c),
            figure: figure_of(c),
            moved: None,
        };
        // A compound with a partizan part is one component, valued by its
        // game tree; it is drawn part by part all the same.
        let compound = match &game {
            GameExpr::Compound { kind, parts, .. } => Some((*kind, &parts[..])),
            GameExpr::Sum(c) => match &c[..] {
                [one] => crate::games::compound::parts(one),
                _ => None,
            },
            GameExpr::Misere(_) => None,
        };
        Ok(match compound {
            Some((kind, parts)) => PictureAnswer {
                game: game.to_string(),
                parts: parts
                    .iter()
                    .enumerate()
                    .flat_map(|(g, sum)| sum.iter().map(move |c| part(Some(g), c)))
                    .collect(),
                compound: Some(kind.name()),
            },
            None => PictureAnswer {
                game: game.to_string(),
                parts: parts_of(&game).iter().map(|c| part(None, c)).collect(),
                compound: None,
            },
        })
    })
}

/// Each component of `text` with its drawing, and on the component the
/// move to `after` (by `mover`, in a partizan game) changed, what it did
/// there (`moved`): so that a front end marks the move just played, of
/// any picture, on the board.
pub fn picture_of_move(
    session: &Session,
    text: &str,
    after: &str,
    mover: Option<Player>,
) -> Result<PictureAnswer, Error> {
    let mut answer = picture(session, text)?;
    session.in_notation(|| {
        let before = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        let reached =
            parse_any_in(after, &session.registry).map_err(|e| Error::parse(after, &e))?;
        let (b, a) = (parts_of(&before), parts_of(&reached));
        if answer.compound.is_some() || b.len() != answer.parts.len() {
            return Ok(answer);
        }
        if b.len() == a.len() {
            let changed: Vec<usize> = (0..b.len()).filter(|&i| b[i] != a[i]).collect();
            if let [i] = changed[..] {
                answer.parts[i].moved = moved(&b[i], &a[i], mover);
            }
        }
        if answer.parts.iter().all(|p| p.moved.is_none()) {
            // A move that split its component into several (a cake cut in
            // two, a middle edge of Arc Kayles taken), or emptied it: the
            // position written no longer pairs component with component,
            // so the move is found among the options, which know the
            // component it changed and what that became.
            if let Some((i, m)) = split_move(session, &before, &reached, mover) {
                answer.parts[i].moved = m;
            }
        }
        Ok(answer)
    })
}

/// The option of `before` (of `mover`'s) that reaches `reached`, as the
/// component it changed and what the move did there.
fn split_move(
    session: &Session,
    before: &GameExpr,
    reached: &GameExpr,
    mover: Option<Player>,
) -> Option<(usize, Option<Moved>)> {
    let mut engine = session.engine();
    let o = engine.options(before).ok()?;
    let parts = o.parts.as_deref()?;
    let list = match (&o.moves, mover) {
        (crate::engine::OptionLists::Impartial(m), _) => m,
        (crate::engine::OptionLists::Partizan { left, .. }, Some(Player::Left)) => left,
        (crate::engine::OptionLists::Partizan { right, .. }, Some(Player::Right)) => right,
        _ => return None,
    };
    let want = reached.to_string();
    let m = list.iter().find(|m| m.game.to_string() == want)?;
    let (i, to) = m.change.as_ref()?;
    Some((*i, moved(&parts[*i], to, mover)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::options;
    use crate::Limits;

    /// Every move of every graph game's position acts on one vertex or
    /// edge of its drawing, and no two moves of a player on the same one:
    /// so a click picks exactly one move.
    #[test]
    fn each_move_is_one_vertex_or_edge_of_the_drawing() {
        let session = Session::new(Limits::default());
        let positions = [
            ("col(\"R-.-.-L-.(-.;-R)\")", "vertex"),
            ("snort(\".-L-.:A-.-.-.:A\")", "vertex"),
            ("fjords(\"L-.-R-.-L-L\")", "vertex"),
            ("node_kayles(\".-.:A-.-.-.:A\")", "vertex"),
            ("node_kayles(\".-.;.-.-.;.\")", "vertex"),
            ("arc_kayles(\".-.-.(-.;-.-.);.-.-.\")", "edge"),
            ("hackenbush_graph(\":Gll:A(r:G;e:A)\")", "edge"),
            ("hackenbush_graph(\":Gee:A(re;l:G)\")", "edge"),
            ("childish_hackenbush_graph(\":Gllllrr:G\")", "edge"),
            ("hackenbush_tree(\"l(r,e(l,l)),e,rl\")", "edge"),
            ("childish_hackenbush(\"lr,e(l,l),rr\")", "edge"),
        ];
        for (text, click) in positions {
            let drawn = picture(&session, text).unwrap();
            let [part] = &drawn.parts[..] else {
                panic!("{text}: {} parts", drawn.parts.len())
            };
            let graph = part
                .graph
                .as_ref()
                .unwrap_or_else(|| panic!("{text}: no graph"));
            let count = if click == "vertex" {
                graph.vertices.len()
            } else {
                graph.edges.len()
            };
            for e in &graph.edges {
                assert!(e.ends.iter().all(|&v| v < graph.vertices.len()), "{text}");
            }
            let o = options(&session, text).unwrap();
            let lists = [o.moves, o.left, o.right];
            let mut moves = 0;
            for list in lists.iter().flatten() {
                let mut seen = std::collections::HashSet::new();
                for m in list {
                    let at =
                        m.at.unwrap_or_else(|| panic!("{text}: {} has no at", m.says));
                    assert!(at < count, "{text}: {} at {at} of {count}", m.says);
                    assert!(seen.insert(at), "{text}: two moves on {click} {at}");
                    // The words count from 1 what the drawing counts from 0
                    // (Kayles' words count within each graph, by its ends).
                    if !text.contains("kayles") {
                        let named = format!("{click} {} ", at + 1);
                        assert!(
                            format!("{} ", m.says).contains(&named),
                            "{text}: {} at {at}",
                            m.says
                        );
                    }
                    moves += 1;
                }
            }
            assert!(moves > 0, "{text}");
        }
    }

    /// A compound is drawn part by part, each component with the sum it
    /// belongs to; a graph game among them with its graph.
    #[test]
    fn a_compound_is_drawn_part_by_part() {
        let session = Session::new(Limits::default());
        let drawn = picture(&session, "conjunctive(nim(3) + kayles(2), col(\".-.\"))").unwrap();
        assert_eq!(drawn.compound, Some("conjunctive"));
        // An impartial compound is no component of its own: drawn the same.
        let impartial = picture(&session, "selective(nim(3), kayles(2) + nim(1))").unwrap();
        assert_eq!(impartial.compound, Some("selective"));
        let groups: Vec<Option<usize>> = impartial.parts.iter().map(|p| p.group).collect();
        assert_eq!(groups, [Some(0), Some(1), Some(1)]);
        let parts: Vec<(&str, Option<usize>)> = drawn
            .parts
            .iter()
            .map(|p| (p.game.as_str(), p.group))
            .collect();
        assert_eq!(
            parts,
            [
                ("nim(3)", Some(0)),
                ("kayles(2)", Some(0)),
                ("col(\".-.\")", Some(1))
            ]
        );
        assert_eq!(drawn.parts[2].graph.as_ref().unwrap().vertices.len(), 2);
        let sum = picture(&session, "nim(3) + kayles(2)").unwrap();
        assert_eq!(sum.compound, None);
        assert!(sum.parts.iter().all(|p| p.group.is_none()));
    }

    /// The move just played, for every kind of picture: exactly what it
    /// changed, in the picture's own terms.
    #[test]
    fn a_move_is_marked_on_every_kind_of_picture() {
        let session = Session::new(Limits::default());
        let cases = [
            (
                "nim(3,5) + kayles(4)",
                "nim(3,2) + kayles(4)",
                None,
                0,
                Moved::Heap([1, 2]),
            ),
            ("nim(3,5)", "nim(5)", None, 0, Moved::Heap([0, 0])),
            ("kayles(4)", "kayles(2)", None, 0, Moved::Heap([0, 2])),
            (
                "fibonacci_nim(10,4)",
                "fibonacci_nim(7,3)",
                None,
                0,
                Moved::Heap([0, 7]),
            ),
            ("queen(3,4)", "queen(1,2)", None, 0, Moved::Square([1, 2])),
            (
                "hackenbush(\"lrl\")",
                "hackenbush(\"l\")",
                Some(Player::Right),
                0,
                Moved::Cut(1),
            ),
            (
                "nim(1) + mock_turtles(\"thth\")",
                "nim(1) + mock_turtles(\"httt\")",
                None,
                1,
                Moved::Cells(vec![[0, 0], [0, 1], [0, 3]]),
            ),
        ];
        for (text, after, mover, part, want) in cases {
            let drawn = picture_of_move(&session, text, after, mover)
                .unwrap_or_else(|e| panic!("{text} -> {after}: {e}"));
            for (i, p) in drawn.parts.iter().enumerate() {
                let expected = (i == part).then(|| want.clone());
                assert_eq!(p.moved, expected, "{text} -> {after}, part {i}");
            }
        }
        // Every move of a board or a graph: its cells (a domino's two), or
        // the vertex or edge `options` gives it.
        for text in [
            "domineering(\"..|..|.#\")",
            "col(\".-.-.(-.;-R)\")",
            "snort(\".-.-.\")",
        ] {
            let o = options(&session, text).unwrap();
            let lists = [
                (None, o.moves),
                (Some(Player::Left), o.left),
                (Some(Player::Right), o.right),
            ];
            for (mover, list) in lists {
                for m in list.iter().flatten() {
                    let drawn = picture_of_move(&session, text, &m.game, mover).unwrap();
                    let got = drawn.parts[0].moved.clone();
                    match m.at {
                        Some(at) => assert_eq!(got, Some(Moved::At(at)), "{text}: {}", m.says),
                        None => {
                            let Some(Moved::Cells(cells)) = got else {
                                panic!("{text}: {} marks {got:?}", m.says)
                            };
                            assert_eq!(cells.len(), 2, "{text}: {}", m.says);
                        }
                    }
                }
            }
        }
        // A position that is not one move away marks nothing.
        let far = picture_of_move(&session, "nim(3,5)", "nim(1,1)", None).unwrap();
        assert!(far.parts.iter().all(|p| p.moved.is_none()));
    }

    /// Every option of small positions of the games drawn as figures (the
    /// cakes, Quicksort, Partizan Euclid), of each player, is named by a
    /// click on one of the figure's targets, and `picture_of_move` marks it
    /// there, on the component it changed, even when the move splits that
    /// component (a cake cut in two) or empties it. A click names one move
    /// of a player, except in Maundy Cake, where a line may belong to cuts
    /// into 2 and into 4 (the page offers them in words).
    #[test]
    fn every_move_of_a_figure_is_a_click_and_is_marked() {
        let session = Session::new(Limits::default());
        let mut positions: Vec<String> = Vec::new();
        for (w, h) in [(1, 2), (2, 1), (2, 2), (3, 2), (4, 3), (5, 5)] {
            positions.push(format!("cutcake({w},{h})"));
            for game in ["eatcake", "maundy_cake", "turn_and_eatcake"] {
                positions.push(format!("{game}({w},{h})"));
            }
        }
        positions.push("cutcake(3,2) + cutcake(3,2)".into());
        positions.push("eatcake(0,3) + eatcake(2,0)".into());
        positions.push("maundy_cake(6,8) + nim(2)".into());
        for q in [
            "3,1,2",
            "4,1,6,5,7,3,8,2",
            "2,1,3,5,4",
            "0,1,2",
            "5,4,3,2,1,0",
        ] {
            positions.push(format!("quicksort({q})"));
        }
        positions.push("quicksort(1,0) + quicksort(2,0,1)".into());
        for (p, q) in [(8, 7), (8, 3), (3, 8), (5, 0), (6, 3), (13, 5)] {
            positions.push(format!("partizan_euclid({p},{q})"));
        }
        let mut checked = 0;
        for text in &positions {
            let drawn = picture(&session, text).unwrap();
            let o = options(&session, text).unwrap();
            let lists = [
                (None, o.moves),
                (Some(Player::Left), o.left),
                (Some(Player::Right), o.right),
            ];
            for (mover, list) in lists {
                let list = list.unwrap_or_default();
                let mut named = std::collections::HashMap::<(usize, usize), usize>::new();
                for m in &list {
                    let part = m.part.unwrap_or(0);
                    if text.contains("nim") && part == 1 {
                        continue;
                    }
                    let figure = drawn.parts[part]
                        .figure
                        .as_ref()
                        .unwrap_or_else(|| panic!("{text}: part {part} has no figure"));
                    let targets: Vec<usize> =
                        figure.shapes.iter().filter_map(|s| s.target).collect();
                    let touch = m
                        .touch
                        .as_ref()
                        .unwrap_or_else(|| panic!("{text}: {} names no target", m.says));
                    for k in touch.marks.iter().chain(&touch.also) {
                        assert!(targets.contains(k), "{text}: {} on target {k}", m.says);
                        *named.entry((part, *k)).or_default() += 1;
                    }
                    let after = picture_of_move(&session, text, &m.game, mover).unwrap();
                    for (i, p) in after.parts.iter().enumerate() {
                        let want = (i == part).then(|| Moved::Targets(touch.marks.clone()));
                        assert_eq!(p.moved, want, "{text} -> {}: part {i}", m.game);
                    }
                    checked += 1;
                }
                if !text.contains("maundy") {
                    for ((part, k), n) in named {
                        assert_eq!(n, 1, "{text}: {n} moves on target {k} of part {part}");
                    }
                }
            }
        }
        assert!(checked > 90, "{checked}");
        // A large cake is drawn whole, its size written on it, and cut from
        // the list.
        let big = picture(&session, "cutcake(1000,3)").unwrap();
        let figure = big.parts[0].figure.as_ref().unwrap();
        assert!(figure.shapes.iter().all(|s| s.target.is_none()));
        assert_eq!(figure.shapes[0].text.as_deref(), Some("1000×3"));
    }

    /// A move that splits its component into several is marked all the
    /// same: Arc Kayles through a middle edge, by the edge taken.
    #[test]
    fn a_splitting_move_is_marked() {
        let session = Session::new(Limits::default());
        let text = "arc_kayles(\".-.-.-.-.-.-.\")";
        let o = options(&session, text).unwrap();
        let mut split = 0;
        for m in o.moves.unwrap() {
            let drawn = picture_of_move(&session, text, &m.game, None).unwrap();
            assert_eq!(drawn.parts[0].moved, m.at.map(Moved::At), "{}", m.game);
            split += usize::from(m.game.contains('+'));
        }
        assert_eq!(split, 1);
        // Kayles knocking a middle pin: the row is two rows now.
        let cases = [
            ("kayles(7)", "kayles(2,4)", [0, 2, 2]),
            ("kayles(7)", "kayles(2,3)", [0, 2, 3]),
            ("nim(1) + kayles(4,3)", "nim(1) + kayles(4,1,1)", [1, 1, 1]),
        ];
        for (text, after, want) in cases {
            let drawn = picture_of_move(&session, text, after, None).unwrap();
            let marked: Vec<_> = drawn.parts.iter().filter_map(|p| p.moved.clone()).collect();
            assert_eq!(marked, [Moved::Knock(want)], "{text} -> {after}");
        }
    }

    #[test]
    fn a_game_with_no_graph_has_no_drawing() {
        let session = Session::new(Limits::default());
        let drawn = picture(&session, "nim(3) + col(\".-.\")").unwrap();
        assert!(drawn.parts[0].graph.is_none());
        assert_eq!(drawn.parts[1].graph.as_ref().unwrap().vertices.len(), 2);
    }
}
