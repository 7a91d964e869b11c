//! The report on a sum of components that the CLI prints.

use super::game::Game;
use super::games::{
    AbGame, AbString, Cutcake, CutcakeSum, Domineering, DomineeringBoard, Hackenbush,
    HackenbushForest, HackenbushString, HackenbushTrees, PartizanSubtraction, SubtractionHeap,
    ToadsFrogs, ToadsFrogsRow,
};
use super::rules::{CanonicalSolver, PartizanRules};
use super::{Comparison, Error};
use crate::{Outcome, Player};

/// One summand: a literal value or a position of one of the games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// A value written in CGSuite notation.
    Value(Game),
    /// An A/B string.
    Ab(AbString),
    /// A Hackenbush string.
    Hackenbush(HackenbushString),
    /// A forest of Hackenbush trees.
    HackenbushTrees(HackenbushForest),
    /// A Domineering board.
    Domineering(DomineeringBoard),
    /// A sum of cakes.
    Cutcake(CutcakeSum),
    /// A Toads and Frogs row.
    ToadsFrogs(ToadsFrogsRow),
    /// A partizan subtraction heap.
    Subtraction(SubtractionHeap),
}

impl Component {
    /// A component from a constructor call as written in input syntax,
    /// `name(args)`, with `args` the text between the parentheses (quotes
    /// around string arguments optional):
    /// `domineering("..|..")`, `hackenbush("lre")`, `hackenbush_tree("l(r,e)")`,
    /// `toads_frogs("tt..ff")`, `ab_game("A..B")`, `cutcake(3,2)`,
    /// `subtraction(10, [1,2], [2,3])`, or `value("{1|-1}")` for notation.
    ///
    /// ```
    /// use grundy::partizan::{analyse, Component};
    /// let c = Component::from_call("cutcake", "2, 1").unwrap();
    /// assert_eq!(c.to_string(), "cutcake(2,1)");
    /// assert_eq!(analyse(&[c]).unwrap().value, "1");
    /// ```
    pub fn from_call(name: &str, args: &str) -> Result<Component, Error> {
        let unquoted = args.trim().trim_matches('"');
        let bad = |reason: String, accepted: &'static str| {
            super::games::call_error(name, args, reason, accepted)
        };
        Ok(match name {
            "value" => Component::Value(Game::parse(unquoted)?),
            "domineering" => Component::Domineering(super::games::domineering(unquoted)?),
            "hackenbush" => Component::Hackenbush(super::games::hackenbush(unquoted)?),
            "hackenbush_tree" => Component::HackenbushTrees(super::games::hackenbush_tree(unquoted)?),
            "toads_frogs" => Component::ToadsFrogs(super::games::toads_frogs(unquoted)?),
            "ab_game" => Component::Ab(super::games::ab_game(unquoted)?),
            "cutcake" => {
                const ACCEPTED: &str = "cutcake(width, height), two positive integers";
                let nums: Vec<&str> = unquoted.split(',').map(str::trim).collect();
                match nums.as_slice() {
                    [w, h] => {
                        let w = w.parse().map_err(|_| bad(format!("width {w:?} is not a positive integer"), ACCEPTED))?;
                        let h = h.parse().map_err(|_| bad(format!("height {h:?} is not a positive integer"), ACCEPTED))?;
                        Component::Cutcake(super::games::cutcake(w, h)?)
                    }
                    _ => return Err(bad(format!("{} arguments", nums.len()), ACCEPTED)),
                }
            }
            "subtraction" => {
                const ACCEPTED: &str = "subtraction(heap, [left set], [right set]), e.g. subtraction(10, [1,2], [2,3])";
                let (heap, rest) = unquoted.split_once(',').ok_or_else(|| bad("missing the subtraction sets".into(), ACCEPTED))?;
                let heap: u64 = heap.trim().parse().map_err(|_| bad(format!("heap {heap:?} is not an integer"), ACCEPTED))?;
                let sets: Vec<Vec<u64>> = rest
                    .split(']')
                    .map(|p| p.trim().trim_start_matches(',').trim())
                    .filter(|p| !p.is_empty())
                    .map(|p| {
                        let inner = p.strip_prefix('[').ok_or_else(|| bad(format!("expected '[' at {p:?}"), ACCEPTED))?;
                        inner
                            .split(',')
                            .map(str::trim)
                            .filter(|x| !x.is_empty())
                            .map(|x| x.parse().map_err(|_| bad(format!("{x:?} is not a positive integer"), ACCEPTED)))
                            .collect()
                    })
                    .collect::<Result<_, _>>()?;
                match sets.as_slice() {
                    [l, r] => Component::Subtraction(super::games::partizan_subtraction(heap, l, r)?),
                    _ => return Err(bad(format!("{} sets", sets.len()), ACCEPTED)),
                }
            }
            _ => {
                return Err(bad(
                    format!("unknown game {name:?}"),
                    "value, domineering, hackenbush, hackenbush_tree, toads_frogs, ab_game, cutcake, subtraction",
                ))
            }
        })
    }
}

