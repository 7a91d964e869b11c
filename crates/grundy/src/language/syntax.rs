//! Stage one of reading a game expression: text to an unvalidated syntax tree.
//!
//! The grammar is small enough that a hand-written recursive-descent parser
//! gives the best error messages (each error carries the byte offset and what
//! was expected there):
//!
//! ```text
//! expr   := term (('+' | '-') term)*          G - H adds the negative of H
//! term   := '-' term                          the negative; for an impartial game -G = G
//!         | '(' expr ')'                      a parenthesised sum, as one term
//!         | '0' | LITERAL | NAME params? args?
//! LITERAL:= a value in CGSuite notation: starts with '{' '*' '^' '+' or a
//!           digit, or '-' before one of those, or is a word of v's (v, vv,
//!           v3, v<2>) or Tiny(…)/Miny(…); it runs to the next blank, ','
//!           or a '+' or '-' between summands, outside brackets
//! params := '[' group (';' group)* ']'      group := item (',' item)*
//! item   := CODE | INT | NAME | '(' INT ',' INT ')' '*'?     CODE: 0.77, 4!.0, 0.1[3], 0.1(3)
//! args   := '(' (arg (',' arg)*)? ')'
//! arg    := INT | STRING | '[' item (',' item)* ']' | expr
//! ```
//!
//! A minus sign before a number is the number's sign, as CGSuite prints it:
//! `-1^` is the value -1 + ^, the same as [`crate::partizan::Game::parse`]
//! reads it; `-(1^)` and `2 - 1^` subtract the whole `1^`.
//!
//! Limits, checked before any work: a text longer than [`MAX_EXPR_LEN`]
//! bytes is refused, and nesting (parentheses, brackets and braces, game
//! arguments such as `misere(…)`) deeper than [`MAX_NESTING`] levels is an
//! error naming the column, never a stack overflow.
//!
//! Nothing here knows what `kayles` or `queen` means: that is stage two
//! ([`crate::language::expr::GameExpr`]), which turns this tree into a game or an error that
//! names what was wrong and what would be accepted.

use std::fmt;

/// The longest expression read, in bytes (1 MiB). Longer texts are refused
/// before parsing, so that a runaway input cannot take memory.
pub const MAX_EXPR_LEN: usize = 1 << 20;

/// The deepest nesting read: parentheses, game arguments (`misere(…)`) and
/// the brackets of a value each count one level. Deeper input is an error,
/// so no input can overflow the stack of the parsers or of validation.
pub const MAX_NESTING: usize = 200;

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A parsed, not yet validated, expression: a sum of terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// The summands, in the order written.
    pub terms: Vec<Term>,
    /// Where the whole expression stands.
    pub span: Span,
}

/// One summand: `0`, a name with optional parameters and arguments, a
/// value in CGSuite notation, or a parenthesised sum; possibly negated.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The ruleset or operator name (`"0"` for the zero game).
    pub name: String,
    /// Where the name stands.
    pub name_span: Span,
    /// The bracketed parameters, as groups separated by `;`.
    pub params: Option<Vec<Vec<Item>>>,
    /// The parenthesised arguments.
    pub args: Option<Vec<Arg>>,
    /// Where the whole term stands.
    pub span: Span,
    /// For a value written in CGSuite notation (`{1|0}`, `^*`, `v<2>`, `1/2`,
    /// `+-1`), its text; the name is then `"value"`.
    pub literal: Option<String>,
    /// Whether the term is negated: written `-G`, or subtracted as in
    /// `H - G` (an odd number of minus signs). A literal's own sign (`-1^`)
    /// stays in its text.
    pub negated: bool,
    /// For a parenthesised sum `(A + B)` standing as one term, the sum; the
    /// name is then `"()"`.
    pub group: Option<Box<Expr>>,
}

