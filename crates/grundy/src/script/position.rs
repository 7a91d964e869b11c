//! A position of a scripted game: the arguments it is written with
//! (`chomp(3,4)`, `northcott([1,4],[6,2])`, `node_kayles("ab,bc")`), as the
//! script sees them and as grundy prints and compares them.
//!
//! A position with one argument is handed to the script as that value (an
//! integer, a string, an array); a position with several as an array of
//! them. An option the script returns must have the same shape as the
//! position it came from (see [`Shape`]), so that a typo in a moves function
//! is an error at once rather than a strange value later.

use std::fmt;
use std::sync::Arc;

use rhai::{Array, Dynamic, ImmutableString};

use crate::language::syntax::{Arg, Item};

/// One argument of a position: an integer, a string, or a list of them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A whole number (heap size, coordinate), possibly negative.
    Int(i64),
    /// A string (a board, a graph written as text).
    Str(Arc<str>),
    /// A list of values (heaps, a sequence of coins).
    List(Arc<[Value]>),
}

/// The deepest list inside a list a position may hold.
pub const MAX_VALUE_DEPTH: usize = 16;

/// What a position's arguments are, without their contents: an option must
/// have the shape of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A whole number.
    Int,
    /// A string.
    Str,
    /// A list (of any length and contents).
    List,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::Int => "an integer",
            Shape::Str => "a string",
            Shape::List => "an array",
        })
    }
}

impl Value {
    /// The shape of this value.
    pub fn shape(&self) -> Shape {
        match self {
            Value::Int(_) => Shape::Int,
            Value::Str(_) => Shape::Str,
            Value::List(_) => Shape::List,
        }
    }

    /// The value as the script sees it.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Value::Int(n) => Dynamic::from_int(*n),
            Value::Str(s) => Dynamic::from(ImmutableString::from(&**s)),
            Value::List(items) => {
                Dynamic::from_array(items.iter().map(Value::to_dynamic).collect::<Array>())
            }
        }
    }

    /// The value the script returned, or what it was instead (for the error).
    pub fn from_dynamic(d: &Dynamic) -> Result<Value, String> {
        Value::from_dynamic_at(d, 0)
    }

    fn from_dynamic_at(d: &Dynamic, depth: usize) -> Result<Value, String> {
        if let Ok(n) = d.as_int() {
            return Ok(Value::Int(n));
        }
        if d.is_string() {
            let s = d
                .clone()
                .into_immutable_string()
                .map_err(|t| t.to_string())?;
            return Ok(Value::Str(Arc::from(s.as_str())));
        }
        if d.is_array() {
            if depth >= MAX_VALUE_DEPTH {
                return Err(format!("arrays nested more than {MAX_VALUE_DEPTH} deep"));
            }
            let items = d.read_lock::<Array>().ok_or("an array in use")?;
            let items: Result<Vec<Value>, String> = items
                .iter()
                .map(|i| Value::from_dynamic_at(i, depth + 1))
                .collect();
            return Ok(Value::List(items?.into()));
        }
        Err(describe(d))
    }

    /// The value of an argument as written in an expression.
    pub fn from_arg(arg: &Arg) -> Result<Value, String> {
        match arg {
            Arg::Int(text, _) => text
                .parse::<i64>()
                .map(Value::Int)
                .map_err(|_| format!("{text} is not an integer from -2^63 to 2^63-1")),
            Arg::Str(s, _) => Ok(Value::Str(Arc::from(s.as_str()))),
            Arg::List(items, _) => items
                .iter()
                .map(|item| match item {
                    Item::Number(t, _) => t
                        .parse::<i64>()
                        .map(Value::Int)
                        .map_err(|_| format!("{t} is not an integer from -2^63 to 2^63-1")),
                    _ => Err("a list holds integers, like [1,4,2]".to_string()),
                })
                .collect::<Result<Vec<Value>, String>>()
                .map(|v| Value::List(v.into())),
            Arg::Expr(_) => Err(
                "a scripted game's arguments are integers, quoted strings or lists like [1,4,2]"
                    .to_string(),
            ),
        }
    }

    /// A rough count of the bytes the value holds, for the memory limit.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Value>()
            + match self {
                Value::Int(_) => 0,
                Value::Str(s) => s.len(),
                Value::List(items) => items.iter().map(Value::bytes).sum(),
            }
    }
}