impl std::fmt::Display for Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Component::Value(g) => {
                let s = g.to_string();
                // A sum's text must not run into the next summand.
                if s.starts_with('{')
                    || !s.contains(['+', '-'])
                    || s.starts_with('-') && !s[1..].contains(['+', '-'])
                {
                    f.write_str(&s)
                } else {
                    write!(f, "({s})")
                }
            }
            Component::Ab(p) => p.fmt(f),
            Component::Hackenbush(p) => p.fmt(f),
            Component::HackenbushTrees(p) => p.fmt(f),
            Component::Domineering(p) => p.fmt(f),
            Component::Cutcake(p) => p.fmt(f),
            Component::ToadsFrogs(p) => p.fmt(f),
            Component::Subtraction(p) => p.fmt(f),
        }
    }
}

/// What `grundy` reports for a sum.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The canonical value in CGSuite notation.
    pub value: String,
    /// `"L"`, `"R"`, `"N"` or `"P"`.
    pub outcome: String,
    /// Left's winning moves (Left moving first), each written as the whole
    /// resulting sum in input syntax.
    pub left_moves: Vec<String>,
    /// Right's winning moves.
    pub right_moves: Vec<String>,
    /// Birthday of the canonical form.
    pub birthday: u64,
    /// Left stop, e.g. `"9/4"`.
    pub left_stop: String,
    /// Right stop.
    pub right_stop: String,
    /// Mean value.
    pub mean: String,
    /// Temperature (negative for numbers).
    pub temperature: String,
    /// `"*n"` (or `"0"`) when the value is a nimber.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nimber: Option<String>,
}

/// One solver per game, so a sum's components share memo tables.
#[derive(Default)]
struct Solvers {
    ab: Option<CanonicalSolver<AbGame>>,
    hb: Option<CanonicalSolver<Hackenbush>>,
    trees: Option<CanonicalSolver<HackenbushTrees>>,
    dom: Option<CanonicalSolver<Domineering>>,
    cake: Option<CanonicalSolver<Cutcake>>,
    tf: Option<CanonicalSolver<ToadsFrogs>>,
    sub: Option<CanonicalSolver<PartizanSubtraction>>,
}

fn solve<R: PartizanRules>(
    slot: &mut Option<CanonicalSolver<R>>,
    rules: R,
    p: &R::Position,
) -> Result<Game, Error> {
    slot.get_or_insert_with(|| CanonicalSolver::new(rules))
        .value(p)
}

fn moves<R: PartizanRules>(
    rules: &R,
    p: &R::Position,
    player: Player,
    wrap: impl Fn(R::Position) -> Component,
) -> Vec<Component> {
    let mut out = Vec::new();
    rules.options(p, player, &mut out);
    out.into_iter().map(wrap).collect()
}

impl Solvers {
    fn value(&mut self, c: &Component) -> Result<Game, Error> {
        match c {
            Component::Value(g) => Ok(*g),
            Component::Ab(p) => solve(&mut self.ab, AbGame, p),
            Component::Hackenbush(p) => solve(&mut self.hb, Hackenbush, p),
            Component::HackenbushTrees(p) => solve(&mut self.trees, HackenbushTrees, p),
            Component::Domineering(p) => solve(&mut self.dom, Domineering, p),
            Component::Cutcake(p) => solve(&mut self.cake, Cutcake, p),
            Component::ToadsFrogs(p) => solve(&mut self.tf, ToadsFrogs, p),
            Component::Subtraction(p) => solve(&mut self.sub, PartizanSubtraction, p),
        }
    }
}

/// The options of one component for `player`.
fn component_moves(c: &Component, player: Player) -> Vec<Component> {
    match c {
        Component::Value(g) => {
            let opts = if player == Player::Left {
                g.left_options()
            } else {
                g.right_options()
            };
            opts.into_iter().map(Component::Value).collect()
        }
        Component::Ab(p) => moves(&AbGame, p, player, Component::Ab),
        Component::Hackenbush(p) => moves(&Hackenbush, p, player, Component::Hackenbush),
        Component::HackenbushTrees(p) => {
            moves(&HackenbushTrees, p, player, Component::HackenbushTrees)
        }
        Component::Domineering(p) => moves(&Domineering, p, player, Component::Domineering),
        Component::Cutcake(p) => moves(&Cutcake, p, player, Component::Cutcake),
        Component::ToadsFrogs(p) => moves(&ToadsFrogs, p, player, Component::ToadsFrogs),
        Component::Subtraction(p) => moves(&PartizanSubtraction, p, player, Component::Subtraction),
    }
}