/// A parameter inside `[...]`.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A number as written: an integer (`3`, `-1`) or a code (`0.77`, `4.007`, `0.8f`).
    Number(String, Span),
    /// A word (`allbut`).
    Word(String, Span),
    /// A vector `(dx,dy)`, a ride when followed by `*`.
    Vector {
        /// Horizontal step.
        dx: i64,
        /// Vertical step.
        dy: i64,
        /// Whether the step may be repeated any number of times (`*`).
        ride: bool,
        /// Where it stands.
        span: Span,
    },
}

/// An argument inside `(...)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// An integer as written (sign kept, so validation can say "negative").
    Int(String, Span),
    /// A quoted string.
    Str(String, Span),
    /// A bracketed list of parameters (`[1,2]`, as in `subtraction(10, [1,2], [2,3])`).
    List(Vec<Item>, Span),
    /// A nested expression (`misere(nim(3,4))`).
    Expr(Expr),
}

impl Arg {
    /// Where the argument stands.
    pub fn span(&self) -> Span {
        match self {
            Arg::Int(_, s) | Arg::Str(_, s) | Arg::List(_, s) => *s,
            Arg::Expr(e) => e.span,
        }
    }
}

/// A syntax error: where, what was found, what would have been accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at column {}: expected {expected}, found {found}", .at + 1)]
pub struct SyntaxError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What stood there.
    pub found: String,
    /// What would have been accepted.
    pub expected: String,
}

/// Parses a whole game expression.
///
/// ```
/// let e = grundy::language::syntax::parse_expr("nim(3,5) + queen(2,1)").unwrap();
/// assert_eq!(e.terms.len(), 2);
/// assert!(grundy::language::syntax::parse_expr("nim(3,").is_err());
/// ```
///
/// Texts longer than [`MAX_EXPR_LEN`] and nesting deeper than
/// [`MAX_NESTING`] are errors:
///
/// ```
/// let deep = format!("{}nim(1){}", "(".repeat(300), ")".repeat(300));
/// let err = grundy::language::syntax::parse_expr(&deep).unwrap_err();
/// assert!(err.to_string().contains("at most 200 levels"), "{err}");
/// ```
pub fn parse_expr(text: &str) -> Result<Expr, SyntaxError> {
    check_length(text)?;
    let mut p = Parser::new(text);
    let expr = p.expr()?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.error("'+', '-' or the end of the expression"));
    }
    Ok(expr)
}

/// Refuses a text longer than [`MAX_EXPR_LEN`] before anything reads it.
fn check_length(text: &str) -> Result<(), SyntaxError> {
    if text.len() > MAX_EXPR_LEN {
        return Err(SyntaxError {
            at: 0,
            found: format!("a text of {} bytes", text.len()),
            expected: format!(
                "an expression of at most {MAX_EXPR_LEN} bytes (MAX_EXPR_LEN); \
                 split a long sum into parts, or read it as a file of lines with --batch"
            ),
        });
    }
    Ok(())
}

/// Parses a ruleset without arguments (`kayles`, `octal[0.137]`, `piece[(1,2); 8]`),
/// as `seq` and `table` take it.
pub fn parse_ruleset(text: &str) -> Result<Term, SyntaxError> {
    check_length(text)?;
    let mut p = Parser::new(text);
    p.skip_ws();
    let term = p.term()?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.error("the end of the ruleset (a ruleset takes no arguments here)"));
    }
    if term.args.is_some() {
        return Err(SyntaxError {
            at: term.span.start,
            found: format!("arguments in '{}'", &text[term.span.start..term.span.end]),
            expected: "a ruleset without a position, like 'kayles' or 'octal[0.77]'".into(),
        });
    }
    Ok(term)
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Levels of nesting open at `pos`.
    depth: usize,
}