/// What a script value is, for an error that says what came back.
pub fn describe(d: &Dynamic) -> String {
    let mut text = d.to_string();
    if text.len() > 60 {
        let mut cut = 57;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("...");
    }
    format!("{text} ({})", d.type_name())
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Str(s) => write!(f, "\"{s}\""),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// A position: the arguments of its call.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Args(pub Arc<[Value]>);

impl Args {
    /// The position as the script sees it: its one argument, or an array of them.
    pub fn to_dynamic(&self) -> Dynamic {
        match &*self.0 {
            [one] => one.to_dynamic(),
            many => Dynamic::from_array(many.iter().map(Value::to_dynamic).collect()),
        }
    }

    /// The option the script returned, read with the shape of `like` (the
    /// position it is an option of).
    pub fn from_dynamic_like(d: &Dynamic, like: &Args) -> Result<Args, String> {
        let expected = || expected_shape(like);
        match &*like.0 {
            [one] => {
                let v = Value::from_dynamic(d)
                    .map_err(|what| format!("{what}, where {} was expected", expected()))?;
                if v.shape() != one.shape() {
                    return Err(format!("{v}, where {} was expected", expected()));
                }
                Ok(Args(Arc::from([v])))
            }
            many => {
                let v = Value::from_dynamic(d)
                    .map_err(|what| format!("{what}, where {} was expected", expected()))?;
                match v {
                    Value::List(items)
                        if items.len() == many.len()
                            && items.iter().zip(many).all(|(a, b)| a.shape() == b.shape()) =>
                    {
                        Ok(Args(items))
                    }
                    other => Err(format!("{other}, where {} was expected", expected())),
                }
            }
        }
    }

    /// A rough count of the bytes the position holds, for the memory limit.
    pub fn bytes(&self) -> usize {
        16 + self.0.iter().map(Value::bytes).sum::<usize>()
    }

    /// The arguments written as in a call, without the name: `3,4`.
    pub fn written(&self) -> String {
        self.0
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The shape an option of `like` must have, in words.
fn expected_shape(like: &Args) -> String {
    match &*like.0 {
        [one] => format!("{} (an option has the shape of its position)", one.shape()),
        many => format!(
            "an array of {} values [{}] (an option has the shape of its position)",
            many.len(),
            many.iter()
                .map(|v| v.shape().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: Vec<Value>) -> Args {
        Args(v.into())
    }

    #[test]
    fn one_argument_is_handed_over_alone_and_several_as_an_array() {
        let one = args(vec![Value::Int(7)]);
        assert_eq!(one.to_dynamic().as_int(), Ok(7));
        let two = args(vec![Value::Int(3), Value::Str("ab".into())]);
        let d = two.to_dynamic();
        assert!(d.is_array());
        assert_eq!(Args::from_dynamic_like(&d, &two), Ok(two.clone()));
        assert_eq!(two.written(), "3,\"ab\"");
    }

    #[test]
    fn an_option_of_the_wrong_shape_is_refused() {
        let two = args(vec![Value::Int(3), Value::Int(4)]);
        let e = Args::from_dynamic_like(&Dynamic::from_int(5), &two).unwrap_err();
        assert!(e.contains("an array of 2 values"), "{e}");
        let one = args(vec![Value::Int(3)]);
        let e = Args::from_dynamic_like(&Dynamic::from("x"), &one).unwrap_err();
        assert!(e.contains("an integer"), "{e}");
        let e = Args::from_dynamic_like(&Dynamic::UNIT, &one).unwrap_err();
        assert!(e.contains("()"), "{e}");
    }
}
