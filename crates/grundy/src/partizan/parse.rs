//! Reading CGSuite notation.
//!
//! Grammar (whitespace is ignored between tokens):
//!
//! ```text
//! expr   := unit (("+" | "-" | "+-") unit)*      a +- b  =  a + (+-b)
//! unit   := "+-" "{" expr ("," expr)* "}"       +-{1,2} = {1,2|-1,-2} (CGSuite)
//!         | "+-" "(" expr ("," expr)* ")"       +-(1,2), the same
//!         | "+-" unit | "-" number [ups] [star] | "-" unit | atom
//! atom   := number [ups] [star]       3   1/2   1/2*   3^   2v*3
//!         | ups [star]                ^  ^^  ^3  vv  ^*  v*2  ^<2>  ^[3]  v<2>  v[3]
//!         | star                      *   *5
//!         | "{" options "}"           {3||2*|1*}   {0,*|0}   {|}
//!         | ("Tiny" | "Miny") "(" expr ")"
//!         | number ("Tiny" | "Miny") "(" expr ")"   2Tiny(2) = 2 + Tiny(2) (CGSuite)
//!         | "(" expr ")"
//! ```
//!
//! A minus sign before a number is the number's sign, as in CGSuite's
//! output: `-1^` is `-1 + ^` and `-1/2v*3` is `-1/2 + v + *3`; `-(1^)`
//! negates the whole, and a binary minus subtracts the whole next unit
//! (`2 - 1^ = 1v`, `2 + -1^ = 1^`). So every printed value reads back as
//! itself.
//!
//! Bounds, shared with the expression grammar: a text longer than
//! [`crate::language::syntax::MAX_EXPR_LEN`] bytes is refused before it is read, and nesting
//! (each bracket, brace, length of bars, sign or `Tiny(`/`Miny(` is a level)
//! deeper than [`crate::language::syntax::MAX_NESTING`] levels is an error, not a stack
//! overflow.
//!
//! `^n` is `n.^`; `^<n>` is up-nth and `^[n]` up-to-the-nth (see
//! [`Game::up_nth`], [`Game::up_to_nth`]); `v…` are their negatives. Inside
//! braces the longest run of bars splits the game; two runs of that length at
//! one level are ambiguous and rejected, as in CGSuite.

use super::dyadic::Dyadic;
use super::game::Game;
use super::Error;
use crate::language::syntax::{MAX_EXPR_LEN, MAX_NESTING};

/// A cursor over the text.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Levels of nesting open at `pos`.
    depth: usize,
}

impl Game {
    /// Parses CGSuite notation, e.g. `{3||2*|1*} + ^` or `1/2+*`.
    ///
    /// ```
    /// use grundy::partizan::Game;
    /// let g = Game::parse("{1|-1} + 1/2*").unwrap();
    /// assert_eq!(g.to_string(), "{3/2*|-1/2*}");
    /// let e = Game::parse("{1|").unwrap_err();
    /// assert!(e.to_string().contains("at 3"));
    /// ```
    ///
    /// A minus sign before a number belongs to the number, as CGSuite
    /// prints it: `-1^` is `-1 + ^`, while `-(1^)` is `-1v`.
    pub fn parse(text: &str) -> Result<Game, Error> {
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
        let g = p.expr()?;
        p.ws();
        if p.pos < text.len() {
            return Err(p.error("an operator (+, -, +-) or the end of the expression"));
        }
        Ok(g)
    }
}

