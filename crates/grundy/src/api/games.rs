//! `games`: every game the registry knows, with how to write it.

use std::fmt;

use serde::Serialize;

use super::Session;
use crate::component::spec::{GameKind, Picture};

/// One game of the registry.
#[derive(Clone, Debug, Serialize)]
pub struct GameEntry {
    /// A position written as `value` reads it.
    pub example: &'static str,
    /// Impartial or partizan.
    pub kind: GameKind,
    /// Its name in expressions.
    pub name: &'static str,
    /// How the page draws and edits a position.
    pub picture: Picture,
    /// Whether `seq`, `table` and `verify` take it without a position.
    pub ruleset: bool,
    /// The file a scripted game comes from.
    pub script: Option<String>,
    /// One line of what it is.
    pub summary: &'static str,
}

/// The answer of `games`: the registry's games (serialised as a list).
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct GamesAnswer {
    /// Every game, built in and scripted.
    pub games: Vec<GameEntry>,
}

/// Every game `session` knows.
pub fn games(session: &Session) -> GamesAnswer {
    let registry = &session.registry;
    let scripted = |name: &str| registry.script(name).map(|g| g.path().to_string());
    GamesAnswer {
        games: registry
            .games()
            .iter()
            .map(|g| GameEntry {
                name: g.name,
                kind: g.kind,
                example: g.example,
                summary: g.summary,
                ruleset: g.ruleset.is_some() || scripted(g.name).is_some(),
                script: scripted(g.name),
                picture: g.picture,
            })
            .collect(),
    }
}

/// The text `grundy games` prints: the games by kind, the functions and
/// the operators.
impl fmt::Display for GamesAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in [GameKind::Impartial, GameKind::Partizan] {
            writeln!(f, "{kind} games:")?;
            let of_kind = || self.games.iter().filter(move |g| g.kind == kind);
            let width = of_kind()
                .map(|g| g.example.chars().count())
                .max()
                .unwrap_or(0);
            for g in of_kind() {
                let from = g
                    .script
                    .as_ref()
                    .map(|p| format!(" (from {p})"))
                    .unwrap_or_default();
                writeln!(f, "  {:width$}  {}{from}", g.example, g.summary)?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "functions (CGSuite's analysis of partizan values; G, H, U, s, t are games):"
        )?;
        let width = crate::language::functions::FUNCTIONS
            .iter()
            .map(|f| f.example.chars().count())
            .max()
            .unwrap_or(0);
        for func in crate::language::functions::FUNCTIONS {
            writeln!(
                f,
                "  {:width$}  {}: {}",
                func.example,
                func.usage(),
                func.summary
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "variants (CGSuite's ruleset variants, of any game or sum G):"
        )?;
        let width = crate::games::variant::Variant::ALL
            .iter()
            .map(|v| v.example().chars().count())
            .max()
            .unwrap_or(0);
        for v in crate::games::variant::Variant::ALL {
            writeln!(
                f,
                "  {:width$}  {}(G): {} (also {})",
                v.example(),
                v.name(),
                v.summary(),
                v.aliases().join(", ")
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "operators: A + B (sum), misere(A), selective(A, B, ...), not_all(...), conjunctive(...), \
             continued_conjunctive(...), 0 (no moves)"
        )
    }
}
