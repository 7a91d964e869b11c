//! Reading loopy values in CGSuite 2.2's notation.
//!
//! ```text
//! value  := expr ["&" expr]                 onside & offside
//! expr   := unit (("+" | "-" | "+-") unit)*
//! unit   := "+-" ("{" expr,… "}" | "(" expr,… ")" | unit) | "-" unit | atom
//! atom   := [label] "{" opts ("|"… opts)* "}"   a{0|a}: the label names this position
//!         | "on" | "off" | "over" | "under" | "upon" | "dud"
//!         | [number] ("over" | "under")         5over = {5|pass}, -1/2under
//!         | [number] ("^" | "v") ("[on]" | "<on>") [star]    upon and uponth
//!         | [number] ("Tiny" | "Miny") "(" value ")"
//!         | "(" value ")" | short              3/4, ^*, *2: read by the short notation
//! opts   := opt ("," opt)*    opt := "pass" | label | value
//! ```
//!
//! Inside braces the longest run of bars splits the options, as for short
//! games. `pass` is a move to the position itself (only as an option); a
//! label may be used as an option anywhere inside its braces, for the
//! position it names. `G & H` is the stopper-sided value with onside `G`
//! and offside `H`; it may not stand inside braces.

use std::collections::HashMap;

use super::functions::{loopy_function, LoopyFunction, LoopyReturns};
use super::graph::LoopyGame;
use super::value::LoopyValue;
use super::Error;
use crate::language::syntax::{MAX_EXPR_LEN, MAX_NESTING};
use crate::partizan::{parse_short_atom, Dyadic, Game};
use crate::vocab::budget::Budget;

/// The words of loopy notation (not labels).
const KEYWORDS: [&str; 9] = [
    "on", "off", "over", "under", "upon", "dud", "pass", "Tiny", "Miny",
];

/// A parsed expression, before it is valued.
#[derive(Clone, Debug)]
enum Ast {
    Braces {
        label: Option<String>,
        left: Vec<Ast>,
        right: Vec<Ast>,
    },
    Pass(usize),
    Label(String, usize),
    Short(Game),
    Graph(LoopyGame),
    /// A game by name already valued (a loopy catalogue game).
    Value(LoopyValue),
    /// A sum of terms, kept flat so that a long sum is no deep recursion.
    Sum(Vec<Ast>),
    Neg(Box<Ast>),
    /// `+-{a, b}`: `{a, b | -a, -b}`.
    Switch(Vec<Ast>),
    /// `x Tiny(G)` (`true`) or `x Miny(G)`.
    Tiny(Dyadic, bool, Box<Ast>),
    Sided(Box<Ast>, Box<Ast>, usize),
    /// A game by name with its arguments: the text and where it starts.
    Call(String, usize),
    /// A loopy function (`degree(G)`, `upsum(G, H)`) and its arguments.
    Function(&'static LoopyFunction, Vec<Ast>),
}

/// Values each [`Ast::Call`] by `resolve`.
fn resolve_calls(
    ast: &mut Ast,
    resolve: &mut dyn FnMut(&str) -> Result<LoopyValue, String>,
) -> Result<(), Error> {
    match ast {
        Ast::Call(call, at) => {
            let v = resolve(call).map_err(|e| Error::Parse {
                at: *at,
                expected: "a game".into(),
                found: e,
            })?;
            *ast = match v.as_short() {
                Some(g) => Ast::Short(g),
                None => Ast::Value(v),
            };
        }
        Ast::Braces { left, right, .. } => {
            for o in left.iter_mut().chain(right.iter_mut()) {
                resolve_calls(o, resolve)?;
            }
        }
        Ast::Sided(a, b, _) => {
            resolve_calls(a, resolve)?;
            resolve_calls(b, resolve)?;
        }
        Ast::Sum(terms) => {
            for t in terms {
                resolve_calls(t, resolve)?;
            }
        }
        Ast::Neg(a) | Ast::Tiny(_, _, a) => resolve_calls(a, resolve)?,
        Ast::Switch(gs) | Ast::Function(_, gs) => {
            for g in gs {
                resolve_calls(g, resolve)?;
            }
        }
        Ast::Pass(_) | Ast::Label(..) | Ast::Short(_) | Ast::Graph(_) | Ast::Value(_) => {}
    }
    Ok(())
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
}

/// Whether `text` uses loopy notation: one of the words `on`, `off`,
/// `over`, `under`, `upon`, `dud`, `pass` outside quotes, a label before a
/// brace, or `&`. The front ends send such text here.
pub fn is_loopy_notation(text: &str) -> bool {
    let mut in_string = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' {
            in_string = !in_string;
            i += 1;
            continue;
        }
        if in_string {
            i += 1;
            continue;
        }
        if c == b'&' {
            return true;
        }
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &text[start..i];
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit());
            if ["on", "off", "over", "under", "upon", "dud", "pass"].contains(&word) {
                return true;
            }
            // A loopy function: `degree(…)`, `left_stop(…)`.
            if bytes.get(i) == Some(&b'(') && loopy_function(word).is_some() {
                return true;
            }
            // A label: a word right before a brace (not Tiny/Miny, ups).
            if bytes.get(i) == Some(&b'{') && !word.chars().all(|c| c == 'v') {
                return true;
            }
            continue;
        }
        i += 1;
    }
    false
}

