//! CGSuite's analysis functions in the expression language: `reduced(G)`,
//! `freeze(G)`, `cool(G, t)`, `heat(G, t)`, `overheat(G, s, t)`,
//! `atomic_weight(G)`, `stop_count(G)`, `ordinal_sum(G, H)`,
//! `ordinal_product(G, H)`, `conway_product(G, H)`, `norton_product(G, U)`,
//! `companion(G)`, `subordinate(G, B)`, `pow(G, x)`, `pow_to(G, x)`, the
//! lists `incentives(G)`, `left_incentives(G)`, `right_incentives(G)`, the
//! texts `confusion_interval(G)` and `uptimal_expansion(G)`
//! ([`parse_text_call`]), and CGSuite's predicates `is_number(G)`,
//! `is_even_tempered(G)`, … (true or false, [`parse_predicate_call`]).
//!
//! Each function is declared once in [`FUNCTIONS`] (name, parameters, one
//! line of help, an example, what it computes); the language, its errors
//! and `grundy games` read that declaration. A function whose result is a
//! game is a partizan component like any other: it can be added, negated,
//! nested and passed to another function (`cool(heat(G, 1), 1) + ^`). Its
//! arguments are any game expressions (impartial ones enter as their
//! nimbers); it is valued when the game is, within the query's budget, by
//! the operations of [`crate::partizan::Game`]. A function whose result is a
//! list (the incentives) or true or false (a predicate) can only be the
//! whole expression ([`parse_list_call`], [`parse_predicate_call`]).
//!
//! ```
//! use grundy::api::ReadText;
//! use grundy::{engine::Analysis, Engine, Limits};
//! let mut engine = Engine::new(Limits::default());
//! let Analysis::Partizan { report, .. } = engine.analyse("cool({3|-1}, 1) + ^").unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(report.value.to_string(), "{2^|^}");
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use crate::component::spec::{GameKind, GameSpec, Picture};
use crate::component::write_sum;
use crate::component::EvalError;
use crate::component::ExprError;
use crate::component::{Component, Context, Key, Partizan, PartizanPosition};
use crate::games::value::Value;
use crate::language::syntax::{Arg, Term};
use crate::partizan::{self, Game};
use crate::registry::Registry;
use crate::vocab::outcome::Player;

/// What a function gives.
#[derive(Clone, Copy)]
pub enum Returns {
    /// A game, from the values of the arguments.
    Game(fn(&[Game]) -> Result<Game, partizan::Error>),
    /// A list of games, from the value of its one argument.
    List(fn(Game) -> Result<Vec<Game>, partizan::Error>),
    /// The sensible options of a player in its one argument (a position,
    /// not only a value): CGSuite's `SensibleOptions`, a list of positions.
    Sensible(Player),
    /// A text, or none, from the value of its one argument: a confusion
    /// interval, an uptimal expansion (not games: written as CGSuite or
    /// the literature writes them).
    Text(fn(Game) -> Result<Option<String>, partizan::Error>),
    /// True or false, from the value of its one argument (a predicate,
    /// CGSuite's `IsNumber` and its kin).
    Bool {
        /// The test.
        test: fn(Game) -> Result<bool, partizan::Error>,
        /// Whether it is cheap enough to be reported with every partizan
        /// value (`properties` in `value --json`, `is:` in its text): it
        /// looks at the stops or walks the canonical form once, no more.
        cheap: bool,
    },
}

/// A function's declaration.
pub struct FunctionSpec {
    /// The name it is written by.
    pub name: &'static str,
    /// Its parameters' names, in order (`G`, `t`).
    pub params: &'static [&'static str],
    /// One line for the help text.
    pub summary: &'static str,
    /// A call that `grundy value` accepts.
    pub example: &'static str,
    /// What it computes.
    pub returns: Returns,
}

impl FunctionSpec {
    /// How it is called: `cool(G, t)`.
    pub fn usage(&self) -> String {
        format!("{}({})", self.name, self.params.join(", "))
    }

    /// Whether it gives a list rather than a game.
    pub fn is_list(&self) -> bool {
        matches!(self.returns, Returns::List(_) | Returns::Sensible(_))
    }

    /// Whether it gives a text rather than a game.
    pub fn is_text(&self) -> bool {
        matches!(self.returns, Returns::Text(_))
    }

