mod rules;
pub use rules::{CodeError, TakeBreak};