/// Whether a word is a value in CGSuite notation rather than a name: `v`,
/// `vv`, `v3` (three downs), `Tiny`, `Miny`.
fn is_value_word(word: &str) -> bool {
    let downs = word.trim_start_matches('v');
    (downs.len() < word.len() && downs.chars().all(|c| c.is_ascii_digit()))
        || word == "Tiny"
        || word == "Miny"
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            pos: 0,
            depth: 0,
        }
    }

    /// The error for nesting beyond [`MAX_NESTING`] at the current position.
    fn too_deep(&self) -> SyntaxError {
        SyntaxError {
            at: self.pos,
            found: format!("{}, opening level {}", self.found(), MAX_NESTING + 1),
            expected: format!(
                "at most {MAX_NESTING} levels of nested parentheses, brackets or games (MAX_NESTING)"
            ),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the text".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn error(&self, expected: &str) -> SyntaxError {
        SyntaxError {
            at: self.pos,
            found: self.found(),
            expected: expected.into(),
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char, expected: &str) -> Result<(), SyntaxError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A sum, one level of nesting deeper than where it stands.
    fn expr(&mut self) -> Result<Expr, SyntaxError> {
        self.skip_ws();
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep());
        }
        self.depth += 1;
        let e = self.sum();
        self.depth -= 1;
        e
    }

    fn sum(&mut self) -> Result<Expr, SyntaxError> {
        let start = self.pos;
        let mut terms = Vec::new();
        let mut negate = false;
        loop {
            let mut t = self.signed_term()?;
            t.negated ^= negate;
            terms.push(t);
            match self.operator() {
                Some(minus) => negate = minus,
                None => break,
            }
        }
        let end = terms.last().map_or(start, |t| t.span.end);
        Ok(Expr {
            terms,
            span: Span { start, end },
        })
    }

    /// The operator before the next summand, if any: `Some(true)` for '-',
    /// `Some(false)` for '+'. In `G +-1` the switch `+-1` is the summand,
    /// as in CGSuite, so its `+-` is left to the literal.
    fn operator(&mut self) -> Option<bool> {
        self.skip_ws();
        let minus = if self.text[self.pos..].starts_with("+-") {
            return Some(false);
        } else if self.eat('+') {
            false
        } else if self.eat('-') {
            true
        } else {
            return None;
        };
        self.skip_ws();
        Some(minus)
    }

    /// A term after any number of negating minus signs (read in a loop, so
    /// a long run of them takes no stack). A '-' negates when a name, '('
    /// or another '-' follows; before a number or another value it is part
    /// of the value's text (`-1^` is -1 + ^, as CGSuite prints it).
    fn signed_term(&mut self) -> Result<Term, SyntaxError> {
        let start = self.pos;
        let mut negated = false;
        while self.minus_negates()? {
            negated = !negated;
            self.pos += 1;
            self.skip_ws();
        }
        let mut term = if self.peek() == Some('(') {
            self.group()?
        } else {
            self.term()?
        };
        if term.span.start > start {
            term.span.start = start;
        }
        term.negated ^= negated;
        Ok(term)
    }

    /// Whether a '-' stands here that negates the term after it.
    fn minus_negates(&mut self) -> Result<bool, SyntaxError> {
        if self.peek() != Some('-') {
            return Ok(false);
        }
        let after = self.text[self.pos + 1..].trim_start();
        match after.chars().next() {
            Some('(' | '-') => Ok(true),
            Some(c) if c.is_ascii_alphabetic() => {
                let word: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                Ok(!is_value_word(&word))
            }
            Some(_) => Ok(false),
            None => {
                self.pos = self.text.len();
                Err(self.error("a game or a value after '-'"))
            }
        }
    }

    /// `( expr )` as one term.
    fn group(&mut self) -> Result<Term, SyntaxError> {
        let start = self.pos;
        self.pos += 1;
        let inner = self.expr()?;
        self.close_group(start, inner)
    }

    /// The ')' of a group opened at `start`, and the group's term.
    fn close_group(&mut self, start: usize, inner: Expr) -> Result<Term, SyntaxError> {
        self.expect(
            ')',
            &format!("'+', '-' or ')' closing the '(' at column {}", start + 1),
        )?;
        Ok(Term {
            name: "()".into(),
            name_span: Span {
                start,
                end: start + 1,
            },
            params: None,
            args: None,
            span: Span {
                start,
                end: self.pos,
            },
            literal: None,
            negated: false,
            group: Some(Box::new(inner)),
        })
    }

    fn word(&mut self) -> Option<(String, Span)> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' || (c == '\'' && self.pos > start) {
                self.pos += 1;
            } else {
                break;
            }
        }
        (self.pos > start).then(|| {
            (
                self.text[start..self.pos].to_string(),
                Span {
                    start,
                    end: self.pos,
                },
            )
        })
    }

    fn term(&mut self) -> Result<Term, SyntaxError> {
        let start = self.pos;
        match self.peek() {
            Some('0') if !matches!(self.text[self.pos + 1..].chars().next(), Some(c) if c.is_ascii_digit() || c == '/' || c == '.') => {
                self.pos += 1;
                let span = Span {
                    start,
                    end: self.pos,
                };
                return Ok(Term {
                    name: "0".into(),
                    name_span: span,
                    params: None,
                    args: None,
                    span,
                    literal: None,
                    negated: false,
                    group: None,
                });
            }
            Some(c) if c.is_ascii_alphabetic() => {}
            Some(c) if "{*^-+".contains(c) || c.is_ascii_digit() => return self.literal(start),
            _ => {
                return Err(self.error(
                    "a game, like 'nim(3,5)', 'kayles(10)', 'queen(2,3)' or a value like '{1|0}' or '^*'",
                ))
            }
        }
        let (name, name_span) = self.word().expect("a letter starts a word");
        if is_value_word(&name) {
            // v, vv, v3, v<2>, v[3], v*, Tiny(x), Miny(x): a value in CGSuite notation, not a name
            self.pos = start;
            return self.literal(start);
        }
        // The term ends with its last token, not with the blanks after it.
        let mut end = name_span.end;
        let mut params = None;
        let before = self.pos;
        self.skip_ws();
        if self.peek() == Some('[') {
            self.pos += 1;
            params = Some(self.params()?);
            end = self.pos;
        } else {
            self.pos = before;
        }
        let mut args = None;
        let before = self.pos;
        self.skip_ws();
        if self.peek() == Some('(') {
            self.pos += 1;
            args = Some(self.args()?);
            end = self.pos;
        } else {
            self.pos = before;
        }
        Ok(Term {
            name,
            name_span,
            params,
            args,
            span: Span { start, end },
            literal: None,
            negated: false,
            group: None,
        })
    }

    /// A value in CGSuite notation, kept as text for the partizan parser:
    /// everything up to a blank, ',' or a summand's '+' or '-' outside
    /// brackets. Its brackets count towards [`MAX_NESTING`].
    fn literal(&mut self, start: usize) -> Result<Term, SyntaxError> {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '{' | '[' | '(' | '<' => {
                    if self.depth + depth >= MAX_NESTING {
                        // Point where the level too many begins, as for a '('.
                        self.pos += 1;
                        return Err(self.too_deep());
                    }
                    depth += 1;
                }
                '}' | ']' | ')' | '>' => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                ',' if depth == 0 => break,
                c if c.is_whitespace() && depth == 0 => break,
                // a '+' between summands; '+-' (plus-or-minus) belongs to the value
                '+' if depth == 0
                    && self.pos > start
                    && !self.text[self.pos..].starts_with("+-") =>
                {
                    break
                }
                // a '-' between summands; '+-' keeps its '-'
                '-' if depth == 0 && self.pos > start && !self.text[..self.pos].ends_with('+') => {
                    break
                }
                _ => {}
            }
            self.pos += c.len_utf8();
        }
        if depth > 0 {
            return Err(SyntaxError {
                at: start,
                found: format!("'{}' with an unclosed bracket", &self.text[start..self.pos]),
                expected: "a value whose brackets close, like {1|0} or ^[2]".into(),
            });
        }
        let span = Span {
            start,
            end: self.pos,
        };
        Ok(Term {
            name: "value".into(),
            name_span: span,
            params: None,
            args: None,
            span,
            literal: Some(self.text[start..self.pos].to_string()),
            negated: false,
            group: None,
        })
    }

    fn params(&mut self) -> Result<Vec<Vec<Item>>, SyntaxError> {
        let mut groups = vec![Vec::new()];
        loop {
            self.skip_ws();
            if groups.len() == 1 && groups[0].is_empty() && self.eat(']') {
                return Ok(vec![]);
            }
            let item = self.item()?;
            groups.last_mut().expect("never empty").push(item);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(';') => {
                    self.pos += 1;
                    groups.push(Vec::new());
                }
                Some(']') => {
                    self.pos += 1;
                    return Ok(groups);
                }
                _ => return Err(self.error("',', ';' or ']'")),
            }
        }
    }

    fn item(&mut self) -> Result<Item, SyntaxError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let dx = self.int_value()?;
                self.expect(',', "',' between the two steps of a move (dx,dy)")?;
                let dy = self.int_value()?;
                self.expect(')', "')' closing the move (dx,dy)")?;
                let ride = self.eat('*');
                Ok(Item::Vector {
                    dx,
                    dy,
                    ride,
                    span: Span {
                        start,
                        end: self.pos,
                    },
                })
            }
            // a number, or a code whose first digit is a hexadecimal letter (c.7)
            Some(c)
                if c.is_ascii_digit()
                    || c == '-'
                    || (c.is_ascii_hexdigit() && self.text[self.pos + 1..].starts_with('.'))
                    || matches!(c, '{' | '&') =>
            {
                if c == '-' || c.is_ascii_alphanumeric() {
                    self.pos += 1;
                }
                // A code's digits may carry CGSuite's marks (4!.0), and
                // after the point be CGSuite's general digits: `*`, `&n;`
                // and `{a,b+}` (whose commas and `+` belong to the code).
                let mut braces = 0usize;
                let mut amp = false;
                while let Some(c) = self.peek() {
                    // d0 may be a CGSuite digit too: {2+}!.0
                    let code = self.text[start..self.pos].contains('.') || self.pos == start;
                    let take = match c {
                        c if c.is_ascii_alphanumeric() => true,
                        '.' | '!' | '?' | '=' => true,
                        '*' | '&' | '{' if code => true,
                        ';' if amp => true,
                        '}' | ',' | '+' if braces > 0 => true,
                        _ => false,
                    };
                    if !take {
                        break;
                    }
                    match c {
                        '{' => braces += 1,
                        '}' => braces -= 1,
                        '&' => amp = true,
                        ';' => amp = false,
                        _ => {}
                    }
                    self.pos += 1;
                }
                // A code may end in a repeating part in parentheses or, as
                // CGSuite writes it, brackets: 0.1(3), 0.30(3), 0.[3].
                if self.text[start..self.pos].contains('.') {
                    let close = match self.peek() {
                        Some('(') => Some(')'),
                        Some('[') => Some(']'),
                        _ => None,
                    };
                    if let Some(end) = close.and_then(|c| self.text[self.pos..].find(c)) {
                        self.pos += end + 1;
                    }
                }
                let span = Span {
                    start,
                    end: self.pos,
                };
                Ok(Item::Number(self.text[start..self.pos].into(), span))
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let (w, span) = self.word().expect("a letter starts a word");
                Ok(Item::Word(w, span))
            }
            _ => Err(self.error("a parameter: a number, a code like 0.77, or a move like (-1,-2)")),
        }
    }

    fn int_text(&mut self) -> Option<(String, Span)> {
        self.skip_ws();
        let start = self.pos;
        if self.peek() == Some('-') {
            self.pos += 1;
        }
        let digits = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits {
            self.pos = start;
            return None;
        }
        Some((
            self.text[start..self.pos].into(),
            Span {
                start,
                end: self.pos,
            },
        ))
    }

    fn int_value(&mut self) -> Result<i64, SyntaxError> {
        let at = self.pos;
        let (text, _) = self.int_text().ok_or_else(|| self.error("an integer"))?;
        text.parse().map_err(|_| SyntaxError {
            at,
            found: text,
            expected: "an integer between -2^63 and 2^63-1".into(),
        })
    }

    fn args(&mut self) -> Result<Vec<Arg>, SyntaxError> {
        let mut args = Vec::new();
        if self.eat(')') {
            return Ok(args);
        }
        loop {
            self.skip_ws();
            let arg = match self.peek() {
                Some('"') => {
                    let start = self.pos;
                    self.pos += 1;
                    let body = self.pos;
                    while let Some(c) = self.peek() {
                        if c == '"' {
                            break;
                        }
                        self.pos += c.len_utf8();
                    }
                    if self.peek() != Some('"') {
                        return Err(SyntaxError {
                            at: start,
                            found: "a string that is never closed".into(),
                            expected: "a closing '\"'".into(),
                        });
                    }
                    let s = self.text[body..self.pos].to_string();
                    self.pos += 1;
                    Arg::Str(
                        s,
                        Span {
                            start,
                            end: self.pos,
                        },
                    )
                }
                Some(c)
                    if c.is_ascii_digit()
                        || (c == '-'
                            && self.text[self.pos + 1..]
                                .starts_with(|c: char| c.is_ascii_digit())) =>
                {
                    let start = self.pos;
                    let (text, span) = self.int_text().ok_or_else(|| self.error("an integer"))?;
                    // `0` followed by '+' may start an expression like `0 + nim(1)`;
                    // plain integers are far more common, so only digits-then-letters is an error,
                    // but for a value that juxtaposes downs or Tiny/Miny (`2v*`, `2Tiny(2)`).
                    let rest = &self.text[self.pos..];
                    let value_goes_on = rest.starts_with("Tiny(")
                        || rest.starts_with("Miny(")
                        || rest.starts_with('v');
                    if !value_goes_on
                        && matches!(self.peek(), Some(c) if c.is_ascii_alphabetic() || c == '.')
                    {
                        self.pos = start;
                        return Err(self.error("an integer (a whole number like 3 or 12)"));
                    }
                    // A number that goes on (`0 + nim(1)`, `1/2*`, `2^`) is a
                    // game written as a value: read the whole expression.
                    let after = self.pos;
                    self.skip_ws();
                    if matches!(self.peek(), Some(c) if c != ',' && c != ')') {
                        self.pos = start;
                        Arg::Expr(self.expr()?)
                    } else {
                        self.pos = after;
                        Arg::Int(text, span)
                    }
                }
                Some('[') => {
                    let start = self.pos;
                    self.pos += 1;
                    let groups = self.params()?;
                    if groups.len() > 1 {
                        return Err(SyntaxError {
                            at: start,
                            found: "';' inside a list argument".into(),
                            expected: "a list like [1,2]".into(),
                        });
                    }
                    Arg::List(
                        groups.into_iter().next().unwrap_or_default(),
                        Span {
                            start,
                            end: self.pos,
                        },
                    )
                }
                Some(c) if c.is_ascii_alphabetic() || "(-{^*+".contains(c) => {
                    Arg::Expr(self.expr()?)
                }
                _ => {
                    return Err(
                        self.error("an argument: an integer, a \"string\", a [list] or a game")
                    )
                }
            };
            args.push(arg);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    return Ok(args);
                }
                _ => return Err(self.error("',' or ')'")),
            }
        }
    }
}