/// Reads and values a loopy expression (short values read too).
pub fn parse_loopy(text: &str, budget: &Budget) -> Result<LoopyValue, Error> {
    parse_loopy_with(text, budget, &mut |call: &str| {
        Err(format!(
            "`{call}`: only values in notation are read here, not games by name"
        ))
    })
}

/// [`parse_loopy`] where a game written by name with its arguments
/// (`domineering("..|..")`, `fox_geese("…")`) is valued by `resolve` (the
/// front ends hand such terms to the engine), so that loopy values add to
/// the positions of the catalogue.
pub fn parse_loopy_with(
    text: &str,
    budget: &Budget,
    resolve: &mut dyn FnMut(&str) -> Result<LoopyValue, String>,
) -> Result<LoopyValue, Error> {
    if text.len() > MAX_EXPR_LEN {
        return Err(Error::Parse {
            at: 0,
            expected: format!("a text of at most {MAX_EXPR_LEN} bytes (MAX_EXPR_LEN)"),
            found: format!("a text of {} bytes", text.len()),
        });
    }
    let mut p = Parser {
        text,
        pos: 0,
        depth: 0,
    };
    let ast = p.value()?;
    p.ws();
    if p.pos < text.len() {
        return Err(p.error("an operator (+, -, +-, &) or the end of the expression"));
    }
    let mut ast = ast;
    resolve_calls(&mut ast, resolve)?;
    Valuer { budget }.value(&ast)
}