    /// Whether it gives true or false rather than a game.
    pub fn is_predicate(&self) -> bool {
        matches!(self.returns, Returns::Bool { .. })
    }

    /// The property a predicate tests, as answers name it: `is_number`
    /// tests `number`.
    pub fn property(&self) -> &'static str {
        self.name.strip_prefix("is_").unwrap_or(self.name)
    }
}

impl fmt::Debug for FunctionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

fn arg_error(operation: &'static str, reason: String) -> partizan::Error {
    partizan::Error::Domain { operation, reason }
}

/// `t` as a number, or an error naming the parameter.
fn number(
    operation: &'static str,
    param: &str,
    g: Game,
    accepted: &str,
) -> Result<partizan::Dyadic, partizan::Error> {
    g.as_number().ok_or_else(|| {
        arg_error(
            operation,
            format!("{param} must be a number ({accepted}), but it is {g}"),
        )
    })
}

/// Every function, in the order the help lists them.
pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "reduced",
        params: &["G"],
        summary: "the reduced canonical form: the simplest game infinitesimally close to G (Calistrate; Grossman–Siegel)",
        example: "reduced({3||2*|1*})",
        returns: Returns::Game(|a| a[0].reduced()),
    },
    FunctionSpec {
        name: "freeze",
        params: &["G"],
        summary: "G cooled by its own temperature",
        example: "freeze({3||2*|1*})",
        returns: Returns::Game(|a| a[0].freeze()),
    },
    FunctionSpec {
        name: "cool",
        params: &["G", "t"],
        summary: "G cooled by the number t > -1 (below 0 as CGSuite allows)",
        example: "cool({3|-1}, 1)",
        returns: Returns::Game(|a| {
            let t = number("cool", "t", a[1], "a dyadic rational above -1, like 1 or -1/2")?;
            a[0].cool(t)
        }),
    },
    FunctionSpec {
        name: "heat",
        params: &["G", "t"],
        summary: "G heated by t, any number or game: {heat(G^L,t) + t | heat(G^R,t) - t}, numbers unchanged",
        example: "heat(*, 1)",
        returns: Returns::Game(|a| a[0].heat_by(a[1])),
    },
    FunctionSpec {
        name: "overheat",
        params: &["G", "s", "t"],
        summary: "G overheated from s to t: integers n become n.s, others {G^L + t | G^R - t}",
        example: "overheat(1/2, 1, 1)",
        returns: Returns::Game(|a| a[0].overheat(a[1], a[2])),
    },
    FunctionSpec {
        name: "atomic_weight",
        params: &["G"],
        summary: "the atomic weight of an atomic infinitesimal (every all-small game is one)",
        example: "atomic_weight(^*)",
        returns: Returns::Game(|a| a[0].atomic_weight()),
    },
    FunctionSpec {
        name: "stop_count",
        params: &["G"],
        summary: "the number of stopping positions (numbers) in G's canonical game tree",
        example: "stop_count(*8)",
        returns: Returns::Game(|a| {
            let n = i64::try_from(a[0].stop_count()?).map_err(|_| partizan::Error::Overflow {
                operation: "stop count (as a value)",
            })?;
            Game::integer(n)
        }),
    },
    FunctionSpec {
        name: "ordinal_sum",
        params: &["G", "H"],
        summary: "the ordinal sum G:H: moving in G takes H away",
        example: "ordinal_sum(1, -1)",
        returns: Returns::Game(|a| a[0].ordinal_sum(a[1])),
    },
    FunctionSpec {
        name: "ordinal_product",
        params: &["G", "H"],
        summary: "CGSuite's ordinal product (for nimbers *a, *b it is *(ab))",
        example: "ordinal_product(*5, *6)",
        returns: Returns::Game(|a| a[0].ordinal_product(a[1])),
    },
    FunctionSpec {
        name: "conway_product",
        params: &["G", "H"],
        summary: "Conway's product on canonical forms: nim multiplication of nimbers, the product of numbers",
        example: "conway_product(*4, *4)",
        returns: Returns::Game(|a| a[0].conway_product(a[1])),
    },
    FunctionSpec {
        name: "norton_product",
        params: &["G", "U"],
        summary: "Norton multiplication G.U by a positive unit U",
        example: "norton_product(1/2, ^)",
        returns: Returns::Game(|a| a[0].norton_product(a[1])),
    },
    FunctionSpec {
        name: "incentives",
        params: &["G"],
        summary: "the list of G's incentives G^L - G and G - G^R, undominated, each once",
        example: "incentives({3||2*|1*})",
        returns: Returns::List(Game::incentives),
    },
    FunctionSpec {
        name: "left_incentives",
        params: &["G"],
        summary: "the list of Left's incentives G^L - G",
        example: "left_incentives(v*)",
        returns: Returns::List(|g| Ok(partizan::sort_games(g.left_incentives()?))),
    },
    FunctionSpec {
        name: "right_incentives",
        params: &["G"],
        summary: "the list of Right's incentives G - G^R",
        example: "right_incentives(v*)",
        returns: Returns::List(|g| Ok(partizan::sort_games(g.right_incentives()?))),
    },
    FunctionSpec {
        name: "companion",
        params: &["G"],
        summary: "the lattice companion: 0 and * exchanged at the bottom, 0 added to a side of G >= 0 or G <= 0 (Siegel, CGT III.2)",
        example: "companion(^)",
        returns: Returns::Game(|a| a[0].companion()),
    },
    FunctionSpec {
        name: "subordinate",
        params: &["G", "B"],
        summary: "G with every option of the base B removed all the way down (undoes the ordinal sum B:X)",
        example: "subordinate(1/8, 1)",
        returns: Returns::Game(|a| a[0].subordinate(a[1])),
    },
    FunctionSpec {
        name: "pow",
        params: &["G", "x"],
        summary: "G^x for a base G = {0|H} and a number x >= 1: {0 | H - G^->(x-1)} (^<n> is pow(^, n))",
        example: "pow(^, 3)",
        returns: Returns::Game(|a| a[0].pow(a[1])),
    },
    FunctionSpec {
        name: "pow_to",
        params: &["G", "x"],
        summary: "G^->x for a number x >= 0: the ordinal sum G : (x subordinated to 1) (^[n] is pow_to(^, n))",
        example: "pow_to(^, 3)",
        returns: Returns::Game(|a| a[0].pow_to(a[1])),
    },
    FunctionSpec {
        name: "sensible_left_options",
        params: &["G"],
        summary: "the list of G's sensible Left options (positions): for each canonical Left option K^L, the first option of G at least K^L",
        example: "sensible_left_options(clobber(\"xoxo|ox..\"))",
        returns: Returns::Sensible(Player::Left),
    },
    FunctionSpec {
        name: "sensible_right_options",
        params: &["G"],
        summary: "the list of G's sensible Right options (positions): for each canonical Right option K^R, the first option of G at most K^R",
        example: "sensible_right_options(clobber(\"xoxo|ox..\"))",
        returns: Returns::Sensible(Player::Right),
    },
    FunctionSpec {
        name: "confusion_interval",
        params: &["G"],
        summary: "the numbers x with G <> x: from the right stop to the left stop, an end closed where G <> it; none for a number",
        example: "confusion_interval({1|-1})",
        returns: Returns::Text(|g| Ok(g.confusion_interval().map(|c| c.to_string()))),
    },
    FunctionSpec {
        name: "uptimal_expansion",
        params: &["G"],
        summary: "the uptimal expansion x*m.a1a2a3 (G = x + *m + a1.^<1> + a2.^<2> + ...) as CGSuite prints it; none if G is no uptimal",
        example: "uptimal_expansion(^<3>*)",
        returns: Returns::Text(|g| Ok(g.uptimal_expansion())),
    },
    predicate(
        "is_number",
        "whether G is a number",
        "is_number(3/4)",
        |g| Ok(g.is_number()),
        true,
    ),
    predicate(
        "is_integer",
        "whether G is an integer",
        "is_integer(-2)",
        |g| Ok(g.is_integer()),
        true,
    ),
    predicate(
        "is_nimber",
        "whether G is a nimber *n (0 included)",
        "is_nimber(*5)",
        |g| Ok(g.is_nimber()),
        true,
    ),
    predicate(
        "is_zero",
        "whether G is 0",
        "is_zero(* + *)",
        |g| Ok(g.is_zero()),
        false,
    ),
    predicate(
        "is_ordinal",
        "whether G is an ordinal (among short games, an integer n >= 0)",
        "is_ordinal(5)",
        |g| Ok(g.is_ordinal()),
        false,
    ),
    predicate(
        "is_numberish",
        "whether G is infinitesimally close to a number (both stops equal)",
        "is_numberish(9/8*)",
        |g| Ok(g.is_numberish()),
        true,
    ),
    predicate(
        "is_number_tiny",
        "whether G is a number, or a number plus a tiny or a miny: {x||x|G} with mean(G) < x, or its mirror",
        "is_number_tiny({0||0|-3/2})",
        |g| Ok(g.is_number_tiny()),
        true,
    ),
    predicate(
        "is_infinitesimal",
        "whether both stops of G are 0 (0 included, as in CGSuite)",
        "is_infinitesimal(^*)",
        |g| Ok(g.is_infinitesimal()),
        true,
    ),
    predicate(
        "is_all_small",
        "whether every follower of G has options for both players or for neither (dicotic)",
        "is_all_small({^^^|vv})",
        |g| Ok(g.is_all_small()),
        true,
    ),
    predicate(
        "is_uptimal",
        "whether G is a number plus a nimber plus a sum of multiples of ^<1>, ^<2>, ...",
        "is_uptimal({0|*||*|||*||||*})",
        |g| Ok(g.is_uptimal()),
        true,
    ),
    predicate(
        "is_even",
        "whether G is even: every option odd (0 is even); integers as their parity",
        "is_even(4)",
        Game::is_even,
        true,
    ),
    predicate(
        "is_odd",
        "whether G is odd: it has an option and every option is even",
        "is_odd(2*)",
        Game::is_odd,
        true,
    ),
    predicate(
        "is_even_tempered",
        "whether G is even-tempered: a number, or every option odd-tempered",
        "is_even_tempered({1*|-1*})",
        Game::is_even_tempered,
        true,
    ),
    predicate(
        "is_odd_tempered",
        "whether G is odd-tempered: not a number, and every option even-tempered",
        "is_odd_tempered(9/8*)",
        Game::is_odd_tempered,
        true,
    ),
    predicate(
        "is_atomic",
        "whether G has an atomic weight (every all-small game does; see atomic_weight)",
        "is_atomic({1|^^||^})",
        Game::is_atomic,
        false,
    ),
    predicate(
        "is_idempotent",
        "whether G + G = G (among short games only 0)",
        "is_idempotent(0)",
        |g| Ok(g.is_idempotent()),
        false,
    ),
];