/// Reads one atom of short notation starting at byte `at` of `text`: a
/// number (negative if `negative`, its `-` already read) with juxtaposed
/// ups and stars, ups, or a star. For [`crate::loopy`], which reads
/// braces, signs, names and the loopy suffixes itself and hands these
/// here; returns the game and the byte after it.
pub(crate) fn parse_short_atom(
    text: &str,
    at: usize,
    negative: bool,
) -> Result<(Game, usize), Error> {
    let mut p = Parser {
        text,
        pos: at,
        depth: 0,
    };
    let g = if negative {
        p.number_up_star(true)?
    } else {
        p.atom()?
    };
    Ok((g, p.pos))
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn ws(&mut self) {
        while let Some(c) = self.rest().chars().next() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.ws();
        self.rest().chars().next()
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

    fn expr(&mut self) -> Result<Game, Error> {
        let mut acc = self.unit()?;
        loop {
            if self.eat("+-") {
                let g = self.plus_minus()?;
                acc = acc.try_add(g)?;
            } else if self.eat("+") {
                acc = acc.try_add(self.unit()?)?;
            } else if self.eat("-") {
                acc = acc.try_sub(self.unit()?)?;
            } else {
                return Ok(acc);
            }
        }
    }

    /// After `+-`: `+-g`, or its options listed: `+-{g1, g2, …}` as
    /// CGSuite prints them, or `+-(g1, g2, …)`. A brace holding a bar at its
    /// own level is one game (`+-{1|0}`), not a list.
    fn plus_minus(&mut self) -> Result<Game, Error> {
        self.ws();
        let list = if self.rest().starts_with('{') && !self.brace_has_bar() {
            Some("}")
        } else if self.rest().starts_with('(') {
            Some(")")
        } else {
            None
        };
        if let Some(close) = list {
            self.pos += 1;
            let mut gs = vec![self.expr()?];
            while self.eat(",") {
                gs.push(self.expr()?);
            }
            self.expect(close)?;
            let negs: Vec<Game> = gs.iter().map(|g| g.neg()).collect();
            return Game::from_options(&gs, &negs);
        }
        Game::plus_minus(self.unit()?)
    }

    /// Whether the brace at the current position holds a `|` at its own
    /// level (before its closing brace).
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

    /// Opens one level of nesting at the current position, or fails
    /// naming the limit.
    fn enter(&mut self) -> Result<(), Error> {
        self.ws();
        if self.depth >= MAX_NESTING {
            return Err(Error::Parse {
                at: self.pos,
                expected: format!("at most {MAX_NESTING} levels of nesting (MAX_NESTING)"),
                found: format!(
                    "level {} at {:?}",
                    self.depth + 1,
                    self.rest().chars().next().unwrap_or(' ')
                ),
            });
        }
        self.depth += 1;
        Ok(())
    }

    /// One unit, a level of nesting deeper. (The recursive functions keep
    /// their frames small, since [`MAX_NESTING`] levels of them must fit on
    /// a thread's stack even in a debug build.)
    fn unit(&mut self) -> Result<Game, Error> {
        self.enter()?;
        let g = if self.eat("+-") {
            self.plus_minus()
        } else if self.eat("-") {
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                // CGSuite's `-1^` is -1 + ^: the sign is the number's.
                self.number_up_star(true)
            } else {
                self.unit().map(Game::neg)
            }
        } else {
            self.atom()
        };
        self.depth -= 1;
        g
    }

    fn integer(&mut self) -> Option<u64> {
        self.ws();
        let digits: &str = &self.rest()[..self
            .rest()
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.rest().len())];
        if digits.is_empty() {
            return None;
        }
        let v = digits.parse().ok();
        if v.is_some() {
            self.pos += digits.len();
        }
        v
    }

    fn atom(&mut self) -> Result<Game, Error> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => self.number_up_star(false),
            Some('^') | Some('v') => self.ups_star(),
            Some('*') => self.star_suffix(),
            Some('{') => {
                self.pos += 1;
                self.braces()
            }
            Some('(') => self.bracketed(0),
            Some('T') if self.rest().starts_with("Tiny") => self.bracketed(4).and_then(Game::tiny),
            Some('M') if self.rest().starts_with("Miny") => self.bracketed(4).and_then(Game::miny),
            _ => Err(self.error("a game: a number, ^, v, *, {…|…}, Tiny(…), Miny(…), +-… or (…)")),
        }
    }

    /// `( expr )` after a name of `skip` bytes.
    fn bracketed(&mut self, skip: usize) -> Result<Game, Error> {
        self.pos += skip;
        self.expect("(")?;
        let g = self.expr()?;
        self.expect(")")?;
        Ok(g)
    }

    /// Ups, then a star: `^`, `vv*`, `^<2>*3`.
    fn ups_star(&mut self) -> Result<Game, Error> {
        let u = self.ups_suffix()?;
        let s = self.star_suffix()?;
        u.try_add(s)
    }

    /// A number, negative if `negative`, with juxtaposed ups and stars:
    /// `1/2*`, `3^`, `2v*3`.
    fn number_up_star(&mut self, negative: bool) -> Result<Game, Error> {
        let n = self
            .integer()
            .ok_or_else(|| self.error("an integer that fits in 64 bits"))?;
        let n = i64::try_from(n).map_err(|_| Error::Overflow {
            operation: "integer literal",
        })?;
        // `n <= i64::MAX`, so its negative fits.
        let n = if negative { -n } else { n };
        let mut x = Dyadic::integer(n)?;
        if self.rest().starts_with('/') {
            self.pos += 1;
            let at = self.pos;
            let d = self.integer().ok_or_else(|| self.error("a denominator"))?;
            if d == 0 || !d.is_power_of_two() {
                self.pos = at;
                return Err(
                    self.error("a denominator that is a power of two (games' numbers are dyadic)")
                );
            }
            x = Dyadic::new(n, d.trailing_zeros())?;
        }
        let g = Game::number(x);
        // CGSuite writes a number plus Tiny or Miny juxtaposed: `2Tiny(2)`.
        if self.rest().starts_with("Tiny(") {
            return g.try_add(self.bracketed(4).and_then(Game::tiny)?);
        }
        if self.rest().starts_with("Miny(") {
            return g.try_add(self.bracketed(4).and_then(Game::miny)?);
        }
        let ups = self.ups_suffix()?;
        let star = self.star_suffix()?;
        g.try_add(ups)?.try_add(star)
    }

    /// `^`, `^^…`, `^n`, `^<n>`, `^[n]` and the `v` forms; `0` if absent.
    fn ups_suffix(&mut self) -> Result<Game, Error> {
        let sign = match self.rest().chars().next() {
            Some('^') => 1,
            Some('v') => -1,
            _ => return Ok(Game::zero()),
        };
        let ch = if sign > 0 { '^' } else { 'v' };
        let mut count: i64 = 0;
        while self.rest().starts_with(ch) {
            self.pos += 1;
            count += 1;
        }
        let g = if count == 1 && self.rest().starts_with('<') {
            self.pos += 1;
            let n = self.small("the n of ^<n>")?;
            self.expect(">")?;
            Game::up_nth(n)?
        } else if count == 1 && self.rest().starts_with('[') {
            self.pos += 1;
            let n = self.small("the n of ^[n]")?;
            self.expect("]")?;
            Game::up_to_nth(n)?
        } else if count == 1 && self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            let n = self
                .integer()
                .ok_or_else(|| self.error("a multiple of ^"))?;
            Game::up_multiple(i64::try_from(n).map_err(|_| Error::Overflow {
                operation: "up multiple",
            })?)?
        } else {
            Game::up_multiple(count)?
        };
        Ok(if sign < 0 { g.neg() } else { g })
    }

    fn small(&mut self, what: &str) -> Result<u32, Error> {
        let at = self.pos;
        match self.integer().and_then(|n| u32::try_from(n).ok()) {
            Some(n) if n >= 1 => Ok(n),
            _ => {
                self.pos = at;
                Err(self.error(&format!("{what}: an integer from 1 to 2^32 - 1")))
            }
        }
    }

    /// `*` or `*n`; `0` if absent.
    fn star_suffix(&mut self) -> Result<Game, Error> {
        if !self.rest().starts_with('*') {
            return Ok(Game::zero());
        }
        self.pos += 1;
        let n = if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            self.integer().ok_or_else(|| self.error("a nimber size"))?
        } else {
            1
        };
        if n > super::game::MAX_NIMBER_LITERAL {
            return Err(Error::Domain {
                operation: "nimber literal",
                reason: format!(
                    "*{n} is above the limit *{} for written nimbers",
                    super::game::MAX_NIMBER_LITERAL
                ),
            });
        }
        Game::nimber(n)
    }

    /// The inside of `{…}` after the opening brace, up to and including `}`.
    fn braces(&mut self) -> Result<Game, Error> {
        // A flat sequence: list (bars list)*, then split at the longest bars.
        let mut lists: Vec<Vec<Game>> = Vec::new();
        let mut bars: Vec<(usize, usize)> = Vec::new(); // (length, text position)
        loop {
            let mut list = Vec::new();
            if !matches!(self.peek(), Some('|' | '}')) {
                list.push(self.expr()?);
                while self.eat(",") {
                    list.push(self.expr()?);
                }
            }
            lists.push(list);
            if !self.bars_or_close(&mut bars)? {
                return self.split_braces(&lists, &bars);
            }
        }
    }

    /// After a list of options: a run of bars (true) or the closing brace (false).
    fn bars_or_close(&mut self, bars: &mut Vec<(usize, usize)>) -> Result<bool, Error> {
        self.ws();
        if self.rest().starts_with('|') {
            let at = self.pos;
            let n = self.rest().chars().take_while(|&c| c == '|').count();
            self.pos += n;
            bars.push((n, at));
            Ok(true)
        } else if self.eat("}") {
            Ok(false)
        } else {
            Err(self.error("',', a run of '|' or '}'"))
        }
    }

    /// The game of the lists and bars read inside one pair of braces.
    fn split_braces(&self, lists: &[Vec<Game>], bars: &[(usize, usize)]) -> Result<Game, Error> {
        if bars.is_empty() {
            return Err(self.error_at(
                self.pos - 1,
                "a '|' between Left's and Right's options before '}'",
            ));
        }
        split(lists, bars, self.depth).map_err(|(at, msg)| self.error_at(at, &msg))
    }

    fn error_at(&self, at: usize, expected: &str) -> Error {
        Error::Parse {
            at,
            expected: expected.to_string(),
            found: self.text[at..]
                .chars()
                .next()
                .map_or("end of input".into(), |c| format!("{c:?}")),
        }
    }
}

