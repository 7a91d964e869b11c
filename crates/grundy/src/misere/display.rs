//! CGSuite's notation for misère canonical forms, printed and read.
//!
//! Printed: `*[...]` around one of
//! - a digit string `n` for the Nim heap `*n` (`&10;` for a heap of 10 or
//!   more, as CGSuite writes it in plain text);
//! - the options written one after another, the last in canonical order
//!   first, each in parentheses when it is not a heap or a shorthand
//!   (`*[42]` has options `*4` and `*2`; `*[(2#1)2##]`);
//! - `X#` for the game whose only option is `X`;
//! - `X` followed by a subscript, in brackets in plain text: `X[n]` is
//!   `X + *n` and `X[-n]` is the game that gives `X` when `*n` is added to
//!   it, used when the shorter form is born earlier; an odd form `X + *1`
//!   with no shorter reading is `X[1]`. Subscripts read left to right:
//!   `2[#2#]` is `{*2 + 2#}`.
//!
//! Read: `*[a, b, ...]` with each entry an integer (a Nim heap), a list
//! `[...]` (the game with those options), another `*[...]`, or a sum of
//! such games with `+`; a single entry stands for itself (`*[4]` is `*4`,
//! `*[[4]]` is `{*4}`), as in CGSuite's input. The printed notation reads
//! back too ([`Parser::whole_printed`]); the two differ only on strings of
//! digits (`*[42]`: typed, the heap `*42`; printed, `{*4,*2}`), so a text is
//! read as printed when it can only be that ([`is_printed_notation`]), and
//! a form whose printed notation is a string of digits is written
//! `*[4,2]` where it must read back ([`input_notation`]).

use super::canonical::{Id, Meter, Store};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

/// The plain-text notation of `g`, within `budget` for the sums and
/// differences the shorthand needs; without the shorthand of sums with
/// Nim heaps if the budget runs out (the form is still exact).
pub(crate) fn notation(store: &mut Store, g: Id, budget: &Budget) -> String {
    let mut printer = Printer {
        store,
        meter: Meter::new(budget),
        parts: true,
        out: String::new(),
    };
    if printer.top(g).is_err() && printer.out.len() <= MAX_WRITTEN {
        printer.parts = false;
        printer.out.clear();
        // Printing without parts makes no forms: only the length stops it.
        let _ = printer.top(g);
    }
    if printer.out.len() > MAX_WRITTEN {
        return format!(
            "<a misère form of birthday {} whose written form is longer than {} MiB>",
            printer.store.birthday(g),
            MAX_WRITTEN >> 20
        );
    }
    printer.out
}

/// The longest written form: a tree written out can be exponentially
/// longer than the shared form it is (a Kayles heap of 60).
pub(crate) const MAX_WRITTEN: usize = 1 << 20;

struct Printer<'s, 'b> {
    store: &'s mut Store,
    meter: Meter<'b>,
    parts: bool,
    out: String,
}

fn digit(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else {
        out.push_str(&format!("&{n};"));
    }
}

impl Printer<'_, '_> {
    fn top(&mut self, g: Id) -> Result<(), LimitError> {
        self.out.push_str("*[");
        let mut sub = false;
        self.item(g, false, &mut sub)?;
        if sub {
            self.out.push(']');
        }
        self.out.push(']');
        Ok(())
    }

    /// Writes `g`. `sub` says on entry that a subscript follows (so a
    /// heap's digit or a parenthesised list opens the bracket) and on exit
    /// that a bracket was opened, for the caller to close.
    fn item(&mut self, g: Id, paren: bool, sub: &mut bool) -> Result<(), LimitError> {
        if self.out.len() > MAX_WRITTEN {
            return Err(LimitError::Cancelled {
                what: "writing a misère form longer than the limit".into(),
            });
        }
        let b = self.store.birthday(g);
        if self.store.is_nim_heap(g) {
            digit(&mut self.out, b);
            if *sub {
                self.out.push('[');
            }
            return Ok(());
        }
        if self.parts {
            let mut i = g.0 % 2 + 2;
            while i < b {
                let heap = self.store.nimber(i, &mut self.meter)?;
                if let Some(d) = self.store.subtract(g, heap, &mut self.meter)? {
                    if self.store.birthday(d) < b {
                        *sub = true;
                        self.item(d, true, sub)?;
                        digit(&mut self.out, i);
                        return Ok(());
                    }
                }
                let s = self.store.add(g, heap, &mut self.meter)?;
                if self.store.birthday(s) < b {
                    *sub = true;
                    self.item(s, true, sub)?;
                    self.out.push('-');
                    digit(&mut self.out, i);
                    return Ok(());
                }
                i += 2;
            }
            if g.0 % 2 == 1 {
                *sub = true;
                self.item(g.even(), true, sub)?;
                self.out.push('1');
                return Ok(());
            }
        }
        let opts = self.store.options(g).to_vec();
        if let [only] = opts[..] {
            self.item(only, true, sub)?;
            self.out.push('#');
            return Ok(());
        }
        let outer = *sub;
        if paren {
            self.out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut s = false;
            self.item(o, true, &mut s)?;
            if s {
                self.out.push(']');
            }
        }
        if paren {
            self.out.push(')');
        }
        *sub = outer;
        if outer {
            self.out.push('[');
        }
        Ok(())
    }
}