/// The cheap properties `g` has (see [`Returns::Bool`]), in the order of
/// [`FUNCTIONS`], by their names without `is_`: `number`, `numberish`, …
/// A property whose test failed (a limit) is left out.
pub fn properties(g: Game) -> Vec<&'static str> {
    FUNCTIONS
        .iter()
        .filter(|f| match f.returns {
            Returns::Bool { test, cheap: true } => test(g).unwrap_or(false),
            _ => false,
        })
        .map(FunctionSpec::property)
        .collect()
}

/// A predicate's declaration: `is_number(G)` and its kin.
const fn predicate(
    name: &'static str,
    summary: &'static str,
    example: &'static str,
    test: fn(Game) -> Result<bool, partizan::Error>,
    cheap: bool,
) -> FunctionSpec {
    FunctionSpec {
        name,
        params: &["G"],
        summary,
        example,
        returns: Returns::Bool { test, cheap },
    }
}

/// The function written `name`, if any.
pub fn lookup(name: &str) -> Option<&'static FunctionSpec> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// The declaration that function applications report as their game: they
/// are not in the registry of games, but a position names its game.
pub static SPEC: GameSpec = GameSpec {
    name: "function",
    kind: GameKind::Partizan,
    summary: "a function of games, like cool(G, t)",
    example: "cool({3|-1}, 1)",
    build: |call| {
        Err(call.error(
            call.span(),
            "not a function",
            "write a function by its name, like cool({3|-1}, 1)",
        ))
    },
    ruleset: None,
    says: Some(crate::games::words::option_says),
    picture: Picture::Text,
};