fn write_sum(cs: &[Component]) -> String {
    if cs.is_empty() {
        return "0".into();
    }
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Analyses the sum of `components`: value, outcome, winning moves, stops,
/// mean and temperature.
///
/// A winning move for Left is one to a sum that is `>= 0` (Right, to move
/// there, loses); for Right, to a sum `<= 0`.
///
/// ```
/// use grundy::partizan::{analyse, Component, Game, ab_game};
/// let r = analyse(&[Component::Ab(ab_game("A..B.A...B").unwrap())]).unwrap();
/// assert_eq!(r.value, "*");
/// assert_eq!(r.outcome, "N");
/// assert_eq!(r.left_moves, vec!["ab_game(\"A..B..A..B\")"]);
/// ```
pub fn analyse(components: &[Component]) -> Result<Report, Error> {
    let mut solvers = Solvers::default();
    let total = sum_value(&mut solvers, components)?;
    let left_moves = winning_moves_with(&mut solvers, components, Player::Left)?
        .iter()
        .map(|m| write_sum(m))
        .collect();
    let right_moves = winning_moves_with(&mut solvers, components, Player::Right)?
        .iter()
        .map(|m| write_sum(m))
        .collect();
    let outcome: Outcome = total.outcome();
    Ok(Report {
        value: total.to_string(),
        outcome: outcome.to_string(),
        left_moves,
        right_moves,
        birthday: total.birthday(),
        left_stop: total.left_stop().to_string(),
        right_stop: total.right_stop().to_string(),
        mean: total.mean()?.to_string(),
        temperature: total.temperature()?.to_string(),
        nimber: total.as_nimber().map(|n| crate::Nimber(n).to_string()),
    })
}

fn sum_value(solvers: &mut Solvers, components: &[Component]) -> Result<Game, Error> {
    let values = components
        .iter()
        .map(|c| solvers.value(c))
        .collect::<Result<Vec<_>, _>>()?;
    Game::try_sum(&values)
}

/// The moves of `player` in the sum that win when `player` moves first:
/// each as the whole resulting sum. A move wins for Left when the sum it
/// leaves is `>= 0`, for Right when it is `<= 0`.
pub fn winning_moves(
    components: &[Component],
    player: Player,
) -> Result<Vec<Vec<Component>>, Error> {
    winning_moves_with(&mut Solvers::default(), components, player)
}

fn winning_moves_with(
    solvers: &mut Solvers,
    components: &[Component],
    player: Player,
) -> Result<Vec<Vec<Component>>, Error> {
    let values = components
        .iter()
        .map(|c| solvers.value(c))
        .collect::<Result<Vec<_>, _>>()?;
    let zero = Game::zero();
    let mut out = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let mut others = values.clone();
        others.remove(i);
        let rest = Game::try_sum(&others)?;
        for m in component_moves(c, player) {
            let after = rest.try_add(solvers.value(&m)?)?;
            let wins = if player == Player::Left {
                after.ge(zero)
            } else {
                after.le(zero)
            };
            if wins {
                let mut next = components.to_vec();
                next[i] = m;
                out.push(next);
            }
        }
    }
    Ok(out)
}

/// The rules of a sum of [`Component`]s, so that plain search
/// ([`super::search_outcome`]) can play whole mixed sums.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComponentSum;

/// A position of [`ComponentSum`]: printed as the sum in input syntax.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumPosition(pub Vec<Component>);

impl std::fmt::Display for SumPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_sum(&self.0))
    }
}

impl PartizanRules for ComponentSum {
    type Position = SumPosition;

    fn options(&self, p: &SumPosition, player: Player, out: &mut Vec<SumPosition>) {
        for (i, c) in p.0.iter().enumerate() {
            for m in component_moves(c, player) {
                let mut next = p.0.clone();
                next[i] = m;
                out.push(SumPosition(next));
            }
        }
    }
}

/// Parses a whole CGSuite-notation text such as `{3||2*|1*} + ^`.
pub fn parse_value(text: &str) -> Result<Game, Error> {
    Game::parse(text)
}

/// Compares two values: prints as `<`, `>`, `=` or `<>` (confused).
pub fn compare(g: Game, h: Game) -> Comparison {
    g.compare(h)
}

/// The canonical value of a sum of components (each solved once, then added).
pub fn value_of(components: &[Component]) -> Result<Game, Error> {
    sum_value(&mut Solvers::default(), components)
}