/// Why a text is not a misère form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// Where (1-based, in characters).
    pub column: usize,
    /// What was wrong and what would be accepted.
    pub message: String,
}

/// A parsed entry before it becomes a form.
enum Entry {
    Heap(u32),
    List(Vec<Id>),
    Form(Id),
}

/// The largest Nim heap a text may name.
pub const MAX_HEAP_LITERAL: u32 = 4096;
/// The deepest nesting a text may have.
const MAX_NESTING: usize = 200;

pub(crate) struct Parser<'t, 's, 'b> {
    text: &'t [char],
    at: usize,
    store: &'s mut Store,
    meter: Meter<'b>,
    depth: usize,
}

pub(crate) enum Failure {
    Syntax(ParseError),
    Limit(LimitError),
}

impl From<LimitError> for Failure {
    fn from(e: LimitError) -> Failure {
        Failure::Limit(e)
    }
}

impl<'t, 's, 'b> Parser<'t, 's, 'b> {
    pub(crate) fn new(text: &'t [char], store: &'s mut Store, budget: &'b Budget) -> Self {
        Parser {
            text,
            at: 0,
            store,
            meter: Meter::new(budget),
            depth: 0,
        }
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, Failure> {
        Err(Failure::Syntax(ParseError {
            column: self.at + 1,
            message: message.into(),
        }))
    }

    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.text.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// The whole text: one form.
    pub(crate) fn whole(&mut self) -> Result<Id, Failure> {
        let g = self.sum()?;
        self.skip_space();
        if self.at < self.text.len() {
            return self.fail("unexpected text after the form; expected `+` or the end");
        }
        Ok(g)
    }

    /// `A + B + ...` of forms.
    fn sum(&mut self) -> Result<Id, Failure> {
        let mut total = self.form()?;
        while self.eat('+') {
            let next = self.form()?;
            total = self.store.add(total, next, &mut self.meter)?;
        }
        Ok(total)
    }

    /// `*[...]`.
    fn form(&mut self) -> Result<Id, Failure> {
        if !self.eat('*') {
            return self.fail("expected a misère form `*[...]`");
        }
        if !self.eat('[') {
            return self.fail("expected `[` after `*`");
        }
        let entries = self.list()?;
        Ok(match entries {
            mut one if one.len() == 1 => match one.pop().expect("one entry") {
                Entry::Heap(n) => self.store.nimber(n, &mut self.meter)?,
                Entry::List(opts) => self.store.construct(opts, &mut self.meter)?,
                Entry::Form(g) => g,
            },
            many => {
                let opts = self.values(many)?;
                self.store.construct(opts, &mut self.meter)?
            }
        })
    }

    fn values(&mut self, entries: Vec<Entry>) -> Result<Vec<Id>, Failure> {
        entries
            .into_iter()
            .map(|e| {
                Ok(match e {
                    Entry::Heap(n) => self.store.nimber(n, &mut self.meter)?,
                    Entry::List(opts) => self.store.construct(opts, &mut self.meter)?,
                    Entry::Form(g) => g,
                })
            })
            .collect()
    }

    /// The entries up to and with the closing `]`.
    fn list(&mut self) -> Result<Vec<Entry>, Failure> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.fail(format!("nested more than {MAX_NESTING} levels deep"));
        }
        let mut entries = Vec::new();
        if !self.eat(']') {
            loop {
                entries.push(self.entry()?);
                if self.eat(']') {
                    break;
                }
                if !self.eat(',') {
                    return self.fail("expected `,` or `]`");
                }
            }
        }
        self.depth -= 1;
        Ok(entries)
    }

    /// An integer, a list, or a sum of forms.
    fn entry(&mut self) -> Result<Entry, Failure> {
        self.skip_space();
        match self.text.get(self.at) {
            Some(c) if c.is_ascii_digit() => {
                let start = self.at;
                while self.text.get(self.at).is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits: String = self.text[start..self.at].iter().collect();
                match digits.parse::<u32>() {
                    Ok(n) if n <= MAX_HEAP_LITERAL => {
                        if self.eat('+') {
                            self.at -= 1;
                            return self.fail("a sum adds forms: write `*[n]` for a Nim heap");
                        }
                        Ok(Entry::Heap(n))
                    }
                    _ => {
                        self.at = start;
                        self.fail(format!("Nim heaps up to {MAX_HEAP_LITERAL} are accepted"))
                    }
                }
            }
            Some('[') => {
                self.at += 1;
                let entries = self.list()?;
                Ok(Entry::List(self.values(entries)?))
            }
            Some('*') => Ok(Entry::Form(self.sum()?)),
            _ => self.fail("expected a Nim heap `n`, a list `[...]` or a form `*[...]`"),
        }
    }
}