/// Builds the game of `lists[0] bars[0] lists[1] … lists[n]`; each level
/// of bars below the longest is a level of nesting, `depth` of which are
/// already open.
fn split(
    lists: &[Vec<Game>],
    bars: &[(usize, usize)],
    depth: usize,
) -> Result<Game, (usize, String)> {
    if bars.is_empty() {
        // A single list standing for one option.
        return match lists[0].as_slice() {
            [g] => Ok(*g),
            _ => Err((0, "exactly one game between bars".into())),
        };
    }
    let longest = bars.iter().map(|b| b.0).max().unwrap_or(1);
    let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == longest).collect();
    if at.len() > 1 {
        return Err((
            bars[at[1]].1,
            format!(
                "a bar shorter or longer than the other {longest}-bar at {} (ambiguous)",
                bars[at[0]].1
            ),
        ));
    }
    let i = at[0];
    if depth >= MAX_NESTING {
        return Err((
            bars[i].1,
            format!("at most {MAX_NESTING} levels of nesting (MAX_NESTING), counting each length of bars as a level"),
        ));
    }
    let side = |ls: &[Vec<Game>], bs: &[(usize, usize)]| -> Result<Vec<Game>, (usize, String)> {
        if bs.is_empty() {
            Ok(ls[0].clone())
        } else {
            Ok(vec![split(ls, bs, depth + 1)?])
        }
    };
    let left = side(&lists[..=i], &bars[..i])?;
    let right = side(&lists[i + 1..], &bars[i + 1..])?;
    Game::from_options(&left, &right).map_err(|e| (bars[i].1, e.to_string()))
}