/// A loopy predicate written as the whole expression, `is_stable(G)`:
/// the function, its argument's value and the answer; `None` when `text`
/// is not such a call. Games by name are valued by `resolve`, as in
/// [`parse_loopy_with`].
#[allow(clippy::type_complexity)]
pub fn parse_loopy_predicate_with(
    text: &str,
    budget: &Budget,
    resolve: &mut dyn FnMut(&str) -> Result<LoopyValue, String>,
) -> Option<Result<(&'static LoopyFunction, LoopyValue, bool), Error>> {
    let t = text.trim();
    let open = t.find('(')?;
    let f = loopy_function(t[..open].trim())?;
    let LoopyReturns::Bool(test) = f.returns else {
        return None;
    };
    let inner = t[open + 1..].strip_suffix(')')?;
    Some((|| {
        let g = parse_loopy_with(inner, budget, resolve)?;
        let answer = test(&g, budget)?;
        Ok((f, g, answer))
    })())
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn ws(&mut self) {
        let skip = self.rest().len() - self.rest().trim_start().len();
        self.pos += skip;
    }

    fn eat(&mut self, s: &str) -> bool {
        self.ws();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> Result<(), Error> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(&format!("{s:?}")))
        }
    }

    fn error(&self, expected: &str) -> Error {
        Error::Parse {
            at: self.pos,
            expected: expected.to_string(),
            found: self
                .rest()
                .chars()
                .next()
                .map_or("end of input".to_string(), |c| format!("{c:?}")),
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= MAX_NESTING {
            return Err(Error::Parse {
                at: self.pos,
                expected: format!("at most {MAX_NESTING} levels of nesting (MAX_NESTING)"),
                found: format!("level {}", self.depth + 1),
            });
        }
        self.depth += 1;
        Ok(())
    }

    fn value(&mut self) -> Result<Ast, Error> {
        let on = self.expr()?;
        self.ws();
        let at = self.pos;
        if self.eat("&") {
            let off = self.expr()?;
            return Ok(Ast::Sided(Box::new(on), Box::new(off), at));
        }
        Ok(on)
    }

    fn expr(&mut self) -> Result<Ast, Error> {
        let mut terms = vec![self.unit()?];
        loop {
            if self.eat("+-") {
                terms.push(self.plus_minus()?);
            } else if self.eat("+") {
                terms.push(self.unit()?);
            } else if self.eat("-") {
                terms.push(Ast::Neg(Box::new(self.unit()?)));
            } else if terms.len() == 1 {
                return Ok(terms.pop().expect("one term"));
            } else {
                return Ok(Ast::Sum(terms));
            }
        }
    }

    fn brace_has_bar(&self) -> bool {
        let mut depth = 0usize;
        for c in self.rest().chars() {
            match c {
                '{' | '(' | '[' => depth += 1,
                '}' | ')' | ']' => {
                    if depth <= 1 {
                        return false;
                    }
                    depth -= 1;
                }
                '|' if depth == 1 => return true,
                _ => {}
            }
        }
        false
    }

    fn plus_minus(&mut self) -> Result<Ast, Error> {
        self.ws();
        let close = if self.rest().starts_with('{') && !self.brace_has_bar() {
            Some("}")
        } else if self.rest().starts_with('(') {
            Some(")")
        } else {
            None
        };
        if let Some(close) = close {
            self.pos += 1;
            let mut gs = vec![self.value()?];
            while self.eat(",") {
                gs.push(self.value()?);
            }
            self.expect(close)?;
            return Ok(Ast::Switch(gs));
        }
        Ok(Ast::Switch(vec![self.unit()?]))
    }

    fn unit(&mut self) -> Result<Ast, Error> {
        self.enter()?;
        let g = if self.eat("+-") {
            self.plus_minus()
        } else if self.eat("-") {
            self.ws();
            if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
                self.number_atom(true)
            } else {
                self.unit().map(|g| Ast::Neg(Box::new(g)))
            }
        } else {
            self.atom()
        };
        self.depth -= 1;
        g
    }

    /// A word at the current position (letters, digits, `_`).
    fn word(&self) -> &'a str {
        let r = self.rest();
        let end = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(r.len());
        &r[..end]
    }

    fn atom(&mut self) -> Result<Ast, Error> {
        self.ws();
        let at = self.pos;
        let r = self.rest();
        if r.starts_with('{') {
            self.pos += 1;
            return self.braces(None, at);
        }
        if r.starts_with('(') {
            self.pos += 1;
            let g = self.value()?;
            self.expect(")")?;
            return Ok(g);
        }
        if r.starts_with(|c: char| c.is_ascii_digit()) {
            return self.number_atom(false);
        }
        if let Some(g) = self.uptimal_suffix(Dyadic::ZERO)? {
            return Ok(g);
        }
        let word = self.word();
        match word {
            "on" => {
                self.pos += 2;
                return Ok(Ast::Graph(LoopyGame::on()));
            }
            "off" => {
                self.pos += 3;
                return Ok(Ast::Graph(LoopyGame::off()));
            }
            "dud" => {
                self.pos += 3;
                return Ok(Ast::Graph(LoopyGame::dud()));
            }
            "upon" => {
                self.pos += 4;
                return Ok(Ast::Graph(upon(Dyadic::ZERO, 0)));
            }
            "over" | "under" => {
                return self
                    .over_suffix(Dyadic::ZERO)
                    .map(|g| g.expect("over or under"));
            }
            "pass" => {
                self.pos += 4;
                return Ok(Ast::Pass(at));
            }
            "Tiny" | "Miny" => return self.tiny(Dyadic::ZERO),
            _ => {}
        }
        if let Some(f) = loopy_function(word) {
            if self.text[self.pos + word.len()..].starts_with('(') {
                return self.function(f, at);
            }
        }
        let is_label = !word.is_empty()
            && word.starts_with(|c: char| c.is_ascii_alphabetic())
            && !word.chars().all(|c| c == 'v')
            && !KEYWORDS.contains(&word);
        // A game by name may have rules in brackets before its arguments,
        // `fox_geese[8,2](…)`, `octal[0.1[3]](9)`: the name runs to the
        // bracket that closes them.
        let mut head = word.len();
        if is_label && self.text[self.pos + head..].starts_with('[') {
            let mut depth = 0usize;
            for (i, c) in self.text[self.pos + head..].char_indices() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            if self.text[self.pos + head + i + 1..].starts_with('(') {
                                head += i + 1;
                            }
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        if is_label && self.text[self.pos + head..].starts_with('(') {
            // A game by name: up to the matching parenthesis (strings in
            // its arguments may hold any brackets).
            let mut depth = 0usize;
            let mut in_string = false;
            for (i, c) in self.text[self.pos + head..].char_indices() {
                match c {
                    '"' => in_string = !in_string,
                    '(' if !in_string => depth += 1,
                    ')' if !in_string => {
                        depth -= 1;
                        if depth == 0 {
                            let end = self.pos + head + i + 1;
                            let call = self.text[self.pos..end].to_string();
                            self.pos = end;
                            return Ok(Ast::Call(call, at));
                        }
                    }
                    _ => {}
                }
            }
            return Err(self.error("a game by name with its arguments closed by `)`"));
        }
        if is_label {
            self.pos += word.len();
            if self.rest().starts_with('{') {
                self.pos += 1;
                return self.braces(Some(word.to_string()), at);
            }
            return Ok(Ast::Label(word.to_string(), at));
        }
        if r.starts_with(['^', 'v', '*']) {
            let (g, end) = parse_short_atom(self.text, self.pos, false).map_err(Error::from)?;
            self.pos = end;
            return Ok(Ast::Short(g));
        }
        Err(self.error(
            "a game: a number, ^, v, *, {…|…}, on, off, over, under, upon, dud, a label, Tiny(…), Miny(…), +-… or (…)",
        ))
    }

    /// A number at the current position (its `-` read if `negative`), and
    /// what is juxtaposed with it: a loopy suffix (`over`, `^[on]`,
    /// `Tiny(…)`) or ups and stars (read by the short notation).
    fn number_atom(&mut self, negative: bool) -> Result<Ast, Error> {
        self.ws();
        let start = self.pos;
        let r = self.rest();
        let mut end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        if r[end..].starts_with('/') {
            let d = r[end + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(r.len() - end - 1);
            end += 1 + d;
        }
        let literal = &r[..end];
        let x = Game::parse(literal)
            .ok()
            .and_then(Game::as_number)
            .map(|x| if negative { -x } else { x });
        if let Some(x) = x {
            self.pos = start + end;
            if let Some(g) = self.over_suffix(x)? {
                return Ok(g);
            }
            if let Some(g) = self.uptimal_suffix(x)? {
                return Ok(g);
            }
            let w = self.word();
            if w == "Tiny" || w == "Miny" {
                return self.tiny(x);
            }
            self.pos = start;
        }
        let (g, end) = parse_short_atom(self.text, start, negative).map_err(Error::from)?;
        self.pos = end;
        Ok(Ast::Short(g))
    }

    /// `over` or `under` right here, after the number `x`.
    fn over_suffix(&mut self, x: Dyadic) -> Result<Option<Ast>, Error> {
        let w = self.word();
        let over = match w {
            "over" => true,
            "under" => false,
            _ => return Ok(None),
        };
        self.pos += w.len();
        Ok(Some(Ast::Graph(pseudonumber(x, over))))
    }

    /// `^[on]`, `v[on]`, `^<on>`, `v<on>` right here, with a star after.
    fn uptimal_suffix(&mut self, x: Dyadic) -> Result<Option<Ast>, Error> {
        let r = self.rest();
        let (up, nth) = if r.starts_with("^[on]") {
            (true, false)
        } else if r.starts_with("v[on]") {
            (false, false)
        } else if r.starts_with("^<on>") {
            (true, true)
        } else if r.starts_with("v<on>") {
            (false, true)
        } else {
            return Ok(None);
        };
        self.pos += 5;
        let mut star = 0u64;
        if self.rest().starts_with('*') {
            self.pos += 1;
            let r = self.rest();
            let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            star = if end == 0 {
                1
            } else {
                r[..end]
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n <= crate::partizan::MAX_NIMBER_LITERAL)
                    .ok_or_else(|| self.error("a nimber of at most MAX_NIMBER_LITERAL"))?
            };
            self.pos += end;
        }
        let g = match (up, nth) {
            (true, false) => upon(x, star),
            (false, false) => upon(-x, star).neg(),
            (true, true) => uponth(x, star),
            (false, true) => uponth(-x, star).neg(),
        };
        Ok(Some(Ast::Graph(g)))
    }

    /// A loopy function's call at `at`: its name, then its arguments in
    /// parentheses, each a value.
    fn function(&mut self, f: &'static LoopyFunction, at: usize) -> Result<Ast, Error> {
        if f.is_predicate() {
            return Err(Error::Parse {
                at,
                expected: format!(
                    "a game: `{}` is true or false, so it can only be the whole expression",
                    f.usage()
                ),
                found: format!("`{}` inside an expression", f.name),
            });
        }
        self.pos += f.name.len() + 1;
        let mut args = vec![self.value()?];
        while self.eat(",") {
            args.push(self.value()?);
        }
        self.expect(")")?;
        if args.len() != f.params.len() {
            return Err(Error::Parse {
                at,
                expected: format!("{} argument(s): {}", f.params.len(), f.usage()),
                found: format!("{} argument(s)", args.len()),
            });
        }
        Ok(Ast::Function(f, args))
    }

    /// `Tiny(G)` or `Miny(G)` right here, after the number `x`.
    fn tiny(&mut self, x: Dyadic) -> Result<Ast, Error> {
        let tiny = self.word() == "Tiny";
        self.pos += 4;
        self.expect("(")?;
        let g = self.value()?;
        self.expect(")")?;
        Ok(Ast::Tiny(x, tiny, Box::new(g)))
    }

    /// After `{`: options, bars, options, `}`.
    fn braces(&mut self, label: Option<String>, at: usize) -> Result<Ast, Error> {
        self.enter()?;
        // Lists of options between runs of bars.
        let mut lists: Vec<Vec<Ast>> = vec![Vec::new()];
        let mut bars: Vec<(usize, usize)> = Vec::new();
        loop {
            self.ws();
            if self.eat("}") {
                break;
            }
            let b_at = self.pos;
            let n = self.rest().len() - self.rest().trim_start_matches('|').len();
            if n > 0 {
                self.pos += n;
                bars.push((n, b_at));
                lists.push(Vec::new());
                continue;
            }
            if !lists.last().is_some_and(Vec::is_empty) && !self.eat(",") {
                return Err(self.error("\",\", \"|\" or \"}\""));
            }
            let opt = self.value()?;
            lists.last_mut().expect("one list").push(opt);
        }
        self.depth -= 1;
        split(label, lists, &bars, at)
    }
}