/// Renders an error under the text it concerns, with a caret at the offending column.
pub fn caret(text: &str, at: usize) -> String {
    let col = text[..at.min(text.len())].chars().count();
    format!("  {text}\n  {}^", " ".repeat(col))
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sums_params_and_args() {
        let e =
            parse_expr("nim(3,5,7) + octal[0.137](12) + piece[(-2,1),(1,-2)*; 8](3,4)").unwrap();
        assert_eq!(e.terms.len(), 3);
        assert_eq!(e.terms[0].name, "nim");
        assert_eq!(e.terms[0].args.as_ref().unwrap().len(), 3);
        let p = e.terms[2].params.as_ref().unwrap();
        assert_eq!(p.len(), 2);
        assert!(matches!(
            p[0][1],
            Item::Vector {
                dx: 1,
                dy: -2,
                ride: true,
                ..
            }
        ));
        assert!(matches!(&p[1][0], Item::Number(s, _) if s == "8"));
        assert!(
            matches!(&e.terms[1].params.as_ref().unwrap()[0][0], Item::Number(s, _) if s == "0.137")
        );
    }

    #[test]
    fn nested_expressions_and_strings() {
        let e = parse_expr("misere(nim(1,2) + kayles(3))").unwrap();
        assert!(
            matches!(&e.terms[0].args.as_ref().unwrap()[0], Arg::Expr(x) if x.terms.len() == 2)
        );
        let e = parse_expr("domineering(\"..|..\")").unwrap();
        assert!(matches!(&e.terms[0].args.as_ref().unwrap()[0], Arg::Str(s, _) if s == "..|.."));
    }

    #[test]
    fn errors_point_at_the_problem() {
        let err = parse_expr("nim(3,").unwrap_err();
        assert_eq!(err.at, 6);
        assert!(err.expected.contains("argument"), "{err}");
        let err = parse_expr("nim(3) +").unwrap_err();
        assert_eq!(err.at, 8);
        let err = parse_expr("nim(3) nim(4)").unwrap_err();
        assert_eq!(err.at, 7);
        assert!(parse_expr("nim(3x)").is_err());
        assert!(parse_expr("piece[(1,2; 8](0,0)").is_err());
        assert!(parse_expr("ab(\"..").is_err());
        assert!(parse_expr("").is_err());
    }

    #[test]
    fn values_in_cgsuite_notation_are_literal_terms() {
        let e =
            parse_expr("{3||2*|1*} + ^* + v<2> + +-1 + 1/2 + domineering(\"..\") + *2").unwrap();
        let lits: Vec<Option<&str>> = e.terms.iter().map(|t| t.literal.as_deref()).collect();
        assert_eq!(
            lits,
            [
                Some("{3||2*|1*}"),
                Some("^*"),
                Some("v<2>"),
                Some("+-1"),
                Some("1/2"),
                None,
                Some("*2")
            ]
        );
        assert!(parse_expr("{1|0").is_err());
        let e = parse_expr("Tiny(1/2) + Miny({1|0})").unwrap();
        let lits: Vec<Option<&str>> = e.terms.iter().map(|t| t.literal.as_deref()).collect();
        assert_eq!(lits, [Some("Tiny(1/2)"), Some("Miny({1|0})")]);
        assert_eq!(parse_expr("0").unwrap().terms[0].name, "0");
    }

    /// Each summand: (negated, name, literal), with groups as "()".
    fn shape(e: &Expr) -> Vec<(bool, String, Option<String>)> {
        e.terms
            .iter()
            .map(|t| (t.negated, t.name.clone(), t.literal.clone()))
            .collect()
    }

    #[test]
    fn negation_differences_and_groups() {
        let s = |neg: bool, name: &str, lit: Option<&str>| {
            (neg, name.to_string(), lit.map(String::from))
        };
        let e = parse_expr("(nim(1) + kayles(2)) + nim(3)").unwrap();
        assert_eq!(shape(&e), [s(false, "()", None), s(false, "nim", None)]);
        let inner = e.terms[0].group.as_ref().unwrap();
        assert_eq!(
            shape(inner),
            [s(false, "nim", None), s(false, "kayles", None)]
        );
        assert_eq!((e.terms[0].span.start, e.terms[0].span.end), (0, 20));
        assert_eq!((inner.span.start, inner.span.end), (1, 19));

        let e = parse_expr("domineering(\"..|..\") - {1|0}").unwrap();
        assert_eq!(
            shape(&e),
            [
                s(false, "domineering", None),
                s(true, "value", Some("{1|0}"))
            ]
        );
        assert_eq!(e.terms[1].span.start, 23);

        let e = parse_expr("-(^ + *)").unwrap();
        assert_eq!(shape(&e), [s(true, "()", None)]);
        assert_eq!(e.terms[0].span.start, 0);
        assert_eq!(
            shape(e.terms[0].group.as_ref().unwrap()),
            [s(false, "value", Some("^")), s(false, "value", Some("*"))]
        );

        // A literal ends at a '-' between summands, but keeps its own sign and '+-'.
        let e = parse_expr("{1|0}-1/2 + -1^ - v3 + 2+-1").unwrap();
        assert_eq!(
            shape(&e),
            [
                s(false, "value", Some("{1|0}")),
                s(true, "value", Some("1/2")),
                s(false, "value", Some("-1^")),
                s(true, "value", Some("v3")),
                s(false, "value", Some("2+-1")),
            ]
        );
        // Minus signs before a name negate, an odd number of them in all.
        let e = parse_expr("- -nim(1) - -kayles(2) + - - -nim(3)").unwrap();
        assert_eq!(
            shape(&e),
            [
                s(false, "nim", None),
                s(false, "kayles", None),
                s(true, "nim", None)
            ]
        );
        assert_eq!((e.terms[0].span.start, e.terms[2].span.start), (0, 25));
        // Inside arguments.
        let e = parse_expr("misere(-(nim(1) - kayles(2)))").unwrap();
        let Some(Arg::Expr(arg)) = e.terms[0].args.as_ref().map(|a| &a[0]) else {
            panic!()
        };
        assert_eq!(shape(arg), [s(true, "()", None)]);
        assert!(
            matches!(&parse_expr("nim(-1)").unwrap().terms[0].args.as_ref().unwrap()[0], Arg::Int(t, _) if t == "-1")
        );
    }

    #[test]
    fn errors_in_the_new_syntax_point_at_the_problem() {
        let err = parse_expr("(nim(1) + kayles(2)").unwrap_err();
        assert_eq!(err.at, 19);
        assert!(
            err.expected.contains("')' closing the '(' at column 1"),
            "{err}"
        );
        let err = parse_expr("nim(1) - ").unwrap_err();
        assert_eq!(err.at, 9);
        let err = parse_expr("nim(1) -- ").unwrap_err();
        assert_eq!(err.at, 10);
        let err = parse_expr("()").unwrap_err();
        assert_eq!(err.at, 1);
        let err = parse_expr("nim(1) )").unwrap_err();
        assert_eq!(err.at, 7);
        assert!(err.expected.contains("'-'"), "{err}");
    }

    #[test]
    fn nesting_and_length_are_bounded() {
        let ok = format!(
            "{}nim(1){}",
            "(".repeat(MAX_NESTING - 1),
            ")".repeat(MAX_NESTING - 1)
        );
        assert!(parse_expr(&ok).is_ok());
        for open in ["(", "misere(", "-(", "nim(1) + ("] {
            let n = MAX_NESTING + 5;
            let text = format!("{}nim(1){}", open.repeat(n), ")".repeat(n));
            let err = parse_expr(&text).unwrap_err();
            assert_eq!(err.at, open.len() * MAX_NESTING, "{open}");
            assert!(err.to_string().contains("at most 200 levels"), "{err}");
        }
        // The brackets of a value count too.
        let n = MAX_NESTING + 5;
        let text = format!("nim(1) + {}0{}", "{".repeat(n), "|}".repeat(n));
        let err = parse_expr(&text).unwrap_err();
        assert_eq!(err.at, 9 + MAX_NESTING);
        assert!(err.to_string().contains("MAX_NESTING"), "{err}");
        // Signs are read in a loop, at any count.
        assert!(parse_expr(&format!("{}nim(1)", "- ".repeat(100_000))).is_ok());

        let long = "nim(3) + ".repeat(MAX_EXPR_LEN / 9 + 1) + "nim(3)";
        let err = parse_expr(&long).unwrap_err();
        assert_eq!(err.at, 0);
        assert!(err.to_string().contains("MAX_EXPR_LEN"), "{err}");
        assert!(parse_ruleset(&long).is_err());
    }

    #[test]
    fn rulesets_take_no_arguments() {
        assert_eq!(parse_ruleset(" kayles ").unwrap().name, "kayles");
        assert!(parse_ruleset("kayles(3)").is_err());
        assert!(parse_ruleset("kayles + nim").is_err());
    }
}
