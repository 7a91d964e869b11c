//! Text read into games and handed to the lower layers, for callers that
//! hold an [`Engine`] or a [`Context`] of their own rather than a
//! [`super::Session`]: the engine and the theory take validated games
//! ([`GameExpr`]), and reading text is the facade's business.

use crate::component::{Context, EvalError};
use crate::engine::{Analysis, Engine, Evaluation};
use crate::language::expr::{parse_any_in, parse_game, parse_game_in, GameExpr};
use crate::misere::{misere_canonical_sum, MisereForm};

/// Reading and evaluating text with an engine (its registry names the
/// games): `use grundy::api::ReadText;` and call `engine.evaluate(text)`.
pub trait ReadText {
    /// Reads an impartial game from `text` and evaluates it.
    fn evaluate(&mut self, text: &str) -> Result<Evaluation, EvalError>;
    /// Reads any game from `text` (impartial, partizan, loopy) and
    /// analyses it.
    fn analyse(&mut self, text: &str) -> Result<Analysis, EvalError>;
}

impl ReadText for Engine {
    fn evaluate(&mut self, text: &str) -> Result<Evaluation, EvalError> {
        let game = parse_game_in(text, self.registry())?;
        self.evaluate_game(&game)
    }

    fn analyse(&mut self, text: &str) -> Result<Analysis, EvalError> {
        let game = parse_any_in(text, self.registry())?;
        self.analyse_game(&game)
    }
}

/// The misère canonical form of the impartial sum written `text` (under
/// either play rule written): the sum of its components' forms. Compounds
/// other than the sum and partizan components are errors.
///
/// ```
/// use grundy::api::misere_form_of;
/// use grundy::component::Context;
/// use grundy::Limits;
///
/// let mut cx = Context::new(Limits::default());
/// let g = misere_form_of("grundy_game(13)", &mut cx).unwrap();
/// assert_eq!(g.genus().to_string(), "3^1431");
/// assert!(misere_form_of("domineering(\"..\")", &mut cx).is_err());
/// ```
pub fn misere_form_of(text: &str, cx: &mut Context) -> Result<MisereForm, EvalError> {
    let components = match parse_game(text)? {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c,
        GameExpr::Compound { .. } => {
            return Err(EvalError::NotImpartial(format!(
                "{text} is a compound other than the sum; misère canonical forms are of sums"
            )))
        }
    };
    let parts = components
        .into_iter()
        .map(|c| match c {
            crate::component::Component::Impartial(p) => Ok(p),
            crate::component::Component::Partizan(p) => Err(EvalError::NotImpartial(p.to_string())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    misere_canonical_sum(&parts, cx)
}