/// Splits options and bars at the longest run of bars (as for short games).
fn split(
    label: Option<String>,
    mut lists: Vec<Vec<Ast>>,
    bars: &[(usize, usize)],
    at: usize,
) -> Result<Ast, Error> {
    let Some(longest) = bars.iter().map(|b| b.0).max() else {
        return Err(Error::Parse {
            at,
            expected: "a bar `|` between Left's and Right's options".into(),
            found: "braces without a bar".into(),
        });
    };
    let splits: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == longest).collect();
    if splits.len() > 1 {
        return Err(Error::Parse {
            at: bars[splits[1]].1,
            expected: "one longest run of bars at each level".into(),
            found: format!("two runs of {longest} bars"),
        });
    }
    let k = splits[0];
    let right_lists = lists.split_off(k + 1);
    let side = |lists: Vec<Vec<Ast>>, bars: &[(usize, usize)]| -> Result<Vec<Ast>, Error> {
        if lists.len() == 1 {
            return Ok(lists.into_iter().next().expect("one list"));
        }
        // A nested game without braces: {a|b||c} is {{a|b}|c}.
        Ok(vec![split(None, lists, bars, at)?])
    };
    let left = side(lists, &bars[..k])?;
    let right = side(right_lists, &bars[k + 1..])?;
    Ok(Ast::Braces { label, left, right })
}

