//! Positions with free integer variables: `cutcake(x,y)` stands for every
//! Cutcake rectangle, `subtraction(n, [1,2], [2,3])` for every heap of a
//! partizan subtraction game. `table` fills `x` and `y`, `seq` fills `n`.
//!
//! A variable is a bare name (`x`) standing where a game takes an argument.
//! Each position of the family is the text with the variables written as
//! numbers, read by the same reader as any other position: a template adds
//! no rules of its own.

use crate::language::registry::Registry;
use crate::language::syntax::{self, Arg, Expr, Item, Span};

/// A family of positions: a text with holes where its variables stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    text: String,
    /// Where each variable stands, and which of `vars` it is, in order.
    holes: Vec<(Span, usize)>,
    vars: Vec<&'static str>,
}

/// Why a text is not a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TemplateError {
    /// The text does not read as an expression at all.
    Syntax(syntax::SyntaxError),
    /// It reads, but no variable stands in it.
    NoVariable,
}

impl Template {
    /// Reads `text` as a family over `vars` (`["x", "y"]`, `["n"]`). A bare
    /// game name of the registry stands for the game with the variables as
    /// its arguments (`cutcake` is `cutcake(x,y)`).
    ///
    /// ```
    /// use grundy::language::{registry::Registry, template::Template};
    /// let t = Template::read("cutcake", &["x", "y"], Registry::builtin()).unwrap();
    /// assert_eq!(t.at(&[2, 3]), "cutcake(2,3)");
    /// let t = Template::read("subtraction(n, [1], [2]) + nim(n)", &["n"], Registry::builtin())
    ///     .unwrap();
    /// assert_eq!(t.at(&[4]), "subtraction(4, [1], [2]) + nim(4)");
    /// ```
    pub fn read(
        text: &str,
        vars: &[&'static str],
        reg: &Registry,
    ) -> Result<Template, TemplateError> {
        let trimmed = text.trim();
        let is_name = !trimmed.is_empty()
            && trimmed
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_name && reg.lookup(trimmed).is_some() {
            let spelled = format!("{trimmed}({})", vars.join(","));
            return Template::read(&spelled, vars, reg);
        }
        let expr = syntax::parse_expr(text).map_err(TemplateError::Syntax)?;
        let mut holes = Vec::new();
        collect(&expr, vars, &mut holes);
        if holes.is_empty() {
            return Err(TemplateError::NoVariable);
        }
        holes.sort_by_key(|(s, _)| s.start);
        Ok(Template {
            text: text.to_string(),
            holes,
            vars: vars.to_vec(),
        })
    }

    /// The position with each variable written as its number (`values` in
    /// the order of the `vars` the template was read with).
    pub fn at(&self, values: &[u64]) -> String {
        let mut out = String::with_capacity(self.text.len() + 8 * self.holes.len());
        let mut from = 0;
        for (span, var) in &self.holes {
            out.push_str(&self.text[from..span.start]);
            out.push_str(&values[*var].to_string());
            from = span.end;
        }
        out.push_str(&self.text[from..]);
        out
    }

    /// The variables that stand in the text (some of `vars` may not).
    pub fn used(&self) -> Vec<&'static str> {
        let mut used: Vec<&'static str> = self.holes.iter().map(|(_, v)| self.vars[*v]).collect();
        used.sort_unstable();
        used.dedup();
        used
    }

    /// The text as written (a bare name spelled out: `cutcake(x,y)`).
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The variables of `expr`: arguments that are a bare name of `vars`, and
/// such names among the items of a list or of bracketed parameters
/// (`subtraction(x, [1,2], [y])`, `sub[1,y](x)`).
fn collect(expr: &Expr, vars: &[&str], holes: &mut Vec<(Span, usize)>) {
    let items = |list: &[Item], holes: &mut Vec<(Span, usize)>| {
        for item in list {
            if let Item::Word(name, span) = item {
                if let Some(i) = vars.iter().position(|v| v == name) {
                    holes.push((*span, i));
                }
            }
        }
    };
    for term in &expr.terms {
        if let Some(group) = &term.group {
            collect(group, vars, holes);
        }
        for group in term.params.iter().flatten() {
            items(group, holes);
        }
        for arg in term.args.iter().flatten() {
            match arg {
                Arg::Expr(inner) => match variable(inner, vars) {
                    Some(i) => holes.push((inner.span, i)),
                    None => collect(inner, vars, holes),
                },
                Arg::List(list, _) => items(list, holes),
                Arg::Int(..) | Arg::Str(..) => {}
            }
        }
    }
}

/// Which of `vars` the argument `expr` is, when it is a bare name alone.
fn variable(expr: &Expr, vars: &[&str]) -> Option<usize> {
    match expr.terms.as_slice() {
        [t] if !t.negated
            && t.args.is_none()
            && t.params.is_none()
            && t.literal.is_none()
            && t.group.is_none() =>
        {
            vars.iter().position(|v| *v == t.name)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, vars: &[&'static str]) -> Result<Template, TemplateError> {
        Template::read(text, vars, Registry::builtin())
    }

    #[test]
    fn variables_are_filled_where_they_stand() {
        let t = read("cutcake(x, y) + cutcake(y,x)", &["x", "y"]).unwrap();
        assert_eq!(t.at(&[1, 20]), "cutcake(1, 20) + cutcake(20,1)");
        assert_eq!(t.used(), ["x", "y"]);
        let t = read("misere(nim(n, 3))", &["n"]).unwrap();
        assert_eq!(t.at(&[7]), "misere(nim(7, 3))");
        let t = read("subtraction(x, [1,y], [y])", &["x", "y"]).unwrap();
        assert_eq!(t.at(&[9, 4]), "subtraction(9, [1,4], [4])");
        let t = read("sub[1,y](x)", &["x", "y"]).unwrap();
        assert_eq!(t.at(&[9, 4]), "sub[1,4](9)");
    }

    #[test]
    fn a_bare_name_takes_the_variables_as_arguments() {
        assert_eq!(read("cutcake", &["x", "y"]).unwrap().text(), "cutcake(x,y)");
        assert_eq!(read("kayles", &["n"]).unwrap().at(&[5]), "kayles(5)");
    }

    #[test]
    fn texts_without_variables_are_not_templates() {
        assert_eq!(
            read("cutcake(2,3)", &["x", "y"]),
            Err(TemplateError::NoVariable)
        );
        // A name that is not a variable of this family is not a hole.
        assert_eq!(read("nim(n)", &["x", "y"]), Err(TemplateError::NoVariable));
        // Negated or decorated names are not variables.
        assert_eq!(read("nim(-x)", &["x"]), Err(TemplateError::NoVariable));
        assert!(matches!(
            read("nim(", &["x"]),
            Err(TemplateError::Syntax(_))
        ));
    }
}