/// CGSuite's printed (compact) notation, read back: the inverse of
/// [`notation`].
///
/// ```text
/// form    := '*' '[' item+ ']'          one item is itself; more are options
/// item    := base postfix*
/// base    := heap | '(' item+ ')'       a parenthesised list of options
/// postfix := '#'                        the game whose only option is the item
///          | '[' op* ']'                subscripts, applied left to right:
/// op      := heap                       + *n
///          | '-' heap                   the game that gives the item with *n added
///          | '#'
/// heap    := digit | '&' number ';'
/// ```
impl Parser<'_, '_, '_> {
    /// The whole text: one form in printed notation.
    pub(crate) fn whole_printed(&mut self) -> Result<Id, Failure> {
        if !self.eat('*') || !self.eat('[') {
            return self.fail("expected a misère form as CGSuite prints it, `*[...]`");
        }
        let items = self.printed_items(']')?;
        let g = match items[..] {
            [one] => one,
            _ => self.store.construct(items, &mut self.meter)?,
        };
        self.skip_space();
        if self.at < self.text.len() {
            return self.fail("unexpected text after the form");
        }
        Ok(g)
    }

    /// Items up to and with `close`; at least one.
    fn printed_items(&mut self, close: char) -> Result<Vec<Id>, Failure> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.fail(format!("nested more than {MAX_NESTING} levels deep"));
        }
        let mut items = Vec::new();
        while !self.eat(close) {
            if self.at >= self.text.len() {
                return self.fail(format!("expected `{close}`"));
            }
            items.push(self.printed_item()?);
        }
        if items.is_empty() {
            self.at -= 1;
            return self.fail("expected a Nim heap digit or `(` before the bracket closes");
        }
        self.depth -= 1;
        Ok(items)
    }

    fn printed_item(&mut self) -> Result<Id, Failure> {
        let mut g = if self.eat('(') {
            let opts = self.printed_items(')')?;
            self.store.construct(opts, &mut self.meter)?
        } else {
            let n = self.printed_heap()?;
            self.store.nimber(n, &mut self.meter)?
        };
        loop {
            if self.eat('#') {
                g = self.store.construct(vec![g], &mut self.meter)?;
            } else if self.eat('[') {
                while !self.eat(']') {
                    if self.eat('#') {
                        g = self.store.construct(vec![g], &mut self.meter)?;
                    } else if self.eat('-') {
                        let at = self.at;
                        let n = self.printed_heap()?;
                        let heap = self.store.nimber(n, &mut self.meter)?;
                        g = match self.store.subtract(g, heap, &mut self.meter)? {
                            Some(d) => d,
                            None => {
                                self.at = at;
                                return self.fail(format!(
                                    "no form gives the one before `-{n}` when *{n} is added to it"
                                ));
                            }
                        };
                    } else {
                        let n = self.printed_heap()?;
                        let heap = self.store.nimber(n, &mut self.meter)?;
                        g = self.store.add(g, heap, &mut self.meter)?;
                    }
                }
            } else {
                return Ok(g);
            }
        }
    }

    /// A digit, or `&n;` for a heap of 10 or more.
    fn printed_heap(&mut self) -> Result<u32, Failure> {
        self.skip_space();
        match self.text.get(self.at) {
            Some(c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(c.to_digit(10).expect("a digit"))
            }
            Some('&') => {
                self.at += 1;
                let start = self.at;
                while self.text.get(self.at).is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits: String = self.text[start..self.at].iter().collect();
                let n = match digits.parse::<u32>() {
                    Ok(n) if n <= MAX_HEAP_LITERAL => n,
                    _ => {
                        self.at = start;
                        return self.fail(format!(
                            "expected a Nim heap up to {MAX_HEAP_LITERAL} after `&`, as in `&12;`"
                        ));
                    }
                };
                if !self.eat(';') {
                    return self.fail("expected `;` after the heap, as in `&12;`");
                }
                Ok(n)
            }
            _ => self.fail(
                "expected a Nim heap (a digit, or `&12;` from 10 on), `(`, `#` or a subscript `[...]`",
            ),
        }
    }
}

/// Whether `text` is written in CGSuite's printed notation rather than its
/// input notation: the printed one never has commas or nested `*[`, and
/// has a `#`, `(`, `&` or a subscript bracket. A bare string of digits,
/// `*[42]`, is the input notation's heap `*42` (CGSuite prints the game
/// `{*4,*2}` the same way; [`input_notation`] writes such forms with commas).
pub(crate) fn is_printed_notation(text: &str) -> bool {
    let inner = text.trim().strip_prefix("*[").unwrap_or("");
    !inner.contains(',')
        && !inner.contains('*')
        && !inner.starts_with('[')
        && inner.contains(['#', '(', '&', '['])
}

/// The input notation of `g` when its printed notation would read back as
/// another form (a string of digits: options that are all small Nim
/// heaps), else `None`.
pub(crate) fn input_notation(printed: &str) -> Option<String> {
    let inner = printed.strip_prefix("*[")?.strip_suffix(']')?;
    (inner.len() >= 2 && inner.chars().all(|c| c.is_ascii_digit())).then(|| {
        let digits: Vec<String> = inner.chars().map(String::from).collect();
        format!("*[{}]", digits.join(","))
    })
}