/// `x over = {x|pass}`, `x under = {pass|x}`.
pub(crate) fn pseudonumber(x: Dyadic, over: bool) -> LoopyGame {
    let mut b = Builder::default();
    let v = b.vertex();
    let n =
        b.embed(&LoopyGame::from_short(Game::number(x), &Budget::unlimited()).expect("a number"));
    if over {
        b.left[v as usize].push(n);
        b.right[v as usize].push(v);
    } else {
        b.left[v as usize].push(v);
        b.right[v as usize].push(n);
    }
    b.game(v)
}

fn short_graph(g: Game) -> LoopyGame {
    LoopyGame::from_short(g, &Budget::unlimited()).expect("a small short game")
}

fn number_star(x: Dyadic, m: u64) -> Game {
    Game::number(x)
        .try_add(Game::nimber(m).expect("a nimber within the limit"))
        .expect("a number plus a nimber")
}

/// `x^[on]*n` as CGSuite prints it: `{pass, x | x*}` when `n = 1`,
/// else `{pass | x*(n xor 1)}`.
pub(crate) fn upon(x: Dyadic, n: u64) -> LoopyGame {
    let m = n ^ 1;
    let mut b = Builder::default();
    let v = b.vertex();
    b.left[v as usize].push(v);
    if m == 0 {
        let t = b.embed(&short_graph(Game::number(x)));
        b.left[v as usize].push(t);
    }
    let r = b.embed(&short_graph(number_star(x, m)));
    b.right[v as usize].push(r);
    b.game(v)
}