/// A function applied to games: a partizan position whose value is the
/// function's value on its arguments' values, and whose options are that
/// value's options.
#[derive(Debug)]
pub struct Applied {
    spec: &'static FunctionSpec,
    args: Vec<Vec<Component>>,
    value: OnceLock<Game>,
}

impl Applied {
    /// The function's value, within `cx`'s budget (once; kept after).
    fn compute(&self, cx: &mut Context) -> Result<Game, EvalError> {
        if let Some(&v) = self.value.get() {
            return Ok(v);
        }
        let Returns::Game(apply) = self.spec.returns else {
            unreachable!("list functions are refused where a game is written")
        };
        let budget = cx.budget().clone();
        let v = partizan::within_budget(&budget, || {
            let values = argument_values(&self.args, cx)?;
            apply(&values).map_err(|e| EvalError::from(named(self.spec, e)))
        })?;
        let _ = self.value.set(v);
        Ok(v)
    }
}

/// The value of each argument (a sum; impartial parts enter as nimbers).
fn argument_values(args: &[Vec<Component>], cx: &mut Context) -> Result<Vec<Game>, EvalError> {
    let mut values = Vec::with_capacity(args.len());
    for arg in args {
        let mut total = Game::zero();
        for c in arg {
            cx.budget_tick()?;
            let v = match c {
                Component::Partizan(p) => p.value(cx)?,
                Component::Impartial(p) => Game::nimber(p.nimber(cx)?.0)?,
            };
            total = total.try_add(v)?;
        }
        values.push(total);
    }
    Ok(values)
}