/// `x^<on>*n`: `{x, x*, …, x*n || x v[on]*(n xor 1)}`.
pub(crate) fn uponth(x: Dyadic, n: u64) -> LoopyGame {
    let mut b = Builder::default();
    let v = b.vertex();
    for k in 0..=n {
        let t = b.embed(&short_graph(number_star(x, k)));
        b.left[v as usize].push(t);
    }
    let r = b.embed(&upon(-x, n ^ 1).neg());
    b.right[v as usize].push(r);
    b.game(v)
}

/// A graph being built: vertices with edge lists.
#[derive(Default)]
struct Builder {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Builder {
    fn vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Copies `g` in; its start's vertex here.
    fn embed(&mut self, g: &LoopyGame) -> u32 {
        let base = self.left.len() as u32;
        for v in 0..g.len() {
            self.left
                .push(g.left[v].iter().map(|&t| t + base).collect());
            self.right
                .push(g.right[v].iter().map(|&t| t + base).collect());
        }
        base + g.start
    }

    fn game(self, start: u32) -> LoopyGame {
        LoopyGame {
            left: self.left,
            right: self.right,
            start,
        }
        .packed()
    }
}

struct Valuer<'b> {
    budget: &'b Budget,
}

impl Valuer<'_> {
    /// The value of a whole expression: `&` and sums of values.
    fn value(&mut self, ast: &Ast) -> Result<LoopyValue, Error> {
        match ast {
            Ast::Sided(on, off, _) => {
                let (on, off) = (self.value(on)?, self.value(off)?);
                LoopyValue::with_sides(&on, &off, self.budget)
            }
            Ast::Sum(terms) => {
                let mut acc = self.value(&terms[0])?;
                for t in &terms[1..] {
                    acc = acc.add(&self.value(t)?, self.budget)?;
                }
                Ok(acc)
            }
            Ast::Neg(a) => Ok(self.value(a)?.neg()),
            Ast::Short(g) => LoopyValue::short(*g, self.budget),
            Ast::Value(v) => Ok(v.clone()),
            Ast::Function(f, args) => {
                let LoopyReturns::Value(apply) = f.returns else {
                    unreachable!("predicates are refused when parsed")
                };
                let args = args
                    .iter()
                    .map(|a| self.value(a))
                    .collect::<Result<Vec<_>, _>>()?;
                apply(&args, self.budget)
            }
            _ => {
                let g = self.graph(ast, &HashMap::new())?;
                LoopyValue::of(&g, self.budget)
            }
        }
    }

    /// The graph of an expression that stands for a game form. `outer`
    /// are the labels of enclosing braces, which it may not use (only an
    /// option by itself may).
    fn graph(&mut self, ast: &Ast, outer: &HashMap<String, u32>) -> Result<LoopyGame, Error> {
        self.budget.tick("loopy notation")?;
        match ast {
            Ast::Braces { .. } => {
                let mut b = Builder::default();
                let v = self.vertex(&mut b, ast, &mut Vec::new(), None, outer)?;
                self.budget.check_alloc("loopy notation", b.left.len() as u128, 96)?;
                Ok(b.game(v))
            }
            Ast::Short(g) => Ok(LoopyGame::from_short(*g, self.budget)?),
            Ast::Graph(g) => Ok(g.clone()),
            Ast::Value(LoopyValue::Stopper(g)) => Ok(g.clone()),
            Ast::Function(..) => match self.value(ast)? {
                LoopyValue::Stopper(g) => Ok(g),
                v => Err(Error::Value(format!(
                    "a function whose value is `{v}` (not a stopper) cannot be an option or a \
                     term inside braces: only its sum with other values is taken"
                ))),
            },
            Ast::Value(v) => Err(Error::Value(format!(
                "a game whose value is `{v}` (not a stopper) cannot be an option or a term \
                 inside braces: only its sum with other values is taken"
            ))),
            Ast::Sum(terms) => {
                let mut acc = self.graph(&terms[0], outer)?;
                for t in &terms[1..] {
                    acc = acc.sum(&self.graph(t, outer)?, self.budget)?;
                }
                Ok(acc)
            }
            Ast::Neg(a) => Ok(self.graph(a, outer)?.neg()),
            Ast::Switch(gs) => {
                let mut b = Builder::default();
                let v = b.vertex();
                for g in gs {
                    let g = self.graph(g, outer)?;
                    let l = b.embed(&g);
                    let r = b.embed(&g.neg());
                    b.left[v as usize].push(l);
                    b.right[v as usize].push(r);
                }
                Ok(b.game(v))
            }
            Ast::Tiny(x, tiny, g) => {
                // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}.
                let g = self.graph(g, outer)?;
                let mut b = Builder::default();
                let v = b.vertex();
                let w = b.vertex();
                let zero = b.embed(&short_graph(Game::zero()));
                if *tiny {
                    let ng = b.embed(&g.neg());
                    b.left[v as usize].push(zero);
                    b.right[v as usize].push(w);
                    b.left[w as usize].push(zero);
                    b.right[w as usize].push(ng);
                } else {
                    let pg = b.embed(&g);
                    b.right[v as usize].push(zero);
                    b.left[v as usize].push(w);
                    b.right[w as usize].push(zero);
                    b.left[w as usize].push(pg);
                }
                let t = b.game(v);
                Ok(t.sum(&short_graph(Game::number(*x)), self.budget)?)
            }
            Ast::Pass(at) => Err(Error::Parse {
                at: *at,
                expected: "a game (`pass` is only an option of its own braces, as in {0|pass})".into(),
                found: "`pass`".into(),
            }),
            Ast::Label(name, at) => Err(Error::Parse {
                at: *at,
                expected: if outer.contains_key(name) {
                    format!("`{name}` by itself as an option: a label names a position and cannot be added or negated")
                } else {
                    format!("a game (`{name}` is not the label of enclosing braces, as `a` is in a{{0|a}})")
                },
                found: format!("`{name}`"),
            }),
            Ast::Call(call, at) => Err(Error::Parse {
                at: *at,
                expected: "a game valued before it is used".into(),
                found: format!("`{call}`"),
            }),
            Ast::Sided(_, _, at) => Err(Error::Parse {
                at: *at,
                expected: "a game form: `G & H` is a value and can only be the whole expression (or added to others)".into(),
                found: "`&`".into(),
            }),
        }
    }

    /// The vertex of an option inside braces being built into `b`.
    fn vertex(
        &mut self,
        b: &mut Builder,
        ast: &Ast,
        scope: &mut Vec<(String, u32)>,
        this: Option<u32>,
        outer: &HashMap<String, u32>,
    ) -> Result<u32, Error> {
        match ast {
            Ast::Pass(at) => this.ok_or_else(|| Error::Parse {
                at: *at,
                expected: "a game (`pass` is only an option of its own braces)".into(),
                found: "`pass`".into(),
            }),
            Ast::Label(name, _) => match scope.iter().rev().find(|(n, _)| n == name) {
                Some(&(_, v)) => Ok(v),
                None => {
                    let all: HashMap<String, u32> = outer
                        .clone()
                        .into_iter()
                        .chain(scope.iter().cloned())
                        .collect();
                    self.graph(ast, &all).map(|g| b.embed(&g))
                }
            },
            Ast::Braces {
                label, left, right, ..
            } => {
                let v = b.vertex();
                if let Some(l) = label {
                    scope.push((l.clone(), v));
                }
                for (side, opts) in [(true, left), (false, right)] {
                    for o in opts {
                        let t = self.vertex(b, o, scope, Some(v), outer)?;
                        if side {
                            b.left[v as usize].push(t);
                        } else {
                            b.right[v as usize].push(t);
                        }
                    }
                }
                if label.is_some() {
                    scope.pop();
                }
                Ok(v)
            }
            _ => {
                let all: HashMap<String, u32> = outer
                    .clone()
                    .into_iter()
                    .chain(scope.iter().cloned())
                    .collect();
                let g = self.graph(ast, &all)?;
                Ok(b.embed(&g))
            }
        }
    }
}