/// An error of a function's operation, with how the function is called.
fn named(spec: &FunctionSpec, e: partizan::Error) -> partizan::Error {
    match e {
        partizan::Error::Domain { operation, reason } => partizan::Error::Domain {
            operation,
            reason: format!("{reason} (in {}, written {})", spec.name, spec.usage()),
        },
        other => other,
    }
}

fn write_args(f: &mut fmt::Formatter<'_>, args: &[Vec<Component>]) -> fmt::Result {
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_sum(f, arg)?;
    }
    Ok(())
}

impl fmt::Display for Applied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.spec.name)?;
        write_args(f, &self.args)?;
        f.write_str(")")
    }
}

static NAME: OnceLock<Arc<str>> = OnceLock::new();

impl PartizanPosition for Applied {
    fn spec(&self) -> &'static GameSpec {
        &SPEC
    }

    fn key(&self) -> Key {
        Key::text(
            NAME.get_or_init(|| Arc::from("function")),
            &self.to_string(),
        )
    }

    /// The options of the value; valued within the default limits if it
    /// was not valued yet (the engine values a game before it lists moves).
    fn options_until(
        &self,
        player: Player,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut cx = Context::new(crate::vocab::limits::Limits::default());
        match self.compute(&mut cx) {
            Ok(v) => value_options(v, player, visit),
            Err(_) => ControlFlow::Continue(()),
        }
    }

    fn try_options_until(
        &self,
        player: Player,
        cx: &mut Context,
        visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, EvalError> {
        let v = self.compute(cx)?;
        Ok(value_options(v, player, visit))
    }

    fn value(&self, cx: &mut Context) -> Result<Game, EvalError> {
        self.compute(cx)
    }
}

fn value_options(
    v: Game,
    player: Player,
    visit: &mut dyn FnMut(Partizan) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let opts = match player {
        Player::Left => v.left_options(),
        Player::Right => v.right_options(),
    };
    opts.into_iter()
        .try_for_each(|g| visit(Arc::new(Value(g)) as Partizan))
}

/// The validated arguments of a call of `spec` written as `term`: each a
/// sum of components. `validate` validates one argument's expression.
fn arguments(
    spec: &'static FunctionSpec,
    term: &Term,
    mut validate: impl FnMut(&Arg) -> Result<Vec<Component>, ExprError>,
) -> Result<Vec<Vec<Component>>, ExprError> {
    let usage = || {
        format!(
            "write {} with {} as games or values, like {}",
            spec.usage(),
            spec.params.join(", "),
            spec.example
        )
    };
    if term.params.is_some() {
        return Err(ExprError::Invalid {
            at: term.name_span.start,
            problem: format!("{} takes no parameters in [...]", spec.name),
            accepted: usage(),
        });
    }
    let args = term.args.as_deref().unwrap_or(&[]);
    if args.len() != spec.params.len() {
        return Err(ExprError::Invalid {
            at: term.span.start,
            problem: format!(
                "{} takes {} argument{} ({}), but {} {} given",
                spec.name,
                spec.params.len(),
                if spec.params.len() == 1 { "" } else { "s" },
                spec.params.join(", "),
                args.len(),
                if args.len() == 1 { "was" } else { "were" }
            ),
            accepted: usage(),
        });
    }
    args.iter()
        .map(|a| match a {
            Arg::Str(_, span) | Arg::List(_, span) => Err(ExprError::Invalid {
                at: span.start,
                problem: format!("an argument of {} must be a game or a value", spec.name),
                accepted: usage(),
            }),
            other => validate(other),
        })
        .collect()
}

/// `name(args)` as a component, for a function whose result is a game.
/// `validate` validates one argument into a sum of components.
pub(crate) fn build(
    spec: &'static FunctionSpec,
    term: &Term,
    validate: impl FnMut(&Arg) -> Result<Vec<Component>, ExprError>,
) -> Result<Component, ExprError> {
    if spec.is_predicate() {
        return Err(ExprError::Invalid {
            at: term.span.start,
            problem: format!(
                "{} answers true or false, not a game: it cannot be added, negated or passed to a function",
                spec.usage()
            ),
            accepted: format!(
                "write it alone, as the whole expression (grundy value '{}')",
                spec.example
            ),
        });
    }
    if spec.is_text() {
        return Err(ExprError::Invalid {
            at: term.span.start,
            problem: format!(
                "{} is a text, not a game: it cannot be added, negated or passed to a function",
                spec.usage()
            ),
            accepted: format!(
                "write it alone, as the whole expression (grundy value '{}')",
                spec.example
            ),
        });
    }
    if spec.is_list() {
        return Err(ExprError::Invalid {
            at: term.span.start,
            problem: format!(
                "{} is a list of games, not a game: it cannot be added, negated or passed to a function",
                spec.usage()
            ),
            accepted: format!(
                "write it alone, as the whole expression (grundy value '{}'), or use a function \
                 whose value is a game",
                spec.example
            ),
        });
    }
    let args = arguments(spec, term, validate)?;
    Ok(Component::Partizan(Arc::new(Applied {
        spec,
        args,
        value: OnceLock::new(),
    })))
}

/// A sensible option: the position after the move (a sum of components)
/// and its value.
pub type SensibleOption = (Vec<Component>, Game);

/// A function of one game written as the whole expression, whose answer
/// is not a game: a list (`incentives({3||2*|1*})`) or true or false
/// (`is_number(1/2)`).
#[derive(Debug)]
pub struct WholeCall {
    /// The function.
    pub spec: &'static FunctionSpec,
    /// Its argument, a sum of components.
    pub argument: Vec<Component>,
}

impl WholeCall {
    /// The list of a list function, within `cx`'s budget: the argument's
    /// value, then the function.
    pub fn list(&self, cx: &mut Context) -> Result<(Game, Vec<Game>), EvalError> {
        let Returns::List(apply) = self.spec.returns else {
            unreachable!("a list call is of a list function")
        };
        self.apply(cx, apply)
    }

    /// The answer of a predicate, within `cx`'s budget: the argument's
    /// value, then the test.
    pub fn test(&self, cx: &mut Context) -> Result<(Game, bool), EvalError> {
        let Returns::Bool { test, .. } = self.spec.returns else {
            unreachable!("a predicate call is of a predicate")
        };
        self.apply(cx, test)
    }

    /// The sensible options of a sensible-options function, within `cx`'s
    /// budget: the argument's value, then each sensible option (a sum of
    /// components, the position after the move) with its value. As
    /// CGSuite's `Game.sensibleOptions`: for each canonical option `k` of
    /// the player (in canonical order), the first option of the position
    /// whose value is `>= k` for Left (`<= k` for Right); one always exists.
    pub fn sensible(&self, cx: &mut Context) -> Result<(Game, Vec<SensibleOption>), EvalError> {
        let Returns::Sensible(player) = self.spec.returns else {
            unreachable!("a sensible-options call is of a sensible-options function")
        };
        let budget = cx.budget().clone();
        partizan::within_budget(&budget, || {
            let g = argument_values(std::slice::from_ref(&self.argument), cx)?[0];
            let mut options = Vec::new();
            for (i, c) in self.argument.iter().enumerate() {
                let mut each = |m: Component| {
                    let mut next = self.argument.clone();
                    next[i] = m;
                    options.push(next);
                    ControlFlow::Continue(())
                };
                let _ = match c {
                    Component::Partizan(p) => {
                        p.try_options_until(player, cx, &mut |o| each(Component::Partizan(o)))?
                    }
                    Component::Impartial(p) => {
                        p.try_options(cx, &mut |o| each(Component::Impartial(o)))?
                    }
                };
            }
            let values = argument_values(&options, cx)?;
            let canonical = match player {
                Player::Left => g.left_options(),
                Player::Right => g.right_options(),
            };
            let mut sensible = Vec::with_capacity(canonical.len());
            for k in canonical {
                let found = options.iter().zip(&values).find(|&(_, &v)| match player {
                    Player::Left => v.ge(k),
                    Player::Right => v.le(k),
                });
                if let Some((o, &v)) = found {
                    sensible.push((o.clone(), v));
                }
            }
            Ok((g, sensible))
        })
    }

    /// The answer of a text function, within `cx`'s budget: the argument's
    /// value, then the text (none: the function has no answer for it).
    pub fn text(&self, cx: &mut Context) -> Result<(Game, Option<String>), EvalError> {
        let Returns::Text(f) = self.spec.returns else {
            unreachable!("a text call is of a text function")
        };
        self.apply(cx, f)
    }

    fn apply<T>(
        &self,
        cx: &mut Context,
        f: fn(Game) -> Result<T, partizan::Error>,
    ) -> Result<(Game, T), EvalError> {
        let budget = cx.budget().clone();
        partizan::within_budget(&budget, || {
            let g = argument_values(std::slice::from_ref(&self.argument), cx)?[0];
            let answer = f(g).map_err(|e| EvalError::from(named(self.spec, e)))?;
            Ok((g, answer))
        })
    }
}

impl fmt::Display for WholeCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.spec.name)?;
        write_args(f, std::slice::from_ref(&self.argument))?;
        f.write_str(")")
    }
}

/// A list written CGSuite's way: `{a,b,c}` (its output of a set of games,
/// as in its tests: `{^*}`, `{*8,*9}`, `{}` for none).
pub fn list_to_string(games: &[Game]) -> String {
    let items: Vec<String> = games.iter().map(Game::to_string).collect();
    format!("{{{}}}", items.join(","))
}

/// If `text` is a call of a list function standing alone (such as
/// `incentives(G)`), that call, validated; `None` for any other text.
pub fn parse_list_call(text: &str, reg: &Registry) -> Option<Result<WholeCall, ExprError>> {
    whole_call(text, reg, FunctionSpec::is_list)
}

/// A function of one argument written as the whole expression, if `text`
/// is a call of a function that `wanted` accepts: the function and its
/// validated argument.
fn whole_call(
    text: &str,
    reg: &Registry,
    wanted: fn(&FunctionSpec) -> bool,
) -> Option<Result<WholeCall, ExprError>> {
    let expr = crate::language::syntax::parse_expr(text).ok()?;
    let [term] = expr.terms.as_slice() else {
        return None;
    };
    if term.negated || term.literal.is_some() || term.group.is_some() {
        return None;
    }
    let spec = lookup(&term.name).filter(|s| wanted(s))?;
    Some(
        arguments(spec, term, |a| {
            crate::language::expr::argument_sum(spec, a, 1, reg)
        })
        .map(|mut args| WholeCall {
            spec,
            argument: args.remove(0),
        }),
    )
}

/// If `text` is a text function standing alone (`confusion_interval(G)`),
/// that call, validated; `None` for any other text.
pub fn parse_text_call(text: &str, reg: &Registry) -> Option<Result<WholeCall, ExprError>> {
    whole_call(text, reg, FunctionSpec::is_text)
}

/// If `text` is a predicate standing alone (`is_number(G)`), that call,
/// validated; `None` for any other text.
pub fn parse_predicate_call(text: &str, reg: &Registry) -> Option<Result<WholeCall, ExprError>> {
    whole_call(text, reg, FunctionSpec::is_predicate)
}
